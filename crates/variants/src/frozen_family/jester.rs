//! Jester presence and explosion cascades (F12-JEST-03, F12-JEST-05, F12-JEST-06; FC6 and
//! FC11 JEST rows).
//!
//! Owns: (1) presence: an unparalysed enemy jester in a unit's 3x3 paralyses it while it
//! stays there, unless its kind is immune; (2) the cascade: explosions are resolved first
//! in first out, each centre once, and every jester killed by a blast queues its own
//! explosion. What a blast does to each square is the game's ([`explode`]'s hooks).
//! Uses: the core geometry, [`super::timers`].

use super::tables::FamilyTables;
use super::timers::timer_frozen;
use frozen_core::{Bitboard, Event, EventSink, Position, Square, UnitId, VariantState};
use smallvec::SmallVec;

/// The square of an enemy jester whose presence paralyses unit `id`, if any: the unit's
/// kind is not immune, and the jester is not frozen by its timer (a paralysed jester has no
/// presence).
pub fn presence<S: VariantState>(
    t: &FamilyTables,
    pos: &Position<S>,
    id: UnitId,
) -> Option<Square> {
    let jester = t.jester?;
    let u = pos.unit(id);
    if t.presence_immune.has(u.kind) {
        return None;
    }
    let s = u.loc.square()?;
    let jesters = t.patterns.geometry().king(s) & pos.pieces(u.side.opposite(), jester);
    jesters
        .iter()
        .find(|&j| pos.unit_at(j).is_some_and(|jid| !timer_frozen(pos, jid)))
}

/// What a blast does at its centre: `(position, centre, events)`.
pub type OnCentre<'a, S> = dyn FnMut(&mut Position<S>, Square, &mut dyn EventSink) + 'a;

/// What a blast does to one unit in its 3x3: `(position, unit, its square, events)`.
pub type OnVictim<'a, S> = dyn FnMut(&mut Position<S>, UnitId, Square, &mut dyn EventSink) + 'a;

/// Resolves the explosions queued in `queue` (centre squares), first in first out, each
/// centre once. For each centre: an `Exploded` event, `on_centre(pos, centre)`, then for
/// every unit in the centre's 3x3 (the centre included) `on_victim(pos, unit, square)`,
/// which kills it as the game rules; a victim that was a jester queues its square.
pub fn explode<S: VariantState>(
    t: &FamilyTables,
    pos: &mut Position<S>,
    queue: &mut SmallVec<[Square; 4]>,
    events: &mut dyn EventSink,
    on_centre: &mut OnCentre<'_, S>,
    on_victim: &mut OnVictim<'_, S>,
) {
    let geo = t.patterns.geometry();
    let mut done = Bitboard::EMPTY;
    let mut i = 0;
    while i < queue.len() {
        let c = queue[i];
        i += 1;
        if done.contains(c) {
            continue;
        }
        done.set(c);
        if events.wants() {
            events.push(Event::Exploded { at: c });
        }
        on_centre(pos, c, events);
        for sq in geo.king(c).with(c).iter() {
            if let Some(v) = pos.unit_at(sq) {
                let was_jester = Some(pos.unit(v).kind) == t.jester;
                on_victim(pos, v, sq, events);
                if was_jester && !done.contains(sq) {
                    queue.push(sq);
                }
            }
        }
    }
}
