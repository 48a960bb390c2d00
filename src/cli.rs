//! The command line: clap definitions, and their translation into options.

use std::io::{self, IsTerminal, Read, Write};
use std::path::PathBuf;

use clap::builder::PossibleValue;
use clap::{Args, Parser, Subcommand, ValueEnum};

use fen2img::color::Rgba;
use fen2img::fen::MAX_INPUT_LEN;
use fen2img::layout::{ArrowSpec, CheckMark, DEFAULT_SIZE, SIZE_RANGE};
use fen2img::{
    output, parse, Coordinates, DiagramOptions, EncodeOptions, Format, Markup, ParseOptions,
    PieceSet, Record, RenderOptions, Renderer, Square, Theme,
};

use crate::batch;

/// Exit code: success.
pub const EXIT_OK: u8 = 0;
/// Exit code: an I/O or other failure.
pub const EXIT_FAILURE: u8 = 1;
/// Exit code: invalid input or usage.
pub const EXIT_INVALID: u8 = 2;

const AFTER_HELP: &str = "\
Examples:
  fen2img 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
  fen2img '<FEN>' -o board.png --size 600 --theme blue
  fen2img '<FEN>' -o board.svg --flip --coords inside --lastmove e2e4 --arrow Gg1f3
  echo '<FEN>' | fen2img -f unicode
  fen2img '<FEN>' --alt
  fen2img batch puzzles.epd --out-dir diagrams --format png --manifest diagrams.jsonl

Exit codes:
  0  success
  1  failure to read or write a file (I/O)
  2  invalid input or usage (the message names the field and column)";

/// Chess diagrams from FEN: SVG, PNG, WebP, JPEG and text boards.
#[derive(Parser, Debug)]
#[command(
    name = "fen2img",
    version,
    about,
    after_help = AFTER_HELP,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    /// The position as FEN or EPD; read from standard input when absent or `-`.
    #[arg(value_name = "FEN")]
    fen: Option<String>,

    /// Output file; the format follows its extension (.svg .png .webp .jpg .txt .fen).
    /// `-` is standard output. Without it a text board is printed.
    #[arg(short, long, value_name = "PATH")]
    output: Option<PathBuf>,

    /// Print the plain-language description (alt text) of the position.
    #[arg(long)]
    alt: bool,

    #[command(flatten)]
    render: RenderArgs,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Render many positions, one per line, into a directory.
    Batch(batch::BatchArgs),
}

/// Options shared by single and batch rendering.
#[derive(Args, Debug, Clone)]
pub struct RenderArgs {
    /// Output format; overrides the file extension.
    #[arg(short, long, value_enum, value_name = "FORMAT")]
    pub format: Option<FormatArg>,

    /// Image width and height in pixels (32 to 4096).
    #[arg(long, value_name = "PX", default_value_t = DEFAULT_SIZE)]
    pub size: u32,

    /// Board theme: brown, blue, green, print, or a theme file.
    #[arg(long, value_name = "NAME|FILE", default_value = "brown")]
    pub theme: String,

    /// A piece set directory with wK.svg wQ.svg ... bP.svg.
    #[arg(long, value_name = "DIR")]
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
    pub background: Option<String>,

    /// Tint the squares of the last move, e.g. `e2e4`.
    #[arg(long, value_name = "MOVE")]
    pub lastmove: Option<String>,

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
    pub check: Option<String>,

    /// An arrow such as `Ge2e4` (G R Y B colours; the same square twice, or
    /// one square, draws a circle). Repeatable; commas separate several.
    #[arg(long, value_name = "SPEC", value_delimiter = ',')]
    pub arrow: Vec<String>,

    /// Squares to mark with an X, e.g. `e5,d4`. Repeatable.
    #[arg(long, value_name = "SQUARES", value_delimiter = ',')]
    pub mark: Vec<String>,

    /// Fill a square with a colour, e.g. `e4:#ff000080`. Repeatable.
    #[arg(long, value_name = "SQUARE:COLOR")]
    pub fill: Vec<String>,

