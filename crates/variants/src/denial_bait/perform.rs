//! Playing an action (the body of [`Rules::perform`]): a link of a movement, the movement on
//! the model with its chain reactions written back to the position, owner decisions,
//! conversions, the end of the turn, denial (DB-DENY), and the verdict at the end of a turn
//! (DB-FIDE-03 checkmate, DB-FIDE-06 stalemate, DB-FIDE-07 draws, DB-EXIL-03 exile losses).
//!
//! Uses the rule modules, [`super::turn`] and [`super::listing`]. Whether free actions open
//! a way out is found by playing them ([`Rules::perform`], the one call back up into the
//! [`Rules`] implementation of `mod.rs`).

use super::base::*;
use super::chain::{exec, process};
use super::context::{Ctx, Stop};
use super::listing::*;
use super::turn::*;
use super::{bishop, deny, exile, fide, pawn, pending, promotion, statue, DenialBait};
use frozen_core::{
    Action, ActionKind, Event, EventSink, Outcome, Pending, PendingList, Position, Rules, Side,
    Unit, UnitId,
};

impl DenialBait {
    /// The unit table before a write-back, kept only when events are wanted.
    fn units_before(pos: &Position<DbState>, events: &dyn EventSink) -> Option<Vec<Unit>> {
        events.wants().then(|| pos.units().to_vec())
    }

    /// Passes on the chain reaction's events, then explains every unit the write-back
    /// changed that those events do not name (riders changing slot, fallers...).
    fn emit(
        events: &mut dyn EventSink,
        ctx: &mut Ctx,
        before: Option<&[Unit]>,
        pos: &Position<DbState>,
    ) {
        let mut v = ctx.events.take().unwrap_or_default();
        if let Some(before) = before {
            emit_unit_changes(before, pos, &mut v);
        }
        for e in v {
            events.push(e);
        }
    }

    /// Plays one action of a movement: the first action of a movement that may go on (a King's
    /// first step or castling, a disguise's first link) starts a [`Partial`] and waits for the
    /// next one; a further step or link, or `end`, adds to it; once the movement is complete
    /// (by rule, or by `end`) it is played as a whole, so its triggers are deferred to its end
    /// (DB-BASE-04, DB-KING-04). Any other movement is played at once.
    fn play_link(&self, pos: &mut Position<DbState>, a: &Action, events: &mut dyn EventSink) {
        let b = Board::load(pos);
        let st = pos.state();
        let (links, mode) = match &st.turn.partial {
            Some(p) => {
                let mut links = p.links.clone();
                if a.kind != ActionKind::End {
                    links.push(a.clone());
                }
                if a.kind == ActionKind::End || links_complete(&links) {
                    pos.update_state(|s| s.turn.partial = None);
                    pos.set_pending(PendingList::new());
                    if let Some(full) = combine_links(&links) {
                        self.play_movement(pos, &full, Vec::new(), events);
                    }
                    return;
                }
                (links, p.mode)
            }
            None if starts_multi(&b, a) => (vec![a.clone()], turn_mode(&b, st)),
            None => {
                self.play_movement(pos, a, Vec::new(), events);
                return;
            }
        };
        let unit = links[0]
            .path
            .first()
            .and_then(|&s| from_sq(s))
            .and_then(|s| b.stk[s as usize].get(super::context::arg::mover(links[0].arg)))
            .map_or(0, |&i| usize::from(i));
        let n = links.len() as u32;
        let mover = st.turn.mover;
        pos.update_state(|s| s.turn.partial = Some(Partial { links, mode }));
        await_decision(pos, mover, pending::CONTINUE, unit, n, events);
    }

    /// Runs movement `a` on `b` (the position's board, the mover to move) with the
    /// decisions taken so far, as [`Self::play_movement`] plays it, writing nothing back.
    fn run_movement(
        pos: &Position<DbState>,
        mut b: Board,
        a: &Action,
        decisions: &[u16],
        events: bool,
    ) -> (Board, Ctx, Result<(), Stop>) {
        let st = pos.state();
        let mut ctx = Ctx::new(decisions, &st.game.ep, events);
        ctx.bait_king = forced_owed(st, st.turn.mover).map(|f| f.king.index());
        let r = exec(&mut b, a, &mut ctx);
        (b, ctx, r)
    }

