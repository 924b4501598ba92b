//! Rule tests of the Parlett engine, one or more per catalogue ID
//! (`parlett.md`, rulings in `docs/rules/parlett.md`). Each test builds a
//! small piece set from notation (or loads a shipped set) and checks the
//! exact move list, so it fails if the rule is broken.

use frozen_core::{Action, Game, NoEvents, Position, Rules, Side, Square};
use frozen_variants::parlett::{
    builtin_rules, load_set, Body, GameRule, ParlettRules, ParlettState, PieceSpec, PromotionSpec,
    PromotionZone, SetFile,
};

/// A set with pieces A..: `lines` use letters; every letter is its own FEN letter.
/// `E` is a piece with no moves (an enemy target), `K` a royal King `1*`.
fn set(lines: &[&str]) -> ParlettRules {
    try_set(lines).expect("set loads")
}

fn try_set(lines: &[&str]) -> Result<ParlettRules, String> {
    try_set_with(lines, "8/8/8/8/8/8/8/8 w - - 0 1")
}

fn try_set_with(lines: &[&str], setup: &str) -> Result<ParlettRules, String> {
    let mut pieces = Vec::new();
    for (i, c) in ['A', 'B', 'E', 'K', 'T'].iter().enumerate() {
        let _ = i;
        pieces.push(PieceSpec {
            name: format!("piece {c}"),
            letter: *c,
            fen: *c,
        });
    }
    let mut moves: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
    moves.push("K: 1*".into());
    let s = SetFile {
        name: "test".into(),
        description: String::new(),
        board: "8x8".into(),
        pieces,
        moves,
        setup: setup.into(),
        promotion: Vec::new(),
        royal: None,
        rule: GameRule::LastRoyalStanding,
        notes: Vec::new(),
    };
    ParlettRules::from_set(s).map_err(|e| e.to_string())
}

/// Asserts that the set does not load, for the reason `why` (part of the message).
fn load_error(lines: &[&str], why: &str) {
    match try_set(lines) {
        Ok(_) => panic!("{lines:?} loaded; it must be refused"),
        Err(e) => assert!(e.contains(why), "{lines:?} refused for another reason: {e}"),
    }
}

/// Action texts of the moves starting on `from`, sorted.
fn moves_from(r: &ParlettRules, fen: &str, from: &str) -> Vec<String> {
    let pos = r.position_from_fen(fen).expect("fen");
    let mut v: Vec<Action> = Vec::new();
    r.actions(&pos, &mut v);
    let f: Square = from.parse().expect("square");
    let mut t: Vec<String> = v
        .iter()
        .filter(|a| a.path[0] == f)
        .map(|a| r.format_action(&pos, a))
        .collect();
    t.sort();
    t
}

