//! The action model: one [`Action`] is one decision of one player; applying it
//! yields [`Event`]s; [`Pending`] decisions are explicit state; [`Outcome`] ends a game.

use crate::square::{Side, Square};
use crate::unit::{Kind, KindSet, Location, UnitId};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::borrow::Cow;
use std::fmt;

/// What sort of decision an action is.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ActionKind {
    /// A unit moves along `path` (first square = start, last = destination; middle squares
    /// are the route where it matters). Captures follow from the rules.
    Move,
    /// Two friendly units swap places (`path` = both squares).
    Swap,
    /// A king-style exchange (`path` = from, to).
    Exchange,
    /// A unit of `piece` kind enters the board on `path[0]`.
    Drop,
    /// A unit acts without moving (capture at range, stand still): `path` = its square, then targets.
    Act,
    /// The opponent's last movement is denied.
    Deny,
    /// A choice among numbered options (`arg`), for pending decisions.
    Choose,
    /// Ends a turn where going on is optional (after the first leg of a double move).
    End,
    /// Passes (where the rules allow it).
    Pass,
    /// A declaration that changes how the next action counts (bait...).
    Declare,
}

impl ActionKind {
    /// The canonical keyword of a non-move kind.
    pub fn keyword(self) -> &'static str {
        match self {
            ActionKind::Move => "move",
            ActionKind::Swap => "swap",
            ActionKind::Exchange => "exchange",
            ActionKind::Drop => "drop",
            ActionKind::Act => "act",
            ActionKind::Deny => "deny",
            ActionKind::Choose => "choose",
            ActionKind::End => "end",
            ActionKind::Pass => "pass",
            ActionKind::Declare => "declare",
        }
    }
    /// All kinds.
    pub const ALL: [ActionKind; 10] = [
        ActionKind::Move,
        ActionKind::Swap,
        ActionKind::Exchange,
        ActionKind::Drop,
        ActionKind::Act,
        ActionKind::Deny,
        ActionKind::Choose,
        ActionKind::End,
        ActionKind::Pass,
        ActionKind::Declare,
    ];
}

/// Inline capacity of a [`Path`]: squares kept without a heap allocation. Sixteen squares
/// cost no more room than four (the `union` layout of `smallvec` shares the inline buffer
/// with the heap pointer and length), and hold the long paths of the 16x16 games (bounced
/// routes, multi-victim captures, Mind Control paths) in the common case.
pub const PATH_INLINE: usize = 16;

/// The squares of an action.
pub type Path = SmallVec<[Square; PATH_INLINE]>;

/// One decision of one player.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Action {
    /// What sort of decision.
    pub kind: ActionKind,
    /// Squares, where the action has any.
    pub path: Path,
    /// A kind chosen by the player (promotion, drop).
    pub piece: Option<Kind>,
    /// A variant-defined argument (choice index, pattern tag); 0 when unused.
    pub arg: u16,
}

impl Action {
    /// A move from `from` to `to`.
    #[inline]
    pub fn step(from: Square, to: Square) -> Action {
        let mut path = Path::new();
        path.push(from);
        path.push(to);
        Action {
            kind: ActionKind::Move,
            path,
            piece: None,
            arg: 0,
        }
    }
    /// An action of `kind` over `path`.
    pub fn new(kind: ActionKind, path: &[Square]) -> Action {
        Action {
            kind,
            path: Path::from_slice(path),
            piece: None,
            arg: 0,
        }
    }
    /// The same action with a chosen kind (promotion).
    pub fn with_piece(mut self, piece: Kind) -> Action {
        self.piece = Some(piece);
        self
    }
    /// The same action with an argument.
    pub fn with_arg(mut self, arg: u16) -> Action {
        self.arg = arg;
        self
    }
    /// First square of the path.
    pub fn from(&self) -> Option<Square> {
        self.path.first().copied()
    }
    /// Last square of the path.
    pub fn to(&self) -> Option<Square> {
        self.path.last().copied()
    }
}

