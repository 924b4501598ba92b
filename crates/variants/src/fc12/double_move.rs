//! Legs and the double move (F12-DBLM-01..06).
//!
//! * F12-DBLM-01: every unit but the king may make two legs in one turn if it
//!   captures nothing; no paralysis price. Leg 1 is one action; then the same unit
//!   makes leg 2 or the player plays `end` (`Fc12State::mover`).
//! * F12-DBLM-02: a knight (with a knight leap: displacement or Knight's Leap) and
//!   a bishop (with a diagonal slide, [`super::bishop`]) may capture on leg 1 or
//!   leg 2; the capture ends the turn ([`capture_in_double_move`]).
//! * F12-DBLM-03: any other unit captures only in a single move: a capture on leg
//!   1 ends the turn, and leg 2 never captures.
//! * F12-DBLM-04: each leg may use a different pattern.
//! * F12-DBLM-05: the patterns of a leg are those the unit has when the leg starts
//!   ([`patterns`], recomputed for leg 2).
//! * F12-DBLM-06: crossing a death square, landing on one (death), giving check
//!   (F12-TURN-04), promoting, a capture, or being paralysed after leg 1 end the
//!   turn ([`leg`]).

use super::capture::{refusal, take};
use super::death::{crossed, is_death, mark};
use super::empower::empowered;
use super::movement::{is_knight_offset, line_dir, native, reach, Pat};
use super::paralysis::{is_paralyzed, paralyze};
use super::pawn::{on_far_rank, promote, push_with_promotions};
use super::{bishop, jester, king, knight, rook, swap};
use super::{Fc12, Fc12Position, Fc12State, JESTER, KING, KNIGHT, PAWN, ROOK};
use frozen_core::{Action, Event, EventSink, Kind, Square, UnitId};
use smallvec::SmallVec;

/// The unit's patterns at the start of a leg (F12-DBLM-05): native plus empowered,
/// or, for a jester, its knight leap plus borrowed patterns (F12-JEST-01).
pub fn patterns(fc: &Fc12, pos: &Fc12Position, id: UnitId) -> Pat {
    let k = pos.unit(id).kind;
    match k {
        KING => 0,
        JESTER => jester::patterns(fc, pos, id),
        _ => native(k) | empowered(fc, pos, id),
    }
}

/// True if a unit of `kind` moving `s`→`t` may capture inside a double move:
/// a knight with a knight leap, a bishop with a diagonal slide (F12-DBLM-02).
pub fn capture_in_double_move(kind: Kind, s: Square, t: Square) -> bool {
    (kind == KNIGHT && is_knight_offset(s, t)) || bishop::bounce_capture(kind, s, t)
}

/// Lists the leg candidates of unit `id` (leg 2 if `leg2`), and on leg 1 its swaps.
/// The caller has checked that the unit is not paralysed.
pub fn gen_legs(fc: &Fc12, pos: &Fc12Position, id: UnitId, leg2: bool, out: &mut Vec<Action>) {
    let u = pos.unit(id);
    let Some(s) = u.loc.square() else { return };
    let (kind, side) = (u.kind, u.side);
    if kind == KING {
        return;
    }
    let pats = patterns(fc, pos, id);
    let occ = pos.occupied();
    let r = reach(fc, pats, s, occ);
    let may_push = !(leg2 && pos.state().no_push);
    for t in r.iter() {
        match pos.unit_at(t) {
            None => {
                if kind == JESTER && is_knight_offset(s, t) {
                    jester::leap_actions(pos, s, t, out);
                    continue;
                }
                let promo = kind == PAWN && on_far_rank(side, t) && !is_death(pos, t);
                push_with_promotions(Action::step(s, t), promo, out);
                if kind == ROOK && may_push {
                    if let Some(e) = rook::push_victim(fc, pos, s, t) {
                        out.push(Action::new(frozen_core::ActionKind::Move, &[s, t, e]));
                    }
                }
                if kind == KNIGHT && is_knight_offset(s, t) {
                    knight::leap_captures(fc, pos, id, s, t, out);
                }
            }
            Some(v) if pos.unit(v).side != side => {
                if leg2 && !capture_in_double_move(kind, s, t) {
                    continue;
                }
                if refusal(fc, pos, kind, side, v).is_some() {
                    continue;
                }
                let promo = kind == PAWN
                    && pos.unit(v).kind == PAWN
                    && on_far_rank(side, t)
                    && !is_death(pos, t);
                push_with_promotions(Action::step(s, t), promo, out);
            }
            Some(_) => {}
        }
    }
    if !leg2 {
        swap::swaps(pos, id, s, r, out);
    }
}