fn targets(r: &ParlettRules, fen: &str, from: &str) -> Vec<String> {
    moves_from(r, fen, from)
        .into_iter()
        .map(|m| m[2..].to_string())
        .collect()
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

const D4: &str = "8/8/8/8/3A4/8/8/8 w - - 0 1";
const D4_BLACK: &str = "8/8/8/8/3a4/8/8/8 b - - 0 1";

fn play(r: &ParlettRules, pos: &mut Position<ParlettState>, text: &str) {
    let a = r.parse_action(pos, text).expect("action text");
    let mut legal = Vec::new();
    r.actions(pos, &mut legal);
    assert!(legal.contains(&a), "{text} is not legal");
    r.perform(pos, &a, &mut NoEvents);
}

// ---------------------------------------------------------------- syntax and naming

/// Proves PAR-SYNT-01.
#[test]
fn par_synt_01_lines_of_one_letter_add_up() {
    let r = set(&["A: 1>", "A: 1<"]);
    assert_eq!(targets(&r, D4, "d4"), sorted(&["d3", "d5"]));
}

/// Proves PAR-SYNT-02, PAR-SYNT-03, PAR-SYNT-04.
#[test]
fn par_synt_02_03_04_castling_line_continuation_caption_precedence() {
    let r = builtin_rules("normal-chess").expect("normal-chess");
    let d = &r.definitions()[6];
    assert_eq!(d.pieces, vec!['K', 'T']);
    assert_eq!(d.caption.as_deref(), Some("Castling")); // PAR-SYNT-03
    let Body::MultiPiece(m) = &d.body else {
        panic!("multi-piece")
    };
    // PAR-SYNT-02: the continuation line is part of it; PAR-SYNT-04: ',' looser than ';'.
    assert_eq!(m.alternatives.len(), 2);
    assert!(m.alternatives.iter().all(|t| t.parts.len() == 2));
    assert_eq!(m.alternatives[1].parts[0].to_string(), "is0.os1l.os1l.os1l");
}

/// Proves PAR-NAME-01, PAR-NAME-02.
#[test]
fn par_name_01_02_names_letters_and_fen_mapping() {
    let f = builtin_rules("fairy-chess").expect("fairy");
    let kirin = f.kinds().by_name("Kirin").expect("Kirin (C)");
    assert_eq!(f.kinds().get(kirin).map(|k| k.symbol), Some('C'));
    let n = builtin_rules("normal-chess").expect("normal");
    // PAR-NAME-02: Dutch letters are the notation letters; FEN uses K Q R B N P.
    let knight = n.kinds().by_name("Knight").expect("knight");
    let pawn = n.kinds().by_name("pawn").expect("pawn");
    assert_eq!(
        n.kinds().get(knight).map(|k| (k.symbol, k.fen)),
        Some(('P', 'N'))
    );
    assert_eq!(
        n.kinds().get(pawn).map(|k| (k.symbol, k.fen)),
        Some(('p', 'P'))
    );
    let pos = n.initial_position();
    assert_eq!(
        n.to_fen(&pos).as_deref(),
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    );
}

// ---------------------------------------------------------------- distances

/// Proves PAR-DIST-01.
#[test]
fn par_dist_01_a_number_is_exact() {
    let r = set(&["A: 2+"]);
    assert_eq!(targets(&r, D4, "d4"), sorted(&["b4", "d2", "d6", "f4"]));
}

/// Proves PAR-DIST-02.
#[test]
fn par_dist_02_n_is_any_distance_and_independent() {
    let r = set(&["A: n>"]);
    assert_eq!(targets(&r, D4, "d4"), sorted(&["d5", "d6", "d7", "d8"]));
    // Two plain n are independent: 1..4 forward then 1..3 sideways right.
    let r = set(&["A: on>.onr"]);
    assert_eq!(moves_from(&r, D4, "d4").len(), 4 * 4);
}

/// Proves PAR-DIST-03.
#[test]
fn par_dist_03_stand_still_is_a_move() {
    // The set-up has A on d4, so the piece there is unmoved.
    let r = try_set_with(&["A: 0", "A: i1>"], D4).expect("set");
    let mut pos = r.position_from_fen(D4).expect("fen");
    assert_eq!(targets(&r, D4, "d4"), sorted(&["d4", "d5"]));
    play(&r, &mut pos, "d4d4");
    // The piece has now moved (PAR-DIST-03): the `i` step is gone.
    pos.pass_turn();
    let mut v = Vec::new();
    r.actions(&pos, &mut v);
    assert_eq!(v.len(), 1);
}

/// Proves PAR-DIST-04.
#[test]
fn par_dist_04_braces_ranges_and_conditions() {
    let r = set(&["A: {2..3}>"]);
    assert_eq!(targets(&r, D4, "d4"), sorted(&["d6", "d7"]));
    let r = set(&["A: {1<n<4}<"]);
    assert_eq!(targets(&r, D4, "d4"), sorted(&["d1", "d2"]));
    // 0 is in the domain of a condition and acts like `0`.
    let r = set(&["A: {n<=1}>"]);
    assert_eq!(targets(&r, D4, "d4"), sorted(&["d4", "d5"]));
}

// ---------------------------------------------------------------- directions

/// Proves PAR-DIRN-01.
#[test]
fn par_dirn_01_star_plus_x() {
    assert_eq!(targets(&set(&["A: 1*"]), D4, "d4").len(), 8);
    assert_eq!(
        targets(&set(&["A: 1+"]), D4, "d4"),
        sorted(&["c4", "d3", "d5", "e4"])
    );
    assert_eq!(
        targets(&set(&["A: 1X"]), D4, "d4"),
        sorted(&["c3", "c5", "e3", "e5"])
    );
}

/// Proves PAR-DIRN-02.
#[test]
fn par_dirn_02_relative_directions() {
    let t = |s: &str, fen: &str| targets(&set(&[s]), fen, "d4");
    assert_eq!(t("A: 1>", D4), sorted(&["d5"]));
    assert_eq!(t("A: 1>", D4_BLACK), sorted(&["d3"]));
    assert_eq!(t("A: 1<", D4), sorted(&["d3"]));
    assert_eq!(t("A: 1<>", D4), sorted(&["d3", "d5"]));
    assert_eq!(t("A: 1=", D4), sorted(&["c4", "e4"]));
    assert_eq!(t("A: 1>=", D4), sorted(&["c4", "d5", "e4"]));
    assert_eq!(t("A: 1<=", D4_BLACK), sorted(&["c4", "d5", "e4"]));
}

/// Proves PAR-DIRN-03.
#[test]
fn par_dirn_03_diagonal_forward_backward() {
    let t = |s: &str, fen: &str| targets(&set(&[s]), fen, "d4");
    assert_eq!(t("A: 1X>", D4), sorted(&["c5", "e5"]));
    assert_eq!(t("A: 1X>", D4_BLACK), sorted(&["c3", "e3"]));
    assert_eq!(t("A: 1X<", D4), sorted(&["c3", "e3"]));
}

/// Proves PAR-DIRN-04.
#[test]
fn par_dirn_04_left_right_fixed_on_the_board() {
    let t = |s: &str, fen: &str| targets(&set(&[s]), fen, "d4");
    assert_eq!(t("A: 1l", D4), sorted(&["c4"]));
    assert_eq!(t("A: 1l", D4_BLACK), sorted(&["c4"]));
    assert_eq!(t("A: 1r", D4_BLACK), sorted(&["e4"]));
}

/// Proves PAR-DIRN-05.
#[test]
fn par_dirn_05_hippogonal_needs_leap_and_no_direction() {
    load_error(&["A: 1/2"], "expected '~' before a hippogonal leap");
    load_error(&["A: ~1/2>"], "no direction after a hippogonal leap");
    assert_eq!(targets(&set(&["A: ~1/2"]), D4, "d4").len(), 8);
}

// ---------------------------------------------------------------- conditions

/// Proves PAR-COND-01.
#[test]
fn par_cond_01_initial_is_per_piece_history() {
    let r = set(&["A: i1>", "A: 1<"]);
    // Home squares = the set-up (empty here), so a piece from a FEN has moved...
    assert_eq!(targets(&r, D4, "d4"), sorted(&["d3"]));
    // ...while the shipped sets treat pieces on their set-up squares as unmoved.
    let n = builtin_rules("normal-chess").expect("normal");
    let pos = n.initial_position();
    let mut v = Vec::new();
    n.actions(&pos, &mut v);
    assert!(v.iter().any(|a| n.format_action(&pos, a) == "e2e4"));
    let moved = n
        .position_from_fen("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1")
        .expect("fen");
    let mut w = Vec::new();
    n.actions(&moved, &mut w);
    assert!(!w.iter().any(|a| n.format_action(&moved, a) == "e3e5"));
}

/// PAR-COND-01 in a user set whose first two-piece line is no castling (`A;B`): A and B
/// are unmoved by their set-up squares, like every other piece, not by the castling field.
const AB_SETUP: &str = "4k3/8/8/8/3A4/8/1B6/4K3 w - - 0 1";

fn ab_set() -> ParlettRules {
    try_set_with(&["K: 1*", "A;B: 1>; 1>", "B: i1="], AB_SETUP).expect("set")
}

/// Proves PAR-COND-01 (user set, the example).
#[test]
fn par_cond_01_unmoved_on_set_up_square_in_a_user_set() {
    let r = ab_set();
    let b2 = moves_from(&r, AB_SETUP, "b2");
    assert!(
        b2.contains(&"b2a2".to_string()) && b2.contains(&"b2c2".to_string()),
        "B on its set-up square is unmoved: {b2:?}"
    );
    // The initial position is the set-up: the same, and its FEN has no unmoved field.
    let pos = r.initial_position();
    assert_eq!(r.to_fen(&pos).as_deref(), Some(AB_SETUP));
    // History: once B has moved (here with A, PAR-MULT-02: every participant has moved),
    // `i1=` is gone.
    let mut v = Vec::new();
    r.actions(&pos, &mut v);
    // A moves only with B (the A;B line), so A's move from d4 is the pair's.
    let pair = v
        .iter()
        .find(|a| a.from().is_some_and(|f| f.to_string() == "d4"))
        .cloned();
    let mut p = pos.clone();
    let text = r.format_action(&pos, pair.as_ref().expect("the A;B move"));
    play(&r, &mut p, &text);
    let b = p.unit_at("b3".parse().expect("sq")).expect("B moved to b3");
    let a = p.unit_at("d5".parse().expect("sq")).expect("A moved to d5");
    assert!(p.unit(a).status.moved && p.unit(b).status.moved, "{text}");
    p.pass_turn();
    assert_eq!(
        targets(&r, &r.to_fen(&p).expect("fen"), "b3"),
        Vec::<String>::new(),
        "B has moved: no `i1=`"
    );
}

/// Proves PAR-COND-01: a FEN can say which pieces are unmoved for any set (seventh field),
/// and the writer adds it exactly where the six fields would read back another status.
#[test]
fn par_cond_01_unmoved_field_in_fen() {
    let r = ab_set();
    // B on its set-up square but listed as moved (only e1, d4, e8 unmoved, in scan order):
    // no `i1=`.
    let fen = "4k3/8/8/8/3A4/8/1B6/4K3 w - - 0 1 e1,d4,e8";
    let t = targets(&r, fen, "b2");
    assert!(
        !t.contains(&"a2".to_string()) && !t.contains(&"c2".to_string()),
        "{t:?}"
    );
    // B away from its set-up square but listed as unmoved: `i1=` from c3.
    let fen2 = "4k3/8/8/8/3A4/2B5/8/4K3 w - - 0 1 c3,d4";
    let t = targets(&r, fen2, "c3");
    assert!(
        t.contains(&"b3".to_string()) && t.contains(&"d3".to_string()),
        "{t:?}"
    );
    // Round trips: the writer gives the same text back.
    for f in [fen, fen2] {
        let pos = r.position_from_fen(f).expect("fen");
        assert_eq!(r.to_fen(&pos).as_deref(), Some(f));
    }
    // Errors name the column and the reason.
    for (bad, why) in [
        ("4k3/8/8/8/3A4/8/1B6/4K3 w - - 0 1 c3", "c3 is empty"),
        ("4k3/8/8/8/3A4/8/1B6/4K3 w - - 0 1 b2,b2", "listed twice"),
        (
            "4k3/8/8/8/3A4/8/1B6/4K3 w - - 0 1 b9",
            "empty or off the board",
        ),
        (
            "4k3/8/8/8/3A4/8/1B6/4K3 w - - 0 1 b2;d4",
            "square of an unmoved piece",
        ),
        ("4k3/8/8/8/3A4/8/1B6/4K3 w - - 0 1 - x", "unexpected text"),
    ] {
        let e = r.position_from_fen(bad).expect_err(bad).to_string();
        assert!(e.contains(why), "{bad}: {e}");
    }
    // A chess set keeps its castling field; with the unmoved field the two must agree.
    let n = builtin_rules("normal-chess").expect("normal");
    let ok = "4k3/8/8/8/8/8/P7/R3K3 w Q - 0 1 a1,e1";
    assert!(n.position_from_fen(ok).is_ok());
    let e = n
        .position_from_fen("4k3/8/8/8/8/8/P7/R3K3 w Q - 0 1 e1")
        .expect_err("Q without its rook")
        .to_string();
    assert!(e.contains("does not match the unmoved pieces"), "{e}");
    // A pawn on its home square that has moved gets the field; chess FENs stay standard.
    let mut p = n.initial_position();
    play(&n, &mut p, "e2e4");
    assert_eq!(
        n.to_fen(&p).as_deref(),
        Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
    );
    // A knight back on its square has moved, but no line of the set reads that: no field.
    let mut p = n.initial_position();
    for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        play(&n, &mut p, m);
    }
    assert_eq!(
        n.to_fen(&p).as_deref(),
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3")
    );
    let moved_home = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 -";
    let pos = n.position_from_fen(moved_home).expect("fen");
    assert_eq!(n.to_fen(&pos).as_deref(), Some(moved_home));
    assert!(!targets(&n, moved_home, "e2").contains(&"e4".to_string()));
}

