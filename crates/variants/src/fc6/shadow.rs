//! Shadowing and de-shadowing (FC6-SHAD-01..06).
//!
//! A shadow is a form of a unit, not a kind: the unit leaves the normal layer for the
//! core's shadow layer on the same square ([`Location::Shadow`], listed in
//! `Position::shadows()` in arrival order, hashed, saved in RON and restored by undo), and
//! `Status::shadow_since` keeps the owner turn k in which it became a shadow.
//!
//! * FC6-SHAD-01: Shadowing (`shadow:<square>`, a special move, a whole turn): an
//!   unparalysed unit of the side to act that is no pawn and no king turns into a shadow
//!   on its square ([`candidates`], [`perform`]).
//! * FC6-SHAD-02: a shadow does not move or capture, uses no ability, gives no check,
//!   protects nothing, has no aura (presence, Shield, Siege, Guards, Empower, Power Steal)
//!   and counts for no rotation majority: every one of these reads the normal layer
//!   (`unit_at`, `side_bb`, `occupied`, [`super::attack`]), where a shadow never stands.
//! * FC6-SHAD-03: a shadow cannot be captured or affected by anything except a rotation.
//!   The one test is [`super::base::untouchable`]: deaths ([`super::tomb::die`]: captures,
//!   explosions, King's Check, King's Exchange), paralysis ([`super::paralysis::paralyze`])
//!   and traps ([`super::trap::catch`]) ask it; every other effect finds its targets on
//!   the normal layer. A rotation carries shadows with their square
//!   ([`super::rotation`]).
//! * FC6-SHAD-04: ethereal: a square holds at most one normal unit and any number of
//!   shadows; shadows block no slide or landing and stop no tomb from arming and no wall
//!   or trap from forming (those rules read the normal layer only).
//! * FC6-SHAD-05: De-shadowing (`unshadow:<square>`, `#n` for the n-th shadow of the
//!   square in arrival order when it is not the first, a special move) is allowed in the
//!   owner's turn k+5 or later ([`DELAY`], [`delay_left`]), when no enemy unit attacks the
//!   square and the square holds no normal unit, no tomb (any state), no wall and no
//!   trap.
//! * FC6-SHAD-06: the unit comes back with its kind, colour, range and identity, and is
//!   paralysed for its owner's next 2 turns ([`RETURN_COST`], a cost: no immunity refuses
//!   it).
//!
//! Action text (`shadow:e4`, `unshadow:e4#1`) and codes: [`super::notation`]
//! ([`Special::Shadow`], [`Special::Unshadow`]; the number of a de-shadowing is the
//! shadow's place in the square's list). Uses: [`super::base`], [`super::empower`],
//! [`super::paralysis`], [`super::attack`], [`super::notation`].

use super::attack::attacked_by;
use super::base::{Fc6, Fc6Position, KING, PAWN};
use super::empower::Analysis;
use super::notation::{number, special, Special};
use super::paralysis::{is_paralyzed, paralyze, Paralysis};
use crate::frozen_family::timers::owner_turn;
use frozen_core::{Action, Event, EventSink, Location, Side, Square, UnitId};

/// Owner turns between shadowing and the first turn that may de-shadow (FC6-SHAD-05):
/// shadowed in turn k, back in turn k+5 at the earliest.
pub const DELAY: u32 = 5;
/// Owner turns a de-shadowed unit is paralysed (FC6-SHAD-06).
pub const RETURN_COST: u32 = 2;

/// The two moves of this module.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Form {
    /// `shadow:<square>` (FC6-SHAD-01).
    Shadow,
    /// `unshadow:<square>[#n]` (FC6-SHAD-05).
    Unshadow,
}

/// Which of this module's moves `a` is, if any.
#[inline]
pub fn form(a: &Action) -> Option<Form> {
    if a.path.len() != 1 || a.piece.is_some() {
        return None;
    }
    match special(a)? {
        Special::Shadow if number(a) == 0 => Some(Form::Shadow),
        Special::Unshadow => Some(Form::Unshadow),
        _ => None,
    }
}

/// Shadowing the unit on `sq`.
pub fn shadow_action(sq: Square) -> Action {
    Special::Shadow.action(&[sq], 0)
}

/// De-shadowing the `index`-th shadow (arrival order, 0 = first) on `sq`.
pub fn unshadow_action(sq: Square, index: u16) -> Action {
    Special::Unshadow.action(&[sq], index)
}

/// Owner turns still to come before the shadow `id` may de-shadow (FC6-SHAD-05): 0 when
/// its owner may de-shadow it in its current turn (or next turn, between turns). What
/// repetition compares (FC6-DRAW-02) and displays show (FC6-VISU-03).
pub fn delay_left(pos: &Fc6Position, id: UnitId) -> u32 {
    let u = pos.unit(id);
    let Some(k) = u.status.shadow_since else {
        return 0;
    };
    k.saturating_add(DELAY)
        .saturating_sub(owner_turn(pos, u.side))
}

/// True if a unit may stand up from a shadow on `sq` as far as the square goes
/// (FC6-SHAD-05): no normal unit, tomb, wall or trap there and no enemy of `side`
/// attacking it.
fn square_free(fc: &Fc6, an: &Analysis, pos: &Fc6Position, sq: Square, side: Side) -> bool {
    pos.unit_at(sq).is_none()
        && pos.tomb(sq).is_none()
        && !pos.walls().mask().contains(sq)
        && pos.trap(sq).is_none()
        && !attacked_by(fc, an, pos, sq, side.opposite())
}

