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
    /// Two lines: the offending line of `input` (cut to a window around the
    /// column) and a caret under the offending token. Control characters
    /// and non-ASCII characters show as `?` so the caret stays aligned.
    pub fn caret(&self, input: &[u8]) -> String {
        let offset = self.offset.min(input.len());
        let start = input[..offset]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let end = input[offset..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(input.len(), |i| offset + i);
        // A CRLF file's line ends at its CR.
        let line = input[start..end]
            .strip_suffix(b"\r")
            .unwrap_or(&input[start..end]);
        // One column per character (not byte), as the column counts them.
        let line = String::from_utf8_lossy(line);
        crate::quote::caret_chars(&line, self.column.saturating_sub(1))
    }
}
