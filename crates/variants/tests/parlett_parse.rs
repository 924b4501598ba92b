//! Tests of the extended Parlett parser: every notation string of the seed
//! parses to the tree the catalogue's reading (A.5) describes, malformed
//! input gives a precise column and expectation, printing and parsing are
//! inverse, and no input makes the parser panic.
//!
//! Tests named `par_*` exercise the parsing side of that catalogue rule.

use frozen_variants::parlett::ast::{
    Body, CaptureRule, Chain, Comparison, Definition, Direction, Distance, HistoryRule, LabelDef,
    Link, LinkedUnit, MoveExpr, MoveKind, MultiExpr, Operand, Primary, RelOp, Step, Target, Tuple,
    Unit,
};
use frozen_variants::parlett::parse::MAX_DEPTH;
use frozen_variants::parlett::{parse_line, parse_moves, ParseError};
use proptest::prelude::*;
use std::num::NonZeroU32;

// ---------------------------------------------------------------------------
// Builders for expected trees.
// ---------------------------------------------------------------------------

fn nz(k: u32) -> NonZeroU32 {
    NonZeroU32::new(k).expect("a non-zero count")
}

fn exactly(k: u32, direction: Direction) -> Target {
    Target::Line {
        distance: Distance::Exactly(nz(k)),
        direction,
    }
}

fn any_distance(direction: Direction) -> Target {
    Target::Line {
        distance: Distance::Any,
        direction,
    }
}

fn range(lo: u32, hi: u32, direction: Direction) -> Target {
    Target::Line {
        distance: Distance::Range { lo, hi },
        direction,
    }
}

fn hippogonal(a: u32, b: u32) -> Target {
    Target::Hippogonal { a: nz(a), b: nz(b) }
}

fn tile(name: &str) -> Target {
    Target::Tile(name.to_owned())
}

/// A step with the modifier letters in `mods` (`~ ^ c o i s`).
fn st(mods: &str, target: Target) -> Step {
    let mut step = Step::plain(target);
    for c in mods.chars() {
        match c {
            '~' => step.kind = MoveKind::Leap,
            '^' => step.kind = MoveKind::Locust,
            'c' => step.capture = CaptureRule::Only,
            'o' => step.capture = CaptureRule::Never,
            'i' => step.initial = true,
            's' => step.safe = true,
            other => panic!("unknown modifier {other}"),
        }
    }
    step
}

fn rider(mut step: Step) -> Step {
    step.rider = true;
    step
}

fn unit(step: Step) -> Unit {
    Unit::new(Primary::Step(step))
}

fn tagged(step: Step, tiles: &[&str]) -> Unit {
    let mut u = unit(step);
    u.tiles = tiles.iter().map(|t| (*t).to_owned()).collect();
    u
}

fn invalid(mut u: Unit) -> Unit {
    u.invalid = true;
    u
}

fn group(expr: MoveExpr) -> Unit {
    Unit::new(Primary::Group(Box::new(expr)))
}

fn reference(name: &str) -> Unit {
    Unit::new(Primary::Ref(name.to_owned()))
}

/// A chain of `units` joined by the links in `links` (`.` or `?`).
fn chain(units: Vec<Unit>, links: &str) -> Chain {
    let links: Vec<Link> = links
        .chars()
        .map(|c| match c {
            '.' => Link::Then,
            '?' => Link::IfPossible,
            other => panic!("unknown link {other}"),
        })
        .collect();
    assert_eq!(links.len() + 1, units.len(), "one link between two units");
    let mut units = units.into_iter();
    let leading = links
        .into_iter()
        .map(|link| LinkedUnit {
            unit: units.next().expect("unit"),
            link,
        })
        .collect();
    Chain {
        leading,
        last: units.next().expect("last unit"),
    }
}

fn one(step: Step) -> Chain {
    Chain::single(unit(step))
}

fn alts(chains: Vec<Chain>) -> MoveExpr {
    MoveExpr {
        alternatives: chains,
        label: None,
    }
}

fn with_label(mut expr: MoveExpr, name: &str, body: MoveExpr) -> MoveExpr {
    expr.label = Some(Box::new(LabelDef {
        name: name.to_owned(),
        body,
    }));
    expr
}

fn moves_of(letter: char, expr: MoveExpr) -> Definition {
    Definition {
        pieces: vec![letter],
        body: Body::Moves(expr),
        caption: None,
    }
}

fn ok_moves(input: &str) -> MoveExpr {
    match parse_moves(input) {
        Ok(e) => e,
        Err(e) => panic!("{input:?} should parse:\n{e}"),
    }
}

fn ok_line(input: &str) -> Definition {
    match parse_line(input) {
        Ok(d) => d,
        Err(e) => panic!("{input:?} should parse:\n{e}"),
    }
}

fn err_moves(input: &str) -> ParseError {
    match parse_moves(input) {
        Ok(e) => panic!("{input:?} should fail, parsed as {e}"),
        Err(e) => e,
    }
}

fn err_line(input: &str) -> ParseError {
    match parse_line(input) {
        Ok(d) => panic!("{input:?} should fail, parsed as {d}"),
        Err(e) => e,
    }
}

/// Checks that printing `expr` and parsing the text gives `expr` back.
fn assert_moves_round_trip(expr: &MoveExpr) {
    let printed = expr.to_string();
    assert_eq!(&ok_moves(&printed), expr, "printed as {printed:?}");
}

fn assert_line_round_trip(def: &Definition) {
    let printed = def.to_string();
    assert_eq!(&ok_line(&printed), def, "printed as {printed:?}");
}

// ---------------------------------------------------------------------------
// The seed's notation strings, as written in the manual (Markdown included),
// with their canonical printing.
// ---------------------------------------------------------------------------

const CASTLING: &str = "> **K**;**T**:      is0.os1r.os1r; ~i2l,\n                    \
                        is0.os1l.os1l.os1l; ~i2r    (Castling)";
const EN_PASSANT: &str = "> **p**:    If piece at 1= played oi2> last turn then c1=.o1>";

/// (line as written in the seed, canonical printing)
const SEED_LINES: &[(&str, &str)] = &[
    ("> **K**:    1*", "K: 1*"),
    ("> **D**:    n*", "D: n*"),
    ("> **T**:    n+", "T: n+"),
    ("> **L**:    nX", "L: nX"),
    ("> **P**:    ~1/2", "P: ~1/2"),
    ("> **p**:    oi2>, o1>, c1X>", "p: oi2>, o1>, c1X>"),
    (
        CASTLING,
        "K;T: is0.os1r.os1r; ~i2l, is0.os1l.os1l.os1l; ~i2r (Castling)",
    ),
    (
        EN_PASSANT,
        "p: If piece at 1= played oi2> last turn then c1=.o1>",
    ),
    ("> **K**:    1*", "K: 1*"),
    ("> **W**:    {1..3}+, ~1/2", "W: {1..3}+, ~1/2"),
    (
        "> **S**:    0@S@.c{1..4}+.~%S%, o1*",
        "S: 0@S@.c{1..4}+.~%S%, o1*",
    ),
    ("> **C**:    1X, ~2+", "C: 1X, ~2+"),
    ("> **J**:    ^2+", "J: ^2+"),
    ("> **F**:    1X", "F: 1X"),
];

/// The move bodies of the single-piece lines, as `parse_moves` input.
const SEED_BODIES: &[&str] = &[
    "1*",
    "n*",
    "n+",
    "nX",
    "~1/2",
    "oi2>, o1>, c1X>",
    "{1..3}+, ~1/2",
    "0@S@.c{1..4}+.~%S%, o1*",
    "1X, ~2+",
    "^2+",
    "1X",
];

