//! The bad-input corpus (fixtures/positions/invalid/, indexed by expected.ron): every file
//! is refused by its reader with the expected error kind, and every `frozen` subcommand fed
//! the file fails cleanly (exit 1 or 2 with a message), or, for `play`, warns and goes on:
//! never a panic, never an abort.

mod common;

use common::*;
use frozen_core::{position_from_fen, position_from_ron, Game, GameError, ProblemKind, Rules};
use frozen_core::{Problem, VariantVisitor};
use serde::Deserialize;
use std::path::{Path, PathBuf};

#[derive(Deserialize)]
struct Case {
    file: String,
    variant: String,
    kind: ProblemKind,
}

/// Which reader a file is for, from its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reader {
    Position,
    Game,
    PieceSet,
    Fen,
    Action,
    Divide,
}

fn reader(file: &str) -> Option<Reader> {
    Some(if file.ends_with(".game.ron") {
        Reader::Game
    } else if file.ends_with(".set.ron") {
        Reader::PieceSet
    } else if file.ends_with(".ron") {
        Reader::Position
    } else if file.ends_with(".fen") {
        Reader::Fen
    } else if file.ends_with(".action") {
        Reader::Action
    } else if file.ends_with(".divide") {
        Reader::Divide
    } else {
        return None;
    })
}

fn dir() -> PathBuf {
    repo_root().join("fixtures/positions/invalid")
}

/// The kind the library's reader reports for a text (`None`: read without error).
struct Read<'a> {
    text: &'a str,
    reader: Reader,
}

fn first(problems: &[Problem]) -> Option<ProblemKind> {
    problems.first().map(|p| p.kind)
}

impl VariantVisitor for Read<'_> {
    type Output = Option<ProblemKind>;
    fn visit<R: Rules + Clone>(self, rules: R) -> Option<ProblemKind> {
        match self.reader {
            Reader::Position => position_from_ron(&rules, self.text)
                .err()
                .and_then(|e| first(&e.problems)),
            Reader::Game => Game::from_ron(rules, self.text)
                .err()
                .and_then(|e| first(&e.problems)),
            Reader::Fen => position_from_fen(&rules, self.text.trim_end())
                .err()
                .and_then(|e| first(&e.problems)),
            Reader::Action => match Game::new(rules).apply_text(self.text.trim_end()) {
                Ok(_) => None,
                Err(GameError::Parse(_)) => Some(ProblemKind::Syntax),
                Err(GameError::Action(_)) => Some(ProblemKind::Rule),
            },
            Reader::Divide => frozen_perft::compare::parse_divide(self.text)
                .err()
                .map(|_| ProblemKind::Syntax),
            Reader::PieceSet => match frozen_variants::parlett::load_set(self.text) {
                Ok(_) => None,
                Err(frozen_variants::parlett::SetError::Invalid { .. }) => Some(ProblemKind::Rule),
                Err(_) => Some(ProblemKind::Syntax),
            },
        }
    }
}

fn walk(d: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(d).expect("readable").flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out.sort();
    out
}

/// True if a run ended cleanly: exit 0, 1 or 2, no panic, not killed by a signal.
fn clean(o: &Out) -> bool {
    (0..=2).contains(&o.code) && !o.stderr.contains("panicked")
}