    /// Runs the end-of-turn removals (DB-BISH-04 auto-exile, then the self-capture of
    /// ground pawns) with the decisions taken so far, as [`Self::finish_turn`] does,
    /// writing nothing back.
    fn run_end_of_turn(
        pos: &Position<DbState>,
        decisions: &[u16],
        events: bool,
    ) -> (Board, Ctx, Result<(), Stop>) {
        let mover = pos.state().turn.mover;
        let mut b = Board::load(pos);
        b.to_move = mover;
        let mut ctx = Ctx::new(decisions, &[], events);
        let r = bishop::auto_exile(&mut b, &mut ctx, mover, process)
            .and_then(|_| pawn::self_capture(&mut b, &mut ctx, process));
        (b, ctx, r)
    }

    /// The squares the pending owner decision of a chain reaction is about (see
    /// [`Ctx::asked`]), found by running the movement or the end of the turn again up to
    /// the question; empty when no such decision is pending.
    pub(super) fn asked_squares(pos: &Position<DbState>) -> Vec<frozen_core::Square> {
        let st = pos.state();
        let ctx = if let Some(e) = &st.turn.eot {
            Self::run_end_of_turn(pos, &e.decisions, false).1
        } else if let Some(inf) = &st.turn.inflight {
            let mut b = Board::load(pos);
            b.to_move = st.turn.mover;
            Self::run_movement(pos, b, &inf.action, &inf.decisions, false).1
        } else {
            return Vec::new();
        };
        ctx.asked.iter().map(|&s| to_sq(s)).collect()
    }

    /// Plays a movement (with the decisions taken so far) for the mover.
    fn play_movement(
        &self,
        pos: &mut Position<DbState>,
        a: &Action,
        decisions: Vec<u16>,
        events: &mut dyn EventSink,
    ) {
        let st = pos.state().clone();
        let mover = st.turn.mover;
        let mut b = Board::load(pos);
        b.to_move = mover;
        let links = movement_links(&b, a).to_vec();
        let (mut b, mut ctx, r) = Self::run_movement(pos, b, a, &decisions, events.wants());
        match r {
            Err(Stop::Need {
                side,
                options,
                unit,
                kind,
            }) => {
                let mut st2 = st;
                st2.turn.inflight = Some(InFlight {
                    action: a.clone(),
                    decisions,
                    options,
                });
                pos.set_state(st2);
                await_decision(pos, side, kind, unit, u32::from(options), events);
                return;
            }
            Err(Stop::Bad) => return,
            Ok(()) => {}
        }
        ctx.auto_raise = true;
        let _ = pawn::self_capture(&mut b, &mut ctx, process);
        let before = Self::units_before(pos, events);
        b.store(pos);
        Self::emit(events, &mut ctx, before.as_deref(), pos);
        let mut st2 = pos.state().clone();
        st2.turn.inflight = None;
        st2.turn.movement = Some(Identity {
            links,
            bait: st.turn.bait,
        });
        st2.turn.knight_plain = ctx.knight_plain;
        st2.turn.reset |= ctx.removed > 0 || ctx.pawn_move;
        for s in Side::ALL {
            if ctx.exile_captured[s.index()] && st2.turn.exile_loss.is_none() {
                st2.turn.exile_loss = Some(s);
            }
        }
        st2.game.ep = ctx.new_ep.to_vec();
        pos.set_state(st2);
        pos.set_pending(PendingList::new());
        self.continue_end(pos, events);
    }

