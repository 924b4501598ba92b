//! Shared pieces of the subcommands: where a position comes from, file reading
//! with limits, problem lists, unit labels and writing to stdout.

use crate::error::{CliError, CliResult};
use clap::Args;
use frozen_core::{
    position_from_ron, KindSet, LoadError, Location, Position, ProblemKind, Rules, Side, UnitId,
};
use frozen_variants::parlett::{load_set, ParlettRules};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Largest file the CLI reads (positions, games, piece sets).
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// Where the position comes from: the variant's start (default), a FEN, or a RON file.
#[derive(Args, Debug, Clone, Default)]
pub struct PositionArgs {
    /// Start from this FEN (the variant's own FEN; `frozen show <variant>` prints the start FEN).
    #[arg(long, value_name = "FEN", conflicts_with_all = ["position", "start"])]
    pub fen: Option<String>,
    /// Start from a position file in RON (see `docs/cli.md`; `frozen apply --ron` writes one).
    #[arg(long, value_name = "FILE", conflicts_with = "start")]
    pub position: Option<PathBuf>,
    /// Start from the variant's initial position (the default).
    #[arg(long)]
    pub start: bool,
    /// A user piece set in RON (Parlett notation; see the fide, normal-chess and
    /// fairy-chess sets): play with its rules instead of the registered ones. Name the
    /// set's own `name`, or a registered piece-set variant, as the variant.
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
}

/// Loads a user piece set from a file, for `--rules`.
pub fn load_piece_set(path: &Path) -> CliResult<ParlettRules> {
    let text = read_text(path)?;
    load_set(&text).map_err(|e| {
        CliError::fail(format!(
            "bad piece set {}: {e}\nhint: `frozen check {}` lists the problem; \
             `frozen parlett explain \"<definition>\"` shows what a definition does",
            path.display(),
            path.display()
        ))
    })
}

/// Reads a text file of at most [`MAX_FILE_BYTES`], with errors that name the file.
pub fn read_text(path: &Path) -> CliResult<String> {
    let meta = std::fs::metadata(path)
        .map_err(|e| CliError::fail(format!("cannot read {}: {e}", path.display())))?;
    if meta.is_dir() {
        return Err(CliError::fail(format!(
            "cannot read {}: it is a directory, give a file",
            path.display()
        )));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(CliError::fail(format!(
            "cannot read {}: {} bytes, the limit is {MAX_FILE_BYTES}",
            path.display(),
            meta.len()
        )));
    }
    let bytes = std::fs::read(path)
        .map_err(|e| CliError::fail(format!("cannot read {}: {e}", path.display())))?;
    String::from_utf8(bytes).map_err(|e| {
        CliError::fail(format!(
            "cannot read {}: not UTF-8 text (invalid byte at offset {})",
            path.display(),
            e.utf8_error().valid_up_to()
        ))
    })
}

/// Formats the problems of a failed load, one per line under a heading; at most `limit`
/// of them (with a count of the rest), or all with `usize::MAX`.
pub fn problems_text_limited(what: &str, err: &LoadError, limit: usize) -> String {
    let mut s = format!("{what}: {} problem(s)", err.problems.len());
    for p in err.problems.iter().take(limit) {
        s.push_str(&format!("\n  {}: {} ({:?})", p.location, p.message, p.kind));
    }
    if err.problems.len() > limit {
        s.push_str(&format!(
            "\n  ... and {} more (`frozen check` lists them all)",
            err.problems.len() - limit
        ));
    }
    s
}

/// Formats every problem of a failed load, one per line, under a heading.
pub fn problems_text(what: &str, err: &LoadError) -> String {
    problems_text_limited(what, err, usize::MAX)
}

/// Shortens text for an error message (at most `max` characters, with `...`).
pub fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(max).collect();
        s.push_str("...");
        s
    }
}

