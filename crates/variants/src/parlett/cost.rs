//! The evaluator's cost, bounded when a set is loaded. The evaluator ([`super::eval`])
//! walks the paths of a complex line, merging partial paths that reach the same state
//! (the cursor square, the step reached, the captures, the bound labels and `n`): so its
//! work grows with the board and the definition where the steps before a point neither
//! capture nor bind anything, and with the number of paths elsewhere. [`line_work`]
//! bounds that work for one piece; a line above [`MAX_LINE_WORK`] is refused at load
//! with an error naming it, so no set can make move generation hang. A step with `s`
//! also runs the opponent's capture test, whose complex lines are each under the same
//! bound (and inside it, `s` counts as met: no further nesting).
//!
//! Uses [`super::ast`] and [`super::ir`].

use super::ast::CaptureRule;
use super::ast::Direction;
use super::ir::{
    dir_vectors, distances, hippogonal, offset, IrChain, IrExpr, IrPrim, IrStep, IrTarget, Line,
    LineBody,
};
use frozen_core::{Shape, Side};

/// The most evaluator steps (landings tried) one complex line may need to list the
/// moves of one piece, in the worst case over positions. About a tenth of a second.
pub(crate) const MAX_LINE_WORK: f64 = 2.0e6;

/// Deepest nesting of groups and label references the bound follows.
const MAX_NESTING: u32 = 32;

/// What evaluating an expression from one state can do.
#[derive(Clone, Copy, Debug)]
struct Cost {
    /// Most outcomes (states handed to the continuation).
    out: f64,
    /// Most landings tried.
    work: f64,
    /// Some outcome may differ from another in more than its square: a capture, a bound
    /// tile or `n`, a test that makes it unplayable. States that differ so do not merge.
    distinct: bool,
    /// Merging paths made the bound smaller (the evaluator must merge to meet it).
    merged: bool,
}

struct Model<'a> {
    labels: &'a [IrExpr],
    maxdim: u32,
    squares: f64,
    shape: Shape,
}

impl Model<'_> {
    fn step(&self, s: &IrStep) -> Cost {
        let vectors = |d: u8| {
            Side::ALL
                .iter()
                .map(|&side| dir_vectors(Direction::ALL[d as usize], side).len())
                .max()
                .unwrap_or(0) as f64
        };
        let (landings, binds) = match &s.target {
            IrTarget::Stand | IrTarget::Tile(_) => (1.0, false),
            IrTarget::Line { dist, dir } if !s.rider => {
                let (ds, bind) = distances(dist, None, self.maxdim);
                let on_board = self.most_on_board(|side| {
                    let mut v = Vec::new();
                    for (df, dr) in dir_vectors(Direction::ALL[*dir as usize], side) {
                        for &d in &ds {
                            v.push((i32::from(df) * d as i32, i32::from(dr) * d as i32));
                        }
                    }
                    v
                });
                (on_board.max(1.0), bind)
            }
            IrTarget::Line { dist, dir } => {
                let (ds, bind) = distances(dist, None, self.maxdim);
                (vectors(*dir) * ds.len().max(1) as f64, bind)
            }
            IrTarget::Hippo(a, b) if !s.rider => {
                let on_board = self.most_on_board(|_| {
                    hippogonal(*a, *b)
                        .iter()
                        .map(|&(x, y)| (i32::from(x), i32::from(y)))
                        .collect()
                });
                (on_board.max(1.0), false)
            }
            IrTarget::Hippo(a, b) => (hippogonal(*a, *b).len() as f64, false),
        };
        let out = if s.rider {
            landings * f64::from(self.maxdim)
        } else {
            landings
        };
        let captures = s.capture != CaptureRule::Never && !matches!(s.target, IrTarget::Stand);
        Cost {
            out,
            work: out,
            distinct: captures || binds,
            merged: false,
        }
    }

    /// The most of a side's displacements `vecs` that stay on the board, over every
    /// square and side: the landings one step may try from one square.
    fn most_on_board(&self, vecs: impl Fn(Side) -> Vec<(i32, i32)>) -> f64 {
        let mut most = 0;
        for side in Side::ALL {
            let v = vecs(side);
            for sq in self.shape.squares() {
                let n = v
                    .iter()
                    .filter(|&&(df, dr)| offset(sq, self.shape, df, dr).is_some())
                    .count();
                most = most.max(n);
            }
        }
        most as f64
    }

    fn prim(&self, p: &IrPrim, depth: u32) -> Cost {
        match p {
            IrPrim::Step(s) => self.step(s),
            IrPrim::Group(e) => self.expr(e, depth + 1),
            IrPrim::Ref(i) => match self.labels.get(*i) {
                Some(e) => self.expr(e, depth + 1),
                None => Cost {
                    out: 0.0,
                    work: 0.0,
                    distinct: false,
                    merged: false,
                },
            },
        }
    }

    fn expr(&self, e: &IrExpr, depth: u32) -> Cost {
        if depth > MAX_NESTING {
            return Cost {
                out: f64::INFINITY,
                work: f64::INFINITY,
                distinct: true,
                merged: false,
            };
        }
        let mut c = Cost {
            out: 0.0,
            work: 0.0,
            distinct: false,
            merged: false,
        };
        for ch in &e.alts {
            let x = self.chain(ch, depth);
            c.out += x.out;
            c.work += x.work;
            c.distinct |= x.distinct;
            c.merged |= x.merged;
        }
        if e.label_def.is_some() {
            c.out += 1.0;
        }
        c
    }

    /// A chain from one state: states between its units merge on the cursor square
    /// while nothing before them captured or bound anything.
    fn chain(&self, ch: &IrChain, depth: u32) -> Cost {
        let mut states = 1.0;
        let mut work = 0.0;
        let mut distinct = false;
        let mut merged = false;
        for (u, tested) in &ch.units {
            let c = self.prim(&u.prim, depth);
            work += states * c.work.max(1.0);
            merged |= c.merged;
            if *tested {
                continue;
            }
            distinct |= c.distinct || !u.tiles.is_empty() || u.invalid;
            let paths = states * c.out;
            states = if distinct {
                paths
            } else {
                paths.min(self.squares)
            };
            merged |= states < paths;
        }
        Cost {
            out: states,
            work,
            distinct,
            merged,
        }
    }
}

/// The bound on the evaluator's work for one piece of line `line` (the first part's),
/// and whether the bound counts on merged paths. Multi-piece lines multiply by the
/// candidates of each later part (at most a piece per square); history rules by the
/// squares they look at.
pub(crate) fn line_work(line: &Line, maxdim: u32, shape: Shape) -> (f64, bool) {
    let m = Model {
        labels: &line.labels,
        maxdim,
        squares: shape.squares().count() as f64,
        shape,
    };
    let chains = |alts: &[IrChain]| {
        alts.iter().fold((0.0, false), |(w, mg), ch| {
            let c = m.chain(ch, 0);
            (w + c.work, mg || c.merged)
        })
    };
    match &line.body {
        LineBody::Single(alts) => chains(alts),
        LineBody::History { then, .. } => {
            let (w, mg) = chains(then);
            (w * 8.0 * f64::from(maxdim), mg)
        }
        LineBody::Multi(alts) => {
            let mut total = 0.0;
            let mut merged = false;
            for tuple in alts {
                let mut before = 1.0;
                for (p, ch) in tuple.iter().enumerate() {
                    let c = m.chain(ch, 0);
                    let cands = if p == 0 { 1.0 } else { m.squares };
                    total += before * cands * c.work.max(1.0);
                    before *= cands * c.out;
                    merged |= c.merged;
                }
            }
            (total, merged)
        }
    }
}
