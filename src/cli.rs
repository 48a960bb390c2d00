//! The command line: clap definitions, dispatch to single rendering or batch.

mod manual;

use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use clap::{CommandFactory, Parser, Subcommand, ValueHint};
use clap_complete::Shell;

use fen2img_render::Format;
use fen2img_support::quote::escape;

use crate::args::games::{game_job, GameArgs};
use crate::args::problem::{is_popeye_path, ProblemArgs};
use crate::args::{plain_help, render_options, FormatArg, RenderArgs};
use crate::batch;
use crate::failure::{error, report, Failure, EXIT_INVALID, EXIT_OK};
use crate::list_pieces;
use crate::markdown;
#[cfg(feature = "serve")]
use crate::serve;
use crate::sheet;
use crate::single::{self, Destination, Input, Single};
use crate::stdout;
use crate::terminal::choice as terminal_choice;
use fen2img_games::input::is_pgn_path;

const AFTER_HELP: &str = "\
Examples:
  fen2img 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
  fen2img '<FEN>' -o board.png --size 600 --theme blue
  fen2img '<FEN>' -o board.svg --flip --coords inside --lastmove e2e4 --arrow Gg1f3
  echo '<FEN>' | fen2img -f unicode
  fen2img '<FEN>' --alt
  fen2img opera.pgn --move 17w --caption auto -o mate.png
  fen2img '<FEN>' --moves 'e4 e5 Nf3' -o board.svg
  fen2img games.pgn --game 3 --animate -o game.gif
  fen2img batch puzzles.epd --out-dir diagrams --format png --manifest diagrams.jsonl

Exit codes:
  0  success
  1  failure to read or write a file (I/O), an encoder failure, or a closed stdout
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

    /// The position as FEN or EPD, or a game: a `.pgn` file, or PGN text
    /// (starting with `[` or a move number); read from standard input when
    /// absent or `-`.
    #[arg(value_name = "FEN|PGN")]
    // OsString: invalid UTF-8 goes to the FEN parser, whose message names
    // the column (clap's would not).
    fen: Option<OsString>,

    /// Output file; the format follows its extension (every one is listed,
    /// from `Format::EXTENSIONS`, by [`output_help`]).
    #[arg(short, long, value_name = "PATH", value_hint = ValueHint::FilePath, help = output_help())]
    output: Option<PathBuf>,

    /// Print the plain-language description (alt text) of the position.
    #[arg(long)]
    alt: bool,

    /// Print a completion script for SHELL to standard output.
    #[arg(long, value_name = "SHELL", exclusive = true)]
    completions: Option<Shell>,

    /// Print the man page (roff) to standard output.
    #[arg(long, exclusive = true)]
    man: bool,

    /// List the bundled piece sets (`--pieces NAME`): name, author, licence.
    #[arg(long, conflicts_with_all = ["fen", "output"])]
    list_pieces: bool,

    /// With --list-pieces: also each set's source and full licence text.
    #[arg(long)]
    verbose: bool,

    #[command(flatten)]
    render: RenderArgs,

    #[command(flatten)]
    game: GameArgs,

    #[command(flatten)]
    problem: ProblemArgs,
}

// One value a run, parsed from the command line: the size of its largest
// variant costs nothing. (Without the server, whose arguments are as large
// as batch's, clippy would otherwise ask for a Box.)
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand, Debug)]
// A subcommand's arguments are defined only when it is the one run (or its
// help, completions or manual page is asked for): a one-shot `fen2img FEN`
// used to build and drop every subcommand's hundred-odd flags first, a
// sixth of the instructions of `fen2img --version` (callgrind).
#[command(defer = true)]
enum Command {
    /// Render many positions, one per line, into a directory.
    Batch(batch::BatchArgs),
    /// Join the manifests of a sharded batch (`batch --shard K/N`) into
    /// the manifest one run writes.
    MergeManifests(batch::MergeArgs),
    /// Serve diagrams over HTTP (own API, web-boardimage compatible).
    #[cfg(feature = "serve")]
    Serve(crate::args::ServeArgs),
    /// In a build without the server, `serve` still names a subcommand, so
    /// that `fen2img serve ...` says the server is missing rather than
    /// reading `serve` as a FEN. Hidden: it does nothing else.
    #[cfg(not(feature = "serve"))]
    #[command(hide = true, disable_help_flag = true)]
    Serve(NoServer),
    /// Rewrite Markdown pages: every ```fen block becomes a diagram.
    Md(crate::args::markdown::MdArgs),
    /// mdBook preprocessor: `[preprocessor.fen2img] command = "fen2img mdbook"`.
    Mdbook(crate::args::markdown::MdbookArgs),
    /// Pandoc JSON filter, run by pandoc through tools/fen2img-pandoc.
    Pandoc(crate::args::markdown::PandocArgs),
    /// Puzzle sheets: numbered diagrams from EPD/FEN and PGN files on PDF
    /// pages (or SVG/PNG files, one a page), with the side to move,
    /// captions, page numbers and an answer key.
    Sheet(crate::args::sheet::SheetArgs),
}

