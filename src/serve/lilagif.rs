//! The lila-gif drop-in: `GET /image.gif` with its parameter names and
//! defaults (the start position, 720 px, no coordinates).

use fen2img_render::chess::quote::escape;
use fen2img_render::layout::{CheckMark, SIZE_RANGE};
use fen2img_render::{Coordinates, Format, ParseOptions, Square};

use super::params::{boolean, uci_move};
use super::query::first;
use super::request::{named_player, DiagramRequest};

/// lila-gif's board size.
const SIZE: u32 = 720;

/// lila-gif's comment limit in bytes.
pub const MAX_COMMENT: usize = 255;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The widths a request may ask for: the renderer's range, capped by
/// `--max-size` (never below the smallest board).
pub fn size_range(max_size: u32) -> (u32, u32) {
    let low = *SIZE_RANGE.start();
    (low, max_size.min(*SIZE_RANGE.end()).max(low))
}

/// lila-gif's board size, or `--max-size` when that is smaller.
pub fn board_size(max_size: u32) -> u32 {
    SIZE.min(size_range(max_size).1)
}

/// Reads an `/image.gif` request and its GIF comment. `white` and `black`
/// name the players in bars above and below the board; `piece` is accepted
/// and ignored (only the built-in piece set exists).
pub fn parse(
    pairs: &[(String, String)],
    max_size: u32,
) -> Result<(DiagramRequest, String), String> {
    let fen = first(pairs, "fen").unwrap_or(START);
    let record = fen2img_render::parse(fen.trim().as_bytes(), ParseOptions::default())
        .map_err(|e| format!("invalid FEN: {e}"))?;
    let mut r = DiagramRequest::new(record.position, Format::GIF);
    let (low, top) = size_range(max_size);
    r.size = Some(match first(pairs, "size") {
        // lila-gif's size, unless --max-size is smaller.
        None => SIZE.min(top),
        Some(s) => s
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|s| (low..=top).contains(s))
            .ok_or_else(|| {
                format!(
                    "size: give a width from {low} to {top} pixels, found '{}'",
                    escape(s)
                )
            })?,
    });
    if let Some(m) = first(pairs, "lastMove").or_else(|| first(pairs, "lastmove")) {
        if !m.is_empty() {
            r.lastmove = Some(uci_move(m).ok_or_else(|| {
                format!(
                    "lastMove: expected a move such as e2e4, found '{}'",
                    escape(m)
                )
            })?);
        }
    }
    if let Some(c) = first(pairs, "check") {
        r.check = Some(match c.trim() {
            "true" => CheckMark::Auto,
            "" | "false" => CheckMark::None,
            sq => CheckMark::Square(Square::parse(sq).ok_or_else(|| {
                format!("check: expected a square or true, found '{}'", escape(c))
            })?),
        });
    }
    r.flip = Some(match first(pairs, "orientation").unwrap_or("white") {
        "white" => false,
        "black" => true,
        o => {
            return Err(format!(
                "orientation: expected white or black, found '{}'",
                escape(o)
            ))
        }
    });
    r.theme = Some(match first(pairs, "theme").unwrap_or("brown") {
        "brown" => "brown",
        "blue" => "blue",
        "green" => "green",
        t => {
            return Err(format!(
                "theme: expected brown, blue or green, found '{}'",
                escape(t)
            ))
        }
    });
    let coordinates = match first(pairs, "coordinates") {
        None => false,
        Some(v) => boolean("coordinates", v)?,
    };
    r.coords = Some(if coordinates {
        Coordinates::Inside
    } else {
        Coordinates::None
    });
    // lila-gif's images are the board alone.
    r.side_to_move = Some(false);
    r.border = Some(false);
    // Player names in bars above and below the board, as lila-gif draws
    // them.
    r.around.white = named_player("white", first(pairs, "white").unwrap_or(""))?;
    r.around.black = named_player("black", first(pairs, "black").unwrap_or(""))?;
    let comment = first(pairs, "comment").unwrap_or("").to_string();
    if comment.len() > MAX_COMMENT {
        return Err(format!("comment: at most {MAX_COMMENT} bytes"));
    }
    Ok((r, comment))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::query::pairs;

    #[test]
    fn defaults_are_lila_gifs() {
        let (r, comment) = parse(&[], 2048).unwrap();
        assert_eq!(r.size, Some(720));
        assert_eq!(r.format, Format::GIF);
        assert_eq!(r.flip, Some(false));
        assert_eq!(r.coords, Some(Coordinates::None));
        assert_eq!(r.position.to_string(), START);
        assert!(comment.is_empty());
    }

    #[test]
    fn reads_its_parameters_and_refuses_bad_ones() {
        let q = pairs(
            "fen=8/8/8/8/8/8/8/K6k&lastMove=a2a1&check=true&orientation=black&theme=blue\
             &coordinates=1&comment=hello&white=A&black=B&piece=cburnett",
        )
        .unwrap();
        let (r, comment) = parse(&q, 2048).unwrap();
        assert_eq!(r.check, Some(CheckMark::Auto));
        assert_eq!(r.flip, Some(true));
        assert_eq!(r.theme, Some("blue"));
        assert_eq!(r.coords, Some(Coordinates::Inside));
        assert_eq!(comment, "hello");
        assert_eq!(r.around.white.as_ref().map(|p| p.name.as_str()), Some("A"));
        assert_eq!(r.around.black.as_ref().map(|p| p.name.as_str()), Some("B"));
        let bad = |q: &str| parse(&pairs(q).unwrap(), 2048).unwrap_err();
        assert!(bad("orientation=up").starts_with("orientation: "));
        assert!(bad("theme=pink").starts_with("theme: "));
        assert!(bad("check=x").starts_with("check: "));
        assert!(bad(&format!("comment={}", "c".repeat(256))).starts_with("comment: "));
        assert!(bad("fen=9/8").starts_with("invalid FEN: "));
        // The renderer's range caps a larger --max-size; a smaller one caps
        // the default.
        let big = parse(&pairs("size=5000").unwrap(), 8192).unwrap_err();
        assert!(
            big.starts_with("size: give a width from 32 to 4096"),
            "{big}"
        );
        assert_eq!(parse(&[], 512).unwrap().0.size, Some(512));
    }
}
