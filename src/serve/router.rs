//! Dispatch: one request in, one response out. Every path answers; nothing
//! a client sends can make a handler panic or wait without bound.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use hyper::body::Incoming;
use hyper::header::{
    HeaderMap, HeaderValue, ACCEPT_ENCODING, ALLOW, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE,
    ETAG, IF_NONE_MATCH, ORIGIN, VARY,
};
use hyper::{Method, Request, StatusCode};

use super::pool::Refused;
use super::query;
use super::request::DiagramRequest;
use super::response::{
    aiohttp_bad_request, bad_request, busy, compressible, content_type, etag, negotiate,
    none_match, text, Encoding, Reply, IMMUTABLE,
};
use super::{boardimage, cors, diagram, game, lilagif, State};

/// Answers one request, adds CORS and writes the access log line.
pub async fn handle(state: Arc<State>, peer: SocketAddr, req: Request<Incoming>) -> Reply {
    let start = Instant::now();
    let method = req.method().clone();
    let target = req.uri().to_string();
    // Only the CORS part of the request outlives a POST body's consumption.
    let cors_request = state.config.cors.as_ref().map(|_| {
        let mut h = HeaderMap::new();
        if let Some(origin) = req.headers().get(ORIGIN) {
            h.insert(ORIGIN, origin.clone());
        }
        h
    });
    let mut reply = if req.method() == Method::POST && req.uri().path() == "/game.gif" {
        game_gif(&state, req).await
    } else if req.method() == Method::OPTIONS {
        cors::preflight(req.uri().path())
    } else {
        route(&state, &req).await
    };
    if let (Some(cors), Some(request)) = (&state.config.cors, &cors_request) {
        cors.decorate(request, reply.headers_mut());
    }
    if state.config.log {
        let len = hyper::body::Body::size_hint(reply.body())
            .exact()
            .unwrap_or(0);
        eprintln!(
            "{peer} \"{method} {}\" {} {len} {:.1}ms",
            fen2img_render::chess::quote::escape(&target),
            reply.status().as_u16(),
            start.elapsed().as_secs_f64() * 1000.0
        );
    }
    reply
}

async fn route(state: &State, req: &Request<Incoming>) -> Reply {
    let uri = req.uri();
    if uri.path_and_query().map_or(0, |p| p.as_str().len()) > state.config.max_uri {
        return text(
            StatusCode::URI_TOO_LONG,
            format!("the URI is longer than {} bytes", state.config.max_uri),
        );
    }
    let path = uri.path();
    let get = matches!(*req.method(), Method::GET | Method::HEAD);
    if !get || path == "/game.gif" {
        let methods = cors::allowed_methods(path);
        let mut r = text(StatusCode::METHOD_NOT_ALLOWED, format!("only {methods}"));
        r.headers_mut()
            .insert(ALLOW, HeaderValue::from_static(methods));
        return r;
    }
    if path == "/healthz" {
        let mut r = text(StatusCode::OK, "ok");
        r.headers_mut()
            .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
        return r;
    }
    let pairs = match query::pairs(uri.query().unwrap_or("")) {
        Ok(p) => p,
        Err(e) => return bad_request(e),
    };
    let mut comment = String::new();
    let request = match path {
        "/image.gif" => match lilagif::parse(&pairs, state.config.max_size) {
            Ok((r, c)) => {
                comment = c;
                r
            }
            Err(e) => return bad_request(e),
        },
        "/board.svg" | "/board.png" => {
            let format = if path.ends_with(".svg") {
                fen2img_render::Format::SVG
            } else {
                fen2img_render::Format::PNG
            };
            match boardimage::parse(format, &pairs) {
                Ok(r) => r,
                Err(reason) => return aiohttp_bad_request(reason),
            }
        }
        _ => match own_api(path, &pairs, state.config.max_size) {
            Some(Ok(r)) => r,
            Some(Err(e)) => return bad_request(e),
            None => return text(StatusCode::NOT_FOUND, "not found"),
        },
    };
    let accept = req
        .headers()
        .get(ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let if_none_match = req
        .headers()
        .get(IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok());
    render(state, request, &comment, accept, if_none_match).await
}

/// `/diagram.EXT` or `/diagram/<FEN>.EXT`; `None` for other paths.
fn own_api(
    path: &str,
    pairs: &[(String, String)],
    max_size: u32,
) -> Option<Result<DiagramRequest, String>> {
    let (fen, ext) = if let Some(ext) = path.strip_prefix("/diagram.") {
        (None, ext)
    } else {
        let rest = path.strip_prefix("/diagram/")?;
        let (fen, ext) = rest.rsplit_once('.')?;
        (Some(fen), ext)
    };
    let fen = match fen.map(|f| query::decode(f, false)) {
        None => None,
        Some(Some(f)) => Some(f),
        Some(None) => return Some(Err("the FEN in the path is not UTF-8".into())),
    };
    Some(
        diagram::format_of(ext, pairs)
            .and_then(|format| diagram::parse(format, fen.as_deref(), pairs, max_size)),
    )
}

/// Renders `request` on the pool, or answers 304 when the client has it.
/// A non-empty `comment` goes into a GIF's comment extension.
async fn render(
    state: &State,
    request: DiagramRequest,
    comment: &str,
    accept_encoding: &str,
    if_none_match: Option<&str>,
) -> Reply {
    let format = request.format;
    let key = request.options_key();
    let canonical = format!("{}\n{key}\ncomment={comment}", request.position);
    let comment = comment.to_string();
    let encoding = if compressible(format) {
        negotiate(accept_encoding)
    } else {
        Encoding::Identity
    };
    let tag = etag(state.defaults_digest, &canonical, encoding);
    let tag_value = HeaderValue::from_str(&tag).unwrap_or(HeaderValue::from_static("\"\""));
    if if_none_match.is_some_and(|h| none_match(h, &tag)) {
        let mut r = text(StatusCode::NOT_MODIFIED, "");
        *r.body_mut() = Default::default();
        r.headers_mut().remove(CONTENT_TYPE);
        r.headers_mut().insert(ETAG, tag_value);
        r.headers_mut()
            .insert(CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE));
        return r;
    }

    let deadline = Instant::now() + state.config.deadline;
    let defaults = Arc::clone(&state.defaults);
    let job = move |worker: &mut super::pool::Worker| {
        let bytes = worker
            .render(&key, || request.options(&defaults), &request.position)
            .map_err(|e| e.to_string())?;
        let bytes = if comment.is_empty() {
            bytes
        } else {
            fen2img_render::gif::with_comment(&bytes, &comment)
        };
        Ok::<_, String>(encoding.apply(bytes))
    };
    let rx = match state.pool.submit(deadline, job) {
        Ok(rx) => rx,
        Err(Refused::Busy) => return busy("too many renders waiting; retry shortly"),
        Err(Refused::Closed) => return busy("shutting down"),
    };
    let body = match tokio::time::timeout_at(deadline.into(), rx).await {
        Ok(Ok(Ok(bytes))) => bytes,
        Ok(Ok(Err(e))) => return text(StatusCode::INTERNAL_SERVER_ERROR, e),
        Ok(Err(_)) if Instant::now() >= deadline => {
            return busy("the render deadline passed before a worker was free")
        }
        Ok(Err(_)) => return text(StatusCode::INTERNAL_SERVER_ERROR, "the render failed"),
        Err(_) => return busy("the render deadline passed"),
    };
    let mut r = text(StatusCode::OK, "");
    *r.body_mut() = body.into();
    let h = r.headers_mut();
    h.insert(CONTENT_TYPE, HeaderValue::from_static(content_type(format)));
    h.insert(ETAG, tag_value);
    h.insert(CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE));
    if compressible(format) {
        h.insert(VARY, HeaderValue::from_static("Accept-Encoding"));
    }
    if let Some(coding) = encoding.header() {
        h.insert(CONTENT_ENCODING, HeaderValue::from_static(coding));
    }
    r
}

