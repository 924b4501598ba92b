//! `explain`: what a definition does, for people writing piece sets.
//!
//! [`explain`] parses a definition (with or without a `K:` prefix), prints
//! its parse tree, and for each alternative a board marking where a White
//! piece standing on `from` (unmoved, otherwise empty board) can end its
//! move (`m`), where it could capture an enemy (`x`: tested with a single
//! black piece on that square and nothing else on the board), or both (`*`).
//! The piece itself is shown as `@`.

use super::ast::{
    Body, CaptureRule, Chain, Distance, MoveExpr, MoveKind, Primary, Step, Target, Unit,
};
use super::error::ParseError;
use super::parse::parse_strict;
use super::rules::{GameRule, ParlettRules, PieceSpec, SetFile};
use frozen_core::{Action, Rules, Shape, Square};
use std::fmt::Write;

/// Whether `notation` starts like a whole definition line: an optional
/// `>`, then a piece letter, bare or in `**`, followed by `:` or `;`
/// (`N: ~1/2`, `> **K**;**T**: ...`). Moves alone (`1**`, `~1/2`) do not.
fn has_piece_prefix(notation: &str) -> bool {
    let t = notation.trim_start().trim_start_matches('>').trim_start();
    let t = t.strip_prefix("**").unwrap_or(t);
    let mut chars = t.chars();
    if !chars.next().is_some_and(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    let rest = chars.as_str();
    let rest = rest.strip_prefix("**").unwrap_or(rest).trim_start();
    rest.starts_with(':') || rest.starts_with(';')
}

/// Explains a definition: parse tree, then one board per alternative
/// (see the module documentation). `from` is where the piece stands;
/// `shape` is the board.
///
/// ```
/// use frozen_core::{Shape, Square};
/// let text = frozen_variants::parlett::explain("1X, ~2+", Square::new(3, 3), Shape::EIGHT).unwrap();
/// assert!(text.contains("alternative 2: ~2+"));
/// ```
pub fn explain(notation: &str, from: Square, shape: Shape) -> Result<String, ParseError> {
    let def = match parse_strict(notation, true) {
        Ok(d) => d,
        Err(line_err) => match parse_strict(notation, false) {
            Ok(d) => d,
            Err(moves_err) => {
                return Err(if has_piece_prefix(notation) {
                    line_err
                } else {
                    moves_err
                });
            }
        },
    };
    if !shape.contains(from) {
        return Err(ParseError::new(
            1,
            format!("a square on the {shape} board"),
            from.to_string(),
            notation,
        ));
    }
    let mut out = String::new();
    let _ = writeln!(out, "definition: {def}");
    let _ = writeln!(
        out,
        "pieces: {}",
        def.pieces
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(";")
    );
    match &def.body {
        Body::Moves(e) => {
            tree_expr(&mut out, e, 1);
            for (i, alt) in e.alternatives.iter().enumerate() {
                let _ = writeln!(out, "\nalternative {}: {alt}", i + 1);
                let single = MoveExpr {
                    alternatives: vec![alt.clone()],
                    label: e.label.clone(),
                };
                match boards(&def.pieces[0], &single.to_string(), from, shape) {
                    Ok(b) => out.push_str(&b),
                    Err(m) => {
                        let _ = writeln!(out, "  (cannot show a board: {m})");
                    }
                }
            }
            if let Some(l) = &e.label {
                let _ = writeln!(
                    out,
                    "\nlabel {}: {} (plays nothing where it stands; used through ${}$)",
                    l.name, l.body, l.name
                );
            }
        }
        Body::MultiPiece(m) => {
            for (i, t) in m.alternatives.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "alternative {}: multi-piece move, parts run in order",
                    i + 1
                );
                for (k, c) in t.parts.iter().enumerate() {
                    let _ = writeln!(
                        out,
                        "  part {} (piece {}): {c}",
                        k + 1,
                        def.pieces.get(k).copied().unwrap_or('?')
                    );
                    tree_chain(&mut out, c, 2);
                }
            }
            let _ = writeln!(
                out,
                "\n(a multi-piece move needs its partner pieces: no board is shown)"
            );
        }
        Body::History(h) => {
            let _ = writeln!(
                out,
                "history rule: if the piece at {}{} played {} on the previous turn, then:",
                h.at_distance, h.at_direction, h.pattern
            );
            tree_expr(&mut out, &h.then, 1);
            let _ = writeln!(
                out,
                "\n(depends on the previous turn: nothing on an empty board)"
            );
        }
    }
    Ok(out)
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

fn tree_expr(out: &mut String, e: &MoveExpr, depth: usize) {
    for (i, c) in e.alternatives.iter().enumerate() {
        indent(out, depth);
        let _ = writeln!(out, "alternative {}: {c}", i + 1);
        tree_chain(out, c, depth + 1);
    }
    if let Some(l) = &e.label {
        indent(out, depth);
        let _ = writeln!(out, "label definition {}: {}", l.name, l.body);
        tree_expr(out, &l.body, depth + 1);
    }
}

fn tree_chain(out: &mut String, c: &Chain, depth: usize) {
    for (u, link) in c.units() {
        indent(out, depth);
        let role = match link {
            Some(super::ast::Link::IfPossible) => "tested (?)",
            Some(super::ast::Link::Then) => "played, then (.)",
            None => "played",
        };
        let _ = writeln!(out, "unit {u}: {role}{}", unit_marks(u));
        match &u.primary {
            Primary::Step(s) => {
                indent(out, depth + 1);
                let _ = writeln!(out, "{}", describe_step(s));
            }
            Primary::Group(g) => tree_expr(out, g, depth + 1),
            Primary::Ref(name) => {
                indent(out, depth + 1);
                let _ = writeln!(out, "the move labelled {name}");
            }
        }
    }
}

