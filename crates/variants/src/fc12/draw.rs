//! Draws (F12-DRAW-01).
//!
//! The third occurrence of the same position is a draw (the core [`frozen_core::Game`]
//! declares it from `repetition_limit() == Some(3)`); there is no 50-move rule, and
//! stalemate is a loss ([`super::victory`]). "The same position" includes the side
//! to move, the death squares, the double-move state, pending promotions and every
//! paralysis timer written as turns left; the absolute turn counters and stale timers
//! are ignored (the family's [`crate::frozen_family::repetition`]).

use super::Fc12Position;
use crate::frozen_family::repetition;

/// True if two positions are the same for repetition: equal units (kind, owner,
/// place), marks, side to act, pending decisions, variant state and result, and
/// equal paralysis as turns left; the absolute turn counters are ignored.
pub fn same_for_repetition(a: &Fc12Position, b: &Fc12Position) -> bool {
    repetition::same_for_repetition(a, b)
}

/// The repetition key: a hash of exactly what [`same_for_repetition`] compares, with every
/// paralysis timer written as turns left, so positions that differ only in the absolute turn
/// counters file under the same key (the core `Game` looks repetitions up by this key).
pub fn repetition_key(pos: &Fc12Position) -> u64 {
    repetition::repetition_key(pos)
}
