//! The files of a split: records, one per line (`<tag> <RON value>`), and the streaming
//! reader of a unit.
//!
//! A unit file: a `unit` record ([`UnitHeader`]), one `position` record per distinct
//! position ([`WorkItem`]), an `end` record ([`UnitEnd`]) with the number of positions and
//! sequences and the digest of every line before it. A result file: a `result` record
//! ([`ResultRecord`]) and an `end` record ([`ResultEnd`]) with the digest of the first line.
//! The manifest is one pretty RON document ([`Manifest`]).

use super::{Digest, RulesId, SplitError};
use frozen_core::{Setup, VariantState};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::io::BufRead;
use std::path::{Path, PathBuf};

/// Version of the file formats; files of another version are refused.
pub const FORMAT: u32 = 1;

/// The first line of a unit file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitHeader {
    /// [`FORMAT`].
    pub format: u32,
    /// The split this unit belongs to ([`Manifest::split`]).
    pub split: String,
    /// Index of this unit, from 0.
    pub unit: u32,
    /// Number of units of the split.
    pub units: u32,
    /// The rule set that made the split.
    pub rules: RulesId,
    /// Depth of the whole count.
    pub depth: u32,
    /// The split level: plies from the start to the unit's positions.
    pub at: u32,
    /// Plies to count below each position (`depth - at`).
    pub remaining: u32,
    /// Number of root actions (the indices in [`WorkItem::from`] are below it).
    pub roots: u32,
}

/// One distinct position of a unit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "S: VariantState")]
pub struct WorkItem<S> {
    /// Per root action (its index in the manifest's `roots`), the number of action
    /// sequences from the start through that root action that reach this position.
    pub from: Vec<(u32, u64)>,
    /// The position, as in a RON position file.
    pub position: Setup<S>,
}

/// The last line of a unit file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitEnd {
    /// Number of `position` lines.
    pub positions: u64,
    /// Sum of their multiplicities (action sequences from the start).
    pub paths: u64,
    /// Digest of every line before this one, line ends included.
    pub digest: String,
}

/// The count of one unit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ResultRecord {
    /// [`FORMAT`].
    pub format: u32,
    /// The split ([`UnitHeader::split`]).
    pub split: String,
    /// The unit counted.
    pub unit: u32,
    /// Number of units of the split.
    pub units: u32,
    /// The unit file's digest ([`UnitEnd::digest`]).
    pub unit_digest: String,
    /// The rule set that counted it.
    pub rules: RulesId,
    /// Plies counted below each position.
    pub remaining: u32,
    /// Distinct positions counted.
    pub positions: u64,
    /// Action sequences they stand for.
    pub paths: u64,
    /// Nodes counted (each distinct position once).
    pub searched: u64,
    /// Nodes of the unit with multiplicities (its share of the total).
    pub nodes: u64,
    /// Per root action index, its share of `nodes` (roots with no share left out).
    pub roots: Vec<(u32, u64)>,
    /// Wall-clock seconds of the count.
    pub seconds: f64,
    /// Worker threads used.
    pub threads: u32,
}

/// The last line of a result file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultEnd {
    /// Digest of the first line, line end included.
    pub digest: String,
}

/// The manifest of a split (`manifest.ron`), written last: a split without one is unfinished.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// [`FORMAT`].
    pub format: u32,
    /// The split's identity: a digest of the rule set, the start, the depths and the
    /// number of units. Units and results carry it.
    pub split: String,
    /// The rule set that made the split.
    pub rules: RulesId,
    /// The start position, as RON.
    pub start: String,
    /// Depth of the whole count.
    pub depth: u32,
    /// The split level.
    pub at: u32,
    /// `depth - at`.
    pub remaining: u32,
    /// The root actions' canonical texts, in the order the rules list them (for divide).
    pub roots: Vec<String>,
    /// Action sequences of `at` actions from the start.
    pub paths: u64,
    /// Shorter sequences that ended the game (or found no action) before the split level:
    /// they add nothing below it.
    pub ended: u64,
    /// Distinct positions at the split level (the work items).
    pub positions: u64,
    /// Estimated nodes of the whole count, counting each distinct position once (see
    /// [`ManifestUnit::estimate`]).
    pub estimate: u64,
    /// The units, index by index.
    pub units: Vec<ManifestUnit>,
}

