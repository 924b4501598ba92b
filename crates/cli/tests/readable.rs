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

/// The legal action texts of a denial-bait position given as a FEN and actions after it.
fn db_moves(fen: &str, after: &[&str]) -> Vec<String> {
    let mut args = vec!["moves", "denial-bait", "--fen", fen];
    if !after.is_empty() {
        args.push("--after");
        args.extend_from_slice(after);
    }
    let o = frozen(&args);
    assert_ok(&o, &format!("moves after {after:?}"));
    o.stdout.split_whitespace().map(str::to_string).collect()
}

/// The FEN after applying `actions` to `fen` (`apply --json`).
fn db_fen_after(fen: &str, actions: &[&str]) -> String {
    let mut args = vec!["apply", "denial-bait", "--fen", fen, "--json"];
    args.extend_from_slice(actions);
    let o = frozen(&args);
    assert_ok(&o, &format!("apply {actions:?}"));
    let v: serde_json::Value = serde_json::from_str(&o.stdout).expect("JSON");
    v["fen"].as_str().expect("a FEN").to_string()
}

/// (FEN, actions up to the decision, decision name, option names in `choose:<n>` order,
/// words of the question).
type DecisionCase = (
    &'static str,
    &'static [&'static str],
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
);

#[test]
fn denial_bait_decisions_have_names() {
    // (FEN, actions up to the decision, decision name, option names in choose:<n> order,
    //  words of the question)
    let cases: [DecisionCase; 3] = [
        // DB-BISH-02: the rook takes the bishop on d5; Black may raise it.
        (
            "7k/p7/8/3b4/8/8/8/K2R4 w - - 0 1",
            &["d1d5"],
            "raise",
            &["decline", "raise"],
            &["black: raise the Bishop on d5", "DB-BISH-02"],
        ),
        // DB-BAIT-06: the baited King is transported to c2 or d2, White chooses.
        (
            "4r2k/8/8/b7/8/8/P1PP4/4K3 w - - 0 1",
            &["declare:1", "e1f1", "f1e1", "e8e1"],
            "bait target",
            &["c2", "d2"],
            &["white: which pawn", "DB-BAIT-06"],
        ),
        // DB-PROM-02: statue or a pool piece; the pool has two rooks, bishops, knights.
        (
            "7k/3P4/8/7q/8/8/8/K7 w - - 0 1",
            &["d7d8"],
            "conversion",
            &[
                "statue", "queen", "rook", "rook-2", "bishop", "bishop-2", "knight", "knight-2",
            ],
            &["white: how does the pawn on d8 convert", "DB-PROM-02"],
        ),
    ];
    for (fen, before, name, options, question) in cases {
        let listed = db_moves(fen, before);
        let expected: Vec<String> = options.iter().map(|o| format!("choose:{o}")).collect();
        assert_eq!(listed, expected, "{name}: moves lists the named options");

        // show: the question and each option with its action text; no raw kind numbers.
        let mut args = vec!["show", "denial-bait", "--fen", fen, "--after"];
        args.extend_from_slice(before);
        let o = frozen(&args);
        assert_ok(&o, "show");
        assert!(
            o.stdout.contains(&format!("pending {name}: ")),
            "{name}: {}",
            o.stdout
        );
        for w in question
            .iter()
            .copied()
            .chain(expected.iter().map(String::as_str))
        {
            assert!(
                o.stdout.contains(w),
                "{name}: show says {w:?}:\n{}",
                o.stdout
            );
        }
        assert!(!o.stdout.contains("decision kind"), "{}", o.stdout);

        // show --json: the decision with its options, action texts and numbers.
        args.push("--json");
        let o = frozen(&args);
        assert_ok(&o, "show --json");
        let v: serde_json::Value = serde_json::from_str(&o.stdout).expect("JSON");
        let d = &v["position"]["decisions"][0];
        assert_eq!(d["name"], name, "{}", o.stdout);
        let got: Vec<(String, u64)> = d["options"]
            .as_array()
            .expect("options")
            .iter()
            .map(|o| {
                (
                    o["action"].as_str().expect("action").to_string(),
                    o["number"].as_u64().expect("number"),
                )
            })
            .collect();
        let want: Vec<(String, u64)> = expected.iter().cloned().zip(0..).collect();
        assert_eq!(got, want, "{name}");

        // render: the question and the options are on the picture.
        let mut args = vec![
            "render",
            "denial-bait",
            "--fen",
            fen,
            "--svg",
            "-",
            "--after",
        ];
        args.extend_from_slice(before);
        let o = frozen(&args);
        assert_ok(&o, "render");
        assert!(o.stdout.contains(&format!("pending {name}: ")), "{name}");
        assert!(o.stdout.contains(&expected[1]), "{name}: {}", expected[1]);

        // Round trip: each name plays exactly as its number, both as text and in --after.
        for (n, text) in expected.iter().enumerate() {
            let mut by_name = before.to_vec();
            by_name.push(text);
            let number = format!("choose:{n}");
            let mut by_number = before.to_vec();
            by_number.push(&number);
            assert_eq!(
                db_fen_after(fen, &by_name),
                db_fen_after(fen, &by_number),
                "{name}: {text} is {number}"
            );
        }
        // A name that is not an option is refused, with the options listed.
        let mut bad = vec!["apply", "denial-bait", "--fen", fen];
        bad.extend_from_slice(before);
        bad.push("choose:nosuch");
        let o = frozen(&bad);
        assert_code(&o, 1, "choose:nosuch");
        assert!(o.stderr.contains("column 8"), "{}", o.stderr);
        assert!(o.stderr.contains(&options.join(", ")), "{}", o.stderr);
    }
}

