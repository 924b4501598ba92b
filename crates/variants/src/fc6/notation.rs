//! The action text of fc6's special moves without a leg (docs/notation.md, section 2.5).
//!
//! Owns: how every fc6 special move that is no plain leg, no swap, no respawn and no
//! King's Exchange is stored and written; this is the one place fc6 action text is formatted
//! and parsed ([`format()`], [`parse()`], called by the [`super::Fc6`] rules). Each such
//! move is an [`ActionKind::Act`] whose `arg` carries the move in its low 4 bits
//! ([`Special::code`]) and a number in the bits above (a leg's `#1` leap tag, a shadow's
//! place on its square, a rotation's quarter turns, the squares of a pull). Each is written with its own
//! keyword, then the squares, an optional promotion and the number as a tag:
//!
//! | Move | Text | Squares |
//! |---|---|---|
//! | Conversion (FC6-BISH-01) | `convert:c1f4` | bishop, target |
//! | Paralyse (FC6-CHAN-02) | `paralyse:f1g3` | chancellor, target |
//! | Dragon's Fire (FC6-DRAG-01) | `fire:d4e5`, `fire:d4b6a5`, `fire:d4f6#1` | the dragon's leg, written as a move (route with its reflection squares, `#1` for a leap) |
//! | Pull (FC6-PULL-01) | `pull:a1a8a4#4`, `pull:a14e14c16=Q#2` | puller, pulled unit, landing square; `=X` a promotion; `#n` = squares pulled (1 or more) |
//! | Mind Control (FC6-MIND-01) | `mind:c1g5e6`, `mind:b8b2b1=Q` | controller, then the controlled unit's leg written as a move (route, `=X`, `#1`) |
//! | Shadowing (FC6-SHAD-01) | `shadow:e4` | the unit's square |
//! | De-shadowing (FC6-SHAD-05) | `unshadow:e4`, `unshadow:e4#1` | the shadow's square; `#n` = the n-th shadow there (0-based arrival order) when it is not the first |
//! | Rotation (FC6-ROTA-01) | `rotate:c3e5#1` | the block's lower-left and upper-right corners; `#q` = quarter turns clockwise as seen from White (1, 2 or 3) |
//!
//! SwapShot and Teleswap are the core `swap:<square><square>` (FC6-SWAP-01). The core
//! `act:` text is kept for the owed promotion (`act:e16=Q`, one square, FC6-PAWN-02); an
//! `act:` that is one of the moves above, or names two or more squares, is refused with
//! the keywords. Uses: `frozen-core` only.

use frozen_core::{Action, ActionKind, ActionParseError, KindSet};

/// The special moves written with a keyword.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Special {
    /// Conversion (FC6-BISH-01): `[bishop, target]`.
    Convert,
    /// Paralyse (FC6-CHAN-02): `[chancellor, target]`.
    Paralyse,
    /// Dragon's Fire (FC6-DRAG-01): the dragon's leg (start, reflections, end); the number
    /// is the leg's `#1` leap tag.
    Fire,
    /// Pull (FC6-PULL-01): `[puller, pulled, landing]`; the number is the squares pulled.
    Pull,
    /// Mind Control (FC6-MIND-01): `[controller, the controlled unit's leg...]`; the number
    /// is the leg's `#1` leap tag.
    Mind,
    /// Shadowing (FC6-SHAD-01): `[square]`.
    Shadow,
    /// De-shadowing (FC6-SHAD-05): `[square]`, the shadow's place as the number.
    Unshadow,
    /// Rotation (FC6-ROTA-01): `[lower-left, upper-right]`, quarter turns as the number.
    Rotate,
}

impl Special {
    /// Every special move, in code order.
    pub const ALL: [Special; 8] = [
        Special::Convert,
        Special::Paralyse,
        Special::Fire,
        Special::Pull,
        Special::Mind,
        Special::Shadow,
        Special::Unshadow,
        Special::Rotate,
    ];

    /// The code stored in the low 4 bits of `arg`.
    pub const fn code(self) -> u16 {
        match self {
            Special::Convert => 1,
            Special::Paralyse => 2,
            Special::Fire => 3,
            Special::Pull => 4,
            Special::Mind => 5,
            Special::Shadow => 13,
            Special::Unshadow => 14,
            Special::Rotate => 15,
        }
    }

