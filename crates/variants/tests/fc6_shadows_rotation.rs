//! fc6 part 3 rule tests: shadowing (SHAD-01..06) and rotations (ROTA-01..09). One or
//! more tests per catalog ID (the test names carry the IDs); each builds a small position,
//! plays whole turns and checks what the rule says, exceptions included. The last tests
//! are properties: four quarter turns of a random block give back the same position on
//! every layer, and undo restores a rotation exactly.

use frozen_core::{Game, Location, Rules, Side, Trap, Wall};
use frozen_variants::fc6::base::KNIGHT;
use frozen_variants::fc6::{attack, empower::Analysis, paralysis, shadow, trap, Fc6, Fc6Position};

mod fc6_support;
use fc6_support::{actions, fen, make_shadow, pos, rules, sq, unit};

fn w(pieces: &str) -> Fc6Position {
    pos(&fen(pieces, "w", ""))
}

fn g(p: Fc6Position) -> Game<Fc6> {
    Game::from_position(rules(), p)
}

/// The reason the game gives for refusing `text`, which must parse.
fn refused(game: &Game<Fc6>, text: &str) -> String {
    match game.clone().apply_text(text) {
        Ok(_) => panic!("{text} was accepted"),
        Err(e) => e.to_string(),
    }
}

/// Plays whole turns (each item one decision that ends the turn, or legs then `end`).
fn play(game: &mut Game<Fc6>, list: &[&str]) {
    for t in list {
        for a in t.split_whitespace() {
            game.apply_text(a)
                .unwrap_or_else(|e| panic!("{a} (of {t}): {e}"));
        }
        if game.position().state().turn.is_some() {
            game.apply_text("end").expect("end");
        }
    }
}

fn rotations(game: &Game<Fc6>) -> Vec<String> {
    actions(game)
        .into_iter()
        .filter(|t| t.starts_with("rotate:"))
        .collect()
}

// ---------------------------------------------------------------- SHAD

/// FC6-SHAD-01: an unparalysed piece other than the king becomes a shadow on its square,
/// as a whole turn; pawns, kings and paralysed units cannot.
#[test]
fn fc6_shad_01_shadowing_unparalysed_piece() {
    let p = pos(&fen("Ka1 Ne4 Rh4 Pb2 kp16 pa15", "w", "- - h4:2"));
    let mut game = g(p);
    let list = actions(&game);
    assert!(list.contains("shadow:e4"), "{list:?}");
    assert!(!list.contains("shadow:a1") && !list.contains("shadow:b2"));
    assert!(
        !list.contains("shadow:h4"),
        "a paralysed rook shadows: {list:?}"
    );
    assert!(refused(&game, "shadow:a1").contains("FC6-SHAD-01"));
    assert!(refused(&game, "shadow:b2").contains("FC6-SHAD-01"));
    assert!(refused(&game, "shadow:h4").contains("paralysed"));
    let n = game.position().unit_at(sq("e4")).expect("knight");
    let k = game.position().turns()[Side::White];
    game.apply_text("shadow:e4").expect("shadowing");
    let p = game.position();
    assert_eq!(p.unit(n).loc, Location::Shadow(sq("e4")));
    assert_eq!(p.unit(n).status.shadow_since, Some(k));
    assert_eq!(p.unit(n).kind, KNIGHT);
    assert!(p.unit_at(sq("e4")).is_none());
    assert_eq!(p.to_move(), Side::Black, "shadowing is a whole turn");
    assert!(p.walls().is_empty(), "a special move makes no wall");
}

/// FC6-SHAD-02: a shadow makes no move, gives no check, protects nothing and has no aura
/// (a shadow jester paralyses nobody).
#[test]
fn fc6_shad_02_shadow_does_nothing() {
    let mut p = w("Ka1 Re4 Je10 Pb2 ke16 pa15 nd11");
    make_shadow(&mut p, "e4", 1);
    make_shadow(&mut p, "e10", 1);
    let fc = rules();
    let an = Analysis::new(&fc, &p);
    assert!(
        !attack::in_check(&fc, &p, Side::Black),
        "a shadow rook gives check"
    );
    assert!(!attack::attacked_by(&fc, &an, &p, sq("e8"), Side::White));
    let knight = unit(&p, "d11");
    assert!(
        !paralysis::is_paralyzed(&p, knight),
        "a shadow jester's presence paralyses"
    );
    let game = g(p);
    let list = actions(&game);
    assert!(
        !list
            .iter()
            .any(|t| t.starts_with("e4") || t.starts_with("e10")),
        "a shadow moves: {list:?}"
    );
    // Nor does a shadow count for Empower: a lone rook protected only by a shadow queen
    // has no borrowed pattern.
    let mut p = w("Ka1 Qd1 Nd4 Pb2 kp16 pa15");
    make_shadow(&mut p, "d1", 1);
    let an = Analysis::new(&fc, &p);
    assert_eq!(an.count(Side::White, sq("d4")).0, 0);
}

