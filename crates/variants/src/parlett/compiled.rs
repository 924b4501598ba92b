//! The compiled set ([`Compiled`]): the intermediate form plus every table move
//! generation reads, built once when a set is loaded ([`Compiled::new`]), and the queries
//! on them: simple targets and attacks on the wide or narrow board, whether a complex line
//! may apply from a square, whether one might capture on a square (the capture filters),
//! the unmoved pieces a capture test reads.
//!
//! Uses [`super::ir`], [`super::compile`] (its output) and the tables: [`super::attacks`],
//! [`super::simple`], [`super::narrow`], [`super::fixed`] and [`super::filter`].

use super::ast::{CaptureRule, Direction, MoveKind};
use super::attacks::{build_attacks, Attacks};
use super::compile::IrSet;
use super::filter::CaptureFilter;
use super::fixed::{fix_line, FixedLine, RoyalPairs};
use super::ir::*;
use super::mover_line::MoverLine;
use super::narrow::{self, pack, unpack, NarrowNode};
use super::simple::{narrow_squares, NarrowTables, WideTables};
use frozen_core::{Bitboard, Geometry, Kind, Position, Shape, Side, Square, UnitId};

/// A compiled piece set: everything move generation needs, no strings on
/// the hot path.
#[derive(Clone, Debug)]
pub struct Compiled {
    pub(crate) shape: Shape,
    pub(crate) kinds: Vec<KindData>,
    pub(crate) lines: Vec<Line>,
    pub(crate) royal: Option<Kind>,
    pub(crate) legality: bool,
    /// Complex lines that can capture, with their capture filters
    /// ([`super::filter`]).
    pub(crate) filters: Vec<(usize, CaptureFilter<Bitboard>)>,
    /// The same filters on the narrow board (boards of at most 8 x 8).
    pub(crate) narrow_filters: Option<Vec<CaptureFilter<u64>>>,
    /// Per side and narrow index, the union of the narrow filters'
    /// [`CaptureFilter::capture_sources`]: with no piece of the side on it,
    /// no filter says a complex line may capture there.
    narrow_sources: Option<[Vec<u64>; 2]>,
    /// The kinds whose unmoved status a capture test reads (see
    /// [`Compiled::unmoved_attackers`]).
    pub(crate) unmoved_kinds: Vec<Kind>,
    /// Some `i` element captures: the attack tables read unmoved squares.
    pub(crate) unmoved_tables: bool,
    pub(crate) maxdim: u32,
    /// History-pattern bits per chain source id.
    pub(crate) chain_pattern_bits: Vec<u32>,
    /// The simple elements' tables on the wide board word (the hot path).
    pub(crate) simple: Box<WideTables>,
    /// The same tables on one `u64`, for boards of at most 8 x 8.
    pub(crate) narrow: Option<Box<NarrowTables>>,
    /// Per line: its routes when every step is fixed (see [`super::fixed`]).
    pub(crate) fixed: Vec<Option<Box<FixedLine>>>,
    /// Per line: the history rule compiled when it captures the pattern's
    /// unit and steps on by fixed vectors (see [`super::mover_line`]).
    mover: Vec<Option<MoverLine>>,
    /// Per line: its flat form for the royal piece's count, when it is a
    /// fixed line of one or two parts on the narrow board (see
    /// [`super::fixed::RoyalPairs`]).
    royal_pairs: Vec<Option<Box<RoyalPairs>>>,
}

