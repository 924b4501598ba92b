//! The board model, the variant state and the turn anatomy.
//!
//! Implements DB-BASE-01 (conservation: 32 units with identity, each in exactly one
//! place: ground, rider, statue, a captured pile, its exile pile or spent),
//! DB-BASE-02 (turn anatomy: free actions, one movement, chain reactions, end of turn,
//! denial window), DB-BASE-05 (end-of-turn order) and the state list of the catalog.
//!
//! The rules work on [`Board`], a compact copy of the position (units, stacks, side to
//! act) that chain reactions and brute-force check tests can clone freely; the result
//! is written back to the journaled [`Position`] through its setters.

use frozen_core::{
    Action, BySide, Event, Kind, Location, Outcome, Position, Side, Square, Status, Unit, UnitId,
};
use serde::{Deserialize, Serialize};

/// King.
pub const KING: Kind = Kind(0);
/// Queen.
pub const QUEEN: Kind = Kind(1);
/// Rook.
pub const ROOK: Kind = Kind(2);
/// Bishop.
pub const BISHOP: Kind = Kind(3);
/// Knight.
pub const KNIGHT: Kind = Kind(4);
/// Pawn.
pub const PAWN: Kind = Kind(5);
/// Statue (a frozen pawn, DB-STAT-01); FEN letter `S`.
pub const STATUE: Kind = Kind(6);

/// Status flag: this bishop has used its one raise (DB-BISH-03).
pub const FLAG_RAISE_USED: u32 = 1;

/// Square index 0..64 (rank * 8 + file).
pub type Sq = u8;

/// Core square of an internal square.
#[inline]
pub fn to_sq(s: Sq) -> Square {
    Square::new(s % 8, s / 8)
}
/// Internal square of a core square (`None` off the 8x8 board).
#[inline]
pub fn from_sq(s: Square) -> Option<Sq> {
    (s.file() < 8 && s.rank() < 8).then(|| s.rank() * 8 + s.file())
}
/// Square `s` shifted by (df, dr), if on the board.
#[inline]
pub fn off(s: Sq, df: i32, dr: i32) -> Option<Sq> {
    let f = i32::from(s % 8) + df;
    let r = i32::from(s / 8) + dr;
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as Sq)
}
/// Rank (0..8) of a square relative to `side` (0 = own first row).
#[inline]
pub fn rel_rank(side: Side, s: Sq) -> u8 {
    match side {
        Side::White => s / 8,
        Side::Black => 7 - s / 8,
    }
}
/// Forward rank delta of a side.
#[inline]
pub fn fwd(side: Side) -> i32 {
    match side {
        Side::White => 1,
        Side::Black => -1,
    }
}

/// Where a piece is, in the model.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Place {
    /// On a square; slot 0 is the ground piece, 1.. the riders bottom first.
    Board(Sq, u8),
    /// In the captured pile of the capturer.
    Captured(Side),
    /// In its owner's exile pile.
    Exiled,
    /// A pawn used up by a promotion.
    Spent,
    /// Falling from a stack, during a chain reaction only.
    Air,
}

/// One piece of the model.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Pc {
    /// Current kind.
    pub kind: Kind,
    /// Owner.
    pub side: Side,
    /// Where.
    pub place: Place,
    /// Has moved (castling).
    pub moved: bool,
    /// Bishop: raise used.
    pub raise_used: bool,
    /// Raised bishop: owner turn index at whose end it is auto-exiled (0 = not raised).
    pub expiry: u32,
    /// Original kind if changed (statues).
    pub origin: Option<Kind>,
}

/// Most units a square can hold: every unit of the set (32) in one stack.
pub const STACK_CAP: usize = 32;

/// The contents of a square: ground piece first, then riders bottom first (unit ids).
///
/// A fixed array, so that [`Board`] is copied with one memory copy: the brute-force check
/// clones boards for every outcome of every opponent movement. It holds [`STACK_CAP`] ids
/// (the whole set); ids beyond that are dropped, which only a position with more units than
/// the set could ask for (the validator refuses those). Reads go through `Deref<[u8]>`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Stk {
    n: u8,
    ids: [u8; STACK_CAP],
}

impl Default for Stk {
    fn default() -> Self {
        Stk::new()
    }
}

impl std::ops::Deref for Stk {
    type Target = [u8];
    #[inline]
    fn deref(&self) -> &[u8] {
        &self.ids[..usize::from(self.n)]
    }
}

