//! The puzzles a sheet's inputs give, in order, bounded.

use fen2img_pdf::sheet::{Puzzle, MAX_PUZZLES};

use crate::failure::Failure;

/// The puzzles read so far, bounded by [`MAX_PUZZLES`].
pub struct Puzzles {
    /// The puzzles, in input order.
    pub list: Vec<Puzzle>,
}

impl Puzzles {
    /// Refuses one more puzzle when the sheet is full; `at` names where it
    /// came from.
    pub fn room(&self, at: &str) -> Result<(), Failure> {
        if self.list.len() == MAX_PUZZLES {
            return Err(Failure::invalid(format!(
                "{at}: a sheet takes at most {MAX_PUZZLES} puzzles"
            )));
        }
        Ok(())
    }
}
