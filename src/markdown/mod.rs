//! Diagrams written in documents: finding ```` ```fen ```` blocks in
//! Markdown and reading their options, for `fen2img md`, the mdBook
//! preprocessor and the Pandoc filter.

pub mod fence;
pub mod info;
pub mod options;
