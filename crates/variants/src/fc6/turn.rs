//! The turn (FC6-TURN-01..07) and the first-move rule (FC6-FRST-01..02).
//!
//! * FC6-TURN-01: in each turn the side to move performs exactly one action with one
//!   unit: a single move, a double move or a knight's march ([`super::double_move`]); no
//!   passing. The engine splits a turn into decisions: each leg, then `end` where stopping
//!   is optional.
//! * FC6-TURN-02: a leg that captures or leaves the enemy king in check (any check present
//!   after the leg, discovered ones included) is the last leg of the turn; the rook push
//!   is the only add-on that lets the turn go on (`leg`).
//! * FC6-TURN-03: self-harm is illegal: a turn is legal only if, once fully resolved, the
//!   mover's king is on the board and not in check. A leg is listed only if some
//!   completion of the turn is legal, and `end` only where ending is legal: the family's
//!   whole-turn search ([`crate::frozen_family::turn`]), bounded by the legs left (at most
//!   3, [`super::double_move::legs_left`]); [`turn_safe`] judges an open turn as if it
//!   ended now.
//! * FC6-TURN-04: check = an enemy unit attacks the king ([`super::attack::in_check`]),
//!   Knight's Leap capture included.
//! * FC6-TURN-05: a side in check must pick an action after which its king is not in
//!   check; any action may do it (the same legality test).
//! * FC6-TURN-06: the order inside a leg (`leg`): (a) the capture (the victim dies into
//!   the tomb of its own square, [`super::tomb::die`], then CRR, Queen's Poison, Piece
//!   Promotion); (b) the mover comes to rest ([`super::arrive::come_to_rest`]: on an
//!   ARMED tomb it dies and makes no push); (c) the rook push, the pushed unit coming to
//!   rest the same way; (d) a surviving mover or pushed unit on an enemy trap is caught
//!   ([`super::arrive::caught`]); (e) the explosion cascade ([`super::tomb::resolve`]);
//!   then King's Check deaths ([`super::king::kings_check`]). When the turn ends
//!   ([`super::double_move::settle`]): jester traps, then walls, then the price and
//!   tomb-crossing paralysis; last-rank promotion; the end-of-turn expiries
//!   ([`finish_turn`]); the self-harm test (on the position after the expiries: a wall
//!   that vanishes at the end of the turn shields nobody); the win/loss test
//!   ([`super::victory`]). Special moves (King's Exchange, respawn, shadowing and
//!   de-shadowing ([`super::shadow`]), rotation ([`super::rotation`])) are whole turns.
//! * FC6-TURN-07: at the end of side S's turn the walls S made whose last turn this was
//!   vanish ([`super::walls::expire`]), then the traps whose hold on a unit of S has ended
//!   dissolve ([`super::trap::dissolve`]).
//! * An owed promotion (FC6-PAWN-02, [`super::pawn::owed_promotions`]) comes before the
//!   turn: while the side to move owes one, only the choices are listed; a choice does
//!   not pass the turn.
//! * FC6-FRST-01: while White's first action is still to come ([`super::base::Fc6State`]),
//!   only single pawn moves are listed, and that move is one leg.
//! * FC6-FRST-02: the limit is lifted by that one action; Black's first action is free.
//!
//! Uses: every rule module of the folder below it.

use super::arrive::{caught, come_to_rest};
use super::attack::{in_check, king_square};
use super::base::{
    DueWall, Fc6, Fc6Position, Fc6State, TurnState, JESTER, KING, KNIGHT, PAWN, P_DIAG, P_KNIGHT,
    ROOK,
};
use super::capture::{reduce_range, refusal, Refusal};
use super::double_move::{max_legs, settle, LegOutcome, DOUBLE_LEGS};
use super::empower::Analysis;
use super::king::{self, exchange_candidates};
use super::knight::{is_leap_capture, leap_captures, MARCH_LEGS};
use super::movement::{classify, for_each_leg, middle_free, Grant, LegKind};
use super::notation::{number, special, Special};
use super::paralysis::is_paralyzed;
use super::pawn::{
    is_promotion_choice, on_far_rank, owed, owed_promotions, promote, promote_by_capture,
    PROMOTION_KINDS,
};
use super::respawn;
use super::rook::{ortho_dir, push, push_target, Pushed};
use super::rotation;
use super::shadow;
use super::siege::besieged;
use super::tomb::{self, Cascade, Death};
use super::{bishop, chancellor, dragon, mind, pull, swap};
use super::{queen, trap, walls};
use crate::frozen_family::leap_paths::is_knight_offset;
use crate::frozen_family::turn::with_scratch;
use crate::frozen_family::{Parts, TurnEndZone};
use frozen_core::{Action, ActionKind, Bitboard, Event, EventSink, NoEvents, Side, Square, UnitId};
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

