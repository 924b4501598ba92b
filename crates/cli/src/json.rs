//! The JSON output of `moves`, `apply` and `show` (`--json`): serde-derived types written
//! with serde_json, so the output is valid JSON by construction. The shape is documented
//! in docs/cli.md and versioned by [`SCHEMA_VERSION`]: a field is only ever added within a
//! version; a change of meaning or a removal bumps it.

use frozen_core::{
    to_setup, Action, Event, KindSet, Location, Position, Rules, Setup, Side, Square,
};
use serde::Serialize;

/// Version of the JSON shape (the `schema_version` field of every top-level object).
pub const SCHEMA_VERSION: u32 = 1;

/// A side as JSON: `"white"` or `"black"`.
#[derive(Serialize, Debug, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum SideJson {
    /// White.
    White,
    /// Black.
    Black,
}

impl From<Side> for SideJson {
    fn from(s: Side) -> SideJson {
        match s {
            Side::White => SideJson::White,
            Side::Black => SideJson::Black,
        }
    }
}

/// A location: `{"at":"board","square":"e4"}`, `{"at":"carried","by":3,"slot":0}`...
#[derive(Serialize, Debug)]
#[serde(tag = "at", rename_all = "snake_case")]
pub enum LocationJson {
    /// On a square.
    Board {
        /// The square.
        square: Square,
    },
    /// A shadow on a square.
    Shadow {
        /// The square.
        square: Square,
    },
    /// In the tomb on a square.
    Tomb {
        /// The square.
        square: Square,
    },
    /// Carried by another unit.
    Carried {
        /// The carrier's id.
        by: u16,
        /// The slot.
        slot: u8,
    },
    /// Fused into another unit.
    Fused {
        /// The base unit's id.
        base: u16,
        /// The slot.
        slot: u8,
    },
    /// Exiled.
    Exiled,
    /// Captured, held by a side.
    Captured {
        /// The holder.
        by: SideJson,
    },
    /// Dead.
    Dead,
    /// In the pool.
    Pool,
}

impl From<Location> for LocationJson {
    fn from(loc: Location) -> LocationJson {
        match loc {
            Location::Board(square) => LocationJson::Board { square },
            Location::Shadow(square) => LocationJson::Shadow { square },
            Location::Tomb(square) => LocationJson::Tomb { square },
            Location::Carried { by, slot } => LocationJson::Carried { by: by.0, slot },
            Location::Fused { base, slot } => LocationJson::Fused { base: base.0, slot },
            Location::Exiled => LocationJson::Exiled,
            Location::Captured(by) => LocationJson::Captured { by: by.into() },
            Location::Dead => LocationJson::Dead,
            Location::Pool => LocationJson::Pool,
        }
    }
}

/// The end of a game: `{"winner":"white"|null,"reason":"..."}`.
#[derive(Serialize, Debug)]
pub struct OutcomeJson {
    /// The winner; null for a draw.
    pub winner: Option<SideJson>,
    /// Why the game ended.
    pub reason: String,
}

impl From<&frozen_core::Outcome> for OutcomeJson {
    fn from(o: &frozen_core::Outcome) -> OutcomeJson {
        OutcomeJson {
            winner: o.winner.map(Into::into),
            reason: o.reason.to_string(),
        }
    }
}

/// One event, an object with a `type` field named after the event.
#[derive(Serialize, Debug)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventJson {
    /// A unit moved.
    Moved {
        /// The unit's id.
        unit: u16,
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// A unit was captured.
    Captured {
        /// The unit's id.
        unit: u16,
        /// Where.
        at: Square,
        /// By which unit, if one.
        by: Option<u16>,
        /// Where it went.
        to: LocationJson,
    },
    /// A unit left a place without a capture.
    Removed {
        /// The unit's id.
        unit: u16,
        /// From.
        from: LocationJson,
        /// To.
        to: LocationJson,
    },
    /// A unit entered the board.
    Entered {
        /// The unit's id.
        unit: u16,
        /// Where.
        at: Square,
    },
    /// A unit changed kind.
    Promoted {
        /// The unit's id.
        unit: u16,
        /// The old kind's name.
        from: String,
        /// The new kind's name.
        to: String,
    },
    /// A unit changed sides.
    Converted {
        /// The unit's id.
        unit: u16,
        /// The new owner.
        side: SideJson,
    },
    /// A unit was paralysed.
    Paralyzed {
        /// The unit's id.
        unit: u16,
        /// Through this owner turn.
        through: u32,
    },
    /// A unit was pushed.
    Pushed {
        /// The unit's id.
        unit: u16,
        /// From.
        from: Square,
        /// To; null when pushed off the board.
        to: Option<Square>,
    },
    /// Two units swapped places.
    Swapped {
        /// One unit.
        a: u16,
        /// The other.
        b: u16,
    },
    /// An explosion.
    Exploded {
        /// Where.
        at: Square,
    },
    /// A square was marked.
    Marked {
        /// The square.
        at: Square,
        /// The mark layer.
        layer: u8,
    },
    /// A movement was denied.
    Denied {
        /// The denying side.
        by: SideJson,
    },
    /// The turn passed.
    TurnPassed {
        /// The side to act now.
        to: SideJson,
    },
    /// The game ended.
    GameOver {
        /// How.
        outcome: OutcomeJson,
    },
    /// A note.
    Note {
        /// Its text.
        text: String,
    },
    /// A decision is now pending (its names are in the position's `decisions`).
    Awaiting {
        /// Who decides.
        side: SideJson,
        /// The variant's decision kind.
        decision_kind: u16,
        /// The unit concerned.
        unit: Option<u16>,
        /// The square concerned.
        square: Option<Square>,
    },
}