/// FC6-SHAD-03: nothing but a rotation touches a shadow: not an explosion, a capture, a
/// push, paralysis, a trap, King's Exchange, Power Steal, a swap (SwapShot, Teleswap),
/// Paralyse or Conversion (the one test is `base::untouchable`; the special moves find
/// their targets on the normal layer).
#[test]
fn fc6_shad_03_immune_to_everything_but_rotation() {
    let fc = rules();
    // An explosion: the white knight steps on the ARMED tomb on e5; the black rook shadow
    // on d5 survives, the black pawn on f6 dies.
    let mut p = pos(&fen("Ka1 Ne3 Pb2 kp16 pa15 re6 pg6", "w", "- - - - f5:n"));
    let rook = make_shadow(&mut p, "e6", 1);
    let mut game = g(p);
    game.apply_text("e3f5").expect("onto the tomb");
    let p = game.position();
    assert_eq!(p.unit(rook).loc, Location::Shadow(sq("e6")));
    assert!(p.unit_at(sq("g6")).is_none(), "the blast kills the pawn");
    // Paralysis, traps and deaths given by identity do nothing to a shadow.
    let mut p = w("Ka1 Pb2 kp16 pa15 bh8");
    let b = make_shadow(&mut p, "h8", 1);
    let mut q = p.clone();
    assert!(!paralysis::paralyze(
        &mut q,
        b,
        4,
        paralysis::Paralysis::Effect,
        &mut frozen_core::NoEvents
    ));
    q.set_trap(
        sq("h8"),
        Some(Trap {
            owner: unit(&q, "a1"),
            colour: 0,
            held: None,
            hold_until: 0,
        }),
    );
    assert!(!trap::catch(&mut q, b, &mut frozen_core::NoEvents));
    assert_eq!(q.unit(b).status.frozen_through, 0);
    // A capture cannot take it: a white rook lands on h8 and the shadow stays.
    let mut p = w("Ka1 Rh2 Pb2 kp16 pa15 bh8");
    let b = make_shadow(&mut p, "h8", 1);
    let mut game = g(p);
    game.apply_text("h2h8")
        .expect("lands on the shadow's square");
    assert_eq!(game.position().unit(b).loc, Location::Shadow(sq("h8")));
    assert!(game.position().tombs().is_empty(), "nothing died");
    // A push: the rook's slide to h7 finds no unit to push on h8.
    let mut p = w("Ka1 Rh2 Pb2 kp16 pa15 bh8");
    make_shadow(&mut p, "h8", 1);
    let list = actions(&g(p));
    assert!(!list.contains("h2h7h8"), "a shadow is pushed");
    // King's Exchange: never with a shadow.
    let mut p = w("Ka1 Nc3 Pb2 kp16 pa15");
    make_shadow(&mut p, "c3", 1);
    assert!(!actions(&g(p)).contains("exchange:a1c3"));
    // Power Steal: a jester next to an enemy shadow queen gains no queen slide.
    let mut p = w("Ka1 Je4 Pb2 kp16 pa15 qf5");
    make_shadow(&mut p, "f5", 1);
    let list = actions(&g(p));
    assert!(!list.contains("e4e12"), "the jester stole from a shadow");
    // The targeted special moves (FC6-SWAP-03, FC6-CHAN-01/03, FC6-BISH-04): a rook
    // (SwapShot), a chancellor (Paralyse) and a bishop (Conversion) all reach the black
    // knight on h8, and the chancellor could Teleswap with the white knight on b5; as
    // shadows, neither is touched.
    let set_up = "Ka1 Rh2 Cf5 Bc3 Nb5 Pb2 kp16 pa15 nh8";
    let moves = ["swap:h2h8", "paralyse:f5h8", "convert:c3h8", "swap:b5f5"];
    let list = actions(&g(w(set_up)));
    for m in moves {
        assert!(list.contains(m), "{m} without shadows: {list:?}");
    }
    let mut p = w(set_up);
    make_shadow(&mut p, "h8", 1);
    make_shadow(&mut p, "b5", 1);
    let game = g(p);
    let list = actions(&game);
    for (m, rule) in moves
        .iter()
        .zip(["FC6-SWAP-03", "FC6-CHAN-03", "FC6-BISH-04", "FC6-SWAP-03"])
    {
        assert!(!list.contains(*m), "{m} touches a shadow");
        let why = refused(&game, m);
        assert!(why.contains(rule) && why.contains("shadow"), "{m}: {why}");
    }
    let _ = &fc;
}

