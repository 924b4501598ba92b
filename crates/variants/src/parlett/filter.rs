//! The capture filters of complex lines: could a complex line of a side
//! capture on a square at all? A cheap, conservative test (Q6 needs the full
//! evaluation only where it says yes), kept as tables over the board word:
//! the wide [`Bitboard`] for every board, and one `u64` for boards of at
//! most 8 x 8 (the same tables packed, so both answer alike).
//!
//! A line is near a square when each of its parts has a piece of its kind
//! (unmoved where the part needs it, and for a history rule at the rule's
//! distance from a unit the previous turn moved by its pattern), and one
//! part that can capture has its piece within reach of the square: at one of
//! its fixed landings for a fixed line ([`super::fixed`]), else within its
//! Chebyshev reach.

use super::fixed::{FixedLine, PlanWord};
use super::ir::{LastPart, Line, LineBody};
use super::narrow::{self, pack};
use frozen_core::{Bitboard, Side, Square};

/// One capture-capable line's filter over the board word `W`.
#[derive(Clone, Debug)]
pub(crate) struct CaptureFilter<W> {
    /// For a history rule: its pattern bit and, per side, `from[q]`: the
    /// squares from which it looks at a unit on `q`.
    history: Option<(u32, [Vec<W>; 2])>,
    /// A history rule that can capture only the unit that played its pattern
    /// ([`captures_only_the_mover`]).
    mover_only: bool,
    parts: Vec<FilterPart<W>>,
}

/// One part of a [`CaptureFilter`].
#[derive(Clone, Debug)]
struct FilterPart<W> {
    kind: usize,
    /// The part needs an unmoved piece.
    unmoved: bool,
    /// Per side, `sources[sq]`: the squares from which the part's piece
    /// could capture on `sq`; empty when the part never captures.
    sources: [Vec<W>; 2],
    /// Per side, `targets[from]`: the squares on which it could capture
    /// from `from` (the same relation forward).
    targets: [Vec<W>; 2],
}

impl CaptureFilter<Bitboard> {
    /// The filter of `line` (one that can capture; `fixed`: its routes when it is
    /// a fixed line), on the wide board.
    /// `within[sq][k]`: squares at Chebyshev distance at most `k`.
    pub(crate) fn wide(
        line: &Line,
        fixed: Option<&FixedLine>,
        within: &[[Bitboard; 17]; 256],
    ) -> CaptureFilter<Bitboard> {
        let all = || (0..256).map(|_| Bitboard::FULL).collect::<Vec<_>>();
        let history = match line.body {
            LineBody::History { pattern_bit, .. } => Some((
                pattern_bit,
                Side::ALL.map(|side| match line.history_from.as_deref() {
                    Some(t) => t[side.index()].to_vec(),
                    None => all(),
                }),
            )),
            _ => None,
        };
        let parts = line
            .pieces
            .iter()
            .enumerate()
            .map(|(pi, k)| {
                let capture = line.can_capture.get(pi).copied().unwrap_or(false);
                let reach = line.reach.get(pi).map_or(16, |r| (*r).min(16) as usize);
                let table = |forward: bool| {
                    Side::ALL.map(|by| {
                        if !capture {
                            return Vec::new();
                        }
                        (0..=255u8)
                            .map(|i| {
                                let sq = Square::from_index(i);
                                match (fixed, forward) {
                                    // A fixed route captures only at its fixed landings.
                                    (Some(fx), false) => fx.capture_sources(by, pi, sq),
                                    (Some(fx), true) => fx.capture_targets(by, pi, sq),
                                    (None, _) => within[sq.index()][reach],
                                }
                            })
                            .collect()
                    })
                };
                FilterPart {
                    kind: k.index(),
                    unmoved: line.needs_unmoved.get(pi).copied().unwrap_or(false),
                    sources: table(false),
                    targets: table(true),
                }
            })
            .collect();
        CaptureFilter {
            history,
            mover_only: captures_only_the_mover(&line.body),
            parts,
        }
    }

    /// The same filter on the narrow board (boards of at most 8 x 8).
    pub(crate) fn narrowed(&self) -> CaptureFilter<u64> {
        let map = |v: &Vec<Bitboard>| -> Vec<u64> {
            if v.is_empty() {
                return Vec::new();
            }
            (0..64)
                .map(|i| pack(v[narrow::square(i).index()]))
                .collect()
        };
        CaptureFilter {
            history: self
                .history
                .as_ref()
                .map(|(bit, from)| (*bit, [map(&from[0]), map(&from[1])])),
            mover_only: self.mover_only,
            parts: self
                .parts
                .iter()
                .map(|p| FilterPart {
                    kind: p.kind,
                    unmoved: p.unmoved,
                    sources: [map(&p.sources[0]), map(&p.sources[1])],
                    targets: [map(&p.targets[0]), map(&p.targets[1])],
                })
                .collect(),
        }
    }
}

impl<W: PlanWord> CaptureFilter<W> {
    /// Might this line of `by` capture on index `i`? `by_pieces` are the
    /// attacker's squares, `kind(k)` a kind's squares (any side), `unmoved`
    /// the squares of unmoved units (only the attacker's are read); `last`
    /// the previous turn as history rules see it (`None`: unknown, any
    /// pattern may have been played).
    #[inline]
    pub(crate) fn may_capture(
        &self,
        i: usize,
        by: Side,
        by_pieces: W,
        kind: &impl Fn(usize) -> W,
        unmoved: W,
        last: Option<&[LastPart]>,
    ) -> bool {
        // A history rule needs a unit of the previous turn moved by its
        // pattern, at its distance from the piece that plays it.
        let mut history_from = !W::ZERO;
        if let (Some((bit, from)), Some(parts)) = (&self.history, last) {
            history_from = W::ZERO;
            for p in parts.iter().filter(|p| p.patterns & bit != 0) {
                if let Some(&f) = from[by.index()].get(W::index(p.to)) {
                    history_from |= f;
                }
            }
            if !history_from.any() {
                return false;
            }
        }
        let mut near = false;
        for (pi, part) in self.parts.iter().enumerate() {
            let mut p = kind(part.kind) & by_pieces;
            if part.unmoved {
                p = p & unmoved;
            }
            if pi == 0 {
                p = p & history_from;
            }
            if !p.any() {
                return false;
            }
            if let Some(&src) = part.sources[by.index()].get(i) {
                near |= (p & src).any();
            }
        }
        near
    }

