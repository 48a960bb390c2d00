//! What decides one rendering ([`RenderOptions`]) and what can go wrong
//! ([`Error`]): beside the renderer rather than in its file, so that the
//! renderer's children (the problem door) use them without reaching up.

use std::fmt;

use crate::encode::{EncodeError, EncodeOptions};
use crate::format::Format;
use crate::layout::LayoutError;
use crate::options::{DiagramOptions, ProblemOptions};
use crate::terminal::CellSize;

/// Everything that decides one rendering.
///
/// Start from [`RenderOptions::new`] (or `default()`, SVG) and set fields:
/// new fields may be added without a breaking change.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct RenderOptions {
    /// Output format. Default SVG.
    pub format: Format,
    /// Image options (size, theme, pieces, orientation, coordinates, markup).
    pub diagram: DiagramOptions,
    /// Encoder options for PNG and JPEG.
    pub encode: EncodeOptions,
    /// Unicode boards: swap the white and black glyph sets (dark terminals).
    pub swap_glyphs: bool,
    /// SVG: what every id of the document starts with. `None` (the default)
    /// derives a prefix from the document's content, so any number of
    /// diagrams can be inlined into one HTML page; `Some("")` keeps bare ids.
    pub svg_id_prefix: Option<String>,
    /// Terminal pictures: how many character cells the picture spans (kitty
    /// and iTerm2 scale the image to them; the half-block picture takes its
    /// square size from the columns). Default: the image's own size.
    pub terminal: CellSize,
    /// Chess problems: set, it draws a position with the problem layout
    /// (composers and source above, stipulation and count below; see
    /// [`crate::problem`]). Unset (the default), nothing changes.
    pub problem: ProblemOptions,
}

impl RenderOptions {
    /// Default options (brown theme, 400 px, coordinates outside…) for `format`.
    pub fn new(format: Format) -> RenderOptions {
        RenderOptions {
            format,
            diagram: DiagramOptions::default(),
            encode: EncodeOptions::default(),
            swap_glyphs: false,
            svg_id_prefix: None,
            terminal: CellSize::default(),
            problem: ProblemOptions::default(),
        }
    }
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions::new(Format::SVG)
    }
}

/// Why a rendering failed. Match on it: [`Error::Layout`] is bad options
/// (the caller's to fix; the CLI exits 2), [`Error::Encode`] an encoder
/// that failed (not the input's fault; the CLI exits 1).
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// The options cannot make a diagram (e.g. size out of range).
    Layout(LayoutError),
    /// An encoder failed.
    Encode(EncodeError),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Layout(e) => write!(f, "{e}"),
            Error::Encode(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Layout(e) => Some(e),
            Error::Encode(e) => Some(e),
        }
    }
}

impl From<EncodeError> for Error {
    fn from(e: EncodeError) -> Self {
        Error::Encode(e)
    }
}

impl From<LayoutError> for Error {
    fn from(e: LayoutError) -> Self {
        Error::Layout(e)
    }
}
