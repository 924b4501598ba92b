//! Multi-leg turns: the double move and the turn in progress (FC6-DBLM-01..11), with the
//! knight's march limits of FC6-KNIG-04..06.
//!
//! Engine model: each leg is one action. A leg that may be followed by another stores the
//! turn in progress in the position ([`TurnState`]: the unit, its legs, the walls and traps
//! its legs owe): it is real state, hashed and saved, and undo restores it. Then the same
//! unit makes the next leg, or the player plays `end`. A leg that ends the turn (or `end`)
//! settles it at once ([`settle`]).
//!
//! * FC6-DBLM-01: any unit, pawns and king included, may make two legs in one turn; the
//!   price is paralysis during its owner's next turn, a cost that always applies
//!   ([`price`]).
//! * FC6-DBLM-02: a leg that captures (Knight's Leap included) or leaves the enemy king in
//!   check is the last leg of the turn; so leg 1 of a double move is plain, and the last
//!   leg may capture or give check. The only action allowed on leg 1 is the rook push
//!   (FC6-ROOK-07).
//! * FC6-DBLM-03: each leg may use a different pattern of the unit (candidates are listed
//!   afresh for every leg).
//! * FC6-DBLM-04: each leg may use up to the unit's current range.
//! * FC6-DBLM-05: a unit under Siege when its turn starts makes one leg only
//!   ([`LegOutcome::may_go_on`], [`super::siege`]).
//! * FC6-DBLM-06: a king makes no further leg while it stands on an attacked square; with
//!   the self-harm test, neither leg of a king's double move ends on an attacked square
//!   ([`super::turn::candidates`]). King's Check is never part of a double move: only a
//!   king's first leg may make it, and a leg that made it ends the turn
//!   ([`LegOutcome::kings_check`]).
//! * FC6-DBLM-07: Empower, Tower and Power Steal are re-checked at the start of each leg.
//! * FC6-DBLM-08: if leg 1 leaves the unit dead (an ARMED tomb, an explosion) or
//!   paralysed (an enemy trap, or an enemy jester's 3x3), the turn ends after leg 1 and
//!   no price is charged (the price needs the unit on the board, [`settle`]).
//! * FC6-DBLM-09: tomb crossing on leg 1 does not end the turn; the turn remembers it
//!   ([`TurnState::crossed`]) and [`settle`] records its paralysis once, when the turn
//!   ends, after the price.
//! * FC6-DBLM-10: walls and traps of every square left or passed during the turn are made
//!   when the turn ends ([`settle`]), so leg 2 may cross or end on squares used by leg 1,
//!   its start square included; a square the unit ends on gets no wall. Until then those
//!   squares count as walled for the tombs on them ([`super::tomb::left_by_legs`]): such
//!   a tomb stays PENDING, so leg 2 crosses it without paralysis and may end on it.
//! * FC6-DBLM-11: the double move is optional: `end` after leg 1 ends the turn, and a turn
//!   of one leg costs nothing. A pawn leg to the far rank promotes and ends the turn.
//!
//! Legality (FC6-TURN-03) is the family's whole-turn search with at most [`legs_left`]
//! further legs (1 in a double move, at most 3 in a march). Uses: [`super::base`],
//! [`super::walls`], [`super::trap`], [`super::tomb`], [`super::paralysis`].

use super::base::KNIGHT;
use super::base::{DueWall, Fc6Position, TurnState, DUE_INLINE};
use super::knight::MARCH_LEGS;
use super::paralysis::{paralyze, Paralysis};
use super::{tomb, trap, walls};
use frozen_core::{Bitboard, EventSink, Problem, ProblemKind};
use smallvec::SmallVec;

/// Legs of a double move (FC6-DBLM-01).
pub const DOUBLE_LEGS: u8 = 2;

/// The paralysis price of a turn of `legs` legs (FC6-DBLM-01, FC6-KNIG-05): none for one
/// leg, 1 for two, 2 for three or four (a knight's march).
pub fn price(legs: u8) -> u32 {
    match legs {
        0 | 1 => 0,
        2 => 1,
        _ => 2,
    }
}

/// The most legs the turn in progress may have: 4 while it is a knight's march, else 2.
pub fn max_legs(t: &TurnState) -> u8 {
    if t.march {
        MARCH_LEGS
    } else {
        DOUBLE_LEGS
    }
}

/// Further legs the turn in progress may still have (0 between turns): the bound of the
/// whole-turn legality search (at most 3).
pub fn legs_left(pos: &Fc6Position) -> u32 {
    pos.state()
        .turn
        .as_ref()
        .map_or(0, |t| u32::from(max_legs(t).saturating_sub(t.legs)))
}

