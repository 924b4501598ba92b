//! Victory (FC6-VICT-01..06).
//!
//! * FC6-VICT-01: a side with no pawn on the board loses (`"all pawns lost"`); promoted
//!   pawns do not count ([`super::pawn::pawn_count`]).
//! * FC6-VICT-02: checkmate: a side in check at the start of its turn with no legal action
//!   loses (`"checkmate"`).
//! * FC6-VICT-03: a side whose king is gone loses (`"king captured"` or `"king killed"`);
//!   a king also dies in explosions and on armed tombs, and a position loaded from FEN
//!   whose king is recorded off the board is over ([`terminal`]).
//! * FC6-VICT-04: stalemate: a side with no legal action at the start of its turn loses
//!   (`"stalemate"`, not a draw).
//! * FC6-VICT-05: kings and pawns are tested after every action, checkmate and stalemate
//!   when the next turn starts ([`after_action`]).
//! * FC6-VICT-06: if one action makes both sides meet a loss condition, the side that made
//!   it loses (its own loss is tested first).
//!
//! Uses: [`super::base`], [`super::attack`], [`super::pawn`].

use super::attack::{in_check, king_square};
use super::base::{Fc6, Fc6Position, KING};
use super::pawn::pawn_count;
use crate::frozen_family::turn as family_turn;
use frozen_core::{Event, EventSink, Location, Outcome, Side};

/// Why `side` has lost after an action (king or pawns), if it has.
pub fn loss_reason(pos: &Fc6Position, side: Side) -> Option<&'static str> {
    if king_square(pos, side).is_none() {
        let captured = pos
            .units()
            .iter()
            .any(|u| u.kind == KING && u.side == side && matches!(u.loc, Location::Captured(_)));
        return Some(if captured {
            "king captured"
        } else {
            "king killed"
        });
    }
    if pawn_count(pos, side) == 0 {
        return Some("all pawns lost");
    }
    None
}

/// Is `side`'s king recorded off the board (dead in a tomb, or captured)?
pub fn king_gone(pos: &Fc6Position, side: Side) -> bool {
    pos.units()
        .iter()
        .any(|u| u.kind == KING && u.side == side && !matches!(u.loc, Location::Board(_)))
}

/// The end that follows from the position alone: a king recorded off the board
/// (FC6-VICT-03), or no legal action for the side to act (FC6-VICT-02, FC6-VICT-04).
/// Loaders call it, so a position read from FEN has the same result as the game that
/// reached it. Pawns are not tested here: set-up positions without pawns stay playable.
pub fn terminal(fc: &Fc6, pos: &Fc6Position) -> Option<Outcome> {
    if pos.result().is_some() {
        return None;
    }
    let mut scratch = pos.clone();
    decide(fc, &mut scratch, pos.to_move().opposite(), |p, side| {
        king_gone(p, side).then(|| loss_reason(p, side)).flatten()
    })
}

/// The end of the game in `pos` after an action of `mover`: `lost` is tested for the
/// mover first (FC6-VICT-06), then for the other side, then checkmate or stalemate of
/// the side to act once the mover's turn has passed.
fn decide(
    fc: &Fc6,
    pos: &mut Fc6Position,
    mover: Side,
    lost: impl Fn(&Fc6Position, Side) -> Option<&'static str>,
) -> Option<Outcome> {
    for side in [mover, mover.opposite()] {
        if let Some(r) = lost(pos, side) {
            return Some(Outcome::win(side.opposite(), r));
        }
    }
    // Between the legs of a turn the mover still acts: no checkmate or stalemate then.
    // After an owed promotion (FC6-PAWN-02) the mover's turn is still to come: it must
    // have a legal action.
    let open = pos.state().turn.is_some();
    if (pos.to_move() == mover && open)
        || family_turn::with_scratch(|buf| family_turn::has_legal(fc, pos, buf))
    {
        return None;
    }
    let side = pos.to_move();
    let reason = if in_check(fc, pos, side) {
        "checkmate"
    } else {
        "stalemate"
    };
    Some(Outcome::win(side.opposite(), reason))
}

/// Tests the end of the game after an action made by `mover` and records the result.
pub fn after_action(fc: &Fc6, pos: &mut Fc6Position, mover: Side, events: &mut dyn EventSink) {
    if pos.result().is_some() {
        return;
    }
    let outcome = decide(fc, pos, mover, loss_reason);
    if let Some(o) = outcome {
        pos.set_result(Some(o.clone()));
        if events.wants() {
            events.push(Event::GameOver(o));
        }
    }
}
