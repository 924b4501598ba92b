//! King in Exile.
//!
//! Implements DB-EXIL-01 (a King exiled by its own queen or an own falling piece; exiling
//! the own King on purpose is legal), DB-EXIL-02 (an exiled King is never in check and
//! cannot bait; both Kings may be in exile), DB-EXIL-03 (the exiled player loses when no
//! pawn or statue is left, or when an opposing pawn or statue captures one of their exiled
//! pieces; the King returns through any promotion route), DB-EXIL-04 (announced check as a
//! pseudo-royal rule: the exiled player may not leave the opponent a next turn that removes
//! their last pawn or statue, or that captures an exiled piece through a pawn converting at
//! the end of the opponent's own turn or through a statue; with no such movement they lose)
//! and DB-EXIL-05 (a voluntary exile of the own King is illegal while the opponent owns a
//! statue; `fide::legal`).

use super::base::*;
use super::chain::for_outcomes_as;
use frozen_core::Side;

/// True if the exiled `side` is threatened in the sense of DB-EXIL-04.
pub fn threatened(b: &Board, side: Side) -> bool {
    let opp = side.opposite();
    let has_exiled = b.exiled(side).next().is_some();
    if has_exiled && super::fide::has_statue(b, opp) {
        return true;
    }
    // Only a movement that removes a piece can take the last pawn or statue (when one is
    // left: with none, every movement "takes" it), and only a removal or a pawn of the
    // opponent within two rows of its last row can bring a pawn of the opponent onto that
    // row: otherwise the movements that remove a piece directly are the only ones that can
    // threaten.
    let near = has_exiled
        && b.pcs.iter().any(|p| {
            p.side == opp
                && p.kind == PAWN
                && matches!(p.place, Place::Board(s, _) if rel_rank(opp, s) >= 6)
        });
    let mut moves = Vec::new();
    let captures_only = !near && b.pawns_and_statues(side) > 0;
    super::fide::pseudo(b, opp, &[], captures_only, false, &mut moves);
    for a in &moves {
        let safe = for_outcomes_as(b, opp, a, &[], None, true, &mut |r, _| {
            if r.pawns_and_statues(side) == 0 {
                return false;
            }
            if has_exiled {
                let converting = r.pcs.iter().any(|p| {
                    p.side == opp
                        && p.kind == PAWN
                        && matches!(p.place, Place::Board(s, 0) if rel_rank(opp, s) == 7)
                });
                if converting {
                    return false;
                }
            }
            true
        });
        if !safe {
            return true;
        }
    }
    false
}

/// True if the exiled `side` has lost by DB-EXIL-03 (a): no pawn or statue left.
pub fn lost_no_pawns(b: &Board, side: Side) -> bool {
    b.king_exiled(side) && b.pawns_and_statues(side) == 0
}
