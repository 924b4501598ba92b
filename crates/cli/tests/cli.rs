//! End-to-end tests of the `frozen` binary: every subcommand with good and bad input,
//! run as a real process. Variant-specific cases iterate the registry, so the tests
//! follow whatever variants are registered.

mod common;

use common::*;
use frozen_core::{position_from_ron, Game, Rules, VariantVisitor};

const SUBCOMMANDS: &[&str] = &[
    "variants",
    "show",
    "moves",
    "apply",
    "play",
    "render",
    "check",
    "perft",
    "completions",
];

#[test]
fn every_subcommand_has_help_with_examples() {
    let o = frozen(&["--help"]);
    assert_ok(&o, "frozen --help");
    for sub in SUBCOMMANDS {
        assert!(o.stdout.contains(sub), "top-level help lists {sub}");
        let o = frozen(&[sub, "--help"]);
        assert_ok(&o, &format!("frozen {sub} --help"));
        assert!(
            o.stdout.contains("Examples:"),
            "frozen {sub} --help shows examples:\n{}",
            o.stdout
        );
    }
    assert_ok(&frozen(&["--version"]), "frozen --version");
}

#[test]
fn usage_errors_exit_2() {
    let any = variants().first().copied().unwrap_or("fc12").to_string();
    let cases: Vec<Vec<&str>> = vec![
        vec![],
        vec!["nosuchcommand"],
        vec!["show"],
        vec!["show", "no-such-variant"],
        vec!["moves", "no-such-variant"],
        vec!["apply", "no-such-variant", "e2e4"],
        vec!["play", "no-such-variant"],
        vec!["render", "no-such-variant", "--svg", "-"],
        vec!["perft", "no-such-variant", "1"],
        vec!["apply", &any],
        vec!["show", &any, "--fen", "x", "--start"],
        vec!["show", &any, "--fen", "x", "--position", "p.ron"],
        vec!["play", &any, "--vs", "nobody"],
        vec!["play", &any, "--side", "purple"],
        vec!["play", &any, "--seed", "-3"],
        vec!["render", &any],
        vec!["completions"],
        vec!["completions", "nosh"],
        vec!["check"],
        vec!["check", "--variant", "no-such-variant", "x.ron"],
        vec!["perft", &any, "notanumber"],
    ];
    for args in cases {
        let o = frozen(&args);
        assert_code(&o, 2, &format!("frozen {args:?}"));
    }
    for v in variants() {
        let o = frozen(&["moves", v, "--from", "z99"]);
        assert_code(&o, 2, "moves --from z99");
        assert!(o.stderr.contains("z99"), "{}", o.stderr);
    }
    let o = frozen(&["show", "no-such-variant"]);
    assert!(o.stderr.contains("no-such-variant"), "{}", o.stderr);
}

#[test]
fn variants_lists_the_registry() {
    let o = frozen(&["variants"]);
    assert_ok(&o, "frozen variants");
    for v in frozen_variants::VARIANTS {
        let line = o
            .stdout
            .lines()
            .find(|l| l.split_whitespace().next() == Some(v.name))
            .unwrap_or_else(|| panic!("{} listed in:\n{}", v.name, o.stdout));
        assert!(
            line.contains(v.board) && line.contains(v.description),
            "{line}"
        );
    }
}

#[test]
fn completions_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = frozen(&["completions", shell]);
        assert_ok(&o, shell);
        assert!(
            o.stdout.contains("frozen"),
            "{shell} script names the program"
        );
        assert!(
            o.stdout.contains("render"),
            "{shell} script knows the subcommands"
        );
    }
}

/// FC6-VISU-01: `show` gives each unit the range a player sees, as the picture's badge
/// does: a knight 3 and a king 1 (the stored range is 16 for every unit), a rook 16.
#[test]
fn show_fc6_prints_the_displayed_range() {
    let o = frozen(&["show", "fc6"]);
    assert_ok(&o, "show fc6");
    for want in [
        "status N#1 b1: range 3",
        "status K#8 i1: range 1",
        "status R#0 a1: range 16",
    ] {
        assert!(o.stdout.contains(want), "{want:?} in:\n{}", o.stdout);
    }
}

#[test]
fn show_every_variant() {
    let dir = scratch("show");
    for v in variants() {
        let f = facts(v, &[]);
        let o = frozen(&["show", v]);
        assert_ok(&o, "show");
        assert!(o.stdout.contains("to act: white"), "{}", o.stdout);
        if let Some(fen) = &f.fen {
            assert!(o.stdout.contains(&format!("fen: {fen}")), "{}", o.stdout);
            // The FEN reads back to the same board.
            let again = frozen(&["show", v, "--fen", fen]);
            assert_ok(&again, "show --fen");
            assert_eq!(again.stdout, o.stdout, "show --fen of the start FEN");
        }
        let ascii = frozen(&["show", v, "--ascii"]);
        assert_ok(&ascii, "show --ascii");
        let board: String = ascii.stdout.lines().take(20).collect();
        assert!(
            board.is_ascii(),
            "--ascii board is ASCII:\n{}",
            ascii.stdout
        );
        // The RON form is a loadable position file, identical to the library's.
        let ron = frozen(&["show", v, "--ron"]);
        assert_ok(&ron, "show --ron");
        assert_eq!(ron.stdout.trim_end(), f.ron.trim_end());
        let file = dir.join(format!("{v}.ron"));
        std::fs::write(&file, &ron.stdout).unwrap();
        let p = file.to_str().unwrap();
        let from_file = frozen(&["show", v, "--position", p]);
        assert_ok(&from_file, "show --position");
        assert_eq!(from_file.stdout, o.stdout);
        assert_ok(&frozen(&["check", p]), "check of show --ron");
        assert_ok(&frozen(&["show", v, "--start"]), "show --start");
    }
}

#[test]
fn bad_fen_and_files_fail_cleanly() {
    let dir = scratch("badfiles");
    let missing = dir.join("missing.ron");
    let folder = dir.join("folder");
    std::fs::create_dir_all(&folder).unwrap();
    let binary = dir.join("binary.ron");
    std::fs::write(&binary, [0xff, 0xfe, 0x00, 0x80, b'(']).unwrap();
    let deep = dir.join("deep.ron");
    std::fs::write(
        &deep,
        format!("{}{}", "(".repeat(50_000), ")".repeat(50_000)),
    )
    .unwrap();
    let empty = dir.join("empty.ron");
    std::fs::write(&empty, "").unwrap();
    for v in variants() {
        for fen in [
            "",
            "x",
            "/////",
            "99999999999999999999",
            "8/8/8 w",
            "w",
            "\u{1}",
        ] {
            let o = frozen(&["show", v, "--fen", fen]);
            assert_code(&o, 1, &format!("show --fen {fen:?}"));
        }
        for f in [&missing, &folder, &binary, &deep, &empty] {
            let p = f.to_str().unwrap();
            for sub in ["show", "moves", "perft"] {
                let o = if sub == "perft" {
                    frozen(&[sub, v, "1", "--position", p])
                } else {
                    frozen(&[sub, v, "--position", p])
                };
                assert_fails(&o, &format!("{sub} --position {p}"));
            }
        }
    }
}

