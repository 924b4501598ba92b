//! The FrozenChess family: mechanics shared by FrozenChess 6, FrozenChess 11 and the
//! 12x12 FrozenChess variant, written once and parametrised by each game's tables.
//!
//! Owns: the rules the three games share. Uses: `frozen-core` only (positions, geometry,
//! actions). A game module (`fc12`, and the 16x16 games) describes itself with a
//! [`FamilyTables`] value (its kinds' patterns, roles and immunities) and implements
//! [`FamilyGame`] (paralysis test, candidate legs, how a leg is performed, when the turn
//! is open); everything below then serves it.
//!
//! | Module | Shared mechanic |
//! |---|---|
//! | [`timers`] | paralysis counted in the owner's turns, absolute timers, cost vs effect, immunity hook |
//! | [`repetition`] | repetition with timers compared as turns left |
//! | [`patterns`] | movement patterns as tables: leaps (symmetric, asymmetric, side-relative), ranged slides, bent leaps |
//! | [`leap_paths`] | the leap paths of a knight-pattern leap (Knight's Leap captures, jester leaps) |
//! | [`immunity`] | kind immunity with per-game exception sets |
//! | [`protection`] | protectors, Empower and Royal Guards |
//! | [`attack`] | who attacks a square (check, threats), looked up backwards from it |
//! | [`jester`] | jester presence and first-in-first-out explosion cascades |
//! | [`exchange`] | King's Exchange |
//! | [`swap`] | swapping places with a friendly unit |
//! | [`promotion`] | promotion choices and the far rank |
//! | [`turn`] | turns of N legs: legality judged on the whole turn by a bounded search, listing without cloning |
//!
//! Game-agnostic helpers (tomb queues, block rotation, geometry tables) live in
//! `frozen-core`; FrozenChess rules live here or in the game's own module.

pub mod attack;
pub mod exchange;
pub mod immunity;
pub mod jester;
pub mod leap_paths;
pub mod patterns;
pub mod promotion;
pub mod protection;
pub mod repetition;
pub mod swap;
pub mod timers;
pub mod turn;

use frozen_core::{Action, Bitboard, EventSink, Kind, Position, Rules, Side, Square, UnitId};
use immunity::KindImmunity;
use patterns::{Pat, PatternTable};

/// A set of kinds (bit `k` = `Kind(k)`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct KindMask(pub u32);

impl KindMask {
    /// No kind.
    pub const EMPTY: KindMask = KindMask(0);

    /// The set of the given kinds.
    pub const fn of(kinds: &[Kind]) -> KindMask {
        let mut m = 0u32;
        let mut i = 0;
        while i < kinds.len() {
            m |= 1 << kinds[i].0;
            i += 1;
        }
        KindMask(m)
    }

    /// True if `kind` is in the set.
    #[inline]
    pub const fn has(self, kind: Kind) -> bool {
        kind.0 < 32 && self.0 & (1 << kind.0) != 0
    }

    /// The kinds in the set, in kind order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = Kind> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let k = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Kind(k))
        })
    }
}

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

/// A FrozenChess game, as the shared mechanics see it.
pub trait FamilyGame: Rules {
    /// The game's tables.
    fn tables(&self) -> &FamilyTables;

    /// True if the unit is paralysed now (timers, presence, the game's other sources).
    fn is_paralyzed(&self, pos: &Position<Self::State>, id: UnitId) -> bool;

    /// Appends the candidate decisions of the side to act: every decision the movement
    /// rules allow, before the whole-turn legality test of [`turn`].
    fn candidates(&self, pos: &Position<Self::State>, out: &mut Vec<Action>);

    /// Performs one decision without the end-of-game tests.
    fn exec(&self, pos: &mut Position<Self::State>, action: &Action, events: &mut dyn EventSink);

    /// Performs a decision as [`FamilyGame::exec`] does, except that it may leave the turn
    /// open where `exec` would end it (a test that only decides whether the turn ends may
    /// be skipped). Legality uses it as a cheap first probe: when the mover is safe after
    /// the probe, the decision is legal whether or not the turn is over; otherwise the
    /// decision is performed again with `exec`. The default calls `exec`.
    fn exec_probe(&self, pos: &mut Position<Self::State>, action: &Action) {
        self.exec(pos, action, &mut frozen_core::NoEvents);
    }

    /// True if the decision needs no legality test (a pending choice that any completion
    /// of the turn allows).
    fn always_legal(&self, action: &Action) -> bool;

    /// True if the turn of the side that just acted is still open (more legs may follow).
    fn turn_open(&self, pos: &Position<Self::State>) -> bool;

    /// True if a decision only ends an open turn (`end`).
    fn is_end(&self, action: &Action) -> bool;

    /// True if `side`'s turn, ended now, is legal for `side` (its king alive and not in
    /// check, and whatever else the game forbids as self-harm).
    fn turn_safe(&self, pos: &Position<Self::State>, side: Side) -> bool;

    /// The squares of the units that may act now, each a group of candidates
    /// ([`FamilyGame::candidates_of`]), so that searches for any legal decision can stop
    /// early ([`turn::has_legal`]); `None` when the candidates cannot be split by unit
    /// (a pending choice, a turn under way). The default: `None`.
    fn acting_squares(&self, pos: &Position<Self::State>) -> Option<Bitboard> {
        let _ = pos;
        None
    }

    /// The candidates of the unit on `sq` when [`FamilyGame::acting_squares`] splits them.
    fn candidates_of(&self, pos: &Position<Self::State>, sq: Square, out: &mut Vec<Action>) {
        let _ = (pos, sq, out);
    }

    /// How many further legs a turn may still have after one that leaves it open: the
    /// bound of the completion search of [`turn`].
    fn legs_after(&self, pos: &Position<Self::State>) -> u32;
}
