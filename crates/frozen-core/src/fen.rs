//! FEN placement: the classic form for 8x8 sets (letters mapped per set) and the
//! extended form for larger boards (up to 16 files, multi-digit empty runs:
//! `r10r/12/...`). Full FEN fields beyond placement belong to the variant.

use crate::geometry::Shape;
use crate::square::{Side, Square};
use crate::unit::{Kind, KindSet};
use std::fmt;

/// A FEN reading error, with the 1-based column in the input.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FenError {
    /// The input.
    pub input: String,
    /// 1-based column (in characters).
    pub column: usize,
    /// Why.
    pub reason: String,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "bad FEN at column {}: {}", self.column, self.reason)?;
        writeln!(f, "  {}", self.input)?;
        write!(f, "  {}^", " ".repeat(self.column.saturating_sub(1)))
    }
}
impl std::error::Error for FenError {}

/// Reads the side-to-move field of a FEN (`w`, `b`, or absent for White); the error names
/// what was found.
pub fn parse_side(field: Option<&str>) -> Result<Side, String> {
    match field {
        None | Some("w") => Ok(Side::White),
        Some("b") => Ok(Side::Black),
        Some(other) => Err(format!("expected w or b, found {other:?}")),
    }
}

/// Reads a placement field (ranks from the top, `/`-separated). Returns units in scan order
/// (a1, b1, ..., then rank 2...). Letters are the set's FEN letters, White upper case.
pub fn parse_placement(
    text: &str,
    shape: Shape,
    kinds: &KindSet,
) -> Result<Vec<(Square, Kind, Side)>, FenError> {
    let err = |column: usize, reason: String| FenError {
        input: text.chars().take(200).collect(),
        column,
        reason,
    };
    if text.len() > 4096 {
        return Err(err(1, "placement longer than 4096 bytes".into()));
    }
    let w = shape.width() as u32;
    let h = shape.height() as u32;
    let mut out = Vec::new();
    let mut rank = h as i32 - 1;
    let mut file = 0u32;
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0usize;
    while i < chars.len() {
        let c = chars[i];
        let col = i + 1;
        if c == '/' {
            if file != w {
                return Err(err(
                    col,
                    format!("rank {} has {file} squares, expected {w}", rank + 1),
                ));
            }
            rank -= 1;
            if rank < 0 {
                return Err(err(col, format!("more than {h} ranks")));
            }
            file = 0;
            i += 1;
        } else if c.is_ascii_digit() {
            if c == '0' {
                return Err(err(col, "an empty run cannot start with 0".into()));
            }
            let mut n = 0u32;
            while i < chars.len() && chars[i].is_ascii_digit() {
                n = n * 10 + chars[i].to_digit(10).unwrap_or(0);
                if n > 16 {
                    return Err(err(col, "empty run longer than 16 squares".into()));
                }
                i += 1;
            }
            file += n;
            if file > w {
                return Err(err(
                    col,
                    format!("rank {} has more than {w} squares", rank + 1),
                ));
            }
        } else if c.is_ascii_alphabetic() {
            let Some(kind) = kinds.by_fen(c) else {
                let known: String = kinds.iter().map(|(_, k)| k.fen).collect();
                return Err(err(
                    col,
                    format!("unknown piece letter '{c}' (this set knows {known})"),
                ));
            };
            if file >= w {
                return Err(err(
                    col,
                    format!("rank {} has more than {w} squares", rank + 1),
                ));
            }
            let side = if c.is_ascii_uppercase() {
                Side::White
            } else {
                Side::Black
            };
            out.push((Square::new(file as u8, rank as u8), kind, side));
            file += 1;
            i += 1;
        } else {
            return Err(err(
                col,
                format!("unexpected character {c:?}; expected a piece letter, a digit or '/'"),
            ));
        }
    }
    if rank != 0 || file != w {
        return Err(err(
            chars.len() + 1,
            format!("placement ends early: expected {h} ranks of {w} squares"),
        ));
    }
    out.sort_by_key(|(sq, _, _)| *sq);
    Ok(out)
}

/// Writes a placement field from a lookup of each square's occupant.
pub fn format_placement(
    shape: Shape,
    kinds: &KindSet,
    at: impl Fn(Square) -> Option<(Kind, Side)>,
) -> String {
    let mut s = String::new();
    for rank in (0..shape.height()).rev() {
        let mut empty = 0;
        for file in 0..shape.width() {
            match at(Square::new(file, rank)) {
                Some((k, side)) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(kinds.fen_char(k, side));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}
