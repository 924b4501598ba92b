//! Sparse side tables keyed by square, each with a bitboard mask of where
//! entries exist: tombs, walls, traps, bombs, monads, timed square effects and
//! the shadow layer's per-square lists.
//!
//! Storage is a sorted vector of `(Square, T)` pairs plus the mask, so an empty
//! table costs nothing and membership tests are one bit test.

use crate::bitboard::Bitboard;
use crate::square::{Dir, Side, Square};
use crate::unit::UnitId;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// A sparse map from squares to entries, with a mask of occupied keys.
#[derive(PartialEq, Eq, Hash, Debug)]
pub struct SquareTable<T> {
    mask: Bitboard,
    entries: Vec<(Square, T)>,
}

impl<T: Clone> Clone for SquareTable<T> {
    fn clone(&self) -> Self {
        SquareTable {
            mask: self.mask,
            entries: self.entries.clone(),
        }
    }

    /// Reuses this table's storage ([`crate::Position`]'s `clone_from` relies on it).
    fn clone_from(&mut self, source: &Self) {
        self.mask = source.mask;
        self.entries.clone_from(&source.entries);
    }
}

impl<T> Default for SquareTable<T> {
    fn default() -> Self {
        SquareTable {
            mask: Bitboard::EMPTY,
            entries: Vec::new(),
        }
    }
}

impl<T> SquareTable<T> {
    /// Squares that hold an entry.
    #[inline]
    pub fn mask(&self) -> Bitboard {
        self.mask
    }
    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }
    /// True if the table holds nothing.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
    /// The entry on `sq`.
    #[inline]
    pub fn get(&self, sq: Square) -> Option<&T> {
        if !self.mask.contains(sq) {
            return None;
        }
        self.entries
            .binary_search_by_key(&sq, |e| e.0)
            .ok()
            .map(|i| &self.entries[i].1)
    }
    /// Entries in square order.
    pub fn iter(&self) -> impl Iterator<Item = (Square, &T)> {
        self.entries.iter().map(|(s, t)| (*s, t))
    }
    /// The entry on `sq`, to edit in place (the position's journaled helpers only).
    #[inline]
    pub(crate) fn get_mut(&mut self, sq: Square) -> Option<&mut T> {
        if !self.mask.contains(sq) {
            return None;
        }
        match self.entries.binary_search_by_key(&sq, |e| e.0) {
            Ok(i) => Some(&mut self.entries[i].1),
            Err(_) => None,
        }
    }

    /// Moves every entry keyed inside `block` to `map(key)` (`map` must permute `block`),
    /// calling `each(old_key, new_key, value)` once per moved entry so the caller can
    /// edit the value and rehash it. Keeps the entries sorted; never allocates.
    pub(crate) fn permute(
        &mut self,
        block: Bitboard,
        map: impl Fn(Square) -> Square,
        mut each: impl FnMut(Square, Square, &mut T),
    ) {
        if (self.mask & block).is_empty() {
            return;
        }
        for (sq, v) in self.entries.iter_mut() {
            if block.contains(*sq) {
                let to = map(*sq);
                each(*sq, to, v);
                *sq = to;
            }
        }
        self.entries.sort_unstable_by_key(|e| e.0);
        self.mask = self.entries.iter().map(|e| e.0).collect();
    }

    /// Sets or removes the entry on `sq`, returning the previous one.
    /// Positions call this through their journaled setters; use it directly only on tables you own.
    pub fn replace(&mut self, sq: Square, value: Option<T>) -> Option<T> {
        match (self.entries.binary_search_by_key(&sq, |e| e.0), value) {
            (Ok(i), Some(v)) => Some(std::mem::replace(&mut self.entries[i].1, v)),
            (Ok(i), None) => {
                self.mask.clear(sq);
                Some(self.entries.remove(i).1)
            }
            (Err(i), Some(v)) => {
                self.mask.set(sq);
                self.entries.insert(i, (sq, v));
                None
            }
            (Err(_), None) => None,
        }
    }
}

