//! The `fen2img` command's integration tests, as one test binary that runs
//! the real program (`CARGO_BIN_EXE_fen2img`): linking is where a test
//! build's time goes. Run one suite with `cargo test --test cli batch::`.

mod util;

mod annotations_cli;
mod apng;
mod around_cli;
mod batch;
mod batch_lines;
mod browser;
mod doc_pictures;
mod games;
mod layers;
mod md;
mod md_pgn;
mod messages;
mod pdf;
mod pdf_front_ends;
mod pieces_cli;
mod problems_batch;
mod problems_cli;
#[cfg(feature = "serve")]
mod serve;
mod shard;
mod sheet;
mod terminals;
mod usage;
