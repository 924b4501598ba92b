//! FrozenChess 6 (`fc6`, the seed's "FrozenChess6"), part 1: the board, the units and
//! their movement, captures with Capture Range Reduction, pawns, paralysis, walls, Bishop
//! Bounce, Empower, Guards, Tower, Siege, the Templar's Shield, Power Steal, game end
//! and draws; part 2: multi-leg turns (double move, Knight's March), Knight's Leap
//! capture, Rook Push, Queen's Poison, jester presence and traps, tombs, tomb and jester
//! explosions, respawn, King's Check, King's Exchange; part 3: shadowing and
//! de-shadowing, block rotations, swaps, Teleswap, Paralyse, Conversion, Dragon's Fire,
//! Pull and Mind Control.
//!
//! The rules follow the catalog of FC6 as ruled in `docs/rules/fc6.md`. One module per
//! catalog area; each names the rule IDs it implements:
//!
//! | Module | IDs |
//! |---|---|
//! | [`base`] | kinds, state and patterns as data |
//! | [`setup`] | FC6-SETU-01..08 |
//! | [`turn`] | FC6-TURN-01..07, FC6-FRST-01..02 |
//! | [`kinds`] | FC6-KIND-01..06 |
//! | [`movement`] | FC6-MOVE-01..14 |
//! | [`bounce`] | FC6-BNCE-01..05 |
//! | [`attack`] | FC6-TURN-04, FC6-BNCE-06 |
//! | [`capture`] | FC6-CAPT-01..07 |
//! | [`pawn`] | FC6-PAWN-01..04 |
//! | [`paralysis`] | FC6-PARA-01..07 |
//! | [`walls`] | FC6-WALL-01..09 |
//! | [`victory`] | FC6-VICT-01..06 |
//! | [`draw`] | FC6-DRAW-01..03 |
//! | [`visual`] | FC6-VISU-01..03 |
//! | [`empower`] | FC6-EMPW-01..04 |
//! | [`guard`] | FC6-GARD-01..03 |
//! | [`rook`] | FC6-ROOK-01..07, FC6-ROOK-09 |
//! | [`siege`] | FC6-ROOK-08 |
//! | [`templar`] | FC6-TEMP-01..03 |
//! | [`jester`] | FC6-JEST-01..04, FC6-JEST-08 |
//! | [`paralysis`] (presence) | FC6-JEST-03..04 |
//! | [`double_move`] | FC6-DBLM-01..11 |
//! | [`knight`] | FC6-KNIG-01..07 |
//! | [`queen`] | FC6-QUEN-01..02 |
//! | [`trap`] | FC6-TRAP-01..06 |
//! | [`arrive`] | FC6-TURN-06 (b)-(d): coming to rest, deaths without a capturer |
//! | [`tomb`] | FC6-TOMB-01..13, FC6-JEST-05..07, FC6-DRAG-04 |
//! | [`respawn`] | FC6-RESP-01..08 |
//! | [`king`] | FC6-KING-01..09 |
//! | [`notation`] | the text of the special moves that are no plain leg (Conversion, Paralyse, shadowing, rotation, Dragon's Fire, Pull, Mind Control) |
//! | [`chancellor`] | FC6-CHAN-01..05 |
//! | [`swap`] | FC6-SWAP-01..04 |
//! | [`bishop`] | FC6-BISH-01..05 |
//! | [`dragon`] | FC6-DRAG-01..03, FC6-DRAG-05 |
//! | [`pull`] | FC6-PULL-01..05 |
//! | [`mind`] | FC6-MIND-01..05 |
//! | [`shadow`] | FC6-SHAD-01..06 (the immunity test: [`base::untouchable`]) |
//! | [`rotation`] | FC6-ROTA-01..09 |
//! | [`random_kind`] | no rule: the kinds of action random play picks among ([`Rules::action_kind`]) |
//!
//! Engine model: one action is one decision, a leg or `end`; a turn in progress is state
//! of the position ([`base::TurnState`]). Legality is the family's whole-turn search
//! ([`crate::frozen_family::turn`]) bounded by the legs left ([`double_move::legs_left`],
//! at most 3). A diagonal leg's route is part of the action (`c1f4d6`, FC6-BNCE-02); where
//! a T- or jester leap and a slide join the same two squares, the leap is written with
//! `#1`.
//!
//! The files depend on each other in one direction (checked by `tests/layout.rs`):
//! `base`, then `kinds`, `paralysis`, `bounce`, `movement`, `empower`, `guard`, `trap`,
//! `tomb`, `arrive`, `knight`, `rook`, `attack`, `siege`, `templar`, `jester`, `capture`,
//! `pawn`, `queen`, `walls`, `double_move`, `king`, `notation`, `chancellor`, `swap`,
//! `bishop`, `dragon`, `pull`, `mind`, `respawn`, `shadow`, `draw`, `rotation`, `random_kind`, `turn`, `victory`, `visual`, `setup`;
//! this file joins them into the [`Fc6`] rules. All fc6 action text is read and written
//! by [`notation`] ([`Rules::format_action`] below).

