//! Randomized guard for the Parlett bulk counter: along many seeded random games
//! of `fide`, `normal-chess` and `fairy-chess`, `count_actions` (the fast count
//! perft uses at its last ply) must equal the length of the list `actions` builds,
//! at every node and at every child of the nodes where a castling right is alive
//! (fairy-chess, which has no castling: of every other node).
//! The games are biased to keep castling rights alive and to castle and move the
//! king, so the castling and royal-piece counting paths meet many attack patterns.

use frozen_core::harness::Rng;
use frozen_core::{Action, ActionKind, Kind, NoEvents, Position, Rules};
use frozen_variants::parlett::{builtin_rules, ParlettRules, ParlettState};

/// Positions rich in castling, en passant and promotion (fide and normal-chess).
const CHESS_FENS: &[&str] = &[
    // Kiwipete.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    // Chess Programming Wiki position 4 and its mirror.
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    // Position 3: en passant and discovered checks along the rank.
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    // Position 5.
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    // En passant on the board from the start.
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    // Both kings keep their rights; pieces attack the castling squares.
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/4N3/8/8/4n3/8/R3K2R w KQkq - 0 1",
    "r3k2r/7b/8/8/8/8/7B/R3K2R w KQkq - 0 1",
    "r3k2r/8/B7/8/8/b7/8/R3K2R b KQkq - 0 1",
    "r3k2r/8/8/2R3R1/2r3r1/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
    "r3k2r/ppp2ppp/2n5/3q4/3Q4/2N5/PPP2PPP/R3K2R w KQkq - 0 1",
    "r3k2r/pppq1ppp/2n1b3/3p4/3P4/2N1B3/PPPQ1PPP/R3K2R b KQkq - 0 1",
    "r3k2r/8/8/8/4Q3/8/8/R3K2R b KQkq - 0 1",
    "r3k2r/8/8/8/8/8/3n4/R3K2R w KQkq - 0 1",
    "r3k2r/1b4b1/8/8/8/8/1B4B1/R3K2R w KQkq - 0 1",
    "1r2k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1",
];

/// Check and pin information from the tables (`SimpleTables::evasion` and
/// `pin_ray`) on sets other than `fide`: fairy-chess with the check rule
/// (limited slides with leaps on one piece, a hopper, complex lines that
/// capture), and `fide` with a bishop that also leaps (2, 2) and a knight that
/// also slides one or two squares orthogonally (a leap and a slide from one
/// attacker, limited slides pinning whole rays).
#[test]
fn check_rule_sets_with_fairy_attackers_count_equals_the_action_list() {
    let fairy = include_str!("../../../fixtures/variants/fairy-chess.ron")
        .replace("rule: LastRoyalStanding", "rule: Check");
    assert!(
        fairy.contains("rule: Check"),
        "fairy-chess set text changed"
    );
    let rules = frozen_variants::parlett::load_set(&fairy).expect("fairy-chess with Check loads");
    let s = run_rules("fairy-chess+check", &rules, 4, FAIRY_FENS, true, 30);
    assert!(s.nodes >= 3_000, "too few nodes: {s:?}");
    let fide = include_str!("../../../fixtures/variants/fide.ron")
        .replace("\"B: nX\"", "\"B: nX, ~2/2\"")
        .replace("\"N: ~1/2\"", "\"N: ~1/2, {1..2}+\"");
    assert!(
        fide.contains("~2/2") && fide.contains("{1..2}+"),
        "fide set text changed"
    );
    let rules = frozen_variants::parlett::load_set(&fide).expect("fide variant loads");
    let s = run_rules("fide+fairy-attackers", &rules, 5, CHESS_FENS, false, 20);
    assert!(s.rights_nodes >= 2_000, "too few nodes with rights: {s:?}");
}

/// Exact slides counted for all of a kind's pieces at once
/// (`SimpleTables::exact_plan`): `fide` whose pawn also has an exact slide of
/// three squares that may capture (counted as a set beside the double step),
/// two initial exact slides (two and three squares), and a capturing double
/// step landing where the quiet one does (no set count: the landings meet).
#[test]
fn pawns_with_more_exact_slides_count_equals_the_action_list() {
    for (i, extra) in ["3>", "oi3>", "ci2>"].iter().enumerate() {
        let fide = include_str!("../../../fixtures/variants/fide.ron").replace(
            "\"P: oi2>, o1>, c1X>\"",
            &format!("\"P: oi2>, o1>, c1X>, {extra}\""),
        );
        assert!(fide.contains(extra), "fide set text changed");
        let rules = frozen_variants::parlett::load_set(&fide).expect("fide variant loads");
        let s = run_rules(
            &format!("fide+{extra}"),
            &rules,
            10 + i as u64,
            CHESS_FENS,
            false,
            10,
        );
        assert!(s.nodes >= 2_000, "too few nodes: {s:?}");
    }
}

