//! SwapShotAny (FC6-SWAP-01..04), and the one swap action it shares with Teleswap
//! (FC6-CHAN-01).
//!
//! * FC6-SWAP-01: SwapShot: an unparalysed unit A that is no pawn, king or jester trades
//!   squares with a unit B on a square A attacks (catalog 0.4: one leg of its capture
//!   patterns, bounces, Empower and Tower included, and for a knight the Knight's Leap
//!   squares, whose landing square must be free of units, walls and tombs); a friendly B
//!   is judged as if it were an enemy ([`swapshot_refusal`], [`super::attack::attacked_units`]).
//!   Every way of trading the same two friendly units (SwapShot by either one, or a
//!   Teleswap by a chancellor among them) gives the same position, so it is one action,
//!   legal if any way is: `swap:<square><square>`, the squares in scan order. A swap with
//!   an enemy unit is made by the mover's unit: `swap:<mine><enemy>`.
//! * FC6-SWAP-02: reach is one leg only: no double-move reach.
//! * FC6-SWAP-03: never swapped: kings (only King's Exchange moves them), shadows (both
//!   units are read from the normal layer, where a shadow never stands, so a shadow is
//!   neither swapped nor swaps: FC6-SHAD-02/03, [`super::base::untouchable`]), units of
//!   A's kind (any colour), enemy chancellors (FC6-CHAN-04), units a trap holds
//!   (FC6-TRAP-05); an enemy B also only if A may capture it (Guards and the Shield
//!   refuse, [`super::capture::refusal`]).
//! * FC6-SWAP-04: a swap captures nothing, makes no walls or traps and triggers no trap or
//!   tomb (each unit takes the other's square, so no tomb is left empty); it is a whole
//!   turn, never a leg of a double move. Jesters cannot SwapShot. A pawn the swap puts on
//!   its own far rank promotes at once by the mover's choice (`swap:e12e16=Q`,
//!   FC6-PAWN-02: the owner's own action put it there). A swap that would put an enemy
//!   pawn on its far rank is not listed (a limit of this part, written before the owed
//!   promotion of [`super::pawn::owed`] existed; lifting it is left to a later change).
//!
//! Uses: [`super::attack`], [`super::capture`], [`super::chancellor`], [`super::kinds`],
//! [`super::trap`], [`super::pawn`], the family's swap.

use super::attack::{attacked_units, attacks};
use super::base::{only_shadows, reason, unread, Fc6, Fc6Position, CHANCELLOR, JESTER, KING, PAWN};
use super::capture::{refusal, Refusal};
use super::chancellor::{swapshot_immune, teleswap_refusal, teleswap_refused};
use super::empower::Analysis;
use super::kinds::immune;
use super::paralysis::is_paralyzed;
use super::pawn::{on_far_rank, PROMOTION_KINDS};
use super::trap::held;
use crate::frozen_family::promotion::PromotionRule;
use crate::frozen_family::swap as family_swap;
use frozen_core::{Action, ActionKind, EventSink, Square};
use smallvec::SmallVec;
use std::fmt;

/// Why the unit on `a` may not SwapShot the unit on `b` (None: it may) (FC6-SWAP-01..04).
pub fn swapshot_refusal(
    fc: &Fc6,
    an: &Analysis,
    pos: &Fc6Position,
    a: Square,
    b: Square,
) -> Option<String> {
    swapshot_refused(fc, an, pos, a, b, reason)
}

