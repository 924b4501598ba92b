//! The kinds of fc6's listed actions for random play ([`frozen_core::Rules::action_kind`]).
//!
//! Why: since block rotations (FC6-ROTA-01) a middle-game position lists 500 to 1,500
//! actions, most of them rotations, so uniform random play made almost only rotations and
//! rarely met respawns, Paralyses or rook pushes. Random play (the harness, the soak, the
//! proptest strategies, the `frozen play` random opponent) picks one of the kinds below
//! uniformly among those present, then an action of that kind uniformly, so each sort of
//! decision a player has is tried about as often as any other, however many actions of it
//! the position lists. This changes nothing about legality.
//!
//! | Kind | Actions |
//! |---|---|
//! | [`LEG`] | a leg onto an empty square (plain, bounced, a pawn's promotion), and ending a turn early (`end`) |
//! | [`CAPTURE`] | a leg onto a unit, or a Knight's Leap capture (FC6-KNIG-01) |
//! | [`PUSH`] | a rook's push (FC6-ROOK-01) |
//! | [`SPECIAL`] `+ code` | each special move by name ([`super::notation::Special`]: Conversion, Paralyse, shadowing, de-shadowing, rotation, and any later one), and the owed promotion (code 0) |
//! | [`OTHER`] `+ index` | every other action by its core kind ([`ActionKind::ALL`]): SwapShot and Teleswap (`swap`), the King's Exchange (`exchange`), respawn (`drop`) |
//!
//! An action of a sort this module does not know falls into the kind of its core
//! [`ActionKind`] (or of its special code), so new moves get a kind of their own without
//! a change here. Uses: [`super::base`], [`super::knight`], [`super::notation`],
//! [`super::rook`].

use super::base::{Fc6Position, ROOK};
use super::knight::is_leap_capture;
use super::notation::special;
use super::rook::ortho_dir;
use frozen_core::{Action, ActionKind};

/// A leg onto an empty square.
pub const LEG: u8 = 0;
/// A leg onto a unit, or a Knight's Leap capture.
pub const CAPTURE: u8 = 1;
/// A rook's push.
pub const PUSH: u8 = 2;
/// The first kind of the special moves: `SPECIAL + code` (codes 0..15).
pub const SPECIAL: u8 = 16;
/// The first kind of the other actions: `OTHER + ` the core kind's place in
/// [`ActionKind::ALL`].
pub const OTHER: u8 = 32;

/// The kind of the listed action `a` in `pos` (see the module text).
pub fn kind(pos: &Fc6Position, a: &Action) -> u8 {
    if a.kind == ActionKind::Move {
        return leg_kind(pos, a);
    }
    if a.kind == ActionKind::End {
        // Ending a turn early is one more choice among the plain legs, so random turns
        // keep their length (a kind of its own would end half the double moves and
        // marches after their first leg).
        return LEG;
    }
    if a.kind == ActionKind::Act {
        // The special's code (the low 4 bits of `arg`), 0 for the owed promotion.
        let code = special(a).map_or(a.arg & 0xf, |s| s.code());
        return SPECIAL + code as u8;
    }
    let place = ActionKind::ALL
        .iter()
        .position(|&k| k == a.kind)
        .unwrap_or(0);
    OTHER + place as u8
}

fn leg_kind(pos: &Fc6Position, a: &Action) -> u8 {
    let path = &a.path[..];
    if let [s, t, e] = path {
        let pushes = pos.piece_at(*s).is_some_and(|(k, _)| k == ROOK)
            && ortho_dir(*s, *t).is_some_and(|d| t.step(d) == Some(*e));
        if pushes {
            return PUSH;
        }
        if is_leap_capture(pos, path) {
            return CAPTURE;
        }
    }
    match path.last() {
        Some(&to) if pos.unit_at(to).is_some() => CAPTURE,
        _ => LEG,
    }
}
