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
//! `piece_dir`, `state`, `scheduling`}; `router` → `endpoints` (one handler per route)
//! → `drawing` (a GET's image, cached or drawn; a game's GIF) → {`game`,
//! `body`, `response_cache`, `response`, `pool`, `state`}; `body` reads
//! `connections`'s [`Close`]. What a GET's query asks for is read by the
//! `fen2img-requests` crate (shared with the `serve_query` fuzz target),
//! which imports nothing of the server.
//!
//! [`Router`]: axum::Router

mod body;
mod connections;
mod cors;
mod drawing;
mod endpoints;
mod game;
mod piece_dir;
mod pool;
mod response;
mod response_cache;
mod router;
mod scheduling;
mod state;
mod timed_io;

use std::io::Write as _;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::TokioTimer;
use tokio::net::TcpListener;

use fen2img_render::{Format, RenderOptions};

use crate::args::{render_options, ServeArgs};
use crate::failure::{Failure, EXIT_OK};
use connections::{Admission, Close, Connections, Place};
use fen2img_requests::piece_sets;
use state::{Config, State};

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
    // Before any thread starts: they inherit the policy.
    if let Err(e) = scheduling::batch_from_here() {
        eprintln!("fen2img serve: threads keep the default scheduling policy: {e}");
    }
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
