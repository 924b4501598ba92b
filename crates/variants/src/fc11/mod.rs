//! FrozenChess 11.0 (`fc11`): the 16x16 board, the 18 unit kinds' movement and captures,
//! the turn and its end-of-ply order, paralysis, kind immunity, promotion (part 1), trail
//! walls, the null move, the end of the game and draws, status paralysis, Knightmare,
//! Paralysis Transfer, the immunity table, Empower, guards and Tower, the Queen's Shadow,
//! the Assassin's Retain Empowered Move (part 2).
//!
//! The rules follow the catalog `rules/fc11.md` as ruled in `docs/rules/fc11.md`. One
//! module per catalog area, one module per unit kind; each names the rule IDs it
//! implements:
//!
//! | Module | IDs |
//! |---|---|
//! | [`base`] | the kind constants and the rules value (FC11-SETP-06) |
//! | [`setup`] | FC11-SETP-01..16 |
//! | [`fen`] | the extended FEN of FC11 positions (SETP-08/09 state, PAWN-03 moved flags, PARA-02 counters, CAPT-04 CRR, tombs) |
//! | [`board`] | FC11-TURN-13 (what blocks and what may be landed on), the forward of a unit |
//! | [`bounce`] | FC11-TURN-09..12 (bounced routes) |
//! | [`maps`] | FC11-CAPT-11..13 (the attack map A(S), one definition for check, threats and protection; the explosion map E(S); the influence map I(S)) |
//! | [`empower`] | FC11-EMPW-01..08, FC11-ROOK-04 (protection, Empower, guards, Tower) |
//! | [`node`] | the maps of one position, built once per listing (A0, protection, the whole A, E, I) |
//! | [`turn`] | FC11-TURN-01, -02, -14..17, -19 |
//! | [`walls`] | FC11-WALL-01..04, -06, -07, -10 |
//! | [`double`] | FC11-QUEN-05..07 (the Queen's Shadow: her double) |
//! | [`retain`] | FC11-ASSN-13 (the Assassin's Retain Empowered Move) |
//! | [`null`] | FC11-NULL-01..04, FC11-DRAW-01 |
//! | [`victory`] | FC11-VICT-01, -02, -04, FC11-DRAW-04, FC11-KING-12 |
//! | [`draw`] | FC11-DRAW-02, -03, -05 |
//! | [`paralysis`] | FC11-PARA-01..03, -09..13, -15; the one paralysis query |
//! | [`status`] | FC11-PARA-04, FC11-PAWN-08, FC11-JEST-07, FC11-QUEN-02, -03 |
//! | [`immunity`] | FC11-PARA-08, -16, FC11-KING-08, -09, FC11-CHAN-09 (the one immunity table, with kind immunity) |
//! | [`transfer`] | FC11-PARA-05..07 |
//! | [`visual`] | FC11-VISU-01, -02 |
//! | [`steal`] | FC11-JEST-03 (Power Steal) |
//! | [`capture`] | FC11-CAPT-01..06 |
//! | [`check`] | FC11-KING-02, -03 (check is the King's square in A(enemy)) |
//! | [`promotion`] | FC11-PAWN-04, -05 |
//! | [`units`] | one module per kind: PAWN, LANC, KNGT (Knightmare, KNGT-06, in `units::knight`), BISH, DRAG, ROOK, QUEN, KING, JEST, CHAN, TEMP, FROG, TREB, BALL, SHIP, ONAG, CANN, ASSN rows |
//!
//! Engine model (FC11-TURN-01): every turn is one action (a move, a capture, a Pawn
//! Rotation, a Paralysis Transfer or the null move); double moves, multimoves and the other multi-action turns come
//! with later parts. Legality (FC11-TURN-15) is judged by playing each candidate and
//! undoing it; when turns of several actions arrive, the family's whole-turn search
//! ([`crate::frozen_family::turn`]) is the place for it.
//!
//! Built on the FrozenChess family module ([`crate::frozen_family`]): owner-turn paralysis
//! timers ([`crate::frozen_family::timers`]), kind immunity tables
//! ([`crate::frozen_family::immunity`]), promotion ([`crate::frozen_family::promotion`])
//! and repetition ([`crate::frozen_family::repetition`]). The family's pattern tables and
//! attack look-ups are not used: FC11 units aim (pawns, Onagers), capture beside their
//! path (Lancer), and are stopped by walls but not by tombs, which those tables do not
//! describe; each unit module here answers "where can it go" and "does it attack this
//! square" for its kind.

