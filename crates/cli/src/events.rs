//! Events as one line of text for people.

use crate::common::{location_text, Glyphs};
use frozen_core::{Event, Position, Rules};

/// One event in words, naming units by letter, id and square (in `pos`, the position after).
pub fn event_text<R: Rules>(
    rules: &R,
    pos: &Position<R::State>,
    glyphs: Glyphs,
    e: &Event,
) -> String {
    let kinds = rules.kinds();
    let unit = |id: frozen_core::UnitId| match pos.get_unit(id) {
        Some(u) => format!("{}{id}", glyphs.letter(kinds, u.kind, u.side)),
        None => id.to_string(),
    };
    match e {
        Event::Moved { unit: u, from, to } => format!("{} moved {from} -> {to}", unit(*u)),
        Event::Captured {
            unit: u,
            at,
            by,
            to,
        } => {
            let by = by.map_or(String::new(), |b| format!(" by {}", unit(b)));
            format!(
                "{} captured on {at}{by}, now {}",
                unit(*u),
                location_text(*to)
            )
        }
        Event::Removed { unit: u, from, to } => format!(
            "{} removed from {} to {}",
            unit(*u),
            location_text(*from),
            location_text(*to)
        ),
        Event::Entered { unit: u, at } => format!("{} entered on {at}", unit(*u)),
        Event::Promoted { unit: u, from, to } => format!(
            "{} changed from {} to {}",
            unit(*u),
            kinds.name(*from),
            kinds.name(*to)
        ),
        Event::Converted { unit: u, side } => format!("{} now belongs to {side}", unit(*u)),
        Event::Paralyzed { unit: u, through } => {
            format!("{} paralysed through owner turn {through}", unit(*u))
        }
        Event::Pushed { unit: u, from, to } => match to {
            Some(t) => format!("{} pushed {from} -> {t}", unit(*u)),
            None => format!("{} pushed off the board from {from}", unit(*u)),
        },
        Event::Swapped { a, b } => format!("{} and {} swapped", unit(*a), unit(*b)),
        Event::Exploded { at } => format!("explosion on {at}"),
        Event::Marked { at, layer } => match rules.mark_layer_name(usize::from(*layer)) {
            Some(name) => format!("{at} is now a {name}"),
            None => format!("{at} marked (layer {layer})"),
        },
        Event::Denied { by } => format!("{by} denied the last movement"),
        Event::TurnPassed { to } => format!("{to} to act"),
        Event::GameOver(o) => format!("game over: {o}"),
        Event::Note(n) => format!("note: {n}"),
        Event::Awaiting(p) => match rules.describe_decision(pos, p) {
            Some(d) => format!("awaiting {}: {}", d.name, d.question),
            None => format!("awaiting a decision of {} (kind {})", p.side, p.kind),
        },
    }
}
