//! The `perft` command line, written once for the `perft` binary and the
//! `frozen perft` subcommand: parse with [`Cli`] (a clap parser that can be
//! embedded as a subcommand) and call [`Cli::run`], or call [`run_cli`] with the
//! raw arguments.
//!
//! ```text
//! perft <variant> [--fen F | --position file.ron | --start] <depth> [--divide] [--threads N]
//!       [--hash MB] [--json] [--turns] [--budget NODES] [--split-at K]
//! perft fixtures [VARIANT...] [--all] [--max-nodes N] [--dir DIR] [--threads N] [--hash MB]
//! perft compare <variant> [--fen F | --position file.ron] <depth> [--reference-cmd CMD]
//! perft split <variant> <depth> [--fen F | --position file.ron] --at K --shards N -o DIR
//! perft run <unit>... -o DIR [--threads N] [--hash MB]
//! perft merge <dir> [--results DIR]...
//! perft list
//! ```
//!
//! Exit codes: 0 success, 1 failure (a count differs, a file cannot be read, the budget
//! ran out), 2 usage error (bad arguments, unknown variant, unreadable FEN).

use crate::compare::{compare, format_divide, parse_divide, run_reference_command, CompareOutcome};
use crate::fixture::{default_fixtures_root, fixture_files, load_fixture, PerftCase, RunCases};
pub use crate::split_cli::{run_with_rules, split_with_rules, MergeArgs, RunArgs, SplitArgs};
use crate::{run, Mode, PerftConfig, PerftReport, Progress};
use clap::{Args, Parser, Subcommand};
use frozen_core::{position_from_ron, Position, Rules, VariantVisitor};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::ffi::OsString;
use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Exit code of a usage error.
pub const EXIT_USAGE: u8 = 2;
/// Exit code of a failure.
pub const EXIT_FAILURE: u8 = 1;

/// Default largest count `perft fixtures` runs without `--all` (the fixture test's cap).
pub const DEFAULT_FIXTURE_MAX_NODES: u64 = 10_000_000;

/// Perft for frozen variants: count action sequences, divide, compare with another tool,
/// run the perft tables.
#[derive(Parser, Debug, Clone, PartialEq, Eq)]
#[command(
    name = "perft",
    version,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    after_help = "Examples:\n  perft fide 5 --divide\n  perft fide 6 --split-at 2\n  perft split fide 6 --at 2 --shards 8 -o split && perft run split/*.unit -o split/results && perft merge split\n  perft fc12 --fen '<fen>' 3 --threads 2 --hash 64\n  perft fixtures --all\n  perft list"
)]
pub struct Cli {
    /// A subcommand; without one, counts a position.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Counting a position.
    #[command(flatten)]
    pub count: CountArgs,
}

/// Subcommands of `perft`.
#[derive(Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Runs the perft tables in fixtures/perft/ (cases up to --max-nodes; --all for every case).
    Fixtures(FixturesArgs),
    /// Reads another tool's divide output on stdin and finds where it and ours part ways.
    Compare(CompareArgs),
    /// Lists the registered variants.
    List,
    /// Splits a count into work units at a split level (files in a folder, with a manifest).
    Split(SplitArgs),
    /// Counts work units written by `split`; a unit already counted is skipped.
    Run(RunArgs),
    /// Adds up the results of a split: the total and the divide per root action.
    Merge(MergeArgs),
}

/// Where the counted position comes from (at most one; the initial position by default).
#[derive(Args, Debug, Clone, PartialEq, Eq, Default)]
#[group(multiple = false)]
pub struct StartArgs {
    /// Start from this FEN.
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// Start from this RON position file.
    #[arg(long, value_name = "FILE")]
    pub position: Option<PathBuf>,
    /// Start from the variant's initial position (the default).
    #[arg(long)]
    pub start: bool,
}

/// Arguments of a count.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct CountArgs {
    /// Variant name (see `perft list`).
    #[arg(required = true, value_name = "VARIANT")]
    pub variant: Option<String>,
    /// Depth in plies (in turns with --turns).
    #[arg(required = true, value_name = "DEPTH")]
    pub depth: Option<u32>,
    /// The start position.
    #[command(flatten)]
    pub start: StartArgs,
    /// Print the count below each root action.
    #[arg(long)]
    pub divide: bool,
    /// Worker threads (0: one per core).
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub threads: usize,
    /// Transposition table size in MiB (0: none).
    #[arg(long, default_value_t = 0, value_name = "MB")]
    pub hash: usize,
    /// Print the result as JSON on stdout.
    #[arg(long)]
    pub json: bool,
    /// Count complete turns instead of actions.
    #[arg(long)]
    pub turns: bool,
    /// Stop (exit 1) once more nodes than this have been counted.
    #[arg(long, value_name = "NODES")]
    pub budget: Option<u64>,
    /// Count the distinct positions after K actions once each, on all threads (the split
    /// workflow in this process).
    #[arg(long, value_name = "K")]
    pub split_at: Option<u32>,
}

