//! # frozen-variants
//!
//! Rule plugins for the frozen engine, each in its own module laid out like its
//! catalog's areas, and the [`registry`] that finds them by name.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod denial_bait;
pub mod fc11;
pub mod fc12;
pub mod fc6;
pub mod frozen_family;
pub mod parlett;
pub mod registry;

pub use registry::{visit, UnknownVariant, VariantInfo, VARIANTS};

/// The README's library example, compiled and run as a doc test.
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
