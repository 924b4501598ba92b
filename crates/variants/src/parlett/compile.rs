//! The compiler: from a set's syntax trees to the intermediate form ([`super::ir`]).
//!
//! Every definition line is split into
//!
//! - **simple elements**: an alternative that is a single step with no `s`, no tile
//!   label, no `!`, no rider and a slide or leap type (`1*`, `n+`, `~1/2`, `oi2>`, `c1X>`,
//!   `{1..3}+`). They become leap tables and slide direction lists ([`Simple`]), from
//!   which [`super::simple`] builds the hot-path tables.
//! - **complex lines**: everything else (chains, `s`, `^`, `&`, labels, tile labels, `?`,
//!   `!`, multi-piece lines `;`, history rules), compiled to the IR with labels, tiles and
//!   directions resolved to indices, run later by the evaluator ([`super::eval`]).
//!
//! The compiler also finds each line's reach, what its first steps need, and the
//! promotion zones. It builds no table: [`super::compiled::Compiled::new`] does, from
//! its output [`IrSet`]. Load errors name the line ([`CompileError`]).
//!
//! Uses [`super::ast`], [`super::ir`] and [`super::cost`] (a line whose evaluation
//! could take too long is refused). Rule IDs (PAR-...) refer to the catalogue of
//! the notation; the rulings are in `docs/rules/parlett.md`.

use super::ast::{
    Body, CaptureRule, Chain, Definition, Direction, Distance, Link, MoveExpr, MoveKind, Primary,
    Step, Target, Unit,
};
use super::cost::{line_work, MAX_LINE_WORK};
use super::ir::*;
use frozen_core::{Bitboard, Geometry, Kind, Shape, Side, Square};
use smallvec::SmallVec;
use std::collections::HashMap;

/// Most units (steps, groups, references, counted through label bodies) on
/// one line; longer lines are a load error, which bounds the recursion depth.
pub const MAX_UNITS: usize = 256;

/// A compile error: which line and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompileError {
    /// Index of the definition line in the set.
    pub line: usize,
    /// Why.
    pub message: String,
}

struct Compiler<'a> {
    letters: &'a HashMap<char, Kind>,
    chain_ids: &'a mut HashMap<String, u16>,
    labels: HashMap<String, usize>,
    label_defs: Vec<Option<IrExpr>>,
    tiles: HashMap<String, u8>,
    line: usize,
}

