//! Rule tests for Denial/Bait chess, each naming the catalog IDs it proves.

use frozen_core::{Game, Location, Rules, Side, UnitId};
use frozen_variants::denial_bait::{base::DbState, DenialBait};

fn game(fen: &str) -> Game<DenialBait> {
    let r = DenialBait::new();
    let p = r.position_from_fen(fen).expect("fen");
    Game::from_position(r, p)
}

fn legal(g: &Game<DenialBait>) -> Vec<String> {
    g.actions().iter().map(|a| g.format(a)).collect()
}

fn play(g: &mut Game<DenialBait>, moves: &[&str]) {
    for m in moves {
        if let Err(e) = g.apply_text(m) {
            panic!("{m}: {e}\nlegal: {}", legal(g).join(" "));
        }
    }
}

fn st(g: &Game<DenialBait>) -> &DbState {
    g.position().state()
}

fn fen(g: &Game<DenialBait>) -> String {
    g.rules().to_fen(g.position()).unwrap_or_default()
}

fn at(g: &Game<DenialBait>, sq: &str) -> Option<UnitId> {
    g.position().unit_at(sq.parse().expect("square"))
}

fn loc(g: &Game<DenialBait>, id: UnitId) -> Location {
    g.position().unit(id).loc
}

/// A game from a FEN, with extra riders `(square of the ground rook, letter)` taken from the
/// captured piles (bottom first) and extra exiled pieces (letters).
fn setup(fen: &str, riders: &[(&str, &str)], exiled: &[&str]) -> Game<DenialBait> {
    let r = DenialBait::new();
    let mut p = r.position_from_fen(fen).expect("fen");
    let take = |p: &frozen_core::Position<DbState>, c: char| -> UnitId {
        let side = if c.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        let kind = r.kinds().by_fen(c).expect("letter");
        p.unit_ids()
            .find(|&i| {
                let u = p.unit(i);
                u.side == side && u.kind == kind && matches!(u.loc, Location::Captured(_))
            })
            .expect("a spare unit in a captured pile")
    };
    for &(sq, what) in riders {
        let by = p.unit_at(sq.parse().expect("square")).expect("ground rook");
        let slot = p.cargo(by).len() as u8;
        let id = if what.len() == 1 {
            take(&p, what.chars().next().expect("letter"))
        } else {
            p.unit_at(what.parse().expect("square"))
                .expect("a unit to lift into the stack")
        };
        p.relocate(id, Location::Carried { by, slot });
    }
    for &what in exiled {
        let id = if what.len() == 1 {
            take(&p, what.chars().next().expect("letter"))
        } else {
            p.unit_at(what.parse().expect("square"))
                .expect("a unit to exile")
        };
        p.relocate(id, Location::Exiled);
    }
    let snap = frozen_variants::denial_bait::base::snap_of(&p);
    p.update_state(|s| s.turn.start = Some(snap));
    assert!(r.validate(&p).is_empty(), "{:?}", r.validate(&p));
    Game::from_position(r, p)
}

fn game_holder(fen: &str, holder: Side) -> Game<DenialBait> {
    let r = DenialBait::new();
    let mut p = r.position_from_fen(fen).expect("fen");
    p.update_state(|s| s.denial = holder);
    Game::from_position(r, p)
}

fn has(g: &Game<DenialBait>, a: &str) -> bool {
    legal(g).iter().any(|x| x == a)
}

/// True if the actions `links` can be played in this order, each one listed when it is
/// played (on a copy): a whole movement of several actions, such as a King's two steps
/// (`["e1f2", "f2f1"]`), a one-step King movement (`["e1f1", "end"]`) or a chain disguise.
fn can(g: &Game<DenialBait>, links: &[&str]) -> bool {
    let mut c = g.clone();
    links.iter().all(|l| has(&c, l) && c.apply_text(l).is_ok())
}

fn result(g: &Game<DenialBait>) -> Option<(Option<Side>, String)> {
    g.result().map(|o| (o.winner, o.reason.to_string()))
}

// ---------------------------------------------------------------- FIDE baseline

/// DB-FIDE-01: FIDE set-up, White first, Black holds the denial right.
#[test]
fn db_fide_01_setup() {
    let r = DenialBait::new();
    let g = Game::new(r);
    assert_eq!(g.position().to_move(), Side::White);
    assert_eq!(st(&g).denial, Side::Black);
    assert_eq!(
        fen(&g),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(g.position().units().len(), 32);
}

/// DB-FIDE-02: a movement may not leave the own King capturable; an enemy queen next to the
/// King gives check through her all-round capture.
#[test]
fn db_fide_02_check() {
    // The rook pins nothing in FIDE terms, but e1-d1 would step next to the queen on c2.
    let g = game("4k3/8/8/8/8/8/2q5/4K3 w - - 0 1");
    assert!(
        !can(&g, &["e1d1", "end"]),
        "d1 is next to the queen: her all-round capture takes the King"
    );
    assert!(can(&g, &["e1f1", "end"]));
    // Adjacent queen = check.
    let g = game("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1");
    assert!(
        !can(&g, &["e1f1", "f1e1"]),
        "staying next to the queen is illegal"
    );
    assert!(can(&g, &["e1f1", "f1g1"]));
}

/// DB-FIDE-03 and DB-DENY-10: checkmate is decided after the denial window.
#[test]
fn db_fide_03_checkmate_after_window() {
    // The queen next to the cornered King: every square within two King steps is next to
    // her, and capturing her sets off her revenge. Black holds the denial right.
    let mut g = game("7k/8/8/8/8/8/6Q1/4K3 w - - 0 1");
    play(&mut g, &["g2g7"]);
    assert_eq!(result(&g), None);
    let l = legal(&g);
    assert!(
        l.contains(&"deny".to_string()) && l.contains(&"end".to_string()),
        "{l:?}"
    );
    play(&mut g, &["end"]);
    assert_eq!(
        result(&g),
        Some((Some(Side::White), "checkmate".to_string()))
    );
}

/// DB-FIDE-04 and DB-KING-05: castling, then one more King step into the rook.
#[test]
fn db_fide_04_castling() {
    let g = game("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(has(&g, "e1g1"));
    assert!(has(&g, "e1c1"));
    assert!(
        can(&g, &["e1g1", "g1f1#1"]),
        "castle then step into the rook"
    );
    assert!(can(&g, &["e1g1", "end"]), "castling alone");
    // Not through an attacked square.
    let g = game("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1");
    assert!(!has(&g, "e1g1"));
    // Not out of check.
    let g = game("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1");
    assert!(!has(&g, "e1g1") && !has(&g, "e1c1"));
    // Castling rights lost after the King stepped out and back.
    let mut g = game("4k3/pppppppp/8/8/8/8/8/R3K2R w KQ - 0 1");
    play(&mut g, &["e1f1", "f1e1", "a7a6"]);
    assert!(!has(&g, "e1g1"));
}

/// DB-FIDE-05: FIDE en passant on the very next turn only.
#[test]
fn db_fide_05_en_passant() {
    let mut g = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut g, &["d7d6d5"]);
    assert!(has(&g, "e5d6"));
    play(&mut g, &["e5d6"]);
    assert!(at(&g, "d5").is_none(), "the double-moved pawn is captured");
    // Only on the very next turn: after a White King movement and a Black one, gone.
    let mut g = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut g, &["d7d6d5", "e1d2", "end", "e8f8", "end"]);
    assert!(!has(&g, "e5d6"), "en passant lapses after the next turn");
}

/// DB-FIDE-06: stalemate.
#[test]
fn db_fide_06_stalemate() {
    // The black King is walled in by white statues and its own bishop, which the statues
    // block too; a King that can step out and back is never stalemated (DB-KING-03).
    let mut g = game("6Sk/6Sb/6S1/8/8/8/8/K7 w - - 0 1");
    play(&mut g, &["a1b1", "end"]);
    assert_eq!(legal(&g), vec!["deny".to_string(), "end".to_string()]);
    play(&mut g, &["end"]);
    assert_eq!(result(&g), Some((None, "stalemate".to_string())));
}

/// DB-FIDE-07: dead position and the 50-move rule.
#[test]
fn db_fide_07_draws() {
    let mut g = game("4k3/8/8/8/8/8/8/4KB2 w - - 0 1");
    play(&mut g, &["f1e2", "end"]);
    assert_eq!(result(&g).map(|r| r.1), Some("dead position".to_string()));
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 99 60");
    play(&mut g, &["a1a2", "end"]);
    assert_eq!(result(&g).map(|r| r.1), Some("50-move rule".to_string()));
}

/// DB-FIDE-07: threefold repetition of the full state is a draw. Pawns stepping forward
/// and back repeat positions (their movements reset the 50-move clock, and the turn
/// counters grow); the counters are no part of "the same position". The position after
/// White's `a3a2` (Black to act, the last turn `a3a2`, whose snapshot has both pawns
/// moved) is the first to occur three times, in the third cycle.
#[test]
fn db_fide_07_threefold_repetition() {
    let cycle = ["a2a3", "a7a6", "a3a2", "a6a7"];
    let mut g = Game::new(DenialBait::new());
    play(&mut g, &cycle);
    play(&mut g, &cycle);
    play(&mut g, &cycle[..2]);
    assert_eq!(result(&g), None, "two occurrences are no draw");
    play(&mut g, &["a3a2"]);
    assert_eq!(result(&g), Some((None, "3-fold repetition".to_string())));
}

// ---------------------------------------------------------------- Denial

