//! Helpers shared by the fc11 test files: positions from a list of units, action lists as
//! text, playing actions.
#![allow(dead_code)]

use frozen_core::{apply, Rules, Square};
use frozen_variants::fc11::{Fc11, Fc11Position};

/// The rules.
pub fn fc() -> Fc11 {
    Fc11::new()
}

/// The FEN placement of a 16x16 board holding `units` (`("e4", 'P')`, upper case White).
pub fn placement(units: &[(&str, char)]) -> String {
    let mut grid = [['.'; 16]; 16];
    for (sq, c) in units {
        let s: Square = sq.parse().expect("square");
        grid[s.rank() as usize][s.file() as usize] = *c;
    }
    let mut rows = Vec::new();
    for rank in grid.iter().rev() {
        let mut row = String::new();
        let mut run = 0;
        for &c in rank {
            if c == '.' {
                run += 1;
            } else {
                if run > 0 {
                    row.push_str(&run.to_string());
                    run = 0;
                }
                row.push(c);
            }
        }
        if run > 0 {
            row.push_str(&run.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

/// A position with `units` plus the kings on a1 (White) and m16 (Black) unless given,
/// `side` to act (`"w"` or `"b"`), and further FEN fields `rest` (may be empty).
pub fn pos_with(units: &[(&str, char)], side: &str, rest: &str) -> Fc11Position {
    let mut all: Vec<(&str, char)> = units.to_vec();
    if !units.iter().any(|u| u.1 == 'K') {
        all.push(("a1", 'K'));
    }
    if !units.iter().any(|u| u.1 == 'k') {
        all.push(("m16", 'k'));
    }
    let fen = format!("{} {side} {rest}", placement(&all));
    fc().position_from_fen(fen.trim())
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// A position with White to act.
pub fn pos(units: &[(&str, char)]) -> Fc11Position {
    pos_with(units, "w", "")
}

/// The legal actions as canonical text.
pub fn actions(p: &Fc11Position) -> Vec<String> {
    let f = fc();
    let mut v = Vec::new();
    f.actions(p, &mut v);
    v.iter().map(|a| f.format_action(p, a)).collect()
}

/// The legal actions of the unit on `sq` (text starting with that square, or `act:` on it).
pub fn actions_of(p: &Fc11Position, sq: &str) -> Vec<String> {
    let mut v: Vec<String> = actions(p)
        .into_iter()
        .filter(|a| {
            let body = a.strip_prefix("act:").unwrap_or(a);
            body.starts_with(sq) && !body[sq.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect();
    v.sort();
    v
}

/// The destinations of the unit on `sq`: the last square of each of its move actions.
pub fn dests(p: &Fc11Position, sq: &str) -> Vec<String> {
    let mut v: Vec<String> = actions_of(p, sq)
        .into_iter()
        .filter(|a| !a.starts_with("act:"))
        .map(|a| {
            let body = a.split('=').next().unwrap_or("").to_string();
            let cut = body.rfind(|c: char| c.is_ascii_lowercase()).unwrap_or(0);
            body[cut..].to_string()
        })
        .collect();
    v.sort();
    v.dedup();
    v
}

/// Sorted square names.
pub fn sq_list(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v.dedup();
    v
}

/// Plays `text`, panicking with the refusal if it is refused.
pub fn play(p: &mut Fc11Position, text: &str) {
    let f = fc();
    let a = f
        .parse_action(p, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut ev = Vec::new();
    apply(&f, p, &a, &mut ev).unwrap_or_else(|e| panic!("{text}: {e}"));
}

/// The refusal of `text`, or `None` if it is legal.
pub fn refusal(p: &Fc11Position, text: &str) -> Option<String> {
    let f = fc();
    let a = match f.parse_action(p, text) {
        Ok(a) => a,
        Err(e) => return Some(e.to_string()),
    };
    let mut q = p.clone();
    let mut ev = Vec::new();
    match apply(&f, &mut q, &a, &mut ev) {
        Ok(_) => None,
        Err(e) => Some(e.to_string()),
    }
}

/// True if `text` is legal.
pub fn legal(p: &Fc11Position, text: &str) -> bool {
    actions(p).iter().any(|a| a == text)
}

/// The unit on `sq`.
pub fn unit_at<'a>(p: &'a Fc11Position, sq: &str) -> &'a frozen_core::Unit {
    let s: Square = sq.parse().expect("square");
    p.unit(p.unit_at(s).unwrap_or_else(|| panic!("no unit on {sq}")))
}

/// `p` with wall squares added (made by the unit on a1, White's King in [`pos`]).
pub fn with_walls(p: &Fc11Position, walls: &[&str]) -> Fc11Position {
    let f = fc();
    let mut setup = frozen_core::to_setup(&f, p);
    let creator = p.unit_at("a1".parse().expect("a1")).expect("a unit on a1");
    for w in walls {
        setup.walls.push((
            w.parse().expect("square"),
            frozen_core::Wall {
                creator,
                side: Side::White,
                expires: 0,
                kind: frozen_variants::fc11::walls::TRAIL,
            },
        ));
    }
    frozen_core::build_position(&f, setup).unwrap_or_else(|e| panic!("{e}"))
}

use frozen_core::Side;

/// Black pawns on every neighbour of the default black King on m16: no bounced route
/// (FC11-TURN-12) can end on m16, so a test's riders cannot give check by accident.
pub const SHIELD: [(&str, char); 5] = [
    ("l16", 'p'),
    ("n16", 'p'),
    ("l15", 'p'),
    ("m15", 'p'),
    ("n15", 'p'),
];

/// `units` plus [`SHIELD`].
pub fn shielded<'a>(units: &[(&'a str, char)]) -> Vec<(&'a str, char)> {
    let mut v = units.to_vec();
    v.extend_from_slice(&SHIELD);
    v
}

/// The destinations of the unit on `sq` by two-square actions only: straight slides,
/// leaps and steps, without the bounced routes (FC11-TURN-12) and the other actions
/// written with a turning square.
pub fn straight_dests(p: &Fc11Position, sq: &str) -> Vec<String> {
    let mut v: Vec<String> = actions_of(p, sq)
        .into_iter()
        .filter(|a| !a.starts_with("act:"))
        .map(|a| a.split('=').next().unwrap_or("").to_string())
        .filter(|body| body.chars().filter(|c| c.is_ascii_lowercase()).count() == 2)
        .map(|body| {
            let cut = body.rfind(|c: char| c.is_ascii_lowercase()).unwrap_or(0);
            body[cut..].to_string()
        })
        .collect();
    v.sort();
    v.dedup();
    v
}

/// The squares named by a move text (`d4a4a9` gives d4, a4, a9; a promotion suffix is
/// ignored).
pub fn squares_of(text: &str) -> Vec<Square> {
    let body = text.split('=').next().unwrap_or("");
    let b = body.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let mut j = i + 1;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        out.push(body[i..j].parse().expect("square"));
        i = j;
    }
    out
}
