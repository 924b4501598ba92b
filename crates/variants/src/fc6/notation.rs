//! The action text of fc6's targeted special moves (docs/notation.md, section 2.5).
//!
//! Owns: how a special move that acts on a target without a swap is stored and written.
//! Each is an [`ActionKind::Act`] whose `arg` carries the move in its low 4 bits
//! ([`Special`]) and a number in the bits above (a leg's `#1` leap tag, or the squares a
//! Pull moves its target). Each is written with its own keyword, then the squares, an
//! optional promotion and the number as a tag:
//!
//! | Move | Text | Squares |
//! |---|---|---|
//! | Conversion (FC6-BISH-01) | `convert:c1f4` | bishop, target |
//! | Paralyse (FC6-CHAN-02) | `paralyse:f1g3` | chancellor, target |
//!
//! SwapShot and Teleswap are the core `swap:<square><square>` (FC6-SWAP-01). The core
//! `act:` text is kept for the owed promotion (`act:e16=Q`, one square, FC6-PAWN-02); an
//! `act:` with two or more squares is refused with the keywords. Uses: `frozen-core` only.

use frozen_core::{Action, ActionKind, ActionParseError, KindSet};

/// The targeted special moves written with a keyword.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Special {
    /// Conversion (FC6-BISH-01): `[bishop, target]`.
    Convert,
    /// Paralyse (FC6-CHAN-02): `[chancellor, target]`.
    Paralyse,
}

impl Special {
    /// Every special move, in code order.
    pub const ALL: [Special; 2] = [Special::Convert, Special::Paralyse];

    /// The code stored in the low 4 bits of `arg`.
    pub const fn code(self) -> u16 {
        match self {
            Special::Convert => 1,
            Special::Paralyse => 2,
        }
    }

    /// The keyword of its text.
    pub const fn keyword(self) -> &'static str {
        match self {
            Special::Convert => "convert",
            Special::Paralyse => "paralyse",
        }
    }

    /// The action with these squares and the number `n` (0 = none).
    pub fn action(self, path: &[frozen_core::Square], n: u16) -> Action {
        Action::new(ActionKind::Act, path).with_arg(self.code() | (n << 4))
    }
}

/// The special move an action is, if it is one.
pub fn special(a: &Action) -> Option<Special> {
    if a.kind != ActionKind::Act {
        return None;
    }
    Special::ALL.into_iter().find(|s| s.code() == a.arg & 0xf)
}

/// The number an action carries above its code (a leg's tag, a Pull's squares).
pub fn number(a: &Action) -> u16 {
    a.arg >> 4
}

/// The text of `a`: a special move with its keyword, everything else the core text.
pub fn format(kinds: &KindSet, a: &Action) -> String {
    let Some(s) = special(a) else {
        return frozen_core::format_action(kinds, a);
    };
    let mut m = Action::new(ActionKind::Move, &a.path).with_arg(number(a));
    m.piece = a.piece;
    format!("{}:{}", s.keyword(), frozen_core::format_action(kinds, &m))
}

/// Reads the text [`format()`] writes.
pub fn parse(kinds: &KindSet, text: &str) -> Result<Action, ActionParseError> {
    for s in Special::ALL {
        let Some(rest) = text
            .strip_prefix(s.keyword())
            .and_then(|r| r.strip_prefix(':'))
        else {
            continue;
        };
        let offset = s.keyword().len() + 1;
        let m = frozen_core::parse_action(kinds, rest).map_err(|e| ActionParseError {
            input: text.chars().take(300).collect(),
            column: e.column + offset,
            reason: e.reason,
        })?;
        if m.kind != ActionKind::Move || m.arg >= 1 << 12 {
            return Err(ActionParseError {
                input: text.chars().take(300).collect(),
                column: offset + 1,
                reason: format!("expected squares after {}:", s.keyword()),
            });
        }
        let mut a = s.action(&m.path, m.arg);
        a.piece = m.piece;
        return Ok(a);
    }
    let a = frozen_core::parse_action(kinds, text)?;
    // `act:` is left to the owed promotion (`act:e16=Q`, one square); a special move has a
    // keyword of its own.
    if a.kind == ActionKind::Act && a.path.len() >= 2 {
        return Err(ActionParseError {
            input: text.chars().take(300).collect(),
            column: 1,
            reason: format!(
                "fc6 writes each targeted special move with its keyword ({}), not act:",
                Special::ALL.map(|s| format!("{}:", s.keyword())).join(", ")
            ),
        });
    }
    Ok(a)
}