#[test]
fn perft_split_run_merge_with_a_user_piece_set() {
    let dir = scratch("perft-rules-split");
    // The FIDE piece set under another name: a user set, not a registered variant.
    let text =
        std::fs::read_to_string(repo_root().join("fixtures/variants/fide.ron")).expect("fide set");
    assert!(text.contains("name: \"fide\""));
    let set = dir.join("my-set.ron");
    std::fs::write(&set, text.replacen("name: \"fide\"", "name: \"my-set\"", 1)).expect("write");
    let s = set.to_str().expect("utf-8");
    let out = dir.join("split");
    let o = frozen(&[
        "perft",
        "split",
        "my-set",
        "3",
        "--at",
        "1",
        "--shards",
        "3",
        "-o",
        out.to_str().expect("utf-8"),
        "--rules",
        s,
    ]);
    assert_ok(&o, "split with --rules");
    let mut units: Vec<String> = std::fs::read_dir(&out)
        .expect("split folder")
        .filter_map(|e| e.ok())
        .map(|e| e.path().to_string_lossy().into_owned())
        .filter(|p| p.ends_with(".unit"))
        .collect();
    units.sort();
    assert_eq!(units.len(), 3, "{units:?}");
    let results = out.join("results");
    let mut args = vec!["perft", "run"];
    args.extend(units.iter().map(String::as_str));
    args.extend(["-o", results.to_str().expect("utf-8")]);
    // Without the set, the units name a variant this build does not have.
    assert_code(&frozen(&args), 1, "run without --rules");
    // With another set of the same name (an edited file), the identity differs.
    let edited = dir.join("edited.ron");
    let changed = std::fs::read_to_string(&set).expect("set").replacen(
        "name: \"my-set\"",
        "name: \"my-set\"\n   ",
        1,
    );
    std::fs::write(&edited, changed).expect("write");
    let mut other = args.clone();
    other.extend(["--rules", edited.to_str().expect("utf-8")]);
    assert_code(&frozen(&other), 1, "run with an edited set");
    args.extend(["--rules", s]);
    assert_ok(&frozen(&args), "run with --rules");
    let o = frozen(&["perft", "merge", out.to_str().expect("utf-8"), "--rules", s]);
    assert_ok(&o, "merge");
    assert!(o.stdout.contains("Nodes searched: 8902"), "{}", o.stdout);
    // The same count in this process.
    let o = frozen(&["perft", "my-set", "3", "--split-at", "1", "--rules", s]);
    assert_ok(&o, "--split-at with --rules");
    assert!(o.stdout.contains("8902"), "{}", o.stdout);
    // Subcommands that cover only the registered variants say so.
    for sub in [["perft", "list"], ["perft", "fixtures"]] {
        let mut a = sub.to_vec();
        a.extend(["--rules", s]);
        let o = frozen(&a);
        assert_code(&o, 2, &format!("{a:?}"));
        assert!(o.stderr.contains("--rules"), "{}", o.stderr);
    }
}

