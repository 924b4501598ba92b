//! What the board looks like to a moving unit: blockers, landing squares and forward
//! (FC11-TURN-13, FC11-SETP-10).
//!
//! Owns: the occupancy a move is judged against, built once per listing ([`View`]).
//! * FC11-TURN-13: riders (slides) stop before a unit or a wall and never land on a wall;
//!   leapers jump over units, walls and tombs but never land on a wall, and no
//!   intermediate landing point of a composite leap (Jester, Chancellor) may be a wall.
//! * FC11-SETP-10: slides pass over tombs (the costs of passing a tomb belong to a later
//!   part); only units and walls block.
//! * Landing: a non-capture move lands on a square with no unit and no wall; a tomb may be
//!   landed on, except by the King (FC11-KING-11) and the Frog (FC11-FROG-02), which the
//!   unit modules test.
//!
//! * FC11-QUEN-05: a Queen's double blocks like a wall ([`View::walls`] holds both; a
//!   route bounces off it, nothing lands on it).
//!
//! Uses: the core position and [`super::double`] (the double's squares) only, so every
//! unit module may use it.

use super::base::{Fc11Position, PAWN};
use frozen_core::{Action, Bitboard, Dir, Side, Square, Unit, UnitId};

/// The board as moves see it: units, walls and tombs.
#[derive(Copy, Clone, Debug)]
pub struct View<'a> {
    /// The position.
    pub pos: &'a Fc11Position,
    /// Squares holding a unit.
    pub units: Bitboard,
    /// Wall squares and the squares of Queens' doubles, which block like walls
    /// (FC11-WALL-03, FC11-QUEN-05).
    pub walls: Bitboard,
    /// Squares holding a tomb (a non-empty queue of dead units).
    pub tombs: Bitboard,
    /// What stops a slide: units and walls.
    pub blockers: Bitboard,
    /// Guarded units' squares (FC11-EMPW-05): no capture lands there. Empty unless the
    /// view was built for a listing ([`View::with_guards`]).
    pub guarded: Bitboard,
    /// The kind a moving unit keeps for kind immunity while it moves with a pattern of
    /// another kind (a stand-in unit of the lender's kind makes the moves; FC11-EMPW-02,
    /// FC11-ROOK-04); `None` for its own patterns.
    pub actor: Option<frozen_core::Kind>,
}

impl<'a> View<'a> {
    /// The view of a position.
    pub fn new(pos: &'a Fc11Position) -> View<'a> {
        let units = pos.occupied();
        let walls = pos.walls().mask() | super::double::squares(pos);
        let mut tombs = Bitboard::EMPTY;
        for (sq, t) in pos.tombs().iter() {
            if !t.queue.is_empty() {
                tombs.set(sq);
            }
        }
        View {
            pos,
            units,
            walls,
            tombs,
            blockers: units | walls,
            guarded: Bitboard::EMPTY,
            actor: None,
        }
    }

    /// This view with the guarded squares `guarded` (FC11-EMPW-05).
    pub fn with_guards(self, guarded: Bitboard) -> View<'a> {
        View { guarded, ..self }
    }

    /// True if `mover` may capture the unit on `t` (FC11-CAPT-02 through
    /// [`super::capture::refusal_as`], with [`View::actor`]'s kind; and not a guarded unit,
    /// FC11-EMPW-05).
    #[inline]
    pub fn may_capture(&self, mover: &Unit, t: Square) -> bool {
        let Some(vid) = self.unit_at(t) else {
            return false;
        };
        if self.guarded.contains(t) {
            return false;
        }
        let kind = self.actor.unwrap_or(mover.kind);
        super::capture::refusal_as(kind, mover, self.unit(vid)).is_none()
    }

    /// True if a non-capture move may end on `sq`: no unit, no wall, no double (a tomb is allowed
    /// here; the King and the Frog test tombs themselves).
    #[inline]
    pub fn open(&self, sq: Square) -> bool {
        !self.blockers.contains(sq)
    }

    /// The unit on `sq`, if any.
    #[inline]
    pub fn unit_at(&self, sq: Square) -> Option<UnitId> {
        self.pos.unit_at(sq)
    }

    /// The unit record of `id`.
    #[inline]
    pub fn unit(&self, id: UnitId) -> &'a Unit {
        self.pos.unit(id)
    }

    /// What a route leaving `from` meets (FC11-TURN-12): every blocker but the mover's own
    /// square, which it has left.
    #[inline]
    pub fn route_board(&self, from: Square) -> super::bounce::Board {
        super::bounce::Board {
            blockers: self.blockers.without(from),
            units: self.units.without(from),
        }
    }
}

/// The owner's forward: +rank for White, -rank for Black (Knight steps, Ballista, Ship).
#[inline]
pub fn side_forward(side: Side) -> i32 {
    match side {
        Side::White => 1,
        Side::Black => -1,
    }
}

/// The unit's aim (pawns, Trebuchets, Onagers), its owner's forward if it has none.
#[inline]
pub fn aim(unit: &Unit) -> Dir {
    unit.status.aim.unwrap_or_else(|| Dir::forward(unit.side))
}

/// Walks a slide from `s` along `(df, dr)` for at most `range` squares, calling `f` with
/// each square entered and its distance; the walk stops after the first blocker (unit or
/// wall), which is passed to `f` too.
#[inline]
pub fn walk(v: &View, s: Square, df: i32, dr: i32, range: u8, mut f: impl FnMut(Square, u8)) {
    let mut cur = s;
    for n in 1..=range {
        let Some(next) = cur.offset(df, dr) else {
            return;
        };
        f(next, n);
        if v.blockers.contains(next) {
            return;
        }
        cur = next;
    }
}

/// True if a slide from `s` reaches `t` in a straight line along one of `dirs` within
/// `range` squares, with nothing blocking in between (a unit or wall may stand on `t`).
pub fn slide_reaches(v: &View, s: Square, t: Square, dirs: &[Dir], range: u8) -> bool {
    let df = i32::from(t.file()) - i32::from(s.file());
    let dr = i32::from(t.rank()) - i32::from(s.rank());
    if (df == 0 && dr == 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
        return false;
    }
    let d = Dir::new(df.signum() as i8, dr.signum() as i8);
    if !dirs.contains(&d) || s.distance(t) > range {
        return false;
    }
    let mut cur = s;
    loop {
        let Some(next) = cur.step(d) else {
            return false;
        };
        if next == t {
            return true;
        }
        if v.blockers.contains(next) {
            return false;
        }
        cur = next;
    }
}

/// Pushes the move `s`→`t` of a unit that moves (and, with `captures`, captures) there:
/// onto an open square, or onto an enemy unit it may capture ([`super::capture::capturable`]).
#[inline]
pub fn push_plain(
    v: &View,
    mover: &Unit,
    s: Square,
    t: Square,
    captures: bool,
    out: &mut Vec<Action>,
) {
    if v.open(t) || (captures && v.may_capture(mover, t)) {
        out.push(Action::step(s, t));
    }
}

/// True if `unit` is a pawn.
#[inline]
pub fn is_pawn(unit: &Unit) -> bool {
    unit.kind == PAWN
}

/// Compass names of the eight directions, in `Dir::ALL8` order (north = toward rank 16).
pub const DIR_NAMES: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

/// The compass name of a direction (`N`, `NE`, ...).
pub fn dir_name(d: Dir) -> &'static str {
    d.index8().map_or("?", |i| DIR_NAMES[i])
}
