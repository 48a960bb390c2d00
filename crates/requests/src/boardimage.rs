//! The web-boardimage drop-in: `GET /board.svg` and `/board.png` with its
//! parameter names, defaults, limits and error answers, so that its URLs
//! work unchanged on this server.

use fen2img_render::options::{CheckMark, SIZE_RANGE};
use fen2img_render::Rgba;
use fen2img_render::{Coordinates, Format, ParseOptions, Square, UciMove};

use crate::query::first;
use crate::request::{DiagramRequest, MAX_MARKUP};

/// The pieces web-boardimage draws: python-chess's `chess.svg.PIECES`,
/// Colin M. L. Burnett's set, which fen2img bundles under lichess's name.
const PIECES: &str = "cburnett";

/// web-boardimage's default width.
const DEFAULT_SIZE: i64 = 360;

/// web-boardimage clamps `size` to 16–1024; our renderer draws from 32 px,
/// so the lower bound is ours.
const MIN_SIZE: i64 = *SIZE_RANGE.start() as i64;
const MAX_SIZE: i64 = 1024;

/// The reason for more than [`MAX_MARKUP`] arrows (ours: web-boardimage
/// draws any number).
const TOO_MANY_ARROWS: &str = "too many arrows (at most 64)";

/// The parameters of `/board.svg` and `/board.png` by web-boardimage's
/// names: each the first value of its name (aiohttp's `query.get`); names
/// it does not know are ignored, as web-boardimage ignores them.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct BoardQuery<'a> {
    /// `fen`, required.
    pub fen: Option<&'a str>,
    /// `size`: a Python integer, clamped to 32–1024 and `--max-size`.
    pub size: Option<&'a str>,
    /// `lastMove`, or `lastmove` when that is absent or empty (`lastMove or
    /// lastmove` in Python): a UCI move.
    pub last_move: Option<&'a str>,
    /// `check`: a square.
    pub check: Option<&'a str>,
    /// `arrows`: comma-separated arrows (`Ge2e4`, `Bh7`).
    pub arrows: Option<&'a str>,
    /// `squares`: comma-separated squares to mark.
    pub squares: Option<&'a str>,
    /// `orientation`: `black` flips the board.
    pub orientation: Option<&'a str>,
    /// `coordinates`: `1`, `true`, `True`, `yes` or empty turn them on.
    pub coordinates: Option<&'a str>,
    /// `colors`: `lichess-brown` (the default), `lichess-blue`, `wikipedia`.
    pub colors: Option<&'a str>,
}

impl<'a> BoardQuery<'a> {
    /// The parameters among the decoded query `pairs`.
    pub fn read(pairs: &'a [(String, String)]) -> BoardQuery<'a> {
        let get = |name| first(pairs, name);
        BoardQuery {
            fen: get("fen"),
            size: get("size"),
            last_move: get("lastMove")
                .filter(|m| !m.is_empty())
                .or_else(|| get("lastmove")),
            check: get("check"),
            arrows: get("arrows"),
            squares: get("squares"),
            orientation: get("orientation"),
            coordinates: get("coordinates"),
            colors: get("colors"),
        }
    }

    /// The request in `format` (SVG or PNG); `max_size` is `--max-size`.
    /// The error is web-boardimage's 400 reason, word for word, checked in
    /// its order (fen, size, lastMove, check, arrows, squares, colors).
    pub fn request(&self, format: Format, max_size: u32) -> Result<DiagramRequest, &'static str> {
        let fen = self.fen.ok_or("fen required")?;
        let record = fen2img_render::parse(fen.as_bytes(), ParseOptions::default())
            .map_err(|_| "invalid fen")?;
        let mut r = DiagramRequest::new(record.position, format);

        let size = match self.size {
            None => DEFAULT_SIZE,
            Some(text) => python_int(text).ok_or("size is not a number")?,
        };
        // Clamped as web-boardimage clamps, and to the server's --max-size.
        let top = MAX_SIZE.min(i64::from(max_size)).max(MIN_SIZE);
        r.size = Some(size.clamp(MIN_SIZE, top) as u32);

        if let Some(m) = self.last_move {
            // UCI, as python-chess's `Move.from_uci` reads it: "0000" is the
            // null move, valid and nothing to highlight; a drop tints its square.
            let read = m.trim().parse::<UciMove>();
            r.lastmove = read
                .map_err(|_| "lastMove is not a valid uci move")?
                .squares();
        }

        if let Some(sq) = self.check {
            let sq = Square::parse(sq).ok_or("check is not a valid square name")?;
            r.check = Some(CheckMark::Square(sq));
        }

        let list = |text: Option<&'a str>| {
            text.unwrap_or("")
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
        };
        r.arrows = list(self.arrows)
            .map(fen2img_render::options::ArrowSpec::parse)
            .collect::<Option<Vec<_>>>()
            .ok_or("invalid arrow")?;
        // web-boardimage has no limit; ours is the own API's, as each arrow
        // is drawing work on a render thread.
        if r.arrows.len() > MAX_MARKUP {
            return Err(TOO_MANY_ARROWS);
        }
        r.marks = list(self.squares)
            .map(Square::parse)
            .collect::<Option<Vec<_>>>()
            .ok_or("invalid squares")?;
        // A square set: each square once.
        r.marks.sort_by_key(|s| (s.rank(), s.file()));
        r.marks.dedup();

