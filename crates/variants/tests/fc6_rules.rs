//! fc6 rule tests, one or more per catalog ID of part 1 (the test names carry the IDs):
//! each builds a small position, plays or lists actions, and checks what the rule says,
//! exceptions and immunities included.

use frozen_core::{ActionKind, Game, Location, NoEvents, Rules, Side, Square};
use frozen_variants::fc6::base::{KING, KNIGHT, PAWN};
use frozen_variants::fc6::empower::Analysis;
use frozen_variants::fc6::{
    attack, draw, guard, paralysis, setup, siege, templar, victory, visual, walls, Fc6,
};
use std::collections::BTreeSet;

mod fc6_support;
use fc6_support::{fen, game, pos, rules, sq, unit};

fn legal(f: &str) -> BTreeSet<String> {
    let g = game(f);
    g.actions().iter().map(|a| g.format(a)).collect()
}

fn legal_from(f: &str, from: &str) -> BTreeSet<String> {
    legal(f)
        .into_iter()
        .filter(|a| {
            a.starts_with(from) && a[from.len()..].starts_with(|c: char| c.is_ascii_lowercase())
        })
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// Plays whole turns: each item is a turn, its legs separated by spaces; a turn left open
/// after its last leg is ended with `end` (FC6-DBLM-11).
fn play(f: &str, turns: &[&str]) -> Game<Fc6> {
    let mut g = game(f);
    for t in turns {
        for a in t.split_whitespace() {
            g.apply_text(a).unwrap_or_else(|e| panic!("{a}: {e}"));
        }
        if g.position().state().turn.is_some() {
            g.apply_text("end")
                .unwrap_or_else(|e| panic!("end after {t}: {e}"));
        }
    }
    g
}

/// Plays one leg and ends the turn if it is still open.
fn one_leg_turn(g: &mut Game<Fc6>, a: &str) {
    g.apply_text(a).unwrap_or_else(|e| panic!("{a}: {e}"));
    if g.position().state().turn.is_some() {
        g.apply_text("end")
            .unwrap_or_else(|e| panic!("end after {a}: {e}"));
    }
}

fn fen_after(f: &str, actions: &[&str]) -> String {
    let g = play(f, actions);
    rules().to_fen(g.position()).expect("fen")
}

fn refused(f: &str, action: &str) -> String {
    let mut g = game(f);
    match g.apply_text(action) {
        Ok(_) => panic!("{action} was accepted in {f}"),
        Err(e) => e.to_string(),
    }
}

const BG: &str = "Ka1 Pa3 kp16 pp14";

fn with_bg(pieces: &str) -> String {
    format!("{BG} {pieces}")
}

// ---------------------------------------------------------------- SETU

/// FC6-SETU-01: board is 16x16 files a to p.
#[test]
fn fc6_setu_01_board_is_16x16_files_a_to_p() {
    let r = rules();
    assert_eq!(r.shape().to_string(), "16x16");
    let start = legal(setup::START_FEN);
    assert!(start.contains("p2p3") && start.contains("a2a3"));
    assert!(r
        .position_from_fen("17/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 w")
        .is_err());
    assert!(r.position_from_fen("16/16/16 w").is_err());
}

/// FC6-SETU-02: white back rank and pawns.
#[test]
fn fc6_setu_02_white_back_rank_and_pawns() {
    let p = rules().initial_position();
    let letters: String = (0..16u8)
        .map(|f| {
            let (k, s) = p.piece_at(Square::new(f, 0)).expect("unit");
            assert_eq!(s, Side::White);
            rules().kinds().get(k).expect("kind").fen
        })
        .collect();
    assert_eq!(letters, "RNBDJCTQKTCJDBNR");
    assert_eq!(p.pieces(Side::White, PAWN).count(), 16);
    assert!(p.pieces(Side::White, PAWN).iter().all(|s| s.rank() == 1));
}

/// FC6-SETU-03: black is the mirror image.
#[test]
fn fc6_setu_03_black_is_the_mirror_image() {
    let p = rules().initial_position();
    for f in 0..16u8 {
        let (kw, _) = p.piece_at(Square::new(f, 0)).expect("white");
        let (kb, sb) = p.piece_at(Square::new(f, 15)).expect("black");
        assert_eq!((kw, Side::Black), (kb, sb));
        assert_eq!(p.piece_at(Square::new(f, 14)), Some((PAWN, Side::Black)));
    }
    assert_eq!(p.piece_at(sq("i16")), Some((KING, Side::Black)));
    assert_eq!(
        rules()
            .kinds()
            .get(p.piece_at(sq("h16")).expect("q").0)
            .expect("k")
            .fen,
        'Q'
    );
}

/// FC6-SETU-04: census and empty tables.
#[test]
fn fc6_setu_04_census_and_empty_tables() {
    let r = rules();
    let p = r.initial_position();
    for side in Side::ALL {
        assert_eq!(p.side_bb(side).count(), 32);
        for (letter, n) in [
            ('P', 16),
            ('R', 2),
            ('N', 2),
            ('B', 2),
            ('D', 2),
            ('J', 2),
            ('C', 2),
            ('T', 2),
            ('Q', 1),
            ('K', 1),
        ] {
            let k = r.kinds().by_fen(letter).expect("kind");
            assert_eq!(p.pieces(side, k).count(), n, "{side} {letter}");
        }
    }
    assert!(p.walls().mask().is_empty() && p.tombs().mask().is_empty());
    assert!(p.traps().mask().is_empty() && p.shadows().mask().is_empty());
    for r in 2..14u8 {
        for f in 0..16u8 {
            assert!(p.unit_at(Square::new(f, r)).is_none());
        }
    }
}

/// FC6-SETU-05: units start normal unparalysed range 16 with identity.
#[test]
fn fc6_setu_05_units_start_normal_unparalysed_range_16_with_identity() {
    let p = rules().initial_position();
    let mut ids = BTreeSet::new();
    for id in p.unit_ids() {
        let u = p.unit(id);
        assert_eq!(u.status.range, 16);
        assert_eq!(u.status.frozen_through, 0);
        assert!(u.status.shadow_since.is_none());
        assert!(ids.insert(id));
    }
    assert_eq!(ids.len(), 64);
}

/// FC6-SETU-06: square colours.
#[test]
fn fc6_setu_06_square_colours() {
    assert!(!setup::is_light(sq("a1")));
    assert!(setup::is_light(sq("b1")));
    assert!(setup::is_light(sq("a2")));
    assert!(!setup::is_light(sq("p16")));
    assert!(setup::is_light(sq("p1")));
}

/// FC6-SETU-07: forward and far rank.
#[test]
fn fc6_setu_07_forward_and_far_rank() {
    let w = legal_from(&fen("Ka1 Pa3 Pe5 kp16 pp14", "w", ""), "e5");
    assert_eq!(w, set(&["e5d5", "e5f5", "e5d6", "e5e6", "e5f6"]));
    let b = legal_from(&fen("Ka1 Pa3 pe12 kp16 pp14", "b", ""), "e12");
    assert_eq!(b, set(&["e12d12", "e12f12", "e12d11", "e12e11", "e12f11"]));
    let promo = legal_from(&fen("Ka1 Pa3 Pe15 kp16 pp14", "w", ""), "e15");
    assert!(promo.contains("e15e16=Q") && !promo.contains("e15e16"));
    let bpromo = legal_from(&fen("Ka1 Pa3 pe2 kp16 pp14", "b", ""), "e2");
    assert!(bpromo.contains("e2e1=N") && !bpromo.contains("e2e1"));
}

/// FC6-SETU-08: white moves first.
#[test]
fn fc6_setu_08_white_moves_first() {
    let p = rules().initial_position();
    assert_eq!(p.to_move(), Side::White);
    assert!(p.state().first_move);
}

// ---------------------------------------------------------------- FRST

/// FC6-FRST-01: first action is a plain pawn move.
#[test]
fn fc6_frst_01_first_action_is_a_plain_pawn_move() {
    let p = rules().initial_position();
    let g = Game::from_position(rules(), p.clone());
    let acts = g.actions();
    assert_eq!(acts.len(), 46);
    for a in &acts {
        let from = a.from().expect("from");
        assert_eq!(p.piece_at(from).map(|x| x.0), Some(PAWN));
        assert_eq!(a.path.len(), 2);
    }
    let why = refused(setup::START_FEN, "b1c3");
    assert!(why.contains("FC6-FRST-01"), "{why}");
    // The same position without the first-move flag lets the knight out.
    let free = setup::START_FEN.trim_end_matches(" f");
    assert!(legal(free).contains("b1c3"));
}

/// FC6-FRST-02: only the first action is limited.
#[test]
fn fc6_frst_02_only_the_first_action_is_limited() {
    let g = play(setup::START_FEN, &["e2e3"]);
    assert!(!g.position().state().first_move);
    let black: BTreeSet<String> = g.actions().iter().map(|a| g.format(a)).collect();
    assert!(black.contains("b16c14"), "Black's first action is free");
    let g = play(setup::START_FEN, &["e2e3", "b16c14"]);
    let white: BTreeSet<String> = g.actions().iter().map(|a| g.format(a)).collect();
    assert!(white.contains("b1c3"));
}

// ---------------------------------------------------------------- TURN

/// FC6-TURN-01: one action per turn no pass.
#[test]
fn fc6_turn_01_one_action_per_turn_no_pass() {
    let f = fen("Ka1 Pa3 Pd2 Pe2 kp16 pp14", "w", "");
    let g = play(&f, &["e2e3"]);
    assert_eq!(g.position().to_move(), Side::Black);
    let why = refused(&rules().to_fen(g.position()).expect("fen"), "d2d3");
    assert!(why.contains("belongs to white"), "{why}");
    assert!(legal(&f).iter().all(|a| a != "pass" && a != "end"));
}

/// FC6-TURN-02: capture ends the turn.
#[test]
fn fc6_turn_02_capture_ends_the_turn() {
    let f = fen("Ka1 Pa3 Rd4 nd9 kp16 pp14", "w", "");
    let g = play(&f, &["d4d9"]);
    assert_eq!(g.position().to_move(), Side::Black);
    assert_eq!(
        g.position().piece_at(sq("d9")).map(|x| x.1),
        Some(Side::White)
    );
}

/// FC6-TURN-03: pinned rook cannot expose its king.
#[test]
fn fc6_turn_03_pinned_rook_cannot_expose_its_king() {
    // In check from e15, the king may not step onto the d16 rook's file (no King's
    // Check in check, FC6-KING-03) nor stay on the e-file.
    let f = fen("Ke1 Pa3 rd16 re15 kp16 pp14", "w", "");
    let l = legal_from(&f, "e1");
    assert!(l.contains("e1f1") && l.contains("e1f2") && !l.contains("e1e2"));
    assert!(!l.contains("e1d1") && !l.contains("e1d2"));
    let why = refused(&f, "e1d1");
    assert!(why.contains("own king"), "{why}");
    // A pinned rook may leave the line: the wall it leaves on e2 keeps the line shut.
    let pin = fen("Ke1 Re2 Pa3 re16 kp16 pp14", "w", "");
    let l = legal_from(&pin, "e2");
    assert!(l.contains("e2d2") && l.contains("e2e15") && !l.contains("e2e16"));
}

/// FC6-TURN-04: check through a bounced diagonal.
#[test]
fn fc6_turn_04_check_through_a_bounced_diagonal() {
    // d6 -> c5 b4 a3, reflect on the edge, b2 c1: the bishop attacks c1 by a bounce.
    let f = fen("Kc1 Pp3 bd6 kp16 pp14", "w", "");
    let r = rules();
    assert!(attack::in_check(&r, &pos(&f), Side::White));
    let king = legal_from(&f, "c1");
    // b2 is on the route; the wall the king leaves on c1 ends the route there, so d2 and
    // c2 are safe.
    assert_eq!(king, set(&["c1b1", "c1c2", "c1d1", "c1d2"]));
    // Without that wall (a king that stays), d2 would be reached by a second reflection
    // on c1: the route exists for a unit on d2.
    let d2 = fen("Kp1 Pp3 Nd2 bd6 kp16 pp14", "w", "");
    let p = pos(&d2);
    let an = Analysis::new(&r, &p);
    assert!(attack::attacks(&r, &an, &p, unit(&p, "d6"), sq("d2")));
}

/// FC6-TURN-05: in check any action that ends it.
#[test]
fn fc6_turn_05_in_check_any_action_that_ends_it() {
    let f = fen("Kc1 Pp3 Rh5 bd6 kp16 pp14", "w", "");
    let l = legal(&f);
    // Block on c5, or slide past it: the rook's path walls c5 too; or a King's Exchange
    // onto a square the bishop does not reach (FC6-KING-04). These single moves end the
    // check, so `end` follows the legs.
    for a in [
        "c1b1",
        "c1c2",
        "c1d1",
        "c1d2",
        "h5a5",
        "h5b5",
        "h5c5",
        "exchange:c1h5",
        "exchange:c1p3",
    ] {
        assert!(l.contains(a), "{a}: {l:?}");
        let mut g = game(&f);
        g.apply_text(a).expect(a);
        let next: BTreeSet<String> = g.actions().iter().map(|x| g.format(x)).collect();
        assert!(
            next.contains("end") || g.position().state().turn.is_none(),
            "{a}"
        );
    }
    // Any other rook leg is legal only as leg 1 of a double move whose leg 2 ends the
    // check (FC6-TURN-03): `end` is not offered after it.
    let mut g = game(&f);
    g.apply_text("h5d5").expect("leg 1");
    let next: BTreeSet<String> = g.actions().iter().map(|x| g.format(x)).collect();
    assert!(!next.contains("end") && next.contains("d5c5"), "{next:?}");
}

/// FC6-TURN-06: order capture promotion walls.
#[test]
fn fc6_turn_06_order_capture_promotion_walls() {
    // The pawn takes a queen on its far rank: Piece Promotion makes it a queen, so no
    // last-rank choice; its start square is walled for 1 turn.
    let f = fen("Ka1 Pa3 Pe15 qf16 kp16 pp14", "w", "");
    let l = legal_from(&f, "e15");
    assert!(l.contains("e15f16") && !l.contains("e15f16=Q"));
    // The new queen took a queen: Queen's Poison (FC6-QUEN-01) freezes it for 6 turns.
    let after = fen_after(&f, &["e15f16"]);
    assert_eq!(
        after,
        fen("Ka1 Pa3 Qf16 kp16 pp14", "b", "- e15:w1 f16:6 - f16:q")
    );
}

/// FC6-TURN-07: walls vanish at the end of the makers turn.
#[test]
fn fc6_turn_07_walls_vanish_at_the_end_of_the_makers_turn() {
    let f = fen("Ka1 Pc3 kp16 pp14", "w", "");
    let g = play(&f, &["a1b1", "p16o16"]);
    let mid = rules().to_fen(g.position()).expect("fen");
    assert!(mid.contains("a1:w1"), "{mid}");
    assert!(refused(&mid, "b1a1").contains("wall"));
    let after = fen_after(&f, &["a1b1", "p16o16", "b1c1"]);
    assert_eq!(after, fen("Kc1 Pc3 ko16 pp14", "b", "- b1:w1,p16:b1"));
}

// ---------------------------------------------------------------- KIND

/// FC6-KIND-01: no capture of the own kind.
#[test]
fn fc6_kind_01_no_capture_of_the_own_kind() {
    let f = fen("Ka1 Pa3 Nc3 nd5 bb5 kp16 pp14", "w", "");
    let l = legal_from(&f, "c3");
    assert!(!l.contains("c3d5") && l.contains("c3b5"));
    assert!(refused(&f, "c3d5").contains("kind immunity"));
}

/// FC6-KIND-02: rooks and bishops ignore their own kind.
#[test]
fn fc6_kind_02_rooks_and_bishops_ignore_their_own_kind() {
    let f = fen("Ka1 Pa3 Rd1 rd8 Bf1 bk6 kp16 pp14", "w", "");
    let l = legal(&f);
    assert!(!l.contains("d1d8") && l.contains("d1d7"));
    assert!(!l.contains("f1k6") && l.contains("f1j5"));
}

/// FC6-KIND-03: pawns capture pawns.
#[test]
fn fc6_kind_03_pawns_capture_pawns() {
    let f = fen("Ka1 Pa3 Pe5 pe6 pd5 kp16 pp14", "w", "");
    let l = legal_from(&f, "e5");
    assert!(l.contains("e5e6") && l.contains("e5d5"));
}

/// FC6-KIND-04: kings never attack kings.
#[test]
fn fc6_kind_04_kings_never_attack_kings() {
    let f = fen("Ke5 Pa3 ke7 pp14", "w", "");
    assert!(legal_from(&f, "e5").contains("e5e6"));
    let side_by_side = fen("Ke5 Pa3 ke6 pp14", "w", "");
    assert!(!attack::in_check(
        &rules(),
        &pos(&side_by_side),
        Side::White
    ));
    assert!(!attack::in_check(
        &rules(),
        &pos(&side_by_side),
        Side::Black
    ));
}

/// FC6-KIND-05: borrowed patterns keep the own kind.
#[test]
fn fc6_kind_05_borrowed_patterns_keep_the_own_kind() {
    // The knight on d4 has one counted protector, the rook on d1: it moves like a rook,
    // cannot take the knight on d10 that way, and may take the rook on h4.
    let f = fen("Ka1 Pa3 Rd1 Nd4 nd10 rh4 kp16 pp14", "w", "");
    let l = legal_from(&f, "d4");
    assert!(l.contains("d4d9") && l.contains("d4h4"));
    assert!(!l.contains("d4d10"));
}

/// FC6-KIND-06: protection counts ignore kind.
#[test]
fn fc6_kind_06_protection_counts_ignore_kind() {
    // The rook on d8 is protected by two rooks (its own kind): it is guarded.
    let f = fen("Ka1 Pa3 Qd1 rd8 rd16 ra8 kp16 pp14", "w", "");
    assert!(!legal_from(&f, "d1").contains("d1d8"));
    assert!(refused(&f, "d1d8").contains("guarded"));
}

// ---------------------------------------------------------------- MOVE

/// FC6-MOVE-01: no landing on walls or friends.
#[test]
fn fc6_move_01_no_landing_on_walls_or_friends() {
    let f = fen("Ka1 Pa3 Nc3 Pb5 kp16 pp14", "w", "- e4:w2");
    let l = legal_from(&f, "c3");
    assert_eq!(l, set(&["c3a2", "c3a4", "c3b1", "c3d1", "c3d5", "c3e2"]));
    assert!(refused(&f, "c3e4").contains("wall"));
}

/// FC6-MOVE-02: slides stop at units walls and range.
#[test]
fn fc6_move_02_slides_stop_at_units_walls_and_range() {
    let f = fen("Ka1 Pa3 Rh8 Ph6 kp16 pp14", "w", "- i8:b2 - h8:3");
    let l = legal_from(&f, "h8");
    assert_eq!(
        l,
        set(&["h8h9", "h8h10", "h8h11", "h8h7", "h8g8", "h8f8", "h8e8"])
    );
}

/// FC6-MOVE-03: leaps jump walls.
#[test]
fn fc6_move_03_leaps_jump_walls() {
    let f = fen(
        "Ka1 Pa3 Nh8 kp16 pp14",
        "w",
        "- g7:w2,g8:w2,g9:w2,h7:w2,h9:w2,i7:w2,i8:w2,i9:w2",
    );
    let l = legal_from(&f, "h8");
    assert_eq!(
        l,
        set(&["h8f7", "h8f9", "h8g6", "h8g10", "h8i6", "h8i10", "h8j7", "h8j9"])
    );
}

/// FC6-MOVE-04: pawn five steps never back.
#[test]
fn fc6_move_04_pawn_five_steps_never_back() {
    let f = fen("Ka1 Pa3 Pe5 pd5 kp16 pp14", "w", "");
    assert_eq!(
        legal_from(&f, "e5"),
        set(&["e5d5", "e5f5", "e5d6", "e5e6", "e5f6"])
    );
    let b = fen("Ka1 Pa3 pe12 kp16 pp14", "b", "");
    assert!(!legal_from(&b, "e12").contains("e12e13"));
}

/// FC6-MOVE-05: knight leaps.
#[test]
fn fc6_move_05_knight_leaps() {
    let f = fen("Ka1 Pa3 Nh8 kp16 pp14", "w", "");
    assert_eq!(legal_from(&f, "h8").len(), 8);
}

/// FC6-MOVE-06: bishop diagonal only.
#[test]
fn fc6_move_06_bishop_diagonal_only() {
    let f = fen("Ka1 Pa3 Bh8 kp16 pp14", "w", "");
    let l = legal_from(&f, "h8");
    assert!(l.contains("h8i9") && l.contains("h8b2") && !l.contains("h8h9") && !l.contains("h8j9"));
}

/// FC6-MOVE-07: dragon diagonal step or knight.
#[test]
fn fc6_move_07_dragon_diagonal_step_or_knight() {
    let f = fen("Ka1 Pa3 Dh8 kp16 pp14", "w", "");
    let l = legal_from(&f, "h8");
    for a in ["h8h9", "h8i8", "h8i9", "h8l12", "h8j9", "h8g10"] {
        assert!(l.contains(a), "{a}");
    }
    assert!(!l.contains("h8h10") && !l.contains("h8k8"));
}

/// FC6-MOVE-08: rook orthogonal never bounces.
#[test]
fn fc6_move_08_rook_orthogonal_never_bounces() {
    let f = fen("Ka1 Pa3 Rh8 kp16 pp14", "w", "");
    let g = game(&f);
    let p = g.position();
    for a in g
        .actions()
        .iter()
        .filter(|a| a.kind == ActionKind::Move && a.from() == Some(sq("h8")))
    {
        assert_eq!(a.path.len(), 2);
        let (s, t) = (a.path[0], a.path[1]);
        assert!(s.file() == t.file() || s.rank() == t.rank());
    }
    assert!(legal_from(&f, "h8").contains("h8h16"));
    let _ = p;
}

/// FC6-MOVE-09: queen one range for both slides.
#[test]
fn fc6_move_09_queen_one_range_for_both_slides() {
    let f = fen("Ka1 Pa3 Qh8 kp16 pp14", "w", "- - - h8:3");
    let l = legal_from(&f, "h8");
    assert!(l.contains("h8h11") && l.contains("h8k11") && l.contains("h8g10"));
    assert!(!l.contains("h8h12") && !l.contains("h8l12"));
}

/// FC6-MOVE-10: king one step.
#[test]
fn fc6_move_10_king_one_step() {
    let f = fen("Kh8 Pa3 kp16 pp14", "w", "");
    assert_eq!(legal_from(&f, "h8").len(), 8);
}

/// FC6-MOVE-11: jester twenty leaps.
#[test]
fn fc6_move_11_jester_twenty_leaps() {
    let f = fen("Ka1 Pa3 Jh8 kp16 pp14", "w", "");
    let l = legal_from(&f, "h8");
    assert_eq!(l.len(), 20);
    for a in ["h8j10", "h8k9", "h8i11", "h8k10", "h8j11", "h8e7", "h8f5"] {
        assert!(l.contains(a), "{a}");
    }
    assert!(!l.contains("h8k11") && !l.contains("h8j9"));
}

/// FC6-MOVE-12: chancellor step or bent leap.
#[test]
fn fc6_move_12_chancellor_step_or_bent_leap() {
    let f = fen("Ka1 Pa3 Ch8 kp16 pp14", "w", "");
    let l = legal_from(&f, "h8");
    assert_eq!(l.len(), 16);
    assert!(l.contains("h8j11") && l.contains("h8k10") && l.contains("h8h9"));
    assert!(!l.contains("h8j10") && !l.contains("h8j9"));
}

/// FC6-MOVE-13: templar rook or t leap.
#[test]
fn fc6_move_13_templar_rook_or_t_leap() {
    let f = fen("Ka1 Pa3 Th8 kp16 pp14", "w", "");
    let l = legal_from(&f, "h8");
    for a in ["h8j10", "h8k9", "h8i11", "h8h16", "h8a8", "h8e7"] {
        assert!(l.contains(a), "{a}");
    }
    assert!(!l.contains("h8i9") && !l.contains("h8k11"));
    assert_eq!(l.len(), 15 + 15 + 12);
}

/// FC6-MOVE-14: a leap walls only its start square.
#[test]
fn fc6_move_14_a_leap_walls_only_its_start_square() {
    let f = fen("Ka1 Pa3 Nc3 kp16 pp14", "w", "");
    assert_eq!(
        fen_after(&f, &["c3e4"]),
        fen("Ka1 Pa3 Ne4 kp16 pp14", "b", "- c3:w5")
    );
}

// ---------------------------------------------------------------- CAPT

/// FC6-CAPT-01: capture removes the victim into the tomb on its square (FC6-TOMB-01).
#[test]
fn fc6_capt_01_capture_removes_the_victim() {
    let f = fen("Ka1 Pa3 Rd4 nd9 kp16 pp14", "w", "");
    let g = play(&f, &["d4d9"]);
    let p = g.position();
    let victim = g.start().unit_at(sq("d9")).expect("victim");
    assert_eq!(p.unit(victim).loc, Location::Tomb(sq("d9")));
    assert_eq!(p.piece_at(sq("d9")).map(|x| x.1), Some(Side::White));
}

/// FC6-CAPT-02: what cannot be captured.
#[test]
fn fc6_capt_02_what_cannot_be_captured() {
    let f = fen("Ka1 Pa3 Rd4 Pd9 Jh8 pj10 kp16 pp14", "w", "");
    let l = legal(&f);
    assert!(!l.contains("d4d9"), "friend");
    assert!(!l.contains("h8j10"), "jesters never capture");
}

/// FC6-CAPT-03: range limits every slide.
#[test]
fn fc6_capt_03_range_limits_every_slide() {
    let f = fen("Ka1 Pa3 Ra8 kp16 pp14", "w", "- - - a8:4");
    let l = legal_from(&f, "a8");
    assert!(
        l.contains("a8a12") && !l.contains("a8a13") && l.contains("a8e8") && !l.contains("a8f8")
    );
}

/// FC6-CAPT-04: range reduction.
#[test]
fn fc6_capt_04_range_reduction() {
    let f = fen("Ka1 Pa3 Rd4 nd6 Bh8 pj10 kp16 pp14", "w", "- - - d4:4");
    assert!(fen_after(&f, &["d4d6"]).ends_with("d6:3 d6:n"));
    assert!(fen_after(&f, &["h8j10"]).ends_with("d4:4,j10:15 j10:p"));
    let g = fen("Ka1 Pa3 Rd4 nd6 kp16 pp14", "w", "- - - d4:3");
    assert!(fen_after(&g, &["d4d6"]).ends_with("d6:3 d6:n"));
}

/// FC6-CAPT-05: any pattern reduces crr units only.
#[test]
fn fc6_capt_05_any_pattern_reduces_crr_units_only() {
    let f = fen("Ka1 Pa3 Qh8 ng10 Nc3 bd5 kp16 pp14", "w", "");
    assert!(
        fen_after(&f, &["h8g10"]).ends_with("g10:14 g10:n"),
        "a queen's knight leap"
    );
    let after = fen_after(&f, &["c3d5"]);
    let ranges = after.split_whitespace().nth(5).unwrap_or("-");
    assert_eq!(ranges, "-", "a knight never changes range: {after}");
}

/// FC6-CAPT-06: victim kind at death.
#[test]
fn fc6_capt_06_victim_kind_at_death() {
    // The pawn takes a knight and is a knight; the rook that takes it loses 2.
    let f = fen("Ka1 Pa3 Pe5 nf6 rf12 kp16 pp14", "w", "");
    let after = fen_after(&f, &["e5f6", "f12f6"]);
    assert!(after.ends_with("f6:14 f6:nN"), "{after}");
}

/// FC6-CAPT-07: range kept until a new piece.
#[test]
fn fc6_capt_07_range_kept_until_a_new_piece() {
    let f = fen("Ka1 Pa3 Rd4 Pe15 kp16 pp14", "w", "- - - d4:5");
    assert!(fen_after(&f, &["d4d8"]).ends_with("d8:5"));
    let after = fen_after(&f, &["e15e16=R"]);
    assert!(
        after.ends_with("d4:5"),
        "the new rook has range 16: {after}"
    );
}

// ---------------------------------------------------------------- PAWN

/// FC6-PAWN-01: piece promotion by capture.
#[test]
fn fc6_pawn_01_piece_promotion_by_capture() {
    let f = fen("Ka1 Pa3 Pe5 nf6 kp16 pp14", "w", "- - e5:1");
    // Paralysed now: it cannot act; take the paralysis off and capture.
    assert!(legal_from(&f, "e5").is_empty());
    let f = fen("Ka1 Pa3 Pe5 nf6 kp16 pp14", "w", "");
    let g = play(&f, &["e5f6"]);
    assert_eq!(g.position().piece_at(sq("f6")), Some((KNIGHT, Side::White)));
    let id = unit(g.position(), "f6");
    assert_eq!(g.position().unit(id).status.range, 16);
    let f = fen("Ka1 Pa3 Pe5 pf6 kp16 pp14", "w", "");
    let g = play(&f, &["e5f6"]);
    assert_eq!(g.position().piece_at(sq("f6")), Some((PAWN, Side::White)));
}

/// FC6-PAWN-02: last rank promotion is compulsory.
#[test]
fn fc6_pawn_02_last_rank_promotion_is_compulsory() {
    let f = fen("Ka1 Pa3 Pe15 pf16 kp16 pp14", "w", "");
    let l = legal_from(&f, "e15");
    for k in "RNBDJCTQ".chars() {
        assert!(l.contains(&format!("e15e16={k}")));
        assert!(l.contains(&format!("e15f16={k}")));
    }
    assert!(!l.contains("e15e16") && !l.contains("e15e16=K") && !l.contains("e15e16=P"));
    assert!(refused(&f, "e15e16").contains("FC6-PAWN-02"));
}

/// FC6-PAWN-03: promoted pawns are lost pawns.
#[test]
fn fc6_pawn_03_promoted_pawns_are_lost_pawns() {
    let f = fen("Ka1 Pe15 kp16 pp14", "w", "");
    let g = play(&f, &["e15e16=Q"]);
    let r = g.result().expect("over");
    assert_eq!(r.winner, Some(Side::Black));
    assert_eq!(r.reason, "all pawns lost");
}

/// FC6-PAWN-04: pawns neither empower nor are empowered.
#[test]
fn fc6_pawn_04_pawns_neither_empower_nor_are_empowered() {
    // The knight's only protector is a pawn: no extra moves.
    let f = fen("Ka1 Pa3 Pc3 Nd4 kp16 pp14", "w", "");
    assert_eq!(legal_from(&f, "d4").len(), 8);
    // The pawn protected by one rook moves as a pawn.
    let f = fen("Ka1 Pa3 Rd1 Pd4 kp16 pp14", "w", "");
    assert_eq!(legal_from(&f, "d4").len(), 5);
}

// ---------------------------------------------------------------- PARA

/// FC6-PARA-01: a paralysed unit cannot act.
#[test]
fn fc6_para_01_a_paralysed_unit_cannot_act() {
    let f = fen("Ka1 Pa3 Nh8 kp16 pp14", "w", "- - h8:1");
    assert!(legal_from(&f, "h8").is_empty());
    assert!(refused(&f, "h8g10").contains("paralysed"));
    // It can still be captured.
    let f = fen("Ka1 Pa3 Nh8 rh12 kp16 pp14", "b", "- - h8:2");
    assert!(legal(&f).contains("h12h8"));
}

/// FC6-PARA-02: counted in the owners turns.
#[test]
fn fc6_para_02_counted_in_the_owners_turns() {
    let f = fen("Ka1 Pa3 kp16 pp14 nh8", "w", "- - h8:1");
    let g = play(&f, &["a3a4"]);
    let black = rules().to_fen(g.position()).expect("fen");
    assert!(black.contains("h8:1"), "{black}");
    assert!(legal_from(&black, "h8").is_empty());
    let g = play(&f, &["a3a4", "p14p13", "a4a5"]);
    let free: BTreeSet<String> = g.actions().iter().map(|a| g.format(a)).collect();
    assert!(free.contains("h8g10"));
}

/// FC6-PARA-03: overlapping paralysis takes the maximum.
#[test]
fn fc6_para_03_overlapping_paralysis_takes_the_maximum() {
    let mut p = pos(&fen("Ka1 Pa3 Nh8 kp16 pp14", "w", ""));
    let id = unit(&p, "h8");
    paralysis::paralyze(&mut p, id, 3, paralysis::Paralysis::Cost, &mut NoEvents);
    paralysis::paralyze(&mut p, id, 2, paralysis::Paralysis::Cost, &mut NoEvents);
    assert_eq!(paralysis::turns_left(&p, id), 3 + 1);
    paralysis::paralyze(&mut p, id, 5, paralysis::Paralysis::Cost, &mut NoEvents);
    assert_eq!(paralysis::turns_left(&p, id), 5 + 1);
}

/// FC6-PARA-04: loaded paralysis counts down.
#[test]
fn fc6_para_04_loaded_paralysis_counts_down() {
    let f = fen("Ka1 Pa3 Nh8 kp16 pp14", "w", "- - h8:2");
    assert!(fen_after(&f, &["a3a4"]).ends_with("h8:1"));
    assert!(fen_after(&f, &["a3a4", "p14p13"]).ends_with("h8:1"));
    assert!(!fen_after(&f, &["a3a4", "p14p13", "a4a5"]).contains("h8:"));
}

/// FC6-PARA-05: paralysed units exert nothing.
#[test]
fn fc6_para_05_paralysed_units_exert_nothing() {
    // A paralysed rook gives no check and protects nothing.
    let f = fen("Ke1 Pa3 re8 kp16 pp14", "w", "- - e8:1");
    assert!(!attack::in_check(&rules(), &pos(&f), Side::White));
    assert!(legal_from(&f, "e1").contains("e1e2"));
    let unpar = fen("Ke1 Pa3 re8 kp16 pp14", "w", "");
    assert!(attack::in_check(&rules(), &pos(&unpar), Side::White));
    // A knight whose rook is paralysed is not empowered.
    let f = fen("Ka1 Pa3 Rd1 Nd4 kp16 pp14", "w", "- - d1:1");
    assert_eq!(legal_from(&f, "d4").len(), 8);
}

/// FC6-PARA-06: paralysis keeps immunities.
#[test]
fn fc6_para_06_paralysis_keeps_immunities() {
    let f = fen("Ka1 Pa3 Nc3 nd5 kp16 pp14", "w", "- - d5:3");
    assert!(!legal_from(&f, "c3").contains("c3d5"));
}

/// FC6-PARA-07: costs always effects refused by royal guards.
#[test]
fn fc6_para_07_costs_always_effects_refused_by_royal_guards() {
    let mut p = pos(&fen("Ke1 Pa3 Ne2 Nh8 kp16 pp14", "w", ""));
    let guard = unit(&p, "e2");
    let far = unit(&p, "h8");
    let king = unit(&p, "e1");
    use paralysis::Paralysis::{Cost, Effect};
    assert!(!paralysis::paralyze(
        &mut p,
        guard,
        2,
        Effect,
        &mut NoEvents
    ));
    assert!(!paralysis::paralyze(&mut p, king, 2, Effect, &mut NoEvents));
    assert!(paralysis::paralyze(&mut p, far, 2, Effect, &mut NoEvents));
    assert!(paralysis::paralyze(&mut p, guard, 1, Cost, &mut NoEvents));
    assert!(paralysis::paralyze(&mut p, king, 1, Cost, &mut NoEvents));
}

// ---------------------------------------------------------------- WALL

/// FC6-WALL-01: start square becomes a wall.
#[test]
fn fc6_wall_01_start_square_becomes_a_wall() {
    let f = fen("Ka1 Pa3 Nb1 kp16 pp14", "w", "");
    let g = play(&f, &["b1c3", "p16o16"]);
    let now = rules().to_fen(g.position()).expect("fen");
    assert!(now.contains("b1:w5"), "{now}");
    assert!(refused(&now, "c3b1").contains("wall"));
}

/// FC6-WALL-02: slides wall their path.
#[test]
fn fc6_wall_02_slides_wall_their_path() {
    let f = fen("Ka1 Pa3 Rh1 kp16 pp14", "w", "");
    assert_eq!(
        fen_after(&f, &["h1h5"]),
        fen("Ka1 Pa3 Rh5 kp16 pp14", "b", "- h1:w3,h2:w3,h3:w3,h4:w3")
    );
    let b = fen("Ka1 Pa3 Bc3 kp16 pp14", "w", "");
    assert_eq!(
        fen_after(&b, &["c3e1g3"]),
        fen("Ka1 Pa3 Bg3 kp16 pp14", "b", "- e1:w2,d2:w2,f2:w2,c3:w2")
    );
}

/// FC6-WALL-03: durations by leg.
#[test]
fn fc6_wall_03_durations_by_leg() {
    let cases = [
        ("Nh8", "h8g10", "h8:w5"),
        ("Bh8", "h8j10", "h8:w2,i9:w2"),
        ("Rh8", "h8h10", "h8:w3,h9:w3"),
        ("Dh8", "h8i9", "h8:w2"),
        ("Dh8", "h8h9", "h8:w3"),
        ("Ch8", "h8j11", "h8:w5"),
        ("Th8", "h8j10", "h8:w5"),
        ("Ph8", "h8i9", "h8:w1"),
    ];
    for (piece, action, walls) in cases {
        let f = fen(&with_bg(piece), "w", "");
        let after = fen_after(&f, &[action]);
        assert!(
            after.ends_with(&format!(" b - {walls}")),
            "{piece} {action}: {after}"
        );
    }
    let k = fen("Kh8 Pa3 kp16 pp14", "w", "");
    assert!(fen_after(&k, &["h8h9"]).ends_with(" b - h8:w1"));
    // A jester's leap would wall its start for 5 turns, but the jester leaves a trap
    // there instead (FC6-TRAP-01).
    let j = play(&fen(&with_bg("Jh8"), "w", ""), &["h8j10"]);
    assert!(j.position().wall(sq("h8")).is_none() && j.position().trap(sq("h8")).is_some());
}

/// FC6-WALL-04: counted in the makers turns.
#[test]
fn fc6_wall_04_counted_in_the_makers_turns() {
    // White's rook wall, made in White's turn 1 for 3 turns, stands through White's
    // turns 2, 3 and 4 (and Black's between them) and goes at the end of White's turn 4.
    let f = fen("Ka1 Pa3 Rh1 kp16 pp14", "w", "");
    let seq = [
        "h1h3", "p14p13", "a3a4", "p13p12", "a4a5", "p12p11", "a5a6", "p11p10",
    ];
    for n in 1..=seq.len() {
        let after = fen_after(&f, &seq[..n]);
        let walled = after.contains("h1:w");
        assert_eq!(walled, n < 7, "after {n} actions: {after}");
    }
}

/// FC6-WALL-05: leaps jump slides reflect rooks stop.
#[test]
fn fc6_wall_05_leaps_jump_slides_reflect_rooks_stop() {
    let f = fen("Ka1 Pa3 Bc3 Rh3 kp16 pp14", "w", "- e5:w2,e4:w2,h5:w2");
    let l = legal(&f);
    assert!(l.contains("c3d4") && !l.contains("c3e5"));
    assert!(l.contains("c3d4c5"), "the bishop reflects off the wall e5");
    assert!(l.contains("h3h4") && !l.contains("h3h6"));
}

/// FC6-WALL-06: only the movers own leg walls.
#[test]
fn fc6_wall_06_only_the_movers_own_leg_walls() {
    let f = fen("Ka1 Pa3 Nc3 bd5 kp16 pp14", "w", "");
    assert_eq!(
        fen_after(&f, &["c3d5"]),
        fen("Ka1 Pa3 Nd5 kp16 pp14", "b", "- c3:w5 - - d5:b")
    );
}

/// FC6-WALL-07: no wall under a unit.
#[test]
fn fc6_wall_07_no_wall_under_a_unit() {
    let mut p = pos(&fen("Ka1 Pa3 Nc3 kp16 pp14", "w", ""));
    let id = unit(&p, "c3");
    let squares = frozen_core::Bitboard::EMPTY.with(sq("c3")).with(sq("c4"));
    walls::make(
        &mut p,
        id,
        squares,
        3,
        frozen_variants::fc6::movement::LegKind::Orthogonal,
        &mut NoEvents,
    );
    assert!(p.wall(sq("c3")).is_none() && p.wall(sq("c4")).is_some());
    // A square walled again keeps the later end.
    let before = p.wall(sq("c4")).expect("wall").expires;
    walls::make(
        &mut p,
        id,
        frozen_core::Bitboard::EMPTY.with(sq("c4")),
        1,
        frozen_variants::fc6::movement::LegKind::Step,
        &mut NoEvents,
    );
    assert_eq!(p.wall(sq("c4")).expect("wall").expires, before);
}

/// FC6-WALL-08: walls go only when their time is up.
#[test]
fn fc6_wall_08_walls_go_only_when_their_time_is_up() {
    let f = fen("Ka1 Pa3 Rd4 nd6 kp16 pp14", "w", "- e6:b3");
    let after = fen_after(&f, &["d4d6"]);
    assert!(
        after.contains("e6:b3"),
        "a capture next to a wall leaves it: {after}"
    );
}

/// FC6-WALL-09: walls block both sides.
#[test]
fn fc6_wall_09_walls_block_both_sides() {
    let f = fen("Ka1 Pa3 kp16 pp14 rh12", "b", "- h8:w2");
    let l = legal_from(&f, "h12");
    assert!(l.contains("h12h9") && !l.contains("h12h8") && !l.contains("h12h7"));
}

// ---------------------------------------------------------------- VICT

/// FC6-VICT-01: losing the last pawn loses.
#[test]
fn fc6_vict_01_losing_the_last_pawn_loses() {
    let f = fen("Ka1 Pa3 Re5 pe7 kp16", "w", "");
    let g = play(&f, &["e5e7"]);
    let r = g.result().expect("over");
    assert_eq!(
        (r.winner, r.reason.as_ref()),
        (Some(Side::White), "all pawns lost")
    );
}

/// FC6-VICT-02: checkmate.
#[test]
fn fc6_vict_02_checkmate() {
    // The knights attack o15 and p15, so no King's Exchange escapes (FC6-KING-04).
    let f = fen("Ka1 Pa3 Ra10 Nn13 No13 kp16 po15 pp15", "w", "");
    let g = play(&f, &["a10a16"]);
    let r = g.result().expect("over");
    assert_eq!(
        (r.winner, r.reason.as_ref()),
        (Some(Side::White), "checkmate")
    );
}

/// FC6-VICT-03: a side without king has lost.
#[test]
fn fc6_vict_03_a_side_without_king_has_lost() {
    let mut p = pos(&fen("Ka1 Pa3 kp16 pp14", "w", ""));
    assert_eq!(victory::loss_reason(&p, Side::Black), None);
    let k = unit(&p, "p16");
    p.relocate(k, Location::Captured(Side::White));
    assert_eq!(victory::loss_reason(&p, Side::Black), Some("king captured"));
    p.relocate(k, Location::Dead);
    assert_eq!(victory::loss_reason(&p, Side::Black), Some("king killed"));
}

/// FC6-VICT-04: stalemate loses.
/// Black's king and pawn stand on the board edge, so no rotation block holds a black unit
/// (no rotation), the walls hold both, and the knight on b7 watches a9 (no King's Exchange).
#[test]
fn fc6_vict_04_stalemate_loses() {
    let f = fen(
        "Ka1 Pa3 Nb7 kp16 pa9",
        "w",
        "- a8:b1,b8:b1,b9:b1,o16:b1,o15:b1,p15:b1",
    );
    let g = play(&f, &["a3a4"]);
    let r = g.result().expect("over");
    assert_eq!(
        (r.winner, r.reason.as_ref()),
        (Some(Side::White), "stalemate")
    );
}

/// FC6-VICT-05: tested after every action and at turn start.
#[test]
fn fc6_vict_05_tested_after_every_action_and_at_turn_start() {
    let f = fen("Ka1 Pa3 Re5 pe7 pe12 kp16", "w", "");
    let g = play(&f, &["e5e7"]);
    assert!(g.result().is_none());
    let g = play(&f, &["e5e7", "e12e11", "e7e11"]);
    assert_eq!(
        g.result().map(|r| r.reason.as_ref()),
        Some("all pawns lost")
    );
}

/// FC6-VICT-06: both lose the mover loses.
#[test]
fn fc6_vict_06_both_lose_the_mover_loses() {
    let f = fen("Ka1 Pe15 pf16 kp16", "w", "");
    let g = play(&f, &["e15f16=Q"]);
    let r = g.result().expect("over");
    assert_eq!(
        (r.winner, r.reason.as_ref()),
        (Some(Side::Black), "all pawns lost")
    );
}

// ---------------------------------------------------------------- DRAW

/// FC6-DRAW-01: no fifty move rule.
#[test]
fn fc6_draw_01_no_fifty_move_rule() {
    // 60 king moves a side, no capture, no pawn move: the game goes on.
    let mut w = Vec::new();
    let mut b = Vec::new();
    for r in 0..4u8 {
        for i in 0..16u8 {
            let f = if r % 2 == 0 { i } else { 15 - i };
            w.push(Square::new(f, r));
            b.push(Square::new(15 - f, 15 - r));
        }
    }
    let f = fen("Ka1 Ph8 kp16 ph10", "w", "");
    let mut g = game(&f);
    for i in 0..60 {
        one_leg_turn(&mut g, &format!("{}{}", w[i], w[i + 1]));
        one_leg_turn(&mut g, &format!("{}{}", b[i], b[i + 1]));
    }
    assert!(g.result().is_none());
}

/// FC6-DRAW-02: threefold repetition compares values.
#[test]
fn fc6_draw_02_threefold_repetition_compares_values() {
    let f = fen("Ka1 Ph8 kp16 ph10", "w", "");
    let cycle = ["a1b1", "p16o16", "b1b2", "o16o15", "b2a1", "o15p16"];
    let mut g = game(&f);
    for round in 0..3 {
        for a in cycle {
            if g.result().is_some() {
                break;
            }
            g.apply_text(a)
                .unwrap_or_else(|e| panic!("round {round} {a}: {e}"));
            if g.position().state().turn.is_some() {
                g.apply_text("end").expect("end");
            }
        }
    }
    let r = g.result().expect("drawn");
    assert_eq!(r.winner, None);
    // Identity does not count; a timer does.
    let a = pos(&fen("Ka1 Pc5 Pd5 kp16 pp14", "w", ""));
    let mut b = a.clone();
    b.swap_units(unit(&a, "c5"), unit(&a, "d5"));
    assert!(draw::same_for_repetition(&a, &b));
    assert_eq!(draw::repetition_key(&a), draw::repetition_key(&b));
    let c = pos(&fen("Ka1 Pc5 Pd5 kp16 pp14", "w", "- - c5:1"));
    assert!(!draw::same_for_repetition(&a, &c));
    let d = pos(&fen("Ka1 Pc5 Pd5 kp16 pp14", "w", "- e4:w1"));
    let e = pos(&fen("Ka1 Pc5 Pd5 kp16 pp14", "w", "- e4:w2"));
    assert!(!draw::same_for_repetition(&d, &e));
}

/// FC6-DRAW-03: stalemate is not a draw.
/// Black's king and pawn stand on the board edge, so no rotation block holds a black unit
/// (no rotation), the walls hold both, and the knight on b7 watches a9 (no King's Exchange).
#[test]
fn fc6_draw_03_stalemate_is_not_a_draw() {
    let f = fen(
        "Ka1 Pa3 Nb7 kp16 pa9",
        "w",
        "- a8:b1,b8:b1,b9:b1,o16:b1,o15:b1,p15:b1",
    );
    let g = play(&f, &["a3a4"]);
    assert_eq!(g.result().expect("over").winner, Some(Side::White));
}

// ---------------------------------------------------------------- VISU

/// FC6-VISU-01: range shown on units.
#[test]
fn fc6_visu_01_range_shown_on_units() {
    let p = pos(&fen(
        "Ka1 Pa3 Nb1 Jc1 Cd1 Re1 Tf1 kp16 pp14",
        "w",
        "- - - e1:7,f1:9",
    ));
    let shown = |s: &str| visual::display_range(&p, unit(&p, s));
    assert_eq!(
        [
            shown("a1"),
            shown("a3"),
            shown("b1"),
            shown("c1"),
            shown("d1"),
            shown("e1"),
            shown("f1")
        ],
        [1, 1, 3, 3, 3, 7, 9]
    );
}

/// FC6-VISU-02: paralysis turns left shown.
#[test]
fn fc6_visu_02_paralysis_turns_left_shown() {
    let f = fen("Ka1 Pa3 Nh8 kp16 pp14", "w", "- - h8:2");
    let lines = visual::describe(&rules(), &pos(&f));
    assert!(
        lines
            .iter()
            .any(|l| l == "h8: paralysed for 2 more turn(s) of its owner"),
        "{lines:?}"
    );
}

/// FC6-VISU-03: walls siege and first move shown.
#[test]
fn fc6_visu_03_walls_siege_and_first_move_shown() {
    let f = fen("Ka1 Pa3 Nh8 rh12 kp16 pp14", "w", "f e4:b2");
    let lines = visual::describe(&rules(), &pos(&f));
    assert!(
        lines
            .iter()
            .any(|l| l == "wall e4: 2 more turn(s) of Black"),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("h8: under siege")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.contains("first action")),
        "{lines:?}"
    );
}

