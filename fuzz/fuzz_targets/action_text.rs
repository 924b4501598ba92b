//! Action text: parsing never panics, parsed actions print back to the same text, and
//! applying a parsed action either works (it was listed) or changes nothing.
#![no_main]
use frozen_core::{Game, Rules, VariantVisitor};
use libfuzzer_sys::fuzz_target;
mod common;

struct Try<'a>(&'a str);
impl VariantVisitor for Try<'_> {
    type Output = ();
    fn visit<R: Rules + Clone>(self, rules: R) {
        let mut g = Game::new(rules.clone());
        if let Ok(a) = rules.parse_action(g.position(), self.0) {
            assert_eq!(rules.format_action(g.position(), &a), self.0);
            let before = g.position().clone();
            if g.apply(&a).is_err() {
                assert!(*g.position() == before);
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let (v, rest) = common::variant(data);
    if let Ok(text) = std::str::from_utf8(rest) {
        let _ = frozen_variants::visit(v, Try(text));
    }
});
