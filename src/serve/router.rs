//! The routes, and what wraps them: one request in, one response out.
//! Every path answers; nothing a client sends can make a handler panic or
//! wait without bound.
//!
//! Which handler answers is axum's [`Router`]: the path table below, `404`
//! for a path not in it, the path's own methods otherwise (`HEAD` by the
//! `GET` handler, with the `Content-Length` of the body it does not send).
//! Each route has its own handler (`endpoints.rs`), which reads its own
//! API's parameters, and its own methods: the `Allow` of its `405` and of
//! its `OPTIONS` (CORS preflight) answer are the route's.
//! [`handle`] wraps it with what applies to every request, routed or not:
//! the `414`/`431` limits before any routing, CORS headers on every answer
//! and the access log line. Compression, ETags and CORS stay ours (see
//! `docs/guide/server.md`, "What is done by hand, and why"): tower-http's
//! layers do those jobs differently from what this server promises.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use axum::body::HttpBody as _;
use axum::handler::Handler;
use axum::routing::{get, post, MethodRouter};
use axum::Router;
use hyper::body::Incoming;
use hyper::header::{
    HeaderMap, HeaderValue, ALLOW, CONTENT_LENGTH, ORIGIN, X_CONTENT_TYPE_OPTIONS,
};
use hyper::StatusCode;

use tokio::sync::watch;
use tower::Service as _;

use super::body::CloseRequests;
use super::connections::Close;
use super::drawing::CacheUse;
use super::response::{closing, text, Reply};
use super::state::State;
use super::{cors, endpoints};

/// The `Allow` of a path that a `GET` handler answers (`HEAD` by the same
/// handler).
const GET_METHODS: &str = "GET, HEAD, OPTIONS";

/// The `Allow` of `POST /game.gif`.
const POST_METHODS: &str = "POST, OPTIONS";

/// The endpoints, each once, with its handler and its methods. A new
/// endpoint is a line here, a handler in `endpoints.rs` and, for a `GET`
/// with parameters, a reader in the `fen2img-requests` crate (which the
/// `serve_query` fuzz target runs).
pub fn routes(state: Arc<State>) -> Router {
    Router::new()
        .route("/healthz", answers_get(endpoints::health))
        .route("/diagram.{ext}", answers_get(endpoints::diagram))
        .route("/diagram/{*fen}", answers_get(endpoints::diagram_fen))
        .route("/board.svg", answers_get(endpoints::board_svg))
        .route("/board.png", answers_get(endpoints::board_png))
        .route("/image.gif", answers_get(endpoints::image_gif))
        .route("/og.png", answers_get(endpoints::og))
        .route(
            "/game.gif",
            answers(post(endpoints::game_gif), POST_METHODS),
        )
        .route("/example.gif", answers_get(endpoints::example_gif))
        .fallback(not_found)
        .with_state(state)
}

/// `handler` for `GET` and `HEAD`, and [`answers`].
fn answers_get<H, T>(handler: H) -> MethodRouter<Arc<State>>
where
    H: Handler<T, Arc<State>>,
    T: 'static,
{
    answers(get(handler), GET_METHODS)
}

/// `methods`, whose `Allow` is `allow`; `OPTIONS` answered with them, and
/// any other method `405` with them. axum would answer the 405 itself,
/// with an empty body and `Allow: GET,HEAD,OPTIONS`; ours keeps the
/// one-line reason and the spelling the guide documents.
fn answers(methods: MethodRouter<Arc<State>>, allow: &'static str) -> MethodRouter<Arc<State>> {
    methods
        .options(move || async move { cors::preflight(allow) })
        .fallback(move || async move { method_not_allowed(allow) })
}

/// A method the path does not answer; `allow` are those it does.
fn method_not_allowed(allow: &'static str) -> Reply {
    let mut r = text(StatusCode::METHOD_NOT_ALLOWED, format!("only {allow}"));
    r.headers_mut()
        .insert(ALLOW, HeaderValue::from_static(allow));
    r
}

/// A path not in [`routes`], whatever the method.
async fn not_found() -> Reply {
    text(StatusCode::NOT_FOUND, "not found")
}

/// Answers one request: the limits, then `routes`, then CORS and the access
/// log line. `close` says when the connection is asked to close.
pub async fn handle(
    state: Arc<State>,
    mut routes: Router,
    peer: SocketAddr,
    close: watch::Receiver<Close>,
    mut req: hyper::Request<Incoming>,
) -> Reply {
    let start = Instant::now();
    // Only the parts of the request that outlive a POST body's consumption.
    let logged = state
        .config
        .log
        .then(|| (req.method().clone(), req.uri().to_string()));
    let cors_request = state.config.cors.as_ref().map(|_| {
        let mut h = HeaderMap::new();
        if let Some(origin) = req.headers().get(ORIGIN) {
            h.insert(ORIGIN, origin.clone());
        }
        h
    });
    let mut reply = if let Some(refused) = over_limits(&state, &req) {
        refused
    } else {
        req.extensions_mut().insert(CloseRequests(close));
        // The Router is always ready, and its error type is Infallible.
        match routes.call(req).await {
            Ok(reply) => reply,
            Err(never) => match never {},
        }
    };
    // axum writes the body's length on every answer; a 304's would claim
    // the image is empty, and a 204 has no body to measure.
    if matches!(
        reply.status(),
        StatusCode::NOT_MODIFIED | StatusCode::NO_CONTENT
    ) {
        reply.headers_mut().remove(CONTENT_LENGTH);
    }
    // Error answers echo what the client sent (a parameter's value, a
    // line of PGN): no browser may read one as anything but its declared
    // type (text/plain), nor an image as a page.
    reply
        .headers_mut()
        .insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    if let (Some(cors), Some(request)) = (&state.config.cors, &cors_request) {
        cors.decorate(request, reply.headers_mut());
    }
    if let Some((method, target)) = logged {
        let len = reply
            .headers()
            .get(CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok()?.parse().ok())
            .or_else(|| reply.body().size_hint().exact())
            .unwrap_or(0);
        // Answers the cache could hold say whether it did, and the bytes
        // it holds since.
        let cache = match (reply.extensions().get::<CacheUse>(), &state.cache) {
            (Some(used), Some(cache)) => {
                let word = if *used == CacheUse::Hit {
                    "hit"
                } else {
                    "miss"
                };
                format!(" {word} cached={}", cache.bytes())
            }
            _ => String::new(),
        };
        eprintln!(
            "{peer} \"{method} {}\" {} {len} {:.1}ms{cache}",
            fen2img_support::quote::escape(&target),
            reply.status().as_u16(),
            start.elapsed().as_secs_f64() * 1000.0
        );
    }
    reply
}

/// `414` for a target longer than `--max-uri` and `431` for header fields
/// larger than `--max-header`, whatever the method. hyper reads heads up to
/// both limits together, so these are ours to answer with the right code.
fn over_limits(state: &State, req: &hyper::Request<Incoming>) -> Option<Reply> {
    let limits = &state.config;
    if req.uri().path_and_query().map_or(0, |p| p.as_str().len()) > limits.max_uri {
        return Some(closing(text(
            StatusCode::URI_TOO_LONG,
            format!("the URI is longer than {} bytes", limits.max_uri),
        )));
    }
    // Each field as sent: name, ": ", value, CRLF.
    let header_bytes: usize = req
        .headers()
        .iter()
        .map(|(k, v)| k.as_str().len() + v.len() + 4)
        .sum();
    if header_bytes > limits.max_header {
        return Some(closing(text(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            format!(
                "the header fields are larger than {} bytes",
                limits.max_header
            ),
        )));
    }
    None
}
