//! The ten hardest Denial/Bait interactions (catalog `rules/denial-bait.md`, "The 10
//! hardest interactions (property-test targets)") as property tests, one per item, named
//! `db_h<N>_<item>`.
//!
//! Random play from the start rarely reaches these interactions, so each property builds
//! targeted random set-ups (FEN placements of the kinds the interaction needs, riders put
//! into rooks, exiled pieces, the denial right given to the side that needs it) and plays
//! random legal actions from there, checking the catalog's property against the engine's
//! `actions`/`perform` results with tests written here. Each property also counts how
//! often its interaction occurred and fails if it occurred too rarely.
//!
//! Runs are deterministic (fixed proptest seed per test); `FROZEN_PROPTEST_SEED` changes
//! the seed and `FROZEN_PROPTEST_CASES` the number of cases of every test. Denial/Bait move
//! generation is brute force (every check test plays the opponent's movements), so the case
//! counts are small and the set-ups dense.

use frozen_core::{Action, ActionKind, Event, Kind, Location, Position, Rules, Side, UnitId};
use frozen_variants::denial_bait::base::Place;
use frozen_variants::denial_bait::base::{snap_of, Board, DbState};
use frozen_variants::denial_bait::{
    chain, combine_links, context, fide, legal_movements, DenialBait,
};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

type Pos = Position<DbState>;

const KING: Kind = Kind(0);
const QUEEN: Kind = Kind(1);
const ROOK: Kind = Kind(2);
const BISHOP: Kind = Kind(3);
const KNIGHT: Kind = Kind(4);
const PAWN: Kind = Kind(5);
const STATUE: Kind = Kind(6);
const LETTERS: [char; 7] = ['K', 'Q', 'R', 'B', 'N', 'P', 'S'];
/// Pieces of each kind in the set (statues are pawns).
const SET: [usize; 6] = [1, 1, 2, 2, 2, 8];

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
        max_shrink_iters: 64,
        ..Config::default()
    })
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

