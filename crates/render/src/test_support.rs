//! Helpers for the unit tests of every stage: one copy, where each module's
//! tests used to carry their own.

use fen2img_chess::{parse, ParseOptions, Position, Square};

use crate::layout::{DiagramOptions, Layout};

/// Parses a FEN that the test knows to be valid.
pub(crate) fn position(fen: &str) -> Position {
    parse(fen.as_bytes(), ParseOptions::default())
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .position
}

/// The layout of a FEN that the test knows to be valid.
pub(crate) fn layout(fen: &str, options: &DiagramOptions) -> Layout {
    Layout::new(&position(fen), options).unwrap()
}

/// A square the test knows to be valid.
pub(crate) fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}
