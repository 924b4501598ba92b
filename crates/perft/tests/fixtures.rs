//! Runs the perft tables `fixtures/perft/<variant>.ron`: every case whose
//! expected count is at most `FROZEN_PERFT_MAX_NODES` (10 million by default),
//! while the cases run so far stay under a total of `FROZEN_PERFT_TOTAL_NODES`
//! (60 million by default), and whose time, estimated from the variant's speed
//! on its smaller cases (run first), stays under `FROZEN_PERFT_CASE_SECONDS`
//! (60 by default, for slow rule sets), so the suite stays within minutes on two
//! cores in the optimized test profile. Skipped cases are listed. Each case is
//! counted twice: single-threaded without a table (the reference), and on two
//! threads with a transposition table; both must give the expected count. `perft fixtures --all` (release
//! build) runs every case without a cap.
//!
//! The format itself, and position files relative to the fixtures folder, are
//! tested on the test rule set.

mod common;

use common::Toy;
use frozen_core::{position_to_ron, Rules};
use frozen_perft::fixture::{
    default_fixtures_root, fixture_files, load_fixture, parse_fixture, run_fixture_cases, RunCases,
};
use frozen_perft::{perft, PerftCase, PerftConfig};

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn every_perft_table_case_within_the_budget_passes() {
    let max_nodes = env_u64("FROZEN_PERFT_MAX_NODES", 10_000_000);
    let total_cap = env_u64("FROZEN_PERFT_TOTAL_NODES", 60_000_000);
    let case_seconds = env_u64("FROZEN_PERFT_CASE_SECONDS", 60) as f64;
    let root = default_fixtures_root();
    let files = fixture_files(&root);
    let mut failures = Vec::new();
    let (mut ran, mut skipped, mut total) = (0usize, 0usize, 0u64);
    for file in &files {
        let fixture = match load_fixture(file) {
            Ok(f) => f,
            Err(e) => {
                failures.push(e.to_string());
                continue;
            }
        };
        // Small cases first: they give the variant's speed, which decides whether the
        // big ones fit in the time of a test run.
        let mut cases: Vec<&PerftCase> = fixture.cases.iter().collect();
        cases.sort_by_key(|c| c.nodes);
        let (mut nodes_done, mut seconds_done) = (0u64, 0f64);
        for case in cases {
            let estimate = if seconds_done > 0.2 {
                case.nodes as f64 * seconds_done / nodes_done.max(1) as f64
            } else {
                0.0
            };
            let over = if case.nodes > max_nodes || total.saturating_add(case.nodes) > total_cap {
                Some(format!("{} nodes is over the test budget", case.nodes))
            } else if estimate > case_seconds {
                Some(format!(
                    "about {estimate:.0} s at this variant's speed, over {case_seconds} s"
                ))
            } else {
                None
            };
            if let Some(why) = over {
                skipped += 1;
                eprintln!(
                    "skipped {} {} depth {}: {why}",
                    fixture.variant, case.name, case.depth
                );
                continue;
            }
            total += case.nodes;
            // The reference: one thread, no table; a budget far above the expected count
            // stops a wrong rule set that explodes.
            let reference = PerftConfig {
                threads: 1,
                budget: Some(case.nodes.saturating_mul(4).max(1_000_000)),
                ..PerftConfig::default()
            };
            let parallel = PerftConfig {
                threads: 2,
                hash_mb: 16,
                ..reference.clone()
            };
            let one = [case];
            let visitor = RunCases {
                cases: &one,
                root: &root,
                config: &reference,
                cross_check: Some(&parallel),
            };
            match frozen_variants::visit(&fixture.variant, visitor) {
                Ok(results) => {
                    for r in results {
                        ran += 1;
                        nodes_done += case.nodes;
                        seconds_done += r.seconds;
                        eprintln!("{}: {}", fixture.variant, r.describe());
                        if !r.passed() {
                            failures.push(format!("{}: {}", file.display(), r.describe()));
                        }
                    }
                }
                Err(e) => {
                    failures.push(format!("{}: {e}", file.display()));
                    break;
                }
            }
        }
    }
    eprintln!(
        "{} perft table(s), {ran} case(s) run, {skipped} skipped, {total} nodes expected",
        files.len()
    );
    assert!(
        failures.is_empty(),
        "{} failure(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_documented_format_reads() {
    let text = r#"(variant: "fc12", cases: [
        (name: "start", fen: None, depth: 3, nodes: 1234),
        (name: "kiwipete", fen: Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"), depth: 2, nodes: 2039),
        (name: "file", position: Some("positions/fc12/x.ron"), depth: 1, nodes: 7, turns: true, source: Some("hand count")),
    ])"#;
    let f = parse_fixture(text, "inline").expect("valid fixture");
    assert_eq!(f.variant, "fc12");
    assert_eq!(f.cases.len(), 3);
    assert_eq!(f.cases[1].depth, 2);
    assert_eq!(f.cases[2].position.as_deref(), Some("positions/fc12/x.ron"));
    assert!(f.cases[2].turns);
}

