//! Paralysis (F12-PARA-01..03) with the owner-turn convention.
//!
//! Turn counters are the core's `pos.turns()`: `turns[S]` is the number of S's
//! latest started turn (White's first turn is 1). A unit is frozen in owner turn
//! `j` when `j <= frozen_through` (F12-PARA-02). Between its owner's turns a unit
//! counts as paralysed when it will be frozen in its owner's next turn, so the
//! turn that matters is [`owner_turn`]. Paralysis of N given while the owner's
//! latest started turn is k sets `frozen_through = max(old, k + N)` ([`paralyze`]).
//! Presence paralysis (F12-JEST-03) is not stored: it is recomputed from the jesters.
//! A paralysed unit cannot act, protect, attack or give check (F12-PARA-01): every
//! query in this crate goes through [`is_paralyzed`].
//! Sources (F12-PARA-03): crossing a death square 2 turns ([`super::death`]), jester
//! leap 2 turns ([`super::jester`]), push 1 turn ([`super::rook`]), jester presence.

use super::{Fc12, Fc12Position, JESTER, KING};
use frozen_core::{Event, EventSink, Side, Square, UnitId};

/// The owner turn that decides whether a unit of `side` is paralysed now: the
/// current turn if `side` acts, else its next turn (F12-PARA-02).
pub fn owner_turn(pos: &Fc12Position, side: Side) -> u32 {
    let t = pos.turns()[side];
    if side == pos.to_move() {
        t
    } else {
        t.saturating_add(1)
    }
}

/// True if the unit is frozen by a timer now (F12-PARA-02).
pub fn timer_frozen(pos: &Fc12Position, id: UnitId) -> bool {
    let u = pos.unit(id);
    u.status.frozen_through != 0 && owner_turn(pos, u.side) <= u.status.frozen_through
}

/// The square of an enemy jester whose presence paralyses the unit, if any
/// (F12-JEST-03); jesters and kings are immune (F12-JEST-05); a paralysed jester
/// has no presence.
pub fn presence(fc: &Fc12, pos: &Fc12Position, id: UnitId) -> Option<Square> {
    let u = pos.unit(id);
    if u.kind == JESTER || u.kind == KING {
        return None;
    }
    let s = u.loc.square()?;
    let jesters = fc.geo.king(s) & pos.pieces(u.side.opposite(), JESTER);
    jesters
        .iter()
        .find(|&j| pos.unit_at(j).is_some_and(|jid| !timer_frozen(pos, jid)))
}

/// True if the unit is paralysed now, by a timer or by presence (F12-PARA-01).
pub fn is_paralyzed(fc: &Fc12, pos: &Fc12Position, id: UnitId) -> bool {
    timer_frozen(pos, id) || presence(fc, pos, id).is_some()
}

/// Paralyses a unit for its owner's next `n` turns; overlapping paralyses take the
/// maximum (F12-PARA-02). Reports the new limit if it grew.
pub fn paralyze(pos: &mut Fc12Position, id: UnitId, n: u32, events: &mut dyn EventSink) {
    let u = pos.unit(id);
    let through = pos.turns()[u.side].saturating_add(n);
    if through > u.status.frozen_through {
        pos.update_status(id, |st| st.frozen_through = through);
        if events.wants() {
            events.push(Event::Paralyzed { unit: id, through });
        }
    }
}

/// Owner turns the unit is still frozen for, counting the current one if its owner
/// acts (0 = free). Used for repetition (F12-DRAW-01) and the FEN.
pub fn turns_left(pos: &Fc12Position, id: UnitId) -> u32 {
    let u = pos.unit(id);
    let ft = u.status.frozen_through;
    let j = owner_turn(pos, u.side);
    if ft != 0 && ft >= j {
        (ft - j).saturating_add(1)
    } else {
        0
    }
}

/// Clears timers that can no longer matter, so equal positions hash equally.
pub fn expire_timers(pos: &mut Fc12Position) {
    for id in pos.unit_ids() {
        let u = pos.unit(id);
        if u.status.frozen_through != 0 && u.status.frozen_through < owner_turn(pos, u.side) {
            pos.update_status(id, |st| st.frozen_through = 0);
        }
    }
}
