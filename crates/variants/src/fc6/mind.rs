//! Mind Control (FC6-MIND-01..05).
//!
//! * FC6-MIND-01: Mind Control (`mind:<A><B's leg>`, [`candidates`]): if the mover's unit A
//!   can capture the enemy unit B "without being recaptured", A's player makes B play one
//!   leg instead; A does not move. The recapture test ([`safe_capture`]), with nothing
//!   played: for each capturing leg A has on B now (a displacement onto B's square; for a
//!   knight also each Knight's Leap capture of B, ending on its landing square), take the
//!   position with B removed and A on that leg's end square, nothing else changed. The
//!   test passes if in at least one of them no unit of B's side can capture A (catalog 0.4
//!   "Can capture": one leg, kind immunity, Guards and Shield; paralysis as FC6-PARA-02).
//!   At most 4 positions, one attack scan each.
//! * FC6-MIND-02: B's leg uses B's own patterns and forward direction, its borrowed
//!   patterns included (Empower, Tower, Power Steal), and has every consequence a leg by B
//!   has: walls of B's side counted in B's side's turns ([`super::walls::make_coded`]
//!   takes the maker's side), a jester B's traps, tomb crossing, traps judged by B's
//!   colour, promotion (chosen by A's player: `mind:b8b2b1=Q`). It is one plain leg: no
//!   double move, no special move, and no Knight's Leap capture or Rook Push (the seed
//!   lists both under "Special Moves"). The leg is written as for a move (bounced route,
//!   `#1` leap) after A's square; [`super::turn::controlled_legs`] lists it.
//! * FC6-MIND-03: B captures only units of its own side (A's enemies), never its king and
//!   never A's units; kind immunity uses B's kind, and Guards and the Shield protect the
//!   victim as against any capture ([`controlled_refusal`]). CRR, Queen's Poison and Piece
//!   Promotion apply to B.
//! * FC6-MIND-04: never controlled ([`refusal`]): kings, shadows (they never stand on the
//!   normal layer, FC6-SHAD-03), paralysed units, units of A's kind, units A cannot
//!   capture (guarded units, shielded templars). Jesters cannot control (they never
//!   capture), and a paralysed A controls nothing.
//! * FC6-MIND-05: illegal if it leaves A's king in check or dead (the whole-turn test of
//!   FC6-TURN-03 on the position after B's leg); a whole turn, never a leg of a double
//!   move.
//!
//! Uses: [`super::attack`], [`super::capture`], [`super::guard`], [`super::kinds`],
//! [`super::knight`], [`super::templar`], [`super::paralysis`], [`super::notation`].

use super::attack::{attacked_units, attacks, capture_grants};
use super::base::{
    only_shadows, reason, unread, with_copy, Fc6, Fc6Position, JESTER, KING, KNIGHT,
};
use super::capture::refusal as capture_refusal;
use super::empower::Analysis;
use super::guard::is_guarded;
use super::kinds::immune;
use super::knight::leap_captures;
use super::movement::for_each_leg;
use super::notation::Special;
use super::paralysis::is_paralyzed;
use super::templar::shields;
use crate::frozen_family::turn::with_scratch;
use frozen_core::{Action, Location, Square};
use smallvec::SmallVec;
use std::fmt;

/// True if the controlled unit on `s` may NOT capture the unit on `t` (FC6-MIND-03): `t`
/// must hold a unit of the controlled unit's own side, not its king, that it could
/// capture as if it were an enemy (kind immunity by its kind, Guards, Shield; jesters
/// never capture).
pub fn controlled_refusal(
    fc: &Fc6,
    an: &Analysis,
    pos: &Fc6Position,
    s: Square,
    t: Square,
) -> bool {
    let (Some((ck, cs)), Some((vk, vs))) = (pos.piece_at(s), pos.piece_at(t)) else {
        return true;
    };
    cs != vs
        || vk == KING
        || ck == JESTER
        || immune(ck, vk)
        || is_guarded(an, pos, t)
        || shields(fc, an, pos, t, s)
}

/// Why A on `a` may not control B on `b` (None: it may) (FC6-MIND-01, FC6-MIND-04).
pub fn refusal(fc: &Fc6, an: &Analysis, pos: &Fc6Position, a: Square, b: Square) -> Option<String> {
    refused(fc, an, pos, a, b, reason)
}

