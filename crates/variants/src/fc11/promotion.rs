//! Promotion (FC11-PAWN-04, FC11-PAWN-05).
//!
//! * FC11-PAWN-04: Piece Promotion: a pawn that captures a non-pawn piece becomes a piece
//!   of that kind at once. It keeps its id, owner and paralysis; if the new kind suffers
//!   CRR it gets the base range of 16 squares and this capture's CRR applies to it
//!   ([`after_move`]).
//! * FC11-PAWN-05: Last-line promotion: a pawn that ends its own action on its owner's far
//!   rank (rank 16 for White, rank 1 for Black, whatever its aim) and is still a pawn
//!   promotes to any kind but King and Pawn, chosen in the action (`e15e16=Q`;
//!   [`PROMOTION_KINDS`]), within the immortal caps: at most 8 Frogs and 8 Ships on the
//!   board and 16 immortals in all ([`allowed`]). In part 1 only the pawn's own action can
//!   put it there; a pawn moved there by the enemy (pull, push, ...) owes its choice at
//!   the start of its owner's next turn, which later parts add as a pending decision.
//!
//! Uses: [`super::capture`] (CRR), the family promotion helpers.

use super::base::{
    Fc11, Fc11Position, ASSASSIN, BALLISTA, BISHOP, CANNON, CHANCELLOR, DRAGON, FROG, JESTER,
    KNIGHT, LANCER, ONAGER, PAWN, QUEEN, ROOK, SHIP, TEMPLAR, TREBUCHET,
};
use super::capture::{apply_crr, has_crr, CrrCount, BASE_RANGE};
use crate::frozen_family::promotion::promote;
use frozen_core::{Action, EventSink, Kind, Location, Side, Square, UnitId};

/// The kinds a pawn may become on its far rank, in the order actions are listed.
pub const PROMOTION_KINDS: [Kind; 16] = [
    QUEEN, ROOK, BISHOP, KNIGHT, LANCER, DRAGON, JESTER, CHANCELLOR, TEMPLAR, FROG, TREBUCHET,
    BALLISTA, SHIP, ONAGER, CANNON, ASSASSIN,
];

/// At most this many Frogs on the board (both colours, cargo included).
pub const MAX_FROGS: usize = 8;
/// At most this many Ships.
pub const MAX_SHIPS: usize = 8;
/// At most this many immortal units (Frogs and Ships).
pub const MAX_IMMORTALS: usize = 16;

/// True if `sq` is `side`'s far rank.
#[inline]
pub fn on_far_rank(fc: &Fc11, side: Side, sq: Square) -> bool {
    fc.promotion.on_far_rank(side, sq)
}

/// True if a new unit of `kind` fits the immortal caps (FC11-PAWN-05).
pub fn allowed(pos: &Fc11Position, kind: Kind) -> bool {
    if kind != FROG && kind != SHIP {
        return true;
    }
    let alive = |k: Kind| {
        pos.units()
            .iter()
            .filter(|u| {
                u.kind == k
                    && matches!(
                        u.loc,
                        Location::Board(_) | Location::Carried { .. } | Location::Fused { .. }
                    )
            })
            .count()
    };
    let (frogs, ships) = (alive(FROG), alive(SHIP));
    let cap = if kind == FROG { MAX_FROGS } else { MAX_SHIPS };
    alive(kind) < cap && frogs + ships < MAX_IMMORTALS
}

/// Pushes the pawn action `a`, or one copy per allowed promotion kind when it ends on the
/// far rank as a pawn (`promote`).
pub fn push(pos: &Fc11Position, a: Action, promote: bool, out: &mut Vec<Action>) {
    if !promote {
        out.push(a);
        return;
    }
    for k in PROMOTION_KINDS {
        if allowed(pos, k) {
            out.push(a.clone().with_piece(k));
        }
    }
}

/// Promotions after the pawn `id`'s own action: Piece Promotion when it captured a piece
/// of kind `victim` (FC11-PAWN-04), else the chosen kind `choice` when it stands on its
/// far rank (FC11-PAWN-05).
pub fn after_move(
    fc: &Fc11,
    pos: &mut Fc11Position,
    id: UnitId,
    victim: Option<Kind>,
    choice: Option<Kind>,
    events: &mut dyn EventSink,
) {
    if pos.unit(id).kind != PAWN {
        return;
    }
    if let Some(k) = victim.filter(|&k| k != PAWN) {
        become_kind(pos, id, k, events);
        apply_crr(pos, id, &[k], CrrCount::EachVictim);
        return;
    }
    let u = pos.unit(id);
    let far = u.loc.square().is_some_and(|sq| on_far_rank(fc, u.side, sq));
    if let (true, Some(k)) = (far, choice) {
        become_kind(pos, id, k, events);
    }
}

/// Changes the pawn's kind, with the new kind's base range and no aim.
fn become_kind(pos: &mut Fc11Position, id: UnitId, to: Kind, events: &mut dyn EventSink) {
    promote(pos, id, to, events);
    let side = pos.unit(id).side;
    pos.update_status(id, |st| {
        st.moved = false;
        st.aim = match to {
            TREBUCHET | ONAGER => Some(frozen_core::Dir::forward(side)),
            _ => None,
        };
        st.range = if has_crr(to) { BASE_RANGE } else { 0 };
    });
}
