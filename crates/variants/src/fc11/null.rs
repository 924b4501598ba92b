//! The null move (FC11-NULL-01..04, FC11-DRAW-01).
//!
//! * FC11-NULL-01: as its whole turn a player may play a null move (`pass`): nothing on
//!   the board changes, the turn passes and counts like any other (the owner-turn timers
//!   advance, FC11-TURN-17's move counter too). Every unit of the mover stays where it is,
//!   so it counts as idle for the rules of later parts that count idle turns.
//! * FC11-NULL-02 / FC11-DRAW-01: a null move played right after the opponent's null move
//!   draws the game (`"two null moves in a row"`): the state counts the nulls played in a
//!   row ([`super::base::Fc11State::nulls`]) and the end-of-ply checks
//!   ([`super::victory::after_ply`]) end the game when it reaches 2.
//! * FC11-NULL-03: the null move is listed only when the mover's King is not in check in
//!   the position where it would be played ([`super::turn::candidates`] asks the
//!   listing's maps), and, like every action, it must not leave the King attacked
//!   (FC11-TURN-15, judged after it). The two differ since Empower: after the null move
//!   the mover's paralysis counters have ticked, and a unit that wakes can threaten one
//!   of the two protectors of an enemy piece, which turns that guarded piece into an
//!   empowered one with a lent attack (FC11-EMPW-04), or threaten an only protector and
//!   take a lent attack away.
//! * FC11-NULL-04: it is not a legal action for the stalemate test
//!   ([`super::turn::has_legal_action`] looks at the units' actions only).
//!
//! Uses: the core position.

use super::base::Fc11Position;
use frozen_core::{Action, ActionKind, Event, EventSink};

/// The null move.
pub fn action() -> Action {
    Action::new(ActionKind::Pass, &[])
}

/// True if `a` is the null move.
#[inline]
pub fn is_null(a: &Action) -> bool {
    a.kind == ActionKind::Pass
}

/// Plays the null move's own part (FC11-NULL-01): it only counts the nulls in a row.
pub fn exec(pos: &mut Fc11Position, events: &mut dyn EventSink) {
    let n = pos.state().nulls.saturating_add(1).min(2);
    pos.update_state(|s| s.nulls = n);
    if events.wants() {
        events.push(Event::Note("null move".into()));
    }
}

/// Any other action ends a run of null moves.
#[inline]
pub fn reset(pos: &mut Fc11Position) {
    if pos.state().nulls != 0 {
        pos.update_state(|s| s.nulls = 0);
    }
}

/// True if the null moves just played draw the game (FC11-NULL-02, FC11-DRAW-01).
#[inline]
pub fn drawn(pos: &Fc11Position) -> bool {
    pos.state().nulls >= 2
}
