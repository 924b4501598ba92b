//! Set-up, extended FEN and validation (FC6-SETU-01..08).
//!
//! * FC6-SETU-01: 16x16 board, files a–p, ranks 1–16, White at the bottom.
//! * FC6-SETU-02: White rank 1 `RNBDJCTQKTCJDBNR`, rank 2 sixteen pawns.
//! * FC6-SETU-03: Black mirrored across the middle: the same letters on the same files on
//!   rank 16 (queen h16, king i16), pawns on rank 15.
//! * FC6-SETU-04: 32 units a side; no walls, tombs, traps or shadows at the start.
//! * FC6-SETU-05: every unit starts normal, unparalysed, with range 16 and its own
//!   identity ([`initial_position`]; only CRR units ever change range).
//! * FC6-SETU-06: square colour by coordinates, a1 dark: a square is light when file +
//!   rank (0-based) is odd ([`is_light`]); White's own colour is light. Only Color Force
//!   (a later part) reads it.
//! * FC6-SETU-07: forward is toward rank 16 for White, rank 1 for Black; the far rank
//!   (the seed's "last file") is rank 16 for White, rank 1 for Black
//!   ([`super::pawn::on_far_rank`]).
//! * FC6-SETU-08: White makes the first turn ([`initial_position`]).
//!
//! Extended FEN: `<placement> <w|b> [<first> [<walls> [<paralysis> [<ranges> [<tombs>]]]]]`, each
//! extra field `-` when empty and trailing `-` fields left out: `first` is `f` while
//! White's first action (a plain pawn move, FC6-FRST-01) is still to come; walls
//! `e4:w3,f5:b1` (square, maker's side, turns left); paralysis `e4:2` (turns left of its
//! owner); ranges `a1:12` (units whose range is not 16); tombs `d9:nR,a1:R*` (each
//! queue first in first, upper case White, `*` = ACTIVE; PENDING and ARMED follow from
//! the square, FC6-TOMB-02). A wall read from FEN is credited
//! to the lowest-numbered unit of its side (no rule reads a wall's maker; RON keeps it).
//! Uses: [`super::base`], [`super::pawn`], [`super::paralysis`], [`super::walls`].

use super::base::{
    is_crr, Fc6, Fc6Position, Fc6State, DEFAULT_RANGE, KINDS, KING, MIN_RANGE, PAWN,
};
use super::paralysis::turns_left;
use super::pawn::{on_far_rank, pawn_count};
use super::walls::{turns_left as wall_left, MAX_DURATION};
use crate::frozen_family::absent::{refuse_unused, SideTable};
use crate::frozen_family::timers::{fen_counters, owner_turn_at};
use frozen_core::{
    build_position, KindInfo, KindSet, LoadError, Location, Problem, ProblemKind, Setup, Side,
    Square, Status, Tomb, UnitRecord, Wall,
};

/// The FEN placement of the initial position (FC6-SETU-02/03).
pub const START_PLACEMENT: &str = "rnbdjctqktcjdbnr/pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/RNBDJCTQKTCJDBNR";

/// The FEN of the initial position.
pub const START_FEN: &str = "rnbdjctqktcjdbnr/pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/RNBDJCTQKTCJDBNR w f";

/// Longest paralysis a unit can carry, in its owner's turns (a pull over the full range).
pub const MAX_PARALYSIS: u32 = 16;

/// The ten kinds, indices as in [`super::base::PAWN`] .. [`super::base::KING`].
pub fn kind_set() -> KindSet {
    let k = |name: &str, c: char| KindInfo {
        name: name.to_string(),
        fen: c,
        symbol: c,
    };
    KindSet::new(vec![
        k("Pawn", 'P'),
        k("Knight", 'N'),
        k("Bishop", 'B'),
        k("Dragon", 'D'),
        k("Rook", 'R'),
        k("Queen", 'Q'),
        k("Templar", 'T'),
        k("Jester", 'J'),
        k("Chancellor", 'C'),
        k("King", 'K'),
    ])
    .unwrap_or_default()
}

pub use super::base::is_light;

