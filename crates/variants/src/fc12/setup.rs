//! Set-up, FEN and validation (F12-SETU-01..04, F12-FRST-01, F12-ABSN-01, F12-VISU-01).
//!
//! * F12-SETU-01/02/03: 12x12 board, files a–l, ranks 1–12; White `RNBDJQKJDBNR`
//!   on rank 1 and 12 pawns on rank 2, Black mirrored on ranks 12 and 11; no death
//!   squares, nobody paralysed; every unit has an id ([`initial_position`]).
//! * F12-SETU-04: White moves first; forward is toward rank 12 for White; the far
//!   rank is 12 for White and 1 for Black ([`super::pawn::on_far_rank`]).
//! * F12-FRST-01: no first-move restriction (nothing here restricts it).
//! * F12-ABSN-01: none of FC6's other mechanics exist: [`validate`] refuses tombs,
//!   walls, traps, bombs, monads, effects, shadows and other locations.
//! * F12-VISU-01: [`describe_state`] and the FEN show death squares, paralysis as
//!   turns left, and presence paralysis separately.
//!
//! Extended FEN: `<placement> <w|b> [<death squares> [<paralysis> [<mover>]]]`,
//! each extra field `-` when empty: death squares `e4,f5`; paralysis as turns
//! left `e4:2,f5:1`; the unit in the middle of a double move `e4` (`e4!` if its
//! second leg may not push). Promotions owed follow from the placement (pawns of
//! the side to act on their far rank).

use super::paralysis::{owner_turn, presence, turns_left};
use super::pawn::{on_far_rank, pending_for};
use super::{Fc12, Fc12Position, Fc12State, KING, PAWN, PENDING_PROMOTION};
use crate::frozen_family::absent::refuse_unused;
use crate::frozen_family::timers::fen_counters;
use frozen_core::{
    build_position, KindInfo, KindSet, LoadError, Location, Pending, Problem, ProblemKind, Setup,
    Side, Square, UnitId,
};

/// The FEN placement of the initial position.
pub const START_PLACEMENT: &str =
    "rnbdjqkjdbnr/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/RNBDJQKJDBNR";

/// The eight kinds: P N B R D Q J K (indices as in [`super::PAWN`] .. [`super::KING`]).
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
        k("Rook", 'R'),
        k("Dragon", 'D'),
        k("Queen", 'Q'),
        k("Jester", 'J'),
        k("King", 'K'),
    ])
    .unwrap_or_default()
}

/// The initial position (F12-SETU-01..04).
pub fn initial_position(fc: &Fc12) -> Fc12Position {
    match position_from_fen(fc, &format!("{START_PLACEMENT} w")) {
        Ok(p) => p,
        Err(_) => Fc12Position::empty(fc.geo.shape(), Fc12State::default()),
    }
}

fn syntax(col: &str, msg: String) -> LoadError {
    LoadError::one(Problem::new(
        ProblemKind::Syntax,
        format!("FEN field {col}"),
        msg,
    ))
}

fn squares(field: &str, name: &str) -> Result<Vec<Square>, LoadError> {
    if field == "-" {
        return Ok(Vec::new());
    }
    field
        .split(',')
        .map(|t| t.parse::<Square>().map_err(|e| syntax(name, e.to_string())))
        .collect()
}

