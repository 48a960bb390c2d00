//! What is drawn on the board besides the pieces ([`Markup`]), and which
//! king glows ([`CheckMark`]).

use std::fmt;
use std::str::FromStr;

use fen2img_chess::notation::{square_at, ValueError};
use fen2img_chess::Square;

use super::arrow::ArrowSpec;
use crate::annotation::Glyph;
use crate::assets::color::Rgba;

/// Which king, if any, gets the check glow: `none`, `auto` (the side to
/// move's king, when it is attacked) or the square of the piece.
///
/// ```
/// use fen2img_render::{CheckMark, Square};
///
/// assert_eq!("auto".parse::<CheckMark>()?, CheckMark::Auto);
/// assert_eq!("e8".parse::<CheckMark>()?, CheckMark::Square(Square::parse("e8").unwrap()));
/// assert_eq!(CheckMark::None.to_string(), "none");
/// # Ok::<(), fen2img_render::ValueError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CheckMark {
    /// No glow.
    #[default]
    None,
    /// The king of the side to move, when it is attacked.
    Auto,
    /// The piece on this square.
    Square(Square),
}

impl FromStr for CheckMark {
    type Err = ValueError;

    fn from_str(text: &str) -> Result<CheckMark, ValueError> {
        match text {
            "none" => Ok(CheckMark::None),
            "auto" => Ok(CheckMark::Auto),
            _ => square_at(text, 0)
                .and_then(|sq| {
                    if text.len() > 2 {
                        Err(ValueError::new(3, "a square is two characters, such as e8"))
                    } else {
                        Ok(sq)
                    }
                })
                .map(CheckMark::Square)
                .map_err(|e| {
                    ValueError::new(e.column(), format!("{} (or auto, none)", e.message()))
                }),
        }
    }
}

impl fmt::Display for CheckMark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckMark::None => f.write_str("none"),
            CheckMark::Auto => f.write_str("auto"),
            CheckMark::Square(sq) => write!(f, "{sq}"),
        }
    }
}

/// The most arrows (circles included), marks, fills, glyphs or square
/// labels a front end that takes untrusted input (the server's query, the
/// Python package) lets one diagram ask for: a board has 64 squares, and
/// each item adds drawing work.
pub const MAX_MARKUP: usize = 64;

/// Highlights and annotations drawn on the board.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Markup {
    /// The last move's two squares, tinted.
    pub lastmove: Option<(Square, Square)>,
    /// The check glow.
    pub check: CheckMark,
    /// Arrows and circles, drawn above the pieces.
    pub arrows: Vec<ArrowSpec>,
    /// Squares marked with an X.
    pub marks: Vec<Square>,
    /// Squares filled with a colour.
    pub fills: Vec<(Square, Rgba)>,
    /// Move-quality glyphs and NAG symbols, each a badge in its square's
    /// upper-right corner (the last one given on a square is drawn on top).
    pub glyphs: Vec<(Square, Glyph)>,
    /// Short texts on squares (at most [`MAX_LABEL_CHARS`](crate::options::MAX_LABEL_CHARS) characters are
    /// drawn; control characters are left out).
    pub labels: Vec<(Square, String)>,
    /// Arrows between squares a knight's move apart are drawn straight,
    /// not as an L (the default, as lichess draws them).
    pub straight_knight_arrows: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_marks_read_their_three_forms() {
        assert_eq!("none".parse(), Ok(CheckMark::None));
        let e = "e9".parse::<CheckMark>().unwrap_err();
        assert_eq!(e.column(), 1);
        assert!(e.message().ends_with("(or auto, none)"), "{e}");
        assert_eq!("e8x".parse::<CheckMark>().unwrap_err().column(), 3);
        assert_eq!("".parse::<CheckMark>().unwrap_err().column(), 1);
    }
}
