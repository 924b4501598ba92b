//! Templar (FC11-TEMP-01, FC11-TEMP-02).
//!
//! * FC11-TEMP-01: it moves and captures as a Rook (orthogonal slide up to its current
//!   range), or 2 squares diagonally (a slide: the first square must be free of units and
//!   walls), optionally followed by 1 square diagonally to the side (`2d + (dx, -dy)` or
//!   `2d + (-dx, dy)`; then `2d` must be free too): a T-shaped area of 12 squares. The
//!   side step is written with its turning square: `g1i3h4` (origin, `2d`, destination).
//! * FC11-TEMP-02: only the rook part suffers CRR; the T part is fixed.
//!
//! * FC11-TURN-10: its rook slides bounce ([`crate::fc11::bounce`]); the T move never does.
//!
//! * FC11-TEMP-03: the Shield ([`shield_holds`]): no unit may capture the Templar from a
//!   square the Templar could capture on with one normal move without bounce (a straight
//!   rook slide at its current range, or its T move). The attacker's current square is
//!   the one tested; [`crate::fc11::turn`] drops such captures from the candidates.
//! * FC11-TEMP-04: the Shield is off while the Templar stands on a tomb (after its own
//!   capture the victim's tomb is pending under it, so it can be recaptured), and while
//!   it is paralysed (a paralysed unit has no capture range, FC11-CAPT-11).
//!
//! Tornado and Avalanche are later parts.

use super::reach::{route_reaches, routes, View, DIAG, ORTHO};
use crate::fc11::board::{push_plain, slide_reaches};
use crate::fc11::capture::current_range;
use crate::fc11::paralysis::is_paralyzed;
use frozen_core::{Action, Dir, Square, Unit, UnitId};

/// Calls `f(turn, destination)` for each T square: `turn` is `Some(2d)` for a side step.
fn t_squares(v: &View, from: Square, mut f: impl FnMut(Option<Square>, Square)) {
    for (dx, dy) in DIAG {
        let Some(p1) = from.offset(dx, dy) else {
            continue;
        };
        if v.blockers.contains(p1) {
            continue;
        }
        let Some(p2) = p1.offset(dx, dy) else {
            continue;
        };
        f(None, p2);
        if v.blockers.contains(p2) {
            continue;
        }
        for (ex, ey) in [(dx, -dy), (-dx, dy)] {
            if let Some(t) = p2.offset(ex, ey) {
                f(Some(p2), t);
            }
        }
    }
}

/// Candidate moves and captures.
pub fn moves(v: &View, u: &Unit, from: Square, out: &mut Vec<Action>) {
    routes(v, u, from, &ORTHO, current_range(u), true, out);
    t_squares(v, from, |turn, t| match turn {
        None => push_plain(v, u, from, t, true, out),
        Some(p2) => {
            let ok = v.open(t) || v.may_capture(u, t);
            if ok {
                out.push(Action::new(frozen_core::ActionKind::Move, &[from, p2, t]));
            }
        }
    });
}

/// True if the Templar on `from` attacks `t`.
pub fn attacks(v: &View, u: &Unit, from: Square, t: Square) -> bool {
    route_reaches(v, from, &ORTHO, current_range(u), t) || t_attacks(v, from, t)
}

/// True if the Templar's T move from `from` reaches `t`.
pub fn t_attacks(v: &View, from: Square, t: Square) -> bool {
    let mut hit = false;
    t_squares(v, from, |_, s| hit |= s == t);
    hit
}

/// True if the Templar `id` standing on `tsq` shields itself against a capture by a unit
/// standing on `attacker` (FC11-TEMP-03, -04).
pub fn shield_holds(v: &View, id: UnitId, tsq: Square, attacker: Square) -> bool {
    let t = v.unit(id);
    if t.kind != crate::fc11::base::TEMPLAR || v.tombs.contains(tsq) || is_paralyzed(v.pos, id) {
        return false;
    }
    slide_reaches(v, tsq, attacker, &Dir::ORTHO, current_range(t)) || t_attacks(v, tsq, attacker)
}
