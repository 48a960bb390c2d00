//! A list of moves typed after a position: `e4 e5 Nf3`, `1. e4 e5 2. Nf3`,
//! `e2e4 e7e5`, mixed freely.

use std::fmt;

use crate::position::Color;

use super::legal::{GamePosition, LegalPosition};
use super::limits::MAX_MOVE_LIST_LEN;
use super::san::{push_mark, SanStyle};
use super::uci::looks_like_uci;

/// A move of a list that cannot be played, and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveListError {
    /// Byte offset of the move in the list's text.
    pub offset: usize,
    /// The move's number and side (`17`, White), as a game would number it.
    pub move_number: u32,
    /// The side whose move it was.
    pub side: Color,
    /// Why, starting with the move as written: `Nf6 is not legal here: ...`.
    pub message: String,
}

impl MoveListError {
    /// The 1-based column of the move in the list (counting characters).
    pub fn column(&self, text: &str) -> usize {
        text.get(..self.offset)
            .map_or(self.offset, |s| s.chars().count())
            + 1
    }
}

impl fmt::Display for MoveListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} {}: {}",
            self.move_number,
            self.side.name(),
            self.message
        )
    }
}

impl std::error::Error for MoveListError {}

/// Plays the moves in `text` from `start`; every position on the way,
/// `start` first (ply 0). Moves are SAN (leniently read) or UCI; move
/// numbers (`1.`, `1...`, `1.e4`) and a final result (`1-0`, `*`) are
/// skipped.
pub fn play_moves(start: &LegalPosition, text: &str) -> Result<Vec<GamePosition>, MoveListError> {
    let mut board = start.clone();
    let mut out = vec![GamePosition {
        position: board.to_position(),
        last_move: None,
        last_san: None,
        check: board.checked_king(),
        ply: 0,
    }];
    let fail = |board: &LegalPosition, offset: usize, message: String| MoveListError {
        offset,
        move_number: board.fullmove_number(),
        side: board.turn(),
        message,
    };
    if text.len() > MAX_MOVE_LIST_LEN {
        return Err(fail(
            &board,
            MAX_MOVE_LIST_LEN,
            format!("the list is longer than the limit of {MAX_MOVE_LIST_LEN} bytes"),
        ));
    }
    let mut offset = 0;
    for raw in text.split_inclusive(|c: char| c.is_whitespace() || c == ',') {
        let token_offset = offset;
        offset += raw.len();
        let token = raw.trim_end_matches(|c: char| c.is_whitespace() || c == ',');
        // A move number, possibly glued to its move: `12.`, `12...`, `1.e4`.
        let digits = token.bytes().take_while(u8::is_ascii_digit).count();
        let after_number = token[digits..].trim_start_matches(['.', '…']);
        let (token, token_offset) = if digits > 0 && after_number.len() < token.len() - digits {
            (
                after_number,
                token_offset + (token.len() - after_number.len()),
            )
        } else {
            (token, token_offset)
        };
        if token.is_empty() || matches!(token, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*") {
            continue;
        }
        let parsed = if looks_like_uci(token) {
            board
                .parse_uci(token)
                .or_else(|uci| board.parse_san(token).map_err(|_| uci.message))
        } else {
            board.parse_san(token).map_err(|e| e.message)
        };
        let mv = parsed.map_err(|message| fail(&board, token_offset, message))?;
        let mut san = board.san_body(&mv, SanStyle::LETTERS);
        board.play_legal(&mv);
        push_mark(&mut san, &board);
        out.push(GamePosition {
            position: board.to_position(),
            last_move: Some(mv),
            last_san: Some(san),
            check: board.checked_king(),
            ply: out.len(),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_uci_and_san_mix() {
        let line = play_moves(
            &LegalPosition::startpos(),
            "1.e4 e7e5 2. Nf3 Nc6 3.Bb5 a6 *",
        )
        .unwrap();
        assert_eq!(line.len(), 7);
        let last = line.last().unwrap();
        assert_eq!(
            last.position.to_string(),
            "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"
        );
        assert_eq!(last.numbered_san().as_deref(), Some("3...a6"));
        assert_eq!(line[5].numbered_san().as_deref(), Some("3.Bb5"));
    }

    #[test]
    fn the_failing_move_is_placed() {
        let text = "e4 e5 Nf3 Nf6 Bb5 Ke6";
        let e = play_moves(&LegalPosition::startpos(), text).unwrap_err();
        assert_eq!(e.column(text), 19);
        assert_eq!((e.move_number, e.side), (3, Color::Black));
        assert!(
            e.to_string()
                .starts_with("move 3 Black: Ke6 is not legal here"),
            "{e}"
        );
    }

    #[test]
    fn scholars_mate_is_marked() {
        let line = play_moves(&LegalPosition::startpos(), "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7").unwrap();
        let last = line.last().unwrap();
        assert_eq!(last.last_san.as_deref(), Some("Qxf7#"));
        assert_eq!(last.check.map(|s| s.to_string()).as_deref(), Some("e8"));
    }
}
