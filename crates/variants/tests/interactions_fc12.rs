//! The ten hardest fc12 rule interactions (catalog `rules/fc12.md`, section 22) as
//! property tests, one per item, named `fc12_h<N>_<item>`.
//!
//! Random play from the start almost never reaches these interactions, so every
//! property builds targeted random set-ups (a dense cluster of units of the kinds the
//! interaction needs, random death squares and paralysis timers, kings close by,
//! loaded through the fc12 FEN) and then makes a few random legal actions. At every
//! visited position the property is checked for *every* legal action (each one
//! performed on a copy), against an independent model written here (attacks,
//! protectors, guards, empower, paralysis, leap paths, jester borrowing, blasts),
//! not against the engine's own helpers. Each property also counts how often its
//! interaction really happened and fails if it happened too rarely, so a generator
//! that drifts away from the interaction cannot pass silently.
//!
//! Runs are deterministic (fixed proptest seed per test); `FROZEN_PROPTEST_SEED`
//! changes the seed and `FROZEN_PROPTEST_CASES` the number of cases of every test.

use frozen_core::{Action, ActionKind, Event, Kind, Location, Rules, Side, Square, UnitId};
use frozen_variants::fc12::{
    paralysis, turn, Fc12, Fc12Position, BISHOP, DRAGON, JESTER, KING, KNIGHT, PAWN, QUEEN, ROOK,
};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner};
use std::collections::{BTreeMap, BTreeSet};

// ---------------------------------------------------------------------------
// Running a property
// ---------------------------------------------------------------------------

