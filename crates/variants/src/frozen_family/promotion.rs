//! Promotion choices and the far rank (F12-PAWN-01; FC6 and FC11 PAWN rows).
//!
//! Owns: which kinds a pawn may become, where its far rank is, listing one action per
//! choice, and the change of kind with its event. When a promotion happens is each
//! game's rule. Uses: the core position.

use frozen_core::{Action, Event, EventSink, Kind, Position, Side, Square, UnitId, VariantState};
use smallvec::SmallVec;

/// A game's promotion: the pawn kind, the kinds it may become (in listing order), and the
/// board height that puts the far ranks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromotionRule {
    /// The pawn kind.
    pub pawn: Kind,
    /// The choices, in the order actions are listed.
    pub choices: SmallVec<[Kind; 8]>,
    /// Number of ranks of the board.
    pub ranks: u8,
}

impl PromotionRule {
    /// True if `sq` is `side`'s far rank (the last rank for White, the first for Black).
    #[inline]
    pub fn on_far_rank(&self, side: Side, sq: Square) -> bool {
        match side {
            Side::White => sq.rank() + 1 == self.ranks,
            Side::Black => sq.rank() == 0,
        }
    }

    /// Pushes `a`, or one copy per promotion choice if `promote`.
    pub fn push(&self, a: Action, promote: bool, out: &mut Vec<Action>) {
        if promote {
            for &k in &self.choices {
                out.push(a.clone().with_piece(k));
            }
        } else {
            out.push(a);
        }
    }
}

/// Changes a unit's kind and reports it.
pub fn promote<S: VariantState>(
    pos: &mut Position<S>,
    id: UnitId,
    to: Kind,
    events: &mut dyn EventSink,
) {
    let from = pos.unit(id).kind;
    pos.set_kind(id, to);
    if events.wants() {
        events.push(Event::Promoted { unit: id, from, to });
    }
}