    /// End of turn step (b): asks the next conversion, or finishes the turn.
    fn continue_end(&self, pos: &mut Position<DbState>, events: &mut dyn EventSink) {
        let b = Board::load(pos);
        let st = pos.state().clone();
        let mover = st.turn.mover;
        let start = st.turn.start.clone().unwrap_or_default();
        let arrived = |i: usize| {
            start
                .units()
                .get(i)
                .map_or(true, |u| u.loc != pos.unit(UnitId(i as u16)).loc)
        };
        if let Some((pawn, _)) = promotion::due(&b, mover, &arrived, &st.turn.declined) {
            let side = b.pcs[pawn].side;
            let mut st2 = st;
            st2.turn.converting = true;
            pos.set_state(st2);
            await_decision(pos, side, pending::CONVERT, pawn, 0, events);
            return;
        }
        let mut st2 = st;
        st2.turn.converting = false;
        pos.set_state(st2);
        pos.set_pending(PendingList::new());
        self.finish_turn(pos, events);
    }

    /// End of turn steps (c) to (e) and the change of side.
    fn finish_turn(&self, pos: &mut Position<DbState>, events: &mut dyn EventSink) {
        let st = pos.state().clone();
        let mover = st.turn.mover;
        let opp = mover.opposite();
        let decisions = st
            .turn
            .eot
            .as_ref()
            .map(|e| e.decisions.clone())
            .unwrap_or_default();
        let (mut b, mut ctx, r) = Self::run_end_of_turn(pos, &decisions, events.wants());
        if let Err(Stop::Need {
            side,
            options,
            unit,
            kind,
        }) = r
        {
            let mut st2 = st;
            st2.turn.eot = Some(InFlight {
                action: Action::new(ActionKind::Pass, &[]),
                decisions,
                options,
            });
            pos.set_state(st2);
            await_decision(pos, side, kind, unit, u32::from(options), events);
            return;
        }
        pos.set_pending(PendingList::new());
        b.to_move = opp;
        b.turns[opp] += 1;
        let baited_king = if st.turn.bait {
            b.king(mover)
                .filter(|&k| matches!(b.pcs[k].place, Place::Board(..)))
        } else {
            None
        };
        let before = Self::units_before(pos, events);
        b.store(pos);
        Self::emit(events, &mut ctx, before.as_deref(), pos);
        let mut st2 = pos.state().clone();
        let identity = st2.turn.movement.clone().unwrap_or(Identity {
            links: Vec::new(),
            bait: false,
        });
        let forced_response = forced_owed(&st2, mover).is_some();
        let deniable = deny::deniable(
            &st2,
            mover,
            &identity,
            st2.turn.knight_plain,
            forced_response,
        );
        st2.game.forced = baited_king.map(|k| Forced {
            baiter: mover,
            king: UnitId(k as u16),
        });
        if st2.immune == Some(mover) {
            st2.immune = None;
        }
        st2.forbidden = None;
        st2.game.halfmove = if st2.turn.reset || ctx.removed > 0 {
            0
        } else {
            st2.game.halfmove + 1
        };
        let exile_loss = st2.turn.exile_loss;
        st2.last = Some(Box::new(LastTurn {
            mover,
            movement: identity,
            deniable,
            snap: st2.turn.start.take().unwrap_or_default(),
        }));
        // The snapshot of the new turn's start (the position as it now is), set together
        // with the rest of the state.
        let snap = Snap::new(
            pos.units().to_vec(),
            st2.game.clone(),
            pos.to_move(),
            pos.turns(),
        );
        st2.turn = TurnFields {
            mover: opp,
            start: Some(snap),
            ..TurnFields::default()
        };
        pos.set_state(st2);
        events.push(Event::TurnPassed { to: opp });
        self.judge(pos, events, exile_loss);
    }