/// DB-DENY-01, DB-DENY-02, DB-DENY-03, DB-DENY-05, DB-DENY-06: the right, the window, exact
/// undo, transfer and immunity.
#[test]
fn db_deny_flow() {
    let r = DenialBait::new();
    let mut g = Game::new(r);
    let start = g.position().clone();
    play(&mut g, &["e2e3e4"]);
    assert!(has(&g, "deny"), "Black holds the right (DB-DENY-01)");
    play(&mut g, &["deny"]);
    // DB-DENY-03: units, side and game fields exactly as at the start of the denied turn.
    assert_eq!(g.position().units(), start.units());
    assert_eq!(g.position().to_move(), Side::White);
    assert_eq!(st(&g).game, start.state().game);
    // DB-DENY-05 and DB-DENY-06.
    assert_eq!(st(&g).denial, Side::White);
    assert_eq!(st(&g).immune, Some(Side::Black));
    assert!(
        !has(&g, "e2e3e4"),
        "DB-DENY-04: the denied movement is forbidden"
    );
    play(&mut g, &["d2d3d4"]);
    assert!(!has(&g, "deny"), "the replacement cannot be denied");
    play(&mut g, &["e7e6e5"]);
    assert!(!has(&g, "deny"), "the denier's next movement is immune");
    play(&mut g, &["g1f3", "a7a6"]);
    assert!(
        has(&g, "deny"),
        "DB-DENY-02: White may now deny Black's last movement"
    );
    play(&mut g, &["b1c3"]);
    assert!(
        !has(&g, "deny"),
        "only the movement just played can be denied"
    );
}

/// DB-DENY-04 and DB-KING-03: another route to the same square is a different movement.
#[test]
fn db_deny_04_other_route() {
    let mut g = game("7k/7p/8/8/8/8/8/4K3 w - - 0 1");
    assert!(
        can(&g, &["e1f1", "f1e1"]),
        "DB-KING-03: stepping out and back"
    );
    play(&mut g, &["e1f1", "end", "deny"]);
    assert!(
        !can(&g, &["e1f1", "end"]),
        "the denied identity is the one-step route"
    );
    assert!(
        has(&g, "e1f1") && can(&g, &["e1f1", "f1g1"]),
        "the first step stays: it has other completions"
    );
    assert!(
        can(&g, &["e1e2", "e2f1"]) && can(&g, &["e1f2", "f2f1"]),
        "{:?}",
        legal(&g)
    );
    play(&mut g, &["e1f1"]);
    let e = g.apply_text("end").unwrap_err();
    assert!(e.to_string().contains("denied"), "{e}");
    // A denied two-step route: the same first step stays, its second step does not.
    let mut g = game("7k/7p/8/8/8/8/8/4K3 w - - 0 1");
    play(&mut g, &["e1f2", "f2f1", "deny"]);
    assert!(has(&g, "e1f2") && can(&g, &["e1f2", "end"]));
    play(&mut g, &["e1f2"]);
    assert!(!has(&g, "f2f1"), "the denied route");
    let e = g.apply_text("f2f1").unwrap_err();
    assert!(e.to_string().contains("denied"), "{e}");
}

/// DB-DENY-07: a denied player without another movement is mated or stalemated.
#[test]
fn db_deny_07_no_alternative() {
    // Black, in check, has a single movement: take the queen and hide inside the rook.
    let mut g = game_holder("7k/6Q1/5R2/8/8/8/8/K7 b - - 0 1", Side::White);
    assert_eq!(legal(&g), vec!["h8g7".to_string()]);
    play(&mut g, &["h8g7"]);
    assert_eq!(legal(&g), vec!["g7f6#1".to_string()]);
    play(&mut g, &["g7f6#1", "deny"]);
    assert_eq!(
        result(&g),
        Some((Some(Side::White), "checkmate".to_string()))
    );
}

/// DB-DENY-11: knight movements without a path capture cannot be denied; path captures can.
#[test]
fn db_deny_11_knights() {
    let mut g = game("4k3/8/8/8/8/8/1p6/1N2K3 w - - 0 1");
    play(&mut g, &["b1c3"]);
    assert!(!has(&g, "deny"));
    assert_eq!(st(&g).denial, Side::Black);
    let mut g = game("4k3/8/8/8/8/8/1p6/1N2K3 w - - 0 1");
    play(&mut g, &["b1b2c3"]);
    assert!(has(&g, "deny"), "a path capture fixes the path");
}

// ---------------------------------------------------------------- Bait

const BAIT: &str = "4r2k/8/8/b7/8/8/P1PP4/4K3 w - - 0 1";

/// DB-BAIT-01, DB-BAIT-02, DB-BAIT-03, DB-BAIT-05, DB-BAIT-06, DB-BAIT-07: the bait cycle.
#[test]
fn db_bait_cycle() {
    let mut g = game(BAIT);
    assert!(has(&g, "declare:1"), "in check with bait pawns in reach");
    play(&mut g, &["declare:1"]);
    // DB-BAIT-03: only movements that keep the check; escapes are played without declaring.
    assert!(has(&g, "a2a3"));
    assert!(!can(&g, &["e1f1", "end"]));
    assert!(!has(&g, "declare:1"));
    play(&mut g, &["a2a3"]);
    // DB-BAIT-05: Black must capture the King (or deny the bait turn).
    let mut l = legal(&g);
    l.sort();
    assert_eq!(l, vec!["deny".to_string(), "e8e1".to_string()]);
    let pawn_d2 = at(&g, "d2").expect("pawn");
    let king = at(&g, "e1").expect("king");
    play(&mut g, &["e8e1"]);
    // DB-BAIT-06: two bait targets (c2, d2): White chooses.
    assert_eq!(g.position().to_move(), Side::White);
    assert_eq!(
        legal(&g),
        vec!["choose:c2".to_string(), "choose:d2".to_string()]
    );
    play(&mut g, &["choose:1"]);
    assert_eq!(at(&g, "d2"), Some(king));
    assert_eq!(loc(&g, pawn_d2), Location::Captured(Side::Black));
    assert!(
        at(&g, "e1").is_some(),
        "the rook ends where its movement ends"
    );
    assert!(
        !st(&g).last.as_ref().expect("last").deniable,
        "DB-DENY-08: the forced response"
    );
    // DB-BAIT-07: the King on d2 is in check from the bishop; chain bait with the c2 pawn.
    assert!(has(&g, "declare:1"));
}

/// DB-BAIT-02: a pawn two King steps away counts only through an empty middle square.
#[test]
fn db_bait_02_reach() {
    let g = game("4r2k/8/8/8/8/8/8/2P1K3 w - - 0 1");
    assert!(
        has(&g, "declare:1"),
        "c1 is two steps away through d1 or d2"
    );
    let g = game("4r2k/8/8/8/8/8/3N4/2PNK3 w - - 0 1");
    assert!(!has(&g, "declare:1"), "both middle squares are occupied");
    let g = game("4r2k/8/8/8/8/8/8/P3K3 w - - 0 1");
    assert!(!has(&g, "declare:1"), "a1 is out of reach");
}

/// DB-BAIT-04: the free movement must keep the check and leave a bait target.
#[test]
fn db_bait_04_postconditions() {
    let mut g = game("4r2k/8/8/8/8/8/P2P4/4K3 w - - 0 1");
    play(&mut g, &["declare:1"]);
    assert!(has(&g, "a2a3"));
    assert!(
        !has(&g, "d2c2b2"),
        "the only bait pawn would leave the King's reach"
    );
    assert!(!can(&g, &["e1f1", "end"]), "the check would be gone");
}

/// DB-BAIT-08 and DB-DENY-10: an attacker left in check by the forced response loses its King.
#[test]
fn db_bait_08_attacker_exposed() {
    let mut g = game("4r2k/8/8/8/8/8/P2P4/4K2R w - - 0 1");
    play(&mut g, &["declare:1", "a2a3", "e8e1"]);
    assert!(has(&g, "h1h8"));
    play(&mut g, &["h1h8"]);
    assert_eq!(result(&g), None, "Black may still deny");
    assert!(has(&g, "deny") && has(&g, "end"));
    play(&mut g, &["end"]);
    assert_eq!(
        result(&g),
        Some((Some(Side::White), "king captured".to_string()))
    );
}

/// DB-BAIT-09: a statue serves as bait from any distance.
#[test]
fn db_bait_09_statue() {
    let mut g = game("S3r2k/8/8/8/8/8/8/1N2K3 w - - 0 1");
    assert!(has(&g, "declare:1"));
    let statue = at(&g, "a8").expect("statue");
    let king = at(&g, "e1").expect("king");
    play(&mut g, &["declare:1", "b1c3", "e8e1"]);
    assert_eq!(at(&g, "a8"), Some(king));
    assert_eq!(loc(&g, statue), Location::Captured(Side::Black));
    assert_eq!(
        g.position().unit(statue).kind,
        g.rules().kinds().by_fen('P').unwrap()
    );
}

/// DB-STAT-05 (with DB-BAIT-09): only the lowest statue of a chain is a bait target. With a
/// chain a8-a7, the King is transported to a7 (the only target, so no choice is asked); the
/// statue on a8 stays.
#[test]
fn db_stat_05_statue_bait_lowest_only() {
    let mut g = game("S3r2k/S7/8/8/8/8/8/1N2K3 w - - 0 1");
    let (top, low, king) = (
        at(&g, "a8").unwrap(),
        at(&g, "a7").unwrap(),
        at(&g, "e1").unwrap(),
    );
    play(&mut g, &["declare:1", "b1c3", "e8e1"]);
    assert_eq!(at(&g, "a7"), Some(king), "transported to the lowest statue");
    assert_eq!(at(&g, "a8"), Some(top), "the statue above it is no target");
    assert_eq!(g.position().unit(top).kind, kind(&g, 'S'));
    assert_eq!(loc(&g, low), Location::Captured(Side::Black));
}

/// DB-BAIT-10: with exactly one possible movement there is no bait.
#[test]
fn db_bait_10_single_movement() {
    use frozen_variants::denial_bait::{bait_movements, base::Board, can_declare, legal_movements};
    // Black, in check from the knight, has no escape and exactly one movement that keeps
    // the check (a2a3); statues on a1 and b2 would be bait targets.
    let g = game("6Sk/5NSb/6S1/8/8/8/ps6/ss2K3 b - - 0 1");
    let b = Board::load(g.position());
    let (mut esc, mut fr) = (Vec::new(), Vec::new());
    legal_movements(&b, st(&g), &mut esc);
    bait_movements(&b, st(&g), &mut fr);
    assert_eq!((esc.len(), fr.len()), (0, 1));
    assert!(
        !can_declare(&b, st(&g), 0),
        "one possible movement: no bait"
    );
    assert!(
        can_declare(&b, st(&g), 1),
        "with one more movement the bait would be allowed"
    );
    assert!(
        legal(&g).iter().all(|a| a.starts_with("act:")),
        "only statue free actions are left"
    );
    // The knight arrives with check: mate at once (a plain knight move cannot be denied).
    let mut g = game("6Sk/6Sb/3N2S1/8/8/8/ps6/ss2K3 w - - 0 1");
    play(&mut g, &["d6f7"]);
    assert_eq!(
        result(&g),
        Some((Some(Side::White), "checkmate".to_string()))
    );
}

