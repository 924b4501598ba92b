//! Attacks and check (FC6-TURN-04, FC6-BNCE-06).
//!
//! A unit U attacks square `t` when U is normal and unparalysed (FC6-PARA-05), can
//! capture at all (jesters never do, FC6-JEST-01), and one leg of its current capture
//! ability could capture an enemy standing on `t`: its native patterns, the patterns it
//! borrows by Empower (FC6-EMPW-02) and Tower (FC6-ROOK-09), obeying blocking, walls,
//! range and bounce (FC6-BNCE-06: bounced diagonal routes attack too). Guards, kind
//! immunity and the Templar Shield refuse captures, not attacks. A king is in check when
//! an enemy unit attacks its square; kings never attack kings (FC6-KIND-04). Knight's
//! Leap attacks: a knight also attacks every square it could take by Knight's Leap capture
//! (FC6-KNIG-02, [`super::knight::leap_attacks`]).
//!
//! Uses: [`super::base`], [`super::empower`], [`super::movement`], [`super::paralysis`],
//! [`super::rook`].

use super::base::{Fc6, Fc6Position, JESTER, KING, KNIGHT, LEAPS, PAWN};
use super::empower::{native_grant, Analysis};
use super::knight::leap_attacks;
use super::movement::{for_each_leg, leg_attacks, leg_reads, Grant};
use super::paralysis::is_paralyzed;
use super::rook::tower;
use crate::frozen_family::Parts;
use frozen_core::{Bitboard, Side, Square, UnitId};
use smallvec::SmallVec;

/// The grants a unit captures with now: native, Empower, Tower (none for jesters).
pub fn capture_grants(an: &Analysis, pos: &Fc6Position, id: UnitId) -> SmallVec<[Grant; 8]> {
    let mut out = SmallVec::new();
    let u = pos.unit(id);
    let Some(sq) = u.loc.square() else {
        return out;
    };
    if u.kind == JESTER {
        return out;
    }
    out.push(native_grant(pos, id));
    if let Some(g) = an.empowered(pos, sq) {
        out.push(g);
    }
    out.extend(tower(an, pos, sq));
    out
}

/// True if unit `id` attacks `t` (see the module documentation). An empty `t` is judged
/// as if an enemy stood there.
pub fn attacks(fc: &Fc6, an: &Analysis, pos: &Fc6Position, id: UnitId, t: Square) -> bool {
    let u = pos.unit(id);
    let Some(s) = u.loc.square() else {
        return false;
    };
    if s == t {
        return false;
    }
    let occ = pos.occupied().without(s).with(t);
    let walls = pos.walls().mask();
    let by = |g: Grant| leg_attacks(&fc.patterns, occ, walls, u.side, s, g, t);
    // The grants of `capture_grants`, cheapest first, and paralysis judged only for a
    // unit that reaches `t` at all.
    let by_leg = u.kind != JESTER
        && (by(native_grant(pos, id))
            || an.empowered(pos, s).is_some_and(by)
            || tower(an, pos, s).into_iter().any(by));
    (by_leg || (u.kind == KNIGHT && leap_attacks(pos, s, t))) && !is_paralyzed(pos, id)
}

/// Calls `f` for every unit of `by` attacking `t` until `f` returns true.
pub fn for_each_attacker(
    fc: &Fc6,
    an: &Analysis,
    pos: &Fc6Position,
    t: Square,
    by: Side,
    f: &mut dyn FnMut(UnitId) -> bool,
) -> bool {
    for s in pos.side_bb(by).iter() {
        let Some(id) = pos.unit_at(s) else { continue };
        if attacks(fc, an, pos, id, t) && f(id) {
            return true;
        }
    }
    false
}

/// True if some unit of `by` attacks `t`.
pub fn attacked_by(fc: &Fc6, an: &Analysis, pos: &Fc6Position, t: Square, by: Side) -> bool {
    for_each_attacker(fc, an, pos, t, by, &mut |_| true)
}

