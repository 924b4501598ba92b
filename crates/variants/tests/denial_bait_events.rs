//! The event log explains every change (DESIGN.md): a denial names every unit its restore
//! moved back, and random play passes the core harness (`checked_step`: every unit whose
//! location, kind or owner changes is named by an event of the action).

use frozen_core::harness::{checked_step, soak, Rng};
use frozen_core::{apply, Event, Rules, Side, Square, UnitId};
use frozen_variants::denial_bait::DenialBait;

/// DB-DENY-03: `Denied`, then one event per unit the restore changed, in unit-id order.
#[test]
fn deny_names_the_units_it_moves_back() {
    let r = DenialBait::new();
    let mut p = r.initial_position();
    let a = r.parse_action(&p, "e2e3e4").expect("parse");
    apply(&r, &mut p, &a, &mut Vec::new()).expect("e2e3e4");
    let d = r.parse_action(&p, "deny").expect("parse deny");
    let mut rng = Rng::new(1);
    let events = checked_step(&r, &mut p, &d, &mut rng).expect("harness");
    // Units are numbered in scan order a1, b1, ..., so the e2 pawn is unit 12.
    assert_eq!(
        events,
        vec![
            Event::Denied { by: Side::Black },
            Event::Moved {
                unit: UnitId(12),
                from: Square::new(4, 3),
                to: Square::new(4, 1),
            },
        ]
    );
}

/// Short random games with every harness check on (the soak example runs longer ones).
#[test]
fn harness_soak_short() {
    let r = DenialBait::new();
    let report = soak(&r, 4, 0xDB, 120);
    assert!(report.failures.is_empty(), "{:?}", report.failures);
    assert!(report.stats.plies > 100);
}
