//! One position, one answer: for every registered variant, along seeded random games, the
//! result of each position reloaded from its saved forms (RON, and FEN where the variant
//! can write one) equals the result the game recorded. A repetition draw is the game's,
//! not the position's (it depends on the history), and is left out of the FEN comparison.

use frozen_core::harness::Rng;
use frozen_core::{position_from_fen, position_from_ron, position_to_ron, Game, Rules};
use frozen_core::{Outcome, VariantVisitor};

const GAMES: u64 = 12;
const MAX_PLIES: usize = 160;

fn result_text(o: Option<&Outcome>) -> String {
    o.map_or_else(|| "none".to_string(), |o| o.to_string())
}

struct Reload;

impl VariantVisitor for Reload {
    type Output = Result<usize, String>;
    fn visit<R: Rules + Clone>(self, rules: R) -> Result<usize, String> {
        let mut compared = 0;
        for seed in 0..GAMES {
            let mut rng = Rng::new(seed.wrapping_mul(0x9E37_79B9) ^ 0x51);
            let mut game = Game::new(rules.clone());
            for ply in 0..=MAX_PLIES {
                let pos = game.position();
                let recorded = game.result().cloned();
                let here = || format!("{} seed {seed} ply {ply}", rules.name());
                let ron = position_to_ron(&rules, pos);
                let back = position_from_ron(&rules, &ron)
                    .map_err(|e| format!("{}: saved RON does not load: {e}\n{ron}", here()))?;
                if back.result() != recorded.as_ref() {
                    return Err(format!(
                        "{}: reloaded from RON the result is {}, the game recorded {}",
                        here(),
                        result_text(back.result()),
                        result_text(recorded.as_ref())
                    ));
                }
                let by_repetition = recorded
                    .as_ref()
                    .is_some_and(|o| o.reason.contains("repetition"));
                if let (Some(fen), false) = (rules.to_fen(pos), by_repetition) {
                    let back = position_from_fen(&rules, &fen)
                        .map_err(|e| format!("{}: saved FEN {fen:?} does not load: {e}", here()))?;
                    if back.result() != recorded.as_ref() {
                        return Err(format!(
                            "{}: reloaded from FEN {fen:?} the result is {}, the game recorded {}",
                            here(),
                            result_text(back.result()),
                            result_text(recorded.as_ref())
                        ));
                    }
                }
                compared += 1;
                if recorded.is_some() {
                    break;
                }
                let actions = game.actions();
                if actions.is_empty() {
                    break;
                }
                let a = actions[rng.below(actions.len())].clone();
                game.apply(&a)
                    .map_err(|e| format!("{}: a listed action is refused: {e}", here()))?;
            }
        }
        Ok(compared)
    }
}

#[test]
fn the_result_of_a_reloaded_position_equals_the_recorded_result() {
    let mut failures = Vec::new();
    for v in frozen_variants::VARIANTS {
        match frozen_variants::visit(v.name, Reload) {
            Ok(Ok(n)) => assert!(n > 0, "{}: no position compared", v.name),
            Ok(Err(e)) => failures.push(e),
            Err(e) => failures.push(format!("{}: {e}", v.name)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Positions where the game is decided right away, reached in two ways: played to, and
/// loaded from FEN. A mate in the fewest moves for the chess sets.
#[test]
fn a_mate_loaded_from_fen_is_a_mate() {
    struct Mate;
    impl VariantVisitor for Mate {
        type Output = (Option<Outcome>, Option<Outcome>);
        fn visit<R: Rules + Clone>(self, rules: R) -> Self::Output {
            let mut g = Game::new(rules.clone());
            for t in ["f2f3", "e7e5", "g2g4", "d8h4"] {
                g.apply_text(t).expect("fool's mate plays");
            }
            let fen = rules.to_fen(g.position()).expect("a FEN");
            let loaded = position_from_fen(&rules, &fen).expect("loads");
            (g.result().cloned(), loaded.result().cloned())
        }
    }
    let (played, loaded) = frozen_variants::visit("fide", Mate).expect("fide is registered");
    assert_eq!(
        played.as_ref().and_then(|o| o.winner),
        Some(frozen_core::Side::Black)
    );
    assert_eq!(played, loaded);
}