/// DB-DENY-09: a denied bait turn may be replayed as the same bait with another free
/// movement, or as an escape.
#[test]
fn db_deny_09_denied_bait() {
    let mut g = game(BAIT);
    play(&mut g, &["declare:1", "a2a3", "deny"]);
    assert!(has(&g, "declare:1") && has(&g, "e1f1"));
    play(&mut g, &["declare:1"]);
    assert!(!has(&g, "a2a3"), "the denied bait movement");
    assert!(has(&g, "a2a4") || has(&g, "a2a3a4"));
}

fn kind(g: &Game<DenialBait>, c: char) -> frozen_core::Kind {
    g.rules().kinds().by_fen(c).expect("letter")
}

fn cargo(g: &Game<DenialBait>, sq: &str) -> Vec<UnitId> {
    let by = at(g, sq).expect("carrier");
    g.position().cargo(by).to_vec()
}

// ---------------------------------------------------------------- Rook stacks

/// DB-ROOK-05 and DB-ROOK-06: the golden example of L68.
#[test]
fn db_rook_05_golden_l68() {
    let mut g = setup(
        "7k/8/8/3r4/8/8/8/K2R4 w - - 0 1",
        &[("d5", "r"), ("d5", "p"), ("d1", "P")],
        &[],
    );
    let r1 = at(&g, "d5").unwrap();
    let [r2, p] = cargo(&g, "d5")[..] else {
        panic!()
    };
    let rw = at(&g, "d1").unwrap();
    let [pw] = cargo(&g, "d1")[..] else { panic!() };
    play(&mut g, &["d1d5"]);
    assert_eq!(at(&g, "d5"), Some(p), "only the black pawn remains");
    assert!(cargo(&g, "d5").is_empty());
    assert_eq!(loc(&g, r1), Location::Captured(Side::White));
    assert_eq!(
        loc(&g, rw),
        Location::Captured(Side::Black),
        "DB-ROOK-06: the capturer is struck"
    );
    assert_eq!(loc(&g, r2), Location::Captured(Side::White));
    assert_eq!(loc(&g, pw), Location::Captured(Side::Black));
}

/// DB-KNGT-04 and DB-ROOK-05: the four-rook example of L81 (knight takes the third rook).
#[test]
fn db_kngt_04_golden_l81() {
    let mut g = setup(
        "7k/8/8/8/4r3/3N4/8/K7 w - - 0 1",
        &[("e4", "R"), ("e4", "r"), ("e4", "R"), ("e4", "p")],
        &[],
    );
    let rb1 = at(&g, "e4").unwrap();
    let [rw1, rb2, rw2, pb] = cargo(&g, "e4")[..] else {
        panic!()
    };
    play(&mut g, &["d3e4f4#8"]);
    assert_eq!(
        at(&g, "e4"),
        Some(pb),
        "only the pawn (and the knight) remain"
    );
    assert_eq!(g.position().unit(at(&g, "f4").unwrap()).kind, kind(&g, 'N'));
    assert_eq!(loc(&g, rb2), Location::Captured(Side::White));
    assert_eq!(loc(&g, rb1), Location::Captured(Side::White));
    assert_eq!(loc(&g, rw2), Location::Exiled, "a falling own rook exiles");
    assert_eq!(loc(&g, rw1), Location::Captured(Side::Black));
}

/// DB-ROOK-01, DB-ROOK-02, DB-ROOK-04: riders travel with their rook, pieces enter, riders
/// leave; a rider rook takes the pieces above it along.
#[test]
fn db_rook_01_02_04_stacks() {
    let mut g = setup("7k/8/8/8/8/8/8/K2R4 w - - 0 1", &[("d1", "N")], &[]);
    let [n] = cargo(&g, "d1")[..] else { panic!() };
    play(&mut g, &["d1d4", "h8g8", "end"]);
    assert_eq!(cargo(&g, "d4"), vec![n], "DB-ROOK-01");
    // DB-ROOK-04: the knight leaves from the stack's square (stack index 1).
    assert!(has(&g, "d4e6#32"));
    // DB-ROOK-02: the King enters its own rook; a slider is blocked by the stack.
    play(&mut g, &["a1b2", "end", "g8h8", "end", "b2c3"]);
    assert!(has(&g, "c3d4#1"), "the second step enters the rook");
    let mut g = setup(
        "7k/8/8/8/8/8/8/K2R3R w - - 0 1",
        &[("d1", "h1"), ("d1", "P")],
        &[],
    );
    let [r2, p] = cargo(&g, "d1")[..] else {
        panic!()
    };
    play(&mut g, &["d1d5#32"]);
    assert_eq!(at(&g, "d5"), Some(r2));
    assert_eq!(
        cargo(&g, "d5"),
        vec![p],
        "the pawn above the rider rook goes along"
    );
    assert!(cargo(&g, "d1").is_empty());
}

/// DB-ROOK-03 and DB-CAPT-06: a rider can be captured only by a knight; a bishop takes the
/// ground rook and the rider falls on it.
#[test]
fn db_rook_03_riders_protected() {
    let mut g = setup("7k/8/8/8/b7/8/8/K2R4 b - - 0 1", &[("d1", "N")], &[]);
    let [n] = cargo(&g, "d1")[..] else { panic!() };
    let (r, b) = (at(&g, "d1").unwrap(), at(&g, "a4").unwrap());
    assert!(has(&g, "a4d1"));
    let to_d1: Vec<_> = legal(&g)
        .into_iter()
        .filter(|a| a.starts_with("a4d1"))
        .collect();
    assert_eq!(
        to_d1,
        vec!["a4d1".to_string(), "a4d1#1".to_string()],
        "capture the rook or enter it, never take the rider"
    );
    play(&mut g, &["a4d1"]);
    // The falling knight captures the bishop; Black may raise it: decline.
    play(&mut g, &["choose:0"]);
    assert_eq!(loc(&g, r), Location::Captured(Side::Black));
    assert_eq!(loc(&g, b), Location::Captured(Side::White));
    assert_eq!(at(&g, "d1"), Some(n));
    // A black knight takes a rider directly (DB-KNGT-04).
    let g = setup("7k/8/8/8/8/4n3/8/K2R4 b - - 0 1", &[("d1", "N")], &[]);
    assert!(has(&g, "e3d1#5"), "{:?}", legal(&g));
}

/// DB-ROOK-07: a pawn inside a rook may stand on its first row, is not self-captured, does
/// not double-move and does not convert.
#[test]
fn db_rook_07_pawn_inside() {
    let mut g = setup("7k/8/8/8/8/8/8/K2R4 w - - 0 1", &[("d1", "P")], &[]);
    let [p] = cargo(&g, "d1")[..] else { panic!() };
    play(&mut g, &["a1b1", "end", "h8g8", "end"]);
    assert_eq!(
        loc(&g, p),
        Location::Carried {
            by: at(&g, "d1").unwrap(),
            slot: 0
        }
    );
    assert!(has(&g, "d1d2#32"));
    play(&mut g, &["d1d8", "g8g7", "end"]);
    assert!(!st(&g).turn.converting, "no conversion inside the rook");
    // No double move from inside, tested where a double move is otherwise possible: a pawn
    // riding a rook on d2 (its second row) steps out but never double-moves, while the same
    // pawn standing on d2 on its own has every two-step route (DB-PAWN-03).
    let doubles = [
        "d2d3d4", "d2d3c3", "d2d3e3", "d2c2b2", "d2e2f2", "d2c2c3", "d2d3d2",
    ];
    let free = game("7k/8/8/8/8/8/3P4/K7 w - - 0 1");
    for d in doubles {
        assert!(has(&free, d), "control: a free pawn on d2 double-moves {d}");
    }
    let inside = setup("7k/8/8/8/8/8/3R4/K7 w - - 0 1", &[("d2", "P")], &[]);
    let moves = legal(&inside);
    assert!(
        moves.iter().any(|a| a.starts_with("d2d3#")),
        "the rider steps out: {moves:?}"
    );
    for d in doubles {
        assert!(
            !moves.iter().any(|a| a.starts_with(d)),
            "no double move {d} from inside a rook: {moves:?}"
        );
    }
    let mut g = setup("7k/8/8/8/8/8/3R4/K7 w - - 0 1", &[("d2", "P")], &[]);
    assert!(!has(&g, "d2d1#32"), "a pawn never steps to its first row");
    play(&mut g, &["d2d1"]);
    let [p] = cargo(&g, "d1")[..] else { panic!() };
    assert_eq!(
        g.position().unit(p).kind,
        kind(&g, 'P'),
        "not self-captured inside"
    );
}

/// DB-ROOK-08 and DB-BISH-06: a lone bishop checks a King riding in a rook (L96).
#[test]
fn db_rook_08_check_through_stack() {
    use frozen_variants::denial_bait::{base::Board, fide::in_check};
    let g = setup("7k/b7/8/8/3R4/8/8/K7 w - - 0 1", &[("d4", "a1")], &[]);
    assert!(in_check(&Board::load(g.position()), Side::White));
    // With a bishop that already used its raise, the falling King takes it for good.
    let mut p = g.position().clone();
    let b = p.unit_at("a7".parse().unwrap()).unwrap();
    p.update_status(b, |s| s.flags |= 1);
    assert!(!in_check(&Board::load(&p), Side::White));
}

// ---------------------------------------------------------------- Queen

