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
mod value;

pub use nag::Nag;
pub use uci_move::UciMove;
pub use value::{square_at, ValueError};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Square;

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