impl std::ops::DerefMut for Stk {
    #[inline]
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.ids[..usize::from(self.n)]
    }
}

impl<'a> IntoIterator for &'a Stk {
    type Item = &'a u8;
    type IntoIter = std::slice::Iter<'a, u8>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl Stk {
    /// An empty stack.
    #[inline]
    pub const fn new() -> Stk {
        Stk {
            n: 0,
            ids: [0; STACK_CAP],
        }
    }
    /// A stack holding `ids` (bottom first).
    #[inline]
    pub fn from_slice(ids: &[u8]) -> Stk {
        let mut s = Stk::new();
        s.extend_from_slice(ids);
        s
    }
    /// Puts `id` on top.
    #[inline]
    pub fn push(&mut self, id: u8) {
        if let Some(slot) = self.ids.get_mut(usize::from(self.n)) {
            *slot = id;
            self.n += 1;
        }
    }
    /// Puts `ids` on top, bottom first.
    #[inline]
    pub fn extend_from_slice(&mut self, ids: &[u8]) {
        for &i in ids {
            self.push(i);
        }
    }
    /// Inserts `id` at index `k` (at most the length), shifting the pieces above up.
    pub fn insert(&mut self, k: usize, id: u8) {
        let n = usize::from(self.n);
        if k > n || n >= STACK_CAP {
            return;
        }
        self.ids.copy_within(k..n, k + 1);
        self.ids[k] = id;
        self.n += 1;
    }
    /// Removes and returns the id at index `k`, shifting the pieces above down.
    pub fn remove(&mut self, k: usize) -> Option<u8> {
        let n = usize::from(self.n);
        if k >= n {
            return None;
        }
        let id = self.ids[k];
        self.ids.copy_within(k + 1..n, k);
        self.n -= 1;
        Some(id)
    }
    /// Removes and returns the ids from index `k` up (nothing if `k` is past the top).
    pub fn split_off(&mut self, k: usize) -> Stk {
        let n = usize::from(self.n);
        if k >= n {
            return Stk::new();
        }
        let out = Stk::from_slice(&self.ids[k..n]);
        self.n = k as u8;
        out
    }
}

/// Most units a position holds: the set's 32 (the validator refuses more).
pub const UNIT_CAP: usize = 32;

/// The pieces of a [`Board`] by unit id: a fixed array, so that a board is copied without
/// touching the heap (the legality and check tests copy boards for every outcome). Holds
/// [`UNIT_CAP`] pieces; reads and writes go through `Deref<[Pc]>`.
#[derive(Copy, Clone, Debug)]
pub struct Pcs {
    n: u8,
    a: [Pc; UNIT_CAP],
}

impl Pcs {
    /// No pieces.
    pub fn new() -> Pcs {
        let none = Pc {
            kind: KING,
            side: Side::White,
            place: Place::Spent,
            moved: false,
            raise_used: false,
            expiry: 0,
            origin: None,
        };
        Pcs {
            n: 0,
            a: [none; UNIT_CAP],
        }
    }
    /// Adds a piece (ignored beyond [`UNIT_CAP`]).
    pub fn push(&mut self, p: Pc) {
        if let Some(slot) = self.a.get_mut(usize::from(self.n)) {
            *slot = p;
            self.n += 1;
        }
    }
}

impl Default for Pcs {
    fn default() -> Self {
        Pcs::new()
    }
}

impl std::ops::Deref for Pcs {
    type Target = [Pc];
    #[inline]
    fn deref(&self) -> &[Pc] {
        &self.a[..usize::from(self.n)]
    }
}

impl std::ops::DerefMut for Pcs {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Pc] {
        &mut self.a[..usize::from(self.n)]
    }
}

/// The compact model of a position the rules compute on.
#[derive(Clone, Debug)]
pub struct Board {
    /// Pieces by unit id.
    pub pcs: Pcs,
    /// Square contents.
    pub stk: [Stk; 64],
    /// Side to act.
    pub to_move: Side,
    /// Turns started per side.
    pub turns: BySide<u32>,
}

/// En passant data of the last turn (DB-PAWN-05, DB-DSGS-05).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EpInfo {
    /// The square passed over.
    pub x: Square,
    /// The pawn that double-moved (the one en passant captures).
    pub victim: UnitId,
}

/// The forced response owed after a bait (DB-BAIT-05).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Forced {
    /// The baiting side.
    pub baiter: Side,
    /// The baited King.
    pub king: UnitId,
}

