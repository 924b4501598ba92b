//! Promotion and end-of-turn conversion.
//!
//! Implements DB-PROM-01 (the pool: own non-pawn pieces in the opponent's captured pile or
//! the own exile pile; the chosen unit itself comes back, so no side ever has more pieces
//! of a kind than the set), DB-PROM-02 (a ground pawn on its last row at the end of any
//! turn must convert: promote, become a statue, or, only at the end of its owner's own
//! turn, capture an exiled enemy piece and be captured), DB-PROM-03 (last-row and statue
//! promotion draw from the whole pool, bishop promotion from the exile pile only; a King
//! comes back only from exile) and DB-PROM-04 (the promoted unit appears on the pawn's
//! square, counts as moved, keeps its used-raise flag). The pawn itself is spent.
//!
//! Conversions are pending decisions of the pawn's owner, `choose:<n>` over
//! [`options`], asked in order: the mover's pawns first, then the opponent's (DB-BASE-05).

use super::base::*;
use super::context::Ctx;
use frozen_core::{Event, Side, UnitId};

/// One conversion option.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Conv {
    /// Stay a pawn (optional conversion in front of a statue chain only, DB-STAT-03).
    Stay,
    /// Become a statue (DB-STAT-01).
    Statue,
    /// Promote to this pool unit.
    Promote(usize),
    /// Capture this exiled enemy unit (DB-CAPT-07).
    CaptureExiled(usize),
}

/// The next pawn due to convert: `(pawn, optional)`. `arrived` says whether a pawn moved
/// this turn; `declined` lists pawns that chose to stay this turn.
pub fn due(
    b: &Board,
    mover: Side,
    arrived: &dyn Fn(usize) -> bool,
    declined: &[UnitId],
) -> Option<(usize, bool)> {
    for side in [mover, mover.opposite()] {
        for (i, p) in b.pcs.iter().enumerate() {
            if p.side != side || p.kind != PAWN {
                continue;
            }
            let Place::Board(s, 0) = p.place else {
                continue;
            };
            if rel_rank(side, s) == 7 {
                return Some((i, false));
            }
            if super::statue::in_front_of_chain(b, side, s)
                && arrived(i)
                && !declined.contains(&UnitId(i as u16))
            {
                return Some((i, true));
            }
        }
    }
    None
}

/// The options of a converting pawn, in `choose:<n>` order.
pub fn options(b: &Board, pawn: usize, optional: bool, own_turn: bool) -> Vec<Conv> {
    let side = b.pcs[pawn].side;
    let mut v = Vec::new();
    if optional {
        v.push(Conv::Stay);
    }
    v.push(Conv::Statue);
    for u in super::statue::pool(b, side) {
        v.push(Conv::Promote(u));
    }
    if own_turn {
        for u in b.exiled(side.opposite()) {
            v.push(Conv::CaptureExiled(u));
        }
    }
    v
}

/// Applies a conversion.
pub fn apply(b: &mut Board, ctx: &mut Ctx, pawn: usize, c: Conv) {
    let Place::Board(s, _) = b.pcs[pawn].place else {
        return;
    };
    let side = b.pcs[pawn].side;
    match c {
        Conv::Stay => {}
        Conv::Statue => {
            b.pcs[pawn].kind = STATUE;
            b.pcs[pawn].origin = Some(PAWN);
            ctx.ev(Event::Promoted {
                unit: UnitId(pawn as u16),
                from: PAWN,
                to: STATUE,
            });
        }
        Conv::Promote(u) => {
            b.lift(pawn, false);
            b.pcs[pawn].place = Place::Spent;
            b.pcs[u].place = Place::Air;
            b.pcs[u].moved = true;
            b.put(s, &[u as u8]);
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
        Conv::CaptureExiled(u) => {
            let vs = b.pcs[u].side;
            let was_exiled_king = b.king_exiled(vs);
            b.lift(pawn, false);
            b.pcs[pawn].place = Place::Captured(side.opposite());
            b.pcs[u].place = Place::Captured(side);
            if was_exiled_king {
                ctx.exile_captured[vs.index()] = true;
            }
            ctx.ev(Event::Captured {
                unit: UnitId(u as u16),
                at: to_sq(s),
                by: Some(UnitId(pawn as u16)),
                to: frozen_core::Location::Captured(side),
            });
        }
    }
}

/// The options offered to the owner: [`options`] without the captures of exiled pieces that
/// would leave the owner's King in check (removing the pawn can open a line; every other
/// option keeps the square occupied, DB-FIDE-02).
pub fn safe_options(b: &Board, pawn: usize, optional: bool, own_turn: bool) -> Vec<Conv> {
    let side = b.pcs[pawn].side;
    options(b, pawn, optional, own_turn)
        .into_iter()
        .filter(|&c| {
            if !matches!(c, Conv::CaptureExiled(_)) {
                return true;
            }
            let mut t = b.clone();
            let mut ctx = Ctx::default();
            apply(&mut t, &mut ctx, pawn, c);
            !super::fide::in_check(&t, side)
        })
        .collect()
}

/// True if every way the opponent's pawns standing on their last row could convert at the
/// end of `mover`'s turn leaves `mover`'s King out of check (a promotion there can give
/// check; DB-FIDE-02 over every decision of the turn).
pub fn opponent_conversions_safe(b: &Board, mover: Side) -> bool {
    let opp = mover.opposite();
    let mut due: smallvec::SmallVec<[usize; 8]> = smallvec::SmallVec::new();
    for (i, p) in b.pcs.iter().enumerate() {
        if p.side == opp
            && p.kind == PAWN
            && matches!(p.place, Place::Board(s, 0) if rel_rank(opp, s) == 7)
        {
            due.push(i);
        }
    }
    fn go(b: &Board, mover: Side, due: &[usize]) -> bool {
        let Some((&pawn, rest)) = due.split_first() else {
            return !super::fide::in_check(b, mover);
        };
        options(b, pawn, false, false).into_iter().all(|c| {
            let mut t = b.clone();
            let mut ctx = Ctx::default();
            apply(&mut t, &mut ctx, pawn, c);
            go(&t, mover, rest)
        })
    }
    due.is_empty() || go(b, mover, &due)
}
