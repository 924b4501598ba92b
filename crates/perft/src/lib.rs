//! # frozen-perft
//!
//! Perft (performance test, move path enumeration) for every frozen rule set.
//!
//! * [`perft`] counts the sequences of `depth` actions from a position
//!   (a finished game has no children), with bulk counting at the last ply
//!   through [`Rules::count_actions`].
//! * [`divide`] gives the count per root action, with the action's canonical text.
//! * [`perft_turns`] counts complete turns instead: every distinct action
//!   sequence of one side up to the change of side counts once.
//! * [`run`] is the configurable version: worker threads over the root actions
//!   ([`PerftConfig::threads`]), a transposition table verified by exact position
//!   comparison ([`PerftConfig::hash_mb`]), a node budget, progress reports.
//! * [`fixture`] reads the perft tables `fixtures/perft/<variant>.ron` and runs them.
//! * [`compare`] finds where another tool's divide output and ours part ways.
//! * [`split`] cuts a deep count into work units at a split level, counts units
//!   anywhere (files) or on all cores (in-process), and adds the results up.
//! * [`cli`] is the `perft` command line, reusable by the `frozen` tool.
//!
//! No allocation per node once warmed up: the action lists live in per-depth
//! buffers reused across calls (checked by the `no_alloc` test with a counting
//! allocator). The position is changed in place and restored with its journal.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod cli;
pub mod compare;
pub mod fixture;
mod parallel;
mod search;
pub mod split;
mod split_cli;
mod tt;

pub use fixture::{PerftCase, PerftFixture};
pub use parallel::{run, PerftConfig, PerftReport, Progress};
pub use search::{Mode, PerftError, DEFAULT_MAX_LEGS};

use frozen_core::{Position, Rules};
use search::{Searcher, TurnStart};
use serde::{Deserialize, Serialize};

/// The count below one root action.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DivideEntry {
    /// The action's canonical text ([`Rules::format_action`]).
    pub action: String,
    /// Nodes below it.
    pub nodes: u64,
}

/// perft(`depth`): the number of sequences of `depth` actions from `pos`. A finished
/// game has no children; perft(0) is 1. Single-threaded, no table, no budget.
/// `pos` is restored before returning.
pub fn perft<R: Rules>(rules: &R, pos: &mut Position<R::State>, depth: u32) -> u64 {
    let mut searcher = Searcher::new(rules);
    // Without a budget, a table or a stop flag, an actions-mode search has no way to fail.
    searcher.actions(pos, depth, 0).unwrap_or(0)
}

/// A reusable single-threaded counter: keeps its per-depth action buffers between
/// calls, so repeated counts do not allocate once the buffers have grown.
#[derive(Debug)]
pub struct Counter<'a, R: Rules> {
    searcher: Searcher<'a, R>,
}

impl<'a, R: Rules> Counter<'a, R> {
    /// A counter for `rules`.
    pub fn new(rules: &'a R) -> Self {
        Counter {
            searcher: Searcher::new(rules),
        }
    }

    /// Same as [`perft`], reusing this counter's buffers.
    pub fn perft(&mut self, pos: &mut Position<R::State>, depth: u32) -> u64 {
        self.searcher.actions(pos, depth, 0).unwrap_or(0)
    }

    /// Same as [`perft_turns`], reusing this counter's buffers.
    pub fn perft_turns(
        &mut self,
        pos: &mut Position<R::State>,
        turns: u32,
    ) -> Result<u64, PerftError> {
        let start = TurnStart::of(pos);
        if turns == 0 {
            return Ok(1);
        }
        if pos.result().is_some() {
            return Ok(0);
        }
        self.searcher.legs(pos, start, turns, 0, 0)
    }
}

/// The count per root action at `depth` (each entry is perft(`depth - 1`) after that action),
/// in the order the rules list the actions. Empty at depth 0 and when the game is over.
/// `pos` is restored before returning.
pub fn divide<R: Rules>(rules: &R, pos: &mut Position<R::State>, depth: u32) -> Vec<DivideEntry> {
    if depth == 0 || pos.result().is_some() {
        return Vec::new();
    }
    let mut roots = Vec::new();
    rules.actions(pos, &mut roots);
    let mut searcher = Searcher::new(rules);
    roots
        .iter()
        .map(|a| {
            let action = rules.format_action(pos, a);
            let mark = pos.mark();
            rules.perform(pos, a, &mut frozen_core::NoEvents);
            let nodes = searcher.actions(pos, depth - 1, 0).unwrap_or(0);
            pos.undo_to(mark);
            DivideEntry { action, nodes }
        })
        .collect()
}

/// The number of sequences of `turns` complete turns from `pos` (DESIGN's `--turns`):
/// every distinct sequence of actions of the side to act up to the change of side (or
/// the end of the game, or the side's turn counter advancing) counts once. If `pos` is in
/// the middle of a turn, the rest of that turn is the first turn. Fails with
/// [`PerftError::TurnTooLong`] when a turn holds more than [`DEFAULT_MAX_LEGS`] actions.
pub fn perft_turns<R: Rules>(
    rules: &R,
    pos: &mut Position<R::State>,
    turns: u32,
) -> Result<u64, PerftError> {
    Counter::new(rules).perft_turns(pos, turns)
}
