//! Split to a folder of units, run units to results, merge the results.

use super::enumerate::{count_items, walk_split, SplitEntry};
use super::format::{
    line, read_result, result_text, Manifest, ManifestUnit, ResultRecord, UnitEnd, UnitHeader,
    UnitReader, WorkItem, FORMAT,
};
use super::{Digest, RulesId, SplitError};
use crate::DivideEntry;
use frozen_core::{build_position, to_setup, Position, Rules};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The manifest's file name in a split's folder.
pub const MANIFEST_FILE: &str = "manifest.ron";
/// Extension of unit files.
pub const UNIT_EXT: &str = "unit";
/// Extension of result files.
pub const RESULT_EXT: &str = "result";

/// Settings of [`split_to_dir`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitOptions {
    /// Depth of the whole count.
    pub depth: u32,
    /// The split level, 1 to `depth`.
    pub at: u32,
    /// Number of units (shards), at least 1.
    pub shards: u32,
    /// Distinct positions held in memory at once (see [`walk_split`]).
    pub batch: usize,
}

/// The file name of unit `i`.
fn unit_file(i: u32) -> String {
    format!("u{i:05}.{UNIT_EXT}")
}

/// The file name of the result of unit `i`.
fn result_file(i: u32) -> String {
    format!("u{i:05}.{RESULT_EXT}")
}

/// Writes `text` to `path` atomically: a temporary file in the same folder, flushed to
/// disk, then renamed over `path`.
fn write_atomic(path: &Path, text: &str) -> Result<(), SplitError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    result.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        SplitError::new(format!("cannot write {}: {e}", path.display()))
    })
}

/// A unit being written: its file, digest so far, counts.
struct UnitOut {
    path: PathBuf,
    digest: Digest,
    positions: u64,
    paths: u64,
    weight: u64,
}

impl UnitOut {
    fn append(&mut self, text: &str) -> Result<(), SplitError> {
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(&self.path)
            .map_err(|e| SplitError::new(format!("cannot write {}: {e}", self.path.display())))?;
        f.write_all(text.as_bytes())
            .map_err(|e| SplitError::new(format!("cannot write {}: {e}", self.path.display())))?;
        self.digest.update(text.as_bytes());
        Ok(())
    }
}

/// The work estimate of one position: its number of actions (1 at remaining depth 0, 0 for
/// a finished game).
fn weight<R: Rules>(
    rules: &R,
    pos: &Position<R::State>,
    remaining: u32,
    buf: &mut Vec<frozen_core::Action>,
) -> u64 {
    if remaining == 0 {
        1
    } else if pos.result().is_some() {
        0
    } else {
        rules.count_actions(pos, buf)
    }
}

