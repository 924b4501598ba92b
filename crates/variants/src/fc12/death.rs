//! Death squares (F12-DETH-01..05), kept on mark layer 0.
//!
//! * F12-DETH-01: every square where a unit is captured (displacement, Knight's
//!   Leap, jester blast) becomes a death square for good ([`mark`]).
//! * F12-DETH-02/03: a unit that lands on a death square by a leg or a push dies,
//!   also when it lands by capturing the unit standing there; the capturer that
//!   made the square is safe (the square is marked after its capture). Swaps and
//!   King's Exchange do not land ([`super::double_move::leg`]).
//! * F12-DETH-04: a slide that passes over a death square paralyses the unit for
//!   2 owner turns and ends the double move ([`crossed`]).
//! * F12-DETH-05: deaths without capture (push-off, landing on a death square,
//!   King's Exchange) make no new death square.

use super::{Fc12, Fc12Position};
use frozen_core::{Event, EventSink, Square};

/// The mark layer of death squares.
pub const LAYER: usize = 0;

/// True if `sq` is a death square (pending or live).
pub fn is_death(pos: &Fc12Position, sq: Square) -> bool {
    pos.marks(LAYER).contains(sq)
}

/// Makes `sq` a death square (F12-DETH-01); reports it if new.
pub fn mark(pos: &mut Fc12Position, sq: Square, events: &mut dyn EventSink) {
    if !is_death(pos, sq) {
        pos.set_mark(LAYER, sq, true);
        if events.wants() {
            events.push(Event::Marked {
                at: sq,
                layer: LAYER as u8,
            });
        }
    }
}

/// True if a slide from `s` to `t` passes over a death square (F12-DETH-04).
/// Leaps and steps have no path squares.
pub fn crossed(fc: &Fc12, pos: &Fc12Position, s: Square, t: Square) -> bool {
    (super::movement::path_squares(fc, s, t) & pos.marks(LAYER)).any()
}
