//! Every bad input under `fixtures/positions/invalid/` is refused with the
//! expected error kind and a located message, never a panic.

use frozen_core::{position_from_ron, ProblemKind, Rules, VariantVisitor};
use serde::Deserialize;
use std::path::{Path, PathBuf};

#[derive(Deserialize)]
struct Case {
    file: String,
    variant: String,
    kind: ProblemKind,
}

struct Load<'a> {
    text: &'a str,
    fen: bool,
}

impl VariantVisitor for Load<'_> {
    type Output = Result<(), frozen_core::LoadError>;
    fn visit<R: Rules + Clone>(self, rules: R) -> Self::Output {
        if self.fen {
            rules.position_from_fen(self.text.trim_end()).map(|_| ())
        } else {
            position_from_ron(&rules, self.text).map(|_| ())
        }
    }
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/positions/invalid")
}

#[test]
fn every_bad_input_gives_its_error_kind_with_a_location() {
    let index = std::fs::read_to_string(dir().join("expected.ron")).expect("expected.ron");
    let cases: Vec<Case> = ron::from_str(&index).expect("valid index");
    assert!(!cases.is_empty());
    let mut failures = Vec::new();
    for c in &cases {
        // This test reads positions (RON and FEN); the other readers' files (games, piece
        // sets, action and divide text) are read by crates/cli/tests/corpus.rs.
        let position = (c.file.ends_with(".ron")
            && !c.file.ends_with(".game.ron")
            && !c.file.ends_with(".set.ron"))
            || c.file.ends_with(".fen");
        if !position {
            continue;
        }
        let text = std::fs::read_to_string(dir().join(&c.file)).expect("fixture file");
        let load = Load {
            text: &text,
            fen: c.file.ends_with(".fen"),
        };
        match frozen_variants::visit(&c.variant, load) {
            Err(e) => failures.push(format!("{}: {e}", c.file)),
            Ok(Ok(())) => failures.push(format!("{}: loaded without error", c.file)),
            Ok(Err(e)) => {
                if e.kind() != Some(c.kind) {
                    failures.push(format!("{}: expected {:?}, got {e}", c.file, c.kind));
                }
                if e.problems
                    .iter()
                    .any(|p| p.location.is_empty() || p.message.is_empty())
                {
                    failures.push(format!(
                        "{}: a problem without location or message: {e}",
                        c.file
                    ));
                }
            }
        }
    }
    // Every file in the folder is listed.
    for entry in walk(&dir()) {
        let rel = entry
            .strip_prefix(dir())
            .expect("under dir")
            .to_string_lossy()
            .replace('\\', "/");
        if rel != "expected.ron" && !cases.iter().any(|c| c.file == rel) && !rel.starts_with("cli/")
        {
            failures.push(format!("{rel}: not listed in expected.ron"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
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
    out
}
