//! Running a fixed line ([`super::fixed`]) for a unit: its routes followed on the route
//! plans over the node's sets, or step by step on bitboards where a plan cannot decide
//! (a capture on the way, an `s` test the sets cannot answer). The outcome is the
//! evaluator's, effect for effect and in the same order (A.4 of the notation,
//! PAR-MULT-01..03, PAR-COND-01..04); where the tables cannot decide an `s` test (a
//! complex line of the opponent might capture), [`run_fixed`] says so and the caller
//! runs the evaluator instead.
//!
//! Uses [`super::ir`], [`super::narrow`], [`super::fixed`], [`super::fixed_count`] (lines of
//! one or two parts on masks first), [`super::compiled`] and [`super::eval`] (the [`Effect`]
//! it gives).

use super::ast::CaptureRule;
use super::compiled::Compiled;
use super::eval::Effect;
use super::fixed::{FixedChain, FixedLine, PlanWord, MAX_PARTS};
use super::fixed_count::plan_pairs;
use super::ir::{last_parts, offset_sq, ParlettState};
use super::narrow::{Danger, NarrowNode};
use frozen_core::{Bitboard, Kind, Position, Side, Square, UnitId};
use smallvec::SmallVec;
use std::cell::RefCell;

pub(crate) use super::fixed::Part;

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
    let found: RefCell<SmallVec<[Effect; 4]>> = RefCell::new(SmallVec::new());
    let mut leaf = |parts: &[Part]| {
        found.borrow_mut().push(Effect {
            parts: SmallVec::from_slice(parts),
            caps: SmallVec::new(),
        })
    };
    let opp = side.opposite();
    let planned = match nn {
        Some(nn) => {
            // With masks where that decides (one or two parts), else walked.
            let none = || None;
            let sets = danger.unwrap_or(&none);
            plan_pairs(c, pos, fx, kinds, needs_unmoved, first, nn, sets, &mut leaf) || {
                found.borrow_mut().clear();
                plan_narrow(
                    c,
                    pos,
                    fx,
                    kinds,
                    needs_unmoved,
                    first,
                    nn,
                    danger,
                    &mut leaf,
                )
            }
        }
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
        for e in found.into_inner() {
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
