//! The `Rules` plugin trait, the checked `apply`, and the visitor that lets
//! frontends pick a variant by name at run time while the hot path stays
//! monomorphized.

use crate::action::{
    format_action, parse_action, Action, ActionError, ActionParseError, Event, EventSink, Outcome,
};
use crate::geometry::Shape;
use crate::position::{Mark, Position, VariantState};
use crate::setup::{build_position, LoadError, Problem, ProblemKind, Setup};
use crate::square::Side;
use crate::unit::KindSet;
use std::fmt::Debug;

/// A rule set. Implementations are immutable values built once (rules as data);
/// positions carry the variant's own state type.
pub trait Rules: Debug + Send + Sync + 'static {
    /// State only this variant has (denial right, exile piles...), carried by the position.
    type State: VariantState;

    /// Registry name, e.g. `"fc12"`.
    fn name(&self) -> &str;
    /// One-line description.
    fn description(&self) -> &str;
    /// The kinds of units.
    fn kinds(&self) -> &KindSet;
    /// The board shape.
    fn shape(&self) -> Shape;
    /// The initial position.
    fn initial_position(&self) -> Position<Self::State>;

    /// Appends every legal action of the player to act to `out`. Nothing when the game is over.
    fn actions(&self, pos: &Position<Self::State>, out: &mut Vec<Action>);

    /// [`Rules::actions`] on a position the rules may change while they list, provided they
    /// restore it exactly before returning (make a leg, test it, [`Position::undo_to`]).
    /// This is the entry point of hot loops (perft, `apply`): rules whose legality test
    /// plays candidates ahead override it to work in place, with no clone of the position
    /// and no allocation once `out` has grown. Per-node derived data (attack maps,
    /// protection counts) is built here once and passed down. The default calls
    /// [`Rules::actions`].
    fn actions_mut(&self, pos: &mut Position<Self::State>, out: &mut Vec<Action>) {
        self.actions(pos, out);
    }

    /// [`Rules::count_actions`] on a position the rules may change and must restore exactly
    /// (see [`Rules::actions_mut`]). Perft counts its last ply with this. The default calls
    /// [`Rules::count_actions`].
    fn count_actions_mut(&self, pos: &mut Position<Self::State>, buf: &mut Vec<Action>) -> u64 {
        self.count_actions(pos, buf)
    }

    /// True if [`Rules::actions`] lists `action` for `pos`, on a position the rules may
    /// change while they test and must restore exactly (see [`Rules::actions_mut`]).
    /// [`apply`] asks this before it performs anything. The default lists every action
    /// and looks; rules whose listing tests each candidate's legality (a whole-turn
    /// search per candidate) override it to test this one action only. It must agree with
    /// the list exactly: the reliability harness applies a listed action and refuses
    /// mutated unlisted ones through it every ply.
    fn is_legal(&self, pos: &mut Position<Self::State>, action: &Action) -> bool {
        let mut legal = Vec::new();
        self.actions_mut(pos, &mut legal);
        legal.contains(action)
    }

    /// Performs an action that [`Rules::actions`] listed for this position, recording its events.
    /// Callers outside the engine use [`apply`], which checks legality first.
    fn perform(&self, pos: &mut Position<Self::State>, action: &Action, events: &mut dyn EventSink);

    /// An end of the game that follows from the position alone and that [`Rules::perform`]
    /// leaves to its caller because finding it costs a move generation (for example no legal
    /// action: checkmate or stalemate under a check rule). [`apply`], and so
    /// [`Game`](crate::Game), records it in the position with a `GameOver` event whatever the
    /// event sink; the raw [`Rules::perform`] used by perft does not (a finished game has no
    /// children either way). The default: none (rules that store every end in `perform`).
    fn terminal(&self, pos: &Position<Self::State>) -> Option<Outcome> {
        let _ = pos;
        None
    }

    /// Why `action`, which is not legal in `pos`, is refused. Override to give rule-specific reasons.
    fn explain_illegal(&self, pos: &Position<Self::State>, action: &Action) -> String {
        let _ = (pos, action);
        "it is not among the legal actions of this position".to_string()
    }

    /// Variant-specific consistency checks of a loaded position (after the core's).
    fn validate(&self, pos: &Position<Self::State>) -> Vec<Problem> {
        let _ = pos;
        Vec::new()
    }

    /// Canonical text of an action. The default is the core notation (`docs/notation.md`).
    fn format_action(&self, pos: &Position<Self::State>, action: &Action) -> String {
        let _ = pos;
        format_action(self.kinds(), action)
    }

    /// Reads canonical action text. Must invert [`Rules::format_action`].
    fn parse_action(
        &self,
        pos: &Position<Self::State>,
        text: &str,
    ) -> Result<Action, ActionParseError> {
        let _ = pos;
        parse_action(self.kinds(), text)
    }

    /// Reads a FEN. The default reads `<placement> [w|b]` (extended placement, side to act,
    /// White if left out); chess-like variants override it with their full FEN.
    fn position_from_fen(&self, fen: &str) -> Result<Position<Self::State>, LoadError> {
        default_position_from_fen(self, fen)
    }

    /// Writes a FEN (the default writes `<placement> <w|b>`); `None` where FEN cannot express
    /// the position (side tables, pending decisions: use RON).
    fn to_fen(&self, pos: &Position<Self::State>) -> Option<String> {
        default_to_fen(self, pos)
    }

    /// How many actions `unit` may chain in its owner's next turn (its multimove ability), for
    /// displays: the FrozenChess visual notes draw 2 as a yellow, 3 as an orange and 4 or more
    /// as a red glow. The default is 1 (no glow); variants with multimove awards override it.
    fn multimove(&self, pos: &Position<Self::State>, unit: crate::unit::UnitId) -> u8 {
        let _ = (pos, unit);
        1
    }

    /// The unit's current range in squares, for displays (the FrozenChess visual notes draw it
    /// as a number on the unit); `None` for a unit without one. The default reads
    /// `Status.range` as squares (0 = none); variants that store range otherwise override it.
    fn display_range(&self, pos: &Position<Self::State>, unit: crate::unit::UnitId) -> Option<u16> {
        let r = pos.unit(unit).status.range;
        (r != 0).then_some(r)
    }

    /// How many turns of its maker's side `wall` still stands, counting the current one if
    /// that side is acting, for displays (the FrozenChess visual notes show a wall's
    /// remaining life); `None` if the variant does not count walls that way, and displays
    /// then show the absolute turn `expires`.
    fn wall_turns_left(
        &self,
        pos: &Position<Self::State>,
        wall: &crate::tables::Wall,
    ) -> Option<u32> {
        let _ = (pos, wall);
        None
    }

    /// The kind of a listed action for random play (the harness's [`random_game`], the
    /// soak, the proptest strategies, the `frozen play` random opponent): random play picks
    /// a kind uniformly among the kinds present in the list, then an action of that kind
    /// uniformly ([`pick_action`]). A variant whose list is dominated by one sort of action
    /// (hundreds of block rotations) groups its actions so that random play still reaches
    /// its other mechanics. The kind is for random play only: it never changes what is
    /// legal. The default puts every action in kind 0, and then random play draws exactly
    /// one `rng.below(acts.len())`, as uniform play always did.
    ///
    /// [`random_game`]: crate::harness::random_game
    /// [`pick_action`]: crate::harness::pick_action
    fn action_kind(&self, pos: &Position<Self::State>, action: &Action) -> u8 {
        let _ = (pos, action);
        0
    }

    /// Lines describing the variant's own state for displays (denial right, piles...).
    fn describe_state(&self, pos: &Position<Self::State>) -> Vec<String> {
        let _ = pos;
        Vec::new()
    }

    /// A pending decision described for people: its name, the question and the names of its
    /// options (which `choose:<name>` then accepts, see the variant's action text). `None`
    /// (the default) where the variant has no names: displays then show the raw decision.
    fn describe_decision(
        &self,
        pos: &Position<Self::State>,
        pending: &crate::action::Pending,
    ) -> Option<crate::action::DecisionText> {
        let _ = (pos, pending);
        None
    }

    /// What a picture should mark on squares beyond units and side tables: a King in check,
    /// a unit paralysed by a rule its status does not record (an enemy jester's presence).
    /// Empty by default.
    fn square_notes(&self, pos: &Position<Self::State>) -> Vec<SquareNote> {
        let _ = pos;
        Vec::new()
    }

    /// What the variant's own status fields of unit `id` (`counters`, `flags`) mean, in
    /// words naming the rules (`"raised (DB-BISH-02): auto-exiled at the end of its
    /// owner's turn 2 (DB-BISH-04)"`); `None` (the default) where they are unused, and
    /// displays then show them raw.
    fn describe_status(
        &self,
        pos: &Position<Self::State>,
        id: crate::unit::UnitId,
    ) -> Option<String> {
        let _ = (pos, id);
        None
    }

    /// What a mark layer stands for, naming the rule, for legends (`"death square
    /// (F12-DETH-01)"`); `None` (the default) where the variant gives the layer no name.
    fn mark_layer_name(&self, layer: usize) -> Option<String> {
        let _ = layer;
        None
    }

    /// Number of occurrences of the same position that draws the game (`None`: no repetition rule).
    fn repetition_limit(&self) -> Option<u32> {
        None
    }

    /// The key under which [`Game`](crate::Game) files a position for repetition: equal
    /// positions (in the sense of [`Rules::same_for_repetition`]) must get equal keys. The default
    /// is the position hash; variants with absolute timers (paralysis through turn `k`) or
    /// counters in their state override it to hash the timers as "turns left".
    fn repetition_key(&self, pos: &Position<Self::State>) -> u64 {
        pos.hash()
    }

    /// True if two positions count as the same for repetition. The default compares the whole
    /// state except the ply and turn counters; variants with absolute timers override it.
    fn same_for_repetition(&self, a: &Position<Self::State>, b: &Position<Self::State>) -> bool {
        a.hash() == b.hash() && same_except_counters(a, b)
    }

    /// Number of leaf actions at the last perft ply, if the rules can count them without
    /// performing each (bulk counting). The default counts the listed actions.
    fn count_actions(&self, pos: &Position<Self::State>, buf: &mut Vec<Action>) -> u64 {
        buf.clear();
        self.actions(pos, buf);
        buf.len() as u64
    }
}