/// A jester's presence paralysis, a King in check and a death square are drawn on the
/// picture, and its legend names the rule each one stands for.
#[test]
fn pictures_draw_presence_paralysis_check_and_name_the_rules() {
    // fc12: the White jester on g7 paralyses the Black knight on f7 (F12-JEST-03).
    let fc12 = "k11/p11/12/12/12/5nJ5/12/12/12/12/P11/K11 w";
    let o = frozen(&["render", "fc12", "--fen", fc12, "--svg", "-"]);
    assert_ok(&o, "render fc12");
    let svg = &o.stdout;
    let ring = svg
        .lines()
        .find(|l| l.contains("class=\"paralysed\""))
        .unwrap_or_else(|| panic!("a ring on the paralysed unit:\n{svg}"));
    assert!(ring.contains("jester on g7"), "{ring}");
    assert_eq!(svg.matches("class=\"paralysed\"").count(), 1, "only f7");
    assert!(
        svg.contains("paralysed by an enemy jester&apos;s presence (F12-JEST-03)")
            || svg.contains("paralysed by an enemy jester's presence (F12-JEST-03)"),
        "{svg}"
    );
    // The text board marks it too, with the key.
    let o = frozen(&["show", "fc12", "--fen", fc12, "--ascii"]);
    assert_ok(&o, "show fc12");
    let rank7 = o
        .stdout
        .lines()
        .find(|l| l.starts_with(" 7 "))
        .expect("rank 7");
    assert!(rank7.contains("n*"), "{rank7}");
    assert!(o.stdout.contains("* paralysed"), "{}", o.stdout);

    // fc12 death square: the legend says "death square", not "layer 0".
    let ron = frozen(&["show", "fc12", "--fen", fc12, "--ron"]);
    assert_ok(&ron, "ron");
    assert!(ron.stdout.contains("    state: "), "{}", ron.stdout);
    let with_mark =
        ron.stdout
            .replacen("    state: ", "    marks: [(0, [\"c5\"])],\n    state: ", 1);
    let dir = scratch("pictures");
    let file = dir.join("death.ron");
    std::fs::write(&file, with_mark).expect("write");
    let f = file.to_str().expect("utf-8");
    let o = frozen(&["render", "fc12", "--position", f, "--svg", "-"]);
    assert_ok(&o, "render a death square");
    assert!(
        o.stdout.contains("death square (F12-DETH-01)"),
        "{}",
        o.stdout
    );
    assert!(!o.stdout.contains("layer 0"), "{}", o.stdout);
    let o = frozen(&["show", "fc12", "--position", f]);
    assert_ok(&o, "show a death square");
    assert!(
        o.stdout.contains("x death square (F12-DETH-01)"),
        "{}",
        o.stdout
    );

    // denial-bait: White's King on e1 is in check from the rook on e8 (DB-FIDE-02).
    let db = "4r2k/8/8/b7/8/8/P1PP4/4K3 w - - 0 1";
    let o = frozen(&["render", "denial-bait", "--fen", db, "--svg", "-"]);
    assert_ok(&o, "render denial-bait");
    let check = o
        .stdout
        .lines()
        .find(|l| l.contains("class=\"check\""))
        .unwrap_or_else(|| panic!("a check square:\n{}", o.stdout));
    assert!(
        check.contains("white&apos;s King is in check")
            || check.contains("white's King is in check"),
        "{check}"
    );
    // e1 is file 4, rank 1: x = margin + 4 squares, y = margin + 7 squares.
    assert!(check.contains("x=\"220\" y=\"364\""), "{check}");
    assert!(
        o.stdout.contains("King in check (DB-FIDE-02)"),
        "{}",
        o.stdout
    );
    let o = frozen(&["show", "denial-bait", "--fen", db]);
    assert!(
        o.stdout
            .contains("check: white's King is in check (DB-FIDE-02)"),
        "{}",
        o.stdout
    );
    // Not in check: no check square.
    let o = frozen(&["render", "denial-bait", "--svg", "-"]);
    assert!(!o.stdout.contains("class=\"check\""));
}