/// `POST /game.gif`: reads the JSON body (at most `--max-body` bytes, else
/// 413) and renders every frame on one worker.
async fn game_gif(state: &State, req: Request<Incoming>) -> Reply {
    use http_body_util::{BodyExt, Limited};
    let limit = state.config.max_body;
    let body = match Limited::new(req.into_body(), limit).collect().await {
        Ok(b) => b.to_bytes(),
        Err(e) if e.is::<http_body_util::LengthLimitError>() => {
            return text(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("the body is larger than {limit} bytes"),
            )
        }
        Err(_) => return bad_request("the body could not be read"),
    };
    let game = match game::parse(&body) {
        Ok(g) => g,
        Err(e) => return bad_request(e),
    };
    let deadline = Instant::now() + state.config.deadline;
    let defaults = Arc::clone(&state.defaults);
    let job = move |worker: &mut super::pool::Worker| -> Result<Vec<u8>, String> {
        let mut images = Vec::with_capacity(game.frames.len());
        for (request, delay) in &game.frames {
            if Instant::now() >= deadline {
                return Err("deadline".into());
            }
            let key = request.options_key();
            let still = worker
                .render(&key, || request.options(&defaults), &request.position)
                .map_err(|e| e.to_string())?;
            images.push((game::palette_image(&still)?, *delay));
        }
        let frames: Vec<fen2img_render::gif::TimedImage<'_>> = images
            .iter()
            .map(
                |((width, height, palette, indices), delay)| fen2img_render::gif::TimedImage {
                    image: fen2img_render::gif::PaletteImage {
                        width: *width,
                        height: *height,
                        palette,
                        indices,
                    },
                    delay: *delay,
                },
            )
            .collect();
        fen2img_render::gif::animation(&frames, &game.comment).map_err(|e| e.to_string())
    };
    let rx = match state.pool.submit(deadline, job) {
        Ok(rx) => rx,
        Err(Refused::Busy) => return busy("too many renders waiting; retry shortly"),
        Err(Refused::Closed) => return busy("shutting down"),
    };
    match tokio::time::timeout_at(deadline.into(), rx).await {
        Ok(Ok(Ok(bytes))) => {
            let mut r = text(StatusCode::OK, "");
            *r.body_mut() = bytes.into();
            r.headers_mut()
                .insert(CONTENT_TYPE, HeaderValue::from_static("image/gif"));
            r
        }
        Ok(Ok(Err(e))) if e == "deadline" => busy("the render deadline passed"),
        Ok(Ok(Err(e))) => text(StatusCode::INTERNAL_SERVER_ERROR, e),
        Ok(Err(_)) if Instant::now() >= deadline => busy("the render deadline passed"),
        Ok(Err(_)) => text(StatusCode::INTERNAL_SERVER_ERROR, "the render failed"),
        Err(_) => busy("the render deadline passed"),
    }
}
