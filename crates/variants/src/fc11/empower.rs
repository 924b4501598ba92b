//! Protection, Empower, guards and Tower (FC11-EMPW-01..08, FC11-ROOK-04).
//!
//! * FC11-EMPW-01 ([`protectors`]): X protects a friendly unit Y when Y's square is in X's
//!   own part of the attack map (FC11-CAPT-11: X could capture there with one action of
//!   its own patterns, bounced routes and the Lancer's flank included, at its current
//!   range, if an enemy stood there). Paralysed units protect nothing (they have no part
//!   of A). Only X's own patterns count, never what X itself borrows, so protection never
//!   depends on empower (no circle).
//! * FC11-EMPW-03: Kings and pawns never empower or guard ([`LENDERS`]: the kinds that can
//!   capture, less the King and the pawn), and are never empowered (the immunity table's
//!   Empower rows for the King and the pawn; the Ship's row, FC11-EMPW-06).
//! * FC11-EMPW-04: a protector counts (is *valid*) only if no enemy threatens it: its
//!   square is outside the enemy's native attack map A0 (every contributor's own
//!   patterns, [`super::maps::attacked`]). Borrowed patterns do not make a threat here:
//!   the threat that validates a protector is judged one level down, because a threat
//!   made with borrowed patterns depends on the protections it would itself decide.
//! * FC11-EMPW-02 ([`standing`]): with exactly one valid protector X, Y is empowered: it
//!   gains X's own moves and captures at X's current range, on top of its own, as a
//!   stand-in unit of X's kind on Y's square and side ([`stand_in`]); for kind immunity
//!   Y stays its own kind ([`super::board::View::actor`]). Units that cannot capture
//!   (SETP-13) gain the moves only; the Trebuchet and the Cannon never move and gain
//!   nothing. A protector of Y's own kind empowers nothing (kind immunity, FC11-PARA-12;
//!   it still counts as a protector). A lent move with the same squares as one Y has
//!   already is the same action. Paralysed units are not empowered in effect: they have
//!   no action and no part of A.
//! * FC11-EMPW-05: with two or more valid protectors Y is guarded (unless the table's
//!   Guard rows make it immune: the King, the Ship, FC11-EMPW-06): nothing captures it
//!   ([`super::board::View::may_capture`]); it still captures normally and is not
//!   empowered.
//! * FC11-EMPW-07: guards stop captures only here (pulls and conversion, which they also
//!   stop, and explosions, which ignore them, are later parts).
//! * FC11-EMPW-08: all of it is read off the current position whenever asked, never
//!   stored; Power Steal (FC11-JEST-03) stacks on top.
//! * FC11-ROOK-04 Tower ([`tower_stand_in`]): when a Rook that acts (unparalysed) is
//!   empowered by its one valid protector X, X gains the rook's moves and captures at the
//!   Rook's current range, on top of its own.
//!
//! The whole picture of a position, built once per listing, is [`super::node::Node`];
//! [`threatened`] answers one square (the own-King test run after every candidate) with
//! the same definitions. Uses: [`super::maps`], [`super::units`], [`super::immunity`].

use super::base::{
    Fc11Position, ASSASSIN, CANNON, CHANCELLOR, DRAGON, KNIGHT, LANCER, QUEEN, ROOK, TEMPLAR,
    TREBUCHET,
};
use super::board::View;
use super::capture::CRR_COUNTER;
use super::immunity::{immune, Actor, Effect};
use super::maps::{attacked, contributes};
use super::units;
use frozen_core::{Action, Kind, Side, Square, Unit, UnitId};
use smallvec::SmallVec;

/// The kinds that can empower, guard and Tower (FC11-EMPW-03): every kind that can capture
/// except the King and the pawn.
pub const LENDERS: [Kind; 8] = [
    LANCER, KNIGHT, DRAGON, ROOK, QUEEN, CHANCELLOR, TEMPLAR, ASSASSIN,
];

/// True if units of `kind` can lend (FC11-EMPW-03).
#[inline]
pub fn lends(kind: Kind) -> bool {
    LENDERS.contains(&kind)
}