/// Reads the extended FEN (see the module documentation).
pub fn position_from_fen(fc: &Fc12, fen: &str) -> Result<Fc12Position, LoadError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() > 5 {
        return Err(syntax(
            "6",
            "fc12 FEN has at most 5 fields: placement, side, death squares, paralysis, mover"
                .into(),
        ));
    }
    let placement = fields.first().copied().unwrap_or("");
    let to_move = frozen_core::fen::parse_side(fields.get(1).copied())
        .map_err(|msg| syntax("2 (side)", msg))?;
    let list = frozen_core::fen::parse_placement(placement, fc.geo.shape(), fc.kinds_ref())
        .map_err(|e| {
            syntax(
                &format!("1 (placement), column {}", e.column),
                e.reason.clone(),
            )
        })?;
    let id_at = |sq: Square| {
        list.iter()
            .position(|(s, _, _)| *s == sq)
            .map(|i| UnitId(i as u16))
    };
    let mut marks = Vec::new();
    if let Some(f) = fields.get(2) {
        for sq in squares(f, "3 (death squares)")? {
            if !fc.geo.shape().contains(sq) {
                return Err(syntax(
                    "3 (death squares)",
                    format!("{sq} is off the 12x12 board"),
                ));
            }
            marks.push(sq);
        }
    }
    let mut state = Fc12State::default();
    if let Some(f) = fields.get(4).filter(|f| **f != "-") {
        let (sq, no_push) = match f.strip_suffix('!') {
            Some(s) => (s, true),
            None => (*f, false),
        };
        let sq: Square = sq
            .parse()
            .map_err(|e: frozen_core::SquareError| syntax("5 (mover)", e.to_string()))?;
        let id = id_at(sq).ok_or_else(|| syntax("5 (mover)", format!("no unit on {sq}")))?;
        state = Fc12State {
            mover: Some(id),
            no_push,
        };
    }
    let pending: Vec<Pending> = if state.mover.is_none() {
        list.iter()
            .enumerate()
            .filter(|(_, (sq, k, side))| *k == PAWN && *side == to_move && on_far_rank(*side, *sq))
            .map(|(i, (sq, _, side))| Pending {
                side: *side,
                kind: PENDING_PROMOTION,
                unit: Some(UnitId(i as u16)),
                square: Some(*sq),
                data: 0,
            })
            .collect()
    } else {
        Vec::new()
    };
    let setup = Setup {
        to_move,
        turns: fen_counters(to_move),
        placement: Some(placement.to_string()),
        marks: if marks.is_empty() {
            Vec::new()
        } else {
            vec![(super::death::LAYER as u8, marks)]
        },
        pending,
        state,
        ..Setup::<Fc12State>::new("fc12")
    };
    let mut pos = build_position(fc, setup)?;
    if let Some(f) = fields.get(3).filter(|f| **f != "-") {
        for item in f.split(',') {
            let (sq, n) = item.split_once(':').ok_or_else(|| {
                syntax(
                    "4 (paralysis)",
                    format!("expected <square>:<turns left>, found {item:?}"),
                )
            })?;
            let sq: Square = sq
                .parse()
                .map_err(|e: frozen_core::SquareError| syntax("4 (paralysis)", e.to_string()))?;
            let n: u32 = n
                .parse()
                .ok()
                .filter(|n| (1..=100).contains(n))
                .ok_or_else(|| {
                    syntax(
                        "4 (paralysis)",
                        format!("turns left must be 1..100, found {n:?}"),
                    )
                })?;
            let id = pos
                .unit_at(sq)
                .ok_or_else(|| syntax("4 (paralysis)", format!("no unit on {sq}")))?;
            let through = owner_turn(&pos, pos.unit(id).side).saturating_add(n - 1);
            pos.update_status(id, |st| st.frozen_through = through);
        }
    }
    pos.clear_journal();
    Ok(pos)
}

/// Writes the extended FEN; trailing empty fields are left out.
pub fn to_fen(fc: &Fc12, pos: &Fc12Position) -> String {
    let placement =
        frozen_core::fen::format_placement(pos.shape(), fc.kinds_ref(), |sq| pos.piece_at(sq));
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
    let death = list(
        pos.marks(super::death::LAYER)
            .iter()
            .map(|s| s.to_string())
            .collect(),
    );
    let para = list(
        pos.occupied()
            .iter()
            .filter_map(|sq| {
                let n = turns_left(pos, pos.unit_at(sq)?);
                (n > 0).then(|| format!("{sq}:{n}"))
            })
            .collect(),
    );
    let mover = match pos
        .state()
        .mover
        .and_then(|m| pos.get_unit(m))
        .and_then(|u| u.loc.square())
    {
        Some(sq) => format!("{sq}{}", if pos.state().no_push { "!" } else { "" }),
        None => "-".to_string(),
    };
    let mut fields = vec![placement, side.to_string(), death, para, mover];
    while fields.len() > 2 && fields.last().is_some_and(|f| f == "-") {
        fields.pop();
    }
    fields.join(" ")
}

