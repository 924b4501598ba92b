//! Tomb queues kept consistent with unit locations ([`Position::bury`],
//! [`Position::unbury`], [`Position::merge_tombs`]).
//!
//! Owns: the first-in-first-out queue of dead units on a square and the rule that a unit is
//! `Location::Tomb(sq)` exactly when it is in the queue on `sq`. Uses: the position's private
//! fields (child module of `position`). Queues are edited in place with small journal
//! entries; no tomb is cloned to bury or respawn one unit.

use super::{Change, Position, VariantState};
use crate::square::Square;
use crate::tables::Tomb;
use crate::unit::{Location, UnitId};
use crate::zobrist::{item_hash, Tag};

impl<S: VariantState> Position<S> {
    /// Puts unit `id` at the back of the tomb queue on `sq` (creating the tomb if the square
    /// has none) and locates it there. The unit leaves wherever it was (usually the board).
    pub fn bury(&mut self, id: UnitId, sq: Square) {
        if self.units[id.index()].loc == Location::Tomb(sq) {
            return;
        }
        if let Location::Tomb(other) = self.units[id.index()].loc {
            // Moving between tombs: leave the old queue first.
            self.remove_from_tomb(other, id);
        }
        self.relocate(id, Location::Tomb(sq));
        if self.tombs.get(sq).is_none() {
            let mut t = Tomb::default();
            t.queue.push(id);
            self.set_tomb(sq, Some(t));
            return;
        }
        self.tomb_edit(sq, |t| t.queue.push(id));
        self.journal.push(Change::TombPush(sq));
    }

    /// Takes the oldest unit out of the tomb queue on `sq` and puts it at `to` (a square
    /// for a respawn, or any other location); returns it, or `None` for no queue. A tomb
    /// whose queue empties is removed unless it keeps other data (explosions, rot, the
    /// open flag).
    pub fn unbury(&mut self, sq: Square, to: Location) -> Option<UnitId> {
        let id = *self.tombs.get(sq)?.queue.first()?;
        self.tomb_edit(sq, |t| {
            t.queue.remove(0);
        });
        let removed = self.tombs.get(sq).is_some_and(|t| *t == Tomb::default());
        if removed {
            self.hash ^= item_hash(Tag::Tomb, sq.index() as u32, &Tomb::default());
            self.tombs.replace(sq, None);
        }
        self.journal.push(Change::TombPop(sq, id, removed));
        // The unit is no longer queued: its location must change with it.
        self.units[id.index()].loc = Location::Dead;
        self.hash ^= Self::loc_hash(
            id,
            self.units[id.index()].kind,
            self.units[id.index()].side,
            Location::Tomb(sq),
        ) ^ Self::loc_hash(
            id,
            self.units[id.index()].kind,
            self.units[id.index()].side,
            Location::Dead,
        );
        self.journal.push(Change::Loc(id, Location::Tomb(sq)));
        self.relocate(id, to);
        Some(id)
    }

    /// Merges the tomb on `from` into the tomb on `into`: `into`'s queue keeps its order and
    /// `from`'s units follow in theirs; their locations follow. The explosion counts add up,
    /// the rot counter and the open flag are `into`'s if it had a tomb, else `from`'s.
    /// `from`'s tomb is removed. Nothing happens if `from` has no tomb or `from == into`.
    pub fn merge_tombs(&mut self, into: Square, from: Square) {
        if from == into {
            return;
        }
        let Some(src) = self.tombs.get(from).cloned() else {
            return;
        };
        let mut dst = self.tombs.get(into).cloned().unwrap_or(Tomb {
            rot: src.rot,
            open: src.open,
            ..Tomb::default()
        });
        dst.explosions = dst.explosions.saturating_add(src.explosions);
        dst.queue.extend(src.queue.iter().copied());
        self.set_tomb(from, None);
        // Locations move one by one; the queue is complete once they all have.
        for id in src.queue.iter() {
            let u = &self.units[id.index()];
            let (kind, side) = (u.kind, u.side);
            self.hash ^= Self::loc_hash(*id, kind, side, Location::Tomb(from))
                ^ Self::loc_hash(*id, kind, side, Location::Tomb(into));
            self.units[id.index()].loc = Location::Tomb(into);
            self.journal.push(Change::Loc(*id, Location::Tomb(from)));
        }
        self.set_tomb(into, Some(dst));
    }

    /// Edits the tomb on `sq` in place with its hash (no journal entry: the callers add one).
    fn tomb_edit(&mut self, sq: Square, f: impl FnOnce(&mut Tomb)) {
        let key = sq.index() as u32;
        if let Some(t) = self.tombs.get_mut(sq) {
            self.hash ^= item_hash(Tag::Tomb, key, &*t);
            f(t);
            self.hash ^= item_hash(Tag::Tomb, key, &*t);
        }
    }

    /// Takes `id` out of the queue on `sq` wherever it stands (journaled as a whole-tomb
    /// change: rare, used when a unit moves between tombs).
    fn remove_from_tomb(&mut self, sq: Square, id: UnitId) {
        if let Some(mut t) = self.tombs.get(sq).cloned() {
            t.queue.retain(|x| *x != id);
            let keep = t != Tomb::default();
            self.set_tomb(sq, keep.then_some(t));
        }
    }

    /// Undo of [`Position::bury`]'s in-place push (hash restored by `undo_to`).
    pub(super) fn tomb_pop_back(&mut self, sq: Square) {
        if let Some(t) = self.tombs.get_mut(sq) {
            t.queue.pop();
        }
    }

    /// Undo of [`Position::unbury`]'s pop (hash restored by `undo_to`).
    pub(super) fn tomb_push_front(&mut self, sq: Square, id: UnitId, removed: bool) {
        if removed {
            self.tombs.replace(sq, Some(Tomb::default()));
        }
        if let Some(t) = self.tombs.get_mut(sq) {
            t.queue.insert(0, id);
        }
    }
}
