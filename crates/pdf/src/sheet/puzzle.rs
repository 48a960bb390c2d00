//! One diagram of a sheet and what is said about it, and the most a
//! sheet takes.

use fen2img_render::chess::Record;
use fen2img_render::{Color, Layout};

use super::answer::epd_answer;

/// The most puzzles one sheet takes (a book of them: 10,000 diagrams on
/// 500 pages at 4x5; the pages are kept until the document is written).
pub const MAX_PUZZLES: usize = 10_000;

/// One diagram of a sheet.
#[derive(Debug, Clone)]
pub struct Puzzle {
    /// The diagram, laid out by the renderer.
    pub layout: Layout,
    /// Whether White moves (the line under the diagram says who).
    pub white_to_move: bool,
    /// The caption under it (EPD `id` or `c0`, a marker's comment).
    pub caption: Option<String>,
    /// The solution for the answer key, numbered SAN.
    pub answer: Option<String>,
}

impl Puzzle {
    /// A puzzle from an EPD or FEN record: its caption from `c0`, else `id`,
    /// its answer from `pv` or `bm`.
    pub fn from_record(record: &Record, layout: Layout) -> Puzzle {
        Puzzle {
            layout,
            white_to_move: record.position.turn == Color::White,
            caption: record.caption().or(record.id()).map(str::to_string),
            answer: epd_answer(record),
        }
    }
}
