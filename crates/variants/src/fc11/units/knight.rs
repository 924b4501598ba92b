//! Knight (FC11-KNGT-01, FC11-KNGT-07).
//!
//! * FC11-KNGT-01: the 8 knight leaps, plus 1 square diagonally forward (the owner's
//!   forward; 2 single steps, not leaps). Both move and capture.
//! * FC11-KNGT-07: the Knight's range is fixed (shown as 3); it has no CRR
//!   ([`crate::fc11::capture::has_crr`] is false for it) and no Range Extension.
//!
//! Knight's Leap captures, Knight's March and Knightmare are later parts.

use super::reach::{delta, leaps, View, KNIGHT_DELTAS};
use crate::fc11::board::side_forward;
use frozen_core::{Action, Square, Unit};

/// The two forward-diagonal steps of a Knight of `u`'s side.
fn steps(u: &Unit) -> [(i32, i32); 2] {
    let f = side_forward(u.side);
    [(1, f), (-1, f)]
}

/// Candidate moves and captures.
pub fn moves(v: &View, u: &Unit, from: Square, out: &mut Vec<Action>) {
    leaps(v, u, from, &KNIGHT_DELTAS, true, out);
    leaps(v, u, from, &steps(u), true, out);
}

/// True if the Knight on `from` attacks `t`.
pub fn attacks(u: &Unit, from: Square, t: Square) -> bool {
    let d = delta(from, t);
    KNIGHT_DELTAS.contains(&d) || steps(u).contains(&d)
}
