//! fc11 part 2: protection, Empower, guards and Tower (FC11-EMPW-01..08, FC11-ROOK-04).
//! One or more tests per rule ID, named after it (docs/rules/fc11.md lists them). The
//! black King stands on m16 behind a wall of pawns ([`shielded`]), the white King on a1
//! behind three pawns (or where a test puts it).

mod fc11_support;

use fc11_support::{legal, play, pos_with, refusal, shielded};
use frozen_core::Square;
use frozen_variants::fc11::board::View;
use frozen_variants::fc11::node::Node;
use frozen_variants::fc11::Fc11Position;

fn sq(s: &str) -> Square {
    s.parse().expect("square")
}

/// `units` with the black shield, and with white pawns on a2, b2 and b1 around the white
/// King on a1 when no white King is given: no bounced route ends on a1.
fn at(units: &[(&str, char)], side: &str, rest: &str) -> Fc11Position {
    let mut all = shielded(units);
    if !units.iter().any(|u| u.1 == 'K') {
        all.extend_from_slice(&[("a2", 'P'), ("b2", 'P'), ("b1", 'P')]);
    }
    pos_with(&all, side, rest)
}

fn guarded(p: &Fc11Position, s: &str) -> bool {
    let v = View::new(p);
    Node::new(&v).guarded.contains(sq(s))
}

/// FC11-EMPW-01
#[test]
fn fc11_empw_01_protection_is_the_protectors_own_capture_reach() {
    // The Rook e1 reaches e4 up its file: it protects the Knight, which borrows its moves.
    let p = at(&[("e4", 'N'), ("e1", 'R')], "w", "");
    assert!(legal(&p, "e4e9"));
    // A paralysed Rook protects nothing (FC11-PARA-01).
    let z = at(&[("e4", 'N'), ("e1", 'R')], "w", "- - e1:2");
    assert!(!legal(&z, "e4e9"));
}

/// FC11-EMPW-01: a bounced route of the protector counts (FC11-TURN-12).
#[test]
fn fc11_empw_01_a_bounced_route_protects() {
    // The Rook c1 goes up the c file to c3, meets the pawn c4 and turns east: d3, e3,
    // f3. It reaches the Knight f3 only through that turn.
    let p = at(&[("f3", 'N'), ("c1", 'R'), ("c4", 'P')], "w", "");
    assert!(
        legal(&p, "f3f9"),
        "the Knight borrows rook moves through a bounced protector"
    );
    // Without the pawn the Rook slides on up the c file: no turn, no protection of f3.
    let q = at(&[("f3", 'N'), ("c1", 'R')], "w", "");
    assert!(!legal(&q, "f3f9"));
}

/// FC11-EMPW-02
#[test]
fn fc11_empw_02_one_protector_lends_its_own_moves_and_captures() {
    // Moves and captures with the Rook's pattern, on top of the Knight's own.
    let p = at(&[("e4", 'N'), ("e1", 'R'), ("e12", 'b')], "w", "");
    assert!(legal(&p, "e4e9") && legal(&p, "e4e12") && legal(&p, "e4f6"));
    // At the lender's current range: the Rook has 6 squares after CRR 10.
    let r = at(&[("e4", 'N'), ("e1", 'R')], "w", "- - - e1:10");
    assert!(legal(&r, "e4e10") && !legal(&r, "e4e11"));
    // A unit that never captures gains the moves only.
    let b = at(&[("e4", 'B'), ("e1", 'R'), ("e12", 'n')], "w", "");
    assert!(legal(&b, "e4e11") && !legal(&b, "e4e12"));
    // Never passed on: the Queen h1 empowers the Rook e1 (the pawn g2 hides e4 from her),
    // the Rook empowers the Knight with the rook's own pattern, not the Queen's.
    let q = at(
        &[("e4", 'N'), ("e1", 'R'), ("h1", 'Q'), ("g2", 'P')],
        "w",
        "",
    );
    assert!(legal(&q, "e1h4"), "the Rook has the Queen's diagonal");
    assert!(legal(&q, "e4e9") && !legal(&q, "e4h7"));
}

