//! The queen: FIDE movement, the all-round capture and revenge.
//!
//! Implements DB-QUEN-01 (moves and captures as in FIDE, see `fide.rs`), DB-QUEN-02
//! (all-round capture: a movement removing the ground piece of every adjacent square,
//! enemies captured, own pieces exiled, own pawns captured; at least one adjacent piece
//! required), DB-QUEN-03 (all-round instead of moving; a riding queen may do it, her own
//! stack is not hit), DB-QUEN-04 (adjacent stacks lose their ground rook, the riders fall),
//! DB-QUEN-05 (revenge when captured, not when exiled: all-round plus the ground piece of
//! her square), DB-QUEN-06 (revenge can capture an enemy King or exile her own) and
//! DB-QUEN-07 (revenge chains run depth-first and end: each piece is removed at most once).

use super::base::*;
use super::capture::remove;
use super::context::{Ctx, Queue, React, Stop};
use frozen_core::{Action, ActionKind, Event, Side};

/// Removes the ground piece of every square around `centre` (and of `centre` itself if
/// `with_centre`) on behalf of `side`, then runs their chain reactions in scan order.
pub fn all_round(
    b: &mut Board,
    ctx: &mut Ctx,
    centre: Sq,
    side: Side,
    with_centre: bool,
    react: React,
) -> Result<(), Stop> {
    let mut targets: smallvec::SmallVec<[Sq; 9]> = SCAN
        .iter()
        .filter_map(|&(df, dr)| off(centre, df, dr))
        .collect();
    if with_centre {
        targets.push(centre);
    }
    let mut ts = Queue::new();
    for s in targets {
        if let Some(g) = b.ground(s) {
            if let Some(t) = remove(b, ctx, g, side)? {
                ts.push(t);
            }
        }
    }
    for t in ts {
        react(b, ctx, t)?;
    }
    Ok(())
}

/// Revenge of a captured queen of `side` whose square was `s` (DB-QUEN-05).
pub fn revenge(b: &mut Board, ctx: &mut Ctx, s: Sq, side: Side, react: React) -> Result<(), Stop> {
    if ctx.events.is_some() {
        ctx.ev(Event::Exploded { at: to_sq(s) });
    }
    all_round(b, ctx, s, side, true, react)
}

/// True if an all-round capture from `s` would remove something.
pub fn all_round_has_target(b: &Board, s: Sq) -> bool {
    SCAN.iter()
        .filter_map(|&(df, dr)| off(s, df, dr))
        .any(|t| b.ground(t).is_some_and(|g| b.pcs[g].kind != STATUE))
}

/// The all-round capture action of the queen at stack index `k` of square `s`.
pub fn all_round_action(s: Sq, k: usize) -> Action {
    Action::new(ActionKind::Act, &[to_sq(s)])
        .with_arg((k as u16) << super::context::arg::MOVER_SHIFT)
}

/// Executes an all-round capture (DB-QUEN-02).
pub fn exec_all_round(
    b: &mut Board,
    ctx: &mut Ctx,
    s: Sq,
    a: u16,
    react: React,
) -> Result<(), Stop> {
    let k = super::context::arg::mover(a);
    let id = *b.stk[s as usize].get(k).ok_or(Stop::Bad)? as usize;
    if b.pcs[id].kind != QUEEN || b.pcs[id].side != b.to_move || !all_round_has_target(b, s) {
        return Err(Stop::Bad);
    }
    ctx.direct += 1;
    all_round(b, ctx, s, b.pcs[id].side, false, react)
}
