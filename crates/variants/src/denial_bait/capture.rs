//! Captures, exile and the chain-reaction engine.
//!
//! Implements DB-CAPT-01 (captured pile), DB-CAPT-02 and DB-CAPT-03 (exile pile and its
//! four sources), DB-CAPT-04 (a pawn is never exiled: it goes to the opponent's captured
//! pile), DB-CAPT-05 (no friendly capture outside the listed exceptions: generators never
//! offer one), DB-CAPT-06 (riders are hit only by knights; all-round, revenge and falls
//! hit the ground piece) and DB-BASE-04 (chain reactions run after the movement's
//! mechanics, in the order of the removals, each depth-first; owner decisions are asked
//! through [`Ctx::decide`]).

use super::base::*;
use frozen_core::{Action, ActionKind, Event, Location, Side};

/// Why execution stopped early.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stop {
    /// An owner decision is needed: who decides, how many options, about which unit.
    Need {
        /// Deciding side.
        side: Side,
        /// Number of options.
        options: u16,
        /// The unit concerned.
        unit: usize,
        /// Decision kind (1 = bishop raise, 2 = bait transport target).
        kind: u16,
    },
    /// The action does not describe a movement on this board.
    Bad,
}

/// Execution context of one movement: decisions, intercepts, what happened.
#[derive(Debug, Default)]
pub struct Ctx {
    /// Decisions taken so far, consumed in order.
    pub decisions: smallvec::SmallVec<[u16; 8]>,
    /// Next decision to consume.
    pub next: usize,
    /// Events, when wanted.
    pub events: Option<Vec<Event>>,
    /// The baited King whose capture is replaced by a transport (DB-BAIT-06).
    pub bait_king: Option<usize>,
    /// The transport happened.
    pub transported: bool,
    /// A King was captured (by the other side), per side index.
    pub king_taken: [bool; 2],
    /// A King was exiled, per side index.
    pub king_exiled: [bool; 2],
    /// Pieces removed (captured or exiled) by the movement and its chain.
    pub removed: u32,
    /// Pieces removed directly by the movement.
    pub direct: u32,
    /// Exiled pieces of a side captured (DB-EXIL-03 b), per side index.
    pub exile_captured: [bool; 2],
    /// En passant data the movement creates.
    pub new_ep: smallvec::SmallVec<[EpInfo; 4]>,
    /// En passant data available to the movement.
    pub ep: smallvec::SmallVec<[EpInfo; 4]>,
    /// The movement moved or swapped a pawn.
    pub pawn_move: bool,
    /// A knight movement without a path capture (DB-DENY-11).
    pub knight_plain: bool,
    /// Raise choices default to "raise" instead of being asked (used only for the
    /// self-capture of ground pawns right after a movement, where no chain can start).
    pub auto_raise: bool,
}

impl Ctx {
    /// A context with decisions and en passant data.
    pub fn new(decisions: &[u16], ep: &[EpInfo], events: bool) -> Ctx {
        Ctx {
            decisions: smallvec::SmallVec::from_slice(decisions),
            ep: ep.iter().cloned().collect(),
            events: events.then(Vec::new),
            ..Ctx::default()
        }
    }
    /// Takes the next decision of `side` among `options`, or stops asking for it.
    pub fn decide(
        &mut self,
        side: Side,
        options: u16,
        unit: usize,
        kind: u16,
    ) -> Result<u16, Stop> {
        if options <= 1 {
            return Ok(0);
        }
        if let Some(&d) = self.decisions.get(self.next) {
            self.next += 1;
            return Ok(d.min(options - 1));
        }
        Err(Stop::Need {
            side,
            options,
            unit,
            kind,
        })
    }
    /// Records an event if wanted.
    pub fn ev(&mut self, e: Event) {
        if let Some(v) = &mut self.events {
            v.push(e);
        }
    }
}

/// The removals of a movement whose chain reactions are still to run, in order.
pub type Queue = smallvec::SmallVec<[Trigger; 4]>;

/// A removal whose chain reactions are still to run.
#[derive(Clone, Debug)]
pub struct Trigger {
    /// The removed piece.
    pub victim: usize,
    /// Its square.
    pub sq: Sq,
    /// Captured (true) or exiled (false).
    pub captured: bool,
    /// The pieces that were above it, bottom first (they fall, DB-ROOK-05).
    pub fallers: Stk,
}

