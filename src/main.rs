//! The `fen2img` command: parse the command line, run, map errors to exit codes.

mod batch;
mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::from(cli::run())
}
