//! UCI move notation: `e2e4`, `e7e8q`; castling as `e1g1` in standard chess
//! and as the king taking its own rook (`e1h1`) in Chess960.

use std::fmt;

use crate::notation::UciMove;
use crate::position::{Role, Square};

use super::legal::LegalPosition;
use super::moves::Move;
use super::variant::Variant;

/// What is wrong with a move in UCI notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UciError {
    /// The whole sentence, starting with the move as written (escaped).
    pub message: String,
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for UciError {}

/// The squares and promotion of `text` when it is a board move in UCI
/// that a game can play (`e2e4`, `a7a8q`), legal or not; `None` for a drop,
/// the null move, a king promotion or anything else. The syntax is
/// [`UciMove`]'s, the one reading of UCI text.
pub(crate) fn board_move(text: &str) -> Option<(Square, Square, Option<Role>)> {
    match text.parse::<UciMove>().ok()? {
        UciMove::Normal {
            from,
            to,
            promotion,
        } if promotion != Some(Role::King) => Some((from, to, promotion)),
        _ => None,
    }
}

/// Whether `text` has the shape of a UCI move (`e2e4`, `a7a8q`), legal or not.
pub(crate) fn looks_like_uci(text: &str) -> bool {
    board_move(text).is_some()
}

impl LegalPosition {
    /// The legal move `text` names in UCI. Castling is accepted both as
    /// the king's two-square move (`e1g1`, standard chess only) and as the
    /// king taking its rook (`e1h1`, both variants); the promotion letter
    /// in either case; `0000` is the null move (a pass), unless the side to
    /// move is in check.
    pub fn parse_uci(&self, text: &str) -> Result<Move, UciError> {
        let shown = || super::san::shown(text);
        if text == "0000" {
            return self.null_move().ok_or_else(|| UciError {
                message: format!(
                    "{} is not legal here: the side to move is in check, and a null move (a pass) would leave it there",
                    shown()
                ),
            });
        }
        let Some((from, to, promotion)) = board_move(text) else {
            return Err(UciError {
                message: format!(
                    "{} is not a move in UCI notation (e.g. e2e4, e7e8q)",
                    shown()
                ),
            });
        };
        let found = self.legal_moves_from(from).into_iter().find(|m| {
            m.promotion == promotion
                && match m.castle {
                    Some(c) => {
                        c.rook_from == to || (self.variant() == Variant::Standard && m.to == to)
                    }
                    None => m.to == to,
                }
        });
        found.ok_or_else(|| UciError {
            message: format!("{} is not legal here", shown()),
        })
    }

    /// The legal moves of the piece on `from`.
    fn legal_moves_from(&self, from: Square) -> Vec<Move> {
        let mut out = Vec::new();
        self.board
            .generate_moves_for(super::convert::square_to(from).bitboard(), |moves| {
                out.extend(
                    moves
                        .into_iter()
                        .map(|mv| super::convert::move_from(&self.board, mv)),
                );
                false
            });
        out
    }

    /// `mv` in UCI notation: castling as `e1g1` in standard chess, as the
    /// king taking its rook (`e1h1`) in Chess960, as UCI engines expect; a
    /// null move as `0000`.
    pub fn uci(&self, mv: &Move) -> String {
        if mv.is_null() {
            return "0000".into();
        }
        let to = match (mv.castle, self.variant()) {
            (Some(c), Variant::Chess960) => c.rook_from,
            _ => mv.to,
        };
        let mut out = format!("{}{to}", mv.from);
        if let Some(p) = mv.promotion {
            out.push(p.upper_char().to_ascii_lowercase());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::{parse, ParseOptions};

    fn at(fen: &str, variant: Variant) -> LegalPosition {
        let pos = parse(fen.as_bytes(), ParseOptions::default())
            .unwrap()
            .position;
        LegalPosition::new(&pos, variant).unwrap()
    }

    #[test]
    fn castling_in_both_notations() {
        let p = at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", Variant::Standard);
        let a = p.parse_uci("e1g1").unwrap();
        let b = p.parse_uci("e1h1").unwrap();
        assert_eq!(a, b);
        assert_eq!(p.uci(&a), "e1g1");
        assert_eq!(p.san(&a), "O-O");
        let c = at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", Variant::Chess960);
        let m = c.parse_uci("e1a1").unwrap();
        assert_eq!(c.uci(&m), "e1a1");
        assert_eq!(c.san(&m), "O-O-O");
        assert!(c.parse_uci("e1c1").is_err());
    }

    #[test]
    fn castling_by_the_king_s_two_squares_after_for_position() {
        let pos = parse(
            b"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            ParseOptions::default(),
        )
        .unwrap()
        .position;
        assert_eq!(Variant::for_position(&pos), Variant::Standard);
        let p = LegalPosition::new(&pos, Variant::Standard).unwrap();
        assert_eq!(p.uci(&p.parse_uci("e1g1").unwrap()), "e1g1");
    }

    #[test]
    fn promotions_and_errors() {
        let p = at("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", Variant::Standard);
        let m = p.parse_uci("e7e8n").unwrap();
        assert_eq!(m.promotion, Some(Role::Knight));
        assert_eq!(p.uci(&m), "e7e8n");
        assert!(p.parse_uci("e7e8").is_err());
        assert_eq!(
            p.parse_uci("e7e9").unwrap_err().message,
            "e7e9 is not a move in UCI notation (e.g. e2e4, e7e8q)"
        );
        assert_eq!(
            p.parse_uci("e1e3").unwrap_err().message,
            "e1e3 is not legal here"
        );
    }
}
