//! Denial/Bait chess (`denial-bait`): an 8x8 variant described as changes to FIDE chess
//! (a blog post of 30 August 2013). Catalog: `../shared/rules/denial-bait.md`; rulings as
//! built: `docs/rules/denial-bait.md`.
//!
//! One module per catalog area: [`base`] (BASE: model, state, turn anatomy), [`fide`]
//! (FIDE), [`deny`] (DENY), [`bait`] (BAIT), [`capture`] (CAPT and the chain-reaction
//! engine), [`exile`] (EXIL), [`king`], [`queen`], [`rook`], [`knight`], [`bishop`],
//! [`pawn`], [`disguise`] (DSGS), [`promotion`] (PROM) and [`statue`] (STAT). This file
//! holds the [`Rules`] implementation and the turn flow: a turn is a sequence of actions
//! of the mover (free actions, `declare:1`, one movement), owner decisions inside chain
//! reactions and end-of-turn conversions (`choose:<n>`), then the opponent's denial window
//! (`deny` as its first action, or `end` to accept a pending game end).

pub mod bait;
pub mod base;
pub mod bishop;
pub mod capture;
pub mod deny;
pub mod disguise;
pub mod exile;
pub mod fide;
pub mod king;
pub mod knight;
pub mod pawn;
pub mod promotion;
pub mod queen;
pub mod rook;
pub mod statue;

use base::*;
use capture::{exec, for_outcomes, Ctx, Stop};
use frozen_core::{
    Action, ActionKind, BySide, Event, EventSink, KindInfo, KindSet, LoadError, Location, Outcome,
    Pending, PendingList, Position, Problem, ProblemKind, Rules, Shape, Side, Unit, UnitId,
};

/// Pending decision kinds.
pub mod pending {
    /// Whether a captured or exiled bishop raises (0 = no, 1 = yes).
    pub const RAISE: u16 = 1;
    /// Which bait target the transported King takes (index into the sorted targets).
    pub const BAIT_TARGET: u16 = 2;
    /// How a pawn converts (index into `promotion::safe_options`).
    pub const CONVERT: u16 = 3;
    /// How a movement in progress goes on: a King's second step, another disguise link, or
    /// `end` (data: the number of its actions so far).
    pub const CONTINUE: u16 = 4;
}

/// The standard FIDE start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The Denial/Bait rules.
#[derive(Clone, Debug)]
pub struct DenialBait {
    kinds: KindSet,
}

impl Default for DenialBait {
    fn default() -> Self {
        DenialBait::new()
    }
}

impl DenialBait {
    /// The rule set.
    pub fn new() -> DenialBait {
        let k = |name: &str, c: char| KindInfo {
            name: name.to_string(),
            fen: c,
            symbol: c,
        };
        let kinds = KindSet::new(vec![
            k("King", 'K'),
            k("Queen", 'Q'),
            k("Rook", 'R'),
            k("Bishop", 'B'),
            k("Knight", 'N'),
            k("Pawn", 'P'),
            k("Statue", 'S'),
        ])
        .unwrap_or_default();
        DenialBait { kinds }
    }
}

fn choose(n: u16) -> Action {
    Action::new(ActionKind::Choose, &[]).with_arg(n)
}

/// The actions a movement is made of, in order (DB-BASE-03, DB-BASE-06): both steps of a
/// two-step King movement (castling included) and every link of a chain disguise are actions
/// of their own; every other movement is one action.
pub fn movement_links(b: &Board, a: &Action) -> king::Links {
    match a.kind {
        ActionKind::Swap => disguise::links(a),
        ActionKind::Move if is_king_move(b, a) => king::links(a),
        _ => smallvec::smallvec![a.clone()],
    }
}

/// The movement made of the actions `links` (the inverse of [`movement_links`]): two `Move`
/// actions are a King's two steps, `Swap` actions the links of a chain disguise.
pub fn combine_links(links: &[Action]) -> Option<Action> {
    match links {
        [] => None,
        [one] => Some(one.clone()),
        [first, second] if first.kind == ActionKind::Move => king::combine(first, second),
        _ => disguise::combine(links),
    }
}

