//! Fixed lines: complex lines whose every step has one vector and one distance
//! (castling is the usual one: `K;R: is0.os1r.os1r; ~i2l`).
//!
//! Such a line has, for each side and start square, exactly one route per part,
//! so the tree-walking evaluator is not needed: the route is followed on
//! bitboards, with the `s` tests done by the attack tables. This module holds
//! the compiled routes ([`FixedLine`], per side and start square a
//! [`RoutePlan`]); [`super::fixed_run`] follows them.
//!
//! What makes a line fixed: a single-piece or multi-piece line (no history
//! rule) whose chains are made only of plain steps (no `?`, no `!`, no groups,
//! labels or tile labels, no riders, no locust), each a stand-still `0` or a
//! slide or leap of exactly `k` squares in a direction that gives one vector
//! for the side, and that never captures (`o`).

//!
//! Uses [`super::ast`], [`super::ir`], [`super::narrow`] and [`super::simple`] (the
//! board word).

use super::ast::{CaptureRule, Direction, MoveKind};
use super::ir::{dir_vectors, offset_sq, IrChain, IrDist, IrPrim, IrTarget, LineBody};
use super::narrow::{self, pack};
use super::simple::{narrow_squares, Word};
use frozen_core::{Bitboard, Kind, Shape, Side, Square};
use smallvec::SmallVec;

/// (unit, from, where it is now, pattern bits) of one placed part.
pub(crate) type Part = (frozen_core::UnitId, Square, Square, u32);

/// The most parts a fixed line may have (a longer one is left to the evaluator).
pub(crate) const MAX_PARTS: usize = 8;

/// One step of a fixed chain, for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FixedStep {
    /// The vector of one square, and the number of squares (0: stand still).
    pub df: i8,
    pub dr: i8,
    pub k: u8,
    /// A slide needs the squares passed to be empty; a leap does not.
    pub slide: bool,
    /// `i`: only for a piece that has not moved.
    pub initial: bool,
    /// `s`: the piece must not be capturable after the step.
    pub safe: bool,
    /// What the landing square may hold: `o` empty only, `c` an enemy only,
    /// else either. A landing on an enemy piece (a capture) is left to the
    /// evaluator.
    pub capture: CaptureRule,
}

/// One part's route, for one side.
#[derive(Clone, Debug)]
pub(crate) struct FixedChain {
    pub steps: SmallVec<[FixedStep; 4]>,
    /// History-pattern bits of the chain's source.
    pub patterns: u32,
    /// `plans[sq]`: the route worked out from start square `sq`.
    pub plans: Vec<RoutePlan<Bitboard>>,
    /// The same plans on the narrow board (boards of at most 8 x 8),
    /// indexed by [`narrow::n`].
    pub narrow_plans: Option<Vec<RoutePlan<u64>>>,
    /// The start squares whose route stays on the board (the others never
    /// give a placement), wide and narrow.
    pub usable: Bitboard,
    pub narrow_usable: u64,
}

impl FixedChain {
    /// Where the route takes its piece, as (files, ranks).
    pub(crate) fn displacement(&self) -> (i32, i32) {
        self.steps.iter().fold((0, 0), |(f, r), st| {
            (
                f + i32::from(st.df) * i32::from(st.k),
                r + i32::from(st.dr) * i32::from(st.k),
            )
        })
    }
}

/// A part's route from one start square, worked out once: what the walk
/// would check square by square, as sets over the board word `W`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RoutePlan<W> {
    /// The route leaves the board (or stands still to capture): never playable.
    pub off: bool,
    /// Some step needs an unmoved piece (`i`).
    pub initial: bool,
    /// Some step must capture (`c`): never playable without a capture, which
    /// is left to the evaluator.
    pub capture: bool,
    /// Squares that must be empty when the part sets off (slides' passed
    /// squares and every landing; the start square itself not counted).
    pub need: W,
    /// Landings of steps that may capture: an enemy there makes a capture.
    pub may_capture: W,
    /// The squares of the `s` tests. As a set: the route is playable when
    /// none of them is attacked, and the walk's order of the tests only
    /// decides which test finds an attack first.
    pub safe: W,
    /// Where the piece ends.
    pub end: Square,
}

impl RoutePlan<Bitboard> {
    /// The plan of `steps` from `start`.
    fn new(steps: &[FixedStep], start: Square, shape: Shape) -> RoutePlan<Bitboard> {
        let mut p = RoutePlan {
            off: !shape.contains(start),
            initial: false,
            capture: false,
            need: Bitboard::EMPTY,
            may_capture: Bitboard::EMPTY,
            safe: Bitboard::EMPTY,
            end: start,
        };
        let mut cur = start;
        for st in steps {
            if p.off {
                break;
            }
            p.initial |= st.initial;
            if st.k == 0 {
                p.off |= st.capture == CaptureRule::Only;
            } else {
                let (df, dr) = (i32::from(st.df), i32::from(st.dr));
                for j in 1..=i32::from(st.k) {
                    let Some(t) = offset_sq(cur, shape, df * j, dr * j) else {
                        p.off = true;
                        break;
                    };
                    if j == i32::from(st.k) {
                        p.need.set(t);
                        if st.capture != CaptureRule::Never {
                            p.may_capture.set(t);
                        }
                        cur = t;
                    } else if st.slide {
                        p.need.set(t);
                    }
                }
                p.capture |= st.capture == CaptureRule::Only;
            }
            if st.safe {
                p.safe.set(cur);
            }
        }
        p.need.clear(start);
        p.end = cur;
        p
    }

