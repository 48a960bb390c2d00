//! The `fen2img` command's integration tests, as one test binary that runs
//! the real program (`CARGO_BIN_EXE_fen2img`): linking is where a test
//! build's time goes. Run one suite with `cargo test --test cli batch::`.

mod common {
    pub use test_support::*;

    /// A fresh, empty directory for one test under cargo's temp dir.
    pub fn scratch_dir(name: &str) -> std::path::PathBuf {
        scratch_dir_in(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")), name)
    }
}

mod annotations_cli;
mod apng;
mod around_cli;
mod batch;
mod browser;
mod games;
mod layers;
mod md;
mod md_pgn;
mod messages;
mod pieces_cli;
#[cfg(feature = "serve")]
mod serve;
mod shard;
mod terminals;
mod usage;
