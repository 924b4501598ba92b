//! Fixed lines of one or two parts (castling is the usual one) on the narrow board,
//! read straight off their route plans with masks: the first part's plan from the
//! unit's square, then each candidate of the second part's letter. The same
//! placements, in the same order and with the same parts, as the general planner of
//! `fixed_run` (`plan_narrow`) sends, without its part-by-part walk; counting calls it
//! per node for a king that may still castle, so it is kept to a few mask tests.
//!
//! Where the plans cannot decide (a capture on the way, an `s` test other than the
//! royal piece's setting off alone, no narrow plans, more than two parts) the answer
//! is "undecided" and the caller uses the general planner.
//!
//! For the royal piece at the last ply, [`count_royal_pairs`] goes one step further:
//! it counts the legal placements straight off the plans and the node's sets, without
//! sending them anywhere, wherever those sets decide each placement's legality.
//!
//! Uses [`super::compiled`], [`super::fixed`], [`super::ir`] and [`super::narrow`].

use super::compiled::Compiled;
use super::fixed::{FixedChain, FixedLine, Part, RoutePlan, RoyalPairs};
use super::ir::ParlettState;
use super::narrow::{self, Danger, NarrowNode};
use super::simple::NarrowTables;
use frozen_core::{Kind, Position, UnitId};

/// What a plan says about a part setting off at a node.
enum Step {
    /// It goes (to the plan's end).
    Goes,
    /// It cannot go.
    Stays,
    /// Only the general planner can tell.
    Undecided,
}

/// The plan `p` of a part against the occupancy `occ` and the opponent's
/// pieces `by`, as the planner's part test reads it, up to its `s` tests.
#[inline]
fn route(p: &RoutePlan<u64>, moved: bool, occ: u64, by: u64) -> Step {
    if p.off || (p.initial && moved) {
        return Step::Stays;
    }
    let blocked = occ & p.need;
    if blocked != 0 {
        // Blocked, unless the block is a capture (left to the planner).
        return if blocked & by & p.may_capture != 0 {
            Step::Undecided
        } else {
            Step::Stays
        };
    }
    if p.capture {
        // A step that must capture: none on empty squares.
        return Step::Stays;
    }
    Step::Goes
}

/// May one of the `lines` start for a piece on narrow index `s0` (`moved`:
/// whether it has moved), by their route plans: `Some(false)` when each is a
/// fixed line every alternative of which has a first part that stays (off the
/// board, needing an unmoved piece, or blocked without a capture), so that
/// [`plan_pairs`] and the general planner send nothing; `None` when a line is not
/// fixed or has no narrow plans (the line's own quick tests decide). A few mask
/// tests: counting asks it per node for a king that may still castle, instead of
/// those tests.
pub(crate) fn fixed_lines_may_start(
    c: &Compiled,
    lines: &[usize],
    side: frozen_core::Side,
    s0: usize,
    moved: bool,
    occ: u64,
    by: u64,
) -> Option<bool> {
    let mut may = false;
    for &li in lines {
        if let Some(rp) = c.royal_pairs(li) {
            may |= pairs_may_start(rp, side.index(), s0, moved, occ, by);
            continue;
        }
        for tuple in &c.fixed_line(li)?.alts[side.index()] {
            let plan = tuple.first()?.narrow_plans.as_deref()?.get(s0)?;
            may |= !matches!(route(plan, moved, occ, by), Step::Stays);
        }
    }
    Some(may)
}

/// Sends every placement of the fixed line `fx` for the unit `first` to
/// `leaf`, as the general planner would; `false` (some
/// placements may have been sent) when undecided, see the module doc.
/// `danger`: the node's [`Danger`], for the royal piece's `s` tests.
#[allow(clippy::too_many_arguments)]
#[inline]
pub(crate) fn plan_pairs<D, L>(
    c: &Compiled,
    pos: &Position<ParlettState>,
    fx: &FixedLine,
    kinds: &[Kind],
    needs_unmoved: &[bool],
    first: UnitId,
    nn: &NarrowNode,
    danger: &D,
    leaf: &mut L,
) -> bool
where
    D: Fn() -> Option<Danger> + ?Sized,
    L: FnMut(&[Part]) + ?Sized,
{
    let un = pos.unit(first);
    let Some(start) = un.loc.square() else {
        return true;
    };
    let side = un.side;
    let moved = un.status.moved;
    let royal = Some(un.kind) == c.royal;
    let own = nn.side[side.index()];
    let by = nn.side[side.opposite().index()];
    let occ = nn.side[0] | nn.side[1];
    let s0 = narrow::n(start);
    for tuple in &fx.alts[side.index()] {
        let (ch0, second): (&FixedChain, Option<&FixedChain>) = match tuple.as_slice() {
            [a] => (a, None),
            [a, b] => (a, Some(b)),
            _ => return false,
        };
        let Some(plan) = ch0.narrow_plans.as_deref().and_then(|p| p.get(s0)) else {
            return false;
        };
        match route(plan, moved, occ, by) {
            Step::Goes => {}
            Step::Stays => continue,
            Step::Undecided => return false,
        }
        if plan.safe != 0 {
            // Only the royal piece setting off alone, matching no history
            // pattern, is answered by the node's sets (`Danger::royal_safe`).
            if !royal || ch0.patterns != 0 {
                return false;
            }
            let Some(d) = danger().filter(|d| d.royal == start) else {
                return false;
            };
            if plan.safe & d.simple != 0 {
                continue;
            }
            if plan.safe & d.complex != 0 {
                return false;
            }
        }
        let p0: Part = (first, start, plan.end, ch0.patterns);
        let Some(ch1) = second else {
            leaf(&[p0]);
            continue;
        };
        let Some(&kind) = kinds.get(1) else {
            continue;
        };
        let Some(plans1) = ch1.narrow_plans.as_deref() else {
            return false;
        };
        let unmoved_only = needs_unmoved.get(1).copied().unwrap_or(false);
        let (sb, eb) = (1u64 << s0, 1u64 << narrow::n(plan.end));
        let occ1 = (occ & !sb) | eb;
        // A square the first part left or stands on holds no candidate
        // (PAR-MULT-01); candidates whose route leaves the board never go.
        let mut cands = nn.kind(kind.index()) & own & !(sb | eb) & ch1.narrow_usable;
        while cands != 0 {
            let i = cands.trailing_zeros() as usize;
            cands &= cands - 1;
            let s = narrow::square(i);
            let Some(u) = pos.unit_at(s) else {
                continue;
            };
            let um = pos.unit(u).status.moved;
            if unmoved_only && um {
                continue;
            }
            let Some(p1) = plans1.get(i) else {
                return false;
            };
            match route(p1, um, occ1, by) {
                Step::Goes => {}
                Step::Stays => continue,
                Step::Undecided => return false,
            }
            if p1.safe != 0 {
                // Not the royal piece setting off alone: only the planner's
                // walk can tell.
                return false;
            }
            leaf(&[p0, (u, s, p1.end, ch1.patterns)]);
        }
    }
    true
}

