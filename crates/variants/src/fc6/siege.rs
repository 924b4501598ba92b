//! Siege (FC6-ROOK-08).
//!
//! * FC6-ROOK-08: an enemy unit attacked by a rook (its current capture ability,
//!   [`super::attack`]) cannot make a double move or a knight's march. Attack is enough;
//!   enemy rooks are never besieged (kind immunity). Double moves and marches arrive with
//!   the multi-leg turns of a later part, which asks [`besieged`]; in this part the siege
//!   is computed and shown ([`super::visual`]).
//!
//! Uses: [`super::base`], [`super::attack`], [`super::empower`].

use super::attack::attacks;
use super::base::{Fc6, Fc6Position, ROOK};
use super::empower::Analysis;
use frozen_core::UnitId;

/// True if unit `id` is under siege: an enemy rook attacks its square (FC6-ROOK-08).
pub fn besieged(fc: &Fc6, an: &Analysis, pos: &Fc6Position, id: UnitId) -> bool {
    let u = pos.unit(id);
    let Some(sq) = u.loc.square() else {
        return false;
    };
    if u.kind == ROOK {
        return false;
    }
    pos.pieces(u.side.opposite(), ROOK)
        .iter()
        .filter_map(|r| pos.unit_at(r))
        .any(|r| attacks(fc, an, pos, r, sq))
}
