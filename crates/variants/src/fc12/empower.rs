//! Empower and Guards (F12-EMPW-01, F12-EMPW-02, F12-GARD-01, F12-GARD-02).
//!
//! A counted protector of X is a friendly, unparalysed knight, bishop, rook,
//! dragon or queen whose native capture patterns reach X's square (pawns, kings
//! and jesters are never counted). With exactly one counted protector a non-king,
//! non-pawn unit gains that protector's native patterns (no chains; judged at the
//! start of each leg and at any moment for attacks). With two or more it is
//! guarded: not empowered, and it cannot be captured (displacement or Knight's
//! Leap); kings are never guarded. Guards stop captures only: pushes, blasts,
//! death squares, paralysis and swaps ignore them (F12-GARD-02, enforced by
//! [`super::capture::refusal`] being the only place that asks [`is_guarded`]).

use super::movement::{native, Pat, DIAG, DIAG_DIRS, LEAP, ORTHO, ORTHO_DIRS, STEP};
use super::paralysis::is_paralyzed;
use super::{Fc12, Fc12Position, BISHOP, DRAGON, KING, KNIGHT, PAWN, QUEEN, ROOK};
use frozen_core::{Side, Square, UnitId};

/// The protectors of a square for one side.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Protection {
    /// Number of counted (non-pawn) protectors.
    pub count: u32,
    /// Native patterns of the first counted protector found.
    pub first: Pat,
    /// Union of the native patterns of all protectors, pawns included (jester borrowing).
    pub all: Pat,
}

fn counted_kind(k: frozen_core::Kind) -> bool {
    matches!(k, KNIGHT | BISHOP | ROOK | DRAGON | QUEEN)
}

/// The protectors of square `s` among `side`'s units (the unit on `s` excluded).
/// With `stop_at` the count stops early once reached.
pub fn protection(
    fc: &Fc12,
    pos: &Fc12Position,
    s: Square,
    side: Side,
    stop_at: u32,
) -> Protection {
    let mut p = Protection::default();
    let occ = pos.occupied();
    let own = pos.side_bb(side);
    let consider = |id: UnitId, need: Pat, p: &mut Protection| {
        let k = pos.unit(id).kind;
        let pats = native(k);
        if pats & need == 0 || is_paralyzed(fc, pos, id) {
            return;
        }
        if k == PAWN {
            p.all |= pats;
        } else if counted_kind(k) {
            if p.count == 0 {
                p.first = pats;
            }
            p.count += 1;
            p.all |= pats;
        }
    };
    for (dirs, need) in [(ORTHO_DIRS, ORTHO), (DIAG_DIRS, DIAG)] {
        for d in dirs {
            let hit = fc.geo.slide(s, d, occ) & occ & own;
            if let Some(h) = hit.first() {
                if let Some(id) = pos.unit_at(h) {
                    let k = pos.unit(id).kind;
                    let adjacent = h.distance(s) == 1;
                    let need = if adjacent && k == PAWN { STEP } else { need };
                    consider(id, need, &mut p);
                }
            }
            if p.count >= stop_at {
                return p;
            }
        }
    }
    for h in (fc.geo.knight(s) & own).iter() {
        if let Some(id) = pos.unit_at(h) {
            consider(id, LEAP, &mut p);
        }
        if p.count >= stop_at {
            return p;
        }
    }
    p
}

/// True if the unit is guarded: not a king, two or more counted protectors (F12-GARD-01).
pub fn is_guarded(fc: &Fc12, pos: &Fc12Position, id: UnitId) -> bool {
    let u = pos.unit(id);
    match u.loc.square() {
        Some(s) if u.kind != KING => protection(fc, pos, s, u.side, 2).count >= 2,
        _ => false,
    }
}

/// The patterns the unit gains by Empower now (F12-EMPW-01): its single counted
/// protector's native patterns; nothing for kings and pawns, or when guarded.
pub fn empowered(fc: &Fc12, pos: &Fc12Position, id: UnitId) -> Pat {
    let u = pos.unit(id);
    if u.kind == KING || u.kind == PAWN {
        return 0;
    }
    match u.loc.square() {
        Some(s) => {
            let p = protection(fc, pos, s, u.side, 2);
            if p.count == 1 {
                p.first
            } else {
                0
            }
        }
        None => 0,
    }
}