impl Compiled {
    /// Builds the tables of a compiled set.
    pub(crate) fn new(ir: IrSet) -> Compiled {
        let IrSet {
            shape,
            mut kinds,
            lines,
            royal,
            legality,
            maxdim,
            chain_pattern_bits,
        } = ir;
        let geo = Geometry::new(shape);
        let mut within = Box::new([[Bitboard::EMPTY; 17]; 256]);
        for sq in shape.squares() {
            for t in shape.squares() {
                let d = sq.distance(t) as usize;
                for k in d..17 {
                    within[sq.index()][k].set(t);
                }
            }
        }
        let fixed: Vec<Option<Box<FixedLine>>> = lines
            .iter()
            .map(|line| fix_line(&line.body, &chain_pattern_bits, shape))
            .collect();
        let royal_pairs = lines
            .iter()
            .zip(&fixed)
            .map(|(line, fx)| {
                let fx = fx.as_deref()?;
                let promotes = !promotes_none(&kinds, &line.pieces);
                RoyalPairs::new(fx, &line.pieces, &line.needs_unmoved, promotes).map(Box::new)
            })
            .collect();
        let mover = lines
            .iter()
            .map(|line| MoverLine::new(&line.body, &chain_pattern_bits))
            .collect();
        for kd in &mut kinds {
            kd.fixed_distinct = Side::ALL.map(|side| {
                let mut seen: Vec<(i32, i32)> = Vec::new();
                for &li in &kd.lines {
                    let Some(fx) = &fixed[li] else {
                        return false;
                    };
                    for alt in &fx.alts[side.index()] {
                        let d = alt.first().map_or((0, 0), |ch| ch.displacement());
                        if seen.contains(&d) {
                            return false;
                        }
                        seen.push(d);
                    }
                }
                true
            });
        }
        let capture_lines: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].can_capture.iter().any(|&c| c))
            .collect();
        let attacks: [Attacks; 2] = [
            build_attacks(&kinds, Side::White, maxdim),
            build_attacks(&kinds, Side::Black, maxdim),
        ];
        // Whose unmoved status a capture test reads: kinds with an `i` element
        // that captures (the attack tables), and the parts of capture lines that
        // need an unmoved piece (the complex-line filters).
        let mut unmoved_kinds: Vec<Kind> = Vec::new();
        for (ki, kd) in kinds.iter().enumerate() {
            if kd
                .simple
                .iter()
                .any(|el| el.initial && el.capture != CaptureRule::Never)
            {
                unmoved_kinds.push(Kind(ki as u8));
            }
        }
        let unmoved_tables = !unmoved_kinds.is_empty();
        for &li in &capture_lines {
            for (pi, &k) in lines[li].pieces.iter().enumerate() {
                if lines[li].needs_unmoved[pi] && !unmoved_kinds.contains(&k) {
                    unmoved_kinds.push(k);
                }
            }
        }
        let simple = Box::new(WideTables::wide(&geo, &kinds, &within, &attacks, maxdim));
        let narrow = narrow_squares(shape)
            .filter(|_| kinds.len() <= narrow::MAX_NARROW_KINDS)
            .map(|sqs| Box::new(simple.map(pack, &sqs, 8)));
        let filters: Vec<(usize, CaptureFilter<Bitboard>)> = capture_lines
            .iter()
            .map(|&li| {
                (
                    li,
                    CaptureFilter::wide(&lines[li], fixed[li].as_deref(), &within),
                )
            })
            .collect();
        let narrow_filters: Option<Vec<CaptureFilter<u64>>> = narrow
            .as_ref()
            .map(|_| filters.iter().map(|(_, f)| f.narrowed()).collect());
        let narrow_sources = narrow_filters.as_ref().map(|fs| {
            Side::ALL.map(|by| {
                (0..64)
                    .map(|i| fs.iter().fold(0, |m, f| m | f.capture_sources(by, i)))
                    .collect()
            })
        });
        Compiled {
            simple,
            narrow,
            chain_pattern_bits,
            shape,
            kinds,
            lines,
            royal,
            legality,
            filters,
            narrow_filters,
            narrow_sources,
            unmoved_kinds,
            unmoved_tables,
            maxdim,
            fixed,
            mover,
            royal_pairs,
        }
    }

    /// Line `li` compiled as a history rule that captures the unit of its
    /// pattern and steps on by fixed vectors ([`MoverLine`]).
    #[inline]
    pub(crate) fn mover_line(&self, li: usize) -> Option<&MoverLine> {
        self.mover.get(li).and_then(Option::as_ref)
    }

    /// Line `li` laid out flat for the royal piece's count ([`RoyalPairs`]).
    #[inline]
    pub(crate) fn royal_pairs(&self, li: usize) -> Option<&RoyalPairs> {
        self.royal_pairs.get(li).and_then(|r| r.as_deref())
    }

    /// Line `li`'s routes when every step of it is fixed.
    #[inline]
    pub(crate) fn fixed_line(&self, li: usize) -> Option<&FixedLine> {
        self.fixed.get(li).and_then(|f| f.as_deref())
    }

    /// Does no kind of `kinds` promote (an unknown kind counts as one that may)?
    pub(crate) fn promotes_none(&self, kinds: &[Kind]) -> bool {
        promotes_none(&self.kinds, kinds)
    }
}

