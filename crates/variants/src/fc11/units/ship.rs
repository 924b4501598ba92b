//! Ship (FC11-SHIP-01, FC11-SHIP-02).
//!
//! * FC11-SHIP-01: it cannot capture ([`moves`] lists no capture) or be captured
//!   ([`crate::fc11::capture::refusal`]).
//! * FC11-SHIP-02: "down as rook, up as bishop", relative to its owner: a rook slide
//!   straight backward, or a bishop slide along the two forward diagonals, up to 16
//!   squares (no CRR), stopped by units and walls.
//! * FC11-TURN-09, -10: both slides bounce ([`crate::fc11::bounce`]): the first direction
//!   is one of the three above, later segments go wherever the turns lead.
//!
//! Loading, unloading and the Warning Shot are later parts.

use super::reach::{routes, View};
use crate::fc11::board::side_forward;
use crate::fc11::capture::FIXED_RANGE;
use frozen_core::{Action, Square, Unit};

/// The Ship's slide directions for a unit of `u`'s side.
pub fn dirs(u: &Unit) -> [(i32, i32); 3] {
    let f = side_forward(u.side);
    [(0, -f), (1, f), (-1, f)]
}

/// Candidate moves (never a capture).
pub fn moves(v: &View, u: &Unit, from: Square, out: &mut Vec<Action>) {
    routes(v, u, from, &dirs(u), FIXED_RANGE, false, out);
}
