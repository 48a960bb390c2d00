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
//! let mut renderer = Renderer::new(RenderOptions { format: Format::Svg, ..Default::default() });
//! let svg = renderer.render(&record.position).unwrap();
//! assert!(svg.starts_with(b"<svg"));
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod bounded_read;
pub mod color;
pub mod describe;
mod digest;
pub mod encode;
pub mod epd;
pub mod fen;
mod fen_error;
mod glyph;
mod glyph_budget;
mod glyph_file;
pub mod indexed;
pub mod labels;
pub mod layout;
mod number;
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
pub mod text;
pub mod theme;

use std::fmt;

/// The pixel buffer type the rasterizer returns ([`tiny_skia::Pixmap`]).
pub use resvg::tiny_skia;

pub use encode::EncodeOptions;
pub use fen::{parse, FenError, FenErrorKind, Field, ParseOptions, Record};
pub use layout::{Coordinates, DiagramOptions, Layout, LayoutError, Markup};
pub use pieces::{PieceSet, PieceSetError, PieceSetErrorKind, PieceSetWarning};
pub use position::{Board, Color, ParseSquareError, Piece, Position, Role, Square, Warning};
pub use raster::Rasterizer;
pub use text::{TextFormat, TextOptions};
pub use theme::{Theme, ThemeError, ThemeErrorKind};

/// An output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// Scalable vector graphics.
    Svg,
    /// PNG image.
    Png,
    /// Lossless WebP image.
    Webp,
    /// JPEG image.
    Jpeg,
    /// 7-bit text board.
    Ascii,
    /// Text board with chess glyphs.
    Unicode,
    /// Text board with 24-bit terminal colours.
    Ansi,
    /// The string chess diagram fonts expect.
    Font,
    /// Canonical FEN.
    Fen,
}

impl Format {
    /// All formats, in `--help` order.
    pub const ALL: [Format; 9] = [
        Format::Svg,
        Format::Png,
        Format::Webp,
        Format::Jpeg,
        Format::Ascii,
        Format::Unicode,
        Format::Ansi,
        Format::Font,
        Format::Fen,
    ];

    /// The name used by `--format`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Svg => "svg",
            Format::Png => "png",
            Format::Webp => "webp",
            Format::Jpeg => "jpeg",
            Format::Ascii => "ascii",
            Format::Unicode => "unicode",
            Format::Ansi => "ansi",
            Format::Font => "font",
            Format::Fen => "fen",
        }
    }

    /// What the format is, in a few words (for `--help`).
    pub fn description(self) -> &'static str {
        match self {
            Format::Svg => "SVG image",
            Format::Png => "PNG image",
            Format::Webp => "Lossless WebP image",
            Format::Jpeg => "JPEG image",
            Format::Ascii => "7-bit text board",
            Format::Unicode => "Unicode chess glyphs",
            Format::Ansi => "Coloured terminal board",
            Format::Font => "Chess diagram font string (Merida, Leipzig, Alpha)",
            Format::Fen => "Canonical FEN",
        }
    }

    /// The format a file name extension implies (`svg png webp jpg jpeg txt fen`).
    pub fn from_extension(ext: &str) -> Option<Format> {
        Some(match ext.to_ascii_lowercase().as_str() {
            "svg" => Format::Svg,
            "png" => Format::Png,
            "webp" => Format::Webp,
            "jpg" | "jpeg" => Format::Jpeg,
            "txt" => Format::Ascii,
            "fen" => Format::Fen,
            _ => return None,
        })
    }

    /// The usual file name extension.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Svg => "svg",
            Format::Png => "png",
            Format::Webp => "webp",
            Format::Jpeg => "jpg",
            Format::Fen => "fen",
            _ => "txt",
        }
    }

    /// Whether the output is a binary image (not for a terminal).
    pub fn is_binary(self) -> bool {
        matches!(self, Format::Png | Format::Webp | Format::Jpeg)
    }

    fn text_format(self) -> Option<TextFormat> {
        match self {
            Format::Ascii => Some(TextFormat::Ascii),
            Format::Unicode => Some(TextFormat::Unicode),
            Format::Ansi => Some(TextFormat::Ansi),
            Format::Font => Some(TextFormat::Font),
            _ => None,
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Everything that decides one rendering.
#[derive(Debug, Clone)]
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

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            format: Format::Svg,
            diagram: DiagramOptions::default(),
            encode: EncodeOptions::default(),
            swap_glyphs: false,
        }
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
        if let Some(format) = options.format.text_format() {
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
        if options.format == Format::Fen {
            return Ok(format!("{position}\n").into_bytes());
        }
        let layout = Layout::new(position, &options.diagram)?;
        match options.format {
            Format::Svg => Ok(self.svg.write(&layout).into_bytes()),
            Format::Png => Ok(match self.rasterizer.render_indexed(&layout) {
                Some(image) => encode::png_indexed(&image, options.encode),
                None => encode::png(&self.rasterizer.render(&layout), options.encode),
            }),
            Format::Webp => encode::webp(&self.rasterizer.render(&layout)).map_err(Error::Encode),
            Format::Jpeg => encode::jpeg(&self.rasterizer.render(&layout), options.encode.quality)
                .map_err(Error::Encode),
            _ => unreachable!("text formats are handled above"),
        }
    }
}