/// May an alternative of the line laid out in `rp` start for a piece of
/// `side` on narrow index `s0` (`moved`: whether it has moved)? The first
/// parts' plans, as [`fixed_lines_may_start`] reads them.
#[inline]
fn pairs_may_start(
    rp: &RoyalPairs,
    side: usize,
    s0: usize,
    moved: bool,
    occ: u64,
    by: u64,
) -> bool {
    rp.alts[side].iter().any(|alt| {
        alt.plans0
            .get(s0)
            .is_some_and(|p| !matches!(route(p, moved, occ, by), Step::Stays))
    })
}

/// The legal placements of the line laid out in `rp` for the royal piece of
/// `side` on narrow index `s0` (`moved`: whether it has moved), standing on
/// the square of the node's sets `d` (castling, at the last ply), counted
/// straight off the plans: the placements [`plan_pairs`] would send, less
/// those the count's leaf drops (a single part equal to a simple move, among
/// `known`, a narrow word) or finds unsafe, without building them. Each is
/// decided by the sets the way [`crate::parlett::set::ParlettRules`]'s royal
/// route test decides it: the royal piece's `s` squares and end square safe
/// in `d`, and no slide through a square the second part vacated. `None`
/// (nothing counted) where a placement needs more than that: a plan that
/// cannot decide, an `s` test of the second part, an end square a complex
/// line might reach, a slide the tables cannot follow; the caller then walks
/// the line.
#[allow(clippy::too_many_arguments)]
pub(crate) fn count_royal_pairs(
    nw: &NarrowTables,
    rp: &RoyalPairs,
    side: frozen_core::Side,
    s0: usize,
    moved: bool,
    nn: &NarrowNode,
    d: &Danger,
    known: u64,
) -> Option<u64> {
    if narrow::n(d.royal) != s0 {
        return None;
    }
    let opp = side.opposite();
    let own = nn.side[side.index()];
    let by = nn.side[opp.index()];
    let occ = own | by;
    let sb = 1u64 << s0;
    let mut n = 0u64;
    for alt in &rp.alts[side.index()] {
        let plan = alt.plans0.get(s0)?;
        match route(plan, moved, occ, by) {
            Step::Goes => {}
            Step::Stays => continue,
            Step::Undecided => return None,
        }
        if plan.safe & d.simple != 0 {
            continue;
        }
        if plan.safe & d.complex != 0 {
            return None;
        }
        // The royal piece's end square, in the sets' world.
        if d.royal_safe(plan.end) != Some(true) {
            return None;
        }
        let e = narrow::n(plan.end);
        let eb = 1u64 << e;
        let Some(sec) = &alt.second else {
            // Alone: a move equal to a simple one is that move, counted there.
            n += u64::from(e == s0 || known & eb == 0);
            continue;
        };
        let occ1 = (occ & !sb) | eb;
        let mut cands = nn.kind(sec.kind) & own & !(sb | eb) & sec.usable;
        while cands != 0 {
            let i = cands.trailing_zeros() as usize;
            cands &= cands - 1;
            // A candidate is a piece of the node's kind set: a unit stands there.
            let um = nn.unmoved & (1u64 << i) == 0;
            if sec.unmoved_only && um {
                continue;
            }
            let p1 = sec.plans.get(i)?;
            match route(p1, um, occ1, by) {
                Step::Goes => {}
                Step::Stays => continue,
                Step::Undecided => return None,
            }
            if p1.safe != 0 {
                return None;
            }
            // The placement: the second part's square vacated, both ends taken.
            let left = 1u64 << i;
            let after = (occ1 & !left) | (1u64 << narrow::n(p1.end));
            let through = nw.attacked_through(e, left & !after, opp, after, by, |k| nn.kind(k))?;
            n += u64::from(!through);
        }
    }
    Some(n)
}