#[test]
fn moves_agree_with_the_library() {
    for v in variants() {
        let f = facts(v, &[]);
        let o = frozen(&["moves", v]);
        assert_ok(&o, "moves");
        let listed: Vec<&str> = o.stdout.lines().collect();
        assert_eq!(
            listed, f.actions,
            "{v}: moves lists the legal actions in order"
        );
        // --from keeps exactly the actions starting there.
        if let Some(Some(sq)) = f.froms.iter().find(|s| s.is_some()) {
            let o = frozen(&["moves", v, "--from", sq]);
            assert_ok(&o, "moves --from");
            let want: Vec<&str> = f
                .actions
                .iter()
                .zip(&f.froms)
                .filter(|(_, s)| s.as_deref() == Some(sq.as_str()))
                .map(|(a, _)| a.as_str())
                .collect();
            assert_eq!(o.stdout.lines().collect::<Vec<_>>(), want);
        }
        // JSON: valid, one entry per action, with text, kind, path, piece, arg and events.
        let o = frozen(&["moves", v, "--json"]);
        assert_ok(&o, "moves --json");
        if let Err(at) = json_valid(&o.stdout) {
            panic!(
                "{v}: invalid JSON at byte {at}: {}",
                &o.stdout[at.saturating_sub(40)..]
            );
        }
        // Each action entry opens with its text (a note event has a "text" field too).
        assert_eq!(o.stdout.matches("{\"text\":").count(), f.actions.len());
        for key in [
            "\"kind\":",
            "\"path\":",
            "\"piece\":",
            "\"arg\":",
            "\"events\":",
        ] {
            assert_eq!(o.stdout.matches(key).count(), f.actions.len(), "{key}");
        }
        for a in &f.actions {
            assert!(
                o.stdout.contains(&format!("\"text\":\"{a}\"")),
                "{a} in JSON"
            );
        }
    }
}

#[test]
fn apply_plays_actions_like_the_library() {
    let dir = scratch("apply");
    for v in variants() {
        // Three plies of first legal actions.
        let mut played: Vec<String> = Vec::new();
        for _ in 0..3 {
            let f = facts(v, &played);
            match f.actions.first() {
                Some(a) => played.push(a.clone()),
                None => break,
            }
        }
        if played.is_empty() {
            continue;
        }
        let end = facts(v, &played);
        let mut args = vec!["apply", v];
        args.extend(played.iter().map(String::as_str));
        let o = frozen(&args);
        assert_ok(&o, "apply");
        for a in &played {
            assert!(
                o.stdout.lines().any(|l| l == a),
                "{a} echoed:\n{}",
                o.stdout
            );
        }
        match &end.fen {
            Some(fen) => assert!(o.stdout.contains(&format!("fen: {fen}")), "{}", o.stdout),
            None => assert!(o.stdout.contains("fen: none"), "{}", o.stdout),
        }
        // --ron writes a position file that loads back to the same position.
        let mut ron_args = args.clone();
        ron_args.push("--ron");
        let o = frozen(&ron_args);
        assert_ok(&o, "apply --ron");
        let file = dir.join(format!("{v}.ron"));
        std::fs::write(&file, &o.stdout).unwrap();
        let p = file.to_str().unwrap();
        assert_ok(&frozen(&["check", p]), "check of apply --ron");
        let shown = frozen(&["show", v, "--position", p, "--ron"]);
        assert_ok(&shown, "show the applied position");
        assert_eq!(shown.stdout.trim_end(), end.ron.trim_end());
        // --json is valid JSON.
        let mut json_args = args.clone();
        json_args.push("--json");
        let o = frozen(&json_args);
        assert_ok(&o, "apply --json");
        assert!(json_valid(&o.stdout).is_ok(), "{}", o.stdout);
    }
}

#[test]
fn apply_refuses_an_illegal_action_with_reason_and_alternatives() {
    for v in variants() {
        let f = facts(v, &[]);
        let Some((_, Some(from))) = f.actions.iter().zip(&f.froms).find(|(_, s)| s.is_some())
        else {
            continue;
        };
        // A move from a square with legal actions to a square none of them reaches.
        let files = "abcdefghijklmnop";
        let illegal = files
            .chars()
            .flat_map(|c| (1..=16).map(move |r| format!("{c}{r}")))
            .map(|to| format!("{from}{to}"))
            .find(|a| !f.actions.contains(a))
            .unwrap();
        let o = frozen(&["apply", v, &illegal]);
        assert_code(&o, 1, &format!("apply {illegal}"));
        assert!(
            o.stderr.contains(&illegal),
            "names the action: {}",
            o.stderr
        );
        assert!(
            o.stderr.contains(&format!("legal actions from {from}:")),
            "lists the actions from {from}: {}",
            o.stderr
        );
        let first_from = f
            .actions
            .iter()
            .zip(&f.froms)
            .find(|(_, s)| s.as_deref() == Some(from.as_str()))
            .map(|(a, _)| a.clone())
            .unwrap();
        assert!(o.stderr.contains(&first_from), "{}", o.stderr);
        // A legal action, then an illegal one: the index is named.
        if let Some(a) = f.actions.first() {
            let o = frozen(&["apply", v, a, &illegal]);
            assert_fails(&o, "second action illegal");
            assert!(o.stderr.contains("action 2 of 2"), "{}", o.stderr);
        }
    }
}

#[test]
fn malformed_actions_never_panic() {
    let dir = scratch("malformed");
    for v in variants() {
        for bad in MALFORMED_ACTIONS {
            let o = frozen(&["apply", v, bad]);
            assert_code(&o, 1, &format!("apply {v} {bad:?}"));
            let out = dir.join("x.svg");
            let o = frozen(&["render", v, "--svg", out.to_str().unwrap(), "--after", bad]);
            assert_code(&o, 1, &format!("render --after {bad:?}"));
        }
        // In a game, bad input is reported and the game goes on.
        let script: String = MALFORMED_ACTIONS
            .iter()
            .filter(|a| !a.trim().is_empty())
            .map(|a| format!("{a}\n"))
            .chain([
                "0\n".into(),
                "99999\n".into(),
                "save\n".into(),
                "load\n".into(),
                "load /no/such/file\n".into(),
                "undo\n".into(),
                "quit\n".into(),
            ])
            .collect();
        let o = frozen_in(&["play", v, "--vs", "random"], &script);
        assert_ok(&o, "play with malformed input");
        assert!(o.stderr.contains("error"), "{}", o.stderr);
        assert!(o.stdout.contains("bye"), "{}", o.stdout);
        // Invalid UTF-8 on stdin.
        let o = frozen_in(&["play", v], "\u{fffd}\u{1}\n");
        assert_ok(&o, "play with odd bytes");
    }
}

/// Every file under fixtures/positions/invalid/, with the variant to read it with.
fn invalid_fixtures() -> Vec<(std::path::PathBuf, String)> {
    let root = repo_root().join("fixtures/positions/invalid");
    let expected = std::fs::read_to_string(root.join("expected.ron")).unwrap_or_default();
    let mut out = Vec::new();
    let mut stack = vec![root.clone()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            let rel = p
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            // Positions (RON and FEN) only: the other readers' files are fed to every
            // subcommand by tests/corpus.rs.
            let position = (rel.ends_with(".ron")
                && !rel.ends_with(".game.ron")
                && !rel.ends_with(".set.ron"))
                || rel.ends_with(".fen");
            if rel == "expected.ron" || !position {
                continue;
            }
            // The variant from expected.ron, else the first folder name.
            let from_list = expected
                .lines()
                .find(|l| l.contains(&format!("\"{rel}\"")))
                .and_then(|l| l.split("variant: \"").nth(1))
                .and_then(|r| r.split('"').next())
                .map(str::to_string);
            let variant =
                from_list.unwrap_or_else(|| rel.split('/').next().unwrap_or("").to_string());
            out.push((p, variant));
        }
    }
    out.sort();
    out
}

