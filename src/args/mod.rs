//! The rendering flags shared by single and batch rendering, and their
//! translation into library options; parsing and legality messages both
//! modes print the same way.

mod annotations;
pub mod games;
pub mod text;

use std::ffi::OsString;
use std::io;
use std::path::PathBuf;

use clap::builder::PossibleValue;
use clap::{Args, ValueEnum, ValueHint};

use fen2img_render::chess::quote::escape;
use fen2img_render::layout::{
    missing_glyphs, Around, ArrowSpec, Caption, CaptionPosition, CheckMark, Player, DEFAULT_SIZE,
    SIZE_RANGE,
};
use fen2img_render::Rgba;
use fen2img_render::{
    parse, Coordinates, DiagramOptions, EncodeOptions, Format, Markup, ParseOptions, PieceSet,
    Preset, Record, RenderOptions, Square, Theme,
};

use crate::failure::{warn, Cause, Failure, EXIT_INVALID};
use text::utf8;

/// Options shared by single and batch rendering.
#[derive(Args, Debug, Clone)]
pub struct RenderArgs {
    /// Output format; overrides the file extension.
    #[arg(short, long, value_enum, value_name = "FORMAT")]
    pub format: Option<FormatArg>,

    /// Image width: pixels (32 to 4096), or a printed width in mm, cm or in
    /// (`35mm`), made pixels at --dpi.
    #[arg(long, value_name = "PX|LENGTH", default_value_t = Length::Px(DEFAULT_SIZE), value_parser = parse_length)]
    pub size: Length,

    /// Dots per inch: turns --size in mm, cm or in into pixels, and is
    /// recorded in PNG files (pHYs) so layout programs place them at size.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(36..=2400))]
    pub dpi: Option<u32>,

    /// Board theme: brown, blue, green, print, ic, pink, purple, or a theme file.
    #[arg(long, value_name = "NAME|FILE", default_value = "brown", value_hint = ValueHint::FilePath)]
    pub theme: OsString,

    /// A bundled piece set by name (cburnett, chessnut... see --list-pieces)
    /// or a directory with wK.svg wQ.svg ... bP.svg.
    #[arg(long, value_name = "NAME|DIR", value_hint = ValueHint::DirPath)]
    pub pieces: Option<PathBuf>,

    /// Draw the board from Black's side.
    #[arg(long)]
    pub flip: bool,

    /// Where coordinates go.
    #[arg(long, value_enum, value_name = "WHERE", default_value_t = CoordsArg::Outside)]
    pub coords: CoordsArg,

    /// Hide the side-to-move marker.
    #[arg(long)]
    pub no_side_to_move: bool,

    /// Hide the frame around the board.
    #[arg(long)]
    pub no_border: bool,

    /// Margin colour (#rrggbb), or `none` for transparent (PNG, WebP, SVG).
    #[arg(long, value_name = "COLOR|none")]
    pub background: Option<OsString>,

    /// Tint the squares of the last move, e.g. `e2e4`.
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
    #[arg(long, value_name = "SPEC", value_delimiter = ',')]
    pub arrow: Vec<OsString>,

    /// Squares to mark with an X, e.g. `e5,d4`. Repeatable.
    #[arg(long, value_name = "SQUARES", value_delimiter = ',')]
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
    #[arg(long, value_enum, value_name = "PRESET")]
    pub preset: Option<PresetArg>,

    /// A caption under the board; `auto` writes the side to move ("White
    /// to move"). In batch, a line's EPD `c0` is its caption unless this
    /// is given.
    #[arg(long, value_name = "TEXT|auto")]
    pub caption: Option<OsString>,

    /// Where the caption and number go.
    #[arg(long, value_enum, value_name = "WHERE", default_value_t = CaptionPositionArg::Below)]
    pub caption_position: CaptionPositionArg,

    /// Number the diagram ("Diagram 12", see --number-format). In batch,
    /// diagrams are numbered by line, from N on line 1.
    #[arg(long, value_name = "N")]
    pub number: Option<u32>,

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

    /// White's rating, after the name.
    #[arg(long, value_name = "N")]
    pub white_elo: Option<u32>,

    /// Black's rating, after the name.
    #[arg(long, value_name = "N")]
    pub black_elo: Option<u32>,

    /// White's title (GM, IM, FM, WGM, ...), before the name, highlighted.
    #[arg(long, value_name = "TITLE")]
    pub white_title: Option<OsString>,

    /// Black's title, before the name, highlighted.
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
    #[arg(long, value_name = "1-100", default_value_t = 90,
          value_parser = clap::value_parser!(u8).range(1..=100))]
    pub quality: u8,

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
    /// A vector PDF of the diagram (fen2img-pdf), at the exact printed
    /// `--size`.
    Pdf,
}

