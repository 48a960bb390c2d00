//! The rendering flags shared by single and batch rendering, and their
//! translation into library options; parsing and legality messages both
//! modes print the same way.

pub mod games;
#[cfg(feature = "serve")]
mod serve;
mod table;
pub mod text;

use std::ffi::OsString;
use std::io;

use clap::builder::PossibleValue;
use clap::{Args, ValueEnum, ValueHint};

use fen2img_render::chess::quote::escape;
use fen2img_render::missing_glyphs;
use fen2img_render::options::{Around, Caption};
use fen2img_render::{parse, Format, ParseOptions, PieceSet, Record, RenderOptions};

use crate::failure::{warn, Cause, Failure, EXIT_INVALID};
use table::{Words, CAPTION_POSITIONS, COORDS, PRESETS};

#[cfg(feature = "serve")]
pub use serve::ServeArgs;

/// Options shared by single and batch rendering. Clap knows the flags
/// (for `--help`, completions and the man page) and hands their values
/// over as given; the options table reads them ([`table::given`], checked
/// against [`RENDER`](fen2img_render::vocabulary::RENDER) by its tests), so
/// a value means the same and a bad one is refused in the same words here,
/// on the server and in a Markdown fence. Defaults shown in `--help` are
/// the table's (a test holds them to it).
#[derive(Args, Debug, Clone)]
pub struct RenderArgs {
    /// Output format; overrides the file extension.
    #[arg(short, long, value_enum, value_name = "FORMAT")]
    pub format: Option<FormatArg>,

    /// Image width: pixels (32 to 4096), or a printed width in mm, cm or in
    /// (`35mm`), made pixels at --dpi.
    #[arg(long, value_name = "PX|LENGTH", default_value = "400")]
    pub size: OsString,

    /// Dots per inch: turns --size in mm, cm or in into pixels, and is
    /// recorded in PNG files (pHYs) so layout programs place them at size.
    #[arg(long, value_name = "N")]
    pub dpi: Option<OsString>,

    /// Board theme: brown, blue, green, print, ic, pink, purple, or a theme file.
    #[arg(long, value_name = "NAME|FILE", default_value = "brown", value_hint = ValueHint::FilePath)]
    pub theme: OsString,

    /// A bundled piece set by name (cburnett, chessnut... see --list-pieces)
    /// or a directory with wK.svg wQ.svg ... bP.svg.
    #[arg(long, value_name = "NAME|DIR", value_hint = ValueHint::DirPath)]
    pub pieces: Option<OsString>,

    /// Draw the board from Black's side.
    #[arg(long)]
    pub flip: bool,

    /// Where coordinates go.
    #[arg(long, value_name = "WHERE", default_value = "outside", value_parser = Words(&COORDS))]
    pub coords: OsString,

    /// Hide the side-to-move marker.
    #[arg(long)]
    pub no_side_to_move: bool,

    /// Hide the frame around the board.
    #[arg(long)]
    pub no_border: bool,

    /// Margin colour (#rrggbb), or `none` for transparent (PNG, WebP, SVG).
    #[arg(long, value_name = "COLOR|none")]
    pub background: Option<OsString>,

    /// Tint the squares of the last move, e.g. `e2e4` (`N@f3` a drop).
    #[arg(long, value_name = "MOVE")]
    pub lastmove: Option<OsString>,

