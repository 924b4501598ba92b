//! An independent, deliberately naive fc12 move generator (brute force over
//! squares, no bitboards, no shared helpers), compared with the engine on
//! thousands of positions from seeded random games:
//!
//! * the candidate actions (every rule of movement, capture, double move, swap,
//!   exchange, push, Knight's Leap, jester paths, promotion) as sets;
//! * the attack map (which squares each side attacks);
//! * the legal actions, where the naive side decides king safety with its own
//!   attack test (the engine's `exec` performs the actions).
//!
//! This is the cross-check behind the perft counts of `fixtures/perft/fc12.ron`.

use frozen_core::{Action, ActionKind, NoEvents, Rules, Side, Square};
use frozen_variants::fc12::{capture, turn, Fc12, Fc12Position};
use std::collections::BTreeSet;

const P: u8 = 0;
const N: u8 = 1;
const B: u8 = 2;
const R: u8 = 3;
const D: u8 = 4;
const Q: u8 = 5;
const J: u8 = 6;
const K: u8 = 7;

#[derive(Clone, Copy, Default)]
struct Pats {
    leap: bool,
    diag: bool,
    ortho: bool,
    step: bool,
}

impl Pats {
    fn or(self, o: Pats) -> Pats {
        Pats {
            leap: self.leap || o.leap,
            diag: self.diag || o.diag,
            ortho: self.ortho || o.ortho,
            step: self.step || o.step,
        }
    }
}

fn native(k: u8) -> Pats {
    let mut p = Pats::default();
    match k {
        P => p.step = true,
        N | J => p.leap = true,
        B => p.diag = true,
        R => p.ortho = true,
        D => {
            p.leap = true;
            p.diag = true
        }
        Q => {
            p.leap = true;
            p.diag = true;
            p.ortho = true
        }
        _ => {}
    }
    p
}

type Cell = Option<(u8, Side, u32)>; // kind, side, frozen_through

struct Naive<'a> {
    pos: &'a Fc12Position,
    cells: [[Cell; 12]; 12],
}

fn sq(f: i32, r: i32) -> Square {
    Square::new(f as u8, r as u8)
}

fn inb(f: i32, r: i32) -> bool {
    (0..12).contains(&f) && (0..12).contains(&r)
}

