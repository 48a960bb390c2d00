//! Whether the game is over on the board: the side to move mated or
//! stalemated. A diagram that would say "White to move" under a mated
//! White king says the result instead, as lichess does, in the picture and
//! in its alt text alike.

use fen2img_chess::game::{LegalPosition, Variant};
use fen2img_chess::{Color, Position};

/// How a position ends the game, when it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move is mated; `winner` gave the mate.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate,
}

impl Outcome {
    /// The game's end on `position`'s board, or `None` while it goes on
    /// (or when the rules to tell are not fen2img's: crazyhouse, whose
    /// drops can block a check, three-check, impossible boards).
    ///
    /// ```
    /// use fen2img_render::{parse, Outcome, ParseOptions};
    /// let fools_mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    /// let p = parse(fools_mate.as_bytes(), ParseOptions::default()).unwrap().position;
    /// assert_eq!(
    ///     Outcome::of(&p),
    ///     Some(Outcome::Checkmate { winner: fen2img_render::Color::Black })
    /// );
    /// ```
    pub fn of(position: &Position) -> Option<Outcome> {
        // Chess960's rules read any castling rights; castling never
        // answers a check nor decides a stalemate's other moves.
        let legal = LegalPosition::new(position, Variant::Chess960).ok()?;
        if legal.is_checkmate() {
            Some(Outcome::Checkmate {
                winner: position.turn.opponent(),
            })
        } else if legal.is_stalemate() {
            Some(Outcome::Stalemate)
        } else {
            None
        }
    }

    /// The result in words: "Checkmate, Black wins", "Stalemate".
    pub fn words(self) -> String {
        match self {
            Outcome::Checkmate { winner } => format!("Checkmate, {} wins", winner.name()),
            Outcome::Stalemate => "Stalemate".to_string(),
        }
    }
}

/// What a diagram says about the turn: "White to move", or the result
/// when the side to move is mated or stalemated.
pub fn turn_words(position: &Position) -> String {
    match Outcome::of(position) {
        Some(outcome) => outcome.words(),
        None => format!("{} to move", position.turn.name()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::position;

    #[test]
    fn mate_and_stalemate_are_said_and_play_goes_on_otherwise() {
        for (fen, said) in [
            (
                "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
                "Checkmate, Black wins",
            ),
            ("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "Checkmate, White wins"),
            ("7k/8/6QK/8/8/8/8/8 b - - 0 1", "Stalemate"),
            // In check, but the king escapes.
            ("7k/8/7Q/8/8/8/8/K7 b - - 0 1", "Black to move"),
            ("8/8/8/8/8/8/8/K6k w - - 0 1", "White to move"),
            // Crazyhouse: a drop may block; not judged.
            ("7k/6Q1/6K1/8/8/8/8/8[] b - - 0 1", "Black to move"),
        ] {
            assert_eq!(turn_words(&position(fen)), said, "{fen}");
        }
    }
}
