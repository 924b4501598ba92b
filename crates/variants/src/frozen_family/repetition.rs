//! Repetition with absolute timers normalised, shared by the FrozenChess games.
//!
//! Owns: what "the same position" means when timers are absolute turn numbers. Two
//! positions are the same when everything that can change future play is equal, with each
//! paralysis timer compared as turns left ([`super::timers::turns_left`]) and each wall's
//! and trap's expiry compared as turns left of the side that counts it; the absolute turn
//! counters and stale timers are ignored. [`repetition_key`] hashes exactly what
//! [`same_for_repetition`] compares, so equal positions file under the same key.
//! Uses: the core position and hasher, [`super::timers`].

use super::timers::{owner_turn, turns_left};
use frozen_core::zobrist::StableHasher;
use frozen_core::{Position, Side, Trap, VariantState, Wall, MARK_LAYERS};
use std::hash::{Hash, Hasher};

/// Turns left of a wall: `expires` counts turns of the wall's side (0 = permanent).
fn wall_left<S: VariantState>(pos: &Position<S>, w: &Wall) -> (u32, Side) {
    let left = if w.expires == 0 {
        0
    } else {
        w.expires
            .saturating_sub(pos.turns()[w.side])
            .saturating_add(1)
    };
    (left, w.side)
}

/// Turns left of a trap's hold, counted in the held unit's owner's turns (0 = none).
fn hold_left<S: VariantState>(pos: &Position<S>, t: &Trap) -> u32 {
    match t.held.and_then(|u| pos.get_unit(u)) {
        Some(u) => t.hold_until.saturating_sub(owner_turn(pos, u.side)),
        None => 0,
    }
}

/// Hashes everything [`same_for_repetition`] compares.
pub fn repetition_key<S: VariantState>(pos: &Position<S>) -> u64 {
    let mut h = StableHasher::default();
    pos.to_move().hash(&mut h);
    pos.pending().hash(&mut h);
    pos.state().hash(&mut h);
    pos.result().hash(&mut h);
    for l in 0..MARK_LAYERS {
        pos.marks(l).hash(&mut h);
    }
    for id in pos.unit_ids() {
        let u = pos.unit(id);
        let mut st = u.status;
        st.frozen_through = 0;
        (u.kind, u.side, u.loc, st, turns_left(pos, id)).hash(&mut h);
    }
    for (sq, t) in pos.tombs().iter() {
        (sq, t).hash(&mut h);
    }
    for (sq, w) in pos.walls().iter() {
        (sq, w.creator, w.kind, wall_left(pos, w)).hash(&mut h);
    }
    for (sq, t) in pos.traps().iter() {
        (sq, t.owner, t.colour, t.held, hold_left(pos, t)).hash(&mut h);
    }
    for (sq, e) in pos.effects().iter() {
        (sq, e).hash(&mut h);
    }
    for (sq, l) in pos.shadows().iter() {
        (sq, l).hash(&mut h);
    }
    h.finish()
}

/// True if two positions are the same for repetition (see the module documentation).
pub fn same_for_repetition<S: VariantState>(a: &Position<S>, b: &Position<S>) -> bool {
    if a.to_move() != b.to_move()
        || a.units().len() != b.units().len()
        || a.pending() != b.pending()
        || a.state() != b.state()
        || a.result() != b.result()
        || (0..MARK_LAYERS).any(|l| a.marks(l) != b.marks(l))
        || a.tombs() != b.tombs()
        || a.effects() != b.effects()
        || a.shadows() != b.shadows()
        || a.walls().mask() != b.walls().mask()
        || a.traps().mask() != b.traps().mask()
    {
        return false;
    }
    let walls_same = a
        .walls()
        .iter()
        .zip(b.walls().iter())
        .all(|((_, x), (_, y))| {
            x.creator == y.creator && x.kind == y.kind && wall_left(a, x) == wall_left(b, y)
        });
    let traps_same = a
        .traps()
        .iter()
        .zip(b.traps().iter())
        .all(|((_, x), (_, y))| {
            x.owner == y.owner
                && x.colour == y.colour
                && x.held == y.held
                && hold_left(a, x) == hold_left(b, y)
        });
    walls_same
        && traps_same
        && a.unit_ids().all(|id| {
            let (ua, ub) = (a.unit(id), b.unit(id));
            let mut sa = ua.status;
            let mut sb = ub.status;
            sa.frozen_through = 0;
            sb.frozen_through = 0;
            ua.kind == ub.kind
                && ua.side == ub.side
                && ua.loc == ub.loc
                && sa == sb
                && turns_left(a, id) == turns_left(b, id)
        })
}
