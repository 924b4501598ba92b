//! Basic movement patterns (F12-MOVE-01..08).
//!
//! A unit's movement is a set of [`Pat`] flags: knight leap, diagonal slide,
//! orthogonal slide, one-square step. Slides have no range limit and stop at the
//! first unit (F12-MOVE-01); death squares never block. The king has no pattern
//! (F12-MOVE-08); the jester's borrowed patterns are in [`super::jester`].

use super::{Fc12, BISHOP, DRAGON, JESTER, KNIGHT, PAWN, QUEEN, ROOK};
use crate::frozen_family::FamilyGame;
use frozen_core::{Bitboard, Dir, Kind, Side, Square};

/// A set of movement patterns (bit flags): the family's pattern set, bit `i` being pattern
/// `i` of this game's pattern table (see `Fc12`'s family tables).
pub type Pat = crate::frozen_family::patterns::Pat;
/// Knight leap (±1, ±2) / (±2, ±1) (F12-MOVE-03).
pub const LEAP: Pat = 1;
/// Diagonal slide (F12-MOVE-04).
pub const DIAG: Pat = 2;
/// Orthogonal slide (F12-MOVE-05).
pub const ORTHO: Pat = 4;
/// One square in any of 8 directions, the pawn's step (F12-MOVE-02).
pub const STEP: Pat = 8;

/// Direction indices (into `Dir::ALL8`) of the diagonal slides.
pub const DIAG_DIRS: [usize; 4] = [1, 3, 5, 7];
/// Direction indices (into `Dir::ALL8`) of the orthogonal slides.
pub const ORTHO_DIRS: [usize; 4] = [0, 2, 4, 6];

/// The native patterns of a kind (F12-MOVE-02..08): pawn step, knight leap, bishop
/// diagonal, rook orthogonal, dragon leap or diagonal (F12-MOVE-06), queen leap,
/// diagonal or orthogonal (F12-MOVE-07), jester leap (F12-JEST-01), king none (F12-MOVE-08).
pub fn native(kind: Kind) -> Pat {
    match kind {
        PAWN => STEP,
        KNIGHT => LEAP,
        BISHOP => DIAG,
        ROOK => ORTHO,
        DRAGON => LEAP | DIAG,
        QUEEN => LEAP | DIAG | ORTHO,
        JESTER => LEAP,
        _ => 0,
    }
}

/// Every square a unit with patterns `pats` on `s` reaches with one leg, given the
/// occupancy: empty squares and the first unit on each slide (F12-MOVE-01). The patterns
/// are the family table's ([`crate::frozen_family::patterns`]); fc12's are symmetric, so
/// the side does not matter.
pub fn reach(fc: &Fc12, pats: Pat, s: Square, occ: Bitboard) -> Bitboard {
    fc.tables().patterns.reach(pats, Side::White, s, occ)
}

pub use crate::frozen_family::leap_paths::is_knight_offset;

/// The unit direction from `s` toward `t` if they share a file, rank or diagonal.
pub fn line_dir(s: Square, t: Square) -> Option<Dir> {
    let df = i32::from(t.file()) - i32::from(s.file());
    let dr = i32::from(t.rank()) - i32::from(s.rank());
    if (df == 0 && dr == 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
        return None;
    }
    Some(Dir::new(df.signum() as i8, dr.signum() as i8))
}

/// True if `s`-`t` is a diagonal line.
pub fn is_diagonal(s: Square, t: Square) -> bool {
    line_dir(s, t).is_some_and(|d| d.df != 0 && d.dr != 0)
}

/// True if `s`-`t` is an orthogonal line.
pub fn is_orthogonal(s: Square, t: Square) -> bool {
    line_dir(s, t).is_some_and(|d| d.df == 0 || d.dr == 0)
}

/// The path squares of a leg from `s` to `t`: the squares a slide passes over
/// (neither start nor destination); empty for leaps and steps (F12-MOVE-09, F12-DETH-04).
pub fn path_squares(fc: &Fc12, s: Square, t: Square) -> Bitboard {
    fc.geo.between(s, t)
}
