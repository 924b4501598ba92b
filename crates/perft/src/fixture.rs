//! Perft tables as data: `fixtures/perft/<variant>.ron`, run by one generic runner.
//!
//! ```ron
//! (
//!     variant: "fc12",
//!     cases: [
//!         (name: "start", fen: None, depth: 3, nodes: 1234),
//!         (name: "kiwipete", fen: Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"), depth: 2, nodes: 2039),
//!         (name: "tombs", position: Some("positions/fc12/tombs.ron"), depth: 2, nodes: 812),
//!         (name: "double moves", fen: None, depth: 2, nodes: 4000, turns: true),
//!     ],
//! )
//! ```
//!
//! A case starts from `fen`, or from the RON position file `position` (a path relative
//! to the `fixtures/` folder), or from the variant's initial position when both are
//! absent. `turns: true` counts complete turns instead of actions. Unknown fields are
//! refused, so a misspelt field is reported rather than ignored.

use crate::{run, Mode, PerftConfig, PerftError};
use frozen_core::{position_from_ron, Position, Rules, VariantVisitor};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};

/// One perft table: a variant and its cases.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerftFixture {
    /// The registry name of the variant.
    pub variant: String,
    /// The cases.
    pub cases: Vec<PerftCase>,
}

/// One case: a start position, a depth and the expected count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerftCase {
    /// A short name of the start position (`"start"`, `"kiwipete"`); cases of one position at
    /// several depths share it, and a name stands for one position only.
    pub name: String,
    /// Start from this FEN...
    #[serde(default)]
    pub fen: Option<String>,
    /// ...or from this RON position file, relative to the `fixtures/` folder.
    #[serde(default)]
    pub position: Option<String>,
    /// Depth: plies, or turns when `turns` is set.
    pub depth: u32,
    /// The expected count.
    pub nodes: u64,
    /// Count complete turns instead of actions.
    #[serde(default)]
    pub turns: bool,
    /// Where the number comes from (a published table, another engine...), for people.
    #[serde(default)]
    pub source: Option<String>,
}

impl PerftCase {
    /// The counting mode of this case.
    pub fn mode(&self) -> Mode {
        if self.turns {
            Mode::Turns
        } else {
            Mode::Actions
        }
    }
}

/// A fixture file that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixtureError {
    /// The file (or text source).
    pub file: String,
    /// What is wrong, with the location where known.
    pub message: String,
}

impl fmt::Display for FixtureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.file, self.message)
    }
}
impl std::error::Error for FixtureError {}

/// Reads a fixture from RON text (`file` names it in errors).
pub fn parse_fixture(text: &str, file: &str) -> Result<PerftFixture, FixtureError> {
    let fixture: PerftFixture =
        ron::Options::default()
            .from_str(text)
            .map_err(|e| FixtureError {
                file: file.to_string(),
                message: format!(
                    "line {}, column {}: {}",
                    e.position.line, e.position.col, e.code
                ),
            })?;
    let mut problems = Vec::new();
    for (i, c) in fixture.cases.iter().enumerate() {
        if c.fen.is_some() && c.position.is_some() {
            problems.push(format!(
                "case {i} ({:?}): give fen or position, not both",
                c.name
            ));
        }
        for (j, o) in fixture.cases[..i].iter().enumerate() {
            if o.name != c.name {
                continue;
            }
            if o.fen != c.fen || o.position != c.position {
                problems.push(format!(
                    "case {i}: the name {:?} already names another start position (case {j}); \
                     one name, one position",
                    c.name
                ));
                break;
            }
            if o.depth == c.depth && o.turns == c.turns {
                problems.push(format!(
                    "case {i}: {:?} at depth {} is listed twice (case {j})",
                    c.name, c.depth
                ));
                break;
            }
        }
    }
    if problems.is_empty() {
        Ok(fixture)
    } else {
        Err(FixtureError {
            file: file.to_string(),
            message: problems.join("; "),
        })
    }
}

/// Reads a fixture file.
pub fn load_fixture(path: &Path) -> Result<PerftFixture, FixtureError> {
    let text = std::fs::read_to_string(path).map_err(|e| FixtureError {
        file: path.display().to_string(),
        message: format!("cannot read: {e}"),
    })?;
    parse_fixture(&text, &path.display().to_string())
}

/// The `fixtures/` folder of the source tree this crate was built from.
pub fn default_fixtures_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
}

/// Every `*.ron` file in `<root>/perft`, sorted by name (empty if the folder is missing).
pub fn fixture_files(root: &Path) -> Vec<PathBuf> {
    let Ok(dir) = std::fs::read_dir(root.join("perft")) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = dir
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files
}

