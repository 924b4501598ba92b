//! Rook Push (FC6-ROOK-01..07) and Tower (FC6-ROOK-09). Siege (FC6-ROOK-08) is in
//! [`super::siege`].
//!
//! * FC6-ROOK-01: when a rook's non-capturing orthogonal slide in direction d ends on s
//!   and an enemy normal unit E stands on s+d, the rook may push E one square, to s+2d.
//!   Only E moves (no chains). The push is part of the leg, written `<from><to><pushed>`
//!   ([`push_target`], [`push`]).
//! * FC6-ROOK-02: if s+2d is off the board, E dies into the tomb of s+d, its last
//!   square; that death is not a capture: no CRR, no Poison, no promotion
//!   ([`super::arrive::pushed_off`]; a jester pushed off does not explode, FC6-JEST-07).
//! * FC6-ROOK-03: E cannot be pushed onto a unit, a wall or an ACTIVE tomb (the push is
//!   not offered); pushed onto an ARMED tomb it dies there and the tomb explodes
//!   ([`super::arrive::come_to_rest`]); pushed onto an enemy trap it is caught
//!   (FC6-TRAP-03, [`super::arrive::caught`], called by the leg after the push).
//! * FC6-ROOK-04: if s+d holds a wall instead of a unit, the rook may push the wall: the
//!   wall square is destroyed; a tomb PENDING under it is ARMED at once (the tomb state
//!   follows the square, [`super::tomb::state`]).
//! * FC6-ROOK-05: a pushed unit that survives is paralysed during its owner's next turn
//!   (an effect: Royal Guards and kings refuse it).
//! * FC6-ROOK-06: cannot be pushed: rooks, templars (FC6-TEMP-04), kings, guarded units
//!   (FC6-GARD-01, judged like a capture's guard: in the position where the leg starts)
//!   and units held by a trap (FC6-TRAP-05). Shadows are not part of this part of FC6.
//! * FC6-ROOK-07: a push on leg 1 of a double move does not end the turn: the rook may
//!   still make leg 2 (and push again), unless the push killed E
//!   ([`super::double_move`]).
//!
//! * FC6-ROOK-09: a unit that empowers a rook (it is the rook's single counted protector,
//!   FC6-EMPW-02) gains rook movement and capture, using the rook's current range. Kings
//!   and pawns never empower, so they never get Tower.
//!
//! Uses: [`super::base`], [`super::empower`], [`super::movement`].

use super::arrive::{come_to_rest, pushed_off};
use super::base::{Fc6Position, KING, P_ORTHO, ROOK, TEMPLAR};
use super::empower::Analysis;
use super::guard::is_guarded;
use super::movement::Grant;
use super::paralysis::{paralyze, Paralysis};
use super::tomb::Cascade;
use super::trap::held;
use frozen_core::{Dir, EventSink, Square, UnitId};
use smallvec::SmallVec;

/// Owner turns of push paralysis (FC6-ROOK-05).
pub const PUSH_PARALYSIS: u32 = 1;

/// The direction of a straight orthogonal leg from `s` to `t`, if it is one.
pub fn ortho_dir(s: Square, t: Square) -> Option<Dir> {
    if s == t || (s.file() != t.file() && s.rank() != t.rank()) {
        return None;
    }
    let df = (i32::from(t.file()) - i32::from(s.file())).signum();
    let dr = (i32::from(t.rank()) - i32::from(s.rank())).signum();
    Dir::ORTHO
        .into_iter()
        .find(|d| i32::from(d.df) == df && i32::from(d.dr) == dr)
}

/// The square a rook whose orthogonal slide from `s` ends on the empty square `t` may
/// push, if any (FC6-ROOK-01..06): a wall on `t+d`, or an enemy unit there that may be
/// pushed and has `t+2d` free of units, walls and ACTIVE tombs (or off the board). `an`
/// is the analysis of the position where the leg starts.
pub fn push_target(an: &Analysis, pos: &Fc6Position, s: Square, t: Square) -> Option<Square> {
    let (rk, side) = pos.piece_at(s)?;
    if rk != ROOK || pos.unit_at(t).is_some() {
        return None;
    }
    let d = ortho_dir(s, t)?;
    let e = t.step(d)?;
    if pos.wall(e).is_some() {
        return Some(e);
    }
    let id = pos.unit_at(e)?;
    let u = pos.unit(id);
    if u.side == side || matches!(u.kind, ROOK | TEMPLAR | KING) {
        return None;
    }
    if held(pos, id) || is_guarded(an, pos, e) {
        return None;
    }
    if let Some(f) = e.step(d) {
        let active = pos.tomb(f).is_some_and(|tb| tb.open);
        if pos.unit_at(f).is_some() || pos.wall(f).is_some() || active {
            return None;
        }
    }
    Some(e)
}

/// What a push did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Pushed {
    /// Nothing was pushed.
    Nothing,
    /// A wall square was destroyed (FC6-ROOK-04).
    Wall,
    /// The unit was pushed one square and survived (it may still be caught by a trap).
    Moved(UnitId),
    /// The unit died: off the board (FC6-ROOK-02) or on an ARMED tomb (FC6-ROOK-03).
    Died,
}

/// Performs the push of the square `e` by the rook that has just slid from `s` to `t`
/// (FC6-ROOK-01..05). Deaths go into `cascade` (FC6-ROOK-02/03, FC6-ROOK-07).
pub fn push(
    pos: &mut Fc6Position,
    s: Square,
    t: Square,
    e: Square,
    cascade: &mut Cascade,
    events: &mut dyn EventSink,
) -> Pushed {
    let Some(d) = ortho_dir(s, t) else {
        return Pushed::Nothing;
    };
    if pos.wall(e).is_some() {
        pos.set_wall(e, None);
        if events.wants() {
            events.push(frozen_core::Event::Note(format!(
                "wall on {e} destroyed by the push"
            )));
        }
        return Pushed::Wall;
    }
    let Some(id) = pos.unit_at(e) else {
        return Pushed::Nothing;
    };
    let Some(f) = e.step(d) else {
        pushed_off(pos, id, cascade, events);
        return Pushed::Died;
    };
    pos.move_unit(id, f);
    if events.wants() {
        events.push(frozen_core::Event::Pushed {
            unit: id,
            from: e,
            to: Some(f),
        });
    }
    if !come_to_rest(pos, id, cascade, events) {
        return Pushed::Died;
    }
    paralyze(pos, id, PUSH_PARALYSIS, Paralysis::Effect, events);
    Pushed::Moved(id)
}

/// The Tower grants of the unit on `sq`: one orthogonal slide with each rook's range for
/// every friendly rook it empowers.
pub fn tower(an: &Analysis, pos: &Fc6Position, sq: Square) -> SmallVec<[Grant; 2]> {
    let mut out = SmallVec::new();
    let Some((_, side)) = pos.piece_at(sq) else {
        return out;
    };
    if !an.lends_to_rook(side, sq) {
        return out;
    }
    for r in pos.pieces(side, ROOK).iter() {
        if an.empowerer(pos, r).is_some_and(|p| p.at == sq) {
            if let Some(id) = pos.unit_at(r) {
                out.push(Grant {
                    pats: P_ORTHO,
                    range: pos.unit(id).status.range,
                });
            }
        }
    }
    out
}
