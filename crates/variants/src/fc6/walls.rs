//! Walls (FC6-WALL-01..09).
//!
//! * FC6-WALL-01: when a turn ends, every square the acting unit stood on or slid over
//!   during its leg, except where it ends, becomes a wall; nothing may land on a wall or
//!   slide through it ([`super::movement`]).
//! * FC6-WALL-02: a slide walls its start square and every path square, bounced ones
//!   included; a step or a leap walls only its start square
//!   ([`super::movement::classify`]).
//! * FC6-WALL-03: duration from the leg: leap 5 turns, diagonal slide 2, orthogonal slide
//!   3, any leg of a king or pawn 1; other units' one-square steps by direction (diagonal
//!   2, orthogonal 3) ([`duration`]).
//! * FC6-WALL-04: durations count turns of the maker's side: made in its turn k with
//!   duration N, a wall disappears at the end of that side's turn k + N ([`make`],
//!   [`expire`]).
//! * FC6-WALL-05: leaps may jump walls, diagonal slides reflect off them; nothing else gets
//!   past a wall.
//! * FC6-WALL-06: only a unit's own legs make walls.
//! * FC6-WALL-07: no wall on a square that holds a normal unit (or a trap) when the turn
//!   ends; a square walled again keeps the later end.
//! * FC6-WALL-08: walls vanish early in explosions and when a rook pushes them (later
//!   parts); Dragon's Fire leaves them.
//! * FC6-WALL-09: walls belong to nobody: they block both sides alike.
//!
//! A wall is stored with its maker's side and the maker's turn at whose end it goes
//! ([`frozen_core::Wall::expires`]); [`turns_left`] is what FEN, displays and repetition
//! show. Uses: [`super::base`], [`super::movement`].

use super::base::{Fc6Position, KING, PAWN};
use super::movement::LegKind;
use frozen_core::{Bitboard, Event, EventSink, Kind, Side, UnitId, Wall};

/// The wall's `kind` code for each leg kind (kept for displays).
pub fn code(leg: LegKind) -> u8 {
    match leg {
        LegKind::Leap => 1,
        LegKind::Step => 2,
        LegKind::Diagonal => 3,
        LegKind::Orthogonal => 4,
    }
}

/// How many of its maker's turns a wall lasts (FC6-WALL-03). `diagonal` says which way a
/// one-square step went.
pub fn duration(mover: Kind, leg: LegKind, diagonal: bool) -> u32 {
    if mover == KING || mover == PAWN {
        return 1;
    }
    match leg {
        LegKind::Leap => 5,
        LegKind::Diagonal => 2,
        LegKind::Orthogonal => 3,
        LegKind::Step if diagonal => 2,
        LegKind::Step => 3,
    }
}

/// The longest duration any wall has (a leap's 5 turns).
pub const MAX_DURATION: u32 = 5;

/// Walls the squares `squares` for `n` turns of the side of `creator`, who made them
/// (FC6-WALL-01/04/07): squares holding a unit get none; a square already walled keeps the
/// later end.
pub fn make(
    pos: &mut Fc6Position,
    creator: UnitId,
    squares: Bitboard,
    n: u32,
    leg: LegKind,
    events: &mut dyn EventSink,
) {
    make_coded(pos, creator, squares, n, code(leg), events);
}

/// [`make`] with the leg kind given as its wall code; squares holding a trap get no wall
/// either (FC6-WALL-07, FC6-TRAP-06).
pub fn make_coded(
    pos: &mut Fc6Position,
    creator: UnitId,
    squares: Bitboard,
    n: u32,
    kind: u8,
    events: &mut dyn EventSink,
) {
    // The maker's side: the mover's, or a mind-controlled unit's own (FC6-MIND-02).
    let side = pos.unit(creator).side;
    let expires = pos.turns()[side].saturating_add(n);
    let free = (squares - pos.occupied()) - pos.traps().mask();
    for sq in free.iter() {
        let keep = pos
            .wall(sq)
            .is_some_and(|w| w.side == side && (w.expires == 0 || w.expires >= expires));
        if keep {
            continue;
        }
        pos.set_wall(
            sq,
            Some(Wall {
                creator,
                side,
                expires,
                kind,
            }),
        );
    }
    if events.wants() && free.any() {
        let list: Vec<String> = free.iter().map(|s| s.to_string()).collect();
        events.push(Event::Note(format!(
            "walls {} for {n} turn(s)",
            list.join(" ")
        )));
    }
}

/// Removes the walls of `side` whose last turn has just ended (FC6-WALL-04,
/// FC6-TURN-07).
pub fn expire(pos: &mut Fc6Position, side: Side, events: &mut dyn EventSink) {
    let now = pos.turns()[side];
    let mut gone = Bitboard::EMPTY;
    for (s, w) in pos.walls().iter() {
        if w.side == side && w.expires != 0 && w.expires <= now {
            gone.set(s);
        }
    }
    for s in gone.iter() {
        pos.set_wall(s, None);
    }
    if events.wants() && gone.any() {
        let list: Vec<String> = gone.iter().map(|s| s.to_string()).collect();
        events.push(Event::Note(format!("walls gone: {}", list.join(" "))));
    }
}

/// The owner turn a wall of `side` is judged at: the current turn if `side` acts, else
/// its next turn.
fn judged_at(pos: &Fc6Position, side: Side) -> u32 {
    let t = pos.turns()[side];
    if side == pos.to_move() {
        t
    } else {
        t.saturating_add(1)
    }
}

fn left_at(pos: &Fc6Position, w: &Wall) -> u32 {
    w.expires
        .saturating_add(1)
        .saturating_sub(judged_at(pos, w.side))
}

/// Turns of its maker's side a wall still stands for, counting the current one if that
/// side acts: a wall just made for N turns shows N (FC6-WALL-04, FC6-VISU-03).
pub fn turns_left(pos: &Fc6Position, w: &Wall) -> u32 {
    left_at(pos, w)
}

/// The `expires` value that gives a wall of `side` `left` turns left in `pos`.
pub fn expires_for(pos: &Fc6Position, side: Side, left: u32) -> u32 {
    judged_at(pos, side).saturating_add(left).saturating_sub(1)
}
