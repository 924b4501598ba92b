//! The position: placement layers, the unit table, side tables, square marks,
//! turn data, pending decisions, the result and the variant's own state.
//!
//! Every change goes through a journaled setter that also updates the Zobrist
//! hash, so [`Position::undo_to`] restores the exact previous state (the side to
//! act and the move counters, which change on every action, are restored from
//! the [`Mark`] instead of journal entries) and
//! [`Position::hash`] always equals [`Position::compute_hash`] (checked by the
//! property tests). Layers (per side, per kind, mailbox) are derived from the
//! unit table and kept consistent by the same setters.

mod invariants;
mod journal;
mod rotate;
mod tombs;

use journal::{Change, Journal, Saved};
pub use journal::{Mark, Touched};

use crate::action::{Outcome, Pending};
use crate::bitboard::Bitboard;
use crate::geometry::Shape;
use crate::square::{BySide, Side, Square};
use crate::tables::{Bomb, Effects, Monad, Shadows, SquareTable, Tomb, Trap, Wall};
use crate::unit::{Kind, Location, Status, Unit, UnitId, MAX_KINDS};
use crate::zobrist::{item_hash, piece_key, Tag, SIDE_KEY};
use serde::de::DeserializeOwned;
use serde::Serialize;
use smallvec::SmallVec;
use std::fmt::Debug;
use std::hash::Hash;

/// Number of variant-defined square mark layers (death squares, corrupted squares...).
pub const MARK_LAYERS: usize = 4;

/// Bound of a variant's own state type, carried by the position.
pub trait VariantState:
    Clone
    + Debug
    + PartialEq
    + Eq
    + Hash
    + Default
    + Serialize
    + DeserializeOwned
    + Send
    + Sync
    + 'static
{
}
impl<T> VariantState for T where
    T: Clone
        + Debug
        + PartialEq
        + Eq
        + Hash
        + Default
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static
{
}

pub(crate) const NO_UNIT: u16 = u16::MAX;

/// The pending decisions of a position.
pub type PendingList = SmallVec<[Pending; 2]>;

/// A full game position. See the module documentation.
#[derive(Debug)]
pub struct Position<S> {
    shape: Shape,
    by_side: [Bitboard; 2],
    by_kind: [Bitboard; MAX_KINDS],
    mailbox: [u16; 256],
    units: Vec<Unit>,
    tombs: SquareTable<Tomb>,
    walls: SquareTable<Wall>,
    traps: SquareTable<Trap>,
    bombs: SquareTable<Bomb>,
    monads: SquareTable<Monad>,
    effects: SquareTable<Effects>,
    shadows: SquareTable<Shadows>,
    /// Squares holding at least one shadow of each side (derived from `shadows` and the
    /// units' sides, like the placement layers).
    shadow_bb: [Bitboard; 2],
    /// Squares of board units that have not moved ([`Status::moved`] false), derived from
    /// the unit table like the placement layers: rules that read "unmoved" for many pieces
    /// at once (a pawn's first double step, castling) read one set instead of each unit.
    unmoved: Bitboard,
    /// Number of units fused into a stack (`Location::Fused`), derived from the unit table:
    /// while it is 0 the fused-kind queries are the plain layers.
    fused_count: u16,
    marks: [Bitboard; MARK_LAYERS],
    to_move: Side,
    ply: u32,
    turns: BySide<u32>,
    pending: PendingList,
    result: Option<Outcome>,
    state: S,
    /// The hash of `state` (its part of `hash`), kept so that replacing the state hashes
    /// only the new one.
    state_hash: u64,
    hash: u64,
    journal: Journal<S>,
}

impl<S: Clone> Clone for Position<S> {
    /// Clones the state; the journal is not cloned (the clone starts with an empty one).
    fn clone(&self) -> Self {
        Position {
            shape: self.shape,
            by_side: self.by_side,
            by_kind: self.by_kind,
            mailbox: self.mailbox,
            units: self.units.clone(),
            tombs: self.tombs.clone(),
            walls: self.walls.clone(),
            traps: self.traps.clone(),
            bombs: self.bombs.clone(),
            monads: self.monads.clone(),
            effects: self.effects.clone(),
            shadows: self.shadows.clone(),
            shadow_bb: self.shadow_bb,
            unmoved: self.unmoved,
            fused_count: self.fused_count,
            marks: self.marks,
            to_move: self.to_move,
            ply: self.ply,
            turns: self.turns,
            pending: self.pending.clone(),
            result: self.result.clone(),
            state: self.state.clone(),
            state_hash: self.state_hash,
            hash: self.hash,
            journal: Journal::with_capacity(0),
        }
    }

