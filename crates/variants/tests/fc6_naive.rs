//! An independent, deliberately naive fc6 move generator (parts 1 and 2), written for the
//! tests from the rulings in docs/rules/fc6.md and sharing no code with the engine: a
//! 256-square array, protection recomputed from scratch, bounced routes walked one square
//! at a time, tombs as plain queues, legality by playing the decision on a copy and
//! searching the rest of the turn for a completion that leaves the king unattacked.
//!
//! It must agree with the engine on
//! * the legal decision list (as text, duplicates counted) of random positions and of
//!   the perft children whose lists the counts of `fixtures/perft/fc6.ron` add up (every
//!   child of the start and of the chosen middle games by default, every child of every
//!   fixture position with `FROZEN_FC6_NAIVE_FULL=1`) (FC6-TURN-03,
//!   FC6-MOVE-01..13, FC6-BNCE-01..05, FC6-EMPW-01..03, FC6-GARD-01, FC6-ROOK-09,
//!   FC6-TEMP-01, FC6-JEST-01..02, FC6-PAWN-02, FC6-FRST-01; part 2: double moves and
//!   marches with `end` (FC6-DBLM, FC6-KNIG), Knight's Leap captures, rook pushes
//!   (FC6-ROOK-01..07), Queen's Poison, jester presence and traps (FC6-JEST-03..04,
//!   FC6-TRAP), tombs, tomb and jester explosions (FC6-TOMB, FC6-JEST-05..07, FC6-DRAG-04),
//!   King's Check and King's Exchange (FC6-KING), respawn with the influence map judged
//!   term by term (FC6-RESP); part 3: shadowing and de-shadowing (FC6-SHAD) and
//!   rotations with the majority, the edge ban and the unchanged test judged square by
//!   square on the repetition key's values (FC6-ROTA); Dragon's Fire with its victims
//!   judged on the board with the dragon moved (FC6-DRAG-01..03), Pull along the squares
//!   between the ends of each slide route (FC6-PULL-01..05), Mind Control with the
//!   recapture test on copies and the controlled leg played with the unit's own side's
//!   walls (FC6-MIND-01..05));
//! * the complete turns of the `turns: true` cases (`perft --turns`);
//! * each unit's attack map on every square (the brute-force bounce-route enumerator
//!   against `fc6::attack::attacks`, FC6-BNCE-06, FC6-TURN-04, FC6-KNIG-02).

use frozen_core::{Game, Rules, Side, Square};
use frozen_variants::fc6::empower::Analysis;
use frozen_variants::fc6::{attack, Fc6, Fc6Position};
use std::collections::BTreeMap;

const P: u8 = 0;
const N: u8 = 1;
const B: u8 = 2;
const D: u8 = 3;
const R: u8 = 4;
const Q: u8 = 5;
const T: u8 = 6;
const J: u8 = 7;
const C: u8 = 8;
const K: u8 = 9;
const LETTERS: &[u8; 10] = b"PNBDRQTJCK";

#[derive(Clone, Copy, Debug, PartialEq)]
struct Unit {
    id: u16,
    kind: u8,
    white: bool,
    range: i32,
    frozen: u32,
}

/// A jester trap: owner's identity, colour, the victim held (identity and colour) and the
/// owner turn of the victim's side at whose end it dissolves.
#[derive(Clone, Copy, Debug, PartialEq)]
struct NTrap {
    owner: u16,
    white: bool,
    held: Option<(u16, bool)>,
    until: u32,
}

/// A turn in progress: the mover's square, legs made, march still possible, and the
/// squares owed a wall (square, duration, leg started there).
#[derive(Clone, Debug, PartialEq)]
struct NTurn {
    at: usize,
    legs: u32,
    march: bool,
    /// A slide of the turn crossed an ARMED or ACTIVE tomb (paralysis when it ends).
    crossed: bool,
    due: Vec<(usize, u32, bool)>,
}

/// A tomb: its queue of units, oldest first, and whether it is ACTIVE.
type NaiveTomb = (Vec<Unit>, bool);

#[derive(Clone)]
struct Board {
    at: Vec<Option<Unit>>,
    wall: Vec<Option<(bool, u32)>>,
    trap: Vec<Option<NTrap>>,
    /// Tomb queues (kind, white), first in first, and the ACTIVE flag.
    tomb: Vec<Option<NaiveTomb>>,
    /// Shadows per square in arrival order, each with the owner turn it became a shadow.
    shadow: Vec<Vec<(Unit, u32)>>,
    white_to_move: bool,
    turns: [u32; 2],
    first: bool,
    turn: Option<NTurn>,
}

/// One decision: a leg (text, route, promotion, Knight's Leap victim, pushed square) or
/// `end`.
#[derive(Clone, Debug)]
struct Decision {
    text: String,
    leg: Option<Leg>,
    promo: Option<u8>,
    victim: Option<usize>,
    push: Option<usize>,
    /// Dragon's Fire: the squares burned after the leg.
    burn: Vec<usize>,
    /// A leg played under Mind Control.
    controlled: bool,
}

fn idx(f: i32, r: i32) -> Option<usize> {
    ((0..16).contains(&f) && (0..16).contains(&r)).then(|| (r * 16 + f) as usize)
}
fn fr(s: usize) -> (i32, i32) {
    ((s % 16) as i32, (s / 16) as i32)
}
fn name(s: usize) -> String {
    let (f, r) = fr(s);
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}
fn side_ix(white: bool) -> usize {
    if white {
        0
    } else {
        1
    }
}

/// The leap and step offsets of a kind (`leap_table`, built once: the naive generator asks
/// for them at every protection and leg test).
fn leaps_of(kind: u8, white: bool) -> &'static [(i32, i32)] {
    static TABLE: std::sync::OnceLock<Vec<Vec<(i32, i32)>>> = std::sync::OnceLock::new();
    let t = TABLE.get_or_init(|| {
        (0..20)
            .map(|i| leap_table((i / 2) as u8, i % 2 == 0))
            .collect()
    });
    &t[usize::from(kind) * 2 + usize::from(!white)]
}

fn leap_table(kind: u8, white: bool) -> Vec<(i32, i32)> {
    let all = |base: &[(i32, i32)]| {
        let mut v = Vec::new();
        for &(a, b) in base {
            for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let d = (a * sa, b * sb);
                if !v.contains(&d) {
                    v.push(d);
                }
            }
        }
        v
    };
    match kind {
        P => {
            let fwd = if white { 1 } else { -1 };
            vec![(-1, 0), (1, 0), (-1, fwd), (0, fwd), (1, fwd)]
        }
        N => all(&[(1, 2), (2, 1)]),
        D => [all(&[(1, 2), (2, 1)]), all(&[(1, 1), (1, 0), (0, 1)])].concat(),
        Q => all(&[(1, 2), (2, 1)]),
        T => all(&[(2, 2), (3, 1), (1, 3)]),
        J => all(&[(2, 2), (3, 1), (1, 3), (3, 2), (2, 3)]),
        C => [all(&[(2, 3), (3, 2)]), all(&[(1, 1), (1, 0), (0, 1)])].concat(),
        K => all(&[(1, 1), (1, 0), (0, 1)]),
        _ => vec![],
    }
}
fn diag_of(kind: u8) -> bool {
    matches!(kind, B | D | Q)
}
fn ortho_of(kind: u8) -> bool {
    matches!(kind, R | Q | T)
}

/// A set of patterns lent or owned: the kind whose patterns they are, and the range.
#[derive(Clone, Copy, PartialEq, Debug)]
struct Grant {
    kind: u8,
    range: i32,
    /// Only the orthogonal slide (Tower).
    rook_only: bool,
}

#[derive(Clone, Debug)]
struct Leg {
    path: Vec<usize>,
    leap: bool,
    onto: bool,
}

impl Board {
    fn from(pos: &Fc6Position) -> Board {
        let mut at = vec![None; 256];
        let mut wall = vec![None; 256];
        let mut trap = vec![None; 256];
        let mut tomb = vec![None; 256];
        let mut shadow = vec![Vec::new(); 256];
        for s in 0..256 {
            let sq = Square::from_index(s as u8);
            for &id in pos.shadows().get(sq).map(|l| l.as_slice()).unwrap_or(&[]) {
                let u = pos.unit(id);
                shadow[s].push((
                    Unit {
                        id: id.0,
                        kind: u.kind.0,
                        white: u.side == Side::White,
                        range: i32::from(u.status.range),
                        frozen: u.status.frozen_through,
                    },
                    u.status.shadow_since.expect("a shadow has shadow_since"),
                ));
            }
            if let Some(id) = pos.unit_at(sq) {
                let u = pos.unit(id);
                at[s] = Some(Unit {
                    id: id.0,
                    kind: u.kind.0,
                    white: u.side == Side::White,
                    range: i32::from(u.status.range),
                    frozen: u.status.frozen_through,
                });
            }
            if let Some(w) = pos.wall(sq) {
                wall[s] = Some((w.side == Side::White, w.expires));
            }
            if let Some(t) = pos.trap(sq) {
                trap[s] = Some(NTrap {
                    owner: t.owner.0,
                    white: t.colour == 0,
                    held: t.held.map(|h| (h.0, pos.unit(h).side == Side::White)),
                    until: t.hold_until,
                });
            }
            if let Some(t) = pos.tomb(sq) {
                let q: Vec<Unit> = t
                    .queue
                    .iter()
                    .map(|&id| Unit {
                        id: id.0,
                        kind: pos.unit(id).kind.0,
                        white: pos.unit(id).side == Side::White,
                        range: 16,
                        frozen: 0,
                    })
                    .collect();
                tomb[s] = Some((q, t.open));
            }
        }
        let t = pos.turns();
        let turn = pos.state().turn.as_ref().map(|ts| NTurn {
            at: pos
                .unit(ts.mover)
                .loc
                .square()
                .expect("mover on board")
                .index(),
            legs: u32::from(ts.legs),
            march: ts.march,
            crossed: ts.crossed,
            due: ts
                .due
                .iter()
                .map(|d| (d.sq.index(), u32::from(d.turns), d.start))
                .collect(),
        });
        Board {
            at,
            wall,
            trap,
            tomb,
            shadow,
            white_to_move: pos.to_move() == Side::White,
            turns: [t[Side::White], t[Side::Black]],
            first: pos.state().first_move,
            turn,
        }
    }

    fn timer_frozen(&self, s: usize) -> bool {
        let Some(u) = self.at[s] else { return false };
        let turn = self.turns[side_ix(u.white)] + u32::from(u.white != self.white_to_move);
        u.frozen != 0 && turn <= u.frozen
    }

