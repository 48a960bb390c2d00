//! Parses arbitrary bytes. Whatever parses must print as canonical FEN that
//! parses back to the same position, and print the same way again; an
//! error's offset is inside the input and its message holds no control
//! character.
#![no_main]

use fen2img_render::{parse, ParseOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for strict in [false, true] {
        let options = ParseOptions::default().with_strict(strict);
        match parse(data, options) {
            Ok(record) => {
                let canonical = record.position.to_string();
                let again = parse(canonical.as_bytes(), ParseOptions::default())
                    .unwrap_or_else(|e| panic!("canonical FEN {canonical:?} does not parse: {e}"));
                assert_eq!(
                    again.position, record.position,
                    "{canonical:?} parses to another position"
                );
                assert_eq!(again.position.to_string(), canonical);
            }
            Err(e) => {
                assert!(e.offset <= data.len(), "{e}: offset past the end");
                // Messages reach terminals: user text in them is escaped.
                let shown = e.to_string();
                assert!(!shown.chars().any(char::is_control), "{shown:?}");
                let _ = e.caret(data);
            }
        }
    }
});