    /// Makes this position a copy of `source` in the storage it already has (units, side
    /// tables and journal keep their capacity), so that a search that copies positions
    /// again and again allocates nothing once the buffers have grown. The journal is
    /// emptied, as in [`Clone::clone`].
    fn clone_from(&mut self, source: &Self) {
        self.shape = source.shape;
        self.by_side = source.by_side;
        self.by_kind = source.by_kind;
        self.mailbox = source.mailbox;
        self.units.clone_from(&source.units);
        self.tombs.clone_from(&source.tombs);
        self.walls.clone_from(&source.walls);
        self.traps.clone_from(&source.traps);
        self.bombs.clone_from(&source.bombs);
        self.monads.clone_from(&source.monads);
        self.effects.clone_from(&source.effects);
        self.shadows.clone_from(&source.shadows);
        self.shadow_bb = source.shadow_bb;
        self.unmoved = source.unmoved;
        self.fused_count = source.fused_count;
        self.marks = source.marks;
        self.to_move = source.to_move;
        self.ply = source.ply;
        self.turns = source.turns;
        self.pending.clone_from(&source.pending);
        self.result.clone_from(&source.result);
        self.state.clone_from(&source.state);
        self.state_hash = source.state_hash;
        self.hash = source.hash;
        self.journal.clear();
    }
}

impl<S: PartialEq> PartialEq for Position<S> {
    /// Exact equality of the whole state (the journal is not state).
    fn eq(&self, o: &Self) -> bool {
        self.hash == o.hash
            && self.shape == o.shape
            && self.to_move == o.to_move
            && self.ply == o.ply
            && self.turns == o.turns
            && self.units == o.units
            && self.marks == o.marks
            && self.pending == o.pending
            && self.result == o.result
            && self.state == o.state
            && self.tombs == o.tombs
            && self.walls == o.walls
            && self.traps == o.traps
            && self.bombs == o.bombs
            && self.monads == o.monads
            && self.effects == o.effects
            && self.shadows == o.shadows
            && self.by_side == o.by_side
            && self.by_kind == o.by_kind
            && self.mailbox == o.mailbox
            && self.unmoved == o.unmoved
    }
}
impl<S: Eq> Eq for Position<S> {}

