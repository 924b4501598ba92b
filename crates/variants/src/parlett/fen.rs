//! FEN for Parlett sets: the placement on the set's board (up to 16 files), the side to
//! act, the castling field (the unmoved K and T of a set with castling: its royal piece's
//! first two-piece line), en passant, the counters and, where the other fields cannot say
//! it, a seventh field listing the squares of the unmoved pieces (PAR-COND-01), read into a
//! position and written back.
//!
//! Without the seventh field a piece is unmoved if the set's own set-up has the same piece
//! on its square; the castling kinds of a set with castling are unmoved exactly as the
//! castling field says. With it, the listed pieces are unmoved and every other one has moved,
//! and the castling field must agree with the list.
//!
//! Uses [`super::compiled`] and [`super::set`].

use super::ir::{LastPart, LastParts};
use super::set::{ParlettRules, ParlettState};
use frozen_core::fen::parse_placement;
use frozen_core::{
    LoadError, Location, Position, Problem, ProblemKind, Rules, Side, Square, Status, UnitId,
};
use std::collections::HashMap;

impl ParlettRules {
    pub(super) fn fen_error(fen: &str, column: usize, message: impl Into<String>) -> LoadError {
        let caret = format!("{}^", " ".repeat(column.saturating_sub(1)));
        LoadError::one(Problem::new(
            ProblemKind::Syntax,
            format!("FEN column {column}"),
            format!("{}\n  {fen}\n  {caret}", message.into()),
        ))
    }
    /// [`frozen_core::Rules::position_from_fen`].
    pub(super) fn read_fen(&self, fen: &str) -> Result<Position<ParlettState>, LoadError> {
        let c = self.c();
        if fen.len() > 4096 {
            return Err(Self::fen_error(fen, 1, "FEN longer than 4096 bytes"));
        }
        // Field start columns.
        let mut fields: Vec<(usize, &str)> = Vec::new();
        let mut rest = fen;
        let mut offset = 0usize;
        loop {
            let trimmed = rest.trim_start();
            offset += rest.len() - trimmed.len();
            if trimmed.is_empty() {
                break;
            }
            let end = trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
            fields.push((fen[..offset].chars().count() + 1, &trimmed[..end]));
            offset += end;
            rest = &trimmed[end..];
        }
        let Some(&(_, placement)) = fields.first() else {
            return Err(Self::fen_error(fen, 1, "empty FEN"));
        };
        if fields.len() > 7 {
            return Err(Self::fen_error(
                fen,
                fields[7].0,
                "unexpected text after the unmoved pieces field",
            ));
        }
        let placed = parse_placement(placement, c.shape, &self.inner.kinds)
            .map_err(|e| Self::fen_error(fen, e.column, e.reason))?;
        let to_move = match fields.get(1) {
            None | Some((_, "w")) => Side::White,
            Some((_, "b")) => Side::Black,
            Some((cl, t)) => {
                return Err(Self::fen_error(
                    fen,
                    *cl,
                    format!("expected the side to move, w or b, found {t:?}"),
                ))
            }
        };
        // Castling field.
        let mut unmoved_castle: Vec<Square> = Vec::new();
        if let Some(&(cl, cf)) = fields.get(2) {
            if cf != "-" {
                let Some((kk, tk)) = self.inner.castle else {
                    return Err(Self::fen_error(
                        fen,
                        cl,
                        "this set has no castling: the field must be '-'",
                    ));
                };
                for (i, ch) in cf.chars().enumerate() {
                    let side = match ch {
                        'K' | 'Q' => Side::White,
                        'k' | 'q' => Side::Black,
                        _ => {
                            return Err(Self::fen_error(
                                fen,
                                cl + i,
                                format!("expected K, Q, k, q or '-', found {ch:?}"),
                            ))
                        }
                    };
                    let kings: Vec<Square> = placed
                        .iter()
                        .filter(|p| p.1 == kk && p.2 == side)
                        .map(|p| p.0)
                        .collect();
                    let Some(&ksq) = kings.first().filter(|_| kings.len() == 1) else {
                        return Err(Self::fen_error(
                            fen,
                            cl + i,
                            format!(
                                "castling right {ch:?} needs exactly one {} of that side",
                                self.inner.kinds.name(kk)
                            ),
                        ));
                    };
                    let kingside = ch.eq_ignore_ascii_case(&'K');
                    let rook = placed
                        .iter()
                        .filter(|p| p.1 == tk && p.2 == side && p.0.rank() == ksq.rank())
                        .filter(|p| {
                            if kingside {
                                p.0.file() > ksq.file()
                            } else {
                                p.0.file() < ksq.file()
                            }
                        })
                        .map(|p| p.0)
                        .reduce(|a, b| {
                            if (b.file() > a.file()) == kingside {
                                b
                            } else {
                                a
                            }
                        });
                    let Some(rsq) = rook else {
                        return Err(Self::fen_error(
                            fen,
                            cl + i,
                            format!(
                                "castling right {ch:?} but no {} on that side of the {}",
                                self.inner.kinds.name(tk),
                                self.inner.kinds.name(kk)
                            ),
                        ));
                    };
                    unmoved_castle.push(ksq);
                    unmoved_castle.push(rsq);
                }
            }
        }
        // Unmoved pieces field (PAR-COND-01): the squares of every unmoved piece.
        let listed = match fields.get(6) {
            Some(&(cl, uf)) => Some(self.read_unmoved(fen, cl, uf, &placed)?),
            None => None,
        };
        let mut pos = Position::empty(c.shape, ParlettState::default());
        let mut ids: HashMap<Square, UnitId> = HashMap::new();
        for &(sq, k, s) in &placed {
            let unmoved = match (&listed, self.inner.castle) {
                (Some(list), _) => list.contains(&sq),
                (None, Some((kk, tk))) if k == kk || k == tk => unmoved_castle.contains(&sq),
                (None, _) => self.inner.home.get(&sq) == Some(&(k, s)),
            };
            let status = Status {
                moved: !unmoved,
                ..Status::default()
            };
            let id = pos.add_unit(k, s, Location::Board(sq), status);
            ids.insert(sq, id);
        }
        pos.set_to_move(to_move);
        if listed.is_some() {
            // The castling field must say what the listed pieces give.
            let (cl, given) = fields.get(2).copied().unwrap_or((1, "-"));
            let want = self.castling_field(&pos);
            let mut a: Vec<char> = given.chars().collect();
            let mut b: Vec<char> = want.chars().collect();
            a.sort_unstable();
            b.sort_unstable();
            if a != b {
                return Err(Self::fen_error(
                    fen,
                    cl,
                    format!("castling field {given:?} does not match the unmoved pieces listed in the last field, which give {want:?}"),
                ));
            }
        }
        // En passant field: marks the unit that just made a history-pattern move.
        if let Some(&(cl, ep)) = fields.get(3) {
            if ep != "-" {
                let sq: Square = ep.parse().map_err(|_| {
                    Self::fen_error(
                        fen,
                        cl,
                        format!("expected an en-passant square or '-', found {ep:?}"),
                    )
                })?;
                if !c.shape.contains(sq) {
                    return Err(Self::fen_error(fen, cl, "en-passant square off the board"));
                }
                let mover = to_move.opposite();
                let f: i32 = if mover == Side::White { 1 } else { -1 };
                let to = Square::try_new(i32::from(sq.file()), i32::from(sq.rank()) + f)
                    .filter(|s| c.shape.contains(*s));
                let from = Square::try_new(i32::from(sq.file()), i32::from(sq.rank()) - f)
                    .filter(|s| c.shape.contains(*s));
                let (Some(to), Some(from)) = (to, from) else {
                    return Err(Self::fen_error(
                        fen,
                        cl,
                        "no double step can pass over this square",
                    ));
                };
                let unit = ids.get(&to).copied().filter(|u| pos.unit(*u).side == mover);
                let Some(unit) = unit else {
                    return Err(Self::fen_error(fen, cl, format!("en-passant square {sq} but no {} piece on {to} that just passed over it", mover)));
                };
                let bits = c.kinds[pos.unit(unit).kind.index()].pattern_bits;
                if bits == 0 || pos.unit_at(sq).is_some() || pos.unit_at(from).is_some() {
                    return Err(Self::fen_error(
                        fen,
                        cl,
                        format!("en-passant square {sq} does not fit the position"),
                    ));
                }
                let mut last = LastParts::new();
                last.push(LastPart {
                    unit,
                    from,
                    to,
                    patterns: bits,
                });
                pos.set_state(ParlettState { last });
            }
        }
        if let Some(&(cl, hm)) = fields.get(4) {
            if hm.parse::<u32>().is_err() {
                return Err(Self::fen_error(
                    fen,
                    cl,
                    format!("expected the halfmove clock (a number), found {hm:?}"),
                ));
            }
        }
        if let Some(&(cl, fm)) = fields.get(5) {
            match fm.parse::<u32>() {
                Ok(n) if (1..1_000_000).contains(&n) => {
                    pos.set_ply((n - 1) * 2 + u32::from(to_move == Side::Black));
                }
                _ => {
                    return Err(Self::fen_error(
                        fen,
                        cl,
                        format!("expected the fullmove number (1 or more), found {fm:?}"),
                    ))
                }
            }
        }
        pos.clear_journal();
        Ok(pos)
    }
    /// [`frozen_core::Rules::to_fen`].
    pub(super) fn write_fen(&self, pos: &Position<ParlettState>) -> Option<String> {
        let placement =
            frozen_core::fen::format_placement(pos.shape(), self.kinds(), |sq| pos.piece_at(sq));
        let side = if pos.to_move() == Side::White {
            "w"
        } else {
            "b"
        };
        let castling = self.castling_field(pos);
        let mut ep = "-".to_string();
        if let [p] = pos.state().last.as_slice() {
            if p.from.file() == p.to.file() && p.from.rank().abs_diff(p.to.rank()) == 2 {
                ep = Square::new(p.from.file(), (p.from.rank() + p.to.rank()) / 2).to_string();
            }
        }
        let full = pos.ply() / 2 + 1;
        let base = format!("{placement} {side} {castling} {ep} 0 {full}");
        // The unmoved pieces field, where the six fields read back would give another status
        // to a piece whose status matters (PAR-COND-01). The castling kinds of a set with castling are left to the
        // castling field, as in FIDE FEN (a K or T with no castling right reads as moved).
        // Only kinds whose status the set can read count: an `i` simple element, or a part
        // in a complex line (which may test `i`); a returning knight needs no field.
        let castle_kind =
            |k: frozen_core::Kind| self.inner.castle.is_some_and(|(a, b)| k == a || k == b);
        let c = self.c();
        let status_matters = |k: frozen_core::Kind| {
            c.kinds
                .get(k.index())
                .is_some_and(|kd| kd.simple.iter().any(|el| el.initial))
                || c.lines.iter().any(|l| l.pieces.contains(&k))
        };
        let differs = match self.read_fen(&base) {
            Ok(back) => pos.unit_ids().any(|id| {
                let u = pos.unit(id);
                let Some(sq) = u.loc.square() else {
                    return false;
                };
                !castle_kind(u.kind)
                    && status_matters(u.kind)
                    && back
                        .unit_at(sq)
                        .map_or(true, |b| back.unit(b).status.moved != u.status.moved)
            }),
            Err(_) => true,
        };
        if !differs {
            return Some(base);
        }
        let mut unmoved: Vec<Square> = pos
            .unit_ids()
            .filter(|&id| !pos.unit(id).status.moved)
            .filter_map(|id| pos.unit(id).loc.square())
            .collect();
        unmoved.sort_by_key(|s| (s.rank(), s.file()));
        let list = if unmoved.is_empty() {
            "-".to_string()
        } else {
            unmoved
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        Some(format!("{base} {list}"))
    }

    /// The castling field the statuses give: for each unmoved castling King, `K` (`k`) if an
    /// unmoved castling partner stands on its rank toward the h-file, `Q` (`q`) toward the
    /// a-file; `-` for none.
    fn castling_field(&self, pos: &Position<ParlettState>) -> String {
        let mut castling = String::new();
        if let Some((kk, tk)) = self.inner.castle {
            for s in Side::ALL {
                for ks in pos.pieces(s, kk) {
                    let Some(ku) = pos.unit_at(ks) else { continue };
                    if pos.unit(ku).status.moved {
                        continue;
                    }
                    let mut k_side = false;
                    let mut q_side = false;
                    for rs in pos.pieces(s, tk) {
                        if rs.rank() != ks.rank() {
                            continue;
                        }
                        if pos.unit_at(rs).is_some_and(|ru| !pos.unit(ru).status.moved) {
                            if rs.file() > ks.file() {
                                k_side = true;
                            } else {
                                q_side = true;
                            }
                        }
                    }
                    let (a, b) = if s == Side::White {
                        ('K', 'Q')
                    } else {
                        ('k', 'q')
                    };
                    if k_side {
                        castling.push(a);
                    }
                    if q_side {
                        castling.push(b);
                    }
                }
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        castling
    }

    /// Reads the unmoved pieces field: `-` or comma-separated squares, each holding a piece,
    /// none twice.
    fn read_unmoved(
        &self,
        fen: &str,
        column: usize,
        field: &str,
        placed: &[(Square, frozen_core::Kind, Side)],
    ) -> Result<Vec<Square>, LoadError> {
        let mut list = Vec::new();
        if field == "-" {
            return Ok(list);
        }
        let mut col = column;
        for item in field.split(',') {
            let sq: Square = item.parse().map_err(|_| {
                Self::fen_error(
                    fen,
                    col,
                    format!("expected the square of an unmoved piece, or '-', found {item:?}"),
                )
            })?;
            if !placed.iter().any(|p| p.0 == sq) {
                return Err(Self::fen_error(
                    fen,
                    col,
                    format!("unmoved piece on {sq}, but {sq} is empty or off the board"),
                ));
            }
            if list.contains(&sq) {
                return Err(Self::fen_error(fen, col, format!("{sq} is listed twice")));
            }
            list.push(sq);
            col += item.len() + 1;
        }
        Ok(list)
    }
}
