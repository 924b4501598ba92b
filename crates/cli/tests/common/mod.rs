//! Helpers of the CLI tests: run the real `frozen` binary, check exit codes, ask the
//! library for the facts the binary must agree with, and validate JSON.
#![allow(dead_code)]

use frozen_core::{position_to_ron, Game, Rules, VariantVisitor};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// What one run of the binary did.
#[derive(Debug)]
pub struct Out {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `frozen` with arguments and standard input.
pub fn frozen_in(args: &[&str], stdin: &str) -> Out {
    let mut child = Command::new(env!("CARGO_BIN_EXE_frozen"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the frozen binary starts");
    {
        let mut input = child.stdin.take().expect("stdin is piped");
        // The binary may exit before reading everything; a broken pipe is fine.
        let _ = input.write_all(stdin.as_bytes());
    }
    let o = child
        .wait_with_output()
        .expect("the frozen binary finishes");
    Out {
        code: o.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
    }
}

/// Runs `frozen` with arguments and empty standard input.
pub fn frozen(args: &[&str]) -> Out {
    frozen_in(args, "")
}

/// Asserts success (exit 0) and no panic.
#[track_caller]
pub fn assert_ok(o: &Out, what: &str) {
    assert!(
        o.code == 0 && !o.stderr.contains("panicked"),
        "{what}: expected success, got exit {}\nstdout:\n{}\nstderr:\n{}",
        o.code,
        o.stdout,
        o.stderr
    );
}

/// Asserts a clean failure: exit 1 or 2, a message on stderr, no panic.
#[track_caller]
pub fn assert_fails(o: &Out, what: &str) {
    assert!(
        (o.code == 1 || o.code == 2)
            && !o.stderr.trim().is_empty()
            && !o.stderr.contains("panicked"),
        "{what}: expected exit 1 or 2 with a message, got exit {}\nstdout:\n{}\nstderr:\n{}",
        o.code,
        o.stdout,
        o.stderr
    );
}

/// Asserts exit code `code` with a message on stderr.
#[track_caller]
pub fn assert_code(o: &Out, code: i32, what: &str) {
    assert_fails(o, what);
    assert_eq!(o.code, code, "{what}: exit code\nstderr:\n{}", o.stderr);
}

/// Names of the registered variants.
pub fn variants() -> Vec<&'static str> {
    frozen_variants::VARIANTS.iter().map(|v| v.name).collect()
}

/// A fresh scratch folder for one test.
pub fn scratch(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("cli-tests")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch folder");
    d
}

/// The repository root.
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// What the library says about a variant's initial position (or a RON position).
#[derive(Debug, Clone)]
pub struct Facts {
    pub actions: Vec<String>,
    pub froms: Vec<Option<String>>,
    pub fen: Option<String>,
    pub ron: String,
    pub on_board: usize,
}

/// Visitor collecting [`Facts`].
pub struct GetFacts {
    /// Actions to apply from the initial position first.
    pub after: Vec<String>,
}

impl VariantVisitor for GetFacts {
    type Output = Facts;
    fn visit<R: Rules + Clone>(self, rules: R) -> Facts {
        let mut g = Game::new(rules.clone());
        for a in &self.after {
            g.apply_text(a).expect("a legal action");
        }
        let pos = g.position();
        let list = g.actions();
        Facts {
            actions: list.iter().map(|a| g.format(a)).collect(),
            froms: list
                .iter()
                .map(|a| a.from().map(|s| s.to_string()))
                .collect(),
            fen: rules.to_fen(pos),
            ron: position_to_ron(&rules, pos),
            on_board: pos.units().iter().filter(|u| u.loc.on_board()).count(),
        }
    }
}

/// Facts of a variant after some actions.
pub fn facts(variant: &str, after: &[String]) -> Facts {
    frozen_variants::visit(
        variant,
        GetFacts {
            after: after.to_vec(),
        },
    )
    .expect("a registered variant")
}

/// Checks that `text` is one JSON value (RFC 8259 grammar), returning an error position.
pub fn json_valid(text: &str) -> Result<(), usize> {
    let b = text.as_bytes();
    let mut i = 0;
    value(b, &mut i, 0)?;
    ws(b, &mut i);
    if i == b.len() {
        Ok(())
    } else {
        Err(i)
    }
}

fn ws(b: &[u8], i: &mut usize) {
    while *i < b.len() && matches!(b[*i], b' ' | b'\n' | b'\r' | b'\t') {
        *i += 1;
    }
}

fn value(b: &[u8], i: &mut usize, depth: usize) -> Result<(), usize> {
    if depth > 200 {
        return Err(*i);
    }
    ws(b, i);
    match b.get(*i) {
        Some(b'{') => {
            *i += 1;
            ws(b, i);
            if b.get(*i) == Some(&b'}') {
                *i += 1;
                return Ok(());
            }
            loop {
                ws(b, i);
                string(b, i)?;
                ws(b, i);
                if b.get(*i) != Some(&b':') {
                    return Err(*i);
                }
                *i += 1;
                value(b, i, depth + 1)?;
                ws(b, i);
                match b.get(*i) {
                    Some(b',') => *i += 1,
                    Some(b'}') => {
                        *i += 1;
                        return Ok(());
                    }
                    _ => return Err(*i),
                }
            }
        }
        Some(b'[') => {
            *i += 1;
            ws(b, i);
            if b.get(*i) == Some(&b']') {
                *i += 1;
                return Ok(());
            }
            loop {
                value(b, i, depth + 1)?;
                ws(b, i);
                match b.get(*i) {
                    Some(b',') => *i += 1,
                    Some(b']') => {
                        *i += 1;
                        return Ok(());
                    }
                    _ => return Err(*i),
                }
            }
        }
        Some(b'"') => string(b, i),
        Some(b't') if b[*i..].starts_with(b"true") => {
            *i += 4;
            Ok(())
        }
        Some(b'f') if b[*i..].starts_with(b"false") => {
            *i += 5;
            Ok(())
        }
        Some(b'n') if b[*i..].starts_with(b"null") => {
            *i += 4;
            Ok(())
        }
        Some(c) if *c == b'-' || c.is_ascii_digit() => {
            let start = *i;
            *i += 1;
            while *i < b.len()
                && (b[*i].is_ascii_digit() || matches!(b[*i], b'.' | b'e' | b'E' | b'+' | b'-'))
            {
                *i += 1;
            }
            if b[start..*i].iter().any(u8::is_ascii_digit) {
                Ok(())
            } else {
                Err(start)
            }
        }
        _ => Err(*i),
    }
}

fn string(b: &[u8], i: &mut usize) -> Result<(), usize> {
    if b.get(*i) != Some(&b'"') {
        return Err(*i);
    }
    *i += 1;
    while let Some(&c) = b.get(*i) {
        match c {
            b'"' => {
                *i += 1;
                return Ok(());
            }
            b'\\' => match b.get(*i + 1) {
                Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => *i += 2,
                Some(b'u')
                    if b.len() >= *i + 6 && b[*i + 2..*i + 6].iter().all(u8::is_ascii_hexdigit) =>
                {
                    *i += 6
                }
                _ => return Err(*i),
            },
            c if c < 0x20 => return Err(*i),
            _ => *i += 1,
        }
    }
    Err(*i)
}

/// Action texts that no variant can read or play.
pub const MALFORMED_ACTIONS: &[&str] = &[
    "",
    " ",
    "zz",
    "e2",
    "e2e",
    "a0a1",
    "q1q2",
    "a17a1",
    "a01a2",
    "e2e4=",
    "e2e4=?",
    "e2e4#0",
    "e2e4#x",
    "e2e4#99999999",
    "drop:",
    "drop:N",
    "drop:@e4",
    "swap:",
    "choose:",
    "choose:x",
    "choose:01",
    "declare:-1",
    "nosuch:e2e4",
    ":",
    "::::",
    "E2E4",
    "e2-e4",
    "♔e2e4",
    "e2e4\u{1}",
    "p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16p16",
];
