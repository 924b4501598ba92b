//! Bishop (F12-BISH-01; movement F12-MOVE-04).
//!
//! "Bishop Bounce" is only a capture right: a bishop may capture with its native
//! diagonal slide on leg 1 or leg 2 of a double move, and the capture ends the
//! turn. There is no reflection off edges or units (F12-MOVE-04).

use super::movement::is_diagonal;
use super::BISHOP;
use frozen_core::{Kind, Square};

/// True if a unit of `kind` moving `s`→`t` uses the bishop's capture right
/// inside a double move (F12-BISH-01).
pub fn bounce_capture(kind: Kind, s: Square, t: Square) -> bool {
    kind == BISHOP && is_diagonal(s, t)
}
