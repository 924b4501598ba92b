//! Bait.
//!
//! Implements DB-BAIT-01 (eligibility: own King on the board and in check when the turn
//! begins, a bait pawn in reach or an own statue; checked when `declare:1` is played, which
//! must be the first action of the turn), DB-BAIT-02 (bait pawn: an own ground pawn one
//! King step away, or two steps away through an empty middle square; own statues from any
//! distance), DB-BAIT-03 (after the declaration any movement that keeps the check may be
//! played, King movements included; a mating one wins after the denial window),
//! DB-BAIT-04 (after the movement and its chains the King must still be in check and a bait
//! target must remain; an escape is an ordinary movement, played without declaring),
//! DB-BAIT-05 (the attacker must answer with a movement that would capture the King, own
//! King safety ignored, no bait of its own), DB-BAIT-06 (the capture of the King is replaced
//! by the capture of a bait pawn chosen by the baiting player, and the King takes its square;
//! no target left: the King is captured), DB-BAIT-07 (chain bait: the baiting player then
//! plays a normal turn and may bait again), DB-BAIT-08 (an attacker left in check may have
//! its King captured, which wins), DB-BAIT-09 (statue bait: the lowest statue of a chain,
//! removed into the attacker's pile as a pawn) and DB-BAIT-10 (no bait when the player has
//! exactly one possible movement, counting escapes and bait free movements together).

use super::base::*;
use super::context::{Ctx, Stop};
use frozen_core::{Event, UnitId};

/// Bait targets of the King `king` (DB-BAIT-02, DB-BAIT-09): squares, sorted.
pub fn targets(b: &Board, king: usize) -> Vec<Sq> {
    let mut v = Vec::new();
    let side = b.pcs[king].side;
    let Place::Board(s, _) = b.pcs[king].place else {
        return v;
    };
    let is_bait_pawn = |t: Sq| {
        b.stk[t as usize].len() == 1
            && b.ground(t)
                .is_some_and(|g| b.pcs[g].side == side && b.pcs[g].kind == PAWN)
    };
    for &(df, dr) in &SCAN {
        let Some(m) = off(s, df, dr) else { continue };
        if is_bait_pawn(m) {
            v.push(m);
        }
        if !b.empty(m) {
            continue;
        }
        for &(df2, dr2) in &SCAN {
            let Some(t) = off(m, df2, dr2) else { continue };
            if t != s && is_bait_pawn(t) {
                v.push(t);
            }
        }
    }
    v.extend(super::statue::lowest_statues(b, side));
    v.sort_unstable();
    v.dedup();
    v
}

/// The transport (DB-BAIT-06): instead of being captured by `remover`, the baited King
/// moves to a bait target chosen by its owner, whose pawn or statue is captured. Returns
/// `false` (the King is captured) when no target is left.
pub fn transport(
    b: &mut Board,
    ctx: &mut Ctx,
    king: usize,
    remover: frozen_core::Side,
) -> Result<bool, Stop> {
    let ts = targets(b, king);
    if ts.is_empty() {
        return Ok(false);
    }
    let side = b.pcs[king].side;
    let choice = ctx.decide(side, ts.len() as u16, king, 2, &ts)? as usize;
    let t = ts[choice.min(ts.len() - 1)];
    let Some(pawn) = b.ground(t) else {
        return Err(Stop::Bad);
    };
    b.lift(pawn, false);
    b.pcs[pawn].kind = PAWN;
    b.pcs[pawn].origin = None;
    b.pcs[pawn].place = Place::Captured(remover);
    b.lift(king, false);
    b.put(t, &[king as u8]);
    ctx.transported = true;
    ctx.removed += 1;
    if ctx.events.is_some() {
        ctx.ev(Event::Captured {
            unit: UnitId(pawn as u16),
            at: to_sq(t),
            by: None,
            to: frozen_core::Location::Captured(remover),
        });
        ctx.ev(Event::Note(format!(
            "bait: King #{king} transported to {}",
            to_sq(t)
        )));
    }
    Ok(true)
}
