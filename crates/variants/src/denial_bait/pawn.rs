//! Pawns: steps in four directions, double moves from any second-row square, FIDE
//! captures, generalized en passant, the first-row ban and self-capture.
//!
//! Implements DB-PAWN-01 (one step forward, backward or sideways onto an empty square or
//! into a rook), DB-PAWN-02 (captures one square diagonally forward only, plus en passant),
//! DB-PAWN-03 (from any square of its own second row, any time, two non-capturing steps in
//! any combination of its step directions, through an empty middle square, possibly back
//! to the start), DB-PAWN-04 (never from inside a rook, never ending a step on the own
//! first row, no capture in either step), DB-PAWN-05 (after a double move with middle X,
//! an enemy pawn attacking X may on the very next turn move to X and capture the pawn that
//! double-moved), DB-PAWN-06 (never ending a movement on the own first row outside a rook;
//! a pawn found there at the end of a turn is self-captured into the opponent's pile, see
//! [`self_capture`]) and DB-PAWN-07 (conversion timing, see `promotion.rs`).
//!
//! Actions: `[from, to]` (step, capture, en passant; `ENTER` into a rook) and
//! `[from, mid, to]` (double move).

use super::base::*;
use super::capture::{land, lift_mover, remove};
use super::context::{arg, Ctx, Queue, React, Stop};
use frozen_core::{Action, ActionKind, Side};

/// Step directions of a pawn of `side`: forward, backward, right, left.
pub fn dirs(side: Side) -> [(i32, i32); 4] {
    let f = fwd(side);
    [(0, f), (0, -f), (1, 0), (-1, 0)]
}

/// A square a pawn of `side` may stand on after a step (not its own first row, not a statue).
fn step_ok(b: &Board, side: Side, t: Sq) -> bool {
    rel_rank(side, t) != 0 && !b.is_statue(t)
}

/// A non-capturing pawn route: a single step (2 squares) or a double move (3 squares).
#[derive(Copy, Clone, Debug, Default)]
pub struct Route {
    sq: [Sq; 3],
    len: u8,
}

impl Route {
    /// The squares, start first.
    #[inline]
    pub fn path(&self) -> &[Sq] {
        &self.sq[..usize::from(self.len)]
    }
    /// The last square.
    #[inline]
    pub fn target(&self) -> Sq {
        self.sq[usize::from(self.len) - 1]
    }
}

/// Most routes of one pawn: 4 single steps and 4 x 4 double moves.
const MAX_ROUTES: usize = 20;

/// The routes of one pawn, on the stack.
#[derive(Copy, Clone, Debug)]
pub struct Routes {
    n: usize,
    r: [Route; MAX_ROUTES],
}

impl Routes {
    fn push(&mut self, path: &[Sq]) {
        if let Some(slot) = self.r.get_mut(self.n) {
            slot.sq[..path.len()].copy_from_slice(path);
            slot.len = path.len() as u8;
            self.n += 1;
        }
    }
    /// The routes.
    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, Route> {
        self.r[..self.n].iter()
    }
}

/// Non-capturing pawn routes from `s` (the pawn at stack index `k`): every route to a square
/// the pawn could reach if it were empty (DB-PAWN-01, DB-PAWN-03). Used for moves, entering
/// rooks and disguises (DB-DSGS-01).
pub fn routes(b: &Board, side: Side, s: Sq, k: usize) -> Routes {
    let mut v = Routes {
        n: 0,
        r: [Route::default(); MAX_ROUTES],
    };
    for (df, dr) in dirs(side) {
        let Some(t) = off(s, df, dr) else { continue };
        if step_ok(b, side, t) {
            v.push(&[s, t]);
        }
    }
    if k == 0 && rel_rank(side, s) == 1 {
        for (df, dr) in dirs(side) {
            let Some(m) = off(s, df, dr) else { continue };
            if !step_ok(b, side, m) || !b.empty(m) {
                continue;
            }
            for (df2, dr2) in dirs(side) {
                let Some(t) = off(m, df2, dr2) else { continue };
                if step_ok(b, side, t) {
                    v.push(&[s, m, t]);
                }
            }
        }
    }
    v
}

/// The routes of [`routes`] that end on `t` (`t` not the start), computed directly.
pub fn routes_to(b: &Board, side: Side, s: Sq, k: usize, t: Sq) -> smallvec::SmallVec<[Route; 4]> {
    let mut v = smallvec::SmallVec::new();
    if t == s {
        return v;
    }
    let route = |path: &[Sq]| {
        let mut r = Route::default();
        r.sq[..path.len()].copy_from_slice(path);
        r.len = path.len() as u8;
        r
    };
    for (df, dr) in dirs(side) {
        if off(s, df, dr) == Some(t) && step_ok(b, side, t) {
            v.push(route(&[s, t]));
        }
    }
    if k == 0 && rel_rank(side, s) == 1 && step_ok(b, side, t) {
        for (df, dr) in dirs(side) {
            let Some(m) = off(s, df, dr) else { continue };
            if !step_ok(b, side, m) || !b.empty(m) {
                continue;
            }
            for (df2, dr2) in dirs(side) {
                if off(m, df2, dr2) == Some(t) {
                    v.push(route(&[s, m, t]));
                }
            }
        }
    }
    v
}

