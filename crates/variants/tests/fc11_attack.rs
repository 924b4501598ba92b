//! fc11 part 2 (bounces and the attack model): one or more tests per rule ID, named after
//! it. The brute-force comparisons (routes and the attack map against an independent
//! walker) are in `fc11_naive.rs`.

mod fc11_support;

use fc11_support::*;
use frozen_core::{Rules, Side, Square};
use frozen_variants::fc11::board::View;
use frozen_variants::fc11::check::in_check;
use frozen_variants::fc11::maps::{attack_map, attacked};
use frozen_variants::fc11::node::Node;
use frozen_variants::fc11::Fc11;

fn sq(s: &str) -> Square {
    s.parse().expect("square")
}

/// The squares of an action path, segment by segment (origin excluded); empty for a leap
/// (a segment that is not straight).
fn entered(text: &str) -> Vec<Square> {
    let body = text.split('=').next().unwrap_or("");
    let mut squares = Vec::new();
    let mut i = 0;
    let b = body.as_bytes();
    while i < b.len() {
        let mut j = i + 1;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        squares.push(sq(&body[i..j]));
        i = j;
    }
    let mut out = Vec::new();
    for w in squares.windows(2) {
        let (a, c) = (w[0], w[1]);
        let df = i32::from(c.file()) - i32::from(a.file());
        let dr = i32::from(c.rank()) - i32::from(a.rank());
        if df != 0 && dr != 0 && df.abs() != dr.abs() {
            return Vec::new();
        }
        let (df, dr) = (df.signum(), dr.signum());
        let mut q = a;
        while q != c {
            q = q.offset(df, dr).expect("on board");
            out.push(q);
        }
    }
    out
}

// ---- FC11-TURN-09: diagonal bounce (Dragon, Queen, Bishop, Ship; not the Lancer) ----

#[test]
fn fc11_turn_09_diagonal_movers_bounce_and_the_lancer_does_not() {
    // d4 south-west: c3, b2, then the King on a1 blocks; flipping dx gives c1.
    for k in ['B', 'D', 'Q'] {
        let p = pos(&[("d4", k)]);
        assert!(legal(&p, "d4b2c1"), "{k}: {:?}", actions_of(&p, "d4"));
        assert!(legal(&p, "d4b2a3"), "{k}");
    }
    let p = pos(&[("d4", 'L')]);
    assert!(!dests(&p, "d4").contains(&"c1".to_string()));
    assert!(actions_of(&p, "d4")
        .iter()
        .all(|a| !a.starts_with("d4b2") || a == "d4b2" || a.len() == 6));
    // The Ship's forward diagonal north-west meets the edge on a7 and flips to b8.
    let p = pos(&[("d4", 'S')]);
    assert!(legal(&p, "d4a7b8"), "{:?}", actions_of(&p, "d4"));
    // The Onager's slides (across its aim) never bounce.
    let p = pos(&[("d4", 'O')]);
    assert!(actions_of(&p, "d4").iter().all(|a| a.len() <= 5));
}

// ---- FC11-TURN-10: orthogonal bounce (Rook, Queen, Templar, Ship) ----

#[test]
fn fc11_turn_10_orthogonal_movers_turn_90_degrees() {
    for k in ['R', 'Q', 'T'] {
        let p = pos(&[("d4", k)]);
        assert!(legal(&p, "d4a4a6"), "{k}: {:?}", actions_of(&p, "d4"));
        assert!(legal(&p, "d4a4a2"), "{k}");
    }
    // The Ship slides backward (south for White) and turns at the edge.
    let p = pos(&[("d4", 'S')]);
    assert!(legal(&p, "d4d1f1"), "{:?}", actions_of(&p, "d4"));
    // The Templar's T move never bounces; the Knight never slides.
    let p = pos(&[("d4", 'N')]);
    assert!(actions_of(&p, "d4").iter().all(|a| a.len() <= 5));
}

// ---- FC11-TURN-11: edges ----

