//! Knight (FC11-KNGT-01, FC11-KNGT-07).
//!
//! * FC11-KNGT-01: the 8 knight leaps, plus 1 square diagonally forward (the owner's
//!   forward; 2 single steps, not leaps). Both move and capture.
//! * FC11-KNGT-07: the Knight's range is fixed (shown as 3); it has no CRR
//!   ([`crate::fc11::capture::has_crr`] is false for it) and no Range Extension.
//!
//! * FC11-KNGT-06 Knightmare ([`knightmare`]): an enemy pawn standing on one of the
//!   Knight's landing-capture squares (its 8 leaps and 2 forward-diagonal steps, not the
//!   squares it jumps over) may only move 1 square forward: no capture (so it attacks
//!   nothing: no check, no protection), no 2-square move, no rotation, no special move.
//!   A status, recomputed whenever asked; a paralysed Knight casts none (FC11-PARA-01).
//!
//! Knight's Leap captures and Knight's March are later parts.

use super::reach::{delta, leaps, View, KNIGHT_DELTAS};
use crate::fc11::base::{Fc11Position, KNIGHT, PAWN};
use crate::fc11::board::side_forward;
use crate::fc11::paralysis::is_paralyzed;
use frozen_core::{Action, Square, Unit, UnitId};

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

/// The square of the enemy Knight holding the pawn `id` under Knightmare (FC11-KNGT-06),
/// if any: an unparalysed enemy Knight that could capture on the pawn's square by landing
/// there.
pub fn knightmare(pos: &Fc11Position, id: UnitId) -> Option<Square> {
    let u = pos.unit(id);
    if u.kind != PAWN {
        return None;
    }
    let sq = u.loc.square()?;
    let foe = u.side.opposite();
    let f = side_forward(foe);
    KNIGHT_DELTAS
        .iter()
        .copied()
        .chain([(1, f), (-1, f)])
        .filter_map(|(df, dr)| sq.offset(-df, -dr))
        .find(|&k| {
            pos.unit_at(k).is_some_and(|kid| {
                let ku = pos.unit(kid);
                ku.kind == KNIGHT && ku.side == foe && !is_paralyzed(pos, kid)
            })
        })
}
