//! `fen2img serve`: the HTTP diagram service.
//!
//! Connections run on a small tokio runtime (hyper's HTTP/1.1 with its
//! header size and header read timeout limits); renders run on [`pool`]'s
//! threads. Modules import one way: `mod` → {`router`, `pool`} → {`diagram`,
//! `boardimage`, `lilagif`} → {`request`, `params`, `query`, `response`}.

mod boardimage;
mod cors;
mod diagram;
mod game;
mod lilagif;
mod params;
mod pool;
mod query;
mod request;
mod response;
mod router;
mod timed_io;

use std::io::Write as _;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::TokioTimer;
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use fen2img_render::{Format, RenderOptions};

use crate::args::{render_options, RenderArgs};
use crate::failure::{Failure, EXIT_OK};

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

    /// Open connections at most; more wait in the kernel's backlog.
    #[arg(long, value_name = "N", default_value_t = 1024)]
    pub max_connections: usize,

    /// Milliseconds a request may wait for and spend on its render (then 503).
    #[arg(long, value_name = "MS", default_value_t = 5000)]
    pub deadline: u64,

    /// Seconds a client has to send a request's headers, and that an idle
    /// keep-alive connection stays open.
    #[arg(long, value_name = "SECS", default_value_t = 10)]
    pub header_timeout: u64,

    /// Seconds a response write may wait for a client that stopped reading
    /// before the connection is closed.
    #[arg(long, value_name = "SECS", default_value_t = 30)]
    pub write_timeout: u64,

    /// Longest request target (path and query) in bytes; longer is 414.
    #[arg(long, value_name = "BYTES", default_value_t = 8192)]
    pub max_uri: usize,

    /// Largest request head (request line and headers) in bytes; larger is 431.
    #[arg(long, value_name = "BYTES", default_value_t = 16384)]
    pub max_header: usize,

    /// Largest request body (POST /game.gif) in bytes; larger is 413.
    #[arg(long, value_name = "BYTES", default_value_t = 1 << 20)]
    pub max_body: usize,

    /// Largest image a request may ask for, in pixels.
    #[arg(long, value_name = "PX", default_value_t = 2048)]
    pub max_size: u32,

    /// Seconds in-flight requests get to finish after SIGTERM or Ctrl-C.
    #[arg(long, value_name = "SECS", default_value_t = 30)]
    pub shutdown_grace: u64,

    /// An access log line per request on standard error.
    #[arg(long)]
    pub log: bool,

    /// Let web pages from ORIGINS read the images: `*` for any page, or a
    /// comma-separated list of origins (each echoed back, with `Vary:
    /// Origin`). `OPTIONS` preflights are answered either way.
    #[arg(long, value_name = "ORIGINS")]
    pub cors: Option<String>,

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
}

/// The limits and switches handlers read.
struct Config {
    max_uri: usize,
    max_body: usize,
    max_size: u32,
    deadline: Duration,
    log: bool,
    cors: Option<cors::Cors>,
}

/// Runs the server until SIGTERM or Ctrl-C; exit code 0 after in-flight
/// requests have finished.
pub fn run(args: &ServeArgs) -> Result<u8, Failure> {
    let defaults = render_options(&args.render, Format::SVG)?;
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
            max_body: args.max_body,
            max_size: args.max_size,
            deadline: Duration::from_millis(args.deadline),
            log: args.log,
            cors,
        },
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
        let _ = err.flush();
    }

    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(Duration::from_secs(args.header_timeout.max(1)))
        .max_buf_size(args.max_header.max(8192))
        .max_header_size(args.max_header)
        .keep_alive(true);
    let write_timeout = Duration::from_secs(args.write_timeout.max(1));
    let connections = Arc::new(Semaphore::new(args.max_connections.max(1)));
    let graceful = GracefulShutdown::new();
    let shutdown = shutdown_signal();
    tokio::pin!(shutdown);

    loop {
        let permit = tokio::select! {
            p = Arc::clone(&connections).acquire_owned() => match p {
                Ok(p) => p,
                Err(_) => break,
            },
            _ = &mut shutdown => break,
        };
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
        let state = Arc::clone(&state);
        let service = service_fn(move |req| {
            let state = Arc::clone(&state);
            async move { Ok::<_, std::convert::Infallible>(router::handle(state, peer, req).await) }
        });
        let connection = graceful
            .watch(http.serve_connection(timed_io::TimedIo::new(stream, write_timeout), service));
        tokio::spawn(async move {
            let _ = connection.await;
            drop(permit);
        });
    }

    // Stop accepting, let in-flight requests finish (bounded), then exit.
    drop(listener);
    eprintln!("fen2img serve: shutting down");
    let grace = Duration::from_secs(args.shutdown_grace);
    if tokio::time::timeout(grace, graceful.shutdown())
        .await
        .is_err()
    {
        eprintln!("fen2img serve: requests still open after {grace:?}; closing them");
    }
    Ok(EXIT_OK)
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
