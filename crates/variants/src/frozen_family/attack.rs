//! Who attacks a square: check and threats (F12-TURN-03 and catalog 0.4 of each game).
//!
//! Owns: the attack test. An unparalysed unit attacks square `s` if one leg of its native
//! or empowered patterns could capture an enemy standing on `s` (blocking obeyed), or, for
//! a kind with the Knight's Leap, if `s` lies on a leap path of one of its knight-pattern
//! leaps to an empty square. Kinds that never capture attack nothing. Kind immunity and
//! Guards do not matter: they refuse captures, not attacks. Attackers are found by looking
//! back from `s` pattern by pattern ([`super::patterns::PatternTable::reach_back`]).
//! Uses: [`super::protection`] (Empower), [`super::leap_paths`].

use super::game::FamilyGame;
use super::leap_paths::leap_paths;
use super::protection::empowered;
use frozen_core::{Bitboard, Position, Side, Square, UnitId};

/// Calls `f` once for each unit of side `by` attacking `s`, until `f` returns true;
/// returns true if it did.
pub fn for_each_attacker<G: FamilyGame>(
    g: &G,
    pos: &Position<G::State>,
    s: Square,
    by: Side,
    f: &mut dyn FnMut(UnitId) -> bool,
) -> bool {
    let t = g.tables();
    let occ = pos.occupied();
    let mut theirs = pos.side_bb(by);
    for k in t.non_attackers.iter() {
        theirs -= pos.pieces(by, k);
    }
    let empowerable = t.empowerable;
    let mut seen = Bitboard::EMPTY;
    for i in 0..t.patterns.len() {
        let bit = 1 << i;
        let found = t.patterns.back_hits(i, by, s, occ, theirs, |h| {
            if seen.contains(h) {
                return false;
            }
            let Some(id) = pos.unit_at(h) else {
                return false;
            };
            let k = pos.unit(id).kind;
            let native = t.native(k) & bit != 0;
            if !native && (bit & empowerable == 0 || t.never_empowered.has(k)) {
                return false;
            }
            if g.is_paralyzed(pos, id) {
                return false;
            }
            if native || empowered(g, pos, id) & bit != 0 {
                seen.set(h);
                return f(id);
            }
            false
        });
        if found {
            return true;
        }
    }
    // Knight's Leap: `s` on a leap path of a knight leap to an empty square.
    let sources = t
        .leap_path_sources
        .get(s.index())
        .copied()
        .unwrap_or_default();
    for kind in t.leap_path_attackers.iter() {
        for k in (pos.pieces(by, kind) & sources).iter() {
            if seen.contains(k) {
                continue;
            }
            let geo = t.patterns.geometry();
            let hits = (geo.knight(k) - occ)
                .iter()
                .any(|to| leap_paths(k, to).iter().any(|p| p.contains(&s)));
            let Some(id) = pos.unit_at(k) else { continue };
            if hits && !g.is_paralyzed(pos, id) {
                seen.set(k);
                if f(id) {
                    return true;
                }
            }
        }
    }
    false
}

/// True if some unit of side `by` attacks `s`.
#[inline]
pub fn attacked_by<G: FamilyGame>(g: &G, pos: &Position<G::State>, s: Square, by: Side) -> bool {
    for_each_attacker(g, pos, s, by, &mut |_| true)
}