/// The initial position (FC6-SETU-01..08).
pub fn initial_position(fc: &Fc6) -> Fc6Position {
    match position_from_fen(fc, START_FEN) {
        Ok(p) => p,
        Err(_) => Fc6Position::empty(fc.geo.shape(), Fc6State::default()),
    }
}

fn syntax(col: &str, msg: String) -> LoadError {
    LoadError::one(Problem::new(
        ProblemKind::Syntax,
        format!("FEN field {col}"),
        msg,
    ))
}

/// `<square>:<value>` items of a FEN field.
fn items<'a>(field: &'a str, name: &str) -> Result<Vec<(Square, &'a str)>, LoadError> {
    if field == "-" {
        return Ok(Vec::new());
    }
    field
        .split(',')
        .map(|item| {
            let (sq, v) = item.split_once(':').ok_or_else(|| {
                syntax(name, format!("expected <square>:<value>, found {item:?}"))
            })?;
            let sq: Square = sq
                .parse()
                .map_err(|e: frozen_core::SquareError| syntax(name, e.to_string()))?;
            Ok((sq, v))
        })
        .collect()
}

fn number(v: &str, name: &str, lo: u32, hi: u32, what: &str) -> Result<u32, LoadError> {
    v.parse::<u32>()
        .ok()
        .filter(|n| (lo..=hi).contains(n))
        .ok_or_else(|| syntax(name, format!("{what} must be {lo}..{hi}, found {v:?}")))
}

/// Reads the extended FEN (see the module documentation).
pub fn position_from_fen(fc: &Fc6, fen: &str) -> Result<Fc6Position, LoadError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() > 7 {
        return Err(syntax(
            "8",
            "fc6 FEN has at most 7 fields: placement, side, first move, walls, paralysis, ranges, tombs (a turn in progress and traps are written in RON only)"
                .into(),
        ));
    }
    let placement = fields.first().copied().unwrap_or("");
    let to_move = frozen_core::fen::parse_side(fields.get(1).copied())
        .map_err(|msg| syntax("2 (side)", msg))?;
    let first_move = match fields.get(2).copied() {
        None | Some("-") => false,
        Some("f") => true,
        Some(other) => {
            return Err(syntax(
                "3 (first move)",
                format!("expected f (White's first action still to come) or -, found {other:?}"),
            ))
        }
    };
    let list =
        frozen_core::fen::parse_placement(placement, fc.geo.shape(), &fc.kinds).map_err(|e| {
            syntax(
                &format!("1 (placement), column {}", e.column),
                e.reason.clone(),
            )
        })?;
    let turns = fen_counters(to_move);
    let mut units: Vec<UnitRecord> = list
        .iter()
        .enumerate()
        .map(|(i, (sq, k, side))| UnitRecord {
            id: i as u16,
            kind: fc.kinds.get(*k).map_or('?', |info| info.fen).to_string(),
            side: *side,
            at: Location::Board(*sq),
            status: Status {
                range: DEFAULT_RANGE,
                ..Status::default()
            },
        })
        .collect();
    let index_at = |sq: Square| list.iter().position(|(s, _, _)| *s == sq);
    let mut walls = Vec::new();
    if let Some(f) = fields.get(3) {
        let name = "4 (walls)";
        for (sq, v) in items(f, name)? {
            let mut chars = v.chars();
            let side = match chars.next() {
                Some('w') => Side::White,
                Some('b') => Side::Black,
                _ => {
                    return Err(syntax(
                        name,
                        format!("expected w or b and turns left after {sq}:, found {v:?}"),
                    ))
                }
            };
            let left = number(chars.as_str(), name, 1, MAX_DURATION, "a wall's turns left")?;
            let creator = list
                .iter()
                .position(|(_, _, s)| *s == side)
                .ok_or_else(|| {
                    syntax(
                        name,
                        format!("{side} has no unit to credit the wall on {sq} to"),
                    )
                })?;
            let expires = owner_turn_at(turns, to_move, side) + left - 1;
            walls.push((
                sq,
                Wall {
                    creator: frozen_core::UnitId(creator as u16),
                    side,
                    expires,
                    kind: 0,
                },
            ));
        }
    }
    if let Some(f) = fields.get(4) {
        let name = "5 (paralysis)";
        for (sq, v) in items(f, name)? {
            let n = number(v, name, 1, MAX_PARALYSIS, "turns left")?;
            let i = index_at(sq).ok_or_else(|| syntax(name, format!("no unit on {sq}")))?;
            let side = units[i].side;
            units[i].status.frozen_through = owner_turn_at(turns, to_move, side) + n - 1;
        }
    }
    if let Some(f) = fields.get(5) {
        let name = "6 (ranges)";
        for (sq, v) in items(f, name)? {
            let n = number(
                v,
                name,
                u32::from(MIN_RANGE),
                u32::from(DEFAULT_RANGE),
                "a range",
            )?;
            let i = index_at(sq).ok_or_else(|| syntax(name, format!("no unit on {sq}")))?;
            units[i].status.range = n as u16;
        }
    }
    let tombs = match fields.get(6) {
        Some(f) => read_tombs(fc, f, &mut units)?,
        None => Vec::new(),
    };
    let setup = Setup {
        to_move,
        turns,
        units,
        walls,
        tombs,
        state: Fc6State {
            first_move,
            turn: None,
        },
        ..Setup::<Fc6State>::new("fc6")
    };
    let mut pos = build_position(fc, setup)?;
    pos.clear_journal();
    Ok(pos)
}

