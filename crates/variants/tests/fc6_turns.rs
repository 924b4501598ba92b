//! fc6 part 2 rule tests: multi-leg turns (DBLM), the knight (KNIG), the rook push
//! (ROOK-01..07), templar push immunity and CRR (TEMP-04..05), Queen's Poison (QUEN),
//! jester presence (JEST-03..04, JEST-08) and jester traps (TRAP). One or more tests per
//! catalog ID (the test names carry the IDs); each builds a small position, plays whole
//! turns or single decisions, and checks what the rule says, exceptions included.

use frozen_core::{Event, Game, Location, Rules, Side};
use frozen_variants::fc6::base::{is_crr, CHANCELLOR, JESTER, PAWN, QUEEN};
use frozen_variants::fc6::tomb::{self, TombState};
use frozen_variants::fc6::{attack, paralysis, trap, Fc6};

mod fc6_support;
use fc6_support::{actions, apply, at, fen, game, left, open, pos, rules, sq, turns, w};

// ---------------------------------------------------------------- DBLM

/// FC6-DBLM-01: pawns and kings make two legs too; the price is one turn of paralysis,
/// a cost that kings pay as well; one leg costs nothing.
#[test]
fn fc6_dblm_01_any_unit_two_legs_price_one_turn() {
    let mut g = game(&w("Ka1 Pa3 Ph4 kp16 pp14"));
    apply(&mut g, &["h4h5"]);
    assert!(open(&g) && g.position().to_move() == Side::White);
    apply(&mut g, &["h5h6"]);
    assert_eq!(g.position().to_move(), Side::Black);
    assert_eq!(left(&g, "h6"), 1);
    let mut k = game(&w("Kd4 Pa3 kp16 pp14"));
    apply(&mut k, &["d4d5", "d5d6"]);
    assert_eq!(
        left(&k, "d6"),
        1,
        "the price is a cost: king immunity does not stop it"
    );
    let mut one = game(&w("Ka1 Pa3 Ph4 kp16 pp14"));
    apply(&mut one, &["h4h5", "end"]);
    assert_eq!(left(&one, "h5"), 0);
}

/// FC6-DBLM-02: a capture or a check ends the turn; the last leg may capture.
#[test]
fn fc6_dblm_02_capture_or_check_ends_the_turn() {
    let mut g = game(&w("Ka1 Pa3 Rd4 nd8 kp16 pp14"));
    apply(&mut g, &["d4d8"]);
    assert!(!open(&g) && g.position().to_move() == Side::Black);
    let mut c = game(&w("Ka1 Pa3 Rd4 kh16 pp14"));
    apply(&mut c, &["d4h4"]);
    assert!(
        !open(&c) && c.position().to_move() == Side::Black,
        "check ends the turn"
    );
    let mut two = game(&w("Ka1 Pa3 Rd4 ng8 kp16 pp14"));
    apply(&mut two, &["d4d8"]);
    assert!(open(&two) && actions(&two).contains("d8g8"));
    apply(&mut two, &["d8g8"]);
    assert_eq!(two.position().to_move(), Side::Black);
    assert_eq!(left(&two, "g8"), 1);
}

/// FC6-DBLM-03: a queen leaps like a knight, then slides diagonally.
#[test]
fn fc6_dblm_03_move_type_change() {
    let mut g = game(&w("Ka1 Pa3 Qd4 kp16 pp14"));
    apply(&mut g, &["d4e6"]);
    let l = actions(&g);
    for a in ["e6g8", "e6e10", "e6f8", "end"] {
        assert!(l.contains(a), "{a}: {l:?}");
    }
}

/// FC6-DBLM-04: the range limits each leg, not the turn.
#[test]
fn fc6_dblm_04_range_per_leg() {
    let f = fen("Ka1 Pa3 Rd4 kp16 pp14", "w", "- - - d4:3");
    let g0 = game(&f);
    let l = actions(&g0);
    assert!(l.contains("d4d7") && !l.contains("d4d8"));
    let mut g = game(&f);
    apply(&mut g, &["d4d7"]);
    let l2 = actions(&g);
    assert!(l2.contains("d7g7") && !l2.contains("d7h7"), "{l2:?}");
}

/// FC6-DBLM-05: a unit attacked by an enemy rook when its turn starts makes one leg;
/// rooks are never besieged.
#[test]
fn fc6_dblm_05_siege_allows_one_leg() {
    let mut g = game(&w("Ka1 Pa3 Nd4 rd10 kp16 pp14"));
    apply(&mut g, &["d4e6"]);
    assert!(!open(&g) && g.position().to_move() == Side::Black);
    let mut free = game(&w("Ka1 Pa3 Nd4 kp16 pp14"));
    apply(&mut free, &["d4e6"]);
    assert!(open(&free));
    let mut rook = game(&w("Ka1 Pa3 Rd4 rd10 kp16 pp14"));
    apply(&mut rook, &["d4e4"]);
    assert!(open(&rook), "an enemy rook never besieges a rook");
}

