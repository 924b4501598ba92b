//! Cannon (FC11-CANN-01).
//!
//! * FC11-CANN-01: it never moves on its own: it has no move. It is a transport for one
//!   unit (its ammunition); loading, firing and WallBlast are later parts, so an empty
//!   Cannon attacks nothing.

/// A Cannon has no candidate move (FC11-CANN-01).
pub fn moves() {}