// ---------------------------------------------------------------- BNCE

/// FC6-BNCE-01: diagonal slides reflect off edges units and walls.
#[test]
fn fc6_bnce_01_diagonal_slides_reflect_off_edges_units_and_walls() {
    let f = fen("Ka1 Pa3 Bc3 kp16 pp14", "w", "");
    let l = legal_from(&f, "c3");
    assert!(l.contains("c3e1f2") && l.contains("c3a5b6"), "edges");
    let u = fen("Ka1 Pa3 Bc3 Pe5 Pe4 kp16 pp14", "w", "");
    assert!(legal_from(&u, "c3").contains("c3d4c5"), "a unit");
    let w = fen("Ka1 Pa3 Bc3 kp16 pp14", "w", "- e5:b2,e4:b2");
    assert!(legal_from(&w, "c3").contains("c3d4c5"), "a wall");
    // Rooks and leapers never bounce: no route of more than two squares (special moves,
    // written with a keyword, are no routes).
    let r = fen("Ka1 Pa3 Rc3 Nh8 kp16 pp14", "w", "");
    assert!(legal(&r)
        .iter()
        .filter(|a| !a.contains(':'))
        .all(|a| a.len() <= 6));
}

/// FC6-BNCE-02: the route is part of the action.
#[test]
fn fc6_bnce_02_the_route_is_part_of_the_action() {
    let r = rules();
    let f = fen("Ka1 Pa3 Bc3 kp16 pp14", "w", "");
    let g = game(&f);
    let acts = g.actions();
    let texts: Vec<String> = acts.iter().map(|a| g.format(a)).collect();
    let unique: BTreeSet<&String> = texts.iter().collect();
    assert_eq!(unique.len(), texts.len(), "every route once");
    for (a, t) in acts.iter().zip(&texts) {
        assert_eq!(&r.parse_action(g.position(), t).expect("parses"), a);
    }
    // Stopping before a reflection is a move of its own; the route decides the walls.
    assert!(texts.contains(&"c3e1".to_string()) && texts.contains(&"c3e1f2".to_string()));
    // A list that is not the route's reflection squares is refused.
    let mut g2 = game(&f);
    assert!(g2.apply_text("c3d2f2").is_err());
    assert!(g2.apply_text("c3c3d4").is_err());
    // A leg never reflects on its start square: a bishop on the a-file has no route that
    // starts by reflecting off the edge (it would only repeat the other first direction).
    let edge = fen("Ka1 Pa3 Ba8 kp16 pp14", "w", "");
    let from_edge = legal_from(&edge, "a8");
    assert!(
        from_edge.iter().all(|a| !a.starts_with("a8a8")),
        "{from_edge:?}"
    );
    assert!(from_edge.contains("a8b9") && from_edge.contains("a8b7"));
    // Two routes to the same square are two actions with different walls.
    let two = fen("Ka1 Pa3 Bd4 Pf6 Pg6 Pf7 kp16 pp14", "w", "");
    let l = legal_from(&two, "d4");
    assert!(l.contains("d4e5d6") || l.contains("d4e5"), "{l:?}");
}

