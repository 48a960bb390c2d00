//! What the input is: the rule that tells PGN from FEN, and a list of moves
//! made into a game like one read from PGN.
//!
//! The rule ([`is_pgn`]): after an optional byte order mark and white
//! space, PGN starts with a tag pair `[`, a comment `{` or `;`, an escape
//! line `%`, or a move number (digits then `.`, as in `1. e4` or `1.e4`).
//! A FEN starts with its board (`rnbqkbnr/…`, `8/8/…`): a piece letter, a
//! digit then `/` or a letter, never any of those. A positional argument
//! ending in `.pgn` is a file read as PGN whatever it holds.

use fen2img_render::chess::game::pgn::{Game, Notes, Ply};
use fen2img_render::chess::game::{play_moves, LegalPosition, Variant};
use fen2img_render::Position;

use super::error::{GameError, GameErrorKind};

/// The largest PGN text read (a file or standard input), in bytes: a
/// database of some 50,000 games. Reading is linear and holds one game at a
/// time beyond the text itself. Defined with the other bounds of games.
pub use fen2img_render::chess::game::limits::MAX_PGN_LEN;

/// Whether `input` is PGN rather than FEN (see the module's rule).
pub fn is_pgn(input: &[u8]) -> bool {
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let start = input
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(input.len());
    let text = &input[start..];
    match text.first() {
        Some(b'[' | b'{' | b';' | b'%') => true,
        Some(b'0'..=b'9') => {
            let digits = text.iter().take_while(|b| b.is_ascii_digit()).count();
            text[digits..].starts_with(b".") || text[digits..].starts_with("…".as_bytes())
        }
        _ => false,
    }
}

/// Whether a positional argument names a PGN file: it ends in `.pgn` (any
/// case).
pub fn is_pgn_path(argument: &[u8]) -> bool {
    argument.len() > 4 && argument[argument.len() - 4..].eq_ignore_ascii_case(b".pgn")
}

/// The moves of `moves` played from `start`, as a game without tags
/// (game 1), so picking a position works as it does for PGN.
pub fn moves_game(start: &Position, moves: &str, source: &str) -> Result<Game, GameError> {
    let variant = Variant::for_position(start);
    let board = LegalPosition::new(start, variant).map_err(|e| {
        GameError::plain(
            source,
            GameErrorKind::Moves,
            format!("cannot play from this position: {e}"),
        )
    })?;
    let line = play_moves(&board, moves).map_err(|e| GameError::from_moves(source, moves, &e))?;
    let plies = line
        .windows(2)
        .filter_map(|pair| {
            let (before, after) = (&pair[0].position, &pair[1]);
            Some(Ply {
                mv: after.last_move?,
                san: after.last_san.clone()?,
                move_number: before.fullmove_number.max(1),
                side: before.turn,
                line: 1,
                column: 0,
                notes: Notes::default(),
            })
        })
        .collect();
    Ok(Game {
        number: 1,
        line: 1,
        tags: Vec::new(),
        variant,
        start: line[0].position.clone(),
        start_notes: Notes::default(),
        plies,
        result: None,
        warnings: Vec::new(),
        warnings_not_kept: 0,
        end: line.last().cloned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_and_fen_are_told_apart_by_their_first_token() {
        for pgn in [
            "[Event \"x\"]",
            "\u{feff}\r\n  [White \"A\"]",
            "1. e4 e5",
            "1.e4",
            "12... Qxe3",
            "{A comment} 1. e4",
            "; a line comment\n1. d4",
            "% escape\n[Event \"x\"]",
        ] {
            assert!(is_pgn(pgn.as_bytes()), "{pgn}");
        }
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "8/8/8/8/8/8/8/K6k w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3",
            "",
            "  ",
            "1/2",
        ] {
            assert!(!is_pgn(fen.as_bytes()), "{fen}");
        }
        assert!(is_pgn_path(b"games.PGN"));
        assert!(!is_pgn_path(b".pgn") && !is_pgn_path(b"games.pgnx"));
    }

    #[test]
    fn a_move_list_is_a_game_numbered_from_its_position() {
        let start: Position = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40".parse().unwrap();
        let game = moves_game(&start, "Kd7 e4 Kc6", "--moves").unwrap();
        assert_eq!(game.plies.len(), 3);
        assert_eq!(game.plies[0].numbered_san(), "40...Kd7");
        assert_eq!(game.plies[1].numbered_san(), "41.e4");
        let e = moves_game(&start, "Kd7 e5", "--moves").unwrap_err();
        assert_eq!(e.column, 5);
        assert!(
            e.to_string()
                .starts_with("--moves at column 5: move 41 White: e5"),
            "{e}"
        );
    }
}