impl Compiler<'_> {
    fn err(&self, m: impl Into<String>) -> CompileError {
        CompileError {
            line: self.line,
            message: m.into(),
        }
    }
    fn chain_id(&mut self, c: &Chain) -> u16 {
        let text = c.to_string();
        let n = self.chain_ids.len() as u16;
        *self.chain_ids.entry(text).or_insert(n)
    }
    fn dist(&self, d: &Distance) -> IrDist {
        match d {
            Distance::Exactly(k) => IrDist::Exactly(k.get()),
            Distance::Any => IrDist::Any,
            Distance::Range { lo, hi } => IrDist::Range(*lo, *hi),
            Distance::Condition(c) => IrDist::Cond(c.clone()),
        }
    }
    fn tile(&mut self, name: &str) -> Result<u8, CompileError> {
        if let Some(t) = self.tiles.get(name) {
            return Ok(*t);
        }
        if self.tiles.len() >= MAX_TILES {
            return Err(self.err(format!("more than {MAX_TILES} tile labels on one line")));
        }
        let t = self.tiles.len() as u8;
        self.tiles.insert(name.to_string(), t);
        Ok(t)
    }
    fn step(&mut self, s: &Step) -> Result<IrStep, CompileError> {
        let target = match &s.target {
            Target::StandStill => IrTarget::Stand,
            Target::Line {
                distance,
                direction,
            } => IrTarget::Line {
                dist: self.dist(distance),
                dir: dir_index(*direction),
            },
            Target::Hippogonal { a, b } => {
                if s.kind == MoveKind::Locust {
                    return Err(
                        self.err("a locust '^' needs a straight vector, not a/b (PAR-TYPE-03)")
                    );
                }
                IrTarget::Hippo(a.get(), b.get())
            }
            Target::Tile(name) => IrTarget::Tile(self.tile(name)?),
        };
        Ok(IrStep {
            kind: s.kind,
            capture: s.capture,
            initial: s.initial,
            safe: s.safe,
            target,
            rider: s.rider,
        })
    }
    fn unit(&mut self, u: &Unit) -> Result<IrUnit, CompileError> {
        let prim = match &u.primary {
            Primary::Step(s) => IrPrim::Step(self.step(s)?),
            Primary::Group(e) => IrPrim::Group(Box::new(self.expr(e)?)),
            Primary::Ref(name) => IrPrim::Ref(
                *self
                    .labels
                    .get(name)
                    .ok_or_else(|| self.err(format!("undefined label ${name}$")))?,
            ),
        };
        let mut tiles = SmallVec::new();
        for t in &u.tiles {
            tiles.push(self.tile(t)?);
        }
        Ok(IrUnit {
            prim,
            tiles,
            invalid: u.invalid,
        })
    }
    fn chain(&mut self, c: &Chain) -> Result<IrChain, CompileError> {
        let mut units = Vec::new();
        for (u, link) in c.units() {
            units.push((self.unit(u)?, link == Some(Link::IfPossible)));
        }
        Ok(IrChain {
            units,
            id: self.chain_id(c),
        })
    }
    fn expr(&mut self, e: &MoveExpr) -> Result<IrExpr, CompileError> {
        let mut alts = Vec::new();
        for c in &e.alternatives {
            alts.push(self.chain(c)?);
        }
        let label_def = match &e.label {
            Some(l) => Some(self.def_label(&l.name, &l.body)?),
            None => None,
        };
        Ok(IrExpr { alts, label_def })
    }
    fn def_label(&mut self, name: &str, body: &MoveExpr) -> Result<usize, CompileError> {
        let idx = *self
            .labels
            .get(name)
            .ok_or_else(|| self.err(format!("unknown label {name}")))?;
        if self.label_defs[idx].is_none() {
            let ir = self.expr(body)?;
            self.label_defs[idx] = Some(ir);
        }
        Ok(idx)
    }
    fn prepare_labels(&mut self, def: &Definition) {
        for (i, l) in def.label_defs().iter().enumerate() {
            self.labels.insert(l.name.clone(), i);
        }
        self.label_defs = vec![None; self.labels.len()];
    }
    fn finish_labels(&mut self, def: &Definition) -> Result<Vec<IrExpr>, CompileError> {
        for l in def.label_defs() {
            self.def_label(&l.name, &l.body)?;
        }
        Ok(self
            .label_defs
            .drain(..)
            .map(|l| {
                l.unwrap_or(IrExpr {
                    alts: Vec::new(),
                    label_def: None,
                })
            })
            .collect())
    }
    fn kind(&self, c: char) -> Result<Kind, CompileError> {
        self.letters
            .get(&c)
            .copied()
            .ok_or_else(|| self.err(format!("piece letter {c:?} is not in the set's piece list")))
    }
}

/// The [`StartTest`] of alternative `n` (first chain `c`) for a piece of `side`
/// on `sq`: the leading `0` steps and single-vector `o` steps of fixed length,
/// followed on the empty board (their outcome depends on the occupancy alone).
fn chain_start_test(c: &IrChain, n: usize, sq: Square, side: Side, shape: Shape) -> StartTest {
    let mut cur = sq;
    let mut need = Bitboard::EMPTY;
    for (u, tested) in &c.units {
        let (k, dir, s) = match leading(u, *tested) {
            None => break,
            Some(Leading::Stand) => continue,
            Some(Leading::Empty { k, dir, step }) => (k, dir, step),
        };
        let vecs = dir_vectors(Direction::ALL[dir as usize], side);
        if vecs.len() != 1 {
            return StartTest::Dynamic(n);
        }
        let (df, dr) = (i32::from(vecs[0].0), i32::from(vecs[0].1));
        if k == 0 {
            return StartTest::Off;
        }
        for j in 1..=k {
            let Some(t) = offset(cur, shape, df * j, dr * j) else {
                return StartTest::Off;
            };
            if j == k || s.kind == MoveKind::Slide {
                need.set(t);
            }
            if j == k {
                cur = t;
            }
        }
    }
    need.clear(sq);
    StartTest::Empty(need)
}

