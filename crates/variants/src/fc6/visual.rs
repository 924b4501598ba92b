//! What a display shows (FC6-VISU-01..03).
//!
//! * FC6-VISU-01: each unit's current range as a number on the unit ([`display_range`]):
//!   CRR units their current range (3–16), the templar its orthogonal range, knight,
//!   jester and chancellor 3 (their reach), king and pawn 1.
//! * FC6-VISU-02: paralysis as one green circle per turn left ([`super::paralysis::turns_left`],
//!   drawn by `frozen render`).
//! * FC6-VISU-03: the rest a player needs: walls with turns left, units under siege, the
//!   first-move limit, tombs with their state and queue, traps with owner, colour and
//!   hold, shadows with the turns left before they may de-shadow, and units paralysed by a
//!   jester's presence (untimed, shown apart: [`describe`], and a mark on the picture,
//!   [`square_notes`]).
//!
//! Uses: [`super::base`], [`super::empower`], [`super::paralysis`], [`super::siege`],
//! [`super::walls`], [`super::tomb`], [`super::trap`], [`super::shadow`].

use super::base::{is_crr, Fc6, Fc6Position, CHANCELLOR, JESTER, KING, KNIGHT, PAWN};
use super::empower::Analysis;
use super::paralysis::{presence, turns_left};
use super::shadow::delay_left;
use super::siege::besieged;
use super::tomb::TombState;
use super::walls::turns_left as wall_left;
use frozen_core::{Side, SquareNote, SquareNoteKind, UnitId};

/// The range number shown on a unit (FC6-VISU-01).
pub fn display_range(pos: &Fc6Position, id: UnitId) -> u16 {
    let u = pos.unit(id);
    match u.kind {
        k if is_crr(k) => u.status.range,
        KNIGHT | JESTER | CHANCELLOR => 3,
        KING | PAWN => 1,
        _ => u.status.range,
    }
}

/// Display lines: the first-move limit, walls with turns left, paralysis and siege
/// (FC6-VISU-02/03).
pub fn describe(fc: &Fc6, pos: &Fc6Position) -> Vec<String> {
    let mut lines = Vec::new();
    if pos.state().first_move {
        lines.push("White's first action must be a plain pawn move".to_string());
    }
    for (sq, w) in pos.walls().iter() {
        let side = if w.side == Side::White {
            "White"
        } else {
            "Black"
        };
        lines.push(format!(
            "wall {sq}: {} more turn(s) of {side}",
            wall_left(pos, w)
        ));
    }
    for (sq, t) in pos.tombs().iter() {
        let state = match super::tomb::state(pos, sq) {
            Some(TombState::Pending) => "PENDING",
            Some(TombState::Armed) => "ARMED",
            Some(TombState::Active) => "ACTIVE",
            None => continue,
        };
        let queue: Vec<String> = t
            .queue
            .iter()
            .map(|&id| {
                let u = pos.unit(id);
                let side = if u.side == Side::White {
                    "White"
                } else {
                    "Black"
                };
                format!("{side} {}", fc.kind_name(u.kind))
            })
            .collect();
        lines.push(format!(
            "tomb {sq} {state}: {} (oldest first)",
            queue.join(", ")
        ));
    }
    let side_name = |s: Side| if s == Side::White { "White" } else { "Black" };
    let unit_name = |id: UnitId| {
        let u = pos.unit(id);
        format!("{} {}", side_name(u.side), fc.kind_name(u.kind))
    };
    for (sq, t) in pos.traps().iter() {
        let owner = match pos.get_unit(t.owner).map(|u| u.loc) {
            Some(frozen_core::Location::Board(at)) => format!("the jester on {at}"),
            Some(frozen_core::Location::Tomb(at)) => format!("a jester in the tomb on {at}"),
            _ => format!("jester {}", t.owner),
        };
        let colour = if t.colour == 0 { "White" } else { "Black" };
        let hold = match t.held {
            Some(v) => format!(
                "holds the {} for {} more turn(s) of its owner",
                unit_name(v),
                super::trap::hold_left(pos, t)
            ),
            None => "catches the next enemy that stops here".to_string(),
        };
        lines.push(format!("trap {sq} ({colour}, owned by {owner}): {hold}"));
    }
    for (sq, list) in pos.shadows().iter() {
        for &id in list.iter() {
            let n = delay_left(pos, id);
            let when = if n == 0 {
                "its wait is over: may de-shadow in a turn of its owner".to_string()
            } else {
                format!("may de-shadow after {n} more turn(s) of its owner")
            };
            lines.push(format!(
                "shadow {sq}: {} (range {}), {when}",
                unit_name(id),
                display_range(pos, id)
            ));
        }
    }
    let an = Analysis::new(fc, pos);
    for sq in pos.occupied().iter() {
        let Some(id) = pos.unit_at(sq) else { continue };
        let n = turns_left(pos, id);
        if n > 0 {
            lines.push(format!("{sq}: paralysed for {n} more turn(s) of its owner"));
        }
        if let Some(j) = presence(pos, id) {
            lines.push(format!(
                "{sq}: paralysed while the enemy jester on {j} stands next to it"
            ));
        }
        if besieged(fc, &an, pos, id) {
            lines.push(format!("{sq}: under siege by a rook (no double move)"));
        }
    }
    lines
}

/// The marks a picture draws beyond units and side tables (FC6-VISU-03): a unit paralysed
/// by an enemy jester's presence (FC6-JEST-03), which has no timer and so no green count.
pub fn square_notes(pos: &Fc6Position) -> Vec<SquareNote> {
    let mut notes = Vec::new();
    for sq in pos.occupied().iter() {
        let Some(id) = pos.unit_at(sq) else { continue };
        if let Some(j) = presence(pos, id) {
            notes.push(SquareNote {
                square: sq,
                kind: SquareNoteKind::Paralysed,
                text: format!(
                    "paralysed while the enemy jester on {j} stands next to it (FC6-JEST-03)"
                ),
                legend: "paralysed by an enemy jester's presence (FC6-JEST-03)".into(),
            });
        }
    }
    notes
}
