//! History rules that capture the unit which played their pattern and then
//! step on by fixed vectors (en passant: `If piece at 1= played oi2> last turn
//! then c1=.o1>`), run on the position without the evaluator (PAR-HIST-01).
//!
//! Such a rule finds the unit at its exact distance along one of its
//! direction's vectors, lands on it with its first step (a capture), then
//! makes quiet steps of one vector and one distance each. Its outcome follows
//! from the occupancy alone, so [`MoverLine::effects`] gives the evaluator's
//! effects, in the evaluator's order, reading the position directly: no
//! scratch board, no tree walk. A rule of any other shape (a `?`, a group or
//! label, a tile, a rider or locust, an `s` test, a stand-still, a second
//! chain, a later step that may capture, a direction of several vectors after
//! the first step) is not one: the evaluator runs it as before.
//!
//! Uses [`super::ast`] and [`super::ir`]; the caller makes the effect.

use super::ast::{CaptureRule, Direction, MoveKind};
use super::ir::{dir_vectors, offset, IrChain, IrDist, IrPrim, IrTarget, LastPart, LineBody};
use frozen_core::{Position, Shape, Side, Square, UnitId, VariantState};

/// One move of a [`MoverLine`]: the unit's part (unit, from, where it ends,
/// the chain's pattern bits) and the capture (the unit taken, its square).
pub(crate) type MoverMove = ((UnitId, Square, Square, u32), (UnitId, Square));
use smallvec::SmallVec;

/// One quiet step after the capture: per side its vector, the distance, and
/// whether the squares passed must be empty (a slide) or not (a leap).
#[derive(Clone, Debug)]
struct QuietStep {
    vec: [(i8, i8); 2],
    /// The step runs along the rule's own direction: it takes the vector the
    /// rule found the unit along, as the evaluator binds it.
    bound: bool,
    k: u32,
    slide: bool,
    initial: bool,
}

/// A history rule of the shape above, compiled.
#[derive(Clone, Debug)]
pub(crate) struct MoverLine {
    pattern_bit: u32,
    /// The rule's distance (the first step's too).
    dist: u32,
    /// The rule's direction's vectors, per side, in the evaluator's order.
    vecs: [SmallVec<[(i8, i8); 8]>; 2],
    /// The first step: a slide (the squares before the unit must be empty)
    /// and whether it needs an unmoved piece.
    first_slide: bool,
    first_initial: bool,
    rest: SmallVec<[QuietStep; 2]>,
    /// The history-pattern bits of the chain (what the next turn's rules see).
    patterns: u32,
}

impl MoverLine {
    /// The compiled form of `body` when it has the shape above, else `None`.
    pub(crate) fn new(body: &LineBody, chain_patterns: &[u32]) -> Option<MoverLine> {
        let LineBody::History {
            dist: IrDist::Exactly(d0),
            dir,
            pattern_bit,
            then,
        } = body
        else {
            return None;
        };
        let [chain] = then.as_slice() else {
            return None;
        };
        let steps = plain_steps(chain)?;
        let (first, rest) = steps.split_first()?;
        // The first step lands on the unit: the rule's distance and direction,
        // and it may capture.
        if first.k != *d0 || first.dir != *dir || first.capture == CaptureRule::Never || *d0 == 0 {
            return None;
        }
        let mut quiet = SmallVec::new();
        for st in rest {
            if st.capture != CaptureRule::Never || st.k == 0 {
                return None;
            }
            let bound = st.dir == *dir;
            let vec = Side::ALL.map(|side| {
                let v = dir_vectors(Direction::ALL[st.dir as usize], side);
                (v.len() == 1).then(|| v[0])
            });
            let vec = match vec {
                _ if bound => [(0, 0); 2],
                [Some(w), Some(b)] => [w, b],
                _ => return None,
            };
            quiet.push(QuietStep {
                vec,
                bound,
                k: st.k,
                slide: st.slide,
                initial: st.initial,
            });
        }
        Some(MoverLine {
            pattern_bit: *pattern_bit,
            dist: *d0,
            vecs: Side::ALL.map(|side| dir_vectors(Direction::ALL[*dir as usize], side)),
            first_slide: first.slide,
            first_initial: first.initial,
            rest: quiet,
            patterns: chain_patterns.get(chain.id as usize).copied().unwrap_or(0),
        })
    }

