//! Parlett piece sets as a [`Rules`] plugin: set files, the variant state,
//! move generation with the optional legality rule, `perform`, FEN.
//!
//! Rule IDs: PAR-GAME-01..05 (win rule, no legal move, turn order),
//! PAR-MULT-02 (every participant has moved), PAR-NORM-10 / PAR-FAIR-08
//! (promotion), PAR-HIST-01 (the previous turn kept in [`ParlettState`]).

use super::ast::{Body, Definition};
use super::engine::{
    capturable_on_board, compile, last_parts, Board, Compiled, Effect, EffectRef, Ev, LastPart,
    LastParts, SetSpec,
};
use super::error::ParseError;
use super::fixed::{plan_narrow, run_fixed, Part};
use super::narrow::{self, pack, unpack, Danger, NarrowNode};
use super::parse::parse_line;
use frozen_core::fen::parse_placement;
use frozen_core::{
    Action, ActionKind, Bitboard, Event, EventSink, Kind, KindInfo, KindSet, LoadError, Location,
    Outcome, Position, Problem, ProblemKind, Rules, Shape, Side, Square, Status, UnitId,
};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::cell::OnceCell;
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

/// The variant state of a Parlett position: the parts of the previous turn
/// that a history rule can see (PAR-HIST-01). Only parts produced by an
/// element equal to some history pattern of the set are kept (match by
/// source, Q12), so the state is empty after almost every move.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct ParlettState {
    /// Previous-turn parts that matched a history pattern.
    #[serde(default)]
    pub last: LastParts,
}

/// One piece of a set file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceSpec {
    /// Full name, e.g. `"Knight"`.
    pub name: String,
    /// The notation letter, case-sensitive (`P` is the Knight, `p` the pawn
    /// in Normal Chess; PAR-NAME-02).
    pub letter: char,
    /// The upper-case FEN letter (White upper case, Black lower case in FEN).
    pub fen: char,
}

/// Where a piece promotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PromotionZone {
    /// Squares where the piece would have no move on an empty board (PAR-NORM-10, Q13).
    NoMoveOnEmptyBoard,
    /// The last rank (PAR-FAIR-08, Q14).
    LastRank,
}

/// A promotion rule: compulsory, part of the move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PromotionSpec {
    /// The promoting piece letter.
    pub piece: char,
    /// The letters it may promote to.
    pub to: Vec<char>,
    /// Where.
    pub zone: PromotionZone,
}

/// How a game is won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum GameRule {
    /// PAR-GAME-01: at the end of every turn, if exactly one side has a royal
    /// piece it wins; if none has, the game ends with no winner. No check rule.
    #[default]
    LastRoyalStanding,
    /// FIDE-like: a move may not leave one's own royal piece capturable;
    /// checkmate wins, stalemate draws.
    Check,
}

/// A piece-set file (RON).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetFile {
    /// Registry name, e.g. `"normal-chess"`.
    pub name: String,
    /// One line.
    #[serde(default)]
    pub description: String,
    /// Board, `"8x8"`.
    pub board: String,
    /// The pieces.
    pub pieces: Vec<PieceSpec>,
    /// The definition lines, as written in the manual (Markdown decoration allowed).
    pub moves: Vec<String>,
    /// The initial position as a FEN.
    pub setup: String,
    /// Promotion rules.
    #[serde(default)]
    pub promotion: Vec<PromotionSpec>,
    /// The royal piece letter (`K`), if any.
    #[serde(default)]
    pub royal: Option<char>,
    /// The win / legality rule.
    #[serde(default)]
    pub rule: GameRule,
    /// Notes (rulings), kept for displays.
    #[serde(default)]
    pub notes: Vec<String>,
}

/// An error loading a set file, located.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetError {
    /// The RON text is malformed.
    Ron {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// Why.
        message: String,
    },
    /// A definition line does not parse.
    Notation {
        /// Index in `moves`.
        index: usize,
        /// The parse error (with caret).
        error: ParseError,
    },
    /// Anything else: a field and why.
    Invalid {
        /// Which field.
        field: String,
        /// Why.
        message: String,
    },
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetError::Ron {
                line,
                column,
                message,
            } => write!(f, "set file line {line}, column {column}: {message}"),
            SetError::Notation { index, error } => {
                write!(f, "moves[{index}]: {error}")
            }
            SetError::Invalid { field, message } => write!(f, "{field}: {message}"),
        }
    }
}
impl std::error::Error for SetError {}

fn invalid(field: impl Into<String>, message: impl Into<String>) -> SetError {
    SetError::Invalid {
        field: field.into(),
        message: message.into(),
    }
}

#[derive(Debug)]
struct Inner {
    set: SetFile,
    defs: Vec<Definition>,
    kinds: KindSet,
    c: Compiled,
    /// Home squares of the set-up: (kind, side) per square.
    home: HashMap<Square, (Kind, Side)>,
    /// Kinds of the first multi-piece line (castling), for the FEN castling field.
    castle: Option<(Kind, Kind)>,
}

/// A Parlett piece set as rules. Cheap to clone (shared).
#[derive(Clone, Debug)]
pub struct ParlettRules {
    inner: Arc<Inner>,
}

/// Loads a set from RON text (see [`SetFile`]).
pub fn load_set(text: &str) -> Result<ParlettRules, SetError> {
    if text.len() > 1 << 20 {
        return Err(invalid("file", "longer than 1 MiB"));
    }
    let set: SetFile = ron::Options::default()
        .from_str(text)
        .map_err(|e| SetError::Ron {
            line: e.position.line,
            column: e.position.col,
            message: e.code.to_string(),
        })?;
    ParlettRules::from_set(set)
}

impl ParlettRules {
    /// Builds rules from a parsed set file.
    pub fn from_set(set: SetFile) -> Result<ParlettRules, SetError> {
        let shape: Shape = set
            .board
            .parse()
            .map_err(|e| invalid("board", format!("{e}")))?;
        if set.pieces.is_empty() {
            return Err(invalid("pieces", "no piece defined"));
        }
        let mut letters: HashMap<char, Kind> = HashMap::new();
        let mut infos = Vec::new();
        for (i, p) in set.pieces.iter().enumerate() {
            if !p.letter.is_ascii_alphabetic() {
                return Err(invalid(
                    format!("pieces[{i}]"),
                    "the letter must be an ASCII letter",
                ));
            }
            if letters.insert(p.letter, Kind(i as u8)).is_some() {
                return Err(invalid(
                    format!("pieces[{i}]"),
                    format!("letter {:?} used twice", p.letter),
                ));
            }
            infos.push(KindInfo {
                name: p.name.clone(),
                fen: p.fen,
                symbol: p.letter,
            });
        }
        let kinds = KindSet::new(infos).map_err(|e| invalid("pieces", e.0))?;
        let mut defs = Vec::new();
        for (i, m) in set.moves.iter().enumerate() {
            let d = parse_line(m).map_err(|error| SetError::Notation { index: i, error })?;
            for c in &d.pieces {
                if !letters.contains_key(c) {
                    return Err(invalid(
                        format!("moves[{i}]"),
                        format!("piece letter {c:?} is not in the piece list"),
                    ));
                }
            }
            defs.push(d);
        }
        let royal = match set.royal {
            Some(r) => Some(
                *letters
                    .get(&r)
                    .ok_or_else(|| invalid("royal", format!("unknown letter {r:?}")))?,
            ),
            None => None,
        };
        if set.rule == GameRule::Check && royal.is_none() {
            return Err(invalid("rule", "the check rule needs a royal piece"));
        }
        let mut promotions = Vec::new();
        for (i, p) in set.promotion.iter().enumerate() {
            let k = *letters.get(&p.piece).ok_or_else(|| {
                invalid(
                    format!("promotion[{i}]"),
                    format!("unknown letter {:?}", p.piece),
                )
            })?;
            let mut to = Vec::new();
            for c in &p.to {
                to.push(*letters.get(c).ok_or_else(|| {
                    invalid(format!("promotion[{i}]"), format!("unknown letter {c:?}"))
                })?);
            }
            if to.is_empty() {
                return Err(invalid(format!("promotion[{i}]"), "no promotion choice"));
            }
            promotions.push((k, to, p.zone == PromotionZone::NoMoveOnEmptyBoard));
        }
        let spec = SetSpec {
            shape,
            letters: &letters,
            nkinds: set.pieces.len(),
            defs: &defs,
            royal,
            legality: set.rule == GameRule::Check,
            promotions,
        };
        let c = compile(&spec).map_err(|e| invalid(format!("moves[{}]", e.line), e.message))?;
        let castle = defs.iter().find_map(|d| match &d.body {
            Body::MultiPiece(_) if d.pieces.len() == 2 => {
                Some((*letters.get(&d.pieces[0])?, *letters.get(&d.pieces[1])?))
            }
            _ => None,
        });
        let mut rules = ParlettRules {
            inner: Arc::new(Inner {
                set: set.clone(),
                defs,
                kinds,
                c,
                home: HashMap::new(),
                castle,
            }),
        };
        let placement = set.setup.split_whitespace().next().unwrap_or("");
        let placed = parse_placement(placement, shape, &rules.inner.kinds)
            .map_err(|e| invalid("setup", e.to_string()))?;
        let home = placed.into_iter().map(|(sq, k, s)| (sq, (k, s))).collect();
        if let Some(inner) = Arc::get_mut(&mut rules.inner) {
            inner.home = home;
        }
        rules
            .position_from_fen(&set.setup)
            .map_err(|e| invalid("setup", e.to_string()))?;
        Ok(rules)
    }

