//! Protection and Empower (FC6-EMPW-01..04).
//!
//! * FC6-EMPW-01: the counted protectors of a unit X are friendly non-pawn units (kings
//!   included, jesters never: they cannot capture, FC6-JEST-01) that are normal and
//!   unparalysed and whose *native* patterns reach X's square as if an enemy stood there
//!   (catalog 0.4: the unit's own movement, straight slides within its range, no bounce,
//!   no borrowed pattern; kind ignored).
//! * FC6-EMPW-02: a non-king, non-pawn unit with exactly one counted protector, that
//!   protector not a king, gains the protector's native movement and capture patterns.
//! * FC6-EMPW-03: borrowed patterns keep their rules (a borrowed diagonal slide bounces)
//!   and use the protector's current range ([`Grant::range`]); only native patterns are
//!   lent, so there are no chains.
//! * FC6-EMPW-04: everything is judged on the current position ([`Analysis::new`] is
//!   computed from it); Tower ([`super::rook`]) and Power Steal ([`super::jester`]) add
//!   patterns on top.
//!
//! [`Analysis`] holds, for one position, every counted protector's cover, so that Empower,
//! Guards ([`super::guard`]) and Tower read protection without recomputing it.
//! Uses: [`super::base`], [`super::movement`], [`super::paralysis`].

use super::base::{native, Fc6, Fc6Position, JESTER, KING, PAWN, ROOK};
use super::movement::{straight_cover, Grant};
use super::paralysis::is_paralyzed;
use frozen_core::{Bitboard, BySide, Side, Square, UnitId};
use smallvec::SmallVec;

/// One counted protector: its square and the squares its native patterns cover.
#[derive(Copy, Clone, Debug)]
pub struct Protector {
    /// Where it stands.
    pub at: Square,
    /// The unit.
    pub id: UnitId,
    /// What its native patterns reach (FC6-EMPW-01).
    pub cover: Bitboard,
}

/// Protection in one position: the counted protectors of each side with their covers,
/// and per side the squares covered by at least one and by at least two of them (so that
/// Empower and Guards answer most squares from two bitboards).
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    /// Counted protectors per side.
    pub protectors: BySide<SmallVec<[Protector; 16]>>,
    /// Squares covered by at least one counted protector of the side.
    once: BySide<Bitboard>,
    /// Squares covered by at least two counted protectors of the side.
    twice: BySide<Bitboard>,
    /// Squares of the side's units that empower a friendly rook (Tower, FC6-ROOK-09).
    rook_lenders: BySide<Bitboard>,
}

/// The grant a unit's own kind gives it: its native patterns with its own range.
pub fn native_grant(pos: &Fc6Position, id: UnitId) -> Grant {
    let u = pos.unit(id);
    Grant {
        pats: native(u.kind),
        range: u.status.range,
    }
}

impl Analysis {
    /// Computes the covers of every counted protector of both sides.
    pub fn new(fc: &Fc6, pos: &Fc6Position) -> Analysis {
        let mut a = Analysis::default();
        for side in Side::ALL {
            a.add_side(fc, pos, side);
        }
        a
    }

    /// The protection of `side` only (the other side's queries answer "no protector"):
    /// enough wherever only `side`'s units are asked about, as when judging whether
    /// `side` attacks a square.
    pub fn of_side(fc: &Fc6, pos: &Fc6Position, side: Side) -> Analysis {
        let mut a = Analysis::default();
        a.add_side(fc, pos, side);
        a
    }

    fn add_side(&mut self, fc: &Fc6, pos: &Fc6Position, side: Side) {
        let occ = pos.occupied();
        let walls = pos.walls().mask();
        let mut list = SmallVec::new();
        for at in (pos.side_bb(side) - pos.pieces(side, PAWN) - pos.pieces(side, JESTER)).iter() {
            let Some(id) = pos.unit_at(at) else { continue };
            if is_paralyzed(pos, id) {
                continue;
            }
            // A unit never protects its own square.
            let cover = straight_cover(&fc.patterns, occ, walls, side, at, native_grant(pos, id))
                .without(at);
            self.twice[side] |= self.once[side] & cover;
            self.once[side] |= cover;
            list.push(Protector { at, id, cover });
        }
        self.protectors[side] = list;
        for r in pos.pieces(side, ROOK).iter() {
            if let Some(p) = self.empowerer(pos, r) {
                self.rook_lenders[side].set(p.at);
            }
        }
    }

    /// True if the unit of `side` on `sq` empowers a friendly rook (the only units that
    /// Tower grants anything, FC6-ROOK-09).
    pub fn lends_to_rook(&self, side: Side, sq: Square) -> bool {
        self.rook_lenders[side].contains(sq)
    }

    /// The number of counted protectors of `side` covering `sq` (the unit on `sq` itself
    /// left out) and the first one found.
    pub fn count(&self, side: Side, sq: Square) -> (u32, Option<Protector>) {
        if !self.once[side].contains(sq) {
            return (0, None);
        }
        let mut n = 0;
        let mut first = None;
        for p in &self.protectors[side] {
            if p.at != sq && p.cover.contains(sq) {
                n += 1;
                if first.is_none() {
                    first = Some(*p);
                }
            }
        }
        (n, first)
    }

    /// The single counted protector of the unit on `sq` if it is empowered by it
    /// (FC6-EMPW-02): the unit is neither king nor pawn, it has exactly one counted
    /// protector, and that protector is not a king.
    pub fn empowerer(&self, pos: &Fc6Position, sq: Square) -> Option<Protector> {
        let (kind, side) = pos.piece_at(sq)?;
        if kind == KING
            || kind == PAWN
            || !self.once[side].contains(sq)
            || self.twice[side].contains(sq)
        {
            return None;
        }
        match self.count(side, sq) {
            (1, Some(p)) if pos.piece_at(p.at).is_some_and(|(k, _)| k != KING) => Some(p),
            _ => None,
        }
    }

    /// True if at least two counted protectors of `side` cover `sq` (the unit on `sq`
    /// itself left out; Guards, FC6-GARD-01).
    pub fn covered_twice(&self, side: Side, sq: Square) -> bool {
        self.twice[side].contains(sq)
    }

    /// The patterns the unit on `sq` borrows by Empower, with the lender's range
    /// (FC6-EMPW-03).
    pub fn empowered(&self, pos: &Fc6Position, sq: Square) -> Option<Grant> {
        let p = self.empowerer(pos, sq)?;
        Some(native_grant(pos, p.id))
    }
}