/// Whatever follows `serve` in a build without the server: taken as it
/// comes, since the answer is the same.
#[cfg(not(feature = "serve"))]
#[derive(clap::Args, Debug)]
struct NoServer {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
    _rest: Vec<OsString>,
}

/// The answer to `fen2img serve` in a build without the `serve` feature.
#[cfg(not(feature = "serve"))]
fn no_server() -> Failure {
    Failure::invalid(
        "serve: the HTTP server is not in this build of fen2img (built without the \
         `serve` feature); `cargo install --path . --locked` builds it in",
    )
}

/// Runs the command line; returns the exit code.
pub fn run() -> u8 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return report_clap(&e),
    };
    let result = match cli.command {
        Some(Command::Batch(ref args)) => batch::run(args),
        Some(Command::MergeManifests(ref args)) => batch::merge::run(args),
        #[cfg(feature = "serve")]
        Some(Command::Serve(ref args)) => serve::run(args),
        #[cfg(not(feature = "serve"))]
        Some(Command::Serve(_)) => Err(no_server()),
        Some(Command::Md(ref args)) => markdown::cmd_md::run(args),
        Some(Command::Mdbook(ref args)) => markdown::cmd_mdbook::run(args),
        Some(Command::Pandoc(ref args)) => markdown::cmd_pandoc::run(args),
        Some(Command::Sheet(ref args)) => sheet::run(args),
        None if cli.list_pieces => stdout::write(list_pieces::listing(cli.verbose).as_bytes()),
        // clap's `requires` lets it through beside a position.
        None if cli.verbose => Err(Failure::invalid("--verbose goes with --list-pieces")),
        None if cli.man => manual::man_page(Cli::command())
            .map_err(|e| Failure::io(format!("cannot write the man page: {e}")))
            .and_then(|page| stdout::write(plain_help(&String::from_utf8_lossy(&page)).as_bytes())),
        None => match cli.completions {
            Some(shell) => {
                let script = manual::completions(Cli::command(), shell);
                stdout::write(plain_help(&String::from_utf8_lossy(&script)).as_bytes())
            }
            None => single_from(&cli).and_then(|job| single::run(&job)),
        },
    };
    match result {
        Ok(code) => code,
        Err(f) => {
            report(&f);
            f.code
        }
    }
}

/// `--help` and `--version` to stdout (exit 0); usage errors to stderr
/// (exit 2) in our form: `fen2img: error: ...`, with any control or invisible
/// character in the user's text (which clap quotes) shown by code point.
fn report_clap(e: &clap::Error) -> u8 {
    if !e.use_stderr() {
        // `--number-format`'s help keeps `{n}` apart with a style that
        // `plain_help` takes out again.
        let _ = stdout::write(plain_help(&e.render().to_string()).as_bytes());
        return EXIT_OK;
    }
    let text = e.render().to_string();
    let mut lines = text.lines();
    // clap's first line is `error: MESSAGE`; the rest (usage, a hint) follow.
    if let Some(first) = lines.next() {
        error(first.strip_prefix("error: ").unwrap_or(first));
    }
    let mut err = io::stderr().lock();
    for line in lines {
        let _ = writeln!(err, "{}", escape(line));
    }
    EXIT_INVALID
}

