//! Basic movement per unit (FC6-MOVE-01..14).
//!
//! * FC6-MOVE-01: a leg ends only on a square with no wall and no friendly unit; ending on
//!   an enemy captures it if the capture rules allow ([`super::capture`]); at most one
//!   victim per leg.
//! * FC6-MOVE-02: a slide steps square by square; every path square must be free of units
//!   and walls; at most the range in squares ([`Grant::range`]); diagonal slides bounce
//!   ([`super::bounce`]).
//! * FC6-MOVE-03: leaps (knight, jester, chancellor's bent leap, templar's T-leap) go
//!   straight to the destination: nothing on the way matters, walls may be jumped, not
//!   landed on.
//! * FC6-MOVE-04..13: the patterns of each kind ([`super::base::native`], [`patterns`]):
//!   pawn five steps never backward; knight; bishop diagonal; dragon diagonal, king step
//!   or knight; rook orthogonal (never bounces); queen orthogonal, diagonal or knight, one
//!   range for both slides; king one step; jester 20 leaps; chancellor king step or bent
//!   leap to (±2, ±3)/(±3, ±2); templar orthogonal or T-leap.
//! * FC6-MOVE-14: the leap paths of a knight-pattern leap are the family's
//!   ([`crate::frozen_family::leap_paths`]); no rule of this part uses them (walls, in
//!   particular, come only from the start square of a leap).
//!
//! [`for_each_leg`] enumerates the legs one [`Grant`] (a set of patterns with the range
//! that limits its slides) gives a unit on a square. Uses: [`super::base`],
//! [`super::bounce`].

use super::base::{
    LEAPS, P_CHANCELLOR, P_DIAG, P_JESTER, P_KING, P_KNIGHT, P_ORTHO, P_STEP, P_TEMPLAR,
};
use super::bounce;
use crate::frozen_family::leap_paths::KNIGHT_DELTAS;
use crate::frozen_family::patterns::{Pat, Pattern, PatternTable};
use frozen_core::{Bitboard, Dir, Side, Square};

/// The pawn's five steps for White (mirrored for Black): sideways, forward, forward
/// diagonals (FC6-MOVE-04).
pub const PAWN_DELTAS: [(i8, i8); 5] = [(-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

/// The jester's 20 leaps (FC6-MOVE-11): for each diagonal `d`, `2d`, then optionally one
/// square diagonally to the side (`2d + (dx, -dy)`, `2d + (-dx, dy)`) or orthogonally on
/// along one component of `d` (`2d + (dx, 0)`, `2d + (0, dy)`).
pub fn jester_deltas() -> Vec<(i8, i8)> {
    let mut v = Vec::with_capacity(20);
    for (dx, dy) in [(1i8, 1i8), (1, -1), (-1, -1), (-1, 1)] {
        v.extend([
            (2 * dx, 2 * dy),
            (3 * dx, dy),
            (dx, 3 * dy),
            (3 * dx, 2 * dy),
            (2 * dx, 3 * dy),
        ]);
    }
    v
}

/// The chancellor's bent leap (FC6-MOVE-12): one orthogonal step, then two diagonal steps
/// outward, a leap to (±2, ±3) or (±3, ±2).
pub const CHANCELLOR_DELTAS: [(i8, i8); 8] = [
    (2, 3),
    (3, 2),
    (3, -2),
    (2, -3),
    (-2, -3),
    (-3, -2),
    (-3, 2),
    (-2, 3),
];

/// The templar's T-leap (FC6-MOVE-13): 2 squares diagonally, optionally one more square
/// diagonally to the side: (±2, ±2), (±3, ±1), (±1, ±3).
pub const TEMPLAR_DELTAS: [(i8, i8); 12] = [
    (2, 2),
    (2, -2),
    (-2, -2),
    (-2, 2),
    (3, 1),
    (1, 3),
    (3, -1),
    (1, -3),
    (-3, -1),
    (-1, -3),
    (-3, 1),
    (-1, 3),
];

/// The eight patterns in bit order ([`super::base::P_STEP`] .. [`super::base::P_TEMPLAR`]).
pub fn patterns() -> Vec<Pattern> {
    let leap = |deltas: Vec<(i8, i8)>, side_relative| Pattern::Leap {
        deltas,
        side_relative,
    };
    let king: Vec<(i8, i8)> = Dir::ALL8.iter().map(|d| (d.df, d.dr)).collect();
    vec![
        leap(PAWN_DELTAS.to_vec(), true),
        leap(KNIGHT_DELTAS.to_vec(), false),
        Pattern::Slide {
            dirs: vec![1, 3, 5, 7],
            range: None,
        },
        Pattern::Slide {
            dirs: vec![0, 2, 4, 6],
            range: None,
        },
        leap(king, false),
        leap(jester_deltas(), false),
        leap(CHANCELLOR_DELTAS.to_vec(), false),
        leap(TEMPLAR_DELTAS.to_vec(), false),
    ]
}

/// The farthest any leap or step of [`patterns`] goes, in king distance: the jester's
/// (3, 2), the chancellor's (2, 3), the templar's (3, 1). A square farther away is never a
/// leap target, so [`leg_attacks`] looks no further.
pub const LEAP_REACH: u32 = 3;

/// A set of patterns a unit may use now, with the range that limits its slides (its own
/// range for native patterns; the lender's for borrowed ones, FC6-EMPW-03).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Grant {
    /// The patterns.
    pub pats: Pat,
    /// Squares a slide may enter.
    pub range: u16,
}

/// What kind of leg a move is: it decides the walls it leaves (FC6-WALL-02/03).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LegKind {
    /// A leap (knight, jester, chancellor, templar patterns).
    Leap,
    /// A one-square step (king, pawn, dragon, chancellor).
    Step,
    /// A diagonal slide, bounced or not.
    Diagonal,
    /// An orthogonal slide.
    Orthogonal,
}

