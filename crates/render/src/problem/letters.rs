//! The problemist's letters for a piece, shared by the text board and the
//! alt text so the two cannot disagree: `K Q R B S P` (`S` the knight, as
//! problemists write it, `N` being their nightrider), a fairy piece its
//! Popeye code (`G`, `CA`).

use fen2img_chess::problem::Figure;
use fen2img_chess::Role;

/// The upper-case letters of a piece (`"S"`, `"G"`), or `None` for a
/// marker or a text, which are no pieces.
pub(crate) fn piece_letters(figure: &Figure) -> Option<String> {
    match figure {
        Figure::Piece(Role::Knight) => Some("S".to_owned()),
        Figure::Piece(role) => Some(role.upper_char().to_string()),
        Figure::Fairy(code) => Some(code.clone()),
        Figure::Marker(_) | Figure::Text(_) => None,
    }
}

/// The turn as the text formats write it after the letters: the number of
/// quarter turns clockwise (`"2"`), nothing for an upright piece.
pub(crate) fn turn_digit(rotation: u8) -> String {
    match rotation {
        0 => String::new(),
        r => r.to_string(),
    }
}