    /// The squares of the 3x3 around `s` (itself included), on the board.
    fn around(s: usize) -> impl Iterator<Item = usize> {
        let (f, r) = fr(s);
        (-1..=1).flat_map(move |df| (-1..=1).filter_map(move |dr| idx(f + df, r + dr)))
    }

    /// Kings, and units next to their own king, refuse paralysing effects.
    fn refuses(&self, s: usize) -> bool {
        let Some(u) = self.at[s] else { return true };
        u.kind == K
            || Self::around(s)
                .any(|k| self.at[k].is_some_and(|x| x.kind == K && x.white == u.white))
    }

    /// Timer, or an enemy jester (not frozen by its timer) in the 3x3, for a unit that is
    /// no jester, chancellor or king and not next to its own king.
    fn paralysed(&self, s: usize) -> bool {
        let Some(u) = self.at[s] else { return false };
        if self.timer_frozen(s) {
            return true;
        }
        if matches!(u.kind, J | C | K) {
            return false;
        }
        let jester = Self::around(s).any(|j| {
            self.at[j].is_some_and(|x| x.kind == J && x.white != u.white) && !self.timer_frozen(j)
        });
        jester && !self.refuses(s)
    }

    fn free(&self, s: usize) -> bool {
        self.at[s].is_none() && self.wall[s].is_none()
    }

    /// Every leg of `grant` for a unit of colour `white` on `s`, with the squares in
    /// `extra` treated as occupied (a target judged as if an enemy stood there).
    fn legs(&self, s: usize, white: bool, g: Grant, extra: Option<usize>) -> Vec<Leg> {
        let occ = |q: usize| q != s && (self.at[q].is_some() || extra == Some(q));
        let wall = |q: usize| self.wall[q].is_some();
        let (f, r) = fr(s);
        let mut out = Vec::new();
        if !g.rook_only {
            for &(df, dr) in leaps_of(g.kind, white) {
                if let Some(t) = idx(f + df, r + dr) {
                    if !wall(t) {
                        let step = df.abs().max(dr.abs()) == 1;
                        out.push(Leg {
                            path: vec![s, t],
                            leap: !step,
                            onto: occ(t),
                        });
                    }
                }
            }
        }
        if g.rook_only || ortho_of(g.kind) {
            for (df, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                for n in 1..=g.range {
                    let Some(t) = idx(f + df * n, r + dr * n) else {
                        break;
                    };
                    if wall(t) {
                        break;
                    }
                    out.push(Leg {
                        path: vec![s, t],
                        leap: false,
                        onto: occ(t),
                    });
                    if occ(t) {
                        break;
                    }
                }
            }
        }
        if !g.rook_only && diag_of(g.kind) {
            for (dx0, dy0) in [(1, 1), (1, -1), (-1, -1), (-1, 1)] {
                // Walk the route square by square.
                let blocked = |x: i32, y: i32| match idx(x, y) {
                    None => true,
                    Some(q) => occ(q) || wall(q),
                };
                let (mut x, mut y) = (f, r);
                let (mut dx, mut dy) = (dx0, dy0);
                let mut seen = vec![s];
                let mut refl: Vec<usize> = Vec::new();
                let mut used = 0;
                let mut flipped_here = false;
                loop {
                    if used >= g.range {
                        break;
                    }
                    let (nx, ny) = (x + dx, y + dy);
                    if !blocked(nx, ny) {
                        let q = idx(nx, ny).expect("on board");
                        if seen.contains(&q) {
                            break;
                        }
                        seen.push(q);
                        used += 1;
                        x = nx;
                        y = ny;
                        flipped_here = false;
                        let mut path = vec![s];
                        path.extend(&refl);
                        path.push(q);
                        out.push(Leg {
                            path,
                            leap: false,
                            onto: false,
                        });
                        continue;
                    }
                    if let Some(q) = idx(nx, ny) {
                        if occ(q) {
                            let mut path = vec![s];
                            path.extend(&refl);
                            path.push(q);
                            out.push(Leg {
                                path,
                                leap: false,
                                onto: true,
                            });
                        }
                    }
                    let here = idx(x, y).expect("on board");
                    if flipped_here || here == s {
                        break;
                    }
                    let hb = blocked(x + dx, y);
                    let vb = blocked(x, y + dy);
                    if hb == vb {
                        break;
                    }
                    if hb {
                        dx = -dx;
                    } else {
                        dy = -dy;
                    }
                    refl.push(here);
                    flipped_here = true;
                }
            }
        }
        out
    }

    /// Straight cover of a protector: its own patterns, no bounce.
    fn covers(&self, p: usize, t: usize) -> bool {
        let Some(u) = self.at[p] else { return false };
        if u.kind == P || u.kind == J || p == t {
            return false;
        }
        // The geometry first, paralysis (a scan of the board) last: the same answer.
        let (f, r) = fr(p);
        let (tf, tr) = fr(t);
        let (df, dr) = (tf - f, tr - r);
        if leaps_of(u.kind, u.white).contains(&(df, dr)) {
            return self.wall[t].is_none() && !self.paralysed(p);
        }
        let straight_ok =
            (diag_of(u.kind) && df.abs() == dr.abs()) || (ortho_of(u.kind) && (df == 0 || dr == 0));
        if !straight_ok || (df == 0 && dr == 0) {
            return false;
        }
        let n = df.abs().max(dr.abs());
        if n > u.range || self.wall[t].is_some() {
            return false;
        }
        (1..n).all(|i| self.free(idx(f + df.signum() * i, r + dr.signum() * i).expect("on")))
            && !self.paralysed(p)
    }

    fn protectors(&self, t: usize, white: bool) -> Vec<usize> {
        (0..256)
            .filter(|&p| self.at[p].is_some_and(|u| u.white == white) && self.covers(p, t))
            .collect()
    }

    fn empowered(&self, t: usize) -> Option<Grant> {
        let u = self.at[t]?;
        if u.kind == K || u.kind == P {
            return None;
        }
        let ps = self.protectors(t, u.white);
        if ps.len() != 1 {
            return None;
        }
        let p = self.at[ps[0]]?;
        (p.kind != K).then_some(Grant {
            kind: p.kind,
            range: p.range,
            rook_only: false,
        })
    }

    fn tower(&self, t: usize) -> Vec<Grant> {
        let Some(u) = self.at[t] else { return vec![] };
        let mut v = Vec::new();
        for rk in 0..256 {
            let Some(rook) = self.at[rk] else { continue };
            if rook.kind == R
                && rook.white == u.white
                && u.kind != K
                && self.protectors(rk, u.white) == vec![t]
            {
                v.push(Grant {
                    kind: R,
                    range: rook.range,
                    rook_only: true,
                });
            }
        }
        v
    }

    fn capture_grants(&self, s: usize) -> Vec<Grant> {
        let Some(u) = self.at[s] else { return vec![] };
        if u.kind == J {
            return vec![];
        }
        let mut v = vec![Grant {
            kind: u.kind,
            range: u.range,
            rook_only: false,
        }];
        v.extend(self.empowered(s));
        v.extend(self.tower(s));
        v
    }

    fn attacks(&self, s: usize, t: usize) -> bool {
        let Some(u) = self.at[s] else { return false };
        if s == t || self.paralysed(s) {
            return false;
        }
        if u.kind == N
            && self
                .leap_landings(s, Some(t))
                .iter()
                .any(|(_, vs)| vs.contains(&t))
        {
            return true;
        }
        self.capture_grants(s).into_iter().any(|g| {
            self.legs(s, u.white, g, Some(t))
                .iter()
                .any(|l| l.onto && *l.path.last().expect("end") == t)
        })
    }

    /// The knight on `s`: each landing square free of units, walls and tombs, with its four
    /// leap-path squares (`extra` counts as a unit).
    fn leap_landings(&self, s: usize, extra: Option<usize>) -> Vec<(usize, Vec<usize>)> {
        let (f, r) = fr(s);
        let mut out = Vec::new();
        for (a, b) in [
            (1, 2),
            (2, 1),
            (-1, 2),
            (-2, 1),
            (1, -2),
            (2, -1),
            (-1, -2),
            (-2, -1),
        ] {
            let Some(t) = idx(f + a, r + b) else { continue };
            if self.at[t].is_some()
                || extra == Some(t)
                || self.wall[t].is_some()
                || self.tomb[t].is_some()
            {
                continue;
            }
            // Long leg first, then short leg first.
            let sq = |x: i32, y: i32| idx(f + x, r + y).expect("inside the leap's box");
            let paths = if a.abs() == 2 {
                vec![sq(a / 2, 0), sq(a, 0), sq(0, b), sq(a / 2, b)]
            } else {
                vec![sq(0, b / 2), sq(0, b), sq(a, 0), sq(a, b / 2)]
            };
            out.push((t, paths));
        }
        out
    }

    fn can_capture(&self, s: usize, t: usize) -> bool {
        let (Some(a), Some(v)) = (self.at[s], self.at[t]) else {
            return false;
        };
        if a.white == v.white || a.kind == J || (a.kind == v.kind && a.kind != P) {
            return false;
        }
        if v.kind != K && self.protectors(t, v.white).len() >= 2 {
            return false;
        }
        !(v.kind == T && self.tomb[t].is_none() && self.attacks(t, s))
    }

    fn in_check(&self, white: bool) -> bool {
        let Some(k) = (0..256).find(|&s| {
            self.at[s] == self.at[s].filter(|u| u.kind == K && u.white == white)
                && self.at[s].is_some()
        }) else {
            return true;
        };
        (0..256).any(|s| {
            self.at[s].is_some_and(|u| u.white != white && u.kind != K) && self.attacks(s, k)
        })
    }

    fn guarded(&self, t: usize) -> bool {
        self.at[t].is_some_and(|v| v.kind != K && self.protectors(t, v.white).len() >= 2)
    }

    fn held(&self, q: usize) -> bool {
        let id = self.at[q].map(|u| u.id);
        self.trap[q].is_some_and(|t| t.held.is_some_and(|(h, _)| Some(h) == id))
    }

    fn besieged(&self, s: usize) -> bool {
        let Some(u) = self.at[s] else { return false };
        u.kind != R
            && (0..256).any(|r| {
                self.at[r].is_some_and(|x| x.kind == R && x.white != u.white) && self.attacks(r, s)
            })
    }

