//! The standard input of the mdBook preprocessor (the whole book as JSON)
//! and of the Pandoc filter (the document's AST), read bounded: both were
//! read to the end whatever their size.

use std::io::{self, Read};

use crate::failure::Failure;

/// The most bytes read from standard input: 64 MiB, four times `md`'s
/// largest page (`--max-page-size`'s default); a Pandoc AST is a few times
/// its document's text, so this is a document of some ten million words.
pub const MAX_STDIN_BYTES: u64 = 64 << 20;

/// All of `input` as text, if it holds at most [`MAX_STDIN_BYTES`]; `what`
/// names it in messages (`the book`, `the document`).
pub fn read_all(input: impl Read, what: &str) -> Result<String, Failure> {
    let mut bytes = Vec::new();
    input
        .take(MAX_STDIN_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::io(format!("cannot read {what} from stdin: {e}")))?;
    if bytes.len() as u64 > MAX_STDIN_BYTES {
        return Err(Failure::invalid(format!(
            "{what} on standard input is larger than {} MiB, the most fen2img reads there",
            MAX_STDIN_BYTES >> 20
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        Failure::invalid(format!(
            "{what} on standard input is not UTF-8 (byte {} is not)",
            e.utf8_error().valid_up_to()
        ))
    })
}

/// [`read_all`] of this process's standard input.
pub fn read(what: &str) -> Result<String, Failure> {
    read_all(io::stdin().lock(), what)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_past_the_limit_is_refused_after_reading_one_byte_more() {
        let mut source = io::repeat(b' ').take(MAX_STDIN_BYTES + 100);
        let e = read_all(&mut source, "the book").unwrap_err();
        assert_eq!(
            e.message,
            "the book on standard input is larger than 64 MiB, the most fen2img reads there"
        );
        assert_eq!(source.limit(), 99, "one byte past the limit was read");
        let ok = read_all(io::repeat(b' ').take(MAX_STDIN_BYTES), "x").unwrap();
        assert_eq!(ok.len() as u64, MAX_STDIN_BYTES);
        assert!(read_all(&b"\xff"[..], "x")
            .unwrap_err()
            .message
            .contains("not UTF-8"));
    }
}
