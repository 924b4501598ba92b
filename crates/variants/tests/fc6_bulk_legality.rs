//! fc6: the bulk verdicts of the whole-turn test agree with playing the decisions
//! (FC6-ROTA-09 and FC6-TURN-03), and the check test's shortcut for borrowed patterns
//! (FC6-TURN-04).
//!
//! Listing judges some candidates without the check test: a rotation whose block changes
//! no square of the zone of `turn::turn_end_zone` gets the verdict of ending the turn with
//! nothing played. Every other candidate is played, and its check test leaves out the
//! enemy units that did not threaten the king with the turn ended now and read none of
//! the squares the candidate touched (the zone's parts). These tests take every candidate
//! in many positions (the perft table's, random play from them and from the start, a
//! mover in check) and demand, of the verdicts given unplayed, the answer of the
//! whole-turn test that plays the candidate, and of each skipping check test, the answer
//! of the full check test on the same position.

use frozen_core::harness::Rng;
use frozen_core::{Action, Rules, Side};
use frozen_variants::fc6::{attack, rotation, Fc6, Fc6Position};
use frozen_variants::frozen_family::turn::{is_legal, probe_safe, Bulk};
use frozen_variants::frozen_family::FamilyGame;

mod fc6_support;
use fc6_support::{fen, pos, rules};

/// Candidates judged in bulk, by kind, and of those how many were illegal; probes whose
/// check test skipped enemy units, how many units they skipped, and how many of those
/// probes found the mover unsafe.
#[derive(Default, Debug)]
struct Tally {
    positions: u32,
    rotations: u32,
    rotations_bulk: u32,
    legs: u32,
    bulk_illegal: u32,
    probes_skipping: u32,
    units_skipped: u64,
    skipping_unsafe: u32,
}

/// Plays every candidate of `p` that the bulk path judges and checks the verdict.
fn check(fc: &Fc6, p: &Fc6Position, t: &mut Tally) {
    let mut p = p.clone();
    if p.state().turn.is_some() || p.result().is_some() {
        return;
    }
    let mut cands = Vec::new();
    fc.candidates(&p, &mut cands);
    t.positions += 1;
    let mut bulk = Bulk::default();
    let mut scratch = Vec::new();
    let zone = fc.turn_end_zone(&mut p).expect("no turn under way");
    let me = p.to_move();
    for a in &cands {
        let rot = rotation::is_rotation(a);
        let leg = a.kind == frozen_core::ActionKind::Move;
        t.rotations += u32::from(rot);
        t.legs += u32::from(leg);
        // The probe's check test with the zone's parts skipped, against the full test.
        let m = p.mark();
        fc.exec_probe(&mut p, a);
        let touched = p.touched_since(m).squares;
        let skipped = zone
            .parts
            .iter()
            .filter(|(_, reads)| !reads.intersects(touched))
            .count();
        let before = p.hash();
        let skipping = probe_safe(fc, &mut p, me, &zone, m);
        let full = fc.turn_safe(&mut p, me);
        // Both tests give the position back as it came (an open turn is ended on it to
        // judge, then taken back).
        assert_eq!(p.hash(), before, "the check tests changed the position");
        let after = fc.to_fen(&p).unwrap_or_default();
        p.undo_to(m);
        assert_eq!(
            skipping,
            full,
            "{}: after {} ({after}) the check test skipping {skipped} units says safe = {skipping}, the full test {full}",
            fc.to_fen(&p).unwrap_or_default(),
            fc.format_action(&p, a),
        );
        if skipped > 0 {
            t.probes_skipping += 1;
            t.units_skipped += skipped as u64;
            t.skipping_unsafe += u32::from(!full);
        }
        let Some(v) = bulk.verdict(fc, &mut p, a) else {
            continue;
        };
        assert!(rot, "only rotations get a verdict unplayed");
        t.rotations_bulk += 1;
        t.bulk_illegal += u32::from(!v);
        let played = is_legal(fc, &mut p, a, &mut scratch);
        assert_eq!(
            played,
            v,
            "{}: the bulk verdict on {} is {v} but playing it says {played}",
            fc.to_fen(&p).unwrap_or_default(),
            fc.format_action(&p, a),
        );
    }
}

