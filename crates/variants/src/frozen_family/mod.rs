//! The FrozenChess family: mechanics shared by FrozenChess 6, FrozenChess 11 and the
//! 12x12 FrozenChess variant, written once and parametrised by each game's tables.
//!
//! Owns: the rules the three games share. Uses: `frozen-core` only (positions, geometry,
//! actions). A game module (`fc12`, and the 16x16 games) describes itself with a
//! [`FamilyTables`] value (its kinds' patterns, roles and immunities) and implements
//! [`FamilyGame`] (paralysis test, candidate legs, how a leg is performed, when the turn
//! is open); everything below then serves it.
//!
//! The files depend on each other in one direction: `kinds`, `patterns`, `leap_paths` and
//! `immunity` first, then `tables` (a game's description), `game` (its hooks), then the
//! mechanics below, each using only the ones before it.
//!
//! | Module | Shared mechanic |
//! |---|---|
//! | [`kinds`] | sets of kinds |
//! | [`tables`] | a game's description: patterns, roles, immunities ([`FamilyTables`]) |
//! | [`game`] | a game's hooks ([`FamilyGame`]) |
//! | [`timers`] | paralysis counted in the owner's turns, absolute timers, cost vs effect, immunity hook |
//! | [`repetition`] | repetition with timers compared as turns left |
//! | [`patterns`] | movement patterns as tables: leaps (symmetric, asymmetric, side-relative), ranged slides, bent leaps |
//! | [`leap_paths`] | the leap paths of a knight-pattern leap (Knight's Leap captures, jester leaps) |
//! | [`immunity`] | kind immunity with per-game exception sets |
//! | [`protection`] | protectors, Empower and Royal Guards |
//! | [`attack`] | who attacks a square (check, threats), looked up backwards from it |
//! | [`jester`] | jester presence and first-in-first-out explosion cascades |
//! | [`exchange`] | King's Exchange |
//! | [`swap`] | swapping places with a friendly unit |
//! | [`promotion`] | promotion choices and the far rank |
//! | [`absent`] | set-up check: side tables and mark layers a game does not carry |
//! | [`turn`] | turns of N legs: legality judged on the whole turn by a bounded search, listing without cloning |
//!
//! Game-agnostic helpers (tomb queues, block rotation, geometry tables) live in
//! `frozen-core`; FrozenChess rules live here or in the game's own module.

pub mod absent;
pub mod attack;
pub mod exchange;
pub mod game;
pub mod immunity;
pub mod jester;
pub mod kinds;
pub mod leap_paths;
pub mod patterns;
pub mod promotion;
pub mod protection;
pub mod repetition;
pub mod swap;
pub mod tables;
pub mod timers;
pub mod turn;

pub use game::{FamilyGame, Parts, TurnEndZone};
pub use kinds::KindMask;
pub use tables::FamilyTables;
