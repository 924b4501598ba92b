//! Parlett notation: parsing never panics, and what parses prints to text that parses the same.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(ast) = frozen_variants::parlett::parse_moves(text) {
            let printed = ast.to_string();
            let again = frozen_variants::parlett::parse_moves(&printed).expect("printed notation parses");
            assert_eq!(again, ast);
        }
        let _ = frozen_variants::parlett::parse_line(text);
    }
});