/// Variant checks of a loaded position (after the core's).
pub fn validate(fc: &Fc12, pos: &Fc12Position) -> Vec<Problem> {
    let mut out = Vec::new();
    let rule = |out: &mut Vec<Problem>, at: String, msg: String| {
        out.push(Problem::new(ProblemKind::Rule, at, msg))
    };
    for side in Side::ALL {
        let kings = pos.pieces(side, KING).count();
        if kings > 1 {
            rule(
                &mut out,
                "placement".into(),
                format!("{side} has {kings} kings; fc12 has one king per side (F12-SETU-03)"),
            );
        } else if kings == 0 && pos.result().is_none() {
            rule(
                &mut out,
                "placement".into(),
                format!("{side} has no king on the board, but the game is not over"),
            );
        }
        for sq in pos.pieces(side.opposite(), PAWN).iter() {
            if on_far_rank(side.opposite(), sq)
                && side.opposite() != pos.to_move()
                && pos.state().mover.is_none()
            {
                rule(&mut out, format!("{sq}"), format!("a {} pawn stands on its far rank while its opponent acts; it would have promoted (F12-PAWN-01)", side.opposite()));
            }
        }
    }
    for (i, u) in pos.units().iter().enumerate() {
        match u.loc {
            Location::Board(sq) if !fc.geo.shape().contains(sq) => {
                out.push(Problem::new(
                    ProblemKind::OffBoard,
                    format!("unit #{i}"),
                    format!("{sq} is off the 12x12 board"),
                ));
            }
            Location::Board(_) | Location::Captured(_) | Location::Dead => {}
            other => rule(
                &mut out,
                format!("unit #{i}"),
                format!("fc12 has no location {other:?} (F12-ABSN-01)"),
            ),
        }
        if u.kind.index() >= 8 {
            out.push(Problem::new(
                ProblemKind::UnknownKind,
                format!("unit #{i}"),
                "unknown kind".to_string(),
            ));
        }
    }
    refuse_unused(
        pos,
        &[],
        |name| format!("fc12 has no {name} (F12-ABSN-01)"),
        1,
        "fc12 uses only mark layer 0 (death squares)",
        &mut out,
    );
    let me = pos.to_move();
    if let Some(m) = pos.state().mover {
        match pos.get_unit(m) {
            Some(u) if u.loc.on_board() && u.side == me && u.kind != KING => {}
            _ => rule(
                &mut out,
                "state.mover".into(),
                format!("{m} is not a unit of {me} on the board that can make a second leg"),
            ),
        }
        if !pos.pending().is_empty() {
            rule(
                &mut out,
                "pending".into(),
                "no promotion can be owed in the middle of a double move".into(),
            );
        }
    } else if pos.result().is_none() {
        let want = pending_for(pos, me);
        if pos.pending() != &want[..] {
            rule(&mut out, "pending".into(), format!("the promotions owed must be exactly the {me} pawns on their far rank, in scan order (F12-PAWN-01)"));
        }
    }
    for (k, p) in pos.pending().iter().enumerate() {
        if p.kind != PENDING_PROMOTION {
            rule(
                &mut out,
                format!("pending[{k}]"),
                format!("unknown pending kind {}", p.kind),
            );
        }
    }
    out
}

/// The squares a picture marks: a King in check (F12-TURN-03), a unit paralysed by
/// an enemy jester's presence (F12-JEST-03), which its status does not record.
pub fn square_notes(fc: &Fc12, pos: &Fc12Position) -> Vec<frozen_core::SquareNote> {
    use frozen_core::{SquareNote, SquareNoteKind};
    let mut v = Vec::new();
    for side in frozen_core::Side::ALL {
        if super::king::in_check(fc, pos, side) {
            if let Some(k) = super::king::king_square(pos, side) {
                v.push(SquareNote {
                    square: k,
                    kind: SquareNoteKind::Check,
                    text: format!("{side}'s King is in check (F12-TURN-03)"),
                    legend: "King in check (F12-TURN-03)".into(),
                });
            }
        }
    }
    for id in pos.unit_ids() {
        let Some(sq) = pos.unit(id).loc.square() else {
            continue;
        };
        if let Some(j) = presence(fc, pos, id) {
            v.push(SquareNote {
                square: sq,
                kind: SquareNoteKind::Paralysed,
                text: format!("paralysed by the presence of the jester on {j} (F12-JEST-03)"),
                legend: "paralysed by an enemy jester's presence (F12-JEST-03)".into(),
            });
        }
    }
    v
}

/// Display lines: death squares, paralysis (turns left), presence paralysis,
/// the double move under way and promotions owed (F12-VISU-01).
pub fn describe_state(fc: &Fc12, pos: &Fc12Position) -> Vec<String> {
    let mut lines = Vec::new();
    let death: Vec<String> = pos
        .marks(super::death::LAYER)
        .iter()
        .map(|s| s.to_string())
        .collect();
    if !death.is_empty() {
        lines.push(format!("death squares: {}", death.join(" ")));
    }
    for id in pos.unit_ids() {
        let Some(sq) = pos.unit(id).loc.square() else {
            continue;
        };
        let n = turns_left(pos, id);
        if n > 0 {
            lines.push(format!("{sq}: paralysed for {n} more turn(s) of its owner"));
        }
        if let Some(j) = presence(fc, pos, id) {
            lines.push(format!(
                "{sq}: paralysed by the presence of the jester on {j}"
            ));
        }
    }
    if let Some(sq) = pos
        .state()
        .mover
        .and_then(|m| pos.get_unit(m))
        .and_then(|u| u.loc.square())
    {
        lines.push(format!(
            "double move under way: the unit on {sq} may make its second leg or end"
        ));
    }
    for p in pos.pending() {
        if let Some(sq) = p.square {
            lines.push(format!("the pawn on {sq} must promote (act:{sq}=Q ...)"));
        }
    }
    lines
}