/// Splits perft(`opts.depth`) of `start` at ply `opts.at` into `opts.shards` unit files and a
/// manifest in `dir` (created if needed; it must not hold a split already). The units are
/// written as the enumeration goes, one batch of distinct positions at a time; each batch is
/// shared out largest estimate first, each position to the unit with the least estimated
/// work so far. `id` is the rule set's identity ([`RulesId::of`]).
pub fn split_to_dir<R: Rules>(
    rules: &R,
    id: &RulesId,
    start: &Position<R::State>,
    opts: &SplitOptions,
    dir: &Path,
) -> Result<Manifest, SplitError> {
    if opts.at == 0 || opts.at > opts.depth {
        return Err(SplitError::new(format!(
            "cannot split perft({}) at ply {}: --at must be from 1 to the depth",
            opts.depth, opts.at
        )));
    }
    if opts.shards == 0 {
        return Err(SplitError::new("--shards must be at least 1"));
    }
    if start.result().is_some() {
        return Err(SplitError::new(
            "the start position is a finished game: there is nothing to split",
        ));
    }
    let mut roots = Vec::new();
    rules.actions(start, &mut roots);
    if roots.is_empty() {
        return Err(SplitError::new(
            "the start position has no legal action: there is nothing to split",
        ));
    }
    let texts: Vec<String> = roots
        .iter()
        .map(|a| rules.format_action(start, a))
        .collect();
    std::fs::create_dir_all(dir)
        .map_err(|e| SplitError::new(format!("cannot create {}: {e}", dir.display())))?;
    let busy = std::fs::read_dir(dir)
        .map_err(|e| SplitError::new(format!("cannot read {}: {e}", dir.display())))?
        .filter_map(Result::ok)
        .any(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name == MANIFEST_FILE || name.ends_with(&format!(".{UNIT_EXT}"))
        });
    if busy {
        return Err(SplitError::new(format!(
            "{} already holds a split (a manifest or unit files); give an empty folder",
            dir.display()
        )));
    }
    let start_ron = ron::to_string(&to_setup(rules, start))
        .map_err(|e| SplitError::new(format!("cannot write the start position: {e}")))?;
    let remaining = opts.depth - opts.at;
    let mut d = Digest::new();
    d.field("frozen-perft split 1");
    d.field(&format!("{id:?}"));
    d.field(&start_ron);
    d.field(&format!("{} {} {}", opts.depth, opts.at, opts.shards));
    let split_id = d.hex();
    let mut units: Vec<UnitOut> = Vec::new();
    for i in 0..opts.shards {
        let path = dir.join(unit_file(i));
        let header = UnitHeader {
            format: FORMAT,
            split: split_id.clone(),
            unit: i,
            units: opts.shards,
            rules: id.clone(),
            depth: opts.depth,
            at: opts.at,
            remaining,
            roots: roots.len() as u32,
        };
        let text = line("unit", &header)?;
        std::fs::write(&path, &text)
            .map_err(|e| SplitError::new(format!("cannot write {}: {e}", path.display())))?;
        let mut digest = Digest::new();
        digest.update(text.as_bytes());
        units.push(UnitOut {
            path,
            digest,
            positions: 0,
            paths: 0,
            weight: 0,
        });
    }
    // Least-loaded unit first; ties to the lowest index.
    let mut loads: BinaryHeap<Reverse<(u64, u32)>> =
        (0..opts.shards).map(|i| Reverse((0, i))).collect();
    let mut weights_total = 0u64;
    let mut buf = Vec::new();
    let mut on_batch = |entries: Vec<SplitEntry<R::State>>| -> Result<(), SplitError> {
        let mut weighted: Vec<(u64, SplitEntry<R::State>)> = entries
            .into_iter()
            .map(|e| (weight(rules, &e.position, remaining, &mut buf), e))
            .collect();
        // Largest first; the sort is stable, so the output does not depend on chance.
        weighted.sort_by_key(|e| std::cmp::Reverse(e.0));
        let mut texts: Vec<String> = vec![String::new(); units.len()];
        for (w, e) in weighted {
            let Some(Reverse((load, i))) = loads.pop() else {
                return Err(SplitError::new("no unit to write to"));
            };
            let item = WorkItem {
                from: e.from.clone(),
                position: to_setup(rules, &e.position),
            };
            let text = line("position", &item)?;
            if let (Some(out), Some(t)) = (units.get_mut(i as usize), texts.get_mut(i as usize)) {
                t.push_str(&text);
                out.positions += 1;
                out.paths = out.paths.saturating_add(e.paths());
                out.weight = out.weight.saturating_add(w);
                // Written out once a unit's share of the batch reaches 1 MiB, so the
                // batch's text is never held whole.
                if t.len() >= 1 << 20 {
                    out.append(t)?;
                    t.clear();
                }
            }
            weights_total = weights_total.saturating_add(w);
            loads.push(Reverse((load.saturating_add(w.max(1)), i)));
        }
        for (out, t) in units.iter_mut().zip(&texts) {
            if !t.is_empty() {
                out.append(t)?;
            }
        }
        Ok(())
    };
    let stats = walk_split(rules, start, opts.at, opts.batch, &mut on_batch)?;
    // Estimated nodes: weight times the mean branching at the split level to the power
    // remaining - 1.
    let mean = if stats.positions > 0 {
        weights_total as f64 / stats.positions as f64
    } else {
        0.0
    };
    let scale = if remaining <= 1 {
        1.0
    } else {
        mean.powi(remaining as i32 - 1)
    };
    let mut manifest_units = Vec::new();
    for (i, out) in units.iter_mut().enumerate() {
        let end = UnitEnd {
            positions: out.positions,
            paths: out.paths,
            digest: out.digest.hex(),
        };
        let text = line("end", &end)?;
        out.append(&text)?;
        manifest_units.push(ManifestUnit {
            file: unit_file(i as u32),
            positions: out.positions,
            paths: out.paths,
            estimate: (out.weight as f64 * scale).round() as u64,
            digest: end.digest,
        });
    }
    let manifest = Manifest {
        format: FORMAT,
        split: split_id,
        rules: id.clone(),
        start: start_ron,
        depth: opts.depth,
        at: opts.at,
        remaining,
        roots: texts,
        paths: stats.paths,
        ended: stats.ended,
        positions: stats.positions,
        estimate: manifest_units
            .iter()
            .fold(0u64, |t, u| t.saturating_add(u.estimate)),
        units: manifest_units,
    };
    let text = ron::Options::default()
        .to_string_pretty(
            &manifest,
            ron::ser::PrettyConfig::default().struct_names(false),
        )
        .map_err(|e| SplitError::new(format!("cannot write the manifest: {e}")))?;
    write_atomic(&dir.join(MANIFEST_FILE), &text)?;
    Ok(manifest)
}

