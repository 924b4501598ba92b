//! The Chancellor (FC6-CHAN-01..05): Teleswap, Paralyse and its immunities.
//!
//! * FC6-CHAN-01: Teleswap: an unparalysed chancellor trades squares with any friendly
//!   unit anywhere on the board, the king included ("even the king"), except another
//!   chancellor (kind immunity), a shadow and a unit a trap holds (FC6-TRAP-05)
//!   ([`teleswap_refusal`]). A Teleswap and a SwapShot of the same two units are one
//!   action, `swap:<square><square>` in scan order ([`super::swap`]).
//! * FC6-CHAN-02: Paralyse (`paralyse:<chancellor><target>`, [`paralyse_candidates`],
//!   [`paralyse`]): instead of capturing, the chancellor paralyses an enemy unit it
//!   attacks for 3 turns of that unit's owner (an effect); nobody moves. A whole turn,
//!   never a leg of a double move.
//! * FC6-CHAN-03: no target: kings, chancellors (kind), shadows (read from the normal
//!   layer, where a shadow never stands, FC6-SHAD-03), units that refuse
//!   paralysis effects (Royal Guards, FC6-KING-06) ([`paralyse_refusal`]). Guards and the
//!   Shield do not protect (FC6-GARD-03, FC6-TEMP-03).
//! * FC6-CHAN-04: chancellors are immune to SwapShot by enemies ([`swapshot_immune`]) and
//!   to jester presence (the family tables' `presence_immune`, [`super::paralysis`]).
//! * FC6-CHAN-05: chancellors never lose range: they have no slides and are no CRR unit
//!   ([`super::base::is_crr`]).
//!
//! Uses: [`super::attack`], [`super::kinds`], [`super::paralysis`], [`super::trap`],
//! [`super::notation`].

use super::attack::{attacked_units, attacks};
use super::base::{only_shadows, reason, unread, Fc6, Fc6Position, CHANCELLOR, KING};
use super::empower::Analysis;
use super::notation::Special;
use super::paralysis::{is_paralyzed, paralyze, refuses, Paralysis};
use super::trap::held;
use frozen_core::{Action, EventSink, Kind, Square};
use std::fmt;

/// Turns of its owner a Paralyse freezes the target for (FC6-CHAN-02).
pub const PARALYSE_TURNS: u32 = 3;

/// True if a unit of kind `kind` cannot be SwapShotted by an enemy (FC6-CHAN-04).
#[inline]
pub fn swapshot_immune(kind: Kind) -> bool {
    kind == CHANCELLOR
}

/// Why the chancellor on `c` may not Teleswap with the unit on `y` (None: it may)
/// (FC6-CHAN-01).
pub fn teleswap_refusal(pos: &Fc6Position, c: Square, y: Square) -> Option<String> {
    teleswap_refused(pos, c, y, reason)
}

