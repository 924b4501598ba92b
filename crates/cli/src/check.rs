//! `frozen check`: validates position and game files with the same loaders that play
//! them, printing every problem with its location.

use crate::common::{problems_text, read_text};
use crate::error::{CliError, CliResult};
use frozen_core::{position_from_ron, Game, Rules, VariantVisitor};
use frozen_variants::parlett::{load_set, ParlettRules};
use std::path::{Path, PathBuf};

/// What a file holds, judged from its top-level fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum FileKind {
    Position,
    Game,
}

/// Skips RON whitespace and comments (`//` lines, `/* */` blocks, nested).
fn skip_ws(b: &[u8], mut i: usize) -> usize {
    loop {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if b.get(i) == Some(&b'/') && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b.get(i) == Some(&b'/') && b.get(i + 1) == Some(&b'*') {
            let mut depth = 0usize;
            while i < b.len() {
                if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                    depth = depth.saturating_sub(1);
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else {
            return i;
        }
    }
}

/// The top-level field names of a RON struct and the value of a top-level `variant: "..."`,
/// read leniently (a tiny scanner, not a parser: the real loader reports syntax errors).
fn peek(text: &str) -> (Vec<String>, Option<String>) {
    let b = text.as_bytes();
    let mut fields = Vec::new();
    let mut variant = None;
    let mut i = skip_ws(b, 0);
    // An optional struct name before the parenthesis.
    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
        i += 1;
    }
    i = skip_ws(b, i);
    if b.get(i) != Some(&b'(') {
        return (fields, variant);
    }
    i += 1;
    let mut depth = 0usize;
    let mut expect_key = true;
    while i < b.len() {
        i = skip_ws(b, i);
        let Some(&c) = b.get(i) else { break };
        match c {
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                if depth == 0
                    && fields.last().map(String::as_str) == Some("variant")
                    && variant.is_none()
                {
                    variant = text.get(start..i.min(b.len())).map(str::to_string);
                }
                i += 1;
                expect_key = false;
            }
            b'(' | b'[' | b'{' => {
                depth += 1;
                i += 1;
            }
            b')' | b']' | b'}' => {
                if depth == 0 {
                    break;
                }
                depth -= 1;
                i += 1;
            }
            b',' => {
                if depth == 0 {
                    expect_key = true;
                }
                i += 1;
            }
            c if depth == 0 && expect_key && (c.is_ascii_alphabetic() || c == b'_') => {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                let j = skip_ws(b, i);
                if b.get(j) == Some(&b':') {
                    fields.push(text[start..i].to_string());
                    i = j + 1;
                }
                expect_key = false;
            }
            _ => i += 1,
        }
    }
    (fields, variant)
}

/// Checks one file's text against one variant.
struct CheckText<'a> {
    text: &'a str,
    kind: FileKind,
}

impl VariantVisitor for CheckText<'_> {
    type Output = Result<String, String>;
    fn visit<R: Rules + Clone>(self, rules: R) -> Result<String, String> {
        match self.kind {
            FileKind::Position => {
                let pos = position_from_ron(&rules, self.text)
                    .map_err(|e| problems_text("invalid position", &e))?;
                let inv = pos.check_invariants();
                if !inv.is_empty() {
                    return Err(format!(
                        "invalid position: {} problem(s)\n  {}",
                        inv.len(),
                        inv.join("\n  ")
                    ));
                }
                let on_board = pos.units().iter().filter(|u| u.loc.on_board()).count();
                Ok(format!(
                    "{} position, {} to act, {on_board} unit(s) on the board",
                    rules.name(),
                    crate::common::actor(&pos)
                ))
            }
            FileKind::Game => {
                let g = Game::from_ron(rules.clone(), self.text)
                    .map_err(|e| problems_text("invalid game", &e))?;
                Ok(format!(
                    "{} game, {} action(s){}",
                    rules.name(),
                    g.history().len(),
                    g.result().map_or(String::new(), |o| format!(", {o}"))
                ))
            }
        }
    }
}

