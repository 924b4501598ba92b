//! Bounced routes: diagonal and orthogonal slides that turn at collisions
//! (FC11-TURN-09, -10, -11, -12).
//!
//! * FC11-TURN-09: the diagonal slides of the Dragon, Queen, Bishop and Ship may bounce;
//!   the Lancer, Onager, Ballista, pulls, the Templar's T move and its shield never do.
//! * FC11-TURN-10: the orthogonal slides of the Rook, Queen, Templar and Ship may bounce
//!   (turning 90°).
//! * FC11-TURN-11: the board edge is a collision like any other: a diagonal mover can only
//!   flip the component pointing off the board (the other flip's first square is off the
//!   board too); in a corner neither flip has a first square, so the route ends there.
//! * FC11-TURN-12: a route is a chain of straight segments. It turns only at a collision
//!   (the next square is off the board or holds a unit, a wall or a Queen double) and
//!   never on its origin. At a collision the mover may stop, capture the blocker (its last
//!   square), or turn: a diagonal mover flips `dx` or `dy`, an orthogonal one turns left
//!   or right, and the first square in the new direction must be enterable or be the
//!   capture target (so two turns never follow each other). A route never enters a square
//!   twice, its origin included (the origin is empty once the mover left it, so meeting it
//!   again is no collision: the route ends). Each square entered costs 1 range, turning
//!   is free. The action is written origin, every turn square, destination (`c1h6e9`).
//!
//! [`routes`] enumerates every stop of one first direction by depth-first search with a
//! visited set; move generation and the attack map ([`super::maps`]) both use it. fc6's
//! Bishop Bounce ([`crate::fc6::bounce`]) writes its routes the same way (start, turn
//! squares, end: the core's multi-square action path), but there a route is fixed by its
//! first direction, while here every collision is a choice, so the walkers differ.
//!
//! Uses: bitboards and squares only.

use frozen_core::{Bitboard, Square};
use smallvec::SmallVec;

/// The turn squares of a route so far.
pub type Turns = SmallVec<[Square; 8]>;

/// One stop of a route.
#[derive(Debug)]
pub struct Stop<'a> {
    /// The last square.
    pub to: Square,
    /// The squares where the route turned, in order.
    pub turns: &'a [Square],
    /// The last square holds a unit (a capture, if the mover may take it).
    pub onto_unit: bool,
}

/// What a route meets: `blockers` stop it (units, walls, Queen doubles; not the mover's own
/// square), `units` are the blockers that may be capture targets.
#[derive(Copy, Clone, Debug)]
pub struct Board {
    /// Squares a route cannot enter.
    pub blockers: Bitboard,
    /// Blockers holding a unit.
    pub units: Bitboard,
}

/// The two turns open to a mover going along `(dx, dy)`: the flips of a diagonal mover,
/// left and right of an orthogonal one (FC11-TURN-12).
#[inline]
pub fn turn_dirs(dx: i32, dy: i32) -> [(i32, i32); 2] {
    if dx != 0 && dy != 0 {
        [(-dx, dy), (dx, -dy)]
    } else {
        [(-dy, dx), (dy, -dx)]
    }
}

/// Calls `f` for every stop of the routes leaving `from` along `dir`, with at most `range`
/// squares entered, turning at collisions if `bounce`; stops as soon as `f` returns true
/// (and returns true). Every stop is listed once; stops on a unit are listed whatever its
/// colour (the caller decides whether it is a capture).
pub fn routes(
    b: Board,
    from: Square,
    dir: (i32, i32),
    range: u8,
    bounce: bool,
    f: &mut dyn FnMut(Stop<'_>) -> bool,
) -> bool {
    let mut turns = Turns::new();
    segment(
        b,
        from,
        from,
        dir,
        range,
        bounce,
        Bitboard::from_square(from),
        &mut turns,
        f,
    )
}

/// Walks one straight segment from `p` along `d` with `left` squares of range, then
/// branches at its collision.
#[allow(clippy::too_many_arguments)]
fn segment(
    b: Board,
    from: Square,
    mut p: Square,
    d: (i32, i32),
    mut left: u8,
    bounce: bool,
    mut visited: Bitboard,
    turns: &mut Turns,
    f: &mut dyn FnMut(Stop<'_>) -> bool,
) -> bool {
    while left > 0 {
        let next = p.offset(d.0, d.1);
        match next {
            Some(n) if !b.blockers.contains(n) => {
                if visited.contains(n) {
                    return false;
                }
                left -= 1;
                visited.set(n);
                p = n;
                let stop = Stop {
                    to: n,
                    turns,
                    onto_unit: false,
                };
                if f(stop) {
                    return true;
                }
            }
            _ => {
                if let Some(n) = next.filter(|&n| b.units.contains(n)) {
                    let stop = Stop {
                        to: n,
                        turns,
                        onto_unit: true,
                    };
                    if f(stop) {
                        return true;
                    }
                }
                if !bounce || p == from {
                    return false;
                }
                for (ex, ey) in turn_dirs(d.0, d.1) {
                    let Some(q) = p.offset(ex, ey) else {
                        continue;
                    };
                    if !b.blockers.contains(q) {
                        if visited.contains(q) {
                            continue;
                        }
                        turns.push(p);
                        let done = segment(b, from, p, (ex, ey), left, bounce, visited, turns, f);
                        turns.pop();
                        if done {
                            return true;
                        }
                    } else if b.units.contains(q) {
                        turns.push(p);
                        let stop = Stop {
                            to: q,
                            turns,
                            onto_unit: true,
                        };
                        let done = f(stop);
                        turns.pop();
                        if done {
                            return true;
                        }
                    }
                }
                return false;
            }
        }
    }
    false
}

/// True if a route from `from` along one of `dirs` reaches `t` (enters it, or meets a unit
/// on it) within `range` squares.
pub fn reaches(
    b: Board,
    from: Square,
    dirs: &[(i32, i32)],
    range: u8,
    bounce: bool,
    t: Square,
) -> bool {
    // Each square entered moves the mover one step in the king metric, so a route never
    // ends farther than its range.
    if from.distance(t) > range || range == 0 {
        return false;
    }
    // A mover whose first squares are all blocked meets them and stops: it never turns on
    // its origin (the common case of a boxed-in piece, answered without a walk).
    let mut boxed = true;
    for &(dx, dy) in dirs {
        if let Some(n) = from.offset(dx, dy) {
            if !b.blockers.contains(n) {
                boxed = false;
            } else if n == t {
                return b.units.contains(t);
            }
        }
    }
    if boxed {
        return false;
    }
    dirs.iter()
        .any(|&d| routes(b, from, d, range, bounce, &mut |s| s.to == t))
}

/// Every square a route from `from` along one of `dirs` enters or meets a unit on, within
/// `range` squares.
pub fn reach_set(b: Board, from: Square, dirs: &[(i32, i32)], range: u8, bounce: bool) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for &d in dirs {
        routes(b, from, d, range, bounce, &mut |s| {
            out.set(s.to);
            false
        });
    }
    out
}
