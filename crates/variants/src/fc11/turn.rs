//! The turn, its end-of-ply order and legality (FC11-TURN-01, -02, -14..17, -19).
//!
//! * FC11-TURN-01: players alternate; in this part each turn is one action (one decision):
//!   a move, a capture, a Pawn Rotation or a Paralysis Transfer (`act:`), or the null move
//!   (`pass`).
//! * FC11-TURN-02: a normal move goes from A to B with the unit's pattern; one that gives
//!   check is still a normal move (nothing here treats it differently).
//! * FC11-TURN-14: the path of a move ([`path_squares`]): for a slide every square entered;
//!   for a leap its landing points, intermediate ones of a composite leap included; none
//!   for a rotation. Later parts build walls, tomb passes and shellshock on it.
//! * FC11-TURN-15: no action may leave the acting side's King attacked: each candidate is
//!   played and undone, and kept only if the King is then safe ([`legal_actions`]); a
//!   null move or a Pawn Rotation that provably leaves A(enemy) as it is takes its
//!   verdict from the listing's maps instead (`Shortcut`).
//! * FC11-TURN-16: the end-of-ply order, published and kept by [`exec`] and
//!   `Rules::perform`: (1) the action resolves with its immediate effects (captures, the
//!   victim's walls dissolving, promotion); (2) the mover's trail walls appear and its
//!   older walls dissolve ([`super::walls`]), and a Queen's double appears on the square
//!   she left while her older double goes ([`super::double`]); (3) pending tombs arm: a
//!   tomb counts as pending while a unit, a wall or a double stands on it, which is read
//!   from the board, never stored
//!   (tombs that explode are a later part); (4) the mover's side's owner-turn timers
//!   advance: paralysis counters are absolute owner-turn numbers
//!   ([`crate::frozen_family::timers`]), so the turn counter moving on is the tick;
//!   (5) to (7) caster timers, round timers and monads are later parts; (8) auras and
//!   statuses (Pincer, Jester presence, Gaze, Knightmare, Royal Guards) are recomputed
//!   from the board whenever asked, never stored; (9) the ends of the
//!   game: the null-move draw, a missing King, checkmate and stalemate
//!   ([`super::victory::after_ply`]), and repetition (the game record, [`super::draw`]).
//! * FC11-TURN-17: the move counter is the number of completed rounds ([`move_number`];
//!   [`MOVE_COUNTER`] names the unit), a null move counting like any ply.
//! * FC11-TURN-19: no disguised pass: the null move is the only action that changes nothing.
//!   Every other action of this part changes the position by construction (a move moves a
//!   unit, a Pawn Rotation must pick a new aim, a Paralysis Transfer changes two counters),
//!   so no general comparison runs in the hot path; random play checks the property
//!   (`tests/fc11_random.rs`).
//!
//! Uses: [`super::units`] (candidates, check), [`super::capture`], [`super::promotion`],
//! [`super::paralysis`].

use super::base::{
    Fc11, Fc11Position, ASSASSIN, BALLISTA, BISHOP, CANNON, CHANCELLOR, DRAGON, FROG, JESTER, KING,
    ONAGER, PAWN, QUEEN, SHIP, TEMPLAR, TREBUCHET,
};
use super::board::View;
use super::capture::{apply_crr, capture, current_range, refusal, CrrCount, Refusal};
use super::check::king_safe;
use super::node::Node;
use super::paralysis::is_paralyzed;
use super::units::{self, delta};
use frozen_core::{Action, ActionKind, Bitboard, Dir, Event, EventSink, NoEvents, Side, Square};
use smallvec::SmallVec;

/// What the move counter counts (FC11-TURN-17).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveCounter {
    /// Completed rounds (a White ply and the Black ply after it): chess move numbers.
    Rounds,
    /// Plies.
    Plies,
}

/// The unit of the game's move counter (FC11-TURN-17): completed rounds.
pub const MOVE_COUNTER: MoveCounter = MoveCounter::Rounds;

/// The game's move counter (FC11-TURN-17): completed rounds since the position was set up
/// (a null move counts like any ply). Black's turn counter counts Black's started turns.
pub fn move_number(pos: &Fc11Position) -> u32 {
    let black = pos.turns()[Side::Black];
    let rounds = if pos.to_move() == Side::Black {
        black.saturating_sub(1)
    } else {
        black
    };
    match MOVE_COUNTER {
        MoveCounter::Rounds => rounds,
        MoveCounter::Plies => pos.ply(),
    }
}

