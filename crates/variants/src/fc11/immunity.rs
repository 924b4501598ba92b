//! The one table of immunities (FC11-PARA-08, FC11-PARA-16, FC11-KING-08, FC11-KING-09,
//! FC11-CHAN-09) and kind immunity (FC11-PARA-12, -13, -15).
//!
//! Every effect that acts on a unit asks [`immune`] (or [`immune_kind`] where only kinds
//! matter, as for captures) before it acts; nothing else in `fc11/` tests kinds or states
//! for immunity. The table ([`TABLE`]) is keyed by (effect, who): who is a unit kind or a
//! unit state. One row per line of the catalog's quick reference (FC11-PARA-16), each
//! naming its rule:
//!
//! * King (FC11-KING-09): every effect except Rotation, Explosion and Teleswap.
//! * Royal Guards (FC11-KING-08): a unit in its own King's 3x3 cannot be paralysed by any
//!   effect (counter or status); its own costs still apply (FC11-PARA-09:
//!   `Paralysis::Cost` never asks this table).
//! * Chancellor (FC11-CHAN-09): enemy Swapshot and Jester presence.
//! * Jester (FC11-PARA-08): Jester presence and traps.
//! * Templar: Push, and capture from inside its shield.
//! * Dragon: the paralysis for passing over a tomb.
//! * Ship: capture, Empower, guard. Frog: capture.
//! * Guarded unit: capture and pull. Trapped unit: pull and Morph.
//! * Monad: capture, paralysis and targeted abilities. (Shadow: anything a normal unit
//!   does; its row comes with shadows, which carry the actor's form.)
//!
//! Paralysing effects ([`Effect::paralyses`]) share the rows of [`Effect::Paralysis`]: a
//! unit immune to paralysis is immune to every one of them. Kind immunity (FC11-PARA-12)
//! comes on top: a non-pawn piece does nothing to a unit of its own kind, except pawns,
//! kings, Frogs and Ships (FC11-PARA-13), and effects caused by no unit (a tomb's
//! explosion, a rotation) skip nobody. Rows whose state no unit can have yet (monads,
//! shadows, guards, shields, traps) are the table later parts read; they match nothing
//! until those states exist ([`immune`] says which states are known now).
//! Uses: [`super::base`] only.

use super::base::{Fc11Position, CHANCELLOR, DRAGON, FROG, JESTER, KING, PAWN, SHIP, TEMPLAR};
use frozen_core::{Kind, Side, UnitId};

/// What is done to a unit.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Any capture (plain, leap-over, flank, Fire, shot, conversion by capture).
    Capture,
    /// Counter paralysis inflicted by another unit or a square (shots, Paralyse, Stun,
    /// Swipe, Poison, Warning Shot, Slime); also the row every paralysing effect shares.
    Paralysis,
    /// Pawn Pincer (status, FC11-PAWN-08).
    PawnPincer,
    /// Jester presence (status, FC11-JEST-07).
    JesterPresence,
    /// Queen's Gaze (status, FC11-QUEN-02).
    QueensGaze,
    /// A Jester's trap (paralysis 4, FC11-JEST-05).
    Trap,
    /// The paralysis for passing over a tomb (FC11-TOMB-05).
    TombPass,
    /// Pull (and pull-through, tornado pulls).
    Pull,
    /// Push (and avalanche pushes).
    Push,
    /// Swapshot.
    Swapshot,
    /// The Chancellor's Teleswap.
    Teleswap,
    /// The Bishop's conversion.
    Conversion,
    /// Mind Control.
    MindControl,
    /// The Jester's Spin.
    Spin,
    /// Tornado.
    Tornado,
    /// Avalanche.
    Avalanche,
    /// Shadowstrike.
    Shadowstrike,
    /// Decoherence.
    Decoherence,
    /// Morph.
    Morph,
    /// Empower.
    Empower,
    /// Guard (being guarded).
    Guard,
    /// A block rotation.
    Rotation,
    /// An explosion.
    Explosion,
}

impl Effect {
    /// True if the effect paralyses: it shares the rows of [`Effect::Paralysis`].
    pub const fn paralyses(self) -> bool {
        matches!(
            self,
            Effect::Paralysis
                | Effect::PawnPincer
                | Effect::JesterPresence
                | Effect::QueensGaze
                | Effect::Trap
                | Effect::TombPass
        )
    }
}