/// True if `a` moves a King of the board (a King movement or its first step).
fn is_king_move(b: &Board, a: &Action) -> bool {
    a.kind == ActionKind::Move
        && a.path.first().and_then(|&s| from_sq(s)).is_some_and(|s| {
            b.stk[s as usize]
                .get(capture::arg::mover(a.arg))
                .is_some_and(|&i| b.pcs[i as usize].kind == KING)
        })
}

/// True if a movement that starts with action `a` may go on with further actions: a King's
/// first step (or castling), the first link of a disguise.
fn starts_multi(b: &Board, a: &Action) -> bool {
    a.kind == ActionKind::Swap || is_king_move(b, a)
}

/// True if the movement made of `links` cannot go on: a King's second step, the last link a
/// chain disguise may have.
fn links_complete(links: &[Action]) -> bool {
    match links.first() {
        Some(f) if f.kind == ActionKind::Swap => links.len() >= disguise::MAX_LINKS,
        Some(_) => links.len() >= 2,
        None => true,
    }
}

/// True if the actions of movement `a` start with `prefix`.
fn has_prefix(b: &Board, a: &Action, prefix: &[Action]) -> bool {
    let Some(p0) = prefix.first() else {
        return true;
    };
    if a.kind != p0.kind || a.path.first() != p0.path.first() {
        return false;
    }
    let links = movement_links(b, a);
    links.len() >= prefix.len() && links[..prefix.len()] == *prefix
}

/// The complete movements the side to act may make in `mode` whose actions start with
/// `prefix` (all of them for an empty prefix), without the denied identity (DB-DENY-04);
/// stops at the first with `first_only`.
fn collect_movements(
    b: &Board,
    st: &DbState,
    mode: TurnMode,
    prefix: &[Action],
    first_only: bool,
    out: &mut Vec<Action>,
) {
    // Looking for any one movement, the disguises (many, and rarely the only ones) are
    // generated only if nothing else is legal.
    let parts: &[(bool, bool)] = if first_only {
        &[(true, false), (false, true)]
    } else {
        &[(true, true)]
    };
    for &(main, disguises) in parts {
        collect_part(b, st, mode, prefix, first_only, main, disguises, out);
        if first_only && !out.is_empty() {
            return;
        }
    }
}

/// One part of [`collect_movements`] (see [`fide::pseudo_parts`]).
#[allow(clippy::too_many_arguments)]
fn collect_part(
    b: &Board,
    st: &DbState,
    mode: TurnMode,
    prefix: &[Action],
    first_only: bool,
    main: bool,
    disguises: bool,
    out: &mut Vec<Action>,
) {
    let mut v = Vec::new();
    let all = mode == TurnMode::Forced && fide::has_raised(b, b.to_move);
    let (captures_only, castle) = if mode == TurnMode::Forced {
        (!all, false)
    } else {
        (false, true)
    };
    fide::pseudo_parts(
        b,
        b.to_move,
        &st.game.ep,
        captures_only,
        castle,
        main,
        disguises,
        u64::MAX,
        &mut v,
    );
    v.sort_unstable();
    v.dedup();
    let forbidden = st
        .forbidden
        .as_ref()
        .filter(|f| mode != TurnMode::Forced && f.bait == (mode == TurnMode::Bait))
        .and_then(|f| combine_links(&f.links));
    let baiter = b.to_move.opposite();
    for a in v {
        if forbidden.as_ref() == Some(&a) || !has_prefix(b, &a, prefix) {
            continue;
        }
        let ok = match mode {
            TurnMode::Normal => fide::legal(b, &a, &st.game.ep, fide::Mode::Normal),
            TurnMode::Bait => fide::legal(b, &a, &st.game.ep, fide::Mode::BaitFree),
            TurnMode::Forced => !for_outcomes(b, &a, &st.game.ep, None, true, &mut |_, ctx| {
                !ctx.king_taken[baiter.index()]
            }),
        };
        if ok {
            out.push(a);
            if first_only {
                return;
            }
        }
    }
}

