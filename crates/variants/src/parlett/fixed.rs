//! Fixed lines: complex lines whose every step has one vector and one distance
//! (castling is the usual one: `K;R: is0.os1r.os1r; ~i2l`).
//!
//! Such a line has, for each side and start square, exactly one route per part,
//! so the tree-walking evaluator ([`super::engine::Ev`]) is not needed: the
//! route is followed on bitboards, with the `s` tests done by the attack
//! tables. The outcome is the evaluator's, effect for effect and in the same
//! order (A.4 of the notation, PAR-MULT-01..03, PAR-COND-01..04); where the
//! tables cannot decide an `s` test (a complex line of the opponent might
//! capture), [`run_fixed`] says so and the caller runs the evaluator instead.
//!
//! What makes a line fixed: a single-piece or multi-piece line (no history
//! rule) whose chains are made only of plain steps (no `?`, no `!`, no groups,
//! labels or tile labels, no riders, no locust), each a stand-still `0` or a
//! slide or leap of exactly `k` squares in a direction that gives one vector
//! for the side, and that never captures (`o`).

use super::ast::{CaptureRule, Direction, MoveKind};
use super::engine::{
    dir_vectors, last_parts, offset_sq, Compiled, Effect, IrChain, IrDist, IrPrim, IrTarget,
    LineBody,
};
use super::narrow::{self, pack, Danger, NarrowNode};
use super::rules::ParlettState;
use super::simple::{narrow_squares, Word};
use frozen_core::{Bitboard, Kind, Position, Shape, Side, Square, UnitId};
use smallvec::SmallVec;

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

/// The most parts a fixed line may have (a longer one is left to the evaluator).
const MAX_PARTS: usize = 8;

/// (unit, from, where it is now, pattern bits) of one placed part.
pub(crate) type Part = (UnitId, Square, Square, u32);

/// The placed parts, inline (the walk's hot data).
#[derive(Clone, Copy)]
struct Parts {
    items: [Part; MAX_PARTS],
    len: usize,
}

impl Parts {
    fn new() -> Parts {
        let none = (UnitId(0), Square::from_index(0), Square::from_index(0), 0);
        Parts {
            items: [none; MAX_PARTS],
            len: 0,
        }
    }