#[test]
fn fc11_turn_11_edge_reflections_and_the_corner() {
    // The Bishop on c3 going south-west reaches the corner a1: both flips point off the
    // board, so the route ends there.
    let p = pos(&[("c3", 'B'), ("p14", 'K')]);
    assert!(legal(&p, "c3a1"));
    assert!(actions_of(&p, "c3")
        .iter()
        .all(|a| !a.starts_with("c3a1") || a == "c3a1"));
    // On an edge only the component pointing off the board flips: b2 then a1 is the
    // corner; from e3 south-west: d2, c1, edge: only dy flips (b0 is off): c1b2? no, b2
    // is entered by flipping dy at c1: e3c1a3.
    let p = pos(&[("e3", 'B'), ("p14", 'K')]);
    assert!(legal(&p, "e3c1a3"), "{:?}", actions_of(&p, "e3"));
    assert!(!actions_of(&p, "e3").iter().any(|a| a.starts_with("e3c1d")));
    // An orthogonal mover at the edge may turn either way.
    let p = pos(&[("c8", 'R'), ("p14", 'K')]);
    assert!(legal(&p, "c8a8a12"));
    assert!(legal(&p, "c8a8a4"));
    // Turning costs no range: range 3 (CRR 13) reaches b8, a8 and then one square.
    let p = pos_with(&[("c8", 'R'), ("p14", 'K')], "w", "- - - c8:13");
    let mine = actions_of(&p, "c8");
    assert!(mine.contains(&"c8a8a9".to_string()), "{mine:?}");
    assert!(!mine.contains(&"c8a8a10".to_string()));
}

// ---- FC11-TURN-12: bounded routes and their text ----

#[test]
fn fc11_turn_12_turns_only_at_collisions_and_captures_at_the_end() {
    let p = pos(&[("d4", 'R'), ("a9", 'p')]);
    // No turn in open space: d6 has an empty d7 beyond it.
    assert!(!legal(&p, "d4d6f6"));
    // Capture after a bounce: west to a4 (edge), north to the pawn on a9.
    assert!(legal(&p, "d4a4a9"), "{:?}", actions_of(&p, "d4"));
    // The route stops on the capture square: nothing beyond a9 along that segment.
    assert!(!legal(&p, "d4a4a10"));
    // Never a turn on the origin: the Rook on a4 meets the edge at once; a turn there
    // would only repeat its other first directions, and is never written.
    let p = pos(&[("a4", 'R'), ("p14", 'K')]);
    assert!(!actions_of(&p, "a4").iter().any(|a| a.starts_with("a4a4")));
    assert!(legal(&p, "a4a16c16"));
    // A collision with a friend allows a turn but no capture.
    let p = pos(&[("d4", 'R'), ("d8", 'P')]);
    assert!(!legal(&p, "d4d8"));
    assert!(legal(&p, "d4d7e7"));
    assert!(legal(&p, "d4d7c7"));
    // Two turns never follow each other: after turning at d7 the route enters e7 first.
    assert!(!actions_of(&p, "d4").iter().any(|a| a.starts_with("d4d7d7")));
}

