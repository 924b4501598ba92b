//! Respawn (FC6-RESP-01..08).
//!
//! * FC6-RESP-01: a special move, written `drop:<letter>@<square>` (the head's kind, then
//!   the ACTIVE tomb's square): the oldest unit of an ACTIVE tomb's queue comes back on
//!   that square, if it belongs to the side to act ([`candidates`], [`perform`]).
//! * FC6-RESP-02: the square holds no normal unit and no wall.
//! * FC6-RESP-03: the square lies outside the enemy's influence map ([`influence`]) in the
//!   position right after the respawn (the unit on the square, the enemy to act).
//! * FC6-RESP-04: only the head of the queue: if it is the opponent's or its square is
//!   influenced, the units behind it wait.
//! * FC6-RESP-05: the unit comes back with the kind, colour and identity it had at death,
//!   range 16 and no paralysis (reset when it died, [`super::tomb::die`]); its tomb is
//!   no longer ACTIVE: PENDING under it if more units wait, else gone.
//! * FC6-RESP-06: no time limit; each ACTIVE tomb with a head of the mover's colour is a
//!   separate action.
//! * FC6-RESP-07: the whole-turn test keeps the mover's king out of check; respawn answers
//!   check like any action; it is a whole turn (no leg follows it); never White's first
//!   action (only pawn moves are listed then); kings never respawn.
//! * FC6-RESP-08: Inf(E), one pass over E's normal unparalysed units ([`influence`]):
//!   (1) squares they attack (a knight's Knight's Leap capture squares included); (2) the 8 neighbours of every square a dragon could end a
//!   leg on that Dragon's Fire allows (no unit, wall or tomb there); (3) every square
//!   s+d from which a rook's non-capturing slide in direction d ending on s could push;
//!   (4) the 3x3 of every ARMED tomb a unit could end a leg on; (5) the 3x3 of every
//!   non-E jester standing on a square of (1) or (2); (6) the 3x3 of every E jester and of
//!   every square it could end a leg on.
//!
//! Uses: [`super::attack`], [`super::empower`], [`super::jester`], [`super::knight`],
//! [`super::movement`], [`super::tomb`]; the turn's `exec` is passed in.

use super::attack::capture_grants;
use super::base::{
    with_copy, Fc6, Fc6Position, DEFAULT_RANGE, DRAGON, JESTER, KING, KNIGHT, P_DIAG, ROOK,
};
use super::empower::Analysis;
use super::jester::move_grants;
use super::knight::leap_attacks;
use super::movement::for_each_leg;
use super::paralysis::is_paralyzed;
use super::tomb::{active, armed};
use frozen_core::{Action, ActionKind, Bitboard, Event, EventSink, Location, Side, Square};
use smallvec::SmallVec;

/// Plays a whole action on a scratch position (the turn's `exec`, passed in so that this
/// file does not import the turn).
pub type Exec<'a> = &'a dyn Fn(&mut Fc6Position, &Action);

/// The respawn candidates of the side to act (FC6-RESP-01..07).
pub fn candidates(fc: &Fc6, pos: &Fc6Position, exec: Exec<'_>, out: &mut Vec<Action>) {
    let me = pos.to_move();
    let free = active(pos) - pos.occupied() - pos.walls().mask();
    let mut drops: SmallVec<[(Square, Action); 8]> = SmallVec::new();
    for sq in free.iter() {
        let Some(&head) = pos.tomb(sq).and_then(|t| t.queue.first()) else {
            continue;
        };
        let u = pos.unit(head);
        if u.side != me || u.kind == KING {
            continue;
        }
        drops.push((sq, Action::new(ActionKind::Drop, &[sq]).with_piece(u.kind)));
    }
    if drops.is_empty() {
        return;
    }
    // Each drop played on one copy and taken back.
    with_copy(pos, |p| {
        for (sq, a) in drops {
            let m = p.mark();
            exec(p, &a);
            let safe = !influence(fc, p, me.opposite()).contains(sq);
            p.undo_to(m);
            if safe {
                out.push(a);
            }
        }
    });
}