/// DB-QUEN-01, DB-QUEN-02, DB-CAPT-02, DB-CAPT-03, DB-CAPT-04: all-round capture.
#[test]
fn db_quen_02_all_round() {
    let mut g = game("7k/8/8/2nPb3/3Q4/2N5/8/K7 w - - 0 1");
    assert!(has(&g, "d4d1"), "DB-QUEN-01");
    let (n, p, b, wn) = (
        at(&g, "c5").unwrap(),
        at(&g, "d5").unwrap(),
        at(&g, "e5").unwrap(),
        at(&g, "c3").unwrap(),
    );
    play(&mut g, &["act:d4"]);
    // The black bishop's owner decides on its raise first (DB-BISH-02): decline.
    assert_eq!(g.position().to_move(), Side::Black);
    play(&mut g, &["choose:0"]);
    assert_eq!(loc(&g, n), Location::Captured(Side::White));
    assert_eq!(
        loc(&g, p),
        Location::Captured(Side::Black),
        "DB-CAPT-04: an own pawn is captured, not exiled"
    );
    assert_eq!(
        loc(&g, wn),
        Location::Exiled,
        "DB-CAPT-02: an own piece is exiled"
    );
    assert_eq!(loc(&g, b), Location::Captured(Side::White));
    // No adjacent piece: no all-round capture.
    let g = game("7k/8/8/8/3Q4/8/8/K7 w - - 0 1");
    assert!(!has(&g, "act:d4"));
}

/// DB-QUEN-03 and DB-QUEN-04: a riding queen's all-round spares her stack; an adjacent
/// stack loses its ground rook and the riders fall.
#[test]
fn db_quen_03_04_stacks() {
    let mut g = setup(
        "7k/8/8/8/3Rr3/8/8/K7 w - - 0 1",
        &[("d4", "Q"), ("e4", "n")],
        &[],
    );
    let er = at(&g, "e4").unwrap();
    let [en] = cargo(&g, "e4")[..] else { panic!() };
    let wr = at(&g, "d4").unwrap();
    play(&mut g, &["act:d4#32"]);
    assert_eq!(at(&g, "d4"), Some(wr), "her own stack is not hit");
    assert_eq!(loc(&g, er), Location::Captured(Side::White));
    assert_eq!(
        at(&g, "e4"),
        Some(en),
        "the rider fell onto the empty square"
    );
}

/// DB-QUEN-05, DB-QUEN-06: revenge captures the capturer and neighbours, exiles her own side.
#[test]
fn db_quen_05_06_revenge() {
    let mut g = game("7k/8/8/8/3Q4/4K3/8/3r4 b - - 0 1");
    let q = at(&g, "d4").unwrap();
    let r = at(&g, "d1").unwrap();
    let k = at(&g, "e3").unwrap();
    play(&mut g, &["d1d4"]);
    assert_eq!(loc(&g, q), Location::Captured(Side::Black));
    assert_eq!(
        loc(&g, r),
        Location::Captured(Side::White),
        "her capturer is taken"
    );
    assert_eq!(
        loc(&g, k),
        Location::Exiled,
        "DB-QUEN-06: her own King goes into exile"
    );
}

/// DB-QUEN-05: revenge only when captured, not when exiled. The white rook on d4 carries
/// the white queen (bottom) and a white pawn; the black queen's all-round takes the rook
/// (DB-QUEN-04), the queen falls onto d4 and the pawn falls on her: she is exiled
/// (DB-ROOK-05, own piece struck). An exiled queen takes no revenge, so the black queen on
/// d5, next to d4, stays.
#[test]
fn db_quen_05_exiled_queen_no_revenge() {
    let mut g = setup(
        "7k/8/8/3q4/3R4/8/8/K7 b - - 0 1",
        &[("d4", "Q"), ("d4", "P")],
        &[],
    );
    let (bq, rook) = (at(&g, "d5").unwrap(), at(&g, "d4").unwrap());
    let [wq, wp] = cargo(&g, "d4")[..] else {
        panic!("two riders")
    };
    play(&mut g, &["act:d5"]);
    assert_eq!(loc(&g, rook), Location::Captured(Side::Black));
    assert_eq!(loc(&g, wq), Location::Exiled, "the falling pawn exiles her");
    assert_eq!(at(&g, "d4"), Some(wp), "the pawn is the ground piece");
    assert_eq!(
        at(&g, "d5"),
        Some(bq),
        "an exiled queen takes no revenge: the black queen stays"
    );
}

/// DB-QUEN-07: revenge chains (a revenge takes another queen, whose revenge follows).
#[test]
fn db_quen_07_chain() {
    let mut g = game("7k/8/8/8/2qQ4/8/8/K2r4 b - - 0 1");
    let (wq, bq, r) = (
        at(&g, "d4").unwrap(),
        at(&g, "c4").unwrap(),
        at(&g, "d1").unwrap(),
    );
    play(&mut g, &["d1d4"]);
    assert_eq!(loc(&g, wq), Location::Captured(Side::Black));
    assert_eq!(
        loc(&g, bq),
        Location::Captured(Side::White),
        "the white revenge takes the black queen"
    );
    assert_eq!(
        loc(&g, r),
        Location::Captured(Side::White),
        "the white revenge takes her capturer; the black revenge does not remove it again"
    );
    assert!(at(&g, "d4").is_none() && at(&g, "c4").is_none());
}

// ---------------------------------------------------------------- King

/// DB-KING-01, DB-KING-02: two steps, two captures, an attacked middle square.
#[test]
fn db_king_01_02_double() {
    let mut g = game("7k/8/8/8/8/4p3/3p4/4K2r w - - 0 1");
    let (a, b) = (at(&g, "d2").unwrap(), at(&g, "e3").unwrap());
    assert!(
        !can(&g, &["e1f1", "end"]),
        "f1 is attacked by the rook (final square)"
    );
    assert!(
        can(&g, &["e1f1", "f1e2"]),
        "a first step onto an attacked square"
    );
    assert!(
        !can(&g, &["e1f1", "f1f2"]),
        "f2 is attacked by the pawn on e3"
    );
    // The first step is an action of its own; the movement waits for its second step or
    // `end`, and nothing of it is resolved before.
    play(&mut g, &["e1d2"]);
    assert_eq!(
        at(&g, "d2"),
        Some(a),
        "the board still shows the position before the movement"
    );
    assert!(st(&g).turn.partial.is_some());
    assert_eq!(g.position().to_move(), Side::White);
    assert!(!has(&g, "end"), "d2 is attacked by the pawn on e3");
    assert!(has(&g, "d2e3"));
    play(&mut g, &["d2e3"]);
    assert_eq!(loc(&g, a), Location::Captured(Side::White));
    assert_eq!(
        loc(&g, b),
        Location::Captured(Side::White),
        "two captures in one movement"
    );
}

/// DB-KING-04: a King takes a queen only by continuing into a rook; triggers wait for the
/// second step.
#[test]
fn db_king_04_queen_capture() {
    let mut g = game("7k/6Q1/5R2/8/8/8/8/K7 b - - 0 1");
    assert_eq!(legal(&g), vec!["h8g7".to_string()]);
    let (q, r, k) = (
        at(&g, "g7").unwrap(),
        at(&g, "f6").unwrap(),
        at(&g, "h8").unwrap(),
    );
    play(&mut g, &["h8g7"]);
    // The revenge waits for the second step: the queen is still on g7, the King on h8, and
    // ending the movement on g7 is illegal (her revenge would take the King).
    assert_eq!((at(&g, "g7"), at(&g, "h8")), (Some(q), Some(k)));
    assert_eq!(legal(&g), vec!["g7f6#1".to_string()]);
    play(&mut g, &["g7f6#1"]);
    assert_eq!(loc(&g, q), Location::Captured(Side::Black));
    assert_eq!(
        loc(&g, r),
        Location::Exiled,
        "her revenge exiles her own rook"
    );
    assert_eq!(at(&g, "f6"), Some(k), "the King fell to the ground");
}

/// DB-KING-06: Kings enter enemy rooks and are carried by them.
#[test]
fn db_king_06_enemy_rook() {
    let mut g = game("7k/8/8/8/8/8/4r3/K7 w - - 0 1");
    assert!(!can(&g, &["a1b2", "end"]));
    let mut g2 = game("7k/8/8/8/8/1r6/8/K7 w - - 0 1");
    let k = at(&g2, "a1").unwrap();
    play(&mut g2, &["a1b2", "b2b3#1"]);
    assert_eq!(cargo(&g2, "b3"), vec![k]);
    play(&mut g2, &["b3b8"]);
    assert_eq!(cargo(&g2, "b8"), vec![k], "the enemy rook carries the King");
    play(&mut g, &["a1b1", "end"]);
}

// ---------------------------------------------------------------- Knight

/// DB-KNGT-01, DB-KNGT-02, DB-BASE-06: two paths, path captures, identities.
#[test]
fn db_kngt_01_02_paths() {
    let mut g = game("7k/8/8/8/8/8/1pp5/1N2K3 w - - 0 1");
    assert!(has(&g, "b1b2c3") && has(&g, "b1c2c3") && has(&g, "b1c3"));
    let v = at(&g, "b2").unwrap();
    play(&mut g, &["b1b2c3"]);
    assert_eq!(loc(&g, v), Location::Captured(Side::White));
    assert!(at(&g, "c3").is_some());
    // DB-BASE-06: the other path is another movement; after a denial it stays open.
    play(&mut g, &["deny"]);
    assert!(!has(&g, "b1b2c3") && has(&g, "b1c2c3"));
}

/// DB-KNGT-03 and DB-KNGT-05: one capture per movement; ending inside a rook.
#[test]
fn db_kngt_03_05_one_capture() {
    let g = game("7k/8/8/8/8/2n5/1p6/1N2K3 w - - 0 1");
    assert!(has(&g, "b1c3"), "capture on the destination");
    assert!(
        !has(&g, "b1b2c3"),
        "no path capture when the destination is taken"
    );
    let g = game("7k/8/8/8/8/2r5/1p6/1N2K3 w - - 0 1");
    assert!(
        has(&g, "b1c3") && has(&g, "b1c3#1"),
        "capture the rook or end inside it"
    );
    assert!(has(&g, "b1b2c3#1"), "path capture and end inside the rook");
    let g = game("7k/8/8/8/8/2R5/8/1N2K3 w - - 0 1");
    assert!(has(&g, "b1c3#1") && !has(&g, "b1c3"));
}