/// Proves PAR-COND-02, PAR-COND-03.
#[test]
fn par_cond_02_03_capture_only_and_no_capture() {
    let fen = "8/8/8/3e4/3A4/8/8/8 w - - 0 1";
    assert_eq!(targets(&set(&["A: c1+"]), fen, "d4"), sorted(&["d5"]));
    assert_eq!(
        targets(&set(&["A: o1+"]), fen, "d4"),
        sorted(&["c4", "d3", "e4"])
    );
    // PAR-COND-03: an `o` locust may not jump an enemy.
    assert_eq!(targets(&set(&["A: o^2>"]), fen, "d4"), Vec::<String>::new());
}

/// Proves PAR-COND-04.
#[test]
fn par_cond_04_safe_step() {
    // An enemy A (moving 1+) on f5: d4 may step only where f5 cannot take it.
    let r = set(&["A: s1*"]);
    let fen = "8/8/8/5a2/3A4/8/8/8 w - - 0 1";
    assert_eq!(
        targets(&r, fen, "d4"),
        sorted(&["c3", "c4", "c5", "d3", "d5", "e3"])
    );
    // Complex lines count too: a black B moving `1>.1=` (d6 to d5, then sideways) takes a
    // piece on d5 in passing, or on c5 or e5 at the end; none of those squares is safe.
    let r = set(&["A: s1*", "B: 1>.1="]);
    let fen = "8/8/3b4/8/3A4/8/8/8 w - - 0 1";
    assert_eq!(
        targets(&r, fen, "d4"),
        sorted(&["c3", "c4", "d3", "e3", "e4"])
    );
}

/// Proves PAR-COND-05.
#[test]
fn par_cond_05_modifier_order_and_clashes() {
    let a = set(&["A: ~i2l"]);
    let b = set(&["A: i~2l"]);
    assert_eq!(a.definitions()[0], b.definitions()[0]);
    load_error(&["A: cc1+"], "'c' is repeated (PAR-COND-05)");
    load_error(&["A: co1+"], "at most one of 'c' and 'o' (PAR-COND-05)");
    load_error(&["A: ~^2+"], "at most one move type");
    load_error(&["A: d1+"], "found 'd1'");
}