    /// The same plan on the narrow board.
    fn narrowed(&self) -> RoutePlan<u64> {
        RoutePlan {
            off: self.off,
            initial: self.initial,
            capture: self.capture,
            need: pack(self.need),
            may_capture: pack(self.may_capture),
            safe: pack(self.safe),
            end: self.end,
        }
    }
}

/// A fixed line: per side, the alternatives, each one chain per part.
#[derive(Clone, Debug)]
pub(crate) struct FixedLine {
    pub alts: [Vec<Vec<FixedChain>>; 2],
    /// Per side and part: `sources[sq]`, the start squares from which the
    /// part's piece could capture on `sq`. A route is fixed, so a piece can
    /// only ever capture at its fixed landings: the exact form of the
    /// capture filter's "reach".
    pub capture_sources: [Vec<Box<[Bitboard; 256]>>; 2],
    /// The same relation forward: `capture_targets[sq]`, the squares part
    /// `p`'s piece could capture on from the start square `sq`.
    pub capture_targets: [Vec<Box<[Bitboard; 256]>>; 2],
}

impl FixedLine {
    /// Start squares from which part `p` of a `by` line could capture on `sq`.
    #[inline]
    pub(crate) fn capture_sources(&self, by: Side, p: usize, sq: Square) -> Bitboard {
        self.capture_sources[by.index()]
            .get(p)
            .map_or(Bitboard::EMPTY, |t| t[sq.index()])
    }

    /// Squares part `p` of a `by` line could capture on, from start square `from`.
    #[inline]
    pub(crate) fn capture_targets(&self, by: Side, p: usize, from: Square) -> Bitboard {
        self.capture_targets[by.index()]
            .get(p)
            .map_or(Bitboard::EMPTY, |t| t[from.index()])
    }
}

/// The fixed form of a line's body, if it has one.
pub(crate) fn fix_line(
    body: &LineBody,
    chain_patterns: &[u32],
    shape: Shape,
) -> Option<Box<FixedLine>> {
    let tuples: Vec<Vec<&IrChain>> = match body {
        LineBody::Single(alts) => alts.iter().map(|c| vec![c]).collect(),
        LineBody::Multi(alts) => alts.iter().map(|t| t.iter().collect()).collect(),
        LineBody::History { .. } => return None,
    };
    let nparts = tuples.first().map_or(0, Vec::len);
    if tuples.iter().any(|t| t.len() > MAX_PARTS) {
        return None;
    }
    let empty = || -> Vec<Box<[Bitboard; 256]>> {
        (0..nparts)
            .map(|_| Box::new([Bitboard::EMPTY; 256]))
            .collect()
    };
    let mut out = FixedLine {
        alts: [Vec::new(), Vec::new()],
        capture_sources: [empty(), empty()],
        capture_targets: [empty(), empty()],
    };
    for side in Side::ALL {
        for t in &tuples {
            let mut parts = Vec::with_capacity(t.len());
            for (pi, ch) in t.iter().enumerate() {
                let fc = fix_chain(ch, side, chain_patterns, shape)?;
                let (mut f, mut r) = (0i32, 0i32);
                for st in &fc.steps {
                    f += i32::from(st.df) * i32::from(st.k);
                    r += i32::from(st.dr) * i32::from(st.k);
                    if st.k > 0 && st.capture != CaptureRule::Never {
                        for from in shape.squares() {
                            if let Some(to) = offset_sq(from, shape, f, r) {
                                out.capture_sources[side.index()].get_mut(pi)?[to.index()]
                                    .set(from);
                                out.capture_targets[side.index()].get_mut(pi)?[from.index()]
                                    .set(to);
                            }
                        }
                    }
                }
                parts.push(fc);
            }
            out.alts[side.index()].push(parts);
        }
    }
    Some(Box::new(out))
}

