//! The FC6 vocabulary every other file of the module uses: the kinds, the variant's own
//! state, the rules value and the movement patterns as data.
//!
//! Owns: kind numbers (FC6-SETU-02, the catalog's 0.2 table), [`Fc6State`] (whether
//! White's first action is still to come, FC6-FRST-01), the [`Fc6`] rules value, and the
//! pattern bits of each kind (FC6-MOVE-04..13). Uses: `frozen-core` only.

use crate::frozen_family::patterns::{Pat, PatternTable};
use crate::frozen_family::turn::with_kept;
use crate::frozen_family::FamilyTables;
use frozen_core::{Geometry, Kind, KindSet, Location, Position, Side, Square, UnitId};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::sync::Arc;

/// Pawn.
pub const PAWN: Kind = Kind(0);
/// Knight.
pub const KNIGHT: Kind = Kind(1);
/// Bishop.
pub const BISHOP: Kind = Kind(2);
/// Dragon (bishop, king step or knight).
pub const DRAGON: Kind = Kind(3);
/// Rook.
pub const ROOK: Kind = Kind(4);
/// Queen (rook, bishop or knight).
pub const QUEEN: Kind = Kind(5);
/// Templar (rook or T-leap).
pub const TEMPLAR: Kind = Kind(6);
/// Jester (20-square leap; never captures).
pub const JESTER: Kind = Kind(7);
/// Chancellor (king step or bent leap).
pub const CHANCELLOR: Kind = Kind(8);
/// King.
pub const KING: Kind = Kind(9);
/// Number of kinds.
pub const KINDS: usize = 10;

/// Default range of every unit (FC6-SETU-05, FC6-CAPT-03).
pub const DEFAULT_RANGE: u16 = 16;
/// The range no capture goes below (FC6-CAPT-04).
pub const MIN_RANGE: u16 = 3;

/// Pattern bit: the pawn's five steps (forward, sideways, forward-diagonal), side-relative
/// (FC6-MOVE-04).
pub const P_STEP: Pat = 1;
/// Pattern bit: the knight leap (FC6-MOVE-05).
pub const P_KNIGHT: Pat = 2;
/// Pattern bit: the diagonal slide, which may bounce (FC6-MOVE-06, FC6-BNCE-01).
pub const P_DIAG: Pat = 4;
/// Pattern bit: the orthogonal slide, which never bounces (FC6-MOVE-08).
pub const P_ORTHO: Pat = 8;
/// Pattern bit: one square in any of 8 directions (king, dragon, chancellor).
pub const P_KING: Pat = 16;
/// Pattern bit: the jester's 20-square leap (FC6-MOVE-11).
pub const P_JESTER: Pat = 32;
/// Pattern bit: the chancellor's bent leap to (±2, ±3), (±3, ±2) (FC6-MOVE-12).
pub const P_CHANCELLOR: Pat = 64;
/// Pattern bit: the templar's T-leap to (±2, ±2), (±3, ±1), (±1, ±3) (FC6-MOVE-13).
pub const P_TEMPLAR: Pat = 128;
/// The slide patterns (everything else is a leap or a step).
pub const SLIDES: Pat = P_DIAG | P_ORTHO;
/// The leap and step patterns.
pub const LEAPS: Pat = P_STEP | P_KNIGHT | P_KING | P_JESTER | P_CHANCELLOR | P_TEMPLAR;

/// The native patterns of a kind (FC6-MOVE-04..13).
pub const fn native(kind: Kind) -> Pat {
    match kind.0 {
        0 => P_STEP,
        1 => P_KNIGHT,
        2 => P_DIAG,
        3 => P_DIAG | P_KING | P_KNIGHT,
        4 => P_ORTHO,
        5 => P_ORTHO | P_DIAG | P_KNIGHT,
        6 => P_ORTHO | P_TEMPLAR,
        7 => P_JESTER,
        8 => P_KING | P_CHANCELLOR,
        9 => P_KING,
        _ => 0,
    }
}

/// Kinds whose range shrinks after captures (FC6-CAPT-03; the catalog's "CRR units").
pub const fn is_crr(kind: Kind) -> bool {
    matches!(kind.0, 2..=6)
}

/// True if `sq` is a light square (FC6-SETU-06: a1 is dark; with 0-based file and rank a
/// square is light when their sum is odd).
#[inline]
pub fn is_light(sq: Square) -> bool {
    (sq.file() + sq.rank()) % 2 == 1
}

/// True if `sq` has `side`'s own colour: light for White, dark for Black (the catalog's
/// 0.1, used by Color Force, FC6-ROTA-04).
#[inline]
pub fn own_colour(side: Side, sq: Square) -> bool {
    is_light(sq) == (side == Side::White)
}

/// FC6-SHAD-03: the one test of shadow immunity. A unit in shadow form
/// ([`Location::Shadow`], [`super::shadow`]) is touched by nothing but a rotation: no
/// capture, explosion, push, pull, swap, conversion, mind control, paralysis, trap or
/// King's Exchange. Every effect that acts on a unit it was given by identity asks this
/// ([`super::tomb::die`], [`super::paralysis::paralyze`], [`super::trap::catch`]); every
/// effect that finds its targets on the board reads the normal layer (`unit_at`,
/// `side_bb`, `occupied`), where shadows never stand (FC6-SHAD-04).
#[inline]
pub fn untouchable(pos: &Position<Fc6State>, id: UnitId) -> bool {
    matches!(pos.unit(id).loc, Location::Shadow(_))
}

