//! `frozen play`: an interactive game on stdin/stdout, line by line, so it works the
//! same with a terminal and with scripted input.

use crate::board::show_text;
use crate::cmd::refusal;
use crate::common::{actor, emit, load_position, read_text, Glyphs, PositionArgs};
use crate::error::{CliError, CliResult};
use crate::events::event_text;
use frozen_core::harness::Rng;
use frozen_core::{Game, Rules, Side, VariantVisitor};
use std::io::BufRead;
use std::path::PathBuf;

/// Most actions the random opponent plays in a row before handing back (a turn of many legs).
const MAX_OPPONENT_ACTIONS: usize = 1000;

const HELP: &str = "commands:
  <action>       play an action in canonical text (e.g. e2e4, drop:N@e4, deny)
  <number>       play the action with that number in `list`
  list           number the legal actions
  board          show the board again
  undo           take back the last action (against an opponent: back to your turn)
  save <file>    write the game as RON (start position and actions)
  load <file>    continue a game saved with `save`
  help           this text
  quit           leave (end of input does the same)
";

/// `frozen play`.
#[derive(Debug)]
pub struct Play {
    /// Position source (when not loading a game).
    pub pos: PositionArgs,
    /// A random opponent plays the other side.
    pub random: bool,
    /// The human plays Black against the opponent.
    pub human_black: bool,
    /// Opponent seed.
    pub seed: u64,
    /// Saved game to continue.
    pub load: Option<PathBuf>,
    /// Letters only.
    pub ascii: bool,
}

struct Session<R: Rules> {
    game: Game<R>,
    glyphs: Glyphs,
    opponent: Option<(Side, Rng)>,
}

fn say(s: &str) {
    // A closed stdout ends the game at the next read; nothing useful to do here.
    let _ = emit(s);
}

fn load_game<R: Rules + Clone>(rules: &R, path: &std::path::Path) -> CliResult<Game<R>> {
    let text = read_text(path)?;
    Game::from_ron(rules.clone(), &text).map_err(|e| {
        let mut msg =
            crate::common::problems_text(&format!("cannot load game {}", path.display()), &e);
        if e.kind() == Some(frozen_core::ProblemKind::WrongFile) {
            msg.push_str(&format!(
                "\nhint: to start from a position file, `frozen play {} --position {}`",
                rules.name(),
                path.display()
            ));
        }
        CliError::fail(msg)
    })
}

impl<R: Rules + Clone> Session<R> {
    fn board(&self) {
        let pos = self.game.position();
        let mut s = show_text(self.game.rules(), pos, self.glyphs);
        if pos.result().is_none() {
            let side = actor(pos);
            if self.opponent.as_ref().is_some_and(|(o, _)| *o == side) {
                s.push_str(&format!("{side} (the random opponent) to act\n"));
            } else {
                s.push_str(&format!(
                    "{side} to act; type an action, a number from `list`, or `help`\n"
                ));
            }
        }
        say(&s);
    }

    fn play_action(&mut self, text: &str, who: &str) -> bool {
        match self.game.apply_text(text) {
            Ok(events) => {
                let events = events.to_vec();
                let played = self
                    .game
                    .history()
                    .last()
                    .map_or(text.to_string(), |p| p.text.clone());
                let mut s = format!("{who}{played}\n");
                for e in &events {
                    s.push_str(&format!(
                        "  {}\n",
                        event_text(self.game.rules(), self.game.position(), self.glyphs, e)
                    ));
                }
                say(&s);
                true
            }
            Err(e) => {
                crate::common::warn(&format!("error: {}", refusal(&self.game, text, &e)));
                false
            }
        }
    }

    /// Lets the opponent act while it is its turn.
    fn opponent_turn(&mut self) {
        let Some((side, _)) = &self.opponent else {
            return;
        };
        let side = *side;
        let mut n = 0;
        while self.game.result().is_none() && actor(self.game.position()) == side {
            let legal = self.game.actions();
            if legal.is_empty() {
                say(&format!("{side} has no legal action\n"));
                break;
            }
            let i = match &mut self.opponent {
                // The variant's kinds of action (Rules::action_kind): the same choice
                // as the harness's random play.
                Some((_, rng)) => frozen_core::harness::pick_action(
                    self.game.rules(),
                    self.game.position(),
                    &legal,
                    rng,
                ),
                None => 0,
            };
            let text = self.game.format(&legal[i]);
            if !self.play_action(&text, "random plays ") {
                break;
            }
            n += 1;
            if n >= MAX_OPPONENT_ACTIONS {
                say("the opponent stops after 1000 actions in a row\n");
                break;
            }
        }
        if n > 0 {
            self.after_action();
        }
    }

    fn after_action(&self) {
        self.board();
        if let Some(o) = self.game.result() {
            say(&format!("game over: {o}\n(undo, save <file> or quit)\n"));
        }
    }