pub mod arrive;
pub mod attack;
pub mod base;
pub mod bishop;
pub mod bounce;
pub mod capture;
pub mod chancellor;
pub mod double_move;
pub mod dragon;
pub mod draw;
pub mod empower;
pub mod guard;
pub mod jester;
pub mod kinds;
pub mod king;
pub mod knight;
pub mod mind;
pub mod movement;
pub mod notation;
pub mod paralysis;
pub mod pawn;
pub mod pull;
pub mod queen;
pub mod random_kind;
pub mod respawn;
pub mod rook;
pub mod rotation;
pub mod setup;
pub mod shadow;
pub mod siege;
pub mod swap;
pub mod templar;
pub mod tomb;
pub mod trap;
pub mod turn;
pub mod victory;
pub mod visual;
pub mod walls;

pub use base::{Fc6, Fc6Position, Fc6State};

use crate::frozen_family::immunity::KindImmunity;
use crate::frozen_family::patterns::PatternTable;
use crate::frozen_family::{turn as family_turn, FamilyGame, FamilyTables, KindMask};
use base::{CHANCELLOR, JESTER, KINDS, KING, PAWN, P_KNIGHT};
use frozen_core::{Action, EventSink, Geometry, LoadError, Problem, Rules, Shape, Side, UnitId};
use smallvec::smallvec;
use std::sync::Arc;

impl Fc6 {
    /// Builds the rules (precomputes the 16x16 geometry and the pattern tables).
    pub fn new() -> Fc6 {
        let geo = Arc::new(Geometry::new(Shape::SIXTEEN));
        let patterns = Arc::new(
            PatternTable::new(geo.clone(), &movement::patterns())
                .expect("the fc6 patterns are valid"),
        );
        let tables = Arc::new(family_tables(&patterns));
        Fc6 {
            geo,
            kinds: setup::kind_set(),
            patterns,
            tables,
        }
    }
}

impl Default for Fc6 {
    fn default() -> Self {
        Fc6::new()
    }
}

/// The game as the family mechanics see it: its patterns, each kind's native patterns,
/// who protects and is counted (FC6-EMPW-01), who never captures (FC6-JEST-01), the
/// immunities (FC6-KIND-01..03).
fn family_tables(patterns: &Arc<PatternTable>) -> FamilyTables {
    let all: Vec<frozen_core::Kind> = (0..KINDS as u8).map(frozen_core::Kind).collect();
    let counted: Vec<frozen_core::Kind> = all
        .iter()
        .copied()
        .filter(|&k| k != PAWN && k != JESTER)
        .collect();
    FamilyTables {
        patterns: (**patterns).clone(),
        native: all.iter().map(|&k| base::native(k)).collect(),
        counted: KindMask::of(&counted),
        uncounted_protectors: KindMask::of(&[PAWN]),
        non_attackers: KindMask::of(&[JESTER]),
        never_empowered: KindMask::of(&[KING, PAWN]),
        never_guarded: KindMask::of(&[KING]),
        leap_path_attackers: KindMask::EMPTY,
        knight_leap: P_KNIGHT,
        immunity: KindImmunity {
            same_kind_allowed: KindMask::of(&[PAWN]),
            extra: smallvec![],
        },
        jester: Some(JESTER),
        presence_immune: KindMask::of(&[JESTER, CHANCELLOR, KING]),
        king: KING,
        empowerable: 0,
        leap_path_sources: Vec::new(),
    }
    .derive()
}

impl FamilyGame for Fc6 {
    fn tables(&self) -> &FamilyTables {
        &self.tables
    }
    fn is_paralyzed(&self, pos: &Fc6Position, id: UnitId) -> bool {
        paralysis::is_paralyzed(pos, id)
    }
    fn candidates(&self, pos: &Fc6Position, out: &mut Vec<Action>) {
        turn::candidates(self, pos, out);
    }
    fn exec(&self, pos: &mut Fc6Position, action: &Action, events: &mut dyn EventSink) {
        turn::exec(self, pos, action, events);
    }
    fn exec_probe(&self, pos: &mut Fc6Position, action: &Action) {
        turn::exec_with(self, pos, action, &mut frozen_core::NoEvents, true);
    }
    fn always_legal(&self, action: &Action) -> bool {
        // An owed promotion (FC6-PAWN-02) is compulsory and comes before the turn, which
        // is judged on its own afterwards.
        pawn::is_promotion_choice(action)
    }
    fn turn_open(&self, pos: &Fc6Position) -> bool {
        pos.state().turn.is_some()
    }
    fn is_end(&self, action: &Action) -> bool {
        action.kind == frozen_core::ActionKind::End
    }
    fn turn_safe(&self, pos: &mut Fc6Position, side: Side) -> bool {
        turn::turn_safe(self, pos, side)
    }
    fn legs_after(&self, pos: &Fc6Position) -> u32 {
        // At most 1 after leg 1 of a double move, at most 3 after leg 1 of a knight's
        // march (FC6-TURN-03, FC6-KNIG-04).
        double_move::legs_left(pos)
    }
    fn footprint(&self, pos: &Fc6Position, action: &Action) -> Option<frozen_core::Bitboard> {
        rotation::footprint(pos, action)
    }
    fn verdict_unplayed(
        &self,
        pos: &Fc6Position,
        zone: &crate::frozen_family::TurnEndZone,
        action: &Action,
    ) -> Option<bool> {
        rotation::verdict_unplayed(self, pos, zone, action)
    }
    fn turn_end_zone(&self, pos: &mut Fc6Position) -> Option<crate::frozen_family::TurnEndZone> {
        turn::turn_end_zone(self, pos)
    }
    fn turn_safe_skipping(
        &self,
        pos: &mut Fc6Position,
        side: Side,
        skip: frozen_core::Bitboard,
        touched: frozen_core::Bitboard,
    ) -> bool {
        turn::turn_safe_skipping(self, pos, side, skip, touched)
    }
}