/// Loads the position chosen by `args` for `rules`.
pub fn load_position<R: Rules>(rules: &R, args: &PositionArgs) -> CliResult<Position<R::State>> {
    if let Some(fen) = &args.fen {
        return frozen_core::position_from_fen(rules, fen).map_err(|e| {
            CliError::fail(format!(
                "{}\nhint: `frozen show {} --start` prints the FEN of the initial position",
                problems_text_limited(&format!("bad FEN {:?}", clip(fen, 80)), &e, 20),
                rules.name()
            ))
        });
    }
    if let Some(path) = &args.position {
        let text = read_text(path)?;
        return position_from_ron(rules, &text).map_err(|e| {
            let hint = if e.kind() == Some(ProblemKind::WrongFile) {
                format!(
                    "hint: to continue a saved game, `frozen play {} --load {}`",
                    rules.name(),
                    path.display()
                )
            } else {
                format!(
                    "hint: `frozen check {}` lists the same problems; `frozen show {} --ron` \
                     writes a valid file",
                    path.display(),
                    rules.name()
                )
            };
            CliError::fail(format!(
                "{}\n{hint}",
                problems_text_limited(&format!("bad position file {}", path.display()), &e, 20),
            ))
        });
    }
    Ok(rules.initial_position())
}

/// Loads the position chosen by `args`, then applies `after` (actions in canonical text or
/// SAN) in order, as `--after` asks; a refused action names its place in the list.
pub fn load_position_after<R: Rules + Clone>(
    rules: &R,
    args: &PositionArgs,
    after: &[String],
) -> CliResult<Position<R::State>> {
    load_position_with_last(rules, args, after).map(|(p, _)| p)
}

/// [`load_position_after`], with the last action applied and the side that played it.
pub fn load_position_with_last<R: Rules + Clone>(
    rules: &R,
    args: &PositionArgs,
    after: &[String],
) -> CliResult<(Position<R::State>, Option<crate::render::LastAction>)> {
    let start = load_position(rules, args)?;
    if after.is_empty() {
        return Ok((start, None));
    }
    let mut game = frozen_core::Game::from_position(rules.clone(), start);
    let mut last = None;
    for (i, text) in after.iter().enumerate() {
        let side = actor(game.position());
        if let Err(e) = game.apply_text(text) {
            let msg = crate::cmd::refusal(&game, text, &e);
            return Err(CliError::fail(format!("--after action {}: {msg}", i + 1)));
        }
        last = game.history().last().map(|p| crate::render::LastAction {
            path: p.action.path.to_vec(),
            side,
        });
    }
    Ok((game.position().clone(), last))
}

/// The side that must decide now: the side of the first pending decision, else the side to act.
pub fn actor<S: frozen_core::VariantState>(pos: &Position<S>) -> Side {
    pos.pending().first().map_or(pos.to_move(), |p| p.side)
}

/// How units are written as text.
#[derive(Debug, Clone, Copy)]
pub struct Glyphs {
    /// Letters only (no Unicode chess figurines).
    pub ascii: bool,
    /// True if the case of a symbol can show the side (no two symbols differ only by case).
    pub case_shows_side: bool,
}

impl Glyphs {
    /// Glyph settings for a kind set.
    pub fn new(kinds: &KindSet, ascii: bool) -> Glyphs {
        let syms: Vec<char> = kinds.iter().map(|(_, k)| k.symbol).collect();
        let case_shows_side = syms.iter().enumerate().all(|(i, a)| {
            a.is_alphabetic()
                && !syms[..i]
                    .iter()
                    .any(|b| b.to_lowercase().eq(a.to_lowercase()))
        });
        Glyphs {
            ascii,
            case_shows_side,
        }
    }

