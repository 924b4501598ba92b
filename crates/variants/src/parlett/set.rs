//! Parlett piece sets as data: the set file ([`SetFile`]: pieces, promotion, game rules,
//! set-up), its load errors ([`SetError`]), and the rules value
//! ([`ParlettRules`]) built from a set by parsing and compiling its definitions.
//!
//! Uses [`super::ast`], [`super::error`], [`super::parse`], [`super::ir`],
//! [`super::compile`] and [`super::compiled`]. The plugin's other modules add methods to
//! [`ParlettRules`]: [`super::legal`], [`super::moves`], [`super::count`],
//! [`super::perform`], [`super::fen`], then [`super::rules`] (the `Rules` implementation).

use super::ast::{Body, Definition};
use super::compile::{compile, SetSpec};
use super::compiled::Compiled;
use super::error::ParseError;
pub use super::ir::ParlettState;
use super::parse::parse_line;
use frozen_core::fen::parse_placement;
use frozen_core::{Kind, KindInfo, KindSet, Rules, Shape, Side, Square};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

/// One piece of a set file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceSpec {
    /// Full name, e.g. `"Knight"`.
    pub name: String,
    /// The notation letter, case-sensitive (`P` is the Knight, `p` the pawn
    /// in Normal Chess; PAR-NAME-02).
    pub letter: char,
    /// The upper-case FEN letter (White upper case, Black lower case in FEN).
    pub fen: char,
}

/// Where a piece promotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PromotionZone {
    /// Squares where the piece would have no move on an empty board (PAR-NORM-10, Q13).
    NoMoveOnEmptyBoard,
    /// The last rank (PAR-FAIR-08, Q14).
    LastRank,
}

/// A promotion rule: compulsory, part of the move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionSpec {
    /// The promoting piece letter.
    pub piece: char,
    /// The letters it may promote to.
    pub to: Vec<char>,
    /// Where.
    pub zone: PromotionZone,
}

/// How a game is won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum GameRule {
    /// PAR-GAME-01: at the end of every turn, if exactly one side has a royal
    /// piece it wins; if none has, the game ends with no winner. No check rule.
    #[default]
    LastRoyalStanding,
    /// FIDE-like: a move may not leave one's own royal piece capturable;
    /// checkmate wins, stalemate draws.
    Check,
}

/// A piece-set file (RON).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetFile {
    /// Registry name, e.g. `"normal-chess"`.
    pub name: String,
    /// One line.
    #[serde(default)]
    pub description: String,
    /// Board, `"8x8"`.
    pub board: String,
    /// The pieces.
    pub pieces: Vec<PieceSpec>,
    /// The definition lines, as written in the manual (Markdown decoration allowed).
    pub moves: Vec<String>,
    /// The initial position as a FEN.
    pub setup: String,
    /// Promotion rules.
    #[serde(default)]
    pub promotion: Vec<PromotionSpec>,
    /// The royal piece letter (`K`), if any.
    #[serde(default)]
    pub royal: Option<char>,
    /// The win / legality rule.
    #[serde(default)]
    pub rule: GameRule,
    /// Notes (rulings), kept for displays.
    #[serde(default)]
    pub notes: Vec<String>,
}

/// An error loading a set file, located.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetError {
    /// The RON text is malformed.
    Ron {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// Why.
        message: String,
    },
    /// A definition line does not parse.
    Notation {
        /// Index in `moves`.
        index: usize,
        /// The parse error (with caret).
        error: ParseError,
    },
    /// Anything else: a field and why.
    Invalid {
        /// Which field.
        field: String,
        /// Why.
        message: String,
    },
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetError::Ron {
                line,
                column,
                message,
            } => write!(f, "set file line {line}, column {column}: {message}"),
            SetError::Notation { index, error } => {
                write!(f, "moves[{index}]: {error}")
            }
            SetError::Invalid { field, message } => write!(f, "{field}: {message}"),
        }
    }
}
impl std::error::Error for SetError {}

pub(super) fn invalid(field: impl Into<String>, message: impl Into<String>) -> SetError {
    SetError::Invalid {
        field: field.into(),
        message: message.into(),
    }
}

#[derive(Debug)]
pub(super) struct Inner {
    pub set: SetFile,
    pub defs: Vec<Definition>,
    pub kinds: KindSet,
    pub c: Compiled,
    /// Home squares of the set-up: (kind, side) per square.
    pub home: HashMap<Square, (Kind, Side)>,
    /// Castling (King, partner): the kinds of the royal piece's first two-piece line, for the
    /// FEN castling field; `None` for a set without one.
    pub castle: Option<(Kind, Kind)>,
}

/// A Parlett piece set as rules. Cheap to clone (shared).
#[derive(Clone, Debug)]
pub struct ParlettRules {
    pub(super) inner: Arc<Inner>,
}

