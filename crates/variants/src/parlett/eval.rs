//! The evaluator of complex lines: the evaluation model of the catalogue (A.4) in
//! continuation-passing style over a scratch [`Board`], giving each move's [`Effect`]
//! (PAR-GRUP-04: outcomes with the same effect are one move), and the Q6 capture test
//! on a scratch board ([`capturable_on_board`]).
//!
//! Uses [`super::ast`], [`super::ir`], [`super::compiled`] and [`super::board`].

use super::ast::{CaptureRule, Direction, MoveKind};
use super::board::Board;
use super::compiled::Compiled;
use super::ir::*;
use frozen_core::{Side, Square, UnitId};
use smallvec::SmallVec;

/// Guard against runaway evaluation: the evaluator's recursion grows with
/// the units along one path (references included).
const MAX_DEPTH: u32 = 1024;

/// The environment of an outcome: bound n, tile labels, bound direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct Env {
    pub n: Option<i32>,
    pub tiles: [Option<Square>; MAX_TILES],
    /// (direction symbol index, bound vector) from a history rule.
    pub dir: Option<(u8, i8, i8)>,
}

/// The cursor state of an outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Ctx {
    pub unit: UnitId,
    pub cursor: Square,
    pub playable: bool,
}

/// The effect of one generated move (A.4: outcomes with the same effect
/// are one move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Effect {
    /// (unit, from, to, pattern bits) per part, in part order.
    pub parts: SmallVec<[(UnitId, Square, Square, u32); 2]>,
    /// Captured units and the squares they stood on, sorted by unit.
    pub caps: SmallVec<[(UnitId, Square); 2]>,
}

/// A borrowed [`Effect`]: its parts and captures, wherever they are kept.
#[derive(Clone, Copy, Debug)]
pub(crate) struct EffectRef<'a> {
    pub parts: &'a [(UnitId, Square, Square, u32)],
    pub caps: &'a [(UnitId, Square)],
}

impl Effect {
    /// The borrowed form.
    #[inline]
    pub(crate) fn view(&self) -> EffectRef<'_> {
        EffectRef {
            parts: &self.parts,
            caps: &self.caps,
        }
    }

    pub(crate) fn same_effect(&self, o: &Effect) -> bool {
        if self.parts.len() != o.parts.len() || self.caps != o.caps {
            return false;
        }
        self.parts
            .iter()
            .all(|p| o.parts.iter().any(|q| q.0 == p.0 && q.2 == p.2))
    }
}

type Cont<'k, 'a> = dyn FnMut(&mut Ev<'a>, Ctx, Env) + 'k;

/// Everything the rest of a chain's evaluation depends on, at the point before unit `i`
/// of chain instance `inst` (one call of a chain from its first unit, with its own
/// continuation): two partial paths with equal states give the same outcomes from there
/// on, so the second is not walked again (the merge that keeps lines polynomial,
/// [`super::cost`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct State {
    inst: u32,
    i: u32,
    ctx: Ctx,
    env: Env,
    /// The captures so far, in order.
    caps: SmallVec<[(UnitId, Square); 4]>,
    /// The parts so far, with where each part's unit stands now.
    parts: SmallVec<[PartState; 2]>,
}

/// A part of a [`State`]: unit, start square, pattern bits, where the unit stands now.
type PartState = (UnitId, Square, u32, Option<Square>);

/// The evaluator over a scratch board.
#[derive(Debug)]
pub(crate) struct Ev<'a> {
    pub c: &'a Compiled,
    pub b: &'a mut Board,
    pub side: Side,
    labels: &'a [IrExpr],
    /// Captures so far in the move being built.
    caps: SmallVec<[(UnitId, Square); 4]>,
    /// Parts so far: (unit, from, pattern bits).
    parts: SmallVec<[(UnitId, Square, u32); 2]>,
    /// The previous turn as history rules see it.
    pub last: LastParts,
    /// Inside an `s` test: nested `s` conditions count as met (Q6).
    pub nested: bool,
    /// Stop all enumeration (a test found what it needed).
    stop: bool,
    depth: u32,
    /// Merge partial paths with equal states (the line's `merge`).
    merge: bool,
    /// The states seen in the current line, when merging (made on first use).
    seen: Option<std::collections::HashSet<State>>,
    /// The next chain instance number.
    next_inst: u32,
    /// Chain positions entered (a measure of the work done, for tests).
    pub(crate) states: u64,
    /// Merge in every line, whatever its `merge` says (tests compare the outcomes
    /// with and without merging).
    pub(crate) merge_all: bool,
}