/// Reads the tombs field (FC6-TOMB-01/02): `d9:nR` is the queue on d9, first in first
/// (upper case White), and a final `*` marks the tomb ACTIVE (`a1:R*`). Each queued unit
/// is a new unit record located in that tomb, at range 16 and unparalysed.
fn read_tombs(
    fc: &Fc6,
    field: &str,
    units: &mut Vec<UnitRecord>,
) -> Result<Vec<(Square, Tomb)>, LoadError> {
    let name = "7 (tombs)";
    let mut tombs: Vec<(Square, Tomb)> = Vec::new();
    for (sq, v) in items(field, name)? {
        let (queue, open) = match v.strip_suffix('*') {
            Some(q) => (q, true),
            None => (v, false),
        };
        if queue.is_empty() {
            return Err(syntax(
                name,
                format!("the tomb on {sq} lists no unit (write its queue, first in first, then * if ACTIVE)"),
            ));
        }
        if tombs.iter().any(|(s, _)| *s == sq) {
            return Err(syntax(name, format!("the tomb on {sq} is listed twice")));
        }
        let mut tomb = Tomb {
            open,
            ..Tomb::default()
        };
        for c in queue.chars() {
            if fc.kinds.by_fen(c.to_ascii_uppercase()).is_none() {
                return Err(syntax(
                    name,
                    format!("{c:?} in the tomb on {sq} is not a unit letter (P N B D R Q T J C K)"),
                ));
            }
            let side = if c.is_ascii_uppercase() {
                Side::White
            } else {
                Side::Black
            };
            let id = units.len() as u16;
            units.push(UnitRecord {
                id,
                kind: c.to_ascii_uppercase().to_string(),
                side,
                at: Location::Tomb(sq),
                status: Status {
                    range: DEFAULT_RANGE,
                    ..Status::default()
                },
            });
            tomb.queue.push(frozen_core::UnitId(id));
        }
        tombs.push((sq, tomb));
    }
    Ok(tombs)
}

