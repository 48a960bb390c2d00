//! A request's answer once its endpoint is known: a GET's image (from
//! the response cache, or drawn on a render thread under the deadline, or
//! `304`), and a game's animated GIF. The endpoints (`endpoints.rs`) say
//! how their parameters are read; everything after that is here, the same
//! for every endpoint.

use std::sync::Arc;
use std::time::Instant;

use axum::body::Bytes;
use axum::http::request::Parts;
use hyper::header::{
    HeaderValue, ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE, ETAG,
    IF_NONE_MATCH, VARY,
};
use hyper::StatusCode;

use fen2img_render::RenderOptions;
use fen2img_requests::{query, DiagramRequest, Rejection};

use super::game;
use super::pool::{Refused, Worker};
use super::response::{
    aiohttp_bad_request, bad_request, busy, compressible, content_type, etag, negotiate,
    none_match, text, Encoding, Media, Reply, IMMUTABLE,
};
use super::response_cache::{Cached, ResponseCache};
use super::state::State;

/// What a render job answers when it has no image: the status (4xx for
/// what the request asked, 500 for a defect) and a one-line reason.
pub type JobError = (StatusCode, String);

/// What a GET endpoint reads from its decoded query (given `--max-size`):
/// what to draw and a GIF's comment (empty: none), or why nothing.
pub trait ReadQuery:
    FnOnce(&[(String, String)], u32) -> Result<(DiagramRequest, String), Rejection> + Send + 'static
{
}

impl<F> ReadQuery for F where
    F: FnOnce(&[(String, String)], u32) -> Result<(DiagramRequest, String), Rejection>
        + Send
        + 'static
{
}

/// The query of a target decoded, then read by its endpoint's `read`.
fn read_query<R: ReadQuery>(
    query: &str,
    max_size: u32,
    read: R,
) -> Result<(DiagramRequest, String), Rejection> {
    let pairs = query::pairs(query).map_err(Rejection::BadRequest)?;
    read(&pairs, max_size)
}

