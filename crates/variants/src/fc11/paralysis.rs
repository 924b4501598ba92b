//! Paralysis and kind immunity (FC11-PARA-01..03, FC11-PARA-12, -13, -15).
//!
//! * FC11-PARA-01: a paralysed unit is a statue: it cannot act ([`super::turn`] lists no
//!   action for it), and it attacks nothing, so it gives no check
//!   ([`super::maps::attacked`]); it still blocks and can be captured.
//! * FC11-PARA-02: "paralysed for N moves" = the unit sits out its owner's next N turns.
//!   The counter is the family's absolute owner-turn timer
//!   ([`crate::frozen_family::timers`]): given while the owner's latest started turn is
//!   `k`, it freezes the unit in owner turns `k + 1 ..= k + N`, so both an enemy-inflicted
//!   N and a self-inflicted N cost exactly N own turns. The FEN writes it as turns left.
//! * FC11-PARA-03: overlapping paralysis takes the larger ([`paralyze`]: the family's
//!   maximum). Paralysis Transfer, which adds, belongs to a later part.
//! * FC11-PARA-12: kind immunity: a non-pawn piece never captures a piece of its own kind
//!   ([`kind_immune`]; later parts add abilities and area effects to the same test).
//! * FC11-PARA-13: the exceptions: pawns, kings, Frogs and Ships. Kings may "capture"
//!   kings, so two kings may never stand next to each other (each attacks the other's
//!   squares, FC11-KING-02).
//! * FC11-PARA-15: kind is the unit's current kind: a promoted pawn is immune to its new
//!   kind and loses nothing of its old one; owner changes do not change kind.
//!
//! In part 1 nothing paralyses during play; paralysis comes from set-up positions (the FEN's
//! paralysis field, `Status.frozen_through` in RON) and [`paralyze`] is the one entry
//! point the later sources (Stun, shots, traps, costs) call.
//! Uses: the family timers and immunity table.

use super::base::{Fc11Position, FROG, KING, PAWN, SHIP};
use crate::frozen_family::immunity::KindImmunity;
use crate::frozen_family::kinds::KindMask;
use crate::frozen_family::timers::{self, Paralysis};
use frozen_core::{EventSink, Kind, UnitId};
use smallvec::smallvec;

/// The kinds excepted from kind immunity (FC11-PARA-13).
pub const KI_EXCEPTIONS: KindMask = KindMask::of(&[PAWN, KING, FROG, SHIP]);

/// True if a unit of kind `actor` may do nothing to a unit of kind `target` because of
/// kind immunity (FC11-PARA-12, -13, -15).
#[inline]
pub fn kind_immune(actor: Kind, target: Kind) -> bool {
    KindImmunity {
        same_kind_allowed: KI_EXCEPTIONS,
        extra: smallvec![],
    }
    .immune(actor, target)
}

/// True if the unit is paralysed now (FC11-PARA-01, -02).
#[inline]
pub fn is_paralyzed(pos: &Fc11Position, id: UnitId) -> bool {
    timers::timer_frozen(pos, id)
}

/// Owner turns the unit is still paralysed for (0 = free; FC11-PARA-02).
#[inline]
pub fn turns_left(pos: &Fc11Position, id: UnitId) -> u32 {
    timers::turns_left(pos, id)
}

/// Paralyses the unit for its owner's next `n` turns; overlapping paralysis keeps the
/// larger (FC11-PARA-02, -03). Returns true if the paralysis grew.
pub fn paralyze(
    pos: &mut Fc11Position,
    id: UnitId,
    n: u32,
    why: Paralysis,
    events: &mut dyn EventSink,
) -> bool {
    timers::paralyze(pos, id, n, why, |_| false, events)
}
