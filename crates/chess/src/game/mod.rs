//! Games: legal moves, SAN and UCI, PGN, and picking a position out of a game.
//!
//! The layers, each usable on its own:
//!
//! - [`LegalPosition`]: a [`Position`](crate::position::Position) that can be
//!   played: legal move generation (standard chess and Chess960, from the
//!   `cozy-chess` crate), check and mate, perft.
//! - [`Move`]: one move, with what a diagram needs to mark it (from, to, the
//!   rook of a castling, the captured piece).
//! - SAN and UCI: [`LegalPosition::parse_san`], [`LegalPosition::san`],
//!   [`LegalPosition::parse_uci`], [`LegalPosition::uci`], and
//!   [`play_moves`] for a list such as `1. e4 e5 2. Nf3`.
//! - [`pgn`]: the PGN reader ([`pgn::read_games`]), games with their tags,
//!   moves, NAGs, comments, comment commands and diagram markers.
//! - [`Selector`]: which position of a game to draw (ply, move, final).
//! - [`limits`]: every bound on what a game's text can make the reader
//!   keep or do.
//!
//! Crazyhouse and three-check positions, and PGN variants other than
//! standard chess and Chess960, are refused with an error naming the
//! variant: a board played by the wrong rules would be a wrong diagram.

mod convert;
mod legal;
pub mod limits;
mod move_list;
mod moves;
pub mod pgn;
mod san;
mod select;
mod uci;
mod variant;

pub use legal::{GamePosition, LegalPosition, PlayError};
pub use move_list::{play_moves, MoveListError};
pub use moves::{Castle, CastleSide, Move};
pub use san::{SanError, SanErrorKind, SanStyle};
pub use select::{SelectError, Selector};
pub use uci::UciError;
pub use variant::{UnsupportedVariant, Variant};