// ---------------------------------------------------------------- move types

/// Proves PAR-TYPE-01, PAR-TYPE-02.
#[test]
fn par_type_01_02_slide_blocked_leap_not() {
    let fen = "8/8/8/3E4/3A4/8/8/8 w - - 0 1";
    assert_eq!(targets(&set(&["A: 2>"]), fen, "d4"), Vec::<String>::new());
    assert_eq!(targets(&set(&["A: ~2>"]), fen, "d4"), sorted(&["d6"]));
}

/// Proves PAR-TYPE-03.
#[test]
fn par_type_03_locust() {
    let r = set(&["A: ^2+"]);
    // Enemy on d5, own piece on e4, f4 occupied by an enemy: d6 captures d5; b4 and d2
    // are plain jumps; f4 is not empty so no move there.
    let fen = "8/8/8/3e4/3AEe2/8/8/8 w - - 0 1";
    let m = moves_from(&r, fen, "d4");
    assert_eq!(m, sorted(&["d4b4", "d4d2", "d4d6"]));
    let pos = r.position_from_fen(fen).expect("fen");
    let mut p = pos.clone();
    play(&r, &mut p, "d4d6");
    assert!(
        p.piece_at("d5".parse().expect("sq")).is_none(),
        "d5 captured by the locust"
    );
    load_error(
        &["A: ^1/2"],
        "a locust moves along straight lines only (PAR-TYPE-03)",
    );
}

// ---------------------------------------------------------------- operators

/// Proves PAR-GRUP-01.
#[test]
fn par_grup_01_hippogonal_leaps() {
    assert_eq!(
        targets(&set(&["A: ~1/3"]), D4, "d4"),
        sorted(&["a3", "a5", "c1", "c7", "e1", "e7", "g3", "g5"])
    );
}

/// Proves PAR-GRUP-02.
#[test]
fn par_grup_02_rider() {
    let fen = "8/8/8/8/8/8/8/A7 w - - 0 1";
    assert_eq!(
        targets(&set(&["A: ~1/2&"]), fen, "a1"),
        sorted(&["b3", "c2", "c5", "d7", "e3", "g4"])
    );
    // A blocked landing point stops the ride (it can be captured, not passed).
    let fen = "8/8/8/8/8/1e6/8/A7 w - - 0 1";
    assert_eq!(
        targets(&set(&["A: ~1/2&"]), fen, "a1"),
        sorted(&["b3", "c2", "e3", "g4"])
    );
    assert!(try_set(&["A: n+&"]).is_err());
    // A straight-line rider (another path of the evaluator than the hippogonal one):
    // `~2+&` from a1 captures the enemy on a3 and stops there (a5 and a7 are not reached);
    // along the first rank it lands on c1, e1 and g1.
    let fen = "8/8/8/8/8/e7/8/A7 w - - 0 1";
    assert_eq!(
        targets(&set(&["A: ~2+&"]), fen, "a1"),
        sorted(&["a3", "c1", "e1", "g1"])
    );
}

/// Proves PAR-GRUP-03.
#[test]
fn par_grup_03_then_applies_captures_at_once() {
    // Capture sideways, then step forward from there (the square is empty by then).
    let r = set(&["A: c1=.o1>"]);
    let fen = "8/8/8/8/3Ae3/8/8/8 w - - 0 1";
    assert_eq!(targets(&r, fen, "d4"), sorted(&["e5"]));
    let mut p = r.position_from_fen(fen).expect("fen");
    play(&r, &mut p, "d4e5");
    assert!(p.piece_at("e4".parse().expect("sq")).is_none());
}

/// Proves PAR-GRUP-04.
#[test]
fn par_grup_04_same_effect_is_one_move() {
    // Simple elements: the union of targets.
    assert_eq!(targets(&set(&["A: 1*, 1+"]), D4, "d4").len(), 8);
    // Complex lines (chains): two alternatives reach c5 and e5 by different routes with the
    // same effect, so each is one move (no duplicate, no tag).
    let r = set(&["A: 1>.1=, 1=.1>"]);
    assert_eq!(moves_from(&r, D4, "d4"), sorted(&["d4c5", "d4e5"]));
    // Different effects stay apart: a locust capture over d5 and the plain leap over an
    // empty square are different moves to the same square.
    let r = set(&["A: ^2>, ~2>"]);
    let fen = "8/8/8/3e4/3A4/8/8/8 w - - 0 1";
    assert_eq!(moves_from(&r, fen, "d4"), sorted(&["d4d6", "d4d6#1"]));
}

/// Proves PAR-GRUP-05.
#[test]
fn par_grup_05_groups() {
    let r = set(&["A: (1>, 1<).1="]);
    assert_eq!(targets(&r, D4, "d4"), sorted(&["c3", "c5", "e3", "e5"]));
}

/// Proves PAR-EXTN-01.
#[test]
fn par_extn_01_if_possible_tests_without_playing() {
    let r = set(&["A: 1>?1<"]);
    assert_eq!(targets(&r, D4, "d4"), sorted(&["d3"]));
    let blocked = "8/8/8/3E4/3A4/8/8/8 w - - 0 1";
    assert_eq!(targets(&r, blocked, "d4"), Vec::<String>::new());
}

/// Proves PAR-EXTN-02.
#[test]
fn par_extn_02_invalid_mark() {
    // Bare `A!`: continue from before A, once, if A is possible.
    let r = set(&["A: 1>!.1="]);
    assert_eq!(targets(&r, D4, "d4"), sorted(&["c4", "e4"]));
    let blocked = "8/8/8/3E4/3A4/8/8/8 w - - 0 1";
    assert_eq!(targets(&r, blocked, "d4"), Vec::<String>::new());
    // `A! ? B`: B if A is impossible.
    let r = set(&["A: 1>!?1<"]);
    assert_eq!(targets(&r, D4, "d4"), Vec::<String>::new());
    assert_eq!(targets(&r, blocked, "d4"), sorted(&["d3"]));
}

/// Proves PAR-EXTN-03.
#[test]
fn par_extn_03_playable_outcomes() {
    // A path that ends in `!` is no move; a label-only alternative is no move.
    assert_eq!(targets(&set(&["A: 1>!"]), D4, "d4"), Vec::<String>::new());
    assert_eq!(targets(&set(&["A: x:1>"]), D4, "d4"), Vec::<String>::new());
    assert_eq!(targets(&set(&["A: 1<, x:1>"]), D4, "d4"), sorted(&["d3"]));
}