/// Why the respawn `a` is not legal in `pos`, in rule terms.
pub fn explain_illegal(fc: &Fc6, pos: &Fc6Position, exec: Exec<'_>, a: &Action) -> String {
    let Some(sq) = a.from() else {
        return "a respawn names its tomb square: drop:<letter>@<square> (FC6-RESP-01)".into();
    };
    let Some(t) = pos.tomb(sq).filter(|t| !t.queue.is_empty()) else {
        return format!("there is no tomb on {sq} (FC6-RESP-01)");
    };
    if !t.open {
        return format!("the tomb on {sq} has not exploded: only an ACTIVE tomb's head respawns (FC6-RESP-01, FC6-TOMB-09)");
    }
    let head = pos.unit(t.queue[0]);
    let me = pos.to_move();
    if head.side != me {
        return format!(
            "the oldest unit in the tomb on {sq} is {}'s; units behind it wait (FC6-RESP-04)",
            head.side
        );
    }
    if head.kind == KING {
        return "kings never respawn (FC6-RESP-07)".into();
    }
    if a.piece != Some(head.kind) {
        return format!(
            "the oldest unit in the tomb on {sq} is a {}: write drop:{}@{sq} (FC6-RESP-04)",
            fc.kind_name(head.kind),
            fc.kinds.get(head.kind).map_or('?', |k| k.fen)
        );
    }
    if pos.occupied().contains(sq) || pos.walls().mask().contains(sq) {
        return format!("{sq} holds a unit or a wall (FC6-RESP-02)");
    }
    let mut scratch = pos.clone();
    exec(&mut scratch, a);
    if influence(fc, &scratch, me.opposite()).contains(sq) {
        return format!(
            "{sq} is threatened: it lies in the enemy's influence map (FC6-RESP-03, FC6-RESP-08)"
        );
    }
    "it would leave or put your own king in check (FC6-TURN-03, FC6-RESP-07)".into()
}

/// Performs a respawn on `a.path[0]` (FC6-RESP-01, FC6-RESP-05).
pub fn perform(pos: &mut Fc6Position, a: &Action, events: &mut dyn EventSink) {
    let Some(sq) = a.from() else { return };
    let Some(id) = pos.unbury(sq, Location::Board(sq)) else {
        return;
    };
    if let Some(t) = pos.tomb(sq) {
        let rest = (!t.queue.is_empty()).then(|| {
            let mut t = t.clone();
            t.open = false;
            t
        });
        pos.set_tomb(sq, rest);
    }
    let st = pos.unit(id).status;
    if st.range != DEFAULT_RANGE || st.frozen_through != 0 {
        pos.update_status(id, |st| {
            st.range = DEFAULT_RANGE;
            st.frozen_through = 0;
        });
    }
    if events.wants() {
        events.push(Event::Entered { unit: id, at: sq });
    }
}

/// The 3x3 around `c`.
fn zone(fc: &Fc6, c: Square) -> Bitboard {
    fc.geo.king(c).with(c)
}

/// The squares two steps from `c` in file or rank (the outer ring of the 5x5), where a
/// knight's leap paths may reach.
fn five_ring(c: Square) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    for df in -2i32..=2 {
        for dr in -2i32..=2 {
            if df.abs() == 2 || dr.abs() == 2 {
                if let Some(t) = c.offset(df, dr) {
                    b.set(t);
                }
            }
        }
    }
    b
}

