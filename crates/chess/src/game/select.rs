//! Which position of a game: by ply, by move (`17w`, `17b`, `17.Rd8`), or
//! the final one.

use std::fmt;
use std::str::FromStr;

use crate::position::Color;
use fen2img_support::quote;

use super::legal::{GamePosition, LegalPosition};
use super::pgn::Game;

/// A position of a game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Selector {
    /// After the last move (the default).
    #[default]
    Final,
    /// After this many half-moves; 0 is the start position.
    Ply(usize),
    /// After this move: `17w`, `17b`, or with its SAN checked, `17.Rd8`
    /// and `17...Qxe3`.
    Move {
        /// The move number.
        number: u32,
        /// Whose move.
        side: Color,
        /// The move as the user wrote it, checked against the game.
        san: Option<String>,
    },
}

/// A selector that does not parse or does not fit the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelectError {
    /// Why, user text escaped: `ply 120 is beyond the end of the game: it
    /// has 83 half-moves (the last is 42.Kg7)`.
    pub message: String,
}

impl fmt::Display for SelectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SelectError {}

fn fail(message: String) -> SelectError {
    SelectError { message }
}

/// Parses a move selector: `17w`, `17b`, `17.Rd8`, `17...Qxe3`, `17.`
/// (White's 17th) or `17...` (Black's).
impl FromStr for Selector {
    type Err = SelectError;

    fn from_str(text: &str) -> Result<Selector, SelectError> {
        let shown = quote::quoted(text);
        let wrong = || {
            fail(format!(
                "{shown} names no move: write 17w or 17b (after White's or Black's 17th move), or 17.Rd8 / 17...Qxe3"
            ))
        };
        let digits = text.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || digits > 7 {
            return Err(wrong());
        }
        let number: u32 = text[..digits].parse().map_err(|_| wrong())?;
        if number == 0 {
            return Err(fail(format!("{shown}: moves are numbered from 1")));
        }
        let rest = &text[digits..];
        let (side, san) = match rest {
            "w" | "W" => (Color::White, ""),
            "b" | "B" => (Color::Black, ""),
            _ => {
                if let Some(san) = rest.strip_prefix("...").or_else(|| rest.strip_prefix('…')) {
                    (Color::Black, san)
                } else if let Some(san) = rest.strip_prefix('.') {
                    (Color::White, san)
                } else {
                    return Err(wrong());
                }
            }
        };
        let san = san.trim();
        Ok(Selector::Move {
            number,
            side,
            san: (!san.is_empty()).then(|| san.to_string()),
        })
    }
}

/// `the game has 83 half-moves (the last is 42.Kg7)`.
fn length(game: &Game) -> String {
    match game.plies.last() {
        None => "the game has no moves".to_string(),
        Some(last) => format!(
            "the game has {} half-move{} (the last is {})",
            game.plies.len(),
            if game.plies.len() == 1 { "" } else { "s" },
            last.numbered_san()
        ),
    }
}

impl Selector {
    /// The ply this selector names in `game` (0 = the start).
    pub fn resolve(&self, game: &Game) -> Result<usize, SelectError> {
        match self {
            Selector::Final => Ok(game.plies.len()),
            Selector::Ply(n) if *n <= game.plies.len() => Ok(*n),
            Selector::Ply(n) => Err(fail(format!(
                "ply {n} is beyond the end of the game: {}",
                length(game)
            ))),
            Selector::Move { number, side, san } => {
                let found = game
                    .plies
                    .iter()
                    .position(|p| p.move_number == *number && p.side == *side);
                let Some(index) = found else {
                    let dots = if *side == Color::White { "." } else { "..." };
                    return Err(fail(format!(
                        "move {number}{dots} ({}) is not in the game: {}",
                        side.name(),
                        length(game)
                    )));
                };
                if let Some(text) = san {
                    let before = replay_board(game, index)?;
                    let ply = &game.plies[index];
                    let same = before.parse_san(text).is_ok_and(|mv| mv == ply.mv);
                    if !same {
                        return Err(fail(format!(
                            "move {number} {} is {}, not {}",
                            side.name(),
                            ply.san,
                            super::san::shown(text)
                        )));
                    }
                }
                Ok(index + 1)
            }
        }
    }
}

fn replay_board(game: &Game, ply: usize) -> Result<LegalPosition, SelectError> {
    let mut board =
        LegalPosition::new(&game.start, game.variant).map_err(|e| fail(e.to_string()))?;
    for p in &game.plies[..ply] {
        if !board.play(&p.mv) {
            return Err(fail(format!("move {} is not legal here", p.numbered_san())));
        }
    }
    Ok(board)
}

// Selecting is defined here, beside the replay it needs, and not in
// `pgn` where `Game` is: `pgn` reads games and never imports `select`, so
// the arrow between the two runs one way (tests/cli/layers/ checks it).
impl Game {
    /// The position `selector` names, with the move that led to it.
    pub fn select(&self, selector: &Selector) -> Result<GamePosition, SelectError> {
        let ply = selector.resolve(self)?;
        replay(self, ply)
    }

    /// Every position of the main line, the start first (`plies.len() + 1`
    /// of them), for animations.
    pub fn positions(&self) -> Vec<GamePosition> {
        replay_all(self)
    }
}

/// The position after `ply` half-moves of `game`: the reader's final
/// position when that is the one, else the moves replayed.
pub(crate) fn replay(game: &Game, ply: usize) -> Result<GamePosition, SelectError> {
    if ply > game.plies.len() {
        return Err(fail(format!(
            "ply {ply} is beyond the end of the game: {}",
            length(game)
        )));
    }
    if let Some(end) = game.end.as_ref().filter(|end| end.ply == ply) {
        return Ok(end.clone());
    }
    let board = replay_board(game, ply)?;
    let last = ply.checked_sub(1).map(|i| &game.plies[i]);
    Ok(GamePosition {
        position: board.to_position(),
        last_move: last.map(|p| p.mv),
        last_san: last.map(|p| p.san.clone()),
        check: board.checked_king(),
        ply,
    })
}

/// Every position of `game`'s main line, the start first.
pub(crate) fn replay_all(game: &Game) -> Vec<GamePosition> {
    let Ok(mut board) = LegalPosition::new(&game.start, game.variant) else {
        return Vec::new();
    };
    let mut out = Vec::with_capacity(game.plies.len() + 1);
    out.push(GamePosition {
        position: board.to_position(),
        last_move: None,
        last_san: None,
        check: board.checked_king(),
        ply: 0,
    });
    for (i, p) in game.plies.iter().enumerate() {
        if !board.play(&p.mv) {
            break;
        }
        out.push(GamePosition {
            position: board.to_position(),
            last_move: Some(p.mv),
            last_san: Some(p.san.clone()),
            check: board.checked_king(),
            ply: i + 1,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_selectors_parse() {
        assert_eq!(
            "17w".parse::<Selector>(),
            Ok(Selector::Move {
                number: 17,
                side: Color::White,
                san: None
            })
        );
        assert_eq!(
            "17...Qxe3".parse::<Selector>(),
            Ok(Selector::Move {
                number: 17,
                side: Color::Black,
                san: Some("Qxe3".into())
            })
        );
        assert_eq!(
            "17.Rd8".parse::<Selector>(),
            Ok(Selector::Move {
                number: 17,
                side: Color::White,
                san: Some("Rd8".into())
            })
        );
        assert!("w17".parse::<Selector>().is_err());
        assert!("0w"
            .parse::<Selector>()
            .unwrap_err()
            .message
            .contains("from 1"));
    }
}