    /// The squares from which some part of the line could capture on
    /// index `i` for `by`: [`Self::may_capture`] says no when none of them
    /// holds a piece of `by`.
    #[inline]
    pub(crate) fn capture_sources(&self, by: Side, i: usize) -> W {
        self.parts.iter().fold(W::ZERO, |m, part| {
            m | part.sources[by.index()].get(i).copied().unwrap_or(W::ZERO)
        })
    }

    /// Is the filter's line a history rule that can capture only the unit
    /// that played its pattern in the previous turn
    /// ([`captures_only_the_mover`])?
    #[inline]
    pub(crate) fn mover_only(&self) -> bool {
        self.mover_only
    }

    /// Does the filter's line need a history pattern in the previous turn (so
    /// that after a turn matching none its [`Self::reach`] is empty)?
    #[inline]
    pub(crate) fn history_only(&self) -> bool {
        self.history.is_some()
    }

    /// The set form of [`Self::may_capture`] for a previous turn that
    /// matched no history pattern: every index for which it would say
    /// `true`, and no other.
    #[inline]
    pub(crate) fn reach(
        &self,
        by: Side,
        by_pieces: W,
        kind: &impl Fn(usize) -> W,
        unmoved: W,
    ) -> W {
        // A history rule needs a pattern move in the previous turn.
        if self.history.is_some() {
            return W::ZERO;
        }
        let mut out = W::ZERO;
        for part in &self.parts {
            let mut p = kind(part.kind) & by_pieces;
            if part.unmoved {
                p = p & unmoved;
            }
            if !p.any() {
                return W::ZERO;
            }
            let targets = &part.targets[by.index()];
            if targets.is_empty() {
                continue;
            }
            while let Some(i) = p.nearest(true) {
                p = p & !W::bit(i);
                if let Some(&t) = targets.get(i) {
                    out |= t;
                }
            }
        }
        out
    }
}

/// Can the line `body` capture nothing but the unit that played its pattern
/// in the previous turn? True for a history rule looking at exactly one
/// distance (`If piece at 1= played oi2> last turn then c1=.o1>`) every chain
/// of which starts with a plain slide or leap of exactly that distance in the
/// rule's own direction (the evaluator binds the direction the rule found the
/// unit in, so the step lands on that unit's square) and then never captures
/// again (every later step `o`, no locust). En passant is the usual one: it
/// takes the pawn that made the double step, never another piece. Anything
/// else (another first step, a group or label reference) makes the answer
/// `false`.
pub(crate) fn captures_only_the_mover(body: &LineBody) -> bool {
    use super::ast::{CaptureRule, MoveKind};
    use super::ir::{IrDist, IrPrim, IrTarget};
    let LineBody::History {
        dist: IrDist::Exactly(d0),
        dir: dir0,
        then,
        ..
    } = body
    else {
        return false;
    };
    let lands_on_the_mover = |p: &IrPrim| {
        matches!(p, IrPrim::Step(s)
            if !s.rider
                && s.kind != MoveKind::Locust
                && matches!(&s.target,
                    IrTarget::Line { dist: IrDist::Exactly(d), dir } if d == d0 && dir == dir0))
    };
    let never_captures = |p: &IrPrim| {
        matches!(p, IrPrim::Step(s)
            if s.capture == CaptureRule::Never && s.kind != MoveKind::Locust)
    };
    !then.is_empty()
        && then.iter().all(|ch| match ch.units.split_first() {
            Some(((first, _), rest)) => {
                lands_on_the_mover(&first.prim) && rest.iter().all(|(u, _)| never_captures(&u.prim))
            }
            None => false,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The body of the history rule of `fide` with `then` as its chain.
    fn history_body(then: &str) -> LineBody {
        let set = include_str!("../../../../fixtures/variants/fide.ron").replace(
            "\"P: If piece at 1= played oi2> last turn then c1=.o1>\"",
            &format!("\"P: If piece at 1= played oi2> last turn then {then}\""),
        );
        let rules = crate::parlett::load_set(&set).expect("the variant loads");
        rules
            .c()
            .lines
            .iter()
            .find(|l| matches!(l.body, LineBody::History { .. }))
            .expect("a history rule")
            .body
            .clone()
    }

    #[test]
    fn en_passant_captures_only_the_pawn_that_made_the_double_step() {
        assert!(captures_only_the_mover(&history_body("c1=.o1>")));
        // The capture alone, or a quiet leap after it.
        assert!(captures_only_the_mover(&history_body("c1=")));
        assert!(captures_only_the_mover(&history_body("c1=.o~1>")));
    }

    #[test]
    fn history_rules_that_may_capture_another_unit_are_not_mover_only() {
        // A second step that may capture, a capture at another distance or in
        // another direction, a locust, a capture only after a quiet step.
        for then in ["c1=.1+", "c2=.o1>", "c1+.o1>", "^1=", "o1>.c1="] {
            assert!(
                !captures_only_the_mover(&history_body(then)),
                "{then} is not mover-only"
            );
        }
    }
}
