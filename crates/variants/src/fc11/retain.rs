//! The Assassin's Retain Empowered Move (FC11-ASSN-13).
//!
//! * FC11-ASSN-13: an Assassin keeps moving, but not capturing, like the last unit that
//!   empowered it. The memory is the one stored part of empower (FC11-EMPW-08): after
//!   every action, at FC11-TURN-16 step (8) ([`remember`], called by `Rules::perform`),
//!   every Assassin on the board that is empowered (FC11-EMPW-02: exactly one valid
//!   protector, not refused by the immunity table, so never by another Assassin) records
//!   its empowerer's kind and CRR, replacing what it held ("a new empowerer replaces it");
//!   an Assassin that is not empowered keeps its memory. The memory of a unit that is no
//!   longer on the board is dropped (death; Morph, which also clears it, is a later
//!   part). The Assassin's own moves, its current lent moves and its retained moves are
//!   listed together ([`moves`]); a retained move is a move of a stand-in of the
//!   remembered kind at the remembered range (the CRR the empowerer had when it last
//!   empowered the Assassin; base ranges are fixed in this part), onto open squares only.
//!   A retained move with the same squares as a move the Assassin has already is the same
//!   action. Retained moves capture nothing, so they add nothing to the attack map
//!   (FC11-CAPT-11) and play no part in the own-King test: the legality test runs the
//!   action without step (8) (`turn::is_legal`).
//!
//! Stored in `Fc11State::retained` (hashed, journaled, saved in RON; FEN field 11).
//! Uses: [`super::empower`] (standing), [`super::board`], [`super::capture`],
//! [`super::units`].

pub use super::base::Retained;
use super::base::{Fc11, Fc11Position, ASSASSIN, CANNON, TREBUCHET};
use super::board::View;
use super::capture::{has_crr, BASE_RANGE, CRR_COUNTER};
use super::empower::{standing, Standing};
use frozen_core::{Action, Location, Square, Unit, UnitId};

/// The memory of the Assassin `id`, if any.
pub fn of(pos: &Fc11Position, id: UnitId) -> Option<Retained> {
    pos.state().retained.iter().find(|r| r.unit == id).copied()
}

/// FC11-TURN-16 step (8) for the Assassins' memories: every empowered Assassin records its
/// empowerer; memories of units no longer on the board are dropped.
pub fn remember(pos: &mut Fc11Position) {
    let assassins = pos.kind_bb(ASSASSIN);
    if assassins.is_empty() && pos.state().retained.is_empty() {
        return;
    }
    let mut next = pos.state().retained.clone();
    next.retain(|r| {
        let u = pos.unit(r.unit);
        u.kind == ASSASSIN && matches!(u.loc, Location::Board(_))
    });
    {
        let v = View::new(pos);
        for sq in assassins.iter() {
            let Some(id) = pos.unit_at(sq) else { continue };
            if let Standing::Empowered(x, _) = standing(&v, id, sq) {
                let lender = pos.unit(x);
                let r = Retained {
                    unit: id,
                    kind: lender.kind,
                    crr: lender.status.counters[CRR_COUNTER],
                };
                match next.iter_mut().find(|m| m.unit == id) {
                    Some(m) => *m = r,
                    None => next.push(r),
                }
            }
        }
    }
    next.sort_by_key(|r| r.unit);
    if next != pos.state().retained {
        pos.update_state(|s| s.retained = next);
    }
}

/// The stand-in that makes the retained moves of the Assassin `u` remembering `r`.
pub fn stand_in(u: &Unit, r: &Retained) -> Unit {
    let mut s = u.clone();
    s.kind = r.kind;
    s.status.range = if has_crr(r.kind) { BASE_RANGE } else { 0 };
    s.status.counters[CRR_COUNTER] = r.crr;
    s
}

/// Appends the retained moves of the Assassin `u` on `from` (FC11-ASSN-13): moves onto
/// open squares only, each action once (`out[own..]` holds its other actions).
pub fn moves(
    fc: &Fc11,
    v: &View,
    id: UnitId,
    u: &Unit,
    from: Square,
    own: usize,
    out: &mut Vec<Action>,
) {
    if u.kind != ASSASSIN {
        return;
    }
    let Some(r) = of(v.pos, id) else { return };
    if r.kind == TREBUCHET || r.kind == CANNON {
        return;
    }
    super::empower::stand_in_moves(fc, v, u, &stand_in(u, &r), from, false, own, out);
}
