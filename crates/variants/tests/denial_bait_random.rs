//! Random play for Denial/Bait chess (seeded xorshift, no dependencies): invariants after
//! every action, the 32 units conserved (DB-BASE-01), every listed action applies, mutated
//! actions are refused without change, undo restores, and after any sequence of denials the
//! position equals the one reached by playing only the surviving actions (DB-DENY-03).

use frozen_core::{apply, Action, ActionKind, NoEvents, Position, Rules, Side};
use frozen_variants::denial_bait::{base::Board, base::DbState, DenialBait};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn check(r: &DenialBait, pos: &Position<DbState>, ctx: &str) {
    let errs = pos.check_invariants();
    assert!(errs.is_empty(), "{ctx}: {errs:?}");
    assert_eq!(pos.units().len(), 32, "{ctx}");
    let c = Board::load(pos).conservation_problems();
    assert!(c.is_empty(), "{ctx}: {c:?}");
    let v = r.validate(pos);
    assert!(v.is_empty(), "{ctx}: {v:?}");
}

fn same_game_state(a: &Position<DbState>, b: &Position<DbState>) -> bool {
    a.units() == b.units()
        && a.to_move() == b.to_move()
        && a.state().game == b.state().game
        && a.turns() == b.turns()
}

fn mutate(rng: &mut Rng, a: &Action) -> Action {
    let mut m = a.clone();
    match rng.below(4) {
        0 => m.arg = m.arg.wrapping_add(1 + rng.below(40) as u16),
        1 => {
            if let Some(last) = m.path.last_mut() {
                *last = frozen_core::Square::new((last.file() + 1) % 8, last.rank());
            } else {
                m.arg += 7;
            }
        }
        2 => {
            m.kind = if m.kind == ActionKind::Move {
                ActionKind::Swap
            } else {
                ActionKind::Move
            }
        }
        _ => {
            m.path.push(frozen_core::Square::new(
                rng.below(8) as u8,
                rng.below(8) as u8,
            ));
        }
    }
    m
}

fn play_game(seed: u64, max_plies: usize, deep_every: usize) -> (usize, usize) {
    let r = DenialBait::new();
    let mut rng = Rng(seed);
    let mut pos = r.initial_position();
    // The surviving line, played on a second position that never sees a denial: a denial
    // there is a journal undo of the denied turn, here a restore of the stored snapshot.
    let mut shadow = r.initial_position();
    let mut cur_start = shadow.mark();
    let mut prev_start = shadow.mark();
    let mut denials = 0;
    let mut plies = 0;
    for ply in 0..max_plies {
        let mut legal = Vec::new();
        r.actions(&pos, &mut legal);
        if legal.is_empty() {
            assert!(
                pos.result().is_some(),
                "seed {seed} ply {ply}: no action but no result"
            );
            break;
        }
        // Prefer denials now and then so that they are exercised.
        let pick = match legal.iter().position(|a| a.kind == ActionKind::Deny) {
            Some(i) if rng.below(3) == 0 => i,
            _ => rng.below(legal.len()),
        };
        let a = legal[pick].clone();
        let deep = ply % deep_every == 0;
        if deep {
            // A mutated action is refused and changes nothing.
            let m = mutate(&mut rng, &a);
            if !legal.contains(&m) {
                let before = pos.clone();
                let e = apply(&r, &mut pos, &m, &mut NoEvents);
                assert!(e.is_err(), "seed {seed} ply {ply}: mutated action accepted");
                assert!(
                    pos == before,
                    "seed {seed} ply {ply}: refused action changed the position"
                );
            }
        }
        let before = pos.clone();
        let mover_before = pos.state().turn.mover;
        let mark = if deep {
            apply(&r, &mut pos, &a, &mut NoEvents)
                .unwrap_or_else(|e| panic!("seed {seed} ply {ply}: listed action refused: {e}"))
        } else {
            let m = pos.mark();
            r.perform(&mut pos, &a, &mut NoEvents);
            m
        };
        check(
            &r,
            &pos,
            &format!(
                "seed {seed} ply {ply} after {}",
                r.format_action(&before, &a)
            ),
        );
        if deep {
            let after = pos.clone();
            pos.undo_to(mark);
            assert!(pos == before, "seed {seed} ply {ply}: undo did not restore");
            let mark2 = pos.mark();
            r.perform(&mut pos, &a, &mut NoEvents);
            assert!(pos == after, "seed {seed} ply {ply}: replay differs");
            let _ = mark2;
        }
        plies += 1;
        if a.kind == ActionKind::Deny {
            denials += 1;
            shadow.undo_to(prev_start);
            cur_start = prev_start;
            assert!(
                same_game_state(&shadow, &pos),
                "seed {seed} ply {ply}: denial differs from the surviving line"
            );
        } else {
            r.perform(&mut shadow, &a, &mut NoEvents);
            if pos.state().turn.mover != mover_before {
                prev_start = cur_start;
                cur_start = shadow.mark();
            }
            assert!(
                same_game_state(&shadow, &pos),
                "seed {seed} ply {ply}: the surviving line diverged"
            );
        }
        if pos.result().is_some() {
            break;
        }
    }
    let _ = Side::White;
    (plies, denials)
}

#[test]
fn random_games() {
    let games: u64 = std::env::var("DB_RANDOM_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let mut total = 0;
    let mut denials = 0;
    for g in 0..games {
        let (p, d) = play_game(
            0x9E37_79B9_7F4A_7C15 ^ (g + 1).wrapping_mul(0x2545_F491_4F6C_DD1D),
            300,
            7,
        );
        total += p;
        denials += d;
    }
    println!("{games} games, {total} actions, {denials} denials");
    assert!(denials > 0);
}
