//! A game as the shared mechanics see it ([`FamilyGame`]).
//!
//! Owns: the hooks a FrozenChess game implements so that the family's protection,
//! attack and whole-turn code can serve it. Uses: `tables`.

use super::tables::FamilyTables;
use frozen_core::{Action, Bitboard, EventSink, Position, Rules, Side, Square, UnitId};

/// A FrozenChess game, as the shared mechanics see it.
pub trait FamilyGame: Rules {
    /// The game's tables.
    fn tables(&self) -> &FamilyTables;

    /// True if the unit is paralysed now (timers, presence, the game's other sources).
    fn is_paralyzed(&self, pos: &Position<Self::State>, id: UnitId) -> bool;

    /// Appends the candidate decisions of the side to act: every decision the movement
    /// rules allow, before the whole-turn legality test of [`super::turn`].
    fn candidates(&self, pos: &Position<Self::State>, out: &mut Vec<Action>);

    /// Performs one decision without the end-of-game tests.
    fn exec(&self, pos: &mut Position<Self::State>, action: &Action, events: &mut dyn EventSink);

    /// Performs a decision as [`FamilyGame::exec`] does, except that it may leave the turn
    /// open where `exec` would end it (a test that only decides whether the turn ends may
    /// be skipped). Legality uses it as a cheap first probe: when the mover is safe after
    /// the probe, the decision is legal whether or not the turn is over; otherwise the
    /// decision is performed again with `exec`. The default calls `exec`.
    fn exec_probe(&self, pos: &mut Position<Self::State>, action: &Action) {
        self.exec(pos, action, &mut frozen_core::NoEvents);
    }

    /// True if the decision needs no legality test (a pending choice that any completion
    /// of the turn allows).
    fn always_legal(&self, action: &Action) -> bool;

    /// True if the turn of the side that just acted is still open (more legs may follow).
    fn turn_open(&self, pos: &Position<Self::State>) -> bool;

    /// True if a decision only ends an open turn (`end`).
    fn is_end(&self, action: &Action) -> bool;

    /// True if `side`'s turn, ended now, is legal for `side` (its king alive and not in
    /// check, and whatever else the game forbids as self-harm).
    fn turn_safe(&self, pos: &Position<Self::State>, side: Side) -> bool;

    /// The squares of the units that may act now, each a group of candidates
    /// ([`FamilyGame::candidates_of`]), so that searches for any legal decision can stop
    /// early ([`super::turn::has_legal`]); `None` when the candidates cannot be split by unit
    /// (a pending choice, a turn under way). The default: `None`.
    fn acting_squares(&self, pos: &Position<Self::State>) -> Option<Bitboard> {
        let _ = pos;
        None
    }

    /// The candidates of the unit on `sq` when [`FamilyGame::acting_squares`] splits them.
    fn candidates_of(&self, pos: &Position<Self::State>, sq: Square, out: &mut Vec<Action>) {
        let _ = (pos, sq, out);
    }

    /// How many further legs a turn may still have after one that leaves it open: the
    /// bound of the completion search of [`super::turn`].
    fn legs_after(&self, pos: &Position<Self::State>) -> u32;
}