/// Reads a split's manifest (`dir/manifest.ron`).
pub fn read_manifest(dir: &Path) -> Result<Manifest, SplitError> {
    let path = dir.join(MANIFEST_FILE);
    let text = std::fs::read_to_string(&path).map_err(|e| {
        SplitError::new(format!(
            "cannot read {}: {e}; give the folder written by `perft split` (a split without a manifest did not finish)",
            path.display()
        ))
    })?;
    let m: Manifest = ron::Options::default().from_str(&text).map_err(|e| {
        SplitError::new(format!(
            "{}:{}:{}: not a perft manifest: {}",
            path.display(),
            e.position.line,
            e.position.col,
            e.code
        ))
    })?;
    if m.format != FORMAT {
        return Err(SplitError::new(format!(
            "{}: manifest format {}, this perft reads format {FORMAT}",
            path.display(),
            m.format
        )));
    }
    if m.units.is_empty() || m.at + m.remaining != m.depth {
        return Err(SplitError::new(format!(
            "{}: inconsistent manifest (no units, or depth {} is not {} + {})",
            path.display(),
            m.depth,
            m.at,
            m.remaining
        )));
    }
    Ok(m)
}

/// Settings of [`run_unit`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunOptions {
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Transposition table in MiB shared by the workers (0: none).
    pub hash_mb: usize,
}

/// What [`run_unit`] did.
#[derive(Clone, Debug, PartialEq)]
pub enum RunOutcome {
    /// Counted; the result was written to the path.
    Counted(ResultRecord, PathBuf),
    /// A valid result of this unit was already there: nothing done.
    Skipped(ResultRecord, PathBuf),
}

