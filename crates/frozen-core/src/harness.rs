//! The reliability harness: one canonical invariant check for any rule set,
//! random play with every check on, and the soak loop.
//!
//! Variants add their own checks on top (e.g. "32 pieces accounted for"), but
//! every variant gets these for free:
//! - the position's own invariants ([`Position::check_invariants`]): layers agree, every unit in
//!   exactly one place, hash equals the from-scratch hash;
//! - the variant's validation ([`Rules::validate`]) accepts every reachable position;
//! - RON save/load round-trips exactly;
//! - every listed action prints to canonical text that parses back to the same action;
//! - `actions` and `apply` agree: every listed action applies; a mutated action that is not
//!   listed is refused and changes nothing;
//! - undo restores exactly (equality of the whole state and of the hash);
//! - units are conserved except where an event says otherwise: the unit table only grows by
//!   units named in events, and every unit whose location, kind or owner changed is named by
//!   some event of the action.

use crate::action::{Action, ActionKind, Event};
use crate::position::Position;
use crate::rules::{apply, Rules};
use crate::setup::{position_from_ron, position_to_ron};
use crate::square::Square;
use crate::unit::Location;
use crate::unit::UnitId;
use std::collections::BTreeSet;
use std::time::Instant;

/// The seeded random generator of random play (this harness, the soak, the `frozen play`
/// random opponent): PCG (`rand_pcg::Pcg64Mcg`, seeded with `SeedableRng::seed_from_u64`),
/// so that failures and games reproduce from a seed, on every platform, for a given
/// `rand_pcg` 0.9 release.
#[derive(Clone, Debug)]
pub struct Rng(rand_pcg::Pcg64Mcg);

impl Rng {
    /// A generator from a seed (any value).
    pub fn new(seed: u64) -> Rng {
        Rng(<rand_pcg::Pcg64Mcg as rand_core::SeedableRng>::seed_from_u64(seed))
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        rand_core::RngCore::next_u64(&mut self.0)
    }
    /// A number in `0..n`, without modulo bias (0 for `n` of 0 or 1).
    pub fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        let n = n as u64;
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let v = self.next_u64();
            if v < zone {
                return (v % n) as usize;
            }
        }
    }
}

/// The index of a random action of `acts` (listed for `pos`), the one choice of random
/// play: a kind uniformly among the kinds of [`Rules::action_kind`] present in the list
/// (in increasing kind order), then an action of that kind uniformly (in list order).
/// With one kind present (every variant that keeps the default) the first draw is
/// `rng.below(1)`, which draws nothing, and the second is `rng.below(acts.len())`: the
/// same index and the same generator state as uniform play. `acts` must not be empty.
pub fn pick_action<R: Rules + ?Sized>(
    rules: &R,
    pos: &Position<R::State>,
    acts: &[Action],
    rng: &mut Rng,
) -> usize {
    let kinds: Vec<u8> = acts.iter().map(|a| rules.action_kind(pos, a)).collect();
    let mut counts = [0usize; 256];
    for &k in &kinds {
        counts[usize::from(k)] += 1;
    }
    let present = counts.iter().filter(|&&c| c > 0).count();
    let nth_kind = rng.below(present);
    let Some(kind) = (0..256).filter(|&k| counts[k] > 0).nth(nth_kind) else {
        return 0;
    };
    let nth = rng.below(counts[kind]);
    kinds
        .iter()
        .enumerate()
        .filter(|&(_, &k)| usize::from(k) == kind)
        .nth(nth)
        .map_or(0, |(i, _)| i)
}

/// Checks everything about one position that does not need an action. Returns every problem.
pub fn check_position<R: Rules + ?Sized>(rules: &R, pos: &Position<R::State>) -> Vec<String> {
    let mut acts = Vec::new();
    rules.actions(pos, &mut acts);
    check_listed(rules, pos, &acts, check_unlisted(rules, pos))
}

/// The checks of [`check_position`] that do not read the action list: invariants,
/// validation, RON round trip.
fn check_unlisted<R: Rules + ?Sized>(rules: &R, pos: &Position<R::State>) -> Vec<String> {
    let mut errs = pos.check_invariants();
    for p in rules.validate(pos) {
        errs.push(format!("validate: {p}"));
    }
    let text = position_to_ron(rules, pos);
    match position_from_ron(rules, &text) {
        Ok(back) => {
            if back != *pos {
                errs.push(format!("RON round trip changed the position:\n{text}"));
            }
        }
        Err(e) => errs.push(format!("RON round trip failed to load: {e}\n{text}")),
    }
    errs
}

