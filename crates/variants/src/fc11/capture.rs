//! Capture basics and Capture Range Reduction (FC11-CAPT-01..06).
//!
//! * FC11-CAPT-01: a unit captures by moving onto an enemy's square (the Lancer lands on
//!   the victim's square after its side step, FC11-LANC-02). The victim goes to the back
//!   of the tomb queue on its square ([`capture`]); the tomb stays under the capturer.
//! * FC11-CAPT-02: one capture-legality predicate ([`capturable`]): never a friend, never
//!   the King (a side loses by checkmate instead: its King may never be left attacked,
//!   FC11-TURN-15), never a Frog or a Ship (immortal), never a unit of the capturer's own
//!   kind unless both are pawns or kings (kind immunity, FC11-PARA-12/13). Guards, the
//!   Templar's shield, monads and shadows join this predicate in later parts.
//! * FC11-CAPT-03: the riders that suffer CRR have a base range of 16 squares, stored in
//!   1/20 squares as `Status.range` = 320 ([`BASE_RANGE`]).
//! * FC11-CAPT-04: after a capture the capturer's range drops by 3 for a piece and by 1
//!   for a pawn, never below 3; the reduction actually applied is stored
//!   (`Status.counters[4]`, [`CRR_COUNTER`]), so the floor holds ([`apply_crr`]). One
//!   value per unit, applied to all its CRR directions (both for the Queen).
//! * FC11-CAPT-05: CRR does not survive death: a captured unit's reduction is dropped when
//!   it enters the tomb, so a later respawn starts at full range. The base range (and so a
//!   later Range Extension) is kept, and so is a pawn's moved flag (FC11-PAWN-03). Its
//!   paralysis is dropped too (a respawn starts unparalysed, FC11-PARA-11) and an aiming
//!   unit's aim returns to its owner's forward, so a dead unit is described by its kind,
//!   owner and (for a pawn) moved flag alone. Its walls dissolve (FC11-WALL-02), and a
//!   Queen's double goes with her (FC11-QUEN-05).
//! * FC11-CAPT-06: how several victims count ([`CrrCount`]): each victim for Dragon's Fire,
//!   once for entanglement; a Bishop's conversion counts as a capture (later parts call
//!   [`apply_crr`] with these modes; part 1's captures have one victim).
//!
//! Uses: [`super::immunity`] (the capture rows and kind immunity).

use super::base::{
    Fc11Position, BISHOP, DRAGON, KING, LANCER, ONAGER, PAWN, QUEEN, ROOK, TEMPLAR, TREBUCHET,
};
use super::immunity::{immune_kind, Actor, Effect, Immunity};
use frozen_core::{Dir, Event, EventSink, Kind, Location, Square, Unit, UnitId};

/// The base range of the CRR riders in 1/20 squares: 16 squares (FC11-CAPT-03).
pub const BASE_RANGE: u16 = 320;
/// The shortest range CRR leaves (FC11-CAPT-04).
pub const MIN_RANGE: u8 = 3;
/// The status counter holding the CRR applied (FC11-CAPT-04).
pub const CRR_COUNTER: usize = 4;
/// The range of riders without CRR (Ship, Onager): 16 squares.
pub const FIXED_RANGE: u8 = 16;

/// The kinds that lose range after captures (FC11-SETP-14): Rook, Queen, Templar (rook
/// part), Dragon, Lancer and Bishop (diagonal part).
pub const CRR_KINDS: [Kind; 6] = [ROOK, QUEEN, TEMPLAR, DRAGON, LANCER, BISHOP];

/// True if the kind suffers CRR.
#[inline]
pub fn has_crr(kind: Kind) -> bool {
    CRR_KINDS.contains(&kind)
}

/// The unit's current range along its CRR directions: its base range in whole squares
/// minus the CRR applied (FC11-CAPT-03/04). Other units' slides use [`FIXED_RANGE`].
#[inline]
pub fn current_range(unit: &Unit) -> u8 {
    let base = (unit.status.range / 20).min(255) as u8;
    base.saturating_sub(unit.status.counters[CRR_COUNTER].min(255) as u8)
}

