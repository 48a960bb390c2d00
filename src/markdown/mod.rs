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
pub mod fence;
pub mod files;
pub mod game_animation;
pub mod game_block;
pub mod game_keys;
pub mod html;
pub mod hugo;
pub mod info;
pub mod inline_budget;
pub mod lines;
pub mod numbering;
pub mod options;
pub mod page;
pub mod pre;
pub mod stdin;
pub mod tally;
pub mod walk;
