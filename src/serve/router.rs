//! The routes, and what wraps them: one request in, one response out.
//! Every path answers; nothing a client sends can make a handler panic or
//! wait without bound.
//!
//! Which handler answers is axum's [`Router`]: the path table below, `404`
//! for a path not in it, the path's own methods otherwise (`HEAD` by the
//! `GET` handler, with the `Content-Length` of the body it does not send).
//! [`handle`] wraps it with what applies to every request, routed or not:
//! the `414`/`431` limits before any routing, CORS headers on every answer
//! and the access log line. Compression, ETags and CORS stay ours (see
//! `docs/guide/server.md`, "What is done by hand, and why"): tower-http's
//! layers do those jobs differently from what this server promises.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use axum::body::{Bytes, HttpBody as _};
use axum::extract::{self, Request};
use axum::handler::Handler;
use axum::http::Uri;
use axum::routing::{get, post, MethodRouter};
use axum::{Extension, Router};
use hyper::body::Incoming;
use hyper::header::{
    HeaderMap, HeaderValue, ACCEPT_ENCODING, ALLOW, CACHE_CONTROL, CONNECTION, CONTENT_ENCODING,
    CONTENT_LENGTH, CONTENT_TYPE, ETAG, IF_NONE_MATCH, ORIGIN, VARY, X_CONTENT_TYPE_OPTIONS,
};
use hyper::StatusCode;

use fen2img_render::{Format, RenderOptions};
use tokio::sync::watch;
use tower::Service as _;

use super::body::{self, BodyError, BodyLimits};
use super::connections::Close;
use super::pool::{Refused, Worker};
use super::request::DiagramRequest;
use super::response::{
    aiohttp_bad_request, bad_request, busy, compressible, content_type, etag, negotiate,
    none_match, text, Encoding, Reply, IMMUTABLE,
};
use super::response_cache::{Cached, ResponseCache};
use super::target::{self, Rejection, Target};
use super::{cors, game, State};

/// What a render job answers when it has no image: the status (4xx for
/// what the request asked, 500 for a defect) and a one-line reason.
type JobError = (StatusCode, String);

/// The endpoints. A new `GET` endpoint is a line here and its reading of
/// the target in `target.rs` (which the `serve_query` fuzz target runs).
pub fn routes(state: Arc<State>) -> Router {
    Router::new()
        .route("/healthz", answers_get(get_target))
        .route("/diagram.{ext}", answers_get(get_target))
        .route("/diagram/{*fen}", answers_get(get_target))
        .route("/board.svg", answers_get(get_target))
        .route("/board.png", answers_get(get_target))
        .route("/image.gif", answers_get(get_target))
        .route("/og.png", answers_get(get_target))
        .route("/game.gif", with_options(post(game_gif)))
        .route("/example.gif", answers_get(example_gif))
        .fallback(not_found)
        .with_state(state)
}

/// `handler` for `GET` and `HEAD`, and [`with_options`].
fn answers_get<H, T>(handler: H) -> MethodRouter<Arc<State>>
where
    H: Handler<T, Arc<State>>,
    T: 'static,
{
    with_options(get(handler))
}

/// `methods`, `OPTIONS` answered with the path's methods, and any other
/// method `405` with `Allow`. axum would answer the 405 itself, with an
/// empty body and `Allow: GET,HEAD,OPTIONS`; ours keeps the one-line reason
/// and the spelling the guide documents.
fn with_options(methods: MethodRouter<Arc<State>>) -> MethodRouter<Arc<State>> {
    methods.options(options).fallback(method_not_allowed)
}

/// `OPTIONS` on a path that exists: a CORS preflight or a plain question.
async fn options(uri: Uri) -> Reply {
    cors::preflight(uri.path())
}

/// A method the path does not answer.
async fn method_not_allowed(uri: Uri) -> Reply {
    let methods = cors::allowed_methods(uri.path());
    let mut r = text(StatusCode::METHOD_NOT_ALLOWED, format!("only {methods}"));
    r.headers_mut()
        .insert(ALLOW, HeaderValue::from_static(methods));
    r
}

