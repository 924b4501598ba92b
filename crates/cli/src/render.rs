//! `frozen render`: the position as SVG. Squares, units as letters or figurines, and the
//! state the FrozenChess display sections ask for: the current range of ranged units as a
//! number on the unit, paralysis as a green count with one green dot per turn left, tombs,
//! walls with expiry, traps, bombs, square effects, monads, marked (death) squares and
//! shadows, each drawn distinctly and explained in a legend under the board.
//!
//! Multi-move ability is drawn as a glow around the unit, yellow (2), orange (3) or red (4
//! and more), from `Rules::multimove`, so the CLI holds no rule logic of its own.
//!
//! With `--after`, the last action's squares are tinted, and when the same side acts again
//! (a turn of several actions) the unit that moved is ringed as the one mid-turn. A piece
//! key under the board names every kind on it.

use crate::common::{actor, emit, paralysis_left, Glyphs, PositionArgs};
use crate::error::{CliError, CliResult};
use frozen_core::{Location, Position, Rules, Side, Square, VariantVisitor, MARK_LAYERS};
use std::fmt::Write as _;
use std::path::PathBuf;

/// Side of one square in pixels.
const SQ: i32 = 48;
/// Margin around the board (room for coordinates).
const MARGIN: i32 = 28;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const MARK_COLOURS: [&str; MARK_LAYERS] = ["#d62828", "#7b2cbf", "#1d4ed8", "#111111"];
/// The square of a King in check.
const CHECK_RED: &str = "#ff5c5c";
/// The ring of a unit paralysed by a rule its status does not record (green, as paralysis).
const PRESENCE_GREEN: &str = "#2a9d38";
/// The badge of a unit in a state a rule names (a raised bishop).
const STATUS_GOLD: &str = "#b8860b";
/// The headstone of an open tomb (one whose first unit may come back).
const OPEN_TOMB: &str = "#c1121f";

/// `frozen render`.
#[derive(Debug)]
pub struct Render {
    /// Position source.
    pub pos: PositionArgs,
    /// Actions to apply first.
    pub after: Vec<String>,
    /// Output (`-` = stdout).
    pub svg: PathBuf,
}

/// Escapes text for SVG/XML.
fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => o.push('?'),
            c => o.push(c),
        }
    }
    o
}

impl VariantVisitor for Render {
    type Output = CliResult;
    fn visit<R: Rules + Clone>(self, rules: R) -> CliResult {
        let (pos, last) = crate::common::load_position_with_last(&rules, &self.pos, &self.after)?;
        let svg = svg_with_last(&rules, &pos, last.as_ref());
        if self.svg.as_os_str() == "-" {
            return emit(&svg);
        }
        std::fs::write(&self.svg, svg).map_err(|e| {
            CliError::fail(format!(
                "cannot write {}: {e}; give a writable path or `--svg -` for stdout",
                self.svg.display()
            ))
        })
    }
}

/// Top-left corner of a square in pixels (White at the bottom).
fn corner(height: u8, sq: Square) -> (i32, i32) {
    (
        MARGIN + i32::from(sq.file()) * SQ,
        MARGIN + (i32::from(height) - 1 - i32::from(sq.rank())) * SQ,
    )
}

/// Draws a unit disc with its letter at the centre of a square.
fn unit_disc(s: &mut String, cx: i32, cy: i32, side: Side, glyph: char, ghost: bool) {
    let (fill, ink) = match side {
        Side::White => ("#ffffff", "#111111"),
        Side::Black => ("#222222", "#ffffff"),
    };
    // Figurines draw smaller than capital letters at the same size.
    let size = if glyph.is_ascii() { 20 } else { 27 };
    let extra = if ghost {
        " fill-opacity=\"0.35\" stroke-dasharray=\"4 3\""
    } else {
        ""
    };
    let _ = writeln!(
        s,
        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"17\" fill=\"{fill}\" stroke=\"#555\" stroke-width=\"1.5\"{extra}/>\
         <text x=\"{cx}\" y=\"{}\" font-size=\"{size}\" text-anchor=\"middle\" font-family=\"DejaVu Sans, sans-serif\" \
         font-weight=\"bold\" fill=\"{ink}\"{}>{}</text>",
        cy + if glyph.is_ascii() { 7 } else { 9 },
        if ghost { " fill-opacity=\"0.6\"" } else { "" },
        esc(&glyph.to_string())
    );
}

