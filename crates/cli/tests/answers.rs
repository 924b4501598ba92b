//! Wrong or silent answers a user met, each run through the real binary: strict RON
//! readers, a game file given as a position (and the reverse), one result per position.

mod common;

use common::*;

const FOOLS_MATE: &str = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
const BEFORE_MATE: &str = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2";

fn json(o: &Out) -> serde_json::Value {
    serde_json::from_str(&o.stdout).unwrap_or_else(|e| panic!("not JSON ({e}):\n{}", o.stdout))
}

#[test]
fn misspelt_fields_are_refused_with_their_name_and_place() {
    let dir = scratch("answers-strict");
    let cases = [
        ("plcement", "(variant: \"fide\", plcement: Some(\"8/8/8/8/8/8/8/8\"))"),
        ("to_mvoe", "(variant: \"fide\",\n to_mvoe: Black)"),
        (
            "sattus",
            "(variant: \"fide\", units: [(id: 0, kind: \"K\", side: White, at: Board(e1), sattus: ())])",
        ),
        (
            "frozen_thru",
            "(variant: \"fide\", units: [(id: 0, kind: \"K\", side: White, at: Board(e1), status: (frozen_thru: 3))])",
        ),
        (
            "winer",
            "(variant: \"fide\", result: Some((winer: None, reason: \"x\")))",
        ),
    ];
    for (field, text) in cases {
        let f = dir.join(format!("{field}.ron"));
        std::fs::write(&f, text).unwrap();
        let p = f.to_str().unwrap();
        let o = frozen(&["check", p]);
        assert_code(&o, 1, &format!("check {field}"));
        assert!(
            o.stderr.contains(field) || o.stdout.contains(field),
            "{field}: {o:?}"
        );
        assert!(
            o.stderr.contains("line ") || o.stdout.contains("line "),
            "the place is named: {o:?}"
        );
        let o = frozen(&["show", "fide", "--position", p]);
        assert_code(&o, 1, &format!("show --position {field}"));
        assert!(o.stderr.contains(field), "{}", o.stderr);
    }
    // A game file with a misspelt field.
    let f = dir.join("game.ron");
    std::fs::write(
        &f,
        "(variant: \"fide\", start: (variant: \"fide\"), actions: [], comment: \"x\")",
    )
    .unwrap();
    let o = frozen(&["check", f.to_str().unwrap()]);
    assert_code(&o, 1, "check game with an unknown field");
    assert!(
        o.stderr.contains("comment") || o.stdout.contains("comment"),
        "{o:?}"
    );
}

#[test]
fn a_game_file_given_as_a_position_says_so_and_names_load() {
    let dir = scratch("answers-game-as-position");
    let game = dir.join("g.ron");
    let g = game.to_str().unwrap();
    let o = frozen_in(&["play", "fide"], &format!("e2e4\nsave {g}\nquit\n"));
    assert_ok(&o, "play and save");
    for sub in ["show", "moves", "render"] {
        let mut args = vec![sub, "fide", "--position", g];
        if sub == "render" {
            args.extend(["--svg", "-"]);
        }
        let o = frozen(&args);
        assert_code(&o, 1, &format!("{sub} --position <game file>"));
        assert!(o.stderr.contains("game file"), "{sub}: {}", o.stderr);
        assert!(o.stderr.contains("--load"), "{sub}: {}", o.stderr);
        assert!(
            o.stdout.is_empty(),
            "{sub}: no board on stdout: {}",
            o.stdout
        );
    }
    // The reverse: a position file given to --load names --position.
    let pos = dir.join("p.ron");
    let o = frozen(&["show", "fide", "--ron"]);
    std::fs::write(&pos, &o.stdout).unwrap();
    let o = frozen(&["play", "fide", "--load", pos.to_str().unwrap()]);
    assert_code(&o, 1, "play --load <position file>");
    assert!(o.stderr.contains("position file"), "{}", o.stderr);
    assert!(o.stderr.contains("--position"), "{}", o.stderr);
}

