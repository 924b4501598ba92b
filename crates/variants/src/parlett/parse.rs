//! Recursive-descent parser for the extended Parlett movement notation.
//!
//! Two entry points:
//!
//! - [`parse_moves`] reads the moves of one piece, the part after `K:`,
//!   such as `oi2>, o1>, c1X>`;
//! - [`parse_line`] reads a whole definition line of the manual, with its
//!   piece prefix (`**K**:`, `**K**;**T**:`), Markdown decoration, line
//!   continuation after a trailing `,`, an optional caption such as
//!   `(Castling)`, and the history-rule form
//!   `If piece at 1= played oi2> last turn then c1=.o1>`.
//!
//! Load errors the catalogue lists for the notation itself are reported as
//! parse errors: undefined, duplicate or recursive move labels
//! (PAR-LABL-01, PAR-LABL-02), `&` after anything but a fixed-distance step
//! (PAR-GRUP-02), `^a/b` (PAR-TYPE-03), `a/b` without `~` or with a
//! direction (PAR-DIRN-05), repeated or clashing modifiers (PAR-COND-05),
//! comparisons that do not mention `n` (PAR-DIST-04) and a wrong number of
//! `;` parts (PAR-MULT-01).
//!
//! The parser never panics. Nesting of groups and label definitions is
//! limited to [`MAX_DEPTH`] levels.
//!
//! ```
//! use frozen_variants::parlett::{parse_line, parse_moves};
//!
//! let pawn = parse_moves("oi2>, o1>, c1X>").unwrap();
//! assert_eq!(pawn.alternatives.len(), 3);
//! assert_eq!(pawn.to_string(), "oi2>, o1>, c1X>");
//!
//! let castling = parse_line(
//!     "> **K**;**T**:      is0.os1r.os1r; ~i2l,\n      is0.os1l.os1l.os1l; ~i2r    (Castling)",
//! )
//! .unwrap();
//! assert_eq!(castling.pieces, vec!['K', 'T']);
//! assert_eq!(castling.caption.as_deref(), Some("Castling"));
//!
//! let err = parse_moves("~1q").unwrap_err();
//! assert_eq!(err.column, 3);
//! assert_eq!(
//!     err.to_string(),
//!     "expected a direction (* + X > < = ...) at column 3, found 'q'\n~1q\n  ^"
//! );
//! ```

use super::ast::{
    Body, CaptureRule, Chain, Comparison, Definition, Direction, Distance, HistoryRule, LabelDef,
    Link, LinkedUnit, MoveExpr, MoveKind, MultiExpr, Operand, Primary, RelOp, Step, Target, Tuple,
    Unit,
};
use super::error::ParseError;
use super::labels::{check_labels, check_tiles, DefInfo, RefInfo};
use std::num::NonZeroU32;
use std::ops::Range;

/// The deepest nesting of groups `( )` and move label definitions the parser
/// accepts; deeper input gives a "nesting too deep" error.
pub const MAX_DEPTH: usize = 64;

/// What may follow a complete expression read by [`parse_moves`].
const AFTER_INPUT: &str = "'.', '?', ',' or end of input";
/// What may follow a complete body read by [`parse_line`].
const AFTER_LINE: &str = "'.', '?', ',', a caption '(...)' or end of line";
/// What may follow an expression inside a group.
const AFTER_GROUP: &str = "'.', '?', ',' or ')'";
/// What may follow the pattern of a history rule.
const AFTER_PATTERN: &str = "'.', '?' or 'last turn'";
/// Expected text for a missing direction.
const EXPECTED_DIRECTION: &str = "a direction (* + X > < = ...)";

/// Parses the moves of one piece: the text after `K:` on a definition
/// line, such as `oi2>, o1>, c1X>` or `0@S@.c{1..4}+.~%S%, o1*`.
///
/// `;` parts, piece prefixes, captions and history rules are not accepted
/// here; use [`parse_line`] for whole lines.
pub fn parse_moves(input: &str) -> Result<MoveExpr, ParseError> {
    let mut parser = Parser::new(input);
    let result = parser.moves_only();
    parser.finish(result)
}