    /// The game-end check for the side to act (DB-BASE-05 e), held back while that side may
    /// still deny (DB-DENY-10).
    fn judge(
        &self,
        pos: &mut Position<DbState>,
        events: &mut dyn EventSink,
        exile_loss: Option<Side>,
    ) {
        let b = Board::load(pos);
        let st = pos.state().clone();
        let n = b.to_move;
        let win = |w: Side, r: &'static str| Outcome::win(w, r);
        let mut verdict = None;
        if let Some(l) = exile_loss {
            verdict = Some(win(l.opposite(), "exiled piece captured"));
        }
        for s in [n, n.opposite()] {
            if verdict.is_none()
                && b.king(s)
                    .is_some_and(|k| matches!(b.pcs[k].place, Place::Captured(_)))
            {
                verdict = Some(win(s.opposite(), "king captured"));
            }
        }
        for s in [n, n.opposite()] {
            if verdict.is_none() && exile::lost_no_pawns(&b, s) {
                verdict = Some(win(s.opposite(), "king in exile without pawns"));
            }
        }
        if verdict.is_none() && st.game.halfmove >= 100 {
            verdict = Some(Outcome {
                winner: None,
                reason: "50-move rule".into(),
            });
        }
        if verdict.is_none() && fide::dead_position(&b) {
            verdict = Some(Outcome {
                winner: None,
                reason: "dead position".into(),
            });
        }
        if verdict.is_none()
            && !any_legal_movement(&b, &st)
            && !can_declare(&b, &st, 0)
            && !self.free_action_escape(pos, 2)
        {
            {
                let checked = fide::in_check(&b, n);
                let threatened = !checked && b.king_exiled(n) && exile::threatened(&b, n);
                let forced = forced_owed(&st, n).is_some_and(|f| {
                    let mut v = Vec::new();
                    forced_movements(&b, &st, f, &mut v);
                    !v.is_empty()
                });
                if checked {
                    verdict = Some(win(n.opposite(), "checkmate"));
                } else if threatened {
                    verdict = Some(win(n.opposite(), "king in exile trapped"));
                } else if !forced {
                    verdict = Some(Outcome {
                        winner: None,
                        reason: "stalemate".into(),
                    });
                }
            }
        }
        if let Some(v) = verdict {
            if deny::can_deny(&st, n) {
                pos.update_state(|s| s.verdict = Some(v));
            } else {
                pos.set_result(Some(v.clone()));
                events.push(Event::GameOver(v));
            }
        }
    }

    /// True if some sequence of free actions (statue promotions and statue captures of exiled
    /// pieces, at most `depth` of them) opens a legal movement or a bait (DB-FIDE-03 counts
    /// every possibility of the turn).
    fn free_action_escape(&self, pos: &Position<DbState>, depth: u32) -> bool {
        if depth == 0 {
            return false;
        }
        let b = Board::load(pos);
        let mut frees = Vec::new();
        statue::gen_statue_actions(&b, b.to_move, &mut frees);
        for a in frees {
            let mut p = pos.clone();
            self.perform(&mut p, &a, &mut frozen_core::NoEvents);
            if p.result().is_some() {
                continue;
            }
            let b2 = Board::load(&p);
            if any_legal_movement(&b2, p.state()) || self.free_action_escape(&p, depth - 1) {
                return true;
            }
        }
        false
    }
}

