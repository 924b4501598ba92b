//! The turn (FC6-TURN-01..07) and the first-move rule (FC6-FRST-01..02).
//!
//! * FC6-TURN-01: in each turn the side to move performs exactly one action with one
//!   unit; no passing. In this part every action is a single leg (double moves, marches
//!   and special moves come with the later parts), so each action is a whole turn.
//! * FC6-TURN-02: captures and checks end the turn: with single legs every leg ends it.
//! * FC6-TURN-03: self-harm is illegal: an action is legal only if, once fully resolved,
//!   the mover's king is on the board and not in check (the family's whole-turn search,
//!   [`crate::frozen_family::turn`], with no leg after the first in this part).
//! * FC6-TURN-04: check = an enemy unit attacks the king ([`super::attack::in_check`]).
//! * FC6-TURN-05: a side in check must pick an action after which its king is not in
//!   check; any action may do it (the same legality test).
//! * FC6-TURN-06: the order inside an action ([`exec`]): the leg; the capture (victim off
//!   the board, then CRR and Piece Promotion); the walls of the squares left; last-rank
//!   promotion; the end-of-turn expiries; the self-harm test (on the position after the
//!   expiries: a wall that vanishes at the end of the turn shields nobody); the win/loss
//!   test ([`super::victory`]).
//! * FC6-TURN-07: at the end of side S's turn the walls S made whose last turn this was
//!   vanish ([`super::walls::expire`]).
//! * FC6-FRST-01: while White's first action is still to come ([`super::base::Fc6State`]),
//!   only single pawn moves are listed.
//! * FC6-FRST-02: the limit is lifted by that one action; Black's first action is free.
//!
//! Uses: every rule module of the folder below it.

use super::attack::{in_check, king_square};
use super::base::{Fc6, Fc6Position, Fc6State, JESTER, KING, PAWN, P_DIAG};
use super::capture::{reduce_range, refusal, Refusal};
use super::empower::Analysis;
use super::king::{self, exchange_candidates};
use super::movement::{classify, for_each_leg, middle_free, Grant, LegKind};
use super::paralysis::is_paralyzed;
use super::pawn::{on_far_rank, promote, promote_by_capture, PROMOTION_KINDS};
use super::respawn;
use super::tomb::{self, Cascade, Death};
use super::walls;
use frozen_core::{Action, ActionKind, Bitboard, Event, EventSink, NoEvents, Side, Square};
use smallvec::SmallVec;

pub use super::jester::move_grants;

/// True if a straight two-square diagonal from `s` to `t` is a slide for a unit with
/// these grants (rather than a T- or jester leap): it has a diagonal slide and the middle
/// square is free.
fn slide_possible(grants: &[Grant], occ: Bitboard, walls: Bitboard, s: Square, t: Square) -> bool {
    grants.iter().any(|g| g.pats & P_DIAG != 0 && g.range >= 2) && middle_free(occ, walls, s, t)
}

/// True if `s`-`t` is a straight diagonal of exactly two squares.
fn diagonal_two(s: Square, t: Square) -> bool {
    s.file().abs_diff(t.file()) == 2 && s.rank().abs_diff(t.rank()) == 2
}

/// Lists the candidate actions (every action the movement rules allow, before the
/// self-harm test of FC6-TURN-03).
pub fn candidates(fc: &Fc6, pos: &Fc6Position, out: &mut Vec<Action>) {
    if pos.result().is_some() {
        return;
    }
    let me = pos.to_move();
    let an = Analysis::new(fc, pos);
    let mut movers = pos.side_bb(me);
    if pos.state().first_move && me == Side::White {
        movers = pos.pieces(me, PAWN);
    }
    for sq in movers.iter() {
        candidates_of(fc, &an, pos, sq, out);
    }
    if !(pos.state().first_move && me == Side::White) {
        exchange_candidates(fc, &an, pos, out);
        respawn::candidates(fc, pos, &|p, a| exec(fc, p, a, &mut NoEvents), out);
    }
}

