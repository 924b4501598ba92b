//! Board shapes, precomputed attack tables and block rotations.
//!
//! A [`Shape`] is a `width x height` rectangle anchored at `a1` inside the
//! 16x16 grid. A [`Geometry`] is built once per shape and holds the tables move
//! generation reads: rays in the eight directions, king and knight targets,
//! and on request any other leaper ([`LeaperTable`]). A [`BlockRotation`] is
//! the square permutation of turning an `n x n` block.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize};

use crate::bitboard::{Bitboard, BitboardIter};
use crate::square::{Dir, Side, Square};

/// The valid part of the 16x16 grid: files `0..width`, ranks `0..height`,
/// each between 1 and 16.
///
/// `Display` and `FromStr` use `WxH` (`8x8`, `12x12`); serde uses
/// `{ width, height }` and checks the range on load.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct Shape {
    width: u8,
    height: u8,
}

/// Why a board shape was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShapeError {
    /// A dimension is outside 1..=16.
    Size {
        /// The requested width.
        width: u8,
        /// The requested height.
        height: u8,
    },
    /// A shape name that is not `WxH`.
    Parse {
        /// The text that was given.
        input: String,
        /// What is wrong with it.
        reason: &'static str,
    },
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::Size { width, height } => write!(
                f,
                "bad board shape {width}x{height}: width and height must each be 1..16"
            ),
            ShapeError::Parse { input, reason } => {
                write!(f, "bad board shape {input:?}: {reason}")
            }
        }
    }
}

impl std::error::Error for ShapeError {}

impl Shape {
    /// The 8x8 board.
    pub const EIGHT: Shape = Shape {
        width: 8,
        height: 8,
    };
    /// The 12x12 board.
    pub const TWELVE: Shape = Shape {
        width: 12,
        height: 12,
    };
    /// The 16x16 board (the whole grid).
    pub const SIXTEEN: Shape = Shape {
        width: 16,
        height: 16,
    };

    /// A `width x height` board; each dimension must be 1..=16.
    pub fn new(width: u8, height: u8) -> Result<Shape, ShapeError> {
        if (1..=16).contains(&width) && (1..=16).contains(&height) {
            Ok(Shape { width, height })
        } else {
            Err(ShapeError::Size { width, height })
        }
    }

    /// The square `n x n` board; `n` must be 1..=16.
    pub fn square(n: u8) -> Result<Shape, ShapeError> {
        Shape::new(n, n)
    }

    /// Number of files.
    #[inline]
    pub const fn width(self) -> u8 {
        self.width
    }

    /// Number of ranks.
    #[inline]
    pub const fn height(self) -> u8 {
        self.height
    }

