//! Rule tests for fc11 part 1, one or more per catalog ID (the ID is in the test name).
//! Each test fails if its rule is broken. Scenario fixtures under
//! `fixtures/scenarios/fc11/` prove more of the same rules as files.

mod fc11_support;

use fc11_support::*;
use frozen_core::{Rules, Side, Square};
use frozen_variants::fc11::capture::{apply_crr, capturable, current_range, CrrCount, CRR_COUNTER};
use frozen_variants::fc11::paralysis::{is_paralyzed, kind_immune, paralyze};
use frozen_variants::fc11::turn::path_squares;
use frozen_variants::fc11::*;
use frozen_variants::frozen_family::timers::Paralysis;

fn sq(s: &str) -> Square {
    s.parse().expect("square")
}

fn start() -> Fc11Position {
    fc().initial_position()
}

fn letter_at(p: &Fc11Position, s: &str) -> Option<char> {
    let f = fc();
    p.piece_at(sq(s)).map(|(k, side)| {
        let c = f.kinds().get(k).map(|i| i.fen).unwrap_or('?');
        if side == Side::White {
            c
        } else {
            c.to_ascii_lowercase()
        }
    })
}

fn rank_letters(p: &Fc11Position, rank: u8) -> String {
    (0..16)
        .map(|f| letter_at(p, &Square::new(f, rank).to_string()).unwrap_or('.'))
        .collect()
}

// ---------------------------------------------------------------- SETP

/// FC11-SETP-01
#[test]
fn fc11_setp_01_board_and_empty_middle() {
    let p = start();
    assert_eq!(fc().shape(), frozen_core::Shape::SIXTEEN);
    for r in 4..12 {
        assert_eq!(rank_letters(&p, r), "................", "rank {}", r + 1);
    }
    for r in 0..4 {
        assert!(rank_letters(&p, r).chars().all(|c| c.is_ascii_uppercase()));
        assert!(rank_letters(&p, 15 - r)
            .chars()
            .all(|c| c.is_ascii_lowercase()));
    }
}

/// FC11-SETP-02, FC11-SETP-03
#[test]
fn fc11_setp_02_03_back_ranks() {
    let p = start();
    assert_eq!(rank_letters(&p, 0), "RNBDJCTQKTCJDBNR"); // FC11-SETP-02
    assert_eq!(rank_letters(&p, 1), "LFXASOZMMZOSAXFL"); // FC11-SETP-03
}

/// FC11-SETP-04
#[test]
fn fc11_setp_04_pawn_ranks() {
    let p = start();
    for r in [2, 3] {
        assert_eq!(rank_letters(&p, r), "PPPPPPPPPPPPPPPP");
    }
    for r in [12, 13] {
        assert_eq!(rank_letters(&p, r), "pppppppppppppppp");
    }
}

/// FC11-SETP-05
#[test]
fn fc11_setp_05_black_mirrors_files() {
    let p = start();
    assert_eq!(rank_letters(&p, 15), "rnbdjctqktcjdbnr");
    assert_eq!(rank_letters(&p, 14), "lfxasozmmzosaxfl");
    assert_eq!(letter_at(&p, "h16"), Some('q'));
    assert_eq!(letter_at(&p, "i16"), Some('k'));
}

/// FC11-SETP-06
#[test]
fn fc11_setp_06_inventory() {
    let p = start();
    for side in Side::ALL {
        assert_eq!(p.side_bb(side).count(), 64);
        assert_eq!(p.pieces(side, KING).count(), 1);
        assert_eq!(p.pieces(side, QUEEN).count(), 1);
        assert_eq!(p.pieces(side, PAWN).count(), 32);
        for k in [
            ROOK, KNIGHT, BISHOP, DRAGON, JESTER, CHANCELLOR, TEMPLAR, LANCER, FROG, TREBUCHET,
            BALLISTA, SHIP, ONAGER, CANNON, ASSASSIN,
        ] {
            assert_eq!(p.pieces(side, k).count(), 2, "{side} {}", fc().kind_name(k));
        }
    }
    assert_eq!(p.units().len(), 128);
}

/// FC11-SETP-07
#[test]
fn fc11_setp_07_square_colours() {
    assert!(!sq("a1").is_light());
    assert!(sq("h1").is_light()); // White's Queen on her own (light) colour
    assert!(!sq("h16").is_light()); // Black's on dark
}

/// FC11-SETP-08
#[test]
fn fc11_setp_08_initial_state() {
    let p = start();
    assert!(p.tombs().is_empty() && p.walls().is_empty() && p.traps().is_empty());
    assert!(p.effects().is_empty() && p.bombs().is_empty());
    for u in p.units() {
        assert_eq!(u.status.frozen_through, 0);
        assert_eq!(u.status.counters, [0; 8]);
        let crr_kind = frozen_variants::fc11::capture::has_crr(u.kind);
        assert_eq!(u.status.range, if crr_kind { 320 } else { 0 });
        assert!(!u.status.moved);
    }
    assert_eq!(
        p.units().iter().filter(|u| u.status.range == 320).count(),
        2 * 11
    );
}

/// FC11-SETP-09
#[test]
fn fc11_setp_09_aims_forward() {
    let p = start();
    for u in p.units() {
        let want =
            matches!(u.kind, PAWN | TREBUCHET | ONAGER).then(|| frozen_core::Dir::forward(u.side));
        assert_eq!(u.status.aim, want);
    }
}

/// FC11-SETP-10
#[test]
fn fc11_setp_10_leapers_jump_sliders_stop_slides_pass_tombs() {
    // A Knight boxed in by pawns still leaps; a Rook boxed in cannot move.
    let boxed = |c: char| {
        pos(&shielded(&[
            ("h8", c),
            ("g8", 'P'),
            ("i8", 'P'),
            ("h7", 'P'),
            ("h9", 'P'),
            ("g7", 'P'),
            ("i7", 'P'),
            ("g9", 'P'),
            ("i9", 'P'),
        ]))
    };
    assert_eq!(dests(&boxed('N'), "h8").len(), 8);
    assert!(dests(&boxed('R'), "h8").is_empty());
    assert!(dests(&boxed('T'), "h8").is_empty()); // the Templar no longer leaps
                                                  // A slide passes over a tomb.
    let p = pos_with(&shielded(&[("h8", 'R')]), "w", "- - - - h10:p");
    assert!(legal(&p, "h8h11"));
}

/// FC11-SETP-11
#[test]
fn fc11_setp_11_riders_slide_up_to_the_first_unit() {
    for (c, from, blocked) in [
        ('R', "h8", "h12"),
        ('B', "h8", "l12"),
        ('Q', "h8", "h12"),
        ('D', "h8", "l12"),
        ('L', "h8", "l12"),
        ('S', "h8", "l12"),
        ('O', "h8", "l8"),
        ('T', "h8", "l8"),
    ] {
        // Straight slides only: bounced routes are FC11-TURN-09..12's (fc11_attack.rs).
        let open = pos(&shielded(&[(from, c)]));
        let beyond = {
            let t = sq(blocked);
            let f = sq(from);
            let (df, dr) = (
                (i32::from(t.file()) - i32::from(f.file())).signum(),
                (i32::from(t.rank()) - i32::from(f.rank())).signum(),
            );
            t.offset(df, dr).expect("on board").to_string()
        };
        assert!(
            straight_dests(&open, from).contains(&beyond),
            "{c} reaches {beyond} on an open line"
        );
        let shut = pos(&shielded(&[(from, c), (blocked, 'P')]));
        assert!(
            !straight_dests(&shut, from).contains(&beyond),
            "{c} jumps over {blocked}"
        );
    }
}