    /// The square a rook sliding from `s` to the empty `t` may push: a wall next in line,
    /// or an enemy that is no rook, templar or king, not guarded, not held, with a free
    /// square (or the edge) behind it.
    fn push_target(&self, s: usize, t: usize) -> Option<usize> {
        let (f, r) = fr(s);
        let (tf, tr) = fr(t);
        if f != tf && r != tr {
            return None;
        }
        let (dx, dy) = ((tf - f).signum(), (tr - r).signum());
        let e = idx(tf + dx, tr + dy)?;
        if self.wall[e].is_some() {
            return Some(e);
        }
        let v = self.at[e]?;
        let me = self.at[s]?;
        if v.white == me.white || matches!(v.kind, R | T | K) || self.guarded(e) || self.held(e) {
            return None;
        }
        if let Some(g) = idx(tf + 2 * dx, tr + 2 * dy) {
            if self.at[g].is_some() || self.wall[g].is_some() || self.active(g) {
                return None;
            }
        }
        Some(e)
    }

    /// Decisions of the side to act, before the self-harm test.
    fn decisions(&self) -> Vec<Decision> {
        let me = self.white_to_move;
        let mut out = Vec::new();
        if let Some(t) = &self.turn {
            let s = t.at;
            let u = self.at[s].expect("mover");
            let king_stays = u.kind == K && self.in_check(me);
            if !king_stays && !self.paralysed(s) {
                out.extend(self.unit_decisions(
                    s,
                    t.march && t.legs >= 2,
                    t.march && t.legs >= 3,
                    false,
                ));
            }
            out.push(Decision {
                text: "end".into(),
                leg: None,
                promo: None,
                victim: None,
                push: None,
                burn: Vec::new(),
                controlled: false,
            });
            return out;
        }
        for s in 0..256 {
            let Some(u) = self.at[s] else { continue };
            if u.white != me || self.paralysed(s) || (self.first && me && u.kind != P) {
                continue;
            }
            out.extend(self.unit_decisions(s, false, false, false));
        }
        out
    }

    /// The square of the king of colour `white`.
    fn king(&self, white: bool) -> Option<usize> {
        (0..256).find(|&s| self.at[s].is_some_and(|u| u.kind == K && u.white == white))
    }

    fn attacked_by(&self, t: usize, white: bool) -> bool {
        (0..256).any(|e| self.at[e].is_some_and(|u| u.white == white) && self.attacks(e, t))
    }

    /// A square a leg of the turn in progress left or passed: its wall is due, so it counts
    /// as walled for a tomb there.
    fn due_here(&self, t: usize) -> bool {
        self.turn
            .as_ref()
            .is_some_and(|n| n.due.iter().any(|&(q, _, _)| q == t))
    }

    /// True if a unit coming to rest on `t` (before it arrives) steps on an ARMED tomb.
    fn armed(&self, t: usize) -> bool {
        self.tomb[t].as_ref().is_some_and(|(_, active)| {
            !active && self.at[t].is_none() && self.wall[t].is_none() && !self.due_here(t)
        })
    }

    fn active(&self, t: usize) -> bool {
        self.tomb[t].as_ref().is_some_and(|(_, a)| *a)
    }

    /// The unit on `s` dies into the tomb of `s` (range and paralysis reset).
    fn bury(&mut self, s: usize) -> Option<Unit> {
        let u = self.at[s].take()?;
        self.tomb[s]
            .get_or_insert_with(|| (Vec::new(), false))
            .0
            .push(Unit {
                range: 16,
                frozen: 0,
                ..u
            });
        Some(u)
    }

    /// The explosions, first in first out (tomb = false: a jester's blast).
    fn cascade(&mut self, mut list: Vec<(usize, bool)>) {
        let mut i = 0;
        while i < list.len() {
            let (c, is_tomb) = list[i];
            i += 1;
            let (cf, cr) = fr(c);
            let mut zone: Vec<usize> = Vec::new();
            for dr in -1..=1 {
                for df in -1..=1 {
                    if let Some(q) = idx(cf + df, cr + dr) {
                        zone.push(q);
                    }
                }
            }
            zone.sort();
            if is_tomb {
                for &n in zone.iter().filter(|&&n| n != c) {
                    if let Some((q, _)) = self.tomb[n].take() {
                        self.tomb[c].as_mut().expect("exploding tomb").0.extend(q);
                    }
                }
            }
            for &q in &zone {
                self.wall[q] = None;
                self.trap[q] = None;
            }
            for &q in &zone {
                if is_tomb && q == c {
                    continue;
                }
                if let Some(u) = self.bury(q) {
                    if u.kind == J {
                        list.push((q, false));
                    }
                }
            }
            if is_tomb {
                self.tomb[c].as_mut().expect("exploding tomb").1 = true;
            } else {
                for &q in &zone {
                    if let Some(t) = self.tomb[q].as_mut() {
                        t.1 = true;
                    }
                }
            }
        }
    }

    /// King's Exchange (FC6-KING-04): text and resulting board, before the self-harm test.
    fn exchanges(&self) -> Vec<(String, Board)> {
        let me = self.white_to_move;
        let mut out = Vec::new();
        if (self.first && me) || self.turn.is_some() {
            return out;
        }
        let Some(k) = self.king(me) else { return out };
        if self.paralysed(k) {
            return out;
        }
        for v in 0..256 {
            if v == k
                || !self.at[v].is_some_and(|u| u.white == me)
                || self.attacked_by(v, !me)
                || self.held(v)
            {
                continue;
            }
            let mut b = self.clone();
            b.bury(v);
            b.at[v] = b.at[k].take();
            b.finish();
            out.push((format!("exchange:{}{}", name(k), name(v)), b));
        }
        out
    }

    /// Respawns (FC6-RESP-01..08): text and board, with the influence test done square by
    /// square, term by term, on the board after the respawn.
    fn respawns(&self) -> Vec<(String, Board)> {
        let me = self.white_to_move;
        let mut out = Vec::new();
        if (self.first && me) || self.turn.is_some() {
            return out;
        }
        for s in 0..256 {
            let Some((q, true)) = self.tomb[s].clone() else {
                continue;
            };
            let head = q[0];
            if head.white != me || head.kind == K || self.at[s].is_some() || self.wall[s].is_some()
            {
                continue;
            }
            let mut b = self.clone();
            let rest: Vec<Unit> = q[1..].to_vec();
            b.tomb[s] = (!rest.is_empty()).then_some((rest, false));
            b.at[s] = Some(head);
            b.finish();
            if !b.influenced(s) {
                out.push((
                    format!("drop:{}@{}", LETTERS[head.kind as usize] as char, name(s)),
                    b,
                ));
            }
        }
        out
    }