/// One unit in the manifest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManifestUnit {
    /// File name, in the split's folder.
    pub file: String,
    /// Distinct positions.
    pub positions: u64,
    /// Action sequences they stand for.
    pub paths: u64,
    /// Estimated nodes to count: per position, its number of actions times the mean number
    /// of actions at the split level to the power `remaining - 1` (1 per position at
    /// remaining depth 0, 0 for a finished game). The shards are balanced on it.
    pub estimate: u64,
    /// The unit file's digest ([`UnitEnd::digest`]).
    pub digest: String,
}

/// One line: `tag`, a space, the compact RON of `value`, a line end.
pub(crate) fn line<T: Serialize>(tag: &str, value: &T) -> Result<String, SplitError> {
    let ron = ron::to_string(value)
        .map_err(|e| SplitError::new(format!("cannot write a {tag} record: {e}")))?;
    Ok(format!("{tag} {ron}\n"))
}

/// Reads the value of a line `tag <RON>`; `where_` names the file and line for errors.
pub(crate) fn parse_line<T: DeserializeOwned>(
    text: &str,
    tag: &str,
    where_: &str,
) -> Result<T, SplitError> {
    let body = text.strip_suffix('\n').unwrap_or(text);
    let Some(rest) = body.strip_prefix(tag).and_then(|r| r.strip_prefix(' ')) else {
        let found = body.split(' ').next().unwrap_or("");
        return Err(SplitError::new(format!(
            "{where_}: expected a `{tag}` record, found `{}`",
            found.chars().take(40).collect::<String>()
        )));
    };
    ron::Options::default().from_str(rest).map_err(|e| {
        SplitError::new(format!(
            "{where_}: unreadable `{tag}` record (column {}): {}",
            e.position.col + tag.len() + 1,
            e.code
        ))
    })
}

/// Reads one line into `buf` (cleared first); `Ok(false)` at the end of the file. A last
/// line without its line end is an error (the file was cut).
fn read_line(
    reader: &mut dyn BufRead,
    buf: &mut String,
    path: &Path,
    line_no: usize,
) -> Result<bool, SplitError> {
    buf.clear();
    let n = reader
        .read_line(buf)
        .map_err(|e| SplitError::new(format!("{}:{line_no}: cannot read: {e}", path.display())))?;
    if n == 0 {
        return Ok(false);
    }
    if !buf.ends_with('\n') {
        return Err(SplitError::new(format!(
            "{}:{line_no}: the file ends inside a line: it was cut short",
            path.display()
        )));
    }
    Ok(true)
}

/// Reads a unit file one position at a time, checking its header, its `end` record, the
/// counts and the digest.
#[derive(Debug)]
pub struct UnitReader<B: BufRead> {
    path: PathBuf,
    reader: B,
    header: UnitHeader,
    digest: Digest,
    line_no: usize,
    positions: u64,
    paths: u64,
    end: Option<UnitEnd>,
    buf: String,
}

impl UnitReader<std::io::BufReader<std::fs::File>> {
    /// Opens `path` and reads its header.
    pub fn open(path: &Path) -> Result<Self, SplitError> {
        let file = std::fs::File::open(path).map_err(|e| {
            SplitError::new(format!(
                "cannot open the unit {}: {e}; check the path",
                path.display()
            ))
        })?;
        UnitReader::new(path, std::io::BufReader::with_capacity(1 << 16, file))
    }
}

impl<B: BufRead> UnitReader<B> {
    /// Reads the header of a unit from `reader`; `path` names it in errors.
    pub fn new(path: &Path, mut reader: B) -> Result<Self, SplitError> {
        let mut buf = String::new();
        if !read_line(&mut reader, &mut buf, path, 1)? {
            return Err(SplitError::new(format!(
                "{}: empty file, not a perft unit",
                path.display()
            )));
        }
        let header: UnitHeader = parse_line(&buf, "unit", &format!("{}:1", path.display()))?;
        if header.format != FORMAT {
            return Err(SplitError::new(format!(
                "{}:1: unit format {}, this perft reads format {FORMAT}; split again with this perft",
                path.display(),
                header.format
            )));
        }
        let mut digest = Digest::new();
        digest.update(buf.as_bytes());
        Ok(UnitReader {
            path: path.to_path_buf(),
            reader,
            header,
            digest,
            line_no: 1,
            positions: 0,
            paths: 0,
            end: None,
            buf,
        })
    }

    /// The unit's header.
    pub fn header(&self) -> &UnitHeader {
        &self.header
    }

