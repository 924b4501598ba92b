//! fc11 part 2 (first half): status paralysis (Pincer, Jester presence, Gaze), Knightmare,
//! Paralysis Transfer, the immunity table and what displays show. One or more tests per
//! rule ID, named after it (docs/rules/fc11.md lists them).

mod fc11_support;

use fc11_support::{actions_of, dests, fc, legal, play, pos, pos_with, refusal, shielded};
use frozen_core::{NoEvents, Rules, Side, Square, SquareNoteKind};
use frozen_variants::fc11::immunity::{self, immune, immune_kind, Actor, Effect, Immunity, Who};
use frozen_variants::fc11::paralysis::{is_paralyzed, paralyze, turns_left, Paralysis};
use frozen_variants::fc11::status::{self, Status};
use frozen_variants::fc11::units::knight::knightmare;
use frozen_variants::fc11::*;

fn sq(s: &str) -> Square {
    s.parse().expect("square")
}

fn id(p: &Fc11Position, s: &str) -> frozen_core::UnitId {
    p.unit_at(sq(s)).unwrap_or_else(|| panic!("no unit on {s}"))
}

fn frozen(p: &Fc11Position, s: &str) -> bool {
    is_paralyzed(p, id(p, s))
}

// ---------------------------------------------------------------- PARA

/// FC11-PARA-04
#[test]
fn fc11_para_04_status_paralysis_is_recomputed_never_stored() {
    // The Rook on h8 is pincered by the black pawns on g8 and i8.
    // (Black's King is shielded: the freed Rook must not check it.)
    let mut p = pos(&shielded(&[
        ("h8", 'R'),
        ("g8", 'p'),
        ("i8", 'p'),
        ("c3", 'N'),
    ]));
    let r = id(&p, "h8");
    assert!(is_paralyzed(&p, r));
    assert_eq!(turns_left(&p, r), 0, "nothing in the counter");
    assert_eq!(p.unit(r).status.frozen_through, 0);
    assert!(actions_of(&p, "h8").is_empty());
    assert!(fc().to_fen(&p).is_some_and(|f| !f.contains("h8:")));
    assert!(refusal(&p, "h8h9").is_some_and(|e| e.contains("FC11-PAWN-08")));
    // The cause leaves: the Rook is free at once.
    play(&mut p, "c3d5");
    play(&mut p, "g8g7");
    assert!(!frozen(&p, "h8"));
    assert!(!actions_of(&p, "h8").is_empty());
}

/// FC11-PARA-05
#[test]
fn fc11_para_05_who_may_transfer() {
    // The Knight on c3 protects the paralysed Rook on d5 (a knight leap away).
    let p = pos_with(&[("c3", 'N'), ("d5", 'R')], "w", "- - d5:6");
    assert!(legal(&p, "act:c3d5"));
    // Not when the Knight is threatened.
    let t = pos_with(&[("c3", 'N'), ("d5", 'R'), ("c9", 'r')], "w", "- - d5:6");
    assert!(!legal(&t, "act:c3d5"));
    assert!(refusal(&t, "act:c3d5").is_some_and(|e| e.contains("threatened")));
    // Not for a Royal Guard (it cannot be paralysed), nor for the King.
    let g = pos_with(&[("b2", 'N'), ("c4", 'R')], "w", "- - c4:6");
    assert!(!legal(&g, "act:b2c4"));
    assert!(refusal(&g, "act:b2c4").is_some_and(|e| e.contains("FC11-KING-08")));
    let k = pos_with(&[("b2", 'R')], "w", "- - b2:6");
    assert!(!legal(&k, "act:a1b2"));
    // Not to a unit paralysed only by a status, nor across kind immunity.
    let s = pos_with(
        &[("c3", 'N'), ("d5", 'R'), ("c5", 'p'), ("e5", 'p')],
        "w",
        "",
    );
    assert!(frozen(&s, "d5") && !legal(&s, "act:c3d5"));
    let ki = pos_with(&[("c3", 'N'), ("d5", 'N')], "w", "- - d5:6");
    assert!(!legal(&ki, "act:c3d5"));
    assert!(refusal(&ki, "act:c3d5").is_some_and(|e| e.contains("FC11-PARA-12")));
    // Not by a unit that does not protect the target.
    let far = pos_with(&[("c3", 'N'), ("d6", 'R')], "w", "- - d6:6");
    assert!(!legal(&far, "act:c3d6"));
}

