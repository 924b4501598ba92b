//! Draws (FC11-DRAW-01..03, FC11-DRAW-05).
//!
//! * FC11-DRAW-01: two null moves in a row draw ([`super::null`], decided with the other
//!   ends in [`super::victory`]).
//! * FC11-DRAW-02: there is no 50-move rule: nothing counts moves without captures.
//! * FC11-DRAW-03: the third occurrence of the same position draws: the game record
//!   (`frozen_core::Game`) declares it from [`REPETITION_LIMIT`]. "The same position"
//!   is the FrozenChess family's comparison ([`crate::frozen_family::repetition`]):
//!   side to act, every unit (kind, owner, place, whole status, paralysis as turns left),
//!   every wall with its owner, every tomb with its queue, the variant state (the null-move
//!   count) and every other layer; the absolute turn and ply counters, which only say how
//!   long the game has run, are left out. Two positions that differ only in those counters
//!   (the same paralysis reached at different turns) are the same position.
//! * FC11-DRAW-05: Wonders finishing together is no draw (a Stage 3 rule of a later part);
//!   in this part the only draws are DRAW-01 and DRAW-03.
//!
//! Uses: the family repetition.

use super::base::Fc11Position;
use crate::frozen_family::repetition;

/// Occurrences of the same position that draw (FC11-DRAW-03).
pub const REPETITION_LIMIT: u32 = 3;

/// True if two positions are the same for repetition (FC11-DRAW-03).
pub fn same_for_repetition(a: &Fc11Position, b: &Fc11Position) -> bool {
    repetition::same_for_repetition(a, b)
}

/// The repetition key: equal for positions [`same_for_repetition`] calls equal.
pub fn repetition_key(pos: &Fc11Position) -> u64 {
    repetition::repetition_key(pos)
}
