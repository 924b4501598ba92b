//! A game: the start position, the actions played with their events, undo,
//! repetition counts (hash match confirmed by comparing the state) and the result.
//!
//! Memory: a game keeps, per action, the action, its text, its events, its journal entries
//! and a repetition key; whole positions only every [`CHECKPOINT_EVERY`] actions. An earlier
//! position that a repetition test needs is rebuilt from the checkpoint before it.

use crate::action::{Action, ActionError, ActionParseError, Event, Outcome};
use crate::position::Position;
use crate::rules::{apply, Rules};
use crate::setup::{
    build_position, record_from_ron, settle_result, to_setup, GameRecord, LoadError, Problem,
    ProblemKind,
};
use std::collections::HashMap;
use std::fmt;

/// One played action.
#[derive(Clone, Debug)]
pub struct Played {
    /// The action.
    pub action: Action,
    /// Its canonical text in the position where it was played.
    pub text: String,
    /// The events it caused.
    pub events: Vec<Event>,
    mark: crate::position::Mark,
    /// The game drew by repetition after this action (the result is the game's, not the
    /// position's: the position as it stood is compared for later repetitions).
    repetition_draw: bool,
}

/// A game keeps a whole position every this many actions (and the start).
pub const CHECKPOINT_EVERY: usize = 32;

/// Error of a text-driven game operation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum GameError {
    /// The text is not an action.
    Parse(ActionParseError),
    /// The action was refused.
    Action(ActionError),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Parse(e) => e.fmt(f),
            GameError::Action(e) => e.fmt(f),
        }
    }
}
impl std::error::Error for GameError {}

/// A game in progress under some rules.
#[derive(Debug)]
pub struct Game<R: Rules> {
    rules: R,
    start: Position<R::State>,
    pos: Position<R::State>,
    played: Vec<Played>,
    /// The positions after 0, K, 2K... actions (K = [`CHECKPOINT_EVERY`]).
    checkpoints: Vec<Position<R::State>>,
    keys: Vec<u64>,
    by_hash: HashMap<u64, Vec<usize>>,
}

impl<R: Rules + Clone> Clone for Game<R> {
    fn clone(&self) -> Self {
        // The journal is not cloned with a position, so rebuild by replaying.
        let mut g = Game::from_position(self.rules.clone(), self.start.clone());
        for p in &self.played {
            // Replaying actions that were legal in the same positions cannot fail.
            if g.apply(&p.action).is_err() {
                break;
            }
        }
        g
    }
}

impl<R: Rules> Game<R> {
    /// A game from the variant's initial position.
    pub fn new(rules: R) -> Game<R> {
        let start = rules.initial_position();
        Game::from_position(rules, start)
    }

    /// A game from a given position. An end of the game that follows from the position
    /// alone ([`Rules::terminal`]: checkmate, stalemate) is recorded in it, as if the position
    /// had been played to.
    pub fn from_position(rules: R, mut start: Position<R::State>) -> Game<R> {
        start.clear_journal();
        settle_result(&rules, &mut start);
        let pos = start.clone();
        let mut g = Game {
            rules,
            start,
            pos,
            played: Vec::new(),
            checkpoints: Vec::new(),
            keys: Vec::new(),
            by_hash: HashMap::new(),
        };
        g.remember();
        g
    }

    fn remember(&mut self) {
        let i = self.keys.len();
        if i % CHECKPOINT_EVERY == 0 {
            self.checkpoints.push(self.pos.clone());
        }
        let key = self.rules.repetition_key(&self.pos);
        self.keys.push(key);
        self.by_hash.entry(key).or_default().push(i);
    }

    /// The position after the first `i` actions, as it stood before a repetition draw was
    /// recorded in it.
    fn position_at(&self, i: usize) -> Position<R::State> {
        if i == self.played.len() {
            let mut p = self.pos.clone();
            if self.played.last().is_some_and(|l| l.repetition_draw) {
                p.set_result(None);
            }
            return p;
        }
        let c = i / CHECKPOINT_EVERY;
        let mut p = self.checkpoints[c].clone();
        for played in &self.played[c * CHECKPOINT_EVERY..i] {
            // These actions were legal in these very positions: replaying cannot fail.
            let _ = apply(&self.rules, &mut p, &played.action, &mut Vec::new());
        }
        p.clear_journal();
        p
    }

