//! Denial/Bait chess (`denial-bait`): an 8x8 variant described as changes to FIDE chess
//! (a blog post of 30 August 2013). Rulings as built: `docs/rules/denial-bait.md`.
//!
//! The modules, in the order they may use each other (a module uses only modules above
//! it; the one call back up is noted in `perform`):
//!
//! 1. [`base`]: the model (board, pieces, piles, state, turn anatomy; BASE).
//! 2. [`context`]: what every movement rule shares: the execution context, stops,
//!    the removal queue, argument bits, the chain-reaction runner's signature.
//! 3. [`statue`] (STAT), [`bait`] (BAIT), then [`capture`] (CAPT: removal, exile, landing).
//! 4. The piece rules: [`rook`], [`bishop`], [`queen`], [`knight`], [`king`], [`pawn`],
//!    [`disguise`] (DSGS). A piece rule whose removals start chain reactions receives the
//!    runner as an argument ([`context::React`]) instead of importing it.
//! 5. [`chain`]: the chain-reaction engine and the movement dispatch (DB-BASE-04).
//! 6. [`fide`] (FIDE: generation, check, end-of-turn mechanics), then [`exile`] (EXIL),
//!    [`promotion`] (PROM), [`deny`] (DENY) and [`legal`] (legality of a movement).
//! 7. The turn: [`turn`] (which actions a movement is made of), [`listing`] (the movements
//!    of a turn), `perform` (playing an action, the end of the turn, the verdict),
//!    `fen`, `repetition` (what repeats for the threefold draw, DB-FIDE-07),
//!    [`decision`] (the names of the pending decisions and their options).
//! 8. This file: [`DenialBait`] and its [`Rules`] implementation. A turn is a sequence of
//!    actions of the mover (free actions, `declare:1`, one movement), owner decisions
//!    inside chain reactions and end-of-turn conversions (`choose:<n>`), then the
//!    opponent's denial window (`deny` as its first action, or `end` to accept a pending
//!    game end).

pub mod base;
pub mod context;

pub mod bait;
pub mod capture;
pub mod statue;

pub mod bishop;
pub mod disguise;
pub mod king;
pub mod knight;
pub mod pawn;
pub mod queen;
pub mod rook;

pub mod chain;

pub mod decision;
pub mod deny;
pub mod exile;
pub mod fide;
pub mod legal;
pub mod promotion;

mod fen;
pub mod listing;
mod perform;
mod repetition;
pub mod turn;

