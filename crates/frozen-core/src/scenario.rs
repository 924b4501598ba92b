//! Scenario fixtures: a position, actions, and the expected outcome, as RON.
//! One runner runs them all, so adding a rule test is adding a file
//! (`fixtures/scenarios/<variant>/<ID>-<short-name>.ron`).
//!
//! ```ron
//! (
//!     rules: ["F12-DETH-02"],        // the catalog IDs this scenario proves (at least one)
//!     description: "a capturer landing on a pending death square dies",
//!     fen: Some("... w"),            // or position: Some((variant: ..., ...)), or neither: initial position
//!     steps: [
//!         (action: "e4e5"),                          // must be legal
//!         (action: "e5e7", legal: false,             // must parse, be refused, leave the position unchanged,
//!          error_contains: "blocked"),               //   and the refusal reason must contain this text
//!         (action: "d1d2", events: Some([ ... ])),   // legal, with exactly these events
//!     ],
//!     expect: (
//!         fen: Some("..."),
//!         actions_include: ["a1a2"],
//!         actions_exclude: ["b1b2"],                 // canonical texts of actions of the variant
//!         result: Some(Some((winner: Some(White), reason: "king captured"))),
//!     ),
//! )
//! ```
//!
//! The runner refuses a fixture that cannot fail for the wrong reason:
//! - unknown fields (a misspelled `actions_exlude` would otherwise check nothing);
//! - no rule ID, or an ID that the variant's rulings catalog ([`RuleCatalog`]) does not define;
//! - a fixture with nothing to check (no step and no expectation);
//! - an illegal step without `error_contains`, or with `events`; a legal step with
//!   `error_contains`;
//! - an illegal step whose text does not parse as an action, or is not the action's canonical
//!   text (it would be refused for its spelling, not by the rules);
//! - an `actions_exclude` text that does not parse, or is not canonical, in the final position.
//!
//! `error_contains` is matched against the refusal reason only (the rules' explanation, or
//! the outcome when the game is over), not against the wrapper text that repeats the action.

use crate::action::{Action, ActionError, Event, Outcome};
use crate::game::{Game, GameError};
use crate::position::VariantState;
use crate::rules::Rules;
use crate::setup::{build_position, ron_problem, Setup};
use crate::square::Side;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

fn yes() -> bool {
    true
}

/// One step of a scenario.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The action in canonical text.
    pub action: String,
    /// Must it be legal (applied) or refused?
    #[serde(default = "yes")]
    pub legal: bool,
    /// If given, the exact events the action must cause (legal steps only).
    #[serde(default)]
    pub events: Option<Vec<Event>>,
    /// The refusal reason must contain this text. Required for an illegal step, refused for a
    /// legal one.
    #[serde(default)]
    pub error_contains: Option<String>,
}

/// Checks after all steps.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(bound = "S: VariantState")]
#[serde(default, deny_unknown_fields)]
pub struct Expect<S> {
    /// The FEN of the final position.
    pub fen: Option<String>,
    /// The exact final position.
    pub position: Option<Setup<S>>,
    /// Side to act.
    pub to_move: Option<Side>,
    /// Actions that must be legal.
    pub actions_include: Vec<String>,
    /// Actions that must not be legal (canonical texts that parse in the final position).
    pub actions_exclude: Vec<String>,
    /// Exact number of legal actions.
    pub action_count: Option<usize>,
    /// The result (`Some(None)`: the game must still be going on).
    pub result: Option<Option<Outcome>>,
}

impl<S> Expect<S> {
    fn checks_something(&self) -> bool {
        self.fen.is_some()
            || self.position.is_some()
            || self.to_move.is_some()
            || !self.actions_include.is_empty()
            || !self.actions_exclude.is_empty()
            || self.action_count.is_some()
            || self.result.is_some()
    }
}

/// A scenario file.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(bound = "S: VariantState")]
#[serde(deny_unknown_fields)]
pub struct Scenario<S> {
    /// The catalog rule IDs this scenario proves, e.g. `["F12-DETH-02"]` (at least one).
    pub rules: Vec<String>,
    /// What it shows.
    #[serde(default)]
    pub description: String,
    /// Start from this FEN ...
    #[serde(default)]
    pub fen: Option<String>,
    /// ... or this position (else the variant's initial position).
    #[serde(default)]
    pub position: Option<Setup<S>>,
    /// The actions.
    #[serde(default)]
    pub steps: Vec<Step>,
    /// Final checks.
    #[serde(default)]
    pub expect: Expect<S>,
}

/// True for text shaped like a catalog rule ID: `<PREFIX>-<AREA>-<NN>` with an upper-case
/// alphanumeric prefix, an upper-case area and a decimal number (`F12-DETH-02`, `DB-ROOK-07`).
pub fn is_rule_id(text: &str) -> bool {
    let parts: Vec<&str> = text.split('-').collect();
    parts.len() == 3
        && !parts[0].is_empty()
        && parts[0]
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
        && parts[0].starts_with(|c: char| c.is_ascii_uppercase())
        && !parts[1].is_empty()
        && parts[1].chars().all(|c| c.is_ascii_uppercase())
        && !parts[2].is_empty()
        && parts[2].chars().all(|c| c.is_ascii_digit())
}

