//! Kind immunity (FC6-KIND-01..06).
//!
//! * FC6-KIND-01: a non-pawn unit cannot capture a unit of its own kind, whatever the
//!   colours ([`immune`]).
//! * FC6-KIND-02: it blocks every engagement of a unit of the same kind; in this part the
//!   only engagement is the capture (the abilities it also blocks arrive with the later
//!   parts of FC6, each asking [`immune`]).
//! * FC6-KIND-03: pawns are outside kind immunity: a pawn captures pawns.
//! * FC6-KIND-04: a king is a non-pawn piece, so a king never attacks the other king:
//!   kings may stand side by side and never check each other ([`super::attack::in_check`]
//!   skips kings).
//! * FC6-KIND-05: kind is the unit's current type; borrowed patterns do not change it (an
//!   empowered knight moving like a rook still cannot capture knights, and may capture
//!   rooks).
//! * FC6-KIND-06: effects no unit aims ignore kind; protection counting ignores kind
//!   ([`super::empower`] never asks).
//!
//! Uses: [`super::base`].

use super::base::PAWN;
use frozen_core::Kind;

/// True if a unit of kind `capturer` may not engage a unit of kind `victim`
/// (FC6-KIND-01, FC6-KIND-03).
#[inline]
pub fn immune(capturer: Kind, victim: Kind) -> bool {
    capturer == victim && capturer != PAWN
}
