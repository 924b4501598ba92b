//! Playing a move (the body of [`frozen_core::Rules::perform`]): finding the listed move's effect,
//! moving and capturing through the position's journaled setters, promotion, the
//! previous-turn record for history rules (PAR-HIST-01), and the end of the game when the
//! side to act has no move (PAR-GAME-01..05).
//!
//! Uses [`super::ir`], [`super::compiled`], [`super::narrow`], [`super::eval`],
//! [`super::set`], [`super::legal`], [`super::moves`] and [`super::count`].

use super::board::Board;
use super::eval::{capturable_on_board, Effect};
use super::ir::{last_parts, LastPart, LastParts};
use super::legal::Gen;
use super::narrow::{self, NarrowNode};
use super::set::{ParlettRules, ParlettState};
use frozen_core::{
    Action, ActionKind, Event, EventSink, Location, Outcome, Position, Side, Square, UnitId,
};
use smallvec::SmallVec;

impl ParlettRules {
    /// Applies an effect or a simple move to the position.
    pub(super) fn apply_move(
        &self,
        pos: &mut Position<ParlettState>,
        action: &Action,
        effect: Option<&Effect>,
        events: &mut dyn EventSink,
    ) {
        let c = self.c();
        let side = pos.to_move();
        let wants = events.wants();
        let mut parts: SmallVec<[(UnitId, Square, Square, u32); 2]> = SmallVec::new();
        let mut caps: SmallVec<[(UnitId, Square); 2]> = SmallVec::new();
        match effect {
            Some(e) => {
                parts = e.parts.clone();
                caps = e.caps.clone();
            }
            None => {
                let (Some(from), Some(to)) = (action.from(), action.to()) else {
                    return;
                };
                let Some(u) = pos.unit_at(from) else { return };
                if !wants {
                    self.apply_simple(pos, action, u, (from, to));
                    return;
                }
                let pat = self.move_patterns(pos, u, from, to);
                parts.push((u, from, to, pat));
                if let Some(v) = pos.unit_at(to) {
                    caps.push((v, to));
                }
            }
        }
        for &(v, at) in &caps {
            pos.relocate(v, Location::Captured(side));
            if wants {
                events.push(Event::Captured {
                    unit: v,
                    at,
                    by: parts.first().map(|p| p.0),
                    to: Location::Captured(side),
                });
            }
        }
        if parts.len() == 1 {
            let (u, f, t, _) = parts[0];
            if f != t {
                pos.move_unit(u, t);
            }
        } else {
            for &(u, f, t, _) in &parts {
                if f != t {
                    pos.relocate(u, Location::Pool);
                }
            }
            for &(u, f, t, _) in &parts {
                if f != t {
                    pos.move_unit(u, t);
                }
            }
        }
        for &(u, f, t, _) in &parts {
            if wants {
                events.push(Event::Moved {
                    unit: u,
                    from: f,
                    to: t,
                });
            }
            // PAR-MULT-02 / PAR-DIST-03: every participant has moved.
            pos.set_moved(u);
            if let Some(p) = action.piece {
                let k = pos.unit(u).kind;
                if f != t
                    && c.kinds.get(k.index()).is_some_and(|kd| {
                        !kd.promo_to.is_empty() && kd.promo_zone[side.index()].contains(t)
                    })
                {
                    pos.set_kind(u, p);
                    if wants {
                        events.push(Event::Promoted {
                            unit: u,
                            from: k,
                            to: p,
                        });
                    }
                }
            }
        }
        let last: LastParts = last_parts(&parts);
        if pos.state().last != last {
            pos.set_state(ParlettState { last });
        }
        pos.bump_ply();
        pos.pass_turn();
        // PAR-GAME-01: checked at the end of every turn.
        if let Some(o) = self.royal_outcome(pos) {
            if wants {
                events.push(Event::GameOver(o.clone()));
            }
            pos.set_result(Some(o));
        }
        // No legal move (PAR-GAME-03), checkmate and stalemate (check rule) need a move
        // generation: `Rules::terminal` finds them, and `frozen_core::apply` records them
        // whatever the event sink (perft's raw `perform` leaves them, as leaves).
    }
    /// [`Self::apply_move`] of a simple move of unit `u` when no events are
    /// wanted (perft, search): the same changes in the same order, without
    /// building the part and capture lists.
    fn apply_simple(
        &self,
        pos: &mut Position<ParlettState>,
        action: &Action,
        u: UnitId,
        (from, to): (Square, Square),
    ) {
        let c = self.c();
        let side = pos.to_move();
        let pat = self.move_patterns(pos, u, from, to);
        if let Some(v) = pos.unit_at(to) {
            pos.relocate(v, Location::Captured(side));
        }
        if from != to {
            pos.move_unit(u, to);
        }
        // PAR-MULT-02 / PAR-DIST-03: the unit has moved.
        pos.set_moved(u);
        if let Some(p) = action.piece {
            let k = pos.unit(u).kind;
            if from != to
                && c.kinds.get(k.index()).is_some_and(|kd| {
                    !kd.promo_to.is_empty() && kd.promo_zone[side.index()].contains(to)
                })
            {
                pos.set_kind(u, p);
            }
        }
        // PAR-HIST-01: the previous-turn record keeps the move if it matched a pattern.
        let last = &pos.state().last;
        if pat != 0 {
            let part = LastPart {
                unit: u,
                from,
                to,
                patterns: pat,
            };
            if last.as_slice() != [part] {
                let mut last = LastParts::new();
                last.push(part);
                pos.set_state(ParlettState { last });
            }
        } else if !last.is_empty() {
            pos.set_state(ParlettState {
                last: LastParts::new(),
            });
        }
        pos.bump_ply();
        pos.pass_turn();
        // PAR-GAME-01: checked at the end of every turn.
        if let Some(o) = self.royal_outcome(pos) {
            pos.set_result(Some(o));
        }
    }
    /// PAR-GAME-01 (sets without the check rule): if exactly one side has a royal piece it
    /// wins; if neither has, the game ends with no winner. A fact of the position alone, so
    /// `Rules::terminal` reports it too (a position loaded from FEN after a king capture).
    pub(super) fn royal_outcome(&self, pos: &Position<ParlettState>) -> Option<Outcome> {
        let c = self.c();
        let (Some(royal), false) = (c.royal, c.legality) else {
            return None;
        };
        let w = pos.pieces(Side::White, royal).any();
        let b = pos.pieces(Side::Black, royal).any();
        match (w, b) {
            (true, false) => Some(Outcome {
                winner: Some(Side::White),
                reason: "only side with a king".into(),
            }),
            (false, true) => Some(Outcome {
                winner: Some(Side::Black),
                reason: "only side with a king".into(),
            }),
            (false, false) => Some(Outcome {
                winner: None,
                reason: "no side has a king, no winner".into(),
            }),
            _ => None,
        }
    }