/// FC6-SHAD-04: a shadow blocks no slide and no landing, and a wall forms on its square.
#[test]
fn fc6_shad_04_ethereal() {
    let mut p = w("Ka1 Rd2 Pb2 kp16 pa15 nd8");
    make_shadow(&mut p, "d8", 1);
    let mut game = g(p);
    let list = actions(&game);
    assert!(
        list.contains("d2d12"),
        "the shadow blocks the slide: {list:?}"
    );
    assert!(list.contains("d2d8"), "the shadow blocks the landing");
    // A normal unit and a shadow share d8; leaving it makes the usual wall there.
    play(&mut game, &["d2d8", "p16o16"]);
    let p = game.position();
    assert!(p.unit_at(sq("d8")).is_some() && p.shadows().get(sq("d8")).is_some());
    play(&mut game, &["d8h8"]);
    assert!(
        game.position().wall(sq("d8")).is_some(),
        "no wall on a shadow square"
    );
    assert!(game.position().shadows().get(sq("d8")).is_some());
}

/// A position whose counters are well into the game (White's turn 9), so that set-up
/// shadows made in turn 1 may already de-shadow.
fn late(pieces: &str, extra: &str) -> Fc6Position {
    let mut p = pos(&fen(pieces, "w", extra));
    p.set_turns(frozen_core::BySide::new(9, 8));
    p.clear_journal();
    p
}

/// FC6-SHAD-05: de-shadowing from the owner's turn k+5, on a square with no unit, tomb,
/// wall or trap that no enemy attacks.
#[test]
fn fc6_shad_05_deshadow_delay_and_square() {
    let mut game = g(w("Ka1 Nd4 Rh1 Pb2 kp16 pa15 rc16"));
    let k = game.position().turns()[Side::White];
    play(&mut game, &["shadow:d4", "c16c15"]);
    let moves = [
        ("h1h2", "c15c14"),
        ("h2h3", "c14c13"),
        ("h3h4", "c13c12"),
        ("h4h5", "c12c11"),
    ];
    for (i, (wm, bm)) in moves.iter().enumerate() {
        assert_eq!(game.position().turns()[Side::White], k + 1 + i as u32);
        assert!(
            !actions(&game).contains("unshadow:d4"),
            "turn k+{} may de-shadow",
            i + 1
        );
        assert!(refused(&game, "unshadow:d4").contains("FC6-SHAD-05"));
        play(&mut game, &[wm, bm]);
    }
    assert_eq!(game.position().turns()[Side::White], k + 5);
    assert!(
        actions(&game).contains("unshadow:d4"),
        "turn k+5 may de-shadow"
    );
    // The square: an enemy attacking it, a normal unit, a wall, a tomb or a trap on it
    // forbids it.
    let cases: [(&str, &str, &str); 3] = [
        ("Ka1 Nd4 Pb2 kp16 pa15 rd12", "", "attacks"),
        ("Ka1 Nd4 Pb2 kp16 pa15", "- - - - d4:p", "tomb"),
        ("Ka1 Nd4 Bd5 Pb2 kp16 pa15", "", "normal unit"),
    ];
    for (pieces, extra, why) in cases {
        let mut p = late(pieces, extra);
        make_shadow(&mut p, "d4", 1);
        if why == "normal unit" {
            // Move the bishop onto the shadow's square (set-up).
            let b = unit(&p, "d5");
            p.relocate(b, Location::Board(sq("d4")));
            p.clear_journal();
        }
        let game = g(p);
        assert!(!actions(&game).contains("unshadow:d4"), "{why}");
        let reason = refused(&game, "unshadow:d4");
        assert!(reason.contains("FC6-SHAD-05"), "{why}: {reason}");
    }
    let mut p = late("Ka1 Nd4 Pb2 kp16 pa15", "");
    make_shadow(&mut p, "d4", 1);
    let base = p.clone();
    assert!(actions(&g(base.clone())).contains("unshadow:d4"));
    p.set_trap(
        sq("d4"),
        Some(Trap {
            owner: unit(&p, "a1"),
            colour: 1,
            held: None,
            hold_until: 0,
        }),
    );
    assert!(refused(&g(p), "unshadow:d4").contains("trap"));
    let mut p = base;
    p.set_wall(
        sq("d4"),
        Some(Wall {
            creator: unit(&p, "a1"),
            side: Side::White,
            expires: 11,
            kind: 0,
        }),
    );
    assert!(refused(&g(p), "unshadow:d4").contains("wall"));
}

