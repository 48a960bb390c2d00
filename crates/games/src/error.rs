//! What can be wrong with a game, placed: the source, line and column, the
//! game with its players, the move, and why.

use std::fmt;

use fen2img_render::chess::game::pgn::{Game, PgnError, PgnErrorKind};
use fen2img_render::chess::game::MoveListError;
use fen2img_render::Color;
use fen2img_support::quote::{caret_at, escape};

/// Which kind of problem a [`GameError`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum GameErrorKind {
    /// The PGN reader refused the game (syntax, an illegal move, a set-up
    /// it cannot play, a bound on hostile input, strict reading, a game
    /// number the text does not have).
    Pgn(PgnErrorKind),
    /// A move of a `--moves` list cannot be played.
    Moves,
    /// The position asked for is not in the game (a ply past its end, a
    /// move it does not have, no diagram markers).
    Select,
}

/// A game that cannot give the diagrams asked for.
///
/// `Display` is one line: `games.pgn:41:17: game 3 (Morphy – Allies), move
/// 17 White: Rd8 is not legal here: no rook can reach d8`; a list of moves
/// is placed by column (`--moves at column 7: move 4 White: …`). User text
/// in it is escaped for a terminal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameError {
    /// What the text is called (escaped): a file name, `<stdin>`,
    /// `--moves`.
    pub source: Box<str>,
    /// 1-based line of the offending token; 0 when the error has no place
    /// (a ply past the game's end).
    pub line: u32,
    /// 1-based column (characters) of the offending token; 0 when unplaced.
    pub column: u32,
    /// The game's number, from 1, when one is concerned.
    pub game: Option<usize>,
    /// `White – Black` from its tags (escaped), when it has them.
    pub players: Option<String>,
    /// The move number and side of the offending move.
    pub at_move: Option<(u32, Color)>,
    /// What kind of problem.
    pub kind: GameErrorKind,
    /// Why, escaped: `Rd8 is not legal here: no rook can reach d8`.
    pub reason: String,
    /// The offending line and a caret under the token (two lines), when
    /// placed.
    pub caret: Option<Box<str>>,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (0, 0) => write!(f, "{}: ", self.source)?,
            (0, column) => write!(f, "{} at column {column}: ", self.source)?,
            (line, column) => write!(f, "{}:{line}:{column}: ", self.source)?,
        }
        let mut said = false;
        if let Some(game) = self.game {
            write!(f, "game {game}")?;
            if let Some(players) = &self.players {
                write!(f, " ({players})")?;
            }
            said = true;
        }
        if let Some((number, side)) = self.at_move {
            let sep = if said { ", " } else { "" };
            write!(f, "{sep}move {number} {}", side.name())?;
            said = true;
        }
        if said {
            f.write_str(": ")?;
        }
        f.write_str(&self.reason)
    }
}

impl std::error::Error for GameError {}

impl GameError {
    /// The reader's error, placed in `source` (whose bytes are `input`),
    /// with its excerpt and caret (a window of the line: the same cost on
    /// a line of any length).
    pub fn from_pgn(source: &str, input: &[u8], e: &PgnError) -> GameError {
        let mut error = GameError::placed(source, e);
        if error.line > 0 {
            error.caret = Some(e.caret(input).into());
        }
        error
    }

    /// The reader's error placed in `source` by line and column, without
    /// the excerpt: what a warning says, on one line.
    pub fn placed(source: &str, e: &PgnError) -> GameError {
        let placed = e.line > 0;
        GameError {
            source: escape(source).into(),
            line: clamp(e.line),
            column: if placed { clamp(e.column) } else { 0 },
            game: Some(e.game),
            players: e.players.clone(),
            at_move: e.at_move,
            kind: GameErrorKind::Pgn(e.kind),
            reason: e.message.clone(),
            caret: None,
        }
    }

    /// A move of a list that cannot be played, placed by column in `moves`.
    pub fn from_moves(source: &str, moves: &str, e: &MoveListError) -> GameError {
        let column = clamp(e.column(moves));
        GameError {
            source: escape(source).into(),
            line: 0,
            column,
            game: None,
            players: None,
            at_move: Some((e.move_number, e.side)),
            kind: GameErrorKind::Moves,
            reason: e.message.clone(),
            // A window around the move: a list may be long.
            caret: Some(caret_at(moves.as_bytes(), e.offset).into()),
        }
    }

    /// A position the game does not have (`reason` already escaped).
    pub fn select(source: &str, game: &Game, reason: String) -> GameError {
        GameError {
            source: escape(source).into(),
            line: 0,
            column: 0,
            game: Some(game.number),
            players: game.players(),
            at_move: None,
            kind: GameErrorKind::Select,
            reason,
            caret: None,
        }
    }

    /// An error about the text as a whole.
    pub fn plain(source: &str, kind: GameErrorKind, reason: String) -> GameError {
        GameError {
            source: escape(source).into(),
            line: 0,
            column: 0,
            game: None,
            players: None,
            at_move: None,
            kind,
            reason,
            caret: None,
        }
    }
}

/// A line or column as the error keeps it (inputs are far below 4 GiB).
fn clamp(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}
