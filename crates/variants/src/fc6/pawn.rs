//! Pawns (FC6-PAWN-01..04; movement FC6-MOVE-04).
//!
//! * FC6-PAWN-01: Piece Promotion: a pawn that captures a non-pawn unit at once becomes a
//!   unit of the captured kind, with the default range and its paralysis kept
//!   ([`promote_by_capture`]).
//! * FC6-PAWN-02: Last-rank promotion: a pawn ending its own leg on its far rank (rank 16
//!   for White, rank 1 for Black) promotes by its owner's choice to R, N, B, D, J, C, T or
//!   Q; the choice is part of the action (`e15e16=Q`). Promotion is compulsory. A pawn
//!   that an enemy action puts there (a rook push; a rotation never can, FC6-ROTA-09)
//!   promotes at the start of its owner's next turn, before the owner acts: while the
//!   side to move has such a pawn and no turn is in progress, its only actions are the
//!   promotion choices `act:e16=Q` ([`owed_promotions`]). The choice does not pass the
//!   turn; the owner then plays the turn as usual.
//! * FC6-PAWN-03: promoted pawns count as lost for the pawn-loss rule ([`pawn_count`]
//!   counts units of kind pawn).
//! * FC6-PAWN-04: pawns cannot empower or be empowered ([`super::empower`]), cannot
//!   SwapShot and cannot become shadows; they can be guarded.
//!
//! Uses: [`super::base`].

use super::base::{
    Fc6Position, BISHOP, CHANCELLOR, DEFAULT_RANGE, DRAGON, JESTER, KNIGHT, PAWN, QUEEN, ROOK,
    TEMPLAR,
};
use frozen_core::{Action, ActionKind, Bitboard, Event, EventSink, Kind, Side, Square, UnitId};

/// The kinds a pawn may promote to on its far rank, in listing order (FC6-PAWN-02).
pub const PROMOTION_KINDS: [Kind; 8] = [
    ROOK, KNIGHT, BISHOP, DRAGON, JESTER, CHANCELLOR, TEMPLAR, QUEEN,
];

/// True if `sq` is `side`'s far rank (FC6-SETU-07).
#[inline]
pub fn on_far_rank(side: Side, sq: Square) -> bool {
    match side {
        Side::White => sq.rank() == 15,
        Side::Black => sq.rank() == 0,
    }
}

/// The squares of `side`'s pawns standing on their far rank: each owes its promotion at
/// the start of `side`'s turn (FC6-PAWN-02).
pub fn owed(pos: &Fc6Position, side: Side) -> Bitboard {
    let far = match side {
        Side::White => pos.shape().rank_mask(15),
        Side::Black => pos.shape().rank_mask(0),
    };
    pos.pieces(side, PAWN) & far
}

/// The promotion choices owed by the side to move at the start of its turn, one action
/// per pawn and kind (`act:e16=Q`, FC6-PAWN-02). Returns false (and lists nothing) when
/// none is owed.
pub fn owed_promotions(pos: &Fc6Position, out: &mut Vec<Action>) -> bool {
    if pos.state().turn.is_some() {
        return false;
    }
    let squares = owed(pos, pos.to_move());
    for sq in squares.iter() {
        for k in PROMOTION_KINDS {
            out.push(Action::new(ActionKind::Act, &[sq]).with_piece(k));
        }
    }
    squares.any()
}

/// True if `a` has the shape of an owed promotion choice (`act:<square>=<kind>`).
pub fn is_promotion_choice(a: &Action) -> bool {
    a.kind == ActionKind::Act && a.path.len() == 1 && a.piece.is_some()
}

/// Number of pawns `side` has on the board (FC6-PAWN-03, FC6-VICT-01).
pub fn pawn_count(pos: &Fc6Position, side: Side) -> u32 {
    pos.pieces(side, PAWN).count()
}

/// Turns a unit into `to` with the default range (a new piece, FC6-CAPT-07) and
/// reports it.
pub fn promote(pos: &mut Fc6Position, id: UnitId, to: Kind, events: &mut dyn EventSink) {
    let from = pos.unit(id).kind;
    pos.set_kind(id, to);
    pos.update_status(id, |st| st.range = DEFAULT_RANGE);
    if events.wants() {
        events.push(Event::Promoted { unit: id, from, to });
    }
}

/// Piece Promotion (FC6-PAWN-01): a pawn that captured a non-pawn becomes its kind.
pub fn promote_by_capture(
    pos: &mut Fc6Position,
    id: UnitId,
    victim_kind: Kind,
    events: &mut dyn EventSink,
) {
    if pos.unit(id).kind == PAWN && victim_kind != PAWN {
        promote(pos, id, victim_kind, events);
    }
}
