//! Random action sequences against each variant with every harness check on.
#![no_main]
use frozen_core::harness::{checked_step, Rng};
use frozen_core::{Rules, VariantVisitor};
use libfuzzer_sys::fuzz_target;
mod common;

struct Walk<'a>(&'a [u8]);
impl VariantVisitor for Walk<'_> {
    type Output = ();
    fn visit<R: Rules + Clone>(self, rules: R) {
        let mut pos = rules.initial_position();
        let mut rng = Rng::new(self.0.len() as u64);
        let mut acts = Vec::new();
        for b in self.0.iter().take(200) {
            acts.clear();
            rules.actions(&pos, &mut acts);
            if acts.is_empty() {
                break;
            }
            let a = acts[*b as usize % acts.len()].clone();
            if let Err(e) = checked_step(&rules, &mut pos, &a, &mut rng) {
                panic!("{e}");
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let (v, rest) = common::variant(data);
    let _ = frozen_variants::visit(v, Walk(rest));
});
