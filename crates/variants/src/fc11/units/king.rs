//! King (FC11-KING-01..03, FC11-KING-10..12).
//!
//! * FC11-KING-01: it moves 1 square in any direction; no castling.
//! * FC11-KING-02: check: the King's square is attacked by an enemy unit that is not
//!   paralysed ([`crate::fc11::maps::attacked`]), through a pattern that can capture (conversion, shots and
//!   other non-capturing reaches of later parts do not count) ([`crate::fc11::check`]).
//! * FC11-KING-03: a King in check may not stay in or move into check; more generally no
//!   action may leave its own King attacked (FC11-TURN-15, [`crate::fc11::turn`]).
//!   King's Exchange and King's Portal, the other ways out, are later parts; so is King's
//!   Check, the one exception.
//! * FC11-KING-10: the King may not fuse, board a Ship, morph, spawn, shadow or swapshot,
//!   and is never empowered or guarded: it has only its 8 steps (and its captures).
//! * FC11-KING-11: it never moves onto a tomb (the tomb would explode and kill it). A
//!   capture on a square whose tomb lies under the victim is a capture, not a landing on
//!   a tomb. (Corrupted squares, the other deadly squares, come with the tomb rules; the
//!   position format refuses them until then.)
//! * FC11-KING-12: a side whose King is checkmated loses
//!   ([`crate::fc11::victory::after_ply`]); so does a side that cannot act at all (stalemate
//!   is a loss in FrozenChess). Kings cannot be
//!   captured (FC11-CAPT-02) and explosions are a later part.

use super::reach::{View, ALL8};
use crate::fc11::board::push_plain;
use frozen_core::{Action, Square, Unit};

/// Candidate moves and captures (FC11-KING-01, -10, -11).
pub fn moves(v: &View, u: &Unit, from: Square, out: &mut Vec<Action>) {
    for (df, dr) in ALL8 {
        let Some(t) = from.offset(df, dr) else {
            continue;
        };
        if v.open(t) && v.tombs.contains(t) {
            continue;
        }
        push_plain(v, u, from, t, true, out);
    }
}

/// True if the King on `from` attacks `t`.
pub fn attacks(from: Square, t: Square) -> bool {
    from.distance(t) == 1
}