/// A path not in [`routes`], whatever the method.
async fn not_found() -> Reply {
    text(StatusCode::NOT_FOUND, "not found")
}

/// How the connection a request came on is asked to close, for a handler
/// that reads a body (`body.rs` decides whether to wait for the rest).
#[derive(Clone)]
struct CloseRequests(watch::Receiver<Close>);

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
            fen2img_render::chess::quote::escape(&target),
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

/// `reply` with `Connection: close`: after a refused head or an unread
/// body the connection is not worth keeping.
fn closing(mut reply: Reply) -> Reply {
    reply
        .headers_mut()
        .insert(CONNECTION, HeaderValue::from_static("close"));
    reply
}

/// Every `GET` endpoint: the target read by `target.rs` into what to
/// render, then the image (or `304`). A target with a game (`pgn=`) is
/// read on a render thread, under the deadline, as its game is replayed
/// there: only a FEN's reading, linear in a target of at most `--max-uri`
/// bytes, happens on the request threads.
async fn get_target(extract::State(state): extract::State<Arc<State>>, req: Request) -> Reply {
    // The head alone: the (empty) body is not held across the render.
    let (req, _) = req.into_parts();
    let uri = &req.uri;
    let (path, query) = (uri.path(), uri.query().unwrap_or(""));
    let accept = req
        .headers
        .get(ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let if_none_match = req.headers.get(IF_NONE_MATCH).and_then(|v| v.to_str().ok());
    if target::reads_game(path, query) {
        return render_game_target(&state, path, query, accept, if_none_match).await;
    }
    let (request, comment) = match read_target(path, query, state.config.max_size) {
        Ok(found) => found,
        Err(rejection) => return no_image(rejection),
    };
    let mut plan = Plan::new(state.defaults_digest, request, comment, accept);
    if if_none_match.is_some_and(|h| none_match(h, &plan.tag)) {
        return not_modified(&plan.tag);
    }
    // Looked up here, so an answer asked for again never waits for (or
    // takes) a render thread.
    let cache_key = std::mem::take(&mut plan.cache_key);
    if let Some(hit) = state.cache.as_ref().and_then(|c| c.get(&cache_key)) {
        return cached(&hit);
    }
    let deadline = Instant::now() + state.config.deadline;
    let defaults = Arc::clone(&state.defaults);
    let (format, tag, encoding) = (plan.request.format, plan.tag.clone(), plan.encoding);
    let job = move |worker: &mut Worker| plan.draw(worker, &defaults);
    match finish(&state, deadline, job).await {
        Ok(bytes) => kept(
            state.cache.as_ref(),
            &cache_key,
            format,
            tag,
            encoding,
            bytes,
        ),
        Err(reply) => reply,
    }
}

/// Whether an answer came from the response cache, for the access log; on
/// answers the cache may hold only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CacheUse {
    Hit,
    Miss,
}

/// The answer kept in the cache, sent again: the same headers and bytes as
/// when it was drawn.
fn cached(hit: &Cached) -> Reply {
    let mut r = image(hit.format, &hit.tag, hit.encoding, hit.body.clone());
    r.extensions_mut().insert(CacheUse::Hit);
    r
}

/// A `200` just drawn for `key`: kept in `cache` (when there is one) and
/// answered.
fn kept(
    cache: Option<&ResponseCache>,
    key: &str,
    format: Format,
    tag: String,
    encoding: Encoding,
    bytes: Vec<u8>,
) -> Reply {
    let body = Bytes::from(bytes);
    let mut r = image(format, &tag, encoding, body.clone());
    if let Some(cache) = cache {
        let answer = Cached {
            format,
            tag,
            encoding,
            body,
        };
        cache.insert(key, answer);
        r.extensions_mut().insert(CacheUse::Miss);
    }
    r
}