fn chain_units(c: &Chain) -> usize {
    c.units()
        .map(|(u, _)| match &u.primary {
            Primary::Group(g) => 1 + expr_units(g),
            _ => 1,
        })
        .sum()
}

fn expr_units(e: &MoveExpr) -> usize {
    e.alternatives.iter().map(chain_units).sum::<usize>()
        + e.label.as_ref().map_or(0, |l| expr_units(&l.body))
}

fn def_units(d: &Definition) -> usize {
    match &d.body {
        Body::Moves(e) => expr_units(e),
        Body::MultiPiece(m) => {
            m.alternatives
                .iter()
                .flat_map(|t| t.parts.iter())
                .map(chain_units)
                .sum::<usize>()
                + m.label.as_ref().map_or(0, |l| expr_units(&l.body))
        }
        Body::History(h) => chain_units(&h.pattern) + expr_units(&h.then),
    }
}

/// If the chain is a simple element, its single step.
fn simple_step(c: &Chain) -> Option<&Step> {
    if !c.leading.is_empty() || !c.last.tiles.is_empty() || c.last.invalid {
        return None;
    }
    let Primary::Step(s) = &c.last.primary else {
        return None;
    };
    if s.safe || s.rider || s.kind == MoveKind::Locust {
        return None;
    }
    match &s.target {
        Target::Hippogonal { .. } => Some(s),
        Target::Line { distance, .. } => match distance {
            Distance::Exactly(_) | Distance::Any => Some(s),
            Distance::Range { lo, .. } if *lo >= 1 => Some(s),
            _ => None,
        },
        _ => None,
    }
}

// --- static analysis of reach / capture ability ---

fn step_reach(s: &IrStep, maxdim: u32) -> u32 {
    let base = match &s.target {
        IrTarget::Stand | IrTarget::Tile(_) => 0,
        IrTarget::Line { dist, .. } => match dist {
            IrDist::Exactly(k) => *k,
            IrDist::Any => maxdim,
            IrDist::Range(_, hi) => (*hi).min(maxdim),
            IrDist::Cond(_) => maxdim,
        },
        IrTarget::Hippo(a, b) => (*a).max(*b),
    };
    if s.rider {
        maxdim
    } else {
        base
    }
}

fn expr_reach(e: &IrExpr, labels: &[IrExpr], maxdim: u32, depth: u32) -> (u32, bool) {
    if depth > 16 {
        return (maxdim, true);
    }
    let mut r = 0;
    let mut cap = false;
    for c in &e.alts {
        let (a, b) = chain_reach(c, labels, maxdim, depth);
        r = r.max(a);
        cap |= b;
    }
    if let Some(l) = e.label_def {
        if let Some(le) = labels.get(l) {
            let (a, b) = expr_reach(le, labels, maxdim, depth + 1);
            r = r.max(a);
            cap |= b;
        }
    }
    (r, cap)
}

fn chain_reach(c: &IrChain, labels: &[IrExpr], maxdim: u32, depth: u32) -> (u32, bool) {
    let mut total: u32 = 0;
    let mut cap = false;
    for (u, _) in &c.units {
        let (r, k) = match &u.prim {
            IrPrim::Step(s) => (
                step_reach(s, maxdim),
                s.capture != CaptureRule::Never && !matches!(s.target, IrTarget::Stand),
            ),
            IrPrim::Group(e) => expr_reach(e, labels, maxdim, depth + 1),
            IrPrim::Ref(i) => match labels.get(*i) {
                Some(e) => expr_reach(e, labels, maxdim, depth + 1),
                None => (0, false),
            },
        };
        // A tile target returns within the reach already covered.
        total = total.saturating_add(r).min(maxdim);
        cap |= k;
    }
    (total, cap)
}