/// One leg found by [`for_each_leg`].
#[derive(Debug)]
pub struct Leg<'a> {
    /// End square.
    pub to: Square,
    /// Reflection squares of a bounced diagonal slide (empty otherwise).
    pub reflections: &'a [Square],
    /// The kind of leg.
    pub kind: LegKind,
    /// The end square holds a unit (friend or enemy: the caller decides).
    pub onto_unit: bool,
}

/// Calls `f` for every leg the grant gives a unit of `side` on `s`, until `f` returns
/// true (then returns true). `occ` holds every unit except the mover; `walls` the walls.
/// Legs never end on a wall; legs onto units are reported with `onto_unit`.
pub fn for_each_leg(
    table: &PatternTable,
    occ: Bitboard,
    walls: Bitboard,
    side: Side,
    s: Square,
    grant: Grant,
    f: &mut dyn FnMut(Leg<'_>) -> bool,
) -> bool {
    let leaps = grant.pats & (P_KNIGHT | P_JESTER | P_CHANCELLOR | P_TEMPLAR);
    let steps = grant.pats & (P_STEP | P_KING);
    for (bits, kind) in [(steps, LegKind::Step), (leaps, LegKind::Leap)] {
        if bits == 0 {
            continue;
        }
        for to in (table.reach(bits, side, s, occ) - walls).iter() {
            let leg = Leg {
                to,
                reflections: &[],
                kind,
                onto_unit: occ.contains(to),
            };
            if f(leg) {
                return true;
            }
        }
    }
    if grant.pats & P_ORTHO != 0 {
        for d in Dir::ORTHO {
            let mut p = s;
            for _ in 0..grant.range {
                let Some(n) = p.step(d) else { break };
                if walls.contains(n) {
                    break;
                }
                let onto = occ.contains(n);
                let leg = Leg {
                    to: n,
                    reflections: &[],
                    kind: LegKind::Orthogonal,
                    onto_unit: onto,
                };
                if f(leg) {
                    return true;
                }
                if onto {
                    break;
                }
                p = n;
            }
        }
    }
    if grant.pats & P_DIAG != 0 {
        for d in Dir::DIAG {
            let hit = bounce::walk(occ, walls, s, d, grant.range, &mut |st| {
                f(Leg {
                    to: st.to,
                    reflections: st.reflections,
                    kind: LegKind::Diagonal,
                    onto_unit: st.onto_unit,
                })
            });
            if hit {
                return true;
            }
        }
    }
    false
}

/// True if some leg of `grant` for a unit of `side` on `s` ends on the occupied square
/// `t` (`occ` holds every unit except the mover, `t` included): the same answer as
/// [`for_each_leg`] looking for a leg onto `t`, without listing the other legs. Leaps and
/// steps read the reach set; an orthogonal slide needs `t` on its line within range with
/// nothing between; a diagonal slide (bounced routes included) moves one diagonal step at
/// a time, so it can only end on a square of its start's colour within `range` squares
/// (king distance), and only then are its routes walked.
pub fn leg_attacks(
    table: &PatternTable,
    occ: Bitboard,
    walls: Bitboard,
    side: Side,
    s: Square,
    grant: Grant,
    t: Square,
) -> bool {
    let (df, dr) = (
        i32::from(t.file()) - i32::from(s.file()),
        i32::from(t.rank()) - i32::from(s.rank()),
    );
    let dist = df.unsigned_abs().max(dr.unsigned_abs());
    let jumps = grant.pats & (P_KNIGHT | P_JESTER | P_CHANCELLOR | P_TEMPLAR | P_STEP | P_KING);
    if jumps != 0
        && dist <= LEAP_REACH
        && !walls.contains(t)
        && table.reach(jumps, side, s, occ).contains(t)
    {
        return true;
    }
    if dist == 0 || dist > u32::from(grant.range) {
        return false;
    }
    if grant.pats & P_ORTHO != 0 && (df == 0 || dr == 0) {
        let (sf, sr) = (df.signum(), dr.signum());
        let mut p = s;
        let mut clear = true;
        for _ in 1..dist {
            let Some(n) = p.offset(sf, sr) else {
                clear = false;
                break;
            };
            if occ.contains(n) || walls.contains(n) {
                clear = false;
                break;
            }
            p = n;
        }
        if clear && !walls.contains(t) {
            return true;
        }
    }
    if grant.pats & P_DIAG != 0 && (df + dr) % 2 == 0 {
        for d in Dir::DIAG {
            if bounce::walk(occ, walls, s, d, grant.range, &mut |st| {
                st.to == t && st.onto_unit
            }) {
                return true;
            }
        }
    }
    false
}

/// Every square the legs of `grant` for a unit of `side` on `s` look at (`occ`, `walls`
/// as for [`for_each_leg`]): leap and step targets, each orthogonal slide's squares up to
/// and including the first unit or wall, and what each diagonal route looks at
/// ([`bounce::walk_reading`]). The legs, and whether they reach a square, depend on
/// nothing else (the zone of [`super::attack::check_zone`]).
pub fn leg_reads(
    table: &PatternTable,
    occ: Bitboard,
    walls: Bitboard,
    side: Side,
    s: Square,
    grant: Grant,
) -> Bitboard {
    let mut reads = table.reach(grant.pats & LEAPS, side, s, occ);
    if grant.pats & P_ORTHO != 0 {
        for d in Dir::ORTHO {
            reads |= ray(occ, walls, s, d, grant.range);
        }
    }
    if grant.pats & P_DIAG != 0 {
        for d in Dir::DIAG {
            bounce::walk_reading(occ, walls, s, d, grant.range, &mut reads, &mut |_| false);
        }
    }
    reads
}

/// The squares the native patterns `pats` of a unit of `side` on `s` reach as if an enemy
/// stood there, without bounces (catalog 0.4 "Protects": a unit's own movement pattern,
/// never a bounce): leap and step targets, and each straight slide up to `range` squares
/// and its first unit. Walls are never reached.
pub fn straight_cover(
    table: &PatternTable,
    occ: Bitboard,
    walls: Bitboard,
    side: Side,
    s: Square,
    grant: Grant,
) -> Bitboard {
    let mut out = table.reach(grant.pats & !(P_DIAG | P_ORTHO), side, s, occ) - walls;
    let mut dirs: smallvec::SmallVec<[Dir; 8]> = smallvec::SmallVec::new();
    if grant.pats & P_ORTHO != 0 {
        dirs.extend(Dir::ORTHO);
    }
    if grant.pats & P_DIAG != 0 {
        dirs.extend(Dir::DIAG);
    }
    for d in dirs {
        out |= ray(occ, walls, s, d, grant.range) - walls;
    }
    out
}

/// The squares of the straight line from `s` in direction `d`, at most `range` of them,
/// up to and including the first unit or wall (a slide that never bounces).
fn ray(occ: Bitboard, walls: Bitboard, s: Square, d: Dir, range: u16) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    let mut p = s;
    for _ in 0..range {
        let Some(n) = p.step(d) else { break };
        out.set(n);
        if walls.contains(n) || occ.contains(n) {
            break;
        }
        p = n;
    }
    out
}

