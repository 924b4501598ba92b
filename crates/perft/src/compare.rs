//! Finding where another tool's perft and ours part ways.
//!
//! Given the other tool's divide at the root, [`compare`] finds the first root
//! action whose counts differ (or that only one side lists), plays it, asks the
//! other tool for the divide of the child position one ply shallower, and so on,
//! until it reaches the position whose action lists differ: that position's
//! FEN, the actions leading to it and the actions only one side has are the bug
//! report. The other tool is asked through a callback; [`reference_command`]
//! makes one that runs a shell command (`--reference-cmd`).

use crate::{divide, DivideEntry};
use frozen_core::{NoEvents, Position, Rules};
use std::collections::HashMap;
use std::fmt;
use std::io::Read;
use std::process::{Command, Stdio};

/// A line of divide output that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DivideParseError {
    /// 1-based line number.
    pub line: usize,
    /// Why.
    pub message: String,
}

impl fmt::Display for DivideParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "divide output, line {}: {}", self.line, self.message)
    }
}
impl std::error::Error for DivideParseError {}

/// Reads divide output: one `<action>: <count>` line per root action. Blank lines,
/// `Nodes searched: N` and other lines whose label holds spaces (`Total time (ms) : 12`),
/// and engine chatter (`info ...`, `# ...`, `// ...`) are skipped; any other line that is
/// not `<action>: <count>` is an error, and so are an action listed twice and a text with
/// neither an action line nor a summary line (an empty input is not a count of zero; a
/// position without actions is written as its summary alone, `Nodes searched: 0`).
pub fn parse_divide(text: &str) -> Result<Vec<DivideEntry>, DivideParseError> {
    let mut entries: Vec<DivideEntry> = Vec::new();
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut lines = 0usize;
    // A summary line (`Nodes searched: 0`) seen: a position without actions has only that.
    let mut summary = false;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let n = i + 1;
        lines = n;
        if line.is_empty()
            || line.starts_with("info ")
            || line.starts_with('#')
            || line.starts_with("//")
        {
            continue;
        }
        let Some((label, value)) = line.rsplit_once(':') else {
            return Err(DivideParseError {
                line: n,
                message: format!("expected `<action>: <count>`, found {line:?}"),
            });
        };
        let label = label.trim();
        if label.is_empty() || label.contains(char::is_whitespace) {
            summary = true;
            continue;
        }
        let value = value.trim();
        let nodes: u64 = value.parse().map_err(|_| DivideParseError {
            line: n,
            message: format!("expected `<action>: <count>`, found {line:?}"),
        })?;
        if let Some(first) = seen.insert(label.to_string(), n) {
            return Err(DivideParseError {
                line: n,
                message: format!("action {label} is listed twice (first on line {first})"),
            });
        }
        entries.push(DivideEntry {
            action: label.to_string(),
            nodes,
        });
    }
    if entries.is_empty() && !summary {
        return Err(DivideParseError {
            line: lines.max(1),
            message: "no `<action>: <count>` line in the divide output".to_string(),
        });
    }
    Ok(entries)
}

/// Writes divide output: `<action>: <count>` lines, a blank line, `Nodes searched: <total>`.
pub fn format_divide(entries: &[DivideEntry], total: u64) -> String {
    let mut s = String::new();
    for e in entries {
        s.push_str(&e.action);
        s.push_str(": ");
        s.push_str(&e.nodes.to_string());
        s.push('\n');
    }
    s.push_str(&format!("\nNodes searched: {total}\n"));
    s
}

/// A position the comparison descends to, as handed to the reference callback.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step<'a> {
    /// The position's FEN, if the rules can write one.
    pub fen: Option<&'a str>,
    /// The depth wanted.
    pub depth: u32,
    /// The actions from the root position to this one, in canonical text.
    pub moves: &'a [String],
}

/// Where the two counts part ways.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// Actions from the root to the position where the difference shows.
    pub path: Vec<String>,
    /// That position's FEN, if the rules can write one.
    pub fen: Option<String>,
    /// The depth compared there.
    pub depth: u32,
    /// Actions only we list, with our counts.
    pub only_ours: Vec<DivideEntry>,
    /// Actions only the other tool lists, with its counts.
    pub only_theirs: Vec<DivideEntry>,
    /// Actions both list with different counts: (action, ours, theirs).
    pub different: Vec<(String, u64, u64)>,
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            writeln!(f, "Differences at the root position, depth {}", self.depth)?;
        } else {
            writeln!(
                f,
                "Differences after {}, depth {}",
                self.path.join(" "),
                self.depth
            )?;
        }
        match &self.fen {
            Some(fen) => writeln!(f, "FEN: {fen}")?,
            None => writeln!(
                f,
                "FEN: (this position has no FEN; replay the actions above)"
            )?,
        }
        for e in &self.only_ours {
            writeln!(f, "only ours:   {}: {}", e.action, e.nodes)?;
        }
        for e in &self.only_theirs {
            writeln!(f, "only theirs: {}: {}", e.action, e.nodes)?;
        }
        for (a, ours, theirs) in &self.different {
            writeln!(f, "different:   {a}: ours {ours}, theirs {theirs}")?;
        }
        Ok(())
    }
}

/// The outcome of [`compare`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompareOutcome {
    /// Every root action has the same count on both sides.
    Agree {
        /// The total count.
        nodes: u64,
    },
    /// The position where the action lists differ (or, at depth 1, where counts differ).
    Differ(Disagreement),
    /// A count differs but the descent cannot go on (the reference callback failed,
    /// or the other tool's divide of the child does not add up to its own count).
    Stuck {
        /// The last position compared and what differed there.
        at: Disagreement,
        /// Why the descent stopped, and what to do.
        reason: String,
    },
}