fn first_step_initial(c: &IrChain) -> bool {
    c.units
        .iter()
        .any(|(u, tested)| !tested && matches!(&u.prim, IrPrim::Step(s) if s.initial))
}

/// The compiler's output: the set in the intermediate form, from which
/// [`super::compiled::Compiled::new`] builds the tables.
#[derive(Clone, Debug)]
pub(crate) struct IrSet {
    pub shape: Shape,
    pub kinds: Vec<KindData>,
    pub lines: Vec<Line>,
    pub royal: Option<Kind>,
    pub legality: bool,
    /// The longer side of the board.
    pub maxdim: u32,
    /// History-pattern bits per chain source id.
    pub chain_pattern_bits: Vec<u32>,
}

/// Settings for compiling a set.
pub(crate) struct SetSpec<'a> {
    pub shape: Shape,
    pub letters: &'a HashMap<char, Kind>,
    pub nkinds: usize,
    pub defs: &'a [Definition],
    pub royal: Option<Kind>,
    pub legality: bool,
    /// Promotion: pieces, choices, zone rule (`true`: no move on an empty
    /// board; `false`: last rank).
    pub promotions: Vec<(Kind, Vec<Kind>, bool)>,
}

/// Compiles a set.
pub(crate) fn compile(spec: &SetSpec<'_>) -> Result<IrSet, CompileError> {
    let shape = spec.shape;
    let geo = Geometry::new(shape);
    let maxdim = u32::from(shape.width().max(shape.height()));
    let mut chain_ids: HashMap<String, u16> = HashMap::new();
    // History patterns first, so their bits are known.
    let mut patterns: Vec<String> = Vec::new();
    for d in spec.defs {
        if let Body::History(h) = &d.body {
            let t = h.pattern.to_string();
            if !patterns.contains(&t) {
                if patterns.len() >= 32 {
                    return Err(CompileError {
                        line: 0,
                        message: "more than 32 distinct history patterns".into(),
                    });
                }
                patterns.push(t);
            }
        }
    }
    let pattern_bits = |text: &str| -> u32 {
        patterns
            .iter()
            .position(|p| p == text)
            .map_or(0, |i| 1u32 << i)
    };
    let mut kinds: Vec<KindData> = (0..spec.nkinds)
        .map(|_| KindData {
            letter: '?',
            simple: Vec::new(),
            lines: Vec::new(),
            history_only: false,
            promo_zone: [Bitboard::EMPTY; 2],
            promo_to: Vec::new(),
            pattern_bits: 0,
            fixed_distinct: [false; 2],
        })
        .collect();
    for (c, k) in spec.letters {
        if let Some(kd) = kinds.get_mut(k.index()) {
            kd.letter = *c;
        }
    }
    let mut lines: Vec<Line> = Vec::new();
    for (li, def) in spec.defs.iter().enumerate() {
        let mut cp = Compiler {
            letters: spec.letters,
            chain_ids: &mut chain_ids,
            labels: HashMap::new(),
            label_defs: Vec::new(),
            tiles: HashMap::new(),
            line: li,
        };
        cp.prepare_labels(def);
        let mut pieces = Vec::new();
        for c in &def.pieces {
            pieces.push(cp.kind(*c)?);
        }
        let body = match &def.body {
            Body::Moves(e) => {
                let k = pieces[0];
                let mut complex = Vec::new();
                for c in &e.alternatives {
                    let bits = pattern_bits(&c.to_string());
                    kinds[k.index()].pattern_bits |= bits;
                    if let Some(s) = simple_step(c) {
                        let simple = compile_simple(s, &geo, shape, maxdim, bits);
                        kinds[k.index()].simple.push(simple);
                    } else {
                        complex.push(cp.chain(c)?);
                    }
                }
                if let Some(l) = &e.label {
                    cp.def_label(&l.name, &l.body)?;
                }
                if complex.is_empty() {
                    None
                } else {
                    Some(LineBody::Single(complex))
                }
            }
            Body::MultiPiece(m) => {
                let mut alts = Vec::new();
                for t in &m.alternatives {
                    let mut parts = Vec::new();
                    for (pi, c) in t.parts.iter().enumerate() {
                        let bits = pattern_bits(&c.to_string());
                        if let Some(k) = pieces.get(pi) {
                            kinds[k.index()].pattern_bits |= bits;
                        }
                        parts.push(cp.chain(c)?);
                    }
                    alts.push(parts);
                }
                Some(LineBody::Multi(alts))
            }
            Body::History(h) => {
                let mut then = Vec::new();
                for c in &h.then.alternatives {
                    let bits = pattern_bits(&c.to_string());
                    kinds[pieces[0].index()].pattern_bits |= bits;
                    then.push(cp.chain(c)?);
                }
                if let Some(l) = &h.then.label {
                    cp.def_label(&l.name, &l.body)?;
                }
                Some(LineBody::History {
                    dist: cp.dist(&h.at_distance),
                    dir: dir_index(h.at_direction),
                    pattern_bit: pattern_bits(&h.pattern.to_string()),
                    then,
                })
            }
        };
        let labels = cp.finish_labels(def)?;
        if def_units(def) > MAX_UNITS {
            return Err(CompileError {
                line: li,
                message: format!("more than {MAX_UNITS} units on one line"),
            });
        }
        let Some(body) = body else { continue };
        let nparts = pieces.len();
        let mut can_capture = vec![false; nparts];
        let mut reach = vec![0u32; nparts];
        let mut needs_unmoved = vec![false; nparts];
        match &body {
            LineBody::Single(alts) => {
                for c in alts {
                    let (r, k) = chain_reach(c, &labels, maxdim, 0);
                    reach[0] = reach[0].max(r);
                    can_capture[0] |= k;
                }
            }
            LineBody::Multi(alts) => {
                let mut all_initial = vec![true; nparts];
                for t in alts {
                    for (pi, c) in t.iter().enumerate() {
                        let (r, k) = chain_reach(c, &labels, maxdim, 0);
                        reach[pi] = reach[pi].max(r);
                        can_capture[pi] |= k;
                        all_initial[pi] &= first_step_initial(c);
                    }
                }
                needs_unmoved = all_initial;
            }
            LineBody::History { dist, then, .. } => {
                let d = match dist {
                    IrDist::Exactly(k) => *k,
                    _ => maxdim,
                };
                for c in then {
                    let (r, k) = chain_reach(c, &labels, maxdim, 0);
                    reach[0] = reach[0].max(r);
                    can_capture[0] |= k;
                }
                reach[0] = reach[0].max(d);
            }
        }
        let mut line = Line {
            pieces,
            body,
            labels,
            can_capture,
            reach,
            needs_unmoved,
            history_from: None,
            starts: None,
            merge: false,
        };
        let (work, merge) = line_work(&line, maxdim, shape);
        if work.is_nan() || work > MAX_LINE_WORK {
            return Err(CompileError {
                line: li,
                message: format!(
                    "`{def}` is too expensive to evaluate: listing the moves of one piece \
                     could take about {work:.1e} evaluator steps, over the limit of \
                     {MAX_LINE_WORK:.0e}. Its steps branch, and partial paths merge only \
                     while no earlier step may capture or bind a label or `n`; shorten \
                     the chain, or make its inner steps move-only (`o`)"
                ),
            });
        }
        line.merge = merge;
        let idx = lines.len();
        kinds[line.pieces[0].index()].lines.push(idx);
        lines.push(line);
    }
    // Promotion zones.
    for (k, to, no_move_rule) in &spec.promotions {
        let Some(kd) = kinds.get(k.index()) else {
            continue;
        };
        let mut zone = [Bitboard::EMPTY; 2];
        for side in Side::ALL {
            for sq in shape.squares() {
                let inside = if *no_move_rule {
                    !has_move_on_empty_board(kd, &lines, sq, side, shape, maxdim)
                } else {
                    sq.rank() == shape.far_rank(side)
                };
                if inside {
                    zone[side.index()].set(sq);
                }
            }
        }
        if let Some(kd) = kinds.get_mut(k.index()) {
            kd.promo_zone = zone;
            kd.promo_to = to.clone();
        }
    }
    if let Some(r) = spec.royal {
        if r.index() >= kinds.len() {
            return Err(CompileError {
                line: 0,
                message: "royal piece not in the set".into(),
            });
        }
    }
    let mut chain_pattern_bits = vec![0u32; chain_ids.len()];
    for (text, id) in &chain_ids {
        if let Some(slot) = chain_pattern_bits.get_mut(*id as usize) {
            *slot = pattern_bits(text);
        }
    }
    for kd in &mut kinds {
        kd.history_only = !kd.lines.is_empty()
            && kd
                .lines
                .iter()
                .all(|&li| matches!(lines[li].body, LineBody::History { .. }));
    }
    for line in &mut lines {
        let firsts: Option<Vec<Option<&IrChain>>> = match &line.body {
            LineBody::Single(alts) => Some(alts.iter().map(Some).collect()),
            LineBody::Multi(alts) => Some(alts.iter().map(|t| t.first()).collect()),
            LineBody::History { .. } => None,
        };
        line.starts = firsts.map(|firsts| {
            Box::new(Side::ALL.map(|side| {
                (0..256u16)
                    .map(|i| {
                        let sq = Square::from_index(i as u8);
                        if !shape.contains(sq) {
                            return SmallVec::new();
                        }
                        firsts
                            .iter()
                            .enumerate()
                            .map(|(n, c)| match c {
                                Some(c) => chain_start_test(c, n, sq, side, shape),
                                None => StartTest::Empty(Bitboard::EMPTY),
                            })
                            .collect()
                    })
                    .collect()
            }))
        });
        if let LineBody::History { dist, dir, .. } = &line.body {
            let mut t = Box::new([[Bitboard::EMPTY; 256]; 2]);
            let (ds, _) = distances(dist, None, maxdim);
            for side in Side::ALL {
                for (df, dr) in dir_vectors(Direction::ALL[*dir as usize], side) {
                    for sq in shape.squares() {
                        for &d in &ds {
                            let (f, r) = (i32::from(df) * d as i32, i32::from(dr) * d as i32);
                            if let Some(q) = offset(sq, shape, f, r) {
                                t[side.index()][q.index()].set(sq);
                            }
                        }
                    }
                }
            }
            line.history_from = Some(t);
        }
    }
    Ok(IrSet {
        shape,
        kinds,
        lines,
        royal: spec.royal,
        legality: spec.legality,
        maxdim,
        chain_pattern_bits,
    })
}

