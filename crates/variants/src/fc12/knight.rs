//! Knight leap paths and Knight's Leap capture (F12-MOVE-09, F12-KNIG-01, F12-KNIG-02).
//!
//! A knight-pattern leap to (2a, b) (a, b = ±1) has two leap paths,
//! {(a, 0), (2a, 0)} and {(0, b), (a, b)}; a leap to (a, 2b) likewise with the axes
//! swapped (F12-MOVE-09). A knight leaping to an empty square may capture one enemy
//! on any of the 4 leap-path squares instead of a displacement capture
//! (F12-KNIG-01); on either leg of a double move, ending the turn; the victim's
//! square becomes a death square; kind immunity and Guards apply (F12-KNIG-02).
//! The action is written `<from><victim><to>`, e.g. `b1b2c3`. The leap paths are the
//! family's ([`crate::frozen_family::leap_paths`]).

use super::capture::refusal;
use super::{Fc12, Fc12Position, KNIGHT};
use frozen_core::{Action, Square, UnitId};

pub use crate::frozen_family::leap_paths::leap_paths;

/// Knight's Leap captures of knight `id` leaping from `s` to the empty square `t`:
/// one action per capturable enemy on a leap-path square (F12-KNIG-01/02).
pub fn leap_captures(
    fc: &Fc12,
    pos: &Fc12Position,
    id: UnitId,
    s: Square,
    t: Square,
    out: &mut Vec<Action>,
) {
    let side = pos.unit(id).side;
    for path in leap_paths(s, t) {
        for v in path {
            if let Some(vid) = pos.unit_at(v) {
                if refusal(fc, pos, KNIGHT, side, vid).is_none() {
                    out.push(Action::new(frozen_core::ActionKind::Move, &[s, v, t]));
                }
            }
        }
    }
}
