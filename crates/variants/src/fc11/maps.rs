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
//! * FC11-QUEN-06: S's Queens' doubles contribute too, with their Queen's full pattern at
//!   her current range from the double's square ([`double_reach`]); their parts are kept
//!   apart ([`AttackMap::doubles`]) from the units' parts ([`AttackMap::reaches`]), which
//!   protection and Power Steal read: a double threatens and checks, but never protects.
//!   A double square blocks like a wall, so it is never in A either.
//!
//! This module builds A0, the contributors' own patterns; the patterns Empower and Tower
//! lend join it in [`super::empower`] and [`super::node`] (the whole A).
//!
//! Two ways to ask, one definition: [`attack_map`] builds the whole map with each
//! contributor's own part ([`Reach`], for the rules that ask "which unit reaches it": who
//! protects whom, who threatens a Jester), once per position; [`attacked`] answers one
//! square and stops at the first contributor (the own-King test of FC11-TURN-15, run
//! after every candidate). Both read the same per-kind parts
//! ([`crate::fc11::units::slide_part`], [`crate::fc11::units::short_attacks`]); the tests
//! check that they agree with each other and with a brute-force enumerator.
//!
//! * FC11-CAPT-12: the explosion map E(S) ([`explosion_map`]): the 3x3 of every armed tomb
//!   (a tomb with dead units on a square holding no unit and no wall; in both sides'
//!   maps) and the 3x3 of every enemy Jester standing on a square of A(S) (its explosion
//!   when captured). The other sources the catalog lists (bombs, loaded Cannons, Onager
//!   throws, Trebuchet targets, Detonate, pawn bombs, the Stage 3 and 4 extras) do not
//!   exist in the engine yet; each joins this function when its part does.
//! * FC11-CAPT-13: the influence map I(S) = A(S) ∪ E(S) ∪ C(S) ([`influence_map`]), what a
//!   respawn square must avoid. C(S) is one geometric pass over S's unparalysed units:
//!   the 3x3 around every landing square of a Rook (Stun); the 3x3 around every Jester
//!   and every square it can move to, and those squares (presence, Spin, Walltrap,
//!   Decoherence); the 3x3 around every Queen and every square she can move to (Gaze);
//!   the 3x3 of every Frog (Slime); the rook-like and bishop-like capture lines of every
//!   unit that has them, up to its range, ignoring blockers (pull); the 4 orthogonal
//!   neighbours of every unit (push); the 5x5 around every square a Templar's rook slides
//!   reach, and those squares (Tornado, Avalanche); the square in front of every Onager
//!   (ammunition). Shadows (Shadowstrike) and the Ship's Warning Shot do not exist yet.
//!   No search over replies: every part is geometry on the position as it stands.
//!
//! Uses: [`super::units`], [`super::bounce`], [`super::paralysis`].

use super::base::{Fc11, Fc11Position, FROG, JESTER, LANCER, ONAGER, QUEEN, ROOK, TEMPLAR};
use super::board::View;
use super::bounce;
use super::double;
use super::paralysis::is_paralyzed;
use super::units::{self, lancer};
use frozen_core::{Bitboard, Side, Square, Unit, UnitId};
use smallvec::SmallVec;

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
    /// Each contributing unit's part, in square order (inline up to 128 contributors:
    /// building a map allocates nothing on the heap). Protection reads these.
    pub reaches: SmallVec<[Reach; 128]>,
    /// The parts of S's Queens' doubles (FC11-QUEN-06), each with its Queen's id and the
    /// double's square: in A, never protectors.
    pub doubles: SmallVec<[Reach; 2]>,
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

    /// The contributing units that attack `sq` (doubles left out: they are no unit).
    pub fn attackers(&self, sq: Square) -> impl Iterator<Item = &Reach> + '_ {
        self.reaches.iter().filter(move |r| r.all().contains(sq))
    }
}

/// True if the unit `id` contributes to its side's map: on the board, not paralysed by its
/// counter or a status (FC11-CAPT-11, FC11-PARA-01, -04), and not a pawn under Knightmare,
/// which captures nothing (FC11-KNGT-06).
#[inline]
pub fn contributes(pos: &Fc11Position, id: UnitId) -> bool {
    let held = pos.unit(id).kind == super::base::PAWN
        && super::units::knight::knightmare(pos, id).is_some();
    !is_paralyzed(pos, id) && !held
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
    for (dsq, q) in double::of_side(pos, side) {
        let r = double_reach(v, q, dsq);
        map.slide |= r.slide;
        map.other |= r.other;
        map.doubles.push(r);
    }
    map
}

/// The part of A of the double on `dsq` of the Queen `queen` (FC11-QUEN-06): her pattern
/// and current range from the double's square, whatever her paralysis.
pub fn double_reach(v: &View, queen: UnitId, dsq: Square) -> Reach {
    unit_reach(v, queen, v.pos.unit(queen), dsq)
}

