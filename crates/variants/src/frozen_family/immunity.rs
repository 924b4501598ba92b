//! Kind immunity with per-game exception sets (F12-KIND-01..02; FC6 and FC11 KIND rows).
//!
//! Owns: the one table of who may not capture whom because of kinds. In every FrozenChess
//! game a unit does not capture a unit of its own kind; each game names the kinds excepted
//! (pawns capture pawns in the 12x12 game) and may add pairs of its own. Only captures are
//! refused: explosions, pushes, swaps and the rest ignore kinds. Uses: kinds only.

use super::kinds::KindMask;
use frozen_core::Kind;
use smallvec::SmallVec;

/// A game's kind immunity.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KindImmunity {
    /// Kinds that may capture their own kind.
    pub same_kind_allowed: KindMask,
    /// Further `(capturer, victim)` pairs that may not capture.
    pub extra: SmallVec<[(Kind, Kind); 4]>,
}

impl KindImmunity {
    /// True if a unit of kind `capturer` may not capture a unit of kind `victim`.
    #[inline]
    pub fn immune(&self, capturer: Kind, victim: Kind) -> bool {
        (capturer == victim && !self.same_kind_allowed.has(capturer))
            || self.extra.contains(&(capturer, victim))
    }
}
