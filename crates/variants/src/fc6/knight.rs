//! The knight's abilities: Knight's Leap capture and Knight's March (FC6-KNIG-01..07).
//!
//! * FC6-KNIG-01: a knight making a knight-pattern leap to a square with no unit, no wall
//!   and no tomb may capture one enemy unit standing on one of that leap's 4 leap-path
//!   squares (FC6-MOVE-14), instead of a displacement capture. Landing on a trap is
//!   allowed. Written `<from><victim><to>` ([`leap_captures`]).
//! * FC6-KNIG-02: a leap capture is a capture for every purpose: kind immunity, Guards, the
//!   Templar Shield (judged from the knight's start square), Queen's Poison
//!   ([`super::capture::refusal`], [`super::queen`]); it is also an attack: the knight
//!   attacks every square it could take that way ([`leap_attacks`], used by
//!   [`super::attack::attacks`], so it gives check and lays Siege).
//! * FC6-KNIG-03: leap captures are allowed on the last leg of a double move or march;
//!   every capture ends the turn, so a knight's turn holds at most one capture.
//! * FC6-KNIG-04: Knight's March: up to 4 knight-pattern legs in one turn; a capture
//!   (displacement or leap) only on legs 1-3, and it ends the turn; leg 4 never captures
//!   ([`super::double_move`], [`super::turn::candidates`]).
//! * FC6-KNIG-05: the price of a march: 2 legs 1 turn of paralysis, 3 or 4 legs 2 turns
//!   ([`super::double_move::price`]).
//! * FC6-KNIG-06: a march obeys every double-move limit: Siege forbids it, a leg that
//!   captures or gives check is the last, walls are made when the turn ends.
//! * FC6-KNIG-07: both abilities belong to the knight kind and use only its own knight
//!   leap: not a queen's or dragon's knight move, not a borrowed pattern. A knight leg
//!   made with a borrowed pattern makes the turn a plain double move (2 legs at most).
//!
//! Uses: [`super::base`].

use super::base::{Fc6Position, KNIGHT};
use crate::frozen_family::leap_paths::{is_knight_offset, leap_paths, KNIGHT_DELTAS};
use frozen_core::{Action, ActionKind, Bitboard, Square};

/// Legs a knight's march may have (FC6-KNIG-04).
pub const MARCH_LEGS: u8 = 4;

/// The landing squares of the knight on `s` that allow a leap capture: a knight leap away,
/// no unit, no wall, no tomb (FC6-KNIG-01). `occ` holds the units.
fn landings(pos: &Fc6Position, occ: Bitboard, s: Square) -> impl Iterator<Item = Square> + '_ {
    let walls = pos.walls().mask();
    KNIGHT_DELTAS.iter().filter_map(move |&(df, dr)| {
        let t = s.offset(i32::from(df), i32::from(dr))?;
        (!occ.contains(t) && !walls.contains(t) && pos.tomb(t).is_none()).then_some(t)
    })
}

/// Appends the Knight's Leap captures of the knight on `s` (FC6-KNIG-01/02): `[s, v, t]`
/// for each landing square `t` and each unit `v` on its leap paths that `may_take(v)`
/// allows (the capture rules judged from `s`, [`super::capture::refusal`]).
pub fn leap_captures(
    pos: &Fc6Position,
    s: Square,
    may_take: &dyn Fn(Square) -> bool,
    out: &mut Vec<Action>,
) {
    let occ = pos.occupied();
    for t in landings(pos, occ, s) {
        for path in leap_paths(s, t) {
            for v in path {
                if occ.contains(v) && may_take(v) {
                    out.push(Action::new(ActionKind::Move, &[s, v, t]));
                }
            }
        }
    }
}

/// True if the knight on `s` attacks `t` by a Knight's Leap capture (FC6-KNIG-02): some
/// landing square has `t` on one of its leap paths. `t` is judged as if an enemy stood
/// there.
pub fn leap_attacks(pos: &Fc6Position, s: Square, t: Square) -> bool {
    let df = t.file().abs_diff(s.file());
    let dr = t.rank().abs_diff(s.rank());
    if df > 2 || dr > 2 || (df == 2 && dr == 2) || (df == 0 && dr == 0) {
        return false;
    }
    let occ = pos.occupied().with(t);
    landings(pos, occ, s).any(|l| leap_paths(s, l).iter().flatten().any(|&q| q == t))
}

/// True if the action path `[s, v, t]` is a Knight's Leap capture of the knight on `s`:
/// `t` a knight leap away and `v` on one of its leap paths.
pub fn is_leap_capture(pos: &Fc6Position, path: &[Square]) -> bool {
    let [s, v, t] = path else { return false };
    pos.piece_at(*s).is_some_and(|(k, _)| k == KNIGHT)
        && is_knight_offset(*s, *t)
        && leap_paths(*s, *t).iter().flatten().any(|q| q == v)
}
