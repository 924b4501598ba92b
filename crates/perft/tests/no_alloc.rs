//! No allocation per node in the perft hot path: a counting global allocator
//! measures a perft run after a warm-up run (which grows the per-depth action
//! buffers and the position's journal to their final sizes).
//!
//! On the test rule set the count must be zero. On every registered variant the
//! count is measured and printed (run with `--nocapture` to see it): rules that
//! allocate in `actions` or `perform` show up here, and are reported rather than
//! hidden; the test fails for them only when `FROZEN_STRICT_ALLOC=1` is set.
//! Everything runs in one test function so no other test allocates meanwhile.

mod common;

use common::Toy;
use frozen_core::{Rules, VariantVisitor};
use frozen_perft::fixture::{case_position, default_fixtures_root, load_fixture};
use frozen_perft::{run, Counter, PerftCase, PerftConfig};
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::System;
use std::time::{Duration, Instant};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Allocations (and reallocations) during a second perft run of `depth`, and its node count.
fn allocations_during_perft<R: Rules>(rules: &R, depth: u32) -> (usize, u64) {
    let mut pos = rules.initial_position();
    let mut counter = Counter::new(rules);
    let warm = counter.perft(&mut pos, depth);
    let region = Region::new(GLOBAL);
    let nodes = counter.perft(&mut pos, depth);
    let change = region.change();
    assert_eq!(warm, nodes);
    (change.allocations + change.reallocations, nodes)
}

fn allocations_during_turns<R: Rules>(rules: &R, turns: u32) -> (usize, u64) {
    let mut pos = rules.initial_position();
    let mut counter = Counter::new(rules);
    let warm = counter.perft_turns(&mut pos, turns);
    let region = Region::new(GLOBAL);
    let nodes = counter.perft_turns(&mut pos, turns);
    let change = region.change();
    assert_eq!(warm, nodes);
    (
        change.allocations + change.reallocations,
        nodes.unwrap_or(0),
    )
}

struct Measure;

impl VariantVisitor for Measure {
    type Output = (u32, usize, u64);
    fn visit<R: Rules + Clone>(self, rules: R) -> Self::Output {
        // The deepest depth up to 4 whose count stays small and quick (some rule sets are
        // slow): the next depth must finish within a node budget and a second.
        let pos = rules.initial_position();
        let config = PerftConfig {
            threads: 1,
            budget: Some(300_000),
            ..PerftConfig::default()
        };
        let mut depth = 1;
        while depth < 4 {
            let started = Instant::now();
            let deeper = run(&rules, &pos, depth + 1, &config, &mut |_| {});
            if deeper.is_err() || started.elapsed() > Duration::from_secs(1) {
                break;
            }
            depth += 1;
        }
        let (allocs, nodes) = allocations_during_perft(&rules, depth);
        (depth, allocs, nodes)
    }
}

/// Measures perft(2) of every table case of depth 2 (actions) other than the start, up to
/// 500,000 nodes, asserting no allocation; gives the number of cases measured.
struct MiddleGames<'a> {
    cases: &'a [PerftCase],
    root: &'a std::path::Path,
}

impl VariantVisitor for MiddleGames<'_> {
    type Output = usize;
    fn visit<R: Rules + Clone>(self, rules: R) -> usize {
        let mut measured = 0;
        for case in self.cases {
            if case.depth != 2 || case.turns || case.name == "start" || case.nodes > 500_000 {
                continue;
            }
            let mut pos = case_position(&rules, case, self.root).expect("a table position");
            let mut counter = Counter::new(&rules);
            let warm = counter.perft(&mut pos, 2);
            let region = Region::new(GLOBAL);
            let nodes = counter.perft(&mut pos, 2);
            let change = region.change();
            assert_eq!((warm, nodes), (case.nodes, case.nodes), "{}", case.name);
            let allocs = change.allocations + change.reallocations;
            eprintln!(
                "no_alloc: fc6 {}: {allocs} allocations over {nodes} nodes",
                case.name
            );
            assert_eq!(
                allocs, 0,
                "fc6 {}: {allocs} allocations over {nodes} nodes",
                case.name
            );
            measured += 1;
        }
        measured
    }
}

#[test]
fn perft_does_not_allocate_per_node() {
    let toy = Toy::new();
    // The counter is live: a fresh vector of actions is seen.
    let region = Region::new(GLOBAL);
    let mut fresh = Vec::new();
    toy.actions(&toy.initial_position(), &mut fresh);
    assert!(
        region.change().allocations > 0,
        "the counting allocator sees allocations"
    );
    drop(fresh);

    let (allocs, nodes) = allocations_during_perft(&toy, 7);
    assert!(
        nodes > 100_000,
        "a run big enough to matter ({nodes} nodes)"
    );
    assert_eq!(
        allocs, 0,
        "perft allocated {allocs} times over {nodes} nodes"
    );

    let double = Toy::double();
    let (allocs, nodes) = allocations_during_turns(&double, 3);
    assert!(nodes > 10_000, "{nodes} turn sequences");
    assert_eq!(
        allocs, 0,
        "turns perft allocated {allocs} times over {nodes} nodes"
    );

    // FrozenChess 6 in the middle game (walls, tombs, bounces, shadows, a rotated block,
    // fires, pulls, Mind Control): the perft table's positions whose depth-2 count is at
    // most 500,000 nodes, none of them allocating either.
    let root = default_fixtures_root();
    let table = load_fixture(&root.join("perft/fc6.ron")).expect("the fc6 perft table");
    let measured = frozen_variants::visit(
        "fc6",
        MiddleGames {
            cases: &table.cases,
            root: &root,
        },
    )
    .expect("fc6 is registered");
    assert!(measured >= 3, "only {measured} fc6 middle games measured");

    // Rules that list, count and perform in place: they must not allocate at all, strict
    // mode or not.
    const NEVER_ALLOCATE: &[&str] = &["fc6", "fc12"];
    let strict = std::env::var("FROZEN_STRICT_ALLOC").is_ok_and(|v| v == "1");
    let mut offenders = Vec::new();
    for v in frozen_variants::VARIANTS {
        match frozen_variants::visit(v.name, Measure) {
            Ok((depth, allocs, nodes)) => {
                eprintln!(
                    "no_alloc: {}: {allocs} allocations during perft({depth}) = {nodes} nodes from the initial position",
                    v.name
                );
                assert!(
                    allocs == 0 || !NEVER_ALLOCATE.contains(&v.name),
                    "{} allocated {allocs} times during perft({depth}) = {nodes} nodes",
                    v.name
                );
                if allocs > 0 {
                    offenders.push(format!(
                        "{} ({allocs} allocations over {nodes} nodes)",
                        v.name
                    ));
                }
            }
            Err(e) => eprintln!("no_alloc: {}: listed but not visitable: {e}", v.name),
        }
    }
    if !offenders.is_empty() {
        eprintln!(
            "no_alloc: these rules allocate while perft runs (in actions, count_actions or perform): {}",
            offenders.join(", ")
        );
    }
    assert!(
        !strict || offenders.is_empty(),
        "allocating rules: {}",
        offenders.join(", ")
    );
}
