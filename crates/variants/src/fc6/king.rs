//! The King (FC6-KING-01..09): King's Check, King's Exchange, Royal Guards, the king's
//! immunities and deaths.
//!
//! * FC6-KING-01/02: King's Check ([`kings_check`]): a king that was not in check when its
//!   turn began and steps onto a square enemy units attack kills, once, every enemy unit
//!   that attacks its square with the king on it; each dies into a tomb on its own square
//!   (not a capture: Guards and Shield do not help, no CRR). If another enemy unit then
//!   attacks the king the step is illegal (the whole-turn test, FC6-TURN-03).
//! * FC6-KING-03: a king in check at the start of its turn kills nobody by stepping into
//!   an attack, so such a step leaves it in check and is illegal. King's Check is never
//!   part of a double move: only the first leg of a king's turn may make it, and a leg
//!   that killed attackers ends the turn (FC6-DBLM-06, [`super::turn`]); leg 2 of a
//!   king's double move kills nobody.
//! * FC6-KING-04/05: King's Exchange (`exchange:<king><unit>`, [`exchange_candidates`],
//!   [`exchange()`]): the king trades squares with a friendly normal unit that no enemy unit
//!   attacks and no trap holds (FC6-TRAP-05: a held unit is never swapped); that unit dies into a tomb under the king's new square (PENDING under the
//!   king). Allowed in check; the king must not be in check afterwards (FC6-TURN-03). The
//!   king leaves its old square without a leg, so no wall is made there, and a tomb it
//!   stood on arms at once (FC6-TOMB-03).
//! * FC6-KING-06: Royal Guards: units in their own king's 3x3 refuse paralysis effects
//!   ([`super::paralysis::refuses`]); running paralysis keeps running.
//! * FC6-KING-07: kings refuse every paralysis effect (tomb crossing, and the later
//!   parts' Poison, push, trap and presence paralysis go through the same test,
//!   [`super::paralysis::refuses`]); explosions and captures kill them.
//! * FC6-KING-08: kings are never empowered, never empower and are never guarded (the
//!   family tables: `never_empowered`, `never_guarded`, no counted protection).
//! * FC6-KING-09: a king dies when captured, when inside an explosion's 3x3 or when it
//!   comes to rest on an ARMED tomb; an action that kills the mover's own king is illegal
//!   (the whole-turn test sees no king, [`super::turn::king_safe`]).
//!
//! Uses: [`super::attack`], [`super::empower`], [`super::tomb`], [`super::trap`], the
//! family's exchange.

use super::attack::{attacked_by, attacked_set, attacks, in_check, king_square};
use super::base::{Fc6, Fc6Position, KING};
use super::empower::Analysis;
use super::tomb::{die, Cascade, Death};
use super::trap::held;
use crate::frozen_family::exchange;
use frozen_core::{Action, ActionKind, EventSink, Side, UnitId};
use smallvec::SmallVec;

/// True if `side` may make King's Check this turn: its king was not in check when the turn
/// began (FC6-KING-01/03). Ask it before the king's step.
pub fn may_kings_check(fc: &Fc6, pos: &Fc6Position, side: Side) -> bool {
    !in_check(fc, pos, side)
}

/// King's Check after the king of the side to act has stepped (FC6-KING-01/02,
/// FC6-TURN-06 step 2): every enemy unit (kings aside, FC6-KIND-04) that attacks the
/// king's square now dies, once, in scan order, each into the tomb on its own square.
/// Returns true if some unit died (the leg was a King's Check, which ends the turn,
/// FC6-DBLM-06).
pub fn kings_check(fc: &Fc6, pos: &mut Fc6Position, events: &mut dyn EventSink) -> bool {
    let me = pos.to_move();
    let Some(k) = king_square(pos, me) else {
        return false;
    };
    let them = me.opposite();
    let an = Analysis::new(fc, pos);
    let mut victims: SmallVec<[UnitId; 4]> = SmallVec::new();
    for s in (pos.side_bb(them) - pos.pieces(them, KING)).iter() {
        if let Some(id) = pos.unit_at(s) {
            if attacks(fc, &an, pos, id, k) {
                victims.push(id);
            }
        }
    }
    let mut cascade = Cascade::new();
    let any = !victims.is_empty();
    for id in victims {
        if let Some(s) = pos.unit(id).loc.square() {
            die(pos, id, s, Death::KingsCheck, &mut cascade, events);
        }
    }
    any
}

/// King's Exchange candidates of the side to act (FC6-KING-04): one per friendly normal
/// unit that no enemy unit attacks and no trap holds (FC6-TRAP-05). None while White's
/// first action is to come (FC6-FRST-01) or while the king is paralysed (FC6-PARA-01).
pub fn exchange_candidates(fc: &Fc6, an: &Analysis, pos: &Fc6Position, out: &mut Vec<Action>) {
    let me = pos.to_move();
    let Some(ks) = king_square(pos, me) else {
        return;
    };
    let Some(k) = pos.unit_at(ks) else { return };
    if super::paralysis::is_paralyzed(pos, k) {
        return;
    }
    // Exact for occupied squares, and every candidate square holds a friendly unit.
    let attacked = attacked_set(fc, an, pos, me.opposite());
    for sq in (pos.side_bb(me).without(ks) - attacked).iter() {
        if pos.unit_at(sq).is_some_and(|id| held(pos, id)) {
            continue;
        }
        out.push(Action::new(ActionKind::Exchange, &[ks, sq]));
    }
}

/// Why the King's Exchange `a` is not legal in `pos`, in rule terms.
pub fn explain_exchange(fc: &Fc6, pos: &Fc6Position, a: &Action) -> String {
    let me = pos.to_move();
    let (Some(ks), Some(vs)) = (a.from(), a.to()) else {
        return "a King's Exchange names the king's square, then the unit's: exchange:<king><unit> (FC6-KING-04)".into();
    };
    if king_square(pos, me) != Some(ks) {
        return format!("{ks} is not your king's square (FC6-KING-04)");
    }
    if pos
        .unit_at(ks)
        .is_some_and(|k| super::paralysis::is_paralyzed(pos, k))
    {
        return "your king is paralysed (FC6-PARA-01)".into();
    }
    if !pos.piece_at(vs).is_some_and(|(_, s)| s == me) || vs == ks {
        return format!("{vs} holds no other unit of yours (FC6-KING-04)");
    }
    if pos.unit_at(vs).is_some_and(|id| held(pos, id)) {
        return format!("the unit on {vs} is held by a trap and cannot be swapped (FC6-TRAP-05)");
    }
    let an = Analysis::new(fc, pos);
    if attacked_by(fc, &an, pos, vs, me.opposite()) {
        return format!("the unit on {vs} is attacked: the king exchanges only with a unit no enemy attacks (FC6-KING-04)");
    }
    "your king would be in check after the exchange (FC6-KING-05, FC6-TURN-03)".into()
}

/// Performs `exchange:<king><unit>` (FC6-KING-04/05): the unit dies into the tomb on its
/// square (it never explodes, FC6-JEST-07), then the king takes that square.
pub fn exchange(pos: &mut Fc6Position, a: &Action, events: &mut dyn EventSink) {
    exchange::perform(pos, a, events, |pos, v, events| {
        if let Some(s) = pos.unit(v).loc.square() {
            die(pos, v, s, Death::Exchange, &mut Cascade::new(), events);
        }
    });
}