/// Appends the candidate actions of the side to act: every action the movement rules allow,
/// then the null move, before the own-King test (FC11-TURN-15). Paralysed units have none
/// (FC11-PARA-01).
pub fn candidates(fc: &Fc11, pos: &Fc11Position, out: &mut Vec<Action>) {
    candidates_and_shortcut(fc, pos, out);
}

/// What the listing's maps (its [`Node`]) tell the own-King test (FC11-TURN-15) about the
/// actions that change nothing A(enemy) depends on.
#[derive(Copy, Clone, Debug)]
struct Shortcut {
    /// The mover's King is in A(enemy) now.
    threatened: bool,
    /// No unit of the mover wakes when its turn passes (no counter paralysis ends with
    /// this turn): every unit's paralysis is the same after the action.
    quiet: bool,
    /// The squares of the enemy's units that can protect (FC11-EMPW-03).
    lenders: Bitboard,
}

impl Shortcut {
    fn new(pos: &Fc11Position, node: &Node) -> Option<Shortcut> {
        let me = pos.to_move();
        let king = super::check::king_square(pos, me)?;
        let quiet = pos.side_bb(me).iter().all(|sq| {
            pos.unit_at(sq)
                .map_or(true, |id| super::paralysis::turns_left(pos, id) != 1)
        });
        let mut lenders = Bitboard::EMPTY;
        for k in super::empower::LENDERS {
            lenders |= pos.pieces(me.opposite(), k);
        }
        Some(Shortcut {
            threatened: node.threatened(king, me.opposite()),
            quiet,
            lenders,
        })
    }

    /// The own-King verdict of the candidate `a`, read off the node when `a` provably leaves
    /// A(enemy) as it is (`None`: play it and look). While no unit of the mover wakes, a
    /// null move changes no unit, and a Pawn Rotation changes only the squares its pawn
    /// attacks, all next to it: A0(enemy) depends on the board and the enemy's paralysis
    /// (the same), and the lent part of A(enemy) on which enemy protectors are valid,
    /// that is outside A0(mover) (FC11-EMPW-04), which can change only for an enemy
    /// protector next to the pawn. With none there, A(enemy) after the action is the
    /// node's, and so is the verdict.
    fn verdict(&self, pos: &Fc11Position, a: &Action) -> Option<bool> {
        if !self.quiet {
            return None;
        }
        if super::null::is_null(a) {
            return Some(!self.threatened);
        }
        if a.kind != ActionKind::Act {
            return None;
        }
        let from = a.from()?;
        let id = pos.unit_at(from)?;
        let rotation = pos.unit(id).kind == PAWN && !super::transfer::is_transfer(pos, a);
        (rotation && (super::maps::around(from, 1) & self.lenders).is_empty())
            .then_some(!self.threatened)
    }
}

/// [`candidates`], returning what the node tells the own-King test ([`Shortcut`]).
fn candidates_and_shortcut(
    fc: &Fc11,
    pos: &Fc11Position,
    out: &mut Vec<Action>,
) -> Option<Shortcut> {
    if pos.result().is_some() {
        return None;
    }
    let v = View::new(pos);
    let node = Node::new(&v);
    let v = v.with_guards(node.guarded);
    let frozen = super::transfer::counter_frozen(pos, pos.to_move());
    let me = pos.to_move();
    for sq in pos.side_bb(me).iter() {
        candidates_of(fc, &v, &node, sq, frozen, out);
    }
    // FC11-NULL-03: not while in check now.
    let king = super::check::king_square(pos, me);
    if !matches!(king, Some(k) if node.threatened(k, me.opposite())) {
        out.push(super::null::action());
    }
    Shortcut::new(pos, &node)
}

