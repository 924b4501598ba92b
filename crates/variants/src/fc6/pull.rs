//! Pull (FC6-PULL-01..05).
//!
//! * FC6-PULL-01: Pull (`pull:<puller><pulled><landing>#<n>`, [`candidates`], [`perform`]):
//!   if the mover's unit A could capture unit B with one orthogonal or diagonal slide (its
//!   own, or one that Empower or Tower lends it; a bounced route included, FC6-BNCE-06; a
//!   friendly B judged as if it were an enemy), A pulls B n squares back along that
//!   slide's route toward A, 1 <= n <= the squares between them (a reflection square
//!   counts as one); B never reaches A's square ([`pulls_of`]). The number n is written as
//!   the tag: two routes may bring B to the same square from different distances, and A's
//!   price differs. A whole turn, never a leg of a double move.
//! * FC6-PULL-02: never pulled ([`refusal`]): kings, guarded units (2+ protectors, either
//!   colour), units a trap holds, units of A's kind, shadows (they never stand on the
//!   normal layer the targets are read from, FC6-SHAD-03); an enemy B also only if A may
//!   capture it (a templar whose Shield covers A is not). Rooks and templars may be
//!   pulled. Jesters never pull (they never capture, FC6-JEST-01), and a paralysed unit
//!   pulls nothing (FC6-PARA-01).
//! * FC6-PULL-03: A pays n turns of paralysis (a cost, never refused), charged after the
//!   explosions if A still stands.
//! * FC6-PULL-04: B ignores the squares it passes (no tomb-crossing paralysis, no trap).
//!   Its landing square counts: an ARMED tomb kills it and explodes; an enemy trap catches
//!   it; an ACTIVE tomb cannot be landed on (FC6-TOMB-10). A pawn of the mover pulled onto
//!   its far rank promotes at once by the mover's choice (`pull:a14e14c16=Q#2`: the
//!   owner's own action put it there); an enemy pawn pulled onto its far rank promotes at
//!   the start of its owner's next turn (FC6-PAWN-02, [`super::pawn::owed_promotions`]).
//! * FC6-PULL-05: B gets no paralysis from the pull; a pull makes no walls and no traps.
//!   The square B leaves is left without a leg, so a tomb there arms at once
//!   (FC6-TOMB-03).
//!
//! Uses: [`super::attack`], [`super::capture`], [`super::guard`], [`super::kinds`],
//! [`super::trap`], [`super::tomb`], [`super::arrive`], [`super::paralysis`],
//! [`super::pawn`], [`super::notation`].

use super::arrive::{caught, come_to_rest};
use super::attack::capture_grants;
use super::base::{only_shadows, reason, unread, Fc6, Fc6Position, JESTER, KING, PAWN, SLIDES};
use super::capture::{refusal as capture_refusal, Refusal};
use super::empower::Analysis;
use super::guard::is_guarded;
use super::kinds::immune;
use super::movement::{for_each_leg, Grant};
use super::notation::{number, Special};
use super::paralysis::{is_paralyzed, paralyze, Paralysis};
use super::pawn::{on_far_rank, promote, PROMOTION_KINDS};
use super::tomb::{self, landing_refused, Cascade};
use super::trap::held;
use frozen_core::{Action, Event, EventSink, Square};
use smallvec::SmallVec;
use std::fmt;

/// Why the unit on `a` may not pull the unit on `b` (None: it may, given a slide reaches
/// it) (FC6-PULL-01/02).
pub fn refusal(fc: &Fc6, an: &Analysis, pos: &Fc6Position, a: Square, b: Square) -> Option<String> {
    refused(fc, an, pos, a, b, reason)
}