#[test]
fn seed_lines_print_canonically_and_round_trip() {
    for (source, canonical) in SEED_LINES {
        let def = ok_line(source);
        assert_eq!(&def.to_string(), canonical);
        assert_line_round_trip(&def);
        assert_eq!(ok_line(canonical), def);
    }
    for body in SEED_BODIES {
        let expr = ok_moves(body);
        assert_eq!(&expr.to_string(), body);
        assert_moves_round_trip(&expr);
    }
}

// ----- Normal Chess (A.5) ---------------------------------------------------

#[test]
fn par_norm_02_king_one_step_any_direction() {
    let expected = alts(vec![one(st("", exactly(1, Direction::All)))]);
    assert_eq!(ok_moves("1*"), expected);
    assert_eq!(ok_line("> **K**:    1*"), moves_of('K', expected));
}

#[test]
fn par_norm_03_queen_slides_any_distance() {
    let expected = alts(vec![one(st("", any_distance(Direction::All)))]);
    assert_eq!(ok_line("> **D**:    n*"), moves_of('D', expected));
}

#[test]
fn par_norm_04_rook_slides_orthogonally() {
    let expected = alts(vec![one(st("", any_distance(Direction::Orthogonal)))]);
    assert_eq!(ok_line("> **T**:    n+"), moves_of('T', expected));
}

#[test]
fn par_norm_05_bishop_slides_diagonally() {
    let expected = alts(vec![one(st("", any_distance(Direction::Diagonal)))]);
    assert_eq!(ok_line("> **L**:    nX"), moves_of('L', expected));
}

#[test]
fn par_norm_06_knight_is_a_hippogonal_leap() {
    let expected = alts(vec![one(st("~", hippogonal(1, 2)))]);
    assert_eq!(ok_line("> **P**:    ~1/2"), moves_of('P', expected));
}

#[test]
fn par_norm_07_pawn_has_three_alternatives() {
    let expected = alts(vec![
        one(st("oi", exactly(2, Direction::Forward))),
        one(st("o", exactly(1, Direction::Forward))),
        one(st("c", exactly(1, Direction::DiagonalForward))),
    ]);
    assert_eq!(ok_moves("oi2>, o1>, c1X>"), expected);
    assert_eq!(
        ok_line("> **p**:    oi2>, o1>, c1X>"),
        moves_of('p', expected)
    );
}

fn castling_tree() -> Definition {
    let king_right = chain(
        vec![
            unit(st("is", Target::StandStill)),
            unit(st("os", exactly(1, Direction::Right))),
            unit(st("os", exactly(1, Direction::Right))),
        ],
        "..",
    );
    let king_left = chain(
        vec![
            unit(st("is", Target::StandStill)),
            unit(st("os", exactly(1, Direction::Left))),
            unit(st("os", exactly(1, Direction::Left))),
            unit(st("os", exactly(1, Direction::Left))),
        ],
        "...",
    );
    Definition {
        pieces: vec!['K', 'T'],
        body: Body::MultiPiece(MultiExpr {
            alternatives: vec![
                Tuple {
                    parts: vec![king_right, one(st("~i", exactly(2, Direction::Left)))],
                },
                Tuple {
                    parts: vec![king_left, one(st("~i", exactly(2, Direction::Right)))],
                },
            ],
            label: None,
        }),
        caption: Some("Castling".to_owned()),
    }
}

#[test]
fn par_norm_08_castling_is_two_king_rook_tuples() {
    assert_eq!(ok_line(CASTLING), castling_tree());
}

fn en_passant_tree() -> Definition {
    Definition {
        pieces: vec!['p'],
        body: Body::History(HistoryRule {
            at_distance: Distance::Exactly(nz(1)),
            at_direction: Direction::Sideways,
            pattern: one(st("oi", exactly(2, Direction::Forward))),
            then: alts(vec![chain(
                vec![
                    unit(st("c", exactly(1, Direction::Sideways))),
                    unit(st("o", exactly(1, Direction::Forward))),
                ],
                ".",
            )]),
        }),
        caption: None,
    }
}

#[test]
fn par_norm_09_en_passant_history_line() {
    assert_eq!(ok_line(EN_PASSANT), en_passant_tree());
}

#[test]
fn par_hist_01_history_rule_form() {
    let def = ok_line("p: If piece at 1= played oi2> last turn then c1=.o1>");
    assert_eq!(def, en_passant_tree());
    // Whitespace is free, the position may use any distance form, and the
    // consequence is a full expression with alternatives.
    let def = ok_line("p:If piece at {1..2}X played ~1/2 last turn then 1X, $x$, x:0");
    let Body::History(rule) = def.body else {
        panic!("a history rule")
    };
    assert_eq!(rule.at_distance, Distance::Range { lo: 1, hi: 2 });
    assert_eq!(rule.at_direction, Direction::Diagonal);
    assert_eq!(rule.pattern, one(st("~", hippogonal(1, 2))));
    assert_eq!(rule.then.alternatives.len(), 2);
    assert_eq!(rule.then.label.as_ref().map(|l| l.name.as_str()), Some("x"));
    // A history rule belongs to one piece.
    let e = err_line("K;T: If piece at 1= played oi2> last turn then c1=");
    assert_eq!(e.column, 6);
    assert!(e
        .expected
        .contains("a history rule belongs to a single piece"));
    // The rule is only read by parse_line.
    assert_eq!(
        err_moves("If piece at 1= played 1> last turn then 1>").column,
        1
    );
    // A label named `If` is a label, not the history form.
    let def = ok_line("K: If:1*");
    assert_eq!(
        def.body,
        Body::Moves(with_label(
            alts(vec![]),
            "If",
            alts(vec![one(st("", exactly(1, Direction::All)))])
        ))
    );
}

// ----- Fairy Chess (A.5) ----------------------------------------------------

#[test]
fn par_fair_02_fairy_king() {
    let expected = alts(vec![one(st("", exactly(1, Direction::All)))]);
    assert_eq!(ok_line("> **K**:    1*"), moves_of('K', expected));
}

#[test]
fn par_fair_03_wheel_bound_range_or_knight() {
    let expected = alts(vec![
        one(st("", range(1, 3, Direction::Orthogonal))),
        one(st("~", hippogonal(1, 2))),
    ]);
    assert_eq!(
        ok_line("> **W**:    {1..3}+, ~1/2"),
        moves_of('W', expected)
    );
}

#[test]
fn par_fair_04_shooter_tile_label_chain() {
    let shoot = chain(
        vec![
            tagged(st("", Target::StandStill), &["S"]),
            unit(st("c", range(1, 4, Direction::Orthogonal))),
            unit(st("~", tile("S"))),
        ],
        "..",
    );
    let expected = alts(vec![shoot, one(st("o", exactly(1, Direction::All)))]);
    assert_eq!(ok_moves("0@S@.c{1..4}+.~%S%, o1*"), expected);
    assert_eq!(
        ok_line("> **S**:    0@S@.c{1..4}+.~%S%, o1*"),
        moves_of('S', expected)
    );
}

#[test]
fn par_fair_05_kirin_ferz_or_dabbaba_leap() {
    let expected = alts(vec![
        one(st("", exactly(1, Direction::Diagonal))),
        one(st("~", exactly(2, Direction::Orthogonal))),
    ]);
    assert_eq!(ok_line("> **C**:    1X, ~2+"), moves_of('C', expected));
}

#[test]
fn par_fair_06_jumper_locust() {
    let expected = alts(vec![one(st("^", exactly(2, Direction::Orthogonal)))]);
    assert_eq!(ok_line("> **J**:    ^2+"), moves_of('J', expected));
}

#[test]
fn par_fair_07_ferz() {
    let expected = alts(vec![one(st("", exactly(1, Direction::Diagonal)))]);
    assert_eq!(ok_line("> **F**:    1X"), moves_of('F', expected));
}

// ----- Syntax (A.1, PAR-SYNT) -----------------------------------------------

