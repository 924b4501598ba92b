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
//!   the legs of a turn never equals one at the start of a turn.
//! * FC6-DRAW-03: no other draw rule; stalemate is a loss ([`super::victory`]).
//!
//! Uses: [`super::base`], [`super::paralysis`], [`super::walls`].

use super::base::Fc6Position;
use super::paralysis::turns_left;
use super::walls::turns_left as wall_left;
use frozen_core::zobrist::StableHasher;
use frozen_core::{Kind, Side, Square};
use std::hash::{Hash, Hasher};

/// One item of the repetition key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Item {
    Unit(Square, Kind, Side, u16, u32),
    Wall(Square, Side, u32),
    Tomb(Square, Vec<(Kind, Side)>, bool),
    Trap(Square, u8, bool, u32, Option<Square>),
    Turn(Option<Square>, u8, bool, bool, Vec<(Square, u8, u8, bool)>),
}

fn items(pos: &Fc6Position) -> (Side, bool, Vec<Item>) {
    let mut v = Vec::with_capacity(80);
    for sq in pos.occupied().iter() {
        if let Some(id) = pos.unit_at(sq) {
            let u = pos.unit(id);
            v.push(Item::Unit(
                sq,
                u.kind,
                u.side,
                u.status.range,
                turns_left(pos, id),
            ));
        }
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
    for (sq, t) in pos.traps().iter() {
        let owner = pos.get_unit(t.owner).and_then(|u| u.loc.square());
        v.push(Item::Trap(
            sq,
            t.colour,
            t.held.is_some(),
            super::trap::hold_left(pos, t),
            owner,
        ));
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
