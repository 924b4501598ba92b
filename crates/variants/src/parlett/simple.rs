//! Simple elements on bitboards: the hot path of every Parlett set
//! (PAR-TYPE-01, PAR-TYPE-02, PAR-COND-01..03, PAR-GRUP-04, Q6).
//!
//! One generic implementation over the board word `W`: the core's 256-bit
//! [`Bitboard`] (any board up to 16 x 16, square index `rank * 16 + file`)
//! and, for boards of at most 8 x 8, one `u64` (index `rank * 8 + file`,
//! see [`super::narrow`]). The narrow tables are the wide ones packed, so
//! both answer every question the same way; DESIGN.md's "narrower bitboard
//! through generics, decided by benchmark" (figures in docs/perft.md).

use super::ast::CaptureRule;
use super::attacks::Attacks;
use super::ir::{KindData, SimpleMode};
use frozen_core::{Bitboard, Geometry, Kind, Shape, Side, Square};
use smallvec::SmallVec;
use std::fmt::Debug;

mod attack;
mod word;

pub(crate) use word::Word;
use word::NARROW_SHIFTS;

/// Is direction `d` (a `Dir::ALL8` index) toward higher square indices?
#[inline]
const fn ascending(d: usize) -> bool {
    matches!(d, 0 | 1 | 2 | 7)
}

/// How a simple element finds its targets.
#[derive(Clone, Debug)]
enum Mode<W, const N: usize> {
    /// Targets and reverse targets per side and square index.
    Leap {
        tab: [Box<[W; N]>; 2],
        rev: [Box<[W; N]>; 2],
    },
    /// Slides along `Dir::ALL8` indices, per side, `lo..=hi` squares.
    Slide {
        dirs: [SmallVec<[u8; 8]>; 2],
        lo: u32,
        hi: u32,
    },
}

#[derive(Clone, Debug)]
struct Elem<W, const N: usize> {
    mode: Mode<W, N>,
    capture: CaptureRule,
    initial: bool,
    patterns: u32,
    /// A slide of exactly k squares along one direction (a pawn's double
    /// step), worked out: `[landing, passed][side][i]`. The landing is a
    /// target when no passed square is occupied.
    exact: Option<Box<[PerSide<W, N>; 2]>>,
}

/// A table per side.
type PerSide<W, const N: usize> = [Box<[W; N]>; 2];

/// A kind's elements merged: the union of their targets is the union of
/// these parts. Elements with `i` or history-pattern bits, and limited or
/// non-capturing slides, stay in `rest`.
#[derive(Clone, Debug)]
struct Merged<W, const N: usize> {
    leap_may: [Box<[W; N]>; 2],
    leap_only: [Box<[W; N]>; 2],
    /// `leap_may | leap_only`: where the merged leaps capture.
    leap_cap: [Box<[W; N]>; 2],
    /// Some element needs an unmoved piece (`i`).
    initial: bool,
    leap_never: [Box<[W; N]>; 2],
    /// Directions (bit d) of unlimited slides that may capture, per side.
    slide_may: [u8; 2],
    /// `slide_may` per side as one mask per direction: every square where
    /// bit d is set, none elsewhere. ANDed with a set of pieces, it gives
    /// their slides' generators for [`SimpleTables::fill_all`] without a
    /// loop over the bits.
    slide_masks: [[W; 8]; 2],
    /// Indices of the other elements.
    rest: Vec<usize>,
    /// Every element is an unlimited slide that may capture (rooks, bishops,
    /// queens): the targets are the slides alone.
    only_slides: bool,
    /// Every element is a plain leap (knights): the targets are the merged
    /// leaps alone.
    only_leaps: bool,
}

/// Reverse attack tables of one attacking side (see [`Attacks`]).
#[derive(Clone, Debug)]
struct AttackTab<W, const N: usize> {
    leaps: Vec<(usize, Box<[W; N]>)>,
    slide_kinds: [u32; 8],
    /// The union of `slide_kinds`: kinds that slide without limit some way.
    slide_any: u32,
    others: Vec<(usize, usize)>,
    slide_dirs_any: [bool; 8],
    limited: [bool; 8],
    /// The directions (bit d) with `slide_dirs_any` and `limited` both set:
    /// whole rays for [`SimpleTables::slider_lines`].
    limited_dirs: u8,
}

