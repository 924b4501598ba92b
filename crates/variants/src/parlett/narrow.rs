//! The narrow board word: one `u64` for boards of at most 8 x 8 squares.
//!
//! The core's [`Bitboard`] has 256 bits (16 x 16 boards); on an 8 x 8 board
//! three quarters of every operation work on zeros. For such sets the
//! compiler also builds the simple-element tables on one `u64` (bit
//! `rank * 8 + file`), packed from the wide ones, and the same generic code
//! ([`super::simple::SimpleTables`]) answers on both. This module holds the
//! packing and the per-node narrow views of a position.

use frozen_core::{Bitboard, Kind, Side, Square};

/// The 64 squares of ranks 1..8, files a..h of a wide bitboard, as a `u64`
/// (bit `rank * 8 + file`).
#[inline]
pub(crate) fn pack(bb: Bitboard) -> u64 {
    #[inline]
    fn four_ranks(w: u64) -> u64 {
        let x = w & 0x00FF_00FF_00FF_00FF;
        let x = (x | (x >> 8)) & 0x0000_FFFF_0000_FFFF;
        (x | (x >> 16)) & 0xFFFF_FFFF
    }
    four_ranks(bb.0[0]) | (four_ranks(bb.0[1]) << 32)
}

/// The inverse of [`pack`].
#[inline]
pub(crate) fn unpack(x: u64) -> Bitboard {
    #[inline]
    fn four_ranks(x: u64) -> u64 {
        let x = x & 0xFFFF_FFFF;
        let x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF;
        (x | (x << 8)) & 0x00FF_00FF_00FF_00FF
    }
    Bitboard([four_ranks(x), four_ranks(x >> 32), 0, 0])
}

/// Does the narrow word `x` hold exactly one square? (Without a POPCNT
/// instruction a popcount is a dozen instructions; this is two.)
#[inline]
pub(crate) fn single(x: u64) -> bool {
    x != 0 && x & (x - 1) == 0
}

/// Does the narrow word `x` hold at least three squares?
#[inline]
pub(crate) fn three_or_more(x: u64) -> bool {
    let two_off = x & x.wrapping_sub(1);
    two_off & two_off.wrapping_sub(1) != 0
}

/// The narrow index of a square of an 8 x 8 board.
#[inline]
pub(crate) fn n(sq: Square) -> usize {
    (sq.rank() as usize) * 8 + sq.file() as usize
}

/// The square of narrow index `i`.
#[inline]
pub(crate) fn square(i: usize) -> Square {
    Square::new((i % 8) as u8, (i / 8) as u8)
}

/// The most kinds a set may have to get narrow tables (a node keeps one word
/// per kind, inline).
pub(crate) const MAX_NARROW_KINDS: usize = 32;

/// Per-node narrow views of a position's bitboards.
#[derive(Clone, Debug)]
pub(crate) struct NarrowNode {
    pub side: [u64; 2],
    pub kinds: [u64; MAX_NARROW_KINDS],
    /// The squares of units that have not moved
    /// ([`frozen_core::Position::unmoved_bb`]).
    pub unmoved: u64,
}

impl NarrowNode {
    #[inline]
    pub(crate) fn new<S: frozen_core::VariantState>(
        pos: &frozen_core::Position<S>,
        nkinds: usize,
    ) -> NarrowNode {
        let mut kinds = [0; MAX_NARROW_KINDS];
        for (k, slot) in kinds.iter_mut().enumerate().take(nkinds) {
            *slot = pack(pos.kind_bb(Kind(k as u8)));
        }
        NarrowNode {
            side: [
                pack(pos.side_bb(Side::White)),
                pack(pos.side_bb(Side::Black)),
            ],
            kinds,
            unmoved: pack(pos.unmoved_bb()),
        }
    }
}

/// The opponent's captures at one node, as sets on the narrow board, when the
/// side to act has exactly one royal piece and the check rule applies. The
/// royal piece's own moves, and the `s` tests of its fixed lines (castling),
/// are read off these sets instead of testing squares one by one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Danger {
    /// The royal piece's square.
    pub royal: Square,
    /// Squares on which a simple element of the opponent could capture, with
    /// the royal piece lifted (so a slide through its square counts):
    /// [`super::simple::SimpleTables::attack_map`].
    pub simple: u64,
    /// Squares on which a complex line of the opponent might capture after a
    /// turn that matched no history pattern: [`Compiled::complex_reach`].
    pub complex: u64,
}