    /// Places one more part; `false` (nothing placed) when full.
    fn push(&mut self, p: Part) -> bool {
        match self.items.get_mut(self.len) {
            Some(slot) => {
                *slot = p;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    fn pop(&mut self) {
        self.len = self.len.saturating_sub(1);
    }
}

impl std::ops::Deref for Parts {
    type Target = [Part];
    fn deref(&self) -> &[Part] {
        &self.items[..self.len]
    }
}

impl std::ops::DerefMut for Parts {
    fn deref_mut(&mut self) -> &mut [Part] {
        &mut self.items[..self.len]
    }
}

/// The walk of one fixed line: the position, the parts placed so far and the
/// occupancy they make.
struct Walk<'a> {
    c: &'a Compiled,
    pos: &'a Position<ParlettState>,
    side: Side,
    /// The opponent's pieces (a fixed line never captures, so they stay).
    by: Bitboard,
    /// Squares of unmoved units, as the attack tables need them.
    unmoved: Bitboard,
    occ: Bitboard,
    /// The parts placed so far.
    parts: Parts,
    /// An `s` test the tables could not decide.
    undecided: bool,
    /// This node's narrow views, for the narrow attack tables.
    nn: Option<&'a NarrowNode>,
    /// The opponent's captures as sets, when the side has one royal piece
    /// (made on first use).
    danger: Option<&'a dyn Fn() -> Option<Danger>>,
    found: SmallVec<[Effect; 4]>,
}

impl Walk<'_> {
    /// The unit on `sq` now.
    fn at(&self, sq: Square) -> Option<UnitId> {
        if let Some(p) = self.parts.iter().find(|p| p.2 == sq) {
            return Some(p.0);
        }
        if self.parts.iter().any(|p| p.1 == sq) {
            return None;
        }
        self.pos.unit_at(sq)
    }

    /// Q6 on the tables: could the opponent capture the piece standing on `sq`?
    fn capturable(&mut self, sq: Square) -> bool {
        // The royal piece walking alone, on a route that matches no history
        // pattern: the node's sets answer exactly (`Danger::royal_safe`).
        if let (Some(danger), &[(u, start, cur, 0)]) = (self.danger, &self.parts[..]) {
            let royal = Some(self.pos.unit(u).kind) == self.c.royal;
            let d = if royal && cur == sq { danger() } else { None };
            if let Some(d) = d.filter(|d| d.royal == start) {
                return match d.royal_safe(sq) {
                    Some(safe) => !safe,
                    None => {
                        self.undecided = true;
                        false
                    }
                };
            }
        }
        let opp = self.side.opposite();
        let pos = self.pos;
        let kb = |k: usize| pos.kind_bb(Kind(k as u8));
        if self
            .c
            .attacked(sq, opp, self.occ, self.by, kb, self.unmoved, self.nn)
        {
            return true;
        }
        // The previous turn as the opponent's history rules would see it:
        // the parts moved so far.
        let last = last_parts(&self.parts);
        if self
            .c
            .complex_may_capture(sq, opp, self.by, kb, self.unmoved, Some(&last), self.nn)
        {
            self.undecided = true;
        }
        false
    }

    /// Follows one part's route from its current square; `Some(end)` if it
    /// is playable. The walk's occupancy is left with the piece on `end`.
    fn route(&mut self, i: usize, ch: &FixedChain) -> Option<Square> {
        let (u, _, start, _) = self.parts[i];
        let moved = self.pos.unit(u).status.moved;
        let mut cur = start;
        for st in &ch.steps {
            if (st.initial && moved) || (st.k == 0 && st.capture == CaptureRule::Only) {
                return self.back(i, start, cur);
            }
            if st.k > 0 {
                let mut t = cur;
                for j in 1..=i32::from(st.k) {
                    let Some(s) = offset_sq(
                        cur,
                        self.c.shape,
                        i32::from(st.df) * j,
                        i32::from(st.dr) * j,
                    ) else {
                        return self.back(i, start, cur);
                    };
                    let last = j == i32::from(st.k);
                    if self.occ.contains(s) {
                        if last && self.by.contains(s) && st.capture != CaptureRule::Never {
                            // Landing on an enemy: a capture, left to the evaluator.
                            self.undecided = true;
                            return None;
                        }
                        if last || st.slide {
                            return self.back(i, start, cur);
                        }
                    }
                    t = s;
                }
                if st.capture == CaptureRule::Only {
                    // Nothing to capture on an empty square.
                    return self.back(i, start, cur);
                }
                self.occ.clear(cur);
                self.occ.set(t);
                cur = t;
                self.parts[i].2 = cur;
            }
            if st.safe && self.capturable(cur) {
                return self.back(i, start, cur);
            }
            if self.undecided {
                return None;
            }
        }
        Some(cur)
    }

    /// Puts part `i` back on `start` (from `cur`); no route.
    fn back(&mut self, i: usize, start: Square, cur: Square) -> Option<Square> {
        self.occ.clear(cur);
        self.occ.set(start);
        self.parts[i].2 = start;
        None
    }

    /// Places part `p` of an alternative and the parts after it.
    fn part(&mut self, tuple: &[FixedChain], kinds: &[Kind], needs_unmoved: &[bool], p: usize) {
        let Some(ch) = tuple.get(p) else {
            self.found.push(Effect {
                parts: SmallVec::from_slice(&self.parts),
                caps: SmallVec::new(),
            });
            return;
        };
        if p == 0 {
            let Some(first) = self.parts.first_mut() else {
                return;
            };
            first.3 = ch.patterns;
            if let Some(end) = self.route(0, ch) {
                self.part(tuple, kinds, needs_unmoved, 1);
                let start = self.parts[0].1;
                self.back(0, start, end);
            }
            return;
        }
        let Some(&kind) = kinds.get(p) else { return };
        let unmoved_only = needs_unmoved.get(p).copied().unwrap_or(false);
        for s in self.candidate_squares(kind) {
            let Some(u) = self.candidate(s, unmoved_only) else {
                continue;
            };
            if !self.parts.push((u, s, s, ch.patterns)) {
                return;
            }
            if let Some(end) = self.route(p, ch) {
                self.part(tuple, kinds, needs_unmoved, p + 1);
                self.back(p, s, end);
            }
            self.parts.pop();
            if self.undecided {
                return;
            }
        }
    }
}

impl Walk<'_> {
    /// Candidates for a part of letter `kind`: own pieces of that kind where
    /// they stand now; see [`Self::candidate`].
    fn candidate_squares(&self, kind: Kind) -> Bitboard {
        let mut bb = self.pos.kind_bb(kind) & self.pos.side_bb(self.side);
        for &(u, f, t, _) in self.parts.iter() {
            if self.pos.unit(u).kind == kind {
                bb.clear(f);
                bb.set(t);
            }
        }
        bb
    }

