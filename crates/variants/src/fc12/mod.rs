//! FrozenChess 12x12 (`fc12`, the seed's "Board12x12").
//!
//! The rules follow the catalog `rules/fc12.md` as ruled in `docs/rules/fc12.md`.
//! One module per catalog area; each names the rule IDs it implements:
//!
//! | Module | IDs |
//! |---|---|
//! | [`setup`] | F12-SETU-01..04, F12-FRST-01, F12-ABSN-01, F12-VISU-01 |
//! | [`turn`] | F12-TURN-01..06 |
//! | [`paralysis`] | F12-PARA-01..03 |
//! | [`kind`] | F12-KIND-01..02 |
//! | [`movement`] | F12-MOVE-01..08 |
//! | [`double_move`] | F12-DBLM-01..06 |
//! | [`knight`] | F12-MOVE-09, F12-KNIG-01..02 |
//! | [`bishop`] | F12-BISH-01 |
//! | [`rook`] | F12-ROOK-01..05 |
//! | [`jester`] | F12-JEST-01..06 |
//! | [`king`] | F12-KING-01..03 |
//! | [`pawn`] | F12-PAWN-01..03 |
//! | [`capture`] | F12-CAPT-01..02 |
//! | [`death`] | F12-DETH-01..05 |
//! | [`empower`] | F12-EMPW-01..02, F12-GARD-01..02 |
//! | [`swap`] | F12-SWAP-01..02 |
//! | [`victory`] | F12-VICT-01..04 |
//! | [`draw`] | F12-DRAW-01 |
//!
//! Engine model (DESIGN.md): a double move is two actions (leg 1, then leg 2 or
//! `end`); the unit in the middle of a double move is kept in [`Fc12State`].

pub mod bishop;
pub mod capture;
pub mod death;
pub mod double_move;
pub mod draw;
pub mod empower;
pub mod jester;
pub mod kind;
pub mod king;
pub mod knight;
pub mod movement;
pub mod paralysis;
pub mod pawn;
pub mod rook;
pub mod setup;
pub mod swap;
pub mod turn;
pub mod victory;

use frozen_core::{
    Action, EventSink, Geometry, Kind, KindSet, LoadError, Position, Problem, Rules, Shape,
};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Pawn.
pub const PAWN: Kind = Kind(0);
/// Knight.
pub const KNIGHT: Kind = Kind(1);
/// Bishop.
pub const BISHOP: Kind = Kind(2);
/// Rook.
pub const ROOK: Kind = Kind(3);
/// Dragon (knight or bishop).
pub const DRAGON: Kind = Kind(4);
/// Queen (knight, bishop or rook).
pub const QUEEN: Kind = Kind(5);
/// Jester.
pub const JESTER: Kind = Kind(6);
/// King.
pub const KING: Kind = Kind(7);

/// The pending-decision kind of a promotion choice owed by a pawn on its far rank.
pub const PENDING_PROMOTION: u16 = 1;

/// The variant's own state, carried (hashed and saved) by the position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Fc12State {
    /// The unit that made leg 1 of a double move this turn and may make leg 2 (or `end`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mover: Option<frozen_core::UnitId>,
    /// Leg 2 may not push: leg 1 caused a death (F12-ROOK-05).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_push: bool,
}

/// An fc12 position.
pub type Fc12Position = Position<Fc12State>;

/// The FrozenChess 12x12 rules (immutable; cheap to clone).
#[derive(Clone, Debug)]
pub struct Fc12 {
    pub(crate) geo: Arc<Geometry>,
    kinds: KindSet,
}

impl Fc12 {
    /// Builds the rules (precomputes the 12x12 geometry).
    pub fn new() -> Fc12 {
        Fc12 {
            geo: Arc::new(Geometry::new(Shape::TWELVE)),
            kinds: setup::kind_set(),
        }
    }

    /// The precomputed 12x12 geometry.
    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    /// The kind set.
    pub(crate) fn kinds_ref(&self) -> &KindSet {
        &self.kinds
    }

    /// The full name of a kind (`"Knight"`), or `"?"`.
    pub fn kind_name(&self, kind: Kind) -> &str {
        self.kinds.name(kind)
    }
}

impl Rules for Fc12 {
    type State = Fc12State;

    fn name(&self) -> &str {
        "fc12"
    }
    fn description(&self) -> &str {
        "FrozenChess 12x12: death squares, paralysis, empower and guards, double moves, jesters, King's Exchange"
    }
    fn kinds(&self) -> &KindSet {
        &self.kinds
    }
    fn shape(&self) -> Shape {
        Shape::TWELVE
    }
    fn initial_position(&self) -> Fc12Position {
        setup::initial_position(self)
    }
    fn actions(&self, pos: &Fc12Position, out: &mut Vec<Action>) {
        turn::legal_actions(self, pos, out);
    }
    fn perform(&self, pos: &mut Fc12Position, action: &Action, events: &mut dyn EventSink) {
        let mover = pos.to_move();
        turn::exec(self, pos, action, events);
        victory::after_action(self, pos, mover, events);
    }
    fn explain_illegal(&self, pos: &Fc12Position, action: &Action) -> String {
        turn::explain_illegal(self, pos, action)
    }
    fn validate(&self, pos: &Fc12Position) -> Vec<Problem> {
        setup::validate(self, pos)
    }
    fn position_from_fen(&self, fen: &str) -> Result<Fc12Position, LoadError> {
        setup::position_from_fen(self, fen)
    }
    fn to_fen(&self, pos: &Fc12Position) -> Option<String> {
        Some(setup::to_fen(self, pos))
    }
    fn describe_state(&self, pos: &Fc12Position) -> Vec<String> {
        setup::describe_state(self, pos)
    }
    fn repetition_limit(&self) -> Option<u32> {
        Some(3)
    }
    fn same_for_repetition(&self, a: &Fc12Position, b: &Fc12Position) -> bool {
        draw::same_for_repetition(a, b)
    }
    fn repetition_key(&self, pos: &Fc12Position) -> u64 {
        draw::repetition_key(pos)
    }
}