/// The candidate legs of the unit on `sq` (none if it is paralysed, FC6-PARA-01).
pub fn candidates_of(fc: &Fc6, an: &Analysis, pos: &Fc6Position, s: Square, out: &mut Vec<Action>) {
    let Some(id) = pos.unit_at(s) else { return };
    if is_paralyzed(pos, id) {
        return;
    }
    let u = pos.unit(id);
    let (side, kind) = (u.side, u.kind);
    let grants = move_grants(fc, an, pos, id);
    let occ = pos.occupied().without(s);
    let walls = pos.walls().mask();
    let mut plain = Bitboard::EMPTY;
    let mut leaps = Bitboard::EMPTY;
    let start = out.len();
    for g in &grants {
        for_each_leg(&fc.patterns, occ, walls, side, s, *g, &mut |leg| {
            if leg.onto_unit && (kind == JESTER || refusal(fc, an, pos, s, leg.to).is_some()) {
                return false;
            }
            if tomb::landing_refused(pos, leg.to) {
                return false;
            }
            if leg.reflections.is_empty() {
                let is_leap = leg.kind == LegKind::Leap && diagonal_two(s, leg.to);
                let seen = if is_leap { &mut leaps } else { &mut plain };
                if seen.contains(leg.to) {
                    return false;
                }
                seen.set(leg.to);
                let mut a = Action::step(s, leg.to);
                if is_leap && slide_possible(&grants, occ, walls, s, leg.to) {
                    a = a.with_arg(1);
                }
                let captures_piece = pos.piece_at(leg.to).is_some_and(|(k, _)| k != PAWN);
                if kind == PAWN && on_far_rank(side, leg.to) && !captures_piece {
                    for k in PROMOTION_KINDS {
                        out.push(a.clone().with_piece(k));
                    }
                } else {
                    out.push(a);
                }
            } else {
                let mut path: SmallVec<[Square; 10]> = SmallVec::new();
                path.push(s);
                path.extend_from_slice(leg.reflections);
                path.push(leg.to);
                let a = Action::new(ActionKind::Move, &path);
                if grants.len() == 1 || !out[start..].contains(&a) {
                    out.push(a);
                }
            }
            false
        });
    }
}

/// Performs an action (one whole turn in this part) without the end-of-game tests.
pub fn exec(fc: &Fc6, pos: &mut Fc6Position, a: &Action, events: &mut dyn EventSink) {
    match a.kind {
        ActionKind::Move if a.path.len() >= 2 => leg(fc, pos, a, events),
        ActionKind::Exchange => king::exchange(pos, a, events),
        ActionKind::Drop => respawn::perform(pos, a, events),
        _ => {}
    }
    finish_turn(pos, events);
}

/// One leg: capture, move, CRR, promotions, walls (FC6-TURN-06 steps 1, 3, 4).
fn leg(fc: &Fc6, pos: &mut Fc6Position, a: &Action, events: &mut dyn EventSink) {
    let (Some(s), Some(t)) = (a.from(), a.to()) else {
        return;
    };
    let Some(id) = pos.unit_at(s) else { return };
    let kind = pos.unit(id).kind;
    let mut leap = a.arg == 1;
    if a.path.len() == 2 && diagonal_two(s, t) && !leap {
        let an = Analysis::new(fc, pos);
        let grants = move_grants(fc, &an, pos, id);
        leap = !slide_possible(&grants, pos.occupied().without(s), pos.walls().mask(), s, t);
    }
    let Some((leg_kind, vacated)) = classify(&a.path, leap) else {
        return;
    };
    let me = pos.to_move();
    let kings_check = kind == KING && king::may_kings_check(fc, pos, me);
    let crossed = tomb::crossed(pos, vacated.without(s)).any();
    let mut cascade = Cascade::new();
    if let Some(v) = pos.unit_at(t) {
        let vk = pos.unit(v).kind;
        tomb::die(pos, v, t, Death::Captured(id), &mut cascade, events);
        reduce_range(pos, id, vk);
        promote_by_capture(pos, id, vk, events);
    }
    pos.move_unit(id, t);
    if events.wants() {
        events.push(Event::Moved {
            unit: id,
            from: s,
            to: t,
        });
    }
    tomb::rest(pos, id, t, &mut cascade, events);
    tomb::resolve(fc, pos, &mut cascade, events);
    if kings_check && pos.unit(id).loc.on_board() {
        king::kings_check(fc, pos, events);
    }
    let diagonal = s.file() != t.file() && s.rank() != t.rank();
    let n = walls::duration(kind, leg_kind, diagonal);
    walls::make(pos, id, vacated, n, leg_kind, events);
    if crossed {
        tomb::crossing_paralysis(pos, id, events);
    }
    if let Some(k) = a.piece {
        let u = pos.unit(id);
        if u.loc.on_board() && u.kind == PAWN && on_far_rank(u.side, t) {
            promote(pos, id, k, events);
        }
    }
}

/// Ends the turn: the first-move limit is lifted, the mover's expired walls vanish, and
/// the turn passes (FC6-TURN-07, FC6-FRST-02).
pub fn finish_turn(pos: &mut Fc6Position, events: &mut dyn EventSink) {
    let me = pos.to_move();
    if pos.state().first_move {
        pos.set_state(Fc6State::default());
    }
    walls::expire(pos, me, events);
    pos.pass_turn();
    if events.wants() {
        events.push(Event::TurnPassed { to: pos.to_move() });
    }
    pos.bump_ply();
}

