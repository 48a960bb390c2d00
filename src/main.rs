//! The `fen2img` command: parse the command line, run, map errors to exit codes.
//!
//! The diagrams themselves come from the `fen2img-render` crate (the
//! positions from `fen2img-chess`, the diagrams of games from
//! `fen2img-games`); this crate is everything a command adds:
//! flags, files, terminals, documents, the server. Modules import one way
//! (checked by `tests/cli/layers/`): `cli` (and its `manual`, the man
//! page and completions) → {`batch`, `single`, `markdown`, `serve`,
//! `terminal`} → `args` → `failure`; only `cli`, `args` and
//! `batch::args` see clap. `single` (for `-o`), `batch`
//! and `markdown` → `output`, which owns every file fen2img writes.

mod args;
mod batch;
mod cli;
mod failure;
mod list_pieces;
mod markdown;
mod output;
#[cfg(feature = "serve")]
mod serve;
mod sheet;
mod single;
mod single_game;
mod single_problem;
mod stdout;
mod terminal;
mod twins;

use std::process::ExitCode;

fn main() -> ExitCode {
    // Before anything opens a file that could take descriptor 1.
    stdout::check_at_start();
    ExitCode::from(cli::run())
}
