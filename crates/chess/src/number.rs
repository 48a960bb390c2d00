//! The whole numbers of FEN and EPD: clocks and move numbers.
//!
//! Shared by the FEN fields and the EPD `hmvc`/`fmvn` operations, so both
//! accept and refuse the same text with the same words.

use fen2img_support::quote;

/// The largest clock or move number accepted (a game this long is not chess).
pub(crate) const MAX_NUMBER: u32 = 1_000_000;

/// A whole number in `min..=MAX_NUMBER`, digits only; else what is wrong
/// (user text escaped for the terminal).
pub(crate) fn parse_number_text(text: &str, min: u32) -> Result<u32, String> {
    let what = if min == 0 {
        "a whole number (0 or more)"
    } else {
        "a whole number (1 or more)"
    };
    let shown = quote::quoted(text);
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        let hint = if text.starts_with(|c: char| c.is_ascii_alphabetic()) {
            " (EPD operations must end with ';')"
        } else {
            ""
        };
        return Err(format!("expected {what}, found {shown}{hint}"));
    }
    match text.parse::<u32>() {
        Ok(n) if n > MAX_NUMBER => Err(format!("{n} is larger than {MAX_NUMBER}")),
        Ok(n) if n < min => Err(format!("expected {what}, found {shown}")),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("{shown} is larger than {MAX_NUMBER}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_range_only() {
        assert_eq!(parse_number_text("0", 0), Ok(0));
        assert_eq!(parse_number_text("1000000", 1), Ok(1_000_000));
        assert!(parse_number_text("0", 1).unwrap_err().contains("1 or more"));
        assert!(parse_number_text("1000001", 0)
            .unwrap_err()
            .contains("larger than"));
        assert!(parse_number_text("99999999999", 0)
            .unwrap_err()
            .contains("larger than"));
        let e = parse_number_text("bm", 0).unwrap_err();
        assert!(e.contains("must end with ';'"), "{e}");
    }

    #[test]
    fn invisible_text_is_named_not_echoed() {
        let e = parse_number_text("\u{a0}", 0).unwrap_err();
        assert!(e.contains("U+00A0 (no-break space)"), "{e}");
        let e = parse_number_text("1\u{1b}[2J", 0).unwrap_err();
        assert!(!e.contains('\u{1b}'), "{e}");
    }
}
