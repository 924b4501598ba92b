//! Raw set-ups and the validating loader: RON for a full position, with every
//! inconsistency reported with its location.
//!
//! A [`Setup`] has public fields and may hold nonsense; the only way to a
//! playable [`Position`] is [`build_position`], which reports every problem at
//! once, by kind, and then runs the variant's own checks.

use crate::action::{Outcome, Pending};
use crate::bitboard::Bitboard;
use crate::fen;
use crate::geometry::Shape;
use crate::position::{PendingList, Position, VariantState, MARK_LAYERS};
use crate::rules::Rules;
use crate::square::{BySide, Side, Square};
use crate::tables::{Bomb, Effect, Effects, Monad, Shadows, Tables, Tomb, Trap, Wall};
use crate::unit::{KindSet, Location, Status, Unit, UnitId};
use serde::{Deserialize, Serialize};
use std::fmt;

/// What kind of problem a loader found.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum ProblemKind {
    /// The text is not valid RON / FEN, or a field has the wrong type.
    Syntax,
    /// The file is for another variant.
    WrongVariant,
    /// Unknown unit kind.
    UnknownKind,
    /// Unit ids are not 0, 1, 2... in order, or a reference names an unknown unit.
    BadId,
    /// Something lies outside the board shape.
    OffBoard,
    /// Two things claim one place (two units on a square, a unit in two queues).
    Conflict,
    /// Two records disagree (a tomb queue and a unit's location...).
    Inconsistent,
    /// Bad board shape.
    BadShape,
    /// A rule of the variant is broken (too many kings...).
    Rule,
    /// The file is another kind of file: a game where a position is expected, or the reverse.
    WrongFile,
    /// The input is more than can be held (a game longer than memory allows).
    TooLarge,
}

/// One problem, with where and why.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Problem {
    /// Where: `line 3, column 7`, `units[4]`, `tombs[e4]`...
    pub location: String,
    /// What kind of problem.
    pub kind: ProblemKind,
    /// Why.
    pub message: String,
}

impl Problem {
    /// A new problem.
    pub fn new(
        kind: ProblemKind,
        location: impl Into<String>,
        message: impl Into<String>,
    ) -> Problem {
        Problem {
            location: location.into(),
            kind,
            message: message.into(),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} ({:?})", self.location, self.message, self.kind)
    }
}

/// A failed load: every problem found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LoadError {
    /// The problems, in the order found.
    pub problems: Vec<Problem>,
}

impl LoadError {
    /// A load error with a single problem.
    pub fn one(p: Problem) -> LoadError {
        LoadError { problems: vec![p] }
    }
    /// The kind of the first problem.
    pub fn kind(&self) -> Option<ProblemKind> {
        self.problems.first().map(|p| p.kind)
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} problem(s):", self.problems.len())?;
        for p in &self.problems {
            write!(f, "\n  {p}")?;
        }
        Ok(())
    }
}
impl std::error::Error for LoadError {}

/// One unit in a set-up file.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitRecord {
    /// Identity; records must list ids 0, 1, 2... in order (after the units of `placement`).
    pub id: u16,
    /// Kind, by FEN letter (`"N"`) or full name (`"Knight"`).
    pub kind: String,
    /// Owner.
    pub side: Side,
    /// Location.
    pub at: Location,
    /// Status.
    #[serde(default, skip_serializing_if = "Status::is_default")]
    pub status: Status,
}

fn white() -> Side {
    Side::White
}