/// Who a row protects.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Who {
    /// Every unit of this kind.
    Kind(Kind),
    /// A unit in its own King's 3x3 (FC11-KING-08).
    RoyalGuard,
    /// A monad (a later part).
    Monad,
    /// A guarded unit (a later part).
    Guarded,
    /// A trapped unit (a later part).
    Trapped,
    /// A Templar whose shield covers the actor (a later part).
    Shielded,
}

/// One row of the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The effect.
    pub effect: Effect,
    /// Who is immune.
    pub who: Who,
    /// Only against an enemy actor.
    pub enemy_only: bool,
    /// The rule, as cited in refusals.
    pub rule: &'static str,
}

const fn row(effect: Effect, who: Who, rule: &'static str) -> Row {
    Row {
        effect,
        who,
        enemy_only: false,
        rule,
    }
}

/// The immunity table (FC11-PARA-16).
pub const TABLE: &[Row] = &[
    // The King: everything but rotation, explosion and Teleswap (FC11-KING-09).
    row(Effect::Capture, Who::Kind(KING), "FC11-KING-09"),
    row(Effect::Paralysis, Who::Kind(KING), "FC11-KING-09"),
    row(Effect::Pull, Who::Kind(KING), "FC11-KING-09"),
    row(Effect::Push, Who::Kind(KING), "FC11-KING-09"),
    row(Effect::Swapshot, Who::Kind(KING), "FC11-KING-09"),
    row(Effect::Conversion, Who::Kind(KING), "FC11-KING-09"),
    row(Effect::MindControl, Who::Kind(KING), "FC11-KING-09"),
    row(Effect::Spin, Who::Kind(KING), "FC11-KING-09"),
    row(Effect::Tornado, Who::Kind(KING), "FC11-KING-09"),
    row(Effect::Avalanche, Who::Kind(KING), "FC11-KING-09"),
    row(Effect::Shadowstrike, Who::Kind(KING), "FC11-KING-09"),
    row(Effect::Decoherence, Who::Kind(KING), "FC11-KING-09"),
    row(Effect::Morph, Who::Kind(KING), "FC11-KING-09"),
    row(Effect::Empower, Who::Kind(KING), "FC11-KING-09"),
    row(Effect::Guard, Who::Kind(KING), "FC11-KING-09"),
    // Royal Guards: no paralysis of any kind (FC11-KING-08).
    row(Effect::Paralysis, Who::RoyalGuard, "FC11-KING-08"),
    // The Chancellor: enemy Swapshot and Jester presence (FC11-CHAN-09).
    Row {
        effect: Effect::Swapshot,
        who: Who::Kind(CHANCELLOR),
        enemy_only: true,
        rule: "FC11-CHAN-09",
    },
    row(
        Effect::JesterPresence,
        Who::Kind(CHANCELLOR),
        "FC11-CHAN-09",
    ),
    // The Jester: Jester presence and traps (FC11-PARA-08).
    row(Effect::JesterPresence, Who::Kind(JESTER), "FC11-PARA-08"),
    row(Effect::Trap, Who::Kind(JESTER), "FC11-PARA-08"),
    // The Templar: push, and capture from inside its shield (FC11-PARA-16).
    row(Effect::Push, Who::Kind(TEMPLAR), "FC11-PARA-16"),
    row(Effect::Capture, Who::Shielded, "FC11-PARA-16"),
    // The Dragon: tomb passes (FC11-PARA-16).
    row(Effect::TombPass, Who::Kind(DRAGON), "FC11-PARA-16"),
    // The immortals (FC11-PARA-16): Ship capture, Empower, guard; Frog capture.
    row(Effect::Capture, Who::Kind(SHIP), "FC11-PARA-16"),
    row(Effect::Empower, Who::Kind(SHIP), "FC11-PARA-16"),
    row(Effect::Guard, Who::Kind(SHIP), "FC11-PARA-16"),
    // Pawns neither empower nor are empowered (FC11-EMPW-03, FC11-PAWN-12).
    row(Effect::Empower, Who::Kind(PAWN), "FC11-EMPW-03"),
    row(Effect::Capture, Who::Kind(FROG), "FC11-PARA-16"),
    // Guarded and trapped units (FC11-PARA-16).
    row(Effect::Capture, Who::Guarded, "FC11-PARA-16"),
    row(Effect::Pull, Who::Guarded, "FC11-PARA-16"),
    row(Effect::Pull, Who::Trapped, "FC11-PARA-16"),
    row(Effect::Morph, Who::Trapped, "FC11-PARA-16"),
    // Monads: capture, paralysis, targeted abilities (FC11-PARA-08).
    row(Effect::Capture, Who::Monad, "FC11-PARA-08"),
    row(Effect::Paralysis, Who::Monad, "FC11-PARA-08"),
    row(Effect::Pull, Who::Monad, "FC11-PARA-08"),
    row(Effect::Push, Who::Monad, "FC11-PARA-08"),
    row(Effect::Swapshot, Who::Monad, "FC11-PARA-08"),
    row(Effect::Teleswap, Who::Monad, "FC11-PARA-08"),
    row(Effect::Conversion, Who::Monad, "FC11-PARA-08"),
    row(Effect::MindControl, Who::Monad, "FC11-PARA-08"),
    row(Effect::Shadowstrike, Who::Monad, "FC11-PARA-08"),
    row(Effect::Decoherence, Who::Monad, "FC11-PARA-08"),
];