    /// Whether `sq` is on this board.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        sq.file() < self.width && sq.rank() < self.height
    }

    /// Whether (`file`, `rank`) is on this board.
    #[inline]
    pub const fn contains_coords(self, file: i32, rank: i32) -> bool {
        file >= 0 && rank >= 0 && file < self.width as i32 && rank < self.height as i32
    }

    /// The squares of this board.
    #[inline]
    pub const fn mask(self) -> Bitboard {
        Bitboard::rect(0, self.width, 0, self.height)
    }

    /// The squares of one file of this board (empty if the file is off it).
    #[inline]
    pub const fn file_mask(self, file: u8) -> Bitboard {
        if file < self.width {
            Bitboard::rect(file, file + 1, 0, self.height)
        } else {
            Bitboard::EMPTY
        }
    }

    /// The squares of one rank of this board (empty if the rank is off it).
    #[inline]
    pub const fn rank_mask(self, rank: u8) -> Bitboard {
        if rank < self.height {
            Bitboard::rect(0, self.width, rank, rank + 1)
        } else {
            Bitboard::EMPTY
        }
    }

    /// The squares of this board in scan order: `a1`, `b1`, .., then rank 2,
    /// and so on (ascending index).
    #[inline]
    pub fn squares(self) -> BitboardIter {
        self.mask().iter()
    }

    /// Number of squares.
    #[inline]
    pub const fn len(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Always false: a shape has at least one square.
    #[inline]
    pub const fn is_empty(self) -> bool {
        false
    }

    /// The last rank (index) in `side`'s forward direction: `height - 1` for
    /// White, 0 for Black.
    #[inline]
    pub const fn far_rank(self, side: Side) -> u8 {
        match side {
            Side::White => self.height - 1,
            Side::Black => 0,
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl FromStr for Shape {
    type Err = ShapeError;

    /// Parses `WxH` (`8x8`, `12x12`, `16x10`): decimal numbers 1..16 without
    /// leading zeros around a lowercase `x`.
    fn from_str(s: &str) -> Result<Shape, ShapeError> {
        let fail = |reason| ShapeError::Parse {
            input: s.to_owned(),
            reason,
        };
        let (w, h) = s
            .split_once('x')
            .ok_or_else(|| fail("expected WIDTHxHEIGHT, such as 8x8"))?;
        let dim = |t: &str, what| -> Result<u8, ShapeError> {
            let b = t.as_bytes();
            if b.is_empty() || b.len() > 2 || !b.iter().all(u8::is_ascii_digit) || b[0] == b'0' {
                return Err(fail(what));
            }
            let v = b.iter().fold(0u8, |acc, &d| acc * 10 + (d - b'0'));
            if v > 16 {
                return Err(fail(what));
            }
            Ok(v)
        };
        let width = dim(w, "width must be a number 1..16")?;
        let height = dim(h, "height must be a number 1..16")?;
        Shape::new(width, height)
    }
}

impl<'de> Deserialize<'de> for Shape {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Shape, D::Error> {
        #[derive(Deserialize)]
        #[serde(rename = "Shape", deny_unknown_fields)]
        struct Raw {
            width: u8,
            height: u8,
        }
        let raw = Raw::deserialize(deserializer)?;
        Shape::new(raw.width, raw.height).map_err(serde::de::Error::custom)
    }
}

/// Whether walking in direction `ALL8[dir]` increases the square index.
#[inline]
const fn ascending(dir: usize) -> bool {
    matches!(dir, 0 | 1 | 2 | 7)
}

/// The squares reached from `sq` by the given displacements, on `shape`.
fn targets(shape: Shape, sq: Square, deltas: &[(i32, i32)]) -> Bitboard {
    if !shape.contains(sq) {
        return Bitboard::EMPTY;
    }
    deltas
        .iter()
        .filter_map(|&(df, dr)| sq.offset(df, dr))
        .filter(|&t| shape.contains(t))
        .collect()
}

/// A table of 256 bitboards, one per square.
fn per_square(f: impl Fn(Square) -> Bitboard) -> Box<[Bitboard; 256]> {
    let mut table = Box::new([Bitboard::EMPTY; 256]);
    for sq in Square::all() {
        table[sq.index()] = f(sq);
    }
    table
}

/// The eight symmetric displacements (±df, ±dr) and (±dr, ±df).
fn symmetric(df: i32, dr: i32) -> [(i32, i32); 8] {
    [
        (df, dr),
        (-df, dr),
        (df, -dr),
        (-df, -dr),
        (dr, df),
        (-dr, df),
        (dr, -df),
        (-dr, -df),
    ]
}

impl Bitboard {
    /// Every square moved by (`dir.df`, `dir.dr`) on a board of the given
    /// shape. Source squares outside the shape are dropped, and squares whose
    /// destination leaves the shape vanish: nothing wraps across an edge and
    /// the result is always inside `shape.mask()`. Any displacement is
    /// allowed; one of 16 or more squares gives the empty set.
    #[inline]
    #[must_use]
    pub fn shift(self, dir: Dir, shape: &Shape) -> Bitboard {
        let (w, h) = (i32::from(shape.width()), i32::from(shape.height()));
        let (df, dr) = (i32::from(dir.df), i32::from(dir.dr));
        if df.abs() >= w || dr.abs() >= h {
            return Bitboard::EMPTY;
        }
        // Keep only sources whose destination file stays on the board.
        let (lo, hi) = if df >= 0 { (0, w - df) } else { (-df, w) };
        let sources = self & Bitboard::rect(lo as u8, hi as u8, 0, h as u8);
        let delta = dr * 16 + df;
        let moved = if delta >= 0 {
            sources.shl(delta as u32)
        } else {
            sources.shr(delta.unsigned_abs())
        };
        // Ranks past the top of the board are cut here; below rank 1 they
        // already fell off the 256-bit number.
        moved & shape.mask()
    }
}

/// Precomputed tables for one board shape. Build once (it allocates), then
/// share; lookups never allocate.
///
/// Every table is empty for source squares outside the shape, and never
/// contains squares outside it.
#[derive(Clone)]
pub struct Geometry {
    shape: Shape,
    mask: Bitboard,
    /// `rays[dir][sq]`: from `sq` (exclusive) to the edge along `Dir::ALL8[dir]`.
    rays: Box<[[Bitboard; 256]; 8]>,
    king: Box<[Bitboard; 256]>,
    knight: Box<[Bitboard; 256]>,
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Geometry")
            .field("shape", &self.shape)
            .finish_non_exhaustive()
    }
}

impl Geometry {
    /// Builds the tables for `shape`.
    pub fn new(shape: Shape) -> Geometry {
        let mut rays = Box::new([[Bitboard::EMPTY; 256]; 8]);
        for (dir, table) in rays.iter_mut().enumerate() {
            let d = Dir::ALL8[dir];
            for sq in shape.squares() {
                let mut ray = Bitboard::EMPTY;
                let mut cur = sq;
                while let Some(next) = cur.step(d).filter(|&t| shape.contains(t)) {
                    ray.set(next);
                    cur = next;
                }
                table[sq.index()] = ray;
            }
        }
        let king_deltas: Vec<(i32, i32)> = Dir::ALL8
            .iter()
            .map(|d| (i32::from(d.df), i32::from(d.dr)))
            .collect();
        let knight_deltas = symmetric(1, 2);
        Geometry {
            shape,
            mask: shape.mask(),
            rays,
            king: per_square(|sq| targets(shape, sq, &king_deltas)),
            knight: per_square(|sq| targets(shape, sq, &knight_deltas)),
        }
    }

    /// The board shape.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The squares of the board.
    #[inline]
    pub fn mask(&self) -> Bitboard {
        self.mask
    }

    /// The squares from `sq` (exclusive) to the board edge in direction
    /// `Dir::ALL8[dir_index8]`. Empty if `dir_index8 >= 8`.
    #[inline]
    pub fn ray(&self, dir_index8: usize, sq: Square) -> Bitboard {
        match self.rays.get(dir_index8) {
            Some(table) => table[sq.index()],
            None => Bitboard::EMPTY,
        }
    }

    /// A slide from `sq` in direction `Dir::ALL8[dir_index8]`: the ray up to
    /// and including the first square of `occupied` (which may be a capture),
    /// or to the edge if none. Empty if `dir_index8 >= 8`.
    #[inline]
    pub fn slide(&self, sq: Square, dir_index8: usize, occupied: Bitboard) -> Bitboard {
        let ray = self.ray(dir_index8, sq);
        let blockers = ray & occupied;
        let nearest = if ascending(dir_index8) {
            blockers.first()
        } else {
            blockers.last()
        };
        match nearest {
            Some(b) => ray - self.ray(dir_index8, b),
            None => ray,
        }
    }

    /// The first square of `occupied` on the ray from `sq` in direction
    /// `Dir::ALL8[dir_index8]` (the unit a slide would stop on), if any. Cheaper than
    /// [`Geometry::slide`] when only the blocker matters (attack look-ups).
    #[inline]
    pub fn first_hit(&self, sq: Square, dir_index8: usize, occupied: Bitboard) -> Option<Square> {
        let blockers = self.ray(dir_index8, sq) & occupied;
        if ascending(dir_index8) {
            blockers.first()
        } else {
            blockers.last()
        }
    }

    /// The union of [`Geometry::slide`] over several directions.
    #[inline]
    pub fn slides(&self, sq: Square, dirs: &[usize], occupied: Bitboard) -> Bitboard {
        dirs.iter()
            .fold(Bitboard::EMPTY, |acc, &d| acc | self.slide(sq, d, occupied))
    }

    /// A slide of at most `range` squares from `sq` in direction `Dir::ALL8[dir_index8]`:
    /// [`Geometry::slide`] cut to the squares within `range` steps (units whose range
    /// shrinks after captures). A range of 0 gives nothing.
    #[inline]
    pub fn slide_range(
        &self,
        sq: Square,
        dir_index8: usize,
        occupied: Bitboard,
        range: u8,
    ) -> Bitboard {
        self.slide(sq, dir_index8, occupied) & self.within(sq, range)
    }

    /// The squares at king distance `1..=range` from `sq` and `sq` itself, on the board
    /// (the box a range-limited slide stays in).
    #[inline]
    pub fn within(&self, sq: Square, range: u8) -> Bitboard {
        let r = range.min(16);
        let (f, k) = (sq.file(), sq.rank());
        Bitboard::rect(
            f.saturating_sub(r),
            (f + r + 1).min(16),
            k.saturating_sub(r),
            (k + r + 1).min(16),
        ) & self.mask
    }

    /// The union of [`Geometry::slide_range`] over several directions.
    #[inline]
    pub fn slides_range(
        &self,
        sq: Square,
        dirs: &[usize],
        occupied: Bitboard,
        range: u8,
    ) -> Bitboard {
        self.slides(sq, dirs, occupied) & self.within(sq, range)
    }

    /// The table of an arbitrary set of displacements (asymmetric and side-relative
    /// leapers, bent leaps' landings): see [`OffsetTable`]. This allocates; build it once.
    pub fn offsets(&self, deltas: &[(i8, i8)]) -> OffsetTable {
        OffsetTable::new(self.shape, deltas)
    }

    /// The squares strictly between `a` and `b` when they share a file, rank
    /// or diagonal; empty otherwise, when `a == b`, or when either is off the
    /// board.
    #[inline]
    pub fn between(&self, a: Square, b: Square) -> Bitboard {
        let df = i32::from(b.file()) - i32::from(a.file());
        let dr = i32::from(b.rank()) - i32::from(a.rank());
        if (df == 0 && dr == 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
            return Bitboard::EMPTY;
        }
        let d = Dir::new(df.signum() as i8, dr.signum() as i8);
        match (d.index8(), d.reversed().index8()) {
            (Some(fwd), Some(back)) => self.ray(fwd, a) & self.ray(back, b),
            _ => Bitboard::EMPTY,
        }
    }

    /// The (up to 8) squares adjacent to `sq`.
    #[inline]
    pub fn king(&self, sq: Square) -> Bitboard {
        self.king[sq.index()]
    }

    /// The (up to 8) knight jumps from `sq`.
    #[inline]
    pub fn knight(&self, sq: Square) -> Bitboard {
        self.knight[sq.index()]
    }

    /// Builds the table of the (`df`, `dr`) leaper: from each square, the up
    /// to 8 targets (±df, ±dr) and (±dr, ±df). The (0, 0) leaper has no
    /// targets. This allocates; call it once when compiling a piece.
    pub fn leaper(&self, df: u8, dr: u8) -> LeaperTable {
        let shape = self.shape;
        let targets_of = if df == 0 && dr == 0 {
            per_square(|_| Bitboard::EMPTY)
        } else {
            let deltas = symmetric(i32::from(df), i32::from(dr));
            per_square(|sq| targets(shape, sq, &deltas))
        };
        LeaperTable {
            df,
            dr,
            shape,
            targets: targets_of,
        }
    }
}

/// Targets of one symmetric leaper on one board shape (see
/// [`Geometry::leaper`]).
#[derive(Clone)]
pub struct LeaperTable {
    df: u8,
    dr: u8,
    shape: Shape,
    targets: Box<[Bitboard; 256]>,
}

impl LeaperTable {
    /// The squares the leaper reaches from `sq` (empty off the board).
    #[inline]
    pub fn targets(&self, sq: Square) -> Bitboard {
        self.targets[sq.index()]
    }

    /// The leap (`df`, `dr`) this table was built for.
    #[inline]
    pub fn leap(&self) -> (u8, u8) {
        (self.df, self.dr)
    }

    /// The board shape this table was built for.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }
}

impl fmt::Debug for LeaperTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LeaperTable")
            .field("df", &self.df)
            .field("dr", &self.dr)
            .field("shape", &self.shape)
            .finish_non_exhaustive()
    }
}