/// Arguments of `perft fixtures`.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct FixturesArgs {
    /// Only these variants' files (by variant name); all files by default.
    #[arg(value_name = "VARIANT")]
    pub variants: Vec<String>,
    /// Run every case, however large (release builds only, advised).
    #[arg(long)]
    pub all: bool,
    /// Skip cases whose expected count is above this (ignored with --all).
    #[arg(long, default_value_t = DEFAULT_FIXTURE_MAX_NODES, value_name = "NODES")]
    pub max_nodes: u64,
    /// The fixtures folder (holding perft/); defaults to the source tree's.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
    /// Worker threads (0: one per core).
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub threads: usize,
    /// Transposition table size in MiB (0: none).
    #[arg(long, default_value_t = 0, value_name = "MB")]
    pub hash: usize,
}

/// Arguments of `perft compare`.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct CompareArgs {
    /// Variant name.
    #[arg(value_name = "VARIANT")]
    pub variant: String,
    /// Depth of the divide on stdin.
    #[arg(value_name = "DEPTH")]
    pub depth: u32,
    /// The start position.
    #[command(flatten)]
    pub start: StartArgs,
    /// Shell command printing the other tool's divide for a position: `{fen}`, `{depth}` and
    /// `{moves}` (actions from the start, space-separated) are replaced, and are also in the
    /// environment as FEN, DEPTH and MOVES. Without it, only the root is compared.
    #[arg(long, value_name = "CMD")]
    pub reference_cmd: Option<String>,
}

/// Standard streams for a run, replaceable in tests.
pub struct Io<'a> {
    /// Standard input (read by `compare`).
    pub stdin: &'a mut dyn Read,
    /// True if standard input is a terminal (nothing piped in).
    pub stdin_is_terminal: bool,
    /// Standard output.
    pub out: &'a mut dyn Write,
    /// Standard error.
    pub err: &'a mut dyn Write,
    /// True if standard error is a terminal (progress lines are shown only then).
    pub err_is_terminal: bool,
}

impl std::fmt::Debug for Io<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Io")
            .field("stdin_is_terminal", &self.stdin_is_terminal)
            .field("err_is_terminal", &self.err_is_terminal)
            .finish_non_exhaustive()
    }
}

/// Parses `args` (the program name first) and runs them on the process's standard streams.
pub fn run_cli<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    match Cli::try_parse_from(args) {
        Ok(cli) => cli.run(),
        Err(e) => {
            let _ = e.print();
            ExitCode::from(if e.use_stderr() { EXIT_USAGE } else { 0 })
        }
    }
}

impl Cli {
    /// Runs on the process's standard streams.
    pub fn run(&self) -> ExitCode {
        let stdin = std::io::stdin();
        let stdin_is_terminal = stdin.is_terminal();
        let mut stdin = stdin.lock();
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        let stderr = std::io::stderr();
        let err_is_terminal = stderr.is_terminal();
        let mut err = stderr.lock();
        let mut io = Io {
            stdin: &mut stdin,
            stdin_is_terminal,
            out: &mut out,
            err: &mut err,
            err_is_terminal,
        };
        ExitCode::from(self.run_with(&mut io))
    }

    /// Runs on the given streams; returns the exit code.
    pub fn run_with(&self, io: &mut Io<'_>) -> u8 {
        match &self.command {
            Some(Command::List) => list(io),
            Some(Command::Split(a)) => crate::split_cli::split(a, io),
            Some(Command::Run(a)) => crate::split_cli::run(a, io),
            Some(Command::Merge(a)) => crate::split_cli::merge(a, io),
            Some(Command::Fixtures(a)) => fixtures(a, io),
            Some(Command::Compare(a)) => {
                let r = frozen_variants::visit(
                    &a.variant,
                    CompareVisitor {
                        args: a,
                        io: &mut *io,
                    },
                );
                r.unwrap_or_else(|_| unknown_variant(&a.variant, io))
            }
            None => match &self.count.variant {
                Some(v) => {
                    let r = frozen_variants::visit(
                        v,
                        CountVisitor {
                            args: &self.count,
                            io: &mut *io,
                        },
                    );
                    r.unwrap_or_else(|_| unknown_variant(v, io))
                }
                None => {
                    let _ = writeln!(io.err, "error: name a variant and a depth, e.g. `perft fide 4`; see `perft --help`");
                    EXIT_USAGE
                }
            },
        }
    }
}

