//! The source layout of the rule modules (docs/architecture.md, "Layout guidelines"):
//! the files of each checked module folder import each other in one direction (no
//! circle), and no file is over 1,000 lines.
//!
//! A file's dependencies are read off its text: `use super::x`, `super::x::` paths,
//! `use super::{x, y}` groups and `crate::<folder>::x` paths name the sibling file `x`;
//! a `super::` path to anything else (a type of `mod.rs`, `super::*`) names `mod.rs`. In
//! `mod.rs`, a path starting with a child's name names that child; its `mod x;`
//! declarations do not count. Comments, `#[cfg(test)]` modules and the bodies of inline
//! modules' own `super::` paths (which name the file itself) are skipped. Method calls
//! are not imports: a submodule that adds methods to the folder's rules type is used by
//! `mod.rs` through those methods, which the module docs state.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The folders checked, relative to `crates/variants/src`, with the Rust path of each.
const CHECKED: &[&str] = &[
    "denial_bait",
    "fc11",
    "fc11/units",
    "fc6",
    "frozen_family",
    "parlett",
];

/// Files allowed over the limit, each with its reason (none today).
const LONG_FILES: &[(&str, &str)] = &[];

/// Circles allowed, named by two of their files, with the reason (none today).
const ALLOWED_CIRCLES: &[(&str, &str, &str)] = &[];

const MAX_LINES: usize = 1000;

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The module files of a folder: name (file stem, `mod` for `mod.rs`) to text.
fn files(folder: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let dir = src().join(folder);
    for e in fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let p = e.expect("directory entry").path();
        if p.extension().and_then(|x| x.to_str()) == Some("rs") {
            let name = p.file_stem().and_then(|x| x.to_str()).expect("file name");
            let text = fs::read_to_string(&p).expect("readable source");
            out.insert(name.to_string(), text);
        }
    }
    out
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The identifier starting at the beginning of `s`.
fn ident(s: &str) -> &str {
    let end = s.find(|c: char| !is_ident_char(c)).unwrap_or(s.len());
    &s[..end]
}

/// The code lines of a file that count: no comments, no `#[cfg(test)]` module, and for
/// each line whether it sits inside an inline module (where `super::` is the file).
fn code_lines(text: &str) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    let mut skip_test = false;
    // Brace depth at which each open inline module started.
    let mut inline: Vec<i32> = Vec::new();
    let mut depth = 0i32;
    let mut test_depth = None;
    for raw in text.lines() {
        let line = match raw.find("//") {
            Some(i) => &raw[..i],
            None => raw,
        };
        let t = line.trim();
        if t == "#[cfg(test)]" {
            skip_test = true;
            continue;
        }
        let opens = line.matches('{').count() as i32;
        let closes = line.matches('}').count() as i32;
        let is_mod_block = (t.starts_with("mod ") || t.starts_with("pub mod ")) && t.ends_with('{');
        if skip_test && is_mod_block && test_depth.is_none() {
            test_depth = Some(depth);
            skip_test = false;
        } else if skip_test && !t.is_empty() && !t.starts_with("#[") {
            // `#[cfg(test)]` on an item that is not a module: only that item is skipped.
            skip_test = false;
            if opens == 0 {
                depth += opens - closes;
                continue;
            }
        }
        if is_mod_block && test_depth.is_none() {
            inline.push(depth);
        }
        depth += opens - closes;
        if let Some(d) = test_depth {
            if depth <= d {
                test_depth = None;
            }
            continue;
        }
        let in_inline = !inline.is_empty();
        out.push((line.to_string(), in_inline));
        while inline.last().is_some_and(|&d| depth <= d) {
            inline.pop();
        }
    }
    out
}

/// The files of its folder that file `name` uses.
fn deps(folder: &str, name: &str, text: &str, siblings: &BTreeSet<String>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut add = |target: &str| {
        let t = if siblings.contains(target) && target != "mod" {
            target.to_string()
        } else {
            "mod".to_string()
        };
        if t != name {
            out.insert(t);
        }
    };
    let crate_prefix = format!("crate::{folder}::");
    for (line, in_inline) in code_lines(text) {
        let t = line.trim();
        if name == "mod" {
            if t.starts_with("mod ") || t.starts_with("pub mod ") {
                continue;
            }
            // Paths starting with a child's name.
            let mut rest = line.as_str();
            while let Some(i) = rest.find("::") {
                let before = &rest[..i];
                let start = before
                    .rfind(|c: char| !is_ident_char(c))
                    .map_or(0, |j| j + 1);
                let head = &before[start..];
                let preceded_by_path = before[..start].ends_with("::");
                if !preceded_by_path && siblings.contains(head) && head != "mod" {
                    add(head);
                }
                rest = &rest[i + 2..];
            }
            // `use {a, b}` style groups of children are not used in mod.rs files.
        }
        let mut rest = line.as_str();
        let prefix = if in_inline {
            "super::super::"
        } else {
            "super::"
        };
        loop {
            let sup = rest.find(prefix).map(|i| (i, prefix.len()));
            let cr = rest.find(&crate_prefix).map(|i| (i, crate_prefix.len()));
            let (i, len) = match (sup, cr) {
                (Some(a), Some(b)) => {
                    if a.0 <= b.0 {
                        a
                    } else {
                        b
                    }
                }
                (Some(a), None) => a,
                (None, Some(b)) => b,
                (None, None) => break,
            };
            // `super::super::` inside a file's top level is not expected; skip the
            // inner `super::` of such a path.
            let after = &rest[i + len..];
            if after.starts_with('{') {
                let end = after.find('}').unwrap_or(after.len());
                for item in after[1..end].split(',') {
                    let id = ident(item.trim());
                    if !id.is_empty() {
                        add(id);
                    }
                }
            } else if after.starts_with('*') {
                add("mod");
            } else {
                let id = ident(after);
                if !id.is_empty() && id != "super" {
                    add(id);
                }
            }
            rest = &rest[i + len..];
        }
    }
    out
}

