//! Every action prints to one canonical text that parses back to the same action;
//! arbitrary text never panics the parser, and what parses prints back unchanged.

mod toy;
use frozen_core::*;
use proptest::prelude::*;

fn action() -> impl Strategy<Value = Action> {
    (
        prop::sample::select(ActionKind::ALL.to_vec()),
        prop::collection::vec(any::<u8>(), 0..5),
        prop::option::of(0u8..2),
        prop_oneof![3 => Just(0u16), 1 => any::<u16>()],
    )
        .prop_map(|(kind, path, piece, arg)| Action {
            kind,
            path: path.into_iter().map(Square::from_index).collect(),
            piece: piece.map(Kind),
            arg,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn canonical_text_round_trips(a in action()) {
        let r = toy::Toy::new(Shape::EIGHT);
        let t = format_action(r.kinds(), &a);
        let b = parse_action(r.kinds(), &t).map_err(|e| TestCaseError::fail(format!("{t}: {e}")))?;
        prop_assert_eq!(b, a);
    }

    #[test]
    fn parser_never_panics_and_is_canonical(s in "[a-z0-9:=#@KRQ]{0,24}|\\PC{0,40}") {
        let r = toy::Toy::new(Shape::EIGHT);
        if let Ok(a) = parse_action(r.kinds(), &s) {
            prop_assert_eq!(format_action(r.kinds(), &a), s);
        }
    }
}