/// Checks one file; `Ok(summary)` or `Err(problems)`.
fn check_file(
    path: &Path,
    forced: Option<&str>,
    set: Option<&ParlettRules>,
) -> Result<String, String> {
    let text = read_text(path).map_err(|e| e.message)?;
    let (fields, variant) = peek(&text);
    let has = |f: &str| fields.iter().any(|x| x == f);
    if variant.is_none() && has("pieces") && has("moves") {
        // A piece-set file, checked by the loader that plays it.
        return match load_set(&text) {
            Ok(rules) => Ok(format!(
                "piece set {:?}, {} board, {} kind(s)",
                rules.name(),
                rules.shape(),
                rules.kinds().len()
            )),
            Err(e) => Err(format!("invalid piece set: {e}")),
        };
    }
    let kind = if fields.iter().any(|f| f == "start") && fields.iter().any(|f| f == "actions") {
        FileKind::Game
    } else {
        FileKind::Position
    };
    if let Some(rules) = set {
        return CheckText { text: &text, kind }.visit(rules.clone());
    }
    let name = forced.map(str::to_string).or(variant);
    match name {
        Some(name) => frozen_variants::visit(&name, CheckText { text: &text, kind }).unwrap_or_else(|e| {
            Err(format!(
                "variant: {e}\nhint: a position or game file names its variant (`variant: \"<name>\"`); \
                 for a user piece set, pass --rules <set file>"
            ))
        }),
        None => {
            let mut errs = Vec::new();
            for v in frozen_variants::VARIANTS {
                match frozen_variants::visit(v.name, CheckText { text: &text, kind }) {
                    Ok(Ok(s)) => return Ok(s),
                    Ok(Err(e)) => errs.push(format!("as {}: {e}", v.name)),
                    Err(e) => errs.push(e.to_string()),
                }
            }
            Err(format!(
                "no `variant:` field found and no registered variant accepts the file{}{}\n\
                 hint: add `variant: \"<name>\"` or pass --variant <name> (see `frozen variants`)",
                if errs.is_empty() { "" } else { ":\n" },
                errs.join("\n")
            ))
        }
    }
}

/// `frozen check FILE...`: every problem of every file; exit 1 if any. With `rules`
/// (a piece-set file), positions and games are read with that set.
pub fn check(files: &[PathBuf], variant: Option<&str>, rules: Option<&Path>) -> CliResult {
    let set = match rules {
        Some(p) => Some(crate::common::load_piece_set(p)?),
        None => None,
    };
    if let Some(v) = variant {
        if !frozen_variants::VARIANTS.iter().any(|i| i.name == v) {
            let names: Vec<&str> = frozen_variants::VARIANTS.iter().map(|i| i.name).collect();
            return Err(CliError::usage(format!(
                "--variant {v:?}: unknown variant; known variants: {}",
                if names.is_empty() {
                    "none registered".to_string()
                } else {
                    names.join(", ")
                }
            )));
        }
    }
    let mut bad = 0usize;
    let mut out = String::new();
    for f in files {
        match check_file(f, variant, set.as_ref()) {
            Ok(summary) => out.push_str(&format!("{}: ok ({summary})\n", f.display())),
            Err(problems) => {
                bad += 1;
                crate::common::warn(&format!("{}: {problems}", f.display()));
            }
        }
    }
    crate::common::emit(&out)?;
    if bad > 0 {
        return Err(CliError::fail(format!(
            "{bad} of {} file(s) have problems",
            files.len()
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::peek;

    #[test]
    fn peeks_fields_and_variant() {
        let (f, v) = peek(
            "// c\n(\n variant: \"fc12\", /* x */ start: (variant: \"no\"), actions: [\"a\"],\n)",
        );
        assert_eq!(f, vec!["variant", "start", "actions"]);
        assert_eq!(v.as_deref(), Some("fc12"));
        let (f, v) = peek("Setup(to_move: White, variant: \"x\\\"y\")");
        assert_eq!(f, vec!["to_move", "variant"]);
        assert_eq!(v.as_deref(), Some("x\\\"y"));
        assert_eq!(peek("garbage"), (vec![], None));
        assert_eq!(peek("(\"unterminated"), (vec![], None));
        assert_eq!(peek(""), (vec![], None));
    }
}
