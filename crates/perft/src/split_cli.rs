//! The command line of the split workflow: `perft split`, `perft run`, `perft merge`, and
//! `perft <variant> <depth> --split-at <k>` (see [`crate::split`]).

use crate::cli::{
    print_report, start_position, CountArgs, Io, StartArgs, EXIT_FAILURE, EXIT_USAGE,
};
use crate::compare::format_divide;
use crate::split::{
    count_split, merge_dir, run_unit, split_to_dir, RulesId, RunOptions, RunOutcome, SplitOptions,
    UnitReader,
};
use crate::{Mode, PerftReport};
use clap::Args;
use frozen_core::{Position, Rules, VariantVisitor};
use std::path::PathBuf;

/// Default number of distinct positions `split` and `--split-at` hold in memory at once.
pub const DEFAULT_BATCH: usize = 50_000;

/// Arguments of `perft split`.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct SplitArgs {
    /// Variant name (see `perft list`).
    #[arg(value_name = "VARIANT")]
    pub variant: String,
    /// Depth of the whole count, in plies.
    #[arg(value_name = "DEPTH")]
    pub depth: u32,
    /// The start position.
    #[command(flatten)]
    pub start: StartArgs,
    /// The split level: the units hold the positions after this many actions (1 to DEPTH).
    #[arg(long, value_name = "K")]
    pub at: u32,
    /// Number of unit files (shards), balanced by estimated work.
    #[arg(long, value_name = "N")]
    pub shards: u32,
    /// Output folder (created; it must not hold a split already).
    #[arg(short = 'o', long = "out", value_name = "DIR")]
    pub out: PathBuf,
    /// Distinct positions held in memory at once (the enumeration runs once per batch).
    #[arg(long, default_value_t = DEFAULT_BATCH, value_name = "N")]
    pub batch: usize,
}

/// Arguments of `perft run`.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct RunArgs {
    /// Unit files written by `perft split`.
    #[arg(required = true, value_name = "UNIT")]
    pub units: Vec<PathBuf>,
    /// Folder of the results (created); a unit whose result is there already is skipped.
    #[arg(short = 'o', long = "out", value_name = "DIR")]
    pub out: PathBuf,
    /// Worker threads per unit (0: one per core). One by default: a batch scheduler or GNU
    /// parallel gives each job its own core.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub threads: usize,
    /// Transposition table size in MiB, shared by the threads (0: none).
    #[arg(long, default_value_t = 0, value_name = "MB")]
    pub hash: usize,
}

/// Arguments of `perft merge`.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct MergeArgs {
    /// The split's folder (holding manifest.ron); result files anywhere under it are read.
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// Another folder holding results (repeatable).
    #[arg(long = "results", value_name = "DIR")]
    pub results: Vec<PathBuf>,
}

/// `perft split`.
pub(crate) fn split(args: &SplitArgs, io: &mut Io<'_>) -> u8 {
    let r = frozen_variants::visit(&args.variant, SplitVisitor { args, io: &mut *io });
    r.unwrap_or_else(|e| {
        let _ = writeln!(io.err, "error: {e}. Run `perft list` to see them.");
        EXIT_USAGE
    })
}

struct SplitVisitor<'a, 'b> {
    args: &'a SplitArgs,
    io: &'a mut Io<'b>,
}

impl VariantVisitor for SplitVisitor<'_, '_> {
    type Output = u8;
    fn visit<R: Rules + Clone>(self, rules: R) -> u8 {
        split_with_rules(&rules, &RulesId::of(&rules), self.args, self.io)
    }
}

/// `perft split` with concrete rules and their identity; returns the exit code.
pub fn split_with_rules<R: Rules>(
    rules: &R,
    id: &RulesId,
    args: &SplitArgs,
    io: &mut Io<'_>,
) -> u8 {
    if args.at == 0 || args.at > args.depth || args.shards == 0 {
        let _ = writeln!(
            io.err,
            "error: --at must be from 1 to the depth ({}) and --shards at least 1",
            args.depth
        );
        return EXIT_USAGE;
    }
    let pos = match start_position(rules, &args.start) {
        Ok(p) => p,
        Err((code, msg)) => {
            let _ = writeln!(io.err, "error: {msg}");
            return code;
        }
    };
    let opts = SplitOptions {
        depth: args.depth,
        at: args.at,
        shards: args.shards,
        batch: args.batch.max(1),
    };
    match split_to_dir(rules, id, &pos, &opts, &args.out) {
        Ok(m) => {
            let largest = m.units.iter().map(|u| u.estimate).max().unwrap_or(0);
            let _ = writeln!(
                io.out,
                "{} units in {}: {} distinct positions after {} actions ({} action sequences, {} ended earlier), \
                 {} root actions, remaining depth {}; estimated {} nodes, the largest unit {}",
                m.units.len(),
                args.out.display(),
                m.positions,
                m.at,
                m.paths,
                m.ended,
                m.roots.len(),
                m.remaining,
                m.estimate,
                largest
            );
            0
        }
        Err(e) => {
            let _ = writeln!(io.err, "error: {e}");
            EXIT_FAILURE
        }
    }
}

