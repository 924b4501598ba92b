//! The hot path on one `u64` for boards of at most 8 x 8 squares.
//!
//! The core's [`Bitboard`] has 256 bits (16 x 16 boards); on an 8 x 8 board
//! three quarters of every operation work on zeros. For such sets the
//! compiler also builds this narrow copy of the simple-element tables
//! (bit `rank * 8 + file`), derived mechanically from the wide tables, so
//! both answer the same questions the same way: simple targets, simple
//! attacks and their counts (PAR-TYPE-01, PAR-TYPE-02, PAR-COND-01..03, Q6).
//! The wide versions stay the reference (and the path for larger boards);
//! `tests` in this module check the two against each other.
//!
//! DESIGN.md asks for the narrower board "by benchmark, not by taste": the
//! figures are in docs/perft.md.

use super::ast::CaptureRule;
use super::engine::{Attacks, Compiled, KindData, SimpleMode};
use frozen_core::{Bitboard, Geometry, Kind, Shape, Side, Square};
use smallvec::SmallVec;

/// The 64 squares of ranks 1..8, files a..h of a wide bitboard, as a `u64`
/// (bit `rank * 8 + file`).
#[inline]
pub(crate) fn pack(bb: Bitboard) -> u64 {
    #[inline]
    fn four_ranks(w: u64) -> u64 {
        let x = w & 0x00FF_00FF_00FF_00FF;
        let x = (x | (x >> 8)) & 0x0000_FFFF_0000_FFFF;
        (x | (x >> 16)) & 0xFFFF_FFFF
    }
    four_ranks(bb.0[0]) | (four_ranks(bb.0[1]) << 32)
}

/// The inverse of [`pack`].
#[inline]
pub(crate) fn unpack(x: u64) -> Bitboard {
    #[inline]
    fn four_ranks(x: u64) -> u64 {
        let x = x & 0xFFFF_FFFF;
        let x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF;
        (x | (x << 8)) & 0x00FF_00FF_00FF_00FF
    }
    Bitboard([four_ranks(x), four_ranks(x >> 32), 0, 0])
}

/// The narrow index of a square of an 8 x 8 board.
#[inline]
pub(crate) fn n(sq: Square) -> usize {
    (sq.rank() as usize) * 8 + sq.file() as usize
}

/// The square of narrow index `i`.
#[inline]
pub(crate) fn square(i: usize) -> Square {
    Square::new((i % 8) as u8, (i / 8) as u8)
}

/// How a simple element finds its targets, narrow.
#[derive(Clone, Debug)]
enum NMode {
    Leap {
        tab: Box<[[u64; 64]; 2]>,
        rev: Box<[[u64; 64]; 2]>,
    },
    Slide {
        dirs: [SmallVec<[u8; 8]>; 2],
        lo: u32,
        hi: u32,
    },
}

#[derive(Clone, Debug)]
struct NSimple {
    mode: NMode,
    capture: CaptureRule,
    initial: bool,
}

/// A kind's simple elements merged for [`Narrow::targets`]: the union of
/// the targets of its elements is the union of these parts.
#[derive(Clone, Debug)]
struct NKind {
    /// Leaps that are not `i`, by capture rule: may capture, only capture, never.
    leap_may: Box<[[u64; 64]; 2]>,
    leap_only: Box<[[u64; 64]; 2]>,
    leap_never: Box<[[u64; 64]; 2]>,
    /// Directions (bit `d` for `Dir::ALL8` index d) of unlimited slides that
    /// may capture and are not `i`, per side.
    slide_may: [u8; 2],
    /// Everything else, element by element.
    rest: Vec<NSimple>,
}

/// Narrow attack tables (see [`Attacks`]).
#[derive(Clone, Debug, Default)]
struct NAttacks {
    leaps: Vec<(usize, Box<[u64; 64]>)>,
    slide_kinds: [u32; 8],
    others: Vec<(usize, usize)>,
    slide_dirs_any: [bool; 8],
    limited: [bool; 8],
}

