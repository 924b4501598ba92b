//! Assassin (FC11-ASSN-01).
//!
//! * FC11-ASSN-01: it moves and captures by leaping one knight move or exactly 3 squares
//!   orthogonally: 12 destinations.
//!
//! Assassin's Run, wall climbing, tunnels, the bomb and the retained empower move are
//! later parts.

use super::reach::{delta, leaps, View, KNIGHT_DELTAS};
use frozen_core::{Action, Square, Unit};

/// The 3-square orthogonal leaps.
pub const THREE: [(i32, i32); 4] = [(0, 3), (3, 0), (0, -3), (-3, 0)];

/// Candidate moves and captures.
pub fn moves(v: &View, u: &Unit, from: Square, out: &mut Vec<Action>) {
    leaps(v, u, from, &KNIGHT_DELTAS, true, out);
    leaps(v, u, from, &THREE, true, out);
}

/// True if the Assassin on `from` attacks `t`.
pub fn attacks(from: Square, t: Square) -> bool {
    let d = delta(from, t);
    KNIGHT_DELTAS.contains(&d) || THREE.contains(&d)
}