impl<'a> Ev<'a> {
    pub(crate) fn new(c: &'a Compiled, b: &'a mut Board, side: Side, last: LastParts) -> Ev<'a> {
        Ev {
            c,
            b,
            side,
            labels: &[],
            caps: SmallVec::new(),
            parts: SmallVec::new(),
            last,
            nested: false,
            stop: false,
            depth: 0,
            merge: false,
            seen: None,
            next_inst: 0,
            states: 0,
            merge_all: false,
        }
    }

    fn eval_expr(&mut self, e: &'a IrExpr, ctx: Ctx, env: Env, k: &mut Cont<'_, 'a>) {
        for ch in &e.alts {
            if self.stop {
                return;
            }
            self.eval_chain(ch, ctx, env, k);
        }
        if e.label_def.is_some() && !self.stop {
            // A label definition where it stands passes its input through (PAR-LABL-05).
            k(self, ctx, env);
        }
    }

    /// Evaluates chain `ch` from its first unit: a new chain instance.
    fn eval_chain(&mut self, ch: &'a IrChain, ctx: Ctx, env: Env, k: &mut Cont<'_, 'a>) {
        let inst = self.next_inst;
        self.next_inst = self.next_inst.wrapping_add(1);
        self.chain_from(ch, 0, inst, ctx, env, k);
    }

    /// Has an equal state been reached before in this chain instance? Records it.
    fn seen_before(&mut self, inst: u32, i: usize, ctx: Ctx, env: Env) -> bool {
        let parts = self
            .parts
            .iter()
            .map(|&(u, from, pat)| (u, from, pat, self.b.unit(u).sq))
            .collect();
        let state = State {
            inst,
            i: i as u32,
            ctx,
            env,
            caps: self.caps.clone(),
            parts,
        };
        !self.seen.get_or_insert_with(Default::default).insert(state)
    }

    fn chain_from(
        &mut self,
        ch: &'a IrChain,
        i: usize,
        inst: u32,
        ctx: Ctx,
        env: Env,
        k: &mut Cont<'_, 'a>,
    ) {
        if self.stop {
            return;
        }
        self.states += 1;
        if self.merge && i > 0 && self.seen_before(inst, i, ctx, env) {
            return;
        }
        let Some((u, tested)) = ch.units.get(i) else {
            k(self, ctx, env);
            return;
        };
        if *tested {
            // `A ? B`: test A, nothing of it applied (PAR-EXTN-01).
            if self.test_unit(u, ctx, env) {
                self.chain_from(ch, i + 1, inst, ctx, env, k);
            }
        } else {
            self.eval_unit(u, ctx, env, &mut |ev: &mut Ev<'a>, c2, e2| {
                ev.chain_from(ch, i + 1, inst, c2, e2, k)
            });
        }
    }

    fn test_unit(&mut self, u: &'a IrUnit, ctx: Ctx, env: Env) -> bool {
        let saved = self.stop;
        let mut found = false;
        {
            let mut k = |ev: &mut Ev<'a>, _c: Ctx, _e: Env| {
                found = true;
                ev.stop = true;
            };
            match &u.prim {
                IrPrim::Group(e) => self.test_expr(e, ctx, env, &mut k),
                IrPrim::Ref(i) => {
                    if let Some(e) = self.labels.get(*i) {
                        self.test_expr(e, ctx, env, &mut k);
                    }
                }
                IrPrim::Step(s) => self.eval_step(s, ctx, env, &mut k),
            }
        }
        self.stop = saved;
        found != u.invalid
    }

    /// In `?` context a label definition is the test of its body (PAR-LABL-05).
    fn test_expr(&mut self, e: &'a IrExpr, ctx: Ctx, env: Env, k: &mut Cont<'_, 'a>) {
        for ch in &e.alts {
            if self.stop {
                return;
            }
            self.eval_chain(ch, ctx, env, k);
        }
        if let Some(l) = e.label_def {
            if let Some(body) = self.labels.get(l) {
                if !self.stop {
                    self.eval_expr(body, ctx, env, k);
                }
            }
        }
    }

    fn eval_unit(&mut self, u: &'a IrUnit, ctx: Ctx, env: Env, k: &mut Cont<'_, 'a>) {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.depth -= 1;
            return;
        }
        let tiles = &u.tiles;
        if !u.invalid {
            self.eval_prim(
                &u.prim,
                ctx,
                env,
                &mut |ev: &mut Ev<'a>, c2: Ctx, mut e2: Env| {
                    for &t in tiles {
                        if let Some(slot) = e2.tiles.get_mut(t as usize) {
                            *slot = Some(c2.cursor);
                        }
                    }
                    k(ev, c2, e2)
                },
            );
        } else {
            // Bare `A!`: continue from before A, once per outcome, keeping
            // its bindings; not playable (PAR-EXTN-02).
            let mut envs: SmallVec<[Env; 8]> = SmallVec::new();
            self.eval_prim(
                &u.prim,
                ctx,
                env,
                &mut |_ev: &mut Ev<'a>, c2: Ctx, mut e2: Env| {
                    for &t in tiles {
                        if let Some(slot) = e2.tiles.get_mut(t as usize) {
                            *slot = Some(c2.cursor);
                        }
                    }
                    if !envs.contains(&e2) {
                        envs.push(e2);
                    }
                },
            );
            for e2 in envs {
                if self.stop {
                    break;
                }
                k(
                    self,
                    Ctx {
                        playable: false,
                        ..ctx
                    },
                    e2,
                );
            }
        }
        self.depth -= 1;
    }

    fn eval_prim(&mut self, p: &'a IrPrim, ctx: Ctx, env: Env, k: &mut Cont<'_, 'a>) {
        match p {
            IrPrim::Step(s) => self.eval_step(s, ctx, env, k),
            IrPrim::Group(e) => self.eval_expr(e, ctx, env, k),
            IrPrim::Ref(i) => {
                if let Some(e) = self.labels.get(*i) {
                    self.eval_expr(e, ctx, env, k);
                }
            }
        }
    }

    fn eval_step(&mut self, s: &'a IrStep, ctx: Ctx, env: Env, k: &mut Cont<'_, 'a>) {
        let unit = self.b.unit(ctx.unit);
        if s.initial && unit.moved {
            return; // PAR-COND-01
        }
        let shape = self.c.shape;
        match &s.target {
            IrTarget::Stand => self.stand(s, ctx, env, k),
            IrTarget::Line { dist, dir } => {
                let vecs: SmallVec<[(i8, i8); 8]> = match env.dir {
                    Some((sym, df, dr)) if sym == *dir => SmallVec::from_slice(&[(df, dr)]),
                    _ => dir_vectors(Direction::ALL[*dir as usize], self.side),
                };
                let (ds, bind) = distances(dist, env.n, self.c.maxdim);
                for (df, dr) in vecs {
                    for &d in &ds {
                        if self.stop {
                            return;
                        }
                        let mut e2 = env;
                        if bind {
                            e2.n = Some(d as i32);
                        }
                        if d == 0 {
                            self.stand(s, ctx, e2, k);
                        } else {
                            self.line_step(s, ctx, df, dr, d, e2, k);
                        }
                    }
                }
            }
            IrTarget::Hippo(a, b) => {
                for (df, dr) in hippogonal(*a, *b) {
                    if self.stop {
                        return;
                    }
                    self.jump_vector(s, ctx, i32::from(df), i32::from(dr), env, k);
                }
            }
            IrTarget::Tile(t) => {
                let Some(target) = env.tiles.get(*t as usize).copied().flatten() else {
                    return; // unbound tile: no outcome (PAR-LABL-03)
                };
                if target == ctx.cursor {
                    self.stand(s, ctx, env, k);
                    return;
                }
                let df = i32::from(target.file()) - i32::from(ctx.cursor.file());
                let dr = i32::from(target.rank()) - i32::from(ctx.cursor.rank());
                if s.kind == MoveKind::Leap {
                    if shape.contains(target) {
                        self.land(s, ctx, target, SmallVec::new(), env, k);
                    }
                    return;
                }
                if df != 0 && dr != 0 && df.abs() != dr.abs() {
                    return; // not on a line (PAR-LABL-04)
                }
                let d = df.abs().max(dr.abs()) as u32;
                let (uf, ur) = (df.signum() as i8, dr.signum() as i8);
                let plain = IrStep {
                    rider: false,
                    ..s.clone()
                };
                self.line_step_owned(&plain, ctx, uf, ur, d, env, k);
            }
        }
    }

    fn stand(&mut self, s: &IrStep, ctx: Ctx, env: Env, k: &mut Cont<'_, 'a>) {
        if s.capture == CaptureRule::Only {
            return;
        }
        self.finish(s.safe, ctx, ctx.cursor, SmallVec::new(), env, k);
    }

    /// A hippogonal or tile leap by a fixed vector (with rider repeats).
    fn jump_vector(
        &mut self,
        s: &IrStep,
        ctx: Ctx,
        df: i32,
        dr: i32,
        env: Env,
        k: &mut Cont<'_, 'a>,
    ) {
        let shape = self.c.shape;
        let mut cur = ctx.cursor;
        loop {
            let Some(t) = offset(cur, shape, df, dr) else {
                return;
            };
            self.land(s, ctx, t, SmallVec::new(), env, k);
            if !s.rider || self.b.at(t).is_some() || self.stop {
                return;
            }
            cur = t;
        }
    }

    fn line_step_owned(
        &mut self,
        s: &IrStep,
        ctx: Ctx,
        df: i8,
        dr: i8,
        d: u32,
        env: Env,
        k: &mut Cont<'_, 'a>,
    ) {
        self.line_step(s, ctx, df, dr, d, env, k)
    }

    /// A straight step of `d` squares along the unit vector (df, dr),
    /// with rider repeats (PAR-TYPE-01..03, PAR-GRUP-02).
    fn line_step(
        &mut self,
        s: &IrStep,
        ctx: Ctx,
        df: i8,
        dr: i8,
        d: u32,
        env: Env,
        k: &mut Cont<'_, 'a>,
    ) {
        let shape = self.c.shape;
        let mut cur = ctx.cursor;
        loop {
            // Squares passed and the landing square of one repeat.
            let mut victims: SmallVec<[(UnitId, Square); 2]> = SmallVec::new();
            let mut blocked = false;
            let mut sqs: SmallVec<[Square; 16]> = SmallVec::new();
            for j in 1..=d {
                let Some(t) = offset(
                    cur,
                    shape,
                    i32::from(df) * j as i32,
                    i32::from(dr) * j as i32,
                ) else {
                    return;
                };
                sqs.push(t);
            }
            let Some(&t) = sqs.last() else { return };
            for &m in &sqs[..sqs.len() - 1] {
                if let Some(o) = self.b.at(m) {
                    match s.kind {
                        MoveKind::Slide => blocked = true,
                        MoveKind::Leap => {}
                        MoveKind::Locust => {
                            if self.b.unit(o).side != self.side {
                                victims.push((o, m));
                            }
                        }
                    }
                }
            }
            if blocked {
                return;
            }
            if s.kind == MoveKind::Locust {
                if self.b.at(t).is_some() {
                    return;
                }
                let vs: SmallVec<[(UnitId, Square); 2]> = victims;
                self.apply_caprule(s, ctx, t, vs, env, k);
            } else {
                self.land(s, ctx, t, SmallVec::new(), env, k);
            }
            if !s.rider || self.stop {
                return;
            }
            // Rider: every landing point before the last must be empty.
            if self.b.at(t).is_some() {
                return;
            }
            if s.kind == MoveKind::Locust {
                return;
            }
            cur = t;
        }
    }

    /// Landing on `t` (slide or leap): empty or an enemy, captured.
    fn land(
        &mut self,
        s: &IrStep,
        ctx: Ctx,
        t: Square,
        mut victims: SmallVec<[(UnitId, Square); 2]>,
        env: Env,
        k: &mut Cont<'_, 'a>,
    ) {
        if let Some(o) = self.b.at(t) {
            if o == ctx.unit {
                return;
            }
            if self.b.unit(o).side == self.side {
                return; // never on an own piece (Q11)
            }
            victims.push((o, t));
        }
        self.apply_caprule(s, ctx, t, victims, env, k);
    }

    fn apply_caprule(
        &mut self,
        s: &IrStep,
        ctx: Ctx,
        t: Square,
        victims: SmallVec<[(UnitId, Square); 2]>,
        env: Env,
        k: &mut Cont<'_, 'a>,
    ) {
        match s.capture {
            CaptureRule::Only if victims.is_empty() => return,
            CaptureRule::Never if !victims.is_empty() => return,
            _ => {}
        }
        self.finish(s.safe, ctx, t, victims, env, k);
    }

    /// Applies a step (captures at once, Q11), checks `s`, continues, undoes.
    fn finish(
        &mut self,
        safe: bool,
        ctx: Ctx,
        t: Square,
        victims: SmallVec<[(UnitId, Square); 2]>,
        env: Env,
        k: &mut Cont<'_, 'a>,
    ) {
        for &(v, sq) in &victims {
            self.b.lift(v);
            self.caps.push((v, sq));
        }
        let from = ctx.cursor;
        if t != from {
            self.b.lift(ctx.unit);
            self.b.put(ctx.unit, t);
        }
        let ok = !safe || self.nested || !self.capturable(ctx.unit);
        if ok {
            k(
                self,
                Ctx {
                    cursor: t,
                    playable: true,
                    ..ctx
                },
                env,
            );
        }
        if t != from {
            self.b.lift(ctx.unit);
            self.b.put(ctx.unit, from);
        }
        for &(v, sq) in victims.iter().rev() {
            self.b.put(v, sq);
            self.caps.pop();
        }
    }

    /// Q6: could any opponent move capture `victim` right now? Opponent
    /// `s` conditions count as met; their "last turn" is the move so far.
    pub(crate) fn capturable(&mut self, victim: UnitId) -> bool {
        let Some(sq) = self.b.unit(victim).sq else {
            return false;
        };
        let by = self.b.unit(victim).side.opposite();
        let mut last: LastParts = SmallVec::new();
        for &(u, from, pat) in &self.parts {
            if pat != 0 {
                if let Some(to) = self.b.unit(u).sq {
                    last.push(LastPart {
                        unit: u,
                        from,
                        to,
                        patterns: pat,
                    });
                }
            }
        }
        capturable_on_board(self.c, self.b, victim, sq, by, last)
    }

    fn emit(&mut self, sink: &mut dyn FnMut(Effect)) {
        let mut parts: SmallVec<[(UnitId, Square, Square, u32); 2]> = SmallVec::new();
        for &(u, from, pat) in &self.parts {
            let to = self.b.unit(u).sq.unwrap_or(from);
            parts.push((u, from, to, pat));
        }
        let mut caps: SmallVec<[(UnitId, Square); 2]> = self.caps.iter().copied().collect();
        caps.sort_unstable_by_key(|c| c.0);
        sink(Effect { parts, caps });
    }

    /// Runs one complex line for the unit `first` (the first part's piece).
    pub(crate) fn run_line(&mut self, li: usize, first: UnitId, sink: &mut dyn FnMut(Effect)) {
        let c = self.c;
        let Some(line) = c.lines.get(li) else { return };
        let Some(start) = self.b.unit(first).sq else {
            return;
        };
        self.labels = &line.labels;
        self.merge = line.merge || self.merge_all;
        if let Some(seen) = &mut self.seen {
            seen.clear();
        }
        let ctx = Ctx {
            unit: first,
            cursor: start,
            playable: false,
        };
        match &line.body {
            LineBody::Single(alts) => {
                for ch in alts {
                    if self.stop {
                        return;
                    }
                    let pat = self.pattern_bits_of(ch.id);
                    self.parts.push((first, start, pat));
                    self.eval_chain(ch, ctx, Env::default(), &mut |ev: &mut Ev<'a>, c2, _e| {
                        if c2.playable {
                            ev.emit(sink);
                        }
                    });
                    self.parts.pop();
                }
            }
            LineBody::History {
                dist,
                dir,
                pattern_bit,
                then,
            } => {
                let (ds, _) = distances(dist, None, c.maxdim);
                for (df, dr) in dir_vectors(Direction::ALL[*dir as usize], self.side) {
                    for &d in &ds {
                        let Some(q) = offset(
                            start,
                            c.shape,
                            i32::from(df) * d as i32,
                            i32::from(dr) * d as i32,
                        ) else {
                            continue;
                        };
                        let Some(other) = self.b.at(q) else { continue };
                        // PAR-HIST-01: that piece's part of the last turn was produced
                        // by an element equal to the pattern (match by source).
                        let hit = self
                            .last
                            .iter()
                            .any(|p| p.unit == other && p.to == q && p.patterns & pattern_bit != 0);
                        if !hit {
                            continue;
                        }
                        let env = Env {
                            dir: Some((*dir, df, dr)),
                            ..Env::default()
                        };
                        for ch in then {
                            if self.stop {
                                return;
                            }
                            let pat = self.pattern_bits_of(ch.id);
                            self.parts.push((first, start, pat));
                            self.eval_chain(ch, ctx, env, &mut |ev: &mut Ev<'a>, c2, _e| {
                                if c2.playable {
                                    ev.emit(sink);
                                }
                            });
                            self.parts.pop();
                        }
                    }
                }
            }
            LineBody::Multi(alts) => {
                for tuple in alts {
                    if self.stop {
                        return;
                    }
                    self.multi_part(line, tuple, 0, Some(first), ctx, Env::default(), true, sink);
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn multi_part(
        &mut self,
        line: &'a Line,
        tuple: &'a [IrChain],
        p: usize,
        fixed: Option<UnitId>,
        _ctx: Ctx,
        env: Env,
        all_playable: bool,
        sink: &mut dyn FnMut(Effect),
    ) {
        let Some(ch) = tuple.get(p) else {
            if all_playable {
                self.emit(sink);
            }
            return;
        };
        let Some(kind) = line.pieces.get(p).copied() else {
            return;
        };
        // Candidates: distinct own pieces with this letter (PAR-MULT-01).
        let mut cands: SmallVec<[UnitId; 8]> = SmallVec::new();
        match fixed {
            Some(u) => cands.push(u),
            None => {
                let bb = self.b.kind(kind) & self.b.side_bb[self.side.index()];
                for s in bb {
                    if let Some(u) = self.b.at(s) {
                        if !self.parts.iter().any(|x| x.0 == u)
                            && (!line.needs_unmoved[p] || !self.b.unit(u).moved)
                        {
                            cands.push(u);
                        }
                    }
                }
            }
        }
        for u in cands {
            if self.stop {
                return;
            }
            let Some(start) = self.b.unit(u).sq else {
                continue;
            };
            let pat = self.pattern_bits_of(ch.id);
            self.parts.push((u, start, pat));
            let ctx = Ctx {
                unit: u,
                cursor: start,
                playable: false,
            };
            self.eval_chain(ch, ctx, env, &mut |ev: &mut Ev<'a>, c2, e2| {
                ev.multi_part(
                    line,
                    tuple,
                    p + 1,
                    None,
                    c2,
                    e2,
                    all_playable && c2.playable,
                    sink,
                );
            });
            self.parts.pop();
        }
    }

    fn pattern_bits_of(&self, chain_id: u16) -> u32 {
        self.c.chain_patterns(chain_id)
    }
}

