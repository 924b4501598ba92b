//! Rook (FC11-ROOK-01).
//!
//! * FC11-ROOK-01: an orthogonal slide, stopped by units and walls, up to its current
//!   range (16 less its CRR, [`crate::fc11::capture::current_range`]); it captures the
//!   first unit it meets if that unit is capturable.
//!
//! Bounces, Stun, Siege and Tower are later parts.

use super::reach::{slides, View, ORTHO};
use crate::fc11::board::slide_reaches;
use crate::fc11::capture::current_range;
use frozen_core::{Action, Dir, Square, Unit};

/// The rook directions.
pub const ROOK_DIRS: [Dir; 4] = Dir::ORTHO;

/// Candidate moves and captures.
pub fn moves(v: &View, u: &Unit, from: Square, out: &mut Vec<Action>) {
    slides(v, u, from, &ORTHO, current_range(u), true, out);
}

/// True if the Rook on `from` attacks `t`.
pub fn attacks(v: &View, u: &Unit, from: Square, t: Square) -> bool {
    slide_reaches(v, from, t, &ROOK_DIRS, current_range(u))
}
