//! Swap places (F12-SWAP-01, F12-SWAP-02).
//!
//! Instead of a move, an unparalysed non-king unit trades squares with a friendly
//! non-king unit whose square it reaches with one leg of its current patterns
//! (native, empowered or borrowed; reach only — the reach limit is a ruling). The
//! partner may be paralysed; same-kind swaps are allowed; a swap captures nothing,
//! is never part of a double move, crosses nothing and never kills on a death
//! square. Written `swap:<acting unit><partner>`; a pawn put on its far rank
//! promotes with the swap (`swap:e11e12=Q`).

use super::pawn::{on_far_rank, promote, push_with_promotions};
use super::{Fc12Position, KING, PAWN};
use frozen_core::{Action, ActionKind, Bitboard, Event, EventSink, Location, Square, UnitId};

/// Swap candidates of unit `id` on `s` with the friends in `reach` (F12-SWAP-01).
pub fn swaps(pos: &Fc12Position, id: UnitId, s: Square, reach: Bitboard, out: &mut Vec<Action>) {
    let u = pos.unit(id);
    if u.kind == KING {
        return;
    }
    for t in (reach & pos.side_bb(u.side)).iter() {
        let Some((pk, _)) = pos.piece_at(t) else {
            continue;
        };
        if pk == KING {
            continue;
        }
        let promote =
            (u.kind == PAWN && on_far_rank(u.side, t)) || (pk == PAWN && on_far_rank(u.side, s));
        push_with_promotions(Action::new(ActionKind::Swap, &[s, t]), promote, out);
    }
}

/// Performs a swap (F12-SWAP-02), with the promotion it carries.
pub fn perform(pos: &mut Fc12Position, a: &Action, events: &mut dyn EventSink) {
    let (Some(s), Some(t)) = (a.from(), a.to()) else {
        return;
    };
    let (Some(x), Some(y)) = (pos.unit_at(s), pos.unit_at(t)) else {
        return;
    };
    pos.relocate(x, Location::Dead);
    pos.move_unit(y, s);
    pos.move_unit(x, t);
    if events.wants() {
        events.push(Event::Swapped { a: x, b: y });
    }
    if let Some(k) = a.piece {
        for (id, sq) in [(x, t), (y, s)] {
            let u = pos.unit(id);
            if u.kind == PAWN && on_far_rank(u.side, sq) {
                promote(pos, id, k, events);
            }
        }
    }
}
