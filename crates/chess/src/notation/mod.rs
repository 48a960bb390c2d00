//! Values as people type them into options, beside the position they go
//! with: a move in UCI ([`UciMove`], syntax only: whether it is legal is a
//! question for a position, [`LegalPosition::parse_uci`]) and a Numeric
//! Annotation Glyph ([`Nag`], with the one table of the symbols chess
//! prints for them).
//!
//! Each value reads with `FromStr` and writes back with `Display`, and
//! reading what was written gives the same value again. A value that cannot
//! be read is a [`ValueError`]: the column within the value (so a front end
//! can put a caret under it) and a one-line message.
//!
//! ```
//! use fen2img_chess::notation::{Nag, UciMove};
//!
//! let m: UciMove = "e7e8q".parse()?;
//! assert_eq!(m.to_string(), "e7e8q");
//! let e = "e2e9".parse::<UciMove>().unwrap_err();
//! assert_eq!((e.column(), e.to_string().as_str()),
//!            (3, "column 3: 'e9' is not a square (files a to h, ranks 1 to 8)"));
//! assert_eq!("!!".parse::<Nag>()?.symbol(), Some("!!"));
//! # Ok::<(), fen2img_chess::notation::ValueError>(())
//! ```
//!
//! [`LegalPosition::parse_uci`]: crate::game::LegalPosition::parse_uci

mod nag;
mod uci_move;

use std::fmt;

use crate::position::Square;
use crate::quote::{caret_chars, escape};

pub use nag::Nag;
pub use uci_move::UciMove;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters_and_shift() {
        let e = ValueError::at_byte("Жe9", 2, "x");
        assert_eq!(e.column(), 2);
        assert_eq!(ValueError::new(0, "x").column(), 1);
        assert_eq!(ValueError::at_byte("ab", 99, "x").column(), 3);
        assert_eq!(e.clone().shifted(2).column(), 4);
        assert_eq!(e.message(), "x");
    }

    #[test]
    fn squares_are_read_in_place() {
        assert_eq!(square_at("e4", 0).unwrap(), Square::parse("e4").unwrap());
        let e = square_at("e2é4", 2).unwrap_err();
        assert_eq!(
            e.to_string(),
            "column 3: 'é4' is not a square (files a to h, ranks 1 to 8)"
        );
        assert_eq!(square_at("e", 1).unwrap_err().column(), 2);
        let e = square_at("x\u{1b}", 0).unwrap_err();
        assert!(e.message().contains("<U+001B>"), "{e}");
    }
}
