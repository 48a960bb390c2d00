//! The `fen2img` command: parse the command line, run, map errors to exit codes.
//!
//! Modules import one way: `cli` → {`batch`, `single`, `manual`,
//! `render_args`}; `single` → {`render_args`, `stdout`}; `batch` →
//! `render_args` → `arg_text`; all of them → `failure`. Only `cli`,
//! `render_args` and `batch` see clap.

mod arg_text;
mod batch;
mod cli;
mod failure;
mod manual;
mod markdown;
mod render_args;
mod single;
mod stdout;

use std::process::ExitCode;

fn main() -> ExitCode {
    // Before anything opens a file that could take descriptor 1.
    stdout::check_at_start();
    ExitCode::from(cli::run())
}