/// [`check_position`] given the actions listed for `pos` (random play lists once per
/// ply); `errs` holds the problems found so far.
fn check_listed<R: Rules + ?Sized>(
    rules: &R,
    pos: &Position<R::State>,
    acts: &[Action],
    mut errs: Vec<String>,
) -> Vec<String> {
    for a in acts {
        let t = rules.format_action(pos, a);
        match rules.parse_action(pos, &t) {
            Ok(b) if b == *a => {}
            Ok(b) => errs.push(format!(
                "action text {t:?} parses to a different action {b:?} (was {a:?})"
            )),
            Err(e) => errs.push(format!("action text {t:?} does not parse: {e}")),
        }
    }
    let distinct: BTreeSet<&Action> = acts.iter().collect();
    if distinct.len() != acts.len() {
        errs.push("an action is listed twice".to_string());
    }
    errs
}

fn named_units(events: &[Event]) -> BTreeSet<UnitId> {
    events
        .iter()
        .flat_map(|e| e.units().into_iter().flatten())
        .collect()
}

/// A mutation of a listed action that is (usually) not legal: another destination, another
/// kind, an extra square, or a foreign argument.
pub fn mutate_action(a: &Action, rng: &mut Rng) -> Action {
    let mut b = a.clone();
    match rng.below(4) {
        0 if !b.path.is_empty() => {
            let i = rng.below(b.path.len());
            b.path[i] = Square::from_index(rng.below(256) as u8);
        }
        1 => {
            b.kind = ActionKind::ALL[rng.below(ActionKind::ALL.len())];
        }
        2 => b.path.push(Square::from_index(rng.below(256) as u8)),
        _ => b.arg = b.arg.wrapping_add(1 + rng.below(7) as u16),
    }
    b
}

/// Applies `action` to `pos` with every check on: it must apply (it was listed), the events
/// must account for every changed unit, undo must restore exactly, and a mutated action that
/// is not listed must be refused without change. Leaves the action applied on success.
pub fn checked_step<R: Rules + ?Sized>(
    rules: &R,
    pos: &mut Position<R::State>,
    action: &Action,
    rng: &mut Rng,
) -> Result<Vec<Event>, String> {
    let mut legal = Vec::new();
    rules.actions(pos, &mut legal);
    checked_step_listed(rules, pos, action, rng, &legal)
}

/// [`checked_step`] given the actions `legal` listed for `pos`.
fn checked_step_listed<R: Rules + ?Sized>(
    rules: &R,
    pos: &mut Position<R::State>,
    action: &Action,
    rng: &mut Rng,
    legal: &[Action],
) -> Result<Vec<Event>, String> {
    let before = pos.clone();
    // A mutated action that is not listed is refused and changes nothing.
    for _ in 0..2 {
        let m = mutate_action(action, rng);
        if !legal.contains(&m) {
            if apply(rules, pos, &m, &mut Vec::new()).is_ok() {
                return Err(format!("unlisted action {m:?} was applied"));
            }
            if *pos != before {
                return Err(format!("refused action {m:?} changed the position"));
            }
        }
    }
    let text = rules.format_action(pos, action);
    let mut events = Vec::new();
    let mark = apply(rules, pos, action, &mut events)
        .map_err(|e| format!("listed action {text} refused: {e}"))?;
    let named = named_units(&events);
    let n0 = before.units().len();
    for (i, u) in pos.units().iter().enumerate() {
        let id = UnitId(i as u16);
        if i >= n0 {
            if !named.contains(&id) {
                return Err(format!("{text}: unit {id} appeared without an event"));
            }
            continue;
        }
        let old = &before.units()[i];
        if (old.loc != u.loc || old.kind != u.kind || old.side != u.side) && !named.contains(&id) {
            return Err(format!(
                "{text}: unit {id} changed ({:?} {:?} {:?} -> {:?} {:?} {:?}) without an event naming it; events: {events:?}",
                old.kind, old.side, old.loc, u.kind, u.side, u.loc
            ));
        }
    }
    let after = pos.clone();
    pos.undo_to(mark);
    if *pos != before || pos.hash() != before.hash() {
        return Err(format!("{text}: undo did not restore the position"));
    }
    let mut again = Vec::new();
    apply(rules, pos, action, &mut again)
        .map_err(|e| format!("{text}: re-apply after undo refused: {e}"))?;
    if *pos != after || again != events {
        return Err(format!(
            "{text}: re-applying after undo gave another result"
        ));
    }
    Ok(events)
}

/// Statistics of random play.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayStats {
    /// Games played.
    pub games: u64,
    /// Actions applied.
    pub plies: u64,
    /// Games that reached a result.
    pub finished: u64,
    /// What the applied actions did, counted from their events.
    pub events: EventCounts,
}