/// The candidate shadowings and de-shadowings of the side to act (FC6-SHAD-01, -05).
pub fn candidates(fc: &Fc6, an: &Analysis, pos: &Fc6Position, out: &mut Vec<Action>) {
    let me = pos.to_move();
    for sq in (pos.side_bb(me) - pos.pieces(me, PAWN) - pos.pieces(me, KING)).iter() {
        if let Some(id) = pos.unit_at(sq) {
            if !is_paralyzed(pos, id) {
                out.push(shadow_action(sq));
            }
        }
    }
    for sq in pos.shadow_bb(me).iter() {
        let Some(list) = pos.shadows().get(sq) else {
            continue;
        };
        let mut free = None;
        for (i, &id) in list.iter().enumerate() {
            if pos.unit(id).side != me || delay_left(pos, id) > 0 {
                continue;
            }
            if *free.get_or_insert_with(|| square_free(fc, an, pos, sq, me)) {
                out.push(unshadow_action(sq, i as u16));
            }
        }
    }
}

/// The unit an action of this module acts on, if the action names one.
fn target(pos: &Fc6Position, a: &Action) -> Option<UnitId> {
    let sq = *a.path.first()?;
    match form(a)? {
        Form::Shadow => pos.unit_at(sq),
        Form::Unshadow => pos
            .shadows()
            .get(sq)
            .and_then(|l| l.get(usize::from(number(a))).copied()),
    }
}

/// Performs a shadowing or de-shadowing (FC6-SHAD-01, -05, -06); the caller ends the turn.
pub fn perform(pos: &mut Fc6Position, a: &Action, events: &mut dyn EventSink) {
    let (Some(f), Some(id), Some(&sq)) = (form(a), target(pos, a), a.path.first()) else {
        return;
    };
    let side = pos.unit(id).side;
    match f {
        Form::Shadow => {
            let k = pos.turns()[side];
            pos.relocate(id, Location::Shadow(sq));
            pos.update_status(id, |st| st.shadow_since = Some(k));
            if events.wants() {
                events.push(Event::Removed {
                    unit: id,
                    from: Location::Board(sq),
                    to: Location::Shadow(sq),
                });
            }
        }
        Form::Unshadow => {
            pos.relocate(id, Location::Board(sq));
            pos.update_status(id, |st| st.shadow_since = None);
            if events.wants() {
                events.push(Event::Removed {
                    unit: id,
                    from: Location::Shadow(sq),
                    to: Location::Board(sq),
                });
            }
            paralyze(pos, id, RETURN_COST, Paralysis::Cost, events);
        }
    }
}

/// Why the shadowing or de-shadowing `a` is not legal in `pos`, in rule terms.
pub fn explain_illegal(fc: &Fc6, pos: &Fc6Position, a: &Action) -> String {
    let me = pos.to_move();
    let (Some(f), Some(&sq)) = (form(a), a.path.first()) else {
        return "a shadowing names one square: shadow:<square> (FC6-SHAD-01)".into();
    };
    match f {
        Form::Shadow => {
            let Some(id) = pos.unit_at(sq) else {
                return format!(
                    "there is no normal unit on {sq} to turn into a shadow (FC6-SHAD-01)"
                );
            };
            let u = pos.unit(id);
            if u.side != me {
                return format!("the unit on {sq} belongs to {}", u.side);
            }
            if u.kind == PAWN || u.kind == KING {
                return format!(
                    "a {} never becomes a shadow: only pieces other than the king do (FC6-SHAD-01)",
                    fc.kind_name(u.kind)
                );
            }
            if is_paralyzed(pos, id) {
                return format!("the unit on {sq} is paralysed (FC6-SHAD-01, FC6-PARA-01)");
            }
        }
        Form::Unshadow => {
            let Some(id) = target(pos, a) else {
                let n = pos.shadows().get(sq).map_or(0, |l| l.len());
                return format!(
                    "{sq} holds {n} shadow(s); unshadow:{sq} names the first, #1 the second... (FC6-SHAD-05)"
                );
            };
            let u = pos.unit(id);
            if u.side != me {
                return format!("the shadow on {sq} belongs to {}", u.side);
            }
            let left = delay_left(pos, id);
            if left > 0 {
                return format!(
                    "a shadow returns 5 turns of its owner after it became one at the earliest: {left} more turn(s) to wait (FC6-SHAD-05)"
                );
            }
            if pos.unit_at(sq).is_some() {
                return format!("a normal unit stands on {sq} (FC6-SHAD-05)");
            }
            if pos.tomb(sq).is_some() {
                return format!("{sq} holds a tomb (FC6-SHAD-05)");
            }
            if pos.walls().mask().contains(sq) {
                return format!("{sq} is a wall (FC6-SHAD-05)");
            }
            if pos.trap(sq).is_some() {
                return format!("{sq} holds a trap (FC6-SHAD-05)");
            }
            let an = Analysis::new(fc, pos);
            if attacked_by(fc, &an, pos, sq, me.opposite()) {
                return format!("an enemy unit attacks {sq} (FC6-SHAD-05)");
            }
        }
    }
    "your king would be in check afterwards (FC6-TURN-03)".into()
}
