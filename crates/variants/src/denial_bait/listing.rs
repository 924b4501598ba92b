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
use super::turn::{combine_links, has_prefix, movement_links, starts_multi};
use super::{bait, disguise, fide};
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
    for_candidates(
        b,
        st,
        mode,
        prefix,
        main,
        disguises,
        !first_only,
        &mut |a| {
            if is_legal(b, st, mode, a) {
                out.push(a.clone());
                return first_only;
            }
            false
        },
    );
}

/// Calls `visit` with each candidate movement of one part of [`collect_movements`]
/// (pseudo-legal, sorted and without duplicates when `sorted`, without the forbidden
/// identity, starting with `prefix`), untested (see [`is_legal`]); stops when `visit`
/// returns true.
fn for_candidates(
    b: &Board,
    st: &DbState,
    mode: TurnMode,
    prefix: &[Action],
    main: bool,
    disguises: bool,
    sorted: bool,
    visit: &mut dyn FnMut(&Action) -> bool,
) {
    let mut v = Vec::new();
    let all = mode == TurnMode::Forced && fide::has_raised(b, b.to_move);
    let (captures_only, castle) = if mode == TurnMode::Forced {
        (!all, false)
    } else {
        (false, true)
    };
    // With a prefix only the movements that start where it starts can qualify.
    let from = prefix
        .first()
        .and_then(|p| p.path.first())
        .and_then(|&s| from_sq(s));
    fide::pseudo_from(
        b,
        b.to_move,
        &st.game.ep,
        captures_only,
        castle,
        main,
        disguises,
        u64::MAX,
        from,
        &mut v,
    );
    if sorted {
        v.sort_unstable();
        v.dedup();
    }
    let forbidden = forbidden_movement(st, mode);
    for a in &v {
        if forbidden.as_ref() == Some(a) || !has_prefix(b, a, prefix) {
            continue;
        }
        if visit(a) {
            return;
        }
    }
}

/// The movement the side may not repeat in `mode` (the denied identity, DB-DENY-04).
fn forbidden_movement(st: &DbState, mode: TurnMode) -> Option<Action> {
    st.forbidden
        .as_ref()
        .filter(|f| mode != TurnMode::Forced && f.bait == (mode == TurnMode::Bait))
        .and_then(|f| combine_links(&f.links))
}

/// The legality test of `mode` for movement `a` of the side to act.
fn is_legal(b: &Board, st: &DbState, mode: TurnMode, a: &Action) -> bool {
    match mode {
        TurnMode::Normal => legal(b, a, &st.game.ep, Mode::Normal),
        TurnMode::Bait => legal(b, a, &st.game.ep, Mode::BaitFree),
        TurnMode::Forced => {
            let baiter = b.to_move.opposite();
            !for_outcomes(b, a, &st.game.ep, None, true, &mut |_, ctx| {
                !ctx.king_taken[baiter.index()]
            })
        }
    }
}

/// The next actions of the legal movements of `mode` that start with `prefix` (what
/// [`collect_movements`] then [`next_actions`] after `prefix.len()` actions give), added to
/// `out`. A movement whose next action is already listed is not tested: one legal movement
/// per action is enough. Returns true if any movement is legal.
pub(super) fn collect_next(
    b: &Board,
    st: &DbState,
    mode: TurnMode,
    prefix: &[Action],
    out: &mut Vec<Action>,
) -> bool {
    let done = prefix.len();
    let start = out.len();
    // The next actions of movements that may have more than one action (a King's steps, the
    // links of a disguise): several movements share one, tested until one is legal.
    let mut shared: Vec<Action> = Vec::new();
    // From the start of a movement, the disguises are visited chain by chain below, so that
    // the chains after a first link already listed are not even generated.
    let lazy_disguises = done == 0;
    for_candidates(
        b,
        st,
        mode,
        prefix,
        true,
        !lazy_disguises,
        false,
        &mut |a| {
            if done == 0 && !starts_multi(b, a) {
                // A one-action movement is its own next action, listed by no other movement.
                if is_legal(b, st, mode, a) {
                    out.push(a.clone());
                }
            } else {
                let link = next_link(b, a, done);
                if !shared.contains(&link) && is_legal(b, st, mode, a) {
                    shared.push(link);
                }
            }
            false
        },
    );
    // As in `fide::pseudo_parts`: disguises are not captures, so a forced response has
    // them only when it may be any movement.
    if lazy_disguises && (mode != TurnMode::Forced || fide::has_raised(b, b.to_move)) {
        let forbidden = forbidden_movement(st, mode);
        for id in 0..b.pcs.len() {
            let p = b.pcs[id];
            if p.side != b.to_move || p.kind != PAWN || !matches!(p.place, Place::Board(..)) {
                continue;
            }
            disguise::visit_disguises(b, id, &mut |a| {
                if forbidden.as_ref() == Some(&a) {
                    return false;
                }
                let link = next_link(b, &a, 0);
                if shared.contains(&link) {
                    return true;
                }
                if is_legal(b, st, mode, &a) {
                    shared.push(link);
                    return true;
                }
                false
            });
        }
    }
    out.append(&mut shared);
    let listed = &mut out[start..];
    listed.sort_unstable();
    let n = dedup_sorted(listed);
    out.truncate(start + n);
    n > 0
}

/// Moves the distinct elements of sorted `v` to its front; returns their number.
fn dedup_sorted(v: &mut [Action]) -> usize {
    let mut n = 0;
    for i in 0..v.len() {
        if n == 0 || v[i] != v[n - 1] {
            v.swap(n, i);
            n += 1;
        }
    }
    n
}

/// The action of movement `a` after `done` of its actions, or `end` when it is complete.
fn next_link(b: &Board, a: &Action, done: usize) -> Action {
    let mut links = movement_links(b, a);
    if links.len() > done {
        links.swap_remove(done)
    } else {
        Action::new(ActionKind::End, &[])
    }
}

/// The actions that start or continue the movements `full` after `done` of their actions:
/// each movement's next action, or `end` for a movement complete after `done` actions.
pub fn next_actions(b: &Board, full: &[Action], done: usize, out: &mut Vec<Action>) {
    let mut v: Vec<Action> = full.iter().map(|a| next_link(b, a, done)).collect();
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