/// FC11-PARA-06
#[test]
fn fc11_para_06_transfer_amounts() {
    let mut p = pos_with(&[("c3", 'N'), ("d5", 'R')], "w", "- - d5:6");
    play(&mut p, "act:c3d5");
    // White's turn is over: the Rook's 6 turns (this one counted) are 6 - 1 - 4 = 1 now.
    assert_eq!(turns_left(&p, id(&p, "d5")), 1);
    assert_eq!(turns_left(&p, id(&p, "c3")), 4);
    // Fewer than 4 left: the target goes to 0, the actor still gets 4.
    let mut q = pos_with(&[("c3", 'N'), ("d5", 'R')], "w", "- - d5:2");
    play(&mut q, "act:c3d5");
    assert_eq!(turns_left(&q, id(&q, "d5")), 0);
    assert_eq!(turns_left(&q, id(&q, "c3")), 4);
    play(&mut q, "m16l16");
    assert!(!actions_of(&q, "d5").is_empty(), "the Rook acts again");
}

/// FC11-PARA-07
#[test]
fn fc11_para_07_after_a_transfer_the_actor_is_a_statue() {
    let mut p = pos_with(
        &[("c3", 'N'), ("d5", 'R'), ("b5", 'B')],
        "w",
        "- - d5:9,b5:9",
    );
    play(&mut p, "act:c3d5");
    play(&mut p, "m16l16");
    // The Knight may not act, so no second transfer, and it protects (attacks) nothing.
    assert!(actions_of(&p, "c3").is_empty());
    assert!(!legal(&p, "act:c3b5"));
    let v = frozen_variants::fc11::board::View::new(&p);
    assert!(!frozen_variants::fc11::maps::attacked(
        &v,
        sq("b5"),
        Side::White
    ));
}

/// FC11-PARA-08
#[test]
fn fc11_para_08_paralysis_immunities() {
    // The King and a Royal Guard refuse paralysis effects; a Frog and a Ship take them.
    let mut p = pos(&[("b2", 'R'), ("h8", 'F'), ("h10", 'S')]);
    for s in ["a1", "b2"] {
        let u = id(&p, s);
        assert!(
            !paralyze(&mut p, u, 3, Paralysis::Effect, None, &mut NoEvents),
            "{s}"
        );
        assert_eq!(turns_left(&p, u), 0);
    }
    for s in ["h8", "h10"] {
        let u = id(&p, s);
        assert!(
            paralyze(&mut p, u, 3, Paralysis::Effect, None, &mut NoEvents),
            "{s}"
        );
    }
    // A Jester is immune to Jester presence and to traps.
    assert!(immune_kind(Effect::JesterPresence, None, JESTER, Side::White).is_some());
    assert!(immune_kind(Effect::Trap, None, JESTER, Side::White).is_some());
    assert!(immune_kind(Effect::Trap, None, ROOK, Side::White).is_none());
}

/// FC11-PARA-09
#[test]
fn fc11_para_09_own_costs_bypass_immunity() {
    let mut p = pos(&[("b2", 'R')]);
    let g = id(&p, "b2");
    assert!(!paralyze(
        &mut p,
        g,
        5,
        Paralysis::Effect,
        None,
        &mut NoEvents
    ));
    assert!(paralyze(&mut p, g, 5, Paralysis::Cost, None, &mut NoEvents));
    // Given in its owner's turn: this turn (already under way) and the next 5.
    assert_eq!(turns_left(&p, g), 6);
}

