//! The compiled form of a Parlett piece set and its move generator.
//!
//! Compilation splits every definition line into
//!
//! - **simple elements**: an alternative that is a single step with no `s`,
//!   no tile label, no `!`, no rider and a slide or leap type (`1*`, `n+`,
//!   `~1/2`, `oi2>`, `c1X>`, `{1..3}+`). They become precomputed leap tables
//!   and slide direction lists over the core [`Geometry`]; generating them
//!   touches only bitboards (the hot path).
//! - **complex lines**: everything else (chains, `s`, `^`, `&`, labels, tile
//!   labels, `?`, `!`, multi-piece lines `;`, history rules). They are
//!   compiled to a small IR (`IrExpr`) with labels, tiles and directions
//!   resolved to indices, and run by the evaluator `Ev`, which implements
//!   the evaluation model of the catalogue (A.4) in continuation-passing
//!   style over a scratch `Board`.
//!
//! Rule IDs (PAR-...) refer to the catalogue `parlett.md`; the rulings are in
//! `docs/rules/parlett.md`.

use super::ast::{
    Body, CaptureRule, Chain, Comparison, Definition, Direction, Distance, Link, MoveExpr,
    MoveKind, Operand, Primary, RelOp, Step, Target, Unit,
};
use super::filter::CaptureFilter;
use super::narrow::{self, pack, unpack, NarrowNode};
use super::simple::{narrow_squares, NarrowTables, WideTables};
use frozen_core::{Bitboard, Geometry, Kind, Position, Shape, Side, Square, UnitId, MAX_KINDS};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::collections::HashMap;

/// Most distinct tile label names on one line.
pub const MAX_TILES: usize = 8;
/// Guard against runaway evaluation: the evaluator's recursion grows with
/// the units along one path (references included).
const MAX_DEPTH: u32 = 1024;
/// Most units (steps, groups, references, counted through label bodies) on
/// one line; longer lines are a load error, which bounds the recursion depth.
pub const MAX_UNITS: usize = 256;

/// One part of the previous turn that a history rule may look at
/// (PAR-HIST-01): the unit, where it came from and went to, and which
/// history patterns the element that produced its move equals (bit `k` is
/// pattern `k` of the set). Only parts with a non-zero `patterns` are kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LastPart {
    /// The unit that moved.
    pub unit: UnitId,
    /// Its square before the turn.
    pub from: Square,
    /// Its square after the turn.
    pub to: Square,
    /// Bit set of matched history patterns (match by source, Q12).
    pub patterns: u32,
}

/// The list of previous-turn parts relevant to history rules.
pub type LastParts = SmallVec<[LastPart; 2]>;

