//! FEN for Denial/Bait chess: the six FIDE fields with the letters `KQRBNP` (and `S` for
//! statues). Pieces of the set missing from the board are put in the opponent's captured
//! pile; both Kings must be on the board. State FEN cannot express (stacks, exile piles,
//! denial, bait, pending decisions) goes through RON: [`Rules::to_fen`] returns `None` for
//! positions with riders or pending decisions, and otherwise writes the board view.
//!
//! Uses [`super::base`]; the [`Rules`] implementation of `mod.rs` calls [`read`] and
//! [`write`].

use super::base::*;
use frozen_core::{
    build_position, BySide, LoadError, Location, Position, Problem, ProblemKind, Rules, Setup,
    Shape, Side, UnitId, UnitRecord,
};

fn err(col: usize, msg: String) -> LoadError {
    LoadError::one(Problem::new(
        ProblemKind::Syntax,
        format!("FEN column {col}"),
        msg,
    ))
}

pub fn read<R: Rules<State = DbState>>(r: &R, fen: &str) -> Result<Position<DbState>, LoadError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() || fields.len() > 6 {
        return Err(err(1, "expected 1 to 6 FEN fields".into()));
    }
    let col = |i: usize| fen.find(fields[i]).map_or(1, |c| c + 1);
    let side = match fields.get(1).copied() {
        None | Some("w") => Side::White,
        Some("b") => Side::Black,
        Some(o) => return Err(err(col(1), format!("expected w or b, found {o:?}"))),
    };
    let castling = fields.get(2).copied().unwrap_or("-");
    if castling != "-" && (castling.is_empty() || !castling.chars().all(|c| "KQkq".contains(c))) {
        return Err(err(col(2), format!("bad castling field {castling:?}")));
    }
    let ep = fields.get(3).copied().unwrap_or("-");
    let halfmove: u32 = match fields.get(4) {
        None => 0,
        Some(h) => h
            .parse()
            .map_err(|_| err(col(4), format!("bad halfmove clock {h:?}")))?,
    };
    let fullmove: u32 = match fields.get(5) {
        None => 1,
        Some(h) => h
            .parse()
            .ok()
            .filter(|&n: &u32| (1..=100_000).contains(&n))
            .ok_or_else(|| err(col(5), format!("bad move number {h:?}")))?,
    };
    let placement = frozen_core::fen::parse_placement(fields[0], Shape::EIGHT, r.kinds())
        .map_err(|e| err(e.column, e.reason))?;
    let mut units = Vec::new();
    let mut counts = [[0usize; 7]; 2];
    for &(_, k, s) in &placement {
        let kk = if k == STATUE { PAWN } else { k };
        counts[s.index()][kk.index()] += 1;
    }
    let full = [1usize, 1, 2, 2, 2, 8];
    let mut id = placement.len() as u16;
    for s in Side::ALL {
        for (k, &n) in full.iter().enumerate() {
            let have = counts[s.index()][k];
            if have > n {
                return Err(LoadError::one(Problem::new(
                    ProblemKind::Rule,
                    "FEN placement",
                    format!(
                        "{s} has {have} pieces of kind {}, the set has {n}",
                        r.kinds().name(frozen_core::Kind(k as u8))
                    ),
                )));
            }
            if k == 0 && have == 0 {
                return Err(LoadError::one(Problem::new(
                    ProblemKind::Rule,
                    "FEN placement",
                    format!("{s} has no King on the board (use RON for a King in exile)"),
                )));
            }
            for _ in have..n {
                units.push(UnitRecord {
                    id,
                    kind: r
                        .kinds()
                        .get(frozen_core::Kind(k as u8))
                        .map_or("P".into(), |i| i.fen.to_string()),
                    side: s,
                    at: Location::Captured(s.opposite()),
                    status: Default::default(),
                });
                id += 1;
            }
        }
    }
    let setup = Setup {
        to_move: side,
        turns: BySide::new(
            fullmove,
            if side == Side::White {
                fullmove - 1
            } else {
                fullmove
            },
        ),
        placement: Some(fields[0].to_string()),
        units,
        // The side to act is the mover from the start (the loader checks they agree).
        state: {
            let mut s = DbState::default();
            s.turn.mover = side;
            s
        },
        ..Setup::<DbState>::new(r.name())
    };
    let mut pos = build_position(r, setup)?;
    // Castling rights become "moved" flags of Kings and rooks.
    for (i, &(sq, k, s)) in placement.iter().enumerate() {
        let id = UnitId(i as u16);
        let Some(q) = from_sq(sq) else { continue };
        let home = if s == Side::White { 0 } else { 56 };
        let (kc, qc) = if s == Side::White {
            ('K', 'Q')
        } else {
            ('k', 'q')
        };
        let keep = match k {
            KING => q == home + 4 && (castling.contains(kc) || castling.contains(qc)),
            ROOK => {
                (q == home + 7 && castling.contains(kc)) || (q == home && castling.contains(qc))
            }
            _ => true,
        };
        if !keep {
            pos.update_status(id, |st| st.moved = true);
        }
        if k == STATUE {
            pos.update_status(id, |st| st.origin = Some(PAWN));
        }
    }
    let mut st = DbState::default();
    st.game.halfmove = halfmove;
    if ep != "-" {
        let x: frozen_core::Square = ep
            .parse()
            .map_err(|_| err(col(3), format!("bad en passant square {ep:?}")))?;
        let xi = from_sq(x).ok_or_else(|| err(col(3), "en passant square off the board".into()))?;
        let victim_side = side.opposite();
        let vsq = off(xi, 0, fwd(victim_side))
            .ok_or_else(|| err(col(3), "bad en passant square".into()))?;
        let victim = pos
            .unit_at(to_sq(vsq))
            .filter(|&u| {
                pos.unit(u).kind == PAWN
                    && pos.unit(u).side == victim_side
                    && pos.unit_at(x).is_none()
            })
            .ok_or_else(|| err(col(3), format!("no pawn passed over {ep}")))?;
        st.game.ep.push(EpInfo { x, victim });
    }
    st.turn.mover = side;
    pos.set_state(st);
    let snap = snap_of(&pos);
    pos.update_state(|s| s.turn.start = Some(snap));
    pos.clear_journal();
    Ok(pos)
}