/// FC11-EMPW-03
#[test]
fn fc11_empw_03_kings_and_pawns_neither_lend_nor_borrow() {
    // The King protects e4 but lends nothing: no king step e4e5 for the Knight.
    let k = at(&[("e4", 'N'), ("e3", 'K')], "w", "");
    assert!(!legal(&k, "e4e5"));
    // A pawn protects nothing: the Knight beside the pawn d3 has no pawn step either.
    let p = at(&[("e4", 'N'), ("d3", 'P')], "w", "");
    assert!(!legal(&p, "e4e5"));
    // A pawn with one protecting Rook gains nothing.
    let q = at(&[("e4", 'P'), ("e1", 'R')], "w", "");
    assert!(!legal(&q, "e4e8"));
    // Nor does a Ship (FC11-EMPW-03, FC11-SHIP-01): it never moves up the board.
    let s = at(&[("e4", 'S'), ("e1", 'R')], "w", "");
    assert!(!legal(&s, "e4e8"));
}

/// FC11-EMPW-04
#[test]
fn fc11_empw_04_a_threatened_protector_does_not_count() {
    // The black Rook h1 threatens the Rook e1: it empowers nothing.
    let p = at(&[("e4", 'N'), ("e1", 'R'), ("h1", 'r')], "w", "");
    assert!(!legal(&p, "e4e9"));
    // Two protectors, one threatened: one valid, so the Knight is empowered (by the Rook
    // a4: rook moves, not the threatened Queen's diagonals), not guarded.
    let q = at(
        &[("e4", 'N'), ("e1", 'Q'), ("a4", 'R'), ("h1", 'r')],
        "w",
        "",
    );
    assert!(legal(&q, "e4e9") && !legal(&q, "e4h7"));
    assert!(!guarded(&q, "e4"));
    // Without the threat both count: guarded, not empowered.
    let g = at(&[("e4", 'N'), ("e1", 'Q'), ("a4", 'R')], "w", "");
    assert!(guarded(&g, "e4") && !legal(&g, "e4e9"));
}

/// FC11-EMPW-05
#[test]
fn fc11_empw_05_two_protectors_guard() {
    // The black Knight e8 has the Rooks e12 and h8 beside it: the Rook e1 may not take it.
    let p = at(
        &[
            ("e1", 'R'),
            ("e8", 'n'),
            ("e12", 'r'),
            ("h8", 'r'),
            ("d6", 'P'),
        ],
        "w",
        "",
    );
    let why = refusal(&p, "e1e8").expect("refused");
    assert!(why.contains("FC11-EMPW-05"), "{why}");
    // With one of them gone, it may.
    let q = at(
        &[("e1", 'R'), ("e8", 'n'), ("e12", 'r'), ("d6", 'P')],
        "w",
        "",
    );
    assert_eq!(refusal(&q, "e1e8"), None);
    // The guarded Knight still captures normally, and is not empowered.
    let b = at(
        &[
            ("e1", 'R'),
            ("e8", 'n'),
            ("e12", 'r'),
            ("h8", 'r'),
            ("d6", 'P'),
        ],
        "b",
        "",
    );
    assert!(legal(&b, "e8d6") && !legal(&b, "e8e9"));
    // Pawns can be guarded: the Rook may not take the pawn d5 two Knights protect.
    let n = at(
        &[("d1", 'R'), ("d5", 'p'), ("b6", 'n'), ("f6", 'n')],
        "w",
        "",
    );
    assert!(!legal(&n, "d1d5"));
    let o = at(&[("d1", 'R'), ("d5", 'p'), ("b6", 'n')], "w", "");
    assert!(legal(&o, "d1d5"));
}

/// FC11-EMPW-06
#[test]
fn fc11_empw_06_kings_and_ships_are_never_guarded() {
    for (k, s) in [('n', true), ('s', false)] {
        let p = at(&[("e8", k), ("e12", 'r'), ("h8", 'r')], "w", "");
        assert_eq!(guarded(&p, "e8"), s, "{k}");
    }
    // The white King with two Rooks beside it is not guarded either.
    let p = at(&[("e1", 'K'), ("e5", 'R'), ("h1", 'R')], "w", "");
    assert!(!guarded(&p, "e1"));
}