#[test]
fn invalid_fixtures_fail_cleanly_in_every_subcommand() {
    let dir = scratch("invalid");
    let svg = dir.join("out.svg");
    let svg = svg.to_str().unwrap();
    let list = invalid_fixtures();
    for (path, variant) in &list {
        let p = path.to_str().unwrap();
        let is_fen = p.ends_with(".fen");
        let text = std::fs::read(path).unwrap();
        let fen = String::from_utf8_lossy(&text).trim().to_string();
        let src: Vec<&str> = if is_fen {
            vec!["--fen", &fen]
        } else {
            vec!["--position", p]
        };
        let runs: Vec<Vec<&str>> = vec![
            [&["show", variant.as_str()][..], &src].concat(),
            [&["moves", variant.as_str()][..], &src, &["--json"]].concat(),
            [&["apply", variant.as_str()][..], &src, &["e2e4"]].concat(),
            [&["render", variant.as_str()][..], &src, &["--svg", svg]].concat(),
            [&["perft", variant.as_str(), "1"][..], &src].concat(),
            [&["play", variant.as_str()][..], &src].concat(),
        ];
        for args in runs {
            let o = frozen_in(&args, "1\nquit\n");
            assert_fails(&o, &format!("{p}: frozen {}", args[0]));
        }
        if !is_fen {
            let o = frozen(&["check", p]);
            assert_code(&o, 1, &format!("check {p}"));
            if variants().contains(&variant.as_str()) {
                let o = frozen(&["check", p, "--variant", variant]);
                assert_code(&o, 1, &format!("check --variant {variant} {p}"));
                let o = frozen_in(&["play", variant, "--load", p], "quit\n");
                assert_code(&o, 1, &format!("play --load {p}"));
            }
        }
    }
}

#[test]
fn check_reports_every_problem_with_location() {
    let dir = scratch("check");
    let garbage = dir.join("garbage.ron");
    std::fs::write(&garbage, "this is not RON at all").unwrap();
    let novariant = dir.join("novariant.ron");
    std::fs::write(&novariant, "(to_move: White)").unwrap();
    let unknown = dir.join("unknown.ron");
    std::fs::write(&unknown, "(variant: \"no-such-variant\")").unwrap();
    for f in [&garbage, &novariant, &unknown] {
        let o = frozen(&["check", f.to_str().unwrap()]);
        assert_code(&o, 1, &format!("check {}", f.display()));
        assert!(o.stderr.contains(&f.display().to_string()), "{}", o.stderr);
    }
    assert_code(
        &frozen(&["check", dir.join("nope.ron").to_str().unwrap()]),
        1,
        "missing file",
    );
    for v in variants() {
        let f = facts(v, &[]);
        let good = dir.join(format!("{v}-good.ron"));
        std::fs::write(&good, &f.ron).unwrap();
        // Two problems in one file: both are listed, with locations.
        let bad = dir.join(format!("{v}-bad.ron"));
        let broken = f.ron.replacen("variant: \"", "variant: \"x", 1).replacen(
            "shape: Some((",
            "marks: [(9, [])], shape: Some((",
            1,
        );
        std::fs::write(&bad, &broken).unwrap();
        let o = frozen(&[
            "check",
            good.to_str().unwrap(),
            bad.to_str().unwrap(),
            "--variant",
            v,
        ]);
        assert_code(&o, 1, "one good file, one bad");
        assert!(o.stdout.contains("ok"), "{}", o.stdout);
        assert!(
            o.stderr.contains("variant:") && o.stderr.contains("marks[9]"),
            "{}",
            o.stderr
        );
        assert!(o.stderr.contains("1 of 2"), "{}", o.stderr);
        // Without a variant field, every registered variant is tried.
        let anon = dir.join(format!("{v}-anon.ron"));
        std::fs::write(&anon, f.ron.replacen(&format!("variant: \"{v}\","), "", 1)).unwrap();
        let o = frozen(&["check", anon.to_str().unwrap()]);
        assert_fails(&o, "a position without a variant field");
    }
}

#[test]
fn render_draws_every_variant() {
    let dir = scratch("render");
    for v in variants() {
        let f = facts(v, &[]);
        let out = dir.join(format!("{v}.svg"));
        let o = frozen(&["render", v, "--svg", out.to_str().unwrap()]);
        assert_ok(&o, "render");
        let svg = std::fs::read_to_string(&out).unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert!(
            svg.matches("r=\"17\"").count() >= f.on_board,
            "one disc per unit"
        );
        let o = frozen(&["render", v, "--svg", "-"]);
        assert_ok(&o, "render to stdout");
        assert_eq!(o.stdout, svg);
        if let Some(a) = f.actions.first() {
            assert_ok(
                &frozen(&["render", v, "--svg", "-", "--after", a]),
                "render --after",
            );
        }
        let o = frozen(&["render", v, "--svg", "/no/such/dir/x.svg"]);
        assert_code(&o, 1, "render to an unwritable path");
    }
}

#[test]
fn perft_counts_actions() {
    for v in variants() {
        let f = facts(v, &[]);
        let o = frozen(&["perft", v, "1"]);
        assert_ok(&o, "perft 1");
        assert!(
            o.stdout.contains(&f.actions.len().to_string()),
            "{}",
            o.stdout
        );
        let o = frozen(&["perft", v, "1", "--divide"]);
        assert_ok(&o, "perft --divide");
        for a in f.actions.iter().take(5) {
            assert!(
                o.stdout.contains(a.as_str()),
                "{a} in divide:\n{}",
                o.stdout
            );
        }
    }
    assert_ok(&frozen(&["perft", "list"]), "perft list");
}

// ----- play -----

/// A game the binary will play when the human types `1` every time against the random
/// opponent with `seed`: the number of inputs, the actions played and the result.
#[derive(Debug)]
struct Simulated {
    inputs: usize,
    actions: Vec<String>,
    result: String,
}

struct Simulate {
    start_ron: Option<String>,
    seed: u64,
    human: frozen_core::Side,
    max_inputs: usize,
}

fn actor<S: frozen_core::VariantState>(p: &frozen_core::Position<S>) -> frozen_core::Side {
    p.pending().first().map_or(p.to_move(), |d| d.side)
}

impl VariantVisitor for Simulate {
    type Output = Option<Simulated>;
    fn visit<R: Rules + Clone>(self, rules: R) -> Option<Simulated> {
        let start = match &self.start_ron {
            Some(t) => position_from_ron(&rules, t).ok()?,
            None => rules.initial_position(),
        };
        let mut g = Game::from_position(rules, start);
        let mut rng = frozen_core::harness::Rng::new(self.seed);
        let opp = self.human.opposite();
        let mut inputs = 0;
        loop {
            let mut n = 0;
            while g.result().is_none() && actor(g.position()) == opp && n < 1000 {
                let legal = g.actions();
                if legal.is_empty() {
                    return None;
                }
                // The binary's random opponent picks a kind of action first.
                let i =
                    frozen_core::harness::pick_action(g.rules(), g.position(), &legal, &mut rng);
                let t = g.format(&legal[i]);
                g.apply_text(&t).ok()?;
                n += 1;
            }
            if let Some(o) = g.result() {
                return Some(Simulated {
                    inputs,
                    actions: g.history().iter().map(|p| p.text.clone()).collect(),
                    result: o.to_string(),
                });
            }
            if inputs >= self.max_inputs || n >= 1000 {
                return None;
            }
            let legal = g.actions();
            let first = legal.first()?;
            let t = g.format(first);
            g.apply_text(&t).ok()?;
            inputs += 1;
        }
    }
}

