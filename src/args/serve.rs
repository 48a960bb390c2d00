//! `fen2img serve`'s flags: the command-line side of the server, which
//! `serve::run` reads. Here, beside the render flags it flattens in, so
//! that only the command-line layer sees clap.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, ValueHint};

use super::render::RenderArgs;

/// Serve diagrams over HTTP (own API, web-boardimage compatible).
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Address and port to listen on (port 0: any free port; the address
    /// bound is printed on standard error).
    #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:8080")]
    pub bind: SocketAddr,

    /// Render threads (default: one per CPU).
    #[arg(long, value_name = "N")]
    pub workers: Option<usize>,

    /// Threads that run connections (parse requests, write responses); the
    /// work per request is small next to a render.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub io_threads: usize,

    /// Renders that may wait for a thread; beyond it, 503 with Retry-After.
    #[arg(long, value_name = "N", default_value_t = 256)]
    pub queue: usize,

    /// Open connections at most. A client arriving at the limit makes an
    /// idle connection close (else the oldest, after its answer) and gets
    /// its place, or a quick 503 when none frees within half a second.
    #[arg(long, value_name = "N", default_value_t = 1024)]
    pub max_connections: usize,

    /// Milliseconds a request may wait for a render thread and work on it:
    /// reading and replaying a game, and drawing (then 503).
    #[arg(long, value_name = "MS", default_value_t = 5000)]
    pub deadline: u64,

    /// Seconds a client has to send a request's headers, and that an idle
    /// keep-alive connection stays open.
    #[arg(long, value_name = "SECS", default_value_t = 10)]
    pub header_timeout: u64,

    /// Seconds a client has to send a request's whole body (POST
    /// /game.gif), counted from the end of its headers; then 408.
    #[arg(long, value_name = "SECS", default_value_t = 10)]
    pub body_timeout: u64,

    /// Seconds a response write may wait for a client that stopped reading
    /// before the connection is closed.
    #[arg(long, value_name = "SECS", default_value_t = 30)]
    pub write_timeout: u64,

    /// Longest request target (path and query) in bytes; longer is 414.
    #[arg(long, value_name = "BYTES", default_value_t = 8192)]
    pub max_uri: usize,

    /// Largest request header fields in bytes, all together (the request
    /// line is --max-uri's); larger is 431, as are more than 100 fields.
    #[arg(long, value_name = "BYTES", default_value_t = 16384)]
    pub max_header: usize,

    /// Largest request body (POST /game.gif) in bytes; larger is 413.
    #[arg(long, value_name = "BYTES", default_value_t = 1 << 20)]
    pub max_body: usize,

    /// Largest image width a request may ask for, in pixels (web-boardimage
    /// and lila-gif URLs are clamped to it).
    #[arg(long, value_name = "PX", default_value_t = 2048)]
    pub max_size: u32,

    /// Most pixels one POST /game.gif may draw, all frames together
    /// (frames × width × height); the default fits 1,000 frames of 720 px
    /// with player bars. Larger is 400.
    #[arg(long, value_name = "PIXELS", default_value_t = 640_000_000)]
    pub max_pixels: u64,

    /// Seconds in-flight requests get to finish after SIGTERM or Ctrl-C (a
    /// body still arriving is read and answered as long as it keeps coming).
    #[arg(long, value_name = "SECS", default_value_t = 30)]
    pub shutdown_grace: u64,

    /// An access log line per request on standard error.
    #[arg(long)]
    pub log: bool,

    /// Bytes of encoded answers kept in memory for requests asked again
    /// (images and text boards whose answer depends on the URL alone, per
    /// encoding; least recently used dropped first). 0 turns it off.
    #[arg(long, value_name = "BYTES", default_value_t = 64 << 20)]
    pub response_cache: usize,

    /// Let web pages from ORIGINS read the images: `*` for any page, or a
    /// comma-separated list of origins (each echoed back, with `Vary:
    /// Origin`). `OPTIONS` preflights are answered either way.
    #[arg(long, value_name = "ORIGINS")]
    pub cors: Option<String>,

    /// A directory of piece sets laid out as lichess lays them out
    /// (`DIR/<name>/wK.svg ... bP.svg`): lila-gif's `piece=<name>` draws
    /// with that set (lichess's other set names: the default set; any other
    /// name: 400, as lila-gif answers). Every set is read and checked at
    /// start-up, like --pieces.
    #[arg(long, value_name = "DIR", value_hint = ValueHint::DirPath)]
    pub piece_sets: Option<PathBuf>,

    /// Defaults for every request (a request's parameters override them).
    #[command(flatten)]
    pub render: RenderArgs,
}
