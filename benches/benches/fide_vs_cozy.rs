//! frozen's `fide` rules against cozy-chess (a dedicated 8x8 chess move
//! generator) on the chess start position (depth 5) and Kiwipete (depth 4),
//! single-threaded, both with bulk counting at the last ply. Both node counts
//! are checked against the published figures before timing.
//!
//! When no `fide` variant is registered, the benchmark says so and measures
//! only cozy-chess (so the reference figure is still there).
//!
//! `cargo bench -p frozen-benches --bench fide_vs_cozy` (see docs/perft.md).

use cozy_chess::Board;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use frozen_benches::{CHESS_START, KIWIPETE};
use frozen_core::{Rules, VariantVisitor};
use frozen_perft::Counter;

/// (name, FEN, depth, published count)
const CASES: [(&str, &str, u32, u64); 2] = [
    ("start", CHESS_START, 5, 4_865_609),
    ("kiwipete", KIWIPETE, 4, 4_085_603),
];

fn cozy_perft(board: &Board, depth: u32) -> u64 {
    let mut nodes = 0u64;
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += cozy_perft(&child, depth - 1);
        }
        false
    });
    nodes
}

struct Frozen<'a> {
    c: &'a mut Criterion,
}

impl VariantVisitor for Frozen<'_> {
    type Output = ();
    fn visit<R: Rules + Clone>(self, rules: R) {
        let mut group = self.c.benchmark_group("fide-vs-cozy/frozen");
        group.sample_size(10);
        for (name, fen, depth, want) in CASES {
            let mut pos = match rules.position_from_fen(fen) {
                Ok(p) => p,
                Err(e) => {
                    eprintln!("fide cannot read {name} ({fen}): {e}; skipping");
                    continue;
                }
            };
            let mut counter = Counter::new(&rules);
            let nodes = counter.perft(&mut pos, depth);
            assert_eq!(nodes, want, "fide perft({depth}) of {name}");
            group.throughput(Throughput::Elements(nodes));
            group.bench_function(BenchmarkId::new(name, format!("d{depth}")), |b| {
                b.iter(|| counter.perft(&mut pos, depth))
            });
        }
        group.finish();
    }
}

fn fide_vs_cozy(c: &mut Criterion) {
    {
        let mut group = c.benchmark_group("fide-vs-cozy/cozy-chess");
        group.sample_size(10);
        for (name, fen, depth, want) in CASES {
            let board: Board = match fen.parse() {
                Ok(b) => b,
                Err(e) => {
                    eprintln!("cozy-chess cannot read {name}: {e:?}; skipping");
                    continue;
                }
            };
            let nodes = cozy_perft(&board, depth);
            assert_eq!(nodes, want, "cozy-chess perft({depth}) of {name}");
            group.throughput(Throughput::Elements(nodes));
            group.bench_function(BenchmarkId::new(name, format!("d{depth}")), |b| {
                b.iter(|| cozy_perft(&board, depth))
            });
        }
        group.finish();
    }
    if frozen_variants::visit("fide", Frozen { c }).is_err() {
        eprintln!("the fide variant is not registered in this build: only cozy-chess was measured");
    }
}

criterion_group!(benches, fide_vs_cozy);
criterion_main!(benches);