impl Rules for Fc6 {
    type State = Fc6State;

    fn name(&self) -> &str {
        "fc6"
    }
    fn description(&self) -> &str {
        "FrozenChess 6: 16x16, walls, bishop bounce, range reduction, empower, guards, templar shield, power steal, double moves, traps, tombs, explosions, respawn, swaps, shadows, rotations, Dragon's Fire, Pull, Mind Control"
    }
    fn kinds(&self) -> &frozen_core::KindSet {
        &self.kinds
    }
    fn shape(&self) -> Shape {
        Shape::SIXTEEN
    }
    fn initial_position(&self) -> Fc6Position {
        setup::initial_position(self)
    }
    fn actions(&self, pos: &Fc6Position, out: &mut Vec<Action>) {
        let mut scratch = pos.clone();
        family_turn::legal_actions(self, &mut scratch, out);
    }
    fn actions_mut(&self, pos: &mut Fc6Position, out: &mut Vec<Action>) {
        family_turn::legal_actions(self, pos, out);
    }
    fn is_legal(&self, pos: &mut Fc6Position, action: &Action) -> bool {
        family_turn::is_listed(self, pos, action)
    }
    fn count_actions(&self, pos: &Fc6Position, buf: &mut Vec<Action>) -> u64 {
        let mut scratch = pos.clone();
        family_turn::count_legal(self, &mut scratch, buf)
    }
    fn count_actions_mut(&self, pos: &mut Fc6Position, buf: &mut Vec<Action>) -> u64 {
        family_turn::count_legal(self, pos, buf)
    }
    fn perform(&self, pos: &mut Fc6Position, action: &Action, events: &mut dyn EventSink) {
        let mover = pos.to_move();
        turn::exec(self, pos, action, events);
        victory::after_action(self, pos, mover, events);
    }
    fn terminal(&self, pos: &Fc6Position) -> Option<frozen_core::Outcome> {
        victory::terminal(self, pos)
    }
    fn explain_illegal(&self, pos: &Fc6Position, action: &Action) -> String {
        turn::explain_illegal(self, pos, action)
    }
    fn format_action(&self, _pos: &Fc6Position, action: &Action) -> String {
        notation::format(&self.kinds, action)
    }
    fn parse_action(
        &self,
        _pos: &Fc6Position,
        text: &str,
    ) -> Result<Action, frozen_core::ActionParseError> {
        notation::parse(&self.kinds, text)
    }
    fn validate(&self, pos: &Fc6Position) -> Vec<Problem> {
        setup::validate(self, pos)
    }
    fn position_from_fen(&self, fen: &str) -> Result<Fc6Position, LoadError> {
        setup::position_from_fen(self, fen)
    }
    fn to_fen(&self, pos: &Fc6Position) -> Option<String> {
        // A turn in progress, traps and shadows are written in RON only (docs/notation.md).
        (pos.state().turn.is_none() && pos.traps().is_empty() && pos.shadows().is_empty())
            .then(|| setup::to_fen(self, pos))
    }
    fn describe_state(&self, pos: &Fc6Position) -> Vec<String> {
        visual::describe(self, pos)
    }
    fn display_range(&self, pos: &Fc6Position, unit: frozen_core::UnitId) -> Option<u16> {
        Some(visual::display_range(pos, unit))
    }
    fn square_notes(&self, pos: &Fc6Position) -> Vec<frozen_core::SquareNote> {
        visual::square_notes(pos)
    }
    fn wall_turns_left(&self, pos: &Fc6Position, wall: &frozen_core::Wall) -> Option<u32> {
        Some(walls::turns_left(pos, wall))
    }
    fn action_kind(&self, pos: &Fc6Position, action: &Action) -> u8 {
        random_kind::kind(pos, action)
    }
    fn repetition_limit(&self) -> Option<u32> {
        Some(3)
    }
    fn same_for_repetition(&self, a: &Fc6Position, b: &Fc6Position) -> bool {
        draw::same_for_repetition(a, b)
    }
    fn repetition_key(&self, pos: &Fc6Position) -> u64 {
        draw::repetition_key(pos)
    }
}
