//! Rook Push (F12-ROOK-01..05; movement F12-MOVE-05).
//!
//! * F12-ROOK-01: after a non-capturing native orthogonal slide in direction d
//!   ending on s, with an enemy E on s+d, the rook may push E to s+2d. The action
//!   is written `<from><to><pushed>`, e.g. `a1a5a6`. A rook that lands on a death
//!   square dies there and does not push (ruling, see docs/rules/fc12.md).
//! * F12-ROOK-02: off the board, E dies; onto a unit, no push; onto a death
//!   square, E dies there. No new death square; not a capture.
//! * F12-ROOK-03: a surviving pushed unit is paralysed for its owner's next turn.
//! * F12-ROOK-04: only rooks cannot be pushed (kings and guarded units can).
//! * F12-ROOK-05: leg 2 of a double move may push again only if leg 1 caused no
//!   death (`Fc12State::no_push`); a capture on leg 1 ends the turn anyway.

use super::capture::kill;
use super::death::is_death;
use super::movement::{is_orthogonal, line_dir};
use super::paralysis::paralyze;
use super::{Fc12, Fc12Position, ROOK};
use frozen_core::{Dir, Event, EventSink, Square};

/// The square of the enemy a rook sliding `s`→`t` (to an empty `t`) may push, if any.
pub fn push_victim(fc: &Fc12, pos: &Fc12Position, s: Square, t: Square) -> Option<Square> {
    if !is_orthogonal(s, t) || is_death(pos, t) {
        return None;
    }
    let (_, side) = pos.piece_at(s)?;
    let d = line_dir(s, t)?;
    let e = t.step(d).filter(|&q| fc.geo.shape().contains(q))?;
    let (ek, es) = pos.piece_at(e)?;
    if es == side || ek == ROOK {
        return None;
    }
    match e.step(d).filter(|&q| fc.geo.shape().contains(q)) {
        Some(dest) if pos.unit_at(dest).is_some() => None,
        _ => Some(e),
    }
}

/// Pushes the unit on `e` one square in direction `d` (F12-ROOK-02/03). Returns
/// true if it died (off the board or on a death square).
pub fn push(
    fc: &Fc12,
    pos: &mut Fc12Position,
    e: Square,
    d: Dir,
    events: &mut dyn EventSink,
) -> bool {
    let Some(id) = pos.unit_at(e) else {
        return false;
    };
    let dest = e.step(d).filter(|&q| fc.geo.shape().contains(q));
    match dest {
        None => {
            if events.wants() {
                events.push(Event::Pushed {
                    unit: id,
                    from: e,
                    to: None,
                });
            }
            kill(pos, id, events);
            true
        }
        Some(q) => {
            pos.move_unit(id, q);
            if events.wants() {
                events.push(Event::Pushed {
                    unit: id,
                    from: e,
                    to: Some(q),
                });
            }
            if is_death(pos, q) {
                kill(pos, id, events);
                true
            } else {
                paralyze(pos, id, 1, events);
                false
            }
        }
    }
}
