//! Chess problem diagrams: a [`Problem`] (read by the chess crate's
//! `problem` module from Fairy FEN or Popeye input) drawn with the
//! problemist's layout: composers, source, date and award above the
//! board, the stipulation and the unit count `(8+10)` below; neutral
//! pieces half white, half black, turned pieces rotated about their
//! square's centre, fairy pieces as their code in a disc, markers and
//! letters on squares.
//!
//! This path is apart from the ordinary one: an ordinary position never
//! comes here, so its bytes and speed are what they were. A problem is
//! written as SVG first (text as font outlines), and the raster formats
//! are that SVG drawn by resvg, so the two cannot disagree. Every theme
//! (its square, border, ink and background colours, the print theme's
//! thickest outlines) and every piece set draw it; coordinates, markup and
//! hatching do not apply to problems.
//!
//! ```
//! use fen2img_render::render_problem;
//! use fen2img_render::chess::problem::parse_fairy_fen;
//! use fen2img_render::RenderOptions;
//!
//! let mut p = parse_fairy_fen("4k3/8/8/3-N4/8/8/8/*2Q3K3")?;
//! p.stipulation = Some("h#2".into());
//! let svg = render_problem(&p, &RenderOptions::default())?;
//! let svg = String::from_utf8(svg).unwrap();
//! assert!(svg.contains("rotate(180"));
//! assert!(svg.contains("Neutral: Sd5. h#2 (2+1+1n)."));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod alt;
mod caption;
mod letters;
pub(crate) mod svg;
mod text;

pub use alt::alt_text;
pub use text::text_board;

use fen2img_chess::problem::Problem;

/// `position`'s pieces as a problem's units (no caption): how an ordinary
/// FEN is drawn with the problem layout.
///
/// ```
/// use fen2img_render::{parse, problem, ParseOptions};
/// let record = parse(b"4k3/8/8/8/8/8/8/4K2R w K - 0 1", ParseOptions::default())?;
/// assert_eq!(problem::from_position(&record.position).count_text(), "(2+1)");
/// # Ok::<(), fen2img_render::FenError>(())
/// ```
pub fn from_position(position: &fen2img_chess::Position) -> Problem {
    use fen2img_chess::problem::{Side, Unit};
    let mut problem = Problem::new();
    for (sq, piece) in position.board.pieces() {
        let side = match piece.color {
            fen2img_chess::Color::White => Side::White,
            fen2img_chess::Color::Black => Side::Black,
        };
        problem.set(sq, Some(Unit::piece(side, piece.role)));
    }
    problem
}
