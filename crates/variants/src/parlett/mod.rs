//! The extended Parlett movement notation of the "USER MANUALS" seed: a
//! typed syntax tree ([`ast`]), its parser ([`parse`]) and parse errors
//! ([`error`]); the compiler and move generator ([`engine`]); piece sets as
//! rules ([`rules`]: `normal-chess`, `fairy-chess`, `fide` and user sets);
//! and [`explain()`], which shows what a definition does.

pub mod ast;
pub mod engine;
pub mod error;
pub mod explain;
mod filter;
mod fixed;
mod narrow;
pub mod parse;
pub mod rules;
mod simple;

pub use ast::{Body, Definition, MoveExpr, MultiExpr};
pub use error::ParseError;
pub use explain::explain;
pub use parse::{parse_line, parse_moves};
pub use rules::{
    builtin_rules, load_set, visit_set_file, GameRule, ParlettRules, ParlettState, PieceSpec,
    PromotionSpec, PromotionZone, SetError, SetFile,
};
