//! One position, one answer: a position's result does not depend on how it was reached.

use frozen_core::{position_from_fen, Game, Outcome, Rules, VariantVisitor};

/// Positions where the game is decided right away, reached in two ways: played to, and
/// loaded from FEN. A mate in the fewest moves for the chess sets.
#[test]
fn a_mate_loaded_from_fen_is_a_mate() {
    struct Mate;
    impl VariantVisitor for Mate {
        type Output = (Option<Outcome>, Option<Outcome>);
        fn visit<R: Rules + Clone>(self, rules: R) -> Self::Output {
            let mut g = Game::new(rules.clone());
            for t in ["f2f3", "e7e5", "g2g4", "d8h4"] {
                g.apply_text(t).expect("fool's mate plays");
            }
            let fen = rules.to_fen(g.position()).expect("a FEN");
            let loaded = position_from_fen(&rules, &fen).expect("loads");
            (g.result().cloned(), loaded.result().cloned())
        }
    }
    let (played, loaded) = frozen_variants::visit("fide", Mate).expect("fide is registered");
    assert_eq!(
        played.as_ref().and_then(|o| o.winner),
        Some(frozen_core::Side::Black)
    );
    assert_eq!(played, loaded);
}