/// Removes `victim` from the board on behalf of `remover`: an enemy piece is captured into
/// `remover`'s pile, an own piece is exiled (a pawn is captured by the opponent instead,
/// DB-CAPT-04). The pieces above it are lifted into the returned trigger. A baited King
/// is transported instead (DB-BAIT-06).
pub fn remove(
    b: &mut Board,
    ctx: &mut Ctx,
    victim: usize,
    remover: Side,
) -> Result<Option<Trigger>, Stop> {
    let Place::Board(sq, _) = b.pcs[victim].place else {
        return Ok(None);
    };
    if b.pcs[victim].kind == STATUE {
        return Ok(None);
    }
    if ctx.bait_king == Some(victim)
        && !ctx.transported
        && b.pcs[victim].side != remover
        && super::bait::transport(b, ctx, victim, remover)?
    {
        return Ok(None);
    }
    let from = b.location(victim);
    let vside = b.pcs[victim].side;
    let to = if vside == remover {
        if b.pcs[victim].kind == PAWN {
            Place::Captured(vside.opposite())
        } else {
            Place::Exiled
        }
    } else {
        Place::Captured(remover)
    };
    let mut lifted = b.lift(victim, true);
    if !lifted.is_empty() {
        lifted.remove(0);
    }
    b.pcs[victim].place = to;
    b.pcs[victim].expiry = 0;
    ctx.removed += 1;
    if b.pcs[victim].kind == KING {
        if to == Place::Exiled {
            ctx.king_exiled[vside.index()] = true;
        } else {
            ctx.king_taken[vside.index()] = true;
        }
    }
    if ctx.events.is_some() {
        let loc = b.location(victim);
        let e = match to {
            Place::Exiled => Event::Removed {
                unit: frozen_core::UnitId(victim as u16),
                from,
                to: loc,
            },
            _ => Event::Captured {
                unit: frozen_core::UnitId(victim as u16),
                at: to_sq(sq),
                by: None,
                to: loc,
            },
        };
        ctx.ev(e);
    }
    Ok(Some(Trigger {
        victim,
        sq,
        captured: to != Place::Exiled,
        fallers: lifted,
    }))
}

/// Runs the chain reactions of one removal, depth-first: queen revenge (DB-QUEN-05), bishop
/// raise (DB-BISH-02), then the fall of the pieces that were above it (DB-ROOK-05).
pub fn process(b: &mut Board, ctx: &mut Ctx, t: Trigger) -> Result<(), Stop> {
    let p = b.pcs[t.victim];
    if p.kind == QUEEN && t.captured {
        super::queen::revenge(b, ctx, t.sq, p.side)?;
    }
    if p.kind == BISHOP && !p.raise_used {
        super::bishop::maybe_raise(b, ctx, t.victim, t.sq)?;
    }
    super::rook::fall(b, ctx, t.sq, &t.fallers)
}

/// Processes a queue of triggers in order.
pub fn process_all(b: &mut Board, ctx: &mut Ctx, ts: Queue) -> Result<(), Stop> {
    for t in ts {
        process(b, ctx, t)?;
    }
    Ok(())
}

/// Argument bits of a movement action.
pub mod arg {
    /// The last step ends inside a rook (enter, DB-ROOK-02).
    pub const ENTER: u16 = 1;
    /// The first step of a King double move ends inside a rook.
    pub const ENTER_MID: u16 = 2;
    /// Shift of the victim's stack index (knight rider capture, disguise target), 3 bits.
    pub const VICTIM_SHIFT: u16 = 2;
    /// Shift of the mover's stack index (a rider leaving its stack), 4 bits.
    pub const MOVER_SHIFT: u16 = 5;
    /// Victim stack index of an argument.
    pub fn victim(a: u16) -> usize {
        ((a >> VICTIM_SHIFT) & 7) as usize
    }
    /// Mover stack index of an argument.
    pub fn mover(a: u16) -> usize {
        ((a >> MOVER_SHIFT) & 15) as usize
    }
}

/// Lifts a moving piece: a rook takes the pieces above it along (DB-ROOK-01, DB-ROOK-04).
pub fn lift_mover(b: &mut Board, id: usize) -> Stk {
    let with = b.pcs[id].kind == ROOK;
    b.lift(id, with)
}

/// Lands moving pieces on `to`: entering the stack there, or capturing its ground piece
/// (queued), or on an empty square.
pub fn land(
    b: &mut Board,
    ctx: &mut Ctx,
    movers: &Stk,
    to: Sq,
    enter: bool,
    queue: &mut Queue,
) -> Result<(), Stop> {
    let Some(&first) = movers.first() else {
        return Err(Stop::Bad);
    };
    let side = b.pcs[first as usize].side;
    if enter {
        if !b.is_rook(to) {
            return Err(Stop::Bad);
        }
    } else if let Some(g) = b.ground(to) {
        if b.pcs[g].side == side || b.pcs[g].kind == STATUE {
            return Err(Stop::Bad);
        }
        ctx.direct += 1;
        if let Some(t) = remove(b, ctx, g, side)? {
            queue.push(t);
        }
        if !b.empty(to) {
            return Err(Stop::Bad);
        }
    }
    b.put(to, movers);
    Ok(())
}

