//! fc12 rule tests that are easier to state in Rust than as scenario fixtures:
//! set-up census, paralysis arithmetic, display, validation, repetition keys,
//! game ends reported through `frozen_core::Game`, and text round trips.

use frozen_core::{position_from_ron, Game, NoEvents, Outcome, Rules, Side};
use frozen_variants::fc12::{draw, paralysis, Fc12, Fc12Position, KING, PAWN};

fn rules() -> Fc12 {
    Fc12::new()
}

fn fen(f: &str) -> Fc12Position {
    rules()
        .position_from_fen(f)
        .unwrap_or_else(|e| panic!("{f}: {e}"))
}

fn play(f: &str, actions: &[&str]) -> Game<Fc12> {
    let mut g = Game::from_position(rules(), fen(f));
    for a in actions {
        g.apply_text(a).unwrap_or_else(|e| panic!("{a}: {e}"));
    }
    g
}

fn outcome(winner: Option<Side>, reason: &str) -> Outcome {
    Outcome {
        winner,
        reason: reason.to_string().into(),
    }
}

#[test]
fn f12_setu_03_units_identity_and_census() {
    let r = rules();
    let pos = r.initial_position();
    assert_eq!(pos.units().len(), 48);
    for side in Side::ALL {
        let count = |letter: char| {
            let k = r.kinds().by_fen(letter).expect("kind");
            pos.pieces(side, k).count()
        };
        assert_eq!(
            [
                count('P'),
                count('R'),
                count('N'),
                count('B'),
                count('D'),
                count('J'),
                count('Q'),
                count('K')
            ],
            [12, 2, 2, 2, 2, 2, 1, 1],
            "{side}"
        );
    }
    assert!(pos.marks(0).is_empty(), "no death squares at the start");
    assert!(
        pos.units().iter().all(|u| u.status.is_default()),
        "nobody paralysed at the start"
    );
    assert_eq!(pos.to_move(), Side::White);
}

#[test]
fn f12_para_02_maximum_not_sum() {
    let mut pos = fen("10pk/12/12/12/12/12/12/12/3N8/12/12/KP10 w");
    let id = pos.unit_at("d4".parse().expect("sq")).expect("knight");
    let k = pos.turns()[Side::White];
    paralysis::paralyze(&mut pos, id, 2, &mut NoEvents);
    paralysis::paralyze(&mut pos, id, 1, &mut NoEvents);
    assert_eq!(
        pos.unit(id).status.frozen_through,
        k + 2,
        "maximum, not sum"
    );
    paralysis::paralyze(&mut pos, id, 2, &mut NoEvents);
    assert_eq!(
        pos.unit(id).status.frozen_through,
        k + 2,
        "overlap does not add"
    );
    assert_eq!(
        paralysis::turns_left(&pos, id),
        3,
        "current turn plus the next 2"
    );
    assert!(paralysis::timer_frozen(&pos, id));
}

#[test]
fn f12_para_02_frozen_between_owner_turns() {
    // A black rook frozen for its owner's next turn gives no check during White's turn,
    // and is free again once its frozen turn has passed.
    let g = play(
        "r9pk/12/12/12/12/12/12/12/12/12/5P6/KP10 w - a12:1",
        &["f2f3", "end", "k12k11", "end"],
    );
    let pos = g.position();
    let r = rules();
    let mut acts = Vec::new();
    r.actions(pos, &mut acts);
    let texts: Vec<String> = acts.iter().map(|a| r.format_action(pos, a)).collect();
    assert!(
        !texts.contains(&"f3f4".to_string()),
        "the rook is free again and gives check: {texts:?}"
    );
}

#[test]
fn f12_visu_01_describe_state() {
    let r = rules();
    let pos = fen("10pk/12/12/12/12/12/12/12/3Nj7/12/12/KP10 b d6,e7 d4:2");
    let lines = r.describe_state(&pos).join("\n");
    assert!(lines.contains("death squares: d6 e7"), "{lines}");
    assert!(
        lines.contains("d4: paralysed for 2 more turn(s)"),
        "{lines}"
    );
    assert!(
        lines.contains("d4: paralysed by the presence of the jester on e4"),
        "{lines}"
    );
    assert_eq!(
        r.to_fen(&pos).as_deref(),
        Some("10pk/12/12/12/12/12/12/12/3Nj7/12/12/KP10 b d6,e7 d4:2")
    );
}