/// Targets of a leaper with an arbitrary list of displacements `(df, dr)` on one board
/// shape: unlike [`LeaperTable`] nothing is mirrored, so it holds asymmetric leapers
/// (a pawn's forward steps, a Templar's T-shaped leap, one arm of a bent leap). Build it
/// once (it allocates); lookups never allocate. [`OffsetTable::reversed`] answers "from
/// where can this leaper reach `sq`" (attack look-back), [`OffsetTable::mirrored`] gives
/// the table seen from the other side (ranks flipped), for side-relative patterns.
#[derive(Clone)]
pub struct OffsetTable {
    deltas: Vec<(i8, i8)>,
    shape: Shape,
    targets: Box<[Bitboard; 256]>,
}

impl OffsetTable {
    /// Builds the table of `deltas` on `shape`; duplicate and (0, 0) displacements are
    /// ignored.
    pub fn new(shape: Shape, deltas: &[(i8, i8)]) -> OffsetTable {
        let mut list: Vec<(i8, i8)> = Vec::with_capacity(deltas.len());
        for &d in deltas {
            if d != (0, 0) && !list.contains(&d) {
                list.push(d);
            }
        }
        let wide: Vec<(i32, i32)> = list
            .iter()
            .map(|&(f, r)| (i32::from(f), i32::from(r)))
            .collect();
        OffsetTable {
            targets: per_square(|sq| targets(shape, sq, &wide)),
            deltas: list,
            shape,
        }
    }