/// Performs one leg (a `Move` action) in the order of F12-TURN-06: displacement or
/// Knight's Leap capture, landing (push, jester leap paralysis, early promotion,
/// death on a death square, crossing paralysis), blasts, new death squares,
/// last-rank promotion. Returns true if the turn ends with this leg.
pub fn leg(fc: &Fc12, pos: &mut Fc12Position, a: &Action, events: &mut dyn EventSink) -> bool {
    leg_with(fc, pos, a, events, true)
}

/// [`leg`], optionally without the test "this leg leaves the enemy king in check"
/// (F12-TURN-04) that may end the turn: with `check_test` false a leg that gives check
/// leaves the turn open. Only the legality probe of the whole-turn search uses that (the
/// mover's own safety does not depend on whether the turn is over).
pub fn leg_with(
    fc: &Fc12,
    pos: &mut Fc12Position,
    a: &Action,
    events: &mut dyn EventSink,
    check_test: bool,
) -> bool {
    let Some(s) = a.from() else { return true };
    let Some(id) = pos.unit_at(s) else {
        return true;
    };
    let (kind, side) = (pos.unit(id).kind, pos.unit(id).side);
    // Paths: `<from><to>`, Knight's Leap and jester `<from><path square><to>`,
    // rook push `<from><to><pushed>`.
    let (t, mid) = match (a.path.len(), kind) {
        (3, ROOK) => (a.path[1], Some(a.path[2])),
        (3, _) => (a.path[2], Some(a.path[1])),
        _ => match a.to() {
            Some(t) => (t, None),
            None => return true,
        },
    };
    let leg2 = pos.state().mover.is_some();
    let landing_death = is_death(pos, t);
    let crossing = crossed(fc, pos, s, t);
    let mut blasts: SmallVec<[Square; 4]> = SmallVec::new();
    let mut captured = false;
    let mut victim_kind = None;
    if let Some(v) = pos.unit_at(t) {
        let vk = pos.unit(v).kind;
        victim_kind = Some(vk);
        if vk == JESTER {
            blasts.push(t);
        }
        take(pos, v, id, events);
        captured = true;
    }
    pos.move_unit(id, t);
    if events.wants() {
        events.push(Event::Moved {
            unit: id,
            from: s,
            to: t,
        });
    }
    if captured {
        mark(pos, t, events);
    }
    let mut push_killed = false;
    if let Some(mid) = mid {
        match kind {
            KNIGHT => {
                if let Some(v) = pos.unit_at(mid) {
                    if pos.unit(v).kind == JESTER {
                        blasts.push(mid);
                    }
                    take(pos, v, id, events);
                    mark(pos, mid, events);
                    captured = true;
                }
            }
            ROOK => {
                if let Some(d) = line_dir(s, t) {
                    push_killed = rook::push(fc, pos, mid, d, events);
                }
            }
            JESTER => {
                if let Some(p) = jester::named_path(s, mid, t) {
                    jester::leap_paralysis(pos, p, events);
                }
            }
            _ => {}
        }
    }
    if kind == PAWN {
        if let Some(vk) = victim_kind.filter(|&k| k != PAWN && k != KING) {
            promote(pos, id, vk, events);
        }
    }
    if landing_death {
        super::capture::kill(pos, id, events);
    } else if crossing {
        paralyze(pos, id, 2, events);
    }
    if !blasts.is_empty() {
        jester::explode(fc, pos, &mut blasts, events);
    }
    let mut promoted = false;
    if let Some(p) = a.piece {
        let u = pos.unit(id);
        if u.loc.on_board() && u.kind == PAWN {
            promote(pos, id, p, events);
            promoted = true;
        }
    }
    let alive = pos.unit(id).loc.on_board();
    let ends = leg2
        || captured
        || !alive
        || crossing
        || promoted
        || king::king_square(pos, side).is_none()
        || king::king_square(pos, side.opposite()).is_none()
        || is_paralyzed(fc, pos, id)
        || (check_test && king::in_check(fc, pos, side.opposite()));
    if !ends {
        pos.set_state(Fc12State {
            mover: Some(id),
            no_push: push_killed,
        });
    }
    ends
}