fn fix_chain(ch: &IrChain, side: Side, chain_patterns: &[u32], shape: Shape) -> Option<FixedChain> {
    if ch.units.is_empty() {
        return None;
    }
    let mut steps = SmallVec::new();
    for (u, tested) in &ch.units {
        if *tested || u.invalid || !u.tiles.is_empty() {
            return None;
        }
        let IrPrim::Step(s) = &u.prim else {
            return None;
        };
        if s.rider || s.kind == MoveKind::Locust {
            return None;
        }
        let (df, dr, k) = match &s.target {
            IrTarget::Stand => (0, 0, 0),
            IrTarget::Line {
                dist: IrDist::Exactly(k),
                dir,
            } => {
                let vecs = dir_vectors(*Direction::ALL.get(*dir as usize)?, side);
                if vecs.len() != 1 || *k > 16 {
                    return None;
                }
                if *k == 0 {
                    (0, 0, 0)
                } else {
                    (vecs[0].0, vecs[0].1, *k as u8)
                }
            }
            _ => return None,
        };
        steps.push(FixedStep {
            df,
            dr,
            k,
            slide: s.kind == MoveKind::Slide,
            initial: s.initial,
            safe: s.safe,
            capture: s.capture,
        });
    }
    let plans: Vec<RoutePlan<Bitboard>> = (0..=255u8)
        .map(|i| RoutePlan::new(&steps, Square::from_index(i), shape))
        .collect();
    let narrow_plans = narrow_squares(shape).map(|_| {
        (0..64)
            .map(|i| plans[narrow::square(i).index()].narrowed())
            .collect()
    });
    let mut usable = Bitboard::EMPTY;
    for (i, p) in plans.iter().enumerate() {
        if !p.off {
            usable.set(Square::from_index(i as u8));
        }
    }
    Some(FixedChain {
        plans,
        narrow_plans,
        usable,
        narrow_usable: pack(usable),
        steps,
        patterns: chain_patterns.get(ch.id as usize).copied().unwrap_or(0),
    })
}

/// A board word the route plans are kept in: the wide [`Bitboard`] and, for
/// boards of at most 8 x 8, the narrow `u64`.
pub(crate) trait PlanWord: Word {
    /// The index of `sq` in the word.
    fn index(sq: Square) -> usize;
    /// The square of index `i`.
    fn square(i: usize) -> Square;
    /// A chain's plans in this word (`None`: not kept for this board).
    fn plans(ch: &FixedChain) -> Option<&[RoutePlan<Self>]>;
    /// [`FixedChain::usable`] in this word.
    fn usable(ch: &FixedChain) -> Self;
}

impl PlanWord for Bitboard {
    #[inline]
    fn index(sq: Square) -> usize {
        sq.index()
    }
    #[inline]
    fn square(i: usize) -> Square {
        Square::from_index(i as u8)
    }
    #[inline]
    fn plans(ch: &FixedChain) -> Option<&[RoutePlan<Bitboard>]> {
        Some(&ch.plans)
    }
    #[inline]
    fn usable(ch: &FixedChain) -> Bitboard {
        ch.usable
    }
}

impl PlanWord for u64 {
    #[inline]
    fn index(sq: Square) -> usize {
        narrow::n(sq)
    }
    #[inline]
    fn square(i: usize) -> Square {
        narrow::square(i)
    }
    #[inline]
    fn plans(ch: &FixedChain) -> Option<&[RoutePlan<u64>]> {
        ch.narrow_plans.as_deref()
    }
    #[inline]
    fn usable(ch: &FixedChain) -> u64 {
        ch.narrow_usable
    }
}

/// A fixed line of one or two parts laid out flat for the royal piece's count
/// ([`super::fixed_count::count_royal_pairs`]): per side, each alternative's first-part plans by
/// start index and its second part, read without following the line's
/// chains. Built ([`RoyalPairs::new`]) for a line on the narrow board whose
/// alternatives have one or two parts with narrow plans, none matching a
/// history pattern, whose pieces do not promote.
#[derive(Clone, Debug)]
pub(crate) struct RoyalPairs {
    pub alts: [Vec<PairAlt>; 2],
}

#[derive(Clone, Debug)]
pub(crate) struct PairAlt {
    pub plans0: Vec<RoutePlan<u64>>,
    pub second: Option<PairSecond>,
}

#[derive(Clone, Debug)]
pub(crate) struct PairSecond {
    pub kind: usize,
    pub unmoved_only: bool,
    pub usable: u64,
    pub plans: Vec<RoutePlan<u64>>,
}

impl RoyalPairs {
    /// The flat form of the fixed line `fx` whose parts' kinds are `kinds`
    /// (`needs_unmoved` per part), when it has the shape above; `promotes`:
    /// whether a piece of the line may promote.
    pub(crate) fn new(
        fx: &FixedLine,
        kinds: &[Kind],
        needs_unmoved: &[bool],
        promotes: bool,
    ) -> Option<RoyalPairs> {
        if promotes {
            return None;
        }
        let side_alts = |side: usize| -> Option<Vec<PairAlt>> {
            fx.alts[side]
                .iter()
                .map(|tuple| {
                    let (ch0, second) = match tuple.as_slice() {
                        [a] => (a, None),
                        [a, b] => (a, Some(b)),
                        _ => return None,
                    };
                    if ch0.patterns != 0 {
                        return None;
                    }
                    let second = match second {
                        None => None,
                        Some(ch1) => {
                            if ch1.patterns != 0 {
                                return None;
                            }
                            Some(PairSecond {
                                kind: kinds.get(1)?.index(),
                                unmoved_only: needs_unmoved.get(1).copied().unwrap_or(false),
                                usable: ch1.narrow_usable,
                                plans: ch1.narrow_plans.clone()?,
                            })
                        }
                    };
                    Some(PairAlt {
                        plans0: ch0.narrow_plans.clone()?,
                        second,
                    })
                })
                .collect()
        };
        Some(RoyalPairs {
            alts: [side_alts(0)?, side_alts(1)?],
        })
    }
}
