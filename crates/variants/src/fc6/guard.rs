//! Guards (FC6-GARD-01..03).
//!
//! * FC6-GARD-01: a unit with two or more counted protectors ([`super::empower`]) is
//!   guarded: it is not empowered and cannot be captured, but it captures normally.
//! * FC6-GARD-02: kings cannot be guarded.
//! * FC6-GARD-03: Guards refuse captures only ([`super::capture::refusal`]) in this part;
//!   the abilities they also block (Pull, Mind Control, SwapShot, Push) and those they do
//!   not (explosions, King's Check, Conversion, Paralyse) come with the later parts. A
//!   guarded unit still attacks and gives check.
//!
//! Uses: [`super::base`], [`super::empower`].

use super::base::{Fc6Position, KING};
use super::empower::Analysis;
use frozen_core::Square;

/// True if the unit on `sq` is guarded (FC6-GARD-01/02).
pub fn is_guarded(an: &Analysis, pos: &Fc6Position, sq: Square) -> bool {
    match pos.piece_at(sq) {
        Some((kind, side)) if kind != KING => an.covered_twice(side, sq),
        _ => false,
    }
}
