//! fc6 action text (docs/notation.md, section 2.5): every listed action, bounced routes
//! and `#1` leaps included, prints to one text that parses back to the same action, on
//! random positions reached by random play (FC6-BNCE-02).

use frozen_core::{Game, Rules};
use frozen_variants::fc6::Fc6;

/// A small deterministic generator (xorshift64*), so the test needs no crate.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// FC6-BNCE-02: the route is part of the action and its text round-trips.
#[test]
fn every_listed_action_round_trips_on_random_positions() {
    let rules = Fc6::new();
    let mut rng = Rng(0x0fc6_5eed);
    let mut routes = 0;
    for _game in 0..6 {
        let mut g = Game::new(rules.clone());
        for _ply in 0..40 {
            let acts = g.actions();
            if acts.is_empty() {
                break;
            }
            for a in &acts {
                let text = g.format(a);
                let back = rules
                    .parse_action(g.position(), &text)
                    .unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(&back, a, "{text}");
                if a.path.len() > 2 {
                    routes += 1;
                }
            }
            let a = acts[rng.below(acts.len())].clone();
            g.apply(&a).expect("a listed action applies");
        }
    }
    assert!(routes > 0, "random play met no bounced route");
}

/// FC6-BNCE-02: a templar empowered by a bishop has both a T-leap and a slide from h8
/// to j10; they are two actions, the leap written `#1`.
#[test]
fn leap_and_slide_between_the_same_squares_are_two_texts() {
    let rules = Fc6::new();
    let fen = "15k/16/15p/16/16/16/16/16/7T8/16/16/16/16/P15/1B14/K15 w";
    let g = Game::from_position(rules.clone(), rules.position_from_fen(fen).expect("fen"));
    let texts: Vec<String> = g.actions().iter().map(|a| g.format(a)).collect();
    assert!(
        texts.contains(&"h8j10".to_string()) && texts.contains(&"h8j10#1".to_string()),
        "{texts:?}"
    );
    let mut slide = g.clone();
    slide.apply_text("h8j10").expect("slide");
    let mut leap = g.clone();
    leap.apply_text("h8j10#1").expect("leap");
    let walls = |g: &Game<Fc6>| rules.to_fen(g.position()).expect("fen");
    assert!(walls(&slide).ends_with("h8:w2,i9:w2"), "{}", walls(&slide));
    assert!(walls(&leap).ends_with("h8:w5"), "{}", walls(&leap));
}

/// The part 2 texts round-trip: `end`, a Knight's Leap capture `<from><victim><to>`, a
/// rook push `<from><to><pushed>` (a wall push too), and the legs of a turn in progress
/// (FC6-DBLM-11, FC6-KNIG-01, FC6-ROOK-01, FC6-ROOK-04).
#[test]
fn end_leap_captures_and_pushes_round_trip() {
    let rules = Fc6::new();
    let fen = "15k/16/15p/16/16/16/16/7p8/16/16/16/4p11/3N12/P15/7R8/K15 w - e2:b2";
    let mut g = Game::from_position(rules.clone(), rules.position_from_fen(fen).expect("fen"));
    let texts: Vec<String> = g.actions().iter().map(|a| g.format(a)).collect();
    for want in ["d4e5f5", "d4e5e6", "h2h8h9", "h2f2e2"] {
        assert!(texts.iter().any(|t| t == want), "{want} in {texts:?}");
    }
    for a in g.actions() {
        let t = g.format(&a);
        assert_eq!(
            rules.parse_action(g.position(), &t).expect("parses"),
            a,
            "{t}"
        );
    }
    g.apply_text("h2h3").expect("leg 1");
    let acts = g.actions();
    assert!(acts.iter().any(|a| g.format(a) == "end"));
    for a in acts {
        let t = g.format(&a);
        assert_eq!(
            rules.parse_action(g.position(), &t).expect("parses"),
            a,
            "{t}"
        );
    }
}