/// FC11-PARA-10
#[test]
fn fc11_para_10_a_captured_unit_drops_its_counter_statuses_stay_off_it() {
    let mut p = pos_with(&[("h1", 'R'), ("h9", 'n')], "w", "- - h9:7");
    let n = id(&p, "h9");
    play(&mut p, "h1h9");
    assert_eq!(
        p.unit(n).status.frozen_through,
        0,
        "a respawn would start at 0"
    );
    // A pincered unit keeps its counter at 0 whatever the Pincer does.
    let q = pos(&[("h8", 'R'), ("g8", 'p'), ("i8", 'p')]);
    assert_eq!(q.unit(id(&q, "h8")).status.frozen_through, 0);
}

/// FC11-PARA-11
#[test]
fn fc11_para_11_a_dead_units_counter_is_dropped() {
    let mut p = pos_with(&[("c3", 'N'), ("d5", 'r')], "w", "- - d5:9");
    let r = id(&p, "d5");
    play(&mut p, "c3d5");
    assert!(matches!(p.unit(r).loc, frozen_core::Location::Tomb(_)));
    assert_eq!(turns_left(&p, r), 0);
    assert_eq!(p.unit(r).status.frozen_through, 0);
}

/// FC11-PARA-16
#[test]
fn fc11_para_16_one_immunity_table() {
    let white = Actor {
        kind: ROOK,
        side: Side::White,
    };
    let black = Actor {
        kind: BISHOP,
        side: Side::Black,
    };
    let rule = |i: Option<Immunity>| i.map(|i| i.rule());
    // The quick reference, line by line.
    assert!(immune_kind(Effect::Push, Some(white), TEMPLAR, Side::Black).is_some());
    assert!(immune_kind(Effect::Pull, Some(white), TEMPLAR, Side::Black).is_none());
    assert!(immune_kind(Effect::TombPass, None, DRAGON, Side::Black).is_some());
    assert!(immune_kind(Effect::TombPass, None, ROOK, Side::Black).is_none());
    for e in [Effect::Capture, Effect::Empower, Effect::Guard] {
        assert!(
            immune_kind(e, Some(white), SHIP, Side::Black).is_some(),
            "{e:?}"
        );
    }
    assert!(immune_kind(Effect::Capture, Some(white), FROG, Side::Black).is_some());
    assert!(immune_kind(Effect::Empower, Some(white), FROG, Side::White).is_none());
    assert_eq!(
        rule(immune_kind(
            Effect::Swapshot,
            Some(black),
            CHANCELLOR,
            Side::White
        )),
        Some("FC11-CHAN-09")
    );
    // Kind immunity covers every effect a unit causes, except for the excepted kinds.
    assert_eq!(
        rule(immune_kind(Effect::Pull, Some(white), ROOK, Side::Black)),
        Some("FC11-PARA-12")
    );
    let pawn = Actor {
        kind: PAWN,
        side: Side::White,
    };
    assert!(immune_kind(Effect::Capture, Some(pawn), PAWN, Side::Black).is_none());
    // Effects caused by no unit skip nobody (a tomb's explosion).
    assert!(immune_kind(Effect::Explosion, None, ROOK, Side::Black).is_none());
    // State rows: the Royal Guard row is the one state of this part.
    assert!(immunity::TABLE
        .iter()
        .any(|r| r.who == Who::RoyalGuard && r.effect == Effect::Paralysis));
    // Every row names a rule.
    assert!(immunity::TABLE.iter().all(|r| r.rule.starts_with("FC11-")));
}

// ---------------------------------------------------------------- PAWN, QUEN, JEST, KNGT