        r.flip = Some(self.orientation == Some("black"));
        let coordinates = matches!(
            self.coordinates.unwrap_or("0"),
            "" | "1" | "true" | "True" | "yes"
        );
        // python-chess draws coordinates in a framed margin and nothing around
        // the board without them; it has no side-to-move marker.
        r.coords = Some(if coordinates {
            Coordinates::Outside
        } else {
            Coordinates::None
        });
        r.border = Some(coordinates);
        r.side_to_move = Some(false);
        // python-chess's pieces, whatever the server's own defaults.
        r.pieces = Some(PIECES);

        // Each theme file's last-move colours (`square light lastmove`,
        // `square dark lastmove`), which python-chess paints solid.
        let lastmove = match self.colors.unwrap_or("lichess-brown") {
            "lichess-brown" => {
                r.theme = Some("brown");
                (Rgba::rgb(0xce, 0xd2, 0x6b), Rgba::rgb(0xaa, 0xa2, 0x3b))
            }
            "lichess-blue" => {
                r.theme = Some("blue");
                (Rgba::rgb(0xc3, 0xd8, 0x89), Rgba::rgb(0x92, 0xb1, 0x67))
            }
            "wikipedia" => {
                // Its colours on our brown theme (its nearest).
                r.theme = Some("brown");
                r.squares = Some((Rgba::rgb(0xff, 0xce, 0x9e), Rgba::rgb(0xd1, 0x8b, 0x47)));
                (Rgba::rgb(0xcd, 0xd1, 0x6a), Rgba::rgb(0xaa, 0xa2, 0x3b))
            }
            _ => return Err("theme colors not found"),
        };
        // Our themes tint the last move translucently; web-boardimage's
        // colours are solid, filled over the tint (the move stays the last
        // move for the alt text).
        if let Some((from, to)) = r.lastmove {
            for sq in [from, to] {
                let light = (sq.file() + sq.rank()) % 2 == 1;
                r.fills
                    .push((sq, if light { lastmove.0 } else { lastmove.1 }));
            }
        }
        Ok(r)
    }
}

/// Reads a web-boardimage request from the decoded query `pairs`
/// ([`BoardQuery::read`], then [`BoardQuery::request`]).
pub fn parse(
    format: Format,
    pairs: &[(String, String)],
    max_size: u32,
) -> Result<DiagramRequest, &'static str> {
    BoardQuery::read(pairs).request(format, max_size)
}

