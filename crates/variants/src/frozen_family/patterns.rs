//! Movement patterns as tables, shared by the FrozenChess games.
//!
//! Owns: what one leg of a pattern reaches. A game lists its patterns once (a
//! [`PatternTable`]); a unit's patterns are then a bit set [`Pat`] (bit `i` = pattern `i`),
//! and [`PatternTable::reach`] gives every square one leg reaches: empty squares and, on a
//! slide, the first occupied square (which may be a capture). Patterns may be:
//! * [`Pattern::Leap`]: fixed displacements, symmetric or not, optionally side-relative
//!   (listed from White's side, mirrored for Black: a pawn's forward steps);
//! * [`Pattern::Slide`]: rides along directions, optionally limited to a range (units whose
//!   range shrinks after captures pass their current range to [`PatternTable::reach_range`]);
//! * [`Pattern::Bent`]: two-arm leaps whose corner square may block (a bent leap).
//!
//! [`PatternTable::reach_back`] answers the reverse question for attack and protection
//! look-ups: from which squares a unit of a side with one pattern reaches a square.
//! Uses: the core geometry (offset tables, slides).

use frozen_core::{Bitboard, Dir, Geometry, OffsetTable, Side, Square};
use smallvec::SmallVec;
use std::sync::Arc;

/// A set of patterns of one game: bit `i` is pattern `i` of its [`PatternTable`].
pub type Pat = u32;

/// A displacement `(file, rank)`.
pub type Delta = (i8, i8);

/// One bent leap: the arm to the corner square, then the arm from it.
pub type Arm = (Delta, Delta);

/// One movement pattern, as a game declares it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pattern {
    /// Jumps to fixed displacements `(file, rank)`; with `side_relative` they are given for
    /// White and mirrored (rank change negated) for Black.
    Leap {
        /// The displacements.
        deltas: Vec<(i8, i8)>,
        /// Mirrored for Black.
        side_relative: bool,
    },
    /// Rides along directions (indices into `Dir::ALL8`), stopped by the first unit.
    Slide {
        /// Direction indices.
        dirs: Vec<usize>,
        /// At most this many squares (`None`: to the edge).
        range: Option<u8>,
    },
    /// Two-arm leaps: `first` to a corner square, then `second`; with `blockable`, a unit on
    /// the corner stops the leap.
    Bent {
        /// The arms, as `(first, second)` displacement pairs.
        arms: Vec<Arm>,
        /// A unit on the corner square blocks.
        blockable: bool,
    },
}

#[derive(Clone, Debug)]
enum Compiled {
    Leap {
        fwd: [OffsetTable; 2],
        back: [OffsetTable; 2],
    },
    Slide {
        dirs: SmallVec<[usize; 8]>,
        back: SmallVec<[usize; 8]>,
        range: Option<u8>,
    },
    Bent {
        arms: SmallVec<[Arm; 8]>,
        blockable: bool,
    },
}

/// The compiled patterns of one game on its board (at most 32).
#[derive(Clone, Debug)]
pub struct PatternTable {
    geo: Arc<Geometry>,
    pats: Vec<Compiled>,
    slides: Pat,
}

/// Why a pattern table was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternError(pub String);

impl PatternTable {
    /// Compiles `patterns` on the geometry's board.
    pub fn new(geo: Arc<Geometry>, patterns: &[Pattern]) -> Result<PatternTable, PatternError> {
        if patterns.len() > 32 {
            return Err(PatternError(format!(
                "{} patterns declared, at most 32 are supported",
                patterns.len()
            )));
        }
        let mut pats = Vec::with_capacity(patterns.len());
        let mut slides = 0;
        for (i, p) in patterns.iter().enumerate() {
            pats.push(match p {
                Pattern::Leap {
                    deltas,
                    side_relative,
                } => {
                    let white = geo.offsets(deltas);
                    let black = if *side_relative {
                        white.mirrored()
                    } else {
                        white.clone()
                    };
                    Compiled::Leap {
                        back: [white.reversed(), black.reversed()],
                        fwd: [white, black],
                    }
                }
                Pattern::Slide { dirs, range } => {
                    if let Some(d) = dirs.iter().find(|&&d| d >= 8) {
                        return Err(PatternError(format!(
                            "pattern {i}: direction index {d} is not one of the 8 directions"
                        )));
                    }
                    slides |= 1 << i;
                    Compiled::Slide {
                        back: dirs
                            .iter()
                            .map(|&d| Dir::ALL8[d].reversed().index8().unwrap_or(d))
                            .collect(),
                        dirs: dirs.iter().copied().collect(),
                        range: *range,
                    }
                }
                Pattern::Bent { arms, blockable } => Compiled::Bent {
                    arms: arms.iter().copied().collect(),
                    blockable: *blockable,
                },
            });
        }
        Ok(PatternTable { geo, pats, slides })
    }

    /// The geometry the table was compiled on.
    #[inline]
    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    /// The patterns that are slides.
    #[inline]
    pub fn slides(&self) -> Pat {
        self.slides
    }

