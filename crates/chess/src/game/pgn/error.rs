//! Errors of the PGN reader: which game, where in the file, which move, why.

use std::fmt;

use crate::position::Color;

/// What kind of problem a [`PgnError`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum PgnErrorKind {
    /// Not PGN text: a stray character, a NUL byte, a broken tag pair, an
    /// unterminated comment, an unbalanced parenthesis.
    Syntax,
    /// A move that is not legal (or not SAN) where it stands.
    IllegalMove,
    /// `[FEN]` or `[Variant]` names a position or variant we cannot play.
    Setup,
    /// A bound on hostile input (tag length, comment length, nesting,
    /// game length).
    Limit,
    /// Accepted by the lenient reader, refused when reading strictly.
    Strict,
    /// The game asked for is not in the file.
    NoSuchGame,
}

/// A problem in a PGN file.
///
/// `Display` gives what a user needs after `file:line:col: `:
/// `game 3 (Morphy – Allies), move 17 White: Rd8 is not legal here: no rook
/// can reach d8`. All user text in it (player names, moves) is escaped for
/// the terminal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnError {
    /// The game's number in the file, from 1.
    pub game: usize,
    /// `White – Black` from the game's tags, when it has them (escaped).
    pub players: Option<String>,
    /// Byte offset of the offending token in the input.
    pub offset: usize,
    /// 1-based line of the offending token.
    pub line: usize,
    /// 1-based column of the offending token, counted in characters.
    pub column: usize,
    /// The move number and side of the offending move, inside movetext.
    pub at_move: Option<(u32, Color)>,
    /// What kind of problem.
    pub kind: PgnErrorKind,
    /// Why, escaped: `Rd8 is not legal here: no rook can reach d8`.
    pub message: String,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.game)?;
        if let Some(players) = &self.players {
            write!(f, " ({players})")?;
        }
        if let Some((number, side)) = self.at_move {
            write!(f, ", move {number} {}", side.name())?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for PgnError {}

impl PgnError {
    /// Two lines: the offending line of `input` around the column, and a
    /// caret under the offending token. Only a window of the line is read
    /// ([`crate::game::limits::MAX_EXCERPT_BYTES`] on each side of the
    /// error), so an excerpt
    /// costs the same on a line of a megabyte; `...` marks where the line
    /// goes on. Lines end at LF, CRLF or a lone CR, as the reader counts
    /// them. Columns are counted as the reader counts them (one per
    /// character, a UTF-8 continuation byte being no column), and anything
    /// but printable ASCII shows as `?`, so the caret stays aligned and
    /// nothing reaches a terminal raw.
    pub fn caret(&self, input: &[u8]) -> String {
        fen2img_support::quote::caret_at(input, self.offset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(input: &[u8], offset: usize) -> PgnError {
        PgnError {
            game: 1,
            players: None,
            offset,
            line: 1,
            column: 1,
            at_move: None,
            kind: PgnErrorKind::Syntax,
            message: String::new(),
        }
        .with_input(input)
    }

    impl PgnError {
        /// Places the error's column as the lexer would (tests only).
        fn with_input(mut self, input: &[u8]) -> PgnError {
            let start = input[..self.offset]
                .iter()
                .rposition(|&b| b == b'\n' || b == b'\r')
                .map_or(0, |i| i + 1);
            self.column = 1 + input[start..self.offset]
                .iter()
                .filter(|&&b| (b as i8) >= -0x40)
                .count();
            self
        }
    }

    #[test]
    fn an_excerpt_is_a_window_of_its_line() {
        // Short lines: the whole line, ended by LF, CRLF or a lone CR.
        for input in [
            &b"e4 e5\nNf3 Kd4 *\nd4"[..],
            b"e4 e5\r\nNf3 Kd4 *\r\nd4",
            b"e4 e5\rNf3 Kd4 *\rd4",
        ] {
            let offset = input.windows(3).position(|w| w == b"Kd4").unwrap();
            assert_eq!(at(input, offset).caret(input), "  Nf3 Kd4 *\n      ^");
        }
        // A line of a megabyte: a window around the error, cut on both
        // sides, the same excerpt wherever the line starts and ends.
        let mut long = vec![b'a'; 1 << 20];
        long[1 << 19..(1 << 19) + 3].copy_from_slice(b"Kd4");
        let caret = at(&long, 1 << 19).caret(&long);
        let lines: Vec<&str> = caret.lines().collect();
        assert!(
            lines[0].starts_with("  ...") && lines[0].ends_with("..."),
            "{caret}"
        );
        let under = lines[1].len() - 1;
        assert_eq!(&lines[0][under..under + 3], "Kd4");
        assert!(caret.len() < 2 * 80, "{caret}");
        // Multi-byte characters: each one column, shown as `?`; a window
        // cut inside one starts on the next.
        let mut wide = "é".repeat(400).into_bytes();
        wide.extend_from_slice(b" Kd4");
        let offset = wide.len() - 3;
        let caret = at(&wide, offset).caret(&wide);
        let lines: Vec<&str> = caret.lines().collect();
        assert!(lines[0].ends_with("? Kd4"), "{caret}");
        assert_eq!(&lines[0][lines[1].len() - 1..], "Kd4");
        // Past the end of the input: the caret after the last column.
        assert_eq!(at(b"e4 e5", 5).caret(b"e4 e5"), "  e4 e5\n       ^");
    }
}