/// A square a picture marks, and why (see [`Rules::square_notes`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareNote {
    /// The square.
    pub square: crate::square::Square,
    /// What kind of mark.
    pub kind: SquareNoteKind,
    /// What it means here, naming the rule (`"paralysed by the presence of the jester on
    /// e5 (F12-JEST-03)"`).
    pub text: String,
    /// The legend entry for every note of its kind in this variant, naming the rule
    /// (`"paralysed by an enemy jester's presence (F12-JEST-03)"`).
    pub legend: String,
}

/// The kinds of [`SquareNote`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareNoteKind {
    /// A royal unit in check.
    Check,
    /// A unit paralysed by a rule its status does not record.
    Paralysed,
    /// A unit in a state a rule gives a meaning, with no other mark on the picture (a
    /// raised bishop).
    Status,
}

/// Compares two positions, ignoring the ply and turn counters.
pub fn same_except_counters<S: VariantState>(a: &Position<S>, b: &Position<S>) -> bool {
    let mut b2 = b.clone();
    b2.set_ply(a.ply());
    b2.set_turns(a.turns());
    *a == b2
}

/// Checks and applies an action: refuses it with a reason (changing nothing) unless the
/// rules list it in this position ([`Rules::is_legal`]); otherwise performs it, records an end of the game that
/// [`Rules::terminal`] finds, and returns the journal mark to undo it with
/// [`Position::undo_to`].
pub fn apply<R: Rules + ?Sized>(
    rules: &R,
    pos: &mut Position<R::State>,
    action: &Action,
    events: &mut dyn EventSink,
) -> Result<Mark, ActionError> {
    if let Some(o) = pos.result() {
        return Err(ActionError::GameOver(o.clone()));
    }
    if !rules.is_legal(pos, action) {
        return Err(ActionError::Illegal {
            action: rules.format_action(pos, action),
            reason: rules.explain_illegal(pos, action),
        });
    }
    let mark = pos.mark();
    rules.perform(pos, action, events);
    if pos.result().is_none() {
        if let Some(o) = rules.terminal(pos) {
            events.push(Event::GameOver(o.clone()));
            pos.set_result(Some(o));
        }
    }
    Ok(mark)
}

