//! A request target (path and query) read into what to render, for every
//! GET endpoint: the first step of a request after the limits, and the part
//! of the server the `serve_query` fuzz target runs (it includes this file
//! and the parsers below it by path, so nothing here may use hyper).

use fen2img_render::Format;

use super::request::DiagramRequest;
use super::{boardimage, diagram, lilagif, og, query};

/// What a GET target asks for.
#[derive(Debug)]
pub enum Target {
    /// `/healthz`.
    Health,
    /// An image or text board, and the comment for a GIF's comment
    /// extension (lila-gif's `comment`; empty for none).
    Render(Box<DiagramRequest>, String),
}

/// Why a target is refused.
#[derive(Debug, PartialEq)]
pub enum Rejection {
    /// No such endpoint (404).
    NotFound,
    /// A one-line reason naming the parameter (400).
    BadRequest(String),
    /// web-boardimage's own 400 reason, word for word.
    BoardImage(&'static str),
}

/// Reads `path` and the raw (still percent-encoded) `query`; `max_size`
/// is `--max-size`.
pub fn parse(path: &str, query: &str, max_size: u32) -> Result<Target, Rejection> {
    if path == "/healthz" {
        return Ok(Target::Health);
    }
    let pairs = query::pairs(query).map_err(Rejection::BadRequest)?;
    let (request, comment) = match path {
        "/image.gif" => lilagif::parse(&pairs, max_size).map_err(Rejection::BadRequest)?,
        "/og.png" => (
            og::parse(&pairs, max_size).map_err(Rejection::BadRequest)?,
            String::new(),
        ),
        "/board.svg" | "/board.png" => {
            let format = if path.ends_with(".svg") {
                Format::SVG
            } else {
                Format::PNG
            };
            let r = boardimage::parse(format, &pairs, max_size).map_err(Rejection::BoardImage)?;
            (r, String::new())
        }
        _ => match own_api(path, &pairs, max_size) {
            Some(r) => (r.map_err(Rejection::BadRequest)?, String::new()),
            None => return Err(Rejection::NotFound),
        },
    };
    Ok(Target::Render(Box::new(request), comment))
}

/// Whether the target asks for a position of a game (`/diagram.*?pgn=`):
/// reading and replaying it is work for a render thread, under the
/// request's deadline, and [`parse`] is called there. Cheap: the query's
/// names are read, not its values.
pub fn reads_game(path: &str, query: &str) -> bool {
    let own = path.starts_with("/diagram.") || path.starts_with("/diagram/");
    own && query
        .split('&')
        .map(|pair| pair.split_once('=').map_or(pair, |(name, _)| name))
        .any(|name| query::decode(name, true).as_deref() == Some("pgn"))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_in_the_own_api_is_read_on_a_render_thread() {
        assert!(reads_game("/diagram.png", "pgn=1.e4&ply=1"));
        assert!(reads_game("/diagram/x.svg", "size=300&p%67n=1.e4"));
        assert!(reads_game("/diagram.gif", "pgn"));
        assert!(!reads_game("/diagram.png", "fen=8/8/8/8/8/8/8/K6k"));
        assert!(!reads_game("/diagram.png", "pgnx=1&fen=x"));
        assert!(!reads_game("/board.png", "pgn=1.e4"));
        assert!(!reads_game("/healthz", "pgn=1.e4"));
    }
}
