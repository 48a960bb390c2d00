//! The render crate's integration tests, as one test binary: linking is
//! where a test build's time goes, and each binary links resvg and image
//! again (as ripgrep and resvg keep theirs). Run one suite with
//! `cargo test -p fen2img-render --test integration golden::`.

mod common {
    pub use test_support::*;

    /// A fresh, empty directory for one test under cargo's temp dir.
    pub fn scratch_dir(name: &str) -> std::path::PathBuf {
        scratch_dir_in(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")), name)
    }
}

mod annotations;
mod around;
mod around_page;
mod bundled_sets;
mod corpus;
mod dropin;
mod golden;
mod one_ink;
mod pages;
mod print;
mod problems;
mod properties;
mod raster_parity;
mod renderer_reuse;
mod svg_output;
mod text_boards;
mod thumbnails;
