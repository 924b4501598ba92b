//! A naive move generator for fc11, written for these tests from the rules
//! (docs/rules/fc11.md) and independent of the engine: plain coordinates on a 16x16 array,
//! no bitboards, no engine helpers. It lists the legal actions as canonical text and is
//! compared with the engine. It plays moves itself, trail walls included (a unit's start
//! square and path but the destination, none for the Jester nor on the Queen's start
//! square; a unit's older walls go when it moves or dies), the Queen's double (on the
//! square she leaves, replacing her older one, gone when she dies; it blocks like a wall
//! and threatens with her pattern, never protects), and the null move (`pass`, not
//! in check, two in a row end the game); a side with no unit action has lost. Paralysis is
//! the counter or a status (Pincer, Jester presence, Gaze, with the King, Royal Guards,
//! Jesters and Chancellors immune as docs/rules/fc11.md says), Knightmare holds pawns to
//! one step, and Paralysis Transfers (`act:<A><B>`) are listed and played:
//! * every kind (both colours, every aim, moved or not, with and without CRR) on every
//!   square of an otherwise empty board (kings aside);
//! * crowded random positions with walls, tombs, aims, paralysis and CRR;
//! * every perft child to depth 2 of the start and of middle-game positions;
//! * an Assassin's retained empowerer (FC11-ASSN-13): its non-capture moves, and after
//!   every action of the perft children the memory the engine stores.

mod fc11_support;

use fc11_support::{fc, placement};
use frozen_core::{
    build_position, harness::Rng, Location, Rules, Setup, Side, Square, Status, Tomb, UnitId,
    UnitRecord, Wall,
};
use frozen_variants::fc11::{Fc11Position, Fc11State};
use std::collections::BTreeSet;

/// A naive route: its turn squares and its last square.
type NRoute = (Vec<(i32, i32)>, (i32, i32));

#[derive(Clone, Copy, Debug)]
struct NU {
    id: u32,
    k: char,
    white: bool,
    aim: (i32, i32),
    moved: bool,
    crr: i32,
    /// Turns of counter paralysis left, counted from the owner's current or next turn.
    left: u32,
    /// The kind kind immunity reads: the unit's own, also when a stand-in of another kind
    /// makes its lent moves (FC11-EMPW-02).
    ki: char,
    /// An Assassin's retained empowerer: its letter and CRR (FC11-ASSN-13).
    mem: Option<(char, i32)>,
}

impl NU {
    /// A stand-in enemy of `white`'s opponents put on a square to ask "could anything capture
    /// here": no kind, no identity the board uses.
    fn dummy(white: bool) -> NU {
        NU {
            id: u32::MAX,
            k: '?',
            white,
            aim: (0, 0),
            moved: false,
            crr: 0,
            left: 0,
            ki: '?',
            mem: None,
        }
    }
}

/// What protection makes of a unit (FC11-EMPW-02, -05).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum St {
    Plain,
    Empowered((i32, i32)),
    Guarded,
}

/// The kinds that lend (FC11-EMPW-03): those that capture, but the King and the pawn.
const LEND: &str = "LNDRQCTM";

#[derive(Clone)]
struct NB {
    cell: [[Option<NU>; 16]; 16],
    /// The owner's id of each wall.
    wall: [[Option<u32>; 16]; 16],
    /// The Queen's id of each double (FC11-QUEN-05).
    double: [[Option<u32>; 16]; 16],
    tomb: [[bool; 16]; 16],
    white: bool,
    /// Null moves played in a row.
    nulls: u8,
    /// The Kings' squares (White, Black).
    kings: [Option<(i32, i32)>; 2],
}

const CRR: &str = "RQTDLB";
const KN: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const DG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
const OR: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

fn name(f: i32, r: i32) -> String {
    if !on(f, r) {
        return "off".into();
    }
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}
fn on(f: i32, r: i32) -> bool {
    (0..16).contains(&f) && (0..16).contains(&r)
}

