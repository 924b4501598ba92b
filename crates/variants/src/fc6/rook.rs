//! Tower (FC6-ROOK-09). Siege (FC6-ROOK-08) is in [`super::siege`]; Rook Push and the
//! double push come with the later parts of FC6.
//!
//! * FC6-ROOK-09: a unit that empowers a rook (it is the rook's single counted protector,
//!   FC6-EMPW-02) gains rook movement and capture, using the rook's current range. Kings
//!   and pawns never empower, so they never get Tower.
//!
//! Uses: [`super::base`], [`super::empower`], [`super::movement`].

use super::base::{Fc6Position, P_ORTHO, ROOK};
use super::empower::Analysis;
use super::movement::Grant;
use frozen_core::Square;
use smallvec::SmallVec;

/// The Tower grants of the unit on `sq`: one orthogonal slide with each rook's range for
/// every friendly rook it empowers.
pub fn tower(an: &Analysis, pos: &Fc6Position, sq: Square) -> SmallVec<[Grant; 2]> {
    let mut out = SmallVec::new();
    let Some((_, side)) = pos.piece_at(sq) else {
        return out;
    };
    for r in pos.pieces(side, ROOK).iter() {
        if an.empowerer(pos, r).is_some_and(|p| p.at == sq) {
            if let Some(id) = pos.unit_at(r) {
                out.push(Grant {
                    pats: P_ORTHO,
                    range: pos.unit(id).status.range,
                });
            }
        }
    }
    out
}