impl ValueEnum for FormatArg {
    fn value_variants<'a>() -> &'a [Self] {
        const ALL: [FormatArg; Format::ALL.len() + 2] = {
            let mut all = [FormatArg::Auto; Format::ALL.len() + 2];
            let mut i = 0;
            while i < Format::ALL.len() {
                all[i] = FormatArg::Known(Format::ALL[i]);
                i += 1;
            }
            all[i] = FormatArg::Pdf;
            all
        };
        &ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match *self {
            FormatArg::Pdf => PossibleValue::new("pdf")
                .help("Vector PDF, tagged, at the exact printed --size (text searchable)"),
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

/// `--coords` values.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum CoordsArg {
    /// In a margin: ranks left, files below.
    Outside,
    /// In the corners of the edge squares.
    Inside,
    /// No coordinates.
    None,
}

/// `--preset` values.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum PresetArg {
    /// A 1200x630 social preview (Open Graph `og:image`).
    Og,
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

/// `--caption-position` values.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptionPositionArg {
    /// Under the board.
    Below,
    /// Over the board.
    Above,
}

/// The caption, number and player bars of the flags.
fn around_options(args: &RenderArgs) -> Result<Around, Failure> {
    let text = |flag: &str, value: &Option<OsString>| -> Result<Option<String>, Failure> {
        value
            .as_deref()
            .map(|v| utf8(flag, v).map(str::to_string))
            .transpose()
    };
    let caption = text("--caption", &args.caption)?.map(|c| {
        if c == "auto" {
            Caption::Auto
        } else {
            Caption::Text(c)
        }
    });
    let player = |name: Option<String>, title: Option<String>, elo: Option<u32>| {
        name.map(|name| Player {
            name,
            title,
            elo,
            clock: None,
        })
    };
    let white_title = text("--white-title", &args.white_title)?;
    let black_title = text("--black-title", &args.black_title)?;
    if (args.white_elo.is_some() || white_title.is_some()) && args.white.is_none()
        || (args.black_elo.is_some() || black_title.is_some()) && args.black.is_none()
    {
        return Err(Failure::invalid(
            "--white-elo and --white-title need --white NAME (--black-elo and --black-title \
             need --black NAME)",
        ));
    }
    Ok(Around {
        caption,
        caption_position: match args.caption_position {
            CaptionPositionArg::Below => CaptionPosition::Below,
            CaptionPositionArg::Above => CaptionPosition::Above,
        },
        number: args.number,
        number_format: text("--number-format", &args.number_format)?,
        white: player(text("--white", &args.white)?, white_title, args.white_elo),
        black: player(text("--black", &args.black)?, black_title, args.black_elo),
    })
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

/// Why `text` is not an arrow: the square that is not one (`--arrow
/// e2e9`: `e9`, not the colour), else the expected shape.
fn arrow_error(text: &str) -> String {
    let squares = text.strip_prefix(['G', 'R', 'Y', 'B']).unwrap_or(text);
    if squares.is_ascii() && matches!(squares.len(), 2 | 4) {
        let (from, to) = squares.split_at(2);
        if let Some(bad) = [from, to]
            .into_iter()
            .find(|s| !s.is_empty() && Square::parse(s).is_none())
        {
            return format!(
                "--arrow '{}': '{bad}' is not a square (files a to h, ranks 1 to 8)",
                escape(text)
            );
        }
    }
    format!(
        "--arrow: expected a colour G, R, Y or B and squares such as Ge2e4, found '{}'",
        escape(text)
    )
}

/// A `--size`: pixels, or a printed width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Length {
    /// Pixels.
    Px(u32),
    /// Thousandths of a millimetre, centimetre or inch, and how many of
    /// that unit make 254 inches (6,450 mm, 645 cm, 254 in): whole numbers,
    /// so the same width gives the same pixels on every machine.
    Printed { milli: u64, per_254_inches: u64 },
}

impl std::fmt::Display for Length {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Length::Px(px) => write!(f, "{px}"),
            Length::Printed {
                milli,
                per_254_inches,
            } => {
                let unit = match per_254_inches {
                    6450 => "mm",
                    645 => "cm",
                    _ => "in",
                };
                write!(f, "{}.{:03}{unit}", milli / 1000, milli % 1000)
            }
        }
    }
}

/// Screen resolution, the default of `--dpi` for printed sizes.
pub const DEFAULT_DPI: u32 = 96;

impl Length {
    /// The width in pixels at `dpi`, rounded.
    pub fn pixels(self, dpi: u32) -> u64 {
        match self {
            Length::Px(px) => px as u64,
            Length::Printed {
                milli,
                per_254_inches,
            } => {
                let denominator = per_254_inches * 1000;
                (milli * dpi as u64 * 254 + denominator / 2) / denominator
            }
        }
    }
}

