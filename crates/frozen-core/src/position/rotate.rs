//! Block rotation of a whole position ([`Position::rotate_block`]).
//!
//! Owns: moving every layer's content of an n x n block to its rotated square, and turning
//! the core-typed values stored with it, in one journal entry and without allocation.
//! Uses: the position's private fields (child module of `position`), `BlockRotation`.

use super::{Change, Position, VariantState, NO_UNIT};
use crate::geometry::BlockRotation;
use crate::square::Square;
use crate::tables::{Effects, Monad, SquareTable};
use crate::unit::{Location, UnitId};
use crate::zobrist::{item_hash, piece_key, Tag};
use std::hash::Hash;

impl<S: VariantState> Position<S> {
    /// Rotates a square block of the board (see [`crate::geometry::block_rotation`]).
    ///
    /// Every unit standing in the block moves to its rotated square, and so do the shadows
    /// on its squares (with their arrival order), the units in its tombs, every side-table
    /// entry keyed by one of its squares, the square marks and the per-side shadow sets.
    /// The values the core knows the meaning of turn with the block: the aim of each unit
    /// in the block ([`crate::Status::aim`]), each effect's direction and linked square,
    /// and a monad's recorded squares and return square (squares inside the block are
    /// mapped, squares outside stay). Anything a variant keeps in its own state is the
    /// variant's to turn, with [`Position::update_state`] right after this call.
    ///
    /// One journal entry, no allocation: [`Position::undo_to`] applies the inverse
    /// rotation, which restores the position exactly (a rotation permutes squares and
    /// directions). The hash is updated incrementally. A rotation of zero quarter turns
    /// changes nothing and records nothing.
    pub fn rotate_block(&mut self, rot: &BlockRotation) {
        if rot.quarter_turns() == 0 {
            return;
        }
        self.permute_block(rot);
        self.journal.push(Change::Rotate {
            origin: rot.origin(),
            n: rot.size(),
            quarter_turns: rot.quarter_turns(),
        });
    }

    /// Applies `rot` to every layer and rehashes what moved (no journal entry: used by
    /// [`Position::rotate_block`] and, with the inverse, by the journal's undo).
    pub(super) fn permute_block(&mut self, rot: &BlockRotation) {
        let block = rot.block();
        // Board units: the mailbox of the block, read first (at most 8x8 = 64 squares).
        let mut held = [NO_UNIT; 64];
        for (slot, sq) in held.iter_mut().zip(block.iter()) {
            *slot = self.mailbox[sq.index()];
            self.mailbox[sq.index()] = NO_UNIT;
        }
        for (i, sq) in block.iter().enumerate() {
            let raw = held[i];
            if raw == NO_UNIT {
                continue;
            }
            let to = rot.map(sq);
            self.mailbox[to.index()] = raw;
            let id = UnitId(raw);
            let (kind, side) = {
                let u = &self.units[id.index()];
                (u.kind, u.side)
            };
            self.hash ^= piece_key(kind, side, sq) ^ piece_key(kind, side, to);
            self.units[id.index()].loc = Location::Board(to);
            self.turn_aim(id, rot);
        }
        for bb in self.by_side.iter_mut() {
            *bb = rot.apply(*bb);
        }
        for bb in self.by_kind.iter_mut() {
            *bb = rot.apply(*bb);
        }
        for bb in self.shadow_bb.iter_mut() {
            *bb = rot.apply(*bb);
        }
        self.unmoved = rot.apply(self.unmoved);
        // Units off the board but tied to a square of the block: shadows and tomb queues.
        let mut hash = self.hash;
        let units = &mut self.units;
        self.shadows.permute(
            block,
            |sq| rot.map(sq),
            |from, to, list| {
                hash ^= item_hash(Tag::Shadows, from.index() as u32, &*list)
                    ^ item_hash(Tag::Shadows, to.index() as u32, &*list);
                for id in list.iter() {
                    let u = &mut units[id.index()];
                    hash ^= Self::loc_hash(*id, u.kind, u.side, u.loc);
                    u.loc = Location::Shadow(to);
                    hash ^= Self::loc_hash(*id, u.kind, u.side, u.loc);
                }
            },
        );
        self.tombs.permute(
            block,
            |sq| rot.map(sq),
            |from, to, tomb| {
                hash ^= item_hash(Tag::Tomb, from.index() as u32, &*tomb)
                    ^ item_hash(Tag::Tomb, to.index() as u32, &*tomb);
                for id in tomb.queue.iter() {
                    let u = &mut units[id.index()];
                    hash ^= Self::loc_hash(*id, u.kind, u.side, u.loc);
                    u.loc = Location::Tomb(to);
                    hash ^= Self::loc_hash(*id, u.kind, u.side, u.loc);
                }
            },
        );
        self.hash = hash;
        // Shadows turn their aim too.
        for sq in (self.shadows.mask() & block).iter() {
            let n = self.shadows.get(sq).map_or(0, |l| l.len());
            for k in 0..n {
                let id = self.shadows.get(sq).map(|l| l[k]);
                if let Some(id) = id {
                    self.turn_aim(id, rot);
                }
            }
        }
        rekey(&mut self.walls, rot, Tag::Wall, &mut self.hash, |_| {});
        rekey(&mut self.traps, rot, Tag::Trap, &mut self.hash, |_| {});
        rekey(&mut self.bombs, rot, Tag::Bomb, &mut self.hash, |_| {});
        rekey(
            &mut self.monads,
            rot,
            Tag::Monad,
            &mut self.hash,
            |m: &mut Monad| {
                for step in m.program.iter_mut() {
                    step.from = rot.map(step.from);
                    step.to = rot.map(step.to);
                }
                m.ret = m.ret.map(|r| rot.map(r));
            },
        );
        rekey(
            &mut self.effects,
            rot,
            Tag::Effects,
            &mut self.hash,
            |list: &mut Effects| {
                for e in list.iter_mut() {
                    e.dir = e.dir.map(|d| rot.turn_dir(d));
                    e.link = e.link.map(|l| rot.map(l));
                }
            },
        );
        for layer in 0..self.marks.len() {
            let before = self.marks[layer];
            let after = rot.apply(before);
            for sq in (before ^ after).iter() {
                self.hash ^= Self::mark_hash(layer, sq);
            }
            self.marks[layer] = after;
        }
    }

    /// Turns the aim of unit `id` with the block (status rehashed).
    #[inline]
    fn turn_aim(&mut self, id: UnitId, rot: &BlockRotation) {
        let st = &mut self.units[id.index()].status;
        if let Some(d) = st.aim {
            let old = Self::status_hash_of(id, st);
            st.aim = Some(rot.turn_dir(d));
            self.hash ^= old ^ Self::status_hash_of(id, st);
        }
    }
}

/// Moves the entries of `table` keyed in the block to their rotated squares, turning each
/// value with `turn` and rehashing it under its new key.
fn rekey<T: Hash>(
    table: &mut SquareTable<T>,
    rot: &BlockRotation,
    tag: Tag,
    hash: &mut u64,
    turn: impl Fn(&mut T),
) {
    table.permute(
        rot.block(),
        |sq: Square| rot.map(sq),
        |from, to, v| {
            *hash ^= item_hash(tag, from.index() as u32, &*v);
            turn(v);
            *hash ^= item_hash(tag, to.index() as u32, &*v);
        },
    );
}