#[test]
fn par_synt_01_definition_line_and_decoration() {
    let plain = ok_line("K: 1*");
    assert_eq!(ok_line("> **K**:    1*"), plain);
    assert_eq!(ok_line("K:1*"), plain);
    assert_eq!(ok_line("  >**K** : 1*  "), plain);
    // Letters are case-sensitive (PAR-NAME-02).
    assert_eq!(ok_line("p: 1*").pieces, vec!['p']);
    assert_eq!(ok_line("P: 1*").pieces, vec!['P']);
    // A repeated letter names two distinct pieces.
    assert_eq!(ok_line("K;K: 1*; 1*").pieces, vec!['K', 'K']);
}

#[test]
fn par_synt_02_trailing_comma_continues_the_line() {
    assert_eq!(ok_line(CASTLING), castling_tree());
    assert_eq!(ok_line("K: 1*,\r\n   n+").to_string(), "K: 1*, n+");
    assert_eq!(ok_moves("1*,\n n+").to_string(), "1*, n+");
    // A trailing line break is just the end of the line.
    assert_eq!(ok_line("K: 1*\n").to_string(), "K: 1*");
    // Anything else ending a physical line ends the logical line.
    let e = err_line("K: 1*\nn+");
    assert_eq!((e.column, e.found.as_str()), (6, "line break"));
    assert!(e.expected.contains("only after a trailing ','"));
    let e = err_moves("1*.\n1+");
    assert_eq!(e.column, 4);
    assert!(e.expected.contains("PAR-SYNT-02"));
}

#[test]
fn par_synt_03_caption_after_a_complete_body() {
    assert_eq!(ok_line(CASTLING).caption.as_deref(), Some("Castling"));
    let def = ok_line("K: 1*(Long   castling move)");
    assert_eq!(def.caption.as_deref(), Some("Long castling move"));
    assert_eq!(def.to_string(), "K: 1* (Long castling move)");
    // A group cannot follow a complete unit, so `(nX)` there is a caption.
    assert_eq!(ok_line("L: nX (nX)").caption.as_deref(), Some("nX"));
    // Captions close the line, hold letters only and exist only on lines.
    assert_eq!(err_line("K: 1* (Castling) n+").column, 18);
    assert_eq!(err_line("K: 1* (Castling 2)").column, 17);
    assert_eq!(err_moves("1*(Castling)").column, 3);
    // Captions follow history rules too.
    assert_eq!(
        ok_line("p: If piece at 1= played oi2> last turn then c1=.o1> (En passant)")
            .caption
            .as_deref(),
        Some("En passant")
    );
}

#[test]
fn par_synt_04_comma_binds_more_loosely_than_semicolon() {
    let def = ok_line("K;T: 1*.1*; 2+, 3+; 4+.4+");
    let Body::MultiPiece(multi) = def.body else {
        panic!("a multi-piece body")
    };
    assert_eq!(multi.alternatives.len(), 2);
    assert!(multi.alternatives.iter().all(|t| t.parts.len() == 2));
    assert_eq!(multi.alternatives[0].parts[0].leading.len(), 1);
    assert_eq!(multi.alternatives[1].parts[1].leading.len(), 1);
    // `.` and `?` bind tighter than `,`.
    let e = ok_moves("1*.1+, 1X?1*");
    assert_eq!(e.alternatives.len(), 2);
    // A label definition is looser than `,`: it takes the rest of the line.
    let e = ok_moves("$x$, x:1+, 1X");
    let label = e.label.expect("label");
    assert_eq!(label.body.alternatives.len(), 2);
}

// ----- Distances (PAR-DIST) -------------------------------------------------

#[test]
fn par_dist_01_number_is_an_exact_distance() {
    assert_eq!(
        ok_moves("3+"),
        alts(vec![one(st("", exactly(3, Direction::Orthogonal)))])
    );
    assert_eq!(
        ok_moves("12*"),
        alts(vec![one(st("", exactly(12, Direction::All)))])
    );
}

#[test]
fn par_dist_02_n_is_any_distance() {
    assert_eq!(
        ok_moves("n>"),
        alts(vec![one(st("", any_distance(Direction::Forward)))])
    );
    assert_eq!(
        ok_moves("n <>"),
        alts(vec![one(st("", any_distance(Direction::ForwardBackward)))])
    );
}

#[test]
fn par_dist_03_zero_stands_still_without_direction() {
    assert_eq!(ok_moves("0"), alts(vec![one(st("", Target::StandStill))]));
    assert_eq!(
        ok_moves("is0"),
        alts(vec![one(st("is", Target::StandStill))])
    );
    let e = err_moves("0+");
    assert_eq!((e.column, e.found.as_str()), (2, "'+'"));
}

#[test]
fn par_dist_04_brace_bounds() {
    let cond = |first, rest: Vec<(RelOp, Operand)>| Distance::Condition(Comparison { first, rest });
    let cases: Vec<(&str, Distance)> = vec![
        ("{1..3}+", Distance::Range { lo: 1, hi: 3 }),
        ("{ 0 .. 2 }+", Distance::Range { lo: 0, hi: 2 }),
        (
            "{n<=3}+",
            cond(Operand::N, vec![(RelOp::Le, Operand::Int(3))]),
        ),
        (
            "{2<n}+",
            cond(Operand::Int(2), vec![(RelOp::Lt, Operand::N)]),
        ),
        (
            "{1 <= n < 5}+",
            cond(
                Operand::Int(1),
                vec![(RelOp::Le, Operand::N), (RelOp::Lt, Operand::Int(5))],
            ),
        ),
        (
            "{n=2}+",
            cond(Operand::N, vec![(RelOp::Eq, Operand::Int(2))]),
        ),
        (
            "{n>=2}+",
            cond(Operand::N, vec![(RelOp::Ge, Operand::Int(2))]),
        ),
        (
            "{n>0}+",
            cond(Operand::N, vec![(RelOp::Gt, Operand::Int(0))]),
        ),
    ];
    for (input, distance) in cases {
        let expected = alts(vec![one(st(
            "",
            Target::Line {
                distance,
                direction: Direction::Orthogonal,
            },
        ))]);
        let parsed = ok_moves(input);
        assert_eq!(parsed, expected, "{input}");
        assert_moves_round_trip(&parsed);
    }
    // `=` after a brace is a direction again.
    let e = ok_moves("{n=2}=");
    assert_eq!(
        e.alternatives[0].last.primary,
        Primary::Step(st(
            "",
            Target::Line {
                distance: cond(Operand::N, vec![(RelOp::Eq, Operand::Int(2))]),
                direction: Direction::Sideways
            }
        ))
    );
    // The comparison must mention n; Parlett's `-` range is not accepted.
    let e = err_moves("{1<2}+");
    assert_eq!((e.column, e.found.as_str()), (1, "'{1<2}'"));
    assert!(e.expected.contains("mentions n"));
    assert_eq!(err_moves("1-3+").column, 2);
    // An empty range holds no distance: a load error at its '{', not a
    // piece that silently never moves. `{2..2}` is one distance, fine.
    let e = err_moves("c{3..1}+");
    assert_eq!((e.column, e.found.as_str()), (2, "'{3..1}'"));
    assert!(e.expected.contains("a <= b"), "{}", e.expected);
    assert!(e.expected.contains("write {1..3}"), "{}", e.expected);
    assert_eq!(err_moves("1*, { 1 .. 0 }X").column, 5);
    assert_eq!(
        ok_moves("{2..2}+").to_string(),
        ok_moves("{ 2 .. 2 }+").to_string()
    );
}

#[test]
fn par_bind_01_brace_then_plain_n_are_separate_distances() {
    let e = ok_moves("{1..3}+.nX");
    assert_eq!(
        e,
        alts(vec![chain(
            vec![
                unit(st("", range(1, 3, Direction::Orthogonal))),
                unit(st("", any_distance(Direction::Diagonal))),
            ],
            "."
        )])
    );
}

// ----- Directions (PAR-DIRN) ------------------------------------------------

