//! Rotations (FC6-ROTA-01..09).
//!
//! * FC6-ROTA-01: Rotation (`rotate:<lower-left><upper-right>#<q>`, a special move, a
//!   whole turn) turns an N x N block, 2 <= N <= 8, by q clockwise quarter turns as seen
//!   from White: `#1` is 90 degrees clockwise, `#2` 180, `#3` 270 (90 anticlockwise).
//! * FC6-ROTA-02: no square of the block lies on file a or p or on rank 1 or 16: the block
//!   lies inside b2-o15 ([`INNER_LO`], [`INNER_HI`]).
//! * FC6-ROTA-03: majority: the mover's counted sum in the block must be strictly greater
//!   than the enemy's; a tie (0 against 0 included) allows nothing.
//! * FC6-ROTA-04: values ([`value`]): king 3, queen 3, pawn 1, every other kind 2; a unit
//!   on a square of its own colour (White light, Black dark, [`super::base::own_colour`])
//!   counts double (Color Force), judged before the rotation.
//! * FC6-ROTA-05: shadows, paralysed units (presence paralysis included) and units in
//!   tombs are not counted: only normal units on the board that are not paralysed are.
//! * FC6-ROTA-06: the block turns as one rigid piece: units, shadows (with their arrival
//!   order), walls with their end turns, tombs with queue and ACTIVE flag, traps with owner
//!   and hold ([`frozen_core::Position::rotate_block`], the core's allocation-free
//!   rotation, one journal entry, undone exactly). Square colours stay with the
//!   coordinates. fc6 keeps nothing of a square in its own state between turns (the turn
//!   in progress is empty when a rotation is played), so the core carries every layer.
//! * FC6-ROTA-07: a rotation is not movement: it makes no wall or trap, crosses no tomb,
//!   triggers no trap and steps on no tomb ([`perform`] only turns the block). Pawns keep
//!   their forward direction (it follows the colour).
//! * FC6-ROTA-08: both kings may be inside the block and turn with it.
//! * FC6-ROTA-09: illegal if it leaves the mover's king in check (the whole-turn test of
//!   FC6-TURN-03) or leaves the position unchanged: unchanged means the repetition key of
//!   FC6-DRAW-02 is the same, compared square by square ([`super::draw::same_square`]),
//!   so equal units trading places change nothing and the rotation is refused.
//!
//! Action text (`rotate:c3e5#1`) and code: [`super::notation`] ([`Special::Rotate`], the
//! number is the quarter turns).
//!
//! Listing is cheap: one pass over the units builds a prefix-sum table of the counted
//! values (mover positive, enemy negative), so each of the 728 blocks costs O(1) for the
//! majority; only blocks with a majority are compared for change, and nothing allocates.
//! Uses: [`super::base`], [`super::paralysis`], [`super::draw`], [`super::notation`].

use super::base::{own_colour, Fc6, Fc6Position, JESTER, KING, PAWN, QUEEN};
use super::draw::same_square;
use super::notation::{number, special, Special};
use super::paralysis::is_paralyzed;
use crate::frozen_family::TurnEndZone;
use frozen_core::{
    block_rotation, Action, Bitboard, BlockRotation, Event, EventSink, Kind, Location, Shape, Side,
    Square,
};

/// Smallest and largest block side (FC6-ROTA-01).
pub const MIN_SIZE: u8 = 2;
/// Largest block side (FC6-ROTA-01).
pub const MAX_SIZE: u8 = 8;
/// The lowest file and rank index a block may use (b, 2; FC6-ROTA-02).
pub const INNER_LO: u8 = 1;
/// The highest file and rank index a block may use (o, 15; FC6-ROTA-02).
pub const INNER_HI: u8 = 14;

/// A unit's rotation value before Color Force (FC6-ROTA-04).
pub const fn value(kind: Kind) -> i32 {
    match kind {
        KING | QUEEN => 3,
        PAWN => 1,
        _ => 2,
    }
}

/// The rotation `rotate:<lo><hi>#q`.
pub fn action(origin: Square, n: u8, q: u8) -> Action {
    let hi = Square::new(origin.file() + n - 1, origin.rank() + n - 1);
    Special::Rotate.action(&[origin, hi], u16::from(q))
}

/// True if `a` is written as a rotation.
#[inline]
pub fn is_rotation(a: &Action) -> bool {
    special(a) == Some(Special::Rotate) && a.path.len() == 2 && a.piece.is_none()
}

