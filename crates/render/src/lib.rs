//! fen2img-render: chess diagrams from positions, in every format fen2img
//! writes.
//!
//! The pipeline runs one way: a [`Position`] (parsed by [`fen2img_chess`],
//! re-exported here as [`chess`] and its main types) → a [`Layout`] (the
//! display list: every square, piece, label and mark placed in pixels) →
//! one of the writers: SVG, pixels (PNG, WebP, JPEG, GIF, terminal
//! pictures) or a text board. A [`Renderer`] runs the whole pipeline with
//! fixed [`RenderOptions`] and keeps what it can reuse between positions.
//!
//! ```
//! use fen2img_render::{parse, Format, ParseOptions, RenderOptions, Renderer};
//!
//! let record = parse(b"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
//!                    ParseOptions::default())?;
//! let mut renderer = Renderer::new(RenderOptions::new(Format::PNG));
//! let png = renderer.render(&record.position)?;
//! assert!(png.starts_with(b"\x89PNG"));
//!
//! // The same renderer draws the next position without preparing its
//! // pieces and board again; change the format with new options.
//! renderer.set_options(RenderOptions::new(Format::SVG));
//! let svg = renderer.render(&record.position)?;
//! assert!(svg.starts_with(b"<svg"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Options are plain structs with defaults: set the fields you need.
//!
//! ```
//! use fen2img_render::{Coordinates, DiagramOptions, Format, Position, RenderOptions, Renderer, Theme};
//!
//! let mut options = RenderOptions::new(Format::PNG);
//! options.diagram = DiagramOptions {
//!     size: 240,
//!     flip: true,
//!     coordinates: Coordinates::Inside,
//!     theme: Theme::built_in("blue").expect("a built-in theme"),
//!     ..DiagramOptions::default()
//! };
//! options.diagram.markup.arrows.push("Ge2e4".parse::<fen2img_render::ArrowSpec>()?);
//! let png = Renderer::new(options).render(&Position::default())?;
//! assert!(png.len() > 100);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What is where
//!
//! [`Format`] is `Image(ImageFormat)` (SVG, PNG, WebP, JPEG, GIF),
//! `Text(TextFormat)` (ASCII, Unicode, ANSI, font string, HTML),
//! `Terminal(TerminalFormat)` (kitty, iTerm2, sixel, half blocks) or `Fen`,
//! with shorthands such as [`Format::PNG`]; `"png".parse::<Format>()` takes
//! the command line's `--format` names and the file extensions.
//! [`RenderOptions`], [`ParseOptions`] and the public enums are
//! `#[non_exhaustive]`: start from [`RenderOptions::new`] or
//! `ParseOptions::default()` and set fields.
//!
//! Positions come from [`fen2img_chess`], re-exported as [`chess`] and, for
//! the types a renderer needs, at this crate's root: [`parse`] and
//! [`Record`] (with [`FenError`] to match on), [`Position`] and its parts.
//! A program that only reads positions depends on `fen2img-chess` alone.
//!
//! The crate root is the API: the options ([`RenderOptions`],
//! [`DiagramOptions`], [`Markup`], [`Around`], [`Theme`], [`PieceSet`],
//! [`Rgba`]) and the values they are written with ([`ArrowSpec`],
//! [`Fill`], [`GlyphMark`], [`Label`], [`Mark`], [`CheckMark`],
//! [`Width`], [`UciMove`] ...: each reads with `FromStr` and writes back
//! with `Display`, a [`ValueError`] giving the column of what is wrong;
//! all in [`options`]), the
//! [`Renderer`] (with [`Renderer::image_size`]), [`describe()`] and
//! [`describe_with`] for alt text, and [`render_text`] for text boards on
//! their own. Captions, numbers and player bars are
//! [`DiagramOptions::around`]. [`vocabulary`] is the one table of
//! options: each option's name on the command line, the server, a
//! Markdown fence and Python, how its value is read and written back, its
//! default and its help, for front ends to read options through. Public
//! modules hold the stages a writer of its own needs: [`layout`] (the
//! display list: [`Frame::new`] once for
//! the options, [`Layout::with_frame`] per board), [`svg`] (id prefixes for
//! inlined SVG), [`gif`] (palette images to still and animated GIF), [`apng`]
//! (the same animations as animated PNG) and
//! [`fingerprint`] (stable digests of options, for content-addressed names
//! and ETags). The rasterizer and the encoders are internal, so no resvg
//! or tiny-skia type is part of the API (the project's benchmarks reach
//! them through the `bench-internals` feature, which is not a supported
//! API).
//!
//! Keep one [`Renderer`] per thread: it builds the frame once and caches
//! piece sprites, backgrounds and palette tiles between boards, keyed on
//! the parts of the frame they are drawn from, so one renderer can serve
//! many option sets ([`Renderer::set_options`]) without redrawing what they
//! share. [`Renderer::set_offload`] takes an [`Offload`], somewhere to run
//! short tasks on idle threads (the server passes its render pool): a
//! large GIF's compression is then shared with them, for the same bytes.
//!
//! # Errors and files
//!
//! [`Error::Layout`] is bad options (the caller's to fix), [`Error::Encode`]
//! an encoder that failed. [`ThemeError`] and [`PieceSetError`] have a kind
//! and `is_io()`, which separates a file that could not be read (missing,
//! unreadable, a directory, FIFO or device) from one that was read and is
//! invalid. Nothing here reads a file unless asked to ([`Theme::load`],
//! [`PieceSet::load`]), and every read is bounded: a theme file is a
//! regular file of at most 64 KiB ([`MAX_THEME_BYTES`]), a glyph file at
//! most 1 MiB with limits on the work its SVG may cause.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod annotation;
pub mod apng;
mod assets;
mod describe;
mod encode;
pub mod fingerprint;
mod format;
mod frame_change;
mod game_palette;
pub mod gif;
mod halo;
pub mod layout;
mod offload;
pub mod options;
mod outcome;
mod palette_image;
mod pixels;
mod png_deflate;
pub mod problem;
mod raster;
mod renderer;
pub mod svg;
mod terminal;
mod text;
pub mod vocabulary;

