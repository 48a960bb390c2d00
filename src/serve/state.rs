//! What every handler reads: the render pool, the server's default
//! options, its limits and switches, and the response cache, made once by
//! `serve::run` and shared by all connections.

use std::sync::Arc;
use std::time::Duration;

use fen2img_render::RenderOptions;

use super::{cors, pool, response_cache};

/// What handlers need, shared by all connections.
pub struct State {
    pub pool: pool::Pool,
    pub defaults: Arc<RenderOptions>,
    /// Stands for the server's default options in every ETag.
    pub defaults_digest: u64,
    pub config: Config,
    /// Turns true when the server starts draining: a body still arriving is
    /// read as long as it keeps coming (`body.rs`).
    pub shutdown: tokio::sync::watch::Sender<bool>,
    /// Answers kept for requests asked again (`None`: `--response-cache 0`).
    pub cache: Option<response_cache::ResponseCache>,
}

/// The limits and switches handlers read.
pub struct Config {
    pub max_uri: usize,
    pub max_header: usize,
    pub max_body: usize,
    pub body_timeout: Duration,
    pub max_size: u32,
    pub max_pixels: u64,
    pub deadline: Duration,
    pub log: bool,
    pub cors: Option<cors::Cors>,
}
