//! What a user can ask a diagram to be: the options ([`DiagramOptions`]
//! and its parts: [`Markup`] on the board, [`Around`] it) and the values
//! they are written with, each read with `FromStr` and written back with
//! `Display` ([`ArrowSpec`], [`Mark`], [`Fill`], [`GlyphMark`], [`Label`],
//! [`CheckMark`], [`Coordinates`], [`Preset`], [`CaptionPosition`],
//! [`Width`]; colours are [`Rgba`](crate::Rgba), moves
//! [`UciMove`](crate::UciMove)). A value that cannot be read is a
//! [`ValueError`](crate::ValueError) with the column of what is wrong.
//!
//! These are the user's words; how they are drawn (rectangles, rings,
//! arrow outlines) is the [layout](crate::layout)'s, and which option each
//! front end calls what is the [options table](crate::vocabulary).
//!
//! ```
//! use fen2img_render::{ArrowSpec, DiagramOptions, Fill, Markup};
//!
//! let fill: Fill = "e4:#ff000080".parse()?;
//! let options = DiagramOptions {
//!     size: 240,
//!     markup: Markup {
//!         arrows: vec!["Ge2e4".parse::<ArrowSpec>()?],
//!         fills: vec![(fill.square, fill.color)],
//!         ..Markup::default()
//!     },
//!     ..DiagramOptions::default()
//! };
//! assert_eq!(options.markup.arrows[0].to_string(), "Ge2e4");
//! # Ok::<(), fen2img_render::ValueError>(())
//! ```

mod around;
mod arrow;
mod diagram;
mod markup;
pub(crate) mod problem;
mod squares;
mod width;
mod words;

pub use crate::annotation::{Glyph, Judgement, MAX_LABEL_CHARS};
pub use around::{format_clock, Around, Caption, CaptionPosition, Player, DEFAULT_NUMBER_FORMAT};
pub use arrow::{ArrowSpec, Brush};
pub use diagram::{Coordinates, DiagramOptions, Preset, DEFAULT_SIZE, SIZE_RANGE};
pub use markup::{CheckMark, Markup, MAX_MARKUP};
pub use problem::{ProblemOptions, MAX_PROBLEM_TEXT};
pub use squares::{Fill, GlyphMark, Label, Mark};
pub use width::{Width, DEFAULT_DPI};