// ---------------------------------------------------------------- labels

/// Proves PAR-LABL-01.
#[test]
fn par_labl_01_move_labels_play_only_through_references() {
    assert_eq!(targets(&set(&["A: $x$, x:1>"]), D4, "d4"), sorted(&["d5"]));
    load_error(&["A: (x:1>), (x:1<)"], "no redefinition");
    load_error(&["A: x:$x$.1>"], "no recursion");
    load_error(&["A: $y$"], "no label 'y' on this line");
}

/// Proves PAR-LABL-02.
#[test]
fn par_labl_02_reference_from_the_current_square() {
    let r = set(&["A: 1<.$x$, x:1="]);
    assert_eq!(targets(&r, D4, "d4"), sorted(&["c3", "e3"]));
}

/// Proves PAR-LABL-03.
#[test]
fn par_labl_03_tile_labels_keep_the_move_valid() {
    // Go up 1 (tile A), up 1 more, then leap back to A: ends on d5.
    let r = set(&["A: 1>@t@.1>.~%t%"]);
    assert_eq!(targets(&r, D4, "d4"), sorted(&["d5"]));
    // An unbound tile has no outcome.
    assert_eq!(targets(&set(&["A: ~%t%"]), D4, "d4"), Vec::<String>::new());
}

/// Proves PAR-LABL-04.
#[test]
fn par_labl_04_tile_target_slides_on_a_line_only() {
    // Slide back along the file to the tile: fine; a knight-offset tile is not on a line.
    let r = set(&["A: 0@t@.2>.1=.%t%"]);
    assert_eq!(targets(&r, D4, "d4"), Vec::<String>::new());
    let r = set(&["A: 0@t@.2>.%t%"]);
    assert_eq!(moves_from(&r, D4, "d4"), sorted(&["d4d4"]));
    let r = set(&["A: 0@t@.~1/2.~%t%"]);
    assert_eq!(moves_from(&r, D4, "d4"), sorted(&["d4d4"]));
}

/// Proves PAR-LABL-05.
#[test]
fn par_labl_05_label_definition_where_it_stands() {
    // `(x:M) ? B` tests M; `A.(x:M).B` reads as `A.B`.
    let r = set(&["A: (x:1>)?1<"]);
    assert_eq!(targets(&r, D4, "d4"), sorted(&["d3"]));
    let blocked = "8/8/8/3E4/3A4/8/8/8 w - - 0 1";
    assert_eq!(targets(&r, blocked, "d4"), Vec::<String>::new());
    let r = set(&["A: 1<.(x:1>).1<"]);
    assert_eq!(targets(&r, D4, "d4"), sorted(&["d2"]));
}

// ---------------------------------------------------------------- multi-piece, history, binding

/// Proves PAR-MULT-01.
#[test]
fn par_mult_01_every_combination_in_order_all_or_nothing() {
    let r = set(&["A;B: 1>; 1<"]);
    let fen = "8/8/8/8/3A4/8/1B3B2/8 w - - 0 1";
    let pos = r.position_from_fen(fen).expect("fen");
    let mut v = Vec::new();
    r.actions(&pos, &mut v);
    // d4 with b2 or f2: two combinations, texts made distinct by #n.
    let d4: Vec<_> = v
        .iter()
        .filter(|a| a.path[0] == "d4".parse().expect("sq"))
        .collect();
    assert_eq!(d4.len(), 2);
    // All-or-nothing: without a B there is no move of A.
    assert_eq!(moves_from(&r, D4, "d4"), Vec::<String>::new());
    // Parts run in order: the B part sees the A part's move (A lands on d5, B at d6 cannot go down).
    let r = set(&["A;B: 1>; o1<"]);
    let fen = "8/8/3B4/8/3A4/8/8/8 w - - 0 1";
    assert_eq!(moves_from(&r, fen, "d4"), Vec::<String>::new());
}

/// Proves PAR-MULT-02.
#[test]
fn par_mult_02_every_participant_has_moved() {
    let n = builtin_rules("normal-chess").expect("normal");
    let mut p = n
        .position_from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
        .expect("fen");
    let h1 = p.unit_at("h1".parse().expect("sq")).expect("rook h1");
    let a1 = p.unit_at("a1".parse().expect("sq")).expect("rook a1");
    let e1 = p.unit_at("e1".parse().expect("sq")).expect("king");
    assert!(!p.unit(h1).status.moved && !p.unit(e1).status.moved);
    play(&n, &mut p, "e1g1");
    assert_eq!(
        n.to_fen(&p).as_deref(),
        Some("4k3/8/8/8/8/8/8/R4RK1 b - - 0 1")
    );
    // The FEN's "-" cannot show which participant was marked: both the King and the rook
    // that castled have moved; the other rook has not.
    assert!(p.unit(e1).status.moved, "the King has moved");
    assert!(p.unit(h1).status.moved, "the castling rook has moved");
    assert!(!p.unit(a1).status.moved, "the a1 rook did not take part");
}

/// Proves PAR-HIST-01.
#[test]
fn par_hist_01_history_rule_matches_by_source() {
    let n = builtin_rules("normal-chess").expect("normal");
    // A pawn double step can be taken en passant...
    let mut p = n
        .position_from_fen("4k3/p7/8/1P6/8/8/8/4K3 b - - 0 1")
        .expect("fen");
    play(&n, &mut p, "a7a5");
    assert!(targets(&n, &n.to_fen(&p).expect("fen"), "b5").contains(&"a6".to_string()));
    let mut v = Vec::new();
    n.actions(&p, &mut v);
    assert!(v.iter().any(|a| n.format_action(&p, a) == "b5a6"));
    // ...a T moving two squares forward played `n+`, not `oi2>`, and cannot (PAR-NORM-09).
    let mut p = n
        .position_from_fen("r3k3/8/1P6/8/8/8/8/4K3 b - - 0 1")
        .expect("fen");
    play(&n, &mut p, "a8a6");
    let mut v = Vec::new();
    n.actions(&p, &mut v);
    assert!(!v.iter().any(|a| n.format_action(&p, a) == "b6a7"));
}