/// FC6-SHAD-06: the unit comes back with kind, colour, range and identity, paralysed for
/// its owner's next 2 turns; with two shadows on a square, `#1` names the second.
#[test]
fn fc6_shad_06_returns_paralysed_two_turns_same_identity() {
    let mut p = late("Ka1 Bd4 Pb2 kp16 pa15", "- - - d4:9");
    let b = make_shadow(&mut p, "d4", 1);
    let q = p.add_unit(
        KNIGHT,
        Side::White,
        Location::Shadow(sq("d4")),
        frozen_core::Status {
            shadow_since: Some(1),
            range: 16,
            ..Default::default()
        },
    );
    p.clear_journal();
    let mut game = g(p);
    let list = actions(&game);
    assert!(list.contains("unshadow:d4") && list.contains("unshadow:d4#1"));
    game.apply_text("unshadow:d4").expect("the bishop returns");
    let p = game.position();
    assert_eq!(p.unit_at(sq("d4")), Some(b));
    assert_eq!(p.unit(b).status.range, 9);
    assert_eq!(p.unit(b).side, Side::White);
    assert_eq!(p.unit(b).status.shadow_since, None);
    assert_eq!(paralysis::turns_left(p, b), 2);
    assert_eq!(
        p.unit(q).loc,
        Location::Shadow(sq("d4")),
        "the knight stays"
    );
    assert_eq!(shadow::delay_left(p, q), 0);
}

// ---------------------------------------------------------------- ROTA

/// FC6-ROTA-01: N x N blocks, 2 <= N <= 8, turned clockwise as seen from White by #1,
/// #2 or #3 quarter turns.
#[test]
fn fc6_rota_01_block_sizes_and_clockwise() {
    // White rook on c4 (top-left of c3-d4), knight on d4 (top-right).
    let p = w("Ka1 Rc4 Nd4 Pb2 kp16 pa15");
    let mut game = g(p.clone());
    game.apply_text("rotate:c3d4#1").expect("90 degrees");
    let q = game.position();
    assert_eq!(
        q.piece_at(sq("d4")).map(|x| x.0),
        p.piece_at(sq("c4")).map(|x| x.0)
    );
    assert_eq!(
        q.piece_at(sq("d3")).map(|x| x.0),
        Some(KNIGHT),
        "top-right -> bottom-right"
    );
    let mut game = g(p.clone());
    game.apply_text("rotate:c3d4#3").expect("270 degrees");
    assert_eq!(
        game.position().piece_at(sq("c3")).map(|x| x.0),
        p.piece_at(sq("c4")).map(|x| x.0)
    );
    let game = g(p);
    for (bad, why) in [
        ("rotate:c3k11#1", "2x2 to 8x8"),
        ("rotate:c3d5#1", "square"),
        ("rotate:c3d4", "#1"),
        ("rotate:c3d4#4", "#1"),
        ("rotate:d4c3#1", "lower-left"),
    ] {
        let r = refused(&game, bad);
        assert!(r.contains(why) && r.contains("FC6-ROTA-01"), "{bad}: {r}");
    }
    let list = rotations(&game);
    assert!(
        list.iter().any(|t| t.starts_with("rotate:b2i9")),
        "8x8 listed"
    );
}

/// FC6-ROTA-02: no block touches the board edge.
#[test]
fn fc6_rota_02_no_edge_blocks() {
    let game = g(w("Ka1 Ra2 Nb2 Pb3 Qo15 Bp15 kp16 pa15"));
    let r = refused(&game, "rotate:a2b3#1");
    assert!(r.contains("FC6-ROTA-02"), "{r}");
    let r = refused(&game, "rotate:o15p16#1");
    assert!(r.contains("FC6-ROTA-02") || r.contains("off"), "{r}");
    for t in rotations(&game) {
        let a = rules().parse_action(game.position(), &t).expect("parses");
        for s in &a.path {
            assert!(
                (1..=14).contains(&s.file()) && (1..=14).contains(&s.rank()),
                "{t}"
            );
        }
    }
    assert!(!rotations(&game).is_empty());
}

