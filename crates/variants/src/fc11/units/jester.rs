//! Jester (FC11-JEST-01, FC11-JEST-02).
//!
//! * FC11-JEST-01: for each diagonal `d = (dx, dy)` it leaps to `2d`, `3d`, `2d + (dx, 0)`,
//!   `2d + (0, dy)`, `3d + (dx, 0)` or `3d + (0, dy)`: 24 destinations. The intermediate
//!   landing points (`2d` for every destination beyond it, and `3d` for the last two) must
//!   not be walls (FC11-TURN-13); units and tombs there are jumped over.
//! * FC11-JEST-02: it never captures (its explosion is a later part) and never loses range
//!   to CRR: it lands only on open squares and attacks nothing.
//!
//! * FC11-JEST-03: Power Steal ([`crate::fc11::steal`]): it may also move, never capture, like
//!   any enemy non-pawn piece that threatens it now (whose part of A(enemy),
//!   FC11-CAPT-11, holds its square), with that piece's pattern and current range, bounces
//!   included, from its own square. A stolen move with the same squares as one it already
//!   has is the same action.
//!
//! Traps, presence, Walltrap, Detonate, Distract, Decoherence and Spin are later parts.

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

/// True if `(df, dr)` is one of the Jester's own 24 leaps (FC11-JEST-01).
pub fn is_own_leap(df: i32, dr: i32) -> bool {
    let (a, b) = (df.abs(), dr.abs());
    matches!((a.min(b), a.max(b)), (2, 2) | (3, 3) | (2, 3) | (3, 4))
}
