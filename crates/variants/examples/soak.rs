//! Soak: random games with every invariant check on, in release mode.
//!
//! ```sh
//! cargo run --release -p frozen-variants --example soak -- <variant|all> [--games N] [--seed S] [--plies P] [--threads T]
//! ```
//!
//! Prints games, plies, actions per second and every failure with the seed that
//! reproduces it (`--games 1 --seed <that seed>`). Exit status 1 on any failure. For the
//! variants with tombs it then counts, over a second pass of the same number of games
//! played without checks (each game from seed + i), the deaths into a tomb, the
//! explosions and the units that came back (respawn), so a soak shows that play reaches
//! them.

use frozen_core::harness::{soak, Rng};
use frozen_core::{Event, Location, Rules, VariantVisitor};
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
            r.stats.games += p.stats.games;
            r.stats.plies += p.stats.plies;
            r.stats.finished += p.stats.finished;
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
        let (tombs, blasts, back) = tomb_events(&rules, self.games, self.seed, self.plies);
        if tombs + blasts + back > 0 {
            println!(
                "{:<14} deaths into a tomb {tombs}  explosions {blasts}  units back {back}",
                ""
            );
        }
        r.failures.is_empty()
    }
}

/// Deaths into a tomb, explosions and units entering the board (respawns) over `games`
/// random games without checks, game i from seed + i.
fn tomb_events<R: Rules>(rules: &R, games: u64, seed: u64, plies: usize) -> (u64, u64, u64) {
    let (mut tombs, mut blasts, mut back) = (0, 0, 0);
    let mut acts = Vec::new();
    let mut events = Vec::new();
    for i in 0..games {
        let mut rng = Rng::new(seed.wrapping_add(i));
        let mut pos = rules.initial_position();
        for _ in 0..plies {
            acts.clear();
            rules.actions(&pos, &mut acts);
            if acts.is_empty() {
                break;
            }
            let a = acts[rng.below(acts.len())].clone();
            events.clear();
            if frozen_core::apply(rules, &mut pos, &a, &mut events).is_err() {
                break;
            }
            for e in &events {
                match e {
                    Event::Captured {
                        to: Location::Tomb(_),
                        ..
                    }
                    | Event::Removed {
                        from: Location::Board(_),
                        to: Location::Tomb(_),
                        ..
                    } => tombs += 1,
                    Event::Exploded { .. } => blasts += 1,
                    Event::Entered { .. } => back += 1,
                    _ => {}
                }
            }
            pos.clear_journal();
        }
    }
    (tombs, blasts, back)
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
