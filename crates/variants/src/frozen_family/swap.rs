//! Swapping places with a friendly unit (F12-SWAP-01..02; FC6 and FC11 SWAP rows).
//!
//! Owns: the swap as a whole action: two units trade squares at once (one journal entry,
//! no intermediate state), with the promotions it carries. Who may swap with whom is the
//! game's. Written `swap:<acting unit><partner>`. Uses: the core `swap_units`,
//! [`super::promotion`].

use super::promotion::{promote, PromotionRule};
use frozen_core::{Action, Event, EventSink, Position, VariantState};

/// Performs a swap, then promotes each of the two units that is a pawn on its far rank to
/// the piece the action names.
pub fn perform<S: VariantState>(
    pos: &mut Position<S>,
    rule: &PromotionRule,
    a: &Action,
    events: &mut dyn EventSink,
) {
    let (Some(s), Some(t)) = (a.from(), a.to()) else {
        return;
    };
    let (Some(x), Some(y)) = (pos.unit_at(s), pos.unit_at(t)) else {
        return;
    };
    pos.swap_units(x, y);
    if events.wants() {
        events.push(Event::Swapped { a: x, b: y });
    }
    if let Some(k) = a.piece {
        for (id, sq) in [(x, t), (y, s)] {
            let u = pos.unit(id);
            if u.kind == rule.pawn && rule.on_far_rank(u.side, sq) {
                promote(pos, id, k, events);
            }
        }
    }
}
