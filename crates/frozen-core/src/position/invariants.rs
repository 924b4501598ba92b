//! The core invariants of a [`Position`] ([`Position::check_invariants`]).
//!
//! Owns: the one definition of a consistent position, used by loaders, property tests and
//! the reliability harness. Uses: the position's private fields (child module).

use super::{Position, VariantState, NO_UNIT};
use crate::bitboard::Bitboard;
use crate::unit::{Location, UnitId, MAX_KINDS};
use crate::zobrist::{item_hash, Tag};

impl<S: VariantState> Position<S> {
    /// Checks the core invariants: layers agree with the unit table, every unit is in exactly
    /// one place, tomb queues and tomb locations agree, carried slots are unique, shadows agree,
    /// everything lies on the board, and the hash equals the from-scratch hash.
    /// Returns every problem found.
    pub fn check_invariants(&self) -> Vec<String> {
        let mut errs = Vec::new();
        let mut by_side = [Bitboard::EMPTY; 2];
        let mut by_kind = [Bitboard::EMPTY; MAX_KINDS];
        let mut mailbox = [NO_UNIT; 256];
        let mask = self.shape.mask();
        let n = self.units.len();
        for (i, u) in self.units.iter().enumerate() {
            if u.kind.index() >= MAX_KINDS {
                errs.push(format!("unit #{i}: kind {} out of range", u.kind.0));
                continue;
            }
            match u.loc {
                Location::Board(sq) => {
                    if !mask.contains(sq) {
                        errs.push(format!("unit #{i}: on {sq}, off the board"));
                    }
                    if mailbox[sq.index()] != NO_UNIT {
                        errs.push(format!(
                            "unit #{i}: on {sq}, already held by #{}",
                            mailbox[sq.index()]
                        ));
                    }
                    mailbox[sq.index()] = i as u16;
                    by_side[u.side.index()].set(sq);
                    by_kind[u.kind.index()].set(sq);
                }
                Location::Shadow(sq) => {
                    if !self
                        .shadows
                        .get(sq)
                        .is_some_and(|l| l.contains(&UnitId(i as u16)))
                    {
                        errs.push(format!(
                            "unit #{i}: shadow on {sq} but not in that square's shadow list"
                        ));
                    }
                }
                Location::Tomb(sq) => {
                    if !self
                        .tombs
                        .get(sq)
                        .is_some_and(|t| t.queue.contains(&UnitId(i as u16)))
                    {
                        errs.push(format!(
                            "unit #{i}: in the tomb on {sq} but not in its queue"
                        ));
                    }
                }
                Location::Carried { by, slot } | Location::Fused { base: by, slot } => {
                    if by.index() >= n || by.index() == i {
                        errs.push(format!("unit #{i}: carried or fused by unknown unit {by}"));
                    } else if self
                        .units
                        .iter()
                        .enumerate()
                        .any(|(j, o)| j != i && o.loc == u.loc)
                    {
                        errs.push(format!(
                            "unit #{i}: shares slot {slot} of {by} with another unit"
                        ));
                    }
                }
                Location::Exiled | Location::Captured(_) | Location::Dead | Location::Pool => {}
            }
        }
        // Units seen in some tomb queue: a unit-indexed set as long as the unit table
        // (`bitvec`: a board bitboard cannot index units), so a unit queued twice, in one
        // tomb or in two, is found in one pass.
        let mut queued = bitvec::vec::BitVec::<usize>::repeat(false, n);
        for (sq, t) in self.tombs.iter() {
            if !mask.contains(sq) {
                errs.push(format!("tomb on {sq}: off the board"));
            }
            for (k, id) in t.queue.iter().enumerate() {
                if id.index() >= n || self.units[id.index()].loc != Location::Tomb(sq) {
                    errs.push(format!(
                        "tomb on {sq}: queue entry {k} ({id}) is not located in this tomb"
                    ));
                }
                if let Some(mut bit) = queued.get_mut(id.index()) {
                    if *bit {
                        errs.push(format!("tomb on {sq}: {id} is queued twice"));
                    }
                    *bit = true;
                }
            }
        }
        for (sq, l) in self.shadows.iter() {
            for id in l {
                if id.index() >= n || self.units[id.index()].loc != Location::Shadow(sq) {
                    errs.push(format!(
                        "shadows on {sq}: {id} is not a shadow on this square"
                    ));
                }
            }
        }
        let offboard = |name: &str, sqs: Bitboard, errs: &mut Vec<String>| {
            for sq in (sqs - mask).iter() {
                errs.push(format!("{name} on {sq}: off the board"));
            }
        };
        offboard("wall", self.walls.mask(), &mut errs);
        offboard("trap", self.traps.mask(), &mut errs);
        offboard("bomb", self.bombs.mask(), &mut errs);
        offboard("monad", self.monads.mask(), &mut errs);
        offboard("effect", self.effects.mask(), &mut errs);
        offboard("shadow", self.shadows.mask(), &mut errs);
        for (layer, bb) in self.marks.iter().enumerate() {
            offboard(&format!("mark layer {layer}"), *bb, &mut errs);
        }
        let unit_ref = |what: String, id: UnitId, errs: &mut Vec<String>| {
            if id.index() >= n {
                errs.push(format!("{what}: refers to unknown unit {id}"));
            }
        };
        for (sq, w) in self.walls.iter() {
            unit_ref(format!("wall on {sq}"), w.creator, &mut errs);
        }
        for (sq, t) in self.traps.iter() {
            unit_ref(format!("trap on {sq}"), t.owner, &mut errs);
            if let Some(h) = t.held {
                unit_ref(format!("trap on {sq}"), h, &mut errs);
            }
        }
        for (sq, b) in self.bombs.iter() {
            unit_ref(format!("bomb on {sq}"), b.owner, &mut errs);
        }
        for (sq, m) in self.monads.iter() {
            unit_ref(format!("monad on {sq}"), m.unit, &mut errs);
        }
        let mut shadow_bb = [Bitboard::EMPTY; 2];
        for (sq, l) in self.shadows.iter() {
            for id in l {
                if let Some(u) = self.units.get(id.index()) {
                    shadow_bb[u.side.index()].set(sq);
                }
            }
        }
        let fused = self
            .units
            .iter()
            .filter(|u| matches!(u.loc, Location::Fused { .. }))
            .count();
        if fused != usize::from(self.fused_count) {
            errs.push("the count of fused units disagrees with the unit table".to_string());
        }
        let unmoved = self
            .units
            .iter()
            .filter(|u| !u.status.moved)
            .filter_map(|u| u.loc.square())
            .fold(Bitboard::EMPTY, |m, sq| m | Bitboard::from_square(sq));
        if unmoved != self.unmoved {
            errs.push("the unmoved layer disagrees with the units' statuses".to_string());
        }
        if shadow_bb != self.shadow_bb {
            errs.push("per-side shadow sets disagree with the shadow lists".to_string());
        }
        if by_side != self.by_side || by_kind != self.by_kind || mailbox != self.mailbox {
            errs.push("placement layers disagree with the unit table".to_string());
        }
        if self.hash != self.compute_hash() {
            errs.push("incremental hash differs from the from-scratch hash".to_string());
        }
        if self.state_hash != item_hash(Tag::State, 0, &self.state) {
            errs.push("kept variant-state hash differs from the state's hash".to_string());
        }
        errs
    }
}
