//! Parses arbitrary bytes as a theme file. Never panics; an error names a
//! line inside the text and its message holds no control character (theme
//! files are user input shown on a terminal).
#![no_main]

use fen2img_render::Theme;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Theme::parse(text, "fuzz.theme") {
        Ok(theme) => {
            for f in [theme.border_width, theme.halo_width] {
                assert!(f.is_finite() && f >= 0.0, "{f}");
            }
        }
        Err(e) => {
            assert!(e.line <= text.lines().count().max(1), "{e}");
            let shown = e.to_string();
            assert!(!shown.chars().any(char::is_control), "{shown:?}");
        }
    }
});
