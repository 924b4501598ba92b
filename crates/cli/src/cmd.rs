//! `variants`, `show`, `moves` and `apply`.

use crate::board::show_text;
use crate::common::{emit, load_position, load_position_after, Glyphs, PositionArgs};
use crate::error::{CliError, CliResult};
use crate::events::event_text;
use crate::json;
use frozen_core::{
    position_to_ron, Action, ActionError, Game, GameError, Position, Rules, Square, VariantVisitor,
};

/// `frozen variants`.
pub fn variants() -> CliResult {
    let list = frozen_variants::VARIANTS;
    if list.is_empty() {
        return emit("no variant is registered in this build\n");
    }
    let w = list.iter().map(|v| v.name.len()).max().unwrap_or(0);
    let b = list.iter().map(|v| v.board.len()).max().unwrap_or(0);
    let mut s = String::new();
    for v in list {
        s.push_str(&format!(
            "{:<w$}  {:<b$}  {}\n",
            v.name, v.board, v.description
        ));
    }
    emit(&s)
}

/// `frozen show`.
#[derive(Debug)]
pub struct Show {
    /// Position source.
    pub pos: PositionArgs,
    /// Letters only.
    pub ascii: bool,
    /// RON instead of the board.
    pub ron: bool,
    /// JSON instead of the board.
    pub json: bool,
    /// Actions to apply first.
    pub after: Vec<String>,
}

impl VariantVisitor for Show {
    type Output = CliResult;
    fn visit<R: Rules + Clone>(self, rules: R) -> CliResult {
        let pos = load_position_after(&rules, &self.pos, &self.after)?;
        if self.json {
            let out = json::ShowJson {
                schema_version: json::SCHEMA_VERSION,
                variant: rules.name().to_string(),
                position: json::position(&rules, &pos),
                state: rules.describe_state(&pos),
            };
            return emit(&json::to_line(&out)?);
        }
        if self.ron {
            let mut s = position_to_ron(&rules, &pos);
            s.push('\n');
            return emit(&s);
        }
        let glyphs = Glyphs::new(rules.kinds(), self.ascii);
        let mut s = format!("{} ({})\n", rules.name(), pos.shape());
        s.push_str(&show_text(&rules, &pos, glyphs));
        emit(&s)
    }
}

/// Parses a square given on the command line (a usage error if malformed).
pub fn parse_square_arg(text: &str, what: &str) -> CliResult<Square> {
    text.parse::<Square>().map_err(|e| {
        CliError::usage(format!(
            "{what} {text:?} is not a square name ({e}); write it like e2 or p16"
        ))
    })
}

/// `frozen moves`.
#[derive(Debug)]
pub struct Moves {
    /// Position source.
    pub pos: PositionArgs,
    /// Only actions from this square.
    pub from: Option<String>,
    /// JSON output.
    pub json: bool,
    /// Actions to apply first.
    pub after: Vec<String>,
}

impl VariantVisitor for Moves {
    type Output = CliResult;
    fn visit<R: Rules + Clone>(self, rules: R) -> CliResult {
        let from = match &self.from {
            Some(t) => Some(parse_square_arg(t, "--from")?),
            None => None,
        };
        let pos = load_position_after(&rules, &self.pos, &self.after)?;
        let mut list = Vec::new();
        rules.actions(&pos, &mut list);
        if let Some(f) = from {
            list.retain(|a| a.from() == Some(f));
        }
        if self.json {
            let mut items = Vec::new();
            for a in &list {
                let text = rules.format_action(&pos, a);
                let events = events_of(&rules, &pos, a);
                items.push(json::action(rules.kinds(), a, &text, &events));
            }
            let out = json::MovesJson {
                schema_version: json::SCHEMA_VERSION,
                variant: rules.name().to_string(),
                result: pos.result().map(Into::into),
                actions: items,
            };
            return emit(&json::to_line(&out)?);
        }
        let mut s = String::new();
        for a in &list {
            s.push_str(&rules.format_action(&pos, a));
            s.push('\n');
        }
        emit(&s)?;
        if list.is_empty() {
            let why = match pos.result() {
                Some(o) => format!("no legal action: the game is over, {o}"),
                None => match from {
                    Some(f) => format!("no legal action starts from {f}"),
                    None => "no legal action".to_string(),
                },
            };
            crate::common::warn(&why);
        }
        Ok(())
    }
}

/// The events `action` produces, applied on a clone of `pos` as `apply` applies it (an end
/// of the game it causes included).
pub fn events_of<R: Rules>(
    rules: &R,
    pos: &Position<R::State>,
    action: &Action,
) -> Vec<frozen_core::Event> {
    let mut p = pos.clone();
    let mut ev = Vec::new();
    match frozen_core::apply(rules, &mut p, action, &mut ev) {
        Ok(_) => ev,
        Err(_) => Vec::new(),
    }
}

