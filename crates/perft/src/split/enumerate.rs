//! Enumeration of the split level with merging of identical positions, and the counting
//! of work items on worker threads.

use super::SplitError;
use crate::search::Searcher;
use crate::tt::Tt;
use crate::{Counter, DivideEntry};
use frozen_core::{Action, NoEvents, Position, Rules};
use std::collections::HashMap;
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

/// One distinct position at the split level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitEntry<S> {
    /// The position.
    pub position: Position<S>,
    /// Per root action index, the number of action sequences through it that reach the
    /// position (root indices in increasing order).
    pub from: Vec<(u32, u64)>,
}

impl<S> SplitEntry<S> {
    /// Number of action sequences that reach the position.
    pub fn paths(&self) -> u64 {
        self.from
            .iter()
            .fold(0u64, |t, (_, n)| t.saturating_add(*n))
    }
}

/// What the enumeration of the split level found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SplitStats {
    /// Sequences of `at` actions from the start.
    pub paths: u64,
    /// Shorter sequences after which the game was over or no action was listed.
    pub ended: u64,
    /// Distinct positions after `at` actions.
    pub positions: u64,
    /// Batches (passes of the enumeration).
    pub batches: u64,
}

/// Depth-first walk to `left` more plies below `pos`, calling `leaf` at the bottom.
fn walk<R: Rules>(
    rules: &R,
    pos: &mut Position<R::State>,
    left: u32,
    bufs: &mut Vec<Vec<Action>>,
    level: usize,
    ended: &mut u64,
    leaf: &mut dyn FnMut(&Position<R::State>),
) {
    if left == 0 {
        leaf(pos);
        return;
    }
    if pos.result().is_some() {
        *ended += 1;
        return;
    }
    while bufs.len() <= level {
        bufs.push(Vec::new());
    }
    let mut buf = std::mem::take(&mut bufs[level]);
    buf.clear();
    rules.actions(pos, &mut buf);
    if buf.is_empty() {
        *ended += 1;
    }
    for a in &buf {
        let mark = pos.mark();
        rules.perform(pos, a, &mut NoEvents);
        walk(rules, pos, left - 1, bufs, level + 1, ended, leaf);
        pos.undo_to(mark);
    }
    bufs[level] = buf;
}

/// Enumerates the distinct positions `at` actions below `start`, in batches of at most
/// about `batch` positions: identical positions (exact [`Position`] equality) always fall
/// in the same batch and come out once, with their multiplicity per root action. The
/// enumeration runs once per batch (positions are assigned to batches by their hash), so
/// memory holds one batch. `on_batch` gets each batch, in the order of first appearance
/// in the walk; an error from it stops the walk.
///
/// Root action indices are the positions in the list `rules.actions(start)`.
pub fn walk_split<R: Rules>(
    rules: &R,
    start: &Position<R::State>,
    at: u32,
    batch: usize,
    on_batch: &mut dyn FnMut(Vec<SplitEntry<R::State>>) -> Result<(), SplitError>,
) -> Result<SplitStats, SplitError> {
    if at == 0 {
        return Err(SplitError::new("split level 0: split at 1 action or more"));
    }
    let mut pos = start.clone();
    let expected = Counter::new(rules).perft(&mut pos, at);
    let batches = expected.div_ceil(batch.max(1) as u64).max(1);
    let mut roots = Vec::new();
    if pos.result().is_none() {
        rules.actions(&pos, &mut roots);
    }
    let mut stats = SplitStats {
        batches,
        ..SplitStats::default()
    };
    let mut bufs: Vec<Vec<Action>> = Vec::new();
    for pass in 0..batches {
        let mut index: HashMap<u64, Vec<usize>> = HashMap::new();
        let mut entries: Vec<SplitEntry<R::State>> = Vec::new();
        let mut paths = 0u64;
        let mut ended = 0u64;
        for (root, action) in roots.iter().enumerate() {
            let root = root as u32;
            let mark = pos.mark();
            rules.perform(&mut pos, action, &mut NoEvents);
            let mut leaf = |p: &Position<R::State>| {
                paths += 1;
                let h = p.hash();
                if h % batches != pass {
                    return;
                }
                let slot = index.entry(h).or_default();
                for &i in slot.iter() {
                    if let Some(e) = entries.get_mut(i) {
                        if e.position == *p {
                            match e.from.last_mut() {
                                Some((r, n)) if *r == root => *n += 1,
                                _ => e.from.push((root, 1)),
                            }
                            return;
                        }
                    }
                }
                slot.push(entries.len());
                entries.push(SplitEntry {
                    position: p.clone(),
                    from: vec![(root, 1)],
                });
            };
            walk(rules, &mut pos, at - 1, &mut bufs, 0, &mut ended, &mut leaf);
            pos.undo_to(mark);
        }
        if roots.is_empty() {
            ended = 1;
        }
        stats.paths = paths;
        stats.ended = ended;
        stats.positions += entries.len() as u64;
        drop(index);
        on_batch(entries)?;
    }
    Ok(stats)
}

/// The counts of a set of work items.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    /// Per root action index, its share.
    pub per_root: Vec<u64>,
    /// Sum with multiplicities.
    pub nodes: u64,
    /// Nodes counted (each item once).
    pub searched: u64,
    /// Items counted.
    pub positions: u64,
    /// Sum of their multiplicities.
    pub paths: u64,
}

impl Tally {
    fn new(roots: usize) -> Tally {
        Tally {
            per_root: vec![0; roots],
            ..Tally::default()
        }
    }