/// The square of `side`'s king, if it is on the board.
pub fn king_square(pos: &Fc6Position, side: Side) -> Option<Square> {
    pos.pieces(side, KING).iter().next()
}

/// True if `side`'s king is attacked by an enemy unit other than a king (FC6-TURN-04,
/// FC6-KIND-04). Each unit's own patterns and Knight's Leap are tried first; the enemy's
/// protection analysis (Empower, Tower) is made only when some unit could reach the king
/// with the patterns its side could lend it at the longest range any lender has.
pub fn in_check(fc: &Fc6, pos: &Fc6Position, side: Side) -> bool {
    in_check_skipping(fc, pos, side, Bitboard::EMPTY)
}

/// [`in_check`], leaving out the enemy units on `skip`: the caller knows that each of
/// them neither attacks the king with its own patterns nor could with borrowed ones
/// ([`Threat::None`]; the parts of [`check_parts`]).
pub fn in_check_skipping(fc: &Fc6, pos: &Fc6Position, side: Side, skip: Bitboard) -> bool {
    let Some(scan) = KingScan::new(pos, side) else {
        return false;
    };
    let mut borrowers = Bitboard::EMPTY;
    for s in (scan.attackers - skip).iter() {
        match scan.threat(fc, pos, s) {
            Threat::Checks => return true,
            Threat::MayBorrow => borrowers.set(s),
            Threat::None => {}
        }
    }
    if borrowers.is_empty() {
        return false;
    }
    // Only the attackers' protection matters (their Empower and Tower).
    let an = Analysis::of_side(fc, pos, scan.them);
    for s in borrowers.iter() {
        let Some(id) = pos.unit_at(s) else { continue };
        if attacks(fc, &an, pos, id, scan.k) {
            return true;
        }
    }
    false
}

/// The check test of `side` (no unit of either side moved, the king on its square) with
/// the occupancy `occ` and the walls `walls` in place of the position's, leaving out the
/// enemy units on `skip`: `Some(true)` if safe, `Some(false)` if in check, `None` if the
/// protection analysis would be needed or a knight's Knight's Leap reads `changed` (its
/// 5x5 square meets the squares whose contents differ from the position's). The units'
/// kinds, ranges and paralysis are the position's.
pub fn threat_after(
    fc: &Fc6,
    pos: &Fc6Position,
    side: Side,
    skip: Bitboard,
    occ: Bitboard,
    walls: Bitboard,
    changed: Bitboard,
) -> Option<bool> {
    let mut scan = KingScan::new(pos, side)?;
    scan.occ = occ.with(scan.k);
    scan.walls = walls;
    let mut borrow = false;
    for s in (scan.attackers - skip).iter() {
        if pos.piece_at(s).is_some_and(|(k, _)| k == KNIGHT)
            && fc.geo.within(s, 2).intersects(changed)
        {
            return None;
        }
        match scan.threat(fc, pos, s) {
            Threat::Checks => return Some(false),
            Threat::MayBorrow => borrow = true,
            Threat::None => {}
        }
    }
    (!borrow).then_some(true)
}

/// What one enemy unit means to a king, judged without the protection analysis.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Threat {
    /// It attacks the king with its own patterns or Knight's Leap, unparalysed.
    Checks,
    /// It could reach the king with patterns its side could lend it: the protection
    /// analysis decides.
    MayBorrow,
    /// Neither.
    None,
}

/// What the check test of one king looks at, worked out once.
struct KingScan {
    /// The king's square.
    k: Square,
    /// The enemy side.
    them: Side,
    /// The enemy units that may attack: every one but the king.
    attackers: Bitboard,
    /// The enemy's lenders (counted protectors other than the king: no pawn, no jester).
    lenders: Bitboard,
    /// Every pattern some lender could lend, at the longest range any lender has.
    lent: Grant,
    occ: Bitboard,
    walls: Bitboard,
}

