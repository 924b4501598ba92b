//! Onager (FC11-ONAG-01).
//!
//! * FC11-ONAG-01: it slides at right angles to its aim (left and right with the default
//!   forward aim), up to 16 squares, stopped by units and walls; it never captures by
//!   landing and never bounces.
//!
//! The throw and the Piece Rotation are later parts.

use super::reach::{slides, View};
use crate::fc11::board::aim;
use crate::fc11::capture::FIXED_RANGE;
use frozen_core::{Action, Square, Unit};

/// The Onager's two slide directions: perpendicular to its aim.
pub fn dirs(u: &Unit) -> [(i32, i32); 2] {
    let a = aim(u);
    let (ax, ay) = (i32::from(a.df), i32::from(a.dr));
    [(ay, ax), (-ay, -ax)]
}

/// Candidate moves (never a capture).
pub fn moves(v: &View, u: &Unit, from: Square, out: &mut Vec<Action>) {
    slides(v, u, from, &dirs(u), FIXED_RANGE, false, out);
}