/// [`refusal`] with the reason handed to `say` (`reason` writes it out, `unread`
/// drops it: listing asks only whether a candidate is refused, and allocates nothing).
pub fn refused<R>(
    fc: &Fc6,
    an: &Analysis,
    pos: &Fc6Position,
    a: Square,
    b: Square,
    say: impl Fn(fmt::Arguments<'_>) -> R,
) -> Option<R> {
    if only_shadows(pos, b) {
        return Some(say(format_args!(
            "{b} holds only shadows: a shadow cannot be pulled (FC6-PULL-02, FC6-SHAD-03)"
        )));
    }
    let (Some(x), Some(y)) = (pos.unit_at(a), pos.unit_at(b)) else {
        return Some(
            say(format_args!("Pull names the puller's square, the pulled unit's, then its landing square (FC6-PULL-01)")),
        );
    };
    let (ua, ub) = (pos.unit(x), pos.unit(y));
    if ua.side != pos.to_move() {
        return Some(say(format_args!(
            "no unit of yours stands on {a} (FC6-PULL-01)"
        )));
    }
    if ua.kind == JESTER {
        return Some(say(format_args!(
            "jesters never pull: they never capture (FC6-JEST-01, FC6-PULL-01)"
        )));
    }
    if is_paralyzed(pos, x) {
        return Some(say(format_args!(
            "the unit on {a} is paralysed (FC6-PARA-01)"
        )));
    }
    if ub.kind == KING {
        return Some(say(format_args!("kings cannot be pulled (FC6-PULL-02)")));
    }
    if immune(ua.kind, ub.kind) {
        return Some(say(format_args!(
            "kind immunity: a {} cannot pull a {} (FC6-PULL-02)",
            fc.kind_name(ua.kind),
            fc.kind_name(ub.kind)
        )));
    }
    if is_guarded(an, pos, b) {
        return Some(say(format_args!(
            "the unit on {b} is guarded (two or more protectors) and cannot be pulled (FC6-PULL-02)"
        )));
    }
    if held(pos, y) {
        return Some(say(format_args!(
            "the unit on {b} is held by a trap and cannot be pulled (FC6-PULL-02)"
        )));
    }
    if ua.side != ub.side && capture_refusal(fc, an, pos, a, b) == Some(Refusal::Shield) {
        return Some(say(format_args!(
            "the templar on {b} attacks {a}: its Shield stops the pull (FC6-PULL-02, FC6-TEMP-01)"
        )));
    }
    None
}

/// The squares strictly between the ends of a slide's route (`path` = start, reflection
/// squares, end), in order from the start; a reflection square is one of them.
fn between(path: &[Square]) -> SmallVec<[Square; 16]> {
    let mut out: SmallVec<[Square; 16]> = SmallVec::new();
    let Some(&end) = path.last() else { return out };
    for w in path.windows(2) {
        let (a, b) = (w[0], w[1]);
        let df = (i32::from(b.file()) - i32::from(a.file())).signum();
        let dr = (i32::from(b.rank()) - i32::from(a.rank())).signum();
        let mut q = a;
        while let Some(n) = q.offset(df, dr) {
            if n == b {
                break;
            }
            out.push(n);
            q = n;
        }
        if b != end {
            out.push(b);
        }
    }
    out
}

/// Every pull the unit on `a` may make by geometry: (pulled square, landing square, n),
/// sorted, without repeats. The refusals of [`refusal`] and the landing test are the
/// caller's.
pub fn pulls_of(
    fc: &Fc6,
    an: &Analysis,
    pos: &Fc6Position,
    a: Square,
) -> SmallVec<[(Square, Square, u16); 256]> {
    let mut out: SmallVec<[(Square, Square, u16); 256]> = SmallVec::new();
    let Some(x) = pos.unit_at(a) else { return out };
    let side = pos.unit(x).side;
    if pos.unit(x).kind == JESTER || is_paralyzed(pos, x) {
        return out;
    }
    let occ = pos.occupied().without(a);
    let walls = pos.walls().mask();
    for g in capture_grants(an, pos, x) {
        let slides = Grant {
            pats: g.pats & SLIDES,
            range: g.range,
        };
        if slides.pats == 0 {
            continue;
        }
        for_each_leg(&fc.patterns, occ, walls, side, a, slides, &mut |leg| {
            if leg.onto_unit {
                let mut path: SmallVec<[Square; 16]> = SmallVec::new();
                path.push(a);
                path.extend_from_slice(leg.reflections);
                path.push(leg.to);
                let mid = between(&path);
                for n in 1..=mid.len() {
                    out.push((leg.to, mid[mid.len() - n], n as u16));
                }
            }
            false
        });
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// A pawn on `b` pulled to `l` reaching its far rank: `Some(true)` if it is the mover's
/// (the action names its promotion), `Some(false)` if it is an enemy's (it promotes at
/// its owner's next turn), `None` if no pawn reaches its far rank.
fn pawn_far(pos: &Fc6Position, b: Square, l: Square) -> Option<bool> {
    let (k, side) = pos.piece_at(b)?;
    (k == PAWN && on_far_rank(side, l)).then_some(side == pos.to_move())
}

/// Pull candidates of the side to act (FC6-PULL-01..05).
pub fn candidates(fc: &Fc6, an: &Analysis, pos: &Fc6Position, out: &mut Vec<Action>) {
    let me = pos.to_move();
    for a in pos.side_bb(me).iter() {
        let mut judged: SmallVec<[(Square, bool); 8]> = SmallVec::new();
        for (b, l, n) in pulls_of(fc, an, pos, a) {
            let ok = match judged.iter().find(|(q, _)| *q == b) {
                Some(&(_, ok)) => ok,
                None => {
                    let ok = refused(fc, an, pos, a, b, unread).is_none();
                    judged.push((b, ok));
                    ok
                }
            };
            if !ok || landing_refused(pos, l) {
                continue;
            }
            let act = Special::Pull.action(&[a, b, l], n);
            if pawn_far(pos, b, l) == Some(true) {
                out.extend(PROMOTION_KINDS.map(|k| act.clone().with_piece(k)));
            } else {
                out.push(act);
            }
        }
    }
}

/// Why `pull:...` is not legal in `pos`, in rule terms.
pub fn explain(fc: &Fc6, pos: &Fc6Position, a: &Action) -> String {
    let [s, b, l] = a.path[..] else {
        return "Pull names three squares, then the squares pulled: pull:<puller><pulled><landing>#<n> (FC6-PULL-01)".into();
    };
    let an = Analysis::new(fc, pos);
    if let Some(why) = refusal(fc, &an, pos, s, b) {
        return why;
    }
    let n = number(a);
    if n == 0 {
        return format!(
            "write the number of squares pulled as the tag: pull:{s}{b}{l}#<n> (FC6-PULL-01)"
        );
    }
    if !pulls_of(fc, &an, pos, s).contains(&(b, l, n)) {
        return format!(
            "the unit on {s} has no slide that could capture on {b} with {l} {n} square(s) back along it toward {s} (FC6-PULL-01)"
        );
    }
    if landing_refused(pos, l) {
        return format!("{l} is an ACTIVE tomb waiting for its respawn: nothing is pulled onto it (FC6-TOMB-10, FC6-PULL-04)");
    }
    match (pawn_far(pos, b, l), a.piece) {
        (Some(true), None) => "a pawn of yours pulled onto its far rank must promote: add =R, =N, =B, =D, =J, =C, =T or =Q (FC6-PULL-04, FC6-PAWN-02)".into(),
        (Some(false), Some(_)) => "an enemy pawn pulled onto its far rank promotes at its owner's next turn, by its owner's choice: write the pull without a promotion (FC6-PULL-04, FC6-PAWN-02)".into(),
        (None, Some(_)) => "no pawn reaches its far rank in this pull: write it without a promotion (FC6-PULL-04)".into(),
        _ => "a pawn promotes to R, N, B, D, J, C, T or Q, never K or P (FC6-PAWN-02)".into(),
    }
}

/// Performs `pull:<puller><pulled><landing>#<n>` (FC6-PULL-01..05, FC6-TURN-06): B moves
/// to its landing square and comes to rest there (an ARMED tomb kills it, an enemy trap
/// catches it), the explosions run, a pawn of the mover on its far rank promotes, and A
/// pays its n turns.
pub fn perform(fc: &Fc6, pos: &mut Fc6Position, a: &Action, events: &mut dyn EventSink) {
    let [s, b, l] = a.path[..] else { return };
    let (Some(x), Some(y)) = (pos.unit_at(s), pos.unit_at(b)) else {
        return;
    };
    pos.move_unit(y, l);
    if events.wants() {
        events.push(Event::Moved {
            unit: y,
            from: b,
            to: l,
        });
        events.push(Event::Note(format!(
            "the unit on {s} pulls the unit on {b} to {l}"
        )));
    }
    let mut cascade = Cascade::new();
    if come_to_rest(pos, y, &mut cascade, events) {
        caught(pos, y, events);
    }
    tomb::resolve(fc, pos, &mut cascade, events);
    if let Some(k) = a.piece {
        let u = pos.unit(y);
        if u.loc.square() == Some(l) && u.kind == PAWN && on_far_rank(u.side, l) {
            promote(pos, y, k, events);
        }
    }
    if pos.unit(x).loc.on_board() {
        paralyze(pos, x, u32::from(number(a)), Paralysis::Cost, events);
    }
}
