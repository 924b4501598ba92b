//! Trebuchet (FC11-TREB-01, FC11-TREB-02).
//!
//! * FC11-TREB-01: it never moves on its own and never captures: it has no move and
//!   attacks nothing.
//! * FC11-TREB-02: its aim is one of the 8 directions, forward by default
//!   (`Status.aim`, set at set-up and kept in the FEN's aim field).
//!
//! Its shot and its Piece Rotation are later parts.

/// A Trebuchet has no candidate move (FC11-TREB-01).
pub fn moves() {}
