//! Threefold repetition (DB-FIDE-07): what "the same position" means for the draw.
//!
//! Repetition compares the full state: every unit with its place and status, the side to
//! act, the pending decisions, the denial right, the immunity, the forbidden identity, en
//! passant, the forced response, the turn in progress, the last completed turn with the
//! snapshot a denial would restore, a waiting verdict and the result. It leaves out the
//! counters that only ever grow: the position's ply and turn counters (as the core does),
//! the turn counters stored in the snapshots, and the 50-move clock (in the game fields
//! and in the snapshots), which FIDE does not count as part of a position either. With
//! those counted, no position could ever occur twice (issue 22 found the draw
//! unreachable).

use super::base::DbState;
use frozen_core::{same_except_counters, Position};

type DbPosition = Position<DbState>;

/// The state with its counters cleared (the 50-move clock and the snapshots' turn
/// counters).
fn without_counters(st: &DbState) -> DbState {
    let mut s = st.clone();
    s.game.halfmove = 0;
    // A snapshot is rebuilt, not edited: it carries the hash of its fields.
    if let Some(snap) = s.turn.start.as_mut() {
        *snap = snap.without_counters();
    }
    if let Some(last) = s.last.as_mut() {
        last.snap = last.snap.without_counters();
    }
    s
}

/// A copy of the position with its counters cleared.
fn normalised(pos: &DbPosition) -> DbPosition {
    let mut p = pos.clone();
    p.set_state(without_counters(pos.state()));
    p
}

/// True if two positions are the same for repetition (DB-FIDE-07).
pub fn same_for_repetition(a: &DbPosition, b: &DbPosition) -> bool {
    same_except_counters(&normalised(a), &normalised(b))
}

/// The repetition key: the hash of the position with its counters cleared, so that
/// positions that [`same_for_repetition`] finds equal file under the same key.
pub fn repetition_key(pos: &DbPosition) -> u64 {
    normalised(pos).hash()
}
