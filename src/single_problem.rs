//! One chess problem rendered once: the caption flags laid over what the
//! text gave, then the alt text and the picture (the library's problem
//! layout), written where the command line said.

use std::path::Path;

use fen2img_render::chess::problem::Problem;
use fen2img_render::RenderOptions;
use fen2img_render::{problem, render_problem};

use crate::args::problem::ProblemArgs;
use crate::failure::{warn, Cause, Failure, EXIT_OK};
use crate::output::{write_file, Links};
use crate::stdout;

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
