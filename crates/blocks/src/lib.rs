//! The diagram blocks of a page, for `fen2img md`, the mdBook
//! preprocessor and the Pandoc filter: where each ```` ```fen ```` or
//! ```` ```pgn ```` fence of a Markdown page stands ([`fence`], through
//! pulldown-cmark) and each `<pre class="fen">` of an HTML page ([`pre`],
//! through html5gum), with its byte range, its option text and the line
//! and column of both ([`lines`]). Every other byte of the page is left
//! alone, so a block can be replaced without touching the text around it.
//! Reading the options and drawing the diagrams is the binary's.
//!
//! The `markdown` fuzz target runs these finders on arbitrary pages.
//!
//! ```
//! use fen2img_blocks::fence::{find_blocks, BlockKind};
//!
//! let page = "# A study\n\n```fen size=200\n8/8/8/8/8/8/8/K6k w - - 0 1\n```\n";
//! let blocks = find_blocks(page).unwrap();
//! assert_eq!(blocks.len(), 1);
//! assert_eq!(blocks[0].kind, BlockKind::Fen);
//! assert_eq!(blocks[0].body, "8/8/8/8/8/8/8/K6k w - - 0 1");
//! assert_eq!(blocks[0].fence_line, 3);
//! ```
#![warn(missing_docs)]

pub mod fence;
pub mod lines;
pub mod pre;