/// Proves PAR-BIND-01.
#[test]
fn par_bind_01_binding_reaches_later_steps_and_parts() {
    let r = set(&["A: {1..2}>.on="]);
    assert_eq!(targets(&r, D4, "d4"), sorted(&["b6", "c5", "e5", "f6"]));
    // A later brace rebinds.
    let r = set(&["A: {2..2}>.{1..1}=.on<"]);
    assert_eq!(targets(&r, D4, "d4"), sorted(&["c5", "e5"]));
    // Into a later `;` part.
    let r = set(&["A;B: {1..2}>; on>"]);
    let fen = "8/8/8/8/3A4/8/8/B7 w - - 0 1";
    assert_eq!(moves_from(&r, fen, "d4").len(), 2);
}

// ---------------------------------------------------------------- Normal Chess

fn from_d4(set_name: &str, letter: char) -> usize {
    let r = builtin_rules(set_name).expect("set");
    let k = r
        .kinds()
        .iter()
        .find(|(_, i)| i.symbol == letter)
        .map(|(k, _)| k)
        .expect("kind");
    let fenc = r.kinds().get(k).map(|i| i.fen).expect("fen");
    let fen = format!("8/8/8/8/3{fenc}4/8/8/8 w - - 0 1");
    let pos = r.position_from_fen(&fen).expect("fen");
    let mut v = Vec::new();
    r.actions(&pos, &mut v);
    v.len()
}

/// Proves PAR-NORM-01, PAR-NORM-02, PAR-NORM-03, PAR-NORM-04, PAR-NORM-05, PAR-NORM-06, PAR-NORM-07.
#[test]
fn par_norm_01_to_07_pieces_from_d4() {
    // A.6: K 8, D 27, T 14, L 13, P 8, p 1 (it has moved: not on its set-up square).
    assert_eq!(from_d4("normal-chess", 'K'), 8); // PAR-NORM-02
    assert_eq!(from_d4("normal-chess", 'D'), 27); // PAR-NORM-03
    assert_eq!(from_d4("normal-chess", 'T'), 14); // PAR-NORM-04
    assert_eq!(from_d4("normal-chess", 'L'), 13); // PAR-NORM-05
    assert_eq!(from_d4("normal-chess", 'P'), 8); // PAR-NORM-06
    assert_eq!(from_d4("normal-chess", 'p'), 1); // PAR-NORM-07
    let n = builtin_rules("normal-chess").expect("normal");
    // PAR-NORM-01: each name with its own notation letter and FEN letter (a swap of two
    // letters or names would pass a check of the names alone).
    let pieces: Vec<(&str, char, char)> = n
        .kinds()
        .iter()
        .map(|(_, i)| (i.name.as_str(), i.symbol, i.fen))
        .collect();
    assert_eq!(
        pieces,
        vec![
            ("King", 'K', 'K'),
            ("Queen", 'D', 'Q'),
            ("Rook", 'T', 'R'),
            ("Bishop", 'L', 'B'),
            ("Knight", 'P', 'N'),
            ("pawn", 'p', 'P'),
        ]
    );
    // ...and the piece behind each FEN letter moves as its name says, so the moves follow
    // the name: the Rook (R) 14 squares from d4, the Bishop (B) 13, the Queen (Q) 27,
    // the Knight (N) 8.
    for (fenc, want) in [('R', 14), ('B', 13), ('Q', 27), ('N', 8), ('K', 8)] {
        let fen = format!("8/8/8/8/3{fenc}4/8/8/8 w - - 0 1");
        assert_eq!(targets(&n, &fen, "d4").len(), want, "{fenc} on d4");
    }
    // PAR-NORM-07: pawn captures diagonally forward, moves straight.
    let fen = "4k3/8/8/2p1p3/3P4/8/8/4K3 w - - 0 1";
    assert_eq!(targets(&n, fen, "d4"), sorted(&["c5", "d5", "e5"]));
}

/// Proves PAR-NORM-08.
#[test]
fn par_norm_08_castling_as_written() {
    let n = builtin_rules("normal-chess").expect("normal");
    let fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    let mut p = n.position_from_fen(fen).expect("fen");
    play(&n, &mut p, "e1b1");
    assert_eq!(
        n.to_fen(&p).as_deref(),
        Some("4k3/8/8/8/8/8/8/1KR4R b - - 0 1")
    );
    // b1 must be safe: a black rook on b8 forbids the queen side.
    let fen = "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    let t = targets(&n, fen, "e1");
    assert!(!t.contains(&"b1".to_string()) && t.contains(&"g1".to_string()));
    // Mid-board castling as written: unmoved K d4, unmoved T g4 (set-up squares are
    // irrelevant: the castling field marks them unmoved).
    let fen = "4k3/8/8/8/3K2R1/8/8/8 w K - 0 1";
    let t = targets(&n, fen, "d4");
    assert!(t.contains(&"f4".to_string()), "{t:?}");
}

/// Proves PAR-NORM-09.
#[test]
fn par_norm_09_en_passant_pawn_yes_rook_no() {
    let n = builtin_rules("normal-chess").expect("normal");
    let mut p = n
        .position_from_fen("4k3/p7/8/1P6/8/8/8/4K3 b - - 0 1")
        .expect("fen");
    play(&n, &mut p, "a7a5");
    assert_eq!(
        n.to_fen(&p).as_deref(),
        Some("4k3/8/8/pP6/8/8/8/4K3 w - a6 0 2")
    );
    play(&n, &mut p, "b5a6");
    assert!(p.piece_at("a5".parse().expect("sq")).is_none());
    let mut p = n
        .position_from_fen("r3k3/8/1P6/8/8/8/8/4K3 b - - 0 1")
        .expect("fen");
    play(&n, &mut p, "a8a6");
    let t = targets(&n, &n.to_fen(&p).expect("fen"), "b6");
    assert!(!t.contains(&"a7".to_string()), "{t:?}");
}

/// Proves PAR-NORM-10.
#[test]
fn par_norm_10_promotion_compulsory_to_d_t_l_p() {
    let n = builtin_rules("normal-chess").expect("normal");
    let fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    let m = moves_from(&n, fen, "b7");
    assert_eq!(m, sorted(&["b7b8=B", "b7b8=N", "b7b8=Q", "b7b8=R"]));
    let mut p = n.position_from_fen(fen).expect("fen");
    play(&n, &mut p, "b7b8=N");
    let (k, _) = p.piece_at("b8".parse().expect("sq")).expect("piece");
    assert_eq!(n.kinds().symbol(k), 'P'); // the Knight is P in the seed
}

