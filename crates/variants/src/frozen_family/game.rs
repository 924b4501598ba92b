//! A game as the shared mechanics see it ([`FamilyGame`]).
//!
//! Owns: the hooks a FrozenChess game implements so that the family's protection,
//! attack and whole-turn code can serve it. Uses: `tables`.

use super::tables::FamilyTables;
use frozen_core::{Action, Bitboard, EventSink, Position, Rules, Side, Square, UnitId};
use smallvec::SmallVec;

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
    /// check, and whatever else the game forbids as self-harm). `pos` is given back as it
    /// came (a game may end an open turn on it to judge, then undo).
    fn turn_safe(&self, pos: &mut Position<Self::State>, side: Side) -> bool;

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

    /// The squares a decision changes, for a decision that is a whole turn and whose only
    /// effect before the turn ends is to rearrange the contents of those squares (a block
    /// rotation, say); `None` for every other decision. With [`FamilyGame::turn_end_zone`]
    /// this lets the legality test of [`super::turn`] judge such decisions in bulk. The
    /// default: `None`.
    fn footprint(&self, pos: &Position<Self::State>, action: &Action) -> Option<Bitboard> {
        let _ = (pos, action);
        None
    }

    /// For the side to act with no turn under way: the verdict of
    /// [`FamilyGame::turn_safe`] on the position with the turn ended now and nothing
    /// played, and a zone holding every square whose contents that verdict may depend on
    /// and every square the turn's end may change. A decision whose
    /// [`FamilyGame::footprint`] misses the zone gets that verdict without being played.
    /// `None` (the default) when the game gives no zone. `pos` is left as it was.
    fn turn_end_zone(&self, pos: &mut Position<Self::State>) -> Option<TurnEndZone> {
        let _ = pos;
        None
    }

    /// The verdict on a decision whose [`FamilyGame::footprint`] meets the zone, if the
    /// game can give it without playing the decision (from the zone's parts, say); `None`
    /// to have it played. The default: `None`.
    fn verdict_unplayed(
        &self,
        pos: &Position<Self::State>,
        zone: &TurnEndZone,
        action: &Action,
    ) -> Option<bool> {
        let _ = (pos, zone, action);
        None
    }

    /// [`FamilyGame::turn_safe`] in a position reached from the zone's position
    /// ([`FamilyGame::turn_end_zone`]) by one decision and its probe
    /// ([`FamilyGame::exec_probe`]), which changed the contents of the squares `touched`
    /// only ([`frozen_core::Position::touched_since`]). The parts anchored on `skip` read
    /// none of the touched squares; the game may leave them out of its test where that
    /// keeps their answer (it decides what else must hold). The default tests everything.
    fn turn_safe_skipping(
        &self,
        pos: &mut Position<Self::State>,
        side: Side,
        skip: Bitboard,
        touched: Bitboard,
    ) -> bool {
        let _ = (skip, touched);
        self.turn_safe(pos, side)
    }
}

/// The parts of a [`TurnEndZone`]'s verdict: each anchored on a square (an enemy unit,
/// say), with every square its answer reads.
pub type Parts = SmallVec<[(Square, Bitboard); 64]>;

/// See [`FamilyGame::turn_end_zone`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnEndZone {
    /// The squares the verdict may read or the turn's end may change.
    pub zone: Bitboard,
    /// The verdict: the side to act is safe if its turn ends now with nothing played.
    pub safe: bool,
    /// The parts of the verdict that do not endanger the side when its turn ends now with
    /// nothing played, each with the squares it reads there (after the turn's end; parts
    /// that read a square the turn's end changes are left out). After any decision, a
    /// part that reads none of the squares the decision and its probe touched still does
    /// not endanger the side ([`FamilyGame::turn_safe_skipping`]).
    pub parts: Parts,
    /// The squares the turn's end, with nothing played, changes.
    pub ended: Bitboard,
}
