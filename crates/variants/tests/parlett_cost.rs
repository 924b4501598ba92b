//! Complex lines cost what the board and the definition make them cost, not what their
//! number of paths would: a chained slider either loads and lists its moves, its partial
//! paths merged, or is refused when the set is loaded, with an error naming the line.

use frozen_core::Rules;
use frozen_variants::parlett::{load_set, SetError};

fn set_with(moves: &str) -> String {
    format!(
        r#"(name: "chain", board: "8x8",
            pieces: [(name: "King", letter: 'K', fen: 'K'), (name: "Slider", letter: 'S', fen: 'S')],
            moves: ["K: 1*", "{moves}"],
            setup: "7k/8/8/8/3S4/8/8/K7 w - - 0 1",
            royal: Some('K'))"#
    )
}

/// Ten chained slides that may capture at every step: their paths cannot merge (each
/// step may capture a different piece), so the set is refused when it is loaded, with an
/// error naming the line and saying why; it never hangs.
#[test]
fn ten_chained_capturing_slides_are_refused_at_load() {
    let line = "S: n*.n*.n*.n*.n*.n*.n*.n*.n*.n*";
    let err = load_set(&set_with(line)).expect_err("refused");
    let SetError::Invalid { field, message } = &err else {
        panic!("not an invalid-set error: {err:?}");
    };
    assert_eq!(field, "moves[1]");
    assert!(message.contains(line), "{message}");
    assert!(message.contains("too expensive"), "{message}");
    assert!(err.to_string().contains("moves[1]"), "{err}");
}

/// The same chain with move-only inner slides loads, and lists the slider's moves: every
/// square of the board but the own king's, reached by a path of ten slides. That includes
/// d4 itself: a path may come back to its start, and a complex line that ends where it
/// started is listed as such a move (`d4d4`), as for every complex line.
#[test]
fn ten_chained_move_only_slides_load_and_list_their_moves() {
    let rules = load_set(&set_with("S: on*.on*.on*.on*.on*.on*.on*.on*.on*.n*")).expect("loads");
    let pos = rules.initial_position();
    let mut actions = Vec::new();
    rules.actions(&pos, &mut actions);
    let mut slider_ends: Vec<String> = actions
        .iter()
        .filter(|a| a.from().is_some_and(|s| s.to_string() == "d4"))
        .filter_map(|a| a.to().map(|t| t.to_string()))
        .collect();
    slider_ends.sort();
    slider_ends.dedup();
    assert!(
        slider_ends.contains(&"h8".to_string()),
        "captures the king: {slider_ends:?}"
    );
    assert!(
        !slider_ends.contains(&"a1".to_string()),
        "never its own king"
    );
    assert!(slider_ends.contains(&"d4".to_string()));
    assert_eq!(slider_ends.len(), 63, "{slider_ends:?}");
}

/// Four chained slides that may capture at every step are within the bound (at most 27
/// landings per step on 8x8, about 5.5e5 in all): they load and list their moves.
#[test]
fn four_chained_capturing_slides_load_and_list_their_moves() {
    let rules = load_set(&set_with("S: n*.n*.n*.n*")).expect("loads");
    let pos = rules.initial_position();
    let mut actions = Vec::new();
    rules.actions(&pos, &mut actions);
    let mut slider_ends: Vec<String> = actions
        .iter()
        .filter(|a| a.from().is_some_and(|s| s.to_string() == "d4"))
        .filter_map(|a| a.to().map(|t| t.to_string()))
        .collect();
    slider_ends.sort();
    slider_ends.dedup();
    assert!(slider_ends.contains(&"h8".to_string()));
    assert_eq!(slider_ends.len(), 63, "{slider_ends:?}");
}