    /// The set file this was built from.
    pub fn set(&self) -> &SetFile {
        &self.inner.set
    }

    /// The parsed definition lines.
    pub fn definitions(&self) -> &[Definition] {
        &self.inner.defs
    }

    fn c(&self) -> &Compiled {
        &self.inner.c
    }

    /// The compiled set (tests of the engine's tables).
    #[cfg(test)]
    pub(crate) fn compiled(&self) -> &Compiled {
        self.c()
    }
}

/// One generated move of a unit: where it goes, its promotion, for complex
/// moves the effect, and its action (`None` when the caller only counts).
struct Gen<'e> {
    from: Square,
    to: Square,
    piece: Option<Kind>,
    effect: Option<&'e Effect>,
    action: Option<Action>,
}

/// Per-node data for the legality rule.
struct Legal {
    royals: SmallVec<[Square; 2]>,
    /// Need a full test for every move.
    always: bool,
    /// Squares whose vacating may uncover an attack on a royal.
    lines: Bitboard,
    /// The opponent's unmoved pieces ([`Compiled::unmoved_attackers`]), or
    /// all squares when no test needs them exact: no attack table reads them
    /// and no complex line of the opponent is near a royal piece (the
    /// complex-line filters then only say yes more often).
    unmoved: Bitboard,
    /// Could a history rule of the opponent capture a royal after a pattern move?
    pattern_risky: bool,
    /// The opponent's captures as sets, with one royal piece on a narrow
    /// board: made on first use ([`ParlettRules::danger`]).
    danger: OnceCell<Option<Danger>>,
    /// Where a complex line of the opponent might capture after a turn
    /// matching no history pattern: made on first use
    /// ([`ParlettRules::complex_reach`]).
    complex: OnceCell<Bitboard>,
}

/// Is an effect (its parts and captures) the simple move of the unit on
/// `from` to one of its simple targets `targets`: one part, leaving `from`
/// for a target, capturing at most what stands there (PAR-GRUP-04: then it
/// is that move, not a second one)?
fn simple_like(
    parts: &[(UnitId, Square, Square, u32)],
    caps: &[(UnitId, Square)],
    from: Square,
    targets: Bitboard,
) -> bool {
    match parts {
        &[(_, f, t, _)] if caps.len() <= 1 => {
            f == from && t != from && targets.contains(t) && caps.iter().all(|c| c.1 == t)
        }
        _ => false,
    }
}

/// Adds a complex move's effect to a unit's list (PAR-GRUP-04): an effect
/// that is a simple move of the unit on `from` (simple targets `targets`)
/// is that move, and one equal to an earlier effect is the same move (their
/// parts' pattern bits joined).
fn accept_effect(effects: &mut SmallVec<[Effect; 4]>, e: Effect, from: Square, targets: Bitboard) {
    if simple_like(&e.parts, &e.caps, from, targets) {
        return;
    }
    if let Some(prev) = effects.iter_mut().find(|p| p.same_effect(&e)) {
        for (i, part) in e.parts.iter().enumerate() {
            if let Some(pp) = prev.parts.get_mut(i) {
                pp.3 |= part.3;
            }
        }
        return;
    }
    effects.push(e);
}

