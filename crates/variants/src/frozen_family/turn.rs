//! Turns of N legs, judged on the whole turn (F12-TURN-02, FC6-TURN-03, FC11 TURN rows).
//!
//! Owns: which decisions are legal when self-harm is judged after the whole turn. The
//! engine splits a turn into decisions (a leg, another leg, `end`; DESIGN of the action
//! model). A decision is listed only if at least one legal completion of the turn follows
//! it: after it, either the turn is over and the mover's side is safe
//! ([`FamilyGame::turn_safe`]), or the turn is still open and ending it now is safe, or
//! some further leg leads to such a completion. The search is bounded by
//! [`FamilyGame::legs_after`] (the legs a turn may still have) and stops at the first
//! legal completion, so every listed decision can be completed and a turn never gets
//! stuck.
//!
//! Listing works in place: candidates are tested by performing them on the position and
//! undoing them ([`frozen_core::Position::undo_to`]), with no clone of the position, and
//! the candidates of further legs are kept at the end of the caller's buffer, so nothing is
//! allocated once the buffer has grown.
//!
//! Bulk verdicts: a game may say that some whole-turn decisions only rearrange a set of
//! squares ([`FamilyGame::footprint`]) and give, once per listing, the verdict of ending
//! the turn with nothing played together with the zone that verdict depends on
//! ([`FamilyGame::turn_end_zone`]). A decision whose footprint misses the zone leaves
//! everything the verdict reads as it was, so it gets that verdict without being played
//! (fc6's block rotations: hundreds per position, most far from the mover's king).
//! The zone also comes in parts (fc6: one per enemy unit, with the squares it reads): a
//! decision that is played skips, in its safety test, every part whose squares it did
//! not touch ([`FamilyGame::turn_safe_skipping`]), so only the few enemy units near its
//! changes are looked at again.
//! Uses: the game's [`FamilyGame`] hooks.

use super::game::{FamilyGame, TurnEndZone};
use frozen_core::{Action, Bitboard, Mark, NoEvents, Position, Side};

/// Appends every legal decision of the side to act to `out` (in candidate order).
pub fn legal_actions<G: FamilyGame>(g: &G, pos: &mut Position<G::State>, out: &mut Vec<Action>) {
    if pos.result().is_some() {
        return;
    }
    let start = out.len();
    g.candidates(pos, out);
    let end = out.len();
    let mut keep = start;
    let mut bulk = Bulk::default();
    for i in start..end {
        if bulk.legal(g, pos, out, i) {
            out.swap(keep, i);
            keep += 1;
        }
    }
    out.truncate(keep);
}

/// True if [`legal_actions`] lists `a`: it is a candidate and has a legal completion
/// (the same two tests, for this one action only). `pos` is restored.
pub fn is_listed<G: FamilyGame>(g: &G, pos: &mut Position<G::State>, a: &Action) -> bool {
    if pos.result().is_some() {
        return false;
    }
    with_scratch(|buf| {
        g.candidates(pos, buf);
        buf.contains(a) && is_legal(g, pos, a, buf)
    })
}

/// Verdicts in bulk (see the module notes): the zone ([`FamilyGame::turn_end_zone`]) is
/// worked out once per listing, at the first decision that asks. A decision whose
/// footprint ([`FamilyGame::footprint`]) misses the zone gets the zone's verdict
/// unplayed; one whose footprint meets it may get a verdict from the game unplayed
/// ([`FamilyGame::verdict_unplayed`]). Every other decision is played ([`is_legal`]), and its probe's safety test
/// skips the zone's parts that read none of the squares the probe touched
/// ([`FamilyGame::turn_safe_skipping`]).
#[derive(Default, Debug)]
pub struct Bulk {
    zone: Option<Option<TurnEndZone>>,
}

impl Bulk {
    /// The verdict on the candidate `a` of the side to act, if it can be given unplayed;
    /// `pos` is left as it was.
    pub fn verdict<G: FamilyGame>(
        &mut self,
        g: &G,
        pos: &mut Position<G::State>,
        a: &Action,
    ) -> Option<bool> {
        let z = self
            .zone
            .get_or_insert_with(|| g.turn_end_zone(pos))
            .as_ref()?;
        let fp = g.footprint(pos, a)?;
        if !fp.intersects(z.zone) {
            return Some(z.safe);
        }
        g.verdict_unplayed(pos, z, a)
    }

    /// True if the candidate `buf[i]` of the side to act is legal: its bulk verdict, or
    /// else [`is_legal`] with the zone's parts (which uses `buf` past its end as scratch
    /// space). `pos` is left as it was.
    pub fn legal<G: FamilyGame>(
        &mut self,
        g: &G,
        pos: &mut Position<G::State>,
        buf: &mut Vec<Action>,
        i: usize,
    ) -> bool {
        match self.verdict(g, pos, &buf[i]) {
            Some(v) => v,
            None => {
                let a = buf[i].clone();
                let zone = self.zone.as_ref().and_then(Option::as_ref);
                legal_in(g, pos, &a, buf, zone)
            }
        }
    }
}

/// Number of legal decisions of the side to act; `buf` is scratch space.
pub fn count_legal<G: FamilyGame>(
    g: &G,
    pos: &mut Position<G::State>,
    buf: &mut Vec<Action>,
) -> u64 {
    buf.clear();
    if pos.result().is_some() {
        return 0;
    }
    g.candidates(pos, buf);
    let end = buf.len();
    let mut n = 0;
    let mut bulk = Bulk::default();
    for i in 0..end {
        if bulk.legal(g, pos, buf, i) {
            n += 1;
        }
    }
    buf.clear();
    n
}

