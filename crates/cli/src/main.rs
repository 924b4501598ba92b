//! `frozen`: the command-line tool of the frozen rules engine.
//!
//! Every subcommand that works on a variant is a generic [`frozen_core::VariantVisitor`]:
//! the variant is chosen by name through `frozen_variants::visit`, and no rule logic lives
//! here. Exit codes: 0 success, 1 failure (bad input data, illegal action, invalid file),
//! 2 usage error (unknown variant, bad options).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod board;
mod check;
mod cmd;
mod common;
mod error;
mod events;
mod json;
mod parlett;
mod play;
mod render;

use clap::{CommandFactory, Parser, Subcommand};
use common::PositionArgs;
use error::{CliError, CliResult, EXIT_FAILURE};
use std::path::PathBuf;

/// Rules engine for chess variants of the FrozenChess family.
#[derive(Parser, Debug)]
#[command(
    name = "frozen",
    version,
    about = "Rules engine for chess variants of the FrozenChess family",
    after_help = "Examples:\n  frozen variants\n  frozen show <variant>\n  frozen moves <variant> --json\n  frozen apply <variant> <action> <action>\n  frozen play <variant> --vs random --seed 7\n  frozen parlett explain \"~1/2\"\n\nSee docs/cli.md for more."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the registered variants: name, board size, description.
    #[command(after_help = "Examples:\n  frozen variants")]
    Variants,
    /// Show a position: the board, the side to act and all state in a legend.
    #[command(
        after_help = "Examples:\n  frozen show <variant>\n  frozen show <variant> --ascii\n  \
        frozen show <variant> --fen '<fen>'\n  frozen show <variant> --position pos.ron --ron\n  \
        frozen show <variant> --after e2e4 e7e5 --json"
    )]
    Show {
        /// Variant name (see `frozen variants`).
        variant: String,
        #[command(flatten)]
        pos: PositionArgs,
        /// Letters instead of chess figurines.
        #[arg(long)]
        ascii: bool,
        /// Print the position as RON instead of the board.
        #[arg(long, conflicts_with = "json")]
        ron: bool,
        /// Print the whole position as JSON (schema in docs/cli.md) instead of the board.
        #[arg(long)]
        json: bool,
        /// Apply these actions first (canonical text or SAN).
        #[arg(long, value_name = "ACTION", num_args = 1..)]
        after: Vec<String>,
    },
    /// List every legal action, one per line in canonical text.
    #[command(
        after_help = "Examples:\n  frozen moves <variant>\n  frozen moves <variant> --from e2\n  \
        frozen moves <variant> --json --fen '<fen>'\n  frozen moves <variant> --after e2e4 --from e7"
    )]
    Moves {
        /// Variant name (see `frozen variants`).
        variant: String,
        #[command(flatten)]
        pos: PositionArgs,
        /// Only the actions that start from this square.
        #[arg(long, value_name = "SQUARE")]
        from: Option<String>,
        /// JSON: kind, path, piece, arg, text and the events of each action.
        #[arg(long)]
        json: bool,
        /// Apply these actions first (canonical text or SAN).
        #[arg(long, value_name = "ACTION", num_args = 1..)]
        after: Vec<String>,
    },
    /// Apply actions in order and print the resulting position and the events.
    #[command(after_help = "Examples:\n  frozen apply <variant> e2e4 e7e5\n  \
        frozen apply <variant> --fen '<fen>' e1g1 --ron > pos.ron\n  frozen apply <variant> --json e2e4")]
    Apply {
        /// Variant name (see `frozen variants`).
        variant: String,
        #[command(flatten)]
        pos: PositionArgs,
        /// Print the resulting position as RON (loadable with --position) instead of FEN.
        #[arg(long)]
        ron: bool,
        /// Print the result as JSON (actions with events, fen, result, the whole position).
        #[arg(long, conflicts_with = "ron")]
        json: bool,
        /// Actions in canonical text (as `frozen moves` prints them).
        #[arg(required = true, value_name = "ACTION")]
        actions: Vec<String>,
    },
    /// Play an interactive game on stdin/stdout (works with scripted input).
    #[command(
        after_help = "Examples:\n  frozen play <variant>\n  frozen play <variant> --vs random --seed 7\n  \
        printf 'list\\n1\\nsave g.ron\\nquit\\n' | frozen play <variant> --vs random\n  \
        frozen play <variant> --load g.ron\n\nCommands in the game: an action, a number from `list`, \
        list, board, undo, save <file>, load <file>, help, quit."
    )]
    Play {
        /// Variant name (see `frozen variants`).
        variant: String,
        #[command(flatten)]
        pos: PositionArgs,
        /// Opponent: `random` plays random legal actions.
        #[arg(long, value_name = "OPPONENT", value_parser = ["random"])]
        vs: Option<String>,
        /// The side you play against the opponent (needs --vs).
        #[arg(long, value_name = "SIDE", value_parser = ["white", "black"], default_value = "white", requires = "vs")]
        side: String,
        /// Seed of the random opponent (same seed, same answers).
        #[arg(long, value_name = "N", default_value_t = 1)]
        seed: u64,
        /// Continue a saved game (RON game file written by `save`).
        #[arg(long, value_name = "FILE", conflicts_with_all = ["fen", "position", "start"])]
        load: Option<PathBuf>,
        /// Letters instead of chess figurines.
        #[arg(long)]
        ascii: bool,
    },
    /// Draw a position as SVG.
    #[command(
        after_help = "Examples:\n  frozen render <variant> --svg board.svg\n  \
        frozen render <variant> --fen '<fen>' --svg - > board.svg\n  frozen render <variant> --after e2e4 --svg b.svg"
    )]
    Render {
        /// Variant name (see `frozen variants`).
        variant: String,
        #[command(flatten)]
        pos: PositionArgs,
        /// Apply these actions first.
        #[arg(long, value_name = "ACTION", num_args = 1..)]
        after: Vec<String>,
        /// Output file (`-` for stdout).
        #[arg(long, value_name = "FILE", required = true)]
        svg: PathBuf,
    },
    /// Validate position, game or piece-set files; prints every problem with its location.
    #[command(
        after_help = "Examples:\n  frozen check pos.ron\n  frozen check game.ron --variant <variant>\n  \
        frozen check fixtures/positions/*.ron"
    )]
    Check {
        /// Files to check.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// The variant, when the file has no `variant:` field.
        #[arg(long, value_name = "NAME", conflicts_with = "rules")]
        variant: Option<String>,
        /// Check positions and games of this user piece set (RON).
        #[arg(long, value_name = "FILE")]
        rules: Option<PathBuf>,
    },
    /// Count action sequences to a depth (perft), the `perft` tool of the frozen-perft crate.
    #[command(
        after_help = "Examples:\n  frozen perft <variant> 3\n  frozen perft <variant> 2 --divide --fen '<fen>'\n  \
        frozen perft list\n  frozen perft fixtures"
    )]
    Perft(PerftCmd),
    /// Parlett notation tools (the movement notation of the piece-set variants).
    #[command(
        after_help = "Examples:\n  frozen parlett explain \"~1/2\"\n  frozen parlett explain \"N: ~1/2\" --from b1\n  \
        frozen parlett explain \"1X, ~2+\" --from f6 --board 12x12"
    )]
    Parlett {
        #[command(subcommand)]
        command: ParlettCommand,
    },
    /// Print a shell completion script.
    #[command(
        after_help = "Examples:\n  frozen completions bash > /etc/bash_completion.d/frozen\n  \
        frozen completions zsh > ~/.zfunc/_frozen\n  frozen completions fish > ~/.config/fish/completions/frozen.fish"
    )]
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

