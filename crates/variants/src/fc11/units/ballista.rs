//! Ballista (FC11-BALL-04, FC11-BALL-05).
//!
//! * FC11-BALL-04: it leaps 2 squares forward (the owner's forward) or 3 squares to either
//!   side, never capturing.
//! * FC11-BALL-05: no CRR and no Range Extension (its moves are fixed leaps).
//!
//! The paralysis shot is a later part.

use super::reach::{leaps, View};
use crate::fc11::board::side_forward;
use frozen_core::{Action, Square, Unit};

/// The Ballista's leaps for a unit of `u`'s side.
pub fn deltas(u: &Unit) -> [(i32, i32); 3] {
    [(0, 2 * side_forward(u.side)), (3, 0), (-3, 0)]
}

/// Candidate moves (never a capture).
pub fn moves(v: &View, u: &Unit, from: Square, out: &mut Vec<Action>) {
    leaps(v, u, from, &deltas(u), false, out);
}
