//! Jester (FC11-JEST-01, FC11-JEST-02).
//!
//! * FC11-JEST-01: for each diagonal `d = (dx, dy)` it leaps to `2d`, `3d`, `2d + (dx, 0)`,
//!   `2d + (0, dy)`, `3d + (dx, 0)` or `3d + (0, dy)`: 24 destinations. The intermediate
//!   landing points (`2d` for every destination beyond it, and `3d` for the last two) must
//!   not be walls (FC11-TURN-13); units and tombs there are jumped over.
//! * FC11-JEST-02: it never captures (its explosion is a later part) and never loses range
//!   to CRR: it lands only on open squares and attacks nothing.
//!
//! Power Steal, traps, presence, Walltrap, Detonate, Distract, Decoherence and Spin are
//! later parts.

use super::reach::{View, DIAG};
use frozen_core::{Action, Square};

/// Calls `f` with each of the Jester's destinations from `from` whose intermediate landing
/// points are not walls, in a fixed order (the destination itself may be anything).
pub fn destinations(v: &View, from: Square, mut f: impl FnMut(Square)) {
    for (dx, dy) in DIAG {
        let Some(p2) = from.offset(2 * dx, 2 * dy) else {
            continue;
        };
        f(p2);
        if v.walls.contains(p2) {
            continue;
        }
        for (ex, ey) in [(dx, 0), (0, dy)] {
            if let Some(t) = p2.offset(ex, ey) {
                f(t);
            }
        }
        let Some(p3) = p2.offset(dx, dy) else {
            continue;
        };
        f(p3);
        if v.walls.contains(p3) {
            continue;
        }
        for (ex, ey) in [(dx, 0), (0, dy)] {
            if let Some(t) = p3.offset(ex, ey) {
                f(t);
            }
        }
    }
}

/// Candidate moves (never a capture).
pub fn moves(v: &View, from: Square, out: &mut Vec<Action>) {
    destinations(v, from, |t| {
        if v.open(t) {
            out.push(Action::step(from, t));
        }
    });
}
