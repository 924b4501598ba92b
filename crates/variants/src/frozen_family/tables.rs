//! A game's description for the shared mechanics ([`FamilyTables`]).
//!
//! Owns: the data a FrozenChess game gives the family module once: its patterns, each
//! kind's native patterns and roles, its immunities, and what is derived from them. Uses:
//! `kinds`, `patterns`, `immunity`, `leap_paths`.

use super::immunity::KindImmunity;
use super::kinds::KindMask;
use super::leap_paths;
use super::patterns::{Pat, PatternTable};
use frozen_core::{Bitboard, Kind};

/// What a FrozenChess game tells the shared mechanics about its units.
#[derive(Clone, Debug)]
pub struct FamilyTables {
    /// The game's movement patterns.
    pub patterns: PatternTable,
    /// Native patterns per kind (index = kind): the unit's own movement, which is also
    /// what it protects and attacks with.
    pub native: Vec<Pat>,
    /// Kinds whose native patterns protect friends for the protector count (Empower and
    /// Guards count these).
    pub counted: KindMask,
    /// Kinds whose native patterns protect without being counted (their patterns still
    /// reach the union that jesters borrow).
    pub uncounted_protectors: KindMask,
    /// Kinds that never capture, never attack and never give check.
    pub non_attackers: KindMask,
    /// Kinds that can never be empowered.
    pub never_empowered: KindMask,
    /// Kinds that can never be guarded.
    pub never_guarded: KindMask,
    /// Kinds that attack the leap-path squares of their knight-pattern leaps to empty
    /// squares (Knight's Leap capture).
    pub leap_path_attackers: KindMask,
    /// The pattern a Knight's Leap leaps with (its bit in [`FamilyTables::native`]).
    pub knight_leap: Pat,
    /// Kind immunity: who may not capture whom.
    pub immunity: KindImmunity,
    /// The jester kind, if the game has jesters.
    pub jester: Option<Kind>,
    /// Kinds immune to jester presence paralysis.
    pub presence_immune: KindMask,
    /// The king kind.
    pub king: Kind,
    /// Derived by [`FamilyTables::derive`]: the patterns Empower can give (the union of the
    /// counted kinds' native patterns).
    pub empowerable: Pat,
    /// Derived by [`FamilyTables::derive`]: for each square `s`, the squares from which a
    /// knight-pattern leap has `s` on one of its leap paths.
    pub leap_path_sources: Vec<Bitboard>,
}

impl FamilyTables {
    /// Native patterns of a kind (none for an unknown kind).
    #[inline]
    pub fn native(&self, kind: Kind) -> Pat {
        self.native.get(kind.index()).copied().unwrap_or(0)
    }

    /// Fills the derived fields ([`FamilyTables::empowerable`],
    /// [`FamilyTables::leap_path_sources`]); a game calls it once when it builds its tables.
    pub fn derive(mut self) -> FamilyTables {
        self.empowerable = self.counted.iter().fold(0, |acc, k| acc | self.native(k));
        let geo = self.patterns.geometry();
        let mut sources = vec![Bitboard::EMPTY; 256];
        for k in geo.mask().iter() {
            for t in geo.knight(k).iter() {
                for path in leap_paths::leap_paths(k, t) {
                    for p in path {
                        sources[p.index()].set(k);
                    }
                }
            }
        }
        self.leap_path_sources = sources;
        self
    }

    /// The kinds whose native patterns contain any of `pats`.
    pub fn kinds_with(&self, pats: Pat) -> KindMask {
        let mut m = 0;
        for (k, &p) in self.native.iter().enumerate() {
            if p & pats != 0 {
                m |= 1 << k;
            }
        }
        KindMask(m)
    }
}
