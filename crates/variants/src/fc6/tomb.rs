//! Deaths and tombs (FC6-TOMB-01..13), jester explosions (FC6-JEST-05..07) and
//! Dragonflight (FC6-DRAG-04).
//!
//! Two entry points serve every way a unit can come to rest or die; legs, pushes and the
//! special moves call them and nothing else buries a unit or starts an explosion:
//!
//! * [`rest`]: "unit comes to rest on a square" (end of a leg, push, pull). On an ARMED
//!   tomb the unit dies into it and the tomb explodes (FC6-TOMB-06).
//! * [`die`]: "unit dies here" (capture, blast, tomb, push off the board, King's Check,
//!   King's Exchange). The unit joins the back of the queue on that square
//!   (FC6-TOMB-01, FC6-TOMB-04); a captured or blasted jester is queued to explode
//!   (FC6-JEST-05), other deaths never make a jester explode (FC6-JEST-07).
//!
//! Both record what must explode in a [`Cascade`], one per action; [`resolve`] runs it to
//! the end in the order of FC6-TOMB-13 (FC6-TURN-06 step 1(e)).
//!
//! * FC6-TOMB-02/03: a tomb's state is never stored except the ACTIVE flag
//!   ([`frozen_core::Tomb::open`]): PENDING while a normal unit or a wall stands on it, or
//!   a leg of the current turn left it ([`left_by_legs`]); ARMED when its square is empty;
//!   ACTIVE after it exploded until its head respawns ([`state`]). So a tomb arms the
//!   moment its square is empty and needs no step of its own: when the leaver's wall goes
//!   (FC6-TURN-07), when a unit leaves without a leg (a king's exchange), or when it dies
//!   without a capturer landing there (King's Check).
//! * FC6-TOMB-05: a slide whose path squares hold an ARMED or ACTIVE tomb paralyses its
//!   unit for its owner's next 2 turns, an effect recorded once when the turn ends
//!   ([`crossed`] judged before each leg, kept in the turn in progress, recorded by
//!   [`super::double_move::settle`] through [`crossing_paralysis`]); leaps have no path
//!   squares.
//! * FC6-DRAG-04: dragons never get that paralysis; landing on an ARMED tomb still kills
//!   them ([`crossing_paralysis`]).
//! * FC6-TOMB-07..09: tomb explosion ([`resolve`]): part A moves the neighbouring queues
//!   behind the stepper, part B clears walls and traps and kills the neighbours into new
//!   tombs, then the tomb is ACTIVE.
//! * FC6-TOMB-10: an ACTIVE tomb is never landed on ([`landing_refused`]).
//! * FC6-TOMB-11: when the respawned unit leaves by a leg, the square is walled and the
//!   tomb, if its queue is not empty, is PENDING under that wall: the state rule above.
//! * FC6-TOMB-12: tombs rotate with their square (the core's block rotation carries the
//!   tomb table); rotations are a later part.
//! * FC6-TOMB-13: one first-in-first-out list of explosions per action ([`Cascade`]).
//! * FC6-JEST-05/06: jester explosion ([`resolve`]): walls and traps on the 9 squares
//!   vanish, every normal unit there dies in scan order into its own square's tomb (a
//!   capturer on the jester's square behind the jester), then every tomb there is ACTIVE.
//!
//! Uses: [`super::base`], [`super::paralysis`].

use super::base::{Fc6, Fc6Position, DEFAULT_RANGE, DRAGON, JESTER};
use super::paralysis::{paralyze, Paralysis};
use frozen_core::{Bitboard, Event, EventSink, Location, Square, UnitId};
use smallvec::SmallVec;

/// The state of a tomb (FC6-TOMB-02).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TombState {
    /// Not ACTIVE; a normal unit or a wall stands on it, or a leg of this turn left it.
    Pending,
    /// Not ACTIVE and the square is empty: it explodes when a unit comes to rest on it.
    Armed,
    /// It exploded; its head may respawn once no unit or wall stands there.
    Active,
}

/// The squares that the legs of the turn in progress have left or passed, which count as
/// walled until the turn's walls are made (FC6-TOMB-02/03, FC6-DBLM-10): every square
/// whose wall is due ([`super::base::TurnState::due`]; a passed square owes its wall like
/// a left one). Empty between turns.
pub fn left_by_legs(pos: &Fc6Position) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    if let Some(t) = &pos.state().turn {
        for d in &t.due {
            b.set(d.sq);
        }
    }
    b
}

/// The state of the tomb on `sq`, if there is one.
pub fn state(pos: &Fc6Position, sq: Square) -> Option<TombState> {
    let t = pos.tomb(sq)?;
    if t.queue.is_empty() {
        return None;
    }
    Some(if t.open {
        TombState::Active
    } else if pos.occupied().contains(sq)
        || pos.walls().mask().contains(sq)
        || left_by_legs(pos).contains(sq)
    {
        TombState::Pending
    } else {
        TombState::Armed
    })
}

/// Every ACTIVE tomb.
pub fn active(pos: &Fc6Position) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    for (sq, t) in pos.tombs().iter() {
        if t.open && !t.queue.is_empty() {
            b.set(sq);
        }
    }
    b
}

