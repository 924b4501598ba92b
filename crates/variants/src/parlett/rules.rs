//! Parlett piece sets as a [`Rules`] plugin: the trait implementation, the built-in sets
//! (`normal-chess`, `fairy-chess`, `fide`) and user set files.
//!
//! Rule IDs: PAR-GAME-01..05 (win rule, no legal move, turn order), PAR-MULT-02 (every
//! participant has moved), PAR-NORM-10 / PAR-FAIR-08 (promotion), PAR-HIST-01 (the
//! previous turn kept in [`ParlettState`]).
//!
//! The last stage of the plugin: uses `set` and the modules that add methods to
//! [`ParlettRules`] (`legal`, `moves`, `count`,
//! `perform`, `fen`).

use super::set::invalid;
pub use super::set::{
    load_set, GameRule, ParlettRules, ParlettState, PieceSpec, PromotionSpec, PromotionZone,
    SetError, SetFile,
};
use frozen_core::{
    Action, EventSink, KindSet, LoadError, Outcome, Position, Problem, ProblemKind, Rules, Shape,
};

impl Rules for ParlettRules {
    type State = ParlettState;

    fn name(&self) -> &str {
        &self.inner.set.name
    }
    fn description(&self) -> &str {
        &self.inner.set.description
    }
    fn kinds(&self) -> &KindSet {
        &self.inner.kinds
    }
    fn shape(&self) -> Shape {
        self.inner.c.shape
    }
    fn initial_position(&self) -> Position<ParlettState> {
        self.position_from_fen(&self.inner.set.setup)
            .unwrap_or_else(|_| Position::empty(self.shape(), ParlettState::default()))
    }

    fn actions(&self, pos: &Position<ParlettState>, out: &mut Vec<Action>) {
        self.each_move(pos, &mut |g| out.extend(g.action));
    }

    fn count_actions(&self, pos: &Position<ParlettState>, _buf: &mut Vec<Action>) -> u64 {
        self.count_moves(pos)
    }

    fn terminal(&self, pos: &Position<ParlettState>) -> Option<Outcome> {
        if pos.result().is_some() {
            return None;
        }
        self.royal_outcome(pos)
            .or_else(|| self.no_move_outcome(pos))
    }

    fn perform(
        &self,
        pos: &mut Position<ParlettState>,
        action: &Action,
        events: &mut dyn EventSink,
    ) {
        self.perform_move(pos, action, events)
    }

    fn validate(&self, pos: &Position<ParlettState>) -> Vec<Problem> {
        let mut out = Vec::new();
        for (i, p) in pos.state().last.iter().enumerate() {
            let here = pos.get_unit(p.unit).and_then(|u| u.loc.square());
            if here != Some(p.to) {
                out.push(Problem::new(
                    ProblemKind::Rule,
                    format!("state.last[{i}]"),
                    format!(
                        "unit {} is not standing on {} where its last move ended",
                        p.unit, p.to
                    ),
                ));
            }
        }
        out
    }

    /// The side to move's royal piece in check, in sets with the check rule (`fide`,
    /// `capablanca`): the test checkmate and stalemate use.
    fn square_notes(&self, pos: &Position<ParlettState>) -> Vec<frozen_core::SquareNote> {
        let side = pos.to_move();
        self.royals_in_check(pos)
            .into_iter()
            .map(|square| {
                let name = pos
                    .unit_at(square)
                    .map(|u| self.kinds().name(pos.unit(u).kind).to_string())
                    .unwrap_or_default();
                frozen_core::SquareNote {
                    square,
                    kind: frozen_core::SquareNoteKind::Check,
                    text: format!("{side}'s {name} is in check (the set's check rule)"),
                    legend: "royal piece in check (the set's check rule)".into(),
                }
            })
            .collect()
    }

    fn describe_state(&self, pos: &Position<ParlettState>) -> Vec<String> {
        let mut v = Vec::new();
        for p in &pos.state().last {
            v.push(format!(
                "last turn: unit {} played {}{} (history pattern)",
                p.unit, p.from, p.to
            ));
        }
        if pos.result().is_none() && self.count_moves(pos) == 0 {
            v.push("no legal move, no winner".into());
        }
        v
    }

    fn position_from_fen(&self, fen: &str) -> Result<Position<ParlettState>, LoadError> {
        self.read_fen(fen)
    }

    fn to_fen(&self, pos: &Position<ParlettState>) -> Option<String> {
        self.write_fen(pos)
    }
}

/// The set files shipped with the engine.
pub mod builtin {
    /// Normal Chess, as the seed writes it.
    pub const NORMAL_CHESS: &str = include_str!("../../../../fixtures/variants/normal-chess.ron");
    /// Fairy Chess, as the seed writes it, with the Q15 placeholder set-up.
    pub const FAIRY_CHESS: &str = include_str!("../../../../fixtures/variants/fairy-chess.ron");
    /// FIDE chess in the same notation, with the check rule.
    pub const FIDE: &str = include_str!("../../../../fixtures/variants/fide.ron");
    /// Capablanca chess (10x8, Archbishop and Chancellor), with the check rule.
    pub const CAPABLANCA: &str = include_str!("../../../../fixtures/variants/capablanca.ron");
}