/// Does no kind of `pieces` promote under the kind data `kinds` (an unknown
/// kind counts as one that may)? [`Compiled::promotes_none`], also asked
/// while the tables are built.
fn promotes_none(kinds: &[KindData], pieces: &[Kind]) -> bool {
    pieces.iter().all(|k| {
        kinds
            .get(k.index())
            .is_some_and(|kd| kd.promo_to.is_empty())
    })
}

impl Compiled {
    /// Targets of a kind's simple elements for a unit on `sq`: see
    /// [`super::simple::SimpleTables::targets`]. Returns (targets, targets of pattern elements).
    #[inline]
    pub(crate) fn simple_targets(
        &self,
        kind: Kind,
        sq: Square,
        side: Side,
        moved: bool,
        own: Bitboard,
        enemy: Bitboard,
    ) -> (Bitboard, Bitboard) {
        self.simple
            .targets(kind, sq.index(), side, moved, own, enemy)
    }

    /// Pattern bits of the simple elements reaching `to` from `sq`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn simple_pattern_bits(
        &self,
        kind: Kind,
        sq: Square,
        to: Square,
        side: Side,
        moved: bool,
        own: Bitboard,
        enemy: Bitboard,
    ) -> u32 {
        self.simple
            .pattern_bits(kind, sq.index(), to.index(), side, moved, own, enemy)
    }

    /// Could a simple element of a `by` piece capture on `sq`? See
    /// [`super::simple::SimpleTables::attacked`].
    #[inline]
    pub(crate) fn simple_attacked(
        &self,
        sq: Square,
        by: Side,
        occ: Bitboard,
        by_pieces: Bitboard,
        kind_bb: impl Fn(usize) -> Bitboard,
        unmoved: Bitboard,
    ) -> bool {
        self.simple
            .attacked(sq.index(), by, occ, by_pieces, kind_bb, unmoved)
    }

    /// Squares whose vacating may uncover an attack on `sq`: see
    /// [`super::simple::SimpleTables::slider_lines`].
    pub(crate) fn slider_lines(
        &self,
        sq: Square,
        by: Side,
        occ: Bitboard,
        own: Bitboard,
        enemy: Bitboard,
        kind_bb: impl Fn(usize) -> Bitboard,
    ) -> Bitboard {
        self.simple
            .slider_lines(sq.index(), by, occ, own, enemy, kind_bb)
    }

    /// A cheap necessary condition for a complex line to give any move to
    /// a piece on `sq`: the first real step of (the first part of) some
    /// alternative, after any `0` steps, must be possible when it is a plain
    /// `o` step of fixed length. Anything else is assumed possible.
    pub(crate) fn line_may_apply(&self, li: usize, sq: Square, side: Side, occ: Bitboard) -> bool {
        let Some(line) = self.lines.get(li) else {
            return false;
        };
        let Some(starts) = &line.starts else {
            return true;
        };
        let Some(tests) = starts[side.index()].get(sq.index()) else {
            return false;
        };
        tests.iter().any(|t| match t {
            StartTest::Off => false,
            StartTest::Empty(need) => !need.intersects(occ),
            StartTest::Dynamic(n) => {
                let chain = match &line.body {
                    LineBody::Multi(alts) => alts.get(*n).and_then(|t| t.first()),
                    LineBody::Single(alts) => alts.get(*n),
                    LineBody::History { .. } => None,
                };
                chain.map_or(true, |c| self.chain_may_start(c, sq, side, occ))
            }
        })
    }

    /// [`Self::line_may_apply`] without the precomputed tests: every
    /// alternative's first chain followed on the position.
    #[cfg(test)]
    pub(crate) fn line_may_apply_walked(
        &self,
        li: usize,
        sq: Square,
        side: Side,
        occ: Bitboard,
    ) -> bool {
        let Some(line) = self.lines.get(li) else {
            return false;
        };
        match &line.body {
            LineBody::Multi(alts) => alts.iter().any(|t| match t.first() {
                Some(c) => self.chain_may_start(c, sq, side, occ),
                None => true,
            }),
            LineBody::Single(alts) => alts.iter().any(|c| self.chain_may_start(c, sq, side, occ)),
            LineBody::History { .. } => true,
        }
    }

    /// The condition of a history rule (PAR-HIST-01), tested before any
    /// evaluation: some unit of the previous turn, at the rule's distance and
    /// direction from `sq`, was moved by an element equal to the pattern and
    /// still stands where it went. `true` for lines that are not history rules.
    pub(crate) fn history_may_apply(
        &self,
        li: usize,
        sq: Square,
        side: Side,
        last: &[LastPart],
        at: impl Fn(Square) -> Option<UnitId>,
    ) -> bool {
        let Some(line) = self.lines.get(li) else {
            return false;
        };
        let (LineBody::History { pattern_bit, .. }, Some(from)) =
            (&line.body, line.history_from.as_deref())
        else {
            return true;
        };
        last.iter().any(|p| {
            p.patterns & pattern_bit != 0
                && from[side.index()][p.to.index()].contains(sq)
                && at(p.to) == Some(p.unit)
        })
    }

    /// Every square `sq` for which [`Self::history_may_apply`] of line `li` would
    /// say yes, when `li` is a history rule with its source tables (`None`
    /// otherwise: then it may apply anywhere).
    pub(crate) fn history_sources(
        &self,
        li: usize,
        side: Side,
        last: &[LastPart],
        at: impl Fn(Square) -> Option<UnitId>,
    ) -> Option<Bitboard> {
        let line = self.lines.get(li)?;
        let (LineBody::History { pattern_bit, .. }, Some(from)) =
            (&line.body, line.history_from.as_deref())
        else {
            return None;
        };
        let mut m = Bitboard::EMPTY;
        for p in last {
            if p.patterns & pattern_bit != 0 && at(p.to) == Some(p.unit) {
                m |= from[side.index()][p.to.index()];
            }
        }
        Some(m)
    }

    fn chain_may_start(&self, c: &IrChain, sq: Square, side: Side, occ: Bitboard) -> bool {
        // Follow the leading `0` steps and single-vector `o` steps of fixed
        // length (their outcome is known from the occupancy alone).
        let mut cur = sq;
        let occ = occ - Bitboard::from_square(sq);
        for (u, tested) in &c.units {
            let (k, dir, s) = match leading(u, *tested) {
                None => return true,
                Some(Leading::Stand) => continue,
                Some(Leading::Empty { k, dir, step }) => (k, dir, step),
            };
            let free = |df: i8, dr: i8| -> Option<Square> {
                let mut last = None;
                for j in 1..=k {
                    let t = offset(cur, self.shape, i32::from(df) * j, i32::from(dr) * j)?;
                    if (j == k || s.kind == MoveKind::Slide) && occ.contains(t) {
                        return None;
                    }
                    last = Some(t);
                }
                last
            };
            let vecs = dir_vectors(Direction::ALL[dir as usize], side);
            if vecs.len() != 1 {
                return vecs.iter().any(|&(df, dr)| free(df, dr).is_some());
            }
            match free(vecs[0].0, vecs[0].1) {
                Some(t) => cur = t,
                None => return false,
            }
        }
        true
    }

    /// The squares of `by`'s unmoved pieces whose unmoved status a capture
    /// test reads ([`Compiled::unmoved_kinds`]): as an `unmoved` argument of
    /// the attack tests and the complex-line filters, exact (they read no
    /// other square).
    /// `nn`: the node's narrow views, to find the pieces faster.
    pub(crate) fn unmoved_attackers<S: frozen_core::VariantState>(
        &self,
        pos: &Position<S>,
        by: Side,
        nn: Option<&NarrowNode>,
    ) -> Bitboard {
        match nn {
            Some(nn) => {
                let kinds = self
                    .unmoved_kinds
                    .iter()
                    .fold(0, |m, k| m | nn.kind(k.index()));
                unpack(kinds & nn.side[by.index()] & nn.unmoved)
            }
            None => {
                let kinds = self
                    .unmoved_kinds
                    .iter()
                    .fold(Bitboard::EMPTY, |m, &k| m | pos.pieces(by, k));
                kinds & pos.unmoved_bb()
            }
        }
    }

    /// Does any capture-capable complex line of `by` have pieces near `sq`
    /// (within its reach), with the unmoved pieces it needs? A cheap,
    /// conservative filter: `false` means no complex line can capture on `sq`
    /// ([`super::filter`]). `last` is the previous turn as history rules
    /// would see it (`None`: unknown, any pattern may have been played).
    /// With the node's narrow views `nn` (whose kinds `kind_bb` must give),
    /// the narrow tables answer; this is the one place that chooses.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn complex_may_capture(
        &self,
        sq: Square,
        by: Side,
        by_pieces: Bitboard,
        kind_bb: impl Fn(usize) -> Bitboard,
        unmoved: Bitboard,
        last: Option<&[LastPart]>,
        nn: Option<&NarrowNode>,
    ) -> bool {
        self.filters_may_capture(sq, by, by_pieces, kind_bb, unmoved, last, nn, true)
    }

    /// [`Self::complex_may_capture`] on the narrow board, with the square, the
    /// attacker's pieces and the unmoved squares as narrow words (the narrow
    /// filters must exist; without them, `true`: the conservative answer).
    pub(crate) fn narrow_may_capture(
        &self,
        i: usize,
        by: Side,
        by_pieces: u64,
        nn: &NarrowNode,
        unmoved: u64,
        last: Option<&[LastPart]>,
    ) -> bool {
        self.narrow_filters_may_capture(i, by, by_pieces, nn, unmoved, last, true)
            .unwrap_or(true)
    }

    /// [`Self::pattern_may_capture`] on the narrow filters with the node's
    /// narrow views (`by_pieces`, `unmoved` as narrow words), for a royal
    /// piece on index `i`.
    #[inline]
    pub(crate) fn narrow_pattern_may_capture(
        &self,
        i: usize,
        by: Side,
        by_pieces: u64,
        nn: &NarrowNode,
        unmoved: u64,
    ) -> bool {
        self.narrow_filters_may_capture(i, by, by_pieces, nn, unmoved, None, false)
            .unwrap_or(true)
    }

    /// The narrow filters' answer for index `i`: all of them (`all`), or
    /// those that may capture more than the unit that played a pattern;
    /// `None` when the set has no narrow filters.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn narrow_filters_may_capture(
        &self,
        i: usize,
        by: Side,
        by_pieces: u64,
        nn: &NarrowNode,
        unmoved: u64,
        last: Option<&[LastPart]>,
        all: bool,
    ) -> Option<bool> {
        let filters = self.narrow_filters.as_deref()?;
        // No piece of `by` where any filter's part could capture from.
        let sources = self.narrow_sources.as_ref()?;
        if sources[by.index()]
            .get(i)
            .is_some_and(|&s| s & by_pieces == 0)
        {
            return Some(false);
        }
        let kind = |k: usize| nn.kind(k);
        Some(
            filters
                .iter()
                .filter(|f| all || !f.mover_only())
                .any(|f| f.may_capture(i, by, by_pieces, &kind, unmoved, last)),
        )
    }

    /// Might a complex line of `by` capture a royal piece on `sq` after a
    /// turn in which a piece other than a royal one matched a history pattern
    /// ([`Self::complex_may_capture`] with any previous turn), leaving out the
    /// history rules that can capture only the unit that played their pattern
    /// ([`super::filter::captures_only_the_mover`]): that unit is not the
    /// royal piece. `false` means such a move cannot expose a royal piece to
    /// a complex line any more than a move matching no pattern does.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn pattern_may_capture(
        &self,
        sq: Square,
        by: Side,
        by_pieces: Bitboard,
        kind_bb: impl Fn(usize) -> Bitboard,
        unmoved: Bitboard,
        nn: Option<&NarrowNode>,
    ) -> bool {
        self.filters_may_capture(sq, by, by_pieces, kind_bb, unmoved, None, nn, false)
    }

    /// The filters of [`Self::complex_may_capture`] (`all`) or of
    /// [`Self::pattern_may_capture`] (those that may capture more than the
    /// unit that played a pattern), asked on the narrow tables when the node's
    /// narrow views are at hand, else on the wide ones.
    #[allow(clippy::too_many_arguments)]
    fn filters_may_capture(
        &self,
        sq: Square,
        by: Side,
        by_pieces: Bitboard,
        kind_bb: impl Fn(usize) -> Bitboard,
        unmoved: Bitboard,
        last: Option<&[LastPart]>,
        nn: Option<&NarrowNode>,
        all: bool,
    ) -> bool {
        if let (true, Some(nn)) = (self.narrow_filters.is_some(), nn) {
            let (i, by_pieces, unmoved) = (narrow::n(sq), pack(by_pieces), pack(unmoved));
            return self
                .narrow_filters_may_capture(i, by, by_pieces, nn, unmoved, last, all)
                .unwrap_or(true);
        }
        self.filters
            .iter()
            .filter(|(_, f)| all || !f.mover_only())
            .any(|(_, f)| f.may_capture(sq.index(), by, by_pieces, &kind_bb, unmoved, last))
    }

    /// Is [`Self::complex_reach`] empty whatever the position, because every
    /// capture-capable complex line needs a history pattern in the previous turn?
    #[inline]
    pub(crate) fn reach_always_empty(&self) -> bool {
        self.filters.iter().all(|(_, f)| f.history_only())
    }

    /// The set form of [`Self::complex_may_capture`] for a previous turn that
    /// matched no history pattern (`last = Some(&[])`): every square `sq` for
    /// which it would say `true`, and no other.
    pub(crate) fn complex_reach(
        &self,
        by: Side,
        by_pieces: Bitboard,
        kind_bb: impl Fn(usize) -> Bitboard,
        unmoved: Bitboard,
        nn: Option<&NarrowNode>,
    ) -> Bitboard {
        if let Some(nn) = nn {
            if let Some(reach) = self.narrow_complex_reach(by, pack(by_pieces), nn, pack(unmoved)) {
                return unpack(reach);
            }
        }
        self.filters.iter().fold(Bitboard::EMPTY, |m, (_, f)| {
            m | f.reach(by, by_pieces, &kind_bb, unmoved)
        })
    }

    /// [`Self::complex_reach`] on the narrow filters, with the attacker's
    /// squares `by_pieces`, the node's narrow views `nn` and the unmoved
    /// squares `unmoved` as narrow words; `None` when the set has no narrow
    /// filters.
    #[inline]
    pub(crate) fn narrow_complex_reach(
        &self,
        by: Side,
        by_pieces: u64,
        nn: &NarrowNode,
        unmoved: u64,
    ) -> Option<u64> {
        let filters = self.narrow_filters.as_deref()?;
        let kind = |k: usize| nn.kind(k);
        Some(
            filters
                .iter()
                .fold(0, |m, f| m | f.reach(by, by_pieces, &kind, unmoved)),
        )
    }
}

