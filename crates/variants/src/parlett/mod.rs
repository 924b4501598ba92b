//! The extended Parlett movement notation of the "USER MANUALS" seed: a
//! typed syntax tree ([`ast`]), its parser ([`parse`]) and parse errors
//! ([`error`]).

pub mod ast;
pub mod error;
pub mod parse;

pub use ast::{Body, Definition, MoveExpr, MultiExpr};
pub use error::ParseError;
pub use parse::{parse_line, parse_moves};