/// Parses one logical definition line of the manual, such as
/// `> **K**:    1*`, the two-line castling definition, or
/// `> **p**:    If piece at 1= played oi2> last turn then c1=.o1>`.
///
/// Markdown decoration is accepted and dropped: a leading `>` and `**`
/// around piece letters (A.1 rule 1). A line break continues the line only
/// after a `,` (PAR-SYNT-02). A trailing `( words )` is a caption
/// (PAR-SYNT-03).
pub fn parse_line(input: &str) -> Result<Definition, ParseError> {
    let mut parser = Parser::new(input);
    let result = parser.definition();
    parser.finish(result)
}

/// [`parse_line`] (`line`) or [`parse_moves`] (read as the moves of a piece `X`), then
/// the tile label check of `parlett explain` ([`check_tiles`]).
pub(crate) fn parse_strict(input: &str, line: bool) -> Result<Definition, ParseError> {
    let mut parser = Parser::new(input);
    let result = if line {
        parser.definition()
    } else {
        parser.moves_only().map(|e| Definition {
            pieces: vec!['X'],
            body: Body::Moves(e),
            caption: None,
        })
    };
    let result = parser.finish(result)?;
    check_tiles(input, &parser.tiles_bound, &parser.tiles_used).map(|()| result)
}

#[derive(Debug)]
struct Parser<'a> {
    input: &'a str,
    chars: Vec<char>,
    pos: usize,
    depth: usize,
    defs: Vec<DefInfo>,
    refs: Vec<RefInfo>,
    /// Tile labels bound (`@L@`), and used as targets (`%L%`, with the column of the `%`).
    tiles_bound: Vec<String>,
    tiles_used: Vec<(String, usize)>,
}

type PResult<T> = Result<T, ParseError>;

/// Describes one char (or the end of input) for the `found` field.
fn describe(c: Option<char>) -> String {
    match c {
        None => "end of input".to_owned(),
        Some('\n' | '\r') => "line break".to_owned(),
        Some(c) => format!("'{}'", c.escape_debug()),
    }
}

/// Quotes a piece of source text for the `found` field, shortening it.
fn quote(text: &[char]) -> String {
    const LIMIT: usize = 24;
    let shown: String = text.iter().take(LIMIT).collect();
    if text.len() > LIMIT {
        format!("'{shown}...'")
    } else {
        format!("'{shown}'")
    }
}