use base::*;
use frozen_core::{
    Action, ActionKind, ActionParseError, DecisionText, EventSink, KindInfo, KindSet, LoadError,
    Location, Pending, Position, Problem, ProblemKind, Rules, Shape, Side, UnitId,
};
pub use listing::{
    any_legal_movement, bait_movements, can_declare, forced_movements, legal_movements,
    next_actions, partial_movements,
};
use listing::{collect_movements, collect_next, forced_owed};
use turn::{choose, links_complete};
pub use turn::{combine_links, movement_links};

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
            collect_next(&b, st, p.mode, &p.links, out);
            return;
        }
        if st.turn.converting {
            let start = st.turn.start.clone().unwrap_or_default();
            let arrived = |i: usize| {
                start
                    .units()
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
        if st.turn.bait {
            collect_next(&b, st, TurnMode::Bait, &[], out);
            return;
        }
        let mut next = Vec::new();
        if forced_owed(st, side).is_some() && collect_next(&b, st, TurnMode::Forced, &[], &mut next)
        {
            self.free_actions(pos, &b, out);
            out.append(&mut next);
            return;
        }
        self.free_actions(pos, &b, out);
        let any_escape = collect_next(&b, st, TurnMode::Normal, &[], out);
        // `can_declare` asks only whether the side has an escape (0 or more).
        if can_declare(&b, st, usize::from(any_escape)) {
            out.push(Action::new(ActionKind::Declare, &[]).with_arg(1));
        }
    }

    fn perform(&self, pos: &mut Position<DbState>, a: &Action, events: &mut dyn EventSink) {
        self.play_action(pos, a, events)
    }

    /// The core notation, except that an answer to a pending decision with named options
    /// is written with its name (`choose:raise`, `choose:d2`, `choose:queen`; the names
    /// are in the `decision` module).
    fn format_action(&self, pos: &Position<DbState>, a: &Action) -> String {
        if a.kind == ActionKind::Choose && a.path.is_empty() && a.piece.is_none() {
            if let Some(name) = self.option_names(pos).get(usize::from(a.arg)) {
                return format!("choose:{name}");
            }
        }
        frozen_core::format_action(&self.kinds, a)
    }

    /// The core notation, and `choose:<name>` for an option of the pending decision
    /// (`choose:<n>` keeps working).
    fn parse_action(
        &self,
        pos: &Position<DbState>,
        text: &str,
    ) -> Result<Action, ActionParseError> {
        if let Some(word) = text.strip_prefix("choose:") {
            if word.starts_with(|c: char| !c.is_ascii_digit()) {
                let names = self.option_names(pos);
                if let Some(n) = names.iter().position(|n| n == word) {
                    return Ok(Action::new(ActionKind::Choose, &[]).with_arg(n as u16));
                }
                if !names.is_empty() {
                    return Err(ActionParseError {
                        input: text.chars().take(300).collect(),
                        column: 8,
                        reason: format!(
                            "expected an option of the pending decision: {} (or its number, \
                             choose:0 to choose:{})",
                            names.join(", "),
                            names.len() - 1
                        ),
                    });
                }
            }
        }
        frozen_core::parse_action(&self.kinds, text)
    }

    fn describe_decision(&self, pos: &Position<DbState>, p: &Pending) -> Option<DecisionText> {
        self.decision_text(pos, p)
    }

    /// The raise flag (DB-BISH-02, DB-BISH-03) and a raised bishop's window (DB-BISH-04).
    fn describe_status(&self, pos: &Position<DbState>, id: UnitId) -> Option<String> {
        let u = pos.get_unit(id)?;
        let expiry = u32::from(u.status.counters[0]) | (u32::from(u.status.counters[1]) << 16);
        let mut parts = Vec::new();
        if expiry != 0 {
            parts.push(format!(
                "raised (DB-BISH-02): auto-exiled at the end of {}'s turn {expiry} (DB-BISH-04)",
                u.side
            ));
        }
        if u.status.flags & FLAG_RAISE_USED != 0 {
            parts.push("its one raise is used (DB-BISH-03)".to_string());
        }
        (!parts.is_empty()).then(|| parts.join("; "))
    }

    /// A King in check (DB-FIDE-02), a raised bishop (DB-BISH-02, DB-BISH-04).
    fn square_notes(&self, pos: &Position<DbState>) -> Vec<frozen_core::SquareNote> {
        let b = Board::load(pos);
        let raised = b.pcs.iter().enumerate().filter_map(|(i, p)| match p.place {
            Place::Board(s, _) if p.kind == BISHOP && p.expiry != 0 => {
                Some(frozen_core::SquareNote {
                    square: to_sq(s),
                    kind: frozen_core::SquareNoteKind::Status,
                    text: format!(
                        "the raised Bishop #{i}: auto-exiled at the end of {}'s turn {} \
                         (DB-BISH-04)",
                        p.side, p.expiry
                    ),
                    legend: "raised bishop, auto-exiled at the end of its owner's next turn \
                             (DB-BISH-02, DB-BISH-04)"
                        .into(),
                })
            }
            _ => None,
        });
        let raised: Vec<frozen_core::SquareNote> = raised.collect();
        Side::ALL
            .into_iter()
            .filter(|&side| fide::in_check(&b, side))
            .filter_map(|side| match b.pcs[b.king(side)?].place {
                Place::Board(s, _) => Some(frozen_core::SquareNote {
                    square: to_sq(s),
                    kind: frozen_core::SquareNoteKind::Check,
                    text: format!("{side}'s King is in check (DB-FIDE-02)"),
                    legend: "King in check (DB-FIDE-02)".into(),
                }),
                _ => None,
            })
            .chain(raised)
            .collect()
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
        // One side to act: the position's side to move and the state's mover agree, unless
        // the side to move is answering a pending decision in the mover's turn.
        let mover = pos.state().turn.mover;
        if pos.to_move() != mover && !pos.pending().iter().any(|d| d.side == pos.to_move()) {
            v.push(Problem::new(
                ProblemKind::Inconsistent,
                "to_move",
                format!(
                    "to_move is {} but state.turn.mover is {mover}: the side to act must be \
                     the same in both (set both, or give the position as a FEN)",
                    pos.to_move()
                ),
            ));
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
        fen::read(self, fen)
    }

    fn to_fen(&self, pos: &Position<DbState>) -> Option<String> {
        fen::write(self, pos)
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
    fn same_for_repetition(&self, a: &Position<DbState>, b: &Position<DbState>) -> bool {
        repetition::same_for_repetition(a, b)
    }
    fn repetition_key(&self, pos: &Position<DbState>) -> u64 {
        repetition::repetition_key(pos)
    }
}
