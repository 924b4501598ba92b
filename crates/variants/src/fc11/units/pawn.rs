//! Pawn (FC11-PAWN-01..03, FC11-PAWN-11, FC11-PAWN-12; promotion FC11-PAWN-04/05 in
//! [`crate::fc11::promotion`]).
//!
//! * FC11-PAWN-01: a pawn's forward is its aim (`Status.aim`, toward the enemy at the
//!   start); it moves 1 square forward onto an open square.
//! * FC11-PAWN-02: it captures 1 square diagonally forward of its aim.
//! * FC11-PAWN-03: it moves 2 squares forward, never capturing, onto an open square, in
//!   two cases: (a) the leap, at any time, over a unit, wall or tomb on the square in
//!   front; (b) the chess double step over an empty square, on its first own move only
//!   (`Status.moved` is false: set by its first move or capture, never by a rotation).
//! * FC11-PAWN-11: Pawn Rotation: as its action, a pawn turns its aim to another of the 4
//!   orthogonal directions, at no cost. It is written `act:<square><faced square>`
//!   (`act:e4f4`: the pawn on e4 now aims east), so an aim off the board is never chosen (it
//!   would leave the pawn no move and no capture). Turning never promotes.
//! * FC11-PAWN-12: pawn limits of this part: kind immunity never applies between pawns
//!   (a pawn captures pawns, FC11-PARA-13); pawns do not suffer CRR. (Swapshot, Spawn,
//!   Morph, shadows, Empower and awards are later parts.)

use super::reach::{delta, View};
use crate::fc11::base::Fc11;
use crate::fc11::board::aim;
use crate::fc11::promotion::{self, on_far_rank};
use frozen_core::{Action, ActionKind, Square, Unit};

/// The two forward-diagonal capture steps of a pawn aimed `(ax, ay)`.
#[inline]
pub fn capture_steps(u: &Unit) -> [(i32, i32); 2] {
    let a = aim(u);
    let (ax, ay) = (i32::from(a.df), i32::from(a.dr));
    [(ax + ay, ay + ax), (ax - ay, ay - ax)]
}

/// Candidate moves, captures and rotations; under Knightmare the 1-square move only
/// (FC11-KNGT-06).
pub fn moves(fc: &Fc11, v: &View, u: &Unit, from: Square, out: &mut Vec<Action>) {
    let a = aim(u);
    let (ax, ay) = (i32::from(a.df), i32::from(a.dr));
    let far = |t: Square| on_far_rank(fc, u.side, t);
    let held = v
        .pos
        .unit_at(from)
        .is_some_and(|id| super::knight::knightmare(v.pos, id).is_some());
    if let Some(f1) = from.offset(ax, ay) {
        if v.open(f1) {
            promotion::push(v.pos, Action::step(from, f1), far(f1), out);
        }
        if held {
            return;
        }
        let over = v.blockers.contains(f1) || v.tombs.contains(f1);
        if over || !u.status.moved {
            if let Some(f2) = f1.offset(ax, ay) {
                if v.open(f2) {
                    promotion::push(v.pos, Action::step(from, f2), far(f2), out);
                }
            }
        }
    }
    for (df, dr) in capture_steps(u) {
        let Some(t) = from.offset(df, dr) else {
            continue;
        };
        let Some(vid) = v.unit_at(t) else { continue };
        let victim = v.unit(vid);
        if v.may_capture(u, t) {
            let stays_pawn = victim.kind == crate::fc11::base::PAWN;
            promotion::push(v.pos, Action::step(from, t), stays_pawn && far(t), out);
        }
    }
    for (df, dr) in super::reach::ORTHO {
        if (df, dr) == (ax, ay) {
            continue;
        }
        if let Some(t) = from.offset(df, dr) {
            out.push(Action::new(ActionKind::Act, &[from, t]));
        }
    }
}

/// True if the pawn on `from` attacks `t` (FC11-PAWN-02).
pub fn attacks(u: &Unit, from: Square, t: Square) -> bool {
    capture_steps(u).contains(&delta(from, t))
}