/// The previous-turn record of a move's parts `(unit, from, to, patterns)`: only the parts
/// whose producing element matched a history pattern are kept.
pub fn last_parts(parts: &[(UnitId, Square, Square, u32)]) -> LastParts {
    parts
        .iter()
        .filter(|p| p.3 != 0)
        .map(|&(unit, from, to, patterns)| LastPart {
            unit,
            from,
            to,
            patterns,
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Directions
// ---------------------------------------------------------------------------

/// Index of a direction symbol in [`Direction::ALL`].
pub(crate) fn dir_index(d: Direction) -> u8 {
    Direction::ALL.iter().position(|x| *x == d).unwrap_or(0) as u8
}

/// The unit vectors of a direction symbol for a side (A.4 Frame): forward
/// is +rank for White and -rank for Black; `l`/`r` are fixed on the board
/// (PAR-DIRN-01..04, Q3).
pub fn dir_vectors(d: Direction, side: Side) -> SmallVec<[(i8, i8); 8]> {
    let f: i8 = if side == Side::White { 1 } else { -1 };
    let v: &[(i8, i8)] = match d {
        Direction::All => &[
            (0, 1),
            (1, 1),
            (1, 0),
            (1, -1),
            (0, -1),
            (-1, -1),
            (-1, 0),
            (-1, 1),
        ],
        Direction::Orthogonal => &[(0, 1), (1, 0), (0, -1), (-1, 0)],
        Direction::Diagonal => &[(1, 1), (1, -1), (-1, -1), (-1, 1)],
        Direction::Forward => &[(0, 1)],
        Direction::Backward => &[(0, -1)],
        Direction::ForwardBackward => &[(0, 1), (0, -1)],
        Direction::Sideways => &[(-1, 0), (1, 0)],
        Direction::ForwardSideways => &[(0, 1), (-1, 0), (1, 0)],
        Direction::BackwardSideways => &[(0, -1), (-1, 0), (1, 0)],
        Direction::DiagonalForward => &[(-1, 1), (1, 1)],
        Direction::DiagonalBackward => &[(-1, -1), (1, -1)],
        Direction::Left => &[(-1, 0)],
        Direction::Right => &[(1, 0)],
    };
    v.iter().map(|&(df, dr)| (df, dr * f)).collect()
}

fn index8(df: i8, dr: i8) -> Option<usize> {
    frozen_core::Dir::new(df, dr).index8()
}

fn hippogonal(a: u32, b: u32) -> SmallVec<[(i8, i8); 8]> {
    let (a, b) = (a.min(32) as i8, b.min(32) as i8);
    let mut v: SmallVec<[(i8, i8); 8]> = SmallVec::new();
    for (x, y) in [
        (a, b),
        (-a, b),
        (a, -b),
        (-a, -b),
        (b, a),
        (-b, a),
        (b, -a),
        (-b, -a),
    ] {
        if !v.contains(&(x, y)) {
            v.push((x, y));
        }
    }
    v
}

/// The square `(df, dr)` away from `sq`, if on the board.
pub(crate) fn offset_sq(sq: Square, shape: Shape, df: i32, dr: i32) -> Option<Square> {
    offset(sq, shape, df, dr)
}

fn offset(sq: Square, shape: Shape, df: i32, dr: i32) -> Option<Square> {
    let f = i32::from(sq.file()) + df;
    let r = i32::from(sq.rank()) + dr;
    if shape.contains_coords(f, r) {
        Square::try_new(f, r)
    } else {
        None
    }
}

// ---------------------------------------------------------------------------
// IR
// ---------------------------------------------------------------------------

/// A distance in the IR.
#[derive(Clone, Debug)]
pub(crate) enum IrDist {
    Exactly(u32),
    Any,
    Range(u32, u32),
    Cond(Comparison),
}

/// A step target in the IR.
#[derive(Clone, Debug)]
pub(crate) enum IrTarget {
    Stand,
    Line { dist: IrDist, dir: u8 },
    Hippo(u32, u32),
    Tile(u8),
}

/// A step in the IR.
#[derive(Clone, Debug)]
pub(crate) struct IrStep {
    pub kind: MoveKind,
    pub capture: CaptureRule,
    pub initial: bool,
    pub safe: bool,
    pub target: IrTarget,
    pub rider: bool,
}

#[derive(Clone, Debug)]
pub(crate) enum IrPrim {
    Step(IrStep),
    Group(Box<IrExpr>),
    Ref(usize),
}

#[derive(Clone, Debug)]
pub(crate) struct IrUnit {
    pub prim: IrPrim,
    pub tiles: SmallVec<[u8; 2]>,
    pub invalid: bool,
}

/// A chain: units with `tested` = followed by `?`.
#[derive(Clone, Debug)]
pub(crate) struct IrChain {
    pub units: Vec<(IrUnit, bool)>,
    /// Source id of the chain (equal text, equal id), for history matching.
    pub id: u16,
}

/// An expression: alternatives plus an optional label definition that
/// passes its input through where it stands.
#[derive(Clone, Debug)]
pub(crate) struct IrExpr {
    pub alts: Vec<IrChain>,
    pub label_def: Option<usize>,
}

/// What a complex line does.
#[derive(Clone, Debug)]
pub(crate) enum LineBody {
    /// Complex alternatives of a single-piece line.
    Single(Vec<IrChain>),
    /// Alternatives of a multi-piece line: one chain per piece.
    Multi(Vec<Vec<IrChain>>),
    /// A history rule.
    History {
        dist: IrDist,
        dir: u8,
        pattern_bit: u32,
        then: Vec<IrChain>,
    },
}

/// A complex line, run by the evaluator.
#[derive(Clone, Debug)]
pub(crate) struct Line {
    /// Kind of each part (one for single lines).
    pub pieces: Vec<Kind>,
    pub body: LineBody,
    /// Move label bodies, by index.
    pub labels: Vec<IrExpr>,
    /// Per part: could it capture at all, and how far (Chebyshev) from its
    /// start square can it act (`u32::MAX`: unbounded).
    pub can_capture: Vec<bool>,
    pub reach: Vec<u32>,
    /// Per part: does the part need an unmoved piece (an `i` on its first step)?
    pub needs_unmoved: Vec<bool>,
    /// The line's routes when every step is fixed (see [`super::fixed`]).
    pub fixed: Option<Box<super::fixed::FixedLine>>,
    /// For a history rule, per side: `history_from[side][q]`, the squares from
    /// which the rule looks at `q` (its distances along its direction).
    pub history_from: Option<Box<[[Bitboard; 256]; 2]>>,
    /// Per side and start square, what each alternative's first steps need
    /// (see [`Compiled::line_may_apply`]); `None` for history rules.
    pub starts: Option<Box<[StartTests; 2]>>,
}

/// Per start square, the [`StartTest`] of each alternative.
pub(crate) type StartTests = Vec<SmallVec<[StartTest; 2]>>;

/// What the leading steps of an alternative need before it can give any move
/// from a given square: the precomputed form of `Compiled::chain_may_start`.
#[derive(Clone, Debug)]
pub(crate) enum StartTest {
    /// Its leading `o` steps leave the board: no move.
    Off,
    /// These squares must be empty (the start square itself not counted).
    Empty(Bitboard),
    /// A leading `o` step has several vectors: alternative `n` is tested on
    /// the position.
    Dynamic(usize),
}

/// How a simple element finds its targets.
#[derive(Clone, Debug)]
pub(crate) enum SimpleMode {
    /// Precomputed targets per side and square, and the reverse table.
    Leap {
        tab: Box<[[Bitboard; 256]; 2]>,
        rev: Box<[[Bitboard; 256]; 2]>,
    },
    /// Slides along `Dir::ALL8` indices, per side, `lo..=hi` squares.
    Slide {
        dirs: [SmallVec<[usize; 8]>; 2],
        lo: u32,
        hi: u32,
    },
}

/// A simple element (one-step alternative) compiled to tables.
#[derive(Clone, Debug)]
pub(crate) struct Simple {
    pub mode: SimpleMode,
    pub capture: CaptureRule,
    pub initial: bool,
    /// History pattern bits of this element's source (Q12).
    pub patterns: u32,
}

/// Per-kind compiled data.
#[derive(Clone, Debug)]
pub(crate) struct KindData {
    pub letter: char,
    pub simple: Vec<Simple>,
    /// Complex lines in which this kind plays the first part.
    pub lines: Vec<usize>,
    /// Every one of `lines` is a history rule (nothing to run when the
    /// previous turn matched no pattern).
    pub history_only: bool,
    /// Promotion squares per side (empty: never promotes).
    pub promo_zone: [Bitboard; 2],
    pub promo_to: Vec<Kind>,
    /// Union of the pattern bits of all this kind's elements.
    pub pattern_bits: u32,
    /// Per side: every one of `lines` is fixed, and no two of their
    /// alternatives move the first part by the same displacement, so no two
    /// placements from one square make the same move (PAR-GRUP-04).
    pub fixed_distinct: [bool; 2],
}

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
}

/// Precomputed reverse tables for "could a simple element of this side
/// capture on a square": merged leaper tables per kind, and per direction
/// the kinds sliding without limit toward the square; everything else
/// (limited slides, `i` elements) is tested element by element.
#[derive(Clone, Debug, Default)]
pub(crate) struct Attacks {
    /// (kind, union of reverse leap tables).
    pub leaps: Vec<(Kind, Box<[Bitboard; 256]>)>,
    /// Per `Dir::ALL8` index d: kinds (bit mask) whose unlimited slide
    /// reaches the square from a piece found along ray d from it.
    pub slide_kinds: [u32; 8],
    /// Elements tested one by one: (kind, element index).
    pub others: Vec<(Kind, usize)>,
    /// Union of rays from a square along which some unlimited or long slide can come.
    pub slide_dirs_any: [bool; 8],
    /// Per `Dir::ALL8` index d: does a limited (or `i`) slide of more than one
    /// square come toward the square along ray d (so every piece on the ray
    /// may be pinned, not only the first one)?
    pub limited: [bool; 8],
}

/// A compile error: which line and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompileError {
    /// Index of the definition line in the set.
    pub line: usize,
    /// Why.
    pub message: String,
}

fn eval_comparison(c: &Comparison, n: u32) -> bool {
    let val = |o: &Operand| match o {
        Operand::N => n,
        Operand::Int(k) => *k,
    };
    let mut left = val(&c.first);
    for (op, rhs) in &c.rest {
        let r = val(rhs);
        let ok = match op {
            RelOp::Lt => left < r,
            RelOp::Le => left <= r,
            RelOp::Eq => left == r,
            RelOp::Ge => left >= r,
            RelOp::Gt => left > r,
        };
        if !ok {
            return false;
        }
        left = r;
    }
    true
}

/// The distances a distance admits, with `bind` = does it bind n.
pub(crate) fn distances(
    d: &IrDist,
    bound: Option<i32>,
    maxdim: u32,
) -> (SmallVec<[u32; 16]>, bool) {
    match d {
        IrDist::Exactly(k) => (SmallVec::from_slice(&[*k]), false),
        IrDist::Any => match bound {
            Some(n) if n >= 0 => (SmallVec::from_slice(&[n as u32]), false),
            _ => ((1..=maxdim).collect(), false),
        },
        IrDist::Range(lo, hi) => ((*lo..=(*hi).min(maxdim)).collect(), true),
        IrDist::Cond(c) => (
            (0..=maxdim).filter(|&k| eval_comparison(c, k)).collect(),
            true,
        ),
    }
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

/// One leading step of a chain whose outcome the occupancy alone decides.
enum Leading<'a> {
    /// A `0` step.
    Stand,
    /// An `o` step of exactly `k` squares along direction index `dir`
    /// (no rider, no locust).
    Empty { k: i32, dir: u8, step: &'a IrStep },
}

/// What unit `u` of a chain is as a leading step; `None` ends the leading
/// steps (a test, an invalid unit, a group, a capture, a range of distances...).
fn leading(u: &IrUnit, tested: bool) -> Option<Leading<'_>> {
    if tested || u.invalid {
        return None;
    }
    let IrPrim::Step(s) = &u.prim else {
        return None;
    };
    match &s.target {
        IrTarget::Stand => Some(Leading::Stand),
        IrTarget::Line {
            dist: IrDist::Exactly(k),
            dir,
        } if s.capture == CaptureRule::Never && !s.rider && s.kind != MoveKind::Locust => {
            Some(Leading::Empty {
                k: *k as i32,
                dir: *dir,
                step: s,
            })
        }
        _ => None,
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
pub(crate) fn compile(spec: &SetSpec<'_>) -> Result<Compiled, CompileError> {
    let shape = spec.shape;
    let geo = Geometry::new(shape);
    let maxdim = u32::from(shape.width().max(shape.height()));
    let mut within = Box::new([[Bitboard::EMPTY; 17]; 256]);
    for sq in shape.squares() {
        for t in shape.squares() {
            let d = sq.distance(t) as usize;
            for k in d..17 {
                within[sq.index()][k].set(t);
            }
        }
    }
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
        let idx = lines.len();
        kinds[pieces[0].index()].lines.push(idx);
        lines.push(Line {
            pieces,
            body,
            labels,
            can_capture,
            reach,
            needs_unmoved,
            fixed: None,
            history_from: None,
            starts: None,
        });
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
    let capture_lines: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].can_capture.iter().any(|&c| c))
        .collect();
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
        line.fixed = super::fixed::fix_line(&line.body, &chain_pattern_bits, shape);
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
    for kd in &mut kinds {
        kd.fixed_distinct = Side::ALL.map(|side| {
            let mut seen: Vec<(i32, i32)> = Vec::new();
            for &li in &kd.lines {
                let Some(fx) = &lines[li].fixed else {
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
    let attacks = [
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
        .filter(|_| kinds.len() <= super::narrow::MAX_NARROW_KINDS)
        .map(|sqs| Box::new(simple.map(super::narrow::pack, &sqs, 8)));
    let filters: Vec<(usize, CaptureFilter<Bitboard>)> = capture_lines
        .iter()
        .map(|&li| (li, CaptureFilter::wide(&lines[li], &within)))
        .collect();
    let narrow_filters = narrow
        .as_ref()
        .map(|_| filters.iter().map(|(_, f)| f.narrowed()).collect());
    Ok(Compiled {
        simple,
        narrow,
        chain_pattern_bits,
        shape,
        kinds,
        lines,
        royal: spec.royal,
        legality: spec.legality,
        filters,
        narrow_filters,
        unmoved_kinds,
        unmoved_tables,
        maxdim,
    })
}

fn build_attacks(kinds: &[KindData], by: Side, maxdim: u32) -> Attacks {
    let mut a = Attacks::default();
    for (ki, kd) in kinds.iter().enumerate() {
        let k = Kind(ki as u8);
        let mut leap: Option<Box<[Bitboard; 256]>> = None;
        for (ei, el) in kd.simple.iter().enumerate() {
            if el.capture == CaptureRule::Never {
                continue;
            }
            if el.initial {
                a.others.push((k, ei));
                continue;
            }
            match &el.mode {
                SimpleMode::Leap { rev, .. } => {
                    let t = leap.get_or_insert_with(|| Box::new([Bitboard::EMPTY; 256]));
                    for (i, bb) in rev[by.index()].iter().enumerate() {
                        t[i] |= *bb;
                    }
                }
                SimpleMode::Slide { dirs, lo, hi } => {
                    if *lo <= 1 && *hi >= maxdim && ki < 32 {
                        for &d in &dirs[by.index()] {
                            let back = (d + 4) & 7;
                            a.slide_kinds[back] |= 1 << ki;
                            a.slide_dirs_any[back] = true;
                        }
                    } else {
                        a.others.push((k, ei));
                        if *hi > 1 {
                            for &d in &dirs[by.index()] {
                                a.slide_dirs_any[(d + 4) & 7] = true;
                            }
                        }
                    }
                }
            }
        }
        if let Some(t) = leap {
            a.leaps.push((k, t));
        }
    }
    for d in 0..8 {
        a.limited[d] = a.others.iter().any(|&(k, ei)| {
            kinds.get(k.index()).and_then(|kd| kd.simple.get(ei)).is_some_and(|el| {
                matches!(&el.mode, SimpleMode::Slide { dirs, hi, .. } if *hi > 1 && dirs[by.index()].contains(&((d + 4) & 7)))
            })
        });
    }
    a
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

// ---------------------------------------------------------------------------
// Simple targets and attacks (hot path)
// ---------------------------------------------------------------------------

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
        let mut m = Bitboard::EMPTY;
        let mut test = |s: Square| {
            if pos.unit_at(s).is_some_and(|u| !pos.unit(u).status.moved) {
                m.set(s);
            }
        };
        for &k in &self.unmoved_kinds {
            match nn {
                Some(nn) => {
                    let mut bits = nn.kind(k.index()) & nn.side[by.index()];
                    while bits != 0 {
                        test(narrow::square(bits.trailing_zeros() as usize));
                        bits &= bits - 1;
                    }
                }
                None => pos.pieces(by, k).iter().for_each(&mut test),
            }
        }
        m
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
        if let (Some(filters), Some(nn)) = (self.narrow_filters.as_deref(), nn) {
            let (i, by_pieces, unmoved) = (narrow::n(sq), pack(by_pieces), pack(unmoved));
            let kind = |k: usize| nn.kind(k);
            return filters
                .iter()
                .any(|f| f.may_capture(i, by, by_pieces, &kind, unmoved, last));
        }
        self.filters
            .iter()
            .any(|(_, f)| f.may_capture(sq.index(), by, by_pieces, &kind_bb, unmoved, last))
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
        if let (Some(filters), Some(nn)) = (self.narrow_filters.as_deref(), nn) {
            let (by_pieces, unmoved) = (pack(by_pieces), pack(unmoved));
            let kind = |k: usize| nn.kind(k);
            let reach = filters
                .iter()
                .fold(0, |m, f| m | f.reach(by, by_pieces, &kind, unmoved));
            return unpack(reach);
        }
        self.filters.iter().fold(Bitboard::EMPTY, |m, (_, f)| {
            m | f.reach(by, by_pieces, &kind_bb, unmoved)
        })
    }
}

// ---------------------------------------------------------------------------
// Scratch board for the evaluator
// ---------------------------------------------------------------------------

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
            side_bb: [Bitboard::EMPTY; 2],
            kind_bb: SmallVec::new(),
            mail: [NONE; 256],
            units: SmallVec::new(),
            unmoved_bb: Bitboard::EMPTY,
        };
        for u in pos.units() {
            let sq = u.loc.square();
            b.units.push(BUnit {
                kind: u.kind,
                side: u.side,
                moved: u.status.moved,
                sq,
            });
            if let Some(s) = sq {
                let id = (b.units.len() - 1) as u16;
                b.mail[s.index()] = id;
                b.side_bb[u.side.index()].set(s);
                b.kind_set(u.kind, s, true);
                if !u.status.moved {
                    b.unmoved_bb.set(s);
                }
            }
        }
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

// ---------------------------------------------------------------------------
// The evaluator (A.4)
// ---------------------------------------------------------------------------

/// The environment of an outcome: bound n, tile labels, bound direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Env {
    pub n: Option<i32>,
    pub tiles: [Option<Square>; MAX_TILES],
    /// (direction symbol index, bound vector) from a history rule.
    pub dir: Option<(u8, i8, i8)>,
}

/// The cursor state of an outcome.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ctx {
    pub unit: UnitId,
    pub cursor: Square,
    pub playable: bool,
}

/// The effect of one generated move (A.4: outcomes with the same effect
/// are one move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Effect {
    /// (unit, from, to, pattern bits) per part, in part order.
    pub parts: SmallVec<[(UnitId, Square, Square, u32); 2]>,
    /// Captured units and the squares they stood on, sorted by unit.
    pub caps: SmallVec<[(UnitId, Square); 2]>,
}

/// A borrowed [`Effect`]: its parts and captures, wherever they are kept.
#[derive(Clone, Copy, Debug)]
pub(crate) struct EffectRef<'a> {
    pub parts: &'a [(UnitId, Square, Square, u32)],
    pub caps: &'a [(UnitId, Square)],
}

impl Effect {
    /// The borrowed form.
    #[inline]
    pub(crate) fn view(&self) -> EffectRef<'_> {
        EffectRef {
            parts: &self.parts,
            caps: &self.caps,
        }
    }

    pub(crate) fn same_effect(&self, o: &Effect) -> bool {
        if self.parts.len() != o.parts.len() || self.caps != o.caps {
            return false;
        }
        self.parts
            .iter()
            .all(|p| o.parts.iter().any(|q| q.0 == p.0 && q.2 == p.2))
    }
}