    fn add(&mut self, count: u64, from: &[(u32, u64)]) {
        self.positions += 1;
        self.searched = self.searched.saturating_add(count);
        for (r, n) in from {
            let share = count.saturating_mul(*n);
            if let Some(slot) = self.per_root.get_mut(*r as usize) {
                *slot = slot.saturating_add(share);
            }
            self.nodes = self.nodes.saturating_add(share);
            self.paths = self.paths.saturating_add(*n);
        }
    }

    pub(crate) fn absorb(&mut self, other: &Tally) {
        if self.per_root.len() < other.per_root.len() {
            self.per_root.resize(other.per_root.len(), 0);
        }
        for (a, b) in self.per_root.iter_mut().zip(&other.per_root) {
            *a = a.saturating_add(*b);
        }
        self.nodes = self.nodes.saturating_add(other.nodes);
        self.searched = self.searched.saturating_add(other.searched);
        self.positions += other.positions;
        self.paths = self.paths.saturating_add(other.paths);
    }
}

/// Counts every item of `items` to `remaining` plies on `threads` worker threads (a shared
/// transposition table of `hash_mb` MiB if not 0), reading the items as the workers take
/// them (at most a few per thread in memory). Stops at the first error of `items`.
pub(crate) fn count_items<R: Rules>(
    rules: &R,
    remaining: u32,
    roots: usize,
    threads: usize,
    hash_mb: usize,
    items: &mut dyn Iterator<Item = Result<SplitEntry<R::State>, SplitError>>,
) -> Result<Tally, SplitError> {
    let threads = threads.max(1);
    let (tx, rx) = mpsc::sync_channel::<SplitEntry<R::State>>(threads * 4);
    let rx = Mutex::new(rx);
    let mut failure: Option<SplitError> = None;
    let mut total = Tally::new(roots);
    let mut table: Option<Tt<R::State>> = None;
    let mut first: Option<SplitEntry<R::State>> = None;
    // The table is sized on a sample position: take the first item before starting.
    match items.next() {
        Some(Ok(e)) => {
            table = Tt::with_megabytes(hash_mb, &e.position);
            first = Some(e);
        }
        Some(Err(e)) => return Err(e),
        None => {}
    }
    let Some(first) = first else {
        return Ok(total);
    };
    let results: Vec<Result<Tally, SplitError>> = std::thread::scope(|scope| {
        let mut handles = Vec::new();
        for _ in 0..threads {
            let (rx, table) = (&rx, table.as_ref());
            handles.push(scope.spawn(move || {
                let mut local = Tally::new(roots);
                let mut searcher = Searcher::new(rules).with_tt(table);
                loop {
                    let job = match rx.lock() {
                        Ok(guard) => guard.recv(),
                        Err(_) => break,
                    };
                    let Ok(mut entry) = job else {
                        break;
                    };
                    let count = searcher
                        .actions(&mut entry.position, remaining, 0)
                        .map_err(|e| SplitError::new(format!("counting failed: {e}")))?;
                    local.add(count, &entry.from);
                }
                Ok(local)
            }));
        }
        let send = |e: SplitEntry<R::State>| tx.send(e).is_ok();
        if send(first) {
            for item in &mut *items {
                match item {
                    Ok(e) => {
                        if !send(e) {
                            break;
                        }
                    }
                    Err(e) => {
                        failure = Some(e);
                        break;
                    }
                }
            }
        }
        drop(tx);
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(SplitError::new("a counting thread panicked")))
            })
            .collect()
    });
    if let Some(e) = failure {
        return Err(e);
    }
    for r in results {
        total.absorb(&r?);
    }
    Ok(total)
}

/// The result of [`count_split`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitCount {
    /// perft(`depth`).
    pub nodes: u64,
    /// Per root action, in the order the rules list them.
    pub divide: Vec<DivideEntry>,
    /// What the enumeration of the split level found.
    pub stats: SplitStats,
    /// Nodes counted below the split level (each distinct position once); `nodes` minus
    /// this is what merging identical positions saved.
    pub searched: u64,
    /// Worker threads used.
    pub threads: usize,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// perft(`depth`) of `start`, split at ply `at` (1 to `depth`) in this process: the distinct
/// positions at the split level are counted once each on `threads` worker threads (0: one
/// per core), with a shared transposition table of `hash_mb` MiB if not 0, at most `batch`
/// of them in memory at a time. Equal to [`crate::perft`].
pub fn count_split<R: Rules>(
    rules: &R,
    start: &Position<R::State>,
    depth: u32,
    at: u32,
    threads: usize,
    hash_mb: usize,
    batch: usize,
) -> Result<SplitCount, SplitError> {
    let started = Instant::now();
    if at == 0 || at > depth {
        return Err(SplitError::new(format!(
            "cannot split perft({depth}) at ply {at}: the split level must be from 1 to the depth"
        )));
    }
    let threads = if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    };
    let mut roots = Vec::new();
    if start.result().is_none() {
        rules.actions(start, &mut roots);
    }
    let texts: Vec<String> = roots
        .iter()
        .map(|a| rules.format_action(start, a))
        .collect();
    let remaining = depth - at;
    let mut total = Tally::new(roots.len());
    let stats = walk_split(rules, start, at, batch, &mut |entries| {
        let mut it = entries.into_iter().map(Ok);
        let t = count_items(rules, remaining, roots.len(), threads, hash_mb, &mut it)?;
        total.absorb(&t);
        Ok(())
    })?;
    let divide = texts
        .into_iter()
        .zip(total.per_root.iter())
        .map(|(action, nodes)| DivideEntry {
            action,
            nodes: *nodes,
        })
        .collect();
    Ok(SplitCount {
        nodes: total.nodes,
        divide,
        stats,
        searched: total.searched,
        threads,
        elapsed: started.elapsed(),
    })
}