    /// FC6-RESP-08, judged for one square with the enemy (the side to move) acting.
    fn influenced(&self, sq: usize) -> bool {
        let e = self.white_to_move;
        let near = |a: usize, b: usize| {
            let ((af, ar), (bf, br)) = (fr(a), fr(b));
            (af - bf).abs() <= 1 && (ar - br).abs() <= 1
        };
        let units: Vec<usize> = (0..256)
            .filter(|&u| self.at[u].is_some_and(|x| x.white == e) && !self.paralysed(u))
            .collect();
        // (1)
        let attacked = |t: usize| units.iter().any(|&u| self.attacks(u, t));
        if attacked(sq) {
            return true;
        }
        // Non-capturing leg ends of a unit.
        let quiet = |u: usize| -> Vec<usize> {
            self.unit_decisions(u, false, false, false)
                .into_iter()
                .filter_map(|d| d.leg.map(|l| *l.path.last().expect("end")))
                .filter(|&t| self.at[t].is_none())
                .collect()
        };
        // (2)
        let fire = |t: usize| {
            units.iter().any(|&u| {
                self.at[u].expect("unit").kind == D
                    && quiet(u)
                        .into_iter()
                        .any(|x| self.tomb[x].is_none() && x != t && near(x, t))
            })
        };
        if fire(sq) {
            return true;
        }
        for &u in &units {
            let x = self.at[u].expect("unit");
            // (3)
            if x.kind == R {
                for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let (mut f, mut r) = fr(u);
                    for _ in 0..x.range {
                        let Some(n) = idx(f + df, r + dr) else { break };
                        if self.at[n].is_some() || self.wall[n].is_some() {
                            break;
                        }
                        (f, r) = fr(n);
                        if !self.active(n) && idx(f + df, r + dr) == Some(sq) {
                            return true;
                        }
                    }
                }
            }
            // (4)
            if quiet(u).into_iter().any(|t| self.armed(t) && near(t, sq)) {
                return true;
            }
            // (6)
            if x.kind == J && (near(u, sq) || quiet(u).into_iter().any(|t| near(t, sq))) {
                return true;
            }
        }
        // (5)
        (0..256).any(|j| {
            self.at[j].is_some_and(|x| x.kind == J && x.white != e)
                && near(j, sq)
                && (attacked(j) || fire(j))
        })
    }

    fn unit_decisions(
        &self,
        s: usize,
        knight_only: bool,
        no_capture: bool,
        controlled: bool,
    ) -> Vec<Decision> {
        let u = self.at[s].expect("unit");
        let mut grants = self.capture_grants(s);
        if u.kind == J {
            grants = vec![Grant {
                kind: J,
                range: u.range,
                rook_only: false,
            }];
            grants.extend(self.empowered(s));
            for e in 0..256 {
                if let Some(x) = self.at[e] {
                    if x.white != u.white && self.attacks(e, s) {
                        let g = Grant {
                            kind: x.kind,
                            range: x.range,
                            rook_only: false,
                        };
                        if !grants.contains(&g) {
                            grants.push(g);
                        }
                    }
                }
            }
        }
        if knight_only {
            grants = vec![Grant {
                kind: N,
                range: u.range,
                rook_only: false,
            }];
        }
        let has_diag = grants.iter().any(|g| !g.rook_only && diag_of(g.kind));
        let mut seen: Vec<String> = Vec::new();
        let mut out = Vec::new();
        let plain = |text: String, leg: Leg, promo: Option<u8>| Decision {
            text,
            leg: Some(leg),
            promo,
            victim: None,
            push: None,
            burn: Vec::new(),
            controlled: false,
        };
        for g in &grants {
            for leg in self.legs(s, u.white, *g, None) {
                let t = *leg.path.last().expect("end");
                let may = if controlled {
                    self.can_capture_controlled(s, t)
                } else {
                    self.can_capture(s, t)
                };
                if leg.onto && (no_capture || u.kind == J || !may) {
                    continue;
                }
                if self.active(t) {
                    continue;
                }
                let (f, r) = fr(s);
                let (tf, tr) = fr(t);
                let diag2 = (tf - f).abs() == 2 && (tr - r).abs() == 2;
                let mid = idx((f + tf) / 2, (r + tr) / 2).expect("mid");
                let mark = leg.leap && diag2 && has_diag && self.free(mid);
                let mut text: String = leg.path.iter().map(|&q| name(q)).collect();
                if mark {
                    text.push_str("#1");
                }
                if seen.contains(&text) {
                    continue;
                }
                seen.push(text.clone());
                let far = if u.white { tr == 15 } else { tr == 0 };
                let takes_piece = self.at[t].is_some_and(|v| v.kind != P);
                if u.kind == P && far && !takes_piece {
                    for k in [R, N, B, D, J, C, T, Q] {
                        out.push(plain(
                            format!("{text}={}", LETTERS[k as usize] as char),
                            leg.clone(),
                            Some(k),
                        ));
                    }
                } else {
                    let leap =
                        leg.leap || (diag2 && leg.path.len() == 2 && !(has_diag && self.free(mid)));
                    let l = Leg { leap, ..leg };
                    if u.kind == R && !l.onto && l.path.len() == 2 && !diag2 && !controlled {
                        if let Some(e) = self.push_target(s, t) {
                            out.push(Decision {
                                text: format!("{text}{}", name(e)),
                                leg: Some(l.clone()),
                                promo: None,
                                victim: None,
                                push: Some(e),
                                burn: Vec::new(),
                                controlled: false,
                            });
                        }
                    }
                    out.push(plain(text, l, None));
                }
            }
        }
        if u.kind == N && !no_capture && !controlled {
            for (t, paths) in self.leap_landings(s, None) {
                for v in paths {
                    if self.at[v].is_some_and(|x| x.white != u.white) && self.can_capture(s, v) {
                        out.push(Decision {
                            text: format!("{}{}{}", name(s), name(v), name(t)),
                            leg: Some(Leg {
                                path: vec![s, t],
                                leap: true,
                                onto: false,
                            }),
                            promo: None,
                            victim: Some(v),
                            push: None,
                            burn: Vec::new(),
                            controlled: false,
                        });
                    }
                }
            }
        }
        out
    }

    fn freeze(&mut self, q: usize, n: u32) {
        if let Some(u) = self.at[q].as_mut() {
            u.frozen = u.frozen.max(self.turns[side_ix(u.white)] + n);
        }
    }

    /// A unit comes to rest on `q`: an enemy trap that caught nobody holds it for 4 turns.
    fn catch(&mut self, q: usize) {
        let (Some(tr), Some(u)) = (self.trap[q], self.at[q]) else {
            return;
        };
        if tr.held.is_some() || tr.white == u.white || u.kind == J || self.refuses(q) {
            return;
        }
        self.freeze(q, 4);
        let until = self.turns[side_ix(u.white)] + 4;
        self.trap[q] = Some(NTrap {
            held: Some((u.id, u.white)),
            until,
            ..tr
        });
    }

    /// One decision (FC6-TURN-06): (a) the capture, each victim into the tomb of its own
    /// square, CRR, Piece Promotion, Poison; (b) the mover on an ARMED tomb dies; (c) else
    /// the push, the pushed unit dying off the board or on an ARMED tomb; (d) traps catch
    /// the survivors; (e) the explosions; King's Check; then the turn goes on or settles,
    /// and a last-rank promotion comes after the walls.
    fn apply(&self, d: &Decision) -> Board {
        let Some(leg) = &d.leg else {
            let mut b = self.clone();
            let t = b.turn.clone().expect("a turn to end");
            let me = b.white_to_move;
            b.settle(t.at, t.legs, &t.due, t.crossed, me);
            b.turn = None;
            b.finish();
            return b;
        };
        let mut b = self.clone();
        let me = self.white_to_move;
        let s = leg.path[0];
        let t = *leg.path.last().expect("end");
        let prior = self.turn.clone();
        let legs = prior.as_ref().map_or(1, |p| p.legs + 1);
        let special = d.controlled || !d.burn.is_empty();
        let may_double = !special && (prior.is_some() || (!self.first && !self.besieged(s)));
        let maker = self.at[s].is_some_and(|x| x.white);
        let kings_check =
            self.at[s].is_some_and(|u| u.kind == K) && prior.is_none() && !self.in_check(me);
        let mut u = b.at[s].take().expect("mover");
        let kind0 = u.kind;
        let mut blasts = Vec::new();
        let steps_on_tomb = self.armed(t);
        let mut taken = None;
        if let Some(v) = b.at[t] {
            taken = Some(v.kind);
            b.bury(t);
            if v.kind == J {
                blasts.push((t, false));
            }
        }
        if let Some(q) = d.victim {
            if let Some(v) = b.bury(q) {
                taken = Some(v.kind);
                if v.kind == J {
                    blasts.push((q, false));
                }
            }
        }
        if let Some(vk) = taken {
            if matches!(u.kind, B | D | R | Q | T) {
                let cut = if vk == P { 1 } else { 2 };
                u.range = (u.range - cut).max(3).min(u.range);
            }
            if u.kind == P && vk != P {
                u.kind = vk;
                u.range = 16;
            }
        }
        // Dragon's Fire: each victim into its tomb, CRR for each, Poison for a queen.
        let mut burned = Vec::new();
        for &q in &d.burn {
            if let Some(v) = b.bury(q) {
                burned.push(v.kind);
                if v.kind == J {
                    blasts.push((q, false));
                }
            }
        }
        for &vk in &burned {
            if matches!(u.kind, B | D | R | Q | T) {
                let cut = if vk == P { 1 } else { 2 };
                u.range = (u.range - cut).max(3).min(u.range);
            }
        }
        b.at[t] = Some(u);
        if (taken == Some(Q) || burned.contains(&Q)) && !b.refuses(t) {
            b.freeze(t, 6);
        }
        let mut death = false;
        if steps_on_tomb {
            b.bury(t);
            blasts.push((t, true));
            death = true;
        } else {
            let mut pushed = None;
            if let Some(e) = d.push {
                if b.wall[e].is_some() {
                    b.wall[e] = None;
                } else {
                    let (ef, er) = fr(e);
                    let (f, r) = fr(s);
                    let (tf, tr) = fr(t);
                    let (dx, dy) = ((tf - f).signum(), (tr - r).signum());
                    match idx(ef + dx, er + dy) {
                        None => {
                            b.bury(e);
                            death = true;
                        }
                        Some(g) => {
                            let onto_tomb = b.armed(g);
                            b.at[g] = b.at[e].take();
                            if onto_tomb {
                                b.bury(g);
                                blasts.push((g, true));
                                death = true;
                            } else {
                                if !b.refuses(g) {
                                    b.freeze(g, 1);
                                }
                                pushed = Some(g);
                            }
                        }
                    }
                }
            }
            b.catch(t);
            if let Some(g) = pushed {
                b.catch(g);
            }
        }
        b.cascade(blasts);
        let alive = b.at[t].is_some_and(|x| x.id == u.id);
        death |= !alive;
        let mut killed = false;
        if kings_check && alive {
            let victims: Vec<usize> = (0..256)
                .filter(|&e| {
                    b.at[e].is_some_and(|x| x.white != me && x.kind != K) && b.attacks(e, t)
                })
                .collect();
            killed = !victims.is_empty();
            for e in victims {
                b.bury(e);
            }
        }
        let promo = d
            .promo
            .filter(|_| alive && b.at[t].is_some_and(|x| x.kind == P));
        // Walls owed: the start square (a trap candidate), then the squares passed.
        let (f, r) = fr(s);
        let (tf, tr) = fr(t);
        let steps = (tf - f).abs().max((tr - r).abs());
        let diagonal = f != tf && r != tr;
        let dur = if kind0 == K || kind0 == P {
            1
        } else if leg.path.len() > 2
            || (!leg.leap && steps >= 1 && diagonal && (tf - f).abs() == (tr - r).abs())
        {
            2
        } else if !leg.leap {
            3
        } else {
            5
        };
        let mut due = prior.as_ref().map(|p| p.due.clone()).unwrap_or_default();
        due.push((s, dur, true));
        let mut crossed = prior.as_ref().is_some_and(|p| p.crossed);
        if leg.path.len() > 2 || (!leg.leap && steps > 1) {
            for w in leg.path.windows(2) {
                let (a, z) = (fr(w[0]), fr(w[1]));
                let (sx, sy) = ((z.0 - a.0).signum(), (z.1 - a.1).signum());
                let (mut x, mut y) = a;
                while (x, y) != z {
                    let q = idx(x, y).expect("on");
                    if q != s {
                        due.push((q, dur, false));
                        crossed |= self.armed(q) || self.active(q);
                    }
                    x += sx;
                    y += sy;
                }
            }
        }
        let knight_offset = (tf - f).abs() * (tr - r).abs() == 2;
        let march =
            kind0 == N && prior.as_ref().map_or(true, |p| p.march) && leg.leap && knight_offset;
        let limit = if march { 4 } else { 2 };
        let mut goes_on = may_double
            && taken.is_none()
            && burned.is_empty()
            && !death
            && !killed
            && promo.is_none()
            && !b.paralysed(t)
            && legs < limit;
        if goes_on && b.in_check(!me) {
            goes_on = false;
        }
        b.turn = Some(NTurn {
            at: t,
            legs,
            march,
            crossed,
            due: due.clone(),
        });
        if goes_on {
            return b;
        }
        b.settle(
            if alive { t } else { usize::MAX },
            legs,
            &due,
            crossed,
            maker,
        );
        b.turn = None;
        if let Some(k) = promo {
            let x = b.at[t].as_mut().expect("pawn");
            x.kind = k;
            x.range = 16;
        }
        b.finish();
        b
    }

    /// The end of the mover's turn (the mover on `at`, `usize::MAX` if it died): traps (a
    /// jester's start squares, cap 5, none on a unit, trap or tomb), walls (none on a unit
    /// or trap), the price, tomb-crossing paralysis (not for dragons; an effect).
    fn settle(
        &mut self,
        at: usize,
        legs: u32,
        due: &[(usize, u32, bool)],
        crossed: bool,
        maker: bool,
    ) {
        // Walls belong to the side of the unit that made the legs (a controlled unit's own).
        let me = maker;
        let mi = side_ix(me);
        // The due squares count as walled until now.
        self.turn = None;
        let mover = self.at.get(at).copied().flatten();
        if let Some(u) = mover.filter(|u| u.kind == J) {
            let mut count = self
                .trap
                .iter()
                .flatten()
                .filter(|t| t.owner == u.id)
                .count();
            for &(q, _, start) in due {
                if !start
                    || count >= 5
                    || self.at[q].is_some()
                    || self.trap[q].is_some()
                    || self.tomb[q].is_some()
                {
                    continue;
                }
                self.trap[q] = Some(NTrap {
                    owner: u.id,
                    white: u.white,
                    held: None,
                    until: 0,
                });
                count += 1;
            }
        }
        for &(q, dur, _) in due {
            if self.at[q].is_some() || self.trap[q].is_some() {
                continue;
            }
            let ends = self.turns[mi] + dur;
            let keep = self.wall[q].is_some_and(|(w, e)| w == me && e >= ends);
            if !keep {
                self.wall[q] = Some((me, ends));
            }
        }
        let Some(u) = mover else { return };
        let price = match legs {
            0 | 1 => 0,
            2 => 1,
            _ => 2,
        };
        if price > 0 {
            self.freeze(at, price);
        }
        if crossed && u.kind != D && !self.refuses(at) {
            self.freeze(at, 2);
        }
    }

    fn finish(&mut self) {
        let me = self.white_to_move;
        let mi = side_ix(me);
        for q in 0..256 {
            if self.wall[q].is_some_and(|(w, e)| w == me && e <= self.turns[mi]) {
                self.wall[q] = None;
            }
            if self.trap[q]
                .is_some_and(|t| t.held.is_some_and(|(_, w)| w == me) && t.until <= self.turns[mi])
            {
                self.trap[q] = None;
            }
        }
        self.first = false;
        self.white_to_move = !me;
        self.turns[side_ix(!me)] += 1;
    }

    /// True if the turn of `me`, as it stands, can end with `me`'s king safe.
    fn completes(&self, me: bool) -> bool {
        if self.turn.is_none() {
            return !self.in_check(me);
        }
        let end = self
            .decisions()
            .into_iter()
            .find(|d| d.leg.is_none())
            .expect("end");
        if !self.apply(&end).in_check(me) {
            return true;
        }
        self.decisions()
            .iter()
            .filter(|d| d.leg.is_some())
            .any(|d| self.apply(d).completes(me))
    }

    fn legal(&self) -> Vec<String> {
        let me = self.white_to_move;
        // A pawn the enemy put on its far rank promotes before its owner acts: only the
        // choices, always allowed (FC6-PAWN-02).
        if self.turn.is_none() {
            let far = if me { 15 } else { 0 };
            let mut owed: Vec<String> = (0..256)
                .filter(|&s| {
                    fr(s).1 == far && self.at[s].is_some_and(|u| u.kind == P && u.white == me)
                })
                .flat_map(|s| {
                    b"RNBDJCTQ"
                        .iter()
                        .map(move |&k| format!("act:{}={}", name(s), k as char))
                })
                .collect();
            if !owed.is_empty() {
                owed.sort();
                return owed;
            }
        }
        let mut v: Vec<String> = self
            .decisions()
            .into_iter()
            .filter(|d| self.apply(d).completes(me))
            .map(|d| d.text)
            .collect();
        for (t, b) in self.specials() {
            if !b.in_check(me) {
                v.push(t);
            }
        }
        v.sort();
        v
    }

    /// Every whole-turn special move (text and board), before the self-harm test.
    fn specials(&self) -> Vec<(String, Board)> {
        let mut v = self.exchanges();
        v.extend(self.respawns());
        v.extend(self.swaps());
        v.extend(self.paralyses());
        v.extend(self.conversions());
        v.extend(self.specials_part3());
        v.extend(self.fires());
        v.extend(self.pulls());
        v.extend(self.minds());
        v
    }

    /// A controlled unit on `s` may capture the unit on `t` of its own side, not its king,
    /// as if it were an enemy (kind, Guards, Shield) (FC6-MIND-03).
    fn can_capture_controlled(&self, s: usize, t: usize) -> bool {
        let (Some(a), Some(v)) = (self.at[s], self.at[t]) else {
            return false;
        };
        if a.white != v.white || v.kind == K || a.kind == J || (a.kind == v.kind && a.kind != P) {
            return false;
        }
        if self.protectors(t, v.white).len() >= 2 {
            return false;
        }
        !(v.kind == T && self.tomb[t].is_none() && self.attacks(t, s))
    }

    /// The 8 squares around `t`, in scan order.
    fn ring(t: usize) -> Vec<usize> {
        let (f, r) = fr(t);
        let mut v = Vec::new();
        for dr in -1..=1 {
            for df in -1..=1 {
                if (df, dr) != (0, 0) {
                    if let Some(q) = idx(f + df, r + dr) {
                        v.push(q);
                    }
                }
            }
        }
        v.sort();
        v
    }

    /// Dragon's Fire (FC6-DRAG-01..03): a dragon's non-capturing leg to a square with no
    /// unit, wall or tomb, then every enemy around it that is no king or dragon, not
    /// guarded, not a templar attacking the landing square; at least one.
    fn fires(&self) -> Vec<(String, Board)> {
        let me = self.white_to_move;
        let mut out = Vec::new();
        if !self.specials_allowed() {
            return out;
        }
        for s in 0..256 {
            if !self.at[s].is_some_and(|x| x.kind == D && x.white == me) || self.paralysed(s) {
                continue;
            }
            for d in self.unit_decisions(s, false, false, false) {
                let Some(leg) = &d.leg else { continue };
                let t = *leg.path.last().expect("end");
                if d.promo.is_some() || d.victim.is_some() || d.push.is_some() {
                    continue;
                }
                if self.at[t].is_some() || self.tomb[t].is_some() || self.wall[t].is_some() {
                    continue;
                }
                let mut m = self.clone();
                m.at[t] = m.at[s].take();
                let burn: Vec<usize> = Self::ring(t)
                    .into_iter()
                    .filter(|&q| {
                        m.at[q].is_some_and(|y| {
                            y.white != me
                                && y.kind != K
                                && y.kind != D
                                && !m.guarded(q)
                                && !(y.kind == T && m.tomb[q].is_none() && m.attacks(q, t))
                        })
                    })
                    .collect();
                if burn.is_empty() {
                    continue;
                }
                let fire = Decision { burn, ..d.clone() };
                out.push((format!("fire:{}", d.text), self.apply(&fire)));
            }
        }
        out
    }

    /// Pull (FC6-PULL-01..05): a slide of the puller's capture patterns onto a unit (friend
    /// or foe) that is no king, not of its kind, not guarded, not held, and (an enemy) no
    /// templar attacking the puller; the unit moves n squares back along the route.
    fn pulls(&self) -> Vec<(String, Board)> {
        let me = self.white_to_move;
        let mut out: Vec<(String, Board)> = Vec::new();
        if !self.specials_allowed() {
            return out;
        }
        for a in 0..256 {
            let Some(x) = self.at[a] else { continue };
            if x.white != me || x.kind == J || self.paralysed(a) {
                continue;
            }
            let mut seen: Vec<String> = Vec::new();
            for g in self.capture_grants(a) {
                for leg in self.legs(a, x.white, g, None) {
                    let b = *leg.path.last().expect("end");
                    if !leg.onto || leg.leap {
                        continue;
                    }
                    let y = self.at[b].expect("onto a unit");
                    if y.kind == K
                        || (y.kind == x.kind && x.kind != P)
                        || self.guarded(b)
                        || self.held(b)
                        || (y.white != me
                            && y.kind == T
                            && self.tomb[b].is_none()
                            && self.attacks(b, a))
                    {
                        continue;
                    }
                    // The squares between, walked one at a time along the route.
                    let mut mid = Vec::new();
                    for w in leg.path.windows(2) {
                        let ((x0, y0), (x1, y1)) = (fr(w[0]), fr(w[1]));
                        let (sx, sy) = ((x1 - x0).signum(), (y1 - y0).signum());
                        let (mut cx, mut cy) = (x0 + sx, y0 + sy);
                        while (cx, cy) != (x1, y1) {
                            mid.push(idx(cx, cy).expect("on"));
                            cx += sx;
                            cy += sy;
                        }
                        if w[1] != b {
                            mid.push(w[1]);
                        }
                    }
                    for n in 1..=mid.len() {
                        let l = mid[mid.len() - n];
                        if self.active(l) {
                            continue;
                        }
                        // An enemy pawn pulled onto its far rank promotes at its
                        // owner's next turn (owed); a pawn of the mover promotes now.
                        let far = y.kind == P && Self::far(y.white, l) && y.white == me;
                        let base = format!("pull:{}{}{}", name(a), name(b), name(l));
                        let text = format!("{base}#{n}");
                        if seen.contains(&text) {
                            continue;
                        }
                        seen.push(text.clone());
                        let mut m = self.clone();
                        let onto_tomb = self.armed(l);
                        m.at[l] = m.at[b].take();
                        let mut alive = true;
                        if onto_tomb {
                            m.bury(l);
                            m.cascade(vec![(l, true)]);
                            alive = false;
                        } else {
                            m.catch(l);
                        }
                        if m.at[a].is_some_and(|z| z.id == x.id) {
                            m.freeze(a, n as u32);
                        }
                        m.finish();
                        if !far {
                            out.push((text, m));
                            continue;
                        }
                        // The choice is written before the tag: `pull:a2a5a3=Q#2`.
                        for k in [R, N, B, D, J, C, T, Q] {
                            let mut c = m.clone();
                            if alive {
                                let u = c.at[l].as_mut().expect("the pawn");
                                u.kind = k;
                                u.range = 16;
                            }
                            out.push((format!("{base}={}#{n}", LETTERS[k as usize] as char), c));
                        }
                    }
                }
            }
        }
        out
    }

    /// Mind Control (FC6-MIND-01..05): the mover's unit A could capture the enemy B (no
    /// king, not paralysed, not of A's kind, capture allowed) and some capturing leg leaves
    /// A where no unit of B's side can capture it; B plays one plain leg of its own.
    fn minds(&self) -> Vec<(String, Board)> {
        let me = self.white_to_move;
        let mut out = Vec::new();
        if !self.specials_allowed() {
            return out;
        }
        for a in 0..256 {
            let Some(x) = self.at[a] else { continue };
            if x.white != me || x.kind == J || self.paralysed(a) {
                continue;
            }
            for b in 0..256 {
                let Some(y) = self.at[b] else { continue };
                if y.white == me || y.kind == K || self.paralysed(b) {
                    continue;
                }
                if !self.attacks(a, b) || !self.can_capture(a, b) || !self.safe(a, b) {
                    continue;
                }
                for d in self.unit_decisions(b, false, false, true) {
                    let c = Decision {
                        controlled: true,
                        ..d.clone()
                    };
                    out.push((format!("mind:{}{}", name(a), d.text), self.apply(&c)));
                }
            }
        }
        out
    }

    /// The recapture test of FC6-MIND-01 for A on `a` and B on `b`.
    fn safe(&self, a: usize, b: usize) -> bool {
        let x = self.at[a].expect("A");
        let mut ends = Vec::new();
        if self.capture_grants(a).into_iter().any(|g| {
            self.legs(a, x.white, g, None)
                .iter()
                .any(|l| l.onto && *l.path.last().expect("end") == b)
        }) {
            ends.push(b);
        }
        if x.kind == N {
            for (t, paths) in self.leap_landings(a, None) {
                if paths.contains(&b) && !ends.contains(&t) {
                    ends.push(t);
                }
            }
        }
        let them = !x.white;
        ends.into_iter().any(|t| {
            let mut m = self.clone();
            m.at[b] = None;
            m.at[t] = m.at[a].take();
            !(0..256).any(|q| {
                m.at[q].is_some_and(|r| r.white == them) && m.attacks(q, t) && m.can_capture(q, t)
            })
        })
    }

    /// No special move during White's first action or inside a turn in progress.
    fn specials_allowed(&self) -> bool {
        !(self.first && self.white_to_move) && self.turn.is_none()
    }

    /// True if `q` is the far rank of a pawn of colour `white`.
    fn far(white: bool, q: usize) -> bool {
        fr(q).1 == if white { 15 } else { 0 }
    }

    /// `text` for the board `b`, or one text per promotion choice of the pawn on `q`.
    fn with_promotions(text: String, b: Board, q: Option<usize>, out: &mut Vec<(String, Board)>) {
        let Some(q) = q else {
            out.push((text, b));
            return;
        };
        for k in [R, N, B, D, J, C, T, Q] {
            let mut c = b.clone();
            let u = c.at[q].as_mut().expect("the pawn");
            u.kind = k;
            u.range = 16;
            out.push((format!("{text}={}", LETTERS[k as usize] as char), c));
        }
    }

    /// SwapShot and Teleswap (FC6-SWAP-01..04, FC6-CHAN-01, FC6-CHAN-04), one action per
    /// pair of squares: a friendly pair in scan order, legal if any of the three ways is;
    /// an enemy pair mine first.
    fn swaps(&self) -> Vec<(String, Board)> {
        let me = self.white_to_move;
        let mut out = Vec::new();
        if !self.specials_allowed() {
            return out;
        }
        let shot = |a: usize, b: usize| -> bool {
            let (Some(x), Some(y)) = (self.at[a], self.at[b]) else {
                return false;
            };
            x.white == me
                && !matches!(x.kind, P | K | J)
                && !self.paralysed(a)
                && y.kind != K
                && x.kind != y.kind
                && !(y.white != me && y.kind == C)
                && !self.held(b)
                && self.attacks(a, b)
                && (y.white == me || self.can_capture(a, b))
        };
        let tele = |c: usize, y: usize| {
            self.at[c].is_some_and(|x| x.kind == C && x.white == me)
                && !self.paralysed(c)
                && self.at[y].is_some_and(|u| u.white == me && u.kind != C)
                && !self.held(y)
        };
        for s in 0..256 {
            for t in s + 1..256 {
                let (Some(x), Some(y)) = (self.at[s], self.at[t]) else {
                    continue;
                };
                let (text, ok) = match (x.white == me, y.white == me) {
                    (true, true) => (
                        format!("swap:{}{}", name(s), name(t)),
                        shot(s, t) || shot(t, s) || tele(s, t) || tele(t, s),
                    ),
                    (true, false) => (format!("swap:{}{}", name(s), name(t)), shot(s, t)),
                    (false, true) => (format!("swap:{}{}", name(t), name(s)), shot(t, s)),
                    (false, false) => continue,
                };
                if !ok {
                    continue;
                }
                let x_far = x.kind == P && Self::far(x.white, t);
                let y_far = y.kind == P && Self::far(y.white, s);
                if (x_far && x.white != me) || (y_far && y.white != me) {
                    continue;
                }
                let mut b = self.clone();
                b.at[s] = Some(y);
                b.at[t] = Some(x);
                b.finish();
                let q = if x_far {
                    Some(t)
                } else if y_far {
                    Some(s)
                } else {
                    None
                };
                Self::with_promotions(text, b, q, &mut out);
            }
        }
        out
    }

    /// Paralyse (FC6-CHAN-02/03): an enemy the chancellor attacks, no king or chancellor,
    /// not next to its own king; frozen for 3 turns of its owner.
    fn paralyses(&self) -> Vec<(String, Board)> {
        let me = self.white_to_move;
        let mut out = Vec::new();
        if !self.specials_allowed() {
            return out;
        }
        for c in 0..256 {
            if !self.at[c].is_some_and(|x| x.kind == C && x.white == me) || self.paralysed(c) {
                continue;
            }
            for v in 0..256 {
                let Some(y) = self.at[v] else { continue };
                if y.white == me || y.kind == K || y.kind == C || self.refuses(v) {
                    continue;
                }
                if !self.attacks(c, v) {
                    continue;
                }
                let mut b = self.clone();
                b.freeze(v, 3);
                b.finish();
                out.push((format!("paralyse:{}{}", name(c), name(v)), b));
            }
        }
        out
    }

    /// Conversion (FC6-BISH-01..05): an enemy the bishop attacks, no king or bishop,
    /// changes colour, loses its paralysis and leaves its trap; the bishop rests 2 turns.
    fn conversions(&self) -> Vec<(String, Board)> {
        let me = self.white_to_move;
        let mut out = Vec::new();
        if !self.specials_allowed() {
            return out;
        }
        for s in 0..256 {
            if !self.at[s].is_some_and(|x| x.kind == B && x.white == me) || self.paralysed(s) {
                continue;
            }
            for t in 0..256 {
                let Some(mut y) = self.at[t] else { continue };
                if y.white == me || y.kind == K || y.kind == B || !self.attacks(s, t) {
                    continue;
                }
                let mut b = self.clone();
                if self.held(t) {
                    b.trap[t] = None;
                }
                y.white = me;
                y.frozen = 0;
                b.at[t] = Some(y);
                b.freeze(s, 2);
                b.finish();
                let q = (y.kind == P && Self::far(me, t)).then_some(t);
                Self::with_promotions(format!("convert:{}{}", name(s), name(t)), b, q, &mut out);
            }
        }
        out
    }
}

