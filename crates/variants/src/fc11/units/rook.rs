//! Rook (FC11-ROOK-01).
//!
//! * FC11-ROOK-01: an orthogonal slide, stopped by units and walls, up to its current
//!   range (16 less its CRR, [`crate::fc11::capture::current_range`]); it captures the
//!   first unit it meets if that unit is capturable.
//!
//! * FC11-TURN-10: its slides bounce (turn 90° at collisions, [`crate::fc11::bounce`]).
//!
//! * FC11-ROOK-04 Tower: [`crate::fc11::empower`] (a Rook's one protector borrows its
//!   moves; this module stays the Rook's own patterns).
//!
//! Stun and Siege are later parts.

use super::reach::{route_reaches, routes, View, ORTHO};
use crate::fc11::capture::current_range;
use frozen_core::{Action, Square, Unit};

/// Candidate moves and captures.
pub fn moves(v: &View, u: &Unit, from: Square, out: &mut Vec<Action>) {
    routes(v, u, from, &ORTHO, current_range(u), true, out);
}

/// True if the Rook on `from` attacks `t`.
pub fn attacks(v: &View, u: &Unit, from: Square, t: Square) -> bool {
    route_reaches(v, from, &ORTHO, current_range(u), t)
}
