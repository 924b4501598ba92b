//! King (F12-KING-01..03; F12-MOVE-08).
//!
//! * F12-KING-01: the king never makes a leg and never captures, so it never
//!   gives check and never protects ([`super::movement::native`] gives it no
//!   pattern).
//! * F12-KING-02: King's Exchange, a whole action allowed in check: the king
//!   trades squares with any friendly unit that no enemy attacks, and that unit is
//!   removed from the game (no death square; a pawn removed so is lost).
//!   Written `exchange:<king><unit>`.
//! * F12-KING-03: after the exchange the king must not be in check (the general
//!   test of [`super::turn`]); kings cannot be empowered, guarded or swapped and
//!   are immune to jester paralysis, but not to Rook Push: a pushed king is paralysed
//!   for its owner's next turn and makes no exchange then (F12-PARA-01, tested for every
//!   unit in [`super::turn::candidates_of`]).

use super::capture::{attacked_by, kill};
use super::{Fc12, Fc12Position, KING};
use crate::frozen_family::exchange;
use frozen_core::{Action, EventSink, Side, Square, UnitId};

/// The square of `side`'s king, if it is on the board.
pub fn king_square(pos: &Fc12Position, side: Side) -> Option<Square> {
    pos.pieces(side, KING).first()
}

/// True if `side`'s king stands on the board and some enemy unit attacks it (F12-TURN-03).
pub fn in_check(fc: &Fc12, pos: &Fc12Position, side: Side) -> bool {
    king_square(pos, side).is_some_and(|k| attacked_by(fc, pos, k, side.opposite()))
}

/// King's Exchange candidates of the king `id` (F12-KING-02).
pub fn exchanges(fc: &Fc12, pos: &Fc12Position, id: UnitId, out: &mut Vec<Action>) {
    exchange::candidates(fc, pos, id, out);
}

/// Performs King's Exchange `exchange:<king><unit>`: the unit is removed (killed, no death
/// square), the king takes its square.
pub fn exchange(pos: &mut Fc12Position, a: &Action, events: &mut dyn EventSink) {
    exchange::perform(pos, a, events, kill);
}
