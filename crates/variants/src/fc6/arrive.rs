//! Arrivals and deaths without a capturer: the one place where a square acts on a unit
//! that comes to rest on it ([`come_to_rest`]: an enemy trap catches it, FC6-TRAP-03;
//! the tomb part of FC6 adds the death on an ARMED tomb), and the one capturer-less death
//! ([`kill`]: pushed off the board, FC6-ROOK-02). FC6-TURN-06 (b)-(d).
//!
//! Uses: [`super::base`], [`super::trap`].

use super::base::Fc6Position;
use frozen_core::{Event, EventSink, Location, UnitId};

/// A unit dies without a capturer (pushed off the board, FC6-ROOK-02): no CRR, no Poison,
/// no promotion. In this part it leaves the board for the pile of the other side; the
/// tomb part of FC6 buries it here instead.
pub fn kill(pos: &mut Fc6Position, victim: UnitId, events: &mut dyn EventSink) {
    let u = pos.unit(victim);
    let at = u.loc.square();
    let to = Location::Captured(u.side.opposite());
    pos.relocate(victim, to);
    if let (true, Some(at)) = (events.wants(), at) {
        events.push(Event::Captured {
            unit: victim,
            at,
            by: None,
            to,
        });
    }
}

/// A unit comes to rest on its square (the end of a leg, a push): the one place where
/// what lies on the square acts on an arriving unit (FC6-TURN-06 (b)-(d)). Here an enemy
/// trap catches it (FC6-TRAP-03); the tomb part of FC6 adds the death on an ARMED tomb
/// before that. Returns true if the unit still stands there.
pub fn come_to_rest(pos: &mut Fc6Position, id: UnitId, events: &mut dyn EventSink) -> bool {
    super::trap::catch(pos, id, events);
    pos.unit(id).loc.on_board()
}