/// FC6-BNCE-03: edges flip corners end.
#[test]
fn fc6_bnce_03_edges_flip_corners_end() {
    let f = fen("Ka1 Pa3 Bc3 kp16 pp14", "w", "");
    let l = legal_from(&f, "c3");
    assert!(l.contains("c3p16") && !l.iter().any(|a| a.starts_with("c3p16") && a.len() > 6));
    assert!(l.contains("c3e1p12") && l.contains("c3e1p12m15"));
}

/// FC6-BNCE-04: obstacles flip one component or end.
#[test]
fn fc6_bnce_04_obstacles_flip_one_component_or_end() {
    // Only h = e4 blocked: dx flips, the slider goes on north-west from d4.
    let h = fen("Ka1 Pa3 Bc3 Pe5 Pe4 kp16 pp14", "w", "");
    let l = legal_from(&h, "c3");
    assert!(l.contains("c3d4c5") && l.contains("c3d4a7") && l.contains("c3d4a7b8"));
    // Only v = d5 blocked: dy flips, south-east.
    let v = fen("Ka1 Pa3 Bc3 Pe5 Pd5 kp16 pp14", "w", "");
    assert!(legal_from(&v, "c3").contains("c3d4e3"));
    // Both blocked, or neither: the leg ends on d4.
    let both = fen("Ka1 Pa3 Bc3 Pe5 Pe4 Pd5 kp16 pp14", "w", "");
    assert!(!legal_from(&both, "c3")
        .iter()
        .any(|a| a.starts_with("c3d4") && a.len() > 4));
    let neither = fen("Ka1 Pa3 Bc3 Pe5 kp16 pp14", "w", "");
    assert!(!legal_from(&neither, "c3")
        .iter()
        .any(|a| a.starts_with("c3d4") && a.len() > 4));
}