/// The rule IDs a variant's rulings document defines: every `### <ID>` heading and every
/// table row whose first cell is an ID (`| <ID> | ... |`). Scenarios may only name these.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct RuleCatalog {
    ids: BTreeSet<String>,
}

impl RuleCatalog {
    /// Reads the IDs defined in a Markdown rulings document.
    pub fn from_markdown(text: &str) -> RuleCatalog {
        let mut ids = BTreeSet::new();
        for line in text.lines() {
            let line = line.trim();
            let first = if let Some(rest) = line.strip_prefix("###") {
                rest.split_whitespace().next()
            } else if let Some(rest) = line.strip_prefix('|') {
                rest.split('|').next().map(str::trim)
            } else {
                None
            };
            if let Some(id) = first.filter(|id| is_rule_id(id)) {
                ids.insert(id.to_string());
            }
        }
        RuleCatalog { ids }
    }

    /// A catalog of exactly these IDs.
    pub fn from_ids<I: IntoIterator<Item = T>, T: Into<String>>(ids: I) -> RuleCatalog {
        RuleCatalog {
            ids: ids.into_iter().map(Into::into).collect(),
        }
    }

    /// True if the catalog defines `id`.
    pub fn contains(&self, id: &str) -> bool {
        self.ids.contains(id)
    }

    /// Number of IDs.
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// True if no ID was found.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }
}

/// Reads a scenario and checks its shape: known fields only, at least one rule ID, each
/// defined in `catalog`, something to check, and every illegal step with `error_contains`
/// and without `events` (see the module docs). Runs nothing.
pub fn parse_scenario<S: VariantState>(
    text: &str,
    catalog: &RuleCatalog,
) -> Result<Scenario<S>, String> {
    let sc: Scenario<S> = ron::Options::default()
        .from_str(text)
        .map_err(|e| format!("cannot read scenario: {}", ron_problem(&e)))?;
    if sc.rules.is_empty() {
        return Err("`rules` names no rule ID: name the catalog IDs this scenario proves".into());
    }
    for id in &sc.rules {
        if !is_rule_id(id) {
            return Err(format!(
                "`rules`: {id:?} is not a rule ID (`<PREFIX>-<AREA>-<NN>`, e.g. \"F12-DETH-02\")"
            ));
        }
        if !catalog.contains(id) {
            return Err(format!(
                "`rules`: {id} is not defined in the variant's rulings document"
            ));
        }
    }
    if sc.steps.is_empty() && !sc.expect.checks_something() {
        return Err("the scenario checks nothing: give steps or expectations".into());
    }
    for (i, step) in sc.steps.iter().enumerate() {
        if step.legal {
            if step.error_contains.is_some() {
                return Err(format!(
                    "step {i} ({}): `error_contains` on a step expected to be legal",
                    step.action
                ));
            }
        } else {
            if step.events.is_some() {
                return Err(format!(
                    "step {i} ({}): `events` on a step expected to be illegal",
                    step.action
                ));
            }
            match &step.error_contains {
                None => {
                    return Err(format!(
                        "step {i} ({}): an illegal step needs `error_contains` (text of the refusal reason)",
                        step.action
                    ))
                }
                Some(t) if t.trim().is_empty() => {
                    return Err(format!("step {i} ({}): `error_contains` is empty", step.action))
                }
                Some(_) => {}
            }
        }
    }
    Ok(sc)
}

/// Runs a scenario given as RON text; the rule IDs it names must be in `catalog`.
/// `Err` says which check failed and why.
pub fn run_scenario<R: Rules + Clone>(
    rules: &R,
    text: &str,
    catalog: &RuleCatalog,
) -> Result<(), String> {
    let sc: Scenario<R::State> = parse_scenario(text, catalog)?;
    let start = match (&sc.fen, sc.position.clone()) {
        (Some(_), Some(_)) => return Err("give fen or position, not both".into()),
        (Some(f), None) => rules
            .position_from_fen(f)
            .map_err(|e| format!("bad fen: {e}"))?,
        (None, Some(p)) => build_position(rules, p).map_err(|e| format!("bad position: {e}"))?,
        (None, None) => rules.initial_position(),
    };
    let mut game = Game::from_position(rules.clone(), start);
    for (i, step) in sc.steps.iter().enumerate() {
        if step.legal {
            legal_step(&mut game, i, step)?;
        } else {
            illegal_step(&mut game, i, step)?;
        }
    }
    check_expect(rules, &game, &sc.expect)
}

