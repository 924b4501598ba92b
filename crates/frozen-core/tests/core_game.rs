//! Game, apply, undo, repetition and formats, on the toy rule set.

mod toy;
use frozen_core::*;
use toy::*;

fn toy8() -> Toy {
    Toy::new(Shape::EIGHT)
}

#[test]
fn illegal_action_is_refused_and_changes_nothing() {
    let rules = toy8();
    let mut g = Game::new(rules);
    let before = g.position().clone();
    let err = g.apply_text("a1a3").unwrap_err();
    assert!(err.to_string().contains("illegal action a1a3"), "{err}");
    assert_eq!(*g.position(), before);
    let err = g.apply_text("a1z9").unwrap_err();
    assert!(matches!(err, GameError::Parse(_)), "{err}");
    assert_eq!(*g.position(), before);
}

#[test]
fn undo_restores_exactly() {
    let rules = toy8();
    let mut g = Game::new(rules);
    let start = g.position().clone();
    for t in ["b1b5", "g8g5", "b5g5", "h8g8"] {
        g.apply_text(t).unwrap();
        assert!(g.position().check_invariants().is_empty());
    }
    while g.undo().is_some() {}
    assert_eq!(*g.position(), start);
    assert_eq!(g.position().hash(), g.position().compute_hash());
}

#[test]
fn threefold_repetition_is_a_draw_confirmed_by_state() {
    let mut g = Game::new(toy8());
    // The first cycle sets the kings' has-moved flags (status is part of the state), so the
    // position after cycle 1 differs from the start and repeats after cycles 2 and 3.
    // The first position seen three times is the one after h8h7 (both kings moved): plies 2, 6, 10.
    let cycle = ["a1a2", "h8h7", "a2a1", "h7h8"];
    for t in cycle.iter().cycle().take(10) {
        assert!(g.result().is_none());
        g.apply_text(t).unwrap();
    }
    // The position occurs for the third time: a draw, reported with its reason.
    assert_eq!(g.repetition_count(), 3);
    let r = g.result().expect("draw");
    assert_eq!(r.winner, None);
    assert_eq!(r.reason, "3-fold repetition");
    assert!(g.actions().is_empty());
    // Undo takes the draw back with the action.
    g.undo();
    assert!(g.result().is_none());
    assert_eq!(g.repetition_count(), 2);
}

#[test]
fn repetition_is_confirmed_by_state_not_hash_alone() {
    // Same placement and side, different variant state (a capture happened): not a repetition.
    let mut g = Game::from_position(
        toy8(),
        toy8().position_from_fen("k7/8/8/8/8/8/r7/K6R w").unwrap(),
    );
    for t in [
        "h1h2", "a8b8", "h2h1", "b8a8", "h1h2", "a8b8", "h2h1", "b8a8",
    ] {
        g.apply_text(t).unwrap();
    }
    assert_eq!(g.repetition_count(), 2);
    g.apply_text("h1h2").unwrap();
    g.apply_text("a2h2").unwrap(); // capture: the state counter changes
    assert_eq!(g.repetition_count(), 1);
}

#[test]
fn game_ron_round_trip_replays_exactly() {
    let mut g = Game::new(toy8());
    for t in ["b1b5", "g8g5", "b5g5"] {
        g.apply_text(t).unwrap();
    }
    let text = g.to_ron();
    let g2 = Game::from_ron(toy8(), &text).unwrap();
    assert_eq!(g2.position(), g.position());
    assert_eq!(g2.history().len(), 3);
}

#[test]
fn game_over_refuses_actions() {
    let mut g = Game::from_position(
        toy8(),
        toy8().position_from_fen("7k/8/8/8/8/8/8/K6R w").unwrap(),
    );
    g.apply_text("h1h8").unwrap();
    assert_eq!(g.result().unwrap().winner, Some(Side::White));
    assert!(g.actions().is_empty());
    let before = g.position().clone();
    assert!(matches!(
        g.apply_text("a1a2"),
        Err(GameError::Action(ActionError::GameOver(_)))
    ));
    assert_eq!(*g.position(), before);
}

#[test]
fn fen_round_trip_and_errors() {
    let r = Toy::new(Shape::new(12, 12).unwrap());
    let fen = "r10k/12/12/12/12/12/12/12/12/12/12/KR10 w";
    let p = r.position_from_fen(fen).unwrap();
    assert_eq!(r.to_fen(&p).unwrap(), fen);
    for (bad, col) in [
        ("r10k/12/12/12/12/12/12/12/12/12/12/KR11 w", 38),
        ("x11/12/12/12/12/12/12/12/12/12/12/12 w", 1),
    ] {
        let e = r.position_from_fen(bad).unwrap_err();
        assert_eq!(e.kind(), Some(ProblemKind::Syntax));
        assert!(
            e.problems[0].location.contains(&format!("column {col}")),
            "{e}"
        );
    }
    assert!(r.position_from_fen("12/12 x").is_err());
}

