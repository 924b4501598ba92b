//! The King: one or two steps, castling as a first step.
//!
//! Implements DB-KING-01 (one or two King steps, each onto an empty square, an enemy
//! piece or into a rook), DB-KING-02 (only the final square must be safe: legality is
//! judged on the final board in `fide.rs`), DB-KING-03 (a King may end where it started),
//! DB-KING-04 (the triggers of a first-step capture run after the second step: the
//! removals are queued and processed once the movement is complete), DB-KING-05 (castling
//! is the first step and may be followed by one more step) and DB-KING-06 (Kings enter and
//! leave rook stacks of either colour). Castling itself (DB-FIDE-04): King and rook never
//! moved, both on the ground, squares between empty, King not in check and not crossing an
//! attacked square; a rook with riders takes them along.
//!
//! Action: `Move` with path `[from, to]` or `[from, mid, to]`; a first leg of two files
//! along the first row is castling. Argument bits: `ENTER` (last step enters a rook),
//! `ENTER_MID` (first step enters a rook), mover stack index.

use super::base::*;
use super::capture::{land, lift_mover};
use super::context::{arg, Ctx, Queue, Stop};
use frozen_core::{Action, ActionKind, Side};

/// The actions of one movement (at most seven: the links of a chain disguise).
pub type Links = smallvec::SmallVec<[Action; 7]>;

/// One King step from `s`: (target, enters) options on board `b` for `side`.
fn steps(
    b: &Board,
    s: Sq,
    side: Side,
    captures_only: bool,
) -> smallvec::SmallVec<[(Sq, bool); 16]> {
    steps_after(b, s, side, captures_only, None)
}

/// King steps from `s` as [`steps`], on the board as it is once the King has left square
/// `vacated` standing alone on its ground (that square then counts as empty): the second
/// steps of a King movement, without copying the board (the first step changes nothing else
/// that a second step can reach: it lands on `s` itself).
fn steps_after(
    b: &Board,
    s: Sq,
    side: Side,
    captures_only: bool,
    vacated: Option<Sq>,
) -> smallvec::SmallVec<[(Sq, bool); 16]> {
    let mut v = smallvec::SmallVec::new();
    for &(df, dr) in &SCAN {
        let Some(t) = off(s, df, dr) else { continue };
        let ground = if vacated == Some(t) {
            None
        } else {
            b.ground(t)
        };
        match ground {
            None => {
                if !captures_only {
                    v.push((t, false));
                }
            }
            Some(g) => {
                let p = b.pcs[g];
                if p.kind == STATUE {
                    continue;
                }
                if p.side != side {
                    v.push((t, false));
                }
                if p.kind == ROOK && !captures_only {
                    v.push((t, true));
                }
            }
        }
    }
    v
}

/// Castling first legs available to the King `id` on `s` (rook square, King target, rook target).
pub fn castlings(b: &Board, id: usize, s: Sq) -> Vec<(Sq, Sq, Sq)> {
    let p = b.pcs[id];
    let mut v = Vec::new();
    if p.moved || b.stk[s as usize].first() != Some(&(id as u8)) {
        return v;
    }
    let home = if p.side == Side::White { 4 } else { 60 };
    if s != home {
        return v;
    }
    for (rook_sq, ksq, rsq, between) in [
        (s + 3, s + 2, s + 1, &[s + 1, s + 2][..]),
        (s - 4, s - 2, s - 1, &[s - 1, s - 2, s - 3][..]),
    ] {
        let Some(r) = b.ground(rook_sq) else { continue };
        let rp = b.pcs[r];
        if rp.kind != ROOK || rp.side != p.side || rp.moved {
            continue;
        }
        if between.iter().all(|&q| b.empty(q)) {
            v.push((rook_sq, ksq, rsq));
        }
    }
    v
}

fn step_arg(k: usize) -> u16 {
    (k as u16) << arg::MOVER_SHIFT
}

