//! Swap places (F12-SWAP-01, F12-SWAP-02).
//!
//! Instead of a move, an unparalysed non-king unit trades squares with a friendly
//! non-king unit whose square it reaches with one leg of its current patterns
//! (native, empowered or borrowed; reach only — the reach limit is a ruling). The
//! partner may be paralysed; same-kind swaps are allowed; a swap captures nothing,
//! is never part of a double move, crosses nothing and never kills on a death
//! square. Written `swap:<acting unit><partner>`; a pawn put on its far rank
//! promotes with the swap (`swap:e11e12=Q`).

use super::pawn::{on_far_rank, push_with_promotions};
use super::{Fc12, Fc12Position, KING, PAWN};
use crate::frozen_family::swap as family_swap;
use frozen_core::{Action, ActionKind, Bitboard, EventSink, Square, UnitId};

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

/// Performs a swap (F12-SWAP-02), with the promotion it carries (the family's swap,
/// [`crate::frozen_family::swap`]).
pub fn perform(fc: &Fc12, pos: &mut Fc12Position, a: &Action, events: &mut dyn EventSink) {
    family_swap::perform(pos, &fc.promotion, a, events);
}
