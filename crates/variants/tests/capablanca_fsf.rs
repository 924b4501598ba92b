//! Capablanca chess (`capablanca`) against Fairy-Stockfish's own output: positions
//! reached by move sequences from the start, as Fairy-Stockfish (pyffish 0.0.90) played
//! them and wrote their FEN (`tools/capablanca-oracle.py positions`). The engine plays
//! the same sequences, must reach the same FEN (placement, side, castling field,
//! en-passant square, move number), and reads and writes those FENs unchanged. Their
//! perft counts, also Fairy-Stockfish's, are in `fixtures/perft/capablanca.ron`
//! (`mid-*` cases).

use frozen_core::{Game, Rules};
use frozen_variants::parlett::builtin_rules;

/// (name, moves from the start as Fairy-Stockfish wrote them, its FEN after them)
const SEQUENCES: [(&str, &str, &str); 3] = [
    (
        "mid-castling",
        concat!(
            "g2g4 d7d5 c1d3 b8a6 d3b4 a6c5 c2c4 c8b6 b1a3 i7i6 d2d3 d5c4 e1d2 e8b5 i1j3 b6a4 ",
            "d1b3 i8j6 h2h4 a4b6 d3d4 a7a5 a3c4 g7g5 h1i1 h8g6 b4c2 g6g7 j3i5 b5b4 d2e3 h7h5 ",
            "i1j3 e7e5 i5h7 g8h7 f2f4 b4b3 j3j5 b3b2 c2d1 b2a3 d4c5 g7e8 e3b3 b6c5 g1e3 e5e4 ",
            "b3a4 a3d3 d1c3 f7f6 j5j4 d3c4",
        ),
        "r2bck3r/1pp4b1p/5p2pn/p1a3pp2/Q1q1pPPP1C/2A1B5/P3P3PP/R4K3R w KQkq - 0 28",
    ),
    (
        "mid-en-passant",
        concat!(
            "c1d3 i7i5 g2g3 f7f5 j2j4 a7a6 a2a3 j7j6 h1j2 g8e6 d3c1 i5i4 g3g4 h8f7 j2h3 d7d6 ",
            "h3f3 c7c6 e2e4 e6a2 f3g5 j6j5 g5f3 a2d5 a3a4 d8b6 c1d3 d5b3 f3e3 g7g6 g4f5 f7h8 ",
            "d1f3 h7h6 i2i3 h8g8 i1h3 b6a7 d3c5 i8j6 c5a6 g8i7 e3d3 i7i8 a6b8 d6d5 d3b4 e8d7 ",
            "h3g5 d7e8 g5h7 j6h7 b4d3 e7e5",
        ),
        "rAa1qk2cr/bp5n2/2p3pp2/3ppP3p/P3P3pP/1b1C1B2P1/1PPP1P1P2/RN2QKB2R w KQkq e6 0 28",
    ),
    (
        "mid-promotion",
        concat!(
            "h2h3 i7i5 i2i4 e7e6 c2c4 c8e7 d1b3 d7d6 g1j4 d6d5 h1i3 e7h4 d2d4 h4i3 b1a3 g7g5 ",
            "e1c3 i3h1 c1g5 h1j3 g5c1 d8f6 i1j3 b8c6 a3b1 e8c8 c3e1 e6e5 h3h4 e5d4 c1j8 b7b6 ",
            "g2g4 b6b5 e1d1 i8h6 j3i1 h8i8 j4i3 f6d8 i3g1 c8e6 h4i5 e6c8 b1d2 d5c4 i1g2 a7a5 ",
            "e2e3 c4b3 d1f3 c6b8 g2i3 c8b7 f3d1 b7e4 i3h1 e4b1 d2e4 d8f6 e4g5 i8h8 g5f3 h8i8 ",
            "a2b3 f6g7 d1c1 a5a4 i5h6 d4e3 c1e1 g7h8 g1j4 i8i6 j4i5 c7c5 e1c1 h8b2 c1b1 b2d4 ",
            "f3g1 c5c4 b3b4 i6i8 b1h7 d4h8 i5j6 c4c3 h7f5 a4a3 f5c5 f8e8 j2j3 g8j5 c5g5 i8g7 ",
            "g5d5 e8e7 h6g7 c3c2",
        ),
        "rn5b1A/4kpP2p/9B/1p1Q5b/1P4P1P1/p3p4P/2p2P4/R4KNN1R w KQ - 0 51",
    ),
];

/// Fairy-Stockfish's start FEN for `capablanca`.
const START: &str = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";

/// The FEN fields the engine tracks: all but the halfmove clock.
fn fields(fen: &str) -> Vec<&str> {
    let f: Vec<&str> = fen.split_whitespace().collect();
    f.iter()
        .enumerate()
        .filter(|(i, _)| *i != 4)
        .map(|(_, x)| *x)
        .collect()
}

#[test]
fn start_fen_is_fairy_stockfishs() {
    let rules = builtin_rules("capablanca").expect("capablanca");
    let start = rules.initial_position();
    assert_eq!(rules.to_fen(&start).as_deref(), Some(START));
}

#[test]
fn sequences_reach_fairy_stockfishs_fens() {
    let rules = builtin_rules("capablanca").expect("capablanca");
    for (name, moves, want) in SEQUENCES {
        let mut game = Game::new(rules.clone());
        for (i, mv) in moves.split_whitespace().enumerate() {
            if let Err(e) = game.apply_text(mv) {
                panic!("{name}: move {} ({mv}) refused: {e}", i + 1);
            }
        }
        let got = rules
            .to_fen(game.position())
            .expect("capablanca writes FEN");
        assert_eq!(fields(&got), fields(want), "{name}: {got} against {want}");
        // Read back as Fairy-Stockfish wrote it, and written unchanged.
        let pos = rules
            .position_from_fen(want)
            .expect("Fairy-Stockfish FEN loads");
        assert_eq!(
            rules.to_fen(&pos).as_deref(),
            Some(want),
            "{name} round trip"
        );
    }
}