    /// The squares reached from `sq` (empty off the board).
    #[inline]
    pub fn targets(&self, sq: Square) -> Bitboard {
        self.targets[sq.index()]
    }

    /// The displacements, without duplicates, in the order given.
    pub fn deltas(&self) -> &[(i8, i8)] {
        &self.deltas
    }

    /// The board shape this table was built for.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The table of the negated displacements: `t` is in `reversed().targets(s)` exactly
    /// when `s` is in `targets(t)`.
    pub fn reversed(&self) -> OffsetTable {
        let d: Vec<(i8, i8)> = self.deltas.iter().map(|&(f, r)| (-f, -r)).collect();
        OffsetTable::new(self.shape, &d)
    }

    /// The table seen from the other side of the board: every rank change negated
    /// (White's forward is Black's backward).
    pub fn mirrored(&self) -> OffsetTable {
        let d: Vec<(i8, i8)> = self.deltas.iter().map(|&(f, r)| (f, -r)).collect();
        OffsetTable::new(self.shape, &d)
    }
}

impl fmt::Debug for OffsetTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OffsetTable")
            .field("deltas", &self.deltas)
            .field("shape", &self.shape)
            .finish_non_exhaustive()
    }
}

/// Why a geometric construction was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GeometryError {
    /// A rotated block must be 2x2 to 8x8.
    BlockSize {
        /// The requested side length.
        n: u8,
    },
    /// A rotation is 0 to 3 quarter turns.
    QuarterTurns {
        /// The requested number of quarter turns.
        quarter_turns: u8,
    },
    /// The block does not fit on the board.
    BlockOffBoard {
        /// The block's lower-left square.
        origin: Square,
        /// The block's side length.
        n: u8,
        /// The board.
        shape: Shape,
    },
}