/// The actions that start or continue the movements `full` after `done` of their actions:
/// each movement's next action, or `end` for a movement complete after `done` actions.
pub fn next_actions(b: &Board, full: &[Action], done: usize, out: &mut Vec<Action>) {
    let mut v: Vec<Action> = full
        .iter()
        .map(|a| {
            let mut links = movement_links(b, a);
            if links.len() > done {
                links.swap_remove(done)
            } else {
                Action::new(ActionKind::End, &[])
            }
        })
        .collect();
    v.sort_unstable();
    v.dedup();
    out.extend(v);
}

/// Legal ordinary movements of the side to act (complete routes, without the forbidden
/// identity).
pub fn legal_movements(b: &Board, st: &DbState, out: &mut Vec<Action>) {
    collect_movements(b, st, TurnMode::Normal, &[], false, out);
}

/// True if the side to act has at least one legal ordinary movement (stops at the first).
pub fn any_legal_movement(b: &Board, st: &DbState) -> bool {
    let mut v = Vec::new();
    collect_movements(b, st, TurnMode::Normal, &[], true, &mut v);
    !v.is_empty()
}

/// Bait free movements of the side to act (DB-BAIT-03, DB-BAIT-04), complete routes.
pub fn bait_movements(b: &Board, st: &DbState, out: &mut Vec<Action>) {
    collect_movements(b, st, TurnMode::Bait, &[], false, out);
}

/// Forced responses to a bait (DB-BAIT-05): movements that would capture the baited King
/// (complete routes).
pub fn forced_movements(b: &Board, st: &DbState, f: &Forced, out: &mut Vec<Action>) {
    debug_assert_eq!(f.baiter, b.to_move.opposite());
    collect_movements(b, st, TurnMode::Forced, &[], false, out);
}

/// The movements of the turn's mode that start with the movement in progress.
pub fn partial_movements(b: &Board, st: &DbState, p: &Partial, out: &mut Vec<Action>) {
    collect_movements(b, st, p.mode, &p.links, false, out);
}

/// The mode of the turn of the side to act: bait after a declaration, a forced response
/// while one is owed and possible, ordinary otherwise.
fn turn_mode(b: &Board, st: &DbState) -> TurnMode {
    if st.turn.bait {
        return TurnMode::Bait;
    }
    if forced_owed(st, b.to_move).is_some() {
        let mut v = Vec::new();
        collect_movements(b, st, TurnMode::Forced, &[], true, &mut v);
        if !v.is_empty() {
            return TurnMode::Forced;
        }
    }
    TurnMode::Normal
}

/// True if the side to act may declare bait now (DB-BAIT-01, DB-BAIT-10); `escapes` is the
/// number of its legal ordinary movements.
pub fn can_declare(b: &Board, st: &DbState, escapes: usize) -> bool {
    let side = b.to_move;
    if st.turn.free_used
        || st.turn.bait
        || st.game.forced.as_ref().is_some_and(|f| f.baiter != side)
    {
        return false;
    }
    let Some(k) = b.king(side) else { return false };
    if !matches!(b.pcs[k].place, Place::Board(..)) || bait::targets(b, k).is_empty() {
        return false;
    }
    if !fide::in_check(b, side) {
        return false;
    }
    let mut frees = Vec::new();
    bait_movements(b, st, &mut frees);
    !frees.is_empty() && escapes + frees.len() != 1
}