/// Positions near the end of random games (both sides random, the test's own seeds).
struct NearEnd {
    seed: u64,
    back: usize,
}

impl VariantVisitor for NearEnd {
    type Output = Option<String>;
    fn visit<R: Rules + Clone>(self, rules: R) -> Option<String> {
        let mut g = Game::new(rules.clone());
        let mut rng = frozen_core::harness::Rng::new(self.seed);
        for _ in 0..3000 {
            if g.result().is_some() {
                break;
            }
            let legal = g.actions();
            if legal.is_empty() {
                return None;
            }
            let t = g.format(&legal[rng.below(legal.len())]);
            g.apply_text(&t).ok()?;
        }
        g.result()?;
        for _ in 0..self.back {
            g.undo();
        }
        Some(frozen_core::position_to_ron(&rules, g.position()))
    }
}

#[test]
fn play_a_full_game_against_the_random_opponent() {
    let dir = scratch("play-full");
    for v in variants() {
        // Find a seed and start for which the game ends within a few hundred inputs.
        let mut found = None;
        'search: for seed in 1..=12u64 {
            for human in [frozen_core::Side::White, frozen_core::Side::Black] {
                let sim = frozen_variants::visit(
                    v,
                    Simulate {
                        start_ron: None,
                        seed,
                        human,
                        max_inputs: 300,
                    },
                )
                .unwrap();
                if let Some(s) = sim {
                    found = Some((None, seed, human, s));
                    break 'search;
                }
            }
        }
        if found.is_none() {
            'near: for seed in 1..=20u64 {
                let Some(ron) = frozen_variants::visit(v, NearEnd { seed, back: 8 }).unwrap()
                else {
                    continue;
                };
                for human in [frozen_core::Side::White, frozen_core::Side::Black] {
                    let sim = frozen_variants::visit(
                        v,
                        Simulate {
                            start_ron: Some(ron.clone()),
                            seed,
                            human,
                            max_inputs: 300,
                        },
                    )
                    .unwrap();
                    if let Some(s) = sim {
                        found = Some((Some(ron), seed, human, s));
                        break 'near;
                    }
                }
            }
        }
        let Some((start, seed, human, sim)) = found else {
            // Random games of this variant do not end within the search; the user piece
            // set test below plays a full game whatever the registry holds.
            eprintln!("note: {v}: no random game ended within the search, no full game played");
            continue;
        };
        let seed_text = seed.to_string();
        let side = human.to_string();
        let start_file = dir.join(format!("{v}-start.ron"));
        let mut args = vec![
            "play", v, "--vs", "random", "--seed", &seed_text, "--side", &side, "--ascii",
        ];
        let start_path = start_file.to_str().unwrap().to_string();
        if let Some(ron) = &start {
            std::fs::write(&start_file, ron).unwrap();
            args.push("--position");
            args.push(&start_path);
        }
        let saved = dir.join(format!("{v}-game.ron"));
        let mut script = "1\n".repeat(sim.inputs);
        script.push_str(&format!("1\nsave {}\nquit\n", saved.display()));
        let o = frozen_in(&args, &script);
        assert_ok(&o, "play to the end");
        assert!(
            o.stdout.contains(&format!("game over: {}", sim.result)),
            "{v}: the game ends with {}:\n{}",
            sim.result,
            &o.stdout[o.stdout.len().saturating_sub(3000)..]
        );
        assert!(
            o.stderr.contains("the game is over"),
            "input after the end is refused: {}",
            o.stderr
        );
        // The saved game holds exactly the simulated actions and loads back.
        let text = std::fs::read_to_string(&saved).unwrap();
        for a in &sim.actions {
            assert!(text.contains(&format!("\"{a}\"")), "{a} saved");
        }
        let o = frozen(&["check", saved.to_str().unwrap()]);
        assert_ok(&o, "check the saved game");
        assert!(
            o.stdout
                .contains(&format!("{} action(s)", sim.actions.len())),
            "{}",
            o.stdout
        );
    }
}

/// The board printed right after a marker line: up to and including the next prompt.
fn board_after<'a>(out: &'a str, marker: &str) -> &'a str {
    let Some(i) = out.find(marker) else {
        return "";
    };
    let rest = &out[i + marker.len()..];
    let end = rest
        .find("to act; type")
        .and_then(|j| rest[j..].find('\n').map(|k| j + k + 1))
        .unwrap_or(rest.len());
    &rest[..end]
}

/// Loads a saved game with the library: the number of actions, and whether saving it
/// again gives the same text.
struct Load(String);

impl VariantVisitor for Load {
    type Output = Result<usize, String>;
    fn visit<R: Rules + Clone>(self, rules: R) -> Result<usize, String> {
        let g = Game::from_ron(rules, &self.0).map_err(|e| e.to_string())?;
        if g.to_ron() != self.0 {
            return Err("the game does not save back to the same text".into());
        }
        Ok(g.history().len())
    }
}

#[test]
fn play_save_load_gives_the_same_position() {
    let dir = scratch("play-save");
    for v in variants() {
        let file = dir.join(format!("{v}.ron"));
        let f = file.to_str().unwrap();
        // Mid-game against the opponent: a few actions, save, show the board.
        let script = format!("1\n1\n1\nsave {f}\nboard\nquit\n");
        let a = frozen_in(
            &["play", v, "--vs", "random", "--seed", "5", "--ascii"],
            &script,
        );
        assert_ok(&a, "play and save");
        let before = board_after(&a.stdout, &format!("saved to {f}\n"));
        assert!(before.contains("to act: "), "{}", a.stdout);
        // A new session from the file shows the same position.
        let b = frozen_in(
            &[
                "play", v, "--load", f, "--vs", "random", "--seed", "5", "--ascii",
            ],
            "quit\n",
        );
        assert_ok(&b, "play --load");
        let after = board_after(&b.stdout, "for the commands\n");
        assert_eq!(
            before, after,
            "{v}: the loaded game shows the saved position"
        );
        assert_ok(&frozen(&["check", f]), "the saved game checks");
        // The file is an exact game record: the library loads it and writes the same text.
        let text = std::fs::read_to_string(&file).unwrap();
        let n = frozen_variants::visit(v, Load(text)).unwrap();
        assert!(matches!(n, Ok(k) if k >= 3), "{v}: {n:?}");

        // In one session without an opponent: save, play on, load back.
        let script = format!("1\nsave {f}\nboard\n1\nload {f}\nquit\n");
        let c = frozen_in(&["play", v, "--ascii"], &script);
        assert_ok(&c, "save, play, load");
        let saved = board_after(&c.stdout, &format!("saved to {f}\n"));
        let loaded = board_after(&c.stdout, &format!("loaded {f}\n"));
        assert!(saved.contains("to act: "), "{}", c.stdout);
        assert_eq!(saved, loaded, "{v}: load restores the saved position");
        let text = std::fs::read_to_string(&file).unwrap();
        assert_eq!(frozen_variants::visit(v, Load(text)).unwrap(), Ok(1));
    }
}

