//! The position as text: a board with coordinates and a legend with every piece of
//! state that the board cannot show (pending decisions, side tables, paralysis,
//! carried stacks, off-board units, the variant's own lines).

use crate::common::{actor, paralysis_left, Glyphs};
use frozen_core::{Location, Position, Rules, Side, Square, UnitId, MARK_LAYERS};

/// The marker drawn after a unit or on an empty square for a square feature, by priority.
fn square_marker<S: frozen_core::VariantState>(pos: &Position<S>, sq: Square) -> char {
    if (0..MARK_LAYERS).any(|l| pos.marks(l).contains(sq)) {
        'x'
    } else if pos.shadows().get(sq).is_some() {
        '~'
    } else if pos.tomb(sq).is_some() {
        't'
    } else if pos.wall(sq).is_some() {
        '#'
    } else if pos.trap(sq).is_some() {
        '^'
    } else if pos.bomb(sq).is_some() {
        'o'
    } else if pos.square_effects(sq).is_some() {
        '!'
    } else if pos.monads().get(sq).is_some() {
        'm'
    } else {
        ' '
    }
}

/// The board as text, top rank first, with file letters and rank numbers. Each square is
/// three characters: the unit, else a square marker, else `.`; then for a unit a marker
/// (`*` paralysed, `+` carrying units, else its square's marker); then a space. The markers
/// are explained by [`legend_key`].
pub fn board_text<R: Rules>(rules: &R, pos: &Position<R::State>, glyphs: Glyphs) -> String {
    let kinds = rules.kinds();
    let shape = pos.shape();
    let mut carriers = vec![false; pos.units().len()];
    for u in pos.units() {
        if let Location::Carried { by, .. } = u.loc {
            if let Some(c) = carriers.get_mut(by.index()) {
                *c = true;
            }
        }
    }
    // Units paralysed by a rule their status does not record (an enemy jester's presence).
    let held: Vec<Square> = rules
        .square_notes(pos)
        .into_iter()
        .filter(|n| n.kind == frozen_core::SquareNoteKind::Paralysed)
        .map(|n| n.square)
        .collect();
    let mut s = String::new();
    for rank in (0..shape.height()).rev() {
        s.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..shape.width() {
            let sq = Square::new(file, rank);
            let feature = square_marker(pos, sq);
            let (content, marker) = match pos
                .unit_at(sq)
                .and_then(|id| pos.get_unit(id).map(|u| (id, u)))
            {
                Some((id, u)) => {
                    let m = if paralysis_left(pos, id) > 0 || held.contains(&sq) {
                        '*'
                    } else if carriers.get(id.index()).copied().unwrap_or(false) {
                        '+'
                    } else {
                        feature
                    };
                    (glyphs.glyph(kinds, u.kind, u.side), m)
                }
                None if feature != ' ' => (feature, ' '),
                None => ('.', ' '),
            };
            s.push(content);
            s.push(marker);
            s.push(' ');
        }
        while s.ends_with(' ') {
            s.pop();
        }
        s.push('\n');
    }
    s.push_str("   ");
    for file in 0..shape.width() {
        s.push(char::from(b'a' + file));
        s.push_str("  ");
    }
    while s.ends_with(' ') {
        s.pop();
    }
    s.push('\n');
    s
}

/// The key to the markers, listing only those in use; a mark layer is named after the
/// rule the variant gives it (`x death square (F12-DETH-01)`).
pub fn legend_key<R: Rules>(rules: &R, pos: &Position<R::State>) -> Option<String> {
    let mut keys: Vec<String> = Vec::new();
    let shape = pos.shape();
    let any = |f: &dyn Fn(Square) -> bool| shape.squares().any(f);
    let held = rules
        .square_notes(pos)
        .iter()
        .any(|n| n.kind == frozen_core::SquareNoteKind::Paralysed);
    if held || pos.unit_ids().any(|id| paralysis_left(pos, id) > 0) {
        keys.push("* paralysed".into());
    }
    if pos
        .units()
        .iter()
        .any(|u| matches!(u.loc, Location::Carried { .. }))
    {
        keys.push("+ carrying".into());
    }
    let layers: Vec<String> = (0..MARK_LAYERS)
        .filter(|&l| any(&|sq| pos.marks(l).contains(sq)))
        .map(|l| {
            rules
                .mark_layer_name(l)
                .unwrap_or_else(|| format!("marked square (layer {l})"))
        })
        .collect();
    if !layers.is_empty() {
        keys.push(format!("x {}", layers.join(" / ")));
    }
    for (key, used) in [
        ("~ shadow", !pos.shadows().is_empty()),
        ("t tomb", !pos.tombs().is_empty()),
        ("# wall", !pos.walls().is_empty()),
        ("^ trap", !pos.traps().is_empty()),
        ("o bomb", !pos.bombs().is_empty()),
        ("! square effect", !pos.effects().is_empty()),
        ("m monad", !pos.monads().is_empty()),
    ] {
        if used {
            keys.push(key.into());
        }
    }
    (!keys.is_empty()).then(|| format!("key: {}", keys.join(", ")))
}