/// Executes a movement (or a free action) on the model, chain reactions included.
pub fn exec(b: &mut Board, a: &Action, ctx: &mut Ctx) -> Result<(), Stop> {
    let mut path: smallvec::SmallVec<[Sq; 24]> = smallvec::SmallVec::new();
    for &s in &a.path {
        path.push(from_sq(s).ok_or(Stop::Bad)?);
    }
    let Some(&from) = path.first() else {
        return Err(Stop::Bad);
    };
    match a.kind {
        ActionKind::Move => {
            let id = *b.stk[from as usize]
                .get(arg::mover(a.arg))
                .ok_or(Stop::Bad)? as usize;
            let mut queue = Queue::new();
            let kind = b.pcs[id].kind;
            let side = b.pcs[id].side;
            if side != b.to_move {
                return Err(Stop::Bad);
            }
            match kind {
                KING => super::king::exec_king(b, ctx, id, &path, a.arg, &mut queue)?,
                KNIGHT => super::knight::exec_knight(b, ctx, id, &path, a.arg, &mut queue)?,
                PAWN => super::pawn::exec_pawn(b, ctx, id, &path, a.arg, &mut queue)?,
                QUEEN | ROOK | BISHOP => {
                    if path.len() != 2 {
                        return Err(Stop::Bad);
                    }
                    let movers = lift_mover(b, id);
                    land(
                        b,
                        ctx,
                        &movers,
                        path[1],
                        a.arg & arg::ENTER != 0,
                        &mut queue,
                    )?;
                }
                _ => return Err(Stop::Bad),
            }
            b.pcs[id].moved = true;
            if let Location::Board(_) | Location::Carried { .. } = b.location(id) {
                ctx.ev(Event::Moved {
                    unit: frozen_core::UnitId(id as u16),
                    from: to_sq(from),
                    to: to_sq(*path.last().unwrap_or(&from)),
                });
            }
            process_all(b, ctx, queue)
        }
        ActionKind::Act => {
            let g = b.ground(from).ok_or(Stop::Bad)?;
            if b.pcs[g].kind == STATUE {
                return super::statue::exec_statue(b, ctx, from, a);
            }
            if a.piece.is_some() {
                return super::bishop::exec_bishop_promotion(b, ctx, from, a);
            }
            super::queen::exec_all_round(b, ctx, from, a.arg)
        }
        ActionKind::Swap => super::disguise::exec_disguise(b, ctx, &path, a.arg),
        _ => Err(Stop::Bad),
    }
}

/// Every completed outcome of a movement over all decision combinations: calls `f` with
/// each final board and context until it returns `false`. Returns `false` if `f` did;
/// returns `on_bad` where the movement is not valid here (or the search budget runs out).
pub fn for_outcomes(
    b: &Board,
    a: &Action,
    ep: &[EpInfo],
    bait_king: Option<usize>,
    on_bad: bool,
    f: &mut dyn FnMut(&Board, &Ctx) -> bool,
) -> bool {
    for_outcomes_as(b, b.to_move, a, ep, bait_king, on_bad, f)
}

/// [`for_outcomes`] of a movement of `side` (whoever is to act on `b`).
pub fn for_outcomes_as(
    b: &Board,
    side: Side,
    a: &Action,
    ep: &[EpInfo],
    bait_king: Option<usize>,
    on_bad: bool,
    f: &mut dyn FnMut(&Board, &Ctx) -> bool,
) -> bool {
    #[allow(clippy::too_many_arguments)]
    fn go(
        b: &Board,
        side: Side,
        a: &Action,
        ep: &[EpInfo],
        bait_king: Option<usize>,
        on_bad: bool,
        dec: &mut Vec<u16>,
        f: &mut dyn FnMut(&Board, &Ctx) -> bool,
        budget: &mut u32,
    ) -> bool {
        if *budget == 0 {
            return on_bad;
        }
        *budget -= 1;
        let mut c = b.clone();
        c.to_move = side;
        let mut ctx = Ctx::new(dec, ep, false);
        ctx.bait_king = bait_king;
        match exec(&mut c, a, &mut ctx) {
            Ok(()) => f(&c, &ctx),
            Err(Stop::Need { options, .. }) => {
                for o in 0..options {
                    dec.push(o);
                    let r = go(b, side, a, ep, bait_king, on_bad, dec, f, budget);
                    dec.pop();
                    if !r {
                        return false;
                    }
                }
                true
            }
            Err(Stop::Bad) => on_bad,
        }
    }
    let mut budget = 4096;
    go(
        b,
        side,
        a,
        ep,
        bait_king,
        on_bad,
        &mut Vec::new(),
        f,
        &mut budget,
    )
}
