//! Turn structure and legality (F12-TURN-01..06).
//!
//! * F12-TURN-01: a turn is one action in the catalog's sense: a single move, a
//!   double move (two engine actions: leg 1, then leg 2 or `end`), a swap or a
//!   King's Exchange; no passing. A pending promotion choice (`act:`) comes first
//!   and does not use up the turn.
//! * F12-TURN-02: an action is illegal if, once the turn is fully resolved, the
//!   mover's king is in check or dead. Leg 1 is legal if some way to finish the
//!   turn (`end` or a leg 2) is legal (the family's bounded whole-turn search,
//!   [`crate::frozen_family::turn`], with at most one leg after leg 1).
//! * F12-TURN-03: check = an enemy unit attacks the king
//!   ([`super::capture::for_each_attacker`]); kings and jesters never give
//!   check; pushes and blasts are not check.
//! * F12-TURN-04: a leg that leaves the enemy king in check ends the turn
//!   ([`super::double_move::leg`]).
//! * F12-TURN-05: in check, only actions after which the king is not attacked are
//!   legal (any of capture, block, swap, push, jester paralysis, exchange).
//! * F12-TURN-06: the order inside an action ([`super::double_move::leg`]).

use super::capture::refusal;
use super::double_move::{capture_in_double_move, gen_legs, patterns};
use super::king::{exchanges, in_check, king_square};
use super::movement::{is_knight_offset, reach};
use super::paralysis::{is_paralyzed, presence, timer_frozen};
use super::{double_move, king, pawn, swap};
use super::{Fc12, Fc12Position, KING, PAWN};
use crate::frozen_family::turn as family_turn;
use frozen_core::{Action, ActionKind, Event, EventSink, Side};

/// Lists the candidate actions: every action the movement rules allow, before the
/// own-king test of F12-TURN-02.
pub fn candidates(fc: &Fc12, pos: &Fc12Position, out: &mut Vec<Action>) {
    if pos.result().is_some() {
        return;
    }
    if let Some(p) = pos.pending().first() {
        pawn::choices(p, out);
        return;
    }
    let me = pos.to_move();
    if let Some(m) = pos.state().mover {
        if pos
            .get_unit(m)
            .is_some_and(|u| u.loc.on_board() && u.side == me)
            && !is_paralyzed(fc, pos, m)
        {
            gen_legs(fc, pos, m, true, out);
        }
        out.push(Action::new(ActionKind::End, &[]));
        return;
    }
    for sq in pos.side_bb(me).iter() {
        candidates_of(fc, pos, sq, out);
    }
}

/// The candidates of the unit on `sq` at the start of a turn: nothing if it is paralysed
/// (F12-PARA-01: a paralysed unit cannot move, swap or use any ability, and King's
/// Exchange is the king's ability; a king is paralysed by a Rook Push, F12-KING-03, never
/// by a jester, F12-JEST-05), else King's Exchange for the king and the legs and swaps of
/// any other unit.
pub fn candidates_of(
    fc: &Fc12,
    pos: &Fc12Position,
    sq: frozen_core::Square,
    out: &mut Vec<Action>,
) {
    let Some(id) = pos.unit_at(sq) else { return };
    if is_paralyzed(fc, pos, id) {
        return;
    }
    if pos.unit(id).kind == KING {
        exchanges(fc, pos, id, out);
    } else {
        gen_legs(fc, pos, id, false, out);
    }
}

/// Ends the turn: clears the double-move state, passes the turn (the new side's
/// counter advances), drops expired timers and records promotions owed.
pub fn finish_turn(pos: &mut Fc12Position, events: &mut dyn EventSink) {
    if *pos.state() != super::Fc12State::default() {
        pos.set_state(super::Fc12State::default());
    }
    pos.pass_turn();
    let next = pos.to_move();
    let owed = pawn::pending_for(pos, next);
    pos.set_pending(owed);
    if events.wants() {
        events.push(Event::TurnPassed { to: next });
    }
}

/// Performs an action without the end-of-game tests.
pub fn exec(fc: &Fc12, pos: &mut Fc12Position, a: &Action, events: &mut dyn EventSink) {
    exec_with(fc, pos, a, events, true);
}

