//! What every handler reads: the render pool, the server's default
//! options, its limits and switches, and the response cache, made once by
//! `serve::run` and shared by all connections.

use std::sync::Arc;
use std::time::Duration;

use fen2img_render::RenderOptions;

use super::{cors, pool, response_cache};

/// What handlers need, shared by all connections.
pub struct State {
    /// The render threads.
    pub pool: pool::Pool,
    /// The options `fen2img serve` was started with, under every request's.
    pub defaults: Arc<RenderOptions>,
    /// Stands for the server's default options in every ETag.
    pub defaults_digest: u64,
    /// The limits and switches.
    pub config: Config,
    /// Turns true when the server starts draining: a body still arriving is
    /// read as long as it keeps coming (`body.rs`).
    pub shutdown: tokio::sync::watch::Sender<bool>,
    /// Answers kept for requests asked again (`None`: `--response-cache 0`).
    pub cache: Option<response_cache::ResponseCache>,
}

/// The limits and switches handlers read.
pub struct Config {
    /// `--max-uri`: a longer target is `414`.
    pub max_uri: usize,
    /// `--max-header`: larger header fields are `431`.
    pub max_header: usize,
    /// `--max-body`: a larger body is `413`.
    pub max_body: usize,
    /// `--body-timeout`: a body not all there by then is `408`.
    pub body_timeout: Duration,
    /// `--max-size`: the widest image a request may ask for.
    pub max_size: u32,
    /// `--max-pixels`: the most one game's frames may draw together.
    pub max_pixels: u64,
    /// `--deadline`: a request's time on a render thread, waiting included.
    pub deadline: Duration,
    /// `--log`: an access log line per request.
    pub log: bool,
    /// `--cors`: the origins whose pages may read the answers.
    pub cors: Option<cors::Cors>,
}
