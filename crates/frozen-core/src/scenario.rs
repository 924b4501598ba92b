//! Scenario fixtures: a position, actions, and the expected outcome, as RON.
//! One runner runs them all, so adding a rule test is adding a file
//! (`fixtures/scenarios/<variant>/<ID>-<short-name>.ron`).
//!
//! ```ron
//! (
//!     id: "F12-DETH-02",
//!     description: "a capturer landing on a pending death square dies",
//!     fen: Some("... w"),            // or position: Some((variant: ..., ...)), or neither: initial position
//!     steps: [
//!         (action: "e4e5"),                          // must be legal
//!         (action: "e5e7", legal: false),            // must be refused, position unchanged
//!         (action: "d1d2", events: Some([ ... ])),   // legal, with exactly these events
//!     ],
//!     expect: (
//!         fen: Some("..."),
//!         actions_include: ["a1a2"],
//!         actions_exclude: ["b1b2"],
//!         result: Some(Some((winner: Some(White), reason: "king captured"))),
//!     ),
//! )
//! ```

use crate::action::{Event, Outcome};
use crate::game::Game;
use crate::position::VariantState;
use crate::rules::Rules;
use crate::setup::{build_position, ron_problem, Setup};
use crate::square::Side;
use serde::{Deserialize, Serialize};

fn yes() -> bool {
    true
}

/// One step of a scenario.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Step {
    /// The action in canonical text.
    pub action: String,
    /// Must it be legal (applied) or refused?
    #[serde(default = "yes")]
    pub legal: bool,
    /// If given, the exact events the action must cause.
    #[serde(default)]
    pub events: Option<Vec<Event>>,
    /// If given, the refusal message must contain this text.
    #[serde(default)]
    pub error_contains: Option<String>,
}

/// Checks after all steps.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(bound = "S: VariantState")]
#[serde(default)]
pub struct Expect<S> {
    /// The FEN of the final position.
    pub fen: Option<String>,
    /// The exact final position.
    pub position: Option<Setup<S>>,
    /// Side to act.
    pub to_move: Option<Side>,
    /// Actions that must be legal.
    pub actions_include: Vec<String>,
    /// Actions that must not be legal.
    pub actions_exclude: Vec<String>,
    /// Exact number of legal actions.
    pub action_count: Option<usize>,
    /// The result (`Some(None)`: the game must still be going on).
    pub result: Option<Option<Outcome>>,
}

/// A scenario file.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(bound = "S: VariantState")]
pub struct Scenario<S> {
    /// The rule ID(s) this scenario proves, e.g. `"F12-DETH-02"`.
    pub id: String,
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

/// Runs a scenario given as RON text. `Err` says which check failed and why.
pub fn run_scenario<R: Rules + Clone>(rules: &R, text: &str) -> Result<(), String> {
    let sc: Scenario<R::State> = ron::Options::default()
        .from_str(text)
        .map_err(|e| format!("cannot read scenario: {}", ron_problem(&e)))?;
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
        let before = game.position().clone();
        let r = game.apply_text(&step.action).map(|ev| ev.to_vec());
        match (r, step.legal) {
            (Ok(ev), true) => {
                if let Some(want) = &step.events {
                    if *want != ev {
                        return Err(format!(
                            "step {i} ({}): events differ\n  expected: {want:?}\n  got:      {ev:?}",
                            step.action
                        ));
                    }
                }
            }
            (Ok(_), false) => {
                return Err(format!(
                    "step {i} ({}): expected illegal, but it was applied",
                    step.action
                ));
            }
            (Err(e), true) => {
                let legal: Vec<String> = game.actions().iter().map(|a| game.format(a)).collect();
                return Err(format!(
                    "step {i} ({}): expected legal, refused: {e}\n  legal actions: {}",
                    step.action,
                    legal.join(" ")
                ));
            }
            (Err(e), false) => {
                if *game.position() != before {
                    return Err(format!(
                        "step {i} ({}): a refused action changed the position",
                        step.action
                    ));
                }
                if let Some(text) = &step.error_contains {
                    if !e.to_string().contains(text.as_str()) {
                        return Err(format!(
                            "step {i} ({}): error {e:?} does not contain {text:?}",
                            step.action
                        ));
                    }
                }
            }
        }
    }
    let pos = game.position();
    let ex = &sc.expect;
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
    let legal: Vec<String> = game.actions().iter().map(|a| game.format(a)).collect();
    for a in &ex.actions_include {
        if !legal.contains(a) {
            return Err(format!(
                "expected {a} to be legal; legal actions: {}",
                legal.join(" ")
            ));
        }
    }
    for a in &ex.actions_exclude {
        if legal.contains(a) {
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