/// DB-KNGT-06 and DB-STAT-02: knights jump over statues but never take or land on them.
#[test]
fn db_kngt_06_statues() {
    let g = game("7k/8/8/8/8/8/8/1Ns1K3 w - - 0 1");
    assert!(has(&g, "b1c3"), "jumps over the statue on c1");
    assert!(!has(&g, "b1c1c3"), "a statue cannot be captured");
    let g = game("7k/8/8/8/8/8/N7/2s1K3 w - - 0 1");
    assert!(!has(&g, "a2c1"), "cannot land on a statue");
    // Sliders stop at statues (DB-STAT-02).
    let g = game("7k/8/8/8/8/8/8/R1s1K3 w - - 0 1");
    assert!(has(&g, "a1b1") && !has(&g, "a1c1") && !has(&g, "a1d1"));
}

// ---------------------------------------------------------------- Bishop

/// DB-BISH-01: FIDE bishop movement, every diagonal square up to a blocker, captures of the
/// first enemy, never past or onto an own piece, never orthogonally; plus entering an own
/// rook on the diagonal (and stopping there).
#[test]
fn db_bish_01_fide_bishop() {
    let moves_from = |g: &Game<DenialBait>, sq: &str| {
        let mut v: Vec<String> = legal(g).into_iter().filter(|a| a.starts_with(sq)).collect();
        v.sort();
        v
    };
    // d4: up-right to g7 (captures the pawn, not h8 behind it), up-left to a7, down-right
    // to g1, down-left c3 only (own pawn on b2).
    let g = game("7k/6p1/8/8/3B4/8/1P6/K7 w - - 0 1");
    let mut want: Vec<String> = [
        "d4e5", "d4f6", "d4g7", "d4c5", "d4b6", "d4a7", "d4e3", "d4f2", "d4g1", "d4c3",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    want.sort();
    assert_eq!(moves_from(&g, "d4"), want);
    // An own rook on f6 is entered (on top) and blocks the rest of the diagonal.
    let g = game("7k/6p1/5R2/8/3B4/8/1P6/K7 w - - 0 1");
    let got = moves_from(&g, "d4");
    assert!(has(&g, "d4e5"), "{got:?}");
    assert!(
        got.iter().any(|a| a.starts_with("d4f6#")),
        "the bishop enters the rook on f6: {got:?}"
    );
    assert!(!got.iter().any(|a| a.starts_with("d4g7")), "{got:?}");
}

/// DB-BISH-01, DB-BISH-02, DB-BISH-04, DB-CAPT-03: raise, then auto-exile at the end of the
/// owner's next turn.
#[test]
fn db_bish_02_04_raise_and_auto_exile() {
    let mut g = game("7k/p7/8/3b4/8/8/8/K2R4 w - - 0 1");
    let (b, r) = (at(&g, "d5").unwrap(), at(&g, "d1").unwrap());
    play(&mut g, &["d1d5"]);
    assert_eq!(
        g.position().to_move(),
        Side::Black,
        "Black decides on the raise"
    );
    play(&mut g, &["choose:1"]);
    assert_eq!(at(&g, "d5"), Some(b), "DB-BISH-02: the bishop is back");
    assert_eq!(loc(&g, r), Location::Captured(Side::Black));
    assert!(has(&g, "d5e4"), "it may make one more movement");
    play(&mut g, &["a7a6"]);
    assert_eq!(
        loc(&g, b),
        Location::Exiled,
        "DB-BISH-04: auto-exiled at the end of Black's turn"
    );
    // Declining keeps it captured.
    let mut g = game("7k/p7/8/3b4/8/8/8/K2R4 w - - 0 1");
    let b = at(&g, "d5").unwrap();
    play(&mut g, &["d1d5", "choose:0"]);
    assert_eq!(loc(&g, b), Location::Captured(Side::White));
}

/// DB-BISH-03: golden example: a rook with a pawn inside takes a bishop; the bishop raises
/// and takes the rook; the falling pawn takes the bishop for good.
#[test]
fn db_bish_03_raise_once() {
    let mut g = setup("7k/p7/8/3b4/8/8/8/K2R4 w - - 0 1", &[("d1", "P")], &[]);
    let (b, r) = (at(&g, "d5").unwrap(), at(&g, "d1").unwrap());
    let [p] = cargo(&g, "d1")[..] else { panic!() };
    play(&mut g, &["d1d5", "choose:1"]);
    assert_eq!(loc(&g, r), Location::Captured(Side::Black));
    assert_eq!(
        loc(&g, b),
        Location::Captured(Side::White),
        "captured again: no second raise"
    );
    assert_eq!(at(&g, "d5"), Some(p));
    assert_eq!(g.position().to_move(), Side::Black);
}

/// DB-BISH-05 and DB-PROM-03: bishop promotion from the exile pile only, on the bishop's colour.
#[test]
fn db_bish_05_bishop_promotion() {
    let g = setup("7k/p7/8/8/8/8/P1P5/K1B5 w - - 0 1", &[], &["N"]);
    let l = legal(&g);
    let promos: Vec<_> = l.iter().filter(|a| a.starts_with("act:")).collect();
    // c1 is a dark square; a2 (light) no, c2 (light) no: none. Move the bishop's colour.
    assert!(promos.is_empty(), "{promos:?}");
    let mut g = setup("7k/p7/8/8/8/8/1P6/K1B5 w - - 0 1", &[], &["N"]);
    let l = legal(&g);
    let promos: Vec<_> = l
        .iter()
        .filter(|a| a.starts_with("act:b2="))
        .cloned()
        .collect();
    assert_eq!(
        promos.len(),
        1,
        "only the exiled knight, not the captured pieces: {l:?}"
    );
    let pawn = at(&g, "b2").unwrap();
    play(&mut g, &[&promos[0]]);
    assert_eq!(g.position().unit(at(&g, "b2").unwrap()).kind, kind(&g, 'N'));
    assert_eq!(loc(&g, pawn), Location::Dead, "the pawn is spent");
    assert!(
        has(&g, "deny"),
        "a bishop promotion is a movement (DB-BASE-03)"
    );
}

// ---------------------------------------------------------------- Pawn

/// DB-PAWN-01 and DB-PAWN-02: steps in four directions, captures forward-diagonal only.
#[test]
fn db_pawn_01_02_steps_and_captures() {
    let g = game("7k/8/8/2p1p3/3P4/2p1p3/8/K7 w - - 0 1");
    for a in ["d4d5", "d4d3", "d4c4", "d4e4", "d4c5", "d4e5"] {
        assert!(has(&g, a), "{a}");
    }
    assert!(!has(&g, "d4c3") && !has(&g, "d4e3"), "no backward captures");
    let g = game("7k/8/8/8/8/8/3P4/K7 w - - 0 1");
    assert!(!has(&g, "d2d1"), "never onto the own first row");
}

/// DB-PAWN-03 and DB-PAWN-04: double moves from any second-row square, in any combination,
/// through an empty middle square; not from the fourth row back.
#[test]
fn db_pawn_03_04_double_moves() {
    let mut g = game("7k/p7/8/8/8/8/3P4/K7 w - - 0 1");
    for a in [
        "d2d3d4", "d2d3c3", "d2d3e3", "d2d3d2", "d2c2b2", "d2e2f2", "d2c2c3",
    ] {
        assert!(has(&g, a), "{a}");
    }
    play(&mut g, &["d2d3d2", "a7a6"]);
    assert!(has(&g, "d2d3d4"), "again, even after moving");
    let g = game("7k/8/8/8/3P4/8/8/K7 w - - 0 1");
    assert!(
        !legal(&g)
            .iter()
            .any(|a| a.len() == 6 && a.starts_with("d4")),
        "no double move off the second row"
    );
    let g = game("7k/8/8/8/8/3n4/3P4/K7 w - - 0 1");
    assert!(!has(&g, "d2d3d4"), "the middle square must be empty");
    // DB-PAWN-04: no capture with the second step, and no step onto the own first row.
    let g = game("7k/8/8/8/3n4/8/3P4/K7 w - - 0 1");
    let moves = legal(&g);
    assert!(
        has(&g, "d2d3c3"),
        "control: the pawn double-moves: {moves:?}"
    );
    assert!(
        !moves.iter().any(|a| a.starts_with("d2d3d4")),
        "no capture on d4: {moves:?}"
    );
    for route in ["d2c2c1", "d2e2e1"] {
        assert!(
            !moves.iter().any(|a| a.starts_with(route)),
            "{route}: never onto the own first row: {moves:?}"
        );
    }
}

/// DB-PAWN-05: en passant after sideways and forward-and-back double moves.
#[test]
fn db_pawn_05_en_passant() {
    let mut g = game("7k/8/8/8/8/5p2/3P4/K7 w - - 0 1");
    let p = at(&g, "d2").unwrap();
    play(&mut g, &["d2e2f2"]);
    assert!(
        has(&g, "f3e2"),
        "the enemy pawn attacks e2, the square passed over"
    );
    play(&mut g, &["f3e2"]);
    assert_eq!(loc(&g, p), Location::Captured(Side::Black));
    let mut g = game("7k/8/8/8/3p4/8/4P3/K7 w - - 0 1");
    play(&mut g, &["e2e3e2"]);
    assert!(has(&g, "d4e3"));
    play(&mut g, &["d4e3"]);
    assert!(at(&g, "e2").is_none());
}

/// DB-PAWN-06: a pawn left on its own first row outside a rook is self-captured.
#[test]
fn db_pawn_06_self_capture() {
    let mut g = setup("7k/8/8/8/b7/8/8/K2R4 b - - 0 1", &[("d1", "P")], &[]);
    let [p] = cargo(&g, "d1")[..] else { panic!() };
    play(&mut g, &["a4d1", "choose:0"]);
    assert_eq!(
        loc(&g, p),
        Location::Captured(Side::Black),
        "fell on d1 and was self-captured"
    );
    assert!(at(&g, "d1").is_none());
}

/// DB-PAWN-07, DB-PROM-01, DB-PROM-02, DB-STAT-01: conversion on the last row at the end of the
/// turn, from the pool only; a statue is always possible.
#[test]
fn db_pawn_07_conversion() {
    let mut g = game("7k/3P4/8/7q/8/8/8/K7 w - - 0 1");
    play(&mut g, &["d7d8"]);
    // Options: statue, then the pool (White's pieces in Black's captured pile: Q R R B B N N).
    let l = legal(&g);
    assert_eq!(l.len(), 8, "{l:?}");
    let pawn = at(&g, "d8").unwrap();
    play(&mut g, &["choose:1"]);
    let q = at(&g, "d8").unwrap();
    assert_ne!(q, pawn);
    assert_eq!(g.position().unit(q).kind, kind(&g, 'Q'));
    assert!(g.position().unit(q).status.moved, "DB-PROM-04");
    assert_eq!(loc(&g, pawn), Location::Dead);
    let queens = g
        .position()
        .units()
        .iter()
        .filter(|u| u.side == Side::White && u.kind == kind(&g, 'Q'))
        .count();
    assert_eq!(queens, 1, "never two queens");
    // Statue.
    let mut g = game("7k/3P4/8/7q/8/8/8/K7 w - - 0 1");
    play(&mut g, &["d7d8", "choose:0"]);
    assert_eq!(g.position().unit(at(&g, "d8").unwrap()).kind, kind(&g, 'S'));
}

/// DB-PROM-04 (with DB-BISH-03): a unit that returns by promotion keeps its raise flag: a
/// bishop that has used its raise comes back from exile and, captured again, does not raise.
#[test]
fn db_prom_04_promotion_keeps_the_raise_flag() {
    let g0 = setup("7k/3P4/8/8/8/8/3r4/K7 w - - 0 1", &[], &["B"]);
    let mut p = g0.position().clone();
    let b = p
        .unit_ids()
        .find(|&i| p.unit(i).loc == Location::Exiled)
        .unwrap();
    p.update_status(b, |s| s.flags |= 1);
    let snap = frozen_variants::denial_bait::base::snap_of(&p);
    p.update_state(|s| s.turn.start = Some(snap));
    let mut g = Game::from_position(DenialBait::new(), p);
    play(&mut g, &["d7d8"]);
    let mut back = None;
    for a in legal(&g) {
        let mut c = g.clone();
        play(&mut c, &[&a]);
        if at(&c, "d8") == Some(b) {
            back = Some(c);
            break;
        }
    }
    let mut g = back.expect("the exiled bishop is a conversion option");
    assert_ne!(
        g.position().unit(b).status.flags & 1,
        0,
        "the raise flag is kept"
    );
    play(&mut g, &["d2d8"]);
    assert_eq!(loc(&g, b), Location::Captured(Side::Black));
    assert_eq!(g.position().to_move(), Side::White);
    assert!(
        !legal(&g).iter().any(|a| a.starts_with("choose")),
        "no second raise: {:?}",
        legal(&g)
    );
}

/// DB-EXIL-02: both Kings may be exiled; the game goes on, and neither side may bait.
#[test]
fn db_exil_02_both_kings_exiled() {
    let g = setup("4k3/p7/8/8/8/8/P7/4K3 w - - 0 1", &[], &["e1", "e8"]);
    assert_eq!(result(&g), None);
    let l = legal(&g);
    assert!(l.contains(&"a2a3".to_string()), "{l:?}");
    assert!(!l.contains(&"declare:1".to_string()), "{l:?}");
}

// ---------------------------------------------------------------- Disguise

/// DB-DSGS-01 and DB-DSGS-03: a pawn swaps with a piece on a square it could step to; a
/// loaded ground rook moves with its riders; the mover's King must not end in check.
#[test]
fn db_dsgs_01_03_disguise() {
    let mut g = game("7k/8/8/3n4/3P4/8/8/K7 w - - 0 1");
    let (p, n) = (at(&g, "d4").unwrap(), at(&g, "d5").unwrap());
    play(&mut g, &["swap:d4d5", "end"]);
    assert_eq!((at(&g, "d5"), at(&g, "d4")), (Some(p), Some(n)));
    let mut g = setup("7k/8/8/3r4/3P4/8/8/K7 w - - 0 1", &[("d5", "n")], &[]);
    let (p, r) = (at(&g, "d4").unwrap(), at(&g, "d5").unwrap());
    let [n] = cargo(&g, "d5")[..] else { panic!() };
    play(&mut g, &["swap:d4d5", "end"]);
    assert_eq!(at(&g, "d4"), Some(r));
    assert_eq!(cargo(&g, "d4"), vec![n], "the rook moves with its riders");
    assert_eq!(at(&g, "d5"), Some(p));
    // A swap that leaves the own King in check is illegal; statues never swap.
    let g = game("7k/8/8/8/8/8/r2PK3/8 w - - 0 1");
    assert!(
        !has(&g, "swap:d2e2"),
        "the King would stand on d2 in the rook's line... and e2"
    );
    let g = game("S6k/P7/8/8/8/8/8/K7 w - - 0 1");
    assert!(!legal(&g).iter().any(|a| a.starts_with("swap:a7a8")));
}

/// DB-DSGS-02: a pawn takes a rider's place: it pulls an enemy King out of a rook.
#[test]
fn db_dsgs_02_rider_swap() {
    let mut g = setup("7k/8/8/3Pr3/8/8/8/K7 w - - 0 1", &[("e5", "h8")], &[]);
    let k = cargo(&g, "e5")[0];
    let p = at(&g, "d5").unwrap();
    assert!(has(&g, "swap:d5e5#4"));
    play(&mut g, &["swap:d5e5#4", "end"]);
    assert_eq!(at(&g, "d5"), Some(k));
    assert_eq!(cargo(&g, "e5"), vec![p]);
}

/// DB-DSGS-04: chain disguise: each link is another own pawn that could move to the
/// disguised piece's new square.
#[test]
fn db_dsgs_04_chain() {
    let mut g = game("7k/8/8/8/3n4/3P4/3P4/K7 w - - 0 1");
    let (p3, p2, n) = (
        at(&g, "d3").unwrap(),
        at(&g, "d2").unwrap(),
        at(&g, "d4").unwrap(),
    );
    assert!(can(&g, &["swap:d3d4", "end"]) && can(&g, &["swap:d3d4", "swap:d2d3"]));
    // Each link is an action of its own; the chain waits for another link or `end`, and the
    // board still shows the position before the movement.
    play(&mut g, &["swap:d3d4"]);
    assert_eq!(at(&g, "d4"), Some(n));
    let mut l = legal(&g);
    l.sort();
    assert_eq!(l, vec!["end".to_string(), "swap:d2d3".to_string()]);
    play(&mut g, &["swap:d2d3"]);
    assert!(st(&g).turn.partial.is_some(), "the chain may go on");
    assert_eq!(
        legal(&g),
        vec!["end".to_string()],
        "no unused pawn reaches d2"
    );
    play(&mut g, &["end"]);
    assert_eq!(at(&g, "d4"), Some(p3));
    assert_eq!(at(&g, "d3"), Some(p2));
    assert_eq!(
        at(&g, "d2"),
        Some(n),
        "the knight was passed down the chain"
    );
}

/// DB-DSGS-05: en passant after a disguise link made with a double move takes the pawn
/// that double-moved, never the disguised piece.
#[test]
fn db_dsgs_05_en_passant() {
    let mut g = game("7k/8/8/8/2pn4/8/3P4/K7 w - - 0 1");
    let (p, n) = (at(&g, "d2").unwrap(), at(&g, "d4").unwrap());
    assert!(has(&g, "swap:d2d3d4#512"));
    play(&mut g, &["swap:d2d3d4#512", "end"]);
    assert_eq!((at(&g, "d4"), at(&g, "d2")), (Some(p), Some(n)));
    assert!(has(&g, "c4d3"));
    play(&mut g, &["c4d3"]);
    assert_eq!(loc(&g, p), Location::Captured(Side::Black));
    assert_eq!(at(&g, "d2"), Some(n), "the disguised knight stays");
}

// ---------------------------------------------------------------- Statues

/// DB-STAT-03 and DB-STAT-05: a pawn arriving in front of a statue chain may convert
/// (optionally); only the lowest statue of a chain is promoted.
#[test]
fn db_stat_03_05_chain() {
    let mut g = game("S6k/8/P7/8/8/8/8/K7 w - - 0 1");
    play(&mut g, &["a6a7"]);
    let l = legal(&g);
    assert_eq!(l[0], "choose:stay", "option 0: stay a pawn");
    play(&mut g, &["choose:1"]);
    assert_eq!(
        g.position().unit(at(&g, "a7").unwrap()).kind,
        kind(&g, 'S'),
        "chain statue"
    );
    play(&mut g, &["h8g8", "end"]);
    let l = legal(&g);
    assert!(
        l.iter().any(|a| a.starts_with("act:a7=")),
        "the lowest statue"
    );
    assert!(
        !l.iter().any(|a| a.starts_with("act:a8")),
        "never the one above it"
    );
}

/// DB-STAT-04, DB-BASE-02: statue promotion is a free action before the movement; the turn
/// goes on with a movement.
#[test]
fn db_stat_04_free_promotion() {
    let mut g = game("S6k/p7/8/8/8/8/8/K7 w - - 0 1");
    let promo = legal(&g)
        .into_iter()
        .find(|a| a.starts_with("act:a8=Q"))
        .expect("promotion");
    play(&mut g, &[&promo]);
    assert_eq!(g.position().to_move(), Side::White, "still White's turn");
    assert!(!has(&g, "deny") && !has(&g, "declare:1"));
    assert!(has(&g, "a8a7"), "the new queen may move");
    assert!(legal(&g).iter().all(|a| !a.starts_with("act:a8=")));
}

/// DB-STAT-06, DB-CAPT-07, DB-EXIL-03: a statue captures an exiled enemy piece; against a
/// King in Exile that ends the game.
#[test]
fn db_stat_06_capture_exiled() {
    let mut g = setup("S6k/p7/8/8/8/8/8/K7 w - - 0 1", &[], &["n"]);
    let n = g
        .position()
        .unit_ids()
        .find(|&i| g.position().unit(i).loc == Location::Exiled)
        .unwrap();
    let statue = at(&g, "a8").unwrap();
    let a = format!("act:a8#{}", n.0);
    assert!(has(&g, &a));
    play(&mut g, &[&a]);
    assert_eq!(loc(&g, n), Location::Captured(Side::White));
    assert_eq!(loc(&g, statue), Location::Captured(Side::Black));
    assert_eq!(result(&g), None);
}

/// DB-STAT-06 and DB-EXIL-03: a statue that captures an exiled piece of a player in King in
/// Exile ends the game at once (here the exiled King itself).
#[test]
fn db_stat_06_capture_against_king_in_exile() {
    let mut g = setup("S6k/p7/8/8/8/8/8/K7 w - - 0 1", &[], &["h8"]);
    let k = g
        .position()
        .unit_ids()
        .find(|&i| g.position().unit(i).loc == Location::Exiled)
        .unwrap();
    assert_eq!(result(&g), None);
    let a = format!("act:a8#{}", k.0);
    assert!(has(&g, &a), "{:?}", legal(&g));
    play(&mut g, &[&a]);
    assert_eq!(loc(&g, k), Location::Captured(Side::White));
    assert_eq!(
        result(&g).map(|r| r.0),
        Some(Some(Side::White)),
        "{:?}",
        result(&g)
    );
}

// ---------------------------------------------------------------- Capture, exile

/// DB-CAPT-01 and DB-CAPT-05: captured pieces go to the capturer's pile; no friendly capture.
#[test]
fn db_capt_01_05_piles() {
    let mut g = game("7k/8/8/3n4/8/8/3N4/K2R4 w - - 0 1");
    assert!(!has(&g, "d1d2"), "no capture of an own piece");
    play(&mut g, &["d2f3", "h8g8", "end", "d1d5"]);
    let n = g.position().unit_ids().find(|&i| {
        g.position().unit(i).loc == Location::Captured(Side::White)
            && g.position().unit(i).kind == kind(&g, 'N')
    });
    assert!(n.is_some());
}

/// DB-CAPT-03: exile by a raising bishop hitting an own piece (the bishop inside its own rook
/// taken by a knight exiles the rook, L90).
#[test]
fn db_capt_03_raise_exiles() {
    let mut g = setup("8/7k/8/8/3R4/2n5/8/K7 b - - 0 1", &[("d4", "B")], &[]);
    let r = at(&g, "d4").unwrap();
    let [b] = cargo(&g, "d4")[..] else { panic!() };
    play(&mut g, &["c3d4e4#4", "choose:1"]);
    assert_eq!(
        loc(&g, r),
        Location::Exiled,
        "the raising bishop exiles its own rook"
    );
    assert_eq!(at(&g, "d4"), Some(b));
}

/// DB-CAPT-07 and DB-PROM-02: a converting pawn captures an exiled enemy piece (own turn only).
#[test]
fn db_capt_07_pawn_captures_exiled() {
    let mut g = setup("7k/1P6/8/8/8/8/8/K7 w - - 0 1", &[], &["n"]);
    let n = g
        .position()
        .unit_ids()
        .find(|&i| g.position().unit(i).loc == Location::Exiled)
        .unwrap();
    let pawn = at(&g, "b7").unwrap();
    play(&mut g, &["b7b8"]);
    let l = legal(&g);
    // statue, 7 promotions, 1 exiled capture
    assert_eq!(l.len(), 9, "{l:?}");
    play(&mut g, &["choose:8"]);
    assert_eq!(loc(&g, n), Location::Captured(Side::White));
    assert_eq!(loc(&g, pawn), Location::Captured(Side::Black));
}

/// DB-EXIL-01, DB-EXIL-02: exiling the own King with the queen is legal; no check, no bait.
#[test]
fn db_exil_01_02_king_in_exile() {
    let mut g = Game::new(DenialBait::new());
    assert!(has(&g, "act:d1"));
    let k = at(&g, "e1").unwrap();
    play(&mut g, &["act:d1"]);
    // The c1 bishop was exiled too: White decides on its raise (decline).
    if g.position().to_move() == Side::White {
        play(&mut g, &["choose:0"]);
    }
    assert_eq!(loc(&g, k), Location::Exiled);
    play(&mut g, &["e7e6e5"]);
    assert!(!has(&g, "declare:1"));
}

/// DB-EXIL-03: statues count as pawns for the exiled side: with its last pawn taken but a
/// statue on the board, White (King in exile) plays on.
#[test]
fn db_exil_03_statue_keeps_the_exiled_side_alive() {
    let mut g = setup("r6k/8/8/8/8/P7/2S5/7K b - - 0 1", &[], &["h1"]);
    play(&mut g, &["a8a3"]);
    assert_eq!(result(&g), None, "the statue on c2 counts");
}

/// DB-EXIL-03 (a): an exiled player whose last pawn is taken loses.
#[test]
fn db_exil_03_no_pawns() {
    let mut g = setup("r6k/8/8/8/8/P7/8/7K b - - 0 1", &[], &["h1"]);
    play(&mut g, &["a8a3"]);
    assert_eq!(
        result(&g),
        Some((Some(Side::Black), "king in exile without pawns".to_string()))
    );
}

/// DB-EXIL-04: an exiled player may not leave a pawn conversion that could capture an exiled
/// piece, nor the capture of the last pawn.
#[test]
fn db_exil_04_threat() {
    use frozen_variants::denial_bait::{base::Board, exile::threatened};
    let g = game("7k/8/8/8/8/8/1Pp5/3QK3 w - - 0 1");
    let mut p = g.position().clone();
    let k = p.unit_at("e1".parse().unwrap()).unwrap();
    p.relocate(k, Location::Exiled);
    assert!(
        threatened(&Board::load(&p), Side::White),
        "c2c1 would convert and take the exiled King"
    );
    let g2 = game("7k/8/8/8/8/8/1P6/3QK3 w - - 0 1");
    let mut p2 = g2.position().clone();
    let k = p2.unit_at("e1".parse().unwrap()).unwrap();
    p2.relocate(k, Location::Exiled);
    assert!(!threatened(&Board::load(&p2), Side::White));
    // An opposing statue may capture an exiled piece as a free action (DB-STAT-06), which
    // ends the game against King in Exile: with a black statue on the board, the exiled
    // side is threatened whatever it plays.
    let g3 = game("7k/8/8/8/8/8/1P6/3QK2s w - - 0 1");
    let mut p3 = g3.position().clone();
    let k = p3.unit_at("e1".parse().unwrap()).unwrap();
    p3.relocate(k, Location::Exiled);
    assert!(
        threatened(&Board::load(&p3), Side::White),
        "the statue on h1 threatens the exiled King"
    );
}

/// DB-EXIL-05: no voluntary exile of the own King while the opponent owns a statue.
#[test]
fn db_exil_05_statue_forbids() {
    let g = game("7k/8/8/8/8/8/P2P4/3QK2s w - - 0 1");
    assert!(!has(&g, "act:d1"));
    let g = game("7k/8/8/8/8/8/P2P4/3QK3 w - - 0 1");
    assert!(has(&g, "act:d1"));
}

// ---------------------------------------------------------------- Base

/// DB-BASE-01: conservation after a long chain: every unit in exactly one place.
#[test]
fn db_base_01_conservation() {
    use frozen_variants::denial_bait::base::Board;
    let mut g = setup(
        "7k/8/8/3r4/8/8/8/K2R4 w - - 0 1",
        &[("d5", "r"), ("d5", "p"), ("d1", "P")],
        &[],
    );
    play(&mut g, &["d1d5"]);
    assert_eq!(g.position().units().len(), 32);
    assert!(g.position().check_invariants().is_empty());
    assert!(Board::load(g.position()).conservation_problems().is_empty());
    assert!(g.rules().validate(g.position()).is_empty());
}

/// DB-BASE-03 and DB-DENY-03: a conversion is part of the turn of its movement: denying the
/// movement undoes the promotion too.
#[test]
fn db_base_03_conversion_undone() {
    let mut g = game("7k/3P4/8/7q/8/8/8/K7 w - - 0 1");
    let pawn = at(&g, "d7").unwrap();
    play(&mut g, &["d7d8", "choose:1"]);
    assert!(has(&g, "deny"));
    play(&mut g, &["deny"]);
    assert_eq!(at(&g, "d7"), Some(pawn));
    assert!(at(&g, "d8").is_none());
    assert!(!has(&g, "d7d8"), "the denied movement");
    assert!(
        !legal(&g).iter().any(|a| a == "pass"),
        "DB-BASE-02: no passing"
    );
}

/// DB-BASE-04: simultaneous removals run in scan order N, NE, E, SE, S, SW, W, NW.
#[test]
fn db_base_04_scan_order() {
    use frozen_core::Event;
    let mut g = game("7k/8/8/2pnp3/2pQr3/2rpn3/8/K7 w - - 0 1");
    let order: Vec<UnitId> = ["d5", "e5", "e4", "e3", "d3", "c3", "c4", "c5"]
        .iter()
        .map(|s| at(&g, s).unwrap())
        .collect();
    let ev = g.apply_text("act:d4").expect("legal").to_vec();
    let got: Vec<UnitId> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Captured { unit, .. } => Some(*unit),
            _ => None,
        })
        .collect();
    assert_eq!(got, order);
}

