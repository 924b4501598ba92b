//! King's Exchange (F12-KING-02..03; FC6 and FC11 KING rows).
//!
//! Owns: the exchange as a whole action: the king trades squares with a friendly unit that
//! no enemy attacks, and that unit leaves the game (how it leaves is the game's hook).
//! Written `exchange:<king><unit>`. Whether the king is then safe is the whole-turn test of
//! [`super::turn`]. Uses: [`super::attack`].

use super::attack::attacked_by;
use super::game::FamilyGame;
use frozen_core::{Action, ActionKind, Event, EventSink, Position, UnitId};

/// King's Exchange candidates of the king `id`: one per friendly unit no enemy attacks.
pub fn candidates<G: FamilyGame>(
    g: &G,
    pos: &Position<G::State>,
    id: UnitId,
    out: &mut Vec<Action>,
) {
    let u = pos.unit(id);
    let Some(ks) = u.loc.square() else { return };
    for sq in (pos.side_bb(u.side).without(ks)).iter() {
        if !attacked_by(g, pos, sq, u.side.opposite()) {
            out.push(Action::new(ActionKind::Exchange, &[ks, sq]));
        }
    }
}

/// Performs `exchange:<king><unit>`: `remove(pos, unit)` takes the unit out of the game,
/// then the king takes its square.
pub fn perform<S: frozen_core::VariantState>(
    pos: &mut Position<S>,
    a: &Action,
    events: &mut dyn EventSink,
    remove: impl FnOnce(&mut Position<S>, UnitId, &mut dyn EventSink),
) {
    let (Some(ks), Some(vs)) = (a.from(), a.to()) else {
        return;
    };
    let (Some(k), Some(v)) = (pos.unit_at(ks), pos.unit_at(vs)) else {
        return;
    };
    remove(pos, v, events);
    pos.move_unit(k, vs);
    if events.wants() {
        events.push(Event::Moved {
            unit: k,
            from: ks,
            to: vs,
        });
    }
}
