//! Queen (FC11-QUEN-01).
//!
//! * FC11-QUEN-01: rook slides, bishop slides (both up to its current range: CRR lowers
//!   both) and knight leaps; all of them capture.
//!
//! Bounces, Gaze, Poison and the Queen's double are later parts.

use super::reach::{delta, leaps, slides, View, ALL8, KNIGHT_DELTAS};
use crate::fc11::board::slide_reaches;
use crate::fc11::capture::current_range;
use frozen_core::{Action, Dir, Square, Unit};

/// Candidate moves and captures.
pub fn moves(v: &View, u: &Unit, from: Square, out: &mut Vec<Action>) {
    slides(v, u, from, &ALL8, current_range(u), true, out);
    leaps(v, u, from, &KNIGHT_DELTAS, true, out);
}

/// True if the Queen on `from` attacks `t`.
pub fn attacks(v: &View, u: &Unit, from: Square, t: Square) -> bool {
    KNIGHT_DELTAS.contains(&delta(from, t))
        || slide_reaches(v, from, t, &Dir::ALL8, current_range(u))
}