/// Game fields that a denial restores (part of every snapshot).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameFields {
    /// En passant targets available to the side to act.
    pub ep: Vec<EpInfo>,
    /// Turns since the last capture, exile, pawn movement, promotion or statue event.
    pub halfmove: u32,
    /// Forced bait response owed by the side to act.
    pub forced: Option<Forced>,
}

/// A copy of the state at the start of a turn (what a denial restores, DB-DENY-03).
///
/// Built with [`Snap::new`], which hashes it once: the position hashes its variant state on
/// every change, and two snapshots are most of it, so a snapshot hashes as that one word.
/// The fields are private and read through accessors: a snapshot cannot be edited after it
/// is built (build a new one instead), so the word always stays the hash of the fields.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(from = "SnapFields")]
pub struct Snap {
    /// Every unit (kind, owner, location, status).
    units: Vec<Unit>,
    /// The game fields.
    game: GameFields,
    /// Side to act.
    to_move: Side,
    /// Turn counters.
    turns: BySide<u32>,
    /// The stable hash of the fields above.
    #[serde(skip_serializing)]
    key: u64,
}

/// [`Snap`] as written in a position file (without its hash).
#[derive(Deserialize)]
#[serde(rename = "Snap", deny_unknown_fields)]
struct SnapFields {
    units: Vec<Unit>,
    game: GameFields,
    to_move: Side,
    turns: BySide<u32>,
}

impl From<SnapFields> for Snap {
    fn from(f: SnapFields) -> Snap {
        Snap::new(f.units, f.game, f.to_move, f.turns)
    }
}

impl Snap {
    /// A snapshot of these units, game fields, side and turn counters.
    pub fn new(units: Vec<Unit>, game: GameFields, to_move: Side, turns: BySide<u32>) -> Snap {
        use std::hash::{Hash, Hasher};
        let mut h = frozen_core::zobrist::StableHasher::default();
        h.write_usize(units.len());
        for u in &units {
            hash_unit(u, &mut h);
        }
        game.hash(&mut h);
        to_move.hash(&mut h);
        turns.hash(&mut h);
        let key = h.finish();
        Snap {
            units,
            game,
            to_move,
            turns,
            key,
        }
    }
}

impl Snap {
    /// Every unit (kind, owner, location, status).
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// The game fields.
    pub fn game(&self) -> &GameFields {
        &self.game
    }

    /// Side to act.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Turn counters.
    pub fn turns(&self) -> BySide<u32> {
        self.turns
    }

    /// This snapshot with its 50-move clock and turn counters cleared, built anew (so its hash
    /// is that of the cleared fields).
    pub fn without_counters(&self) -> Snap {
        let mut game = self.game.clone();
        game.halfmove = 0;
        Snap::new(self.units.clone(), game, self.to_move, BySide::default())
    }
}

impl PartialEq for Snap {
    fn eq(&self, o: &Snap) -> bool {
        self.key == o.key
            && self.units == o.units
            && self.game == o.game
            && self.to_move == o.to_move
            && self.turns == o.turns
    }
}

impl Eq for Snap {}

/// A movement's identity (DB-BASE-06): the actions that made it, in order (the full route:
/// both steps of a King movement, every link of a chain disguise; victims and choices are in
/// their arguments), and the bait flag.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Identity {
    /// The movement's actions, in order (one for most movements).
    pub links: Vec<Action>,
    /// Declared as bait.
    pub bait: bool,
}

/// Which movements the turn in progress may make (fixed when its movement starts).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum TurnMode {
    /// Ordinary movements: the own King must be safe afterwards.
    #[default]
    Normal,
    /// Bait free movements (DB-BAIT-03, DB-BAIT-04).
    Bait,
    /// A forced bait response (DB-BAIT-05).
    Forced,
}

/// A movement of several actions in progress (DB-KING-01, DB-KING-05, DB-DSGS-04): a King
/// movement after its first step (or castling), a chain disguise after each link. The board
/// still shows the position before the movement; nothing of it is resolved until the last
/// action (a second step, the last possible link, or `end`) completes it, so deferred triggers
/// stay deferred (DB-BASE-04, DB-KING-04).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Partial {
    /// The movement's actions so far, in order.
    pub links: Vec<Action>,
    /// The kind of movement the turn may make.
    pub mode: TurnMode,
}