/// [`exec`], with the check test of a leg optional (see [`double_move::leg_with`]).
pub fn exec_with(
    fc: &Fc12,
    pos: &mut Fc12Position,
    a: &Action,
    events: &mut dyn EventSink,
    check_test: bool,
) {
    match a.kind {
        ActionKind::Act => pawn::choose(pos, a, events),
        ActionKind::End => finish_turn(pos, events),
        ActionKind::Swap => {
            swap::perform(fc, pos, a, events);
            finish_turn(pos, events);
        }
        ActionKind::Exchange => {
            king::exchange(pos, a, events);
            finish_turn(pos, events);
        }
        ActionKind::Move if double_move::leg_with(fc, pos, a, events, check_test) => {
            finish_turn(pos, events)
        }
        _ => {}
    }
    pos.bump_ply();
}

/// True if `side`'s king is on the board and not attacked.
pub fn king_safe(fc: &Fc12, pos: &Fc12Position, side: Side) -> bool {
    king_square(pos, side).is_some() && !in_check(fc, pos, side)
}

/// True if the side to act has at least one legal action.
pub fn has_legal_action(fc: &Fc12, pos: &mut Fc12Position) -> bool {
    family_turn::with_scratch(|buf| family_turn::has_legal(fc, pos, buf))
}