/// The part 3 texts round-trip: swaps (`swap:`, with a promotion), Conversion
/// (`convert:`) and Paralyse (`paralyse:`); the core `act:` form is refused with the list
/// of keywords (FC6-SWAP-01, FC6-CHAN-01, FC6-CHAN-02, FC6-BISH-01).
#[test]
fn special_moves_round_trip() {
    let rules = Fc6::new();
    let fen = "15k/15p/16/16/4R11/16/16/16/16/16/16/6n9/4P2n8/16/P15/K1B2C10 w";
    let g = Game::from_position(rules.clone(), rules.position_from_fen(fen).expect("fen"));
    let texts: Vec<String> = g.actions().iter().map(|a| g.format(a)).collect();
    for want in ["swap:e4e12", "convert:c1g5", "paralyse:f1h4", "swap:a1f1"] {
        assert!(texts.iter().any(|t| t == want), "{want} in {texts:?}");
    }
    for a in g.actions() {
        let t = g.format(&a);
        assert_eq!(
            rules.parse_action(g.position(), &t).expect("parses"),
            a,
            "{t}"
        );
    }
    let promo = "15k/15p/4R11/16/4P11/16/16/16/16/16/16/16/16/16/P15/K15 w";
    let g = Game::from_position(rules.clone(), rules.position_from_fen(promo).expect("fen"));
    let a = rules
        .parse_action(g.position(), "swap:e12e14=Q")
        .expect("parses");
    assert_eq!(
        a.piece
            .and_then(|k| g.rules().kinds().get(k).map(|i| i.fen)),
        Some('Q')
    );
    assert_eq!(g.format(&a), "swap:e12e14=Q");
    let err = rules
        .parse_action(g.position(), "act:c1g5")
        .expect_err("act: is refused");
    assert!(err.reason.contains("convert:"), "{err}");
}

