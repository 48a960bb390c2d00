//! `fen2img sheet`'s flags: paper, margin, grid, title, answers, and the
//! render flags every diagram is drawn with.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, ValueHint};
use fen2img_pdf::sheet::{length_points, Grid, Paper};

use super::render::RenderArgs;

/// Puzzle sheets: numbered diagrams from EPD/FEN and PGN files on PDF
/// pages (or SVG/PNG files, one a page), with the side to move,
/// captions, page numbers and an answer key.
#[derive(Args, Debug)]
pub struct SheetArgs {
    /// EPD or FEN files, one position a line (`#` lines and blank lines
    /// skipped; the caption from `c0` or `id`, the answer from `pv` or
    /// `bm`), and PGN files (`.pgn`: each game's final position, or with
    /// --markers each marked position), read in the order given.
    #[arg(required = true, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub inputs: Vec<PathBuf>,

    /// The PDF to write, or `.svg`/`.png`: one file a page, `NAME-1.svg`,
    /// `NAME-2.svg`... or where `{page}` stands in the name.
    #[arg(short, long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub output: PathBuf,

    /// From PGN files, a puzzle at each diagram marker (`{[#]}`), its
    /// caption the marker's comment, its answer the move played next.
    #[arg(long)]
    pub markers: bool,

    /// Paper: a4, letter, or WxH with a unit (210x297mm, 8.5x11in).
    #[arg(long, value_name = "SIZE", default_value = "a4", value_parser = |s: &str| s.parse::<Paper>())]
    pub paper: Paper,

    /// Margin on every side (15mm, 0.5in, 36pt).
    #[arg(long, value_name = "LENGTH", default_value = "15mm", value_parser = margin)]
    pub margin: f32,

    /// Diagrams a page, columns x rows, from 1x1 to 4x5 (default 2x3, 3x4
    /// on paper half as large again).
    #[arg(long, value_name = "CxR", value_parser = |s: &str| s.parse::<Grid>())]
    pub grid: Option<Grid>,

    /// Title at the top of every page.
    #[arg(long, value_name = "TEXT")]
    pub title: Option<OsString>,

    /// Leave out the answer key.
    #[arg(long)]
    pub no_answers: bool,

    /// How each diagram is drawn (theme, pieces, coordinates...).
    #[command(flatten)]
    pub render: RenderArgs,
}

/// `--margin`: a length, at most 100 mm (a margin that leaves no page is
/// refused when the grid is planned).
fn margin(text: &str) -> Result<f32, String> {
    let points = length_points(text)?;
    if points > 100.0 * fen2img_pdf::POINTS_PER_MM {
        return Err(format!("'{text}': at most 100mm"));
    }
    Ok(points)
}