/// `frozen perft`: the perft crate's command line, plus `--rules`.
#[derive(clap::Args, Debug)]
struct PerftCmd {
    /// Count a user piece set (RON, Parlett notation) instead of a registered variant;
    /// name the set (or a piece-set variant) as the variant. Works with a count, `split`,
    /// `run`, `merge` and `compare`.
    #[arg(long, value_name = "FILE", global = true)]
    rules: Option<PathBuf>,
    #[command(flatten)]
    cli: frozen_perft::cli::Cli,
}

/// Subcommands of `frozen parlett`.
#[derive(Subcommand, Debug)]
enum ParlettCommand {
    /// Explain a definition: its parse tree and, per alternative, a board marking where a
    /// White piece on --from can move (m), capture (x) or both (*).
    #[command(
        after_help = "Examples:\n  frozen parlett explain \"~1/2\"\n  frozen parlett explain \"K: 1*\" --from e1\n  \
        frozen parlett explain \"n+\" --from a1 --board 12x12"
    )]
    Explain {
        /// A definition (`N: ~1/2`) or a move expression (`~1/2`).
        #[arg(allow_hyphen_values = true)]
        notation: String,
        /// Where the piece stands.
        #[arg(long, value_name = "SQUARE", default_value = "d4")]
        from: String,
        /// The board, WxH.
        #[arg(long, value_name = "WxH", default_value = "8x8")]
        board: String,
    },
}