/// [`swapshot_refusal`] with the reason handed to `say` (`reason` writes it out, `unread`
/// drops it: listing asks only whether a candidate is refused, and allocates nothing).
pub fn swapshot_refused<R>(
    fc: &Fc6,
    an: &Analysis,
    pos: &Fc6Position,
    a: Square,
    b: Square,
    say: impl Fn(fmt::Arguments<'_>) -> R,
) -> Option<R> {
    let (Some(x), Some(y)) = (pos.unit_at(a), pos.unit_at(b)) else {
        return Some(say(format_args!(
            "a swap names two squares holding units (FC6-SWAP-01)"
        )));
    };
    if a == b {
        return Some(say(format_args!(
            "a swap names two different squares (FC6-SWAP-01)"
        )));
    }
    let (ua, ub) = (pos.unit(x), pos.unit(y));
    if ua.kind == PAWN || ua.kind == KING {
        return Some(say(format_args!(
            "the {} on {a} cannot SwapShot: pawns and kings never do (FC6-SWAP-01)",
            fc.kind_name(ua.kind)
        )));
    }
    if ua.kind == JESTER {
        return Some(say(format_args!(
            "the jester on {a} cannot SwapShot: jesters never capture (FC6-SWAP-04)"
        )));
    }
    if is_paralyzed(pos, x) {
        return Some(say(format_args!(
            "the unit on {a} is paralysed (FC6-PARA-01)"
        )));
    }
    if ub.kind == KING {
        return Some(say(format_args!(
            "kings cannot be SwapShotted: only King's Exchange moves them (FC6-SWAP-03)"
        )));
    }
    if immune(ua.kind, ub.kind) {
        return Some(say(format_args!(
            "kind immunity: a {} cannot SwapShot a {} (FC6-SWAP-03)",
            fc.kind_name(ua.kind),
            fc.kind_name(ub.kind)
        )));
    }
    let enemy = ua.side != ub.side;
    if enemy && swapshot_immune(ub.kind) {
        return Some(say(format_args!(
            "chancellors are immune to SwapShot by enemies (FC6-CHAN-04, FC6-SWAP-03)"
        )));
    }
    if held(pos, y) {
        return Some(say(format_args!(
            "the unit on {b} is held by a trap and cannot be swapped (FC6-SWAP-03)"
        )));
    }
    if !attacks(fc, an, pos, x, b) {
        return Some(say(format_args!(
            "the unit on {a} could not capture on {b} with one leg now (FC6-SWAP-01, FC6-SWAP-02)"
        )));
    }
    if enemy {
        match refusal(fc, an, pos, a, b) {
            Some(Refusal::Guarded) => {
                return Some(say(format_args!(
                    "the unit on {b} is guarded, so it cannot be captured or SwapShotted (FC6-SWAP-03, FC6-GARD-03)"
                )))
            }
            Some(Refusal::Shield) => {
                return Some(say(format_args!(
                    "the templar on {b} attacks {a}: its Shield stops the SwapShot (FC6-SWAP-03, FC6-TEMP-03)"
                )))
            }
            _ => {}
        }
    }
    None
}

/// Why the swap of the units on `s` and `t` is not a legal way for the side to act (None:
/// some way is): SwapShot by either (a friendly pair), or Teleswap by a chancellor among
/// them.
pub fn pair_refusal(
    fc: &Fc6,
    an: &Analysis,
    pos: &Fc6Position,
    s: Square,
    t: Square,
) -> Option<String> {
    let me = pos.to_move();
    if only_shadows(pos, s) || only_shadows(pos, t) {
        return Some(
            "a shadow is never swapped and makes no swap (FC6-SWAP-03, FC6-SHAD-02, FC6-SHAD-03)"
                .into(),
        );
    }
    let (Some((_, ss)), Some((_, ts))) = (pos.piece_at(s), pos.piece_at(t)) else {
        return Some("a swap names two squares holding units (FC6-SWAP-01)".into());
    };
    match (ss == me, ts == me) {
        (false, false) => Some("a swap needs a unit of yours (FC6-SWAP-01)".into()),
        (true, false) => swapshot_refusal(fc, an, pos, s, t),
        (false, true) => Some(format!(
            "a swap with an enemy names your unit first: swap:{t}{s} (FC6-SWAP-01)"
        )),
        (true, true) => {
            let ways = [
                swapshot_refusal(fc, an, pos, s, t),
                swapshot_refusal(fc, an, pos, t, s),
                teleswap(pos, s, t),
            ];
            if ways.iter().any(Option::is_none) {
                None
            } else {
                ways.into_iter().flatten().next()
            }
        }
    }
}

/// The Teleswap refusal of a friendly pair, a chancellor among them.
fn teleswap(pos: &Fc6Position, s: Square, t: Square) -> Option<String> {
    let is_c = |q| pos.piece_at(q).is_some_and(|(k, _)| k == CHANCELLOR);
    if is_c(s) {
        teleswap_refusal(pos, s, t)
    } else if is_c(t) {
        teleswap_refusal(pos, t, s)
    } else {
        Some("neither unit is a chancellor, so no Teleswap either (FC6-CHAN-01)".into())
    }
}

/// How a swap meets the far ranks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FarRank {
    /// No pawn lands on its far rank.
    No,
    /// A pawn of the side to act lands on its far rank: the action names the promotion.
    Own,
    /// An enemy pawn would land on its far rank: not listed.
    Enemy,
}