/// FC6-DBLM-06: a king's leg never ends on an attacked square, even when leg 2 would
/// leave it; King's Check (FC6-KING-01) is never part of a double move: it is only made
/// on a king's first leg, and that leg ends the turn.
#[test]
fn fc6_dblm_06_king_never_rests_on_an_attacked_square() {
    // In check when the turn starts (the rook on c10), the king kills nobody by stepping
    // into an attack (FC6-KING-03): d1 and d2, on the other rook's file, are not offered.
    let l = actions(&game(&w("Kc1 Pa3 rc10 rd10 kp16 pp14")));
    assert!(
        !l.contains("c1d1") && !l.contains("c1d2") && !l.contains("c1c2"),
        "{l:?}"
    );
    assert!(l.contains("c1b1") && l.contains("c1b2"), "{l:?}");
    // Not in check: leg 1 to c2 leaves the turn open; leg 2 onto the rook's file would be
    // a King's Check on a second leg, so it is not offered.
    let mut g = game(&w("Kc1 Pa3 rd10 kp16 pp14"));
    apply(&mut g, &["c1c2"]);
    assert!(open(&g));
    let l = actions(&g);
    assert!(
        l.contains("c2b3") && !l.iter().any(|a| a.starts_with("c2d")),
        "{l:?}"
    );
    // King's Check on leg 1 kills the rook and ends the turn with no price.
    let mut g = game(&w("Kc1 Pa3 rd10 kp16 pp14"));
    let rook = at(&g, "d10");
    apply(&mut g, &["c1d1"]);
    assert!(!open(&g) && g.position().to_move() == Side::Black);
    assert_eq!(g.position().unit(rook).loc, Location::Tomb(sq("d10")));
    assert_eq!(left(&g, "d1"), 0);
}

/// FC6-DBLM-07: Empower is judged again before leg 2.
#[test]
fn fc6_dblm_07_patterns_rechecked_each_leg() {
    let f = w("Ka1 Pa3 Nd4 Bb2 ko16 pp14");
    let g0 = game(&f);
    assert!(
        actions(&g0).contains("d4e5"),
        "the bishop empowers the knight"
    );
    let mut g = game(&f);
    apply(&mut g, &["d4e6"]);
    let l = actions(&g);
    assert!(!l.contains("e6f7") && l.contains("e6g7"), "{l:?}");
}

/// FC6-DBLM-08: a leg that ends in an enemy jester's 3x3 or on an enemy trap ends the
/// turn, and no price is charged.
#[test]
fn fc6_dblm_08_presence_or_trap_after_leg_1_ends_the_turn_without_price() {
    let mut g = game(&w("Ka1 Pa3 Rd4 je10 kp16 pp14"));
    apply(&mut g, &["d4d9"]);
    assert!(!open(&g) && g.position().to_move() == Side::Black);
    assert_eq!(
        left(&g, "d9"),
        0,
        "presence is no timer, and one leg costs nothing"
    );
    let mut t = game(&fen("Ka1 Pa3 Rd4 jd8 kp16 pp14", "b", ""));
    turns(&mut t, &["d8f10"]);
    assert!(t.position().trap(sq("d8")).is_some());
    apply(&mut t, &["d4d8"]);
    assert!(!open(&t) && t.position().to_move() == Side::Black);
    assert_eq!(left(&t, "d8"), 4, "the trap's 4 turns, no price on top");
}

/// FC6-DBLM-09: the price is recorded when the turn ends: between the legs the unit is
/// free, so it can make leg 2.
#[test]
fn fc6_dblm_09_price_recorded_when_the_turn_ends() {
    let mut g = game(&w("Ka1 Pa3 Nd4 kp16 pp14"));
    apply(&mut g, &["d4e6"]);
    assert_eq!(left(&g, "e6"), 0);
    assert!(actions(&g).contains("e6g7"));
    apply(&mut g, &["e6g7", "end"]);
    assert_eq!(left(&g, "g7"), 1);
}

/// FC6-DBLM-10: walls come when the turn ends; leg 2 may cross leg 1's squares and end
/// on its start square, which then gets no wall.
#[test]
fn fc6_dblm_10_walls_made_when_the_turn_ends() {
    let mut g = game(&w("Ka1 Pa3 Rd4 kp16 pp14"));
    apply(&mut g, &["d4d7"]);
    assert!(
        g.position().walls().is_empty(),
        "no wall before the turn ends"
    );
    assert!(actions(&g).contains("d7d4"));
    apply(&mut g, &["d7d4"]);
    let p = g.position();
    assert!(p.wall(sq("d4")).is_none());
    for s in ["d5", "d6", "d7"] {
        assert!(p.wall(sq(s)).is_some(), "{s}");
    }
}

/// FC6-DBLM-11: the double move is optional (`end`), and a pawn that promotes ends its
/// turn.
#[test]
fn fc6_dblm_11_double_move_optional_and_promotion_ends() {
    let mut g = game(&w("Ka1 Pa3 Ph4 kp16 pp14"));
    apply(&mut g, &["h4h5"]);
    assert!(actions(&g).contains("end"));
    apply(&mut g, &["end"]);
    assert_eq!(g.position().to_move(), Side::Black);
    assert_eq!(left(&g, "h5"), 0);
    let mut p = game(&w("Ka1 Pa3 Pg15 kp16 pp14"));
    apply(&mut p, &["g15g16=Q"]);
    assert!(!open(&p) && p.position().to_move() == Side::Black);
}

// ---------------------------------------------------------------- KNIG

/// FC6-KNIG-01: the knight takes an enemy on a leap path and lands on the empty square.
#[test]
fn fc6_knig_01_leap_capture() {
    let f = w("Ka1 Pa3 Nd4 pe5 kp16 pp14");
    let l = actions(&game(&f));
    assert!(l.contains("d4e5f5") && l.contains("d4e5e6"), "{l:?}");
    let mut g = game(&f);
    apply(&mut g, &["d4e5f5"]);
    let p = g.position();
    assert!(p.unit_at(sq("e5")).is_none() && p.unit_at(sq("f5")).is_some());
    assert_eq!(p.to_move(), Side::Black, "a capture ends the turn");
    let blocked = actions(&game(&w("Ka1 Pa3 Nd4 pe5 pf5 kp16 pp14")));
    assert!(!blocked.contains("d4e5f5") && blocked.contains("d4f5"));
    let walled = actions(&game(&fen("Ka1 Pa3 Nd4 pe5 kp16 pp14", "w", "- f5:b2")));
    assert!(!walled.contains("d4e5f5"));
}

