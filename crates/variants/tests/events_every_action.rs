//! Every action reports what it did (issue 21): for every registered variant, along seeded
//! random games, each applied action yields at least one event, including an action that
//! only starts a movement (denial-bait's King steps, chain disguise links) or only declares
//! (bait), which change no unit yet. A denial-bait King's first step is also checked by name.

use frozen_core::harness::Rng;
use frozen_core::{apply, Event, Rules, VariantVisitor};
use frozen_variants::denial_bait::{pending, DenialBait};

const GAMES: u64 = 10;
const MAX_PLIES: usize = 200;

struct EveryAction;

impl VariantVisitor for EveryAction {
    type Output = Result<usize, String>;
    fn visit<R: Rules + Clone>(self, rules: R) -> Result<usize, String> {
        let mut applied = 0;
        for seed in 0..GAMES {
            let mut rng = Rng::new(seed.wrapping_mul(0x2545_F491) ^ 0xE7);
            let mut pos = rules.initial_position();
            for ply in 0..MAX_PLIES {
                let mut actions = Vec::new();
                rules.actions(&pos, &mut actions);
                if actions.is_empty() || pos.result().is_some() {
                    break;
                }
                let a = actions[rng.below(actions.len())].clone();
                let text = rules.format_action(&pos, &a);
                let mut events: Vec<Event> = Vec::new();
                apply(&rules, &mut pos, &a, &mut events)
                    .map_err(|e| format!("{} seed {seed} ply {ply}: {text}: {e}", rules.name()))?;
                if events.is_empty() {
                    return Err(format!(
                        "{} seed {seed} ply {ply}: {text} reported no event",
                        rules.name()
                    ));
                }
                applied += 1;
            }
        }
        Ok(applied)
    }
}

#[test]
fn every_action_reports_an_event() {
    let mut failures = Vec::new();
    for v in frozen_variants::VARIANTS {
        match frozen_variants::visit(v.name, EveryAction) {
            Ok(Ok(n)) => assert!(n > 0, "{}: no action applied", v.name),
            Ok(Err(e)) => failures.push(e),
            Err(e) => failures.push(format!("{}: {e}", v.name)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// DB-KING-04: a King's first step changes no unit (the movement plays when it completes),
/// and reports that the movement waits for its next step or `end`; `declare:1` reports the
/// declaration.
#[test]
fn denial_bait_first_step_and_declaration_report_events() {
    let r = DenialBait::new();
    let mut p = r
        .position_from_fen("4r2k/8/8/b7/8/8/P1PP4/4K3 w - - 0 1")
        .expect("fen");
    let mut events = Vec::new();
    let declare = r.parse_action(&p, "declare:1").expect("parse");
    apply(&r, &mut p, &declare, &mut events).expect("declare");
    assert!(
        matches!(&events[..], [Event::Note(n)] if n.contains("declares bait")),
        "{events:?}"
    );
    let step = r.parse_action(&p, "e1f1").expect("parse");
    let before = p.units().to_vec();
    let mut events = Vec::new();
    apply(&r, &mut p, &step, &mut events).expect("first step");
    assert_eq!(
        p.units(),
        &before[..],
        "the board waits for the movement's end"
    );
    match &events[..] {
        [Event::Awaiting(d)] => {
            assert_eq!(d.kind, pending::CONTINUE);
            assert_eq!(d.side, frozen_core::Side::White);
        }
        other => panic!("expected one Awaiting event, got {other:?}"),
    }
}
