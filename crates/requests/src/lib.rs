//! The GET requests of `fen2img serve`, read from their query strings:
//! what each endpoint's parameters ask the renderer to draw, or the
//! one-line reason it draws nothing. No HTTP here: the server routes each
//! path to its endpoint (axum, in the `fen2img` binary) and hands the query
//! to the reader of that endpoint; the `serve_query` fuzz target calls the
//! same readers with arbitrary text.
//!
//! One module per API, each with its parameters as a typed struct:
//!
//! - [`diagram`]: our own `/diagram.EXT` and `/diagram/<FEN>.EXT`, whose
//!   parameters are the options table's server names
//!   (`fen2img_render::vocabulary::RENDER`, and the games' `GAME`);
//! - [`og`]: `/og.png`, the social preview, with our own parameters;
//! - [`boardimage`]: web-boardimage's `/board.svg` and `/board.png`;
//! - [`lilagif`]: lila-gif's `/image.gif` (and its names and values in
//!   [`lila_names`], shared with `POST /game.gif`).
//!
//! Each reads into a [`DiagramRequest`], whose canonical text names the
//! image (the server's `ETag` and response cache key).
//!
//! ```
//! use fen2img_requests::{boardimage::BoardQuery, query};
//! use fen2img_render::Format;
//!
//! let pairs = query::pairs("fen=8/8/8/8/8/8/8/K6k%20w%20-%20-&size=200").unwrap();
//! let request = BoardQuery::read(&pairs).request(Format::SVG, 2048).unwrap();
//! assert_eq!(request.size, Some(200));
//! ```
#![warn(missing_docs)]

pub mod boardimage;
pub mod diagram;
pub mod lila_names;
pub mod lilagif;
pub mod og;
mod params;
pub mod piece_sets;
pub mod query;
pub mod request;
mod suggest;

pub use request::DiagramRequest;

/// Why a GET endpoint draws nothing for a target.
#[derive(Debug, PartialEq)]
pub enum Rejection {
    /// No such endpoint (404): `/diagram/<FEN>` without an extension.
    NotFound,
    /// A one-line reason naming the parameter (400).
    BadRequest(String),
    /// web-boardimage's own 400 reason, word for word.
    BoardImage(&'static str),
}
