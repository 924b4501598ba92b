//! The extended FEN of FC11 positions.
//!
//! `<placement> <w|b> [<aims> [<moved> [<paralysis> [<crr> [<tombs> [<walls> [<nulls> [<doubles> [<retained>]]]]]]]]]`;
//! every extra field is `-` when empty, and trailing fields that say nothing are left out:
//! * placement: 16 ranks of extended FEN (multi-digit empty runs), the 18 letters
//!   `P L N B D R Q K J C T F X A S O Z M` (upper case White, lower case Black);
//! * aims: the units whose aim is not their owner's forward, `e4:E,c2:NE` (compass letters
//!   N NE E SE S SW W NW, north = toward rank 16; FC11-SETP-09, FC11-PAWN-11, FC11-TREB-02);
//! * moved: the pawns whose first own move is made (FC11-PAWN-03), `e5,d6`; if the field is
//!   left out, the pawns off their side's two starting ranks count as moved;
//! * paralysis: turns left, `e4:2` (FC11-PARA-02);
//! * crr: the CRR a unit has suffered, `a1:3` (FC11-CAPT-04);
//! * tombs: each tomb's queue, first in first, `e5:pN,f6:Q` (a pawn letter followed by `+`
//!   had moved);
//! * walls: each trail wall and the square of the unit that owns it, `e3:e5,e4:e5`
//!   (FC11-WALL-01, -02: a wall's owner is always on the board);
//! * nulls: `1` when the last ply was a null move (a second one would draw, FC11-NULL-02);
//! * doubles: each Queen's double and the square of the Queen it belongs to, `h1:h5`
//!   (FC11-QUEN-05: a double's Queen is always on the board);
//! * retained: each Assassin's memory of its last empowerer, the empowerer's letter and
//!   its CRR then if any, `h2:Q,i2:R3` (FC11-ASSN-13).
//!
//! Errors name the field and what was expected.

use super::base::{Fc11, Fc11Position, Fc11State, PAWN};
use super::capture::CRR_COUNTER;
use super::setup::{aims, default_status};
use frozen_core::{
    build_position, Dir, Kind, LoadError, Location, Problem, ProblemKind, Setup, Side, Square,
    Tomb, UnitRecord, Wall,
};

use super::board::{dir_name, DIR_NAMES};
use crate::frozen_family::timers::{fen_counters, owner_turn_at};

/// The initial position (FC11-SETP-01..09).
pub fn initial_position(fc: &Fc11) -> Fc11Position {
    match position_from_fen(fc, &format!("{} w", super::setup::START_PLACEMENT)) {
        Ok(p) => p,
        Err(_) => Fc11Position::empty(fc.geo.shape(), Fc11State::default()),
    }
}

fn syntax(field: &str, msg: String) -> LoadError {
    LoadError::one(Problem::new(
        ProblemKind::Syntax,
        format!("FEN field {field}"),
        msg,
    ))
}

/// True if `sq` is on one of `side`'s two starting pawn ranks.
fn start_rank(side: Side, sq: Square) -> bool {
    match side {
        Side::White => sq.rank() == 2 || sq.rank() == 3,
        Side::Black => sq.rank() == 12 || sq.rank() == 13,
    }
}

fn items(field: &str) -> impl Iterator<Item = &str> {
    field.split(',').filter(move |_| field != "-")
}

fn square(field: &str, text: &str) -> Result<Square, LoadError> {
    text.parse::<Square>()
        .map_err(|e| syntax(field, format!("{text:?}: {e}")))
}

fn pair<'a>(field: &str, item: &'a str, what: &str) -> Result<(Square, &'a str), LoadError> {
    let (sq, rest) = item
        .split_once(':')
        .ok_or_else(|| syntax(field, format!("expected <square>:{what}, found {item:?}")))?;
    Ok((square(field, sq)?, rest))
}