/// What a target asks to render, or why it renders nothing.
fn read_target(
    path: &str,
    query: &str,
    max_size: u32,
) -> Result<(DiagramRequest, String), Option<Rejection>> {
    match target::parse(path, query, max_size) {
        Ok(Target::Render(request, comment)) => Ok((*request, comment)),
        Ok(Target::Health) => Err(None),
        Err(rejection) => Err(Some(rejection)),
    }
}

/// The answer to a target that renders nothing: `/healthz` (`None`), or a
/// refusal (a `404`, a `400` naming the parameter).
fn no_image(rejection: Option<Rejection>) -> Reply {
    match rejection {
        None => {
            let mut r = text(StatusCode::OK, "ok");
            r.headers_mut()
                .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
            r
        }
        Some(Rejection::NotFound) => text(StatusCode::NOT_FOUND, "not found"),
        Some(Rejection::BadRequest(e)) => bad_request(e),
        Some(Rejection::BoardImage(reason)) => aiohttp_bad_request(reason),
    }
}

/// A `GET` whose target holds a game: read, replayed and drawn on a render
/// thread, so the deadline covers all of it; the `ETag` (which names the
/// position the game reaches) is known only there, so a `304` comes from
/// there too.
async fn render_game_target(
    state: &Arc<State>,
    path: &str,
    query: &str,
    accept_encoding: &str,
    if_none_match: Option<&str>,
) -> Reply {
    /// What the render thread answers.
    enum Answer {
        Image(Format, String, Encoding, Vec<u8>),
        NotModified(String),
        Refused(Option<Rejection>),
    }
    // The canonical request is known only once the game is replayed: the
    // target as sent names the answer instead (a path starts with `/`,
    // which no canonical key does), with the encoding it would get.
    let suffix = negotiate(accept_encoding).header().unwrap_or("identity");
    let cache_key = format!("{path}?{query}\n{suffix}");
    if let Some(hit) = state.cache.as_ref().and_then(|c| c.get(&cache_key)) {
        return match if_none_match {
            Some(h) if none_match(h, &hit.tag) => not_modified(&hit.tag),
            _ => cached(&hit),
        };
    }
    let deadline = Instant::now() + state.config.deadline;
    let defaults = Arc::clone(&state.defaults);
    let (digest, max_size) = (state.defaults_digest, state.config.max_size);
    let (path, query) = (path.to_string(), query.to_string());
    let accept = accept_encoding.to_string();
    let if_none_match = if_none_match.map(str::to_string);
    let job = move |worker: &mut Worker| -> Result<Answer, JobError> {
        let (request, comment) = match read_target(&path, &query, max_size) {
            Ok(found) => found,
            Err(rejection) => return Ok(Answer::Refused(rejection)),
        };
        let plan = Plan::new(digest, request, comment, &accept);
        if if_none_match.is_some_and(|h| none_match(&h, &plan.tag)) {
            return Ok(Answer::NotModified(plan.tag));
        }
        // The game's reading may have used up the time.
        if Instant::now() >= deadline {
            return Err(deadline_passed());
        }
        let (format, tag, encoding) = (plan.request.format, plan.tag.clone(), plan.encoding);
        let bytes = plan.draw(worker, &defaults)?;
        Ok(Answer::Image(format, tag, encoding, bytes))
    };
    match finish(state, deadline, job).await {
        Ok(Answer::Image(format, tag, encoding, bytes)) => kept(
            state.cache.as_ref(),
            &cache_key,
            format,
            tag,
            encoding,
            bytes,
        ),
        Ok(Answer::NotModified(tag)) => not_modified(&tag),
        Ok(Answer::Refused(rejection)) => no_image(rejection),
        Err(reply) => reply,
    }
}