/// Every way `frozen` can be handed the file, by reader: (arguments, standard input).
fn runs(path: &str, text: &str, variant: &str, r: Reader, svg: &str) -> Vec<(Vec<String>, String)> {
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<String>>();
    let one_line = text.trim_end().to_string();
    let mut out: Vec<(Vec<String>, String)> = Vec::new();
    let src: Vec<String> = match r {
        Reader::Position | Reader::Game => s(&["--position", path]),
        Reader::Fen => vec!["--fen".into(), one_line.clone()],
        Reader::PieceSet => s(&["--rules", path]),
        Reader::Action | Reader::Divide => Vec::new(),
    };
    let with = |head: &[&str], tail: &[&str]| [s(head), src.clone(), s(tail)].concat();
    if !src.is_empty() {
        out.push((with(&["show", variant], &[]), String::new()));
        out.push((with(&["show", variant], &["--json"]), String::new()));
        out.push((with(&["moves", variant], &["--json"]), String::new()));
        out.push((with(&["apply", variant], &["e2e4"]), String::new()));
        out.push((with(&["render", variant], &["--svg", svg]), String::new()));
        out.push((with(&["perft", variant, "1"], &[]), String::new()));
        out.push((with(&["play", variant], &[]), "1\nquit\n".into()));
    }
    match r {
        Reader::Position | Reader::Game | Reader::PieceSet => {
            out.push((s(&["check", path]), String::new()));
            out.push((s(&["check", path, "--variant", variant]), String::new()));
            out.push((s(&["play", variant, "--load", path]), "quit\n".into()));
        }
        Reader::Fen => {}
        Reader::Action => {
            let a = one_line.as_str();
            out.push((s(&["apply", variant, a]), String::new()));
            out.push((s(&["apply", variant, "--json", a]), String::new()));
            out.push((s(&["moves", variant, "--after", a]), String::new()));
            out.push((s(&["show", variant, "--after", a]), String::new()));
            out.push((
                s(&["render", variant, "--svg", svg, "--after", a]),
                String::new(),
            ));
            out.push((s(&["play", variant]), format!("{a}\nquit\n")));
        }
        Reader::Divide => {
            out.push((s(&["perft", "compare", variant, "1"]), text.to_string()));
        }
    }
    // Every file in the places where another reader is expected too.
    out.push((s(&["show", variant, "--position", path]), String::new()));
    out.push((s(&["check", path]), String::new()));
    let clipped: String = one_line.chars().take(4000).collect();
    out.push((s(&["parlett", "explain", &clipped]), String::new()));
    out
}

#[test]
fn every_bad_input_is_refused_with_its_kind_by_every_subcommand() {
    let index = std::fs::read_to_string(dir().join("expected.ron")).expect("expected.ron");
    let cases: Vec<Case> = ron::from_str(&index).expect("a valid index");
    let mut failures = Vec::new();
    // Every file is listed.
    for p in walk(&dir()) {
        let rel = p
            .strip_prefix(dir())
            .expect("under the folder")
            .to_string_lossy()
            .replace('\\', "/");
        if rel != "expected.ron" && !cases.iter().any(|c| c.file == rel) {
            failures.push(format!("{rel}: not listed in expected.ron"));
        }
    }
    // Every reader and every variant is covered.
    for r in [
        Reader::Position,
        Reader::Game,
        Reader::Fen,
        Reader::Action,
        Reader::Divide,
    ] {
        for v in variants() {
            if !cases
                .iter()
                .any(|c| c.variant == v && reader(&c.file) == Some(r))
            {
                failures.push(format!("no {r:?} file for {v}"));
            }
        }
    }
    if !cases
        .iter()
        .any(|c| reader(&c.file) == Some(Reader::PieceSet))
    {
        failures.push("no piece-set file".into());
    }
    let scratch = scratch("corpus");
    let svg = scratch.join("out.svg");
    let svg = svg.to_str().unwrap();
    for c in &cases {
        let Some(r) = reader(&c.file) else {
            failures.push(format!("{}: no reader for this file name", c.file));
            continue;
        };
        let path = dir().join(&c.file);
        let bytes = std::fs::read(&path).unwrap_or_default();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        match frozen_variants::visit(
            &c.variant,
            Read {
                text: &text,
                reader: r,
            },
        ) {
            Err(e) => failures.push(format!("{}: {e}", c.file)),
            Ok(None) => failures.push(format!("{}: read without error", c.file)),
            Ok(Some(k)) if k != c.kind => {
                failures.push(format!("{}: expected {:?}, got {k:?}", c.file, c.kind))
            }
            Ok(Some(_)) => {}
        }
        let p = path.to_str().unwrap();
        for (args, stdin) in runs(p, &text, &c.variant, r, svg) {
            let a: Vec<&str> = args.iter().map(String::as_str).collect();
            let o = frozen_in(&a, &stdin);
            if !clean(&o) {
                failures.push(format!(
                    "{}: frozen {args:?}: exit {}\n{}",
                    c.file, o.code, o.stderr
                ));
            }
            // Where the file is what the command reads, it must be refused.
            let reads_it = a.get(1) == Some(&c.variant.as_str())
                && !matches!(a[0], "play")
                && (a.contains(&"--position") && r == Reader::Position
                    || a.contains(&"--fen")
                    || a.contains(&"--rules") && a[0] != "perft"
                    || r == Reader::Action && a[0] != "play");
            if reads_it && o.code == 0 {
                failures.push(format!("{}: frozen {args:?} succeeded", c.file));
            }
            if a[0] == "perft" && a.get(1) == Some(&"compare") && o.code != 2 {
                failures.push(format!("{}: perft compare: exit {}", c.file, o.code));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
