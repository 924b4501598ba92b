//! Helpers shared by the fc6 test files: positions from a list of units, games, squares,
//! action lists as text.
#![allow(dead_code)]

use frozen_core::{Game, Rules, Square, UnitId};
use frozen_variants::fc6::{Fc6, Fc6Position};
use std::collections::BTreeSet;

/// The rules.
pub fn rules() -> Fc6 {
    Fc6::new()
}

/// A FEN from a piece list (`"Ka1 kp16 Pa3"`), the side and the extra fields (`extra` may
/// be empty; `side` may carry the further fields itself, `"w - - - - d4:n"`).
pub fn fen(pieces: &str, side: &str, extra: &str) -> String {
    let mut board = std::collections::HashMap::new();
    for t in pieces.split_whitespace() {
        let sq: Square = t[1..].parse().expect("square");
        board.insert(sq, t.chars().next().expect("letter"));
    }
    let mut ranks = Vec::new();
    for r in (0..16u8).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for f in 0..16u8 {
            match board.get(&Square::new(f, r)) {
                Some(c) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(*c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        ranks.push(row);
    }
    let mut s = format!("{} {side}", ranks.join("/"));
    if !extra.is_empty() {
        s.push(' ');
        s.push_str(extra);
    }
    s
}

/// The position of a FEN (panics with the reader's message).
pub fn pos(f: &str) -> Fc6Position {
    rules()
        .position_from_fen(f)
        .unwrap_or_else(|e| panic!("{f}: {e}"))
}

/// A game from a FEN.
pub fn game(f: &str) -> Game<Fc6> {
    Game::from_position(rules(), pos(f))
}

/// The legal decisions of a game, as text.
pub fn actions(g: &Game<Fc6>) -> BTreeSet<String> {
    g.actions().iter().map(|a| g.format(a)).collect()
}

/// A square from its name.
pub fn sq(s: &str) -> Square {
    s.parse().expect("square")
}

/// The unit on a square (panics if there is none).
pub fn unit(p: &Fc6Position, s: &str) -> UnitId {
    p.unit_at(sq(s)).unwrap_or_else(|| panic!("no unit on {s}"))
}

/// A FEN with White to move from a piece list.
pub fn w(pieces: &str) -> String {
    fen(pieces, "w", "")
}

/// Applies decisions one by one (legs, `end`, special moves), panicking on a refusal.
pub fn apply(g: &mut Game<Fc6>, decisions: &[&str]) {
    for a in decisions {
        g.apply_text(a).unwrap_or_else(|e| panic!("{a}: {e}"));
    }
}

/// Plays whole turns: each item is a turn, its legs separated by spaces; a turn left open
/// after its last leg is ended with `end`.
pub fn turns(g: &mut Game<Fc6>, list: &[&str]) {
    for t in list {
        for a in t.split_whitespace() {
            g.apply_text(a)
                .unwrap_or_else(|e| panic!("{a} (of {t}): {e}"));
        }
        if open(g) {
            g.apply_text("end")
                .unwrap_or_else(|e| panic!("end after {t}: {e}"));
        }
    }
}

/// True if a turn is in progress.
pub fn open(g: &Game<Fc6>) -> bool {
    g.position().state().turn.is_some()
}

/// The unit on a square of a game (panics if there is none).
pub fn at(g: &Game<Fc6>, s: &str) -> UnitId {
    g.position()
        .unit_at(sq(s))
        .unwrap_or_else(|| panic!("no unit on {s}"))
}

/// Owner turns the unit on `s` is still frozen for.
pub fn left(g: &Game<Fc6>, s: &str) -> u32 {
    frozen_variants::fc6::paralysis::turns_left(g.position(), at(g, s))
}

/// Turns the normal unit on `s` into a shadow there, as if it had become one in its
/// owner's turn `since` (FC6-SHAD-01; for set-ups: the position API, no rule test).
pub fn make_shadow(p: &mut Fc6Position, s: &str, since: u32) -> UnitId {
    let id = unit(p, s);
    p.relocate(id, frozen_core::Location::Shadow(sq(s)));
    p.update_status(id, |st| st.shadow_since = Some(since));
    p.clear_journal();
    id
}