    /// Glow under a king in check: `--check` is `--check=auto` (the side to
    /// move's king, when attacked); `--check=e8` names the square.
    // require_equals: otherwise `--check 'FEN'` would take the FEN as its value.
    #[arg(
        long,
        value_name = "auto|SQUARE",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "auto"
    )]
    pub check: Option<OsString>,

    /// An arrow such as `Ge2e4` (G R Y B colours; the same square twice, or
    /// one square, draws a circle). Repeatable; commas separate several.
    #[arg(long, value_name = "SPEC")]
    pub arrow: Vec<OsString>,

    /// Squares to mark with an X, e.g. `e5,d4`. Repeatable.
    #[arg(long, value_name = "SQUARES")]
    pub mark: Vec<OsString>,

    /// Fill a square with a colour, e.g. `e4:#ff000080`. Repeatable.
    #[arg(long, value_name = "SQUARE:COLOR")]
    pub fill: Vec<OsString>,

    /// A move-quality glyph in a square's corner, e.g. `e4:!!` (!! ! !? ?!
    /// ? ?? [] (.) = +/- -/+ +- -+, or a NAG such as `e4:$3`). Repeatable.
    #[arg(long, value_name = "SQUARE:GLYPH")]
    pub glyph: Vec<OsString>,

    /// A label of 1 to 3 characters on a square, e.g. `e4:A`. Repeatable.
    #[arg(long, value_name = "SQUARE:TEXT")]
    pub label: Vec<OsString>,

    /// Draw arrows a knight's move long straight, not as an L.
    #[arg(long)]
    pub straight_knight_arrows: bool,

    /// A page preset: `og` is a 1200x630 social preview (a link's
    /// `og:image`) with the board left and the caption, players and side to
    /// move beside it (--size is not used).
    #[arg(long, value_name = "PRESET", value_parser = Words(&PRESETS))]
    pub preset: Option<OsString>,

    /// A caption under the board; `auto` writes the side to move ("White
    /// to move"). In batch, a line's EPD `c0` is its caption unless this
    /// is given.
    #[arg(long, value_name = "TEXT|auto")]
    pub caption: Option<OsString>,

    /// Where the caption and number go.
    #[arg(long, value_name = "WHERE", default_value = "below", value_parser = Words(&CAPTION_POSITIONS))]
    pub caption_position: OsString,

    /// Number the diagram ("Diagram 12", see --number-format). In batch,
    /// diagrams are numbered by line, from N on line 1.
    #[arg(long, value_name = "N")]
    pub number: Option<OsString>,

    /// How the number is written, `{n}` standing for it. The help is built
    /// by [`number_format_help`]: clap reads `{n}` in help text as a line
    /// break.
    #[arg(long, value_name = "FORMAT", help = number_format_help())]
    pub number_format: Option<OsString>,

    /// White's name, in a bar at White's side of the board.
    #[arg(long, value_name = "NAME")]
    pub white: Option<OsString>,

    /// Black's name, in a bar at Black's side of the board.
    #[arg(long, value_name = "NAME")]
    pub black: Option<OsString>,

    /// White's rating, after the name (with --white).
    #[arg(long, value_name = "N")]
    pub white_elo: Option<OsString>,

    /// Black's rating, after the name (with --black).
    #[arg(long, value_name = "N")]
    pub black_elo: Option<OsString>,

    /// White's title (GM, IM, FM, WGM, ...), before the name, highlighted
    /// (with --white).
    #[arg(long, value_name = "TITLE")]
    pub white_title: Option<OsString>,

    /// Black's title, before the name, highlighted (with --black).
    #[arg(long, value_name = "TITLE")]
    pub black_title: Option<OsString>,

    /// Unicode boards: swap the white and black glyphs (for dark terminals).
    #[arg(long)]
    pub swap_glyphs: bool,

    /// SVG: start every id with this (default: derived from the document,
    /// so many diagrams can be inlined in one page; '' for bare ids).
    #[arg(long, value_name = "STR")]
    pub id_prefix: Option<OsString>,

    /// PNG: spend more time for the smallest file.
    #[arg(long)]
    pub optimize: bool,

    /// JPEG quality, 1 to 100.
    #[arg(long, value_name = "1-100", default_value = "90")]
    pub quality: OsString,

    /// Refuse anything but six-field FEN, and make legality warnings errors.
    #[arg(long)]
    pub strict: bool,
}

/// A `--format` value: `auto`, or the library's [`Format`], whose names,
/// descriptions and order the command line takes as they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatArg {
    /// Pick by what the terminal on standard output can show.
    Auto,
    /// This format.
    Known(Format),
}

