//! The undo journal of a [`Position`]: entries, their side stacks of old values, the
//! [`Mark`] to return to, and [`Position::undo_to`].
//!
//! Owns: how a change is recorded and taken back. Uses: the position's private layer
//! helpers (it is a child module of `position`), the side-table types, `BlockRotation`.

use super::{PendingList, Position, VariantState};
use crate::action::Outcome;
use crate::bitboard::Bitboard;
use crate::geometry::BlockRotation;
use crate::square::{BySide, Side, Square};
use crate::tables::{Bomb, Effects, Monad, Shadows, Tomb, Trap, Wall};
use crate::unit::{Kind, Location, Status, UnitId};

/// One journal entry. Entries are small and `Copy`: an old value too big to keep inline
/// (a status, a side-table entry, the pending list, the result, the variant state) sits on
/// a side stack of the [`Journal`], pushed with its entry and popped when it is reverted.
/// Pushing and popping the commonest entries (board moves) then moves a few bytes, whatever
/// the size of the variant state. The side to act and the move counters have no entries:
/// the [`Mark`] holds them.
#[derive(Copy, Clone, Debug)]
pub(super) enum Change {
    Loc(UnitId, Location),
    Kind(UnitId, Kind),
    /// The unit's status went from unmoved to moved, nothing else changed
    /// ([`Position::set_moved`]): the commonest status change, undone without a side stack.
    Moved(UnitId),
    Side(UnitId, Side),
    Spawn,
    Mark(u8, Square),
    /// The old value is the top of [`Journal::saved`].
    Saved,
    /// The old variant state (and its hash) is the top of [`Journal::states`].
    State,
    /// A block was rotated by `quarter_turns` (see [`Position::rotate_block`]): undone by
    /// the inverse rotation, which is exact since a rotation permutes squares and directions.
    Rotate {
        origin: Square,
        n: u8,
        quarter_turns: u8,
    },
    /// Two board units traded squares ([`Position::swap_units`]); undone by swapping back.
    Swap(UnitId, UnitId),
    /// A unit was queued at the back of the tomb on the square ([`Position::bury`]).
    TombPush(Square),
    /// The head of the tomb on the square left it ([`Position::unbury`]); it goes back to
    /// the front. `true` if the tomb entry was removed because its queue became empty and
    /// it held nothing else.
    TombPop(Square, UnitId, bool),
}

/// An old value kept on [`Journal::saved`], with where it goes back.
#[derive(Clone, Debug)]
pub(super) enum Saved {
    Status(UnitId, Status),
    Tomb(Square, Option<Tomb>),
    Wall(Square, Option<Wall>),
    Trap(Square, Option<Trap>),
    Bomb(Square, Option<Bomb>),
    Monad(Square, Option<Monad>),
    Effects(Square, Option<Effects>),
    Shadows(Square, Option<Shadows>),
    Pending(PendingList),
    Result(Option<Outcome>),
}

/// The undo journal: the entries, newest last, and the side stacks of old values (see
/// [`Change`]). Every `Change::Saved` entry has its value on `saved` and every
/// `Change::State` entry its value on `states`, in the same order, so reverting the
/// newest entry pops the top of its side stack.
#[derive(Debug)]
pub(super) struct Journal<S> {
    pub(super) changes: Vec<Change>,
    pub(super) saved: Vec<Saved>,
    /// Old variant states with their hashes.
    pub(super) states: Vec<(S, u64)>,
}

impl<S> Journal<S> {
    pub(super) fn with_capacity(n: usize) -> Journal<S> {
        Journal {
            changes: Vec::with_capacity(n),
            saved: Vec::new(),
            states: Vec::new(),
        }
    }
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.changes.len()
    }
    #[inline]
    pub(super) fn push(&mut self, change: Change) {
        self.changes.push(change);
    }
    /// Records an old value kept on the side stack.
    #[inline]
    pub(super) fn save(&mut self, old: Saved) {
        self.saved.push(old);
        self.changes.push(Change::Saved);
    }
    /// Records an old variant state and its hash.
    #[inline]
    pub(super) fn save_state(&mut self, old: S, old_hash: u64) {
        self.states.push((old, old_hash));
        self.changes.push(Change::State);
    }
    pub(super) fn clear(&mut self) {
        self.changes.clear();
        self.saved.clear();
        self.states.clear();
    }
}