/// Every table of a set's simple elements, over the board word `W`.
#[derive(Clone, Debug)]
pub(crate) struct SimpleTables<W, const N: usize> {
    rays: [Box<[W; N]>; 8],
    /// `star[i]`: the union of the eight rays from index `i`.
    star: Box<[W; N]>,
    /// `inner[i]`: the squares of `star[i]` with a square behind them along
    /// their ray (each ray's last square left out): only through one of them
    /// can a slide from elsewhere reach `i`.
    inner: Box<[W; N]>,
    /// `within[i][k]`: squares at Chebyshev distance <= k.
    within: Box<[[W; 17]; N]>,
    kinds: Vec<Vec<Elem<W, N>>>,
    merged: Vec<Merged<W, N>>,
    /// Per attacking side, what the attack map reads.
    map_plans: [MapPlan<W>; 2],
    attacks: [AttackTab<W, N>; 2],
    /// Per kind and side, `pattern_reach[k][side][i]`: every square a
    /// history-pattern element of the kind could reach from index `i` on an
    /// empty board (blockers only take squares away).
    pattern_reach: Vec<[Box<[W; N]>; 2]>,
    /// Promotion squares per kind and side.
    pub promo_zone: Vec<[W; 2]>,
    maxdim: u32,
    /// Per `Dir::ALL8` index: the index shift of one step, and the squares
    /// whose square one step back is on the board (what a step may reach
    /// without wrapping across an edge). For [`Self::fill`].
    fills: [(i32, W); 8],
    /// Whether the shifts of `fills` are [`NARROW_SHIFTS`] on a board of at most
    /// 9 squares a side (three doublings): then [`Self::fill_all`] uses
    /// [`Word::fill8`].
    fixed_fills: bool,
    /// Per kind, its exact slides as set steps per side, when they can be
    /// counted for all its pieces at once ([`Self::exact_plan`]); narrow
    /// tables only (empty on the wide ones).
    exact_plans: Vec<Option<ExactPlan<W>>>,
    /// Per kind, when its merged elements are leaps only: the leaps per side
    /// as index shifts ([`Self::leap_shifts`]); narrow tables only.
    leap_shifts: Vec<Option<[LeapShifts<W>; 2]>>,
}

/// A kind's leaps as index shifts, one entry per shift.
type LeapShifts<W> = SmallVec<[LeapShift<W>; 4]>;

/// The leaps of a kind's merged elements along one index shift `s`, taken
/// for a whole set of pieces: the landings allowed per capture rule (`may`
/// anything but an own piece, `only` an enemy, `never` an empty square),
/// squares whose origin `s` back is on the board and has the leap there.
#[derive(Clone, Debug)]
pub(crate) struct LeapShift<W> {
    s: i32,
    may: W,
    only: W,
    never: W,
}

impl<W: Word> LeapShift<W> {
    /// The landings of the pieces `from` along this shift: one per piece at
    /// most, and none that another shift of the same kind gives that piece.
    #[inline]
    pub(crate) fn targets(&self, from: W, own: W, enemy: W) -> W {
        let to = from.shifted(self.s);
        to & ((self.may & !own) | (self.only & enemy) | (self.never & !(own | enemy)))
    }
}

/// A kind's exact slides as set steps, per side ([`SimpleTables::exact_plan`]).
type ExactPlan<W> = [SmallVec<[ExactStep<W>; 2]>; 2];

/// An exact slide (`Elem::exact`, a pawn's double step) of one side taken
/// for a whole set of pieces: `k` steps of index shift `s`, each kept to
/// `mask` (the squares a step reaches without wrapping), every square before
/// the last empty, the last under the capture rule.
#[derive(Clone, Debug)]
pub(crate) struct ExactStep<W> {
    s: i32,
    mask: W,
    k: u32,
    capture: CaptureRule,
    /// Only for unmoved pieces (`i`).
    pub initial: bool,
}

impl<W: Word> ExactStep<W> {
    /// The landings of the pieces `from` (of them only the `unmoved` ones
    /// for an `i` slide): one per piece at most, a shift being one-to-one.
    #[inline]
    pub(crate) fn targets(&self, from: W, unmoved: W, own: W, enemy: W) -> W {
        let empty = !(own | enemy);
        let mut g = if self.initial { from & unmoved } else { from };
        for _ in 1..self.k {
            g = g.shifted(self.s) & self.mask & empty;
        }
        g = g.shifted(self.s) & self.mask;
        match self.capture {
            CaptureRule::May => g & !own,
            CaptureRule::Only => g & enemy,
            CaptureRule::Never => g & empty,
        }
    }
}

/// The tables on the core's bitboard, indexed by `Square::index`.
pub(crate) type WideTables = SimpleTables<Bitboard, 256>;
/// The tables on one `u64`, indexed by [`super::narrow::n`].
pub(crate) type NarrowTables = SimpleTables<u64, 64>;

/// A table of `N` words.
fn table<W: Copy, const N: usize>(f: impl Fn(usize) -> W) -> Box<[W; N]> {
    Box::new(std::array::from_fn(f))
}

