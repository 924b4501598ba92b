//! Units with identity: kinds, owners, locations and per-unit status.
//!
//! Rules follow a unit through death and respawn, so every unit has a permanent
//! [`UnitId`]. Where a unit is (a square, a tomb, a transport or rook stack, a
//! fused stack, an exile pile, dead for good, an off-board pool) is its
//! [`Location`]; what it is doing (paralysis, shadow form, range, aim, counters)
//! is its [`Status`].

use crate::square::{Dir, Side, Square};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Maximum number of distinct unit kinds one rule set may define.
pub const MAX_KINDS: usize = 32;

/// A unit kind (pawn, knight, jester...), an index into the rule set's [`KindSet`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Kind(pub u8);

impl Kind {
    /// The index of this kind in its [`KindSet`].
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// Description of one kind in a rule set.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct KindInfo {
    /// Full name, e.g. `"Knight"`.
    pub name: String,
    /// Upper-case letter used in FEN and RON (White upper case, Black lower case in FEN).
    pub fen: char,
    /// Letter shown to people (may differ from `fen`, e.g. the Dutch letters of Normal Chess).
    pub symbol: char,
}

/// The kinds of one rule set, with lookups by letter.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct KindSet {
    kinds: Vec<KindInfo>,
}

/// Error building a [`KindSet`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct KindSetError(pub String);

impl fmt::Display for KindSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for KindSetError {}

impl KindSet {
    /// Builds a kind set; letters must be unique ASCII letters and at most [`MAX_KINDS`] kinds.
    pub fn new(kinds: Vec<KindInfo>) -> Result<KindSet, KindSetError> {
        if kinds.len() > MAX_KINDS {
            return Err(KindSetError(format!(
                "{} kinds defined, at most {MAX_KINDS} are supported",
                kinds.len()
            )));
        }
        for (i, k) in kinds.iter().enumerate() {
            if !k.fen.is_ascii_uppercase() {
                return Err(KindSetError(format!(
                    "kind {:?}: FEN letter {:?} must be an upper-case ASCII letter",
                    k.name, k.fen
                )));
            }
            if kinds[..i].iter().any(|o| o.fen == k.fen) {
                return Err(KindSetError(format!(
                    "kind {:?}: FEN letter {:?} is used twice",
                    k.name, k.fen
                )));
            }
        }
        Ok(KindSet { kinds })
    }
    /// Number of kinds.
    pub fn len(&self) -> usize {
        self.kinds.len()
    }
    /// True if no kind is defined.
    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }
    /// Information on one kind, `None` if out of range.
    pub fn get(&self, kind: Kind) -> Option<&KindInfo> {
        self.kinds.get(kind.index())
    }
    /// Name of a kind, or `"?"`.
    pub fn name(&self, kind: Kind) -> &str {
        self.get(kind).map_or("?", |k| k.name.as_str())
    }
    /// All kinds with their infos.
    pub fn iter(&self) -> impl Iterator<Item = (Kind, &KindInfo)> {
        self.kinds
            .iter()
            .enumerate()
            .map(|(i, k)| (Kind(i as u8), k))
    }
    /// Kind by its upper-case FEN letter (case-insensitive lookup).
    pub fn by_fen(&self, letter: char) -> Option<Kind> {
        let up = letter.to_ascii_uppercase();
        self.kinds
            .iter()
            .position(|k| k.fen == up)
            .map(|i| Kind(i as u8))
    }
    /// Kind by its full name (case-insensitive).
    pub fn by_name(&self, name: &str) -> Option<Kind> {
        self.kinds
            .iter()
            .position(|k| k.name.eq_ignore_ascii_case(name))
            .map(|i| Kind(i as u8))
    }
    /// FEN letter of a unit: upper case for White, lower case for Black.
    pub fn fen_char(&self, kind: Kind, side: Side) -> char {
        let c = self.get(kind).map_or('?', |k| k.fen);
        match side {
            Side::White => c,
            Side::Black => c.to_ascii_lowercase(),
        }
    }
    /// Display letter of a unit: upper case for White, lower case for Black, when the symbol has case;
    /// symbols that carry meaning in their case (Normal Chess `P`/`p`) are returned as they are.
    pub fn symbol(&self, kind: Kind) -> char {
        self.get(kind).map_or('?', |k| k.symbol)
    }
}

/// Permanent identity of a unit; an index into the position's unit table.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnitId(pub u16);

impl UnitId {
    /// The index in the unit table.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for UnitId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// Where a unit is.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Location {
    /// Standing on a square (the normal occupancy layer).
    Board(Square),
    /// Standing on a square in shadow form (a separate occupancy layer; several shadows may share a square).
    Shadow(Square),
    /// In the tomb queue of a square (the order is the tomb's FIFO).
    Tomb(Square),
    /// Carried inside another unit (transport cargo, a rook stack); `slot` orders the cargo, bottom first.
    Carried {
        /// The carrier.
        by: UnitId,
        /// Position in the cargo, 0 = first in.
        slot: u8,
    },
    /// Fused into a stack whose base is `base`; `slot` is the join order.
    Fused {
        /// The base unit of the fused stack.
        base: UnitId,
        /// Join order, 0 = first joined after the base.
        slot: u8,
    },
    /// In its owner's exile pile.
    Exiled,
    /// In the captured pile of the given side (the capturer).
    Captured(Side),
    /// Dead for good (spent, permanently dead).
    Dead,
    /// Off board in its owner's reserve pool (not yet placed).
    Pool,
}