/// The first line break that is followed by more text but does not come
/// after a `,` (PAR-SYNT-02), as a 0-based char index.
fn bad_line_break(chars: &[char]) -> Option<usize> {
    let mut last_significant: Option<char> = None;
    let mut pending_break: Option<usize> = None;
    for (k, &c) in chars.iter().enumerate() {
        if c == '\n' || c == '\r' {
            pending_break.get_or_insert(k);
        } else if !c.is_whitespace() {
            if let Some(b) = pending_break.take() {
                if last_significant.is_some_and(|p| p != ',') {
                    return Some(b);
                }
            }
            last_significant = Some(c);
        }
    }
    None
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

impl<'a> Parser<'a> {
    fn new(input: &'a str) -> Parser<'a> {
        Parser {
            input,
            chars: input.chars().collect(),
            pos: 0,
            depth: 0,
            defs: Vec::new(),
            refs: Vec::new(),
            tiles_bound: Vec::new(),
            tiles_used: Vec::new(),
        }
    }

    // ----- low-level helpers -------------------------------------------

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.pos.saturating_add(ahead)).copied()
    }

    fn column(&self) -> usize {
        self.pos + 1
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn starts_with(&self, text: &str) -> bool {
        text.chars()
            .enumerate()
            .all(|(k, c)| self.peek_at(k) == Some(c))
    }

    fn slice(&self, range: Range<usize>) -> &[char] {
        self.chars.get(range).unwrap_or(&[])
    }

    fn error(&self, column: usize, expected: impl Into<String>, found: String) -> ParseError {
        ParseError::new(column, expected, found, self.input)
    }

    /// An error at the current position, describing the char found there.
    fn error_here(&self, expected: impl Into<String>) -> ParseError {
        self.error(self.column(), expected, describe(self.peek()))
    }

    /// Describes the text at the current position: a whole word if it
    /// starts with a letter or digit, otherwise one char.
    fn found_word(&self) -> String {
        if self.peek().is_some_and(|c| c.is_ascii_alphanumeric()) {
            let mut end = self.pos;
            while self
                .chars
                .get(end)
                .is_some_and(|c| c.is_ascii_alphanumeric())
            {
                end += 1;
            }
            quote(self.slice(self.pos..end))
        } else {
            describe(self.peek())
        }
    }

    /// The error for an unexpected token after a complete chain.
    fn unexpected_after(&self, allowed: &str) -> ParseError {
        let mut expected = allowed.to_owned();
        if self.peek() == Some(';') {
            expected.push_str(
                " (';' separates parts only at the top level of a multi-piece line, PAR-MULT-01)",
            );
        }
        self.error(self.column(), expected, self.found_word())
    }

    /// Enters one level of nesting, failing when it gets too deep.
    fn enter(&mut self) -> PResult<()> {
        if self.depth >= MAX_DEPTH {
            return Err(self.error(
                self.column(),
                format!("at most {MAX_DEPTH} nested groups and label definitions"),
                format!("nesting too deep at {}", describe(self.peek())),
            ));
        }
        self.depth += 1;
        Ok(())
    }

    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Checks the label table and the line breaks once the syntax is read.
    fn finish<T>(&self, result: PResult<T>) -> PResult<T> {
        let result = result
            .and_then(|value| check_labels(self.input, &self.defs, &self.refs).map(|()| value));
        if let Some(b) = bad_line_break(&self.chars) {
            let column = b + 1;
            let wins = match &result {
                Ok(_) => true,
                Err(e) => e.column > column,
            };
            if wins {
                return Err(self.error(
                    column,
                    "end of input: a line continues on the next one only after a trailing ',' \
                     (PAR-SYNT-02)",
                    describe(self.chars.get(b).copied()),
                ));
            }
        }
        result
    }

    // ----- lexical pieces ----------------------------------------------

    /// Whether an identifier followed by `:` starts here (A.1 rule 7).
    fn label_ahead(&self) -> bool {
        let mut k = self.pos;
        while self.chars.get(k).is_some_and(|c| c.is_whitespace()) {
            k += 1;
        }
        if !self.chars.get(k).is_some_and(|c| c.is_ascii_alphabetic()) {
            return false;
        }
        while self.chars.get(k).is_some_and(|&c| is_ident_char(c)) {
            k += 1;
        }
        while self.chars.get(k).is_some_and(|c| c.is_whitespace()) {
            k += 1;
        }
        self.chars.get(k) == Some(&':')
    }

    /// Whether the history-rule form starts here.
    fn history_ahead(&self) -> bool {
        self.starts_with("If") && !self.label_ahead()
    }

    /// Reads an identifier (A.2 `ident`).
    fn ident(&mut self, expected: &str) -> PResult<String> {
        self.skip_ws();
        if !self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
            return Err(self.error_here(expected));
        }
        let start = self.pos;
        while self.peek().is_some_and(is_ident_char) {
            self.pos += 1;
        }
        Ok(self.slice(start..self.pos).iter().collect())
    }

    /// Reads `name<close>` after an opening delimiter already consumed.
    fn delimited_name(&mut self, open: char, what: &str) -> PResult<String> {
        let name = self.ident(&format!("a {what} name after '{open}'"))?;
        self.skip_ws();
        if self.peek() != Some(open) {
            return Err(self.error_here(format!("'{open}' closing the {what}")));
        }
        self.pos += 1;
        Ok(name)
    }

    /// Reads a non-negative integer (A.2 `int`); the caller has checked
    /// that a digit comes next.
    fn int(&mut self) -> PResult<u32> {
        let start = self.pos;
        let mut value = Some(0u32);
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            value = value
                .and_then(|v| v.checked_mul(10))
                .and_then(|v| v.checked_add(d));
            self.pos += 1;
        }
        if self.pos == start {
            return Err(self.error_here("a number"));
        }
        value.ok_or_else(|| {
            self.error(
                start + 1,
                format!("a number of at most {}", u32::MAX),
                quote(self.slice(start..self.pos)),
            )
        })
    }

    /// Reads a count (A.2 `count`, a number of at least 1).
    fn count(&mut self) -> PResult<NonZeroU32> {
        let column = self.column();
        let value = self.int()?;
        NonZeroU32::new(value)
            .ok_or_else(|| self.error(column, "a count of at least 1", "'0'".to_owned()))
    }

    /// Reads a direction symbol, longest match first (A.1 rule 5).
    fn direction(&mut self) -> PResult<Direction> {
        self.skip_ws();
        let (direction, len) = match (self.peek(), self.peek_at(1)) {
            (Some('*'), _) => (Direction::All, 1),
            (Some('+'), _) => (Direction::Orthogonal, 1),
            (Some('X'), Some('>')) => (Direction::DiagonalForward, 2),
            (Some('X'), Some('<')) => (Direction::DiagonalBackward, 2),
            (Some('X'), _) => (Direction::Diagonal, 1),
            (Some('<'), Some('>')) => (Direction::ForwardBackward, 2),
            (Some('<'), Some('=')) => (Direction::BackwardSideways, 2),
            (Some('<'), _) => (Direction::Backward, 1),
            (Some('>'), Some('=')) => (Direction::ForwardSideways, 2),
            (Some('>'), _) => (Direction::Forward, 1),
            (Some('='), _) => (Direction::Sideways, 1),
            (Some('l'), _) => (Direction::Left, 1),
            (Some('r'), _) => (Direction::Right, 1),
            _ => return Err(self.error_here(EXPECTED_DIRECTION)),
        };
        self.pos += len;
        Ok(direction)
    }

    /// Reads a comparison operator, if one starts here.
    fn relop(&mut self) -> Option<RelOp> {
        let (op, len) = match (self.peek(), self.peek_at(1)) {
            (Some('<'), Some('=')) => (RelOp::Le, 2),
            (Some('<'), _) => (RelOp::Lt, 1),
            (Some('>'), Some('=')) => (RelOp::Ge, 2),
            (Some('>'), _) => (RelOp::Gt, 1),
            (Some('='), _) => (RelOp::Eq, 1),
            _ => return None,
        };
        self.pos += len;
        Some(op)
    }

    /// Reads an operand of a comparison.
    fn operand(&mut self) -> PResult<Operand> {
        self.skip_ws();
        match self.peek() {
            Some('n') => {
                self.pos += 1;
                Ok(Operand::N)
            }
            Some(c) if c.is_ascii_digit() => Ok(Operand::Int(self.int()?)),
            _ => Err(self.error_here("a number or 'n'")),
        }
    }

    /// Reads a brace distance `{a..b}` or `{comparison}` (PAR-DIST-04); the
    /// current char is `{`.
    fn bound(&mut self) -> PResult<Distance> {
        let open = self.pos;
        self.pos += 1;
        self.skip_ws();
        let first = match self.peek() {
            Some('n') => {
                self.pos += 1;
                Operand::N
            }
            Some(c) if c.is_ascii_digit() => {
                let lo = self.int()?;
                self.skip_ws();
                if self.starts_with("..") {
                    self.pos += 2;
                    self.skip_ws();
                    if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        return Err(self.error_here("a number after '..'"));
                    }
                    let hi = self.int()?;
                    self.skip_ws();
                    if self.peek() != Some('}') {
                        return Err(self.error_here("'}' closing the range"));
                    }
                    self.pos += 1;
                    if hi < lo {
                        let why = format!("a range {{a..b}} with a <= b (PAR-DIST-04: {{{lo}..{hi}}} holds no distance; write {{{hi}..{lo}}})");
                        return Err(self.error(open + 1, why, quote(self.slice(open..self.pos))));
                    }
                    return Ok(Distance::Range { lo, hi });
                }
                Operand::Int(lo)
            }
            _ => return Err(self.error_here("a number or 'n' after '{'")),
        };
        let mut rest = Vec::new();
        loop {
            self.skip_ws();
            let Some(op) = self.relop() else { break };
            rest.push((op, self.operand()?));
        }
        if rest.is_empty() {
            let expected = match first {
                Operand::Int(_) => "'..' or a comparison operator (< <= = >= >)",
                Operand::N => "a comparison operator (< <= = >= >)",
            };
            return Err(self.error_here(expected));
        }
        if self.peek() != Some('}') {
            return Err(self.error_here("a comparison operator (< <= = >= >) or '}'"));
        }
        self.pos += 1;
        let mentions_n = first == Operand::N || rest.iter().any(|(_, o)| *o == Operand::N);
        if !mentions_n {
            return Err(self.error(
                open + 1,
                "a comparison that mentions n (PAR-DIST-04)",
                quote(self.slice(open..self.pos)),
            ));
        }
        Ok(Distance::Condition(Comparison { first, rest }))
    }

    /// Reads a keyword of the history rule (whitespace around it is free).
    fn keyword(&mut self, keyword: &str) -> PResult<()> {
        self.skip_ws();
        if self.starts_with(keyword) {
            self.pos += keyword.chars().count();
            Ok(())
        } else {
            Err(self.error(self.column(), format!("'{keyword}'"), self.found_word()))
        }
    }

    // ----- grammar -----------------------------------------------------

    /// `parse_moves`: an expression and the end of the input.
    fn moves_only(&mut self) -> PResult<MoveExpr> {
        let expr = self.expr()?;
        self.skip_ws();
        if self.peek().is_some() {
            return Err(self.unexpected_after(AFTER_INPUT));
        }
        Ok(expr)
    }

    /// A.2 `definition`.
    fn definition(&mut self) -> PResult<Definition> {
        self.skip_ws();
        if self.peek() == Some('>') {
            // Markdown quote marker (A.1 rule 1).
            self.pos += 1;
        }
        let mut pieces = Vec::new();
        loop {
            self.skip_ws();
            let bold = self.starts_with("**");
            if bold {
                self.pos += 2;
            }
            match self.peek() {
                Some(c) if c.is_ascii_alphabetic() => {
                    pieces.push(c);
                    self.pos += 1;
                }
                _ => return Err(self.error_here("a piece letter")),
            }
            if bold {
                if !self.starts_with("**") {
                    return Err(self.error_here("'**' closing the bold piece letter"));
                }
                self.pos += 2;
            }
            self.skip_ws();
            match self.peek() {
                Some(';') => self.pos += 1,
                Some(':') => {
                    self.pos += 1;
                    break;
                }
                _ => return Err(self.error_here("';' or ':' after the piece letter")),
            }
        }
        self.skip_ws();
        let body = if self.history_ahead() {
            if pieces.len() > 1 {
                return Err(self.error(
                    self.column(),
                    "one ';'-separated part per piece: a history rule belongs to a single piece \
                     (PAR-HIST-01, PAR-MULT-01)",
                    self.found_word(),
                ));
            }
            Body::History(self.history_rule()?)
        } else if pieces.len() == 1 {
            Body::Moves(self.expr()?)
        } else {
            Body::MultiPiece(self.multi_expr(&pieces)?)
        };
        let caption = self.caption()?;
        self.skip_ws();
        if self.peek().is_some() {
            return Err(self.unexpected_after(AFTER_LINE));
        }
        Ok(Definition {
            pieces,
            body,
            caption,
        })
    }

    /// A.2 `caption`, if one starts here (PAR-SYNT-03).
    fn caption(&mut self) -> PResult<Option<String>> {
        self.skip_ws();
        if self.peek() != Some('(') {
            return Ok(None);
        }
        self.pos += 1;
        let mut words: Vec<String> = Vec::new();
        loop {
            self.skip_ws();
            match self.peek() {
                Some(c) if c.is_ascii_alphabetic() => {
                    let start = self.pos;
                    while self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
                        self.pos += 1;
                    }
                    words.push(self.slice(start..self.pos).iter().collect());
                }
                Some(')') if !words.is_empty() => {
                    self.pos += 1;
                    break;
                }
                _ => {
                    let expected = if words.is_empty() {
                        "a caption word of letters (PAR-SYNT-03)"
                    } else {
                        "a caption word of letters or ')' (PAR-SYNT-03)"
                    };
                    return Err(self.error_here(expected));
                }
            }
        }
        self.skip_ws();
        if self.peek().is_some() {
            return Err(self.error_here("end of line after the caption (PAR-SYNT-03)"));
        }
        Ok(Some(words.join(" ")))
    }

    /// A.2 `history-rule` (PAR-HIST-01).
    fn history_rule(&mut self) -> PResult<HistoryRule> {
        self.keyword("If")?;
        self.keyword("piece")?;
        self.keyword("at")?;
        self.skip_ws();
        let at_distance = match self.peek() {
            Some('1'..='9') => Distance::Exactly(self.count()?),
            Some('n') => {
                self.pos += 1;
                Distance::Any
            }
            Some('{') => self.bound()?,
            _ => return Err(self.error_here("a distance (1, 2, n or {..})")),
        };
        let at_direction = self.direction()?;
        self.keyword("played")?;
        let pattern = self.chain()?;
        self.skip_ws();
        if !self.starts_with("last") {
            return Err(self.unexpected_after(AFTER_PATTERN));
        }
        self.keyword("last")?;
        self.keyword("turn")?;
        self.keyword("then")?;
        let then = self.expr()?;
        Ok(HistoryRule {
            at_distance,
            at_direction,
            pattern,
            then,
        })
    }

    /// A.2 `expr` with one chain per alternative.
    fn expr(&mut self) -> PResult<MoveExpr> {
        let mut alternatives = Vec::new();
        loop {
            self.skip_ws();
            if self.label_ahead() {
                let label = self.label_def()?;
                return Ok(MoveExpr {
                    alternatives,
                    label: Some(Box::new(label)),
                });
            }
            alternatives.push(self.chain()?);
            self.skip_ws();
            if self.peek() == Some(',') {
                self.pos += 1;
            } else {
                break;
            }
        }
        Ok(MoveExpr {
            alternatives,
            label: None,
        })
    }

    /// A.2 `expr` at the top of a multi-piece line (PAR-MULT-01).
    fn multi_expr(&mut self, pieces: &[char]) -> PResult<MultiExpr> {
        let mut alternatives = Vec::new();
        loop {
            self.skip_ws();
            if self.label_ahead() {
                let label = self.label_def()?;
                return Ok(MultiExpr {
                    alternatives,
                    label: Some(Box::new(label)),
                });
            }
            alternatives.push(self.tuple(pieces)?);
            self.skip_ws();
            if self.peek() == Some(',') {
                self.pos += 1;
            } else {
                break;
            }
        }
        Ok(MultiExpr {
            alternatives,
            label: None,
        })
    }

    /// A.2 `tuple`: exactly one chain per piece.
    fn tuple(&mut self, pieces: &[char]) -> PResult<Tuple> {
        let prefix: String = pieces
            .iter()
            .map(char::to_string)
            .collect::<Vec<_>>()
            .join(";");
        let mut parts = vec![self.chain()?];
        loop {
            self.skip_ws();
            if self.peek() != Some(';') {
                break;
            }
            if parts.len() >= pieces.len() {
                return Err(self.error_here(format!(
                    "',', a caption '(...)' or end of line: a {prefix} line has {} parts, one per \
                     piece (PAR-MULT-01)",
                    pieces.len()
                )));
            }
            self.pos += 1;
            parts.push(self.chain()?);
        }
        if let Some(next) = pieces.get(parts.len()) {
            return Err(self.error(
                self.column(),
                format!(
                    "';' and the part for piece {next}: a {prefix} line has {} parts, one per \
                     piece (PAR-MULT-01)",
                    pieces.len()
                ),
                self.found_word(),
            ));
        }
        Ok(Tuple { parts })
    }

    /// A.2 `label-def`; [`Parser::label_ahead`] has seen `ident :`.
    fn label_def(&mut self) -> PResult<LabelDef> {
        self.skip_ws();
        let column = self.column();
        self.enter()?;
        let name = self.ident("a label name")?;
        self.skip_ws();
        if self.peek() != Some(':') {
            return Err(self.error_here("':' after the label name"));
        }
        self.pos += 1;
        let index = self.defs.len();
        let start = self.refs.len();
        self.defs.push(DefInfo {
            name: name.clone(),
            column,
            refs: start..start,
        });
        let body = self.expr()?;
        let end = self.refs.len();
        if let Some(def) = self.defs.get_mut(index) {
            def.refs = start..end;
        }
        self.leave();
        Ok(LabelDef { name, body })
    }

    /// A.2 `chain`.
    fn chain(&mut self) -> PResult<Chain> {
        let mut leading = Vec::new();
        let mut unit = self.unit()?;
        loop {
            self.skip_ws();
            let link = match self.peek() {
                Some('.') => Link::Then,
                Some('?') => Link::IfPossible,
                _ => break,
            };
            self.pos += 1;
            leading.push(LinkedUnit { unit, link });
            unit = self.unit()?;
        }
        Ok(Chain {
            leading,
            last: unit,
        })
    }

    /// A.2 `unit`: a primary and its postfix marks.
    fn unit(&mut self) -> PResult<Unit> {
        self.skip_ws();
        let primary = match self.peek() {
            Some('(') => {
                self.enter()?;
                self.pos += 1;
                let expr = self.expr()?;
                self.skip_ws();
                if self.peek() != Some(')') {
                    return Err(self.unexpected_after(AFTER_GROUP));
                }
                self.pos += 1;
                self.leave();
                Primary::Group(Box::new(expr))
            }
            Some('$') => {
                let column = self.column();
                self.pos += 1;
                let name = self.delimited_name('$', "move label")?;
                self.refs.push(RefInfo {
                    name: name.clone(),
                    column,
                });
                Primary::Ref(name)
            }
            _ => Primary::Step(self.step()?),
        };
        let mut unit = Unit::new(primary);
        self.skip_ws();
        if self.peek() == Some('&') {
            match &mut unit.primary {
                Primary::Step(step) if step.has_fixed_distance() => step.rider = true,
                _ => {
                    return Err(self.error_here(
                        "a step of fixed distance such as 1+ or ~1/2 before the rider mark '&' \
                         (PAR-GRUP-02)",
                    ))
                }
            }
            self.pos += 1;
            self.skip_ws();
        }
        while self.peek() == Some('@') {
            self.pos += 1;
            let name = self.delimited_name('@', "tile label")?;
            self.tiles_bound.push(name.clone());
            unit.tiles.push(name);
            self.skip_ws();
        }
        if self.peek() == Some('!') {
            self.pos += 1;
            unit.invalid = true;
        }
        Ok(unit)
    }

    /// A.2 `step`: modifiers in any order, then a target (PAR-COND-05).
    fn step(&mut self) -> PResult<Step> {
        self.skip_ws();
        let start = self.pos;
        let mut kind: Option<(MoveKind, usize)> = None;
        let mut capture: Option<(CaptureRule, char)> = None;
        let mut initial = false;
        let mut safe = false;
        let mut any_modifier = false;
        loop {
            self.skip_ws();
            let Some(c) = self.peek() else { break };
            match c {
                'i' | 's' => {
                    let flag = if c == 'i' { &mut initial } else { &mut safe };
                    if *flag {
                        return Err(self.error_here(format!(
                            "each condition letter at most once, '{c}' is repeated (PAR-COND-05)"
                        )));
                    }
                    *flag = true;
                }
                'c' | 'o' => {
                    if let Some((_, previous)) = capture {
                        let expected = if previous == c {
                            format!(
                                "each condition letter at most once, '{c}' is repeated \
                                 (PAR-COND-05)"
                            )
                        } else {
                            "at most one of 'c' and 'o' (PAR-COND-05)".to_owned()
                        };
                        return Err(self.error_here(expected));
                    }
                    let rule = if c == 'c' {
                        CaptureRule::Only
                    } else {
                        CaptureRule::Never
                    };
                    capture = Some((rule, c));
                }
                '~' | '^' => {
                    if kind.is_some() {
                        return Err(
                            self.error_here("at most one move type, '~' or '^' (PAR-COND-05)")
                        );
                    }
                    let k = if c == '~' {
                        MoveKind::Leap
                    } else {
                        MoveKind::Locust
                    };
                    kind = Some((k, self.pos));
                }
                _ => break,
            }
            any_modifier = true;
            self.pos += 1;
        }
        self.skip_ws();
        let target = match self.peek() {
            Some('0') => {
                self.pos += 1;
                Target::StandStill
            }
            Some('1'..='9') => {
                let a = self.count()?;
                self.skip_ws();
                if self.peek() == Some('/') {
                    self.pos += 1;
                    self.skip_ws();
                    if !matches!(self.peek(), Some('1'..='9')) {
                        return Err(self.error_here("a count (1, 2, ...) after '/'"));
                    }
                    let b = self.count()?;
                    Target::Hippogonal { a, b }
                } else {
                    Target::Line {
                        distance: Distance::Exactly(a),
                        direction: self.direction()?,
                    }
                }
            }
            Some('n') => {
                self.pos += 1;
                Target::Line {
                    distance: Distance::Any,
                    direction: self.direction()?,
                }
            }
            Some('{') => {
                let distance = self.bound()?;
                Target::Line {
                    distance,
                    direction: self.direction()?,
                }
            }
            Some('%') => {
                let column = self.column();
                self.pos += 1;
                let name = self.delimited_name('%', "tile label")?;
                self.tiles_used.push((name.clone(), column));
                Target::Tile(name)
            }
            _ => {
                let expected = if self.label_ahead() {
                    "a move: a label definition 'x:M' only starts an alternative or a group, \
                     write '(x:M)' (PAR-LABL-01)"
                } else if any_modifier {
                    "a distance (1, 2, n, {..}), '0' or a tile '%label%' after the modifiers"
                } else {
                    "a move (a step such as 1*, n+, ~1/2 or 0, a group '(...)' or a reference \
                     '$label$')"
                };
                return Err(self.error(self.column(), expected, self.found_word()));
            }
        };
        if let Target::Hippogonal { .. } = target {
            match kind {
                Some((MoveKind::Leap, _)) => {}
                Some((_, at)) => {
                    return Err(self.error(
                        at + 1,
                        "'~' instead of '^': a locust moves along straight lines only \
                         (PAR-TYPE-03)",
                        describe(self.chars.get(at).copied()),
                    ))
                }
                None => {
                    return Err(self.error(
                        start + 1,
                        "'~' before a hippogonal leap a/b (PAR-DIRN-05)",
                        describe(self.chars.get(start).copied()),
                    ))
                }
            }
            self.skip_ws();
            if matches!(self.peek(), Some('*' | '+' | 'X' | '<' | '>' | '=')) {
                return Err(self.error_here(
                    "no direction after a hippogonal leap a/b, which takes all 8 vectors \
                     (PAR-DIRN-05)",
                ));
            }
        }
        Ok(Step {
            kind: kind.map_or(MoveKind::Slide, |(k, _)| k),
            capture: capture.map_or(CaptureRule::May, |(c, _)| c),
            initial,
            safe,
            target,
            rider: false,
        })
    }
}