/// A round badge with a number: a white-rimmed disc, the text in white with a dark outline
/// (readable on any fill), shrunk to stay on the disc when it has more than two characters.
fn badge(s: &mut String, cx: i32, cy: i32, fill: &str, text: &str) {
    let size = match text.chars().count() {
        0..=2 => 11,
        3 => 9,
        _ => 7,
    };
    let _ = writeln!(
        s,
        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"9\" fill=\"{fill}\" stroke=\"#fff\" stroke-width=\"1.5\"/>\
         <text x=\"{cx}\" y=\"{}\" font-size=\"{size}\" text-anchor=\"middle\" font-family=\"DejaVu Sans, sans-serif\" \
         font-weight=\"bold\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"0.6\" paint-order=\"stroke\">{}</text>",
        cy + size / 2 - 1,
        esc(text)
    );
}

/// The glow colour of a multimove ability: yellow (2), orange (3), red (4 and more).
fn glow_colour(legs: u8) -> &'static str {
    match legs {
        0..=2 => "#ffd60a",
        3 => "#fb8500",
        _ => "#e63946",
    }
}

/// Features present, for the legend.
#[derive(Default)]
struct Used {
    glow: bool,
    range: bool,
    aim: bool,
    paralysis: bool,
    cargo: bool,
    tomb: bool,
    open_tomb: bool,
    wall: bool,
    wall_left: bool,
    wall_turn: bool,
    trap: bool,
    bomb: bool,
    effect: bool,
    monad: bool,
    shadow: bool,
    marks: [bool; MARK_LAYERS],
    pending: bool,
    last: bool,
    mid_turn: bool,
}

/// The SVG text of a position (no last action).
#[cfg(test)]
fn svg<R: Rules>(rules: &R, pos: &Position<R::State>) -> String {
    svg_with_last(rules, pos, None)
}

/// The last action before a drawn position and the side that played it.
#[derive(Debug, Clone)]
pub struct LastAction {
    /// The action's squares.
    pub path: Vec<Square>,
    /// Who played it.
    pub side: Side,
}

