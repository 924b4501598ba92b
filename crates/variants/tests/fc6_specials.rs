//! fc6 part 3 rule tests: the targeted special moves. SwapShotAny (SWAP), the
//! Chancellor's Teleswap and Paralyse (CHAN), the Bishop's Conversion (BISH), Dragon's
//! Fire (DRAG), Pull (PULL) and Mind Control (MIND). One or more
//! tests per catalog ID (the test names carry the IDs); each builds a small position,
//! plays the action through its text, and checks what the rule says, exceptions
//! included. Refused actions are parsed and refused by the rules, with the reason.

use frozen_core::{Event, Game, Location, Side};
use frozen_variants::fc6::base::{is_crr, BISHOP, CHANCELLOR, DRAGON, KNIGHT, PAWN, QUEEN, ROOK};
use frozen_variants::fc6::{tomb, trap, Fc6};

mod fc6_support;
use fc6_support::{actions, apply, at, fen, game, left, make_shadow, pos, sq, turns, w};

/// The text is read, then refused by the rules; the error names `why`.
fn refused(g: &Game<Fc6>, text: &str, why: &str) {
    let mut h = g.clone();
    let err = h
        .apply_text(text)
        .expect_err(&format!("{text} must be refused"))
        .to_string();
    assert!(err.contains(why), "{text}: {err}");
    assert_eq!(
        h.position().hash(),
        g.position().hash(),
        "a refusal changes nothing"
    );
}