/// What the next leg of the unit may do (FC6-KNIG-04, FC6-KNIG-07).
#[derive(Copy, Clone, Debug, Default)]
pub struct LegContext {
    /// Only the knight's own knight leap (legs 3 and 4 of a march).
    pub knight_only: bool,
    /// No capture (leg 4 of a march).
    pub no_capture: bool,
    /// A leg played under Mind Control (FC6-MIND-02/03): captures only units of the
    /// unit's own side, as if they were enemies; no Rook Push, no Knight's Leap capture.
    pub controlled: bool,
}

/// How a leg is played: a plain leg, the leg of a Dragon's Fire, or a leg under Mind
/// Control.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum LegMode {
    Normal,
    Fire,
    Controlled,
}

/// Lists the candidate actions (every action the movement rules allow, before the
/// self-harm test of FC6-TURN-03). During a turn in progress: the next legs of its unit
/// and `end`.
pub fn candidates(fc: &Fc6, pos: &Fc6Position, out: &mut Vec<Action>) {
    if pos.result().is_some() {
        return;
    }
    let me = pos.to_move();
    let an = Analysis::new(fc, pos);
    if let Some(t) = &pos.state().turn {
        if let Some(sq) = pos
            .get_unit(t.mover)
            .filter(|u| u.side == me)
            .and_then(|u| u.loc.square())
        {
            let ctx = LegContext {
                knight_only: t.march && t.legs >= DOUBLE_LEGS,
                no_capture: t.march && t.legs + 1 >= MARCH_LEGS,
                controlled: false,
            };
            // FC6-DBLM-06: a king on an attacked square makes no further leg.
            let king_stays = pos.unit(t.mover).kind == KING && in_check(fc, pos, me);
            if !king_stays {
                candidates_in(fc, &an, pos, sq, ctx, out);
            }
        }
        out.push(Action::new(ActionKind::End, &[]));
        return;
    }
    // FC6-PAWN-02: a pawn an enemy action put on its far rank promotes first.
    if owed_promotions(pos, out) {
        return;
    }
    let mut movers = pos.side_bb(me);
    if pos.state().first_move && me == Side::White {
        movers = pos.pieces(me, PAWN);
    }
    for sq in movers.iter() {
        candidates_of(fc, &an, pos, sq, out);
    }
    // Special moves are whole turns, never a leg (FC6-DBLM-11, FC6-RESP-07).
    if !(pos.state().first_move && me == Side::White) {
        exchange_candidates(fc, &an, pos, out);
        respawn::candidates(fc, pos, &|p, a| exec(fc, p, a, &mut NoEvents), out);
        swap::candidates(fc, &an, pos, out);
        chancellor::paralyse_candidates(fc, &an, pos, out);
        bishop::candidates(fc, &an, pos, out);
        shadow::candidates(fc, &an, pos, out);
        rotation::candidates(pos, out);
        fire_candidates(fc, &an, pos, out);
        pull::candidates(fc, &an, pos, out);
        mind::candidates(
            fc,
            &an,
            pos,
            &|b, legs| controlled_legs_into(fc, &an, pos, b, legs),
            out,
        );
    }
}

/// Dragon's Fire candidates (FC6-DRAG-01): for each dragon of the side to act, its plain
/// legs judged by [`dragon::candidates`].
fn fire_candidates(fc: &Fc6, an: &Analysis, pos: &Fc6Position, out: &mut Vec<Action>) {
    let me = pos.to_move();
    with_scratch(|legs| {
        for s in pos.pieces(me, super::base::DRAGON).iter() {
            legs.clear();
            candidates_of(fc, an, pos, s, legs);
            dragon::candidates(fc, pos, s, legs, out);
        }
    });
}

/// The legs the enemy unit on `b` may play under Mind Control (FC6-MIND-02/03): one plain
/// leg of its own current patterns, capturing only units of its own side.
pub fn controlled_legs(fc: &Fc6, an: &Analysis, pos: &Fc6Position, b: Square) -> Vec<Action> {
    let mut out = Vec::new();
    controlled_legs_into(fc, an, pos, b, &mut out);
    out
}