/// FC6-KNIG-02: kind immunity, the Shield (from the knight's square) and Poison apply to
/// leap captures, and a knight gives check by one.
#[test]
fn fc6_knig_02_leap_capture_is_a_capture_and_an_attack() {
    assert!(!actions(&game(&w("Ka1 Pa3 Nd4 ne5 kp16 pp14"))).contains("d4e5f5"));
    assert!(!actions(&game(&w("Ka1 Pa3 Nd4 te4 kp16 pp14"))).contains("d4e4f5"));
    let mut g = game(&w("Ka1 Pa3 Nd4 qe5 kp16 pp14"));
    apply(&mut g, &["d4e5f5"]);
    assert_eq!(left(&g, "f5"), 6);
    let p = pos(&fen("Ka1 Pa3 Nd4 ke5 pp14", "b", ""));
    assert!(attack::in_check(&rules(), &p, Side::Black));
}

/// FC6-KNIG-03: a leap capture on the last leg of a double move ends it.
#[test]
fn fc6_knig_03_leap_capture_on_the_last_leg() {
    let mut g = game(&w("Ka1 Pa3 Nd4 pf7 kp16 pp14"));
    apply(&mut g, &["d4e6"]);
    assert!(actions(&g).contains("e6f7g7"));
    apply(&mut g, &["e6f7g7"]);
    assert_eq!(g.position().to_move(), Side::Black);
    assert!(g.position().unit_at(sq("f7")).is_none());
    assert_eq!(left(&g, "g7"), 1);
}

/// FC6-KNIG-04: up to 4 knight legs; a capture on legs 1-3 ends the march; leg 4 never
/// captures.
#[test]
fn fc6_knig_04_march_of_four_legs() {
    let mut g = game(&w("Ka1 Pa3 Nd4 ph12 kp16 pp14"));
    apply(&mut g, &["d4e6", "e6f8", "f8g10"]);
    assert!(open(&g));
    let l = actions(&g);
    assert!(!l.contains("g10h12") && l.contains("g10i11"), "{l:?}");
    assert!(
        l.iter().all(|a| a == "end" || a.len() == 5 || a.len() == 6),
        "{l:?}"
    );
    apply(&mut g, &["g10i11"]);
    assert_eq!(g.position().to_move(), Side::Black);
    let mut c = game(&w("Ka1 Pa3 Nd4 pg10 kp16 pp14"));
    apply(&mut c, &["d4e6", "e6f8"]);
    assert!(actions(&c).contains("f8g10"));
    apply(&mut c, &["f8g10"]);
    assert_eq!(c.position().to_move(), Side::Black);
}

/// FC6-KNIG-05: the march's price: 2 legs 1 turn, 3 or 4 legs 2 turns.
#[test]
fn fc6_knig_05_march_price() {
    for (legs, price, end) in [(2, 1, "f8"), (3, 2, "g10"), (4, 2, "h12")] {
        let mut g = game(&w("Ka1 Pa3 Nd4 kp16 pp14"));
        let route = ["d4e6", "e6f8", "f8g10", "g10h12"];
        apply(&mut g, &route[..legs]);
        if open(&g) {
            apply(&mut g, &["end"]);
        }
        assert_eq!(left(&g, end), price, "{legs} legs");
    }
}

/// FC6-KNIG-06: Siege forbids the march, and a leg that gives check ends it.
#[test]
fn fc6_knig_06_march_obeys_double_move_limits() {
    let mut s = game(&w("Ka1 Pa3 Nd4 rd10 kp16 pp14"));
    apply(&mut s, &["d4e6"]);
    assert!(!open(&s));
    let mut c = game(&w("Ka1 Pa3 Nd4 kh12 pp14"));
    apply(&mut c, &["d4e6", "e6f8", "f8g10"]);
    assert!(!open(&c) && c.position().to_move() == Side::Black);
    assert_eq!(left(&c, "g10"), 2);
}

/// FC6-KNIG-07: queens neither march nor leap-capture; a knight leg with a borrowed
/// pattern makes a plain double move.
#[test]
fn fc6_knig_07_only_the_knight_marches_and_leap_captures() {
    let mut q = game(&w("Ka1 Pa3 Qd4 kp16 pp14"));
    apply(&mut q, &["d4e6", "e6g7"]);
    assert_eq!(q.position().to_move(), Side::Black, "two legs at most");
    assert!(!actions(&game(&w("Ka1 Pa3 Qd4 pe5 kp16 pp14"))).contains("d4e5f5"));
    let mut n = game(&w("Ka1 Pa3 Nd4 Bb2 ko16 pp14"));
    apply(&mut n, &["d4e5", "e5f7"]);
    assert_eq!(n.position().to_move(), Side::Black);
}

// ---------------------------------------------------------------- ROOK

/// FC6-ROOK-01: the rook slides and pushes the enemy ahead one square; only it moves.
#[test]
fn fc6_rook_01_push() {
    let f = w("Ka1 Pa3 Rd4 pd9 kp16 pp14");
    assert!(actions(&game(&f)).contains("d4d8d9"));
    let mut g = game(&f);
    apply(&mut g, &["d4d8d9"]);
    let p = g.position();
    assert!(p.unit_at(sq("d8")).is_some() && p.unit_at(sq("d9")).is_none());
    assert!(p.unit_at(sq("d10")).is_some());
}

