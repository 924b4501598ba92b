//! Public proptest strategies for rule tests (feature `proptest`).
//!
//! Reuse them to property-test your own rules on top of frozen:
//!
//! ```ignore
//! use frozen_core::strategies::{reachable_position, action_sequence};
//! use proptest::prelude::*;
//!
//! proptest! {
//!     #[test]
//!     fn my_rule_holds(pos in reachable_position(my_rules(), 60)) {
//!         prop_assert!(my_rule(&pos));
//!     }
//! }
//! ```
//!
//! Positions are reached by random legal play from the start (or from given positions), so
//! every generated position is one the game can really produce. Shrinking works on the seed
//! and the number of plies, so a failing case shrinks toward short games.

use crate::action::{Action, ActionKind, NoEvents};
use crate::harness::{mutate_action, pick_action, Rng};
use crate::position::Position;
use crate::rules::{apply, Rules};
use proptest::prelude::*;

/// Plays `plies` random legal actions from `start` with a seeded generator (stops early at a
/// finished game), returning the position and the actions played.
pub fn random_walk<R: Rules + ?Sized>(
    rules: &R,
    start: &Position<R::State>,
    seed: u64,
    plies: usize,
) -> (Position<R::State>, Vec<Action>) {
    let mut rng = Rng::new(seed);
    let mut pos = start.clone();
    let mut played = Vec::new();
    let mut acts = Vec::new();
    for _ in 0..plies {
        acts.clear();
        rules.actions(&pos, &mut acts);
        if acts.is_empty() {
            break;
        }
        let a = acts[pick_action(rules, &pos, &acts, &mut rng)].clone();
        if apply(rules, &mut pos, &a, &mut NoEvents).is_err() {
            break;
        }
        played.push(a);
    }
    pos.clear_journal();
    (pos, played)
}

/// Positions reached by up to `max_plies` random legal actions from the initial position.
pub fn reachable_position<R: Rules + Clone>(
    rules: R,
    max_plies: usize,
) -> impl Strategy<Value = Position<R::State>> {
    let start = rules.initial_position();
    (any::<u64>(), 0..=max_plies).prop_map(move |(seed, n)| random_walk(&rules, &start, seed, n).0)
}

/// Positions reached by random legal play from one of the given start positions (fixtures).
pub fn reachable_from<R: Rules + Clone>(
    rules: R,
    starts: Vec<Position<R::State>>,
    max_plies: usize,
) -> impl Strategy<Value = Position<R::State>> {
    assert!(
        !starts.is_empty(),
        "reachable_from needs at least one start position"
    );
    let n = starts.len();
    (0..n, any::<u64>(), 0..=max_plies)
        .prop_map(move |(i, seed, k)| random_walk(&rules, &starts[i], seed, k).0)
}

/// Legal action sequences from the initial position: (start, actions). Every action was legal
/// when played.
pub fn action_sequence<R: Rules + Clone>(
    rules: R,
    max_len: usize,
) -> impl Strategy<Value = (Position<R::State>, Vec<Action>)> {
    let start = rules.initial_position();
    (any::<u64>(), 0..=max_len)
        .prop_map(move |(seed, n)| (start.clone(), random_walk(&rules, &start, seed, n).1))
}

/// Arbitrary actions for a position, legal or not: half listed actions, half mutations of
/// them or random ones.
pub fn any_action<R: Rules + Clone>(
    rules: R,
    pos: Position<R::State>,
) -> impl Strategy<Value = Action> {
    let mut acts = Vec::new();
    rules.actions(&pos, &mut acts);
    (any::<u64>(), any::<bool>()).prop_map(move |(seed, legal)| {
        let mut rng = Rng::new(seed);
        if acts.is_empty() {
            return Action::new(ActionKind::Pass, &[]);
        }
        let a = acts[pick_action(&rules, &pos, &acts, &mut rng)].clone();
        if legal {
            a
        } else {
            mutate_action(&a, &mut rng)
        }
    })
}
