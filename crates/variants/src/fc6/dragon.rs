//! The Dragon's special moves (FC6-DRAG-01..03, FC6-DRAG-05; Dragonflight, FC6-DRAG-04,
//! lives in [`super::tomb`]).
//!
//! * FC6-DRAG-01: Dragon's Fire (`fire:<the dragon's leg>`, [`candidates`], the leg played
//!   by [`super::turn`]): an unparalysed dragon makes one non-capturing leg of its current
//!   patterns (its own, and those Empower or Tower lend it; a bounced route or a `#1` leap
//!   written as for a move) to a square with no unit, wall or tomb ([`landing_ok`]), then
//!   captures every eligible enemy unit on the 8 squares around it ([`victims`]). At least
//!   one unit must burn: a fire with no victim is not an action. A whole turn, never a leg
//!   of a double move; the leg leaves its walls like any leg (FC6-WALL-06).
//! * FC6-DRAG-02: not burned ([`burnable`]): friendly units, kings, dragons (kind
//!   immunity), guarded units, templars whose Shield covers the dragon's landing square,
//!   shadows (they never stand on the normal layer the victims are read from,
//!   FC6-SHAD-03). All judged once, on the position with the dragon on its landing
//!   square, before anything burns. Tombs and walls are unharmed.
//! * FC6-DRAG-03: each victim is a separate capture by the dragon, in scan order
//!   ([`super::turn`]'s leg, step (a)): it dies into the tomb of its own square (ARMED at
//!   once: nobody lands there and no wall is made there), the dragon's range drops for each
//!   (-2 or -1, never below 3), a burned queen poisons the dragon, and a burned jester
//!   explodes (the dragon, next to it, dies in the blast) in the action's cascade
//!   (FC6-TOMB-13).
//! * FC6-DRAG-05: the dragon's range limits only its diagonal slides; its king step and
//!   knight leap are fixed: the range is a slide limit ([`super::movement::for_each_leg`]
//!   reads [`super::movement::Grant::range`] only for slides).
//!
//! Uses: [`super::empower`], [`super::guard`], [`super::templar`], [`super::kinds`],
//! [`super::tomb`], [`super::notation`].

use super::base::{with_copy, Fc6, Fc6Position, DRAGON, KING};
use super::empower::Analysis;
use super::guard::is_guarded;
use super::kinds::immune;
use super::notation::Special;
use super::templar::shields;
use frozen_core::{Action, ActionKind, Bitboard, Square};
use smallvec::SmallVec;

/// True if the unit on `q` burns when the dragon standing on `at` breathes fire
/// (FC6-DRAG-02), judged on `pos` with the dragon already there.
pub fn burnable(fc: &Fc6, an: &Analysis, pos: &Fc6Position, at: Square, q: Square) -> bool {
    let (Some((dk, ds)), Some((vk, vs))) = (pos.piece_at(at), pos.piece_at(q)) else {
        return false;
    };
    dk == DRAGON
        && vs != ds
        && vk != KING
        && !immune(DRAGON, vk)
        && !is_guarded(an, pos, q)
        && !shields(fc, an, pos, q, at)
}

/// Enemy units of the side to act next to `t` that a dragon could burn there (a cheap
/// first test: kings and dragons left out).
pub fn near_enemies(fc: &Fc6, pos: &Fc6Position, t: Square) -> Bitboard {
    let them = pos.to_move().opposite();
    fc.geo.king(t) & (pos.side_bb(them) - pos.pieces(them, KING) - pos.pieces(them, DRAGON))
}

/// The victims, in scan order, of the dragon standing on `at` now (FC6-DRAG-01/02).
pub fn victims(fc: &Fc6, pos: &Fc6Position, at: Square) -> SmallVec<[Square; 8]> {
    let mut out = SmallVec::new();
    let near = near_enemies(fc, pos, at);
    if !near.any() {
        return out;
    }
    let an = Analysis::new(fc, pos);
    for q in near.iter() {
        if burnable(fc, &an, pos, at, q) {
            out.push(q);
        }
    }
    out
}

/// The victims the dragon on `s` would burn after its leg to the empty `t`
/// (FC6-DRAG-01): judged on a copy with the dragon moved (protection and the Shield may
/// change with it).
pub fn victims_after(fc: &Fc6, pos: &Fc6Position, s: Square, t: Square) -> SmallVec<[Square; 8]> {
    let Some(d) = pos.unit_at(s) else {
        return SmallVec::new();
    };
    if pos.unit_at(t).is_some() || !near_enemies(fc, pos, t).any() {
        return SmallVec::new();
    }
    with_copy(pos, |p| {
        p.move_unit(d, t);
        victims(fc, p, t)
    })
}

/// True if the dragon may end its fire leg on `t`: no unit, wall or tomb (FC6-DRAG-01).
pub fn landing_ok(pos: &Fc6Position, t: Square) -> bool {
    pos.unit_at(t).is_none() && pos.wall(t).is_none() && pos.tomb(t).is_none()
}

/// The Dragon's Fire actions of the dragon on `s`, from its candidate legs `legs` (the
/// plain legs [`super::turn::candidates_of`] lists for it): each non-capturing leg to a
/// square with no unit, wall or tomb after which some enemy unit burns (FC6-DRAG-01).
pub fn candidates(fc: &Fc6, pos: &Fc6Position, s: Square, legs: &[Action], out: &mut Vec<Action>) {
    for l in legs {
        let Some(t) = l.to() else { continue };
        if l.kind != ActionKind::Move || l.from() != Some(s) || l.piece.is_some() {
            continue;
        }
        if landing_ok(pos, t) && !victims_after(fc, pos, s, t).is_empty() {
            out.push(Special::Fire.action(&l.path, l.arg));
        }
    }
}

/// Why `fire:...` is not legal in `pos`, in rule terms (FC6-DRAG-01/02). `leg_listed`
/// says whether the leg is one the dragon may make now.
pub fn explain(fc: &Fc6, pos: &Fc6Position, a: &Action, leg_listed: bool) -> String {
    let (Some(s), Some(t)) = (a.from(), a.to()) else {
        return "Dragon's Fire is written as the dragon's leg: fire:<from><to> (FC6-DRAG-01)"
            .into();
    };
    if pos.piece_at(s) != Some((DRAGON, pos.to_move())) {
        return format!("no dragon of yours stands on {s} (FC6-DRAG-01)");
    }
    if let Some(id) = pos.unit_at(s) {
        if super::paralysis::is_paralyzed(pos, id) {
            return format!("the dragon on {s} is paralysed (FC6-PARA-01)");
        }
    }
    if !landing_ok(pos, t) {
        return format!(
            "the dragon breathes fire only after a leg to a square with no unit, wall or tomb; {t} is not one (FC6-DRAG-01)"
        );
    }
    if !leg_listed {
        let text: String = a.path.iter().map(|q| q.to_string()).collect();
        return format!(
            "{text} is not a leg the dragon on {s} can make now (FC6-DRAG-01, FC6-MOVE-07)"
        );
    }
    if victims_after(fc, pos, s, t).is_empty() {
        return format!(
            "Dragon's Fire needs a victim: no enemy unit next to {t} would burn (friends, kings, dragons, guarded units, shadows and templars whose Shield covers {t} never do) (FC6-DRAG-01, FC6-DRAG-02)"
        );
    }
    "Dragon's Fire takes no promotion (FC6-DRAG-01)".into()
}
