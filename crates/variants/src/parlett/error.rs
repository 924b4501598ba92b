//! The error type of the Parlett parser.

use std::fmt;

/// Longest stretch of an input line shown by [`ParseError`]'s `Display`.
const WINDOW: usize = 120;

/// A syntax or load error in a line of extended Parlett notation.
///
/// `Display` prints the message, the input line and a caret under the
/// failing column:
///
/// ```text
/// expected a direction (* + X > < = ...) at column 3, found 'q'
/// ~1q
///   ^
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The failing position, 1-based, counted in `char`s over the whole
    /// input (a line break counts as one char). One past the last char for
    /// an unexpected end of input.
    pub column: usize,
    /// What the parser expected there, e.g. `a direction (* + X > < = ...)`.
    pub expected: String,
    /// What it found, e.g. `'q'` (quoted) or `end of input`.
    pub found: String,
    /// The complete input that was parsed.
    pub input: String,
}

impl ParseError {
    /// Builds an error; `column` is 1-based, in chars.
    pub fn new(
        column: usize,
        expected: impl Into<String>,
        found: impl Into<String>,
        input: &str,
    ) -> ParseError {
        ParseError {
            column,
            expected: expected.into(),
            found: found.into(),
            input: input.to_owned(),
        }
    }

    /// The physical line holding the error: its 1-based number, its text
    /// (without the line break) and the 0-based char offset of the error
    /// inside it.
    fn locate(&self) -> (usize, Vec<char>, usize) {
        let target = self.column.saturating_sub(1);
        let mut line_no = 1;
        let mut line: Vec<char> = Vec::new();
        let mut offset = 0;
        for (k, c) in self.input.chars().enumerate() {
            if k == target {
                break;
            }
            if c == '\n' {
                line_no += 1;
                line.clear();
                offset = 0;
            } else {
                line.push(c);
                offset += 1;
            }
        }
        // Complete the line after the error position.
        for c in self.input.chars().skip(target) {
            if c == '\n' {
                break;
            }
            line.push(c);
        }
        while line.last() == Some(&'\r') && line.len() > offset {
            line.pop();
        }
        (line_no, line, offset)
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (line_no, line, offset) = self.locate();
        write!(f, "expected {} at column {}", self.expected, self.column)?;
        if self.input.contains('\n') {
            write!(f, " (line {line_no}, column {})", offset + 1)?;
        }
        writeln!(f, ", found {}", self.found)?;
        // Show a window of the line around the error, so that overlong
        // inputs stay readable.
        let (start, prefix) = if offset > WINDOW / 2 {
            (offset - WINDOW / 2, "...")
        } else {
            (0, "")
        };
        let end = line.len().min(start + WINDOW);
        let suffix = if end < line.len() { "..." } else { "" };
        let shown: String = line.get(start..end).unwrap_or(&[]).iter().collect();
        writeln!(f, "{prefix}{shown}{suffix}")?;
        let mut caret = " ".repeat(prefix.len());
        for c in line.get(start..offset).unwrap_or(&[]) {
            caret.push(if *c == '\t' { '\t' } else { ' ' });
        }
        caret.push('^');
        f.write_str(&caret)
    }
}

impl std::error::Error for ParseError {}
