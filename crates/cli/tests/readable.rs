//! What a user reads (issue 21): errors that point at the exact place and say why,
//! decisions with names, pictures that name the rules. Every test runs the binary.

mod common;

use common::*;

/// The column `parlett explain` blames, read from "at column N" in its message.
fn blamed_column(stderr: &str) -> usize {
    let at = stderr
        .find("at column ")
        .unwrap_or_else(|| panic!("no column in: {stderr}"));
    stderr[at + 10..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap_or_else(|_| panic!("no column number in: {stderr}"))
}

/// The caret line under the echoed definition: the offset of `^`, 1-based.
fn caret_column(stderr: &str, definition: &str) -> usize {
    let mut lines = stderr.lines();
    lines
        .by_ref()
        .find(|l| *l == definition)
        .unwrap_or_else(|| panic!("the definition is echoed: {stderr}"));
    let caret = lines
        .next()
        .unwrap_or_else(|| panic!("a caret line: {stderr}"));
    caret
        .find('^')
        .unwrap_or_else(|| panic!("a caret: {stderr}"))
        + 1
}

#[test]
fn parlett_explain_blames_the_exact_column() {
    // (definition, column blamed, words the reason must contain)
    let cases: [(&str, usize, &[&str]); 7] = [
        // `1*` is complete: the second `*` is the extra char (not column 1, "a piece letter").
        ("1**", 3, &["found '*'", "end of input"]),
        ("N: 1**", 6, &["found '*'"]),
        ("**N**: 1**", 10, &["found '*'"]),
        // An empty range is refused at its '{'.
        ("{3..1}*", 1, &["{3..1}", "a <= b", "write {1..3}"]),
        ("N: o1>, c{3..1}+", 10, &["{3..1}", "a <= b"]),
        // A tile label bound nowhere on the line is refused, named, at its '%'.
        ("~%S%", 2, &["'%S%'", "no '@S@' on this line"]),
        ("1*, 0@T@.~%Sq%", 11, &["'%Sq%'", "no '@Sq@' on this line"]),
    ];
    for (definition, column, words) in cases {
        let o = frozen(&["parlett", "explain", definition]);
        assert_code(&o, 1, &format!("explain {definition:?}"));
        assert_eq!(
            blamed_column(&o.stderr),
            column,
            "{definition:?}: {}",
            o.stderr
        );
        assert_eq!(
            caret_column(&o.stderr, definition),
            column,
            "{definition:?}: {}",
            o.stderr
        );
        for w in words {
            assert!(
                o.stderr.contains(w),
                "{definition:?} says {w:?}: {}",
                o.stderr
            );
        }
    }
    // What is right stays accepted: a bound tile label, a one-distance range.
    for good in ["0@S@.c{1..4}+.~%S%, o1*", "{2..2}+", "S: 0@S@.~%S%"] {
        assert_ok(&frozen(&["parlett", "explain", good]), good);
    }
}

/// The RON position file `frozen show <variant> --ron` writes, with one line replaced.
fn edited_ron(variant: &str, from: &str, to: &str) -> String {
    let o = frozen(&["show", variant, "--ron"]);
    assert_ok(&o, &format!("show {variant} --ron"));
    assert!(
        o.stdout.contains(from),
        "{variant}: {from:?} in\n{}",
        o.stdout
    );
    o.stdout.replacen(from, to, 1)
}

#[test]
fn variant_state_blocks_refuse_unknown_fields() {
    let dir = scratch("strict-state");
    // (variant, line to edit, edited line, misspelt field, struct named)
    let cases = [
        (
            "fc12",
            "    state: (),",
            "    state: (no_psuh: true),",
            "no_psuh",
            "Fc12State",
        ),
        (
            "denial-bait",
            "        denial: Black,",
            "        denail: Black,",
            "denail",
            "DbState",
        ),
        (
            "denial-bait",
            "        halfmove: 0,",
            "        halfmove: 0, halfmvoe: 3,",
            "halfmvoe",
            "GameFields",
        ),
        (
            "denial-bait",
            "        bait: false,",
            "        bait: false, baitt: true,",
            "baitt",
            "TurnFields",
        ),
    ];
    for (k, (variant, from, to, field, name)) in cases.into_iter().enumerate() {
        let text = edited_ron(variant, from, to);
        let line = text
            .lines()
            .position(|l| l.contains(field))
            .expect("edited line")
            + 1;
        let file = dir.join(format!("{k}.ron"));
        std::fs::write(&file, &text).expect("write");
        let path = file.to_str().expect("utf-8 path");
        for args in [
            vec!["check", path],
            vec!["show", variant, "--position", path],
            vec!["moves", variant, "--position", path],
        ] {
            let o = frozen(&args);
            assert_code(&o, 1, &format!("{args:?}"));
            for w in [
                format!("`{field}`"),
                name.to_string(),
                format!("line {line}, column "),
            ] {
                assert!(o.stderr.contains(&w), "{args:?} says {w:?}: {}", o.stderr);
            }
        }
        // The file as written loads.
        let good = dir.join(format!("{k}-good.ron"));
        std::fs::write(&good, edited_ron(variant, from, from)).expect("write");
        assert_ok(&frozen(&["check", good.to_str().expect("utf-8")]), "good");
    }
}
