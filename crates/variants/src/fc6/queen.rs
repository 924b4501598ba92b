//! Queen's Poison (FC6-QUEN-01..02).
//!
//! * FC6-QUEN-01: a unit that captures a queen (any unit of queen kind, promoted ones
//!   included) by displacement or by Knight's Leap is paralysed for 6 turns of its owner
//!   ([`poison`], called by [`super::turn`] after each capture).
//! * FC6-QUEN-02: no poison when a queen dies without a capturer (pushed off the board;
//!   tomb, explosion, King's Check and King's Exchange deaths belong to other parts of
//!   FC6). Poison is an effect: kings and royal-guarded capturers are immune
//!   ([`super::paralysis::refuses`]). A pawn that captures a queen promotes to a queen
//!   (FC6-PAWN-01) and is poisoned.
//!
//! Uses: [`super::base`], [`super::paralysis`].

use super::base::{Fc6Position, QUEEN};
use super::paralysis::{paralyze, Paralysis};
use frozen_core::{EventSink, Kind, UnitId};

/// Owner turns of Queen's Poison (FC6-QUEN-01).
pub const POISON: u32 = 6;

/// The capturer `by` took a unit of kind `victim`: poison it if that was a queen
/// (FC6-QUEN-01/02).
pub fn poison(pos: &mut Fc6Position, by: UnitId, victim: Kind, events: &mut dyn EventSink) {
    if victim == QUEEN && pos.unit(by).loc.on_board() {
        paralyze(pos, by, POISON, Paralysis::Effect, events);
    }
}
