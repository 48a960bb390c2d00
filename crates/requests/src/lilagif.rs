//! The lila-gif drop-in: `GET /image.gif` with lila-gif's parameter names,
//! values and defaults as its current source has them (the start
//! position, 720 px, coordinates inside the board, lichess's board names,
//! `piece` naming a set of `--piece-sets`).

use fen2img_render::options::{CheckMark, Player, SIZE_RANGE};
use fen2img_render::{Coordinates, Format, ParseOptions, Square, UciMove, ValueError};
use fen2img_support::quote::escape;

use crate::lila_names;
use crate::piece_sets;
use crate::query::first;
use crate::request::DiagramRequest;

/// lila-gif's board size.
const SIZE: u32 = 720;

/// lila-gif's comment limit in bytes.
pub const MAX_COMMENT: usize = 255;

/// lila-gif's limit on a player's name, in bytes.
pub const MAX_NAME: usize = 100;

/// lila-gif's default piece set (the `#[default]` of its `PieceSet`): drawn
/// when a request names none, whatever its board theme, and for lichess's
/// names of sets the server has not got.
pub const DEFAULT_PIECES: &str = "cburnett";

/// lila-gif's default position.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

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

/// The parameters of `/image.gif` by lila-gif's names (its `RequestParams`):
/// each the first value of its name; names it does not know are ignored,
/// as lila-gif ignores them.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct ImageQuery<'a> {
    /// `fen`: the start position when absent.
    pub fen: Option<&'a str>,
    /// `size`: a width in pixels (720 when absent, or `--max-size`).
    pub size: Option<&'a str>,
    /// `lastMove` (or `lastmove`): a UCI move.
    pub last_move: Option<&'a str>,
    /// `check`: a square, or a boolean (the side to move's king).
    pub check: Option<&'a str>,
    /// `orientation`: `white` or `black`.
    pub orientation: Option<&'a str>,
    /// `theme`: one of lichess's board names.
    pub theme: Option<&'a str>,
    /// `piece`: one of lichess's piece set names.
    pub piece: Option<&'a str>,
    /// `coordinates`: a boolean, on when absent.
    pub coordinates: Option<&'a str>,
    /// `white`: the name in the bar below the board.
    pub white: Option<&'a str>,
    /// `black`: the name in the bar above the board.
    pub black: Option<&'a str>,
    /// `comment`: the GIF's comment extension.
    pub comment: Option<&'a str>,
}