/// The leg kind and the squares a leg vacates or passes (start and path squares, not the
/// end) for the action path `[start, reflections..., end]` (FC6-WALL-02). `leap` says
/// that a straight two-square diagonal is the T- or jester leap, not a slide.
pub fn classify(path: &[Square], leap: bool) -> Option<(LegKind, Bitboard)> {
    let (&s, &t) = (path.first()?, path.last()?);
    if path.len() > 2 {
        return Some((LegKind::Diagonal, bounce::route_squares(path)?));
    }
    let df = i32::from(t.file()) - i32::from(s.file());
    let dr = i32::from(t.rank()) - i32::from(s.rank());
    let (ax, ay) = (df.abs(), dr.abs());
    let start = Bitboard::EMPTY.with(s);
    if ax.max(ay) == 1 {
        return Some((LegKind::Step, start));
    }
    let straight = ax == 0 || ay == 0 || ax == ay;
    if !straight || leap {
        return Some((LegKind::Leap, start));
    }
    let kind = if ax == ay {
        LegKind::Diagonal
    } else {
        LegKind::Orthogonal
    };
    Some((kind, bounce::route_squares_straight(s, t)))
}

/// Whether a straight two-square diagonal leg from `s` to `t` could be a slide: the middle
/// square is free of units and walls. With a diagonal-slide grant of range 2 or more this
/// makes the leg a slide unless the action marks it as a leap (`#1`).
pub fn middle_free(occ: Bitboard, walls: Bitboard, s: Square, t: Square) -> bool {
    let mf = (s.file() + t.file()) / 2;
    let mr = (s.rank() + t.rank()) / 2;
    let m = Square::new(mf, mr);
    !occ.contains(m) && !walls.contains(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`LEAP_REACH`] bounds every leap and step of the patterns.
    #[test]
    fn leap_reach_bounds_every_leap() {
        for p in patterns() {
            if let Pattern::Leap { deltas, .. } = p {
                for (df, dr) in deltas {
                    assert!(u32::from(df.unsigned_abs().max(dr.unsigned_abs())) <= LEAP_REACH);
                }
            }
        }
    }
}
