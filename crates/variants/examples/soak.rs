//! Soak: random games with every invariant check on, in release mode.
//!
//! ```sh
//! cargo run --release -p frozen-variants --example soak -- <variant|all> [--games N] [--seed S] [--plies P] [--threads T]
//! ```
//!
//! Prints games, plies, actions per second and every failure with the seed that
//! reproduces it (`--games 1 --seed <that seed>`). It counts, inside the same checked
//! games, what the actions did (captures, deaths into a tomb, explosions, units back,
//! conversions, pushes, swaps), and fails when a variant's mechanic is reached less often
//! than its floor ([`FLOORS`], events per 10,000 plies). Exit status 1 on any failure or
//! any mechanic below its floor.

use frozen_core::harness::{soak, EventCounts, PlayStats};
use frozen_core::{Rules, VariantVisitor};
use std::process::ExitCode;

struct Soak {
    games: u64,
    seed: u64,
    plies: usize,
    threads: u64,
}

impl VariantVisitor for Soak {
    type Output = bool;
    fn visit<R: Rules + Clone>(self, rules: R) -> bool {
        // Game i always uses seed + i, whatever the thread count, so failures reproduce.
        let t = std::time::Instant::now();
        let per = self.games.div_ceil(self.threads.max(1));
        let parts: Vec<_> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..self.threads.max(1))
                .map(|k| {
                    let rules = rules.clone();
                    let first = k * per;
                    let n = per.min(self.games.saturating_sub(first));
                    let seed = self.seed.wrapping_add(first);
                    let plies = self.plies;
                    s.spawn(move || soak(&rules, n, seed, plies))
                })
                .collect();
            handles.into_iter().filter_map(|h| h.join().ok()).collect()
        });
        let mut r = frozen_core::harness::SoakReport::default();
        for p in parts {
            r.stats.add(&p.stats);
            r.failures.extend(p.failures);
        }
        r.seconds = t.elapsed().as_secs_f64();
        println!(
            "{:<14} games {:>7}  finished {:>7}  plies {:>10}  {:>9.0} actions/s  {:>7.1} s  failures {}",
            rules.name(),
            r.stats.games,
            r.stats.finished,
            r.stats.plies,
            r.actions_per_second(),
            r.seconds,
            r.failures.len()
        );
        for (seed, msg) in r.failures.iter().take(10) {
            println!("  FAILED with seed {seed}: {msg}");
        }
        let e = &r.stats.events;
        println!(
            "{:<14} captures {}  deaths into a tomb {}  explosions {}  units back {}  converted {}  pushed {}  swapped {}",
            "", e.captures, e.tomb_deaths, e.explosions, e.entered, e.converted, e.pushed, e.swapped
        );
        let rare = rare_events(rules.name(), &r.stats);
        for msg in &rare {
            println!("  TOO RARE: {msg}");
        }
        r.failures.is_empty() && rare.is_empty()
    }
}

/// How often random play must reach a mechanic: (variant, mechanic, count, events per
/// 10,000 plies). Each floor is about a third of the rate measured over 10,000-ply soaks,
/// so a rule that stops firing (or fires far less) fails the soak.
type Count = fn(&EventCounts) -> u64;
const FLOORS: &[(&str, &str, Count, u64)] = &[
    (
        "fc6",
        "deaths into a tomb",
        |e| e.tomb_deaths,
        FC6_TOMB_DEATHS,
    ),
    ("fc6", "explosions", |e| e.explosions, FC6_EXPLOSIONS),
    ("fc6", "units back (respawns)", |e| e.entered, FC6_RESPAWNS),
    ("fc6", "rook pushes", |e| e.pushed, FC6_PUSHES),
    ("fc6", "swaps", |e| e.swapped, FC6_SWAPS),
    ("fc6", "conversions", |e| e.converted, FC6_CONVERSIONS),
];
// Measured with random play by kind of action (`Rules::action_kind`, fc6's
// `random_kind`: rotations are one kind among several), seeds 1..100, 300 plies: 16,022
// plies, every game finished, 0 failures; per 10,000 plies 2,794 deaths into a tomb, 179
// explosions, 149 units back (respawns), 54 rook pushes, 1,133 swaps, 303 conversions.
// Before, uniform play made mostly rotations (most of the listed actions): 523, 50, 0,
// 4.7, 565 and 13 over 29,980 plies, and respawn had no floor; with swaps, Paralyse and
// Conversion but before shadows and rotations: 1,320, 247, 20.8 and 6.3 over 28,389
// plies; before those: 1,606, 331, 69 and 5.5 over 27,551.
const FC6_TOMB_DEATHS: u64 = 931;
const FC6_EXPLOSIONS: u64 = 59;
const FC6_RESPAWNS: u64 = 49;
const FC6_PUSHES: u64 = 18;
const FC6_SWAPS: u64 = 377;
const FC6_CONVERSIONS: u64 = 101;

/// A floor is judged only when the run is long enough that it asks for at least
/// [`MIN_EXPECTED`] events; a shorter run says so instead of passing silently.
const MIN_EXPECTED: u64 = 5;

/// The mechanics of `variant` that random play reached less often than its floor.
fn rare_events(variant: &str, stats: &PlayStats) -> Vec<String> {
    let mut out = Vec::new();
    for &(v, what, count, per_10k) in FLOORS {
        if v != variant {
            continue;
        }
        let need = stats.plies * per_10k / 10_000;
        if need < MIN_EXPECTED {
            println!(
                "{:<14} {what}: too few plies ({}) to judge the floor of {per_10k} per 10,000 plies",
                "", stats.plies
            );
            continue;
        }
        let got = count(&stats.events);
        println!(
            "{:<14} {what}: {got} in {} plies, floor {need} ({per_10k} per 10,000 plies)",
            "", stats.plies
        );
        if got < need {
            out.push(format!(
                "{what}: {got} in {} plies, floor {need} ({per_10k} per 10,000 plies)",
                stats.plies
            ));
        }
    }
    out
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: soak <variant|all> [--games N] [--seed S] [--plies P] [--threads T]";
    let Some(which) = args.first() else {
        eprintln!("{usage}");
        return ExitCode::from(2);
    };
    let (mut games, mut seed, mut plies) = (1000u64, 1u64, 300usize);
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get() as u64);
    let mut i = 1;
    while i < args.len() {
        let val = args.get(i + 1).and_then(|v| v.parse::<u64>().ok());
        match (args[i].as_str(), val) {
            ("--games", Some(v)) => games = v,
            ("--seed", Some(v)) => seed = v,
            ("--plies", Some(v)) => plies = v as usize,
            ("--threads", Some(v)) if v > 0 => threads = v,
            _ => {
                eprintln!("bad argument {:?}\n{usage}", args[i]);
                return ExitCode::from(2);
            }
        }
        i += 2;
    }
    let names: Vec<&str> = if which == "all" {
        frozen_variants::VARIANTS.iter().map(|v| v.name).collect()
    } else {
        vec![which.as_str()]
    };
    let mut ok = true;
    for n in names {
        match frozen_variants::visit(
            n,
            Soak {
                games,
                seed,
                plies,
                threads,
            },
        ) {
            Ok(good) => ok &= good,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