/// The JSON form of an event.
pub fn event(kinds: &KindSet, e: &Event) -> EventJson {
    match e {
        Event::Moved { unit, from, to } => EventJson::Moved {
            unit: unit.0,
            from: *from,
            to: *to,
        },
        Event::Captured { unit, at, by, to } => EventJson::Captured {
            unit: unit.0,
            at: *at,
            by: by.map(|b| b.0),
            to: (*to).into(),
        },
        Event::Removed { unit, from, to } => EventJson::Removed {
            unit: unit.0,
            from: (*from).into(),
            to: (*to).into(),
        },
        Event::Entered { unit, at } => EventJson::Entered {
            unit: unit.0,
            at: *at,
        },
        Event::Promoted { unit, from, to } => EventJson::Promoted {
            unit: unit.0,
            from: kinds.name(*from).to_string(),
            to: kinds.name(*to).to_string(),
        },
        Event::Converted { unit, side } => EventJson::Converted {
            unit: unit.0,
            side: (*side).into(),
        },
        Event::Paralyzed { unit, through } => EventJson::Paralyzed {
            unit: unit.0,
            through: *through,
        },
        Event::Pushed { unit, from, to } => EventJson::Pushed {
            unit: unit.0,
            from: *from,
            to: *to,
        },
        Event::Swapped { a, b } => EventJson::Swapped { a: a.0, b: b.0 },
        Event::Exploded { at } => EventJson::Exploded { at: *at },
        Event::Marked { at, layer } => EventJson::Marked {
            at: *at,
            layer: *layer,
        },
        Event::Denied { by } => EventJson::Denied { by: (*by).into() },
        Event::TurnPassed { to } => EventJson::TurnPassed { to: (*to).into() },
        Event::GameOver(o) => EventJson::GameOver { outcome: o.into() },
        Event::Note(n) => EventJson::Note { text: n.clone() },
        Event::Awaiting(p) => EventJson::Awaiting {
            side: p.side.into(),
            decision_kind: p.kind,
            unit: p.unit.map(|u| u.0),
            square: p.square,
        },
    }
}

/// One action with its canonical text and the events it produces.
#[derive(Serialize, Debug)]
pub struct ActionJson {
    /// Canonical text.
    pub text: String,
    /// Action kind keyword (`move`, `drop`, `choose`...).
    pub kind: &'static str,
    /// The squares of the action.
    pub path: Vec<Square>,
    /// The chosen piece's FEN letter, if any.
    pub piece: Option<String>,
    /// The variant-defined argument.
    pub arg: u16,
    /// The events it causes.
    pub events: Vec<EventJson>,
}

/// The JSON form of an action.
pub fn action(kinds: &KindSet, a: &Action, text: &str, events: &[Event]) -> ActionJson {
    ActionJson {
        text: text.to_string(),
        kind: a.kind.keyword(),
        path: a.path.to_vec(),
        piece: a
            .piece
            .map(|k| kinds.get(k).map_or('?', |i| i.fen).to_string()),
        arg: a.arg,
        events: events.iter().map(|e| event(kinds, e)).collect(),
    }
}

/// One unit: identity, kind, owner, location and status.
#[derive(Serialize, Debug)]
pub struct UnitJson {
    /// The unit's id (its index; stable for the whole game).
    pub id: u16,
    /// The kind's name (`"Knight"`).
    pub kind: String,
    /// The kind's upper-case FEN letter (`"N"`).
    pub letter: String,
    /// The owner.
    pub side: SideJson,
    /// Where it is.
    pub location: LocationJson,
    /// Its status, with the fields that differ from "nothing special" (`moved`,
    /// `frozen_through`...; the names of the RON position file).
    pub status: frozen_core::Status,
    /// What the variant's own status fields (`counters`, `flags`) mean, naming the rules
    /// (`Rules::describe_status`), or `null`.
    pub status_text: Option<String>,
}

