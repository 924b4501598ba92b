//! Perft throughput per registered variant over fixed position lists
//! (`frozen_benches::bench_positions`): each benchmark first checks its node
//! count, then times single-threaded perft (reusing buffers, no table).
//! Criterion reports nodes per second through the throughput setting.
//!
//! `cargo bench -p frozen-benches --bench perft` (see docs/perft.md).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use frozen_benches::{bench_positions, BenchPosition};
use frozen_core::{Rules, VariantVisitor};
use frozen_perft::Counter;
use std::time::Duration;

struct BenchVariant<'a> {
    c: &'a mut Criterion,
    positions: Vec<&'a BenchPosition>,
}

impl VariantVisitor for BenchVariant<'_> {
    type Output = ();
    fn visit<R: Rules + Clone>(self, rules: R) {
        let Some(first) = self.positions.first() else {
            return;
        };
        let mut group = self.c.benchmark_group(format!("perft/{}", first.variant));
        // Ten samples, one second of warm-up and three of measurement per case: the whole
        // suite (every variant's table positions) runs in minutes; counts are still asserted.
        group.sample_size(10);
        group.warm_up_time(Duration::from_secs(1));
        group.measurement_time(Duration::from_secs(3));
        for p in self.positions {
            let mut pos = match p.position(&rules) {
                Ok(pos) => pos,
                Err(e) => {
                    eprintln!("skipping {}: {e}", p.id());
                    continue;
                }
            };
            let mut counter = Counter::new(&rules);
            let nodes = counter.perft(&mut pos, p.case.depth);
            assert_eq!(
                nodes,
                p.case.nodes,
                "{}: node count differs from the table",
                p.id()
            );
            group.throughput(Throughput::Elements(nodes));
            group.bench_function(
                BenchmarkId::new(p.case.name.as_str(), format!("d{}", p.case.depth)),
                |b| b.iter(|| counter.perft(&mut pos, p.case.depth)),
            );
        }
        group.finish();
    }
}

fn perft_benches(c: &mut Criterion) {
    let positions = bench_positions();
    if positions.is_empty() {
        eprintln!("no registered variant has bench positions yet (fide, or perft tables in fixtures/perft/): nothing to measure");
        return;
    }
    let mut variants: Vec<&str> = positions.iter().map(|p| p.variant.as_str()).collect();
    variants.dedup();
    for v in variants {
        let list: Vec<&BenchPosition> = positions.iter().filter(|p| p.variant == v).collect();
        if let Err(e) = frozen_variants::visit(v, BenchVariant { c, positions: list }) {
            eprintln!("skipping {v}: {e}");
        }
    }
}

criterion_group!(benches, perft_benches);
criterion_main!(benches);