#[test]
fn fc11_turn_12_routes_never_reenter_a_square_and_respect_the_range() {
    // Queens and Rooks with bounces on crowded boards: every listed route enters each
    // square at most once, never its origin, and at most "range" squares.
    let boards: [&[(&str, char)]; 3] = [
        &[
            ("h8", 'Q'),
            ("h12", 'p'),
            ("c8", 'P'),
            ("m5", 'n'),
            ("e3", 'P'),
        ],
        &[("b2", 'R'), ("d2", 'P'), ("b5", 'n'), ("a3", 'P')],
        &[
            ("g7", 'Q'),
            ("g9", 'P'),
            ("i7", 'P'),
            ("e5", 'p'),
            ("i9", 'b'),
            ("l16", 'p'),
            ("n16", 'p'),
            ("l15", 'p'),
            ("m15", 'p'),
            ("n15", 'p'),
        ],
    ];
    let mut bounced = 0;
    for units in boards {
        let origin = units[0].0;
        for crr in [String::new(), format!("- - - {origin}:10")] {
            let p = pos_with(units, "w", &crr);
            let f = fc();
            let range = f
                .display_range(&p, p.unit_at(sq(origin)).expect("unit"))
                .expect("range");
            for a in actions_of(&p, origin) {
                let e = entered(&a);
                if a.len() > 6 {
                    bounced += 1;
                }
                let mut seen = std::collections::BTreeSet::new();
                assert!(!e.contains(&sq(origin)), "{a} re-enters its origin");
                for s in &e {
                    assert!(seen.insert(*s), "{a} enters {s} twice");
                }
                assert!(
                    e.len() as u16 <= range,
                    "{a}: {} squares, range {range}",
                    e.len()
                );
            }
        }
    }
    assert!(bounced > 50, "{bounced}");
}

#[test]
fn fc11_turn_12_two_routes_to_one_square_are_two_actions_and_round_trip() {
    let p = pos(&[("d4", 'Q'), ("d9", 'P'), ("h4", 'P')]);
    let f = fc();
    let mut all = Vec::new();
    f.actions(&p, &mut all);
    let texts: Vec<String> = all.iter().map(|a| f.format_action(&p, a)).collect();
    let mut by_dest = std::collections::BTreeMap::<Square, usize>::new();
    for a in all.iter().filter(|a| a.from() == Some(sq("d4"))) {
        *by_dest.entry(a.to().expect("to")).or_default() += 1;
    }
    assert!(by_dest.values().any(|&n| n >= 2), "{by_dest:?}");
    for (a, t) in all.iter().zip(&texts) {
        let back = f.parse_action(&p, t).unwrap_or_else(|e| panic!("{t}: {e}"));
        assert_eq!(&back, a, "{t}");
        assert_eq!(&f.format_action(&p, &back), t);
    }
    // A route the unit cannot take is refused with a reason.
    assert!(refusal(&p, "d4d6f6").is_some());
    let mut q = p.clone();
    play(&mut q, "d4d8e8");
    assert_eq!(unit_at(&q, "e8").kind, frozen_variants::fc11::QUEEN);
}

// ---- FC11-CAPT-11: the attack map ----

#[test]
fn fc11_capt_11_bounced_routes_give_check() {
    // The Rook on d4 reaches the Black King on a8 only by bouncing off the a-file edge.
    let p = pos_with(&[("d4", 'R'), ("a8", 'k'), ("p14", 'K')], "b", "");
    assert!(in_check(&p, Side::Black));
    let v = View::new(&p);
    assert!(attacked(&v, sq("a8"), Side::White));
    assert!(attack_map(&v, Side::White).contains(sq("a8")));
    // Black to act must leave the bounced line.
    let p = pos_with(
        &[("d4", 'R'), ("a8", 'k'), ("p14", 'K'), ("h12", 'p')],
        "b",
        "",
    );
    assert!(!legal(&p, "h12h11"));
}

#[test]
fn fc11_capt_11_paralysed_units_attack_nothing_and_categories_are_kept() {
    let p = pos(&[("d4", 'Q'), ("p14", 'K')]);
    let v = View::new(&p);
    let a = attack_map(&v, Side::White);
    assert!(a.other.contains(sq("e6")), "knight leap");
    assert!(!a.slide.contains(sq("e6")));
    assert!(a.slide.contains(sq("d9")));
    // Bounced squares: b1 is reached only through a turn (d4 south to d1, west).
    assert!(a.slide.contains(sq("b1")));
    let who: Vec<_> = a.attackers(sq("d9")).map(|r| r.from).collect();
    assert_eq!(who, vec![sq("d4")]);
    // The same Queen paralysed: nothing.
    let p = pos_with(&[("d4", 'Q'), ("p14", 'K')], "w", "- - d4:2");
    let v = View::new(&p);
    let a = attack_map(&v, Side::White);
    assert!(!a.contains(sq("d9")));
    assert!(!attacked(&v, sq("d9"), Side::White));
    // The first occupied square of a line is included, the one behind it is not (unless
    // a route bounces round to it).
    let p = pos(&[
        ("d4", 'R'),
        ("d6", 'p'),
        ("p14", 'K'),
        ("c7", 'p'),
        ("e7", 'p'),
    ]);
    let v = View::new(&p);
    let a = attack_map(&v, Side::White);
    assert!(a.contains(sq("d6")));
    assert!(!a.contains(sq("d7")));
}