/// Part 3: shadowing, de-shadowing and rotations, written from docs/rules/fc6.md
/// (FC6-SHAD-01..06, FC6-ROTA-01..09) with no engine code: text and board of each, before
/// the test that the mover's king is not attacked.
impl Board {
    fn owner_turn(&self, white: bool) -> u32 {
        self.turns[side_ix(white)] + u32::from(white != self.white_to_move)
    }

    fn specials_part3(&self) -> Vec<(String, Board)> {
        let mut v = self.shadowings();
        v.extend(self.unshadowings());
        v.extend(self.rotations());
        v
    }

    /// FC6-SHAD-01: an unparalysed piece of the mover other than the king becomes a shadow.
    fn shadowings(&self) -> Vec<(String, Board)> {
        let me = self.white_to_move;
        let mut out = Vec::new();
        if (self.first && me) || self.turn.is_some() {
            return out;
        }
        for s in 0..256 {
            let Some(u) = self.at[s] else { continue };
            if u.white != me || u.kind == P || u.kind == K || self.paralysed(s) {
                continue;
            }
            let mut b = self.clone();
            b.at[s] = None;
            b.shadow[s].push((u, self.turns[side_ix(me)]));
            b.finish();
            out.push((format!("shadow:{}", name(s)), b));
        }
        out
    }