pub fn write<R: Rules<State = DbState>>(r: &R, pos: &Position<DbState>) -> Option<String> {
    if !pos.pending().is_empty()
        || pos
            .units()
            .iter()
            .any(|u| matches!(u.loc, Location::Carried { .. }))
        || pos.state().game.ep.len() > 1
        // A King in exile is off the board: FEN has no place for it (RON keeps it).
        || pos
            .units()
            .iter()
            .any(|u| u.kind == KING && !u.loc.on_board())
    {
        return None;
    }
    let placement =
        frozen_core::fen::format_placement(pos.shape(), r.kinds(), |sq| pos.piece_at(sq));
    let mut castling = String::new();
    for (s, kc, qc) in [(Side::White, 'K', 'Q'), (Side::Black, 'k', 'q')] {
        let home: u8 = if s == Side::White { 0 } else { 56 };
        let unmoved = |q: u8, k: frozen_core::Kind| {
            pos.unit_at(to_sq(q)).is_some_and(|u| {
                let u = pos.unit(u);
                u.kind == k && u.side == s && !u.status.moved
            })
        };
        if unmoved(home + 4, KING) {
            if unmoved(home + 7, ROOK) {
                castling.push(kc);
            }
            if unmoved(home, ROOK) {
                castling.push(qc);
            }
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    // FEN names the square passed over and finds the pawn just beyond it; a pawn that
    // passed over a square and went on elsewhere (a movement of several steps) cannot be
    // written so: no FEN then (RON keeps it).
    let ep = match pos.state().game.ep.first() {
        None => "-".to_string(),
        Some(e) => {
            let victim = pos.get_unit(e.victim)?;
            let rank = if victim.side == Side::White {
                e.x.rank().checked_add(1)?
            } else {
                e.x.rank().checked_sub(1)?
            };
            let beyond = frozen_core::Square::new(e.x.file(), rank);
            if victim.loc != Location::Board(beyond)
                || pos.unit_at(e.x).is_some()
                || victim.side == pos.to_move()
            {
                return None;
            }
            e.x.to_string()
        }
    };
    let side = if pos.to_move() == Side::White {
        "w"
    } else {
        "b"
    };
    Some(format!(
        "{placement} {side} {castling} {ep} {} {}",
        pos.state().game.halfmove,
        pos.turns()[Side::White].max(1)
    ))
}
