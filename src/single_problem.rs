//! One chess problem rendered once: the caption flags laid over what the
//! text gave, then the alt text and the picture (the library's problem
//! layout), written where the command line said.

use std::path::Path;

use fen2img_render::chess::problem::Problem;
use fen2img_render::RenderOptions;
use fen2img_render::{problem, render_problem};

use crate::args::problem::ProblemArgs;
use crate::failure::{warn, Cause, Failure, EXIT_INVALID, EXIT_OK};
use crate::output::{write_file, Links};
use crate::stdout;
use crate::twins;
use fen2img_support::quote::{caret_chars, escape};

/// What a problem's run needs of the command line (`single` fills it).
pub struct ProblemRun<'a> {
    /// The caption flags.
    pub flags: &'a ProblemArgs,
    /// Print the alt text first.
    pub alt: bool,
    /// Draw the picture at all.
    pub render: bool,
    /// Format, size, theme, pieces.
    pub options: &'a RenderOptions,
    /// The file to write, or standard output.
    pub output: Option<&'a Path>,
    /// The text read (for the caret under a twin that cannot be drawn).
    pub text: &'a [u8],
}

/// Draws the first of `problems` (a Popeye file may hold several; the rest
/// are named in a warning: `batch` is for many).
pub fn run(job: &ProblemRun<'_>, mut problems: Vec<Problem>) -> Result<u8, Failure> {
    if problems.len() > 1 {
        warn(format_args!(
            "the input holds {} problems; drawing the first",
            problems.len()
        ));
    }
    let mut p = problems.swap_remove(0);
    job.flags.apply(&mut p);
    if job.alt {
        stdout::write(format!("{}\n", problem::alt_text(&p)).as_bytes())?;
    }
    if !job.render {
        return Ok(EXIT_OK);
    }
    if job.flags.twins {
        return run_twins(job, p);
    }
    let bytes = render_problem(&p, job.options).map_err(|e| Failure::from(Cause::Render(&e)))?;
    match job.output {
        Some(path) => {
            write_file(path, &bytes, Links::Follow)
                .map_err(|e| Failure::io(format!("cannot write '{}': {e}", path.display())))?;
            Ok(EXIT_OK)
        }
        None => stdout::write(&bytes),
    }
}

/// `--twins`: the diagram and each twin's board, each to its own file.
fn run_twins(job: &ProblemRun<'_>, p: Problem) -> Result<u8, Failure> {
    let boards = twins::boards(p, true).map_err(|(line, column, message)| {
        let text = String::from_utf8_lossy(job.text);
        let at = text.lines().nth(line.saturating_sub(1)).unwrap_or("");
        Failure {
            code: EXIT_INVALID,
            message: escape(&message).into_owned(),
            detail: Some(caret_chars(at, column.saturating_sub(1))),
        }
    })?;
    let Some(template) = job.output else {
        if boards.len() == 1 {
            let bytes = render_problem(&boards[0].1, job.options)
                .map_err(|e| Failure::from(Cause::Render(&e)))?;
            return stdout::write(&bytes);
        }
        return Err(Failure::invalid(format!(
            "{} diagrams cannot share standard output: give -o 'problem-{{twin}}.{}'",
            boards.len(),
            job.options.format.extension()
        )));
    };
    // Every board is drawn before any file is written: a twin that cannot
    // be drawn leaves no file behind.
    let mut pictures = Vec::with_capacity(boards.len());
    for (letter, board) in &boards {
        let bytes =
            render_problem(board, job.options).map_err(|e| Failure::from(Cause::Render(&e)))?;
        pictures.push((twins::file_name(template, *letter), bytes));
    }
    for (path, bytes) in pictures {
        write_file(&path, &bytes, Links::Follow)
            .map_err(|e| Failure::io(format!("cannot write '{}': {e}", path.display())))?;
    }
    Ok(EXIT_OK)
}