/// DB-BASE-05 and DB-PAWN-07: end of turn: a pawn that falls onto its last row converts only
/// if it is still there at the end of the turn.
#[test]
fn db_base_05_end_of_turn() {
    // The white pawn falls on d8, then the black knight falls on it.
    let mut g = setup(
        "3r3k/8/8/8/8/8/8/K2R4 w - - 0 1",
        &[("d8", "P"), ("d8", "n")],
        &[],
    );
    let [p, n] = cargo(&g, "d8")[..] else {
        panic!()
    };
    play(&mut g, &["d1d8"]);
    assert_eq!(
        g.position().to_move(),
        Side::Black,
        "no conversion is asked"
    );
    assert_eq!(loc(&g, p), Location::Captured(Side::Black));
    assert_eq!(at(&g, "d8"), Some(n));
    // Without the knight the pawn stays and converts.
    let mut g = setup("3r3k/8/8/8/8/8/8/K2R4 w - - 0 1", &[("d8", "P")], &[]);
    play(&mut g, &["d1d8"]);
    assert!(st(&g).turn.converting);
    assert_eq!(g.position().to_move(), Side::White);
}

/// DB-FIDE-02 and DB-PAWN-07: a movement is illegal if an enemy pawn it brings onto its last
/// row could convert into a checking piece at the end of the turn.
#[test]
fn db_fide_02_conversion_check() {
    // The all-round capture exiles the own rook on d1; the black pawn riding it falls on d1,
    // its last row, and may become Black's queen next to the white King.
    let g = setup("7k/8/8/8/8/8/2Q5/3RK3 w - - 0 1", &[("d1", "p")], &[]);
    assert!(!has(&g, "act:c2"));
    let mut g = setup("7k/8/8/8/8/8/2Q4K/3R4 w - - 0 1", &[("d1", "p")], &[]);
    assert!(has(&g, "act:c2"));
    play(&mut g, &["act:c2"]);
    assert!(
        st(&g).turn.converting,
        "Black converts at the end of White's turn"
    );
    assert_eq!(g.position().to_move(), Side::Black);
}

