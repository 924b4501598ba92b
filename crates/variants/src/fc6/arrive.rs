//! Arrivals: the one place where what lies on a square acts on a unit that comes to rest
//! there (the end of a leg, a push), FC6-TURN-06 steps (b)-(d).
//!
//! * [`come_to_rest`] (steps (b) and (c)): on an ARMED tomb the unit dies into it and the
//!   tomb's explosion is queued (FC6-TOMB-06, through [`super::tomb::rest`]).
//! * [`caught`] (step (d), after any push): a surviving unit on an enemy trap is caught
//!   (FC6-TRAP-03, [`super::trap::catch`]).
//! * [`pushed_off`]: the one death without a capturer that a leg causes directly, a unit
//!   pushed off the board (FC6-ROOK-02): it dies into the tomb of its last square
//!   ([`super::tomb::die`] with [`Death::PushedOff`]): no CRR, no Poison, no promotion.
//!
//! Uses: [`super::base`], [`super::tomb`], [`super::trap`].

use super::base::Fc6Position;
use super::tomb::{self, Cascade, Death};
use frozen_core::{EventSink, UnitId};

/// The unit `id` has come to rest on its square (end of a leg, a push): on an ARMED tomb
/// it dies there and the explosion is queued in `cascade` (FC6-TOMB-06). Call it after
/// any capture on the square. Returns true if the unit still stands there.
pub fn come_to_rest(
    pos: &mut Fc6Position,
    id: UnitId,
    cascade: &mut Cascade,
    events: &mut dyn EventSink,
) -> bool {
    let Some(at) = pos.unit(id).loc.square() else {
        return false;
    };
    !tomb::rest(pos, id, at, cascade, events)
}

/// A unit that came to rest and survived: an enemy trap on its square catches it
/// (FC6-TRAP-03, FC6-TURN-06 step (d)). Returns true if it was caught.
pub fn caught(pos: &mut Fc6Position, id: UnitId, events: &mut dyn EventSink) -> bool {
    pos.unit(id).loc.on_board() && super::trap::catch(pos, id, events)
}

/// The unit `victim` is pushed off the board (FC6-ROOK-02): it dies into the tomb of the
/// square it stood on, not a capture.
pub fn pushed_off(
    pos: &mut Fc6Position,
    victim: UnitId,
    cascade: &mut Cascade,
    events: &mut dyn EventSink,
) {
    if let Some(at) = pos.unit(victim).loc.square() {
        tomb::die(pos, victim, at, Death::PushedOff, cascade, events);
    }
}
