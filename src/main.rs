//! The `fen2img` command: parse the command line, run, map errors to exit codes.
//!
//! Modules import one way: `cli` → {`batch`, `render_args`, `failure`} and
//! `batch` → {`render_args`, `failure`, `output`}; `cli` → `output` for `-o`.

mod batch;
mod cli;
mod failure;
mod output;
mod render_args;

use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::from(cli::run())
}