impl Location {
    /// The square of a unit standing on the board (normal layer), if any.
    #[inline]
    pub fn square(self) -> Option<Square> {
        match self {
            Location::Board(s) => Some(s),
            _ => None,
        }
    }
    /// True for units standing on the normal occupancy layer.
    #[inline]
    pub fn on_board(self) -> bool {
        matches!(self, Location::Board(_))
    }
}

/// Per-unit status. Every field defaults to "nothing special"; variants give the
/// generic fields their meaning (documented in `docs/architecture.md`).
///
/// `Copy`: a status is a few dozen bytes with no heap part, so per-unit game data (timers,
/// ranges, counters, flags, links) lives here and is edited in place, instead of in the
/// variant state where every change would copy the whole state.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Status {
    /// Has this unit moved (castling, initial-move patterns)?
    #[serde(skip_serializing_if = "is_false")]
    pub moved: bool,
    /// Paralysed through this owner-turn number (0 = not paralysed).
    #[serde(skip_serializing_if = "is_zero32")]
    pub frozen_through: u32,
    /// Shadow form: the owner turn at which the unit became a shadow.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shadow_since: Option<u32>,
    /// Current range or base range (variant units, e.g. 1/20 squares in FC11; 0 = unlimited).
    #[serde(skip_serializing_if = "is_zero16")]
    pub range: u16,
    /// Aim direction for units whose "forward" is their own (FC11 pawns, trebuchets, onagers).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aim: Option<Dir>,
    /// Eight variant-defined counters (captures, stationary turns, growth, shellshock, ...).
    #[serde(skip_serializing_if = "is_zero8")]
    pub counters: [u16; 8],
    /// Variant-defined flag bits.
    #[serde(skip_serializing_if = "is_zero32")]
    pub flags: u32,
    /// A link to another unit (an egg's dragon, the trap holding the unit, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link: Option<UnitId>,
    /// The kind the unit had when the game started, if it has changed (promotion, morph).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub origin: Option<Kind>,
}

fn is_false(b: &bool) -> bool {
    !*b
}
fn is_zero16(v: &u16) -> bool {
    *v == 0
}
fn is_zero32(v: &u32) -> bool {
    *v == 0
}
fn is_zero8(v: &[u16; 8]) -> bool {
    *v == [0; 8]
}

impl Status {
    /// True if every field holds its default.
    #[inline]
    pub fn is_default(&self) -> bool {
        *self == Status::default()
    }

    /// True if every field except `moved` holds its default (the status is either the
    /// default or "moved only"): one comparison where [`Status::is_default`] and
    /// [`Status::is_moved_only`] make one each.
    #[inline]
    pub fn is_plain(&self) -> bool {
        // Field by field (a new field must be added here: the pattern lists them all), the
        // integers or-ed together: fewer branches than comparing with a default status.
        let Status {
            moved: _,
            frozen_through,
            shadow_since,
            range,
            aim,
            counters,
            flags,
            link,
            origin,
        } = self;
        (frozen_through | flags | u32::from(*range)) == 0
            && *counters == [0; 8]
            && shadow_since.is_none()
            && aim.is_none()
            && link.is_none()
            && origin.is_none()
    }

    /// True if the unit has moved and nothing else is set.
    #[inline]
    pub fn is_moved_only(&self) -> bool {
        *self
            == Status {
                moved: true,
                ..Status::default()
            }
    }
}

/// One unit: kind, owner, location, status.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Unit {
    /// Current kind.
    pub kind: Kind,
    /// Current owner.
    pub side: Side,
    /// Where it is.
    pub loc: Location,
    /// Status fields.
    pub status: Status,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `is_plain` agrees with "default or moved only" whichever field is set.
    #[test]
    fn is_plain_is_default_or_moved_only() {
        let mut cases = vec![Status::default()];
        let edits: [fn(&mut Status); 9] = [
            |s| s.moved = true,
            |s| s.frozen_through = 3,
            |s| s.shadow_since = Some(0),
            |s| s.range = 1,
            |s| s.aim = Some(Dir::new(0, 1)),
            |s| s.counters[7] = 1,
            |s| s.flags = 1 << 31,
            |s| s.link = Some(UnitId(0)),
            |s| s.origin = Some(Kind(0)),
        ];
        for edit in edits {
            for moved in [false, true] {
                let mut s = Status {
                    moved,
                    ..Status::default()
                };
                edit(&mut s);
                cases.push(s);
            }
        }
        for s in &cases {
            assert_eq!(s.is_plain(), s.is_default() || s.is_moved_only(), "{s:?}");
        }
    }
}
