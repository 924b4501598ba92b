//! The extended Parlett movement notation of the "USER MANUALS" seed, and piece sets
//! written in it as rules.
//!
//! The modules form a pipeline; each uses only the stages before it:
//!
//! 1. Notation: [`ast`] (the typed syntax tree), [`parse`] and `labels` (the parser
//!    and its label checks), [`error`] (parse errors with a column and a caret).
//! 2. Intermediate form: `ir` (complex lines as a small IR, per-kind simple elements,
//!    direction vectors, the previous turn as history rules see it).
//! 3. Compiler: `compile` (syntax trees to the intermediate form; load errors that
//!    name the line), with `cost` (the bound on a line's evaluation: a line that could
//!    take too long is refused at load).
//! 4. Compiled tables: `attacks` (reverse tables), `narrow` (the `u64` board word
//!    for boards up to 8 x 8), `simple` (simple elements on bitboards), `fixed`
//!    (fixed lines' routes), `filter` (capture filters of complex lines), gathered in
//!    `compiled` (`Compiled` and its queries).
//! 5. Evaluator for complex lines: `board` (the scratch board), `eval`, and
//!    `fixed_run` (fixed lines on their routes, with the evaluator's outcome), `fixed_count`
//!    (fixed lines of one or two parts read off their plans with masks), `mover_line`
//!    (history rules that capture the pattern's unit and step on, such as en passant,
//!    on the position itself).
//! 6. The `Rules` plugin: `set` (set files, the rules value), `legal` (the check
//!    rule), `moves` (listing), `count` (counting), `perform`, `fen`, and
//!    [`rules`] (the `Rules` implementation, built-in sets).
//! 7. [`explain()`]: what a definition does, for people writing piece sets.

pub mod ast;
pub mod error;
mod labels;
pub mod parse;

mod ir;

mod compile;
mod cost;

mod attacks;
mod compiled;
mod filter;
mod fixed;
mod narrow;
mod simple;

mod board;
mod eval;
mod fixed_count;
mod fixed_run;
mod mover_line;

mod count;
mod fen;
mod legal;
mod moves;
mod perform;
pub mod rules;
mod set;

pub mod explain;

pub use ast::{Body, Definition, MoveExpr, MultiExpr};
pub use error::ParseError;
pub use explain::explain;
pub use ir::{LastPart, LastParts};
pub use parse::{parse_line, parse_moves};
pub use rules::{
    builtin_rules, load_set, visit_set_file, GameRule, ParlettRules, ParlettState, PieceSpec,
    PromotionSpec, PromotionZone, SetError, SetFile,
};