/// Named coverage counters: how often an interaction was met.
#[derive(Default)]
struct Seen(RefCell<BTreeMap<&'static str, u64>>);

impl Seen {
    fn hit(&self, what: &'static str) {
        *self.0.borrow_mut().entry(what).or_default() += 1;
    }
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

// ---------------------------------------------------------------------------
// Targeted random set-ups
// ---------------------------------------------------------------------------

#[derive(Clone, Copy)]
struct Theme {
    /// Kinds of the placed pieces, repeated for weight (kings are always placed).
    kinds: &'static [Kind],
    pieces: (usize, usize),
    /// Squares are drawn from files and ranks `lo..hi` around the kings' area.
    area: (u8, u8),
    /// Files and ranks the kings are drawn from.
    king_area: (u8, u8),
    riders: (usize, usize),
    rider_kinds: &'static [Kind],
    exiled: (usize, usize),
    walk: usize,
}

#[derive(Clone, Debug)]
struct Spec {
    black: bool,
    holder_to_move: bool,
    kings: ((u8, u8), (u8, u8)),
    pieces: Vec<(u8, u8, Kind, bool)>,
    riders: Vec<(Index, Kind, bool)>,
    exiled: Vec<(Kind, bool)>,
    walk: Vec<Index>,
}

fn spec(t: Theme) -> impl Strategy<Value = Spec> {
    let (lo, hi) = t.area;
    let (klo, khi) = t.king_area;
    (
        any::<bool>(),
        any::<bool>(),
        ((klo..khi, klo..khi), (klo..khi, klo..khi)),
        prop::collection::vec(
            (lo..hi, lo..hi, prop::sample::select(t.kinds), any::<bool>()),
            t.pieces.0..=t.pieces.1,
        ),
        prop::collection::vec(
            (
                any::<Index>(),
                prop::sample::select(t.rider_kinds),
                any::<bool>(),
            ),
            t.riders.0..=t.riders.1,
        ),
        prop::collection::vec(
            (
                prop::sample::select(&[QUEEN, ROOK, BISHOP, KNIGHT][..]),
                any::<bool>(),
            ),
            t.exiled.0..=t.exiled.1,
        ),
        prop::collection::vec(any::<Index>(), t.walk),
    )
        .prop_map(
            |(black, holder_to_move, kings, pieces, riders, exiled, walk)| Spec {
                black,
                holder_to_move,
                kings,
                pieces,
                riders,
                exiled,
                walk,
            },
        )
}

fn side_of(white: bool) -> Side {
    if white {
        Side::White
    } else {
        Side::Black
    }
}

fn kind_slot(k: Kind) -> usize {
    if k == STATUE {
        PAWN.0 as usize
    } else {
        k.0 as usize
    }
}

/// The FEN of a spec's placement (None if the kings clash).
fn placement_fen(s: &Spec) -> Option<String> {
    let mut grid: [[Option<(Kind, Side)>; 8]; 8] = [[None; 8]; 8];
    let (wk, bk) = s.kings;
    if wk == bk {
        return None;
    }
    grid[wk.1 as usize][wk.0 as usize] = Some((KING, Side::White));
    grid[bk.1 as usize][bk.0 as usize] = Some((KING, Side::Black));
    let mut count = [[0usize; 6]; 2];
    count[0][0] = 1;
    count[1][0] = 1;
    for &(f, r, k, white) in &s.pieces {
        let side = side_of(white);
        let slot = kind_slot(k);
        if grid[r as usize][f as usize].is_some() || count[side.index()][slot] >= SET[slot] {
            continue;
        }
        let rel = if white { r } else { 7 - r };
        // Pawns off their first and last rows; statues only on their last row.
        if (k == PAWN && (rel == 0 || rel == 7)) || (k == STATUE && rel != 7) {
            continue;
        }
        count[side.index()][slot] += 1;
        grid[r as usize][f as usize] = Some((k, side));
    }
    for side in Side::ALL {
        if count[side.index()][PAWN.0 as usize] == 0 {
            // Keep a pawn so that the game does not end by King-in-Exile rules at once.
            let r = if side == Side::White { 1 } else { 6 };
            let f = (0..8).find(|&f| grid[r][f].is_none())?;
            grid[r][f] = Some((PAWN, side));
        }
    }
    let mut rows = Vec::new();
    for r in (0..8).rev() {
        let mut row = String::new();
        let mut e = 0;
        for cell in grid[r] {
            match cell {
                None => e += 1,
                Some((k, side)) => {
                    if e > 0 {
                        row.push_str(&e.to_string());
                        e = 0;
                    }
                    let c = LETTERS[k.0 as usize];
                    row.push(if side == Side::White {
                        c
                    } else {
                        c.to_ascii_lowercase()
                    });
                }
            }
        }
        if e > 0 {
            row.push_str(&e.to_string());
        }
        rows.push(row);
    }
    let mut castle = String::new();
    let at = |f: usize, r: usize| grid[r][f];
    if at(4, 0) == Some((KING, Side::White)) {
        if at(7, 0) == Some((ROOK, Side::White)) {
            castle.push('K');
        }
        if at(0, 0) == Some((ROOK, Side::White)) {
            castle.push('Q');
        }
    }
    if at(4, 7) == Some((KING, Side::Black)) {
        if at(7, 7) == Some((ROOK, Side::Black)) {
            castle.push('k');
        }
        if at(0, 7) == Some((ROOK, Side::Black)) {
            castle.push('q');
        }
    }
    if castle.is_empty() {
        castle.push('-');
    }
    Some(format!(
        "{} {} {} - 0 1",
        rows.join("/"),
        if s.black { 'b' } else { 'w' },
        castle
    ))
}

fn spare(p: &Pos, kind: Kind, side: Side) -> Option<UnitId> {
    p.unit_ids().find(|&i| {
        let u = p.unit(i);
        u.side == side && u.kind == kind && matches!(u.loc, Location::Captured(_))
    })
}

/// The position of a spec: FEN, riders from the captured piles into random rooks, exiled
/// pieces, the denial right; None if invalid or if the side not to act is in check.
fn build(r: &DenialBait, s: &Spec) -> Option<Pos> {
    build_why(r, s).ok()
}

/// [`build_once`], with the other side to act if the side not to act is in check.
fn build_why(r: &DenialBait, s: &Spec) -> Result<Pos, String> {
    match build_once(r, s) {
        Err(e) if e == CHECKED => {
            let mut s2 = s.clone();
            s2.black = !s.black;
            build_once(r, &s2)
        }
        other => other,
    }
}

const CHECKED: &str = "side not to act in check";

fn build_once(r: &DenialBait, s: &Spec) -> Result<Pos, String> {
    let f = placement_fen(s).ok_or("kings clash")?;
    let mut p = r
        .position_from_fen(&f)
        .map_err(|e| format!("fen {f}: {e}"))?;
    let rooks: Vec<UnitId> = p
        .unit_ids()
        .filter(|&i| p.unit(i).kind == ROOK && p.unit(i).loc.on_board())
        .collect();
    if !rooks.is_empty() {
        for (i, k, white) in &s.riders {
            let by = rooks[i.index(rooks.len())];
            let Some(id) = spare(&p, *k, side_of(*white)) else {
                continue;
            };
            let slot = p.cargo(by).len() as u8;
            p.relocate(id, Location::Carried { by, slot });
        }
    }
    for (k, white) in &s.exiled {
        if let Some(id) = spare(&p, *k, side_of(*white)) {
            p.relocate(id, Location::Exiled);
        }
    }
    let me = p.to_move();
    let holder = if s.holder_to_move { me } else { me.opposite() };
    p.update_state(|st| st.denial = holder);
    let snap = snap_of(&p);
    p.update_state(|st| st.turn.start = Some(snap));
    let v = r.validate(&p);
    if !v.is_empty() {
        return Err(format!("invalid: {v:?}"));
    }
    let b = Board::load(&p);
    if fide::in_check(&b, me.opposite()) {
        return Err(CHECKED.into());
    }
    Ok(p)
}

fn rules() -> DenialBait {
    DenialBait::new()
}

fn legal(r: &DenialBait, p: &Pos) -> Vec<Action> {
    let mut v = Vec::new();
    r.actions(p, &mut v);
    v
}

fn text(r: &DenialBait, p: &Pos, a: &Action) -> String {
    r.format_action(p, a)
}

/// Plays random legal actions until the turn of the side whose turn it is now is over (the
/// other side's turn has started) or the game ends; returns the actions with their events.
/// `pick` chooses among the listed actions.
fn play_turn(
    r: &DenialBait,
    p: &mut Pos,
    mut pick: impl FnMut(&Pos, &[Action]) -> usize,
) -> Vec<(Action, Vec<Event>)> {
    let mover = p.state().turn.mover;
    let mut played = Vec::new();
    for _ in 0..40 {
        if p.result().is_some() || p.state().turn.mover != mover {
            break;
        }
        let acts = legal(r, p);
        if acts.is_empty() {
            break;
        }
        let a = acts[pick(p, &acts) % acts.len()].clone();
        let mut ev = Vec::new();
        r.perform(p, &a, &mut ev);
        played.push((a, ev));
    }
    played
}

/// True if `a` removes a piece directly or starts a chain: a capture at the destination or
/// on a knight path, an all-round capture, a statue or bishop promotion.
fn juicy(p: &Pos, a: &Action) -> bool {
    let me = p.to_move();
    match a.kind {
        ActionKind::Act => true,
        ActionKind::Move => a
            .path
            .iter()
            .skip(1)
            .any(|&s| p.piece_at(s).is_some_and(|(_, side)| side != me)),
        _ => false,
    }
}

/// A deterministic chooser from a list of indices (cycled), avoiding `deny`, and taking a
/// capturing or chain-starting action two times out of three when there is one.
fn chooser(walk: &[Index], salt: usize) -> impl FnMut(&Pos, &[Action]) -> usize + '_ {
    let mut i = salt;
    move |p, acts| {
        i += 1;
        let ix = walk[i % walk.len()];
        let juicy_ones: Vec<usize> = (0..acts.len()).filter(|&j| juicy(p, &acts[j])).collect();
        if !juicy_ones.is_empty() && ix.index(3) != 0 {
            return juicy_ones[ix.index(juicy_ones.len())];
        }
        let pool: Vec<usize> = (0..acts.len())
            .filter(|&j| acts[j].kind != ActionKind::Deny)
            .collect();
        if pool.is_empty() {
            ix.index(acts.len())
        } else {
            pool[ix.index(pool.len())]
        }
    }
}

fn events_of(t: &[(Action, Vec<Event>)]) -> impl Iterator<Item = &Event> {
    t.iter().flat_map(|(_, e)| e.iter())
}

// ---------------------------------------------------------------------------
// H1: denial undo is exact
// ---------------------------------------------------------------------------

const RICH: Theme = Theme {
    kinds: &[
        QUEEN, ROOK, ROOK, BISHOP, BISHOP, KNIGHT, KNIGHT, PAWN, PAWN, PAWN, PAWN, STATUE,
    ],
    pieces: (8, 16),
    area: (0, 8),
    king_area: (0, 8),
    riders: (0, 3),
    rider_kinds: &[PAWN, KNIGHT, ROOK, BISHOP, QUEEN],
    exiled: (0, 2),
    walk: 12,
};

/// Catalog H1, **denial undo is exact** (DB-DENY-03, DB-DENY-04, DB-DENY-05,
/// DB-BASE-06): after a random complete turn T from a targeted set-up (revenge, falls,
/// raises, conversions, statues, exiles, piles), `deny` restores the position at T's start
/// bit for bit, hash included, except the denial fields (right passed to T's mover, immunity
/// to the denier, T's identity forbidden); and the replacement movements are exactly the
/// legal movements at T's start minus T's identity.
#[test]
fn db_h1_denial_undo_exact() {
    let r = rules();
    let seen = Seen::default();
    run("H1", 800, 2001, spec(RICH), |s| {
        let mut s2 = s.clone();
        s2.holder_to_move = false;
        let Some(start) = build(&r, &s2) else {
            return Ok(());
        };
        let me = start.to_move();
        let mut p = start.clone();
        let t = play_turn(&r, &mut p, chooser(&s.walk, 0));
        if p.result().is_some() || p.state().turn.mover == me {
            return Ok(());
        }
        let Some(last) = p.state().last.clone() else {
            return Ok(());
        };
        let acts = legal(&r, &p);
        let deny = acts.iter().find(|a| a.kind == ActionKind::Deny).cloned();
        let Some(deny) = deny else {
            prop_assert!(!last.deniable, "deniable turn without `deny`");
            return Ok(());
        };
        seen.hit("turn denied");
        let evs: Vec<&Event> = events_of(&t).collect();
        if evs.iter().any(|e| matches!(e, Event::Captured { .. })) {
            seen.hit("denied a capture");
        }
        if evs.iter().any(|e| matches!(e, Event::Exploded { .. })) {
            seen.hit("denied a revenge");
        }
        if evs
            .iter()
            .any(|e| matches!(e, Event::Note(n) if n.contains("falls")))
        {
            seen.hit("denied a fall");
        }
        if evs.iter().any(|e| matches!(e, Event::Promoted { .. })) {
            seen.hit("denied a promotion or statue");
        }
        if evs.iter().any(|e| {
            matches!(
                e,
                Event::Removed {
                    to: Location::Exiled,
                    ..
                }
            )
        }) {
            seen.hit("denied an exile");
        }
        if last.movement.links.len() > 1 {
            seen.hit("denied a movement of several actions");
        }
        let mut q = p.clone();
        r.perform(&mut q, &deny, &mut Vec::new());
        // Bit for bit, except the fields a denial sets.
        let mut want = start.clone();
        want.set_state(q.state().clone());
        want.set_ply(q.ply());
        want.set_pending(q.pending().iter().cloned().collect());
        want.set_result(q.result().cloned());
        prop_assert!(want == q, "denial did not restore the start of the turn");
        prop_assert_eq!(want.hash(), q.hash());
        prop_assert_eq!(&q.state().game, &start.state().game);
        prop_assert_eq!(
            q.state().denial,
            me,
            "the right passes to the denied player"
        );
        prop_assert_eq!(q.state().immune, Some(me.opposite()));
        prop_assert_eq!(q.state().forbidden.as_ref(), Some(&last.movement));
        // The replacement set.
        if !last.movement.bait && start.state().game.forced.is_none() {
            let set = |pos: &Pos| -> BTreeSet<String> {
                let mut v = Vec::new();
                legal_movements(&Board::load(pos), pos.state(), &mut v);
                v.iter().map(|a| format!("{a:?}")).collect()
            };
            let mut before = set(&start);
            let denied = combine_links(&last.movement.links).expect("identity");
            prop_assert!(
                before.remove(&format!("{denied:?}")),
                "the denied movement was not legal at the start"
            );
            prop_assert_eq!(
                set(&q),
                before,
                "replacements = legal at the start minus the denied identity"
            );
        }
        Ok(())
    });
    seen.require(
        "H1",
        &[
            "turn denied",
            "denied a capture",
            "denied a movement of several actions",
        ],
        3,
    );
    seen.require(
        "H1",
        &[
            "denied a revenge",
            "denied a fall",
            "denied a promotion or statue",
            "denied an exile",
        ],
        1,
    );
}

/// Plays `n` random actions (denials included now and then), calling `check` after each
/// with the position before, the action, the position after and its events.
fn walk(
    r: &DenialBait,
    mut p: Pos,
    choices: &[Index],
    mut check: impl FnMut(&Pos, &Action, &Pos, &[Event]) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let mut pick = chooser(choices, 3);
    for (n, i) in choices.iter().enumerate() {
        if p.result().is_some() {
            break;
        }
        let acts = legal(r, &p);
        if acts.is_empty() {
            break;
        }
        let j = match acts.iter().position(|a| a.kind == ActionKind::Deny) {
            Some(d) if i.index(3) == 0 => d,
            _ => pick(&p, &acts) % acts.len(),
        };
        let a = acts[j].clone();
        let mut q = p.clone();
        let mut ev = Vec::new();
        r.perform(&mut q, &a, &mut ev);
        check(&p, &a, &q, &ev)
            .map_err(|e| TestCaseError::fail(format!("step {n}, {}: {e}", text(r, &p, &a))))?;
        p = q;
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// H2: conservation
// ---------------------------------------------------------------------------

/// Catalog H2, **conservation** (DB-BASE-01, DB-PROM-01, DB-CAPT-04): after every action of
/// random play from rich set-ups (stacks, exiles, conversions, revenge, denials) the 32
/// units are all there, each side keeps exactly its set (K, Q, 2 R, 2 B, 2 N, and pawns
/// plus statues 8: so never two queens or three knights), no unit changes owner, a pawn or
/// statue is never in an exile pile, only pawns are spent, a captured unit sits in the
/// opponent's pile, and riders ride a ground rook in contiguous slots.
#[test]
fn db_h2_conservation() {
    let r = rules();
    let seen = Seen::default();
    run("H2", 500, 2002, spec(RICH), |s| {
        let Some(start) = build(&r, &s) else {
            return Ok(());
        };
        let sides: Vec<Side> = start.units().iter().map(|u| u.side).collect();
        walk(&r, start, &s.walk, |_, a, q, ev| {
            prop_assert_eq!(q.units().len(), 32);
            let mut count = [[0usize; 6]; 2];
            let mut slots: BTreeMap<UnitId, Vec<u8>> = BTreeMap::new();
            for (i, u) in q.units().iter().enumerate() {
                prop_assert_eq!(u.side, sides[i], "a unit changed owner");
                count[u.side.index()][kind_slot(u.kind)] += 1;
                match u.loc {
                    Location::Board(_) => {}
                    Location::Exiled => {
                        seen.hit("unit exiled");
                        prop_assert!(
                            u.kind != PAWN && u.kind != STATUE,
                            "a pawn in an exile pile"
                        );
                    }
                    Location::Dead => {
                        seen.hit("pawn spent");
                        prop_assert_eq!(u.kind, PAWN, "only pawns are spent");
                    }
                    Location::Captured(by) => {
                        prop_assert_ne!(by, u.side, "captured by its own side")
                    }
                    Location::Carried { by, slot } => {
                        seen.hit("rider");
                        prop_assert_eq!(q.unit(by).kind, ROOK, "a rider on a non-rook");
                        prop_assert!(q.unit(by).loc.on_board(), "a rider of a rider");
                        prop_assert!(u.kind != STATUE, "a statue riding");
                        slots.entry(by).or_default().push(slot);
                    }
                    other => return Err(TestCaseError::fail(format!("unit in {other:?}"))),
                }
            }
            for side in Side::ALL {
                prop_assert_eq!(count[side.index()], SET, "{} set changed", side);
            }
            for (_, mut v) in slots {
                v.sort_unstable();
                prop_assert!(
                    v.iter().enumerate().all(|(i, &s)| i == s as usize),
                    "rider slots {v:?}"
                );
            }
            if ev.iter().any(|e| matches!(e, Event::Entered { .. })) {
                seen.hit("unit came back (promotion or raise)");
            }
            if a.kind == ActionKind::Deny {
                seen.hit("denial");
            }
            Ok(())
        })
    });
    seen.require(
        "H2",
        &[
            "unit exiled",
            "rider",
            "unit came back (promotion or raise)",
            "denial",
            "pawn spent",
        ],
        3,
    );
}

// ---------------------------------------------------------------------------
// H3: stack collapse
// ---------------------------------------------------------------------------

const STACKS: Theme = Theme {
    kinds: &[ROOK, ROOK, ROOK, KNIGHT, KNIGHT, KNIGHT, PAWN, PAWN, QUEEN],
    pieces: (6, 12),
    area: (2, 6),
    king_area: (0, 8),
    riders: (2, 6),
    rider_kinds: &[KNIGHT, ROOK, PAWN],
    exiled: (0, 0),
    walk: 4,
};

/// The reference fall model (DB-ROOK-05, DB-ROOK-06): `stack` is the square's contents
/// (ground first) after the removal and any landing; `fallers` fall lowest first; each
/// strikes the ground piece (enemy: captured by the faller's side; own: exiled, a pawn
/// going to the opponent's pile) whose riders fall next. Returns the final contents and the
/// struck units with where they went.
fn fall_model(
    p: &Pos,
    mut stack: Vec<UnitId>,
    fallers: Vec<UnitId>,
) -> (Vec<UnitId>, Vec<(UnitId, Location)>) {
    let mut queue: std::collections::VecDeque<UnitId> = fallers.into();
    let mut struck = Vec::new();
    while let Some(f) = queue.pop_front() {
        let fs = p.unit(f).side;
        if stack.is_empty() {
            stack.push(f);
            continue;
        }
        let g = stack[0];
        let (gk, gs) = (p.unit(g).kind, p.unit(g).side);
        let to = if gs != fs {
            Location::Captured(fs)
        } else if gk == PAWN {
            Location::Captured(gs.opposite())
        } else {
            Location::Exiled
        };
        struck.push((g, to));
        let riders: Vec<UnitId> = stack[1..].to_vec();
        stack = vec![f];
        for (i, x) in riders.into_iter().enumerate() {
            queue.insert(i, x);
        }
    }
    (stack, struck)
}

fn contents(p: &Pos, s: frozen_core::Square) -> Vec<UnitId> {
    match p.unit_at(s) {
        Some(g) => std::iter::once(g).chain(p.cargo(g)).collect(),
        None => Vec::new(),
    }
}

/// Catalog H3, **stack collapse** (DB-ROOK-05, DB-ROOK-06, DB-KNGT-04, DB-QUEN-04): for
/// random stacks of knights, rooks and pawns of both colours, every legal removal of a
/// member — a capture of the loaded ground rook (the capturer is struck first), a knight's
/// path capture of a rider, an all-round capture next to the stack — ends with the square's
/// contents and the struck pieces' piles the reference fall model predicts. (The golden
/// examples L68 and L81 are `denial_bait_rules.rs::db_rook_05_golden_l68` and
/// `db_kngt_04_golden_l81`.)
#[test]
fn db_h3_stack_collapse() {
    let r = rules();
    let seen = Seen::default();
    run("H3", 1000, 2003, spec(STACKS), |s| {
        let p = match build_why(&r, &s) {
            Ok(p) => p,
            Err(e) => {
                if std::env::var("DB_WHY").is_ok() {
                    eprintln!("{e}");
                }
                return Ok(());
            }
        };
        let me = p.to_move();
        let loaded: Vec<frozen_core::Square> = p
            .unit_ids()
            .filter(|&i| p.unit(i).kind == ROOK && !p.cargo(i).is_empty())
            .filter_map(|i| p.unit(i).loc.square())
            .collect();
        for a in legal(&r, &p) {
            let Some(from) = a.path.first().copied() else {
                continue;
            };
            let Some((mk, ms)) = p.piece_at(from) else {
                continue;
            };
            if ms != me || matches!(mk, KING | BISHOP) {
                continue;
            }
            for &sq in &loaded {
                let before = contents(&p, sq);
                let (model_in, fallers, lander, how) = match a.kind {
                    // All-round capture next to the stack: the ground rook goes.
                    ActionKind::Act if mk == QUEEN && from.distance(sq) == 1 => {
                        let others = frozen_core::Square::all()
                            .filter(|&x| {
                                x != sq && x.distance(from) == 1 && x.file() < 8 && x.rank() < 8
                            })
                            .filter_map(|x| p.unit_at(x))
                            .any(|u| {
                                !p.cargo(u).is_empty()
                                    || matches!(p.unit(u).kind, QUEEN | BISHOP | KING)
                            });
                        if others || a.arg != 0 {
                            continue;
                        }
                        (
                            Vec::new(),
                            before[1..].to_vec(),
                            None,
                            "all-round next to a stack",
                        )
                    }
                    ActionKind::Move
                        if a.path.last() == Some(&sq)
                            && a.path.len() == 2
                            && a.arg & 1 == 0
                            && context::arg::victim(a.arg) == 0 =>
                    {
                        if mk == QUEEN || p.unit(before[0]).side == me {
                            continue;
                        }
                        if context::arg::mover(a.arg) != 0 {
                            continue;
                        }
                        // The capturer arrives with its own riders (a rook carries them).
                        let x = p.unit_at(from).expect("mover");
                        let arriving = if mk == ROOK {
                            contents(&p, from)
                        } else {
                            vec![x]
                        };
                        (
                            arriving,
                            before[1..].to_vec(),
                            Some(x),
                            "loaded rook captured",
                        )
                    }
                    ActionKind::Move
                        if mk == KNIGHT
                            && a.path.len() == 3
                            && a.path[1] == sq
                            && a.path[2] != sq =>
                    {
                        let k = context::arg::victim(a.arg);
                        if k == 0 || k >= before.len() {
                            continue;
                        }
                        (
                            before[..k].to_vec(),
                            before[k + 1..].to_vec(),
                            None,
                            "knight takes a rider",
                        )
                    }
                    _ => continue,
                };
                let mut q = p.clone();
                r.perform(&mut q, &a, &mut Vec::new());
                if q.state().turn.mover == me && q.result().is_none() {
                    continue; // a decision is pending (should not happen with these kinds)
                }
                let (want, struck) = fall_model(&p, model_in, fallers.clone());
                seen.hit(how);
                if struck.len() >= 2 {
                    seen.hit("two or more pieces struck");
                }
                if lander.is_some() && !fallers.is_empty() {
                    seen.hit("capturer struck by the first rider");
                }
                let show = |pos: &Pos, v: &[UnitId]| -> Vec<String> {
                    v.iter()
                        .map(|&u| format!("{}{:?}{:?}", u.0, pos.unit(u).kind, pos.unit(u).side))
                        .collect()
                };
                prop_assert_eq!(
                    contents(&q, sq),
                    want.clone(),
                    "{} (arg {}) on {}: before {:?}, after {:?}, events {:?}",
                    text(&r, &p, &a),
                    a.arg,
                    sq,
                    show(&p, &before),
                    show(&q, &contents(&q, sq)),
                    {
                        let mut ev = Vec::new();
                        let mut q2 = p.clone();
                        r.perform(&mut q2, &a, &mut ev);
                        ev
                    }
                );
                for (u, to) in struck {
                    if want.contains(&u) {
                        continue;
                    }
                    prop_assert_eq!(q.unit(u).loc, to, "struck {:?} by {}", u, text(&r, &p, &a));
                }
            }
        }
        Ok(())
    });
    seen.require(
        "H3",
        &[
            "loaded rook captured",
            "knight takes a rider",
            "all-round next to a stack",
            "two or more pieces struck",
            "capturer struck by the first rider",
        ],
        3,
    );
}

// ---------------------------------------------------------------------------
// H4: revenge cascades
// ---------------------------------------------------------------------------

const REVENGE: Theme = Theme {
    kinds: &[
        QUEEN, QUEEN, QUEEN, BISHOP, BISHOP, ROOK, ROOK, KNIGHT, PAWN, PAWN,
    ],
    pieces: (8, 14),
    area: (1, 7),
    king_area: (1, 7),
    riders: (0, 3),
    rider_kinds: &[PAWN, KNIGHT, BISHOP, ROOK],
    exiled: (0, 1),
    walk: 4,
};

/// The game end a position carries: the result, or the verdict waiting for the denial window.
fn end_of(p: &Pos) -> Option<frozen_core::Outcome> {
    p.result().cloned().or_else(|| p.state().verdict.clone())
}

/// A check run on each finished turn: the final position and the turn's events.
type TurnCheck<'a> = dyn FnMut(&Pos, &[Event]) -> Result<(), TestCaseError> + 'a;

/// Every way the current turn can finish from `p`, all decisions and continuations
/// branched (depth-first), calling `f` with each final position and the turn's events.
/// Returns the number of finished turns; fails past `depth` actions in one turn.
fn explore_turn(
    r: &DenialBait,
    p: &Pos,
    mover: Side,
    depth: usize,
    ev: &mut Vec<Event>,
    budget: &mut u32,
    f: &mut TurnCheck,
) -> Result<u32, TestCaseError> {
    if p.result().is_some() || p.state().turn.mover != mover {
        f(p, ev)?;
        return Ok(1);
    }
    prop_assert!(depth < 16, "a turn did not end after 16 actions");
    let mut n = 0;
    for a in legal(r, p) {
        if *budget == 0 {
            break;
        }
        *budget -= 1;
        let mut q = p.clone();
        let k = ev.len();
        r.perform(&mut q, &a, ev);
        n += explore_turn(r, &q, mover, depth + 1, ev, budget, f)?;
        ev.truncate(k);
    }
    Ok(n)
}

/// Catalog H4, **revenge cascades** (DB-QUEN-05..07, DB-BASE-04, DB-BISH-02, DB-EXIL-01):
/// every capture of a queen (and everything else) in dense set-ups of queens, bishops,
/// loaded rooks and Kings, with every combination of raise choices and movement
/// continuations branched, ends; a King removed by the cascade is exiled if the revenge is
/// its own queen's and the game then does not end by "king captured", while an enemy King
/// captured ends the game (result or verdict) with its side losing.
#[test]
fn db_h4_revenge_cascades() {
    let r = rules();
    let seen = Seen::default();
    run("H4", 500, 2004, spec(REVENGE), |s| {
        let Some(p) = build(&r, &s) else {
            return Ok(());
        };
        let me = p.to_move();
        // Every pseudo-legal movement (own King safety ignored), every decision: the
        // engine's flags name exactly the Kings the cascade captured or exiled.
        let b = Board::load(&p);
        let mut moves = Vec::new();
        fide::pseudo(&b, me, &p.state().game.ep, true, false, &mut moves);
        for a in &moves {
            let mut bad = None;
            chain::for_outcomes(&b, a, &p.state().game.ep, None, true, &mut |c, ctx| {
                for side in Side::ALL {
                    let Some(k) = c.king(side) else { continue };
                    let captured = matches!(c.pcs[k].place, Place::Captured(_));
                    let exiled = c.pcs[k].place == Place::Exiled;
                    if captured {
                        seen.hit("a cascade captures a King (own safety ignored)");
                    }
                    if exiled && b.pcs[k].place != Place::Exiled {
                        seen.hit("a cascade exiles a King (own safety ignored)");
                    }
                    if ctx.king_taken[side.index()] != captured
                        || (exiled && ctx.king_taken[side.index()])
                    {
                        bad = Some(format!(
                            "{side} King {:?}, taken flag {}",
                            c.pcs[k].place,
                            ctx.king_taken[side.index()]
                        ));
                        return false;
                    }
                }
                true
            });
            if let Some(e) = bad {
                return Err(TestCaseError::fail(format!("{}: {e}", text(&r, &p, a))));
            }
        }
        let mut budget = 400;
        let mut ev = Vec::new();
        explore_turn(&r, &p, me, 0, &mut ev, &mut budget, &mut |q, ev| {
            let booms = ev
                .iter()
                .filter(|e| matches!(e, Event::Exploded { .. }))
                .count();
            if booms == 0 {
                return Ok(());
            }
            seen.hit("revenge");
            if booms > 1 {
                seen.hit("revenge chain");
            }
            if ev
                .iter()
                .any(|e| matches!(e, Event::Note(n) if n.contains("falls")))
            {
                seen.hit("revenge makes a stack fall");
            }
            if ev.iter().any(|e| matches!(e, Event::Entered { .. })) {
                seen.hit("bishop raised in a cascade");
            }
            for side in Side::ALL {
                let Some(k) = q
                    .unit_ids()
                    .find(|&i| q.unit(i).kind == KING && q.unit(i).side == side)
                else {
                    continue;
                };
                match q.unit(k).loc {
                    Location::Captured(by) => {
                        seen.hit("revenge captures a King");
                        prop_assert_ne!(by, side);
                        let end = end_of(q);
                        prop_assert_eq!(
                            end.and_then(|o| o.winner),
                            Some(side.opposite()),
                            "a captured King did not end the game"
                        );
                    }
                    Location::Exiled => {
                        if p.unit(k).loc.on_board() {
                            seen.hit("revenge exiles its own King");
                        }
                        let end = end_of(q);
                        prop_assert!(
                            end.as_ref().is_none_or(|o| o.reason != "king captured"),
                            "an exiled King counted as captured"
                        );
                    }
                    _ => {}
                }
            }
            Ok(())
        })?;
        Ok(())
    });
    seen.require(
        "H4",
        &[
            "revenge",
            "revenge chain",
            "revenge exiles its own King",
            "a cascade captures a King (own safety ignored)",
            "a cascade exiles a King (own safety ignored)",
        ],
        3,
    );
    seen.require(
        "H4",
        &["revenge makes a stack fall", "bishop raised in a cascade"],
        1,
    );
}

// ---------------------------------------------------------------------------
// H5: check through chain reactions
// ---------------------------------------------------------------------------

/// Check by the definition (DB-FIDE-02), brute force without the engine's filters: some
/// pseudo-legal movement of the opponent, for some combination of owner decisions, captures
/// the King.
fn check_by_definition(b: &Board, side: Side) -> bool {
    let Some(k) = b.king(side) else { return false };
    if !matches!(b.pcs[k].place, Place::Board(..)) {
        return false;
    }
    let opp = side.opposite();
    let mut c = b.clone();
    c.to_move = opp;
    let mut moves = Vec::new();
    fide::pseudo(&c, opp, &[], false, false, &mut moves);
    moves.iter().any(|a| {
        !chain::for_outcomes(&c, a, &[], None, true, &mut |_, ctx| {
            !ctx.king_taken[side.index()]
        })
    })
}

const CHAINS: Theme = Theme {
    kinds: &[
        QUEEN, ROOK, ROOK, BISHOP, BISHOP, KNIGHT, KNIGHT, PAWN, PAWN, STATUE,
    ],
    pieces: (8, 14),
    area: (1, 7),
    king_area: (1, 7),
    riders: (1, 4),
    rider_kinds: &[PAWN, KNIGHT, BISHOP, ROOK, QUEEN],
    exiled: (0, 1),
    walk: 6,
};

/// Catalog H5, **check through chain reactions** (DB-FIDE-02, DB-ROOK-08, DB-KING-06,
/// DB-QUEN-06, DB-KNGT-02, DB-STAT-02): on dense set-ups with Kings next to queens, Kings
/// riding in rooks, bishops, knights, stacks and statues, and along random play from there,
/// the engine's check test agrees with check by the definition (every pseudo-legal
/// movement of the opponent tried on a copy, every owner decision branched, no filter).
#[test]
fn db_h5_check_through_chains() {
    let r = rules();
    let seen = Seen::default();
    run("H5", 400, 2005, spec(CHAINS), |s| {
        let Some(mut start) = build(&r, &s) else {
            return Ok(());
        };
        // Put one King into a rook now and then (the L96 shape).
        if s.walk[0].index(2) == 0 {
            let side = start.to_move().opposite();
            let k = start
                .unit_ids()
                .find(|&i| start.unit(i).kind == KING && start.unit(i).side == side);
            let rook = start
                .unit_ids()
                .find(|&i| start.unit(i).kind == ROOK && start.unit(i).loc.on_board());
            if let (Some(k), Some(rook)) = (k, rook) {
                let slot = start.cargo(rook).len() as u8;
                start.relocate(k, Location::Carried { by: rook, slot });
                let snap = snap_of(&start);
                start.update_state(|st| st.turn.start = Some(snap));
                if !r.validate(&start).is_empty() {
                    return Ok(());
                }
            }
        }
        let check = |p: &Pos| -> Result<(), TestCaseError> {
            let b = Board::load(p);
            for side in Side::ALL {
                let want = check_by_definition(&b, side);
                let got = fide::in_check(&b, side);
                if want {
                    seen.hit("in check");
                    let k = b.king(side).expect("king");
                    if matches!(b.pcs[k].place, Place::Board(_, i) if i > 0) {
                        seen.hit("riding King in check");
                    }
                } else if b
                    .king(side)
                    .is_some_and(|k| matches!(b.pcs[k].place, Place::Board(_, i) if i > 0))
                {
                    seen.hit("riding King not in check");
                }
                prop_assert_eq!(got, want, "check of {} in {:?}", side, r.to_fen(p));
            }
            Ok(())
        };
        check(&start)?;
        walk(&r, start, &s.walk, |_, _, q, _| check(q))
    });
    seen.require(
        "H5",
        &[
            "in check",
            "riding King in check",
            "riding King not in check",
        ],
        3,
    );
}

// ---------------------------------------------------------------------------
// H6: King double move
// ---------------------------------------------------------------------------

const KINGS: Theme = Theme {
    kinds: &[QUEEN, ROOK, ROOK, ROOK, BISHOP, KNIGHT, PAWN, PAWN],
    pieces: (6, 12),
    area: (2, 6),
    king_area: (2, 6),
    riders: (0, 2),
    rider_kinds: &[PAWN, KNIGHT],
    exiled: (0, 0),
    walk: 3,
};

fn king_id(p: &Pos, side: Side) -> Option<UnitId> {
    p.unit_ids()
        .find(|&i| p.unit(i).kind == KING && p.unit(i).side == side)
}

/// Catalog H6, **King double move** (DB-KING-01..06, DB-FIDE-04): for every King first
/// step listed (castling included) in dense set-ups (enemy queens next to the King, rooks
/// of both colours, castling rights), some continuation is listed; after every listed
/// continuation (a second step or `end`) the movement is complete, the own King is on the
/// board and not in check (check by the definition, after the deferred triggers); a King
/// that captured the enemy queen survives only inside a rook; stepping out and back is a
/// movement (the turn passes, castling is lost); castling plus one more step works.
#[test]
fn db_h6_king_double_move() {
    let r = rules();
    let seen = Seen::default();
    let mut t = KINGS;
    t.walk = 4;
    run("H6", 600, 2006, spec(t), |mut s| {
        // Half of the set-ups get castling: King on its square, rooks in the corners.
        if s.walk[1].index(2) == 0 {
            s.kings.0 = (4, 0);
            s.pieces.push((7, 0, ROOK, true));
            s.pieces.push((0, 0, ROOK, true));
            s.kings.1 = (4, 7);
            s.pieces.push((7, 7, ROOK, false));
            s.pieces.push((0, 7, ROOK, false));
        }
        // Half get an enemy queen next to the mover's King and a rook next to her.
        if s.walk[2].index(2) == 0 {
            let white = !s.black;
            let (kf, kr) = if white { s.kings.0 } else { s.kings.1 };
            let qf = if kf < 7 { kf + 1 } else { kf - 1 };
            let rf = if qf < 7 && qf + 1 != kf {
                qf + 1
            } else {
                qf.saturating_sub(1)
            };
            s.pieces.insert(0, (qf, kr, QUEEN, !white));
            s.pieces.insert(1, (rf, kr, ROOK, s.walk[3].index(2) == 0));
            s.pieces.insert(
                2,
                (kf, if kr < 7 { kr + 1 } else { kr - 1 }, KNIGHT, !white),
            );
        }
        let Some(p) = build(&r, &s) else {
            return Ok(());
        };
        let me = p.to_move();
        let Some(k) = king_id(&p, me) else {
            return Ok(());
        };
        let Some(ks) = p.unit(k).loc.square() else {
            return Ok(());
        };
        let enemy_queen = p
            .unit_ids()
            .find(|&i| p.unit(i).kind == QUEEN && p.unit(i).side != me);
        for a in legal(&r, &p) {
            if a.kind != ActionKind::Move || a.path.first() != Some(&ks) || p.unit_at(ks) != Some(k)
            {
                continue;
            }
            let castle = a.path.len() == 2 && a.path[0].file().abs_diff(a.path[1].file()) == 2;
            let mut q1 = p.clone();
            r.perform(&mut q1, &a, &mut Vec::new());
            let conts = legal(&r, &q1);
            prop_assert!(
                !conts.is_empty(),
                "a first step {} without continuation",
                text(&r, &p, &a)
            );
            for c in conts {
                let mut q = q1.clone();
                let mut ev = Vec::new();
                r.perform(&mut q, &c, &mut ev);
                if q.state().turn.mover == me
                    && q.result().is_none()
                    && q.state().turn.inflight.is_none()
                {
                    return Err(TestCaseError::fail(format!(
                        "{} {} did not complete the movement",
                        text(&r, &p, &a),
                        text(&r, &q1, &c)
                    )));
                }
                if q.state().turn.mover == me {
                    continue; // an owner decision inside the chain is pending
                }
                seen.hit("King movement");
                let loc = q.unit(k).loc;
                if loc == Location::Exiled {
                    // Exiling the own King is legal (DB-EXIL-01): King in Exile.
                    seen.hit("King exiled by its own movement");
                    continue;
                }
                prop_assert!(
                    loc.on_board() || matches!(loc, Location::Carried { .. }),
                    "the King left the board: {:?}",
                    loc
                );
                prop_assert!(
                    !check_by_definition(&Board::load(&q), me),
                    "{} {} ends in check",
                    text(&r, &p, &a),
                    text(&r, &q1, &c)
                );
                if let Some(qn) = enemy_queen {
                    // The King stepped onto her square and she was captured.
                    let qs = p.unit(qn).loc.square();
                    let stepped =
                        qs.is_some_and(|x| a.path[1..].contains(&x) || c.path.contains(&x));
                    let by_king = stepped && matches!(q.unit(qn).loc, Location::Captured(_));
                    if by_king {
                        seen.hit("King took the queen");
                        // Its last step went into a rook (the revenge takes that rook; the
                        // King may then fall onto its square).
                        let last = if c.kind == ActionKind::End { &a } else { &c };
                        if !matches!(loc, Location::Carried { .. }) {
                            seen.hit("King fell from the rook the revenge took");
                        }
                        prop_assert!(
                            last.arg & 1 != 0,
                            "the King survived taking the queen without stepping into a rook: {} {} in {:?}, events {:?}",
                            text(&r, &p, &a),
                            text(&r, &q1, &c),
                            r.to_fen(&p),
                            ev
                        );
                    }
                }
                if c.kind != ActionKind::End {
                    seen.hit("two steps");
                    if c.path.last() == Some(&ks) {
                        seen.hit("out and back");
                        prop_assert!(
                            Board::load(&q).pcs[k.0 as usize].moved,
                            "out and back keeps castling"
                        );
                    }
                    if castle {
                        seen.hit("castling plus a step");
                    }
                    let on = |x: frozen_core::Square| p.piece_at(x).is_some_and(|(_, sd)| sd != me);
                    if on(a.path[a.path.len() - 1]) && c.path.last().is_some_and(|&x| on(x)) {
                        seen.hit("two captures");
                    }
                } else if castle {
                    seen.hit("castling alone");
                }
            }
        }
        Ok(())
    });
    seen.require(
        "H6",
        &[
            "King movement",
            "two steps",
            "out and back",
            "castling plus a step",
            "castling alone",
        ],
        3,
    );
    seen.require("H6", &["King took the queen", "two captures"], 1);
}

// ---------------------------------------------------------------------------
// H7: bait cycle
// ---------------------------------------------------------------------------

const BAIT: Theme = Theme {
    kinds: &[
        ROOK, ROOK, QUEEN, BISHOP, KNIGHT, PAWN, PAWN, PAWN, PAWN, PAWN, STATUE,
    ],
    pieces: (8, 14),
    area: (1, 7),
    king_area: (2, 6),
    riders: (0, 1),
    rider_kinds: &[PAWN, KNIGHT],
    exiled: (0, 0),
    walk: 6,
};

/// Bait targets of `side` by the catalog (DB-BAIT-02, DB-BAIT-09), computed here: own
/// pawns alone on their square one King step away, or two steps away through an empty
/// middle square; own statues with no own statue right behind them.
fn bait_targets(p: &Pos, side: Side) -> BTreeSet<frozen_core::Square> {
    let mut v = BTreeSet::new();
    let Some(k) = king_id(p, side) else { return v };
    let ks = match p.unit(k).loc {
        Location::Board(s) => s,
        Location::Carried { by, .. } => match p.unit(by).loc.square() {
            Some(s) => s,
            None => return v,
        },
        _ => return v,
    };
    let alone_pawn = |x: frozen_core::Square| {
        p.unit_at(x).is_some_and(|u| {
            p.unit(u).side == side && p.unit(u).kind == PAWN && p.cargo(u).is_empty()
        })
    };
    let step = |x: frozen_core::Square| -> Vec<frozen_core::Square> {
        (-1i32..=1)
            .flat_map(|df| (-1i32..=1).map(move |dr| (df, dr)))
            .filter(|&d| d != (0, 0))
            .filter_map(|(df, dr)| x.offset(df, dr))
            .filter(|s| s.file() < 8 && s.rank() < 8)
            .collect()
    };
    for m in step(ks) {
        if alone_pawn(m) {
            v.insert(m);
        }
        if p.unit_at(m).is_none() {
            for t in step(m) {
                if t != ks && alone_pawn(t) {
                    v.insert(t);
                }
            }
        }
    }
    for u in p.unit_ids() {
        let x = p.unit(u);
        if x.side != side || x.kind != STATUE {
            continue;
        }
        let Location::Board(s) = x.loc else { continue };
        let back = if side == Side::White { -1 } else { 1 };
        let behind = s.offset(0, back).and_then(|b| p.piece_at(b));
        if behind != Some((STATUE, side)) {
            v.insert(s);
        }
    }
    v
}

/// Finishes the turn in progress with the choices `walk` makes (continuations, decisions).
fn finish(r: &DenialBait, p: &mut Pos, mover: Side, walk: &[Index], salt: usize) -> Vec<Event> {
    let mut ev = Vec::new();
    let mut i = salt;
    for _ in 0..20 {
        if p.result().is_some() || p.state().turn.mover != mover {
            break;
        }
        let acts: Vec<Action> = legal(r, p)
            .into_iter()
            .filter(|a| a.kind != ActionKind::Deny)
            .collect();
        if acts.is_empty() {
            break;
        }
        i += 1;
        let a = acts[walk[i % walk.len()].index(acts.len())].clone();
        r.perform(p, &a, &mut ev);
    }
    ev
}

/// Catalog H7, **bait cycle** (DB-BAIT-01..06, DB-DENY-08): `declare:1` is offered only
/// to a player in check (by the definition) with a bait target (computed here); after the
/// declared free movement the King is still in check and a target is left, and a forced
/// response is owed; every forced response the attacker is offered ends with the baited
/// King transported onto a square that held one of its bait pawns or statues (reach is
/// measured at the transport; almost always a target of the turn start), that unit going
/// to the attacker's pile, or with the King captured; the response cannot be denied, while
/// the bait turn can. Not covered here: chain bait (DB-BAIT-07), the exposed attacker
/// (DB-BAIT-08) and DB-BAIT-10 (see `denial_bait_rules.rs`).
#[test]
fn db_h7_bait_cycle() {
    let r = rules();
    let seen = Seen::default();
    run("H7", 1500, 2007, spec(BAIT), |mut s| {
        // The mover's King in check from a rook on its rank, with pawns around it.
        let white = !s.black;
        let (kf, kr) = if white { s.kings.0 } else { s.kings.1 };
        let far = if kf < 4 { 7 } else { 0 };
        s.pieces.insert(0, (far, kr, ROOK, !white));
        for (i, (df, dr)) in [(0i8, 1i8), (1, 1), (-1, 0), (0, -2), (2, 0)]
            .iter()
            .enumerate()
        {
            if s.walk[i % s.walk.len()].index(3) != 0 {
                let f = (kf as i8 + df).clamp(0, 7) as u8;
                let rr = (kr as i8 + dr).clamp(1, 6) as u8;
                s.pieces.insert(1, (f, rr, PAWN, white));
            }
        }
        let Some(p) = build(&r, &s) else {
            return Ok(());
        };
        let me = p.to_move();
        let acts = legal(&r, &p);
        let Some(declare) = acts.iter().find(|a| a.kind == ActionKind::Declare).cloned() else {
            return Ok(());
        };
        seen.hit("bait declared");
        prop_assert!(
            check_by_definition(&Board::load(&p), me),
            "bait without check"
        );
        prop_assert!(!bait_targets(&p, me).is_empty(), "bait without a target");
        if bait_targets(&p, me)
            .iter()
            .any(|&x| p.piece_at(x).map(|c| c.0) == Some(STATUE))
        {
            seen.hit("statue bait possible");
        }
        let mut q = p.clone();
        r.perform(&mut q, &declare, &mut Vec::new());
        finish(&r, &mut q, me, &s.walk, 0);
        if q.result().is_some() || q.state().verdict.is_some() || q.state().turn.mover == me {
            return Ok(());
        }
        let b = Board::load(&q);
        prop_assert!(
            check_by_definition(&b, me),
            "the bait free movement resolved the check"
        );
        let targets = bait_targets(&q, me);
        prop_assert!(
            !targets.is_empty(),
            "no bait target left after the free movement"
        );
        prop_assert!(q.state().game.forced.is_some(), "no forced response owed");
        let resp = legal(&r, &q);
        if resp.iter().any(|a| a.kind == ActionKind::Deny) {
            seen.hit("bait turn deniable");
        }
        let k = king_id(&q, me).expect("king");
        for (j, a) in resp
            .iter()
            .enumerate()
            .filter(|(_, a)| !matches!(a.kind, ActionKind::Deny | ActionKind::Act))
        {
            let mut q2 = q.clone();
            let mut ev = Vec::new();
            r.perform(&mut q2, a, &mut ev);
            ev.extend(finish(&r, &mut q2, me.opposite(), &s.walk, j));
            if q2.state().turn.mover == me.opposite() && q2.result().is_none() {
                continue;
            }
            seen.hit("forced response");
            match q2.unit(k).loc {
                Location::Captured(_) => {
                    seen.hit("baited King captured");
                }
                _ => {
                    let now = q2.unit(k).loc.square();
                    if now != q.unit(k).loc.square() && !ev.is_empty() {
                        seen.hit("King transported");
                        let to = now.expect("on the board");
                        // Reach is measured at the transport, after the response's own
                        // movement: the square held a bait unit of the baiting side.
                        if targets.contains(&to) {
                            seen.hit("transported onto a target of the turn start");
                        }
                        let victim = q.unit_at(to).expect("a bait unit");
                        prop_assert!(
                            q.unit(victim).side == me
                                && matches!(q.unit(victim).kind, PAWN | STATUE)
                                && q.cargo(victim).is_empty(),
                            "transported onto {to}, which held no bait pawn or statue"
                        );
                        prop_assert_eq!(
                            q2.unit(victim).loc,
                            Location::Captured(me.opposite()),
                            "the bait went elsewhere"
                        );
                    }
                }
            }
            if let Some(l) = &q2.state().last {
                if l.mover == me.opposite() {
                    prop_assert!(!l.deniable, "a forced response is deniable");
                }
            }
        }
        Ok(())
    });
    seen.require(
        "H7",
        &[
            "bait declared",
            "forced response",
            "King transported",
            "transported onto a target of the turn start",
            "bait turn deniable",
        ],
        3,
    );
}

// ---------------------------------------------------------------------------
// H8: pawn movement set
// ---------------------------------------------------------------------------

const PAWNS: Theme = Theme {
    kinds: &[PAWN, PAWN, PAWN, PAWN, PAWN, PAWN, ROOK, KNIGHT, BISHOP],
    pieces: (10, 18),
    area: (0, 8),
    king_area: (0, 8),
    riders: (0, 1),
    rider_kinds: &[PAWN],
    exiled: (0, 0),
    walk: 4,
};

fn rel(side: Side, s: frozen_core::Square) -> u8 {
    if side == Side::White {
        s.rank()
    } else {
        7 - s.rank()
    }
}

/// Catalog H8, **pawn movement set** (DB-PAWN-01, DB-PAWN-03..06, DB-FIDE-05): the pawn
/// double moves generated for every ground pawn on its second row are exactly the two-step
/// paths computed here (each step forward, backward or sideways, the middle square empty,
/// neither step onto the own first row, the end empty, a rook to enter, or the start
/// square again); after a double move through X, every enemy pawn that attacks X may
/// capture en passant on X on the very next turn (sideways, bent and forward-and-back paths
/// included), taking the pawn that double-moved; no pawn stays on its own first row outside
/// a rook at the end of a turn.
#[test]
fn db_h8_pawn_movement_set() {
    let r = rules();
    let seen = Seen::default();
    run("H8", 1200, 2008, spec(PAWNS), |s| {
        let Some(p) = build(&r, &s) else {
            return Ok(());
        };
        let me = p.to_move();
        let b = Board::load(&p);
        let mut pseudo = Vec::new();
        fide::pseudo(&b, me, &p.state().game.ep, false, false, &mut pseudo);
        let fwd = if me == Side::White { 1 } else { -1 };
        let dirs = [(0, fwd), (0, -fwd), (1, 0), (-1, 0)];
        let on = |x: Option<frozen_core::Square>| x.filter(|q| q.file() < 8 && q.rank() < 8);
        for u in p.unit_ids() {
            let x = p.unit(u);
            let Location::Board(sq) = x.loc else { continue };
            if x.side != me || x.kind != PAWN || rel(me, sq) != 1 {
                continue;
            }
            let mut want = BTreeSet::new();
            for (df, dr) in dirs {
                let Some(m) = on(sq.offset(df, dr)) else {
                    continue;
                };
                if p.unit_at(m).is_some() || rel(me, m) == 0 {
                    continue;
                }
                for (df2, dr2) in dirs {
                    let Some(t) = on(m.offset(df2, dr2)) else {
                        continue;
                    };
                    if rel(me, t) == 0 {
                        continue;
                    }
                    match p.unit_at(t) {
                        None => {
                            want.insert((m, t, false));
                        }
                        Some(_) if t == sq => {
                            want.insert((m, t, false));
                        }
                        Some(g) if p.unit(g).kind == ROOK => {
                            want.insert((m, t, true));
                        }
                        _ => {}
                    }
                }
            }
            let got: BTreeSet<_> = pseudo
                .iter()
                .filter(|a| {
                    a.kind == ActionKind::Move
                        && a.path.len() == 3
                        && a.path[0] == sq
                        && context::arg::mover(a.arg) == 0
                })
                .map(|a| (a.path[1], a.path[2], a.arg & 1 != 0))
                .collect();
            prop_assert_eq!(&got, &want, "double moves of the pawn on {}", sq);
            seen.hit("second-row pawn");
        }
        // En passant after each legal double move.
        for a in legal(&r, &p) {
            if a.kind != ActionKind::Move
                || a.path.len() != 3
                || p.piece_at(a.path[0]) != Some((PAWN, me))
                || a.arg != 0
            {
                continue;
            }
            let (s0, m, t) = (a.path[0], a.path[1], a.path[2]);
            let mover = p.unit_at(s0).expect("pawn");
            let mut q = p.clone();
            r.perform(&mut q, &a, &mut Vec::new());
            finish(&r, &mut q, me, &s.walk, 1);
            if q.result().is_some()
                || q.state().turn.mover == me
                || q.unit(mover).loc.square() != Some(t)
            {
                continue;
            }
            let shape = if t == s0 {
                "forward and back"
            } else if t.rank() == s0.rank() {
                "sideways"
            } else if t.file() != s0.file() {
                "bent"
            } else {
                "straight"
            };
            let qb = Board::load(&q);
            let mut opp = Vec::new();
            fide::pseudo(
                &qb,
                me.opposite(),
                &q.state().game.ep,
                false,
                false,
                &mut opp,
            );
            let resp = legal(&r, &q);
            for e in q.unit_ids() {
                let x = q.unit(e);
                let Location::Board(es) = x.loc else { continue };
                if x.side == me || x.kind != PAWN || q.unit_at(m).is_some() {
                    continue;
                }
                let ef = if me == Side::White { -1 } else { 1 };
                if ![-1, 1].iter().any(|&df| on(es.offset(df, ef)) == Some(m)) {
                    continue;
                }
                let ep = Action::new(ActionKind::Move, &[es, m]);
                prop_assert!(
                    opp.contains(&ep),
                    "en passant {}{} missing after the {} double move {}",
                    es,
                    m,
                    shape,
                    text(&r, &p, &a)
                );
                seen.hit(shape);
                if resp.contains(&ep) {
                    let mut q2 = q.clone();
                    r.perform(&mut q2, &ep, &mut Vec::new());
                    prop_assert!(
                        matches!(q2.unit(mover).loc, Location::Captured(_)),
                        "en passant did not take the pawn that double-moved"
                    );
                    seen.hit("en passant played");
                }
            }
            // No pawn on its own first row outside a rook after the turn.
            for u in q.unit_ids() {
                let x = q.unit(u);
                if let Location::Board(xs) = x.loc {
                    prop_assert!(
                        !(x.kind == PAWN && rel(x.side, xs) == 0),
                        "a pawn on its first row at the end of a turn"
                    );
                }
            }
        }
        Ok(())
    });
    seen.require(
        "H8",
        &[
            "second-row pawn",
            "en passant played",
            "sideways",
            "bent",
            "forward and back",
            "straight",
        ],
        3,
    );
}

// ---------------------------------------------------------------------------
// H9: promotion routes
// ---------------------------------------------------------------------------

const PROMO: Theme = Theme {
    kinds: &[
        PAWN, PAWN, PAWN, PAWN, BISHOP, BISHOP, STATUE, STATUE, ROOK, KNIGHT,
    ],
    pieces: (6, 12),
    area: (0, 8),
    king_area: (0, 8),
    riders: (0, 1),
    rider_kinds: &[PAWN],
    exiled: (1, 4),
    walk: 6,
};

/// What a conversion or promotion did to the pawn (or statue) `pawn` on `sq`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Route {
    Stay,
    Statue,
    Promote(UnitId),
    CaptureExiled(UnitId),
}

fn route_of(before: &Pos, after: &Pos, pawn: UnitId, sq: frozen_core::Square) -> Option<Route> {
    let a = after.unit(pawn);
    if a.loc == Location::Board(sq) && a.kind == before.unit(pawn).kind {
        return Some(Route::Stay);
    }
    if a.loc == Location::Board(sq) && a.kind == STATUE {
        return Some(Route::Statue);
    }
    if let Some(u) = after.unit_at(sq).filter(|&u| u != pawn) {
        if !before.unit(u).loc.on_board() {
            return Some(Route::Promote(u));
        }
    }
    before
        .unit_ids()
        .find(|&u| {
            before.unit(u).loc == Location::Exiled
                && matches!(after.unit(u).loc, Location::Captured(_))
        })
        .map(Route::CaptureExiled)
}

fn pool_of(p: &Pos, side: Side, exile_only: bool) -> BTreeSet<UnitId> {
    p.unit_ids()
        .filter(|&u| {
            let x = p.unit(u);
            x.side == side
                && !matches!(x.kind, PAWN | STATUE)
                && (x.loc == Location::Exiled
                    || (!exile_only && x.loc == Location::Captured(side.opposite())))
        })
        .collect()
}

/// Catalog H9, **promotion routes** (DB-PROM-01..03, DB-BISH-05, DB-STAT-04, DB-STAT-05,
/// DB-EXIL-03, DB-CAPT-07): a pawn converting on its last row is offered exactly: a statue,
/// each own piece of the captured and exile piles (a King only from exile), and, at the end
/// of its owner's own turn only, the capture of each exiled enemy piece — computed here from
/// the piles and compared with the result of each `choose`; bishop promotion draws only from
/// the own exile pile and needs a ground pawn on the colour of an own bishop; statue
/// promotion starts from the lowest statue of a chain; capturing an exiled piece of a
/// player in King in Exile ends the game.
#[test]
fn db_h9_promotion_routes() {
    let r = rules();
    let seen = Seen::default();
    run("H9", 1200, 2009, spec(PROMO), |mut s| {
        // Pawns one step from their last row, statues, and now and then the opponent's King
        // in exile.
        let white = !s.black;
        for (i, f) in [1u8, 4, 6].iter().enumerate() {
            let rk = if (i % 2 == 0) == white { 6 } else { 1 };
            s.pieces.insert(0, (*f, rk, PAWN, i % 2 == 0));
        }
        let mut p = match build(&r, &s) {
            Some(p) => p,
            None => return Ok(()),
        };
        let me = p.to_move();
        if s.walk[0].index(3) == 0 {
            if let Some(k) = king_id(&p, me.opposite()) {
                p.relocate(k, Location::Exiled);
                let snap = snap_of(&p);
                p.update_state(|st| st.turn.start = Some(snap));
                if !r.validate(&p).is_empty() {
                    return Ok(());
                }
            }
        }
        walk(&r, p, &s.walk, |before, a, q, _| {
            let b = Board::load(before);
            // Bishop promotion and statue free actions, as listed before `a`.
            if a.kind == ActionKind::Act {
                let sq = a.path[0];
                if let Some((kind, side)) = before.piece_at(sq) {
                    let pawn = before.unit_at(sq).expect("unit");
                    let route = route_of(before, q, pawn, sq);
                    if kind == PAWN && side == before.to_move() {
                        seen.hit("bishop promotion");
                        let Some(Route::Promote(u)) = route else {
                            return Err(TestCaseError::fail(format!(
                                "bishop promotion did {route:?}"
                            )));
                        };
                        prop_assert_eq!(
                            before.unit(u).loc,
                            Location::Exiled,
                            "bishop promotion from the captured pile"
                        );
                        let colour = (sq.file() + sq.rank()) % 2;
                        let bishop_there = before.unit_ids().any(|i| {
                            let x = before.unit(i);
                            x.side == side
                                && x.kind == BISHOP
                                && match x.loc {
                                    Location::Board(bs) => (bs.file() + bs.rank()) % 2 == colour,
                                    Location::Carried { by, .. } => before
                                        .unit(by)
                                        .loc
                                        .square()
                                        .is_some_and(|bs| (bs.file() + bs.rank()) % 2 == colour),
                                    _ => false,
                                }
                        });
                        prop_assert!(
                            bishop_there,
                            "bishop promotion without a bishop on the pawn's colour"
                        );
                    }
                    if kind == STATUE {
                        seen.hit("statue free action");
                        let back = if side == Side::White { -1 } else { 1 };
                        let behind = sq.offset(0, back).and_then(|x| before.piece_at(x));
                        prop_assert_ne!(
                            behind,
                            Some((STATUE, side)),
                            "a statue above another acted first"
                        );
                        if let Some(Route::Promote(u)) = route {
                            prop_assert!(
                                pool_of(before, side, false).contains(&u),
                                "statue promotion outside the pool"
                            );
                        }
                    }
                }
            }
            // A conversion is pending after `a`: compare every choice with the piles.
            let pend = q.pending().first().cloned();
            let converting = q.state().turn.converting;
            let Some(pe) = pend.filter(|_| converting) else {
                return Ok(());
            };
            let Some(pawn) = pe.unit else { return Ok(()) };
            let Some(sq) = q.unit(pawn).loc.square() else {
                return Ok(());
            };
            if q.unit(pawn).kind != PAWN {
                return Ok(());
            }
            let owner = q.unit(pawn).side;
            let own_turn = q.state().turn.mover == owner;
            let mut want: BTreeSet<Route> = pool_of(q, owner, false)
                .into_iter()
                .map(Route::Promote)
                .collect();
            want.insert(Route::Statue);
            if own_turn {
                for u in q.unit_ids() {
                    if q.unit(u).side != owner && q.unit(u).loc == Location::Exiled {
                        // Not when the pawn leaving its square opens a check (DB-FIDE-02).
                        let mut t = q.clone();
                        t.relocate(pawn, Location::Captured(owner.opposite()));
                        t.relocate(u, Location::Captured(owner));
                        if check_by_definition(&Board::load(&t), owner) {
                            seen.hit("capture of an exiled piece refused: check");
                        } else {
                            want.insert(Route::CaptureExiled(u));
                        }
                    }
                }
            }
            let mut got = BTreeSet::new();
            let mut stay = false;
            for c in legal(&r, q)
                .into_iter()
                .filter(|c| c.kind == ActionKind::Choose)
            {
                let mut q2 = q.clone();
                r.perform(&mut q2, &c, &mut Vec::new());
                match route_of(q, &q2, pawn, sq) {
                    Some(Route::Stay) => stay = true,
                    Some(x) => {
                        if let Route::CaptureExiled(u) = x {
                            if q.unit(u).kind == KING {
                                seen.hit("exiled King captured");
                                let mut q3 = q2.clone();
                                finish(&r, &mut q3, q.state().turn.mover, &s.walk, 2);
                                prop_assert_eq!(
                                    end_of(&q3).and_then(|o| o.winner),
                                    Some(owner),
                                    "capturing an exiled King did not win"
                                );
                            }
                        }
                        got.insert(x);
                    }
                    None => {
                        return Err(TestCaseError::fail(
                            "a choice with no visible result".to_string(),
                        ))
                    }
                }
            }
            seen.hit(if own_turn {
                "conversion in own turn"
            } else {
                "conversion in the opponent's turn"
            });
            if want
                .iter()
                .any(|w| matches!(w, Route::Promote(u) if q.unit(*u).loc == Location::Exiled))
            {
                seen.hit("exile pile offered");
            }
            if stay {
                seen.hit("optional conversion (chain)");
            }
            let _ = b;
            prop_assert_eq!(got, want, "conversion choices of the pawn on {}", sq);
            Ok(())
        })
    });
    seen.require(
        "H9",
        &[
            "conversion in own turn",
            "exile pile offered",
            "bishop promotion",
            "statue free action",
        ],
        3,
    );
    seen.require(
        "H9",
        &["conversion in the opponent's turn", "exiled King captured"],
        1,
    );
}

// ---------------------------------------------------------------------------
// H10: end-of-turn ordering and timers
// ---------------------------------------------------------------------------

const RAISE: Theme = Theme {
    kinds: &[
        BISHOP, BISHOP, BISHOP, ROOK, ROOK, QUEEN, KNIGHT, KNIGHT, PAWN, PAWN, PAWN,
    ],
    pieces: (10, 16),
    area: (1, 7),
    king_area: (0, 8),
    riders: (0, 3),
    rider_kinds: &[PAWN, BISHOP, KNIGHT],
    exiled: (0, 1),
    walk: 24,
};

/// Catalog H10, **end-of-turn ordering and timers** (DB-BASE-05, DB-BISH-04, DB-PAWN-06,
/// DB-PAWN-07, DB-DENY-03): along random play (raises preferred) a raised bishop is not
/// exiled before its owner's next turn unless a chain of that turn (a fall, a revenge or
/// all-round, another raise) did it, and it is off the board once that turn has ended; no
/// pawn stands on its own first or last row
/// outside a rook when a turn has ended (self-capture and conversion came first); denying a
/// turn in which a bishop was raised restores its raise flag and timer.
#[test]
fn db_h10_end_of_turn_and_timers() {
    let r = rules();
    let seen = Seen::default();
    run("H10", 600, 2010, spec(RAISE), |s| {
        let Some(mut p) = build(&r, &s) else {
            return Ok(());
        };
        // (bishop, owner, owner's turn number at the raise)
        let mut raised: Vec<(UnitId, Side, u32)> = Vec::new();
        let mut i = 0usize;
        for _turn in 0..8 {
            if p.result().is_some() {
                break;
            }
            let start = p.clone();
            let mover = p.state().turn.mover;
            let mut evs = Vec::new();
            for _ in 0..20 {
                if p.result().is_some() || p.state().turn.mover != mover {
                    break;
                }
                let acts: Vec<Action> = legal(&r, &p)
                    .into_iter()
                    .filter(|a| a.kind != ActionKind::Deny)
                    .collect();
                if acts.is_empty() {
                    break;
                }
                i += 1;
                let ix = s.walk[i % s.walk.len()];
                let raise = acts
                    .iter()
                    .position(|a| a.kind == ActionKind::Choose && a.arg == 1);
                let j = match raise {
                    Some(j) if ix.index(3) != 0 => j,
                    _ => {
                        let jj: Vec<usize> =
                            (0..acts.len()).filter(|&j| juicy(&p, &acts[j])).collect();
                        if !jj.is_empty() && ix.index(2) == 0 {
                            jj[ix.index(jj.len())]
                        } else {
                            ix.index(acts.len())
                        }
                    }
                };
                let before = p.clone();
                let a = acts[j].clone();
                r.perform(&mut p, &a, &mut evs);
                // A raise: the bishop's raise flag turned on.
                let bb = Board::load(&before);
                let ba = Board::load(&p);
                for u in p.unit_ids() {
                    let k = u.0 as usize;
                    if ba.pcs[k].kind == BISHOP && ba.pcs[k].raise_used && !bb.pcs[k].raise_used {
                        let owner = ba.pcs[k].side;
                        raised.retain(|x| x.0 != u);
                        raised.push((u, owner, before.turns()[owner]));
                        seen.hit("bishop raised");
                    }
                }
            }
            if p.result().is_some() || p.state().turn.mover == mover {
                break;
            }
            // The turn of `mover` has ended.
            for u in p.unit_ids() {
                let x = p.unit(u);
                if let Location::Board(sq) = x.loc {
                    if x.kind == PAWN {
                        let rr = if x.side == Side::White {
                            sq.rank()
                        } else {
                            7 - sq.rank()
                        };
                        prop_assert!(
                            rr != 0 && rr != 7,
                            "a pawn on its first or last row after the turn: {}",
                            sq
                        );
                    }
                }
            }
            if evs.iter().any(|e| matches!(e, Event::Captured { unit, .. } if start.unit(*unit).kind == PAWN && start.unit(*unit).loc.square().is_some_and(|_| true)))
                && evs.iter().any(|e| matches!(e, Event::Note(n) if n.contains("falls")))
            {
                seen.hit("pawn fell in a turn");
            }
            let n = start.turns()[mover];
            for &(u, owner, c) in &raised {
                let loc = p.unit(u).loc;
                if owner == mover && n == c + 1 {
                    seen.hit("window ended");
                    prop_assert!(
                        !loc.on_board(),
                        "raised bishop still on the board after its owner's next turn"
                    );
                    if loc == Location::Exiled {
                        seen.hit("auto-exiled");
                    }
                } else if owner == mover && n <= c || (owner != mover && start.turns()[owner] <= c)
                {
                    // Before its window a raised bishop leaves the board only through a
                    // chain of this turn: a capture, a fall, a revenge or all-round, a raise.
                    if loc == Location::Exiled && start.unit(u).loc != Location::Exiled {
                        let chain = evs.iter().any(|e| match e {
                            Event::Note(t) => t.contains("falls"),
                            Event::Exploded { .. } => true,
                            Event::Entered { unit, .. } => *unit != u,
                            _ => false,
                        });
                        if chain {
                            seen.hit("raised bishop exiled by a chain");
                        }
                        prop_assert!(chain, "raised bishop {:?} auto-exiled before its window (raised at owner turn {}, turn {} of {}): {:?}", u, c, n, mover, evs);
                    }
                }
            }
            // Deny a turn with a raise: flag and timer come back.
            let raised_now: Vec<UnitId> = p
                .unit_ids()
                .filter(|&u| {
                    Board::load(&p).pcs[u.0 as usize].raise_used
                        && !Board::load(&start).pcs[u.0 as usize].raise_used
                })
                .collect();
            if !raised_now.is_empty() {
                if let Some(d) = legal(&r, &p)
                    .into_iter()
                    .find(|a| a.kind == ActionKind::Deny)
                {
                    let mut q = p.clone();
                    r.perform(&mut q, &d, &mut Vec::new());
                    for u in raised_now {
                        prop_assert_eq!(
                            Board::load(&q).pcs[u.0 as usize],
                            Board::load(&start).pcs[u.0 as usize],
                            "denial did not restore the raise"
                        );
                    }
                    seen.hit("raise denied");
                }
            }
            raised.retain(|&(u, owner, c)| !(owner == mover && n > c) && p.unit(u).loc.on_board());
        }
        Ok(())
    });
    seen.require(
        "H10",
        &[
            "bishop raised",
            "window ended",
            "auto-exiled",
            "raise denied",
        ],
        3,
    );
}