/// The block and quarter turns of a rotation, or why they are no rotation of fc6.
pub fn decode(a: &Action) -> Result<BlockRotation, String> {
    let [lo, hi] = a.path[..] else {
        return Err(
            "a rotation names two squares, the block's lower-left and upper-right corners: rotate:c3e5#1 (FC6-ROTA-01)"
                .into(),
        );
    };
    if a.piece.is_some() {
        return Err("a rotation takes no promotion (FC6-ROTA-01, FC6-ROTA-09)".into());
    }
    let q = number(a);
    if hi.file() < lo.file() || hi.rank() < lo.rank() {
        return Err(format!(
            "a rotation names the block's lower-left corner, then its upper-right one: {lo} is not below and left of {hi} (FC6-ROTA-01)"
        ));
    }
    let (w, h) = (hi.file() - lo.file() + 1, hi.rank() - lo.rank() + 1);
    if w != h {
        return Err(format!(
            "{lo}-{hi} is {w}x{h}: a rotated block is square (FC6-ROTA-01)"
        ));
    }
    if !(MIN_SIZE..=MAX_SIZE).contains(&w) {
        return Err(format!(
            "{lo}-{hi} is {w}x{w}: a rotated block is 2x2 to 8x8 (FC6-ROTA-01)"
        ));
    }
    if !(1..=3).contains(&q) {
        return Err(
            "a rotation turns by #1 (90 degrees clockwise), #2 (180) or #3 (270) (FC6-ROTA-01)"
                .into(),
        );
    }
    if lo.file() < INNER_LO || lo.rank() < INNER_LO || hi.file() > INNER_HI || hi.rank() > INNER_HI
    {
        return Err(format!(
            "{lo}-{hi} touches the board edge: a rotated block lies inside b2-o15 (FC6-ROTA-02)"
        ));
    }
    block_rotation(&Shape::SIXTEEN, lo, w, q as u8).map_err(|e| e.to_string())
}

/// The counted value of the unit on `sq` for its own side (FC6-ROTA-04/05): 0 for an
/// empty square or a paralysed unit.
fn counted(pos: &Fc6Position, sq: Square) -> Option<(Side, i32)> {
    let id = pos.unit_at(sq)?;
    if is_paralyzed(pos, id) {
        return None;
    }
    let u = pos.unit(id);
    let v = value(u.kind) * if own_colour(u.side, sq) { 2 } else { 1 };
    Some((u.side, v))
}

/// The prefix sums of the counted values, positive for `me`, negative for the enemy:
/// `t[r][f]` is the sum over files `< f` and ranks `< r`.
struct Sums([[i32; 17]; 17]);

impl Sums {
    fn new(pos: &Fc6Position, me: Side) -> Sums {
        let mut grid = [[0i32; 16]; 16];
        for sq in pos.occupied().iter() {
            if let Some((side, v)) = counted(pos, sq) {
                grid[usize::from(sq.rank())][usize::from(sq.file())] =
                    if side == me { v } else { -v };
            }
        }
        let mut t = [[0i32; 17]; 17];
        for r in 0..16 {
            for f in 0..16 {
                t[r + 1][f + 1] = grid[r][f] + t[r][f + 1] + t[r + 1][f] - t[r][f];
            }
        }
        Sums(t)
    }

    /// The sum over the n x n block with lower-left corner (f0, r0).
    #[inline]
    fn block(&self, f0: usize, r0: usize, n: usize) -> i32 {
        let t = &self.0;
        t[r0 + n][f0 + n] - t[r0][f0 + n] - t[r0 + n][f0] + t[r0][f0]
    }
}

/// Squares of jesters on the board that own a trap: a rotation that moves one changes the
/// owner recorded by the repetition key (FC6-DRAW-02).
fn trap_owners(pos: &Fc6Position) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    for (_, t) in pos.traps().iter() {
        if let Some(s) = pos.get_unit(t.owner).and_then(|u| u.loc.square()) {
            if pos.unit(t.owner).kind == JESTER {
                b.set(s);
            }
        }
    }
    b
}

/// True if turning the block changes the repetition key (FC6-ROTA-09). `content` holds
/// every square with something on it, `owners` the trap owners' squares.
fn changes(pos: &Fc6Position, rot: &BlockRotation, content: Bitboard, owners: Bitboard) -> bool {
    let block = rot.block();
    if (owners & block).iter().any(|s| rot.map(s) != s) {
        return true;
    }
    let inside = content & block;
    if rot.apply(inside) != inside {
        return true;
    }
    inside.iter().any(|s| {
        let t = rot.map(s);
        t != s && !same_square(pos, s, t)
    })
}

/// The candidate rotations of the side to act (FC6-ROTA-01..05, -09 "unchanged"; the
/// king test is the whole-turn search's).
pub fn candidates(pos: &Fc6Position, out: &mut Vec<Action>) {
    let me = pos.to_move();
    let sums = Sums::new(pos, me);
    let content = content(pos);
    let owners = trap_owners(pos);
    let (lo, hi) = (usize::from(INNER_LO), usize::from(INNER_HI));
    for n in usize::from(MIN_SIZE)..=usize::from(MAX_SIZE) {
        for r0 in lo..=hi + 1 - n {
            for f0 in lo..=hi + 1 - n {
                if sums.block(f0, r0, n) <= 0 {
                    continue;
                }
                let origin = Square::new(f0 as u8, r0 as u8);
                for q in 1..=3u8 {
                    let Ok(rot) = block_rotation(&Shape::SIXTEEN, origin, n as u8, q) else {
                        continue;
                    };
                    if changes(pos, &rot, content, owners) {
                        out.push(action(origin, n as u8, q));
                    }
                }
            }
        }
    }
}

