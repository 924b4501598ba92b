//! Leap paths of a knight-pattern leap (FC12 F12-MOVE-09, FC6 FC6-MOVE-14, FC11 likewise).
//!
//! Owns: the geometry of leap paths. A leap by (2a, b) (a, b = ±1) has two leap paths,
//! {(a, 0), (2a, 0)} and {(0, b), (a, b)}; a leap by (a, 2b) likewise with the axes
//! swapped. A leap has no path squares for blocking; leap paths are used only by the
//! abilities that name them (Knight's Leap capture, jester leap paralysis). Uses: squares.

use frozen_core::Square;

/// The eight displacements of a knight-pattern leap, `(file, rank)`.
pub const KNIGHT_DELTAS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The two leap paths of a knight-pattern leap from `s` to `t`. For squares not a knight
/// leap apart the result is meaningless (both paths `[s, s]`).
pub fn leap_paths(s: Square, t: Square) -> [[Square; 2]; 2] {
    let df = i32::from(t.file()) - i32::from(s.file());
    let dr = i32::from(t.rank()) - i32::from(s.rank());
    let at = |f: i32, r: i32| s.offset(f, r).unwrap_or(s);
    if df.abs() == 2 && dr.abs() == 1 {
        let a = df / 2;
        [[at(a, 0), at(2 * a, 0)], [at(0, dr), at(a, dr)]]
    } else if df.abs() == 1 && dr.abs() == 2 {
        let b = dr / 2;
        [[at(0, b), at(0, 2 * b)], [at(df, 0), at(df, b)]]
    } else {
        [[s, s], [s, s]]
    }
}

/// True if `t` is a knight leap away from `s`.
#[inline]
pub fn is_knight_offset(s: Square, t: Square) -> bool {
    let df = s.file().abs_diff(t.file());
    let dr = s.rank().abs_diff(t.rank());
    (df == 1 && dr == 2) || (df == 2 && dr == 1)
}