// ---- FC11-TEMP-03, -04: the Templar's Shield ----

/// FC11-TEMP-03
#[test]
fn fc11_temp_03_no_capture_from_a_square_the_templar_reaches() {
    // The Rook on e4 stands on the Templar's file: the Templar could capture it, so the
    // Rook may not capture the Templar. A Knight on d6 is out of the Templar's reach.
    // The Templar's range is 10 (CRR 6) so that its own bounced routes leave a1 alone.
    let p = pos_with(
        &shielded(&[("e4", 'R'), ("e8", 't'), ("d6", 'N')]),
        "w",
        "- - - e8:6",
    );
    assert!(!legal(&p, "e4e8"));
    assert!(
        refusal(&p, "e4e8").is_some_and(|r| r.contains("FC11-TEMP-03")),
        "{:?}",
        refusal(&p, "e4e8")
    );
    assert!(legal(&p, "d6e8"));
    // The shield has no bounce: from c5, off the Templar's lines and T squares, the Rook
    // may capture it by a bounced route (north to c8, where its own pawn on c9 blocks,
    // then east to e8).
    let q = pos_with(
        &shielded(&[("c5", 'R'), ("e8", 't'), ("c9", 'P')]),
        "w",
        "- - - e8:6",
    );
    assert!(legal(&q, "c5c8e8"), "{:?}", actions_of(&q, "c5"));
    // The attack map ignores the shield: the Templar's square is still attacked.
    let v = View::new(&p);
    assert!(attacked(&v, sq("e8"), Side::White));
}

/// FC11-TEMP-04
#[test]
fn fc11_temp_04_no_shield_on_a_pending_tomb_or_when_paralysed() {
    // The black Templar captures the Knight on e8 and stands on its pending tomb: the
    // White Rook on e4 may recapture although the Templar reaches e4.
    let mut p = pos_with(
        &shielded(&[("e12", 't'), ("e8", 'N'), ("e4", 'R')]),
        "b",
        "- - - e12:6",
    );
    play(&mut p, "e12e8");
    assert!(legal(&p, "e4e8"), "{:?}", refusal(&p, "e4e8"));
    // Set up on a tomb directly: same.
    let q = pos_with(
        &shielded(&[("e8", 't'), ("e4", 'R')]),
        "w",
        "- - - e8:6 e8:n",
    );
    assert!(legal(&q, "e4e8"));
    // A paralysed Templar has no capture range, so no shield.
    let z = pos_with(&shielded(&[("e8", 't'), ("e4", 'R')]), "w", "- - e8:1");
    assert!(legal(&z, "e4e8"));
    // Without the tomb and the paralysis the shield holds.
    let w = pos_with(&shielded(&[("e8", 't'), ("e4", 'R')]), "w", "- - - e8:6");
    assert!(!legal(&w, "e4e8"));
}

// ---- FC11-JEST-03: Power Steal ----