/// The kinds excepted from kind immunity (FC11-PARA-13).
pub const KI_EXCEPTIONS: [Kind; 4] = [PAWN, KING, FROG, SHIP];

/// Kind immunity (FC11-PARA-12, -13, -15): a unit of kind `actor` does nothing to a unit
/// of its own kind, unless the kind is a pawn, King, Frog or Ship. Kind is the current kind.
#[inline]
pub fn kind_immune(actor: Kind, target: Kind) -> bool {
    actor == target && !KI_EXCEPTIONS.contains(&actor)
}

/// Who does something: a unit's kind and side, or nothing (a tomb explosion, a rotation).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    /// The acting unit's kind.
    pub kind: Kind,
    /// The acting unit's side.
    pub side: Side,
}

/// Why a unit is immune: a row of [`TABLE`], or kind immunity.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Immunity {
    /// A row of the table.
    Row(&'static Row),
    /// Kind immunity (FC11-PARA-12).
    Kind,
}

impl Immunity {
    /// The rule to cite.
    pub fn rule(self) -> &'static str {
        match self {
            Immunity::Row(r) => r.rule,
            Immunity::Kind => "FC11-PARA-12",
        }
    }
}

fn applies(r: &Row, effect: Effect) -> bool {
    r.effect == effect || (r.effect == Effect::Paralysis && effect.paralyses())
}

/// Immunity by kinds alone: the kind rows of the table, then kind immunity. What a capture
/// asks ([`super::capture::refusal`]).
pub fn immune_kind(
    effect: Effect,
    actor: Option<Actor>,
    target_kind: Kind,
    target_side: Side,
) -> Option<Immunity> {
    for r in TABLE {
        if r.who == Who::Kind(target_kind)
            && applies(r, effect)
            && (!r.enemy_only || actor.is_some_and(|a| a.side != target_side))
        {
            return Some(Immunity::Row(r));
        }
    }
    match actor {
        Some(a) if kind_immune(a.kind, target_kind) => Some(Immunity::Kind),
        _ => None,
    }
}

/// True if the unit `id` stands in its own King's 3x3 (FC11-KING-08; the King itself is
/// covered by its own rows).
pub fn royal_guard(pos: &Fc11Position, id: UnitId) -> bool {
    let u = pos.unit(id);
    let Some(sq) = u.loc.square() else {
        return false;
    };
    u.kind != KING
        && pos
            .pieces(u.side, KING)
            .iter()
            .next()
            .is_some_and(|k| k.distance(sq) == 1)
}

/// The row of the table for `effect` on units in the state `who`, if there is one (the
/// callers that know the state themselves, such as a guarded unit's capture, FC11-EMPW-05).
pub fn state_row(effect: Effect, who: Who) -> Option<&'static Row> {
    TABLE.iter().find(|r| r.who == who && applies(r, effect))
}

/// Why the unit `id` is immune to `effect` done by `actor`, if it is: the kind rows, the
/// state rows whose state the unit has now, then kind immunity.
pub fn immune(
    pos: &Fc11Position,
    effect: Effect,
    actor: Option<Actor>,
    id: UnitId,
) -> Option<Immunity> {
    let u = pos.unit(id);
    if let Some(i) = immune_kind(effect, actor, u.kind, u.side) {
        return Some(i);
    }
    for r in TABLE {
        let has = match r.who {
            Who::RoyalGuard => royal_guard(pos, id),
            // Guards are read off the position by `super::empower` (which this table may
            // not import): the capture test asks [`state_row`] with what it knows.
            // Monads, traps and shields are states of later parts: no unit has them yet.
            Who::Monad | Who::Guarded | Who::Trapped | Who::Shielded => false,
            Who::Kind(_) => false,
        };
        if has && applies(r, effect) {
            return Some(Immunity::Row(r));
        }
    }
    None
}