impl Danger {
    /// Is the royal piece safe on `sq` (`Some(true)`), capturable there by a
    /// simple element (`Some(false)`), or might a complex line capture it
    /// there (`None`: only the full test can tell)? Exact for a square the
    /// royal piece reaches by moving alone, without capturing and without
    /// matching a history pattern: the other pieces stand as they are, and
    /// whether a square is attacked does not depend on what stands on it.
    #[inline]
    pub(crate) fn royal_safe(&self, sq: Square) -> Option<bool> {
        let b = 1u64 << n(sq);
        if self.simple & b != 0 {
            Some(false)
        } else if self.complex & b != 0 {
            None
        } else {
            Some(true)
        }
    }
}

impl NarrowNode {
    /// A kind's squares (any side).
    #[inline]
    pub(crate) fn kind(&self, k: usize) -> u64 {
        self.kinds.get(k).copied().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parlett::builtin_rules;
    use crate::parlett::ir::LastPart;
    use frozen_core::harness::Rng;
    use frozen_core::Shape;
    use frozen_core::UnitId;

    #[test]
    fn pack_and_unpack_are_inverse_on_8x8() {
        let mut rng = Rng::new(7);
        let shape = Shape::new(8, 8).expect("8x8");
        for _ in 0..1000 {
            let x = rng.next_u64();
            assert_eq!(pack(unpack(x)), x);
            let mut bb = Bitboard::EMPTY;
            for sq in shape.squares() {
                if rng.next_u64() & 1 == 1 {
                    bb.set(sq);
                }
            }
            assert_eq!(unpack(pack(bb)), bb);
            for sq in bb {
                assert!(pack(bb) & (1u64 << n(sq)) != 0);
            }
        }
    }

    /// A kind's exact slides counted as sets (`SimpleTables::exact_plan`) give,
    /// beside each piece's `merged_targets`, exactly the targets the piece by
    /// piece form gives: on random placements, with random unmoved pieces. And
    /// the plan exists where the landings cannot meet another element's (the
    /// pawn's double step) and not where they can.
    #[test]
    fn exact_plans_count_as_the_pieces_would() {
        let base = crate::parlett::rules::builtin::FIDE;
        let sets = [
            ("oi2>, o1>, c1X>", true),
            ("oi2>, o1>, c1X>, 3>", true),
            ("oi2>, o1>, c1X>, oi3>", true),
            ("oi2>, o1>, c1X>, ci2>", false),
            ("oi2>, o1>, c1X>, 2>", false),
        ];
        let mut rng = Rng::new(5);
        for (pawn, planned) in sets {
            let text = base.replace("\"P: oi2>, o1>, c1X>\"", &format!("\"P: {pawn}\""));
            let rules = crate::parlett::load_set(&text).expect("set loads");
            let c = rules.compiled();
            let nw = c.narrow().expect("narrow tables");
            let pawn_kind = c.kinds.len() - 1;
            for side in Side::ALL {
                assert_eq!(nw.exact_plan(pawn_kind, side).is_some(), planned, "{pawn}");
                // The pawn's push and captures: three shifts; the knight's
                // eight leaps are too many; sliders have none.
                assert_eq!(nw.leap_shifts(pawn_kind, side).map(<[_]>::len), Some(3));
                assert!(nw.leap_shifts(4, side).is_none(), "knight");
                assert!(nw.leap_shifts(1, side).is_none(), "queen");
            }
            for _ in 0..2000 {
                let (a, b) = (rng.next_u64(), rng.next_u64());
                let own = a & b;
                let enemy = a & !b & rng.next_u64();
                let unmoved = rng.next_u64();
                for side in Side::ALL {
                    for k in 0..c.kinds.len() {
                        let Some(steps) = nw.exact_plan(k, side) else {
                            continue;
                        };
                        let kind = Kind(k as u8);
                        let from = own & rng.next_u64();
                        let mut want = 0u64;
                        let mut bits = from;
                        while bits != 0 {
                            let i = bits.trailing_zeros() as usize;
                            bits &= bits - 1;
                            let moved = unmoved & (1 << i) == 0;
                            let (all, _) = nw.targets(kind, i, side, moved, own, enemy);
                            let merged = nw.merged_targets(kind, i, side, own, enemy);
                            assert_eq!(all & merged, merged, "{pawn}: merged within all");
                            want |= all & !merged;
                        }
                        let got = steps
                            .iter()
                            .fold(0, |m, st| m | st.targets(from, unmoved, own, enemy));
                        assert_eq!(got, want, "{pawn}: kind {k} {side:?} from {from:x}");
                        // Leaps as shifts: the union, and one landing per piece
                        // and shift (so the popcounts add up).
                        if let Some(shifts) = nw.leap_shifts(k, side) {
                            let mut want = 0u64;
                            let mut moves = 0u32;
                            let mut bits = from;
                            while bits != 0 {
                                let i = bits.trailing_zeros() as usize;
                                bits &= bits - 1;
                                let t = nw.merged_targets(kind, i, side, own, enemy);
                                want |= t;
                                moves += t.count_ones();
                            }
                            let sets: Vec<u64> =
                                shifts.iter().map(|e| e.targets(from, own, enemy)).collect();
                            let got = sets.iter().fold(0, |m, t| m | t);
                            let counted: u32 = sets.iter().map(|t| t.count_ones()).sum();
                            assert_eq!(got, want, "{pawn}: leaps of kind {k} {side:?}");
                            assert_eq!(counted, moves, "{pawn}: leap count of kind {k}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn square_counts_without_a_popcount_agree_with_count_ones() {
        let mut rng = Rng::new(3);
        let mut words: Vec<u64> = vec![0, 1, 3, 7, 1 << 63, (1 << 63) | 1, u64::MAX];
        for _ in 0..10_000 {
            // Sparse words: one to four random squares.
            let n = 1 + rng.next_u64() % 4;
            words.push((0..n).fold(0, |m, _| m | (1u64 << (rng.next_u64() % 64))));
        }
        for x in words {
            assert_eq!(single(x), x.count_ones() == 1, "{x:x}");
            assert_eq!(three_or_more(x), x.count_ones() >= 3, "{x:x}");
        }
    }

    /// The narrow tables (packed from the wide ones) answer exactly as the wide
    /// ones, for every kind of every built-in set, on random occupancies: the
    /// packing keeps every table entry where the generic code looks for it.
    #[test]
    fn narrow_agrees_with_wide_and_set_forms_with_square_tests() {
        for name in ["normal-chess", "fairy-chess", "fide"] {
            let rules = builtin_rules(name).expect("built-in set");
            let c = rules.compiled();
            let nw = c.narrow().expect("8x8 set has narrow tables");
            let shape = c.shape;
            let squares: Vec<Square> = shape.squares().collect();
            let mut rng = Rng::new(11);
            for _ in 0..300 {
                let mut own = Bitboard::EMPTY;
                let mut enemy = Bitboard::EMPTY;
                let mut unmoved = Bitboard::EMPTY;
                let mut kinds = vec![Bitboard::EMPTY; c.kinds.len()];
                for &sq in &squares {
                    let r = rng.next_u64() % 10;
                    if r < 3 {
                        if r == 0 {
                            own.set(sq);
                        } else {
                            enemy.set(sq);
                        }
                        let k = (rng.next_u64() % c.kinds.len() as u64) as usize;
                        kinds[k].set(sq);
                        if rng.next_u64() & 1 == 1 {
                            unmoved.set(sq);
                        }
                    }
                }
                let kinds64: Vec<u64> = kinds.iter().map(|b| pack(*b)).collect();
                let mut node = NarrowNode {
                    side: [pack(own), pack(enemy)],
                    kinds: [0; MAX_NARROW_KINDS],
                    unmoved: pack(unmoved),
                };
                node.kinds[..kinds64.len()].copy_from_slice(&kinds64);
                // The set forms: the attack map and the complex reach of each side.
                let occ = own | enemy;
                let maps = Side::ALL.map(|by| {
                    let wide = c.simple.attack_map(by, occ, enemy, |k| kinds[k], unmoved);
                    let narrow =
                        nw.attack_map(by, pack(occ), pack(enemy), |k| kinds64[k], pack(unmoved));
                    assert_eq!(pack(wide), narrow, "{name} attack map of {by:?}");
                    let reach = c.complex_reach(by, enemy, |k| kinds[k], unmoved, None);
                    let narrow_reach =
                        c.complex_reach(by, enemy, |k| kinds[k], unmoved, Some(&node));
                    assert_eq!(reach, narrow_reach, "{name} narrow complex reach of {by:?}");
                    (narrow, reach)
                });
                // A previous turn: some unit moved to a random square by
                // some pattern (the history rules' filters read it).
                let to = squares[(rng.next_u64() % squares.len() as u64) as usize];
                let last = [LastPart {
                    unit: UnitId(0),
                    from: to,
                    to,
                    patterns: rng.next_u64() as u32,
                }];
                for &sq in &squares {
                    for side in Side::ALL {
                        let (map, reach) = maps[side.index()];
                        let may = |last: Option<&[LastPart]>, nn: Option<&NarrowNode>| {
                            c.complex_may_capture(sq, side, enemy, |k| kinds[k], unmoved, last, nn)
                        };
                        let complex = may(Some(&[]), None);
                        assert_eq!(reach.contains(sq), complex, "{name} complex reach {sq}");
                        for last in [None, Some(&[][..]), Some(&last[..])] {
                            assert_eq!(
                                may(last, None),
                                may(last, Some(&node)),
                                "{name} narrow complex filter at {sq} after {last:?}"
                            );
                        }
                        for li in 0..c.lines.len() {
                            assert_eq!(
                                c.line_may_apply(li, sq, side, occ),
                                c.line_may_apply_walked(li, sq, side, occ),
                                "{name} line {li} from {sq}"
                            );
                        }
                        for k in 0..c.kinds.len() {
                            for moved in [false, true] {
                                let wide =
                                    c.simple_targets(Kind(k as u8), sq, side, moved, own, enemy);
                                let (nt, np) = nw.targets(
                                    Kind(k as u8),
                                    n(sq),
                                    side,
                                    moved,
                                    pack(own),
                                    pack(enemy),
                                );
                                let (wt, wp) = wide;
                                assert_eq!(
                                    (pack(wt), pack(wp)),
                                    (nt, np),
                                    "{name} kind {k} at {sq}"
                                );
                            }
                        }
                        let occ = own | enemy;
                        let wide = c.simple_attacked(sq, side, occ, enemy, |k| kinds[k], unmoved);
                        let narrow = nw.attacked(
                            n(sq),
                            side,
                            pack(occ),
                            pack(enemy),
                            |k| kinds64[k],
                            pack(unmoved),
                        );
                        assert_eq!(wide, narrow, "{name} attack on {sq} by {side:?}");
                        assert_eq!(map & (1 << n(sq)) != 0, narrow, "{name} map at {sq}");
                        // Vacating own pieces: attacked_through tells whether
                        // the square is attacked afterwards, when it was not.
                        let vacated = pack(own) & rng.next_u64();
                        let after = pack(occ) & !vacated;
                        let through =
                            nw.attacked_through(n(sq), vacated, side, after, pack(enemy), |k| {
                                kinds64[k]
                            });
                        if let (false, Some(t)) = (narrow, through) {
                            let attacked = nw.attacked(
                                n(sq),
                                side,
                                after,
                                pack(enemy),
                                |k| kinds64[k],
                                pack(unmoved),
                            );
                            assert_eq!(t, attacked, "{name} through {vacated:x} to {sq}");
                        }
                        let wide = c.slider_lines(sq, side, occ, own, enemy, |k| kinds[k]);
                        let narrow =
                            nw.slider_lines(n(sq), side, pack(occ), pack(own), pack(enemy), |k| {
                                kinds64[k]
                            });
                        assert_eq!(pack(wide), narrow, "{name} lines of {sq} by {side:?}");
                    }
                }
            }
        }
    }
}