/// The candidates of the unit on `sq`: its own moves, the moves lent by Empower and Tower
/// (FC11-EMPW-02, FC11-ROOK-04), an Assassin's retained moves (FC11-ASSN-13), a Jester's
/// stolen moves (FC11-JEST-03), less the
/// captures a Templar's Shield forbids (FC11-TEMP-03), then its Paralysis Transfers to the
/// friendly units paralysed by their counter on `frozen` (FC11-PARA-05). `v` carries the
/// guards of `node` (FC11-EMPW-05).
fn candidates_of(
    fc: &Fc11,
    v: &View,
    node: &Node,
    sq: Square,
    frozen: Bitboard,
    out: &mut Vec<Action>,
) {
    let Some(id) = v.pos.unit_at(sq) else { return };
    if is_paralyzed(v.pos, id) {
        return;
    }
    let start = out.len();
    let u = v.pos.unit(id);
    units::moves(fc, v, u, sq, out);
    for g in node.grants_of(id) {
        let lender = v.pos.unit(g.lender);
        let lent = if g.tower {
            super::empower::tower_stand_in(u, lender)
        } else {
            super::empower::stand_in(u, lender)
        };
        super::empower::lent_moves(fc, v, u, &lent, sq, start, out);
    }
    super::retain::moves(fc, v, id, u, sq, start, out);
    if u.kind == JESTER {
        let thieves: SmallVec<[&frozen_core::Unit; 8]> = node
            .attackers(v, sq, u.side.opposite())
            .iter()
            .map(|&eid| v.pos.unit(eid))
            .collect();
        super::steal::stolen_moves(fc, v, u, sq, &thieves, start, out);
    }
    let mut keep = start;
    for i in start..out.len() {
        if !shielded(v, &out[i]) {
            out.swap(keep, i);
            keep += 1;
        }
    }
    out.truncate(keep);
    let threatened = node.threatened(sq, u.side.opposite());
    super::transfer::candidates(v, id, sq, frozen, threatened, out);
}

/// True if `a` captures a Templar whose Shield holds against its mover (FC11-TEMP-03).
fn shielded(v: &View, a: &Action) -> bool {
    let (Some(from), Some(to)) = (a.from(), a.to()) else {
        return false;
    };
    if a.kind != ActionKind::Move {
        return false;
    }
    v.unit_at(to).is_some_and(|tid| {
        v.unit(tid).kind == TEMPLAR && units::templar::shield_holds(v, tid, to, from)
    })
}

/// True if the candidate `a` leaves the mover's King safe (FC11-TURN-15); `pos` is restored.
/// The action runs through [`exec`] only: step (8)'s memory of the Assassins
/// ([`super::retain::remember`]) gives moves that never capture, so it cannot change
/// whether a King is attacked.
pub fn is_legal(fc: &Fc11, pos: &mut Fc11Position, a: &Action) -> bool {
    let me = pos.to_move();
    let m = pos.mark();
    exec(fc, pos, a, &mut NoEvents);
    let ok = king_safe(pos, me);
    pos.undo_to(m);
    ok
}

/// Appends every legal action of the side to act (in candidate order). The own-King test
/// plays each candidate, except those whose verdict the node gives (`Shortcut`).
pub fn legal_actions(fc: &Fc11, pos: &mut Fc11Position, out: &mut Vec<Action>) {
    let start = out.len();
    let cut = candidates_and_shortcut(fc, pos, out);
    let mut keep = start;
    for i in start..out.len() {
        let a = out[i].clone();
        let known = cut.and_then(|c| c.verdict(pos, &a));
        if known.unwrap_or_else(|| is_legal(fc, pos, &a)) {
            out[keep] = a;
            keep += 1;
        }
    }
    out.truncate(keep);
}

/// Number of legal actions of the side to act; `buf` is scratch space.
pub fn count_legal(fc: &Fc11, pos: &mut Fc11Position, buf: &mut Vec<Action>) -> u64 {
    buf.clear();
    let cut = candidates_and_shortcut(fc, pos, buf);
    let mut n = 0;
    for a in buf.iter() {
        let known = cut.and_then(|c| c.verdict(pos, a));
        if known.unwrap_or_else(|| is_legal(fc, pos, a)) {
            n += 1;
        }
    }
    buf.clear();
    n
}

