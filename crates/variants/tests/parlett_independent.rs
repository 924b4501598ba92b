//! Independent check of the Parlett engine: deliberately naive move
//! generators for Normal Chess and Fairy Chess, written from the seed's
//! rules directly (mailbox arrays, no Parlett notation, no engine code), and
//! compared with the engine
//!
//! - move by move on the empty board from every square (every Fairy piece),
//! - move by move on random crowded positions (both sets),
//! - by perft from the start and from a few positions (normal-chess depths
//!   1-4, fairy-chess depths 1-3), which also proves the counts in
//!   `fixtures/perft/normal-chess.ron` and `fixtures/perft/fairy-chess.ron`.
//!
//! Rule IDs exercised: PAR-NORM-02..10 (Normal Chess moves, castling as
//! written with K b1 / T c1, en passant by the history rule, promotion to
//! D T L P), PAR-GAME-01 (king capture ends the game: a perft leaf),
//! PAR-GAME-03 (no legal move: no children), PAR-FAIR-02..08 (Fairy pieces,
//! the Shooter's capture without moving, the Jumper's locust `^`, Ferz
//! promotion), PAR-COND-04 (`s` in castling), PAR-TYPE-03 (locust).

use frozen_core::{Action, NoEvents, Position, Rules, Side, Square};
use frozen_variants::parlett::{builtin_rules, ParlettRules, ParlettState};
use std::collections::BTreeMap;

type Sq = (i32, i32);

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Pc {
    k: char, // FEN letter, upper case
    white: bool,
    moved: bool,
}

