//! Kind immunity (F12-KIND-01, F12-KIND-02).
//!
//! A non-pawn unit never captures a unit of its own kind, by any means
//! (displacement, Knight's Leap, borrowed or empowered patterns). Only captures are
//! blocked: swaps, explosions, death squares and pushes ignore kinds, and pawns may
//! capture pawns. The table is the family's ([`crate::frozen_family::immunity`]) with
//! pawns as the one exception ([`super::Fc12::tables`]).

use super::Fc12;
use crate::frozen_family::FamilyGame;
use frozen_core::Kind;

/// True if a unit of kind `capturer` may not capture a unit of kind `victim`
/// because they are the same non-pawn kind (F12-KIND-01, F12-KIND-02).
pub fn immune(fc: &Fc12, capturer: Kind, victim: Kind) -> bool {
    fc.tables().immunity.immune(capturer, victim)
}