fn unit_marks(u: &Unit) -> String {
    let mut s = String::new();
    for t in &u.tiles {
        let _ = write!(s, ", binds tile {t} to where it ends");
    }
    if u.invalid {
        s.push_str(", marked invalid (!)");
    }
    s
}

fn describe_step(s: &Step) -> String {
    let mut parts: Vec<String> = Vec::new();
    parts.push(
        match s.kind {
            MoveKind::Slide => "slide (blocked by pieces in between)",
            MoveKind::Leap => "leap (~)",
            MoveKind::Locust => {
                "locust (^: lands on an empty square, captures the enemies it jumps)"
            }
        }
        .to_string(),
    );
    match s.capture {
        CaptureRule::May => parts.push("may capture".into()),
        CaptureRule::Only => parts.push("must capture (c)".into()),
        CaptureRule::Never => parts.push("must not capture (o)".into()),
    }
    if s.initial {
        parts.push("only if the piece has never moved (i)".into());
    }
    if s.safe {
        parts.push("only where no enemy move could capture it afterwards (s)".into());
    }
    match &s.target {
        Target::StandStill => parts.push("stand still (0)".into()),
        Target::Line {
            distance,
            direction,
        } => {
            let d = match distance {
                Distance::Exactly(k) => format!("exactly {k}"),
                Distance::Any => "any distance n >= 1".to_string(),
                Distance::Range { lo, hi } => format!("{lo} to {hi}, binds n"),
                Distance::Condition(c) => format!("any n with {c}, binds n"),
            };
            parts.push(format!("distance {d}, direction {direction}"));
        }
        Target::Hippogonal { a, b } => parts.push(format!("hippogonal {a}/{b} (8 vectors)")),
        Target::Tile(t) => parts.push(format!("to tile {t}")),
    }
    if s.rider {
        parts.push("rider (&: repeats the vector)".into());
    }
    format!("step {s}: {}", parts.join(", "))
}

fn boards(letter: &char, moves: &str, from: Square, shape: Shape) -> Result<String, String> {
    let enemy_letter = ['Z', 'Y', 'V', 'Q', 'A']
        .into_iter()
        .find(|c| c != letter)
        .unwrap_or('Z');
    let set = SetFile {
        name: "explain".into(),
        description: String::new(),
        board: shape.to_string(),
        pieces: vec![
            PieceSpec {
                name: "piece".into(),
                letter: *letter,
                fen: 'X',
            },
            PieceSpec {
                name: "enemy".into(),
                letter: enemy_letter,
                fen: 'E',
            },
        ],
        moves: vec![format!("{letter}: {moves}")],
        setup: fen_with(shape, &[(from, 'X')]),
        promotion: Vec::new(),
        royal: None,
        rule: GameRule::LastRoyalStanding,
        notes: Vec::new(),
    };
    let rules = ParlettRules::from_set(set).map_err(|e| e.to_string())?;
    let mut moves_to = frozen_core::Bitboard::EMPTY;
    let mut caps = frozen_core::Bitboard::EMPTY;
    let pos = rules.initial_position();
    let mut acts: Vec<Action> = Vec::new();
    rules.actions(&pos, &mut acts);
    for a in &acts {
        if let Some(t) = a.path.get(1) {
            moves_to.set(*t);
        }
    }
    for t in shape.squares() {
        if t == from {
            continue;
        }
        let fen = fen_with(shape, &[(from, 'X'), (t, 'e')]);
        let Ok(p) = rules.position_from_fen(&fen) else {
            continue;
        };
        // The moves as listed, read for whether one takes the enemy: a simple
        // move by landing on it, a complex one by its effect's captures (what
        // `perform` would remove). One evaluation per square, not one per
        // listed move (playing a complex move evaluates its line again).
        let victim = p.unit_at(t);
        let mut taken = false;
        rules.each_move(&p, &mut |g| {
            taken |= match g.effect {
                Some(e) => e.caps.iter().any(|&(v, _)| Some(v) == victim),
                None => g.to == t,
            };
        });
        if taken {
            caps.set(t);
        }
    }
    let mut s = String::new();
    for rank in (0..shape.height()).rev() {
        let _ = write!(s, "{:>3} ", rank + 1);
        for file in 0..shape.width() {
            let sq = Square::new(file, rank);
            let c = if sq == from {
                '@'
            } else {
                match (moves_to.contains(sq), caps.contains(sq)) {
                    (true, true) => '*',
                    (true, false) => 'm',
                    (false, true) => 'x',
                    (false, false) => '.',
                }
            };
            s.push(c);
            s.push(' ');
        }
        s.push('\n');
    }
    s.push_str("    ");
    for file in 0..shape.width() {
        s.push((b'a' + file) as char);
        s.push(' ');
    }
    s.push('\n');
    let _ = writeln!(
        s,
        "  {} move(s) on the empty board, {} square(s) where an enemy could be captured (m move, x capture, * both)",
        moves_to.count(),
        caps.count()
    );
    Ok(s)
}

fn fen_with(shape: Shape, pieces: &[(Square, char)]) -> String {
    let mut s = String::new();
    for rank in (0..shape.height()).rev() {
        let mut empty = 0;
        for file in 0..shape.width() {
            let sq = Square::new(file, rank);
            match pieces.iter().find(|p| p.0 == sq) {
                Some(&(_, c)) => {
                    if empty > 0 {
                        let _ = write!(s, "{empty}");
                        empty = 0;
                    }
                    s.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            let _ = write!(s, "{empty}");
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s.push_str(" w - - 0 1");
    s
}