/// Counts the unit file `unit` with `rules` (whose identity is `id`) and writes its result
/// atomically to `result_dir/uNNNNN.result`. A valid result of the same unit already there
/// is kept and the unit is not counted again. A unit made by another rule set, a damaged or
/// cut unit, and a result file there that belongs to something else are refused; nothing is
/// written then.
pub fn run_unit<R: Rules>(
    rules: &R,
    id: &RulesId,
    unit: &Path,
    result_dir: &Path,
    opts: &RunOptions,
) -> Result<RunOutcome, SplitError> {
    let started = Instant::now();
    let mut reader = UnitReader::open(unit)?;
    let header = reader.header().clone();
    if header.rules != *id {
        return Err(SplitError::new(format!(
            "{}: the unit was made by {}, this perft has {}; run it with the perft build that split it",
            unit.display(),
            header.rules,
            id
        )));
    }
    let out = result_dir.join(result_file(header.unit));
    if out.exists() {
        let done = read_result(&out).map_err(|e| {
            SplitError::new(format!(
                "{e}\n{} is in the way of unit {}: remove it to count the unit again",
                out.display(),
                unit.display()
            ))
        })?;
        if done.split != header.split || done.unit != header.unit {
            return Err(SplitError::new(format!(
                "{} holds a result of another split or unit; give each split its own result folder",
                out.display()
            )));
        }
        return Ok(RunOutcome::Skipped(done, out));
    }
    std::fs::create_dir_all(result_dir)
        .map_err(|e| SplitError::new(format!("cannot create {}: {e}", result_dir.display())))?;
    let threads = if opts.threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        opts.threads
    };
    let unit_name = unit.display().to_string();
    let mut items = std::iter::from_fn(|| match reader.next_item::<R::State>() {
        Ok(None) => None,
        Ok(Some(item)) => Some(
            build_position(rules, item.position)
                .map(|position| SplitEntry {
                    position,
                    from: item.from,
                })
                .map_err(|e| {
                    SplitError::new(format!(
                        "{unit_name}: a position that the rules refuse: {e}"
                    ))
                }),
        ),
        Err(e) => Some(Err(e)),
    });
    let tally = count_items(
        rules,
        header.remaining,
        header.roots as usize,
        threads,
        opts.hash_mb,
        &mut items,
    )?;
    let Some(end) = reader.end().cloned() else {
        return Err(SplitError::new(format!(
            "{}: the unit was not read to its end line",
            unit.display()
        )));
    };
    let record = ResultRecord {
        format: FORMAT,
        split: header.split.clone(),
        unit: header.unit,
        units: header.units,
        unit_digest: end.digest,
        rules: id.clone(),
        remaining: header.remaining,
        positions: tally.positions,
        paths: tally.paths,
        searched: tally.searched,
        nodes: tally.nodes,
        roots: tally
            .per_root
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(r, n)| (r as u32, *n))
            .collect(),
        seconds: started.elapsed().as_secs_f64(),
        threads: threads as u32,
    };
    write_atomic(&out, &result_text(&record)?)?;
    Ok(RunOutcome::Counted(record, out))
}

/// One reason a merge is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MergeProblem {
    /// No result for this unit.
    Missing {
        /// Unit index.
        unit: u32,
        /// Its file.
        file: String,
    },
    /// More than one result for this unit (a unit run twice).
    Duplicate {
        /// Unit index.
        unit: u32,
        /// The result files.
        files: Vec<PathBuf>,
    },
    /// A result of another split, another rule set or another version of the unit.
    Foreign {
        /// The result file.
        file: PathBuf,
        /// Why.
        why: String,
    },
    /// A result file that cannot be read or does not hold together (cut, changed).
    Corrupt {
        /// The result file.
        file: PathBuf,
        /// Why.
        why: String,
    },
}

impl fmt::Display for MergeProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeProblem::Missing { unit, file } => {
                write!(f, "missing: unit {unit} ({file}) has no result; run it")
            }
            MergeProblem::Duplicate { unit, files } => {
                let names: Vec<String> = files.iter().map(|p| p.display().to_string()).collect();
                write!(
                    f,
                    "duplicate: unit {unit} has {} results ({}); keep one",
                    files.len(),
                    names.join(", ")
                )
            }
            MergeProblem::Foreign { file, why } => {
                write!(f, "foreign: {}: {why}; remove it", file.display())
            }
            MergeProblem::Corrupt { file, why } => {
                write!(
                    f,
                    "corrupt: {}: {why}; remove it and run its unit again",
                    file.display()
                )
            }
        }
    }
}

/// Why a merge was refused: every problem found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MergeError {
    /// The manifest cannot be read.
    Manifest(SplitError),
    /// The results do not add up to a count.
    Results(Vec<MergeProblem>),
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeError::Manifest(e) => write!(f, "{e}"),
            MergeError::Results(problems) => {
                write!(
                    f,
                    "the results do not add up ({} problem{}):",
                    problems.len(),
                    if problems.len() == 1 { "" } else { "s" }
                )?;
                for p in problems {
                    write!(f, "\n  {p}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for MergeError {}

/// A merged count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Merged {
    /// The split's manifest.
    pub manifest: Manifest,
    /// perft(depth).
    pub nodes: u64,
    /// Per root action.
    pub divide: Vec<DivideEntry>,
    /// Nodes counted by the units (each distinct position once).
    pub searched: u64,
}

/// Every `.result` file under `dir`, recursively, in name order.
fn result_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.filter_map(Result::ok).collect();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let path = e.path();
        let ft = e.file_type()?;
        if ft.is_dir() {
            result_files(&path, out)?;
        } else if path.extension().is_some_and(|x| x == RESULT_EXT) {
            out.push(path);
        }
    }
    Ok(())
}