    /// The rules.
    pub fn rules(&self) -> &R {
        &self.rules
    }
    /// The current position.
    pub fn position(&self) -> &Position<R::State> {
        &self.pos
    }
    /// The start position.
    pub fn start(&self) -> &Position<R::State> {
        &self.start
    }
    /// The actions played so far.
    pub fn history(&self) -> &[Played] {
        &self.played
    }
    /// The result, once the game is over.
    pub fn result(&self) -> Option<&Outcome> {
        self.pos.result()
    }
    /// The legal actions now.
    pub fn actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.rules.actions(&self.pos, &mut v);
        v
    }
    /// Canonical text of an action in the current position.
    pub fn format(&self, a: &Action) -> String {
        self.rules.format_action(&self.pos, a)
    }

    /// How many times the current position has occurred (this occurrence included). After a
    /// repetition draw this still counts the position as it stood when the draw was declared.
    pub fn repetition_count(&self) -> u32 {
        let Some(key) = self.keys.last() else {
            return 1;
        };
        let last = self.keys.len() - 1;
        let Some(list) = self.by_hash.get(key) else {
            return 1;
        };
        if list.len() <= 1 {
            return 1;
        }
        let last_pos = self.position_at(last);
        list.iter()
            .filter(|&&i| {
                i == last
                    || self
                        .rules
                        .same_for_repetition(&self.position_at(i), &last_pos)
            })
            .count() as u32
    }

    /// Checks and applies an action. On error nothing changes.
    pub fn apply(&mut self, action: &Action) -> Result<&[Event], ActionError> {
        let text = self.rules.format_action(&self.pos, action);
        let mut events = Vec::new();
        let mark = apply(&self.rules, &mut self.pos, action, &mut events)?;
        self.played.push(Played {
            action: action.clone(),
            text,
            events: Vec::new(),
            mark,
            repetition_draw: false,
        });
        self.remember();
        if self.pos.result().is_none() {
            if let Some(limit) = self.rules.repetition_limit() {
                if self.repetition_count() >= limit {
                    let o = Outcome {
                        winner: None,
                        reason: format!("{limit}-fold repetition").into(),
                    };
                    self.pos.set_result(Some(o.clone()));
                    events.push(Event::GameOver(o));
                    if let Some(p) = self.played.last_mut() {
                        p.repetition_draw = true;
                    }
                }
            }
        }
        match self.played.last_mut() {
            Some(p) => {
                p.events = events;
                Ok(&p.events[..])
            }
            None => Ok(&[]),
        }
    }

    /// Reads an action and applies it: canonical text, or else standard algebraic notation
    /// (`Nf3`, `O-O`, `exd6`, `e8=Q`) naming exactly one legal move ([`crate::san`]).
    pub fn apply_text(&mut self, text: &str) -> Result<&[Event], GameError> {
        let a = self.read_text(text)?;
        self.apply(&a).map_err(GameError::Action)
    }

    /// Reads an action as [`Game::apply_text`] does, without applying it.
    pub fn read_text(&self, text: &str) -> Result<Action, GameError> {
        let text = text.trim();
        match self.rules.parse_action(&self.pos, text) {
            Ok(a) => Ok(a),
            Err(e) => match crate::san::resolve(&self.rules, &self.pos, text) {
                Some(Ok(a)) => Ok(a),
                Some(Err(reason)) => Err(GameError::Parse(ActionParseError {
                    input: e.input,
                    column: 1,
                    reason,
                })),
                None => Err(GameError::Parse(e)),
            },
        }
    }

    /// Takes back the last action, restoring the exact previous position.
    pub fn undo(&mut self) -> Option<Action> {
        let p = self.played.pop()?;
        if let Some(key) = self.keys.pop() {
            let i = self.keys.len();
            if i % CHECKPOINT_EVERY == 0 && self.checkpoints.len() > i / CHECKPOINT_EVERY {
                self.checkpoints.pop();
            }
            if let Some(v) = self.by_hash.get_mut(&key) {
                v.retain(|&j| j != i);
                if v.is_empty() {
                    self.by_hash.remove(&key);
                }
            }
        }
        self.pos.undo_to(p.mark);
        Some(p.action)
    }

    /// The game as a record (start position and action texts).
    pub fn to_record(&self) -> GameRecord<R::State> {
        GameRecord {
            variant: self.rules.name().to_string(),
            start: to_setup(&self.rules, &self.start),
            actions: self.played.iter().map(|p| p.text.clone()).collect(),
        }
    }

    /// The game as pretty RON.
    pub fn to_ron(&self) -> String {
        ron::Options::default()
            .to_string_pretty(&self.to_record(), ron::ser::PrettyConfig::default())
            .unwrap_or_else(|e| format!("/* cannot write game: {e} */"))
    }

    /// Rebuilds a game from a record, replaying every action; a bad action is reported with its index.
    pub fn from_record(rules: R, record: GameRecord<R::State>) -> Result<Game<R>, LoadError> {
        if record.variant != rules.name() {
            return Err(LoadError::one(Problem::new(
                ProblemKind::WrongVariant,
                "variant",
                format!(
                    "this game is for {:?}, not {:?}",
                    record.variant,
                    rules.name()
                ),
            )));
        }
        let start = build_position(&rules, record.start)?;
        let mut g = Game::from_position(rules, start);
        let n = record.actions.len();
        if g.played.try_reserve_exact(n).is_err()
            || g.keys.try_reserve_exact(n + 1).is_err()
            || g.checkpoints
                .try_reserve_exact(n / CHECKPOINT_EVERY + 1)
                .is_err()
        {
            return Err(LoadError::one(Problem::new(
                ProblemKind::TooLarge,
                "actions",
                format!("a game of {n} actions is more than this machine can hold in memory"),
            )));
        }
        for (i, text) in record.actions.iter().enumerate() {
            if let Err(e) = g.apply_text(text) {
                return Err(LoadError::one(Problem::new(
                    ProblemKind::Rule,
                    format!("actions[{i}] ({text:?})"),
                    e.to_string(),
                )));
            }
        }
        Ok(g)
    }

    /// Reads a game from RON text.
    pub fn from_ron(rules: R, text: &str) -> Result<Game<R>, LoadError> {
        let record: GameRecord<R::State> = record_from_ron(text)?;
        Game::from_record(rules, record)
    }
}
