//! Captures and exile: the primitives every movement uses to take a piece off the board
//! or to land on a square.
//!
//! Implements DB-CAPT-01 (captured pile), DB-CAPT-02 and DB-CAPT-03 (exile pile and its
//! four sources), DB-CAPT-04 (a pawn is never exiled: it goes to the opponent's captured
//! pile), DB-CAPT-05 (no friendly capture outside the listed exceptions: generators never
//! offer one) and DB-CAPT-06 (riders are hit only by knights; all-round, revenge and falls
//! hit the ground piece). The chain reactions a removal starts are run by [`super::chain`].
//!
//! Uses [`super::base`], [`super::context`] and [`super::bait`] (a baited King is
//! transported instead of being captured). The piece modules use it.

use super::base::*;
use super::context::{Ctx, Queue, Stop, Trigger};
use frozen_core::{Event, Side};

/// Removes `victim` from the board on behalf of `remover`: an enemy piece is captured into
/// `remover`'s pile, an own piece is exiled (a pawn is captured by the opponent instead,
/// DB-CAPT-04). The pieces above it are lifted into the returned trigger. A baited King
/// is transported instead (DB-BAIT-06).
pub fn remove(
    b: &mut Board,
    ctx: &mut Ctx,
    victim: usize,
    remover: Side,
) -> Result<Option<Trigger>, Stop> {
    let Place::Board(sq, _) = b.pcs[victim].place else {
        return Ok(None);
    };
    if b.pcs[victim].kind == STATUE {
        return Ok(None);
    }
    if ctx.bait_king == Some(victim)
        && !ctx.transported
        && b.pcs[victim].side != remover
        && super::bait::transport(b, ctx, victim, remover)?
    {
        return Ok(None);
    }
    let from = b.location(victim);
    let vside = b.pcs[victim].side;
    let to = if vside == remover {
        if b.pcs[victim].kind == PAWN {
            Place::Captured(vside.opposite())
        } else {
            Place::Exiled
        }
    } else {
        Place::Captured(remover)
    };
    let mut lifted = b.lift(victim, true);
    if !lifted.is_empty() {
        lifted.remove(0);
    }
    b.pcs[victim].place = to;
    b.pcs[victim].expiry = 0;
    ctx.removed += 1;
    if b.pcs[victim].kind == KING {
        if to == Place::Exiled {
            ctx.king_exiled[vside.index()] = true;
        } else {
            ctx.king_taken[vside.index()] = true;
        }
    }
    if ctx.events.is_some() {
        let loc = b.location(victim);
        let e = match to {
            Place::Exiled => Event::Removed {
                unit: frozen_core::UnitId(victim as u16),
                from,
                to: loc,
            },
            _ => Event::Captured {
                unit: frozen_core::UnitId(victim as u16),
                at: to_sq(sq),
                by: None,
                to: loc,
            },
        };
        ctx.ev(e);
    }
    Ok(Some(Trigger {
        victim,
        sq,
        captured: to != Place::Exiled,
        fallers: lifted,
    }))
}
/// Lifts a moving piece: a rook takes the pieces above it along (DB-ROOK-01, DB-ROOK-04).
pub fn lift_mover(b: &mut Board, id: usize) -> Stk {
    let with = b.pcs[id].kind == ROOK;
    b.lift(id, with)
}

/// Lands moving pieces on `to`: entering the stack there, or capturing its ground piece
/// (queued), or on an empty square.
pub fn land(
    b: &mut Board,
    ctx: &mut Ctx,
    movers: &Stk,
    to: Sq,
    enter: bool,
    queue: &mut Queue,
) -> Result<(), Stop> {
    let Some(&first) = movers.first() else {
        return Err(Stop::Bad);
    };
    let side = b.pcs[first as usize].side;
    if enter {
        if !b.is_rook(to) {
            return Err(Stop::Bad);
        }
    } else if let Some(g) = b.ground(to) {
        if b.pcs[g].side == side || b.pcs[g].kind == STATUE {
            return Err(Stop::Bad);
        }
        ctx.direct += 1;
        if let Some(t) = remove(b, ctx, g, side)? {
            queue.push(t);
        }
        if !b.empty(to) {
            return Err(Stop::Bad);
        }
    }
    b.put(to, movers);
    Ok(())
}
