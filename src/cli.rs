//! The command line: clap definitions, dispatch to single rendering or batch.

use std::io::{self, IsTerminal, Read, Write};
use std::path::PathBuf;

use clap::{Parser, Subcommand};

use fen2img::fen::MAX_INPUT_LEN;
use fen2img::{Format, Renderer};

use crate::batch;
use crate::failure::{report, Failure, EXIT_INVALID, EXIT_OK};
use crate::output::{write_file, Links};
use crate::render_args::{check_warnings, parse_record, render_options, RenderArgs};

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

fn run_single(cli: &Cli) -> Result<u8, Failure> {
    let input = read_input(cli.fen.as_deref())?;
    let record = parse_record(&input, cli.render.strict)?;
    let position = &record.position;
    check_warnings(position, cli.render.strict, None)?;
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
            write_file(path, &bytes, Links::Follow)
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