/// Loads a set from RON text (see [`SetFile`]).
pub fn load_set(text: &str) -> Result<ParlettRules, SetError> {
    if text.len() > 1 << 20 {
        return Err(invalid("file", "longer than 1 MiB"));
    }
    let set: SetFile = ron::Options::default()
        .from_str(text)
        .map_err(|e| SetError::Ron {
            line: e.position.line,
            column: e.position.col,
            message: e.code.to_string(),
        })?;
    ParlettRules::from_set(set)
}

impl ParlettRules {
    /// Builds rules from a parsed set file.
    pub fn from_set(set: SetFile) -> Result<ParlettRules, SetError> {
        let shape: Shape = set
            .board
            .parse()
            .map_err(|e| invalid("board", format!("{e}")))?;
        if set.pieces.is_empty() {
            return Err(invalid("pieces", "no piece defined"));
        }
        let mut letters: HashMap<char, Kind> = HashMap::new();
        let mut infos = Vec::new();
        for (i, p) in set.pieces.iter().enumerate() {
            if !p.letter.is_ascii_alphabetic() {
                return Err(invalid(
                    format!("pieces[{i}]"),
                    "the letter must be an ASCII letter",
                ));
            }
            if letters.insert(p.letter, Kind(i as u8)).is_some() {
                return Err(invalid(
                    format!("pieces[{i}]"),
                    format!("letter {:?} used twice", p.letter),
                ));
            }
            infos.push(KindInfo {
                name: p.name.clone(),
                fen: p.fen,
                symbol: p.letter,
            });
        }
        let kinds = KindSet::new(infos).map_err(|e| invalid("pieces", e.0))?;
        let mut defs = Vec::new();
        for (i, m) in set.moves.iter().enumerate() {
            let d = parse_line(m).map_err(|error| SetError::Notation { index: i, error })?;
            for c in &d.pieces {
                if !letters.contains_key(c) {
                    return Err(invalid(
                        format!("moves[{i}]"),
                        format!("piece letter {c:?} is not in the piece list"),
                    ));
                }
            }
            defs.push(d);
        }
        let royal = match set.royal {
            Some(r) => Some(
                *letters
                    .get(&r)
                    .ok_or_else(|| invalid("royal", format!("unknown letter {r:?}")))?,
            ),
            None => None,
        };
        if set.rule == GameRule::Check && royal.is_none() {
            return Err(invalid("rule", "the check rule needs a royal piece"));
        }
        let mut promotions = Vec::new();
        for (i, p) in set.promotion.iter().enumerate() {
            let k = *letters.get(&p.piece).ok_or_else(|| {
                invalid(
                    format!("promotion[{i}]"),
                    format!("unknown letter {:?}", p.piece),
                )
            })?;
            let mut to = Vec::new();
            for c in &p.to {
                to.push(*letters.get(c).ok_or_else(|| {
                    invalid(format!("promotion[{i}]"), format!("unknown letter {c:?}"))
                })?);
            }
            if to.is_empty() {
                return Err(invalid(format!("promotion[{i}]"), "no promotion choice"));
            }
            promotions.push((k, to, p.zone == PromotionZone::NoMoveOnEmptyBoard));
        }
        let spec = SetSpec {
            shape,
            letters: &letters,
            nkinds: set.pieces.len(),
            defs: &defs,
            royal,
            legality: set.rule == GameRule::Check,
            promotions,
        };
        let c = compile(&spec)
            .map(Compiled::new)
            .map_err(|e| invalid(format!("moves[{}]", e.line), e.message))?;
        // Castling, for the FEN castling field: the first two-piece line of the royal piece.
        // Another two-piece line is no castling: its pieces are unmoved by their set-up
        // squares like any other (PAR-COND-01).
        let castle = defs.iter().find_map(|d| match &d.body {
            Body::MultiPiece(_) if d.pieces.len() == 2 => {
                let first = *letters.get(&d.pieces[0])?;
                let second = *letters.get(&d.pieces[1])?;
                (Some(first) == royal && second != first).then_some((first, second))
            }
            _ => None,
        });
        let mut rules = ParlettRules {
            inner: Arc::new(Inner {
                set: set.clone(),
                defs,
                kinds,
                c,
                home: HashMap::new(),
                castle,
            }),
        };
        let placement = set.setup.split_whitespace().next().unwrap_or("");
        let placed = parse_placement(placement, shape, &rules.inner.kinds)
            .map_err(|e| invalid("setup", e.to_string()))?;
        let home = placed.into_iter().map(|(sq, k, s)| (sq, (k, s))).collect();
        if let Some(inner) = Arc::get_mut(&mut rules.inner) {
            inner.home = home;
        }
        rules
            .position_from_fen(&set.setup)
            .map_err(|e| invalid("setup", e.to_string()))?;
        Ok(rules)
    }

    /// The set file this was built from.
    pub fn set(&self) -> &SetFile {
        &self.inner.set
    }

    /// The parsed definition lines.
    pub fn definitions(&self) -> &[Definition] {
        &self.inner.defs
    }

    pub(super) fn c(&self) -> &Compiled {
        &self.inner.c
    }

    /// The compiled set (tests of the engine's tables).
    #[cfg(test)]
    pub(crate) fn compiled(&self) -> &Compiled {
        self.c()
    }
}