/// Random play from `p`, checking every position met.
fn walk(fc: &Fc6, p: &Fc6Position, plies: usize, rng: &mut Rng, t: &mut Tally) {
    let mut p = p.clone();
    for _ in 0..plies {
        check(fc, &p, t);
        let mut acts: Vec<Action> = Vec::new();
        fc.actions(&p, &mut acts);
        if acts.is_empty() {
            return;
        }
        // Rotations would take nearly every ply; play other actions two times in three so
        // that units meet.
        let others: Vec<&Action> = acts.iter().filter(|a| !rotation::is_rotation(a)).collect();
        let a = if !others.is_empty() && rng.below(3) > 0 {
            others[rng.below(others.len())].clone()
        } else {
            acts[rng.below(acts.len())].clone()
        };
        let mut next = p.clone();
        fc.perform(&mut next, &a, &mut frozen_core::NoEvents);
        p = next;
    }
}

fn table_positions() -> Vec<Fc6Position> {
    let text = include_str!("../../../fixtures/perft/fc6.ron");
    let mut fens: Vec<String> = text
        .split("fen: Some(\"")
        .skip(1)
        .filter_map(|s| s.split('"').next().map(str::to_string))
        .collect();
    fens.sort();
    fens.dedup();
    fens.iter().map(|f| pos(f)).collect()
}

/// FC6-ROTA-09, FC6-TURN-03: the verdict given in bulk equals the whole-turn test's on
/// every candidate it judges, from the start (two plies deep), the perft table's positions
/// and random play from them.
#[test]
fn fc6_rota_09_bulk_verdicts_agree_with_played_decisions() {
    let fc = rules();
    let mut rng = Rng::new(6);
    let mut t = Tally::default();
    let p0 = fc.initial_position();
    let mut l1 = Vec::new();
    fc.actions(&p0, &mut l1);
    for a in l1.iter().step_by(5) {
        let mut p1 = p0.clone();
        fc.perform(&mut p1, a, &mut frozen_core::NoEvents);
        let mut l2 = Vec::new();
        fc.actions(&p1, &mut l2);
        for b in l2.iter().step_by(40) {
            let mut p2 = p1.clone();
            fc.perform(&mut p2, b, &mut frozen_core::NoEvents);
            check(&fc, &p2, &mut t);
        }
    }
    let mut starts = table_positions();
    starts.push(p0);
    for p in &starts {
        for _ in 0..3 {
            walk(&fc, p, 30, &mut rng, &mut t);
        }
    }
    eprintln!("{t:?}");
    assert!(t.positions >= 150, "{t:?}");
    // Both paths are taken often, and unsafe answers too, or the test would prove little
    // (measured: 42,696 rotations judged in bulk, 1,211 illegal; PROBES).
    assert!(t.rotations_bulk > 20_000, "{t:?}");
    assert!(t.bulk_illegal > 500, "{t:?}");
    assert!(t.probes_skipping > 50_000, "{t:?}");
    assert!(t.skipping_unsafe > 500, "{t:?}");
}

/// FC6-ROTA-09: a mover in check cannot get out of it by turning a block far from every
/// line to its king; the bulk verdict says so, and playing the rotations agrees. (No
/// block can shut the a-file: blocks stay inside b2-o15, FC6-ROTA-02.)
#[test]
fn fc6_rota_09_bulk_verdict_in_check() {
    let fc = rules();
    // The black rook on a16 checks the white king on a1 down the open file; White's
    // knights and bishops can turn blocks in the middle of the board.
    let p = pos(&fen("Ka1 Pb2 Nh9 Bi9 Bh8 Ni8 ra16 kp16 pp15", "w", ""));
    let mut t = Tally::default();
    check(&fc, &p, &mut t);
    assert!(t.bulk_illegal > 20, "{t:?}");
    let mut list = Vec::new();
    fc.actions(&p, &mut list);
    let texts: Vec<String> = list.iter().map(|a| fc.format_action(&p, a)).collect();
    assert!(!texts.is_empty(), "the king can step out of check");
    assert!(!texts.iter().any(|s| s.starts_with("rotate:")), "{texts:?}");
}