/// FC6-ROOK-02: pushed off the board the unit dies; no CRR, no Poison, and the turn ends.
#[test]
fn fc6_rook_02_push_off_the_board_kills_without_capture() {
    let mut g = game(&w("Ka1 Pa3 Rd4 qd16 kp16 pp14"));
    let q = at(&g, "d16");
    apply(&mut g, &["d4d15d16"]);
    let p = g.position();
    assert!(!p.unit(q).loc.on_board());
    assert_eq!(p.to_move(), Side::Black, "a death ends the turn");
    assert_eq!(p.unit(at(&g, "d15")).status.range, 16, "no CRR");
    assert_eq!(left(&g, "d15"), 0, "no Poison");
}

/// FC6-ROOK-03: no push onto a unit or a wall; onto an enemy trap the pushed unit is
/// caught.
#[test]
fn fc6_rook_03_no_push_onto_units_or_walls_trap_catches() {
    assert!(!actions(&game(&w("Ka1 Pa3 Rd4 pd9 pd10 kp16 pp14"))).contains("d4d8d9"));
    let walled = fen("Ka1 Pa3 Rd4 pd9 kp16 pp14", "w", "- d10:b2");
    assert!(!actions(&game(&walled)).contains("d4d8d9"));
    let mut g = game(&w("Ka1 Pa3 Rd4 Jd10 pd9 kp16 pp14"));
    turns(&mut g, &["d10f12", "p14p13"]);
    assert!(g.position().trap(sq("d10")).is_some());
    apply(&mut g, &["d4d8d9"]);
    assert_eq!(left(&g, "d10"), 4);
    let held = g.position().trap(sq("d10")).and_then(|t| t.held);
    assert_eq!(held, Some(at(&g, "d10")));
}

/// FC6-PAWN-02 (owed promotion): a pawn that an enemy rook pushes onto its far rank
/// promotes at the start of its owner's next turn, before the owner acts; the choice does
/// not pass the turn. A far-rank pawn is refused by the reader where no rule could have
/// left it.
#[test]
fn fc6_pawn_02_pushed_to_the_far_rank_promotes_before_its_owner_acts() {
    let rules = rules();
    let mut g = game(&fen("Ka1 Pa3 Pe15 re10 kp16 pp14", "b", ""));
    let pawn = at(&g, "e15");
    apply(&mut g, &["e10e14e15"]);
    assert_eq!(g.position().unit(pawn).loc, Location::Board(sq("e16")));
    assert!(open(&g), "a push leaves Black's turn open");
    assert!(rules.validate(g.position()).is_empty());
    apply(&mut g, &["end"]);
    let owed: std::collections::BTreeSet<String> =
        "RNBDJCTQ".chars().map(|k| format!("act:e16={k}")).collect();
    assert_eq!(actions(&g), owed, "only the promotion choices");
    let before = g.position().clone();
    let err = g.apply_text("a3a4").expect_err("the promotion comes first");
    assert!(err.to_string().contains("far rank"), "{err}");
    assert_eq!(g.position(), &before, "a refused action changes nothing");
    assert!(g.apply_text("act:e16=K").is_err(), "never a king");
    apply(&mut g, &["act:e16=Q"]);
    let p = g.position();
    assert_eq!(
        p.to_move(),
        Side::White,
        "the choice does not pass the turn"
    );
    assert_eq!(p.unit(pawn).kind, QUEEN);
    assert!(actions(&g).contains("a3a4"));
    assert!(!actions(&g).iter().any(|a| a.starts_with("act:")));
    // The reader: owed at the start of White's turn is a legal position, and so is the
    // same pawn with Black to move (White respawned it there, see below).
    assert_eq!(
        actions(&game(&fen("Ka1 Pa3 Pe16 kp16 pp14", "w", ""))).len(),
        8
    );
    assert!(rules
        .position_from_fen(&fen("Ka1 Pa3 Pe16 kp16 pp14", "b", ""))
        .is_ok());
}

/// FC6-PAWN-02 with FC6-RESP-05: a pawn that died on its far rank (the enemy had left it
/// there) and is respawned there by its owner comes back as a pawn and owes its promotion
/// at the start of its owner's next turn, like a pawn the enemy left there. (Found by the
/// soak, seed 1589: a black pawn respawned on f1.)
#[test]
fn fc6_pawn_02_respawned_on_the_far_rank_promotes_at_its_owners_next_turn() {
    let rules = rules();
    let mut g = game(&fen("Ka1 Pa3 kp16 pp14", "w", "- - - - e16:P*"));
    assert!(actions(&g).contains("drop:P@e16"), "{:?}", actions(&g));
    apply(&mut g, &["drop:P@e16"]);
    let p = g.position();
    assert_eq!(p.to_move(), Side::Black);
    assert_eq!(p.piece_at(sq("e16")).map(|(k, _)| k), Some(PAWN));
    assert!(rules.validate(p).is_empty(), "{:?}", rules.validate(p));
    let ron = frozen_core::position_to_ron(&rules, p);
    let back = frozen_core::position_from_ron(&rules, &ron).expect("reads back");
    assert_eq!(rules.to_fen(&back), rules.to_fen(p));
    apply(&mut g, &["p14p13", "end"]);
    let owed: std::collections::BTreeSet<String> =
        "RNBDJCTQ".chars().map(|k| format!("act:e16={k}")).collect();
    assert_eq!(actions(&g), owed, "only the promotion choices");
    apply(&mut g, &["act:e16=C"]);
    assert_eq!(
        g.position().piece_at(sq("e16")).map(|(k, _)| k),
        Some(CHANCELLOR)
    );
}

/// FC6-ROOK-04: pushing a wall destroys it.
#[test]
fn fc6_rook_04_wall_push_destroys_the_wall() {
    let f = fen("Ka1 Pa3 Rd4 kp16 pp14", "w", "- d9:b2");
    let mut g = game(&f);
    apply(&mut g, &["d4d8d9"]);
    assert!(g.position().wall(sq("d9")).is_none());
    assert!(open(&g), "a wall push ends nothing");
}