/// The last completed turn, which the opponent may deny (DB-DENY-02).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LastTurn {
    /// Who played it.
    pub mover: Side,
    /// Its movement.
    pub movement: Identity,
    /// Can it be denied (DB-DENY-06, DB-DENY-08, DB-DENY-11)?
    pub deniable: bool,
    /// The state at its start.
    pub snap: Snap,
}

/// A movement whose chain reaction waits for an owner decision (DB-BASE-04): the board still
/// shows the state before the movement; the movement is replayed with the decisions so far.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InFlight {
    /// The movement.
    pub action: Action,
    /// Decisions taken so far, in order.
    pub decisions: Vec<u16>,
    /// Number of options of the decision now asked.
    pub options: u16,
}

impl std::hash::Hash for Snap {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        h.write_u64(self.key);
    }
}

/// Hashes every field of a unit, packed into words (consistent with `Unit`'s equality).
fn hash_unit<H: std::hash::Hasher>(u: &Unit, h: &mut H) {
    use std::hash::Hash;
    let st = &u.status;
    let c = &st.counters;
    let word = |a: &[u16]| {
        a.iter()
            .enumerate()
            .fold(0u64, |w, (i, &x)| w | (u64::from(x) << (16 * i)))
    };
    h.write_u64(
        u64::from(u.kind.0)
            | (u.side.index() as u64) << 8
            | u64::from(st.moved) << 9
            | u64::from(st.range) << 16
            | u64::from(st.flags) << 32,
    );
    h.write_u64(word(&c[..4]));
    h.write_u64(word(&c[4..]));
    h.write_u64(
        u64::from(st.frozen_through) | st.shadow_since.map_or(0, |x| (u64::from(x) << 32) | 1),
    );
    h.write_u8(u8::from(st.shadow_since.is_some()));
    u.loc.hash(h);
    st.aim.hash(h);
    st.link.hash(h);
    st.origin.hash(h);
}

impl Default for Snap {
    fn default() -> Self {
        Snap::new(
            Vec::new(),
            GameFields::default(),
            Side::White,
            BySide::default(),
        )
    }
}

/// What the current turn is doing.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(default)]
pub struct TurnFields {
    /// The side whose turn it is (the mover, even while another side decides).
    pub mover: Side,
    /// Bait declared this turn (DB-BAIT-03).
    pub bait: bool,
    /// A free action was taken this turn.
    pub free_used: bool,
    /// A movement of several actions in progress (waiting for its next step, link or `end`).
    pub partial: Option<Partial>,
    /// Movement waiting for decisions.
    pub inflight: Option<InFlight>,
    /// The movement played this turn, once played.
    pub movement: Option<Identity>,
    /// End-of-turn conversions are being decided (DB-BASE-05 b).
    pub converting: bool,
    /// The state at the start of this turn.
    pub start: Option<Snap>,
    /// The movement was a knight movement without path capture (DB-DENY-11).
    pub knight_plain: bool,
    /// A capture, exile, pawn movement, promotion or statue event happened (DB-FIDE-07).
    pub reset: bool,
    /// Pawns that chose to stay in front of a statue chain (DB-STAT-03).
    pub declined: Vec<UnitId>,
    /// A side lost by the capture of one of its exiled pieces (DB-EXIL-03 b).
    pub exile_loss: Option<Side>,
    /// End-of-turn chains waiting for owner decisions (the auto-exile of a riding raised
    /// bishop can make pieces fall on an unraised bishop).
    pub eot: Option<InFlight>,
}

impl Default for TurnFields {
    fn default() -> Self {
        TurnFields {
            mover: Side::White,
            bait: false,
            free_used: false,
            partial: None,
            inflight: None,
            movement: None,
            converting: false,
            start: None,
            knight_plain: false,
            reset: false,
            declined: Vec::new(),
            exile_loss: None,
            eot: None,
        }
    }
}

/// The variant's own state, carried (hashed and saved) by the position.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(default)]
pub struct DbState {
    /// Holder of the single denial right (DB-DENY-01).
    pub denial: Side,
    /// Side whose next movement cannot be denied (DB-DENY-06).
    pub immune: Option<Side>,
    /// The identity the replacement movement must differ from (DB-DENY-04).
    pub forbidden: Option<Identity>,
    /// Game fields.
    pub game: GameFields,
    /// Current turn.
    pub turn: TurnFields,
    /// Last completed turn.
    pub last: Option<Box<LastTurn>>,
    /// A game-ending verdict waiting for the denial window (DB-DENY-10).
    pub verdict: Option<Outcome>,
}

