//! The board word of the simple tables: a set of square indices, the core's 256-bit
//! [`Bitboard`] or, for boards of at most 8 x 8, one `u64` (see [`super::super::narrow`]),
//! with the shifts and fills the tables need.

use frozen_core::{Bitboard, Square};
use std::fmt::Debug;
use std::ops::{BitAnd, BitOr, BitOrAssign, Not};

/// A board word: a set of square indices.
pub(crate) trait Word:
    Copy
    + PartialEq
    + Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitOrAssign
    + Not<Output = Self>
{
    /// No square.
    const ZERO: Self;
    /// The square with index `i`.
    fn bit(i: usize) -> Self;
    /// The lowest (`ascending`) or highest index in the set.
    fn nearest(self, ascending: bool) -> Option<usize>;
    /// Every index moved up by `s` (down for negative `s`); indices leaving
    /// the word vanish. A raw shift: callers mask what wraps.
    fn shifted(self, s: i32) -> Self;
    /// [`super::SimpleTables::fill`] with the shift `s` known at compile time, for
    /// the words that have such a form (`None`: use the generic one).
    /// `pro` is the empty squares within `mask`; `long`: a fourth doubling.
    #[inline]
    fn fill_const(s: i32, gen: Self, pro: Self, mask: Self, long: bool) -> Option<Self> {
        let _ = (s, gen, pro, mask, long);
        None
    }
    /// [`super::SimpleTables::fill`] in the eight directions of `Dir::ALL8` at
    /// once, for the words whose layout gives every direction a shift known
    /// at compile time ([`NARROW_SHIFTS`], checked when the tables are built):
    /// eight independent fills without a dispatch on the shift (`None`: use
    /// [`super::SimpleTables::fill`] direction by direction). `fills` are the
    /// tables' (shift, mask) per direction; only the masks are read.
    #[inline]
    fn fill8(fills: &[(i32, Self); 8], gens: &[Self; 8], empty: Self) -> Option<[Self; 8]> {
        let _ = (fills, gens, empty);
        None
    }
    #[inline]
    fn any(self) -> bool {
        self != Self::ZERO
    }
    #[inline]
    fn has(self, i: usize) -> bool {
        (self & Self::bit(i)).any()
    }
}

/// A Kogge-Stone fill along a shift of `S` bits (the narrow word's steps,
/// |S| <= 9, so every shift stays below 64): three doublings, enough for
/// rays of up to 8 squares.
#[inline(always)]
fn kogge<const S: i32>(gen: u64, mut pro: u64, mask: u64) -> u64 {
    let sh = |x: u64, k: i32| {
        if S >= 0 {
            x << (S * k)
        } else {
            x >> (-S * k)
        }
    };
    let mut g = gen;
    g |= pro & sh(g, 1);
    pro &= sh(pro, 1);
    g |= pro & sh(g, 2);
    pro &= sh(pro, 2);
    g |= pro & sh(g, 4);
    sh(g, 1) & mask
}

/// The index shift of one step along each direction of `Dir::ALL8` on the
/// narrow word (eight files per rank): N, NE, E, SE, S, SW, W, NW.
pub(crate) const NARROW_SHIFTS: [i32; 8] = [8, 9, 1, -7, -8, -9, -1, 7];

impl Word for u64 {
    const ZERO: u64 = 0;
    #[inline]
    fn fill8(fills: &[(i32, u64); 8], g: &[u64; 8], empty: u64) -> Option<[u64; 8]> {
        let m = fills.map(|f| f.1);
        Some([
            kogge::<8>(g[0], empty & m[0], m[0]),
            kogge::<9>(g[1], empty & m[1], m[1]),
            kogge::<1>(g[2], empty & m[2], m[2]),
            kogge::<-7>(g[3], empty & m[3], m[3]),
            kogge::<-8>(g[4], empty & m[4], m[4]),
            kogge::<-9>(g[5], empty & m[5], m[5]),
            kogge::<-1>(g[6], empty & m[6], m[6]),
            kogge::<7>(g[7], empty & m[7], m[7]),
        ])
    }
    #[inline]
    fn fill_const(s: i32, gen: u64, pro: u64, mask: u64, long: bool) -> Option<u64> {
        if long {
            return None;
        }
        Some(match s {
            1 => kogge::<1>(gen, pro, mask),
            -1 => kogge::<-1>(gen, pro, mask),
            7 => kogge::<7>(gen, pro, mask),
            -7 => kogge::<-7>(gen, pro, mask),
            8 => kogge::<8>(gen, pro, mask),
            -8 => kogge::<-8>(gen, pro, mask),
            9 => kogge::<9>(gen, pro, mask),
            -9 => kogge::<-9>(gen, pro, mask),
            _ => return None,
        })
    }
    #[inline]
    fn bit(i: usize) -> u64 {
        1 << i
    }
    #[inline]
    fn nearest(self, ascending: bool) -> Option<usize> {
        if self == 0 {
            None
        } else if ascending {
            Some(self.trailing_zeros() as usize)
        } else {
            Some(63 - self.leading_zeros() as usize)
        }
    }
    #[inline]
    fn shifted(self, s: i32) -> u64 {
        if s >= 0 {
            self.checked_shl(s as u32).unwrap_or(0)
        } else {
            self.checked_shr(s.unsigned_abs()).unwrap_or(0)
        }
    }
}

impl Word for Bitboard {
    const ZERO: Bitboard = Bitboard::EMPTY;
    #[inline]
    fn bit(i: usize) -> Bitboard {
        Bitboard::from_square(Square::from_index(i as u8))
    }
    #[inline]
    fn nearest(self, ascending: bool) -> Option<usize> {
        if ascending { self.first() } else { self.last() }.map(Square::index)
    }
    #[inline]
    fn shifted(self, s: i32) -> Bitboard {
        if s >= 0 {
            self.shl(s as u32)
        } else {
            self.shr(s.unsigned_abs())
        }
    }
}