/// DB-DENY-03 and DB-BASE-01: the whole state (denial right, snapshot of the last turn, bait
/// state, pending decisions) is saved: RON round trips, game records replay, FEN round trips
/// for board-only positions.
#[test]
fn db_deny_03_state_is_saved() {
    use frozen_core::setup::{position_from_ron, position_to_ron};
    let mut g = game(BAIT);
    play(&mut g, &["declare:1", "a2a3", "e8e1"]);
    // A pending transport decision, a forced-response turn just played, a stored snapshot.
    for _ in 0..2 {
        let text = position_to_ron(g.rules(), g.position());
        let back = position_from_ron(g.rules(), &text).expect("reload");
        assert!(back == *g.position(), "RON round trip");
        assert_eq!(back.hash(), g.position().hash());
        if g.position().to_move() == Side::White && st(&g).turn.inflight.is_some() {
            play(&mut g, &["choose:1"]);
        }
    }
    let record = g.to_ron();
    let again = Game::from_ron(DenialBait::new(), &record).expect("replay");
    assert!(again.position() == g.position());
    // FEN round trip of a board-only position.
    let mut g = Game::new(DenialBait::new());
    play(&mut g, &["e2e3e4", "deny", "d2d3d4", "e7e6e5"]);
    let f = fen(&g);
    let back = DenialBait::new().position_from_fen(&f).expect("fen");
    assert_eq!(DenialBait::new().to_fen(&back).as_deref(), Some(f.as_str()));
}

