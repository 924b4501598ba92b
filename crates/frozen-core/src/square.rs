//! Squares, sides and directions.
//!
//! Every board, whatever its shape, uses one indexing: `index = rank * 16 + file`,
//! files `a`..`p` (0..15), ranks `1`..`16` (0..15). A [`Square`] is therefore a
//! single byte, and the valid part of a smaller board is described by a
//! board shape's mask (`geometry::Shape`), never by a different numbering.

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One square of the 16x16 grid: `index = rank * 16 + file`.
///
/// Any `u8` is a valid square of the grid; whether it lies on a given board is
/// a question for `Shape::contains` (module `geometry`).
/// `Display`, `Debug` and serde all use the name (`a1` .. `p16`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of squares in the grid.
    pub const COUNT: usize = 256;

    /// The square on `file` (0 = `a`) and `rank` (0 = rank 1). Each coordinate
    /// is masked to 0..15, so out-of-range values wrap; use
    /// [`Square::try_new`] to check instead.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Square {
        Square(((rank & 15) << 4) | (file & 15))
    }

    /// The square with index `i` (`rank * 16 + file`).
    #[inline]
    pub const fn from_index(i: u8) -> Square {
        Square(i)
    }

    /// The index `rank * 16 + file`, in `0..256`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (`a`) to 15 (`p`).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 15
    }

    /// The rank, 0 (rank 1) to 15 (rank 16).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 4
    }

    /// The square at (`file`, `rank`), or `None` if either is outside `0..16`.
    #[inline]
    pub fn try_new(file: i32, rank: i32) -> Option<Square> {
        if (0..16).contains(&file) && (0..16).contains(&rank) {
            Some(Square::new(file as u8, rank as u8))
        } else {
            None
        }
    }

    /// The square `df` files and `dr` ranks away, or `None` if that leaves the
    /// 16x16 grid. (Smaller boards must also check their
    /// `Shape` (module `geometry`).)
    #[inline]
    pub fn offset(self, df: i32, dr: i32) -> Option<Square> {
        Square::try_new(
            i32::from(self.file()).saturating_add(df),
            i32::from(self.rank()).saturating_add(dr),
        )
    }

    /// The square one step in direction `dir`, or `None` off the grid.
    #[inline]
    pub fn step(self, dir: Dir) -> Option<Square> {
        self.offset(i32::from(dir.df), i32::from(dir.dr))
    }

    /// Whether the square is light. A square is dark when file + rank is even,
    /// so `a1` is dark (the chess convention).
    #[inline]
    pub const fn is_light(self) -> bool {
        (self.file() + self.rank()) & 1 == 1
    }

    /// All 256 squares in index order (`a1`, `b1`, .., `p1`, `a2`, .., `p16`).
    pub fn all() -> impl Iterator<Item = Square> + Clone {
        (0..=255u8).map(Square)
    }

    /// King distance (Chebyshev): the larger of the file and rank distances.
    #[inline]
    pub const fn distance(self, other: Square) -> u8 {
        let df = self.file().abs_diff(other.file());
        let dr = self.rank().abs_diff(other.rank());
        if df > dr {
            df
        } else {
            dr
        }
    }

    /// The file letter, `'a'` to `'p'`.
    #[inline]
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A square name that does not parse: which input, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareError {
    /// The text that was given.
    pub input: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad square name {:?}: {}", self.input, self.reason)
    }
}

impl std::error::Error for SquareError {}

impl FromStr for Square {
    type Err = SquareError;

