//! Check (FC11-KING-02, FC11-KING-03): which squares a side attacks, and whether a King
//! is attacked.
//!
//! A square is attacked by side S when a unit of S that is not paralysed (FC11-PARA-01)
//! could capture a unit standing there with one action of its own ([`super::attacks`]).
//! Uses: the dispatch of `mod.rs`, [`crate::fc11::paralysis`].

use super::attacks as unit_attacks;
use crate::fc11::base::{Fc11Position, KING};
use crate::fc11::board::View;
use crate::fc11::paralysis::is_paralyzed;
use frozen_core::{Side, Square};

/// The square of `side`'s King, if it is on the board.
pub fn king_square(pos: &Fc11Position, side: Side) -> Option<Square> {
    pos.pieces(side, KING).iter().next()
}

/// True if a unit of side `by` that is not paralysed attacks `s` (FC11-KING-02,
/// FC11-PARA-01).
pub fn attacked(v: &View, s: Square, by: Side) -> bool {
    let pos = v.pos;
    for from in pos.side_bb(by).iter() {
        let Some(id) = pos.unit_at(from) else {
            continue;
        };
        let u = pos.unit(id);
        if unit_attacks(v, u, from, s) && !is_paralyzed(pos, id) {
            return true;
        }
    }
    false
}

/// True if `side`'s King is in check.
pub fn in_check(pos: &Fc11Position, side: Side) -> bool {
    king_square(pos, side).is_some_and(|k| attacked(&View::new(pos), k, side.opposite()))
}

/// True if `side`'s King is on the board and not attacked (the self-harm test of
/// FC11-TURN-15).
pub fn king_safe(pos: &Fc11Position, side: Side) -> bool {
    king_square(pos, side).is_some_and(|k| !attacked(&View::new(pos), k, side.opposite()))
}
