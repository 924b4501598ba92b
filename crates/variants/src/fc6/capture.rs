//! Capture mechanics and Capture Range Reduction (FC6-CAPT-01..07).
//!
//! * FC6-CAPT-01: a capture removes an enemy normal unit by a capturing leg
//!   (displacement); the victim dies into the tomb on its square
//!   ([`super::tomb::die`] with [`super::tomb::Death::Captured`]). The kills that are not
//!   captures (explosions, tombs, King's Check, King's Exchange) are the other deaths of
//!   [`super::tomb::Death`]: no CRR, no Piece Promotion.
//! * FC6-CAPT-02: cannot be captured: friendly units, units of the capturer's kind
//!   (non-pawns), guarded units, a templar whose Shield covers the capturer; jesters never
//!   capture ([`refusal`], the one test).
//! * FC6-CAPT-03: a CRR unit (rook, bishop, queen, dragon, templar) slides at most its
//!   range in squares per leg, bounces included; 16 at the start
//!   ([`super::movement::Grant::range`]).
//! * FC6-CAPT-04: after each capture by a CRR unit its range drops by 2 for a non-pawn
//!   victim and by 1 for a pawn, never below 3 ([`reduce_range`]).
//! * FC6-CAPT-05: whichever pattern made the capture (a queen's knight leap, a borrowed
//!   pattern, a templar's T-leap); non-CRR units never change range.
//! * FC6-CAPT-06: the victim counts as pawn or non-pawn by its kind at death.
//! * FC6-CAPT-07: range is kept through everything except a new piece: a pawn that
//!   promotes gets the default range ([`super::pawn`]); respawn arrives later.
//!
//! Uses: [`super::base`], [`super::empower`], [`super::guard`], [`super::kinds`],
//! [`super::templar`].

use super::base::{is_crr, Fc6, Fc6Position, JESTER, MIN_RANGE, PAWN};
use super::empower::Analysis;
use super::guard::is_guarded;
use super::kinds::immune;
use super::templar::shields;
use frozen_core::{Square, UnitId};

/// Why a capture is refused (FC6-CAPT-02).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The target is a friend.
    Friendly,
    /// Jesters never capture (FC6-JEST-01).
    Jester,
    /// Same non-pawn kind (FC6-KIND-01).
    KindImmunity,
    /// Two or more counted protectors (FC6-GARD-01).
    Guarded,
    /// The templar attacks the capturer's square (FC6-TEMP-01).
    Shield,
}

/// Why the unit on `from` may not capture the unit on `to`, if it may not.
pub fn refusal(
    fc: &Fc6,
    an: &Analysis,
    pos: &Fc6Position,
    from: Square,
    to: Square,
) -> Option<Refusal> {
    let ((ck, cs), (vk, vs)) = (pos.piece_at(from)?, pos.piece_at(to)?);
    if cs == vs {
        Some(Refusal::Friendly)
    } else if ck == JESTER {
        Some(Refusal::Jester)
    } else if immune(ck, vk) {
        Some(Refusal::KindImmunity)
    } else if is_guarded(an, pos, to) {
        Some(Refusal::Guarded)
    } else if shields(fc, an, pos, to, from) {
        Some(Refusal::Shield)
    } else {
        None
    }
}

/// Capture Range Reduction after the unit `by` captured a unit of kind `victim_kind`
/// (FC6-CAPT-04..06): CRR units only, -2 for a non-pawn, -1 for a pawn, never below 3.
pub fn reduce_range(pos: &mut Fc6Position, by: UnitId, victim_kind: frozen_core::Kind) {
    let u = pos.unit(by);
    if !is_crr(u.kind) {
        return;
    }
    let cut = if victim_kind == PAWN { 1 } else { 2 };
    let r = u.status.range;
    let new = r.saturating_sub(cut).max(MIN_RANGE).min(r);
    if new != r {
        pos.update_status(by, |st| st.range = new);
    }
}
