//! The Bishop's Conversion (FC6-BISH-01..05).
//!
//! * FC6-BISH-01: Conversion (`convert:<bishop><target>`, [`candidates`], [`perform`]): an
//!   unparalysed bishop turns an enemy unit it attacks (catalog 0.4: one leg, bounced
//!   routes, Empower and Tower included) into a unit of its own colour on the same square.
//!   A whole turn, never a leg of a double move.
//! * FC6-BISH-02: the bishop is then paralysed for its owner's next 2 turns (a cost, never
//!   refused).
//! * FC6-BISH-03: the converted unit keeps its kind, identity, range and square; any
//!   paralysis it had is removed, and a trap that held it lets it go (the hold ends with
//!   the paralysis). It may act in its new owner's next turn.
//! * FC6-BISH-04: never converted: kings, bishops (kind immunity), shadows (the target is
//!   read from the normal layer, where a shadow never stands: FC6-SHAD-03,
//!   [`super::base::untouchable`]). Guarded units and shielded templars can be converted:
//!   conversion is not a capture ([`refusal`]).
//! * FC6-BISH-05: not a capture: no CRR, no tomb, no Queen's Poison, no Piece Promotion. A
//!   converted pawn counts for its new side (it can end the game by FC6-VICT-01); a pawn
//!   converted on its new owner's far rank promotes at once by the mover's choice
//!   (`convert:c13e16=Q`, FC6-PAWN-02: the owner's own action put it there).
//!
//! Uses: [`super::attack`], [`super::kinds`], [`super::paralysis`], [`super::pawn`],
//! [`super::notation`].

use super::attack::{attacked_units, attacks};
use super::base::{only_shadows, reason, unread, Fc6, Fc6Position, BISHOP, KING, PAWN};
use super::empower::Analysis;
use super::notation::Special;
use super::paralysis::{is_paralyzed, paralyze, Paralysis};
use super::pawn::{on_far_rank, promote, PROMOTION_KINDS};
use frozen_core::{Action, Event, EventSink, Square};
use std::fmt;

/// Turns of its owner the bishop rests after a conversion (FC6-BISH-02).
pub const CONVERSION_COST: u32 = 2;

/// Why the bishop on `s` may not convert the unit on `t` (None: it may) (FC6-BISH-01/04).
pub fn refusal(fc: &Fc6, an: &Analysis, pos: &Fc6Position, s: Square, t: Square) -> Option<String> {
    refused(fc, an, pos, s, t, reason)
}