/// FC11-SETP-12
#[test]
fn fc11_setp_12_immobile_and_immortal() {
    for c in ['X', 'Z'] {
        assert!(actions_of(&pos(&[("h8", c)]), "h8").is_empty());
    }
    for c in ['f', 's'] {
        let p = pos(&[("h8", 'R'), ("h12", c)]);
        assert!(!legal(&p, "h8h12"), "a {c} is immortal");
    }
}

/// FC11-SETP-13
#[test]
fn fc11_setp_13_no_capture_kinds() {
    // Each stands so that an enemy knight is on one of its destinations.
    for (c, target) in [
        ('J', "j10"),
        ('A', "h10"),
        ('B', "j10"),
        ('F', "j10"),
        ('S', "j10"),
        ('O', "j8"),
    ] {
        let p = pos(&[("h8", c), (target, 'n')]);
        assert!(
            !dests(&p, "h8").contains(&target.to_string()),
            "{c} captured on {target}"
        );
        let empty = pos(&[("h8", c)]);
        assert!(
            dests(&empty, "h8").contains(&target.to_string()),
            "{c} moves to {target}"
        );
    }
}

/// FC11-SETP-14
#[test]
fn fc11_setp_14_crr_kinds() {
    for (c, capture, to) in [
        ('R', "h8h12", "h12"),
        ('Q', "h8h12", "h12"),
        ('T', "h8h12", "h12"),
        ('D', "h8k11", "k11"),
        ('L', "h8k11k12", "k12"),
    ] {
        let mut p = pos(&[("h8", c), (to, 'p')]);
        play(&mut p, capture);
        assert_eq!(
            unit_at(&p, to).status.counters[CRR_COUNTER],
            1,
            "{c} after {capture}"
        );
        assert_eq!(current_range(unit_at(&p, to)), 15);
    }
    for (c, capture, to) in [
        ('N', "h8i10", "i10"),
        ('C', "h8j11", "j11"),
        ('M', "h8h11", "h11"),
    ] {
        let mut p = pos(&[("h8", c), ("i10", 'p'), ("j11", 'p'), ("h11", 'p')]);
        play(&mut p, capture);
        assert_eq!(unit_at(&p, to).status.counters[CRR_COUNTER], 0, "{c}");
    }
}

/// FC11-SETP-15
#[test]
fn fc11_setp_15_descriptive_classes_and_no_ram() {
    let f = fc();
    assert_eq!(f.kinds().len(), 18);
    assert!((0..18).all(|k| f.kind_name(frozen_core::Kind(k)) != "Ram"));
    // Siege units get no capture of their own in this part.
    for c in ['X', 'Z', 'O'] {
        let p = pos(&[("h8", c), ("h9", 'n'), ("i8", 'n'), ("g8", 'n')]);
        assert!(actions_of(&p, "h8").is_empty(), "{c}");
    }
}

/// FC11-SETP-16
#[test]
fn fc11_setp_16_no_castling_no_en_passant() {
    let p = pos(&[("i1", 'K'), ("a1", 'R'), ("p1", 'R')]);
    assert_eq!(dests(&p, "i1"), sq_list(&["h1", "j1", "h2", "i2", "j2"]));
    let mut p = pos_with(&[("e4", 'P'), ("f6", 'p')], "w", "- -");
    play(&mut p, "e4e6"); // the chess double step over e5
    assert!(!dests(&p, "f6").contains(&"e5".to_string()));
    assert!(!legal(&p, "f6e5"));
}

// ---------------------------------------------------------------- TURN

/// FC11-TURN-01
#[test]
fn fc11_turn_01_one_action_per_turn_no_pass() {
    let mut p = start();
    // The null move is the one way to pass (FC11-NULL-01); no turn has an `end`.
    assert!(!actions(&p).iter().any(|a| a == "end"));
    assert_eq!(actions(&p).iter().filter(|a| *a == "pass").count(), 1);
    play(&mut p, "h2h5");
    assert_eq!(p.to_move(), Side::Black);
    assert_eq!(p.turns()[Side::Black], 1);
    play(&mut p, "act:a13b13");
    assert_eq!(p.to_move(), Side::White);
    assert_eq!(p.turns()[Side::White], 2);
}

/// FC11-TURN-02
#[test]
fn fc11_turn_02_checking_move_is_a_normal_move() {
    let mut p = pos(&[("a8", 'R')]);
    assert!(legal(&p, "a8p8"));
    play(&mut p, "a8a16"); // gives check along rank 16
    assert_eq!(p.to_move(), Side::Black);
    assert!(frozen_variants::fc11::check::in_check(&p, Side::Black));
    assert!(p.result().is_none());
}

/// FC11-TURN-13
#[test]
fn fc11_turn_13_walls_stop_riders_leapers_jump_them() {
    let p = with_walls(
        &pos(&shielded(&[("h8", 'R'), ("c3", 'N')])),
        &["h11", "c4", "d4", "d3"],
    );
    let r = straight_dests(&p, "h8");
    assert!(r.contains(&"h10".to_string()));
    assert!(!r.contains(&"h11".to_string()) && !r.contains(&"h12".to_string()));
    // The knight leaps over the walls around it, but never onto one.
    let n = dests(&p, "c3");
    assert!(n.contains(&"d5".to_string()) && n.contains(&"e4".to_string()));
    let p2 = with_walls(&pos(&[("c3", 'N')]), &["d5"]);
    assert!(!dests(&p2, "c3").contains(&"d5".to_string()));
    // Jester: a wall on 2d cuts the destinations beyond it, not 2d's neighbours of other arms.
    let j = with_walls(&pos(&[("h8", 'J')]), &["j10"]);
    let d = dests(&j, "h8");
    for t in ["j10", "k11", "k10", "j11", "l11", "k12"] {
        assert!(
            !d.contains(&t.to_string()),
            "jester reached {t} past the wall on j10"
        );
    }
    assert_eq!(d.len(), 18);
    let j3 = with_walls(&pos(&[("h8", 'J')]), &["k11"]);
    let d3 = dests(&j3, "h8");
    assert!(
        d3.contains(&"k10".to_string())
            && !d3.contains(&"l11".to_string())
            && !d3.contains(&"k12".to_string())
    );
    // Chancellor: a wall on the orthogonal corner square blocks the zebra leap.
    let c = with_walls(&pos(&[("h8", 'C')]), &["h9"]);
    let dc = dests(&c, "h8");
    assert!(!dc.contains(&"j11".to_string()) && !dc.contains(&"f11".to_string()));
    assert!(dc.contains(&"k10".to_string()));
}