/// Every ARMED tomb.
pub fn armed(pos: &Fc6Position) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    for (sq, t) in pos.tombs().iter() {
        if !t.open && !t.queue.is_empty() {
            b.set(sq);
        }
    }
    b - pos.occupied() - pos.walls().mask() - left_by_legs(pos)
}

/// True if no leg, push or pull may end on `sq` because an ACTIVE tomb waits there for its
/// respawn (FC6-TOMB-10).
#[inline]
pub fn landing_refused(pos: &Fc6Position, sq: Square) -> bool {
    pos.tombs().mask().contains(sq) && pos.tomb(sq).is_some_and(|t| t.open)
}

/// The squares of a slide's path (not its start or end) that paralyse the slider when it
/// crosses them: ARMED and ACTIVE tombs (FC6-TOMB-05). Judge it before the leg is made.
pub fn crossed(pos: &Fc6Position, path: Bitboard) -> Bitboard {
    if !(path & pos.tombs().mask()).any() {
        return Bitboard::EMPTY;
    }
    path & (armed(pos) | active(pos))
}

/// Records tomb-crossing paralysis when the turn ends (FC6-TOMB-05): 2 turns of the unit's
/// owner, an effect (kings and royal-guarded units refuse it, FC6-PARA-07, FC6-KING-06);
/// dragons never get it (FC6-DRAG-04); a unit no longer on the board gets nothing.
pub fn crossing_paralysis(pos: &mut Fc6Position, id: UnitId, events: &mut dyn EventSink) {
    let u = pos.unit(id);
    if u.kind == DRAGON || !u.loc.on_board() {
        return;
    }
    paralyze(pos, id, 2, Paralysis::Effect, events);
}

/// How a unit dies (FC6-CAPT-01: only [`Death::Captured`] is a capture).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Death {
    /// Captured by a unit (displacement, Knight's Leap, Dragon's Fire).
    Captured(UnitId),
    /// Killed by an explosion (tomb or jester).
    Blast,
    /// Came to rest on an ARMED tomb.
    Tomb,
    /// Pushed off the board (its last square).
    PushedOff,
    /// An attacker of a king that made King's Check (FC6-KING-01).
    KingsCheck,
    /// The unit a king exchanged places with (FC6-KING-04).
    Exchange,
}

/// One explosion waiting in the action's list (FC6-TOMB-13).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Explosion {
    /// The tomb on this square explodes (a unit came to rest on it while ARMED).
    Tomb(Square),
    /// This jester, dead on this square, explodes.
    Jester(UnitId, Square),
}

/// The deaths of one action: the explosion list (first in, first out) and the squares
/// where a capturer landed on its victim (the victim's tomb is PENDING under it, so the
/// capturer does not come to rest on an ARMED tomb there).
#[derive(Clone, Debug, Default)]
pub struct Cascade {
    list: SmallVec<[Explosion; 4]>,
    next: usize,
    captured_on: Bitboard,
}

impl Cascade {
    /// An empty cascade.
    pub fn new() -> Cascade {
        Cascade::default()
    }

    /// True if some explosion is still to run.
    pub fn pending(&self) -> bool {
        self.next < self.list.len()
    }

    fn push(&mut self, e: Explosion) {
        if let Explosion::Jester(id, _) = e {
            // A jester explodes at most once (FC6-TOMB-13).
            if self
                .list
                .iter()
                .any(|x| matches!(x, Explosion::Jester(j, _) if *j == id))
            {
                return;
            }
        }
        self.list.push(e);
    }
}

/// The unit `id` dies on `at` (FC6-TOMB-01): it joins the back of the tomb queue there
/// (FC6-TOMB-04), keeping kind, colour and identity, with its range and paralysis reset
/// (FC6-RESP-05: they are gone when it respawns). A captured or blasted jester is queued
/// to explode (FC6-JEST-05/06); stepping on a tomb, a push off the board, King's Check
/// and King's Exchange never make it explode (FC6-JEST-07). Reported as `Captured` for a
/// capture, `Removed` for every other death.
pub fn die(
    pos: &mut Fc6Position,
    id: UnitId,
    at: Square,
    how: Death,
    cascade: &mut Cascade,
    events: &mut dyn EventSink,
) {
    // FC6-SHAD-03: a shadow never dies.
    if super::base::untouchable(pos, id) {
        return;
    }
    let u = pos.unit(id);
    let (kind, from) = (u.kind, u.loc);
    if u.status.range != DEFAULT_RANGE || u.status.frozen_through != 0 {
        pos.update_status(id, |st| {
            st.range = DEFAULT_RANGE;
            st.frozen_through = 0;
        });
    }
    pos.bury(id, at);
    if events.wants() {
        events.push(match how {
            Death::Captured(by) => Event::Captured {
                unit: id,
                at,
                by: Some(by),
                to: Location::Tomb(at),
            },
            _ => Event::Removed {
                unit: id,
                from,
                to: Location::Tomb(at),
            },
        });
    }
    if let Death::Captured(_) = how {
        cascade.captured_on.set(at);
    }
    if kind == JESTER && matches!(how, Death::Captured(_) | Death::Blast) {
        cascade.push(Explosion::Jester(id, at));
    }
}