/// FC6-BNCE-05: range counts squares entered once each.
#[test]
fn fc6_bnce_05_range_counts_squares_entered_once_each() {
    let f = fen("Ka1 Pa3 Bc3 kp16 pp14", "w", "- - - c3:5");
    let l = legal_from(&f, "c3");
    assert!(l.contains("c3e1h4") && !l.contains("c3e1i5"));
    // One reflection per square: after the flip the next square is blocked too.
    let g = fen("Ka1 Pa3 Bc3 Pe5 Pe4 Pc5 kp16 pp14", "w", "");
    assert!(!legal_from(&g, "c3")
        .iter()
        .any(|a| a.starts_with("c3d4") && a.len() > 4));
    // The capture square counts: with range 2 a capture two squares away is allowed.
    let c = fen("Ka1 Pa3 Bc3 ne5 kp16 pp14", "w", "- - - c3:3");
    assert!(legal_from(&c, "c3").contains("c3e5"));
}

/// FC6-BNCE-06: attacks follow bounced routes protection does not.
#[test]
fn fc6_bnce_06_attacks_follow_bounced_routes_protection_does_not() {
    let f = fen("Kc1 Pp3 bd6 kp16 pp14", "w", "");
    assert!(attack::in_check(&rules(), &pos(&f), Side::White));
    // A knight whose only protector reaches it by a bounce alone is not empowered.
    let g = fen("Ka1 Pa3 Bc3 Nf2 kp16 pp14", "w", "");
    assert_eq!(legal_from(&g, "f2").len(), 6);
    let p = pos(&g);
    assert!(Analysis::new(&rules(), &p)
        .empowered(&p, sq("f2"))
        .is_none());
}