    /// Unicode boards: swap the white and black glyphs (for dark terminals).
    #[arg(long)]
    pub swap_glyphs: bool,

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

/// A `--format` value: the library's [`Format`], whose names, descriptions
/// and order the command line takes as they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FormatArg(pub Format);

impl ValueEnum for FormatArg {
    fn value_variants<'a>() -> &'a [Self] {
        const ALL: [FormatArg; Format::ALL.len()] = {
            let mut all = [FormatArg(Format::Svg); Format::ALL.len()];
            let mut i = 0;
            while i < all.len() {
                all[i] = FormatArg(Format::ALL[i]);
                i += 1;
            }
            all
        };
        &ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let value = PossibleValue::new(self.0.name()).help(self.0.description());
        Some(if self.0 == Format::Jpeg {
            value.alias("jpg")
        } else {
            value
        })
    }
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        f.0
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

/// A failure with its exit code; the message is one line.
#[derive(Debug)]
pub struct Failure {
    pub code: u8,
    pub message: String,
    /// Extra lines after the message (the input with a caret).
    pub detail: Option<String>,
}

impl Failure {
    pub fn invalid(message: impl Into<String>) -> Failure {
        Failure {
            code: EXIT_INVALID,
            message: message.into(),
            detail: None,
        }
    }

    pub fn io(message: impl Into<String>) -> Failure {
        Failure {
            code: EXIT_FAILURE,
            message: message.into(),
            detail: None,
        }
    }
}

/// Runs the command line; returns the exit code.
pub fn run() -> u8 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() {
                EXIT_INVALID
            } else {
                EXIT_OK
            };
            let _ = e.print();
            return code;
        }
    };
    let result = match cli.command {
        Some(Command::Batch(ref args)) => batch::run(args),
        None => run_single(&cli),
    };
    match result {
        Ok(code) => code,
        Err(f) => {
            report(&f);
            f.code
        }
    }
}

/// Prints a failure to stderr: one line, then any detail.
pub fn report(f: &Failure) {
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "fen2img: error: {}", f.message);
    if let Some(detail) = &f.detail {
        let _ = writeln!(err, "{detail}");
    }
}

fn run_single(cli: &Cli) -> Result<u8, Failure> {
    let input = read_input(cli.fen.as_deref())?;
    let record = parse_record(&input, cli.render.strict)?;
    let position = &record.position;
    check_warnings(&record, cli.render.strict, None)?;
    if cli.alt {
        let text = fen2img::describe::describe(position);
        if cli.output.is_none() {
            return write_stdout(format!("{text}\n").as_bytes());
        }
        write_stdout(format!("{text}\n").as_bytes())?;
    }

    let to_stdout = cli.output.as_deref().is_none_or(|p| p.as_os_str() == "-");
    let format = match (cli.render.format, cli.output.as_deref()) {
        (Some(f), _) => Format::from(f),
        (None, Some(path)) if !to_stdout => {
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            Format::from_extension(ext).ok_or_else(|| {
                Failure::invalid(format!(
                    "cannot tell the format of '{}' from its extension; \
                     use .svg .png .webp .jpg .txt .fen or --format",
                    path.display()
                ))
            })?
        }
        _ => default_text_format(),
    };
    if to_stdout && format.is_binary() && io::stdout().is_terminal() {
        return Err(Failure::invalid(format!(
            "refusing to write a {format} image to the terminal; use -o FILE or redirect"
        )));
    }
    let options = render_options(&cli.render, format)?;
    let mut renderer = Renderer::new(options);
    let bytes = renderer
        .render(position)
        .map_err(|e| Failure::invalid(e.to_string()))?;
    match cli.output.as_deref() {
        Some(path) if !to_stdout => {
            output::write_atomic(path, &bytes)
                .map_err(|e| Failure::io(format!("cannot write '{}': {e}", path.display())))?;
            Ok(EXIT_OK)
        }
        _ => write_stdout(&bytes),
    }
}

/// ANSI on a terminal unless `NO_COLOR` is set; ASCII when redirected.
fn default_text_format() -> Format {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    match (io::stdout().is_terminal(), no_color) {
        (true, false) => Format::Ansi,
        (true, true) => Format::Unicode,
        (false, _) => Format::Ascii,
    }
}

/// Writes to stdout; a closed pipe (`| head`) is not an error.
pub fn write_stdout(bytes: &[u8]) -> Result<u8, Failure> {
    let mut out = io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Ok(EXIT_OK),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(EXIT_OK),
        Err(e) => Err(Failure::io(format!("cannot write to standard output: {e}"))),
    }
}

