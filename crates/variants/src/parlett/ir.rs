//! The intermediate form of a Parlett set: what the compiler ([`super::compile`]) makes
//! of the syntax tree and every later stage reads. Complex lines as a small IR
//! ([`IrExpr`], [`IrChain`], [`IrStep`]) with labels, tiles and directions resolved to
//! indices; per-kind data with the simple elements ([`KindData`], [`Simple`],
//! [`SimpleMode`]); a complex line with its precomputed start tests ([`Line`]); the
//! direction vectors of the notation's symbols (A.4 Frame, PAR-DIRN-01..04, Q3); and the
//! previous turn as history rules see it ([`LastPart`], and [`ParlettState`], the
//! variant state that keeps it; PAR-HIST-01).
//!
//! Uses [`super::ast`] only.

use super::ast::{CaptureRule, Comparison, Direction, MoveKind, Operand, RelOp};
use frozen_core::{Bitboard, Kind, Shape, Side, Square, UnitId};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// Most distinct tile label names on one line.
pub const MAX_TILES: usize = 8;

/// One part of the previous turn that a history rule may look at
/// (PAR-HIST-01): the unit, where it came from and went to, and which
/// history patterns the element that produced its move equals (bit `k` is
/// pattern `k` of the set). Only parts with a non-zero `patterns` are kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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

/// The variant state of a Parlett position: the parts of the previous turn
/// that a history rule can see (PAR-HIST-01). Only parts produced by an
/// element equal to some history pattern of the set are kept (match by
/// source, Q12), so the state is empty after almost every move.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParlettState {
    /// Previous-turn parts that matched a history pattern.
    #[serde(default)]
    pub last: LastParts,
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

pub(crate) fn index8(df: i8, dr: i8) -> Option<usize> {
    frozen_core::Dir::new(df, dr).index8()
}

pub(crate) fn hippogonal(a: u32, b: u32) -> SmallVec<[(i8, i8); 8]> {
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

pub(crate) fn offset(sq: Square, shape: Shape, df: i32, dr: i32) -> Option<Square> {
    let f = i32::from(sq.file()) + df;
    let r = i32::from(sq.rank()) + dr;
    if shape.contains_coords(f, r) {
        Square::try_new(f, r)
    } else {
        None
    }
}

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
    /// For a history rule, per side: `history_from[side][q]`, the squares from
    /// which the rule looks at `q` (its distances along its direction).
    pub history_from: Option<Box<[[Bitboard; 256]; 2]>>,
    /// Per side and start square, what each alternative's first steps need
    /// (see [`Compiled::line_may_apply`]); `None` for history rules.
    pub starts: Option<Box<[StartTests; 2]>>,
    /// The evaluator merges partial paths that reach the same state: the line's
    /// steps branch so that, without merging, its paths would outnumber its states
    /// ([`super::cost`]).
    pub merge: bool,
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

pub(crate) fn eval_comparison(c: &Comparison, n: u32) -> bool {
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

/// One leading step of a chain whose outcome the occupancy alone decides.
pub(crate) enum Leading<'a> {
    /// A `0` step.
    Stand,
    /// An `o` step of exactly `k` squares along direction index `dir`
    /// (no rider, no locust).
    Empty { k: i32, dir: u8, step: &'a IrStep },
}

/// What unit `u` of a chain is as a leading step; `None` ends the leading
/// steps (a test, an invalid unit, a group, a capture, a range of distances...).
pub(crate) fn leading(u: &IrUnit, tested: bool) -> Option<Leading<'_>> {
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