/// True if `side`'s king is on the board and not in check (FC6-TURN-03).
pub fn king_safe(fc: &Fc6, pos: &Fc6Position, side: Side) -> bool {
    king_square(pos, side).is_some() && !in_check(fc, pos, side)
}

/// Why `a` is not legal in `pos`, in rule terms.
pub fn explain_illegal(fc: &Fc6, pos: &Fc6Position, a: &Action) -> String {
    if let Some(o) = pos.result() {
        return format!("the game is over: {o}");
    }
    let me = pos.to_move();
    let mut cands = Vec::new();
    candidates(fc, pos, &mut cands);
    if cands.contains(a) {
        return "it would leave or put your own king in check (FC6-TURN-03, FC6-TURN-05)".into();
    }
    if pos.state().first_move && me == Side::White && a.kind != ActionKind::Move {
        return "White's first action must be a plain pawn move (FC6-FRST-01)".into();
    }
    match a.kind {
        ActionKind::Move => {}
        ActionKind::Drop => {
            return respawn::explain_illegal(fc, pos, &|p, x| exec(fc, p, x, &mut NoEvents), a)
        }
        ActionKind::Exchange => return king::explain_exchange(fc, pos, a),
        _ => {
            return format!(
                "fc6 has moves, King's Exchange (exchange:) and respawn (drop:) in this version: `{}` actions are not part of the game yet",
                a.kind.keyword()
            )
        }
    }
    let (Some(from), Some(to)) = (a.from(), a.to()) else {
        return "a move names its start and end squares".into();
    };
    let Some(id) = pos.unit_at(from) else {
        return format!("there is no unit on {from}");
    };
    let u = pos.unit(id);
    if u.side != me {
        return format!("the unit on {from} belongs to {}", u.side);
    }
    if pos.state().first_move && me == Side::White && u.kind != PAWN {
        return "White's first action must be a plain pawn move (FC6-FRST-01)".into();
    }
    if is_paralyzed(pos, id) {
        return format!(
            "the unit on {from} is paralysed for {} more turn(s) of its owner (FC6-PARA-01)",
            super::paralysis::turns_left(pos, id)
        );
    }
    if pos.walls().mask().contains(to) {
        return format!("{to} is a wall: nothing lands on a wall (FC6-WALL-01)");
    }
    let an = Analysis::new(fc, pos);
    if let Some((_, side)) = pos.piece_at(to) {
        if side == me {
            return format!("{to} holds a friendly unit (FC6-MOVE-01)");
        }
        let why = match refusal(fc, &an, pos, from, to) {
            Some(Refusal::Jester) => Some("jesters never capture (FC6-JEST-01)".to_string()),
            Some(Refusal::KindImmunity) => Some(format!(
                "kind immunity: a {} cannot capture a {} (FC6-KIND-01)",
                fc.kind_name(u.kind),
                fc.kind_name(u.kind)
            )),
            Some(Refusal::Guarded) => Some(format!(
                "the unit on {to} is guarded by two or more pieces and cannot be captured (FC6-GARD-01)"
            )),
            Some(Refusal::Shield) => Some(format!(
                "the templar on {to} attacks {from}, so its Shield stops the capture (FC6-TEMP-01)"
            )),
            _ => None,
        };
        if let Some(w) = why {
            return w;
        }
    }
    let ends: Vec<Action> = cands
        .iter()
        .filter(|c| c.from() == Some(from) && c.to() == Some(to))
        .cloned()
        .collect();
    if let Some(c) = ends.first() {
        if u.kind == PAWN && a.piece.is_none() && c.piece.is_some() {
            return "a pawn reaching its far rank must promote: add =R, =N, =B, =D, =J, =C, =T or =Q (FC6-PAWN-02)".into();
        }
        if a.piece.is_some() && c.piece.is_some() {
            return "a pawn promotes to R, N, B, D, J, C, T or Q, never K or P (FC6-PAWN-02)"
                .into();
        }
        if a.piece.is_some() {
            return "no promotion to choose here: a pawn taking a piece becomes that piece (FC6-PAWN-01), and only a pawn ending on its far rank names one (FC6-PAWN-02)".into();
        }
        if a.path.len() > 2 || c.path.len() > 2 {
            return format!(
                "{} is not a route of this slide: write the start, every square it reflects on, then the end (FC6-BNCE-02)",
                a.path.iter().map(|s| s.to_string()).collect::<String>()
            );
        }
        return "the leap and the slide between these squares are written apart: the leap ends with #1 (FC6-BNCE-02)".into();
    }
    if u.kind == KING {
        return format!("the king steps one square; {to} is out of its reach (FC6-MOVE-10)");
    }
    format!("the unit on {from} cannot reach {to} with one leg of its patterns now (FC6-MOVE-01, FC6-EMPW-02)")
}
