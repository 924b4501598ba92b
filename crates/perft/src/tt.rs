//! A transposition table for perft, shared by the threads of one run.
//!
//! Entries are found by `pos.hash()`, the remaining depth and the mode, and
//! confirmed by comparing the stored position with the probed one for exact
//! equality (`Position: Eq` compares the whole state, including the ply and
//! turn counters), so a hash collision can never change a count.
//!
//! Each slot has its own lock (no contention to speak of on a few cores). A
//! store clones the position, which allocates: the table is only consulted at
//! nodes with at least two plies (or two turns) left, a small share of the
//! nodes, and it is off unless asked for (`--hash MB`).

use crate::search::Mode;
use frozen_core::{Position, VariantState};
use std::sync::{Mutex, MutexGuard};

#[derive(Debug)]
struct Entry<S> {
    hash: u64,
    depth: u32,
    mode: Mode,
    count: u64,
    pos: Position<S>,
}

/// The table. See the module documentation.
#[derive(Debug)]
pub(crate) struct Tt<S> {
    slots: Vec<Mutex<Option<Box<Entry<S>>>>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A thread that panicked while holding a slot leaves a complete entry or none: keep using it.
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl<S: VariantState> Tt<S> {
    /// A table of about `megabytes` MiB for positions like `sample`; `None` for 0.
    pub(crate) fn with_megabytes(megabytes: usize, sample: &Position<S>) -> Option<Tt<S>> {
        if megabytes == 0 {
            return None;
        }
        let per_entry = Self::entry_bytes(sample);
        let bytes = megabytes.saturating_mul(1 << 20);
        let n = (bytes / per_entry).max(1);
        let mut slots = Vec::with_capacity(n);
        slots.resize_with(n, || Mutex::new(None));
        Some(Tt { slots })
    }

    /// Estimated bytes per filled slot: the slot, the boxed entry and the position's heap data.
    fn entry_bytes(sample: &Position<S>) -> usize {
        let heap = std::mem::size_of_val(sample.units())
            + 64 * (sample.tombs().len()
                + sample.walls().len()
                + sample.traps().len()
                + sample.bombs().len()
                + sample.monads().len()
                + sample.effects().len()
                + sample.shadows().len());
        std::mem::size_of::<Mutex<Option<Box<Entry<S>>>>>()
            + std::mem::size_of::<Entry<S>>()
            + heap
            + 32
    }

    /// Number of slots.
    pub(crate) fn len(&self) -> usize {
        self.slots.len()
    }

    #[inline]
    fn index(&self, hash: u64, depth: u32, mode: Mode) -> usize {
        let salt = u64::from(depth).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (mode as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        let mut h = hash ^ salt;
        h ^= h >> 33;
        h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        h ^= h >> 33;
        ((u128::from(h) * self.slots.len() as u128) >> 64) as usize
    }

    /// The stored count of `pos` at this depth and mode, if an entry for exactly this position is there.
    pub(crate) fn probe(&self, pos: &Position<S>, depth: u32, mode: Mode) -> Option<u64> {
        let slot = self.slots.get(self.index(pos.hash(), depth, mode))?;
        let guard = lock(slot);
        match guard.as_deref() {
            Some(e)
                if e.hash == pos.hash() && e.depth == depth && e.mode == mode && e.pos == *pos =>
            {
                Some(e.count)
            }
            _ => None,
        }
    }

    /// Stores a count, replacing whatever the slot held.
    pub(crate) fn store(&self, pos: &Position<S>, depth: u32, mode: Mode, count: u64) {
        let Some(slot) = self.slots.get(self.index(pos.hash(), depth, mode)) else {
            return;
        };
        let entry = Entry {
            hash: pos.hash(),
            depth,
            mode,
            count,
            pos: pos.clone(),
        };
        let mut guard = lock(slot);
        match guard.as_deref_mut() {
            Some(e) => *e = entry,
            None => *guard = Some(Box::new(entry)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use frozen_core::{Kind, Location, Shape, Side, Square, Status};

    fn sample() -> Position<()> {
        let mut p = Position::empty(Shape::EIGHT, ());
        p.add_unit(
            Kind(0),
            Side::White,
            Location::Board(Square::new(4, 0)),
            Status::default(),
        );
        p.clear_journal();
        p
    }

    #[test]
    fn a_hit_needs_the_exact_position_depth_and_mode() {
        let tt = Tt::with_megabytes(1, &sample()).expect("a table");
        let pos = sample();
        tt.store(&pos, 3, Mode::Actions, 42);
        assert_eq!(tt.probe(&pos, 3, Mode::Actions), Some(42));
        assert_eq!(tt.probe(&pos, 2, Mode::Actions), None);
        assert_eq!(tt.probe(&pos, 3, Mode::Turns), None);
        // Same hash (the hash leaves the counters out), different state: no hit.
        let mut later = pos.clone();
        later.set_ply(7);
        assert_eq!(later.hash(), pos.hash());
        assert_eq!(tt.probe(&later, 3, Mode::Actions), None);
    }

    #[test]
    fn zero_megabytes_is_no_table() {
        assert!(Tt::with_megabytes(0, &sample()).is_none());
        assert!(Tt::with_megabytes(1, &sample()).is_some_and(|t| t.len() > 0));
    }
}
