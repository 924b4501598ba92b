//! The chain-reaction engine and the movement dispatch.
//!
//! Implements DB-BASE-04 (chain reactions run after the movement's mechanics, in the order
//! of the removals, each depth-first; owner decisions are asked through
//! [`Ctx::decide`]): [`process`] runs the reactions of one removal, [`exec`] dispatches a
//! movement or a free action to the rule of its piece, and [`for_outcomes`] enumerates
//! every outcome of a movement over all combinations of owner decisions.
//!
//! Uses [`super::context`] and the piece modules; the piece modules do not use it (they
//! receive [`process`] as a [`super::context::React`] where a removal of theirs starts a chain).

use super::base::*;
use super::capture::{land, lift_mover};
use super::context::{arg, Ctx, Queue, Stop, Trigger};
use frozen_core::{Action, ActionKind, Event, Location, Side};

/// Runs the chain reactions of one removal, depth-first: queen revenge (DB-QUEN-05), bishop
/// raise (DB-BISH-02), then the fall of the pieces that were above it (DB-ROOK-05).
pub fn process(b: &mut Board, ctx: &mut Ctx, t: Trigger) -> Result<(), Stop> {
    let p = b.pcs[t.victim];
    if p.kind == QUEEN && t.captured {
        super::queen::revenge(b, ctx, t.sq, p.side, process)?;
    }
    if p.kind == BISHOP && !p.raise_used {
        super::bishop::maybe_raise(b, ctx, t.victim, t.sq, process)?;
    }
    super::rook::fall(b, ctx, t.sq, &t.fallers, process)
}

/// Processes a queue of triggers in order.
pub fn process_all(b: &mut Board, ctx: &mut Ctx, ts: Queue) -> Result<(), Stop> {
    for t in ts {
        process(b, ctx, t)?;
    }
    Ok(())
}
/// Executes a movement (or a free action) on the model, chain reactions included.
pub fn exec(b: &mut Board, a: &Action, ctx: &mut Ctx) -> Result<(), Stop> {
    let mut path: smallvec::SmallVec<[Sq; 24]> = smallvec::SmallVec::new();
    for &s in &a.path {
        path.push(from_sq(s).ok_or(Stop::Bad)?);
    }
    let Some(&from) = path.first() else {
        return Err(Stop::Bad);
    };
    match a.kind {
        ActionKind::Move => {
            let id = *b.stk[from as usize]
                .get(arg::mover(a.arg))
                .ok_or(Stop::Bad)? as usize;
            let mut queue = Queue::new();
            let kind = b.pcs[id].kind;
            let side = b.pcs[id].side;
            if side != b.to_move {
                return Err(Stop::Bad);
            }
            match kind {
                KING => super::king::exec_king(b, ctx, id, &path, a.arg, &mut queue)?,
                KNIGHT => super::knight::exec_knight(b, ctx, id, &path, a.arg, &mut queue)?,
                PAWN => super::pawn::exec_pawn(b, ctx, id, &path, a.arg, &mut queue)?,
                QUEEN | ROOK | BISHOP => {
                    if path.len() != 2 {
                        return Err(Stop::Bad);
                    }
                    let movers = lift_mover(b, id);
                    land(
                        b,
                        ctx,
                        &movers,
                        path[1],
                        a.arg & arg::ENTER != 0,
                        &mut queue,
                    )?;
                }
                _ => return Err(Stop::Bad),
            }
            b.pcs[id].moved = true;
            if let Location::Board(_) | Location::Carried { .. } = b.location(id) {
                ctx.ev(Event::Moved {
                    unit: frozen_core::UnitId(id as u16),
                    from: to_sq(from),
                    to: to_sq(*path.last().unwrap_or(&from)),
                });
            }
            process_all(b, ctx, queue)
        }
        ActionKind::Act => {
            let g = b.ground(from).ok_or(Stop::Bad)?;
            if b.pcs[g].kind == STATUE {
                return super::statue::exec_statue(b, ctx, from, a);
            }
            if a.piece.is_some() {
                return super::bishop::exec_bishop_promotion(b, ctx, from, a);
            }
            super::queen::exec_all_round(b, ctx, from, a.arg, process)
        }
        ActionKind::Swap => super::disguise::exec_disguise(b, ctx, &path, a.arg),
        _ => Err(Stop::Bad),
    }
}

/// Every completed outcome of a movement over all decision combinations: calls `f` with
/// each final board and context until it returns `false`. Returns `false` if `f` did;
/// returns `on_bad` where the movement is not valid here (or the search budget runs out).
pub fn for_outcomes(
    b: &Board,
    a: &Action,
    ep: &[EpInfo],
    bait_king: Option<usize>,
    on_bad: bool,
    f: &mut dyn FnMut(&Board, &Ctx) -> bool,
) -> bool {
    for_outcomes_as(b, b.to_move, a, ep, bait_king, on_bad, f)
}

/// [`for_outcomes`] of a movement of `side` (whoever is to act on `b`).
pub fn for_outcomes_as(
    b: &Board,
    side: Side,
    a: &Action,
    ep: &[EpInfo],
    bait_king: Option<usize>,
    on_bad: bool,
    f: &mut dyn FnMut(&Board, &Ctx) -> bool,
) -> bool {
    #[allow(clippy::too_many_arguments)]
    fn go(
        b: &Board,
        side: Side,
        a: &Action,
        ep: &[EpInfo],
        bait_king: Option<usize>,
        on_bad: bool,
        dec: &mut Vec<u16>,
        f: &mut dyn FnMut(&Board, &Ctx) -> bool,
        budget: &mut u32,
    ) -> bool {
        if *budget == 0 {
            return on_bad;
        }
        *budget -= 1;
        let mut c = b.clone();
        c.to_move = side;
        let mut ctx = Ctx::new(dec, ep, false);
        ctx.bait_king = bait_king;
        match exec(&mut c, a, &mut ctx) {
            Ok(()) => f(&c, &ctx),
            Err(Stop::Need { options, .. }) => {
                for o in 0..options {
                    dec.push(o);
                    let r = go(b, side, a, ep, bait_king, on_bad, dec, f, budget);
                    dec.pop();
                    if !r {
                        return false;
                    }
                }
                true
            }
            Err(Stop::Bad) => on_bad,
        }
    }
    let mut budget = 4096;
    go(
        b,
        side,
        a,
        ep,
        bait_king,
        on_bad,
        &mut Vec::new(),
        f,
        &mut budget,
    )
}
