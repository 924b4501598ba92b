//! The evaluator's scratch board: a copy of the placement (side and kind bitboards, a
//! mailbox, the units with their moved flag) that the evaluator changes and restores
//! step by step, without allocating for up to 64 units.
//!
//! Uses nothing of the Parlett modules.

use frozen_core::{Bitboard, Kind, Position, Side, Square, UnitId, MAX_KINDS};
use smallvec::SmallVec;

const NONE: u16 = u16::MAX;

/// A unit on the scratch board.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BUnit {
    pub kind: Kind,
    pub side: Side,
    pub moved: bool,
    pub sq: Option<Square>,
}

/// A scratch copy of the placement, mutated by the evaluator and restored
/// step by step (no allocation for up to 64 units).
#[derive(Clone, Debug)]
pub(crate) struct Board {
    pub side_bb: [Bitboard; 2],
    pub kind_bb: SmallVec<[Bitboard; 12]>,
    pub mail: [u16; 256],
    pub units: SmallVec<[BUnit; 64]>,
    /// Squares of unmoved units, kept in step with `lift` / `put`.
    unmoved_bb: Bitboard,
}

impl Board {
    pub(crate) fn from_pos<S: frozen_core::VariantState>(pos: &Position<S>) -> Board {
        let mut b = Board {
            side_bb: [pos.side_bb(Side::White), pos.side_bb(Side::Black)],
            kind_bb: SmallVec::new(),
            mail: [NONE; 256],
            units: SmallVec::new(),
            unmoved_bb: pos.unmoved_bb(),
        };
        // The placement layers and the unmoved squares are the position's;
        // the units and the mailbox are read off its unit table.
        let mut kinds = 0;
        for (id, u) in pos.units().iter().enumerate() {
            let sq = u.loc.square();
            b.units.push(BUnit {
                kind: u.kind,
                side: u.side,
                moved: u.status.moved,
                sq,
            });
            if let Some(s) = sq {
                b.mail[s.index()] = id as u16;
                kinds = kinds.max(u.kind.index() + 1);
            }
        }
        b.kind_bb
            .extend((0..kinds.min(MAX_KINDS)).map(|k| pos.kind_bb(Kind(k as u8))));
        b
    }
    #[inline]
    pub(crate) fn at(&self, sq: Square) -> Option<UnitId> {
        let u = self.mail[sq.index()];
        (u != NONE).then_some(UnitId(u))
    }
    #[inline]
    pub(crate) fn occ(&self) -> Bitboard {
        self.side_bb[0] | self.side_bb[1]
    }
    pub(crate) fn unit(&self, u: UnitId) -> BUnit {
        self.units[u.index()]
    }
    pub(crate) fn lift(&mut self, u: UnitId) -> Option<Square> {
        let bu = self.units[u.index()];
        let s = bu.sq?;
        self.mail[s.index()] = NONE;
        self.side_bb[bu.side.index()].clear(s);
        self.kind_set(bu.kind, s, false);
        self.unmoved_bb.clear(s);
        self.units[u.index()].sq = None;
        Some(s)
    }
    pub(crate) fn put(&mut self, u: UnitId, s: Square) {
        let bu = self.units[u.index()];
        self.mail[s.index()] = u.0;
        self.side_bb[bu.side.index()].set(s);
        self.kind_set(bu.kind, s, true);
        if !bu.moved {
            self.unmoved_bb.set(s);
        }
        self.units[u.index()].sq = Some(s);
    }
    fn kind_set(&mut self, k: Kind, s: Square, on: bool) {
        let i = k.index().min(MAX_KINDS - 1);
        if self.kind_bb.len() <= i {
            self.kind_bb.resize(i + 1, Bitboard::EMPTY);
        }
        if on {
            self.kind_bb[i].set(s);
        } else {
            self.kind_bb[i].clear(s);
        }
    }
    /// Squares of one kind (both sides).
    pub(crate) fn kind(&self, k: Kind) -> Bitboard {
        self.kind_bb.get(k.index()).copied().unwrap_or_default()
    }
    pub(crate) fn unmoved(&self) -> Bitboard {
        self.unmoved_bb
    }
}
