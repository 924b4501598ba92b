//! 256-bit square sets.
//!
//! One [`Bitboard`] type serves every board up to 16x16: bit `i` is the square
//! with index `i` (`rank * 16 + file`). Set operations work on all 256 bits and
//! know no board shape; `Bitboard::shift`, which must not wrap across a board's
//! edge, is defined with the shapes in `geometry`. This module uses only `square`.

use std::fmt;
use std::iter::FusedIterator;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr, Sub, SubAssign,
};

use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::square::Square;

/// A set of squares of the 16x16 grid; bit `i` of the 256-bit number is the
/// square with index `i` (limb `i / 64`, bit `i % 64`).
///
/// `Debug` prints a 16x16 grid (rank 16 on top, `X` for members); serde uses a
/// list of square names in ascending order.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub [u64; 4]);

/// Masks of the low `16 * k` bits of a limb, for `k` whole ranks.
const LOW_RANKS: [u64; 5] = [0, 0xFFFF, 0xFFFF_FFFF, 0xFFFF_FFFF_FFFF, u64::MAX];

/// Repeats a 16-bit row pattern over the four ranks of a limb.
const ROW_REPEAT: u64 = 0x0001_0001_0001_0001;

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard([0; 4]);
    /// All 256 squares of the grid (not limited to any board shape).
    pub const FULL: Bitboard = Bitboard([u64::MAX; 4]);

    /// The set holding only `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        let i = sq.index();
        let mut limbs = [0; 4];
        limbs[i >> 6] = 1 << (i & 63);
        Bitboard(limbs)
    }

    /// The rectangle of files `file_lo..file_hi` and ranks `rank_lo..rank_hi`
    /// (half-open; bounds above 16 are clamped, empty ranges give an empty set).
    #[inline]
    pub const fn rect(file_lo: u8, file_hi: u8, rank_lo: u8, rank_hi: u8) -> Bitboard {
        let file_hi = if file_hi > 16 { 16 } else { file_hi };
        let rank_hi = if rank_hi > 16 { 16 } else { rank_hi };
        if file_lo >= file_hi || rank_lo >= rank_hi {
            return Bitboard::EMPTY;
        }
        let row = ((1u64 << file_hi) - 1) & !((1u64 << file_lo) - 1);
        let rows = row * ROW_REPEAT;
        let mut limbs = [0u64; 4];
        let mut k = 0;
        while k < 4 {
            let first = 4 * k as u8;
            let below_hi = clamp_ranks(rank_hi, first);
            let below_lo = clamp_ranks(rank_lo, first);
            limbs[k] = rows & LOW_RANKS[below_hi] & !LOW_RANKS[below_lo];
            k += 1;
        }
        Bitboard(limbs)
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        let i = sq.index();
        (self.0[i >> 6] >> (i & 63)) & 1 != 0
    }

    /// The set with `sq` added.
    #[inline]
    #[must_use]
    pub const fn with(self, sq: Square) -> Bitboard {
        let i = sq.index();
        let mut limbs = self.0;
        limbs[i >> 6] |= 1 << (i & 63);
        Bitboard(limbs)
    }

    /// The set with `sq` removed.
    #[inline]
    #[must_use]
    pub const fn without(self, sq: Square) -> Bitboard {
        let i = sq.index();
        let mut limbs = self.0;
        limbs[i >> 6] &= !(1 << (i & 63));
        Bitboard(limbs)
    }

    /// Adds `sq`.
    #[inline]
    pub fn set(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] |= 1 << (i & 63);
    }

    /// Removes `sq`.
    #[inline]
    pub fn clear(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    /// Adds `sq` if absent, removes it if present.
    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] ^= 1 << (i & 63);
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    /// Whether the set has at least one square.
    #[inline]
    pub const fn any(self) -> bool {
        !self.is_empty()
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0[0].count_ones()
            + self.0[1].count_ones()
            + self.0[2].count_ones()
            + self.0[3].count_ones()
    }

    /// The square with the lowest index, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        let mut k = 0;
        while k < 4 {
            let limb = self.0[k];
            if limb != 0 {
                return Some(Square::from_index(
                    (k as u32 * 64 + limb.trailing_zeros()) as u8,
                ));
            }
            k += 1;
        }
        None
    }

    /// The square with the highest index, if any.
    #[inline]
    pub const fn last(self) -> Option<Square> {
        let mut k = 4;
        while k > 0 {
            k -= 1;
            let limb = self.0[k];
            if limb != 0 {
                return Some(Square::from_index(
                    (k as u32 * 64 + 63 - limb.leading_zeros()) as u8,
                ));
            }
        }
        None
    }

    /// Removes and returns the square with the lowest index.
    #[inline]
    pub fn pop_first(&mut self) -> Option<Square> {
        for k in 0..4 {
            let limb = self.0[k];
            if limb != 0 {
                self.0[k] = limb & (limb - 1);
                return Some(Square::from_index(
                    (k as u32 * 64 + limb.trailing_zeros()) as u8,
                ));
            }
        }
        None
    }

    /// Removes and returns the square with the highest index.
    #[inline]
    pub fn pop_last(&mut self) -> Option<Square> {
        for k in (0..4).rev() {
            let limb = self.0[k];
            if limb != 0 {
                let bit = 63 - limb.leading_zeros();
                self.0[k] = limb & !(1 << bit);
                return Some(Square::from_index((k as u32 * 64 + bit) as u8));
            }
        }
        None
    }

    /// The square if the set has exactly one, else `None`.
    #[inline]
    pub const fn single_square(self) -> Option<Square> {
        if self.count() == 1 {
            self.first()
        } else {
            None
        }
    }

    /// Whether the set has more than one square.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.count() > 1
    }

    /// Whether every square of `self` is in `other`.
    #[inline]
    pub const fn is_subset(self, other: Bitboard) -> bool {
        (self.0[0] & !other.0[0])
            | (self.0[1] & !other.0[1])
            | (self.0[2] & !other.0[2])
            | (self.0[3] & !other.0[3])
            == 0
    }

    /// Whether `self` and `other` share a square.
    #[inline]
    pub const fn intersects(self, other: Bitboard) -> bool {
        (self.0[0] & other.0[0])
            | (self.0[1] & other.0[1])
            | (self.0[2] & other.0[2])
            | (self.0[3] & other.0[3])
            != 0
    }

    /// The squares in ascending index order.
    #[inline]
    pub const fn iter(self) -> BitboardIter {
        BitboardIter(self)
    }

    /// Shifts the 256-bit number left by `n` bits (toward higher indices).
    /// Bits shifted past index 255 vanish; `n >= 256` gives the empty set.
    /// This is a raw shift: it wraps across files. Use [`Bitboard::shift`] to
    /// move squares on a board.
    #[inline]
    #[must_use]
    #[allow(clippy::should_implement_trait)] // The brief names these methods; the `Shl` trait is implemented too.
    pub const fn shl(self, n: u32) -> Bitboard {
        if n >= 256 {
            return Bitboard::EMPTY;
        }
        let q = (n / 64) as usize;
        let r = n % 64;
        let mut out = [0u64; 4];
        let mut i = q;
        while i < 4 {
            let lo = if i > q { self.0[i - q - 1] } else { 0 };
            // `(lo >> 1) >> (63 - r)` is `lo >> (64 - r)`, and 0 when r == 0.
            out[i] = (self.0[i - q] << r) | ((lo >> 1) >> (63 - r));
            i += 1;
        }
        Bitboard(out)
    }

    /// Shifts the 256-bit number right by `n` bits (toward lower indices).
    /// Bits shifted below index 0 vanish; `n >= 256` gives the empty set.
    /// This is a raw shift: it wraps across files.
    #[inline]
    #[must_use]
    #[allow(clippy::should_implement_trait)] // The brief names these methods; the `Shr` trait is implemented too.
    pub const fn shr(self, n: u32) -> Bitboard {
        if n >= 256 {
            return Bitboard::EMPTY;
        }
        let q = (n / 64) as usize;
        let r = n % 64;
        let mut out = [0u64; 4];
        let mut i = 0;
        while i + q < 4 {
            let hi = if i + q + 1 < 4 { self.0[i + q + 1] } else { 0 };
            out[i] = (self.0[i + q] >> r) | ((hi << 1) << (63 - r));
            i += 1;
        }
        Bitboard(out)
    }
}

