//! Reads arbitrary bytes as a request target (`/path?query`) the way
//! `fen2img serve` does for every GET endpoint that reads parameters
//! (`/diagram.*`, `/diagram/<FEN>.*`, `/og.png`, `/board.*`,
//! `/image.gif`). Never panics; a refusal is one line without control
//! characters (it is sent as `text/plain` and written to the access log);
//! what is accepted keeps the server's limits (width at most
//! `--max-size`, at most 64 arrows, marks and fills) and has one options
//! key however often it is read.
//!
//! The readers are the `fen2img-requests` crate's, which the server calls
//! from its handlers; the path is routed here as the server's route table
//! routes it (`src/serve/router.rs`), so that the seeds stay targets.
#![no_main]

use fen2img_render::{Format, RenderOptions};
use fen2img_requests::boardimage::BoardQuery;
use fen2img_requests::diagram::{self, DiagramPath};
use fen2img_requests::lilagif::{self, ImageQuery};
use fen2img_requests::request::MAX_MARKUP;
use fen2img_requests::{og, query, DiagramRequest, Rejection};
use libfuzzer_sys::fuzz_target;

/// `--max-size` values the server may run with, the first byte choosing.
const MAX_SIZES: [u32; 5] = [2048, 512, 720, 8192, 16];

/// What a target reads into, or `None` for a path no route reading
/// parameters has (`/healthz` among them).
type Read = Option<Result<(DiagramRequest, String), Rejection>>;

/// The target read by the endpoint its path routes to.
fn read(path: &str, query: &str, max_size: u32) -> Read {
    let bad = Rejection::BadRequest;
    let plain = |r: Result<DiagramRequest, String>| r.map(|r| (r, String::new())).map_err(bad);
    let pairs = match query::pairs(query) {
        Ok(pairs) => pairs,
        // Every route below decodes its query first.
        Err(e) if routed(path) => return Some(Err(bad(e))),
        Err(_) => return None,
    };
    Some(match path {
        "/og.png" => plain(og::parse(&pairs, max_size)),
        "/board.svg" | "/board.png" => {
            let format = if path == "/board.svg" {
                Format::SVG
            } else {
                Format::PNG
            };
            let r = BoardQuery::read(&pairs).request(format, max_size);
            r.map(|r| (r, String::new())).map_err(Rejection::BoardImage)
        }
        "/image.gif" => ImageQuery::read(&pairs).request(max_size).map_err(bad),
        _ => {
            if let Some(ext) = path.strip_prefix("/diagram.").filter(|e| !e.contains('/')) {
                plain(diagram::read(&DiagramPath::ext(ext), &pairs, max_size))
            } else if let Some(rest) = path.strip_prefix("/diagram/") {
                match DiagramPath::with_fen(rest) {
                    None => Err(Rejection::NotFound),
                    Some(Err(e)) => Err(bad(e)),
                    Some(Ok(p)) => plain(diagram::read(&p, &pairs, max_size)),
                }
            } else {
                return None;
            }
        }
    })
}

/// Whether `path` is one of the routes [`read`] reads.
fn routed(path: &str) -> bool {
    matches!(path, "/og.png" | "/board.svg" | "/board.png" | "/image.gif")
        || path.strip_prefix("/diagram.").is_some_and(|e| !e.contains('/'))
        || path.starts_with("/diagram/")
}

fuzz_target!(|data: &[u8]| {
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    // hyper hands the router a URI of visible ASCII; anything else is
    // refused before it, but the readers must not care.
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let max_size = MAX_SIZES[choice as usize % MAX_SIZES.len()];
    let (path, query) = text.split_once('?').unwrap_or((text, ""));
    match read(path, query, max_size) {
        None => {}
        Some(Ok((request, comment))) => {
            if let Some(size) = request.size {
                assert!(size <= max_size.max(32), "size {size} over {max_size}");
            }
            assert!(request.arrows.len() <= MAX_MARKUP);
            assert!(request.marks.len() <= MAX_MARKUP);
            assert!(request.fills.len() <= MAX_MARKUP);
            assert!(comment.len() <= lilagif::MAX_COMMENT);
            let key = request.options_key();
            match read(path, query, max_size) {
                Some(Ok((again, _))) => assert_eq!(again.options_key(), key),
                other => panic!("a second reading gave {other:?}"),
            }
            let _ = request.options(&RenderOptions::new(Format::SVG));
        }
        Some(Err(Rejection::NotFound)) => {}
        Some(Err(Rejection::BadRequest(reason))) => {
            assert!(!reason.is_empty());
            assert!(!reason.chars().any(char::is_control), "{reason:?}");
        }
        Some(Err(Rejection::BoardImage(reason))) => {
            assert!(!reason.chars().any(char::is_control), "{reason:?}");
        }
    }
});