impl ParlettRules {
    /// Every move of one unit (simple ones first, then complex ones,
    /// numbered with `#n` where two different moves share a text).
    fn unit_moves(
        &self,
        pos: &Position<ParlettState>,
        board: &mut Option<Board>,
        u: UnitId,
        known: Option<Bitboard>,
        nn: Option<&NarrowNode>,
        danger: Option<&dyn Fn() -> Option<Danger>>,
        actions: bool,
        out: &mut dyn FnMut(Gen<'_>),
    ) -> Bitboard {
        let c = self.c();
        let unit = pos.unit(u);
        let Some(from) = unit.loc.square() else {
            return Bitboard::EMPTY;
        };
        let side = unit.side;
        let own = pos.side_bb(side);
        let enemy = pos.side_bb(side.opposite());
        let Some(kd) = c.kinds.get(unit.kind.index()) else {
            return Bitboard::EMPTY;
        };
        // `known`: the caller already has (and counted) the simple targets.
        let targets = match known {
            Some(t) => t,
            None => match c.narrow() {
                Some(nw) => unpack(
                    nw.targets(
                        unit.kind,
                        narrow::n(from),
                        side,
                        unit.status.moved,
                        pack(own),
                        pack(enemy),
                    )
                    .0,
                ),
                None => {
                    c.simple_targets(unit.kind, from, side, unit.status.moved, own, enemy)
                        .0
                }
            },
        };
        let zone = kd.promo_zone[side.index()];
        for to in targets.iter().filter(|_| known.is_none()) {
            let simple = |piece: Option<Kind>| Gen {
                from,
                to,
                piece,
                effect: None,
                action: actions.then(|| {
                    let a = Action::step(from, to);
                    match piece {
                        Some(p) => a.with_piece(p),
                        None => a,
                    }
                }),
            };
            if zone.contains(to) && !kd.promo_to.is_empty() {
                for &p in &kd.promo_to {
                    out(simple(Some(p)));
                }
            } else {
                out(simple(None));
            }
        }
        if kd.lines.is_empty() {
            return targets;
        }
        let run: SmallVec<[usize; 4]> = kd
            .lines
            .iter()
            .copied()
            .filter(|&li| self.line_may_run(pos, li, from, side, unit.status.moved))
            .collect();
        if run.is_empty() {
            return targets;
        }
        let mut effects: SmallVec<[Effect; 4]> = SmallVec::new();
        let mut accept = |e: Effect| accept_effect(&mut effects, e, from, targets);
        let mut unmoved: Option<Bitboard> = None;
        for li in run {
            let line = &c.lines[li];
            if let Some(fx) = &line.fixed {
                let um =
                    *unmoved.get_or_insert_with(|| c.unmoved_attackers(pos, side.opposite(), nn));
                if run_fixed(
                    c,
                    pos,
                    fx,
                    &line.pieces,
                    &line.needs_unmoved,
                    u,
                    um,
                    nn,
                    danger,
                    &mut accept,
                ) {
                    continue;
                }
            }
            let b = board.get_or_insert_with(|| Board::from_pos(pos));
            let mut ev = Ev::new(c, b, side, pos.state().last.clone());
            ev.run_line(li, u, &mut accept);
        }
        let mut seen: SmallVec<[Action; 8]> = SmallVec::new();
        for e in &effects {
            let Some(&(_, f0, t0, _)) = e.parts.first() else {
                continue;
            };
            let promo = self.effect_promotions(pos, side, &e.parts);
            let variants: SmallVec<[Option<Kind>; 4]> = match promo {
                Some(list) => list.iter().map(|&k| Some(k)).collect(),
                None => SmallVec::from_slice(&[None]),
            };
            if !actions {
                for piece in variants {
                    out(Gen {
                        from: f0,
                        to: t0,
                        piece,
                        effect: Some(e),
                        action: None,
                    });
                }
                continue;
            }
            let mut path: SmallVec<[Square; 4]> = SmallVec::new();
            path.push(f0);
            path.push(t0);
            if f0 == t0 {
                let mut sqs: SmallVec<[Square; 4]> = e.caps.iter().map(|x| x.1).collect();
                sqs.sort_unstable();
                path.extend(sqs);
            }
            let base = Action::new(ActionKind::Move, &path);
            for pk in variants {
                let mut a = base.clone();
                a.piece = pk;
                let mut n = seen.iter().filter(|x| **x == a).count() as u16;
                if path.len() == 2 && targets.contains(t0) && f0 != t0 {
                    let simple_has = if zone.contains(t0) && !kd.promo_to.is_empty() {
                        pk.is_some()
                    } else {
                        pk.is_none()
                    };
                    if simple_has {
                        n += 1;
                    }
                }
                seen.push(a.clone());
                out(Gen {
                    from: f0,
                    to: t0,
                    piece: pk,
                    effect: Some(e),
                    action: Some(a.with_arg(n)),
                });
            }
        }
        targets
    }

    /// The kinds an effect's move may promote to: those of a participant
    /// that ends in its promotion zone (`None`: no promotion).
    fn effect_promotions(
        &self,
        pos: &Position<ParlettState>,
        side: Side,
        parts: &[Part],
    ) -> Option<&Vec<Kind>> {
        let mut promo = None;
        for &(pu, pf, pt, _) in parts {
            let pk = pos.unit(pu).kind;
            if let Some(pkd) = self.c().kinds.get(pk.index()) {
                if pf != pt && !pkd.promo_to.is_empty() && pkd.promo_zone[side.index()].contains(pt)
                {
                    promo = Some(&pkd.promo_to);
                }
            }
        }
        promo
    }

    /// The legal complex moves of unit `u` on `from`, whose simple targets
    /// are `known`, counted on the narrow route plans when every line of its
    /// kind is fixed ([`plan_fixed`]): the same effects as
    /// [`Self::unit_moves`] gives, without building them one by one. `None`
    /// when some line is not fixed or a plan cannot decide (then
    /// [`Self::count_complex`] counts).
    #[allow(clippy::too_many_arguments)]
    fn count_fixed(
        &self,
        pos: &Position<ParlettState>,
        legal: Option<&Legal>,
        scratch: &mut Option<Board>,
        nn: &NarrowNode,
        u: UnitId,
        from: Square,
        known: Bitboard,
    ) -> Option<u64> {
        let c = self.c();
        let unit = pos.unit(u);
        let side = unit.side;
        let kd = c.kinds.get(unit.kind.index())?;
        // Lines whose placements never make the same move twice (different
        // first-part displacements): each is counted as it is found.
        if !kd.fixed_distinct[side.index()] {
            return None;
        }
        let danger = || legal.and_then(|li| self.danger(pos, li, Some(nn))).copied();
        let mut n = 0;
        for &li in &kd.lines {
            let line = c.lines.get(li)?;
            let fx = line.fixed.as_deref()?;
            if !self.line_may_run(pos, li, from, side, unit.status.moved) {
                continue;
            }
            let mut leaf = |parts: &[Part]| {
                if simple_like(parts, &[], from, known) {
                    return;
                }
                let e = EffectRef { parts, caps: &[] };
                let mut legal_as = |piece: Option<Kind>| {
                    u64::from(legal.map_or(true, |li| {
                        self.effect_safe(pos, li, scratch, e, piece, Some(nn))
                    }))
                };
                match self.effect_promotions(pos, side, parts) {
                    Some(list) => n += list.iter().map(|&k| legal_as(Some(k))).sum::<u64>(),
                    None => n += legal_as(None),
                }
            };
            let decided = plan_narrow(
                c,
                pos,
                fx,
                &line.pieces,
                &line.needs_unmoved,
                u,
                nn,
                Some(&danger),
                &mut leaf,
            );
            if !decided {
                return None;
            }
        }
        Some(n)
    }

    /// The history-pattern bits of the simple move of unit `u` from `from` to
    /// `to` (PAR-HIST-01: what the opponent's history rules will see of it).
    fn move_patterns(
        &self,
        pos: &Position<ParlettState>,
        u: UnitId,
        from: Square,
        to: Square,
    ) -> u32 {
        let c = self.c();
        let un = pos.unit(u);
        if c.kinds.get(un.kind.index()).map_or(0, |kd| kd.pattern_bits) == 0 {
            return 0;
        }
        let side = un.side;
        let (own, enemy) = (pos.side_bb(side), pos.side_bb(side.opposite()));
        c.simple_pattern_bits(un.kind, from, to, side, un.status.moved, own, enemy)
    }

    /// The quick tests a complex line must pass before it is run for a piece
    /// on `from`: a piece that has moved cannot play a line whose first part
    /// needs an unmoved one, a history rule needs its pattern move in the
    /// previous turn, and the first steps need their squares
    /// ([`super::engine::Compiled::line_may_apply`]).
    fn line_may_run(
        &self,
        pos: &Position<ParlettState>,
        li: usize,
        from: Square,
        side: Side,
        moved: bool,
    ) -> bool {
        let c = self.c();
        let Some(line) = c.lines.get(li) else {
            return false;
        };
        if line.needs_unmoved.first().copied().unwrap_or(false) && moved {
            return false;
        }
        if let super::engine::LineBody::History { .. } = line.body {
            if !c.history_may_apply(li, from, side, &pos.state().last, |q| pos.unit_at(q)) {
                return false;
            }
        }
        c.line_may_apply(li, from, side, pos.occupied())
    }

    fn legal_info(&self, pos: &Position<ParlettState>, nn: Option<&NarrowNode>) -> Option<Legal> {
        let c = self.c();
        if !c.legality {
            return None;
        }
        let royal = c.royal?;
        let side = pos.to_move();
        let opp = side.opposite();
        let royals: SmallVec<[Square; 2]> = pos.pieces(side, royal).iter().collect();
        // The unmoved squares, exact where a test reads them: the attack
        // tables with `i` elements, or a complex line near a royal piece.
        // Else "all unmoved", which only makes the complex-line filters say
        // yes more often (see `Legal::unmoved`).
        let mut exact = c.unmoved_tables;
        let mut unmoved = if exact {
            c.unmoved_attackers(pos, opp, nn)
        } else {
            Bitboard::FULL
        };
        let occ = pos.occupied();
        let by = pos.side_bb(opp);
        let mut always = false;
        let mut pattern_risky = false;
        let mut lines = Bitboard::EMPTY;
        let kb = |k: usize| pos.kind_bb(Kind(k as u8));
        let narrow = c.narrow().zip(nn);
        for &r in &royals {
            // Might a complex line capture it after some previous turn? Asked
            // first with every piece counted as unmoved (the most permissive
            // form: its no is final), a yes again with the exact squares.
            let mut near = c.complex_may_capture(r, opp, by, kb, unmoved, None, nn);
            if near && !exact {
                exact = true;
                unmoved = c.unmoved_attackers(pos, opp, nn);
                near = c.complex_may_capture(r, opp, by, kb, unmoved, None, nn);
            }
            let in_check = c.attacked(r, opp, occ, by, kb, unmoved, nn)
                || (near && c.complex_may_capture(r, opp, by, kb, unmoved, Some(&[]), nn));
            always |= in_check;
            pattern_risky |= near;
            lines |= match narrow {
                Some((nw, nn)) => unpack(nw.slider_lines(
                    narrow::n(r),
                    opp,
                    nn.side[0] | nn.side[1],
                    nn.side[side.index()],
                    nn.side[opp.index()],
                    |k| nn.kind(k),
                )),
                None => c.slider_lines(r, opp, occ, pos.side_bb(side), by, kb),
            };
        }
        Some(Legal {
            royals,
            always,
            lines,
            unmoved,
            pattern_risky,
            danger: OnceCell::new(),
            complex: OnceCell::new(),
        })
    }

    /// [`Compiled::complex_reach`] of the opponent at this node, made once.
    /// A move that captures takes a piece from the opponent, so its reach
    /// afterwards is within this one.
    fn complex_reach(
        &self,
        pos: &Position<ParlettState>,
        li: &Legal,
        nn: Option<&NarrowNode>,
    ) -> Bitboard {
        *li.complex.get_or_init(|| {
            let opp = pos.to_move().opposite();
            let kb = |k: usize| pos.kind_bb(Kind(k as u8));
            self.c()
                .complex_reach(opp, pos.side_bb(opp), kb, li.unmoved, nn)
        })
    }

    /// The node's [`Danger`], made on first use: with one royal piece on a
    /// narrow board, the squares on which the opponent could capture it.
    fn danger<'l>(
        &self,
        pos: &Position<ParlettState>,
        li: &'l Legal,
        nn: Option<&NarrowNode>,
    ) -> Option<&'l Danger> {
        li.danger
            .get_or_init(|| {
                let c = self.c();
                let (nw, nn) = c.narrow().zip(nn)?;
                let &[r] = li.royals.as_slice() else {
                    return None;
                };
                let opp = pos.to_move().opposite();
                Some(Danger {
                    royal: r,
                    simple: nw.attack_map(
                        opp,
                        pack(pos.occupied()) & !(1u64 << narrow::n(r)),
                        nn.side[opp.index()],
                        |k| nn.kind(k),
                        pack(li.unmoved),
                    ),
                    // Every square, not only near the royal piece: its
                    // moves and castling read other squares.
                    complex: pack(self.complex_reach(pos, li, Some(nn))),
                })
            })
            .as_ref()
    }

    /// Is a generated move legal under the check rule?
    fn is_legal(
        &self,
        pos: &Position<ParlettState>,
        li: &Legal,
        board: &mut Option<Board>,
        g: &Gen,
        nn: Option<&NarrowNode>,
    ) -> bool {
        match g.effect {
            None => self.simple_legal(pos, li, board, g.from, g.to, g.piece, nn),
            Some(e) => self.effect_safe(pos, li, board, e.view(), g.piece, nn),
        }
    }

    /// Is the simple move `from` -> `to` (promoting to `promo`) legal under the
    /// check rule?
    #[allow(clippy::too_many_arguments)]
    fn simple_legal(
        &self,
        pos: &Position<ParlettState>,
        li: &Legal,
        board: &mut Option<Board>,
        from: Square,
        to: Square,
        promo: Option<Kind>,
        nn: Option<&NarrowNode>,
    ) -> bool {
        let c = self.c();
        let Some(royal) = c.royal else { return true };
        let side = pos.to_move();
        let opp = side.opposite();
        let Some(u) = pos.unit_at(from) else {
            return true;
        };
        let is_royal = pos.unit(u).kind == royal;
        let pat = if li.pattern_risky {
            self.move_patterns(pos, u, from, to)
        } else {
            0
        };
        if !li.always && !is_royal && !li.lines.contains(from) && pat == 0 {
            return true;
        }
        // The royal piece stepping alone to an empty square: read off the
        // node's sets (exact there, see `Danger::royal_safe`).
        if let (true, 0, None, false) = (is_royal, pat, promo, pos.side_bb(opp).contains(to)) {
            // Only when already made (see `count_moves`).
            let d = li.danger.get().and_then(Option::as_ref);
            let d = d.filter(|d| d.royal == from);
            if let Some(safe) = d.and_then(|d| d.royal_safe(to)) {
                return safe;
            }
        }
        let occ = (pos.occupied() - Bitboard::from_square(from)) | Bitboard::from_square(to);
        let by = pos.side_bb(opp) - Bitboard::from_square(to);
        let mut need_full = false;
        for &r in &li.royals {
            let r = if is_royal && r == from { to } else { r };
            let kb = |k: usize| pos.kind_bb(Kind(k as u8));
            if c.attacked(r, opp, occ, by, kb, li.unmoved, nn) {
                return false;
            }
            let may = if pat == 0 {
                // No history rule applies after a move matching no pattern.
                self.complex_reach(pos, li, nn).contains(r)
            } else {
                let last = [LastPart {
                    unit: u,
                    from,
                    to,
                    patterns: pat,
                }];
                c.complex_may_capture(r, opp, by, kb, li.unmoved, Some(&last), nn)
            };
            need_full |= may;
        }
        if !need_full {
            return true;
        }
        let parts = [(u, from, to, pat)];
        let cap = pos.unit_at(to).map(|v| (v, to));
        let e = EffectRef {
            parts: &parts,
            caps: cap.as_slice(),
        };
        self.effect_safe(pos, li, board, e, promo, nn)
    }

    /// [`Self::effect_safe`] on the narrow board with the node's [`Danger`], for an
    /// effect that captures nothing, promotes nothing and matches no history pattern
    /// (castling): the royal piece's square after the effect is tested with the
    /// simple attack tables on the placement after it, and against the opponent's
    /// complex reach, which such an effect leaves as it was. `None` when that does
    /// not apply or a complex line might capture.
    fn effect_safe_sets(
        &self,
        pos: &Position<ParlettState>,
        li: &Legal,
        e: EffectRef<'_>,
        promo: Option<Kind>,
        royal: Kind,
        nn: Option<&NarrowNode>,
    ) -> Option<bool> {
        if promo.is_some() || !e.caps.is_empty() || e.parts.iter().any(|p| p.3 != 0) {
            return None;
        }
        let (nw, nn) = self.c().narrow().zip(nn)?;
        let d = self.danger(pos, li, Some(nn))?;
        let side = pos.to_move();
        let opp = side.opposite();
        let mut occ = nn.side[0] | nn.side[1];
        let mut r = d.royal;
        for &(_, f, _, _) in e.parts {
            occ &= !(1u64 << narrow::n(f));
        }
        for &(u, f, t, _) in e.parts {
            occ |= 1u64 << narrow::n(t);
            if f == d.royal && pos.unit(u).kind == royal {
                r = t;
            }
        }
        // Safe in the sets' world (the royal piece lifted, the others in place)?
        // The other parts only add own pieces (blocks) and vacate squares; an
        // attack can only come through a vacated square, along its line.
        if d.royal_safe(r) == Some(true) {
            let mut vacated = 0u64;
            for &(u, f, _, _) in e.parts {
                if f != d.royal || pos.unit(u).kind != royal {
                    vacated |= 1u64 << narrow::n(f);
                }
            }
            vacated &= !occ;
            let by = nn.side[opp.index()];
            let through = nw.attacked_through(narrow::n(r), vacated, opp, occ, by, |k| nn.kind(k));
            if let Some(attacked) = through {
                return Some(!attacked);
            }
        }
        let unmoved = pack(li.unmoved);
        if nw.attacked(
            narrow::n(r),
            opp,
            occ,
            nn.side[opp.index()],
            |k| nn.kind(k),
            unmoved,
        ) {
            return Some(false);
        }
        (d.complex & (1u64 << narrow::n(r)) == 0).then_some(true)
    }

    /// [`Self::effect_safe`] on bitboards alone, when it can decide: the placement after
    /// the effect is computed on the occupancy and the attacker's squares, and each own
    /// royal piece is tested with the same two tables `capturable_on_board` starts with
    /// (simple elements, exact; complex lines, a conservative filter). `None` when a
    /// complex line of the opponent might capture, or when a promotion makes a royal piece:
    /// then only the scratch board can tell.
    fn effect_safe_quick(
        &self,
        pos: &Position<ParlettState>,
        e: EffectRef<'_>,
        promo: Option<Kind>,
        royal: Kind,
        nn: Option<&NarrowNode>,
    ) -> Option<bool> {
        let c = self.c();
        if promo == Some(royal) {
            return None;
        }
        let side = pos.to_move();
        let opp = side.opposite();
        let mut occ = pos.occupied();
        let mut by = pos.side_bb(opp);
        for &(_, sq) in e.caps {
            occ.clear(sq);
            by.clear(sq);
        }
        for &(_, f, _, _) in e.parts {
            occ.clear(f);
        }
        let mut royals: SmallVec<[Square; 2]> = SmallVec::new();
        for &(u, _, t, _) in e.parts {
            occ.set(t);
            if pos.unit(u).kind == royal {
                royals.push(t);
            }
        }
        for r in pos.pieces(side, royal) {
            if !e.parts.iter().any(|p| p.1 == r) {
                royals.push(r);
            }
        }
        let unmoved = c.unmoved_attackers(pos, opp, nn);
        let last = last_parts(e.parts);
        let kb = |k: usize| pos.kind_bb(Kind(k as u8));
        let mut undecided = false;
        for &r in &royals {
            if c.attacked(r, opp, occ, by, kb, unmoved, nn) {
                return Some(false);
            }
            if c.complex_may_capture(r, opp, by, kb, unmoved, Some(&last), nn) {
                undecided = true;
            }
        }
        (!undecided).then_some(true)
    }

    /// Plays an effect on the scratch board and tests every own royal piece.
    fn effect_safe(
        &self,
        pos: &Position<ParlettState>,
        li: &Legal,
        board: &mut Option<Board>,
        e: EffectRef<'_>,
        promo: Option<Kind>,
        nn: Option<&NarrowNode>,
    ) -> bool {
        let c = self.c();
        let Some(royal) = c.royal else { return true };
        if let Some(safe) = self.effect_safe_sets(pos, li, e, promo, royal, nn) {
            return safe;
        }
        if let Some(safe) = self.effect_safe_quick(pos, e, promo, royal, nn) {
            return safe;
        }
        let side = pos.to_move();
        let b = board.get_or_insert_with(|| Board::from_pos(pos));
        let mut saved_kinds: SmallVec<[(UnitId, Kind); 2]> = SmallVec::new();
        for &(v, _) in e.caps {
            b.lift(v);
        }
        for &(u, _, _, _) in e.parts {
            b.lift(u);
        }
        for &(u, f, t, _) in e.parts {
            b.put(u, t);
            if let Some(p) = promo {
                if f != t {
                    let k = b.units[u.index()].kind;
                    if c.kinds.get(k.index()).is_some_and(|kd| {
                        kd.promo_zone[side.index()].contains(t) && !kd.promo_to.is_empty()
                    }) {
                        saved_kinds.push((u, k));
                        b.lift(u);
                        b.units[u.index()].kind = p;
                        b.put(u, t);
                    }
                }
            }
        }
        let last: LastParts = last_parts(e.parts);
        let mut safe = true;
        let royals: SmallVec<[(UnitId, Square); 2]> = b
            .units
            .iter()
            .enumerate()
            .filter_map(|(i, x)| {
                (x.side == side && x.kind == royal)
                    .then_some(())
                    .and(x.sq.map(|s| (UnitId(i as u16), s)))
            })
            .collect();
        for (ru, rs) in royals {
            if capturable_on_board(c, b, ru, rs, side.opposite(), last.clone()) {
                safe = false;
                break;
            }
        }
        for &(u, k) in saved_kinds.iter().rev() {
            let t = b.lift(u);
            b.units[u.index()].kind = k;
            if let Some(t) = t {
                b.put(u, t);
            }
        }
        for &(u, _, _, _) in e.parts {
            b.lift(u);
        }
        for &(u, f, _, _) in e.parts {
            b.put(u, f);
        }
        for &(v, s) in e.caps {
            b.put(v, s);
        }
        safe
    }

    /// Every move of unit `u` with its action, as [`Self::unit_moves`] gives
    /// it at a node with narrow views `nn` and legality data `legal` (whose
    /// sets answer the `s` tests of its fixed lines).
    fn node_unit_moves(
        &self,
        pos: &Position<ParlettState>,
        nn: Option<&NarrowNode>,
        legal: Option<&Legal>,
        board: &mut Option<Board>,
        u: UnitId,
        out: &mut dyn FnMut(Gen<'_>),
    ) {
        let danger = || legal.and_then(|li| self.danger(pos, li, nn)).copied();
        self.unit_moves(pos, board, u, None, nn, Some(&danger), true, out);
    }

    /// Visits every legal move of the side to act.
    fn each_move(&self, pos: &Position<ParlettState>, out: &mut dyn FnMut(Gen<'_>)) {
        if pos.result().is_some() {
            return;
        }
        let side = pos.to_move();
        let nn = self
            .c()
            .narrow()
            .map(|_| NarrowNode::new(pos, self.c().kinds.len()));
        let legal = self.legal_info(pos, nn.as_ref());
        let mut board: Option<Board> = None;
        let mut scratch: Option<Board> = None;
        for sq in pos.side_bb(side) {
            let Some(u) = pos.unit_at(sq) else { continue };
            let nn = nn.as_ref();
            match &legal {
                None => self.node_unit_moves(pos, nn, None, &mut board, u, out),
                Some(li) => self.node_unit_moves(pos, nn, Some(li), &mut board, u, &mut |g| {
                    if self.is_legal(pos, li, &mut scratch, &g, nn) {
                        out(g);
                    }
                }),
            }
        }
    }

    fn count_moves(&self, pos: &Position<ParlettState>) -> u64 {
        if pos.result().is_some() {
            return 0;
        }
        let c = self.c();
        let side = pos.to_move();
        let nn = c.narrow().map(|_| NarrowNode::new(pos, c.kinds.len()));
        let legal = self.legal_info(pos, nn.as_ref());
        let mut board: Option<Board> = None;
        let mut scratch: Option<Board> = None;
        // History rules can only apply after a move that matched a pattern.
        let history_live = pos.state().last.iter().any(|p| p.patterns != 0);
        let mut n = 0u64;
        let mut complex = |u: UnitId, known: Option<Bitboard>| -> u64 {
            if let (Some(nn), Some(known), Some(from)) =
                (nn.as_ref(), known, pos.unit(u).loc.square())
            {
                let fixed = self.count_fixed(pos, legal.as_ref(), &mut scratch, nn, u, from, known);
                if let Some(n) = fixed {
                    return n;
                }
            }
            self.count_complex(
                pos,
                legal.as_ref(),
                &mut board,
                &mut scratch,
                nn.as_ref(),
                u,
                known,
            )
        };
        if let (Some(nw), Some(nn)) = (c.narrow(), nn.as_ref()) {
            // Kind by kind on the narrow board: a piece whose moves cannot expose its
            // king adds the popcount of its targets, without looking at its unit
            // unless an `i` element needs to know whether it has moved.
            let own = nn.side[side.index()];
            let enemy = nn.side[side.opposite().index()];
            let (always, lines, risky) = match &legal {
                None => (false, 0, false),
                Some(li) => (li.always, pack(li.lines), li.pattern_risky),
            };
            let mut royal_scratch: Option<Board> = None;
            let mut gens = [0u64; 8];
            for (k, kd) in c.kinds.iter().enumerate() {
                let mut bb = nn.kinds.get(k).copied().unwrap_or(0) & own;
                if bb == 0 {
                    continue;
                }
                let kind = Kind(k as u8);
                let fast_kind = legal.is_none() || (!always && Some(kind) != c.royal);
                // A move matching a history pattern might let a history rule of
                // the opponent capture the royal piece: those are tested one by one.
                let pattern_tested = kd.pattern_bits != 0 && risky;
                let zone = nw.promo_zone[k][side.index()];
                let promotes = !kd.promo_to.is_empty();
                let initial = nw.has_initial(kind);
                let run_lines = !kd.lines.is_empty() && (history_live || !kd.history_only);
                // The unit on `sq`, when one of its complex lines may give a move.
                let lines_unit = |sq: Square| -> Option<UnitId> {
                    let u = pos.unit_at(sq).filter(|_| run_lines)?;
                    let moved = pos.unit(u).status.moved;
                    kd.lines
                        .iter()
                        .any(|&li| self.line_may_run(pos, li, sq, side, moved))
                        .then_some(u)
                };
                // Pure sliders that cannot expose their king: every piece's
                // slides in one direction are counted together (rays along one
                // direction never overlap), after the loop.
                if let (true, false, false, false, Some(dirs)) = (
                    fast_kind,
                    promotes,
                    run_lines,
                    pattern_tested,
                    nw.only_slides(k, side),
                ) {
                    let free = bb & !lines;
                    let mut ds = dirs;
                    while ds != 0 {
                        let d = ds.trailing_zeros() as usize;
                        ds &= ds - 1;
                        gens[d] |= free;
                    }
                    bb &= lines;
                }
                while bb != 0 {
                    let i = bb.trailing_zeros() as usize;
                    bb &= bb - 1;
                    let sq = narrow::square(i);
                    if fast_kind && lines & (1 << i) == 0 {
                        let moved =
                            initial && pos.unit_at(sq).is_some_and(|u| pos.unit(u).status.moved);
                        let (t, pat) = nw.targets(kind, i, side, moved, own, enemy);
                        let tested = if pattern_tested { t & pat } else { 0 };
                        if let (Some(li), true) = (legal.as_ref(), tested != 0) {
                            n += self.count_pattern_tested(
                                pos,
                                li,
                                &mut royal_scratch,
                                (sq, t, tested),
                                kd,
                                zone,
                                nn,
                            );
                        } else {
                            let promo = if promotes { t & zone } else { 0 };
                            n += u64::from((t & !promo).count_ones());
                            if promo != 0 {
                                n += u64::from(promo.count_ones()) * kd.promo_to.len() as u64;
                            }
                        }
                        if let Some(u) = lines_unit(sq) {
                            n += complex(u, Some(unpack(t)));
                        }
                    } else if let Some(li) = legal.as_ref().filter(|li| {
                        Some(kind) == c.royal
                            && li.royals.as_slice() == [sq]
                            && kd.pattern_bits == 0
                            && !promotes
                    }) {
                        // The royal piece: its steps to empty squares are read
                        // off the node's sets; captures and squares a complex
                        // line might reach are tested one by one.
                        let moved =
                            initial && pos.unit_at(sq).is_some_and(|u| pos.unit(u).status.moved);
                        let (t, _) = nw.targets(kind, i, side, moved, own, enemy);
                        let lines_run = lines_unit(sq);
                        // The sets pay off for three squares or more, or when a
                        // line (castling) will test squares too; one or two
                        // squares are cheaper to test one by one.
                        let sets = t.count_ones() >= 3 || (t != 0 && lines_run.is_some());
                        let d = sets.then(|| self.danger(pos, li, Some(nn))).flatten();
                        let quick = d.map_or(0, |d| t & !d.simple & !d.complex & !enemy);
                        n += u64::from(quick.count_ones());
                        let rest = t & !quick & !d.map_or(0, |d| d.simple & !enemy);
                        n += self.count_one_by_one(
                            pos,
                            li,
                            &mut royal_scratch,
                            (sq, rest),
                            (0, &[]),
                            nn,
                        );
                        if let Some(u) = lines_run {
                            n += complex(u, Some(unpack(t)));
                        }
                    } else if legal.is_some() {
                        if let Some(u) = pos.unit_at(sq) {
                            n += complex(u, None);
                        }
                    }
                }
            }
            let empty = !(own | enemy);
            for (d, &g) in gens.iter().enumerate() {
                if g != 0 {
                    n += u64::from((nw.fill(d, g, empty) & !own).count_ones());
                }
            }
            return n;
        }
        let own = pos.side_bb(side);
        let enemy = pos.side_bb(side.opposite());
        for sq in own {
            let Some(u) = pos.unit_at(sq) else { continue };
            let un = pos.unit(u);
            let kd = &c.kinds[un.kind.index()];
            let fast = match &legal {
                None => true,
                Some(li) => {
                    !li.always
                        && !li.lines.contains(sq)
                        && Some(un.kind) != c.royal
                        && (kd.pattern_bits == 0 || !li.pattern_risky)
                }
            };
            if fast {
                let (t, _) = c.simple_targets(un.kind, sq, side, un.status.moved, own, enemy);
                let promo = if kd.promo_to.is_empty() {
                    Bitboard::EMPTY
                } else {
                    t & kd.promo_zone[side.index()]
                };
                n += u64::from((t - promo).count())
                    + u64::from(promo.count()) * kd.promo_to.len() as u64;
                if !kd.lines.is_empty() && (history_live || !kd.history_only) {
                    n += complex(u, Some(t));
                }
            } else if legal.is_some() {
                n += complex(u, None);
            }
        }
        n
    }

    /// The simple moves of a piece on `sq` to narrow targets `t` whose
    /// `tested` ones match a history pattern while a history rule of the
    /// opponent might then capture the royal piece: those are tested one by
    /// one, the others only counted.
    #[cold]
    #[allow(clippy::too_many_arguments)]
    fn count_pattern_tested(
        &self,
        pos: &Position<ParlettState>,
        li: &Legal,
        scratch: &mut Option<Board>,
        (sq, t, tested): (Square, u64, u64),
        kd: &super::engine::KindData,
        zone: u64,
        nn: &NarrowNode,
    ) -> u64 {
        let promos = kd.promo_to.len() as u64;
        let promo = if promos > 0 { t & zone } else { 0 };
        u64::from((t & !promo & !tested).count_ones())
            + u64::from((promo & !tested).count_ones()) * promos
            + self.count_one_by_one(pos, li, scratch, (sq, tested), (promo, &kd.promo_to), nn)
    }

    /// The legal simple moves from `sq` to the narrow targets `tested`, each
    /// tested with [`Self::simple_legal`]; a target in `promo` counts once per
    /// kind of `promo_to` it may promote to.
    fn count_one_by_one(
        &self,
        pos: &Position<ParlettState>,
        li: &Legal,
        scratch: &mut Option<Board>,
        (sq, tested): (Square, u64),
        (promo, promo_to): (u64, &[Kind]),
        nn: &NarrowNode,
    ) -> u64 {
        let mut n = 0;
        let mut rest = tested;
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let to = narrow::square(j);
            let mut legal_to = |p: Option<Kind>| {
                u64::from(self.simple_legal(pos, li, scratch, sq, to, p, Some(nn)))
            };
            if promo & (1 << j) != 0 {
                for &p in promo_to {
                    n += legal_to(Some(p));
                }
            } else {
                n += legal_to(None);
            }
        }
        n
    }

    /// Moves of one unit counted one by one: with `known` simple targets (already
    /// counted), its legal complex moves; without, all its legal moves (a king, a
    /// pinned piece, or every piece while in check).
    #[allow(clippy::too_many_arguments)]
    fn count_complex(
        &self,
        pos: &Position<ParlettState>,
        legal: Option<&Legal>,
        board: &mut Option<Board>,
        scratch: &mut Option<Board>,
        nn: Option<&NarrowNode>,
        u: UnitId,
        known: Option<Bitboard>,
    ) -> u64 {
        let mut n = 0u64;
        let complex_only = known.is_some();
        let danger = || legal.and_then(|li| self.danger(pos, li, nn)).copied();
        self.unit_moves(pos, board, u, known, nn, Some(&danger), false, &mut |g| {
            if complex_only && g.effect.is_none() {
                return;
            }
            if legal.map_or(true, |li| self.is_legal(pos, li, scratch, &g, nn)) {
                n += 1;
            }
        });
        n
    }

    /// Applies an effect or a simple move to the position.
    fn apply_move(
        &self,
        pos: &mut Position<ParlettState>,
        action: &Action,
        effect: Option<&Effect>,
        events: &mut dyn EventSink,
    ) {
        let c = self.c();
        let side = pos.to_move();
        let wants = events.wants();
        let mut parts: SmallVec<[(UnitId, Square, Square, u32); 2]> = SmallVec::new();
        let mut caps: SmallVec<[(UnitId, Square); 2]> = SmallVec::new();
        match effect {
            Some(e) => {
                parts = e.parts.clone();
                caps = e.caps.clone();
            }
            None => {
                let (Some(from), Some(to)) = (action.from(), action.to()) else {
                    return;
                };
                let Some(u) = pos.unit_at(from) else { return };
                let pat = self.move_patterns(pos, u, from, to);
                parts.push((u, from, to, pat));
                if let Some(v) = pos.unit_at(to) {
                    caps.push((v, to));
                }
            }
        }
        for &(v, at) in &caps {
            pos.relocate(v, Location::Captured(side));
            if wants {
                events.push(Event::Captured {
                    unit: v,
                    at,
                    by: parts.first().map(|p| p.0),
                    to: Location::Captured(side),
                });
            }
        }
        if parts.len() == 1 {
            let (u, f, t, _) = parts[0];
            if f != t {
                pos.move_unit(u, t);
            }
        } else {
            for &(u, f, t, _) in &parts {
                if f != t {
                    pos.relocate(u, Location::Pool);
                }
            }
            for &(u, f, t, _) in &parts {
                if f != t {
                    pos.move_unit(u, t);
                }
            }
        }
        for &(u, f, t, _) in &parts {
            if wants {
                events.push(Event::Moved {
                    unit: u,
                    from: f,
                    to: t,
                });
            }
            // PAR-MULT-02 / PAR-DIST-03: every participant has moved.
            if !pos.unit(u).status.moved {
                pos.update_status(u, |s| s.moved = true);
            }
            if let Some(p) = action.piece {
                let k = pos.unit(u).kind;
                if f != t
                    && c.kinds.get(k.index()).is_some_and(|kd| {
                        !kd.promo_to.is_empty() && kd.promo_zone[side.index()].contains(t)
                    })
                {
                    pos.set_kind(u, p);
                    if wants {
                        events.push(Event::Promoted {
                            unit: u,
                            from: k,
                            to: p,
                        });
                    }
                }
            }
        }
        let last: LastParts = last_parts(&parts);
        if pos.state().last != last {
            pos.set_state(ParlettState { last });
        }
        pos.bump_ply();
        pos.pass_turn();
        // PAR-GAME-01: checked at the end of every turn.
        if let (Some(royal), false) = (c.royal, c.legality) {
            let w = pos.pieces(Side::White, royal).any();
            let b = pos.pieces(Side::Black, royal).any();
            let outcome = match (w, b) {
                (true, false) => Some(Outcome {
                    winner: Some(Side::White),
                    reason: "only side with a king".into(),
                }),
                (false, true) => Some(Outcome {
                    winner: Some(Side::Black),
                    reason: "only side with a king".into(),
                }),
                (false, false) => Some(Outcome {
                    winner: None,
                    reason: "no side has a king, no winner".into(),
                }),
                _ => None,
            };
            if let Some(o) = outcome {
                if wants {
                    events.push(Event::GameOver(o.clone()));
                }
                pos.set_result(Some(o));
            }
        }
        // No legal move (PAR-GAME-03), checkmate and stalemate (check rule) need a move
        // generation: `Rules::terminal` finds them, and `frozen_core::apply` records them
        // whatever the event sink (perft's raw `perform` leaves them, as leaves).
    }

    /// The end of the game when the side to act has no legal move (PAR-GAME-03, and
    /// checkmate or stalemate under the check rule).
    fn no_move_outcome(&self, pos: &Position<ParlettState>) -> Option<Outcome> {
        if pos.result().is_some() || self.count_moves(pos) != 0 {
            return None;
        }
        let c = self.c();
        let o = if c.legality {
            let victim_side = pos.to_move();
            let mover_wins = c.royal.is_some_and(|r| {
                let mut b = Board::from_pos(pos);
                pos.pieces(victim_side, r).iter().any(|s| {
                    pos.unit_at(s).is_some_and(|u| {
                        capturable_on_board(
                            c,
                            &mut b,
                            u,
                            s,
                            victim_side.opposite(),
                            pos.state().last.clone(),
                        )
                    })
                })
            });
            if mover_wins {
                Outcome {
                    winner: Some(victim_side.opposite()),
                    reason: "checkmate".into(),
                }
            } else {
                Outcome {
                    winner: None,
                    reason: "stalemate".into(),
                }
            }
        } else {
            Outcome {
                winner: None,
                reason: "no legal move, no winner".into(),
            }
        };
        Some(o)
    }

    fn fen_error(fen: &str, column: usize, message: impl Into<String>) -> LoadError {
        let caret = format!("{}^", " ".repeat(column.saturating_sub(1)));
        LoadError::one(Problem::new(
            ProblemKind::Syntax,
            format!("FEN column {column}"),
            format!("{}\n  {fen}\n  {caret}", message.into()),
        ))
    }
}

