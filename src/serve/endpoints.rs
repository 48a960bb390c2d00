//! The endpoints, one handler for each route of `router.rs`: each knows
//! its API and reads its parameters with that API's typed reader from
//! the `fen2img-requests` crate (`DiagramQuery`, `BoardQuery`,
//! `ImageQuery`); what follows (cache, `ETag`, render thread, deadline) is
//! `drawing.rs`'s, the same for all.

use std::sync::Arc;

use axum::extract::{self, Request};
use axum::http::request::Parts;
use axum::Extension;
use hyper::header::{HeaderValue, CACHE_CONTROL, CONTENT_LENGTH, CONTENT_TYPE};
use hyper::StatusCode;

use fen2img_render::Format;
use fen2img_requests::boardimage::BoardQuery;
use fen2img_requests::diagram::{self, DiagramPath};
use fen2img_requests::lilagif::ImageQuery;
use fen2img_requests::{og, Rejection};

use super::body::{self, BodyError, BodyLimits, CloseRequests};
use super::drawing::{answer_game, game_image_get, image_get, ReadQuery};
use super::game;
use super::response::{bad_request, busy, closing, text, Reply};
use super::state::State;

/// The server's state, as axum hands it to a handler.
type Shared = extract::State<Arc<State>>;

/// `GET /healthz`: `ok`, never cached.
pub async fn health() -> Reply {
    let mut r = text(StatusCode::OK, "ok");
    r.headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// What follows `prefix` in the path as sent: a route's capture still
/// percent-encoded (axum's `Path` would decode it, and an extension
/// spelled `%70ng` is none of ours). The route matched the prefix.
fn after(head: &Parts, prefix: &str) -> String {
    let path = head.uri.path();
    path.strip_prefix(prefix).unwrap_or(path).to_string()
}

/// `GET /diagram.EXT?fen=...`: our own API, the format from the extension.
pub async fn diagram(extract::State(state): Shared, req: Request) -> Reply {
    // The head alone: the (empty) body is not held across the render.
    let (head, _) = req.into_parts();
    let ext = after(&head, "/diagram.");
    let read = move |pairs: &[(String, String)], max_size| {
        let request = diagram::read(&DiagramPath::ext(&ext), pairs, max_size);
        Ok((request.map_err(Rejection::BadRequest)?, String::new()))
    };
    own_api(&state, &head, read).await
}

/// `GET /diagram/<FEN>.EXT?...`: our own API with the position in the
/// path (percent-encoded); without an extension, no such endpoint (404).
pub async fn diagram_fen(extract::State(state): Shared, req: Request) -> Reply {
    let (head, _) = req.into_parts();
    let rest = after(&head, "/diagram/");
    let read = move |pairs: &[(String, String)], max_size| {
        let path = DiagramPath::with_fen(&rest).ok_or(Rejection::NotFound)?;
        let path = path.map_err(Rejection::BadRequest)?;
        let request = diagram::read(&path, pairs, max_size);
        Ok((request.map_err(Rejection::BadRequest)?, String::new()))
    };
    own_api(&state, &head, read).await
}

/// Our own API's answer: a target with a game (`pgn=`) is read on a render
/// thread, under the deadline, as its game is replayed there; a FEN's
/// reading is linear in a target of at most `--max-uri` bytes and happens
/// here.
async fn own_api<R: ReadQuery>(state: &Arc<State>, head: &Parts, read: R) -> Reply {
    if diagram::reads_game(head.uri.query().unwrap_or("")) {
        game_image_get(state, head, read).await
    } else {
        image_get(state, head, read).await
    }
}

/// `GET /og.png?fen=...`: the social preview, with our own API's
/// parameters.
pub async fn og(extract::State(state): Shared, req: Request) -> Reply {
    let (head, _) = req.into_parts();
    let read = |pairs: &[(String, String)], max_size| {
        let request = og::parse(pairs, max_size).map_err(Rejection::BadRequest)?;
        Ok((request, String::new()))
    };
    image_get(&state, &head, read).await
}

/// `GET /board.svg`: web-boardimage's SVG.
pub async fn board_svg(extract::State(state): Shared, req: Request) -> Reply {
    board_image(&state, req, Format::SVG).await
}

/// `GET /board.png`: web-boardimage's PNG.
pub async fn board_png(extract::State(state): Shared, req: Request) -> Reply {
    board_image(&state, req, Format::PNG).await
}

/// web-boardimage's endpoints, in `format`; its refusals word for word.
async fn board_image(state: &Arc<State>, req: Request, format: Format) -> Reply {
    let (head, _) = req.into_parts();
    let read = move |pairs: &[(String, String)], max_size| {
        let request = BoardQuery::read(pairs).request(format, max_size);
        Ok((request.map_err(Rejection::BoardImage)?, String::new()))
    };
    image_get(state, &head, read).await
}

/// `GET /image.gif`: lila-gif's still image, with its GIF comment.
pub async fn image_gif(extract::State(state): Shared, req: Request) -> Reply {
    let (head, _) = req.into_parts();
    let read = |pairs: &[(String, String)], max_size| {
        ImageQuery::read(pairs)
            .request(max_size)
            .map_err(Rejection::BadRequest)
    };
    image_get(&state, &head, read).await
}

/// `POST /game.gif`: reads the body (at most `--max-body` bytes, else 413,
/// within `--body-timeout`, else 408; see `body.rs` for a drain), then on
/// one render thread, under the deadline, reads the game (JSON frames or
/// PGN, replayed) and draws its frames, each written into the GIF as soon
/// as it is drawn.
pub async fn game_gif(
    extract::State(state): Shared,
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
pub async fn example_gif(extract::State(state): Shared) -> Reply {
    let max_size = state.config.max_size;
    answer_game(&state, move |deadline| {
        game::example(max_size, deadline).map_err(|r| (r.status, r.reason))
    })
    .await
}
