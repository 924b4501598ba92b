//! Frog (FC11-FROG-01, FC11-FROG-02, FC11-FROG-08).
//!
//! * FC11-FROG-01: immortal ([`crate::fc11::capture::refusal`]) and never captures.
//! * FC11-FROG-02: it leaps 2 or 3 squares diagonally or 3 squares orthogonally, and never
//!   lands on a wall or a tomb.
//! * FC11-FROG-08: it captures nothing, so it attacks nothing (it gives no check).
//!
//! Long Jump, DoubleSpawn, Mass Jump and Slime are later parts.

use super::reach::View;
use frozen_core::{Action, Square};

/// The Frog's leaps.
pub const FROG_DELTAS: [(i32, i32); 12] = [
    (2, 2),
    (2, -2),
    (-2, -2),
    (-2, 2),
    (3, 3),
    (3, -3),
    (-3, -3),
    (-3, 3),
    (0, 3),
    (3, 0),
    (0, -3),
    (-3, 0),
];

/// Candidate moves (never a capture, never onto a tomb).
pub fn moves(v: &View, from: Square, out: &mut Vec<Action>) {
    for (df, dr) in FROG_DELTAS {
        if let Some(t) = from.offset(df, dr) {
            if v.open(t) && !v.tombs.contains(t) {
                out.push(Action::step(from, t));
            }
        }
    }
}