/// Castling counted straight off its route plans (`count_royal_pairs`) where
/// the partner leaves a square inside a line to the king's end square: a
/// castling `K;R: is0.os1r; ~i2l` (the king one square right, the rook from g1
/// leaping two squares left to e1), kings stepping by leaps (`~1+, ~1X`: no
/// limited slide, so the tables follow every slide through g1). With a black
/// queen on h1 behind the white rook, f1 is safe while the rook stands on g1
/// (the node's attack map says so) but attacked once it has left: the
/// castling is illegal and only the king's plain step to f1 remains. Without
/// the queen both moves to f1 are legal. Count and list agree on each (the
/// count fails if the vacated square is not followed).
#[test]
fn castling_partner_opening_a_line_to_the_kings_end_square() {
    let set = include_str!("../../../fixtures/variants/fide.ron")
        .replace(
            "\"K;R: is0.os1r.os1r; ~i2l, is0.os1l.os1l; oi1r.~2r\"",
            "\"K;R: is0.os1r; ~i2l\"",
        )
        .replace("\"K: 1*\"", "\"K: ~1+, ~1X\"");
    assert!(
        set.contains("\"K;R: is0.os1r; ~i2l\"") && set.contains("\"K: ~1+, ~1X\""),
        "fide set text changed"
    );
    let rules = frozen_variants::parlett::load_set(&set).expect("the castling variant loads");
    for (fen, to_f1) in [
        ("k7/8/8/8/8/8/8/4K1Rq w K - 0 1", 1),
        ("k7/8/8/8/8/8/8/4K1R1 w K - 0 1", 2),
    ] {
        let pos = rules.position_from_fen(fen).expect("position loads");
        let mut list = Vec::new();
        rules.actions(&pos, &mut list);
        let king_to_f1 = list
            .iter()
            .filter(|a| {
                a.from() == Some("e1".parse().unwrap()) && a.to() == Some("f1".parse().unwrap())
            })
            .count();
        assert_eq!(
            king_to_f1, to_f1,
            "moves of the king to f1 at {fen}: {list:?}"
        );
        let count = rules.count_actions(&pos, &mut Vec::new());
        assert_eq!(count, list.len() as u64, "count and list at {fen}");
    }
}

/// A pawn's double step next to an enemy pawn while a history rule of the
/// opponent is near the king. With `fide`'s en passant (`c1=.o1>`) the rule
/// can take only the pawn that made the double step, so the step is legal and
/// the count need not test it one by one (`Compiled::pattern_may_capture`
/// leaves such rules out). With `c1=.1+` the capturing pawn then steps on and
/// may capture again, here the king on f4: the double step exposes the king
/// and is illegal. Count and list agree on each; the list is checked against
/// the rule by hand (it fails if every history rule were taken for one that
/// captures only the mover).
#[test]
fn double_step_beside_a_history_rule_that_can_reach_the_king() {
    let fen = "k7/8/8/8/3p1K2/8/4P3/8 w - - 0 1";
    for (rule, double_step_legal) in [("c1=.o1>", true), ("c1=.1+", false)] {
        let set = include_str!("../../../fixtures/variants/fide.ron").replace(
            "\"P: If piece at 1= played oi2> last turn then c1=.o1>\"",
            &format!("\"P: If piece at 1= played oi2> last turn then {rule}\""),
        );
        assert!(set.contains(rule), "fide set text changed");
        let rules = frozen_variants::parlett::load_set(&set).expect("the variant loads");
        let pos = rules.position_from_fen(fen).expect("position loads");
        let mut list = Vec::new();
        rules.actions(&pos, &mut list);
        let e2 = "e2".parse().unwrap();
        let to = |sq: &str| {
            let t = sq.parse().unwrap();
            list.iter()
                .any(|a| a.from() == Some(e2) && a.to() == Some(t))
        };
        assert!(to("e3"), "e2-e3 is legal with {rule}: {list:?}");
        assert_eq!(to("e4"), double_step_legal, "e2-e4 with {rule}: {list:?}");
        let count = rules.count_actions(&pos, &mut Vec::new());
        assert_eq!(count, list.len() as u64, "count and list with {rule}");
    }
}