    /// FC6-SHAD-05/06: in its owner's turn k+5 or later, on a square with no unit, tomb,
    /// wall or trap that no enemy attacks; paralysed for 2 turns after.
    fn unshadowings(&self) -> Vec<(String, Board)> {
        let me = self.white_to_move;
        let mut out = Vec::new();
        if (self.first && me) || self.turn.is_some() {
            return out;
        }
        for s in 0..256 {
            if self.shadow[s].is_empty()
                || self.at[s].is_some()
                || self.tomb[s].is_some()
                || self.wall[s].is_some()
                || self.trap[s].is_some()
                || self.attacked_by(s, !me)
            {
                continue;
            }
            for (i, (u, since)) in self.shadow[s].iter().enumerate() {
                if u.white != me || self.turns[side_ix(me)] < since + 5 {
                    continue;
                }
                let mut b = self.clone();
                b.shadow[s].remove(i);
                b.at[s] = Some(*u);
                b.freeze(s, 2);
                b.finish();
                let text = if i == 0 {
                    format!("unshadow:{}", name(s))
                } else {
                    format!("unshadow:{}#{i}", name(s))
                };
                out.push((text, b));
            }
        }
        out
    }

    /// One square as the repetition key sees it (FC6-DRAW-02): unit, shadows (sorted),
    /// wall, tomb, trap, with timers as turns left and the trap owner by its square.
    #[allow(clippy::type_complexity)]
    fn square_key(
        &self,
        s: usize,
    ) -> (
        Option<(u8, bool, i32, u32)>,
        Vec<(u8, bool, i32, u32)>,
        Option<(bool, u32)>,
        Option<(Vec<(u8, bool)>, bool)>,
        Option<(bool, bool, u32, Option<usize>)>,
    ) {
        let left = |until: u32, white: bool| (until + 1).saturating_sub(self.owner_turn(white));
        let unit = self.at[s].map(|u| {
            let l = if u.frozen == 0 {
                0
            } else {
                left(u.frozen, u.white)
            };
            (u.kind, u.white, u.range, l)
        });
        let mut shadows: Vec<(u8, bool, i32, u32)> = self.shadow[s]
            .iter()
            .map(|(u, since)| {
                let wait = (since + 5).saturating_sub(self.owner_turn(u.white));
                (u.kind, u.white, u.range, wait)
            })
            .collect();
        shadows.sort();
        let wall = self.wall[s].map(|(w, e)| (w, left(e, w)));
        let tomb = self.tomb[s]
            .as_ref()
            .map(|(q, a)| (q.iter().map(|u| (u.kind, u.white)).collect(), *a));
        let trap = self.trap[s].map(|t| {
            let owner = (0..256).find(|&q| self.at[q].is_some_and(|u| u.id == t.owner));
            let hold = t.held.map_or(0, |(_, w)| left(t.until, w));
            (t.white, t.held.is_some(), hold, owner)
        });
        (unit, shadows, wall, tomb, trap)
    }