fn unknown_variant(name: &str, io: &mut Io<'_>) -> u8 {
    let known: Vec<&str> = frozen_variants::VARIANTS.iter().map(|v| v.name).collect();
    let _ = writeln!(
        io.err,
        "error: unknown variant {name:?}; known variants: {}. Run `perft list` to see them.",
        if known.is_empty() {
            "none registered".to_string()
        } else {
            known.join(", ")
        }
    );
    EXIT_USAGE
}

fn list(io: &mut Io<'_>) -> u8 {
    if frozen_variants::VARIANTS.is_empty() {
        let _ = writeln!(io.err, "no variant is registered in this build");
        return EXIT_FAILURE;
    }
    for v in frozen_variants::VARIANTS {
        let _ = writeln!(io.out, "{:<16} {:<7} {}", v.name, v.board, v.description);
    }
    0
}

/// Builds the start position from `--fen`, `--position` or the initial position.
/// `Err((code, message))` on failure.
pub(crate) fn start_position<R: Rules>(
    rules: &R,
    start: &StartArgs,
) -> Result<Position<R::State>, (u8, String)> {
    if let Some(fen) = &start.fen {
        return rules.position_from_fen(fen).map_err(|e| {
            (
                EXIT_USAGE,
                format!("cannot read the FEN {fen:?} for {}: {e}\nCheck the FEN, or give a RON position with --position.", rules.name()),
            )
        });
    }
    if let Some(path) = &start.position {
        let text = std::fs::read_to_string(path).map_err(|e| {
            (
                EXIT_FAILURE,
                format!("cannot read {}: {e}; check the path", path.display()),
            )
        })?;
        return position_from_ron(rules, &text).map_err(|e| {
            (
                EXIT_FAILURE,
                format!(
                    "{} is not a valid {} position: {e}\nFix the file at the places listed.",
                    path.display(),
                    rules.name()
                ),
            )
        });
    }
    Ok(rules.initial_position())
}

struct CountVisitor<'a, 'b> {
    args: &'a CountArgs,
    io: &'a mut Io<'b>,
}

impl VariantVisitor for CountVisitor<'_, '_> {
    type Output = u8;
    fn visit<R: Rules + Clone>(self, rules: R) -> u8 {
        count_with_rules(&rules, self.args, self.io)
    }
}

/// Version of the `--json` report's shape: fields are only added within a version.
pub const JSON_SCHEMA_VERSION: u32 = 1;

/// The `--json` report, written with serde_json.
#[derive(serde::Serialize, Debug)]
struct ReportJson<'a> {
    variant: &'a str,
    depth: u32,
    mode: &'a str,
    nodes: u64,
    seconds: f64,
    nodes_per_second: f64,
    threads: usize,
    divide: &'a [crate::DivideEntry],
    schema_version: u32,
}

/// The JSON form of a report (`--json`): one object with `variant`, `depth`, `mode`,
/// `nodes`, `seconds`, `nodes_per_second`, `threads`, `divide`
/// Prints a count on standard output in the form asked for: JSON, the divide, or the
/// `Nodes searched:` line. False if standard output could not be written.
pub(crate) fn print_report(
    io: &mut Io<'_>,
    variant: &str,
    report: &PerftReport,
    json: bool,
    divide: bool,
) -> bool {
    let written = if json {
        writeln!(io.out, "{}", report_json(variant, report))
    } else if divide {
        write!(io.out, "{}", format_divide(&report.divide, report.nodes))
    } else {
        writeln!(io.out, "Nodes searched: {}", report.nodes)
    };
    written.and_then(|_| io.out.flush()).is_ok()
}

/// (`[{"action": "e2e4", "nodes": 20}, ...]`) and `schema_version`.
pub fn report_json(variant: &str, report: &PerftReport) -> String {
    let r = ReportJson {
        schema_version: JSON_SCHEMA_VERSION,
        variant,
        depth: report.depth,
        mode: report.mode.name(),
        nodes: report.nodes,
        seconds: report.elapsed.as_secs_f64(),
        nodes_per_second: report.nodes_per_second().round(),
        threads: report.threads,
        divide: &report.divide,
    };
    // Plain numbers and strings: serialization cannot fail.
    serde_json::to_string(&r).unwrap_or_default()
}

