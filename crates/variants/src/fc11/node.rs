//! The maps of one position, built once per listing and read by every rule that asks
//! (FC11-CAPT-11..13 with FC11-EMPW-01..08 and FC11-ROOK-04).
//!
//! [`Node::new`] builds, for both sides: the native attack map A0 (every contributor's own
//! part, [`super::maps::attack_map`]), the valid protectors and what they make of each
//! unit (empowered, guarded, Tower; [`super::empower`]), and the whole attack map A = A0
//! plus the lent patterns' parts. The listing reads the guards (captures refused), the
//! lent moves, the Jester's thieves (FC11-JEST-03) and the Paralysis Transfer's threat
//! test (FC11-PARA-05) from it; E and I ([`Node::explosion`], [`Node::influence`]) are
//! built from its A. The own-King test after each candidate runs on the candidate's
//! position, where one square is asked ([`super::empower::threatened`], same
//! definitions). Nothing here allocates on the heap unless a side has more than 128
//! contributors (the small vectors spill).
//!
//! Uses: [`super::maps`], [`super::empower`], [`super::units`].

use super::base::{Fc11, ROOK};
use super::board::View;
use super::empower::{lends, stand_in, standing_from, tower_stand_in, Standing};
use super::maps::{attack_map, explosion_map, influence_map, unit_reach, AttackMap};
use frozen_core::{Bitboard, BySide, Side, Square, UnitId};
use smallvec::SmallVec;

/// A lent pattern in force (FC11-EMPW-02, FC11-ROOK-04).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grant {
    /// The unit that moves with it.
    pub unit: UnitId,
    /// Where it stands.
    pub at: Square,
    /// The unit whose kind and range it borrows (the protector; for a Tower, the Rook).
    pub lender: UnitId,
    /// True for a Tower grant (the protector borrows the Rook's pattern).
    pub tower: bool,
    /// What it attacks with the lent pattern (empty for units that never capture).
    pub reach: Bitboard,
}

/// The maps of one position.
#[derive(Clone, Debug)]
pub struct Node {
    /// A0 per side: the contributors' own parts.
    pub a0: BySide<AttackMap>,
    /// The valid protectors' squares per side (FC11-EMPW-04).
    pub valid: BySide<Bitboard>,
    /// The lent patterns in force, both sides.
    pub grants: SmallVec<[Grant; 16]>,
    /// Guarded units' squares, both sides (FC11-EMPW-05).
    pub guarded: Bitboard,
    /// The whole attack map A per side (FC11-CAPT-11).
    pub a: BySide<Bitboard>,
}

impl Node {
    /// Builds the maps of the position of `v`.
    pub fn new(v: &View) -> Node {
        let pos = v.pos;
        let a0 = BySide::new(attack_map(v, Side::White), attack_map(v, Side::Black));
        let mut valid = BySide::new(Bitboard::EMPTY, Bitboard::EMPTY);
        for side in [Side::White, Side::Black] {
            let other = a0[side.opposite()].all();
            for r in &a0[side].reaches {
                if lends(pos.unit(r.unit).kind) && !other.contains(r.from) {
                    valid[side].set(r.from);
                }
            }
        }
        let mut node = Node {
            valid,
            grants: SmallVec::new(),
            guarded: Bitboard::EMPTY,
            a: BySide::new(a0[Side::White].all(), a0[Side::Black].all()),
            a0,
        };
        for side in [Side::White, Side::Black] {
            for sq in pos.side_bb(side).iter() {
                let Some(id) = pos.unit_at(sq) else { continue };
                let prot = node.protectors(sq, side);
                match standing_from(pos, id, &prot) {
                    Standing::Plain => {}
                    Standing::Guarded => node.guarded.set(sq),
                    Standing::Empowered(x, xsq) => {
                        if !super::maps::contributes(pos, id) {
                            continue;
                        }
                        let u = pos.unit(id);
                        let lender = pos.unit(x);
                        let reach = if super::empower::captures(u.kind) {
                            unit_reach(v, id, &stand_in(u, lender), sq).all()
                        } else {
                            Bitboard::EMPTY
                        };
                        node.a[side] |= reach;
                        node.grants.push(Grant {
                            unit: id,
                            at: sq,
                            lender: x,
                            tower: false,
                            reach,
                        });
                        if u.kind == ROOK {
                            let reach = unit_reach(v, x, &tower_stand_in(lender, u), xsq).all();
                            node.a[side] |= reach;
                            node.grants.push(Grant {
                                unit: x,
                                at: xsq,
                                lender: id,
                                tower: true,
                                reach,
                            });
                        }
                    }
                }
            }
        }
        node
    }

    /// The valid protectors of `sq` among `side`'s units (the unit on `sq` left out), at
    /// most two, in square order (FC11-EMPW-01, -04).
    pub fn protectors(&self, sq: Square, side: Side) -> SmallVec<[(UnitId, Square); 2]> {
        let mut out = SmallVec::new();
        let valid = self.valid[side];
        for r in &self.a0[side].reaches {
            if r.from != sq && valid.contains(r.from) && r.all().contains(sq) {
                out.push((r.unit, r.from));
                if out.len() == 2 {
                    break;
                }
            }
        }
        out
    }

    /// True if `sq` is in A(`by`).
    #[inline]
    pub fn threatened(&self, sq: Square, by: Side) -> bool {
        self.a[by].contains(sq)
    }

    /// The units of `by` whose part of A(`by`), own or lent, holds `sq`, each once, in the
    /// order A0's parts then the grants (the thieves of FC11-JEST-03).
    pub fn attackers(&self, v: &View, sq: Square, by: Side) -> SmallVec<[UnitId; 4]> {
        let mut out: SmallVec<[UnitId; 4]> = SmallVec::new();
        for r in &self.a0[by].reaches {
            if r.all().contains(sq) {
                out.push(r.unit);
            }
        }
        for g in &self.grants {
            if v.pos.unit(g.unit).side == by && g.reach.contains(sq) && !out.contains(&g.unit) {
                out.push(g.unit);
            }
        }
        out
    }

    /// The lent patterns of the unit `id` (at most an empower grant and a Tower grant).
    pub fn grants_of(&self, id: UnitId) -> impl Iterator<Item = &Grant> + '_ {
        self.grants.iter().filter(move |g| g.unit == id)
    }

    /// E(`side`) (FC11-CAPT-12) from this node's A.
    pub fn explosion(&self, v: &View, side: Side) -> Bitboard {
        explosion_map(v, side, self.a[side])
    }

    /// I(`side`) = A ∪ E ∪ C (FC11-CAPT-13) from this node's A.
    pub fn influence(&self, fc: &Fc11, v: &View, side: Side) -> Bitboard {
        influence_map(fc, v, side, self.a[side])
    }
}