/// Python's `int(text)`: surrounding whitespace, one sign, digits with
/// single underscores between them. Values beyond `i64` saturate (they
/// are clamped to the size range anyway).
fn python_int(text: &str) -> Option<i64> {
    let t = text.trim();
    let (negative, digits) = match t.as_bytes().first()? {
        b'-' => (true, &t[1..]),
        b'+' => (false, &t[1..]),
        _ => (false, t),
    };
    if digits.is_empty()
        || digits.starts_with('_')
        || digits.ends_with('_')
        || digits.contains("__")
        || !digits.bytes().all(|b| b.is_ascii_digit() || b == b'_')
    {
        return None;
    }
    let mut value: i64 = 0;
    for b in digits.bytes().filter(u8::is_ascii_digit) {
        value = value.saturating_mul(10).saturating_add((b - b'0') as i64);
    }
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::pairs;

    const FEN: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";

    fn req(q: &str) -> Result<DiagramRequest, &'static str> {
        parse(Format::PNG, &pairs(q).unwrap(), 2048)
    }

    #[test]
    fn errors_are_its_reasons_in_its_order() {
        assert_eq!(req("size=x").unwrap_err(), "fen required");
        assert_eq!(req("fen=xyz").unwrap_err(), "invalid fen");
        assert_eq!(
            req(&format!("fen={FEN}&size=a&check=z9")).unwrap_err(),
            "size is not a number"
        );
        assert_eq!(
            req(&format!("fen={FEN}&lastMove=e2")).unwrap_err(),
            "lastMove is not a valid uci move"
        );
        assert_eq!(
            req(&format!("fen={FEN}&check=k1")).unwrap_err(),
            "check is not a valid square name"
        );
        assert_eq!(
            req(&format!("fen={FEN}&arrows=Ge2e4,Qx")).unwrap_err(),
            "invalid arrow"
        );
        assert_eq!(
            req(&format!("fen={FEN}&squares=e4,i9")).unwrap_err(),
            "invalid squares"
        );
        assert_eq!(
            req(&format!("fen={FEN}&colors=red")).unwrap_err(),
            "theme colors not found"
        );
    }

    #[test]
    fn max_size_and_the_arrow_cap_apply() {
        let r = parse(
            Format::PNG,
            &pairs(&format!("fen={FEN}&size=900")).unwrap(),
            512,
        );
        assert_eq!(r.unwrap().size, Some(512));
        let arrows = vec!["Ge2e4"; 65].join(",");
        assert_eq!(
            req(&format!("fen={FEN}&arrows={arrows}")).unwrap_err(),
            TOO_MANY_ARROWS
        );
    }

    #[test]
    fn defaults_and_clamps() {
        let r = req(&format!("fen={FEN}")).unwrap();
        assert_eq!(r.size, Some(360));
        assert_eq!(r.coords, Some(Coordinates::None));
        assert_eq!(r.flip, Some(false));
        assert_eq!(r.theme, Some("brown"));
        // python-chess's pieces whatever the theme or the server's defaults.
        assert_eq!(r.pieces, Some("cburnett"));
        let blue = req(&format!("fen={FEN}&colors=lichess-blue")).unwrap();
        assert_eq!(blue.pieces, Some("cburnett"));
        assert_eq!(
            req(&format!("fen={FEN}&size=5000")).unwrap().size,
            Some(1024)
        );
        assert_eq!(req(&format!("fen={FEN}&size=16")).unwrap().size, Some(32));
        assert_eq!(
            req(&format!("fen={FEN}&size=+1_0_0")).unwrap().size,
            Some(100)
        );
        assert_eq!(
            req(&format!("fen={FEN}&size=-99999999999999999999999"))
                .unwrap()
                .size,
            Some(32)
        );
    }

    #[test]
    fn markup_orientation_coordinates_and_colors() {
        let r = req(&format!(
            "fen={FEN}&lastmove=e2e4&check=e8&arrows=Ge6g8,Bh7&squares=a1,a1,h8\
             &orientation=black&coordinates=True&colors=wikipedia"
        ))
        .unwrap();
        assert!(r.lastmove.is_some());
        assert_eq!(
            r.check,
            Some(CheckMark::Square(Square::parse("e8").unwrap()))
        );
        assert_eq!(r.arrows.len(), 2);
        assert_eq!(r.marks.len(), 2);
        assert_eq!(r.flip, Some(true));
        assert_eq!(r.coords, Some(Coordinates::Outside));
        assert!(r.squares.is_some());
        // Only the exact spellings turn coordinates on.
        let off = req(&format!("fen={FEN}&coordinates=TRUE")).unwrap();
        assert_eq!(off.coords, Some(Coordinates::None));
        let empty = req(&format!("fen={FEN}&coordinates=")).unwrap();
        assert_eq!(empty.coords, Some(Coordinates::Outside));
        // lastMove wins over lastmove unless empty.
        let both = req(&format!("fen={FEN}&lastMove=&lastmove=0000")).unwrap();
        assert_eq!(both.lastmove, None);
        assert!(both.fills.is_empty());
    }

    #[test]
    fn the_last_move_takes_each_themes_own_colours() {
        // themes/*.json of web-boardimage (b8ca164, 2025-10-03): g1 is
        // dark, f3 light.
        for (colors, light, dark) in [
            ("lichess-brown", "#ced26b", "#aaa23b"),
            ("lichess-blue", "#c3d889", "#92b167"),
            ("wikipedia", "#cdd16a", "#aaa23b"),
        ] {
            let r = req(&format!("fen={FEN}&lastMove=g1f3&colors={colors}")).unwrap();
            let fills: Vec<(String, String)> = r
                .fills
                .iter()
                .map(|(s, c)| (s.to_string(), c.to_string()))
                .collect();
            assert_eq!(
                fills,
                [("g1".into(), dark.into()), ("f3".into(), light.into())],
                "{colors}"
            );
        }
    }
}