// ---------------------------------------------------------------- EMPW

/// FC6-EMPW-01: who counts as protector.
#[test]
fn fc6_empw_01_who_counts_as_protector() {
    let r = rules();
    let count = |f: &str, s: &str| {
        let p = pos(f);
        let side = p.piece_at(sq(s)).expect("unit").1;
        Analysis::new(&r, &p).count(side, sq(s)).0
    };
    assert_eq!(
        count(&fen("Ka1 Pa3 Rd1 Pc3 Nd4 kp16 pp14", "w", ""), "d4"),
        1,
        "pawns do not count"
    );
    assert_eq!(
        count(&fen("Ke3 Pa3 Rd1 Nd4 kp16 pp14", "w", ""), "d4"),
        2,
        "kings count"
    );
    assert_eq!(
        count(&fen("Ka1 Pa3 Rd1 Jf2 Nd4 kp16 pp14", "w", ""), "d4"),
        1,
        "jesters do not count"
    );
    assert_eq!(
        count(&fen("Ka1 Pa3 Rd1 Nd4 kp16 pp14", "w", "- - d1:2"), "d4"),
        0,
        "paralysed units do not"
    );
    assert_eq!(
        count(&fen("Ka1 Pa3 Nd2 Nd4 kp16 pp14", "w", ""), "d4"),
        0,
        "knights protect their landing squares only"
    );
}