/// Builds the start position of a case: its FEN, its position file (relative to `root`,
/// the `fixtures/` folder) or the initial position.
pub fn case_position<R: Rules>(
    rules: &R,
    case: &PerftCase,
    root: &Path,
) -> Result<Position<R::State>, String> {
    match (&case.fen, &case.position) {
        (Some(_), Some(_)) => Err("give fen or position, not both".to_string()),
        (Some(fen), None) => rules
            .position_from_fen(fen)
            .map_err(|e| format!("bad FEN {fen:?}: {e}")),
        (None, Some(file)) => {
            let path = root.join(file);
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read position file {}: {e}", path.display()))?;
            position_from_ron(rules, &text)
                .map_err(|e| format!("bad position file {}: {e}", path.display()))
        }
        (None, None) => Ok(rules.initial_position()),
    }
}

/// What running one case gave.
#[derive(Clone, Debug, PartialEq)]
pub struct CaseResult {
    /// The case name.
    pub name: String,
    /// The case depth.
    pub depth: u32,
    /// Expected count.
    pub expected: u64,
    /// Counted, if the run finished.
    pub counted: Result<u64, String>,
    /// Seconds spent.
    pub seconds: f64,
    /// Counted with another configuration, when a cross-check was asked for
    /// (see [`run_fixture_cases`]).
    pub cross_check: Option<Result<u64, String>>,
}

impl CaseResult {
    /// True if the count (and the cross-check, if any) equals the expected count.
    pub fn passed(&self) -> bool {
        self.counted.as_ref().is_ok_and(|n| *n == self.expected)
            && self
                .cross_check
                .as_ref()
                .map_or(true, |c| c.as_ref().is_ok_and(|n| *n == self.expected))
    }

    /// One line for a report: verdict, name, depth, expected and counted nodes, time.
    pub fn describe(&self) -> String {
        let verdict = if self.passed() { "ok  " } else { "FAIL" };
        let mut s = format!(
            "{verdict} {:<28} d{:<2} expected {:>12}",
            self.name, self.depth, self.expected
        );
        match &self.counted {
            Ok(n) => s.push_str(&format!(", counted {n:>12}")),
            Err(e) => s.push_str(&format!(", error: {e}")),
        }
        if let Some(c) = &self.cross_check {
            match c {
                Ok(n) => s.push_str(&format!(", cross-check {n}")),
                Err(e) => s.push_str(&format!(", cross-check error: {e}")),
            }
        }
        s.push_str(&format!(" ({:.2} s)", self.seconds));
        s
    }
}

fn count_case<R: Rules>(
    rules: &R,
    pos: &Position<R::State>,
    case: &PerftCase,
    config: &PerftConfig,
) -> Result<u64, String> {
    let config = PerftConfig {
        mode: case.mode(),
        ..config.clone()
    };
    run(rules, pos, case.depth, &config, &mut |_| {})
        .map(|r| r.nodes)
        .map_err(|e: PerftError| e.to_string())
}

/// Runs the chosen cases of a fixture with `rules` under `config`; when `cross_check` is
/// given, counts each case a second time under that configuration too (the tests use a
/// single-threaded run and a parallel run with a table, which must agree).
pub fn run_fixture_cases<R: Rules>(
    rules: &R,
    cases: &[&PerftCase],
    root: &Path,
    config: &PerftConfig,
    cross_check: Option<&PerftConfig>,
) -> Vec<CaseResult> {
    cases
        .iter()
        .map(|case| {
            let started = std::time::Instant::now();
            let (counted, cross) = match case_position(rules, case, root) {
                Err(e) => (Err(e), None),
                Ok(pos) => {
                    let counted = count_case(rules, &pos, case, config);
                    let cross = cross_check.map(|c| count_case(rules, &pos, case, c));
                    (counted, cross)
                }
            };
            CaseResult {
                name: case.name.clone(),
                depth: case.depth,
                expected: case.nodes,
                counted,
                seconds: started.elapsed().as_secs_f64(),
                cross_check: cross,
            }
        })
        .collect()
}

/// A [`VariantVisitor`] running fixture cases on the variant found by name.
#[derive(Debug)]
pub struct RunCases<'a> {
    /// The cases to run.
    pub cases: &'a [&'a PerftCase],
    /// The `fixtures/` folder (position files are relative to it).
    pub root: &'a Path,
    /// The configuration.
    pub config: &'a PerftConfig,
    /// An optional second configuration every case is also counted with.
    pub cross_check: Option<&'a PerftConfig>,
}

impl VariantVisitor for RunCases<'_> {
    type Output = Vec<CaseResult>;
    fn visit<R: Rules + Clone>(self, rules: R) -> Self::Output {
        run_fixture_cases(&rules, self.cases, self.root, self.config, self.cross_check)
    }
}