/// True if some double of `by` attacks `s` (FC11-QUEN-06).
#[inline]
pub fn double_attacks(v: &View, s: Square, by: Side) -> bool {
    let pos = v.pos;
    if pos.effects().is_empty() {
        return false;
    }
    double::of_side(pos, by).any(|(dsq, q)| dsq != s && units::attacks(v, pos.unit(q), dsq, s))
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
    double_attacks(v, s, by)
}

/// The contributing units of `by` that attack `s`, with their squares (FC11-CAPT-11; the
/// same units as `attack_map(v, by).attackers(s)`, doubles left out), for the rules that
/// ask which pieces threaten one square (FC11-JEST-03).
pub fn attackers(v: &View, s: Square, by: Side) -> SmallVec<[(UnitId, Square); 4]> {
    let mut out = SmallVec::new();
    if v.walls.contains(s) {
        return out;
    }
    let pos = v.pos;
    for from in pos.side_bb(by).iter() {
        let Some(id) = pos.unit_at(from) else {
            continue;
        };
        if units::attacks(v, pos.unit(id), from, s) && contributes(pos, id) {
            out.push((id, from));
        }
    }
    out
}

/// The square ring of radius `r` around `sq`, `sq` included (the 3x3 for 1, the 5x5 for 2).
#[inline]
pub fn around(sq: Square, r: u8) -> Bitboard {
    let (f, k) = (sq.file(), sq.rank());
    Bitboard::rect(
        f.saturating_sub(r),
        f + r + 1,
        k.saturating_sub(r),
        k + r + 1,
    )
}

/// The armed tombs: squares with dead units and no unit, wall or Queen's double on them
/// (FC11-CAPT-12 (a), FC11-TOMB-01, FC11-QUEN-07; the view counts doubles with walls).
pub fn armed_tombs(v: &View) -> Bitboard {
    v.tombs & !v.units & !v.walls
}

/// E(`side`) (FC11-CAPT-12) on the position of `v`; `a` is A(`side`) (the Jesters it holds
/// would explode if captured; [`super::node::Node::explosion`] passes the whole map).
pub fn explosion_map(v: &View, side: Side, a: Bitboard) -> Bitboard {
    let mut e = Bitboard::EMPTY;
    for t in armed_tombs(v).iter() {
        e |= around(t, 1);
    }
    let theirs = v.pos.pieces(side.opposite(), JESTER) & a;
    for j in theirs.iter() {
        e |= around(j, 1);
    }
    e
}

/// The destinations of the unit `u` on `from` (its candidate moves' last squares).
fn landing(fc: &Fc11, v: &View, u: &Unit, from: Square) -> Bitboard {
    let mut acts = Vec::new();
    units::moves(fc, v, u, from, &mut acts);
    let mut out = Bitboard::EMPTY;
    for a in &acts {
        if let Some(t) = a.to() {
            out.set(t);
        }
    }
    out
}

/// The straight rays from `from` along `dirs`, `range` squares long, ignoring blockers.
fn rays(from: Square, dirs: &[(i32, i32)], range: u8) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for &(df, dr) in dirs {
        let mut cur = from;
        for _ in 0..range {
            match cur.offset(df, dr) {
                Some(n) => {
                    out.set(n);
                    cur = n;
                }
                None => break,
            }
        }
    }
    out
}

/// C(`side`), the non-capturing influence of FC11-CAPT-13, on the position of `v`.
pub fn control_map(fc: &Fc11, v: &View, side: Side) -> Bitboard {
    let pos = v.pos;
    let mut c = Bitboard::EMPTY;
    for from in pos.side_bb(side).iter() {
        let Some(id) = pos.unit_at(from) else {
            continue;
        };
        if !contributes(pos, id) {
            continue;
        }
        let u = pos.unit(id);
        // Push: the 4 orthogonal neighbours.
        c |= rays(from, &units::ORTHO, 1);
        // Pull: capture lines up to the range, ignoring blockers.
        if let Some((dirs, range)) = units::slide_part(u) {
            c |= rays(from, dirs, range);
        }
        match u.kind {
            ROOK => {
                for t in landing(fc, v, u, from).iter() {
                    c |= around(t, 1);
                }
            }
            JESTER | QUEEN => {
                c |= around(from, 1);
                let land = landing(fc, v, u, from);
                c |= land;
                for t in land.iter() {
                    c |= around(t, 1);
                }
            }
            FROG => c |= around(from, 1),
            TEMPLAR => {
                if let Some((dirs, range)) = units::slide_part(u) {
                    let reach = bounce::reach_set(v.route_board(from), from, dirs, range, true);
                    c |= reach;
                    for t in reach.iter() {
                        c |= around(t, 2);
                    }
                }
            }
            ONAGER => {
                let a = super::board::aim(u);
                if let Some(t) = from.step(a) {
                    c.set(t);
                }
            }
            _ => {}
        }
    }
    c
}

/// I(`side`) = A ∪ E ∪ C (FC11-CAPT-13) on the position of `v`, given A(`side`) whole
/// (what [`super::node::Node::influence`] passes).
pub fn influence_map(fc: &Fc11, v: &View, side: Side, a: Bitboard) -> Bitboard {
    a | explosion_map(v, side, a) | control_map(fc, v, side)
}