/// FC11-EMPW-07
#[test]
fn fc11_empw_07_guards_stop_captures_only() {
    // The guarded black Knight e8 next to a white Jester is still paralysed by its
    // presence (FC11-JEST-07): a guard refuses captures, not statuses.
    let p = at(
        &[("e8", 'n'), ("e12", 'r'), ("h8", 'r'), ("d7", 'J')],
        "b",
        "",
    );
    assert!(guarded(&p, "e8"));
    assert!(!legal(&p, "e8c7") && !legal(&p, "e8f6"));
    // A Lancer's capture beside its path is a capture: refused on a guarded unit, allowed
    // once one protector is gone.
    let l = at(
        &[("e7", 'L'), ("e8", 'n'), ("e12", 'r'), ("h8", 'r')],
        "w",
        "",
    );
    assert!(guarded(&l, "e8") && !legal(&l, "e7e8"));
    let m = at(&[("e7", 'L'), ("e8", 'n'), ("e12", 'r')], "w", "");
    assert!(legal(&m, "e7e8"));
}

/// FC11-EMPW-08
#[test]
fn fc11_empw_08_recomputed_after_every_action() {
    // The Knight e4 borrows the Rook e1's moves; once a second Rook protects it, it is
    // guarded and borrows nothing.
    let mut p = at(&[("e4", 'N'), ("e1", 'R'), ("a5", 'R')], "w", "");
    assert!(legal(&p, "e4e9") && !guarded(&p, "e4"));
    play(&mut p, "a5a4");
    play(&mut p, "pass");
    assert!(guarded(&p, "e4") && !legal(&p, "e4e9"));
    // Power Steal stacks: the Jester e4 borrows the Rook e1's moves and steals the moves
    // of the black Dragon d6 that threatens it.
    let j = at(&[("e4", 'J'), ("e1", 'R'), ("d6", 'd')], "w", "");
    assert!(legal(&j, "e4e9"), "lent by the Rook");
    assert!(
        legal(&j, "e4f3") && legal(&j, "e4g5"),
        "stolen from the Dragon"
    );
}

/// FC11-ROOK-04
#[test]
fn fc11_rook_04_tower() {
    // The Knight b3 is the Rook d4's one protector: it gains the Rook's moves and
    // captures. (The white King stands on p1: nothing bounces the Rook onto b3, so the
    // Knight is not empowered itself.)
    let p = at(
        &[("p1", 'K'), ("d4", 'R'), ("b3", 'N'), ("b10", 'b')],
        "w",
        "",
    );
    assert!(legal(&p, "b3b8") && legal(&p, "b3b10"));
    // A second protector (the Knight e2) guards the Rook: no Tower.
    let g = at(
        &[("p1", 'K'), ("d4", 'R'), ("b3", 'N'), ("e2", 'N')],
        "w",
        "",
    );
    assert!(!legal(&g, "b3b8"));
    // A paralysed Rook gives no Tower (FC11-PARA-01).
    let z = at(&[("p1", 'K'), ("d4", 'R'), ("b3", 'N')], "w", "- - d4:2");
    assert!(!legal(&z, "b3b8"));
    // The Tower uses the Rook's current range (CRR 12: 4 squares).
    let r = at(&[("p1", 'K'), ("d4", 'R'), ("b3", 'N')], "w", "- - - d4:12");
    assert!(legal(&r, "b3b7") && !legal(&r, "b3b8"));
}