impl<'a> Naive<'a> {
    fn new(pos: &'a Fc12Position) -> Self {
        let mut cells = [[None; 12]; 12];
        for (f, col) in cells.iter_mut().enumerate() {
            for (r, c) in col.iter_mut().enumerate() {
                if let Some(id) = pos.unit_at(sq(f as i32, r as i32)) {
                    let u = pos.unit(id);
                    *c = Some((u.kind.0, u.side, u.status.frozen_through));
                }
            }
        }
        Naive { pos, cells }
    }
    fn at(&self, f: i32, r: i32) -> Cell {
        if inb(f, r) {
            self.cells[f as usize][r as usize]
        } else {
            None
        }
    }
    fn death(&self, f: i32, r: i32) -> bool {
        self.pos.marks(0).contains(sq(f, r))
    }
    fn timer(&self, f: i32, r: i32) -> bool {
        match self.at(f, r) {
            Some((_, s, ft)) => {
                let j = self.pos.turns()[s] + u32::from(s != self.pos.to_move());
                ft != 0 && j <= ft
            }
            None => false,
        }
    }
    fn para(&self, f: i32, r: i32) -> bool {
        let Some((k, s, _)) = self.at(f, r) else {
            return false;
        };
        if self.timer(f, r) {
            return true;
        }
        if k == J || k == K {
            return false;
        }
        for df in -1..=1 {
            for dr in -1..=1 {
                if let Some((jk, js, _)) = self.at(f + df, r + dr) {
                    if jk == J && js != s && !self.timer(f + df, r + dr) {
                        return true;
                    }
                }
            }
        }
        false
    }
    /// Clear straight line from a to b (exclusive), on a rank, file or diagonal.
    fn clear(&self, a: (i32, i32), b: (i32, i32)) -> bool {
        let (df, dr) = (b.0 - a.0, b.1 - a.1);
        let n = df.abs().max(dr.abs());
        let (sf, sr) = (df.signum(), dr.signum());
        (1..n).all(|i| self.at(a.0 + sf * i, a.1 + sr * i).is_none())
    }
    /// Does pattern set `p` from `a` reach `b` (b treated as occupied target)?
    fn reaches(&self, p: Pats, a: (i32, i32), b: (i32, i32)) -> bool {
        let (df, dr) = ((b.0 - a.0).abs(), (b.1 - a.1).abs());
        if df == 0 && dr == 0 {
            return false;
        }
        (p.leap && ((df == 1 && dr == 2) || (df == 2 && dr == 1)))
            || (p.step && df <= 1 && dr <= 1)
            || (p.diag && df == dr && self.clear(a, b))
            || (p.ortho && (df == 0 || dr == 0) && self.clear(a, b))
    }
    /// Friendly protectors of (f, r): (counted non-pawn kinds, all kinds).
    fn protectors(&self, f: i32, r: i32, side: Side) -> (Vec<u8>, Vec<u8>) {
        let mut counted = Vec::new();
        let mut all = Vec::new();
        for pf in 0..12 {
            for pr in 0..12 {
                if (pf, pr) == (f, r) {
                    continue;
                }
                let Some((k, s, _)) = self.at(pf, pr) else {
                    continue;
                };
                if s != side || k == K || k == J || self.para(pf, pr) {
                    continue;
                }
                if self.reaches(native(k), (pf, pr), (f, r)) {
                    all.push(k);
                    if k != P {
                        counted.push(k);
                    }
                }
            }
        }
        (counted, all)
    }
    fn empowered(&self, f: i32, r: i32) -> Pats {
        let Some((k, s, _)) = self.at(f, r) else {
            return Pats::default();
        };
        if k == P || k == K {
            return Pats::default();
        }
        let (c, _) = self.protectors(f, r, s);
        if c.len() == 1 {
            native(c[0])
        } else {
            Pats::default()
        }
    }
    fn guarded(&self, f: i32, r: i32) -> bool {
        match self.at(f, r) {
            Some((k, s, _)) if k != K => self.protectors(f, r, s).0.len() >= 2,
            _ => false,
        }
    }
    fn leap_paths(a: (i32, i32), b: (i32, i32)) -> [[(i32, i32); 2]; 2] {
        let (df, dr) = (b.0 - a.0, b.1 - a.1);
        if df.abs() == 2 {
            let h = df / 2;
            [
                [(a.0 + h, a.1), (a.0 + 2 * h, a.1)],
                [(a.0, a.1 + dr), (a.0 + h, a.1 + dr)],
            ]
        } else {
            let h = dr / 2;
            [
                [(a.0, a.1 + h), (a.0, a.1 + 2 * h)],
                [(a.0 + df, a.1), (a.0 + df, a.1 + h)],
            ]
        }
    }
    fn knight_targets(a: (i32, i32)) -> Vec<(i32, i32)> {
        [
            (1, 2),
            (2, 1),
            (-1, 2),
            (-2, 1),
            (1, -2),
            (2, -1),
            (-1, -2),
            (-2, -1),
        ]
        .iter()
        .map(|(x, y)| (a.0 + x, a.1 + y))
        .filter(|&(x, y)| inb(x, y))
        .collect()
    }
    /// Does the unit on a attack square b?
    fn attacks(&self, a: (i32, i32), b: (i32, i32)) -> bool {
        let Some((k, _, _)) = self.at(a.0, a.1) else {
            return false;
        };
        if k == K || k == J || self.para(a.0, a.1) {
            return false;
        }
        let p = native(k).or(self.empowered(a.0, a.1));
        if self.reaches(p, a, b) {
            return true;
        }
        if k == N {
            for t in Self::knight_targets(a) {
                if self.at(t.0, t.1).is_none()
                    && Self::leap_paths(a, t).iter().flatten().any(|&x| x == b)
                {
                    return true;
                }
            }
        }
        false
    }
    fn attacked(&self, b: (i32, i32), by: Side) -> bool {
        (0..12).any(|f| {
            (0..12).any(|r| {
                matches!(self.at(f, r), Some((_, s, _)) if s == by) && self.attacks((f, r), b)
            })
        })
    }
    fn pats(&self, f: i32, r: i32) -> Pats {
        let Some((k, s, _)) = self.at(f, r) else {
            return Pats::default();
        };
        if k == J {
            let mut p = native(J);
            for pk in self.protectors(f, r, s).1 {
                p = p.or(native(pk));
            }
            for af in 0..12 {
                for ar in 0..12 {
                    if let Some((ak, asd, _)) = self.at(af, ar) {
                        if asd != s && self.attacks((af, ar), (f, r)) {
                            p = p.or(native(ak));
                        }
                    }
                }
            }
            p
        } else {
            native(k).or(self.empowered(f, r))
        }
    }
    fn far(side: Side, r: i32) -> bool {
        (side == Side::White && r == 11) || (side == Side::Black && r == 0)
    }
    fn name(f: i32, r: i32) -> String {
        sq(f, r).to_string()
    }
    fn promos(base: String, yes: bool, out: &mut BTreeSet<String>) {
        if yes {
            for c in ['N', 'B', 'R', 'Q', 'D', 'J'] {
                out.insert(format!("{base}={c}"));
            }
        } else {
            out.insert(base);
        }
    }
    fn can_capture(&self, ck: u8, side: Side, v: (i32, i32)) -> bool {
        match self.at(v.0, v.1) {
            Some((vk, vs, _)) => {
                vs != side
                    && ck != K
                    && ck != J
                    && !(ck != P && ck == vk)
                    && !self.guarded(v.0, v.1)
            }
            None => false,
        }
    }
    fn unit_moves(&self, f: i32, r: i32, leg2: bool, no_push: bool, out: &mut BTreeSet<String>) {
        let Some((k, side, _)) = self.at(f, r) else {
            return;
        };
        let p = self.pats(f, r);
        let from = Self::name(f, r);
        for tf in 0..12 {
            for tr in 0..12 {
                if !self.reaches(p, (f, r), (tf, tr)) {
                    continue;
                }
                let to = Self::name(tf, tr);
                let (df, dr) = ((tf - f).abs(), (tr - r).abs());
                let knightish = (df == 1 && dr == 2) || (df == 2 && dr == 1);
                match self.at(tf, tr) {
                    None => {
                        if k == J && knightish {
                            let paths = Self::leap_paths((f, r), (tf, tr));
                            let hit = paths.iter().flatten().any(|&(x, y)| matches!(self.at(x, y), Some((hk, _, _)) if hk != J && hk != K));
                            if hit {
                                for pth in paths {
                                    out.insert(format!(
                                        "{from}{}{to}",
                                        Self::name(pth[0].0, pth[0].1)
                                    ));
                                }
                            } else {
                                out.insert(format!("{from}{to}"));
                            }
                            continue;
                        }
                        Self::promos(
                            format!("{from}{to}"),
                            k == P && Self::far(side, tr) && !self.death(tf, tr),
                            out,
                        );
                        if k == R
                            && !(leg2 && no_push)
                            && (df == 0 || dr == 0)
                            && !self.death(tf, tr)
                        {
                            let (sf, sr) = ((tf - f).signum(), (tr - r).signum());
                            let e = (tf + sf, tr + sr);
                            if let Some((ek, es, _)) = self.at(e.0, e.1) {
                                let behind = (e.0 + sf, e.1 + sr);
                                if es != side
                                    && ek != R
                                    && (!inb(behind.0, behind.1)
                                        || self.at(behind.0, behind.1).is_none())
                                {
                                    out.insert(format!("{from}{to}{}", Self::name(e.0, e.1)));
                                }
                            }
                        }
                        if k == N && knightish {
                            for pth in Self::leap_paths((f, r), (tf, tr)) {
                                for v in pth {
                                    if self.can_capture(N, side, v) {
                                        out.insert(format!("{from}{}{to}", Self::name(v.0, v.1)));
                                    }
                                }
                            }
                        }
                    }
                    Some((vk, vs, _)) if vs != side => {
                        let right = (k == N && knightish) || (k == B && df == dr);
                        if leg2 && !right {
                            continue;
                        }
                        if !self.can_capture(k, side, (tf, tr)) {
                            continue;
                        }
                        Self::promos(
                            format!("{from}{to}"),
                            k == P && vk == P && Self::far(side, tr) && !self.death(tf, tr),
                            out,
                        );
                    }
                    Some((vk, _, _)) => {
                        if leg2 || vk == K {
                            continue;
                        }
                        let promo =
                            (k == P && Self::far(side, tr)) || (vk == P && Self::far(side, r));
                        Self::promos(format!("swap:{from}{to}"), promo, out);
                    }
                }
            }
        }
    }
    fn candidates(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        if self.pos.result().is_some() {
            return out;
        }
        if let Some(p) = self.pos.pending().first() {
            if let Some(s) = p.square {
                Self::promos(format!("act:{s}"), true, &mut out);
            }
            return out;
        }
        let me = self.pos.to_move();
        if let Some(m) = self.pos.state().mover {
            if let Some(s) = self.pos.unit(m).loc.square() {
                let (f, r) = (i32::from(s.file()), i32::from(s.rank()));
                if !self.para(f, r) {
                    self.unit_moves(f, r, true, self.pos.state().no_push, &mut out);
                }
            }
            out.insert("end".into());
            return out;
        }
        for f in 0..12 {
            for r in 0..12 {
                let Some((k, s, _)) = self.at(f, r) else {
                    continue;
                };
                // A paralysed unit does nothing, the king included (F12-PARA-01: a
                // pushed king cannot exchange).
                if s != me || self.para(f, r) {
                    continue;
                }
                if k == K {
                    for vf in 0..12 {
                        for vr in 0..12 {
                            if (vf, vr) != (f, r)
                                && matches!(self.at(vf, vr), Some((_, vs, _)) if vs == me)
                                && !self.attacked((vf, vr), me.opposite())
                            {
                                out.insert(format!(
                                    "exchange:{}{}",
                                    Self::name(f, r),
                                    Self::name(vf, vr)
                                ));
                            }
                        }
                    }
                } else {
                    self.unit_moves(f, r, false, false, &mut out);
                }
            }
        }
        out
    }
    fn king_safe(&self, side: Side) -> bool {
        for f in 0..12 {
            for r in 0..12 {
                if let Some((K, s, _)) = self.at(f, r) {
                    if s == side {
                        return !self.attacked((f, r), side.opposite());
                    }
                }
            }
        }
        false
    }
}