/// A tomb: the FIFO of dead units on a square, its explosion count and rot counter.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Tomb {
    /// Dead units, first in first.
    pub queue: SmallVec<[UnitId; 8]>,
    /// Explosions that happened on this square (permanent).
    pub explosions: u8,
    /// Rot counter (ticks).
    pub rot: u8,
    /// Variant flag: active / open (head may respawn).
    pub open: bool,
}

/// A wall on a square.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Wall {
    /// The unit that made it.
    pub creator: UnitId,
    /// The side that made it.
    pub side: Side,
    /// The turn number at whose end it disappears (0 = permanent).
    #[serde(default)]
    pub expires: u32,
    /// Variant-defined wall kind (trail, walltrap, pushed, leg type...).
    #[serde(default)]
    pub kind: u8,
}

/// A trap square.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trap {
    /// The unit (jester) owning the trap.
    pub owner: UnitId,
    /// Variant-defined trap colour or kind.
    #[serde(default)]
    pub colour: u8,
    /// The unit held, if any.
    #[serde(default)]
    pub held: Option<UnitId>,
    /// Turn number (held unit's owner turns) when the hold ends.
    #[serde(default)]
    pub hold_until: u32,
}

/// A bomb planted on a square.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bomb {
    /// The unit that planted it.
    pub owner: UnitId,
    /// Variant-defined timer or charge.
    #[serde(default)]
    pub timer: u16,
}

/// One recorded step of a monad program: a move, an ability or a form change, as the
/// variant defines (`kind`), with its squares, an optional chosen kind and an argument.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MonadStep {
    /// Variant-defined step kind (move, ability, de-shadow...).
    #[serde(default)]
    pub kind: u8,
    /// From square.
    pub from: Square,
    /// To (or target) square.
    pub to: Square,
    /// A chosen unit kind, if any.
    #[serde(default)]
    pub piece: Option<crate::unit::Kind>,
    /// Variant-defined argument.
    #[serde(default)]
    pub arg: u16,
}

/// A monad: a recorded sequence of absolute steps for a unit, played automatically.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Monad {
    /// The unit running the program.
    pub unit: UnitId,
    /// The recorded steps, in order.
    pub program: SmallVec<[MonadStep; 4]>,
    /// Index of the next step.
    #[serde(default)]
    pub next: u8,
    /// Activated?
    #[serde(default)]
    pub active: bool,
    /// Blocked counter.
    #[serde(default)]
    pub blocked: u8,
    /// Return target.
    #[serde(default)]
    pub ret: Option<Square>,
}

/// A timed effect on a square (quickening, tornado, avalanche, distract, tunnel, corrupted...).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Effect {
    /// Variant-defined effect kind.
    pub kind: u8,
    /// Casting unit, if any.
    #[serde(default)]
    pub owner: Option<UnitId>,
    /// Casting side, if any.
    #[serde(default)]
    pub side: Option<Side>,
    /// Direction, if any.
    #[serde(default)]
    pub dir: Option<Dir>,
    /// Remaining pulses, rounds or ticks (0 = permanent).
    #[serde(default)]
    pub left: u16,
    /// A linked square (tunnel exit, lane start...).
    #[serde(default)]
    pub link: Option<Square>,
}

/// The effects on one square.
pub type Effects = SmallVec<[Effect; 2]>;

/// The shadows standing on one square, in arrival order.
pub type Shadows = SmallVec<[UnitId; 2]>;

impl std::fmt::Display for MonadStep {
    /// `e4e5`, with `/k` for a non-zero step kind and `#n` for an argument.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if self.kind != 0 {
            write!(f, "/{}", self.kind)?;
        }
        if self.arg != 0 {
            write!(f, "#{}", self.arg)?;
        }
        Ok(())
    }
}

/// The side tables of a position, as loaded.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tables {
    pub tombs: SquareTable<Tomb>,
    pub walls: SquareTable<Wall>,
    pub traps: SquareTable<Trap>,
    pub bombs: SquareTable<Bomb>,
    pub monads: SquareTable<Monad>,
    pub effects: SquareTable<Effects>,
    pub shadows: SquareTable<Shadows>,
}
