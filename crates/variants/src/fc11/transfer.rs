//! Paralysis Transfer (FC11-PARA-05, -06, -07).
//!
//! * FC11-PARA-05: as its action, unit A takes paralysis off a friendly unit B: A is not
//!   paralysed (counter or status), can be paralysed (not immune: not the King, not a Royal
//!   Guard; [`super::immunity`]), is not threatened by an enemy unit (its square is not
//!   attacked: not in the whole A(enemy), lent patterns included, FC11-CAPT-11, read from
//!   the listing's [`super::node::Node`]), is not a pawn
//!   under Knightmare (no special moves, FC11-KNGT-06), and protects B: B's square is in
//!   A's part of A(S), one A could capture on if an enemy stood there
//!   ([`super::units::attacks`], the per-unit test the map is built from, bounced routes
//!   included), and kind immunity does not stop
//!   A acting on B. B must be paralysed by its counter: status paralysis cannot be
//!   transferred (FC11-PARA-04). Written `act:<A><B>` (`act:c3d5`); a pawn's
//!   `act:` towards an orthogonal neighbour is its rotation (FC11-PAWN-11), which a
//!   transfer never is (a pawn protects only its two diagonal capture squares).
//! * FC11-PARA-06: B's counter drops by 4, not below 0; A receives 4 turns, even if B had
//!   fewer left. A was unparalysed, so its counter becomes exactly 4 (the transfer adds,
//!   FC11-PARA-03's one exception). A's 4 turns are a cost of its own action (never
//!   refused, FC11-PARA-09).
//! * FC11-PARA-07: A is then paralysed, so it protects nothing and cannot transfer again
//!   until its turns are over (FC11-PARA-01: a paralysed unit has no action and attacks
//!   nothing).
//!
//! Uses: [`super::board`], [`super::immunity`], [`super::paralysis`],
//! [`super::units`] (attacks, check, Knightmare).

use super::base::{Fc11Position, PAWN};
use super::board::View;
use super::immunity::{immune, kind_immune, Effect};
use super::paralysis::{paralyze, turns_left};
use crate::frozen_family::timers::Paralysis;
use frozen_core::{Action, ActionKind, Bitboard, Event, EventSink, Square, UnitId};

/// The turns of paralysis moved by one transfer (FC11-PARA-06).
pub const AMOUNT: u32 = 4;

/// The squares of `side`'s units paralysed by their counter (the possible B's).
pub fn counter_frozen(pos: &Fc11Position, side: frozen_core::Side) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    for sq in pos.side_bb(side).iter() {
        if pos.unit_at(sq).is_some_and(|id| turns_left(pos, id) > 0) {
            b.set(sq);
        }
    }
    b
}

/// True if the unit `a` (on `from`, not paralysed) may transfer at all: it can be
/// paralysed, is no pawn under Knightmare and is not threatened (FC11-PARA-05).
fn may_transfer(v: &View, a: UnitId, threatened: bool) -> bool {
    let pos = v.pos;
    let u = pos.unit(a);
    immune(pos, Effect::Paralysis, None, a).is_none()
        && !(u.kind == PAWN && super::units::knight::knightmare(pos, a).is_some())
        && !threatened
}

/// Appends the transfers of the unparalysed unit `a` on `from` to the friendly units
/// paralysed by their counter on `frozen` (FC11-PARA-05); `threatened` says whether
/// `from` is in A(enemy) (the listing's [`super::node::Node`] knows).
pub fn candidates(
    v: &View,
    a: UnitId,
    from: Square,
    frozen: Bitboard,
    threatened: bool,
    out: &mut Vec<Action>,
) {
    let frozen = frozen.without(from);
    if !frozen.any() {
        return;
    }
    let u = v.pos.unit(a);
    let mut first = true;
    for b in frozen.iter() {
        let Some(bid) = v.pos.unit_at(b) else {
            continue;
        };
        if kind_immune(u.kind, v.pos.unit(bid).kind) || !super::units::attacks(v, u, from, b) {
            continue;
        }
        if first {
            if !may_transfer(v, a, threatened) {
                return;
            }
            first = false;
        }
        out.push(Action::new(ActionKind::Act, &[from, b]));
    }
}

/// True if the `act:` action `a` is a transfer (not a Pawn Rotation): its second square
/// holds a friendly unit, and the actor is not a pawn facing an orthogonal neighbour.
pub fn is_transfer(pos: &Fc11Position, a: &Action) -> bool {
    let (Some(from), Some(to)) = (a.from(), a.to()) else {
        return false;
    };
    let (Some(x), Some(y)) = (pos.unit_at(from), pos.unit_at(to)) else {
        return false;
    };
    let (ux, uy) = (pos.unit(x), pos.unit(y));
    let orthogonal_step =
        from.distance(to) == 1 && (from.file() == to.file() || from.rank() == to.rank());
    a.kind == ActionKind::Act && ux.side == uy.side && !(ux.kind == PAWN && orthogonal_step)
}

/// Performs the transfer from the unit `a` to the unit on `to` (FC11-PARA-06).
pub fn exec(pos: &mut Fc11Position, a: UnitId, to: Square, events: &mut dyn EventSink) {
    let Some(b) = pos.unit_at(to) else { return };
    let left = turns_left(pos, b);
    let through = if left > AMOUNT {
        pos.unit(b).status.frozen_through - AMOUNT
    } else {
        0
    };
    pos.update_status(b, |st| st.frozen_through = through);
    if events.wants() {
        let now = left.saturating_sub(AMOUNT);
        events.push(Event::Note(format!(
            "paralysis transfer: {to} has {now} turn(s) left"
        )));
    }
    paralyze(pos, a, AMOUNT, Paralysis::Cost, None, events);
}

/// Why the transfer from `a` on `from` to the unit on `to` is refused (FC11-PARA-05).
pub fn explain(
    fc: &super::base::Fc11,
    pos: &Fc11Position,
    a: UnitId,
    from: Square,
    to: Square,
) -> String {
    let v = View::new(pos);
    let u = pos.unit(a);
    let Some(b) = pos.unit_at(to) else {
        return format!("{to} is empty");
    };
    let target = pos.unit(b);
    if turns_left(pos, b) == 0 {
        return format!("the {} on {to} has no paralysis counter to take over (status paralysis cannot be transferred; FC11-PARA-04, FC11-PARA-05)", fc.kind_name(target.kind));
    }
    if let Some(i) = immune(pos, Effect::Paralysis, None, a) {
        return format!("the {} on {from} cannot be paralysed, so it cannot take paralysis over ({}, FC11-PARA-05)", fc.kind_name(u.kind), i.rule());
    }
    if kind_immune(u.kind, target.kind) {
        return format!(
            "kind immunity: a {} can do nothing to a {} (FC11-PARA-12)",
            fc.kind_name(u.kind),
            fc.kind_name(target.kind)
        );
    }
    if !super::units::attacks(&v, u, from, to) {
        return format!(
            "the {} on {from} does not protect {to} (FC11-PARA-05)",
            fc.kind_name(u.kind)
        );
    }
    if u.kind == PAWN && super::units::knight::knightmare(pos, a).is_some() {
        return "a pawn under Knightmare makes no special move (FC11-KNGT-06)".into();
    }
    if super::empower::threatened(&v, from, u.side.opposite()) {
        return format!(
            "the {} on {from} is threatened by an enemy unit (FC11-PARA-05)",
            fc.kind_name(u.kind)
        );
    }
    "it would leave your own King in check (FC11-TURN-15)".into()
}