impl fmt::Display for GeometryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GeometryError::BlockSize { n } => write!(
                f,
                "cannot rotate a {n}x{n} block: a rotated block is 2x2 to 8x8"
            ),
            GeometryError::QuarterTurns { quarter_turns } => write!(
                f,
                "cannot rotate by {quarter_turns} quarter turns: use 0 to 3"
            ),
            GeometryError::BlockOffBoard { origin, n, shape } => write!(
                f,
                "the {n}x{n} block with lower-left corner {origin} does not fit on the {shape} board"
            ),
        }
    }
}

impl std::error::Error for GeometryError {}

/// The permutation of squares made by turning an `n x n` block clockwise (as
/// seen from White, rank 1 at the bottom) by some quarter turns. Squares
/// outside the block stay where they are.
///
/// A small `Copy` value (no table): [`BlockRotation::map`] computes an image on demand, so
/// building and applying a rotation never allocates (FrozenChess 6 and 11 list hundreds of
/// rotations per node).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BlockRotation {
    origin: Square,
    n: u8,
    quarter_turns: u8,
    block: Bitboard,
}

/// Builds the rotation of the `n x n` block whose lower-left corner is
/// `origin` (files `origin.file()..origin.file() + n`, ranks likewise) by
/// `quarter_turns` clockwise quarter turns as seen from White.
///
/// Errors unless `n` is 2..=8, `quarter_turns` is 0..=3 and the block lies on
/// `shape`.
pub fn block_rotation(
    shape: &Shape,
    origin: Square,
    n: u8,
    quarter_turns: u8,
) -> Result<BlockRotation, GeometryError> {
    if !(2..=8).contains(&n) {
        return Err(GeometryError::BlockSize { n });
    }
    if quarter_turns > 3 {
        return Err(GeometryError::QuarterTurns { quarter_turns });
    }
    if origin.file() + n > shape.width() || origin.rank() + n > shape.height() {
        return Err(GeometryError::BlockOffBoard {
            origin,
            n,
            shape: *shape,
        });
    }
    Ok(BlockRotation::build(origin, n, quarter_turns))
}