impl Rules for ParlettRules {
    type State = ParlettState;

    fn name(&self) -> &str {
        &self.inner.set.name
    }
    fn description(&self) -> &str {
        &self.inner.set.description
    }
    fn kinds(&self) -> &KindSet {
        &self.inner.kinds
    }
    fn shape(&self) -> Shape {
        self.inner.c.shape
    }
    fn initial_position(&self) -> Position<ParlettState> {
        self.position_from_fen(&self.inner.set.setup)
            .unwrap_or_else(|_| Position::empty(self.shape(), ParlettState::default()))
    }

    fn actions(&self, pos: &Position<ParlettState>, out: &mut Vec<Action>) {
        self.each_move(pos, &mut |g| out.extend(g.action));
    }

    fn count_actions(&self, pos: &Position<ParlettState>, _buf: &mut Vec<Action>) -> u64 {
        self.count_moves(pos)
    }

    fn terminal(&self, pos: &Position<ParlettState>) -> Option<Outcome> {
        self.no_move_outcome(pos)
    }

    fn perform(
        &self,
        pos: &mut Position<ParlettState>,
        action: &Action,
        events: &mut dyn EventSink,
    ) {
        let c = self.c();
        let (Some(from), Some(to)) = (action.from(), action.to()) else {
            return;
        };
        let Some(u) = pos.unit_at(from) else { return };
        let un = pos.unit(u);
        let side = un.side;
        if action.kind == ActionKind::Move
            && action.path.len() == 2
            && action.arg == 0
            && from != to
        {
            // A kind without complex lines only has simple moves: no need to look.
            if c.kinds
                .get(un.kind.index())
                .is_some_and(|kd| kd.lines.is_empty())
            {
                self.apply_move(pos, action, None, events);
                return;
            }
            let (t, _) = c.simple_targets(
                un.kind,
                from,
                side,
                un.status.moved,
                pos.side_bb(side),
                pos.side_bb(side.opposite()),
            );
            if t.contains(to) {
                self.apply_move(pos, action, None, events);
                return;
            }
        }
        // The unit's moves as the move list made them, with the node's
        // narrow views and sets (cheaper `s` tests for castling).
        let mut board = None;
        let mut found: Option<Effect> = None;
        let nn = c.narrow().map(|_| NarrowNode::new(pos, c.kinds.len()));
        let legal = self.legal_info(pos, nn.as_ref());
        self.node_unit_moves(pos, nn.as_ref(), legal.as_ref(), &mut board, u, &mut |g| {
            if found.is_none() && g.action.as_ref() == Some(action) {
                found = g.effect.cloned();
            }
        });
        if let Some(e) = found {
            self.apply_move(pos, action, Some(&e), events);
        }
    }