/// Reads the extended FEN (see the module documentation).
pub fn position_from_fen(fc: &Fc11, fen: &str) -> Result<Fc11Position, LoadError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() {
        return Err(syntax("1 (placement)", "empty FEN".into()));
    }
    if fields.len() > 11 {
        return Err(syntax(
            "12",
            "fc11 FEN has at most 11 fields: placement, side, aims, moved, paralysis, crr, tombs, walls, nulls, doubles, retained"
                .into(),
        ));
    }
    let to_move = frozen_core::fen::parse_side(fields.get(1).copied())
        .map_err(|msg| syntax("2 (side)", msg))?;
    let list = frozen_core::fen::parse_placement(fields[0], fc.geo.shape(), fc.kinds_ref())
        .map_err(|e| {
            syntax(
                &format!("1 (placement), column {}", e.column),
                e.reason.clone(),
            )
        })?;
    let turns = fen_counters(to_move);
    let mut units: Vec<UnitRecord> = list
        .iter()
        .enumerate()
        .map(|(i, &(sq, kind, side))| {
            let mut status = default_status(kind, side);
            status.moved = kind == PAWN && !start_rank(side, sq);
            UnitRecord {
                id: i as u16,
                kind: fc
                    .kinds_ref()
                    .get(kind)
                    .map_or_else(String::new, |k| k.fen.to_string()),
                side,
                at: Location::Board(sq),
                status,
            }
        })
        .collect();
    let find = |units: &[UnitRecord], field: &str, sq: Square| {
        units
            .iter()
            .position(|u| u.at == Location::Board(sq))
            .ok_or_else(|| syntax(field, format!("no unit on {sq}")))
    };
    let kind_of = |u: &UnitRecord| fc.kinds_ref().by_fen(u.kind.chars().next().unwrap_or('?'));
    if let Some(f) = fields.get(2) {
        let name = "3 (aims)";
        for item in items(f) {
            let (sq, d) = pair(name, item, "<direction N, NE, E, SE, S, SW, W or NW>")?;
            let i = find(&units, name, sq)?;
            let Some(k) = DIR_NAMES.iter().position(|n| *n == d) else {
                return Err(syntax(
                    name,
                    format!("{d:?} is not a direction (N, NE, E, SE, S, SW, W, NW)"),
                ));
            };
            if !kind_of(&units[i]).is_some_and(aims) {
                return Err(syntax(
                    name,
                    format!("the unit on {sq} has no aim (only pawns, Trebuchets and Onagers aim)"),
                ));
            }
            units[i].status.aim = Some(Dir::ALL8[k]);
        }
    }
    if let Some(f) = fields.get(3) {
        let name = "4 (moved)";
        for u in units.iter_mut() {
            u.status.moved = false;
        }
        for item in items(f) {
            let sq = square(name, item)?;
            let i = find(&units, name, sq)?;
            if kind_of(&units[i]) != Some(PAWN) {
                return Err(syntax(
                    name,
                    format!("the unit on {sq} is not a pawn; only pawns carry the moved flag"),
                ));
            }
            units[i].status.moved = true;
        }
    }
    if let Some(f) = fields.get(4) {
        let name = "5 (paralysis)";
        for item in items(f) {
            let (sq, n) = pair(name, item, "<turns left>")?;
            let n: u32 = n
                .parse()
                .ok()
                .filter(|n| (1..=1000).contains(n))
                .ok_or_else(|| syntax(name, format!("turns left must be 1..1000, found {n:?}")))?;
            let i = find(&units, name, sq)?;
            let ot = owner_turn_at(turns, to_move, units[i].side);
            units[i].status.frozen_through = ot + n - 1;
        }
    }
    if let Some(f) = fields.get(5) {
        let name = "6 (crr)";
        for item in items(f) {
            let (sq, n) = pair(name, item, "<CRR>")?;
            let n: u16 = n
                .parse()
                .ok()
                .filter(|n| (1..=13).contains(n))
                .ok_or_else(|| syntax(name, format!("CRR must be 1..13, found {n:?}")))?;
            let i = find(&units, name, sq)?;
            units[i].status.counters[CRR_COUNTER] = n;
        }
    }
    let mut tombs = Vec::new();
    if let Some(f) = fields.get(6) {
        let name = "7 (tombs)";
        for item in items(f) {
            let (sq, queue) = pair(name, item, "<kind letters>")?;
            if queue.is_empty() {
                return Err(syntax(name, format!("the tomb on {sq} lists no unit")));
            }
            let mut tomb = Tomb::default();
            let mut chars = queue.chars().peekable();
            while let Some(c) = chars.next() {
                let kind: Kind = fc
                    .kinds_ref()
                    .by_fen(c.to_ascii_uppercase())
                    .ok_or_else(|| syntax(name, format!("{c:?} is not a unit letter")))?;
                let side = if c.is_ascii_uppercase() {
                    Side::White
                } else {
                    Side::Black
                };
                let mut status = default_status(kind, side);
                if chars.peek() == Some(&'+') {
                    chars.next();
                    if kind != PAWN {
                        return Err(syntax(
                            name,
                            format!("`+` (moved) follows only a pawn letter, not {c:?}"),
                        ));
                    }
                    status.moved = true;
                }
                let id = units.len() as u16;
                units.push(UnitRecord {
                    id,
                    kind: c.to_ascii_uppercase().to_string(),
                    side,
                    at: Location::Tomb(sq),
                    status,
                });
                tomb.queue.push(frozen_core::UnitId(id));
            }
            if tombs.iter().any(|(s, _)| *s == sq) {
                return Err(syntax(name, format!("{sq} is listed twice")));
            }
            tombs.push((sq, tomb));
        }
    }
    let mut walls: Vec<(Square, Wall)> = Vec::new();
    if let Some(f) = fields.get(7) {
        let name = "8 (walls)";
        for item in items(f) {
            let (sq, owner) = pair(name, item, "<owner's square>")?;
            let owner = square(name, owner)?;
            if walls.iter().any(|(s, _)| *s == sq) {
                return Err(syntax(name, format!("{sq} is listed twice")));
            }
            if units.iter().any(|u| u.at == Location::Board(sq)) {
                return Err(syntax(
                    name,
                    format!("{sq} holds a unit; no unit stands on a wall (FC11-WALL-03)"),
                ));
            }
            let i = find(&units, name, owner).map_err(|_| {
                syntax(
                    name,
                    format!("the wall on {sq} names {owner} as its owner, but no unit stands there (a wall's owner is on the board, FC11-WALL-02)"),
                )
            })?;
            walls.push((
                sq,
                Wall {
                    creator: frozen_core::UnitId(units[i].id),
                    side: units[i].side,
                    expires: 0,
                    kind: super::walls::TRAIL,
                },
            ));
        }
    }
    let mut state = Fc11State::default();
    if let Some(f) = fields.get(8) {
        state.nulls = match *f {
            "-" => 0,
            "1" => 1,
            other => {
                return Err(syntax(
                    "9 (nulls)",
                    format!("expected `1` (the last ply was a null move) or `-`, found {other:?}"),
                ))
            }
        };
    }
    let mut effects: Vec<(Square, Vec<frozen_core::Effect>)> = Vec::new();
    if let Some(f) = fields.get(9) {
        let name = "10 (doubles)";
        for item in items(f) {
            let (sq, queen) = pair(name, item, "<Queen's square>")?;
            let queen = square(name, queen)?;
            if effects.iter().any(|(s, _)| *s == sq) {
                return Err(syntax(name, format!("{sq} is listed twice")));
            }
            if units.iter().any(|u| u.at == Location::Board(sq)) {
                return Err(syntax(
                    name,
                    format!("{sq} holds a unit; nothing stands on a Queen's double (FC11-QUEN-05)"),
                ));
            }
            if walls.iter().any(|(s, _)| *s == sq) {
                return Err(syntax(
                    name,
                    format!("{sq} holds a wall; a double takes the place of a wall (FC11-QUEN-05)"),
                ));
            }
            let i = find(&units, name, queen)
                .ok()
                .filter(|&i| kind_of(&units[i]) == Some(super::base::QUEEN))
                .ok_or_else(|| {
                    syntax(
                        name,
                        format!("the double on {sq} names {queen}, but no Queen stands there (a double's Queen is on the board, FC11-QUEN-05)"),
                    )
                })?;
            let id = frozen_core::UnitId(units[i].id);
            if effects
                .iter()
                .any(|(_, l)| l.iter().any(|e| e.owner == Some(id)))
            {
                return Err(syntax(
                    name,
                    format!(
                        "the Queen on {queen} has two doubles; she has at most one (FC11-QUEN-05)"
                    ),
                ));
            }
            effects.push((
                sq,
                vec![frozen_core::Effect {
                    kind: super::double::DOUBLE,
                    owner: Some(id),
                    side: Some(units[i].side),
                    dir: None,
                    left: 0,
                    link: None,
                }],
            ));
        }
    }
    if let Some(f) = fields.get(10) {
        let name = "11 (retained)";
        for item in items(f) {
            let (sq, mem) = pair(name, item, "<empowerer's letter>[<CRR>]")?;
            let i = find(&units, name, sq)?;
            if kind_of(&units[i]) != Some(super::base::ASSASSIN) {
                return Err(syntax(
                    name,
                    format!("the unit on {sq} is not an Assassin; only Assassins retain an empowerer (FC11-ASSN-13)"),
                ));
            }
            let mut chars = mem.chars();
            let letter = chars.next().unwrap_or('?');
            let kind = fc
                .kinds_ref()
                .by_fen(letter)
                .filter(|_| letter.is_ascii_uppercase())
                .ok_or_else(|| {
                    syntax(name, format!("{letter:?} is not an upper-case unit letter"))
                })?;
            let rest = chars.as_str();
            let crr: u16 = if rest.is_empty() {
                0
            } else {
                rest.parse()
                    .ok()
                    .filter(|n| (1..=13).contains(n))
                    .ok_or_else(|| syntax(name, format!("CRR must be 1..13, found {rest:?}")))?
            };
            let unit = frozen_core::UnitId(units[i].id);
            if state.retained.iter().any(|r| r.unit == unit) {
                return Err(syntax(name, format!("{sq} is listed twice")));
            }
            state
                .retained
                .push(super::base::Retained { unit, kind, crr });
        }
        state.retained.sort_by_key(|r| r.unit);
    }
    let setup = Setup {
        to_move,
        turns,
        units,
        tombs,
        walls,
        effects,
        state,
        ..Setup::<Fc11State>::new("fc11")
    };
    build_position(fc, setup)
}