/// A circle in the graph, if any, as the list of its files.
fn find_circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(n.to_string(), 1);
        stack.push(n.to_string());
        for m in graph.get(n).into_iter().flatten() {
            let allowed = ALLOWED_CIRCLES
                .iter()
                .any(|(a, b, _)| (a == &n && b == m) || (b == &n && a == m));
            if allowed {
                continue;
            }
            match state.get(m.as_str()).copied().unwrap_or(0) {
                1 => {
                    let at = stack.iter().position(|x| x == m).unwrap_or(0);
                    let mut c = stack[at..].to_vec();
                    c.push(m.clone());
                    return Some(c);
                }
                0 => {
                    if let Some(c) = visit(m, graph, state, stack) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(n.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for n in graph.keys() {
        if state.get(n.as_str()).copied().unwrap_or(0) == 0 {
            let mut stack = Vec::new();
            if let Some(c) = visit(n, graph, &mut state, &mut stack) {
                return Some(c);
            }
        }
    }
    None
}

/// The module sub-folders of a folder (those holding a `mod.rs`): name to the text of all
/// their files, with their `super::` paths hidden. A sub-folder is one node of its parent's
/// graph: what counts are its `crate::<folder>::x` uses of the parent's files; its own
/// `super::` paths point inside it and are checked when the sub-folder is in [`CHECKED`].
fn subfolders(folder: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let dir = src().join(folder);
    for e in fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let p = e.expect("directory entry").path();
        if p.is_dir() && p.join("mod.rs").exists() {
            let name = p.file_name().and_then(|x| x.to_str()).expect("folder name");
            let sub = format!("{folder}/{name}");
            let text: Vec<String> = files(&sub)
                .into_values()
                .map(|t| t.replace("super::", "__own::"))
                .collect();
            out.insert(name.to_string(), text.join("\n"));
        }
    }
    out
}

fn graph(folder: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut fs = files(folder);
    fs.extend(subfolders(folder));
    let names: BTreeSet<String> = fs.keys().cloned().collect();
    fs.iter()
        .map(|(n, t)| (n.clone(), deps(folder, n, t, &names)))
        .collect()
}

#[test]
fn module_files_import_each_other_in_one_direction() {
    for folder in CHECKED {
        let g = graph(folder);
        if let Some(c) = find_circle(&g) {
            panic!(
                "{folder}/: circular imports {} (docs/architecture.md, layout guidelines)",
                c.join(" -> ")
            );
        }
    }
}

#[test]
fn no_module_file_is_over_the_line_limit() {
    for folder in CHECKED {
        for (name, text) in files(folder) {
            let path = format!("{folder}/{name}.rs");
            let n = text.lines().count();
            let allowed = LONG_FILES.iter().any(|(p, _)| *p == path);
            assert!(
                n <= MAX_LINES || allowed,
                "{path} has {n} lines, over {MAX_LINES}: split it by responsibility \
                 (docs/architecture.md, layout guidelines)"
            );
        }
    }
}

/// The checker itself: a circle made of `use super::` lines is found, and a file that
/// only uses files before it passes.
#[test]
fn the_checker_finds_a_circle() {
    let names: BTreeSet<String> = ["mod", "a", "b", "c"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let a = "use super::b::X;\n";
    let b = "use super::{c, base};\nfn f() { super::c::g(); }\n";
    let c = "// use super::a::Y; (a comment)\nuse super::a::Y;\n";
    let mut g = BTreeMap::new();
    g.insert("a".to_string(), deps("x", "a", a, &names));
    g.insert("b".to_string(), deps("x", "b", b, &names));
    g.insert("c".to_string(), deps("x", "c", c, &names));
    assert_eq!(g["b"], ["c", "mod"].iter().map(|s| s.to_string()).collect());
    assert!(find_circle(&g).is_some());
    let c2 = "// use super::a::Y;\n#[cfg(test)]\nmod tests {\n    use super::*;\n    use super::super::a::Y;\n}\n";
    g.insert("c".to_string(), deps("x", "c", c2, &names));
    assert!(g["c"].is_empty(), "{:?}", g["c"]);
    assert_eq!(find_circle(&g), None);
    let m = "mod a;\npub mod b;\nuse a::Z;\nfn f() { b::g(); frozen_core::x(); }\n";
    let dm = deps("x", "mod", m, &names);
    assert_eq!(dm, ["a", "b"].iter().map(|s| s.to_string()).collect());
}
