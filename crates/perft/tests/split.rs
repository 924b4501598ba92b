//! The split workflow, in process: split into unit files, run them, merge, for every
//! registered variant at split levels 1 and 2 (and the same without files, on threads),
//! against the plain count; and every way a merge must refuse (a unit run twice, a missing
//! result, a result of another rule set, a cut result file) and a run must refuse.

use frozen_core::{Rules, VariantVisitor};
use frozen_perft::cli::{Cli, Io};
use frozen_perft::split::{
    count_split, merge_dir, read_result, result_text, run_unit, split_to_dir, MergeError,
    MergeProblem, RulesId, RunOptions, RunOutcome, SplitOptions, UnitReader,
};
use frozen_perft::{divide, perft};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A fresh folder under the system's temporary folder, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        static N: AtomicUsize = AtomicUsize::new(0);
        let path = std::env::temp_dir().join(format!(
            "frozen-perft-split-{}-{tag}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&path);
        TempDir(path)
    }
    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn units_in(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("split folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "unit"))
        .collect();
    v.sort();
    v
}

const ONE_THREAD: RunOptions = RunOptions {
    threads: 1,
    hash_mb: 0,
};

/// Splits at `at` into `shards` files, runs every unit, merges; returns (total, divide).
fn split_run_merge<R: Rules>(
    rules: &R,
    depth: u32,
    at: u32,
    shards: u32,
    batch: usize,
    dir: &Path,
) -> frozen_perft::split::Merged {
    let id = RulesId::of(rules);
    let start = rules.initial_position();
    let opts = SplitOptions {
        depth,
        at,
        shards,
        batch,
    };
    let manifest = split_to_dir(rules, &id, &start, &opts, dir).expect("split");
    assert_eq!(manifest.units.len(), shards as usize);
    let results = dir.join("results");
    for unit in units_in(dir) {
        match run_unit(rules, &id, &unit, &results, &ONE_THREAD).expect("run") {
            RunOutcome::Counted(..) => {}
            RunOutcome::Skipped(..) => panic!("{} was not counted yet", unit.display()),
        }
    }
    merge_dir(dir, &[]).expect("merge")
}

/// The deepest depth from 2 to 4 whose count stays under 3 million nodes (the next depth's
/// count is estimated from the growth of the last one before it is counted), so that the
/// remaining depth below a split at 2 is at least 1 for every variant.
fn test_depth<R: Rules>(rules: &R) -> (u32, u64) {
    const LIMIT: u64 = 3_000_000;
    let mut pos = rules.initial_position();
    let mut depth = 2;
    let mut prev = perft(rules, &mut pos, 1).max(1);
    let mut nodes = perft(rules, &mut pos, depth);
    while depth < 4 && nodes.saturating_mul(nodes) / prev <= 2 * LIMIT {
        let next = perft(rules, &mut pos, depth + 1);
        if next > LIMIT {
            break;
        }
        depth += 1;
        prev = nodes.max(1);
        nodes = next;
    }
    (depth, nodes)
}

struct EveryLevel;

impl VariantVisitor for EveryLevel {
    type Output = Vec<String>;
    fn visit<R: Rules + Clone>(self, rules: R) -> Vec<String> {
        let mut failures = Vec::new();
        let (depth, plain) = test_depth(&rules);
        eprintln!("{}: perft({depth}) = {plain}", rules.name());
        let mut pos = rules.initial_position();
        let plain_divide = divide(&rules, &mut pos, depth);
        for at in [1, 2] {
            let dir = TempDir::new(rules.name());
            let merged = split_run_merge(&rules, depth, at, 3, 1_000_000, dir.path());
            if merged.nodes != plain || merged.divide != plain_divide {
                failures.push(format!(
                    "{} perft({depth}) split at {at} into files: {} against the plain {plain}",
                    rules.name(),
                    merged.nodes
                ));
            }
            if merged.manifest.paths != perft(&rules, &mut pos, at) {
                failures.push(format!(
                    "{}: {} sequences at ply {at}, perft({at}) is different",
                    rules.name(),
                    merged.manifest.paths
                ));
            }
            let c = count_split(&rules, &pos, depth, at, 2, 0, 1_000_000).expect("count_split");
            if c.nodes != plain || c.divide != plain_divide {
                failures.push(format!(
                    "{} perft({depth}) split at {at} in process: {} against the plain {plain}",
                    rules.name(),
                    c.nodes
                ));
            }
        }
        failures
    }
}

#[test]
fn every_variant_split_at_one_and_two_then_merged_equals_the_plain_count() {
    let mut failures = Vec::new();
    for v in frozen_variants::VARIANTS {
        failures.extend(frozen_variants::visit(v.name, EveryLevel).expect("registered"));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn fide() -> frozen_variants::parlett::ParlettRules {
    frozen_variants::parlett::builtin_rules("fide").expect("fide is built in")
}

#[test]
fn identical_positions_are_counted_once_and_weighted_by_their_multiplicity() {
    // After 3 plies of chess, many positions are reached by several move orders.
    let rules = fide();
    let start = rules.initial_position();
    let c = count_split(&rules, &start, 5, 3, 2, 0, 1_000_000).expect("count");
    assert_eq!(c.nodes, 4_865_609);
    assert_eq!(c.stats.paths, 8_902);
    assert!(c.stats.positions < c.stats.paths, "{:?}", c.stats);
    assert!(c.searched < c.nodes);
    // Many small batches (several passes of the enumeration) find the same positions.
    let small = count_split(&rules, &start, 5, 3, 1, 0, 500).expect("count");
    assert!(small.stats.batches > 10, "{:?}", small.stats);
    assert_eq!(small.stats.positions, c.stats.positions);
    assert_eq!((small.nodes, small.searched), (c.nodes, c.searched));
    assert_eq!(small.divide, c.divide);
}

#[test]
fn files_in_many_batches_and_more_units_than_positions_still_add_up() {
    let rules = fide();
    let dir = TempDir::new("batches");
    // 20 positions after one ply, 32 units: some are empty; batches of 3 positions.
    let m = split_run_merge(&rules, 4, 1, 32, 3, dir.path());
    assert_eq!(m.nodes, 197_281);
    assert_eq!(m.manifest.positions, 20);
    let dir = TempDir::new("transpositions");
    let m = split_run_merge(&rules, 4, 3, 5, 1000, dir.path());
    assert_eq!(m.nodes, 197_281);
    assert!(m.manifest.positions < m.manifest.paths);
}

#[test]
fn a_split_at_the_full_depth_counts_each_sequence_once() {
    // Remaining depth 0: every position at the split level counts 1 per sequence.
    let rules = fide();
    let start = rules.initial_position();
    let c = count_split(&rules, &start, 3, 3, 2, 0, 1000).expect("count");
    assert_eq!((c.nodes, c.stats.paths), (8_902, 8_902));
    assert_eq!(c.searched, c.stats.positions);
    let dir = TempDir::new("full-depth");
    let m = split_run_merge(&rules, 3, 3, 4, 1000, dir.path());
    assert_eq!(m.nodes, 8_902);
    assert_eq!(m.divide, divide(&rules, &mut rules.initial_position(), 3));
}

#[test]
fn units_are_balanced_by_estimated_work() {
    let rules = fide();
    let dir = TempDir::new("balance");
    let id = RulesId::of(&rules);
    let opts = SplitOptions {
        depth: 5,
        at: 2,
        shards: 4,
        batch: 1_000_000,
    };
    let m = split_to_dir(&rules, &id, &rules.initial_position(), &opts, dir.path()).expect("split");
    let est: Vec<u64> = m.units.iter().map(|u| u.estimate).collect();
    let (lo, hi) = (
        est.iter().min().copied().unwrap_or(0),
        est.iter().max().copied().unwrap_or(0),
    );
    assert!(hi - lo <= hi / 20, "estimates {est:?}");
    assert_eq!(m.units.iter().map(|u| u.positions).sum::<u64>(), 400);
}

/// A split of fide perft(4) at 2 into 3 units, all counted, in `dir`.
fn counted_split(dir: &Path) -> (frozen_variants::parlett::ParlettRules, RulesId) {
    let rules = fide();
    let m = split_run_merge(&rules, 4, 2, 3, 1_000_000, dir);
    assert_eq!(m.nodes, 197_281);
    let id = RulesId::of(&rules);
    (rules, id)
}

fn problems(dir: &Path) -> Vec<MergeProblem> {
    match merge_dir(dir, &[]) {
        Err(MergeError::Results(p)) => p,
        other => panic!("the merge should refuse, got {other:?}"),
    }
}

#[test]
fn a_second_run_skips_the_counted_units() {
    let dir = TempDir::new("skip");
    let (rules, id) = counted_split(dir.path());
    for unit in units_in(dir.path()) {
        let r = run_unit(&rules, &id, &unit, &dir.path().join("results"), &ONE_THREAD);
        assert!(matches!(r, Ok(RunOutcome::Skipped(..))), "{r:?}");
    }
}

#[test]
fn merge_refuses_a_unit_run_twice() {
    let dir = TempDir::new("twice");
    let (rules, id) = counted_split(dir.path());
    let unit = units_in(dir.path()).remove(1);
    let r = run_unit(&rules, &id, &unit, &dir.path().join("again"), &ONE_THREAD);
    assert!(matches!(r, Ok(RunOutcome::Counted(..))), "{r:?}");
    let p = problems(dir.path());
    assert!(
        matches!(p.as_slice(), [MergeProblem::Duplicate { unit: 1, files }] if files.len() == 2),
        "{p:?}"
    );
    let text = MergeError::Results(p).to_string();
    assert!(
        text.contains("again/u00001.result") && text.contains("results/u00001.result"),
        "{text}"
    );
}

#[test]
fn merge_refuses_a_missing_result() {
    let dir = TempDir::new("missing");
    counted_split(dir.path());
    std::fs::remove_file(dir.path().join("results/u00002.result")).expect("remove");
    let p = problems(dir.path());
    assert_eq!(
        p,
        vec![MergeProblem::Missing {
            unit: 2,
            file: "u00002.unit".to_string()
        }]
    );
}

#[test]
fn merge_refuses_a_result_of_another_rule_set() {
    let dir = TempDir::new("foreign");
    let (_, id) = counted_split(dir.path());
    let path = dir.path().join("results/u00000.result");
    let mut r = read_result(&path).expect("valid result");
    // The same count, signed by another rule set (a well-formed file: its digest is right).
    r.rules = RulesId {
        digest: "0".repeat(32),
        ..id.clone()
    };
    std::fs::write(&path, result_text(&r).expect("text")).expect("write");
    assert!(read_result(&path).is_ok());
    let p = problems(dir.path());
    assert!(
        matches!(p.as_slice(), [MergeProblem::Foreign { file, why }, MergeProblem::Missing { unit: 0, .. }]
            if *file == path && why.contains("another rule set")),
        "{p:?}"
    );
    // Another engine version is another rule set too.
    r.rules = RulesId {
        engine: "0.0.0-other".to_string(),
        ..id
    };
    std::fs::write(&path, result_text(&r).expect("text")).expect("write");
    let p = problems(dir.path());
    assert!(
        matches!(p.first(), Some(MergeProblem::Foreign { .. })),
        "{p:?}"
    );
}

#[test]
fn merge_refuses_a_truncated_or_edited_result() {
    let dir = TempDir::new("truncated");
    counted_split(dir.path());
    let path = dir.path().join("results/u00001.result");
    let text = std::fs::read_to_string(&path).expect("read");
    // Cut in the middle of the first line, and cut before the end line.
    for cut in [text.len() / 3, text.find('\n').expect("two lines") + 1] {
        std::fs::write(&path, &text[..cut]).expect("write");
        let p = problems(dir.path());
        assert!(
            matches!(p.as_slice(), [MergeProblem::Corrupt { file, .. }, MergeProblem::Missing { unit: 1, .. }] if *file == path),
            "cut at {cut}: {p:?}"
        );
    }
    // A count changed by hand: the digest no longer matches.
    let edited = text.replacen("nodes:", "nodes:1", 1);
    std::fs::write(&path, edited).expect("write");
    let p = problems(dir.path());
    assert!(
        matches!(p.first(), Some(MergeProblem::Corrupt { why, .. }) if why.contains("digest")),
        "{p:?}"
    );
}

#[test]
fn merge_refuses_a_result_of_another_split() {
    let a = TempDir::new("split-a");
    counted_split(a.path());
    let b = TempDir::new("split-b");
    let rules = fide();
    split_run_merge(&rules, 3, 1, 3, 1_000_000, b.path());
    std::fs::copy(
        b.path().join("results/u00000.result"),
        a.path().join("stray.result"),
    )
    .expect("copy");
    let p = problems(a.path());
    assert!(
        matches!(p.as_slice(), [MergeProblem::Foreign { why, .. }] if why.contains("another split")),
        "{p:?}"
    );
}

#[test]
fn run_refuses_a_unit_of_another_rule_set_and_a_cut_unit_without_writing() {
    let dir = TempDir::new("run-refuses");
    let rules = fide();
    let id = RulesId::of(&rules);
    let opts = SplitOptions {
        depth: 4,
        at: 2,
        shards: 2,
        batch: 1_000_000,
    };
    split_to_dir(&rules, &id, &rules.initial_position(), &opts, dir.path()).expect("split");
    let results = dir.path().join("results");
    let unit = units_in(dir.path()).remove(0);
    let other = RulesId {
        digest: "f".repeat(32),
        ..id.clone()
    };
    let e = run_unit(&rules, &other, &unit, &results, &ONE_THREAD).expect_err("foreign unit");
    assert!(e.0.contains("made by"), "{e}");
    let text = std::fs::read_to_string(&unit).expect("read");
    for cut in [text.len() / 2, text.rfind("end ").expect("end line")] {
        std::fs::write(&unit, &text[..cut]).expect("write");
        let e = run_unit(&rules, &id, &unit, &results, &ONE_THREAD).expect_err("cut unit");
        assert!(e.0.contains("cut short"), "{e}");
        assert!(!results.join("u00000.result").exists());
    }
    // Splitting into a folder that holds a split is refused.
    let e =
        split_to_dir(&rules, &id, &rules.initial_position(), &opts, dir.path()).expect_err("busy");
    assert!(e.0.contains("already holds a split"), "{e}");
}

#[test]
fn the_rule_set_identity_tells_variants_apart_and_is_stable() {
    let fide = fide();
    let normal = frozen_variants::parlett::builtin_rules("normal-chess").expect("built in");
    assert_eq!(RulesId::of(&fide), RulesId::of(&fide));
    assert_ne!(RulesId::of(&fide).digest, RulesId::of(&normal).digest);
    assert_ne!(
        RulesId::of(&fide),
        RulesId::with_source(&fide, Some("another text"))
    );
    let dir = TempDir::new("header");
    let id = RulesId::of(&fide);
    let opts = SplitOptions {
        depth: 2,
        at: 1,
        shards: 1,
        batch: 10,
    };
    split_to_dir(&fide, &id, &fide.initial_position(), &opts, dir.path()).expect("split");
    let r = UnitReader::open(&units_in(dir.path())[0]).expect("unit");
    assert_eq!(r.header().rules, id);
}

fn cli(args: &[&str]) -> (u8, String, String) {
    let cli =
        <Cli as clap::Parser>::try_parse_from(std::iter::once("perft").chain(args.iter().copied()))
            .expect("valid arguments");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut stdin: &[u8] = b"";
    let code = cli.run_with(&mut Io {
        stdin: &mut stdin,
        stdin_is_terminal: false,
        out: &mut out,
        err: &mut err,
        err_is_terminal: false,
    });
    (
        code,
        String::from_utf8_lossy(&out).into_owned(),
        String::from_utf8_lossy(&err).into_owned(),
    )
}

#[test]
fn the_command_line_splits_runs_and_merges_with_the_usual_divide() {
    let dir = TempDir::new("cli");
    let d = dir.path().to_string_lossy().into_owned();
    let (code, _, err) = cli(&["split", "fide", "4", "--at", "2", "--shards", "3", "-o", &d]);
    assert_eq!(code, 0, "{err}");
    let mut run_args = vec!["run".to_string()];
    run_args.extend(
        units_in(dir.path())
            .iter()
            .map(|p| p.to_string_lossy().into_owned()),
    );
    run_args.extend(["-o".to_string(), format!("{d}/results")]);
    let refs: Vec<&str> = run_args.iter().map(String::as_str).collect();
    let (code, out, err) = cli(&refs);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 3, "{out}");
    let (code, out2, _) = cli(&refs);
    assert_eq!(code, 0);
    assert!(out2.lines().all(|l| l.contains("skipped")), "{out2}");
    let (code, merged, err) = cli(&["merge", &d]);
    assert_eq!(code, 0, "{err}");
    let (code, plain, _) = cli(&["fide", "4", "--divide", "--threads", "1"]);
    assert_eq!(code, 0);
    assert_eq!(merged, plain);
    let (code, split, err) = cli(&["fide", "4", "--divide", "--split-at", "2", "--threads", "2"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(split, plain);
    assert!(err.contains("saved"), "{err}");
    std::fs::remove_file(dir.path().join("results/u00001.result")).expect("remove");
    let (code, _, err) = cli(&["merge", &d]);
    assert_eq!(code, 1);
    assert!(err.contains("missing: unit 1 (u00001.unit)"), "{err}");
    let (code, _, err) = cli(&["fide", "3", "--split-at", "4"]);
    assert_eq!(code, 2, "{err}");
}
