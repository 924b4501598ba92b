//! Jester traps (FC6-TRAP-01..06).
//!
//! * FC6-TRAP-01: when a jester's turn ends, each square it vacated by its own legs (the
//!   start square of each leg, in the order left) becomes a trap owned by that jester, in
//!   its colour at that moment, unless the square then holds a normal unit, a tomb or a
//!   trap already. Such a square gets the trap instead of a wall; path squares of a
//!   borrowed slide, and vacated squares refused a trap, get the leg's ordinary wall
//!   ([`make`], called by [`super::double_move::settle`] before the walls).
//! * FC6-TRAP-02: at most 5 traps of one jester at a time, a trap holding a victim
//!   included; squares are taken in the order vacated while the jester owns fewer than 5.
//! * FC6-TRAP-03: a normal non-jester unit of the other colour that comes to rest on a
//!   trap (end of a leg, push) is paralysed for 4 turns of its owner; the trap holds it
//!   for those turns and then dissolves, also if the victim died or left earlier
//!   ([`catch`], [`dissolve`]). A trap catches one unit in its life: while it holds (or
//!   has held) a victim it catches nobody else.
//! * FC6-TRAP-04: friendly units and jesters stand on traps with no effect, and the trap
//!   stays; so does a unit that cannot be paralysed (a king, a unit in its own king's
//!   3x3, [`super::paralysis::refuses`]). A slide passing over a trap does not trigger it.
//! * FC6-TRAP-05: a unit held by a trap cannot be pushed ([`held`], read by
//!   [`super::rook`]); pulls and swaps are not part of this part of FC6.
//! * FC6-TRAP-06: a trap never lies under a wall (no wall is made on a trap square,
//!   [`super::walls::make`]); traps outlive their jester.
//!
//! A trap's colour is 0 for White, 1 for Black; `hold_until` is the victim's owner turn
//! at whose end the trap dissolves (FC6-TURN-07 (b)). Uses: [`super::base`],
//! [`super::paralysis`].

use super::base::{DueWall, Fc6Position, JESTER};
use super::paralysis::{paralyze, refuses, Paralysis};
use frozen_core::{Bitboard, Event, EventSink, Problem, ProblemKind, Side, Trap, UnitId};

/// Traps one jester may own at a time (FC6-TRAP-02).
pub const CAP: usize = 5;
/// Owner turns a trap paralyses its victim (FC6-TRAP-03).
pub const HOLD: u32 = 4;

/// The trap colour code of a side.
pub fn colour(side: Side) -> u8 {
    match side {
        Side::White => 0,
        Side::Black => 1,
    }
}

/// Number of traps the jester `owner` owns now.
pub fn owned(pos: &Fc6Position, owner: UnitId) -> usize {
    pos.traps().iter().filter(|(_, t)| t.owner == owner).count()
}

/// Makes the traps of a jester's turn that ends now (FC6-TRAP-01/02): the start squares of
/// its legs in `due`, in order. Returns the squares that became traps (they get no wall).
pub fn make(
    pos: &mut Fc6Position,
    jester: UnitId,
    due: &[DueWall],
    events: &mut dyn EventSink,
) -> Bitboard {
    let mut made = Bitboard::EMPTY;
    let u = pos.unit(jester);
    if u.kind != JESTER || !u.loc.on_board() {
        return made;
    }
    let c = colour(u.side);
    let mut count = owned(pos, jester);
    for d in due.iter().filter(|d| d.start) {
        let sq = d.sq;
        if count >= CAP || made.contains(sq) {
            continue;
        }
        if pos.unit_at(sq).is_some() || pos.tomb(sq).is_some() || pos.trap(sq).is_some() {
            continue;
        }
        pos.set_trap(
            sq,
            Some(Trap {
                owner: jester,
                colour: c,
                held: None,
                hold_until: 0,
            }),
        );
        made.set(sq);
        count += 1;
    }
    if events.wants() && made.any() {
        let list: Vec<String> = made.iter().map(|s| s.to_string()).collect();
        events.push(Event::Note(format!("traps {}", list.join(" "))));
    }
    made
}