/// The differences between two divides of one position, as a [`Disagreement`] there.
fn diff(
    ours: &[DivideEntry],
    theirs: &[DivideEntry],
    path: &[String],
    fen: Option<String>,
    depth: u32,
) -> Disagreement {
    let their_map: HashMap<&str, u64> = theirs
        .iter()
        .map(|e| (e.action.as_str(), e.nodes))
        .collect();
    let our_map: HashMap<&str, u64> = ours.iter().map(|e| (e.action.as_str(), e.nodes)).collect();
    let only_ours = ours
        .iter()
        .filter(|e| !their_map.contains_key(e.action.as_str()))
        .cloned()
        .collect();
    let only_theirs = theirs
        .iter()
        .filter(|e| !our_map.contains_key(e.action.as_str()))
        .cloned()
        .collect();
    let different = ours
        .iter()
        .filter_map(|e| {
            their_map
                .get(e.action.as_str())
                .filter(|t| **t != e.nodes)
                .map(|t| (e.action.clone(), e.nodes, *t))
        })
        .collect();
    Disagreement {
        path: path.to_vec(),
        fen,
        depth,
        only_ours,
        only_theirs,
        different,
    }
}

/// Compares our divide of `root` at `depth` with the other tool's (`theirs`), descending
/// through the first differing action until the position where the action lists differ.
/// `reference` gives the other tool's divide for a descended position.
pub fn compare<R: Rules>(
    rules: &R,
    root: &Position<R::State>,
    depth: u32,
    theirs: Vec<DivideEntry>,
    reference: &mut dyn FnMut(&Step<'_>) -> Result<Vec<DivideEntry>, String>,
) -> CompareOutcome {
    let mut pos = root.clone();
    let mut path: Vec<String> = Vec::new();
    let mut depth = depth;
    let mut theirs = theirs;
    loop {
        let ours = divide(rules, &mut pos, depth);
        let here = diff(&ours, &theirs, &path, rules.to_fen(&pos), depth);
        if !here.only_ours.is_empty() || !here.only_theirs.is_empty() {
            return CompareOutcome::Differ(here);
        }
        let Some((action_text, _, _)) = here.different.first().cloned() else {
            if path.is_empty() {
                return CompareOutcome::Agree {
                    nodes: ours.iter().map(|e| e.nodes).sum(),
                };
            }
            return CompareOutcome::Stuck {
                at: here,
                reason: "the other tool's divide of this position agrees with ours, but its count \
                         one ply up did not: check that the reference command counts the position it is given"
                    .to_string(),
            };
        };
        if depth <= 1 {
            return CompareOutcome::Differ(here);
        }
        let mut actions = Vec::new();
        rules.actions(&pos, &mut actions);
        let Some(action) = actions
            .into_iter()
            .find(|a| rules.format_action(&pos, a) == action_text)
        else {
            return CompareOutcome::Stuck {
                at: here,
                reason: format!(
                    "cannot find the action {action_text} again among the legal actions"
                ),
            };
        };
        rules.perform(&mut pos, &action, &mut NoEvents);
        path.push(action_text);
        depth -= 1;
        let fen = rules.to_fen(&pos);
        let step = Step {
            fen: fen.as_deref(),
            depth,
            moves: &path,
        };
        theirs = match reference(&step) {
            Ok(t) => t,
            Err(reason) => {
                return CompareOutcome::Stuck {
                    at: here,
                    reason: format!(
                        "cannot get the other tool's divide after {}: {reason}",
                        path.join(" ")
                    ),
                }
            }
        };
    }
}

/// Replaces `{fen}`, `{depth}` and `{moves}` in a reference command template.
pub fn fill_template(template: &str, step: &Step<'_>) -> String {
    template
        .replace("{fen}", step.fen.unwrap_or(""))
        .replace("{depth}", &step.depth.to_string())
        .replace("{moves}", &step.moves.join(" "))
}

/// Runs a shell command (`sh -c`) built from `template` (see [`fill_template`]; the same
/// values are also in the environment as `FEN`, `DEPTH` and `MOVES`) and reads its
/// standard output as divide output.
pub fn run_reference_command(template: &str, step: &Step<'_>) -> Result<Vec<DivideEntry>, String> {
    if template.contains("{fen}") && step.fen.is_none() {
        return Err(
            "this position has no FEN; use {moves} in the reference command instead".to_string(),
        );
    }
    let cmd = fill_template(template, step);
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(&cmd)
        .env("FEN", step.fen.unwrap_or(""))
        .env("DEPTH", step.depth.to_string())
        .env("MOVES", step.moves.join(" "))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("cannot start `sh -c {cmd}`: {e}"))?;
    let mut out = String::new();
    if let Some(mut stdout) = child.stdout.take() {
        stdout
            .read_to_string(&mut out)
            .map_err(|e| format!("cannot read the output of `{cmd}`: {e}"))?;
    }
    let status = child
        .wait()
        .map_err(|e| format!("`{cmd}` did not finish: {e}"))?;
    if !status.success() {
        return Err(format!("`{cmd}` failed ({status})"));
    }
    parse_divide(&out).map_err(|e| format!("output of `{cmd}`: {e}"))
}

/// A reference callback for [`compare`] that runs [`run_reference_command`].
pub fn reference_command(
    template: &str,
) -> impl FnMut(&Step<'_>) -> Result<Vec<DivideEntry>, String> + '_ {
    move |step| run_reference_command(template, step)
}