/// A raw position as written in RON. Fields left out take their defaults; a field
/// this type does not have is refused (a misspelt `to_mvoe:` is an error, not a default).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(bound = "S: VariantState", deny_unknown_fields)]
pub struct Setup<S> {
    /// Variant name; must match the rules it is loaded with.
    pub variant: String,
    /// Board shape; defaults to the variant's.
    #[serde(default)]
    pub shape: Option<Shape>,
    /// Side to act.
    #[serde(default = "white")]
    pub to_move: Side,
    /// Ply counter.
    #[serde(default)]
    pub ply: u32,
    /// Turn counters.
    #[serde(default)]
    pub turns: BySide<u32>,
    /// Optional extended-FEN placement (ranks top first, `/`-separated, multi-digit empty runs);
    /// its units get ids 0, 1, ... in scan order (a1, b1, ..., a2, ...), before `units`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placement: Option<String>,
    /// Units with identity, location and status.
    #[serde(default)]
    pub units: Vec<UnitRecord>,
    /// Tombs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tombs: Vec<(Square, Tomb)>,
    /// Walls.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub walls: Vec<(Square, Wall)>,
    /// Traps.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub traps: Vec<(Square, Trap)>,
    /// Bombs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bombs: Vec<(Square, Bomb)>,
    /// Monads.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub monads: Vec<(Square, Monad)>,
    /// Square effects.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<(Square, Vec<Effect>)>,
    /// Shadow lists per square, in arrival order; derived from unit locations (id order) when absent.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shadows: Vec<(Square, Vec<UnitId>)>,
    /// Square marks per layer (layer index, squares).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<(u8, Vec<Square>)>,
    /// Pending decisions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pending: Vec<Pending>,
    /// Result, if the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Outcome>,
    /// The variant's own state.
    #[serde(default)]
    pub state: S,
}

impl<S: VariantState> Setup<S> {
    /// An empty set-up for a variant: White to act, counters at zero, no units, no tables,
    /// the default variant state. Fill in what you need with struct update syntax:
    /// `Setup { placement: Some(fen.into()), ..Setup::new("fc12") }`.
    pub fn new(variant: impl Into<String>) -> Setup<S> {
        Setup {
            variant: variant.into(),
            shape: None,
            to_move: Side::White,
            ply: 0,
            turns: BySide::default(),
            placement: None,
            units: Vec::new(),
            tombs: Vec::new(),
            walls: Vec::new(),
            traps: Vec::new(),
            bombs: Vec::new(),
            monads: Vec::new(),
            effects: Vec::new(),
            shadows: Vec::new(),
            marks: Vec::new(),
            pending: Vec::new(),
            result: None,
            state: S::default(),
        }
    }
}

fn kind_text(kinds: &KindSet, kind: crate::unit::Kind) -> String {
    kinds
        .get(kind)
        .map_or_else(|| "?".to_string(), |k| k.fen.to_string())
}

/// Writes a position as a [`Setup`] (every field; units with explicit records).
pub fn to_setup<R: Rules + ?Sized>(rules: &R, pos: &Position<R::State>) -> Setup<R::State> {
    let kinds = rules.kinds();
    Setup {
        variant: rules.name().to_string(),
        shape: Some(pos.shape()),
        to_move: pos.to_move(),
        ply: pos.ply(),
        turns: pos.turns(),
        placement: None,
        units: pos
            .units()
            .iter()
            .enumerate()
            .map(|(i, u)| UnitRecord {
                id: i as u16,
                kind: kind_text(kinds, u.kind),
                side: u.side,
                at: u.loc,
                status: u.status,
            })
            .collect(),
        tombs: pos.tombs().iter().map(|(s, t)| (s, t.clone())).collect(),
        walls: pos.walls().iter().map(|(s, t)| (s, t.clone())).collect(),
        traps: pos.traps().iter().map(|(s, t)| (s, t.clone())).collect(),
        bombs: pos.bombs().iter().map(|(s, t)| (s, t.clone())).collect(),
        monads: pos.monads().iter().map(|(s, t)| (s, t.clone())).collect(),
        effects: pos.effects().iter().map(|(s, t)| (s, t.to_vec())).collect(),
        shadows: pos.shadows().iter().map(|(s, t)| (s, t.to_vec())).collect(),
        marks: (0..MARK_LAYERS)
            .filter(|l| pos.marks(*l).any())
            .map(|l| (l as u8, pos.marks(l).iter().collect()))
            .collect(),
        pending: pos.pending().to_vec(),
        result: pos.result().cloned(),
        state: pos.state().clone(),
    }
}

fn ron_options() -> ron::Options {
    ron::Options::default()
}