/// Adds up the results of the split in `dir`: every `.result` file under `dir` (any depth)
/// and under each folder of `result_dirs`. Every unit must have exactly one valid result
/// of this split, made by the manifest's rule set from the same unit file; otherwise every
/// problem is listed and nothing is added up. Results are read one at a time.
pub fn merge_dir(dir: &Path, result_dirs: &[PathBuf]) -> Result<Merged, MergeError> {
    let manifest = read_manifest(dir).map_err(MergeError::Manifest)?;
    let mut files = Vec::new();
    for d in std::iter::once(&dir.to_path_buf()).chain(result_dirs) {
        result_files(d, &mut files).map_err(|e| {
            MergeError::Manifest(SplitError::new(format!("cannot read {}: {e}", d.display())))
        })?;
    }
    // The same file reached twice (a result folder inside the split folder) counts once.
    let mut seen_paths = std::collections::HashSet::new();
    files.retain(|p| seen_paths.insert(std::fs::canonicalize(p).unwrap_or_else(|_| p.clone())));
    let units = manifest.units.len();
    let mut found: Vec<Vec<PathBuf>> = vec![Vec::new(); units];
    let mut problems = Vec::new();
    let mut per_root = vec![0u64; manifest.roots.len()];
    let (mut nodes, mut searched) = (0u64, 0u64);
    for file in files {
        let r = match read_result(&file) {
            Ok(r) => r,
            Err(e) => {
                problems.push(MergeProblem::Corrupt { file, why: e.0 });
                continue;
            }
        };
        let foreign = |why: String| MergeProblem::Foreign {
            file: file.clone(),
            why,
        };
        if r.split != manifest.split {
            problems.push(foreign(format!(
                "a result of another split ({}, this one is {})",
                r.split, manifest.split
            )));
            continue;
        }
        if r.rules != manifest.rules {
            problems.push(foreign(format!(
                "made by another rule set: {}; the split was made by {}",
                r.rules, manifest.rules
            )));
            continue;
        }
        let Some(mu) = manifest.units.get(r.unit as usize) else {
            problems.push(foreign(format!(
                "unit {} of {}, the split has {units} units",
                r.unit, r.units
            )));
            continue;
        };
        if r.unit_digest != mu.digest || r.units as usize != units {
            problems.push(foreign(format!(
                "counted from another version of {} (digest {}, the manifest has {})",
                mu.file, r.unit_digest, mu.digest
            )));
            continue;
        }
        if r.positions != mu.positions
            || r.paths != mu.paths
            || r.remaining != manifest.remaining
            || r.roots.iter().any(|(i, _)| *i as usize >= per_root.len())
        {
            problems.push(MergeProblem::Corrupt {
                file: file.clone(),
                why: format!(
                    "{} positions and {} sequences at remaining depth {}, the manifest says {}, {} and {} for {}",
                    r.positions, r.paths, r.remaining, mu.positions, mu.paths, manifest.remaining, mu.file
                ),
            });
            continue;
        }
        if let Some(list) = found.get_mut(r.unit as usize) {
            list.push(file.clone());
            if list.len() > 1 {
                continue;
            }
        }
        for (i, n) in &r.roots {
            if let Some(slot) = per_root.get_mut(*i as usize) {
                *slot = slot.saturating_add(*n);
            }
        }
        nodes = nodes.saturating_add(r.nodes);
        searched = searched.saturating_add(r.searched);
    }
    for (i, list) in found.into_iter().enumerate() {
        if list.is_empty() {
            problems.push(MergeProblem::Missing {
                unit: i as u32,
                file: manifest
                    .units
                    .get(i)
                    .map_or_else(String::new, |u| u.file.clone()),
            });
        } else if list.len() > 1 {
            problems.push(MergeProblem::Duplicate {
                unit: i as u32,
                files: list,
            });
        }
    }
    if !problems.is_empty() {
        return Err(MergeError::Results(problems));
    }
    let divide = manifest
        .roots
        .iter()
        .zip(&per_root)
        .map(|(action, n)| DivideEntry {
            action: action.clone(),
            nodes: *n,
        })
        .collect();
    Ok(Merged {
        manifest,
        nodes,
        divide,
        searched,
    })
}
