//! The render flags shared by single and batch rendering, as clap defines
//! them, and `--format`'s values. The options table reads their values
//! (`table.rs`); this file only declares them.

use clap::builder::PossibleValue;
use clap::{Args, ValueEnum, ValueHint};
use std::ffi::OsString;

use fen2img_render::Format;

use super::words::{Words, CAPTION_POSITIONS, COORDS, PRESETS};

/// Options shared by single and batch rendering. Clap knows the flags
/// (for `--help`, completions and the man page) and hands their values
/// over as given; the options table reads them
/// ([`table::given`](super::table::given), checked against
/// [`RENDER`](fen2img_render::vocabulary::RENDER) by its tests), so a value
/// means the same and a bad one is refused in the same words here,
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

    /// A piece set: fen2img (the project's own), a bundled set by name
    /// (cburnett, chessnut... see --list-pieces) or a directory with wK.svg
    /// wQ.svg ... bP.svg. Default: the theme's (print: fen2img; the others:
    /// cburnett).
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
    /// EPD lines of games' positions (`fen2img batch games.pgn -f epd
    /// -o -`): not a diagram, so not one of the library's formats.
    Epd,
    /// A vector PDF of the diagram (fen2img-pdf), at the exact printed
    /// `--size`.
    Pdf,
}

impl ValueEnum for FormatArg {
    fn value_variants<'a>() -> &'a [Self] {
        const ALL: [FormatArg; Format::ALL.len() + 3] = {
            let mut all = [FormatArg::Auto; Format::ALL.len() + 3];
            let mut i = 0;
            while i < Format::ALL.len() {
                all[i] = FormatArg::Known(Format::ALL[i]);
                i += 1;
            }
            all[i] = FormatArg::Epd;
            all[i + 1] = FormatArg::Pdf;
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
            FormatArg::Epd => PossibleValue::new("epd")
                .help("EPD lines of games' positions, tags as operations (batch games.pgn -o)"),
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
