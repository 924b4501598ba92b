//! A small JSON writer (strings escaped per RFC 8259) and the JSON form of actions
//! and events. Hand-written to keep the dependency list short.

use frozen_core::{Action, Event, KindSet, Location, Side, Square};

/// Escapes a string as a JSON string literal, quotes included (the perft tool's escaper, so
/// both binaries write the same JSON).
pub fn string(s: &str) -> String {
    frozen_perft::cli::json_string(s)
}

/// A JSON object under construction: `obj().field("a", ...).finish()`.
#[derive(Debug, Default)]
pub struct Obj {
    parts: Vec<String>,
}

/// Starts an object.
pub fn obj() -> Obj {
    Obj::default()
}

impl Obj {
    /// Adds a field whose value is already JSON.
    pub fn raw(mut self, key: &str, value: impl Into<String>) -> Obj {
        self.parts.push(format!("{}:{}", string(key), value.into()));
        self
    }
    /// Adds a string field.
    pub fn str(self, key: &str, value: &str) -> Obj {
        let v = string(value);
        self.raw(key, v)
    }
    /// Adds a number field.
    pub fn num(self, key: &str, value: impl std::fmt::Display) -> Obj {
        let v = value.to_string();
        self.raw(key, v)
    }
    /// The object text.
    pub fn finish(self) -> String {
        format!("{{{}}}", self.parts.join(","))
    }
}

/// A JSON array of already-JSON items.
pub fn array(items: impl IntoIterator<Item = String>) -> String {
    format!("[{}]", items.into_iter().collect::<Vec<_>>().join(","))
}

fn sq(s: Square) -> String {
    string(&s.to_string())
}

fn side(s: Side) -> String {
    string(&s.to_string())
}

fn opt<T>(v: Option<T>, f: impl FnOnce(T) -> String) -> String {
    v.map_or_else(|| "null".to_string(), f)
}

/// A location: `{"at":"board","square":"e4"}`, `{"at":"carried","by":3,"slot":0}`...
pub fn location(loc: Location) -> String {
    match loc {
        Location::Board(s) => obj().str("at", "board").raw("square", sq(s)).finish(),
        Location::Shadow(s) => obj().str("at", "shadow").raw("square", sq(s)).finish(),
        Location::Tomb(s) => obj().str("at", "tomb").raw("square", sq(s)).finish(),
        Location::Carried { by, slot } => obj()
            .str("at", "carried")
            .num("by", by.0)
            .num("slot", slot)
            .finish(),
        Location::Fused { base, slot } => obj()
            .str("at", "fused")
            .num("base", base.0)
            .num("slot", slot)
            .finish(),
        Location::Exiled => obj().str("at", "exiled").finish(),
        Location::Captured(s) => obj().str("at", "captured").raw("by", side(s)).finish(),
        Location::Dead => obj().str("at", "dead").finish(),
        Location::Pool => obj().str("at", "pool").finish(),
    }
}

fn kind_name(kinds: &KindSet, k: frozen_core::Kind) -> String {
    string(kinds.name(k))
}

/// An outcome: `{"winner":"white"|null,"reason":"..."}`.
pub fn outcome(o: &frozen_core::Outcome) -> String {
    obj()
        .raw("winner", opt(o.winner, side))
        .str("reason", &o.reason)
        .finish()
}

/// One event, as an object with a `type` field named after the event.
pub fn event(kinds: &KindSet, e: &Event) -> String {
    match e {
        Event::Moved { unit, from, to } => obj()
            .str("type", "moved")
            .num("unit", unit.0)
            .raw("from", sq(*from))
            .raw("to", sq(*to))
            .finish(),
        Event::Captured { unit, at, by, to } => obj()
            .str("type", "captured")
            .num("unit", unit.0)
            .raw("at", sq(*at))
            .raw("by", opt(*by, |u| u.0.to_string()))
            .raw("to", location(*to))
            .finish(),
        Event::Removed { unit, from, to } => obj()
            .str("type", "removed")
            .num("unit", unit.0)
            .raw("from", location(*from))
            .raw("to", location(*to))
            .finish(),
        Event::Entered { unit, at } => obj()
            .str("type", "entered")
            .num("unit", unit.0)
            .raw("at", sq(*at))
            .finish(),
        Event::Promoted { unit, from, to } => obj()
            .str("type", "promoted")
            .num("unit", unit.0)
            .raw("from", kind_name(kinds, *from))
            .raw("to", kind_name(kinds, *to))
            .finish(),
        Event::Converted { unit, side: s } => obj()
            .str("type", "converted")
            .num("unit", unit.0)
            .raw("side", side(*s))
            .finish(),
        Event::Paralyzed { unit, through } => obj()
            .str("type", "paralyzed")
            .num("unit", unit.0)
            .num("through", through)
            .finish(),
        Event::Pushed { unit, from, to } => obj()
            .str("type", "pushed")
            .num("unit", unit.0)
            .raw("from", sq(*from))
            .raw("to", opt(*to, sq))
            .finish(),
        Event::Swapped { a, b } => obj()
            .str("type", "swapped")
            .num("a", a.0)
            .num("b", b.0)
            .finish(),
        Event::Exploded { at } => obj().str("type", "exploded").raw("at", sq(*at)).finish(),
        Event::Marked { at, layer } => obj()
            .str("type", "marked")
            .raw("at", sq(*at))
            .num("layer", layer)
            .finish(),
        Event::Denied { by } => obj().str("type", "denied").raw("by", side(*by)).finish(),
        Event::TurnPassed { to } => obj()
            .str("type", "turn_passed")
            .raw("to", side(*to))
            .finish(),
        Event::GameOver(o) => obj()
            .str("type", "game_over")
            .raw("outcome", outcome(o))
            .finish(),
        Event::Note(n) => obj().str("type", "note").str("text", n).finish(),
    }
}

/// One action with its canonical text and the events it produces.
pub fn action(kinds: &KindSet, a: &Action, text: &str, events: &[Event]) -> String {
    obj()
        .str("text", text)
        .str("kind", a.kind.keyword())
        .raw("path", array(a.path.iter().map(|s| sq(*s))))
        .raw(
            "piece",
            opt(a.piece, |k| {
                string(&kinds.get(k).map_or('?', |i| i.fen).to_string())
            }),
        )
        .num("arg", a.arg)
        .raw("events", array(events.iter().map(|e| event(kinds, e))))
        .finish()
}
