//! The rendering flags shared by single and batch rendering, and their
//! translation into library options; parsing and legality messages both
//! modes print the same way.

pub mod games;
pub mod markdown;
mod pieces;
pub mod problem;
mod render;
#[cfg(feature = "serve")]
mod serve;
pub mod sheet;
mod table;
pub mod text;
mod words;

use fen2img_render::missing_glyphs;
use fen2img_render::options::{Around, Caption};
use fen2img_render::{parse, Format, ParseOptions, Record, RenderOptions};
use fen2img_support::quote::escape;

use crate::failure::{warn, Failure, EXIT_INVALID};
#[cfg(feature = "serve")]
pub use pieces::load_pieces;
pub use pieces::named_or_load_pieces;
pub use render::{plain_help, FormatArg, RenderArgs};

#[cfg(feature = "serve")]
pub use serve::ServeArgs;

/// Warns about each character of `text` that the embedded font lacks (it
/// is drawn as U+FFFD). `context` says where the text came from.
pub fn warn_missing_glyphs(text: &str, context: &str) {
    for c in missing_glyphs(text) {
        warn(missing_glyph_message(c, context));
    }
}

/// The warning for a character the font lacks: its code point, and the
/// character itself when it is printable.
pub fn missing_glyph_message(c: char, context: &str) -> String {
    let shown = if c.is_control() {
        String::new()
    } else {
        format!(" '{c}'")
    };
    escape(&format!(
        "{context}: the font has no glyph for U+{:04X}{shown}; it is drawn as \u{FFFD}",
        c as u32
    ))
    .to_string()
}

/// Warns about characters the font lacks in the caption, number format and
/// player bars of `around`.
pub(crate) fn warn_around(around: &Around) {
    let caption = match &around.caption {
        Some(Caption::Text(t)) => Some(t.as_str()),
        _ => None,
    };
    for (text, flag) in [
        (caption, "--caption"),
        (around.number_format.as_deref(), "--number-format"),
        (around.white.as_ref().map(|p| p.name.as_str()), "--white"),
        (around.black.as_ref().map(|p| p.name.as_str()), "--black"),
        (
            around.white.as_ref().and_then(|p| p.title.as_deref()),
            "--white-title",
        ),
        (
            around.black.as_ref().and_then(|p| p.title.as_deref()),
            "--black-title",
        ),
    ] {
        if let Some(text) = text {
            warn_missing_glyphs(text, flag);
        }
    }
}

/// Parses, turning a syntax error into a failure with a caret line.
pub fn parse_record(input: &[u8], strict: bool) -> Result<Record, Failure> {
    parse(input, ParseOptions::default().with_strict(strict)).map_err(|e| Failure {
        code: EXIT_INVALID,
        message: format!("invalid FEN: {e}"),
        detail: Some(e.caret(input)),
    })
}

/// Prints legality warnings, or fails on them under `--strict`.
/// `context` prefixes each line (batch: `FILE:LINE: `).
pub fn check_warnings(record: &Record, strict: bool, context: Option<&str>) -> Result<(), Failure> {
    let warnings = record.warnings();
    if warnings.is_empty() {
        return Ok(());
    }
    let prefix = context.unwrap_or("");
    if strict {
        if let Some(refusal) = strict_refusal(record) {
            return Err(Failure::invalid(format!("{prefix}{refusal}")));
        }
    }
    for w in warnings {
        warn(format_args!("{prefix}{w}"));
    }
    Ok(())
}

/// Why `--strict` refuses `record` (every warning, in one line), or `None`
/// when it has none. Single rendering and batch both use it.
pub fn strict_refusal(record: &Record) -> Option<String> {
    let warnings = record.warnings();
    if warnings.is_empty() {
        return None;
    }
    let all: Vec<String> = warnings.iter().map(|w| w.to_string()).collect();
    Some(format!("illegal position (--strict): {}", all.join("; ")))
}

/// Turns the shared flags into render options (loading theme and pieces)
/// through the options table.
pub fn render_options(args: &RenderArgs, format: Format) -> Result<RenderOptions, Failure> {
    let options = table::read(args, format)?;
    // Text boards print the text as given; only drawings use the font.
    if !matches!(format, Format::Text(_) | Format::Fen) {
        warn_around(&options.diagram.around);
    }
    Ok(options)
}

/// The page width of a single diagram's PDF: a printed `--size` exactly,
/// a size in pixels at `--dpi` (96 unless given: CSS pixels). A value the
/// options table refuses falls back to the default here; the table's
/// message reaches the user when the options are read.
pub fn pdf_width(args: &RenderArgs) -> fen2img_pdf::PageWidth {
    use fen2img_render::options::Width;
    let width = args.size.to_str().and_then(|s| s.parse::<Width>().ok());
    let dpi = args.dpi.as_ref().and_then(|d| d.to_str()?.parse().ok());
    fen2img_pdf::PageWidth::of(width, dpi)
}