type Cont<'k, 'a> = dyn FnMut(&mut Ev<'a>, Ctx, Env) + 'k;

/// The evaluator over a scratch board.
#[derive(Debug)]
pub(crate) struct Ev<'a> {
    pub c: &'a Compiled,
    pub b: &'a mut Board,
    pub side: Side,
    labels: &'a [IrExpr],
    /// Captures so far in the move being built.
    caps: SmallVec<[(UnitId, Square); 4]>,
    /// Parts so far: (unit, from, pattern bits).
    parts: SmallVec<[(UnitId, Square, u32); 2]>,
    /// The previous turn as history rules see it.
    pub last: LastParts,
    /// Inside an `s` test: nested `s` conditions count as met (Q6).
    pub nested: bool,
    /// Stop all enumeration (a test found what it needed).
    stop: bool,
    depth: u32,
}

impl<'a> Ev<'a> {
    pub(crate) fn new(c: &'a Compiled, b: &'a mut Board, side: Side, last: LastParts) -> Ev<'a> {
        Ev {
            c,
            b,
            side,
            labels: &[],
            caps: SmallVec::new(),
            parts: SmallVec::new(),
            last,
            nested: false,
            stop: false,
            depth: 0,
        }
    }

    fn eval_expr(&mut self, e: &'a IrExpr, ctx: Ctx, env: Env, k: &mut Cont<'_, 'a>) {
        for ch in &e.alts {
            if self.stop {
                return;
            }
            self.eval_chain(ch, 0, ctx, env, k);
        }
        if e.label_def.is_some() && !self.stop {
            // A label definition where it stands passes its input through (PAR-LABL-05).
            k(self, ctx, env);
        }
    }

    fn eval_chain(&mut self, ch: &'a IrChain, i: usize, ctx: Ctx, env: Env, k: &mut Cont<'_, 'a>) {
        if self.stop {
            return;
        }
        let Some((u, tested)) = ch.units.get(i) else {
            k(self, ctx, env);
            return;
        };
        if *tested {
            // `A ? B`: test A, nothing of it applied (PAR-EXTN-01).
            if self.test_unit(u, ctx, env) {
                self.eval_chain(ch, i + 1, ctx, env, k);
            }
        } else {
            self.eval_unit(u, ctx, env, &mut |ev: &mut Ev<'a>, c2, e2| {
                ev.eval_chain(ch, i + 1, c2, e2, k)
            });
        }
    }

    fn test_unit(&mut self, u: &'a IrUnit, ctx: Ctx, env: Env) -> bool {
        let saved = self.stop;
        let mut found = false;
        {
            let mut k = |ev: &mut Ev<'a>, _c: Ctx, _e: Env| {
                found = true;
                ev.stop = true;
            };
            match &u.prim {
                IrPrim::Group(e) => self.test_expr(e, ctx, env, &mut k),
                IrPrim::Ref(i) => {
                    if let Some(e) = self.labels.get(*i) {
                        self.test_expr(e, ctx, env, &mut k);
                    }
                }
                IrPrim::Step(s) => self.eval_step(s, ctx, env, &mut k),
            }
        }
        self.stop = saved;
        found != u.invalid
    }

    /// In `?` context a label definition is the test of its body (PAR-LABL-05).
    fn test_expr(&mut self, e: &'a IrExpr, ctx: Ctx, env: Env, k: &mut Cont<'_, 'a>) {
        for ch in &e.alts {
            if self.stop {
                return;
            }
            self.eval_chain(ch, 0, ctx, env, k);
        }
        if let Some(l) = e.label_def {
            if let Some(body) = self.labels.get(l) {
                if !self.stop {
                    self.eval_expr(body, ctx, env, k);
                }
            }
        }
    }

    fn eval_unit(&mut self, u: &'a IrUnit, ctx: Ctx, env: Env, k: &mut Cont<'_, 'a>) {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.depth -= 1;
            return;
        }
        let tiles = &u.tiles;
        if !u.invalid {
            self.eval_prim(
                &u.prim,
                ctx,
                env,
                &mut |ev: &mut Ev<'a>, c2: Ctx, mut e2: Env| {
                    for &t in tiles {
                        if let Some(slot) = e2.tiles.get_mut(t as usize) {
                            *slot = Some(c2.cursor);
                        }
                    }
                    k(ev, c2, e2)
                },
            );
        } else {
            // Bare `A!`: continue from before A, once per outcome, keeping
            // its bindings; not playable (PAR-EXTN-02).
            let mut envs: SmallVec<[Env; 8]> = SmallVec::new();
            self.eval_prim(
                &u.prim,
                ctx,
                env,
                &mut |_ev: &mut Ev<'a>, c2: Ctx, mut e2: Env| {
                    for &t in tiles {
                        if let Some(slot) = e2.tiles.get_mut(t as usize) {
                            *slot = Some(c2.cursor);
                        }
                    }
                    if !envs.contains(&e2) {
                        envs.push(e2);
                    }
                },
            );
            for e2 in envs {
                if self.stop {
                    break;
                }
                k(
                    self,
                    Ctx {
                        playable: false,
                        ..ctx
                    },
                    e2,
                );
            }
        }
        self.depth -= 1;
    }

    fn eval_prim(&mut self, p: &'a IrPrim, ctx: Ctx, env: Env, k: &mut Cont<'_, 'a>) {
        match p {
            IrPrim::Step(s) => self.eval_step(s, ctx, env, k),
            IrPrim::Group(e) => self.eval_expr(e, ctx, env, k),
            IrPrim::Ref(i) => {
                if let Some(e) = self.labels.get(*i) {
                    self.eval_expr(e, ctx, env, k);
                }
            }
        }
    }

    fn eval_step(&mut self, s: &'a IrStep, ctx: Ctx, env: Env, k: &mut Cont<'_, 'a>) {
        let unit = self.b.unit(ctx.unit);
        if s.initial && unit.moved {
            return; // PAR-COND-01
        }
        let shape = self.c.shape;
        match &s.target {
            IrTarget::Stand => self.stand(s, ctx, env, k),
            IrTarget::Line { dist, dir } => {
                let vecs: SmallVec<[(i8, i8); 8]> = match env.dir {
                    Some((sym, df, dr)) if sym == *dir => SmallVec::from_slice(&[(df, dr)]),
                    _ => dir_vectors(Direction::ALL[*dir as usize], self.side),
                };
                let (ds, bind) = distances(dist, env.n, self.c.maxdim);
                for (df, dr) in vecs {
                    for &d in &ds {
                        if self.stop {
                            return;
                        }
                        let mut e2 = env;
                        if bind {
                            e2.n = Some(d as i32);
                        }
                        if d == 0 {
                            self.stand(s, ctx, e2, k);
                        } else {
                            self.line_step(s, ctx, df, dr, d, e2, k);
                        }
                    }
                }
            }
            IrTarget::Hippo(a, b) => {
                for (df, dr) in hippogonal(*a, *b) {
                    if self.stop {
                        return;
                    }
                    self.jump_vector(s, ctx, i32::from(df), i32::from(dr), env, k);
                }
            }
            IrTarget::Tile(t) => {
                let Some(target) = env.tiles.get(*t as usize).copied().flatten() else {
                    return; // unbound tile: no outcome (PAR-LABL-03)
                };
                if target == ctx.cursor {
                    self.stand(s, ctx, env, k);
                    return;
                }
                let df = i32::from(target.file()) - i32::from(ctx.cursor.file());
                let dr = i32::from(target.rank()) - i32::from(ctx.cursor.rank());
                if s.kind == MoveKind::Leap {
                    if shape.contains(target) {
                        self.land(s, ctx, target, SmallVec::new(), env, k);
                    }
                    return;
                }
                if df != 0 && dr != 0 && df.abs() != dr.abs() {
                    return; // not on a line (PAR-LABL-04)
                }
                let d = df.abs().max(dr.abs()) as u32;
                let (uf, ur) = (df.signum() as i8, dr.signum() as i8);
                let plain = IrStep {
                    rider: false,
                    ..s.clone()
                };
                self.line_step_owned(&plain, ctx, uf, ur, d, env, k);
            }
        }
    }

    fn stand(&mut self, s: &IrStep, ctx: Ctx, env: Env, k: &mut Cont<'_, 'a>) {
        if s.capture == CaptureRule::Only {
            return;
        }
        self.finish(s.safe, ctx, ctx.cursor, SmallVec::new(), env, k);
    }

    /// A hippogonal or tile leap by a fixed vector (with rider repeats).
    fn jump_vector(
        &mut self,
        s: &IrStep,
        ctx: Ctx,
        df: i32,
        dr: i32,
        env: Env,
        k: &mut Cont<'_, 'a>,
    ) {
        let shape = self.c.shape;
        let mut cur = ctx.cursor;
        loop {
            let Some(t) = offset(cur, shape, df, dr) else {
                return;
            };
            self.land(s, ctx, t, SmallVec::new(), env, k);
            if !s.rider || self.b.at(t).is_some() || self.stop {
                return;
            }
            cur = t;
        }
    }

    fn line_step_owned(
        &mut self,
        s: &IrStep,
        ctx: Ctx,
        df: i8,
        dr: i8,
        d: u32,
        env: Env,
        k: &mut Cont<'_, 'a>,
    ) {
        self.line_step(s, ctx, df, dr, d, env, k)
    }

    /// A straight step of `d` squares along the unit vector (df, dr),
    /// with rider repeats (PAR-TYPE-01..03, PAR-GRUP-02).
    fn line_step(
        &mut self,
        s: &IrStep,
        ctx: Ctx,
        df: i8,
        dr: i8,
        d: u32,
        env: Env,
        k: &mut Cont<'_, 'a>,
    ) {
        let shape = self.c.shape;
        let mut cur = ctx.cursor;
        loop {
            // Squares passed and the landing square of one repeat.
            let mut victims: SmallVec<[(UnitId, Square); 2]> = SmallVec::new();
            let mut blocked = false;
            let mut sqs: SmallVec<[Square; 16]> = SmallVec::new();
            for j in 1..=d {
                let Some(t) = offset(
                    cur,
                    shape,
                    i32::from(df) * j as i32,
                    i32::from(dr) * j as i32,
                ) else {
                    return;
                };
                sqs.push(t);
            }
            let Some(&t) = sqs.last() else { return };
            for &m in &sqs[..sqs.len() - 1] {
                if let Some(o) = self.b.at(m) {
                    match s.kind {
                        MoveKind::Slide => blocked = true,
                        MoveKind::Leap => {}
                        MoveKind::Locust => {
                            if self.b.unit(o).side != self.side {
                                victims.push((o, m));
                            }
                        }
                    }
                }
            }
            if blocked {
                return;
            }
            if s.kind == MoveKind::Locust {
                if self.b.at(t).is_some() {
                    return;
                }
                let vs: SmallVec<[(UnitId, Square); 2]> = victims;
                self.apply_caprule(s, ctx, t, vs, env, k);
            } else {
                self.land(s, ctx, t, SmallVec::new(), env, k);
            }
            if !s.rider || self.stop {
                return;
            }
            // Rider: every landing point before the last must be empty.
            if self.b.at(t).is_some() {
                return;
            }
            if s.kind == MoveKind::Locust {
                return;
            }
            cur = t;
        }
    }

    /// Landing on `t` (slide or leap): empty or an enemy, captured.
    fn land(
        &mut self,
        s: &IrStep,
        ctx: Ctx,
        t: Square,
        mut victims: SmallVec<[(UnitId, Square); 2]>,
        env: Env,
        k: &mut Cont<'_, 'a>,
    ) {
        if let Some(o) = self.b.at(t) {
            if o == ctx.unit {
                return;
            }
            if self.b.unit(o).side == self.side {
                return; // never on an own piece (Q11)
            }
            victims.push((o, t));
        }
        self.apply_caprule(s, ctx, t, victims, env, k);
    }

    fn apply_caprule(
        &mut self,
        s: &IrStep,
        ctx: Ctx,
        t: Square,
        victims: SmallVec<[(UnitId, Square); 2]>,
        env: Env,
        k: &mut Cont<'_, 'a>,
    ) {
        match s.capture {
            CaptureRule::Only if victims.is_empty() => return,
            CaptureRule::Never if !victims.is_empty() => return,
            _ => {}
        }
        self.finish(s.safe, ctx, t, victims, env, k);
    }

    /// Applies a step (captures at once, Q11), checks `s`, continues, undoes.
    fn finish(
        &mut self,
        safe: bool,
        ctx: Ctx,
        t: Square,
        victims: SmallVec<[(UnitId, Square); 2]>,
        env: Env,
        k: &mut Cont<'_, 'a>,
    ) {
        for &(v, sq) in &victims {
            self.b.lift(v);
            self.caps.push((v, sq));
        }
        let from = ctx.cursor;
        if t != from {
            self.b.lift(ctx.unit);
            self.b.put(ctx.unit, t);
        }
        let ok = !safe || self.nested || !self.capturable(ctx.unit);
        if ok {
            k(
                self,
                Ctx {
                    cursor: t,
                    playable: true,
                    ..ctx
                },
                env,
            );
        }
        if t != from {
            self.b.lift(ctx.unit);
            self.b.put(ctx.unit, from);
        }
        for &(v, sq) in victims.iter().rev() {
            self.b.put(v, sq);
            self.caps.pop();
        }
    }

    /// Q6: could any opponent move capture `victim` right now? Opponent
    /// `s` conditions count as met; their "last turn" is the move so far.
    pub(crate) fn capturable(&mut self, victim: UnitId) -> bool {
        let Some(sq) = self.b.unit(victim).sq else {
            return false;
        };
        let by = self.b.unit(victim).side.opposite();
        let mut last: LastParts = SmallVec::new();
        for &(u, from, pat) in &self.parts {
            if pat != 0 {
                if let Some(to) = self.b.unit(u).sq {
                    last.push(LastPart {
                        unit: u,
                        from,
                        to,
                        patterns: pat,
                    });
                }
            }
        }
        capturable_on_board(self.c, self.b, victim, sq, by, last)
    }

    fn emit(&mut self, sink: &mut dyn FnMut(Effect)) {
        let mut parts: SmallVec<[(UnitId, Square, Square, u32); 2]> = SmallVec::new();
        for &(u, from, pat) in &self.parts {
            let to = self.b.unit(u).sq.unwrap_or(from);
            parts.push((u, from, to, pat));
        }
        let mut caps: SmallVec<[(UnitId, Square); 2]> = self.caps.iter().copied().collect();
        caps.sort_unstable_by_key(|c| c.0);
        sink(Effect { parts, caps });
    }

    /// Runs one complex line for the unit `first` (the first part's piece).
    pub(crate) fn run_line(&mut self, li: usize, first: UnitId, sink: &mut dyn FnMut(Effect)) {
        let c = self.c;
        let Some(line) = c.lines.get(li) else { return };
        let Some(start) = self.b.unit(first).sq else {
            return;
        };
        self.labels = &line.labels;
        let ctx = Ctx {
            unit: first,
            cursor: start,
            playable: false,
        };
        match &line.body {
            LineBody::Single(alts) => {
                for ch in alts {
                    if self.stop {
                        return;
                    }
                    let pat = self.pattern_bits_of(ch.id);
                    self.parts.push((first, start, pat));
                    self.eval_chain(
                        ch,
                        0,
                        ctx,
                        Env::default(),
                        &mut |ev: &mut Ev<'a>, c2, _e| {
                            if c2.playable {
                                ev.emit(sink);
                            }
                        },
                    );
                    self.parts.pop();
                }
            }
            LineBody::History {
                dist,
                dir,
                pattern_bit,
                then,
            } => {
                let (ds, _) = distances(dist, None, c.maxdim);
                for (df, dr) in dir_vectors(Direction::ALL[*dir as usize], self.side) {
                    for &d in &ds {
                        let Some(q) = offset(
                            start,
                            c.shape,
                            i32::from(df) * d as i32,
                            i32::from(dr) * d as i32,
                        ) else {
                            continue;
                        };
                        let Some(other) = self.b.at(q) else { continue };
                        // PAR-HIST-01: that piece's part of the last turn was produced
                        // by an element equal to the pattern (match by source).
                        let hit = self
                            .last
                            .iter()
                            .any(|p| p.unit == other && p.to == q && p.patterns & pattern_bit != 0);
                        if !hit {
                            continue;
                        }
                        let env = Env {
                            dir: Some((*dir, df, dr)),
                            ..Env::default()
                        };
                        for ch in then {
                            if self.stop {
                                return;
                            }
                            let pat = self.pattern_bits_of(ch.id);
                            self.parts.push((first, start, pat));
                            self.eval_chain(ch, 0, ctx, env, &mut |ev: &mut Ev<'a>, c2, _e| {
                                if c2.playable {
                                    ev.emit(sink);
                                }
                            });
                            self.parts.pop();
                        }
                    }
                }
            }
            LineBody::Multi(alts) => {
                for tuple in alts {
                    if self.stop {
                        return;
                    }
                    self.multi_part(line, tuple, 0, Some(first), ctx, Env::default(), true, sink);
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn multi_part(
        &mut self,
        line: &'a Line,
        tuple: &'a [IrChain],
        p: usize,
        fixed: Option<UnitId>,
        _ctx: Ctx,
        env: Env,
        all_playable: bool,
        sink: &mut dyn FnMut(Effect),
    ) {
        let Some(ch) = tuple.get(p) else {
            if all_playable {
                self.emit(sink);
            }
            return;
        };
        let Some(kind) = line.pieces.get(p).copied() else {
            return;
        };
        // Candidates: distinct own pieces with this letter (PAR-MULT-01).
        let mut cands: SmallVec<[UnitId; 8]> = SmallVec::new();
        match fixed {
            Some(u) => cands.push(u),
            None => {
                let bb = self.b.kind(kind) & self.b.side_bb[self.side.index()];
                for s in bb {
                    if let Some(u) = self.b.at(s) {
                        if !self.parts.iter().any(|x| x.0 == u)
                            && (!line.needs_unmoved[p] || !self.b.unit(u).moved)
                        {
                            cands.push(u);
                        }
                    }
                }
            }
        }
        for u in cands {
            if self.stop {
                return;
            }
            let Some(start) = self.b.unit(u).sq else {
                continue;
            };
            let pat = self.pattern_bits_of(ch.id);
            self.parts.push((u, start, pat));
            let ctx = Ctx {
                unit: u,
                cursor: start,
                playable: false,
            };
            self.eval_chain(ch, 0, ctx, env, &mut |ev: &mut Ev<'a>, c2, e2| {
                ev.multi_part(
                    line,
                    tuple,
                    p + 1,
                    None,
                    c2,
                    e2,
                    all_playable && c2.playable,
                    sink,
                );
            });
            self.parts.pop();
        }
    }

    fn pattern_bits_of(&self, chain_id: u16) -> u32 {
        self.c.chain_patterns(chain_id)
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

/// Q6 capture test on a scratch board: could a move of side `by` capture
/// `victim` standing on `sq`?
pub(crate) fn capturable_on_board(
    c: &Compiled,
    b: &mut Board,
    victim: UnitId,
    sq: Square,
    by: Side,
    last: LastParts,
) -> bool {
    let occ = b.occ();
    let by_pieces = b.side_bb[by.index()];
    let unmoved = b.unmoved();
    {
        let kb = &b.kind_bb;
        if c.simple_attacked(
            sq,
            by,
            occ,
            by_pieces,
            |k| kb.get(k).copied().unwrap_or_default(),
            unmoved,
        ) {
            return true;
        }
    }
    // Only the lines that might capture here are run.
    let lines: SmallVec<[usize; 4]> = {
        let kb = &b.kind_bb;
        let kbf = |k: usize| kb.get(k).copied().unwrap_or_default();
        c.filters
            .iter()
            .filter(|(_, f)| f.may_capture(sq.index(), by, by_pieces, &kbf, unmoved, Some(&last)))
            .map(|&(li, _)| li)
            .collect()
    };
    if lines.is_empty() {
        return false;
    }
    let mut found = false;
    let mut ev = Ev::new(c, b, by, last);
    ev.nested = true;
    for li in lines {
        let line = &c.lines[li];
        let k0 = line.pieces[0];
        let bb = ev.b.kind(k0) & ev.b.side_bb[by.index()];
        for s in bb {
            let Some(u) = ev.b.at(s) else { continue };
            if line.needs_unmoved.first().copied().unwrap_or(false) && ev.b.unit(u).moved {
                continue;
            }
            ev.run_line(li, u, &mut |e: Effect| {
                if e.caps.iter().any(|x| x.0 == victim) {
                    found = true;
                }
            });
            if found {
                return true;
            }
        }
    }
    found
}