    /// The `end` record, once [`UnitReader::next_item`] has returned `Ok(None)`.
    pub fn end(&self) -> Option<&UnitEnd> {
        self.end.as_ref()
    }

    /// The next position, or `Ok(None)` after the `end` record has been read and checked.
    pub fn next_item<S: VariantState>(&mut self) -> Result<Option<WorkItem<S>>, SplitError> {
        if self.end.is_some() {
            return Ok(None);
        }
        self.line_no += 1;
        let where_ = format!("{}:{}", self.path.display(), self.line_no);
        if !read_line(&mut self.reader, &mut self.buf, &self.path, self.line_no)? {
            return Err(SplitError::new(format!(
                "{where_}: the unit ends without its `end` line: it was cut short (copy it again, or split again)"
            )));
        }
        if self.buf.starts_with("end ") {
            let end: UnitEnd = parse_line(&self.buf, "end", &where_)?;
            let digest = self.digest.hex();
            if end.digest != digest || end.positions != self.positions || end.paths != self.paths {
                return Err(SplitError::new(format!(
                    "{where_}: the unit is damaged: its end line says {} positions, {} sequences, digest {}; \
                     the file holds {} positions, {} sequences, digest {digest}",
                    end.positions, end.paths, end.digest, self.positions, self.paths
                )));
            }
            let mut extra = String::new();
            if read_line(&mut self.reader, &mut extra, &self.path, self.line_no + 1)? {
                return Err(SplitError::new(format!(
                    "{}:{}: text after the unit's end line",
                    self.path.display(),
                    self.line_no + 1
                )));
            }
            self.end = Some(end);
            return Ok(None);
        }
        let item: WorkItem<S> = parse_line(&self.buf, "position", &where_)?;
        self.digest.update(self.buf.as_bytes());
        for (root, n) in &item.from {
            if *root >= self.header.roots || *n == 0 {
                return Err(SplitError::new(format!(
                    "{where_}: root action {root} with {n} sequences: the unit has {} root actions and no empty share",
                    self.header.roots
                )));
            }
            self.paths = self.paths.saturating_add(*n);
        }
        self.positions += 1;
        Ok(Some(item))
    }
}

/// The text of a result file: the `result` line and its `end` line.
pub fn result_text(record: &ResultRecord) -> Result<String, SplitError> {
    let first = line("result", record)?;
    let mut d = Digest::new();
    d.update(first.as_bytes());
    let end = line("end", &ResultEnd { digest: d.hex() })?;
    Ok(first + &end)
}

/// Reads and checks a result file (format, digest, its own sums). Does not check which
/// split or rule set it belongs to: that is the merge's job.
pub fn read_result(path: &Path) -> Result<ResultRecord, SplitError> {
    let file = std::fs::File::open(path)
        .map_err(|e| SplitError::new(format!("cannot open {}: {e}", path.display())))?;
    let mut reader = std::io::BufReader::new(file);
    let mut first = String::new();
    if !read_line(&mut reader, &mut first, path, 1)? {
        return Err(SplitError::new(format!("{}: empty file", path.display())));
    }
    let record: ResultRecord = parse_line(&first, "result", &format!("{}:1", path.display()))?;
    let mut second = String::new();
    if !read_line(&mut reader, &mut second, path, 2)? {
        return Err(SplitError::new(format!(
            "{}:2: the result has no `end` line: it was cut short",
            path.display()
        )));
    }
    let end: ResultEnd = parse_line(&second, "end", &format!("{}:2", path.display()))?;
    let mut d = Digest::new();
    d.update(first.as_bytes());
    if end.digest != d.hex() {
        return Err(SplitError::new(format!(
            "{}:2: digest {} does not match the result line's {}: the file was changed",
            path.display(),
            end.digest,
            d.hex()
        )));
    }
    let mut extra = String::new();
    if read_line(&mut reader, &mut extra, path, 3)? {
        return Err(SplitError::new(format!(
            "{}:3: text after the result's end line",
            path.display()
        )));
    }
    if record.format != FORMAT {
        return Err(SplitError::new(format!(
            "{}:1: result format {}, this perft reads format {FORMAT}",
            path.display(),
            record.format
        )));
    }
    let sum = record
        .roots
        .iter()
        .fold(0u64, |t, (_, n)| t.saturating_add(*n));
    if sum != record.nodes {
        return Err(SplitError::new(format!(
            "{}:1: the per-root counts add up to {sum}, the result says {} nodes",
            path.display(),
            record.nodes
        )));
    }
    Ok(record)
}
