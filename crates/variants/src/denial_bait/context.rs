//! The execution context every movement rule shares: [`Ctx`] (decisions, what happened),
//! [`Stop`], the queue of removals whose chain reactions are still to run ([`Queue`],
//! [`Trigger`]), the argument bits of a movement ([`arg`]) and [`React`], the signature of
//! the chain-reaction runner.
//!
//! Owns no rule. Uses only [`super::base`]. Every other module of the variant may use it.

use super::base::*;
use frozen_core::{Event, Side};

/// Why execution stopped early.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stop {
    /// An owner decision is needed: who decides, how many options, about which unit.
    Need {
        /// Deciding side.
        side: Side,
        /// Number of options.
        options: u16,
        /// The unit concerned.
        unit: usize,
        /// Decision kind (1 = bishop raise, 2 = bait transport target).
        kind: u16,
    },
    /// The action does not describe a movement on this board.
    Bad,
}

/// Execution context of one movement: decisions, intercepts, what happened.
#[derive(Debug, Default)]
pub struct Ctx {
    /// Decisions taken so far, consumed in order.
    pub decisions: smallvec::SmallVec<[u16; 8]>,
    /// Next decision to consume.
    pub next: usize,
    /// Events, when wanted.
    pub events: Option<Vec<Event>>,
    /// The baited King whose capture is replaced by a transport (DB-BAIT-06).
    pub bait_king: Option<usize>,
    /// The transport happened.
    pub transported: bool,
    /// A King was captured (by the other side), per side index.
    pub king_taken: [bool; 2],
    /// A King was exiled, per side index.
    pub king_exiled: [bool; 2],
    /// Pieces removed (captured or exiled) by the movement and its chain.
    pub removed: u32,
    /// Pieces removed directly by the movement.
    pub direct: u32,
    /// Exiled pieces of a side captured (DB-EXIL-03 b), per side index.
    pub exile_captured: [bool; 2],
    /// En passant data the movement creates.
    pub new_ep: smallvec::SmallVec<[EpInfo; 4]>,
    /// En passant data available to the movement.
    pub ep: smallvec::SmallVec<[EpInfo; 4]>,
    /// The movement moved or swapped a pawn.
    pub pawn_move: bool,
    /// A knight movement without a path capture (DB-DENY-11).
    pub knight_plain: bool,
    /// Raise choices default to "raise" instead of being asked (used only for the
    /// self-capture of ground pawns right after a movement, where no chain can start).
    pub auto_raise: bool,
    /// The squares the decision that stopped execution is about, set with
    /// [`Stop::Need`]: the square a bishop would raise on, or the bait targets in option
    /// order. Only for naming the options to people (`super::decision`).
    pub asked: smallvec::SmallVec<[Sq; 4]>,
}

impl Ctx {
    /// A context with decisions and en passant data.
    pub fn new(decisions: &[u16], ep: &[EpInfo], events: bool) -> Ctx {
        Ctx {
            decisions: smallvec::SmallVec::from_slice(decisions),
            ep: ep.iter().cloned().collect(),
            events: events.then(Vec::new),
            ..Ctx::default()
        }
    }
    /// Takes the next decision of `side` among `options`, or stops asking for it; `asked`
    /// are the squares the decision is about (see [`Ctx::asked`]).
    pub fn decide(
        &mut self,
        side: Side,
        options: u16,
        unit: usize,
        kind: u16,
        asked: &[Sq],
    ) -> Result<u16, Stop> {
        if options <= 1 {
            return Ok(0);
        }
        if let Some(&d) = self.decisions.get(self.next) {
            self.next += 1;
            return Ok(d.min(options - 1));
        }
        self.asked = asked.iter().copied().collect();
        Err(Stop::Need {
            side,
            options,
            unit,
            kind,
        })
    }
    /// Records an event if wanted.
    pub fn ev(&mut self, e: Event) {
        if let Some(v) = &mut self.events {
            v.push(e);
        }
    }
}

/// The removals of a movement whose chain reactions are still to run, in order.
pub type Queue = smallvec::SmallVec<[Trigger; 4]>;

/// A removal whose chain reactions are still to run.
#[derive(Clone, Debug)]
pub struct Trigger {
    /// The removed piece.
    pub victim: usize,
    /// Its square.
    pub sq: Sq,
    /// Captured (true) or exiled (false).
    pub captured: bool,
    /// The pieces that were above it, bottom first (they fall, DB-ROOK-05).
    pub fallers: Stk,
}

/// Runs the chain reactions of one removal. A rule that removes pieces in the middle of
/// its own work (a fall, a raise, the end-of-turn self-capture) receives the runner as an
/// argument, so the piece modules do not import the dispatch that calls them: chain
/// reactions recurse (a fall can capture a queen whose revenge makes pieces fall), and
/// the recursion goes through this function value, not through a circle of imports.
pub type React = fn(&mut Board, &mut Ctx, Trigger) -> Result<(), Stop>;

/// Argument bits of a movement action.
pub mod arg {
    /// The last step ends inside a rook (enter, DB-ROOK-02).
    pub const ENTER: u16 = 1;
    /// The first step of a King double move ends inside a rook.
    pub const ENTER_MID: u16 = 2;
    /// Shift of the victim's stack index (knight rider capture, disguise target), 3 bits.
    pub const VICTIM_SHIFT: u16 = 2;
    /// Shift of the mover's stack index (a rider leaving its stack), 4 bits.
    pub const MOVER_SHIFT: u16 = 5;
    /// Victim stack index of an argument.
    pub fn victim(a: u16) -> usize {
        ((a >> VICTIM_SHIFT) & 7) as usize
    }
    /// Mover stack index of an argument.
    pub fn mover(a: u16) -> usize {
        ((a >> MOVER_SHIFT) & 15) as usize
    }
}