/// True if a progress line may be drawn on standard error: a terminal that can move the
/// cursor (not `TERM=dumb`), outside CI (`CI` set).
pub fn progress_wanted(err_is_terminal: bool) -> bool {
    err_is_terminal
        && std::env::var_os("CI").is_none()
        && std::env::var_os("TERM").map_or(true, |t| t != "dumb")
}

/// The progress of a count, drawn by indicatif on standard error: shown after one second
/// (short counts stay silent), redrawn at most 20 times a second, only where
/// [`progress_wanted`] says so (indicatif itself also draws nothing where standard error is
/// not a terminal); cleared when the count ends and before anything else (an error) is
/// written.
struct ProgressLine {
    /// Where the bar will draw, until it is made.
    target: Option<ProgressDrawTarget>,
    /// The bar, once the count has run for a second.
    bar: Option<ProgressBar>,
}

impl ProgressLine {
    /// A progress line on standard error, or none when `on` is false.
    fn new(on: bool) -> ProgressLine {
        ProgressLine::with_target(on.then(ProgressDrawTarget::stderr))
    }

    fn with_target(target: Option<ProgressDrawTarget>) -> ProgressLine {
        ProgressLine { target, bar: None }
    }

    fn update(&mut self, p: &Progress) {
        if p.roots_done == p.roots_total {
            self.clear();
            return;
        }
        if self.bar.is_none() {
            if p.elapsed < Duration::from_secs(1) {
                return;
            }
            let Some(target) = self.target.take() else {
                return;
            };
            let bar = ProgressBar::with_draw_target(Some(p.roots_total as u64), target);
            if let Ok(style) =
                ProgressStyle::with_template("[{bar:24}] {pos}/{len} root actions, {msg}")
            {
                bar.set_style(style.progress_chars("=> "));
            }
            self.bar = Some(bar);
        }
        if let Some(bar) = &self.bar {
            let nps = p.nodes as f64 / p.elapsed.as_secs_f64().max(1e-9);
            bar.set_message(format!(
                "{} nodes, {:.0} nodes/s, {:.0} s",
                p.nodes,
                nps,
                p.elapsed.as_secs_f64()
            ));
            bar.set_position(p.roots_done as u64);
        }
    }

