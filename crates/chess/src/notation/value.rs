//! What every value shares: its error ([`ValueError`], a column and a
//! message) and the reading of a square ([`square_at`]). Beside the
//! values (`nag`, `uci_move`) rather than in their parent, which only
//! re-exports them.

use std::fmt;

use crate::position::Square;
use fen2img_support::quote::{caret_chars, escape};

/// What is wrong with a value, and where: the 1-based column within the
/// value, counted in characters, and a message in one line. User text in
/// the message is escaped ([`escape`]): nothing invisible reaches a
/// terminal raw.
///
/// ```
/// use fen2img_chess::notation::ValueError;
///
/// let e = ValueError::new(4, "expected a colour");
/// assert_eq!(e.to_string(), "column 4: expected a colour");
/// assert_eq!(e.caret("e4:#zz"), "  e4:#zz\n     ^");
/// // Inside a longer text, the column moves with the value's start.
/// assert_eq!(e.shifted(3).column(), 7);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueError {
    column: usize,
    message: String,
}

impl ValueError {
    /// An error at `column` (1-based, in characters; `0` is taken as 1).
    pub fn new(column: usize, message: impl Into<String>) -> ValueError {
        ValueError {
            column: column.max(1),
            message: message.into(),
        }
    }

    /// An error at byte `offset` (0-based) of `value`: the column counts
    /// the characters before it.
    pub fn at_byte(value: &str, offset: usize, message: impl Into<String>) -> ValueError {
        let before = value
            .get(..offset)
            .map_or(value.chars().count(), |s| s.chars().count());
        ValueError::new(before + 1, message)
    }

    /// The 1-based column within the value, in characters.
    pub fn column(&self) -> usize {
        self.column
    }

    /// What is wrong, without the column.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The same error for a value that starts `by` characters into a
    /// longer text (an item of a comma-separated list, a trimmed value).
    pub fn shifted(self, by: usize) -> ValueError {
        ValueError {
            column: self.column + by,
            ..self
        }
    }

    /// Two lines: `value` shown safely and a caret under the column.
    pub fn caret(&self, value: &str) -> String {
        caret_chars(value, self.column - 1)
    }
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for ValueError {}

/// The square named by the two characters at byte `offset` of `value`, or
/// an error at that column: the reading of a square every value shares.
///
/// ```
/// use fen2img_chess::notation::square_at;
///
/// assert_eq!(square_at("e4:A", 0).unwrap().to_string(), "e4");
/// assert_eq!(square_at("Ge2e9", 3).unwrap_err().column(), 4);
/// ```
pub fn square_at(value: &str, offset: usize) -> Result<Square, ValueError> {
    let name = value
        .get(offset..)
        .map(|rest| {
            let end = rest.char_indices().nth(2).map_or(rest.len(), |(i, _)| i);
            &rest[..end]
        })
        .unwrap_or("");
    if name.is_empty() {
        return Err(ValueError::at_byte(
            value,
            offset,
            "expected a square such as e4, found nothing",
        ));
    }
    Square::parse(name).ok_or_else(|| {
        ValueError::at_byte(
            value,
            offset,
            format!(
                "'{}' is not a square (files a to h, ranks 1 to 8)",
                escape(name)
            ),
        )
    })
}
