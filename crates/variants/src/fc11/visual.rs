//! What a display shows (FC11-VISU-01, FC11-VISU-02).
//!
//! * FC11-VISU-01: every unit with a range shows its current range as a number
//!   ([`display_range`]): the CRR kinds their range after CRR, the Ship and the Onager
//!   their fixed 16, the Knight 3; no cap (Range Extension and shellshock, which will move
//!   it, are later parts). Units without a range (leapers, immobile units) show none.
//! * FC11-VISU-02: counter paralysis is shown as its count of turns left (the picture's
//!   green number, from the unit's counter); status paralysis has no count and gets its
//!   own mark instead ([`square_notes`]: a dashed ring, with the cause named), and so does
//!   Knightmare and a King in check.
//! * FC11-QUEN-05: a Queen's double is stored as a square effect (drawn as one) and named
//!   by a note on its square, with its Queen.
//!
//! Uses: [`super::capture`], [`super::status`], [`super::units`].

use super::base::{Fc11, Fc11Position, KNIGHT, ONAGER, SHIP};
use super::capture::{current_range, has_crr, FIXED_RANGE};
use frozen_core::{Side, SquareNote, SquareNoteKind, UnitId};

/// The range shown on a unit (FC11-VISU-01).
pub fn display_range(pos: &Fc11Position, id: UnitId) -> Option<u16> {
    let u = pos.unit(id);
    if has_crr(u.kind) {
        Some(u16::from(current_range(u)))
    } else if u.kind == SHIP || u.kind == ONAGER {
        Some(u16::from(FIXED_RANGE))
    } else {
        (u.kind == KNIGHT).then_some(3)
    }
}

/// The marks of statuses a unit's counter does not record (FC11-VISU-02): status
/// paralysis, Knightmare, a King in check; and the Queens' doubles (FC11-QUEN-05).
pub fn square_notes(fc: &Fc11, pos: &Fc11Position) -> Vec<SquareNote> {
    let _ = fc;
    let mut v = Vec::new();
    for side in Side::ALL {
        if super::check::in_check(pos, side) {
            if let Some(k) = super::check::king_square(pos, side) {
                v.push(SquareNote {
                    square: k,
                    kind: SquareNoteKind::Check,
                    text: format!("{side}'s King is in check (FC11-KING-02)"),
                    legend: "King in check (FC11-KING-02)".into(),
                });
            }
        }
    }
    for id in pos.unit_ids() {
        let Some(sq) = pos.unit(id).loc.square() else {
            continue;
        };
        if let Some(st) = super::status::status(pos, id) {
            v.push(SquareNote {
                square: sq,
                kind: SquareNoteKind::Paralysed,
                text: st.describe(),
                legend: "paralysed by a status: Pincer, Jester presence or Gaze (FC11-PARA-04)"
                    .into(),
            });
        } else if let Some(k) = super::units::knight::knightmare(pos, id) {
            v.push(SquareNote {
                square: sq,
                kind: SquareNoteKind::Status,
                text: format!("under the Knightmare of the Knight on {k} (FC11-KNGT-06)"),
                legend: "pawn under Knightmare: 1 square forward only (FC11-KNGT-06)".into(),
            });
        }
    }
    for (sq, who) in super::double::described(pos) {
        v.push(SquareNote {
            square: sq,
            kind: SquareNoteKind::Status,
            text: format!("{who}: blocks like a wall, threatens and checks with her pattern (FC11-QUEN-05, -06)"),
            legend: "Queen's double: blocks like a wall, threatens with her pattern (FC11-QUEN-05, -06)".into(),
        });
    }
    v
}