/// Writes a position as pretty RON.
pub fn position_to_ron<R: Rules + ?Sized>(rules: &R, pos: &Position<R::State>) -> String {
    let setup = to_setup(rules, pos);
    ron_options()
        .to_string_pretty(
            &setup,
            ron::ser::PrettyConfig::default().struct_names(false),
        )
        .unwrap_or_else(|e| format!("/* cannot write position: {e} */"))
}

/// Turns a RON error into a located problem.
pub fn ron_problem(e: &ron::error::SpannedError) -> Problem {
    Problem::new(
        ProblemKind::Syntax,
        format!("line {}, column {}", e.position.line, e.position.col),
        e.code.to_string(),
    )
}

/// The fields only a game file has at its top level.
const GAME_FIELDS: [&str; 2] = ["start", "actions"];
/// The fields only a position file has at its top level.
const POSITION_FIELDS: [&str; 8] = [
    "placement",
    "units",
    "to_move",
    "ply",
    "turns",
    "shape",
    "pending",
    "state",
];

/// The field a RON error complains about, when it is an unknown field of the outer struct.
fn unknown_top_field(e: &ron::error::SpannedError) -> Option<&str> {
    match &e.code {
        ron::Error::NoSuchStructField { found, .. } => Some(found.as_str()),
        _ => None,
    }
}

/// Reads a RON position set-up (not validated), with the problems a loader reports: a
/// located syntax problem, and [`ProblemKind::WrongFile`] for a game file.
pub fn setup_from_ron<S: VariantState>(text: &str) -> Result<Setup<S>, LoadError> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(LoadError::one(Problem::new(
            ProblemKind::Syntax,
            "input",
            "position text longer than 16 MiB",
        )));
    }
    ron_options()
        .from_str(text)
        .map_err(|e| match unknown_top_field(&e) {
            Some(f) if GAME_FIELDS.contains(&f) => LoadError::one(Problem::new(
                ProblemKind::WrongFile,
                format!("line {}, column {}", e.position.line, e.position.col),
                format!(
                    "this is a game file (it has `{f}:`), not a position: \
                         load it as a game"
                ),
            )),
            _ => LoadError::one(ron_problem(&e)),
        })
}

/// True if `text` reads as a game record (of any variant state shape: the start is not
/// read as a position).
fn is_game_text(text: &str) -> bool {
    #[derive(Deserialize)]
    struct AnyGame {
        #[allow(dead_code)]
        variant: String,
        #[allow(dead_code)]
        start: ron::Value,
        #[allow(dead_code)]
        actions: Vec<String>,
    }
    ron_options().from_str::<AnyGame>(text).is_ok()
}

/// True if `text` reads as a position set-up (of any variant state shape).
fn is_position_text(text: &str) -> bool {
    match ron_options().from_str::<ron::Value>(text) {
        Ok(ron::Value::Map(m)) => m.keys().any(|k| match k {
            ron::Value::String(s) => POSITION_FIELDS.contains(&s.as_str()),
            _ => false,
        }),
        _ => false,
    }
}

/// Reads a RON game record (not replayed), with the problems a loader reports: a located
/// syntax problem, and [`ProblemKind::WrongFile`] for a position file.
pub fn record_from_ron<S: VariantState>(text: &str) -> Result<GameRecord<S>, LoadError> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(LoadError::one(Problem::new(
            ProblemKind::Syntax,
            "input",
            "game text longer than 16 MiB",
        )));
    }
    ron_options().from_str(text).map_err(|e| {
        let wrong = unknown_top_field(&e)
            .is_some_and(|f| POSITION_FIELDS.contains(&f) && !GAME_FIELDS.contains(&f))
            && !is_game_text(text)
            && is_position_text(text);
        if wrong {
            LoadError::one(Problem::new(
                ProblemKind::WrongFile,
                format!("line {}, column {}", e.position.line, e.position.col),
                "this is a position file, not a game (a game has `start:` and `actions:`): \
                 load it as a position",
            ))
        } else {
            LoadError::one(ron_problem(&e))
        }
    })
}

/// Largest RON text the loaders read.
pub const MAX_TEXT_BYTES: usize = 16 * 1024 * 1024;

