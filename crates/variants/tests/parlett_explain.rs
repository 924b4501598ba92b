//! `explain`: parse tree and per-alternative boards (m move, x capture, * both).

use frozen_core::{Shape, Square};
use frozen_variants::parlett::explain;

fn d4() -> Square {
    Square::new(3, 3)
}

fn board_marks(text: &str, alternative: usize) -> (usize, usize, usize) {
    let header = format!("\nalternative {alternative}:");
    let start = text.find(&header).expect("alternative section");
    let section = &text[start + header.len()..];
    let end = section.find("\nalternative ").unwrap_or(section.len());
    let rows: Vec<&str> = section[..end]
        .lines()
        .filter(|l| {
            l.trim_start()
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit())
                && l.split_whitespace().count() == 9
        })
        .collect();
    let count = |c: char| {
        rows.iter()
            .map(|r| {
                r.split_whitespace()
                    .skip(1)
                    .filter(|t| *t == c.to_string())
                    .count()
            })
            .sum()
    };
    (count('m'), count('x'), count('*'))
}

/// PAR-FAIR-04 as explained: the shooting alternative captures on 14 squares and moves nowhere.
#[test]
fn shooter_boards() {
    let t = explain("0@S@.c{1..4}+.~%S%, o1*", d4(), Shape::EIGHT).expect("parses");
    println!("{t}");
    assert!(t.contains("binds tile S"));
    assert_eq!(board_marks(&t, 1), (0, 14, 0));
    assert_eq!(board_marks(&t, 2), (8, 0, 0));
}

/// Moves and captures on the same squares show as `*`; the Jumper's `^` captures one square away.
#[test]
fn king_and_jumper_boards() {
    let t = explain("K: 1*", d4(), Shape::EIGHT).expect("parses");
    assert_eq!(board_marks(&t, 1), (0, 0, 8));
    let t = explain("^2+", d4(), Shape::EIGHT).expect("parses");
    assert_eq!(board_marks(&t, 1), (4, 4, 0));
}

/// Multi-piece and history lines explain their parts without a board; errors carry a caret.
#[test]
fn other_lines_and_errors() {
    let t = explain(
        "K;T: is0.os1r.os1r; ~i2l, is0.os1l.os1l.os1l; ~i2r (Castling)",
        d4(),
        Shape::EIGHT,
    )
    .expect("parses");
    assert!(t.contains("part 2 (piece T): ~i2l"));
    let t = explain(
        "p: If piece at 1= played oi2> last turn then c1=.o1>",
        d4(),
        Shape::EIGHT,
    )
    .expect("parses");
    assert!(t.contains("history rule"));
    let e = explain("~1q", d4(), Shape::EIGHT).expect_err("bad");
    assert_eq!(e.column, 3);
    assert!(e.to_string().contains('^'));
}

/// Issue 20: explaining ten chained capturing slides finishes (no board is drawn for a
/// line too expensive to evaluate; the text says why and names the line), and a chain
/// whose inner steps are move-only is drawn (its partial paths merge).
#[test]
fn ten_chained_slides_are_explained_without_hanging() {
    let shape = Shape::new(8, 8).expect("8x8");
    let capturing = "n*.n*.n*.n*.n*.n*.n*.n*.n*.n*";
    let text = explain(capturing, d4(), shape).expect("parses");
    assert!(text.contains("cannot show a board"), "{text}");
    assert!(text.contains("too expensive"), "{text}");
    assert!(text.contains(capturing), "{text}");
    let merged = "on*.on*.on*.on*.on*.on*.on*.on*.on*.n*";
    let text = explain(merged, d4(), shape).expect("parses");
    assert!(!text.contains("cannot show a board"), "{text}");
    // Every other square is reachable by nine move-only slides and a last one
    // that may move or capture there (`*`); the piece's own square is `@`.
    let (m, x, both) = board_marks(&text, 1);
    assert_eq!((m, x, both), (0, 0, 63), "{text}");
}
