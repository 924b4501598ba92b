//! Bishop Bounce: diagonal slides that reflect (FC6-BNCE-01..05).
//!
//! * FC6-BNCE-01: every diagonal slide (native or borrowed) may reflect off the board
//!   edge, off units of either colour and off walls; leaps and orthogonal slides never do.
//! * FC6-BNCE-02: reflecting is optional. From a start square and a first direction the
//!   route is fixed, so a leg is its start, the squares it reflects on, and its end; the
//!   route is part of the action (`c1f4d6`: from c1, reflect on f4, end on d6). A leg
//!   never reflects on its start square.
//! * FC6-BNCE-03/04: when the next square is blocked (off the board, a unit or a wall),
//!   look at `h = p + (dx, 0)` and `v = p + (0, dy)`: only `h` blocked flips `dx`, only `v`
//!   blocked flips `dy`; both or neither would reverse the slider, so the leg ends on `p`
//!   (a corner is "both").
//! * FC6-BNCE-05: every square entered counts 1 toward the range (a capture square too);
//!   reflecting is free; no square is entered twice (the start square included); at most
//!   one reflection per square, so if the square after a reflection is blocked too the
//!   slider may only capture there or stop.
//!
//! [`walk`] enumerates every stop of one first direction. Uses: squares and bitboards
//! only (the 16x16 board fills the whole grid, so "on the board" is "in the grid").

use frozen_core::{Bitboard, Dir, Square};
use smallvec::SmallVec;

/// The reflection squares of a route so far, inline up to 16: a route of the default range
/// (16 squares entered) reflects at most 15 times, so walking it allocates nothing; only
/// a unit whose range grew (FC6-CAPT-04) may spill a longer route to the heap.
pub type Reflections = SmallVec<[Square; 16]>;

/// One stop of a diagonal route: where it ends, the squares it reflected on, and whether
/// it ends by entering an occupied square (a capture if the rules allow it).
#[derive(Debug)]
pub struct Stop<'a> {
    /// End square.
    pub to: Square,
    /// Reflection squares, in order.
    pub reflections: &'a [Square],
    /// The end square holds a unit.
    pub onto_unit: bool,
}

/// Walks the diagonal route from `s` in first direction `dir` with at most `range`
/// squares entered, calling `f` for every possible stop until `f` returns true (then
/// returns true). `occ` is every unit except the slider itself; `walls` the wall squares.
pub fn walk<F: FnMut(Stop<'_>) -> bool + ?Sized>(
    occ: Bitboard,
    walls: Bitboard,
    s: Square,
    dir: Dir,
    range: u16,
    f: &mut F,
) -> bool {
    walk_reading(occ, walls, s, dir, range, &mut NoReads, f)
}

/// Where [`walk_reading`] notes the squares a route looks at.
pub trait Reads {
    /// Notes that the route looked at `sq`.
    fn read(&mut self, sq: Square);
}

impl Reads for Bitboard {
    #[inline]
    fn read(&mut self, sq: Square) {
        self.set(sq);
    }
}

/// Notes nothing: [`walk`] (the compiler drops the notes).
#[derive(Debug, Clone, Copy)]
pub struct NoReads;

impl Reads for NoReads {
    #[inline]
    fn read(&mut self, _sq: Square) {}
}

/// [`walk`], also noting in `reads` every square the route looks at: each square it
/// tries to enter and the two squares each reflection test looks at (FC6-BNCE-03/04).
/// Nothing else decides the route, so a route is the same in any position that agrees on
/// those squares (the zone of [`super::attack::check_zone`]).
pub fn walk_reading<R: Reads, F: FnMut(Stop<'_>) -> bool + ?Sized>(
    occ: Bitboard,
    walls: Bitboard,
    s: Square,
    dir: Dir,
    range: u16,
    reads: &mut R,
    f: &mut F,
) -> bool {
    let blocked = |q: Option<Square>| q.map_or(true, |q| occ.contains(q) || walls.contains(q));
    let (mut dx, mut dy) = (i32::from(dir.df), i32::from(dir.dr));
    let mut p = s;
    let mut visited = Bitboard::EMPTY.with(s);
    let mut entered: u16 = 0;
    let mut refl = Reflections::new();
    let mut just_reflected = false;
    while entered < range {
        let next = p.offset(dx, dy);
        if let Some(n) = next {
            reads.read(n);
        }
        match next {
            Some(n) if !occ.contains(n) && !walls.contains(n) => {
                if visited.contains(n) {
                    return false;
                }
                entered += 1;
                p = n;
                visited.set(n);
                just_reflected = false;
                let stop = Stop {
                    to: n,
                    reflections: &refl,
                    onto_unit: false,
                };
                if f(stop) {
                    return true;
                }
            }
            _ => {
                if let Some(n) = next.filter(|n| occ.contains(*n)) {
                    let stop = Stop {
                        to: n,
                        reflections: &refl,
                        onto_unit: true,
                    };
                    if f(stop) {
                        return true;
                    }
                }
                if just_reflected || p == s {
                    return false;
                }
                let (h, v) = (p.offset(dx, 0), p.offset(0, dy));
                for q in [h, v].into_iter().flatten() {
                    reads.read(q);
                }
                let hb = blocked(h);
                let vb = blocked(v);
                if hb == vb {
                    return false;
                }
                if hb {
                    dx = -dx;
                } else {
                    dy = -dy;
                }
                refl.push(p);
                just_reflected = true;
            }
        }
    }
    false
}

/// The squares a diagonal route covers before its end: the start, every square entered
/// and every reflection square, but not the end (FC6-WALL-02: the squares that become
/// walls). `path` is `[start, reflections..., end]`; `None` if two consecutive squares are
/// not on one diagonal.
pub fn route_squares(path: &[Square]) -> Option<Bitboard> {
    let mut out = Bitboard::EMPTY;
    for w in path.windows(2) {
        let (a, b) = (w[0], w[1]);
        let df = i32::from(b.file()) - i32::from(a.file());
        let dr = i32::from(b.rank()) - i32::from(a.rank());
        if df == 0 || df.abs() != dr.abs() {
            return None;
        }
        let (sx, sy) = (df.signum(), dr.signum());
        let mut q = a;
        while q != b {
            out.set(q);
            q = q.offset(sx, sy)?;
        }
    }
    Some(out)
}

/// The start square and the squares strictly between `s` and `t` on one straight line
/// (orthogonal or diagonal): what a straight slide vacates or passes.
pub fn route_squares_straight(s: Square, t: Square) -> Bitboard {
    let df = (i32::from(t.file()) - i32::from(s.file())).signum();
    let dr = (i32::from(t.rank()) - i32::from(s.rank())).signum();
    let mut out = Bitboard::EMPTY;
    let mut q = s;
    while q != t {
        out.set(q);
        match q.offset(df, dr) {
            Some(n) => q = n,
            None => break,
        }
    }
    out
}