    /// Wipes the bar if one is shown; no bar is drawn after this.
    fn clear(&mut self) {
        self.target = None;
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// Runs a count (`perft <variant> ...`) with concrete rules; returns the exit code.
/// Public so tests and other frontends can run the same code on rules outside the registry.
pub fn count_with_rules<R: Rules>(rules: &R, args: &CountArgs, io: &mut Io<'_>) -> u8 {
    let Some(depth) = args.depth else {
        let _ = writeln!(
            io.err,
            "error: give a depth, e.g. `perft {} 4`",
            rules.name()
        );
        return EXIT_USAGE;
    };
    let pos = match start_position(rules, &args.start) {
        Ok(p) => p,
        Err((code, msg)) => {
            let _ = writeln!(io.err, "error: {msg}");
            return code;
        }
    };
    if let Some(at) = args.split_at {
        return crate::split_cli::count_split_cli(rules, &pos, depth, at, args, io);
    }
    let config = PerftConfig {
        threads: args.threads,
        hash_mb: args.hash,
        budget: args.budget,
        mode: if args.turns {
            Mode::Turns
        } else {
            Mode::Actions
        },
        ..PerftConfig::default()
    };
    let show = progress_wanted(io.err_is_terminal) && !args.json;
    let result = {
        let mut line = ProgressLine::new(show);
        let r = run(rules, &pos, depth, &config, &mut |p: &Progress| {
            line.update(p)
        });
        line.clear();
        r
    };
    let report = match result {
        Ok(r) => r,
        Err(e) => {
            let _ = writeln!(io.err, "error: {e}");
            return EXIT_FAILURE;
        }
    };
    if !print_report(io, rules.name(), &report, args.json, args.divide) {
        return EXIT_FAILURE;
    }
    let _ = writeln!(
        io.err,
        "{:.3} s, {:.0} nodes/s, {} thread{}{}",
        report.elapsed.as_secs_f64(),
        report.nodes_per_second(),
        report.threads,
        if report.threads == 1 { "" } else { "s" },
        if report.tt_slots > 0 {
            format!(", table of {} entries", report.tt_slots)
        } else {
            String::new()
        }
    );
    0
}

fn fixtures(args: &FixturesArgs, io: &mut Io<'_>) -> u8 {
    let root = args.dir.clone().unwrap_or_else(default_fixtures_root);
    let files = fixture_files(&root);
    if files.is_empty() {
        let _ = writeln!(
            io.err,
            "error: no perft tables in {}; give the fixtures folder with --dir",
            root.join("perft").display()
        );
        return EXIT_FAILURE;
    }
    let config = PerftConfig {
        threads: args.threads,
        hash_mb: args.hash,
        budget: None,
        ..PerftConfig::default()
    };
    let (mut passed, mut failed, mut skipped) = (0usize, 0usize, 0usize);
    // Every variant named must have a table: a typo is not "0 cases, all passed".
    if !args.variants.is_empty() {
        let have: Vec<String> = files
            .iter()
            .filter_map(|f| load_fixture(f).ok().map(|x| x.variant))
            .collect();
        let missing: Vec<&String> = args.variants.iter().filter(|v| !have.contains(v)).collect();
        if !missing.is_empty() {
            let mut known = have.clone();
            known.sort();
            known.dedup();
            let _ = writeln!(
                io.err,
                "error: no perft table for {}; tables exist for: {}",
                missing
                    .iter()
                    .map(|v| format!("{v:?}"))
                    .collect::<Vec<_>>()
                    .join(", "),
                known.join(", ")
            );
            return EXIT_USAGE;
        }
    }
    for file in files {
        let fixture = match load_fixture(&file) {
            Ok(f) => f,
            Err(e) => {
                let _ = writeln!(io.out, "FAIL {e}");
                failed += 1;
                continue;
            }
        };
        if !args.variants.is_empty() && !args.variants.contains(&fixture.variant) {
            continue;
        }
        let chosen: Vec<&PerftCase> = fixture
            .cases
            .iter()
            .filter(|c| args.all || c.nodes <= args.max_nodes)
            .collect();
        skipped += fixture.cases.len() - chosen.len();
        let _ = writeln!(io.out, "{} ({}):", file.display(), fixture.variant);
        // One case at a time, so each line shows as soon as its count is done.
        for case in &chosen {
            let one = [*case];
            let visitor = RunCases {
                cases: &one,
                root: &root,
                config: &config,
                cross_check: None,
            };
            match frozen_variants::visit(&fixture.variant, visitor) {
                Ok(results) => {
                    for r in results {
                        let _ = writeln!(io.out, "  {}", r.describe());
                        let _ = io.out.flush();
                        if r.passed() {
                            passed += 1;
                        } else {
                            failed += 1;
                        }
                    }
                }
                Err(e) => {
                    let _ = writeln!(
                        io.out,
                        "  FAIL {e}: register the variant or rename the file's variant"
                    );
                    failed += chosen.len().max(1);
                    break;
                }
            }
        }
    }
    let _ = writeln!(
        io.out,
        "{passed} passed, {failed} failed, {skipped} skipped"
    );
    if skipped > 0 && !args.all {
        let _ = writeln!(io.err, "{skipped} case(s) above {} nodes skipped; run with --all (in a release build) to include them", args.max_nodes);
    }
    if failed > 0 {
        EXIT_FAILURE
    } else {
        0
    }
}

struct CompareVisitor<'a, 'b> {
    args: &'a CompareArgs,
    io: &'a mut Io<'b>,
}

impl VariantVisitor for CompareVisitor<'_, '_> {
    type Output = u8;
    fn visit<R: Rules + Clone>(self, rules: R) -> u8 {
        compare_with_rules(&rules, self.args, self.io)
    }
}

/// Runs `perft compare` with concrete rules; returns the exit code (0: the counts agree,
/// 1: they differ or the comparison could not finish, 2: usage error).
pub fn compare_with_rules<R: Rules>(rules: &R, args: &CompareArgs, io: &mut Io<'_>) -> u8 {
    let pos = match start_position(rules, &args.start) {
        Ok(p) => p,
        Err((code, msg)) => {
            let _ = writeln!(io.err, "error: {msg}");
            return code;
        }
    };
    let root_fen = rules.to_fen(&pos);
    let theirs = if io.stdin_is_terminal {
        match &args.reference_cmd {
            Some(cmd) => {
                let step = crate::compare::Step {
                    fen: root_fen.as_deref(),
                    depth: args.depth,
                    moves: &[],
                };
                match run_reference_command(cmd, &step) {
                    Ok(t) => t,
                    Err(e) => {
                        let _ = writeln!(io.err, "error: {e}");
                        return EXIT_FAILURE;
                    }
                }
            }
            None => {
                let _ = writeln!(
                    io.err,
                    "error: pipe the other tool's divide output into stdin, or give --reference-cmd"
                );
                return EXIT_USAGE;
            }
        }
    } else {
        let mut text = String::new();
        if let Err(e) = io.stdin.read_to_string(&mut text) {
            let _ = writeln!(io.err, "error: cannot read stdin: {e}");
            return EXIT_FAILURE;
        }
        match parse_divide(&text) {
            Ok(t) => t,
            Err(e) => {
                let _ = writeln!(io.err, "error: {e}; expected lines like `e2e4: 20`");
                return EXIT_USAGE;
            }
        }
    };
    let mut no_reference =
        |_: &crate::compare::Step<'_>| -> Result<Vec<crate::DivideEntry>, String> {
            Err(
                "no --reference-cmd given; give one to descend into the differing action"
                    .to_string(),
            )
        };
    let outcome = match &args.reference_cmd {
        Some(cmd) => {
            let mut reference = |s: &crate::compare::Step<'_>| run_reference_command(cmd, s);
            compare(rules, &pos, args.depth, theirs, &mut reference)
        }
        None => compare(rules, &pos, args.depth, theirs, &mut no_reference),
    };
    match outcome {
        CompareOutcome::Agree { nodes } => {
            let _ = writeln!(
                io.out,
                "The counts agree: {nodes} nodes at depth {}",
                args.depth
            );
            0
        }
        CompareOutcome::Differ(d) => {
            let _ = write!(io.out, "{d}");
            EXIT_FAILURE
        }
        CompareOutcome::Stuck { at, reason } => {
            let _ = write!(io.out, "{at}");
            let _ = writeln!(io.err, "stopped: {reason}");
            EXIT_FAILURE
        }
    }
}

#[cfg(test)]
mod progress_tests {
    use super::{progress_wanted, ProgressLine};
    use crate::Progress;
    use indicatif::{ProgressDrawTarget, TermLike};
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    fn at(secs: u64, done: usize) -> Progress {
        Progress {
            nodes: 1000,
            roots_done: done,
            roots_total: 20,
            elapsed: Duration::from_secs(secs),
        }
    }