/// Crowded and promotion positions of fairy-chess (from its perft fixture).
const FAIRY_FENS: &[&str] = &[
    "w1s1k1cw/f1f2fff/2j5/3F1S2/2s1J3/1C6/FF1F1FFF/W1S1K1CW w - - 0 1",
    "4k3/1F3F2/8/3s4/8/2S5/3f2f1/4K3 w - - 0 1",
];

/// Random games from each start position.
const GAMES_PER_START: u64 = 100;
/// Longest game, in plies.
const MAX_PLIES: u32 = 120;

#[derive(Default, Debug)]
struct Stats {
    games: u64,
    /// Nodes of the random games (each checked).
    nodes: u64,
    /// Children checked at the nodes where a castling right is alive.
    children: u64,
    /// Nodes where the side to move had at least one castling move.
    castling_nodes: u64,
    /// Nodes where some castling right was alive (their children are checked).
    rights_nodes: u64,
    castles_played: u64,
    /// Nodes with no action (game over or no legal move).
    empty_nodes: u64,
}

/// Where a failure happened, to find it again.
struct Ctx<'a> {
    set: &'a str,
    start: &'a str,
    seed: u64,
    line: &'a [Action],
}

impl Ctx<'_> {
    fn describe(&self, rules: &ParlettRules, pos: &Position<ParlettState>, what: &str) -> String {
        let fen = rules.to_fen(pos).unwrap_or_else(|| "<no FEN>".to_string());
        let line: Vec<String> = self
            .line
            .iter()
            .map(|a| {
                let sq: Vec<String> = a.path.iter().map(|s| s.to_string()).collect();
                match a.piece {
                    Some(k) => format!("{}={}", sq.join("-"), rules.kinds().symbol(k)),
                    None => sq.join("-"),
                }
            })
            .collect();
        format!(
            "set {}, game seed {:#018x}, ply {} ({what}): FEN {fen}\n  start {}\n  moves {}",
            self.set,
            self.seed,
            self.line.len(),
            self.start,
            line.join(" ")
        )
    }
}

/// Lists and counts the actions at `pos`, asserts they agree, returns the list.
fn check_node(
    rules: &ParlettRules,
    pos: &Position<ParlettState>,
    buf: &mut Vec<Action>,
    ctx: &Ctx,
    what: &str,
) -> Vec<Action> {
    let mut list = Vec::new();
    rules.actions(pos, &mut list);
    let count = rules.count_actions(pos, buf);
    assert_eq!(
        count,
        list.len() as u64,
        "count_actions disagrees with actions().len() at {}",
        ctx.describe(rules, pos, what)
    );
    assert_eq!(
        count == 0,
        list.is_empty(),
        "count_actions is 0 exactly when the list is empty, at {}",
        ctx.describe(rules, pos, what)
    );
    list
}

/// Does either side keep a castling right (the FEN castling field)?
fn has_rights(rules: &ParlettRules, pos: &Position<ParlettState>) -> bool {
    rules
        .to_fen(pos)
        .and_then(|f| f.split(' ').nth(2).map(|c| c != "-"))
        .unwrap_or(false)
}

fn is_castling(pos: &Position<ParlettState>, a: &Action, king: Option<Kind>) -> bool {
    let (Some(k), ActionKind::Move, [from, to]) = (king, a.kind, a.path.as_slice()) else {
        return false;
    };
    matches!(pos.piece_at(*from), Some((kind, _)) if kind == k)
        && from.file().abs_diff(to.file()) >= 2
}

/// Plays `GAMES_PER_START` random games from each start position of `set`; the
/// children of a node are checked too while a castling right is alive, or (with
/// `all_children`) at every other node.
fn run_set(set: &str, set_index: u64, fens: &[&str], all_children: bool) -> Stats {
    let rules = builtin_rules(set).expect("registered set");
    run_rules(set, &rules, set_index, fens, all_children, GAMES_PER_START)
}