    /// Parses `a1` .. `p16`: one lowercase file letter `a`..`p`, then the rank
    /// `1`..`16` in decimal without leading zeros. Nothing else is accepted.
    fn from_str(s: &str) -> Result<Square, SquareError> {
        let fail = |reason| SquareError {
            input: s.to_owned(),
            reason,
        };
        let bytes = s.as_bytes();
        let (&file_byte, rank_bytes) = bytes.split_first().ok_or_else(|| fail("empty name"))?;
        if !(b'a'..=b'p').contains(&file_byte) {
            return Err(fail("file must be a..p"));
        }
        if rank_bytes.is_empty() {
            return Err(fail("missing rank"));
        }
        if !rank_bytes.iter().all(u8::is_ascii_digit) {
            return Err(fail("rank must be a number 1..16"));
        }
        if rank_bytes[0] == b'0' {
            return Err(fail("rank must be 1..16 without leading zeros"));
        }
        if rank_bytes.len() > 2 {
            return Err(fail("rank must be 1..16"));
        }
        let rank = rank_bytes.iter().fold(0u8, |acc, &d| acc * 10 + (d - b'0'));
        if !(1..=16).contains(&rank) {
            return Err(fail("rank must be 1..16"));
        }
        Ok(Square::new(file_byte - b'a', rank - 1))
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        struct NameVisitor;

        impl serde::de::Visitor<'_> for NameVisitor {
            type Value = Square;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a square name such as \"e4\" or \"p16\"")
            }

            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Square, E> {
                v.parse().map_err(E::custom)
            }
        }

        deserializer.deserialize_str(NameVisitor)
    }
}

/// One of the two players.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    /// The side that starts on the low ranks and moves first.
    White,
    /// The side that starts on the high ranks.
    Black,
}

impl Side {
    /// Both sides, White first.
    pub const ALL: [Side; 2] = [Side::White, Side::Black];

    /// The other side.
    #[inline]
    pub const fn opposite(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Parses the FEN letter: `'w'` or `'b'` (lowercase only).
    #[inline]
    pub fn from_char(c: char) -> Option<Side> {
        match c {
            'w' => Some(Side::White),
            'b' => Some(Side::Black),
            _ => None,
        }
    }

    /// The FEN letter: `'w'` or `'b'`.
    #[inline]
    pub const fn to_char(self) -> char {
        match self {
            Side::White => 'w',
            Side::Black => 'b',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::White => "white",
            Side::Black => "black",
        })
    }
}

/// A pair of values, one per side, indexed by [`Side`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct BySide<T>(pub [T; 2]);

impl<T> BySide<T> {
    /// The pair (`white`, `black`).
    #[inline]
    pub fn new(white: T, black: T) -> BySide<T> {
        BySide([white, black])
    }

    /// Applies `f` to both values.
    #[inline]
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> BySide<U> {
        BySide(self.0.map(f))
    }

    /// Iterates White's value, then Black's.
    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;

    #[inline]
    fn index(&self, side: Side) -> &T {
        &self.0[side.index()]
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    #[inline]
    fn index_mut(&mut self, side: Side) -> &mut T {
        &mut self.0[side.index()]
    }
}

/// A (file, rank) displacement. Unit directions are the eight compass
/// directions; any other delta (a knight jump, a two-square step) is allowed
/// too.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Dir {
    /// Change of file (+1 = toward `p`).
    pub df: i8,
    /// Change of rank (+1 = toward rank 16).
    pub dr: i8,
}

impl Dir {
    /// Toward rank 16 (White's forward).
    pub const N: Dir = Dir::new(0, 1);
    /// Toward rank 1 (Black's forward).
    pub const S: Dir = Dir::new(0, -1);
    /// Toward file `p`.
    pub const E: Dir = Dir::new(1, 0);
    /// Toward file `a`.
    pub const W: Dir = Dir::new(-1, 0);
    /// North-east.
    pub const NE: Dir = Dir::new(1, 1);
    /// North-west.
    pub const NW: Dir = Dir::new(-1, 1);
    /// South-east.
    pub const SE: Dir = Dir::new(1, -1);
    /// South-west.
    pub const SW: Dir = Dir::new(-1, -1);