/// Reads a position from RON text and validates it (see [`build_position`]).
pub fn position_from_ron<R: Rules + ?Sized>(
    rules: &R,
    text: &str,
) -> Result<Position<R::State>, LoadError> {
    let setup: Setup<R::State> = setup_from_ron(text)?;
    let mut pos = build_position(rules, setup)?;
    settle_result(rules, &mut pos);
    Ok(pos)
}

/// Records in `pos` the end of the game that follows from the position alone
/// ([`Rules::terminal`]: checkmate, stalemate, no legal move), if no result is recorded yet,
/// and returns the result. Every loader calls it last, so that a position's result does not
/// depend on how it was reached: loaded from RON or FEN, or played to.
pub fn settle_result<R: Rules + ?Sized>(
    rules: &R,
    pos: &mut Position<R::State>,
) -> Option<Outcome> {
    if pos.result().is_none() {
        if let Some(o) = rules.terminal(pos) {
            pos.set_result(Some(o));
        }
    }
    pos.result().cloned()
}

/// Reads a position from a FEN with the variant's reader ([`Rules::position_from_fen`]) and
/// records the result that follows from the position ([`settle_result`]).
pub fn position_from_fen<R: Rules + ?Sized>(
    rules: &R,
    fen: &str,
) -> Result<Position<R::State>, LoadError> {
    let mut pos = rules.position_from_fen(fen)?;
    settle_result(rules, &mut pos);
    Ok(pos)
}