/// Number of whole ranks of the limb starting at rank `first` that lie below
/// rank `bound` (0..=4).
#[inline]
const fn clamp_ranks(bound: u8, first: u8) -> usize {
    if bound <= first {
        0
    } else if bound - first >= 4 {
        4
    } else {
        (bound - first) as usize
    }
}

/// Iterator over the squares of a [`Bitboard`], in ascending index order
/// (also double-ended).
#[derive(Clone, Debug)]
pub struct BitboardIter(Bitboard);

impl Iterator for BitboardIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        self.0.pop_first()
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }

    #[inline]
    fn count(self) -> usize {
        self.0.count() as usize
    }

    #[inline]
    fn last(self) -> Option<Square> {
        self.0.last()
    }
}

impl DoubleEndedIterator for BitboardIter {
    #[inline]
    fn next_back(&mut self) -> Option<Square> {
        self.0.pop_last()
    }
}

impl ExactSizeIterator for BitboardIter {}

impl FusedIterator for BitboardIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;

    #[inline]
    fn into_iter(self) -> BitboardIter {
        BitboardIter(self)
    }
}

impl IntoIterator for &Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;

    #[inline]
    fn into_iter(self) -> BitboardIter {
        BitboardIter(*self)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        bb.extend(iter);
        bb
    }
}

