//! The end of the game (FC11-VICT-01, -02, -04, FC11-DRAW-04, FC11-KING-12), tested at
//! the end of every ply (FC11-TURN-16 step 9, [`after_ply`]).
//!
//! * FC11-VICT-01: checkmate: the side to act is in check (its King's square is attacked,
//!   FC11-KING-02) and has no legal action (every kind of action counts; none gets its
//!   King out of check). Reason `"checkmate"`.
//! * FC11-VICT-02: a side whose King is no longer on the board loses (`"king captured"`).
//!   In this part no action removes a King (Kings are never captured, FC11-CAPT-02, and
//!   explosions, Stage 5 and automatic events are later parts), so the test only guards
//!   positions; a King left without an answer is checkmated instead (FC11-VICT-01).
//! * FC11-VICT-04 / FC11-DRAW-04: stalemate is a loss: a side not in check whose only legal
//!   action would be a null move loses (`"stalemate"`); the null move does not count
//!   (FC11-NULL-04).
//! * The null-move draw (FC11-NULL-02) is decided here too; repetition is the game
//!   record's ([`super::draw`]).
//!
//! Uses: [`super::turn`] (legal actions), [`super::check`], [`super::null`].

use super::base::{Fc11, Fc11Position, KING};
use super::check::in_check;
use frozen_core::{Event, EventSink, Outcome, Side};

/// The reason text of each end.
pub const CHECKMATE: &str = "checkmate";
/// See [`CHECKMATE`].
pub const STALEMATE: &str = "stalemate";
/// See [`CHECKMATE`].
pub const KING_CAPTURED: &str = "king captured";
/// See [`CHECKMATE`].
pub const TWO_NULLS: &str = "two null moves in a row";

/// The end that follows from the position after a ply of `mover`, if any.
pub fn outcome(fc: &Fc11, pos: &mut Fc11Position, mover: Side) -> Option<Outcome> {
    if super::null::drawn(pos) {
        return Some(Outcome::draw(TWO_NULLS));
    }
    for side in [mover, mover.opposite()] {
        if pos.pieces(side, KING).count() == 0 {
            return Some(Outcome::win(side.opposite(), KING_CAPTURED));
        }
    }
    if super::turn::has_legal_action(fc, pos) {
        return None;
    }
    let side = pos.to_move();
    let reason = if in_check(pos, side) {
        CHECKMATE
    } else {
        STALEMATE
    };
    Some(Outcome::win(side.opposite(), reason))
}

/// Ends the game after a ply of `mover` when it is over (FC11-TURN-16 step 9).
pub fn after_ply(fc: &Fc11, pos: &mut Fc11Position, mover: Side, events: &mut dyn EventSink) {
    if pos.result().is_some() || pos.to_move() == mover {
        return;
    }
    if let Some(o) = outcome(fc, pos, mover) {
        pos.set_result(Some(o.clone()));
        if events.wants() {
            events.push(Event::GameOver(o));
        }
    }
}