/// [`run_set`] for a set given as rules (a set file's text loaded here).
fn run_rules(
    set: &str,
    rules: &ParlettRules,
    set_index: u64,
    fens: &[&str],
    all_children: bool,
    games: u64,
) -> Stats {
    let rules = rules.clone();
    let king = rules.kinds().by_fen('K');
    let rook = rules.kinds().by_fen('R');
    let initial = rules
        .to_fen(&rules.initial_position())
        .expect("initial position has a FEN");
    let starts: Vec<&str> = std::iter::once(initial.as_str())
        .chain(fens.iter().copied())
        .collect();
    let mut stats = Stats::default();
    let mut buf = Vec::new();
    for (start_index, start) in starts.iter().enumerate() {
        let start_pos = rules
            .position_from_fen(start)
            .unwrap_or_else(|e| panic!("{set}: start FEN {start} loads: {e:?}"));
        for game in 0..games {
            let seed = (set_index << 48) ^ ((start_index as u64) << 24) ^ game;
            let mut rng = Rng::new(seed);
            let mut pos = start_pos.clone();
            let mut line: Vec<Action> = Vec::new();
            stats.games += 1;
            for _ in 0..=MAX_PLIES {
                let ctx = Ctx {
                    set,
                    start,
                    seed,
                    line: &line,
                };
                let list = check_node(&rules, &pos, &mut buf, &ctx, "node");
                stats.nodes += 1;
                if list.is_empty() {
                    stats.empty_nodes += 1;
                    break;
                }
                let castles: Vec<&Action> =
                    list.iter().filter(|a| is_castling(&pos, a, king)).collect();
                if !castles.is_empty() {
                    stats.castling_nodes += 1;
                }
                let every_other = all_children && (line.len() as u64 + game) % 2 == 0;
                if every_other || !castles.is_empty() || has_rights(&rules, &pos) {
                    // Every move here, then the count for the opponent (the positions
                    // perft's last ply counts), while castling rights are alive.
                    stats.rights_nodes += u64::from(!all_children);
                    for a in &list {
                        let m = pos.mark();
                        rules.perform(&mut pos, a, &mut NoEvents);
                        let mut child_line = line.clone();
                        child_line.push(a.clone());
                        let cctx = Ctx {
                            set,
                            start,
                            seed,
                            line: &child_line,
                        };
                        check_node(&rules, &pos, &mut buf, &cctx, "child of a node");
                        stats.children += 1;
                        pos.undo_to(m);
                    }
                }
                let kind_of = |a: &Action| {
                    a.path
                        .first()
                        .and_then(|&s| pos.piece_at(s))
                        .map(|(k, _)| k)
                };
                let king_moves: Vec<&Action> = list
                    .iter()
                    .filter(|a| king.is_some() && kind_of(a) == king)
                    .collect();
                let quiet: Vec<&Action> = list
                    .iter()
                    .filter(|a| {
                        let k = kind_of(a);
                        (king.is_none() || k != king) && (rook.is_none() || k != rook)
                    })
                    .collect();
                // 1/16 castle, 1/16 move the king, 3/4 keep king and rooks home,
                // 1/8 anything.
                let roll = rng.below(16);
                let pick: &Action = if roll < 1 && !castles.is_empty() {
                    castles[rng.below(castles.len())]
                } else if roll < 2 && !king_moves.is_empty() {
                    king_moves[rng.below(king_moves.len())]
                } else if roll < 14 && !quiet.is_empty() {
                    quiet[rng.below(quiet.len())]
                } else {
                    &list[rng.below(list.len())]
                };
                if is_castling(&pos, pick, king) {
                    stats.castles_played += 1;
                }
                let pick = pick.clone();
                rules.perform(&mut pos, &pick, &mut NoEvents);
                line.push(pick);
            }
        }
    }
    println!("{set}: {stats:?}");
    stats
}

#[test]
fn fide_count_equals_the_action_list_along_random_games() {
    let s = run_set("fide", 1, CHESS_FENS, false);
    assert!(s.castles_played >= 500, "too few castles played: {s:?}");
    assert!(s.castling_nodes >= 2000, "too few castling nodes: {s:?}");
    assert!(s.rights_nodes >= 10_000, "too few nodes with rights: {s:?}");
}

#[test]
fn normal_chess_count_equals_the_action_list_along_random_games() {
    let s = run_set("normal-chess", 2, CHESS_FENS, false);
    assert!(s.castles_played >= 500, "too few castles played: {s:?}");
    assert!(s.castling_nodes >= 2000, "too few castling nodes: {s:?}");
    assert!(s.rights_nodes >= 10_000, "too few nodes with rights: {s:?}");
}

#[test]
fn fairy_chess_count_equals_the_action_list_along_random_games() {
    let s = run_set("fairy-chess", 3, FAIRY_FENS, true);
    assert!(s.nodes >= 10_000, "too few nodes: {s:?}");
}