/// Runs `visitor` on the variant called `name`, turning an unknown name into a usage error.
/// With `rules_file` (`--rules`), the rules are the user piece set in that file.
fn on_variant<V: frozen_core::VariantVisitor<Output = CliResult>>(
    name: &str,
    rules_file: Option<&std::path::Path>,
    visitor: V,
) -> CliResult {
    if let Some(path) = rules_file {
        return visitor.visit(set_for(name, path)?);
    }
    frozen_variants::visit(name, visitor).map_err(|e| {
        if frozen_variants::VARIANTS.is_empty() {
            CliError::usage(format!(
                "unknown variant {name:?}: no variant is registered in this build"
            ))
        } else {
            CliError::usage(format!("{e}\nhint: `frozen variants` lists them"))
        }
    })?
}

/// Runs the perft command line of the frozen-perft crate on the process's streams; with
/// `--rules`, counts the user piece set through the same code.
fn run_perft(p: &PerftCmd) -> CliResult<u8> {
    use std::io::IsTerminal;
    let stdin = std::io::stdin();
    let stdin_is_terminal = stdin.is_terminal();
    let mut stdin = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let stderr = std::io::stderr();
    let err_is_terminal = stderr.is_terminal();
    let mut err = stderr.lock();
    let mut io = frozen_perft::cli::Io {
        stdin: &mut stdin,
        stdin_is_terminal,
        out: &mut out,
        err: &mut err,
        err_is_terminal,
    };
    let Some(path) = &p.rules else {
        return Ok(p.cli.run_with(&mut io));
    };
    use frozen_perft::cli::Command as Perft;
    // The identity written into split files covers the set's text, so units of one set
    // are never run with another set of the same name.
    let id_of = |set: &frozen_variants::parlett::ParlettRules| {
        let text = std::fs::read_to_string(path).map_err(|e| {
            CliError::fail(format!("cannot read the piece set {}: {e}", path.display()))
        })?;
        Ok::<_, CliError>(frozen_perft::split::RulesId::with_source(set, Some(&text)))
    };
    match &p.cli.command {
        None => {
            let name = p.cli.count.variant.as_deref().unwrap_or("");
            let set = set_for(name, path)?;
            Ok(frozen_perft::cli::count_with_rules(
                &set,
                &p.cli.count,
                &mut io,
            ))
        }
        Some(Perft::Split(a)) => {
            let set = set_for(&a.variant, path)?;
            let id = id_of(&set)?;
            Ok(frozen_perft::cli::split_with_rules(&set, &id, a, &mut io))
        }
        Some(Perft::Run(a)) => {
            let set = common::load_piece_set(path)?;
            let id = id_of(&set)?;
            let failed = frozen_perft::cli::run_with_rules(&set, &id, &a.units, a, &mut io);
            if failed > 0 {
                return Err(CliError::fail(format!("{failed} unit(s) not counted")));
            }
            Ok(0)
        }
        Some(Perft::Compare(a)) => {
            let set = set_for(&a.variant, path)?;
            Ok(frozen_perft::cli::compare_with_rules(&set, a, &mut io))
        }
        // Merging reads only the split's files: the set is not needed.
        Some(Perft::Merge(_)) => Ok(p.cli.run_with(&mut io)),
        Some(Perft::Fixtures(_) | Perft::List) => Err(CliError::usage(
            "--rules counts a user piece set with a count, `split`, `run`, `merge` or \
             `compare`; `perft fixtures` and `perft list` cover the registered variants only",
        )),
    }
}