/// True if units of `kind` capture (FC11-SETP-13): they gain captures with a lent pattern.
#[inline]
pub fn captures(kind: Kind) -> bool {
    lends(kind) || kind == super::base::PAWN || kind == super::base::KING
}

/// True if the unit `id` of `side`, standing on `at`, is a valid protector (FC11-EMPW-01,
/// -03, -04): a lender kind, contributing to A, and outside A0(enemy).
#[inline]
pub fn valid(v: &View, id: UnitId, at: Square, side: Side) -> bool {
    lends(v.pos.unit(id).kind) && contributes(v.pos, id) && !attacked(v, at, side.opposite())
}

/// The valid protectors of the square `sq` among `side`'s units (the unit on `sq` left
/// out), at most two (FC11-EMPW-01, -04).
pub fn protectors(v: &View, sq: Square, side: Side) -> SmallVec<[(UnitId, Square); 2]> {
    let pos = v.pos;
    let mut out = SmallVec::new();
    for from in pos.side_bb(side).without(sq).iter() {
        let Some(id) = pos.unit_at(from) else {
            continue;
        };
        let u = pos.unit(id);
        if lends(u.kind) && units::attacks(v, u, from, sq) && valid(v, id, from, side) {
            out.push((id, from));
            if out.len() == 2 {
                break;
            }
        }
    }
    out
}

/// What protection makes of a unit (FC11-EMPW-02, -05).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Neither empowered nor guarded.
    Plain,
    /// Empowered by the unit standing on the square.
    Empowered(UnitId, Square),
    /// Guarded.
    Guarded,
}

/// The standing of `id` on `sq` given its valid protectors `prot` (at most two).
pub fn standing_from(pos: &Fc11Position, id: UnitId, prot: &[(UnitId, Square)]) -> Standing {
    match prot {
        [] => Standing::Plain,
        [(x, xsq)] => {
            let l = pos.unit(*x);
            let actor = Actor {
                kind: l.kind,
                side: l.side,
            };
            if immune(pos, Effect::Empower, Some(actor), id).is_none() {
                Standing::Empowered(*x, *xsq)
            } else {
                Standing::Plain
            }
        }
        _ => {
            if immune(pos, Effect::Guard, None, id).is_none() {
                Standing::Guarded
            } else {
                Standing::Plain
            }
        }
    }
}

/// The standing of the unit `id` on `sq` in the position of `v`.
pub fn standing(v: &View, id: UnitId, sq: Square) -> Standing {
    let side = v.pos.unit(id).side;
    standing_from(v.pos, id, &protectors(v, sq, side))
}

/// The stand-in that makes `u`'s moves with `lender`'s kind at the lender's current range
/// (FC11-EMPW-02): `u` with the lender's kind, range and CRR.
pub fn stand_in(u: &Unit, lender: &Unit) -> Unit {
    let mut s = u.clone();
    s.kind = lender.kind;
    s.status.range = lender.status.range;
    s.status.counters[CRR_COUNTER] = lender.status.counters[CRR_COUNTER];
    s
}

/// The stand-in that makes the Tower's rook moves of `x` at `rook`'s range (FC11-ROOK-04).
pub fn tower_stand_in(x: &Unit, rook: &Unit) -> Unit {
    stand_in(x, rook)
}

/// Appends the moves `u` (on `from`) makes with the stand-in `lent` (FC11-EMPW-02,
/// FC11-ROOK-04): captures only if `u`'s kind captures; none for the Trebuchet and the
/// Cannon; an action `out[own..]` already holds is not added twice.
pub fn lent_moves(
    fc: &super::base::Fc11,
    v: &View,
    u: &Unit,
    lent: &Unit,
    from: Square,
    own: usize,
    out: &mut Vec<Action>,
) {
    if u.kind == TREBUCHET || u.kind == CANNON {
        return;
    }
    stand_in_moves(fc, v, u, lent, from, captures(u.kind), own, out);
}

