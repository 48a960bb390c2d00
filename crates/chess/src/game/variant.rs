//! Which rules a game is played by: standard chess or Chess960, and the
//! variants we refuse by name.

use std::fmt;

use crate::position::{CastlingSide, Color, Position, Role, Square};
use fen2img_support::quote;

/// The rules a game is played by. Only the two whose boards we can
/// reproduce exactly; every other variant is an [`UnsupportedVariant`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Standard chess: castling only with the king on the e-file and the
    /// rooks in the corners.
    #[default]
    Standard,
    /// Chess960 (Fischer random): any back-rank setup, castling as the
    /// king taking its own rook in UCI, `O-O`/`O-O-O` in SAN.
    Chess960,
}

/// A variant fen2img cannot play, named as the input named it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnsupportedVariant {
    /// The variant's usual name (`crazyhouse`, `three-check`, ...), or the
    /// input's own text (escaped) for a variant we do not know.
    pub name: String,
}

impl fmt::Display for UnsupportedVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} games cannot be played: fen2img plays standard chess and Chess960 only",
            self.name
        )
    }
}

impl std::error::Error for UnsupportedVariant {}

impl Variant {
    /// The variant of a PGN `[Variant "..."]` tag value, as lichess,
    /// ChessBase, python-chess and others spell them (case, spaces, hyphens
    /// and underscores ignored). An empty value is standard chess.
    pub fn from_tag(value: &str) -> Result<Variant, UnsupportedVariant> {
        let key: String = value
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_' | '\''))
            .flat_map(char::to_lowercase)
            .collect();
        // "From Position" is lichess's standard game from a set-up position.
        const STANDARD: [&str; 6] = [
            "",
            "standard",
            "chess",
            "normal",
            "fromposition",
            "classical",
        ];
        const CHESS960: [&str; 6] = [
            "chess960",
            "960",
            "fischerandom",
            "fischerrandom",
            "fischerrandomchess",
            "frc",
        ];
        const REFUSED: [(&[&str], &str); 10] = [
            (&["crazyhouse", "zh", "zhouse"], "crazyhouse"),
            (&["threecheck", "3check", "threechecks"], "three-check"),
            (&["atomic"], "atomic"),
            (
                &["antichess", "suicide", "giveaway", "losing", "losingchess"],
                "antichess",
            ),
            (&["kingofthehill", "koth"], "king of the hill"),
            (&["horde"], "horde"),
            (&["racingkings"], "racing kings"),
            (&["bughouse"], "bughouse"),
            (&["losers", "loserschess"], "losers"),
            (&["shatranj"], "shatranj"),
        ];
        if STANDARD.contains(&key.as_str()) {
            return Ok(Variant::Standard);
        }
        if CHESS960.contains(&key.as_str()) {
            return Ok(Variant::Chess960);
        }
        let name = REFUSED
            .iter()
            .find(|(keys, _)| keys.contains(&key.as_str()))
            .map(|&(_, name)| name.to_string())
            .unwrap_or_else(|| {
                let shown = quote::clip(value, super::limits::MAX_NAME_CHARS);
                format!("variant {}", quote::quoted(&shown))
            });
        Err(UnsupportedVariant { name })
    }

    /// The variant a position needs: Chess960 when a castling right only
    /// makes sense there (a king off the e-file, a rook off the corner, a
    /// Shredder-FEN letter other than A or H), else standard. For moves
    /// typed after a FEN, where no tag says which.
    pub fn for_position(position: &Position) -> Variant {
        for &(color, side) in position.castling.rights() {
            let rank = color.back_rank();
            let king = position.king(color);
            if king != Square::new(4, rank) {
                return Variant::Chess960;
            }
            let file = match side {
                CastlingSide::File(f) if f != 0 && f != 7 => return Variant::Chess960,
                CastlingSide::File(f) => f,
                CastlingSide::King => 7,
                CastlingSide::Queen => 0,
            };
            let rook = Square::new(file, rank).and_then(|sq| position.board.get(sq));
            if rook.is_none_or(|p| p.role != Role::Rook || p.color != color) {
                // The right names an outer rook that is not in the corner.
                let outer = outermost_rook(position, color, file == 7);
                if outer.is_some() {
                    return Variant::Chess960;
                }
            }
        }
        Variant::Standard
    }

    /// `"Standard"` or `"Chess960"`, as PGN's `Variant` tag writes them.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Standard => "Standard",
            Variant::Chess960 => "Chess960",
        }
    }
}

/// The file of `color`'s rook nearest the h-side (`h_side`) or a-side
/// corner, beyond its king on the back rank.
pub(crate) fn outermost_rook(position: &Position, color: Color, h_side: bool) -> Option<u8> {
    let rank = color.back_rank();
    let king = position
        .board
        .kings(color)
        .find(|sq| sq.rank() == rank)?
        .file();
    let is_rook = |f: u8| {
        Square::new(f, rank)
            .and_then(|sq| position.board.get(sq))
            .is_some_and(|p| p.color == color && p.role == Role::Rook)
    };
    if h_side {
        (king + 1..8).rev().find(|&f| is_rook(f))
    } else {
        (0..king).find(|&f| is_rook(f))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_name_the_variant() {
        assert_eq!(Variant::from_tag("Chess960"), Ok(Variant::Chess960));
        assert_eq!(Variant::from_tag("Fischerandom"), Ok(Variant::Chess960));
        assert_eq!(Variant::from_tag("From Position"), Ok(Variant::Standard));
        assert_eq!(Variant::from_tag(""), Ok(Variant::Standard));
        let e = Variant::from_tag("Crazyhouse").unwrap_err();
        assert_eq!(e.name, "crazyhouse");
        let e = Variant::from_tag("Three-check").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("three-check games cannot be played"),
            "{e}"
        );
        let e = Variant::from_tag("Made\u{1b}Up").unwrap_err();
        assert!(!e.to_string().contains('\u{1b}'), "{e}");
    }
}