#[derive(Clone, Debug)]
struct Nb {
    cells: [[Option<Pc>; 8]; 8],
    white: bool,
    /// Normal Chess: the pawn that just made its initial double step.
    ep: Option<Sq>,
    over: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Mv {
    from: Sq,
    to: Sq,
    promo: Option<char>,
    /// Other movers (castling partner): (from, to).
    other: Option<(Sq, Sq)>,
    /// Squares of captured pieces.
    caps: Vec<Sq>,
    double_step: bool,
}

fn on(s: Sq) -> bool {
    (0..8).contains(&s.0) && (0..8).contains(&s.1)
}

impl Nb {
    fn at(&self, s: Sq) -> Option<Pc> {
        if on(s) {
            self.cells[s.1 as usize][s.0 as usize]
        } else {
            None
        }
    }
    fn set(&mut self, s: Sq, p: Option<Pc>) {
        self.cells[s.1 as usize][s.0 as usize] = p;
    }
    fn squares(&self) -> Vec<(Sq, Pc)> {
        let mut v = Vec::new();
        for r in 0..8 {
            for f in 0..8 {
                if let Some(p) = self.cells[r as usize][f as usize] {
                    v.push(((f, r), p));
                }
            }
        }
        v
    }
    fn from_engine(pos: &Position<ParlettState>, rules: &ParlettRules) -> Nb {
        let mut b = Nb {
            cells: [[None; 8]; 8],
            white: pos.to_move() == Side::White,
            ep: None,
            over: pos.result().is_some(),
        };
        for u in pos.units() {
            if let Some(s) = u.loc.square() {
                let k = rules.kinds().get(u.kind).map_or('?', |i| i.fen);
                b.set(
                    (i32::from(s.file()), i32::from(s.rank())),
                    Some(Pc {
                        k,
                        white: u.side == Side::White,
                        moved: u.status.moved,
                    }),
                );
            }
        }
        if let Some(p) = pos.state().last.first() {
            b.ep = Some((i32::from(p.to.file()), i32::from(p.to.rank())));
        }
        b
    }
}

const KING: [Sq; 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ORTH: [Sq; 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const DIAG: [Sq; 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];
const KNIGHT: [Sq; 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

fn add(a: Sq, b: Sq) -> Sq {
    (a.0 + b.0, a.1 + b.1)
}

fn simple(from: Sq, to: Sq, cap: bool) -> Mv {
    Mv {
        from,
        to,
        promo: None,
        other: None,
        caps: if cap { vec![to] } else { vec![] },
        double_step: false,
    }
}

// ----------------------------------------------------------------- Normal Chess

/// Pseudo-moves of Normal Chess for `white`, literally from the seed. With
/// `safe_checks` false the castling `s` conditions count as met (Q6).
fn nc_moves(b: &Nb, white: bool, safe_checks: bool) -> Vec<Mv> {
    let mut out = Vec::new();
    if b.over {
        return out;
    }
    let fwd = if white { 1 } else { -1 };
    let last_rank = if white { 7 } else { 0 };
    let enemy = |s: Sq| b.at(s).is_some_and(|p| p.white != white);
    let free = |s: Sq| on(s) && b.at(s).is_none();
    let promos = |m: Mv, out: &mut Vec<Mv>| {
        if m.to.1 == last_rank {
            for p in ['Q', 'R', 'B', 'N'] {
                out.push(Mv {
                    promo: Some(p),
                    ..m.clone()
                });
            }
        } else {
            out.push(m);
        }
    };
    for (s, p) in b.squares() {
        if p.white != white {
            continue;
        }
        match p.k {
            'K' => {
                for d in KING {
                    let t = add(s, d);
                    if free(t) || enemy(t) {
                        out.push(simple(s, t, enemy(t)));
                    }
                }
            }
            'Q' | 'R' | 'B' => {
                let dirs: Vec<Sq> = match p.k {
                    'Q' => KING.to_vec(),
                    'R' => ORTH.to_vec(),
                    _ => DIAG.to_vec(),
                };
                for d in dirs {
                    let mut t = add(s, d);
                    while on(t) {
                        if free(t) {
                            out.push(simple(s, t, false));
                        } else {
                            if enemy(t) {
                                out.push(simple(s, t, true));
                            }
                            break;
                        }
                        t = add(t, d);
                    }
                }
            }
            'N' => {
                for d in KNIGHT {
                    let t = add(s, d);
                    if free(t) || enemy(t) {
                        out.push(simple(s, t, enemy(t)));
                    }
                }
            }
            'P' => {
                let one = (s.0, s.1 + fwd);
                if free(one) {
                    promos(simple(s, one, false), &mut out);
                    let two = (s.0, s.1 + 2 * fwd);
                    if !p.moved && free(two) {
                        let mut m = simple(s, two, false);
                        m.double_step = true;
                        promos(m, &mut out);
                    }
                }
                for dx in [-1, 1] {
                    let t = (s.0 + dx, s.1 + fwd);
                    if enemy(t) {
                        promos(simple(s, t, true), &mut out);
                    }
                    // En passant (L49): the piece beside played oi2> last turn.
                    let q = (s.0 + dx, s.1);
                    if b.ep == Some(q) && enemy(q) && free(t) {
                        let m = Mv {
                            from: s,
                            to: t,
                            promo: None,
                            other: None,
                            caps: vec![q],
                            double_step: false,
                        };
                        promos(m, &mut out);
                    }
                }
            }
            _ => {}
        }
    }
    // Castling (L46-47), literally: K is0 then steps os1r x2 / os1l x3; an
    // unmoved T leaps 2 the other way.
    for (ks, kp) in b.squares() {
        if kp.white != white || kp.k != 'K' || kp.moved {
            continue;
        }
        for (dir, steps, leap) in [(1, 2, -2), (-1, 3, 2)] {
            if safe_checks && nc_capturable(b, ks, !white) {
                continue;
            }
            let mut b2 = b.clone();
            let mut cur = ks;
            let mut ok = true;
            for _ in 0..steps {
                let nxt = (cur.0 + dir, cur.1);
                if !on(nxt) || b2.at(nxt).is_some() {
                    ok = false;
                    break;
                }
                let k = b2.at(cur);
                b2.set(cur, None);
                b2.set(nxt, k);
                cur = nxt;
                if safe_checks && nc_capturable(&b2, cur, !white) {
                    ok = false;
                    break;
                }
            }
            if !ok {
                continue;
            }
            for (ts, tp) in b2.squares() {
                if tp.white != white || tp.k != 'R' || tp.moved {
                    continue;
                }
                let t = (ts.0 + leap, ts.1);
                if !on(t) {
                    continue;
                }
                match b2.at(t) {
                    Some(o) if o.white == white => continue,
                    o => out.push(Mv {
                        from: ks,
                        to: cur,
                        promo: None,
                        other: Some((ts, t)),
                        caps: if o.is_some() { vec![t] } else { vec![] },
                        double_step: false,
                    }),
                }
            }
        }
    }
    out
}

/// Could a move of `by` capture the piece on `s` (castling `s` test)?
fn nc_capturable(b: &Nb, s: Sq, by: bool) -> bool {
    let mut b2 = b.clone();
    b2.ep = None; // the move so far (a K step) is never a double step
    nc_moves(&b2, by, false).iter().any(|m| m.caps.contains(&s))
}

fn apply(b: &Nb, m: &Mv, promo_letters: bool) -> Nb {
    let _ = promo_letters;
    let mut n = b.clone();
    for c in &m.caps {
        n.set(*c, None);
    }
    let mut p = n.at(m.from);
    n.set(m.from, None);
    let mut other = None;
    if let Some((of, _)) = m.other {
        other = n.at(of);
        n.set(of, None);
    }
    if let Some(pp) = p.as_mut() {
        pp.moved = true;
        if let Some(k) = m.promo {
            pp.k = k;
        }
    }
    n.set(m.to, p);
    if let (Some((_, ot)), Some(mut o)) = (m.other, other) {
        o.moved = true;
        n.set(ot, Some(o));
    }
    n.ep = if m.double_step { Some(m.to) } else { None };
    n.white = !b.white;
    let w = n.squares().iter().any(|(_, p)| p.k == 'K' && p.white);
    let bl = n.squares().iter().any(|(_, p)| p.k == 'K' && !p.white);
    n.over = !(w && bl);
    n
}

fn nc_perft(b: &Nb, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let ms = nc_moves(b, b.white, true);
    if depth == 1 {
        return ms.len() as u64;
    }
    ms.iter()
        .map(|m| nc_perft(&apply(b, m, true), depth - 1))
        .sum()
}

// ----------------------------------------------------------------- Fairy Chess

fn fc_moves(b: &Nb, white: bool) -> Vec<Mv> {
    let mut out = Vec::new();
    if b.over {
        return out;
    }
    let last_rank = if white { 7 } else { 0 };
    let enemy = |s: Sq| b.at(s).is_some_and(|p| p.white != white);
    let free = |s: Sq| on(s) && b.at(s).is_none();
    for (s, p) in b.squares() {
        if p.white != white {
            continue;
        }
        match p.k {
            'K' => {
                for d in KING {
                    let t = add(s, d);
                    if free(t) || enemy(t) {
                        out.push(simple(s, t, enemy(t)));
                    }
                }
            }
            'W' => {
                // {1..3}+ (a slide) and a knight leap.
                for d in ORTH {
                    let mut t = s;
                    for _ in 0..3 {
                        t = add(t, d);
                        if free(t) {
                            out.push(simple(s, t, false));
                        } else {
                            if enemy(t) {
                                out.push(simple(s, t, true));
                            }
                            break;
                        }
                    }
                }
                for d in KNIGHT {
                    let t = add(s, d);
                    if free(t) || enemy(t) {
                        out.push(simple(s, t, enemy(t)));
                    }
                }
            }
            'S' => {
                // Shoot 1-4 along a clear rank or file and stay; or step without capturing.
                for d in ORTH {
                    let mut t = s;
                    for _ in 0..4 {
                        t = add(t, d);
                        if !on(t) {
                            break;
                        }
                        if let Some(o) = b.at(t) {
                            if o.white != white {
                                out.push(Mv {
                                    from: s,
                                    to: s,
                                    promo: None,
                                    other: None,
                                    caps: vec![t],
                                    double_step: false,
                                });
                            }
                            break;
                        }
                    }
                }
                for d in KING {
                    let t = add(s, d);
                    if free(t) {
                        out.push(simple(s, t, false));
                    }
                }
            }
            'C' => {
                for d in DIAG {
                    let t = add(s, d);
                    if free(t) || enemy(t) {
                        out.push(simple(s, t, enemy(t)));
                    }
                }
                for d in ORTH {
                    let t = (s.0 + 2 * d.0, s.1 + 2 * d.1);
                    if free(t) || enemy(t) {
                        out.push(simple(s, t, enemy(t)));
                    }
                }
            }
            'J' => {
                for d in ORTH {
                    let t = (s.0 + 2 * d.0, s.1 + 2 * d.1);
                    let mid = add(s, d);
                    if free(t) {
                        let mut m = simple(s, t, false);
                        if enemy(mid) {
                            m.caps = vec![mid];
                        }
                        out.push(m);
                    }
                }
            }
            'F' => {
                for d in DIAG {
                    let t = add(s, d);
                    if free(t) || enemy(t) {
                        let m = simple(s, t, enemy(t));
                        if t.1 == last_rank {
                            for k in ['W', 'S', 'C', 'J'] {
                                out.push(Mv {
                                    promo: Some(k),
                                    ..m.clone()
                                });
                            }
                        } else {
                            out.push(m);
                        }
                    }
                }
            }
            _ => {}
        }
    }
    out
}

fn fc_perft(b: &Nb, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let ms = fc_moves(b, b.white);
    if depth == 1 {
        return ms.len() as u64;
    }
    ms.iter()
        .map(|m| fc_perft(&apply(b, m, false), depth - 1))
        .sum()
}

// ----------------------------------------------------------------- comparison helpers

fn sq(s: Square) -> Sq {
    (i32::from(s.file()), i32::from(s.rank()))
}

/// Engine moves as comparable keys: (from, to, promotion FEN letter, extra path squares).
fn engine_keys(
    rules: &ParlettRules,
    pos: &Position<ParlettState>,
) -> Vec<(Sq, Sq, Option<char>, Vec<Sq>)> {
    let mut v: Vec<Action> = Vec::new();
    rules.actions(pos, &mut v);
    let mut keys: Vec<_> = v
        .iter()
        .map(|a| {
            let p = a.piece.and_then(|k| rules.kinds().get(k)).map(|i| i.fen);
            (
                sq(a.path[0]),
                sq(a.path[1]),
                p,
                a.path[2..].iter().map(|s| sq(*s)).collect(),
            )
        })
        .collect();
    keys.sort();
    keys
}

fn naive_keys(ms: &[Mv]) -> Vec<(Sq, Sq, Option<char>, Vec<Sq>)> {
    let mut keys: Vec<_> = ms
        .iter()
        .map(|m| {
            let extra = if m.from == m.to {
                m.caps.clone()
            } else {
                vec![]
            };
            (m.from, m.to, m.promo, extra)
        })
        .collect();
    keys.sort();
    keys
}

struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

#[allow(clippy::needless_range_loop)]
fn random_fen(rng: &mut Lcg, letters: &[char], kings: bool) -> String {
    let mut cells = [[' '; 8]; 8];
    let n = 6 + rng.next(20) as usize;
    let mut placed = 0;
    if kings {
        for c in ['K', 'k'] {
            loop {
                let (f, r) = (rng.next(8) as usize, rng.next(8) as usize);
                if cells[r][f] == ' ' {
                    cells[r][f] = c;
                    break;
                }
            }
        }
    }
    while placed < n {
        let (f, r) = (rng.next(8) as usize, rng.next(8) as usize);
        if cells[r][f] != ' ' {
            continue;
        }
        let mut c = letters[rng.next(letters.len() as u64) as usize];
        // Pawns and ferzes never stand on their own last rank.
        if (c == 'P' || c == 'F') && (r == 7 || r == 0) {
            continue;
        }
        if rng.next(2) == 1 {
            c = c.to_ascii_lowercase();
        }
        cells[r][f] = c;
        placed += 1;
    }
    let mut s = String::new();
    for r in (0..8).rev() {
        let mut e = 0;
        for f in 0..8 {
            if cells[r][f] == ' ' {
                e += 1;
            } else {
                if e > 0 {
                    s.push_str(&e.to_string());
                    e = 0;
                }
                s.push(cells[r][f]);
            }
        }
        if e > 0 {
            s.push_str(&e.to_string());
        }
        if r > 0 {
            s.push('/');
        }
    }
    let side = if rng.next(2) == 0 { "w" } else { "b" };
    format!("{s} {side} - - 0 1")
}

// ----------------------------------------------------------------- tests

/// PAR-FAIR-02..07: every Fairy piece from every square of an empty board
/// (with both kings far away so the position is legal), engine = naive.
#[test]
fn fairy_every_piece_every_square_of_an_empty_board() {
    let rules = builtin_rules("fairy-chess").expect("fairy-chess");
    for letter in ['K', 'W', 'S', 'C', 'J', 'F'] {
        for r in 0..8 {
            for f in 0..8 {
                let mut cells = [['.'; 8]; 8];
                cells[r][f] = letter;
                let fen = board_fen(&cells);
                let pos = rules.position_from_fen(&fen).expect("fen");
                let nb = Nb::from_engine(&pos, &rules);
                let e = engine_keys(&rules, &pos);
                let n = naive_keys(&fc_moves(&nb, true));
                assert_eq!(e, n, "{letter} on {}{}", (b'a' + f as u8) as char, r + 1);
            }
        }
    }
}

/// A.6 walk-through counts from d4 on an empty board.
#[test]
fn fairy_walkthrough_counts_from_d4() {
    let rules = builtin_rules("fairy-chess").expect("fairy-chess");
    for (letter, count) in [('K', 8), ('W', 20), ('S', 8), ('C', 8), ('J', 4), ('F', 4)] {
        let mut cells = [['.'; 8]; 8];
        cells[3][3] = letter;
        let pos = rules.position_from_fen(&board_fen(&cells)).expect("fen");
        let mut v = Vec::new();
        rules.actions(&pos, &mut v);
        assert_eq!(v.len(), count, "{letter}");
    }
}

#[allow(clippy::needless_range_loop)]
fn board_fen(cells: &[[char; 8]; 8]) -> String {
    let mut s = String::new();
    for r in (0..8).rev() {
        let mut e = 0;
        for f in 0..8 {
            if cells[r][f] == '.' {
                e += 1;
            } else {
                if e > 0 {
                    s.push_str(&e.to_string());
                    e = 0;
                }
                s.push(cells[r][f]);
            }
        }
        if e > 0 {
            s.push_str(&e.to_string());
        }
        if r > 0 {
            s.push('/');
        }
    }
    s + " w - - 0 1"
}

/// PAR-FAIR-02..08 on crowded random positions: engine = naive, move by move
/// (Shooter captures without moving, Jumper locust, Ferz promotion).
#[test]
fn fairy_crowded_random_positions() {
    let rules = builtin_rules("fairy-chess").expect("fairy-chess");
    let mut rng = Lcg(7);
    for i in 0..400 {
        let fen = random_fen(&mut rng, &['W', 'S', 'C', 'J', 'F', 'F'], i % 5 != 0);
        let pos = rules.position_from_fen(&fen).expect("random fen");
        let nb = Nb::from_engine(&pos, &rules);
        let e = engine_keys(&rules, &pos);
        let n = naive_keys(&fc_moves(&nb, nb.white));
        assert_eq!(e, n, "{fen}");
    }
}

/// PAR-NORM-02..09 on crowded random positions (no castling rights; pawns
/// unmoved on their home ranks): engine = naive, move by move.
#[test]
fn normal_chess_crowded_random_positions() {
    let rules = builtin_rules("normal-chess").expect("normal-chess");
    let mut rng = Lcg(11);
    for _ in 0..400 {
        let fen = random_fen(&mut rng, &['Q', 'R', 'B', 'N', 'P', 'P'], true);
        let pos = rules.position_from_fen(&fen).expect("random fen");
        let nb = Nb::from_engine(&pos, &rules);
        let e = engine_keys(&rules, &pos);
        let n = naive_keys(&nc_moves(&nb, nb.white, true));
        let ed: Vec<_> = e.iter().map(|k| (k.0, k.1, k.2)).collect();
        let nd: Vec<_> = n.iter().map(|k| (k.0, k.1, k.2)).collect();
        assert_eq!(ed, nd, "{fen}");
    }
}

fn nc_check(fen: Option<&str>, depth: u32) -> u64 {
    let rules = builtin_rules("normal-chess").expect("normal-chess");
    let pos = match fen {
        Some(f) => rules.position_from_fen(f).expect("fen"),
        None => rules.initial_position(),
    };
    let nb = Nb::from_engine(&pos, &rules);
    let naive = nc_perft(&nb, depth);
    let mut p = pos.clone();
    let engine = engine_perft(&rules, &mut p, depth);
    assert_eq!(engine, naive, "normal-chess {fen:?} depth {depth}");
    engine
}

fn fc_check(fen: Option<&str>, depth: u32) -> u64 {
    let rules = builtin_rules("fairy-chess").expect("fairy-chess");
    let pos = match fen {
        Some(f) => rules.position_from_fen(f).expect("fen"),
        None => rules.initial_position(),
    };
    let nb = Nb::from_engine(&pos, &rules);
    let naive = fc_perft(&nb, depth);
    let mut p = pos.clone();
    let engine = engine_perft(&rules, &mut p, depth);
    assert_eq!(engine, naive, "fairy-chess {fen:?} depth {depth}");
    engine
}

fn engine_perft(rules: &ParlettRules, pos: &mut Position<ParlettState>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut v = Vec::new();
    rules.actions(pos, &mut v);
    if depth == 1 {
        return v.len() as u64;
    }
    let mut n = 0;
    for a in &v {
        let m = pos.mark();
        rules.perform(pos, a, &mut NoEvents);
        n += engine_perft(rules, pos, depth - 1);
        pos.undo_to(m);
    }
    n
}

/// Perft from the start and from positions with castling, en passant,
/// promotion and king captures: engine = naive (PAR-NORM-08, PAR-NORM-09,
/// PAR-NORM-10, PAR-GAME-01). The counts are the ones in
/// fixtures/perft/normal-chess.ron.
#[test]
fn normal_chess_perft_engine_equals_naive() {
    let mut got = BTreeMap::new();
    for d in 1..=4 {
        got.insert(("start", d), nc_check(None, d));
    }
    let kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    for d in 1..=3 {
        got.insert(("kiwipete", d), nc_check(Some(kiwi), d));
    }
    let promo = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
    for d in 1..=3 {
        got.insert(("promotions", d), nc_check(Some(promo), d));
    }
    let ep = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    for d in 1..=3 {
        got.insert(("en-passant", d), nc_check(Some(ep), d));
    }
    let pos3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
    for d in 1..=4 {
        got.insert(("pos3", d), nc_check(Some(pos3), d));
    }
    println!("{got:?}");
    assert_eq!(got[&("start", 1)], 20);
    assert_eq!(got[&("start", 2)], 400);
}

/// Fairy perft from the placeholder set-up and crowded positions: engine = naive.
#[test]
fn fairy_chess_perft_engine_equals_naive() {
    let mut got = BTreeMap::new();
    for d in 1..=4 {
        got.insert(("start", d), fc_check(None, d));
    }
    let mid = "w1s1k1cw/f1f2fff/2j5/3F1S2/2s1J3/1C6/FF1F1FFF/W1S1K1CW w - - 0 1";
    for d in 1..=3 {
        got.insert(("middle", d), fc_check(Some(mid), d));
    }
    let promo = "4k3/1F3F2/8/3s4/8/2S5/3f2f1/4K3 w - - 0 1";
    for d in 1..=3 {
        got.insert(("promotion", d), fc_check(Some(promo), d));
    }
    println!("{got:?}");
}
