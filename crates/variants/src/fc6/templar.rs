//! Templar's Shield (FC6-TEMP-01..03). Push immunity (FC6-TEMP-04) comes with the push;
//! the templar's CRR (FC6-TEMP-05) is [`super::capture::reduce_range`].
//!
//! * FC6-TEMP-01: a unit U cannot capture a templar T if T attacks the square U captures
//!   from (U's square at the start of the capturing leg). Attacking is enough; T's current
//!   capture ability counts (range, Empower, Tower, bounce); T must be normal and
//!   unparalysed.
//! * FC6-TEMP-02: the Shield is off while T stands on a PENDING tomb (a tomb under a unit
//!   is always PENDING), e.g. right after T captured. Tombs arrive with a later part of
//!   FC6; the test reads the position's tomb table, which this part never fills.
//! * FC6-TEMP-03: the Shield stops captures ([`super::capture::refusal`]); it does not
//!   stop explosions, King's Check deaths, Conversion or Paralyse (later parts).
//!
//! Uses: [`super::base`], [`super::attack`], [`super::empower`].

use super::attack::attacks;
use super::base::{Fc6, Fc6Position, TEMPLAR};
use super::empower::Analysis;
use frozen_core::Square;

/// True if the templar on `t` shields itself against a capture made from `from`.
pub fn shields(fc: &Fc6, an: &Analysis, pos: &Fc6Position, t: Square, from: Square) -> bool {
    let Some(id) = pos.unit_at(t) else {
        return false;
    };
    if pos.unit(id).kind != TEMPLAR || pos.tombs().mask().contains(t) {
        return false;
    }
    attacks(fc, an, pos, id, from)
}