#[test]
fn f12_absn_01_no_fc6_state_accepted() {
    let r = rules();
    let with_tomb = r#"(variant: "fc12", placement: Some("10pk/12/12/12/12/12/12/12/12/12/12/KP10"),
        units: [(id: 4, kind: "N", side: White, at: Tomb("e4"))], tombs: [("e4", (queue: [4]))])"#;
    let err = position_from_ron(&r, with_tomb).expect_err("tombs are refused");
    assert!(err.to_string().contains("F12-ABSN-01"), "{err}");
    let with_wall_mark = r#"(variant: "fc12", placement: Some("10pk/12/12/12/12/12/12/12/12/12/12/KP10"), marks: [(2, ["e4"])])"#;
    assert!(
        position_from_ron(&r, with_wall_mark).is_err(),
        "only mark layer 0 exists"
    );
}

#[test]
fn f12_setu_01_validate_refuses_bad_boards() {
    let r = rules();
    // An action naming a square off the 12x12 board (file m, rank 13) is refused with that reason.
    let mut g = Game::new(rules());
    let before = g.position().clone();
    for text in ["l2m3", "l11l13"] {
        let e = g.apply_text(text).expect_err(text).to_string();
        assert!(e.contains("off the 12x12 board"), "{text}: {e}");
        assert!(*g.position() == before, "{text} changed the position");
    }
    assert!(
        r.position_from_fen("10pk/12/12/12/12/12/12/12/12/12/12/KP11 w")
            .is_err(),
        "13 files"
    );
    assert!(
        r.position_from_fen("10pk/12/12/12/12/12/12/12/12/12/12/12/KP10 w")
            .is_err(),
        "13 ranks"
    );
    let two = r
        .position_from_fen("10pk/12/12/12/12/12/12/12/12/12/12/KPK9 w")
        .expect_err("two kings");
    assert!(two.to_string().contains("2 kings"), "{two}");
    assert!(
        r.position_from_fen("10pk/12/12/12/12/12/12/12/12/12/12/1P10 w")
            .is_err(),
        "no king"
    );
    assert!(r
        .position_from_fen("10pk/12/12/12/12/12/12/12/12/12/12/KP10 w e13")
        .is_err());
    assert!(
        r.position_from_fen("10pk/12/12/12/12/12/12/12/12/12/12/KP10 w - e4:2")
            .is_err(),
        "no unit on e4"
    );
}

#[test]
fn f12_draw_01_timers_compare_as_turns_left() {
    let a = fen("10pk/12/12/12/12/12/12/12/3N8/12/12/KP10 w - d4:2");
    let b = fen("10pk/12/12/12/12/12/12/12/3N8/12/12/KP10 w - d4:1");
    let c = fen("10pk/12/12/12/12/12/12/12/3N8/12/12/KP10 w");
    assert!(!draw::same_for_repetition(&a, &b), "different turns left");
    assert!(!draw::same_for_repetition(&b, &c));
    let mut a2 = a.clone();
    let id = a2.unit_at("d4".parse().expect("sq")).expect("n");
    let mut t = a2.turns();
    t[Side::White] += 5;
    t[Side::Black] += 5;
    a2.set_turns(t);
    a2.update_status(id, |s| s.frozen_through += 5);
    assert!(
        draw::same_for_repetition(&a, &a2),
        "same turns left, other absolute counters"
    );
    // The key the core Game files repetitions under agrees with the comparison.
    let r = rules();
    assert_eq!(r.repetition_key(&a), r.repetition_key(&a2));
    assert_ne!(r.repetition_key(&a), r.repetition_key(&b));
    assert_ne!(r.repetition_key(&b), r.repetition_key(&c));
    assert!(rules().same_for_repetition(&a, &a.clone()));
}

/// F12-DRAW-01: the side to move, the death squares and the double move under way are part
/// of "the same position", in the comparison and in the key.
#[test]
fn f12_draw_01_key_includes_side_death_squares_and_double_move() {
    let r = rules();
    let base = fen("10pk/12/12/12/12/12/12/4N7/12/12/12/KP10 w");
    let others = [
        (
            "the side to move",
            fen("10pk/12/12/12/12/12/12/4N7/12/12/12/KP10 b"),
        ),
        (
            "a death square",
            fen("10pk/12/12/12/12/12/12/4N7/12/12/12/KP10 w c6"),
        ),
        (
            "a double move under way",
            fen("10pk/12/12/12/12/12/12/4N7/12/12/12/KP10 w - - e5"),
        ),
    ];
    for (what, other) in &others {
        assert!(
            !draw::same_for_repetition(&base, other),
            "{what} ignored by the comparison"
        );
        assert_ne!(
            r.repetition_key(&base),
            r.repetition_key(other),
            "{what} ignored by the key"
        );
    }
}