/// FC11-JEST-03
#[test]
fn fc11_jest_03_a_threatened_jester_moves_like_its_attacker() {
    // The black Rook on e10 (range 10) threatens the Jester on e4: the Jester gains rook
    // moves, bounces included, but no capture.
    let p = pos_with(&shielded(&[("e4", 'J'), ("e10", 'r')]), "w", "- - - e10:6");
    let mine = actions_of(&p, "e4");
    for t in ["e4e5", "e4e9", "e4a4a6", "e4e1"] {
        assert!(mine.contains(&t.to_string()), "{t}: {mine:?}");
    }
    assert!(!legal(&p, "e4e10"), "no capture with a stolen move");
    // Its own leaps stay.
    assert!(legal(&p, "e4g6"));
    // No threat, no stolen moves.
    let q = pos_with(&shielded(&[("e4", 'J'), ("f10", 'r')]), "w", "- - - f10:6");
    assert!(!legal(&q, "e4e5"));
    // Pawns give nothing (a black pawn on f5 threatens e4).
    let z = pos(&shielded(&[("e4", 'J'), ("f5", 'p')]));
    assert!(!legal(&z, "e4e5") && !legal(&z, "e4e3"));
    // A paralysed attacker threatens nothing.
    let w = pos_with(
        &shielded(&[("e4", 'J'), ("e10", 'r')]),
        "w",
        "- - e10:1 e10:6",
    );
    assert!(!legal(&w, "e4e5"));
    // The range is the attacker's: with range 3 (CRR 13) the Rook on e7 still threatens
    // e4, and the Jester slides at most 3 squares.
    let r = pos_with(&shielded(&[("e4", 'J'), ("e7", 'r')]), "w", "- - - e7:13");
    assert!(legal(&r, "e4e6") && legal(&r, "e4b4") && !legal(&r, "e4a4"));
}

// ---- FC11-CAPT-12, -13: the explosion and influence maps ----

/// FC11-CAPT-12
#[test]
fn fc11_capt_12_armed_tombs_and_capturable_jesters() {
    use frozen_variants::fc11::maps::explosion_map;
    // An armed tomb on e5 (no unit on it) threatens its 3x3 in both sides' maps; a tomb
    // with a unit on it (pending) does not.
    let p = pos_with(&shielded(&[("h8", 'N')]), "w", "- - - - e5:p,h8:p");
    let v = View::new(&p);
    for side in [Side::White, Side::Black] {
        let e = Node::new(&v).explosion(&v, side);
        for s in ["d4", "e5", "f6", "d6", "f4"] {
            assert!(e.contains(sq(s)), "{side} {s}");
        }
        assert!(!e.contains(sq("g7")) && !e.contains(sq("h9")), "{side}");
    }
    // A black Jester on e8 that White attacks: its 3x3 is in E(White), not in E(Black).
    let q = pos(&shielded(&[("e4", 'R'), ("e8", 'j')]));
    let v = View::new(&q);
    let node = Node::new(&v);
    let ew = node.explosion(&v, Side::White);
    let eb = node.explosion(&v, Side::Black);
    assert!(ew.contains(sq("d9")) && ew.contains(sq("f7")));
    assert!(!eb.contains(sq("d9")));
    // Out of reach (range 3, CRR 13): no longer attacked, no longer in E.
    let z = pos_with(&shielded(&[("e4", 'R'), ("e8", 'j')]), "w", "- - - e4:13");
    let v = View::new(&z);
    let a = attack_map(&v, Side::White);
    assert!(!a.contains(sq("e8")));
    assert!(!explosion_map(&v, Side::White, a.all()).contains(sq("d9")));
}

