//! What a sheet looks like: paper, margin, grid, title, answers.

use super::paper::{Grid, Paper};

/// What a sheet looks like.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetOptions {
    /// The paper.
    pub paper: Paper,
    /// The margin on every side, in points.
    pub margin: f32,
    /// Columns and rows; `None`: 2x3 on A4 or Letter-sized pages, more on
    /// larger paper (see [`Plan::default_grid`](super::Plan::default_grid)).
    pub grid: Option<Grid>,
    /// The title at the top of every page.
    pub title: Option<String>,
    /// Whether to add the answer key after the diagrams.
    pub answers: bool,
}

impl Default for SheetOptions {
    fn default() -> SheetOptions {
        SheetOptions {
            paper: Paper::A4,
            margin: 15.0 * crate::POINTS_PER_MM,
            grid: None,
            title: None,
            answers: true,
        }
    }
}