/// Loads the user piece set of `--rules`, checking that `name` names it (or a registered
/// piece-set variant).
fn set_for(
    name: &str,
    path: &std::path::Path,
) -> CliResult<frozen_variants::parlett::ParlettRules> {
    let set = common::load_piece_set(path)?;
    let set_name = frozen_core::Rules::name(&set).to_string();
    if set_name != name && frozen_variants::parlett::builtin_rules(name).is_none() {
        return Err(CliError::usage(format!(
            "the piece set in {} is named {set_name:?}; name it (or a piece-set variant: \
             fide, normal-chess, fairy-chess) instead of {name:?}",
            path.display()
        )));
    }
    Ok(set)
}

fn run(cli: Cli) -> CliResult {
    match cli.command {
        Command::Variants => cmd::variants(),
        Command::Show {
            variant,
            pos,
            ascii,
            ron,
            json,
            after,
        } => on_variant(
            &variant,
            pos.rules.clone().as_deref(),
            cmd::Show {
                pos,
                ascii,
                ron,
                json,
                after,
            },
        ),
        Command::Moves {
            variant,
            pos,
            from,
            json,
            after,
        } => on_variant(
            &variant,
            pos.rules.clone().as_deref(),
            cmd::Moves {
                pos,
                from,
                json,
                after,
            },
        ),
        Command::Apply {
            variant,
            pos,
            ron,
            json,
            actions,
        } => on_variant(
            &variant,
            pos.rules.clone().as_deref(),
            cmd::Apply {
                pos,
                ron,
                json,
                actions,
            },
        ),
        Command::Play {
            variant,
            pos,
            vs,
            side,
            seed,
            load,
            ascii,
        } => on_variant(
            &variant,
            pos.rules.clone().as_deref(),
            play::Play {
                pos,
                random: vs.is_some(),
                human_black: side == "black",
                seed,
                load,
                ascii,
            },
        ),
        Command::Render {
            variant,
            pos,
            after,
            svg,
        } => on_variant(
            &variant,
            pos.rules.clone().as_deref(),
            render::Render { pos, after, svg },
        ),
        Command::Check {
            files,
            variant,
            rules,
        } => check::check(&files, variant.as_deref(), rules.as_deref()),
        Command::Parlett {
            command:
                ParlettCommand::Explain {
                    notation,
                    from,
                    board,
                },
        } => parlett::explain(&notation, &from, &board),
        Command::Perft(p) => {
            let code = run_perft(&p)?;
            if code != 0 {
                std::process::exit(i32::from(code));
            }
            Ok(())
        }
        Command::Completions { shell } => {
            let mut cmd = Cli::command();
            let mut buf = Vec::new();
            clap_complete::generate(shell, &mut cmd, "frozen", &mut buf);
            common::emit(&String::from_utf8_lossy(&buf))
        }
    }
}

fn main() {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            // Help and version go to stdout with exit 0; usage errors to stderr with exit 2.
            let _ = e.print();
            std::process::exit(e.exit_code());
        }
    };
    if let Err(e) = run(cli) {
        crate::common::warn(&format!("error: {}", e.message));
        std::process::exit(if e.code == 0 { EXIT_FAILURE } else { e.code });
    }
}
