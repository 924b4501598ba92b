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

/// Perft from the initial position, depth 1 (deeper counts are in the fixture).
#[test]
fn start_depths() {
    let r = DenialBait::new();
    let mut p = r.initial_position();
    assert_eq!(perft(&r, &mut p, 1), 57);
}

#[derive(serde::Deserialize)]
struct Case {
    name: String,
    fen: Option<String>,
    depth: u32,
    nodes: u64,
    #[allow(dead_code)]
    #[serde(default)]
    source: Option<String>,
}

#[derive(serde::Deserialize)]
struct Fixture {
    variant: String,
    cases: Vec<Case>,
}

/// Every case of `fixtures/perft/denial-bait.ron` (the largest only with DB_PERFT_DEEP=1).
#[test]
fn fixture_cases() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/perft/denial-bait.ron");
    let text = std::fs::read_to_string(path).expect("fixture");
    let fx: Fixture = ron::from_str(&text).expect("fixture format");
    assert_eq!(fx.variant, "denial-bait");
    let deep = std::env::var("DB_PERFT_DEEP").is_ok();
    let r = DenialBait::new();
    for c in fx.cases {
        if c.nodes > 200_000 && !deep {
            continue;
        }
        let mut p = match &c.fen {
            Some(f) => r.position_from_fen(f).expect("fen"),
            None => r.initial_position(),
        };
        assert_eq!(
            perft(&r, &mut p, c.depth),
            c.nodes,
            "{} depth {}",
            c.name,
            c.depth
        );
    }
}