#[test]
fn bad_fixtures_are_refused_with_a_location() {
    let misspelt = r#"(variant: "fc12", cases: [(name: "start", depth: 3, node: 1234)])"#;
    let e = parse_fixture(misspelt, "inline").expect_err("unknown field");
    assert!(e.message.contains("line 1"), "{e}");
    let both = r#"(variant: "x", cases: [(name: "a", fen: Some("k"), position: Some("p.ron"), depth: 1, nodes: 1)])"#;
    assert!(parse_fixture(both, "inline")
        .expect_err("fen and position")
        .message
        .contains("not both"));
    let depths = r#"(variant: "x", cases: [(name: "a", depth: 1, nodes: 1), (name: "a", depth: 2, nodes: 1)])"#;
    assert!(
        parse_fixture(depths, "inline").is_ok(),
        "one position at two depths"
    );
    let twice = r#"(variant: "x", cases: [(name: "a", depth: 1, nodes: 1), (name: "a", depth: 1, nodes: 2)])"#;
    let e = parse_fixture(twice, "inline").expect_err("duplicate");
    assert!(e.message.contains("twice"), "{e}");
    let two = r#"(variant: "x", cases: [(name: "a", depth: 1, nodes: 1), (name: "a", fen: Some("k"), depth: 2, nodes: 1)])"#;
    let e = parse_fixture(two, "inline").expect_err("one name for two positions");
    assert!(e.message.contains("one name, one position"), "{e}");
}

#[test]
fn cases_run_from_the_initial_position_a_fen_and_a_position_file() {
    let rules = Toy::new();
    let mut pos = rules.initial_position();
    let dir = std::env::temp_dir().join(format!("frozen-perft-fixture-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("positions")).expect("temp dir");
    std::fs::write(
        dir.join("positions/toy-start.ron"),
        position_to_ron(&rules, &pos),
    )
    .expect("write");
    let fen = rules.to_fen(&pos).expect("toy positions have a FEN");
    let d4 = perft(&rules, &mut pos, 4);
    let text = format!(
        r#"(variant: "toy", cases: [
            (name: "start", depth: 4, nodes: {d4}),
            (name: "fen", fen: Some("{fen}"), depth: 4, nodes: {d4}),
            (name: "file", position: Some("positions/toy-start.ron"), depth: 4, nodes: {d4}),
            (name: "wrong", depth: 4, nodes: {}),
            (name: "missing file", position: Some("positions/none.ron"), depth: 1, nodes: 8),
        ])"#,
        d4 + 1
    );
    let fixture = parse_fixture(&text, "inline").expect("valid fixture");
    let cases: Vec<&PerftCase> = fixture.cases.iter().collect();
    let parallel = PerftConfig {
        threads: 2,
        hash_mb: 1,
        ..PerftConfig::default()
    };
    let results = run_fixture_cases(
        &rules,
        &cases,
        &dir,
        &PerftConfig::single_threaded(),
        Some(&parallel),
    );
    let _ = std::fs::remove_dir_all(&dir);
    let passed: Vec<bool> = results.iter().map(|r| r.passed()).collect();
    assert_eq!(passed, [true, true, true, false, false], "{results:#?}");
    assert!(
        results[4].describe().contains("cannot read position file"),
        "{}",
        results[4].describe()
    );
}
