//! Reliability properties for every registered variant, using the core's public
//! proptest strategies and harness: reachable positions pass every invariant
//! check; action sequences undo exactly and replay from RON exactly; arbitrary
//! actions (legal or not) are either listed and applied, or refused without
//! change; random games keep every invariant after every action.

use frozen_core::harness::{check_position, soak};
use frozen_core::strategies::{action_sequence, any_action, reachable_position};
use frozen_core::{apply, Game, NoEvents, Rules, VariantVisitor};
use proptest::test_runner::{Config, TestCaseError, TestRunner};

fn cases() -> u32 {
    std::env::var("FROZEN_PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(48)
}

struct Props;

impl VariantVisitor for Props {
    type Output = Result<(), String>;
    fn visit<R: Rules + Clone>(self, rules: R) -> Self::Output {
        let mut runner = TestRunner::new(Config {
            cases: cases(),
            failure_persistence: None,
            ..Config::default()
        });
        let r = rules.clone();
        runner
            .run(&reachable_position(rules.clone(), 60), |pos| {
                let errs = check_position(&r, &pos);
                if errs.is_empty() {
                    Ok(())
                } else {
                    Err(TestCaseError::fail(errs.join("\n")))
                }
            })
            .map_err(|e| format!("{}: reachable positions: {e}", rules.name()))?;

        let r = rules.clone();
        runner
            .run(&action_sequence(rules.clone(), 40), |(start, actions)| {
                let mut pos = start.clone();
                let mut marks = Vec::new();
                for a in &actions {
                    marks.push(pos.mark());
                    apply(&r, &mut pos, a, &mut NoEvents)
                        .map_err(|e| TestCaseError::fail(e.to_string()))?;
                }
                // Save and load the game: same position.
                let mut game = Game::from_position(r.clone(), start.clone());
                for a in &actions {
                    game.apply(a)
                        .map_err(|e| TestCaseError::fail(e.to_string()))?;
                }
                let back = Game::from_ron(r.clone(), &game.to_ron())
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
                if back.position() != &pos {
                    return Err(TestCaseError::fail("game RON round trip differs"));
                }
                // Undo everything: exactly the start.
                for m in marks.into_iter().rev() {
                    pos.undo_to(m);
                }
                if pos != start {
                    return Err(TestCaseError::fail("undo did not restore the start"));
                }
                Ok(())
            })
            .map_err(|e| format!("{}: action sequences: {e}", rules.name()))?;

        let r = rules.clone();
        runner
            .run(&reachable_position(rules.clone(), 40), |pos| {
                let mut inner = TestRunner::new(Config {
                    cases: 8,
                    failure_persistence: None,
                    ..Config::default()
                });
                let r2 = r.clone();
                let p2 = pos.clone();
                inner
                    .run(&any_action(r.clone(), pos.clone()), |a| {
                        let mut legal = Vec::new();
                        r2.actions(&p2, &mut legal);
                        let mut q = p2.clone();
                        let res = apply(&r2, &mut q, &a, &mut NoEvents);
                        match (legal.contains(&a), res) {
                            (true, Ok(_)) => Ok(()),
                            (false, Err(_)) if q == p2 => Ok(()),
                            (false, Err(_)) => {
                                Err(TestCaseError::fail("refused action changed the position"))
                            }
                            (true, Err(e)) => {
                                Err(TestCaseError::fail(format!("listed action refused: {e}")))
                            }
                            (false, Ok(_)) => Err(TestCaseError::fail(format!(
                                "unlisted action applied: {a:?}"
                            ))),
                        }
                    })
                    .map_err(|e| TestCaseError::fail(e.to_string()))
            })
            .map_err(|e| format!("{}: arbitrary actions: {e}", rules.name()))?;

        let report = soak(&rules, 20, 1, 200);
        if let Some((seed, msg)) = report.failures.first() {
            return Err(format!(
                "{}: random game with seed {seed} failed: {msg}",
                rules.name()
            ));
        }
        Ok(())
    }
}

#[test]
fn every_registered_variant_keeps_its_invariants() {
    let mut failures = Vec::new();
    for v in frozen_variants::VARIANTS {
        match frozen_variants::visit(v.name, Props) {
            Ok(Ok(())) => {}
            Ok(Err(e)) => failures.push(e),
            Err(e) => failures.push(e.to_string()),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