pub mod base;
pub mod board;
pub mod bounce;
pub mod capture;
pub mod check;
pub mod double;
pub mod draw;
pub mod empower;
pub mod fen;
pub mod immunity;
pub mod maps;
pub mod node;
pub mod null;
pub mod paralysis;
pub mod promotion;
pub mod retain;
pub mod setup;
pub mod status;
pub mod steal;
pub mod transfer;
pub mod turn;
pub mod units;
pub mod victory;
pub mod visual;
pub mod walls;

pub use base::{
    Fc11, Fc11Position, Fc11State, ASSASSIN, BALLISTA, BISHOP, CANNON, CHANCELLOR, DRAGON, FROG,
    JESTER, KIND_COUNT, KING, KNIGHT, LANCER, ONAGER, PAWN, QUEEN, ROOK, SHIP, TEMPLAR, TREBUCHET,
};

use crate::frozen_family::promotion::PromotionRule;
use frozen_core::{Action, EventSink, Geometry, KindSet, LoadError, Problem, Rules, Shape};
use std::sync::Arc;

impl Default for Fc11 {
    fn default() -> Self {
        Fc11::new()
    }
}

impl Fc11 {
    /// Builds the rules (precomputes the 16x16 geometry).
    pub fn new() -> Fc11 {
        Fc11 {
            geo: Arc::new(Geometry::new(Shape::SIXTEEN)),
            kinds: setup::kind_set(),
            promotion: PromotionRule {
                pawn: PAWN,
                choices: promotion::PROMOTION_KINDS.iter().copied().collect(),
                ranks: 16,
            },
        }
    }
}

impl Rules for Fc11 {
    type State = Fc11State;

    fn name(&self) -> &str {
        "fc11"
    }
    fn description(&self) -> &str {
        "FrozenChess 11.0: 16x16, 18 unit kinds' movement and captures, paralysis, kind immunity, promotion, trail walls, the Queen's double, null move, draws"
    }
    fn kinds(&self) -> &KindSet {
        &self.kinds
    }
    fn shape(&self) -> Shape {
        Shape::SIXTEEN
    }
    fn initial_position(&self) -> Fc11Position {
        fen::initial_position(self)
    }
    fn actions(&self, pos: &Fc11Position, out: &mut Vec<Action>) {
        let mut scratch = pos.clone();
        turn::legal_actions(self, &mut scratch, out);
    }
    fn actions_mut(&self, pos: &mut Fc11Position, out: &mut Vec<Action>) {
        turn::legal_actions(self, pos, out);
    }
    fn count_actions(&self, pos: &Fc11Position, buf: &mut Vec<Action>) -> u64 {
        let mut scratch = pos.clone();
        turn::count_legal(self, &mut scratch, buf)
    }
    fn count_actions_mut(&self, pos: &mut Fc11Position, buf: &mut Vec<Action>) -> u64 {
        turn::count_legal(self, pos, buf)
    }
    fn perform(&self, pos: &mut Fc11Position, action: &Action, events: &mut dyn EventSink) {
        let mover = pos.to_move();
        turn::exec(self, pos, action, events);
        retain::remember(pos);
        victory::after_ply(self, pos, mover, events);
    }
    fn terminal(&self, pos: &Fc11Position) -> Option<frozen_core::Outcome> {
        if pos.result().is_some() {
            return None;
        }
        victory::outcome(self, &mut pos.clone(), pos.to_move().opposite())
    }
    fn explain_illegal(&self, pos: &Fc11Position, action: &Action) -> String {
        turn::explain_illegal(self, pos, action)
    }
    fn validate(&self, pos: &Fc11Position) -> Vec<Problem> {
        setup::validate(self, pos)
    }
    fn position_from_fen(&self, text: &str) -> Result<Fc11Position, LoadError> {
        fen::position_from_fen(self, text)
    }
    fn to_fen(&self, pos: &Fc11Position) -> Option<String> {
        fen::to_fen(self, pos)
    }
    fn display_range(&self, pos: &Fc11Position, unit: frozen_core::UnitId) -> Option<u16> {
        visual::display_range(pos, unit)
    }
    fn square_notes(&self, pos: &Fc11Position) -> Vec<frozen_core::SquareNote> {
        visual::square_notes(self, pos)
    }
    fn describe_state(&self, pos: &Fc11Position) -> Vec<String> {
        setup::describe_state(self, pos)
    }
    fn repetition_limit(&self) -> Option<u32> {
        Some(draw::REPETITION_LIMIT)
    }
    fn same_for_repetition(&self, a: &Fc11Position, b: &Fc11Position) -> bool {
        draw::same_for_repetition(a, b)
    }
    fn repetition_key(&self, pos: &Fc11Position) -> u64 {
        draw::repetition_key(pos)
    }
}
