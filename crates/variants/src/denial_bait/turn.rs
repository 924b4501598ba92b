//! The structure of a turn: which actions a movement is made of (DB-BASE-03, DB-BASE-06:
//! both steps of a two-step King movement and every link of a chain disguise are actions
//! of their own) and how they combine back into the movement.
//!
//! Uses [`super::base`], [`super::context`] and the piece modules that define multi-action
//! movements ([`super::king`], [`super::disguise`]). The listing, `perform` and the
//! [`frozen_core::Rules`] implementation use it.

use super::base::*;
use super::context::arg;
use super::{disguise, king};
use frozen_core::{Action, ActionKind};

pub(super) fn choose(n: u16) -> Action {
    Action::new(ActionKind::Choose, &[]).with_arg(n)
}

/// The actions a movement is made of, in order (DB-BASE-03, DB-BASE-06): both steps of a
/// two-step King movement (castling included) and every link of a chain disguise are actions
/// of their own; every other movement is one action.
pub fn movement_links(b: &Board, a: &Action) -> king::Links {
    match a.kind {
        ActionKind::Swap => disguise::links(a),
        ActionKind::Move if is_king_move(b, a) => king::links(a),
        _ => smallvec::smallvec![a.clone()],
    }
}

/// The movement made of the actions `links` (the inverse of [`movement_links`]): two `Move`
/// actions are a King's two steps, `Swap` actions the links of a chain disguise.
pub fn combine_links(links: &[Action]) -> Option<Action> {
    match links {
        [] => None,
        [one] => Some(one.clone()),
        [first, second] if first.kind == ActionKind::Move => king::combine(first, second),
        _ => disguise::combine(links),
    }
}

/// True if `a` moves a King of the board (a King movement or its first step).
pub(super) fn is_king_move(b: &Board, a: &Action) -> bool {
    a.kind == ActionKind::Move
        && a.path.first().and_then(|&s| from_sq(s)).is_some_and(|s| {
            b.stk[s as usize]
                .get(arg::mover(a.arg))
                .is_some_and(|&i| b.pcs[i as usize].kind == KING)
        })
}

/// True if a movement that starts with action `a` may go on with further actions: a King's
/// first step (or castling), the first link of a disguise.
pub(super) fn starts_multi(b: &Board, a: &Action) -> bool {
    a.kind == ActionKind::Swap || is_king_move(b, a)
}

/// True if the movement made of `links` cannot go on: a King's second step, the last link a
/// chain disguise may have.
pub(super) fn links_complete(links: &[Action]) -> bool {
    match links.first() {
        Some(f) if f.kind == ActionKind::Swap => links.len() >= disguise::MAX_LINKS,
        Some(_) => links.len() >= 2,
        None => true,
    }
}

/// True if the actions of movement `a` start with `prefix`.
pub(super) fn has_prefix(b: &Board, a: &Action, prefix: &[Action]) -> bool {
    let Some(p0) = prefix.first() else {
        return true;
    };
    if a.kind != p0.kind || a.path.first() != p0.path.first() {
        return false;
    }
    let links = movement_links(b, a);
    links.len() >= prefix.len() && links[..prefix.len()] == *prefix
}