fn legal_step<R: Rules + Clone>(game: &mut Game<R>, i: usize, step: &Step) -> Result<(), String> {
    match game.apply_text(&step.action).map(|ev| ev.to_vec()) {
        Ok(ev) => {
            if let Some(want) = &step.events {
                if *want != ev {
                    return Err(format!(
                        "step {i} ({}): events differ\n  expected: {want:?}\n  got:      {ev:?}",
                        step.action
                    ));
                }
            }
            Ok(())
        }
        Err(e) => {
            let legal: Vec<String> = game.actions().iter().map(|a| game.format(a)).collect();
            Err(format!(
                "step {i} ({}): expected legal, refused: {e}\n  legal actions: {}",
                step.action,
                legal.join(" ")
            ))
        }
    }
}

/// An illegal step: the text must be the canonical text of an action of the variant, and
/// the rules must refuse it with a reason containing `error_contains`, leaving the position
/// unchanged.
fn illegal_step<R: Rules + Clone>(game: &mut Game<R>, i: usize, step: &Step) -> Result<(), String> {
    let text = step.action.as_str();
    read_action(game, text).map_err(|e| {
        format!("step {i} ({text}): expected illegal, but {e}; an illegal step must be an action the rules refuse")
    })?;
    let before = game.position().clone();
    let reason = match game.apply_text(text) {
        Ok(_) => {
            return Err(format!(
                "step {i} ({text}): expected illegal, but it was applied"
            ))
        }
        Err(GameError::Parse(e)) => {
            return Err(format!(
            "step {i} ({text}): expected illegal, but the text does not parse as an action ({e})"
        ))
        }
        Err(GameError::Action(ActionError::Illegal { reason, .. })) => reason,
        Err(GameError::Action(ActionError::GameOver(o))) => format!("the game is over: {o}"),
    };
    if *game.position() != before {
        return Err(format!(
            "step {i} ({text}): a refused action changed the position"
        ));
    }
    let want = step.error_contains.as_deref().unwrap_or_default();
    if !reason.contains(want) {
        return Err(format!(
            "step {i} ({text}): refusal reason {reason:?} does not contain {want:?}"
        ));
    }
    Ok(())
}

/// Reads `text` as the canonical text of an action of the variant in the current position,
/// with every square on the board.
fn read_action<R: Rules + Clone>(game: &Game<R>, text: &str) -> Result<Action, String> {
    let action = game
        .rules()
        .parse_action(game.position(), text)
        .map_err(|e| format!("{text:?} does not parse as an action of the variant ({e})"))?;
    let shape = game.rules().shape();
    if let Some(sq) = action.path.iter().find(|&&sq| !shape.contains(sq)) {
        return Err(format!(
            "{text:?} names a square off the board ({sq}); it is not an action of the variant"
        ));
    }
    let canonical = game.format(&action);
    if canonical != text {
        return Err(format!(
            "{text:?} is not canonical action text (the action reads back as {canonical:?})"
        ));
    }
    Ok(action)
}

fn check_expect<R: Rules + Clone>(
    rules: &R,
    game: &Game<R>,
    ex: &Expect<R::State>,
) -> Result<(), String> {
    let pos = game.position();
    if let Some(f) = &ex.fen {
        let got = rules.to_fen(pos).unwrap_or_default();
        if got != *f {
            return Err(format!(
                "final FEN differs\n  expected: {f}\n  got:      {got}"
            ));
        }
    }
    if let Some(p) = &ex.position {
        let want =
            build_position(rules, p.clone()).map_err(|e| format!("bad expected position: {e}"))?;
        if !crate::rules::same_except_counters(&want, pos) {
            return Err(format!(
                "final position differs\n  expected: {}\n  got:      {}",
                crate::setup::position_to_ron(rules, &want),
                crate::setup::position_to_ron(rules, pos)
            ));
        }
    }
    if let Some(s) = ex.to_move {
        if pos.to_move() != s {
            return Err(format!("expected {s} to act, but {} acts", pos.to_move()));
        }
    }
    let actions = game.actions();
    let legal: Vec<String> = actions.iter().map(|a| game.format(a)).collect();
    for a in &ex.actions_include {
        if !legal.contains(a) {
            return Err(format!(
                "expected {a} to be legal; legal actions: {}",
                legal.join(" ")
            ));
        }
    }
    for a in &ex.actions_exclude {
        let parsed = read_action(game, a).map_err(|e| format!("actions_exclude: {e}"))?;
        if legal.contains(a) || actions.contains(&parsed) {
            return Err(format!("expected {a} to be illegal, but it is listed"));
        }
    }
    if let Some(n) = ex.action_count {
        if legal.len() != n {
            return Err(format!(
                "expected {n} legal actions, found {}: {}",
                legal.len(),
                legal.join(" ")
            ));
        }
    }
    if let Some(r) = &ex.result {
        if game.result() != r.as_ref() {
            return Err(format!("expected result {r:?}, got {:?}", game.result()));
        }
    }
    Ok(())
}