/// True if the side to act has at least one legal action other than the null move (unit
/// by unit, stopping at the first; FC11-NULL-04).
pub fn has_legal_action(fc: &Fc11, pos: &mut Fc11Position) -> bool {
    if has_quiet_legal_move(fc, pos) {
        return true;
    }
    crate::frozen_family::turn::with_scratch(|buf| {
        let squares = pos.side_bb(pos.to_move());
        let frozen = super::transfer::counter_frozen(pos, pos.to_move());
        let node = Node::new(&View::new(pos));
        for sq in squares.iter() {
            buf.clear();
            {
                let v = View::new(pos).with_guards(node.guarded);
                candidates_of(fc, &v, &node, sq, frozen, buf);
            }
            if buf.iter().any(|a| is_legal(fc, pos, a)) {
                return true;
            }
        }
        false
    })
}

/// True if some unit of the side to act has a legal own move onto an open square or a Pawn
/// Rotation: candidates whatever the maps say (guards, the Templar's Shield and lent
/// patterns only remove captures or add moves), so no [`Node`] is built. The quick "yes"
/// of [`has_legal_action`]; a "no" proves nothing.
fn has_quiet_legal_move(fc: &Fc11, pos: &mut Fc11Position) -> bool {
    crate::frozen_family::turn::with_scratch(|buf| {
        let me = pos.to_move();
        for sq in pos.side_bb(me).iter() {
            buf.clear();
            {
                let v = View::new(pos);
                let Some(id) = pos.unit_at(sq) else { continue };
                if is_paralyzed(pos, id) {
                    continue;
                }
                units::moves(fc, &v, pos.unit(id), sq, buf);
                buf.retain(|a| a.kind == ActionKind::Act || a.to().is_some_and(|t| v.open(t)));
            }
            if buf.iter().any(|a| is_legal(fc, pos, a)) {
                return true;
            }
        }
        false
    })
}

/// Performs one listed action (FC11-TURN-01) through the end-of-ply steps (1) to (8) of
/// FC11-TURN-16: a move or capture ([`super::capture`], promotion) with its trail walls
/// ([`super::walls`]), a Pawn Rotation, a Paralysis Transfer ([`super::transfer`]) or
/// the null move ([`super::null`]); then the turn passes. Step (8)'s stored part (the
/// Assassins' memories, [`super::retain::remember`]) and step (9) are `Rules::perform`'s.
pub fn exec(fc: &Fc11, pos: &mut Fc11Position, a: &Action, events: &mut dyn EventSink) {
    if super::null::is_null(a) {
        super::null::exec(pos, events);
        return finish(pos, events);
    }
    let (Some(from), Some(to)) = (a.from(), a.to()) else {
        return;
    };
    let Some(id) = pos.unit_at(from) else { return };
    match a.kind {
        ActionKind::Move => {
            let path = path_squares(fc, pos, a);
            let kind = pos.unit(id).kind;
            let trail = super::walls::trail(kind, from, &path);
            let victim = pos.unit_at(to);
            let victim_kind = victim.map(|vid| pos.unit(vid).kind);
            if let Some(vid) = victim {
                capture(pos, vid, to, id, events);
            }
            pos.move_unit(id, to);
            if events.wants() {
                events.push(Event::Moved { unit: id, from, to });
            }
            let u = pos.unit(id);
            if u.kind == PAWN {
                if !u.status.moved {
                    pos.update_status(id, |st| st.moved = true);
                }
                super::promotion::after_move(fc, pos, id, victim_kind, a.piece, events);
            } else if let Some(k) = victim_kind {
                apply_crr(pos, id, &[k], CrrCount::EachVictim);
            }
            super::walls::make(pos, id, trail, events);
            if kind == QUEEN {
                super::double::place(pos, id, from, events);
            }
        }
        ActionKind::Act if super::transfer::is_transfer(pos, a) => {
            super::transfer::exec(pos, id, to, events);
        }
        ActionKind::Act => {
            let (df, dr) = delta(from, to);
            pos.update_status(id, |st| st.aim = Some(Dir::new(df as i8, dr as i8)));
        }
        _ => return,
    }
    super::null::reset(pos);
    finish(pos, events);
}

/// Hands the turn over (FC11-TURN-16 step 4: the turn counters are the timers' clock).
fn finish(pos: &mut Fc11Position, events: &mut dyn EventSink) {
    pos.pass_turn();
    pos.bump_ply();
    if events.wants() {
        events.push(Event::TurnPassed { to: pos.to_move() });
    }
}