/// The narrow tables of a compiled set.
#[derive(Clone, Debug)]
pub(crate) struct Narrow {
    kinds: Vec<Vec<NSimple>>,
    merged: Vec<NKind>,
    /// Promotion squares per kind and side.
    pub promo_zone: Vec<[u64; 2]>,
    rays: Box<[[u64; 64]; 8]>,
    within: Box<[[u64; 17]; 64]>,
    attacks: [NAttacks; 2],
    maxdim: u32,
}

/// Is direction `d` (a `Dir::ALL8` index) toward higher square indices?
#[inline]
const fn ascending(d: usize) -> bool {
    matches!(d, 0 | 1 | 2 | 7)
}

impl Narrow {
    /// The narrow copy of the wide tables, for boards that fit in 8 x 8.
    pub(crate) fn build(
        shape: Shape,
        geo: &Geometry,
        kinds: &[KindData],
        within: &[[Bitboard; 17]; 256],
        attacks: &[Attacks; 2],
        maxdim: u32,
    ) -> Option<Box<Narrow>> {
        if shape.width() > 8 || shape.height() > 8 {
            return None;
        }
        let squares: Vec<Square> = shape.squares().collect();
        let mut rays = Box::new([[0u64; 64]; 8]);
        let mut within64 = Box::new([[0u64; 17]; 64]);
        for &sq in &squares {
            for (d, r) in rays.iter_mut().enumerate() {
                r[n(sq)] = pack(geo.ray(d, sq));
            }
            for k in 0..17 {
                within64[n(sq)][k] = pack(within[sq.index()][k]);
            }
        }
        let narrow_tab = |t: &[[Bitboard; 256]; 2]| -> Box<[[u64; 64]; 2]> {
            let mut o = Box::new([[0u64; 64]; 2]);
            for side in Side::ALL {
                for &sq in &squares {
                    o[side.index()][n(sq)] = pack(t[side.index()][sq.index()]);
                }
            }
            o
        };
        let nkinds: Vec<Vec<NSimple>> = kinds
            .iter()
            .map(|kd| {
                kd.simple
                    .iter()
                    .map(|el| NSimple {
                        mode: match &el.mode {
                            SimpleMode::Leap { tab, rev } => NMode::Leap {
                                tab: narrow_tab(tab),
                                rev: narrow_tab(rev),
                            },
                            SimpleMode::Slide { dirs, lo, hi } => NMode::Slide {
                                dirs: [
                                    dirs[0].iter().map(|&d| d as u8).collect(),
                                    dirs[1].iter().map(|&d| d as u8).collect(),
                                ],
                                lo: *lo,
                                hi: *hi,
                            },
                        },
                        capture: el.capture,
                        initial: el.initial,
                    })
                    .collect()
            })
            .collect();
        let merged = nkinds_merge(&nkinds, maxdim);
        let promo_zone = kinds
            .iter()
            .map(|kd| [pack(kd.promo_zone[0]), pack(kd.promo_zone[1])])
            .collect();
        let narrow_attacks = |a: &Attacks| -> NAttacks {
            NAttacks {
                leaps: a
                    .leaps
                    .iter()
                    .map(|(k, t)| {
                        let mut o = Box::new([0u64; 64]);
                        for &sq in &squares {
                            o[n(sq)] = pack(t[sq.index()]);
                        }
                        (k.index(), o)
                    })
                    .collect(),
                slide_kinds: a.slide_kinds,
                others: a.others.iter().map(|&(k, e)| (k.index(), e)).collect(),
                slide_dirs_any: a.slide_dirs_any,
                limited: a.limited,
            }
        };
        Some(Box::new(Narrow {
            kinds: nkinds,
            merged,
            promo_zone,
            rays,
            within: within64,
            attacks: [narrow_attacks(&attacks[0]), narrow_attacks(&attacks[1])],
            maxdim,
        }))
    }