/// FC6-ROOK-05: a pushed survivor is paralysed for its owner's next turn, unless Royal
/// Guards refuse it.
#[test]
fn fc6_rook_05_push_paralysis() {
    let mut g = game(&w("Ka1 Pa3 Rd4 nd9 kp16 pp14"));
    turns(&mut g, &["d4d8d9"]);
    assert_eq!(left(&g, "d10"), 1);
    let mut r = game(&w("Ka1 Pa3 Rd4 nd9 ke11 pp14"));
    turns(&mut r, &["d4d8d9"]);
    assert_eq!(left(&r, "d10"), 0, "next to its king: Royal Guards");
}

/// FC6-ROOK-06: rooks, kings and guarded units cannot be pushed.
#[test]
fn fc6_rook_06_push_immunities() {
    for f in [
        w("Ka1 Pa3 Rd4 rd9 kp16 pp14"),
        w("Ka1 Pa3 Rd4 kd9 pp14"),
        w("Ka1 Pa3 Rd4 pd9 ra9 rp9 kp16 pp14"),
    ] {
        assert!(!actions(&game(&f)).contains("d4d8d9"), "{f}");
    }
}

/// FC6-ROOK-07: a push on leg 1 leaves the turn open, and leg 2 may push again.
#[test]
fn fc6_rook_07_double_push() {
    let mut g = game(&w("Ka1 Pa3 Rd4 nd9 nh8 kp16 pp14"));
    apply(&mut g, &["d4d8d9"]);
    assert!(open(&g));
    assert!(actions(&g).contains("d8g8h8"));
    apply(&mut g, &["d8g8h8"]);
    let p = g.position();
    assert_eq!(p.to_move(), Side::Black);
    assert!(p.unit_at(sq("i8")).is_some() && p.unit_at(sq("d10")).is_some());
}

// ---------------------------------------------------------------- TEMP

/// FC6-TEMP-04: templars cannot be pushed.
#[test]
fn fc6_temp_04_templar_cannot_be_pushed() {
    assert!(!actions(&game(&w("Ka1 Pa3 Rd4 td9 kp16 pp14"))).contains("d4d8d9"));
}

/// FC6-TEMP-05: a T-leap capture lowers the templar's range; the T-leap itself never
/// shrinks.
#[test]
fn fc6_temp_05_crr_lowers_only_the_orthogonal_range() {
    let mut g = game(&w("Ka1 Pa3 Td4 nf6 kp16 pp14"));
    apply(&mut g, &["d4f6"]);
    assert_eq!(g.position().unit(at(&g, "f6")).status.range, 14);
    let l = actions(&game(&fen("Ka1 Pa3 Td4 kp16 pp14", "w", "- - - d4:3")));
    assert!(l.contains("d4f6") && l.contains("d4g5") && l.contains("d4d7") && !l.contains("d4d8"));
}

// ---------------------------------------------------------------- QUEN

/// FC6-QUEN-01: capturing a queen poisons the capturer for 6 of its turns.
#[test]
fn fc6_quen_01_queens_poison() {
    let mut g = game(&w("Ka1 Pa3 Rd4 qd9 kp16 pp14"));
    apply(&mut g, &["d4d9"]);
    assert_eq!(left(&g, "d9"), 6);
}

/// FC6-QUEN-02: kings and royal-guarded capturers are immune; a pawn that takes a queen
/// becomes a poisoned queen; a push off the board poisons nobody (FC6-ROOK-02).
#[test]
fn fc6_quen_02_no_poison_without_capturer_and_immunities() {
    let mut k = game(&w("Kd4 Pa3 qd5 kp16 pp14"));
    apply(&mut k, &["d4d5"]);
    assert_eq!(left(&k, "d5"), 0);
    let mut r = game(&w("Kc10 Pa3 Rd4 qd9 kp16 pp14"));
    apply(&mut r, &["d4d9"]);
    assert_eq!(left(&r, "d9"), 0, "Royal Guards");
    let mut p = game(&w("Ka1 Pa3 Pe4 qf5 kp16 pp14"));
    apply(&mut p, &["e4f5"]);
    assert_eq!(p.position().unit(at(&p, "f5")).kind, QUEEN);
    assert_eq!(left(&p, "f5"), 6);
}

// ---------------------------------------------------------------- JEST

/// FC6-JEST-03: an enemy next to a jester is paralysed while it stays; others may still
/// capture it.
#[test]
fn fc6_jest_03_presence_paralysis() {
    let f = fen("Ka1 Pa3 Rd4 Je10 nd9 kp16 pp14", "b", "");
    let g = game(&f);
    assert!(paralysis::is_paralyzed(g.position(), at(&g, "d9")));
    assert!(!actions(&g).iter().any(|a| a.starts_with("d9")));
    let mut away = game(&fen("Ka1 Pa3 Rd4 Je10 nd9 kp16 pp14", "w", ""));
    assert!(actions(&away).contains("d4d9"), "it can still be captured");
    turns(&mut away, &["e10g12"]);
    assert!(!paralysis::is_paralyzed(away.position(), at(&away, "d9")));
}

/// FC6-JEST-04: jesters, chancellors, kings and royal guards are immune; a paralysed
/// jester has no presence.
#[test]
fn fc6_jest_04_presence_immunities() {
    let p = pos(&fen("Ka1 Pa3 Je10 jd9 cf9 kp16 pp14", "b", ""));
    for s in ["d9", "f9"] {
        assert!(
            !paralysis::is_paralyzed(&p, p.unit_at(sq(s)).expect("unit")),
            "{s}"
        );
    }
    let k = pos(&fen("Ka1 Pa3 Je10 kd9 pp14", "b", ""));
    assert!(!paralysis::is_paralyzed(
        &k,
        k.unit_at(sq("d9")).expect("king")
    ));
    let g = pos(&fen("Ka1 Pa3 Je10 nd9 kc8 pp14", "b", ""));
    assert!(!paralysis::is_paralyzed(
        &g,
        g.unit_at(sq("d9")).expect("guard")
    ));
    let frozen = pos(&fen("Ka1 Pa3 Je10 nd9 kp16 pp14", "b", "- - e10:2"));
    assert!(!paralysis::is_paralyzed(
        &frozen,
        frozen.unit_at(sq("d9")).expect("knight")
    ));
}