impl<'a> ImageQuery<'a> {
    /// The parameters among the decoded query `pairs`.
    pub fn read(pairs: &'a [(String, String)]) -> ImageQuery<'a> {
        let get = |name| first(pairs, name);
        ImageQuery {
            fen: get("fen"),
            size: get("size"),
            last_move: get("lastMove").or_else(|| get("lastmove")),
            check: get("check"),
            orientation: get("orientation"),
            theme: get("theme"),
            piece: get("piece"),
            coordinates: get("coordinates"),
            white: get("white"),
            black: get("black"),
            comment: get("comment"),
        }
    }

    /// The request and its GIF comment (empty: none); `max_size` is
    /// `--max-size`. The error names the parameter.
    pub fn request(&self, max_size: u32) -> Result<(DiagramRequest, String), String> {
        let fen = self.fen.unwrap_or(START);
        let record = fen2img_render::parse(fen.trim().as_bytes(), ParseOptions::default())
            .map_err(|e| format!("invalid FEN: {e}"))?;
        let mut r = DiagramRequest::new(record.position, Format::GIF);
        let (low, top) = size_range(max_size);
        r.size = Some(match self.size {
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
        if let Some(m) = self.last_move {
            r.lastmove = last_move("lastMove", m)?;
        }
        if let Some(c) = self.check {
            r.check = Some(check("check", c)?);
        }
        r.flip = Some(orientation(self.orientation)?);
        set_board(&mut r, lila_names::board(self.theme.unwrap_or("brown"))?);
        r.pieces = Some(self.piece.map_or(Ok(DEFAULT_PIECES), piece_set)?);
        r.coords = Some(coordinates(self.coordinates)?);
        // lila-gif's images are the board alone.
        r.side_to_move = Some(false);
        r.border = Some(false);
        // Player names in bars above and below the board, as lila-gif draws
        // them.
        r.around.white = player("white", self.white.unwrap_or(""), false)?;
        r.around.black = player("black", self.black.unwrap_or(""), false)?;
        let comment = self.comment.unwrap_or("").to_string();
        if comment.len() > MAX_COMMENT {
            return Err(format!("comment: at most {MAX_COMMENT} bytes"));
        }
        Ok((r, comment))
    }
}

/// Draws `r` on lila-gif's `board`: its built-in theme in lichess's
/// square colours, the last move in lila-gif's highlight.
pub fn set_board(r: &mut DiagramRequest, board: lila_names::LilaBoard) {
    r.theme = Some(board.theme);
    r.squares = Some((board.light, board.dark));
    r.lastmove_tint = Some(lila_names::HIGHLIGHT);
}

/// Reads an `/image.gif` request and its GIF comment from the decoded
/// query `pairs` ([`ImageQuery::read`], then [`ImageQuery::request`]).
pub fn parse(
    pairs: &[(String, String)],
    max_size: u32,
) -> Result<(DiagramRequest, String), String> {
    ImageQuery::read(pairs).request(max_size)
}

/// `piece`: a set of `--piece-sets` or a bundled set, by name; one of
/// lichess's set names the server has neither of is lila-gif's default set
/// ([`DEFAULT_PIECES`]); any other name is refused, as lila-gif refuses it.
pub fn piece_set(name: &str) -> Result<&'static str, String> {
    if let Some((n, _)) = piece_sets::find(name) {
        return Ok(n.as_str());
    }
    if lila_names::PIECE_SETS.contains(&name) {
        return Ok(DEFAULT_PIECES);
    }
    let loaded: Vec<&str> = piece_sets::names().collect();
    let also = if loaded.is_empty() {
        String::new()
    } else {
        format!(" or one loaded here ({})", loaded.join(", "))
    };
    Err(format!(
        "piece: expected one of lichess's piece sets (cburnett, merida, alpha...){also}, \
         found '{}'",
        escape(name)
    ))
}

/// `white`/`black`: at most 100 bytes; a bar for a named player, or for an
/// unnamed one when the game has clocks (`bar`).
pub fn player(field: &str, name: &str, bar: bool) -> Result<Option<Player>, String> {
    if name.len() > MAX_NAME {
        return Err(format!("{field}: at most {MAX_NAME} bytes"));
    }
    let named = !name.trim().is_empty();
    Ok((named || bar).then(|| Player {
        name: name.to_string(),
        ..Player::default()
    }))
}

/// `orientation`: `white` (the default) or `black`; black is flipped.
pub fn orientation(value: Option<&str>) -> Result<bool, String> {
    match value.unwrap_or("white") {
        "white" => Ok(false),
        "black" => Ok(true),
        o => Err(format!(
            "orientation: expected white or black, found '{}'",
            escape(o)
        )),
    }
}

/// `coordinates`: on unless `0`, `no` or `false` (lila-gif's default).
pub fn coordinates(value: Option<&str>) -> Result<Coordinates, String> {
    match value.map(lila_names::boolean) {
        None | Some(Some(true)) => Ok(Coordinates::Inside),
        Some(Some(false)) => Ok(Coordinates::None),
        Some(None) => Err(format!(
            "coordinates: expected 1, yes, true, 0, no or false, found '{}'",
            escape(value.unwrap_or(""))
        )),
    }
}

/// `check`: a square, `1 yes true` (the side to move's king) or `0 no
/// false`.
pub fn check(field: &str, value: &str) -> Result<CheckMark, String> {
    match lila_names::boolean(value) {
        Some(true) => Ok(CheckMark::Auto),
        Some(false) => Ok(CheckMark::None),
        None => Square::parse(value).map(CheckMark::Square).ok_or_else(|| {
            format!(
                "{field}: expected a square or true, found '{}'",
                escape(value)
            )
        }),
    }
}

/// `lastMove` in UCI ([`UciMove`]): `e2e4`, `e7e8q`, a drop `N@f3` (its
/// square) or the null move `0000` (nothing); empty is nothing too.
pub fn last_move(field: &str, value: &str) -> Result<Option<(Square, Square)>, String> {
    let m = value.trim();
    if m.is_empty() {
        return Ok(None);
    }
    let read: UciMove = m
        .parse()
        .map_err(|e: ValueError| format!("{field} at column {}: {}", e.column(), e.message()))?;
    Ok(read.squares())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::pairs;

    #[test]
    fn defaults_are_lila_gifs() {
        let (r, comment) = parse(&[], 2048).unwrap();
        assert_eq!(r.size, Some(720));
        assert_eq!(r.format, Format::GIF);
        assert_eq!(r.flip, Some(false));
        assert_eq!(r.coords, Some(Coordinates::Inside));
        assert_eq!(r.theme, Some("brown"));
        assert_eq!(r.pieces, Some("cburnett"), "lila-gif's default set");
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
        assert!(bad("theme=violet").starts_with("theme: "));
        assert!(bad("coordinates=maybe").starts_with("coordinates: "));
        assert!(bad("lastMove=e2").starts_with("lastMove at column 3: "));
        assert!(bad(&format!("white={}", "w".repeat(101))).starts_with("white: "));
        assert!(bad("check=x").starts_with("check: "));
        assert!(bad(&format!("comment={}", "c".repeat(256))).starts_with("comment: "));
        assert!(bad("fen=9/8").starts_with("invalid FEN: "));
        // lichess's set names fall back to lila-gif's default set when
        // neither loaded nor bundled; other names are refused, as lila-gif
        // refuses them.
        assert_eq!(
            parse(&pairs("piece=merida").unwrap(), 2048)
                .unwrap()
                .0
                .pieces,
            Some("cburnett")
        );
        assert!(bad("piece=nosuchset").starts_with("piece: expected one of lichess's"));
        assert!(bad("piece=../cburnett").contains("found '../cburnett'"));
        // The renderer's range caps a larger --max-size; a smaller one caps
        // the default.
        let big = parse(&pairs("size=5000").unwrap(), 8192).unwrap_err();
        assert!(
            big.starts_with("size: give a width from 32 to 4096"),
            "{big}"
        );
        assert_eq!(parse(&[], 512).unwrap().0.size, Some(512));
    }

    #[test]
    fn boards_are_drawn_in_lichess_colours_not_fen2img_s_own() {
        let one = |q: &str| parse(&pairs(q).unwrap(), 2048).unwrap().0;
        let defaults = fen2img_render::RenderOptions::default();
        for (query, name) in [("theme=purple-diag", "purple"), ("", "brown")] {
            let r = one(query);
            let board = lila_names::board(name).unwrap();
            assert_eq!(r.squares, Some((board.light, board.dark)), "{query}");
            assert_eq!(r.lastmove_tint, Some(lila_names::HIGHLIGHT), "{query}");
            let theme = r.options(&defaults).diagram.theme;
            assert_eq!((theme.light, theme.dark), (board.light, board.dark));
            assert_eq!(theme.lastmove, lila_names::HIGHLIGHT);
        }
        // lichess's purple, where fen2img's own is lighter.
        let purple = one("theme=purple").options(&defaults).diagram.theme;
        assert_eq!(purple.dark, fen2img_render::Rgba::rgb(0x7d, 0x4a, 0x8d));
        assert_ne!(
            purple.dark,
            fen2img_render::Theme::built_in("purple").unwrap().dark
        );
        // The colours are part of what names a renderer: a request for
        // fen2img's own purple never reuses the drop-in's, nor the reverse.
        let lichess = one("theme=purple");
        let own = DiagramRequest {
            squares: None,
            lastmove_tint: None,
            ..lichess.clone()
        };
        assert_ne!(own.options_key(), lichess.options_key());
    }

    #[test]
    fn lichess_names_values_and_moves() {
        let one = |q: &str| parse(&pairs(q).unwrap(), 2048).unwrap().0;
        assert_eq!(one("theme=wood4").theme, Some("brown"));
        assert_eq!(one("theme=leather").theme, Some("ic"));
        assert_eq!(one("theme=purple-diag").theme, Some("purple"));
        assert_eq!(one("coordinates=no").coords, Some(Coordinates::None));
        assert_eq!(one("check=yes").check, Some(CheckMark::Auto));
        assert_eq!(one("check=0").check, Some(CheckMark::None));
        let e4 = Square::parse("e4").unwrap();
        assert_eq!(one("lastMove=Q@e4").lastmove, Some((e4, e4)));
        assert_eq!(one("lastMove=0000").lastmove, None);
        // One of lichess's sets this server does not have is lila-gif's
        // default; a path is only ever a name, and refused.
        assert_eq!(one("piece=merida").pieces, Some("cburnett"));
        assert_eq!(one("piece=kosal").pieces, Some("kosal"));
        let path = parse(&pairs("piece=../../etc").unwrap(), 2048).unwrap_err();
        assert!(path.starts_with("piece: "), "{path}");
    }
}