#[test]
fn a_mate_has_one_answer_however_it_is_reached() {
    // Loaded from FEN.
    let o = frozen(&["moves", "fide", "--json", "--fen", FOOLS_MATE]);
    assert_ok(&o, "moves --json of a mate");
    let v = json(&o);
    assert_eq!(v["result"]["winner"], "black", "{v}");
    assert_eq!(v["result"]["reason"], "checkmate", "{v}");
    assert_eq!(v["actions"].as_array().map(Vec::len), Some(0), "{v}");
    // Played to.
    let o = frozen(&["apply", "fide", "--json", "--fen", BEFORE_MATE, "d8h4"]);
    assert_ok(&o, "apply d8h4");
    let v = json(&o);
    assert_eq!(v["result"]["winner"], "black", "{v}");
    // The events of the mating move say the game is over, listed or applied.
    let o = frozen(&[
        "moves",
        "fide",
        "--json",
        "--fen",
        BEFORE_MATE,
        "--from",
        "d8",
    ]);
    assert_ok(&o, "moves --from d8");
    let v = json(&o);
    let mate = v["actions"]
        .as_array()
        .and_then(|l| l.iter().find(|a| a["text"] == "d8h4"))
        .cloned()
        .expect("d8h4 is listed");
    assert!(
        mate["events"]
            .as_array()
            .is_some_and(|e| e.iter().any(|e| e["type"] == "game_over")),
        "{mate}"
    );
    // show and apply --fen agree.
    let o = frozen(&["show", "fide", "--fen", FOOLS_MATE]);
    assert_ok(&o, "show a mate");
    assert!(o.stdout.contains("checkmate"), "{}", o.stdout);
    let o = frozen(&["apply", "fide", "--fen", FOOLS_MATE, "e1f2"]);
    assert_code(&o, 1, "no action after a mate");
    assert!(o.stderr.contains("game is over"), "{}", o.stderr);
}

/// A game file of `n` actions (knights out and back, so no rule ends it) for fide.
fn knight_shuffle(path: &std::path::Path, n: usize) {
    let moves = ["\"g1f3\"", "\"g8f6\"", "\"f3g1\"", "\"f6g8\""];
    let list: Vec<&str> = (0..n).map(|i| moves[i % 4]).collect();
    let text = format!(
        "(variant: \"fide\", start: (variant: \"fide\", placement: Some(\"{START}\")), actions: [{}])",
        list.join(",")
    );
    std::fs::write(path, text).unwrap();
}

/// Runs `frozen` under a virtual memory limit (KiB), through the shell's `ulimit -v`.
fn frozen_limited(kib: u64, args: &[&str]) -> Out {
    let mut script = format!("ulimit -v {kib}; exec \"$0\"");
    for i in 0..args.len() {
        script.push_str(&format!(" \"${}\"", i + 1));
    }
    let o = std::process::Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_frozen"))
        .args(args)
        .output()
        .expect("sh runs");
    Out {
        code: o.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
    }
}

#[test]
fn replay_memory_is_proportional_to_need_and_too_much_is_refused() {
    let dir = scratch("answers-memory");
    // 100 000 actions replay in 250 MB (a whole position per action took over 400 MB).
    let long = dir.join("long.ron");
    knight_shuffle(&long, 100_000);
    let o = frozen_limited(250_000, &["check", long.to_str().unwrap()]);
    assert_ok(&o, "check a game of 100 000 actions in 250 MB");
    assert!(o.stdout.contains("100000 action(s)"), "{}", o.stdout);
    // A game file under the 16 MiB limit that cannot be held in 400 MB: a clear error.
    let huge = dir.join("huge.ron");
    knight_shuffle(&huge, 2_200_000);
    assert!(std::fs::metadata(&huge).unwrap().len() < 16 * 1024 * 1024);
    for args in [
        vec!["check", huge.to_str().unwrap()],
        vec!["play", "fide", "--load", huge.to_str().unwrap()],
    ] {
        let o = frozen_limited(400_000, &args);
        assert_code(&o, 1, &format!("{args:?} in 400 MB"));
        assert!(o.stderr.contains("hold in memory"), "{}", o.stderr);
    }
}

