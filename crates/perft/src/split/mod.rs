//! Perft split into work units, counted anywhere, added up again.
//!
//! Deep perft of a large game outgrows one machine. The tree is cut at ply `k`
//! (the split level): the positions after `k` actions are enumerated, identical
//! positions are merged with their multiplicity (exact [`Position`] equality,
//! not only the hash), and each distinct position is counted to the remaining
//! depth once. The count of the whole tree is the sum, over the distinct
//! positions, of their count times the number of action sequences that reach
//! them; the divide per root action is the same sum restricted to the
//! sequences that start with that action.
//!
//! * [`split_to_dir`] writes the distinct positions as work units (shards balanced by an
//!   estimate of work) plus a [`Manifest`]; memory stays bounded by
//!   [`SplitOptions::batch`] positions (the enumeration runs once per batch).
//! * [`run_unit`] counts one unit and writes its result atomically (a temporary file,
//!   then a rename); a unit whose result is already there is skipped.
//! * [`merge_dir`] checks that every unit has exactly one valid result of the same split
//!   and rule set, reading the results one at a time, and adds them up.
//! * [`count_split`] does the same in one process on all cores, without files.
//!
//! Every unit and result names the rule set that made it ([`RulesId`]): a unit is refused
//! by a `perft` whose rule set differs, a result by the merge.
//!
//! The file formats (`docs/perft.md`, "Perft on many machines") are text, one record per
//! line: a tag, a space and a RON value. Each file ends with an `end` record holding a digest
//! of everything before it, so a truncated or edited file is recognised.

mod enumerate;
mod files;
mod format;

pub use enumerate::{count_split, walk_split, SplitCount, SplitEntry, SplitStats};
pub use files::{
    merge_dir, read_manifest, run_unit, split_to_dir, MergeError, MergeProblem, Merged, RunOptions,
    RunOutcome, SplitOptions, MANIFEST_FILE, RESULT_EXT, UNIT_EXT,
};
pub use format::{
    read_result, result_text, Manifest, ManifestUnit, ResultEnd, ResultRecord, UnitEnd, UnitHeader,
    UnitReader, WorkItem, FORMAT,
};

use frozen_core::{position_to_ron, Position, Rules};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a split, a run or a merge step failed: the file (and line) and what to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitError(pub String);

impl fmt::Display for SplitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SplitError {}

impl SplitError {
    pub(crate) fn new(message: impl Into<String>) -> SplitError {
        SplitError(message.into())
    }
}

/// A 128-bit FNV-1a digest, written as 32 hex digits. Not cryptographic: it recognises
/// truncated and damaged files and tells rule sets apart, it does not resist forgery.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Digest(u128);

impl Default for Digest {
    fn default() -> Self {
        Digest::new()
    }
}

impl Digest {
    const OFFSET: u128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d;
    const PRIME: u128 = 0x0000_0000_0100_0000_0000_0000_0000_013b;

    /// The digest of nothing.
    pub fn new() -> Digest {
        Digest(Self::OFFSET)
    }

    /// Adds `bytes`.
    pub fn update(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u128::from(*b);
            self.0 = self.0.wrapping_mul(Self::PRIME);
        }
    }

    /// Adds `text` followed by a separator (so ("ab", "c") and ("a", "bc") differ).
    pub fn field(&mut self, text: &str) {
        self.update(&(text.len() as u64).to_le_bytes());
        self.update(text.as_bytes());
    }

    /// 32 lower-case hex digits.
    pub fn hex(&self) -> String {
        format!("{:032x}", self.0)
    }
}

/// The version of the engine, written into every unit and result: `frozen-perft`'s crate
/// version (the workspace version, shared by frozen-core and frozen-variants).
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The identity of a rule set, so that a unit is never counted, nor a result added, under
/// rules other than the ones that made the split.
///
/// `digest` covers: the variant's name, its description, board shape and kind set (names and
/// letters), its initial position (as RON), and a behavioural probe: every action of the
/// initial position (its canonical text) with the number of actions after it (perft 2 from
/// the start, divided). With [`RulesId::with_source`] it also covers a source text, for
/// rules built from a file (a Parlett piece set). `engine` is [`ENGINE_VERSION`].
///
/// What it does not cover: a change of the engine's code that keeps the version number and
/// shows nowhere in the first two plies from the initial position. Run every unit of one
/// split with the same build.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RulesId {
    /// Registry name of the variant.
    pub variant: String,
    /// [`ENGINE_VERSION`] of the perft that made the file.
    pub engine: String,
    /// Digest of the rule set (see the type's documentation).
    pub digest: String,
}

impl RulesId {
    /// The identity of `rules`.
    pub fn of<R: Rules>(rules: &R) -> RulesId {
        RulesId::with_source(rules, None)
    }

    /// The identity of `rules`, also covering `source` (the text the rules were built from).
    pub fn with_source<R: Rules>(rules: &R, source: Option<&str>) -> RulesId {
        let mut d = Digest::new();
        d.field("frozen-perft rule-set identity 1");
        d.field(rules.name());
        d.field(rules.description());
        d.field(&rules.shape().to_string());
        for (kind, info) in rules.kinds().iter() {
            d.field(&format!(
                "{} {} {} {}",
                kind.index(),
                info.name,
                info.fen,
                info.symbol
            ));
        }
        let mut pos = rules.initial_position();
        d.field(&position_to_ron(rules, &pos));
        probe(rules, &mut pos, &mut d);
        if let Some(text) = source {
            d.field("source");
            d.field(text);
        }
        RulesId {
            variant: rules.name().to_string(),
            engine: ENGINE_VERSION.to_string(),
            digest: d.hex(),
        }
    }
}

/// Adds every action of `pos` and the number of actions after it.
fn probe<R: Rules>(rules: &R, pos: &mut Position<R::State>, d: &mut Digest) {
    if pos.result().is_some() {
        d.field("finished");
        return;
    }
    let mut roots = Vec::new();
    rules.actions(pos, &mut roots);
    let mut buf = Vec::new();
    for a in &roots {
        let text = rules.format_action(pos, a);
        let mark = pos.mark();
        rules.perform(pos, a, &mut frozen_core::NoEvents);
        let n = if pos.result().is_some() {
            0
        } else {
            rules.count_actions(pos, &mut buf)
        };
        pos.undo_to(mark);
        d.field(&format!("{text} {n}"));
    }
}

impl fmt::Display for RulesId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (engine {}, rule-set digest {})",
            self.variant, self.engine, self.digest
        )
    }
}
