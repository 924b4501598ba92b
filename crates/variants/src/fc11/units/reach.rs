//! Shared reach helpers of the unit modules: direction tables, displacements, leaps and
//! slides pushed as candidate actions.
//!
//! Owns: the helpers every unit module uses. Uses: [`crate::fc11::board`] only.

pub use crate::fc11::board::View;
use frozen_core::{Action, Square, Unit};

/// Knight leaps (FC11-KNGT-01, -QUEN-01, -DRAG-01, -ASSN-01).
pub const KNIGHT_DELTAS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The eight unit directions as `(file, rank)` steps, clockwise from north.
pub const ALL8: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The diagonal directions.
pub const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
/// The orthogonal directions.
pub const ORTHO: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// The displacement from `s` to `t`.
#[inline]
pub fn delta(s: Square, t: Square) -> (i32, i32) {
    (
        i32::from(t.file()) - i32::from(s.file()),
        i32::from(t.rank()) - i32::from(s.rank()),
    )
}

/// Pushes the leaps of `deltas` from `from` (moves onto open squares, captures with
/// `captures`).
pub fn leaps(
    v: &View,
    u: &Unit,
    from: Square,
    deltas: &[(i32, i32)],
    captures: bool,
    out: &mut Vec<Action>,
) {
    for &(df, dr) in deltas {
        if let Some(t) = from.offset(df, dr) {
            crate::fc11::board::push_plain(v, u, from, t, captures, out);
        }
    }
}

/// Pushes the slides along `dirs` from `from`, at most `range` squares (moves onto open
/// squares, and with `captures` a capture of the first unit met).
pub fn slides(
    v: &View,
    u: &Unit,
    from: Square,
    dirs: &[(i32, i32)],
    range: u8,
    captures: bool,
    out: &mut Vec<Action>,
) {
    for &(df, dr) in dirs {
        crate::fc11::board::walk(v, from, df, dr, range, |t, _| {
            crate::fc11::board::push_plain(v, u, from, t, captures, out)
        });
    }
}

/// Pushes the bounced routes (FC11-TURN-09..12) leaving `from` along `dirs`, at most
/// `range` squares: a move for every stop on an open square and, with `captures`, a capture
/// for every stop on a unit the mover may take. The action's path is the origin, the turn
/// squares and the last square.
pub fn routes(
    v: &View,
    u: &Unit,
    from: Square,
    dirs: &[(i32, i32)],
    range: u8,
    captures: bool,
    out: &mut Vec<Action>,
) {
    let b = v.route_board(from);
    for &d in dirs {
        crate::fc11::bounce::routes(b, from, d, range, true, &mut |s| {
            let ok = if s.onto_unit {
                captures && v.may_capture(u, s.to)
            } else {
                true
            };
            if ok {
                let mut path = frozen_core::Path::new();
                path.push(from);
                path.extend_from_slice(s.turns);
                path.push(s.to);
                out.push(Action {
                    path,
                    ..Action::step(from, s.to)
                });
            }
            false
        });
    }
}

/// True if a bounced route of the unit on `from` along `dirs` reaches `t` within `range`
/// (FC11-TURN-12; the attack test of the bouncing riders).
pub fn route_reaches(v: &View, from: Square, dirs: &[(i32, i32)], range: u8, t: Square) -> bool {
    crate::fc11::bounce::reaches(v.route_board(from), from, dirs, range, true, t)
}
