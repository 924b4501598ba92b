//! FEN reading never panics; what loads writes back to a FEN that loads to the same position.
#![no_main]
use frozen_core::{Rules, VariantVisitor};
use libfuzzer_sys::fuzz_target;
mod common;

struct Load<'a>(&'a str);
impl VariantVisitor for Load<'_> {
    type Output = ();
    fn visit<R: Rules + Clone>(self, rules: R) {
        if let Ok(pos) = rules.position_from_fen(self.0) {
            assert!(pos.check_invariants().is_empty());
            if let Some(f) = rules.to_fen(&pos) {
                let again = rules.position_from_fen(&f).expect("written FEN loads");
                assert_eq!(rules.to_fen(&again).as_deref(), Some(f.as_str()));
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let (v, rest) = common::variant(data);
    if let Ok(text) = std::str::from_utf8(rest) {
        let _ = frozen_variants::visit(v, Load(text));
    }
});
