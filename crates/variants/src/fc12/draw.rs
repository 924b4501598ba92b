//! Draws (F12-DRAW-01).
//!
//! The third occurrence of the same position is a draw (the core [`frozen_core::Game`]
//! declares it from `repetition_limit() == Some(3)`); there is no 50-move rule, and
//! stalemate is a loss ([`super::victory`]). "The same position" includes the side
//! to move, the death squares, the double-move state, pending promotions and every
//! paralysis timer written as turns left ([`same_for_repetition`]). Expired timers
//! are cleared at each turn change so that equal positions also hash equally.

use super::paralysis::turns_left;
use super::Fc12Position;
use frozen_core::zobrist::StableHasher;
use frozen_core::MARK_LAYERS;
use std::hash::{Hash, Hasher};

/// True if two positions are the same for repetition: equal units (kind, owner,
/// place), marks, side to act, pending decisions, variant state and result, and
/// equal paralysis as turns left; the absolute turn counters are ignored.
pub fn same_for_repetition(a: &Fc12Position, b: &Fc12Position) -> bool {
    if a.to_move() != b.to_move()
        || a.units().len() != b.units().len()
        || a.pending() != b.pending()
        || a.state() != b.state()
        || a.result() != b.result()
        || (0..MARK_LAYERS).any(|l| a.marks(l) != b.marks(l))
    {
        return false;
    }
    a.unit_ids().all(|id| {
        let (ua, ub) = (a.unit(id), b.unit(id));
        let mut sa = ua.status.clone();
        let mut sb = ub.status.clone();
        sa.frozen_through = 0;
        sb.frozen_through = 0;
        ua.kind == ub.kind
            && ua.side == ub.side
            && ua.loc == ub.loc
            && sa == sb
            && turns_left(a, id) == turns_left(b, id)
    })
}

/// The repetition key: a hash of exactly what [`same_for_repetition`] compares, with every
/// paralysis timer written as turns left, so positions that differ only in the absolute turn
/// counters file under the same key (the core `Game` looks repetitions up by this key).
pub fn repetition_key(pos: &Fc12Position) -> u64 {
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
        let mut st = u.status.clone();
        st.frozen_through = 0;
        (u.kind, u.side, u.loc, st, turns_left(pos, id)).hash(&mut h);
    }
    h.finish()
}
