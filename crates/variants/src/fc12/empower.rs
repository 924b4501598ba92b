//! Empower and Guards (F12-EMPW-01, F12-EMPW-02, F12-GARD-01, F12-GARD-02).
//!
//! A counted protector of X is a friendly, unparalysed knight, bishop, rook,
//! dragon or queen whose native capture patterns reach X's square (pawns, kings
//! and jesters are never counted). With exactly one counted protector a non-king,
//! non-pawn unit gains that protector's native patterns (no chains; judged at the
//! start of each leg and at any moment for attacks). With two or more it is
//! guarded: not empowered, and it cannot be captured (displacement or Knight's
//! Leap); kings are never guarded. Guards stop captures only: pushes, blasts,
//! death squares, paralysis and swaps ignore them (F12-GARD-02, enforced by
//! [`super::capture::refusal`] being the only place that asks [`is_guarded`]).
//! The protector count is the family's ([`crate::frozen_family::protection`]) on this
//! game's tables: counted kinds N, B, R, D, Q; pawns protect uncounted; kings never
//! empowered or guarded, pawns never empowered.

use super::movement::Pat;
use super::{Fc12, Fc12Position};
use crate::frozen_family::protection as family;
use frozen_core::{Side, Square, UnitId};

pub use crate::frozen_family::protection::Protection;

/// The protectors of square `s` among `side`'s units (the unit on `s` excluded).
/// With `stop_at` the count stops early once reached.
pub fn protection(
    fc: &Fc12,
    pos: &Fc12Position,
    s: Square,
    side: Side,
    stop_at: u32,
) -> Protection {
    family::protection(fc, pos, s, side, stop_at)
}

/// True if the unit is guarded: not a king, two or more counted protectors (F12-GARD-01).
pub fn is_guarded(fc: &Fc12, pos: &Fc12Position, id: UnitId) -> bool {
    family::is_guarded(fc, pos, id)
}

/// The patterns the unit gains by Empower now (F12-EMPW-01): its single counted
/// protector's native patterns; nothing for kings and pawns, or when guarded.
pub fn empowered(fc: &Fc12, pos: &Fc12Position, id: UnitId) -> Pat {
    family::empowered(fc, pos, id)
}
