//! The attack map A(S) (FC11-CAPT-11): the one definition behind "capture range",
//! "attack range", "threatened", "protects" and "guarded".
//!
//! * FC11-CAPT-11: A(S) = the squares on which some unit of S could capture a unit standing
//!   there (as if an enemy stood there) with one single normal action in the current
//!   position, whoever is to move. Contributors: S's units on the board that are not
//!   paralysed (FC11-PARA-01). Patterns: every native capture pattern of the unit
//!   ([`crate::fc11::units::attacks`]), its bounced capture routes at its current range
//!   (FC11-TURN-12, [`crate::fc11::bounce`]), the Lancer's flank squares. A line or route
//!   stops at the first occupied square, which is included. Kind immunity and immortality
//!   are ignored: they forbid the capture, not the geometry. No unit can stand on a wall,
//!   so wall squares are never in A (capture substitutes that hit walls, such as a
//!   Cannon's shot, are a later part's own map). Per square the map records
//!   whether a capture slide ([`AttackMap::slide`]) or another pattern
//!   ([`AttackMap::other`]) reaches it (the categories of FC11-SHEL-02); every pattern of
//!   this engine can capture a King, so the King-capturing part (FC11-KING-02) is the
//!   whole map.
//!
//! Two ways to ask, one definition: [`attack_map`] builds the whole map with each
//! contributor's own part ([`Reach`], for the rules that ask "which unit reaches it": who
//! protects whom, who threatens a Jester), once per position; [`attacked`] answers one
//! square and stops at the first contributor (the own-King test of FC11-TURN-15, run
//! after every candidate). Both read the same per-kind parts
//! ([`crate::fc11::units::slide_part`], [`crate::fc11::units::short_attacks`]); the tests
//! check that they agree with each other and with a brute-force enumerator.
//!
//! Uses: [`super::units`], [`super::bounce`], [`super::paralysis`].

use super::base::{Fc11Position, LANCER};
use super::board::View;
use super::bounce;
use super::paralysis::is_paralyzed;
use super::units::{self, lancer};
use frozen_core::{Bitboard, Side, Square, Unit, UnitId};

/// One contributor's part of a map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    /// The contributing unit.
    pub unit: UnitId,
    /// Where it stands.
    pub from: Square,
    /// Squares its capture slides reach.
    pub slide: Bitboard,
    /// Squares its other patterns reach.
    pub other: Bitboard,
}

impl Reach {
    /// Every square this contributor attacks.
    #[inline]
    pub fn all(&self) -> Bitboard {
        self.slide | self.other
    }
}

/// The attack map A(S) of one side (FC11-CAPT-11).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AttackMap {
    /// Squares some capture slide of S reaches.
    pub slide: Bitboard,
    /// Squares some other pattern of S reaches.
    pub other: Bitboard,
    /// Each contributor's part, in square order.
    pub reaches: Vec<Reach>,
}

impl AttackMap {
    /// Every square of A(S).
    #[inline]
    pub fn all(&self) -> Bitboard {
        self.slide | self.other
    }

    /// True if `sq` is in A(S).
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        self.all().contains(sq)
    }

    /// The contributors that attack `sq`.
    pub fn attackers(&self, sq: Square) -> impl Iterator<Item = &Reach> + '_ {
        self.reaches.iter().filter(move |r| r.all().contains(sq))
    }
}

/// True if the unit `id` contributes to its side's map: on the board, not paralysed by its
/// counter or a status (FC11-CAPT-11, FC11-PARA-01, -04), and not a pawn under Knightmare,
/// which captures nothing (FC11-KNGT-06).
#[inline]
pub fn contributes(pos: &Fc11Position, id: UnitId) -> bool {
    !is_paralyzed(pos, id)
        && !(pos.unit(id).kind == super::base::PAWN
            && super::units::knight::knightmare(pos, id).is_some())
}

/// The squares within 3 of `from` (the reach of every short pattern).
#[inline]
fn near(from: Square) -> Bitboard {
    let f = from.file();
    let r = from.rank();
    Bitboard::rect(f.saturating_sub(3), f + 4, r.saturating_sub(3), r + 4).without(from)
}

/// The part of A of the unit `u` standing on `from` (paralysis aside).
pub fn unit_reach(v: &View, id: UnitId, u: &Unit, from: Square) -> Reach {
    let slide = match units::slide_part(u) {
        Some((dirs, range)) => bounce::reach_set(v.route_board(from), from, dirs, range, true),
        None => Bitboard::EMPTY,
    };
    let other = if u.kind == LANCER {
        lancer::attack_set(v, u, from)
    } else {
        let mut o = Bitboard::EMPTY;
        for t in near(from).iter() {
            if units::short_attacks(v, u, from, t) {
                o.set(t);
            }
        }
        o
    };
    Reach {
        unit: id,
        from,
        slide: slide & !v.walls,
        other: other & !v.walls,
    }
}

/// Builds A(`side`) on the position of `v` (FC11-CAPT-11).
pub fn attack_map(v: &View, side: Side) -> AttackMap {
    let pos = v.pos;
    let mut map = AttackMap::default();
    for from in pos.side_bb(side).iter() {
        let Some(id) = pos.unit_at(from) else {
            continue;
        };
        if !contributes(pos, id) {
            continue;
        }
        let r = unit_reach(v, id, pos.unit(id), from);
        map.slide |= r.slide;
        map.other |= r.other;
        map.reaches.push(r);
    }
    map
}

/// True if `s` is in A(`by`): one contributor's test, stopping at the first that reaches it
/// (FC11-CAPT-11; same answer as `attack_map(v, by).contains(s)`).
pub fn attacked(v: &View, s: Square, by: Side) -> bool {
    if v.walls.contains(s) {
        return false;
    }
    let pos = v.pos;
    for from in pos.side_bb(by).iter() {
        let Some(id) = pos.unit_at(from) else {
            continue;
        };
        if units::attacks(v, pos.unit(id), from, s) && contributes(pos, id) {
            return true;
        }
    }
    false
}