impl Default for DbState {
    fn default() -> Self {
        DbState {
            denial: Side::Black,
            immune: None,
            forbidden: None,
            game: GameFields::default(),
            turn: TurnFields::default(),
            last: None,
            verdict: None,
        }
    }
}

/// Status of a model piece.
pub fn status_of(p: &Pc, base: &Status) -> Status {
    let mut st = *base;
    st.moved = p.moved;
    if p.raise_used {
        st.flags |= FLAG_RAISE_USED;
    } else {
        st.flags &= !FLAG_RAISE_USED;
    }
    st.counters[0] = (p.expiry & 0xffff) as u16;
    st.counters[1] = (p.expiry >> 16) as u16;
    st.origin = p.origin;
    st
}

impl Board {
    /// Reads the model from a position. Units in places this variant does not use are
    /// treated as spent (the validator refuses such positions).
    pub fn load(pos: &Position<DbState>) -> Board {
        let mut b = Board {
            pcs: Pcs::new(),
            stk: [Stk::new(); 64],
            to_move: pos.to_move(),
            turns: pos.turns(),
        };
        let mut riders: Vec<(u16, u8, u8)> = Vec::new();
        // Squares whose stack holds more than a ground piece: only their places need to be
        // worked out again at the end (a lone ground piece is at slot 0).
        let mut stacked = 0u64;
        for (i, u) in pos.units().iter().enumerate() {
            let place = match u.loc {
                Location::Board(s) => match from_sq(s) {
                    Some(s) => {
                        if !b.stk[s as usize].is_empty() {
                            stacked |= 1 << s;
                        }
                        b.stk[s as usize].insert(0, i as u8);
                        Place::Board(s, 0)
                    }
                    None => Place::Spent,
                },
                Location::Carried { by, slot } => {
                    riders.push((by.0, slot, i as u8));
                    Place::Air
                }
                Location::Captured(s) => Place::Captured(s),
                Location::Exiled => Place::Exiled,
                _ => Place::Spent,
            };
            b.pcs.push(Pc {
                kind: u.kind,
                side: u.side,
                place,
                moved: u.status.moved,
                raise_used: u.status.flags & FLAG_RAISE_USED != 0,
                expiry: u32::from(u.status.counters[0]) | (u32::from(u.status.counters[1]) << 16),
                origin: u.status.origin,
            });
        }
        riders.sort_unstable();
        for (by, _, id) in riders {
            if let Some(Place::Board(s, 0)) = b.pcs.get(by as usize).map(|p| p.place) {
                b.stk[s as usize].push(id);
                stacked |= 1 << s;
            }
        }
        while stacked != 0 {
            b.reindex(stacked.trailing_zeros() as Sq);
            stacked &= stacked - 1;
        }
        b
    }

    /// Core location of a model piece.
    pub fn location(&self, id: usize) -> Location {
        match self.pcs[id].place {
            Place::Board(s, 0) => Location::Board(to_sq(s)),
            Place::Board(s, k) => Location::Carried {
                by: UnitId(u16::from(self.stk[s as usize][0])),
                slot: k - 1,
            },
            Place::Captured(s) => Location::Captured(s),
            Place::Exiled => Location::Exiled,
            Place::Spent | Place::Air => Location::Dead,
        }
    }

    /// Writes the model back into the position through the journaled setters.
    pub fn store(&self, pos: &mut Position<DbState>) {
        let n = self.pcs.len().min(pos.units().len());
        let mut moved = Vec::new();
        for i in 0..n {
            let loc = self.location(i);
            if pos.unit(UnitId(i as u16)).loc != loc {
                moved.push((i, loc));
                pos.relocate(UnitId(i as u16), Location::Pool);
            }
        }
        for (i, loc) in moved {
            pos.relocate(UnitId(i as u16), loc);
        }
        for i in 0..n {
            let id = UnitId(i as u16);
            let p = &self.pcs[i];
            pos.set_kind(id, p.kind);
            pos.set_unit_side(id, p.side);
            let st = status_of(p, &pos.unit(id).status);
            pos.set_status(id, st);
        }
        pos.set_to_move(self.to_move);
        pos.set_turns(self.turns);
    }