/// [`controlled_legs`], added to `out`.
pub fn controlled_legs_into(
    fc: &Fc6,
    an: &Analysis,
    pos: &Fc6Position,
    b: Square,
    out: &mut Vec<Action>,
) {
    let ctx = LegContext {
        controlled: true,
        ..LegContext::default()
    };
    candidates_in(fc, an, pos, b, ctx, out);
}

/// The leg inside a Dragon's Fire (`skip` 0) or a Mind Control (`skip` 1) action, as a
/// move.
fn inner_leg(a: &Action, skip: usize) -> Action {
    let mut m =
        Action::new(ActionKind::Move, &a.path[skip.min(a.path.len())..]).with_arg(number(a));
    m.piece = a.piece;
    m
}

/// The candidate legs of the unit on `sq` at the start of a turn (none if it is
/// paralysed, FC6-PARA-01).
pub fn candidates_of(fc: &Fc6, an: &Analysis, pos: &Fc6Position, s: Square, out: &mut Vec<Action>) {
    candidates_in(fc, an, pos, s, LegContext::default(), out);
}

/// The candidate legs of the unit on `sq` under `ctx`: plain legs, bounced routes,
/// promotions, rook pushes (FC6-ROOK-01..06) and Knight's Leap captures (FC6-KNIG-01).
pub fn candidates_in(
    fc: &Fc6,
    an: &Analysis,
    pos: &Fc6Position,
    s: Square,
    ctx: LegContext,
    out: &mut Vec<Action>,
) {
    let Some(id) = pos.unit_at(s) else { return };
    if is_paralyzed(pos, id) {
        return;
    }
    let u = pos.unit(id);
    let (side, kind) = (u.side, u.kind);
    let mut grants = move_grants(fc, an, pos, id);
    if ctx.knight_only {
        grants.clear();
        grants.push(Grant {
            pats: P_KNIGHT,
            range: u.status.range,
        });
    }
    let occ = pos.occupied().without(s);
    let walls = pos.walls().mask();
    let mut plain = Bitboard::EMPTY;
    let mut leaps = Bitboard::EMPTY;
    let start = out.len();
    for g in &grants {
        for_each_leg(&fc.patterns, occ, walls, side, s, *g, &mut |leg| {
            if leg.onto_unit {
                let refused = if ctx.controlled {
                    mind::controlled_refusal(fc, an, pos, s, leg.to)
                } else {
                    refusal(fc, an, pos, s, leg.to).is_some()
                };
                if ctx.no_capture || kind == JESTER || refused {
                    return false;
                }
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
                if kind == ROOK && !is_leap && !leg.onto_unit && !ctx.controlled {
                    if let Some(e) = push_target(an, pos, s, leg.to) {
                        out.push(Action::new(ActionKind::Move, &[s, leg.to, e]));
                    }
                }
            } else {
                let mut path: SmallVec<[Square; 16]> = SmallVec::new();
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
    if kind == KNIGHT && !ctx.no_capture && !ctx.controlled {
        leap_captures(pos, s, &|v| refusal(fc, an, pos, s, v).is_none(), out);
    }
}

/// Performs one decision without the end-of-game tests.
pub fn exec(fc: &Fc6, pos: &mut Fc6Position, a: &Action, events: &mut dyn EventSink) {
    exec_with(fc, pos, a, events, false);
}

/// [`exec`]; with `probe` a leg always ends the turn (the legality probe: ending the turn
/// after the leg is one completion, [`crate::frozen_family::turn`]).
pub fn exec_with(
    fc: &Fc6,
    pos: &mut Fc6Position,
    a: &Action,
    events: &mut dyn EventSink,
    probe: bool,
) {
    match a.kind {
        ActionKind::End => {
            if let Some(t) = pos.state().turn.clone() {
                settle(pos, &t, events);
            }
            finish_turn(pos, events);
        }
        ActionKind::Move if a.path.len() >= 2 => {
            if leg(fc, pos, a, events, probe, LegMode::Normal) {
                pos.bump_ply();
            } else {
                finish_turn(pos, events);
            }
        }
        ActionKind::Exchange => {
            king::exchange(pos, a, events);
            finish_turn(pos, events);
        }
        ActionKind::Drop => {
            respawn::perform(pos, a, events);
            finish_turn(pos, events);
        }
        // FC6-PAWN-02: an owed promotion; the owner's turn is still to come.
        ActionKind::Act if is_promotion_choice(a) => {
            if let (Some(id), Some(k)) = (pos.unit_at(a.path[0]), a.piece) {
                promote(pos, id, k, events);
            }
            pos.bump_ply();
        }
        ActionKind::Swap => {
            swap::perform(pos, a, events);
            finish_turn(pos, events);
        }
        ActionKind::Act => {
            match special(a) {
                Some(Special::Convert) => bishop::perform(pos, a, events),
                Some(Special::Paralyse) => chancellor::paralyse(pos, a, events),
                Some(Special::Shadow | Special::Unshadow) => shadow::perform(pos, a, events),
                Some(Special::Rotate) => rotation::perform(pos, a, events),
                Some(Special::Pull) => pull::perform(fc, pos, a, events),
                // FC6-DRAG-01, FC6-MIND-01: one leg that always ends the turn (it settles
                // the turn's walls itself).
                Some(Special::Fire) => {
                    if events.wants() {
                        if let (Some(s), Some(t)) = (a.from(), a.to()) {
                            events.push(Event::Note(format!(
                                "the dragon on {s} breathes fire from {t}"
                            )));
                        }
                    }
                    leg(fc, pos, &inner_leg(a, 0), events, probe, LegMode::Fire);
                }
                Some(Special::Mind) => {
                    if events.wants() {
                        if let [x, y, ..] = a.path[..] {
                            events.push(Event::Note(format!(
                                "the unit on {x} controls the unit on {y}"
                            )));
                        }
                    }
                    leg(
                        fc,
                        pos,
                        &inner_leg(a, 1),
                        events,
                        probe,
                        LegMode::Controlled,
                    );
                }
                None => {}
            }
            finish_turn(pos, events);
        }
        _ => finish_turn(pos, events),
    }
}

/// One leg (FC6-TURN-06 step 1): the capture (displacement or Knight's Leap), the
/// move, CRR, Poison, promotions, the mover coming to rest, the rook push. Records the
/// walls the leg owes. Returns true if the turn goes on (the turn in progress is stored);
/// otherwise the turn has been settled ([`settle`]) and the caller ends it.
fn leg(
    fc: &Fc6,
    pos: &mut Fc6Position,
    a: &Action,
    events: &mut dyn EventSink,
    probe: bool,
    mode: LegMode,
) -> bool {
    let Some(&s) = a.path.first() else {
        return false;
    };
    let Some(id) = pos.unit_at(s) else {
        return false;
    };
    let (kind, me) = (pos.unit(id).kind, pos.to_move());
    let prior = pos.state().turn.clone();
    let leg_no = prior.as_ref().map_or(1, |t| t.legs + 1);
    // Decode the path: Knight's Leap capture `s v t`, rook push `s t e`, or a route.
    let mut victim_sq = None;
    let mut push_sq = None;
    let normal = mode == LegMode::Normal;
    let route: SmallVec<[Square; 16]> = if normal && kind == KNIGHT && is_leap_capture(pos, &a.path)
    {
        victim_sq = Some(a.path[1]);
        SmallVec::from_slice(&[s, a.path[2]])
    } else if normal
        && kind == ROOK
        && a.path.len() == 3
        && ortho_dir(s, a.path[1]).and_then(|d| a.path[1].step(d)) == Some(a.path[2])
    {
        push_sq = Some(a.path[2]);
        SmallVec::from_slice(&a.path[..2])
    } else {
        SmallVec::from_slice(&a.path)
    };
    let Some(&t) = route.last() else { return false };
    let mut out = LegOutcome::default();
    // FC6-DBLM-05, FC6-FRST-01: judged when the turn starts, before leg 1. Dragon's Fire
    // and a controlled leg are whole turns of one leg (FC6-DRAG-01, FC6-MIND-01).
    if !probe && normal {
        out.may_double = match &prior {
            Some(_) => true,
            None => {
                !pos.state().first_move && {
                    let an = Analysis::new(fc, pos);
                    !besieged(fc, &an, pos, id)
                }
            }
        };
    }
    let mut leap = a.arg == 1;
    if route.len() == 2 && diagonal_two(s, t) && !leap {
        let an = Analysis::new(fc, pos);
        let grants = move_grants(fc, &an, pos, id);
        leap = !slide_possible(&grants, pos.occupied().without(s), pos.walls().mask(), s, t);
    }
    let Some((leg_kind, vacated)) = classify(&route, leap) else {
        return false;
    };
    // FC6-KING-01/03, FC6-DBLM-06: King's Check only on the king's first leg, and only if
    // the king was not in check when its turn began; a King's Check ends the turn.
    let kings_check = kind == KING && prior.is_none() && king::may_kings_check(fc, pos, me);
    // FC6-TOMB-05: the tombs the slide crosses, judged before it moves.
    let crossed = tomb::crossed(pos, vacated.without(s)).any();
    let mut cascade = Cascade::new();
    // (a) The capture: the victim dies into the tomb of its own square (FC6-TOMB-01),
    // then CRR, Queen's Poison and Piece Promotion.
    let mut taken = None;
    if let Some(v) = pos.unit_at(t) {
        taken = Some(pos.unit(v).kind);
        tomb::die(pos, v, t, Death::Captured(id), &mut cascade, events);
    }
    pos.move_unit(id, t);
    if events.wants() {
        events.push(Event::Moved {
            unit: id,
            from: s,
            to: t,
        });
    }
    if let Some(q) = victim_sq {
        if let Some(v) = pos.unit_at(q) {
            taken = Some(pos.unit(v).kind);
            tomb::die(pos, v, q, Death::Captured(id), &mut cascade, events);
        }
    }
    // FC6-DRAG-03: Dragon's Fire burns its victims in scan order, each a capture by the
    // dragon into the tomb of its own square; then CRR and Queen's Poison for each.
    if mode == LegMode::Fire {
        let mut burned: SmallVec<[frozen_core::Kind; 8]> = SmallVec::new();
        for q in dragon::victims(fc, pos, t) {
            if let Some(v) = pos.unit_at(q) {
                burned.push(pos.unit(v).kind);
                tomb::die(pos, v, q, Death::Captured(id), &mut cascade, events);
            }
        }
        for vk in burned {
            out.captured = true;
            reduce_range(pos, id, vk);
            queen::poison(pos, id, vk, events);
        }
    }
    if let Some(vk) = taken {
        out.captured = true;
        reduce_range(pos, id, vk);
        promote_by_capture(pos, id, vk, events);
        queen::poison(pos, id, vk, events);
    }
    // (b) The mover comes to rest: on an ARMED tomb it dies and makes no push; (c) else
    // the rook push; (d) a surviving mover or pushed unit on an enemy trap is caught.
    if come_to_rest(pos, id, &mut cascade, events) {
        let mut pushed = None;
        if let Some(e) = push_sq {
            match push(pos, s, t, e, &mut cascade, events) {
                Pushed::Died => out.death = true,
                Pushed::Moved(u) => pushed = Some(u),
                Pushed::Wall | Pushed::Nothing => {}
            }
        }
        caught(pos, id, events);
        if let Some(u) = pushed {
            caught(pos, u, events);
        }
    }
    // (e) The explosions, to the end (FC6-TOMB-13).
    tomb::resolve(fc, pos, &mut cascade, events);
    let alive = pos.unit(id).loc.on_board();
    out.death |= !alive;
    // Step 2: King's Check deaths.
    if kings_check && alive {
        out.kings_check = king::kings_check(fc, pos, events);
    }
    // Last-rank promotion waits for the end of the turn (step 4); it ends the turn.
    let promotion = a.piece.filter(|_| {
        let u = pos.unit(id);
        alive && u.kind == PAWN && on_far_rank(u.side, t)
    });
    out.promoted = promotion.is_some();
    // The walls this leg owes: its start square first (a trap candidate), then the
    // squares it passed.
    let diagonal = s.file() != t.file() && s.rank() != t.rank();
    let turns = walls::duration(kind, leg_kind, diagonal) as u8;
    let code = walls::code(leg_kind);
    let mut due: SmallVec<[DueWall; 16]> = SmallVec::new();
    due.push(DueWall {
        sq: s,
        turns,
        code,
        start: true,
    });
    for q in vacated.without(s).iter() {
        due.push(DueWall {
            sq: q,
            turns,
            code,
            start: false,
        });
    }
    let march = kind == KNIGHT
        && prior.as_ref().map_or(true, |p| p.march)
        && leg_kind == LegKind::Leap
        && is_knight_offset(s, t);
    let limit = if march { MARCH_LEGS } else { DOUBLE_LEGS };
    out.paralysed = alive && is_paralyzed(pos, id);
    let mut goes_on = out.may_go_on() && leg_no < limit;
    if goes_on {
        out.check = in_check(fc, pos, me.opposite());
        goes_on = !out.check;
    }
    let mut ts = prior.unwrap_or(TurnState {
        mover: id,
        legs: 0,
        march,
        crossed: false,
        due: SmallVec::new(),
    });
    ts.legs = leg_no;
    ts.march = march;
    ts.crossed |= crossed;
    ts.due.extend(due);
    if goes_on {
        pos.update_state(|st| st.turn = Some(ts));
        return true;
    }
    settle(pos, &ts, events);
    if let Some(k) = promotion {
        promote(pos, id, k, events);
    }
    false
}

/// Ends the turn: the first-move limit is lifted, the mover's expired walls vanish, traps
/// whose hold on the mover's units has ended dissolve, and the turn passes (FC6-TURN-07,
/// FC6-FRST-02).
pub fn finish_turn(pos: &mut Fc6Position, events: &mut dyn EventSink) {
    let me = pos.to_move();
    if pos.state().first_move {
        pos.set_state(Fc6State::default());
    }
    walls::expire(pos, me, events);
    trap::dissolve(pos, me, events);
    pos.pass_turn();
    if events.wants() {
        events.push(Event::TurnPassed { to: pos.to_move() });
    }
    pos.bump_ply();
}

/// True if `side`'s turn, ended now, leaves its king on the board and not in check
/// (FC6-TURN-03): an open turn of `side` is judged as if `end` were played now (played
/// on `pos` and taken back, so that the judgement allocates nothing).
pub fn turn_safe(fc: &Fc6, pos: &mut Fc6Position, side: Side) -> bool {
    if pos.state().turn.is_some() && pos.to_move() == side {
        let m = pos.mark();
        exec(fc, pos, &Action::new(ActionKind::End, &[]), &mut NoEvents);
        let safe = king_safe(fc, pos, side);
        pos.undo_to(m);
        return safe;
    }
    king_safe(fc, pos, side)
}

/// The zone of the bulk verdicts of the whole-turn test (FC6-TURN-03;
/// [`crate::frozen_family::turn`]): with no turn under way, the turn is ended with nothing
/// played (walls expire, traps dissolve, [`finish_turn`]), and the mover's safety there
/// is the verdict. The zone holds every square that verdict reads there
/// ([`super::attack::check_zone`]: every enemy unit among them) and every wall, tomb,
/// trap and shadow before the turn's end (the only squares that end changes). A rotation
/// whose [`super::rotation::footprint`] misses the zone commutes with the turn's end and
/// leaves everything the verdict reads as it was, so its verdict is the same. Its parts
/// are the enemy units that do not threaten the king there ([`super::attack::check_parts`]),
/// except those reading a square the turn's end changes. The verdict reads no variant
/// state. `pos` is left as it was.
pub fn turn_end_zone(fc: &Fc6, pos: &mut Fc6Position) -> Option<TurnEndZone> {
    if pos.state().turn.is_some() {
        return None;
    }
    let me = pos.to_move();
    let before = super::rotation::content(pos) - pos.occupied();
    let m = pos.mark();
    finish_turn(pos, &mut NoEvents);
    let ended = pos.touched_since(m).squares;
    let safe = king_safe(fc, pos, me);
    let zone = before | super::attack::check_zone(fc, pos, me);
    let mut parts = Parts::new();
    super::attack::check_parts(fc, pos, me, &mut parts);
    parts.retain(|(_, reads)| !reads.intersects(ended));
    pos.undo_to(m);
    Some(TurnEndZone {
        zone,
        safe,
        parts,
        ended,
    })
}

/// [`turn_safe`] after a probe from the zone's position ([`turn_end_zone`]), leaving out
/// the enemy units on `skip`. Each of them read none of the `touched` squares, so its
/// legs, the squares they reach (a king that moved is on one of them if any leg reaches
/// it) and its paralysis by presence are as they were, and it still threatens neither
/// the king nor, with what its side could lend, anything that needs the protection
/// analysis; what could be lent only shrinks while no enemy unit stands on a touched
/// square (no enemy unit appeared or changed kind, range or status). If one does, the
/// full test.
pub fn turn_safe_skipping(
    fc: &Fc6,
    pos: &mut Fc6Position,
    side: Side,
    skip: Bitboard,
    touched: Bitboard,
) -> bool {
    if pos.state().turn.is_some() || pos.side_bb(side.opposite()).intersects(touched) {
        return turn_safe(fc, pos, side);
    }
    king_square(pos, side).is_some() && !super::attack::in_check_skipping(fc, pos, side, skip)
}

/// The unit making the turn in progress, if any.
pub fn mover(pos: &Fc6Position) -> Option<UnitId> {
    pos.state().turn.as_ref().map(|t| t.mover)
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
    if cands.contains(a) && rotation::is_rotation(a) {
        return "your king would be in check after the rotation (FC6-ROTA-09, FC6-TURN-03)".into();
    }
    if cands.contains(a) {
        return "it would leave or put your own king in check (FC6-TURN-03, FC6-TURN-05)".into();
    }
    let turn = pos.state().turn.clone();
    let due = owed(pos, me);
    if turn.is_none() && due.any() {
        let at = due.iter().next().map_or(String::new(), |s| s.to_string());
        if is_promotion_choice(a) && a.piece.is_some_and(|k| !PROMOTION_KINDS.contains(&k)) {
            return "a pawn promotes to a rook, knight, bishop, dragon, jester, chancellor, templar or queen (FC6-PAWN-02)".into();
        }
        return format!(
            "your pawn on {at} was put on its far rank by the enemy: promote it first, before acting (`act:{at}=Q`; FC6-PAWN-02)"
        );
    }
    if is_promotion_choice(a) {
        return "no promotion is owed: `act:<square>=<kind>` promotes a pawn that the enemy put on its far rank, at the start of its owner's turn (FC6-PAWN-02)".into();
    }
    if a.kind == ActionKind::End {
        return match turn {
            None => "there is no turn in progress to end: `end` follows a leg of a double move or a knight's march (FC6-DBLM-11)".into(),
            Some(_) => "`end` is written bare, with no squares".into(),
        };
    }
    if pos.state().first_move && me == Side::White && a.kind != ActionKind::Move {
        return "White's first action must be a plain pawn move (FC6-FRST-01)".into();
    }
    match a.kind {
        ActionKind::Move => {}
        ActionKind::Drop | ActionKind::Exchange | ActionKind::Swap | ActionKind::Act
            if turn.is_some() =>
        {
            return "a turn is in progress: a special move is a whole turn, never a leg of a double move; make the next leg or play `end` (FC6-DBLM-11)".into()
        }
        ActionKind::Drop => {
            return respawn::explain_illegal(fc, pos, &|p, x| exec(fc, p, x, &mut NoEvents), a)
        }
        ActionKind::Exchange => return king::explain_exchange(fc, pos, a),
        ActionKind::Swap => return swap::explain(fc, pos, a),
        ActionKind::Act => {
            return match special(a) {
                Some(Special::Pull) => pull::explain(fc, pos, a),
                Some(Special::Fire) => {
                    let mut legs = Vec::new();
                    if let Some(s) = a.from() {
                        let an = Analysis::new(fc, pos);
                        candidates_of(fc, &an, pos, s, &mut legs);
                    }
                    let leg_listed = legs.contains(&inner_leg(a, 0));
                    dragon::explain(fc, pos, a, leg_listed)
                }
                Some(Special::Mind) => explain_mind(fc, pos, a),
                Some(Special::Convert) => bishop::explain(fc, pos, a),
                Some(Special::Paralyse) => {
                    let an = Analysis::new(fc, pos);
                    match a.path[..] {
                        [c, b] => chancellor::paralyse_refusal(fc, &an, pos, c, b)
                            .unwrap_or_else(|| "Paralyse takes no promotion or tag (FC6-CHAN-02)".into()),
                        _ => "Paralyse names two squares: paralyse:<chancellor><target> (FC6-CHAN-02)".into(),
                    }
                }
                Some(Special::Shadow | Special::Unshadow) => shadow::explain_illegal(fc, pos, a),
                Some(Special::Rotate) => rotation::explain_illegal(fc, pos, a),
                None => "unknown special move (docs/notation.md)".into(),
            }
        }
        _ => {
            return format!(
                "fc6 has moves, `end`, King's Exchange (exchange:), respawn (drop:), owed promotions (act:e16=Q), swaps (swap:), Conversion (convert:), Paralyse (paralyse:), shadowing (shadow:, unshadow:), rotations (rotate:), Dragon's Fire (fire:), Pull (pull:) and Mind Control (mind:) in this version: `{}` actions are not part of the game",
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
    if let Some(t) = &turn {
        if t.mover != id {
            let at = pos
                .unit(t.mover)
                .loc
                .square()
                .map_or("off the board".to_string(), |q| q.to_string());
            return format!(
                "a turn is in progress: only the unit on {at} makes the next leg, or play `end` (FC6-DBLM-01)"
            );
        }
        if t.legs >= max_legs(t) {
            return "this turn has all its legs: play `end`".into();
        }
        if pos.unit(id).kind == KING && in_check(fc, pos, me) {
            return "a king on an attacked square makes no further leg (FC6-DBLM-06)".into();
        }
        if t.march && t.legs >= DOUBLE_LEGS && !is_knight_offset(from, to) {
            return "legs 3 and 4 of a knight's march are knight leaps (FC6-KNIG-04, FC6-KNIG-07)"
                .into();
        }
        if t.march && t.legs + 1 >= MARCH_LEGS && pos.unit_at(to).is_some() {
            return "leg 4 of a knight's march never captures (FC6-KNIG-04)".into();
        }
    }
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
    let text: String = a.path.iter().map(|s| s.to_string()).collect();
    if a.path.len() == 3 && u.kind == KNIGHT && is_knight_offset(from, to) {
        return format!(
            "{text} is no Knight's Leap capture now: the knight must land on a square with no unit, wall or tomb and take an enemy it may capture on one of that leap's paths (FC6-KNIG-01, FC6-KNIG-02)"
        );
    }
    if a.path.len() == 3 && u.kind == ROOK && ortho_dir(from, a.path[1]).is_some() {
        return format!(
            "{text} is no Rook Push now: the slide must end on an empty square next to a wall or to an enemy that may be pushed (not a rook, templar, king, guarded or trapped unit) onto a square with no unit, wall or ACTIVE tomb (FC6-ROOK-01..06)"
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

/// Why the Mind Control `a` is not legal in `pos`, in rule terms (FC6-MIND-01..04).
fn explain_mind(fc: &Fc6, pos: &Fc6Position, a: &Action) -> String {
    let [x, y, _, ..] = a.path[..] else {
        return "Mind Control names your unit's square, then the enemy unit's leg: mind:<A><B's from><B's to> (FC6-MIND-01)".into();
    };
    let an = Analysis::new(fc, pos);
    if let Some(why) = mind::refusal(fc, &an, pos, x, y) {
        return why;
    }
    let leg = inner_leg(a, 1);
    let legs = controlled_legs(fc, &an, pos, y);
    if let Some(to) = leg.to() {
        if let Some((_, side)) = pos.piece_at(to) {
            if side == pos.to_move() {
                return format!(
                    "a controlled unit never captures your units; {to} holds one (FC6-MIND-03)"
                );
            }
            if !legs.iter().any(|l| l.to() == Some(to)) {
                return "the controlled unit may capture only a unit of its own side that it could capture as an enemy: not its king, not a unit of its kind, not a guarded unit or a shielded templar (FC6-MIND-03)".into();
            }
        }
    }
    let same_end: Vec<&Action> = legs
        .iter()
        .filter(|l| l.from() == leg.from() && l.to() == leg.to())
        .collect();
    match same_end.first() {
        Some(c) if c.piece.is_some() && leg.piece.is_none() => "the controlled pawn reaches its far rank and must promote, by your choice: add =R, =N, =B, =D, =J, =C, =T or =Q (FC6-MIND-02, FC6-PAWN-02)".into(),
        Some(c) if c.piece.is_none() && leg.piece.is_some() => "no promotion to choose in this leg (FC6-MIND-02)".into(),
        Some(_) if leg.piece.is_some() => "a pawn promotes to R, N, B, D, J, C, T or Q, never K or P (FC6-PAWN-02)".into(),
        Some(_) => "that route or leap tag is not one of the controlled unit's legs: write the start, every square it reflects on, then the end; a leap ends with #1 (FC6-BNCE-02)".into(),
        None => format!(
            "the unit on {y} cannot play that leg under control: one plain leg of its own patterns (no double move, Knight's Leap capture or Rook Push), capturing only units of its own side other than its king (FC6-MIND-02, FC6-MIND-03)"
        ),
    }
}
