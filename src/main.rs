//! The `fen2img` command: parse the command line, run, map errors to exit codes.
//!
//! Modules import one way: `cli` → {`batch`, `manual`, `render_args`,
//! `serve`, `stdout`}; `batch` → `render_args` → `arg_text`; all of them → `failure`.

mod arg_text;
mod batch;
mod cli;
mod failure;
mod manual;
mod render_args;
#[cfg(feature = "serve")]
mod serve;
mod stdout;

use std::process::ExitCode;

fn main() -> ExitCode {
    // Before anything opens a file that could take descriptor 1.
    stdout::check_at_start();
    ExitCode::from(cli::run())
}