/// The unit `id` has come to rest on `at` (end of a leg, push or pull; FC6-TURN-06 steps
/// (b) and (c)). If `at` held an ARMED tomb before the unit arrived, the unit dies into it
/// and the tomb explosion is queued (FC6-TOMB-06); returns true then. Call it after the
/// unit stands on `at` and after any capture there.
pub fn rest(
    pos: &mut Fc6Position,
    id: UnitId,
    at: Square,
    cascade: &mut Cascade,
    events: &mut dyn EventSink,
) -> bool {
    let Some(t) = pos.tomb(at) else {
        return false;
    };
    if t.open
        || t.queue.is_empty()
        || cascade.captured_on.contains(at)
        || pos.walls().mask().contains(at)
        || left_by_legs(pos).contains(at)
    {
        return false;
    }
    die(pos, id, at, Death::Tomb, cascade, events);
    cascade.push(Explosion::Tomb(at));
    true
}

/// The 3x3 around `c` (FC6 glossary "nearby").
fn zone(fc: &Fc6, c: Square) -> Bitboard {
    fc.geo.king(c).with(c)
}

/// Walls and traps on `squares` vanish (FC6-TOMB-08, FC6-JEST-05, FC6-WALL-08).
fn clear_walls_and_traps(pos: &mut Fc6Position, squares: Bitboard, events: &mut dyn EventSink) {
    let walls = squares & pos.walls().mask();
    for s in walls.iter() {
        pos.set_wall(s, None);
    }
    let traps = squares & pos.traps().mask();
    for s in traps.iter() {
        pos.set_trap(s, None);
    }
    if events.wants() && (walls | traps).any() {
        let list: Vec<String> = (walls | traps).iter().map(|s| s.to_string()).collect();
        events.push(Event::Note(format!("blast clears {}", list.join(" "))));
    }
}

/// Runs the action's explosions to the end (FC6-TOMB-13), each one whole before the next.
pub fn resolve(fc: &Fc6, pos: &mut Fc6Position, cascade: &mut Cascade, events: &mut dyn EventSink) {
    while cascade.next < cascade.list.len() {
        let e = cascade.list[cascade.next];
        cascade.next += 1;
        match e {
            Explosion::Tomb(c) => tomb_explosion(fc, pos, c, cascade, events),
            Explosion::Jester(_, c) => jester_explosion(fc, pos, c, cascade, events),
        }
    }
}

/// Tomb explosion at `c` (FC6-TOMB-07..09): (A) the neighbours' queues, in scan order, go
/// behind the stepper in `c`'s queue; (B) walls and traps on the 9 squares vanish and the
/// normal units on the 8 neighbours die in scan order into new tombs; (C) `c` is ACTIVE.
fn tomb_explosion(
    fc: &Fc6,
    pos: &mut Fc6Position,
    c: Square,
    cascade: &mut Cascade,
    events: &mut dyn EventSink,
) {
    if events.wants() {
        events.push(Event::Exploded { at: c });
    }
    let around = fc.geo.king(c);
    for n in (around & pos.tombs().mask()).iter() {
        if events.wants() {
            if let Some(t) = pos.tomb(n) {
                for &unit in &t.queue {
                    events.push(Event::Removed {
                        unit,
                        from: Location::Tomb(n),
                        to: Location::Tomb(c),
                    });
                }
            }
        }
        pos.merge_tombs(c, n);
    }
    clear_walls_and_traps(pos, around.with(c), events);
    for n in (around & pos.occupied()).iter() {
        if let Some(id) = pos.unit_at(n) {
            die(pos, id, n, Death::Blast, cascade, events);
        }
    }
    activate(pos, c, events);
}

/// Jester explosion at `c` (FC6-JEST-05/06): walls and traps on the 9 squares vanish,
/// every normal unit there dies in scan order into its own square's tomb, then every tomb
/// on the 9 squares is ACTIVE. Queues never move.
fn jester_explosion(
    fc: &Fc6,
    pos: &mut Fc6Position,
    c: Square,
    cascade: &mut Cascade,
    events: &mut dyn EventSink,
) {
    if events.wants() {
        events.push(Event::Exploded { at: c });
    }
    let z = zone(fc, c);
    clear_walls_and_traps(pos, z, events);
    for n in (z & pos.occupied()).iter() {
        if let Some(id) = pos.unit_at(n) {
            die(pos, id, n, Death::Blast, cascade, events);
        }
    }
    for n in (z & pos.tombs().mask()).iter() {
        activate(pos, n, events);
    }
}

/// Makes the tomb on `sq` ACTIVE (FC6-TOMB-09, FC6-JEST-05).
fn activate(pos: &mut Fc6Position, sq: Square, events: &mut dyn EventSink) {
    let Some(t) = pos.tomb(sq) else { return };
    if t.open || t.queue.is_empty() {
        return;
    }
    let mut t = t.clone();
    t.open = true;
    pos.set_tomb(sq, Some(t));
    if events.wants() {
        events.push(Event::Note(format!("tomb {sq} active")));
    }
}
