//! Loads arbitrary bytes as one glyph of a user's piece set, with the work
//! bounds `PieceSet::load` applies. Never panics; whatever loads has at
//! least one path, and errors are short messages without control
//! characters. Slow or huge inputs show up as libFuzzer timeouts or
//! out-of-memory reports: those are the bounds failing.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match fen2img_render::fuzz_glyph(data) {
        Ok((paths, _left_out)) => assert!(paths > 0),
        Err(message) => {
            assert!(!message.chars().any(char::is_control), "{message:?}");
        }
    }
});