    /// The unit on candidate square `s` if it may play the part: not yet in
    /// the move (PAR-MULT-01), unmoved where every alternative starts with
    /// `i`. Candidates are tried in the order of their squares.
    fn candidate(&self, s: Square, unmoved_only: bool) -> Option<UnitId> {
        let u = self.at(s)?;
        let taken = self.parts.iter().any(|x| x.0 == u);
        let spent = unmoved_only && self.pos.unit(u).status.moved;
        (!taken && !spent).then_some(u)
    }
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

/// What [`plan_fixed`] reads of a node, over the board word `W`.
struct PlanNode<'a, W> {
    /// Every piece, and the opponent's pieces.
    pub occ: W,
    pub by: W,
    /// The side's own pieces of a kind.
    pub own_kind: &'a dyn Fn(Kind) -> W,
    /// The royal piece's square and the opponent's captures as sets
    /// ([`Danger`]'s `simple` and `complex`), made on first use; `None` when
    /// the node has none (then no `s` test is decided on the plans).
    pub danger: &'a dyn Fn() -> Option<(Square, W, W)>,
}

/// The route plans of one fixed line followed on sets, part by part.
struct Planner<'a, W> {
    c: &'a Compiled,
    pos: &'a Position<ParlettState>,
    node: &'a PlanNode<'a, W>,
    occ: W,
    /// The parts placed so far.
    parts: Parts,
    leaf: &'a mut dyn FnMut(&[Part]),
}

impl<W: PlanWord> Planner<'_, W> {
    /// Places part `p` of an alternative and the parts after it, sending
    /// each complete placement to `leaf`; `false` when a plan cannot decide.
    fn part(
        &mut self,
        tuple: &[FixedChain],
        kinds: &[Kind],
        needs_unmoved: &[bool],
        p: usize,
    ) -> bool {
        let Some(ch) = tuple.get(p) else {
            (self.leaf)(&self.parts);
            return true;
        };
        if p == 0 {
            let Some(first) = self.parts.first_mut() else {
                return true;
            };
            first.3 = ch.patterns;
            return self.try_part(tuple, kinds, needs_unmoved, 0, ch);
        }
        let Some(&kind) = kinds.get(p) else {
            return true;
        };
        let unmoved_only = needs_unmoved.get(p).copied().unwrap_or(false);
        // A square that a placed part left or stands on holds no candidate:
        // the unit there is already in the move, or gone (PAR-MULT-01).
        let mut placed = W::ZERO;
        for &(_, f, t, _) in self.parts.iter() {
            placed |= W::bit(W::index(f)) | W::bit(W::index(t));
        }
        // Candidates whose route leaves the board are skipped: `try_part`
        // would find "no move" for them.
        let mut cands = (self.node.own_kind)(kind) & !placed & W::usable(ch);
        while let Some(i) = cands.nearest(true) {
            cands = cands & !W::bit(i);
            let s = W::square(i);
            let Some(u) = self.pos.unit_at(s) else {
                continue;
            };
            if unmoved_only && self.pos.unit(u).status.moved {
                continue;
            }
            if !self.parts.push((u, s, s, ch.patterns)) {
                return false;
            }
            let decided = self.try_part(tuple, kinds, needs_unmoved, p, ch);
            self.parts.pop();
            if !decided {
                return false;
            }
        }
        true
    }

    /// Part `p` (placed on its start square) on its plan, then the parts
    /// after it; `false` when undecided.
    fn try_part(
        &mut self,
        tuple: &[FixedChain],
        kinds: &[Kind],
        needs_unmoved: &[bool],
        p: usize,
        ch: &FixedChain,
    ) -> bool {
        let (u, start, _, patterns) = self.parts[p];
        let Some(plan) = W::plans(ch).and_then(|ps| ps.get(W::index(start))) else {
            return false;
        };
        if plan.off || (plan.initial && self.pos.unit(u).status.moved) {
            return true;
        }
        let blocked = self.occ & plan.need;
        if blocked.any() {
            // Blocked, unless the block is a capture.
            return !(blocked & self.node.by & plan.may_capture).any();
        }
        if plan.capture {
            return true;
        }
        if plan.safe.any() {
            // Only the royal piece setting off alone, matching no history
            // pattern, is answered by the node's sets (`Danger::royal_safe`).
            let royal = p == 0 && patterns == 0 && Some(self.pos.unit(u).kind) == self.c.royal;
            let Some((_, simple, complex)) = royal
                .then(|| (self.node.danger)())
                .flatten()
                .filter(|d| d.0 == start)
            else {
                return false;
            };
            if (plan.safe & simple).any() {
                return true;
            }
            if (plan.safe & complex).any() {
                return false;
            }
        }
        let (s, e) = (W::bit(W::index(start)), W::bit(W::index(plan.end)));
        let before = self.occ;
        self.occ = (self.occ & !s) | e;
        self.parts[p].2 = plan.end;
        let decided = self.part(tuple, kinds, needs_unmoved, p + 1);
        self.occ = before;
        self.parts[p].2 = start;
        decided
    }
}

