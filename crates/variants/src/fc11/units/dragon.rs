//! Dragon (FC11-DRAG-01).
//!
//! * FC11-DRAG-01: a diagonal slide up to its current range (CRR lowers it), a knight leap,
//!   or a 2-square orthogonal leap; all of them capture.
//! * FC11-TURN-09: its diagonal slides bounce ([`crate::fc11::bounce`]).
//!
//! Dragon's Fire, Eggs and Dragonflight are later parts.

use super::reach::{delta, leaps, route_reaches, routes, View, DIAG, KNIGHT_DELTAS};
use crate::fc11::capture::current_range;
use frozen_core::{Action, Square, Unit};

/// The 2-square orthogonal leaps.
pub const TWO: [(i32, i32); 4] = [(0, 2), (2, 0), (0, -2), (-2, 0)];

/// Candidate moves and captures.
pub fn moves(v: &View, u: &Unit, from: Square, out: &mut Vec<Action>) {
    routes(v, u, from, &DIAG, current_range(u), true, out);
    leaps(v, u, from, &KNIGHT_DELTAS, true, out);
    leaps(v, u, from, &TWO, true, out);
}

/// True if the Dragon on `from` attacks `t`.
pub fn attacks(v: &View, u: &Unit, from: Square, t: Square) -> bool {
    let d = delta(from, t);
    KNIGHT_DELTAS.contains(&d)
        || TWO.contains(&d)
        || route_reaches(v, from, &DIAG, current_range(u), t)
}
