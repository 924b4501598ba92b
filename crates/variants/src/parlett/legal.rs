//! The legality rule (PAR-GAME-03: a move may not leave a royal piece capturable) for
//! sets with a royal piece and the check rule: per node, the royal squares, the lines on
//! which a move may uncover an attack, and the opponent's captures as sets ([`Legal`],
//! [`Danger`]); per move, the cheapest test that decides (attack tables, capture filters,
//! the evaluator on a scratch board). Also which history patterns a simple move matches.
//!
//! Uses [`super::ir`], [`super::compiled`], [`super::narrow`], [`super::board`],
//! [`super::eval`] and [`super::set`].

use super::board::Board;
use super::eval::{capturable_on_board, Effect, EffectRef};
use super::ir::{last_parts, LastPart, LastParts};
use super::narrow::{self, pack, unpack, Danger, NarrowNode};
use super::set::{ParlettRules, ParlettState};
use frozen_core::{Action, Bitboard, Kind, Position, Square, UnitId};
use smallvec::SmallVec;
use std::cell::OnceCell;

/// One generated move of a unit: where it goes, its promotion, for complex
/// moves the effect, and its action (`None` when the caller only counts).
pub(super) struct Gen<'e> {
    pub from: Square,
    pub to: Square,
    pub piece: Option<Kind>,
    pub effect: Option<&'e Effect>,
    pub action: Option<Action>,
}

/// Per-node data for the legality rule.
pub(super) struct Legal {
    pub royals: SmallVec<[Square; 2]>,
    /// Need a full test for every move.
    pub always: bool,
    /// Squares whose vacating may uncover an attack on a royal.
    pub lines: Bitboard,
    /// `lines` and `unmoved` as narrow words (boards of at most 8 x 8; else
    /// packed all the same and unread), kept so the count need not pack them.
    pub lines_n: u64,
    pub unmoved_n: u64,
    /// The opponent's unmoved pieces ([`Compiled::unmoved_attackers`]), or
    /// all squares when no test needs them exact: no attack table reads them
    /// and no complex line of the opponent is near a royal piece (the
    /// complex-line filters then only say yes more often).
    pub unmoved: Bitboard,
    /// Could a complex line of the opponent capture a royal piece after a move
    /// of another piece that matched a history pattern
    /// ([`Compiled::pattern_may_capture`])? Then such moves are tested one by one.
    pub pattern_risky: bool,
    /// The opponent's captures as sets, with one royal piece on a narrow
    /// board: made on first use ([`ParlettRules::danger`]).
    pub danger: OnceCell<Option<Danger>>,
    /// Where a complex line of the opponent might capture after a turn
    /// matching no history pattern: made on first use
    /// ([`ParlettRules::complex_reach`]).
    pub complex: OnceCell<Bitboard>,
    /// The same as a narrow word, made from the node's narrow views
    /// ([`ParlettRules::complex_reach_n`]).
    pub complex_n: OnceCell<u64>,
}

/// The squares on which `opp` could capture with a simple element
/// ([`super::simple::SimpleTables::attack_map`]), with the royal piece on `r`
/// lifted: a slide through its square counts, and no attack on its own
/// square changes.
#[inline]
fn royal_attack_map(
    nw: &super::simple::NarrowTables,
    nn: &NarrowNode,
    opp: frozen_core::Side,
    r: Square,
    unmoved_n: u64,
) -> u64 {
    nw.attack_map(
        opp,
        (nn.side[0] | nn.side[1]) & !(1u64 << narrow::n(r)),
        nn.side[opp.index()],
        |k| nn.kind(k),
        unmoved_n,
    )
}

/// Do the opponent's capture sets ([`Danger`]) pay off for the moves of a
/// royal piece with simple targets `targets` (a narrow word)? For three
/// squares or more, or when a line of it (castling) will test squares too
/// (`lines`); one or two squares are cheaper to test one by one.
#[inline]
pub(super) fn royal_sets_pay(targets: u64, lines: bool) -> bool {
    narrow::three_or_more(targets) || (targets != 0 && lines)
}