/// Writes the extended FEN; trailing empty fields are left out.
pub fn to_fen(fc: &Fc6, pos: &Fc6Position) -> String {
    let placement =
        frozen_core::fen::format_placement(pos.shape(), &fc.kinds, |sq| pos.piece_at(sq));
    let side = if pos.to_move() == Side::White {
        "w"
    } else {
        "b"
    };
    let list = |v: Vec<String>| {
        if v.is_empty() {
            "-".to_string()
        } else {
            v.join(",")
        }
    };
    let first = if pos.state().first_move { "f" } else { "-" };
    let walls = list(
        pos.walls()
            .iter()
            .map(|(sq, w)| {
                let c = if w.side == Side::White { 'w' } else { 'b' };
                format!("{sq}:{c}{}", wall_left(pos, w))
            })
            .collect(),
    );
    let on_board = |f: &dyn Fn(Square, frozen_core::UnitId) -> Option<String>| {
        list(
            pos.occupied()
                .iter()
                .filter_map(|sq| f(sq, pos.unit_at(sq)?))
                .collect(),
        )
    };
    let para = on_board(&|sq, id| {
        let n = turns_left(pos, id);
        (n > 0).then(|| format!("{sq}:{n}"))
    });
    let ranges = on_board(&|sq, id| {
        let r = pos.unit(id).status.range;
        (r != DEFAULT_RANGE).then(|| format!("{sq}:{r}"))
    });
    let tombs = list(
        pos.tombs()
            .iter()
            .filter(|(_, t)| !t.queue.is_empty())
            .map(|(sq, t)| {
                let mut q: String = t
                    .queue
                    .iter()
                    .map(|&id| {
                        let u = pos.unit(id);
                        let c = fc.kinds.get(u.kind).map_or('?', |info| info.fen);
                        if u.side == Side::White {
                            c
                        } else {
                            c.to_ascii_lowercase()
                        }
                    })
                    .collect();
                if t.open {
                    q.push('*');
                }
                format!("{sq}:{q}")
            })
            .collect(),
    );
    let mut fields = vec![
        placement,
        side.to_string(),
        first.into(),
        walls,
        para,
        ranges,
        tombs,
    ];
    while fields.len() > 2 && fields.last().is_some_and(|f| f == "-") {
        fields.pop();
    }
    fields.join(" ")
}

