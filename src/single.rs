//! One position rendered once: what the command line asked for, decided
//! before anything runs ([`Single`]), and running it ([`run`]). The type
//! holds plain values and library options, never clap's, so what runs does
//! not depend on how it was typed (ripgrep's low/high arguments split).

use std::io::{self, BufRead, IsTerminal, Read};
use std::path::PathBuf;

use fen2img_render::alt_text;
use fen2img_render::chess::MAX_INPUT_LEN;
use fen2img_render::{RenderOptions, Renderer};

use crate::args::problem::{is_popeye_path, read_problems, ProblemArgs};
use crate::args::{check_warnings, parse_record};
use crate::failure::{Cause, Failure, EXIT_OK};
use crate::output::read::read_regular;
use crate::output::{write_file, Links};
use crate::single_game::{self, GameJob, GameRun};
use crate::single_problem;
use crate::stdout;
use fen2img_games::input::{is_pgn, MAX_PGN_LEN};
use fen2img_games::GameText;

/// Where the position comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// The FEN argument's bytes (not necessarily UTF-8: the parser says
    /// where they stop being text).
    Argument(Vec<u8>),
    /// A `.pgn` file (or a Popeye `.inp`/`.pop` file) named by the argument.
    File(PathBuf),
    /// Standard input, one line.
    Stdin,
}

/// Where the rendering goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    /// Standard output.
    Stdout,
    /// A file, written atomically.
    File(PathBuf),
}

/// Everything a single rendering does, resolved from the command line.
#[derive(Debug, Clone)]
pub struct Single {
    /// The position's source.
    pub input: Input,
    /// Refuse all but six-field FEN, and legality warnings.
    pub strict: bool,
    /// Print the alt text first (and only it, when `render` is false).
    pub alt: bool,
    /// Whether to render the diagram at all (`--alt` alone does not).
    pub render: bool,
    /// Format, theme, pieces, markup: the library's options.
    pub options: RenderOptions,
    /// Where the rendering goes.
    pub destination: Destination,
    /// The game flags (`--moves`, `--ply`, `--animate`, ...).
    pub game: GameJob,
    /// The problem flags (`--problem`, `--stipulation`, ...).
    pub problem: ProblemArgs,
    /// A PDF of this page width, drawn from the SVG renderer's layout
    /// (`options.format` is SVG then).
    pub pdf: Option<fen2img_pdf::PageWidth>,
}

/// Reads, parses, renders and writes; returns the exit code.
pub fn run(job: &Single) -> Result<u8, Failure> {
    let input = read_input(&job.input)?;
    let popeye_file = matches!(&job.input,
        Input::File(path) if is_popeye_path(path.as_os_str().as_encoded_bytes()));
    if let Some(problems) = read_problems(&input, job.problem.asked(), popeye_file)? {
        if job.pdf.is_some() {
            // The PDF writer draws the ordinary diagram's layout; a
            // problem's diagram is drawn by its own writer.
            return Err(Failure::invalid(
                "a problem is not written as PDF yet: write SVG (vector) or PNG",
            ));
        }
        let run = single_problem::ProblemRun {
            flags: &job.problem,
            alt: job.alt,
            render: job.render,
            options: &job.options,
            output: match &job.destination {
                Destination::File(path) => Some(path.as_path()),
                Destination::Stdout => None,
            },
            text: &input,
        };
        return single_problem::run(&run, problems);
    }
    let pgn = matches!(job.input, Input::File(_)) || is_pgn(&input);
    if (pgn || job.game.moves.is_some()) && job.pdf.is_some() {
        return Err(Failure::invalid(
            "a PDF of a game's position is not written yet: give the FEN (fen2img sheet \
             takes games)",
        ));
    }
    if pgn || job.game.moves.is_some() {
        return run_game(job, &input, pgn);
    }
    if let Some(flag) = job.game.needs_game {
        return Err(Failure::invalid(format!(
            "{flag} needs a game: give PGN (a .pgn file, or text starting with [ or a move \
             number) or moves after the FEN with --moves"
        )));
    }
    let record = parse_record(&input, job.strict)?;
    let position = &record.position;
    check_warnings(&record, job.strict, None)?;
    if job.alt {
        // The caption, number and players lead the description; every
        // annotation drawn follows it.
        let alt = alt_text(position, &job.options.diagram);
        stdout::write(format!("{alt}\n").as_bytes())?;
    }
    if !job.render {
        return Ok(EXIT_OK);
    }
    let mut renderer = Renderer::new(job.options.clone());
    let bytes = match job.pdf {
        Some(width) => {
            let layout = renderer
                .layout(position)
                .map_err(|e| Failure::from(Cause::Render(&e)))?;
            fen2img_pdf::diagram(&layout, width)
                .map_err(|e| Failure::invalid(format!("cannot write the PDF: {e}")))?
        }
        None => renderer
            .render(position)
            .map_err(|e| Failure::from(Cause::Render(&e)))?,
    };
    match &job.destination {
        Destination::File(path) => {
            write_file(path, &bytes, Links::Follow)
                .map_err(|e| Failure::io(format!("cannot write '{}': {e}", path.display())))?;
            Ok(EXIT_OK)
        }
        Destination::Stdout => stdout::write(&bytes),
    }
}