/// The FEN argument, or standard input (one trailing line end removed).
fn read_input(arg: Option<&str>) -> Result<Vec<u8>, Failure> {
    if let Some(text) = arg.filter(|a| *a != "-") {
        return Ok(text.as_bytes().to_vec());
    }
    let mut buf = Vec::new();
    io::stdin()
        .lock()
        .take(MAX_INPUT_LEN as u64 + 2)
        .read_to_end(&mut buf)
        .map_err(|e| Failure::io(format!("cannot read standard input: {e}")))?;
    if buf.ends_with(b"\n") {
        buf.pop();
        if buf.ends_with(b"\r") {
            buf.pop();
        }
    }
    Ok(buf)
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
        let all: Vec<String> = warnings.iter().map(|w| w.to_string()).collect();
        return Err(Failure::invalid(format!(
            "{prefix}illegal position (--strict): {}",
            all.join("; ")
        )));
    }
    let mut err = io::stderr().lock();
    for w in warnings {
        let _ = writeln!(err, "fen2img: warning: {prefix}{w}");
    }
    Ok(())
}

/// Turns the shared flags into render options (loading theme and pieces).
pub fn render_options(args: &RenderArgs, format: Format) -> Result<RenderOptions, Failure> {
    if !SIZE_RANGE.contains(&args.size) {
        return Err(Failure::invalid(format!(
            "--size {}: give a width from {} to {} pixels",
            args.size,
            SIZE_RANGE.start(),
            SIZE_RANGE.end()
        )));
    }
    let mut theme = Theme::load(&args.theme).map_err(|e| Failure::invalid(e.to_string()))?;
    let mut transparent = false;
    if let Some(bg) = &args.background {
        if bg == "none" {
            transparent = true;
        } else {
            theme.background = Some(Rgba::parse(bg).ok_or_else(|| {
                Failure::invalid(format!(
                    "--background: expected a colour such as #ffffff or 'none', found '{bg}'"
                ))
            })?);
        }
    }
    let pieces = match &args.pieces {
        Some(dir) => PieceSet::load(dir).map_err(|e| Failure::invalid(e.to_string()))?,
        None => PieceSet::built_in(),
    };
    let square = |flag: &str, text: &str| {
        Square::parse(text.trim()).ok_or_else(|| {
            Failure::invalid(format!(
                "{flag}: expected a square such as e4, found '{text}'"
            ))
        })
    };
    let lastmove = match &args.lastmove {
        None => None,
        Some(m) => {
            let m = m.trim();
            // Four square characters, optionally a promotion letter (e7e8q).
            let promotion = m.len() == 5 && m.ends_with(['q', 'r', 'b', 'n', 'Q', 'R', 'B', 'N']);
            if !m.is_ascii() || !(m.len() == 4 || promotion) {
                return Err(Failure::invalid(format!(
                    "--lastmove: expected a move such as e2e4 or e7e8q, found '{m}'"
                )));
            }
            Some((
                square("--lastmove", &m[..2])?,
                square("--lastmove", &m[2..4])?,
            ))
        }
    };
    let check = match args.check.as_deref() {
        None => CheckMark::None,
        Some("auto") => CheckMark::Auto,
        Some("none") => CheckMark::None,
        Some(sq) => CheckMark::Square(square("--check", sq)?),
    };
    let arrows = args
        .arrow
        .iter()
        .filter(|a| !a.trim().is_empty())
        .map(|a| {
            ArrowSpec::parse(a.trim()).ok_or_else(|| {
                Failure::invalid(format!(
                    "--arrow: expected a colour G, R, Y or B and squares such as Ge2e4, found '{a}'"
                ))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let marks = args
        .mark
        .iter()
        .filter(|m| !m.trim().is_empty())
        .map(|m| square("--mark", m))
        .collect::<Result<Vec<_>, _>>()?;
    let fills = args
        .fill
        .iter()
        .map(|f| {
            let (sq, color) = f.split_once(':').ok_or_else(|| {
                Failure::invalid(format!(
                    "--fill: expected SQUARE:COLOR such as e4:#ff000080, found '{f}'"
                ))
            })?;
            let color = Rgba::parse(color).ok_or_else(|| {
                Failure::invalid(format!(
                    "--fill: expected a colour such as #ff000080, found '{color}'"
                ))
            })?;
            Ok((square("--fill", sq)?, color))
        })
        .collect::<Result<Vec<_>, Failure>>()?;
    Ok(RenderOptions {
        format,
        diagram: DiagramOptions {
            size: args.size,
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
            },
        },
        encode: EncodeOptions {
            optimize: args.optimize,
            quality: args.quality,
        },
        swap_glyphs: args.swap_glyphs,
    })
}