#[test]
fn par_dirn_01_to_03_every_direction_symbol() {
    let symbols = [
        ("*", Direction::All),
        ("+", Direction::Orthogonal),
        ("X", Direction::Diagonal),
        (">", Direction::Forward),
        ("<", Direction::Backward),
        ("<>", Direction::ForwardBackward),
        ("=", Direction::Sideways),
        (">=", Direction::ForwardSideways),
        ("<=", Direction::BackwardSideways),
        ("X>", Direction::DiagonalForward),
        ("X<", Direction::DiagonalBackward),
        ("l", Direction::Left),
        ("r", Direction::Right),
    ];
    assert_eq!(symbols.len(), Direction::ALL.len());
    for (symbol, direction) in symbols {
        assert_eq!(direction.symbol(), symbol);
        let parsed = ok_moves(&format!("2{symbol}"));
        assert_eq!(
            parsed,
            alts(vec![one(st("", exactly(2, direction)))]),
            "{symbol}"
        );
    }
    // Case matters: lower-case x is no direction (A.1 rule 6).
    let e = err_moves("1x");
    assert_eq!(
        (e.column, e.expected.as_str()),
        (2, "a direction (* + X > < = ...)")
    );
}

#[test]
fn par_dirn_04_left_and_right() {
    assert_eq!(
        ok_moves("os1l, os1r"),
        alts(vec![
            one(st("os", exactly(1, Direction::Left))),
            one(st("os", exactly(1, Direction::Right)))
        ])
    );
}

#[test]
fn par_dirn_05_hippogonal_needs_leap_and_no_direction() {
    assert_eq!(ok_moves("~3/1"), alts(vec![one(st("~", hippogonal(3, 1)))]));
    let e = err_moves("1/2");
    assert_eq!(e.column, 1);
    assert!(e.expected.contains("'~' before a hippogonal leap"));
    let e = err_moves("~1/2>");
    assert_eq!(e.column, 5);
    assert!(e.expected.contains("no direction after a hippogonal leap"));
}

// ----- Conditions and move types (PAR-COND, PAR-TYPE) ------------------------

#[test]
fn par_cond_01_to_04_condition_letters() {
    let cases = [
        ("i1>", "i"),
        ("c1X", "c"),
        ("o1*", "o"),
        ("s1*", "s"),
        ("cis1+", "cis"),
    ];
    for (input, mods) in cases {
        let parsed = ok_moves(input);
        let Primary::Step(step) = &parsed.alternatives[0].last.primary else {
            panic!("a step")
        };
        assert_eq!(step, &st(mods, step.target.clone()), "{input}");
    }
}

#[test]
fn par_cond_05_modifiers_are_an_unordered_prefix() {
    assert_eq!(ok_moves("oi2>"), ok_moves("io2>"));
    assert_eq!(ok_moves("oi2>"), ok_moves("o i 2>"));
    assert_eq!(ok_moves("~i2l"), ok_moves("i~2l"));
    assert_eq!(ok_moves("~i2l").to_string(), "~i2l");
    assert_eq!(ok_moves("si~o1+").to_string(), "~ois1+");
    let e = err_moves("ii1+");
    assert_eq!(e.column, 2);
    assert!(e.expected.contains("'i' is repeated"));
    let e = err_moves("co1+");
    assert_eq!(e.column, 2);
    assert!(e.expected.contains("at most one of 'c' and 'o'"));
    let e = err_moves("~^1+");
    assert_eq!(e.column, 2);
    assert!(e.expected.contains("at most one move type"));
    // No `d` condition letter.
    assert_eq!(err_moves("d1*").column, 1);
}

#[test]
fn par_type_01_to_03_move_types() {
    let kind_of = |input: &str| match &ok_moves(input).alternatives[0].last.primary {
        Primary::Step(s) => s.kind,
        other => panic!("a step, got {other:?}"),
    };
    assert_eq!(kind_of("2+"), MoveKind::Slide);
    assert_eq!(kind_of("~2+"), MoveKind::Leap);
    assert_eq!(kind_of("^2+"), MoveKind::Locust);
    assert_eq!(kind_of("^%S%"), MoveKind::Locust);
    let e = err_moves("^1/2");
    assert_eq!((e.column, e.found.as_str()), (1, "'^'"));
    assert!(e.expected.contains("PAR-TYPE-03"));
}

// ----- Operators (PAR-GRUP) -------------------------------------------------

#[test]
fn par_grup_01_slash_builds_a_hippogonal_leap() {
    assert_eq!(ok_moves("~2/3"), alts(vec![one(st("~", hippogonal(2, 3)))]));
    assert_eq!(err_moves("~1/").column, 4);
}

#[test]
fn par_grup_02_rider_only_after_fixed_distance() {
    assert_eq!(
        ok_moves("~1/2&"),
        alts(vec![one(rider(st("~", hippogonal(1, 2))))])
    );
    assert_eq!(
        ok_moves("1+&@a@!"),
        alts(vec![Chain::single(invalid(tagged(
            rider(st("", exactly(1, Direction::Orthogonal))),
            &["a"]
        )))])
    );
    for (input, column) in [
        ("n+&", 3),
        ("0&", 2),
        ("(1+)&", 5),
        ("{1..2}+&", 8),
        ("%S%&", 4),
    ] {
        let e = err_moves(input);
        assert_eq!(e.column, column, "{input}");
        assert!(e.expected.contains("PAR-GRUP-02"), "{input}");
    }
}

#[test]
fn par_grup_03_then_chains_units() {
    assert_eq!(
        ok_moves("c1=.o1>"),
        alts(vec![chain(
            vec![
                unit(st("c", exactly(1, Direction::Sideways))),
                unit(st("o", exactly(1, Direction::Forward))),
            ],
            "."
        )])
    );
}

#[test]
fn par_grup_04_alternatives() {
    let e = ok_moves("1*, 1+ ,1X");
    assert_eq!(e.alternatives.len(), 3);
    assert!(e.label.is_none());
}

#[test]
fn par_grup_05_groups_and_label_scope() {
    let e = ok_moves("(1+, 1X).1*");
    assert_eq!(
        e,
        alts(vec![chain(
            vec![
                group(alts(vec![
                    one(st("", exactly(1, Direction::Orthogonal))),
                    one(st("", exactly(1, Direction::Diagonal))),
                ])),
                unit(st("", exactly(1, Direction::All))),
            ],
            "."
        )])
    );
    // The group ends the label's reach: `.$x$` is outside it.
    let e = ok_moves("(x:1+).$x$");
    assert_eq!(
        e,
        alts(vec![chain(
            vec![
                group(with_label(
                    alts(vec![]),
                    "x",
                    alts(vec![one(st("", exactly(1, Direction::Orthogonal)))])
                )),
                reference("x"),
            ],
            "."
        )])
    );
}

// ----- Extensions (PAR-EXTN) ------------------------------------------------

#[test]
fn par_extn_01_if_possible_links_the_unit_before() {
    let e = ok_moves("1*.1+?1X");
    let links: Vec<Option<Link>> = e.alternatives[0].units().map(|(_, l)| l).collect();
    assert_eq!(links, vec![Some(Link::Then), Some(Link::IfPossible), None]);
    // Test a longer sequence by grouping it.
    let e = ok_moves("(1*.1+)?1X");
    assert!(matches!(
        e.alternatives[0].leading[0].unit.primary,
        Primary::Group(_)
    ));
    assert_eq!(e.alternatives[0].leading[0].link, Link::IfPossible);
}

#[test]
fn par_extn_02_invalid_mark_keeps_labels() {
    let e = ok_moves("0@T@!.1+, n+!?1X");
    assert_eq!(
        e,
        alts(vec![
            chain(
                vec![
                    invalid(tagged(st("", Target::StandStill), &["T"])),
                    unit(st("", exactly(1, Direction::Orthogonal))),
                ],
                "."
            ),
            chain(
                vec![
                    invalid(unit(st("", any_distance(Direction::Orthogonal)))),
                    unit(st("", exactly(1, Direction::Diagonal))),
                ],
                "?"
            ),
        ])
    );
    // `!` comes after the tile labels.
    assert_eq!(err_moves("0!@T@").column, 3);
}

