//! fen2img: chess diagrams from FEN.
//!
//! The pipeline runs one way:
//! text → [`fen::parse`] → [`Position`] → [`Layout`] →
//! [`svg`] | [`raster`] → [`encode`] | [`text`].
//!
//! ```
//! use fen2img::{parse, ParseOptions, RenderOptions, Renderer, Format};
//!
//! let record = parse(b"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
//!                    ParseOptions::default()).unwrap();
//! let mut renderer = Renderer::new(RenderOptions::new(Format::SVG));
//! let svg = renderer.render(&record.position).unwrap();
//! assert!(svg.starts_with(b"<svg"));
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod color;
mod contrast;
pub mod describe;
mod digest;
pub mod encode;
pub mod epd;
pub mod fen;
pub mod font;
mod format;
pub mod gif;
mod glyph_file;
pub mod html;
pub mod indexed;
pub mod labels;
pub mod layout;
pub mod output;
pub mod pathdata;
pub mod pieces;
pub mod position;
pub mod quantize;
pub mod quote;
pub mod raster;
mod recent;
mod runs;
pub mod svg;
pub mod terminal;
pub mod text;
pub mod theme;

use std::fmt;

/// The pixel buffer type the rasterizer returns ([`tiny_skia::Pixmap`]).
pub use resvg::tiny_skia;

pub use digest::stable_hash;
pub use encode::EncodeOptions;
pub use fen::{parse, FenError, Field, ParseOptions, Record};
pub use format::{Format, ImageFormat, UnknownFormat};
pub use layout::{Coordinates, DiagramOptions, Layout, LayoutError, Markup};
pub use pieces::{PieceSet, PieceSetError};
pub use position::{Board, Color, Piece, Position, Role, Square, Warning};
pub use raster::Rasterizer;
pub use text::{TextFormat, TextOptions};
pub use theme::{Theme, ThemeError};

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
}

impl RenderOptions {
    /// Default options (brown theme, 400 px, coordinates outside…) for `format`.
    pub fn new(format: Format) -> RenderOptions {
        RenderOptions {
            format,
            diagram: DiagramOptions::default(),
            encode: EncodeOptions::default(),
            swap_glyphs: false,
        }
    }
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions::new(Format::SVG)
    }
}

/// Why a rendering failed.
#[derive(Debug)]
pub enum Error {
    /// The options cannot make a diagram (e.g. size out of range).
    Layout(LayoutError),
    /// An encoder failed.
    Encode(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Layout(e) => write!(f, "{e}"),
            Error::Encode(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<LayoutError> for Error {
    fn from(e: LayoutError) -> Self {
        Error::Layout(e)
    }
}

/// Renders positions with fixed options, reusing what it can (piece sprites,
/// palette tiles, SVG glyph definitions) from one position to the next.
/// Keep one per thread in a batch.
#[derive(Debug)]
pub struct Renderer {
    options: RenderOptions,
    rasterizer: Rasterizer,
    svg: svg::SvgWriter,
}

impl Renderer {
    /// A renderer for `options`.
    pub fn new(options: RenderOptions) -> Renderer {
        Renderer {
            options,
            rasterizer: Rasterizer::new(),
            svg: svg::SvgWriter::new(),
        }
    }

    /// The options this renderer uses.
    pub fn options(&self) -> &RenderOptions {
        &self.options
    }

    /// The layout of `position` (for writers of one's own, or for sizes).
    pub fn layout(&self, position: &Position) -> Result<Layout, Error> {
        Ok(Layout::new(position, &self.options.diagram)?)
    }

    /// Renders `position` in the configured format.
    pub fn render(&mut self, position: &Position) -> Result<Vec<u8>, Error> {
        let options = &self.options;
        let image = match options.format {
            Format::Text(format) => {
                let diagram = &options.diagram;
                let text_options = TextOptions {
                    flip: diagram.flip,
                    coordinates: diagram.coordinates != Coordinates::None,
                    swap_glyphs: options.swap_glyphs,
                    light: diagram.theme.light,
                    dark: diagram.theme.dark,
                };
                return Ok(text::render_text(position, format, &text_options).into_bytes());
            }
            Format::Fen => return Ok(format!("{position}\n").into_bytes()),
            Format::Image(image) => image,
        };
        let layout = Layout::new(position, &options.diagram)?;
        match image {
            ImageFormat::Svg => Ok(self.svg.write(&layout).into_bytes()),
            ImageFormat::Png => Ok(match self.rasterizer.render_indexed(&layout) {
                Some(image) => encode::png_indexed(&image, options.encode),
                None => encode::png(&self.rasterizer.render(&layout), options.encode),
            }),
            ImageFormat::Webp => {
                encode::webp(&self.rasterizer.render(&layout)).map_err(Error::Encode)
            }
            ImageFormat::Jpeg => {
                encode::jpeg(&self.rasterizer.render(&layout), options.encode.quality)
                    .map_err(Error::Encode)
            }
        }
    }
}
