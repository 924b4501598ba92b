//! Power Steal (FC11-JEST-03): a Jester threatened by enemy pieces may also move, never
//! capture, like each of them.
//!
//! * FC11-JEST-03 ([`stolen_moves`]): the enemy non-pawn pieces whose part of A(enemy)
//!   (FC11-CAPT-11, [`super::maps::attackers`]) holds the Jester's square each lend their
//!   movement: their pattern (bounces included) at their current range, from the Jester's
//!   square, onto open squares only. A stolen move with the same squares as one the Jester
//!   already has is the same action. Its own leaps are [`super::units::jester`]'s.
//!
//! Lives outside `units/` because it asks the whole unit dispatch ([`super::units::moves`])
//! for another kind's pattern, which `units/jester.rs` may not import (one import
//! direction per folder). Uses: [`super::units`], [`super::capture`].

use super::base::{Fc11, PAWN};
use super::board::View;
use super::capture::CRR_COUNTER;
use super::units;
use frozen_core::{Action, Square, Unit};

/// Appends the Jester's stolen moves (FC11-JEST-03): for each threatening enemy piece in
/// `thieves` (pawns are skipped), the moves onto open squares that piece's pattern would
/// give a unit of the Jester's side on `from`, at the piece's current range; never a
/// capture. `own` is where the Jester's candidates start in `out` (duplicates are not
/// added twice).
pub fn stolen_moves(
    fc: &Fc11,
    v: &View,
    u: &Unit,
    from: Square,
    thieves: &[&Unit],
    own: usize,
    out: &mut Vec<Action>,
) {
    let mut tmp = Vec::new();
    for e in thieves {
        if e.kind == PAWN {
            continue;
        }
        let mut fake = u.clone();
        fake.kind = e.kind;
        fake.status.range = e.status.range;
        fake.status.counters[CRR_COUNTER] = e.status.counters[CRR_COUNTER];
        tmp.clear();
        units::moves(fc, v, &fake, from, &mut tmp);
        for a in tmp.drain(..) {
            if a.to().is_some_and(|t| v.open(t)) && !out[own..].contains(&a) {
                out.push(a);
            }
        }
    }
}