    /// Every square one leg of the patterns `pats` of a unit of `side` on `s` reaches, given
    /// the occupancy: empty squares, and the first unit on each slide.
    #[inline]
    pub fn reach(&self, pats: Pat, side: Side, s: Square, occ: Bitboard) -> Bitboard {
        self.reach_range(pats, side, s, occ, None)
    }

    /// [`PatternTable::reach`] with every slide cut to at most `range` squares (the unit's
    /// current range) when `range` is given.
    pub fn reach_range(
        &self,
        pats: Pat,
        side: Side,
        s: Square,
        occ: Bitboard,
        range: Option<u8>,
    ) -> Bitboard {
        let mut r = Bitboard::EMPTY;
        let mut bits = pats;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let Some(p) = self.pats.get(i) else { break };
            r |= match p {
                Compiled::Leap { fwd, .. } => fwd[side.index()].targets(s),
                Compiled::Slide {
                    dirs, range: own, ..
                } => {
                    let lim = match (own, range) {
                        (Some(a), Some(b)) => Some((*a).min(b)),
                        (a, b) => a.or(b),
                    };
                    let all = self.geo.slides(s, dirs, occ);
                    match lim {
                        Some(n) => all & self.geo.within(s, n),
                        None => all,
                    }
                }
                Compiled::Bent { arms, blockable } => self.bent(s, arms, *blockable, occ),
            };
        }
        r
    }

    fn bent(&self, s: Square, arms: &[Arm], blockable: bool, occ: Bitboard) -> Bitboard {
        let shape = self.geo.shape();
        let mut r = Bitboard::EMPTY;
        for &((f1, r1), (f2, r2)) in arms {
            let Some(mid) = s
                .offset(i32::from(f1), i32::from(r1))
                .filter(|&m| shape.contains(m))
            else {
                continue;
            };
            if blockable && occ.contains(mid) {
                continue;
            }
            if let Some(t) = mid
                .offset(i32::from(f2), i32::from(r2))
                .filter(|&t| shape.contains(t))
            {
                r.set(t);
            }
        }
        r
    }

    /// The squares from which a unit of `side` reaches `s` with pattern `p` in one leg,
    /// given the occupancy (for a slide: the first occupied square in each direction
    /// looking back from `s`, within range). Empty for an unknown pattern.
    pub fn reach_back(&self, p: usize, side: Side, s: Square, occ: Bitboard) -> Bitboard {
        match self.pats.get(p) {
            Some(Compiled::Leap { back, .. }) => back[side.index()].targets(s),
            Some(Compiled::Slide { back, range, .. }) => {
                let mut r = Bitboard::EMPTY;
                for &d in back {
                    if let Some(h) = self.geo.first_hit(s, d, occ) {
                        if range.map_or(true, |n| h.distance(s) <= n) {
                            r.set(h);
                        }
                    }
                }
                r
            }
            Some(Compiled::Bent { arms, blockable }) => {
                // Few arms: test every square that one arm pair would come from.
                let mut r = Bitboard::EMPTY;
                let shape = self.geo.shape();
                for &((f1, r1), (f2, r2)) in arms.iter() {
                    let df = -(i32::from(f1) + i32::from(f2));
                    let dr = -(i32::from(r1) + i32::from(r2));
                    let Some(from) = s.offset(df, dr).filter(|&q| shape.contains(q)) else {
                        continue;
                    };
                    if self
                        .bent(from, &[((f1, r1), (f2, r2))], *blockable, occ)
                        .contains(s)
                    {
                        r.set(from);
                    }
                }
                r
            }
            None => Bitboard::EMPTY,
        }
    }

    /// Calls `f` for each square of [`PatternTable::reach_back`]`(p, side, s, occ)` that is
    /// in `mask`, until `f` returns true; returns true if it did. The hot form of the
    /// look-back (attack and protection tests): no set is built for slides.
    #[inline]
    pub fn back_hits(
        &self,
        p: usize,
        side: Side,
        s: Square,
        occ: Bitboard,
        mask: Bitboard,
        mut f: impl FnMut(Square) -> bool,
    ) -> bool {
        match self.pats.get(p) {
            Some(Compiled::Leap { back, .. }) => {
                (back[side.index()].targets(s) & mask).iter().any(f)
            }
            Some(Compiled::Slide { back, range, .. }) => {
                for &d in back {
                    if let Some(h) = self.geo.first_hit(s, d, occ) {
                        if mask.contains(h) && range.map_or(true, |n| h.distance(s) <= n) && f(h) {
                            return true;
                        }
                    }
                }
                false
            }
            Some(Compiled::Bent { .. }) => (self.reach_back(p, side, s, occ) & mask).iter().any(f),
            None => false,
        }
    }

    /// Number of patterns.
    pub fn len(&self) -> usize {
        self.pats.len()
    }

    /// True if no pattern is declared.
    pub fn is_empty(&self) -> bool {
        self.pats.is_empty()
    }
}
