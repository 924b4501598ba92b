//! A deliberately naive second move generator for Denial/Bait chess, used to cross-check the
//! engine's perft on small positions.
//!
//! Independent of the engine's generators and filters: movements are found by trying every
//! square (and square pair for two-leg routes) against plain geometric rules written out here
//! (King steps, knight L-paths, slider rays, pawn steps, double moves, captures, en passant,
//! entering rooks, disguises, all-round captures); legality is decided by the definition of
//! DB-FIDE-02: play the movement with the engine's `perform` on a copy (every owner decision
//! branch), then play every naive pseudo-movement of the opponent on copies and see whether the
//! King disappears. No capture filter, no "may reach" filter, no early exits.
//!
//! The action model is written out here too: a movement is a list of actions. A King
//! movement is its first step (`e1f2`, `#1` when it enters a rook) then either a second step
//! (`f2f1`, `#1` when it enters a rook) or `end`; a disguise is its first link
//! (`swap:<route>`, the first link carrying the mover's and the victim's stack indexes as
//! `#4*k` and `#32*k`, every double-move link `#512`), then further links (another own pawn
//! whose pawn route reaches the disguised piece's square; swaps never change which squares are
//! occupied, so routes are judged on the board as it is) or `end`, up to 7 links; every other
//! movement is one action. The actions listed at a node are, over the legal movements (of
//! those that start with the actions already played this turn), each one's next action, or
//! `end` where the movement could stop.
//!
//! Scope: positions without castling rights, statues, exiled pieces or pawns inside rooks.
//! Nodes where a decision, conversion, bait or forced response is pending, and nodes where
//! the side to act is in check at the start of its turn (bait), take the engine's list:
//! those parts are cross-checked by the rule tests instead.

use frozen_core::{Action, ActionKind, Location, NoEvents, Position, Rules, Side, Square, UnitId};
use frozen_variants::denial_bait::{
    base::{DbState, TurnMode},
    DenialBait,
};

fn sq(f: i32, r: i32) -> Option<Square> {
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| Square::new(f as u8, r as u8))
}

/// The units on a square, ground first.
fn stack(p: &Position<DbState>, s: Square) -> Vec<UnitId> {
    let Some(g) = p.unit_at(s) else {
        return Vec::new();
    };
    let mut v = vec![g];
    v.extend(p.cargo(g));
    v
}

fn letter(r: &DenialBait, p: &Position<DbState>, u: UnitId) -> char {
    r.kinds().get(p.unit(u).kind).map_or('?', |k| k.fen)
}

/// A movement: its actions in order.
type Movement = Vec<Action>;