#[test]
fn loader_reports_every_inconsistency_with_location() {
    let r = toy8();
    let text = r#"(
        variant: "toy",
        units: [
            (id: 0, kind: "K", side: White, at: Board("a1")),
            (id: 1, kind: "K", side: Black, at: Board("a1")),
            (id: 2, kind: "Q", side: Black, at: Board("b2")),
            (id: 4, kind: "R", side: Black, at: Board("i9")),
            (id: 4, kind: "R", side: Black, at: Tomb("c3")),
        ],
        walls: [("p16", (creator: 0, side: White))],
        tombs: [("d4", (queue: [9]))],
    )"#;
    let e = position_from_ron(&r, text).unwrap_err();
    let kinds: Vec<ProblemKind> = e.problems.iter().map(|p| p.kind).collect();
    for k in [
        ProblemKind::Conflict,
        ProblemKind::UnknownKind,
        ProblemKind::BadId,
        ProblemKind::OffBoard,
        ProblemKind::Inconsistent,
    ] {
        assert!(kinds.contains(&k), "missing {k:?} in {e}");
    }
    assert!(e.to_string().contains("units[1]"), "{e}");
    assert!(e.to_string().contains("walls[p16]"), "{e}");
    let e = position_from_ron(&r, "(variant: \"toy\", units: [(id: 0, kind: 3)])").unwrap_err();
    assert_eq!(e.kind(), Some(ProblemKind::Syntax));
    assert!(e.problems[0].location.starts_with("line 1"), "{e}");
    let e = position_from_ron(&r, "(variant: \"other\")").unwrap_err();
    assert_eq!(e.kind(), Some(ProblemKind::WrongVariant));
}

#[test]
fn action_text_round_trips_and_rejects_garbage() {
    let r = toy8();
    let k = r.kinds();
    for t in [
        "e2e4",
        "a16b14c12",
        "e7e8=R",
        "swap:e1g1",
        "exchange:g1e4",
        "drop:R@e4",
        "act:e4e6",
        "deny",
        "end",
        "pass",
        "choose:0",
        "choose:3",
        "declare:0",
        "declare:1",
        "e1g1#2",
    ] {
        let a = parse_action(k, t).unwrap_or_else(|e| panic!("{t}: {e}"));
        assert_eq!(format_action(k, &a), t);
    }
    for (t, col) in [
        ("", 1),
        ("e9", 3),
        ("q2q3", 1),
        ("e2e4=X", 6),
        ("e2e4x", 5),
        ("foo:e2", 1),
        ("choose:03", 8),
        ("choose", 7),
        ("declare", 8),
        ("e2e4#0", 6),
        ("a17a1", 1),
    ] {
        let e = parse_action(k, t).expect_err(t);
        assert_eq!(e.column, col, "{t}: {e}");
    }
}

#[test]
fn soak_toy_rules_with_every_check() {
    let r = toy8();
    let report = frozen_core::harness::soak(&r, 40, 7, 120);
    assert!(report.failures.is_empty(), "{:?}", report.failures);
    assert_eq!(report.stats.games, 40);
    assert!(report.stats.plies > 40);
}

#[test]
fn harness_catches_a_unit_changed_without_event() {
    // A rule set that moves a unit but reports nothing must fail the event check.
    #[derive(Clone, Debug)]
    struct Silent(Toy);
    impl Rules for Silent {
        type State = ToyState;
        fn name(&self) -> &str {
            "toy"
        }
        fn description(&self) -> &str {
            "silent"
        }
        fn kinds(&self) -> &KindSet {
            self.0.kinds()
        }
        fn shape(&self) -> Shape {
            self.0.shape()
        }
        fn initial_position(&self) -> Position<ToyState> {
            self.0.initial_position()
        }
        fn actions(&self, pos: &Position<ToyState>, out: &mut Vec<Action>) {
            self.0.actions(pos, out)
        }
        fn perform(&self, pos: &mut Position<ToyState>, a: &Action, _events: &mut dyn EventSink) {
            self.0.perform(pos, a, &mut NoEvents)
        }
    }
    let report = frozen_core::harness::soak(&Silent(toy8()), 1, 1, 10);
    assert_eq!(report.failures.len(), 1);
    assert!(
        report.failures[0].1.contains("without an event"),
        "{:?}",
        report.failures
    );
}
