//! Chancellor (FC11-CHAN-01, FC11-CHAN-02).
//!
//! * FC11-CHAN-01: it moves and captures 1 square in any direction, or 1 square
//!   orthogonally and then 2 squares diagonally onward (a zebra leap, `(±2, ±3)` and
//!   `(±3, ±2)`). The orthogonal square is an intermediate landing point: it must not be a
//!   wall (FC11-TURN-13); a unit or a tomb there is jumped over.
//! * FC11-CHAN-02: its moves are fixed steps and leaps, so CRR never shortens them.
//!
//! Teleswap, Paralyse, Quickening, Mirror Portal and its immunities are later parts.

use super::reach::{delta, View, ALL8};
use crate::fc11::board::push_plain;
use frozen_core::{Action, Square, Unit};

/// The zebra leaps.
pub const ZEBRA: [(i32, i32); 8] = [
    (2, 3),
    (3, 2),
    (3, -2),
    (2, -3),
    (-2, -3),
    (-3, -2),
    (-3, 2),
    (-2, 3),
];

/// The intermediate (orthogonal) square of the zebra leap `(df, dr)` from `from`.
pub fn corner(from: Square, df: i32, dr: i32) -> Option<Square> {
    if dr.abs() == 3 {
        from.offset(0, dr.signum())
    } else {
        from.offset(df.signum(), 0)
    }
}

/// Candidate moves and captures.
pub fn moves(v: &View, u: &Unit, from: Square, out: &mut Vec<Action>) {
    for (df, dr) in ALL8 {
        if let Some(t) = from.offset(df, dr) {
            push_plain(v, u, from, t, true, out);
        }
    }
    for (df, dr) in ZEBRA {
        let Some(t) = from.offset(df, dr) else {
            continue;
        };
        if corner(from, df, dr).is_some_and(|c| !v.walls.contains(c)) {
            push_plain(v, u, from, t, true, out);
        }
    }
}

/// True if the Chancellor on `from` attacks `t`.
pub fn attacks(v: &View, from: Square, t: Square) -> bool {
    let (df, dr) = delta(from, t);
    if from.distance(t) == 1 {
        return true;
    }
    ZEBRA.contains(&(df, dr)) && corner(from, df, dr).is_some_and(|c| !v.walls.contains(c))
}
