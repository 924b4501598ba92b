//! Bishop (FC11-BISH-01, FC11-BISH-02).
//!
//! * FC11-BISH-01: a diagonal slide up to its current range (CRR lowers it), or 1 square
//!   orthogonally.
//! * FC11-TURN-09: its diagonal slides bounce ([`crate::fc11::bounce`]).
//! * FC11-BISH-02: the Bishop never captures: its slides stop before the first unit and it
//!   attacks nothing (its conversion, a later part, is its only "capture").

use super::reach::{leaps, routes, View, DIAG, ORTHO};
use crate::fc11::capture::current_range;
use frozen_core::{Action, Square, Unit};

/// Candidate moves (never a capture).
pub fn moves(v: &View, u: &Unit, from: Square, out: &mut Vec<Action>) {
    routes(v, u, from, &DIAG, current_range(u), false, out);
    leaps(v, u, from, &ORTHO, false, out);
}