impl KingScan {
    fn new(pos: &Fc6Position, side: Side) -> Option<KingScan> {
        let k = king_square(pos, side)?;
        let them = side.opposite();
        let attackers = pos.side_bb(them) - pos.pieces(them, KING);
        // Borrowed grants (Empower, Tower) are patterns of the side's own lenders at a
        // lender's or a rook's range. A unit that could not reach the king even with all
        // of them at the longest range needs no protection analysis.
        let lenders = attackers - pos.pieces(them, PAWN) - pos.pieces(them, JESTER);
        let mut lent = Grant { pats: 0, range: 0 };
        for s in lenders.iter() {
            if let Some(id) = pos.unit_at(s) {
                let g = native_grant(pos, id);
                lent.pats |= g.pats;
                lent.range = lent.range.max(g.range);
            }
        }
        Some(KingScan {
            k,
            them,
            attackers,
            lenders,
            lent,
            occ: pos.occupied().with(k),
            walls: pos.walls().mask(),
        })
    }

    /// The patterns a borrowed grant could add to a lender's own: leaps it lacks, and
    /// slides it lacks or has at a shorter range (none for a unit that is no lender).
    fn extra(&self, s: Square, own: Grant) -> Grant {
        if !self.lenders.contains(s) {
            return Grant { pats: 0, range: 0 };
        }
        let covered = (own.pats & LEAPS)
            | if own.range >= self.lent.range {
                own.pats
            } else {
                0
            };
        Grant {
            pats: self.lent.pats & !covered,
            range: self.lent.range,
        }
    }

    /// The threat of the enemy unit on `s`.
    fn threat(&self, fc: &Fc6, pos: &Fc6Position, s: Square) -> Threat {
        let Some(id) = pos.unit_at(s) else {
            return Threat::None;
        };
        let u = pos.unit(id);
        let own = native_grant(pos, id);
        let occ = self.occ.without(s);
        let native = u.kind != JESTER
            && leg_attacks(&fc.patterns, occ, self.walls, self.them, s, own, self.k);
        if (native || (u.kind == KNIGHT && leap_attacks(pos, s, self.k))) && !is_paralyzed(pos, id)
        {
            return Threat::Checks;
        }
        let extra = self.extra(s, own);
        if extra.pats != 0
            && leg_attacks(&fc.patterns, occ, self.walls, self.them, s, extra, self.k)
        {
            return Threat::MayBorrow;
        }
        Threat::None
    }
}

/// The parts of [`in_check`]`(fc, pos, side)` that may be skipped after a change: for
/// each enemy unit whose [`Threat`] is none, its square and every square that answer
/// reads (the 3x3 square around it, 5x5 for a knight: the jesters whose presence
/// paralyses it, the king whose Royal Guard refuses that, its Knight's Leaps; what its
/// own legs and the legs of what it could borrow look at, [`leg_reads`]). While none of
/// those squares, no enemy unit and not the king change, the unit still does not
/// threaten the king (the lenders and so what could be lent stay the same).
pub fn check_parts(fc: &Fc6, pos: &Fc6Position, side: Side, parts: &mut Parts) {
    let Some(scan) = KingScan::new(pos, side) else {
        return;
    };
    for s in scan.attackers.iter() {
        if scan.threat(fc, pos, s) != Threat::None {
            continue;
        }
        let Some(id) = pos.unit_at(s) else { continue };
        let occ = pos.occupied().without(s);
        let own = native_grant(pos, id);
        let mut reads = fc
            .geo
            .within(s, if pos.unit(id).kind == KNIGHT { 2 } else { 1 })
            | leg_reads(&fc.patterns, occ, scan.walls, scan.them, s, own);
        let extra = scan.extra(s, own);
        if extra.pats != 0 {
            reads |= leg_reads(&fc.patterns, occ, scan.walls, scan.them, s, extra);
        }
        parts.push((s, reads));
    }
}