impl DenialBait {
    /// [`Rules::perform`]: plays one action of the turn.
    pub(super) fn play_action(
        &self,
        pos: &mut Position<DbState>,
        a: &Action,
        events: &mut dyn EventSink,
    ) {
        pos.bump_ply();
        match a.kind {
            ActionKind::Deny => {
                let by = pos.to_move();
                let before = Self::units_before(pos, events);
                if deny::perform_deny(pos) {
                    events.push(Event::Denied { by });
                    if let Some(before) = before {
                        let mut v = Vec::new();
                        emit_unit_changes(&before, pos, &mut v);
                        for e in v {
                            events.push(e);
                        }
                    }
                    self.judge(pos, events, None);
                }
            }
            ActionKind::End if pos.state().turn.partial.is_some() => {
                self.play_link(pos, a, events);
            }
            ActionKind::End => {
                if let Some(v) = pos.state().verdict.clone() {
                    pos.update_state(|s| s.verdict = None);
                    pos.set_result(Some(v.clone()));
                    events.push(Event::GameOver(v));
                }
            }
            ActionKind::Declare => {
                pos.update_state(|s| s.turn.bait = true);
                if events.wants() {
                    events.push(Event::Note(format!(
                        "{} declares bait: the movement must keep the check (DB-BAIT-03)",
                        pos.to_move()
                    )));
                }
            }
            ActionKind::Choose => {
                let st = pos.state().clone();
                if let Some(mut e) = st.turn.eot.clone() {
                    e.decisions.push(a.arg);
                    pos.update_state(|s| s.turn.eot = Some(e));
                    pos.set_to_move(st.turn.mover);
                    self.finish_turn(pos, events);
                } else if let Some(inf) = st.turn.inflight {
                    let mut d = inf.decisions.clone();
                    d.push(a.arg);
                    pos.set_to_move(st.turn.mover);
                    pos.set_pending(PendingList::new());
                    self.play_movement(pos, &inf.action, d, events);
                } else if st.turn.converting {
                    let mut b = Board::load(pos);
                    let start = st.turn.start.clone().unwrap_or_default();
                    let arrived = |i: usize| {
                        start
                            .units()
                            .get(i)
                            .map_or(true, |u| u.loc != pos.unit(UnitId(i as u16)).loc)
                    };
                    let Some((pawn, optional)) =
                        promotion::due(&b, st.turn.mover, &arrived, &st.turn.declined)
                    else {
                        return;
                    };
                    let own = b.pcs[pawn].side == st.turn.mover;
                    let opts = promotion::safe_options(&b, pawn, optional, own);
                    let Some(&c) = opts.get(a.arg as usize) else {
                        return;
                    };
                    let mut ctx = Ctx::new(&[], &[], events.wants());
                    promotion::apply(&mut b, &mut ctx, pawn, c);
                    let before = Self::units_before(pos, events);
                    b.store(pos);
                    Self::emit(events, &mut ctx, before.as_deref(), pos);
                    let mut st2 = pos.state().clone();
                    if c == promotion::Conv::Stay {
                        st2.turn.declined.push(UnitId(pawn as u16));
                    } else {
                        st2.turn.reset = true;
                    }
                    for s in Side::ALL {
                        if ctx.exile_captured[s.index()] && st2.turn.exile_loss.is_none() {
                            st2.turn.exile_loss = Some(s);
                        }
                    }
                    pos.set_state(st2);
                    self.continue_end(pos, events);
                }
            }
            ActionKind::Act
                if a.path
                    .first()
                    .and_then(|&s| from_sq(s))
                    .is_some_and(|s| Board::load(pos).is_statue(s)) =>
            {
                let mut b = Board::load(pos);
                let mut ctx = Ctx::new(&[], &[], events.wants());
                if exec(&mut b, a, &mut ctx).is_ok() {
                    let before = Self::units_before(pos, events);
                    b.store(pos);
                    Self::emit(events, &mut ctx, before.as_deref(), pos);
                    let mut st2 = pos.state().clone();
                    st2.turn.free_used = true;
                    st2.turn.reset = true;
                    for s in Side::ALL {
                        if ctx.exile_captured[s.index()] && st2.turn.exile_loss.is_none() {
                            st2.turn.exile_loss = Some(s);
                        }
                    }
                    let loss = st2.turn.exile_loss;
                    pos.set_state(st2);
                    if let Some(l) = loss {
                        let o = Outcome {
                            winner: Some(l.opposite()),
                            reason: "exiled piece captured".into(),
                        };
                        pos.set_result(Some(o.clone()));
                        events.push(Event::GameOver(o));
                    }
                }
            }
            _ => self.play_link(pos, a, events),
        }
    }
}

/// Hands the turn to `side` for an owner decision about `unit` (a chain-reaction choice, a
/// conversion): one pending decision of `kind` with `data`, and that side acts next.
pub(super) fn await_decision(
    pos: &mut Position<DbState>,
    side: Side,
    kind: u16,
    unit: usize,
    data: u32,
    events: &mut dyn EventSink,
) {
    let d = Pending {
        side,
        kind,
        unit: Some(UnitId(unit as u16)),
        square: None,
        data,
    };
    if events.wants() {
        events.push(Event::Awaiting(d.clone()));
    }
    let mut p = PendingList::new();
    p.push(d);
    pos.set_pending(p);
    pos.set_to_move(side);
}