    /// FC6-ROTA-01..09: every N x N block inside b2-o15, N = 2..8, turned 1, 2 or 3
    /// quarter turns clockwise, where the mover's counted sum beats the enemy's and the
    /// position changes.
    fn rotations(&self) -> Vec<(String, Board)> {
        let me = self.white_to_move;
        let mut out = Vec::new();
        if (self.first && me) || self.turn.is_some() {
            return out;
        }
        let before: Vec<_> = (0..256).map(|s| self.square_key(s)).collect();
        for n in 2..=8i32 {
            for r0 in 1..=(15 - n) {
                for f0 in 1..=(15 - n) {
                    let (mut mine, mut theirs) = (0, 0);
                    for r in r0..r0 + n {
                        for f in f0..f0 + n {
                            let s = idx(f, r).expect("on board");
                            let Some(u) = self.at[s] else { continue };
                            if self.paralysed(s) {
                                continue;
                            }
                            let base = match u.kind {
                                K | Q => 3,
                                P => 1,
                                _ => 2,
                            };
                            let light = (f + r) % 2 == 1;
                            let v = if light == u.white { 2 * base } else { base };
                            if u.white == me {
                                mine += v;
                            } else {
                                theirs += v;
                            }
                        }
                    }
                    if mine <= theirs {
                        continue;
                    }
                    for q in 1..=3 {
                        let b = self.rotated(f0, r0, n, q);
                        // Squares outside the block keep their layers; only a trap's
                        // owner square can change there.
                        let same = (0..256).all(|s| {
                            let (f, r) = fr(s);
                            let inside = (f0..f0 + n).contains(&f) && (r0..r0 + n).contains(&r);
                            (!inside && self.trap[s].is_none()) || b.square_key(s) == before[s]
                        });
                        if same {
                            continue;
                        }
                        let mut b = b;
                        b.finish();
                        let hi = idx(f0 + n - 1, r0 + n - 1).expect("on board");
                        out.push((
                            format!(
                                "rotate:{}{}#{q}",
                                name(idx(f0, r0).expect("on board")),
                                name(hi)
                            ),
                            b,
                        ));
                    }
                }
            }
        }
        out
    }

    /// The board with the block turned `q` quarter turns clockwise: every layer moves.
    fn rotated(&self, f0: i32, r0: i32, n: i32, q: i32) -> Board {
        let mut b = self.clone();
        for r in r0..r0 + n {
            for f in f0..f0 + n {
                let (mut x, mut y) = (f - f0, r - r0);
                for _ in 0..q {
                    (x, y) = (y, n - 1 - x);
                }
                let from = idx(f, r).expect("on board");
                let to = idx(f0 + x, r0 + y).expect("on board");
                b.at[to] = self.at[from];
                b.wall[to] = self.wall[from];
                b.trap[to] = self.trap[from];
                b.tomb[to] = self.tomb[from].clone();
                b.shadow[to] = self.shadow[from].clone();
            }
        }
        b
    }
}

fn engine_legal(g: &Game<Fc6>) -> Vec<String> {
    let mut v: Vec<String> = g.actions().iter().map(|a| g.format(a)).collect();
    v.sort();
    v
}

fn compare(rules: &Fc6, pos: &Fc6Position, what: &str) {
    let g = Game::from_position(rules.clone(), pos.clone());
    if g.result().is_some() {
        return;
    }
    let naive = Board::from(pos).legal();
    let engine = engine_legal(&g);
    if naive != engine {
        let fen = rules.to_fen(pos).unwrap_or_default();
        let only_n: Vec<&String> = naive.iter().filter(|a| !engine.contains(a)).collect();
        let only_e: Vec<&String> = engine.iter().filter(|a| !naive.contains(a)).collect();
        panic!(
            "{what}: {fen}\nnaive only: {only_n:?}\nengine only: {only_e:?}\ncounts {} vs {}",
            naive.len(),
            engine.len()
        );
    }
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// Positions met in random games from the start and from the fixture positions.
fn random_positions(rules: &Fc6, n_games: usize, plies: usize, seed: u64) -> Vec<Fc6Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    let starts = perft_positions(rules);
    for i in 0..n_games {
        let mut g = Game::from_position(rules.clone(), starts[i % starts.len()].1.clone());
        for ply in 0..plies {
            let acts = g.actions();
            if acts.is_empty() {
                break;
            }
            // Prefer captures now and then, so ranges shrink and pieces thin out.
            let pick = acts[rng.below(acts.len())].clone();
            g.apply(&pick).expect("listed");
            if ply % 7 == 3 {
                out.push(g.position().clone());
            }
        }
    }
    out
}

/// The fixture positions of `fixtures/perft/fc6.ron` (name, position).
fn perft_positions(rules: &Fc6) -> Vec<(String, Fc6Position)> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/perft/fc6.ron"
    ))
    .expect("fixtures/perft/fc6.ron");
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.contains("turns: true") {
            continue;
        }
        if let Some(i) = line.find("fen: Some(\"") {
            let rest = &line[i + "fen: Some(\"".len()..];
            let fen = &rest[..rest.find('"').expect("closing quote")];
            let pos = rules
                .position_from_fen(fen)
                .unwrap_or_else(|e| panic!("{fen}: {e}"));
            if !out.iter().any(|(f, _)| f == fen) {
                out.push((fen.to_string(), pos));
            }
        } else if let Some(i) = line.find("position: Some(\"") {
            let rest = &line[i + "position: Some(\"".len()..];
            let file = &rest[..rest.find('"').expect("closing quote")];
            let path = format!("{}/../../fixtures/{file}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            let pos = frozen_core::position_from_ron(rules, &text)
                .unwrap_or_else(|e| panic!("{path}: {e}"));
            if !out.iter().any(|(f, _)| f == file) {
                out.push((file.to_string(), pos));
            }
        } else if line.contains("fen: None") && !out.iter().any(|(f, _)| f == "start") {
            out.push(("start".into(), rules.initial_position()));
        }
    }
    assert!(
        out.len() >= 3,
        "the fixture names the start and middle-game positions"
    );
    out
}

/// The naive generator and the engine list the same legal actions on random positions
/// (FC6-TURN-03, FC6-TURN-05, FC6-BNCE-02, FC6-EMPW-02, FC6-JEST-02).
#[test]
fn naive_generator_agrees_on_random_positions() {
    let rules = Fc6::new();
    let positions = random_positions(&rules, 8, 60, 0x05ee_dfc6);
    assert!(positions.len() >= 40);
    for (i, p) in positions.iter().enumerate() {
        compare(&rules, p, &format!("random position {i}"));
    }
}

/// ... and where a pawn owes its promotion (FC6-PAWN-02): after an enemy rook pushed it
/// onto its far rank, at the start of its owner's turn, and after the choice.
#[test]
fn naive_generator_agrees_on_owed_promotions() {
    let rules = Fc6::new();
    let start = rules
        .position_from_fen("15k/4P11/15p/16/16/16/4r11/16/16/16/16/16/16/P15/16/K15 b")
        .expect("fen");
    let mut g = Game::from_position(rules.clone(), start);
    for (i, a) in ["e10e14e15", "end", "act:e16=J"].iter().enumerate() {
        compare(&rules, g.position(), &format!("before {a}"));
        g.apply_text(a).unwrap_or_else(|e| panic!("{a}: {e}"));
        if i == 1 {
            assert_eq!(engine_legal(&g).len(), 8, "the eight choices");
        }
    }
    compare(&rules, g.position(), "after the choice");
}

/// The fixture positions whose perft(1) and perft(2) cases the naive generator checks in
/// the default run: the start and small middle games (few units, so a few hundred
/// children at some 10 to 20 ms each for the naive generator): one with shadows of both
/// sides that may come back and a rotated block that carried walls and a tomb, the
/// bouncing queens on the edge, and a middle game where White may breathe fire, pull and
/// control, and Black may breathe fire and pull in its replies.
const DEFAULT_FULL: &[&str] = &[
    "start",
    "shadows and a rotated block",
    "bouncing queens from the edge",
    "fire, pull and mind control",
];

/// The cases of `fixtures/perft/fc6.ron` that count actions: (name, position, depth,
/// nodes).
fn perft_cases(rules: &Fc6) -> Vec<(String, Fc6Position, u32, u64)> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/perft/fc6.ron"
    ))
    .expect("fixtures/perft/fc6.ron");
    // The text after `key` up to the closing quote (`key` ends with a quote) or the end
    // of the number.
    let field = |line: &str, key: &str| -> Option<String> {
        let i = line.find(key)? + key.len();
        let rest = &line[i..];
        let end = if key.ends_with('"') {
            rest.find('"')?
        } else {
            rest.find(|c: char| !c.is_ascii_digit())?
        };
        Some(rest[..end].to_string())
    };
    let positions = perft_positions(rules);
    let mut out = Vec::new();
    for line in text.lines().filter(|l| l.contains("(name: ")) {
        if line.contains("turns: true") {
            continue;
        }
        let name = field(line, "name: \"").expect("name");
        let key = field(line, "fen: Some(\"")
            .or_else(|| field(line, "position: Some(\""))
            .unwrap_or_else(|| "start".into());
        let pos = positions
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, p)| p.clone())
            .expect("a position of the table");
        let depth = field(line, "depth: ")
            .and_then(|d| d.parse().ok())
            .expect("depth");
        let nodes = field(line, "nodes: ")
            .and_then(|d| d.parse().ok())
            .expect("nodes");
        out.push((name, pos, depth, nodes));
    }
    out
}

/// Perft by the naive generator: at every node above the last ply, the naive list must
/// equal the engine's (then the engine's actions lead to the children), and the count is
/// the number of naive leaves. The first ply is split over two threads.
fn naive_perft(rules: &Fc6, pos: &Fc6Position, depth: u32, what: &str) -> u64 {
    fn walk(rules: &Fc6, g: &Game<Fc6>, depth: u32, what: &str) -> u64 {
        if g.result().is_some() {
            return 0;
        }
        compare(rules, g.position(), what);
        let acts = g.actions();
        if depth == 1 {
            return acts.len() as u64;
        }
        acts.iter()
            .map(|a| {
                let mut h = g.clone();
                h.apply(a).expect("listed");
                walk(rules, &h, depth - 1, &format!("{what} {}", g.format(a)))
            })
            .sum()
    }
    let g = Game::from_position(rules.clone(), pos.clone());
    if depth <= 1 || g.result().is_some() {
        return walk(rules, &g, depth.max(1), what);
    }
    compare(rules, pos, what);
    let acts = g.actions();
    std::thread::scope(|sc| {
        let parts: Vec<_> = (0..2)
            .map(|part| {
                let (g, acts) = (&g, &acts);
                sc.spawn(move || {
                    acts.iter()
                        .skip(part)
                        .step_by(2)
                        .map(|a| {
                            let mut h = g.clone();
                            h.apply(a).expect("listed");
                            walk(
                                rules,
                                &h,
                                depth - 1,
                                &format!("{what} after {}", g.format(a)),
                            )
                        })
                        .sum::<u64>()
                })
            })
            .collect();
        parts.into_iter().map(|p| p.join().expect("worker")).sum()
    })
}

