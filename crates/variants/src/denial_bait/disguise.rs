//! Disguise and chain disguise.
//!
//! Implements DB-DSGS-01 (a pawn that could reach a square with a non-capturing pawn move,
//! were it empty, may swap places with the piece there, of either colour; a ground rook
//! moves with all its riders; statues never), DB-DSGS-02 (swapping with a rider: the pawn
//! takes exactly that rider's place), DB-DSGS-03 (the pawn's new square must be legal for
//! it; the swapped piece may land anywhere and end-of-turn checks apply to it; a King
//! swapped gets no extra step; the mover's King must not end in check), DB-DSGS-04 (chain
//! disguise: further own pawns that could move to the disguised piece's new square swap
//! with it in the same movement; each pawn at most once; every link optional) and
//! DB-DSGS-05 (a link made with a double move records en passant against that pawn only).
//!
//! Action: `Swap` whose path is the links' routes concatenated (`[pawn, (mid), target]`
//! each); argument bit `LINK_DOUBLE << i` marks link `i` as a double move, the victim
//! index selects a rider of the first target's stack. A rider pawn may not swap with a
//! loaded ground rook (engine ruling: the rook's riders would have no square).

use super::base::*;
use super::context::{arg, Ctx, Stop};
use frozen_core::{Action, ActionKind, Event, Side, UnitId};

/// Bit of link 0 being a double move; link `i` uses `LINK_DOUBLE << i`.
pub const LINK_DOUBLE: u16 = 1 << 9;
/// Longest chain.
pub const MAX_LINKS: usize = 7;

/// The squares one or two orthogonal steps away (where a pawn that can reach a square stands).
const NEAR: [(i32, i32); 12] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (0, 2),
    (2, 0),
    (0, -2),
    (-2, 0),
    (1, 1),
    (1, -1),
    (-1, -1),
    (-1, 1),
];

/// Swaps pawn `p` with piece `d`.
fn swap(b: &mut Board, p: usize, d: usize) -> Result<(), Stop> {
    let Place::Board(ps, pk) = b.pcs[p].place else {
        return Err(Stop::Bad);
    };
    let Place::Board(ds, dk) = b.pcs[d].place else {
        return Err(Stop::Bad);
    };
    if ps == ds || b.pcs[d].kind == STATUE {
        return Err(Stop::Bad);
    }
    if dk == 0 && b.stk[ds as usize].len() > 1 {
        if pk != 0 || b.stk[ps as usize].len() != 1 {
            return Err(Stop::Bad);
        }
        let dstack = std::mem::take(&mut b.stk[ds as usize]);
        b.stk[ds as usize].push(p as u8);
        b.stk[ps as usize] = dstack;
    } else {
        b.stk[ps as usize][pk as usize] = d as u8;
        b.stk[ds as usize][dk as usize] = p as u8;
    }
    b.reindex(ps);
    b.reindex(ds);
    Ok(())
}

/// The pawn routes of pawn `p` (from its place) that end on square `t` (as if `t` were empty).
fn routes_to(b: &Board, p: usize, t: Sq) -> smallvec::SmallVec<[super::pawn::Route; 4]> {
    match b.pcs[p].place {
        Place::Board(s, k) => super::pawn::routes_to(b, b.pcs[p].side, s, usize::from(k), t),
        _ => smallvec::SmallVec::new(),
    }
}

/// A chain's route so far: the links' squares concatenated (at most 7 links of 3 squares).
#[derive(Copy, Clone)]
struct ChainPath {
    n: usize,
    sq: [Sq; 3 * MAX_LINKS],
}

impl ChainPath {
    fn push(&mut self, path: &[Sq]) {
        self.sq[self.n..self.n + path.len()].copy_from_slice(path);
        self.n += path.len();
    }
}

/// Disguise movements of the pawn `id` (DB-DSGS-01, DB-DSGS-04).
pub fn gen_disguise(b: &Board, id: usize, out: &mut Vec<Action>) {
    visit_disguises(b, id, &mut |a| {
        out.push(a);
        false
    });
}