fn forced_owed(st: &DbState, side: Side) -> Option<&Forced> {
    st.game.forced.as_ref().filter(|f| f.baiter != side)
}

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
            .and_then(|s| b.stk[s as usize].get(capture::arg::mover(links[0].arg)))
            .map_or(0, |&i| usize::from(i));
        let n = links.len() as u32;
        let mover = st.turn.mover;
        pos.update_state(|s| s.turn.partial = Some(Partial { links, mode }));
        await_decision(pos, mover, pending::CONTINUE, unit, n);
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
        let mut ctx = Ctx::new(&decisions, &st.game.ep, events.wants());
        ctx.bait_king = forced_owed(&st, mover).map(|f| f.king.index());
        match exec(&mut b, a, &mut ctx) {
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
                await_decision(pos, side, kind, unit, u32::from(options));
                return;
            }
            Err(Stop::Bad) => return,
            Ok(()) => {}
        }
        ctx.auto_raise = true;
        let _ = pawn::self_capture(&mut b, &mut ctx);
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
                .units
                .get(i)
                .map_or(true, |u| u.loc != pos.unit(UnitId(i as u16)).loc)
        };
        if let Some((pawn, _)) = promotion::due(&b, mover, &arrived, &st.turn.declined) {
            let side = b.pcs[pawn].side;
            let mut st2 = st;
            st2.turn.converting = true;
            pos.set_state(st2);
            await_decision(pos, side, pending::CONVERT, pawn, 0);
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
        let mut b = Board::load(pos);
        b.to_move = mover;
        let decisions = st
            .turn
            .eot
            .as_ref()
            .map(|e| e.decisions.clone())
            .unwrap_or_default();
        let mut ctx = Ctx::new(&decisions, &[], events.wants());
        let r = bishop::auto_exile(&mut b, &mut ctx, mover)
            .and_then(|_| pawn::self_capture(&mut b, &mut ctx));
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
            await_decision(pos, side, kind, unit, u32::from(options));
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
        let snap = Snap {
            units: pos.units().to_vec(),
            game: st2.game.clone(),
            to_move: pos.to_move(),
            turns: pos.turns(),
        };
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
        let win = |w: Side, r: &str| Outcome {
            winner: Some(w),
            reason: r.to_string(),
        };
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
}

impl DenialBait {
    /// The texts of a movement's actions, separated by spaces (`e1f2 f2f1`).
    fn links_text(&self, pos: &Position<DbState>, links: &[Action]) -> String {
        let v: Vec<String> = links.iter().map(|l| self.format_action(pos, l)).collect();
        v.join(" ")
    }

    /// The statue free actions of the side to act (DB-STAT-04, DB-STAT-06) after which its
    /// turn can go on: the game ends, or a legal movement (or forced response) exists, or
    /// another free action opens one. So a free action never leads to a position without
    /// actions and without a result.
    fn free_actions(&self, pos: &Position<DbState>, b: &Board, out: &mut Vec<Action>) {
        let mut frees = Vec::new();
        statue::gen_statue_actions(b, b.to_move, &mut frees);
        for a in frees {
            let mut p = pos.clone();
            self.perform(&mut p, &a, &mut frozen_core::NoEvents);
            if self.turn_goes_on(&p, 1) {
                out.push(a);
            }
        }
    }