/// FC6-ROTA-03: a strict majority; a tie or an empty block allows nothing.
#[test]
fn fc6_rota_03_strict_majority() {
    // c3 dark, d3 light: a white pawn on d3 (light, own colour: 2) against a black pawn on
    // c4 (light, not black's colour: 1).
    let game = g(w("Ka1 Pd3 Pb2 kp16 pa15 pc4"));
    assert!(rotations(&game).contains(&"rotate:c3d4#1".to_string()));
    // A tie: white pawn on c3 (dark: 1) against black pawn on c4 (light: 1).
    let game = g(w("Ka1 Pc3 Pb2 kp16 pa15 pc4"));
    let r = refused(&game, "rotate:c3d4#1");
    assert!(
        r.contains("1 against 1") && r.contains("FC6-ROTA-03"),
        "{r}"
    );
    let r = refused(&game, "rotate:j9k10#1");
    assert!(r.contains("0 against 0"), "{r}");
}

/// FC6-ROTA-04: king and queen 3, pawn 1, others 2, doubled on the unit's own colour.
#[test]
fn fc6_rota_04_values_and_color_force() {
    // White knight on d4 (dark: 2) against black pawns on c3 and d3? c3 is dark (Black's
    // colour: 2 each); one black pawn on c3 ties the knight.
    let game = g(w("Ka1 Nd4 Pb2 kp16 pa15 pc3"));
    assert!(refused(&game, "rotate:c3d4#1").contains("2 against 2"));
    // On c4 (light, White's colour) the knight counts 4.
    let game = g(w("Ka1 Nc4 Pb2 kp16 pa15 pc3"));
    assert!(rotations(&game).contains(&"rotate:c3d4#1".to_string()));
    // A queen on her own colour (d3 light) counts 6: against a knight off its colour
    // (c4 light: 2) and two pawns on theirs (c3, e3 dark: 2 each) it ties.
    let game = g(w("Ka1 Qd3 Pb2 kp16 pa15 nc4 pc3 pe3"));
    assert!(refused(&game, "rotate:c3e5#1").contains("6 against 6"));
    let game = g(w("Ka1 Qd3 Pb2 kp16 pa15 nc4 pc3"));
    assert!(rotations(&game).contains(&"rotate:c3e5#1".to_string()));
    // Off her colour (c3 dark) she counts 3.
    let game = g(w("Ka1 Qc3 Pb2 kp16 pa15 nc4 pe3"));
    assert!(refused(&game, "rotate:c3e5#1").contains("3 against 4"));
    // The king counts 3, 6 on its colour: king on e4 (light) against a knight on its
    // colour (d4 dark: 4) holds the majority (the turn is refused only because the knight
    // then attacks the king through a Knight's Leap path).
    let game = g(w("Ke4 Pb2 kp16 pa15 nd4"));
    let r = refused(&game, "rotate:d3e4#2");
    assert!(r.contains("check") && !r.contains("against"), "{r}");
    let game = g(w("Ke3 Pb2 kp16 pa15 nd4"));
    assert!(refused(&game, "rotate:d3e4#2").contains("3 against 4"));
}

/// FC6-ROTA-05: shadows, paralysed units (presence included) and dead units are not
/// counted.
#[test]
fn fc6_rota_05_not_counted() {
    // A paralysed white rook (timer) is not counted: 0 against 0.
    let game = g(pos(&fen("Ka1 Rc3 Pb2 kp16 pa15", "w", "- - c3:2")));
    assert!(refused(&game, "rotate:c3d4#1").contains("0 against 0"));
    // A shadow rook is not counted.
    let mut p = w("Ka1 Rc3 Pb2 kp16 pa15");
    make_shadow(&mut p, "c3", 1);
    assert!(refused(&g(p), "rotate:c3d4#1").contains("0 against 0"));
    // A rook paralysed by the presence of an enemy jester on e4 (outside the block) is not
    // counted.
    let game = g(w("Ka1 Rd4 Pb2 kp16 pa15 je4"));
    assert!(refused(&game, "rotate:c3d4#1").contains("0 against 0"));
    // A unit in a tomb on the block is not counted.
    let game = g(pos(&fen("Ka1 Pb2 kp16 pa15", "w", "- - - - c3:R")));
    assert!(refused(&game, "rotate:c3d4#1").contains("0 against 0"));
}