    /// The end of the game when the side to act has no legal move (PAR-GAME-03, and
    /// checkmate or stalemate under the check rule).
    /// The squares of the side to move's royal pieces that the opponent could capture now
    /// (in check), for sets with the check rule; empty for sets without it. Checkmate and
    /// stalemate and the pictures' check square read this one test.
    pub(super) fn royals_in_check(&self, pos: &Position<ParlettState>) -> SmallVec<[Square; 2]> {
        let c = self.c();
        let mut out = SmallVec::new();
        let (true, Some(r)) = (c.legality, c.royal) else {
            return out;
        };
        let side = pos.to_move();
        let mut b = Board::from_pos(pos);
        for s in pos.pieces(side, r).iter() {
            if pos.unit_at(s).is_some_and(|u| {
                capturable_on_board(c, &mut b, u, s, side.opposite(), pos.state().last.clone())
            }) {
                out.push(s);
            }
        }
        out
    }

    pub(super) fn no_move_outcome(&self, pos: &Position<ParlettState>) -> Option<Outcome> {
        if pos.result().is_some() || self.count_moves(pos) != 0 {
            return None;
        }
        let c = self.c();
        let o = if c.legality {
            let victim_side = pos.to_move();
            if !self.royals_in_check(pos).is_empty() {
                Outcome {
                    winner: Some(victim_side.opposite()),
                    reason: "checkmate".into(),
                }
            } else {
                Outcome {
                    winner: None,
                    reason: "stalemate".into(),
                }
            }
        } else {
            Outcome {
                winner: None,
                reason: "no legal move, no winner".into(),
            }
        };
        Some(o)
    }
    /// [`frozen_core::Rules::perform`]: plays a listed move.
    pub(super) fn perform_move(
        &self,
        pos: &mut Position<ParlettState>,
        action: &Action,
        events: &mut dyn EventSink,
    ) {
        let c = self.c();
        let (Some(from), Some(to)) = (action.from(), action.to()) else {
            return;
        };
        let Some(u) = pos.unit_at(from) else { return };
        let un = pos.unit(u);
        let side = un.side;
        if action.kind == ActionKind::Move
            && action.path.len() == 2
            && action.arg == 0
            && from != to
        {
            // A kind without complex lines only has simple moves: no need to look.
            // Nor when its lines are all history rules and the previous turn
            // matched no pattern: none of them can run (`count_moves` skips them
            // on the same test), so a listed move is simple.
            let history_live = || pos.state().last.iter().any(|p| p.patterns != 0);
            if c.kinds
                .get(un.kind.index())
                .is_some_and(|kd| kd.lines.is_empty() || (kd.history_only && !history_live()))
            {
                self.apply_move(pos, action, None, events);
                return;
            }
            let own = pos.side_bb(side);
            let enemy = pos.side_bb(side.opposite());
            let simple = match c.narrow() {
                Some(nw) => {
                    let (t, _) = nw.targets(
                        un.kind,
                        narrow::n(from),
                        side,
                        un.status.moved,
                        narrow::pack(own),
                        narrow::pack(enemy),
                    );
                    t & (1u64 << narrow::n(to)) != 0
                }
                None => c
                    .simple_targets(un.kind, from, side, un.status.moved, own, enemy)
                    .0
                    .contains(to),
            };
            if simple {
                self.apply_move(pos, action, None, events);
                return;
            }
        }
        self.perform_complex(pos, action, u, events);
    }
    /// [`Self::perform_move`] of a move that may be complex: the unit's
    /// moves as the move list made them, with the node's narrow views and
    /// sets (cheaper `s` tests for castling), and the effect of the one that
    /// is `action`. Rare (castling, en passant), so kept out of line: the
    /// simple moves' path stays compact in the instruction cache.
    #[cold]
    #[inline(never)]
    fn perform_complex(
        &self,
        pos: &mut Position<ParlettState>,
        action: &Action,
        u: UnitId,
        events: &mut dyn EventSink,
    ) {
        let c = self.c();
        let mut board = None;
        let mut found: Option<Effect> = None;
        let nn = c.narrow().map(|_| NarrowNode::new(pos, c.kinds.len()));
        // The opponent's capture sets, made on first use, answer the `s` tests
        // of the unit's fixed lines (castling); nothing else of the node's
        // legality data is read, since a listed move is legal.
        let made = std::cell::OnceCell::new();
        let danger = || *made.get_or_init(|| nn.as_ref().and_then(|nn| self.node_danger(pos, nn)));
        let mut out = |g: Gen<'_>| {
            if found.is_none() && g.action.as_ref() == Some(action) {
                found = g.effect.cloned();
            }
        };
        self.unit_moves(
            pos,
            &mut board,
            u,
            None,
            nn.as_ref(),
            Some(&danger),
            true,
            &mut out,
        );
        if let Some(e) = found {
            self.apply_move(pos, action, Some(&e), events);
        }
    }
}