/// The SVG text of a position, with the last action (from `--after`) highlighted.
pub fn svg_with_last<R: Rules>(
    rules: &R,
    pos: &Position<R::State>,
    last: Option<&LastAction>,
) -> String {
    let kinds = rules.kinds();
    let glyphs = Glyphs::new(kinds, false);
    let shape = pos.shape();
    let (w, h) = (shape.width(), shape.height());
    let board_w = i32::from(w) * SQ;
    let board_h = i32::from(h) * SQ;
    let mut used = Used::default();
    let mut body = String::new();

    // Squares.
    for sq in shape.squares() {
        let (x, y) = corner(h, sq);
        let fill = if (sq.file() + sq.rank()) % 2 == 1 {
            LIGHT
        } else {
            DARK
        };
        let _ = writeln!(
            body,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{SQ}\" height=\"{SQ}\" fill=\"{fill}\"/>"
        );
    }
    // The last action: its squares tinted.
    if let Some(l) = last {
        for sq in l.path.iter().filter(|s| shape.contains(**s)) {
            used.last = true;
            let (x, y) = corner(h, *sq);
            let _ = writeln!(
                body,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{SQ}\" height=\"{SQ}\" fill=\"#f6f669\" fill-opacity=\"0.55\"/>"
            );
        }
    }
    // The variant's square notes: a King in check gets a red square under it; a unit
    // paralysed by a rule its status does not record gets a dashed green ring over it
    // (drawn after the units).
    let notes = rules.square_notes(pos);
    let mut note_legends: Vec<(frozen_core::SquareNoteKind, String)> = Vec::new();
    for n in notes.iter().filter(|n| shape.contains(n.square)) {
        if !note_legends.iter().any(|(_, l)| *l == n.legend) {
            note_legends.push((n.kind, n.legend.clone()));
        }
        if n.kind == frozen_core::SquareNoteKind::Check {
            let (x, y) = corner(h, n.square);
            let _ = writeln!(
                body,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{SQ}\" height=\"{SQ}\" fill=\"{CHECK_RED}\" fill-opacity=\"0.75\" class=\"check\"><title>{}</title></rect>",
                esc(&n.text)
            );
        }
    }
    // Marks: a cross per layer, in the layer's colour, under any unit (a unit on a marked
    // square stays readable).
    for (layer, colour) in MARK_COLOURS.iter().enumerate() {
        for sq in pos.marks(layer).iter() {
            if !shape.contains(sq) {
                continue;
            }
            used.marks[layer] = true;
            let (x, y) = corner(h, sq);
            let o = 4 + layer as i32 * 2;
            let _ = writeln!(
                body,
                "<path d=\"M{} {} L{} {} M{} {} L{} {}\" stroke=\"{colour}\" stroke-width=\"4\" stroke-opacity=\"0.9\"/>",
                x + o,
                y + o,
                x + SQ - o,
                y + SQ - o,
                x + SQ - o,
                y + o,
                x + o,
                y + SQ - o
            );
        }
    }
    // Walls: brown block with hatching and the expiry turn.
    for (sq, wall) in pos.walls().iter() {
        used.wall = true;
        let (x, y) = corner(h, sq);
        let _ = writeln!(
            body,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"url(#hatch)\" stroke=\"#5c3a1e\" stroke-width=\"2\"/>",
            x + 2,
            y + 2,
            SQ - 4,
            SQ - 4
        );
        // The wall's remaining life where the variant counts it (FrozenChess visual notes),
        // else the absolute turn at whose end it goes.
        let label = match rules.wall_turns_left(pos, wall) {
            Some(left) => {
                used.wall_left = true;
                Some(left.to_string())
            }
            None if wall.expires != 0 => {
                used.wall_turn = true;
                Some(format!("t{}", wall.expires))
            }
            None => None,
        };
        if let Some(label) = label {
            let _ = writeln!(
                body,
                "<text x=\"{}\" y=\"{}\" font-size=\"9\" font-family=\"DejaVu Sans, sans-serif\" fill=\"#fff\" \
                 stroke=\"#5c3a1e\" stroke-width=\"2\" paint-order=\"stroke\" class=\"wall-life\">{label}</text>",
                x + 3,
                y + SQ - 4,
            );
        }
    }
    // Traps: dashed orange frame.
    for (sq, _) in pos.traps().iter() {
        used.trap = true;
        let (x, y) = corner(h, sq);
        let _ = writeln!(
            body,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#f77f00\" stroke-width=\"3\" stroke-dasharray=\"6 4\"/>",
            x + 3,
            y + 3,
            SQ - 6,
            SQ - 6
        );
    }
    // Pending decisions: a gold frame on their square, or on their unit's square.
    for p in pos.pending() {
        let unit_square = p
            .unit
            .and_then(|u| pos.get_unit(u))
            .and_then(|u| u.loc.square());
        if let Some(sq) = p.square.or(unit_square).filter(|s| shape.contains(*s)) {
            used.pending = true;
            let (x, y) = corner(h, sq);
            let _ = writeln!(
                body,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#ffd60a\" stroke-width=\"4\"/>",
                x + 1,
                y + 1,
                SQ - 2,
                SQ - 2
            );
        }
    }
    // Monads: the recorded program as a dashed blue path.
    for (sq, m) in pos.monads().iter() {
        used.monad = true;
        let mut d = String::new();
        for (i, s) in std::iter::once(sq)
            .chain(m.program.iter().map(|step| step.to))
            .enumerate()
        {
            let (x, y) = corner(h, s);
            let _ = write!(
                d,
                "{}{} {} ",
                if i == 0 { "M" } else { "L" },
                x + SQ / 2,
                y + SQ / 2
            );
        }
        let _ = writeln!(
            body,
            "<path d=\"{}\" fill=\"none\" stroke=\"#0077b6\" stroke-width=\"2\" stroke-dasharray=\"3 3\"/>",
            d.trim_end()
        );
    }
    // Units.
    let mut carrying = vec![0usize; pos.units().len()];
    for u in pos.units() {
        if let Location::Carried { by, .. } = u.loc {
            if let Some(c) = carrying.get_mut(by.index()) {
                *c += 1;
            }
        }
    }
    for id in pos.unit_ids() {
        let Some(u) = pos.get_unit(id) else { continue };
        let Location::Board(sq) = u.loc else { continue };
        if !shape.contains(sq) {
            continue;
        }
        let (x, y) = corner(h, sq);
        let (cx, cy) = (x + SQ / 2, y + SQ / 2);
        let mid_turn = last.is_some_and(|l| {
            l.side == u.side
                && actor(pos) == l.side
                && pos.result().is_none()
                && l.path.last() == Some(&sq)
        });
        if mid_turn {
            used.mid_turn = true;
            let _ = writeln!(
                body,
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"22\" fill=\"none\" stroke=\"#0096c7\" stroke-width=\"3\" stroke-dasharray=\"5 3\"/>"
            );
        }
        let legs = rules.multimove(pos, id);
        if legs >= 2 {
            used.glow = true;
            let colour = glow_colour(legs);
            let _ = writeln!(
                body,
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"21\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"5\" stroke-opacity=\"0.85\"/>"
            );
        }
        unit_disc(
            &mut body,
            cx,
            cy,
            u.side,
            glyphs.glyph(kinds, u.kind, u.side),
            false,
        );
        if let Some(d) = u.status.aim {
            // The aim direction as a small orange arrowhead at the disc's edge.
            used.aim = true;
            let len = f64::from(d.df).hypot(f64::from(d.dr)).max(1.0);
            let (ux, uy) = (f64::from(d.df) / len, -f64::from(d.dr) / len);
            let (tx, ty) = (f64::from(cx) + ux * 22.0, f64::from(cy) + uy * 22.0);
            let (bx, by) = (f64::from(cx) + ux * 14.0, f64::from(cy) + uy * 14.0);
            let _ = writeln!(
                body,
                "<path d=\"M{tx:.1} {ty:.1} L{:.1} {:.1} L{:.1} {:.1} Z\" fill=\"#f77f00\" stroke=\"#fff\" stroke-width=\"0.8\"/>",
                bx - uy * 5.0,
                by + ux * 5.0,
                bx + uy * 5.0,
                by - ux * 5.0
            );
        }
        if let Some(range) = rules.display_range(pos, id) {
            used.range = true;
            badge(
                &mut body,
                x + SQ - 9,
                y + SQ - 9,
                "#1d4ed8",
                &range.to_string(),
            );
        }
        let left = paralysis_left(pos, id);
        if left > 0 {
            used.paralysis = true;
            badge(&mut body, x + 9, y + 9, "#2a9d38", &left.to_string());
            for k in 0..left.min(5) as i32 {
                let _ = writeln!(
                    body,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"2.5\" fill=\"#2a9d38\" stroke=\"#fff\" stroke-width=\"0.5\"/>",
                    x + 16 + k * 6,
                    y + SQ - 4
                );
            }
        }
        if let Some(&n) = carrying.get(id.index()).filter(|n| **n > 0) {
            used.cargo = true;
            badge(&mut body, x + SQ - 9, y + 9, "#6c757d", &format!("+{n}"));
        }
    }
    // A unit in a state a rule names (a raised bishop): a gold badge, bottom left.
    for n in notes.iter().filter(|n| shape.contains(n.square)) {
        if n.kind == frozen_core::SquareNoteKind::Status {
            let (x, y) = corner(h, n.square);
            let _ = writeln!(body, "<g class=\"status\"><title>{}</title>", esc(&n.text));
            badge(&mut body, x + 9, y + SQ - 9, STATUS_GOLD, "!");
            body.push_str("</g>\n");
        }
    }
    // Paralysis that the status does not record (an enemy jester's presence).
    for n in notes.iter().filter(|n| shape.contains(n.square)) {
        if n.kind == frozen_core::SquareNoteKind::Paralysed {
            let (x, y) = corner(h, n.square);
            let _ = writeln!(
                body,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{PRESENCE_GREEN}\" stroke-width=\"3\" stroke-dasharray=\"5 3\" class=\"paralysed\"><title>{}</title></circle>",
                x + SQ / 2,
                y + SQ / 2,
                SQ / 2 - 2,
                esc(&n.text)
            );
        }
    }
    // Shadows: translucent dashed discs, shifted when a unit stands on the square.
    for (sq, list) in pos.shadows().iter() {
        used.shadow = true;
        let (x, y) = corner(h, sq);
        for (k, sid) in list.iter().enumerate() {
            let Some(u) = pos.get_unit(*sid) else {
                continue;
            };
            let shift = if pos.unit_at(sq).is_some() { 10 } else { 0 } + k as i32 * 4;
            unit_disc(
                &mut body,
                x + SQ / 2 + shift,
                y + SQ / 2 - shift,
                u.side,
                glyphs.glyph(kinds, u.kind, u.side),
                true,
            );
        }
    }
    // Tombs: a headstone in the top-left corner with the queue length, grey, or red when
    // the tomb is open (its first unit may come back).
    for (sq, t) in pos.tombs().iter() {
        used.tomb = true;
        used.open_tomb |= t.open;
        let fill = if t.open { OPEN_TOMB } else { "#8d99ae" };
        let (x, y) = corner(h, sq);
        let _ = writeln!(
            body,
            "<path d=\"M{} {} v-9 a5 5 0 0 1 10 0 v9 z\" fill=\"{fill}\" stroke=\"#2b2d42\" stroke-width=\"1\"/>\
             <text x=\"{}\" y=\"{}\" font-size=\"8\" text-anchor=\"middle\" font-family=\"DejaVu Sans, sans-serif\" fill=\"#111\">{}</text>",
            x + 2,
            y + 16,
            x + 7,
            y + 15,
            t.queue.len()
        );
    }
    // Bombs: a black ball with its timer, bottom-left.
    for (sq, b) in pos.bombs().iter() {
        used.bomb = true;
        let (x, y) = corner(h, sq);
        badge(
            &mut body,
            x + 9,
            y + SQ - 9,
            "#000000",
            &b.timer.to_string(),
        );
    }
    // Square effects: a purple corner triangle.
    for (sq, _) in pos.effects().iter() {
        used.effect = true;
        let (x, y) = corner(h, sq);
        let _ = writeln!(
            body,
            "<path d=\"M{} {} h-12 l12 12 z\" fill=\"#9d4edd\"/>",
            x + SQ,
            y
        );
    }
    // Coordinates.
    for f in 0..w {
        let x = MARGIN + i32::from(f) * SQ + SQ / 2;
        let _ = writeln!(
            body,
            "<text x=\"{x}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\" font-family=\"DejaVu Sans, sans-serif\">{}</text>",
            MARGIN + board_h + 17,
            char::from(b'a' + f)
        );
    }
    for r in 0..h {
        let y = MARGIN + (i32::from(h) - 1 - i32::from(r)) * SQ + SQ / 2 + 5;
        let _ = writeln!(
            body,
            "<text x=\"{}\" y=\"{y}\" font-size=\"13\" text-anchor=\"middle\" font-family=\"DejaVu Sans, sans-serif\">{}</text>",
            MARGIN / 2,
            r + 1
        );
    }

    // Legend.
    let mut lines: Vec<(String, String)> = Vec::new();
    let mut title = format!("{} · {} to act", rules.name(), actor(pos));
    if let Some(o) = pos.result() {
        title = format!("{} · {o}", rules.name());
    }
    let icon_badge = |fill: &str, t: &str| {
        let mut s = String::new();
        badge(&mut s, 0, 0, fill, t);
        s
    };
    if used.glow {
        lines.push((
            format!(
                "<circle r=\"7\" fill=\"none\" stroke=\"{}\" stroke-width=\"4\"/>",
                glow_colour(2)
            ),
            "multimove: yellow 2, orange 3, red 4+ actions".into(),
        ));
    }
    if used.range {
        lines.push((icon_badge("#1d4ed8", "8"), "current range".into()));
    }
    if used.aim {
        lines.push((
            "<path d=\"M8 0 L0 -5 L0 5 Z\" fill=\"#f77f00\"/>".into(),
            "aim direction".into(),
        ));
    }
    if used.paralysis {
        lines.push((
            icon_badge("#2a9d38", "2"),
            "paralysed: owner turns left (green dots)".into(),
        ));
    }
    if used.cargo {
        lines.push((icon_badge("#6c757d", "+1"), "carrying units".into()));
    }
    if used.shadow {
        let mut s = String::new();
        unit_disc(&mut s, 0, 0, Side::White, 'S', true);
        lines.push((
            format!("<g transform=\"scale(0.5)\">{s}</g>"),
            "shadow".into(),
        ));
    }
    if used.tomb {
        lines.push((
            "<path d=\"M-5 6 v-9 a5 5 0 0 1 10 0 v9 z\" fill=\"#8d99ae\" stroke=\"#2b2d42\"/>"
                .into(),
            "tomb (number: units queued)".into(),
        ));
    }
    if used.open_tomb {
        lines.push((
            format!("<path d=\"M-5 6 v-9 a5 5 0 0 1 10 0 v9 z\" fill=\"{OPEN_TOMB}\" stroke=\"#2b2d42\"/>"),
            "open tomb: its first unit may come back".into(),
        ));
    }
    if used.wall {
        lines.push((
            "<rect x=\"-8\" y=\"-8\" width=\"16\" height=\"16\" fill=\"url(#hatch)\" stroke=\"#5c3a1e\" stroke-width=\"2\"/>".into(),
            match (used.wall_left, used.wall_turn) {
                (true, false) => "wall (N: turns of its maker's side it still stands)".into(),
                (false, true) => "wall (tN: gone at the end of turn N)".into(),
                (true, true) => "wall (N: turns left; tN: gone at the end of turn N)".into(),
                (false, false) => "wall".into(),
            },
        ));
    }
    if used.trap {
        lines.push((
            "<rect x=\"-8\" y=\"-8\" width=\"16\" height=\"16\" fill=\"none\" stroke=\"#f77f00\" stroke-width=\"3\" stroke-dasharray=\"4 3\"/>".into(),
            "trap".into(),
        ));
    }
    if used.bomb {
        lines.push((icon_badge("#000000", "3"), "bomb (timer)".into()));
    }
    if used.effect {
        lines.push((
            "<path d=\"M8 -8 h-12 l12 12 z\" fill=\"#9d4edd\"/>".into(),
            "square effect".into(),
        ));
    }
    if used.monad {
        lines.push((
            "<path d=\"M-8 0 H8\" stroke=\"#0077b6\" stroke-width=\"2\" stroke-dasharray=\"3 3\"/>"
                .into(),
            "monad program".into(),
        ));
    }
    for (layer, u) in used.marks.iter().enumerate() {
        if *u {
            lines.push((
                format!(
                    "<path d=\"M-6 -6 L6 6 M6 -6 L-6 6\" stroke=\"{}\" stroke-width=\"3\"/>",
                    MARK_COLOURS[layer]
                ),
                rules
                    .mark_layer_name(layer)
                    .unwrap_or_else(|| format!("marked square, layer {layer}")),
            ));
        }
    }
    for (kind, legend) in &note_legends {
        let icon = match kind {
            frozen_core::SquareNoteKind::Check => format!(
                "<rect x=\"-8\" y=\"-8\" width=\"16\" height=\"16\" fill=\"{CHECK_RED}\" fill-opacity=\"0.75\"/>"
            ),
            frozen_core::SquareNoteKind::Paralysed => format!(
                "<circle r=\"7\" fill=\"none\" stroke=\"{PRESENCE_GREEN}\" stroke-width=\"3\" stroke-dasharray=\"5 3\"/>"
            ),
            frozen_core::SquareNoteKind::Status => icon_badge(STATUS_GOLD, "!"),
        };
        lines.push((icon, legend.clone()));
    }
    if used.pending {
        lines.push((
            "<rect x=\"-8\" y=\"-8\" width=\"16\" height=\"16\" fill=\"none\" stroke=\"#ffd60a\" stroke-width=\"4\"/>".into(),
            "square of a pending decision".into(),
        ));
    }
    if used.last {
        lines.push((
            "<rect x=\"-8\" y=\"-8\" width=\"16\" height=\"16\" fill=\"#f6f669\" stroke=\"#999\"/>"
                .into(),
            "squares of the last action".into(),
        ));
    }
    if used.mid_turn {
        lines.push((
            "<circle r=\"7\" fill=\"none\" stroke=\"#0096c7\" stroke-width=\"3\" stroke-dasharray=\"4 2\"/>".into(),
            "the unit acting: its side's turn goes on".into(),
        ));
    }
    // Piece key: every kind drawn on the board (shadows included), its disc and its name.
    let mut on_board: Vec<frozen_core::Kind> = pos
        .units()
        .iter()
        .filter(|u| u.loc.on_board() || matches!(u.loc, frozen_core::Location::Shadow(_)))
        .map(|u| u.kind)
        .collect();
    on_board.sort();
    on_board.dedup();
    for k in on_board {
        let mut s = String::new();
        unit_disc(
            &mut s,
            0,
            0,
            Side::White,
            glyphs.glyph(kinds, k, Side::White),
            false,
        );
        lines.push((
            format!("<g transform=\"scale(0.45)\">{s}</g>"),
            format!(
                "{} ({}{})",
                kinds.name(k),
                kinds.fen_char(k, Side::White),
                kinds.fen_char(k, Side::Black)
            ),
        ));
    }
    // Named pending decisions (the question and each option's action text), then the
    // variant's own state.
    let mut describe: Vec<String> = Vec::new();
    for p in pos.pending() {
        if let Some(d) = rules.describe_decision(pos, p) {
            describe.push(format!("pending {}: {}", d.name, d.question));
            for o in &d.options {
                describe.push(format!("  choose:{}: {}", o.name, o.meaning));
            }
        }
    }
    describe.extend(rules.describe_state(pos));
    let legend_h = 30 + 22 * (lines.len() as i32) + 16 * (describe.len() as i32) + 10;
    let width = (board_w + 2 * MARGIN).max(320);
    let height = board_h + 2 * MARGIN + legend_h;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">"
    );
    s.push_str(
        "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">\
         <rect width=\"6\" height=\"6\" fill=\"#8b5a2b\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#5c3a1e\" stroke-width=\"3\"/>\
         </pattern></defs>\n",
    );
    let _ = writeln!(
        s,
        "<rect width=\"{width}\" height=\"{height}\" fill=\"#fafafa\"/>"
    );
    let _ = writeln!(
        s,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#333\" stroke-width=\"2\"/>",
        MARGIN - 1,
        MARGIN - 1,
        board_w + 2,
        board_h + 2
    );
    s.push_str(&body);
    let mut y = MARGIN + board_h + 42;
    let _ = writeln!(
        s,
        "<text x=\"{}\" y=\"{y}\" font-size=\"14\" font-weight=\"bold\" font-family=\"DejaVu Sans, sans-serif\">{}</text>",
        MARGIN,
        esc(&title)
    );
    for (icon, text) in &lines {
        y += 22;
        let _ = writeln!(
            s,
            "<g transform=\"translate({} {})\">{icon}</g><text x=\"{}\" y=\"{}\" font-size=\"12\" font-family=\"DejaVu Sans, sans-serif\">{}</text>",
            MARGIN + 8,
            y - 4,
            MARGIN + 24,
            y,
            esc(text)
        );
    }
    for line in &describe {
        y += 16;
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{y}\" font-size=\"11\" font-family=\"DejaVu Sans, sans-serif\" fill=\"#333\">{}</text>",
            MARGIN,
            esc(line)
        );
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use frozen_core::{Action, EventSink, Kind, KindInfo, KindSet, Shape, Status, UnitId};

    /// Kings only; the unit with id `n` may chain `n + 1` actions.
    #[derive(Clone, Debug)]
    struct Chains(KindSet);

    impl Rules for Chains {
        type State = ();
        fn name(&self) -> &str {
            "chains"
        }
        fn description(&self) -> &str {
            "test rules for the multimove glow"
        }
        fn kinds(&self) -> &KindSet {
            &self.0
        }
        fn shape(&self) -> Shape {
            Shape::EIGHT
        }
        fn initial_position(&self) -> Position<()> {
            let mut p = Position::empty(Shape::EIGHT, ());
            for f in 0..4 {
                p.add_unit(
                    Kind(0),
                    Side::White,
                    Location::Board(Square::new(f, 0)),
                    Status::default(),
                );
            }
            p
        }
        fn actions(&self, _pos: &Position<()>, _out: &mut Vec<Action>) {}
        fn perform(&self, _pos: &mut Position<()>, _a: &Action, _e: &mut dyn EventSink) {}
        fn multimove(&self, _pos: &Position<()>, unit: UnitId) -> u8 {
            unit.0 as u8 + 1
        }
    }

    #[test]
    fn multimove_glow_is_yellow_orange_red() {
        let kinds = KindSet::new(vec![KindInfo {
            name: "King".into(),
            fen: 'K',
            symbol: 'K',
        }])
        .expect("kinds");
        let r = Chains(kinds);
        let svg = svg(&r, &r.initial_position());
        // Units 1, 2 and 3 chain 2, 3 and 4 actions; unit 0 has no glow.
        assert_eq!(
            svg.matches("stroke=\"#ffd60a\" stroke-width=\"5\"").count(),
            1,
            "{svg}"
        );
        assert_eq!(
            svg.matches("stroke=\"#fb8500\" stroke-width=\"5\"").count(),
            1
        );
        assert_eq!(
            svg.matches("stroke=\"#e63946\" stroke-width=\"5\"").count(),
            1
        );
        assert!(svg.contains("multimove: yellow 2, orange 3, red 4+ actions"));
    }
}