/// A fixed line for the unit `first` (the first part's piece) on the route
/// plans alone: sends every placement of its parts that makes a move to
/// `leaf`, in the evaluator's order. `false` (some placements may have been
/// sent) when a plan cannot decide: a capture on the way, or an `s` test the
/// node's sets cannot answer; then only [`run_fixed`] can tell.
#[allow(clippy::too_many_arguments)]
fn plan_fixed<W: PlanWord>(
    c: &Compiled,
    pos: &Position<ParlettState>,
    fx: &FixedLine,
    kinds: &[Kind],
    needs_unmoved: &[bool],
    first: UnitId,
    node: &PlanNode<'_, W>,
    leaf: &mut dyn FnMut(&[Part]),
) -> bool {
    let un = pos.unit(first);
    let Some(start) = un.loc.square() else {
        return true;
    };
    let mut pl = Planner {
        c,
        pos,
        node,
        occ: node.occ,
        parts: Parts::new(),
        leaf,
    };
    for tuple in &fx.alts[un.side.index()] {
        pl.parts = Parts::new();
        pl.parts.push((first, start, start, 0));
        pl.occ = node.occ;
        if !pl.part(tuple, kinds, needs_unmoved, 0) {
            return false;
        }
    }
    true
}

/// [`plan_fixed`] on the narrow board, with the node's narrow views `nn` and,
/// for the royal piece's `s` tests, the node's [`Danger`] (made on first use).
#[allow(clippy::too_many_arguments)]
pub(crate) fn plan_narrow(
    c: &Compiled,
    pos: &Position<ParlettState>,
    fx: &FixedLine,
    kinds: &[Kind],
    needs_unmoved: &[bool],
    first: UnitId,
    nn: &NarrowNode,
    danger: Option<&dyn Fn() -> Option<Danger>>,
    leaf: &mut dyn FnMut(&[Part]),
) -> bool {
    let side = pos.unit(first).side;
    let own = nn.side[side.index()];
    let own_kind = |k: Kind| nn.kind(k.index()) & own;
    let sets = || {
        danger
            .and_then(|d| d())
            .map(|d| (d.royal, d.simple, d.complex))
    };
    let node = PlanNode {
        occ: nn.side[0] | nn.side[1],
        by: nn.side[side.opposite().index()],
        own_kind: &own_kind,
        danger: &sets,
    };
    plan_fixed(c, pos, fx, kinds, needs_unmoved, first, &node, leaf)
}

/// Runs a fixed line for the unit `first` (the first part's piece), sending
/// its effects to `sink` in the evaluator's order. Returns `false`, sending
/// nothing, when an `s` test needs the evaluator.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_fixed(
    c: &Compiled,
    pos: &Position<ParlettState>,
    fx: &FixedLine,
    kinds: &[Kind],
    needs_unmoved: &[bool],
    first: UnitId,
    unmoved: Bitboard,
    nn: Option<&NarrowNode>,
    danger: Option<&dyn Fn() -> Option<Danger>>,
    sink: &mut dyn FnMut(Effect),
) -> bool {
    let un = pos.unit(first);
    let side = un.side;
    let Some(start) = un.loc.square() else {
        return true;
    };
    // On the route plans first (narrow ones when the node has its narrow
    // views); step by step when they cannot decide.
    let mut found: SmallVec<[Effect; 4]> = SmallVec::new();
    let mut leaf = |parts: &[Part]| {
        found.push(Effect {
            parts: SmallVec::from_slice(parts),
            caps: SmallVec::new(),
        })
    };
    let opp = side.opposite();
    let planned = match nn {
        Some(nn) => plan_narrow(
            c,
            pos,
            fx,
            kinds,
            needs_unmoved,
            first,
            nn,
            danger,
            &mut leaf,
        ),
        None => {
            let own_kind = |k: Kind| pos.pieces(side, k);
            let node = PlanNode {
                occ: pos.occupied(),
                by: pos.side_bb(opp),
                own_kind: &own_kind,
                danger: &|| None,
            };
            plan_fixed(c, pos, fx, kinds, needs_unmoved, first, &node, &mut leaf)
        }
    };
    if planned {
        for e in found {
            sink(e);
        }
        return true;
    }
    let mut w = Walk {
        c,
        pos,
        side,
        by: pos.side_bb(opp),
        unmoved,
        occ: pos.occupied(),
        parts: Parts::new(),
        undecided: false,
        found: SmallVec::new(),
        nn,
        danger,
    };
    for tuple in &fx.alts[side.index()] {
        w.parts = Parts::new();
        w.parts.push((first, start, start, 0));
        w.occ = pos.occupied();
        w.part(tuple, kinds, needs_unmoved, 0);
        if w.undecided {
            return false;
        }
    }
    for e in w.found {
        sink(e);
    }
    true
}