/// DB-BISH-02/04: a raised bishop is named in `show`, `--json` and drawn by `render`,
/// instead of raw counters and flags.
#[test]
fn the_raised_bishop_is_named_and_drawn() {
    let fen = "7k/p7/8/3b4/8/8/8/K2R4 w - - 0 1";
    let after = ["--after", "d1d5", "choose:raise"];
    let mut args = vec!["show", "denial-bait", "--fen", fen];
    args.extend(after);
    let o = frozen(&args);
    assert_ok(&o, "show");
    let line = o
        .stdout
        .lines()
        .find(|l| l.starts_with("status b#"))
        .unwrap_or_else(|| panic!("a status line:\n{}", o.stdout));
    assert!(
        line.contains("raised (DB-BISH-02): auto-exiled at the end of black's turn 1 (DB-BISH-04)"),
        "{line}"
    );
    assert!(
        line.contains("its one raise is used (DB-BISH-03)"),
        "{line}"
    );
    assert!(!o.stdout.contains("flags 0x"), "{}", o.stdout);
    args.push("--json");
    let o = frozen(&args);
    let v: serde_json::Value = serde_json::from_str(&o.stdout).expect("JSON");
    let texts: Vec<&str> = v["position"]["units"]
        .as_array()
        .expect("units")
        .iter()
        .filter_map(|u| u["status_text"].as_str())
        .collect();
    assert_eq!(texts.len(), 1, "{texts:?}");
    assert!(texts[0].starts_with("raised (DB-BISH-02)"), "{texts:?}");
    let mut args = vec!["render", "denial-bait", "--fen", fen, "--svg", "-"];
    args.extend(after);
    let o = frozen(&args);
    assert_ok(&o, "render");
    assert_eq!(o.stdout.matches("class=\"status\"").count(), 1, "one badge");
    assert!(
        o.stdout
            .contains("raised bishop, auto-exiled at the end of its owner&apos;s next turn (DB-BISH-02, DB-BISH-04)"),
        "{}",
        o.stdout
    );
}

/// The Parlett sets with a check rule draw their royal piece in check, as fc12 and
/// denial-bait do: after fool's mate White's King on e1 stands on a red square, and a
/// set without the check rule (normal-chess) or a position without check draws none.
#[test]
fn parlett_check_is_drawn_where_the_set_has_the_check_rule() {
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let o = frozen(&["render", "fide", "--fen", mated, "--svg", "-"]);
    assert_ok(&o, "render fide");
    let check = o
        .stdout
        .lines()
        .find(|l| l.contains("class=\"check\""))
        .unwrap_or_else(|| panic!("a check square:\n{}", o.stdout));
    assert!(check.contains("is in check"), "{check}");
    // e1 on 8x8: x = margin + 4 squares, y = margin + 7 squares.
    assert!(check.contains("x=\"220\" y=\"364\""), "{check}");
    assert!(
        o.stdout
            .contains("royal piece in check (the set&apos;s check rule)")
            || o.stdout
                .contains("royal piece in check (the set's check rule)")
    );
    let o = frozen(&["render", "fide", "--svg", "-"]);
    assert_ok(&o, "render fide start");
    assert!(
        !o.stdout.contains("class=\"check\""),
        "no check at the start"
    );
    let o = frozen(&["render", "normal-chess", "--fen", mated, "--svg", "-"]);
    assert_ok(&o, "render normal-chess");
    assert!(
        !o.stdout.contains("class=\"check\""),
        "normal-chess has no check rule"
    );
}