/// Writes the extended FEN, or `None` for a position it cannot hold (walls other than
/// trail walls of units on the board, square effects other than the doubles of Queens on
/// the board, units neither on the board nor in a tomb, marks or other side tables, a
/// finished game's two null moves).
pub fn to_fen(fc: &Fc11, pos: &Fc11Position) -> Option<String> {
    if pos.marks(0).any() || !pos.pending().is_empty() || pos.state().nulls > 1 {
        return None;
    }
    let mut walls = vec![];
    for (sq, w) in pos.walls().iter() {
        let owner = pos.get_unit(w.creator)?;
        let at = owner.loc.square()?;
        if w.kind != super::walls::TRAIL || w.expires != 0 || w.side != owner.side {
            return None;
        }
        walls.push(format!("{sq}:{at}"));
    }
    let mut retained: Vec<(Square, String)> = vec![];
    for r in &pos.state().retained {
        let at = pos.get_unit(r.unit)?.loc.square()?;
        let c = fc.kinds_ref().get(r.kind)?.fen;
        let crr = if r.crr > 0 {
            r.crr.to_string()
        } else {
            String::new()
        };
        retained.push((at, format!("{at}:{c}{crr}")));
    }
    retained.sort_by_key(|(s, _)| s.index());
    let retained: Vec<String> = retained.into_iter().map(|(_, t)| t).collect();
    let mut doubles = vec![];
    for (sq, list) in pos.effects().iter() {
        let [e] = list.as_slice() else { return None };
        let queen = pos.get_unit(e.owner?)?;
        if !super::double::is_double(e) || queen.kind != super::base::QUEEN {
            return None;
        }
        doubles.push(format!("{sq}:{}", queen.loc.square()?));
    }
    let placement =
        frozen_core::fen::format_placement(pos.shape(), fc.kinds_ref(), |sq| pos.piece_at(sq));
    let side = if pos.to_move() == Side::White {
        "w"
    } else {
        "b"
    };
    let (mut aims_f, mut moved, mut para, mut crr) = (vec![], vec![], vec![], vec![]);
    let mut moved_default = true;
    for sq in pos.occupied().iter() {
        let id = pos.unit_at(sq)?;
        let u = pos.unit(id);
        if let Some(a) = u.status.aim.filter(|&a| a != Dir::forward(u.side)) {
            aims_f.push(format!("{sq}:{}", dir_name(a)));
        }
        if u.status.moved {
            moved.push(sq.to_string());
        }
        if u.kind == PAWN && u.status.moved == start_rank(u.side, sq) {
            moved_default = false;
        }
        let n = super::paralysis::turns_left(pos, id);
        if n > 0 {
            para.push(format!("{sq}:{n}"));
        }
        let c = u.status.counters[CRR_COUNTER];
        if c > 0 {
            crr.push(format!("{sq}:{c}"));
        }
    }
    let mut tombs = vec![];
    for (sq, t) in pos.tombs().iter() {
        let mut q = String::new();
        for &id in &t.queue {
            let u = pos.unit(id);
            let c = fc.kinds_ref().get(u.kind)?.fen;
            q.push(if u.side == Side::White {
                c
            } else {
                c.to_ascii_lowercase()
            });
            if u.status.moved {
                q.push('+');
            }
        }
        tombs.push(format!("{sq}:{q}"));
    }
    for u in pos.units() {
        if !matches!(u.loc, Location::Board(_) | Location::Tomb(_)) {
            return None;
        }
    }
    let list = |v: Vec<String>| {
        if v.is_empty() {
            "-".to_string()
        } else {
            v.join(",")
        }
    };
    let mut fields = vec![
        placement,
        side.to_string(),
        list(aims_f),
        list(moved),
        list(para),
        list(crr),
        list(tombs),
        list(walls),
        if pos.state().nulls == 1 { "1" } else { "-" }.to_string(),
        list(doubles),
        list(retained),
    ];
    while fields.len() > 4 && fields.last().is_some_and(|f| f == "-") {
        fields.pop();
    }
    // The moved field may be left out only when it says what its absence means.
    if fields.len() == 4 && moved_default {
        fields.pop();
    }
    while fields.len() == 3 && fields.last().is_some_and(|f| f == "-") {
        fields.pop();
    }
    Some(fields.join(" "))
}