/// How a swap of the units on `s` and `t` meets the far ranks.
pub fn far_rank(pos: &Fc6Position, s: Square, t: Square) -> FarRank {
    let me = pos.to_move();
    let mut out = FarRank::No;
    for (from, to) in [(s, t), (t, s)] {
        if let Some((k, side)) = pos.piece_at(from) {
            if k == PAWN && on_far_rank(side, to) {
                if side != me {
                    return FarRank::Enemy;
                }
                out = FarRank::Own;
            }
        }
    }
    out
}

/// Swap candidates of the side to act (FC6-SWAP-01..04, FC6-CHAN-01): one action per pair.
pub fn candidates(fc: &Fc6, an: &Analysis, pos: &Fc6Position, out: &mut Vec<Action>) {
    let me = pos.to_move();
    let mine = pos.side_bb(me);
    let mut pairs: SmallVec<[(Square, Square); 256]> = SmallVec::new();
    for s in mine.iter() {
        let Some(x) = pos.unit_at(s) else { continue };
        let k = pos.unit(x).kind;
        if k == CHANCELLOR {
            for t in mine.without(s).iter() {
                if teleswap_refused(pos, s, t, unread).is_none() {
                    pairs.push((s.min(t), s.max(t)));
                }
            }
        }
        if k == PAWN || k == KING || k == JESTER {
            continue;
        }
        for t in attacked_units(fc, an, pos, x).iter() {
            if swapshot_refused(fc, an, pos, s, t, unread).is_none() {
                pairs.push(if mine.contains(t) {
                    (s.min(t), s.max(t))
                } else {
                    (s, t)
                });
            }
        }
    }
    pairs.sort_unstable();
    pairs.dedup();
    for (s, t) in pairs {
        let a = Action::new(ActionKind::Swap, &[s, t]);
        match far_rank(pos, s, t) {
            FarRank::Enemy => {}
            FarRank::Own => out.extend(PROMOTION_KINDS.map(|k| a.clone().with_piece(k))),
            FarRank::No => out.push(a),
        }
    }
}

/// Why the swap `a` is not legal in `pos`, in rule terms.
pub fn explain(fc: &Fc6, pos: &Fc6Position, a: &Action) -> String {
    let [s, t] = a.path[..] else {
        return "a swap names two squares: swap:<square><square> (FC6-SWAP-01)".into();
    };
    let an = Analysis::new(fc, pos);
    if let Some(why) = pair_refusal(fc, &an, pos, s, t) {
        return why;
    }
    if pos.side_bb(pos.to_move()).contains(t) && s > t {
        return format!(
            "a swap of two friendly units names them in scan order: swap:{t}{s} (FC6-SWAP-01)"
        );
    }
    match far_rank(pos, s, t) {
        FarRank::Enemy => "the swap would put an enemy pawn on its far rank: such swaps are not part of this version (FC6-SWAP-04)".into(),
        FarRank::Own if a.piece.is_none() => "a pawn reaching its far rank must promote: add =R, =N, =B, =D, =J, =C, =T or =Q (FC6-PAWN-02)".into(),
        FarRank::No if a.piece.is_some() => "no pawn reaches its far rank in this swap: write it without a promotion (FC6-PAWN-02)".into(),
        _ => "a pawn promotes to R, N, B, D, J, C, T or Q, never K or P (FC6-PAWN-02)".into(),
    }
}

/// Performs `swap:<square><square>` (FC6-SWAP-04, FC6-CHAN-01): the two units trade
/// squares at once (the family's swap) and a pawn on its own far rank promotes.
pub fn perform(pos: &mut Fc6Position, a: &Action, events: &mut dyn EventSink) {
    let rule = PromotionRule {
        pawn: PAWN,
        choices: PROMOTION_KINDS.into_iter().collect(),
        ranks: 16,
    };
    family_swap::perform(pos, &rule, a, events);
}