/// FC6-EMPW-02: one protector lends its patterns.
#[test]
fn fc6_empw_02_one_protector_lends_its_patterns() {
    let f = fen("Ka1 Pa3 Rd1 Nd4 kp16 pp14", "w", "");
    let l = legal_from(&f, "d4");
    assert!(l.contains("d4d16") && l.contains("d4p4") && l.contains("d4e6"));
    let k = fen("Ke3 Pa3 Nd4 kp16 pp14", "w", "");
    assert_eq!(
        legal_from(&k, "d4").len(),
        8,
        "a king protects but never empowers"
    );
}

/// FC6-EMPW-03: borrowed slides bounce with the lenders range.
#[test]
fn fc6_empw_03_borrowed_slides_bounce_with_the_lenders_range() {
    let f = fen("Ka1 Pa3 Bb2 Nd4 kp16 pp14", "w", "- - - b2:3");
    let l = legal_from(&f, "d4");
    assert!(
        l.contains("d4g7") && l.contains("d4g1") && !l.contains("d4h8"),
        "the bishop's range 3"
    );
    assert!(!l.contains("d4g1h2"), "4 squares");
    let bounce = fen("Ka1 Pa3 Bb2 Nd4 kp16 pp14", "w", "");
    assert!(
        legal_from(&bounce, "d4").contains("d4g1h2"),
        "a borrowed diagonal bounces"
    );
}