    #[inline]
    fn slide(&self, s: usize, d: usize, occ: u64) -> u64 {
        let ray = self.rays[d][s];
        let blockers = ray & occ;
        if blockers == 0 {
            return ray;
        }
        let b = if ascending(d) {
            blockers.trailing_zeros()
        } else {
            63 - blockers.leading_zeros()
        } as usize;
        ray & !self.rays[d][b]
    }

    #[inline]
    fn window(&self, s: usize, lo: u32, hi: u32) -> u64 {
        let w = &self.within[s];
        let hi = hi.min(16) as usize;
        if lo <= 1 {
            w[hi]
        } else {
            w[hi] & !w[(lo - 1).min(16) as usize]
        }
    }

    #[inline]
    fn raw(&self, el: &NSimple, s: usize, side: Side, occ: u64) -> u64 {
        match &el.mode {
            NMode::Leap { tab, .. } => tab[side.index()][s],
            NMode::Slide { dirs, lo, hi } => {
                let mut t = 0;
                for &d in &dirs[side.index()] {
                    t |= self.slide(s, d as usize, occ);
                }
                if *lo <= 1 && *hi >= self.maxdim {
                    t
                } else {
                    t & self.window(s, *lo, *hi)
                }
            }
        }
    }

    /// Does some simple element of `kind` need an unmoved piece (`i`)?
    #[inline]
    pub(crate) fn has_initial(&self, kind: Kind) -> bool {
        self.kinds
            .get(kind.index())
            .is_some_and(|els| els.iter().any(|el| el.initial))
    }

    /// [`Compiled::simple_targets`], narrow (targets only).
    #[inline]
    pub(crate) fn targets(
        &self,
        kind: Kind,
        s: usize,
        side: Side,
        moved: bool,
        own: u64,
        enemy: u64,
    ) -> u64 {
        let Some(m) = self.merged.get(kind.index()) else {
            return 0;
        };
        let occ = own | enemy;
        let si = side.index();
        let mut all = (m.leap_may[si][s] & !own)
            | (m.leap_only[si][s] & enemy)
            | (m.leap_never[si][s] & !occ);
        let mut dirs = m.slide_may[si];
        if dirs != 0 {
            let mut t = 0;
            while dirs != 0 {
                let d = dirs.trailing_zeros() as usize;
                dirs &= dirs - 1;
                t |= self.slide(s, d, occ);
            }
            all |= t & !own;
        }
        for el in &m.rest {
            if el.initial && moved {
                continue;
            }
            let raw = self.raw(el, s, side, occ);
            all |= match el.capture {
                CaptureRule::May => raw & !own,
                CaptureRule::Only => raw & enemy,
                CaptureRule::Never => raw & !occ,
            };
        }
        all
    }