/// A render error as an answer: options the request chose that cannot be
/// drawn are the client's (400); an encoder failure is ours (500).
fn render_error(e: fen2img_render::Error) -> JobError {
    match e {
        fen2img_render::Error::Layout(e) => (StatusCode::BAD_REQUEST, e.to_string()),
        e => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}

/// What a job answers when it stops because the deadline passed (the
/// client is answered `503`, if it has not been already).
fn deadline_passed() -> JobError {
    (StatusCode::SERVICE_UNAVAILABLE, "deadline".into())
}

/// One image to render, with what names it: the options key (which
/// renderer can be reused), the `ETag` and the body's encoding, all fixed
/// before it is drawn.
struct Plan {
    request: DiagramRequest,
    key: String,
    /// A GIF's comment extension (empty: none).
    comment: String,
    encoding: Encoding,
    tag: String,
    /// The response cache's key: the canonical request (what the tag
    /// hashes) and the encoding's name.
    cache_key: String,
}

impl Plan {
    fn new(defaults_digest: u64, request: DiagramRequest, comment: String, accept: &str) -> Plan {
        let key = request.options_key();
        let canonical = format!("{}\n{key}\ncomment={comment}", request.position);
        let encoding = if compressible(request.format) {
            negotiate(accept)
        } else {
            Encoding::Identity
        };
        let tag = etag(defaults_digest, &canonical, encoding);
        let mut cache_key = canonical;
        cache_key.push('\n');
        cache_key.push_str(encoding.header().unwrap_or("identity"));
        Plan {
            request,
            key,
            comment,
            encoding,
            tag,
            cache_key,
        }
    }

    /// The image's bytes, drawn by `worker`'s renderer and encoded.
    fn draw(self, worker: &mut Worker, defaults: &RenderOptions) -> Result<Vec<u8>, JobError> {
        let request = &self.request;
        let bytes = worker
            .render(&self.key, || request.options(defaults), &request.position)
            .map_err(render_error)?;
        let bytes = if self.comment.is_empty() {
            bytes
        } else {
            fen2img_render::gif::with_comment(&bytes, &self.comment)
        };
        Ok(self.encoding.apply(bytes))
    }
}

/// `304 Not Modified` for the image tagged `tag`.
fn not_modified(tag: &str) -> Reply {
    let mut r = text(StatusCode::NOT_MODIFIED, "");
    *r.body_mut() = Default::default();
    r.headers_mut().remove(CONTENT_TYPE);
    r.headers_mut().insert(ETAG, tag_value(tag));
    r.headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE));
    r
}

/// The `ETag` header value of `tag` (always visible ASCII: quotes and hex).
fn tag_value(tag: &str) -> HeaderValue {
    HeaderValue::from_str(tag).unwrap_or(HeaderValue::from_static("\"\""))
}

/// `200` with a rendered image (or text board) and its validators.
fn image(format: Format, tag: &str, encoding: Encoding, bytes: Bytes) -> Reply {
    let mut r = text(StatusCode::OK, "");
    *r.body_mut() = bytes.into();
    let h = r.headers_mut();
    h.insert(CONTENT_TYPE, HeaderValue::from_static(content_type(format)));
    h.insert(ETAG, tag_value(tag));
    h.insert(CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE));
    if compressible(format) {
        h.insert(VARY, HeaderValue::from_static("Accept-Encoding"));
    }
    if let Some(coding) = encoding.header() {
        h.insert(CONTENT_ENCODING, HeaderValue::from_static(coding));
    }
    r
}