#[test]
fn action_text_errors_say_what_was_expected() {
    let cases = [
        ("E2e4", "lower case"),
        ("e2-e4", "nothing between them"),
        ("e2xe4", "nothing between them"),
        ("Zf3", "lower case"),
    ];
    for (text, says) in cases {
        let o = frozen(&["apply", "fide", text]);
        assert_code(&o, 1, text);
        assert!(o.stderr.contains(says), "{text}: {}", o.stderr);
        assert!(
            !o.stderr.contains("at least two squares") || says.contains("two squares"),
            "{text}: {}",
            o.stderr
        );
    }
    // `choose:0` is option 0, as docs/notation.md says: read, refused only as illegal here.
    let o = frozen(&["apply", "fide", "choose:0"]);
    assert_code(&o, 1, "choose:0 in fide");
    assert!(o.stderr.contains("illegal action choose:0"), "{}", o.stderr);
}

#[test]
fn the_chess_sets_read_standard_algebraic_notation() {
    for v in ["fide", "denial-bait"] {
        let o = frozen(&["apply", v, "Nf3", "Nc6", "e3", "Nf6", "Be2", "e6", "O-O"]);
        assert_ok(&o, &format!("{v}: SAN"));
        for canon in ["g1f3", "b8c6", "e2e3", "g8f6", "f1e2", "e7e6", "e1g1"] {
            assert!(o.stdout.contains(canon), "{v}: {canon} in\n{}", o.stdout);
        }
    }
    let o = frozen(&["apply", "fide", "e4", "d5", "exd5"]);
    assert_ok(&o, "pawn moves and a capture");
    assert!(o.stdout.contains("e4d5"), "{}", o.stdout);
    // Promotion and en passant.
    let o = frozen(&[
        "apply",
        "fide",
        "--fen",
        "4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1",
        "exd6",
    ]);
    assert_ok(&o, "exd6 en passant");
    assert!(o.stdout.contains("e5d6"), "{}", o.stdout);
    let o = frozen(&[
        "apply",
        "fide",
        "--fen",
        "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
        "b8=Q+",
    ]);
    assert_ok(&o, "b8=Q");
    assert!(o.stdout.contains("b7b8=Q"), "{}", o.stdout);
    // Ambiguous: both knights reach d2.
    let o = frozen(&[
        "apply",
        "fide",
        "--fen",
        "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1",
        "Nd2",
    ]);
    assert_code(&o, 1, "ambiguous Nd2");
    assert!(
        o.stderr.contains("b1d2") && o.stderr.contains("f1d2"),
        "{}",
        o.stderr
    );
    let o = frozen(&[
        "apply",
        "fide",
        "--fen",
        "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1",
        "Nbd2",
    ]);
    assert_ok(&o, "Nbd2");
    assert!(o.stdout.contains("b1d2"), "{}", o.stdout);
}

#[test]
fn show_and_apply_give_the_whole_position_as_json() {
    for v in variants() {
        let o = frozen(&["show", v, "--json"]);
        assert_ok(&o, &format!("{v}: show --json"));
        let j = json(&o);
        assert_eq!(j["schema_version"], 1, "{v}");
        assert_eq!(j["variant"], v);
        let units = j["position"]["units"].as_array().expect("units");
        let f = facts(v, &[]);
        assert_eq!(
            units
                .iter()
                .filter(|u| u["location"]["at"] == "board")
                .count(),
            f.on_board,
            "{v}: units on the board"
        );
        for (i, u) in units.iter().enumerate() {
            assert_eq!(u["id"], i, "{v}: ids in order");
            assert!(u["kind"].is_string() && u["side"].is_string(), "{u}");
        }
        assert!(j["position"]["setup"]["units"].is_array(), "{v}");
        let o = frozen(&["moves", v, "--json"]);
        assert_eq!(json(&o)["schema_version"], 1, "{v}: moves --json");
        let first = f.actions.first().expect("an action").clone();
        let o = frozen(&["apply", v, "--json", &first]);
        assert_ok(&o, &format!("{v}: apply --json"));
        let j = json(&o);
        assert_eq!(j["schema_version"], 1);
        assert!(j["position"]["units"].is_array(), "{v}: {j}");
        let side = j["position"]["to_move"].as_str().unwrap_or("");
        assert!(side == "white" || side == "black", "{v}: {side}");
    }
    let o = frozen(&["show", "fide", "--json", "--fen", FOOLS_MATE]);
    let j = json(&o);
    assert_eq!(j["position"]["result"]["winner"], "black");
    assert_eq!(j["position"]["actor"], "white");
}