    /// True if the turn of the side to act can go on (see [`DenialBait::free_actions`]),
    /// looking `depth` further free actions deep.
    fn turn_goes_on(&self, pos: &Position<DbState>, depth: u32) -> bool {
        if pos.result().is_some() {
            return true;
        }
        let b = Board::load(pos);
        let st = pos.state();
        if any_legal_movement(&b, st) {
            return true;
        }
        if forced_owed(st, b.to_move).is_some() {
            let mut v = Vec::new();
            collect_movements(&b, st, TurnMode::Forced, &[], true, &mut v);
            if !v.is_empty() {
                return true;
            }
        }
        if depth == 0 {
            return false;
        }
        let mut frees = Vec::new();
        statue::gen_statue_actions(&b, b.to_move, &mut frees);
        frees.into_iter().any(|a| {
            let mut p = pos.clone();
            self.perform(&mut p, &a, &mut frozen_core::NoEvents);
            self.turn_goes_on(&p, depth - 1)
        })
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

impl Rules for DenialBait {
    type State = DbState;

    fn name(&self) -> &str {
        "denial-bait"
    }
    fn description(&self) -> &str {
        "Denial/Bait chess: FIDE chess with denial, bait, rook stacks, queen revenge, raising bishops, exile and statues"
    }
    fn kinds(&self) -> &KindSet {
        &self.kinds
    }
    fn shape(&self) -> Shape {
        Shape::EIGHT
    }
    fn initial_position(&self) -> Position<DbState> {
        match self.position_from_fen(START_FEN) {
            Ok(p) => p,
            Err(_) => Position::empty(Shape::EIGHT, DbState::default()),
        }
    }

    fn actions(&self, pos: &Position<DbState>, out: &mut Vec<Action>) {
        if pos.result().is_some() {
            return;
        }
        let st = pos.state();
        let side = pos.to_move();
        if st.verdict.is_some() {
            if deny::can_deny(st, side) {
                out.push(deny::deny_action());
            }
            out.push(Action::new(ActionKind::End, &[]));
            return;
        }
        if let Some(inf) = st.turn.inflight.as_ref().or(st.turn.eot.as_ref()) {
            for n in 0..inf.options {
                out.push(choose(n));
            }
            return;
        }
        let b = Board::load(pos);
        if let Some(p) = &st.turn.partial {
            let mut full = Vec::new();
            partial_movements(&b, st, p, &mut full);
            next_actions(&b, &full, p.links.len(), out);
            return;
        }
        if st.turn.converting {
            let start = st.turn.start.clone().unwrap_or_default();
            let arrived = |i: usize| {
                start
                    .units
                    .get(i)
                    .map_or(true, |u| u.loc != pos.unit(UnitId(i as u16)).loc)
            };
            if let Some((pawn, optional)) =
                promotion::due(&b, st.turn.mover, &arrived, &st.turn.declined)
            {
                let own = b.pcs[pawn].side == st.turn.mover;
                for n in 0..promotion::safe_options(&b, pawn, optional, own).len() {
                    out.push(choose(n as u16));
                }
            }
            return;
        }
        if deny::can_deny(st, side) {
            out.push(deny::deny_action());
        }
        let mut full = Vec::new();
        if st.turn.bait {
            bait_movements(&b, st, &mut full);
            next_actions(&b, &full, 0, out);
            return;
        }
        if let Some(f) = forced_owed(st, side) {
            forced_movements(&b, st, f, &mut full);
            if !full.is_empty() {
                self.free_actions(pos, &b, out);
                next_actions(&b, &full, 0, out);
                return;
            }
        }
        self.free_actions(pos, &b, out);
        legal_movements(&b, st, &mut full);
        let escapes = full.len();
        next_actions(&b, &full, 0, out);
        if can_declare(&b, st, escapes) {
            out.push(Action::new(ActionKind::Declare, &[]).with_arg(1));
        }
    }

    fn perform(&self, pos: &mut Position<DbState>, a: &Action, events: &mut dyn EventSink) {
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
            ActionKind::Declare => pos.update_state(|s| s.turn.bait = true),
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
                            .units
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

    fn explain_illegal(&self, pos: &Position<DbState>, a: &Action) -> String {
        let st = pos.state();
        match a.kind {
            ActionKind::Deny => {
                if st.denial != pos.to_move() {
                    "the denial right is held by the opponent".into()
                } else if st.last.as_ref().is_some_and(|l| !l.deniable) {
                    "the last movement cannot be denied".into()
                } else {
                    "there is no movement to deny now".into()
                }
            }
            ActionKind::Declare => "bait cannot be declared now".into(),
            _ => {
                let mut so_far = st
                    .turn
                    .partial
                    .as_ref()
                    .map_or(Vec::new(), |p| p.links.clone());
                if a.kind != ActionKind::End {
                    so_far.push(a.clone());
                }
                let denied = st.forbidden.as_ref().is_some_and(|f| {
                    !so_far.is_empty()
                        && f.links.len() >= so_far.len()
                        && f.links[..so_far.len()] == so_far[..]
                });
                if denied {
                    "this movement was denied: play a different one".into()
                } else if let Some(p) = &st.turn.partial {
                    format!(
                        "a movement is in progress ({}): play its next step or link, or end",
                        self.links_text(pos, &p.links)
                    )
                } else {
                    "it is not among the legal actions of this position".into()
                }
            }
        }
    }

    fn validate(&self, pos: &Position<DbState>) -> Vec<Problem> {
        let mut v = Vec::new();
        if pos.units().len() > UNIT_CAP {
            v.push(Problem::new(
                ProblemKind::Rule,
                "units",
                format!("{} units: the set has {UNIT_CAP}", pos.units().len()),
            ));
            return v;
        }
        for (i, u) in pos.units().iter().enumerate() {
            match u.loc {
                Location::Board(s) if from_sq(s).is_none() => v.push(Problem::new(
                    ProblemKind::OffBoard,
                    format!("units[{i}]"),
                    "off the 8x8 board",
                )),
                Location::Board(_) | Location::Captured(_) | Location::Exiled | Location::Dead => {}
                Location::Carried { by, .. } => {
                    let ok = pos
                        .get_unit(by)
                        .is_some_and(|c| c.kind == ROOK && c.loc.on_board());
                    if !ok {
                        v.push(Problem::new(
                            ProblemKind::Inconsistent,
                            format!("units[{i}]"),
                            "a rider must be carried by a rook standing on the board",
                        ));
                    }
                }
                other => v.push(Problem::new(
                    ProblemKind::Rule,
                    format!("units[{i}]"),
                    format!("{other:?} is not a place in denial-bait"),
                )),
            }
        }
        for s in Side::ALL {
            let kings = pos
                .units()
                .iter()
                .filter(|u| u.side == s && u.kind == KING)
                .count();
            if kings != 1 {
                v.push(Problem::new(
                    ProblemKind::Rule,
                    "units",
                    format!("{s} has {kings} Kings, expected exactly 1"),
                ));
            }
        }
        if let Some(p) = &pos.state().turn.partial {
            let continues = pos
                .pending()
                .iter()
                .any(|d| d.kind == pending::CONTINUE && d.side == pos.to_move());
            if combine_links(&p.links).is_none() || links_complete(&p.links) || !continues {
                v.push(Problem::new(
                    ProblemKind::Inconsistent,
                    "state.turn.partial",
                    "a movement in progress needs links of one movement that can go on, and a pending CONTINUE decision of the side to act",
                ));
            }
        }
        if v.is_empty() {
            for e in Board::load(pos).conservation_problems() {
                v.push(Problem::new(ProblemKind::Rule, "units", e));
            }
        }
        v
    }

    fn position_from_fen(&self, fen: &str) -> Result<Position<DbState>, LoadError> {
        fide_fen::read(self, fen)
    }

    fn to_fen(&self, pos: &Position<DbState>) -> Option<String> {
        fide_fen::write(self, pos)
    }

    fn describe_state(&self, pos: &Position<DbState>) -> Vec<String> {
        let st = pos.state();
        let mut v = vec![format!("denial right: {}", st.denial)];
        if let Some(s) = st.immune {
            v.push(format!("{s}'s next movement cannot be denied"));
        }
        if let Some(p) = &st.turn.partial {
            v.push(format!(
                "{} is making a movement: {} (next step or link, or end)",
                st.turn.mover,
                self.links_text(pos, &p.links)
            ));
        }
        if let Some(f) = &st.forbidden {
            v.push(format!(
                "denied movement (must differ): {}{}",
                self.links_text(pos, &f.links),
                if f.bait { " (bait)" } else { "" }
            ));
        }
        if let Some(l) = &st.last {
            v.push(format!(
                "last movement by {}: {} ({})",
                l.mover,
                self.links_text(pos, &l.movement.links),
                if l.deniable {
                    "deniable"
                } else {
                    "not deniable"
                }
            ));
        }
        if let Some(f) = &st.game.forced {
            v.push(format!(
                "{} must answer the bait of {}",
                f.baiter.opposite(),
                f.baiter
            ));
        }
        for s in Side::ALL {
            let pile = |loc: Location| -> String {
                pos.units()
                    .iter()
                    .filter(|u| u.loc == loc)
                    .map(|u| self.kinds.fen_char(u.kind, u.side))
                    .collect()
            };
            v.push(format!(
                "{s} captured: [{}] exiled: [{}]",
                pile(Location::Captured(s)),
                {
                    let ex: String = pos
                        .units()
                        .iter()
                        .filter(|u| u.loc == Location::Exiled && u.side == s)
                        .map(|u| self.kinds.fen_char(u.kind, u.side))
                        .collect();
                    ex
                }
            ));
        }
        v
    }

    fn repetition_limit(&self) -> Option<u32> {
        Some(3)
    }
}

/// FEN for Denial/Bait chess: the six FIDE fields with the letters `KQRBNP` (and `S` for
/// statues). Pieces of the set missing from the board are put in the opponent's captured
/// pile; both Kings must be on the board. State FEN cannot express (stacks, exile piles,
/// denial, bait, pending decisions) goes through RON: [`Rules::to_fen`] returns `None` for
/// positions with riders or pending decisions, and otherwise writes the board view.
mod fide_fen {
    use super::*;
    use frozen_core::{build_position, Setup, UnitRecord};

    fn err(col: usize, msg: String) -> LoadError {
        LoadError::one(Problem::new(
            ProblemKind::Syntax,
            format!("FEN column {col}"),
            msg,
        ))
    }

    pub fn read(r: &DenialBait, fen: &str) -> Result<Position<DbState>, LoadError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() || fields.len() > 6 {
            return Err(err(1, "expected 1 to 6 FEN fields".into()));
        }
        let col = |i: usize| fen.find(fields[i]).map_or(1, |c| c + 1);
        let side = match fields.get(1).copied() {
            None | Some("w") => Side::White,
            Some("b") => Side::Black,
            Some(o) => return Err(err(col(1), format!("expected w or b, found {o:?}"))),
        };
        let castling = fields.get(2).copied().unwrap_or("-");
        if castling != "-" && (castling.is_empty() || !castling.chars().all(|c| "KQkq".contains(c)))
        {
            return Err(err(col(2), format!("bad castling field {castling:?}")));
        }
        let ep = fields.get(3).copied().unwrap_or("-");
        let halfmove: u32 = match fields.get(4) {
            None => 0,
            Some(h) => h
                .parse()
                .map_err(|_| err(col(4), format!("bad halfmove clock {h:?}")))?,
        };
        let fullmove: u32 = match fields.get(5) {
            None => 1,
            Some(h) => h
                .parse()
                .ok()
                .filter(|&n: &u32| (1..=100_000).contains(&n))
                .ok_or_else(|| err(col(5), format!("bad move number {h:?}")))?,
        };
        let placement = frozen_core::fen::parse_placement(fields[0], Shape::EIGHT, &r.kinds)
            .map_err(|e| err(e.column, e.reason))?;
        let mut units = Vec::new();
        let mut counts = [[0usize; 7]; 2];
        for &(_, k, s) in &placement {
            let kk = if k == STATUE { PAWN } else { k };
            counts[s.index()][kk.index()] += 1;
        }
        let full = [1usize, 1, 2, 2, 2, 8];
        let mut id = placement.len() as u16;
        for s in Side::ALL {
            for (k, &n) in full.iter().enumerate() {
                let have = counts[s.index()][k];
                if have > n {
                    return Err(LoadError::one(Problem::new(
                        ProblemKind::Rule,
                        "FEN placement",
                        format!(
                            "{s} has {have} pieces of kind {}, the set has {n}",
                            r.kinds.name(frozen_core::Kind(k as u8))
                        ),
                    )));
                }
                if k == 0 && have == 0 {
                    return Err(LoadError::one(Problem::new(
                        ProblemKind::Rule,
                        "FEN placement",
                        format!("{s} has no King on the board (use RON for a King in exile)"),
                    )));
                }
                for _ in have..n {
                    units.push(UnitRecord {
                        id,
                        kind: r
                            .kinds
                            .get(frozen_core::Kind(k as u8))
                            .map_or("P".into(), |i| i.fen.to_string()),
                        side: s,
                        at: Location::Captured(s.opposite()),
                        status: Default::default(),
                    });
                    id += 1;
                }
            }
        }
        let setup = Setup {
            to_move: side,
            turns: BySide::new(
                fullmove,
                if side == Side::White {
                    fullmove - 1
                } else {
                    fullmove
                },
            ),
            placement: Some(fields[0].to_string()),
            units,
            ..Setup::<DbState>::new(r.name())
        };
        let mut pos = build_position(r, setup)?;
        // Castling rights become "moved" flags of Kings and rooks.
        for (i, &(sq, k, s)) in placement.iter().enumerate() {
            let id = UnitId(i as u16);
            let Some(q) = from_sq(sq) else { continue };
            let home = if s == Side::White { 0 } else { 56 };
            let (kc, qc) = if s == Side::White {
                ('K', 'Q')
            } else {
                ('k', 'q')
            };
            let keep = match k {
                KING => q == home + 4 && (castling.contains(kc) || castling.contains(qc)),
                ROOK => {
                    (q == home + 7 && castling.contains(kc)) || (q == home && castling.contains(qc))
                }
                _ => true,
            };
            if !keep {
                pos.update_status(id, |st| st.moved = true);
            }
            if k == STATUE {
                pos.update_status(id, |st| st.origin = Some(PAWN));
            }
        }
        let mut st = DbState::default();
        st.game.halfmove = halfmove;
        if ep != "-" {
            let x: frozen_core::Square = ep
                .parse()
                .map_err(|_| err(col(3), format!("bad en passant square {ep:?}")))?;
            let xi =
                from_sq(x).ok_or_else(|| err(col(3), "en passant square off the board".into()))?;
            let victim_side = side.opposite();
            let vsq = off(xi, 0, fwd(victim_side))
                .ok_or_else(|| err(col(3), "bad en passant square".into()))?;
            let victim = pos
                .unit_at(to_sq(vsq))
                .filter(|&u| {
                    pos.unit(u).kind == PAWN
                        && pos.unit(u).side == victim_side
                        && pos.unit_at(x).is_none()
                })
                .ok_or_else(|| err(col(3), format!("no pawn passed over {ep}")))?;
            st.game.ep.push(EpInfo { x, victim });
        }
        st.turn.mover = side;
        pos.set_state(st);
        let snap = snap_of(&pos);
        pos.update_state(|s| s.turn.start = Some(snap));
        pos.clear_journal();
        Ok(pos)
    }

    pub fn write(r: &DenialBait, pos: &Position<DbState>) -> Option<String> {
        if !pos.pending().is_empty()
            || pos
                .units()
                .iter()
                .any(|u| matches!(u.loc, Location::Carried { .. }))
            || pos.state().game.ep.len() > 1
        {
            return None;
        }
        let placement =
            frozen_core::fen::format_placement(pos.shape(), &r.kinds, |sq| pos.piece_at(sq));
        let mut castling = String::new();
        for (s, kc, qc) in [(Side::White, 'K', 'Q'), (Side::Black, 'k', 'q')] {
            let home: u8 = if s == Side::White { 0 } else { 56 };
            let unmoved = |q: u8, k: frozen_core::Kind| {
                pos.unit_at(to_sq(q)).is_some_and(|u| {
                    let u = pos.unit(u);
                    u.kind == k && u.side == s && !u.status.moved
                })
            };
            if unmoved(home + 4, KING) {
                if unmoved(home + 7, ROOK) {
                    castling.push(kc);
                }
                if unmoved(home, ROOK) {
                    castling.push(qc);
                }
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        let ep = pos
            .state()
            .game
            .ep
            .first()
            .map_or("-".to_string(), |e| e.x.to_string());
        let side = if pos.to_move() == Side::White {
            "w"
        } else {
            "b"
        };
        Some(format!(
            "{placement} {side} {castling} {ep} {} {}",
            pos.state().game.halfmove,
            pos.turns()[Side::White].max(1)
        ))
    }
}

/// Hands the turn to `side` for an owner decision about `unit` (a chain-reaction choice, a
/// conversion): one pending decision of `kind` with `data`, and that side acts next.
fn await_decision(pos: &mut Position<DbState>, side: Side, kind: u16, unit: usize, data: u32) {
    let mut p = PendingList::new();
    p.push(Pending {
        side,
        kind,
        unit: Some(UnitId(unit as u16)),
        square: None,
        data,
    });
    pos.set_pending(p);
    pos.set_to_move(side);
}