/// Runs `job` on the pool and waits for it until `deadline`: its answer,
/// or the answer to send instead (503 when the queue is full or the
/// deadline passed, the job's own status when it failed). The job checks
/// the deadline itself between its steps (see `game::render`), so a
/// request answered 503 here does not keep its render thread working.
async fn finish<T, F>(state: &State, deadline: Instant, job: F) -> Result<T, Reply>
where
    T: Send + 'static,
    F: FnOnce(&mut Worker) -> Result<T, JobError> + Send + 'static,
{
    let rx = match state.pool.submit(deadline, job) {
        Ok(rx) => rx,
        Err(Refused::Busy) => return Err(busy("too many renders waiting; retry shortly")),
        Err(Refused::Closed) => return Err(busy("shutting down")),
    };
    match tokio::time::timeout_at(deadline.into(), rx).await {
        Ok(Ok(Ok(answer))) => Ok(answer),
        Ok(Ok(Err((status, _)))) if status == StatusCode::SERVICE_UNAVAILABLE => {
            Err(busy("the render deadline passed"))
        }
        Ok(Ok(Err((status, e)))) => Err(text(status, e)),
        Ok(Err(_)) if Instant::now() >= deadline => {
            Err(busy("the render deadline passed before a worker was free"))
        }
        Ok(Err(_)) => Err(text(StatusCode::INTERNAL_SERVER_ERROR, "the render failed")),
        Err(_) => Err(busy("the render deadline passed")),
    }
}

/// `POST /game.gif`: reads the body (at most `--max-body` bytes, else 413,
/// within `--body-timeout`, else 408; see `body.rs` for a drain), then on
/// one render thread, under the deadline, reads the game (JSON frames or
/// PGN, replayed) and draws its frames, each written into the GIF as soon
/// as it is drawn.
async fn game_gif(
    extract::State(state): extract::State<Arc<State>>,
    Extension(CloseRequests(close)): Extension<CloseRequests>,
    req: Request,
) -> Reply {
    let limit = state.config.max_body;
    let too_large = || {
        closing(text(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the body is larger than {limit} bytes"),
        ))
    };
    // Refused before the body is read, so a client that sent `Expect:
    // 100-continue` gets the 413 instead of a `100 Continue`.
    let declared = req
        .headers()
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit as u64) {
        return too_large();
    }
    let pgn = game::says_pgn(req.headers().get(CONTENT_TYPE).map(|v| v.as_bytes()));
    let limits = BodyLimits {
        max_bytes: limit,
        timeout: state.config.body_timeout,
        draining: state.shutdown.subscribe(),
        close,
    };
    let body = match body::read(req.into_body(), limits).await {
        Ok(body) => body,
        Err(BodyError::TooLarge) => return too_large(),
        Err(BodyError::Slow) => {
            return closing(text(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the body did not arrive within {} s",
                    state.config.body_timeout.as_secs()
                ),
            ))
        }
        Err(BodyError::ShuttingDown) => {
            return closing(busy("the server is closing this connection; retry shortly"))
        }
        Err(BodyError::Broken) => return closing(bad_request("the body could not be read")),
    };
    let max_size = state.config.max_size;
    answer_game(&state, move |deadline| {
        game::parse(&body, pgn, max_size, deadline).map_err(|r| (r.status, r.reason))
    })
    .await
}

/// `GET /example.gif`: lila-gif's example game (see [`game::example`]).
async fn example_gif(extract::State(state): extract::State<Arc<State>>) -> Reply {
    let max_size = state.config.max_size;
    answer_game(&state, move |deadline| {
        game::example(max_size, deadline).map_err(|r| (r.status, r.reason))
    })
    .await
}

/// Reads a game with `read` (given the deadline) and draws it into an
/// animated GIF answer, both on one render thread under the deadline.
async fn answer_game<R>(state: &Arc<State>, read: R) -> Reply
where
    R: FnOnce(Instant) -> Result<game::Game, JobError> + Send + 'static,
{
    let deadline = Instant::now() + state.config.deadline;
    let defaults = Arc::clone(&state.defaults);
    let max_pixels = state.config.max_pixels;
    let job = move |worker: &mut Worker| {
        let game = read(deadline)?;
        game::render(worker, &game, &defaults, deadline, max_pixels)
    };
    match finish(state, deadline, job).await {
        Ok(bytes) => {
            let mut r = text(StatusCode::OK, "");
            *r.body_mut() = bytes.into();
            r.headers_mut()
                .insert(CONTENT_TYPE, HeaderValue::from_static("image/gif"));
            r
        }
        Err(reply) => reply,
    }
}
