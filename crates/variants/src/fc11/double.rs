//! The Queen's Shadow: the Queen's double (FC11-QUEN-05, -06, -07).
//!
//! * FC11-QUEN-05: when a Queen makes a move of her own, an uncontrolled double of her
//!   appears on the square she left, in place of the trail wall that square would get
//!   (FC11-WALL-01, -07); her slide squares are walled as usual. A Queen has at most one
//!   double: her next move replaces it ([`place`]), and it goes when she dies
//!   ([`remove`], called by [`super::capture::capture`]; Morph is a later part). A Pawn
//!   Rotation, a Paralysis Transfer or a null move moves no Queen and keeps every double.
//!   The double blocks like a wall: nothing lands on it, slides stop before it and routes
//!   bounce off it, leapers jump it but no intermediate landing point may be one
//!   ([`super::board::View`] counts doubles with the walls). It is not a unit: it has no
//!   id, is not material, is never captured, paralysed or rotated (Rotation is a later
//!   part). Effects that destroy walls (explosions, siege attacks) destroy it too; none
//!   of them exists in the engine yet.
//! * FC11-QUEN-06: the double never captures and has no abilities, but it threatens: it
//!   adds to A(its Queen's side) ([`super::maps`]) every square the Queen's full pattern
//!   (rook and bishop routes with bounces at her current range after CRR, knight leaps)
//!   would capture on from the double's square. So it gives check, and it counts for every
//!   "threatened" test (validity of protectors, FC11-EMPW-04; the Paralysis Transfer's
//!   threat test, FC11-PARA-05; the null move's check test, FC11-NULL-03; the explosion
//!   map of FC11-CAPT-12). It never protects, empowers or guards: it is no contributor's
//!   part in the per-unit parts that protection reads, and Power Steal, which copies
//!   enemy *pieces* (FC11-JEST-03), copies nothing from it. **Added:** the double
//!   threatens whether or not its Queen is paralysed (it is uncontrolled and not a unit;
//!   the catalog lists it apart from the unparalysed units, FC11-KING-02, FC11-CAPT-11).
//! * FC11-QUEN-07: the double appears on the Queen's origin even when a tomb lies there
//!   (she captured on that square earlier): the tomb stays pending under the double
//!   (FC11-TOMB-01), which the board reads (a tomb is armed only on a square with no unit,
//!   wall or double, [`super::maps::armed_tombs`]). King's Check (FC11-KING-04), which
//!   removes a checking double, is a later part.
//!
//! A double is stored as a core square effect `Effect { kind: DOUBLE, owner: Some(queen),
//! side: Some(her side), .. }` (hashed, journaled for undo, saved in RON; the FEN has its
//! own field, [`super::fen`]). Uses: [`super::base`] only.

use super::base::Fc11Position;
use frozen_core::{Bitboard, Effect, Event, EventSink, Side, Square, UnitId};
use smallvec::smallvec;

/// The `kind` code of the Queen's double among square effects (FC11-QUEN-05).
pub const DOUBLE: u8 = 1;

/// True if `e` is a Queen's double.
#[inline]
pub fn is_double(e: &Effect) -> bool {
    e.kind == DOUBLE
}

/// The squares holding a double, both sides.
#[inline]
pub fn squares(pos: &Fc11Position) -> Bitboard {
    let effects = pos.effects();
    if effects.is_empty() {
        return Bitboard::EMPTY;
    }
    let mut b = Bitboard::EMPTY;
    for (sq, list) in effects.iter() {
        if list.iter().any(is_double) {
            b.set(sq);
        }
    }
    b
}

/// Every double: its square and its Queen.
pub fn all(pos: &Fc11Position) -> impl Iterator<Item = (Square, UnitId)> + '_ {
    pos.effects().iter().filter_map(|(sq, list)| {
        list.iter()
            .find(|e| is_double(e))
            .and_then(|e| e.owner)
            .map(|q| (sq, q))
    })
}

/// Every double with the words a reader needs: its square and `double of the White Queen
/// on e4` (her square left out if she is off the board). One text for the position
/// description and the render's square notes.
pub fn described(pos: &Fc11Position) -> impl Iterator<Item = (Square, String)> + '_ {
    all(pos).map(|(sq, q)| {
        let u = pos.unit(q);
        let at = u
            .loc
            .square()
            .map_or_else(String::new, |s| format!(" on {s}"));
        (sq, format!("double of the {} Queen{at}", u.side))
    })
}

/// The doubles of `side`'s Queens: square and Queen.
pub fn of_side(pos: &Fc11Position, side: Side) -> impl Iterator<Item = (Square, UnitId)> + '_ {
    all(pos).filter(move |&(_, q)| pos.unit(q).side == side)
}

/// The square of the double of the Queen `queen`, if she has one.
pub fn of(pos: &Fc11Position, queen: UnitId) -> Option<Square> {
    all(pos).find(|&(_, q)| q == queen).map(|(sq, _)| sq)
}

/// Removes the double of the Queen `queen`, if any (FC11-QUEN-05: her death, or her next
/// move through [`place`]).
pub fn remove(pos: &mut Fc11Position, queen: UnitId, events: &mut dyn EventSink) {
    let Some(sq) = of(pos, queen) else { return };
    let rest: frozen_core::Effects = pos
        .square_effects(sq)
        .map(|l| l.iter().filter(|e| !is_double(e)).cloned().collect())
        .unwrap_or_default();
    pos.set_effects(sq, (!rest.is_empty()).then_some(rest));
    if events.wants() {
        events.push(Event::Note(format!("the Queen's double on {sq} is gone")));
    }
}

/// The Queen `queen` has moved off `from`: her older double goes and a new one stands on
/// `from` (FC11-QUEN-05, FC11-TURN-16 step 2), whatever tomb lies there (FC11-QUEN-07).
pub fn place(pos: &mut Fc11Position, queen: UnitId, from: Square, events: &mut dyn EventSink) {
    remove(pos, queen, events);
    let side = pos.unit(queen).side;
    let e = Effect {
        kind: DOUBLE,
        owner: Some(queen),
        side: Some(side),
        dir: None,
        left: 0,
        link: None,
    };
    let mut list: frozen_core::Effects = pos.square_effects(from).cloned().unwrap_or_default();
    if list.is_empty() {
        list = smallvec![e];
    } else {
        list.push(e);
    }
    pos.set_effects(from, Some(list));
    if events.wants() {
        events.push(Event::Note(format!("the Queen's double stands on {from}")));
    }
}
