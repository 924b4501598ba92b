//! The depth-first counter shared by every entry point: per-depth action
//! buffers reused across calls (no allocation per node once warmed up), bulk
//! counting at the last ply, an optional transposition table, a node budget
//! and a stop flag shared with other threads.

use crate::tt::Tt;
use frozen_core::{Action, BySide, NoEvents, Position, Rules, Side};
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// What a perft run counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// Sequences of actions (one action is one decision; for chess-like sets, one move).
    #[default]
    Actions,
    /// Sequences of complete turns: every distinct action sequence of one side up to the
    /// change of side (or the end of the game) counts once as one turn.
    Turns,
}

impl Mode {
    /// `"actions"` or `"turns"`.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Actions => "actions",
            Mode::Turns => "turns",
        }
    }
}

/// Why a perft run stopped without a count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PerftError {
    /// The node budget ran out: more than `budget` nodes were counted (`searched` so far).
    BudgetExceeded {
        /// The budget that was given.
        budget: u64,
        /// Nodes counted when the search stopped (at least `budget + 1`).
        searched: u64,
    },
    /// In turns mode, one turn went on for more than `limit` actions of the same side
    /// (the rules may let a turn go on forever).
    TurnTooLong {
        /// The limit on actions per turn.
        limit: usize,
    },
    /// The search was stopped from outside (another thread of the same run failed first).
    Cancelled,
}

impl fmt::Display for PerftError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PerftError::BudgetExceeded { budget, searched } => write!(
                f,
                "node budget exceeded: counted {searched} nodes, the budget is {budget}; \
                 raise the budget or lower the depth"
            ),
            PerftError::TurnTooLong { limit } => write!(
                f,
                "a turn went on for more than {limit} actions of one side; \
                 the rules let this turn continue without end, count actions instead of turns"
            ),
            PerftError::Cancelled => write!(f, "the search was cancelled"),
        }
    }
}

impl std::error::Error for PerftError {}

/// Most actions one side may play in one turn before turns mode gives up.
pub const DEFAULT_MAX_LEGS: usize = 256;

/// How many counted nodes a searcher keeps to itself before it reports them
/// (to the shared counter and the budget check).
const FLUSH_EVERY: u64 = 1 << 12;

/// State shared by the threads of one run.
#[derive(Debug, Default)]
pub(crate) struct Shared {
    /// Nodes counted and reported so far, by every thread.
    pub nodes: AtomicU64,
    /// Set when the run must stop (budget exhausted, another thread failed).
    pub stop: AtomicBool,
}

/// Where a turn started: the side acting and the turn counters then.
#[derive(Copy, Clone, Debug)]
pub(crate) struct TurnStart {
    side: Side,
    turns: BySide<u32>,
}

impl TurnStart {
    pub(crate) fn of<S: frozen_core::VariantState>(pos: &Position<S>) -> TurnStart {
        TurnStart {
            side: pos.to_move(),
            turns: pos.turns(),
        }
    }

    /// True once the turn that started here is over in `pos`.
    #[inline]
    pub(crate) fn ended<S: frozen_core::VariantState>(&self, pos: &Position<S>) -> bool {
        pos.result().is_some() || pos.to_move() != self.side || pos.turns() != self.turns
    }
}

/// A depth-first counter for one thread.
#[derive(Debug)]
pub(crate) struct Searcher<'a, R: Rules> {
    rules: &'a R,
    /// One action buffer per level below the root; taken out while its node is searched.
    bufs: Vec<Vec<Action>>,
    /// Nodes counted but not yet reported.
    pending: u64,
    /// Nodes reported by this searcher.
    reported: u64,
    budget: Option<u64>,
    shared: Option<&'a Shared>,
    tt: Option<&'a Tt<R::State>>,
    max_legs: usize,
}

impl<'a, R: Rules> Searcher<'a, R> {
    pub(crate) fn new(rules: &'a R) -> Self {
        Searcher {
            rules,
            bufs: Vec::new(),
            pending: 0,
            reported: 0,
            budget: None,
            shared: None,
            tt: None,
            max_legs: DEFAULT_MAX_LEGS,
        }
    }

    pub(crate) fn with_budget(mut self, budget: Option<u64>) -> Self {
        self.budget = budget;
        self
    }

    pub(crate) fn with_shared(mut self, shared: &'a Shared) -> Self {
        self.shared = Some(shared);
        self
    }

    pub(crate) fn with_tt(mut self, tt: Option<&'a Tt<R::State>>) -> Self {
        self.tt = tt;
        self
    }

    pub(crate) fn with_max_legs(mut self, max_legs: usize) -> Self {
        self.max_legs = max_legs.max(1);
        self
    }

    /// Reports the pending nodes and checks the budget and the stop flag.
    pub(crate) fn flush(&mut self) -> Result<(), PerftError> {
        let n = std::mem::take(&mut self.pending);
        let total = match self.shared {
            Some(sh) => {
                let total = sh.nodes.fetch_add(n, Ordering::Relaxed).saturating_add(n);
                if sh.stop.load(Ordering::Relaxed) {
                    self.reported = self.reported.saturating_add(n);
                    return Err(PerftError::Cancelled);
                }
                total
            }
            None => self.reported.saturating_add(n),
        };
        self.reported = self.reported.saturating_add(n);
        if let Some(budget) = self.budget {
            if total > budget {
                if let Some(sh) = self.shared {
                    sh.stop.store(true, Ordering::Relaxed);
                }
                return Err(PerftError::BudgetExceeded {
                    budget,
                    searched: total,
                });
            }
        }
        Ok(())
    }