impl BlockRotation {
    /// Builds a rotation already checked to fit in the grid.
    pub(crate) fn build(origin: Square, n: u8, quarter_turns: u8) -> BlockRotation {
        let (f0, r0) = (origin.file(), origin.rank());
        let block = Bitboard::rect(f0, f0 + n, r0, r0 + n);
        BlockRotation {
            origin,
            n,
            quarter_turns,
            block,
        }
    }

    /// Where the content of `sq` goes; `sq` itself outside the block.
    #[inline]
    pub fn map(&self, sq: Square) -> Square {
        if !self.block.contains(sq) {
            return sq;
        }
        let m = self.n - 1;
        let x = sq.file() - self.origin.file();
        let y = sq.rank() - self.origin.rank();
        // Clockwise with rank up: (x, y) -> (y, m - x).
        let (nx, ny) = match self.quarter_turns {
            0 => (x, y),
            1 => (y, m - x),
            2 => (m - x, m - y),
            _ => (m - y, x),
        };
        Square::new(self.origin.file() + nx, self.origin.rank() + ny)
    }

    /// The set after rotation: each member inside the block moves to its
    /// image, members outside stay.
    #[inline]
    pub fn apply(&self, bb: Bitboard) -> Bitboard {
        let inside = bb & self.block;
        if self.quarter_turns == 0 || inside.is_empty() {
            return bb;
        }
        let mut out = bb - self.block;
        for sq in inside {
            out.set(self.map(sq));
        }
        out
    }

    /// The squares of the block.
    #[inline]
    pub fn block(&self) -> Bitboard {
        self.block
    }

    /// `(from, to)` for every square of the block (fixed points included), in
    /// scan order of `from`.
    #[inline]
    pub fn pairs(&self) -> impl Iterator<Item = (Square, Square)> + '_ {
        self.block.iter().map(|sq| (sq, self.map(sq)))
    }

    /// A direction turned with the block: a quarter turn clockwise (as seen from White)
    /// maps (df, dr) to (dr, -df).
    #[inline]
    pub fn turn_dir(&self, d: Dir) -> Dir {
        let (mut df, mut dr) = (d.df, d.dr);
        for _ in 0..self.quarter_turns {
            (df, dr) = (dr, -df);
        }
        Dir::new(df, dr)
    }

    /// The block's lower-left corner.
    #[inline]
    pub fn origin(&self) -> Square {
        self.origin
    }

    /// The block's side length.
    #[inline]
    pub fn size(&self) -> u8 {
        self.n
    }

    /// The clockwise quarter turns, 0..=3.
    #[inline]
    pub fn quarter_turns(&self) -> u8 {
        self.quarter_turns
    }

    /// The rotation that undoes this one.
    pub fn inverse(&self) -> BlockRotation {
        BlockRotation::build(self.origin, self.n, (4 - self.quarter_turns) % 4)
    }
}
