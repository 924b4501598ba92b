//! Lancer (FC11-LANC-01, FC11-LANC-02, FC11-LANC-04).
//!
//! * FC11-LANC-01: it moves as a bishop: a diagonal slide over open squares up to its
//!   current range; this move never captures and never bounces.
//! * FC11-LANC-02: it captures only beside its diagonal paths: it slides `j` squares along
//!   a diagonal `d` (`0 <= j <= range - 1`, the path free of units and walls), then steps 1
//!   square orthogonally, along one of the two components of `d`, onto an enemy, and ends
//!   on the victim's square. Written with its turning square when `j > 0` (`a2d5d6`:
//!   origin, end of the slide, victim), as a plain `a2a3` when `j = 0`.
//! * FC11-LANC-04: CRR lowers its diagonal range, so both its moves and its capture reach
//!   (`j <= range - 1`) shrink ([`crate::fc11::capture::current_range`]).
//!
//! Swipe Paralysis is a later part.

use super::reach::{delta, View, DIAG, ORTHO};
use crate::fc11::board::walk;
use crate::fc11::capture::current_range;
use frozen_core::{Action, ActionKind, Square, Unit};

/// Candidate moves and captures.
pub fn moves(v: &View, u: &Unit, from: Square, out: &mut Vec<Action>) {
    let range = current_range(u);
    if range == 0 {
        return;
    }
    let victim = |t: Square| v.may_capture(u, t);
    // j = 0: the four orthogonal neighbours.
    for (df, dr) in ORTHO {
        if let Some(t) = from.offset(df, dr) {
            if victim(t) {
                out.push(Action::step(from, t));
            }
        }
    }
    for (dx, dy) in DIAG {
        walk(v, from, dx, dy, range, |s, j| {
            if !v.open(s) {
                return;
            }
            out.push(Action::step(from, s));
            if j < range {
                for (ex, ey) in [(dx, 0), (0, dy)] {
                    if let Some(t) = s.offset(ex, ey) {
                        if victim(t) {
                            out.push(Action::new(ActionKind::Move, &[from, s, t]));
                        }
                    }
                }
            }
        });
    }
}

/// True if the Lancer on `from` attacks `t` (FC11-LANC-02).
pub fn attacks(v: &View, u: &Unit, from: Square, t: Square) -> bool {
    let (a, b) = delta(from, t);
    let range = i32::from(current_range(u));
    let j = a.abs().min(b.abs());
    if a.abs().max(b.abs()) != j + 1 || j + 1 > range {
        return false;
    }
    if j == 0 {
        return true;
    }
    // The slide ends `j` squares along d = (sign a, sign b); every square of it is open.
    let (dx, dy) = (a.signum(), b.signum());
    (1..=j).all(|i| from.offset(i * dx, i * dy).is_some_and(|s| v.open(s)))
}

/// The squares the Lancer on `from` attacks (FC11-LANC-02): the four orthogonal
/// neighbours, and beside every open square of its diagonal slides short of its range.
pub fn attack_set(v: &View, u: &Unit, from: Square) -> frozen_core::Bitboard {
    let mut out = frozen_core::Bitboard::EMPTY;
    let range = current_range(u);
    if range == 0 {
        return out;
    }
    for (df, dr) in ORTHO {
        if let Some(t) = from.offset(df, dr) {
            out.set(t);
        }
    }
    for (dx, dy) in DIAG {
        walk(v, from, dx, dy, range, |s, j| {
            if j < range && v.open(s) {
                for (ex, ey) in [(dx, 0), (0, dy)] {
                    if let Some(t) = s.offset(ex, ey) {
                        out.set(t);
                    }
                }
            }
        });
    }
    out.without(from)
}