/// Part 3 texts round-trip: `shadow:`, `unshadow:` (with `#n` for a later shadow of the
/// square) and `rotate:<lower-left><upper-right>#q`; malformed ones give a parse error
/// with the column, badly shaped blocks parse and are refused by the rules, and the core
/// `act:` spelling of these actions is refused (FC6-SHAD-01, FC6-SHAD-05, FC6-ROTA-01).
#[test]
fn shadow_unshadow_and_rotate_round_trip() {
    let rules = Fc6::new();
    let fen = "15k/16/15p/16/16/16/16/16/16/16/16/16/3N12/16/P15/K15 w";
    let mut pos = rules.position_from_fen(fen).expect("fen");
    let n = pos.unit_at("d4".parse().expect("sq")).expect("knight");
    pos.relocate(n, frozen_core::Location::Shadow("d4".parse().expect("sq")));
    pos.update_status(n, |st| st.shadow_since = Some(1));
    let extra = pos.add_unit(
        frozen_variants::fc6::base::BISHOP,
        frozen_core::Side::White,
        frozen_core::Location::Shadow("d4".parse().expect("sq")),
        frozen_core::Status {
            shadow_since: Some(1),
            range: 16,
            ..Default::default()
        },
    );
    let _ = extra;
    pos.set_turns(frozen_core::BySide::new(9, 8));
    pos.clear_journal();
    for text in [
        "shadow:d4",
        "unshadow:d4",
        "unshadow:d4#1",
        "rotate:c3e5#1",
        "rotate:b2i9#3",
        "rotate:c3e6#1",
        "rotate:c3e5",
    ] {
        let a = rules
            .parse_action(&pos, text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(rules.format_action(&pos, &a), text);
    }
    let g = Game::from_position(rules.clone(), pos.clone());
    let texts: Vec<String> = g.actions().iter().map(|a| g.format(a)).collect();
    for want in ["unshadow:d4", "unshadow:d4#1"] {
        assert!(texts.iter().any(|t| t == want), "{want} in {texts:?}");
    }
    for a in g.actions() {
        let t = g.format(&a);
        assert_eq!(rules.parse_action(&pos, &t).expect("parses"), a, "{t}");
    }
    for bad in [
        "shadow:",
        "shadow:d4d5",
        "shadow:d4#1",
        "rotate:c3#1",
        "rotate:c3e5=Q",
        "act:d4#13",
        "act:c3e5#31",
    ] {
        assert!(rules.parse_action(&pos, bad).is_err(), "{bad} parsed");
    }
    assert!(g.clone().apply_text("rotate:c3e6#1").is_err());
}

/// Dragon's Fire (`fire:<the dragon's leg>`), Pull (`pull:<puller><pulled><landing>#n`,
/// `=X` for a promotion) and Mind Control (`mind:<controller><the controlled unit's leg>`)
/// round-trip; malformed texts give a parse error with a column, never a panic;
/// well-formed but illegal ones parse and are refused by the rules, with the position
/// unchanged (FC6-DRAG-01, FC6-PULL-01, FC6-MIND-01).
#[test]
fn fire_pull_and_mind_round_trip() {
    let rules = Fc6::new();
    let fen = "15k/14pp/16/12t3/7r8/16/16/9d6/11j4/16/5n10/6n9/3D3P8/16/PP14/K1BQN1R9 w";
    let pos = rules.position_from_fen(fen).expect("fen");
    let g = Game::from_position(rules.clone(), pos.clone());
    let texts: Vec<String> = g.actions().iter().map(|a| g.format(a)).collect();
    for want in [
        "fire:d4e5",
        "fire:d4a7g13",
        "pull:g1g5g3#2",
        "pull:g1m13h2#11",
        "mind:d4m13m14",
    ] {
        assert!(texts.iter().any(|t| t == want), "{want} in the list");
    }
    for kind in ["fire:", "pull:", "mind:"] {
        assert!(texts.iter().any(|t| t.starts_with(kind)), "{kind} listed");
    }
    for a in g.actions() {
        let t = g.format(&a);
        assert_eq!(rules.parse_action(&pos, &t).expect("parses"), a, "{t}");
    }
    for text in [
        "fire:d4e5",
        "fire:d4b6a5",
        "fire:d4f6#1",
        "pull:a1a8a4#4",
        "pull:a14e14c16=Q#2",
        "mind:c1g5e6",
        "mind:b8b2b1=Q",
        "mind:c1c3e5c7#1",
    ] {
        let a = rules
            .parse_action(&pos, text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(rules.format_action(&pos, &a), text);
    }
    for bad in [
        "fire:",
        "fire:d4",
        "fire:d4e5#2",
        "fire:d4e5=Q",
        "fire:z9e5",
        "pull:",
        "pull:a1a8",
        "pull:a1a8a4a3#1",
        "pull:a1a8a4#99999",
        "pull:a1a8a4#",
        "mind:",
        "mind:c1g5",
        "mind:c1g5e6#2",
        "mind:c1g5e6=",
        "mind:c1g5e6=Z",
        "act:d4e5#3",
        "act:a1a8a4#68",
        "act:c1g5e6#5",
    ] {
        let e = rules
            .parse_action(&pos, bad)
            .expect_err(&format!("{bad} parsed"));
        assert!(e.column >= 1, "{bad}: {e}");
    }
    // Parsed, then refused by the rules with the rule's reason; nothing changes.
    for (text, why) in [
        ("fire:d4c3", "needs a victim"),
        ("fire:d4f6", "no unit, wall or tomb"),
        ("fire:c1d2", "no dragon of yours"),
        ("pull:g1g5g3", "tag"),
        ("pull:g1g5g1#4", "no slide"),
        ("pull:d1a1b1#1", "kings cannot be pulled"),
        ("pull:e1g5f4#1", "kind immunity"),
        ("mind:d4m13a1", "never captures your units"),
        ("mind:d4m13c3", "cannot play that leg"),
        ("mind:c1g5e6", "recaptured"),
        ("mind:a1m13m14", "could not capture"),
    ] {
        let mut h = g.clone();
        let err = h
            .apply_text(text)
            .expect_err(&format!("{text} must be refused"))
            .to_string();
        assert!(err.contains(why), "{text}: {err}");
        assert_eq!(h.position().hash(), g.position().hash(), "{text}");
    }
}