#[test]
fn par_extn_03_label_only_alternative_is_kept_as_a_definition() {
    let e = ok_moves("1*, x:2+");
    assert_eq!(e.alternatives.len(), 1);
    assert_eq!(e.label.as_ref().map(|l| l.name.as_str()), Some("x"));
    assert_eq!(e.to_string(), "1*, x:2+");
}

// ----- Labels (PAR-LABL) ----------------------------------------------------

#[test]
fn par_labl_01_label_reaches_the_end_of_the_line() {
    let e = ok_moves("$x$.1*, x:1+.1X, 2+");
    let expected = with_label(
        alts(vec![chain(
            vec![reference("x"), unit(st("", exactly(1, Direction::All)))],
            ".",
        )]),
        "x",
        alts(vec![
            chain(
                vec![
                    unit(st("", exactly(1, Direction::Orthogonal))),
                    unit(st("", exactly(1, Direction::Diagonal))),
                ],
                ".",
            ),
            one(st("", exactly(2, Direction::Orthogonal))),
        ]),
    );
    assert_eq!(e, expected);
    // Nested definitions: y lies inside x's body.
    let e = ok_moves("$y$, x:1+, y:2+");
    let x = e.label.as_ref().expect("x");
    assert_eq!(x.body.label.as_ref().map(|l| l.name.as_str()), Some("y"));
    assert_eq!(e.label_defs().len(), 2);
    // So y may not use x (x would reach itself through y), unless groups
    // keep the two definitions apart.
    let e = err_moves("$y$, x:1+, y:$x$");
    assert_eq!(e.column, 14);
    assert!(e.found.contains("inside the definition of 'x'"));
    assert!(parse_moves("$y$, (x:1+), (y:$x$.$x$)").is_ok());
    // No redefinition, no recursion.
    let e = err_moves("x:1+, (x:2+)");
    assert_eq!(e.column, 8);
    assert!(e.expected.contains("no redefinition"));
    let e = err_moves("x:1+.$x$");
    assert_eq!(e.column, 6);
    assert!(e.expected.contains("no recursion"));
    let e = err_moves("$a$, a:$b$, b:1+.$a$");
    assert_eq!(e.column, 18);
    assert!(e.expected.contains("no recursion"));
}

#[test]
fn par_labl_02_references_must_name_a_defined_label() {
    // A reference may come before the definition.
    let e = ok_moves("$jump$.1*, jump:~2+");
    assert_eq!(e.alternatives[0].leading[0].unit, reference("jump"));
    let e = err_moves("$y$");
    assert_eq!(
        (e.column, e.found.as_str()),
        (1, "'$y$' (no label 'y' on this line)")
    );
    // Labels are per line: a multi-piece part may use one defined later.
    let def = ok_line("K;T: $a$; 1+, a:1*");
    assert!(def.label("a").is_some());
    assert!(def.label("b").is_none());
}

#[test]
fn par_labl_03_tile_labels_are_postfix() {
    assert_eq!(
        ok_moves("0@S@@T@.~%T%"),
        alts(vec![chain(
            vec![
                tagged(st("", Target::StandStill), &["S", "T"]),
                unit(st("~", tile("T"))),
            ],
            "."
        )])
    );
    assert_eq!(
        ok_moves("(1+)@g1@"),
        alts(vec![Chain::single({
            let mut u = group(alts(vec![one(st("", exactly(1, Direction::Orthogonal)))]));
            u.tiles = vec!["g1".to_owned()];
            u
        })])
    );
}

#[test]
fn par_labl_04_tile_targets() {
    assert_eq!(ok_moves("%S%"), alts(vec![one(st("", tile("S")))]));
    assert_eq!(ok_moves("~ % S %"), alts(vec![one(st("~", tile("S")))]));
    // Following PAR-LABL-03, an unbound tile is a run-time "no outcome",
    // not a parse error.
    assert!(parse_moves("~%nowhere%").is_ok());
}

#[test]
fn par_labl_05_label_definition_before_if_possible() {
    let e = ok_moves("(x:1+)?2*");
    assert_eq!(e.alternatives[0].leading[0].link, Link::IfPossible);
    assert!(matches!(
        &e.alternatives[0].leading[0].unit.primary,
        Primary::Group(g) if g.alternatives.is_empty() && g.label.is_some()
    ));
    // A label definition cannot stand inside a chain without a group.
    let e = err_moves("1*.x:2+");
    assert_eq!(e.column, 4);
    assert!(e.expected.contains("write '(x:M)'"));
}

// ----- Multi-piece moves (PAR-MULT) -----------------------------------------

#[test]
fn par_mult_01_one_part_per_piece() {
    let def = ok_line("K;T;L: 1*; 2+; 3X");
    let Body::MultiPiece(m) = &def.body else {
        panic!("multi-piece")
    };
    assert_eq!(m.alternatives[0].parts.len(), 3);
    assert_line_round_trip(&def);
    let e = err_line("K;T: 1*");
    assert_eq!((e.column, e.found.as_str()), (8, "end of input"));
    assert!(e.expected.contains("the part for piece T"));
    let e = err_line("K;T: 1*; 2+; 3+");
    assert_eq!((e.column, e.found.as_str()), (12, "';'"));
    assert!(e.expected.contains("a K;T line has 2 parts"));
    // `;` is a top-level separator only.
    let e = err_line("K;T: (1*; 2+); 1*");
    assert_eq!(e.column, 9);
    let e = err_line("K: 1*; 2+");
    assert_eq!(e.column, 6);
    assert!(e.expected.contains("PAR-MULT-01"));
}

// ---------------------------------------------------------------------------
// Malformed input: column, expectation and what was found.
// ---------------------------------------------------------------------------