/// FC11-CAPT-13
#[test]
fn fc11_capt_13_influence_is_attack_explosion_and_control() {
    use frozen_variants::fc11::maps::control_map;
    let f = fc();
    let influence_map = |f: &Fc11, v: &View, side: Side| Node::new(v).influence(f, v, side);
    // A Frog captures nothing, but slimes its 3x3: g7 (diagonal, so not a push square).
    let p = pos(&shielded(&[("h8", 'F')]));
    let v = View::new(&p);
    assert!(!attack_map(&v, Side::White).contains(sq("g7")));
    assert!(influence_map(&f, &v, Side::White).contains(sq("g7")));
    let para = pos_with(&shielded(&[("h8", 'F')]), "w", "- - h8:1");
    let v = View::new(&para);
    assert!(!influence_map(&f, &v, Side::White).contains(sq("g7")));
    // A Rook with range 3: Stun's 3x3 around its landing square h11 holds g12, which no
    // capture line of range 3 reaches.
    let r = pos_with(&shielded(&[("h8", 'R')]), "w", "- - - h8:13");
    let v = View::new(&r);
    assert!(!attack_map(&v, Side::White).contains(sq("g12")));
    assert!(control_map(&f, &v, Side::White).contains(sq("g12")));
    // A Templar with range 3: the 5x5 around h11 holds f13.
    let t = pos_with(&shielded(&[("h8", 'T')]), "w", "- - - h8:13");
    let v = View::new(&t);
    assert!(influence_map(&f, &v, Side::White).contains(sq("f13")));
    // Pull lines ignore blockers: the Rook's file beyond a pawn.
    let b = pos_with(&shielded(&[("h8", 'R'), ("h9", 'P')]), "w", "- - - h8:13");
    let v = View::new(&b);
    assert!(control_map(&f, &v, Side::White).contains(sq("h11")));
    // I contains A and E.
    let e = pos_with(&shielded(&[("h8", 'N')]), "w", "- - - - e5:p");
    let v = View::new(&e);
    let i = influence_map(&f, &v, Side::White);
    let a = attack_map(&v, Side::White);
    assert!(a.all().is_subset(i));
    assert!(Node::new(&v).explosion(&v, Side::White).is_subset(i));
}

// ---- FC11-QUEN-05..07: the Queen's Shadow (her double) ----

fn double_of(p: &frozen_variants::fc11::Fc11Position, queen_sq: &str) -> Option<Square> {
    let q = p.unit_at(sq(queen_sq)).expect("a Queen");
    frozen_variants::fc11::double::of(p, q)
}

