//! Denial.
//!
//! Implements DB-DENY-01 (one right, held by one player; Black holds it at the start),
//! DB-DENY-02 (the holder may deny only the movement just played, as the first action of
//! its own turn; denying does not use up the denier's turn), DB-DENY-03 (the denied turn is
//! undone exactly: the state at its start is stored in the position, [`LastTurn::snap`],
//! and restored), DB-DENY-04 (the replacement must differ in identity, DB-BASE-06: route,
//! victims, choices and bait flag), DB-DENY-05 (the right passes to the denied player),
//! DB-DENY-06 (the denier's next movement, whatever its kind, cannot be denied; the
//! replacement cannot be denied either, its mover holding the right), DB-DENY-07 (a denied
//! player without another movement is mated or stalemated), DB-DENY-08 (only movements can
//! be denied, never a forced bait response), DB-DENY-09 (a denied bait turn may be replayed
//! as the same bait with another free movement, or as an escape), DB-DENY-10 (game-ending
//! movements can be denied: the result waits for the window, `deny` or `end`) and
//! DB-DENY-11 (knight movements without a path capture cannot be denied: no `deny` is
//! offered against them and the right stays).

use super::base::*;
use frozen_core::{Action, ActionKind, Position, Side};

/// True if a completed movement may be denied by its opponent.
pub fn deniable(
    st: &DbState,
    mover: Side,
    identity: &Identity,
    knight_plain: bool,
    forced_response: bool,
) -> bool {
    let _ = identity;
    st.denial != mover && st.immune != Some(mover) && !knight_plain && !forced_response
}

/// True if `side`, to act at the start of its turn, may deny the last movement.
pub fn can_deny(st: &DbState, side: Side) -> bool {
    st.denial == side
        && st.turn.inflight.is_none()
        && st.turn.partial.is_none()
        && !st.turn.converting
        && !st.turn.bait
        && !st.turn.free_used
        && st.turn.movement.is_none()
        && st
            .last
            .as_ref()
            .is_some_and(|l| l.deniable && l.mover != side)
}

/// The deny action.
pub fn deny_action() -> Action {
    Action::new(ActionKind::Deny, &[])
}

/// Performs a denial by the side to act: restores the start of the denied turn and moves
/// the right (DB-DENY-03, DB-DENY-05, DB-DENY-06).
pub fn perform_deny(pos: &mut Position<DbState>) -> bool {
    let denier = pos.to_move();
    let Some(last) = pos.state().last.clone() else {
        return false;
    };
    restore_snap(pos, &last.snap);
    let mut st = pos.state().clone();
    st.denial = last.mover;
    st.immune = Some(denier);
    st.forbidden = Some(last.movement.clone());
    st.game = last.snap.game().clone();
    st.turn = TurnFields {
        mover: last.mover,
        start: Some(last.snap.clone()),
        ..TurnFields::default()
    };
    st.last = None;
    st.verdict = None;
    pos.set_state(st);
    pos.set_pending(Default::default());
    true
}
