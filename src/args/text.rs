//! Argument values as text: clap hands over raw `OsString`s so that invalid
//! UTF-8 gets our one-line message naming the argument and the column, with
//! the value and a caret below, instead of clap's message that names neither.

use std::ffi::OsStr;

use fen2img_support::quote::{caret_bytes as caret, escape};

use crate::failure::Failure;

/// `value` as text, or a failure that names `arg` (e.g. `--theme`) and the
/// 1-based byte column of the first byte that is not UTF-8.
pub fn utf8<'a>(arg: &str, value: &'a OsStr) -> Result<&'a str, Failure> {
    // On Unix the encoded bytes are the argument's bytes as the shell passed
    // them; on Windows (WTF-8) they are valid UTF-8 except for lone
    // surrogates, which are reported the same way.
    let bytes = value.as_encoded_bytes();
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text),
        Err(e) => {
            let offset = e.valid_up_to();
            let byte = bytes.get(offset).copied().unwrap_or(0);
            let mut failure = Failure::invalid(format!(
                "{} at column {}: byte 0x{byte:02x} is not valid UTF-8 text",
                escape(arg),
                offset + 1
            ));
            failure.detail = Some(caret(bytes, offset));
            Err(failure)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn invalid_utf8_names_the_argument_and_column() {
        use std::os::unix::ffi::OsStrExt;
        let value = OsStr::from_bytes(b"bl\xffue");
        let failure = utf8("--theme", value).unwrap_err();
        assert_eq!(failure.code, crate::failure::EXIT_INVALID);
        assert_eq!(
            failure.message,
            "--theme at column 3: byte 0xff is not valid UTF-8 text"
        );
        assert_eq!(failure.detail.as_deref(), Some("  bl?ue\n    ^"));
    }

    #[test]
    fn valid_text_passes_through() {
        assert_eq!(utf8("--mark", OsStr::new("e4,é")).unwrap(), "e4,é");
    }

    #[test]
    fn the_caret_stays_under_the_byte_in_a_long_value() {
        let mut bytes = vec![b'a'; 500];
        bytes[300] = 0xff;
        let shown = caret(&bytes, 300);
        let (line, under) = shown.split_once('\n').unwrap();
        let column = under.find('^').unwrap();
        assert_eq!(line.as_bytes()[column], b'?', "{shown}");
        assert!(
            line.starts_with("  ...") && line.ends_with("..."),
            "{shown}"
        );
        // Past the end (a missing byte) the caret sits just after the text.
        assert_eq!(caret(b"ab", 2), "  ab\n    ^");
        assert_eq!(caret(b"", 0), "  \n  ^");
    }
}