/// FC11-QUEN-05
#[test]
fn fc11_quen_05_the_double_takes_the_origin_wall_and_blocks_like_one() {
    let f = fc();
    // The Queen d4 empowers the Knight b3 (her queen moves).
    let mut p = pos(&shielded(&[("d4", 'Q'), ("b3", 'N')]));
    assert!(legal(&p, "b3b7"), "empowered by the Queen");
    play(&mut p, "d4d8");
    // Her slide squares are walls; her origin holds her double, not a wall.
    for w in ["d5", "d6", "d7"] {
        assert!(p.walls().get(sq(w)).is_some(), "{w}");
    }
    assert!(p.walls().get(sq("d4")).is_none());
    assert_eq!(double_of(&p, "d8"), Some(sq("d4")));
    assert!(f.validate(&p).is_empty(), "{:?}", f.validate(&p));
    // It is saved: the FEN names it (double square, Queen square) and reads back the same
    // position, hash included; the RON set-up too.
    let fen = f.to_fen(&p).expect("a FEN");
    assert!(fen.ends_with(" d4:d8"), "{fen}");
    let back = f.position_from_fen(&fen).expect("reads back");
    assert_eq!(f.to_fen(&back).as_deref(), Some(fen.as_str()));
    assert_eq!(back.hash(), back.compute_hash());
    let ron = frozen_core::build_position(&f, frozen_core::to_setup(&f, &p)).expect("RON");
    assert_eq!(ron, p);
    assert_eq!(p.hash(), p.compute_hash());
    // Shown: a note on its square (the picture also draws it as a square effect).
    let notes = f.square_notes(&p);
    assert!(notes
        .iter()
        .any(|n| n.square == sq("d4") && n.text.contains("FC11-QUEN-05")));
    assert!(f
        .describe_state(&p)
        .iter()
        .any(|l| l.starts_with("d4: double")));
    play(&mut p, "pass");
    // Nothing lands on it, and it protects nothing (the Knight loses its queen moves).
    assert!(!legal(&p, "b3d4"));
    assert!(refusal(&p, "b3d4").is_some_and(|r| r.contains("FC11-QUEN-05")));
    assert!(!legal(&p, "b3b7"));
    // A slide stops before it and may bounce off it (the Rook a4, the double on d4).
    let rook = |rest: &str| pos_with(&shielded(&[("a4", 'R'), ("p8", 'Q')]), "w", rest);
    let open = rook("");
    assert!(dests(&open, "a4").contains(&"d4".to_string()) && !legal(&open, "a4c4c5"));
    let blocked = rook("- - - - - - - d4:p8");
    assert!(!dests(&blocked, "a4").contains(&"d4".to_string()));
    assert!(!dests(&blocked, "a4").contains(&"e4".to_string()));
    assert!(
        legal(&blocked, "a4c4c5"),
        "{:?}",
        actions_of(&blocked, "a4")
    );
    // Undo takes it away again.
    let mut u = p.clone();
    let m = u.mark();
    play(&mut u, "d8h8");
    u.undo_to(m);
    assert_eq!(u, p);
    // Her next move replaces it: the old double and walls go, the new double stands on d8.
    play(&mut p, "d8h8");
    assert_eq!(double_of(&p, "h8"), Some(sq("d8")));
    assert!(
        frozen_variants::fc11::double::squares(&p) == frozen_core::Bitboard::from_square(sq("d8"))
    );
    assert!(p.walls().get(sq("d5")).is_none() && p.walls().get(sq("e8")).is_some());
    play(&mut p, "pass");
    // A knight leap: the double moves to h8, and no wall is laid.
    play(&mut p, "h8g6");
    assert_eq!(double_of(&p, "g6"), Some(sq("h8")));
    assert!(p.walls().is_empty());
    // A null move or a Pawn Rotation keeps it (no Queen moved).
    play(&mut p, "pass");
    assert_eq!(double_of(&p, "g6"), Some(sq("h8")));
    // Her death takes it: the black Rook d16 captures the Queen d4 (double on d1).
    let mut z = pos_with(
        &shielded(&[("d4", 'Q'), ("d16", 'r')]),
        "b",
        "- - - - - - - d1:d4",
    );
    assert_eq!(double_of(&z, "d4"), Some(sq("d1")));
    play(&mut z, "d16d4");
    assert!(frozen_variants::fc11::double::squares(&z).is_empty());
    assert!(f.validate(&z).is_empty());
    // Bad set-ups are refused with the reason.
    for bad in [
        "- - - - - - - d1:e4",
        "- - - - - - - d1:d4,d2:d4",
        "- - - - - - - d16:d4",
    ] {
        let fen = format!(
            "{} b {bad}",
            placement(&[("d4", 'Q'), ("d16", 'r'), ("a1", 'K'), ("m16", 'k')])
        );
        assert!(f.position_from_fen(&fen).is_err(), "{bad}");
    }
}