/// FC11-PAWN-08
#[test]
fn fc11_pawn_08_pincer() {
    // Left and right, or front and back: enemy pawns on both squares of one pair.
    // (Black's King is shielded by pawns so that no bounced Rook route checks it.)
    let lr = pos(&shielded(&[("h8", 'R'), ("g8", 'p'), ("i8", 'p')]));
    assert!(frozen(&lr, "h8"));
    assert!(matches!(
        status::status(&lr, id(&lr, "h8")),
        Some(Status::Pincer(_, _))
    ));
    let fb = pos(&shielded(&[("h8", 'R'), ("h9", 'p'), ("h7", 'p')]));
    assert!(frozen(&fb, "h8"));
    // Two sides that are not opposite, one pawn, friendly pawns, the edge: no Pincer.
    for units in [
        vec![("h8", 'R'), ("g8", 'p'), ("h9", 'p')],
        vec![("h8", 'R'), ("g8", 'p')],
        vec![("h8", 'R'), ("g8", 'P'), ("i8", 'P')],
        vec![("p8", 'R'), ("o8", 'p')],
    ] {
        let p = pos(&shielded(&units));
        let s = units[0].0;
        assert!(!frozen(&p, s), "{units:?}");
    }
    // Paralysed pawns still pincer (occupancy).
    let pp = pos_with(
        &shielded(&[("h8", 'R'), ("g8", 'p'), ("i8", 'p')]),
        "w",
        "- - g8:3",
    );
    assert!(frozen(&pp, "h8"));
    // Pawns pincer pawns; the King and Royal Guards are immune.
    let pw = pos(&[("h8", 'P'), ("g8", 'p'), ("i8", 'p')]);
    assert!(frozen(&pw, "h8"));
    let k = pos_with(&[("h8", 'K'), ("g8", 'p'), ("i8", 'p')], "w", "");
    assert!(!frozen(&k, "h8"));
    let rg = pos_with(
        &shielded(&[("h8", 'K'), ("h9", 'R'), ("g9", 'p'), ("i9", 'p')]),
        "w",
        "",
    );
    assert!(!frozen(&rg, "h9"));
    // A pincered unit gives no check: the black Queen on d4 sees a1 along the diagonal.
    let c = pos_with(&[("d4", 'q'), ("d3", 'P'), ("d5", 'P')], "w", "");
    assert!(frozen(&c, "d4"));
    assert!(!frozen_variants::fc11::check::in_check(&c, Side::White));
}

/// FC11-QUEN-02
#[test]
fn fc11_quen_02_gaze() {
    let p = pos(&[
        ("h8", 'Q'),
        ("g9", 'p'),
        ("h9", 'p'),
        ("i7", 'b'),
        ("g7", 'P'),
    ]);
    assert!(
        frozen(&p, "g9") && frozen(&p, "h9"),
        "enemy pawns in her 3x3"
    );
    assert!(!frozen(&p, "i7"), "pawns only");
    assert!(!frozen(&p, "g7"), "enemy pawns only");
    assert!(matches!(
        status::status(&p, id(&p, "g9")),
        Some(Status::Gaze(q)) if q == sq("h8")
    ));
    // A paralysed Queen gazes at nobody.
    let q = pos_with(&[("h8", 'Q'), ("g9", 'p')], "w", "- - h8:2");
    assert!(!frozen(&q, "g9"));
    // A Royal-Guard pawn is immune.
    let rg = pos_with(&[("h8", 'Q'), ("g9", 'p'), ("f10", 'k')], "w", "");
    assert!(!frozen(&rg, "g9"));
}

/// FC11-QUEN-03
#[test]
fn fc11_quen_03_the_gaze_holds_at_the_start_of_a_turn() {
    // A gazed pawn may not capture the Queen with a turn of its own: the exception is for a
    // pawn already inside a multi-step sequence, which this part does not have.
    let p = pos_with(&[("h8", 'Q'), ("g9", 'p')], "b", "");
    assert!(actions_of(&p, "g9").is_empty());
    assert!(!legal(&p, "g9h8"));
    assert!(refusal(&p, "g9h8").is_some_and(|e| e.contains("FC11-QUEN-02")));
}