/// Where a position changed since a [`Mark`] ([`Position::touched_since`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Touched {
    /// Every square whose contents may differ from the mark's: the squares units left and
    /// reached (on the board, in shadow form or in a tomb), the squares of units whose
    /// kind, side or status changed, of changed side-table entries and marks, and every
    /// square of a turned block.
    pub squares: Bitboard,
    /// The variant state, the pending list or the result changed (these name no square).
    pub global: bool,
    /// A unit off every square (carried, fused) changed, so `squares` may not say all.
    pub unplaced: bool,
}

/// A point in the journal to return to with [`Position::undo_to`].
///
/// Besides the journal length it holds the hash, the side to act and the move counters of
/// that point: `undo_to` sets these from the mark, so their changes need no journal entries
/// (they change on every action, and a few bytes in the mark are cheaper than entries).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    pub(super) len: usize,
    pub(super) hash: u64,
    pub(super) ply: u32,
    pub(super) turns: BySide<u32>,
    pub(super) to_move: Side,
}

impl<S: VariantState> Position<S> {
    /// The current journal point.
    #[inline]
    pub fn mark(&self) -> Mark {
        Mark {
            len: self.journal.len(),
            hash: self.hash,
            ply: self.ply,
            turns: self.turns,
            to_move: self.to_move,
        }
    }

    /// Undoes every change made since `mark`, restoring the exact state.
    pub fn undo_to(&mut self, mark: Mark) {
        while self.journal.len() > mark.len {
            let Some(change) = self.journal.changes.pop() else {
                break;
            };
            self.revert(change);
        }
        // Not journaled: restored from the mark (see `Mark`).
        self.hash = mark.hash;
        self.ply = mark.ply;
        self.turns = mark.turns;
        self.to_move = mark.to_move;
    }

    /// Where the position changed since `mark`, read off the journal without undoing
    /// anything: a search can ask whether a tried decision reached the squares some test
    /// depends on. Cost: one pass over the entries since `mark`.
    pub fn touched_since(&self, mark: Mark) -> Touched {
        let mut t = Touched::default();
        let mut saved = self.journal.saved.len();
        let mut spawned = 0;
        let place = |t: &mut Touched, loc: Location| match loc {
            Location::Board(sq) | Location::Shadow(sq) | Location::Tomb(sq) => t.squares.set(sq),
            _ => t.unplaced = true,
        };
        for change in self.journal.changes[mark.len.min(self.journal.len())..]
            .iter()
            .rev()
        {
            match *change {
                Change::Loc(id, old) => {
                    place(&mut t, old);
                    place(&mut t, self.units[id.index()].loc);
                }
                Change::Kind(id, _) | Change::Side(id, _) | Change::Moved(id) => {
                    place(&mut t, self.units[id.index()].loc);
                }
                Change::Swap(a, b) => {
                    place(&mut t, self.units[a.index()].loc);
                    place(&mut t, self.units[b.index()].loc);
                }
                Change::Spawn => {
                    spawned += 1;
                    if let Some(u) = self
                        .units
                        .len()
                        .checked_sub(spawned)
                        .map(|i| &self.units[i])
                    {
                        place(&mut t, u.loc);
                    }
                }
                Change::Mark(_, sq) | Change::TombPush(sq) | Change::TombPop(sq, _, _) => {
                    t.squares.set(sq)
                }
                Change::State => t.global = true,
                Change::Rotate {
                    origin,
                    n,
                    quarter_turns,
                } => t.squares |= BlockRotation::build(origin, n, quarter_turns).block(),
                Change::Saved => {
                    saved -= 1;
                    match &self.journal.saved[saved] {
                        Saved::Status(id, _) => place(&mut t, self.units[id.index()].loc),
                        Saved::Tomb(sq, _)
                        | Saved::Wall(sq, _)
                        | Saved::Trap(sq, _)
                        | Saved::Bomb(sq, _)
                        | Saved::Monad(sq, _)
                        | Saved::Effects(sq, _)
                        | Saved::Shadows(sq, _) => t.squares.set(*sq),
                        Saved::Pending(_) | Saved::Result(_) => t.global = true,
                    }
                }
            }
        }
        t
    }