/// Proves PAR-NORM-11.
#[test]
fn par_norm_11_setup_and_first_player() {
    let n = builtin_rules("normal-chess").expect("normal");
    let p = n.initial_position();
    assert_eq!(p.to_move(), Side::White);
    // The whole FIDE set-up (20 moves alone would not see, e.g., knights and bishops
    // exchanged on the first rank).
    assert_eq!(
        n.to_fen(&p).as_deref(),
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    );
    let mut v = Vec::new();
    n.actions(&p, &mut v);
    assert_eq!(v.len(), 20);
}

// ---------------------------------------------------------------- Fairy Chess

/// Proves PAR-FAIR-01, PAR-FAIR-02, PAR-FAIR-03, PAR-FAIR-04, PAR-FAIR-05, PAR-FAIR-06, PAR-FAIR-07.
#[test]
fn par_fair_01_to_07_pieces() {
    let f = builtin_rules("fairy-chess").expect("fairy");
    let names: Vec<&str> = f.kinds().iter().map(|(_, i)| i.name.as_str()).collect();
    assert_eq!(
        names,
        vec!["King", "Wheel", "Shooter", "Kirin", "Jumper", "Ferz"]
    ); // PAR-FAIR-01
    assert_eq!(from_d4("fairy-chess", 'K'), 8); // PAR-FAIR-02
    assert_eq!(from_d4("fairy-chess", 'W'), 20); // PAR-FAIR-03
    assert_eq!(from_d4("fairy-chess", 'S'), 8); // PAR-FAIR-04
    assert_eq!(from_d4("fairy-chess", 'C'), 8); // PAR-FAIR-05
    assert_eq!(from_d4("fairy-chess", 'J'), 4); // PAR-FAIR-06
    assert_eq!(from_d4("fairy-chess", 'F'), 4); // PAR-FAIR-07
                                                // PAR-FAIR-02: no castling line in the set.
    assert!(f.definitions().iter().all(|d| d.pieces.len() == 1));
}

/// Proves PAR-FAIR-04.
#[test]
fn par_fair_04_shooter_captures_without_moving() {
    let f = builtin_rules("fairy-chess").expect("fairy");
    let fen = "8/3w4/8/8/3S4/8/8/8 w - - 0 1";
    let m = moves_from(&f, fen, "d4");
    assert!(m.contains(&"d4d4d7".to_string()), "{m:?}");
    let mut p = f.position_from_fen(fen).expect("fen");
    play(&f, &mut p, "d4d4d7");
    assert!(p.piece_at("d7".parse().expect("sq")).is_none());
    assert!(p.piece_at("d4".parse().expect("sq")).is_some());
    // Blocked by a piece on d6: d7 cannot be shot, d6 (an enemy) can.
    let fen = "8/3w4/3w4/8/3S4/8/8/8 w - - 0 1";
    let m = moves_from(&f, fen, "d4");
    assert!(m.contains(&"d4d4d6".to_string()) && !m.contains(&"d4d4d7".to_string()));
}

/// Proves PAR-FAIR-06.
#[test]
fn par_fair_06_jumper_locust() {
    let f = builtin_rules("fairy-chess").expect("fairy");
    let fen = "8/8/8/8/3Jw3/8/8/8 w - - 0 1";
    let mut p = f.position_from_fen(fen).expect("fen");
    play(&f, &mut p, "d4f4");
    assert!(p.piece_at("e4".parse().expect("sq")).is_none());
    let fen = "8/8/8/8/3Jww2/8/8/8 w - - 0 1";
    assert!(!targets(&f, fen, "d4").contains(&"f4".to_string()));
}

/// Proves PAR-FAIR-08.
#[test]
fn par_fair_08_ferz_promotes_on_the_last_rank() {
    let f = builtin_rules("fairy-chess").expect("fairy");
    let fen = "4k3/2F5/8/8/8/8/8/4K3 w - - 0 1";
    let m = moves_from(&f, fen, "c7");
    assert!(m.contains(&"c7d8=S".to_string()) && m.contains(&"c7b8=J".to_string()));
    assert!(
        m.iter().all(|x| !x.ends_with("b8") && !x.ends_with("d8")),
        "compulsory"
    );
    assert!(m.contains(&"c7b6".to_string()));
}

// ---------------------------------------------------------------- game rules

/// Proves PAR-GAME-01, PAR-GAME-02.
#[test]
fn par_game_01_02_king_capture_wins_no_check() {
    let n = builtin_rules("normal-chess").expect("normal");
    // White may leave its king en prise (no check rule, PAR-GAME-02)...
    let fen = "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1";
    assert!(targets(&n, fen, "e1").contains(&"f2".to_string()));
    // ...and capturing the only enemy K wins at once (PAR-GAME-01).
    let mut g = Game::from_position(
        n.clone(),
        n.position_from_fen("8/8/8/8/8/8/3k4/4K3 w - - 0 1")
            .expect("fen"),
    );
    g.apply_text("e1d2").expect("legal");
    let r = g.result().expect("over");
    assert_eq!(r.winner, Some(Side::White));
}

/// Proves PAR-GAME-03.
#[test]
fn par_game_03_no_legal_move_stops_with_no_winner() {
    let f = builtin_rules("fairy-chess").expect("fairy");
    // Black: K a8 walled in by its own Jumpers, whose landing squares are all taken.
    let fen = "kj1F4/jjFF4/1F6/FF6/8/8/8/K7 w - - 0 1";
    let mut g = Game::from_position(f.clone(), f.position_from_fen(fen).expect("fen"));
    g.apply_text("a1a2").expect("legal");
    let r = g.result().expect("game stops");
    assert_eq!(r.winner, None);
    assert_eq!(r.reason, "no legal move, no winner");
    assert!(g.actions().is_empty());
}

/// Proves PAR-GAME-04.
#[test]
fn par_game_04_fairy_uses_the_same_win_rule() {
    let f = builtin_rules("fairy-chess").expect("fairy");
    let mut g = Game::from_position(
        f.clone(),
        f.position_from_fen("8/8/8/8/8/8/4k3/4K3 w - - 0 1")
            .expect("fen"),
    );
    g.apply_text("e1e2").expect("legal");
    assert_eq!(g.result().and_then(|o| o.winner), Some(Side::White));
}