    /// The keyword of its text.
    pub const fn keyword(self) -> &'static str {
        match self {
            Special::Convert => "convert",
            Special::Paralyse => "paralyse",
            Special::Fire => "fire",
            Special::Pull => "pull",
            Special::Mind => "mind",
            Special::Shadow => "shadow",
            Special::Unshadow => "unshadow",
            Special::Rotate => "rotate",
        }
    }

    /// How many squares its text names: the least and the most (a leg's route has its
    /// reflection squares).
    pub const fn squares(self) -> (usize, usize) {
        match self {
            Special::Shadow | Special::Unshadow => (1, 1),
            Special::Convert | Special::Paralyse | Special::Rotate => (2, 2),
            Special::Pull => (3, 3),
            Special::Fire => (2, usize::MAX),
            Special::Mind => (3, usize::MAX),
        }
    }

    /// True if its text may name a promotion (`=Q`): a Conversion, a pull or a controlled
    /// leg that puts a pawn on its far rank (FC6-BISH-04, FC6-PULL-04, FC6-MIND-02);
    /// Paralyse reads one to refuse it with its rule.
    const fn takes_piece(self) -> bool {
        matches!(
            self,
            Special::Convert | Special::Paralyse | Special::Pull | Special::Mind
        )
    }

    /// True if its number is a leg's leap tag (`#1` or none).
    const fn leg_tag(self) -> bool {
        matches!(self, Special::Fire | Special::Mind)
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

/// The number an action carries above its code (a leg's tag, a shadow's place, a
/// rotation's quarter turns).
pub fn number(a: &Action) -> u16 {
    a.arg >> 4
}

/// The text of `a`: a special move with its keyword, everything else the core text.
pub fn format(kinds: &KindSet, a: &Action) -> String {
    let Some(s) = special(a) else {
        return frozen_core::format_action(kinds, a);
    };
    let mut core = Action::new(ActionKind::Act, &a.path).with_arg(number(a));
    core.piece = a.piece;
    let text = frozen_core::format_action(kinds, &core);
    let details = text.strip_prefix("act").unwrap_or(&text);
    format!(
        "{}:{}",
        s.keyword(),
        details.strip_prefix(':').unwrap_or(details)
    )
}

/// Reads the text [`format()`] writes.
pub fn parse(kinds: &KindSet, text: &str) -> Result<Action, ActionParseError> {
    let err = |column: usize, reason: String| ActionParseError {
        input: text.chars().take(300).collect(),
        column,
        reason,
    };
    for s in Special::ALL {
        let Some(rest) = text
            .strip_prefix(s.keyword())
            .and_then(|r| r.strip_prefix(':'))
        else {
            continue;
        };
        let offset = s.keyword().len() + 1;
        // The details are read as the core's `act:` details (squares, `=piece`, `#n`).
        let m = frozen_core::parse_action(kinds, &format!("act:{rest}")).map_err(|e| {
            err(
                (e.column + offset).saturating_sub(4).max(offset + 1),
                e.reason,
            )
        })?;
        let (least, most) = s.squares();
        let n = match (least, most) {
            (1, 1) => "one square, like e4".to_string(),
            (2, 2) => "two squares".to_string(),
            (3, 3) => "three squares".to_string(),
            (l, _) => format!("at least {l} squares"),
        };
        if m.path.len() < least || m.path.len() > most {
            return Err(err(
                offset + 1,
                format!("expected {n} after {}:", s.keyword()),
            ));
        }
        let at = |c: char| offset + rest.find(c).map_or(1, |i| i + 1);
        if m.piece.is_some() && !s.takes_piece() {
            return Err(err(at('='), format!("{}: takes no promotion", s.keyword())));
        }
        if s == Special::Shadow && m.arg != 0 {
            return Err(err(at('#'), "a shadowing takes no number".into()));
        }
        if s.leg_tag() && m.arg > 1 {
            return Err(err(
                at('#'),
                format!(
                    "the only tag after {}: is #1 (the leg is a leap)",
                    s.keyword()
                ),
            ));
        }
        if m.arg >= 1 << 12 {
            return Err(err(
                at('#'),
                format!("the number after {}: is too large", s.keyword()),
            ));
        }
        let mut a = s.action(&m.path, m.arg);
        a.piece = m.piece;
        return Ok(a);
    }
    let a = frozen_core::parse_action(kinds, text)?;
    // `act:` is left to the owed promotion (`act:e16=Q`, one square); a special move has a
    // keyword of its own.
    if a.kind == ActionKind::Act && (a.path.len() >= 2 || special(&a).is_some()) {
        return Err(err(
            1,
            format!(
                "fc6 writes each special move with its keyword ({}), not act:",
                Special::ALL.map(|s| format!("{}:", s.keyword())).join(", ")
            ),
        ));
    }
    Ok(a)
}
