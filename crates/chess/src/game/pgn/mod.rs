//! The PGN reader: games with their tags, moves and annotations.
//!
//! Reads PGN's import format (§8.2 of the standard) leniently by default:
//! missing move numbers, `0-0`, `e8Q`, `a8(Q)`, `exd6e.p.`, UCI moves
//! (`e2e4`), missing or extra check marks, Latin-1 text, games without a
//! result. [`PgnOptions::strict`] refuses all of those. Either way: null
//! moves (`--`; leniently also `Z0` and `0000`), a byte order mark at any
//! game's start, and LF, CRLF or lone CR line ends, mixed. Recursive
//! variations are read and their moves checked, but only the main line is
//! kept. Reading is one pass over the text, and what a game keeps is
//! bounded ([`limits`]).
//!
//! ```
//! use fen2img_chess::game::pgn::{read_games, PgnOptions};
//!
//! let pgn = b"[White \"Morphy\"]\n[Black \"Allies\"]\n\n1. e4 e5 {[%cal Gg1f3]} 2. Nf3 1-0\n";
//! let game = read_games(pgn, PgnOptions::default()).next().unwrap().unwrap();
//! assert_eq!(game.plies.len(), 3);
//! assert_eq!(game.plies[1].san, "e5");
//! assert_eq!(game.plies[1].notes.arrows.len(), 1);
//! ```

mod commands;
mod error;
mod lexer;
pub use super::limits;
mod model;
mod reader;

pub use super::limits::{
    MAX_COMMENT_LEN, MAX_PLIES, MAX_TAGS, MAX_TAG_VALUE_LEN, MAX_VARIATION_DEPTH,
};
pub use error::{PgnError, PgnErrorKind};
pub(crate) use model::players;
pub use model::{nag_symbol, Arrow, Brush, Game, GameEnd, Notes, PgnOptions, Ply, SquareMark};
pub use reader::{read_game, read_games, Games};
