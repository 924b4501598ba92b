//! The FC11 vocabulary: the 18 kind constants, the variant state and the rules value's
//! fields (FC11-SETP-06 kinds).
//!
//! Owns: the names every other file of `fc11/` uses. Uses: nothing of `fc11/`, so every
//! file may use it (the rules value is built in `mod.rs`, which uses the others).

use crate::frozen_family::promotion::PromotionRule;
use frozen_core::{Geometry, Kind, KindSet, Position, UnitId};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::sync::Arc;

/// Pawn (`P`).
pub const PAWN: Kind = Kind(0);
/// Lancer (`L`).
pub const LANCER: Kind = Kind(1);
/// Knight (`N`).
pub const KNIGHT: Kind = Kind(2);
/// Bishop (`B`).
pub const BISHOP: Kind = Kind(3);
/// Dragon (`D`).
pub const DRAGON: Kind = Kind(4);
/// Rook (`R`).
pub const ROOK: Kind = Kind(5);
/// Queen (`Q`).
pub const QUEEN: Kind = Kind(6);
/// King (`K`).
pub const KING: Kind = Kind(7);
/// Jester (`J`).
pub const JESTER: Kind = Kind(8);
/// Chancellor (`C`).
pub const CHANCELLOR: Kind = Kind(9);
/// Templar (`T`).
pub const TEMPLAR: Kind = Kind(10);
/// Frog (`F`).
pub const FROG: Kind = Kind(11);
/// Trebuchet (`X`).
pub const TREBUCHET: Kind = Kind(12);
/// Ballista (`A`).
pub const BALLISTA: Kind = Kind(13);
/// Ship (`S`).
pub const SHIP: Kind = Kind(14);
/// Onager (`O`).
pub const ONAGER: Kind = Kind(15);
/// Cannon (`Z`).
pub const CANNON: Kind = Kind(16);
/// Assassin (`M`).
pub const ASSASSIN: Kind = Kind(17);

/// Number of unit kinds in this part (the Egg and the Wonder of later parts come after).
pub const KIND_COUNT: u8 = 18;

/// The variant's own state: what the core position does not carry. Units, their status,
/// tombs and walls live in the core position; later parts add the turn record, the stage
/// and the other items of the catalog's section 40 here.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fc11State {
    /// Null moves played in a row just before this position (0, 1, or 2 when the second
    /// one has just drawn the game; FC11-NULL-02, catalog section 40.1 "previous ply was a
    /// null move").
    #[serde(default)]
    pub nulls: u8,
    /// The Assassins' retained empowerers (FC11-ASSN-13, [`super::retain`]), in unit id
    /// order, one per Assassin at most.
    #[serde(default, skip_serializing_if = "SmallVec::is_empty")]
    pub retained: SmallVec<[Retained; 4]>,
}

/// What one Assassin remembers (FC11-ASSN-13): the kind of the last unit that empowered
/// it and that unit's CRR at the time.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Retained {
    /// The Assassin.
    pub unit: UnitId,
    /// The empowerer's kind.
    pub kind: Kind,
    /// The empowerer's CRR then (`Status.counters[4]`, FC11-CAPT-04).
    #[serde(default)]
    pub crr: u16,
}

/// An fc11 position.
pub type Fc11Position = Position<Fc11State>;

/// The FrozenChess 11 rules (immutable; cheap to clone).
#[derive(Clone, Debug)]
pub struct Fc11 {
    pub(crate) geo: Arc<Geometry>,
    pub(crate) kinds: KindSet,
    pub(crate) promotion: PromotionRule,
}

impl Fc11 {
    /// The precomputed 16x16 geometry.
    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    /// The kind set.
    pub(crate) fn kinds_ref(&self) -> &KindSet {
        &self.kinds
    }

    /// The full name of a kind (`"Lancer"`), or `"?"`.
    pub fn kind_name(&self, kind: Kind) -> &str {
        self.kinds.name(kind)
    }
}