/// A game: PGN input, or the FEN and `--moves`.
fn run_game(job: &Single, input: &[u8], pgn: bool) -> Result<u8, Failure> {
    let record;
    let (text, source) = if pgn {
        if job.game.moves.is_some() {
            return Err(Failure::invalid(
                "--moves plays moves after a FEN, and this input is PGN: pick a position of \
                 the game with --ply or --move",
            ));
        }
        let source = match &job.input {
            Input::File(path) => path.display().to_string(),
            Input::Stdin => "<stdin>".to_string(),
            Input::Argument(_) => "<argument>".to_string(),
        };
        (GameText::Pgn(input), source)
    } else {
        record = parse_record(input, job.strict)?;
        check_warnings(&record, job.strict, None)?;
        let moves = job.game.moves.as_deref().unwrap_or_default();
        let text = GameText::Moves {
            start: &record.position,
            moves,
        };
        (text, "--moves".to_string())
    };
    single_game::run(&GameRun {
        source,
        text,
        job: &job.game,
        options: &job.options,
        alt: job.alt,
        render: job.render,
        output: match &job.destination {
            Destination::File(path) => Some(path.as_path()),
            Destination::Stdout => None,
        },
    })
}

/// The FEN argument, a `.pgn` file, or standard input (one trailing line
/// end removed).
fn read_input(input: &Input) -> Result<Vec<u8>, Failure> {
    if let Input::File(path) = input {
        return read_regular(path, MAX_PGN_LEN as u64)
            .map_err(|e| Failure::io(format!("cannot read '{}': {e}", path.display())));
    }
    let Input::Argument(bytes) = input else {
        let terminal = io::stdin().is_terminal();
        if terminal {
            // Without this, a bare `fen2img` typed to see what it does
            // waits without a word.
            eprintln!(
                "fen2img: reading a FEN from standard input: type it and press Enter \
                 (Ctrl-D to stop; fen2img --help for more)"
            );
        }
        let mut buf = Vec::new();
        // A PGN database may come this way: up to its limit (a FEN longer
        // than its own limit is the parser's to refuse), and one byte over
        // to tell a text that does not fit.
        let limit = MAX_PGN_LEN.max(MAX_INPUT_LEN + 2) as u64;
        let mut limited = io::stdin().lock().take(limit + 1);
        // A person at a terminal ends the line with Enter, not Ctrl-D.
        let read = if terminal {
            limited.read_until(b'\n', &mut buf)
        } else {
            limited.read_to_end(&mut buf)
        };
        read.map_err(|e| Failure::io(format!("cannot read standard input: {e}")))?;
        if buf.len() as u64 > limit {
            return Err(Failure::invalid(format!(
                "standard input is longer than the limit of {limit} bytes"
            )));
        }
        if buf.ends_with(b"\n") {
            buf.pop();
            if buf.ends_with(b"\r") {
                buf.pop();
            }
        }
        return Ok(buf);
    };
    Ok(bytes.clone())
}