#[test]
fn play_is_deterministic_per_seed_and_undo_returns_to_the_human() {
    for v in variants() {
        let script = "1\n1\nlist\nundo\nboard\nquit\n";
        let a = frozen_in(&["play", v, "--vs", "random", "--seed", "11"], script);
        let b = frozen_in(&["play", v, "--vs", "random", "--seed", "11"], script);
        assert_ok(&a, "play");
        assert_eq!(a.stdout, b.stdout, "same seed, same game");
        assert!(a.stdout.contains("random plays"), "{}", a.stdout);
        assert!(a.stdout.contains("   1. "), "list numbers actions");
        assert!(a.stdout.contains("undone"), "{}", a.stdout);
        // Human as Black: the opponent opens.
        let o = frozen_in(
            &["play", v, "--vs", "random", "--side", "black"],
            "undo\nquit\n",
        );
        assert_ok(&o, "play --side black");
        // The opponent opens; before the human's first action there is nothing of theirs
        // to take back, and the opening stays.
        let opened = o.stdout.find("random plays").expect("the opponent opens");
        let refused = o.stdout.find("nothing to undo").expect("undo is refused");
        assert!(opened < refused, "{}", o.stdout);
        assert!(
            !o.stdout[refused..].contains("random plays"),
            "{}",
            o.stdout
        );
        // Without an opponent, both sides are typed.
        let f = facts(v, &[]);
        if let Some(a) = f.actions.first() {
            let o = frozen_in(&["play", v], &format!("{a}\nundo\nundo\nquit\n"));
            assert_ok(&o, "two-player play");
            assert!(o.stdout.contains("nothing to undo"), "{}", o.stdout);
        }
        assert_ok(&frozen_in(&["play", v], "help\n"), "help then end of input");
    }
}

/// The initial position with every side table filled in on empty squares, a paralysed
/// unit with a range, a unit in a tomb and one in shadow form (when `bodies`), as RON.
struct Decorated {
    bodies: bool,
}

impl VariantVisitor for Decorated {
    type Output = Option<String>;
    fn visit<R: Rules + Clone>(self, rules: R) -> Option<String> {
        use frozen_core::{Bomb, Effect, Location, Side, Square, Tomb, Trap, UnitId, Wall};
        let pos = rules.initial_position();
        let mut s = frozen_core::to_setup(&rules, &pos);
        let empty: Vec<Square> = pos
            .shape()
            .squares()
            .filter(|sq| pos.unit_at(*sq).is_none())
            .take(7)
            .collect();
        if empty.len() < 7 {
            return None;
        }
        let first = s
            .units
            .iter()
            .position(|u| matches!(u.at, Location::Board(_)))?;
        let owner = UnitId(first as u16);
        let side = s.units[first].side;
        s.units[first].status.frozen_through = pos.turns()[side] + 2;
        s.units[first].status.range = 5;
        s.units[first].status.aim = Some(frozen_core::Dir::N);
        s.walls.push((
            empty[0],
            Wall {
                creator: owner,
                side: Side::White,
                expires: 9,
                kind: 0,
            },
        ));
        s.traps.push((
            empty[1],
            Trap {
                owner,
                colour: 1,
                held: None,
                hold_until: 0,
            },
        ));
        s.bombs.push((empty[2], Bomb { owner, timer: 3 }));
        s.effects.push((
            empty[3],
            vec![Effect {
                kind: 1,
                owner: None,
                side: Some(Side::White),
                dir: None,
                left: 2,
                link: None,
            }],
        ));
        s.marks.push((0, vec![empty[4]]));
        if self.bodies {
            let n = s.units.len();
            let (a, b) = (n.checked_sub(1)?, n.checked_sub(2)?);
            s.units[a].at = Location::Tomb(empty[5]);
            s.tombs.push((
                empty[5],
                Tomb {
                    queue: [UnitId(a as u16)].into_iter().collect(),
                    ..Tomb::default()
                },
            ));
            s.units[b].at = Location::Shadow(empty[6]);
        }
        ron::Options::default()
            .to_string_pretty(&s, ron::ser::PrettyConfig::default())
            .ok()
    }
}

#[test]
fn show_and_render_draw_every_side_table() {
    let dir = scratch("tables");
    for v in variants() {
        let mut shown = None;
        for bodies in [true, false] {
            let Some(ron) = frozen_variants::visit(v, Decorated { bodies }).unwrap() else {
                continue;
            };
            let file = dir.join(format!("{v}-{bodies}.ron"));
            std::fs::write(&file, ron).unwrap();
            let p = file.to_str().unwrap().to_string();
            let o = frozen(&["show", v, "--position", &p, "--ascii"]);
            if o.code == 0 {
                shown = Some((p, o, bodies));
                break;
            }
            // The variant's own checks may refuse the decoration: a clean failure.
            assert_code(&o, 1, "a decorated position the variant refuses");
        }
        let Some((p, o, bodies)) = shown else {
            continue;
        };
        let mut want = vec![
            "wall ",
            "expires at the end of turn 9",
            "trap ",
            "bomb ",
            "timer 3",
            "effect ",
            "mark layer 0: ",
            "paralysed: ",
            "turn(s) left",
            "range 5",
            "key: ",
        ];
        if bodies {
            want.extend(["tomb ", "shadows "]);
        }
        for w in want {
            assert!(o.stdout.contains(w), "{v}: show lists {w:?}:\n{}", o.stdout);
        }
        let r = frozen(&["render", v, "--position", &p, "--svg", "-"]);
        assert_ok(&r, "render the decorated position");
        let mut want = vec![
            "url(#hatch)",
            "#f77f00",
            "#2a9d38",
            "#1d4ed8",
            "#9d4edd",
            "#d62828",
            "current range",
            "aim direction",
            "paralysed",
            "trap",
            "bomb",
        ];
        if bodies {
            want.extend(["#8d99ae", "stroke-dasharray=\"4 3\"", "shadow", "tomb"]);
        }
        for w in want {
            assert!(r.stdout.contains(w), "{v}: the SVG draws {w:?}");
        }
    }
}

/// A small user piece set written for these tests: kings and rooks on 6x6, the last
/// side with a king wins.
const KINGS_ROOKS: &str = r#"// A user piece set for the CLI tests.
(
    name: "cli-kings-rooks",
    description: "kings and rooks on 6x6",
    board: "6x6",
    pieces: [
        (name: "King", letter: 'K', fen: 'K'),
        (name: "Rook", letter: 'R', fen: 'R'),
    ],
    moves: ["K: 1*", "R: n+"],
    setup: "k4r/6/6/6/6/R4K w - - 0 1",
    royal: Some('K'),
)
"#;

