//! Paralysis (F12-PARA-01..03) with the owner-turn convention.
//!
//! The timers are the FrozenChess family's ([`crate::frozen_family::timers`]): a unit is
//! frozen in owner turn `j` when `j <= frozen_through`; between its owner's turns it counts
//! as paralysed when it will be frozen in its owner's next turn ([`owner_turn`]).
//! Paralysis of N given while the owner's latest started turn is k sets
//! `frozen_through = max(old, k + N)` ([`paralyze`]). Timers are absolute turn numbers and
//! are never rewritten when a turn ends; a timer whose turn has passed is stale and reads
//! as free. Presence paralysis (F12-JEST-03) is not stored: it is recomputed from the
//! jesters ([`presence`]). A paralysed unit cannot act, protect, attack or give check
//! (F12-PARA-01): every query in this crate goes through [`is_paralyzed`].
//! Sources (F12-PARA-03): crossing a death square 2 turns ([`super::death`]), jester
//! leap 2 turns ([`super::jester`]), push 1 turn ([`super::rook`]), jester presence.
//! None of them is refused by an immunity here, except that jesters and kings are immune
//! to both kinds of jester paralysis (F12-JEST-05), which their callers test.

use super::{Fc12, Fc12Position};
use crate::frozen_family::{jester, timers};
use frozen_core::{EventSink, Side, Square, UnitId};

/// The owner turn that decides whether a unit of `side` is paralysed now: the
/// current turn if `side` acts, else its next turn (F12-PARA-02).
pub fn owner_turn(pos: &Fc12Position, side: Side) -> u32 {
    timers::owner_turn(pos, side)
}

/// True if the unit is frozen by a timer now (F12-PARA-02).
pub fn timer_frozen(pos: &Fc12Position, id: UnitId) -> bool {
    timers::timer_frozen(pos, id)
}

/// The square of an enemy jester whose presence paralyses the unit, if any
/// (F12-JEST-03); jesters and kings are immune (F12-JEST-05); a paralysed jester
/// has no presence.
pub fn presence(fc: &Fc12, pos: &Fc12Position, id: UnitId) -> Option<Square> {
    jester::presence(crate::frozen_family::FamilyGame::tables(fc), pos, id)
}

/// True if the unit is paralysed now, by a timer or by presence (F12-PARA-01).
pub fn is_paralyzed(fc: &Fc12, pos: &Fc12Position, id: UnitId) -> bool {
    timer_frozen(pos, id) || presence(fc, pos, id).is_some()
}

/// Paralyses a unit for its owner's next `n` turns; overlapping paralyses take the
/// maximum (F12-PARA-02). Reports the new limit if it grew. Every fc12 source is an
/// effect that no immunity refuses at this point (F12-PARA-03).
pub fn paralyze(pos: &mut Fc12Position, id: UnitId, n: u32, events: &mut dyn EventSink) {
    timers::paralyze(pos, id, n, timers::Paralysis::Effect, |_| false, events);
}

/// Owner turns the unit is still frozen for, counting the current one if its owner
/// acts (0 = free). Used for repetition (F12-DRAW-01) and the FEN.
pub fn turns_left(pos: &Fc12Position, id: UnitId) -> u32 {
    timers::turns_left(pos, id)
}