/// The path of a listed action in `pos`, before it is played (FC11-TURN-14): every square a
/// slide enters, the landing points of a leap (a composite leap's intermediate ones
/// first), the slide and the victim of a Lancer capture, nothing for a rotation. The
/// destination is always last.
pub fn path_squares(fc: &Fc11, pos: &Fc11Position, a: &Action) -> SmallVec<[Square; 16]> {
    let mut out = SmallVec::new();
    let Some(from) = a.from() else {
        return out;
    };
    if a.kind != ActionKind::Move {
        return out;
    }
    let Some(kind) = pos.unit_at(from).map(|id| pos.unit(id).kind) else {
        return out;
    };
    let blockers = pos.occupied() | pos.walls().mask() | super::double::squares(pos);
    let mut prev = from;
    for &c in &a.path[1..] {
        let (df, dr) = delta(prev, c);
        let straight = df == 0 || dr == 0 || df.abs() == dr.abs();
        // A straight segment over open squares is a slide, unless its shape is one of the
        // mover's own leaps (a lent slide with the same squares as an own leap is that
        // leap: the same action, FC11-EMPW-02); pawns never slide.
        let own_leap = match kind {
            PAWN => true,
            JESTER => units::jester::is_own_leap(df, dr),
            DRAGON => units::dragon::TWO.contains(&(df, dr)),
            ASSASSIN => units::assassin::THREE.contains(&(df, dr)),
            FROG => units::frog::FROG_DELTAS.contains(&(df, dr)),
            BALLISTA => (df.abs(), dr.abs()) == (0, 2) || (df.abs(), dr.abs()) == (3, 0),
            _ => false,
        };
        let slide = straight && !own_leap && (fc.geo.between(prev, c) & blockers).is_empty();
        if slide {
            out.extend(fc.geo.between(prev, c).iter());
        } else if kind == JESTER && units::jester::is_own_leap(df, dr) {
            let (sx, sy) = (df.signum(), dr.signum());
            for i in 2..=df.abs().min(dr.abs()) {
                if let Some(p) = prev.offset(i * sx, i * sy).filter(|&p| p != c) {
                    out.push(p);
                }
            }
        } else if kind == CHANCELLOR && units::chancellor::ZEBRA.contains(&(df, dr)) {
            out.extend(units::chancellor::corner(prev, df, dr));
        }
        out.push(c);
        prev = c;
    }
    out
}