    /// Forgets the journal (a position loaded from a file starts with an empty one).
    /// Marks taken before are invalid afterwards.
    pub fn clear_journal(&mut self) {
        self.journal.clear();
    }

    /// Number of journal entries (for tests and memory checks).
    pub fn journal_len(&self) -> usize {
        self.journal.len()
    }

    pub(super) fn revert(&mut self, change: Change) {
        match change {
            Change::Loc(id, old) => {
                let cur = self.units[id.index()].loc;
                if let (Location::Board(from), Location::Board(to)) = (cur, old) {
                    // A board move taken back: the commonest case.
                    self.layer_shift(id, from, to);
                } else {
                    if let Location::Board(sq) = cur {
                        self.layer_remove(id, sq);
                    }
                    self.units[id.index()].loc = old;
                    self.count_fused(cur, old);
                    if let Location::Board(sq) = old {
                        self.layer_add(id, sq);
                    }
                }
            }
            Change::Kind(id, old) => self.rewrite_unit(id, |u| u.kind = old),
            Change::Moved(id) => {
                self.units[id.index()].status.moved = false;
                self.refresh_unmoved(id);
            }
            Change::Side(id, old) => self.rewrite_unit(id, |u| u.side = old),
            Change::Spawn => {
                self.units.pop();
            }
            Change::Mark(layer, sq) => self.marks[layer as usize].toggle(sq),
            Change::Saved => {
                // The side stacks move in step with the entries (see `Journal`).
                let saved = self.journal.saved.pop().expect("journal: saved value");
                self.restore(saved);
            }
            Change::State => {
                let (state, hash) = self.journal.states.pop().expect("journal: saved state");
                self.state = state;
                self.state_hash = hash;
            }
            Change::Rotate {
                origin,
                n,
                quarter_turns,
            } => {
                let back = BlockRotation::build(origin, n, (4 - quarter_turns) % 4);
                self.permute_block(&back);
            }
            Change::TombPush(sq) => self.tomb_pop_back(sq),
            Change::Swap(a, b) => {
                self.swap_raw(a, b);
            }
            Change::TombPop(sq, id, removed) => self.tomb_push_front(sq, id, removed),
        }
    }

    /// Puts an old value back (the hash is restored by `undo_to`).
    fn restore(&mut self, saved: Saved) {
        match saved {
            Saved::Status(id, old) => {
                self.units[id.index()].status = old;
                self.refresh_unmoved(id);
            }
            Saved::Tomb(sq, old) => {
                self.tombs.replace(sq, old);
            }
            Saved::Wall(sq, old) => {
                self.walls.replace(sq, old);
            }
            Saved::Trap(sq, old) => {
                self.traps.replace(sq, old);
            }
            Saved::Bomb(sq, old) => {
                self.bombs.replace(sq, old);
            }
            Saved::Monad(sq, old) => {
                self.monads.replace(sq, old);
            }
            Saved::Effects(sq, old) => {
                self.effects.replace(sq, old);
            }
            Saved::Shadows(sq, old) => {
                self.shadows.replace(sq, old);
                self.refresh_shadow_bits(sq);
            }
            Saved::Pending(p) => self.pending = p,
            Saved::Result(r) => self.result = r,
        }
    }
}