    /// A terminal that records what is drawn on it: text, and `<clear>` for a wiped line.
    #[derive(Debug, Clone, Default)]
    struct Screen(Arc<Mutex<String>>);

    impl Screen {
        fn push(&self, s: &str) -> std::io::Result<()> {
            if let Ok(mut t) = self.0.lock() {
                t.push_str(s);
            }
            Ok(())
        }
        fn text(&self) -> String {
            self.0.lock().map(|t| t.clone()).unwrap_or_default()
        }
    }

    impl TermLike for Screen {
        fn width(&self) -> u16 {
            100
        }
        fn move_cursor_up(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> std::io::Result<()> {
            self.push(s)?;
            self.push("\n")
        }
        fn write_str(&self, s: &str) -> std::io::Result<()> {
            self.push(s)
        }
        fn clear_line(&self) -> std::io::Result<()> {
            self.push("<clear>")
        }
        fn flush(&self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn drawn_after_a_second_and_wiped_before_anything_else() {
        let screen = Screen::default();
        let target = ProgressDrawTarget::term_like_with_hz(Box::new(screen.clone()), 200);
        let mut line = ProgressLine::with_target(Some(target));
        line.update(&at(0, 1));
        assert_eq!(screen.text(), "", "nothing in the first second");
        line.update(&at(2, 3));
        let drawn = screen.text();
        assert!(drawn.contains("3/20 root actions"), "{drawn:?}");
        assert!(drawn.contains("1000 nodes"), "{drawn:?}");
        line.clear();
        let text = screen.text();
        assert!(text.ends_with("<clear>"), "wiped last: {text:?}");
        // Nothing is drawn after the end.
        line.update(&at(3, 4));
        line.clear();
        assert_eq!(screen.text(), text);
    }

    #[test]
    fn off_on_pipes_and_in_ci() {
        // Off: no target, no bar, whatever the updates.
        let mut line = ProgressLine::new(false);
        line.update(&at(2, 3));
        assert!(line.bar.is_none());
        line.clear();
        assert!(!progress_wanted(false), "never on a pipe");
    }
}
