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

/// Random play with the default [`Rules::action_kind`] (one kind) draws exactly what
/// uniform play drew: the same index and the same generator state afterwards, so the
/// random games, fixtures and floors of every variant that keeps the default stay the
/// same.
#[test]
fn pick_action_with_one_kind_is_uniform_play() {
    let r = toy8();
    let pos = r.initial_position();
    let mut acts = Vec::new();
    r.actions(&pos, &mut acts);
    assert!(acts.len() > 10);
    for seed in 0..300u64 {
        for n in 1..=acts.len() {
            let mut a = harness::Rng::new(seed);
            let mut b = harness::Rng::new(seed);
            assert_eq!(
                harness::pick_action(&r, &pos, &acts[..n], &mut a),
                b.below(n),
                "seed {seed}, {n} actions"
            );
            assert_eq!(a.next_u64(), b.next_u64(), "seed {seed}, {n} actions");
        }
    }
}

/// With kinds, random play picks a kind uniformly among those listed, then an action of
/// it: one action alone in its kind is picked about half of the time, whatever the number
/// of the others.
#[test]
fn pick_action_picks_a_kind_then_an_action_of_it() {
    #[derive(Clone, Debug)]
    struct Kinds(Toy, Action);
    impl Rules for Kinds {
        type State = ToyState;
        fn name(&self) -> &str {
            "toy"
        }
        fn description(&self) -> &str {
            "kinds"
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
        fn perform(&self, pos: &mut Position<ToyState>, a: &Action, events: &mut dyn EventSink) {
            self.0.perform(pos, a, events)
        }
        fn action_kind(&self, _pos: &Position<ToyState>, a: &Action) -> u8 {
            if *a == self.1 {
                7
            } else {
                3
            }
        }
    }
    let toy = toy8();
    let pos = toy.initial_position();
    let mut acts = Vec::new();
    toy.actions(&pos, &mut acts);
    let lone = acts[acts.len() / 2].clone();
    let r = Kinds(toy, lone.clone());
    let mut rng = harness::Rng::new(42);
    let mut hits = vec![0u32; acts.len()];
    for _ in 0..4000 {
        hits[harness::pick_action(&r, &pos, &acts, &mut rng)] += 1;
    }
    let lone_hits = hits[acts.len() / 2];
    assert!((1800..=2200).contains(&lone_hits), "{lone_hits} of 4000");
    // Every other action shares the other half.
    let others = acts.len() as u32 - 1;
    for (i, h) in hits.iter().enumerate() {
        if i != acts.len() / 2 {
            assert!(*h > 2000 / others / 2 && *h < 2000 / others * 2, "{i}: {h}");
        }
    }
    // The harness's random games with these kinds keep every check.
    let report = harness::soak(&r, 10, 3, 60);
    assert!(report.failures.is_empty(), "{:?}", report.failures);
}
