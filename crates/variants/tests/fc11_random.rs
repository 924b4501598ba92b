//! Random play for fc11: seeded random games from the initial position and from the
//! middle-game positions, checking after every action the harness's invariants
//! (`frozen_core::harness::check_position`: layers, hash, RON round trip, validation;
//! `checked_step`: listed actions apply, a mutated action is refused without change,
//! undo restores exactly), that no unit is lost (every unit is on the board or in a
//! tomb), that the FEN writes and reads back the same position, that a finished
//! game lists no action, that no unit stands on a wall and every wall's owner is on the
//! board (FC11-WALL-01..03), that no unit stands on a Queen's double and every double's
//! Queen is on the board with no other double (FC11-QUEN-05), that only the null move
//! leaves the position unchanged
//! (FC11-TURN-19), and that games end only with the reasons the rules give.

use frozen_core::harness::{check_position, checked_step, Rng};
use frozen_core::{ActionKind, Location, Rules};
use frozen_variants::fc11::{Fc11, Fc11Position};

fn census(pos: &Fc11Position) -> (usize, usize) {
    let mut c = (0, 0);
    for u in pos.units() {
        match u.loc {
            Location::Board(_) => c.0 += 1,
            Location::Tomb(_) => c.1 += 1,
            other => panic!("a unit at {other:?}"),
        }
    }
    c
}

/// Plays a seeded random game; returns the plies played and the plies after which some
/// Queen's double stood on the board.
fn play(rules: &Fc11, start: Fc11Position, seed: u64, plies: usize) -> (usize, usize) {
    let mut rng = Rng::new(seed);
    let mut with_double = 0;
    let mut pos = start;
    let total = pos.units().len();
    let mut acts = Vec::new();
    for ply in 0..plies {
        let errs = check_position(rules, &pos);
        assert!(
            errs.is_empty(),
            "seed {seed} ply {ply}: {}",
            errs.join("; ")
        );
        let (board, tombs) = census(&pos);
        assert_eq!(board + tombs, total, "seed {seed} ply {ply}: units lost");
        // The FEN holds every position of play but the one two null moves ended (a FEN
        // carries no result; the game record does).
        let fen = match rules.to_fen(&pos) {
            Some(f) => f,
            None => {
                assert_eq!(pos.state().nulls, 2, "seed {seed} ply {ply}: no FEN");
                acts.clear();
                rules.actions(&pos, &mut acts);
                assert!(acts.is_empty());
                return (ply, with_double);
            }
        };
        let back = rules
            .position_from_fen(&fen)
            .unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(
            rules.to_fen(&back).as_deref(),
            Some(fen.as_str()),
            "seed {seed} ply {ply}"
        );
        assert_eq!(back.units().len(), pos.units().len());
        acts.clear();
        rules.actions(&pos, &mut acts);
        if pos.result().is_some() {
            assert!(acts.is_empty(), "seed {seed}: actions after the end");
            return (ply, with_double);
        }
        assert!(
            !acts.is_empty(),
            "seed {seed} ply {ply}: no action and no result"
        );
        for (sq, w) in pos.walls().iter() {
            assert!(
                pos.unit_at(sq).is_none(),
                "seed {seed} ply {ply}: a unit on the wall {sq}"
            );
            let owner = pos.unit(w.creator);
            assert!(
                matches!(owner.loc, Location::Board(_)),
                "seed {seed} ply {ply}: the wall on {sq} outlived its owner"
            );
        }
        let mut queens = Vec::new();
        for (sq, q) in frozen_variants::fc11::double::all(&pos) {
            assert!(
                pos.unit_at(sq).is_none(),
                "seed {seed} ply {ply}: a unit on the double {sq}"
            );
            let queen = pos.unit(q);
            assert!(
                queen.kind == frozen_variants::fc11::QUEEN
                    && matches!(queen.loc, Location::Board(_)),
                "seed {seed} ply {ply}: the double on {sq} outlived its Queen"
            );
            assert!(!queens.contains(&q), "seed {seed} ply {ply}: two doubles");
            queens.push(q);
        }
        with_double += usize::from(!queens.is_empty());
        let a = acts[rng.below(acts.len())].clone();
        let before = pos.clone();
        checked_step(rules, &mut pos, &a, &mut rng)
            .unwrap_or_else(|e| panic!("seed {seed} ply {ply}: {e}"));
        pos.clear_journal();
        let mut back = pos.clone();
        back.set_to_move(before.to_move());
        // The turn clock moves on with every action, the null move included (FC11-TURN-17);
        // TURN-19 is about everything else (the mover's paralysis counters then count the
        // same turns left).
        back.set_turns(before.turns());
        // The Assassins' memories are recorded after every action, the null move included
        // (FC11-TURN-16 step 8, FC11-ASSN-13).
        back.update_state(|s| {
            s.nulls = before.state().nulls;
            s.retained = before.state().retained.clone();
        });
        back.set_result(before.result().cloned());
        assert_eq!(
            rules.same_for_repetition(&before, &back),
            a.kind == ActionKind::Pass,
            "seed {seed} ply {ply}: only the null move changes nothing (FC11-TURN-19)"
        );
        // No rule writes a status into a counter (FC11-PARA-04): a counter changes only for
        // the two units of a Paralysis Transfer, or for a captured unit (dropped).
        let (from, to) = (a.from(), a.to());
        for id in pos.unit_ids() {
            let (old, new) = (before.unit(id), pos.unit(id));
            if old.status.frozen_through == new.status.frozen_through {
                continue;
            }
            let actor = from.is_some_and(|s| old.loc == Location::Board(s));
            let target = to.is_some_and(|s| old.loc == Location::Board(s));
            let transfer = a.kind == ActionKind::Act && (actor || target);
            assert!(
                transfer || matches!(new.loc, Location::Tomb(_)),
                "seed {seed} ply {ply}: a counter changed outside a transfer or a capture"
            );
        }
        if let Some(o) = pos.result() {
            let expected = ["checkmate", "stalemate", "two null moves in a row"];
            assert!(expected.contains(&o.reason.as_ref()), "seed {seed}: {o}");
            if o.reason == "two null moves in a row" {
                assert_eq!(o.winner, None);
                assert!(a.kind == ActionKind::Pass && before.state().nulls == 1);
            }
        }
    }
    (plies, with_double)
}