    /// Recomputes the places of the pieces on square `s` from its stack.
    pub fn reindex(&mut self, s: Sq) {
        for k in 0..self.stk[s as usize].len() {
            let id = self.stk[s as usize][k] as usize;
            self.pcs[id].place = Place::Board(s, k as u8);
        }
    }

    /// The ground piece of a square.
    #[inline]
    pub fn ground(&self, s: Sq) -> Option<usize> {
        self.stk[s as usize].first().map(|&i| i as usize)
    }
    /// Side of the ground piece.
    #[inline]
    pub fn side_at(&self, s: Sq) -> Option<Side> {
        self.ground(s).map(|i| self.pcs[i].side)
    }
    /// Kind of the ground piece.
    #[inline]
    pub fn kind_at(&self, s: Sq) -> Option<Kind> {
        self.ground(s).map(|i| self.pcs[i].kind)
    }
    /// True if the square is empty.
    #[inline]
    pub fn empty(&self, s: Sq) -> bool {
        self.stk[s as usize].is_empty()
    }
    /// True if the ground piece is a rook (a stack a piece may enter).
    #[inline]
    pub fn is_rook(&self, s: Sq) -> bool {
        self.kind_at(s) == Some(ROOK)
    }
    /// True if the square holds a statue (a dead square, DB-STAT-02).
    #[inline]
    pub fn is_statue(&self, s: Sq) -> bool {
        self.kind_at(s) == Some(STATUE)
    }

    /// The King of a side.
    pub fn king(&self, side: Side) -> Option<usize> {
        self.pcs
            .iter()
            .position(|p| p.side == side && p.kind == KING)
    }
    /// Square of a piece on the board (ground or rider).
    #[inline]
    pub fn square_of(&self, id: usize) -> Option<Sq> {
        match self.pcs[id].place {
            Place::Board(s, _) => Some(s),
            _ => None,
        }
    }
    /// True if the side's King is in its exile pile (King in Exile, DB-EXIL-01).
    pub fn king_exiled(&self, side: Side) -> bool {
        self.king(side)
            .is_some_and(|k| self.pcs[k].place == Place::Exiled)
    }

    /// Takes piece `id` and the pieces above it (if `with_above`) out of its stack.
    /// Returns the pieces taken, `id` first. The taken pieces are left in the air.
    pub fn lift(&mut self, id: usize, with_above: bool) -> Stk {
        let mut out = Stk::new();
        let Place::Board(s, k) = self.pcs[id].place else {
            return out;
        };
        let st = &mut self.stk[s as usize];
        let k = k as usize;
        if k >= st.len() {
            return out;
        }
        if with_above {
            out = st.split_off(k);
        } else if let Some(i) = st.remove(k) {
            out.push(i);
        }
        for &i in &out {
            self.pcs[i as usize].place = Place::Air;
        }
        self.reindex(s);
        out
    }

    /// Puts pieces on square `s`: on top of the stack there, or as its new contents.
    pub fn put(&mut self, s: Sq, pieces: &[u8]) {
        self.stk[s as usize].extend_from_slice(pieces);
        self.reindex(s);
    }

    /// Number of pawns and statues a side has on the board (riders included).
    pub fn pawns_and_statues(&self, side: Side) -> usize {
        self.pcs
            .iter()
            .filter(|p| {
                p.side == side
                    && matches!(p.kind, PAWN | STATUE)
                    && matches!(p.place, Place::Board(..))
            })
            .count()
    }