#[test]
fn moves_and_show_take_after_like_render() {
    let o = frozen(&["moves", "fide", "--after", "e2e4", "e7e5", "--from", "g1"]);
    assert_ok(&o, "moves --after");
    let f = facts("fide", &["e2e4".to_string(), "e7e5".to_string()]);
    let want: Vec<&String> = f
        .actions
        .iter()
        .zip(&f.froms)
        .filter(|(_, s)| s.as_deref() == Some("g1"))
        .map(|(a, _)| a)
        .collect();
    let got: Vec<&str> = o.stdout.lines().collect();
    assert_eq!(got, want, "moves --after e2e4 e7e5 --from g1");
    assert!(got.contains(&"g1e2"), "e2 is free after e2e4: {got:?}");
    let o = frozen(&["show", "fide", "--ascii", "--after", "Nf3"]);
    assert_ok(&o, "show --after SAN");
    assert!(o.stdout.contains("to act: black"), "{}", o.stdout);
    let o = frozen(&["show", "fide", "--json", "--after", "e2e4"]);
    assert_eq!(json(&o)["position"]["to_move"], "black");
    let o = frozen(&["moves", "fide", "--after", "e2e5"]);
    assert_code(&o, 1, "moves --after an illegal action");
    assert!(o.stderr.contains("--after action 1"), "{}", o.stderr);
}

#[test]
fn play_behaves_as_a_player_expects() {
    // Undo before your first move as Black: nothing of yours to take back; the
    // opponent's opening stays.
    let o = frozen_in(
        &[
            "play", "fide", "--vs", "random", "--side", "black", "--seed", "3", "--ascii",
        ],
        "undo\nboard\nquit\n",
    );
    assert_ok(&o, "undo as Black before moving");
    assert!(o.stdout.contains("nothing to undo"), "{}", o.stdout);
    assert_eq!(o.stdout.matches("random plays").count(), 1, "{}", o.stdout);
    // The prompt to type is only shown on your turn.
    assert!(
        o.stdout.contains("white (the random opponent) to act"),
        "{}",
        o.stdout
    );
    assert!(
        !o.stdout.contains("white to act; type an action"),
        "{}",
        o.stdout
    );
    // Undo after your move takes back your move and the answer.
    let o = frozen_in(
        &["play", "fide", "--vs", "random", "--seed", "3", "--ascii"],
        "e2e4\nundo\nundo\nquit\n",
    );
    assert_ok(&o, "undo as White");
    assert_eq!(o.stdout.matches("undone").count(), 1, "{}", o.stdout);
    assert!(o.stdout.contains("nothing to undo"), "{}", o.stdout);
    // --side means nothing without an opponent: a usage error.
    let o = frozen(&["play", "fide", "--side", "black"]);
    assert_code(&o, 2, "--side without --vs");
    assert!(o.stderr.contains("--vs"), "{}", o.stderr);
}

#[test]
fn one_side_to_act_in_a_denial_bait_set_up() {
    let dir = scratch("answers-db-side");
    let f = dir.join("b.ron");
    std::fs::write(
        &f,
        "(variant: \"denial-bait\", placement: Some(\"k7/8/2n5/8/8/8/7P/4K3\"), to_move: Black, turns: ((1, 1)))\n",
    )
    .unwrap();
    let p = f.to_str().unwrap();
    let o = frozen(&["apply", "denial-bait", "--position", p, "c6b4", "--json"]);
    assert_code(&o, 1, "a set-up whose side to act contradicts its state");
    assert!(o.stderr.contains("to_move"), "{}", o.stderr);
    let o = frozen(&["check", p]);
    assert_code(&o, 1, "check the contradiction");
}

#[test]
fn the_picture_has_a_piece_key_and_the_last_action() {
    let o = frozen(&["render", "fide", "--svg", "-", "--after", "e2e4"]);
    assert_ok(&o, "render --after e2e4");
    assert_eq!(
        o.stdout.matches("fill=\"#f6f669\"").count(),
        3,
        "two squares and the key"
    );
    assert!(o.stdout.contains("squares of the last action"), "legend");
    for k in ["King (Kk)", "Queen (Qq)", "Knight (Nn)", "Pawn (Pp)"] {
        assert!(o.stdout.contains(k), "piece key names {k}");
    }
    let o = frozen(&["render", "fide", "--svg", "-"]);
    assert!(!o.stdout.contains("squares of the last action"));
}