/// (input, read by parse_line?, column, part of `expected`, `found`)
const MALFORMED: &[(&str, bool, usize, &str, &str)] = &[
    ("~1q", false, 3, "a direction (* + X > < = ...)", "'q'"),
    ("", false, 1, "a move (", "end of input"),
    ("1", false, 2, "a direction", "end of input"),
    ("1*,", false, 4, "a move (", "end of input"),
    ("1*..", false, 4, "a move (", "'.'"),
    ("q", false, 1, "a move (", "'q'"),
    ("ii1+", false, 2, "'i' is repeated", "'i'"),
    ("co1+", false, 2, "at most one of 'c' and 'o'", "'o'"),
    ("~^1+", false, 2, "at most one move type", "'^'"),
    ("d1*", false, 1, "a move (", "'d1'"),
    ("1/2", false, 1, "'~' before a hippogonal leap", "'1'"),
    ("^1/2", false, 1, "'~' instead of '^'", "'^'"),
    (
        "~1/2>",
        false,
        5,
        "no direction after a hippogonal leap",
        "'>'",
    ),
    (
        "~1/",
        false,
        4,
        "a count (1, 2, ...) after '/'",
        "end of input",
    ),
    ("n+&", false, 3, "before the rider mark '&'", "'&'"),
    ("0&", false, 2, "before the rider mark '&'", "'&'"),
    ("(1+)&", false, 5, "before the rider mark '&'", "'&'"),
    ("0+", false, 2, "'.', '?', ',' or end of input", "'+'"),
    (
        "{1<2}+",
        false,
        1,
        "a comparison that mentions n",
        "'{1<2}'",
    ),
    ("{n}+", false, 3, "a comparison operator", "'}'"),
    ("{1..}+", false, 5, "a number after '..'", "'}'"),
    ("{1..3+", false, 6, "'}' closing the range", "'+'"),
    ("{}+", false, 2, "a number or 'n' after '{'", "'}'"),
    ("{1.5}+", false, 3, "'..' or a comparison operator", "'.'"),
    ("{n<}+", false, 4, "a number or 'n'", "'}'"),
    ("(1+", false, 4, "'.', '?', ',' or ')'", "end of input"),
    ("(1+))", false, 5, "'.', '?', ',' or end of input", "')'"),
    ("()", false, 2, "a move (", "')'"),
    ("$x", false, 3, "'$' closing the move label", "end of input"),
    ("$$", false, 2, "a move label name after '$'", "'$'"),
    (
        "$y$",
        false,
        1,
        "a move label defined on this line",
        "'$y$' (no label 'y' on this line)",
    ),
    (
        "x:1+, (x:2+)",
        false,
        8,
        "no redefinition",
        "'x' (already defined at column 1)",
    ),
    (
        "x:1+.$x$",
        false,
        6,
        "no recursion",
        "'$x$' inside the definition of 'x', which reaches the end of the line or its closing ')'",
    ),
    (
        "$a$, a:$b$, b:1+.$a$",
        false,
        18,
        "no recursion",
        "'$a$' inside the definition of 'a', which reaches the end of the line or its closing ')'",
    ),
    (
        "$a$, (a:$b$), (b:1+.$a$)",
        false,
        21,
        "no recursion",
        "'$a$' (label 'a' reaches itself through references)",
    ),
    (
        "1*.x:2+",
        false,
        4,
        "only starts an alternative or a group",
        "'x'",
    ),
    ("x:", false, 3, "a move (", "end of input"),
    ("@S@", false, 1, "a move (", "'@'"),
    (
        "0@S",
        false,
        4,
        "'@' closing the tile label",
        "end of input",
    ),
    ("0@@", false, 3, "a tile label name after '@'", "'@'"),
    ("%S", false, 3, "'%' closing the tile label", "end of input"),
    ("%1%", false, 2, "a tile label name after '%'", "'1'"),
    ("1*; 2+", false, 3, "top level of a multi-piece line", "';'"),
    ("1-3*", false, 2, "a direction", "'-'"),
    ("1*?", false, 4, "a move (", "end of input"),
    (
        "is",
        false,
        3,
        "a distance (1, 2, n, {..}), '0' or a tile",
        "end of input",
    ),
    (
        "99999999999+",
        false,
        1,
        "a number of at most 4294967295",
        "'99999999999'",
    ),
    ("1* 2+", false, 4, "'.', '?', ',' or end of input", "'2'"),
    ("n<>=", false, 4, "'.', '?', ',' or end of input", "'='"),
    ("1Y", false, 2, "a direction", "'Y'"),
    ("\u{3000}1q", false, 3, "a direction", "'q'"),
    ("~1/2, é", false, 7, "a move (", "'é'"),
    (
        "1*\u{0}",
        false,
        3,
        "'.', '?', ',' or end of input",
        "'\\0'",
    ),
    ("K 1*", true, 3, "';' or ':' after the piece letter", "'1'"),
    (
        "**K*: 1*",
        true,
        4,
        "'**' closing the bold piece letter",
        "'*'",
    ),
    (": 1*", true, 1, "a piece letter", "':'"),
    (
        "KT: 1*",
        true,
        2,
        "';' or ':' after the piece letter",
        "'T'",
    ),
    ("K;T: 1*", true, 8, "the part for piece T", "end of input"),
    ("K;T: 1*; 2+; 3+", true, 12, "a K;T line has 2 parts", "';'"),
    (
        "K: 1*\n2+",
        true,
        6,
        "only after a trailing ','",
        "line break",
    ),
    (
        "K: 1* (Castling) 2+",
        true,
        18,
        "end of line after the caption",
        "'2'",
    ),
    (
        "K: 1* (Castling 2)",
        true,
        17,
        "a caption word of letters or ')'",
        "'2'",
    ),
    ("K: 1* ()", true, 8, "a caption word of letters", "')'"),
    (
        "K: 1* x",
        true,
        7,
        "a caption '(...)' or end of line",
        "'x'",
    ),
    (
        "p: If piece at 1= played oi2> lst turn then c1=",
        true,
        31,
        "'.', '?' or 'last turn'",
        "'lst'",
    ),
    (
        "p: If piece at 1= played oi2> last turn than c1=",
        true,
        41,
        "'then'",
        "'than'",
    ),
    (
        "K;T: If piece at 1= played oi2> last turn then c1=",
        true,
        6,
        "a history rule belongs to a single piece",
        "'If'",
    ),
    (
        "p: If piece at q",
        true,
        16,
        "a distance (1, 2, n or {..})",
        "'q'",
    ),
    (
        "p: If pawn at 1= played 1> last turn then 1>",
        true,
        7,
        "'piece'",
        "'pawn'",
    ),
    ("p: If piece at 1q", true, 17, "a direction", "'q'"),
];

#[test]
fn malformed_inputs_report_column_expected_and_found() {
    assert!(MALFORMED.len() >= 30);
    for &(input, is_line, column, expected, found) in MALFORMED {
        let e = if is_line {
            err_line(input)
        } else {
            err_moves(input)
        };
        assert_eq!(e.column, column, "column for {input:?}: {e}");
        assert!(
            e.expected.contains(expected),
            "expected-text for {input:?}: {:?} lacks {expected:?}",
            e.expected
        );
        assert_eq!(e.found, found, "found for {input:?}");
        assert_eq!(e.input, input);
        // The message and the caret line of single-line inputs.
        let shown = e.to_string();
        assert!(shown.starts_with(&format!("expected {} at column {column}", e.expected)));
        if !input.contains('\n') {
            let caret = shown.lines().last().expect("caret line");
            assert_eq!(caret.chars().count(), column, "caret for {input:?}");
            assert!(caret.ends_with('^'));
        }
    }
}

#[test]
fn error_display_shows_message_input_and_caret() {
    let e = err_moves("~1q");
    assert_eq!(
        e.to_string(),
        "expected a direction (* + X > < = ...) at column 3, found 'q'\n~1q\n  ^"
    );
    // Multi-line input: the failing physical line is shown.
    let e = err_line("K: 1*,\n   1q");
    assert_eq!(e.column, 12);
    assert_eq!(
        e.to_string(),
        "expected a direction (* + X > < = ...) at column 12 (line 2, column 5), found 'q'\n   1q\n    ^"
    );
    // Overlong lines are shown as a window around the error.
    let input = format!("{}1q", "1*.".repeat(1000));
    let e = err_moves(&input);
    assert_eq!(e.column, 3002);
    let shown = e.to_string();
    let mut lines = shown.lines().skip(1);
    let text = lines.next().expect("input line");
    let caret = lines.next().expect("caret line");
    assert!(text.chars().count() < 200);
    assert_eq!(text.chars().nth(caret.chars().count() - 1), Some('q'));
    // It is a std error.
    let boxed: Box<dyn std::error::Error> = Box::new(e);
    assert!(boxed.to_string().contains("column 3002"));
}

// ---------------------------------------------------------------------------
// Robustness: deep nesting and long input.
// ---------------------------------------------------------------------------