    fn validate(&self, pos: &Position<ParlettState>) -> Vec<Problem> {
        let mut out = Vec::new();
        for (i, p) in pos.state().last.iter().enumerate() {
            let here = pos.get_unit(p.unit).and_then(|u| u.loc.square());
            if here != Some(p.to) {
                out.push(Problem::new(
                    ProblemKind::Rule,
                    format!("state.last[{i}]"),
                    format!(
                        "unit {} is not standing on {} where its last move ended",
                        p.unit, p.to
                    ),
                ));
            }
        }
        out
    }

    fn describe_state(&self, pos: &Position<ParlettState>) -> Vec<String> {
        let mut v = Vec::new();
        for p in &pos.state().last {
            v.push(format!(
                "last turn: unit {} played {}{} (history pattern)",
                p.unit, p.from, p.to
            ));
        }
        if pos.result().is_none() && self.count_moves(pos) == 0 {
            v.push("no legal move, no winner".into());
        }
        v
    }

    fn position_from_fen(&self, fen: &str) -> Result<Position<ParlettState>, LoadError> {
        let c = self.c();
        if fen.len() > 4096 {
            return Err(Self::fen_error(fen, 1, "FEN longer than 4096 bytes"));
        }
        // Field start columns.
        let mut fields: Vec<(usize, &str)> = Vec::new();
        let mut rest = fen;
        let mut offset = 0usize;
        loop {
            let trimmed = rest.trim_start();
            offset += rest.len() - trimmed.len();
            if trimmed.is_empty() {
                break;
            }
            let end = trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
            fields.push((fen[..offset].chars().count() + 1, &trimmed[..end]));
            offset += end;
            rest = &trimmed[end..];
        }
        let Some(&(_, placement)) = fields.first() else {
            return Err(Self::fen_error(fen, 1, "empty FEN"));
        };
        if fields.len() > 6 {
            return Err(Self::fen_error(
                fen,
                fields[6].0,
                "unexpected text after the fullmove number",
            ));
        }
        let placed = parse_placement(placement, c.shape, &self.inner.kinds)
            .map_err(|e| Self::fen_error(fen, e.column, e.reason))?;
        let to_move = match fields.get(1) {
            None | Some((_, "w")) => Side::White,
            Some((_, "b")) => Side::Black,
            Some((cl, t)) => {
                return Err(Self::fen_error(
                    fen,
                    *cl,
                    format!("expected the side to move, w or b, found {t:?}"),
                ))
            }
        };
        // Castling field.
        let mut unmoved_castle: Vec<Square> = Vec::new();
        if let Some(&(cl, cf)) = fields.get(2) {
            if cf != "-" {
                let Some((kk, tk)) = self.inner.castle else {
                    return Err(Self::fen_error(
                        fen,
                        cl,
                        "this set has no castling: the field must be '-'",
                    ));
                };
                for (i, ch) in cf.chars().enumerate() {
                    let side = match ch {
                        'K' | 'Q' => Side::White,
                        'k' | 'q' => Side::Black,
                        _ => {
                            return Err(Self::fen_error(
                                fen,
                                cl + i,
                                format!("expected K, Q, k, q or '-', found {ch:?}"),
                            ))
                        }
                    };
                    let kings: Vec<Square> = placed
                        .iter()
                        .filter(|p| p.1 == kk && p.2 == side)
                        .map(|p| p.0)
                        .collect();
                    let Some(&ksq) = kings.first().filter(|_| kings.len() == 1) else {
                        return Err(Self::fen_error(
                            fen,
                            cl + i,
                            format!(
                                "castling right {ch:?} needs exactly one {} of that side",
                                self.inner.kinds.name(kk)
                            ),
                        ));
                    };
                    let kingside = ch.eq_ignore_ascii_case(&'K');
                    let rook = placed
                        .iter()
                        .filter(|p| p.1 == tk && p.2 == side && p.0.rank() == ksq.rank())
                        .filter(|p| {
                            if kingside {
                                p.0.file() > ksq.file()
                            } else {
                                p.0.file() < ksq.file()
                            }
                        })
                        .map(|p| p.0)
                        .reduce(|a, b| {
                            if (b.file() > a.file()) == kingside {
                                b
                            } else {
                                a
                            }
                        });
                    let Some(rsq) = rook else {
                        return Err(Self::fen_error(
                            fen,
                            cl + i,
                            format!(
                                "castling right {ch:?} but no {} on that side of the {}",
                                self.inner.kinds.name(tk),
                                self.inner.kinds.name(kk)
                            ),
                        ));
                    };
                    unmoved_castle.push(ksq);
                    unmoved_castle.push(rsq);
                }
            }
        }
        let mut pos = Position::empty(c.shape, ParlettState::default());
        let mut ids: HashMap<Square, UnitId> = HashMap::new();
        for &(sq, k, s) in &placed {
            let unmoved = match self.inner.castle {
                Some((kk, tk)) if k == kk || k == tk => unmoved_castle.contains(&sq),
                _ => self.inner.home.get(&sq) == Some(&(k, s)),
            };
            let status = Status {
                moved: !unmoved,
                ..Status::default()
            };
            let id = pos.add_unit(k, s, Location::Board(sq), status);
            ids.insert(sq, id);
        }
        pos.set_to_move(to_move);
        // En passant field: marks the unit that just made a history-pattern move.
        if let Some(&(cl, ep)) = fields.get(3) {
            if ep != "-" {
                let sq: Square = ep.parse().map_err(|_| {
                    Self::fen_error(
                        fen,
                        cl,
                        format!("expected an en-passant square or '-', found {ep:?}"),
                    )
                })?;
                if !c.shape.contains(sq) {
                    return Err(Self::fen_error(fen, cl, "en-passant square off the board"));
                }
                let mover = to_move.opposite();
                let f: i32 = if mover == Side::White { 1 } else { -1 };
                let to = Square::try_new(i32::from(sq.file()), i32::from(sq.rank()) + f)
                    .filter(|s| c.shape.contains(*s));
                let from = Square::try_new(i32::from(sq.file()), i32::from(sq.rank()) - f)
                    .filter(|s| c.shape.contains(*s));
                let (Some(to), Some(from)) = (to, from) else {
                    return Err(Self::fen_error(
                        fen,
                        cl,
                        "no double step can pass over this square",
                    ));
                };
                let unit = ids.get(&to).copied().filter(|u| pos.unit(*u).side == mover);
                let Some(unit) = unit else {
                    return Err(Self::fen_error(fen, cl, format!("en-passant square {sq} but no {} piece on {to} that just passed over it", mover)));
                };
                let bits = c.kinds[pos.unit(unit).kind.index()].pattern_bits;
                if bits == 0 || pos.unit_at(sq).is_some() || pos.unit_at(from).is_some() {
                    return Err(Self::fen_error(
                        fen,
                        cl,
                        format!("en-passant square {sq} does not fit the position"),
                    ));
                }
                let mut last = LastParts::new();
                last.push(LastPart {
                    unit,
                    from,
                    to,
                    patterns: bits,
                });
                pos.set_state(ParlettState { last });
            }
        }
        if let Some(&(cl, hm)) = fields.get(4) {
            if hm.parse::<u32>().is_err() {
                return Err(Self::fen_error(
                    fen,
                    cl,
                    format!("expected the halfmove clock (a number), found {hm:?}"),
                ));
            }
        }
        if let Some(&(cl, fm)) = fields.get(5) {
            match fm.parse::<u32>() {
                Ok(n) if (1..1_000_000).contains(&n) => {
                    pos.set_ply((n - 1) * 2 + u32::from(to_move == Side::Black));
                }
                _ => {
                    return Err(Self::fen_error(
                        fen,
                        cl,
                        format!("expected the fullmove number (1 or more), found {fm:?}"),
                    ))
                }
            }
        }
        pos.clear_journal();
        Ok(pos)
    }