    /// The letter of a unit: its kind's symbol, upper case for White, lower case for Black.
    /// When two symbols differ only by case, the FEN letter is used instead (always unique).
    pub fn letter(&self, kinds: &KindSet, kind: frozen_core::Kind, side: Side) -> char {
        if !self.case_shows_side {
            return kinds.fen_char(kind, side);
        }
        let c = kinds.symbol(kind);
        match side {
            Side::White => c.to_uppercase().next().unwrap_or(c),
            Side::Black => c.to_lowercase().next().unwrap_or(c),
        }
    }

    /// The board glyph of a unit: a chess figurine for the six classic kinds (by name) unless
    /// `ascii`, else its letter.
    pub fn glyph(&self, kinds: &KindSet, kind: frozen_core::Kind, side: Side) -> char {
        if !self.ascii {
            let white = side == Side::White;
            let fig = match kinds.name(kind).to_ascii_lowercase().as_str() {
                "king" => Some(if white { '♔' } else { '♚' }),
                "queen" => Some(if white { '♕' } else { '♛' }),
                "rook" => Some(if white { '♖' } else { '♜' }),
                "bishop" => Some(if white { '♗' } else { '♝' }),
                "knight" => Some(if white { '♘' } else { '♞' }),
                "pawn" => Some(if white { '♙' } else { '♟' }),
                _ => None,
            };
            if let Some(f) = fig {
                return f;
            }
        }
        self.letter(kinds, kind, side)
    }

    /// A short label of a unit: letter, id and where it stands, e.g. `N#3 e4`.
    pub fn label<S: frozen_core::VariantState>(
        &self,
        kinds: &KindSet,
        pos: &Position<S>,
        id: UnitId,
    ) -> String {
        match pos.get_unit(id) {
            None => format!("{id} (unknown unit)"),
            Some(u) => {
                let mut s = format!("{}{id}", self.letter(kinds, u.kind, u.side));
                if let Location::Board(sq) = u.loc {
                    s.push_str(&format!(" {sq}"));
                }
                s
            }
        }
    }
}

/// Writes a line to stderr, ignoring a closed stderr (nothing better to do with it).
pub fn warn(text: &str) {
    let _ = writeln!(std::io::stderr(), "{text}");
}

/// Writes text to stdout. A closed pipe (`frozen moves x | head`) ends output quietly.
pub fn emit(text: &str) -> CliResult {
    let stdout = std::io::stdout();
    let mut lock = stdout.lock();
    match lock.write_all(text.as_bytes()).and_then(|()| lock.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(CliError::fail(format!("cannot write to stdout: {e}"))),
    }
}

/// Describes a location in words, e.g. `tomb on e4`, `carried by #3 (slot 0)`.
pub fn location_text(loc: Location) -> String {
    match loc {
        Location::Board(sq) => format!("on {sq}"),
        Location::Shadow(sq) => format!("shadow on {sq}"),
        Location::Tomb(sq) => format!("in the tomb on {sq}"),
        Location::Carried { by, slot } => format!("carried by {by} (slot {slot})"),
        Location::Fused { base, slot } => format!("fused into {base} (slot {slot})"),
        Location::Exiled => "exiled".to_string(),
        Location::Captured(side) => format!("captured by {side}"),
        Location::Dead => "dead".to_string(),
        Location::Pool => "in the pool".to_string(),
    }
}

/// Owner turns a unit is still paralysed for, counted from its owner's current turn (if the
/// owner acts now) or next turn: 0 when not paralysed. `frozen_through` is an owner-turn
/// number and `pos.turns()` counts the turns each side has started.
pub fn paralysis_left<S: frozen_core::VariantState>(pos: &Position<S>, id: UnitId) -> u32 {
    let Some(u) = pos.get_unit(id) else {
        return 0;
    };
    let through = u.status.frozen_through;
    if through == 0 {
        return 0;
    }
    let started = pos.turns()[u.side];
    let first = if pos.to_move() == u.side {
        started
    } else {
        started.saturating_add(1)
    };
    if through >= first {
        (through - first).saturating_add(1)
    } else {
        0
    }
}
