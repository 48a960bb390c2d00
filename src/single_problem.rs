//! One chess problem rendered once: the caption flags laid over what the
//! text gave, then the alt text and the picture (the library's problem
//! layout), written where the command line said.

use fen2img_render::chess::problem::Problem;
use fen2img_render::problem;

use crate::failure::{warn, Cause, Failure, EXIT_OK};
use crate::output::{write_file, Links};
use crate::single::{Destination, Single};
use crate::stdout;

/// Draws the first of `problems` (a Popeye file may hold several; the rest
/// are named in a warning: `batch` is for many).
pub fn run(job: &Single, mut problems: Vec<Problem>) -> Result<u8, Failure> {
    if problems.len() > 1 {
        warn(format_args!(
            "the input holds {} problems; drawing the first",
            problems.len()
        ));
    }
    let mut p = problems.swap_remove(0);
    job.problem.apply(&mut p);
    if job.alt {
        stdout::write(format!("{}\n", problem::alt_text(&p)).as_bytes())?;
    }
    if !job.render {
        return Ok(EXIT_OK);
    }
    let bytes = problem::render(&p, &job.options).map_err(|e| Failure::from(Cause::Render(&e)))?;
    match &job.destination {
        Destination::File(path) => {
            write_file(path, &bytes, Links::Follow)
                .map_err(|e| Failure::io(format!("cannot write '{}': {e}", path.display())))?;
            Ok(EXIT_OK)
        }
        Destination::Stdout => stdout::write(&bytes),
    }
}