fn runner(cases: u32, seed: u64) -> TestRunner {
    let cases = std::env::var("FROZEN_PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(cases);
    let seed = std::env::var("FROZEN_PROPTEST_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(seed);
    TestRunner::new(Config {
        cases,
        failure_persistence: None,
        rng_seed: RngSeed::Fixed(seed),
        max_shrink_iters: 200,
        ..Config::default()
    })
}

/// Named coverage counters: how often an interaction was met.
#[derive(Default)]
struct Seen(std::cell::RefCell<BTreeMap<&'static str, u64>>);

impl Seen {
    fn hit(&self, what: &'static str) {
        *self.0.borrow_mut().entry(what).or_default() += 1;
    }
    /// Fails unless each of `what` was met at least `min` times.
    fn require(&self, test: &str, what: &[&'static str], min: u64) {
        let m = self.0.borrow();
        eprintln!("{test}: {m:?}");
        for w in what {
            let n = m.get(w).copied().unwrap_or(0);
            assert!(
                n >= min,
                "{test}: the interaction `{w}` occurred {n} times (< {min}): the generator no longer reaches it"
            );
        }
    }
}

fn run<S: Strategy>(
    name: &str,
    cases: u32,
    seed: u64,
    strat: S,
    test: impl Fn(S::Value) -> Result<(), TestCaseError>,
) {
    if let Err(e) = runner(cases, seed).run(&strat, test) {
        panic!("{name} (seed {seed}): {e}");
    }
}

// ---------------------------------------------------------------------------
// Targeted random set-ups
// ---------------------------------------------------------------------------

const KIND_LETTERS: [char; 8] = ['P', 'N', 'B', 'R', 'D', 'Q', 'J', 'K'];

/// What a property's set-ups look like.
#[derive(Clone, Copy)]
struct Theme {
    /// Kinds of the cluster units, repeated for weight.
    kinds: &'static [Kind],
    units: (usize, usize),
    /// The cluster's half-width around its centre.
    spread: i8,
    /// The kings' distance from the centre.
    king_spread: i8,
    /// Range of the centre's file and rank (0..12 reaches the edges).
    centre: (i8, i8),
    deaths: (usize, usize),
    timers: (usize, usize),
    /// Pawns per side placed anywhere (ranks 2..11), so pawn loss stays rare.
    reserve: (usize, usize),
    walk: usize,
}

#[derive(Clone, Debug)]
struct Spec {
    black: bool,
    centre: (i8, i8),
    kings: ((i8, i8), (i8, i8)),
    units: Vec<(i8, i8, Kind, bool)>,
    deaths: Vec<(i8, i8)>,
    timers: Vec<(Index, u32)>,
    reserve: Vec<(u8, u8, bool)>,
    walk: Vec<Index>,
}

fn spec(t: Theme) -> impl Strategy<Value = Spec> {
    let s = t.spread;
    let ks = t.king_spread;
    let d = t.spread + 1;
    (
        any::<bool>(),
        (t.centre.0..t.centre.1, t.centre.0..t.centre.1),
        ((-ks..=ks, -ks..=ks), (-ks..=ks, -ks..=ks)),
        prop::collection::vec(
            (-s..=s, -s..=s, prop::sample::select(t.kinds), any::<bool>()),
            t.units.0..=t.units.1,
        ),
        prop::collection::vec((-d..=d, -d..=d), t.deaths.0..=t.deaths.1),
        prop::collection::vec((any::<Index>(), 1u32..=3), t.timers.0..=t.timers.1),
        prop::collection::vec((0u8..12, 1u8..11, any::<bool>()), t.reserve.0..=t.reserve.1),
        prop::collection::vec(any::<Index>(), t.walk),
    )
        .prop_map(
            |(black, centre, kings, units, deaths, timers, reserve, walk)| Spec {
                black,
                centre,
                kings,
                units,
                deaths,
                timers,
                reserve,
                walk,
            },
        )
}

/// A set-up as FEN parts, so a property can vary one field (H10).
#[derive(Clone, Debug)]
struct Board {
    grid: [[Option<(Kind, Side)>; 12]; 12], // [rank][file]
    black: bool,
    deaths: BTreeSet<(u8, u8)>,
    timers: BTreeMap<(u8, u8), u32>,
}

fn clamp(c: (i8, i8), o: (i8, i8)) -> (u8, u8) {
    (
        (c.0 + o.0).clamp(0, 11) as u8,
        (c.1 + o.1).clamp(0, 11) as u8,
    )
}

fn on_board(c: (i8, i8), o: (i8, i8)) -> Option<(u8, u8)> {
    let (f, r) = (c.0 + o.0, c.1 + o.1);
    ((0..12).contains(&f) && (0..12).contains(&r)).then_some((f as u8, r as u8))
}

impl Board {
    fn from_spec(s: &Spec) -> Board {
        let mut grid = [[None; 12]; 12];
        let free = |g: &[[Option<(Kind, Side)>; 12]; 12], (f, r): (u8, u8)| {
            g[r as usize][f as usize].is_none()
        };
        let wk = clamp(s.centre, s.kings.0);
        grid[wk.1 as usize][wk.0 as usize] = Some((KING, Side::White));
        let mut bk = clamp(s.centre, s.kings.1);
        if bk == wk {
            bk = ((bk.0 + 3) % 12, (bk.1 + 5) % 12);
        }
        grid[bk.1 as usize][bk.0 as usize] = Some((KING, Side::Black));
        for &(df, dr, k, white) in &s.units {
            let Some(sq) = on_board(s.centre, (df, dr)) else {
                continue;
            };
            let side = if white { Side::White } else { Side::Black };
            let far = if white { 11 } else { 0 };
            if !free(&grid, sq) || (k == PAWN && sq.1 == far) {
                continue;
            }
            grid[sq.1 as usize][sq.0 as usize] = Some((k, side));
        }
        for &(f, r, white) in &s.reserve {
            if free(&grid, (f, r)) {
                let side = if white { Side::White } else { Side::Black };
                grid[r as usize][f as usize] = Some((PAWN, side));
            }
        }
        // Every side keeps at least one pawn (else the game is over before it starts).
        for side in Side::ALL {
            let has = grid.iter().flatten().any(|c| *c == Some((PAWN, side)));
            if !has {
                let spot = (0..144u8)
                    .map(|i| ((i * 7 + 3) % 12, 2 + (i * 5) % 8))
                    .find(|&q| free(&grid, q));
                if let Some((f, r)) = spot {
                    grid[r as usize][f as usize] = Some((PAWN, side));
                }
            }
        }
        let deaths = s
            .deaths
            .iter()
            .filter_map(|&o| on_board(s.centre, o))
            .collect();
        let mut timers = BTreeMap::new();
        let placed: Vec<(u8, u8)> = (0..12u8)
            .flat_map(|r| (0..12u8).map(move |f| (f, r)))
            .filter(|&(f, r)| matches!(grid[r as usize][f as usize], Some((k, _)) if k != KING))
            .collect();
        if !placed.is_empty() {
            for (i, n) in &s.timers {
                timers.insert(placed[i.index(placed.len())], *n);
            }
        }
        Board {
            grid,
            black: s.black,
            deaths,
            timers,
        }
    }

    fn fen(&self) -> String {
        let name = |(f, r): (u8, u8)| Square::new(f, r).to_string();
        let mut rows = Vec::new();
        for r in (0..12).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for f in 0..12 {
                match self.grid[r][f] {
                    None => empty += 1,
                    Some((k, side)) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let c = KIND_LETTERS[k.0 as usize];
                        row.push(if side == Side::White {
                            c
                        } else {
                            c.to_ascii_lowercase()
                        });
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        let deaths: Vec<String> = self.deaths.iter().map(|&q| name(q)).collect();
        let timers: Vec<String> = self
            .timers
            .iter()
            .map(|(&q, n)| format!("{}:{n}", name(q)))
            .collect();
        let list = |v: Vec<String>| {
            if v.is_empty() {
                "-".to_string()
            } else {
                v.join(",")
            }
        };
        format!(
            "{} {} {} {}",
            rows.join("/"),
            if self.black { 'b' } else { 'w' },
            list(deaths),
            list(timers)
        )
    }

    /// The position, if the FEN loads and the side not to move is not in check.
    fn position(&self, r: &Fc12) -> Option<Fc12Position> {
        let pos = r.position_from_fen(&self.fen()).ok()?;
        let other = pos.to_move().opposite();
        (!Model::new(&pos).in_check(other)).then_some(pos)
    }
}

fn fen(r: &Fc12, pos: &Fc12Position) -> String {
    if std::env::var("FC12_RON").is_ok() {
        return frozen_core::position_to_ron(r, pos);
    }
    r.to_fen(pos).unwrap_or_default()
}

fn rules() -> Fc12 {
    Fc12::new()
}

/// Performs `a` (listed legal) on a copy; returns the result and its events.
fn after(r: &Fc12, pos: &Fc12Position, a: &Action) -> (Fc12Position, Vec<Event>) {
    let mut q = pos.clone();
    let mut ev = Vec::new();
    r.perform(&mut q, a, &mut ev);
    (q, ev)
}

fn legal(r: &Fc12, pos: &Fc12Position) -> Vec<Action> {
    let mut v = Vec::new();
    r.actions(pos, &mut v);
    v
}

fn candidates(r: &Fc12, pos: &Fc12Position) -> Vec<Action> {
    let mut v = Vec::new();
    turn::candidates(r, pos, &mut v);
    v
}

/// Walks `choices.len()` random legal actions from `pos`, calling `visit` with every
/// position on the way and its legal actions (before the chosen one is played).
fn walk(
    r: &Fc12,
    mut pos: Fc12Position,
    choices: &[Index],
    mut visit: impl FnMut(&Fc12Position, &[Action]) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    for i in choices {
        if pos.result().is_some() {
            break;
        }
        let acts = legal(r, &pos);
        visit(&pos, &acts)?;
        if acts.is_empty() {
            break;
        }
        let a = acts[i.index(acts.len())].clone();
        r.perform(&mut pos, &a, &mut frozen_core::NoEvents);
    }
    Ok(())
}

/// The landing square of a `Move` and the square its path names in the middle
/// (Knight's Leap victim, jester path square) or the pushed unit's square.
fn leg_parts(pos: &Fc12Position, a: &Action) -> (Square, Square, Option<Square>) {
    let s = a.path[0];
    let rook = pos.piece_at(s).is_some_and(|(k, _)| k == ROOK);
    match a.path.len() {
        3 if rook => (s, a.path[1], Some(a.path[2])),
        3 => (s, a.path[2], Some(a.path[1])),
        _ => (s, a.path[1], None),
    }
}

/// Units on the board before and not after, with where they went.
fn gone(before: &Fc12Position, after: &Fc12Position) -> Vec<(UnitId, Square, Location)> {
    before
        .unit_ids()
        .filter_map(|id| {
            let b = before.unit(id).loc.square()?;
            let a = after.unit(id).loc;
            (!a.on_board()).then_some((id, b, a))
        })
        .collect()
}

fn captured(before: &Fc12Position, after: &Fc12Position) -> Vec<(UnitId, Square)> {
    gone(before, after)
        .into_iter()
        .filter(|(_, _, l)| matches!(l, Location::Captured(_)))
        .map(|(id, s, _)| (id, s))
        .collect()
}

fn turn_over(before: &Fc12Position, after: &Fc12Position) -> bool {
    after.result().is_some() || after.to_move() != before.to_move()
}

fn king_of(pos: &Fc12Position, side: Side) -> Option<Square> {
    pos.pieces(side, KING).first()
}

// ---------------------------------------------------------------------------
// The independent model (catalog 0.4, sections 3, 5, 10, 15), brute force
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct Pats {
    leap: bool,
    diag: bool,
    ortho: bool,
    step: bool,
}

impl Pats {
    fn or(self, o: Pats) -> Pats {
        Pats {
            leap: self.leap | o.leap,
            diag: self.diag | o.diag,
            ortho: self.ortho | o.ortho,
            step: self.step | o.step,
        }
    }
}

fn native(k: Kind) -> Pats {
    let (leap, diag, ortho, step) = match k {
        PAWN => (false, false, false, true),
        KNIGHT | JESTER => (true, false, false, false),
        BISHOP => (false, true, false, false),
        ROOK => (false, false, true, false),
        DRAGON => (true, true, false, false),
        QUEEN => (true, true, true, false),
        _ => (false, false, false, false),
    };
    Pats {
        leap,
        diag,
        ortho,
        step,
    }
}

type Xy = (i32, i32);

fn xy(s: Square) -> Xy {
    (i32::from(s.file()), i32::from(s.rank()))
}

fn sq((f, r): Xy) -> Square {
    Square::new(f as u8, r as u8)
}

fn inside((f, r): Xy) -> bool {
    (0..12).contains(&f) && (0..12).contains(&r)
}

fn knight_offset(a: Xy, b: Xy) -> bool {
    let (df, dr) = ((b.0 - a.0).abs(), (b.1 - a.1).abs());
    (df, dr) == (1, 2) || (df, dr) == (2, 1)
}

const KNIGHT_OFFSETS: [Xy; 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The two leap paths of a knight-pattern leap a -> b (F12-MOVE-09), first
/// square first: to (2a, b): {(a,0),(2a,0)} and {(0,b),(a,b)}; to (a, 2b) the
/// same with the axes swapped.
fn leap_paths(a: Xy, b: Xy) -> [[Xy; 2]; 2] {
    let (df, dr) = (b.0 - a.0, b.1 - a.1);
    let p = |f: i32, r: i32| (a.0 + f, a.1 + r);
    if df.abs() == 2 {
        let h = df / 2;
        [[p(h, 0), p(2 * h, 0)], [p(0, dr), p(h, dr)]]
    } else {
        let h = dr / 2;
        [[p(0, h), p(0, 2 * h)], [p(df, 0), p(df, h)]]
    }
}

fn cheb(a: Xy, b: Xy) -> i32 {
    (a.0 - b.0).abs().max((a.1 - b.1).abs())
}

struct Model<'a> {
    pos: &'a Fc12Position,
}

impl<'a> Model<'a> {
    fn new(pos: &'a Fc12Position) -> Self {
        Model { pos }
    }
    fn at(&self, p: Xy) -> Option<(Kind, Side, UnitId)> {
        if !inside(p) {
            return None;
        }
        let id = self.pos.unit_at(sq(p))?;
        let u = self.pos.unit(id);
        Some((u.kind, u.side, id))
    }
    fn units(&self) -> Vec<(Xy, Kind, Side, UnitId)> {
        let mut v = Vec::new();
        for r in 0..12 {
            for f in 0..12 {
                if let Some((k, s, id)) = self.at((f, r)) {
                    v.push(((f, r), k, s, id));
                }
            }
        }
        v
    }
    /// Owner turns left of a timer, counting the current turn if its owner acts.
    fn turns_left(&self, id: UnitId) -> u32 {
        let u = self.pos.unit(id);
        let j = self.pos.turns()[u.side] + u32::from(u.side != self.pos.to_move());
        let ft = u.status.frozen_through;
        if ft != 0 && ft >= j {
            ft - j + 1
        } else {
            0
        }
    }
    fn presence(&self, p: Xy) -> bool {
        let Some((k, side, _)) = self.at(p) else {
            return false;
        };
        if k == JESTER || k == KING {
            return false;
        }
        (-1..=1).any(|df| {
            (-1..=1).any(|dr| {
                matches!(self.at((p.0 + df, p.1 + dr)),
                    Some((JESTER, s, j)) if s != side && self.turns_left(j) == 0)
            })
        })
    }
    fn paralysed(&self, p: Xy) -> bool {
        match self.at(p) {
            Some((_, _, id)) => self.turns_left(id) > 0 || self.presence(p),
            None => false,
        }
    }
    fn clear(&self, a: Xy, b: Xy) -> bool {
        let (df, dr) = (b.0 - a.0, b.1 - a.1);
        let n = df.abs().max(dr.abs());
        (1..n).all(|i| {
            self.at((a.0 + df.signum() * i, a.1 + dr.signum() * i))
                .is_none()
        })
    }
    /// One leg of patterns `p` from `a` reaches `b` (b empty or the first unit on a slide).
    fn reaches(&self, p: Pats, a: Xy, b: Xy) -> bool {
        let (df, dr) = (b.0 - a.0, b.1 - a.1);
        if a == b || !inside(b) {
            return false;
        }
        (p.leap && knight_offset(a, b))
            || (p.step && cheb(a, b) == 1)
            || (p.diag && df.abs() == dr.abs() && self.clear(a, b))
            || (p.ortho && (df == 0 || dr == 0) && self.clear(a, b))
    }
    /// Counted protectors of the unit on `p` (F12-EMPW-01): friendly unparalysed
    /// N, B, R, D, Q whose native patterns reach it.
    fn protectors(&self, p: Xy) -> Vec<Kind> {
        let Some((_, side, _)) = self.at(p) else {
            return Vec::new();
        };
        self.units()
            .into_iter()
            .filter(|&(q, k, s, _)| {
                s == side
                    && q != p
                    && matches!(k, KNIGHT | BISHOP | ROOK | DRAGON | QUEEN)
                    && !self.paralysed(q)
                    && self.reaches(native(k), q, p)
            })
            .map(|(_, k, _, _)| k)
            .collect()
    }
    fn guarded(&self, p: Xy) -> bool {
        matches!(self.at(p), Some((k, _, _)) if k != KING) && self.protectors(p).len() >= 2
    }
    /// Patterns a unit moves and captures with: native plus Empower (no jester borrowing).
    fn pats(&self, p: Xy) -> Pats {
        let Some((k, _, _)) = self.at(p) else {
            return Pats::default();
        };
        if k == KING || k == PAWN {
            return native(k);
        }
        let prot = self.protectors(p);
        if prot.len() == 1 {
            native(k).or(native(prot[0]))
        } else {
            native(k)
        }
    }
    /// The unit on `a` attacks square `t` (catalog 0.4).
    fn attacks(&self, a: Xy, t: Xy) -> bool {
        let Some((k, _, _)) = self.at(a) else {
            return false;
        };
        if k == KING || k == JESTER || self.paralysed(a) {
            return false;
        }
        if self.reaches(self.pats(a), a, t) {
            return true;
        }
        k == KNIGHT
            && KNIGHT_OFFSETS.iter().any(|&(df, dr)| {
                let l = (a.0 + df, a.1 + dr);
                inside(l)
                    && self.at(l).is_none()
                    && leap_paths(a, l).iter().flatten().any(|&q| q == t)
            })
    }
    fn attacked(&self, t: Xy, by: Side) -> bool {
        self.units()
            .into_iter()
            .any(|(q, _, s, _)| s == by && self.attacks(q, t))
    }
    fn in_check(&self, side: Side) -> bool {
        king_of(self.pos, side).is_some_and(|k| self.attacked(xy(k), side.opposite()))
    }
    /// A jester's patterns (F12-JEST-01): knight leap, plus the native patterns of
    /// friendly protectors (pawns included) and enemy attackers.
    fn jester_pats(&self, p: Xy) -> Pats {
        self.jester_lenders(p, true)
    }
    /// The jester's patterns from friends only (to see what enemies add).
    fn jester_pats_friendly_only(&self, p: Xy) -> Pats {
        self.jester_lenders(p, false)
    }
    fn jester_lenders(&self, p: Xy, enemies: bool) -> Pats {
        let Some((_, side, _)) = self.at(p) else {
            return Pats::default();
        };
        let mut out = native(JESTER);
        for (q, k, s, _) in self.units() {
            if q == p {
                continue;
            }
            let lends = if s == side {
                matches!(k, PAWN | KNIGHT | BISHOP | ROOK | DRAGON | QUEEN)
                    && !self.paralysed(q)
                    && self.reaches(native(k), q, p)
            } else {
                enemies && self.attacks(q, p)
            };
            if lends {
                out = out.or(native(k));
            }
        }
        out
    }
    /// Squares a leg with patterns `p` from `a` reaches.
    fn reach(&self, p: Pats, a: Xy) -> Vec<Xy> {
        let mut v = Vec::new();
        for r in 0..12 {
            for f in 0..12 {
                if self.reaches(p, a, (f, r)) {
                    v.push((f, r));
                }
            }
        }
        v
    }
}

/// Squares strictly between two squares on one line (empty for leaps and steps).
fn between(a: Xy, b: Xy) -> Vec<Xy> {
    let (df, dr) = (b.0 - a.0, b.1 - a.1);
    if !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return Vec::new();
    }
    let n = df.abs().max(dr.abs());
    (1..n)
        .map(|i| (a.0 + df.signum() * i, a.1 + dr.signum() * i))
        .collect()
}

fn far_rank(side: Side) -> i32 {
    if side == Side::White {
        11
    } else {
        0
    }
}

// ---------------------------------------------------------------------------
// H1: death-square life cycle
// ---------------------------------------------------------------------------

const H1: Theme = Theme {
    kinds: &[
        PAWN, PAWN, PAWN, KNIGHT, BISHOP, ROOK, ROOK, ROOK, DRAGON, QUEEN, JESTER,
    ],
    units: (10, 22),
    spread: 3,
    king_spread: 4,
    centre: (1, 11),
    deaths: (8, 20),
    timers: (0, 2),
    reserve: (1, 2),
    walk: 5,
};

/// Catalog section 22 item 1, **death-square life cycle** (F12-DETH-01..05,
/// F12-ROOK-02, F12-SWAP-02, F12-KING-02, F12-JEST-06, F12-KNIG-01): a unit that ends
/// a leg or a push on a death square (live, or pending under the unit it captures)
/// never survives; the capturer that makes a new death square does; swaps and King's
/// Exchange onto a pending square kill nobody; death squares never disappear and
/// appear only where a unit was captured or blasted.
#[test]
fn fc12_h1_death_square_life_cycle() {
    let r = rules();
    let seen = Seen::default();
    run("H1", 1500, 1201, spec(H1), |s| {
        let Some(pos) = Board::from_spec(&s).position(&r) else {
            return Ok(());
        };
        walk(&r, pos, &s.walk, |pos, acts| {
            let death = pos.marks(0);
            for a in acts {
                let (q, _) = after(&r, pos, a);
                let new_marks = q.marks(0) - death;
                prop_assert!(death.is_subset(q.marks(0)), "a death square vanished");
                // Units stand where captures and blasts happen: before the action, or
                // the mover on its landing square.
                let mut stood = pos.occupied();
                if a.kind == ActionKind::Move {
                    stood.set(leg_parts(pos, a).1);
                }
                prop_assert!(
                    new_marks.is_subset(stood),
                    "a death square appeared where no unit stood: {:?} after {} in {}",
                    new_marks.iter().collect::<Vec<_>>(),
                    r.format_action(pos, a),
                    fen(&r, pos)
                );
                let caps = captured(pos, &q);
                if caps.is_empty() {
                    prop_assert!(new_marks.is_empty(), "death square without capture");
                }
                for (_, at) in &caps {
                    prop_assert!(q.marks(0).contains(*at), "capture square not marked");
                }
                match a.kind {
                    ActionKind::Move => {
                        let (s0, t, mid) = leg_parts(pos, a);
                        let id = pos.unit_at(s0).expect("actor");
                        let kind = pos.unit(id).kind;
                        let alive_on_t = q.unit_at(t) == Some(id);
                        if death.contains(t) {
                            seen.hit(if pos.unit_at(t).is_some() {
                                "recapture onto a pending square"
                            } else {
                                "leg onto a live square"
                            });
                            prop_assert!(
                                !q.unit(id).loc.on_board(),
                                "{} survived landing on the death square {t}",
                                r.format_action(pos, a)
                            );
                        } else if let Some(v) = pos.unit_at(t) {
                            if pos.unit(v).kind != JESTER {
                                seen.hit("capture makes a death square");
                                prop_assert!(alive_on_t, "the first capturer died");
                                prop_assert!(q.marks(0).contains(t));
                            }
                        } else if let (ROOK, Some(e)) = (kind, mid) {
                            let pushed = pos.unit_at(e).expect("pushed unit");
                            let d = (t.file() as i32 - s0.file() as i32).signum();
                            let dr = (t.rank() as i32 - s0.rank() as i32).signum();
                            let dest = (xy(e).0 + d, xy(e).1 + dr);
                            prop_assert!(new_marks.is_empty(), "a push made a death square");
                            if !inside(dest) {
                                seen.hit("push off the board");
                                prop_assert!(!q.unit(pushed).loc.on_board());
                            } else if death.contains(sq(dest)) {
                                seen.hit("push onto a live square");
                                prop_assert!(
                                    !q.unit(pushed).loc.on_board(),
                                    "{} survived a push onto the death square",
                                    r.format_action(pos, a)
                                );
                            } else {
                                prop_assert_eq!(q.unit(pushed).loc.square(), Some(sq(dest)));
                            }
                        }
                    }
                    ActionKind::Swap => {
                        let (x, y) = (a.path[0], a.path[1]);
                        let (ux, uy) = (pos.unit_at(x).expect("x"), pos.unit_at(y).expect("y"));
                        if death.contains(x) || death.contains(y) {
                            seen.hit("swap onto a pending square");
                        }
                        prop_assert_eq!(q.unit(ux).loc.square(), Some(y), "swap killed");
                        prop_assert_eq!(q.unit(uy).loc.square(), Some(x), "swap killed");
                        prop_assert!(new_marks.is_empty());
                    }
                    ActionKind::Exchange => {
                        let (k, v) = (a.path[0], a.path[1]);
                        let kid = pos.unit_at(k).expect("king");
                        if death.contains(v) {
                            seen.hit("exchange onto a pending square");
                        }
                        prop_assert_eq!(
                            q.unit(kid).loc.square(),
                            Some(v),
                            "exchange killed the king"
                        );
                        prop_assert!(new_marks.is_empty(), "exchange made a death square");
                    }
                    _ => {}
                }
            }
            Ok(())
        })
    });
    seen.require(
        "H1",
        &[
            "leg onto a live square",
            "recapture onto a pending square",
            "capture makes a death square",
            "push onto a live square",
            "push off the board",
            "swap onto a pending square",
            "exchange onto a pending square",
        ],
        3,
    );
}

// ---------------------------------------------------------------------------
// H2: capture rules inside a double move
// ---------------------------------------------------------------------------

const H2: Theme = Theme {
    kinds: &[
        KNIGHT, KNIGHT, KNIGHT, BISHOP, BISHOP, BISHOP, ROOK, QUEEN, DRAGON, PAWN, PAWN, JESTER,
    ],
    units: (10, 22),
    spread: 3,
    king_spread: 4,
    centre: (2, 10),
    deaths: (2, 8),
    timers: (0, 2),
    reserve: (1, 2),
    walk: 12,
};

/// Catalog section 22 item 2, **capture rules inside a double move** (F12-DBLM-01..03,
/// F12-DBLM-06, F12-BISH-01, F12-KNIG-02, F12-TURN-04, F12-DETH-04): no generated turn
/// has two captures or a leg after a capture; only a knight (knight leap, displacement
/// or Knight's Leap) or a bishop (diagonal slide) captures on leg 2; a capture, a check
/// given to the enemy king (independent attack test) or crossing a death square ends
/// the turn; a turn has at most two legs, both by the same unit.
#[test]
fn fc12_h2_double_move_capture_rules() {
    let r = rules();
    let seen = Seen::default();
    run("H2", 1000, 1202, spec(H2), |s| {
        let Some(mut pos) = Board::from_spec(&s).position(&r) else {
            return Ok(());
        };
        // The turn under way along the walk: (legs, captures).
        let mut turn_legs = (0u32, 0u32);
        for i in &s.walk {
            let acts = legal(&r, &pos);
            if acts.is_empty() {
                break;
            }
            let me = pos.to_move();
            let leg2 = pos.state().mover;
            for a in &acts {
                if let Some(m) = leg2 {
                    let at = pos.unit(m).loc.square();
                    prop_assert!(
                        a.kind == ActionKind::End || (a.kind == ActionKind::Move && a.from() == at),
                        "during a double move only the mover's leg 2 or `end`: {}",
                        r.format_action(&pos, a)
                    );
                }
                if a.kind != ActionKind::Move {
                    continue;
                }
                let (s0, t, _) = leg_parts(&pos, a);
                let kind = pos.unit(pos.unit_at(s0).expect("actor")).kind;
                let (q, _) = after(&r, &pos, a);
                let caps = captured(&pos, &q);
                let over = turn_over(&pos, &q);
                prop_assert!(caps.len() <= 1, "two captures in one leg");
                if !caps.is_empty() {
                    prop_assert!(over, "a leg after a capture: {}", r.format_action(&pos, a));
                    if leg2.is_some() {
                        let (df, dr) = (xy(t).0 - xy(s0).0, xy(t).1 - xy(s0).1);
                        let ok = (kind == KNIGHT && knight_offset(xy(s0), xy(t)))
                            || (kind == BISHOP && df.abs() == dr.abs());
                        prop_assert!(
                            ok,
                            "leg-2 capture by a {kind:?}: {}",
                            r.format_action(&pos, a)
                        );
                        seen.hit(if kind == KNIGHT {
                            "knight captures on leg 2"
                        } else {
                            "bishop captures on leg 2"
                        });
                    } else if kind != KNIGHT && kind != BISHOP {
                        seen.hit("other unit captures on leg 1 and stops");
                    }
                }
                if leg2.is_some() {
                    prop_assert!(over, "a third leg");
                    if pos.unit_at(t).is_some_and(|v| pos.unit(v).side != me)
                        && !matches!(kind, KNIGHT | BISHOP)
                    {
                        return Err(TestCaseError::fail("leg-2 capture by another kind listed"));
                    }
                }
                if between(xy(s0), xy(t))
                    .iter()
                    .any(|&p| pos.marks(0).contains(sq(p)))
                {
                    seen.hit("crossing ends the turn");
                    prop_assert!(over, "a leg crossing a death square did not end the turn");
                }
                if q.result().is_none() && Model::new(&q).in_check(me.opposite()) {
                    if leg2.is_none() {
                        seen.hit("check ends the turn");
                    }
                    prop_assert!(
                        over,
                        "a leg giving check did not end the turn: {}",
                        r.format_action(&pos, a)
                    );
                }
                if !over {
                    prop_assert_eq!(
                        q.state().mover,
                        pos.unit_at(s0),
                        "leg 2 belongs to the same unit"
                    );
                }
            }
            // Along the walk: the turn's legs and captures.
            let a = acts[i.index(acts.len())].clone();
            let (q, _) = after(&r, &pos, &a);
            if a.kind == ActionKind::Move {
                turn_legs.0 += 1;
                turn_legs.1 += captured(&pos, &q).len() as u32;
                if turn_legs.0 == 2 {
                    seen.hit("double move played");
                }
            }
            prop_assert!(
                turn_legs.0 <= 2 && turn_legs.1 <= 1,
                "turn with {turn_legs:?} (legs, captures)"
            );
            if turn_legs.1 == 1 {
                prop_assert!(turn_over(&pos, &q), "a leg after a capture");
            }
            if turn_over(&pos, &q) {
                turn_legs = (0, 0);
            }
            pos = q;
        }
        Ok(())
    });
    seen.require(
        "H2",
        &[
            "knight captures on leg 2",
            "bishop captures on leg 2",
            "other unit captures on leg 1 and stops",
            "crossing ends the turn",
            "check ends the turn",
            "double move played",
        ],
        3,
    );
}

// ---------------------------------------------------------------------------
// H3: jester blast
// ---------------------------------------------------------------------------

const H3: Theme = Theme {
    kinds: &[
        JESTER, JESTER, JESTER, JESTER, JESTER, PAWN, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, DRAGON,
    ],
    units: (10, 20),
    spread: 2,
    king_spread: 3,
    centre: (1, 11),
    deaths: (0, 4),
    timers: (0, 2),
    reserve: (1, 2),
    walk: 4,
};

/// The same position with unit ids given in reverse scan order (so any processing
/// in id order differs from processing in scan order).
fn relabelled(r: &Fc12, pos: &Fc12Position) -> Fc12Position {
    let mut q = Fc12Position::empty(r.shape(), Default::default());
    let mut on: Vec<(Square, UnitId)> = pos
        .unit_ids()
        .filter_map(|id| pos.unit(id).loc.square().map(|s| (s, id)))
        .collect();
    on.sort_by_key(|(s, _)| std::cmp::Reverse(s.index()));
    for (s, id) in on {
        let u = pos.unit(id);
        q.add_unit(u.kind, u.side, Location::Board(s), u.status);
    }
    for m in pos.marks(0).iter() {
        q.set_mark(0, m, true);
    }
    q.set_to_move(pos.to_move());
    q.set_turns(pos.turns());
    q
}

fn board_of(pos: &Fc12Position) -> Vec<Option<(Kind, Side, u32)>> {
    let m = Model::new(pos);
    Square::all()
        .filter(|s| s.file() < 12 && s.rank() < 12)
        .map(|s| {
            pos.unit_at(s)
                .map(|id| (pos.unit(id).kind, pos.unit(id).side, m.turns_left(id)))
        })
        .collect()
}

/// Catalog section 22 item 3, **jester blast** (F12-JEST-06, F12-TURN-02,
/// F12-TURN-06, F12-DETH-01, F12-GARD-02, F12-PAWN-02): capturing a jester kills
/// every unit in its 3x3 (the capturer, guarded units, kings, other jesters, whose
/// blasts chain), each victim's square becoming a death square; the engine's result
/// equals an independent closure computation (so it does not depend on processing
/// order), and the same position with unit ids in reverse order gives the same board;
/// no legal action kills or exposes its own king.
#[test]
fn fc12_h3_jester_blast() {
    let r = rules();
    let seen = Seen::default();
    run("H3", 1000, 1203, spec(H3), |s| {
        let Some(pos) = Board::from_spec(&s).position(&r) else {
            return Ok(());
        };
        walk(&r, pos, &s.walk, |pos, acts| {
            let me = pos.to_move();
            for a in candidates(&r, pos) {
                let (q, _) = after(&r, pos, &a);
                if king_of(&q, me).is_none() {
                    seen.hit("own-king blast refused");
                    prop_assert!(
                        !acts.contains(&a),
                        "{} kills its own king",
                        r.format_action(pos, &a)
                    );
                }
            }
            for a in acts {
                let (q, _) = after(&r, pos, a);
                prop_assert!(king_of(&q, me).is_some(), "own king died");
                if turn_over(pos, &q) {
                    prop_assert!(!Model::new(&q).in_check(me), "own king left in check");
                }
                let caps = captured(pos, &q);
                let Some(&(_, jsq)) = caps.iter().find(|(id, _)| pos.unit(*id).kind == JESTER)
                else {
                    continue;
                };
                seen.hit("jester captured");
                let (s0, t, _) = leg_parts(pos, a);
                let actor = pos.unit_at(s0).expect("actor");
                // The board when the blast starts: the capture made, the mover landed
                // (dead already if it landed on a death square).
                let mut board: BTreeMap<Xy, UnitId> = BTreeMap::new();
                for id in pos.unit_ids() {
                    if let Some(p) = pos.unit(id).loc.square() {
                        board.insert(xy(p), id);
                    }
                }
                board.remove(&xy(jsq));
                board.remove(&xy(s0));
                if !pos.marks(0).contains(t) {
                    board.insert(xy(t), actor);
                }
                // Closure: every unit in the 3x3 of a centre dies; dead jesters are centres.
                let mut centres = vec![xy(jsq)];
                let mut dead: BTreeSet<UnitId> = BTreeSet::new();
                let mut marks: BTreeSet<Xy> = BTreeSet::new();
                let mut i = 0;
                while i < centres.len() {
                    let c = centres[i];
                    i += 1;
                    marks.insert(c);
                    for df in -1..=1 {
                        for dr in -1..=1 {
                            let p = (c.0 + df, c.1 + dr);
                            if let Some(&id) = board.get(&p) {
                                if dead.insert(id) {
                                    marks.insert(p);
                                    if pos.unit(id).kind == JESTER && !centres.contains(&p) {
                                        centres.push(p);
                                    }
                                }
                            }
                        }
                    }
                }
                if centres.len() > 1 {
                    seen.hit("chained blast");
                }
                if dead.iter().any(|&id| pos.unit(id).kind == KING) {
                    seen.hit("king in the blast");
                }
                if dead
                    .iter()
                    .any(|&id| Model::new(pos).guarded(xy(pos.unit(id).loc.square().unwrap_or(s0))))
                {
                    seen.hit("guarded unit in the blast");
                }
                for (&p, &id) in &board {
                    let on = q.unit(id).loc.square().map(xy);
                    if dead.contains(&id) {
                        prop_assert!(
                            on.is_none(),
                            "{:?} survived the blast of {}",
                            sq(p),
                            r.format_action(pos, a)
                        );
                    } else {
                        prop_assert_eq!(on, Some(p), "a unit outside the blast moved or died");
                    }
                }
                let mut want = pos.marks(0);
                for &p in &marks {
                    want.set(sq(p));
                }
                prop_assert_eq!(
                    q.marks(0),
                    want,
                    "death squares after {}",
                    r.format_action(pos, a)
                );
                // Reverse unit-id order: the same board.
                if pos.state().mover.is_none() {
                    let p2 = relabelled(&r, pos);
                    let (q2, _) = after(&r, &p2, a);
                    prop_assert_eq!(board_of(&q2), board_of(&q), "result depends on unit ids");
                    prop_assert_eq!(q2.marks(0), q.marks(0));
                    prop_assert_eq!(q2.result(), q.result());
                }
            }
            Ok(())
        })
    });
    seen.require(
        "H3",
        &[
            "jester captured",
            "chained blast",
            "king in the blast",
            "guarded unit in the blast",
            "own-king blast refused",
        ],
        3,
    );
}

// ---------------------------------------------------------------------------
// H4: jester borrowing and leap paralysis
// ---------------------------------------------------------------------------

const H4: Theme = Theme {
    kinds: &[
        JESTER, JESTER, JESTER, PAWN, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, DRAGON,
    ],
    units: (8, 18),
    spread: 3,
    king_spread: 4,
    centre: (1, 11),
    deaths: (0, 4),
    timers: (0, 3),
    reserve: (1, 2),
    walk: 6,
};

/// Catalog section 22 item 4, **jester borrowing and leap paralysis** (F12-JEST-01..05,
/// F12-PARA-01, F12-PARA-03, F12-TURN-03, F12-MOVE-09): a jester's legs go exactly
/// where its knight leap plus the native patterns of its friendly protectors (pawns
/// included) and enemy attackers reach (independent model, recomputed each position);
/// it never captures and never gives check (the engine's check equals the model's,
/// which ignores jesters); a named leap paralyses the non-jester, non-king units on
/// that path for 2 owner turns and no one else; presence-paralysed units never act.
#[test]
fn fc12_h4_jester_borrowing_and_leap_paralysis() {
    let r = rules();
    let seen = Seen::default();
    run("H4", 800, 1204, spec(H4), |s| {
        let Some(pos) = Board::from_spec(&s).position(&r) else {
            return Ok(());
        };
        walk(&r, pos, &s.walk, |pos, acts| {
            let m = Model::new(pos);
            let me = pos.to_move();
            for side in Side::ALL {
                let engine = frozen_variants::fc12::king::in_check(&r, pos, side);
                prop_assert_eq!(
                    engine,
                    m.in_check(side),
                    "check of {} in {}",
                    side,
                    fen(&r, pos)
                );
                // A jester that "reaches" the king gives no check.
                if let Some(k) = king_of(pos, side) {
                    for (p, kind, s2, _) in m.units() {
                        if kind == JESTER && s2 != side && m.reaches(m.jester_pats(p), p, xy(k)) {
                            seen.hit("jester reaches the enemy king");
                        }
                    }
                }
            }
            let cands = if pos.state().mover.is_none() {
                candidates(&r, pos)
            } else {
                Vec::new()
            };
            for (p, kind, side, _) in m.units() {
                if side != me || pos.state().mover.is_some() {
                    continue;
                }
                let acting: Vec<&Action> = cands
                    .iter()
                    .filter(|a| a.from() == Some(sq(p)) && a.kind != ActionKind::Exchange)
                    .collect();
                if m.presence(p) {
                    seen.hit("presence-paralysed unit");
                    prop_assert!(acting.is_empty(), "a presence-paralysed unit acts");
                }
                if kind != JESTER || m.paralysed(p) {
                    continue;
                }
                let pats = m.jester_pats(p);
                let want: BTreeSet<Xy> = m
                    .reach(pats, p)
                    .into_iter()
                    .filter(|&t| m.at(t).is_none())
                    .collect();
                let got: BTreeSet<Xy> = acting
                    .iter()
                    .filter(|a| a.kind == ActionKind::Move)
                    .filter_map(|a| a.to())
                    .map(xy)
                    .collect();
                prop_assert_eq!(&got, &want, "jester {} legs in {}", sq(p), fen(&r, pos));
                if want.iter().any(|&t| !knight_offset(p, t)) {
                    seen.hit("jester borrows a pattern");
                }
                let own = m.reach(native(JESTER).or(m.jester_pats_friendly_only(p)), p);
                if want.iter().any(|t| !own.contains(t)) {
                    seen.hit("jester borrows from an enemy");
                }
            }
            for a in acts {
                let Some(s0) = a.from() else { continue };
                if a.kind != ActionKind::Move || pos.piece_at(s0).map(|x| x.0) != Some(JESTER) {
                    continue;
                }
                let (q, _) = after(&r, pos, a);
                prop_assert!(captured(pos, &q).is_empty(), "a jester captured");
                if q.result().is_none() {
                    let mq = Model::new(&q);
                    prop_assert_eq!(
                        frozen_variants::fc12::king::in_check(&r, &q, me.opposite()),
                        mq.in_check(me.opposite())
                    );
                }
                let named: Vec<Xy> = if a.path.len() == 3 {
                    let (f, p1, t) = (xy(a.path[0]), xy(a.path[1]), xy(a.path[2]));
                    let path = leap_paths(f, t).into_iter().find(|pp| pp[0] == p1);
                    prop_assert!(path.is_some(), "named path is no leap path");
                    seen.hit("named leap path");
                    path.map(|pp| pp.to_vec()).unwrap_or_default()
                } else {
                    Vec::new()
                };
                let jid = pos.unit_at(s0).expect("jester");
                for id in pos.unit_ids() {
                    let Some(p) = pos.unit(id).loc.square() else {
                        continue;
                    };
                    if id == jid || !q.unit(id).loc.on_board() {
                        continue;
                    }
                    let (b, n) = (
                        pos.unit(id).status.frozen_through,
                        q.unit(id).status.frozen_through,
                    );
                    let k = pos.unit(id).kind;
                    if named.contains(&xy(p)) && k != JESTER && k != KING {
                        seen.hit("leap paralysis");
                        let want = pos.turns()[pos.unit(id).side] + 2;
                        prop_assert!(
                            n >= want,
                            "{p} not paralysed by {}",
                            r.format_action(pos, a)
                        );
                    } else {
                        prop_assert!(
                            n == b || n == 0,
                            "{p} paralysed by {}",
                            r.format_action(pos, a)
                        );
                    }
                }
            }
            Ok(())
        })
    });
    seen.require(
        "H4",
        &[
            "jester reaches the enemy king",
            "presence-paralysed unit",
            "jester borrows a pattern",
            "jester borrows from an enemy",
            "named leap path",
            "leap paralysis",
        ],
        3,
    );
}

// ---------------------------------------------------------------------------
// H5: check and checkmate with a king that cannot move
// ---------------------------------------------------------------------------

const H5: Theme = Theme {
    kinds: &[
        ROOK, ROOK, BISHOP, BISHOP, QUEEN, KNIGHT, KNIGHT, DRAGON, PAWN, PAWN, JESTER,
    ],
    units: (10, 22),
    spread: 3,
    king_spread: 2,
    centre: (1, 11),
    deaths: (0, 5),
    timers: (0, 2),
    reserve: (1, 2),
    walk: 5,
};

fn safe(pos: &Fc12Position, side: Side) -> bool {
    king_of(pos, side).is_some() && !Model::new(pos).in_check(side)
}

/// Catalog section 22 item 5, **check and checkmate with a king that cannot move**
/// (F12-TURN-02..05, F12-KING-01..03, F12-MOVE-08): after every legal action that
/// ends the turn the mover's king is alive and not attacked (independent attack
/// test: native and empowered patterns, Knight's Leap paths, paralysis, no check by
/// kings or jesters); after a legal leg 1 every continuation is safe and one exists;
/// every candidate the engine drops is unsafe by the same test (so the answers to
/// check — capture, block, swap, push, jester paralysis, King's Exchange — are all
/// listed); the king never makes a leg; a leg that checks the enemy king ends the turn.
#[test]
fn fc12_h5_check_with_immobile_king() {
    let r = rules();
    let seen = Seen::default();
    run("H5", 800, 1205, spec(H5), |s| {
        let Some(pos) = Board::from_spec(&s).position(&r) else {
            return Ok(());
        };
        walk(&r, pos, &s.walk, |pos, acts| {
            let me = pos.to_move();
            let checked = Model::new(pos).in_check(me);
            if checked {
                seen.hit("in check with answers");
            }
            for a in acts {
                if a.kind == ActionKind::Move {
                    prop_assert_ne!(
                        pos.piece_at(a.path[0]).map(|x| x.0),
                        Some(KING),
                        "the king made a leg"
                    );
                }
                let (q, _) = after(&r, pos, a);
                if q.result().is_some_and(|o| o.reason == "checkmate") {
                    seen.hit("checkmate");
                }
                if turn_over(pos, &q) {
                    prop_assert!(
                        safe(&q, me),
                        "{} leaves the own king attacked or dead in {}",
                        r.format_action(pos, a),
                        fen(&r, pos)
                    );
                    if checked {
                        let jester = pos.piece_at(a.path[0]).is_some_and(|x| x.0 == JESTER);
                        seen.hit(match a.kind {
                            ActionKind::Exchange => "exchange answers check",
                            ActionKind::Swap => "swap answers check",
                            ActionKind::Move if !captured(pos, &q).is_empty() => {
                                "capture answers check"
                            }
                            ActionKind::Move if jester => "jester answers check",
                            ActionKind::Move if a.path.len() == 3 => "push answers check",
                            _ => "block or other answer",
                        });
                    }
                } else {
                    prop_assert!(
                        !Model::new(&q).in_check(me.opposite()),
                        "a checking leg did not end the turn"
                    );
                    let conts = legal(&r, &q);
                    prop_assert!(!conts.is_empty(), "leg 1 with no way to finish the turn");
                    for c in &conts {
                        let (q2, _) = after(&r, &q, c);
                        prop_assert!(
                            safe(&q2, me),
                            "{} then {} leaves the king attacked",
                            r.format_action(pos, a),
                            r.format_action(&q, c)
                        );
                    }
                }
            }
            // Every dropped candidate is unsafe.
            for c in candidates(&r, pos) {
                if acts.contains(&c) {
                    continue;
                }
                let (q, _) = after(&r, pos, &c);
                if turn_over(pos, &q) {
                    prop_assert!(
                        !safe(&q, me),
                        "the safe {} is not listed in {}",
                        r.format_action(pos, &c),
                        fen(&r, pos)
                    );
                } else {
                    for c2 in candidates(&r, &q) {
                        let (q2, _) = after(&r, &q, &c2);
                        prop_assert!(
                            !safe(&q2, me),
                            "the safe {} {} is not listed",
                            r.format_action(pos, &c),
                            r.format_action(&q, &c2)
                        );
                    }
                }
                seen.hit("unsafe candidate dropped");
            }
            Ok(())
        })
    });
    seen.require(
        "H5",
        &[
            "in check with answers",
            "exchange answers check",
            "swap answers check",
            "capture answers check",
            "block or other answer",
            "unsafe candidate dropped",
        ],
        3,
    );
    seen.require(
        "H5",
        &["push answers check", "jester answers check", "checkmate"],
        1,
    );
}

// ---------------------------------------------------------------------------
// H6: kind immunity with borrowed patterns and leap captures
// ---------------------------------------------------------------------------

const H6: Theme = Theme {
    kinds: &[
        KNIGHT, KNIGHT, KNIGHT, BISHOP, BISHOP, ROOK, ROOK, ROOK, QUEEN, QUEEN, DRAGON, DRAGON,
        PAWN, PAWN,
    ],
    units: (12, 24),
    spread: 3,
    king_spread: 5,
    centre: (1, 11),
    deaths: (0, 3),
    timers: (0, 2),
    reserve: (1, 2),
    walk: 5,
};

/// Catalog section 22 item 6, **kind immunity with borrowed patterns and leap
/// captures** (F12-KIND-01..02, F12-EMPW-01..02, F12-KNIG-02, F12-SWAP-01..02): no
/// capture (displacement, Knight's Leap, with native or empowered patterns) removes a
/// non-pawn unit of the capturer's kind, while same-kind swaps within reach are all
/// listed; pawns do take pawns.
#[test]
fn fc12_h6_kind_immunity() {
    let r = rules();
    let seen = Seen::default();
    run("H6", 800, 1206, spec(H6), |s| {
        let Some(pos) = Board::from_spec(&s).position(&r) else {
            return Ok(());
        };
        walk(&r, pos, &s.walk, |pos, acts| {
            let m = Model::new(pos);
            let me = pos.to_move();
            let units = m.units();
            for &(p, k, side, _) in &units {
                if side != me || matches!(k, PAWN | KING | JESTER) || m.paralysed(p) {
                    continue;
                }
                for &(v, kv, sv, _) in &units {
                    if sv != me && kv == k && m.attacks(p, v) {
                        seen.hit("same-kind enemy attacked");
                        if m.reaches(m.pats(p), p, v) && !m.reaches(native(k), p, v) {
                            seen.hit("same kind reached only with borrowed patterns");
                        }
                        if k == KNIGHT && !knight_offset(p, v) {
                            seen.hit("same kind on a Knight's Leap path");
                        }
                    }
                }
            }
            for a in acts {
                let (q, _) = after(&r, pos, a);
                let Some(s0) = a.from() else { continue };
                let actor = pos.piece_at(s0).map(|x| x.0);
                if a.kind == ActionKind::Swap && pos.piece_at(a.path[1]).map(|x| x.0) == actor {
                    seen.hit("same-kind swap");
                }
                for (v, _) in captured(pos, &q) {
                    let vk = pos.unit(v).kind;
                    let ak = actor.expect("capturer");
                    prop_assert!(ak != KING && ak != JESTER, "a {ak:?} captured");
                    prop_assert!(
                        ak == PAWN || ak != vk,
                        "{} : a {ak:?} captured its own kind in {}",
                        r.format_action(pos, a),
                        fen(&r, pos)
                    );
                    if ak == PAWN && vk == PAWN {
                        seen.hit("pawn takes pawn");
                    }
                }
            }
            // Every same-kind swap within reach is a candidate.
            if pos.state().mover.is_none() && pos.pending().is_empty() {
                let cands = candidates(&r, pos);
                for &(p, k, side, _) in &units {
                    if side != me || matches!(k, PAWN | KING) || m.paralysed(p) {
                        continue;
                    }
                    let pats = if k == JESTER {
                        m.jester_pats(p)
                    } else {
                        m.pats(p)
                    };
                    for &(w, kw, sw, _) in &units {
                        if sw == me && kw == k && w != p && m.reaches(pats, p, w) {
                            let want = Action::new(ActionKind::Swap, &[sq(p), sq(w)]);
                            prop_assert!(
                                cands.contains(&want),
                                "same-kind swap {} missing",
                                r.format_action(pos, &want)
                            );
                        }
                    }
                }
            }
            Ok(())
        })
    });
    seen.require(
        "H6",
        &[
            "same-kind enemy attacked",
            "same kind reached only with borrowed patterns",
            "same kind on a Knight's Leap path",
            "same-kind swap",
            "pawn takes pawn",
        ],
        3,
    );
}

// ---------------------------------------------------------------------------
// H7: Rook Push
// ---------------------------------------------------------------------------

const H7: Theme = Theme {
    kinds: &[
        ROOK, ROOK, ROOK, ROOK, PAWN, PAWN, KNIGHT, BISHOP, QUEEN, DRAGON, JESTER,
    ],
    units: (8, 18),
    spread: 3,
    king_spread: 5,
    centre: (0, 12),
    deaths: (2, 8),
    timers: (0, 2),
    reserve: (1, 2),
    walk: 6,
};

const ORTHO: [Xy; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// Catalog section 22 item 7, **Rook Push** (F12-ROOK-01..05, F12-GARD-02,
/// F12-DETH-05, F12-PARA-03): every push the rules allow is listed (a rook's
/// non-capturing orthogonal slide not ending on a death square, a non-rook enemy
/// right after it, guarded or not, room or the edge behind it) and nothing else; a
/// unit pushed off the board or onto a death square dies without a new death square,
/// one pushed elsewhere lands there paralysed for its owner's next turn; after a
/// push death leg 2 may not push, otherwise it may.
#[test]
fn fc12_h7_rook_push() {
    let r = rules();
    let seen = Seen::default();
    run("H7", 1000, 1207, spec(H7), |s| {
        let Some(pos) = Board::from_spec(&s).position(&r) else {
            return Ok(());
        };
        walk(&r, pos, &s.walk, |pos, acts| {
            let m = Model::new(pos);
            let me = pos.to_move();
            let death = pos.marks(0);
            if pos.pending().is_empty() {
                let cands = candidates(&r, pos);
                for (p, k, side, id) in m.units() {
                    let mover_ok = pos.state().mover.is_none_or(|x| x == id);
                    if k != ROOK || side != me || m.paralysed(p) || !mover_ok {
                        continue;
                    }
                    let may = !(pos.state().mover.is_some() && pos.state().no_push);
                    for d in ORTHO {
                        let mut t = (p.0 + d.0, p.1 + d.1);
                        while inside(t) && m.at(t).is_none() {
                            let e = (t.0 + d.0, t.1 + d.1);
                            let dest = (e.0 + d.0, e.1 + d.1);
                            let pushable = !death.contains(sq(t))
                                && matches!(m.at(e), Some((ke, se, _)) if se != me && ke != ROOK)
                                && (!inside(dest) || m.at(dest).is_none());
                            let act = Action::new(ActionKind::Move, &[sq(p), sq(t), sq(e)]);
                            if pushable && may {
                                if m.guarded(e) {
                                    seen.hit("guarded unit pushable");
                                }
                                prop_assert!(
                                    cands.contains(&act),
                                    "push {} missing in {}",
                                    r.format_action(pos, &act),
                                    fen(&r, pos)
                                );
                            } else if inside(e) {
                                prop_assert!(
                                    !cands.contains(&act),
                                    "push {} listed in {}",
                                    r.format_action(pos, &act),
                                    fen(&r, pos)
                                );
                            }
                            t = e;
                        }
                    }
                }
            }
            for a in acts {
                let Some(s0) = a.from() else { continue };
                if a.kind != ActionKind::Move
                    || a.path.len() != 3
                    || pos.piece_at(s0).map(|x| x.0) != Some(ROOK)
                {
                    continue;
                }
                let (t, e) = (xy(a.path[1]), xy(a.path[2]));
                let d = ((t.0 - xy(s0).0).signum(), (t.1 - xy(s0).1).signum());
                prop_assert_eq!(
                    (t.0 + d.0, t.1 + d.1),
                    e,
                    "the pushed unit is not next to the landing square"
                );
                let dest = (e.0 + d.0, e.1 + d.1);
                let victim = pos.unit_at(sq(e)).expect("pushed");
                let vside = pos.unit(victim).side;
                let (q, _) = after(&r, pos, a);
                prop_assert!(captured(pos, &q).is_empty(), "a push captured");
                prop_assert_eq!(q.marks(0), death, "a push changed the death squares");
                let died = !q.unit(victim).loc.on_board();
                if !inside(dest) {
                    seen.hit("pushed off the board");
                    prop_assert!(died);
                } else if death.contains(sq(dest)) {
                    seen.hit("pushed onto a death square");
                    prop_assert!(died);
                } else {
                    seen.hit("pushed and paralysed");
                    prop_assert!(!died);
                    prop_assert_eq!(q.unit(victim).loc.square(), Some(sq(dest)));
                    prop_assert!(q.unit(victim).status.frozen_through > pos.turns()[vside]);
                    prop_assert!(
                        paralysis::turns_left(&q, victim) >= 1,
                        "pushed unit free on its owner's next turn"
                    );
                }
                if !turn_over(pos, &q) {
                    let pushes = legal(&r, &q)
                        .iter()
                        .filter(|c| c.kind == ActionKind::Move && c.path.len() == 3)
                        .count();
                    if died {
                        seen.hit("push death, leg 2 without push");
                        prop_assert_eq!(pushes, 0, "a second push after a push death");
                    } else if pushes > 0 {
                        seen.hit("second push allowed");
                    }
                }
            }
            Ok(())
        })
    });
    seen.require(
        "H7",
        &[
            "guarded unit pushable",
            "pushed off the board",
            "pushed onto a death square",
            "pushed and paralysed",
            "push death, leg 2 without push",
            "second push allowed",
        ],
        3,
    );
}

// ---------------------------------------------------------------------------
// H8: Knight's Leap and leap paths
// ---------------------------------------------------------------------------

const H8: Theme = Theme {
    kinds: &[
        KNIGHT, KNIGHT, KNIGHT, KNIGHT, PAWN, PAWN, BISHOP, ROOK, QUEEN, DRAGON, JESTER,
    ],
    units: (10, 20),
    spread: 2,
    king_spread: 4,
    centre: (1, 11),
    deaths: (0, 4),
    timers: (0, 2),
    reserve: (1, 2),
    walk: 6,
};

/// Catalog section 22 item 8, **Knight's Leap and leap paths** (F12-KNIG-01..02,
/// F12-MOVE-09, F12-JEST-04, F12-KIND-01, F12-GARD-01, F12-DBLM-02): a knight leaping
/// to an empty square may capture exactly one enemy on one of the leap's four path
/// squares (independent path computation), on leg 1 or 2, never a knight or a guarded
/// unit; every such capture the rules allow is listed; the capture ends the turn;
/// jesters name the same paths, and list one action per path exactly when a path
/// holds a unit their leap would paralyse.
#[test]
fn fc12_h8_knights_leap_and_leap_paths() {
    let r = rules();
    let seen = Seen::default();
    run("H8", 800, 1208, spec(H8), |s| {
        let Some(pos) = Board::from_spec(&s).position(&r) else {
            return Ok(());
        };
        walk(&r, pos, &s.walk, |pos, acts| {
            let m = Model::new(pos);
            let me = pos.to_move();
            if pos.pending().is_empty() {
                let cands = candidates(&r, pos);
                for (p, k, side, id) in m.units() {
                    let mover_ok = pos.state().mover.is_none_or(|x| x == id);
                    if side != me || m.paralysed(p) || !mover_ok || !matches!(k, KNIGHT | JESTER) {
                        continue;
                    }
                    for (df, dr) in KNIGHT_OFFSETS {
                        let t = (p.0 + df, p.1 + dr);
                        if !inside(t) || m.at(t).is_some() {
                            continue;
                        }
                        let paths = leap_paths(p, t);
                        if k == JESTER {
                            let affected = paths.iter().flatten().any(|&v| matches!(m.at(v), Some((kv, _, _)) if kv != JESTER && kv != KING));
                            let plain = Action::step(sq(p), sq(t));
                            let named: Vec<Action> = paths
                                .iter()
                                .map(|pp| Action::new(ActionKind::Move, &[sq(p), sq(pp[0]), sq(t)]))
                                .collect();
                            if affected {
                                seen.hit("jester names a path");
                                prop_assert!(
                                    !cands.contains(&plain)
                                        && named.iter().all(|n| cands.contains(n)),
                                    "jester paths {}→{}",
                                    sq(p),
                                    sq(t)
                                );
                            } else {
                                prop_assert!(
                                    cands.contains(&plain)
                                        && named.iter().all(|n| !cands.contains(n)),
                                    "jester plain leap {}→{}",
                                    sq(p),
                                    sq(t)
                                );
                            }
                            continue;
                        }
                        for &v in paths.iter().flatten() {
                            let Some((kv, sv, _)) = m.at(v) else { continue };
                            if sv == me {
                                continue;
                            }
                            let act = Action::new(ActionKind::Move, &[sq(p), sq(v), sq(t)]);
                            let allowed = kv != KNIGHT && !m.guarded(v);
                            if kv == KNIGHT {
                                seen.hit("leap capture refused: kind");
                            } else if m.guarded(v) {
                                seen.hit("leap capture refused: guards");
                            } else if pos.state().mover.is_some() {
                                seen.hit("leap capture on leg 2");
                            } else {
                                seen.hit("leap capture on leg 1");
                            }
                            prop_assert_eq!(
                                cands.contains(&act),
                                allowed,
                                "{} in {}",
                                r.format_action(pos, &act),
                                fen(&r, pos)
                            );
                        }
                    }
                }
            }
            for a in acts {
                let Some(s0) = a.from() else { continue };
                if a.kind != ActionKind::Move
                    || a.path.len() != 3
                    || pos.piece_at(s0).map(|x| x.0) != Some(KNIGHT)
                {
                    continue;
                }
                let (p, v, t) = (xy(s0), xy(a.path[1]), xy(a.path[2]));
                prop_assert!(
                    knight_offset(p, t) && m.at(t).is_none(),
                    "landing square not an empty knight leap"
                );
                prop_assert!(
                    leap_paths(p, t).iter().flatten().any(|&x| x == v),
                    "victim off the leap paths"
                );
                let (q, _) = after(&r, pos, a);
                let caps = captured(pos, &q);
                prop_assert_eq!(caps.len(), 1, "one capture");
                prop_assert_eq!(caps[0].1, sq(v));
                prop_assert!(turn_over(pos, &q), "a leap capture did not end the turn");
            }
            Ok(())
        })
    });
    seen.require(
        "H8",
        &[
            "leap capture on leg 1",
            "leap capture on leg 2",
            "leap capture refused: kind",
            "leap capture refused: guards",
            "jester names a path",
        ],
        3,
    );
}

// ---------------------------------------------------------------------------
// H9: promotion and pawn loss
// ---------------------------------------------------------------------------

const H9: Theme = Theme {
    kinds: &[
        PAWN, PAWN, PAWN, PAWN, PAWN, JESTER, JESTER, JESTER, KNIGHT, BISHOP, ROOK, ROOK, ROOK,
        ROOK, QUEEN, DRAGON,
    ],
    units: (8, 16),
    spread: 3,
    king_spread: 5,
    centre: (0, 12),
    deaths: (0, 4),
    // Timers freeze jesters: a pawn can take a jester only when it has no presence.
    timers: (1, 5),
    reserve: (0, 1),
    walk: 8,
};

fn lost(pos: &Fc12Position, side: Side) -> bool {
    king_of(pos, side).is_none() || pos.pieces(side, PAWN).is_empty()
}

/// Catalog section 22 item 9, **promotion and pawn loss** (F12-PAWN-01..03,
/// F12-MOVE-02, F12-VICT-01..04, F12-KING-02, F12-JEST-06): pawns step backward too; a
/// pawn capturing a non-pawn becomes that kind at once, a jester's capturer dies in the
/// blast; a pawn ending a leg alive on its far rank promotes with the chosen kind; a
/// pawn pushed there by the enemy promotes first thing in its owner's next turn; after
/// every action a side without king or pawns has lost (promoted and exchanged pawns are
/// lost; if both sides, the mover).
#[test]
fn fc12_h9_promotion_and_pawn_loss() {
    let r = rules();
    let seen = Seen::default();
    run("H9", 2500, 1209, spec(H9), |s| {
        let Some(pos) = Board::from_spec(&s).position(&r) else {
            return Ok(());
        };
        walk(&r, pos, &s.walk, |pos, acts| {
            let me = pos.to_move();
            if !pos.pending().is_empty() {
                prop_assert!(
                    acts.iter().all(|a| a.kind == ActionKind::Act),
                    "a promotion is owed first"
                );
            }
            let far_pawns = pos
                .pieces(me, PAWN)
                .iter()
                .filter(|s| s.rank() as i32 == far_rank(me))
                .count();
            if pos.state().mover.is_none() {
                prop_assert_eq!(
                    far_pawns,
                    pos.pending().len(),
                    "pawns on the far rank owe a promotion"
                );
            }
            for a in acts {
                let (q, _) = after(&r, pos, a);
                let (lm, lo) = (lost(&q, me), lost(&q, me.opposite()));
                let winner = q.result().and_then(|o| o.winner);
                if lm {
                    prop_assert_eq!(
                        winner,
                        Some(me.opposite()),
                        "mover lost: {}",
                        r.format_action(pos, a)
                    );
                    if lo {
                        seen.hit("both sides lose, the mover loses");
                    }
                } else if lo {
                    prop_assert_eq!(
                        winner,
                        Some(me),
                        "opponent lost: {}",
                        r.format_action(pos, a)
                    );
                    if q.pieces(me.opposite(), PAWN).is_empty() {
                        seen.hit("pawn loss ends the game");
                    }
                } else if let Some(o) = q.result() {
                    prop_assert!(o.reason == "checkmate" || o.reason == "stalemate", "{o}");
                }
                // An enemy pawn pushed onto its far rank promotes first thing in its
                // owner's next turn.
                if a.kind == ActionKind::Move
                    && a.path.len() == 3
                    && pos.piece_at(a.path[0]).map(|x| x.0) == Some(ROOK)
                {
                    let victim = pos.unit_at(a.path[2]).expect("pushed");
                    let on = q.unit(victim).loc.square();
                    if pos.unit(victim).kind == PAWN
                        && on.is_some_and(|x| x.rank() as i32 == far_rank(me.opposite()))
                    {
                        seen.hit("pushed pawn promotes next turn");
                        prop_assert_eq!(
                            q.unit(victim).kind,
                            PAWN,
                            "promoted during the enemy's turn"
                        );
                        if turn_over(pos, &q) && q.result().is_none() {
                            let next = legal(&r, &q);
                            prop_assert!(
                                !next.is_empty() && next.iter().all(|c| c.kind == ActionKind::Act),
                                "promotion owed first"
                            );
                            let c = next
                                .iter()
                                .find(|c| c.path[0] == on.expect("on"))
                                .expect("choice for the pushed pawn");
                            let (q2, _) = after(&r, &q, c);
                            prop_assert_eq!(Some(q2.unit(victim).kind), c.piece);
                            prop_assert_eq!(
                                q2.to_move(),
                                me.opposite(),
                                "the choice does not use up the turn"
                            );
                        }
                    }
                }
                if a.kind == ActionKind::Exchange {
                    if pos.piece_at(a.path[1]).map(|x| x.0) == Some(PAWN) {
                        seen.hit("exchange removes a pawn");
                    }
                    continue;
                }
                let gone_pawns = |side| {
                    gone(pos, &q)
                        .iter()
                        .filter(|(id, _, _)| {
                            pos.unit(*id).kind == PAWN && pos.unit(*id).side == side
                        })
                        .count()
                };
                if gone_pawns(me) > 0
                    && gone_pawns(me.opposite()) > 0
                    && captured(pos, &q)
                        .iter()
                        .any(|(id, _)| pos.unit(*id).kind == JESTER)
                {
                    seen.hit("blast kills pawns of both sides");
                }
                if a.kind != ActionKind::Move || pos.piece_at(a.path[0]).map(|x| x.0) != Some(PAWN)
                {
                    continue;
                }
                let (s0, t, _) = leg_parts(pos, a);
                let id = pos.unit_at(s0).expect("pawn");
                let forward = if me == Side::White { 1 } else { -1 };
                if (xy(t).1 - xy(s0).1) * forward < 0 {
                    seen.hit("backward pawn move");
                }
                let alive = q.unit(id).loc.on_board();
                let new_kind = q.unit(id).kind;
                let far = xy(t).1 == far_rank(me);
                match pos.unit_at(t).map(|v| pos.unit(v).kind) {
                    Some(JESTER) => {
                        seen.hit("pawn takes a jester and dies");
                        prop_assert!(!alive, "the pawn survived its own blast");
                    }
                    _ if pos.marks(0).contains(t) => prop_assert!(!alive),
                    Some(vk) if vk != PAWN && vk != KING => {
                        seen.hit("early promotion");
                        prop_assert_eq!(new_kind, vk, "early promotion by capture");
                    }
                    _ if far && alive => {
                        seen.hit("last-rank promotion");
                        prop_assert!(a.piece.is_some(), "far-rank leg without a promotion");
                        prop_assert_eq!(Some(new_kind), a.piece);
                    }
                    _ => prop_assert_eq!(new_kind, PAWN),
                }
            }
            Ok(())
        })
    });
    seen.require(
        "H9",
        &[
            "backward pawn move",
            "early promotion",
            "last-rank promotion",
            "pawn takes a jester and dies",
            "exchange removes a pawn",
            "pawn loss ends the game",
        ],
        3,
    );
    seen.require(
        "H9",
        &[
            "pushed pawn promotes next turn",
            "both sides lose, the mover loses",
            "blast kills pawns of both sides",
        ],
        1,
    );
}

// ---------------------------------------------------------------------------
// H10: paralysis timers and repetition
// ---------------------------------------------------------------------------

const H10: Theme = Theme {
    kinds: &[
        PAWN, PAWN, KNIGHT, BISHOP, ROOK, ROOK, DRAGON, QUEEN, JESTER, JESTER,
    ],
    units: (8, 18),
    spread: 3,
    king_spread: 4,
    centre: (0, 12),
    deaths: (1, 6),
    timers: (1, 4),
    reserve: (1, 2),
    walk: 10,
};

/// Catalog section 22 item 10, **paralysis timers and repetition** (F12-PARA-01..03,
/// F12-DRAW-01, F12-ROOK-03, F12-JEST-03..04, F12-DETH-04): positions that differ only
/// in one unit's timer (turns left) have different repetition keys and are not the
/// same position, while shifting every absolute turn counter keeps both; timers count
/// the owner's turns (one per owner turn, whatever the number of actions); a new
/// paralysis takes the maximum, never the sum; only the actor (crossing), a pushed
/// unit or a unit on a named jester path gets a timer (presence writes none); a
/// timer-frozen unit never acts.
#[test]
fn fc12_h10_paralysis_timers_and_repetition() {
    let r = rules();
    let seen = Seen::default();
    run("H10", 800, 1210, spec(H10), |s| {
        let board = Board::from_spec(&s);
        let Some(pos) = board.position(&r) else {
            return Ok(());
        };
        // One timer changed.
        let on: Vec<(u8, u8)> = (0..12u8)
            .flat_map(|rk| (0..12u8).map(move |f| (f, rk)))
            .filter(
                |&(f, rk)| matches!(board.grid[rk as usize][f as usize], Some((k, _)) if k != KING),
            )
            .collect();
        if !on.is_empty() {
            let which = on[s.walk[0].index(on.len())];
            let mut b2 = board.clone();
            match b2.timers.get(&which).copied() {
                Some(1) => b2.timers.remove(&which),
                Some(n) => b2.timers.insert(which, n - 1),
                None => b2.timers.insert(which, 1 + (s.walk[1].index(3) as u32)),
            };
            if let Some(p2) = b2.position(&r) {
                seen.hit("timer variant");
                prop_assert_ne!(
                    r.repetition_key(&pos),
                    r.repetition_key(&p2),
                    "{} vs {}",
                    board.fen(),
                    b2.fen()
                );
                prop_assert!(!r.same_for_repetition(&pos, &p2));
            }
        }
        // The same turns left under other absolute counters.
        let mut shifted = pos.clone();
        let k = 1 + s.walk[2].index(7) as u32;
        let mut t = shifted.turns();
        t[Side::White] += k;
        t[Side::Black] += k;
        shifted.set_turns(t);
        for id in pos.unit_ids() {
            if pos.unit(id).status.frozen_through != 0 {
                shifted.update_status(id, |st| st.frozen_through += k);
            }
        }
        prop_assert_eq!(r.repetition_key(&pos), r.repetition_key(&shifted));
        prop_assert!(r.same_for_repetition(&pos, &shifted));

        let mut starts: BTreeMap<Side, BTreeMap<UnitId, (u32, u32)>> = BTreeMap::new();
        walk(&r, pos, &s.walk, |pos, acts| {
            let me = pos.to_move();
            let m = Model::new(pos);
            if pos.state().mover.is_none() && pos.pending().is_empty() {
                let now: BTreeMap<UnitId, (u32, u32)> = pos
                    .unit_ids()
                    .filter(|&id| pos.unit(id).side == me && pos.unit(id).loc.on_board())
                    .map(|id| {
                        (
                            id,
                            (
                                pos.unit(id).status.frozen_through,
                                paralysis::turns_left(pos, id),
                            ),
                        )
                    })
                    .collect();
                if let Some(prev) = starts.get(&me) {
                    for (id, (ft, left)) in &now {
                        if let Some((pft, pleft)) = prev.get(id) {
                            if pft == ft && *pleft > 0 {
                                seen.hit("timer counted down over an owner turn");
                                prop_assert_eq!(*left, pleft - 1, "one owner turn, one step");
                            }
                        }
                    }
                }
                starts.insert(me, now);
            }
            for a in acts {
                let (q, ev) = after(&r, pos, a);
                let actor = a.from().and_then(|s| pos.unit_at(s));
                if matches!(a.kind, ActionKind::Move | ActionKind::Swap) {
                    let id = actor.expect("actor");
                    prop_assert_eq!(m.turns_left(id), 0, "a timer-frozen unit acts");
                    if m.presence(xy(a.path[0])) {
                        return Err(TestCaseError::fail("a presence-paralysed unit acts"));
                    }
                }
                let mut allowed: BTreeSet<UnitId> = actor.into_iter().collect();
                for e in &ev {
                    if let Event::Pushed { unit, .. } = e {
                        allowed.insert(*unit);
                    }
                }
                if a.kind == ActionKind::Move
                    && a.path.len() == 3
                    && pos.piece_at(a.path[0]).map(|x| x.0) == Some(JESTER)
                {
                    let (f, p1, t) = (xy(a.path[0]), xy(a.path[1]), xy(a.path[2]));
                    for pp in leap_paths(f, t).into_iter().filter(|pp| pp[0] == p1) {
                        for x in pp {
                            allowed.extend(m.at(x).map(|c| c.2));
                        }
                    }
                }
                for id in pos.unit_ids() {
                    if !pos.unit(id).loc.on_board() || !q.unit(id).loc.on_board() {
                        continue;
                    }
                    let (b, n) = (
                        pos.unit(id).status.frozen_through,
                        q.unit(id).status.frozen_through,
                    );
                    let owner = pos.unit(id).side;
                    prop_assert!(
                        n <= b.max(pos.turns()[owner] + 2),
                        "paralysis added up: {b} -> {n}"
                    );
                    if n > b {
                        prop_assert!(
                            allowed.contains(&id),
                            "{} paralysed a bystander in {}",
                            r.format_action(pos, a),
                            fen(&r, pos)
                        );
                        if m.turns_left(id) > 0 {
                            seen.hit("re-paralysis takes the maximum");
                        }
                    } else if m.presence(xy(pos.unit(id).loc.square().expect("on"))) {
                        seen.hit("presence without a timer");
                    }
                }
            }
            Ok(())
        })
    });
    seen.require(
        "H10",
        &[
            "timer variant",
            "timer counted down over an owner turn",
            "re-paralysis takes the maximum",
            "presence without a timer",
        ],
        3,
    );
}
