//! `fen2img serve`: the HTTP diagram service.
//!
//! Three layers, outside in:
//!
//! - **Connections** (this file, [`connections`], [`timed_io`]): our accept
//!   loop hands each TCP connection to hyper-util's HTTP/1.1 connection
//!   builder (hyper's head size limits, header read timeout, keep-alive and
//!   per-connection graceful shutdown), wrapped in a write timeout.
//!   [`connections`] decides which connections are open: at the limit an
//!   idle one is closed for a new client, or the client gets a quick 503.
//!   axum's own `serve` is not used: it owns the accept loop and has none of
//!   these limits, and tower's concurrency limits make new work wait where
//!   this server must make room or refuse at once.
//! - **Requests** ([`router`]): every request goes to an axum [`Router`]
//!   (the path table, 404 and 405, extractors), called as a tower service
//!   from the connection, with the 414/431 limits, CORS and the access log
//!   around it.
//! - **Renders** ([`pool`]): OS threads with a renderer each, fed by a
//!   bounded queue; handlers hand a job over and wait for its bytes, which
//!   are compressed (SVG, text) on the render thread. A game (a `POST
//!   /game.gif` body, a `pgn=` query) is read and replayed there too, so
//!   `--deadline` covers all the work a request makes and the request
//!   threads only read requests and write answers; a job checks the
//!   deadline between its steps and inside each frame of a GIF, and stops
//!   once its client has been answered `503`.
//!
//! - **Answers asked again** ([`response_cache`]): a `GET` whose answer
//!   depends on its target alone is looked up by its canonical request and
//!   encoding on the request thread before any render is queued; a `200`
//!   drawn for it is kept, within `--response-cache` bytes.
//!
//! Modules import one way: `mod` → {`connections`, `router`, `pool`,
//! `piece_dir`} → {`target`, `body`, `response_cache`} → {`diagram`, `og`,
//! `boardimage`, `lilagif`, `game`} → {`request`, `params`, `query`,
//! `suggest`, `response`, `lila_names`, `piece_sets`}; `body` reads
//! `connections`'s [`Close`].
//!
//! [`Router`]: axum::Router

mod boardimage;
mod body;
mod connections;
mod cors;
mod diagram;
mod game;
mod lila_names;
mod lilagif;
mod og;
mod params;
mod piece_dir;
mod piece_sets;
mod pool;
mod query;
mod request;
mod response;
mod response_cache;
mod router;
mod suggest;
mod target;
mod timed_io;

use std::io::Write as _;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::TokioTimer;
use tokio::net::TcpListener;

use fen2img_render::{Format, RenderOptions};

use crate::args::{render_options, RenderArgs};
use crate::failure::{Failure, EXIT_OK};
use connections::{Admission, Close, Connections, Place};

/// `fen2img serve` options.
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
    #[arg(long, value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
    pub piece_sets: Option<std::path::PathBuf>,

    /// Defaults for every request (a request's parameters override them).
    #[command(flatten)]
    pub render: RenderArgs,
}

/// What handlers need, shared by all connections.
pub struct State {
    pool: pool::Pool,
    defaults: Arc<RenderOptions>,
    /// Stands for the server's default options in every ETag.
    defaults_digest: u64,
    config: Config,
    /// Turns true when the server starts draining: a body still arriving is
    /// read as long as it keeps coming (`body.rs`).
    shutdown: tokio::sync::watch::Sender<bool>,
    /// Answers kept for requests asked again (`None`: `--response-cache 0`).
    cache: Option<response_cache::ResponseCache>,
}

/// The limits and switches handlers read.
struct Config {
    max_uri: usize,
    max_header: usize,
    max_body: usize,
    body_timeout: Duration,
    max_size: u32,
    max_pixels: u64,
    deadline: Duration,
    log: bool,
    cors: Option<cors::Cors>,
}

