//! Paralysis: the general principle (FC6-PARA-01..07).
//!
//! * FC6-PARA-01: a paralysed unit cannot move, capture, give check or use any ability,
//!   and cannot be the acting unit of any action; it can still be captured
//!   ([`super::turn`] lists nothing for it).
//! * FC6-PARA-02: "paralysed for N moves" = frozen during the next N turns of its owner,
//!   stored as an absolute owner-turn number; between its owner's turns a unit counts as
//!   paralysed when it will be frozen in its owner's next turn (the family's timers,
//!   [`crate::frozen_family::timers`]).
//! * FC6-PARA-03: overlapping paralyses take the maximum ([`paralyze`]).
//! * FC6-PARA-04: the timed sources: double move 1 and knight's march 1 or 2
//!   ([`super::double_move`]), Queen's Poison 6 ([`super::queen`]), jester trap 4
//!   ([`super::trap`]), push paralysis 1 ([`super::rook`]); the untimed one is jester
//!   presence ([`super::jester::presence`], recomputed, never stored). Tomb crossing,
//!   conversion, Paralyse, pulls and de-shadowing belong to other parts of FC6.
//! * FC6-PARA-05: a paralysed unit exerts nothing that depends on "could capture": no
//!   check, no protection, no Siege, no Templar Shield, no Power Steal threat (every such
//!   test asks [`is_paralyzed`]).
//! * FC6-PARA-06: paralysis switches off no passive immunity (kind immunity is a property
//!   of the victim's kind, [`super::kinds`]).
//! * FC6-PARA-07: a *cost* (the price of the unit's own action) always applies; an
//!   *effect* is refused by Royal Guards and king immunity ([`paralyze`], [`refuses`]).
//!
//! Uses: [`super::base`].

use super::base::{Fc6Position, CHANCELLOR, JESTER, KING};
use crate::frozen_family::timers;
use crate::frozen_family::timers::timer_frozen;
use frozen_core::Square;
use frozen_core::{EventSink, UnitId};

pub use crate::frozen_family::timers::Paralysis;

/// True if the unit is paralysed now (FC6-PARA-01/02): by its timer, or by the presence
/// of an enemy jester next to it (FC6-JEST-03/04, [`presence`]).
#[inline]
pub fn is_paralyzed(pos: &Fc6Position, id: UnitId) -> bool {
    timers::timer_frozen(pos, id) || presence(pos, id).is_some()
}

/// Owner turns the unit is still frozen for (0 = free): what FEN, displays and repetition
/// show (FC6-PARA-02, FC6-VISU-02).
#[inline]
pub fn turns_left(pos: &Fc6Position, id: UnitId) -> u32 {
    timers::turns_left(pos, id)
}

/// True if an *effect* cannot paralyse the unit (FC6-PARA-07): kings are immune, and so
/// is every unit in its own king's 3x3 (Royal Guards).
pub fn refuses(pos: &Fc6Position, id: UnitId) -> bool {
    let u = pos.unit(id);
    if u.kind == KING {
        return true;
    }
    let Some(s) = u.loc.square() else {
        return false;
    };
    pos.pieces(u.side, KING)
        .iter()
        .any(|k| k.file().abs_diff(s.file()) <= 1 && k.rank().abs_diff(s.rank()) <= 1)
}

/// Paralyses a unit for its owner's next `n` turns: the maximum of old and new
/// (FC6-PARA-03); an effect is refused by [`refuses`], a cost never (FC6-PARA-07).
/// Returns true if the limit grew.
pub fn paralyze(
    pos: &mut Fc6Position,
    id: UnitId,
    n: u32,
    why: Paralysis,
    events: &mut dyn EventSink,
) -> bool {
    // FC6-SHAD-03: nothing paralyses a shadow.
    if super::base::untouchable(pos, id) {
        return false;
    }
    let immune = refuses(pos, id);
    timers::paralyze(pos, id, n, why, |_| immune, events)
}

/// The square of an enemy jester whose presence paralyses unit `id` now, if any
/// (FC6-JEST-03/04): the unit stands on the board, is no jester or chancellor, does not
/// refuse paralysis effects ([`refuses`]: kings and units in their own king's 3x3), and
/// an enemy jester that is not paralysed by its timer stands in its 3x3.
pub fn presence(pos: &Fc6Position, id: UnitId) -> Option<Square> {
    let u = pos.unit(id);
    if u.kind == JESTER || u.kind == CHANCELLOR {
        return None;
    }
    let s = u.loc.square()?;
    let jesters = pos.pieces(u.side.opposite(), JESTER);
    let near = |q: Square| q.file().abs_diff(s.file()) <= 1 && q.rank().abs_diff(s.rank()) <= 1;
    let jester = jesters
        .iter()
        .find(|&j| near(j) && pos.unit_at(j).is_some_and(|jid| !timer_frozen(pos, jid)))?;
    if refuses(pos, id) {
        return None;
    }
    Some(jester)
}