    /// The moves of the rule for unit `u` of `side` on `from` (`moved`:
    /// whether it has moved), after the previous turn `last`: one per vector
    /// along which it finds a unit that played the pattern and every step
    /// after the capture can be made, in the evaluator's order (each is the
    /// effect of one part and one capture).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn effects<S: VariantState>(
        &self,
        pos: &Position<S>,
        shape: Shape,
        u: UnitId,
        from: Square,
        side: Side,
        moved: bool,
        last: &[LastPart],
        out: &mut dyn FnMut(MoverMove),
    ) {
        if self.first_initial && moved {
            return;
        }
        let at = |df: i32, dr: i32, sq: Square| offset(sq, shape, df, dr);
        for &(df, dr) in &self.vecs[side.index()] {
            let (df, dr) = (i32::from(df), i32::from(dr));
            let d = self.dist as i32;
            let Some(q) = at(df * d, dr * d, from) else {
                continue;
            };
            let Some(other) = pos.unit_at(q) else {
                continue;
            };
            let hit = last
                .iter()
                .any(|p| p.unit == other && p.to == q && p.patterns & self.pattern_bit != 0);
            // The landing captures an enemy (never the unit itself or an own piece).
            if !hit || other == u || pos.unit(other).side == side {
                continue;
            }
            // A slide passes empty squares only.
            let passed_clear = !self.first_slide
                || (1..d)
                    .all(|j| at(df * j, dr * j, from).is_some_and(|s| pos.unit_at(s).is_none()));
            if !passed_clear {
                continue;
            }
            // After the capture: `from` and the captured unit's square are empty.
            let occupied = |s: Square| s != from && s != q && pos.unit_at(s).is_some();
            let mut cur = q;
            let mut ok = true;
            for st in &self.rest {
                if st.initial && moved {
                    ok = false;
                    break;
                }
                let (sf, sr) = if st.bound {
                    (df, dr)
                } else {
                    let v = st.vec[side.index()];
                    (i32::from(v.0), i32::from(v.1))
                };
                let k = st.k as i32;
                let Some(t) = at(sf * k, sr * k, cur) else {
                    ok = false;
                    break;
                };
                let passed = (1..k)
                    .all(|j| at(sf * j, sr * j, cur).is_some_and(|s| !st.slide || !occupied(s)));
                if !passed || occupied(t) {
                    ok = false;
                    break;
                }
                cur = t;
            }
            if ok {
                out(((u, from, cur, self.patterns), (other, q)));
            }
        }
    }
}

/// One step of a chain as a plain line step: its distance, direction,
/// capture rule, and whether it slides; `None` for anything else.
struct PlainStep {
    k: u32,
    dir: u8,
    capture: CaptureRule,
    slide: bool,
    initial: bool,
}