/// FC11-JEST-07
#[test]
fn fc11_jest_07_jester_presence() {
    // (Black's King is shielded by pawns, fc11_support::SHIELD, so that no bounced route
    // of a white rider checks it.)
    let p = pos(&shielded(&[
        ("h8", 'J'),
        ("g9", 'r'),
        ("i7", 'p'),
        ("h9", 'c'),
        ("g7", 'j'),
        ("i9", 'R'),
    ]));
    assert!(
        frozen(&p, "g9") && frozen(&p, "i7"),
        "enemy units in its 3x3"
    );
    assert!(!frozen(&p, "h9"), "Chancellors are immune (FC11-CHAN-09)");
    assert!(!frozen(&p, "g7"), "Jesters are immune (kind immunity)");
    assert!(!frozen(&p, "i9"), "friendly units are not affected");
    // A paralysed Jester has no presence; nor a pincered one.
    let q = pos_with(&[("h8", 'J'), ("g9", 'r')], "w", "- - h8:1");
    assert!(!frozen(&q, "g9"));
    let r = pos(&[("h8", 'J'), ("g9", 'r'), ("g8", 'p'), ("i8", 'p')]);
    assert!(frozen(&r, "h8") && !frozen(&r, "g9"));
    // The King and Royal Guards are immune.
    let k = pos_with(&[("h8", 'J'), ("h9", 'k'), ("g9", 'r')], "w", "");
    assert!(!frozen(&k, "h9") && !frozen(&k, "g9"));
}

/// FC11-KNGT-06
#[test]
fn fc11_kngt_06_knightmare() {
    // The black pawn on f6 stands where the White Knight on e4 could land: one step only.
    let p = pos_with(&[("e4", 'N'), ("f6", 'p'), ("g5", 'R')], "b", "");
    let pawn = id(&p, "f6");
    assert_eq!(knightmare(&p, pawn), Some(sq("e4")));
    assert_eq!(dests(&p, "f6"), ["f5"]);
    assert!(!legal(&p, "f6g5"), "no capture");
    assert!(!legal(&p, "act:f6e6"), "no rotation");
    assert!(refusal(&p, "f6g5").is_some_and(|e| e.contains("FC11-KNGT-06")));
    // The Knight's forward-diagonal step squares count too; the jumped squares do not.
    let d = pos_with(&[("e4", 'N'), ("f5", 'p'), ("e5", 'p')], "b", "");
    assert!(knightmare(&d, id(&d, "f5")).is_some());
    assert!(knightmare(&d, id(&d, "e5")).is_none());
    // A held pawn captures nothing, so it gives no check.
    let c = pos_with(&[("e4", 'N'), ("f6", 'p'), ("g5", 'K')], "w", "");
    assert!(!frozen_variants::fc11::check::in_check(&c, Side::White));
    // A paralysed Knight casts no Knightmare.
    let z = pos_with(&[("e4", 'N'), ("f6", 'p')], "b", "- - e4:2");
    assert!(knightmare(&z, id(&z, "f6")).is_none());
}

// ---------------------------------------------------------------- KING, CHAN

/// FC11-KING-08
#[test]
fn fc11_king_08_royal_guards() {
    let p = pos_with(
        &shielded(&[
            ("h8", 'K'),
            ("h9", 'R'),
            ("g9", 'p'),
            ("i9", 'p'),
            ("h10", 'j'),
        ]),
        "w",
        "",
    );
    assert!(immunity::royal_guard(&p, id(&p, "h9")));
    assert!(!frozen(&p, "h9"), "no Pincer, no presence next to its King");
    // An enemy unit next to the King is no Royal Guard of it.
    let e = pos_with(
        &[("h8", 'K'), ("h9", 'r'), ("g9", 'P'), ("i9", 'P')],
        "w",
        "",
    );
    assert!(!immunity::royal_guard(&e, id(&e, "h9")));
    assert!(frozen(&e, "h9"));
    // Leaving the King ends it.
    let mut m = pos_with(
        &shielded(&[("h8", 'K'), ("h9", 'R'), ("d10", 'p'), ("d8", 'p')]),
        "w",
        "",
    );
    play(&mut m, "h9d9");
    assert!(frozen(&m, "d9"));
}