impl NB {
    fn at(&self, f: i32, r: i32) -> Option<NU> {
        self.cell[r as usize][f as usize]
    }
    /// No unit, no wall, no double.
    fn free(&self, f: i32, r: i32) -> bool {
        on(f, r) && self.at(f, r).is_none() && !self.is_wall(f, r)
    }
    /// A wall, or a double (which blocks like one, FC11-QUEN-05).
    fn is_wall(&self, f: i32, r: i32) -> bool {
        on(f, r)
            && (self.wall[r as usize][f as usize].is_some()
                || self.double[r as usize][f as usize].is_some())
    }
    /// True if a double of `white`'s side could capture on (tf, tr) with its Queen's
    /// pattern and range (FC11-QUEN-06), whatever her paralysis.
    fn double_hits(&self, tf: i32, tr: i32, white: bool) -> bool {
        for r in 0..16 {
            for f in 0..16 {
                let Some(q) = self.double[r as usize][f as usize] else {
                    continue;
                };
                let Some(queen) = self.cell.iter().flatten().flatten().find(|u| u.id == q) else {
                    continue;
                };
                if queen.white != white || (f, r) == (tf, tr) {
                    continue;
                }
                let mut b = self.clone();
                b.double[r as usize][f as usize] = None;
                b.cell[r as usize][f as usize] = Some(NU { left: 0, ..*queen });
                if b.hits(f, r, tf, tr) {
                    return true;
                }
            }
        }
        false
    }
    fn is_tomb(&self, f: i32, r: i32) -> bool {
        on(f, r) && self.tomb[r as usize][f as usize]
    }
    fn range(u: &NU) -> i32 {
        if CRR.contains(u.k) {
            16 - u.crr
        } else {
            16
        }
    }
    fn capturable(u: &NU, v: &NU) -> bool {
        if v.k == '?' {
            return u.white != v.white;
        }
        u.white != v.white && !"KFS".contains(v.k) && (u.ki != v.k || "PKFS".contains(u.ki))
    }
    /// The valid protectors of the unit on (f, r) (FC11-EMPW-01, -04): friendly units of a
    /// lending kind, not paralysed, whose own patterns could capture an enemy standing on
    /// (f, r), and that no enemy attacks with its own patterns.
    fn protectors(&self, f: i32, r: i32) -> Vec<(i32, i32)> {
        let y = self.at(f, r).expect("unit");
        let mut probe = self.clone();
        probe.cell[r as usize][f as usize] = Some(NU {
            k: '?',
            white: !y.white,
            ..y
        });
        let mut out = Vec::new();
        for xr in 0..16 {
            for xf in 0..16 {
                let Some(x) = self.at(xf, xr) else { continue };
                if x.white != y.white || (xf, xr) == (f, r) || !LEND.contains(x.k) {
                    continue;
                }
                if self.paralysed(xf, xr) || !probe.hits(xf, xr, f, r) {
                    continue;
                }
                if self.clone().attacked0(xf, xr, !y.white) {
                    continue;
                }
                out.push((xf, xr));
            }
        }
        out
    }
    /// FC11-EMPW-02, -03, -05, -06: one valid protector empowers (not a King, pawn or Ship,
    /// not a protector of the unit's own kind); two or more guard (not a King or Ship).
    fn standing(&self, f: i32, r: i32) -> St {
        let y = self.at(f, r).expect("unit");
        let p = self.protectors(f, r);
        match p.len() {
            0 => St::Plain,
            1 => {
                let x = self.at(p[0].0, p[0].1).expect("protector");
                if "KPS".contains(y.k) || x.k == y.k {
                    St::Plain
                } else {
                    St::Empowered(p[0])
                }
            }
            _ => {
                if "KS".contains(y.k) {
                    St::Plain
                } else {
                    St::Guarded
                }
            }
        }
    }
    /// A copy of the board where the unit on (f, r) is a stand-in of kind `k` with CRR
    /// `crr`, keeping its own kind for kind immunity.
    fn stand_in(&self, f: i32, r: i32, k: char, crr: i32) -> NB {
        let u = self.at(f, r).expect("unit");
        let mut b = self.clone();
        b.cell[r as usize][f as usize] = Some(NU {
            k,
            crr,
            ki: u.k,
            aim: if u.white { (0, 1) } else { (0, -1) },
            ..u
        });
        b
    }
    /// Candidate actions of the unit on (f, r): its own, the lent ones of Empower and
    /// Tower (FC11-EMPW-02, FC11-ROOK-04), a Jester's stolen ones, less the captures of
    /// guarded units (FC11-EMPW-05) and of shielded Templars.
    fn moves(&self, f: i32, r: i32) -> Vec<(String, (i32, i32), bool)> {
        let u = self.at(f, r).expect("unit");
        let mut out = self.own_moves(f, r);
        let captures = "PLNDRQKCTM".contains(u.k);
        let mut lent = Vec::new();
        if let St::Empowered((xf, xr)) = self.standing(f, r) {
            if !"XZ".contains(u.k) {
                let x = self.at(xf, xr).expect("protector");
                lent.extend(self.stand_in(f, r, x.k, x.crr).own_moves(f, r));
            }
        }
        for rr in 0..16 {
            for rf in 0..16 {
                let Some(rk) = self.at(rf, rr) else { continue };
                if rk.k == 'R'
                    && rk.white == u.white
                    && (rf, rr) != (f, r)
                    && !self.paralysed(rf, rr)
                    && self.standing(rf, rr) == St::Empowered((f, r))
                {
                    lent.extend(self.stand_in(f, r, 'R', rk.crr).own_moves(f, r));
                }
            }
        }
        for m in lent {
            if (captures || !m.2) && !out.iter().any(|x| x.0 == m.0) {
                out.push(m);
            }
        }
        // FC11-ASSN-13: an Assassin also moves, never captures, like its retained empowerer.
        if let (Some((k, crr)), 'M') = (u.mem, u.k) {
            for m in self.stand_in(f, r, k, crr).own_moves(f, r) {
                if !m.2 && self.free(m.1 .0, m.1 .1) && !out.iter().any(|x| x.0 == m.0) {
                    out.push(m);
                }
            }
        }
        // FC11-JEST-03: a Jester also moves (never captures) like each enemy non-pawn
        // piece that threatens it, as a piece of that kind and range of its own side.
        if u.k == 'J' {
            for er in 0..16 {
                for ef in 0..16 {
                    let Some(e) = self.at(ef, er) else { continue };
                    if e.white == u.white || e.k == 'P' || !self.threatens(ef, er, f, r) {
                        continue;
                    }
                    let mut b = self.clone();
                    b.cell[r as usize][f as usize] = Some(NU {
                        k: e.k,
                        aim: if u.white { (0, 1) } else { (0, -1) },
                        crr: e.crr,
                        left: 0,
                        ..u
                    });
                    for m in b.own_moves(f, r) {
                        if !m.2 && self.free(m.1 .0, m.1 .1) && !out.iter().any(|x| x.0 == m.0) {
                            out.push(m);
                        }
                    }
                }
            }
        }
        // FC11-TEMP-03: no capture of a Templar whose Shield holds; FC11-EMPW-05: none of
        // a guarded unit.
        out.retain(|m| {
            !(m.2
                && (self.shield(m.1 .0, m.1 .1, f, r)
                    || self.standing(m.1 .0, m.1 .1) == St::Guarded))
        });
        out
    }
    /// True if the unparalysed unit on (ef, er) could capture on (f, r) with its own or a
    /// lent pattern (its part of A, FC11-CAPT-11).
    fn threatens(&self, ef: i32, er: i32, f: i32, r: i32) -> bool {
        let e = self.at(ef, er).expect("unit");
        let y = self.at(f, r);
        let mut probe = self.clone();
        if let Some(y) = y {
            probe.cell[r as usize][f as usize] = Some(NU {
                k: '?',
                white: !e.white,
                ..y
            });
        }
        if self.paralysed(ef, er) || self.knightmare(ef, er) {
            return false;
        }
        if probe.hits(ef, er, f, r) {
            return true;
        }
        self.lent_hits(&probe, ef, er, f, r, &self.lend_kinds(e.white))
    }
    /// The lending kinds `white`'s side has on the board.
    fn lend_kinds(&self, white: bool) -> Vec<char> {
        LEND.chars()
            .filter(|&k| {
                self.cell
                    .iter()
                    .flatten()
                    .flatten()
                    .any(|u| u.white == white && u.k == k)
            })
            .collect()
    }
    /// True if the unit on (ef, er) could capture on (tf, tr) with a lent pattern: its
    /// empower (judged on this board), or a Tower a Rook it alone protects gives it.
    /// `probe` is this board with an enemy on (tf, tr); `kinds` the lending kinds of the
    /// unit's side. A lent pattern at full range must reach (tf, tr) before protectors
    /// are counted (a shorter range reaches no more).
    fn lent_hits(&self, probe: &NB, ef: i32, er: i32, tf: i32, tr: i32, kinds: &[char]) -> bool {
        let e = self.at(ef, er).expect("unit");
        if !LEND.contains(e.k) || self.paralysed(ef, er) {
            return false;
        }
        let reach = kinds
            .iter()
            .any(|&k| probe.stand_in(ef, er, k, 0).hits(ef, er, tf, tr));
        if reach {
            if let St::Empowered((xf, xr)) = self.standing(ef, er) {
                let x = self.at(xf, xr).expect("protector");
                if probe.stand_in(ef, er, x.k, x.crr).hits(ef, er, tf, tr) {
                    return true;
                }
            }
        }
        if !kinds.contains(&'R') || !probe.stand_in(ef, er, 'R', 0).hits(ef, er, tf, tr) {
            return false;
        }
        for rr in 0..16 {
            for rf in 0..16 {
                let Some(rk) = self.at(rf, rr) else { continue };
                if rk.k == 'R'
                    && rk.white == e.white
                    && (rf, rr) != (ef, er)
                    && (rf, rr) != (tf, tr)
                    && !self.paralysed(rf, rr)
                    && self.standing(rf, rr) == St::Empowered((ef, er))
                    && probe.stand_in(ef, er, 'R', rk.crr).hits(ef, er, tf, tr)
                {
                    return true;
                }
            }
        }
        false
    }
    /// The unit's own candidate actions.
    fn own_moves(&self, f: i32, r: i32) -> Vec<(String, (i32, i32), bool)> {
        let u = self.at(f, r).expect("unit");
        let mut out = Vec::new();
        let o = name(f, r);
        let fw = if u.white { 1 } else { -1 };
        let mut land = |out: &mut Vec<(String, (i32, i32), bool)>,
                        tf: i32,
                        tr: i32,
                        cap: bool,
                        text: String| {
            if !on(tf, tr) {
                return;
            }
            if self.free(tf, tr) {
                out.push((text, (tf, tr), false));
            } else if cap {
                if let Some(v) = self.at(tf, tr) {
                    if NB::capturable(&u, &v) {
                        out.push((text, (tf, tr), true));
                    }
                }
            }
        };
        let leap = |out: &mut Vec<_>,
                    d: &[(i32, i32)],
                    cap: bool,
                    land: &mut dyn FnMut(&mut Vec<_>, i32, i32, bool, String)| {
            for &(a, b) in d {
                land(out, f + a, r + b, cap, format!("{o}{}", name(f + a, r + b)));
            }
        };
        let slide =
            |out: &mut Vec<_>,
             d: &[(i32, i32)],
             n: i32,
             cap: bool,
             land: &mut dyn FnMut(&mut Vec<_>, i32, i32, bool, String)| {
                for &(a, b) in d {
                    for (turns, (tf, tr)) in self.bounced(f, r, (a, b), n) {
                        let mut text = o.clone();
                        for (pf, pr) in turns {
                            text.push_str(&name(pf, pr));
                        }
                        text.push_str(&name(tf, tr));
                        land(out, tf, tr, cap, text);
                    }
                }
            };
        match u.k {
            'P' => {
                let (ax, ay) = u.aim;
                let promo = |tr: i32| (u.white && tr == 15) || (!u.white && tr == 0);
                let push = |out: &mut Vec<_>, tf: i32, tr: i32, cap: bool, stays: bool| {
                    let t = format!("{o}{}", name(tf, tr));
                    if promo(tr) && stays {
                        for k in "QRBNLDJCTFXASOZM".chars() {
                            if self.allowed(k) {
                                out.push((format!("{t}={k}"), (tf, tr), cap));
                            }
                        }
                    } else {
                        out.push((t, (tf, tr), cap));
                    }
                };
                let (f1, r1) = (f + ax, r + ay);
                if self.knightmare(f, r) {
                    if on(f1, r1) && self.free(f1, r1) {
                        push(&mut out, f1, r1, false, true);
                    }
                    return out;
                }
                if on(f1, r1) {
                    if self.free(f1, r1) {
                        push(&mut out, f1, r1, false, true);
                    }
                    let occupied = !self.free(f1, r1) || self.is_tomb(f1, r1);
                    if (occupied || !u.moved) && self.free(f1 + ax, r1 + ay) {
                        push(&mut out, f1 + ax, r1 + ay, false, true);
                    }
                }
                for (dx, dy) in DG {
                    if dx * ax + dy * ay == 1 && on(f + dx, r + dy) {
                        if let Some(v) = self.at(f + dx, r + dy) {
                            if NB::capturable(&u, &v) {
                                push(&mut out, f + dx, r + dy, true, v.k == 'P');
                            }
                        }
                    }
                }
                for (dx, dy) in OR {
                    if (dx, dy) != u.aim && on(f + dx, r + dy) {
                        out.push((format!("act:{o}{}", name(f + dx, r + dy)), (f, r), false));
                    }
                }
            }
            'L' => {
                let n = NB::range(&u);
                let mut seen = BTreeSet::new();
                for (dx, dy) in DG {
                    for j in 0..=n {
                        let (sf, sr) = (f + j * dx, r + j * dy);
                        if j > 0 && !self.free(sf, sr) {
                            break;
                        }
                        if j > 0 {
                            out.push((format!("{o}{}", name(sf, sr)), (sf, sr), false));
                        }
                        if j < n {
                            for (ex, ey) in [(dx, 0), (0, dy)] {
                                let (tf, tr) = (sf + ex, sr + ey);
                                if let Some(v) = on(tf, tr).then(|| self.at(tf, tr)).flatten() {
                                    if NB::capturable(&u, &v) {
                                        let t = if j == 0 {
                                            format!("{o}{}", name(tf, tr))
                                        } else {
                                            format!("{o}{}{}", name(sf, sr), name(tf, tr))
                                        };
                                        if seen.insert(t.clone()) {
                                            out.push((t, (tf, tr), true));
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            'N' => {
                leap(&mut out, &KN, true, &mut land);
                leap(&mut out, &[(1, fw), (-1, fw)], true, &mut land);
            }
            'B' => {
                slide(&mut out, &DG, NB::range(&u), false, &mut land);
                leap(&mut out, &OR, false, &mut land);
            }
            'D' => {
                slide(&mut out, &DG, NB::range(&u), true, &mut land);
                leap(&mut out, &KN, true, &mut land);
                leap(
                    &mut out,
                    &[(2, 0), (-2, 0), (0, 2), (0, -2)],
                    true,
                    &mut land,
                );
            }
            'R' => slide(&mut out, &OR, NB::range(&u), true, &mut land),
            'Q' => {
                slide(&mut out, &OR, NB::range(&u), true, &mut land);
                slide(&mut out, &DG, NB::range(&u), true, &mut land);
                leap(&mut out, &KN, true, &mut land);
            }
            'K' => {
                for (a, b) in OR.iter().chain(DG.iter()) {
                    let (tf, tr) = (f + a, r + b);
                    if self.is_tomb(tf, tr) && self.free(tf, tr) {
                        continue;
                    }
                    land(&mut out, tf, tr, true, format!("{o}{}", name(tf, tr)));
                }
            }
            'J' => {
                for (dx, dy) in DG {
                    let two = (f + 2 * dx, r + 2 * dy);
                    let three = (f + 3 * dx, r + 3 * dy);
                    let mut t = vec![two];
                    if !self.is_wall(two.0, two.1) {
                        t.extend([three, (two.0 + dx, two.1), (two.0, two.1 + dy)]);
                        if !self.is_wall(three.0, three.1) {
                            t.extend([(three.0 + dx, three.1), (three.0, three.1 + dy)]);
                        }
                    }
                    for (tf, tr) in t {
                        land(&mut out, tf, tr, false, format!("{o}{}", name(tf, tr)));
                    }
                }
            }
            'C' => {
                for (a, b) in OR.iter().chain(DG.iter()) {
                    land(
                        &mut out,
                        f + a,
                        r + b,
                        true,
                        format!("{o}{}", name(f + a, r + b)),
                    );
                }
                for (a, b) in [
                    (2, 3),
                    (-2, 3),
                    (2, -3),
                    (-2, -3),
                    (3, 2),
                    (3, -2),
                    (-3, 2),
                    (-3, -2),
                ] {
                    let corner = if i32::abs(b) == 3 {
                        (f, r + b / 3)
                    } else {
                        (f + a / 3, r)
                    };
                    if !self.is_wall(corner.0, corner.1) {
                        land(
                            &mut out,
                            f + a,
                            r + b,
                            true,
                            format!("{o}{}", name(f + a, r + b)),
                        );
                    }
                }
            }
            'T' => {
                slide(&mut out, &OR, NB::range(&u), true, &mut land);
                for (dx, dy) in DG {
                    if !self.free(f + dx, r + dy) {
                        continue;
                    }
                    let (pf, pr) = (f + 2 * dx, r + 2 * dy);
                    land(&mut out, pf, pr, true, format!("{o}{}", name(pf, pr)));
                    if self.free(pf, pr) {
                        for (ex, ey) in [(dx, -dy), (-dx, dy)] {
                            let (tf, tr) = (pf + ex, pr + ey);
                            land(
                                &mut out,
                                tf,
                                tr,
                                true,
                                format!("{o}{}{}", name(pf, pr), name(tf, tr)),
                            );
                        }
                    }
                }
            }
            'F' => {
                for (a, b) in [
                    (2, 2),
                    (2, -2),
                    (-2, 2),
                    (-2, -2),
                    (3, 3),
                    (3, -3),
                    (-3, 3),
                    (-3, -3),
                    (3, 0),
                    (-3, 0),
                    (0, 3),
                    (0, -3),
                ] {
                    if !self.is_tomb(f + a, r + b) {
                        land(
                            &mut out,
                            f + a,
                            r + b,
                            false,
                            format!("{o}{}", name(f + a, r + b)),
                        );
                    }
                }
            }
            'A' => leap(&mut out, &[(0, 2 * fw), (3, 0), (-3, 0)], false, &mut land),
            'S' => slide(
                &mut out,
                &[(0, -fw), (1, fw), (-1, fw)],
                16,
                false,
                &mut land,
            ),
            'O' => {
                // Straight slides: the Onager never bounces (FC11-TURN-09).
                let (ax, ay) = u.aim;
                for (a, b) in [(-ay, ax), (ay, -ax)] {
                    for i in 1..=16 {
                        let (tf, tr) = (f + i * a, r + i * b);
                        if !self.free(tf, tr) {
                            break;
                        }
                        land(&mut out, tf, tr, false, format!("{o}{}", name(tf, tr)));
                    }
                }
            }
            'M' => {
                leap(&mut out, &KN, true, &mut land);
                leap(
                    &mut out,
                    &[(3, 0), (-3, 0), (0, 3), (0, -3)],
                    true,
                    &mut land,
                );
            }
            _ => {}
        }
        out
    }
    /// True if the unit on (f, r) stands next to its own King (a Royal Guard).
    fn royal(&self, f: i32, r: i32) -> bool {
        let u = self.at(f, r).expect("unit");
        u.k != 'K'
            && self
                .king(u.white)
                .is_some_and(|(kf, kr)| (kf - f).abs().max((kr - r).abs()) == 1)
    }
    fn enemy_at(&self, f: i32, r: i32, white: bool, k: char) -> bool {
        on(f, r) && self.at(f, r).is_some_and(|v| v.white != white && v.k == k)
    }
    fn pincer(&self, f: i32, r: i32) -> bool {
        let u = self.at(f, r).expect("unit");
        if u.k == 'K' || self.royal(f, r) {
            return false;
        }
        let p = |a: i32, b: i32| self.enemy_at(f + a, r + b, u.white, 'P');
        (p(-1, 0) && p(1, 0)) || (p(0, -1) && p(0, 1))
    }
    fn around(f: i32, r: i32) -> impl Iterator<Item = (i32, i32)> {
        OR.iter()
            .chain(DG.iter())
            .map(move |&(a, b)| (f + a, r + b))
    }
    fn presence(&self, f: i32, r: i32) -> bool {
        let u = self.at(f, r).expect("unit");
        if "KJC".contains(u.k) || self.royal(f, r) {
            return false;
        }
        NB::around(f, r).any(|(jf, jr)| {
            self.enemy_at(jf, jr, u.white, 'J')
                && self.at(jf, jr).is_some_and(|j| j.left == 0)
                && !self.pincer(jf, jr)
        })
    }
    fn gaze(&self, f: i32, r: i32) -> bool {
        let u = self.at(f, r).expect("unit");
        if u.k != 'P' || self.royal(f, r) {
            return false;
        }
        NB::around(f, r).any(|(qf, qr)| {
            self.enemy_at(qf, qr, u.white, 'Q')
                && self.at(qf, qr).is_some_and(|q| q.left == 0)
                && !self.pincer(qf, qr)
                && !self.presence(qf, qr)
        })
    }
    /// Paralysed by the counter or a status.
    fn paralysed(&self, f: i32, r: i32) -> bool {
        self.at(f, r).expect("unit").left > 0
            || self.pincer(f, r)
            || self.presence(f, r)
            || self.gaze(f, r)
    }
    /// A pawn on a square an unparalysed enemy Knight could land on to capture.
    fn knightmare(&self, f: i32, r: i32) -> bool {
        let u = self.at(f, r).expect("unit");
        if u.k != 'P' {
            return false;
        }
        let kfw = if u.white { -1 } else { 1 };
        KN.iter()
            .chain([(1, kfw), (-1, kfw)].iter())
            .any(|&(a, b)| {
                self.enemy_at(f - a, r - b, u.white, 'N') && !self.paralysed(f - a, r - b)
            })
    }
    /// The Paralysis Transfers of the unit on (f, r): to each friendly unit with counter
    /// paralysis it protects, if it is no King nor Royal Guard, not held by Knightmare and
    /// not attacked.
    fn transfers(&self, f: i32, r: i32) -> Vec<(String, (i32, i32), bool)> {
        let u = self.at(f, r).expect("unit");
        let mut out = Vec::new();
        for br in 0..16 {
            for bf in 0..16 {
                let Some(b) = self.at(bf, br) else { continue };
                if (bf, br) == (f, r) || b.white != u.white || b.left == 0 {
                    continue;
                }
                if u.k == b.k && !"PKFS".contains(u.k) {
                    continue;
                }
                let mut probe = self.clone();
                probe.cell[br as usize][bf as usize] = Some(NU {
                    k: '?',
                    white: !u.white,
                    ..b
                });
                if probe.hits(f, r, bf, br) {
                    out.push((
                        format!("act:{}{}", name(f, r), name(bf, br)),
                        (bf, br),
                        false,
                    ));
                }
            }
        }
        if out.is_empty() || u.k == 'K' || self.royal(f, r) || self.knightmare(f, r) {
            return Vec::new();
        }
        let mut me = self.clone();
        if me.attacked(f, r, !u.white) {
            return Vec::new();
        }
        out
    }
    /// True if the squares strictly between (f, r) and (tf, tr) are free, on one straight
    /// line along one of `dirs`, at most `n` long (no bounce).
    fn straight(&self, f: i32, r: i32, tf: i32, tr: i32, dirs: &[(i32, i32)], n: i32) -> bool {
        let (a, b) = (tf - f, tr - r);
        let d = (a.signum(), b.signum());
        if !(a == 0 || b == 0 || a.abs() == b.abs()) || !dirs.contains(&d) {
            return false;
        }
        let len = a.abs().max(b.abs());
        len <= n && (1..len).all(|i| self.free(f + i * d.0, r + i * d.1))
    }
    /// FC11-TEMP-03/04: the Templar on (tf, tr) (unparalysed, not on a tomb) could capture
    /// on (af, ar) with a straight rook slide or its T move.
    fn shield(&self, tf: i32, tr: i32, af: i32, ar: i32) -> bool {
        let Some(t) = self.at(tf, tr) else {
            return false;
        };
        if t.k != 'T' || self.paralysed(tf, tr) || self.is_tomb(tf, tr) {
            return false;
        }
        self.straight(tf, tr, af, ar, &OR, NB::range(&t))
            || DG.iter().any(|&(dx, dy)| {
                let p2 = (tf + 2 * dx, tr + 2 * dy);
                self.free(tf + dx, tr + dy)
                    && (p2 == (af, ar)
                        || (self.free(p2.0, p2.1)
                            && [(dx, -dy), (-dx, dy)]
                                .iter()
                                .any(|e| (p2.0 + e.0, p2.1 + e.1) == (af, ar))))
            })
    }
    fn allowed(&self, k: char) -> bool {
        let count = |c: char| {
            self.cell
                .iter()
                .flatten()
                .flatten()
                .filter(|u| u.k == c)
                .count()
        };
        match k {
            'F' => count('F') < 8 && count('F') + count('S') < 16,
            'S' => count('S') < 8 && count('F') + count('S') < 16,
            _ => true,
        }
    }
    fn king(&self, white: bool) -> Option<(i32, i32)> {
        self.kings[usize::from(!white)]
    }
    /// Every bounced route (FC11-TURN-09..12) of the unit on (f, r) with first direction
    /// `d` and range `n`: (turn squares, last square). One square per step: enter the next
    /// square if it is free and not yet visited (the origin counts as visited and as
    /// free); if it is off the board, a unit or a wall, the route may end on it when it is
    /// a unit, and (not on the origin) may turn: flip one component of a diagonal, 90°
    /// left or right of an orthogonal, into a square that is free and unvisited (then
    /// entered) or a unit (then the last square).
    fn bounced(&self, f: i32, r: i32, d: (i32, i32), n: i32) -> Vec<NRoute> {
        let mut out = Vec::new();
        let mut seen = vec![(f, r)];
        let mut turns = Vec::new();
        self.bounce_step(f, r, (f, r), d, n, &mut seen, &mut turns, &mut out);
        out
    }
    #[allow(clippy::too_many_arguments)]
    fn bounce_step(
        &self,
        f0: i32,
        r0: i32,
        cur: (i32, i32),
        d: (i32, i32),
        left: i32,
        seen: &mut Vec<(i32, i32)>,
        turns: &mut Vec<(i32, i32)>,
        out: &mut Vec<NRoute>,
    ) {
        if left == 0 {
            return;
        }
        let unit = |p: (i32, i32)| on(p.0, p.1) && p != (f0, r0) && self.at(p.0, p.1).is_some();
        let open = |p: (i32, i32)| on(p.0, p.1) && (p == (f0, r0) || self.free(p.0, p.1));
        let nx = (cur.0 + d.0, cur.1 + d.1);
        if open(nx) {
            if seen.contains(&nx) {
                return;
            }
            seen.push(nx);
            out.push((turns.clone(), nx));
            self.bounce_step(f0, r0, nx, d, left - 1, seen, turns, out);
            seen.pop();
            return;
        }
        if unit(nx) {
            out.push((turns.clone(), nx));
        }
        if cur == (f0, r0) {
            return;
        }
        let news = if d.0 != 0 && d.1 != 0 {
            [(-d.0, d.1), (d.0, -d.1)]
        } else {
            [(d.1, d.0), (-d.1, -d.0)]
        };
        for d2 in news {
            let q = (cur.0 + d2.0, cur.1 + d2.1);
            if open(q) && !seen.contains(&q) {
                turns.push(cur);
                seen.push(q);
                out.push((turns.clone(), q));
                self.bounce_step(f0, r0, q, d2, left - 1, seen, turns, out);
                seen.pop();
                turns.pop();
            } else if unit(q) {
                turns.push(cur);
                out.push((turns.clone(), q));
                turns.pop();
            }
        }
    }
    /// True if a bounced route of the unit on (f, r) along `dirs` with range `n` ends on
    /// (tf, tr).
    fn route_hits(&self, f: i32, r: i32, tf: i32, tr: i32, dirs: &[(i32, i32)], n: i32) -> bool {
        dirs.iter()
            .any(|&d| self.bounced(f, r, d, n).iter().any(|x| x.1 == (tf, tr)))
    }
    /// True if the unit on (f, r) could capture a unit standing on (tf, tr).
    fn hits(&self, f: i32, r: i32, tf: i32, tr: i32) -> bool {
        let u = self.at(f, r).expect("unit");
        let (a, b) = (tf - f, tr - r);
        let fw = if u.white { 1 } else { -1 };
        let kn = KN.contains(&(a, b));
        match u.k {
            'P' => a.abs() == 1 && b.abs() == 1 && a * u.aim.0 + b * u.aim.1 == 1,
            'N' => kn || (a.abs() == 1 && b == fw),
            'D' => {
                kn || [(2, 0), (-2, 0), (0, 2), (0, -2)].contains(&(a, b))
                    || self.route_hits(f, r, tf, tr, &DG, NB::range(&u))
            }
            'R' => self.route_hits(f, r, tf, tr, &OR, NB::range(&u)),
            'Q' => {
                kn || self.route_hits(f, r, tf, tr, &OR, NB::range(&u))
                    || self.route_hits(f, r, tf, tr, &DG, NB::range(&u))
            }
            'K' => a.abs() <= 1 && b.abs() <= 1,
            'C' => {
                (a.abs() <= 1 && b.abs() <= 1)
                    || ((a.abs(), b.abs()) == (2, 3) && !self.is_wall(f, r + b / 3))
                    || ((a.abs(), b.abs()) == (3, 2) && !self.is_wall(f + a / 3, r))
            }
            'T' => {
                self.route_hits(f, r, tf, tr, &OR, NB::range(&u))
                    || DG.iter().any(|&(dx, dy)| {
                        let p2 = (f + 2 * dx, r + 2 * dy);
                        self.free(f + dx, r + dy)
                            && (p2 == (tf, tr)
                                || (self.free(p2.0, p2.1)
                                    && [(dx, -dy), (-dx, dy)]
                                        .iter()
                                        .any(|e| (p2.0 + e.0, p2.1 + e.1) == (tf, tr))))
                    })
            }
            'M' => kn || [(3, 0), (-3, 0), (0, 3), (0, -3)].contains(&(a, b)),
            'L' => self.own_moves(f, r).iter().any(|m| m.1 == (tf, tr) && m.2),
            _ => false,
        }
    }
    /// True if (tf, tr) is in the whole A of `white`'s side: own patterns or lent ones
    /// (FC11-CAPT-11, FC11-EMPW-02, FC11-ROOK-04).
    fn attacked(&mut self, tf: i32, tr: i32, white: bool) -> bool {
        if self.attacked0(tf, tr, white) {
            return true;
        }
        let mut probe = self.clone();
        probe.cell[tr as usize][tf as usize] = Some(NU::dummy(!white));
        let kinds = self.lend_kinds(white);
        if kinds.is_empty() {
            return false;
        }
        for r in 0..16 {
            for f in 0..16 {
                if (f, r) == (tf, tr) {
                    continue;
                }
                if let Some(u) = self.at(f, r) {
                    if u.white == white && self.lent_hits(&probe, f, r, tf, tr, &kinds) {
                        return true;
                    }
                }
            }
        }
        false
    }
    /// True if a unit of `white`'s side that is not paralysed could capture on (tf, tr)
    /// with its own patterns (A0).
    fn attacked0(&mut self, tf: i32, tr: i32, white: bool) -> bool {
        let saved = self.cell[tr as usize][tf as usize];
        let dummy = Some(NU::dummy(!white));
        self.cell[tr as usize][tf as usize] = dummy;
        let mut hit = false;
        'scan: for r in 0..16 {
            for f in 0..16 {
                if let Some(u) = self.at(f, r) {
                    if u.white == white && self.hits(f, r, tf, tr) {
                        // Paralysis and Knightmare are judged on the real board.
                        self.cell[tr as usize][tf as usize] = saved;
                        let idle = self.paralysed(f, r) || self.knightmare(f, r);
                        self.cell[tr as usize][tf as usize] = dummy;
                        if !idle {
                            hit = true;
                            break 'scan;
                        }
                    }
                }
            }
        }
        self.cell[tr as usize][tf as usize] = saved;
        // The doubles are judged on the real board: a route reaches a square whether a
        // unit stands there or not, and the phantom must not hide a double's Queen.
        hit || self.double_hits(tf, tr, white)
    }
    /// The squares a move `text` of the unit on (f, r) walls: its start (not for the Queen)
    /// and its path but the destination; nothing for the Jester.
    fn trail(&self, f: i32, r: i32, text: &str) -> Vec<(i32, i32)> {
        let u = self.at(f, r).expect("unit");
        if u.k == 'J' {
            return vec![];
        }
        let body = text.split('=').next().unwrap_or("");
        let mut sqs: Vec<(i32, i32)> = Vec::new();
        for c in body.chars() {
            if c.is_ascii_lowercase() {
                sqs.push((i32::from(c as u8 - b'a'), 0));
            } else if let (Some(d), Some(last)) = (c.to_digit(10), sqs.last_mut()) {
                last.1 = last.1 * 10 + d as i32;
            }
        }
        for s in sqs.iter_mut() {
            s.1 -= 1;
        }
        let mut path = Vec::new();
        let mut prev = sqs[0];
        for &c in &sqs[1..] {
            let (a, b) = (c.0 - prev.0, c.1 - prev.1);
            let straight = a == 0 || b == 0 || a.abs() == b.abs();
            // A straight segment over free squares is a slide unless its shape is an own
            // leap of the mover (then it is that leap); pawns never slide.
            let (x, y) = (a.abs(), b.abs());
            let own_leap = match u.k {
                'P' => true,
                'D' => (x, y) == (0, 2) || (x, y) == (2, 0),
                'M' => (x, y) == (0, 3) || (x, y) == (3, 0),
                'F' => (x, y) == (0, 3) || (x, y) == (3, 0) || (x == y && (x == 2 || x == 3)),
                'A' => (x, y) == (0, 2) || (x, y) == (3, 0),
                _ => false,
            };
            let n = x.max(y);
            let free = (1..n).all(|i| self.free(prev.0 + i * a.signum(), prev.1 + i * b.signum()));
            let slides = straight && !own_leap && free;
            if slides {
                for i in 1..n {
                    path.push((prev.0 + i * a.signum(), prev.1 + i * b.signum()));
                }
            } else if u.k == 'C' && ((x, y) == (2, 3) || (x, y) == (3, 2)) {
                path.push(if b.abs() == 3 {
                    (prev.0, prev.1 + b / 3)
                } else {
                    (prev.0 + a / 3, prev.1)
                });
            }
            path.push(c);
            prev = c;
        }
        path.pop();
        if u.k != 'Q' {
            path.push((f, r));
        }
        path
    }
    /// The mover's turn is spent: its units' counters count from its next turn.
    fn tick(&mut self, white: bool) {
        for u in self.cell.iter_mut().flatten().flatten() {
            if u.white == white {
                u.left = u.left.saturating_sub(1);
            }
        }
    }
    fn drop_walls(&mut self, owner: u32) {
        for row in self.wall.iter_mut() {
            for w in row.iter_mut() {
                if *w == Some(owner) {
                    *w = None;
                }
            }
        }
    }
    fn drop_double(&mut self, queen: u32) {
        for row in self.double.iter_mut() {
            for d in row.iter_mut() {
                if *d == Some(queen) {
                    *d = None;
                }
            }
        }
    }
    fn play(&self, f: i32, r: i32, text: &str, dest: (i32, i32)) -> NB {
        let mut b = self.clone();
        if text == "pass" {
            b.tick(b.white);
            b.white = !b.white;
            b.nulls += 1;
            return b;
        }
        b.nulls = 0;
        let mut u = b.at(f, r).expect("unit");
        b.cell[r as usize][f as usize] = None;
        if let Some(t) = text.strip_prefix("act:") {
            let last = &t[name(f, r).len()..];
            let s: Square = last.parse().expect("square");
            let (tf, tr) = (i32::from(s.file()), i32::from(s.rank()));
            let rotation = u.k == 'P' && (tf - f).abs() + (tr - r).abs() == 1;
            b.cell[r as usize][f as usize] = Some(u);
            b.tick(u.white);
            if rotation {
                if let Some(p) = b.cell[r as usize][f as usize].as_mut() {
                    p.aim = (tf - f, tr - r);
                }
            } else {
                // Paralysis Transfer: the target loses 4, the actor gets 4.
                if let Some(t) = b.cell[tr as usize][tf as usize].as_mut() {
                    t.left = t.left.saturating_sub(4);
                }
                if let Some(a) = b.cell[r as usize][f as usize].as_mut() {
                    a.left = 4;
                }
            }
            b.white = !b.white;
            return b;
        }
        let trail = self.trail(f, r, text);
        let queen = u.k == 'Q';
        let victim = b.at(dest.0, dest.1);
        if let Some(v) = victim {
            b.tomb[dest.1 as usize][dest.0 as usize] = true;
            b.drop_walls(v.id);
            b.drop_double(v.id);
            if u.k == 'P' && v.k != 'P' {
                u.k = v.k;
                u.crr = if CRR.contains(v.k) { 3 } else { 0 };
            } else if CRR.contains(u.k) {
                let room = NB::range(&u) - 3;
                u.crr += if v.k == 'P' { 1 } else { 3 }.min(room.max(0));
            }
        }
        if u.k == 'P' {
            u.moved = true;
            if let Some((_, k)) = text.split_once('=') {
                u.k = k.chars().next().expect("letter");
                u.crr = 0;
            }
        }
        b.cell[dest.1 as usize][dest.0 as usize] = Some(u);
        if u.k == 'K' {
            b.kings[usize::from(!u.white)] = Some(dest);
        }
        b.tick(u.white);
        b.drop_walls(u.id);
        for (wf, wr) in trail {
            if b.at(wf, wr).is_none() && !b.is_wall(wf, wr) {
                b.wall[wr as usize][wf as usize] = Some(u.id);
            }
        }
        if queen {
            b.drop_double(u.id);
            b.double[r as usize][f as usize] = Some(u.id);
        }
        b.white = !b.white;
        b
    }
    /// True if the side to act has no unit action (checkmate or stalemate) or the last two
    /// plies were null moves: the game is over.
    fn finished(&self) -> bool {
        self.nulls >= 2 || self.unit_actions().is_empty()
    }
    fn in_check(&self) -> bool {
        let mut me = self.clone();
        me.king(self.white)
            .is_some_and(|(kf, kr)| me.attacked(kf, kr, !self.white))
    }
    /// Every legal action of the side to act, as text: its units' actions and, when it is
    /// not in check, the null move.
    fn legal(&self) -> BTreeSet<String> {
        if self.nulls >= 2 {
            return BTreeSet::new();
        }
        let mut out = self.unit_actions();
        // FC11-NULL-03: not in check now; FC11-TURN-15: not in check after it either (the
        // mover's counters tick, a woken unit may turn a guarded enemy into an empowered
        // one).
        if !self.in_check() {
            let mut after = self.play(0, 0, "pass", (0, 0));
            let safe = after
                .king(self.white)
                .is_some_and(|(kf, kr)| !after.attacked(kf, kr, !self.white));
            if safe {
                out.insert("pass".into());
            }
        }
        out
    }
    /// The legal actions of the side's units.
    fn unit_actions(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for r in 0..16 {
            for f in 0..16 {
                let Some(u) = self.at(f, r) else { continue };
                if u.white != self.white || self.paralysed(f, r) {
                    continue;
                }
                let mut all = self.moves(f, r);
                all.extend(self.transfers(f, r));
                for (text, dest, _) in all {
                    let mut after = self.play(f, r, &text, dest);
                    let Some((kf, kr)) = after.king(self.white) else {
                        continue;
                    };
                    if !after.attacked(kf, kr, !self.white) {
                        out.insert(text);
                    }
                }
            }
        }
        out
    }
}

fn naive(p: &Fc11Position) -> NB {
    let mut b = NB {
        cell: [[None; 16]; 16],
        wall: [[None; 16]; 16],
        double: [[None; 16]; 16],
        tomb: [[false; 16]; 16],
        white: p.to_move() == Side::White,
        nulls: p.state().nulls,
        kings: [None, None],
    };
    let f = fc();
    for (i, u) in p.units().iter().enumerate() {
        match u.loc {
            Location::Board(s) => {
                let t = p.turns()[u.side] + u32::from(u.side != p.to_move());
                let ft = u.status.frozen_through;
                let aim = u
                    .status
                    .aim
                    .map_or((0, 0), |d| (i32::from(d.df), i32::from(d.dr)));
                b.cell[s.rank() as usize][s.file() as usize] = Some(NU {
                    id: i as u32,
                    k: f.kinds().get(u.kind).expect("kind").fen,
                    white: u.side == Side::White,
                    aim,
                    moved: u.status.moved,
                    crr: i32::from(u.status.counters[4]),
                    left: if ft != 0 && t <= ft { ft - t + 1 } else { 0 },
                    ki: f.kinds().get(u.kind).expect("kind").fen,
                    mem: p
                        .state()
                        .retained
                        .iter()
                        .find(|m| usize::from(m.unit.0) == i)
                        .map(|m| (f.kinds().get(m.kind).expect("kind").fen, i32::from(m.crr))),
                });
            }
            Location::Tomb(s) => b.tomb[s.rank() as usize][s.file() as usize] = true,
            _ => {}
        }
    }
    for (s, w) in p.walls().iter() {
        b.wall[s.rank() as usize][s.file() as usize] = Some(u32::from(w.creator.0));
    }
    for (s, list) in p.effects().iter() {
        for e in list.iter() {
            assert_eq!(
                e.kind,
                frozen_variants::fc11::double::DOUBLE,
                "only doubles"
            );
            let q = e.owner.expect("a double's Queen");
            b.double[s.rank() as usize][s.file() as usize] = Some(u32::from(q.0));
        }
    }
    for r in 0..16 {
        for f in 0..16 {
            if let Some(u) = b.at(f, r).filter(|u| u.k == 'K') {
                b.kings[usize::from(!u.white)] = Some((f, r));
            }
        }
    }
    b
}

fn engine(p: &Fc11Position) -> BTreeSet<String> {
    let f = fc();
    let mut v = Vec::new();
    f.actions(p, &mut v);
    let out: BTreeSet<String> = v.iter().map(|a| f.format_action(p, a)).collect();
    assert_eq!(out.len(), v.len(), "duplicate actions");
    out
}

fn agree(p: &Fc11Position, what: &str) {
    let e = engine(p);
    let n = if p.result().is_some() {
        BTreeSet::new()
    } else {
        naive(p).legal()
    };
    if e != n {
        let only_e: Vec<_> = e.difference(&n).collect();
        let only_n: Vec<_> = n.difference(&e).collect();
        panic!(
            "{what}: {}\nengine only: {only_e:?}\nnaive only: {only_n:?}",
            fc().to_fen(p).unwrap_or_default()
        );
    }
}

const LETTERS: &str = "PLNBDRQKJCTFXASOZM";

#[test]
fn every_kind_from_every_square_of_an_empty_board() {
    let f = fc();
    let mut checked = 0;
    for c in LETTERS.chars().filter(|&c| c != 'K') {
        for white in [true, false] {
            let letter = if white { c } else { c.to_ascii_lowercase() };
            let aims: &[&str] = match c {
                'P' | 'O' => &["N", "E", "S", "W"],
                'X' => &["NE"],
                _ => &["-"],
            };
            let crrs: &[u8] = if "RQTDLB".contains(c) {
                &[0, 10, 13]
            } else {
                &[0]
            };
            for s in Square::all() {
                let sq = s.to_string();
                if sq == "a1" || sq == "p16" {
                    continue;
                }
                for aim in aims {
                    for &crr in crrs {
                        for moved in [false, true] {
                            if moved && c != 'P' {
                                continue;
                            }
                            let units = [(sq.as_str(), letter), ("a1", 'K'), ("p16", 'k')];
                            let aimf = if *aim == "-" {
                                "-".to_string()
                            } else {
                                format!("{sq}:{aim}")
                            };
                            let movedf = if moved { sq.clone() } else { "-".to_string() };
                            let crrf = if crr > 0 {
                                format!("{sq}:{crr}")
                            } else {
                                "-".to_string()
                            };
                            let side = if white { "w" } else { "b" };
                            let fen =
                                format!("{} {side} {aimf} {movedf} - {crrf}", placement(&units));
                            let Ok(p) = f.position_from_fen(&fen) else {
                                continue;
                            };
                            agree(&p, &fen);
                            checked += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 18_000, "{checked} positions");
}

/// A random crowded position: both kings, `n` other units with random aims, moved flags,
/// paralysis and CRR, random walls and tombs, and a double for about half the Queens.
fn random_position(rng: &mut Rng, n: usize) -> Option<Fc11Position> {
    let f = fc();
    let mut taken = BTreeSet::new();
    let mut units = Vec::new();
    let pick = |rng: &mut Rng, taken: &mut BTreeSet<u8>| loop {
        let s = rng.below(256) as u8;
        if taken.insert(s) {
            return Square::new(s % 16, s / 16);
        }
    };
    let to_move = if rng.below(2) == 0 {
        Side::White
    } else {
        Side::Black
    };
    let turns = frozen_core::BySide::new(5, if to_move == Side::White { 4 } else { 5 });
    for (i, side) in [Side::White, Side::Black].into_iter().enumerate() {
        let s = pick(rng, &mut taken);
        let _ = i;
        units.push(("K".to_string(), side, s, Status::default()));
    }
    for _ in 0..n {
        let c = LETTERS.chars().nth(rng.below(18)).expect("letter");
        if c == 'K' {
            continue;
        }
        let side = if rng.below(2) == 0 {
            Side::White
        } else {
            Side::Black
        };
        let s = pick(rng, &mut taken);
        let kind = f.kinds().by_fen(c).expect("kind");
        let mut st = frozen_variants::fc11::setup::default_status(kind, side);
        if c == 'P' || c == 'O' {
            st.aim = Some(frozen_core::Dir::ORTHO[rng.below(4)]);
            st.moved = c == 'P' && rng.below(2) == 0;
        }
        if c == 'X' {
            st.aim = Some(frozen_core::Dir::ALL8[rng.below(8)]);
        }
        if "RQTDLB".contains(c) && rng.below(3) == 0 {
            st.counters[4] = rng.below(14) as u16;
        }
        if rng.below(8) == 0 {
            st.frozen_through = 5 + rng.below(2) as u32;
        }
        units.push((c.to_string(), side, s, st));
    }
    let mut records: Vec<UnitRecord> = units
        .into_iter()
        .enumerate()
        .map(|(i, (k, side, s, status))| UnitRecord {
            id: i as u16,
            kind: k,
            side,
            at: Location::Board(s),
            status,
        })
        .collect();
    let mut walls = Vec::new();
    for _ in 0..rng.below(12) {
        let s = pick(rng, &mut taken);
        // Owned by a random unit on the board that is not a Jester (FC11-WALL-07).
        let owner = rng.below(records.len());
        if records[owner].kind == "J" {
            continue;
        }
        walls.push((
            s,
            Wall {
                creator: UnitId(owner as u16),
                side: records[owner].side,
                expires: 0,
                kind: frozen_variants::fc11::walls::TRAIL,
            },
        ));
    }
    // Each Queen's double, one time in two (FC11-QUEN-05).
    let mut effects = Vec::new();
    for (i, rec) in records.iter().enumerate() {
        if rec.kind == "Q" && rng.below(2) == 0 {
            let s = pick(rng, &mut taken);
            effects.push((
                s,
                vec![frozen_core::Effect {
                    kind: frozen_variants::fc11::double::DOUBLE,
                    owner: Some(UnitId(i as u16)),
                    side: Some(rec.side),
                    dir: None,
                    left: 0,
                    link: None,
                }],
            ));
        }
    }
    // About half the Assassins remember an empowerer (FC11-ASSN-13).
    let mut retained = Vec::new();
    for (i, rec) in records.iter().enumerate() {
        if rec.kind == "M" && rng.below(2) == 0 {
            let k = "LNDRQCT".chars().nth(rng.below(7)).expect("letter");
            let crr = if "RQTDL".contains(k) && rng.below(2) == 0 {
                1 + rng.below(13) as u16
            } else {
                0
            };
            retained.push(frozen_variants::fc11::base::Retained {
                unit: UnitId(i as u16),
                kind: f.kinds().by_fen(k).expect("kind"),
                crr,
            });
        }
    }
    let mut tombs = Vec::new();
    for _ in 0..rng.below(10) {
        let s = pick(rng, &mut taken);
        let id = records.len() as u16;
        let kind = f.kinds().by_fen('N').expect("N");
        records.push(UnitRecord {
            id,
            kind: "N".into(),
            side: Side::Black,
            at: Location::Tomb(s),
            status: frozen_variants::fc11::setup::default_status(kind, Side::Black),
        });
        let mut t = Tomb::default();
        t.queue.push(UnitId(id));
        tombs.push((s, t));
    }
    // Put some tombs under units too.
    let setup = Setup {
        to_move,
        turns,
        units: records,
        walls,
        tombs,
        effects,
        state: Fc11State {
            retained: retained.into_iter().collect(),
            ..Fc11State::default()
        },
        ..Setup::<Fc11State>::new("fc11")
    };
    build_position(&f, setup).ok()
}

#[test]
fn crowded_random_positions() {
    let mut rng = Rng::new(0xfc11);
    let mut checked = 0;
    while checked < 1500 {
        let n = 10 + rng.below(60);
        if let Some(p) = random_position(&mut rng, n) {
            agree(&p, "random position");
            checked += 1;
        }
    }
}

/// FC11-ASSN-13: after an action from `p`, each Assassin on the board of `q` remembers the
/// unit that empowers it now (naive standing), or else what it remembered in `p`.
fn memory_agrees(p: &Fc11Position, q: &Fc11Position) {
    let nq = naive(q);
    let np = naive(p);
    let f = fc();
    let mut want = Vec::new();
    for r in 0..16 {
        for c in 0..16 {
            let Some(u) = nq.at(c, r).filter(|u| u.k == 'M') else {
                continue;
            };
            let now = match nq.standing(c, r) {
                St::Empowered((xf, xr)) => {
                    let x = nq.at(xf, xr).expect("protector");
                    Some((x.k, x.crr))
                }
                _ => None,
            };
            let before = np
                .cell
                .iter()
                .flatten()
                .flatten()
                .find(|v| v.id == u.id)
                .and_then(|v| v.mem);
            if let Some(m) = now.or(before) {
                want.push((u.id, m));
            }
        }
    }
    want.sort();
    let got: Vec<(u32, (char, i32))> = q
        .state()
        .retained
        .iter()
        .map(|m| {
            (
                u32::from(m.unit.0),
                (f.kinds().get(m.kind).expect("kind").fen, i32::from(m.crr)),
            )
        })
        .collect();
    assert_eq!(got, want, "{}", f.to_fen(q).unwrap_or_default());
}

/// Checks every node to `depth` plies below `p` (the naive generator lists the same actions
/// as the engine, and agrees on which games are over) and returns the number of actions
/// of the deepest nodes: perft(depth + 1) of `p`, each count confirmed by the naive lists.
fn children_agree(p: &Fc11Position, depth: u32) -> u64 {
    agree(p, "perft node");
    // The naive generator's own verdict on the end of the game agrees with the engine's.
    assert_eq!(
        naive(p).finished(),
        p.result().is_some(),
        "{}",
        fc().to_fen(p).unwrap_or_default()
    );
    if depth == 0 {
        return engine(p).len() as u64;
    }
    let f = fc();
    let mut v = Vec::new();
    f.actions(p, &mut v);
    let mut n = 0;
    for a in v {
        let mut q = p.clone();
        frozen_core::apply(&f, &mut q, &a, &mut frozen_core::NoEvents).expect("listed");
        memory_agrees(p, &q);
        n += children_agree(&q, depth - 1);
    }
    n
}

/// Compares every node to depth 1 below `p` with the naive generator (and its verdict on
/// the end of the game), and a seeded sample of one in `every` of the nodes at depth 2;
/// returns perft(2) of `p` (each depth-1 node's list confirmed) and the sample's size.
fn sampled_agree(p: &Fc11Position, every: usize, seed: u64) -> (u64, usize) {
    let f = fc();
    let mut rng = Rng::new(seed);
    let mut sampled = 0;
    let mut n = 0;
    let mut v = Vec::new();
    f.actions(p, &mut v);
    agree(p, "perft root");
    for a in v {
        let mut q = p.clone();
        frozen_core::apply(&f, &mut q, &a, &mut frozen_core::NoEvents).expect("listed");
        memory_agrees(p, &q);
        let mut w = Vec::new();
        f.actions(&q, &mut w);
        n += w.len() as u64;
        agree(&q, "perft node at depth 1");
        assert_eq!(naive(&q).finished(), q.result().is_some());
        for b in w {
            if rng.below(every) != 0 {
                continue;
            }
            let mut r = q.clone();
            frozen_core::apply(&f, &mut r, &b, &mut frozen_core::NoEvents).expect("listed");
            agree(&r, "perft node at depth 2");
            assert_eq!(
                naive(&r).finished(),
                r.result().is_some(),
                "{}",
                f.to_fen(&r).unwrap_or_default()
            );
            sampled += 1;
        }
    }
    (n, sampled)
}

#[test]
fn every_perft_child_to_depth_one_and_a_sample_at_depth_two_from_the_start() {
    let p = fc().initial_position();
    // perft(2) of fixtures/perft/fc11.ron; one depth-2 node in 40 compared.
    let (n, sampled) = sampled_agree(&p, 40, 0x5a11);
    assert_eq!(n, 22_801);
    assert!(sampled > 400, "{sampled}");
}

/// Every node to depth 1 of a position with Empower, guards and Tower in play: the naive
/// lists agree with the engine's node by node, and their counts sum to perft(2).
#[test]
fn every_perft_child_to_depth_one_where_protection_matters() {
    let f = fc();
    let p = f.position_from_fen(PROTECTION).expect("fen");
    // 75,100 before the Queen's double (FC11-QUEN-05..07).
    assert_eq!(children_agree(&p, 1), 83_493);
}

/// Every node to depth 1 of a position where Assassins remember empowerers (FC11-ASSN-13):
/// the naive lists agree with the engine's node by node, and so do the memories after
/// every action (a new empowerer replaces the old one, a captured Assassin forgets).
#[test]
fn every_perft_child_to_depth_one_where_assassins_remember() {
    let f = fc();
    let p = f.position_from_fen(ASSASSINS).expect("fen");
    assert_eq!(children_agree(&p, 1), ASSASSINS_PERFT2);
}

/// perft(2) of [`ASSASSINS`] (the engine's count; every node's list checked against the naive one).
const ASSASSINS_PERFT2: u64 = 48_125;

/// White's Assassin d4 remembers a Knight and is empowered by the Rook d1; the Knight b1
/// may come to protect it too; Black's Assassin h12 remembers a Queen (CRR 3) and is
/// protected by nothing; the Knight e15 can come to protect it from f13.
const ASSASSINS: &str =
    "11pkp2/4n6ppp2/16/16/7m7d/16/16/16/16/16/16/16/3M12/16/PP14/KN1R12 w - - - - - - - - d4:N,h12:Q3";

/// A position where protection decides moves: White's Rook d4 has the Knight b3 as its
/// one protector (so the Knight has rook moves, Tower), the Bishop f4 is empowered by the
/// Rook (rook moves, no captures), the pawn d2 is guarded by the Rook and the Knight;
/// Black's Queen, Knight and Jester stand in the open.
const PROTECTION: &str = "11pkp2/11ppp2/16/16/16/16/16/16/16/4j11/3n4q7/16/3R1B10/1N14/3P12/K6Q8 w";

/// Middle-game positions reached by seeded random play from the start (aims turned,
/// pawns moved, Jesters captured and lying in tombs).
pub const MIDDLE_GAMES: [&str; 3] = [
    "r1bdjctqktc1dbnr/lfxasoz1mzosaxfl/nppp1ppp2pppp1p/pppp1ppppp1p4/4p2mppp3p1/p3p7ppp1/7J3j3p/16/16/2P7PP4/11P1P2/P2P4P1P3P1/PP2PPPPCP2P1PP/1PPPPPPPPP2PP1P/LFXASOZMMZOSAXFL/RNBD1CTQKT1JDBNR w b3:W,f3:W,c14:E,k14:N",
    "rnbt1qm1ktc2bnr/lfxao1zm1zo1ax1l/p1dsppppcppds1pp/1ppppppjpppp1p1p/pppp4p2ppp2/7p4pfp1/16/16/11J4/7j8/8P4P1P/PP2P2PPPPPP1P1/1PPP1PP3PPPP2/P1PPPPPPPCS3PP/LFXASOZM1ZOMAXFL/RNBDJ1TQKT1CDBNR w d3:E,i3:W,m5:S,e13:N i3,m4,a5,b5,e5,h5,i5,j5,k5,l5,m5,o5,i6,n6,p6,h11,m11,o11,a12,b12,c12,d12,i12,l12,m12,n12",
    "rnb2mtq1t2b1nr/lfxao1zkmzosax1l/ppdp4c1p1p1pp/ppp1p2ppp1pcp1p/2p1pppppp2pp2/3p1p4p2dp1/6pM3p4/8f7/8P7/13P2/S1PP3P2PPJ1P1/J2PP1Ps1P1P1P1P/PPP1NP1PPP2PF2/PP2PPP1CQM1PJPP/L1XAFOZ2ZO1AX1L/1RBDT3KTCSDBNR w a3:E,j5:W,e12:W,i12:N,i13:N,p13:N,k14:E c4,h4,d5,e5,g5,j5,l5,n5,p5,c6,d6,h6,k6,l6,o6,n7,i8,g10,l10,d11,f11,k11,o11,c12,e12,f12,g12,h12,i12,j12,m12,n12,e13,j13 - - e4:j,j7:j",
];

#[test]
fn every_perft_child_to_depth_one_and_a_sample_at_depth_two_from_middle_games() {
    let f = fc();
    // The perft(2) counts of fixtures/perft/fc11.ron; one depth-2 node in 40 compared.
    for (i, (fen, nodes)) in MIDDLE_GAMES
        .iter()
        .zip([42_528, 35_921, 81_192])
        .enumerate()
    {
        let p = f
            .position_from_fen(fen)
            .unwrap_or_else(|e| panic!("{fen}: {e}"));
        let (n, sampled) = sampled_agree(&p, 40, 0x3a11 + i as u64);
        assert_eq!(n, nodes, "{fen}");
        assert!(sampled > 300, "{sampled}");
    }
}

/// FC11-TURN-12: the engine's route walker ([`frozen_variants::fc11::bounce::routes`])
/// lists exactly the naive bounced routes, for every square, first direction and range,
/// on crowded random positions (as a route leaving the square it starts from).
#[test]
fn bounce_routes_match_the_naive_walker() {
    use frozen_variants::fc11::board::View;
    use frozen_variants::fc11::bounce;
    let mut rng = Rng::new(0xb0c3);
    let mut checked = 0;
    let mut bounced = 0usize;
    while checked < 40 {
        let n = 10 + rng.below(60);
        let Some(p) = random_position(&mut rng, n) else {
            continue;
        };
        checked += 1;
        let nb = naive(&p);
        let v = View::new(&p);
        for idx in 0..256u16 {
            let sq = Square::from_index(idx as u8);
            let (f, r) = (i32::from(sq.file()), i32::from(sq.rank()));
            for d in OR.iter().chain(DG.iter()) {
                let range = [3u8, 7, 16][usize::from(idx % 3)];
                let mut mine = Vec::new();
                bounce::routes(v.route_board(sq), sq, *d, range, true, &mut |s| {
                    let mut t: String = name(f, r);
                    for q in s.turns {
                        t.push_str(&q.to_string());
                    }
                    t.push_str(&s.to.to_string());
                    mine.push(t);
                    false
                });
                let mut theirs: Vec<String> = nb
                    .bounced(f, r, *d, i32::from(range))
                    .into_iter()
                    .map(|(turns, (tf, tr))| {
                        let mut t = name(f, r);
                        for (pf, pr) in turns {
                            t.push_str(&name(pf, pr));
                        }
                        t.push_str(&name(tf, tr));
                        t
                    })
                    .collect();
                bounced += theirs.iter().filter(|t| t.len() > 6).count();
                let n_mine = mine.len();
                mine.sort();
                mine.dedup();
                assert_eq!(n_mine, mine.len(), "a route listed twice from {sq}");
                theirs.sort();
                assert_eq!(mine, theirs, "routes from {sq} along {d:?}, range {range}");
            }
        }
    }
    assert!(bounced > 1000, "the positions exercise bounces ({bounced})");
}

/// FC11-CAPT-11: the engine's native attack map A0(S) (built whole, and asked square by
/// square) equals the naive brute force (a phantom enemy on each square but walls, every
/// unparalysed unit of S asked whether it could capture it with its own patterns), and
/// the whole map A(S) with the lent patterns of Empower and Tower (the listing's
/// [`Node`](frozen_variants::fc11::node::Node), and the one-square test run after every
/// candidate) equals the naive one, on crowded random positions, both sides.
#[test]
fn attack_map_matches_the_naive_brute_force() {
    use frozen_variants::fc11::board::View;
    use frozen_variants::fc11::empower::threatened;
    use frozen_variants::fc11::maps::{attack_map, attacked};
    use frozen_variants::fc11::node::Node;
    let mut rng = Rng::new(0xa77a);
    let mut checked = 0;
    let mut lent = 0;
    let mut doubles = 0;
    while checked < 30 {
        let n = 10 + rng.below(60);
        let Some(p) = random_position(&mut rng, n) else {
            continue;
        };
        checked += 1;
        let mut nb = naive(&p);
        let v = View::new(&p);
        let node = Node::new(&v);
        for side in [Side::White, Side::Black] {
            let map = attack_map(&v, side);
            for idx in 0..=255u8 {
                let sq = Square::from_index(idx);
                let (f, r) = (i32::from(sq.file()), i32::from(sq.rank()));
                // No unit can stand on a wall: wall squares are outside A (the naive
                // phantom would stand there).
                let wall = nb.is_wall(f, r);
                let want = !wall && nb.attacked0(f, r, side == Side::White);
                assert_eq!(
                    map.contains(sq),
                    want,
                    "A0({side}) at {sq}: {}",
                    fc().to_fen(&p).unwrap_or_default()
                );
                assert_eq!(attacked(&v, sq, side), want, "attacked({sq}, {side})");
                // The units' parts and the doubles' parts (FC11-QUEN-06) make A0.
                let by_parts = map
                    .reaches
                    .iter()
                    .chain(map.doubles.iter())
                    .any(|x| x.all().contains(sq));
                assert_eq!(by_parts, want, "per-unit and per-double parts at {sq}");
                doubles += usize::from(
                    map.doubles.iter().any(|x| x.all().contains(sq))
                        && !map.reaches.iter().any(|x| x.all().contains(sq)),
                );
                let whole = !wall && nb.attacked(f, r, side == Side::White);
                assert_eq!(node.a[side].contains(sq), whole, "A({side}) at {sq}");
                assert_eq!(threatened(&v, sq, side), whole, "threatened({sq}, {side})");
                lent += usize::from(whole && !want);
            }
        }
    }
    assert!(lent > 20, "the positions exercise lent attacks ({lent})");
    assert!(doubles > 20, "the positions exercise doubles ({doubles})");
}