impl WideTables {
    /// The wide tables of compiled kinds.
    pub(crate) fn wide(
        geo: &Geometry,
        kinds: &[KindData],
        within: &[[Bitboard; 17]; 256],
        attacks: &[Attacks; 2],
        maxdim: u32,
    ) -> WideTables {
        let rays = std::array::from_fn(|d| table(|i| geo.ray(d, Square::from_index(i as u8))));
        let elems: Vec<Vec<Elem<Bitboard, 256>>> = kinds
            .iter()
            .map(|kd| {
                kd.simple
                    .iter()
                    .map(|el| Elem {
                        mode: match &el.mode {
                            SimpleMode::Leap { tab, rev } => Mode::Leap {
                                tab: [table(|i| tab[0][i]), table(|i| tab[1][i])],
                                rev: [table(|i| rev[0][i]), table(|i| rev[1][i])],
                            },
                            SimpleMode::Slide { dirs, lo, hi } => Mode::Slide {
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
                        patterns: el.patterns,
                        exact: match &el.mode {
                            SimpleMode::Slide { dirs, lo, hi }
                                if lo == hi && *lo >= 1 && dirs.iter().all(|d| d.len() == 1) =>
                            {
                                let k = (*lo).min(16) as usize;
                                let passed = |s: usize| {
                                    table(|i| {
                                        let sq = Square::from_index(i as u8);
                                        geo.ray(dirs[s][0], sq) & within[i][k - 1]
                                    })
                                };
                                let land = |s: usize| {
                                    table(|i| {
                                        let sq = Square::from_index(i as u8);
                                        geo.ray(dirs[s][0], sq) & within[i][k] & !within[i][k - 1]
                                    })
                                };
                                Some(Box::new([[land(0), land(1)], [passed(0), passed(1)]]))
                            }
                            _ => None,
                        },
                    })
                    .collect()
            })
            .collect();
        let attack_tab = |a: &Attacks| AttackTab {
            leaps: a
                .leaps
                .iter()
                .map(|(k, t)| (k.index(), table(|i| t[i])))
                .collect(),
            slide_kinds: a.slide_kinds,
            slide_any: a.slide_kinds.iter().fold(0, |m, &k| m | k),
            others: a.others.iter().map(|&(k, e)| (k.index(), e)).collect(),
            slide_dirs_any: a.slide_dirs_any,
            limited: a.limited,
            limited_dirs: (0..8).fold(0, |m, d| {
                m | (u8::from(a.slide_dirs_any[d] && a.limited[d]) << d)
            }),
        };
        let merged: Vec<_> = elems.iter().map(|els| merge(els, maxdim)).collect();
        let map_plans = map_plans(&elems, &merged);
        let shape = geo.shape();
        let fills = std::array::from_fn(|d| {
            let dir = frozen_core::Dir::ALL8[d];
            let (df, dr) = (i32::from(dir.df), i32::from(dir.dr));
            let mut mask = Bitboard::EMPTY;
            for sq in shape.squares() {
                let back = (i32::from(sq.file()) - df, i32::from(sq.rank()) - dr);
                if shape.contains_coords(back.0, back.1) {
                    mask.set(sq);
                }
            }
            (dr * 16 + df, mask)
        });
        let star = table(|i| (0..8).fold(Bitboard::EMPTY, |m, d| m | rays[d][i]));
        let inner = table(|i| {
            (0..8).fold(Bitboard::EMPTY, |m, d| {
                rays[d][i]
                    .into_iter()
                    .filter(|s| !rays[d][s.index()].is_empty())
                    .fold(m, |m, s| m | Bitboard::from_square(s))
            })
        });
        let mut tables = SimpleTables {
            fixed_fills: fixed_fills(&fills, maxdim),
            fills,
            star,
            inner,
            rays,
            within: table(|i| within[i]),
            kinds: elems,
            merged,
            map_plans,
            attacks: [attack_tab(&attacks[0]), attack_tab(&attacks[1])],
            promo_zone: kinds.iter().map(|kd| kd.promo_zone).collect(),
            maxdim,
            pattern_reach: Vec::new(),
            exact_plans: Vec::new(),
            leap_shifts: Vec::new(),
        };
        tables.pattern_reach = tables.empty_board_pattern_reach();
        tables
    }

    /// The same tables on another board word: `word` maps a wide set to it,
    /// `squares` are the board's squares with their new index.
    pub(crate) fn map<V: Word, const M: usize>(
        &self,
        word: impl Fn(Bitboard) -> V,
        squares: &[(Square, usize)],
        stride: i32,
    ) -> SimpleTables<V, M> {
        // `from[j]`: the wide index of new index j, if on the board.
        let mut from = [None; M];
        for &(sq, j) in squares {
            if let Some(slot) = from.get_mut(j) {
                *slot = Some(sq.index());
            }
        }
        let remap = |t: &[Bitboard; 256]| -> Box<[V; M]> {
            table(|j| from[j].map_or(V::ZERO, |i| word(t[i])))
        };
        let pair = |t: &[Box<[Bitboard; 256]>; 2]| [remap(&t[0]), remap(&t[1])];
        let within = table(|j| {
            from[j].map_or([V::ZERO; 17], |i| {
                std::array::from_fn(|k| word(self.within[i][k]))
            })
        });
        let kinds = self
            .kinds
            .iter()
            .map(|els| {
                els.iter()
                    .map(|el| Elem {
                        mode: match &el.mode {
                            Mode::Leap { tab, rev } => Mode::Leap {
                                tab: pair(tab),
                                rev: pair(rev),
                            },
                            Mode::Slide { dirs, lo, hi } => Mode::Slide {
                                dirs: dirs.clone(),
                                lo: *lo,
                                hi: *hi,
                            },
                        },
                        capture: el.capture,
                        initial: el.initial,
                        patterns: el.patterns,
                        exact: el
                            .exact
                            .as_ref()
                            .map(|x| Box::new([pair(&x[0]), pair(&x[1])])),
                    })
                    .collect::<Vec<_>>()
            })
            .collect::<Vec<_>>();
        let merged: Vec<_> = kinds.iter().map(|els| merge(els, self.maxdim)).collect();
        let map_plans = map_plans(&kinds, &merged);
        let attack_tab = |a: &AttackTab<Bitboard, 256>| AttackTab {
            leaps: a.leaps.iter().map(|(k, t)| (*k, remap(t))).collect(),
            slide_kinds: a.slide_kinds,
            slide_any: a.slide_any,
            others: a.others.clone(),
            slide_dirs_any: a.slide_dirs_any,
            limited: a.limited,
            limited_dirs: a.limited_dirs,
        };
        let pattern_reach = self
            .pattern_reach
            .iter()
            .map(|[w, b]| [remap(w), remap(b)])
            .collect();
        let fills: [(i32, V); 8] = std::array::from_fn(|d| {
            let dir = frozen_core::Dir::ALL8[d];
            let step = i32::from(dir.dr) * stride + i32::from(dir.df);
            (step, word(self.fills[d].1))
        });
        let mut tables = SimpleTables {
            pattern_reach,
            exact_plans: Vec::new(),
            leap_shifts: Vec::new(),
            fixed_fills: fixed_fills(&fills, self.maxdim),
            fills,
            rays: std::array::from_fn(|d| remap(&self.rays[d])),
            star: remap(&self.star),
            inner: remap(&self.inner),
            within,
            kinds,
            merged,
            map_plans,
            attacks: [attack_tab(&self.attacks[0]), attack_tab(&self.attacks[1])],
            promo_zone: self
                .promo_zone
                .iter()
                .map(|z| [word(z[0]), word(z[1])])
                .collect(),
            maxdim: self.maxdim,
        };
        let on_board: Vec<usize> = (0..M).filter(|&j| from[j].is_some()).collect();
        tables.exact_plans = tables.build_exact_plans(&on_board);
        tables.leap_shifts = tables.build_leap_shifts(&on_board);
        tables
    }
}

/// Whether the fills' shifts are [`NARROW_SHIFTS`] and three doublings reach
/// across the board, so that [`Word::fill8`] gives what [`SimpleTables::fill`]
/// gives direction by direction.
fn fixed_fills<W>(fills: &[(i32, W); 8], maxdim: u32) -> bool {
    maxdim <= 9 && fills.iter().map(|f| f.0).eq(NARROW_SHIFTS)
}

/// Merges one kind's elements (see [`Merged`]).
fn merge<W: Word, const N: usize>(els: &[Elem<W, N>], maxdim: u32) -> Merged<W, N> {
    let empty = || [table(|_| W::ZERO), table(|_| W::ZERO)];
    let mut m = Merged {
        leap_may: empty(),
        leap_only: empty(),
        leap_cap: empty(),
        leap_never: empty(),
        initial: els.iter().any(|el| el.initial),
        slide_may: [0; 2],
        slide_masks: [[W::ZERO; 8]; 2],
        rest: Vec::new(),
        only_slides: false,
        only_leaps: false,
    };
    let mut leaps = false;
    for (ei, el) in els.iter().enumerate() {
        let plain = !el.initial && el.patterns == 0;
        match &el.mode {
            Mode::Leap { tab, .. } if plain => {
                leaps = true;
                let dst = match el.capture {
                    CaptureRule::May => &mut m.leap_may,
                    CaptureRule::Only => &mut m.leap_only,
                    CaptureRule::Never => &mut m.leap_never,
                };
                for (d, t) in dst.iter_mut().zip(tab.iter()) {
                    for (x, y) in d.iter_mut().zip(t.iter()) {
                        *x |= *y;
                    }
                }
            }
            Mode::Slide { dirs, lo, hi }
                if plain && el.capture == CaptureRule::May && *lo <= 1 && *hi >= maxdim =>
            {
                for (mask, ds) in m.slide_may.iter_mut().zip(dirs) {
                    for &d in ds {
                        *mask |= 1 << d;
                    }
                }
            }
            _ => m.rest.push(ei),
        }
    }
    m.only_slides = !leaps && m.rest.is_empty() && m.slide_may != [0; 2];
    m.only_leaps = leaps && m.rest.is_empty() && m.slide_may == [0; 2];
    m.slide_masks = m.slide_may.map(dir_masks);
    for si in 0..2 {
        for (i, x) in m.leap_cap[si].iter_mut().enumerate() {
            *x = m.leap_may[si][i] | m.leap_only[si][i];
        }
    }
    m
}

/// `dirs` (bit d for `Dir::ALL8[d]`) as one mask per direction: every
/// square for a direction in `dirs`, none for the others.
fn dir_masks<W: Word>(dirs: u8) -> [W; 8] {
    std::array::from_fn(|d| {
        if dirs & (1 << d) != 0 {
            !W::ZERO
        } else {
            W::ZERO
        }
    })
}

/// A capturing-leap table as a few index shifts: `(s, from)` pairs such that
/// `tab[i]` is the union of `i + s` over the pairs whose `from` holds `i`,
/// for every `i` (so the targets of a set of pieces `p` are the union of
/// `(p & from)` shifted by `s`). `None` when more than `max` shifts are
/// needed. Exact by construction: each pair collects precisely the squares
/// whose table holds the square `s` further on.
fn leap_shift_form<W: Word, const N: usize>(tab: &[W; N], max: usize) -> Option<Vec<(i32, W)>> {
    let mut out: Vec<(i32, W)> = Vec::new();
    for (i, t) in tab.iter().enumerate() {
        let mut t = *t;
        while let Some(j) = t.nearest(true) {
            t = t & !W::bit(j);
            let s = j as i32 - i as i32;
            if let Some(x) = out.iter_mut().find(|x| x.0 == s) {
                x.1 |= W::bit(i);
            } else if out.len() < max {
                out.push((s, W::bit(i)));
            } else {
                return None;
            }
        }
    }
    Some(out)
}

/// Kinds whose capturing leaps take at most this many index shifts (a pawn's
/// two captures) are mapped for all their pieces at once, shift by shift;
/// others piece by piece (a knight's eight shifts cost more than its one or
/// two pieces' look-ups).
const MAP_SHIFTS_MAX: usize = 2;

/// What [`SimpleTables::attack_map`] reads for one attacking side, worked
/// out once from the merged elements: the kinds whose merged leaps capture
/// (piece by piece, or as shifts of the whole set), the kinds with
/// unlimited capturing slides (and their directions as masks), and the
/// other elements that capture (kind, element).
#[derive(Clone, Debug)]
struct MapPlan<W> {
    leaps: Vec<usize>,
    leap_shifts: Vec<(usize, Vec<(i32, W)>)>,
    slides: Vec<(usize, [W; 8])>,
    rest: Vec<(usize, usize)>,
}

/// The [`MapPlan`]s of both sides.
fn map_plans<W: Word, const N: usize>(
    kinds: &[Vec<Elem<W, N>>],
    merged: &[Merged<W, N>],
) -> [MapPlan<W>; 2] {
    Side::ALL.map(|side| {
        let si = side.index();
        let mut plan = MapPlan {
            leaps: Vec::new(),
            leap_shifts: Vec::new(),
            slides: Vec::new(),
            rest: Vec::new(),
        };
        for (k, (els, m)) in kinds.iter().zip(merged).enumerate() {
            if m.leap_cap[si].iter().any(|t| t.any()) {
                match leap_shift_form(&m.leap_cap[si], MAP_SHIFTS_MAX) {
                    Some(shifts) => plan.leap_shifts.push((k, shifts)),
                    None => plan.leaps.push(k),
                }
            }
            if m.slide_may[si] != 0 {
                plan.slides.push((k, m.slide_masks[si]));
            }
            for &ei in &m.rest {
                if els[ei].capture != CaptureRule::Never {
                    plan.rest.push((k, ei));
                }
            }
        }
        plan
    })
}

impl<W: Word, const N: usize> SimpleTables<W, N> {
    /// The squares a slide from `i` along direction `d` reaches, up to and
    /// including the first occupied one.
    #[inline]
    fn slide(&self, i: usize, d: usize, occ: W) -> W {
        let ray = self.rays[d][i];
        match (ray & occ).nearest(ascending(d)) {
            Some(b) => ray & !self.rays[d][b],
            None => ray,
        }
    }

    /// The squares unlimited slides along direction `d` reach from every
    /// square of `gen` at once (each ray up to and including its first
    /// occupied square): a Kogge-Stone fill through the `empty` squares.
    /// Rays from different squares of `gen` along one direction never
    /// overlap (a ray stops at the next piece), so the popcount of the
    /// result (less own pieces) is the number of their moves that way.
    #[inline]
    pub(crate) fn fill(&self, d: usize, gen: W, empty: W) -> W {
        let (s, mask) = self.fills[d];
        let mut pro = empty & mask;
        if let Some(f) = W::fill_const(s, gen, pro, mask, self.maxdim > 9) {
            return f;
        }
        let mut g = gen;
        g |= pro & g.shifted(s);
        pro = pro & pro.shifted(s);
        g |= pro & g.shifted(2 * s);
        pro = pro & pro.shifted(2 * s);
        g |= pro & g.shifted(4 * s);
        if self.maxdim > 9 {
            // Boards wider or taller than 9 squares need a fourth doubling.
            pro = pro & pro.shifted(4 * s);
            g |= pro & g.shifted(8 * s);
        }
        g.shifted(s) & mask
    }

    /// [`Self::fill`] in every direction `d` of `Dir::ALL8` from `gens[d]`.
    #[inline]
    pub(crate) fn fill_all(&self, gens: &[W; 8], empty: W) -> [W; 8] {
        if self.fixed_fills {
            if let Some(f) = W::fill8(&self.fills, gens, empty) {
                return f;
            }
        }
        std::array::from_fn(|d| {
            if gens[d].any() {
                self.fill(d, gens[d], empty)
            } else {
                W::ZERO
            }
        })
    }

    /// When kind `k` moves only by unlimited slides that may capture, their
    /// directions for `side` as masks (all squares at `d` for a direction
    /// `Dir::ALL8[d]` it slides along, none at the others): its targets are
    /// then [`Self::fill`]s, and its pieces can be counted together.
    #[inline]
    pub(crate) fn only_slides(&self, k: usize, side: Side) -> Option<&[W; 8]> {
        self.merged
            .get(k)
            .filter(|m| m.only_slides)
            .map(|m| &m.slide_masks[side.index()])
    }

    /// Whether kind `k` moves only by plain leaps: its targets are then
    /// [`Self::merged_targets`].
    #[inline]
    pub(crate) fn only_leaps(&self, k: usize) -> bool {
        self.merged.get(k).is_some_and(|m| m.only_leaps)
    }

    #[inline]
    fn window(&self, i: usize, lo: u32, hi: u32) -> W {
        let w = &self.within[i];
        let hi = hi.min(16) as usize;
        if lo <= 1 {
            w[hi]
        } else {
            w[hi] & !w[(lo - 1).min(16) as usize]
        }
    }

    /// Raw targets of one element (before the capture rule).
    #[inline]
    fn raw(&self, el: &Elem<W, N>, i: usize, side: Side, occ: W) -> W {
        if let Some(x) = &el.exact {
            let si = side.index();
            return if (x[1][si][i] & occ).any() {
                W::ZERO
            } else {
                x[0][si][i]
            };
        }
        match &el.mode {
            Mode::Leap { tab, .. } => tab[side.index()][i],
            Mode::Slide { dirs, lo, hi } => {
                let mut t = W::ZERO;
                for &d in &dirs[side.index()] {
                    t |= self.slide(i, d as usize, occ);
                }
                if *lo <= 1 && *hi >= self.maxdim {
                    t
                } else {
                    t & self.window(i, *lo, *hi)
                }
            }
        }
    }

    /// An element's targets under its capture rule.
    #[inline]
    fn element_targets(&self, el: &Elem<W, N>, i: usize, side: Side, own: W, enemy: W) -> W {
        let raw = self.raw(el, i, side, own | enemy);
        match el.capture {
            CaptureRule::May => raw & !own,
            CaptureRule::Only => raw & enemy,
            CaptureRule::Never => raw & !(own | enemy),
        }
    }

    /// Targets of a kind's simple elements for a unit on square index `i`
    /// (PAR-TYPE-01, PAR-TYPE-02, PAR-COND-01..03). Overlapping elements
    /// give one move per square (PAR-GRUP-04). Returns (targets, targets of
    /// pattern elements).
    #[inline(always)]
    pub(crate) fn targets(
        &self,
        kind: Kind,
        i: usize,
        side: Side,
        moved: bool,
        own: W,
        enemy: W,
    ) -> (W, W) {
        let (Some(m), Some(els)) = (self.merged.get(kind.index()), self.kinds.get(kind.index()))
        else {
            return (W::ZERO, W::ZERO);
        };
        let mut all = self.merged_of(m, i, side, own, enemy);
        let mut pat = W::ZERO;
        for &ei in &m.rest {
            let el = &els[ei];
            if el.initial && moved {
                continue;
            }
            let t = self.element_targets(el, i, side, own, enemy);
            all |= t;
            if el.patterns != 0 {
                pat |= t;
            }
        }
        (all, pat)
    }

    /// The targets of a kind's merged elements (plain leaps and unlimited
    /// capturing slides) for a piece on index `i`.
    #[inline(always)]
    fn merged_of(&self, m: &Merged<W, N>, i: usize, side: Side, own: W, enemy: W) -> W {
        let occ = own | enemy;
        let si = side.index();
        let mut all = (m.leap_may[si][i] & !own)
            | (m.leap_only[si][i] & enemy)
            | (m.leap_never[si][i] & !occ);
        let mut dirs = m.slide_may[si];
        if dirs != 0 {
            let mut t = W::ZERO;
            while dirs != 0 {
                let d = dirs.trailing_zeros() as usize;
                dirs &= dirs - 1;
                t |= self.slide(i, d, occ);
            }
            all |= t & !own;
        }
        all
    }

    /// For a kind with an [`Self::exact_plan`]: the targets of a piece on
    /// index `i` other than its exact slides (those are counted for the set).
    #[inline(always)]
    pub(crate) fn merged_targets(&self, kind: Kind, i: usize, side: Side, own: W, enemy: W) -> W {
        match self.merged.get(kind.index()) {
            Some(m) => self.merged_of(m, i, side, own, enemy),
            None => W::ZERO,
        }
    }

    /// When every element of kind `k` outside its merged parts is an exact
    /// slide whose landing no other element of the kind reaches from the same
    /// square (a pawn's double step beside its push and captures): those
    /// slides for `side` as [`ExactStep`]s. A piece's targets are then its
    /// [`Self::merged_targets`] and, disjoint from them, its landings in the
    /// steps, so the steps can be counted for all the kind's pieces at once.
    #[inline]
    pub(crate) fn exact_plan(&self, k: usize, side: Side) -> Option<&[ExactStep<W>]> {
        self.exact_plans
            .get(k)
            .and_then(Option::as_ref)
            .map(|p| p[side.index()].as_slice())
    }

    /// [`Self::exact_plans`] worked out, checked on every index of `on_board`:
    /// each step's landings and passed squares as the shifts give them equal
    /// the element's tables, and no landing meets another element's reach
    /// on an empty board (blockers only take squares away).
    fn build_exact_plans(&self, on_board: &[usize]) -> Vec<Option<ExactPlan<W>>> {
        self.kinds
            .iter()
            .zip(&self.merged)
            .map(|(els, m)| {
                let mut plan: ExactPlan<W> = Default::default();
                for side in Side::ALL {
                    let si = side.index();
                    for &ei in &m.rest {
                        let el = els.get(ei)?;
                        let (Some(x), Mode::Slide { dirs, lo, .. }) = (&el.exact, &el.mode) else {
                            return None;
                        };
                        let &[d] = dirs[si].as_slice() else {
                            return None;
                        };
                        let (s, mask) = self.fills[usize::from(d)];
                        let step = ExactStep {
                            s,
                            mask,
                            k: *lo,
                            capture: el.capture,
                            initial: el.initial,
                        };
                        for &i in on_board {
                            let mut b = W::bit(i);
                            let mut passed = W::ZERO;
                            for _ in 1..step.k {
                                b = b.shifted(s) & mask;
                                passed |= b;
                            }
                            let land = b.shifted(s) & mask;
                            if land != x[0][si][i] || passed != x[1][si][i] {
                                return None;
                            }
                            let mut other =
                                m.leap_may[si][i] | m.leap_only[si][i] | m.leap_never[si][i];
                            for d in (0..8).filter(|d| m.slide_may[si] & (1 << d) != 0) {
                                other |= self.rays[d][i];
                            }
                            for &ej in m.rest.iter().filter(|&&ej| ej != ei) {
                                other |= self.raw(els.get(ej)?, i, side, W::ZERO);
                            }
                            if (land & other).any() {
                                return None;
                            }
                        }
                        plan[si].push(step);
                    }
                }
                Some(plan)
            })
            .collect()
    }

    /// When kind `k`'s merged elements are leaps only (no unlimited slide)
    /// along at most four index shifts: those shifts for `side`. A piece's
    /// merged targets are then the union of its landings along them, which
    /// never meet (a different shift, a different square), so the kind's
    /// pieces can have them counted together, shift by shift.
    #[inline]
    pub(crate) fn leap_shifts(&self, k: usize, side: Side) -> Option<&[LeapShift<W>]> {
        self.leap_shifts
            .get(k)
            .and_then(Option::as_ref)
            .map(|p| p[side.index()].as_slice())
    }

    /// [`Self::leap_shifts`] worked out from the merged leap tables: a leap
    /// from index `i` to `j` is the shift `j - i` landing on `j`, so the
    /// shifts with their landing sets give back every table entry exactly
    /// (checked on every index of `on_board` all the same).
    fn build_leap_shifts(&self, on_board: &[usize]) -> Vec<Option<[LeapShifts<W>; 2]>> {
        self.merged
            .iter()
            .map(|m| {
                if m.slide_may != [0; 2] {
                    return None;
                }
                let mut out: [LeapShifts<W>; 2] = Default::default();
                for (si, shifts) in out.iter_mut().enumerate() {
                    for (class, tab) in [&m.leap_may[si], &m.leap_only[si], &m.leap_never[si]]
                        .into_iter()
                        .enumerate()
                    {
                        for &i in on_board {
                            let mut t = tab[i];
                            while let Some(j) = t.nearest(true) {
                                t = t & !W::bit(j);
                                let s = j as i32 - i as i32;
                                let at = match shifts.iter().position(|e| e.s == s) {
                                    Some(at) => at,
                                    None => {
                                        if shifts.len() == 4 {
                                            return None;
                                        }
                                        shifts.push(LeapShift {
                                            s,
                                            may: W::ZERO,
                                            only: W::ZERO,
                                            never: W::ZERO,
                                        });
                                        shifts.len() - 1
                                    }
                                };
                                let e = &mut shifts[at];
                                match class {
                                    0 => e.may |= W::bit(j),
                                    1 => e.only |= W::bit(j),
                                    _ => e.never |= W::bit(j),
                                }
                            }
                        }
                    }
                    for &i in on_board {
                        let b = W::bit(i);
                        let parts = |f: fn(&LeapShift<W>) -> W| {
                            shifts
                                .iter()
                                .fold(W::ZERO, |acc, e| acc | (b.shifted(e.s) & f(e)))
                        };
                        if parts(|e| e.may) != m.leap_may[si][i]
                            || parts(|e| e.only) != m.leap_only[si][i]
                            || parts(|e| e.never) != m.leap_never[si][i]
                        {
                            return None;
                        }
                    }
                }
                Some(out)
            })
            .collect()
    }

    /// [`Self::pattern_reach`] worked out: the pattern elements' targets on an
    /// empty board, from every index.
    fn empty_board_pattern_reach(&self) -> Vec<[Box<[W; N]>; 2]> {
        self.kinds
            .iter()
            .map(|els| {
                Side::ALL.map(|side| {
                    table(|i| {
                        els.iter()
                            .filter(|el| el.patterns != 0)
                            .fold(W::ZERO, |m, el| m | self.raw(el, i, side, W::ZERO))
                    })
                })
            })
            .collect()
    }

    /// Pattern bits of the simple elements reaching index `to` from `i`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn pattern_bits(
        &self,
        kind: Kind,
        i: usize,
        to: usize,
        side: Side,
        moved: bool,
        own: W,
        enemy: W,
    ) -> u32 {
        let Some(els) = self.kinds.get(kind.index()) else {
            return 0;
        };
        let reach = self.pattern_reach.get(kind.index());
        if !reach.is_some_and(|r| r[side.index()][i].has(to)) {
            return 0;
        }
        let mut bits = 0;
        for el in els {
            if el.patterns == 0 || (el.initial && moved) {
                continue;
            }
            if self.element_targets(el, i, side, own, enemy).has(to) {
                bits |= el.patterns;
            }
        }
        bits
    }

    /// Does some simple element of `kind` need an unmoved piece (`i`)?
    #[inline]
    pub(crate) fn has_initial(&self, kind: Kind) -> bool {
        self.merged.get(kind.index()).is_some_and(|m| m.initial)
    }
}

/// The board's squares with their index in the narrow (8 x 8) word.
pub(crate) fn narrow_squares(shape: Shape) -> Option<Vec<(Square, usize)>> {
    if shape.width() > 8 || shape.height() > 8 {
        return None;
    }
    Some(shape.squares().map(|s| (s, super::narrow::n(s))).collect())
}
