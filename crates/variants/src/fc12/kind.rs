//! Kind immunity (F12-KIND-01, F12-KIND-02).
//!
//! A non-pawn unit never captures a unit of its own kind, by any means
//! (displacement, Knight's Leap, borrowed or empowered patterns). Only captures
//! are blocked: swaps, explosions, death squares and pushes ignore kinds, and
//! pawns may capture pawns.

use super::PAWN;
use frozen_core::Kind;

/// True if a unit of kind `capturer` may not capture a unit of kind `victim`
/// because they are the same non-pawn kind (F12-KIND-01, F12-KIND-02).
pub fn immune(capturer: Kind, victim: Kind) -> bool {
    capturer != PAWN && capturer == victim
}