    fn list(&self) {
        let legal = self.game.actions();
        if legal.is_empty() {
            say("no legal action\n");
            return;
        }
        let mut s = String::new();
        for (i, a) in legal.iter().enumerate() {
            s.push_str(&format!("{:>4}. {}\n", i + 1, self.game.format(a)));
        }
        say(&s);
    }

    /// Takes back the last action; against an opponent, back to before your last action (its
    /// answers with it). Before your first action there is nothing of yours to take back.
    fn undo(&mut self) {
        let Some((opp, _)) = &self.opponent else {
            if self.game.undo().is_none() {
                say("nothing to undo\n");
            } else {
                say("undone\n");
                self.board();
            }
            return;
        };
        let opp = *opp;
        let mut undone = Vec::new();
        let mut yours = false;
        while let Some(a) = self.game.undo() {
            undone.push(a);
            if actor(self.game.position()) != opp {
                yours = true;
                break;
            }
        }
        if !yours {
            // Only the opponent's actions were there: put them back.
            for a in undone.iter().rev() {
                if self.game.apply(a).is_err() {
                    break;
                }
            }
            say("nothing to undo: you have not acted yet\n");
            return;
        }
        say("undone\n");
        self.board();
    }

    /// Handles one input line; returns false to stop.
    fn line(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (cmd, arg) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (line, ""),
        };
        match cmd {
            "" => {}
            "quit" | "exit" | "q" => return false,
            "help" | "?" => say(HELP),
            "list" | "ls" => self.list(),
            "board" | "show" => self.board(),
            "undo" => self.undo(),
            "save" if arg.is_empty() => {
                crate::common::warn("error: save needs a file name: save <file>")
            }
            "save" => match std::fs::write(arg, self.game.to_ron()) {
                Ok(()) => say(&format!("saved to {arg}\n")),
                Err(e) => crate::common::warn(&format!("error: cannot write {arg}: {e}")),
            },
            "load" if arg.is_empty() => {
                crate::common::warn("error: load needs a file name: load <file>")
            }
            "load" => match load_game(self.game.rules(), std::path::Path::new(arg)) {
                Ok(g) => {
                    self.game = g;
                    say(&format!("loaded {arg}\n"));
                    self.board();
                    self.opponent_turn();
                }
                Err(e) => crate::common::warn(&format!("error: {}", e.message)),
            },
            _ if cmd.bytes().all(|b| b.is_ascii_digit()) && arg.is_empty() => {
                let legal = self.game.actions();
                match cmd.parse::<usize>() {
                    Ok(n) if n >= 1 && n <= legal.len() => {
                        let text = self.game.format(&legal[n - 1]);
                        if self.play_action(&text, "") {
                            self.after_turn();
                        }
                    }
                    _ if self.game.result().is_some() => {
                        crate::common::warn("error: the game is over (undo, save <file> or quit)");
                    }
                    _ => crate::common::warn(&format!(
                        "error: no action number {cmd}: `list` numbers the {} legal actions",
                        legal.len()
                    )),
                }
            }
            _ if !arg.is_empty() => crate::common::warn(&format!(
                "error: unknown command {line:?}; type `help` for the commands"
            )),
            _ => {
                if self.play_action(cmd, "") {
                    self.after_turn();
                }
            }
        }
        true
    }

    fn after_turn(&mut self) {
        let opp_to_act = self.game.result().is_none()
            && self
                .opponent
                .as_ref()
                .is_some_and(|(s, _)| actor(self.game.position()) == *s);
        if opp_to_act {
            self.opponent_turn();
        } else {
            self.after_action();
        }
    }
}

impl VariantVisitor for Play {
    type Output = CliResult;
    fn visit<R: Rules + Clone>(self, rules: R) -> CliResult {
        let game = match &self.load {
            Some(path) => load_game(&rules, path)?,
            None => {
                let start = load_position(&rules, &self.pos)?;
                Game::from_position(rules.clone(), start)
            }
        };
        let human = if self.human_black {
            Side::Black
        } else {
            Side::White
        };
        let mut s = Session {
            glyphs: Glyphs::new(rules.kinds(), self.ascii),
            game,
            opponent: self.random.then(|| (human.opposite(), Rng::new(self.seed))),
        };
        say(&format!(
            "frozen play {}{}; type `help` for the commands\n",
            rules.name(),
            if self.random {
                format!(
                    " against a random opponent (seed {}), you play {human}",
                    self.seed
                )
            } else {
                String::new()
            }
        ));
        s.board();
        s.opponent_turn();
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match input.read_until(b'\n', &mut buf) {
                Ok(0) => break,
                Ok(_) => {
                    if !s.line(&String::from_utf8_lossy(&buf)) {
                        break;
                    }
                }
                Err(e) => {
                    return Err(CliError::fail(format!("cannot read input: {e}")));
                }
            }
        }
        say("bye\n");
        Ok(())
    }
}
