//! Check (FC11-KING-02, FC11-KING-03): whether a King is attacked.
//!
//! A King is in check when its square is in A(enemy), the attack map of
//! [`crate::fc11::maps`] (FC11-CAPT-11): one definition for check, threats and protection,
//! with the patterns Empower and Tower lend ([`crate::fc11::empower::threatened`]: one
//! square asked, after every candidate). Uses: [`crate::fc11::empower`].

use crate::fc11::base::{Fc11Position, KING};
use crate::fc11::board::View;
use crate::fc11::empower::threatened as attacked;
use frozen_core::{Side, Square};

/// The square of `side`'s King, if it is on the board.
pub fn king_square(pos: &Fc11Position, side: Side) -> Option<Square> {
    pos.pieces(side, KING).iter().next()
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