#[cfg(test)]
mod test_support;
// Print's pictures measured through a 1-bit threshold: layout, raster and
// SVG together, so it sits above them all.
#[cfg(test)]
mod print_checks;
// Around the board in every theme, measured the same way (issue 35).
#[cfg(test)]
mod around_checks;
// Inside labels' casings against the pieces, in PNG and SVG (issue 35).
#[cfg(test)]
mod casing_checks;

#[cfg(feature = "bench-internals")]
pub mod internals;

pub use fen2img_chess as chess;
pub use fen2img_chess::{
    parse, Board, Castling, CastlingSide, CheckCounters, Color, FenError, FenErrorKind, Field,
    ParseOptions, ParseSquareError, Piece, Pockets, Position, Record, Role, Square, Warning,
};

pub use assets::bundled::{BundledSet, BUILT_IN_NAME};
pub use assets::color::Rgba;
pub use assets::font::font_file;
#[cfg(fuzzing)]
pub use assets::pieces::fuzz_glyph;
pub use assets::pieces::{PieceSet, PieceSetError, PieceSetErrorKind, PieceSetWarning};
pub use assets::theme::{Annotations, Hatch, Theme, ThemeError, ThemeErrorKind, MAX_THEME_BYTES};
pub use describe::{describe, describe_annotated, describe_with};
pub use encode::{EncodeError, EncodeOptions};
pub use fen2img_chess::notation::{Nag, UciMove, ValueError};
pub use format::{Format, ImageFormat, TerminalFormat, UnknownFormat};
pub use layout::{alt_text, missing_glyphs, Frame, Layout, LayoutError};
pub use offload::Offload;
pub use options::{
    Around, ArrowSpec, Brush, Caption, CaptionPosition, CheckMark, Coordinates, DiagramOptions,
    Fill, Glyph, GlyphMark, Label, Mark, Markup, Player, Preset, Width, DEFAULT_SIZE, SIZE_RANGE,
};
pub use outcome::Outcome;
pub use renderer::problem::{image_size as problem_image_size, render as render_problem};
pub use renderer::{Error, RenderOptions, Renderer};
pub use terminal::CellSize;
pub use text::{render_text, TextFormat, TextOptions};

// The README (the crate's page on crates.io) is compiled and run with the
// doctests, so its example cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