/// FC6-ROTA-06: units, shadows, walls with end times, tombs with queue and state, traps
/// with owner and hold turn with the block; square colours stay.
#[test]
fn fc6_rota_06_every_layer_turns() {
    let mut p = pos(&fen(
        "Ka1 Rc4 Nd4 Je4 Pb2 kp16 pa15 bc5",
        "w",
        "- c3:w3 - - d3:pN*",
    ));
    let s = make_shadow(&mut p, "c5", 1);
    let owner = unit(&p, "e4");
    p.set_trap(
        sq("e3"),
        Some(Trap {
            owner,
            colour: 0,
            held: None,
            hold_until: 0,
        }),
    );
    p.clear_journal();
    let wall_before: Wall = p.wall(sq("c3")).expect("wall").clone();
    let tomb_before = p.tomb(sq("d3")).expect("tomb").clone();
    let rook = unit(&p, "c4");
    let mut game = g(p);
    // c3-e5 turned 90 degrees clockwise: (x, y) -> (y, 2 - x).
    game.apply_text("rotate:c3e5#1").expect("rotation");
    let q = game.position();
    let map = |s: &str| {
        let v = sq(s);
        let (x, y) = (v.file() - 2, v.rank() - 2);
        frozen_core::Square::new(2 + y, 2 + (2 - x))
    };
    assert_eq!(q.unit(rook).loc, Location::Board(map("c4")));
    assert_eq!(q.unit(s).loc, Location::Shadow(map("c5")));
    assert_eq!(
        q.wall(map("c3")).map(|w| w.expires),
        Some(wall_before.expires)
    );
    let t = q.tomb(map("d3")).expect("tomb moved");
    assert_eq!(t.queue, tomb_before.queue);
    assert_eq!(t.open, tomb_before.open);
    assert_eq!(q.trap(map("e3")).map(|t| t.owner), Some(owner));
    assert_eq!(q.unit(owner).loc, Location::Board(map("e4")));
    assert!(q.wall(sq("c3")).is_none() || map("c3") == sq("c3"));
}

/// FC6-ROTA-07: a rotation is not movement: no walls, no traps, no tomb effects; pawns
/// keep their forward direction.
#[test]
fn fc6_rota_07_not_movement() {
    let p = pos(&fen("Ka1 Pc3 Nd4 Pb2 kp16 pa15", "w", "- - - - e5:p"));
    let mut game = g(p);
    play(&mut game, &["rotate:c3e5#2"]);
    let q = game.position();
    assert!(
        q.walls().is_empty() && q.traps().is_empty(),
        "a rotation made walls or traps"
    );
    // The ARMED tomb from e5 now lies on c3 and the white pawn from c3 on e5: nothing
    // exploded and nobody died.
    assert!(q.tomb(sq("c3")).is_some());
    assert!(q.piece_at(sq("e5")).is_some());
    // The pawn still steps toward rank 16.
    play(&mut game, &["p16o16"]);
    let list = actions(&game);
    assert!(list.contains("e5e6") && !list.contains("e5e4"), "{list:?}");
}

/// FC6-ROTA-08: both kings may be inside the block and turn with it.
#[test]
fn fc6_rota_08_kings_rotate() {
    let p = w("Kd4 Qc3 Pb2 kp16 pa15");
    let mut game = g(p);
    assert!(rotations(&game).contains(&"rotate:c3d4#2".to_string()));
    game.apply_text("rotate:c3d4#2").expect("the king turns");
    assert_eq!(
        game.position().piece_at(sq("c3")).map(|x| x.0),
        Some(frozen_variants::fc6::base::KING)
    );
    // The enemy king too: White's knights (d5 light: 4, d6 dark: 2) outweigh the black
    // king on e6 (light: 3).
    let p = w("Ka1 Nd5 Nd6 Pb2 ke6 pa15");
    let game = g(p);
    assert!(rotations(&game)
        .iter()
        .any(|t| t.starts_with("rotate:d5e6")));
}

