//! Victory (F12-VICT-01..04).
//!
//! * F12-VICT-01: a side loses when its king is captured or dies (blast, push) —
//!   reason `"king captured"` (captured by a unit) or `"king killed"` (blast, push,
//!   death square) — or is checkmated (`"checkmate"`).
//! * F12-VICT-02: a side with no pawn on the board loses (`"all pawns lost"`);
//!   promoted pawns are lost.
//! * F12-VICT-03: a side with no legal action at the start of its turn loses
//!   (`"stalemate"`).
//! * F12-VICT-04: kings and pawns are tested after every action, checkmate and
//!   stalemate when a turn starts; if one action makes both sides lose, the side
//!   that made it loses.

use super::king::{in_check, king_square};
use super::pawn::pawn_count;
use super::turn::has_legal_action;
use super::{Fc12, Fc12Position, KING};
use frozen_core::{Event, EventSink, Location, Outcome, Side};

/// Why `side` has lost after an action (king or pawns), if it has.
pub fn loss_reason(pos: &Fc12Position, side: Side) -> Option<&'static str> {
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

/// Tests the end of the game after an action made by `mover` (F12-VICT-04) and
/// records the result.
pub fn after_action(fc: &Fc12, pos: &mut Fc12Position, mover: Side, events: &mut dyn EventSink) {
    if pos.result().is_some() {
        return;
    }
    let outcome = if let Some(r) = loss_reason(pos, mover) {
        Some(Outcome {
            winner: Some(mover.opposite()),
            reason: r.into(),
        })
    } else if let Some(r) = loss_reason(pos, mover.opposite()) {
        Some(Outcome {
            winner: Some(mover),
            reason: r.into(),
        })
    } else if pos.state().mover.is_none() && pos.pending().is_empty() && !has_legal_action(fc, pos)
    {
        let side = pos.to_move();
        let reason = if in_check(fc, pos, side) {
            "checkmate"
        } else {
            "stalemate"
        };
        Some(Outcome {
            winner: Some(side.opposite()),
            reason: reason.into(),
        })
    } else {
        None
    };
    if let Some(o) = outcome {
        pos.set_result(Some(o.clone()));
        if events.wants() {
            events.push(Event::GameOver(o));
        }
    }
}