/// FC6-EMPW-04: judged on the current position.
#[test]
fn fc6_empw_04_judged_on_the_current_position() {
    let f = fen("Ka1 Pa3 Rd1 Nd4 kp16 pp14", "w", "");
    assert!(legal_from(&f, "d4").contains("d4d10"));
    let after = fen_after(&f, &["d1h1", "p16o16"]);
    assert!(!legal_from(&after, "d4").contains("d4d10"));
}

// ---------------------------------------------------------------- GARD

/// FC6-GARD-01: guarded units cannot be captured but capture.
#[test]
fn fc6_gard_01_guarded_units_cannot_be_captured_but_capture() {
    let f = fen("Ka1 Pa3 Qd1 rd8 rd16 ra8 kp16 pp14", "w", "");
    assert!(!legal(&f).contains("d1d8"));
    // The guarded knight is not empowered and captures normally.
    let g = fen("Ke3 Pa3 Rd1 Nd4 bf5 kp16 pp14", "w", "");
    let l = legal_from(&g, "d4");
    assert!(l.contains("d4f5") && !l.contains("d4d10"));
    let p = pos(&g);
    assert!(guard::is_guarded(
        &Analysis::new(&rules(), &p),
        &p,
        sq("d4")
    ));
}

/// FC6-GARD-02: kings are never guarded.
#[test]
fn fc6_gard_02_kings_are_never_guarded() {
    let p = pos(&fen("Kd4 Pa3 Rd1 Ra4 kp16 pp14", "w", ""));
    let an = Analysis::new(&rules(), &p);
    assert_eq!(an.count(Side::White, sq("d4")).0, 2);
    assert!(!guard::is_guarded(&an, &p, sq("d4")));
}