/// A whole position: the side to act and the side that decides now, the result, the FEN
/// where one exists, and every field of the RON position file (units with identity,
/// location and status, side tables, marks, pending decisions, variant state) under
/// `setup`, so that no script needs to read RON or the text legend.
#[derive(Serialize, Debug)]
#[serde(bound = "")]
pub struct PositionJson<S: frozen_core::VariantState> {
    /// The side whose turn it is.
    pub to_move: SideJson,
    /// The side that must act now (the side of the first pending decision, else `to_move`).
    pub actor: SideJson,
    /// The result, once the game is over.
    pub result: Option<OutcomeJson>,
    /// The FEN, where FEN can express the position.
    pub fen: Option<String>,
    /// Every unit, in id order, wherever it is.
    pub units: Vec<UnitJson>,
    /// The position as the RON position file writes it (same field names).
    pub setup: Setup<S>,
    /// The pending decisions, in the order of `setup.pending`, as people read them (where
    /// the variant names them: `Rules::describe_decision`).
    pub decisions: Vec<DecisionJson>,
}

/// A pending decision with names: who decides, what is asked, and each option with the
/// action text that chooses it.
#[derive(Serialize, Debug)]
pub struct DecisionJson {
    /// Who decides.
    pub side: SideJson,
    /// The decision's name (`"raise"`, `"bait target"`, `"conversion"`, `"continue"`).
    pub name: String,
    /// The question, in a sentence.
    pub question: String,
    /// The options in `choose:<n>` order (empty where other actions answer it).
    pub options: Vec<DecisionOptionJson>,
}

/// One option of a [`DecisionJson`].
#[derive(Serialize, Debug)]
pub struct DecisionOptionJson {
    /// The option's name (`"raise"`).
    pub name: String,
    /// The action text that chooses it (`"choose:raise"`; `"choose:<number>"` is read too).
    pub action: String,
    /// Its number `n` in `choose:<n>`.
    pub number: u16,
    /// What choosing it does.
    pub meaning: String,
}

/// The named pending decisions of a position.
pub fn decisions<R: Rules>(rules: &R, pos: &Position<R::State>) -> Vec<DecisionJson> {
    pos.pending()
        .iter()
        .filter_map(|p| {
            let d = rules.describe_decision(pos, p)?;
            Some(DecisionJson {
                side: p.side.into(),
                name: d.name,
                question: d.question,
                options: d
                    .options
                    .into_iter()
                    .enumerate()
                    .map(|(n, o)| DecisionOptionJson {
                        action: format!("choose:{}", o.name),
                        name: o.name,
                        number: n as u16,
                        meaning: o.meaning,
                    })
                    .collect(),
            })
        })
        .collect()
}

/// The JSON form of a position.
pub fn position<R: Rules>(rules: &R, pos: &Position<R::State>) -> PositionJson<R::State> {
    PositionJson {
        to_move: pos.to_move().into(),
        actor: crate::common::actor(pos).into(),
        result: pos.result().map(Into::into),
        fen: rules.to_fen(pos),
        units: pos
            .units()
            .iter()
            .enumerate()
            .map(|(i, u)| UnitJson {
                id: i as u16,
                kind: rules.kinds().name(u.kind).to_string(),
                letter: rules.kinds().fen_char(u.kind, Side::White).to_string(),
                side: u.side.into(),
                location: u.loc.into(),
                status: u.status,
                status_text: rules.describe_status(pos, frozen_core::UnitId(i as u16)),
            })
            .collect(),
        setup: to_setup(rules, pos),
        decisions: decisions(rules, pos),
    }
}

/// `frozen moves --json`.
#[derive(Serialize, Debug)]
pub struct MovesJson {
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The variant.
    pub variant: String,
    /// The result of the position (no actions when it is set).
    pub result: Option<OutcomeJson>,
    /// The legal actions.
    pub actions: Vec<ActionJson>,
}

/// `frozen apply --json`.
#[derive(Serialize, Debug)]
#[serde(bound = "")]
pub struct ApplyJson<S: frozen_core::VariantState> {
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The variant.
    pub variant: String,
    /// The actions applied, each with its events.
    pub actions: Vec<ActionJson>,
    /// The FEN of the resulting position, where FEN can express it.
    pub fen: Option<String>,
    /// The result.
    pub result: Option<OutcomeJson>,
    /// The whole resulting position.
    pub position: PositionJson<S>,
}

/// `frozen show --json`.
#[derive(Serialize, Debug)]
#[serde(bound = "")]
pub struct ShowJson<S: frozen_core::VariantState> {
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The variant.
    pub variant: String,
    /// The position.
    pub position: PositionJson<S>,
    /// The variant's own description of its state, line by line (as `show` prints it).
    pub state: Vec<String>,
}

/// Writes a value as one line of JSON.
pub fn to_line<T: Serialize>(value: &T) -> crate::error::CliResult<String> {
    serde_json::to_string(value)
        .map(|mut s| {
            s.push('\n');
            s
        })
        .map_err(|e| crate::error::CliError::fail(format!("cannot write JSON: {e}")))
}
