//! Standard algebraic notation (SAN) as chess players type it (`Nf3`, `exd6`, `e8=Q`,
//! `O-O`), read against the legal actions of a position. A convenience for people: the
//! canonical action text (`docs/notation.md`) stays the one every tool writes.
//!
//! A SAN text names the moving kind by its upper-case FEN letter (none for a pawn: the kind
//! named "Pawn"), the target square, and as much of the from-square as tells moves apart.
//! `O-O` and `O-O-O` are the moves of the kind named "King" two or more files towards the
//! h-side or the a-side. Check and annotation marks (`+`, `#`, `!`, `?`) are ignored.

use crate::action::{Action, ActionKind};
use crate::position::Position;
use crate::rules::Rules;
use crate::square::Square;

/// What a SAN text asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
enum San {
    Castle {
        long: bool,
    },
    Move {
        piece: Option<char>,
        file: Option<u8>,
        rank: Option<u8>,
        capture: bool,
        to: Square,
        promo: Option<char>,
    },
}

/// Reads SAN shape (no position needed); `None` if the text is not SAN.
fn read(text: &str) -> Option<San> {
    let t = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let t = t.strip_suffix(" e.p.").unwrap_or(t);
    match t {
        "O-O" | "0-0" => return Some(San::Castle { long: false }),
        "O-O-O" | "0-0-0" => return Some(San::Castle { long: true }),
        _ => {}
    }
    if !t.is_ascii() || t.len() < 2 || t.len() > 12 {
        return None;
    }
    let b = t.as_bytes();
    let mut i = 0;
    let mut piece = None;
    if b[0].is_ascii_uppercase() {
        piece = Some(b[0] as char);
        i = 1;
    }
    // The promotion suffix: `=Q`, or a bare trailing upper-case letter after a square (`e8Q`).
    let (body, promo) = match t[i..].rsplit_once('=') {
        Some((body, p)) if p.len() == 1 && p.as_bytes()[0].is_ascii_uppercase() => {
            (body, Some(p.as_bytes()[0] as char))
        }
        Some(_) => return None,
        None => {
            let rest = &t[i..];
            match rest.as_bytes().last() {
                Some(c) if c.is_ascii_uppercase() && piece.is_none() => {
                    (&rest[..rest.len() - 1], Some(*c as char))
                }
                _ => (rest, None),
            }
        }
    };
    // The target square is the last letter-digits run of the body.
    let bb = body.as_bytes();
    let mut end = bb.len();
    while end > 0 && bb[end - 1].is_ascii_digit() {
        end -= 1;
    }
    if end == bb.len() || end == 0 || !bb[end - 1].is_ascii_lowercase() {
        return None;
    }
    let to: Square = body[end - 1..].parse().ok()?;
    let mut head = &body[..end - 1];
    let capture = head.ends_with('x');
    if capture {
        head = &head[..head.len() - 1];
    }
    let hb = head.as_bytes();
    let (file, rank) = match hb {
        [] => (None, None),
        [f] if f.is_ascii_lowercase() => (Some(*f - b'a'), None),
        [f, rest @ ..] if f.is_ascii_lowercase() && rest.iter().all(u8::is_ascii_digit) => {
            let r: u8 = head[1..].parse().ok()?;
            (Some(*f - b'a'), Some(r.checked_sub(1)?))
        }
        rest if rest.iter().all(u8::is_ascii_digit) => {
            let r: u8 = head.parse().ok()?;
            (None, Some(r.checked_sub(1)?))
        }
        _ => return None,
    };
    // A pawn move names its file only when it captures (`exd6`).
    if piece.is_none() && (file.is_some() != capture || rank.is_some()) {
        return None;
    }
    Some(San::Move {
        piece,
        file,
        rank,
        capture,
        to,
        promo,
    })
}

/// Reads `text` as SAN against the legal actions of `pos`. `None` if the text is not SAN;
/// `Some(Err(reason))` if it is, but names no legal action or more than one.
pub fn resolve<R: Rules + ?Sized>(
    rules: &R,
    pos: &Position<R::State>,
    text: &str,
) -> Option<Result<Action, String>> {
    let san = read(text)?;
    let kinds = rules.kinds();
    let named = |name: &str| {
        kinds
            .iter()
            .find(|(_, k)| k.name.eq_ignore_ascii_case(name))
            .map(|(id, _)| id)
    };
    let mut legal = Vec::new();
    rules.actions(pos, &mut legal);
    // A move is named by its first and last squares (a multi-leg move by where it ends; one
    // that comes back to its square has no SAN).
    let moves = legal.into_iter().filter(|a| {
        a.kind == ActionKind::Move && a.path.len() >= 2 && a.path[0] != a.path[a.path.len() - 1]
    });
    let ends = |a: &Action| (a.path[0], a.path[a.path.len() - 1]);
    let found: Vec<Action> = match &san {
        San::Castle { long } => {
            let king = named("king")?;
            moves
                .filter(|a| {
                    let (f, t) = ends(a);
                    pos.unit_at(f).is_some_and(|u| pos.unit(u).kind == king)
                        && f.rank() == t.rank()
                        && if *long {
                            f.file() >= t.file() + 2
                        } else {
                            t.file() >= f.file() + 2
                        }
                })
                .collect()
        }
        San::Move {
            piece,
            file,
            rank,
            capture: _,
            to,
            promo,
        } => {
            let kind = match piece {
                Some(c) => kinds.by_fen(*c)?,
                None => named("pawn")?,
            };
            let promo = match promo {
                Some(c) => Some(kinds.by_fen(*c)?),
                None => None,
            };
            moves
                .filter(|a| {
                    let (f, t) = ends(a);
                    t == *to
                        && pos.unit_at(f).is_some_and(|u| pos.unit(u).kind == kind)
                        && file.map_or(true, |x| f.file() == x)
                        && rank.map_or(true, |y| f.rank() == y)
                        && (piece.is_some() || file.is_some() || f.file() == t.file())
                        && a.piece == promo
                        && a.arg == 0
                })
                .collect()
        }
    };
    Some(match found.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err(format!(
            "read {:?} as standard algebraic notation, but no legal move matches it",
            text.trim()
        )),
        many => Err(format!(
            "read {:?} as standard algebraic notation, but {} legal moves match it ({}): \
             add the from-file or rank",
            text.trim(),
            many.len(),
            many.iter()
                .map(|a| rules.format_action(pos, a))
                .collect::<Vec<_>>()
                .join(" ")
        )),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        assert_eq!(read("O-O"), Some(San::Castle { long: false }));
        assert_eq!(read("0-0-0+"), Some(San::Castle { long: true }));
        assert!(matches!(
            read("Nf3"),
            Some(San::Move {
                piece: Some('N'),
                ..
            })
        ));
        assert!(matches!(
            read("exd6"),
            Some(San::Move {
                piece: None,
                file: Some(4),
                capture: true,
                ..
            })
        ));
        assert!(matches!(
            read("e8=Q"),
            Some(San::Move {
                promo: Some('Q'),
                ..
            })
        ));
        assert!(matches!(
            read("R1a3"),
            Some(San::Move { rank: Some(0), .. })
        ));
        assert_eq!(read("e2e4"), None, "a from-square and a pawn: not SAN");
        assert_eq!(read("ed6"), None);
        assert_eq!(read("x"), None);
        assert_eq!(read("=Q"), None);
    }
}
