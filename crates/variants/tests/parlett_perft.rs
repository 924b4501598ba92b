//! Perft of the Parlett sets against the fixture tables in `fixtures/perft/`
//! (fide: the Chess Programming Wiki table; normal-chess and fairy-chess:
//! counts cross-checked by the independent generators in
//! `parlett_independent.rs`). Runs every case of at most 1,000,000 nodes with
//! a simple recursive perft (make / undo through the position journal).

use frozen_core::{Action, NoEvents, Position, Rules};
use frozen_variants::parlett::{builtin_rules, ParlettRules, ParlettState};
use serde::Deserialize;
use std::path::Path;

#[derive(Deserialize)]
struct Fixture {
    variant: String,
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    name: String,
    #[serde(default)]
    fen: Option<String>,
    depth: u32,
    nodes: u64,
    #[serde(default)]
    #[allow(dead_code)]
    source: Option<String>,
}

/// Simple recursive perft; bulk counting at the last ply through `count_actions`.
pub fn perft(rules: &ParlettRules, pos: &mut Position<ParlettState>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut buf = Vec::new();
    if depth == 1 {
        return rules.count_actions(pos, &mut buf);
    }
    let mut moves: Vec<Action> = Vec::new();
    rules.actions(pos, &mut moves);
    let mut n = 0;
    for a in &moves {
        let m = pos.mark();
        rules.perform(pos, a, &mut NoEvents);
        n += perft(rules, pos, depth - 1);
        pos.undo_to(m);
    }
    n
}

fn run_file(file: &str, limit: u64) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/perft")
        .join(file);
    let text = std::fs::read_to_string(&path).expect("fixture readable");
    let fx: Fixture = ron::from_str(&text).expect("fixture parses");
    let rules = builtin_rules(&fx.variant).expect("registered set");
    let mut failures = Vec::new();
    for c in fx.cases.iter().filter(|c| c.nodes <= limit) {
        let mut pos = match &c.fen {
            Some(f) => rules.position_from_fen(f).expect("fixture FEN loads"),
            None => rules.initial_position(),
        };
        let got = perft(&rules, &mut pos, c.depth);
        if got != c.nodes {
            failures.push(format!(
                "{} depth {}: expected {}, got {got}",
                c.name, c.depth, c.nodes
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn fide_matches_the_published_table() {
    run_file("fide.ron", 1_000_000);
}

#[test]
fn normal_chess_fixture() {
    run_file("normal-chess.ron", 1_000_000);
}

#[test]
fn fairy_chess_fixture() {
    run_file("fairy-chess.ron", 1_000_000);
}

/// The bulk count at the leaves equals the length of the action list
/// (count_actions is only an optimization).
#[test]
fn bulk_count_equals_the_action_list() {
    for (name, fen) in [
        (
            "fide",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ),
        ("fide", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
        (
            "normal-chess",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ),
    ] {
        let rules = builtin_rules(name).expect("set");
        let pos = rules.position_from_fen(fen).expect("fen");
        let mut moves = Vec::new();
        rules.actions(&pos, &mut moves);
        let mut dummy = Vec::new();
        for a in &moves {
            let mut p = pos.clone();
            rules.perform(&mut p, a, &mut NoEvents);
            let mut l = Vec::new();
            rules.actions(&p, &mut l);
            assert_eq!(
                rules.count_actions(&p, &mut dummy),
                l.len() as u64,
                "{name} after {a:?}"
            );
        }
    }
}