/// A unit came to rest on its square (end of a leg, push): an enemy trap there that has
/// caught nobody yet paralyses it for 4 turns of its owner and holds it (FC6-TRAP-03/04).
/// Returns true if it was caught.
pub fn catch(pos: &mut Fc6Position, id: UnitId, events: &mut dyn EventSink) -> bool {
    // FC6-SHAD-03: no trap catches a shadow (it has no board square either).
    if super::base::untouchable(pos, id) {
        return false;
    }
    let u = pos.unit(id);
    let Some(sq) = u.loc.square() else {
        return false;
    };
    let Some(t) = pos.trap(sq) else { return false };
    if t.held.is_some() || t.colour == colour(u.side) || u.kind == JESTER || refuses(pos, id) {
        return false;
    }
    let side = u.side;
    let mut t = t.clone();
    paralyze(pos, id, HOLD, Paralysis::Effect, events);
    t.held = Some(id);
    t.hold_until = pos.turns()[side].saturating_add(HOLD);
    pos.set_trap(sq, Some(t));
    if events.wants() {
        events.push(Event::Note(format!("trap on {sq} holds its victim")));
    }
    true
}

/// True if unit `id` stands on a trap that holds it (FC6-TRAP-05).
pub fn held(pos: &Fc6Position, id: UnitId) -> bool {
    pos.unit(id)
        .loc
        .square()
        .and_then(|sq| pos.trap(sq))
        .is_some_and(|t| t.held == Some(id))
}

/// End of `side`'s turn: traps whose hold on a unit of `side` has ended dissolve
/// (FC6-TURN-07 (b), FC6-TRAP-03).
pub fn dissolve(pos: &mut Fc6Position, side: Side, events: &mut dyn EventSink) {
    let now = pos.turns()[side];
    let mut gone = Bitboard::EMPTY;
    for (sq, t) in pos.traps().iter() {
        if let Some(v) = t.held {
            if pos.get_unit(v).is_some_and(|u| u.side == side) && t.hold_until <= now {
                gone.set(sq);
            }
        }
    }
    for sq in gone.iter() {
        pos.set_trap(sq, None);
    }
    if events.wants() && gone.any() {
        let list: Vec<String> = gone.iter().map(|s| s.to_string()).collect();
        events.push(Event::Note(format!("traps gone: {}", list.join(" "))));
    }
}

/// Turns of its victim's owner a holding trap still stands for (0 for a trap that holds
/// nobody): what repetition and displays compare (FC6-DRAW-02).
pub fn hold_left(pos: &Fc6Position, t: &Trap) -> u32 {
    let Some(v) = t.held else { return 0 };
    let Some(u) = pos.get_unit(v) else { return 0 };
    let j = crate::frozen_family::timers::owner_turn(pos, u.side);
    t.hold_until.saturating_add(1).saturating_sub(j)
}

/// Set-up checks of the traps read from RON (FC6-TRAP-01..06): each owner is a known unit
/// that was a jester, each colour 0 or 1, a held unit exists and stands on the trap or has
/// left the board, no trap lies under a wall, and no jester owns more than 5.
pub fn validate(pos: &Fc6Position, out: &mut Vec<Problem>) {
    for (sq, t) in pos.traps().iter() {
        let mut bad = |msg: String| out.push(Problem::new(ProblemKind::Rule, sq.to_string(), msg));
        match pos.get_unit(t.owner) {
            None => bad(format!("the trap's owner {} does not exist", t.owner.0)),
            Some(u) if u.kind != JESTER && u.status.origin != Some(JESTER) => bad(format!(
                "the trap's owner {} is no jester (FC6-TRAP-01)",
                t.owner.0
            )),
            Some(_) => {}
        }
        if t.colour > 1 {
            bad(format!(
                "trap colour {} is neither 0 (White) nor 1 (Black)",
                t.colour
            ));
        }
        if let Some(h) = t.held {
            match pos.get_unit(h) {
                None => bad(format!("the trap's victim {} does not exist", h.0)),
                Some(u) if u.loc.on_board() && u.loc.square() != Some(sq) => bad(format!(
                    "the trap's victim {} stands elsewhere; a held unit cannot leave (FC6-TRAP-03)",
                    h.0
                )),
                Some(_) => {}
            }
        }
        if pos.wall(sq).is_some() {
            bad("a trap never lies under a wall (FC6-TRAP-06)".into());
        }
        if owned(pos, t.owner) > CAP {
            bad(format!(
                "jester {} owns more than {CAP} traps (FC6-TRAP-02)",
                t.owner.0
            ));
        }
    }
}