    fn to_fen(&self, pos: &Position<ParlettState>) -> Option<String> {
        let placement =
            frozen_core::fen::format_placement(pos.shape(), self.kinds(), |sq| pos.piece_at(sq));
        let side = if pos.to_move() == Side::White {
            "w"
        } else {
            "b"
        };
        let mut castling = String::new();
        if let Some((kk, tk)) = self.inner.castle {
            for s in Side::ALL {
                for ks in pos.pieces(s, kk) {
                    let Some(ku) = pos.unit_at(ks) else { continue };
                    if pos.unit(ku).status.moved {
                        continue;
                    }
                    let mut k_side = false;
                    let mut q_side = false;
                    for rs in pos.pieces(s, tk) {
                        if rs.rank() != ks.rank() {
                            continue;
                        }
                        if pos.unit_at(rs).is_some_and(|ru| !pos.unit(ru).status.moved) {
                            if rs.file() > ks.file() {
                                k_side = true;
                            } else {
                                q_side = true;
                            }
                        }
                    }
                    let (a, b) = if s == Side::White {
                        ('K', 'Q')
                    } else {
                        ('k', 'q')
                    };
                    if k_side {
                        castling.push(a);
                    }
                    if q_side {
                        castling.push(b);
                    }
                }
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        let mut ep = "-".to_string();
        if let [p] = pos.state().last.as_slice() {
            if p.from.file() == p.to.file() && p.from.rank().abs_diff(p.to.rank()) == 2 {
                ep = Square::new(p.from.file(), (p.from.rank() + p.to.rank()) / 2).to_string();
            }
        }
        let full = pos.ply() / 2 + 1;
        Some(format!("{placement} {side} {castling} {ep} 0 {full}"))
    }
}

/// The set files shipped with the engine.
pub mod builtin {
    /// Normal Chess, as the seed writes it.
    pub const NORMAL_CHESS: &str = include_str!("../../../../fixtures/variants/normal-chess.ron");
    /// Fairy Chess, as the seed writes it, with the Q15 placeholder set-up.
    pub const FAIRY_CHESS: &str = include_str!("../../../../fixtures/variants/fairy-chess.ron");
    /// FIDE chess in the same notation, with the check rule.
    pub const FIDE: &str = include_str!("../../../../fixtures/variants/fide.ron");
}

/// A registered set by name (`normal-chess`, `fairy-chess`, `fide`), built
/// once and shared.
pub fn builtin_rules(name: &str) -> Option<ParlettRules> {
    use std::sync::OnceLock;
    static NORMAL: OnceLock<Option<ParlettRules>> = OnceLock::new();
    static FAIRY: OnceLock<Option<ParlettRules>> = OnceLock::new();
    static FIDE: OnceLock<Option<ParlettRules>> = OnceLock::new();
    let (cell, text) = match name {
        "normal-chess" => (&NORMAL, builtin::NORMAL_CHESS),
        "fairy-chess" => (&FAIRY, builtin::FAIRY_CHESS),
        "fide" => (&FIDE, builtin::FIDE),
        _ => return None,
    };
    cell.get_or_init(|| load_set(text).ok()).clone()
}

/// Runs a visitor on a set given as a file path or as RON text (for
/// `--rules my-set.ron`).
pub fn visit_set_file<V: frozen_core::VariantVisitor>(
    path_or_text: &str,
    visitor: V,
) -> Result<V::Output, SetError> {
    let text = if path_or_text.trim_start().starts_with('(') {
        path_or_text.to_string()
    } else {
        std::fs::read_to_string(path_or_text)
            .map_err(|e| invalid("file", format!("cannot read {path_or_text}: {e}")))?
    };
    let rules = load_set(&text)?;
    Ok(visitor.visit(rules))
}

#[cfg(test)]
mod tests {
    use super::*;
    use frozen_core::harness::Rng;
    use frozen_core::NoEvents;

    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";

    /// A fixed line (castling) run on its route plans, or walked where they
    /// cannot decide, gives the evaluator's effects in the evaluator's order:
    /// every unit with a fixed line, in the positions of random games from the
    /// start position and from Kiwipete, with the node's sets as the count
    /// uses them.
    #[test]
    fn fixed_lines_give_the_evaluators_effects() {
        for name in ["fide", "normal-chess"] {
            let rules = builtin_rules(name).expect("built-in set");
            let c = rules.c();
            let starts = [
                rules.initial_position(),
                rules.position_from_fen(KIWIPETE).expect("Kiwipete"),
            ];
            let mut rng = Rng::new(5);
            let (mut decided, mut with_effects) = (0, 0);
            for g in 0..40 {
                let mut pos = starts[g % 2].clone();
                for _ in 0..60 {
                    let side = pos.to_move();
                    let nn = c.narrow().map(|_| NarrowNode::new(&pos, c.kinds.len()));
                    let legal = rules.legal_info(&pos, nn.as_ref());
                    let danger = || {
                        legal
                            .as_ref()
                            .and_then(|li| rules.danger(&pos, li, nn.as_ref()))
                            .copied()
                    };
                    for sq in pos.side_bb(side) {
                        let Some(u) = pos.unit_at(sq) else { continue };
                        for &li in &c.kinds[pos.unit(u).kind.index()].lines {
                            let line = &c.lines[li];
                            let Some(fx) = &line.fixed else { continue };
                            let mut planned = Vec::new();
                            let unmoved = c.unmoved_attackers(&pos, side.opposite(), nn.as_ref());
                            let ok = run_fixed(
                                c,
                                &pos,
                                fx,
                                &line.pieces,
                                &line.needs_unmoved,
                                u,
                                unmoved,
                                nn.as_ref(),
                                Some(&danger),
                                &mut |e| planned.push(e),
                            );
                            if !ok {
                                continue;
                            }
                            let mut board = Board::from_pos(&pos);
                            let mut evaluated = Vec::new();
                            Ev::new(c, &mut board, side, pos.state().last.clone()).run_line(
                                li,
                                u,
                                &mut |e| evaluated.push(e),
                            );
                            assert_eq!(
                                planned,
                                evaluated,
                                "{name}: line {li} of the unit on {sq} in {:?}",
                                rules.to_fen(&pos)
                            );
                            decided += 1;
                            with_effects += usize::from(!planned.is_empty());
                        }
                    }
                    let mut actions = Vec::new();
                    rules.actions(&pos, &mut actions);
                    if actions.is_empty() {
                        break;
                    }
                    let a = actions[rng.below(actions.len())].clone();
                    rules.perform(&mut pos, &a, &mut NoEvents);
                }
            }
            assert!(
                decided > 1000 && with_effects > 100,
                "{name}: only {decided} lines decided, {with_effects} with effects"
            );
        }
    }
}