#[test]
fn parlett_explain_shows_a_definition() {
    let o = frozen(&["parlett", "explain", "~1/2", "--from", "b1"]);
    assert_ok(&o, "explain a knight");
    assert!(o.stdout.contains("alternative 1"), "{}", o.stdout);
    assert!(o.stdout.contains('@'), "the piece is drawn: {}", o.stdout);
    let o = frozen(&[
        "parlett",
        "explain",
        "N: ~1/2, 1*",
        "--board",
        "12x12",
        "--from",
        "f6",
    ]);
    assert_ok(&o, "explain on 12x12");
    assert!(o.stdout.contains("alternative 2"), "{}", o.stdout);
    for bad in ["N: ~1/", "~", "", "-1", "Q: n*#", "((((((((((", "\u{1}"] {
        let o = frozen(&["parlett", "explain", bad]);
        assert_code(&o, 1, &format!("explain {bad:?}"));
    }
    let o = frozen(&["parlett", "explain", "N: ~1/"]);
    assert!(
        o.stderr.contains('^'),
        "a caret under the failing column: {}",
        o.stderr
    );
    for args in [
        vec!["parlett"],
        vec!["parlett", "explain"],
        vec!["parlett", "explain", "~1/2", "--from", "z9"],
        vec!["parlett", "explain", "~1/2", "--board", "99x1"],
        vec![
            "parlett", "explain", "~1/2", "--board", "4x4", "--from", "h8",
        ],
    ] {
        assert_code(&frozen(&args), 2, &format!("{args:?}"));
    }
}

#[test]
fn user_piece_set_with_rules() {
    use frozen_variants::parlett::load_set;
    let dir = scratch("rules");
    let set = dir.join("kings-rooks.ron");
    std::fs::write(&set, KINGS_ROOKS).unwrap();
    let s = set.to_str().unwrap();
    let rules = load_set(KINGS_ROOKS).expect("the test set loads");
    let name = "cli-kings-rooks";

    // The set file checks; a broken one is reported.
    let o = frozen(&["check", s]);
    assert_ok(&o, "check the set");
    assert!(o.stdout.contains("piece set"), "{}", o.stdout);
    let bad = dir.join("bad-set.ron");
    std::fs::write(&bad, KINGS_ROOKS.replace("\"R: n+\"", "\"R: n+(\"")).unwrap();
    assert_code(
        &frozen(&["check", bad.to_str().unwrap()]),
        1,
        "check a bad set",
    );
    assert_code(
        &frozen(&["show", name, "--rules", bad.to_str().unwrap()]),
        1,
        "show with a bad set",
    );
    assert_code(
        &frozen(&["show", name, "--rules", "/no/such/set.ron"]),
        1,
        "show with a missing set",
    );

    // show, moves, apply and render use the set's rules.
    let o = frozen(&["show", name, "--rules", s, "--ascii"]);
    assert_ok(&o, "show with --rules");
    assert!(o.stdout.contains("6 k  .  .  .  .  r"), "{}", o.stdout);
    let f = GetFacts { after: vec![] }.visit(rules.clone());
    let o = frozen(&["moves", name, "--rules", s]);
    assert_ok(&o, "moves with --rules");
    assert_eq!(o.stdout.lines().collect::<Vec<_>>(), f.actions);
    // A registered piece-set variant's name is accepted too; another variant's is not.
    assert_ok(
        &frozen(&["moves", "fide", "--rules", s]),
        "the fide family name",
    );
    for v in variants() {
        if frozen_variants::parlett::builtin_rules(v).is_none() {
            assert_code(
                &frozen(&["show", v, "--rules", s]),
                2,
                "a variant that is not a piece set",
            );
        }
    }
    let first = f.actions.first().expect("the set has actions").clone();
    let o = frozen(&["apply", name, "--rules", s, &first, "--ron"]);
    assert_ok(&o, "apply with --rules");
    let pos = dir.join("pos.ron");
    std::fs::write(&pos, &o.stdout).unwrap();
    let p = pos.to_str().unwrap();
    assert_ok(
        &frozen(&["check", p, "--rules", s]),
        "check a position of the set",
    );
    assert_code(
        &frozen(&["check", p]),
        1,
        "the set's position needs --rules",
    );
    assert_ok(
        &frozen(&["render", name, "--rules", s, "--svg", "-"]),
        "render with --rules",
    );
    // perft counts the set like the library does.
    let mut start = frozen_core::Rules::initial_position(&rules);
    let want = frozen_perft::perft(&rules, &mut start, 3);
    let o = frozen(&["perft", name, "3", "--rules", s]);
    assert_ok(&o, "perft with --rules");
    assert!(
        o.stdout.contains(&want.to_string()),
        "perft 3 = {want}: {}",
        o.stdout
    );
    assert_code(
        &frozen(&["perft", "no-such-set", "1", "--rules", s]),
        2,
        "perft, set misnamed",
    );

    // A whole game against the random opponent, exactly as the library replays it.
    let sim = (1..=20u64)
        .find_map(|seed| {
            Simulate {
                start_ron: None,
                seed,
                human: frozen_core::Side::White,
                max_inputs: 200,
            }
            .visit(rules.clone())
            .map(|s| (seed, s))
        })
        .expect("a kings-and-rooks game ends");
    let (seed, sim) = sim;
    let game = dir.join("game.ron");
    let script = format!(
        "{}save {}\nquit\n",
        "1\n".repeat(sim.inputs),
        game.display()
    );
    let seed = seed.to_string();
    let o = frozen_in(
        &[
            "play", name, "--rules", s, "--vs", "random", "--seed", &seed,
        ],
        &script,
    );
    assert_ok(&o, "play with --rules");
    assert!(
        o.stdout.contains(&format!("game over: {}", sim.result)),
        "{}",
        o.stdout
    );
    let g = game.to_str().unwrap();
    let o = frozen(&["check", g, "--rules", s]);
    assert_ok(&o, "check the saved game");
    assert!(
        o.stdout
            .contains(&format!("{} action(s)", sim.actions.len())),
        "{}",
        o.stdout
    );
    let o = frozen_in(&["play", name, "--rules", s, "--load", g], "quit\n");
    assert_ok(&o, "load the finished game");
    assert!(
        o.stdout.contains("game over") || o.stdout.contains("result:"),
        "{}",
        o.stdout
    );
}

/// The initial position with counters, timers and status fields at their largest values.
struct Extreme;

impl VariantVisitor for Extreme {
    type Output = Option<String>;
    fn visit<R: Rules + Clone>(self, rules: R) -> Option<String> {
        use frozen_core::{BySide, Location, Pending, Side, Wall};
        let pos = rules.initial_position();
        let mut s = frozen_core::to_setup(&rules, &pos);
        let first = s
            .units
            .iter()
            .position(|u| matches!(u.at, Location::Board(_)))?;
        let st = &mut s.units[first].status;
        st.frozen_through = u32::MAX;
        st.range = u16::MAX;
        st.counters.iter_mut().for_each(|c| *c = u16::MAX);
        st.flags = u32::MAX;
        s.ply = u32::MAX;
        s.turns = BySide::new(u32::MAX, u32::MAX);
        let empty = pos
            .shape()
            .squares()
            .find(|sq| pos.unit_at(*sq).is_none())?;
        s.walls.push((
            empty,
            Wall {
                creator: frozen_core::UnitId(first as u16),
                side: Side::Black,
                expires: u32::MAX,
                kind: u8::MAX,
            },
        ));
        s.pending.push(Pending {
            side: Side::White,
            kind: u16::MAX,
            unit: None,
            square: None,
            data: u32::MAX,
        });
        ron::Options::default()
            .to_string_pretty(&s, ron::ser::PrettyConfig::default())
            .ok()
    }
}

