//! The `fen2img` command: parse the command line, run, map errors to exit codes.
//!
//! Modules import one way: `cli` → {`batch`, `single`, `manual`,
//! `render_args`, `serve`}; `single` → {`render_args`, `stdout`}; `batch` →
//! `render_args` → `arg_text`; all of them → `failure`. Only `cli`,
//! `render_args` and `batch` see clap. `single` (for `-o`) and `batch` →
//! `output`, which owns every file fen2img writes.

mod arg_text;
mod batch;
mod cli;
mod failure;
mod manual;
mod markdown;
mod output;
mod render_args;
#[cfg(feature = "serve")]
mod serve;
mod single;
mod stdout;
mod terminal_choice;
mod terminal_query;

use std::process::ExitCode;

fn main() -> ExitCode {
    // Before anything opens a file that could take descriptor 1.
    stdout::check_at_start();
    ExitCode::from(cli::run())
}