/// FC6-JEST-08: jesters never lose range and stand on enemy traps unharmed.
#[test]
fn fc6_jest_08_jesters_keep_range_and_stand_on_traps() {
    assert!(!is_crr(JESTER));
    let mut g = game(&w("Ka1 Pa3 Jd4 jb6 kp16 pp14"));
    turns(&mut g, &["d4f6"]);
    assert!(g.position().trap(sq("d4")).is_some());
    turns(&mut g, &["b6d4"]);
    assert_eq!(left(&g, "d4"), 0);
    assert!(g
        .position()
        .trap(sq("d4"))
        .is_some_and(|t| t.held.is_none()));
}

// ---------------------------------------------------------------- TRAP

/// FC6-TRAP-01: a jester's start squares become its traps; a borrowed slide's path gets
/// walls; a square it ends on gets neither.
#[test]
fn fc6_trap_01_jester_start_squares_become_traps() {
    let mut g = game("15k/16/15p/16/7r8/16/16/16/7J8/16/16/16/16/P15/16/K15 w");
    turns(&mut g, &["h8h11"]);
    let p = g.position();
    let t = p.trap(sq("h8")).expect("trap on h8");
    assert_eq!(
        (t.owner, t.colour),
        (at(&g, "h11"), trap::colour(Side::White))
    );
    assert!(
        p.wall(sq("h8")).is_none() && p.wall(sq("h9")).is_some() && p.wall(sq("h10")).is_some()
    );
    let mut d = game(&w("Ka1 Pa3 Jh8 kp16 pp14"));
    turns(&mut d, &["h8j10 j10h8"]);
    let p = d.position();
    assert!(p.trap(sq("h8")).is_none() && p.trap(sq("j10")).is_some());
    assert!(p.wall(sq("h8")).is_none());
}

/// FC6-TRAP-02: at most 5 traps per jester; the next vacated square gets a wall.
#[test]
fn fc6_trap_02_five_traps_per_jester() {
    let mut g = game(&w("Ka1 Pa3 Jh8 kp16 pp14"));
    turns(
        &mut g,
        &[
            "h8j10", "p14p13", "j10h12", "p13p12", "h12f10", "p12p11", "f10d8", "p11p10", "d8b10",
            "p10p9", "b10d12",
        ],
    );
    let p = g.position();
    assert_eq!(p.traps().iter().count(), 5);
    assert!(p.trap(sq("b10")).is_none() && p.wall(sq("b10")).is_some());
}

/// FC6-TRAP-03: an enemy that comes to rest on a trap is held for 4 of its turns, then
/// the trap dissolves; passing over a trap does not trigger it.
#[test]
fn fc6_trap_03_trap_catches_and_holds_four_turns() {
    let mut g = game(&w("Ka1 Pa3 Jh8 ng10 kp16 pp14"));
    turns(&mut g, &["h8j10", "g10h8"]);
    assert_eq!(left(&g, "h8"), 4);
    let n = at(&g, "h8");
    assert_eq!(g.position().trap(sq("h8")).and_then(|t| t.held), Some(n));
    turns(
        &mut g,
        &["a3a4", "p14p13", "a4a5", "p13p12", "a5a6", "p12p11", "a6a7"],
    );
    assert!(g.position().trap(sq("h8")).is_some(), "still held");
    turns(&mut g, &["p11p10"]);
    assert!(
        g.position().trap(sq("h8")).is_none(),
        "dissolved after 4 turns"
    );
    let mut pass = game(&fen("Ka1 Pa3 Jh8 ra8 kp16 pp14", "w", ""));
    turns(&mut pass, &["h8j10", "a8m8"]);
    assert_eq!(left(&pass, "m8"), 0);
}

/// FC6-TRAP-04: friendly units, kings and royal guards stand on a trap with no effect.
#[test]
fn fc6_trap_04_friends_jesters_and_kings_are_not_caught() {
    let mut g = game(&w("Ka1 Pa3 Jh8 ki9 pp14"));
    turns(&mut g, &["h8j10", "i9h8"]);
    assert_eq!(left(&g, "h8"), 0);
    assert!(g
        .position()
        .trap(sq("h8"))
        .is_some_and(|t| t.held.is_none()));
    let mut f = game(&w("Ka1 Pa3 Jh8 Ng6 kp16 pp14"));
    turns(&mut f, &["h8j10", "p14p13", "g6h8"]);
    assert_eq!(left(&f, "h8"), 0);
    let mut r = game(&w("Ka1 Pa3 Jh8 ng10 kg9 pp14"));
    turns(&mut r, &["h8j10", "g10h8"]);
    assert_eq!(left(&r, "h8"), 0, "next to its king: Royal Guards");
}

/// FC6-TRAP-05: a unit held by a trap cannot be pushed.
#[test]
fn fc6_trap_05_held_unit_cannot_be_pushed() {
    let mut g = game(&w("Ka1 Pa3 Jh8 Rh3 ng10 kp16 pp14"));
    turns(&mut g, &["h8j10", "g10h8"]);
    assert!(trap::held(g.position(), at(&g, "h8")));
    assert!(!actions(&g).contains("h3h7h8"));
}