/// `--size`: `400`, `400px`, `35mm`, `3.5cm`, `1.5in` (a decimal point and
/// up to three decimals for printed widths).
fn parse_length(text: &str) -> Result<Length, String> {
    let text = text.trim();
    let bad = || {
        format!(
            "give a width from {} to {} pixels, or a printed width such as 35mm, 3.5cm or 1.5in",
            SIZE_RANGE.start(),
            SIZE_RANGE.end()
        )
    };
    let split = text
        .find(|c: char| c.is_ascii_alphabetic())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let per_254_inches = match unit.to_ascii_lowercase().as_str() {
        "" | "px" => {
            return number
                .parse::<u32>()
                .ok()
                .filter(|size| SIZE_RANGE.contains(size))
                .map(Length::Px)
                .ok_or_else(bad)
        }
        "mm" => 6450,
        "cm" => 645,
        "in" => 254,
        _ => return Err(bad()),
    };
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    if whole.is_empty() && fraction.is_empty()
        || fraction.len() > 3
        || !whole
            .bytes()
            .chain(fraction.bytes())
            .all(|b| b.is_ascii_digit())
        || whole.len() > 6
    {
        return Err(bad());
    }
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| bad())?
    };
    let fraction: u64 = format!("{fraction:0<3}").parse().map_err(|_| bad())?;
    Ok(Length::Printed {
        milli: whole * 1000 + fraction,
        per_254_inches,
    })
}

/// The page width of a single diagram's PDF: a printed `--size` exactly,
/// a size in pixels at `--dpi` (96 unless given: CSS pixels).
pub fn pdf_width(args: &RenderArgs) -> fen2img_pdf::PageWidth {
    match args.size {
        Length::Printed {
            milli,
            per_254_inches,
        } => {
            // `per_254_inches` is the mm, cm or in the unit is: the exact
            // length of one unit in points.
            let unit_points = match per_254_inches {
                6450 => 72.0 / 25.4,
                645 => 72.0 / 2.54,
                _ => 72.0,
            };
            fen2img_pdf::PageWidth::Points(milli as f32 / 1000.0 * unit_points)
        }
        Length::Px(_) => fen2img_pdf::PageWidth::Dpi(args.dpi.unwrap_or(DEFAULT_DPI)),
    }
}

