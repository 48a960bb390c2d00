//! What a Popeye twin changes on the board, as far as a diagram can show
//! it (a unit moved, added, removed, two exchanged): read with the file,
//! kept in the [`Problem`](super::Problem), applied by `twin`.

use super::error::ProblemError;
use super::unit::Unit;
use crate::Square;

/// One twin as read: whether it continues the twin before it, and its
/// changes, or why it cannot be drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Twin {
    /// `continued`: applied to the twin before it, not to the diagram.
    pub continued: bool,
    /// The changes in order, or the error of the word at fault.
    pub changes: Result<Vec<TwinChange>, ProblemError>,
}

/// A change a twin makes to the board, with the line and column of its
/// first square (for the error when the board does not allow it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TwinChange {
    /// `move a1 b2`: the unit on the first square goes to the second.
    Move(Square, Square, (usize, usize)),
    /// `add white Qd1`: a unit on each square.
    Add(Unit, Vec<Square>, (usize, usize)),
    /// `remove e4`: the square is emptied.
    Remove(Square, (usize, usize)),
    /// `exchange a1 b2`: the two units change places.
    Exchange(Square, Square, (usize, usize)),
}