    /// [`Compiled::simple_attacked`], narrow: `kind_bb[k]` are the squares of
    /// kind `k` (any side).
    #[inline]
    pub(crate) fn attacked(
        &self,
        s: usize,
        by: Side,
        occ: u64,
        by_pieces: u64,
        kind_bb: &[u64],
        unmoved: u64,
    ) -> bool {
        let at = &self.attacks[by.index()];
        let kb = |k: usize| kind_bb.get(k).copied().unwrap_or(0);
        for (k, tab) in &at.leaps {
            if tab[s] & kb(*k) & by_pieces != 0 {
                return true;
            }
        }
        for d in 0..8 {
            let mask = at.slide_kinds[d];
            if mask == 0 {
                continue;
            }
            let mut cand = 0;
            let mut m = mask;
            while m != 0 {
                let k = m.trailing_zeros() as usize;
                m &= m - 1;
                cand |= kb(k);
            }
            cand &= by_pieces;
            if cand != 0 && self.slide(s, d, occ) & cand != 0 {
                return true;
            }
        }
        for &(k, ei) in &at.others {
            let Some(el) = self.kinds.get(k).and_then(|v| v.get(ei)) else {
                continue;
            };
            let mut p = kb(k) & by_pieces;
            if el.initial {
                p &= unmoved;
            }
            if p == 0 {
                continue;
            }
            match &el.mode {
                NMode::Leap { rev, .. } => {
                    if rev[by.index()][s] & p != 0 {
                        return true;
                    }
                }
                NMode::Slide { dirs, lo, hi } => {
                    for &d in &dirs[by.index()] {
                        let back = (d as usize + 4) & 7;
                        let hit = self.slide(s, back, occ) & p;
                        if hit != 0 && hit & self.window(s, *lo, *hi) != 0 {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }
}

impl Narrow {
    /// [`Compiled::slider_lines`], narrow: squares whose vacating may uncover
    /// an attack of a `by` slider on `s`.
    pub(crate) fn slider_lines(
        &self,
        s: usize,
        by: Side,
        occ: u64,
        own: u64,
        enemy: u64,
        kind_bb: &[u64],
    ) -> u64 {
        let at = &self.attacks[by.index()];
        let mut out = 0;
        for d in 0..8 {
            if !at.slide_dirs_any[d] {
                continue;
            }
            let ray = self.rays[d][s];
            if at.limited[d] {
                out |= ray;
                continue;
            }
            let near = |b: u64| -> Option<usize> {
                if b == 0 {
                    None
                } else if ascending(d) {
                    Some(b.trailing_zeros() as usize)
                } else {
                    Some(63 - b.leading_zeros() as usize)
                }
            };
            let Some(first) = near(ray & occ) else {
                continue;
            };
            if own & (1 << first) == 0 {
                continue;
            }
            let Some(second) = near(self.rays[d][first] & occ) else {
                continue;
            };
            if enemy & (1 << second) == 0 {
                continue;
            }
            let mut m = at.slide_kinds[d];
            while m != 0 {
                let k = m.trailing_zeros() as usize;
                m &= m - 1;
                if kind_bb.get(k).is_some_and(|b| b & (1 << second) != 0) {
                    out |= 1 << first;
                    break;
                }
            }
        }
        out
    }
}

/// Merges each kind's elements for [`Narrow::targets`].
fn nkinds_merge(kinds: &[Vec<NSimple>], maxdim: u32) -> Vec<NKind> {
    kinds
        .iter()
        .map(|els| {
            let mut m = NKind {
                leap_may: Box::new([[0; 64]; 2]),
                leap_only: Box::new([[0; 64]; 2]),
                leap_never: Box::new([[0; 64]; 2]),
                slide_may: [0; 2],
                rest: Vec::new(),
            };
            for el in els {
                match &el.mode {
                    NMode::Leap { tab, .. } if !el.initial => {
                        let dst = match el.capture {
                            CaptureRule::May => &mut m.leap_may,
                            CaptureRule::Only => &mut m.leap_only,
                            CaptureRule::Never => &mut m.leap_never,
                        };
                        for (d, t) in dst.iter_mut().zip(tab.iter()) {
                            for (x, y) in d.iter_mut().zip(t) {
                                *x |= *y;
                            }
                        }
                    }
                    NMode::Slide { dirs, lo, hi }
                        if !el.initial
                            && el.capture == CaptureRule::May
                            && *lo <= 1
                            && *hi >= maxdim =>
                    {
                        for (mask, ds) in m.slide_may.iter_mut().zip(dirs) {
                            for &d in ds {
                                *mask |= 1 << d;
                            }
                        }
                    }
                    _ => m.rest.push(el.clone()),
                }
            }
            m
        })
        .collect()
}

/// Per-node narrow views of a position's bitboards.
#[derive(Clone, Debug)]
pub(crate) struct NarrowNode {
    pub side: [u64; 2],
    pub kinds: SmallVec<[u64; 12]>,
}

impl NarrowNode {
    pub(crate) fn new<S: frozen_core::VariantState>(
        pos: &frozen_core::Position<S>,
        nkinds: usize,
    ) -> NarrowNode {
        NarrowNode {
            side: [
                pack(pos.side_bb(Side::White)),
                pack(pos.side_bb(Side::Black)),
            ],
            kinds: (0..nkinds)
                .map(|k| pack(pos.kind_bb(Kind(k as u8))))
                .collect(),
        }
    }
}

impl Compiled {
    /// The narrow tables, when the board fits in 8 x 8.
    #[inline]
    pub(crate) fn narrow(&self) -> Option<&Narrow> {
        self.narrow.as_deref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parlett::builtin_rules;
    use frozen_core::harness::Rng;

    #[test]
    fn pack_and_unpack_are_inverse_on_8x8() {
        let mut rng = Rng::new(7);
        let shape = Shape::new(8, 8).expect("8x8");
        for _ in 0..1000 {
            let x = rng.next_u64();
            assert_eq!(pack(unpack(x)), x);
            let mut bb = Bitboard::EMPTY;
            for sq in shape.squares() {
                if rng.next_u64() & 1 == 1 {
                    bb.set(sq);
                }
            }
            assert_eq!(unpack(pack(bb)), bb);
            for sq in bb {
                assert!(pack(bb) & (1u64 << n(sq)) != 0);
            }
        }
    }

    /// The narrow tables answer exactly as the wide ones, for every kind of
    /// every built-in set, on random occupancies.
    #[test]
    fn narrow_agrees_with_wide() {
        for name in ["normal-chess", "fairy-chess", "fide"] {
            let rules = builtin_rules(name).expect("built-in set");
            let c = rules.compiled();
            let nw = c.narrow().expect("8x8 set has narrow tables");
            let shape = c.shape;
            let squares: Vec<Square> = shape.squares().collect();
            let mut rng = Rng::new(11);
            for _ in 0..300 {
                let mut own = Bitboard::EMPTY;
                let mut enemy = Bitboard::EMPTY;
                let mut unmoved = Bitboard::EMPTY;
                let mut kinds = vec![Bitboard::EMPTY; c.kinds.len()];
                for &sq in &squares {
                    let r = rng.next_u64() % 10;
                    if r < 3 {
                        if r == 0 {
                            own.set(sq);
                        } else {
                            enemy.set(sq);
                        }
                        let k = (rng.next_u64() % c.kinds.len() as u64) as usize;
                        kinds[k].set(sq);
                        if rng.next_u64() & 1 == 1 {
                            unmoved.set(sq);
                        }
                    }
                }
                let kinds64: Vec<u64> = kinds.iter().map(|b| pack(*b)).collect();
                for &sq in &squares {
                    for side in Side::ALL {
                        for k in 0..c.kinds.len() {
                            for moved in [false, true] {
                                let (wide, _) =
                                    c.simple_targets(Kind(k as u8), sq, side, moved, own, enemy);
                                let narrow = nw.targets(
                                    Kind(k as u8),
                                    n(sq),
                                    side,
                                    moved,
                                    pack(own),
                                    pack(enemy),
                                );
                                assert_eq!(pack(wide), narrow, "{name} kind {k} at {sq}");
                            }
                        }
                        let occ = own | enemy;
                        let wide = c.simple_attacked(sq, side, occ, enemy, |k| kinds[k], unmoved);
                        let narrow = nw.attacked(
                            n(sq),
                            side,
                            pack(occ),
                            pack(enemy),
                            &kinds64,
                            pack(unmoved),
                        );
                        assert_eq!(wide, narrow, "{name} attack on {sq} by {side:?}");
                        let wide = c.slider_lines(sq, side, occ, own, enemy, |k| kinds[k]);
                        let narrow = nw.slider_lines(
                            n(sq),
                            side,
                            pack(occ),
                            pack(own),
                            pack(enemy),
                            &kinds64,
                        );
                        assert_eq!(pack(wide), narrow, "{name} lines of {sq} by {side:?}");
                    }
                }
            }
        }
    }
}