#[test]
fn nesting_is_limited_with_a_clear_error() {
    let ok = format!("{}1*{}", "(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
    assert!(parse_moves(&ok).is_ok());
    let deep = format!(
        "{}1*{}",
        "(".repeat(MAX_DEPTH + 1),
        ")".repeat(MAX_DEPTH + 1)
    );
    let e = err_moves(&deep);
    assert_eq!(e.column, MAX_DEPTH + 1);
    assert!(e.found.contains("nesting too deep"), "{e}");
    // 100k opening parentheses fail the same way, without overflowing.
    let e = err_moves(&"(".repeat(100_000));
    assert_eq!(e.column, MAX_DEPTH + 1);
    // Label definitions nest too: each one holds the rest of the line.
    let labels: String = (0..=MAX_DEPTH).map(|k| format!("1*, a{k}:")).collect();
    let e = err_moves(&format!("{labels}1*"));
    assert!(e.found.contains("nesting too deep"), "{e}");
    let e = err_moves(&"a:".repeat(50_000));
    assert!(e.found.contains("nesting too deep"), "{e}");
}

#[test]
fn long_inputs_parse_without_recursion() {
    let long_chain = format!("{}1*", "1*.".repeat(33_000));
    let e = ok_moves(&long_chain);
    assert_eq!(e.alternatives[0].leading.len(), 33_000);
    assert_eq!(e.to_string(), long_chain);
    let many = vec!["~1/2"; 20_000].join(", ");
    assert_eq!(ok_moves(&many).alternatives.len(), 20_000);
    // A long acyclic chain of label references, then the same closed into a
    // cycle: the recursion check is iterative.
    let n = 5_000;
    let chain_of_labels: Vec<String> = (0..n).map(|k| format!("(L{k}:$L{}$)", k + 1)).collect();
    let acyclic = format!("{}, (L{n}:1*)", chain_of_labels.join(", "));
    assert!(parse_moves(&acyclic).is_ok());
    let cyclic = format!("{}, (L{n}:$L0$)", chain_of_labels.join(", "));
    let e = err_moves(&cyclic);
    assert!(e.expected.contains("no recursion"));
}

// ---------------------------------------------------------------------------
// Property tests.
// ---------------------------------------------------------------------------

fn arb_name() -> impl Strategy<Value = String> {
    "[a-zA-Z][a-zA-Z0-9_]{0,3}"
}

fn arb_direction() -> impl Strategy<Value = Direction> {
    prop::sample::select(Direction::ALL.to_vec())
}

fn arb_operand() -> impl Strategy<Value = Operand> {
    prop_oneof![Just(Operand::N), (0u32..20).prop_map(Operand::Int)]
}

fn arb_relop() -> impl Strategy<Value = RelOp> {
    prop::sample::select(vec![RelOp::Lt, RelOp::Le, RelOp::Eq, RelOp::Ge, RelOp::Gt])
}

fn arb_distance() -> impl Strategy<Value = Distance> {
    prop_oneof![
        (1u32..20).prop_map(|k| Distance::Exactly(nz(k))),
        Just(Distance::Any),
        // A range holds at least one distance (an empty one is a load error).
        (0u32..10, 0u32..10).prop_map(|(a, b)| Distance::Range {
            lo: a.min(b),
            hi: a.max(b),
        }),
        (
            arb_operand(),
            prop::collection::vec((arb_relop(), arb_operand()), 1..4)
        )
            .prop_map(|(first, rest)| {
                let mentions = first == Operand::N || rest.iter().any(|(_, o)| *o == Operand::N);
                let first = if mentions { first } else { Operand::N };
                Distance::Condition(Comparison { first, rest })
            }),
        Just(Distance::Exactly(NonZeroU32::MAX)),
    ]
}

fn arb_target() -> impl Strategy<Value = Target> {
    prop_oneof![
        Just(Target::StandStill),
        (arb_distance(), arb_direction()).prop_map(|(distance, direction)| Target::Line {
            distance,
            direction
        }),
        (1u32..6, 1u32..6).prop_map(|(a, b)| hippogonal(a, b)),
        arb_name().prop_map(Target::Tile),
    ]
}

fn arb_step() -> impl Strategy<Value = Step> {
    (
        prop::sample::select(vec![MoveKind::Slide, MoveKind::Leap, MoveKind::Locust]),
        prop::sample::select(vec![
            CaptureRule::May,
            CaptureRule::Only,
            CaptureRule::Never,
        ]),
        any::<bool>(),
        any::<bool>(),
        arb_target(),
        any::<bool>(),
    )
        .prop_map(|(kind, capture, initial, safe, target, rider)| {
            let mut step = Step {
                kind,
                capture,
                initial,
                safe,
                target,
                rider: false,
            };
            if matches!(step.target, Target::Hippogonal { .. }) {
                step.kind = MoveKind::Leap;
            }
            step.rider = rider && step.has_fixed_distance();
            step
        })
}

fn arb_link() -> impl Strategy<Value = Link> {
    prop_oneof![Just(Link::Then), Just(Link::IfPossible)]
}

fn arb_chain(expr: BoxedStrategy<MoveExpr>) -> BoxedStrategy<Chain> {
    let primary = prop_oneof![
        4 => arb_step().prop_map(Primary::Step),
        1 => arb_name().prop_map(Primary::Ref),
        2 => expr.prop_map(|e| Primary::Group(Box::new(e))),
    ];
    let unit = (
        primary,
        prop::collection::vec(arb_name(), 0..3),
        any::<bool>(),
    )
        .prop_map(|(primary, tiles, invalid)| Unit {
            primary,
            tiles,
            invalid,
        })
        .boxed();
    (
        prop::collection::vec((unit.clone(), arb_link()), 0..3),
        unit,
    )
        .prop_map(|(leading, last)| Chain {
            leading: leading
                .into_iter()
                .map(|(unit, link)| LinkedUnit { unit, link })
                .collect(),
            last,
        })
        .boxed()
}

fn step_chain() -> BoxedStrategy<Chain> {
    (
        prop::collection::vec((arb_step(), arb_link()), 0..3),
        arb_step(),
    )
        .prop_map(|(leading, last)| Chain {
            leading: leading
                .into_iter()
                .map(|(s, link)| LinkedUnit {
                    unit: unit(s),
                    link,
                })
                .collect(),
            last: unit(last),
        })
        .boxed()
}

fn make_expr(alternatives: Vec<Chain>, label: Option<(String, MoveExpr)>) -> MoveExpr {
    let mut alternatives = alternatives;
    if alternatives.is_empty() && label.is_none() {
        alternatives.push(one(Step::plain(Target::StandStill)));
    }
    MoveExpr {
        alternatives,
        label: label.map(|(name, body)| Box::new(LabelDef { name, body })),
    }
}

fn arb_expr() -> BoxedStrategy<MoveExpr> {
    let leaf = prop::collection::vec(step_chain(), 1..3).prop_map(|alts| make_expr(alts, None));
    leaf.prop_recursive(4, 64, 4, |inner| {
        (
            prop::collection::vec(arb_chain(inner.clone()), 0..3),
            prop::option::weighted(0.3, (arb_name(), inner)),
        )
            .prop_map(|(alts, label)| make_expr(alts, label))
    })
    .boxed()
}

fn arb_definition() -> BoxedStrategy<Definition> {
    let letters: Vec<char> = ('a'..='z').chain('A'..='Z').collect();
    let caption = prop::option::of(prop::collection::vec("[A-Za-z]{1,6}", 1..4))
        .prop_map(|w| w.map(|w| w.join(" ")));
    let expr = arb_expr();
    let chain = arb_chain(expr.clone());
    let single = (prop::sample::select(letters.clone()), expr.clone())
        .prop_map(|(p, e)| (vec![p], Body::Moves(e)));
    let history = (
        prop::sample::select(letters.clone()),
        arb_distance(),
        arb_direction(),
        chain.clone(),
        expr.clone(),
    )
        .prop_map(|(p, at_distance, at_direction, pattern, then)| {
            (
                vec![p],
                Body::History(HistoryRule {
                    at_distance,
                    at_direction,
                    pattern,
                    then,
                }),
            )
        });
    let multi = (2usize..4)
        .prop_flat_map(move |arity| {
            (
                prop::collection::vec(prop::sample::select(letters.clone()), arity),
                prop::collection::vec(
                    prop::collection::vec(chain.clone(), arity).prop_map(|parts| Tuple { parts }),
                    0..3,
                ),
                prop::option::weighted(0.3, (arb_name(), expr.clone())),
            )
        })
        .prop_map(|(pieces, mut alternatives, label)| {
            if alternatives.is_empty() && label.is_none() {
                alternatives.push(Tuple {
                    parts: pieces
                        .iter()
                        .map(|_| one(Step::plain(Target::StandStill)))
                        .collect(),
                });
            }
            (
                pieces,
                Body::MultiPiece(MultiExpr {
                    alternatives,
                    label: label.map(|(name, body)| Box::new(LabelDef { name, body })),
                }),
            )
        });
    (prop_oneof![2 => single, 1 => history, 1 => multi], caption)
        .prop_map(|((pieces, body), caption)| {
            let mut def = Definition {
                pieces,
                body,
                caption,
            };
            fix_labels_in_definition(&mut def);
            def
        })
        .boxed()
}

/// Makes generated label names unique and every reference valid and
/// acyclic: labels are renamed `L0`, `L1`, ... in written order, and a
/// reference inside labels `e1 ⊃ e2 ⊃ ...` may only name a label with a
/// higher number than all of them, so references always point forward.
struct LabelFixer {
    count: usize,
    enclosing: Vec<usize>,
}

impl LabelFixer {
    fn rename_expr(&mut self, e: &mut MoveExpr) {
        for c in &mut e.alternatives {
            self.rename_chain(c);
        }
        if let Some(l) = &mut e.label {
            l.name = format!("L{}", self.count);
            self.count += 1;
            self.rename_expr(&mut l.body);
        }
    }

    fn rename_chain(&mut self, c: &mut Chain) {
        for u in c
            .leading
            .iter_mut()
            .map(|l| &mut l.unit)
            .chain(std::iter::once(&mut c.last))
        {
            if let Primary::Group(g) = &mut u.primary {
                self.rename_expr(g);
            }
        }
    }

    fn refs_expr(&mut self, e: &mut MoveExpr, next: &mut usize) {
        for c in &mut e.alternatives {
            self.refs_chain(c, next);
        }
        if let Some(l) = &mut e.label {
            self.enclosing.push(*next);
            *next += 1;
            self.refs_expr(&mut l.body, next);
            self.enclosing.pop();
        }
    }

    fn refs_chain(&mut self, c: &mut Chain, next: &mut usize) {
        for u in c
            .leading
            .iter_mut()
            .map(|l| &mut l.unit)
            .chain(std::iter::once(&mut c.last))
        {
            match &mut u.primary {
                Primary::Group(g) => self.refs_expr(g, next),
                Primary::Ref(name) => {
                    let low = self.enclosing.iter().max().map_or(0, |m| m + 1);
                    if low < self.count {
                        let seed: usize = name.bytes().map(usize::from).sum();
                        *name = format!("L{}", low + seed % (self.count - low));
                    } else {
                        u.primary = Primary::Step(Step::plain(exactly(1, Direction::All)));
                    }
                }
                Primary::Step(_) => {}
            }
        }
    }
}

fn fix_labels_in_expr(e: &mut MoveExpr) {
    let mut fixer = LabelFixer {
        count: 0,
        enclosing: Vec::new(),
    };
    fixer.rename_expr(e);
    fixer.refs_expr(e, &mut 0);
}

fn fix_labels_in_definition(def: &mut Definition) {
    let mut fixer = LabelFixer {
        count: 0,
        enclosing: Vec::new(),
    };
    match &mut def.body {
        Body::Moves(e) => {
            fixer.rename_expr(e);
            fixer.refs_expr(e, &mut 0);
        }
        Body::History(h) => {
            fixer.rename_chain(&mut h.pattern);
            fixer.rename_expr(&mut h.then);
            let mut next = 0;
            fixer.refs_chain(&mut h.pattern, &mut next);
            fixer.refs_expr(&mut h.then, &mut next);
        }
        Body::MultiPiece(m) => {
            // Treat the tuples and the trailing label like one expression.
            for t in &mut m.alternatives {
                for c in &mut t.parts {
                    fixer.rename_chain(c);
                }
            }
            if let Some(l) = &mut m.label {
                l.name = format!("L{}", fixer.count);
                fixer.count += 1;
                fixer.rename_expr(&mut l.body);
            }
            let mut next = 0;
            for t in &mut m.alternatives {
                for c in &mut t.parts {
                    fixer.refs_chain(c, &mut next);
                }
            }
            if let Some(l) = &mut m.label {
                fixer.enclosing.push(next);
                next += 1;
                fixer.refs_expr(&mut l.body, &mut next);
                fixer.enclosing.pop();
            }
        }
    }
}

fn arb_fixed_expr() -> BoxedStrategy<MoveExpr> {
    arb_expr()
        .prop_map(|mut e| {
            fix_labels_in_expr(&mut e);
            e
        })
        .boxed()
}

/// Characters of the notation, for inputs that get past the first token.
const ALPHABET: &[char] = &[
    '*', '+', 'X', '<', '>', '=', 'l', 'r', '0', '1', '2', '3', '9', 'n', '{', '}', '.', ',', ';',
    '?', '!', '&', '@', '$', '%', '~', '^', '(', ')', 'i', 'c', 'o', 's', ':', 'x', 'S', ' ', '/',
    '\n', 'é', 'K', 'T',
];

fn notation_string(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(ALPHABET.to_vec()), 0..max)
        .prop_map(|v| v.into_iter().collect())
}

