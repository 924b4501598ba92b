//! Legality of a movement: DB-FIDE-02 (a movement may not leave the own King in check,
//! over every combination of decisions, the opponent's end-of-turn conversions included),
//! DB-EXIL-04 (an exiled King's side may not leave itself threatened) and DB-BAIT-03 /
//! DB-BAIT-04 (a bait free movement keeps the check and a bait target).
//!
//! Uses [`super::fide`] (check, end-of-turn mechanics), [`super::chain`] (outcomes of a
//! movement), [`super::exile`], [`super::promotion`] and [`super::bait`]. The turn
//! structure ([`super::listing`]) uses it.

use super::base::*;
use super::chain::for_outcomes;
use super::context::Ctx;
use super::fide::{end_outcomes, has_raised, has_statue, in_check};
use super::{bait, exile, promotion};
use frozen_core::{Action, Side};

/// True if the end-of-turn mechanics could change anything for `mover`.
fn needs_end_mech(b: &Board, mover: Side) -> bool {
    has_raised(b, mover)
        || b.pcs.iter().any(|p| {
            p.kind == PAWN && matches!(p.place, Place::Board(s, 0) if rel_rank(p.side, s) == 0)
        })
}

/// How a movement is judged.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Mode {
    /// An ordinary movement: the own King must be safe afterwards.
    Normal,
    /// A bait free movement: the King must still be in check and a bait target remain.
    BaitFree,
}

/// True if movement `a` of the side to act is legal in `mode`, for every combination of
/// decisions its chain reactions may take.
pub fn legal(b: &Board, a: &Action, ep: &[EpInfo], mode: Mode) -> bool {
    let mover = b.to_move;
    let was_exiled = b.king_exiled(mover);
    for_outcomes(b, a, ep, None, false, &mut |r, ctx| {
        if ctx.king_taken[mover.index()] {
            return false;
        }
        if ctx.king_exiled[mover.index()] && !was_exiled && has_statue(r, mover.opposite()) {
            return false;
        }
        let mut judge = |r2: &Board, cx: &Ctx| -> bool {
            if cx.king_taken[mover.index()] {
                return false;
            }
            let on_board = r2
                .king(mover)
                .is_some_and(|k| matches!(r2.pcs[k].place, Place::Board(..)));
            match mode {
                Mode::Normal => {
                    if on_board {
                        !in_check(r2, mover) && promotion::opponent_conversions_safe(r2, mover)
                    } else if r2.king_exiled(mover) {
                        !exile::threatened(r2, mover)
                    } else {
                        false
                    }
                }
                Mode::BaitFree => {
                    on_board
                        && in_check(r2, mover)
                        && r2
                            .king(mover)
                            .is_some_and(|k| !bait::targets(r2, k).is_empty())
                }
            }
        };
        if needs_end_mech(r, mover) {
            end_outcomes(r, mover, &mut judge)
        } else {
            judge(r, &Ctx::default())
        }
    })
}