/// ... and the counts of `fixtures/perft/fc6.ron` are the naive generator's: for every
/// case checked, the naive list equals the engine's at every node above the last ply
/// (so for perft(2) at the position and every child) and the naive leaves add up to the
/// table's count. By default: the perft(1) and perft(2) cases of the positions of
/// [`DEFAULT_FULL`]. With `FROZEN_FC6_NAIVE_FULL=1`: every case of the table up to a
/// million nodes (every perft(2) of every middle game and the perft(3) of the bouncing
/// queens from the edge; some 15,000 naive lists at 10 to 80 ms each, about ten minutes
/// on two cores; run it before each re-baseline).
#[test]
fn naive_generator_agrees_on_perft_children() {
    let rules = Fc6::new();
    let full = std::env::var("FROZEN_FC6_NAIVE_FULL").is_ok_and(|v| v == "1");
    let mut checked = Vec::new();
    for (name, pos, depth, nodes) in perft_cases(&rules) {
        let chosen = DEFAULT_FULL.contains(&name.as_str()) && depth <= 2;
        if !(chosen || full && nodes <= 1_000_000) {
            continue;
        }
        let t = std::time::Instant::now();
        let naive = naive_perft(&rules, &pos, depth, &name);
        assert_eq!(naive, nodes, "{name} perft({depth})");
        eprintln!(
            "{name} perft({depth}) = {naive}, naive agrees ({:.1?})",
            t.elapsed()
        );
        checked.push((name, depth));
    }
    for want in DEFAULT_FULL {
        assert!(
            checked.iter().any(|(n, d)| n == want && *d == 2),
            "{want} perft(2) is in the table and checked: {checked:?}"
        );
    }
}

/// The engine's perft (the same count as the `perft` binary's, by [`Rules::actions`] and
/// [`Rules::perform`] on copies), for the children of the deep cases.
fn engine_perft(rules: &Fc6, pos: &Fc6Position, depth: u32) -> u64 {
    let mut buf = Vec::new();
    if depth == 1 {
        return rules.count_actions(pos, &mut buf);
    }
    rules.actions(pos, &mut buf);
    buf.iter()
        .map(|a| {
            let mut p = pos.clone();
            rules.perform(&mut p, a, &mut frozen_core::NoEvents);
            engine_perft(rules, &p, depth - 1)
        })
        .sum()
}

/// The cases of `fixtures/perft/fc6.ron` above a million nodes (the start's perft(3)),
/// checked child by child and split into parts so that workers can share them. With
/// `FROZEN_FC6_NAIVE_DEEP=k/n` this checks the children `i` of the first ply with
/// `i % n == k`: the naive list equals the engine's at the child and at each of its
/// children, and the naive leaves under the child equal the engine's count there; part 0
/// also checks that the engine's counts of all children add up to the table's. All `n`
/// parts passing is the
/// naive check of the whole count (`scripts/fc6-naive-deep.sh` runs them with GNU
/// parallel; about 50 CPU minutes for the start's perft(3)). Without the variable it
/// checks part 0 of 64 (the first child) and leaves the sum to the perft fixtures.
#[test]
fn naive_generator_agrees_on_deep_cases_by_child() {
    let rules = Fc6::new();
    let asked = std::env::var("FROZEN_FC6_NAIVE_DEEP").ok();
    let spec = asked.clone().unwrap_or_else(|| "0/64".into());
    let (k, n) = spec
        .split_once('/')
        .and_then(|(k, n)| Some((k.parse::<usize>().ok()?, n.parse::<usize>().ok()?)))
        .filter(|(k, n)| k < n)
        .unwrap_or_else(|| panic!("FROZEN_FC6_NAIVE_DEEP={spec}: want k/n with k < n"));
    let deep: Vec<_> = perft_cases(&rules)
        .into_iter()
        .filter(|c| c.3 > 1_000_000)
        .collect();
    assert!(
        deep.iter()
            .any(|(name, _, depth, _)| name == "start" && *depth == 3),
        "the start's perft(3) is in the table"
    );
    for (name, pos, depth, nodes) in deep {
        let g = Game::from_position(rules.clone(), pos.clone());
        compare(&rules, &pos, &name);
        let acts = g.actions();
        let mut total = 0;
        for (i, a) in acts.iter().enumerate() {
            // Part 0 of an asked run also counts every other child with the engine.
            let sums = asked.is_some() && k == 0;
            if i % n != k && !sums {
                continue;
            }
            let mut h = g.clone();
            h.apply(a).expect("listed");
            let engine = engine_perft(&rules, h.position(), depth - 1);
            total += engine;
            if i % n != k {
                continue;
            }
            let what = format!("{name} after {}", g.format(a));
            let t = std::time::Instant::now();
            let naive = naive_perft(&rules, h.position(), depth - 1, &what);
            assert_eq!(naive, engine, "{what}: perft({})", depth - 1);
            eprintln!(
                "{what}: perft({}) = {naive}, naive agrees ({:.1?})",
                depth - 1,
                t.elapsed()
            );
        }
        if asked.is_some() && k == 0 {
            assert_eq!(total, nodes, "{name} perft({depth}): the children add up");
        }
    }
}

/// The brute-force route walker and the engine agree on which squares each unit attacks
/// (FC6-BNCE-06, FC6-TURN-04, FC6-ROOK-09)
/// (every unit, every square; an empty square judged as if an enemy stood there). The
/// positions include shadows (which neither attack nor block, FC6-SHAD-02/04) and
/// rotated blocks (FC6-ROTA-06): random games, where rotations and shadowings are a large
/// share of the actions, the fixture positions, and each fixture position after each of
/// its first rotations.
#[test]
fn attack_maps_agree_with_the_brute_force_route_walker() {
    let rules = Fc6::new();
    let mut positions = random_positions(&rules, 4, 50, 0xa77ac);
    for (_, p) in perft_positions(&rules) {
        let g = Game::from_position(rules.clone(), p.clone());
        let rotations = g
            .actions()
            .into_iter()
            .filter(frozen_variants::fc6::rotation::is_rotation)
            .step_by(97)
            .take(3);
        for a in rotations {
            let mut h = g.clone();
            h.apply(&a).expect("listed");
            positions.push(h.position().clone());
        }
        positions.push(p);
    }
    let with_shadows = positions.iter().filter(|p| !p.shadows().is_empty()).count();
    assert!(with_shadows >= 4, "{with_shadows} positions with shadows");
    let mut attacked_by_bounce = 0;
    for p in &positions {
        let b = Board::from(p);
        let an = Analysis::new(&rules, p);
        let mut maps: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for s in 0..256 {
            let Some(id) = p.unit_at(Square::from_index(s as u8)) else {
                continue;
            };
            for t in 0..256 {
                let e = attack::attacks(&rules, &an, p, id, Square::from_index(t as u8));
                let n = b.attacks(s, t);
                assert_eq!(
                    e,
                    n,
                    "{}: unit on {} attacking {}",
                    rules.to_fen(p).unwrap_or_default(),
                    name(s),
                    name(t)
                );
                if n {
                    maps.entry(s).or_default().push(t);
                }
            }
        }
        for (s, ts) in &maps {
            let (f, r) = fr(*s);
            attacked_by_bounce += ts
                .iter()
                .filter(|&&t| {
                    let (tf, tr) = fr(t);
                    let (df, dr) = ((tf - f).abs(), (tr - r).abs());
                    df != dr && df != 0 && dr != 0 && df + dr > 3
                })
                .count();
        }
    }
    assert!(
        attacked_by_bounce > 0,
        "the positions exercise bounced attacks"
    );
}

impl Board {
    /// Complete turns of the side to act: every legal decision sequence up to the change of
    /// side (a turn in progress goes on until a leg or `end` ends it).
    fn turn_count(&self) -> u64 {
        let me = self.white_to_move;
        let mut n = 0;
        for d in self.decisions() {
            let b = self.apply(&d);
            if !b.completes(me) {
                continue;
            }
            n += if b.turn.is_some() { b.turn_count() } else { 1 };
        }
        for (_, b) in self.specials() {
            if !b.in_check(me) {
                n += 1;
            }
        }
        n
    }
}

/// `perft --turns` (FC6-KNIG-04, FC6-DBLM-01, FC6-DBLM-11): the naive generator counts the
/// complete turns of every `turns: true` case of depth 1 in `fixtures/perft/fc6.ron`, and
/// the engine's legal decision sequences agree with it; both equal the table's count.
#[test]
fn naive_turn_count_agrees_with_the_perft_table() {
    let rules = Fc6::new();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/perft/fc6.ron"
    ))
    .expect("fixtures/perft/fc6.ron");
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| l.contains("turns: true") && l.contains("depth: 1,"))
    {
        let rest = &line[line.find("fen: Some(\"").expect("a FEN case") + 11..];
        let fen = &rest[..rest.find('"').expect("closing quote")];
        let nodes: u64 = line[line.find("nodes: ").expect("nodes") + 7..]
            .split(',')
            .next()
            .and_then(|n| n.trim().parse().ok())
            .expect("a count");
        let pos = rules.position_from_fen(fen).expect("fixture FEN");
        let naive = Board::from(&pos).turn_count();
        fn engine_turns(g: &Game<Fc6>) -> u64 {
            let me = g.position().to_move();
            let mut n = 0;
            for a in g.actions() {
                let mut h = g.clone();
                h.apply(&a).expect("listed");
                let open = h.position().to_move() == me && h.result().is_none();
                n += if open { engine_turns(&h) } else { 1 };
            }
            n
        }
        let engine = engine_turns(&Game::from_position(rules.clone(), pos));
        assert_eq!((naive, engine), (nodes, nodes), "{fen}");
        checked += 1;
    }
    assert!(checked >= 1, "the table has a complete-turn case");
}