/// Every pseudo-legal movement of the side to act, found naively, as lists of actions.
fn naive_pseudo(r: &DenialBait, p: &Position<DbState>) -> Vec<Movement> {
    let me = p.to_move();
    let mut out: Vec<Action> = Vec::new();
    let mut multi: Vec<Movement> = Vec::new();
    let mv = |path: &[Square], arg: u16| Action::new(ActionKind::Move, path).with_arg(arg);
    let ground_is = |s: Square, c: char| p.unit_at(s).is_some_and(|g| letter(r, p, g) == c);
    let enemy_ground = |s: Square| {
        p.unit_at(s)
            .is_some_and(|g| p.unit(g).side != me && letter(r, p, g) != 'S')
    };
    for f in 0..8 {
        for rk in 0..8 {
            let Some(s) = sq(f, rk) else { continue };
            let st = stack(p, s);
            for (k, &u) in st.iter().enumerate() {
                if p.unit(u).side != me {
                    continue;
                }
                let base = (k as u16) << 5;
                let c = letter(r, p, u);
                // A single landing on square t: plain, capture, enter.
                let land = |t: Square, out: &mut Vec<Action>, path: &[Square], extra: u16| match p
                    .unit_at(t)
                {
                    None => out.push(mv(path, base | extra)),
                    Some(g) => {
                        if letter(r, p, g) == 'S' {
                            return;
                        }
                        if p.unit(g).side != me {
                            out.push(mv(path, base | extra));
                        }
                        if letter(r, p, g) == 'R' {
                            out.push(mv(path, base | extra | 1));
                        }
                    }
                };
                match c {
                    'K' => {
                        for t in Square::all()
                            .filter(|t| t.rank() < 8 && t.file() < 8 && s.distance(*t) == 1)
                        {
                            let mut firsts = Vec::new();
                            land(t, &mut firsts, &[s, t], 0);
                            for first in firsts {
                                multi.push(vec![first.clone()]);
                                for t2 in Square::all()
                                    .filter(|x| x.rank() < 8 && x.file() < 8 && t.distance(*x) == 1)
                                {
                                    let mut seconds = Vec::new();
                                    second(r, p, me, s, t, t2, &mut seconds);
                                    for sec in seconds {
                                        multi.push(vec![first.clone(), sec]);
                                    }
                                }
                            }
                        }
                    }
                    'N' => {
                        for (df, dr) in [
                            (1, 2),
                            (2, 1),
                            (2, -1),
                            (1, -2),
                            (-1, -2),
                            (-2, -1),
                            (-2, 1),
                            (-1, 2),
                        ] {
                            let Some(t) = sq(f + df, rk + dr) else {
                                continue;
                            };
                            if ground_is(t, 'S') {
                                continue;
                            }
                            land(t, &mut out, &[s, t], 0);
                            if ground_is(t, 'R') {
                                for (j, &v) in stack(p, t).iter().enumerate().skip(1) {
                                    if p.unit(v).side != me {
                                        out.push(mv(&[s, t], base | 1 | ((j as u16) << 2)));
                                    }
                                }
                            }
                            let lands_ok = p.unit_at(t).is_none() || ground_is(t, 'R');
                            if !lands_ok {
                                continue;
                            }
                            let enter = if p.unit_at(t).is_some() { 1 } else { 0 };
                            let (lf, lr, sf, sr) = if dr.abs() == 2 {
                                (0, dr.signum(), df.signum(), 0)
                            } else {
                                (df.signum(), 0, 0, dr.signum())
                            };
                            let mids = [
                                sq(f + lf, rk + lr),
                                sq(f + 2 * lf, rk + 2 * lr),
                                sq(f + sf, rk + sr),
                                sq(f + sf + lf, rk + sr + lr),
                            ];
                            for m in mids.into_iter().flatten() {
                                for (j, &v) in stack(p, m).iter().enumerate() {
                                    if p.unit(v).side != me && letter(r, p, v) != 'S' {
                                        out.push(mv(&[s, m, t], base | enter | ((j as u16) << 2)));
                                    }
                                }
                            }
                        }
                    }
                    'Q' | 'R' | 'B' => {
                        let dirs: &[(i32, i32)] = match c {
                            'R' => &[(0, 1), (1, 0), (0, -1), (-1, 0)],
                            'B' => &[(1, 1), (1, -1), (-1, -1), (-1, 1)],
                            _ => &[
                                (0, 1),
                                (1, 0),
                                (0, -1),
                                (-1, 0),
                                (1, 1),
                                (1, -1),
                                (-1, -1),
                                (-1, 1),
                            ],
                        };
                        for &(df, dr) in dirs {
                            let mut n = 1;
                            while let Some(t) = sq(f + df * n, rk + dr * n) {
                                land(t, &mut out, &[s, t], 0);
                                if p.unit_at(t).is_some() {
                                    break;
                                }
                                n += 1;
                            }
                        }
                        if c == 'Q' {
                            let any = (-1..=1)
                                .flat_map(|a| (-1..=1).map(move |b| (a, b)))
                                .filter(|&(a, b)| (a, b) != (0, 0))
                                .filter_map(|(a, b)| sq(f + a, rk + b))
                                .any(|t| p.unit_at(t).is_some_and(|g| letter(r, p, g) != 'S'));
                            if any {
                                out.push(Action::new(ActionKind::Act, &[s]).with_arg(base));
                            }
                        }
                    }
                    'P' => {
                        let fw = if me == Side::White { 1 } else { -1 };
                        for route in pawn_routes(r, p, me, s, k) {
                            let t = *route.last().unwrap();
                            if t == s || p.unit_at(t).is_none() {
                                out.push(mv(&route, base));
                                continue;
                            }
                            if ground_is(t, 'R') {
                                out.push(mv(&route, base | 1));
                            }
                            for (j, &v) in stack(p, t).iter().enumerate() {
                                if letter(r, p, v) == 'S' {
                                    continue;
                                }
                                if k != 0 && j == 0 && stack(p, t).len() > 1 {
                                    continue;
                                }
                                let dbl = if route.len() == 3 { 512 } else { 0 };
                                let link = Action::new(ActionKind::Swap, &route)
                                    .with_arg(base | ((j as u16) << 2) | dbl);
                                // After the swap the pawn stands on t and the disguised
                                // piece on s: neither square holds an unused pawn.
                                chains(r, p, me, vec![link], vec![s, t], s, &mut multi);
                            }
                        }
                        for a in [-1, 1] {
                            let Some(t) = sq(f + a, rk + fw) else {
                                continue;
                            };
                            let en_passant = p.unit_at(t).is_none()
                                && p.state()
                                    .game
                                    .ep
                                    .iter()
                                    .any(|e| e.x == t && p.unit(e.victim).side != me);
                            if enemy_ground(t) || en_passant {
                                out.push(mv(&[s, t], base));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    let mut all: Vec<Movement> = out.into_iter().map(|a| vec![a]).collect();
    all.extend(multi);
    all.sort();
    all.dedup();
    all
}

/// The non-capturing pawn routes of the own pawn at stack index `k` of `s` (single steps
/// forward, backward, sideways; double moves from the second row through an empty middle
/// square), never onto the own first row or a statue, as if the target were empty.
fn pawn_routes(
    r: &DenialBait,
    p: &Position<DbState>,
    me: Side,
    s: Square,
    k: usize,
) -> Vec<Vec<Square>> {
    let fw = if me == Side::White { 1 } else { -1 };
    let first = if me == Side::White { 0 } else { 7 };
    let second_row = if me == Side::White { 1 } else { 6 };
    let ok = |t: Square| {
        t.rank() as i32 != first && !p.unit_at(t).is_some_and(|g| letter(r, p, g) == 'S')
    };
    let (f, rk) = (s.file() as i32, s.rank() as i32);
    let dirs = [(0, fw), (0, -fw), (1, 0), (-1, 0)];
    let mut routes: Vec<Vec<Square>> = Vec::new();
    for (a, b) in dirs {
        if let Some(t) = sq(f + a, rk + b).filter(|&t| ok(t)) {
            routes.push(vec![s, t]);
            if k == 0 && rk == second_row && p.unit_at(t).is_none() {
                for (a2, b2) in dirs {
                    if let Some(t2) = sq(f + a + a2, rk + b + b2).filter(|&t2| ok(t2)) {
                        routes.push(vec![s, t, t2]);
                    }
                }
            }
        }
    }
    routes
}

/// A disguise so far (`links`; `used`: the squares that hold a pawn already used or the
/// disguised piece, which is now on `at`) and every longer chain: another own ground pawn whose route reaches `at` swaps with
/// the disguised piece, which moves to that pawn's square. Each pawn once, at most 7 links.
fn chains(
    r: &DenialBait,
    p: &Position<DbState>,
    me: Side,
    links: Movement,
    used: Vec<Square>,
    at: Square,
    out: &mut Vec<Movement>,
) {
    out.push(links.clone());
    if links.len() >= 7 {
        return;
    }
    for q in Square::all().filter(|q| q.rank() < 8 && q.file() < 8 && !used.contains(q)) {
        let Some(u) = p.unit_at(q) else { continue };
        if p.unit(u).side != me || letter(r, p, u) != 'P' {
            continue;
        }
        for route in pawn_routes(r, p, me, q, 0) {
            if route.last() != Some(&at) {
                continue;
            }
            let dbl = if route.len() == 3 { 512 } else { 0 };
            let mut l = links.clone();
            l.push(Action::new(ActionKind::Swap, &route).with_arg(dbl));
            let mut u2 = used.clone();
            u2.push(q);
            chains(r, p, me, l, u2, q, out);
        }
    }
}

/// Second King steps from `t` after a first step from `s`, judged on the board as it would be.
#[allow(clippy::too_many_arguments)]
fn second(
    r: &DenialBait,
    p: &Position<DbState>,
    me: Side,
    s: Square,
    t: Square,
    t2: Square,
    out: &mut Vec<Action>,
) {
    let mv = |path: &[Square], arg: u16| Action::new(ActionKind::Move, path).with_arg(arg);
    // After the first step the King has left s (s is empty unless the King rode a stack).
    let here = |x: Square| -> Option<UnitId> {
        if x == t {
            return None; // the King itself stands there (a captured piece is gone)
        }
        let g = p.unit_at(x)?;
        if x == s
            && p.unit(g).kind == p.unit(p.unit_at(s).unwrap_or(g)).kind
            && letter(r, p, g) == 'K'
        {
            return None;
        }
        Some(g)
    };
    match here(t2) {
        None => {
            if t2 != t {
                out.push(mv(&[t, t2], 0));
            }
        }
        Some(g) => {
            if letter(r, p, g) == 'S' {
                return;
            }
            if p.unit(g).side != me {
                out.push(mv(&[t, t2], 0));
            }
            if letter(r, p, g) == 'R' {
                out.push(mv(&[t, t2], 1));
            }
        }
    }
}

/// Plays the (remaining) actions of a movement, then `end` if the movement could still go on,
/// and every decision branch that follows inside the same turn; calls `f` on each position
/// reached once the turn has passed (or the game ended).
fn settle(
    r: &DenialBait,
    p: &Position<DbState>,
    links: &[Action],
    f: &mut dyn FnMut(&Position<DbState>),
) {
    let mut c = p.clone();
    for (i, a) in links.iter().enumerate() {
        assert!(
            i == 0 || c.state().turn.partial.is_some(),
            "the engine ended a movement before its action {a:?}"
        );
        r.perform(&mut c, a, &mut NoEvents);
    }
    if c.state().turn.partial.is_some() {
        r.perform(&mut c, &Action::new(ActionKind::End, &[]), &mut NoEvents);
    }
    decide(r, c, f);
}

/// Every branch of the owner decisions of a movement in flight.
fn decide(r: &DenialBait, c: Position<DbState>, f: &mut dyn FnMut(&Position<DbState>)) {
    if c.state().turn.inflight.is_some() {
        let n = c.state().turn.inflight.as_ref().map_or(0, |i| i.options);
        for o in 0..n {
            let mut d = c.clone();
            r.perform(
                &mut d,
                &Action::new(ActionKind::Choose, &[]).with_arg(o),
                &mut NoEvents,
            );
            decide(r, d, f);
        }
    } else {
        f(&c);
    }
}

fn king_gone(p: &Position<DbState>, side: Side) -> bool {
    p.units()
        .iter()
        .any(|u| u.side == side && u.kind.0 == 0 && matches!(u.loc, Location::Captured(_)))
}

/// Naive check: some opponent movement captures the King.
fn naive_in_check(r: &DenialBait, p: &Position<DbState>, side: Side) -> bool {
    let mut c = p.clone();
    c.set_pending(Default::default());
    c.set_to_move(side.opposite());
    c.update_state(|s| {
        s.turn.mover = side.opposite();
        s.turn.partial = None;
        s.turn.bait = false;
        s.game.forced = None;
        s.forbidden = None;
    });
    let mut hit = false;
    for m in naive_pseudo(r, &c) {
        settle(r, &c, &m, &mut |q| hit |= king_gone(q, side));
        if hit {
            return true;
        }
    }
    false
}

/// Naive legal actions, or the engine's where the naive model stops.
fn naive_actions(r: &DenialBait, p: &Position<DbState>) -> Vec<Action> {
    let st = p.state();
    let me = p.to_move();
    let engine = || {
        let mut v = Vec::new();
        r.actions(p, &mut v);
        v
    };
    if p.result().is_some() {
        return Vec::new();
    }
    if st.verdict.is_some()
        || st.turn.inflight.is_some()
        || st.turn.converting
        || st.turn.bait
        || st.game.forced.is_some()
    {
        return engine();
    }
    // The actions of the movement in progress, if any.
    let done: Vec<Action> = match &st.turn.partial {
        Some(pt) if pt.mode != TurnMode::Normal => return engine(),
        Some(pt) => pt.links.clone(),
        None => Vec::new(),
    };
    if done.is_empty() && naive_in_check(r, p, me) {
        return engine();
    }
    let mut out = Vec::new();
    if done.is_empty()
        && st.denial == me
        && st
            .last
            .as_ref()
            .is_some_and(|l| l.deniable && l.mover != me)
    {
        out.push(Action::new(ActionKind::Deny, &[]));
    }
    for m in naive_pseudo(r, p) {
        if m.len() < done.len() || m[..done.len()] != done[..] {
            continue;
        }
        if st
            .forbidden
            .as_ref()
            .is_some_and(|f| !f.bait && f.links == m)
        {
            continue;
        }
        let mut ok = true;
        settle(r, p, &m[done.len()..], &mut |q| {
            if king_gone(q, me) || (q.result().is_none() && naive_in_check(r, q, me)) {
                ok = false;
            }
        });
        if ok {
            out.push(match m.get(done.len()) {
                Some(a) => a.clone(),
                None => Action::new(ActionKind::End, &[]),
            });
        }
    }
    out.sort();
    out.dedup();
    out
}

fn naive_perft(r: &DenialBait, p: &Position<DbState>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let v = naive_actions(r, p);
    if depth == 1 {
        return v.len() as u64;
    }
    v.iter()
        .map(|a| {
            let mut c = p.clone();
            r.perform(&mut c, a, &mut NoEvents);
            naive_perft(r, &c, depth - 1)
        })
        .sum()
}

fn engine_perft(r: &DenialBait, p: &mut Position<DbState>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut v = Vec::new();
    r.actions(p, &mut v);
    if depth == 1 {
        return v.len() as u64;
    }
    let mut n = 0;
    for a in v {
        let m = p.mark();
        r.perform(p, &a, &mut NoEvents);
        n += engine_perft(r, p, depth - 1);
        p.undo_to(m);
    }
    n
}

fn compare(fen: &str, depth: u32) {
    let r = DenialBait::new();
    let mut p = r.position_from_fen(fen).expect("fen");
    // Root lists must agree as sets.
    let mut a = naive_actions(&r, &p);
    let mut b = Vec::new();
    r.actions(&p, &mut b);
    a.sort();
    b.sort();
    let fa: Vec<String> = a.iter().map(|x| r.format_action(&p, x)).collect();
    let fb: Vec<String> = b.iter().map(|x| r.format_action(&p, x)).collect();
    assert_eq!(
        fa, fb,
        "{fen}: naive (left) and engine (right) differ at the root"
    );
    // Divide: the lists of every child agree too (names the first child that differs).
    for x in &b {
        let mut c = p.clone();
        r.perform(&mut c, x, &mut NoEvents);
        let mut na: Vec<String> = naive_actions(&r, &c)
            .iter()
            .map(|y| r.format_action(&c, y))
            .collect();
        let mut v = Vec::new();
        r.actions(&c, &mut v);
        let mut ea: Vec<String> = v.iter().map(|y| r.format_action(&c, y)).collect();
        na.sort();
        ea.sort();
        assert_eq!(
            na,
            ea,
            "{fen}: after {}, naive (left) and engine (right) differ",
            r.format_action(&p, x)
        );
    }
    let n = naive_perft(&r, &p, depth);
    let e = engine_perft(&r, &mut p, depth);
    assert_eq!(n, e, "{fen}: perft({depth})");
}

#[test]
fn root_lists_agree() {
    // Root action lists only (cheap): a spread of small positions.
    for fen in [
        "7k/8/8/8/3n4/8/1p6/N3K3 w - - 0 1",
        "3r3k/8/8/8/8/8/1B6/R3K3 w - - 0 1",
        "4k3/8/8/2q5/8/8/3P4/4K3 w - - 0 1",
        "4k3/8/8/8/4p3/8/3P4/R3K3 w - - 0 1",
        "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1",
        "4k3/8/8/8/8/2r5/3N4/4K3 w - - 0 1",
        "4k3/8/8/8/3Q4/2b1n3/8/4K3 w - - 0 1",
        "4k3/8/8/3n4/3P4/2PP4/3P4/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/3PPr2/4K3 w - - 0 1",
    ] {
        let r = DenialBait::new();
        let p = r.position_from_fen(fen).expect("fen");
        let mut a = naive_actions(&r, &p);
        let mut b = Vec::new();
        r.actions(&p, &mut b);
        a.sort();
        b.sort();
        let fa: Vec<String> = a.iter().map(|x| r.format_action(&p, x)).collect();
        let fb: Vec<String> = b.iter().map(|x| r.format_action(&p, x)).collect();
        assert_eq!(fa, fb, "{fen}");
    }
}

#[test]
fn kings_and_knights() {
    compare("7k/8/8/8/3n4/8/8/N3K3 w - - 0 1", 2);
}

#[test]
fn rooks_and_stacks() {
    compare("3r3k/8/8/8/8/8/1B6/R3K3 w - - 0 1", 2);
}

#[test]
fn pawns_and_queens() {
    compare("4k3/8/8/2q5/8/8/3P4/4K3 w - - 0 1", 2);
}

#[test]
fn pawn_en_passant_and_disguise() {
    compare("4k3/8/8/8/4p3/8/3P4/R3K3 w - - 0 1", 2);
}

#[test]
fn chain_disguises() {
    compare("4k3/8/8/3n4/3P4/3P4/8/4K3 w - - 0 1", 2);
}
