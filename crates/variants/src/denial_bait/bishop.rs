//! The bishop: FIDE movement, raising from the dead, auto-exile and bishop promotion.
//!
//! Implements DB-BISH-01 (moves as in FIDE, see `fide.rs`), DB-BISH-02 (the owner may
//! raise a captured or exiled bishop: the ground piece on its square is captured or
//! exiled and the bishop stands there; a declined bishop stays in its pile), DB-BISH-03
//! (one raise per physical bishop for the whole game), DB-BISH-04 (a raised bishop is
//! auto-exiled at the end of its owner's next turn unless captured first; that exile
//! never raises), DB-BISH-05 (bishop promotion: a movement turning an own ground pawn on
//! a square of a bishop's colour into a piece of the exile pile) and DB-BISH-06 (the
//! lone-bishop check of a King inside a rook, through the chain of DB-ROOK-08).

use super::base::*;
use super::capture::remove;
use super::context::{Ctx, React, Stop};
use frozen_core::{Action, ActionKind, Event, Side, UnitId};

/// Asks the owner of a removed bishop whether it raises (DB-BISH-02).
pub fn maybe_raise(
    b: &mut Board,
    ctx: &mut Ctx,
    id: usize,
    s: Sq,
    react: React,
) -> Result<(), Stop> {
    let side = b.pcs[id].side;
    let choice = if ctx.auto_raise {
        1
    } else {
        ctx.decide(side, 2, id, 1, &[s])?
    };
    if choice == 0 {
        return Ok(());
    }
    b.pcs[id].raise_used = true;
    b.pcs[id].expiry = b.turns[side] + 1;
    if ctx.events.is_some() {
        ctx.ev(Event::Entered {
            unit: UnitId(id as u16),
            at: to_sq(s),
        });
    }
    let t = match b.ground(s) {
        Some(g) => remove(b, ctx, g, side)?,
        None => None,
    };
    if b.empty(s) {
        b.pcs[id].place = Place::Air;
        b.put(s, &[id as u8]);
    }
    if let Some(t) = t {
        react(b, ctx, t)?;
    }
    Ok(())
}

/// Auto-exiles the raised bishops of `side` whose window ends with this turn (DB-BISH-04).
pub fn auto_exile(b: &mut Board, ctx: &mut Ctx, side: Side, react: React) -> Result<(), Stop> {
    let now = b.turns[side];
    for id in 0..b.pcs.len() {
        let p = b.pcs[id];
        if p.side == side && p.kind == BISHOP && p.expiry != 0 && p.expiry <= now {
            b.pcs[id].expiry = 0;
            if matches!(p.place, Place::Board(..)) {
                if let Some(t) = remove(b, ctx, id, side)? {
                    react(b, ctx, t)?;
                }
            }
        }
    }
    Ok(())
}

/// Bishop promotions available to `side` (DB-BISH-05): `act:<pawn>=<kind>#<unit id>`.
pub fn gen_bishop_promotions(b: &Board, side: Side, out: &mut Vec<Action>) {
    let mut colours = [false; 2];
    for p in b.pcs.iter() {
        if p.side == side && p.kind == BISHOP {
            if let Place::Board(s, _) = p.place {
                colours[((s / 8 + s % 8) % 2) as usize] = true;
            }
        }
    }
    if !colours[0] && !colours[1] {
        return;
    }
    let pool: Vec<usize> = b.exiled(side).filter(|&i| b.pcs[i].kind != PAWN).collect();
    if pool.is_empty() {
        return;
    }
    for s in 0..64u8 {
        let Some(g) = b.ground(s) else { continue };
        if b.pcs[g].side != side || b.pcs[g].kind != PAWN || b.stk[s as usize].len() != 1 {
            continue;
        }
        if !colours[((s / 8 + s % 8) % 2) as usize] {
            continue;
        }
        for &u in &pool {
            out.push(
                Action::new(ActionKind::Act, &[to_sq(s)])
                    .with_piece(b.pcs[u].kind)
                    .with_arg(u as u16),
            );
        }
    }
}

/// Executes a bishop promotion.
pub fn exec_bishop_promotion(b: &mut Board, ctx: &mut Ctx, s: Sq, a: &Action) -> Result<(), Stop> {
    let side = b.to_move;
    let mut v = Vec::new();
    gen_bishop_promotions(b, side, &mut v);
    if !v.contains(a) {
        return Err(Stop::Bad);
    }
    let pawn = b.ground(s).ok_or(Stop::Bad)?;
    let u = a.arg as usize;
    b.lift(pawn, false);
    b.pcs[pawn].place = Place::Spent;
    b.pcs[u].place = Place::Air;
    b.pcs[u].moved = true;
    b.put(s, &[u as u8]);
    ctx.pawn_move = true;
    if ctx.events.is_some() {
        ctx.ev(Event::Removed {
            unit: UnitId(pawn as u16),
            from: frozen_core::Location::Board(to_sq(s)),
            to: frozen_core::Location::Dead,
        });
        ctx.ev(Event::Entered {
            unit: UnitId(u as u16),
            at: to_sq(s),
        });
    }
    Ok(())
}