/// DB-BISH-04 and DB-BASE-04: the auto-exile of a riding raised bishop makes the pieces above
/// it fall; a bishop struck in that chain is raised or not by its owner's decision.
#[test]
fn db_bish_04_end_of_turn_decision() {
    let r = DenialBait::new();
    let g0 = setup(
        "7k/p7/8/8/3R4/8/8/K7 w - - 0 1",
        &[("d4", "b"), ("d4", "B"), ("d4", "N"), ("d4", "N")],
        &[],
    );
    let mut p = g0.position().clone();
    let [bb, wb, n1, n2] = p.cargo(p.unit_at("d4".parse().unwrap()).unwrap())[..] else {
        panic!()
    };
    p.update_status(wb, |s| {
        s.flags |= 1;
        s.counters[0] = 1;
    });
    let snap = frozen_variants::denial_bait::base::snap_of(&p);
    p.update_state(|s| s.turn.start = Some(snap));
    let mut g = Game::from_position(r, p);
    play(&mut g, &["a1b1", "end"]);
    // The white bishop went into exile; the first knight struck the rook, the black bishop
    // fell on that knight, then the second knight struck the black bishop: Black decides.
    assert_eq!(g.position().to_move(), Side::Black);
    assert_eq!(
        legal(&g),
        vec!["choose:decline".to_string(), "choose:raise".to_string()]
    );
    play(&mut g, &["choose:1"]);
    assert_eq!(loc(&g, wb), Location::Exiled);
    assert_eq!(
        at(&g, "d4"),
        Some(bb),
        "the black bishop raised and took the knight"
    );
    assert_eq!(loc(&g, n2), Location::Captured(Side::Black));
    assert_eq!(loc(&g, n1), Location::Captured(Side::Black));
    assert_eq!(g.position().to_move(), Side::Black);
    assert!(st(&g).turn.eot.is_none());
}

// ---------------------------------------------------------------- Movements of several actions

/// DB-BASE-03 (with DB-KING-01, DB-KING-04, DB-DSGS-04): a King movement and a disguise span
/// several actions; the movement in progress is a real position: a pending decision of the
/// mover in the state, saved in RON, covered by the hash, undone exactly, shown by
/// `describe_state`; nothing of the movement is resolved before it completes. A pawn double
/// move stays one action.
#[test]
fn db_base_03_multi_action_movements() {
    use frozen_core::{apply, position_from_ron, position_to_ron, NoEvents};
    let r = DenialBait::new();
    let start = r
        .position_from_fen("7k/8/8/8/8/4p3/3p4/4K2r w - - 0 1")
        .expect("fen");
    let mut p = start.clone();
    let first = r.parse_action(&p, "e1d2").expect("parse");
    let mark = apply(&r, &mut p, &first, &mut NoEvents).expect("first step");
    assert_eq!(p.units(), start.units(), "nothing is resolved yet");
    assert_eq!(p.to_move(), Side::White, "the mover acts again");
    assert_eq!(p.pending().len(), 1, "a pending decision");
    assert_ne!(
        p.hash(),
        start.hash(),
        "the hash covers the movement in progress"
    );
    let partial = p.state().turn.partial.clone().expect("in progress");
    assert_eq!(partial.links, vec![first.clone()]);
    assert!(r.to_fen(&p).is_none(), "FEN cannot say it");
    let back = position_from_ron(&r, &position_to_ron(&r, &p)).expect("RON");
    assert_eq!(back, p, "RON round trip");
    assert!(
        r.describe_state(&p)
            .iter()
            .any(|l| l.contains("making a movement: e1d2")),
        "{:?}",
        r.describe_state(&p)
    );
    let mut v = Vec::new();
    r.actions(&p, &mut v);
    let texts: Vec<String> = v.iter().map(|a| r.format_action(&p, a)).collect();
    assert!(texts.iter().all(|t| t.starts_with("d2")), "{texts:?}");
    assert!(!texts.contains(&"end".to_string()), "d2 is attacked by e3");
    let second = r.parse_action(&p, "d2e3").expect("parse");
    let mut events = Vec::new();
    apply(&r, &mut p, &second, &mut events).expect("second step");
    assert_eq!(p.to_move(), Side::Black);
    assert!(p.state().turn.partial.is_none() && p.pending().is_empty());
    let last = p.state().last.clone().expect("last turn");
    assert_eq!(last.movement.links, vec![first, second], "DB-BASE-06");
    p.undo_to(mark);
    assert_eq!(p, start, "undo is exact");
    assert_eq!(p.hash(), start.hash());
    // Bad input leaves the position unchanged.
    let mut g = game("7k/8/8/8/8/4p3/3p4/4K2r w - - 0 1");
    play(&mut g, &["e1d2"]);
    let before = g.position().clone();
    assert!(g.apply_text("d2d4").is_err());
    assert!(
        g.apply_text("e1f1").is_err(),
        "a new movement while one is in progress"
    );
    assert!(g.apply_text("swap:d2e3").is_err());
    assert!(g.apply_text("zz9").is_err());
    assert_eq!(*g.position(), before);
    // A pawn double move is one action.
    let mut g = game("7k/8/8/8/8/8/3P4/K7 w - - 0 1");
    play(&mut g, &["d2d3d4"]);
    assert_eq!(g.position().to_move(), Side::Black);
}

/// DB-BASE-06: the identity is the route assembled from the turn's actions; another route to
/// the same square, or the same first step with another second step, is another movement.
#[test]
fn db_base_06_identity_is_the_route() {
    let mut g = game("7k/7p/8/8/8/8/8/4K3 w - - 0 1");
    play(&mut g, &["e1e2", "e2f1"]);
    let last = st(&g).last.clone().expect("last");
    let texts: Vec<String> = last.movement.links.iter().map(|a| g.format(a)).collect();
    assert_eq!(texts, vec!["e1e2".to_string(), "e2f1".to_string()]);
    play(&mut g, &["deny"]);
    assert!(
        can(&g, &["e1e2", "e2e1"]),
        "same first step, other second step"
    );
    assert!(can(&g, &["e1f2", "f2f1"]), "other route, same square");
    assert!(can(&g, &["e1f1", "end"]), "one step to the same square");
    assert!(!can(&g, &["e1e2", "e2f1"]), "the denied route");
}

/// DB-DENY-04 with DB-DSGS-04: a denied chain disguise: the first link stays (it has other
/// completions); the link that rebuilds the denied chain is refused.
#[test]
fn db_deny_04_denied_chain() {
    let mut g = game("7k/8/8/8/3n4/3P4/3P4/K7 w - - 0 1");
    play(&mut g, &["swap:d3d4", "swap:d2d3", "end", "deny"]);
    assert!(can(&g, &["swap:d3d4", "end"]), "the one-link disguise");
    play(&mut g, &["swap:d3d4"]);
    assert_eq!(legal(&g), vec!["end".to_string()]);
    let e = g.apply_text("swap:d2d3").unwrap_err();
    assert!(e.to_string().contains("denied"), "{e}");
    // A denied one-link disguise: the link stays for the chain, `end` is refused.
    let mut g = game("7k/8/8/8/3n4/3P4/3P4/K7 w - - 0 1");
    play(&mut g, &["swap:d3d4", "end", "deny", "swap:d3d4"]);
    assert_eq!(legal(&g), vec!["swap:d2d3".to_string()]);
    let e = g.apply_text("end").unwrap_err();
    assert!(e.to_string().contains("denied"), "{e}");
}