/// A `GET` that draws an image (or text board), or answers `304`: its
/// query read by `read` on the request thread (linear in a target of at
/// most `--max-uri` bytes), the answer looked up in the response cache,
/// else drawn on a render thread.
pub async fn image_get<R: ReadQuery>(state: &Arc<State>, head: &Parts, read: R) -> Reply {
    let query = head.uri.query().unwrap_or("");
    let (accept, if_none_match) = validators(head);
    let (request, comment) = match read_query(query, state.config.max_size, read) {
        Ok(found) => found,
        Err(rejection) => return refused(rejection),
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
    let (media, tag, encoding) = (Media::of(&plan.request), plan.tag.clone(), plan.encoding);
    let job = move |worker: &mut Worker| plan.draw(worker, &defaults);
    match finish(state, deadline, job).await {
        Ok(bytes) => kept(
            state.cache.as_ref(),
            &cache_key,
            media,
            tag,
            encoding,
            bytes,
        ),
        Err(reply) => reply,
    }
}

/// `Accept-Encoding` (empty when absent) and `If-None-Match` of a request.
fn validators(head: &Parts) -> (&str, Option<&str>) {
    let accept = head
        .headers
        .get(ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let if_none_match = head
        .headers
        .get(IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok());
    (accept, if_none_match)
}

/// Whether an answer came from the response cache, for the access log; on
/// answers the cache may hold only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CacheUse {
    /// Sent from the cache.
    Hit,
    /// Drawn, and kept.
    Miss,
}

/// The answer kept in the cache, sent again: the same headers and bytes as
/// when it was drawn.
fn cached(hit: &Cached) -> Reply {
    let mut r = image(hit.media, &hit.tag, hit.encoding, hit.body.clone());
    r.extensions_mut().insert(CacheUse::Hit);
    r
}

/// A `200` just drawn for `key`: kept in `cache` (when there is one) and
/// answered.
fn kept(
    cache: Option<&ResponseCache>,
    key: &str,
    media: Media,
    tag: String,
    encoding: Encoding,
    bytes: Vec<u8>,
) -> Reply {
    let body = Bytes::from(bytes);
    let mut r = image(media, &tag, encoding, body.clone());
    if let Some(cache) = cache {
        let answer = Cached {
            media,
            tag,
            encoding,
            body,
        };
        cache.insert(key, answer);
        r.extensions_mut().insert(CacheUse::Miss);
    }
    r
}

/// The answer to a target that draws nothing: a `404`, a `400` naming
/// the parameter, or web-boardimage's own `400`.
fn refused(rejection: Rejection) -> Reply {
    match rejection {
        Rejection::NotFound => text(StatusCode::NOT_FOUND, "not found"),
        Rejection::BadRequest(e) => bad_request(e),
        Rejection::BoardImage(reason) => aiohttp_bad_request(reason),
    }
}

/// A `GET` whose target holds a game: read, replayed and drawn on a render
/// thread, so the deadline covers all of it; the `ETag` (which names the
/// position the game reaches) is known only there, so a `304` comes from
/// there too.
pub async fn game_image_get<R: ReadQuery>(state: &Arc<State>, head: &Parts, read: R) -> Reply {
    let (path, query) = (head.uri.path(), head.uri.query().unwrap_or(""));
    let (accept_encoding, if_none_match) = validators(head);
    /// What the render thread answers.
    enum Answer {
        Image(Media, String, Encoding, Vec<u8>),
        NotModified(String),
        Refused(Rejection),
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
    let query = query.to_string();
    let accept = accept_encoding.to_string();
    let if_none_match = if_none_match.map(str::to_string);
    let job = move |worker: &mut Worker| -> Result<Answer, JobError> {
        let (request, comment) = match read_query(&query, max_size, read) {
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
        let (media, tag, encoding) = (Media::of(&plan.request), plan.tag.clone(), plan.encoding);
        let bytes = plan.draw(worker, &defaults)?;
        Ok(Answer::Image(media, tag, encoding, bytes))
    };
    match finish(state, deadline, job).await {
        Ok(Answer::Image(media, tag, encoding, bytes)) => kept(
            state.cache.as_ref(),
            &cache_key,
            media,
            tag,
            encoding,
            bytes,
        ),
        Ok(Answer::NotModified(tag)) => not_modified(&tag),
        Ok(Answer::Refused(rejection)) => refused(rejection),
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
        let canonical = format!("{}\n{key}\ncomment={comment}", request.subject());
        let encoding = if compressible(Media::of(&request)) {
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
        let bytes = if request.pdf {
            pdf(worker, &self.key, request, defaults)?
        } else {
            request
                .draw(worker.renderer(&self.key, || request.options(defaults)))
                .map_err(render_error)?
        };
        let bytes = if self.comment.is_empty() {
            bytes
        } else {
            fen2img_render::gif::with_comment(&bytes, &self.comment)
        };
        Ok(self.encoding.apply(bytes))
    }
}

/// `request`'s one-page PDF, from the layout `worker`'s renderer makes
/// (the options key names an SVG renderer), as the command line writes it.
fn pdf(
    worker: &mut Worker,
    key: &str,
    request: &DiagramRequest,
    defaults: &RenderOptions,
) -> Result<Vec<u8>, JobError> {
    let renderer = worker.renderer(key, || request.options(defaults));
    // The PDF writer draws the ordinary diagram's layout; a problem (Fairy
    // FEN, or the problem layout asked for) is drawn by its own writer.
    if request.fairy.is_some() || renderer.options().problem.asked() {
        return Err((
            StatusCode::BAD_REQUEST,
            "a problem is not written as PDF yet: ask for /diagram.svg (vector) or .png".into(),
        ));
    }
    let layout = renderer.layout(&request.position).map_err(render_error)?;
    let page = fen2img_pdf::PageWidth::of(request.printed, renderer.options().encode.dpi);
    fen2img_pdf::diagram(&layout, page)
        .map_err(|e| (StatusCode::INTERNAL_SERVER_ERROR, format!("the PDF: {e}")))
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
fn image(media: Media, tag: &str, encoding: Encoding, bytes: Bytes) -> Reply {
    let mut r = text(StatusCode::OK, "");
    *r.body_mut() = bytes.into();
    let h = r.headers_mut();
    h.insert(CONTENT_TYPE, HeaderValue::from_static(content_type(media)));
    h.insert(ETAG, tag_value(tag));
    h.insert(CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE));
    if compressible(media) {
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

/// Reads a game with `read` (given the deadline) and draws it into an
/// animated GIF answer, both on one render thread under the deadline.
pub async fn answer_game<R>(state: &Arc<State>, read: R) -> Reply
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