/// FC11-TURN-14
#[test]
fn fc11_turn_14_paths_of_slides_and_leaps() {
    let f = fc();
    let p = pos(&shielded(&[
        ("h8", 'R'),
        ("c3", 'N'),
        ("e8", 'J'),
        ("l4", 'C'),
        ("a8", 'L'),
        ("n8", 'p'),
    ]));
    let path = |t: &str| {
        let a = f.parse_action(&p, t).expect("parse");
        path_squares(&f, &p, &a)
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(path("h8h12"), ["h9", "h10", "h11", "h12"]);
    assert_eq!(path("c3d5"), ["d5"]);
    assert_eq!(path("e8i11"), ["g10", "h11", "i11"]);
    assert_eq!(path("l4n7"), ["l5", "n7"]);
    assert_eq!(path("a8c10c11"), ["b9", "c10", "c11"]);
    assert!(path_squares(&f, &p, &f.parse_action(&p, "act:h8h9").expect("parse")).is_empty());
}

/// FC11-TURN-15
#[test]
fn fc11_turn_15_no_action_leaves_own_king_attacked() {
    // The Jester on e2 is pinned against the King on e1 by the enemy Queen on e9 (range 10,
    // CRR 6, and a pawn on b4 to stop her diagonal bounce a5-e1): it lays no wall where it
    // stood (FC11-WALL-07), so every leap of its own would expose the King. Threatened by
    // the Queen, it may steal her moves (FC11-JEST-03): the legal ones stay on the pin line
    // (e3..e8) or end next to her, where its presence paralyses her (FC11-JEST-07).
    let p = pos_with(
        &shielded(&[("e1", 'K'), ("e2", 'J'), ("e9", 'q'), ("b4", 'P')]),
        "w",
        "- - - e9:6",
    );
    assert_eq!(
        actions_of(&p, "e2"),
        sq_list(&[
            "e2e3", "e2e4", "e2e5", "e2e6", "e2e7", "e2e8", // the pin line
            "e2a6d9", "e2a6e10", "e2d1a4e8", "e2d1a4f9", "e2e8d8", "e2e8f8", // next to e9
        ])
    );
    assert!(refusal(&p, "e2c4").is_some_and(|r| r.contains("FC11-TURN-15")));
    // A Rook there may step aside: the wall it leaves on e2 shields the King (FC11-WALL-01,
    // legality is judged after the walls of the ply, FC11-TURN-16).
    let r = pos_with(
        &shielded(&[("e1", 'K'), ("e2", 'R'), ("e9", 'q'), ("b4", 'P')]),
        "w",
        "- - - e9:6",
    );
    assert!(legal(&r, "e2d2") && legal(&r, "e2e5") && legal(&r, "e2e9"));
    // The King does not step onto an attacked square.
    let k = pos_with(&[("e1", 'K'), ("d9", 'r')], "w", "- - - d9:6");
    assert!(!legal(&k, "e1d1") && !legal(&k, "e1d2") && legal(&k, "e1f2"));
}

// ---------------------------------------------------------------- PARA

/// FC11-PARA-01
#[test]
fn fc11_para_01_statue_cannot_act_gives_no_check_blocks_and_dies() {
    // The black Rook on a9 is paralysed: no check on a1, the King may walk into its line,
    // it still blocks the white Rook, and it can be captured.
    let p = pos_with(
        &shielded(&[("a9", 'r'), ("a12", 'Q'), ("c9", 'b')]),
        "w",
        "- - a9:1",
    );
    assert!(!frozen_variants::fc11::check::in_check(&p, Side::White));
    assert!(legal(&p, "a1a2"));
    assert!(!straight_dests(&p, "a12").contains(&"a8".to_string()));
    assert!(legal(&p, "a12a9"));
    let b = pos_with(&[("a9", 'r'), ("c9", 'n')], "b", "- - a9:1");
    assert!(actions_of(&b, "a9").is_empty());
    assert!(!actions_of(&b, "c9").is_empty());
    assert!(refusal(&b, "a9a5").is_some_and(|r| r.contains("FC11-PARA-01")));
}

/// FC11-PARA-02
#[test]
fn fc11_para_02_counts_the_owners_turns() {
    // Both Rooks' ranges are cut (CRR) so that no bounced route reaches a King.
    let mut p = pos_with(&[("h8", 'R'), ("b16", 'r')], "w", "- - h8:2 b16:6,h8:9");
    assert!(actions_of(&p, "h8").is_empty());
    play(&mut p, "a1a2");
    play(&mut p, "b16b15");
    assert!(
        actions_of(&p, "h8").is_empty(),
        "second own turn still frozen"
    );
    play(&mut p, "a2a3"); // a1 is the King's wall now (FC11-WALL-01)
    play(&mut p, "b15b14");
    assert!(!actions_of(&p, "h8").is_empty(), "free after two own turns");
    // Paralysis given to a unit of the side not acting counts from its next turn.
    let q = pos_with(&[("h8", 'R'), ("b16", 'r')], "w", "- - b16:1 b16:6,h8:9");
    let id = q.unit_at(sq("b16")).unwrap();
    assert!(is_paralyzed(&q, id));
    let mut q2 = q.clone();
    play(&mut q2, "a1a2");
    assert!(actions_of(&q2, "b16").is_empty());
    play(&mut q2, "m16l16");
    play(&mut q2, "a2a3");
    assert!(!actions_of(&q2, "b16").is_empty());
}

/// FC11-PARA-03
#[test]
fn fc11_para_03_overlapping_paralysis_keeps_the_larger() {
    let mut p = pos_with(&[("h8", 'R')], "w", "- - h8:3");
    let id = p.unit_at(sq("h8")).unwrap();
    let before = p.unit(id).status.frozen_through;
    assert!(!paralyze(
        &mut p,
        id,
        2,
        Paralysis::Effect,
        None,
        &mut frozen_core::NoEvents
    ));
    assert_eq!(p.unit(id).status.frozen_through, before);
    assert!(paralyze(
        &mut p,
        id,
        5,
        Paralysis::Effect,
        None,
        &mut frozen_core::NoEvents
    ));
    // Given during its owner's turn, it covers that owner's next 5 turns.
    assert_eq!(p.unit(id).status.frozen_through, p.turns()[Side::White] + 5);
}

/// FC11-PARA-12
#[test]
fn fc11_para_12_kind_immunity() {
    for (c, e, m) in [
        ('R', 'r', "h8h12"),
        ('N', 'n', "h8i10"),
        ('Q', 'q', "h8h12"),
        ('C', 'c', "h8i9"),
        ('T', 't', "h8h12"),
        ('M', 'm', "h8h11"),
        ('D', 'd', "h8j8"),
    ] {
        let p = pos(&[("h8", c), (&m[2..], e)]);
        assert!(!legal(&p, m), "{c} captured its own kind with {m}");
        assert!(
            refusal(&p, m).is_some_and(|r| r.contains("FC11-PARA-12")),
            "{m}"
        );
        let q = pos(&[("h8", c), (&m[2..], 'p')]);
        assert!(legal(&q, m), "{c} captures a pawn with {m}");
    }
    assert!(kind_immune(LANCER, LANCER) && !kind_immune(LANCER, ROOK));
}

/// FC11-PARA-13
#[test]
fn fc11_para_13_exceptions_pawns_kings_frogs_ships() {
    assert!(!kind_immune(PAWN, PAWN) && !kind_immune(KING, KING));
    assert!(!kind_immune(FROG, FROG) && !kind_immune(SHIP, SHIP));
    let p = pos(&[("e4", 'P'), ("f5", 'p')]);
    assert!(legal(&p, "e4f5"));
    // Kings attack each other's squares: they never stand side by side.
    let k = pos(&[("e1", 'K'), ("e3", 'k')]);
    assert!(!legal(&k, "e1e2") && !legal(&k, "e1d2") && !legal(&k, "e1f2"));
    assert!(legal(&k, "e1d1"));
}

/// FC11-PARA-15
#[test]
fn fc11_para_15_kind_is_the_current_kind() {
    // A pawn that captured a Knight is a Knight: it may not capture Knights, and a Knight
    // may not capture it.
    // (The Knight on f5 is paralysed, so it holds the pawn under no Knightmare. The Rook
    // on g1 threatens the Knight on g7, so f5 has one valid protector and is not guarded,
    // FC11-EMPW-04, -05.)
    let mut p = pos_with(
        &[
            ("e4", 'P'),
            ("g1", 'R'),
            ("f5", 'n'),
            ("g7", 'n'),
            ("h6", 'n'),
            ("b16", 'r'),
        ],
        "w",
        "- - f5:1 b16:6",
    );
    play(&mut p, "e4f5");
    assert_eq!(unit_at(&p, "f5").kind, KNIGHT);
    assert!(!legal(&p, "h6f5"));
    play(&mut p, "b16b15");
    assert!(!legal(&p, "f5g7"));
    assert!(!legal(&p, "f5h6"));
}

// ---------------------------------------------------------------- PAWN

/// FC11-PAWN-01
#[test]
fn fc11_pawn_01_moves_one_square_along_its_aim() {
    let p = pos_with(&[("h8", 'P'), ("e8", 'P')], "w", "h8:E,e8:S");
    assert!(legal(&p, "h8i8") && !legal(&p, "h8h9"));
    assert!(legal(&p, "e8e7") && !legal(&p, "e8e9"));
    let b = pos_with(&[("h8", 'p')], "b", "");
    assert!(legal(&b, "h8h7") && !legal(&b, "h8h9"));
}

/// FC11-PAWN-02
#[test]
fn fc11_pawn_02_captures_diagonally_forward_of_its_aim() {
    let p = pos_with(
        &[
            ("h8", 'P'),
            ("h9", 'b'),
            ("i9", 'b'),
            ("g9", 'b'),
            ("i7", 'b'),
        ],
        "w",
        "- -",
    );
    assert!(legal(&p, "h8i9"));
    assert!(legal(&p, "h8g9") && !legal(&p, "h8i7"));
    assert!(!dests(&p, "h8").contains(&"h9".to_string()));
    let e = pos_with(
        &[("h8", 'P'), ("i9", 'b'), ("i7", 'b'), ("g9", 'b')],
        "w",
        "h8:E -",
    );
    assert!(legal(&e, "h8i9") && legal(&e, "h8i7") && !legal(&e, "h8g9"));
}

/// FC11-PAWN-03
#[test]
fn fc11_pawn_03_leap_over_a_unit_and_first_move_double_step() {
    // The leap over a unit, a wall or a tomb, moved or not.
    let p = pos_with(
        &[("h8", 'P'), ("h9", 'n'), ("c8", 'P'), ("e8", 'P')],
        "w",
        "- h8,c8,e8 - - e9:p",
    );
    assert!(legal(&p, "h8h10"));
    assert!(legal(&p, "e8e10") && legal(&p, "e8e9"));
    assert!(
        !legal(&p, "c8c10"),
        "a moved pawn has no double step over an empty square"
    );
    let w = with_walls(&p, &["c9"]);
    assert!(legal(&w, "c8c10") && !legal(&w, "c8c9"));
    // The double step of an unmoved pawn, which sets the moved flag.
    let mut s = start();
    assert!(legal(&s, "a4a6"));
    play(&mut s, "a4a6");
    assert!(unit_at(&s, "a6").status.moved);
    // A leap never captures and needs an open landing square.
    let q = pos_with(&[("h8", 'P'), ("h9", 'n'), ("h10", 'n')], "w", "- h8");
    assert!(!legal(&q, "h8h10"));
}

/// FC11-PAWN-04
#[test]
fn fc11_pawn_04_piece_promotion_by_capture() {
    let mut p = pos(&[("e4", 'P'), ("f5", 'r')]);
    play(&mut p, "e4f5");
    let u = unit_at(&p, "f5");
    assert_eq!(u.kind, ROOK);
    assert_eq!(u.status.range, 320);
    assert_eq!(
        u.status.counters[CRR_COUNTER], 3,
        "the capture's CRR applies to the new Rook"
    );
    assert_eq!(u.status.aim, None);
    let mut q = pos(&[("e4", 'P'), ("f5", 'p')]);
    play(&mut q, "e4f5");
    assert_eq!(unit_at(&q, "f5").kind, PAWN);
}

/// FC11-PAWN-05
#[test]
fn fc11_pawn_05_last_line_promotion() {
    let p = pos(&[("e15", 'P')]);
    let acts = actions_of(&p, "e15");
    let promos: Vec<&String> = acts.iter().filter(|a| a.starts_with("e15e16=")).collect();
    assert_eq!(promos.len(), 16);
    assert!(!legal(&p, "e15e16") && !legal(&p, "e15e16=K") && !legal(&p, "e15e16=P"));
    let mut q = p.clone();
    play(&mut q, "e15e16=T");
    assert_eq!(unit_at(&q, "e16").kind, TEMPLAR);
    assert_eq!(unit_at(&q, "e16").status.range, 320);
    // An aim toward a side edge or the own back rank never promotes.
    let s = pos_with(&[("o8", 'P'), ("e2", 'P')], "w", "o8:E,e2:S o8,e2");
    assert!(legal(&s, "o8p8") && legal(&s, "e2e1"));
    // The immortal caps: with 8 Frogs on the board, no pawn becomes a Frog.
    let frogs = [
        ("a6", 'F'),
        ("b6", 'F'),
        ("c6", 'F'),
        ("d6", 'F'),
        ("a10", 'f'),
        ("b10", 'f'),
        ("c10", 'f'),
        ("d10", 'f'),
        ("e15", 'P'),
    ];
    let f = pos(&frogs);
    assert!(!legal(&f, "e15e16=F") && legal(&f, "e15e16=S"));
    // A black pawn promotes on rank 1.
    let b = pos_with(&[("e2", 'p')], "b", "");
    assert!(legal(&b, "e2e1=Q"));
}

/// FC11-PAWN-11
#[test]
fn fc11_pawn_11_rotation() {
    let mut p = pos_with(&[("h8", 'P'), ("a5", 'P')], "w", "- -");
    let rot: Vec<String> = actions_of(&p, "h8")
        .into_iter()
        .filter(|a| a.starts_with("act:"))
        .collect();
    assert_eq!(rot, sq_list(&["act:h8g8", "act:h8h7", "act:h8i8"]));
    let edge: Vec<String> = actions_of(&p, "a5")
        .into_iter()
        .filter(|a| a.starts_with("act:"))
        .collect();
    assert_eq!(edge.len(), 2);
    play(&mut p, "act:h8i8");
    let u = unit_at(&p, "h8");
    assert_eq!(u.status.aim, Some(frozen_core::Dir::E));
    assert!(!u.status.moved && u.status.frozen_through == 0);
    play(&mut p, "m16m15");
    assert!(legal(&p, "h8i8") && !legal(&p, "h8h9") && !legal(&p, "act:h8i8"));
}

/// FC11-PAWN-12
#[test]
fn fc11_pawn_12_pawns_capture_pawns_and_have_no_crr() {
    let mut p = pos(&[("e4", 'P'), ("d5", 'p')]);
    assert!(legal(&p, "e4d5"));
    play(&mut p, "e4d5");
    let u = unit_at(&p, "d5");
    assert_eq!(
        (u.kind, u.status.range, u.status.counters[CRR_COUNTER]),
        (PAWN, 0, 0)
    );
}

// ---------------------------------------------------------------- LANC

/// FC11-LANC-01
#[test]
fn fc11_lanc_01_moves_as_a_bishop_never_captures_at_the_end() {
    let p = pos(&[("h8", 'L'), ("k11", 'n')]);
    let d = dests(&p, "h8");
    assert!(d.contains(&"j10".to_string()) && !d.contains(&"l12".to_string()));
    assert!(!legal(&p, "h8k11"), "no capture at the end of a diagonal");
    assert!(!d.contains(&"h9".to_string()), "no orthogonal move");
}

/// FC11-LANC-02
#[test]
fn fc11_lanc_02_captures_beside_its_path() {
    let mut p = pos(&[("h8", 'L'), ("j11", 'n'), ("h9", 'n'), ("c3", 'n')]);
    // Slide h8-i9-j10, then step north onto j11.
    assert!(legal(&p, "h8j10j11"));
    // The flank square right beside the start (j = 0).
    assert!(legal(&p, "h8h9"));
    // Beside the south-west diagonal: slide to d4, step west... c3 is diagonal, not beside.
    assert!(!legal(&p, "h8d4c4") && !actions(&p).iter().any(|a| a.ends_with("c3")));
    play(&mut p, "h8j10j11");
    assert_eq!(unit_at(&p, "j11").kind, LANCER);
    assert!(p.unit_at(sq("j10")).is_none());
    // A blocked path stops the capture.
    let q = pos(&[("h8", 'L'), ("i9", 'P'), ("j11", 'n')]);
    assert!(!legal(&q, "h8j10j11"));
    // It gives check that way.
    let k = pos_with(&[("h8", 'l'), ("j11", 'K')], "w", "");
    assert!(frozen_variants::fc11::check::in_check(&k, Side::White));
}

/// FC11-LANC-04
#[test]
fn fc11_lanc_04_crr_shrinks_move_and_capture_reach() {
    // CRR 13: range 3. Moves up to 3 squares; captures after at most 2.
    let p = pos_with(
        &[("h8", 'L'), ("k12", 'n'), ("j11", 'n')],
        "w",
        "- - - h8:13",
    );
    let d = dests(&p, "h8");
    assert!(d.contains(&"k11".to_string()) && !d.contains(&"l12".to_string()));
    assert!(legal(&p, "h8j10j11"));
    assert!(
        !legal(&p, "h8k11k12"),
        "capture after 3 diagonal squares needs range 4"
    );
    let full = pos(&[("h8", 'L'), ("k12", 'n')]);
    assert!(legal(&full, "h8k11k12"));
}

// ---------------------------------------------------------------- KNGT, BISH, DRAG, ROOK, QUEN

/// FC11-KNGT-01
#[test]
fn fc11_kngt_01_knight_leaps_and_forward_diagonal_steps() {
    let p = pos(&[("h8", 'N')]);
    assert_eq!(
        dests(&p, "h8"),
        sq_list(&["g10", "i10", "j9", "j7", "i6", "g6", "f7", "f9", "g9", "i9"])
    );
    let b = pos_with(&[("h8", 'n')], "b", "");
    assert!(
        dests(&b, "h8").contains(&"g7".to_string()) && !dests(&b, "h8").contains(&"g9".to_string())
    );
    let c = pos(&[("h8", 'N'), ("i9", 'p'), ("j9", 'p'), ("g7", 'p')]);
    assert!(legal(&c, "h8i9") && legal(&c, "h8j9") && !legal(&c, "h8g7"));
}

/// FC11-KNGT-07
#[test]
fn fc11_kngt_07_no_crr_for_the_knight() {
    let mut p = pos(&[("h8", 'N'), ("i10", 'r')]);
    play(&mut p, "h8i10");
    assert_eq!(unit_at(&p, "i10").status.counters[CRR_COUNTER], 0);
    assert_eq!(unit_at(&p, "i10").status.range, 0);
    // Its range is shown as 3; a Rook's as its current range.
    let f = fc();
    let n = p.unit_at(sq("i10")).unwrap();
    assert_eq!(f.display_range(&p, n), Some(3));
    let r = pos_with(&[("h8", 'R')], "w", "- - - h8:4");
    assert_eq!(f.display_range(&r, r.unit_at(sq("h8")).unwrap()), Some(12));
}

/// FC11-BISH-01
#[test]
fn fc11_bish_01_diagonals_and_one_orthogonal_step() {
    // Straight slides only: bounced routes are FC11-TURN-09's (fc11_attack.rs).
    let p = pos(&[("h8", 'B')]);
    let d = straight_dests(&p, "h8");
    for t in ["a1", "o15", "o1", "a15", "h9", "i8", "h7", "g8"] {
        assert_eq!(d.contains(&t.to_string()), t != "a1", "{t}"); // a1 holds the King
    }
    assert!(!d.contains(&"h10".to_string()));
    let crr = pos_with(&[("h8", 'B')], "w", "- - - h8:10");
    assert!(
        straight_dests(&crr, "h8").contains(&"n14".to_string())
            && !straight_dests(&crr, "h8").contains(&"o15".to_string())
    );
}

/// FC11-BISH-02
#[test]
fn fc11_bish_02_bishop_never_captures_and_never_checks() {
    let p = pos(&[("h8", 'B'), ("k11", 'n'), ("h9", 'n')]);
    assert!(!legal(&p, "h8k11") && !legal(&p, "h8h9"));
    let k = pos_with(&[("d4", 'b')], "w", "");
    assert!(!frozen_variants::fc11::check::in_check(&k, Side::White));
}

/// FC11-DRAG-01
#[test]
fn fc11_drag_01_bishop_knight_and_two_square_leaps() {
    let p = pos(&[
        ("h8", 'D'),
        ("h9", 'P'),
        ("i9", 'P'),
        ("g9", 'P'),
        ("i8", 'P'),
    ]);
    let d = dests(&p, "h8");
    assert!(
        d.contains(&"h10".to_string()) && d.contains(&"j8".to_string()),
        "2-square leaps jump"
    );
    assert!(d.contains(&"i10".to_string()), "knight leap");
    assert!(
        !d.contains(&"j10".to_string()),
        "the diagonal slide is blocked by i9"
    );
    assert!(d.contains(&"g7".to_string()) && d.contains(&"b2".to_string()));
    assert!(!d.contains(&"h11".to_string()) && !d.contains(&"k8".to_string()));
    let c = pos(&[("h8", 'D'), ("h10", 'n'), ("e5", 'n'), ("j9", 'n')]);
    assert!(legal(&c, "h8h10") && legal(&c, "h8e5") && legal(&c, "h8j9"));
}

/// FC11-ROOK-01
#[test]
fn fc11_rook_01_orthogonal_slides_with_range() {
    let p = pos(&[("h8", 'R'), ("h12", 'n')]);
    let d = dests(&p, "h8");
    assert!(d.contains(&"h12".to_string()) && !d.contains(&"h13".to_string()));
    assert!(
        d.contains(&"p8".to_string())
            && d.contains(&"a8".to_string())
            && d.contains(&"h1".to_string())
    );
    assert!(!d.contains(&"i9".to_string()));
    let short = pos_with(&[("h8", 'R')], "w", "- - - h8:13");
    let ds = dests(&short, "h8");
    assert!(ds.contains(&"h11".to_string()) && !ds.contains(&"h12".to_string()));
}

/// FC11-QUEN-01
#[test]
fn fc11_quen_01_rook_bishop_and_knight() {
    let p = pos(&shielded(&[
        ("h8", 'Q'),
        ("h9", 'P'),
        ("i9", 'P'),
        ("g9", 'P'),
        ("i8", 'P'),
        ("g8", 'P'),
        ("h7", 'P'),
        ("g7", 'P'),
        ("i7", 'P'),
    ]));
    assert_eq!(
        dests(&p, "h8").len(),
        8,
        "only the knight leaps jump the ring"
    );
    let q = pos(&shielded(&[("h8", 'Q')]));
    let d = dests(&q, "h8");
    assert!(
        d.contains(&"p16".to_string())
            && d.contains(&"h16".to_string())
            && d.contains(&"i10".to_string())
    );
    let crr = pos_with(&shielded(&[("h8", 'Q')]), "w", "- - - h8:12");
    let dc = dests(&crr, "h8");
    assert!(dc.contains(&"l12".to_string()) && !dc.contains(&"m13".to_string()));
    assert!(dc.contains(&"h12".to_string()) && !dc.contains(&"h13".to_string()));
}

// ---------------------------------------------------------------- KING

/// FC11-KING-01
#[test]
fn fc11_king_01_one_square_any_direction() {
    let p = pos(&[("h8", 'K')]);
    assert_eq!(
        dests(&p, "h8"),
        sq_list(&["g7", "h7", "i7", "g8", "i8", "g9", "h9", "i9"])
    );
}

/// FC11-KING-02
#[test]
fn fc11_king_02_check_by_capturing_patterns_only() {
    let in_check = |units: &[(&str, char)]| {
        let p = pos_with(units, "w", "");
        frozen_variants::fc11::check::in_check(&p, Side::White)
    };
    for (sq_, c) in [
        ("h12", 'r'),
        ("l12", 'q'),
        ("i10", 'q'),
        ("j10", 'd'),
        ("h10", 'd'),
        ("i10", 'n'),
        ("g9", 'n'),
        ("h11", 'm'),
        ("j11", 'c'),
        ("i9", 'c'),
        ("h12", 't'),
        ("j10", 't'),
        ("k9", 't'),
        ("i9", 'p'),
        ("j9", 'l'),
    ] {
        assert!(
            in_check(&[("h8", 'K'), (sq_, c)]),
            "{c} on {sq_} gives check"
        );
    }
    for (sq_, c) in [
        ("l12", 'b'),
        ("j10", 'j'),
        ("j10", 'f'),
        ("h10", 'a'),
        ("l12", 's'),
        ("h12", 'o'),
        ("h9", 'x'),
        ("h9", 'z'),
        ("h9", 'p'),
        ("i7", 'p'),
        ("j10", 'l'),
    ] {
        assert!(
            !in_check(&[("h8", 'K'), (sq_, c)]),
            "{c} on {sq_} gives no check"
        );
    }
}

/// FC11-KING-03
#[test]
fn fc11_king_03_a_king_in_check_must_get_out() {
    let p = pos(&shielded(&[("h8", 'K'), ("h14", 'r'), ("c11", 'R')]));
    assert!(frozen_variants::fc11::check::in_check(&p, Side::White));
    let acts = actions(&p);
    // The Rook may interpose on h11, or pass h11 and leave its wall there (FC11-WALL-01),
    // also on a route that turns after it (FC11-TURN-10): every Rook action's first
    // segment runs east along rank 11 to h11 or beyond.
    let (c11, h11) = (sq("c11"), sq("h11"));
    assert!(
        acts.iter().all(|a| a.starts_with("h8")
            || (a.starts_with("c11") && {
                let first_stop = fc11_support::squares_of(a)[1];
                first_stop.rank() == c11.rank() && first_stop.file() >= h11.file()
            })),
        "{acts:?}"
    );
    assert!(!acts.contains(&"c11d11".to_string()) && acts.contains(&"c11i11".to_string()));
    assert!(acts.contains(&"c11p11p12".to_string()));
    // Stepping back along the Rook's line is legal too: the King's wall on h8 shields h7.
    assert!(legal(&p, "h8h7") && !legal(&p, "h8h9") && legal(&p, "h8g8") && legal(&p, "c11h11"));
}

/// FC11-KING-10
#[test]
fn fc11_king_10_no_boarding_fusing_or_borrowed_moves() {
    // Next to a friendly Ship, Rook and Queen the King has only its free steps.
    let p = pos(&shielded(&[
        ("h8", 'K'),
        ("h9", 'S'),
        ("i8", 'R'),
        ("g8", 'Q'),
    ]));
    assert_eq!(dests(&p, "h8"), sq_list(&["g7", "h7", "i7", "g9", "i9"]));
    assert!(!actions(&p).iter().any(|a| a.starts_with("act:h8")));
}

/// FC11-KING-11
#[test]
fn fc11_king_11_never_steps_onto_a_tomb() {
    let p = pos_with(
        &shielded(&[("h8", 'K'), ("h9", 'r')]),
        "w",
        "- - - - g8:n,h9:p",
    );
    assert!(!legal(&p, "h8g8"));
    assert!(refusal(&p, "h8g8").is_some_and(|r| r.contains("FC11-KING-11")));
    assert!(
        legal(&p, "h8h9"),
        "capturing a unit standing on a tomb is allowed"
    );
    let r = pos_with(&shielded(&[("h8", 'R')]), "w", "- - - - g8:n");
    assert!(
        legal(&r, "h8g8"),
        "other units may stand on a tomb in this part"
    );
}

/// FC11-KING-12
#[test]
fn fc11_king_12_checkmate_and_stalemate_lose() {
    // The Knight from d4 checks from b3 (its wall on d4 does not matter); the Knight on c3
    // holds a2 and b1, the Rook holds rank 2. The Rook's range is 15 (CRR 1): it reaches
    // a2 but not a1 by the bounce at a2 (FC11-TURN-10), which would be check before the
    // mate. (A Rook mate along a file fails here: the checking Rook's trail walls would
    // block the other Rook's file, FC11-WALL-01.)
    let mut p = pos_with(
        &[("a1", 'K'), ("d4", 'n'), ("c3", 'n'), ("p2", 'r')],
        "b",
        "- - - p2:1",
    );
    play(&mut p, "d4b3");
    let o = p.result().expect("game over");
    assert_eq!(
        (o.winner, o.reason.as_ref()),
        (Some(Side::Black), "checkmate")
    );
    // The Knight's leap to c3 covers a2, b1 and b2 (its forward-diagonal step for Black is
    // b2), not a1.
    let mut s = pos_with(&[("a1", 'K'), ("e4", 'n'), ("p3", 'k')], "b", "");
    play(&mut s, "e4c3");
    let o = s.result().expect("game over");
    assert_eq!(
        (o.winner, o.reason.as_ref()),
        (Some(Side::Black), "stalemate")
    );
}

// ---------------------------------------------------------------- JEST, CHAN, TEMP

/// FC11-JEST-01
#[test]
fn fc11_jest_01_twenty_four_leaps() {
    let p = pos(&[("h8", 'J')]);
    let want = sq_list(&[
        "j10", "k11", "k10", "j11", "l11", "k12", // NE
        "j6", "k5", "k6", "j5", "l5", "k4", // SE
        "f6", "e5", "e6", "f5", "d5", "e4", // SW
        "f10", "e11", "e10", "f11", "d11", "e12", // NW
    ]);
    assert_eq!(dests(&p, "h8"), want);
    // It jumps over units.
    let boxed = pos(&[("h8", 'J'), ("i9", 'P'), ("j10", 'P'), ("g7", 'P')]);
    assert_eq!(dests(&boxed, "h8").len(), 23);
}

/// FC11-JEST-02
#[test]
fn fc11_jest_02_jester_never_captures() {
    let p = pos(&[("h8", 'J'), ("j10", 'n'), ("k12", 'r')]);
    assert!(!legal(&p, "h8j10") && !legal(&p, "h8k12"));
    let k = pos_with(&[("c3", 'j')], "w", "");
    assert!(!frozen_variants::fc11::check::in_check(&k, Side::White));
}

/// FC11-CHAN-01
#[test]
fn fc11_chan_01_king_steps_and_zebra_leaps() {
    let p = pos(&[("h8", 'C')]);
    assert_eq!(
        dests(&p, "h8"),
        sq_list(&[
            "g7", "h7", "i7", "g8", "i8", "g9", "h9", "i9", "j11", "k10", "k6", "j5", "f5", "e6",
            "e10", "f11"
        ])
    );
    let c = pos(&[("h8", 'C'), ("j11", 'n'), ("i9", 'n'), ("h9", 'P')]);
    assert!(
        legal(&c, "h8j11") && legal(&c, "h8i9"),
        "it captures on both kinds of square, leaping over h9"
    );
}

/// FC11-CHAN-02
#[test]
fn fc11_chan_02_no_crr() {
    let mut p = pos(&[("h8", 'C'), ("j11", 'r')]);
    play(&mut p, "h8j11");
    assert_eq!(unit_at(&p, "j11").status.counters[CRR_COUNTER], 0);
    assert_eq!(unit_at(&p, "j11").status.range, 0);
}

/// FC11-TEMP-01
#[test]
fn fc11_temp_01_rook_and_t_shape() {
    let p = pos(&shielded(&[
        ("h8", 'T'),
        ("h10", 'P'),
        ("b8", 'P'),
        ("m8", 'P'),
        ("h3", 'P'),
    ]));
    // Straight rook slides and the T squares; the rook part's bounces (FC11-TURN-10) are
    // written with a first orthogonal segment and left out here.
    let d: Vec<String> = {
        let mut v: Vec<String> = actions_of(&p, "h8")
            .into_iter()
            .filter(|a| {
                let q = squares_of(a);
                q.len() == 2
                    || (q.len() == 3 && q[0].file() != q[1].file() && q[0].rank() != q[1].rank())
            })
            .map(|a| squares_of(&a).last().expect("square").to_string())
            .collect();
        v.sort();
        v.dedup();
        v
    };
    let t = [
        "j10", "k9", "i11", "f10", "e9", "g11", "j6", "k7", "i5", "f6", "e7", "g5",
    ];
    for s in t {
        assert!(d.contains(&s.to_string()), "{s}");
    }
    assert_eq!(d.len(), 12 + 1 + 5 + 4 + 4, "{d:?}");
    // A unit on the first diagonal square blocks that arm; on 2d it blocks the side steps.
    let b = pos(&shielded(&[("h8", 'T'), ("i9", 'P'), ("f10", 'P')]));
    let db = dests(&b, "h8");
    for s in ["j10", "k9", "i11", "e9", "g11"] {
        assert!(!db.contains(&s.to_string()), "{s}");
    }
    // Captures on the T squares, written with the turning square for a side step.
    let c = pos(&shielded(&[("h8", 'T'), ("k9", 'n'), ("j10", 'n')]));
    assert!(legal(&c, "h8j10"));
    let c2 = pos(&shielded(&[("h8", 'T'), ("k9", 'n')]));
    assert!(legal(&c2, "h8j10k9"));
}

/// FC11-TEMP-02
#[test]
fn fc11_temp_02_only_the_rook_part_loses_range() {
    let p = pos_with(&[("h8", 'T')], "w", "- - - h8:13");
    let d = dests(&p, "h8");
    assert!(d.contains(&"h11".to_string()) && !d.contains(&"h12".to_string()));
    assert!(d.contains(&"j10".to_string()) && d.contains(&"k9".to_string()));
}

// ---------------------------------------------------------------- FROG, TREB, BALL, SHIP, ONAG, CANN, ASSN

/// FC11-FROG-01
#[test]
fn fc11_frog_01_immortal_and_never_captures() {
    let p = pos(&shielded(&[
        ("h8", 'F'),
        ("j10", 'n'),
        ("e8", 'R'),
        ("k11", 'f'),
    ]));
    assert!(!legal(&p, "h8j10"));
    assert!(!legal(&p, "h8k11"));
    let q = pos(&shielded(&[("h8", 'R'), ("h12", 'f')]));
    assert!(!legal(&q, "h8h12"));
    assert!(refusal(&q, "h8h12").is_some_and(|r| r.contains("immortal")));
}

/// FC11-FROG-02
#[test]
fn fc11_frog_02_leaps_never_onto_walls_or_tombs() {
    let p = pos(&[("h8", 'F')]);
    assert_eq!(
        dests(&p, "h8"),
        sq_list(&["j10", "j6", "f6", "f10", "k11", "k5", "e5", "e11", "h11", "k8", "h5", "e8"])
    );
    let t = with_walls(&pos_with(&[("h8", 'F')], "w", "- - - - j10:p"), &["k11"]);
    let d = dests(&t, "h8");
    assert!(!d.contains(&"j10".to_string()) && !d.contains(&"k11".to_string()));
    assert_eq!(d.len(), 10);
}

/// FC11-FROG-08
#[test]
fn fc11_frog_08_frogs_attack_nothing() {
    let p = pos_with(&[("c3", 'f')], "w", "");
    assert!(!frozen_variants::fc11::check::in_check(&p, Side::White));
    assert!(legal(&p, "a1b2") || legal(&p, "a1b1"));
}

/// FC11-TREB-01
#[test]
fn fc11_treb_01_never_moves_or_captures() {
    let p = pos(&[("h8", 'X'), ("h9", 'n'), ("i9", 'n')]);
    assert!(actions_of(&p, "h8").is_empty());
    assert!(refusal(&p, "h8h9").is_some_and(|r| r.contains("FC11-TREB-01")));
}

/// FC11-TREB-02
#[test]
fn fc11_treb_02_aim_in_eight_directions() {
    let p = pos_with(&[("h8", 'X'), ("e8", 'O')], "w", "h8:NE");
    assert_eq!(unit_at(&p, "h8").status.aim, Some(frozen_core::Dir::NE));
    assert_eq!(fc().to_fen(&p).unwrap().split(' ').nth(2), Some("h8:NE"));
    let f = fc();
    let bad = format!(
        "{} w e8:NE",
        placement(&[("a1", 'K'), ("p16", 'k'), ("e8", 'O')])
    );
    assert!(
        f.position_from_fen(&bad).is_err(),
        "an Onager aims orthogonally"
    );
}

/// FC11-BALL-04
#[test]
fn fc11_ball_04_leaps_two_forward_or_three_sideways() {
    let p = pos(&[("h8", 'A'), ("h9", 'P')]);
    assert_eq!(dests(&p, "h8"), sq_list(&["h10", "k8", "e8"]));
    let b = pos_with(&[("h8", 'a')], "b", "");
    assert_eq!(dests(&b, "h8"), sq_list(&["h6", "k8", "e8"]));
    let c = pos(&[("h8", 'A'), ("h10", 'n')]);
    assert!(!legal(&c, "h8h10"));
}

/// FC11-BALL-05
#[test]
fn fc11_ball_05_no_crr_and_no_range() {
    let p = pos(&[("h8", 'A')]);
    let u = unit_at(&p, "h8");
    assert_eq!((u.status.range, current_range(u)), (0, 0));
    assert_eq!(dests(&p, "h8").len(), 3);
}

/// FC11-SHIP-01
#[test]
fn fc11_ship_01_never_captures_never_captured() {
    let p = pos(&[("h8", 'S'), ("j10", 'n'), ("h4", 'n')]);
    assert!(!legal(&p, "h8j10") && !legal(&p, "h8h4"));
    let q = pos(&[("h8", 'Q'), ("h12", 's')]);
    assert!(!legal(&q, "h8h12"));
}

/// FC11-SHIP-02
#[test]
fn fc11_ship_02_down_as_rook_up_as_bishop() {
    // Straight slides only: the Ship's bounces are FC11-TURN-09/10's (fc11_attack.rs).
    let p = pos(&[("h8", 'S')]);
    let d = straight_dests(&p, "h8");
    assert!(
        d.contains(&"h1".to_string())
            && d.contains(&"o15".to_string())
            && d.contains(&"a15".to_string())
    );
    assert!(
        !d.contains(&"h9".to_string())
            && !d.contains(&"g7".to_string())
            && !d.contains(&"i8".to_string())
    );
    assert_eq!(d.len(), 7 + 8 + 7);
    let b = pos_with(&[("h8", 's')], "b", "");
    let db = straight_dests(&b, "h8");
    assert!(
        db.contains(&"h15".to_string())
            && db.contains(&"b2".to_string())
            && !db.contains(&"h7".to_string())
    );
}

/// FC11-ONAG-01
#[test]
fn fc11_onag_01_slides_across_its_aim() {
    let p = pos(&[("h8", 'O'), ("l8", 'n')]);
    let d = dests(&p, "h8");
    assert!(d.contains(&"a8".to_string()) && d.contains(&"k8".to_string()));
    assert!(!d.contains(&"l8".to_string()) && !d.contains(&"h9".to_string()));
    let e = pos_with(&[("h8", 'O')], "w", "h8:E");
    let de = dests(&e, "h8");
    assert!(
        de.contains(&"h16".to_string())
            && de.contains(&"h1".to_string())
            && !de.contains(&"i8".to_string())
    );
}

/// FC11-CANN-01
#[test]
fn fc11_cann_01_never_moves() {
    let p = pos(&[("h8", 'Z'), ("h9", 'n')]);
    assert!(actions_of(&p, "h8").is_empty());
    assert!(refusal(&p, "h8h9").is_some_and(|r| r.contains("FC11-CANN-01")));
}

/// FC11-ASSN-01
#[test]
fn fc11_assn_01_knight_or_three_orthogonal() {
    let p = pos(&[("h8", 'M'), ("h9", 'P'), ("h10", 'P')]);
    assert_eq!(
        dests(&p, "h8"),
        sq_list(&["g10", "i10", "j9", "j7", "i6", "g6", "f7", "f9", "h11", "k8", "h5", "e8"])
    );
    let c = pos(&[("h8", 'M'), ("h11", 'r'), ("i10", 'r')]);
    assert!(legal(&c, "h8h11") && legal(&c, "h8i10"));
}

// ---------------------------------------------------------------- CAPT

/// FC11-CAPT-01
#[test]
fn fc11_capt_01_capture_by_landing_victim_to_its_tomb() {
    let mut p = pos(&[("h8", 'R'), ("h12", 'n')]);
    let victim = p.unit_at(sq("h12")).unwrap();
    let f = fc();
    let a = f.parse_action(&p, "h8h12").unwrap();
    let mut ev = Vec::new();
    frozen_core::apply(&f, &mut p, &a, &mut ev).unwrap();
    assert_eq!(p.unit(victim).loc, frozen_core::Location::Tomb(sq("h12")));
    assert_eq!(
        p.tombs().get(sq("h12")).unwrap().queue.as_slice(),
        &[victim]
    );
    assert_eq!(unit_at(&p, "h12").kind, ROOK);
    assert!(ev
        .iter()
        .any(|e| matches!(e, frozen_core::Event::Captured { unit, .. } if *unit == victim)));
    // A second capture on the same square joins the queue behind the first victim.
    let mut q = pos(&[("h8", 'R'), ("h12", 'n'), ("h16", 'q')]);
    play(&mut q, "h8h12");
    let rook = q.unit_at(sq("h12")).unwrap();
    play(&mut q, "h16h12");
    let queue = q.tombs().get(sq("h12")).unwrap().queue.clone();
    assert_eq!(queue.len(), 2);
    assert_eq!(queue[1], rook);
    assert_eq!(unit_at(&q, "h12").kind, QUEEN);
}

/// FC11-CAPT-02
#[test]
fn fc11_capt_02_one_capture_predicate() {
    let p = pos(&[("h8", 'R'), ("h12", 'n'), ("c8", 'N')]);
    let r = unit_at(&p, "h8").clone();
    let mk = |k, side| frozen_core::Unit {
        kind: k,
        side,
        loc: frozen_core::Location::Board(sq("e5")),
        status: Default::default(),
    };
    assert!(capturable(&r, &mk(KNIGHT, Side::Black)));
    assert!(!capturable(&r, &mk(KNIGHT, Side::White)), "friend");
    assert!(!capturable(&r, &mk(KING, Side::Black)), "king");
    assert!(
        !capturable(&r, &mk(FROG, Side::Black)) && !capturable(&r, &mk(SHIP, Side::Black)),
        "immortal"
    );
    assert!(!capturable(&r, &mk(ROOK, Side::Black)), "kind immunity");
    assert!(!legal(&p, "h8c8"));
}

/// FC11-CAPT-03
#[test]
fn fc11_capt_03_base_range_sixteen() {
    let p = pos(&[("a2", 'R'), ("b1", 'Q')]);
    let r = unit_at(&p, "a2");
    assert_eq!((r.status.range, current_range(r)), (320, 16));
    assert!(
        dests(&p, "a2").contains(&"a16".to_string()) && dests(&p, "a2").contains(&"p2".to_string())
    );
    assert!(dests(&p, "b1").contains(&"p15".to_string()));
}

/// FC11-CAPT-04
#[test]
fn fc11_capt_04_crr_three_per_piece_one_per_pawn_floor_three() {
    // The black Rook's range is cut to 10 (CRR 6) so that it cannot bounce round to the
    // White King on a1; the shield keeps the White Rook's bounces off the black King.
    let mut p = pos_with(
        &shielded(&[("h8", 'R'), ("h12", 'n'), ("c12", 'p'), ("b16", 'r')]),
        "w",
        "- - - b16:6",
    );
    play(&mut p, "h8h12");
    assert_eq!(current_range(unit_at(&p, "h12")), 13);
    play(&mut p, "b16b15");
    play(&mut p, "h12c12");
    assert_eq!(current_range(unit_at(&p, "c12")), 12);
    // From range 4 a piece capture leaves 3, not 1.
    let mut q = pos_with(&[("h8", 'R'), ("h10", 'n')], "w", "- - - h8:12");
    play(&mut q, "h8h10");
    let u = unit_at(&q, "h10");
    assert_eq!((current_range(u), u.status.counters[CRR_COUNTER]), (3, 13));
    // At the floor nothing more is taken.
    let mut z = pos_with(&[("h8", 'R'), ("h10", 'p')], "w", "- - - h8:13");
    play(&mut z, "h8h10");
    assert_eq!(current_range(unit_at(&z, "h10")), 3);
}

/// FC11-CAPT-05
#[test]
fn fc11_capt_05_crr_lost_at_death() {
    let mut p = pos_with(&[("f11", 'N'), ("h12", 'r')], "w", "- - - h12:6");
    let id = p.unit_at(sq("h12")).unwrap();
    assert_eq!(current_range(p.unit(id)), 10);
    play(&mut p, "f11h12");
    let dead = p.unit(id);
    assert_eq!(dead.loc, frozen_core::Location::Tomb(sq("h12")));
    assert_eq!(dead.status.counters[CRR_COUNTER], 0, "CRR is gone");
    assert_eq!(dead.status.range, 320, "the base range stays");
    assert_eq!(current_range(dead), 16);
}

/// FC11-CAPT-06
#[test]
fn fc11_capt_06_several_victims_count_each_or_once() {
    // (The black King is shielded: the Dragon, empowered by the Queen, would check it.)
    let mut p = pos(&fc11_support::shielded(&[("h8", 'D'), ("b8", 'Q')]));
    let d = p.unit_at(sq("h8")).unwrap();
    apply_crr(&mut p, d, &[KNIGHT, PAWN, ROOK], CrrCount::EachVictim);
    assert_eq!(p.unit(d).status.counters[CRR_COUNTER], 7);
    let q = p.unit_at(sq("b8")).unwrap();
    apply_crr(&mut p, q, &[KNIGHT, KNIGHT, KNIGHT], CrrCount::Once);
    assert_eq!(p.unit(q).status.counters[CRR_COUNTER], 3);
    // Many victims never take the range under 3.
    apply_crr(&mut p, d, &[ROOK; 6], CrrCount::EachVictim);
    assert_eq!(current_range(p.unit(d)), 3);
}
