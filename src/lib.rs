//! fen2img: chess diagrams from FEN.
//!
//! The pipeline runs one way:
//! text → [`fen`] → [`Position`] → layout → SVG | pixels | text board.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod color;
pub mod epd;
pub mod fen;
pub mod position;

pub use fen::{parse, FenError, Field, ParseOptions, Record};
pub use position::{Board, Color, Piece, Position, Role, Square, Warning};