impl Extend<Square> for Bitboard {
    fn extend<I: IntoIterator<Item = Square>>(&mut self, iter: I) {
        for sq in iter {
            self.set(sq);
        }
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

/// Applies a limb-wise binary operation.
#[inline]
fn zip(a: Bitboard, b: Bitboard, op: impl Fn(u64, u64) -> u64) -> Bitboard {
    Bitboard([
        op(a.0[0], b.0[0]),
        op(a.0[1], b.0[1]),
        op(a.0[2], b.0[2]),
        op(a.0[3], b.0[3]),
    ])
}

macro_rules! bit_op {
    ($Trait:ident, $method:ident, $Assign:ident, $assign:ident, $op:expr) => {
        impl $Trait for Bitboard {
            type Output = Bitboard;

            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                zip(self, rhs, $op)
            }
        }

        impl $Assign for Bitboard {
            #[inline]
            fn $assign(&mut self, rhs: Bitboard) {
                *self = zip(*self, rhs, $op);
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, |a, b| a & b);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |a, b| a | b);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, |a, b| a ^ b);
// `a - b` is set difference: the squares of `a` not in `b`.
bit_op!(Sub, sub, SubAssign, sub_assign, |a, b| a & !b);

impl Not for Bitboard {
    type Output = Bitboard;

    /// The complement within the whole 256-square grid.
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(self.0.map(|limb| !limb))
    }
}

impl Shl<u32> for Bitboard {
    type Output = Bitboard;

    /// Same as [`Bitboard::shl`].
    #[inline]
    fn shl(self, n: u32) -> Bitboard {
        Bitboard::shl(self, n)
    }
}

impl Shr<u32> for Bitboard {
    type Output = Bitboard;

    /// Same as [`Bitboard::shr`].
    #[inline]
    fn shr(self, n: u32) -> Bitboard {
        Bitboard::shr(self, n)
    }
}

impl fmt::Debug for Bitboard {
    /// A 16x16 grid, rank 16 on the first line, `X` for members and `.` for
    /// the rest, squares separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..16u8).rev() {
            for file in 0..16u8 {
                if file > 0 {
                    f.write_str(" ")?;
                }
                let mark = if self.contains(Square::new(file, rank)) {
                    "X"
                } else {
                    "."
                };
                f.write_str(mark)?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl Serialize for Bitboard {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.count() as usize))?;
        for sq in *self {
            seq.serialize_element(&sq)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for Bitboard {
    /// Reads a list of square names; a repeated square is an error.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Bitboard, D::Error> {
        struct ListVisitor;

        impl<'de> serde::de::Visitor<'de> for ListVisitor {
            type Value = Bitboard;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of distinct square names")
            }

            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Bitboard, A::Error> {
                let mut bb = Bitboard::EMPTY;
                while let Some(sq) = seq.next_element::<Square>()? {
                    if bb.contains(sq) {
                        return Err(serde::de::Error::custom(format_args!(
                            "square {sq} is listed twice in a square set"
                        )));
                    }
                    bb.set(sq);
                }
                Ok(bb)
            }
        }

        deserializer.deserialize_seq(ListVisitor)
    }
}
