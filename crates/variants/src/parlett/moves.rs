//! Listing moves: every move of one unit (simple elements on the tables, then complex
//! lines through the fixed-line runner or the evaluator, PAR-GRUP-04 merging equal
//! effects), promotions (PAR-NORM-10, PAR-FAIR-08), and every legal move of a node.
//!
//! Uses [`super::ir`], [`super::compiled`], [`super::narrow`], [`super::board`],
//! [`super::eval`], [`super::fixed_run`], [`super::set`] and [`super::legal`].

use super::board::Board;
use super::eval::{Effect, Ev};
use super::fixed_run::run_fixed;
use super::fixed_run::Part;
use super::legal::{Gen, Legal};
use super::narrow::{self, pack, unpack, Danger, NarrowNode};
use super::set::{ParlettRules, ParlettState};
use frozen_core::{Action, ActionKind, Bitboard, Kind, Position, Side, Square, UnitId};
use smallvec::SmallVec;

/// Is an effect (its parts and captures) the simple move of the unit on
/// `from` to one of its simple targets `targets`: one part, leaving `from`
/// for a target, capturing at most what stands there (PAR-GRUP-04: then it
/// is that move, not a second one)?
pub(super) fn simple_like(
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
pub(super) fn accept_effect(
    effects: &mut SmallVec<[Effect; 4]>,
    e: Effect,
    from: Square,
    targets: Bitboard,
) {
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
    pub(super) fn unit_moves(
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
        // Else on the narrow tables when the board has them (with the node's
        // narrow views when at hand), the targets walked as a narrow word.
        let mut narrow_targets = None;
        let targets = match known {
            Some(t) => t,
            None => match c.narrow() {
                Some(nw) => {
                    let (o, e) = match nn {
                        Some(nn) => (nn.side[side.index()], nn.side[side.opposite().index()]),
                        None => (pack(own), pack(enemy)),
                    };
                    let (t, _) =
                        nw.targets(unit.kind, narrow::n(from), side, unit.status.moved, o, e);
                    narrow_targets = Some(t);
                    unpack(t)
                }
                None => {
                    c.simple_targets(unit.kind, from, side, unit.status.moved, own, enemy)
                        .0
                }
            },
        };
        let zone = kd.promo_zone[side.index()];
        let listed = match (known, narrow_targets) {
            (None, None) => targets,
            _ => Bitboard::EMPTY,
        };
        let mut rest = narrow_targets.unwrap_or(0);
        let narrow_walk = std::iter::from_fn(|| {
            let i = rest.trailing_zeros() as usize;
            (rest != 0).then(|| {
                rest &= rest - 1;
                narrow::square(i)
            })
        });
        for to in narrow_walk.chain(listed.iter()) {
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
            if let Some(fx) = c.fixed_line(li) {
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
            if let Some(ml) = c.mover_line(li) {
                let last = &pos.state().last;
                let moved = unit.status.moved;
                ml.effects(pos, c.shape, u, from, side, moved, last, &mut |(p, x)| {
                    accept(Effect {
                        parts: SmallVec::from_slice(&[p]),
                        caps: SmallVec::from_slice(&[x]),
                    })
                });
                continue;
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
    pub(super) fn effect_promotions(
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
    /// The quick tests a complex line must pass before it is run for a piece
    /// on `from`: a piece that has moved cannot play a line whose first part
    /// needs an unmoved one, a history rule needs its pattern move in the
    /// previous turn, and the first steps need their squares
    /// ([`Compiled::line_may_apply`]).
    pub(super) fn line_may_run(
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
        if let super::ir::LineBody::History { .. } = line.body {
            if !c.history_may_apply(li, from, side, &pos.state().last, |q| pos.unit_at(q)) {
                return false;
            }
        }
        c.line_may_apply(li, from, side, pos.occupied())
    }
    /// Every move of unit `u` with its action, as [`Self::unit_moves`] gives
    /// it at a node with narrow views `nn` and legality data `legal` (whose
    /// sets answer the `s` tests of its fixed lines).
    pub(super) fn node_unit_moves(
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
    pub(super) fn each_move(&self, pos: &Position<ParlettState>, out: &mut dyn FnMut(Gen<'_>)) {
        if pos.result().is_some() {
            return;
        }
        let side = pos.to_move();
        let nn = self
            .c()
            .narrow()
            .map(|_| NarrowNode::new(pos, self.c().kinds.len()));
        let legal = self.legal_info(pos, nn.as_ref(), false);
        let mut board: Option<Board> = None;
        let mut scratch: Option<Board> = None;
        let c = self.c();
        let history_live = pos.state().last.iter().any(|p| p.patterns != 0);
        for sq in pos.side_bb(side) {
            let Some(u) = pos.unit_at(sq) else { continue };
            let nn = nn.as_ref();
            // A unit with simple moves only (no complex line can run) that
            // cannot expose its royal piece: its moves as `unit_moves` lists
            // them, each legal as `simple_legal` would say, without the test.
            if let (Some(nw), Some(nn)) = (c.narrow(), nn) {
                let unit = pos.unit(u);
                let kd = c.kinds.get(unit.kind.index());
                let plain = kd.is_some_and(|kd| {
                    (kd.lines.is_empty() || (kd.history_only && !history_live))
                        && legal.as_ref().map_or(true, |li| {
                            !li.always
                                && Some(unit.kind) != c.royal
                                && !li.lines.contains(sq)
                                && (kd.pattern_bits == 0 || !li.pattern_risky)
                        })
                });
                if let (true, Some(kd)) = (plain, kd) {
                    let own = nn.side[side.index()];
                    let enemy = nn.side[side.opposite().index()];
                    let i = narrow::n(sq);
                    let (mut t, _) = nw.targets(unit.kind, i, side, unit.status.moved, own, enemy);
                    let zone = kd.promo_zone[side.index()];
                    while t != 0 {
                        let to = narrow::square(t.trailing_zeros() as usize);
                        t &= t - 1;
                        let gen = |piece: Option<Kind>| {
                            let a = Action::step(sq, to);
                            Gen {
                                from: sq,
                                to,
                                piece,
                                effect: None,
                                action: Some(match piece {
                                    Some(p) => a.with_piece(p),
                                    None => a,
                                }),
                            }
                        };
                        if zone.contains(to) && !kd.promo_to.is_empty() {
                            for &p in &kd.promo_to {
                                out(gen(Some(p)));
                            }
                        } else {
                            out(gen(None));
                        }
                    }
                    continue;
                }
            }
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
}
