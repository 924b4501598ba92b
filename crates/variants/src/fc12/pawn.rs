//! Pawns: promotion and the pawn rules (F12-PAWN-01..03; movement F12-MOVE-02).
//!
//! * F12-PAWN-01: a pawn that ends a leg alive on its far rank promotes at once, by
//!   the mover's choice, to knight, bishop, rook, queen, dragon or jester
//!   (`e11e12=Q`); this ends the turn (ruling). A pawn put there by a swap
//!   promotes with the swap (`swap:e11e12=Q`). A pawn pushed there by the enemy
//!   promotes at the start of its owner's next turn: a pending decision answered
//!   by `act:<square>=<letter>` before the normal action.
//! * F12-PAWN-02: a pawn capturing a non-pawn becomes that kind at once
//!   ([`super::double_move::leg`]); taking a jester it becomes a jester and dies
//!   in the blast.
//! * F12-PAWN-03: promoted pawns are lost for the pawn-loss rule ([`pawn_count`]
//!   counts units of kind pawn); pawns never empower or guard
//!   ([`super::empower`]).

use super::{Fc12Position, BISHOP, DRAGON, JESTER, KNIGHT, PAWN, PENDING_PROMOTION, QUEEN, ROOK};
use frozen_core::{
    Action, ActionKind, Bitboard, BySide, EventSink, Kind, Pending, PendingList, Side, Square,
};

/// The kinds a pawn may promote to, in the order actions are listed.
pub const PROMOTION_KINDS: [Kind; 6] = [KNIGHT, BISHOP, ROOK, QUEEN, DRAGON, JESTER];

/// True if `sq` is `side`'s far rank (12 for White, 1 for Black; F12-SETU-04).
pub fn on_far_rank(side: Side, sq: Square) -> bool {
    match side {
        Side::White => sq.rank() == 11,
        Side::Black => sq.rank() == 0,
    }
}

/// Pushes `a`, or one copy per promotion kind if `promote`.
pub fn push_with_promotions(a: Action, promote: bool, out: &mut Vec<Action>) {
    if promote {
        for k in PROMOTION_KINDS {
            out.push(a.clone().with_piece(k));
        }
    } else {
        out.push(a);
    }
}

/// The far ranks: rank 12 for White, rank 1 for Black.
const FAR_RANKS: BySide<Bitboard> =
    BySide([Bitboard::rect(0, 12, 11, 12), Bitboard::rect(0, 12, 0, 1)]);

/// Number of pawns `side` has on the board (promoted pawns are not pawns).
pub fn pawn_count(pos: &Fc12Position, side: Side) -> u32 {
    pos.pieces(side, PAWN).count()
}

/// The promotion choices owed by `side`: its pawns on its far rank, in scan order.
pub fn pending_for(pos: &Fc12Position, side: Side) -> PendingList {
    let owed = pos.pieces(side, PAWN) & FAR_RANKS[side];
    if owed.is_empty() {
        return PendingList::new();
    }
    owed.iter()
        .filter(|&sq| on_far_rank(side, sq))
        .map(|sq| Pending {
            side,
            kind: PENDING_PROMOTION,
            unit: pos.unit_at(sq),
            square: Some(sq),
            data: 0,
        })
        .collect()
}

/// The choices for the first pending promotion: `act:<sq>=<letter>`.
pub fn choices(pending: &Pending, out: &mut Vec<Action>) {
    if let Some(sq) = pending.square {
        push_with_promotions(Action::new(ActionKind::Act, &[sq]), true, out);
    }
}

/// Performs a promotion choice (F12-PAWN-01) and drops the pending entry.
pub fn choose(pos: &mut Fc12Position, a: &Action, events: &mut dyn EventSink) {
    let (Some(sq), Some(k)) = (a.from(), a.piece) else {
        return;
    };
    if let Some(id) = pos.unit_at(sq) {
        promote(pos, id, k, events);
    }
    let rest: PendingList = pos
        .pending()
        .iter()
        .filter(|p| p.square != Some(sq))
        .cloned()
        .collect();
    pos.set_pending(rest);
}

/// Changes a unit's kind and reports it.
pub fn promote(
    pos: &mut Fc12Position,
    id: frozen_core::UnitId,
    to: Kind,
    events: &mut dyn EventSink,
) {
    crate::frozen_family::promotion::promote(pos, id, to, events);
}
