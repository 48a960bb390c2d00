//! Diagrams written in documents: finding ```` ```fen ```` and
//! ```` ```pgn ```` blocks in
//! Markdown and reading their options, for `fen2img md`, the mdBook
//! preprocessor and the Pandoc filter.

pub mod block;
pub mod cache;
pub mod cmd_md;
pub mod cmd_mdbook;
pub mod cmd_pandoc;
pub mod data_uri;
pub mod diagram;
pub mod files;
pub mod game_animation;
pub mod game_block;
pub mod game_keys;
pub mod html;
pub mod hugo;
pub mod info;
pub mod inline_budget;
pub mod numbering;
pub mod options;
pub mod page;
pub mod stdin;
pub mod tally;
pub mod walk;

// The block finders, in a crate of their own (shared with the `markdown`
// fuzz target), under the names the modules here use.
pub use fen2img_blocks::{fence, lines, pre};