/// FC6-ROTA-09: a rotation that leaves the mover's king in check, or the position
/// unchanged (same repetition key), is refused.
#[test]
fn fc6_rota_09_check_and_unchanged() {
    // Four equal white pawns: turning them changes nothing.
    let game = g(w("Ka1 Pc3 Pd3 Pc4 Pd4 Pb2 kp16 pa15"));
    let r = refused(&game, "rotate:c3d4#1");
    assert!(r.contains("FC6-ROTA-09") && r.contains("nothing"), "{r}");
    // A 3x3 block whose only content is on its centre.
    let game = g(w("Ka1 Qd4 Pb2 kp16 pa15"));
    assert!(refused(&game, "rotate:c3e5#1").contains("nothing"));
    // Equal pawns but one paralysed: the rotation changes the position and is allowed.
    let game = g(pos(&fen(
        "Ka1 Pc3 Pd3 Pc4 Pd4 Pb2 kp16 pa15",
        "w",
        "- - c3:1",
    )));
    assert!(rotations(&game).contains(&"rotate:c3d4#1".to_string()));
    // Turning away the knight that blocks the rook's file leaves the king in check; #1
    // keeps it on the d-file (d4 -> d3).
    let game = g(w("Kd2 Nd4 Pb2 kp16 pa15 rd12"));
    let r = refused(&game, "rotate:c3d4#2");
    assert!(r.contains("check") && r.contains("FC6-ROTA-09"), "{r}");
    let list = rotations(&game);
    assert!(list.contains(&"rotate:c3d4#1".to_string()), "{list:?}");
    assert!(!list.contains(&"rotate:c3d4#3".to_string()), "{list:?}");
}

/// Malformed shadow and rotation actions (right code, wrong shape: what the soak's
/// mutated actions try) are refused with a reason and change nothing; a rotation with
/// one square once panicked in `rotation::decode` (soak, seed 1).
#[test]
fn malformed_shadow_and_rotation_actions_are_refused_cleanly() {
    use frozen_core::{Action, ActionKind};
    use frozen_variants::fc6::notation::Special;
    let game = g(w("Ka1 Rc4 Nd4 Pb2 kp16 pa15"));
    let before = game.position().clone();
    let (c4, d4, e5) = (sq("c4"), sq("d4"), sq("e5"));
    let bad = [
        Special::Rotate.action(&[c4], 1),
        Special::Rotate.action(&[], 1),
        Special::Rotate.action(&[c4, d4, e5], 1),
        Special::Rotate
            .action(&[sq("c3"), d4], 1)
            .with_piece(KNIGHT),
        Special::Shadow.action(&[c4, d4], 0),
        Special::Shadow.action(&[], 0),
        Special::Unshadow.action(&[c4, d4], 0),
        Special::Unshadow.action(&[], 3),
        Action::new(ActionKind::Act, &[c4]).with_arg(13 | (1 << 4)),
    ];
    for a in bad {
        let mut h = game.clone();
        let err = h.apply(&a).expect_err("refused");
        assert!(!err.to_string().is_empty());
        assert_eq!(h.position(), &before, "{a:?} changed the position");
    }
}

// ---------------------------------------------------------------- properties

/// A middle-game position with every layer: units with ranges and paralysis, walls, tombs
/// (ACTIVE and not), traps (one holding a unit) and shadows (two on one square).
fn layered() -> Fc6Position {
    let f = "15k/16/14pp/16/3r12/11q4/10d5/6n9/11t4/2b1j11/16/5J10/2R13/PP5B4N3/4Q5D5/K15 w - g6:w2,f4:b3,h7:w1 l8:2,c7:1 d12:7,h3:9 d6:n,b8:Rp*,e2:p,i8:Pn,k6:jQ*,l10:N,m15:rB*";
    let mut p = pos(f);
    make_shadow(&mut p, "c4", 1);
    make_shadow(&mut p, "g9", 1);
    let n = unit(&p, "m3");
    p.relocate(n, Location::Board(sq("g9")));
    make_shadow(&mut p, "g9", 1);
    let jester = unit(&p, "f5");
    let victim = unit(&p, "e7");
    p.set_trap(
        sq("e7"),
        Some(Trap {
            owner: jester,
            colour: 0,
            held: Some(victim),
            hold_until: 4,
        }),
    );
    p.set_trap(
        sq("j6"),
        Some(Trap {
            owner: jester,
            colour: 0,
            held: None,
            hold_until: 0,
        }),
    );
    p.clear_journal();
    p
}