/// Runs the server until SIGTERM or Ctrl-C; exit code 0 after in-flight
/// requests have finished.
pub fn run(args: &ServeArgs) -> Result<u8, Failure> {
    let defaults = render_options(&args.render, Format::SVG)?;
    if let Some(dir) = &args.piece_sets {
        // Before the server listens: a bad set stops it here.
        piece_sets::install(piece_dir::load(dir)?);
    }
    let cors = match &args.cors {
        None => None,
        Some(origins) => Some(cors::Cors::parse(origins).map_err(Failure::invalid)?),
    };
    let workers = args
        .workers
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()));
    let pool = pool::Pool::start(workers, args.queue)
        .map_err(|e| Failure::io(format!("cannot start render threads: {e}")))?;
    let state = Arc::new(State {
        pool,
        defaults_digest: defaults_digest(&defaults),
        defaults: Arc::new(defaults),
        config: Config {
            max_uri: args.max_uri,
            max_header: args.max_header,
            max_body: args.max_body,
            body_timeout: Duration::from_secs(args.body_timeout.max(1)),
            max_size: args.max_size,
            max_pixels: args.max_pixels,
            deadline: Duration::from_millis(args.deadline),
            log: args.log,
            cors,
        },
        shutdown: tokio::sync::watch::Sender::new(false),
        cache: response_cache::ResponseCache::new(args.response_cache),
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(args.io_threads.max(1))
        .thread_name("serve-io")
        .enable_all()
        .build()
        .map_err(|e| Failure::io(format!("cannot start the server runtime: {e}")))?;
    runtime.block_on(serve(args, state))
}

/// The digest of the server's default options that every ETag includes, so
/// servers started with other defaults never share tags.
fn defaults_digest(defaults: &RenderOptions) -> u64 {
    // The canonical form: stable across builds and machines, so replicas
    // started with the same flags give the same ETags.
    fen2img_render::fingerprint::options_digest(defaults)
}

async fn serve(args: &ServeArgs, state: Arc<State>) -> Result<u8, Failure> {
    let listener = TcpListener::bind(args.bind)
        .await
        .map_err(|e| Failure::io(format!("cannot listen on {}: {e}", args.bind)))?;
    let addr = listener
        .local_addr()
        .map_err(|e| Failure::io(format!("cannot read the bound address: {e}")))?;
    {
        let mut err = std::io::stderr().lock();
        let _ = writeln!(err, "fen2img serve: listening on http://{addr}");
        // After the address line, which scripts read first.
        let sets: Vec<&str> = piece_sets::names().collect();
        if !sets.is_empty() {
            let _ = writeln!(err, "fen2img serve: piece sets: {}", sets.join(" "));
        }
        let _ = err.flush();
    }

    let mut http = http1::Builder::new();
    // hyper reads a head up to --max-uri and --max-header together and
    // answers 431 beyond; within that, the router answers 414 for a long
    // target and 431 for large fields, so each limit gets its own code.
    let head = args.max_uri.saturating_add(args.max_header);
    http.timer(TokioTimer::new())
        .header_read_timeout(Duration::from_secs(args.header_timeout.max(1)))
        .max_buf_size(head.saturating_add(1024).max(8192))
        .max_header_size(head)
        .max_headers(MAX_HEADER_FIELDS)
        .keep_alive(true);
    let write_timeout = Duration::from_secs(args.write_timeout.max(1));
    let routes = router::routes(Arc::clone(&state));
    let connections = Connections::new(args.max_connections);
    let shutdown = shutdown_signal();
    tokio::pin!(shutdown);

    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(_) => {
                    // Out of descriptors or a connection reset before
                    // accept: wait a little instead of spinning.
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
            _ = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let serve = Serve {
            http: http.clone(),
            state: Arc::clone(&state),
            routes: routes.clone(),
            write_timeout,
        };
        match connections.admit() {
            Admission::Open(place) => {
                tokio::spawn(serve.connection(stream, peer, place));
            }
            Admission::Wait(waiting) => {
                let connections = Arc::clone(&connections);
                tokio::spawn(async move {
                    let place = connections.wait_for_place().await;
                    drop(waiting);
                    match place {
                        Some(place) => serve.connection(stream, peer, place).await,
                        None => {
                            if serve.state.config.log {
                                eprintln!("{peer} (too many connections) 503");
                            }
                            connections::refuse(stream).await
                        }
                    }
                });
            }
            // Beyond the clients that may wait: closed unanswered.
            Admission::Drop => drop(stream),
        }
    }

    // Stop accepting, let in-flight requests finish (bounded), then exit.
    drop(listener);
    eprintln!("fen2img serve: shutting down");
    state.shutdown.send_replace(true);
    connections.close_all();
    let grace = Duration::from_secs(args.shutdown_grace);
    let drained = tokio::time::timeout(grace, async {
        let started = tokio::time::Instant::now();
        let mut heads_cut = false;
        while connections.open() > 0 {
            // A head already under way gets a moment to arrive; after it,
            // connections not answering a request (slowloris heads among
            // them) are closed instead of waiting out --header-timeout.
            if !heads_cut && started.elapsed() >= HEAD_GRACE {
                heads_cut = true;
                connections.close_idle_now();
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    });
    if drained.await.is_err() {
        eprintln!("fen2img serve: requests still open after {grace:?}; closing them");
    }
    Ok(EXIT_OK)
}

/// How long a drain waits for request heads already under way before it
/// closes the connections that are not answering a request.
const HEAD_GRACE: Duration = Duration::from_secs(1);

/// Most header fields in a request (hyper's default); more is 431.
const MAX_HEADER_FIELDS: usize = 100;

/// What serving one connection needs.
struct Serve {
    http: http1::Builder,
    state: Arc<State>,
    /// The axum Router, shared (a clone is a reference count).
    routes: axum::Router,
    write_timeout: Duration,
}

impl Serve {
    /// Serves `stream` until the client closes, a timeout or limit ends it,
    /// or it is asked to close (see [`Close`]).
    async fn connection(self, stream: tokio::net::TcpStream, peer: SocketAddr, place: Place) {
        let conn = Arc::clone(place.conn());
        let state = self.state;
        let routes = self.routes;
        // The connection's side of each request (its place counts as busy,
        // and how it is asked to close), then the Router.
        let service = service_fn(move |req| {
            let state = Arc::clone(&state);
            let routes = routes.clone();
            let busy = conn.start_request();
            let close = conn.close_requests();
            async move {
                let reply = router::handle(state, routes, peer, close, req).await;
                drop(busy);
                Ok::<_, std::convert::Infallible>(reply)
            }
        });
        let connection = self
            .http
            .serve_connection(timed_io::TimedIo::new(stream, self.write_timeout), service);
        tokio::pin!(connection);
        let mut close = place.conn().close_requests();
        // Asked before this task ran: seen on the first turn.
        close.mark_changed();
        let mut graceful = false;
        loop {
            tokio::select! {
                _ = connection.as_mut() => break,
                asked = close.changed() => {
                    let how = *close.borrow_and_update();
                    if asked.is_err() || how == Close::Now {
                        // Dropping the connection closes the socket.
                        break;
                    }
                    if how == Close::AfterAnswer && !graceful {
                        graceful = true;
                        connection.as_mut().graceful_shutdown();
                    }
                }
            }
        }
        drop(place);
    }
}

/// Completes on SIGTERM or SIGINT (Ctrl-C).
async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = term.recv() => {}
                _ = tokio::signal::ctrl_c() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}
