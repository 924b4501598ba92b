//! The library API on the test rule set: counts against a naive reference,
//! divide, turns, parallel and table runs, the budget, finished games.

mod common;

use common::{naive_perft, naive_turns, Toy};
use frozen_core::{Outcome, Rules};
use frozen_perft::{divide, perft, perft_turns, run, Counter, Mode, PerftConfig, PerftError};

#[test]
fn perft_matches_a_naive_count() {
    let rules = Toy::new();
    let mut pos = rules.initial_position();
    let before = pos.clone();
    for depth in 0..=6 {
        assert_eq!(
            perft(&rules, &mut pos, depth),
            naive_perft(&rules, &pos, depth),
            "depth {depth}"
        );
        assert!(pos == before, "perft must restore the position");
    }
}

#[test]
fn perft_of_known_small_depths() {
    let rules = Toy::new();
    let mut pos = rules.initial_position();
    assert_eq!(perft(&rules, &mut pos, 0), 1);
    // White: king a1 -> a2, b1, b2 (3); rook d1 -> c1, b1, d2, d3, d4 (captures the king) = 5.
    assert_eq!(perft(&rules, &mut pos, 1), 8);
}

#[test]
fn a_finished_game_has_no_children() {
    let rules = Toy::new();
    let mut pos = rules.initial_position();
    pos.set_result(Some(Outcome {
        winner: None,
        reason: "test".into(),
    }));
    pos.clear_journal();
    assert_eq!(perft(&rules, &mut pos, 0), 1);
    assert_eq!(perft(&rules, &mut pos, 1), 0);
    assert_eq!(perft(&rules, &mut pos, 3), 0);
    assert!(divide(&rules, &mut pos, 2).is_empty());
    let report = run(&rules, &pos, 3, &PerftConfig::default(), &mut |_| {}).expect("no budget");
    assert_eq!(report.nodes, 0);
    assert!(report.divide.is_empty());
}

#[test]
fn divide_sums_to_perft_and_uses_canonical_text() {
    let rules = Toy::new();
    let mut pos = rules.initial_position();
    let d = divide(&rules, &mut pos, 4);
    assert_eq!(d.len(), 8);
    assert_eq!(
        d.iter().map(|e| e.nodes).sum::<u64>(),
        perft(&rules, &mut pos, 4)
    );
    assert!(d.iter().any(|e| e.action == "d1d4"), "{d:?}");
    // The capture of the king ends the game: no children.
    assert_eq!(
        d.iter().find(|e| e.action == "d1d4").map(|e| e.nodes),
        Some(0)
    );
}

#[test]
fn parallel_and_table_runs_match_single_threaded() {
    let rules = Toy::new();
    let mut pos = rules.initial_position();
    for depth in 1..=7 {
        let want = perft(&rules, &mut pos, depth);
        for threads in [1, 2, 3, 8] {
            for hash_mb in [0, 1] {
                let config = PerftConfig {
                    threads,
                    hash_mb,
                    ..PerftConfig::default()
                };
                let r = run(&rules, &pos, depth, &config, &mut |_| {}).expect("no budget");
                assert_eq!(
                    r.nodes, want,
                    "depth {depth}, {threads} threads, {hash_mb} MiB"
                );
                assert_eq!(r.divide, divide(&rules, &mut pos, depth));
            }
        }
    }
}

#[test]
fn a_tiny_table_with_constant_replacement_still_counts_right() {
    let rules = Toy::new();
    let mut pos = rules.initial_position();
    let want = perft(&rules, &mut pos, 7);
    // 1 MiB holds few entries of this position type: many replacements and slot clashes.
    let config = PerftConfig {
        threads: 2,
        hash_mb: 1,
        ..PerftConfig::default()
    };
    let r = run(&rules, &pos, 7, &config, &mut |_| {}).expect("no budget");
    assert!(r.tt_slots > 0);
    assert_eq!(r.nodes, want);
}

