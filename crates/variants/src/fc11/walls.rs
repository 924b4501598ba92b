//! Trail walls (FC11-WALL-01..04, FC11-WALL-06, FC11-WALL-07, FC11-WALL-10).
//!
//! * FC11-WALL-01: when a unit finishes a move of its own, its start square and every
//!   square of its path except the last (the path of FC11-TURN-14, which
//!   `turn::path_squares` finds and [`super::turn::exec`] hands over) become walls owned by that unit ([`trail`], [`make`]).
//!   A square gets no wall if it holds a unit or already holds a wall; a square holding a
//!   tomb does get the wall, and the tomb lies under it (the capturer that leaves a
//!   capture square walls its victim's tomb).
//! * FC11-WALL-02: a unit has one trail: the walls of its latest own move. Its next own
//!   move dissolves them and lays the new ones (even when the new trail is empty, as for
//!   the Queen's knight leap); its death dissolves them too ([`dissolve`], called by
//!   [`super::capture::capture`]). Owner changes (conversion) and Morph are later parts.
//! * FC11-WALL-03: nothing lands on or slides through a wall, its owner included
//!   ([`super::board::View`]: walls are blockers and never open).
//! * FC11-WALL-04: leapers jump walls; no intermediate landing point of a composite leap is
//!   a wall ([`super::units::jester`], [`super::units::chancellor`]).
//! * FC11-WALL-06: walls are laid at the end of the ply (FC11-TURN-16 step 2), after the
//!   action's captures; a later leg of a multi-action turn will lay its walls together
//!   with the first (every turn is one action in this part).
//! * FC11-WALL-07: moves that lay no wall: the Jester's (it leaves traps instead, a later
//!   part), the Queen's start square (her double stands there instead, FC11-QUEN-05; her
//!   slide squares are walled), Pawn Rotations, Paralysis Transfers and null moves (no
//!   unit moves), and every displacement made by something else (later parts).
//! * FC11-WALL-10: walls turn with their squares when a block is rotated: they are a core
//!   side table keyed by square, and `Position::rotate_block` moves every table entry.
//!
//! A wall is stored as `frozen_core::Wall { creator, side, expires: 0, kind: TRAIL }`:
//! it has no life of its own.
//! Uses: [`super::base`] only (the turn calls it with the move's path).

use super::base::{Fc11Position, JESTER, QUEEN};
use frozen_core::{Bitboard, Event, EventSink, Kind, Square, UnitId, Wall};

/// The `kind` code of a trail wall.
pub const TRAIL: u8 = 1;

/// The squares a move of a unit of `kind` from `from` along `path` (FC11-TURN-14: the
/// squares it enters, destination last) walls (FC11-WALL-01, FC11-WALL-07): its start
/// square and its path but the destination; none for a Jester, no start square for the
/// Queen.
pub fn trail(kind: Kind, from: Square, path: &[Square]) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    if kind == JESTER {
        return out;
    }
    if kind != QUEEN {
        out.set(from);
    }
    for &s in path.iter().take(path.len().saturating_sub(1)) {
        out.set(s);
    }
    out
}

/// The walls `id` owns now.
pub fn owned(pos: &Fc11Position, id: UnitId) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    for (sq, w) in pos.walls().iter() {
        if w.creator == id {
            b.set(sq);
        }
    }
    b
}

/// Removes every wall `id` owns (FC11-WALL-02).
pub fn dissolve(pos: &mut Fc11Position, id: UnitId, events: &mut dyn EventSink) {
    let gone = owned(pos, id);
    for sq in gone.iter() {
        pos.set_wall(sq, None);
    }
    if events.wants() && gone.any() {
        let list: Vec<String> = gone.iter().map(|s| s.to_string()).collect();
        events.push(Event::Note(format!("walls dissolved: {}", list.join(" "))));
    }
}

/// Lays the trail `squares` of unit `id` at the end of its move (FC11-WALL-01, -02,
/// TURN-16 step 2): its older walls dissolve, then every square of the trail that holds
/// no unit and no wall becomes its wall.
pub fn make(pos: &mut Fc11Position, id: UnitId, squares: Bitboard, events: &mut dyn EventSink) {
    dissolve(pos, id, events);
    let side = pos.unit(id).side;
    let free = squares - pos.occupied() - pos.walls().mask();
    for sq in free.iter() {
        pos.set_wall(
            sq,
            Some(Wall {
                creator: id,
                side,
                expires: 0,
                kind: TRAIL,
            }),
        );
    }
    if events.wants() && free.any() {
        let list: Vec<String> = free.iter().map(|s| s.to_string()).collect();
        events.push(Event::Note(format!("walls {}", list.join(" "))));
    }
}