fn events_of(g: &mut Game<Fc6>, text: &str) -> Vec<Event> {
    g.apply_text(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .to_vec()
}

// ---------------------------------------------------------------- SWAP

/// FC6-SWAP-01: a non-pawn unit swaps with a unit on a square it attacks, friend or foe;
/// the knight's Knight's Leap squares count; A<->B, B<->A and a Teleswap of the same two
/// friendly units are one action, named in scan order.
#[test]
fn fc6_swap_01_swapshot_friend_or_foe_one_action_per_pair() {
    let mut g = game(&w("Ka1 Pa3 Nd4 Pe6 pf5 Be4 kp16 pp14"));
    let l = actions(&g);
    assert!(l.contains("swap:d4e6"), "friendly pawn a knight leap away");
    assert!(l.contains("swap:d4f5"), "enemy pawn a knight leap away");
    assert!(l.contains("swap:e4d4") || l.contains("swap:d4e4"));
    assert!(
        l.contains("swap:d4e4"),
        "e4 is on a Knight's Leap path of d4-f5: reach (scan order names d4 first)"
    );
    let n = at(&g, "d4");
    let p = at(&g, "e6");
    apply(&mut g, &["swap:d4e6"]);
    assert_eq!(g.position().unit_at(sq("e6")), Some(n));
    assert_eq!(g.position().unit_at(sq("d4")), Some(p));
    assert_eq!(g.position().to_move(), Side::Black, "a whole turn");

    // One action per friendly pair: the rook reaches the knight, not the other way round,
    // and the chancellor both Teleswaps and steps onto the knight's square.
    let g = game(&w("Ka1 Pa3 Rd1 Nd3 Cf1 Ng2 kp16 pp14"));
    let l = actions(&g);
    let pair = |a: &str, b: &str| {
        l.iter()
            .filter(|t| t.starts_with("swap:") && t.contains(a) && t.contains(b))
            .count()
    };
    assert!(l.contains("swap:d1d3") && !l.contains("swap:d3d1"));
    assert_eq!(pair("d1", "d3"), 1);
    assert!(l.contains("swap:f1g2") && !l.contains("swap:g2f1"));
    assert_eq!(pair("f1", "g2"), 1);
    refused(&g, "swap:d3d1", "scan order");
    refused(&g, "swap:d1h8", "holding units");
    refused(
        &game(&w("Ka1 Pa3 Rd1 Bh8 kp16 pp14")),
        "swap:d1h8",
        "one leg",
    );
}

/// FC6-SWAP-02: reach is one leg with the current range: no double-move reach.
#[test]
fn fc6_swap_02_reach_is_one_leg() {
    // d4-e6-f8 is two knight legs away; the rook has range 3.
    let g = game(&fen("Ka1 Pa3 Nd4 Pf8 Rb1 Pb6 kp16 pp14", "w", "- - - b1:3"));
    let l = actions(&g);
    assert!(!l.iter().any(|t| t.starts_with("swap:") && t.contains("f8")));
    assert!(!l.contains("swap:b1b6"), "b6 is 5 squares away, range 3");
    refused(&g, "swap:d4f8", "one leg");
    refused(&g, "swap:b1b6", "one leg");
    let g = game(&fen("Ka1 Pa3 Nd4 Pf8 Rb1 Pb4 kp16 pp14", "w", "- - - b1:3"));
    assert!(actions(&g).contains("swap:b1b4"), "within range 3");
}

/// FC6-SWAP-03: never swapped: kings, units of the acting unit's kind, enemy chancellors,
/// units a trap holds; an enemy only if it could be captured (Guards, Shield). A guarded
/// friend can be swapped.
#[test]
fn fc6_swap_03_kings_kind_chancellors_held_guarded_shielded() {
    // Kings: own and enemy.
    let g = game(&w("Kd4 Pa3 Rd1 kd8 pp14 Rh1 nh8"));
    let l = actions(&g);
    assert!(!l.contains("swap:d1d4") && !l.contains("swap:d4d1"));
    refused(&g, "swap:d1d4", "King's Exchange");
    assert!(
        l.contains("swap:h1h8"),
        "control: the enemy knight is swappable"
    );
    // Kind immunity, both colours; enemy chancellor (but it can be captured).
    let g = game(&w("Ka1 Pa3 Rd1 Rd5 Rh1 rh5 Re1 ce5 kp16 pp14"));
    let l = actions(&g);
    assert!(!l.contains("swap:d1d5") && !l.contains("swap:h1h5"));
    refused(&g, "swap:h1h5", "kind immunity");
    assert!(!l.contains("swap:e1e5") && l.contains("e1e5"));
    refused(&g, "swap:e1e5", "chancellors are immune");
    // Guarded enemy pawn (rook d8 and knight e7 protect it); shielded templar.
    let g = game(&w("Ka1 Pa3 Rd1 pd5 rd8 ne7 Rh1 th5 kp16 pp14"));
    let l = actions(&g);
    assert!(!l.contains("swap:d1d5"));
    refused(&g, "swap:d1d5", "guarded");
    assert!(!l.contains("swap:h1h5"));
    refused(&g, "swap:h1h5", "Shield");
    // A guarded friend is swapped all the same (the rook and the knight protect it).
    let g = game(&w("Ka1 Pa3 Rd1 Pd5 Ne7 kp16 pp14"));
    assert!(actions(&g).contains("swap:d1d5"));
    // A unit held by a trap.
    let mut t = game(&w("Ka1 Pa3 Jh8 Rh1 ng10 kp16 pp14"));
    turns(&mut t, &["h8j10", "g10h8"]);
    assert!(trap::held(t.position(), at(&t, "h8")));
    assert!(!actions(&t).contains("swap:h1h8"));
    refused(&t, "swap:h1h8", "trap");
}

/// FC6-SWAP-04: a swap captures nothing, makes no walls or traps, triggers no trap or
/// tomb; jesters cannot SwapShot; never a leg of a double move; a friendly pawn put on its
/// far rank promotes by the mover's choice.
#[test]
fn fc6_swap_04_no_capture_wall_trap_or_tomb_and_jesters_cannot() {
    // The knight stands on its victim's tomb (PENDING); the rook's path d2..d4 is clear.
    let mut g = game(&fen("Ka1 Pa3 Rd1 Nd5 kp16 pp14", "w", "- - - - d5:n"));
    let before = g.position().units().len();
    apply(&mut g, &["swap:d1d5"]);
    let p = g.position();
    assert_eq!(p.walls().mask().count(), 0, "no walls");
    assert_eq!(p.traps().iter().count(), 0);
    assert_eq!(p.units().len(), before);
    assert_eq!(p.tomb(sq("d5")).map(|t| t.queue.len()), Some(1));
    assert_eq!(
        tomb::state(p, sq("d5")),
        Some(tomb::TombState::Pending),
        "the rook took the knight's place: nothing exploded"
    );
    // A rook swapped onto an enemy trap is not caught.
    let mut t = game(&fen("Ka1 Pa3 Jf6 Rh1 jh8 kp16 pp14", "b", ""));
    turns(&mut t, &["h8j10", "f6h8", "p14p13", "swap:h1h8"]);
    assert!(t.position().trap(sq("h8")).is_some());
    assert_eq!(left(&t, "h8"), 0, "the rook is not caught");
    // Jesters never SwapShot.
    let g = game(&w("Ka1 Pa3 Jd4 Nf6 kp16 pp14"));
    assert!(!actions(&g).iter().any(|x| x.starts_with("swap:")));
    refused(&g, "swap:d4f6", "jesters never capture");
    // Never inside a turn in progress.
    let mut d = game(&w("Ka1 Pa3 Rd1 Nd5 Pe3 kp16 pp14"));
    apply(&mut d, &["e3e4"]);
    refused(&d, "swap:d1d5", "turn is in progress");
    // Promotion: the pawn lands on its far rank (e16) and promotes by choice.
    let g = game(&w("Ka1 Pa3 Re16 Pe12 kp1 pp14"));
    let l = actions(&g);
    assert!(l.contains("swap:e12e16=Q") && !l.contains("swap:e12e16"));
    refused(&g, "swap:e12e16", "must promote");
    let mut g = g;
    apply(&mut g, &["swap:e12e16=N"]);
    assert_eq!(
        g.position().piece_at(sq("e16")),
        Some((KNIGHT, Side::White))
    );
}

// ---------------------------------------------------------------- CHAN

/// FC6-CHAN-01: Teleswap with any friendly unit anywhere, the king and pawns included,
/// never another chancellor.
#[test]
fn fc6_chan_01_teleswap_anywhere_even_the_king() {
    let mut g = game(&w("Ki1 Pa3 Cf1 Ck1 Pp9 kp16 pp14"));
    let l = actions(&g);
    assert!(l.contains("swap:f1i1") && l.contains("swap:f1p9") && l.contains("swap:f1a3"));
    assert!(!l.contains("swap:f1k1"));
    refused(&g, "swap:f1k1", "kind immunity");
    let (c, k) = (at(&g, "f1"), at(&g, "i1"));
    apply(&mut g, &["swap:f1i1"]);
    assert_eq!(g.position().unit_at(sq("f1")), Some(k));
    assert_eq!(g.position().unit_at(sq("i1")), Some(c));
    // A paralysed chancellor does not Teleswap.
    let g = game(&fen("Ki1 Pa3 Cf1 Pp9 kp16 pp14", "w", "- - f1:1"));
    assert!(!actions(&g).contains("swap:f1p9"));
    refused(&g, "swap:f1p9", "paralysed");
}

/// FC6-CHAN-02: Paralyse an enemy the chancellor attacks for 3 turns of its owner; nobody
/// moves.
#[test]
fn fc6_chan_02_paralyse_for_three_owner_turns() {
    let mut g = game(&w("Ka1 Pa3 Cf1 nh4 kp16 pp14 nh8"));
    assert!(actions(&g).contains("paralyse:f1h4"));
    refused(&g, "paralyse:f1h8", "could not capture");
    let n = at(&g, "h4");
    apply(&mut g, &["paralyse:f1h4"]);
    let p = g.position();
    assert_eq!(
        p.unit_at(sq("f1")).map(|c| p.unit(c).kind),
        Some(CHANCELLOR)
    );
    assert_eq!(p.unit_at(sq("h4")), Some(n), "nobody moves");
    assert_eq!(left(&g, "h4"), 3, "Black's next 3 turns");
    assert!(!actions(&g).iter().any(|t| t.starts_with("h4")));
    turns(
        &mut g,
        &["p14p13", "a3a4", "p13p12", "a4a5", "p12p11", "a5a6"],
    );
    assert!(
        actions(&g).iter().any(|t| t.starts_with("h4")),
        "free again"
    );
}

/// FC6-CHAN-03: no Paralyse on kings, chancellors or royal-guarded units; guarded units
/// and shielded templars can be paralysed.
#[test]
fn fc6_chan_03_paralyse_targets() {
    let g = game(&w("Ka1 Pa3 Cf1 kh4 ch2 pp14"));
    let l = actions(&g);
    assert!(!l.contains("paralyse:f1h4") && !l.contains("paralyse:f1h2"));
    refused(&g, "paralyse:f1h4", "kings");
    refused(&g, "paralyse:f1h2", "kind immunity");
    // The knight on h4 stands next to its king (g5): Royal Guards.
    let g = game(&w("Ka1 Pa3 Cf1 nh4 kg5 pp14"));
    assert!(!actions(&g).contains("paralyse:f1h4"));
    refused(&g, "paralyse:f1h4", "Royal Guards");
    // Shielded templar (it attacks e1) and a guarded pawn are still targets.
    let g = game(&w("Ka1 Pa3 Ce1 te2 Cm1 po4 rm4 nn6 kp16 pp14"));
    let l = actions(&g);
    assert!(!l.contains("e1e2"), "the Shield stops the capture");
    assert!(l.contains("paralyse:e1e2"));
    assert!(!l.contains("m1o4"), "the pawn is guarded");
    assert!(l.contains("paralyse:m1o4"));
}

/// FC6-CHAN-04: chancellors are immune to enemy SwapShot and to jester presence.
#[test]
fn fc6_chan_04_swapshot_and_presence_immunity() {
    let g = game(&w("Ka1 Pa3 Rd1 cd5 kp16 pp14"));
    let l = actions(&g);
    assert!(l.contains("d1d5") && !l.contains("swap:d1d5"));
    // A friendly rook may SwapShot its own chancellor.
    assert!(actions(&game(&w("Ka1 Pa3 Rd1 Cd5 kp16 pp14"))).contains("swap:d1d5"));
    // Next to an enemy jester the chancellor still acts; a knight there does not.
    let g = game(&w("Ka1 Pa3 Ce4 Ng6 jf5 kp16 pp14"));
    let l = actions(&g);
    assert!(l.iter().any(|t| t.starts_with("e4")));
    assert!(!l.iter().any(|t| t.starts_with("g6")));
}

/// FC6-CHAN-05: chancellors never lose range: no slides, no CRR.
#[test]
fn fc6_chan_05_no_range_loss() {
    assert!(!is_crr(CHANCELLOR));
    let mut g = game(&w("Ka1 Pa3 Cf1 nh4 kp16 pp14"));
    let c = at(&g, "f1");
    apply(&mut g, &["f1h4"]);
    assert_eq!(g.position().unit(c).status.range, 16);
}

// ---------------------------------------------------------------- BISH

/// FC6-BISH-01: a bishop converts an enemy unit it attacks, bounced routes included; the
/// unit changes colour on its square.
#[test]
fn fc6_bish_01_conversion_of_an_attacked_enemy() {
    let mut g = game(&w("Ka1 Pp3 Bc1 ng5 nc5 nh8 kp16 pp14"));
    let l = actions(&g);
    assert!(l.contains("convert:c1g5"));
    assert!(
        l.contains("convert:c1c5"),
        "c1-b2-a3, reflect on a3, b4-c5: {l:?}"
    );
    refused(&g, "convert:c1h8", "could not capture");
    let n = at(&g, "g5");
    let ev = events_of(&mut g, "convert:c1g5");
    assert!(ev.contains(&Event::Converted {
        unit: n,
        side: Side::White
    }));
    let p = g.position();
    assert_eq!(p.unit_at(sq("g5")), Some(n));
    assert_eq!(p.piece_at(sq("g5")), Some((KNIGHT, Side::White)));
    // Never inside a turn in progress.
    let mut d = game(&w("Ka1 Pa3 Bc1 ng5 kp16 pp14"));
    apply(&mut d, &["a3a4"]);
    refused(&d, "convert:c1g5", "turn is in progress");
}

/// FC6-BISH-02: the bishop is paralysed for 2 turns of its owner (a cost: Royal Guards do
/// not stop it).
#[test]
fn fc6_bish_02_bishop_rests_two_turns() {
    let mut g = game(&w("Kb1 Pa3 Bc1 ng5 kp16 pp14"));
    apply(&mut g, &["convert:c1g5"]);
    assert_eq!(left(&g, "c1"), 2, "next to its king, still paralysed");
    turns(&mut g, &["p14p13"]);
    assert!(!actions(&g).iter().any(|t| t.starts_with("c1")));
}

/// FC6-BISH-03: the converted unit keeps kind, identity, range and square, loses its
/// paralysis and any trap hold, and acts in its new owner's next turn.
#[test]
fn fc6_bish_03_converted_unit_keeps_itself_and_is_free() {
    let mut g = game(&fen("Ka1 Pa3 Bc1 rg5 kp16 pp14", "w", "- - g5:3 g5:10"));
    let r = at(&g, "g5");
    turns(&mut g, &["convert:c1g5", "p14p13"]);
    let p = g.position();
    assert_eq!(p.unit_at(sq("g5")), Some(r));
    assert_eq!(p.piece_at(sq("g5")), Some((ROOK, Side::White)));
    assert_eq!(p.unit(r).status.range, 10);
    assert_eq!(left(&g, "g5"), 0);
    assert!(actions(&g).iter().any(|t| t.starts_with("g5")));
    // A unit a trap holds is let go.
    let mut t = game(&w("Ka1 Pa3 Jh8 Bc3 ng10 kp16 pp14"));
    turns(&mut t, &["h8j10", "g10h8"]);
    assert!(trap::held(t.position(), at(&t, "h8")));
    apply(&mut t, &["convert:c3h8"]);
    assert!(t.position().trap(sq("h8")).is_none());
    assert_eq!(left(&t, "h8"), 0);
}

/// FC6-BISH-04: kings and bishops are never converted; guarded units and shielded
/// templars are.
#[test]
fn fc6_bish_04_targets() {
    let g = game(&w("Ka1 Pa3 Bc1 kg5 bc5 pp14"));
    let l = actions(&g);
    assert!(!l.contains("convert:c1g5") && !l.contains("convert:c1c5"));
    refused(&g, "convert:c1g5", "kings");
    refused(&g, "convert:c1c5", "kind immunity");
    // The templar on e3 attacks c1 (T-leap): no capture, but conversion.
    let g = game(&w("Ka1 Pa3 Bc1 te3 Bm1 po3 ro8 nm4 kp16 pp14"));
    let l = actions(&g);
    assert!(!l.contains("c1e3") && l.contains("convert:c1e3"));
    assert!(!l.contains("m1o3"), "guarded");
    assert!(l.contains("convert:m1o3"));
}

/// FC6-BISH-05: conversion is no capture: no CRR, no tomb, no Queen's Poison; a converted
/// pawn changes sides (the last one ends the game); a pawn converted on the bishop's far
/// rank promotes by choice.
#[test]
fn fc6_bish_05_not_a_capture() {
    let mut g = game(&fen("Ka1 Pa3 Bc1 qg5 kp16 pp14", "w", "- - - c1:9"));
    let b = at(&g, "c1");
    apply(&mut g, &["convert:c1g5"]);
    let p = g.position();
    assert_eq!(p.unit(b).status.range, 9, "no CRR");
    assert!(p.tombs().iter().next().is_none(), "no tomb");
    assert_eq!(left(&g, "c1"), 2, "the cost only, no Poison (6)");
    assert_eq!(p.piece_at(sq("g5")), Some((QUEEN, Side::White)));
    // Black's last pawn converted: Black has no pawn left and loses.
    let mut g = game(&w("Ka1 Pa3 Bc1 pg5 kp16"));
    apply(&mut g, &["convert:c1g5"]);
    assert_eq!(g.position().piece_at(sq("g5")), Some((PAWN, Side::White)));
    assert_eq!(g.result().and_then(|o| o.winner), Some(Side::White));
    // A black pawn on rank 16 becomes White's on White's far rank: it promotes.
    let g = game(&w("Ka1 Pa3 Bh13 pk16 kp1 pp14"));
    let l = actions(&g);
    assert!(l.contains("convert:h13k16=Q") && !l.contains("convert:h13k16"));
    let mut g = g;
    apply(&mut g, &["convert:h13k16=B"]);
    assert_eq!(
        g.position().piece_at(sq("k16")),
        Some((BISHOP, Side::White))
    );
}

// ---------------------------------------------------------------- DRAG

/// FC6-DRAG-01: Dragon's Fire: one non-capturing leg to a square with no unit, wall or
/// tomb, then the enemies around burn; a fire with no victim is no action; a whole turn.
#[test]
fn fc6_drag_01_fire_after_a_leg_needs_a_victim() {
    let mut g = game(&fen("Ka1 Pa3 Dd4 nf6 kp16 pp14", "w", "- - - - c5:p"));
    let l = actions(&g);
    assert!(l.contains("fire:d4e5"));
    assert!(!l.iter().any(|t| t == "fire:d4c3"), "no enemy next to c3");
    refused(&g, "fire:d4c3", "needs a victim");
    refused(&g, "fire:d4c5", "no unit, wall or tomb");
    let n = at(&g, "f6");
    apply(&mut g, &["fire:d4e5"]);
    let p = g.position();
    assert_eq!(p.piece_at(sq("e5")).map(|(k, _)| k), Some(DRAGON));
    assert_eq!(p.unit(n).loc, Location::Tomb(sq("f6")));
    assert_eq!(p.to_move(), Side::Black, "a whole turn");
    assert!(
        p.wall(sq("d4")).is_some(),
        "the fire leg leaves its wall like any leg (FC6-WALL-06)"
    );
    let mut d = game(&w("Ka1 Pa3 Dd4 nf6 kp16 pp14"));
    apply(&mut d, &["a3a4"]);
    refused(&d, "fire:d4e5", "turn is in progress");
}

/// FC6-DRAG-02: not burned: friends, kings, dragons, guarded units, a templar whose
/// Shield covers the landing square; tombs and walls unharmed.
#[test]
fn fc6_drag_02_who_does_not_burn() {
    let mut g = game(&w("Ka1 Pa3 Dd3 Pf5 kd5 dd6 pf6 rf10 ng8 te6 nf4 pp14"));
    assert!(actions(&g).contains("fire:d3e5"));
    apply(&mut g, &["fire:d3e5"]);
    let p = g.position();
    for s in ["f5", "d5", "d6", "f6", "e6"] {
        assert!(p.unit_at(sq(s)).is_some(), "{s} does not burn");
    }
    assert!(p.unit_at(sq("f4")).is_none(), "the knight burns");
    let g = game(&w("Ka1 Pa3 Dd3 Pf5 kd5 pp14"));
    assert!(
        !actions(&g).contains("fire:d3e5"),
        "only friends and a king near e5"
    );
    refused(&g, "fire:d3e5", "needs a victim");
    // A shadow next to the landing square never burns; a wall there is left standing.
    let mut p = pos(&fen("Ka1 Pa3 Dd3 nd4 ne4 kp16 pp14", "w", "- f6:w2"));
    let s = make_shadow(&mut p, "e4", 0);
    let mut g = Game::from_position(fc6_support::rules(), p);
    apply(&mut g, &["fire:d3e5"]);
    let p = g.position();
    assert_eq!(
        p.unit(s).loc,
        Location::Shadow(sq("e4")),
        "the shadow stays"
    );
    assert!(p.unit_at(sq("d4")).is_none(), "the knight burns");
    assert!(p.wall(sq("f6")).is_some(), "walls are unharmed");
}

/// FC6-DRAG-03: each victim is a capture: a tomb on its square (ARMED at once), CRR for
/// each, Queen's Poison for a queen, and a burned jester explodes with the dragon in its
/// blast.
#[test]
fn fc6_drag_03_each_victim_a_capture() {
    let mut g = game(&w("Ka1 Pa3 Dd4 nf6 pd6 kp16 pp14"));
    let d = at(&g, "d4");
    apply(&mut g, &["fire:d4e5"]);
    let p = g.position();
    assert_eq!(
        p.unit(d).status.range,
        13,
        "-2 for the knight, -1 for the pawn"
    );
    assert_eq!(tomb::state(p, sq("f6")), Some(tomb::TombState::Armed));
    assert_eq!(tomb::state(p, sq("d6")), Some(tomb::TombState::Armed));
    let mut q = game(&w("Ka1 Pa3 Dd4 qf6 kp16 pp14"));
    apply(&mut q, &["fire:d4e5"]);
    assert_eq!(left(&q, "e5"), 6, "Queen's Poison");
    let mut j = game(&w("Ka1 Pa3 Dd4 jf6 kp16 pp14"));
    let d = at(&j, "d4");
    apply(&mut j, &["fire:d4e5"]);
    assert_eq!(
        j.position().unit(d).loc,
        Location::Tomb(sq("e5")),
        "the blast kills it"
    );
}

/// FC6-DRAG-05: the dragon's range limits its diagonal slides only; its step and knight
/// leap are fixed.
#[test]
fn fc6_drag_05_range_limits_only_diagonal_slides() {
    let g = game(&fen("Ka1 Pa3 Dd4 kp16 pp14", "w", "- - - d4:3"));
    let l = actions(&g);
    assert!(l.contains("d4g7") && !l.contains("d4h8"));
    assert!(l.contains("d4e6") && l.contains("d4d5") && l.contains("d4f5"));
}

// ---------------------------------------------------------------- PULL

/// FC6-PULL-01: a unit that could capture another with one slide pulls it n squares back
/// along the route, 1 <= n <= the squares between; friends too; bounced routes too.
#[test]
fn fc6_pull_01_pull_along_the_slide() {
    let mut g = game(&w("Kh1 Pp2 Ra1 na8 Bc1 Nc5 kp16 pp14"));
    let l = actions(&g);
    for n in 1..=6 {
        let to = format!("a{}", 8 - n);
        assert!(l.contains(&format!("pull:a1a8{to}#{n}")), "{to}");
    }
    assert!(!l.iter().any(|t| t.starts_with("pull:a1a8a1")));
    assert!(
        l.contains("pull:c1c5b4#1") && l.contains("pull:c1c5a3#2") && l.contains("pull:c1c5b2#3")
    );
    refused(&g, "pull:a1a8a4#3", "slide");
    let n = at(&g, "a8");
    apply(&mut g, &["pull:a1a8a4#4"]);
    assert_eq!(g.position().unit_at(sq("a4")), Some(n));
    assert_eq!(g.position().to_move(), Side::Black);
    // Jesters and leapers pull nothing.
    let g = game(&w("Kh1 Pp2 Ja1 Nb1 na8 nb8 kp16 pp14"));
    assert!(!actions(&g).iter().any(|t| t.starts_with("pull:")));
}

/// FC6-PULL-02: never pulled: kings, guarded units (either colour), held units, the
/// puller's kind, an enemy templar whose Shield covers the puller.
#[test]
fn fc6_pull_02_who_cannot_be_pulled() {
    let g = game(&w("Kh1 Pp2 Ra1 ka8 Rb1 rb8 Qc1 tc8 pp14"));
    let l = actions(&g);
    assert!(!l.iter().any(|t| t.starts_with("pull:a1a8")));
    refused(&g, "pull:a1a8a4#4", "kings");
    assert!(!l.iter().any(|t| t.starts_with("pull:b1b8")));
    refused(&g, "pull:b1b8b4#4", "kind immunity");
    assert!(!l.iter().any(|t| t.starts_with("pull:c1c8")));
    refused(&g, "pull:c1c8c4#4", "Shield");
    // A guarded enemy and a guarded friend.
    let g = game(&w("Kh1 Pp2 Ra1 na8 rb8 nc7 Rh16 Nh9 Rg9 Ni7 kp16 pp14"));
    let l = actions(&g);
    assert!(!l.iter().any(|t| t.starts_with("pull:a1a8")));
    refused(&g, "pull:a1a8a4#4", "guarded");
    assert!(!l.iter().any(|t| t.starts_with("pull:h16h9")));
    // A held unit.
    let mut t = game(&w("Ka1 Pa3 Jh8 Rh1 ng10 kp16 pp14"));
    turns(&mut t, &["h8j10", "g10h8"]);
    assert!(!actions(&t).iter().any(|x| x.starts_with("pull:h1h8")));
    refused(&t, "pull:h1h8h5#3", "trap");
    // Rooks and templars may be pulled by others.
    let g = game(&w("Kh1 Pp2 Qa1 ra8 Bc1 te3 kp16 pp14"));
    assert!(actions(&g).contains("pull:a1a8a2#6"));
}

/// FC6-PULL-03: the puller rests n turns (a cost, next to its king too).
#[test]
fn fc6_pull_03_puller_pays_n_turns() {
    let mut g = game(&w("Kb2 Pp2 Ra1 na8 kp16 pp14"));
    apply(&mut g, &["pull:a1a8a6#2"]);
    assert_eq!(left(&g, "a1"), 2);
    assert_eq!(left(&g, "a6"), 0, "the pulled unit is not paralysed");
}

/// FC6-PULL-04: the pulled unit ignores the squares it passes; its landing counts (ARMED
/// tomb, enemy trap, far rank); no landing on an ACTIVE tomb.
#[test]
fn fc6_pull_04_landing_counts_passing_does_not() {
    let f = fen("Kh1 Pp2 Ra1 na8 kp16 pp14", "w", "- - - - a4:p");
    let mut g = game(&f);
    apply(&mut g, &["pull:a1a8a3#5"]);
    assert_eq!(
        left(&g, "a3"),
        0,
        "crossing the ARMED tomb on a4 costs nothing"
    );
    let mut g = game(&f);
    let n = at(&g, "a8");
    apply(&mut g, &["pull:a1a8a4#4"]);
    assert_eq!(g.position().unit(n).loc, Location::Tomb(sq("a4")));
    assert_eq!(
        tomb::state(g.position(), sq("a4")),
        Some(tomb::TombState::Active)
    );
    let g = game(&fen("Kh1 Pp2 Ra1 na8 kp16 pp14", "w", "- - - - a4:p*"));
    assert!(!actions(&g).contains("pull:a1a8a4#4"));
    refused(&g, "pull:a1a8a4#4", "ACTIVE");
    // An enemy trap catches the pulled unit.
    let mut t = game(&w("Kh1 Pp2 Ra1 Ja5 na8 kp16 pp14"));
    turns(&mut t, &["a5c7", "p14p13", "pull:a1a8a5#3"]);
    assert!(trap::held(t.position(), at(&t, "a5")));
    // A friendly pawn pulled onto its far rank (a bounced route through c16) promotes.
    let g = game(&w("Kh1 Pp2 Ba14 Pe14 kp1 pp14"));
    let l = actions(&g);
    assert!(
        l.contains("pull:a14e14c16=Q#2") && !l.contains("pull:a14e14c16#2"),
        "{l:?}"
    );
    let mut g = g;
    apply(&mut g, &["pull:a14e14c16=N#2"]);
    assert_eq!(
        g.position().piece_at(sq("c16")),
        Some((KNIGHT, Side::White))
    );
}

/// FC6-PULL-05: no paralysis for the pulled unit, no walls or traps; the square it leaves
/// is left without a leg (a tomb there arms at once); never inside a turn in progress.
#[test]
fn fc6_pull_05_no_walls_no_paralysis() {
    let mut g = game(&fen("Kh1 Pp2 Ra1 na8 kp16 pp14", "w", "- - - - a8:P"));
    apply(&mut g, &["pull:a1a8a3#5"]);
    let p = g.position();
    assert_eq!(p.walls().mask().count(), 0);
    assert_eq!(p.traps().iter().count(), 0);
    assert_eq!(left(&g, "a3"), 0);
    assert_eq!(tomb::state(p, sq("a8")), Some(tomb::TombState::Armed));
    let mut d = game(&w("Kh1 Pp2 Ra1 na8 kp16 pp14"));
    apply(&mut d, &["p2p3"]);
    refused(&d, "pull:a1a8a3#5", "turn is in progress");
}

// ---------------------------------------------------------------- MIND

/// FC6-MIND-01: A that can capture B without being recaptured makes B play one leg; A does
/// not move.
#[test]
fn fc6_mind_01_control_without_recapture() {
    let mut g = game(&w("Ka1 Pa3 Bc1 ng5 kp16 pp14"));
    assert!(actions(&g).contains("mind:c1g5e6"));
    let n = at(&g, "g5");
    apply(&mut g, &["mind:c1g5e6"]);
    let p = g.position();
    assert_eq!(p.unit_at(sq("e6")), Some(n));
    assert_eq!(p.piece_at(sq("c1")).map(|(k, _)| k), Some(BISHOP));
    assert_eq!(p.to_move(), Side::Black);
    // The rook on g10 would recapture on g5.
    let g = game(&w("Ka1 Pa3 Bc1 ng5 rg10 kp16 pp14"));
    assert!(!actions(&g).iter().any(|t| t.starts_with("mind:c1g5")));
    refused(&g, "mind:c1g5e6", "recaptured");
}

/// FC6-MIND-02: B's leg is its own (patterns, forward), with its consequences: walls of
/// B's side; a pawn's promotion chosen by A's player.
#[test]
fn fc6_mind_02_the_leg_is_bs_own() {
    let mut g = game(&w("Ka1 Pa3 Bc3 rh8 kp16 pp14"));
    apply(&mut g, &["mind:c3h8h12"]);
    let p = g.position();
    let w9 = p.wall(sq("h9")).expect("a wall on the passed square");
    assert_eq!(
        w9.side,
        Side::Black,
        "the wall is the controlled rook's side's"
    );
    assert!(p.wall(sq("h8")).is_some_and(|w| w.side == Side::Black));
    let mut g = game(&w("Kh3 Pa3 Rb8 pb2 kp16 pp14"));
    let l = actions(&g);
    assert!(l.contains("mind:b8b2b1=Q") && !l.contains("mind:b8b2b1"));
    assert!(!l.contains("mind:b8b2b3"), "pawns never step backward");
    apply(&mut g, &["mind:b8b2b1=N"]);
    assert_eq!(g.position().piece_at(sq("b1")), Some((KNIGHT, Side::Black)));
}

/// FC6-MIND-03: B captures only units of its own side, never its king or A's units; CRR
/// applies to B.
#[test]
fn fc6_mind_03_captures_only_its_own_side() {
    let g = game(&w("Ka1 Pa3 Bc1 rg5 pg8 Pg3 ke5 pp14"));
    let l = actions(&g);
    assert!(l.contains("mind:c1g5g8"));
    assert!(!l.contains("mind:c1g5g3") && !l.contains("mind:c1g5e5"));
    refused(&g, "mind:c1g5g3", "never captures your units");
    let mut g = g;
    let r = at(&g, "g5");
    apply(&mut g, &["mind:c1g5g8"]);
    assert_eq!(g.position().unit(r).status.range, 15);
}

/// FC6-MIND-04: never controlled: kings, paralysed units, A's kind, guarded units,
/// shielded templars; jesters cannot control.
#[test]
fn fc6_mind_04_who_cannot_be_controlled() {
    let g = game(&fen("Ka1 Pa3 Bc1 ng5 kp16 pp14", "w", "- - g5:2"));
    assert!(!actions(&g).iter().any(|t| t.starts_with("mind:")));
    refused(&g, "mind:c1g5e6", "paralysed");
    let g = game(&w("Ka1 Pa3 Bc1 bg5 kp16 pp14"));
    refused(&g, "mind:c1g5h6", "kind immunity");
    let g = game(&w("Ka1 Pa3 Bc1 ng5 rg9 ni6 kp16 pp14"));
    assert!(!actions(&g).iter().any(|t| t.starts_with("mind:c1g5")));
    let g = game(&w("Ka1 Pa3 Bc1 te3 kp16 pp14"));
    assert!(!actions(&g).iter().any(|t| t.starts_with("mind:c1e3")));
    refused(&g, "mind:c1e3e4", "Shield");
    let g = game(&w("Ka1 Pa3 Jd4 nf6 kp16 pp14"));
    assert!(!actions(&g).iter().any(|t| t.starts_with("mind:")));
    refused(&g, "mind:d4f6g8", "jesters");
}

/// FC6-MIND-05: illegal if it leaves A's king in check; never inside a turn in progress.
#[test]
fn fc6_mind_05_no_check_on_the_controller() {
    let g = game(&w("Kf2 Pa3 Bc1 ng5 kp16 pp14"));
    let l = actions(&g);
    assert!(l.contains("mind:c1g5e6"));
    assert!(!l.contains("mind:c1g5e4") && !l.contains("mind:c1g5h3"));
    refused(&g, "mind:c1g5e4", "check");
    let mut d = game(&w("Kf2 Pa3 Bc1 ng5 kp16 pp14"));
    apply(&mut d, &["a3a4"]);
    refused(&d, "mind:c1g5e6", "turn is in progress");
}