/// True if `sq` holds shadows and no normal unit: a targeted special move naming it finds
/// no unit to act on, since its targets are read from the normal layer (FC6-SHAD-03,
/// FC6-SWAP-03, FC6-CHAN-03, FC6-BISH-04). Used only to explain such a refusal.
pub fn only_shadows(pos: &Position<Fc6State>, sq: Square) -> bool {
    pos.unit_at(sq).is_none() && pos.shadows().get(sq).is_some_and(|l| !l.is_empty())
}

/// The variant's own state, carried (hashed and saved) by the position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fc6State {
    /// White's first action is still to be played: it must be a plain pawn move
    /// (FC6-FRST-01).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub first_move: bool,
    /// The turn in progress, between the legs of a double move or a knight's march
    /// (FC6-DBLM-01, FC6-KNIG-04): `None` between turns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<TurnState>,
}

/// A turn in progress: the unit making it, its legs so far and what the turn owes when it
/// ends (walls and traps of the squares its legs left, FC6-DBLM-10; the price,
/// FC6-DBLM-01, FC6-KNIG-05). Only a turn that may go on is stored: a leg that ends the
/// turn settles it at once ([`super::double_move`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnState {
    /// The unit making the turn.
    pub mover: UnitId,
    /// Legs made so far (1..=3).
    pub legs: u8,
    /// Every leg so far was the knight's own knight leap, so the turn may grow into a
    /// knight's march of up to 4 legs (FC6-KNIG-04, FC6-KNIG-07).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub march: bool,
    /// A slide of the turn crossed an ARMED or ACTIVE tomb: the unit is paralysed for 2
    /// turns when the turn ends (FC6-TOMB-05, FC6-DBLM-09).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub crossed: bool,
    /// The squares the legs left or passed, in the order left, each with the wall it is
    /// due when the turn ends (FC6-WALL-01..03) and whether a leg started there (a jester
    /// trap candidate, FC6-TRAP-01).
    /// Kept inline up to [`DUE_INLINE`] squares (a turn's legs rarely pass more), so that
    /// a turn in progress, copied into the journal at each leg, costs no allocation.
    #[serde(default, skip_serializing_if = "SmallVec::is_empty")]
    pub due: SmallVec<[DueWall; DUE_INLINE]>,
}

thread_local! {
    /// Positions kept by this thread for [`with_copy`], a stack so that nested users each
    /// take their own.
    static COPIES: std::cell::RefCell<Vec<Fc6Position>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Runs `f` on a copy of `pos` made in storage this thread keeps: judging an action on a
/// copy (a dragon's fire, a Mind Control's recapture test, a respawn's safety) then
/// allocates nothing once the kept positions have grown.
pub fn with_copy<T>(pos: &Fc6Position, f: impl FnOnce(&mut Fc6Position) -> T) -> T {
    let ready = |kept: Option<Fc6Position>| match kept {
        Some(mut p) => {
            p.clone_from(pos);
            p
        }
        None => pos.clone(),
    };
    with_kept(&COPIES, ready, f)
}

/// A refusal's reason written out: what the `*_refusal` functions return (their
/// `*_refused` forms take the writer as an argument).
pub fn reason(a: std::fmt::Arguments<'_>) -> String {
    a.to_string()
}

/// A refusal's reason left unread: listing asks only whether a candidate is refused,
/// and formatting no reason keeps it free of allocation.
pub fn unread(_: std::fmt::Arguments<'_>) {}

/// Owed walls a turn in progress keeps inline ([`TurnState::due`]).
pub const DUE_INLINE: usize = 32;

/// A square a leg of the turn in progress left or passed, and the wall it gets when the
/// turn ends.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DueWall {
    /// The square.
    pub sq: Square,
    /// Turns of its maker's side the wall lasts (1..=5, FC6-WALL-03).
    pub turns: u8,
    /// The leg kind code of the wall ([`super::walls::code`]).
    pub code: u8,
    /// A leg started here (the unit vacated the square; path squares are only passed).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub start: bool,
}

/// An fc6 position.
pub type Fc6Position = Position<Fc6State>;

/// The FrozenChess 6 rules (immutable; cheap to clone).
#[derive(Clone, Debug)]
pub struct Fc6 {
    /// The 16x16 geometry.
    pub geo: Arc<Geometry>,
    /// The ten kinds.
    pub kinds: KindSet,
    /// The pattern table (leaps compiled to offset tables; slides are walked by
    /// [`super::bounce`] and [`super::movement`]).
    pub patterns: Arc<PatternTable>,
    /// The family description (for the shared whole-turn legality search).
    pub tables: Arc<FamilyTables>,
}

impl Fc6 {
    /// The full name of a kind (`"Knight"`), or `"?"`.
    pub fn kind_name(&self, kind: Kind) -> &str {
        self.kinds.name(kind)
    }
}
