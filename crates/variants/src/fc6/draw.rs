//! Draws (FC6-DRAW-01..03).
//!
//! * FC6-DRAW-01: there is no 50-move rule.
//! * FC6-DRAW-02: the third occurrence of the same full position is a draw, automatically
//!   (the core `Game` declares it from `repetition_limit() == Some(3)`). The key compares
//!   values, not identities: side to move, the first-move flag, and per square the unit
//!   (kind, colour, range, paralysis as turns left) and the wall (maker's side, turns
//!   left). Two equal pawns that traded squares give the same position; positions that
//!   differ only in a timer do not. Units off the board play no further part in this
//!   version and are left out (tombs, which keep them, come with a later part).
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