/// FC11-KING-09
#[test]
fn fc11_king_09_king_immunities() {
    use Effect::*;
    let all = [
        Capture,
        Paralysis,
        PawnPincer,
        JesterPresence,
        QueensGaze,
        Trap,
        TombPass,
        Pull,
        Push,
        Swapshot,
        Teleswap,
        Conversion,
        MindControl,
        Spin,
        Tornado,
        Avalanche,
        Shadowstrike,
        Decoherence,
        Morph,
        Empower,
        Guard,
        Rotation,
        Explosion,
    ];
    for e in all {
        let open = matches!(e, Rotation | Explosion | Teleswap);
        assert_eq!(
            immune_kind(e, None, KING, Side::White).is_none(),
            open,
            "{e:?}"
        );
    }
    let p = pos_with(
        &[("h8", 'K'), ("g8", 'p'), ("i8", 'p'), ("h9", 'j')],
        "w",
        "",
    );
    assert!(!frozen(&p, "h8"));
    assert!(immune(&p, Effect::Paralysis, None, id(&p, "h8")).is_some());
}

/// FC11-CHAN-09
#[test]
fn fc11_chan_09_chancellor_immunities() {
    let p = pos(&[("h8", 'C'), ("h9", 'j')]);
    assert!(!frozen(&p, "h8"));
    let foe = Actor {
        kind: ROOK,
        side: Side::Black,
    };
    let friend = Actor {
        kind: ROOK,
        side: Side::White,
    };
    assert!(immune_kind(Effect::Swapshot, Some(foe), CHANCELLOR, Side::White).is_some());
    assert!(immune_kind(Effect::Swapshot, Some(friend), CHANCELLOR, Side::White).is_none());
}

// ---------------------------------------------------------------- VISU

/// FC11-VISU-01
#[test]
fn fc11_visu_01_ranges_shown() {
    let f = fc();
    let p = pos_with(
        &shielded(&[
            ("h8", 'R'),
            ("c3", 'N'),
            ("e2", 'S'),
            ("f2", 'O'),
            ("e1", 'J'),
            ("d1", 'Q'),
        ]),
        "w",
        "- - - h8:3",
    );
    let r = |s: &str| f.display_range(&p, id(&p, s));
    assert_eq!(r("h8"), Some(13));
    assert_eq!(r("d1"), Some(16));
    assert_eq!(r("c3"), Some(3));
    assert_eq!(r("e2"), Some(16));
    assert_eq!(r("f2"), Some(16));
    assert_eq!(r("e1"), None);
}

/// FC11-VISU-02
#[test]
fn fc11_visu_02_status_paralysis_has_its_own_mark() {
    let f = fc();
    let p = pos_with(
        &[
            ("h8", 'R'),
            ("g8", 'p'),
            ("i8", 'p'),
            ("c5", 'B'),
            ("e4", 'N'),
            ("f6", 'p'),
        ],
        "w",
        "- - c5:2",
    );
    let notes = f.square_notes(&p);
    let at = |s: &str| notes.iter().find(|n| n.square == sq(s));
    let h8 = at("h8").expect("a mark on the pincered Rook");
    assert_eq!(h8.kind, SquareNoteKind::Paralysed);
    assert!(h8.text.contains("FC11-PAWN-08"));
    assert!(
        at("c5").is_none(),
        "counter paralysis shows as its count instead"
    );
    assert_eq!(at("f6").map(|n| n.kind), Some(SquareNoteKind::Status));
    assert!(f
        .describe_state(&p)
        .iter()
        .any(|l| l.contains("h8") && l.contains("Pincer")));
}