/// FC6-GARD-03: guarded units still give check.
#[test]
fn fc6_gard_03_guarded_units_still_give_check() {
    let f = fen("Ke1 Pa3 re8 rh8 ra8 kp16 pp14", "w", "");
    let p = pos(&f);
    assert!(guard::is_guarded(
        &Analysis::new(&rules(), &p),
        &p,
        sq("e8")
    ));
    assert!(attack::in_check(&rules(), &p, Side::White));
}

// ---------------------------------------------------------------- ROOK

/// FC6-ROOK-08: siege.
#[test]
fn fc6_rook_08_siege() {
    let r = rules();
    let p = pos(&fen("Ka1 Pa3 Nh8 Rd12 rh12 kp16 pp14", "w", ""));
    let an = Analysis::new(&r, &p);
    assert!(siege::besieged(&r, &an, &p, unit(&p, "h8")));
    assert!(
        !siege::besieged(&r, &an, &p, unit(&p, "d12")),
        "rooks are never besieged"
    );
    assert!(!siege::besieged(&r, &an, &p, unit(&p, "a3")));
    let q = pos(&fen("Ka1 Pa3 Nh8 rh12 kp16 pp14", "w", "- - h12:1"));
    assert!(
        !siege::besieged(&r, &Analysis::new(&r, &q), &q, unit(&q, "h8")),
        "a paralysed rook besieges nothing"
    );
}

/// FC6-ROOK-09: tower.
#[test]
fn fc6_rook_09_tower() {
    // The knight on d4 is the rook's (e6) only protector: it moves like a rook with the
    // rook's range 5.
    let f = fen("Ka1 Pa3 Nd4 Re6 kp16 pp14", "w", "- - - e6:5");
    let l = legal_from(&f, "d4");
    assert!(l.contains("d4d9") && !l.contains("d4d10") && l.contains("d4i4"));
    // With a second protector the rook is guarded, nobody empowers it: no Tower.
    let g = fen("Ka1 Pa3 Nd4 Re6 Re1 kp16 pp14", "w", "- - - e6:5");
    assert_eq!(legal_from(&g, "d4").len(), 7, "e6 holds its own rook");
}

// ---------------------------------------------------------------- TEMP

/// FC6-TEMP-01: shield.
#[test]
fn fc6_temp_01_shield() {
    let f = fen("Ka1 Pa3 Qa4 Re1 te8 kp16 pp14", "w", "");
    let l = legal(&f);
    assert!(l.contains("a4e8"), "the templar does not attack a4");
    assert!(!l.contains("e1e8"), "the templar attacks e1");
    let par = fen("Ka1 Pa3 Qa4 Re1 te8 kp16 pp14", "w", "- - e8:1");
    assert!(
        legal(&par).contains("e1e8"),
        "a paralysed templar has no Shield"
    );
}

/// FC6-TEMP-02: no shield on a pending tomb.
#[test]
fn fc6_temp_02_no_shield_on_a_pending_tomb() {
    let r = rules();
    let mut p = pos(&fen("Ka1 Pa3 Re1 te8 kp16 pp14", "w", ""));
    let an = Analysis::new(&r, &p);
    assert!(templar::shields(&r, &an, &p, sq("e8"), sq("e1")));
    let dead = unit(&p, "a3");
    p.set_tomb(
        sq("e8"),
        Some(frozen_core::Tomb {
            queue: smallvec::smallvec![dead],
            explosions: 0,
            rot: 0,
            open: false,
        }),
    );
    assert!(!templar::shields(&r, &an, &p, sq("e8"), sq("e1")));
}

/// FC6-TEMP-03: the shield stops captures.
#[test]
fn fc6_temp_03_the_shield_stops_captures() {
    let f = fen("Ka1 Pa3 Qa4 Re1 te8 kp16 pp14", "w", "");
    assert!(refused(&f, "e1e8").contains("Shield"));
}

// ---------------------------------------------------------------- JEST

/// FC6-JEST-01: jesters never capture check or protect.
#[test]
fn fc6_jest_01_jesters_never_capture_check_or_protect() {
    let f = fen("Ka1 Pa3 Jh8 pj10 kp16 pp14", "w", "");
    assert!(!legal_from(&f, "h8").contains("h8j10"));
    let check = pos(&fen("Ka1 Pa3 Jh8 kj10 pp14", "b", ""));
    assert!(!attack::in_check(&rules(), &check, Side::Black));
    let p = pos(&fen("Ka1 Pa3 Jh8 Nj10 kp16 pp14", "w", ""));
    assert_eq!(
        Analysis::new(&rules(), &p).count(Side::White, sq("j10")).0,
        0
    );
}

/// FC6-JEST-02: power steal.
#[test]
fn fc6_jest_02_power_steal() {
    // The pawn on g9 stands in the jester's 3x3: only its own king next to it (Royal
    // Guards) keeps it free of the jester's presence (FC6-JEST-04), so that it attacks.
    let f = fen("Ka1 Pa3 Jh8 rh12 pg9 kf10 pp14", "w", "");
    let l = legal_from(&f, "h8");
    for a in ["h8h9", "h8h11", "h8a8", "h8p8", "h8g8", "h8i9"] {
        assert!(l.contains(a), "{a}: {l:?}");
    }
    assert!(
        !l.contains("h8h12") && !l.contains("h8g9"),
        "stolen patterns never capture"
    );
}
