//! The excerpt under a games batch's error: the offending line, cut to a
//! window around the token, with a caret under it.
//!
//! Cost: at most [`REACH`] bytes each side of the token are looked at,
//! whatever the file. The PGN reader's own excerpt looks for the line's
//! ends over the whole line, and a file with CR-only line ends is one line
//! to it, so 20,000 bad games of such a file cost 20,000 passes over the
//! whole file (30.8 s, against 0.28 s with LF). A line ends here at `\n`,
//! `\r\n` or a lone `\r`, as `md` counts lines.

use fen2img_games::GameError;
use fen2img_render::chess::game::pgn::PgnError;
use fen2img_support::quote::caret_chars;

/// Bytes looked at on each side of the token. The caret's window shows
/// 72 characters; this is far more than 72 characters of four bytes each,
/// so a line cut here is also cut in the window, which then marks the cut
/// with `...` just as for a line read whole.
pub const REACH: usize = 1024;

/// `e` placed in `source` (whose bytes are `text`), its excerpt read from
/// the bytes around the token only.
pub fn game_error(source: &str, text: &[u8], e: &PgnError) -> GameError {
    // The reader's excerpt of an empty text costs nothing; the real one
    // is put in its place.
    let mut error = GameError::from_pgn(source, b"", e);
    if error.caret.is_some() {
        error.caret = Some(excerpt(text, e.offset).into());
    }
    error
}

/// The line of `text` holding byte `offset` (cut to [`REACH`] bytes each
/// side of it) and a caret under that byte.
pub fn excerpt(text: &[u8], offset: usize) -> String {
    let offset = offset.min(text.len());
    let ends_line = |b: &u8| *b == b'\n' || *b == b'\r';
    let low = offset.saturating_sub(REACH);
    let mut start = text[low..offset]
        .iter()
        .rposition(ends_line)
        .map_or(low, |i| low + i + 1);
    let high = offset.saturating_add(REACH).min(text.len());
    let mut end = text[offset..high]
        .iter()
        .position(ends_line)
        .map_or(high, |i| offset + i);
    // Where the reach cut a line, cut it at a character's first byte.
    let continuation = |b: u8| b & 0xc0 == 0x80;
    while start < offset && start == low && low > 0 && continuation(text[start]) {
        start += 1;
    }
    while end > offset && end == high && high < text.len() && continuation(text[end]) {
        end -= 1;
    }
    let before = String::from_utf8_lossy(&text[start..offset])
        .chars()
        .count();
    caret_chars(&String::from_utf8_lossy(&text[start..end]), before)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_excerpt_is_the_tokens_own_line_whatever_ends_it() {
        for end in ["\n", "\r\n", "\r"] {
            let text = ["[White \"a\"]", "", "1. e4 Ke5 *", ""].join(end);
            let at = text.find("Ke5").unwrap();
            assert_eq!(excerpt(text.as_bytes(), at), "  1. e4 Ke5 *\n        ^");
        }
    }

    #[test]
    fn a_line_read_whole_or_through_the_reach_gives_the_same_excerpt() {
        // A long line of multi-byte characters, so the reach cuts inside
        // a character: the window still shows the same text.
        let line: String = (0..3000).map(|i| format!("{}é ", i % 10)).collect();
        for at_char in [0, 10, 1500, line.chars().count() - 3] {
            let offset = line.char_indices().nth(at_char).unwrap().0;
            let whole = caret_chars(&line, at_char);
            assert_eq!(excerpt(line.as_bytes(), offset), whole, "at {at_char}");
        }
    }

    #[test]
    fn only_the_bytes_within_reach_matter() {
        // Everything beyond REACH bytes each side may change (here: a
        // different file of CR-only lines); the excerpt does not.
        let near = "1. e4 e5 2. Ke3 Nc6 *";
        let make = |filler: u8| {
            let mut text = vec![filler; 5 * REACH];
            text.extend_from_slice(near.as_bytes());
            text.extend(std::iter::repeat_n(filler, 5 * REACH));
            text
        };
        let offset = 5 * REACH + near.find("Ke3").unwrap();
        let a = excerpt(&make(b'\r'), offset);
        let b = excerpt(&make(b'x'), offset);
        assert_eq!(a, "  1. e4 e5 2. Ke3 Nc6 *\n              ^");
        assert!(b.starts_with("  ...") && b.ends_with('^'), "{b}");
        let window = &make(b'x')[offset - REACH..offset + REACH];
        assert_eq!(excerpt(window, REACH), b);
    }
}