/// A registered set by name (`normal-chess`, `fairy-chess`, `fide`), built
/// once and shared.
pub fn builtin_rules(name: &str) -> Option<ParlettRules> {
    use std::sync::OnceLock;
    static NORMAL: OnceLock<Option<ParlettRules>> = OnceLock::new();
    static FAIRY: OnceLock<Option<ParlettRules>> = OnceLock::new();
    static FIDE: OnceLock<Option<ParlettRules>> = OnceLock::new();
    static CAPABLANCA: OnceLock<Option<ParlettRules>> = OnceLock::new();
    let (cell, text) = match name {
        "normal-chess" => (&NORMAL, builtin::NORMAL_CHESS),
        "fairy-chess" => (&FAIRY, builtin::FAIRY_CHESS),
        "fide" => (&FIDE, builtin::FIDE),
        "capablanca" => (&CAPABLANCA, builtin::CAPABLANCA),
        _ => return None,
    };
    cell.get_or_init(|| load_set(text).ok()).clone()
}

/// Runs a visitor on a set given as a file path or as RON text (for
/// `--rules my-set.ron`).
pub fn visit_set_file<V: frozen_core::VariantVisitor>(
    path_or_text: &str,
    visitor: V,
) -> Result<V::Output, SetError> {
    let text = if path_or_text.trim_start().starts_with('(') {
        path_or_text.to_string()
    } else {
        std::fs::read_to_string(path_or_text)
            .map_err(|e| invalid("file", format!("cannot read {path_or_text}: {e}")))?
    };
    let rules = load_set(&text)?;
    Ok(visitor.visit(rules))
}

#[cfg(test)]
mod tests {
    use super::super::board::Board;
    use super::super::eval::Ev;
    use super::super::fixed_run::run_fixed;
    use super::super::narrow::NarrowNode;
    use super::*;
    use frozen_core::harness::Rng;
    use frozen_core::NoEvents;

    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";

    /// A fixed line (castling) run on its route plans, or walked where they
    /// cannot decide, gives the evaluator's effects in the evaluator's order:
    /// every unit with a fixed line, in the positions of random games from the
    /// start position and from Kiwipete, with the node's sets as the count
    /// uses them.
    #[test]
    fn fixed_lines_give_the_evaluators_effects() {
        for name in ["fide", "normal-chess"] {
            let rules = builtin_rules(name).expect("built-in set");
            let c = rules.c();
            let starts = [
                rules.initial_position(),
                rules.position_from_fen(KIWIPETE).expect("Kiwipete"),
            ];
            let mut rng = Rng::new(5);
            let (mut decided, mut with_effects) = (0, 0);
            for g in 0..40 {
                let mut pos = starts[g % 2].clone();
                for _ in 0..60 {
                    let side = pos.to_move();
                    let nn = c.narrow().map(|_| NarrowNode::new(&pos, c.kinds.len()));
                    let legal = rules.legal_info(&pos, nn.as_ref(), false);
                    let danger = || {
                        legal
                            .as_ref()
                            .and_then(|li| rules.danger(&pos, li, nn.as_ref()))
                            .copied()
                    };
                    for sq in pos.side_bb(side) {
                        let Some(u) = pos.unit_at(sq) else { continue };
                        for &li in &c.kinds[pos.unit(u).kind.index()].lines {
                            let line = &c.lines[li];
                            let Some(fx) = c.fixed_line(li) else { continue };
                            let mut planned = Vec::new();
                            let unmoved = c.unmoved_attackers(&pos, side.opposite(), nn.as_ref());
                            let ok = run_fixed(
                                c,
                                &pos,
                                fx,
                                &line.pieces,
                                &line.needs_unmoved,
                                u,
                                unmoved,
                                nn.as_ref(),
                                Some(&danger),
                                &mut |e| planned.push(e),
                            );
                            if !ok {
                                continue;
                            }
                            let mut board = Board::from_pos(&pos);
                            let mut evaluated = Vec::new();
                            Ev::new(c, &mut board, side, pos.state().last.clone()).run_line(
                                li,
                                u,
                                &mut |e| evaluated.push(e),
                            );
                            assert_eq!(
                                planned,
                                evaluated,
                                "{name}: line {li} of the unit on {sq} in {:?}",
                                rules.to_fen(&pos)
                            );
                            decided += 1;
                            with_effects += usize::from(!planned.is_empty());
                        }
                    }
                    let mut actions = Vec::new();
                    rules.actions(&pos, &mut actions);
                    if actions.is_empty() {
                        break;
                    }
                    let a = actions[rng.below(actions.len())].clone();
                    rules.perform(&mut pos, &a, &mut NoEvents);
                }
            }
            assert!(
                decided > 1000 && with_effects > 100,
                "{name}: only {decided} lines decided, {with_effects} with effects"
            );
        }
    }
}