/// Parsing must not panic, and whatever parses prints to text that parses
/// to the same tree.
fn check_any_input(input: &str) -> Result<(), TestCaseError> {
    match parse_moves(input) {
        Ok(e) => prop_assert_eq!(parse_moves(&e.to_string()), Ok(e)),
        Err(e) => {
            prop_assert!(e.column >= 1 && e.column <= input.chars().count() + 1);
            let _ = e.to_string();
        }
    }
    match parse_line(input) {
        Ok(d) => prop_assert_eq!(parse_line(&d.to_string()), Ok(d)),
        Err(e) => {
            prop_assert!(e.column >= 1 && e.column <= input.chars().count() + 1);
            let _ = e.to_string();
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn round_trip_generated_move_expressions(expr in arb_fixed_expr()) {
        let printed = expr.to_string();
        prop_assert_eq!(parse_moves(&printed), Ok(expr), "{}", printed);
    }

    #[test]
    fn round_trip_generated_definitions(def in arb_definition()) {
        let printed = def.to_string();
        prop_assert_eq!(parse_line(&printed), Ok(def), "{}", printed);
    }

    #[test]
    fn arbitrary_strings_never_panic(chars in prop::collection::vec(any::<char>(), 0..300)) {
        let input: String = chars.into_iter().collect();
        check_any_input(&input)?;
    }

    #[test]
    fn notation_like_strings_never_panic_and_reparse(input in notation_string(200)) {
        check_any_input(&input)?;
        check_any_input(&format!("K: {input}"))?;
        check_any_input(&format!("K;T: {input}"))?;
        check_any_input(&format!("p: If piece at 1= played {input}"))?;
    }

    #[test]
    fn seed_bodies_with_noise_never_panic(
        k in 0..SEED_BODIES.len(),
        at in 0usize..40,
        noise in notation_string(6),
    ) {
        let body = SEED_BODIES[k];
        let cut = body.char_indices().nth(at).map_or(body.len(), |(i, _)| i);
        let input = format!("{}{}{}", &body[..cut], noise, &body[cut..]);
        check_any_input(&input)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn overlong_inputs_never_panic(input in notation_string(100_000)) {
        check_any_input(&input)?;
    }

    #[test]
    fn overlong_arbitrary_inputs_never_panic(
        chars in prop::collection::vec(any::<char>(), 50_000..100_000)
    ) {
        let input: String = chars.into_iter().collect();
        check_any_input(&input)?;
    }

    #[test]
    fn overlong_repetitions_never_panic(
        unit in prop::sample::select(vec!["(", "a:", "1*.", "$a$", "@a@", "{", "1*, ", "(x:1*)?"]),
        count in 10_000usize..40_000,
    ) {
        let input = unit.repeat(count);
        check_any_input(&input)?;
    }
}