/// [`refusal`] with the reason handed to `say` (`reason` writes it out, `unread`
/// drops it: listing asks only whether a candidate is refused, and allocates nothing).
pub fn refused<R>(
    fc: &Fc6,
    an: &Analysis,
    pos: &Fc6Position,
    a: Square,
    b: Square,
    say: impl Fn(fmt::Arguments<'_>) -> R,
) -> Option<R> {
    if only_shadows(pos, b) {
        return Some(say(format_args!(
            "{b} holds only shadows: a shadow cannot be controlled (FC6-MIND-04, FC6-SHAD-03)"
        )));
    }
    let (Some(x), Some(y)) = (pos.unit_at(a), pos.unit_at(b)) else {
        return Some(
            say(format_args!("Mind Control names your unit's square, then the enemy unit's leg: mind:<A><B's from><B's to> (FC6-MIND-01)")),
        );
    };
    let (ua, ub) = (pos.unit(x), pos.unit(y));
    if ua.side != pos.to_move() || ub.side == ua.side {
        return Some(say(format_args!(
            "Mind Control needs your unit on {a} and an enemy unit on {b} (FC6-MIND-01)"
        )));
    }
    if ua.kind == JESTER {
        return Some(say(format_args!(
            "jesters cannot control: they never capture (FC6-MIND-04)"
        )));
    }
    if is_paralyzed(pos, x) {
        return Some(say(format_args!(
            "the unit on {a} is paralysed (FC6-PARA-01)"
        )));
    }
    if ub.kind == KING {
        return Some(say(format_args!(
            "kings cannot be controlled (FC6-MIND-04, FC6-KING-07)"
        )));
    }
    if is_paralyzed(pos, y) {
        return Some(say(format_args!(
            "the unit on {b} is paralysed and cannot be controlled (FC6-MIND-04)"
        )));
    }
    if immune(ua.kind, ub.kind) {
        return Some(say(format_args!(
            "kind immunity: a {} cannot control a {} (FC6-MIND-04)",
            fc.kind_name(ua.kind),
            fc.kind_name(ub.kind)
        )));
    }
    if !attacks(fc, an, pos, x, b) {
        return Some(say(format_args!(
            "the unit on {a} could not capture on {b} with one leg now (FC6-MIND-01)"
        )));
    }
    if capture_refusal(fc, an, pos, a, b).is_some() {
        return Some(say(format_args!(
            "the unit on {a} may not capture the unit on {b} (guarded, or a templar's Shield), so it cannot control it (FC6-MIND-04)"
        )));
    }
    if !safe_capture(fc, an, pos, a, b) {
        return Some(say(format_args!(
            "the unit on {a} would be recaptured after every capture of {b}: no Mind Control (FC6-MIND-01)"
        )));
    }
    None
}

/// The recapture test of FC6-MIND-01: some capturing leg of A (on `a`) on B (on `b`)
/// leaves A where no unit of B's side can capture it.
pub fn safe_capture(fc: &Fc6, an: &Analysis, pos: &Fc6Position, a: Square, b: Square) -> bool {
    let (Some(x), Some(y)) = (pos.unit_at(a), pos.unit_at(b)) else {
        return false;
    };
    let u = pos.unit(x);
    let mut ends: SmallVec<[Square; 16]> = SmallVec::new();
    let occ = pos.occupied().without(a);
    let walls = pos.walls().mask();
    let onto = capture_grants(an, pos, x).into_iter().any(|g| {
        for_each_leg(&fc.patterns, occ, walls, u.side, a, g, &mut |leg| {
            leg.to == b && leg.onto_unit
        })
    });
    if onto {
        ends.push(b);
    }
    if u.kind == KNIGHT {
        with_scratch(|leaps| {
            leap_captures(pos, a, &|v| v == b, leaps);
            for l in leaps.iter() {
                if let Some(t) = l.to() {
                    if !ends.contains(&t) {
                        ends.push(t);
                    }
                }
            }
        });
    }
    let them = pos.unit(y).side;
    ends.into_iter().any(|t| {
        with_copy(pos, |p| {
            p.relocate(y, Location::Dead);
            p.move_unit(x, t);
            let an = Analysis::new(fc, p);
            !p.side_bb(them).iter().any(|q| {
                p.unit_at(q).is_some_and(|r| {
                    attacks(fc, &an, p, r, t) && capture_refusal(fc, &an, p, q, t).is_none()
                })
            })
        })
    })
}

/// Mind Control candidates of the side to act (FC6-MIND-01..05): `legs(b)` lists the legs
/// the unit on `b` may play under control ([`super::turn::controlled_legs`]).
pub fn candidates(
    fc: &Fc6,
    an: &Analysis,
    pos: &Fc6Position,
    legs: &dyn Fn(Square, &mut Vec<Action>),
    out: &mut Vec<Action>,
) {
    with_scratch(|buf| mind_candidates(fc, an, pos, legs, buf, out));
}

/// [`candidates`] with `buf` holding each controlled unit's legs once.
fn mind_candidates(
    fc: &Fc6,
    an: &Analysis,
    pos: &Fc6Position,
    legs: &dyn Fn(Square, &mut Vec<Action>),
    buf: &mut Vec<Action>,
    out: &mut Vec<Action>,
) {
    let me = pos.to_move();
    // Each controlled unit's legs as a range of `buf`.
    let mut cache: SmallVec<[(Square, usize, usize); 8]> = SmallVec::new();
    for a in pos.side_bb(me).iter() {
        let Some(x) = pos.unit_at(a) else { continue };
        if pos.unit(x).kind == JESTER {
            continue;
        }
        for b in (attacked_units(fc, an, pos, x) & pos.side_bb(me.opposite())).iter() {
            if refused(fc, an, pos, a, b, unread).is_some() {
                continue;
            }
            let (lo, hi) = match cache.iter().find(|(q, _, _)| *q == b) {
                Some(&(_, lo, hi)) => (lo, hi),
                None => {
                    let lo = buf.len();
                    legs(b, buf);
                    cache.push((b, lo, buf.len()));
                    (lo, buf.len())
                }
            };
            for l in &buf[lo..hi] {
                let mut path: SmallVec<[Square; 16]> = SmallVec::new();
                path.push(a);
                path.extend_from_slice(&l.path);
                let mut act = Special::Mind.action(&path, l.arg);
                act.piece = l.piece;
                out.push(act);
            }
        }
    }
}
