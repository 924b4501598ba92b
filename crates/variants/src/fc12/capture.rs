//! Capture mechanics and attacks (F12-CAPT-01, F12-CAPT-02).
//!
//! A capture removes an enemy unit by displacement or Knight's Leap; it is refused
//! on friends, on the capturer's own kind (non-pawns, F12-KIND-01) and on guarded
//! units (F12-GARD-01) — [`refusal`] is the single test. Kings and jesters never
//! capture. Captured units go to the capturer's pile for good (no tombs, no
//! respawn; no range limits, F12-CAPT-02). Blast, death-square and push-off deaths
//! are kills (`Location::Dead`), King's Exchange a removal.
//!
//! Attacks (catalog 0.4): an unparalysed unit attacks square `s` if one leg of its
//! native or empowered patterns could capture an enemy there, or, for a knight,
//! `s` lies on a leap path of a leap to an empty square. Kings and jesters attack
//! nothing. [`for_each_attacker`] finds them by looking back from `s` (the family's
//! attack test, [`crate::frozen_family::attack`], on this game's tables).

use super::empower::is_guarded;
use super::kind::immune;
use super::movement::Pat;
use super::{Fc12, Fc12Position, JESTER, KING};
use crate::frozen_family::{attack, protection};
use frozen_core::{Event, EventSink, Kind, Location, Side, Square, UnitId};

/// Why a capture is refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The target is a friend.
    Friendly,
    /// Kings and jesters never capture.
    CannotCapture,
    /// Same non-pawn kind (F12-KIND-01).
    KindImmunity,
    /// Two or more counted protectors (F12-GARD-01).
    Guarded,
}

/// Why a unit of kind `capturer` and side `side` may not capture `victim`, if it may not.
pub fn refusal(
    fc: &Fc12,
    pos: &Fc12Position,
    capturer: Kind,
    side: Side,
    victim: UnitId,
) -> Option<Refusal> {
    let v = pos.unit(victim);
    if v.side == side {
        Some(Refusal::Friendly)
    } else if capturer == KING || capturer == JESTER {
        Some(Refusal::CannotCapture)
    } else if immune(fc, capturer, v.kind) {
        Some(Refusal::KindImmunity)
    } else if is_guarded(fc, pos, victim) {
        Some(Refusal::Guarded)
    } else {
        None
    }
}

/// Removes a captured unit (it goes to the capturer's pile) and reports it.
pub fn take(pos: &mut Fc12Position, victim: UnitId, by: UnitId, events: &mut dyn EventSink) {
    let side = pos.unit(by).side;
    let at = pos.unit(victim).loc.square();
    let to = Location::Captured(side);
    pos.relocate(victim, to);
    if let (true, Some(at)) = (events.wants(), at) {
        events.push(Event::Captured {
            unit: victim,
            at,
            by: Some(by),
            to,
        });
    }
}

/// Kills a unit without a capture (blast, death square, push-off, exchange).
pub fn kill(pos: &mut Fc12Position, id: UnitId, events: &mut dyn EventSink) {
    let from = pos.unit(id).loc;
    pos.relocate(id, Location::Dead);
    if events.wants() {
        events.push(Event::Removed {
            unit: id,
            from,
            to: Location::Dead,
        });
    }
}

/// The patterns a unit captures with now: native plus empowered (kings and jesters: none).
pub fn attack_pats(fc: &Fc12, pos: &Fc12Position, id: UnitId) -> Pat {
    protection::attack_pats(fc, pos, id)
}

/// Calls `f` for each unit of side `by` attacking `s`, until `f` returns true;
/// returns true if it did (the family's look-back, [`attack::for_each_attacker`]).
pub fn for_each_attacker(
    fc: &Fc12,
    pos: &Fc12Position,
    s: Square,
    by: Side,
    f: &mut dyn FnMut(UnitId) -> bool,
) -> bool {
    attack::for_each_attacker(fc, pos, s, by, f)
}

/// True if some unit of side `by` attacks `s`.
pub fn attacked_by(fc: &Fc12, pos: &Fc12Position, s: Square, by: Side) -> bool {
    attack::attacked_by(fc, pos, s, by)
}
