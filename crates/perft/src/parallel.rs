//! The configurable run: root actions searched in parallel on std threads (each
//! thread clones the position), an optional shared transposition table, a node
//! budget, per-root results (divide) and progress reports.

use crate::search::{Mode, PerftError, Searcher, Shared, TurnStart, DEFAULT_MAX_LEGS};
use crate::tt::Tt;
use crate::DivideEntry;
use frozen_core::{Action, NoEvents, Position, Rules};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Settings of a [`run`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftConfig {
    /// Worker threads; 0 means one per available core.
    pub threads: usize,
    /// Size of the transposition table in MiB; 0 means no table.
    pub hash_mb: usize,
    /// Stop with [`PerftError::BudgetExceeded`] once more nodes than this have been counted.
    pub budget: Option<u64>,
    /// Count actions or complete turns.
    pub mode: Mode,
    /// In turns mode, the most actions one turn may hold (see [`PerftError::TurnTooLong`]).
    pub max_legs: usize,
    /// Time between two progress reports.
    pub progress_every: Duration,
}

impl Default for PerftConfig {
    fn default() -> Self {
        PerftConfig {
            threads: 0,
            hash_mb: 0,
            budget: None,
            mode: Mode::Actions,
            max_legs: DEFAULT_MAX_LEGS,
            progress_every: Duration::from_millis(250),
        }
    }
}

impl PerftConfig {
    /// One thread, no table, no budget: the reference configuration.
    pub fn single_threaded() -> Self {
        PerftConfig {
            threads: 1,
            ..PerftConfig::default()
        }
    }

    /// The number of worker threads this configuration asks for on this machine.
    pub fn effective_threads(&self) -> usize {
        if self.threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            self.threads
        }
    }
}

/// A progress report, sent while a [`run`] goes on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Nodes counted so far (reported by the threads; slightly behind the truth).
    pub nodes: u64,
    /// Root actions finished.
    pub roots_done: usize,
    /// Root actions in all.
    pub roots_total: usize,
    /// Time since the start.
    pub elapsed: Duration,
}

/// The result of a [`run`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftReport {
    /// The depth searched (plies, or turns in turns mode).
    pub depth: u32,
    /// What was counted.
    pub mode: Mode,
    /// The perft count.
    pub nodes: u64,
    /// Per root action, in the order the rules list them (empty at depth 0 or when the game is over).
    pub divide: Vec<DivideEntry>,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Worker threads used.
    pub threads: usize,
    /// Transposition table slots (0: no table).
    pub tt_slots: usize,
}

impl PerftReport {
    /// Nodes per second (counted leaves per second of wall-clock time).
    pub fn nodes_per_second(&self) -> f64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 {
            self.nodes as f64 / s
        } else {
            0.0
        }
    }
}

/// Counts the children of one root action (already performed on `pos`).
fn root_child<R: Rules>(
    searcher: &mut Searcher<'_, R>,
    pos: &mut Position<R::State>,
    mode: Mode,
    depth: u32,
    start: TurnStart,
) -> Result<u64, PerftError> {
    match mode {
        Mode::Actions => searcher.actions(pos, depth - 1, 0),
        Mode::Turns => searcher.after_leg(pos, start, depth, 0, 1),
    }
}

/// Below this many work items per thread, the root actions are split at the second ply.
const ITEMS_PER_THREAD: usize = 8;

/// One unit of work for a thread: a root action, and possibly one action after it.
#[derive(Debug)]
struct Item {
    root: usize,
    child: Option<Action>,
}

/// The work items of a run. With few root actions for the threads (in check, endgames),
/// each root action is split into its children so the threads stay busy to the end;
/// a root action whose child position has no actions then has no items (its count is 0).
fn work_items<R: Rules>(
    rules: &R,
    pos: &Position<R::State>,
    roots: &[Action],
    depth: u32,
    mode: Mode,
    threads: usize,
) -> Vec<Item> {
    let split = mode == Mode::Actions
        && depth >= 3
        && threads > 1
        && roots.len() < threads * ITEMS_PER_THREAD;
    if !split {
        return (0..roots.len())
            .map(|root| Item { root, child: None })
            .collect();
    }
    let mut scratch = pos.clone();
    let mut children = Vec::new();
    let mut items = Vec::new();
    for (root, action) in roots.iter().enumerate() {
        let mark = scratch.mark();
        rules.perform(&mut scratch, action, &mut NoEvents);
        children.clear();
        if scratch.result().is_none() {
            rules.actions(&scratch, &mut children);
        }
        scratch.undo_to(mark);
        items.extend(children.drain(..).map(|c| Item {
            root,
            child: Some(c),
        }));
    }
    items
}