/// [`teleswap_refusal`] with the reason handed to `say` (`reason` writes it out, `unread`
/// drops it: listing asks only whether a candidate is refused, and allocates nothing).
pub fn teleswap_refused<R>(
    pos: &Fc6Position,
    c: Square,
    y: Square,
    say: impl Fn(fmt::Arguments<'_>) -> R,
) -> Option<R> {
    let (Some(cid), Some(yid)) = (pos.unit_at(c), pos.unit_at(y)) else {
        return Some(say(format_args!(
            "a Teleswap names two squares holding units (FC6-CHAN-01)"
        )));
    };
    let (cu, yu) = (pos.unit(cid), pos.unit(yid));
    if cu.kind != CHANCELLOR {
        return Some(say(format_args!(
            "no chancellor stands on {c} (FC6-CHAN-01)"
        )));
    }
    if cu.side != yu.side || c == y {
        return Some(say(format_args!(
            "a chancellor Teleswaps only with another friendly unit; {y} holds none (FC6-CHAN-01)"
        )));
    }
    if is_paralyzed(pos, cid) {
        return Some(say(format_args!(
            "the chancellor on {c} is paralysed (FC6-PARA-01)"
        )));
    }
    if yu.kind == CHANCELLOR {
        return Some(say(format_args!(
            "kind immunity: a chancellor never swaps with a chancellor (FC6-KIND-02, FC6-CHAN-01)"
        )));
    }
    if held(pos, yid) {
        return Some(say(format_args!(
            "the unit on {y} is held by a trap and cannot be swapped (FC6-TRAP-05)"
        )));
    }
    None
}

/// Why the chancellor on `c` may not Paralyse the unit on `b` (None: it may)
/// (FC6-CHAN-02/03).
pub fn paralyse_refusal(
    fc: &Fc6,
    an: &Analysis,
    pos: &Fc6Position,
    c: Square,
    b: Square,
) -> Option<String> {
    paralyse_refused(fc, an, pos, c, b, reason)
}

/// [`paralyse_refusal`] with the reason handed to `say` (`reason` writes it out, `unread`
/// drops it: listing asks only whether a candidate is refused, and allocates nothing).
pub fn paralyse_refused<R>(
    fc: &Fc6,
    an: &Analysis,
    pos: &Fc6Position,
    c: Square,
    b: Square,
    say: impl Fn(fmt::Arguments<'_>) -> R,
) -> Option<R> {
    if only_shadows(pos, b) {
        return Some(say(format_args!(
            "{b} holds only shadows: a shadow cannot be paralysed (FC6-CHAN-03, FC6-SHAD-03)"
        )));
    }
    let (Some(cid), Some(bid)) = (pos.unit_at(c), pos.unit_at(b)) else {
        return Some(say(format_args!(
            "Paralyse names the chancellor's square, then its target's (FC6-CHAN-02)"
        )));
    };
    let (cu, bu) = (pos.unit(cid), pos.unit(bid));
    if cu.kind != CHANCELLOR || cu.side != pos.to_move() {
        return Some(say(format_args!(
            "no chancellor of yours stands on {c} (FC6-CHAN-02)"
        )));
    }
    if bu.side == cu.side {
        return Some(say(format_args!(
            "Paralyse targets an enemy unit; {b} holds your own (FC6-CHAN-02)"
        )));
    }
    if is_paralyzed(pos, cid) {
        return Some(say(format_args!(
            "the chancellor on {c} is paralysed (FC6-PARA-01)"
        )));
    }
    if bu.kind == KING {
        return Some(say(format_args!(
            "kings cannot be paralysed (FC6-CHAN-03, FC6-KING-07)"
        )));
    }
    if bu.kind == CHANCELLOR {
        return Some(say(format_args!(
            "kind immunity: a chancellor cannot paralyse a chancellor (FC6-CHAN-03)"
        )));
    }
    if refuses(pos, bid) {
        return Some(say(format_args!(
            "the unit on {b} stands next to its king: Royal Guards refuse paralysis (FC6-CHAN-03, FC6-KING-06)"
        )));
    }
    if !attacks(fc, an, pos, cid, b) {
        return Some(say(format_args!(
            "the chancellor on {c} could not capture on {b} with one leg now (FC6-CHAN-02)"
        )));
    }
    None
}

/// Paralyse candidates of the side to act (FC6-CHAN-02/03).
pub fn paralyse_candidates(fc: &Fc6, an: &Analysis, pos: &Fc6Position, out: &mut Vec<Action>) {
    let me = pos.to_move();
    for c in pos.pieces(me, CHANCELLOR).iter() {
        let Some(cid) = pos.unit_at(c) else { continue };
        let reach = attacked_units(fc, an, pos, cid) & pos.side_bb(me.opposite());
        for b in reach.iter() {
            if paralyse_refused(fc, an, pos, c, b, unread).is_none() {
                out.push(Special::Paralyse.action(&[c, b], 0));
            }
        }
    }
}

/// Performs `paralyse:<chancellor><target>` (FC6-CHAN-02): the target is paralysed for its
/// owner's next 3 turns (an effect; the maximum with what it had, FC6-PARA-03).
pub fn paralyse(pos: &mut Fc6Position, a: &Action, events: &mut dyn EventSink) {
    if let Some(b) = a.path.get(1).and_then(|&b| pos.unit_at(b)) {
        paralyze(pos, b, PARALYSE_TURNS, Paralysis::Effect, events);
    }
}
