//! Queen (FC11-QUEN-01).
//!
//! * FC11-QUEN-01: rook slides, bishop slides (both up to its current range: CRR lowers
//!   both) and knight leaps; all of them capture.
//!
//! * FC11-TURN-09, -10: both kinds of slide bounce ([`crate::fc11::bounce`]).
//!
//! Gaze and Poison are later parts.

use super::reach::{delta, leaps, route_reaches, routes, View, ALL8, KNIGHT_DELTAS};
use crate::fc11::capture::current_range;
use frozen_core::{Action, Square, Unit};

/// Candidate moves and captures.
pub fn moves(v: &View, u: &Unit, from: Square, out: &mut Vec<Action>) {
    routes(v, u, from, &ALL8, current_range(u), true, out);
    leaps(v, u, from, &KNIGHT_DELTAS, true, out);
}

/// True if a Queen (or her double) on `from` with range `range` attacks `t`.
pub fn attacks_with(v: &View, from: Square, range: u8, t: Square) -> bool {
    KNIGHT_DELTAS.contains(&delta(from, t)) || route_reaches(v, from, &ALL8, range, t)
}

/// True if the Queen on `from` attacks `t`.
pub fn attacks(v: &View, u: &Unit, from: Square, t: Square) -> bool {
    attacks_with(v, from, current_range(u), t)
}
