//! Statues.
//!
//! Implements DB-STAT-01 (a converting pawn may become a statue on its square: kind `S`,
//! origin pawn), DB-STAT-02 (a statue square is dead: nothing lands on, passes through,
//! swaps with or captures it, except a knight jumping over it and the King of a statue
//! bait; statues attack nothing), DB-STAT-03 (a pawn arriving directly in front of the
//! lowest statue of an own chain may convert, optionally, see `promotion.rs`), DB-STAT-04
//! (statue promotion, a free action before the movement: the lowest statue becomes a piece
//! of the pool), DB-STAT-05 (no floating statues: only the lowest statue of a chain is
//! promoted, used as bait or sacrificed) and DB-STAT-06 (a statue may capture an exiled
//! enemy piece as a free action; the statue goes to the opponent's captured pile).
//!
//! Actions: `act:<sq>=<kind>#<unit>` (promotion to that unit) and `act:<sq>#<unit>`
//! (capture of that exiled unit). The end-of-opponent's-turn window of DB-STAT-04 is
//! merged into the start of the owner's own turn: nothing happens in between except the
//! owner's own denial decision, which the owner takes in the same turn.

use super::base::*;
use super::context::{Ctx, Stop};
use frozen_core::{Action, ActionKind, Event, Side, UnitId};

/// True if the statue on `s` is the lowest of its chain (no own statue right behind it).
pub fn is_lowest(b: &Board, s: Sq) -> bool {
    let Some(g) = b.ground(s) else { return false };
    let side = b.pcs[g].side;
    if b.pcs[g].kind != STATUE {
        return false;
    }
    match off(s, 0, -fwd(side)) {
        Some(behind) => !(b.is_statue(behind) && b.side_at(behind) == Some(side)),
        None => true,
    }
}

/// Squares of the lowest statues of `side`.
pub fn lowest_statues(b: &Board, side: Side) -> Vec<Sq> {
    (0..64u8)
        .filter(|&s| b.is_statue(s) && b.side_at(s) == Some(side) && is_lowest(b, s))
        .collect()
}

/// True if `s` is directly in front of the lowest statue of an own chain (DB-STAT-03).
pub fn in_front_of_chain(b: &Board, side: Side, s: Sq) -> bool {
    off(s, 0, fwd(side)).is_some_and(|f| b.is_statue(f) && b.side_at(f) == Some(side))
}

/// The promotion pool of `side` (DB-PROM-01): own non-pawn pieces in the opponent's
/// captured pile or the own exile pile, by id.
pub fn pool(b: &Board, side: Side) -> Vec<usize> {
    (0..b.pcs.len())
        .filter(|&i| {
            let p = b.pcs[i];
            p.side == side
                && !matches!(p.kind, PAWN | STATUE)
                && (p.place == Place::Exiled || p.place == Place::Captured(side.opposite()))
        })
        .collect()
}

/// Free statue actions of `side`.
pub fn gen_statue_actions(b: &Board, side: Side, out: &mut Vec<Action>) {
    let lows = lowest_statues(b, side);
    if lows.is_empty() {
        return;
    }
    let pool = pool(b, side);
    let enemy_exiled: Vec<usize> = b.exiled(side.opposite()).collect();
    for s in lows {
        for &u in &pool {
            out.push(
                Action::new(ActionKind::Act, &[to_sq(s)])
                    .with_piece(b.pcs[u].kind)
                    .with_arg(u as u16),
            );
        }
        for &v in &enemy_exiled {
            out.push(Action::new(ActionKind::Act, &[to_sq(s)]).with_arg(v as u16));
        }
    }
}

/// Executes a statue free action.
pub fn exec_statue(b: &mut Board, ctx: &mut Ctx, s: Sq, a: &Action) -> Result<(), Stop> {
    let side = b.to_move;
    let mut v = Vec::new();
    gen_statue_actions(b, side, &mut v);
    if !v.contains(a) {
        return Err(Stop::Bad);
    }
    let st = b.ground(s).ok_or(Stop::Bad)?;
    let u = a.arg as usize;
    b.lift(st, false);
    b.pcs[st].kind = PAWN;
    b.pcs[st].origin = None;
    if a.piece.is_some() {
        b.pcs[st].place = Place::Spent;
        b.pcs[u].place = Place::Air;
        b.pcs[u].moved = true;
        b.put(s, &[u as u8]);
        if ctx.events.is_some() {
            ctx.ev(Event::Entered {
                unit: UnitId(u as u16),
                at: to_sq(s),
            });
        }
    } else {
        b.pcs[st].place = Place::Captured(side.opposite());
        b.pcs[u].place = Place::Captured(side);
        let vs = b.pcs[u].side;
        if b.king_exiled(vs) || b.pcs[u].kind == KING {
            ctx.exile_captured[vs.index()] = true;
        }
        ctx.removed += 1;
        if ctx.events.is_some() {
            ctx.ev(Event::Captured {
                unit: UnitId(u as u16),
                at: to_sq(s),
                by: Some(UnitId(st as u16)),
                to: frozen_core::Location::Captured(side),
            });
        }
    }
    Ok(())
}