/// Why `a` is not legal in `pos`, in rule terms.
pub fn explain_illegal(fc: &Fc12, pos: &Fc12Position, a: &Action) -> String {
    if let Some(o) = pos.result() {
        return format!("the game is over: {o}");
    }
    let me = pos.to_move();
    if let Some(p) = pos.pending().first() {
        let sq = p.square.map_or_else(String::new, |s| s.to_string());
        return format!(
            "the pawn on {sq} must promote first: act:{sq}=N, =B, =R, =Q, =D or =J (F12-PAWN-01)"
        );
    }
    if a.kind == ActionKind::Act {
        return "no promotion choice is pending".into();
    }
    let mut cands = Vec::new();
    candidates(fc, pos, &mut cands);
    if cands.contains(a) {
        return "it would leave or put your own king in check or dead (F12-TURN-02, F12-TURN-05)"
            .into();
    }
    if let Some(m) = pos.state().mover {
        let at = pos.get_unit(m).and_then(|u| u.loc.square());
        if a.kind != ActionKind::Move || a.from() != at {
            return format!(
                "the double move of the unit on {} is under way: play its second leg or `end` (F12-DBLM-01)",
                at.map_or_else(|| "?".to_string(), |s| s.to_string())
            );
        }
    }
    if a.kind == ActionKind::End {
        return "`end` only ends a double move after its first leg".into();
    }
    let Some(from) = a.from() else {
        return "the action names no square".into();
    };
    if !fc.geo.shape().contains(from) || a.path.iter().any(|s| !fc.geo.shape().contains(*s)) {
        return "a square is off the 12x12 board".into();
    }
    let Some(id) = pos.unit_at(from) else {
        return format!("there is no unit on {from}");
    };
    let u = pos.unit(id);
    if u.side != me {
        return format!("the unit on {from} belongs to {}", u.side);
    }
    match a.kind {
        ActionKind::Exchange if u.kind != KING => {
            return "only the king makes King's Exchange (F12-KING-02)".into();
        }
        ActionKind::Exchange => {
            if timer_frozen(pos, id) {
                return format!(
                    "the king on {from} is paralysed through its owner's turn {}, so it cannot make King's Exchange (F12-PARA-01, F12-KING-03)",
                    u.status.frozen_through
                );
            }
            let Some(to) = a.to() else {
                return "name the unit to exchange with".into();
            };
            return match pos.piece_at(to) {
                Some((_, s)) if s == me && to != from => format!(
                    "the unit on {to} is attacked by an enemy unit, so the king cannot exchange with it (F12-KING-02)"
                ),
                _ => format!("the king exchanges only with a friendly unit, not with {to} (F12-KING-02)"),
            };
        }
        _ if u.kind == KING => {
            return "the king never moves, captures or swaps; it can only make King's Exchange (F12-MOVE-08, F12-KING-01, F12-SWAP-01)".into();
        }
        _ => {}
    }
    if timer_frozen(pos, id) {
        return format!(
            "the unit on {from} is paralysed through its owner's turn {} (F12-PARA-01, F12-PARA-02)",
            u.status.frozen_through
        );
    }
    if let Some(j) = presence(fc, pos, id) {
        return format!("the unit on {from} is paralysed by the presence of the enemy jester on {j} (F12-JEST-03)");
    }
    let to = if a.path.len() == 3 && u.kind == super::ROOK {
        Some(a.path[1])
    } else {
        a.to()
    };
    let Some(to) = to else {
        return "the action names no destination".into();
    };
    let pats = patterns(fc, pos, id);
    let r = reach(fc, pats, from, pos.occupied());
    if !r.contains(to) {
        return format!("the unit on {from} cannot reach {to} with one leg of its patterns now (F12-MOVE-01, F12-EMPW-01)");
    }
    if a.kind == ActionKind::Swap {
        return match pos.piece_at(to) {
            Some((KING, _)) => "kings cannot be swapped (F12-SWAP-01)".into(),
            Some((_, s)) if s == me => {
                if pos.state().mover.is_some() {
                    "a swap is a whole action, never part of a double move (F12-SWAP-02)".into()
                } else {
                    "a pawn put on its far rank by a swap must promote: add =N, =B, =R, =Q, =D or =J (F12-PAWN-01)".into()
                }
            }
            _ => format!("a swap needs a friendly unit on {to} (F12-SWAP-01)"),
        };
    }
    if let Some(vid) = pos.unit_at(to) {
        let v = pos.unit(vid);
        if v.side == me {
            return format!(
                "{to} holds a friendly unit: use swap:{from}{to} to trade places (F12-SWAP-01)"
            );
        }
        if pos.state().mover.is_some() && !capture_in_double_move(u.kind, from, to) {
            return "only a knight (knight leap) or a bishop (diagonal) may capture on the second leg of a double move (F12-DBLM-02, F12-DBLM-03)".into();
        }
        if let Some(r) = refusal(fc, pos, u.kind, me, vid) {
            return match r {
                super::capture::Refusal::KindImmunity => format!(
                    "kind immunity: a {} cannot capture a {} (F12-KIND-01)",
                    fc.kind_name(u.kind),
                    fc.kind_name(v.kind)
                ),
                super::capture::Refusal::Guarded => format!(
                    "the unit on {to} is guarded by two or more pieces and cannot be captured (F12-GARD-01)"
                ),
                super::capture::Refusal::CannotCapture => "jesters and kings never capture (F12-JEST-02, F12-KING-01)".into(),
                super::capture::Refusal::Friendly => "friendly unit".into(),
            };
        }
    }
    if a.path.len() == 3 {
        let mid = a.path[1];
        if u.kind == super::KNIGHT && is_knight_offset(from, to) {
            if let Some(vid) = pos.unit_at(mid) {
                if let Some(r) = refusal(fc, pos, u.kind, me, vid) {
                    return format!("the Knight's Leap capture of {mid} is refused: {r:?} (F12-KNIG-01, F12-KNIG-02)");
                }
            }
            return format!("{mid} is not a capturable enemy on a leap path of {from}{to} (F12-KNIG-01, F12-MOVE-09)");
        }
        if u.kind == super::ROOK {
            return format!("no push of {mid} is possible: the push needs a non-rook enemy right after the rook's orthogonal slide, room behind it, and a landing square that is not a death square (F12-ROOK-01..05)");
        }
        return "a three-square path is a Knight's Leap capture, a rook push or a jester's named leap path".into();
    }
    if u.kind == PAWN && a.piece.is_none() && super::pawn::on_far_rank(me, to) {
        return "a pawn reaching its far rank must promote: add =N, =B, =R, =Q, =D or =J (F12-PAWN-01)".into();
    }
    if a.piece.is_some() {
        return "a promotion piece is only given by a pawn that ends on its far rank (F12-PAWN-01)"
            .into();
    }
    if u.kind == super::JESTER && is_knight_offset(from, to) {
        return format!(
            "name the leap path the jester passes over: {from}<path square>{to} (F12-JEST-04)"
        );
    }
    "it is not among the legal actions of this position".into()
}