/// Why `a` is not legal in `pos`, in rule terms.
pub fn explain_illegal(fc: &Fc11, pos: &Fc11Position, a: &Action) -> String {
    if let Some(o) = pos.result() {
        return format!("the game is over: {o}");
    }
    if super::null::is_null(a) {
        return "a null move is refused while your King is in check (FC11-NULL-03)".into();
    }
    let me = pos.to_move();
    let mut cands = Vec::new();
    candidates(fc, pos, &mut cands);
    if cands.contains(a) {
        return "it would leave your own King in check (FC11-TURN-15, FC11-KING-03)".into();
    }
    let (Some(from), Some(to)) = (a.from(), a.to()) else {
        return "fc11 actions are moves (`e4e5`), Pawn Rotations and Paralysis Transfers (`act:e4f4`) and the null move (`pass`)".into();
    };
    let Some(id) = pos.unit_at(from) else {
        return format!("there is no unit on {from}");
    };
    let u = pos.unit(id);
    if u.side != me {
        return format!("the unit on {from} belongs to {}", u.side);
    }
    if let Some(st) = super::status::status(pos, id) {
        return format!(
            "the {} on {from} is {} (FC11-PARA-04)",
            fc.kind_name(u.kind),
            st.describe()
        );
    }
    if is_paralyzed(pos, id) {
        return format!(
            "the {} on {from} is paralysed for {} more turn(s) of its owner (FC11-PARA-01, FC11-PARA-02)",
            fc.kind_name(u.kind),
            super::paralysis::turns_left(pos, id)
        );
    }
    if a.kind == ActionKind::Act && super::transfer::is_transfer(pos, a) {
        return super::transfer::explain(fc, pos, id, from, to);
    }
    if u.kind == PAWN {
        if let Some(k) = units::knight::knightmare(pos, id) {
            return format!("the pawn on {from} is under the Knightmare of the Knight on {k}: it may only move 1 square forward (FC11-KNGT-06)");
        }
    }
    match (a.kind, u.kind) {
        (ActionKind::Act, PAWN) => {
            return "a Pawn Rotation names the pawn and an orthogonal neighbour it does not face yet (FC11-PAWN-11)".into();
        }
        (ActionKind::Act, _) => return "`act:<unit><square>` is a Pawn Rotation or a Paralysis Transfer to a friendly unit (FC11-PAWN-11, FC11-PARA-05)".into(),
        (ActionKind::Move, _) => {}
        _ => return "fc11 actions are moves (`e4e5`), Pawn Rotations and Paralysis Transfers (`act:e4f4`) and the null move (`pass`)".into(),
    }
    if u.kind == TREBUCHET || u.kind == CANNON {
        return format!(
            "a {} never moves on its own (FC11-TREB-01, FC11-CANN-01)",
            fc.kind_name(u.kind)
        );
    }
    if pos.walls().get(to).is_some() {
        return format!("{to} is a wall: no unit lands on a wall (FC11-TURN-13)");
    }
    if super::double::squares(pos).contains(to) {
        return format!("{to} holds a Queen's double: it blocks like a wall and nothing lands on it (FC11-QUEN-05)");
    }
    if let Some(vid) = pos.unit_at(to) {
        let v = pos.unit(vid);
        let view = View::new(pos);
        if v.side != me && Node::new(&view).guarded.contains(to) {
            return format!(
                "the {} on {to} is guarded: two or more unthreatened pieces protect it, so it cannot be captured (FC11-EMPW-05)",
                fc.kind_name(v.kind)
            );
        }
        if !units::attacks(&view, u, from, to) {
            return match u.kind {
                BISHOP | JESTER | FROG | super::base::BALLISTA | SHIP | ONAGER => {
                    format!("a {} never captures (FC11-SETP-13)", fc.kind_name(u.kind))
                }
                _ => format!("the {} on {from} cannot capture on {to} (its patterns, path or range do not reach it)", fc.kind_name(u.kind)),
            };
        }
        if let Some(r) = refusal(u, v) {
            return match r {
                Refusal::Friendly => format!("{to} holds a friendly unit"),
                Refusal::King => "the King is never captured: checkmate it instead (FC11-CAPT-02)".into(),
                Refusal::Immortal => format!("a {} is immortal and cannot be captured (FC11-CAPT-02, FC11-FROG-01, FC11-SHIP-01)", fc.kind_name(v.kind)),
                Refusal::KindImmunity => format!("kind immunity: a {} can do nothing to a {} (FC11-PARA-12)", fc.kind_name(u.kind), fc.kind_name(v.kind)),
            };
        }
        if v.kind == TEMPLAR && units::templar::shield_holds(&View::new(pos), vid, to, from) {
            return format!(
                "the Templar's Shield: the Templar on {to} could capture on {from}, so it cannot be captured from there (FC11-TEMP-03)"
            );
        }
    }
    if u.kind == PAWN && a.piece.is_none() && super::promotion::on_far_rank(fc, me, to) {
        return "a pawn ending on its far rank must promote: add =Q, =R, =N ... (FC11-PAWN-05)"
            .into();
    }
    if matches!(a.piece, Some(KING | PAWN)) {
        return "a pawn promotes to any kind but King and Pawn (FC11-PAWN-05)".into();
    }
    if a.piece.is_some() {
        return "a promotion kind is given only by a pawn that ends on its far rank, and never beyond the caps of 8 Frogs, 8 Ships and 16 immortals (FC11-PAWN-05)".into();
    }
    if pos.tombs().get(to).is_some_and(|t| !t.queue.is_empty()) && matches!(u.kind, KING | FROG) {
        return format!(
            "the {} never moves onto a tomb (FC11-KING-11, FC11-FROG-02)",
            fc.kind_name(u.kind)
        );
    }
    if super::capture::has_crr(u.kind) && from.distance(to) > current_range(u) {
        return format!(
            "{to} is beyond the {}'s current range of {} squares (FC11-CAPT-04)",
            fc.kind_name(u.kind),
            current_range(u)
        );
    }
    format!(
        "the {} on {from} cannot go to {to} with its patterns now (blocked, or not one of its moves)",
        fc.kind_name(u.kind)
    )
}