/// FC11-ASSN-13
#[test]
fn fc11_assn_13_the_assassin_retains_its_last_empowerer() {
    use frozen_core::Rules;
    let f = frozen_variants::fc11::Fc11::new();
    let retained = |p: &Fc11Position| -> Vec<(char, u16)> {
        p.state()
            .retained
            .iter()
            .map(|r| (f.kinds().get(r.kind).expect("kind").fen, r.crr))
            .collect()
    };
    // The Rook e1 alone protects the Assassin e4: it is empowered (rook moves and captures),
    // but remembers nothing until an action ends.
    let mut p = at(
        &[("e4", 'M'), ("e1", 'R'), ("d1", 'N'), ("e10", 'p')],
        "w",
        "",
    );
    assert!(legal(&p, "e4e8") && legal(&p, "e4e10"));
    assert!(retained(&p).is_empty());
    play(&mut p, "pass");
    assert_eq!(retained(&p), vec![('R', 0)]);
    play(&mut p, "l15l14");
    // The Rook leaves: the Assassin is no longer empowered, yet it keeps moving like a Rook
    // (bounced routes too), never capturing like one.
    play(&mut p, "e1h1");
    assert_eq!(retained(&p), vec![('R', 0)]);
    play(&mut p, "n15n14");
    assert!(
        legal(&p, "e4e8") && legal(&p, "e4e9"),
        "retained rook moves"
    );
    assert!(!legal(&p, "e4e10"), "no capture with a retained move");
    assert!(legal(&p, "e4e7"), "its own 3-square leap");
    // Saved: the FEN names the memory and reads back the same position.
    let fen = f.to_fen(&p).expect("a FEN");
    assert!(fen.ends_with(" e4:R"), "{fen}");
    let back = f.position_from_fen(&fen).expect("reads back");
    assert_eq!(retained(&back), vec![('R', 0)]);
    assert!(legal(&back, "e4e8"));
    assert!(f
        .describe_state(&p)
        .iter()
        .any(|l| l.contains("FC11-ASSN-13")));
    // The same board without the memory: no rook moves.
    let fresh = f
        .position_from_fen(&fen[..fen.rfind(' ').expect("fields")])
        .expect("FEN");
    assert!(!legal(&fresh, "e4e8"));
    // A new empowerer replaces it: the Knight d1 comes to c3 and alone protects e4.
    play(&mut p, "d1c3");
    assert_eq!(retained(&p), vec![('N', 0)]);
    play(&mut p, "m15m14");
    assert!(!legal(&p, "e4e8"));
    // The range is the empowerer's then: a Rook with CRR 10 (range 6).
    let r = at(&[("e4", 'M')], "w", "- - - - - - - - e4:R10");
    assert!(legal(&r, "e4e10") && !legal(&r, "e4e11"));
    // It threatens nothing with it: the black King on e12 is not in check from e4.
    let k = at(
        &[("e4", 'M'), ("e12", 'k'), ("p16", 'K')],
        "b",
        "- - - - - - - - e4:R",
    );
    assert!(!frozen_variants::fc11::check::in_check(
        &k,
        frozen_core::Side::Black
    ));
    // Death clears it: the black Knight d6 captures the Assassin.
    let mut d = at(&[("e4", 'M'), ("d6", 'n')], "b", "- - - - - - - - e4:Q");
    assert_eq!(retained(&d), vec![('Q', 0)]);
    play(&mut d, "d6e4");
    assert!(retained(&d).is_empty());
    // Another Assassin never empowers it (kind immunity): nothing to remember.
    let mut m = at(&[("e4", 'M'), ("e7", 'M')], "w", "");
    play(&mut m, "pass");
    assert!(retained(&m).is_empty());
    // Bad memories are refused with the reason.
    for bad in ["e4:M", "e4:K", "e4:N3", "d1:R"] {
        let fen = format!(
            "{} w - - - - - - - - {bad}",
            fc11_support::placement(&[("e4", 'M'), ("d1", 'R'), ("a1", 'K'), ("m16", 'k')])
        );
        assert!(f.position_from_fen(&fen).is_err(), "{bad}");
    }
}

/// FC11-TURN-15 with FC11-EMPW-04: a Pawn Rotation that threatens an enemy protector can
/// turn a guarded enemy into an empowered one that checks: its verdict comes from playing
/// it, not from the listing's map. The black Knight e8 is guarded by the Rooks a8 and e12;
/// the white pawn b7 turning west (or north) attacks a8, so e12 alone empowers the Knight,
/// whose rook moves reach the white King e1.
#[test]
fn fc11_turn_15_a_rotation_that_unguards_an_enemy_exposes_the_king() {
    let p = at(
        &[
            ("e1", 'K'),
            ("d1", 'P'),
            ("f1", 'P'),
            ("d2", 'P'),
            ("f2", 'P'),
            ("b7", 'P'),
            ("a8", 'r'),
            ("e8", 'n'),
            ("e12", 'r'),
        ],
        "w",
        "b7:E",
    );
    assert!(guarded(&p, "e8"));
    assert!(!frozen_variants::fc11::check::in_check(
        &p,
        frozen_core::Side::White
    ));
    assert!(legal(&p, "act:b7b6"));
    assert!(!legal(&p, "act:b7a7") && !legal(&p, "act:b7b8"));
}
