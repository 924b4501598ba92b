//! The knight: two L-paths, path captures, captures inside stacks.
//!
//! Implements DB-KNGT-01 (each knight move has two L-paths; b1-c3 crosses {b2,b3} or
//! {c1,c2}), DB-KNGT-02 (the knight may capture one enemy piece on a middle square of the
//! chosen path and land on an empty square or inside a rook), DB-KNGT-03 (at most one
//! direct capture), DB-KNGT-04 (it may capture any enemy rider, on a path square or at the
//! destination, where it then ends as the top rider; the pieces above the victim fall),
//! DB-KNGT-05 (ending inside a rook; capturing the ground rook is an ordinary capture) and
//! DB-KNGT-06 (it jumps over statues but never captures or lands on one).
//!
//! Actions: `[from, to]` (plain move, destination capture, or with `ENTER` ending inside a
//! rook; with a victim index, a rider captured at the destination) and `[from, mid, to]`
//! (path capture of the piece at stack index `victim` of `mid`). Knight movements without
//! a path capture have no fixed path: they are the undeniable ones (DB-DENY-11).

use super::base::*;
use super::capture::{land, lift_mover, remove};
use super::context::{arg, Ctx, Queue, Stop};
use frozen_core::{Action, ActionKind};

/// The middle squares of the two L-paths from `s` to `t`, if `t` is a knight move away.
pub fn paths(s: Sq, t: Sq) -> Option<[[Sq; 2]; 2]> {
    let df = i32::from(t % 8) - i32::from(s % 8);
    let dr = i32::from(t / 8) - i32::from(s / 8);
    if !((df.abs() == 1 && dr.abs() == 2) || (df.abs() == 2 && dr.abs() == 1)) {
        return None;
    }
    let (long, short) = if dr.abs() == 2 {
        ((0, dr.signum()), (df.signum(), 0))
    } else {
        ((df.signum(), 0), (0, dr.signum()))
    };
    let a1 = off(s, long.0, long.1)?;
    let a2 = off(s, 2 * long.0, 2 * long.1)?;
    let b1 = off(s, short.0, short.1)?;
    let b2 = off(b1, long.0, long.1)?;
    Some([[a1, a2], [b1, b2]])
}

const JUMPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Enemy victims on square `m` for `side`: stack indexes of enemy pieces (not statues).
fn victims(b: &Board, m: Sq, side: frozen_core::Side) -> smallvec::SmallVec<[usize; 8]> {
    b.stk[m as usize]
        .iter()
        .enumerate()
        .filter(|(_, &i)| {
            let p = b.pcs[i as usize];
            p.side != side && p.kind != STATUE
        })
        .map(|(k, _)| k)
        .filter(|&k| k < 8)
        .collect()
}

/// Knight movements of the knight `id` at stack index `k` of `s`.
pub fn gen_knight(
    b: &Board,
    id: usize,
    s: Sq,
    k: usize,
    captures_only: bool,
    out: &mut Vec<Action>,
) {
    let side = b.pcs[id].side;
    let base = (k as u16) << arg::MOVER_SHIFT;
    for &(df, dr) in &JUMPS {
        let Some(t) = off(s, df, dr) else { continue };
        let Some(ps) = paths(s, t) else { continue };
        let (land_plain, land_enter) = match b.ground(t) {
            None => (true, false),
            Some(g) => {
                let p = b.pcs[g];
                if p.kind == STATUE {
                    continue;
                }
                if p.side != side {
                    out.push(Action::new(ActionKind::Move, &[to_sq(s), to_sq(t)]).with_arg(base));
                }
                if p.kind == ROOK {
                    for v in victims(b, t, side).into_iter().filter(|&v| v > 0) {
                        out.push(
                            Action::new(ActionKind::Move, &[to_sq(s), to_sq(t)])
                                .with_arg(base | arg::ENTER | ((v as u16) << arg::VICTIM_SHIFT)),
                        );
                    }
                }
                (false, p.kind == ROOK)
            }
        };
        if !captures_only {
            if land_plain {
                out.push(Action::new(ActionKind::Move, &[to_sq(s), to_sq(t)]).with_arg(base));
            }
            if land_enter {
                out.push(
                    Action::new(ActionKind::Move, &[to_sq(s), to_sq(t)])
                        .with_arg(base | arg::ENTER),
                );
            }
        }
        if !land_plain && !land_enter {
            continue;
        }
        for m in ps.iter().flatten() {
            for v in victims(b, *m, side) {
                let a = base
                    | ((v as u16) << arg::VICTIM_SHIFT)
                    | if land_enter { arg::ENTER } else { 0 };
                out.push(
                    Action::new(ActionKind::Move, &[to_sq(s), to_sq(*m), to_sq(t)]).with_arg(a),
                );
            }
        }
    }
}

/// Executes a knight movement.
pub fn exec_knight(
    b: &mut Board,
    ctx: &mut Ctx,
    id: usize,
    path: &[Sq],
    a: u16,
    q: &mut Queue,
) -> Result<(), Stop> {
    let s = path[0];
    let t = *path.last().ok_or(Stop::Bad)?;
    let ps = paths(s, t).ok_or(Stop::Bad)?;
    let side = b.pcs[id].side;
    let enter = a & arg::ENTER != 0;
    let v = arg::victim(a);
    if b.is_statue(t) {
        return Err(Stop::Bad);
    }
    match path.len() {
        2 => {
            ctx.knight_plain = true;
            let movers = lift_mover(b, id);
            if v > 0 {
                if !enter {
                    return Err(Stop::Bad);
                }
                let victim = *b.stk[t as usize].get(v).ok_or(Stop::Bad)? as usize;
                if b.pcs[victim].side == side {
                    return Err(Stop::Bad);
                }
                ctx.direct += 1;
                if let Some(tr) = remove(b, ctx, victim, side)? {
                    q.push(tr);
                }
            }
            land(b, ctx, &movers, t, enter, q)
        }
        3 => {
            let m = path[1];
            if !ps.iter().flatten().any(|&x| x == m) {
                return Err(Stop::Bad);
            }
            let victim = *b.stk[m as usize].get(v).ok_or(Stop::Bad)? as usize;
            if b.pcs[victim].side == side || b.pcs[victim].kind == STATUE {
                return Err(Stop::Bad);
            }
            if !enter && !b.empty(t) {
                return Err(Stop::Bad);
            }
            let movers = lift_mover(b, id);
            ctx.direct += 1;
            if let Some(tr) = remove(b, ctx, victim, side)? {
                q.push(tr);
            }
            land(b, ctx, &movers, t, enter, q)
        }
        _ => Err(Stop::Bad),
    }
}
