//! The scenario runner's refusals that no registered variant can show: action text that a
//! rule set's parser accepts but that is not the action's canonical text. A toy rule set
//! whose parser also accepts upper-case squares stands in for such a variant. The other
//! refusals are tested on real variants in `crates/variants/tests/scenarios.rs`.

mod toy;

use frozen_core::scenario::{run_scenario, RuleCatalog};
use frozen_core::*;
use toy::*;

/// The toy rules, with a parser that also reads `B1B5` as `b1b5` (an alias).
#[derive(Clone, Debug)]
struct Lenient(Toy);

impl Rules for Lenient {
    type State = ToyState;
    fn name(&self) -> &str {
        "lenient-toy"
    }
    fn description(&self) -> &str {
        "the toy rules with an upper-case alias for action text"
    }
    fn kinds(&self) -> &KindSet {
        self.0.kinds()
    }
    fn shape(&self) -> Shape {
        self.0.shape()
    }
    fn initial_position(&self) -> Position<ToyState> {
        self.0.initial_position()
    }
    fn actions(&self, pos: &Position<ToyState>, out: &mut Vec<Action>) {
        self.0.actions(pos, out);
    }
    fn perform(&self, pos: &mut Position<ToyState>, a: &Action, events: &mut dyn EventSink) {
        self.0.perform(pos, a, events);
    }
    fn parse_action(
        &self,
        pos: &Position<ToyState>,
        text: &str,
    ) -> Result<Action, ActionParseError> {
        self.0.parse_action(pos, &text.to_ascii_lowercase())
    }
}

fn run(text: &str) -> Result<(), String> {
    let rules = Lenient(Toy::new(Shape::EIGHT));
    run_scenario(&rules, text, &RuleCatalog::from_ids(["TOY-MOVE-01"]))
}

#[test]
fn the_canonical_scenario_passes() {
    // The same checks in canonical text pass, so the refusals below are about the text.
    run(r#"(
        rules: ["TOY-MOVE-01"],
        steps: [
            (action: "b1a1", legal: false, error_contains: Some("not among")),
            (action: "b1b5"),
        ],
        expect: (actions_exclude: ["a1b1"], actions_include: ["g8g1"]),
    )"#)
    .expect("canonical scenario");
}

#[test]
fn rejects_an_illegal_step_in_non_canonical_text() {
    let e = run(r#"(
        rules: ["TOY-MOVE-01"],
        steps: [(action: "B1A1", legal: false, error_contains: Some("not among"))],
    )"#)
    .expect_err("non-canonical illegal step");
    assert!(e.contains("is not canonical action text"), "{e}");
    assert!(e.contains("\"b1a1\""), "{e}");
}

#[test]
fn rejects_a_non_canonical_actions_exclude() {
    let e = run(r#"(
        rules: ["TOY-MOVE-01"],
        expect: (actions_exclude: ["A1B1"]),
    )"#)
    .expect_err("non-canonical exclude");
    assert!(e.contains("actions_exclude"), "{e}");
    assert!(e.contains("is not canonical action text"), "{e}");
}

#[test]
fn catalog_reads_headings_and_table_rows() {
    let cat = RuleCatalog::from_markdown(
        "# Title\n\n### F12-DETH-02\n\ntext F12-DETH-09 in prose\n\n| ID | x |\n|---|---|\n| PAR-NORM-01 | ruling |\n| not-an-id | y |\n",
    );
    assert!(cat.contains("F12-DETH-02"));
    assert!(cat.contains("PAR-NORM-01"));
    assert!(
        !cat.contains("F12-DETH-09"),
        "a mention in prose defines nothing"
    );
    assert_eq!(cat.len(), 2);
}
