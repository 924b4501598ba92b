//! # frozen-core
//!
//! The variant-agnostic core of the frozen rules engine: board geometry and
//! 256-bit bitboards for boards up to 16x16, units with identity, sparse side
//! tables (tombs, walls, traps, bombs, monads, square effects, shadows), the
//! action model ([`Action`], [`Event`], [`Pending`]), the [`Rules`] plugin trait,
//! Zobrist hashing with a from-scratch check, the [`Game`] record with undo and
//! repetition, and the formats (RON set-ups validated on load, FEN placement).
//!
//! Architecture invariant: this crate names no variant.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod action;
pub mod bitboard;
pub mod fen;
pub mod game;
pub mod geometry;
pub mod harness;
pub mod position;
pub mod rules;
pub mod san;
pub mod scenario;
pub mod setup;
pub mod square;
pub mod tables;
pub mod unit;
pub mod zobrist;

pub use action::*;
pub use bitboard::*;
pub use game::*;
pub use geometry::*;
pub use position::*;
pub use rules::*;
pub use setup::*;
pub use square::*;
pub use tables::*;
pub use unit::*;

#[cfg(feature = "proptest")]
pub mod strategies;
