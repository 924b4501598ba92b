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
//! Engine model: a double move is two actions (leg 1, then leg 2 or `end`); the unit in
//! the middle of a double move is kept in [`Fc12State`].
//!
//! Built on the FrozenChess family module ([`crate::frozen_family`]): the game describes
//! its kinds once ([`Fc12::tables`]: patterns, protectors, immunities, roles) and the
//! shared mechanics (timers, protection and Empower, attacks, presence and explosions,
//! King's Exchange, swaps, promotion, whole-turn legality, repetition) serve it; the
//! modules here hold the rules only this game has and the rulings as this game words them.

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

use crate::frozen_family::immunity::KindImmunity;
use crate::frozen_family::patterns::{Pattern, PatternTable};
use crate::frozen_family::promotion::PromotionRule;
use crate::frozen_family::{turn as family_turn, FamilyGame, FamilyTables, KindMask};
use frozen_core::{
    Action, ActionKind, EventSink, Geometry, Kind, KindSet, LoadError, Position, Problem, Rules,
    Shape, Side, UnitId,
};
use serde::{Deserialize, Serialize};
use smallvec::smallvec;
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
#[serde(deny_unknown_fields)]
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
    tables: Arc<FamilyTables>,
    pub(crate) promotion: PromotionRule,
}

impl Fc12 {
    /// Builds the rules (precomputes the 12x12 geometry and the family tables).
    pub fn new() -> Fc12 {
        let geo = Arc::new(Geometry::new(Shape::TWELVE));
        let tables = Arc::new(family_tables(&geo));
        Fc12 {
            geo,
            kinds: setup::kind_set(),
            tables,
            promotion: PromotionRule {
                pawn: PAWN,
                choices: pawn::PROMOTION_KINDS.iter().copied().collect(),
                ranks: 12,
            },
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

/// The game as the family mechanics see it (F12-MOVE-01..08, F12-KIND-01..02,
/// F12-EMPW-01..02, F12-GARD-01..02, F12-JEST-02..05, F12-KING-01): four patterns (the
/// bits of [`movement::Pat`]), each kind's native patterns, who protects and is counted,
/// who never captures, and the immunities.
fn family_tables(geo: &Arc<Geometry>) -> FamilyTables {
    let knight = crate::frozen_family::leap_paths::KNIGHT_DELTAS.to_vec();
    let king: Vec<(i8, i8)> = frozen_core::Dir::ALL8
        .iter()
        .map(|d| (d.df, d.dr))
        .collect();
    let patterns = PatternTable::new(
        geo.clone(),
        &[
            Pattern::Leap {
                deltas: knight,
                side_relative: false,
            },
            Pattern::Slide {
                dirs: movement::DIAG_DIRS.to_vec(),
                range: None,
            },
            Pattern::Slide {
                dirs: movement::ORTHO_DIRS.to_vec(),
                range: None,
            },
            Pattern::Leap {
                deltas: king,
                side_relative: false,
            },
        ],
    )
    .expect("the fc12 patterns are valid");
    let native = (0..8).map(|k| movement::native(Kind(k))).collect();
    FamilyTables {
        patterns,
        native,
        counted: KindMask::of(&[KNIGHT, BISHOP, ROOK, DRAGON, QUEEN]),
        uncounted_protectors: KindMask::of(&[PAWN]),
        non_attackers: KindMask::of(&[KING, JESTER]),
        never_empowered: KindMask::of(&[KING, PAWN]),
        never_guarded: KindMask::of(&[KING]),
        leap_path_attackers: KindMask::of(&[KNIGHT]),
        knight_leap: movement::LEAP,
        immunity: KindImmunity {
            same_kind_allowed: KindMask::of(&[PAWN]),
            extra: smallvec![],
        },
        jester: Some(JESTER),
        presence_immune: KindMask::of(&[JESTER, KING]),
        king: KING,
        empowerable: 0,
        leap_path_sources: Vec::new(),
    }
    .derive()
}

impl FamilyGame for Fc12 {
    fn tables(&self) -> &FamilyTables {
        &self.tables
    }
    fn is_paralyzed(&self, pos: &Fc12Position, id: UnitId) -> bool {
        paralysis::is_paralyzed(self, pos, id)
    }
    fn candidates(&self, pos: &Fc12Position, out: &mut Vec<Action>) {
        turn::candidates(self, pos, out);
    }
    fn exec(&self, pos: &mut Fc12Position, action: &Action, events: &mut dyn EventSink) {
        turn::exec(self, pos, action, events);
    }
    fn exec_probe(&self, pos: &mut Fc12Position, action: &Action) {
        turn::exec_with(self, pos, action, &mut frozen_core::NoEvents, false);
    }
    fn always_legal(&self, action: &Action) -> bool {
        action.kind == ActionKind::Act
    }
    fn turn_open(&self, pos: &Fc12Position) -> bool {
        pos.state().mover.is_some()
    }
    fn is_end(&self, action: &Action) -> bool {
        action.kind == ActionKind::End
    }
    fn turn_safe(&self, pos: &mut Fc12Position, side: Side) -> bool {
        turn::king_safe(self, pos, side)
    }
    fn acting_squares(&self, pos: &Fc12Position) -> Option<frozen_core::Bitboard> {
        (pos.result().is_none() && pos.pending().is_empty() && pos.state().mover.is_none())
            .then(|| pos.side_bb(pos.to_move()))
    }
    fn candidates_of(&self, pos: &Fc12Position, sq: frozen_core::Square, out: &mut Vec<Action>) {
        turn::candidates_of(self, pos, sq, out);
    }
    fn legs_after(&self, _pos: &Fc12Position) -> u32 {
        // A double move has two legs: after leg 1, at most one more (F12-DBLM-01).
        1
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
        // The in-place listing needs a position to play candidates on.
        let mut scratch = pos.clone();
        family_turn::legal_actions(self, &mut scratch, out);
    }
    fn actions_mut(&self, pos: &mut Fc12Position, out: &mut Vec<Action>) {
        family_turn::legal_actions(self, pos, out);
    }
    fn count_actions(&self, pos: &Fc12Position, buf: &mut Vec<Action>) -> u64 {
        let mut scratch = pos.clone();
        family_turn::count_legal(self, &mut scratch, buf)
    }
    fn count_actions_mut(&self, pos: &mut Fc12Position, buf: &mut Vec<Action>) -> u64 {
        family_turn::count_legal(self, pos, buf)
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
    fn square_notes(&self, pos: &Fc12Position) -> Vec<frozen_core::SquareNote> {
        setup::square_notes(self, pos)
    }
    fn mark_layer_name(&self, layer: usize) -> Option<String> {
        (layer == death::LAYER).then(|| "death square (F12-DETH-01)".to_string())
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