/// Q6 capture test on a scratch board: could a move of side `by` capture
/// `victim` standing on `sq`?
pub(crate) fn capturable_on_board(
    c: &Compiled,
    b: &mut Board,
    victim: UnitId,
    sq: Square,
    by: Side,
    last: LastParts,
) -> bool {
    let occ = b.occ();
    let by_pieces = b.side_bb[by.index()];
    let unmoved = b.unmoved();
    {
        let kb = &b.kind_bb;
        if c.simple_attacked(
            sq,
            by,
            occ,
            by_pieces,
            |k| kb.get(k).copied().unwrap_or_default(),
            unmoved,
        ) {
            return true;
        }
    }
    // Only the lines that might capture here are run.
    let lines: SmallVec<[usize; 4]> = {
        let kb = &b.kind_bb;
        let kbf = |k: usize| kb.get(k).copied().unwrap_or_default();
        c.filters
            .iter()
            .filter(|(_, f)| f.may_capture(sq.index(), by, by_pieces, &kbf, unmoved, Some(&last)))
            .map(|&(li, _)| li)
            .collect()
    };
    if lines.is_empty() {
        return false;
    }
    let mut found = false;
    let mut ev = Ev::new(c, b, by, last);
    ev.nested = true;
    for li in lines {
        let line = &c.lines[li];
        let k0 = line.pieces[0];
        let bb = ev.b.kind(k0) & ev.b.side_bb[by.index()];
        for s in bb {
            let Some(u) = ev.b.at(s) else { continue };
            if line.needs_unmoved.first().copied().unwrap_or(false) && ev.b.unit(u).moved {
                continue;
            }
            ev.run_line(li, u, &mut |e: Effect| {
                if e.caps.iter().any(|x| x.0 == victim) {
                    found = true;
                }
            });
            if found {
                return true;
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parlett::{builtin_rules, load_set, ParlettRules, ParlettState};
    use frozen_core::harness::Rng;
    use frozen_core::{NoEvents, Position, Rules};

    /// A set of one chained slider `S` with the given moves, kings, and the slider on d4.
    fn slider_set(moves: &str) -> Result<ParlettRules, crate::parlett::SetError> {
        load_set(&format!(
            r#"(name: "chain", description: "", board: "8x8",
                pieces: [(name: "King", letter: 'K', fen: 'K'), (name: "Slider", letter: 'S', fen: 'S')],
                moves: ["K: 1*", "S: {moves}"],
                setup: "7k/8/8/8/3S4/8/8/K7 w - - 0 1",
                royal: Some('K'))"#
        ))
    }

    /// The effects of every complex line of every unit of the side to act, first
    /// occurrences only, in the evaluator's order, with or without merging everywhere;
    /// and the chain positions entered.
    fn effects(
        rules: &ParlettRules,
        pos: &Position<ParlettState>,
        merge_all: bool,
    ) -> (Vec<Effect>, u64) {
        let c = rules.compiled();
        let side = pos.to_move();
        let mut out: Vec<Effect> = Vec::new();
        let mut states = 0;
        for sq in pos.side_bb(side) {
            let Some(u) = pos.unit_at(sq) else { continue };
            for &li in &c.kinds[pos.unit(u).kind.index()].lines {
                let mut board = Board::from_pos(pos);
                let mut ev = Ev::new(c, &mut board, side, pos.state().last.clone());
                ev.merge_all = merge_all;
                ev.run_line(li, u, &mut |e| {
                    if !out.contains(&e) {
                        out.push(e)
                    }
                });
                states += ev.states;
            }
        }
        (out, states)
    }

    /// Merging partial paths changes no outcome: in random games of the built-in sets
    /// and of a set with a three-step chained slider that may capture at every step,
    /// every unit's complex lines give the same effects in the same order with merging
    /// in every line as without.
    #[test]
    fn merging_paths_keeps_every_outcome() {
        let chain = slider_set("n*.n*.n*").expect("a three-step chain loads");
        let sets = [
            builtin_rules("fide").expect("fide"),
            builtin_rules("fairy-chess").expect("fairy-chess"),
            builtin_rules("normal-chess").expect("normal-chess"),
            chain,
        ];
        let mut rng = Rng::new(11);
        let mut compared = 0;
        for rules in &sets {
            for _ in 0..6 {
                let mut pos = rules.initial_position();
                for _ in 0..30 {
                    let (plain, _) = effects(rules, &pos, false);
                    let (merged, _) = effects(rules, &pos, true);
                    assert_eq!(plain, merged, "{}: {:?}", rules.name(), rules.to_fen(&pos));
                    compared += plain.len();
                    let mut acts = Vec::new();
                    rules.actions(&pos, &mut acts);
                    if acts.is_empty() {
                        break;
                    }
                    let a = &acts[rng.below(acts.len())];
                    rules.perform(&mut pos, a, &mut NoEvents);
                }
            }
        }
        assert!(compared > 1000, "only {compared} effects compared");
    }

    /// A ten-step chain of move-only slides ending in a slide that may capture loads,
    /// and its evaluation from d4 enters a number of chain positions that grows with the
    /// board and the chain (at most 28 outcomes from each of 64 squares per step), not
    /// with its 27^10 paths; the moves reach every square but the own king's.
    #[test]
    fn a_long_move_only_chain_is_polynomial() {
        let rules = slider_set("on*.on*.on*.on*.on*.on*.on*.on*.on*.n*").expect("loads");
        let pos = rules.initial_position();
        let (effects, states) = effects(&rules, &pos, false);
        assert!(states <= 10 * 64 * 28, "{states} chain positions entered");
        let mut ends: Vec<Square> = effects.iter().map(|e| e.parts[0].2).collect();
        ends.sort_unstable();
        ends.dedup();
        let own_king = Square::new(0, 0);
        assert!(!ends.contains(&own_king));
        assert_eq!(ends.len(), 63, "{ends:?}");
    }
}
