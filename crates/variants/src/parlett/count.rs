//! Counting moves without listing them (perft's last ply, [`frozen_core::Rules::count_actions`]):
//! simple elements counted on the tables in bulk where legality allows, fixed lines on
//! their route plans, everything else move by move. Always the number of moves the
//! listing in [`super::moves`] gives.
//!
//! Uses [`super::ir`], [`super::compiled`], [`super::narrow`], [`super::board`],
//! [`super::eval`], [`super::fixed_count`], [`super::fixed_run`], [`super::set`],
//! [`super::legal`] and [`super::moves`].

use super::board::Board;
use super::eval::EffectRef;
use super::fixed::FixedLine;
use super::fixed_count::{count_royal_pairs, fixed_lines_may_start, plan_pairs};
use super::fixed_run::{plan_narrow, Part};
use super::ir::{KindData, Line};
use super::legal::{royal_sets_pay, Legal};
use super::moves::simple_like;
use super::narrow::{self, pack, unpack, NarrowNode};
use super::set::{ParlettRules, ParlettState};
use frozen_core::{Bitboard, Kind, Position, Square, UnitId};

impl ParlettRules {
    /// The legal complex moves of unit `u` on `from`, whose simple targets
    /// are `known`, counted on the narrow route plans when every line of its
    /// kind is fixed ([`plan_fixed`]): the same effects as
    /// [`Self::unit_moves`] gives, without building them one by one. `None`
    /// when some line is not fixed or a plan cannot decide (then
    /// [`Self::count_complex`] counts). Called only for a unit some line of
    /// which passed [`Self::line_may_run`] or, for the royal piece, whose
    /// lines' route plans say one may start ([`fixed_lines_may_start`]); a
    /// single line is not asked again (its plans are exact either way).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn count_fixed(
        &self,
        pos: &Position<ParlettState>,
        legal: Option<&Legal>,
        scratch: &mut Option<Board>,
        nn: &NarrowNode,
        u: UnitId,
        from: Square,
        known: Bitboard,
    ) -> Option<u64> {
        // The royal piece's lines (castling), when the node's sets decide
        // every placement: counted straight off the plans.
        if let Some(n) = legal.and_then(|li| self.count_royal_lines(pos, li, nn, u, from, known)) {
            return Some(n);
        }
        let c = self.c();
        let unit = pos.unit(u);
        let side = unit.side;
        let danger = || legal.and_then(|li| self.danger(pos, li, Some(nn))).copied();
        let royal_here = Some(unit.kind) == c.royal;
        let opp = side.opposite();
        self.sum_fixed_lines(pos, u, from, |line, fx| {
            let count = std::cell::Cell::new(0u64);
            let plain = royal_here && c.promotes_none(&line.pieces);
            let (kinds, unmoved) = (&line.pieces, &line.needs_unmoved);
            let mut leaf = |parts: &[Part]| {
                if simple_like(parts, &[], from, known) {
                    return;
                }
                if let Some(safe) = plain
                    .then(danger)
                    .flatten()
                    .and_then(|d| self.royal_route_safe(&d, nn, opp, from, parts))
                {
                    count.set(count.get() + u64::from(safe));
                    return;
                }
                let e = EffectRef { parts, caps: &[] };
                let mut legal_as = |piece: Option<Kind>| {
                    u64::from(legal.map_or(true, |li| {
                        self.effect_safe(pos, li, scratch, e, piece, Some(nn))
                    }))
                };
                let k = match self.effect_promotions(pos, side, parts) {
                    Some(list) => list.iter().map(|&k| legal_as(Some(k))).sum::<u64>(),
                    None => legal_as(None),
                };
                count.set(count.get() + k);
            };
            // Read off the plans with masks where that decides (one or two
            // parts), else walked part by part.
            if !plan_pairs(c, pos, fx, kinds, unmoved, u, nn, &danger, &mut leaf) {
                count.set(0);
                let walked =
                    plan_narrow(c, pos, fx, kinds, unmoved, u, nn, Some(&danger), &mut leaf);
                if !walked {
                    return None;
                }
            }
            Some(count.get())
        })
    }
    /// The moves of the royal piece `u` on `from` by its lines (castling), all
    /// counted straight off their flat route plans with the node's sets
    /// ([`Self::count_royal_flat`]). `None` when `u` is not the royal piece
    /// or the lines cannot be counted so (then [`Self::count_fixed`] walks
    /// them). `known`: the piece's simple targets.
    pub(super) fn count_royal_lines(
        &self,
        pos: &Position<ParlettState>,
        li: &Legal,
        nn: &NarrowNode,
        u: UnitId,
        from: Square,
        known: Bitboard,
    ) -> Option<u64> {
        let c = self.c();
        let unit = pos.unit(u);
        if Some(unit.kind) != c.royal {
            return None;
        }
        let kd = c.kinds.get(unit.kind.index())?;
        self.count_royal_flat(pos, li, nn, kd, from, pack(known))
    }
    /// The moves of the side to act's royal piece (kind data `kd`) on `from`
    /// by its lines, all counted straight off their flat route plans with the
    /// node's sets ([`count_royal_pairs`]): when every line of its kind has a
    /// flat form ([`Compiled::royal_pairs`]: fixed, at most two parts, no
    /// promotion), its placements are distinct moves, and the sets decide
    /// every placement; else `None`. `known`: its simple targets (narrow).
    fn count_royal_flat(
        &self,
        pos: &Position<ParlettState>,
        li: &Legal,
        nn: &NarrowNode,
        kd: &KindData,
        from: Square,
        known: u64,
    ) -> Option<u64> {
        let c = self.c();
        let side = pos.to_move();
        if !kd.fixed_distinct[side.index()] {
            return None;
        }
        let nw = c.narrow()?;
        let d = self.danger(pos, li, Some(nn))?;
        let s0 = narrow::n(from);
        let moved = nn.unmoved & (1u64 << s0) == 0;
        // The caller asked whether any line may run, so a single line is not
        // asked again (its plans are exact either way).
        let single = kd.lines.len() == 1;
        let mut n = 0;
        for &l in &kd.lines {
            let rp = c.royal_pairs(l)?;
            if !single && !self.line_may_run(pos, l, from, side, moved) {
                continue;
            }
            n += count_royal_pairs(nw, rp, side, s0, moved, nn, d, known)?;
        }
        Some(n)
    }
    /// The fixed lines of unit `u` on `from` that may run, each counted by
    /// `count`, summed: `None` when its kind's placements might make the same
    /// move twice (`KindData::fixed_distinct`: then the lines' effects must be
    /// merged, move by move), when a line is not fixed, or when `count` cannot
    /// count a line. The caller asked whether any line may run, so a single
    /// line is not asked again (its plans are exact either way).
    fn sum_fixed_lines(
        &self,
        pos: &Position<ParlettState>,
        u: UnitId,
        from: Square,
        mut count: impl FnMut(&Line, &FixedLine) -> Option<u64>,
    ) -> Option<u64> {
        let c = self.c();
        let unit = pos.unit(u);
        let side = unit.side;
        let kd = c.kinds.get(unit.kind.index())?;
        if !kd.fixed_distinct[side.index()] {
            return None;
        }
        let single = kd.lines.len() == 1;
        let mut n = 0;
        for &li in &kd.lines {
            let line = c.lines.get(li)?;
            let fx = c.fixed_line(li)?;
            if !single && !self.line_may_run(pos, li, from, side, unit.status.moved) {
                continue;
            }
            n += count(line, fx)?;
        }
        Some(n)
    }
    /// The single royal piece of the side to act at a node with narrow
    /// views `nn`, as the count's royal branch reads it, when the set has the
    /// check rule and narrow tables, the side has exactly one royal piece,
    /// and its kind matches no history pattern and does not promote.
    #[inline]
    fn royal_start(
        &self,
        pos: &Position<ParlettState>,
        nn: &NarrowNode,
        history_live: bool,
    ) -> Option<RoyalStart> {
        let c = self.c();
        let (nw, royal) = (c.narrow()?, c.royal?);
        let kd = c.kinds.get(royal.index())?;
        if !c.legality || kd.pattern_bits != 0 || !kd.promo_to.is_empty() {
            return None;
        }
        let side = pos.to_move();
        let own = nn.side[side.index()];
        let enemy = nn.side[side.opposite().index()];
        let bits = nn.kind(royal.index()) & own;
        if !narrow::single(bits) {
            return None;
        }
        let i = bits.trailing_zeros() as usize;
        let sq = narrow::square(i);
        let u = pos.unit_at(sq)?;
        let moved = nn.unmoved & bits == 0;
        let (targets, _) = nw.targets(royal, i, side, moved, own, enemy);
        // Whether castling may start, from its route plans when every line
        // is fixed (then no other quick test is needed: the plans are
        // exact), else from the lines' quick tests.
        let run_lines = !kd.lines.is_empty() && (history_live || !kd.history_only);
        let may = run_lines
            && match fixed_lines_may_start(c, &kd.lines, side, i, moved, own | enemy, enemy) {
                Some(may) => may,
                None => kd
                    .lines
                    .iter()
                    .any(|&li| self.line_may_run(pos, li, sq, side, moved)),
            };
        Some(RoyalStart {
            sq,
            targets,
            lines: may.then_some(u),
            sets: royal_sets_pay(targets, may),
        })
    }
    pub(super) fn count_moves(&self, pos: &Position<ParlettState>) -> u64 {
        if pos.result().is_some() {
            return 0;
        }
        let c = self.c();
        let side = pos.to_move();
        let nn = c.narrow().map(|_| NarrowNode::new(pos, c.kinds.len()));
        // History rules can only apply after a move that matched a pattern.
        let history_live = pos.state().last.iter().any(|p| p.patterns != 0);
        let royal = match &nn {
            Some(nn) => self.royal_start(pos, nn, history_live),
            None => None,
        };
        let legal = self.legal_info(pos, nn.as_ref(), royal.as_ref().is_some_and(|r| r.sets));
        let mut board: Option<Board> = None;
        let mut scratch: Option<Board> = None;
        let mut n = 0u64;
        let mut complex = |u: UnitId, known: Option<Bitboard>| -> u64 {
            if let (Some(nn), Some(known), Some(from)) =
                (nn.as_ref(), known, pos.unit(u).loc.square())
            {
                let fixed = self.count_fixed(pos, legal.as_ref(), &mut scratch, nn, u, from, known);
                if let Some(n) = fixed {
                    return n;
                }
            }
            self.count_complex(
                pos,
                legal.as_ref(),
                &mut board,
                &mut scratch,
                nn.as_ref(),
                u,
                known,
            )
        };
        if let (Some(nw), Some(nn)) = (c.narrow(), nn.as_ref()) {
            // Kind by kind on the narrow board: a piece whose moves cannot expose its
            // king adds the popcount of its targets, without looking at its unit
            // unless an `i` element needs to know whether it has moved.
            let own = nn.side[side.index()];
            let enemy = nn.side[side.opposite().index()];
            let (always, lines, risky) = match &legal {
                None => (false, 0, false),
                Some(li) => (li.always, li.lines_n, li.pattern_risky),
            };
            let opp = side.opposite();
            let occ = own | enemy;
            // Check and pin information from the tables, with one royal piece
            // and no complex line of the opponent that might capture it after
            // a turn matching no pattern: in check, the squares a non-royal
            // move must reach (`SimpleTables::evasion`); a piece on a line to
            // the royal piece moves only along it (`SimpleTables::pin_ray`).
            // Else (`None`) such pieces are tested move by move.
            let royal_at = legal
                .as_ref()
                .filter(|_| always || lines != 0)
                .and_then(|li| match li.royals.as_slice() {
                    &[r] if self.complex_reach_n(pos, li, nn) & (1u64 << narrow::n(r)) == 0 => {
                        Some(narrow::n(r))
                    }
                    _ => None,
                });
            let evasion = match (&legal, royal_at) {
                (Some(li), Some(r)) if li.always => {
                    nw.evasion(r, opp, occ, enemy, |k| nn.kind(k), li.unmoved_n)
                }
                _ => None,
            };
            let mask = evasion.unwrap_or(!0);
            let pin = |i: usize| -> Option<u64> {
                let r = royal_at?;
                nw.pin_ray(r, i, opp, occ, enemy, |k| nn.kind(k))
            };
            let mut royal_scratch: Option<Board> = None;
            let mut gens = [0u64; 8];
            // Target sets of different pieces, joined while they do not
            // overlap: one popcount for several pieces (`Moves::add`).
            let mut moves = Moves::default();
            for (k, kd) in c.kinds.iter().enumerate() {
                let mut bb = nn.kinds.get(k).copied().unwrap_or(0) & own;
                if bb == 0 {
                    continue;
                }
                let kind = Kind(k as u8);
                let fast_kind =
                    legal.is_none() || ((!always || evasion.is_some()) && Some(kind) != c.royal);
                // A move matching a history pattern might let a history rule of
                // the opponent capture the royal piece: those are tested one by one.
                let pattern_tested = kd.pattern_bits != 0 && risky;
                let promotes = !kd.promo_to.is_empty();
                let run_lines = !kd.lines.is_empty() && (history_live || !kd.history_only);
                // Kinds of plain simple elements only, that cannot expose their
                // king: their pieces off the pin lines are done here, before
                // anything else of the kind is looked up; pinned ones go on below.
                if fast_kind && !promotes && !run_lines && !pattern_tested {
                    let free = bb & !lines;
                    if let Some(dirs) = nw.only_slides(k, side) {
                        // Pure sliders: every piece's slides in one direction
                        // are counted together (rays along one direction never
                        // overlap), after the loop.
                        for (g, m) in gens.iter_mut().zip(dirs) {
                            *g |= free & m;
                        }
                        bb &= lines;
                    } else if nw.only_leaps(k) {
                        // Pure leapers: piece by piece off their tables.
                        let mut q = free;
                        while q != 0 {
                            let i = q.trailing_zeros() as usize;
                            q &= q - 1;
                            moves.add(nw.merged_targets(kind, i, side, own, enemy) & mask);
                        }
                        bb &= lines;
                    }
                    if bb == 0 {
                        continue;
                    }
                }
                let zone = nw.promo_zone[k][side.index()];
                let initial = nw.has_initial(kind);
                // A kind whose lines are all history rules (en passant): the
                // squares from which one may apply after the previous turn, worked
                // out once for the node (`Compiled::history_sources`); a piece
                // elsewhere runs none ([`Self::line_may_run`] would say no).
                let sources = if run_lines && kd.history_only {
                    let last = &pos.state().last;
                    kd.lines.iter().try_fold(0u64, |m, &li| {
                        c.history_sources(li, side, last, |q| pos.unit_at(q))
                            .map(|s| m | pack(s))
                    })
                } else {
                    None
                };
                // The unit on `sq`, when one of its complex lines may give a move.
                let lines_unit = |sq: Square| -> Option<UnitId> {
                    if !run_lines || sources.is_some_and(|s| s & (1u64 << narrow::n(sq)) == 0) {
                        return None;
                    }
                    let u = pos.unit_at(sq)?;
                    let moved = pos.unit(u).status.moved;
                    kd.lines
                        .iter()
                        .any(|&li| self.line_may_run(pos, li, sq, side, moved))
                        .then_some(u)
                };
                // A kind whose exact slides (a pawn's double step) are counted
                // for all its pieces off the pin lines at once, as shifts of the
                // set (`SimpleTables::exact_plan`): those pieces then take only
                // their other targets one by one, and need no look-up of whether
                // they moved.
                let plan = if fast_kind && !pattern_tested {
                    nw.exact_plan(k, side)
                } else {
                    None
                };
                let mut planned = 0u64;
                if let Some(steps) = plan {
                    planned = bb & !lines;
                    let unmoved = planned & nn.unmoved;
                    for st in steps {
                        let t = st.targets(planned, unmoved, own, enemy) & mask;
                        let promo = if promotes { t & zone } else { 0 };
                        moves.add(t & !promo);
                        if promo != 0 {
                            n += u64::from(promo.count_ones()) * kd.promo_to.len() as u64;
                        }
                    }
                    // A kind whose other elements are leaps along a few shifts
                    // (a pawn's push and captures): those too for the whole set,
                    // shift by shift (`SimpleTables::leap_shifts`), and its pieces
                    // are done but for their complex lines.
                    if let Some(shifts) = nw.leap_shifts(k, side) {
                        for e in shifts {
                            let t = e.targets(planned, own, enemy) & mask;
                            let promo = if promotes { t & zone } else { 0 };
                            moves.add(t & !promo);
                            if promo != 0 {
                                n += u64::from(promo.count_ones()) * kd.promo_to.len() as u64;
                            }
                        }
                        if run_lines {
                            let mut q = planned & sources.unwrap_or(!0);
                            while q != 0 {
                                let i = q.trailing_zeros() as usize;
                                q &= q - 1;
                                let sq = narrow::square(i);
                                if let Some(u) = lines_unit(sq) {
                                    // Its complex moves skip what its simple
                                    // ones give: those in full.
                                    let moved = pos.unit(u).status.moved;
                                    let (all, _) = nw.targets(kind, i, side, moved, own, enemy);
                                    n += complex(u, Some(unpack(all)));
                                }
                            }
                        }
                        bb &= !planned;
                    }
                }
                while bb != 0 {
                    let i = bb.trailing_zeros() as usize;
                    bb &= bb - 1;
                    let sq = narrow::square(i);
                    if planned & (1 << i) != 0 {
                        let t = nw.merged_targets(kind, i, side, own, enemy) & mask;
                        let promo = if promotes { t & zone } else { 0 };
                        moves.add(t & !promo);
                        if promo != 0 {
                            n += u64::from(promo.count_ones()) * kd.promo_to.len() as u64;
                        }
                        if let Some(u) = lines_unit(sq) {
                            // Its complex moves skip what its simple ones give:
                            // those in full.
                            let moved = pos.unit(u).status.moved;
                            let (all, _) = nw.targets(kind, i, side, moved, own, enemy);
                            n += complex(u, Some(unpack(all)));
                        }
                        continue;
                    }
                    let allowed = match (fast_kind, lines & (1 << i) == 0) {
                        (false, _) => None,
                        (true, true) => Some(mask),
                        (true, false) => pin(i).map(|ray| ray & mask),
                    };
                    if let Some(allowed) = allowed {
                        let moved = initial && nn.unmoved & (1 << i) == 0;
                        let (all, pat) = nw.targets(kind, i, side, moved, own, enemy);
                        let t = all & allowed;
                        let tested = if pattern_tested { t & pat } else { 0 };
                        if let (Some(li), true) = (legal.as_ref(), tested != 0) {
                            n += self.count_pattern_tested(
                                pos,
                                li,
                                &mut royal_scratch,
                                (sq, t, tested),
                                kd,
                                zone,
                                nn,
                            );
                        } else {
                            let promo = if promotes { t & zone } else { 0 };
                            moves.add(t & !promo);
                            if promo != 0 {
                                n += u64::from(promo.count_ones()) * kd.promo_to.len() as u64;
                            }
                        }
                        if let Some(u) = lines_unit(sq) {
                            n += complex(u, Some(unpack(all)));
                        }
                    } else if let (Some(li), Some(rs)) =
                        (legal.as_ref(), royal.as_ref().filter(|rs| rs.sq == sq))
                    {
                        // The royal piece: its steps to empty squares are read
                        // off the node's sets; captures and squares a complex
                        // line might reach are tested one by one.
                        let (t, lines_run, sets) = (rs.targets, rs.lines, rs.sets);
                        let d = sets.then(|| self.danger(pos, li, Some(nn))).flatten();
                        let quick = d.map_or(0, |d| t & !d.simple & !d.complex & !enemy);
                        moves.add(quick);
                        let rest = t & !quick & !d.map_or(0, |d| d.simple & !enemy);
                        // Each remaining step (the royal kind matches no history
                        // pattern): as `simple_legal` decides it, the attack tables
                        // on the placement after the step, then a square a complex
                        // line of the opponent might reach tested in full.
                        if rest != 0 {
                            let unmoved = li.unmoved_n;
                            let reach = self.complex_reach_n(pos, li, nn);
                            let from = 1u64 << i;
                            let mut steps = rest;
                            let mut full = 0u64;
                            while steps != 0 {
                                let to = steps & steps.wrapping_neg();
                                steps &= steps - 1;
                                let j = to.trailing_zeros() as usize;
                                let occ = (own | enemy | to) & !from;
                                let by = enemy & !to;
                                if nw.attacked(j, opp, occ, by, |k| nn.kind(k), unmoved) {
                                    continue;
                                }
                                if reach & to != 0 {
                                    full |= to;
                                } else {
                                    n += 1;
                                }
                            }
                            n += self.count_one_by_one(
                                pos,
                                li,
                                &mut royal_scratch,
                                (sq, full),
                                (0, &[]),
                                nn,
                            );
                        }
                        if let Some(u) = lines_run {
                            n += match self.count_royal_flat(pos, li, nn, kd, sq, t) {
                                Some(k) => k,
                                None => complex(u, Some(unpack(t))),
                            };
                        }
                    } else if legal.is_some() {
                        if let Some(u) = pos.unit_at(sq) {
                            n += complex(u, None);
                        }
                    }
                }
            }
            // A direction without sliders fills nothing: adding its empty set
            // changes no count.
            for f in nw.fill_all(&gens, !(own | enemy)) {
                moves.add(f & !own & mask);
            }
            return n + moves.total();
        }
        let own = pos.side_bb(side);
        let enemy = pos.side_bb(side.opposite());
        for sq in own {
            let Some(u) = pos.unit_at(sq) else { continue };
            let un = pos.unit(u);
            let kd = &c.kinds[un.kind.index()];
            let fast = match &legal {
                None => true,
                Some(li) => {
                    !li.always
                        && !li.lines.contains(sq)
                        && Some(un.kind) != c.royal
                        && (kd.pattern_bits == 0 || !li.pattern_risky)
                }
            };
            if fast {
                let (t, _) = c.simple_targets(un.kind, sq, side, un.status.moved, own, enemy);
                let promo = if kd.promo_to.is_empty() {
                    Bitboard::EMPTY
                } else {
                    t & kd.promo_zone[side.index()]
                };
                n += u64::from((t - promo).count())
                    + u64::from(promo.count()) * kd.promo_to.len() as u64;
                if !kd.lines.is_empty() && (history_live || !kd.history_only) {
                    n += complex(u, Some(t));
                }
            } else if legal.is_some() {
                n += complex(u, None);
            }
        }
        n
    }
    /// The simple moves of a piece on `sq` to narrow targets `t` whose
    /// `tested` ones match a history pattern while a history rule of the
    /// opponent might then capture the royal piece: those are tested one by
    /// one, the others only counted.
    #[cold]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn count_pattern_tested(
        &self,
        pos: &Position<ParlettState>,
        li: &Legal,
        scratch: &mut Option<Board>,
        (sq, t, tested): (Square, u64, u64),
        kd: &super::ir::KindData,
        zone: u64,
        nn: &NarrowNode,
    ) -> u64 {
        let promos = kd.promo_to.len() as u64;
        let promo = if promos > 0 { t & zone } else { 0 };
        u64::from((t & !promo & !tested).count_ones())
            + u64::from((promo & !tested).count_ones()) * promos
            + self.count_one_by_one(pos, li, scratch, (sq, tested), (promo, &kd.promo_to), nn)
    }
    /// The legal simple moves from `sq` to the narrow targets `tested`, each
    /// tested with [`Self::simple_legal`]; a target in `promo` counts once per
    /// kind of `promo_to` it may promote to.
    pub(super) fn count_one_by_one(
        &self,
        pos: &Position<ParlettState>,
        li: &Legal,
        scratch: &mut Option<Board>,
        (sq, tested): (Square, u64),
        (promo, promo_to): (u64, &[Kind]),
        nn: &NarrowNode,
    ) -> u64 {
        let mut n = 0;
        let mut rest = tested;
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let to = narrow::square(j);
            let mut legal_to = |p: Option<Kind>| {
                u64::from(self.simple_legal(pos, li, scratch, sq, to, p, Some(nn)))
            };
            if promo & (1 << j) != 0 {
                for &p in promo_to {
                    n += legal_to(Some(p));
                }
            } else {
                n += legal_to(None);
            }
        }
        n
    }
    /// Moves of one unit counted one by one: with `known` simple targets (already
    /// counted), its legal complex moves; without, all its legal moves (a king, a
    /// pinned piece, or every piece while in check).
    // Rare at the last ply (en passant, a piece tested move by move): kept
    // out of line, so the count's common path stays compact in the
    // instruction cache.
    #[cold]
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn count_complex(
        &self,
        pos: &Position<ParlettState>,
        legal: Option<&Legal>,
        board: &mut Option<Board>,
        scratch: &mut Option<Board>,
        nn: Option<&NarrowNode>,
        u: UnitId,
        known: Option<Bitboard>,
    ) -> u64 {
        let mut n = 0u64;
        let complex_only = known.is_some();
        let danger = || legal.and_then(|li| self.danger(pos, li, nn)).copied();
        self.unit_moves(pos, board, u, known, nn, Some(&danger), false, &mut |g| {
            if complex_only && g.effect.is_none() {
                return;
            }
            if legal.map_or(true, |li| self.is_legal(pos, li, scratch, &g, nn)) {
                n += 1;
            }
        });
        n
    }
}

/// The single royal piece at a node ([`ParlettRules::royal_start`]).
struct RoyalStart {
    sq: Square,
    /// Its simple targets, as a narrow word.
    targets: u64,
    /// The unit, when one of its lines (castling) may start.
    lines: Option<UnitId>,
    /// Do the node's capture sets pay off for its moves ([`royal_sets_pay`])?
    sets: bool,
}

/// A running count of moves given as target sets, one set per piece (or per
/// slide direction): sets are joined while they do not overlap, so one
/// popcount counts several pieces' moves (without a POPCNT instruction a
/// popcount is a dozen instructions).
#[derive(Default)]
struct Moves {
    counted: u64,
    pending: u64,
}

impl Moves {
    #[inline]
    fn add(&mut self, t: u64) {
        if self.pending & t != 0 {
            self.counted += u64::from(self.pending.count_ones());
            self.pending = t;
        } else {
            self.pending |= t;
        }
    }

    #[inline]
    fn total(&self) -> u64 {
        self.counted + u64::from(self.pending.count_ones())
    }
}