/// Something an action caused, in order.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Event {
    /// A unit moved on the board.
    Moved {
        /// Who.
        unit: UnitId,
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// A unit was captured on `at` by `by` (if a unit did it) and went to `to`.
    Captured {
        /// Victim.
        unit: UnitId,
        /// Where.
        at: Square,
        /// Capturer, if a unit.
        by: Option<UnitId>,
        /// Where the victim went.
        to: Location,
    },
    /// A unit left the board or changed place without being captured (push-off, death square,
    /// exile, fall, exchange victim...).
    Removed {
        /// Who.
        unit: UnitId,
        /// Where it was.
        from: Location,
        /// Where it went.
        to: Location,
    },
    /// A unit came (back) onto the board (respawn, raise, drop, promotion from a pile).
    Entered {
        /// Who.
        unit: UnitId,
        /// Where.
        at: Square,
    },
    /// A unit changed kind.
    Promoted {
        /// Who.
        unit: UnitId,
        /// Old kind.
        from: Kind,
        /// New kind.
        to: Kind,
    },
    /// A unit changed owner.
    Converted {
        /// Who.
        unit: UnitId,
        /// New owner.
        side: Side,
    },
    /// A unit was paralysed through an owner-turn number.
    Paralyzed {
        /// Who.
        unit: UnitId,
        /// Through this owner turn.
        through: u32,
    },
    /// A unit was pushed.
    Pushed {
        /// Who.
        unit: UnitId,
        /// From.
        from: Square,
        /// To (None: off the board).
        to: Option<Square>,
    },
    /// Two units swapped places.
    Swapped {
        /// First unit.
        a: UnitId,
        /// Second unit.
        b: UnitId,
    },
    /// An explosion centred on a square.
    Exploded {
        /// Centre.
        at: Square,
    },
    /// A square mark (death square...) was set; `layer` is the variant's mark layer.
    Marked {
        /// Square.
        at: Square,
        /// Layer.
        layer: u8,
    },
    /// A denial took back the opponent's last movement.
    Denied {
        /// The side that denied.
        by: Side,
    },
    /// The turn passed to a side.
    TurnPassed {
        /// Side now to act.
        to: Side,
    },
    /// The game ended.
    GameOver(Outcome),
    /// A variant-specific note (kept short and stable).
    Note(String),
    /// The action left a decision pending: the next step or link of a movement in progress,
    /// an owner decision inside a chain reaction, a conversion. The game goes on when its
    /// side answers it (`Rules::describe_decision` names it for people).
    Awaiting(Pending),
}

/// Receives events during `apply`. Perft passes [`NoEvents`].
pub trait EventSink {
    /// Records an event.
    fn push(&mut self, event: Event);
    /// True if events are wanted (lets rules skip building them).
    fn wants(&self) -> bool {
        true
    }
}

impl Event {
    /// The units a unit-level event names (both units of a swap; none for square- or
    /// game-level events).
    pub fn units(&self) -> [Option<UnitId>; 2] {
        match self {
            Event::Moved { unit, .. }
            | Event::Captured { unit, .. }
            | Event::Removed { unit, .. }
            | Event::Entered { unit, .. }
            | Event::Promoted { unit, .. }
            | Event::Converted { unit, .. }
            | Event::Paralyzed { unit, .. }
            | Event::Pushed { unit, .. } => [Some(*unit), None],
            Event::Swapped { a, b } => [Some(*a), Some(*b)],
            _ => [None, None],
        }
    }
}

impl EventSink for Vec<Event> {
    fn push(&mut self, event: Event) {
        Vec::push(self, event);
    }
}

/// An event sink that drops everything.
#[derive(Copy, Clone, Debug, Default)]
pub struct NoEvents;

impl EventSink for NoEvents {
    #[inline]
    fn push(&mut self, _event: Event) {}
    #[inline]
    fn wants(&self) -> bool {
        false
    }
}

/// A decision the rules wait for ("black may deny", "white must replay", "choose the
/// respawn square"). The variant gives `kind` its meaning.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pending {
    /// Who must decide.
    pub side: Side,
    /// Variant-defined decision kind.
    pub kind: u16,
    /// The unit concerned, if any.
    #[serde(default)]
    pub unit: Option<UnitId>,
    /// The square concerned, if any.
    #[serde(default)]
    pub square: Option<Square>,
    /// Variant-defined data.
    #[serde(default)]
    pub data: u32,
}

/// A pending decision as a person reads it (see `Rules::describe_decision`): its name,
/// the question in a sentence, and its options in `choose:<n>` order, each with the name
/// that `choose:<name>` accepts.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct DecisionText {
    /// A short name of the decision, e.g. `"raise"` or `"bait target"`.
    pub name: String,
    /// The question, e.g. `"White: raise the Bishop captured on c4 (DB-BISH-02)?"`.
    pub question: String,
    /// The options, in `choose:<n>` order (empty where the decision is answered by other
    /// actions, e.g. the next step of a movement).
    pub options: Vec<DecisionOption>,
}

/// One option of a [`DecisionText`].
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct DecisionOption {
    /// The name after `choose:` (`"raise"`, `"e4"`, `"queen"`), unique in its decision.
    pub name: String,
    /// What choosing it does, e.g. `"the Bishop stands on c4"`.
    pub meaning: String,
}

///
/// The reason is a `Cow`: rules name their fixed reasons (`"checkmate"`) without allocating,
/// so a game-ending node in perft costs no allocation; a reason built at run time or read
/// from a file is owned.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    /// The winner; `None` for a draw.
    pub winner: Option<Side>,
    /// Why, e.g. `"checkmate"`, `"king captured"`, `"threefold repetition"`.
    pub reason: Cow<'static, str>,
}

