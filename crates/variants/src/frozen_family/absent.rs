//! Side tables and mark layers a FrozenChess game does not carry.
//!
//! Owns: the set-up check that refuses a loaded position holding anything in a core side
//! table (tombs, walls, traps, bombs, monads, effects, shadows) or a mark layer the game
//! has no rule for, naming the table and the game's reason. Each game lists what it
//! carries, so a later part that adds a table only widens its list. Uses: only the core
//! position.

use frozen_core::{Position, Problem, ProblemKind, VariantState, MARK_LAYERS};

/// A core side table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideTable {
    /// Tomb queues.
    Tombs,
    /// Walls.
    Walls,
    /// Traps.
    Traps,
    /// Bombs.
    Bombs,
    /// Monads.
    Monads,
    /// Square effects.
    Effects,
    /// Shadows.
    Shadows,
}

impl SideTable {
    /// Every side table, in the order problems are reported.
    pub const ALL: [SideTable; 7] = [
        SideTable::Tombs,
        SideTable::Walls,
        SideTable::Traps,
        SideTable::Bombs,
        SideTable::Monads,
        SideTable::Effects,
        SideTable::Shadows,
    ];

    /// The table's name in problems (`"tombs"`).
    pub fn name(self) -> &'static str {
        match self {
            SideTable::Tombs => "tombs",
            SideTable::Walls => "walls",
            SideTable::Traps => "traps",
            SideTable::Bombs => "bombs",
            SideTable::Monads => "monads",
            SideTable::Effects => "effects",
            SideTable::Shadows => "shadows",
        }
    }

    /// True if the table holds anything in `pos`.
    pub fn any<S: VariantState>(self, pos: &Position<S>) -> bool {
        match self {
            SideTable::Tombs => pos.tombs().mask().any(),
            SideTable::Walls => pos.walls().mask().any(),
            SideTable::Traps => pos.traps().mask().any(),
            SideTable::Bombs => pos.bombs().mask().any(),
            SideTable::Monads => pos.monads().mask().any(),
            SideTable::Effects => pos.effects().mask().any(),
            SideTable::Shadows => pos.shadows().mask().any(),
        }
    }
}

/// A rule problem for every side table outside `carried` that holds anything (reason
/// `why(name)`), and for every mark layer from `first_unused_mark` on that marks a square
/// (reason `marks_why`).
pub fn refuse_unused<S: VariantState>(
    pos: &Position<S>,
    carried: &[SideTable],
    why: impl Fn(&str) -> String,
    first_unused_mark: usize,
    marks_why: &str,
    out: &mut Vec<Problem>,
) {
    for t in SideTable::ALL {
        if !carried.contains(&t) && t.any(pos) {
            out.push(Problem::new(
                ProblemKind::Rule,
                t.name().to_string(),
                why(t.name()),
            ));
        }
    }
    for l in first_unused_mark..MARK_LAYERS {
        if pos.marks(l).any() {
            out.push(Problem::new(
                ProblemKind::Rule,
                format!("marks[{l}]"),
                marks_why.to_string(),
            ));
        }
    }
}