#[test]
fn extreme_counters_are_displayed_without_panic() {
    let dir = scratch("extreme");
    for v in variants() {
        let Some(ron) = frozen_variants::visit(v, Extreme).unwrap() else {
            continue;
        };
        let file = dir.join(format!("{v}.ron"));
        std::fs::write(&file, ron).unwrap();
        let p = file.to_str().unwrap();
        for args in [
            vec!["show", v, "--position", p],
            vec!["show", v, "--position", p, "--ascii"],
            vec!["render", v, "--position", p, "--svg", "-"],
            vec!["check", p],
        ] {
            let o = frozen(&args);
            assert!(
                (o.code == 0 || o.code == 1) && !o.stderr.contains("panicked"),
                "{args:?}: exit {}\n{}",
                o.code,
                o.stderr
            );
            if o.code == 0 && args[0] == "show" {
                assert!(o.stdout.contains("paralysed: "), "{}", o.stdout);
            }
        }
    }
}

// ----- variant-specific cases (run when the variant is registered) -----

fn registered(name: &str) -> bool {
    variants().contains(&name)
}

#[test]
fn fide_cases() {
    if !registered("fide") {
        return;
    }
    assert_eq!(frozen(&["moves", "fide"]).stdout.lines().count(), 20);
    let o = frozen(&["perft", "fide", "3"]);
    assert_ok(&o, "perft fide 3");
    assert!(o.stdout.contains("8902"), "{}", o.stdout);
    let o = frozen(&["apply", "fide", "e2e4", "e7e5"]);
    assert_ok(&o, "apply e2e4 e7e5");
    assert!(
        o.stdout
            .contains("fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"),
        "{}",
        o.stdout
    );
    let o = frozen(&["apply", "fide", "e2e5"]);
    assert_code(&o, 1, "e2e5");
    assert!(
        o.stderr.contains("legal actions from e2: e2e3 e2e4"),
        "{}",
        o.stderr
    );
    // Fool's mate, typed for both sides: the game ends in checkmate.
    let o = frozen_in(
        &["play", "fide", "--ascii"],
        "f2f3\ne7e5\ng2g4\nd8h4\nquit\n",
    );
    assert_ok(&o, "fool's mate");
    assert!(
        o.stdout.contains("game over: black wins (checkmate)"),
        "{}",
        o.stdout
    );
    // Unicode figurines by default, letters with --ascii.
    assert!(frozen(&["show", "fide"]).stdout.contains('♔'));
    assert!(!frozen(&["show", "fide", "--ascii"]).stdout.contains('♔'));
}

#[test]
fn fc12_cases() {
    if !registered("fc12") {
        return;
    }
    let docs = repo_root().join("docs/render");
    let mid = docs.join("fc12-midgame.ron");
    let par = docs.join("fc12-paralysis.ron");
    if mid.exists() {
        let p = mid.to_str().unwrap();
        let o = frozen(&["show", "fc12", "--position", p]);
        assert_ok(&o, "show the death-square example");
        assert!(o.stdout.contains("mark layer 0: e11"), "{}", o.stdout);
        assert!(
            o.stdout.contains("fc12: death squares: e11"),
            "{}",
            o.stdout
        );
        let r = frozen(&["render", "fc12", "--position", p, "--svg", "-"]);
        assert_ok(&r, "render the death-square example");
        assert!(
            r.stdout.contains("#d62828"),
            "a red cross on the death square"
        );
    }
    if par.exists() {
        let p = par.to_str().unwrap();
        let o = frozen(&["show", "fc12", "--position", p]);
        assert_ok(&o, "show the paralysis example");
        // The CLI's count agrees with the variant's own description.
        assert!(
            o.stdout
                .contains("f12 through black turn 7 (3 turn(s) left)"),
            "{}",
            o.stdout
        );
        assert!(
            o.stdout.contains("fc12: f12: paralysed for 3 more turn(s)"),
            "{}",
            o.stdout
        );
        let r = frozen(&["render", "fc12", "--position", p, "--svg", "-"]);
        assert!(
            r.stdout.contains(">3</text>"),
            "a green 3 on the paralysed pawns"
        );
    }
}

#[test]
fn denial_bait_cases() {
    if !registered("denial-bait") {
        return;
    }
    // A pawn's two-square advance (two legs) is a movement Black may deny.
    let args = vec!["apply", "denial-bait", "e2e3e4", "--ron"];
    let o = frozen(&args);
    assert_ok(&o, "one action");
    let dir = scratch("denial");
    let f = dir.join("after.ron");
    std::fs::write(&f, &o.stdout).unwrap();
    let o = frozen(&["moves", "denial-bait", "--position", f.to_str().unwrap()]);
    assert_ok(&o, "moves after one action");
    assert!(
        o.stdout.lines().any(|l| l == "deny"),
        "Black may deny:\n{}",
        o.stdout
    );
    let o = frozen(&["show", "denial-bait", "--position", f.to_str().unwrap()]);
    assert!(
        o.stdout.contains("denial-bait: "),
        "the variant's own lines: {}",
        o.stdout
    );
}

#[test]
fn mutated_position_files_never_panic() {
    let dir = scratch("mutated");
    let mut rng = frozen_core::harness::Rng::new(0x5eed);
    let junk = [
        "",
        "(",
        ")",
        "\"",
        ",",
        ":",
        "-1",
        "99999999999",
        "Board(\"q9\")",
        "[",
        "]",
        "é",
        "\\",
    ];
    for v in variants() {
        let base = facts(v, &[]).ron;
        for i in 0..20 {
            let mut text: Vec<char> = base.chars().collect();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(text.len().max(1));
                let cut = rng.below(8).min(text.len() - at);
                let with: Vec<char> = junk[rng.below(junk.len())].chars().collect();
                text.splice(at..at + cut, with);
            }
            let file = dir.join(format!("{v}-{i}.ron"));
            std::fs::write(&file, text.iter().collect::<String>()).unwrap();
            let p = file.to_str().unwrap();
            for args in [vec!["show", v, "--position", p], vec!["check", p]] {
                let o = frozen(&args);
                assert!(
                    (o.code == 0 || o.code == 1) && !o.stderr.contains("panicked"),
                    "{args:?}: exit {}\n{}",
                    o.code,
                    o.stderr
                );
                if o.code == 1 {
                    assert!(!o.stderr.trim().is_empty(), "a message on stderr");
                }
            }
        }
    }
}