/// [`refusal`] with the reason handed to `say` (`reason` writes it out, `unread`
/// drops it: listing asks only whether a candidate is refused, and allocates nothing).
pub fn refused<R>(
    fc: &Fc6,
    an: &Analysis,
    pos: &Fc6Position,
    s: Square,
    t: Square,
    say: impl Fn(fmt::Arguments<'_>) -> R,
) -> Option<R> {
    if only_shadows(pos, t) {
        return Some(say(format_args!(
            "{t} holds only shadows: a shadow cannot be converted (FC6-BISH-04, FC6-SHAD-03)"
        )));
    }
    let (Some(x), Some(y)) = (pos.unit_at(s), pos.unit_at(t)) else {
        return Some(say(format_args!(
            "Conversion names the bishop's square, then its target's (FC6-BISH-01)"
        )));
    };
    let (ub, ut) = (pos.unit(x), pos.unit(y));
    if ub.kind != BISHOP || ub.side != pos.to_move() {
        return Some(say(format_args!(
            "no bishop of yours stands on {s} (FC6-BISH-01)"
        )));
    }
    if ut.side == ub.side {
        return Some(say(format_args!(
            "Conversion turns an enemy unit; {t} holds your own (FC6-BISH-01)"
        )));
    }
    if is_paralyzed(pos, x) {
        return Some(say(format_args!(
            "the bishop on {s} is paralysed (FC6-PARA-01)"
        )));
    }
    if ut.kind == KING {
        return Some(say(format_args!(
            "kings cannot be converted (FC6-BISH-04, FC6-KING-07)"
        )));
    }
    if ut.kind == BISHOP {
        return Some(say(format_args!(
            "kind immunity: a bishop cannot convert a bishop (FC6-BISH-04)"
        )));
    }
    if !attacks(fc, an, pos, x, t) {
        return Some(say(format_args!(
            "the bishop on {s} could not capture on {t} with one leg now (FC6-BISH-01)"
        )));
    }
    None
}

/// True if converting the unit on `t` puts a pawn of the side to act on its far rank (the
/// action names the promotion).
pub fn promotes(pos: &Fc6Position, t: Square) -> bool {
    pos.piece_at(t).is_some_and(|(k, _)| k == PAWN) && on_far_rank(pos.to_move(), t)
}

/// Conversion candidates of the side to act (FC6-BISH-01..05).
pub fn candidates(fc: &Fc6, an: &Analysis, pos: &Fc6Position, out: &mut Vec<Action>) {
    let me = pos.to_move();
    for s in pos.pieces(me, BISHOP).iter() {
        let Some(x) = pos.unit_at(s) else { continue };
        let reach = attacked_units(fc, an, pos, x) & pos.side_bb(me.opposite());
        for t in reach.iter() {
            if refused(fc, an, pos, s, t, unread).is_none() {
                let a = Special::Convert.action(&[s, t], 0);
                if promotes(pos, t) {
                    out.extend(PROMOTION_KINDS.map(|k| a.clone().with_piece(k)));
                } else {
                    out.push(a);
                }
            }
        }
    }
}

/// Why `convert:...` is not legal in `pos`, in rule terms.
pub fn explain(fc: &Fc6, pos: &Fc6Position, a: &Action) -> String {
    let [s, t] = a.path[..] else {
        return "Conversion names two squares: convert:<bishop><target> (FC6-BISH-01)".into();
    };
    let an = Analysis::new(fc, pos);
    if let Some(why) = refusal(fc, &an, pos, s, t) {
        return why;
    }
    match (promotes(pos, t), a.piece) {
        (true, None) => "the converted pawn stands on your far rank and must promote: add =R, =N, =B, =D, =J, =C, =T or =Q (FC6-PAWN-02)".into(),
        (false, Some(_)) => "no promotion to choose: the converted unit is no pawn on your far rank (FC6-PAWN-02)".into(),
        _ => "a pawn promotes to R, N, B, D, J, C, T or Q, never K or P (FC6-PAWN-02)".into(),
    }
}

/// Performs `convert:<bishop><target>` (FC6-BISH-01..05).
pub fn perform(pos: &mut Fc6Position, a: &Action, events: &mut dyn EventSink) {
    let (Some(b), Some(v)) = (
        a.from().and_then(|s| pos.unit_at(s)),
        a.path.get(1).and_then(|&t| pos.unit_at(t)),
    ) else {
        return;
    };
    let me = pos.unit(b).side;
    // FC6-BISH-03: a trap that held it lets it go; its paralysis is removed.
    if let Some(t) = pos.unit(v).loc.square() {
        if pos.trap(t).is_some_and(|tr| tr.held == Some(v)) {
            pos.set_trap(t, None);
            if events.wants() {
                events.push(Event::Note(format!(
                    "trap on {t} releases the converted unit"
                )));
            }
        }
    }
    if pos.unit(v).status.frozen_through != 0 {
        pos.update_status(v, |st| st.frozen_through = 0);
    }
    pos.set_unit_side(v, me);
    if events.wants() {
        events.push(Event::Converted { unit: v, side: me });
    }
    if let Some(k) = a.piece {
        promote(pos, v, k, events);
    }
    paralyze(pos, b, CONVERSION_COST, Paralysis::Cost, events);
}