/// The squares a rotation changes (FC6-ROTA-06/07), for the bulk verdicts of the
/// whole-turn test (FC6-ROTA-09, [`super::turn::turn_end_zone`]): the squares of the block that hold
/// anything (a unit, shadow, wall, tomb or trap) and the squares those contents are carried
/// to. Every other square of the block is empty before and after. `None` for any other
/// action.
pub fn footprint(pos: &Fc6Position, a: &Action) -> Option<Bitboard> {
    if !is_rotation(a) {
        return None;
    }
    let rot = decode(a).ok()?;
    let held = rot.block() & content(pos);
    Some(held | rot.apply(held))
}

/// The verdict of the whole-turn test on a rotation whose footprint meets the zone of
/// [`super::turn::turn_end_zone`], given without turning the block (FC6-ROTA-09 with
/// FC6-TURN-03), when the block holds only units of the mover other than its king and
/// jesters (no enemy unit, wall, tomb, trap or shadow): then the rotation changes only
/// where the mover's units stand inside the block. The enemy units whose reads miss the
/// block are the zone's parts as they were; the others are judged again on the turned
/// occupancy with the walls left after the turn's end
/// ([`super::attack::threat_after`]). `None` (play it) otherwise.
pub fn verdict_unplayed(fc: &Fc6, pos: &Fc6Position, z: &TurnEndZone, a: &Action) -> Option<bool> {
    let rot = decode(a).ok()?;
    let block = rot.block();
    let me = pos.to_move();
    let others = pos.side_bb(me.opposite())
        | pos.pieces(me, KING)
        | pos.pieces(me, JESTER)
        | (content(pos) - pos.occupied());
    if block.intersects(others) {
        return None;
    }
    let mut skip = Bitboard::EMPTY;
    for (sq, reads) in &z.parts {
        if !reads.intersects(block) {
            skip.set(*sq);
        }
    }
    let occ = rot.apply(pos.occupied());
    let walls = pos.walls().mask() - z.ended;
    super::attack::threat_after(fc, pos, me, skip, occ, walls, block | z.ended)
}

/// Every square that holds something a rotation carries: units, walls, tombs, traps and
/// shadows.
pub fn content(pos: &Fc6Position) -> Bitboard {
    pos.occupied()
        | pos.walls().mask()
        | pos.tombs().mask()
        | pos.traps().mask()
        | pos.shadows().mask()
}

/// Performs a rotation (FC6-ROTA-06/07); the caller ends the turn.
pub fn perform(pos: &mut Fc6Position, a: &Action, events: &mut dyn EventSink) {
    let Ok(rot) = decode(a) else { return };
    if events.wants() {
        // Every unit the block carries to another square: board units, shadows and the
        // units in tomb queues.
        for (from, to) in rot.pairs().filter(|(f, t)| f != t) {
            if let Some(id) = pos.unit_at(from) {
                events.push(Event::Moved { unit: id, from, to });
            }
            for &id in pos.shadows().get(from).map_or(&[][..], |l| l.as_slice()) {
                events.push(Event::Removed {
                    unit: id,
                    from: Location::Shadow(from),
                    to: Location::Shadow(to),
                });
            }
            for &id in pos.tomb(from).map_or(&[][..], |t| t.queue.as_slice()) {
                events.push(Event::Removed {
                    unit: id,
                    from: Location::Tomb(from),
                    to: Location::Tomb(to),
                });
            }
        }
    }
    pos.rotate_block(&rot);
    if events.wants() {
        events.push(Event::Note(format!(
            "block {}-{} turned by {} degrees clockwise",
            a.path[0],
            a.path[1],
            90 * u32::from(rot.quarter_turns())
        )));
    }
}

/// The counted sums of both sides in a block (FC6-ROTA-03..05), mover first.
fn sums_in(pos: &Fc6Position, block: Bitboard) -> (i32, i32) {
    let me = pos.to_move();
    let (mut mine, mut theirs) = (0, 0);
    for sq in (pos.occupied() & block).iter() {
        match counted(pos, sq) {
            Some((s, v)) if s == me => mine += v,
            Some((_, v)) => theirs += v,
            None => {}
        }
    }
    (mine, theirs)
}

/// Why the rotation `a` is not legal in `pos`, in rule terms.
pub fn explain_illegal(_fc: &Fc6, pos: &Fc6Position, a: &Action) -> String {
    let rot = match decode(a) {
        Ok(r) => r,
        Err(why) => return why,
    };
    let (mine, theirs) = sums_in(pos, rot.block());
    if mine <= theirs {
        return format!(
            "you do not hold the majority of the block: {mine} against {theirs} (counted: normal unparalysed units, king and queen 3, pawn 1, others 2, doubled on their own colour; FC6-ROTA-03..05)"
        );
    }
    let content = content(pos);
    if !changes(pos, &rot, content, trap_owners(pos)) {
        return "the rotation changes nothing: the position would stay the same (FC6-ROTA-09)"
            .into();
    }
    "your king would be in check after the rotation (FC6-ROTA-09, FC6-TURN-03)".into()
}