/// Appends the moves `u` (on `from`, acting as itself) makes with the stand-in `lent`:
/// moves onto open squares, and captures too when `capture`; an action `out[own..]`
/// already holds is not added twice. Shared by lent moves (FC11-EMPW-02, FC11-ROOK-04)
/// and the Assassin's retained moves (FC11-ASSN-13).
#[allow(clippy::too_many_arguments)]
pub fn stand_in_moves(
    fc: &super::base::Fc11,
    v: &View,
    u: &Unit,
    lent: &Unit,
    from: Square,
    capture: bool,
    own: usize,
    out: &mut Vec<Action>,
) {
    let lv = View {
        actor: Some(u.kind),
        ..*v
    };
    let mut tmp = Vec::new();
    units::moves(fc, &lv, lent, from, &mut tmp);
    for a in tmp {
        let ok = a.to().is_some_and(|t| v.open(t) || capture);
        if ok && !out[own..].contains(&a) {
            out.push(a);
        }
    }
}

/// True if a stand-in of `u` on `from` with some kind of `kinds` at the longest range
/// could attack `s` (a cheap superset of the lent attacks: a longer range reaches more).
/// `rides` says whether an all-direction route from `from` reaches `s` at the longest
/// range, which every rider's attack needs.
fn may_attack(v: &View, u: &Unit, from: Square, s: Square, kinds: &[Kind], rides: bool) -> bool {
    let near = from.distance(s) <= 3;
    kinds.iter().any(|&k| {
        let rider = matches!(k, ROOK | QUEEN | DRAGON | TEMPLAR);
        if !(near || k == LANCER || (rider && rides)) {
            return false;
        }
        let mut s2 = u.clone();
        s2.kind = k;
        s2.status.range = super::capture::BASE_RANGE;
        s2.status.counters[CRR_COUNTER] = 0;
        units::attacks(v, &s2, from, s)
    })
}

/// True if `s` is attacked by `by` through lent patterns only: an empowered unit's or a
/// Tower's (the part of A(`by`) beyond A0, FC11-CAPT-11 with FC11-EMPW-02, FC11-ROOK-04).
/// Cheap tests first: only units that could reach `s` with some lent pattern at the
/// longest range have their protectors counted.
pub fn lent_attack(v: &View, s: Square, by: Side) -> bool {
    if v.walls.contains(s) {
        return false;
    }
    let pos = v.pos;
    let mut kinds: SmallVec<[Kind; 8]> = SmallVec::new();
    for k in LENDERS {
        if pos.pieces(by, k).any() {
            kinds.push(k);
        }
    }
    if kinds.is_empty() {
        return false;
    }
    let full = (super::capture::BASE_RANGE / 20) as u8;
    let rooks = pos.pieces(by, ROOK);
    // Tower lenders that could reach `s` with a rook route.
    let mut towers: SmallVec<[(UnitId, Square); 4]> = SmallVec::new();
    for from in pos.side_bb(by).iter() {
        let Some(id) = pos.unit_at(from) else {
            continue;
        };
        let u = pos.unit(id);
        if !lends(u.kind) {
            continue;
        }
        let rides = units::reach::route_reaches(v, from, &units::ALL8, full, s);
        if rides
            && rooks.any()
            && units::reach::route_reaches(v, from, &units::ORTHO, full, s)
            && contributes(pos, id)
        {
            towers.push((id, from));
        }
        if !may_attack(v, u, from, s, &kinds, rides) || !contributes(pos, id) {
            continue;
        }
        if let Standing::Empowered(x, _) = standing(v, id, from) {
            if units::attacks(v, &stand_in(u, pos.unit(x)), from, s) {
                return true;
            }
        }
    }
    for (x, xsq) in towers {
        let lender = pos.unit(x);
        for r in rooks.iter() {
            let Some(rid) = pos.unit_at(r) else { continue };
            if !units::attacks(v, lender, xsq, r) || !contributes(pos, rid) {
                continue;
            }
            if standing(v, rid, r) == Standing::Empowered(x, xsq)
                && units::attacks(v, &tower_stand_in(lender, pos.unit(rid)), xsq, s)
            {
                return true;
            }
        }
    }
    false
}

/// True if `s` is in the whole A(`by`) (FC11-CAPT-11): own patterns ([`attacked`]) or
/// lent ones ([`lent_attack`]).
pub fn threatened(v: &View, s: Square, by: Side) -> bool {
    attacked(v, s, by) || lent_attack(v, s, by)
}
