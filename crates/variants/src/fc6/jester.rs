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

use super::attack::{capture_grants, for_each_attacker};
use super::base::{native, Fc6, Fc6Position, JESTER};
use super::empower::{native_grant, Analysis};
use super::movement::Grant;
use frozen_core::{Square, UnitId};

pub use super::paralysis::presence;
use smallvec::SmallVec;

/// The grants the jester on `sq` steals: the native patterns of each enemy attacker with
/// the attacker's range (FC6-JEST-02).
pub fn stolen(fc: &Fc6, an: &Analysis, pos: &Fc6Position, sq: Square) -> SmallVec<[Grant; 8]> {
    let mut out: SmallVec<[Grant; 8]> = SmallVec::new();
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

/// The grants a unit moves with now: its capture grants, and for a jester its own leaps,
/// Empower and the stolen patterns (FC6-JEST-02).
pub fn move_grants(fc: &Fc6, an: &Analysis, pos: &Fc6Position, id: UnitId) -> SmallVec<[Grant; 8]> {
    let u = pos.unit(id);
    if u.kind != JESTER {
        return capture_grants(an, pos, id);
    }
    let mut g: SmallVec<[Grant; 8]> = SmallVec::new();
    g.push(Grant {
        pats: native(JESTER),
        range: u.status.range,
    });
    if let Some(sq) = u.loc.square() {
        if let Some(e) = an.empowered(pos, sq) {
            g.push(e);
        }
        g.extend(stolen(fc, an, pos, sq));
    }
    g
}