/// `perft run`.
pub(crate) fn run(args: &RunArgs, io: &mut Io<'_>) -> u8 {
    // Units grouped by variant, so each rule set's identity is worked out once.
    let mut groups: Vec<(String, Vec<PathBuf>)> = Vec::new();
    let mut failed = 0usize;
    for unit in &args.units {
        match UnitReader::open(unit) {
            Ok(r) => {
                let v = r.header().rules.variant.clone();
                match groups.iter_mut().find(|(name, _)| *name == v) {
                    Some((_, list)) => list.push(unit.clone()),
                    None => groups.push((v, vec![unit.clone()])),
                }
            }
            Err(e) => {
                let _ = writeln!(io.err, "error: {e}");
                failed += 1;
            }
        }
    }
    for (variant, units) in &groups {
        let visitor = RunVisitor {
            args,
            units,
            io: &mut *io,
        };
        match frozen_variants::visit(variant, visitor) {
            Ok(n) => failed += n,
            Err(e) => {
                let _ = writeln!(
                    io.err,
                    "error: {} unit(s) name the variant {variant:?}, which this perft does not have: {e}",
                    units.len()
                );
                failed += units.len();
            }
        }
    }
    if failed > 0 {
        let _ = writeln!(io.err, "{failed} unit(s) not counted");
        EXIT_FAILURE
    } else {
        0
    }
}

struct RunVisitor<'a, 'b> {
    args: &'a RunArgs,
    units: &'a [PathBuf],
    io: &'a mut Io<'b>,
}

impl VariantVisitor for RunVisitor<'_, '_> {
    type Output = usize;
    fn visit<R: Rules + Clone>(self, rules: R) -> usize {
        run_with_rules(&rules, &RulesId::of(&rules), self.units, self.args, self.io)
    }
}

/// Runs `units` with concrete rules and their identity; returns the number of units that
/// failed.
pub fn run_with_rules<R: Rules>(
    rules: &R,
    id: &RulesId,
    units: &[PathBuf],
    args: &RunArgs,
    io: &mut Io<'_>,
) -> usize {
    let opts = RunOptions {
        threads: args.threads,
        hash_mb: args.hash,
    };
    let mut failed = 0;
    for unit in units {
        match run_unit(rules, id, unit, &args.out, &opts) {
            Ok(RunOutcome::Counted(r, path)) => {
                let _ = writeln!(
                    io.out,
                    "{}: {} nodes ({} counted for {} positions) in {:.2} s -> {}",
                    unit.display(),
                    r.nodes,
                    r.searched,
                    r.positions,
                    r.seconds,
                    path.display()
                );
            }
            Ok(RunOutcome::Skipped(r, path)) => {
                let _ = writeln!(
                    io.out,
                    "{}: already counted ({} nodes in {}), skipped",
                    unit.display(),
                    r.nodes,
                    path.display()
                );
            }
            Err(e) => {
                let _ = writeln!(io.err, "error: {e}");
                failed += 1;
            }
        }
        let _ = io.out.flush();
    }
    failed
}

/// `perft merge`.
pub(crate) fn merge(args: &MergeArgs, io: &mut Io<'_>) -> u8 {
    match merge_dir(&args.dir, &args.results) {
        Ok(m) => {
            if write!(io.out, "{}", format_divide(&m.divide, m.nodes))
                .and_then(|_| io.out.flush())
                .is_err()
            {
                return EXIT_FAILURE;
            }
            let _ = writeln!(
                io.err,
                "{} perft({}) from {} units: {} distinct positions after {} actions for {} action sequences; \
                 {} nodes counted below them",
                m.manifest.rules.variant,
                m.manifest.depth,
                m.manifest.units.len(),
                m.manifest.positions,
                m.manifest.at,
                m.manifest.paths,
                m.searched
            );
            0
        }
        Err(e) => {
            let _ = writeln!(io.err, "error: {e}");
            EXIT_FAILURE
        }
    }
}

/// `perft <variant> <depth> --split-at <k>`: the count split in this process.
pub(crate) fn count_split_cli<R: Rules>(
    rules: &R,
    pos: &Position<R::State>,
    depth: u32,
    at: u32,
    args: &CountArgs,
    io: &mut Io<'_>,
) -> u8 {
    if args.turns || args.budget.is_some() {
        let _ = writeln!(
            io.err,
            "error: --split-at counts actions without a budget; leave out --turns and --budget"
        );
        return EXIT_USAGE;
    }
    if at == 0 || at > depth {
        let _ = writeln!(
            io.err,
            "error: --split-at must be from 1 to the depth ({depth})"
        );
        return EXIT_USAGE;
    }
    let c = match count_split(
        rules,
        pos,
        depth,
        at,
        args.threads,
        args.hash,
        DEFAULT_BATCH,
    ) {
        Ok(c) => c,
        Err(e) => {
            let _ = writeln!(io.err, "error: {e}");
            return EXIT_FAILURE;
        }
    };
    let report = PerftReport {
        depth,
        mode: Mode::Actions,
        nodes: c.nodes,
        divide: c.divide,
        elapsed: c.elapsed,
        threads: c.threads,
        tt_slots: 0,
    };
    if !print_report(io, rules.name(), &report, args.json, args.divide) {
        return EXIT_FAILURE;
    }
    let saved = c.nodes.saturating_sub(c.searched);
    let _ = writeln!(
        io.err,
        "{:.3} s, {:.0} nodes/s, {} thread{}; split at ply {at}: {} action sequences, {} distinct positions; \
         counted {} nodes below them for {}: merging identical positions saved {saved} nodes ({:.1}%)",
        report.elapsed.as_secs_f64(),
        report.nodes_per_second(),
        report.threads,
        if report.threads == 1 { "" } else { "s" },
        c.stats.paths,
        c.stats.positions,
        c.searched,
        c.nodes,
        if c.nodes > 0 {
            saved as f64 * 100.0 / c.nodes as f64
        } else {
            0.0
        }
    );
    0
}