/// Variant checks of a loaded position (after the core's).
pub fn validate(fc: &Fc6, pos: &Fc6Position) -> Vec<Problem> {
    let mut out = Vec::new();
    let rule = |out: &mut Vec<Problem>, at: String, msg: String| {
        out.push(Problem::new(ProblemKind::Rule, at, msg))
    };
    let over = pos.result().is_some();
    for side in Side::ALL {
        let kings = pos.pieces(side, KING).count();
        if kings > 1 {
            rule(
                &mut out,
                "placement".into(),
                format!("{side} has {kings} kings; fc6 has one king per side (FC6-SETU-04)"),
            );
        } else if kings == 0 && !over && !super::victory::king_gone(pos, side) {
            rule(
                &mut out,
                "placement".into(),
                format!("{side} has no king on the board, but the game is not over (FC6-VICT-03)"),
            );
        }
        if pawn_count(pos, side) == 0 && !over {
            rule(&mut out, "placement".into(), format!("{side} has no pawn on the board, so it has lost, but the game is not over (FC6-VICT-01)"));
        }
        // A pawn stands on its far rank only until its owner's next turn begins: put
        // there by the enemy, or respawned there by its owner (it died there), it owes its
        // promotion at the start of that turn; never during its owner's own turn in
        // progress, where a leg of its own would have promoted it (FC6-PAWN-02).
        let own_turn_open = pos.to_move() == side && pos.state().turn.is_some();
        for sq in pos
            .pieces(side, PAWN)
            .iter()
            .filter(|&s| on_far_rank(side, s) && own_turn_open)
        {
            rule(
                &mut out,
                sq.to_string(),
                format!(
                    "a {side} pawn stands on its far rank while its owner's turn is in progress; it would have promoted (FC6-PAWN-02)"
                ),
            );
        }
    }
    for (i, u) in pos.units().iter().enumerate() {
        let at = format!("unit #{i}");
        match u.loc {
            Location::Board(sq) if !fc.geo.shape().contains(sq) => {
                out.push(Problem::new(
                    ProblemKind::OffBoard,
                    at.clone(),
                    format!("{sq} is off the 16x16 board"),
                ));
            }
            Location::Board(_) => {}
            Location::Shadow(sq) => {
                if u.kind == PAWN || u.kind == KING {
                    rule(&mut out, at.clone(), format!("a {} on {sq} is a shadow; pawns and kings never are (FC6-SHAD-01)", fc.kind_name(u.kind)));
                }
                if u.status.shadow_since.is_none() {
                    rule(&mut out, at.clone(), format!("the shadow on {sq} needs shadow_since, the owner turn it became a shadow (FC6-SHAD-05)"));
                }
            }
            Location::Tomb(sq) => {
                if u.status.range != DEFAULT_RANGE || u.status.frozen_through != 0 {
                    rule(&mut out, at.clone(), format!("the {} in the tomb on {sq} must have range 16 and no paralysis (a dead unit loses them, FC6-RESP-05)", fc.kind_name(u.kind)));
                }
            }
            other => rule(
                &mut out,
                at.clone(),
                format!(
                    "fc6 units are on the board, shadows on a square or in a tomb queue (FC6-TOMB-01, FC6-SHAD-04), not {other:?}"
                ),
            ),
        }
        if u.kind.index() >= KINDS {
            out.push(Problem::new(
                ProblemKind::UnknownKind,
                at.clone(),
                "unknown kind".to_string(),
            ));
            continue;
        }
        let r = u.status.range;
        if is_crr(u.kind) {
            if !(MIN_RANGE..=DEFAULT_RANGE).contains(&r) {
                rule(
                    &mut out,
                    at.clone(),
                    format!(
                        "a {}'s range must be 3..16, found {r} (FC6-CAPT-03/04)",
                        fc.kind_name(u.kind)
                    ),
                );
            }
        } else if r != DEFAULT_RANGE {
            rule(
                &mut out,
                at.clone(),
                format!(
                    "a {}'s range never changes from 16, found {r} (FC6-SETU-05, FC6-CAPT-05)",
                    fc.kind_name(u.kind)
                ),
            );
        }
        if u.loc.on_board() {
            let id = frozen_core::UnitId(i as u16);
            let n = turns_left(pos, id);
            if n > MAX_PARALYSIS {
                rule(&mut out, at.clone(), format!("paralysed for {n} more turns; no source paralyses for more than {MAX_PARALYSIS} (FC6-PARA-04)"));
            }
        }
        if u.status.shadow_since.is_some() && !matches!(u.loc, Location::Shadow(_)) {
            rule(
                &mut out,
                at.clone(),
                "only a shadow carries shadow_since (FC6-SHAD-05)".into(),
            );
        }
        if u.status.link.is_some() || u.status.aim.is_some() {
            rule(
                &mut out,
                at,
                "fc6 units carry no link or aim in this version".into(),
            );
        }
    }
    for (sq, w) in pos.walls().iter() {
        let left = wall_left(pos, w);
        if w.expires == 0 || !(1..=MAX_DURATION).contains(&left) {
            rule(&mut out, format!("wall on {sq}"), format!("a wall stands 1..{MAX_DURATION} turns of its maker's side; this one has {left} (FC6-WALL-03/04)"));
        }
        if pos.occupied().contains(sq) {
            rule(
                &mut out,
                format!("wall on {sq}"),
                "a unit stands on a wall (FC6-WALL-01, FC6-WALL-07)".into(),
            );
        }
    }
    super::double_move::validate(pos, &mut out);
    super::trap::validate(pos, &mut out);
    for (sq, t) in pos.tombs().iter() {
        let at = format!("tombs[{sq}]");
        if t.queue.is_empty() {
            rule(
                &mut out,
                at.clone(),
                "a tomb holds at least one dead unit (FC6-TOMB-02)".into(),
            );
        }
        if t.explosions != 0 || t.rot != 0 {
            rule(
                &mut out,
                at.clone(),
                "fc6 tombs keep a queue and the ACTIVE flag only (no explosion count, no rot)"
                    .into(),
            );
        }
        if t.open && pos.occupied().contains(sq) {
            rule(&mut out, at.clone(), "a unit stands on an ACTIVE tomb; nothing lands there before its head respawns (FC6-TOMB-10)".into());
        }
    }
    refuse_unused(
        pos,
        &[
            SideTable::Walls,
            SideTable::Traps,
            SideTable::Tombs,
            SideTable::Shadows,
        ],
        |name| format!("fc6 has no {name} in this version"),
        0,
        "fc6 marks no squares",
        &mut out,
    );
    if !pos.pending().is_empty() {
        rule(
            &mut out,
            "pending".into(),
            "fc6 has no pending decisions in this version".into(),
        );
    }
    if pos.state().first_move && pos.to_move() != Side::White {
        rule(
            &mut out,
            "state.first_move".into(),
            "only White's first action can be pending (FC6-FRST-01)".into(),
        );
    }
    out
}