#[test]
fn f12_draw_01_threefold_through_game() {
    let cycle = [
        "b1c3", "end", "b12c10", "end", "c3b1", "end", "c10b12", "end",
    ];
    let mut g = Game::new(rules());
    for _ in 0..2 {
        for a in cycle {
            assert!(g.result().is_none());
            g.apply_text(a).unwrap_or_else(|e| panic!("{a}: {e}"));
        }
    }
    assert_eq!(g.result(), Some(&outcome(None, "3-fold repetition")));
}

/// F12-DRAW-01: no 50-move rule. Both sides shuffle a knight for 160 turns (80 each, no
/// capture, no pawn move, no double move, no check), never letting a position occur a third
/// time; the game must still be going on.
#[test]
fn f12_draw_01_no_fifty_move_rule() {
    // A knight for each side, far from the kings; one pawn each stays put.
    let mut g = Game::from_position(
        rules(),
        fen("11k/10p1/12/12/12/7n4/12/12/12/4N7/1P10/K11 w"),
    );
    for turn in 0..160 {
        let me = g.position().to_move();
        let knight = g.position().pieces(me, frozen_variants::fc12::KNIGHT);
        let from = knight.iter().next().expect("the knight is still there");
        let candidates: Vec<_> = g
            .actions()
            .into_iter()
            .filter(|a| a.path.len() == 2 && a.from() == Some(from))
            .filter(|a| a.to().is_some_and(|t| g.position().unit_at(t).is_none()))
            .collect();
        let mut played = false;
        for a in candidates {
            g.apply(&a).expect("listed");
            // The turn goes on (no check); end it, and keep the position new enough.
            let mid_turn = g.position().to_move() == me;
            if mid_turn && g.apply_text("end").is_ok() {
                match g.result() {
                    None => {
                        played = true;
                        break;
                    }
                    Some(o) if o.reason.contains("repetition") => {}
                    Some(o) => panic!("turn {turn}: the game ended without a repetition: {o}"),
                }
                g.undo();
            }
            g.undo();
        }
        assert!(played, "turn {turn}: no quiet knight move left");
    }
    assert_eq!(g.result(), None, "no draw without a threefold repetition");
    assert_eq!(g.history().len(), 320);
}

#[test]
fn f12_vict_01_checkmate_through_game() {
    let g = play("p10k/12/12/12/12/12/12/R6R4/12/12/12/KP10 w", &["h5l5"]);
    assert_eq!(g.result(), Some(&outcome(Some(Side::White), "checkmate")));
}

#[test]
fn f12_vict_01_king_killed_through_game() {
    let g = play("10p1/12/12/12/12/12/12/5k6/4j7/2N9/12/KP10 w", &["c3e4"]);
    assert_eq!(g.result(), Some(&outcome(Some(Side::White), "king killed")));
}

#[test]
fn f12_vict_02_all_pawns_lost_through_game() {
    let g = play("11k/12/12/12/12/12/5p6/12/3B8/12/12/KP10 w", &["d4f6"]);
    assert_eq!(
        g.result(),
        Some(&outcome(Some(Side::White), "all pawns lost"))
    );
}

#[test]
fn f12_vict_03_stalemate_is_a_loss_through_game() {
    let g = play(
        "10pk/8N3/12/12/12/12/12/12/12/12/12/KP10 w - k12:1",
        &["b1c1", "end"],
    );
    assert_eq!(g.result(), Some(&outcome(Some(Side::White), "stalemate")));
}

