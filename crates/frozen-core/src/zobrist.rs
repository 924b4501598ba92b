//! Zobrist keys and a stable hasher for everything that is not placement.
//!
//! Placement uses one random key per (kind, side, square). Every other item
//! (a unit's status or off-board location, a side-table entry, a mark, a
//! pending decision, the variant state) contributes the stable hash of its
//! value, so adding and removing it is one XOR. Keys come from a fixed seed:
//! hashes are the same in every run and on every machine.

use crate::square::{Side, Square};
use crate::unit::{Kind, MAX_KINDS};
use std::hash::{Hash, Hasher};

/// splitmix64 step: a good 64-bit mixer.
#[inline]
pub const fn mix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Piece keys, indexed `[kind][side][square]`: a splitmix64 sequence from a fixed seed,
/// computed at compile time (a plain static: no lazy initialisation to check on every
/// look-up, and nothing to compute at start-up).
static PIECE_KEYS: [[[u64; 256]; 2]; MAX_KINDS] = piece_keys();

const fn piece_keys() -> [[[u64; 256]; 2]; MAX_KINDS] {
    let mut keys = [[[0u64; 256]; 2]; MAX_KINDS];
    let mut state = 0x0F20_2E4C_0000_0001u64;
    // Same order as the flat table `(kind * 2 + side) * 256 + square` this replaces, so the
    // keys (and every hash) are unchanged.
    let mut kind = 0;
    while kind < MAX_KINDS {
        let mut side = 0;
        while side < 2 {
            let mut sq = 0;
            while sq < 256 {
                state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                keys[kind][side][sq] = mix64(state);
                sq += 1;
            }
            side += 1;
        }
        kind += 1;
    }
    keys
}

/// Key of a unit of `kind` and `side` standing on `sq`.
#[inline]
pub fn piece_key(kind: Kind, side: Side, sq: Square) -> u64 {
    PIECE_KEYS[kind.index()][side.index()][sq.index()]
}

/// Key of Black to move (White to move contributes nothing).
pub const SIDE_KEY: u64 = 0x5D58_8B65_6C07_8965;

/// Domain tags, so equal values in different tables hash differently.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Tag {
    /// A unit's status.
    Status = 1,
    /// A unit's off-board (or shadow) location.
    Location,
    /// A tomb.
    Tomb,
    /// A wall.
    Wall,
    /// A trap.
    Trap,
    /// A bomb.
    Bomb,
    /// A monad.
    Monad,
    /// Square effects.
    Effects,
    /// A mark bit.
    Mark,
    /// Pending decisions.
    Pending,
    /// The result.
    Result,
    /// The variant state.
    State,
    /// Shadows list of a square.
    Shadows,
}

/// A small, stable (FNV-1a over bytes, then mixed) hasher: same value, same hash, on every run.
#[derive(Clone, Debug)]
pub struct StableHasher(u64);

impl Default for StableHasher {
    fn default() -> Self {
        StableHasher(0xCBF2_9CE4_8422_2325)
    }
}

impl Hasher for StableHasher {
    #[inline]
    fn finish(&self) -> u64 {
        mix64(self.0)
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01B3);
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.0 = (self.0 ^ u64::from(i)).wrapping_mul(0x0000_0100_0000_01B3);
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.0 = mix64(self.0 ^ u64::from(i));
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.0 = mix64(self.0 ^ u64::from(i));
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.0 = mix64(self.0 ^ i);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.0 = mix64(self.0 ^ i as u64);
    }
}

/// The hash of a unit's status when only `moved` is set (the status hash of
/// every other non-default status is [`item_hash`] of the whole status).
#[inline]
pub fn moved_key(id: crate::unit::UnitId) -> u64 {
    mix64(0x6D6F_7665_6400_0000 ^ ((Tag::Status as u64) << 32) ^ u64::from(id.0))
}

/// Stable hash of a tagged item with a key (unit index or square index).
#[inline]
pub fn item_hash<T: Hash + ?Sized>(tag: Tag, key: u32, value: &T) -> u64 {
    let mut h = StableHasher::default();
    h.write_u8(tag as u8);
    h.write_u32(key);
    value.hash(&mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The compile-time table holds the same keys as the run-time sequence it replaced
    /// (a flat table filled in `(kind * 2 + side) * 256 + square` order).
    #[test]
    fn piece_keys_match_the_sequence() {
        let mut state = 0x0F20_2E4C_0000_0001u64;
        for i in 0..MAX_KINDS * 2 * 256 {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let (kind, side, sq) = (i / 512, (i / 256) % 2, i % 256);
            let side = if side == 0 { Side::White } else { Side::Black };
            assert_eq!(
                piece_key(Kind(kind as u8), side, Square::from_index(sq as u8)),
                mix64(state),
                "key {i}"
            );
        }
    }
}