#[test]
fn the_budget_stops_the_search() {
    let rules = Toy::new();
    let mut pos = rules.initial_position();
    let total = perft(&rules, &mut pos, 7);
    for threads in [1, 2] {
        let config = PerftConfig {
            threads,
            budget: Some(total / 10),
            ..PerftConfig::default()
        };
        match run(&rules, &pos, 7, &config, &mut |_| {}) {
            Err(PerftError::BudgetExceeded { budget, searched }) => {
                assert_eq!(budget, total / 10);
                assert!(searched > budget);
            }
            other => panic!("expected BudgetExceeded, got {other:?}"),
        }
        let enough = PerftConfig {
            threads,
            budget: Some(total),
            ..PerftConfig::default()
        };
        assert_eq!(
            run(&rules, &pos, 7, &enough, &mut |_| {}).map(|r| r.nodes),
            Ok(total)
        );
    }
}

#[test]
fn progress_is_reported_and_ends_complete() {
    let rules = Toy::new();
    let pos = rules.initial_position();
    let mut last = None;
    let config = PerftConfig {
        threads: 2,
        ..PerftConfig::default()
    };
    let r = run(&rules, &pos, 6, &config, &mut |p| last = Some(p.clone())).expect("no budget");
    let last = last.expect("at least the final report");
    assert_eq!(last.roots_done, last.roots_total);
    assert_eq!(last.nodes, r.nodes);
}

#[test]
fn single_action_turns_count_like_actions() {
    let rules = Toy::new();
    let mut pos = rules.initial_position();
    for depth in 0..=5 {
        assert_eq!(
            perft_turns(&rules, &mut pos, depth),
            Ok(perft(&rules, &mut pos, depth))
        );
    }
}

#[test]
fn double_turns_match_a_naive_count() {
    let rules = Toy::double();
    let mut pos = rules.initial_position();
    let before = pos.clone();
    for turns in 0..=4 {
        let want = naive_turns(&rules, &pos, turns);
        assert_eq!(
            perft_turns(&rules, &mut pos, turns),
            Ok(want),
            "{turns} turns"
        );
        assert!(pos == before);
        for (threads, hash_mb) in [(1, 0), (2, 0), (2, 4)] {
            let config = PerftConfig {
                threads,
                hash_mb,
                mode: Mode::Turns,
                ..PerftConfig::default()
            };
            let r = run(&rules, &pos, turns, &config, &mut |_| {}).expect("no budget");
            assert_eq!(
                r.nodes, want,
                "{turns} turns, {threads} threads, {hash_mb} MiB"
            );
        }
    }
    // One turn = a first move, then a king move or `end`: more than the actions at ply 1.
    assert!(naive_turns(&rules, &pos, 1) > perft(&rules, &mut pos, 1));
    // In actions mode, the same rules count each leg.
    assert_eq!(perft(&rules, &mut pos, 4), naive_perft(&rules, &pos, 4));
}

#[test]
fn turns_starting_mid_turn_finish_the_current_turn_first() {
    let rules = Toy::double();
    let mut pos = rules.initial_position();
    let mut v = Vec::new();
    rules.actions(&pos, &mut v);
    let first = v
        .iter()
        .find(|a| rules.format_action(&pos, a) == "a1b2")
        .cloned()
        .expect("a1b2 is legal");
    rules.perform(&mut pos, &first, &mut frozen_core::NoEvents);
    pos.clear_journal();
    assert_eq!(
        pos.to_move(),
        frozen_core::Side::White,
        "second leg pending"
    );
    assert_eq!(
        perft_turns(&rules, &mut pos, 2),
        Ok(naive_turns(&rules, &pos, 2))
    );
}

#[test]
fn a_turn_that_never_ends_is_reported() {
    let rules = Toy::double();
    let mut pos = rules.initial_position();
    let config = PerftConfig {
        threads: 1,
        mode: Mode::Turns,
        max_legs: 1,
        ..PerftConfig::default()
    };
    assert_eq!(
        run(&rules, &pos, 1, &config, &mut |_| {}),
        Err(PerftError::TurnTooLong { limit: 1 })
    );
    assert_eq!(
        Counter::new(&rules).perft_turns(&mut pos, 1),
        Ok(naive_turns(&rules, &rules.initial_position(), 1))
    );
}

#[test]
fn depth_zero_is_one_node() {
    let rules = Toy::new();
    let pos = rules.initial_position();
    let r = run(&rules, &pos, 0, &PerftConfig::default(), &mut |_| {}).expect("no budget");
    assert_eq!(r.nodes, 1);
    assert!(r.divide.is_empty());
}
