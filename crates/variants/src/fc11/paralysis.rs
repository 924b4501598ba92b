//! Paralysis (FC11-PARA-01..03, FC11-PARA-09..11) and the one paralysis query.
//!
//! * [`is_paralyzed`] is the query every rule uses: paralysed by the counter or by a status
//!   (Pincer, Jester presence, Gaze: [`super::status`], recomputed, FC11-PARA-04).
//! * FC11-PARA-01: a paralysed unit is a statue: it cannot act ([`super::turn`] lists no
//!   action for it), and it attacks nothing, so it gives no check and protects nothing
//!   ([`super::maps::attacked`]); it still blocks and can be captured. A paralysed
//!   Jester or Queen projects no presence or Gaze ([`super::status`]).
//! * FC11-PARA-02: "paralysed for N moves" = the unit sits out its owner's next N turns.
//!   The counter is the family's absolute owner-turn timer
//!   ([`crate::frozen_family::timers`]): given while the owner's latest started turn is
//!   `k`, it freezes the unit in owner turns `k + 1 ..= k + N`, so both an enemy-inflicted
//!   N and a self-inflicted N cost exactly N own turns. The FEN writes it as turns left.
//! * FC11-PARA-03: overlapping paralysis takes the larger ([`paralyze`]: the family's
//!   maximum). Paralysis Transfer, the one source that adds, gives an unparalysed unit 4
//!   ([`super::transfer`]).
//! * FC11-PARA-09: a cost the unit pays for its own action ([`Paralysis::Cost`]) always
//!   applies; an effect ([`Paralysis::Effect`]) asks the immunity table
//!   ([`super::immunity`]: the King, Royal Guards, kind immunity with the actor).
//! * FC11-PARA-10: a captured unit loses its counter (FC11-CAPT-05), so a respawn starts
//!   at 0; status paralysis is never in the counter, so nothing clears it but its cause.
//!   (Conversion, Morph, Egg hatching and Spawn are later parts.)
//! * FC11-PARA-11: a dead unit's counter is dropped (FC11-CAPT-05); transports are a later
//!   part.
//! * FC11-PARA-12, -13, -15: kind immunity is a row of the immunity table
//!   ([`kind_immune`] asks it). Kings may "capture" kings, so two kings never stand next to
//!   each other (each attacks the other's squares, FC11-KING-02).
//!
//! Paralysis comes from set-up positions (the FEN's paralysis field,
//! `Status.frozen_through` in RON) and from Paralysis Transfers; [`paralyze`] is the one
//! entry point every source calls.
//! Uses: the family timers, [`super::status`], [`super::immunity`].

use super::base::Fc11Position;
use super::immunity::{immune, Actor, Effect};
use crate::frozen_family::timers;
pub use crate::frozen_family::timers::Paralysis;
use frozen_core::{EventSink, Kind, UnitId};

/// True if a unit of kind `actor` may do nothing to a unit of kind `target` because of
/// kind immunity (FC11-PARA-12, -13, -15): the immunity table's rule.
#[inline]
pub fn kind_immune(actor: Kind, target: Kind) -> bool {
    super::immunity::kind_immune(actor, target)
}

/// True if the unit is paralysed now, by its counter or by a status (FC11-PARA-01, -02,
/// -04): the one paralysis query every rule uses.
#[inline]
pub fn is_paralyzed(pos: &Fc11Position, id: UnitId) -> bool {
    timers::timer_frozen(pos, id) || super::status::status(pos, id).is_some()
}

/// True if the unit is paralysed by its counter (what a Paralysis Transfer can move).
#[inline]
pub fn counter_paralyzed(pos: &Fc11Position, id: UnitId) -> bool {
    timers::timer_frozen(pos, id)
}

/// Owner turns the unit is still paralysed for (0 = free; FC11-PARA-02).
#[inline]
pub fn turns_left(pos: &Fc11Position, id: UnitId) -> u32 {
    timers::turns_left(pos, id)
}

/// Paralyses the unit for its owner's next `n` turns; overlapping paralysis keeps the
/// larger (FC11-PARA-02, -03). An effect done `by` a unit (or by none) is refused when the
/// immunity table says so (FC11-PARA-08, -09, FC11-KING-08); a cost never is. Returns true
/// if the paralysis grew.
pub fn paralyze(
    pos: &mut Fc11Position,
    id: UnitId,
    n: u32,
    why: Paralysis,
    by: Option<Actor>,
    events: &mut dyn EventSink,
) -> bool {
    let refused = why == Paralysis::Effect && immune(pos, Effect::Paralysis, by, id).is_some();
    timers::paralyze(pos, id, n, why, |_| refused, events)
}