/// FC6-TRAP-06: a slide over a trap leaves no wall on it.
#[test]
fn fc6_trap_06_no_wall_on_a_trap() {
    let mut g = game(&fen("Ka1 Pa3 Jh8 ra8 kp16 pp14", "w", ""));
    turns(&mut g, &["h8j10", "a8m8"]);
    let p = g.position();
    assert!(p.trap(sq("h8")).is_some() && p.wall(sq("h8")).is_none());
    assert!(p.wall(sq("g8")).is_some() && p.wall(sq("i8")).is_some());
}

// ------------------------------------------------------- turns with tombs (the merge)

fn tomb_state(g: &Game<Fc6>, s: &str) -> Option<TombState> {
    tomb::state(g.position(), sq(s))
}

/// FC6-DBLM-08 with tombs: a leg 1 that ends on an ARMED tomb kills the unit (it explodes
/// the tomb); the turn ends there and no price is charged.
#[test]
fn fc6_dblm_08_death_on_an_armed_tomb_after_leg_1_ends_the_turn() {
    let mut g = game(&fen("Ka1 Pa3 Nd4 kp16 pp14", "w", "- - - - e6:n"));
    let n = at(&g, "d4");
    apply(&mut g, &["d4e6"]);
    assert!(!open(&g) && g.position().to_move() == Side::Black);
    assert_eq!(g.position().unit(n).loc, Location::Tomb(sq("e6")));
    assert_eq!(tomb_state(&g, "e6"), Some(TombState::Active));
    assert_eq!(g.position().unit(n).status.frozen_through, 0, "no price");
}

/// FC6-DBLM-09 with tombs: crossing an ARMED tomb on leg 1 does not end the turn; its 2
/// turns of paralysis are recorded when the turn ends, on top of the price.
#[test]
fn fc6_dblm_09_tomb_crossing_on_leg_1_is_recorded_when_the_turn_ends() {
    let f = fen("Ka1 Pa3 Rd4 kp16 pp14", "w", "- - - - d6:n");
    let mut g = game(&f);
    apply(&mut g, &["d4d8"]);
    assert!(open(&g), "crossing a tomb does not end the turn");
    assert_eq!(left(&g, "d8"), 0, "nothing is recorded between the legs");
    assert!(actions(&g).contains("d8h8"));
    apply(&mut g, &["d8h8"]);
    assert_eq!(left(&g, "h8"), 2, "tomb crossing 2, price 1: the maximum");
    // The same turn without the tomb costs the price only.
    let mut g = game(&w("Ka1 Pa3 Rd4 kp16 pp14"));
    apply(&mut g, &["d4d8", "d8h8"]);
    assert_eq!(left(&g, "h8"), 1);
    // Ended after leg 1, the crossing still counts.
    let mut g = game(&f);
    apply(&mut g, &["d4d8", "end"]);
    assert_eq!(left(&g, "d8"), 2);
}

/// FC6-DBLM-10 with tombs: a tomb that leg 1 leaves stays PENDING (its wall is due); leg 2
/// crosses it with no tomb-crossing paralysis, or ends on it and stands there unharmed.
#[test]
fn fc6_dblm_10_a_tomb_left_by_leg_1_stays_pending() {
    let f = fen("Ka1 Pa3 Rd4 kp16 pp14", "w", "- - - - d4:n");
    let mut g = game(&f);
    apply(&mut g, &["d4h4"]);
    assert_eq!(
        tomb_state(&g, "d4"),
        Some(TombState::Pending),
        "the leaver's wall is due"
    );
    apply(&mut g, &["h4a4"]);
    assert_eq!(
        left(&g, "a4"),
        1,
        "the price only: no tomb-crossing paralysis"
    );
    assert!(
        g.position().wall(sq("d4")).is_some(),
        "the tomb square is walled"
    );
    assert_eq!(tomb_state(&g, "d4"), Some(TombState::Pending));
    // Leg 2 ends on the tomb that leg 1 left: the rook lives, and the square gets no wall.
    let mut g = game(&f);
    let rook = at(&g, "d4");
    apply(&mut g, &["d4h4", "h4d4"]);
    let p = g.position();
    assert_eq!(p.unit_at(sq("d4")), Some(rook));
    assert!(p.wall(sq("d4")).is_none());
    assert_eq!(tomb_state(&g, "d4"), Some(TombState::Pending));
}

/// FC6-ROOK-02 with tombs: a unit pushed off the board dies into the tomb of its last
/// square; it is no capture, and a pushed jester does not explode (FC6-JEST-07).
#[test]
fn fc6_rook_02_pushed_off_dies_into_the_tomb_of_its_last_square() {
    let mut g = game(&w("Ka1 Pa3 Rd4 jd16 kp16 pp14"));
    let j = at(&g, "d16");
    let ev = g.apply_text("d4d15d16").expect("push").to_vec();
    assert_eq!(g.position().unit(j).loc, Location::Tomb(sq("d16")));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Removed { unit, .. } if *unit == j)));
    assert!(!ev
        .iter()
        .any(|e| matches!(e, Event::Captured { .. } | Event::Exploded { .. })));
    assert!(!open(&g), "a death ends the turn (FC6-ROOK-07)");
    assert_eq!(
        tomb_state(&g, "d16"),
        Some(TombState::Armed),
        "no capturer landed there"
    );
}

