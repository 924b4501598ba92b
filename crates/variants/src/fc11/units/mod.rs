//! The 18 unit kinds, one module each: where a unit may go ([`moves`]) and which squares
//! it attacks ([`attacks`]: could capture a unit standing there with one action).
//!
//! Every module names the rule IDs it implements. Kinds that never capture (Bishop,
//! Jester, Frog, Trebuchet, Ballista, Ship, Onager, Cannon; FC11-SETP-13) attack nothing
//! in this part: their capture substitutes (conversion, shots, explosions, loaded
//! Cannons) come with later parts. Uses: [`super::board`], [`super::capture`],
//! [`super::promotion`] (pawns), [`super::paralysis`] (the King's attack test).

pub mod assassin;
pub mod ballista;
pub mod bishop;
pub mod cannon;
pub mod chancellor;
pub mod dragon;
pub mod frog;
pub mod jester;
pub mod king;
pub mod knight;
pub mod lancer;
pub mod onager;
pub mod pawn;
pub mod queen;
pub mod reach;
pub mod rook;
pub mod ship;
pub mod templar;
pub mod trebuchet;

use super::base::{
    Fc11, ASSASSIN, BALLISTA, BISHOP, CANNON, CHANCELLOR, DRAGON, FROG, JESTER, KING, KNIGHT,
    LANCER, ONAGER, PAWN, QUEEN, ROOK, SHIP, TEMPLAR, TREBUCHET,
};
use super::board::View;
use frozen_core::{Action, Square, Unit};
pub use reach::{delta, ALL8, DIAG, KNIGHT_DELTAS, ORTHO};

/// Appends the candidate actions of the unit `u` standing on `from` (before the own-King
/// test of FC11-TURN-15).
pub fn moves(fc: &Fc11, v: &View, u: &Unit, from: Square, out: &mut Vec<Action>) {
    match u.kind {
        PAWN => pawn::moves(fc, v, u, from, out),
        LANCER => lancer::moves(v, u, from, out),
        KNIGHT => knight::moves(v, u, from, out),
        BISHOP => bishop::moves(v, u, from, out),
        DRAGON => dragon::moves(v, u, from, out),
        ROOK => rook::moves(v, u, from, out),
        QUEEN => queen::moves(v, u, from, out),
        KING => king::moves(v, u, from, out),
        JESTER => jester::moves(v, from, out),
        CHANCELLOR => chancellor::moves(v, u, from, out),
        TEMPLAR => templar::moves(v, u, from, out),
        FROG => frog::moves(v, from, out),
        TREBUCHET => trebuchet::moves(),
        BALLISTA => ballista::moves(v, u, from, out),
        SHIP => ship::moves(v, u, from, out),
        ONAGER => onager::moves(v, u, from, out),
        CANNON => cannon::moves(),
        ASSASSIN => assassin::moves(v, u, from, out),
        _ => {}
    }
}

/// True if the unit `u` on `from` attacks `t`: one action of its own could capture a unit
/// standing on `t` (kind immunity and immortality aside, which refuse the capture, not
/// the attack). Paralysis is the caller's test; the attack map of
/// [`crate::fc11::maps`] is built from the same parts ([`slide_part`], [`short_attacks`]).
pub fn attacks(v: &View, u: &Unit, from: Square, t: Square) -> bool {
    if from == t {
        return false;
    }
    match u.kind {
        PAWN => pawn::attacks(u, from, t),
        LANCER => lancer::attacks(v, u, from, t),
        KNIGHT => knight::attacks(u, from, t),
        DRAGON => dragon::attacks(v, u, from, t),
        ROOK => rook::attacks(v, u, from, t),
        QUEEN => queen::attacks(v, u, from, t),
        KING => king::attacks(from, t),
        CHANCELLOR => chancellor::attacks(v, from, t),
        TEMPLAR => templar::attacks(v, u, from, t),
        ASSASSIN => assassin::attacks(from, t),
        _ => false,
    }
}

/// The bouncing capture slides of a kind (FC11-TURN-09, -10): their first directions and
/// range, or `None`. The Lancer's slide never captures and never bounces; Bishops and
/// Ships slide without capturing.
pub fn slide_part(u: &Unit) -> Option<(&'static [(i32, i32)], u8)> {
    let r = super::capture::current_range(u);
    match u.kind {
        ROOK | TEMPLAR => Some((&ORTHO, r)),
        QUEEN => Some((&ALL8, r)),
        DRAGON => Some((&DIAG, r)),
        _ => None,
    }
}

/// True if a pattern of `u` on `from` other than its capture slides ([`slide_part`])
/// attacks `t`, for `t` within 3 squares of `from` (every such pattern is that short,
/// except the Lancer's, which [`lancer::attack_set`] lists).
pub fn short_attacks(v: &View, u: &Unit, from: Square, t: Square) -> bool {
    if from == t {
        return false;
    }
    match u.kind {
        ROOK => false,
        QUEEN => KNIGHT_DELTAS.contains(&delta(from, t)),
        DRAGON => {
            let d = delta(from, t);
            KNIGHT_DELTAS.contains(&d) || dragon::TWO.contains(&d)
        }
        TEMPLAR => templar::t_attacks(v, from, t),
        _ => attacks(v, u, from, t),
    }
}
