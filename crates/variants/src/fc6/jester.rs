//! Jesters (FC6-JEST-01..04, FC6-JEST-08). Traps are [`super::trap`]; explosions belong
//! to the tomb part of FC6.
//!
//! * FC6-JEST-01: jesters cannot capture, so they never give check, never protect and use
//!   no capturing ability ([`super::attack::capture_grants`] gives them nothing,
//!   [`super::empower`] never counts them, [`super::turn`] lists no capture for them).
//! * FC6-JEST-02: Power Steal: besides its own leaps, a jester may move (never capture)
//!   with the native patterns of every enemy unit that attacks its square, with the
//!   attacker's current range, and at the same time with a pattern from Empower. Pawn
//!   steps stolen from an enemy pawn point along the jester's own forward.
//! * FC6-JEST-03: Jester Paralysis (presence): enemy normal units in a jester's 3x3 are
//!   paralysed as long as they stay there, with no counter ([`presence`], read by
//!   [`super::paralysis::is_paralyzed`], so it is recomputed from the position and never
//!   stored). Other units may still act on them (capture, push).
//! * FC6-JEST-04: not affected: jesters (kind immunity), chancellors, kings, and units in
//!   their own king's 3x3 (Royal Guards, [`super::paralysis::refuses`]). A paralysed jester
//!   has no presence (its timer; jesters are immune to presence themselves).
//! * FC6-JEST-08: jesters never lose range (they are no CRR unit,
//!   [`super::base::is_crr`]) and stand on any trap harmlessly ([`super::trap::catch`]).
//!
//! Uses: [`super::base`], [`super::attack`], [`super::empower`].

use super::attack::for_each_attacker;
use super::base::{Fc6, Fc6Position, CHANCELLOR, JESTER, KING};
use super::empower::{native_grant, Analysis};
use super::movement::Grant;
use crate::frozen_family::timers::timer_frozen;
use frozen_core::{Square, UnitId};
use smallvec::SmallVec;

/// The grants the jester on `sq` steals: the native patterns of each enemy attacker with
/// the attacker's range (FC6-JEST-02).
pub fn stolen(fc: &Fc6, an: &Analysis, pos: &Fc6Position, sq: Square) -> SmallVec<[Grant; 4]> {
    let mut out: SmallVec<[Grant; 4]> = SmallVec::new();
    let Some((_, side)) = pos.piece_at(sq) else {
        return out;
    };
    for_each_attacker(fc, an, pos, sq, side.opposite(), &mut |id| {
        let g = native_grant(pos, id);
        if !out.contains(&g) {
            out.push(g);
        }
        false
    });
    out
}

/// The square of an enemy jester whose presence paralyses unit `id` now, if any
/// (FC6-JEST-03/04): the unit stands on the board, is no jester, chancellor or king, is not
/// in its own king's 3x3, and an enemy jester that is not paralysed by its timer stands in
/// its 3x3.
pub fn presence(pos: &Fc6Position, id: UnitId) -> Option<Square> {
    let u = pos.unit(id);
    if u.kind == JESTER || u.kind == CHANCELLOR || u.kind == KING {
        return None;
    }
    let s = u.loc.square()?;
    let near = |q: Square| q.file().abs_diff(s.file()) <= 1 && q.rank().abs_diff(s.rank()) <= 1;
    let jester = pos
        .pieces(u.side.opposite(), JESTER)
        .iter()
        .find(|&j| near(j) && pos.unit_at(j).is_some_and(|jid| !timer_frozen(pos, jid)))?;
    if pos.pieces(u.side, KING).iter().any(near) {
        return None;
    }
    Some(jester)
}