/// Calls `f` with every disguise and chain disguise of pawn `id`, as [`gen_disguise`] lists
/// them (each chain before its longer continuations); when `f` returns true, the chains
/// that start with the same first link are skipped.
pub fn visit_disguises(b: &Board, id: usize, f: &mut dyn FnMut(Action) -> bool) {
    let side = b.pcs[id].side;
    let Place::Board(s, k) = b.pcs[id].place else {
        return;
    };
    let mut c: Option<Board> = None;
    for r in super::pawn::routes(b, side, s, k as usize).iter() {
        let t = r.target();
        if t == s || b.empty(t) {
            continue;
        }
        let c = c.get_or_insert_with(|| b.clone());
        let double = r.path().len() == 3;
        for vk in 0..b.stk[t as usize].len() {
            let d = b.stk[t as usize][vk] as usize;
            if b.pcs[d].kind == STATUE || vk >= 8 {
                continue;
            }
            if swap(c, id, d).is_err() {
                continue;
            }
            let a = ((k as u16) << arg::MOVER_SHIFT)
                | ((vk as u16) << arg::VICTIM_SHIFT)
                | if double { LINK_DOUBLE } else { 0 };
            let mut used = [usize::MAX; MAX_LINKS];
            used[0] = id;
            let mut path = ChainPath {
                n: 0,
                sq: [0; 3 * MAX_LINKS],
            };
            path.push(r.path());
            extend(c, side, d, &mut used, path, a, 1, f);
            // A swap is its own inverse.
            let _ = swap(c, id, d);
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn extend(
    b: &mut Board,
    side: Side,
    d: usize,
    used: &mut [usize; MAX_LINKS],
    path: ChainPath,
    a: u16,
    links: usize,
    f: &mut dyn FnMut(Action) -> bool,
) -> bool {
    let mut act = Action::new(ActionKind::Swap, &[]).with_arg(a);
    act.path.extend(path.sq[..path.n].iter().map(|&q| to_sq(q)));
    if f(act) {
        return true;
    }
    if links >= MAX_LINKS {
        return false;
    }
    let Some(t) = b.square_of(d) else {
        return false;
    };
    let is_used = |used: &[usize; MAX_LINKS], x: usize| used[..links].contains(&x);
    // A pawn route is one or two orthogonal steps: only pawns that near can link.
    for &(df, dr) in &NEAR {
        let Some(ps) = off(t, df, dr) else { continue };
        // A link names its pawn by square: of several unused own pawns in one stack, the
        // lowest is the one (as in `exec_disguise`).
        let Some(p) = b.stk[ps as usize]
            .iter()
            .map(|&x| x as usize)
            .find(|&x| b.pcs[x].side == side && b.pcs[x].kind == PAWN && !is_used(used, x))
        else {
            continue;
        };
        for r in routes_to(b, p, t) {
            if swap(b, p, d).is_err() {
                continue;
            }
            let mut np = path;
            np.push(r.path());
            let na = a | if r.path().len() == 3 {
                LINK_DOUBLE << links
            } else {
                0
            };
            used[links] = p;
            let done = extend(b, side, d, used, np, na, links + 1, f);
            used[links] = usize::MAX;
            let _ = swap(b, p, d);
            if done {
                return true;
            }
        }
    }
    false
}

/// Executes a disguise or chain disguise.
pub fn exec_disguise(b: &mut Board, ctx: &mut Ctx, path: &[Sq], a: u16) -> Result<(), Stop> {
    let side = b.to_move;
    let mut i = 0usize;
    let mut link = 0usize;
    let mut d: Option<usize> = None;
    let mut used: Vec<usize> = Vec::new();
    while i < path.len() {
        let len = if a & (LINK_DOUBLE << link) != 0 { 3 } else { 2 };
        let r = path.get(i..i + len).ok_or(Stop::Bad)?;
        let s = r[0];
        let t = r[len - 1];
        let p = if link == 0 {
            *b.stk[s as usize].get(arg::mover(a)).ok_or(Stop::Bad)? as usize
        } else {
            b.stk[s as usize]
                .iter()
                .map(|&x| x as usize)
                .find(|&x| b.pcs[x].side == side && b.pcs[x].kind == PAWN && !used.contains(&x))
                .ok_or(Stop::Bad)?
        };
        if b.pcs[p].side != side || b.pcs[p].kind != PAWN || used.contains(&p) {
            return Err(Stop::Bad);
        }
        let target = match d {
            None => *b.stk[t as usize].get(arg::victim(a)).ok_or(Stop::Bad)? as usize,
            Some(d) => {
                if b.square_of(d) != Some(t) {
                    return Err(Stop::Bad);
                }
                d
            }
        };
        if !routes_to(b, p, t).iter().any(|x| x.path() == r) {
            return Err(Stop::Bad);
        }
        swap(b, p, target)?;
        if ctx.events.is_some() {
            ctx.ev(Event::Swapped {
                a: UnitId(p as u16),
                b: UnitId(target as u16),
            });
        }
        if len == 3 {
            ctx.new_ep.push(EpInfo {
                x: to_sq(r[1]),
                victim: UnitId(p as u16),
            });
        }
        used.push(p);
        d = Some(target);
        i += len;
        link += 1;
        if link > MAX_LINKS {
            return Err(Stop::Bad);
        }
    }
    if link == 0 {
        return Err(Stop::Bad);
    }
    ctx.pawn_move = true;
    Ok(())
}

/// The actions of a disguise movement (DB-DSGS-04): one `Swap` per link, each with its own
/// route. The first link keeps the mover's and victim's stack indexes; every link carries
/// `LINK_DOUBLE` when it is a double move.
pub fn links(a: &Action) -> super::king::Links {
    let mut out = super::king::Links::new();
    let mut i = 0usize;
    let mut link = 0usize;
    while i < a.path.len() && link < 16 {
        let double = a.arg & (LINK_DOUBLE << link) != 0;
        let len = if double { 3 } else { 2 };
        let Some(route) = a.path.get(i..i + len) else {
            return smallvec::smallvec![a.clone()];
        };
        let bits = if double { LINK_DOUBLE } else { 0 };
        let extra = if link == 0 {
            a.arg & (LINK_DOUBLE - 1)
        } else {
            0
        };
        out.push(Action::new(ActionKind::Swap, route).with_arg(bits | extra));
        i += len;
        link += 1;
    }
    out
}

/// The movement made of disguise links (the inverse of [`links`]); `None` for an empty list,
/// a link that is not a swap, or more than [`MAX_LINKS`] links.
pub fn combine(links: &[Action]) -> Option<Action> {
    if links.is_empty()
        || links.len() > MAX_LINKS
        || links.iter().any(|l| l.kind != ActionKind::Swap)
    {
        return None;
    }
    let mut path = Vec::new();
    let mut a = links[0].arg;
    for (i, l) in links.iter().enumerate() {
        let double = l.arg & LINK_DOUBLE != 0;
        if l.path.len() != if double { 3 } else { 2 } {
            return None;
        }
        if i > 0 {
            if l.arg & !LINK_DOUBLE != 0 {
                return None;
            }
            if double {
                a |= LINK_DOUBLE << i;
            }
        }
        path.extend_from_slice(&l.path);
    }
    Some(Action::new(ActionKind::Swap, &path).with_arg(a))
}
