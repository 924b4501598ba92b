//! Status paralysis (FC11-PARA-04, FC11-PAWN-08, FC11-JEST-07, FC11-QUEN-02, FC11-QUEN-03):
//! paralysis that lasts exactly while its cause lasts, recomputed from the board whenever
//! it is asked and never stored in the counter (`Status.frozen_through`).
//!
//! * FC11-PAWN-08 Pawn Pincer ([`pincered`]): a unit with enemy pawns on both squares of an
//!   opposite orthogonal pair (left and right, or front and back) is paralysed. Board
//!   edges do not count; paralysed pawns still pincer (it is occupancy).
//! * FC11-JEST-07 Jester presence ([`presence`]): a unit with an enemy Jester in its 3x3 is
//!   paralysed, unless that Jester is itself paralysed (by its counter or a Pincer; Jesters
//!   are immune to presence and to the Gaze).
//! * FC11-QUEN-02 Queen's Gaze ([`gaze`]): an enemy pawn in the Queen's 3x3 is paralysed,
//!   unless the Queen is paralysed (counter, Pincer or presence).
//! * FC11-QUEN-03: the Gaze does not stop a pawn already inside a multi-step sequence from
//!   capturing the Queen. No sequence exists in this part (every turn is one action), so
//!   the Gaze always holds at the start of the pawn's turn; the exception comes with the
//!   sequences.
//! * Immunities come from the one table ([`super::immunity`]): the King and Royal Guards
//!   against all three, Chancellors and Jesters against presence.
//!
//! The causes never loop: a Pincer is occupancy only, presence asks only the Jester's
//! counter and Pincer, the Gaze asks the Queen's counter, Pincer and presence.
//! [`super::paralysis::is_paralyzed`] is the one query every rule uses (counter or status).
//! Uses: [`super::immunity`], the family timers.

use super::base::{Fc11Position, JESTER, PAWN, QUEEN};
use super::immunity::{immune, Actor, Effect};
use crate::frozen_family::timers::timer_frozen;
use frozen_core::{Square, UnitId};

/// A status paralysis and its cause.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Pawn Pincer by enemy pawns on these two squares (FC11-PAWN-08).
    Pincer(Square, Square),
    /// The presence of the enemy Jester on this square (FC11-JEST-07).
    Presence(Square),
    /// The Gaze of the enemy Queen on this square (FC11-QUEN-02).
    Gaze(Square),
}

impl Status {
    /// Words for displays, naming the rule.
    pub fn describe(self) -> String {
        match self {
            Status::Pincer(a, b) => {
                format!("paralysed by the Pincer of the pawns on {a} and {b} (FC11-PAWN-08)")
            }
            Status::Presence(j) => {
                format!("paralysed by the presence of the Jester on {j} (FC11-JEST-07)")
            }
            Status::Gaze(q) => format!("paralysed by the Gaze of the Queen on {q} (FC11-QUEN-02)"),
        }
    }
}

/// The enemy pawns pincering unit `id`, if any, immunity aside.
fn pincer_squares(pos: &Fc11Position, id: UnitId) -> Option<(Square, Square)> {
    let u = pos.unit(id);
    let sq = u.loc.square()?;
    let enemy_pawn = |s: Option<Square>| {
        s.filter(|&s| {
            pos.unit_at(s).is_some_and(|p| {
                let p = pos.unit(p);
                p.kind == PAWN && p.side != u.side
            })
        })
    };
    for (a, b) in [((-1, 0), (1, 0)), ((0, -1), (0, 1))] {
        if let (Some(x), Some(y)) = (
            enemy_pawn(sq.offset(a.0, a.1)),
            enemy_pawn(sq.offset(b.0, b.1)),
        ) {
            return Some((x, y));
        }
    }
    None
}

/// The Pincer paralysing unit `id` (FC11-PAWN-08), if any.
pub fn pincered(pos: &Fc11Position, id: UnitId) -> Option<(Square, Square)> {
    let p = pincer_squares(pos, id)?;
    let u = pos.unit(id);
    let actor = Actor {
        kind: PAWN,
        side: u.side.opposite(),
    };
    immune(pos, Effect::PawnPincer, Some(actor), id)
        .is_none()
        .then_some(p)
}

/// The enemy Jester whose presence paralyses unit `id` (FC11-JEST-07), if any: an enemy
/// Jester in its 3x3 that is not paralysed itself.
pub fn presence(pos: &Fc11Position, id: UnitId) -> Option<Square> {
    let u = pos.unit(id);
    let sq = u.loc.square()?;
    let foe = u.side.opposite();
    let jester = near(sq, |s| {
        pos.unit_at(s).is_some_and(|j| {
            let ju = pos.unit(j);
            ju.kind == JESTER
                && ju.side == foe
                && !timer_frozen(pos, j)
                && pincered(pos, j).is_none()
        })
    })?;
    let actor = Actor {
        kind: JESTER,
        side: foe,
    };
    immune(pos, Effect::JesterPresence, Some(actor), id)
        .is_none()
        .then_some(jester)
}

/// The enemy Queen whose Gaze paralyses the pawn `id` (FC11-QUEN-02), if any: an enemy
/// Queen in its 3x3 that is not paralysed itself.
pub fn gaze(pos: &Fc11Position, id: UnitId) -> Option<Square> {
    let u = pos.unit(id);
    if u.kind != PAWN {
        return None;
    }
    let sq = u.loc.square()?;
    let foe = u.side.opposite();
    let queen = near(sq, |s| {
        pos.unit_at(s).is_some_and(|q| {
            let qu = pos.unit(q);
            qu.kind == QUEEN
                && qu.side == foe
                && !timer_frozen(pos, q)
                && pincered(pos, q).is_none()
                && presence(pos, q).is_none()
        })
    })?;
    let actor = Actor {
        kind: QUEEN,
        side: foe,
    };
    immune(pos, Effect::QueensGaze, Some(actor), id)
        .is_none()
        .then_some(queen)
}

/// The first of the 8 neighbours of `sq` (in `Dir::ALL8` order) for which `f` holds.
fn near(sq: Square, f: impl Fn(Square) -> bool) -> Option<Square> {
    frozen_core::Dir::ALL8
        .iter()
        .filter_map(|d| sq.step(*d))
        .find(|&s| f(s))
}

/// The status paralysing unit `id` now (FC11-PARA-04), if any: Pincer, then presence,
/// then Gaze.
pub fn status(pos: &Fc11Position, id: UnitId) -> Option<Status> {
    if !matches!(pos.unit(id).loc, frozen_core::Location::Board(_)) {
        return None;
    }
    if let Some((a, b)) = pincered(pos, id) {
        return Some(Status::Pincer(a, b));
    }
    if let Some(j) = presence(pos, id) {
        return Some(Status::Presence(j));
    }
    gaze(pos, id).map(Status::Gaze)
}
