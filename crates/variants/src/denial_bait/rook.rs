//! Rooks and rook stacks.
//!
//! Implements DB-ROOK-01 (a rook moves as in FIDE and its riders travel with it),
//! DB-ROOK-02 (any piece that could move to a rook's square may end inside it, on top;
//! a loaded rook entering another merges the stacks; a stack blocks sliders), DB-ROOK-03
//! (riders are protected: only knights capture them), DB-ROOK-04 (any rider may leave with
//! its own movement; a rider rook takes the pieces above it along), DB-ROOK-05 (falls:
//! lowest first, each striking the ground piece, the struck piece's riders falling next,
//! depth-first), DB-ROOK-06 (the capturer of a loaded rook is struck by the first rider),
//! DB-ROOK-07 (pawns inside rooks neither convert, self-capture nor double-move: see
//! `pawn.rs` and `promotion.rs`) and DB-ROOK-08 (check through stacks: the brute-force
//! check of `fide.rs` removes the riding King only through real chains).

use super::base::*;
use super::capture::remove;
use super::context::{Ctx, React, Stop};
use frozen_core::Event;

/// The pieces `fallers` fall onto square `s`, lowest first (DB-ROOK-05). Each strikes the
/// ground piece there (captured if enemy, exiled if own; its riders fall next, depth-first)
/// and becomes the new ground piece.
pub fn fall(b: &mut Board, ctx: &mut Ctx, s: Sq, fallers: &[u8], react: React) -> Result<(), Stop> {
    for &f in fallers {
        let f = f as usize;
        if b.pcs[f].place != Place::Air {
            continue;
        }
        let side = b.pcs[f].side;
        if ctx.events.is_some() {
            ctx.ev(Event::Note(format!("#{f} falls on {}", to_sq(s))));
        }
        match b.ground(s) {
            Some(g) => {
                let t = remove(b, ctx, g, side)?;
                if b.empty(s) {
                    b.put(s, &[f as u8]);
                } else {
                    // The struck piece could not be removed (a statue): the faller is lost
                    // as if captured by the opponent. Statues never share a square with a
                    // stack, so this is unreachable in play.
                    b.pcs[f].place = Place::Captured(side.opposite());
                }
                if let Some(t) = t {
                    react(b, ctx, t)?;
                }
            }
            None => b.put(s, &[f as u8]),
        }
    }
    Ok(())
}
