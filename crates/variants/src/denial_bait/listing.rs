//! Listing the movements of a turn: the legal ordinary movements, the bait free movements
//! (DB-BAIT-03, DB-BAIT-04), the forced responses to a bait (DB-BAIT-05), the movement in
//! progress, the turn's mode and whether bait may be declared (DB-BAIT-01, DB-BAIT-10).
//!
//! Uses [`super::fide`] (pseudo-legal generation, check), [`super::legal`],
//! [`super::chain`] (outcomes of a forced response), [`super::bait`] and [`super::turn`].
//! `perform` and the [`frozen_core::Rules`] implementation use it.

use super::base::*;
use super::chain::for_outcomes;
use super::legal::{legal, Mode};
use super::turn::{combine_links, has_prefix, movement_links};
use super::{bait, fide};
use frozen_core::{Action, ActionKind, Side};

/// The complete movements the side to act may make in `mode` whose actions start with
/// `prefix` (all of them for an empty prefix), without the denied identity (DB-DENY-04);
/// stops at the first with `first_only`.
pub(super) fn collect_movements(
    b: &Board,
    st: &DbState,
    mode: TurnMode,
    prefix: &[Action],
    first_only: bool,
    out: &mut Vec<Action>,
) {
    // Looking for any one movement, the disguises (many, and rarely the only ones) are
    // generated only if nothing else is legal.
    let parts: &[(bool, bool)] = if first_only {
        &[(true, false), (false, true)]
    } else {
        &[(true, true)]
    };
    for &(main, disguises) in parts {
        collect_part(b, st, mode, prefix, first_only, main, disguises, out);
        if first_only && !out.is_empty() {
            return;
        }
    }
}

/// One part of [`collect_movements`] (see [`fide::pseudo_parts`]).
#[allow(clippy::too_many_arguments)]
pub(super) fn collect_part(
    b: &Board,
    st: &DbState,
    mode: TurnMode,
    prefix: &[Action],
    first_only: bool,
    main: bool,
    disguises: bool,
    out: &mut Vec<Action>,
) {
    let mut v = Vec::new();
    let all = mode == TurnMode::Forced && fide::has_raised(b, b.to_move);
    let (captures_only, castle) = if mode == TurnMode::Forced {
        (!all, false)
    } else {
        (false, true)
    };
    fide::pseudo_parts(
        b,
        b.to_move,
        &st.game.ep,
        captures_only,
        castle,
        main,
        disguises,
        u64::MAX,
        &mut v,
    );
    v.sort_unstable();
    v.dedup();
    let forbidden = st
        .forbidden
        .as_ref()
        .filter(|f| mode != TurnMode::Forced && f.bait == (mode == TurnMode::Bait))
        .and_then(|f| combine_links(&f.links));
    let baiter = b.to_move.opposite();
    for a in v {
        if forbidden.as_ref() == Some(&a) || !has_prefix(b, &a, prefix) {
            continue;
        }
        let ok = match mode {
            TurnMode::Normal => legal(b, &a, &st.game.ep, Mode::Normal),
            TurnMode::Bait => legal(b, &a, &st.game.ep, Mode::BaitFree),
            TurnMode::Forced => !for_outcomes(b, &a, &st.game.ep, None, true, &mut |_, ctx| {
                !ctx.king_taken[baiter.index()]
            }),
        };
        if ok {
            out.push(a);
            if first_only {
                return;
            }
        }
    }
}

/// The actions that start or continue the movements `full` after `done` of their actions:
/// each movement's next action, or `end` for a movement complete after `done` actions.
pub fn next_actions(b: &Board, full: &[Action], done: usize, out: &mut Vec<Action>) {
    let mut v: Vec<Action> = full
        .iter()
        .map(|a| {
            let mut links = movement_links(b, a);
            if links.len() > done {
                links.swap_remove(done)
            } else {
                Action::new(ActionKind::End, &[])
            }
        })
        .collect();
    v.sort_unstable();
    v.dedup();
    out.extend(v);
}

/// Legal ordinary movements of the side to act (complete routes, without the forbidden
/// identity).
pub fn legal_movements(b: &Board, st: &DbState, out: &mut Vec<Action>) {
    collect_movements(b, st, TurnMode::Normal, &[], false, out);
}

/// True if the side to act has at least one legal ordinary movement (stops at the first).
pub fn any_legal_movement(b: &Board, st: &DbState) -> bool {
    let mut v = Vec::new();
    collect_movements(b, st, TurnMode::Normal, &[], true, &mut v);
    !v.is_empty()
}

/// Bait free movements of the side to act (DB-BAIT-03, DB-BAIT-04), complete routes.
pub fn bait_movements(b: &Board, st: &DbState, out: &mut Vec<Action>) {
    collect_movements(b, st, TurnMode::Bait, &[], false, out);
}

/// Forced responses to a bait (DB-BAIT-05): movements that would capture the baited King
/// (complete routes).
pub fn forced_movements(b: &Board, st: &DbState, f: &Forced, out: &mut Vec<Action>) {
    debug_assert_eq!(f.baiter, b.to_move.opposite());
    collect_movements(b, st, TurnMode::Forced, &[], false, out);
}

/// The movements of the turn's mode that start with the movement in progress.
pub fn partial_movements(b: &Board, st: &DbState, p: &Partial, out: &mut Vec<Action>) {
    collect_movements(b, st, p.mode, &p.links, false, out);
}

/// The mode of the turn of the side to act: bait after a declaration, a forced response
/// while one is owed and possible, ordinary otherwise.
pub(super) fn turn_mode(b: &Board, st: &DbState) -> TurnMode {
    if st.turn.bait {
        return TurnMode::Bait;
    }
    if forced_owed(st, b.to_move).is_some() {
        let mut v = Vec::new();
        collect_movements(b, st, TurnMode::Forced, &[], true, &mut v);
        if !v.is_empty() {
            return TurnMode::Forced;
        }
    }
    TurnMode::Normal
}

/// True if the side to act may declare bait now (DB-BAIT-01, DB-BAIT-10); `escapes` is the
/// number of its legal ordinary movements.
pub fn can_declare(b: &Board, st: &DbState, escapes: usize) -> bool {
    let side = b.to_move;
    if st.turn.free_used
        || st.turn.bait
        || st.game.forced.as_ref().is_some_and(|f| f.baiter != side)
    {
        return false;
    }
    let Some(k) = b.king(side) else { return false };
    if !matches!(b.pcs[k].place, Place::Board(..)) || bait::targets(b, k).is_empty() {
        return false;
    }
    if !fide::in_check(b, side) {
        return false;
    }
    let mut frees = Vec::new();
    bait_movements(b, st, &mut frees);
    !frees.is_empty() && escapes + frees.len() != 1
}

pub(super) fn forced_owed(st: &DbState, side: Side) -> Option<&Forced> {
    st.game.forced.as_ref().filter(|f| f.baiter != side)
}