#[test]
fn fc11_random_games_keep_invariants() {
    let rules = Fc11::new();
    let mut with_double = 0;
    for seed in 0..12 {
        with_double += play(&rules, rules.initial_position(), 0xfc11_0000 + seed, 120).1;
    }
    assert!(
        with_double > 20,
        "Queens' doubles in play ({with_double} plies)"
    );
}

#[test]
fn fc11_random_games_with_paralysis_transfers() {
    // The start with counters on a Ship, a Jester, a Frog and pawns: Paralysis Transfers
    // are among the actions (the Dragon on d1 protects the Ship on e2).
    let rules = Fc11::new();
    let fen = format!(
        "{} w - - e2:9,l1:7,d3:6,b15:9,e13:9,h13:6",
        frozen_variants::fc11::setup::START_PLACEMENT
    );
    let start = rules.position_from_fen(&fen).expect("valid");
    let mut acts = Vec::new();
    rules.actions(&start, &mut acts);
    assert!(acts
        .iter()
        .any(|a| rules.format_action(&start, a) == "act:d1e2"));
    for seed in 0..6 {
        play(&rules, start.clone(), 0xfc11_7000 + seed, 120);
    }
}

#[test]
fn fc11_random_games_in_sparse_positions_reach_their_end() {
    // Few units: captures, promotions, checkmates and stalemates happen.
    let rules = Fc11::new();
    let fen = "3k12/16/2r4q8/16/5n10/16/3N8p3/8b7/16/16/6P9/2L13/16/16/5PPP8/3K5R6 w";
    let start = rules.position_from_fen(fen).expect("valid");
    let mut ended = 0;
    for seed in 0..40 {
        if play(&rules, start.clone(), seed, 400).0 < 400 {
            ended += 1;
        }
    }
    assert!(ended > 0, "no game ended");
}
