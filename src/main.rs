//! The `fen2img` command: parse the command line, run, map errors to exit codes.
//!
//! Modules import one way: `cli` → {`batch`, `manual`, `render_args`, `failure`} and
//! `batch` → {`render_args`, `failure`}.

mod batch;
mod cli;
mod failure;
mod manual;
mod render_args;

use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::from(cli::run())
}