/// Runs perft on `pos` to `depth` with the given settings, reporting progress to
/// `progress` (called on this thread, every [`PerftConfig::progress_every`] and when
/// the run ends). Root actions are shared out to the worker threads.
pub fn run<R: Rules>(
    rules: &R,
    pos: &Position<R::State>,
    depth: u32,
    config: &PerftConfig,
    progress: &mut dyn FnMut(&Progress),
) -> Result<PerftReport, PerftError> {
    let started = Instant::now();
    let threads_wanted = config.effective_threads().max(1);
    let tt = Tt::with_megabytes(config.hash_mb, pos);
    let tt_slots = tt.as_ref().map_or(0, Tt::len);
    let report = |nodes: u64, divide: Vec<DivideEntry>, threads: usize| PerftReport {
        depth,
        mode: config.mode,
        nodes,
        divide,
        elapsed: started.elapsed(),
        threads,
        tt_slots,
    };
    if depth == 0 {
        if config.budget.is_some_and(|b| b < 1) {
            return Err(PerftError::BudgetExceeded {
                budget: config.budget.unwrap_or(0),
                searched: 1,
            });
        }
        return Ok(report(1, Vec::new(), 0));
    }
    if pos.result().is_some() {
        return Ok(report(0, Vec::new(), 0));
    }
    let mut roots: Vec<Action> = Vec::new();
    rules.actions(pos, &mut roots);
    let texts: Vec<String> = roots.iter().map(|a| rules.format_action(pos, a)).collect();
    let start = TurnStart::of(pos);
    let items = work_items(rules, pos, &roots, depth, config.mode, threads_wanted);
    // Per root: items not yet counted, and the sum of those counted.
    let mut left: Vec<usize> = vec![0; roots.len()];
    for item in &items {
        if let Some(l) = left.get_mut(item.root) {
            *l += 1;
        }
    }
    let mut sums: Vec<u64> = vec![0; roots.len()];
    let mut done = left.iter().filter(|l| **l == 0).count();
    let threads = threads_wanted.min(items.len()).max(1);
    let shared = Shared::default();
    let next = AtomicUsize::new(0);
    let mut failure: Option<PerftError> = None;
    let (tx, rx) = mpsc::channel::<(usize, Result<u64, PerftError>)>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (shared, next, roots, items, tt) = (&shared, &next, &roots, &items, tt.as_ref());
            scope.spawn(move || {
                let mut local = pos.clone();
                let mut searcher = Searcher::new(rules)
                    .with_shared(shared)
                    .with_budget(config.budget)
                    .with_tt(tt)
                    .with_max_legs(config.max_legs);
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(k) else {
                        break;
                    };
                    let Some(action) = roots.get(item.root) else {
                        break;
                    };
                    if shared.stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let mark = local.mark();
                    rules.perform(&mut local, action, &mut NoEvents);
                    let mut r = match &item.child {
                        Some(child) => {
                            rules.perform(&mut local, child, &mut NoEvents);
                            searcher.actions(&mut local, depth - 2, 0)
                        }
                        None => root_child(&mut searcher, &mut local, config.mode, depth, start),
                    };
                    local.undo_to(mark);
                    if r.is_ok() {
                        if let Err(e) = searcher.flush() {
                            r = Err(e);
                        }
                    }
                    let failed = r.is_err();
                    if failed {
                        shared.stop.store(true, Ordering::Relaxed);
                    }
                    if tx.send((item.root, r)).is_err() || failed {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut last = Instant::now();
        loop {
            match rx.recv_timeout(config.progress_every) {
                Ok((i, r)) => match r {
                    Ok(n) => {
                        if let (Some(sum), Some(l)) = (sums.get_mut(i), left.get_mut(i)) {
                            *sum = sum.saturating_add(n);
                            *l = l.saturating_sub(1);
                            if *l == 0 {
                                done += 1;
                            }
                        }
                    }
                    Err(PerftError::Cancelled) => {}
                    Err(e) => {
                        if failure.is_none() {
                            failure = Some(e);
                        }
                    }
                },
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if last.elapsed() >= config.progress_every {
                last = Instant::now();
                progress(&Progress {
                    nodes: shared.nodes.load(Ordering::Relaxed),
                    roots_done: done,
                    roots_total: roots.len(),
                    elapsed: started.elapsed(),
                });
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    // Every item is counted unless the run failed (handled above) or was cancelled.
    if left.iter().any(|l| *l > 0) {
        return Err(PerftError::Cancelled);
    }
    let total = sums.iter().fold(0u64, |t, n| t.saturating_add(*n));
    let divide: Vec<DivideEntry> = texts
        .into_iter()
        .zip(sums)
        .map(|(action, nodes)| DivideEntry { action, nodes })
        .collect();
    progress(&Progress {
        nodes: total,
        roots_done: divide.len(),
        roots_total: divide.len(),
        elapsed: started.elapsed(),
    });
    Ok(report(total, divide, threads))
}