/// Explains why an action text was refused in the current position of `game`: the reason,
/// and the legal actions from the same square (or all of them when no square is known).
pub fn refusal<R: Rules>(game: &Game<R>, text: &str, err: &GameError) -> String {
    let pos = game.position();
    let rules = game.rules();
    let mut msg = match err {
        GameError::Parse(e) => format!(
            "cannot read action {:?}: column {}: {}",
            crate::common::clip(text, 80),
            e.column,
            e.reason
        ),
        GameError::Action(ActionError::Illegal { action, reason }) => {
            format!("illegal action {action}: {reason}")
        }
        GameError::Action(ActionError::GameOver(o)) => {
            format!(
                "cannot play {:?}: the game is over ({o})",
                crate::common::clip(text, 80)
            )
        }
    };
    if pos.result().is_some() {
        return msg;
    }
    let from = match err {
        GameError::Parse(_) => leading_square(text),
        GameError::Action(_) => game.read_text(text).ok().and_then(|a| a.from()),
    };
    let legal = game.actions();
    match from {
        Some(f) => {
            let same: Vec<String> = legal
                .iter()
                .filter(|a| a.from() == Some(f))
                .map(|a| game.format(a))
                .collect();
            if same.is_empty() {
                msg.push_str(&format!(
                    "\nno legal action starts from {f} ({} to act)",
                    crate::common::actor(pos)
                ));
            } else {
                msg.push_str(&format!("\nlegal actions from {f}: {}", same.join(" ")));
            }
        }
        None => {
            let all: Vec<String> = legal.iter().take(40).map(|a| game.format(a)).collect();
            msg.push_str(&format!(
                "\nlegal actions: {}{}",
                all.join(" "),
                if legal.len() > 40 { " ..." } else { "" }
            ));
        }
    }
    msg.push_str(&format!(
        "\nhint: `frozen moves {}` lists every legal action",
        rules.name()
    ));
    msg
}

/// The square a text starts with (after an optional `keyword:` and piece prefix), if any.
fn leading_square(text: &str) -> Option<Square> {
    let t = text.trim();
    let t = t.split_once(':').map_or(t, |(_, r)| r);
    let t = t.split_once('@').map_or(t, |(_, r)| r);
    let b = t.as_bytes();
    if b.is_empty() || !b[0].is_ascii_lowercase() {
        return None;
    }
    let mut end = 1;
    while end < b.len() && end < 3 && b[end].is_ascii_digit() {
        end += 1;
    }
    // Prefer two-digit ranks when they form a valid square.
    (2..=end)
        .rev()
        .find_map(|e| t.get(..e).and_then(|s| s.parse::<Square>().ok()))
}

/// `frozen apply`.
#[derive(Debug)]
pub struct Apply {
    /// Position source.
    pub pos: PositionArgs,
    /// RON output.
    pub ron: bool,
    /// JSON output.
    pub json: bool,
    /// The actions.
    pub actions: Vec<String>,
}

impl VariantVisitor for Apply {
    type Output = CliResult;
    fn visit<R: Rules + Clone>(self, rules: R) -> CliResult {
        let start = load_position(&rules, &self.pos)?;
        let glyphs = Glyphs::new(rules.kinds(), true);
        let mut game = Game::from_position(rules, start);
        let n = self.actions.len();
        let mut text_out = String::new();
        let mut json_items = Vec::new();
        for (i, text) in self.actions.iter().enumerate() {
            let parsed = game.read_text(text).ok();
            match game.apply_text(text) {
                Ok(events) => {
                    let events = events.to_vec();
                    let pos = game.position();
                    let canon = game
                        .history()
                        .last()
                        .map_or(text.clone(), |p| p.text.clone());
                    if self.json {
                        if let Some(a) = &parsed {
                            json_items.push(json::action(game.rules().kinds(), a, &canon, &events));
                        }
                    } else {
                        let prefix = if self.ron { "// " } else { "" };
                        text_out.push_str(&format!("{prefix}{canon}\n"));
                        for e in &events {
                            text_out.push_str(&format!(
                                "{prefix}  {}\n",
                                event_text(game.rules(), pos, glyphs, e)
                            ));
                        }
                    }
                }
                Err(e) => {
                    let msg = refusal(&game, text, &e);
                    return Err(CliError::fail(format!("action {} of {n}: {msg}", i + 1)));
                }
            }
        }
        let rules = game.rules();
        let pos = game.position();
        if self.json {
            let out = json::ApplyJson {
                schema_version: json::SCHEMA_VERSION,
                variant: rules.name().to_string(),
                actions: json_items,
                fen: rules.to_fen(pos),
                result: pos.result().map(Into::into),
                position: json::position(rules, pos),
            };
            return emit(&json::to_line(&out)?);
        }
        if self.ron {
            text_out.push_str(&position_to_ron(rules, pos));
            text_out.push('\n');
            return emit(&text_out);
        }
        match rules.to_fen(pos) {
            Some(f) => text_out.push_str(&format!("fen: {f}\n")),
            None => {
                text_out.push_str("fen: none (FEN cannot express this position; use --ron)\n");
            }
        }
        if let Some(o) = pos.result() {
            text_out.push_str(&format!("result: {o}\n"));
        }
        emit(&text_out)
    }
}
