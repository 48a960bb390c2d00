//! `fen2img batch` (being written).

use clap::Args;

use crate::cli::Failure;

/// `fen2img batch` arguments.
#[derive(Args, Debug)]
pub struct BatchArgs {}

pub fn run(_args: &BatchArgs) -> Result<u8, Failure> {
    Err(Failure::invalid("batch is not written yet"))
}