impl Outcome {
    /// A win for `winner` (or a draw for `None`) with a reason.
    pub fn new(winner: Option<Side>, reason: impl Into<Cow<'static, str>>) -> Outcome {
        Outcome {
            winner,
            reason: reason.into(),
        }
    }
    /// A win for `side`.
    pub fn win(side: Side, reason: impl Into<Cow<'static, str>>) -> Outcome {
        Outcome::new(Some(side), reason)
    }
    /// A draw.
    pub fn draw(reason: impl Into<Cow<'static, str>>) -> Outcome {
        Outcome::new(None, reason)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(s) => write!(f, "{s} wins ({})", self.reason),
            None => write!(f, "draw ({})", self.reason),
        }
    }
}

/// Why an action was refused. The position is unchanged.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ActionError {
    /// The game is over.
    GameOver(Outcome),
    /// The action is not legal here.
    Illegal {
        /// The action as text.
        action: String,
        /// Why.
        reason: String,
    },
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::GameOver(o) => write!(f, "the game is over: {o}"),
            ActionError::Illegal { action, reason } => {
                write!(f, "illegal action {action}: {reason}")
            }
        }
    }
}
impl std::error::Error for ActionError {}

/// Error parsing action text.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ActionParseError {
    /// The text.
    pub input: String,
    /// 1-based column where parsing failed.
    pub column: usize,
    /// What was expected.
    pub reason: String,
}

impl fmt::Display for ActionParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot read action {:?} at column {}: {}",
            self.input, self.column, self.reason
        )
    }
}
impl std::error::Error for ActionParseError {}

/// Canonical text of an action. Every action has exactly one text, and
/// [`parse_action`] reads it back to the same action:
///
/// - a move with two or more squares: its squares, `e2e4`, `a16b14c12` (multi-leg);
/// - any other action: its keyword (`swap`, `exchange`, `drop`, `act`, `deny`, `choose`, `end`,
///   `pass`, `declare`, and `move` for a move of fewer than two squares), then, if it has a path,
///   a piece or an argument, `:` and the details: `swap:e1g1`, `exchange:g1e4`, `drop:N@e4`,
///   `act:e4e6`, `deny`, `end`, `choose:3`, `declare:1`;
/// - details: a drop's piece comes first as `N@`; other actions end with `=Q` for a chosen piece
///   and `#n` for a non-zero argument (`e7e8=Q`, `e1g1#2`). `choose` and `declare` with
///   nothing but an argument print it bare, 0 included (`choose:0`, `choose:3`).
///
/// Kinds print as their FEN letter (upper case).
pub fn format_action(kinds: &KindSet, a: &Action) -> String {
    let letter = |k: Kind| kinds.get(k).map_or('?', |i| i.fen);
    let mut s = String::new();
    let bare_move = a.kind == ActionKind::Move && a.path.len() >= 2;
    if !bare_move {
        s.push_str(a.kind.keyword());
        let numbered = matches!(a.kind, ActionKind::Choose | ActionKind::Declare);
        if a.path.is_empty() && a.piece.is_none() && a.arg == 0 && !numbered {
            return s;
        }
        s.push(':');
        if numbered && a.path.is_empty() && a.piece.is_none() {
            s.push_str(&a.arg.to_string());
            return s;
        }
    }
    if a.kind == ActionKind::Drop {
        if let Some(k) = a.piece {
            s.push(letter(k));
            s.push('@');
        }
    }
    for sq in &a.path {
        s.push_str(&sq.to_string());
    }
    if a.kind != ActionKind::Drop {
        if let Some(k) = a.piece {
            s.push('=');
            s.push(letter(k));
        }
    }
    if a.arg != 0 {
        s.push('#');
        s.push_str(&a.arg.to_string());
    }
    s
}