#[test]
fn mutated_games_and_actions_never_panic() {
    let dir = scratch("mutated-games");
    let mut rng = frozen_core::harness::Rng::new(0xace);
    for v in variants() {
        // A short saved game to mutate.
        let file = dir.join(format!("{v}.ron"));
        let f = file.to_str().unwrap().to_string();
        let o = frozen_in(&["play", v], &format!("1\n1\n1\nsave {f}\nquit\n"));
        assert_ok(&o, "save a game");
        let base: Vec<char> = std::fs::read_to_string(&file).unwrap().chars().collect();
        let actions = facts(v, &[]).actions;
        for i in 0..12 {
            let mut text = base.clone();
            let at = rng.below(text.len());
            let cut = rng.below(6).min(text.len() - at);
            let with: Vec<char> = ["", "\"", "e2e4", "\"zz\", ", "]", "9"][rng.below(6)]
                .chars()
                .collect();
            text.splice(at..at + cut, with);
            let m = dir.join(format!("{v}-{i}.ron"));
            std::fs::write(&m, text.iter().collect::<String>()).unwrap();
            let p = m.to_str().unwrap();
            for (args, input) in [
                (vec!["check", p], ""),
                (vec!["play", v, "--load", p], "board\nquit\n"),
            ] {
                let o = frozen_in(&args, input);
                assert!(
                    (o.code == 0 || o.code == 1) && !o.stderr.contains("panicked"),
                    "{args:?}: exit {}\n{}",
                    o.code,
                    o.stderr
                );
            }
            // A legal action's text with one character changed.
            if let Some(a) = actions.get(rng.below(actions.len().max(1))) {
                let mut chars: Vec<char> = a.chars().collect();
                let at = rng.below(chars.len());
                chars[at] = ['a', 'p', '1', '9', '0', ':', '=', '#', 'Z', 'x'][rng.below(10)];
                let bad: String = chars.into_iter().collect();
                let o = frozen(&["apply", v, &bad]);
                assert!(
                    (o.code == 0 || o.code == 1) && !o.stderr.contains("panicked"),
                    "apply {bad:?}: exit {}\n{}",
                    o.code,
                    o.stderr
                );
            }
        }
    }
}

/// FC6-VISU-01 and FC6-VISU-03 in the picture: a unit's badge shows its current range as the
/// game counts it (a knight 3, a king and a pawn 1, not the stored 16), and a wall shows the
/// turns of its maker's side it still stands, not the absolute turn it goes.
#[test]
fn render_fc6_shows_display_ranges_and_wall_life() {
    let fen = "15k/16/15p/16/16/16/16/16/16/16/16/1P14/16/P1N13/16/K15 w - e4:w2";
    let o = frozen(&["render", "fc6", "--fen", fen, "--svg", "-"]);
    assert_ok(&o, "render fc6");
    let svg = &o.stdout;
    assert!(
        svg.contains("class=\"wall-life\">2</text>"),
        "the wall on e4 shows 2 turns left: {svg}"
    );
    assert!(!svg.contains(">t2</text>") && !svg.contains(">t1</text>"));
    assert!(svg.contains("wall (N: turns of its maker"), "legend");
    // The range badges (blue discs) on the board (the legend, drawn in translated groups
    // after the board, has an example badge): the text after each badge circle.
    let board = &svg[..svg.find("<g transform=\"translate(").unwrap_or(svg.len())];
    let mut badges: Vec<&str> = board
        .split("fill=\"#1d4ed8\"")
        .skip(1)
        .filter_map(|rest| {
            let t = &rest[rest.find("<text")?..];
            let t = &t[t.find('>')? + 1..];
            Some(&t[..t.find("</text>")?])
        })
        .collect();
    badges.sort_unstable();
    // Kings a1 and p16, pawns a3, b5 and p14: 1 each; the knight on c3: 3.
    assert_eq!(badges, ["1", "1", "1", "1", "1", "3"], "{svg}");
}

/// FC6-VISU-03 (part 3): `frozen render` of an fc6 middle game shows every side table a
/// player needs: shadows (drawn apart, with the turns left before they may de-shadow),
/// the jester's trap with its owner, tombs with state and queue, walls with turns left.
#[test]
fn render_fc6_middle_game_shows_shadows_traps_tombs_and_walls() {
    let fen = "15k/16/14pp/16/3r12/11q4/10d5/6n9/11t4/2b1j11/16/5J10/2R13/PP5B4N3/4Q5D5/K15 w - g6:w2 - - d6:n,b8:Rp*,e2:p,g6:b,i8:Pn,k6:jQ*,l10:N,m15:rB*";
    let o = frozen(&[
        "render",
        "fc6",
        "--fen",
        fen,
        "--after",
        "shadow:c4",
        "p14p13",
        "end",
        "f5g2",
        "end",
        "shadow:e7",
        "m3l5",
        "end",
        "--svg",
        "-",
    ]);
    assert_ok(&o, "render fc6 middle game");
    let svg = &o.stdout;
    for want in [
        "shadow c4: White Rook (range 16), may de-shadow after 2 more turn(s) of its owner",
        // A jester shows its reach 3, as its badge does (FC6-VISU-01).
        "shadow e7: Black Jester (range 3), may de-shadow after 4 more turn(s) of its owner",
        "trap f5 (White, owned by the jester on g2): catches the next enemy that stops here",
        "tomb e2 PENDING: Black Pawn (oldest first)",
        "tomb k6 ACTIVE: Black Jester, White Queen (oldest first)",
        "wall m3: 5 more turn(s) of White",
        ">shadow</text>",
        ">trap</text>",
    ] {
        assert!(svg.contains(want), "{want} missing from the render");
    }
}

/// FC6-VISU-01..03: the middle game with every fc6 side table at once draws each with its
/// legend: an open (ACTIVE) tomb apart from an ARMED one, traps (one holding its victim
/// with the green count), a unit paralysed by a jester's presence marked on its square,
/// the price of a double move, shadows with the range their badge would show.
#[test]
fn render_fc6_middle_game_with_every_side_table() {
    let file = repo_root().join("fixtures/positions/fc6/middle-game-tables.ron");
    let file = file.to_str().expect("utf-8 path");
    let o = frozen(&["render", "fc6", "--position", file, "--svg", "-"]);
    assert_ok(&o, "render fc6 side tables");
    for want in [
        "open tomb: its first unit may come back",
        "fill=\"#c1121f\"",
        "tomb (number: units queued)",
        "tomb i8 ACTIVE: White Pawn, Black Rook (oldest first)",
        "tomb e5 ARMED: Black Knight (oldest first)",
        ">trap</text>",
        "trap h6 (White, owned by the jester on h7): catches the next enemy that stops here",
        "trap j6 (White, owned by the jester on h7): holds the Black Knight for 4 more turn(s) of its owner",
        "paralysed by an enemy jester&apos;s presence (FC6-JEST-03)",
        "i7: paralysed while the enemy jester on h7 stands next to it",
        "c9: paralysed for 1 more turn(s) of its owner",
        "shadow e4: White Knight (range 3)",
        "shadow l13: Black Dragon (range 16)",
        "wall d5: 3 more turn(s) of White",
    ] {
        assert!(o.stdout.contains(want), "{want} missing from the render");
    }
}

/// FC6-VISU-03 (part 3): the render's piece key names the kinds drawn as shadows too: in
/// the shadows-and-rotated-block fixture the knight and the dragon stand only as shadows.
#[test]
fn render_fc6_piece_key_names_shadow_kinds() {
    let file = repo_root().join("fixtures/positions/fc6/shadows-rotated-block.ron");
    let file = file.to_str().expect("utf-8 path");
    let o = frozen(&["render", "fc6", "--position", file, "--svg", "-"]);
    assert_ok(&o, "render fc6 shadows");
    for want in [
        "Knight (Nn)",
        "Dragon (Dd)",
        "shadow e4: White Knight (range 3), its wait is over: may de-shadow in a turn of its owner",
        "shadow l13: Black Dragon (range 16), its wait is over",
        "tomb e5 ARMED: Black Knight (oldest first)",
    ] {
        assert!(o.stdout.contains(want), "{want} missing from the render");
    }
}
