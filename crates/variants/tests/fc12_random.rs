//! Random play for fc12: a few hundred seeded random games from the initial
//! position, checking after every action the core invariants, unit conservation,
//! that listed actions apply, that unlisted actions are refused without change,
//! and that undo restores the position exactly.

use frozen_core::harness::Rng;
use frozen_core::{apply, Action, ActionKind, Location, Rules, Square};
use frozen_variants::fc12::{Fc12, Fc12Position};

fn census(pos: &Fc12Position) -> (usize, usize, usize) {
    let mut c = (0, 0, 0);
    for u in pos.units() {
        match u.loc {
            Location::Board(_) => c.0 += 1,
            Location::Captured(_) => c.1 += 1,
            Location::Dead => c.2 += 1,
            _ => {}
        }
    }
    c
}

/// An action close to a legal one but (usually) not legal: another destination,
/// another kind, a dropped or added promotion.
fn mutate(a: &Action, rng: &mut Rng) -> Action {
    let mut m = a.clone();
    match rng.below(4) {
        0 => {
            if let Some(last) = m.path.last_mut() {
                *last = Square::from_index(rng.below(256) as u8);
            }
        }
        1 => {
            m.kind = [
                ActionKind::Move,
                ActionKind::Swap,
                ActionKind::Exchange,
                ActionKind::End,
                ActionKind::Act,
            ][rng.below(5)];
        }
        2 => {
            m.piece = if m.piece.is_some() {
                None
            } else {
                Some(frozen_core::Kind(rng.below(9) as u8))
            };
        }
        _ => {
            if let Some(first) = m.path.first_mut() {
                *first = Square::from_index(rng.below(256) as u8);
            }
        }
    }
    m
}

#[test]
fn fc12_random_games_keep_invariants() {
    let rules = Fc12::new();
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let games = 300;
    let mut ended = 0;
    let mut total_plies = 0usize;
    for g in 0..games {
        let mut pos = rules.initial_position();
        let total = pos.units().len();
        for ply in 0..300 {
            let mut acts = Vec::new();
            rules.actions(&pos, &mut acts);
            if pos.result().is_some() {
                assert!(
                    acts.is_empty(),
                    "game {g} ply {ply}: actions listed after the end"
                );
                ended += 1;
                break;
            }
            assert!(
                !acts.is_empty(),
                "game {g} ply {ply}: no action but no result"
            );
            // A foreign action is refused and changes nothing.
            let foreign = mutate(&acts[rng.below(acts.len())], &mut rng);
            if !acts.contains(&foreign) {
                let before = pos.clone();
                let h = pos.hash();
                let r = apply(&rules, &mut pos, &foreign, &mut Vec::new());
                assert!(
                    r.is_err(),
                    "game {g} ply {ply}: unlisted action {foreign:?} accepted"
                );
                assert!(
                    pos == before && pos.hash() == h,
                    "game {g} ply {ply}: refused action changed the position"
                );
            }
            // Every listed action applies (checked through `apply` on a sample of plies, and
            // through `perform`, which `apply` runs after its membership test, on every third
            // ply); each keeps the invariants and undo restores the position.
            if ply % 3 == 0 {
                let through_apply = ply % 21 == 0;
                for a in &acts {
                    let before = pos.clone();
                    let mark = if through_apply {
                        apply(&rules, &mut pos, a, &mut Vec::new()).unwrap_or_else(|e| {
                            panic!("game {g} ply {ply}: listed action refused: {e}")
                        })
                    } else {
                        let m = pos.mark();
                        rules.perform(&mut pos, a, &mut Vec::new());
                        m
                    };
                    let errs = pos.check_invariants();
                    assert!(errs.is_empty(), "game {g} ply {ply} after {a:?}: {errs:?}");
                    let (b, c, d) = census(&pos);
                    assert_eq!(
                        b + c + d,
                        total,
                        "game {g} ply {ply} after {a:?}: units not conserved"
                    );
                    pos.undo_to(mark);
                    assert!(
                        pos == before,
                        "game {g} ply {ply}: undo of {a:?} did not restore"
                    );
                }
            }
            let a = acts[rng.below(acts.len())].clone();
            let before = pos.clone();
            let mark = apply(&rules, &mut pos, &a, &mut Vec::new())
                .unwrap_or_else(|e| panic!("game {g} ply {ply}: listed action refused: {e}"));
            let errs = pos.check_invariants();
            assert!(errs.is_empty(), "game {g} ply {ply} after {a:?}: {errs:?}");
            let (b, c, d) = census(&pos);
            assert_eq!(b + c + d, total, "game {g} ply {ply}: units not conserved");
            assert!(
                rules.validate(&pos).is_empty() || pos.result().is_some(),
                "game {g} ply {ply}: {:?}",
                rules.validate(&pos)
            );
            // Undo and redo.
            let after = pos.clone();
            pos.undo_to(mark);
            assert!(pos == before, "game {g} ply {ply}: undo did not restore");
            let mark2 = apply(&rules, &mut pos, &a, &mut Vec::new()).expect("redo");
            let _ = mark2;
            assert!(pos == after, "game {g} ply {ply}: redo differs");
            total_plies += 1;
        }
    }
    assert!(total_plies > 0);
    eprintln!("{games} games, {ended} finished, {total_plies} plies");
}