    /// Pieces of a side in its exile pile.
    pub fn exiled(&self, side: Side) -> impl Iterator<Item = usize> + '_ {
        self.pcs
            .iter()
            .enumerate()
            .filter(move |(_, p)| p.side == side && p.place == Place::Exiled)
            .map(|(i, _)| i)
    }

    /// Conservation check (DB-BASE-01, DB-CAPT-04, DB-PROM-01): every unit is in exactly one
    /// place, stacks agree with places, no pawn is exiled, no side has more pieces of a kind on
    /// the board than the set has.
    pub fn conservation_problems(&self) -> Vec<String> {
        let mut errs = Vec::new();
        let mut seen = vec![0u8; self.pcs.len()];
        for s in 0..64u8 {
            let st = &self.stk[s as usize];
            for (k, &i) in st.iter().enumerate() {
                let i = i as usize;
                if i >= self.pcs.len() {
                    errs.push(format!("{}: unknown unit {i}", to_sq(s)));
                    continue;
                }
                seen[i] += 1;
                if self.pcs[i].place != Place::Board(s, k as u8) {
                    errs.push(format!("unit {i}: stack and place disagree"));
                }
                if k > 0 && self.pcs[st[0] as usize].kind != ROOK {
                    errs.push(format!("{}: riders on a non-rook", to_sq(s)));
                }
            }
        }
        for (i, p) in self.pcs.iter().enumerate() {
            match p.place {
                Place::Board(..) if seen[i] != 1 => {
                    errs.push(format!("unit {i}: on the board {} times", seen[i]));
                }
                Place::Air => errs.push(format!("unit {i}: left in the air")),
                Place::Exiled if p.kind == PAWN => errs.push(format!("pawn {i} exiled")),
                _ => {}
            }
        }
        for side in Side::ALL {
            for (kind, max) in [(KING, 1), (QUEEN, 1), (ROOK, 2), (BISHOP, 2), (KNIGHT, 2)] {
                let n = self
                    .pcs
                    .iter()
                    .filter(|p| p.side == side && p.kind == kind)
                    .count();
                if n > max {
                    errs.push(format!("{side}: {n} units of kind {}", kind.0));
                }
            }
        }
        errs
    }
}

/// The snapshot of a position (units, game fields, side, turns).
pub fn snap_of(pos: &Position<DbState>) -> Snap {
    Snap::new(
        pos.units().to_vec(),
        pos.state().game.clone(),
        pos.to_move(),
        pos.turns(),
    )
}

/// Restores a snapshot into the position (units, game fields, side, turns). The caller sets
/// the denial fields.
pub fn restore_snap(pos: &mut Position<DbState>, snap: &Snap) {
    let n = snap.units().len().min(pos.units().len());
    let mut moved = Vec::new();
    for i in 0..n {
        let id = UnitId(i as u16);
        if pos.unit(id).loc != snap.units()[i].loc {
            moved.push(i);
            pos.relocate(id, Location::Pool);
        }
    }
    for i in moved {
        pos.relocate(UnitId(i as u16), snap.units()[i].loc);
    }
    for (i, u) in snap.units().iter().enumerate().take(n) {
        let id = UnitId(i as u16);
        pos.set_kind(id, u.kind);
        pos.set_unit_side(id, u.side);
        pos.set_status(id, u.status);
    }
    pos.set_to_move(snap.to_move());
    pos.set_turns(snap.turns());
}

/// The events that explain how unit `id` changed from `old` to `new`, in a fixed order:
/// its location (`Moved` board to board, `Entered` onto the board from off it, `Removed`
/// for any other change, rider slots included), then its kind (`Promoted`), then its owner
/// (`Converted`). Nothing for an unchanged unit.
pub fn unit_change_events(id: UnitId, old: &Unit, new: &Unit, out: &mut Vec<Event>) {
    if old.loc != new.loc {
        out.push(match (old.loc, new.loc) {
            (Location::Board(from), Location::Board(to)) => Event::Moved { unit: id, from, to },
            (from @ Location::Carried { .. }, to @ Location::Board(_)) => {
                Event::Removed { unit: id, from, to }
            }
            (_, Location::Board(at)) => Event::Entered { unit: id, at },
            (from, to) => Event::Removed { unit: id, from, to },
        });
    }
    if old.kind != new.kind {
        out.push(Event::Promoted {
            unit: id,
            from: old.kind,
            to: new.kind,
        });
    }
    if old.side != new.side {
        out.push(Event::Converted {
            unit: id,
            side: new.side,
        });
    }
}

/// Appends, in unit-id order, the events explaining every unit that changed (location,
/// kind or owner) between `before` and the position and that no event of `events` already
/// names. With `events` empty this explains every change (a denial's restore).
pub fn emit_unit_changes(before: &[Unit], pos: &Position<DbState>, events: &mut Vec<Event>) {
    let mut named = vec![false; before.len()];
    for e in events.iter() {
        for u in e.units().into_iter().flatten() {
            if let Some(n) = named.get_mut(u.index()) {
                *n = true;
            }
        }
    }
    for (i, (old, new)) in before.iter().zip(pos.units()).enumerate() {
        if !named[i] {
            unit_change_events(UnitId(i as u16), old, new, events);
        }
    }
}

/// Scan order around a centre (DB-BASE-04): N, NE, E, SE, S, SW, W, NW.
pub const SCAN: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