/// What a single rendering will do, decided from the flags before any input
/// is read: usage errors and unreadable theme or piece files are reported
/// without waiting on standard input.
fn single_from(cli: &Cli) -> Result<Single, Failure> {
    let input = match cli.fen.as_deref() {
        Some(path)
            if is_pgn_path(path.as_encoded_bytes()) || is_popeye_path(path.as_encoded_bytes()) =>
        {
            Input::File(PathBuf::from(path))
        }
        Some(fen) if fen != "-" => {
            // The argument's bytes as given (Unix), or WTF-8 (Windows): the
            // parser reports any that are not UTF-8 with their column.
            Input::Argument(fen.as_encoded_bytes().to_vec())
        }
        _ => Input::Stdin,
    };
    let destination = match cli.output.as_deref() {
        Some(path) if path.as_os_str() != "-" => Destination::File(path.to_path_buf()),
        _ => Destination::Stdout,
    };
    // `--alt` alone prints the description and nothing else.
    let render = !cli.alt || cli.output.is_some();
    // PDF is drawn by fen2img-pdf from the layout the SVG writer walks:
    // the renderer is set to SVG, and the PDF page width comes along.
    let pdf_asked = match (cli.render.format, &destination) {
        (Some(FormatArg::Pdf), _) => true,
        (None, Destination::File(path)) => path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pdf")),
        _ => false,
    };
    let pdf = pdf_asked.then(|| crate::args::pdf_width(&cli.render));
    let format = match (cli.render.format, &destination) {
        _ if pdf_asked => Format::SVG,
        (Some(FormatArg::Known(f)), _) => f,
        (Some(FormatArg::Pdf), _) => unreachable!("handled above"),
        (Some(FormatArg::Auto), Destination::File(_)) => {
            return Err(Failure::invalid(
                "--format auto picks a picture for the terminal; with -o name a format",
            ))
        }
        (Some(FormatArg::Auto), Destination::Stdout) => terminal_choice::stdout_format(),
        (Some(FormatArg::Epd), _) => {
            return Err(Failure::invalid(
                "--format epd writes the positions of games as lines: fen2img batch games.pgn -f epd -o -",
            ))
        }
        (None, Destination::File(path)) => {
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            Format::from_extension(ext).ok_or_else(|| {
                Failure::invalid(format!(
                    "cannot tell the format of '{}' from its extension; use {} or --format",
                    escape(&path.display().to_string()),
                    extension_list()
                ))
            })?
        }
        (None, Destination::Stdout) => terminal_choice::stdout_format(),
    };
    if render
        && destination == Destination::Stdout
        && (format.is_binary() || pdf.is_some())
        && io::stdout().is_terminal()
    {
        return Err(Failure::invalid(format!(
            "refusing to write a {} image to the terminal; use -o FILE or redirect",
            if pdf.is_some() {
                "PDF".to_string()
            } else {
                format.to_string()
            }
        )));
    }
    let mut options = render_options(&cli.render, format)?;
    if destination == Destination::Stdout {
        terminal_choice::fit_to_terminal(&mut options);
    }
    let game = game_job(&cli.game, &cli.render)?;
    Ok(Single {
        pdf,
        input,
        game,
        problem: cli.problem.clone(),
        strict: cli.render.strict,
        alt: cli.alt,
        render,
        options,
        destination,
    })
}

/// Every extension `-o` knows, as `.svg .png ...`.
fn extension_list() -> String {
    let mut list = Format::EXTENSIONS.map(|e| format!(".{e}")).join(" ");
    list.push_str(" .pdf");
    list
}

/// `-o`'s help, listing every extension from the format table.
fn output_help() -> String {
    format!(
        "Output file; the format follows its extension ({}). `-` is standard output. \
         Without it a text board is printed",
        extension_list()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A subcommand's arguments are deferred, and building them applies
    /// their struct's doc comment as its description: it must say what
    /// the variant's says, which `fen2img --help` lists unbuilt.
    #[test]
    fn a_subcommand_says_the_same_before_and_after_its_arguments_are_built() {
        let unbuilt = Cli::command();
        let mut built = Cli::command();
        built.build();
        // A hidden subcommand (`serve` in a build without the server) shows
        // its description nowhere; its variant's doc comment says why it
        // exists instead.
        for sub in unbuilt.get_subcommands().filter(|s| !s.is_hide_set()) {
            let after = built.find_subcommand(sub.get_name()).unwrap();
            let text = |c: &clap::Command| {
                (
                    c.get_about().map(|s| s.to_string()),
                    c.get_long_about().map(|s| s.to_string()),
                )
            };
            assert_eq!(text(sub), text(after), "fen2img {}", sub.get_name());
            assert!(sub.get_about().is_some(), "fen2img {}", sub.get_name());
        }
    }

    /// `serve` is a subcommand in every build: the server itself, or
    /// (without the `serve` feature) the answer that it is missing, never
    /// a FEN named "serve". Run without the feature in CI:
    /// `cargo test --no-default-features --bin fen2img cli::`.
    #[test]
    fn serve_is_a_subcommand_with_or_without_the_server() {
        let cli = Cli::try_parse_from(["fen2img", "serve", "--bind", "127.0.0.1:0"])
            .expect("serve parses");
        assert!(cli.fen.is_none());
        assert!(matches!(cli.command, Some(Command::Serve(_))));
        #[cfg(not(feature = "serve"))]
        {
            let failure = no_server();
            assert_eq!(failure.code, EXIT_INVALID);
            assert!(failure.message.contains("not in this build"));
            assert!(!failure.message.contains("FEN"));
        }
    }
}
