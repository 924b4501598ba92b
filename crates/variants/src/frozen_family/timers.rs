//! Paralysis timers counted in the owner's turns, shared by FrozenChess 6, 11 and 12x12.
//!
//! Owns: the timer convention. Every FrozenChess game measures "paralysed for N moves" in
//! turns of the unit's owner: paralysis of N given while the owner's latest started turn is
//! `k` freezes the unit in the owner's turns `k + 1 ..= k + N`. The timer is stored as an
//! absolute owner-turn number, [`frozen_core::Status::frozen_through`] (0 = never frozen).
//! A timer whose turn has passed is simply stale: nothing rewrites it when a turn ends (no
//! journal entry per unit and turn), and every reader compares it with the owner's turn
//! ([`timer_frozen`], [`turns_left`]); repetition compares turns left
//! ([`super::repetition`]). Uses: only the core position.
//!
//! Cost vs effect: paralysis that is the price of a unit's own action (a double move's
//! rest) is a *cost* and no immunity stops it; every other paralysis is an *effect*, which
//! kind or status immunities may refuse. [`paralyze`] takes that as [`Paralysis`] and the
//! game's immunity test as a hook.

use frozen_core::{BySide, Event, EventSink, Position, Side, Unit, UnitId, VariantState};

/// The owner turn that decides whether a unit of `side` is paralysed now: the current turn
/// if `side` acts, else its next turn. Between its owner's turns a unit counts as paralysed
/// when it will be frozen in its owner's next turn (it threatens nothing now).
#[inline]
pub fn owner_turn<S: VariantState>(pos: &Position<S>, side: Side) -> u32 {
    owner_turn_at(pos.turns(), pos.to_move(), side)
}

/// [`owner_turn`] from the turn counters and the side to act, for set-up readers that
/// write timers before the position exists.
#[inline]
pub fn owner_turn_at(turns: BySide<u32>, to_move: Side, side: Side) -> u32 {
    let t = turns[side];
    if side == to_move {
        t
    } else {
        t.saturating_add(1)
    }
}

/// The turn counters of a position set up (from FEN or a set-up) with `side` to act:
/// White's first turn is 1, and Black's first turn is 1 once Black acts.
pub fn fen_counters(side: Side) -> BySide<u32> {
    match side {
        Side::White => BySide::new(1, 0),
        Side::Black => BySide::new(1, 1),
    }
}

/// True if the unit is frozen by its timer now.
#[inline]
pub fn timer_frozen<S: VariantState>(pos: &Position<S>, id: UnitId) -> bool {
    let u = pos.unit(id);
    u.status.frozen_through != 0 && owner_turn(pos, u.side) <= u.status.frozen_through
}

/// Owner turns the unit is still frozen for, counting the current one if its owner acts
/// (0 = free). What repetition compares and what FEN and displays show.
#[inline]
pub fn turns_left<S: VariantState>(pos: &Position<S>, id: UnitId) -> u32 {
    let u = pos.unit(id);
    let ft = u.status.frozen_through;
    let j = owner_turn(pos, u.side);
    if ft != 0 && ft >= j {
        (ft - j).saturating_add(1)
    } else {
        0
    }
}

/// Why a unit is being paralysed: the price of its own action, or an effect of something
/// else (only effects can be refused by immunity).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Paralysis {
    /// The price of the unit's own action; never refused.
    Cost,
    /// Caused by another unit or a square; refused when the immunity hook says so.
    Effect,
}

/// Paralyses unit `id` for its owner's next `n` turns. Overlapping paralyses take the
/// maximum (they never add up). An [`Paralysis::Effect`] is refused when `immune(unit)`
/// holds. Reports the new limit if it grew; returns true if it did.
pub fn paralyze<S: VariantState>(
    pos: &mut Position<S>,
    id: UnitId,
    n: u32,
    why: Paralysis,
    immune: impl FnOnce(&Unit) -> bool,
    events: &mut dyn EventSink,
) -> bool {
    let u = pos.unit(id);
    if why == Paralysis::Effect && immune(u) {
        return false;
    }
    let through = pos.turns()[u.side].saturating_add(n);
    if through <= u.status.frozen_through {
        return false;
    }
    pos.update_status(id, |st| st.frozen_through = through);
    if events.wants() {
        events.push(Event::Paralyzed { unit: id, through });
    }
    true
}
