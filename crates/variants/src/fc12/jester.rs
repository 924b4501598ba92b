//! Jester (F12-JEST-01..06).
//!
//! * F12-JEST-01: a jester moves as a knight plus every native pattern of each
//!   friendly unit that protects it (pawns included) and each enemy unit that
//!   attacks it ([`patterns`]); it may double move with them.
//! * F12-JEST-02: it never captures, never gives check, never protects
//!   ([`super::capture::refusal`], [`super::capture::for_each_attacker`],
//!   [`super::empower::protection`]).
//! * F12-JEST-03: enemy units in its 3x3 are paralysed while they stay there
//!   ([`super::paralysis::presence`]); a paralysed jester has no presence.
//! * F12-JEST-04: a knight-pattern leap paralyses, for 2 owner turns, the units on
//!   the leap path the jester names (both colours; jesters and kings excepted).
//!   The action names the path by its first square, `<from><path><to>`
//!   (e.g. `e1e2d3`); when neither path holds a unit it can paralyse, the plain
//!   `e1d3` is the only action ([`leap_actions`], [`leap_paralysis`]).
//! * F12-JEST-05: jesters and kings are immune to both kinds of jester paralysis.
//! * F12-JEST-06: a captured (or blasted) jester explodes: every unit in its 3x3
//!   dies, Guards ignored, and each victim's square becomes a death square; blasted
//!   jesters explode in turn, first in first out ([`explode`]). A jester dying
//!   without capture does not explode.

use super::capture::{for_each_attacker, kill};
use super::death::mark;
use super::empower::protection;
use super::movement::{native, Pat, LEAP};
use super::paralysis::paralyze;
use super::{Fc12, Fc12Position, JESTER, KING};
use crate::frozen_family::jester as family_jester;
use crate::frozen_family::leap_paths::leap_paths;
use crate::frozen_family::FamilyGame;
use frozen_core::{Action, ActionKind, EventSink, Square, UnitId};
use smallvec::SmallVec;

/// The jester's patterns now: knight leap, plus the native patterns of friendly
/// protectors (pawns included) and of enemy attackers (F12-JEST-01).
pub fn patterns(fc: &Fc12, pos: &Fc12Position, id: UnitId) -> Pat {
    let u = pos.unit(id);
    let Some(s) = u.loc.square() else { return 0 };
    let mut pats = LEAP | protection(fc, pos, s, u.side, u32::MAX).all;
    for_each_attacker(fc, pos, s, u.side.opposite(), &mut |a| {
        pats |= native(pos.unit(a).kind);
        false
    });
    pats
}

/// True if a jester leap paralyses the unit on `sq` (F12-JEST-04/05).
fn affected(pos: &Fc12Position, sq: Square) -> bool {
    pos.piece_at(sq)
        .is_some_and(|(k, _)| k != JESTER && k != KING)
}

/// The leap actions of a jester leaping `s`→`t` (F12-JEST-04): the plain leap when
/// neither path holds a unit to paralyse, else one action per named path.
pub fn leap_actions(pos: &Fc12Position, s: Square, t: Square, out: &mut Vec<Action>) {
    let paths = leap_paths(s, t);
    if paths.iter().flatten().any(|&q| affected(pos, q)) {
        for p in paths {
            out.push(Action::new(ActionKind::Move, &[s, p[0], t]));
        }
    } else {
        out.push(Action::step(s, t));
    }
}

/// The leap path a jester action names: `<from><path><to>` with `path` the first
/// square of one of the two leap paths.
pub fn named_path(s: Square, named: Square, t: Square) -> Option<[Square; 2]> {
    leap_paths(s, t)
        .into_iter()
        .find(|p| p[0] == named && s != t)
}

/// Paralyses the units on the named leap path for 2 owner turns (F12-JEST-04).
pub fn leap_paralysis(pos: &mut Fc12Position, path: [Square; 2], events: &mut dyn EventSink) {
    for sq in path {
        if affected(pos, sq) {
            if let Some(id) = pos.unit_at(sq) {
                paralyze(pos, id, 2, events);
            }
        }
    }
}

/// Resolves the explosions queued in `queue` (jester squares), first in first out
/// (F12-JEST-06): kills every unit in each 3x3 (Guards ignored, kings included),
/// makes each victim's square a death square, and queues blasted jesters.
/// Centres are exploded once (the family cascade, [`crate::frozen_family::jester::explode`]).
pub fn explode(
    fc: &Fc12,
    pos: &mut Fc12Position,
    queue: &mut SmallVec<[Square; 4]>,
    events: &mut dyn EventSink,
) {
    family_jester::explode(
        fc.tables(),
        pos,
        queue,
        events,
        &mut |pos, c, events| mark(pos, c, events),
        &mut |pos, v, sq, events| {
            kill(pos, v, events);
            mark(pos, sq, events);
        },
    );
}
