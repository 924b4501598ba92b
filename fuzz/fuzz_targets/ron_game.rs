//! RON game loading never panics.
#![no_main]
use frozen_core::{Game, Rules, VariantVisitor};
use libfuzzer_sys::fuzz_target;
mod common;

struct Load<'a>(&'a str);
impl VariantVisitor for Load<'_> {
    type Output = ();
    fn visit<R: Rules + Clone>(self, rules: R) {
        if let Ok(g) = Game::from_ron(rules, self.0) {
            assert!(g.position().check_invariants().is_empty());
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let (v, rest) = common::variant(data);
    if let Ok(text) = std::str::from_utf8(rest) {
        let _ = frozen_variants::visit(v, Load(text));
    }
});
