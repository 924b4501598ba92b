//! Perft for fc12: counts action sequences (a finished game has no children) for
//! every case of `fixtures/perft/fc12.ron` with a simple recursive function using
//! `pos.mark()`, `perform` and `undo_to`, and asserts the counts. The counts were
//! cross-checked against the independent generator of `fc12_naive.rs` (action sets
//! compared position by position) and small positions by hand (see the fixture).

use frozen_core::{Action, NoEvents, Rules};
use frozen_variants::fc12::{Fc12, Fc12Position};
use serde::Deserialize;

#[derive(Deserialize)]
struct Fixture {
    variant: String,
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    name: String,
    fen: Option<String>,
    depth: u32,
    nodes: u64,
    #[serde(default)]
    #[allow(dead_code)]
    source: Option<String>,
}

/// perft(depth) by plain recursion.
pub fn perft(rules: &Fc12, pos: &mut Fc12Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut acts: Vec<Action> = Vec::new();
    rules.actions(pos, &mut acts);
    if depth == 1 {
        return acts.len() as u64;
    }
    let mut n = 0;
    for a in &acts {
        let m = pos.mark();
        rules.perform(pos, a, &mut NoEvents);
        n += perft(rules, pos, depth - 1);
        pos.undo_to(m);
    }
    n
}

fn fixture() -> Fixture {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/perft/fc12.ron");
    let text = std::fs::read_to_string(path).expect("fixtures/perft/fc12.ron");
    ron::from_str(&text).expect("valid perft fixture")
}

#[test]
fn fc12_perft_fixture_counts() {
    let rules = Fc12::new();
    let fx = fixture();
    assert_eq!(fx.variant, "fc12");
    let mut total = 0;
    let mut failures = Vec::new();
    for c in &fx.cases {
        let mut pos = match &c.fen {
            Some(f) => rules
                .position_from_fen(f)
                .unwrap_or_else(|e| panic!("{}: {e}", c.name)),
            None => rules.initial_position(),
        };
        let before = pos.clone();
        let got = perft(&rules, &mut pos, c.depth);
        assert!(
            pos == before,
            "{}: perft did not restore the position",
            c.name
        );
        total += got;
        if got != c.nodes {
            failures.push(format!(
                "{} depth {}: expected {}, got {got}",
                c.name, c.depth, c.nodes
            ));
        }
    }
    assert!(total <= 5_000_000, "node budget exceeded: {total}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