/// FC6-JEST-03 with FC6-TURN-03: an enemy rook on the king's open file is paralysed by
/// the presence of the mover's jester next to it. The zone's parts skip that rook after
/// a decision that changes nothing it reads, but not after the jester leaps away: the
/// rook then checks. A leap onto the file (b7a4) is legal; a leap from which a second leg
/// can still block the file or return is legal as the first leg of a double move
/// (b7c4); b7e5 is neither, so it is not listed.
#[test]
fn fc6_jest_03_skipped_rook_wakes_when_the_jester_leaves() {
    let fc = rules();
    let p = pos(&fen("Ka1 Pc2 Jb7 ra8 kp16 pp15", "w", ""));
    let mut t = Tally::default();
    check(&fc, &p, &mut t);
    assert!(t.skipping_unsafe > 0, "{t:?}");
    let mut list = Vec::new();
    fc.actions(&p, &mut list);
    let texts: Vec<String> = list.iter().map(|a| fc.format_action(&p, a)).collect();
    for legal in ["b7a4", "b7c4"] {
        assert!(texts.iter().any(|s| s == legal), "{legal}: {texts:?}");
    }
    assert!(!texts.iter().any(|s| s == "b7e5"), "{texts:?}");
}

/// FC6-KNIG-02 with FC6-ROTA-09: with g9 held, a rotation that empties g7 opens the black knight's
/// Knight's Leap from e8 (landing on g7, g8 on its path) onto the white king on g8, so it
/// is illegal. The rotation is judged without being played only if the knight's leap is
/// judged on the turned block too.
#[test]
fn fc6_knig_02_rotation_opens_a_knights_leap_onto_the_king() {
    let fc = rules();
    let p = pos(&fen("Kg8 Pg9 Pg7 Ph7 ne8 kp16 pp15", "w", ""));
    assert!(!attack::in_check(&fc, &p, Side::White));
    let mut t = Tally::default();
    check(&fc, &p, &mut t);
    let mut list = Vec::new();
    fc.actions(&p, &mut list);
    let texts: Vec<String> = list.iter().map(|a| fc.format_action(&p, a)).collect();
    let mut cands = Vec::new();
    fc.candidates(&p, &mut cands);
    let turns: Vec<String> = cands
        .iter()
        .map(|a| fc.format_action(&p, a))
        .filter(|s| s.starts_with("rotate:g6h7"))
        .collect();
    assert_eq!(turns.len(), 3, "{turns:?}");
    // Turned clockwise (seen from White) the pawns go to h7 and h6, leaving g7 empty.
    assert!(!texts.iter().any(|s| s == "rotate:g6h7#1"), "{texts:?}");
}

/// FC6-TURN-04 with FC6-EMPW-02: a unit gives check with the patterns it borrows. The check
/// test looks for borrowed attacks only when one could reach the king, so this pins that
/// shortcut: the knight on e4, protected by the bishop on c2 alone, slides diagonally to h7;
/// with a second protector (the rook on e1) it borrows nothing and gives no check.
#[test]
fn fc6_turn_04_empowered_unit_gives_check() {
    let fc = rules();
    let alone = pos(&fen("Ka1 Pa3 Bc2 Ne4 kh7 pp15", "b", ""));
    assert!(attack::in_check(&fc, &alone, Side::Black));
    let unprotected = pos(&fen("Ka1 Pa3 Ne4 kh7 pp15", "b", ""));
    assert!(!attack::in_check(&fc, &unprotected, Side::Black));
    let two = pos(&fen("Ka1 Pa3 Re1 Bc2 Ne4 kh7 pp15", "b", ""));
    assert!(!attack::in_check(&fc, &two, Side::Black));
    // The Tower: the rook on h1, protected by the knight on f2 alone, lends it its file
    // and rank; the knight checks the king on f9 up the f-file.
    let tower = pos(&fen("Ka1 Pa3 Rh1 Nf2 kf9 pp15", "b", ""));
    assert!(attack::in_check(&fc, &tower, Side::Black));
}