    #[inline]
    fn count(&mut self, n: u64) -> Result<(), PerftError> {
        self.pending = self.pending.saturating_add(n);
        if self.pending >= FLUSH_EVERY {
            self.flush()?;
        }
        Ok(())
    }

    /// Takes the buffer of `level` out (reusing its capacity), filled with the actions of `pos`.
    #[inline]
    fn take_actions(&mut self, pos: &mut Position<R::State>, level: usize) -> Vec<Action> {
        while self.bufs.len() <= level {
            self.bufs.push(Vec::new());
        }
        let mut buf = std::mem::take(&mut self.bufs[level]);
        buf.clear();
        self.rules.actions_mut(pos, &mut buf);
        buf
    }

    #[inline]
    fn put_back(&mut self, level: usize, buf: Vec<Action>) {
        self.bufs[level] = buf;
    }

    /// perft(`depth`) in actions mode. `level` indexes the action buffers.
    pub(crate) fn actions(
        &mut self,
        pos: &mut Position<R::State>,
        depth: u32,
        level: usize,
    ) -> Result<u64, PerftError> {
        if depth == 0 {
            self.count(1)?;
            return Ok(1);
        }
        if pos.result().is_some() {
            return Ok(0);
        }
        if depth == 1 {
            while self.bufs.len() <= level {
                self.bufs.push(Vec::new());
            }
            let n = self.rules.count_actions_mut(pos, &mut self.bufs[level]);
            self.count(n)?;
            return Ok(n);
        }
        if let Some(tt) = self.tt {
            if let Some(n) = tt.probe(pos, depth, Mode::Actions) {
                self.count(n)?;
                return Ok(n);
            }
        }
        let buf = self.take_actions(pos, level);
        let mut sum = 0u64;
        let mut failure = None;
        for a in &buf {
            let mark = pos.mark();
            self.rules.perform(pos, a, &mut NoEvents);
            let r = self.actions(pos, depth - 1, level + 1);
            pos.undo_to(mark);
            match r {
                Ok(n) => sum = sum.saturating_add(n),
                Err(e) => {
                    failure = Some(e);
                    break;
                }
            }
        }
        self.put_back(level, buf);
        if let Some(e) = failure {
            return Err(e);
        }
        if let Some(tt) = self.tt {
            tt.store(pos, depth, Mode::Actions, sum);
        }
        Ok(sum)
    }

    /// Number of sequences of `turns` complete turns from `pos`, which is at the start of a turn.
    pub(crate) fn turns(
        &mut self,
        pos: &mut Position<R::State>,
        turns: u32,
        level: usize,
    ) -> Result<u64, PerftError> {
        if turns == 0 {
            self.count(1)?;
            return Ok(1);
        }
        if pos.result().is_some() {
            return Ok(0);
        }
        let use_tt = turns >= 2;
        if use_tt {
            if let Some(tt) = self.tt {
                if let Some(n) = tt.probe(pos, turns, Mode::Turns) {
                    self.count(n)?;
                    return Ok(n);
                }
            }
        }
        let start = TurnStart::of(pos);
        let n = self.legs(pos, start, turns, level, 0)?;
        if use_tt {
            if let Some(tt) = self.tt {
                tt.store(pos, turns, Mode::Turns, n);
            }
        }
        Ok(n)
    }

    /// Counts the ways to finish the turn that started at `start` (`leg` actions already
    /// played in it), each followed by `turns - 1` further turns.
    pub(crate) fn legs(
        &mut self,
        pos: &mut Position<R::State>,
        start: TurnStart,
        turns: u32,
        level: usize,
        leg: usize,
    ) -> Result<u64, PerftError> {
        if leg >= self.max_legs {
            return Err(PerftError::TurnTooLong {
                limit: self.max_legs,
            });
        }
        let buf = self.take_actions(pos, level);
        let mut sum = 0u64;
        let mut failure = None;
        for a in &buf {
            let mark = pos.mark();
            self.rules.perform(pos, a, &mut NoEvents);
            let r = self.after_leg(pos, start, turns, level + 1, leg + 1);
            pos.undo_to(mark);
            match r {
                Ok(n) => sum = sum.saturating_add(n),
                Err(e) => {
                    failure = Some(e);
                    break;
                }
            }
        }
        self.put_back(level, buf);
        match failure {
            Some(e) => Err(e),
            None => Ok(sum),
        }
    }

    /// After one action of the turn that started at `start`: the turn either ended (go on
    /// with the next turn) or goes on (count its continuations).
    pub(crate) fn after_leg(
        &mut self,
        pos: &mut Position<R::State>,
        start: TurnStart,
        turns: u32,
        level: usize,
        leg: usize,
    ) -> Result<u64, PerftError> {
        if start.ended(pos) {
            self.turns(pos, turns.saturating_sub(1), level)
        } else {
            self.legs(pos, start, turns, level, leg)
        }
    }
}
