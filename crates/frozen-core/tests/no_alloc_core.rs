//! The core operations the 16x16 games run hundreds of times per node allocate nothing:
//! building and applying a block rotation (FrozenChess 6 lists about 210 rotations per
//! node, FrozenChess 11 about 630), undoing it, burying and respawning through a tomb
//! queue, and swapping two units. A counting global allocator measures them after a
//! warm-up that grows the journal to its final size.

mod toy;
use frozen_core::*;
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::System;
use toy::*;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

fn sq(s: &str) -> Square {
    s.parse().expect("square")
}

#[test]
fn rotations_tombs_and_swaps_do_not_allocate() {
    let shape = Shape::SIXTEEN;
    let mut p = Position::empty(shape, ToyState::default());
    let mut ids = Vec::new();
    for (i, s) in ["b2", "c3", "d4", "e5", "f6", "g7", "c2", "h3"]
        .iter()
        .enumerate()
    {
        let side = if i % 2 == 0 { Side::White } else { Side::Black };
        let st = Status {
            aim: Some(Dir::N),
            ..Status::default()
        };
        ids.push(p.add_unit(ROOK, side, Location::Board(sq(s)), st));
    }
    p.set_mark(0, sq("d5"), true);
    p.set_wall(
        sq("e3"),
        Some(Wall {
            creator: ids[0],
            side: Side::White,
            expires: 4,
            kind: 0,
        }),
    );
    let work = |p: &mut Position<ToyState>| {
        let m = p.mark();
        for n in 2..=8u8 {
            for q in 1..=3u8 {
                for (f, r) in [(0u8, 0u8), (1, 1), (4, 2)] {
                    let rot = block_rotation(&shape, Square::new(f, r), n, q).expect("fits");
                    p.rotate_block(&rot);
                }
            }
        }
        p.bury(ids[1], sq("c3"));
        p.bury(ids[3], sq("c3"));
        p.unbury(sq("c3"), Location::Board(sq("c3")));
        p.swap_units(ids[0], ids[2]);
        p.undo_to(m);
    };
    let before = p.clone();
    work(&mut p);
    let region = Region::new(GLOBAL);
    work(&mut p);
    let change = region.change();
    assert_eq!(
        change.allocations + change.reallocations,
        0,
        "rotations, tomb queues and swaps allocated"
    );
    assert!(p == before);
    assert!(p.check_invariants().is_empty());
}