/// Every square whose contents [`in_check`]`(fc, pos, side)` may read, so that a change
/// confined to other squares cannot change its answer (the bulk verdicts of rotations,
/// FC6-ROTA-09 with FC6-TURN-03). It holds:
/// * `side`'s king square, and every wall, tomb, trap and shadow;
/// * around each enemy unit, the 3x3 square: the jesters whose presence paralyses it and
///   the king whose Royal Guard refuses that (FC6-JEST-03, FC6-PARA-07); around a knight,
///   the 5x5 square of its Knight's Leap landings and paths (FC6-KNIG-02);
/// * every square each enemy unit's legs look at ([`leg_reads`]) under every grant it
///   captures or protects with: native, Empower, Tower (its native legs read all that
///   protection reads, FC6-EMPW-01).
pub fn check_zone(fc: &Fc6, pos: &Fc6Position, side: Side) -> Bitboard {
    let them = side.opposite();
    let walls = pos.walls().mask();
    let mut zone = walls | pos.tombs().mask() | pos.traps().mask() | pos.shadows().mask();
    if let Some(k) = king_square(pos, side) {
        zone.set(k);
    }
    let an = Analysis::of_side(fc, pos, them);
    for s in pos.side_bb(them).iter() {
        let Some(id) = pos.unit_at(s) else { continue };
        let u = pos.unit(id);
        zone |= fc.geo.within(s, if u.kind == KNIGHT { 2 } else { 1 });
        let occ = pos.occupied().without(s);
        let mut grants = capture_grants(&an, pos, id);
        if grants.is_empty() {
            grants.push(native_grant(pos, id));
        }
        for g in grants {
            zone |= leg_reads(&fc.patterns, occ, walls, them, s, g);
        }
    }
    zone
}

/// Every occupied square (and more) that some unit of `by` attacks, in one pass over its
/// units: the ends of their capture grants' legs. Exact on occupied squares (there the
/// target needs no stand-in); an empty square is in the set if a leg may end there.
pub fn attacked_set(fc: &Fc6, an: &Analysis, pos: &Fc6Position, by: Side) -> Bitboard {
    let walls = pos.walls().mask();
    let mut out = Bitboard::EMPTY;
    for s in pos.side_bb(by).iter() {
        let Some(id) = pos.unit_at(s) else { continue };
        if is_paralyzed(pos, id) {
            continue;
        }
        let occ = pos.occupied().without(s);
        for g in capture_grants(an, pos, id) {
            for_each_leg(&fc.patterns, occ, walls, by, s, g, &mut |leg| {
                out.set(leg.to);
                false
            });
        }
    }
    out
}

/// The occupied squares unit `id` attacks (friend or foe alike, as [`attacks`] judges an
/// occupied square), in one pass over its capture grants: the targets of the abilities
/// that need "could capture" (SwapShot, Paralyse, Conversion, Mind Control, Pull).
pub fn attacked_units(fc: &Fc6, an: &Analysis, pos: &Fc6Position, id: UnitId) -> Bitboard {
    let u = pos.unit(id);
    let mut out = Bitboard::EMPTY;
    let Some(s) = u.loc.square() else {
        return out;
    };
    if is_paralyzed(pos, id) {
        return out;
    }
    let occ = pos.occupied().without(s);
    let walls = pos.walls().mask();
    for g in capture_grants(an, pos, id) {
        for_each_leg(&fc.patterns, occ, walls, u.side, s, g, &mut |leg| {
            if leg.onto_unit {
                out.set(leg.to);
            }
            false
        });
    }
    if u.kind == KNIGHT {
        for t in occ.iter() {
            if !out.contains(t)
                && t.file().abs_diff(s.file()) <= 2
                && t.rank().abs_diff(s.rank()) <= 2
                && leap_attacks(pos, s, t)
            {
                out.set(t);
            }
        }
    }
    out
}