/// Everything a position holds, layer by layer, for exact comparison (units with their
/// locations and statuses, walls, tombs, traps, shadow lists, hash).
fn snapshot(p: &Fc6Position) -> String {
    format!(
        "{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:x}",
        p.units(),
        p.walls().iter().collect::<Vec<_>>(),
        p.tombs().iter().collect::<Vec<_>>(),
        p.traps().iter().collect::<Vec<_>>(),
        p.shadows().iter().collect::<Vec<_>>(),
        p.state(),
        p.hash()
    )
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// FC6-ROTA-06, catalog section 34 item 6: four quarter turns of any block give back
    /// the same position on every layer (timers, queues, holds, shadow order, hash), and
    /// undo restores a rotation exactly.
    #[test]
    fn four_quarter_turns_give_back_every_layer(n in 2u8..=8, f in 1u8..=13, r in 1u8..=13, q in 1u8..=3) {
        let n = n.min(15 - f.max(r));
        proptest::prop_assume!(n >= 2);
        let base = layered();
        let before = snapshot(&base);
        let mut p = base.clone();
        let one = frozen_core::block_rotation(&frozen_core::Shape::SIXTEEN, sq("a1").offset(i32::from(f), i32::from(r)).expect("square"), n, 1).expect("block");
        for _ in 0..4 {
            p.rotate_block(&one);
        }
        proptest::prop_assert_eq!(snapshot(&p), before.clone());
        proptest::prop_assert_eq!(p.hash(), p.compute_hash());
        let rot = frozen_core::block_rotation(&frozen_core::Shape::SIXTEEN, one.origin(), n, q).expect("block");
        let mut p = base.clone();
        let m = p.mark();
        p.rotate_block(&rot);
        proptest::prop_assert_eq!(p.hash(), p.compute_hash());
        p.undo_to(m);
        proptest::prop_assert_eq!(snapshot(&p), before);
    }
}

/// The same through the rules: a legal rotation played and taken back with `undo`
/// restores the game exactly; the rotated position passes the checks of a loaded one.
#[test]
fn fc6_rota_06_played_rotation_undoes_exactly() {
    let base = layered();
    let rules = rules();
    assert!(
        rules.validate(&base).is_empty(),
        "{:?}",
        rules.validate(&base)
    );
    let mut game = g(base.clone());
    let list = rotations(&game);
    assert!(list.len() > 100, "{}", list.len());
    for t in list.iter().step_by(17) {
        game.apply_text(t).expect("listed");
        assert!(rules.validate(game.position()).is_empty(), "{t}");
        game.undo().expect("undo");
        assert_eq!(snapshot(game.position()), snapshot(&base), "{t}");
    }
}

/// FC6-DRAW-02 with shadows: the shadows of a square are part of the repetition key as a
/// multiset of values with the turns left before they may de-shadow (two positions that
/// differ only in that wait differ), the order of arrival does not count, and a position
/// with shadows survives a RON round trip (hash included).
#[test]
fn fc6_draw_02_shadows_are_part_of_the_repetition_key() {
    let fc = rules();
    let base = late("Ka1 Nd4 Bd5 Pb2 kp16 pa15", "");
    let mut a = base.clone();
    make_shadow(&mut a, "d4", 6);
    let mut b = base.clone();
    make_shadow(&mut b, "d4", 7);
    assert!(
        !fc.same_for_repetition(&a, &b),
        "a different wait is a different position"
    );
    assert_ne!(fc.repetition_key(&a), fc.repetition_key(&b));
    // Bishop then knight on d4, or knight then bishop: the same position.
    let mut x = a.clone();
    let bishop = unit(&x, "d5");
    x.relocate(bishop, Location::Board(sq("d4")));
    make_shadow(&mut x, "d4", 6);
    let mut y = base.clone();
    let bishop = unit(&y, "d5");
    y.relocate(bishop, Location::Shadow(sq("d4")));
    y.update_status(bishop, |st| st.shadow_since = Some(6));
    let knight = unit(&y, "d4");
    y.relocate(knight, Location::Shadow(sq("d4")));
    y.update_status(knight, |st| st.shadow_since = Some(6));
    y.clear_journal();
    assert_ne!(x.shadows().get(sq("d4")), y.shadows().get(sq("d4")));
    assert!(fc.same_for_repetition(&x, &y));
    assert_eq!(fc.repetition_key(&x), fc.repetition_key(&y));
    // No FEN for shadows; RON keeps them.
    assert!(fc.to_fen(&x).is_none());
    let text = frozen_core::position_to_ron(&fc, &x);
    let back = frozen_core::position_from_ron(&fc, &text).expect("RON loads");
    assert_eq!(snapshot(&back), snapshot(&x));
}
