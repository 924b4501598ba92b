//! Draws (FC6-DRAW-01..03).
//!
//! * FC6-DRAW-01: there is no 50-move rule.
//! * FC6-DRAW-02: the third occurrence of the same full position is a draw, automatically
//!   (the core `Game` declares it from `repetition_limit() == Some(3)`). The key compares
//!   values, not identities: side to move, the first-move flag, and per square the unit
//!   (kind, colour, range, paralysis as turns left) and the wall (maker's side, turns
//!   left). Two equal pawns that traded squares give the same position; positions that
//!   differ only in a timer do not. Part 2 adds the tombs (per square the queue as kinds
//!   and colours, oldest first, and the ACTIVE flag; a dead unit is nowhere else), the
//!   traps (colour, whether it holds a victim, turns of hold left, and its owner given by
//!   the owner's current square) and a turn in progress (the mover's square, its legs,
//!   the march and tomb-crossing flags and the walls its legs owe), so a position between
//!   the legs of a turn never equals one at the start of a turn. Part 3 adds the shadows:
//!   per square the multiset of (kind, colour, range, turns left before it may
//!   de-shadow) ([`super::shadow::delay_left`]); [`same_square`] compares two squares by
//!   the same values (FC6-ROTA-09).
//! * FC6-DRAW-03: no other draw rule; stalemate is a loss ([`super::victory`]).
//!
//! Uses: [`super::base`], [`super::paralysis`], [`super::walls`], [`super::trap`],
//! [`super::shadow`].

use super::base::Fc6Position;
use super::paralysis::turns_left;
use super::shadow::delay_left;
use super::walls::turns_left as wall_left;
use frozen_core::zobrist::StableHasher;
use frozen_core::{Kind, Side, Square};
use smallvec::SmallVec;
use std::hash::{Hash, Hasher};

/// One item of the repetition key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Item {
    Unit(Square, UnitValue),
    Shadows(Square, ShadowList),
    Wall(Square, Side, u32),
    Tomb(Square, Vec<(Kind, Side)>, bool),
    Trap(Square, TrapValue),
    Turn(Option<Square>, u8, bool, bool, Vec<(Square, u8, u8, bool)>),
}

/// A normal unit by value: kind, colour, range, paralysis turns left.
type UnitValue = (Kind, Side, u16, u32);
/// A shadow by value: kind, colour, range, turns left before it may de-shadow.
type ShadowValue = (Kind, Side, u16, u32);
/// The shadows of a square as a multiset (sorted values).
type ShadowList = SmallVec<[ShadowValue; 4]>;
/// A trap by value: colour, whether it holds a victim, hold turns left, owner's square.
type TrapValue = (u8, bool, u32, Option<Square>);

/// The normal unit on `sq` by value.
fn unit_value(pos: &Fc6Position, sq: Square) -> Option<UnitValue> {
    let id = pos.unit_at(sq)?;
    let u = pos.unit(id);
    Some((u.kind, u.side, u.status.range, turns_left(pos, id)))
}

/// The shadows on `sq` as a sorted multiset of values (FC6-SHAD-05: the delay as turns
/// left).
fn shadow_values(pos: &Fc6Position, sq: Square) -> ShadowList {
    let mut v: ShadowList = pos
        .shadows()
        .get(sq)
        .map(|l| {
            l.iter()
                .map(|&id| {
                    let u = pos.unit(id);
                    (u.kind, u.side, u.status.range, delay_left(pos, id))
                })
                .collect()
        })
        .unwrap_or_default();
    v.sort_unstable();
    v
}

/// The wall on `sq` by value: maker's side, turns left.
fn wall_value(pos: &Fc6Position, sq: Square) -> Option<(Side, u32)> {
    pos.wall(sq).map(|w| (w.side, wall_left(pos, w)))
}

/// The trap on `sq` by value (its owner by the owner's current square).
fn trap_value(pos: &Fc6Position, sq: Square) -> Option<TrapValue> {
    let t = pos.trap(sq)?;
    let owner = pos.get_unit(t.owner).and_then(|u| u.loc.square());
    Some((
        t.colour,
        t.held.is_some(),
        super::trap::hold_left(pos, t),
        owner,
    ))
}

/// True if the tombs on `a` and `b` are equal by value: queues of kinds and colours,
/// oldest first, and the ACTIVE flag.
fn same_tomb(pos: &Fc6Position, a: Square, b: Square) -> bool {
    match (pos.tomb(a), pos.tomb(b)) {
        (None, None) => true,
        (Some(x), Some(y)) => {
            x.open == y.open
                && x.queue.len() == y.queue.len()
                && x.queue.iter().zip(y.queue.iter()).all(|(&i, &j)| {
                    let (u, v) = (pos.unit(i), pos.unit(j));
                    u.kind == v.kind && u.side == v.side
                })
        }
        _ => false,
    }
}

/// True if squares `a` and `b` hold the same things by value, as the repetition key sees a
/// square (FC6-DRAW-02): the normal unit, the shadows, the wall, the tomb and the trap. A
/// rotation that only brings equal contents onto each square changes nothing
/// (FC6-ROTA-09). Allocates nothing unless a square holds more than 4 shadows.
pub fn same_square(pos: &Fc6Position, a: Square, b: Square) -> bool {
    unit_value(pos, a) == unit_value(pos, b)
        && wall_value(pos, a) == wall_value(pos, b)
        && trap_value(pos, a) == trap_value(pos, b)
        && same_tomb(pos, a, b)
        && (!(pos.shadows().mask().contains(a) || pos.shadows().mask().contains(b))
            || shadow_values(pos, a) == shadow_values(pos, b))
}

fn items(pos: &Fc6Position) -> (Side, bool, Vec<Item>) {
    let mut v = Vec::with_capacity(80);
    for sq in pos.occupied().iter() {
        if let Some(u) = unit_value(pos, sq) {
            v.push(Item::Unit(sq, u));
        }
    }
    for sq in pos.shadows().mask().iter() {
        v.push(Item::Shadows(sq, shadow_values(pos, sq)));
    }
    for (sq, w) in pos.walls().iter() {
        v.push(Item::Wall(sq, w.side, wall_left(pos, w)));
    }
    for (sq, t) in pos.tombs().iter() {
        let queue = t
            .queue
            .iter()
            .map(|&id| {
                let u = pos.unit(id);
                (u.kind, u.side)
            })
            .collect();
        v.push(Item::Tomb(sq, queue, t.open));
    }
    for sq in pos.traps().mask().iter() {
        if let Some(t) = trap_value(pos, sq) {
            v.push(Item::Trap(sq, t));
        }
    }
    if let Some(t) = &pos.state().turn {
        let at = pos.get_unit(t.mover).and_then(|u| u.loc.square());
        let due = t
            .due
            .iter()
            .map(|d| (d.sq, d.turns, d.code, d.start))
            .collect();
        v.push(Item::Turn(at, t.legs, t.march, t.crossed, due));
    }
    (pos.to_move(), pos.state().first_move, v)
}

/// True if two positions are the same for repetition (FC6-DRAW-02).
pub fn same_for_repetition(a: &Fc6Position, b: &Fc6Position) -> bool {
    a.result() == b.result() && items(a) == items(b)
}

/// A hash of exactly what [`same_for_repetition`] compares.
pub fn repetition_key(pos: &Fc6Position) -> u64 {
    let mut h = StableHasher::default();
    items(pos).hash(&mut h);
    pos.result().hash(&mut h);
    h.finish()
}
