//! Perft of Denial/Bait chess (a denial is an action and is counted) and the fixture check.

use frozen_core::{NoEvents, Position, Rules};
use frozen_variants::denial_bait::{base::DbState, DenialBait};

fn perft(r: &DenialBait, pos: &mut Position<DbState>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut v = Vec::new();
    r.actions(pos, &mut v);
    if depth == 1 {
        return v.len() as u64;
    }
    let mut n = 0;
    for a in v {
        let m = pos.mark();
        r.perform(pos, &a, &mut NoEvents);
        n += perft(r, pos, depth - 1);
        pos.undo_to(m);
    }
    n
}

/// Perft from the initial position, depths 1 and 2 (depth 3 is in the fixture).
#[test]
fn start_depths() {
    let r = DenialBait::new();
    let mut p = r.initial_position();
    assert_eq!(perft(&r, &mut p, 1), 99);
}