impl Compiled {
    /// History-pattern bits of a chain source id.
    pub(crate) fn chain_patterns(&self, id: u16) -> u32 {
        self.chain_pattern_bits
            .get(id as usize)
            .copied()
            .unwrap_or(0)
    }
}

impl Compiled {
    /// The narrow tables, when the board fits in 8 x 8.
    #[inline]
    pub(crate) fn narrow(&self) -> Option<&NarrowTables> {
        self.narrow.as_deref()
    }

    /// [`Compiled::simple_attacked`] on the narrow tables when the board has them and
    /// the node's narrow views are at hand (`nn`: the kinds' squares, which the attack
    /// tables read through `by_pieces`), else on the wide ones. The one place that
    /// chooses between the two for attack tests.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(crate) fn attacked(
        &self,
        sq: Square,
        by: Side,
        occ: Bitboard,
        by_pieces: Bitboard,
        kind_bb: impl Fn(usize) -> Bitboard,
        unmoved: Bitboard,
        nn: Option<&NarrowNode>,
    ) -> bool {
        match self.narrow().zip(nn) {
            Some((nw, nn)) => nw.attacked(
                narrow::n(sq),
                by,
                pack(occ),
                pack(by_pieces),
                |k| nn.kind(k),
                pack(unmoved),
            ),
            None => self.simple_attacked(sq, by, occ, by_pieces, kind_bb, unmoved),
        }
    }
}