/// FC6-ROOK-03 with tombs: a unit pushed onto an ARMED tomb dies there and the tomb
/// explodes; a push onto an ACTIVE tomb is not offered.
#[test]
fn fc6_rook_03_push_onto_an_armed_tomb_kills_and_explodes() {
    let mut g = game(&fen("Ka1 Pa3 Rd4 nd9 kp16 pp14", "w", "- - - - d10:b"));
    let n = at(&g, "d9");
    let ev = g.apply_text("d4d8d9").expect("push").to_vec();
    let p = g.position();
    assert_eq!(p.unit(n).loc, Location::Tomb(sq("d10")));
    assert_eq!(tomb_state(&g, "d10"), Some(TombState::Active));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Exploded { at } if *at == sq("d10"))));
    assert!(!open(&g), "the push killed: the turn ends (FC6-ROOK-07)");
    assert!(
        p.unit_at(sq("d8")).is_some(),
        "the rook is outside the blast"
    );
    let active = fen("Ka1 Pa3 Rd4 nd9 kp16 pp14", "w", "- - - - d10:b*");
    assert!(!actions(&game(&active)).contains("d4d8d9"));
}

/// FC6-ROOK-04 with tombs: pushing away a wall that stands on a tomb arms the tomb at once.
#[test]
fn fc6_rook_04_wall_push_arms_the_tomb_under_it() {
    let mut g = game(&fen("Ka1 Pa3 Rd4 kp16 pp14", "w", "- d9:b2 - - d9:n"));
    assert_eq!(tomb_state(&g, "d9"), Some(TombState::Pending));
    apply(&mut g, &["d4d8d9"]);
    assert!(g.position().wall(sq("d9")).is_none());
    assert_eq!(tomb_state(&g, "d9"), Some(TombState::Armed));
}

/// FC6-TRAP-05 with King's Exchange (FC6-KING-04): a unit held by a trap is never swapped.
#[test]
fn fc6_trap_05_held_unit_refuses_kings_exchange() {
    let mut t = game(&fen("Ka1 Pa3 Rd4 jd8 kp16 pp14", "b", ""));
    turns(&mut t, &["d8f10", "d4d8", "p14p13"]);
    assert!(trap::held(t.position(), at(&t, "d8")));
    let l = actions(&t);
    assert!(
        l.contains("exchange:a1a3") && !l.contains("exchange:a1d8"),
        "{l:?}"
    );
    let err = t.apply_text("exchange:a1d8").expect_err("held").to_string();
    assert!(err.contains("trap"), "{err}");
}

/// FC6-KNIG-02 with tombs: a Knight's Leap victim dies into the tomb of its own square,
/// which arms at once (no capturer landed there); a jester taken that way explodes.
#[test]
fn fc6_knig_02_leap_victim_gets_its_tomb_and_a_jester_explodes() {
    let mut g = game(&w("Ka1 Pa3 Nd4 pe5 kp16 pp14"));
    let v = at(&g, "e5");
    apply(&mut g, &["d4e5e6"]);
    assert_eq!(g.position().unit(v).loc, Location::Tomb(sq("e5")));
    assert_eq!(tomb_state(&g, "e5"), Some(TombState::Armed));
    // A jester on a leap path: its blast (3x3 around d6) kills the knight landing on e6.
    let mut g = game(&w("Ka1 Pa3 Nd4 jd6 kp16 pp14"));
    let (n, j) = (at(&g, "d4"), at(&g, "d6"));
    let ev = g.apply_text("d4d6e6").expect("leap capture").to_vec();
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Exploded { at } if *at == sq("d6"))));
    assert_eq!(g.position().unit(j).loc, Location::Tomb(sq("d6")));
    assert_eq!(g.position().unit(n).loc, Location::Tomb(sq("e6")));
}

/// FC6-KNIG-01 with tombs: a Knight's Leap capture never lands on a tomb (a plain leap
/// there is still a leg).
#[test]
fn fc6_knig_01_leap_capture_never_lands_on_a_tomb() {
    let l = actions(&game(&fen(
        "Ka1 Pa3 Nd4 pe5 kp16 pp14",
        "w",
        "- - - - e6:p",
    )));
    assert!(
        !l.contains("d4e5e6") && l.contains("d4e5f5") && l.contains("d4e6"),
        "{l:?}"
    );
}

/// FC6-TRAP-01 with tombs: a jester's vacated square that holds a tomb gets no trap but
/// the leg's ordinary wall, and the tomb stays PENDING under it.
#[test]
fn fc6_trap_01_tomb_square_gets_the_wall_instead_of_a_trap() {
    let mut t = game(&fen("Ka1 Pa3 Rd4 jd8 kp16 pp14", "b", "- - - - d8:P"));
    turns(&mut t, &["d8f10"]);
    let p = t.position();
    assert!(p.trap(sq("d8")).is_none());
    assert!(p.wall(sq("d8")).is_some());
    assert_eq!(tomb_state(&t, "d8"), Some(TombState::Pending));
}

/// FC6-TURN-06 (a)-(e) with a turn in progress: the tomb state model reads the squares
/// the turn's legs left (FC6-TOMB-02/03): a tomb that leg 1 passed over is PENDING until
/// the walls are made, and the position's key (hash) differs from the same board between
/// turns, and undo restores it exactly.
#[test]
fn fc6_turn_06_turn_in_progress_with_tombs_is_state_and_undo_restores_it() {
    let f = fen("Ka1 Pa3 Rd4 kp16 pp14", "w", "- - - - d6:n");
    let mut g = game(&f);
    let before = g.position().clone();
    apply(&mut g, &["d4d8"]);
    assert_eq!(
        tomb_state(&g, "d6"),
        Some(TombState::Pending),
        "its wall is due"
    );
    assert!(g
        .position()
        .state()
        .turn
        .as_ref()
        .is_some_and(|t| t.crossed));
    assert_eq!(g.position().hash(), g.position().compute_hash());
    g.undo().expect("undo");
    assert_eq!(g.position().hash(), before.hash());
    assert_eq!(g.position().state(), before.state());
    assert_eq!(tomb_state(&g, "d6"), Some(TombState::Armed));
}