/// `--size` in pixels at `--dpi`, within the layout's [`SIZE_RANGE`].
fn size_pixels(args: &RenderArgs) -> Result<u32, Failure> {
    let dpi = args.dpi.unwrap_or(DEFAULT_DPI);
    let px = args.size.pixels(dpi);
    u32::try_from(px)
        .ok()
        .filter(|px| SIZE_RANGE.contains(px))
        .ok_or_else(|| {
            Failure::invalid(format!(
                "--size is {px} pixels at {dpi} dpi: give a width from {} to {} pixels",
                SIZE_RANGE.start(),
                SIZE_RANGE.end()
            ))
        })
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

/// Turns the shared flags into render options (loading theme and pieces).
pub fn render_options(args: &RenderArgs, format: Format) -> Result<RenderOptions, Failure> {
    let theme_arg = utf8("--theme", &args.theme)?;
    let mut theme = Theme::load(theme_arg).map_err(|e| Failure::from(Cause::Theme(&e)))?;
    let mut transparent = false;
    if let Some(bg) = &args.background {
        let bg = utf8("--background", bg)?;
        if bg == "none" {
            transparent = true;
        } else {
            theme.background = Some(Rgba::parse(bg).ok_or_else(|| {
                Failure::invalid(format!(
                    "--background: expected a colour such as #ffffff or 'none', found '{}'",
                    escape(bg)
                ))
            })?);
        }
    }
    let pieces = match &args.pieces {
        Some(arg) => named_or_load_pieces("--pieces", arg)?,
        None => PieceSet::built_in(),
    };
    let square = |flag: &str, text: &str| {
        Square::parse(text.trim()).ok_or_else(|| {
            Failure::invalid(format!(
                "{flag}: expected a square such as e4, found '{}'",
                escape(text)
            ))
        })
    };
    let lastmove = match &args.lastmove {
        None => None,
        Some(m) => {
            let m = utf8("--lastmove", m)?.trim();
            // Four square characters, optionally a promotion letter (e7e8q).
            let promotion = m.len() == 5 && m.ends_with(['q', 'r', 'b', 'n', 'Q', 'R', 'B', 'N']);
            if !m.is_ascii() || !(m.len() == 4 || promotion) {
                return Err(Failure::invalid(format!(
                    "--lastmove: expected a move such as e2e4 or e7e8q, found '{}'",
                    escape(m)
                )));
            }
            Some((
                square("--lastmove", &m[..2])?,
                square("--lastmove", &m[2..4])?,
            ))
        }
    };
    let check = match args
        .check
        .as_deref()
        .map(|c| utf8("--check", c))
        .transpose()?
    {
        None => CheckMark::None,
        Some("auto") => CheckMark::Auto,
        Some("none") => CheckMark::None,
        Some(sq) => CheckMark::Square(square("--check", sq)?),
    };
    let arrows = args
        .arrow
        .iter()
        .map(|a| utf8("--arrow", a))
        .filter(|a| !matches!(a, Ok(a) if a.trim().is_empty()))
        .map(|a| {
            let a = a?;
            ArrowSpec::parse(a.trim()).ok_or_else(|| Failure::invalid(arrow_error(a.trim())))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let marks = args
        .mark
        .iter()
        .map(|m| utf8("--mark", m))
        .filter(|m| !matches!(m, Ok(m) if m.trim().is_empty()))
        .map(|m| square("--mark", m?))
        .collect::<Result<Vec<_>, _>>()?;
    let fills = args
        .fill
        .iter()
        .map(|f| {
            let f = utf8("--fill", f)?;
            let (sq, color) = f.split_once(':').ok_or_else(|| {
                Failure::invalid(format!(
                    "--fill: expected SQUARE:COLOR such as e4:#ff000080, found '{}'",
                    escape(f)
                ))
            })?;
            let color = Rgba::parse(color).ok_or_else(|| {
                Failure::invalid(format!(
                    "--fill: expected a colour such as #ff000080, found '{}'",
                    escape(color)
                ))
            })?;
            Ok((square("--fill", sq)?, color))
        })
        .collect::<Result<Vec<_>, Failure>>()?;
    let mut options = RenderOptions::new(format);
    options.diagram = DiagramOptions {
        size: size_pixels(args)?,
        flip: args.flip,
        coordinates: match args.coords {
            CoordsArg::Outside => Coordinates::Outside,
            CoordsArg::Inside => Coordinates::Inside,
            CoordsArg::None => Coordinates::None,
        },
        side_to_move: !args.no_side_to_move,
        border: !args.no_border,
        transparent,
        theme,
        pieces,
        markup: Markup {
            lastmove,
            check,
            arrows,
            marks,
            fills,
            glyphs: annotations::glyphs(&args.glyph)?,
            labels: annotations::labels(&args.label)?,
            straight_knight_arrows: args.straight_knight_arrows,
        },
        around: around_options(args)?,
        preset: match args.preset {
            None => Preset::Diagram,
            Some(PresetArg::Og) => Preset::Og,
        },
    };
    // Text boards print the text as given; only drawings use the font.
    if !matches!(format, Format::Text(_) | Format::Fen) {
        warn_around(&options.diagram.around);
    }
    options.encode = EncodeOptions {
        optimize: args.optimize,
        quality: args.quality,
        // Recorded when asked for, or when the width is a printed one.
        dpi: args.dpi.or(match args.size {
            Length::Printed { .. } => Some(DEFAULT_DPI),
            Length::Px(_) => None,
        }),
    };
    options.swap_glyphs = args.swap_glyphs;
    if let Some(prefix) = &args.id_prefix {
        let prefix = utf8("--id-prefix", prefix)?;
        if !prefix.is_empty() && !fen2img_render::svg::is_valid_id_prefix(prefix) {
            return Err(Failure::invalid(format!(
                "--id-prefix '{}': use a letter or _ and then letters, digits, _ - or ., \
                 at most 64 characters",
                escape(prefix)
            )));
        }
        options.svg_id_prefix = Some(prefix.to_string());
    }
    Ok(options)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_widths_become_pixels_at_the_resolution() {
        let mm35 = parse_length("35mm").unwrap();
        // A newspaper diagram: 35 mm at 150 dpi is 207 px, at 300 dpi 413 px.
        assert_eq!(mm35.pixels(150), 207);
        assert_eq!(mm35.pixels(300), 413);
        assert_eq!(parse_length("3.5cm").unwrap().pixels(300), 413);
        assert_eq!(parse_length("1.5in").unwrap().pixels(300), 450);
        assert_eq!(parse_length(".5IN").unwrap().pixels(96), 48);
        assert_eq!(parse_length("400").unwrap(), Length::Px(400));
        assert_eq!(parse_length("400px").unwrap(), Length::Px(400));
        for bad in [
            "", "mm", "35pt", "3.5555cm", "-3mm", "31", "4097px", "1e3mm", "1,5cm",
        ] {
            assert!(parse_length(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_length("35mm").unwrap().to_string(), "35.000mm");
    }
}