#[test]
fn f12_turn_02_every_legal_action_leaves_own_king_safe() {
    // Property over random play: after a completed turn the mover's king is never attacked.
    let r = rules();
    let mut g = Game::new(r.clone());
    let mut seed = 7u64;
    for _ in 0..400 {
        let acts = g.actions();
        if acts.is_empty() {
            break;
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let a = acts[(seed >> 33) as usize % acts.len()].clone();
        let mover = g.position().to_move();
        g.apply(&a).expect("listed");
        let pos = g.position();
        if pos.to_move() != mover && pos.result().is_none() {
            let k = pos.pieces(mover, KING).first().expect("king alive");
            assert!(!frozen_variants::fc12::capture::attacked_by(
                &r,
                pos,
                k,
                mover.opposite()
            ));
        }
    }
}

#[test]
fn f12_pawn_03_promoted_pawns_are_not_pawns() {
    let g = play("10pk/4P7/12/12/12/12/12/12/12/12/12/K11 w", &["e11e12=Q"]);
    assert_eq!(g.position().pieces(Side::White, PAWN).count(), 0);
    assert_eq!(
        g.result(),
        Some(&outcome(Some(Side::Black), "all pawns lost"))
    );
}

#[test]
fn fen_and_action_text_round_trip_in_random_play() {
    let r = rules();
    let mut pos = r.initial_position();
    let mut seed = 99u64;
    for _ in 0..300 {
        let f = r.to_fen(&pos).expect("fen");
        let back = r
            .position_from_fen(&f)
            .unwrap_or_else(|e| panic!("{f}: {e}"));
        assert_eq!(r.to_fen(&back).as_deref(), Some(f.as_str()));
        let texts = |p: &Fc12Position| {
            let mut v = Vec::new();
            r.actions(p, &mut v);
            let mut t: Vec<String> = v.iter().map(|a| r.format_action(p, a)).collect();
            t.sort();
            t
        };
        assert_eq!(
            texts(&pos),
            texts(&back),
            "FEN keeps the legal actions: {f}"
        );
        let mut acts = Vec::new();
        r.actions(&pos, &mut acts);
        if acts.is_empty() {
            break;
        }
        for a in &acts {
            let t = r.format_action(&pos, a);
            assert_eq!(r.parse_action(&pos, &t).as_ref(), Ok(a), "{t}");
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let a = acts[(seed >> 33) as usize % acts.len()].clone();
        r.perform(&mut pos, &a, &mut NoEvents);
    }
}

#[test]
fn explain_illegal_gives_rule_reasons() {
    let r = rules();
    let why = |f: &str, a: &str| {
        let pos = fen(f);
        let act = r.parse_action(&pos, a).expect("parse");
        r.explain_illegal(&pos, &act)
    };
    assert!(why("10pk/12/12/12/12/12/12/12/3N8/12/12/KP10 w - d4:1", "d4e6").contains("paralysed"));
    assert!(why("10pk/12/12/12/12/12/12/4n7/12/3N8/12/KP10 w", "d3e5").contains("kind immunity"));
    assert!(why("10pk/12/12/12/12/12/12/12/12/12/12/KP10 w", "a1a2").contains("king never moves"));
    assert!(why("10pk/12/12/12/12/12/12/12/12/12/12/KP10 w", "b1b4").contains("cannot reach"));
    assert!(why("10pk/12/12/12/12/12/12/12/12/12/12/KP10 w", "l12l11").contains("belongs to black"));
}

#[test]
fn arbitrary_actions_are_refused_without_panic() {
    use frozen_core::{apply, Action, ActionKind, Kind, Square};
    let r = rules();
    let positions = [
        r.initial_position(),
        fen("10pk/12/12/12/12/12/12/12/3Nj7/12/12/KP10 b d6,e7 d4:2"),
        fen("2R1P5pk/9p2/6b5/12/5n1r4/4N7/12/3B8/12/12/2P9/KP10 w f5"),
        fen("rn1kp1j1pr2/3Bpp3p1p/d1p9/4q2n2p1/5j1b4/8p3/3P8/12/4Q1d5/3P3b4/2R1P1PPPJPR/1N3PJP1KNP b a1,g4,d11 - e9"),
    ];
    let mut seed = 3u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for start in positions {
        let mut legal = Vec::new();
        r.actions(&start, &mut legal);
        for _ in 0..3000 {
            let len = (next() % 5) as usize;
            let path: Vec<Square> = (0..len)
                .map(|_| Square::from_index((next() % 256) as u8))
                .collect();
            let mut a = Action::new(ActionKind::ALL[(next() % 10) as usize], &path);
            if next() % 3 == 0 {
                a = a.with_piece(Kind((next() % 10) as u8));
            }
            if legal.contains(&a) {
                continue;
            }
            let mut pos = start.clone();
            let err =
                apply(&r, &mut pos, &a, &mut Vec::new()).expect_err("unlisted action refused");
            assert!(!err.to_string().is_empty());
            assert!(pos == start);
        }
    }
}