/// The enemy influence map Inf(`e`) of FC6-RESP-08, in one pass over `e`'s normal,
/// unparalysed units.
pub fn influence(fc: &Fc6, pos: &Fc6Position, e: Side) -> Bitboard {
    let an = Analysis::new(fc, pos);
    let walls = pos.walls().mask();
    let no_end = super::tomb::active(pos);
    let armed = armed(pos);
    let tombs = pos.tombs().mask();
    let occupied = pos.occupied();
    let (mut attacked, mut fire, mut rest) = (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
    for s in pos.side_bb(e).iter() {
        let Some(id) = pos.unit_at(s) else { continue };
        if is_paralyzed(pos, id) {
            continue;
        }
        let kind = pos.unit(id).kind;
        let occ = occupied.without(s);
        // (1) attacks: every end of a capture grant's leg, then the empty squares whose
        // occupancy could change a reflection, judged exactly.
        let grants = capture_grants(&an, pos, id);
        let mut ends = Bitboard::EMPTY;
        for g in &grants {
            for_each_leg(&fc.patterns, occ, walls, e, s, *g, &mut |leg| {
                ends.set(leg.to);
                false
            });
        }
        attacked |= ends;
        // Knight's Leap capture squares are attacks too (FC6-KNIG-02).
        if kind == KNIGHT {
            for t in fc.geo.king(s).iter().chain(five_ring(s).iter()) {
                if leap_attacks(pos, s, t) {
                    attacked.set(t);
                }
            }
        }
        if grants.iter().any(|g| g.pats & P_DIAG != 0) {
            let mut near = Bitboard::EMPTY;
            for x in ends.with(s).iter() {
                near |= fc.geo.king(x);
            }
            for t in (near - ends - occupied - walls).without(s).iter() {
                if super::attack::attacks(fc, &an, pos, id, t) {
                    attacked.set(t);
                }
            }
        }
        // Non-capturing leg ends with the unit's moving grants.
        let moves = if kind == JESTER {
            move_grants(fc, &an, pos, id)
        } else {
            grants
        };
        let mut quiet = Bitboard::EMPTY;
        for g in &moves {
            for_each_leg(&fc.patterns, occ, walls, e, s, *g, &mut |leg| {
                if !leg.onto_unit {
                    quiet.set(leg.to);
                }
                false
            });
        }
        quiet -= no_end;
        // (2) Dragon's Fire landings.
        if kind == DRAGON {
            for x in (quiet - tombs).iter() {
                fire |= fc.geo.king(x);
            }
        }
        // (3) rook pushes along its own orthogonal slides.
        if kind == ROOK {
            rest |= push_squares(fc, pos, s, pos.unit(id).status.range);
        }
        // (4) ARMED tombs it could end a leg on.
        for x in (quiet & armed).iter() {
            rest |= zone(fc, x);
        }
        // (6) presence of an E jester, now and after its leg.
        if kind == JESTER {
            rest |= zone(fc, s);
            for x in quiet.iter() {
                rest |= zone(fc, x);
            }
        }
    }
    // (5) jesters of the other side on a square of (1) or (2).
    let mut out = attacked | fire | rest;
    for j in (pos.pieces(e.opposite(), JESTER) & (attacked | fire)).iter() {
        out |= zone(fc, j);
    }
    out
}

/// The squares s+d of FC6-RESP-08 (3): for each orthogonal direction d, every square one
/// beyond a square s that the rook on `from` could reach by a non-capturing slide of at
/// least one square in direction d (s not an ACTIVE tomb).
fn push_squares(fc: &Fc6, pos: &Fc6Position, from: Square, range: u16) -> Bitboard {
    let shape = fc.geo.shape();
    let blocked = pos.occupied() | pos.walls().mask();
    let active = active(pos);
    let mut out = Bitboard::EMPTY;
    for (df, dr) in [(1i32, 0i32), (-1, 0), (0, 1), (0, -1)] {
        let mut cur = from;
        for _ in 0..range {
            let Some(next) = step(shape, cur, df, dr) else {
                break;
            };
            if blocked.contains(next) {
                break;
            }
            cur = next;
            if active.contains(cur) {
                continue;
            }
            if let Some(beyond) = step(shape, cur, df, dr) {
                out.set(beyond);
            }
        }
    }
    out
}

fn step(shape: frozen_core::Shape, s: Square, df: i32, dr: i32) -> Option<Square> {
    let f = i32::from(s.file()) + df;
    let r = i32::from(s.rank()) + dr;
    if !(0..16).contains(&f) || !(0..16).contains(&r) {
        return None;
    }
    let sq = Square::new(f as u8, r as u8);
    shape.contains(sq).then_some(sq)
}
