//! The command line: output formats and exit codes, on the test rule set
//! (through the public `count_with_rules` / `compare_with_rules`) and through
//! the `perft` binary for what does not need a variant.

mod common;

use clap::Parser;
use common::Toy;
use frozen_core::Rules;
use frozen_perft::cli::{compare_with_rules, count_with_rules, Cli, Command, Io};
use frozen_perft::{divide, perft};
use std::process::Command as Process;

struct Captured {
    code: u8,
    out: String,
    err: String,
}

fn parse(args: &[&str]) -> Cli {
    Cli::try_parse_from(std::iter::once("perft").chain(args.iter().copied()))
        .expect("valid arguments")
}

fn run_count(rules: &Toy, args: &[&str]) -> Captured {
    let cli = parse(args);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut stdin: &[u8] = b"";
    let code = count_with_rules(
        rules,
        &cli.count,
        &mut Io {
            stdin: &mut stdin,
            stdin_is_terminal: false,
            out: &mut out,
            err: &mut err,
            err_is_terminal: false,
        },
    );
    Captured {
        code,
        out: String::from_utf8_lossy(&out).into_owned(),
        err: String::from_utf8_lossy(&err).into_owned(),
    }
}

#[test]
fn divide_prints_one_line_per_root_action_then_the_total() {
    let rules = Toy::new();
    let c = run_count(&rules, &["toy", "4", "--divide", "--threads", "2"]);
    assert_eq!(c.code, 0, "{}", c.err);
    let mut pos = rules.initial_position();
    let mut want = String::new();
    for e in divide(&rules, &mut pos, 4) {
        want.push_str(&format!("{}: {}\n", e.action, e.nodes));
    }
    want.push_str(&format!(
        "\nNodes searched: {}\n",
        perft(&rules, &mut pos, 4)
    ));
    assert_eq!(c.out, want);
    assert!(c.err.contains("nodes/s"), "speed on stderr: {}", c.err);
}

#[test]
fn plain_json_and_turns_outputs() {
    let rules = Toy::double();
    let mut pos = rules.initial_position();
    let c = run_count(&rules, &["toy", "3"]);
    assert_eq!(
        c.out,
        format!("Nodes searched: {}\n", perft(&rules, &mut pos, 3))
    );
    let c = run_count(&rules, &["toy", "2", "--turns", "--json", "--hash", "1"]);
    assert_eq!(c.code, 0);
    let turns = frozen_perft::perft_turns(&rules, &mut pos, 2).expect("turns");
    assert!(
        c.out
            .starts_with("{\"variant\":\"toy-double\",\"depth\":2,\"mode\":\"turns\""),
        "{}",
        c.out
    );
    assert!(c.out.contains(&format!("\"nodes\":{turns},")), "{}", c.out);
    assert!(c.out.contains("\"divide\":[{\"action\":"), "{}", c.out);
}

#[test]
fn fen_start_and_errors() {
    let rules = Toy::new();
    let fen = rules.to_fen(&rules.initial_position()).expect("fen");
    let a = run_count(&rules, &["toy", "--fen", &fen, "3"]);
    let b = run_count(&rules, &["toy", "--start", "3"]);
    assert_eq!((a.code, &a.out), (0, &b.out));
    let bad = run_count(&rules, &["toy", "--fen", "zz9/x w", "3"]);
    assert_eq!(bad.code, 2, "a bad FEN is a usage error");
    assert!(bad.err.contains("cannot read the FEN"), "{}", bad.err);
    let missing = run_count(&rules, &["toy", "--position", "/nonexistent/p.ron", "3"]);
    assert_eq!(missing.code, 1);
    assert!(missing.err.contains("check the path"), "{}", missing.err);
    let budget = run_count(&rules, &["toy", "6", "--budget", "100"]);
    assert_eq!(budget.code, 1);
    assert!(budget.err.contains("budget"), "{}", budget.err);
}

#[test]
fn conflicting_start_options_are_usage_errors() {
    let r = Cli::try_parse_from(["perft", "toy", "--fen", "x", "--start", "3"]);
    assert!(r.is_err());
    let r = Cli::try_parse_from(["perft", "toy"]);
    assert!(r.is_err(), "a depth is required");
    let cli = parse(&["fixtures", "--all"]);
    assert!(matches!(cli.command, Some(Command::Fixtures(ref f)) if f.all));
    let cli = parse(&["compare", "toy", "3", "--reference-cmd", "x {fen}"]);
    assert!(matches!(cli.command, Some(Command::Compare(ref c)) if c.depth == 3));
}

#[test]
fn compare_reads_stdin_and_reports_the_difference() {
    let rules = Toy::new();
    let mut pos = rules.initial_position();
    let mut entries = divide(&rules, &mut pos, 3);
    let run = |stdin_text: &str| {
        let cli = parse(&["compare", "toy", "3"]);
        let Some(Command::Compare(args)) = cli.command else {
            panic!("compare arguments");
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut stdin = stdin_text.as_bytes();
        let code = compare_with_rules(
            &rules,
            &args,
            &mut Io {
                stdin: &mut stdin,
                stdin_is_terminal: false,
                out: &mut out,
                err: &mut err,
                err_is_terminal: false,
            },
        );
        (
            code,
            String::from_utf8_lossy(&out).into_owned(),
            String::from_utf8_lossy(&err).into_owned(),
        )
    };
    let same: String = entries
        .iter()
        .map(|e| format!("{}: {}\n", e.action, e.nodes))
        .collect();
    let (code, out, _) = run(&same);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("agree"));
    let removed = entries.remove(0);
    let fewer: String = entries
        .iter()
        .map(|e| format!("{}: {}\n", e.action, e.nodes))
        .collect();
    let (code, out, _) = run(&fewer);
    assert_eq!(code, 1);
    assert!(
        out.contains(&format!("only ours:   {}", removed.action)),
        "{out}"
    );
    let (code, _, err) = run("e2e4: many\n");
    assert_eq!(code, 2);
    assert!(err.contains("line 1"), "{err}");
}

fn binary(args: &[&str]) -> (i32, String, String) {
    let out = Process::new(env!("CARGO_BIN_EXE_perft"))
        .args(args)
        .output()
        .expect("the perft binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn binary_exit_codes() {
    let (code, _, err) = binary(&[]);
    assert_eq!(code, 2, "{err}");
    let (code, out, _) = binary(&["--help"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("fixtures") && out.contains("--divide"),
        "{out}"
    );
    let (code, _, err) = binary(&["no-such-variant", "3"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown variant") && err.contains("perft list"),
        "{err}"
    );
    let (code, _, err) = binary(&["compare", "no-such-variant", "3"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = binary(&["toy", "x"]);
    assert_eq!(code, 2, "{err}");
    let empty = std::env::temp_dir().join(format!("frozen-perft-empty-{}", std::process::id()));
    std::fs::create_dir_all(&empty).expect("temp dir");
    let (code, _, err) = binary(&["fixtures", "--dir", &empty.display().to_string()]);
    let _ = std::fs::remove_dir_all(&empty);
    assert_eq!(code, 1);
    assert!(err.contains("--dir"), "{err}");
}