/// FC11-QUEN-06
#[test]
fn fc11_quen_06_the_double_threatens_and_checks_but_never_protects() {
    // The double on d4 (its Queen on a4) checks the black King on d12 along the d-file.
    let p = pos_with(&[("a4", 'Q'), ("d12", 'k')], "b", "- - - - - - - d4:a4");
    assert!(in_check(&p, Side::Black));
    let v = View::new(&p);
    let a = attack_map(&v, Side::White);
    assert!(a.contains(sq("d12")) && attacked(&v, sq("d12"), Side::White));
    assert_eq!(a.doubles.len(), 1);
    assert!(
        a.attackers(sq("d12")).next().is_none(),
        "no unit attacks d12"
    );
    assert!(!a.contains(sq("d4")), "its own square blocks like a wall");
    // Black must leave the line; no null move in check.
    assert!(legal(&p, "d12e12") && !legal(&p, "d12d11") && !legal(&p, "pass"));
    // It threatens with her current range: CRR 10 leaves 6, d10 but not d12.
    let p = pos_with(&[("a4", 'Q'), ("d12", 'k')], "b", "- - - a4:10 - - - d4:a4");
    assert!(!in_check(&p, Side::Black));
    let p = pos_with(&[("a4", 'Q'), ("d10", 'k')], "b", "- - - a4:10 - - - d4:a4");
    assert!(in_check(&p, Side::Black));
    // Her knight leaps and bounced routes too.
    let p = pos_with(&[("a4", 'Q'), ("e6", 'k')], "b", "- - - - - - - d4:a4");
    assert!(in_check(&p, Side::Black));
    let p = pos_with(&[("a4", 'Q'), ("h1", 'k')], "b", "- - - - - - - d4:a4");
    assert!(
        in_check(&p, Side::Black),
        "d4 south to d1, turning east to h1"
    );
    // It threatens while its Queen is paralysed (it is not a unit).
    let p = pos_with(&[("a4", 'Q'), ("d12", 'k')], "b", "- - a4:3 - - - - d4:a4");
    assert!(in_check(&p, Side::Black));
    // A threatened protector counts for nothing (FC11-EMPW-04): the black Rook d9 empowers
    // the Knight h9 (rook moves) unless the double threatens the Rook.
    let units = shielded(&[
        ("a4", 'Q'),
        ("d9", 'r'),
        ("h9", 'n'),
        ("a2", 'P'),
        ("b2", 'P'),
        ("b1", 'P'),
    ]);
    let free = pos_with(&units, "b", "");
    assert!(legal(&free, "h9h5"));
    let hit = pos_with(&units, "b", "- - - - - - - d4:a4");
    assert!(!legal(&hit, "h9h5"));
    // It never protects: the Queen on d4 empowers the Knight b3; her double there does not.
    let queen = pos(&shielded(&[("d4", 'Q'), ("b3", 'N')]));
    assert!(legal(&queen, "b3b7"));
    let double = pos_with(
        &shielded(&[("p8", 'Q'), ("b3", 'N')]),
        "w",
        "- - - - - - - d4:p8",
    );
    assert!(!legal(&double, "b3b7"));
    let v = View::new(&double);
    assert!(Node::new(&v).protectors(sq("b3"), Side::White).is_empty());
    // Power Steal copies enemy pieces, not a double: the Jester d10 gains nothing.
    let queen = pos_with(&shielded(&[("d4", 'Q'), ("d10", 'j')]), "b", "");
    assert!(legal(&queen, "d10d11"));
    let double = pos_with(
        &shielded(&[("p8", 'Q'), ("d10", 'j')]),
        "b",
        "- - - - - - - d4:p8",
    );
    assert!(!legal(&double, "d10d11"));
}

/// FC11-QUEN-07
#[test]
fn fc11_quen_07_the_double_keeps_a_tomb_pending() {
    use frozen_variants::fc11::maps::armed_tombs;
    let mut p = pos(&shielded(&[("d4", 'Q'), ("e5", 'p')]));
    play(&mut p, "d4e5");
    play(&mut p, "pass");
    // The Queen leaves her capture square: her double stands on the victim's tomb.
    play(&mut p, "e5e8");
    assert_eq!(double_of(&p, "e8"), Some(sq("e5")));
    assert!(p.tombs().get(sq("e5")).is_some_and(|t| !t.queue.is_empty()));
    assert!(p.walls().get(sq("e5")).is_none());
    let v = View::new(&p);
    assert!(
        !armed_tombs(&v).contains(sq("e5")),
        "pending under the double"
    );
    assert!(!Node::new(&v).explosion(&v, Side::Black).contains(sq("e4")));
    play(&mut p, "pass");
    // Her next move takes the double away: the tomb arms.
    play(&mut p, "e8h8");
    let v = View::new(&p);
    assert!(armed_tombs(&v).contains(sq("e5")));
    assert!(Node::new(&v).explosion(&v, Side::Black).contains(sq("e4")));
}