/// The validating constructor: builds a position from a raw set-up, reporting every
/// inconsistency (unknown kinds, bad ids, units off the board or on one square twice,
/// tombs and unit locations that disagree, side tables off the board or naming unknown
/// units...), then the variant's own problems ([`Rules::validate`]).
pub fn build_position<R: Rules + ?Sized>(
    rules: &R,
    setup: Setup<R::State>,
) -> Result<Position<R::State>, LoadError> {
    let mut problems = Vec::new();
    if setup.variant != rules.name() {
        problems.push(Problem::new(
            ProblemKind::WrongVariant,
            "variant",
            format!(
                "this file is for {:?}, not {:?}",
                setup.variant,
                rules.name()
            ),
        ));
    }
    let shape = setup.shape.unwrap_or_else(|| rules.shape());
    if shape != rules.shape() {
        problems.push(Problem::new(
            ProblemKind::BadShape,
            "shape",
            format!(
                "{} does not play on {shape}, only on {}",
                rules.name(),
                rules.shape()
            ),
        ));
    }
    let mask = shape.mask();
    let kinds = rules.kinds();
    let mut units: Vec<Unit> = Vec::new();
    // Where each unit came from, for messages: "units[3] (id 3)" or "placement (unit on e4)".
    let mut origin: Vec<String> = Vec::new();
    if let Some(pl) = &setup.placement {
        match fen::parse_placement(pl, shape, kinds) {
            Ok(list) => {
                for (sq, kind, side) in list {
                    origin.push(format!("placement (unit #{} on {sq})", units.len()));
                    units.push(Unit {
                        kind,
                        side,
                        loc: Location::Board(sq),
                        status: Status::default(),
                    });
                }
            }
            Err(e) => problems.push(Problem::new(
                ProblemKind::Syntax,
                format!("placement, column {}", e.column),
                e.reason.clone(),
            )),
        }
    }
    for (i, r) in setup.units.iter().enumerate() {
        let here = format!("units[{i}] (id {})", r.id);
        if r.id as usize != units.len() {
            problems.push(Problem::new(
                ProblemKind::BadId,
                &here,
                format!(
                    "expected id {} (ids count up from 0, after the placement's units)",
                    units.len()
                ),
            ));
        }
        let kind = if r.kind.chars().count() == 1 {
            r.kind.chars().next().and_then(|c| kinds.by_fen(c))
        } else {
            kinds.by_name(&r.kind)
        };
        let Some(kind) = kind else {
            problems.push(Problem::new(
                ProblemKind::UnknownKind,
                &here,
                format!("unknown kind {:?} for {}", r.kind, rules.name()),
            ));
            continue;
        };
        origin.push(here);
        units.push(Unit {
            kind,
            side: r.side,
            loc: r.at,
            status: r.status,
        });
    }
    let n = units.len();
    let mut occupied: [Option<usize>; 256] = [None; 256];
    for (i, u) in units.iter().enumerate() {
        let here = origin[i].as_str();
        match u.loc {
            Location::Board(sq) | Location::Shadow(sq) | Location::Tomb(sq)
                if !mask.contains(sq) =>
            {
                problems.push(Problem::new(
                    ProblemKind::OffBoard,
                    here,
                    format!("{sq} is off the {shape} board"),
                ));
            }
            Location::Board(sq) => {
                if let Some(j) = occupied[sq.index()] {
                    problems.push(Problem::new(
                        ProblemKind::Conflict,
                        here,
                        format!("{sq} is already held by {}", origin[j]),
                    ));
                } else {
                    occupied[sq.index()] = Some(i);
                }
            }
            Location::Carried { by, slot } | Location::Fused { base: by, slot } => {
                if by.index() >= n || by.index() == i {
                    problems.push(Problem::new(
                        ProblemKind::BadId,
                        here,
                        format!("carrier {by} does not exist"),
                    ));
                } else if units[..i].iter().any(|o| o.loc == u.loc) {
                    problems.push(Problem::new(
                        ProblemKind::Conflict,
                        here,
                        format!("slot {slot} of {by} is already taken"),
                    ));
                }
            }
            _ => {}
        }
    }
    let mut tables = Tables::default();
    let mut in_queue: Vec<Option<Square>> = vec![None; n];
    macro_rules! table {
        ($list:expr, $table:ident, $name:literal, |$sq:ident, $v:ident| $check:expr) => {
            for ($sq, $v) in $list {
                let here = format!("{}[{}]", $name, $sq);
                if !mask.contains($sq) {
                    problems.push(Problem::new(
                        ProblemKind::OffBoard,
                        &here,
                        format!("{} is off the {shape} board", $sq),
                    ));
                    continue;
                }
                if tables.$table.get($sq).is_some() {
                    problems.push(Problem::new(
                        ProblemKind::Conflict,
                        &here,
                        "two entries for one square",
                    ));
                    continue;
                }
                let errs: Vec<String> = $check;
                for e in errs {
                    problems.push(Problem::new(
                        if e.contains("unknown unit") {
                            ProblemKind::BadId
                        } else {
                            ProblemKind::Inconsistent
                        },
                        &here,
                        e,
                    ));
                }
                tables.$table.replace($sq, Some($v));
            }
        };
    }
    let known = |id: UnitId| -> Vec<String> {
        if id.index() >= n {
            vec![format!("refers to unknown unit {id}")]
        } else {
            vec![]
        }
    };
    table!(setup.tombs, tombs, "tombs", |sq, t| {
        let mut e = Vec::new();
        for (k, id) in t.queue.iter().enumerate() {
            if id.index() >= n {
                e.push(format!("queue entry {k} refers to unknown unit {id}"));
            } else if units[id.index()].loc != Location::Tomb(sq) {
                e.push(format!(
                    "queue entry {k} ({id}) is located at {:?}, not in this tomb",
                    units[id.index()].loc
                ));
            } else if let Some(other) = in_queue[id.index()] {
                e.push(format!("{id} is queued twice (also in {other})"));
            } else {
                in_queue[id.index()] = Some(sq);
            }
        }
        e
    });
    table!(setup.walls, walls, "walls", |sq, w| known(w.creator));
    table!(setup.traps, traps, "traps", |sq, t| {
        let mut e = known(t.owner);
        if let Some(h) = t.held {
            e.extend(known(h));
        }
        e
    });
    table!(setup.bombs, bombs, "bombs", |sq, b| known(b.owner));
    table!(setup.monads, monads, "monads", |sq, m| {
        let mut e = known(m.unit);
        for (k, st) in m.program.iter().enumerate() {
            for s in [st.from, st.to] {
                if !mask.contains(s) {
                    e.push(format!("program step {k}: square {s} is off the board"));
                }
            }
        }
        e
    });
    let effects: Vec<(Square, Effects)> = setup
        .effects
        .into_iter()
        .map(|(s, v)| (s, Effects::from_vec(v)))
        .collect();
    table!(effects, effects, "effects", |sq, _v| Vec::new());
    let explicit_shadows = !setup.shadows.is_empty();
    let shadows: Vec<(Square, Shadows)> = setup
        .shadows
        .into_iter()
        .map(|(s, v)| (s, Shadows::from_vec(v)))
        .collect();
    table!(shadows, shadows, "shadows", |sq, l| {
        let mut e = Vec::new();
        for id in l.iter() {
            if id.index() >= n {
                e.push(format!("refers to unknown unit {id}"));
            } else if units[id.index()].loc != Location::Shadow(sq) {
                e.push(format!("{id} is not a shadow on {sq}"));
            }
        }
        e
    });
    for (i, u) in units.iter().enumerate() {
        match u.loc {
            Location::Tomb(sq) if mask.contains(sq) && in_queue[i].is_none() => {
                problems.push(Problem::new(
                    ProblemKind::Inconsistent,
                    &origin[i],
                    format!("located in the tomb on {sq}, but that tomb's queue does not list it"),
                ))
            }
            Location::Shadow(sq) if mask.contains(sq) => {
                if explicit_shadows {
                    if !tables
                        .shadows
                        .get(sq)
                        .is_some_and(|l| l.contains(&UnitId(i as u16)))
                    {
                        problems.push(Problem::new(
                            ProblemKind::Inconsistent,
                            &origin[i],
                            format!(
                                "a shadow on {sq}, but the shadows list of {sq} does not name it"
                            ),
                        ));
                    }
                } else {
                    let mut l = tables.shadows.get(sq).cloned().unwrap_or_default();
                    l.push(UnitId(i as u16));
                    tables.shadows.replace(sq, Some(l));
                }
            }
            _ => {}
        }
    }
    let mut marks = [Bitboard::EMPTY; MARK_LAYERS];
    for (layer, sqs) in &setup.marks {
        if *layer as usize >= MARK_LAYERS {
            problems.push(Problem::new(
                ProblemKind::Inconsistent,
                format!("marks[{layer}]"),
                format!("mark layer {layer} does not exist (0..{})", MARK_LAYERS - 1),
            ));
            continue;
        }
        for s in sqs {
            if !mask.contains(*s) {
                problems.push(Problem::new(
                    ProblemKind::OffBoard,
                    format!("marks[{layer}]"),
                    format!("{s} is off the board"),
                ));
            }
            marks[*layer as usize].set(*s);
        }
    }
    for (k, p) in setup.pending.iter().enumerate() {
        if let Some(u) = p.unit {
            if u.index() >= n {
                problems.push(Problem::new(
                    ProblemKind::BadId,
                    format!("pending[{k}]"),
                    format!("refers to unknown unit {u}"),
                ));
            }
        }
        if let Some(s) = p.square {
            if !mask.contains(s) {
                problems.push(Problem::new(
                    ProblemKind::OffBoard,
                    format!("pending[{k}]"),
                    format!("{s} is off the board"),
                ));
            }
        }
    }
    if !problems.is_empty() {
        return Err(LoadError { problems });
    }
    let pos = Position::from_parts(
        shape,
        units,
        tables,
        marks,
        setup.to_move,
        setup.ply,
        setup.turns,
        PendingList::from_vec(setup.pending),
        setup.result,
        setup.state,
    );
    let variant = rules.validate(&pos);
    if !variant.is_empty() {
        return Err(LoadError { problems: variant });
    }
    Ok(pos)
}

/// A game file: the start position and the actions played, in canonical text.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(bound = "S: VariantState", deny_unknown_fields)]
pub struct GameRecord<S> {
    /// Variant name.
    pub variant: String,
    /// The position the game started from.
    pub start: Setup<S>,
    /// The actions, in order, in canonical text.
    pub actions: Vec<String>,
}

/// The sides in order of a set-up's units (used by invariant checks to count units per side).
pub fn count_by_side<S: VariantState>(pos: &Position<S>) -> BySide<usize> {
    let mut c = BySide::default();
    for u in pos.units() {
        c[u.side] += 1;
    }
    c
}
