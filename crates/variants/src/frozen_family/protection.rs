//! Protection, Empower and Royal Guards (F12-EMPW-01..02, F12-GARD-01..02; FC6 and FC11
//! EMPW and GARD rows).
//!
//! Owns: who protects a square. A protector of square `s` for a side is a friendly,
//! unparalysed unit of a protecting kind whose *native* patterns reach `s` as if an enemy
//! stood there (one leg, blocking obeyed). Counted protectors (the game's
//! [`FamilyTables::counted`] kinds) decide Empower and Guards: with exactly one, a unit that
//! may be empowered gains that protector's native patterns; with two or more it is guarded
//! (cannot be captured) and not empowered. Uses: [`super::patterns`] look-backs, the game's
//! paralysis test.

use super::game::FamilyGame;
use super::patterns::Pat;
use super::tables::FamilyTables;
use frozen_core::{Bitboard, Position, Side, Square, UnitId};

/// The protectors of a square for one side.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Protection {
    /// Number of counted protectors (up to the `stop_at` asked for).
    pub count: u32,
    /// Native patterns of the first counted protector found (the only one when `count` is 1).
    pub first: Pat,
    /// Union of the native patterns of every protector found, uncounted ones included.
    pub all: Pat,
}

/// The protectors of square `s` among `side`'s units (the unit on `s` excluded), looked up
/// backwards from `s` pattern by pattern. With `stop_at` the count stops once reached.
pub fn protection<G: FamilyGame>(
    g: &G,
    pos: &Position<G::State>,
    s: Square,
    side: Side,
    stop_at: u32,
) -> Protection {
    let t = g.tables();
    let mut p = Protection::default();
    let occ = pos.occupied();
    let own = pos.side_bb(side).without(s);
    let mut seen = Bitboard::EMPTY;
    for i in 0..t.patterns.len() {
        let bit: Pat = 1 << i;
        let full = t.patterns.back_hits(i, side, s, occ, own, |h| {
            if seen.contains(h) {
                return false;
            }
            let Some(id) = pos.unit_at(h) else {
                return false;
            };
            let k = pos.unit(id).kind;
            let counted = t.counted.has(k);
            if !counted && !t.uncounted_protectors.has(k) {
                return false;
            }
            let pats = t.native(k);
            if pats & bit == 0 || g.is_paralyzed(pos, id) {
                return false;
            }
            seen.set(h);
            p.all |= pats;
            if counted {
                if p.count == 0 {
                    p.first = pats;
                }
                p.count += 1;
                return p.count >= stop_at;
            }
            false
        });
        if full {
            return p;
        }
    }
    p
}

/// True if the unit is guarded: two or more counted protectors, and its kind can be
/// guarded.
pub fn is_guarded<G: FamilyGame>(g: &G, pos: &Position<G::State>, id: UnitId) -> bool {
    let u = pos.unit(id);
    match u.loc.square() {
        Some(s) if !g.tables().never_guarded.has(u.kind) => {
            protection(g, pos, s, u.side, 2).count >= 2
        }
        _ => false,
    }
}

/// The patterns the unit gains by Empower now: its single counted protector's native
/// patterns; nothing for kinds never empowered, or when guarded.
pub fn empowered<G: FamilyGame>(g: &G, pos: &Position<G::State>, id: UnitId) -> Pat {
    let u = pos.unit(id);
    if g.tables().never_empowered.has(u.kind) {
        return 0;
    }
    match u.loc.square() {
        Some(s) => {
            let p = protection(g, pos, s, u.side, 2);
            if p.count == 1 {
                p.first
            } else {
                0
            }
        }
        None => 0,
    }
}

/// The patterns a unit attacks and captures with now: native plus empowered (none for the
/// kinds that never attack).
pub fn attack_pats<G: FamilyGame>(g: &G, pos: &Position<G::State>, id: UnitId) -> Pat {
    let t: &FamilyTables = g.tables();
    let k = pos.unit(id).kind;
    if t.non_attackers.has(k) {
        return 0;
    }
    t.native(k) | empowered(g, pos, id)
}