impl ValueEnum for FormatArg {
    fn value_variants<'a>() -> &'a [Self] {
        const ALL: [FormatArg; Format::ALL.len() + 1] = {
            let mut all = [FormatArg::Auto; Format::ALL.len() + 1];
            let mut i = 0;
            while i < Format::ALL.len() {
                all[i] = FormatArg::Known(Format::ALL[i]);
                i += 1;
            }
            all
        };
        &ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match *self {
            FormatArg::Auto => PossibleValue::new("auto")
                .help("A picture if the terminal shows them (kitty, iTerm2, sixel), else ansi"),
            FormatArg::Known(format) => {
                let value = PossibleValue::new(format.name()).help(format.description());
                if format == Format::JPEG {
                    value.alias("jpg")
                } else {
                    value
                }
            }
        })
    }
}

/// `--number-format`'s help. Clap turns every `{n}` in help text into a
/// line break, with no escape; a bold style around the `n` keeps the
/// braces from forming `{n}` in the string, and [`plain_help`] takes it
/// out wherever help reaches the user (`--help`, the man page,
/// completions: clap is built without colour, so it would print it).
fn number_format_help() -> clap::builder::StyledStr {
    format!(
        "How the number is written; {{{BOLD}n{RESET}}} stands for it (default \
         \"Diagram {{{BOLD}n{RESET}}}\"). In batch, setting it numbers the diagrams by line"
    )
    .into()
}

const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";

/// Help text as shown: without the style [`number_format_help`] puts in
/// (also as zsh completions quote it, `[` escaped).
pub fn plain_help(text: &str) -> String {
    [BOLD, RESET, "\x1b\\[1m", "\x1b\\[0m"]
        .into_iter()
        .fold(text.to_string(), |t, style| t.replace(style, ""))
}

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

/// The piece set `--pieces` names: a bundled set by name (`cburnett`, as
/// [`PieceSet::bundled`]), else the set in that directory ([`load_pieces`]).
/// A bare word that is neither is one message listing the bundled sets.
pub fn named_or_load_pieces(flag: &str, arg: &std::path::Path) -> Result<PieceSet, Failure> {
    if let Some(set) = arg.to_str().and_then(PieceSet::bundled) {
        return Ok(set);
    }
    // A bare word that is nothing is most likely a misspelt set name; a
    // path (`/srv/sets/x`, `./x`) keeps the directory's message.
    let bare = arg.components().count() == 1
        && matches!(
            arg.components().next(),
            Some(std::path::Component::Normal(_))
        );
    // A mistyped name is the input's fault (exit 2), as a bare word that
    // is not a theme is; a path that cannot be read stays an I/O failure.
    if bare && std::fs::symlink_metadata(arg).is_err_and(|e| e.kind() == io::ErrorKind::NotFound) {
        return Err(Failure::invalid(format!(
            "{flag} '{}': not a bundled piece set ({}) and no such directory",
            escape(&arg.display().to_string()),
            bundled_set_names()
        )));
    }
    load_pieces(flag, arg)
}

/// Loads the piece set in `dir` for `flag` (`--pieces`, or each set of
/// `serve --piece-sets`): a missing or non-directory path is one message;
/// each glyph file is read bounded and checked by [`PieceSet::load`]; what
/// was left out of a glyph is said once on standard error.
pub fn load_pieces(flag: &str, dir: &std::path::Path) -> Result<PieceSet, Failure> {
    // A directory that is not there is one message, not "wP.svg:
    // missing" about the first of its twelve files.
    if let Err(e) = std::fs::metadata(dir) {
        return Err(Failure::io(format!(
            "{flag} '{}': {}",
            escape(&dir.display().to_string()),
            if e.kind() == io::ErrorKind::NotFound {
                "no such directory".to_string()
            } else {
                e.to_string()
            }
        )));
    }
    if !dir.is_dir() {
        return Err(Failure::io(format!(
            "{flag} '{}': not a directory (a piece set is a directory of twelve SVG files)",
            escape(&dir.display().to_string())
        )));
    }
    let set = PieceSet::load(dir).map_err(|e| Failure::from(Cause::Pieces(&e)))?;
    for w in set.warnings() {
        warn(w);
    }
    Ok(set)
}

/// The bundled piece sets' names, comma-separated.
fn bundled_set_names() -> String {
    let names: Vec<&str> = PieceSet::bundled_sets().iter().map(|s| s.name).collect();
    names.join(", ")
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
