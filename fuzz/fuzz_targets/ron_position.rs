//! RON position loading never panics; a loaded position passes every invariant check.
#![no_main]
use frozen_core::{harness::check_position, position_from_ron, Rules, VariantVisitor};
use libfuzzer_sys::fuzz_target;
mod common;

struct Load<'a>(&'a str);
impl VariantVisitor for Load<'_> {
    type Output = ();
    fn visit<R: Rules + Clone>(self, rules: R) {
        if let Ok(pos) = position_from_ron(&rules, self.0) {
            let errs = check_position(&rules, &pos);
            assert!(errs.is_empty(), "{errs:?}");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let (v, rest) = common::variant(data);
    if let Ok(text) = std::str::from_utf8(rest) {
        let _ = frozen_variants::visit(v, Load(text));
    }
});