fn text(rules: &Fc12, pos: &Fc12Position, a: &Action) -> String {
    rules.format_action(pos, a)
}

/// The naive legal set: engine `exec`, naive king-safety test.
fn naive_legal(rules: &Fc12, pos: &mut Fc12Position) -> BTreeSet<String> {
    let me = pos.to_move();
    let cands = Naive::new(pos).candidates();
    let mut out = BTreeSet::new();
    for c in cands {
        let Ok(a) = rules.parse_action(pos, &c) else {
            panic!("naive wrote unreadable {c}")
        };
        if a.kind == ActionKind::Act {
            out.insert(c);
            continue;
        }
        let m = pos.mark();
        turn::exec(rules, pos, &a, &mut NoEvents);
        let ok = if pos.state().mover.is_some() && pos.to_move() == me {
            Naive::new(pos).king_safe(me) || {
                let next = Naive::new(pos).candidates();
                next.iter().filter(|x| *x != "end").any(|x| {
                    let Ok(b) = rules.parse_action(pos, x) else {
                        return false;
                    };
                    let m2 = pos.mark();
                    turn::exec(rules, pos, &b, &mut NoEvents);
                    let ok = Naive::new(pos).king_safe(me);
                    pos.undo_to(m2);
                    ok
                })
            }
        } else {
            Naive::new(pos).king_safe(me)
        };
        pos.undo_to(m);
        if ok {
            out.insert(c);
        }
    }
    out
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

fn compare(rules: &Fc12, pos: &mut Fc12Position, what: &str) {
    let fen = rules.to_fen(pos).unwrap_or_default();
    let mut eng = Vec::new();
    turn::candidates(rules, pos, &mut eng);
    let eng: BTreeSet<String> = eng.iter().map(|a| text(rules, pos, a)).collect();
    let nai = Naive::new(pos).candidates();
    assert_eq!(
        eng,
        nai,
        "{what}: candidate sets differ in {fen}\n engine only: {:?}\n naive only: {:?}",
        eng.difference(&nai).collect::<Vec<_>>(),
        nai.difference(&eng).collect::<Vec<_>>()
    );
    let nv = Naive::new(pos);
    for f in 0..12 {
        for r in 0..12 {
            for side in Side::ALL {
                assert_eq!(
                    capture::attacked_by(rules, pos, sq(f, r), side),
                    nv.attacked((f, r), side),
                    "{what}: attack of {} by {side} differs in {fen}",
                    sq(f, r)
                );
            }
        }
    }
    let mut legal = Vec::new();
    rules.actions(pos, &mut legal);
    let legal: BTreeSet<String> = legal.iter().map(|a| text(rules, pos, a)).collect();
    let nl = naive_legal(rules, pos);
    assert_eq!(
        legal,
        nl,
        "{what}: legal sets differ in {fen}\n engine only: {:?}\n naive only: {:?}",
        legal.difference(&nl).collect::<Vec<_>>(),
        nl.difference(&legal).collect::<Vec<_>>()
    );
}

#[test]
fn fc12_naive_generator_agrees_with_engine() {
    let rules = Fc12::new();
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let mut checked = 0;
    for g in 0..40 {
        let mut pos = rules.initial_position();
        for ply in 0..160 {
            if ply % 3 == 0 {
                compare(&rules, &mut pos, &format!("game {g} ply {ply}"));
                checked += 1;
            }
            let mut acts = Vec::new();
            rules.actions(&pos, &mut acts);
            if acts.is_empty() {
                break;
            }
            let a = acts[(rng.next() % acts.len() as u64) as usize].clone();
            rules.perform(&mut pos, &a, &mut NoEvents);
        }
    }
    assert!(checked > 1000, "only {checked} positions compared");
}

#[test]
fn fc12_naive_agrees_on_perft_positions() {
    let rules = Fc12::new();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/perft/fc12.ron");
    let text = std::fs::read_to_string(path).expect("perft fixture");
    for line in text.lines() {
        if let Some(i) = line.find("fen: Some(\"") {
            let rest = &line[i + 11..];
            let fen = &rest[..rest.find('"').unwrap_or(rest.len())];
            let mut pos = rules.position_from_fen(fen).expect("fen");
            compare(&rules, &mut pos, fen);
            // One level deeper: every child position too.
            let mut acts = Vec::new();
            rules.actions(&pos, &mut acts);
            for a in acts {
                let m = pos.mark();
                rules.perform(&mut pos, &a, &mut NoEvents);
                compare(&rules, &mut pos, fen);
                pos.undo_to(m);
            }
        }
    }
}