/// Generic code run on a variant chosen by name at run time (see the variants crate's
/// registry). The visitor is monomorphized for each rule set.
pub trait VariantVisitor {
    /// What the visit returns.
    type Output;
    /// Called with the concrete rules.
    fn visit<R: Rules + Clone>(self, rules: R) -> Self::Output;
}

/// The default FEN reader: `<placement> [w|b]`, everything else at its default.
pub fn default_position_from_fen<R: Rules + ?Sized>(
    rules: &R,
    fen: &str,
) -> Result<Position<R::State>, LoadError> {
    let mut parts = fen.split_whitespace();
    let placement = parts.next().unwrap_or("");
    let side_text = parts.next();
    let to_move = match side_text {
        None | Some("w") => Side::White,
        Some("b") => Side::Black,
        Some(other) => {
            let col = fen.find(other).map_or(1, |i| fen[..i].chars().count() + 1);
            return Err(LoadError::one(Problem::new(
                ProblemKind::Syntax,
                format!("FEN column {col}"),
                format!("expected the side to act, w or b, found {other:?}"),
            )));
        }
    };
    if let Some(extra) = parts.next() {
        let col = fen.rfind(extra).map_or(1, |i| fen[..i].chars().count() + 1);
        return Err(LoadError::one(Problem::new(
            ProblemKind::Syntax,
            format!("FEN column {col}"),
            format!(
                "unexpected field {extra:?}: {} FEN has placement and side only",
                rules.name()
            ),
        )));
    }
    let setup = Setup {
        to_move,
        placement: Some(placement.to_string()),
        ..Setup::<R::State>::new(rules.name())
    };
    build_position(rules, setup)
}

/// The default FEN writer: `<placement> <w|b>`.
pub fn default_to_fen<R: Rules + ?Sized>(rules: &R, pos: &Position<R::State>) -> Option<String> {
    let placement = crate::fen::format_placement(pos.shape(), rules.kinds(), |sq| pos.piece_at(sq));
    Some(format!(
        "{placement} {}",
        if pos.to_move() == Side::White {
            "w"
        } else {
            "b"
        }
    ))
}