/// PAR-NORM-10 / Q13: would the piece have any move at all from `sq` on an
/// empty board (conditions `c`, `o`, `i` ignored: a `c` step counts as
/// possible)? Looks at simple elements and the first step of complex chains.
fn has_move_on_empty_board(
    kd: &KindData,
    lines: &[Line],
    sq: Square,
    side: Side,
    shape: Shape,
    maxdim: u32,
) -> bool {
    for s in &kd.simple {
        match &s.mode {
            SimpleMode::Leap { tab, .. } => {
                if tab[side.index()][sq.index()].any() {
                    return true;
                }
            }
            SimpleMode::Slide { dirs, lo, .. } => {
                for &d in &dirs[side.index()] {
                    let dir = frozen_core::Dir::ALL8[d];
                    if offset(
                        sq,
                        shape,
                        i32::from(dir.df) * *lo as i32,
                        i32::from(dir.dr) * *lo as i32,
                    )
                    .is_some()
                    {
                        return true;
                    }
                }
            }
        }
    }
    for &li in &kd.lines {
        let Some(line) = lines.get(li) else { continue };
        let chains: Vec<&IrChain> = match &line.body {
            LineBody::Single(a) => a.iter().collect(),
            LineBody::Multi(_) | LineBody::History { .. } => continue,
        };
        for c in chains {
            if let Some((u, _)) = c.units.first() {
                if let IrPrim::Step(s) = &u.prim {
                    let vecs: SmallVec<[(i8, i8); 8]> = match &s.target {
                        IrTarget::Line { dir, .. } => {
                            dir_vectors(Direction::ALL[*dir as usize], side)
                        }
                        IrTarget::Hippo(a, b) => hippogonal(*a, *b),
                        _ => return true,
                    };
                    let (ds, _) = match &s.target {
                        IrTarget::Line { dist, .. } => distances(dist, None, maxdim),
                        _ => (SmallVec::from_slice(&[1]), false),
                    };
                    for (df, dr) in vecs {
                        for &k in &ds {
                            if offset(
                                sq,
                                shape,
                                i32::from(df) * k as i32,
                                i32::from(dr) * k as i32,
                            )
                            .is_some()
                            {
                                return true;
                            }
                        }
                    }
                }
            }
        }
    }
    false
}