/// What a leg just made says about going on. The turn goes on after it only if every
/// condition holds (FC6-DBLM-02, -05, -08, -11, FC6-KNIG-04, FC6-ROOK-07).
#[derive(Copy, Clone, Debug, Default)]
pub struct LegOutcome {
    /// The unit may make more than one leg this turn (no Siege when the turn started, not
    /// White's first action).
    pub may_double: bool,
    /// The leg captured.
    pub captured: bool,
    /// A unit died in the leg (the mover, or a unit pushed off the board).
    pub death: bool,
    /// The leg promoted a pawn.
    pub promoted: bool,
    /// The mover is paralysed after the leg (a trap, a jester's presence).
    pub paralysed: bool,
    /// The leg leaves the enemy king in check.
    pub check: bool,
    /// The leg was a King's Check that killed attackers (FC6-KING-01, FC6-DBLM-06).
    pub kings_check: bool,
}

impl LegOutcome {
    /// True if nothing in the leg ends the turn.
    pub fn may_go_on(&self) -> bool {
        self.may_double
            && !self.captured
            && !self.death
            && !self.promoted
            && !self.paralysed
            && !self.check
            && !self.kings_check
    }
}

/// Ends the turn `t` (FC6-TURN-06 step 3): the jester's traps, then the walls of its due
/// squares (squares holding a unit or a trap get none, tomb squares get theirs; a square
/// walled twice keeps the later end), then the price, then tomb-crossing paralysis
/// (FC6-TOMB-05, FC6-DBLM-09), once for the whole turn. Clears the turn in progress.
pub fn settle(pos: &mut Fc6Position, t: &TurnState, events: &mut dyn EventSink) {
    let (mover, legs, due) = (t.mover, t.legs, &t.due);
    if pos.state().turn.is_some() {
        pos.update_state(|s| s.turn = None);
    }
    let traps = trap::make(pos, mover, due, events);
    // Each square's wall: the longest one owed, the first of equals (a square walled
    // twice keeps the later end). Then one call per (duration, kind), so each group is
    // reported once; `make_coded` skips squares holding a unit or a trap.
    let mut best: SmallVec<[(frozen_core::Square, u8, u8); DUE_INLINE]> = SmallVec::new();
    for d in due {
        if traps.contains(d.sq) {
            continue;
        }
        match best.iter_mut().find(|(q, _, _)| *q == d.sq) {
            Some(b) if b.1 < d.turns => *b = (d.sq, d.turns, d.code),
            Some(_) => {}
            None => best.push((d.sq, d.turns, d.code)),
        }
    }
    let mut groups: SmallVec<[(u8, u8, Bitboard); 4]> = SmallVec::new();
    for &(sq, turns, code) in &best {
        let d = DueWall {
            sq,
            turns,
            code,
            start: false,
        };
        match groups
            .iter_mut()
            .find(|(t, c, _)| (*t, *c) == (d.turns, d.code))
        {
            Some(g) => g.2.set(d.sq),
            None => groups.push((d.turns, d.code, Bitboard::EMPTY.with(d.sq))),
        }
    }
    for (turns, code, squares) in groups {
        walls::make_coded(pos, mover, squares, u32::from(turns), code, events);
    }
    let n = price(legs);
    if n > 0 && pos.unit(mover).loc.on_board() {
        paralyze(pos, mover, n, Paralysis::Cost, events);
    }
    if t.crossed {
        tomb::crossing_paralysis(pos, mover, events);
    }
}

/// Set-up checks of a turn in progress read from RON: its unit stands on the board and
/// belongs to the side to act, its legs leave room for another, a march is a knight's,
/// and every owed wall has a duration of 1..=5 turns and a known leg code.
pub fn validate(pos: &Fc6Position, out: &mut Vec<Problem>) {
    let Some(t) = &pos.state().turn else { return };
    let mut bad = |msg: String| out.push(Problem::new(ProblemKind::Rule, "state.turn", msg));
    let Some(u) = pos.get_unit(t.mover) else {
        bad(format!("the turn's unit {} does not exist", t.mover.0));
        return;
    };
    if !u.loc.on_board() {
        bad(format!("the turn's unit {} is not on the board", t.mover.0));
    }
    if u.side != pos.to_move() {
        bad(format!(
            "the turn's unit {} belongs to {}, but {} acts",
            t.mover.0,
            u.side,
            pos.to_move()
        ));
    }
    if t.march && u.kind != KNIGHT {
        bad("only a knight marches (FC6-KNIG-04)".into());
    }
    if t.legs == 0 || t.legs >= max_legs(t) {
        bad(format!(
            "a turn in progress has made 1..{} legs, not {} (FC6-DBLM-01, FC6-KNIG-04)",
            max_legs(t) - 1,
            t.legs
        ));
    }
    if pos.state().first_move {
        bad("White's first action is one leg (FC6-FRST-01)".into());
    }
    if pos.result().is_some() {
        bad("the game is over, so no turn is in progress".into());
    }
    for d in &t.due {
        if !(1..=5).contains(&d.turns) || !(1..=4).contains(&d.code) {
            bad(format!(
                "the wall due on {} needs 1..=5 turns and a leg code 1..=4 (FC6-WALL-03)",
                d.sq
            ));
        }
    }
}