/// Parses the canonical text written by [`format_action`]. Strict: the result prints back to
/// the same text, and errors give the 1-based column and what was expected.
pub fn parse_action(kinds: &KindSet, text: &str) -> Result<Action, ActionParseError> {
    let err = |column: usize, reason: &str| ActionParseError {
        input: text.chars().take(300).collect(),
        column,
        reason: reason.to_string(),
    };
    if text.is_empty() {
        return Err(err(1, "empty action text"));
    }
    if text.len() > 256 {
        return Err(err(257, "action text longer than 256 bytes"));
    }
    if !text.is_ascii() {
        let col = text.chars().position(|c| !c.is_ascii()).unwrap_or(0) + 1;
        return Err(err(col, "unexpected non-ASCII character"));
    }
    let keyword = |kw: &str| ActionKind::ALL.iter().copied().find(|k| k.keyword() == kw);
    let (kind, rest, offset) = match text.split_once(':') {
        Some((kw, rest)) => {
            let k = keyword(kw).ok_or_else(|| {
                err(
                    1,
                    "expected an action keyword (move, swap, exchange, drop, act, deny, choose, end, pass, declare) before ':'",
                )
            })?;
            if rest.is_empty() {
                return Err(err(
                    kw.len() + 2,
                    "expected details after ':' (or leave out the ':')",
                ));
            }
            (k, rest, kw.len() + 1)
        }
        None => match keyword(text) {
            Some(k @ (ActionKind::Choose | ActionKind::Declare)) => {
                return Err(err(
                    text.len() + 1,
                    &format!(
                        "expected ':' and the option number ({0}:0, {0}:1...)",
                        k.keyword()
                    ),
                ))
            }
            Some(k) => return Ok(Action::new(k, &[])),
            None => (ActionKind::Move, text, 0),
        },
    };
    let mut action = Action::new(kind, &[]);
    let bytes = rest.as_bytes();
    if matches!(kind, ActionKind::Choose | ActionKind::Declare) && bytes[0].is_ascii_digit() {
        let n = parse_number(rest).ok_or_else(|| err(offset + 1, "expected a number"))?;
        if n.to_string() != rest {
            return Err(err(offset + 1, "expected a number without leading zeros"));
        }
        action.arg = n;
        return Ok(action);
    }
    let mut i = 0usize;
    let piece_letter = |c: u8, col: usize| {
        kinds
            .by_fen(c as char)
            .filter(|_| c.is_ascii_uppercase())
            .ok_or_else(|| {
                err(
                    col,
                    "unknown piece letter (use the set's upper-case FEN letter)",
                )
            })
    };
    if kind == ActionKind::Drop && bytes.len() >= 2 && bytes[1] == b'@' {
        action.piece = Some(piece_letter(bytes[0], offset + 1)?);
        i = 2;
    }
    while i < bytes.len() && bytes[i].is_ascii_lowercase() {
        let start = i;
        i += 1;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        let sq: Square = rest[start..i].parse().map_err(|_| {
            if bytes[start] == b'x' && i == start + 1 && !action.path.is_empty() {
                err(
                    offset + start + 1,
                    "write a move as its squares with nothing between them: e2e4, not e2-e4 or e2xe4",
                )
            } else {
                err(offset + start + 1, "expected a square name a1..p16")
            }
        })?;
        action.path.push(sq);
    }
    if kind == ActionKind::Move && offset == 0 && action.path.len() < 2 {
        let reason = match bytes.get(i) {
            None => "a move needs at least two squares (from and to), like e2e4",
            Some(b'-' | b'x' | b':') if i > 0 => {
                "write a move as its squares with nothing between them: e2e4, not e2-e4 or e2xe4"
            }
            Some(c)
                if c.is_ascii_uppercase() && bytes.get(i + 1).is_some_and(u8::is_ascii_digit) =>
            {
                "expected a square name in lower case (e2, not E2)"
            }
            Some(c) if c.is_ascii_uppercase() => {
                "expected a square name in lower case: a move is written as its squares, \
                 from and to (g1f3, not Nf3)"
            }
            Some(_) => "expected a square name in lower case, a1..p16 (a move is written e2e4)",
        };
        return Err(err(offset + i + 1, reason));
    }
    if kind != ActionKind::Drop && i < bytes.len() && bytes[i] == b'=' {
        let c = *bytes
            .get(i + 1)
            .ok_or_else(|| err(offset + i + 2, "expected a piece letter after '='"))?;
        action.piece = Some(piece_letter(c, offset + i + 2)?);
        i += 2;
    }
    if i < bytes.len() && bytes[i] == b'#' {
        let num = &rest[i + 1..];
        let n = parse_number(num).ok_or_else(|| err(offset + i + 2, "expected a number"))?;
        if n == 0 || n.to_string() != num {
            return Err(err(
                offset + i + 2,
                "expected a positive number without leading zeros",
            ));
        }
        action.arg = n;
        i = bytes.len();
    }
    if i < bytes.len() {
        return Err(err(
            offset + i + 1,
            "unexpected text; expected a square, '=' and a piece letter, or '#' and a number",
        ));
    }
    if i == 0 {
        return Err(err(offset + 1, "expected a square name a1..p16"));
    }
    // The keyword form is only canonical where the short form does not apply.
    if offset > 0 && kind == ActionKind::Move && action.path.len() >= 2 {
        return Err(err(
            1,
            "write a move of two or more squares without the 'move:' keyword",
        ));
    }
    if offset > 0
        && matches!(kind, ActionKind::Choose | ActionKind::Declare)
        && action.path.is_empty()
        && action.piece.is_none()
    {
        return Err(err(
            offset + 1,
            "write the number directly after ':' (choose:3)",
        ));
    }
    Ok(action)
}

fn parse_number(s: &str) -> Option<u16> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}
