//! What can be wrong with FEN text, and where: [`Field`], [`FenErrorKind`]
//! and [`FenError`].
//!
//! Kept apart from the parser so that the modules which report FEN problems
//! (the parser, EPD operations, legality warnings) all import it and none
//! of them imports another.

use std::fmt;

/// The part of a FEN record an error or warning is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Field {
    /// The input as a whole (empty, too long, bad bytes, too many fields).
    Input,
    /// Field 1, piece placement.
    Placement,
    /// Field 2, the side to move.
    SideToMove,
    /// Field 3, castling availability.
    Castling,
    /// Field 4, the en passant target square.
    EnPassant,
    /// Field 5, the halfmove clock.
    HalfmoveClock,
    /// Field 6, the fullmove number.
    FullmoveNumber,
    /// Crazyhouse pieces in hand.
    Pocket,
    /// Three-check counters.
    CheckCounters,
    /// An EPD operation after the fourth field.
    EpdOperation,
}

impl Field {
    /// The field's name as users know it: `"placement"`, `"side to move"`, ...
    pub fn name(self) -> &'static str {
        match self {
            Field::Input => "input",
            Field::Placement => "placement",
            Field::SideToMove => "side to move",
            Field::Castling => "castling",
            Field::EnPassant => "en passant",
            Field::HalfmoveClock => "halfmove clock",
            Field::FullmoveNumber => "fullmove number",
            Field::Pocket => "pocket",
            Field::CheckCounters => "check counters",
            Field::EpdOperation => "EPD operation",
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What went wrong, for callers that act on the kind of error rather than
/// show its message. The message ([`FenError::message`]) says the same in
/// words, with the offending text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FenErrorKind {
    /// The input is longer than [`crate::fen::MAX_INPUT_LEN`].
    TooLong,
    /// The input is not UTF-8.
    InvalidUtf8,
    /// A control character (other than tab or a line end) in the input.
    ControlCharacter,
    /// Nothing but whitespace.
    Empty,
    /// A line break inside the record.
    LineBreak,
    /// Whitespace that `--strict` refuses (around the record, or more than
    /// one space between fields).
    Whitespace,
    /// A field that a strict FEN needs is missing.
    MissingField,
    /// More fields than a FEN has.
    ExtraField,
    /// A character or word that does not belong in its field.
    UnexpectedText,
    /// The placement has other than 8 ranks.
    RankCount,
    /// A rank spans other than 8 squares (or is empty).
    SquareCount,
    /// Two digits in a row, or a digit 0 or 9, in a rank.
    BadDigit,
    /// A castling right or a promoted marker given twice.
    Duplicate,
    /// More than two castling rights for one side.
    TooManyCastlingRights,
    /// A number that is not a whole number in range.
    InvalidNumber,
    /// More pieces in a pocket than a game can have, or a king in it.
    InvalidPocket,
    /// Malformed three-check counters.
    InvalidCheckCounters,
    /// Malformed EPD operations.
    InvalidEpd,
    /// Something lenient parsing accepts but `--strict` refuses (variant
    /// fields, EPD operations, Chess960 castling, castling out of order,
    /// `-` for a clock).
    RefusedByStrict,
}

/// Why an input is not a FEN record, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenError {
    /// The field the problem is in.
    pub field: Field,
    /// What went wrong.
    pub kind: FenErrorKind,
    /// Byte offset into the input (0-based) of the offending character.
    pub offset: usize,
    /// What is wrong and what was expected, e.g. `rank 6 has 9 squares,
    /// expected 8`. User text in it is escaped (control and invisible
    /// characters named by code point), so it is safe to print to a terminal.
    pub message: String,
}

impl FenError {
    pub(crate) fn new(
        field: Field,
        kind: FenErrorKind,
        offset: usize,
        message: impl Into<String>,
    ) -> FenError {
        FenError {
            field,
            kind,
            offset,
            message: message.into(),
        }
    }

    /// The 1-based column of the offending byte, as editors count.
    pub fn column(&self) -> usize {
        self.offset + 1
    }

    /// Two lines that show `input` with a caret under the offending column.
    ///
    /// Control characters and non-ASCII bytes are shown as `?` so the caret
    /// stays aligned in any terminal; long inputs are cut to a window around
    /// the column.
    pub fn caret(&self, input: &[u8]) -> String {
        fen2img_support::quote::caret_bytes(input, self.offset)
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at column {}: {}",
            self.field,
            self.column(),
            self.message
        )
    }
}

impl std::error::Error for FenError {}