/// Why a capture is refused (FC11-CAPT-02).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The target is a friend.
    Friendly,
    /// The King is never captured.
    King,
    /// Frogs and Ships are immortal.
    Immortal,
    /// Kind immunity.
    KindImmunity,
}

/// Why `mover` may not capture `victim`, if it may not (FC11-CAPT-02): a friend, or a
/// capture the immunity table refuses ([`super::immunity::immune_kind`]: the King, the
/// immortal Frog and Ship, kind immunity).
pub fn refusal(mover: &Unit, victim: &Unit) -> Option<Refusal> {
    refusal_as(mover.kind, mover, victim)
}

/// [`refusal`] for `mover` acting as a unit of kind `kind` for kind immunity: the unit's own
/// kind when it captures with a pattern another unit lends it (FC11-EMPW-02, FC11-ROOK-04),
/// where the pattern comes from a stand-in unit of the lender's kind.
pub fn refusal_as(kind: Kind, mover: &Unit, victim: &Unit) -> Option<Refusal> {
    if mover.side == victim.side {
        return Some(Refusal::Friendly);
    }
    let actor = Actor {
        kind,
        side: mover.side,
    };
    match immune_kind(Effect::Capture, Some(actor), victim.kind, victim.side)? {
        Immunity::Kind => Some(Refusal::KindImmunity),
        Immunity::Row(_) if victim.kind == KING => Some(Refusal::King),
        Immunity::Row(_) => Some(Refusal::Immortal),
    }
}

/// True if `mover` may capture `victim` (FC11-CAPT-02).
#[inline]
pub fn capturable(mover: &Unit, victim: &Unit) -> bool {
    refusal(mover, victim).is_none()
}

/// How the victims of one capture count for CRR (FC11-CAPT-06).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CrrCount {
    /// Every victim reduces the range (a plain capture, Dragon's Fire).
    EachVictim,
    /// The capture counts once, as its first victim (entanglement).
    Once,
}

/// The reduction one victim of kind `victim` asks for: 1 for a pawn, 3 for a piece
/// (FC11-CAPT-04).
#[inline]
pub fn reduction(victim: Kind) -> u16 {
    if victim == PAWN {
        1
    } else {
        3
    }
}

/// Applies CRR to the unit `id` for the given victims (FC11-CAPT-04, FC11-CAPT-06): the
/// reduction asked for is cut so that the range stays at least [`MIN_RANGE`]; nothing
/// happens to a kind without CRR.
pub fn apply_crr(pos: &mut Fc11Position, id: UnitId, victims: &[Kind], count: CrrCount) {
    let u = pos.unit(id);
    if !has_crr(u.kind) || victims.is_empty() {
        return;
    }
    let asked: u16 = match count {
        CrrCount::EachVictim => victims.iter().map(|&k| reduction(k)).sum(),
        CrrCount::Once => reduction(victims[0]),
    };
    let room = u16::from(current_range(u).saturating_sub(MIN_RANGE));
    let applied = asked.min(room);
    if applied > 0 {
        pos.update_status(id, |st| st.counters[CRR_COUNTER] += applied);
    }
}

/// Captures the unit `victim` standing on `at` for `by` (FC11-CAPT-01, FC11-CAPT-05): it
/// goes to the back of the tomb queue on `at`, losing its CRR.
pub fn capture(
    pos: &mut Fc11Position,
    victim: UnitId,
    at: Square,
    by: UnitId,
    events: &mut dyn EventSink,
) {
    let u = pos.unit(victim);
    let aim = match u.kind {
        PAWN | TREBUCHET | ONAGER => Some(Dir::forward(u.side)),
        _ => None,
    };
    if u.status.counters[CRR_COUNTER] != 0 || u.status.frozen_through != 0 || u.status.aim != aim {
        pos.update_status(victim, |st| {
            st.counters[CRR_COUNTER] = 0;
            st.frozen_through = 0;
            st.aim = aim;
        });
    }
    pos.bury(victim, at);
    if events.wants() {
        events.push(Event::Captured {
            unit: victim,
            at,
            by: Some(by),
            to: Location::Tomb(at),
        });
    }
    super::walls::dissolve(pos, victim, events);
    super::double::remove(pos, victim, events);
}
