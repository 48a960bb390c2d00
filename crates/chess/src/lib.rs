//! Chess positions and notation for fen2img.
//!
//! This crate turns text into a [`Position`] and back: FEN and EPD parsing
//! ([`parse`]) with typed errors that name the field and column
//! ([`FenError`]), the position model (board, side to move, castling, en
//! passant, crazyhouse pockets, three-check counters), legality warnings
//! ([`Position::warnings`]), canonical FEN writing (`Display`), and games:
//! legal moves, SAN and UCI, and a PGN reader ([`game`]); and the values
//! options take beside a position, a move in UCI and a NAG, each read with
//! the column of what is wrong ([`notation`]). It imports `std`
//! and a move generator (cozy-chess, MIT) only, and never panics on any
//! input.
//!
//! ```
//! use fen2img_chess::{parse, Color, ParseOptions, Square};
//!
//! let record = parse(b"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
//!                    ParseOptions::default())?;
//! let position = &record.position;
//! assert_eq!(position.turn, Color::White);
//! assert_eq!(position.en_passant, Square::parse("e6"));
//! assert_eq!(position.to_string(),
//!            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
//!
//! // Errors point at the field and column, ready for a caret under the input.
//! let input = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1";
//! let e = parse(input, ParseOptions::default()).unwrap_err();
//! assert_eq!(e.column(), 45);
//! # Ok::<(), fen2img_chess::FenError>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod epd;
mod fen;
mod fen_error;
pub mod game;
pub mod notation;
mod number;
mod position;
pub mod problem;

pub use epd::Operation;
pub use fen::{parse, ParseOptions, Record, MAX_INPUT_LEN};
pub use fen_error::{FenError, FenErrorKind, Field};
pub use notation::{Nag, UciMove, ValueError};
pub use position::{
    Board, Castling, CastlingSide, CheckCounters, Color, ParseSquareError, Piece, Pockets,
    Position, Role, Square, Warning,
};

// The README (the crate's page on crates.io) is compiled and run with the
// doctests, so its example cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