/// Proves PAR-GAME-05.
#[test]
fn par_game_05_two_players_alternate_white_first() {
    let f = builtin_rules("fairy-chess").expect("fairy");
    let mut p = f.initial_position();
    assert_eq!(p.to_move(), Side::White);
    play(&f, &mut p, "a2a3".replace("a2a3", "b2a3").as_str());
    assert_eq!(p.to_move(), Side::Black);
}

// ---------------------------------------------------------------- set files and FEN errors

#[test]
fn set_file_errors_are_located() {
    let e = load_set("(name: \"x\", board: \"8x8\",\n pieces: [oops])").expect_err("bad RON");
    assert!(e.to_string().contains("line 2"), "{e}");
    let text = builtin_rules("normal-chess").expect("n").set().clone();
    let mut bad = text.clone();
    bad.moves[1] = "> **D**:    n*q".into();
    let e = frozen_variants::parlett::ParlettRules::from_set(bad).expect_err("bad notation");
    let s = e.to_string();
    assert!(s.starts_with("moves[1]") && s.contains('^'), "{s}");
    let mut bad = text;
    bad.promotion = vec![PromotionSpec {
        piece: 'p',
        to: vec!['Z'],
        zone: PromotionZone::LastRank,
    }];
    assert!(frozen_variants::parlett::ParlettRules::from_set(bad).is_err());
}

#[test]
fn fen_round_trip_and_errors() {
    let n = builtin_rules("fide").expect("fide");
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 7",
    ] {
        let p = n.position_from_fen(fen).expect("fen");
        assert_eq!(n.to_fen(&p).as_deref(), Some(fen));
    }
    for (fen, col) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            43,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            45,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1",
            50,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            52,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
            52,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            54,
        ),
    ] {
        let e = n.position_from_fen(fen).expect_err(fen);
        let s = e.to_string();
        assert!(
            s.contains(&format!("FEN column {col}")) && s.contains('^'),
            "{fen}: {s}"
        );
    }
    // Fairy has no castling: a castling field is refused.
    let f = builtin_rules("fairy-chess").expect("fairy");
    assert!(f
        .position_from_fen("4k3/8/8/8/8/8/8/4K3 w KQ - 0 1")
        .is_err());
}

#[test]
fn fide_castling_and_check_rule() {
    let r = builtin_rules("fide").expect("fide");
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let t = targets(&r, fen, "e1");
    assert!(
        t.contains(&"c1".to_string()) && t.contains(&"g1".to_string()),
        "{t:?}"
    );
    let mut p = r.position_from_fen(fen).expect("fen");
    play(&r, &mut p, "e1c1");
    assert_eq!(
        r.to_fen(&p).as_deref(),
        Some("r3k2r/8/8/8/8/8/8/2KR3R b kq - 0 1")
    );
    // A pinned piece cannot leave the line; a king cannot step into check.
    let fen = "4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1";
    assert_eq!(targets(&r, fen, "e2"), Vec::<String>::new());
    assert!(!targets(&r, fen, "e1").contains(&"e2".to_string()));
    // Checkmate wins.
    let mut g = Game::from_position(
        r.clone(),
        r.position_from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
            .expect("fen"),
    );
    g.apply_text("a1a8").expect("legal");
    assert_eq!(g.result().map(|o| o.reason.as_ref()), Some("checkmate"));
}

/// The end of a game found by the move generator (checkmate, stalemate, no legal move)
/// is recorded by `frozen_core::apply` whatever the event sink: before the fix the
/// Parlett rules recorded it only when the sink wanted events, so a position applied with
/// `NoEvents` had no result where a `Game` had one.
#[test]
fn par_game_03_end_recorded_whatever_the_event_sink() {
    use frozen_core::{Action, EventSink};
    let cases = [
        (
            "fide",
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            "a1a8",
            Some(Side::White),
            "checkmate",
        ),
        (
            "fide",
            "k7/8/1Q6/8/8/8/8/7K w - - 0 1",
            "h1g1",
            None,
            "stalemate",
        ),
        (
            "fide",
            "k7/8/8/8/8/8/8/1Q5K w - - 0 1",
            "b1b6",
            None,
            "stalemate",
        ),
        (
            "fairy-chess",
            "kj1F4/jjFF4/1F6/FF6/8/8/8/K7 w - - 0 1",
            "a1a2",
            None,
            "no legal move, no winner",
        ),
    ];
    for (set, fen, mv, winner, reason) in cases {
        let r = builtin_rules(set).expect("set");
        let start = r.position_from_fen(fen).expect("fen");
        let sinks: [(&str, Box<dyn EventSink>); 2] = [
            ("none", Box::new(NoEvents)),
            ("events", Box::new(Vec::new())),
        ];
        for (label, mut sink) in sinks {
            let mut p = start.clone();
            let a: Action = r.parse_action(&p, mv).expect("move text");
            frozen_core::apply(&r, &mut p, &a, sink.as_mut()).expect("legal");
            let o = p
                .result()
                .unwrap_or_else(|| panic!("{set} {fen} {mv} ({label}): no result"));
            assert_eq!(
                (o.winner, o.reason.as_ref()),
                (winner, reason),
                "{set} {fen} {mv} ({label})"
            );
        }
    }
}

/// Long chains work (no silent depth cut-off) and over-long lines are a load error.
#[test]
fn long_chains_and_limits() {
    let chain = vec!["0"; 100].join(".");
    let r = set(&[&format!("A: {chain}.1>")]);
    assert_eq!(targets(&r, D4, "d4"), sorted(&["d5"]));
    let chain = vec!["0"; 300].join(".");
    assert!(try_set(&[&format!("A: {chain}")]).is_err());
}

/// No panic on damaged input: every prefix of a shipped set file, and of
/// notation and FEN strings, either loads or gives an error.
#[test]
fn damaged_inputs_never_panic() {
    let text = frozen_variants::parlett::rules::builtin::NORMAL_CHESS;
    for (i, _) in text.char_indices().step_by(3) {
        let _ = load_set(&text[..i]);
    }
    let f = builtin_rules("fide").expect("fide");
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq e3 0 1";
    for (i, _) in fen.char_indices() {
        let _ = f.position_from_fen(&fen[..i]);
    }
    let notation = "0@S@.c{1..4}+.~%S%, o1*, K;T: is0.os1r; ~i2l, x:$y$, (y:1>)?^2+&";
    for (i, _) in notation.char_indices() {
        let _ = frozen_variants::parlett::explain(
            &notation[..i],
            Square::new(3, 3),
            frozen_core::Shape::EIGHT,
        );
    }
}