impl PlayStats {
    /// Adds another run's statistics to these.
    pub fn add(&mut self, other: &PlayStats) {
        self.games += other.games;
        self.plies += other.plies;
        self.finished += other.finished;
        self.events.add(&other.events);
    }
}

/// Counts of event kinds over random play, so that a soak or a random-play test can show
/// (and require) that play reaches a mechanic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EventCounts {
    /// Captures (any destination).
    pub captures: u64,
    /// Units that went into a tomb: captured into one, or removed from the board into one.
    pub tomb_deaths: u64,
    /// Explosions.
    pub explosions: u64,
    /// Units that came (back) onto the board.
    pub entered: u64,
    /// Units that changed owner.
    pub converted: u64,
    /// Units that were pushed.
    pub pushed: u64,
    /// Swaps of two units.
    pub swapped: u64,
}

impl EventCounts {
    /// Counts one action's events.
    pub fn count(&mut self, events: &[Event]) {
        for e in events {
            match e {
                Event::Captured { to, .. } => {
                    self.captures += 1;
                    if matches!(to, Location::Tomb(_)) {
                        self.tomb_deaths += 1;
                    }
                }
                Event::Removed {
                    from: Location::Board(_),
                    to: Location::Tomb(_),
                    ..
                } => self.tomb_deaths += 1,
                Event::Exploded { .. } => self.explosions += 1,
                Event::Entered { .. } => self.entered += 1,
                Event::Converted { .. } => self.converted += 1,
                Event::Pushed { .. } => self.pushed += 1,
                Event::Swapped { .. } => self.swapped += 1,
                _ => {}
            }
        }
    }

    /// Adds another tally to this one.
    pub fn add(&mut self, o: &EventCounts) {
        self.captures += o.captures;
        self.tomb_deaths += o.tomb_deaths;
        self.explosions += o.explosions;
        self.entered += o.entered;
        self.converted += o.converted;
        self.pushed += o.pushed;
        self.swapped += o.swapped;
    }
}

/// Plays one random game from `start` for at most `max_plies` actions, checking every
/// invariant after every action when `checks` is on, and counting the actions' events into
/// `stats.events`. `Err` names the ply and the problem.
pub fn random_game<R: Rules + ?Sized>(
    rules: &R,
    start: &Position<R::State>,
    max_plies: usize,
    rng: &mut Rng,
    checks: bool,
    stats: &mut PlayStats,
) -> Result<Position<R::State>, String> {
    let mut pos = start.clone();
    let mut acts = Vec::new();
    let mut events = Vec::new();
    stats.games += 1;
    for ply in 0..max_plies {
        // One listing per ply serves the checks of the position and of the step.
        acts.clear();
        rules.actions(&pos, &mut acts);
        if checks {
            let errs = check_listed(rules, &pos, &acts, check_unlisted(rules, &pos));
            if !errs.is_empty() {
                return Err(format!("ply {ply}: {}", errs.join("; ")));
            }
        }
        if acts.is_empty() {
            if pos.result().is_some() {
                stats.finished += 1;
            }
            break;
        }
        let a = acts[pick_action(rules, &pos, &acts, rng)].clone();
        if checks {
            let events = checked_step_listed(rules, &mut pos, &a, rng, &acts)
                .map_err(|e| format!("ply {ply}: {e}"))?;
            stats.events.count(&events);
        } else {
            events.clear();
            apply(rules, &mut pos, &a, &mut events).map_err(|e| format!("ply {ply}: {e}"))?;
            stats.events.count(&events);
        }
        stats.plies += 1;
        // Keep the journal from growing without bound in long games.
        pos.clear_journal();
    }
    Ok(pos)
}

/// The outcome of a soak run.
#[derive(Clone, Debug, Default)]
pub struct SoakReport {
    /// Play statistics.
    pub stats: PlayStats,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Failures: (seed of the failing game, message).
    pub failures: Vec<(u64, String)>,
}

impl SoakReport {
    /// Actions per second.
    pub fn actions_per_second(&self) -> f64 {
        self.stats.plies as f64 / self.seconds.max(1e-9)
    }
}

/// Plays `games` random games from the initial position with all checks on. Game `i` uses
/// seed `seed + i`, so a failure reproduces with `games = 1` and that seed.
pub fn soak<R: Rules + ?Sized>(rules: &R, games: u64, seed: u64, max_plies: usize) -> SoakReport {
    let start = rules.initial_position();
    let t = Instant::now();
    let mut report = SoakReport::default();
    for i in 0..games {
        let s = seed.wrapping_add(i);
        let mut rng = Rng::new(s);
        if let Err(e) = random_game(rules, &start, max_plies, &mut rng, true, &mut report.stats) {
            report.failures.push((s, e));
        }
    }
    report.seconds = t.elapsed().as_secs_f64();
    report
}