macro_rules! table_setter {
    ($(#[$doc:meta])* $set:ident, $get:ident, $field:ident, $ty:ty, $change:ident, $tag:ident) => {
        $(#[$doc])*
        pub fn $set(&mut self, sq: Square, value: Option<$ty>) {
            let old = self.$field.replace(sq, value);
            if let Some(o) = &old {
                self.hash ^= item_hash(Tag::$tag, sq.index() as u32, o);
            }
            if let Some(n) = self.$field.get(sq) {
                self.hash ^= item_hash(Tag::$tag, sq.index() as u32, n);
            }
            self.journal.save(Saved::$change(sq, old));
        }
        /// The entry on a square.
        #[inline]
        pub fn $get(&self, sq: Square) -> Option<&$ty> {
            self.$field.get(sq)
        }
    };
}

impl<S: crate::position::VariantState> Position<S> {
    /// An empty position on a board shape: White to move, ply 0, no units.
    pub fn empty(shape: Shape, state: S) -> Position<S> {
        let mut p = Position {
            shape,
            by_side: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; MAX_KINDS],
            mailbox: [NO_UNIT; 256],
            units: Vec::new(),
            tombs: SquareTable::default(),
            walls: SquareTable::default(),
            traps: SquareTable::default(),
            bombs: SquareTable::default(),
            monads: SquareTable::default(),
            effects: SquareTable::default(),
            shadows: SquareTable::default(),
            shadow_bb: [Bitboard::EMPTY; 2],
            unmoved: Bitboard::EMPTY,
            fused_count: 0,
            marks: [Bitboard::EMPTY; MARK_LAYERS],
            to_move: Side::White,
            ply: 0,
            turns: BySide::default(),
            pending: PendingList::new(),
            result: None,
            state_hash: item_hash(Tag::State, 0, &state),
            state,
            hash: 0,
            journal: Journal::with_capacity(256),
        };
        p.hash = p.compute_hash();
        p
    }

    // ----- queries -----

    /// The board shape.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }
    /// Squares occupied by units on the normal layer.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_side[0] | self.by_side[1]
    }
    /// Squares occupied by one side's units.
    #[inline]
    pub fn side_bb(&self, side: Side) -> Bitboard {
        self.by_side[side.index()]
    }
    /// Squares occupied by units of a kind (both sides).
    #[inline]
    pub fn kind_bb(&self, kind: Kind) -> Bitboard {
        self.by_kind[kind.index()]
    }
    /// Squares occupied by one side's units of one kind.
    #[inline]
    pub fn pieces(&self, side: Side, kind: Kind) -> Bitboard {
        self.by_kind[kind.index()] & self.by_side[side.index()]
    }
    /// The unit standing on a square (normal layer).
    #[inline]
    pub fn unit_at(&self, sq: Square) -> Option<UnitId> {
        let u = self.mailbox[sq.index()];
        (u != NO_UNIT).then_some(UnitId(u))
    }
    /// Kind and side of the unit on a square.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<(Kind, Side)> {
        self.unit_at(sq).map(|u| {
            let unit = &self.units[u.index()];
            (unit.kind, unit.side)
        })
    }
    /// One unit. Panics on an id not in this position (ids come from this position).
    #[inline]
    pub fn unit(&self, id: UnitId) -> &Unit {
        &self.units[id.index()]
    }
    /// One unit, `None` for an unknown id.
    pub fn get_unit(&self, id: UnitId) -> Option<&Unit> {
        self.units.get(id.index())
    }
    /// All units, indexed by id.
    #[inline]
    pub fn units(&self) -> &[Unit] {
        &self.units
    }
    /// Ids of all units.
    pub fn unit_ids(&self) -> impl Iterator<Item = UnitId> {
        (0..self.units.len() as u16).map(UnitId)
    }
    /// The side to act.
    #[inline]
    pub fn to_move(&self) -> Side {
        self.to_move
    }
    /// Actions played since the start of the game (or the set-up).
    #[inline]
    pub fn ply(&self) -> u32 {
        self.ply
    }
    /// Turn counters per side (turns each side has started).
    #[inline]
    pub fn turns(&self) -> BySide<u32> {
        self.turns
    }
    /// Pending decisions.
    #[inline]
    pub fn pending(&self) -> &[Pending] {
        &self.pending
    }
    /// The result, once the game is over.
    #[inline]
    pub fn result(&self) -> Option<&Outcome> {
        self.result.as_ref()
    }
    /// The variant's own state.
    #[inline]
    pub fn state(&self) -> &S {
        &self.state
    }
    /// A mark layer (variant-defined: death squares, corrupted squares...).
    #[inline]
    pub fn marks(&self, layer: usize) -> Bitboard {
        self.marks[layer]
    }
    /// The tomb table.
    pub fn tombs(&self) -> &SquareTable<Tomb> {
        &self.tombs
    }
    /// The wall table.
    pub fn walls(&self) -> &SquareTable<Wall> {
        &self.walls
    }
    /// The trap table.
    pub fn traps(&self) -> &SquareTable<Trap> {
        &self.traps
    }
    /// The bomb table.
    pub fn bombs(&self) -> &SquareTable<Bomb> {
        &self.bombs
    }
    /// The monad table.
    pub fn monads(&self) -> &SquareTable<Monad> {
        &self.monads
    }
    /// The square-effect table.
    pub fn effects(&self) -> &SquareTable<Effects> {
        &self.effects
    }
    /// The shadow layer: per square, the shadows standing there.
    pub fn shadows(&self) -> &SquareTable<Shadows> {
        &self.shadows
    }
    /// The units carried by `carrier`, ordered by slot (bottom first).
    pub fn cargo(&self, carrier: UnitId) -> SmallVec<[UnitId; 8]> {
        let mut v: SmallVec<[(u8, UnitId); 8]> = self
            .units
            .iter()
            .enumerate()
            .filter_map(|(i, u)| match u.loc {
                Location::Carried { by, slot } if by == carrier => Some((slot, UnitId(i as u16))),
                _ => None,
            })
            .collect();
        v.sort_unstable();
        v.into_iter().map(|(_, u)| u).collect()
    }
    /// The squares of `side`'s units of `kind`, with fused stacks made visible: a stack
    /// whose base stands on a square counts there for the kind and side of each of its
    /// fused components (`Location::Fused`), besides the base's own. Equal to
    /// [`Position::pieces`] while no unit is fused.
    pub fn pieces_with_fused(&self, side: Side, kind: Kind) -> Bitboard {
        self.pieces(side, kind) | self.fused_squares(|u| u.side == side && u.kind == kind)
    }

    /// [`Position::kind_bb`] with fused stacks made visible (see
    /// [`Position::pieces_with_fused`]).
    pub fn kind_bb_with_fused(&self, kind: Kind) -> Bitboard {
        self.kind_bb(kind) | self.fused_squares(|u| u.kind == kind)
    }

    /// The base squares of the stacks holding a fused component that `pick` accepts.
    fn fused_squares(&self, pick: impl Fn(&Unit) -> bool) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        if self.fused_count == 0 {
            return bb;
        }
        for u in &self.units {
            if let Location::Fused { base, .. } = u.loc {
                if pick(u) {
                    if let Some(sq) = self.units.get(base.index()).and_then(|b| b.loc.square()) {
                        bb.set(sq);
                    }
                }
            }
        }
        bb
    }

    /// Squares where at least one shadow of `side` stands.
    #[inline]
    pub fn shadow_bb(&self, side: Side) -> Bitboard {
        self.shadow_bb[side.index()]
    }
    /// Squares of the board units that have not moved ([`Status::moved`] false): the same
    /// as testing each unit's status, in one set.
    #[inline]
    pub fn unmoved_bb(&self) -> Bitboard {
        self.unmoved
    }
    /// The incrementally maintained hash.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    // ----- hashing -----

    #[inline]
    fn unit_hash(&self, id: UnitId) -> u64 {
        let u = &self.units[id.index()];
        Self::loc_hash(id, u.kind, u.side, u.loc)
    }
    /// The hash of unit `id` of `kind` and `side` at `loc` (what [`Self::unit_hash`] gives
    /// once the unit is there).
    #[inline]
    fn loc_hash(id: UnitId, kind: Kind, side: Side, loc: Location) -> u64 {
        match loc {
            Location::Board(sq) => piece_key(kind, side, sq),
            loc => item_hash(Tag::Location, u32::from(id.0), &(loc, kind, side)),
        }
    }
    #[inline]
    fn status_hash(&self, id: UnitId) -> u64 {
        Self::status_hash_of(id, &self.units[id.index()].status)
    }
    /// The hash of `st` as the status of unit `id` (what [`Self::status_hash`] gives once
    /// the unit has it).
    #[inline]
    fn status_hash_of(id: UnitId, st: &Status) -> u64 {
        if !st.is_plain() {
            Self::status_item_hash(id, st)
        } else if st.moved {
            // The commonest status (chess-like sets): one key per unit, no hashing.
            crate::zobrist::moved_key(id)
        } else {
            // The default status.
            0
        }
    }
    /// The hash of a status other than the default and "moved only" (kept out of line: the
    /// two common statuses need no hashing).
    #[inline(never)]
    fn status_item_hash(id: UnitId, st: &Status) -> u64 {
        item_hash(Tag::Status, u32::from(id.0), st)
    }
    fn pending_hash(p: &PendingList) -> u64 {
        if p.is_empty() {
            0
        } else {
            item_hash(Tag::Pending, 0, p)
        }
    }
    fn result_hash(r: &Option<Outcome>) -> u64 {
        r.as_ref().map_or(0, |o| item_hash(Tag::Result, 0, o))
    }
    fn mark_hash(layer: usize, sq: Square) -> u64 {
        item_hash(Tag::Mark, (layer * 256 + sq.index()) as u32, &())
    }

    /// The hash computed from scratch. Covers placement, every unit's location, kind,
    /// owner and status, all side tables and marks, the side to act, pending decisions,
    /// the result and the variant state. It leaves out the ply and turn counters:
    /// equal hashes mean "same position up to the move counters"; repetition and
    /// transposition tables confirm a match by comparing the state.
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0u64;
        for id in self.unit_ids() {
            h ^= self.unit_hash(id) ^ self.status_hash(id);
        }
        fn tab<T: Hash>(t: &SquareTable<T>, tag: Tag) -> u64 {
            t.iter()
                .fold(0, |h, (sq, v)| h ^ item_hash(tag, sq.index() as u32, v))
        }
        h ^= tab(&self.tombs, Tag::Tomb)
            ^ tab(&self.walls, Tag::Wall)
            ^ tab(&self.traps, Tag::Trap)
            ^ tab(&self.bombs, Tag::Bomb)
            ^ tab(&self.monads, Tag::Monad)
            ^ tab(&self.effects, Tag::Effects)
            ^ tab(&self.shadows, Tag::Shadows);
        for (layer, bb) in self.marks.iter().enumerate() {
            for sq in bb.iter() {
                h ^= Self::mark_hash(layer, sq);
            }
        }
        if self.to_move == Side::Black {
            h ^= SIDE_KEY;
        }
        h ^= Self::pending_hash(&self.pending);
        h ^= Self::result_hash(&self.result);
        h ^= item_hash(Tag::State, 0, &self.state);
        h
    }

    #[inline]
    fn layer_remove(&mut self, id: UnitId, sq: Square) {
        let u = &self.units[id.index()];
        self.by_side[u.side.index()].clear(sq);
        self.by_kind[u.kind.index()].clear(sq);
        self.unmoved.clear(sq);
        self.mailbox[sq.index()] = NO_UNIT;
    }
    #[inline]
    fn layer_add(&mut self, id: UnitId, sq: Square) {
        let u = &self.units[id.index()];
        self.by_side[u.side.index()].set(sq);
        self.by_kind[u.kind.index()].set(sq);
        if !u.status.moved {
            self.unmoved.set(sq);
        }
        self.mailbox[sq.index()] = id.0;
    }
    /// Sets unit `id`'s bit of the unmoved layer from its status, when it stands on the
    /// board (after a status change).
    #[inline]
    fn refresh_unmoved(&mut self, id: UnitId) {
        let u = &self.units[id.index()];
        if let Location::Board(sq) = u.loc {
            if u.status.moved {
                self.unmoved.clear(sq);
            } else {
                self.unmoved.set(sq);
            }
        }
    }
    /// Moves unit `id`, standing on `from`, to the empty square `to` in the unit table and
    /// the placement layers (no hash, no journal: the callers do those). Same result as
    /// `layer_remove`, a location change and `layer_add`, reading the unit once.
    #[inline]
    fn layer_shift(&mut self, id: UnitId, from: Square, to: Square) {
        let u = &mut self.units[id.index()];
        u.loc = Location::Board(to);
        let (side, kind, moved) = (u.side.index(), u.kind.index(), u.status.moved);
        let side_bb = &mut self.by_side[side];
        side_bb.clear(from);
        side_bb.set(to);
        let kind_bb = &mut self.by_kind[kind];
        kind_bb.clear(from);
        kind_bb.set(to);
        if !moved {
            self.unmoved.clear(from);
            self.unmoved.set(to);
        }
        self.mailbox[from.index()] = NO_UNIT;
        self.mailbox[to.index()] = id.0;
    }

    // ----- journaled mutation -----

    /// Creates a unit (spawn, set-up) at a location and returns its id.
    /// A `Board` location must be an empty square of the shape (checked in debug builds).
    pub fn add_unit(&mut self, kind: Kind, side: Side, loc: Location, status: Status) -> UnitId {
        let id = UnitId(self.units.len() as u16);
        self.units.push(Unit {
            kind,
            side,
            loc: Location::Dead,
            status: Status::default(),
        });
        self.hash ^= self.unit_hash(id);
        self.journal.push(Change::Spawn);
        self.relocate(id, loc);
        if !status.is_default() {
            self.set_status(id, status);
        }
        id
    }

    /// Moves a unit to a new location, keeping every layer and the shadow table consistent.
    /// A `Board` destination must be empty (checked in debug builds).
    #[inline]
    pub fn relocate(&mut self, id: UnitId, to: Location) {
        if let (Location::Board(from), Location::Board(sq)) = (self.units[id.index()].loc, to) {
            // A move on the board, the commonest case: small enough to inline in the caller.
            self.move_on_board(id, from, sq);
        } else {
            self.relocate_general(id, to);
        }
    }

    /// [`Self::relocate`] of a unit standing on `from` to the square `to`.
    #[inline]
    fn move_on_board(&mut self, id: UnitId, from: Square, to: Square) {
        if from == to {
            return;
        }
        debug_assert!(
            self.mailbox[to.index()] == NO_UNIT,
            "square {to} is occupied"
        );
        debug_assert!(self.shape.contains(to), "square {to} is off the board");
        let u = &self.units[id.index()];
        self.hash ^= piece_key(u.kind, u.side, from) ^ piece_key(u.kind, u.side, to);
        self.layer_shift(id, from, to);
        self.journal.push(Change::Loc(id, Location::Board(from)));
    }

    /// [`Self::relocate`] in every other case (to or from off the board or the shadow layer).
    fn relocate_general(&mut self, id: UnitId, to: Location) {
        let u = &self.units[id.index()];
        let (old, kind, side) = (u.loc, u.kind, u.side);
        if old == to {
            return;
        }
        self.hash ^= Self::loc_hash(id, kind, side, old) ^ Self::loc_hash(id, kind, side, to);
        match old {
            Location::Board(sq) => self.layer_remove(id, sq),
            Location::Shadow(sq) => {
                let mut list = self.shadows.get(sq).cloned().unwrap_or_default();
                list.retain(|u| *u != id);
                self.set_shadows(sq, (!list.is_empty()).then_some(list));
            }
            _ => {}
        }
        self.journal.push(Change::Loc(id, old));
        self.units[id.index()].loc = to;
        self.count_fused(old, to);
        match to {
            Location::Board(sq) => {
                debug_assert!(
                    self.mailbox[sq.index()] == NO_UNIT,
                    "square {sq} is occupied"
                );
                debug_assert!(self.shape.contains(sq), "square {sq} is off the board");
                self.layer_add(id, sq);
            }
            Location::Shadow(sq) => {
                let mut list = self.shadows.get(sq).cloned().unwrap_or_default();
                list.push(id);
                self.set_shadows(sq, Some(list));
            }
            _ => {}
        }
    }

    /// Two units standing on the board trade squares at once (a swap): one journal entry,
    /// no intermediate state. Nothing happens unless both stand on the board.
    pub fn swap_units(&mut self, a: UnitId, b: UnitId) {
        if a == b || self.swap_raw(a, b).is_none() {
            return;
        }
        self.journal.push(Change::Swap(a, b));
    }

    /// Exchanges the squares of `a` and `b` in the unit table, the layers and the hash (no
    /// journal entry). `None` if either is off the board.
    pub(super) fn swap_raw(&mut self, a: UnitId, b: UnitId) -> Option<()> {
        let sa = self.units[a.index()].loc.square()?;
        let sb = self.units[b.index()].loc.square()?;
        let (ua, ub) = (&self.units[a.index()], &self.units[b.index()]);
        self.hash ^= piece_key(ua.kind, ua.side, sa)
            ^ piece_key(ua.kind, ua.side, sb)
            ^ piece_key(ub.kind, ub.side, sb)
            ^ piece_key(ub.kind, ub.side, sa);
        self.layer_remove(a, sa);
        self.layer_remove(b, sb);
        self.units[a.index()].loc = Location::Board(sb);
        self.units[b.index()].loc = Location::Board(sa);
        self.layer_add(a, sb);
        self.layer_add(b, sa);
        Some(())
    }

    /// Moves a unit standing on the board to another (empty) square.
    #[inline]
    pub fn move_unit(&mut self, id: UnitId, to: Square) {
        self.relocate(id, Location::Board(to));
    }

    /// Changes a unit's kind (promotion, morph, transformation).
    pub fn set_kind(&mut self, id: UnitId, kind: Kind) {
        let old = self.units[id.index()].kind;
        if old != kind {
            self.hash ^= self.unit_hash(id);
            self.rewrite_unit(id, |u| u.kind = kind);
            self.hash ^= self.unit_hash(id);
            self.journal.push(Change::Kind(id, old));
        }
    }

    /// Changes a unit's owner (conversion, mind control).
    pub fn set_unit_side(&mut self, id: UnitId, side: Side) {
        let old = self.units[id.index()].side;
        if old != side {
            self.hash ^= self.unit_hash(id);
            self.rewrite_unit(id, |u| u.side = side);
            self.hash ^= self.unit_hash(id);
            self.journal.push(Change::Side(id, old));
        }
    }

    /// Edits a unit's kind or owner, keeping the placement layers consistent (no hash, no
    /// journal: the callers and `revert` do those).
    #[inline]
    fn rewrite_unit(&mut self, id: UnitId, f: impl FnOnce(&mut Unit)) {
        let on = self.units[id.index()].loc.square();
        if let Some(sq) = on {
            self.layer_remove(id, sq);
        }
        f(&mut self.units[id.index()]);
        if let Some(sq) = on {
            self.layer_add(id, sq);
        }
        if let Location::Shadow(sq) = self.units[id.index()].loc {
            self.refresh_shadow_bits(sq);
        }
    }

    /// Keeps `fused_count` when a unit's location changes from `old` to `new`.
    #[inline]
    fn count_fused(&mut self, old: Location, new: Location) {
        if matches!(old, Location::Fused { .. }) {
            self.fused_count -= 1;
        }
        if matches!(new, Location::Fused { .. }) {
            self.fused_count += 1;
        }
    }

    /// Recomputes both sides' bits of `shadow_bb` on `sq` from the shadow list there.
    fn refresh_shadow_bits(&mut self, sq: Square) {
        let mut present = [false; 2];
        if let Some(list) = self.shadows.get(sq) {
            for id in list {
                present[self.units[id.index()].side.index()] = true;
            }
        }
        for (bb, on) in self.shadow_bb.iter_mut().zip(present) {
            if on {
                bb.set(sq);
            } else {
                bb.clear(sq);
            }
        }
    }

    /// Replaces a unit's status.
    #[inline]
    pub fn set_status(&mut self, id: UnitId, status: Status) {
        let cur = &mut self.units[id.index()].status;
        if *cur == status {
            return;
        }
        self.hash ^= Self::status_hash_of(id, cur) ^ Self::status_hash_of(id, &status);
        let old = std::mem::replace(cur, status);
        self.journal.save(Saved::Status(id, old));
        self.refresh_unmoved(id);
    }

    /// Marks a unit as moved ([`Status::moved`]), if it is not already: the same as
    /// [`Self::update_status`] setting `moved`, with a smaller journal entry (the
    /// commonest status change of chess-like rules, once per unit's first move).
    #[inline]
    pub fn set_moved(&mut self, id: UnitId) {
        let st = &mut self.units[id.index()].status;
        if st.moved {
            return;
        }
        if st.is_plain() {
            // From the default status to "moved only" (see `status_hash_of`).
            st.moved = true;
            self.hash ^= crate::zobrist::moved_key(id);
        } else {
            let old = Self::status_hash_of(id, st);
            st.moved = true;
            self.hash ^= old ^ Self::status_hash_of(id, st);
        }
        if let Location::Board(sq) = self.units[id.index()].loc {
            self.unmoved.clear(sq);
        }
        self.journal.push(Change::Moved(id));
    }

    /// Edits a unit's status in place.
    #[inline]
    pub fn update_status(&mut self, id: UnitId, f: impl FnOnce(&mut Status)) {
        let mut st = self.units[id.index()].status;
        f(&mut st);
        self.set_status(id, st);
    }

    table_setter!(
        /// Sets or removes the tomb on a square.
        set_tomb, tomb, tombs, Tomb, Tomb, Tomb);
    table_setter!(
        /// Sets or removes the wall on a square.
        set_wall, wall, walls, Wall, Wall, Wall);
    table_setter!(
        /// Sets or removes the trap on a square.
        set_trap, trap, traps, Trap, Trap, Trap);
    table_setter!(
        /// Sets or removes the bomb on a square.
        set_bomb, bomb, bombs, Bomb, Bomb, Bomb);
    table_setter!(
        /// Sets or removes the square effects on a square.
        set_effects, square_effects, effects, Effects, Effects, Effects);

    fn set_shadows(&mut self, sq: Square, value: Option<Shadows>) {
        let old = self.shadows.replace(sq, value);
        self.refresh_shadow_bits(sq);
        if let Some(o) = &old {
            self.hash ^= item_hash(Tag::Shadows, sq.index() as u32, o);
        }
        if let Some(n) = self.shadows.get(sq) {
            self.hash ^= item_hash(Tag::Shadows, sq.index() as u32, n);
        }
        self.journal.save(Saved::Shadows(sq, old));
    }

    /// Sets or removes the monad recorded on a square.
    pub fn set_monad(&mut self, sq: Square, value: Option<Monad>) {
        let old = self.monads.replace(sq, value);
        if let Some(o) = &old {
            self.hash ^= item_hash(Tag::Monad, sq.index() as u32, o);
        }
        if let Some(n) = self.monads.get(sq) {
            self.hash ^= item_hash(Tag::Monad, sq.index() as u32, n);
        }
        self.journal.save(Saved::Monad(sq, old));
    }

    /// Sets or clears a square mark.
    pub fn set_mark(&mut self, layer: usize, sq: Square, on: bool) {
        if self.marks[layer].contains(sq) == on {
            return;
        }
        self.marks[layer].toggle(sq);
        self.hash ^= Self::mark_hash(layer, sq);
        self.journal.push(Change::Mark(layer as u8, sq));
    }

    // The side to act and the move counters are restored from the `Mark` by `undo_to`:
    // their setters make no journal entry.

    /// Sets the side to act.
    #[inline]
    pub fn set_to_move(&mut self, side: Side) {
        if self.to_move != side {
            self.hash ^= SIDE_KEY;
            self.to_move = side;
        }
    }
    /// Sets the ply counter.
    #[inline]
    pub fn set_ply(&mut self, ply: u32) {
        self.ply = ply;
    }
    /// Sets the turn counters.
    #[inline]
    pub fn set_turns(&mut self, turns: BySide<u32>) {
        self.turns = turns;
    }
    /// Replaces the pending decisions.
    pub fn set_pending(&mut self, pending: PendingList) {
        if self.pending != pending {
            self.hash ^= Self::pending_hash(&self.pending) ^ Self::pending_hash(&pending);
            let old = std::mem::replace(&mut self.pending, pending);
            self.journal.save(Saved::Pending(old));
        }
    }
    /// Sets the result.
    pub fn set_result(&mut self, result: Option<Outcome>) {
        if self.result != result {
            self.hash ^= Self::result_hash(&self.result) ^ Self::result_hash(&result);
            let old = std::mem::replace(&mut self.result, result);
            self.journal.save(Saved::Result(old));
        }
    }
    /// Replaces the variant state.
    pub fn set_state(&mut self, state: S) {
        if self.state != state {
            let new_hash = item_hash(Tag::State, 0, &state);
            self.hash ^= self.state_hash ^ new_hash;
            let old = std::mem::replace(&mut self.state, state);
            let old_hash = std::mem::replace(&mut self.state_hash, new_hash);
            self.journal.save_state(old, old_hash);
        }
    }
    /// Edits the variant state.
    pub fn update_state(&mut self, f: impl FnOnce(&mut S)) {
        let mut s = self.state.clone();
        f(&mut s);
        self.set_state(s);
    }

    /// Ends the current turn: the other side acts next and its turn counter advances.
    #[inline]
    pub fn pass_turn(&mut self) {
        let next = self.to_move.opposite();
        self.turns[next] += 1;
        self.hash ^= SIDE_KEY;
        self.to_move = next;
    }

    /// Advances the ply counter by one (once per action).
    #[inline]
    pub fn bump_ply(&mut self) {
        self.ply += 1;
    }

    // ----- construction helpers for loaders -----

    /// Builds a position from raw parts without journaling (used by the validating loader).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn from_parts(
        shape: Shape,
        units: Vec<Unit>,
        tables: crate::tables::Tables,
        marks: [Bitboard; MARK_LAYERS],
        to_move: Side,
        ply: u32,
        turns: BySide<u32>,
        pending: PendingList,
        result: Option<Outcome>,
        state: S,
    ) -> Position<S> {
        let mut p = Position::empty(shape, state);
        p.units = units;
        p.tombs = tables.tombs;
        p.walls = tables.walls;
        p.traps = tables.traps;
        p.bombs = tables.bombs;
        p.monads = tables.monads;
        p.effects = tables.effects;
        p.shadows = tables.shadows;
        for sq in p.shadows.mask().iter() {
            p.refresh_shadow_bits(sq);
        }
        p.fused_count = p
            .units
            .iter()
            .filter(|u| matches!(u.loc, Location::Fused { .. }))
            .count() as u16;
        p.marks = marks;
        p.to_move = to_move;
        p.ply = ply;
        p.turns = turns;
        p.pending = pending;
        p.result = result;
        for i in 0..p.units.len() {
            if let Location::Board(sq) = p.units[i].loc {
                if p.mailbox[sq.index()] == NO_UNIT {
                    p.layer_add(UnitId(i as u16), sq);
                }
            }
        }
        p.hash = p.compute_hash();
        p
    }
}