impl ParlettRules {
    /// The history-pattern bits of the simple move of unit `u` from `from` to
    /// `to` (PAR-HIST-01: what the opponent's history rules will see of it).
    pub(super) fn move_patterns(
        &self,
        pos: &Position<ParlettState>,
        u: UnitId,
        from: Square,
        to: Square,
    ) -> u32 {
        let c = self.c();
        let un = pos.unit(u);
        if c.kinds.get(un.kind.index()).map_or(0, |kd| kd.pattern_bits) == 0 {
            return 0;
        }
        let side = un.side;
        let (own, enemy) = (pos.side_bb(side), pos.side_bb(side.opposite()));
        c.simple_pattern_bits(un.kind, from, to, side, un.status.moved, own, enemy)
    }
    /// The node's [`Legal`] data, or `None` when the set has no check rule.
    /// `want_map`: the caller will read the node's [`Danger`] (see
    /// [`royal_sets_pay`]); with one royal piece on the narrow board it is
    /// then made at once, and also answers whether the royal piece stands
    /// attacked.
    pub(super) fn legal_info(
        &self,
        pos: &Position<ParlettState>,
        nn: Option<&NarrowNode>,
        want_map: bool,
    ) -> Option<Legal> {
        let c = self.c();
        if !c.legality {
            return None;
        }
        let royal = c.royal?;
        let side = pos.to_move();
        let opp = side.opposite();
        if let (Some((nw, nn)), true) = (c.narrow().zip(nn), c.narrow_filters.is_some()) {
            return Some(self.legal_info_narrow(pos, nw, nn, royal, want_map));
        }
        let royals: SmallVec<[Square; 2]> = pos.pieces(side, royal).iter().collect();
        // The unmoved squares, exact where a test reads them: the attack
        // tables with `i` elements, or a complex line near a royal piece.
        // Else "all unmoved", which only makes the complex-line filters say
        // yes more often (see `Legal::unmoved`).
        let mut exact = c.unmoved_tables;
        let mut unmoved = if exact {
            c.unmoved_attackers(pos, opp, nn)
        } else {
            Bitboard::FULL
        };
        let occ = pos.occupied();
        let by = pos.side_bb(opp);
        let mut always = false;
        let mut pattern_risky = false;
        let mut lines = Bitboard::EMPTY;
        let kb = |k: usize| pos.kind_bb(Kind(k as u8));
        let narrow = c.narrow().zip(nn);
        for &r in &royals {
            // Might a complex line capture it after some previous turn? Asked
            // first with every piece counted as unmoved (the most permissive
            // form: its no is final), a yes again with the exact squares.
            let mut near = c.complex_may_capture(r, opp, by, kb, unmoved, None, nn);
            if near && !exact {
                exact = true;
                unmoved = c.unmoved_attackers(pos, opp, nn);
                near = c.complex_may_capture(r, opp, by, kb, unmoved, None, nn);
            }
            let in_check = c.attacked(r, opp, occ, by, kb, unmoved, nn)
                || (near && c.complex_may_capture(r, opp, by, kb, unmoved, Some(&[]), nn));
            always |= in_check;
            pattern_risky |= near && c.pattern_may_capture(r, opp, by, kb, unmoved, nn);
            lines |= match narrow {
                Some((nw, nn)) => unpack(nw.slider_lines(
                    narrow::n(r),
                    opp,
                    nn.side[0] | nn.side[1],
                    nn.side[side.index()],
                    nn.side[opp.index()],
                    |k| nn.kind(k),
                )),
                None => c.slider_lines(r, opp, occ, pos.side_bb(side), by, kb),
            };
        }
        Some(Legal {
            royals,
            always,
            lines,
            lines_n: pack(lines),
            unmoved_n: pack(unmoved),
            unmoved,
            pattern_risky,
            danger: OnceCell::new(),
            complex: OnceCell::new(),
            complex_n: OnceCell::new(),
        })
    }
    /// [`Self::legal_info`] on the narrow board: the same questions asked of the
    /// narrow tables and filters with the node's narrow views, without packing
    /// the wide sets per question.
    fn legal_info_narrow(
        &self,
        pos: &Position<ParlettState>,
        nw: &super::simple::NarrowTables,
        nn: &NarrowNode,
        royal: Kind,
        want_map: bool,
    ) -> Legal {
        let c = self.c();
        let side = pos.to_move();
        let opp = side.opposite();
        let own = nn.side[side.index()];
        let by = nn.side[opp.index()];
        let occ = own | by;
        let mut royals: SmallVec<[Square; 2]> = SmallVec::new();
        let mut bits = nn.kind(royal.index()) & own;
        while bits != 0 {
            royals.push(narrow::square(bits.trailing_zeros() as usize));
            bits &= bits - 1;
        }
        let mut exact = c.unmoved_tables;
        let mut unmoved = if exact {
            c.unmoved_attackers(pos, opp, Some(nn))
        } else {
            Bitboard::FULL
        };
        let mut unmoved_n = pack(unmoved);
        let mut always = false;
        let mut pattern_risky = false;
        let mut lines = 0u64;
        // With one royal piece whose moves will read the node's capture sets
        // (`want_map`), the attack map is made here, and it also says whether
        // the royal piece stands attacked: one pass over the opponent's
        // pieces instead of two.
        let want_map = want_map && royals.len() == 1;
        let mut map = None;
        for &r in &royals {
            let i = narrow::n(r);
            let mut near = c.narrow_may_capture(i, opp, by, nn, unmoved_n, None);
            if near && !exact {
                exact = true;
                unmoved = c.unmoved_attackers(pos, opp, Some(nn));
                unmoved_n = pack(unmoved);
                near = c.narrow_may_capture(i, opp, by, nn, unmoved_n, None);
            }
            let attacked = if want_map {
                let m = royal_attack_map(nw, nn, opp, r, unmoved_n);
                map = Some((r, m));
                m & (1u64 << i) != 0
            } else {
                nw.attacked(i, opp, occ, by, |k| nn.kind(k), unmoved_n)
            };
            let in_check =
                attacked || (near && c.narrow_may_capture(i, opp, by, nn, unmoved_n, Some(&[])));
            always |= in_check;
            pattern_risky |= near && c.narrow_pattern_may_capture(i, opp, by, nn, unmoved_n);
            lines |= nw.slider_lines(i, opp, occ, own, by, |k| nn.kind(k));
        }
        // The sets made at once: the complex reach from the narrow filters
        // (this path has them), as `complex_reach_n` would make it.
        let (danger, complex_n) = match map {
            Some((royal, simple)) => {
                let complex = if c.reach_always_empty() {
                    0
                } else {
                    c.narrow_complex_reach(opp, by, nn, unmoved_n).unwrap_or(!0)
                };
                (
                    OnceCell::from(Some(Danger {
                        royal,
                        simple,
                        complex,
                    })),
                    OnceCell::from(complex),
                )
            }
            None => (OnceCell::new(), OnceCell::new()),
        };
        Legal {
            royals,
            always,
            lines: unpack(lines),
            lines_n: lines,
            unmoved_n,
            unmoved,
            pattern_risky,
            danger,
            complex: OnceCell::new(),
            complex_n,
        }
    }
    /// [`Compiled::complex_reach`] of the opponent at this node, made once.
    /// A move that captures takes a piece from the opponent, so its reach
    /// afterwards is within this one.
    pub(super) fn complex_reach(
        &self,
        pos: &Position<ParlettState>,
        li: &Legal,
        nn: Option<&NarrowNode>,
    ) -> Bitboard {
        if self.c().reach_always_empty() {
            return Bitboard::EMPTY;
        }
        *li.complex.get_or_init(|| {
            let opp = pos.to_move().opposite();
            let kb = |k: usize| pos.kind_bb(Kind(k as u8));
            self.c()
                .complex_reach(opp, pos.side_bb(opp), kb, li.unmoved, nn)
        })
    }
    /// [`Self::complex_reach`] as a narrow word, at a node with narrow views
    /// `nn`: read off the narrow filters with the node's views (no wide set
    /// packed), made once.
    pub(super) fn complex_reach_n(
        &self,
        pos: &Position<ParlettState>,
        li: &Legal,
        nn: &NarrowNode,
    ) -> u64 {
        let c = self.c();
        if c.reach_always_empty() {
            return 0;
        }
        *li.complex_n.get_or_init(|| {
            let opp = pos.to_move().opposite();
            c.narrow_complex_reach(opp, nn.side[opp.index()], nn, li.unmoved_n)
                .unwrap_or_else(|| pack(self.complex_reach(pos, li, Some(nn))))
        })
    }
    /// The node's [`Danger`], made on first use: with one royal piece on a
    /// narrow board, the squares on which the opponent could capture it.
    pub(super) fn danger<'l>(
        &self,
        pos: &Position<ParlettState>,
        li: &'l Legal,
        nn: Option<&NarrowNode>,
    ) -> Option<&'l Danger> {
        li.danger
            .get_or_init(|| {
                let c = self.c();
                let (nw, nn) = c.narrow().zip(nn)?;
                let &[r] = li.royals.as_slice() else {
                    return None;
                };
                let opp = pos.to_move().opposite();
                Some(Danger {
                    royal: r,
                    simple: royal_attack_map(nw, nn, opp, r, li.unmoved_n),
                    // Every square, not only near the royal piece: its
                    // moves and castling read other squares.
                    complex: self.complex_reach_n(pos, li, nn),
                })
            })
            .as_ref()
    }
    /// The node's [`Danger`] alone, without the rest of [`Legal`], where
    /// [`Self::danger`] would give one (the check rule, one royal piece of the
    /// side to act on the narrow board): for performing a listed complex
    /// move, whose fixed lines' `s` tests read it. The unmoved squares are
    /// always the exact ones, so the complex reach is never wider than the
    /// node's own.
    pub(super) fn node_danger(
        &self,
        pos: &Position<ParlettState>,
        nn: &NarrowNode,
    ) -> Option<Danger> {
        let c = self.c();
        let (nw, royal) = (c.narrow()?, c.royal?);
        if !c.legality {
            return None;
        }
        let side = pos.to_move();
        let opp = side.opposite();
        let bits = nn.kind(royal.index()) & nn.side[side.index()];
        if !narrow::single(bits) {
            return None;
        }
        let r = narrow::square(bits.trailing_zeros() as usize);
        let unmoved = c.unmoved_attackers(pos, opp, Some(nn));
        let unmoved_n = pack(unmoved);
        let complex = if c.reach_always_empty() {
            0
        } else {
            c.narrow_complex_reach(opp, nn.side[opp.index()], nn, unmoved_n)
                .unwrap_or_else(|| {
                    let kb = |k: usize| pos.kind_bb(Kind(k as u8));
                    pack(c.complex_reach(opp, pos.side_bb(opp), kb, unmoved, Some(nn)))
                })
        };
        Some(Danger {
            royal: r,
            simple: royal_attack_map(nw, nn, opp, r, unmoved_n),
            complex,
        })
    }
    /// Is a generated move legal under the check rule?
    pub(super) fn is_legal(
        &self,
        pos: &Position<ParlettState>,
        li: &Legal,
        board: &mut Option<Board>,
        g: &Gen,
        nn: Option<&NarrowNode>,
    ) -> bool {
        match g.effect {
            None => self.simple_legal(pos, li, board, g.from, g.to, g.piece, nn),
            Some(e) => self.effect_safe(pos, li, board, e.view(), g.piece, nn),
        }
    }
    /// Is the simple move `from` -> `to` (promoting to `promo`) legal under the
    /// check rule?
    #[allow(clippy::too_many_arguments)]
    pub(super) fn simple_legal(
        &self,
        pos: &Position<ParlettState>,
        li: &Legal,
        board: &mut Option<Board>,
        from: Square,
        to: Square,
        promo: Option<Kind>,
        nn: Option<&NarrowNode>,
    ) -> bool {
        let c = self.c();
        let Some(royal) = c.royal else { return true };
        let side = pos.to_move();
        let opp = side.opposite();
        let Some(u) = pos.unit_at(from) else {
            return true;
        };
        let is_royal = pos.unit(u).kind == royal;
        let pat = if li.pattern_risky {
            self.move_patterns(pos, u, from, to)
        } else {
            0
        };
        if !li.always && !is_royal && !li.lines.contains(from) && pat == 0 {
            return true;
        }
        // The royal piece stepping alone to an empty square: read off the
        // node's sets (exact there, see `Danger::royal_safe`).
        if let (true, 0, None, false) = (is_royal, pat, promo, pos.side_bb(opp).contains(to)) {
            // Only when already made (see `count_moves`).
            let d = li.danger.get().and_then(Option::as_ref);
            let d = d.filter(|d| d.royal == from);
            if let Some(safe) = d.and_then(|d| d.royal_safe(to)) {
                return safe;
            }
        }
        let occ = (pos.occupied() - Bitboard::from_square(from)) | Bitboard::from_square(to);
        let by = pos.side_bb(opp) - Bitboard::from_square(to);
        let mut need_full = false;
        for &r in &li.royals {
            let r = if is_royal && r == from { to } else { r };
            let kb = |k: usize| pos.kind_bb(Kind(k as u8));
            if c.attacked(r, opp, occ, by, kb, li.unmoved, nn) {
                return false;
            }
            let may = if pat == 0 {
                // No history rule applies after a move matching no pattern.
                self.complex_reach(pos, li, nn).contains(r)
            } else {
                let last = [LastPart {
                    unit: u,
                    from,
                    to,
                    patterns: pat,
                }];
                c.complex_may_capture(r, opp, by, kb, li.unmoved, Some(&last), nn)
            };
            need_full |= may;
        }
        if !need_full {
            return true;
        }
        let parts = [(u, from, to, pat)];
        let cap = pos.unit_at(to).map(|v| (v, to));
        let e = EffectRef {
            parts: &parts,
            caps: cap.as_slice(),
        };
        self.effect_safe(pos, li, board, e, promo, nn)
    }
    /// [`Self::effect_safe`] on the narrow board with the node's [`Danger`], for an
    /// effect that captures nothing, promotes nothing and matches no history pattern
    /// (castling): the royal piece's square after the effect is tested with the
    /// simple attack tables on the placement after it, and against the opponent's
    /// complex reach, which such an effect leaves as it was. `None` when that does
    /// not apply or a complex line might capture.
    pub(super) fn effect_safe_sets(
        &self,
        pos: &Position<ParlettState>,
        li: &Legal,
        e: EffectRef<'_>,
        promo: Option<Kind>,
        royal: Kind,
        nn: Option<&NarrowNode>,
    ) -> Option<bool> {
        if promo.is_some() || !e.caps.is_empty() || e.parts.iter().any(|p| p.3 != 0) {
            return None;
        }
        let (nw, nn) = self.c().narrow().zip(nn)?;
        let d = self.danger(pos, li, Some(nn))?;
        let side = pos.to_move();
        let opp = side.opposite();
        let mut occ = nn.side[0] | nn.side[1];
        let mut r = d.royal;
        for &(_, f, _, _) in e.parts {
            occ &= !(1u64 << narrow::n(f));
        }
        for &(u, f, t, _) in e.parts {
            occ |= 1u64 << narrow::n(t);
            if f == d.royal && pos.unit(u).kind == royal {
                r = t;
            }
        }
        // Safe in the sets' world (the royal piece lifted, the others in place)?
        // The other parts only add own pieces (blocks) and vacate squares; an
        // attack can only come through a vacated square, along its line.
        if d.royal_safe(r) == Some(true) {
            let mut vacated = 0u64;
            for &(u, f, _, _) in e.parts {
                if f != d.royal || pos.unit(u).kind != royal {
                    vacated |= 1u64 << narrow::n(f);
                }
            }
            vacated &= !occ;
            let by = nn.side[opp.index()];
            let through = nw.attacked_through(narrow::n(r), vacated, opp, occ, by, |k| nn.kind(k));
            if let Some(attacked) = through {
                return Some(!attacked);
            }
        }
        let unmoved = li.unmoved_n;
        if nw.attacked(
            narrow::n(r),
            opp,
            occ,
            nn.side[opp.index()],
            |k| nn.kind(k),
            unmoved,
        ) {
            return Some(false);
        }
        (d.complex & (1u64 << narrow::n(r)) == 0).then_some(true)
    }
    /// [`Self::effect_safe_sets`]'s first answer, for the placement of a fixed
    /// line whose first part is the royal piece on `from` (the square of the
    /// node's [`Danger`] `d`) and whose parts match no history pattern, capture
    /// nothing and promote nothing (castling, counted at the last ply): safe
    /// when the sets call the royal piece's end square safe and no slide
    /// reaches it through a square the other parts vacated. `None` where that
    /// does not decide (then [`Self::effect_safe`] tests). The node's sets are
    /// passed in, read once per count, not fetched per placement.
    pub(super) fn royal_route_safe(
        &self,
        d: &Danger,
        nn: &NarrowNode,
        opp: frozen_core::Side,
        from: Square,
        parts: &[(UnitId, Square, Square, u32)],
    ) -> Option<bool> {
        let nw = self.c().narrow()?;
        let (&(_, f, r, _), rest) = parts.split_first()?;
        if f != from || d.royal != from || parts.iter().any(|p| p.3 != 0) {
            return None;
        }
        if d.royal_safe(r) != Some(true) {
            return None;
        }
        let bit = |s: Square| 1u64 << narrow::n(s);
        let mut occ = (nn.side[0] | nn.side[1]) & !bit(f);
        let mut left = 0u64;
        for &(_, f, _, _) in rest {
            occ &= !bit(f);
            left |= bit(f);
        }
        for &(_, _, t, _) in parts {
            occ |= bit(t);
        }
        let by = nn.side[opp.index()];
        let through = nw.attacked_through(narrow::n(r), left & !occ, opp, occ, by, |k| nn.kind(k));
        through.map(|attacked| !attacked)
    }
    /// [`Self::effect_safe`] on bitboards alone, when it can decide: the placement after
    /// the effect is computed on the occupancy and the attacker's squares, and each own
    /// royal piece is tested with the same two tables `capturable_on_board` starts with
    /// (simple elements, exact; complex lines, a conservative filter). `None` when a
    /// complex line of the opponent might capture, or when a promotion makes a royal piece:
    /// then only the scratch board can tell.
    pub(super) fn effect_safe_quick(
        &self,
        pos: &Position<ParlettState>,
        e: EffectRef<'_>,
        promo: Option<Kind>,
        royal: Kind,
        nn: Option<&NarrowNode>,
    ) -> Option<bool> {
        let c = self.c();
        if promo == Some(royal) {
            return None;
        }
        let side = pos.to_move();
        let opp = side.opposite();
        let mut occ = pos.occupied();
        let mut by = pos.side_bb(opp);
        for &(_, sq) in e.caps {
            occ.clear(sq);
            by.clear(sq);
        }
        for &(_, f, _, _) in e.parts {
            occ.clear(f);
        }
        let mut royals: SmallVec<[Square; 2]> = SmallVec::new();
        for &(u, _, t, _) in e.parts {
            occ.set(t);
            if pos.unit(u).kind == royal {
                royals.push(t);
            }
        }
        for r in pos.pieces(side, royal) {
            if !e.parts.iter().any(|p| p.1 == r) {
                royals.push(r);
            }
        }
        let unmoved = c.unmoved_attackers(pos, opp, nn);
        let last = last_parts(e.parts);
        let kb = |k: usize| pos.kind_bb(Kind(k as u8));
        let mut undecided = false;
        for &r in &royals {
            if c.attacked(r, opp, occ, by, kb, unmoved, nn) {
                return Some(false);
            }
            if c.complex_may_capture(r, opp, by, kb, unmoved, Some(&last), nn) {
                undecided = true;
            }
        }
        (!undecided).then_some(true)
    }
    /// Plays an effect on the scratch board and tests every own royal piece.
    pub(super) fn effect_safe(
        &self,
        pos: &Position<ParlettState>,
        li: &Legal,
        board: &mut Option<Board>,
        e: EffectRef<'_>,
        promo: Option<Kind>,
        nn: Option<&NarrowNode>,
    ) -> bool {
        let c = self.c();
        let Some(royal) = c.royal else { return true };
        if let Some(safe) = self.effect_safe_sets(pos, li, e, promo, royal, nn) {
            return safe;
        }
        if let Some(safe) = self.effect_safe_quick(pos, e, promo, royal, nn) {
            return safe;
        }
        let side = pos.to_move();
        let b = board.get_or_insert_with(|| Board::from_pos(pos));
        let mut saved_kinds: SmallVec<[(UnitId, Kind); 2]> = SmallVec::new();
        for &(v, _) in e.caps {
            b.lift(v);
        }
        for &(u, _, _, _) in e.parts {
            b.lift(u);
        }
        for &(u, f, t, _) in e.parts {
            b.put(u, t);
            if let Some(p) = promo {
                if f != t {
                    let k = b.units[u.index()].kind;
                    if c.kinds.get(k.index()).is_some_and(|kd| {
                        kd.promo_zone[side.index()].contains(t) && !kd.promo_to.is_empty()
                    }) {
                        saved_kinds.push((u, k));
                        b.lift(u);
                        b.units[u.index()].kind = p;
                        b.put(u, t);
                    }
                }
            }
        }
        let last: LastParts = last_parts(e.parts);
        let mut safe = true;
        let royals: SmallVec<[(UnitId, Square); 2]> = b
            .units
            .iter()
            .enumerate()
            .filter_map(|(i, x)| {
                (x.side == side && x.kind == royal)
                    .then_some(())
                    .and(x.sq.map(|s| (UnitId(i as u16), s)))
            })
            .collect();
        for (ru, rs) in royals {
            if capturable_on_board(c, b, ru, rs, side.opposite(), last.clone()) {
                safe = false;
                break;
            }
        }
        for &(u, k) in saved_kinds.iter().rev() {
            let t = b.lift(u);
            b.units[u.index()].kind = k;
            if let Some(t) = t {
                b.put(u, t);
            }
        }
        for &(u, _, _, _) in e.parts {
            b.lift(u);
        }
        for &(u, f, _, _) in e.parts {
            b.put(u, f);
        }
        for &(v, s) in e.caps {
            b.put(v, s);
        }
        safe
    }
}