/// The chain's units as [`PlainStep`]s, when every one is a plain step: no
/// `?`, no `!`, no tiles, no group or label, no rider, locust or `s`, a line
/// target of an exact distance.
fn plain_steps(chain: &IrChain) -> Option<SmallVec<[PlainStep; 4]>> {
    chain
        .units
        .iter()
        .map(|(unit, tested)| {
            let IrPrim::Step(s) = &unit.prim else {
                return None;
            };
            let plain = !*tested
                && !unit.invalid
                && unit.tiles.is_empty()
                && !s.rider
                && !s.safe
                && s.kind != MoveKind::Locust;
            match (&s.target, plain) {
                (
                    IrTarget::Line {
                        dist: IrDist::Exactly(k),
                        dir,
                    },
                    true,
                ) => Some(PlainStep {
                    k: *k,
                    dir: *dir,
                    capture: s.capture,
                    slide: s.kind == MoveKind::Slide,
                    initial: s.initial,
                }),
                _ => None,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parlett::board::Board;
    use crate::parlett::eval::{Effect, Ev};
    use crate::parlett::load_set;
    use frozen_core::harness::Rng;
    use frozen_core::{NoEvents, Rules};

    /// `fide` with `then` as its history rule's chain (`at`: the rule's
    /// distance and direction).
    fn fide_with(at: &str, then: &str) -> crate::parlett::set::ParlettRules {
        let set = include_str!("../../../../fixtures/variants/fide.ron").replace(
            "\"P: If piece at 1= played oi2> last turn then c1=.o1>\"",
            &format!("\"P: If piece at {at} played oi2> last turn then {then}\""),
        );
        load_set(&set).expect("the variant loads")
    }

    fn history_line(rules: &crate::parlett::set::ParlettRules) -> usize {
        let c = rules.c();
        (0..c.lines.len())
            .find(|&li| matches!(c.lines[li].body, LineBody::History { .. }))
            .expect("a history rule")
    }

    #[test]
    fn mover_lines_give_the_evaluators_effects_in_its_order() {
        // En passant, the capture alone, longer slides and leaps after it, a
        // step along the bound direction, a step back, and a rule two files away.
        let shapes = [
            ("1=", "c1=.o1>"),
            ("1=", "c1="),
            ("1=", "c1=.o2>"),
            ("1=", "c1=.o~2>"),
            ("1=", "c1=.o1>.o1="),
            ("1=", "c1=.o1<"),
            ("1=", "1=.o1>"),
            ("2=", "c2=.o1>"),
            ("2=", "c~2=.o1>"),
        ];
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            // Pawns waiting beside the squares the other side's double steps reach.
            "4k3/pppppppp/8/1P1P1P1P/p1p1p1p1/8/PPPPPPPP/4K3 w - - 0 1",
            "4k3/pppppppp/8/P1P1P1P1/1p1p1p1p/8/PPPPPPPP/4K3 b - - 0 1",
        ];
        let mut compared = 0usize;
        let mut found = 0usize;
        for (si, (at, then)) in shapes.iter().enumerate() {
            let rules = fide_with(at, then);
            let c = rules.c();
            let li = history_line(&rules);
            let ml = c
                .mover_line(li)
                .unwrap_or_else(|| panic!("{then} compiles to a mover line"));
            let mut rng = Rng::new(si as u64 + 1);
            let pawn = c.kinds.iter().position(|k| k.history_only);
            for fen in fens {
                for _game in 0..12 {
                    let mut pos = rules.position_from_fen(fen).expect("FEN");
                    for _ply in 0..60 {
                        if pos.result().is_some() {
                            break;
                        }
                        let side = pos.to_move();
                        for u in pos.unit_ids() {
                            let un = pos.unit(u).clone();
                            let Some(from) = un.loc.square() else {
                                continue;
                            };
                            if un.side != side || Some(un.kind.index()) != pawn {
                                continue;
                            }
                            let last = &pos.state().last;
                            let mut fast = Vec::new();
                            ml.effects(
                                &pos,
                                c.shape,
                                u,
                                from,
                                side,
                                un.status.moved,
                                last,
                                &mut |(p, x)| {
                                    fast.push(Effect {
                                        parts: SmallVec::from_slice(&[p]),
                                        caps: SmallVec::from_slice(&[x]),
                                    })
                                },
                            );
                            let mut board = Board::from_pos(&pos);
                            let mut ev = Ev::new(c, &mut board, side, last.clone());
                            let mut slow = Vec::new();
                            ev.run_line(li, u, &mut |e| slow.push(e));
                            assert_eq!(
                                fast,
                                slow,
                                "{then} for {u} on {from} in {:?}",
                                rules.to_fen(&pos)
                            );
                            compared += 1;
                            found += slow.len();
                        }
                        let mut acts = Vec::new();
                        rules.actions(&pos, &mut acts);
                        if acts.is_empty() {
                            break;
                        }
                        // Double steps half the time: they make the rule's chances.
                        let double = |a: &frozen_core::Action| {
                            let (Some(f), Some(t)) = (a.from(), a.to()) else {
                                return false;
                            };
                            let unit = pos.unit_at(f).map(|u| pos.unit(u).kind.index());
                            unit == pawn && f.file() == t.file() && f.rank().abs_diff(t.rank()) == 2
                        };
                        let doubles: Vec<_> = acts.iter().filter(|a| double(a)).collect();
                        let a = if !doubles.is_empty() && rng.below(2) == 0 {
                            doubles[rng.below(doubles.len())].clone()
                        } else {
                            acts[rng.below(acts.len())].clone()
                        };
                        rules.perform(&mut pos, &a, &mut NoEvents);
                    }
                }
            }
        }
        assert!(
            compared > 100_000 && found > 1_000,
            "{compared} units compared, {found} effects"
        );
    }

    #[test]
    fn other_history_rules_are_left_to_the_evaluator() {
        // A later step that may capture, a first step elsewhere, a group, an
        // `s` test, two chains.
        for then in [
            "c1=.1>",
            "c1>.o1>",
            "(c1=).o1>",
            "c1=.os1>",
            "c1=.o1>, c1=.o1<",
        ] {
            let rules = fide_with("1=", then);
            let li = history_line(&rules);
            assert!(
                rules.c().mover_line(li).is_none(),
                "{then} is not a mover line"
            );
        }
    }
}