fn ids<S: frozen_core::VariantState, R: Rules<State = S>>(
    rules: &R,
    pos: &Position<S>,
    glyphs: Glyphs,
    list: &[UnitId],
) -> String {
    let v: Vec<String> = list
        .iter()
        .map(|id| glyphs.label(rules.kinds(), pos, *id))
        .collect();
    format!("[{}]", v.join(", "))
}

/// Every piece of state the board does not show, one item per line.
pub fn legend_lines<R: Rules>(rules: &R, pos: &Position<R::State>, glyphs: Glyphs) -> Vec<String> {
    let kinds = rules.kinds();
    let label = |id: UnitId| glyphs.label(kinds, pos, id);
    let mut out = Vec::new();
    let turns = pos.turns();
    out.push(format!(
        "to act: {} (ply {}, turns started: white {}, black {})",
        actor(pos),
        pos.ply(),
        turns[Side::White],
        turns[Side::Black]
    ));
    if let Some(r) = pos.result() {
        out.push(format!("result: {r}"));
    }
    for p in pos.pending() {
        if let Some(d) = rules.describe_decision(pos, p) {
            out.push(format!("pending {}: {}", d.name, d.question));
            for o in &d.options {
                out.push(format!("  choose:{}: {}", o.name, o.meaning));
            }
            continue;
        }
        let mut s = format!("pending: {} must decide (decision kind {}", p.side, p.kind);
        if let Some(u) = p.unit {
            s.push_str(&format!(", unit {}", label(u)));
        }
        if let Some(sq) = p.square {
            s.push_str(&format!(", square {sq}"));
        }
        if p.data != 0 {
            s.push_str(&format!(", data {}", p.data));
        }
        s.push(')');
        out.push(s);
    }
    if let Some(fen) = rules.to_fen(pos) {
        out.push(format!("fen: {fen}"));
    }
    let mut present: Vec<String> = Vec::new();
    for (kind, info) in kinds.iter() {
        if pos.units().iter().any(|u| u.kind == kind) {
            present.push(format!(
                "{}/{} {}",
                glyphs.letter(kinds, kind, Side::White),
                glyphs.letter(kinds, kind, Side::Black),
                info.name
            ));
        }
    }
    if !present.is_empty() {
        out.push(format!("pieces: {}", present.join(", ")));
    }
    for n in rules.square_notes(pos) {
        if n.kind == frozen_core::SquareNoteKind::Check {
            out.push(format!("check: {}", n.text));
        }
    }
    if let Some(k) = legend_key(rules, pos) {
        out.push(k);
    }
    for (sq, t) in pos.tombs().iter() {
        let mut s = format!(
            "tomb {sq}: queue {} (first out first)",
            ids(rules, pos, glyphs, &t.queue)
        );
        if t.explosions > 0 {
            s.push_str(&format!(", explosions {}", t.explosions));
        }
        if t.rot > 0 {
            s.push_str(&format!(", rot {}", t.rot));
        }
        if t.open {
            s.push_str(", open");
        }
        out.push(s);
    }
    for (sq, w) in pos.walls().iter() {
        let expiry = if w.expires == 0 {
            "permanent".to_string()
        } else {
            format!("expires at the end of turn {}", w.expires)
        };
        out.push(format!(
            "wall {sq}: {} wall by {}, {expiry}{}",
            w.side,
            label(w.creator),
            if w.kind != 0 {
                format!(", wall kind {}", w.kind)
            } else {
                String::new()
            }
        ));
    }
    for (sq, t) in pos.traps().iter() {
        let mut s = format!("trap {sq}: owner {}", label(t.owner));
        if t.colour != 0 {
            s.push_str(&format!(", colour {}", t.colour));
        }
        if let Some(h) = t.held {
            s.push_str(&format!(
                ", holds {} until owner turn {}",
                label(h),
                t.hold_until
            ));
        }
        out.push(s);
    }
    for (sq, b) in pos.bombs().iter() {
        out.push(format!(
            "bomb {sq}: planted by {}, timer {}",
            label(b.owner),
            b.timer
        ));
    }
    for (sq, m) in pos.monads().iter() {
        let prog: Vec<String> = m.program.iter().map(|s| s.to_string()).collect();
        let mut s = format!(
            "monad {sq}: unit {}, program {} (next step {}){}",
            label(m.unit),
            prog.join(" "),
            m.next,
            if m.active { ", active" } else { "" }
        );
        if m.blocked > 0 {
            s.push_str(&format!(", blocked {}", m.blocked));
        }
        if let Some(r) = m.ret {
            s.push_str(&format!(", returns to {r}"));
        }
        out.push(s);
    }
    for (sq, list) in pos.effects().iter() {
        for e in list {
            let mut s = format!("effect {sq}: kind {}", e.kind);
            if let Some(o) = e.owner {
                s.push_str(&format!(", by {}", label(o)));
            }
            if let Some(side) = e.side {
                s.push_str(&format!(", side {side}"));
            }
            if let Some(d) = e.dir {
                s.push_str(&format!(", direction {d}"));
            }
            if e.left > 0 {
                s.push_str(&format!(", {} left", e.left));
            } else {
                s.push_str(", permanent");
            }
            if let Some(l) = e.link {
                s.push_str(&format!(", linked to {l}"));
            }
            out.push(s);
        }
    }
    for (sq, list) in pos.shadows().iter() {
        out.push(format!("shadows {sq}: {}", ids(rules, pos, glyphs, list)));
    }
    for layer in 0..MARK_LAYERS {
        let bb = pos.marks(layer);
        if bb.any() {
            let sqs: Vec<String> = bb.iter().map(|s| s.to_string()).collect();
            out.push(format!("mark layer {layer}: {}", sqs.join(" ")));
        }
    }
    for id in pos.unit_ids() {
        let Some(u) = pos.get_unit(id) else { continue };
        let left = paralysis_left(pos, id);
        if left > 0 {
            out.push(format!(
                "paralysed: {} through {} turn {} ({left} turn(s) left)",
                label(id),
                u.side,
                u.status.frozen_through
            ));
        }
    }
    for id in pos.unit_ids() {
        let Some(u) = pos.get_unit(id) else { continue };
        let st = &u.status;
        let mut parts = Vec::new();
        if let Some(since) = st.shadow_since {
            parts.push(format!("shadow since turn {since}"));
        }
        if let Some(range) = rules.display_range(pos, id) {
            parts.push(format!("range {range}"));
        }
        if let Some(d) = st.aim {
            parts.push(format!("aim {d}"));
        }
        match rules.describe_status(pos, id) {
            Some(text) => parts.push(text),
            None => {
                if st.counters.iter().any(|c| *c != 0) {
                    parts.push(format!("counters {:?}", st.counters));
                }
                if st.flags != 0 {
                    parts.push(format!("flags {:#x}", st.flags));
                }
            }
        }
        if let Some(l) = st.link {
            parts.push(format!("linked to {}", label(l)));
        }
        if let Some(o) = st.origin {
            parts.push(format!("originally {}", kinds.name(o)));
        }
        if !parts.is_empty() {
            out.push(format!("status {}: {}", label(id), parts.join(", ")));
        }
    }
    let moved: Vec<String> = pos
        .unit_ids()
        .filter(|id| {
            pos.get_unit(*id)
                .is_some_and(|u| u.status.moved && u.loc.on_board())
        })
        .map(label)
        .collect();
    if !moved.is_empty() && moved.len() <= 12 {
        out.push(format!("moved: {}", moved.join(", ")));
    } else if !moved.is_empty() {
        out.push(format!("moved: {} units on the board", moved.len()));
    }
    for id in pos.unit_ids() {
        let cargo = pos.cargo(id);
        if !cargo.is_empty() {
            out.push(format!(
                "carried: {} carries {} (bottom first)",
                label(id),
                ids(rules, pos, glyphs, &cargo)
            ));
        }
        let fused: Vec<UnitId> = pos
            .unit_ids()
            .filter(|o| {
                pos.get_unit(*o)
                    .is_some_and(|u| matches!(u.loc, Location::Fused { base, .. } if base == id))
            })
            .collect();
        if !fused.is_empty() {
            out.push(format!(
                "fused: {} has {} joined",
                label(id),
                ids(rules, pos, glyphs, &fused)
            ));
        }
    }
    type Group = (&'static str, fn(Location) -> bool);
    let groups: [Group; 6] = [
        ("exiled", |l| l == Location::Exiled),
        ("captured by white", |l| {
            l == Location::Captured(Side::White)
        }),
        ("captured by black", |l| {
            l == Location::Captured(Side::Black)
        }),
        ("dead", |l| l == Location::Dead),
        ("in the pool", |l| l == Location::Pool),
        ("elsewhere", |l| {
            !matches!(
                l,
                Location::Board(_)
                    | Location::Shadow(_)
                    | Location::Tomb(_)
                    | Location::Carried { .. }
                    | Location::Fused { .. }
                    | Location::Exiled
                    | Location::Captured(_)
                    | Location::Dead
                    | Location::Pool
            )
        }),
    ];
    for (name, test) in groups {
        let list: Vec<UnitId> = pos
            .unit_ids()
            .filter(|id| pos.get_unit(*id).is_some_and(|u| test(u.loc)))
            .collect();
        if !list.is_empty() {
            out.push(format!("{name}: {}", ids(rules, pos, glyphs, &list)));
        }
    }
    for line in rules.describe_state(pos) {
        out.push(format!("{}: {line}", rules.name()));
    }
    out
}

/// Board and legend together.
pub fn show_text<R: Rules>(rules: &R, pos: &Position<R::State>, glyphs: Glyphs) -> String {
    let mut s = board_text(rules, pos, glyphs);
    for l in legend_lines(rules, pos, glyphs) {
        s.push_str(&l);
        s.push('\n');
    }
    s
}