/// King movements of the King `id` at stack index `k` of `s`. Castling is offered only if
/// `castle_ok` says the King may castle over those squares (not in check, no attacked
/// square crossed), which the caller decides.
pub fn gen_king(
    b: &Board,
    id: usize,
    s: Sq,
    k: usize,
    captures_only: bool,
    castle_ok: &mut dyn FnMut(Sq) -> bool,
    out: &mut Vec<Action>,
) {
    let side = b.pcs[id].side;
    let base = step_arg(k);
    for (m, enter_m) in steps(b, s, side, false) {
        let one = Action::new(ActionKind::Move, &[to_sq(s), to_sq(m)])
            .with_arg(base | if enter_m { arg::ENTER } else { 0 });
        let first_captures = !enter_m && b.ground(m).is_some();
        if !captures_only || first_captures {
            out.push(one.clone());
        }
        // Second step, on the board after the first step (its triggers deferred): the King
        // stands on `m` and has left `s` (empty if it stood there alone).
        let vacated = (k == 0).then_some(s);
        for (t, enter_t) in steps_after(b, m, side, false, vacated) {
            let second_captures = !enter_t && vacated != Some(t) && b.ground(t).is_some();
            if captures_only && !first_captures && !second_captures {
                continue;
            }
            let mut a = base | if enter_t { arg::ENTER } else { 0 };
            if enter_m {
                a |= arg::ENTER_MID;
            }
            out.push(Action::new(ActionKind::Move, &[to_sq(s), to_sq(m), to_sq(t)]).with_arg(a));
        }
    }
    if captures_only || k != 0 {
        return;
    }
    for (rook_sq, ksq, rsq) in castlings(b, id, s) {
        let cross = rsq;
        if !castle_ok(cross) {
            continue;
        }
        out.push(Action::new(ActionKind::Move, &[to_sq(s), to_sq(ksq)]).with_arg(base));
        let mut c = b.clone();
        if do_castle(&mut c, id, s, rook_sq, ksq, rsq).is_err() {
            continue;
        }
        for (t, enter_t) in steps(&c, ksq, side, false) {
            let a = base | if enter_t { arg::ENTER } else { 0 };
            out.push(Action::new(ActionKind::Move, &[to_sq(s), to_sq(ksq), to_sq(t)]).with_arg(a));
        }
    }
}

fn do_castle(b: &mut Board, king: usize, s: Sq, rook_sq: Sq, ksq: Sq, rsq: Sq) -> Result<(), Stop> {
    let r = b.ground(rook_sq).ok_or(Stop::Bad)?;
    let km = b.lift(king, false);
    let rm = b.lift(r, true);
    if !b.empty(ksq) || !b.empty(rsq) || s == ksq {
        return Err(Stop::Bad);
    }
    b.put(ksq, &km);
    b.put(rsq, &rm);
    b.pcs[r].moved = true;
    Ok(())
}

/// Executes a King movement; removals are queued (DB-KING-04).
pub fn exec_king(
    b: &mut Board,
    ctx: &mut Ctx,
    id: usize,
    path: &[Sq],
    a: u16,
    q: &mut Queue,
) -> Result<(), Stop> {
    if !(2..=3).contains(&path.len()) {
        return Err(Stop::Bad);
    }
    let s = path[0];
    let first = path[1];
    let castling = (i32::from(first % 8) - i32::from(s % 8)).abs() == 2 && first / 8 == s / 8;
    if castling {
        let Some(&(rook_sq, ksq, rsq)) = castlings(b, id, s).iter().find(|c| c.1 == first) else {
            return Err(Stop::Bad);
        };
        do_castle(b, id, s, rook_sq, ksq, rsq)?;
    } else {
        if s.abs_diff(first) == 0
            || (s % 8).abs_diff(first % 8) > 1
            || (s / 8).abs_diff(first / 8) > 1
        {
            return Err(Stop::Bad);
        }
        let enter = if path.len() == 3 {
            a & arg::ENTER_MID != 0
        } else {
            a & arg::ENTER != 0
        };
        let movers = lift_mover(b, id);
        land(b, ctx, &movers, first, enter, q)?;
    }
    if path.len() == 3 {
        let t = path[2];
        if (first % 8).abs_diff(t % 8) > 1 || (first / 8).abs_diff(t / 8) > 1 || first == t {
            return Err(Stop::Bad);
        }
        let movers = lift_mover(b, id);
        land(b, ctx, &movers, t, a & arg::ENTER != 0, q)?;
    }
    Ok(())
}

/// The actions of a King movement (DB-KING-01, DB-KING-05): a two-step movement
/// `[from, mid, to]` is its first step `[from, mid]` (argument: the mover's stack index,
/// `ENTER` if the first step enters a rook) and its second step `[mid, to]` (`ENTER` if it
/// enters a rook); castling is a first step like any other. A one-step movement is itself.
pub fn links(a: &Action) -> Links {
    if a.path.len() != 3 {
        return smallvec::smallvec![a.clone()];
    }
    let mover = a.arg & !(arg::ENTER | arg::ENTER_MID);
    let first = Action::new(ActionKind::Move, &a.path[..2]).with_arg(
        mover
            | if a.arg & arg::ENTER_MID != 0 {
                arg::ENTER
            } else {
                0
            },
    );
    let second = Action::new(ActionKind::Move, &a.path[1..]).with_arg(a.arg & arg::ENTER);
    smallvec::smallvec![first, second]
}

/// The movement made of a first and a second King step (the inverse of [`links`]); `None`
/// if the second step does not start where the first ends.
pub fn combine(first: &Action, second: &Action) -> Option<Action> {
    if first.path.len() != 2 || second.path.len() != 2 || first.path[1] != second.path[0] {
        return None;
    }
    let mut a = (first.arg & !arg::ENTER) | (second.arg & arg::ENTER);
    if first.arg & arg::ENTER != 0 {
        a |= arg::ENTER_MID;
    }
    Some(
        Action::new(
            ActionKind::Move,
            &[first.path[0], first.path[1], second.path[1]],
        )
        .with_arg(a),
    )
}