/// Pawn movements of the pawn `id` at stack index `k` of `s` (disguises in `disguise.rs`).
pub fn gen_pawn(
    b: &Board,
    id: usize,
    s: Sq,
    k: usize,
    ep: &[EpInfo],
    captures_only: bool,
    out: &mut Vec<Action>,
) {
    let side = b.pcs[id].side;
    let base = (k as u16) << arg::MOVER_SHIFT;
    if !captures_only {
        for r in routes(b, side, s, k).iter() {
            let t = r.target();
            let sqs: smallvec::SmallVec<[frozen_core::Square; 4]> =
                r.path().iter().map(|&q| to_sq(q)).collect();
            if t == s || b.empty(t) {
                out.push(Action::new(ActionKind::Move, &sqs).with_arg(base));
            } else if b.is_rook(t) {
                out.push(Action::new(ActionKind::Move, &sqs).with_arg(base | arg::ENTER));
            }
        }
    }
    for df in [-1, 1] {
        let Some(t) = off(s, df, fwd(side)) else {
            continue;
        };
        match b.ground(t) {
            Some(g) => {
                let p = b.pcs[g];
                if p.side != side && p.kind != STATUE {
                    out.push(Action::new(ActionKind::Move, &[to_sq(s), to_sq(t)]).with_arg(base));
                }
            }
            None => {
                if ep.iter().any(|e| {
                    from_sq(e.x) == Some(t)
                        && b.pcs
                            .get(e.victim.index())
                            .is_some_and(|v| v.side != side && matches!(v.place, Place::Board(..)))
                }) {
                    out.push(Action::new(ActionKind::Move, &[to_sq(s), to_sq(t)]).with_arg(base));
                }
            }
        }
    }
}

/// Executes a pawn movement.
pub fn exec_pawn(
    b: &mut Board,
    ctx: &mut Ctx,
    id: usize,
    path: &[Sq],
    a: u16,
    q: &mut Queue,
) -> Result<(), Stop> {
    let side = b.pcs[id].side;
    let s = path[0];
    let t = *path.last().ok_or(Stop::Bad)?;
    let enter = a & arg::ENTER != 0;
    ctx.pawn_move = true;
    let df = i32::from(t % 8) - i32::from(s % 8);
    let dr = i32::from(t / 8) - i32::from(s / 8);
    if path.len() == 2 && df.abs() == 1 && dr == fwd(side) {
        // Capture or en passant.
        if b.empty(t) {
            let e = ctx
                .ep
                .iter()
                .find(|e| from_sq(e.x) == Some(t))
                .cloned()
                .ok_or(Stop::Bad)?;
            let victim = e.victim.index();
            if b.pcs.get(victim).map_or(true, |v| v.side == side) {
                return Err(Stop::Bad);
            }
            ctx.direct += 1;
            if let Some(tr) = remove(b, ctx, victim, side)? {
                q.push(tr);
            }
            let movers = lift_mover(b, id);
            return land(b, ctx, &movers, t, false, q);
        }
        let movers = lift_mover(b, id);
        return land(b, ctx, &movers, t, false, q);
    }
    let k = match b.pcs[id].place {
        Place::Board(_, k) => k as usize,
        _ => return Err(Stop::Bad),
    };
    let ok = routes(b, side, s, k).iter().any(|r| r.path() == path);
    if !ok {
        return Err(Stop::Bad);
    }
    if path.len() == 3 {
        ctx.new_ep.push(EpInfo {
            x: to_sq(path[1]),
            victim: frozen_core::UnitId(id as u16),
        });
    }
    let movers = lift_mover(b, id);
    if !enter && !b.empty(t) {
        return Err(Stop::Bad);
    }
    land(b, ctx, &movers, t, enter, q)
}

/// End of turn (DB-PAWN-06): every pawn standing on the ground of its own first row is
/// captured by the opponent.
pub fn self_capture(b: &mut Board, ctx: &mut Ctx, react: React) -> Result<(), Stop> {
    for id in 0..b.pcs.len() {
        let p = b.pcs[id];
        if p.kind != PAWN {
            continue;
        }
        if let Place::Board(s, 0) = p.place {
            if rel_rank(p.side, s) == 0 {
                if let Some(t) = remove(b, ctx, id, p.side)? {
                    react(b, ctx, t)?;
                }
            }
        }
    }
    Ok(())
}