/// True if the side to act has at least one legal decision; `buf` is scratch space (its
/// contents on entry are kept).
pub fn has_legal<G: FamilyGame>(
    g: &G,
    pos: &mut Position<G::State>,
    buf: &mut Vec<Action>,
) -> bool {
    let base = buf.len();
    if let Some(squares) = g.acting_squares(pos) {
        // Unit by unit: most positions have a legal decision among the first units' ones.
        for sq in squares.iter() {
            g.candidates_of(pos, sq, buf);
            for i in base..buf.len() {
                let a = buf[i].clone();
                if is_legal(g, pos, &a, buf) {
                    buf.truncate(base);
                    return true;
                }
            }
            buf.truncate(base);
        }
        return false;
    }
    g.candidates(pos, buf);
    let mut found = false;
    for i in base..buf.len() {
        let a = buf[i].clone();
        if is_legal(g, pos, &a, buf) {
            found = true;
            break;
        }
    }
    buf.truncate(base);
    found
}

/// True if the candidate `a` of the side to act has a legal completion. `pos` is
/// restored; `scratch` is returned to its length on entry.
pub fn is_legal<G: FamilyGame>(
    g: &G,
    pos: &mut Position<G::State>,
    a: &Action,
    scratch: &mut Vec<Action>,
) -> bool {
    legal_in(g, pos, a, scratch, None)
}

/// [`is_legal`], with the zone of the listing's position, if any, for the probe's test.
fn legal_in<G: FamilyGame>(
    g: &G,
    pos: &mut Position<G::State>,
    a: &Action,
    scratch: &mut Vec<Action>,
    zone: Option<&TurnEndZone>,
) -> bool {
    if g.always_legal(a) {
        return true;
    }
    let me = pos.to_move();
    let m = pos.mark();
    // The probe: if the mover is safe right after the decision, ending the turn here (or
    // the turn having ended) is a legal completion.
    g.exec_probe(pos, a);
    let safe = match zone {
        Some(z) => probe_safe(g, pos, me, z, m),
        None => g.turn_safe(pos, me),
    };
    pos.undo_to(m);
    if safe {
        return true;
    }
    g.exec(pos, a, &mut NoEvents);
    let legs = g.legs_after(pos);
    let ok = completes(g, pos, me, scratch, legs);
    pos.undo_to(m);
    ok
}

/// [`FamilyGame::turn_safe`] of `me` after a probe played from the zone's position (its
/// mark `m`): the zone's parts that read none of the squares the probe touched are
/// skipped, unless the probe touched a unit off every square.
pub fn probe_safe<G: FamilyGame>(
    g: &G,
    pos: &mut Position<G::State>,
    me: Side,
    z: &TurnEndZone,
    m: Mark,
) -> bool {
    let t = pos.touched_since(m);
    if t.unplaced {
        return g.turn_safe(pos, me);
    }
    let mut skip = Bitboard::EMPTY;
    for (sq, reads) in &z.parts {
        if !reads.intersects(t.squares) {
            skip.set(*sq);
        }
    }
    g.turn_safe_skipping(pos, me, skip, t.squares)
}

/// True if the turn of `me`, as it stands, can end legally within `legs` further legs.
fn completes<G: FamilyGame>(
    g: &G,
    pos: &mut Position<G::State>,
    me: Side,
    scratch: &mut Vec<Action>,
    legs: u32,
) -> bool {
    if !(g.turn_open(pos) && pos.to_move() == me) {
        return g.turn_safe(pos, me);
    }
    if g.turn_safe(pos, me) {
        return true;
    }
    if legs == 0 {
        return false;
    }
    let base = scratch.len();
    g.candidates(pos, scratch);
    let mut found = false;
    for j in base..scratch.len() {
        let x = scratch[j].clone();
        if g.is_end(&x) {
            continue;
        }
        let m = pos.mark();
        g.exec(pos, &x, &mut NoEvents);
        found = completes(g, pos, me, scratch, legs - 1);
        pos.undo_to(m);
        if found {
            break;
        }
    }
    scratch.truncate(base);
    found
}

thread_local! {
    /// Scratch action buffers for lists made outside the caller's own buffers (the end of
    /// the game after an action: has the next side any legal decision?; a dragon's legs
    /// while its fires are listed), so that listing and `perform` allocate nothing once
    /// they have grown. A stack: nested users each take their own.
    static SCRATCH: std::cell::RefCell<Vec<Vec<Action>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Runs `f` with an empty scratch action buffer of this thread, kept for the next user.
pub fn with_scratch<T>(f: impl FnOnce(&mut Vec<Action>) -> T) -> T {
    with_kept(
        &SCRATCH,
        |kept| {
            let mut buf = kept.unwrap_or_default();
            buf.clear();
            buf
        },
        f,
    )
}

/// Runs `f` on a value kept by this thread in the stack `kept`: the top one (or none, the
/// first time or while every kept one is in use) is made ready by `ready`, and put back on
/// the stack afterwards, so that nested users each have their own and, once the stack has
/// grown, nothing is allocated. [`with_scratch`] and the games' position copies use it.
pub fn with_kept<V: 'static, T>(
    kept: &'static std::thread::LocalKey<std::cell::RefCell<Vec<V>>>,
    ready: impl FnOnce(Option<V>) -> V,
    f: impl FnOnce(&mut V) -> T,
) -> T {
    let mut v = ready(kept.with(|cell| cell.borrow_mut().pop()));
    let r = f(&mut v);
    kept.with(|cell| cell.borrow_mut().push(v));
    r
}