    /// The orthogonal directions: N, E, S, W.
    pub const ORTHO: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];
    /// The diagonal directions: NE, SE, SW, NW.
    pub const DIAG: [Dir; 4] = [Dir::NE, Dir::SE, Dir::SW, Dir::NW];
    /// All eight unit directions clockwise from N: N, NE, E, SE, S, SW, W, NW.
    /// Table indices (`dir_index8`) refer to this order.
    pub const ALL8: [Dir; 8] = [
        Dir::N,
        Dir::NE,
        Dir::E,
        Dir::SE,
        Dir::S,
        Dir::SW,
        Dir::W,
        Dir::NW,
    ];

    /// The displacement (`df`, `dr`).
    #[inline]
    pub const fn new(df: i8, dr: i8) -> Dir {
        Dir { df, dr }
    }

    /// The side's default forward: N for White, S for Black.
    #[inline]
    pub fn forward(side: Side) -> Dir {
        match side {
            Side::White => Dir::N,
            Side::Black => Dir::S,
        }
    }

    /// Turned 90 degrees to the left of itself (counter-clockwise seen from
    /// White): N becomes W.
    #[inline]
    pub fn turned_left(self) -> Dir {
        Dir::new(self.dr.wrapping_neg(), self.df)
    }

    /// Turned 90 degrees to the right of itself (clockwise seen from White):
    /// N becomes E.
    #[inline]
    pub fn turned_right(self) -> Dir {
        Dir::new(self.dr, self.df.wrapping_neg())
    }

    /// The opposite displacement.
    #[inline]
    pub fn reversed(self) -> Dir {
        Dir::new(self.df.wrapping_neg(), self.dr.wrapping_neg())
    }

    /// Turned clockwise (seen from White) by `quarter_turns` times 90 degrees
    /// (taken modulo 4).
    #[inline]
    pub fn rotated_cw(self, quarter_turns: u8) -> Dir {
        match quarter_turns & 3 {
            0 => self,
            1 => self.turned_right(),
            2 => self.reversed(),
            _ => self.turned_left(),
        }
    }

    /// Position in [`Dir::ALL8`] for the eight unit directions, `None` for any
    /// other displacement.
    #[inline]
    pub const fn index8(self) -> Option<usize> {
        match (self.df, self.dr) {
            (0, 1) => Some(0),
            (1, 1) => Some(1),
            (1, 0) => Some(2),
            (1, -1) => Some(3),
            (0, -1) => Some(4),
            (-1, -1) => Some(5),
            (-1, 0) => Some(6),
            (-1, 1) => Some(7),
            _ => None,
        }
    }

    /// Whether this is one of the eight unit directions.
    #[inline]
    pub const fn is_unit(self) -> bool {
        self.index8().is_some()
    }

    /// Expresses `self`, given in White's frame (forward = N), in the frame
    /// whose forward is `forward`: the result is `self` turned by the angle
    /// that takes N to `forward`.
    ///
    /// For Black (`forward` = S), NE becomes SW and a knight jump (1, 2)
    /// becomes (-1, -2). Orthogonal forwards give exact quarter turns.
    /// Diagonal forwards turn by an odd multiple of 45 degrees; on the square
    /// lattice that is done by walking the square ring of the displacement's
    /// king distance (so unit and straight-line displacements map exactly, and
    /// two 45-degree turns equal one quarter turn). Only the signs of
    /// `forward`'s components are used; a zero `forward` leaves `self`
    /// unchanged.
    pub fn relative_to(self, forward: Dir) -> Dir {
        let unit = Dir::new(forward.df.signum(), forward.dr.signum());
        match unit.index8() {
            None | Some(0) => self,
            Some(2) => self.turned_right(),
            Some(4) => self.reversed(),
            Some(6) => self.turned_left(),
            Some(eighths) => self.ring_turn_cw(eighths),
        }
    }

    /// Turns clockwise by `eighths` times 45 degrees, walking the square ring
    /// of radius max(|df|, |dr|) by `eighths * radius` steps.
    fn ring_turn_cw(self, eighths: usize) -> Dir {
        let (mut x, mut y) = (i32::from(self.df), i32::from(self.dr));
        let r = x.abs().max(y.abs());
        let steps = (eighths as i32 % 8) * r;
        for _ in 0..steps {
            // One clockwise step along the ring |x| = r or |y| = r.
            if y == r && x < r {
                x += 1;
            } else if x == r && y > -r {
                y -= 1;
            } else if y == -r && x > -r {
                x -= 1;
            } else {
                y += 1;
            }
        }
        // |x|, |y| <= r <= 128 and the ring never leaves that box.
        Dir::new(clamp_i8(x), clamp_i8(y))
    }
}

/// Saturating conversion (ring walks of `i8::MIN` may reach +128).
#[inline]
fn clamp_i8(v: i32) -> i8 {
    v.clamp(i32::from(i8::MIN), i32::from(i8::MAX)) as i8
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const NAMES: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
        match self.index8() {
            Some(i) => f.write_str(NAMES[i]),
            None => write!(f, "({},{})", self.df, self.dr),
        }
    }
}