fn leap_line(distance: &Distance, direction: Direction, shape: Shape, maxdim: u32) -> SimpleMode {
    let ds: SmallVec<[u32; 16]> = match distance {
        Distance::Exactly(k) => SmallVec::from_slice(&[k.get()]),
        Distance::Any => (1..=maxdim).collect(),
        Distance::Range { lo, hi } => (*lo..=(*hi).min(maxdim)).collect(),
        Distance::Condition(_) => SmallVec::new(),
    };
    leap_mode(shape, |side| {
        let mut out = Vec::new();
        for (df, dr) in dir_vectors(direction, side) {
            for &k in &ds {
                out.push((i32::from(df) * k as i32, i32::from(dr) * k as i32));
            }
        }
        out
    })
}

fn compile_simple(s: &Step, geo: &Geometry, shape: Shape, maxdim: u32, patterns: u32) -> Simple {
    let mode = match (&s.target, s.kind) {
        (Target::Hippogonal { a, b }, _) => {
            let v = hippogonal(a.get(), b.get());
            leap_mode(shape, |_| {
                v.iter().map(|&(x, y)| (x as i32, y as i32)).collect()
            })
        }
        (
            Target::Line {
                distance,
                direction,
            },
            MoveKind::Leap,
        ) => leap_line(distance, *direction, shape, maxdim),
        // A one-square slide is the same as a one-square leap: use the faster table.
        (
            Target::Line {
                distance: distance @ Distance::Exactly(k),
                direction,
            },
            MoveKind::Slide,
        ) if k.get() == 1 => leap_line(distance, *direction, shape, maxdim),
        (
            Target::Line {
                distance,
                direction,
            },
            _,
        ) => {
            let (lo, hi) = match distance {
                Distance::Exactly(k) => (k.get(), k.get()),
                Distance::Any => (1, maxdim),
                Distance::Range { lo, hi } => (*lo, (*hi).min(maxdim)),
                Distance::Condition(_) => (1, 0),
            };
            let dirs = |side| -> SmallVec<[usize; 8]> {
                dir_vectors(*direction, side)
                    .iter()
                    .filter_map(|&(df, dr)| index8(df, dr))
                    .collect()
            };
            SimpleMode::Slide {
                dirs: [dirs(Side::White), dirs(Side::Black)],
                lo,
                hi: hi.min(16),
            }
        }
        _ => leap_mode(shape, |_| Vec::new()),
    };
    let _ = geo;
    Simple {
        mode,
        capture: s.capture,
        initial: s.initial,
        patterns,
    }
}

fn leap_mode(shape: Shape, vecs: impl Fn(Side) -> Vec<(i32, i32)>) -> SimpleMode {
    let mut tab = Box::new([[Bitboard::EMPTY; 256]; 2]);
    let mut rev = Box::new([[Bitboard::EMPTY; 256]; 2]);
    for side in Side::ALL {
        let v = vecs(side);
        for sq in shape.squares() {
            for &(df, dr) in &v {
                if let Some(t) = offset(sq, shape, df, dr) {
                    tab[side.index()][sq.index()].set(t);
                    rev[side.index()][t.index()].set(sq);
                }
            }
        }
    }
    SimpleMode::Leap { tab, rev }
}
