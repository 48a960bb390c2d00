//! Our own API: `GET /diagram.{svg,png,webp,jpg,gif,txt,pdf}?fen=...` and the path
//! form `/diagram/<percent-encoded FEN>.png?...`, parameters named like the
//! command line's options.

use fen2img_games::vocabulary::{GameChoice, GAME};
use fen2img_render::chess::problem::{fairy_fen_fallback, looks_like_fairy_fen};
use fen2img_render::options::SIZE_RANGE;
use fen2img_render::vocabulary::{
    BuiltIn, FrontEnd, OptionError, ResourceError, Resources, RENDER,
};
use fen2img_render::{Format, ParseOptions, RenderOptions, TextFormat, Width};
use fen2img_support::quote::escape;

use crate::params::at_most;
use crate::query::decode;
use crate::request::{
    built_in_theme, named_player, text_param, Background, DiagramRequest, MAX_MARKUP,
};
use crate::suggest::{diagram_parameters, unknown};

/// The path's part of `/diagram.EXT` and `/diagram/<FEN>.EXT`: the
/// extension, which names the format, and the FEN of the path form.
#[derive(Debug, Clone, PartialEq)]
pub struct DiagramPath<'a> {
    /// The extension, as it stands in the path (`png`, `txt`...).
    pub ext: &'a str,
    /// The path form's FEN, percent-decoded: it wins over a `fen`
    /// parameter.
    pub fen: Option<String>,
}

impl<'a> DiagramPath<'a> {
    /// `/diagram.EXT`'s: `ext` is what follows `/diagram.`.
    pub fn ext(ext: &'a str) -> DiagramPath<'a> {
        DiagramPath { ext, fen: None }
    }

    /// `/diagram/<FEN>.EXT`'s: `rest` is what follows `/diagram/`, the
    /// extension after its last dot. `None` without a dot (no such
    /// endpoint: 404); an error when the FEN is not UTF-8 once decoded.
    pub fn with_fen(rest: &'a str) -> Option<Result<DiagramPath<'a>, String>> {
        let (fen, ext) = rest.rsplit_once('.')?;
        Some(match decode(fen, false) {
            Some(fen) => Ok(DiagramPath {
                ext,
                fen: Some(fen),
            }),
            None => Err("the FEN in the path is not UTF-8".into()),
        })
    }
}

/// The format a `/diagram` extension names; `format` is the `format`
/// parameter, which `txt` takes its variant from.
pub fn format_of(ext: &str, format: Option<&str>) -> Result<Format, String> {
    Ok(match ext {
        "svg" => Format::SVG,
        "png" => Format::PNG,
        "webp" => Format::WEBP,
        "jpg" | "jpeg" => Format::JPEG,
        "gif" => Format::GIF,
        "txt" => match format.map(str::trim) {
            None | Some("" | "ascii") => Format::ASCII,
            Some("unicode") => Format::Text(TextFormat::Unicode),
            Some("ansi") => Format::Text(TextFormat::Ansi),
            Some("font") => Format::Text(TextFormat::Font),
            Some(other) => {
                return Err(format!(
                    "format: expected ascii, unicode, ansi or font, found '{}'",
                    escape(other)
                ))
            }
        },
        "fen" => Format::Fen,
        _ => return Err(format!("unknown extension '.{}'", escape(ext))),
    })
}

/// The parameters of `/diagram.EXT` (and `/og.png`), sorted by who reads
/// them: the position's (`fen`, `pgn`, a text board's `format`: the first
/// value of each), a game's choice (the server names of the games' table,
/// [`GAME`]), the render options (the options table, [`RENDER`]), and the
/// names neither has, which are refused by name. The names accepted are
/// the tables' own: a row added there is a parameter here.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct DiagramQuery<'a> {
    /// `fen`: the position.
    pub fen: Option<&'a str>,
    /// `pgn`: a game, whose position `game`, `ply` or `move` chooses.
    pub pgn: Option<&'a str>,
    /// `format`: a text board's variant (`.txt` only).
    pub format: Option<&'a str>,
    /// The games' table's parameters, in request order.
    pub game: Vec<(&'a str, &'a str)>,
    /// The options table's parameters, in request order.
    pub options: Vec<(&'a str, &'a str)>,
    /// The names no table has, and every `format` (known to `.txt` only),
    /// in request order.
    pub unknown: Vec<&'a str>,
}

impl<'a> DiagramQuery<'a> {
    /// The parameters among the decoded query `pairs`.
    pub fn read(pairs: &'a [(String, String)]) -> DiagramQuery<'a> {
        let known = diagram_parameters();
        let game: Vec<&str> = GAME.names(FrontEnd::Server).collect();
        let mut q = DiagramQuery::default();
        for (name, value) in pairs {
            let (name, value) = (name.as_str(), value.as_str());
            match name {
                "fen" if q.fen.is_none() => q.fen = Some(value),
                "pgn" if q.pgn.is_none() => q.pgn = Some(value),
                "format" if q.format.is_none() => q.format = Some(value),
                _ => {}
            }
            if game.contains(&name) {
                q.game.push((name, value));
            }
            if RENDER.find(FrontEnd::Server, name).is_ok() {
                q.options.push((name, value));
            }
            if name == "format" || !known.contains(&name) {
                q.unknown.push(name);
            }
        }
        q
    }

    /// The request in `format` (from the extension); `path_fen` is the FEN
    /// of the path form (it wins over `fen`). `max_size` caps `size`. The
    /// error is one line naming the parameter.
    pub fn request(
        &self,
        format: Format,
        path_fen: Option<&str>,
        max_size: u32,
    ) -> Result<DiagramRequest, String> {
        // `format` picks a text board's variant; other formats have none.
        let text = matches!(format, Format::Text(_));
        let known: Vec<&str> = diagram_parameters()
            .into_iter()
            .filter(|n| *n != "format" || text)
            .collect();
        let asked = self.unknown.iter().copied();
        unknown(asked.filter(|n| *n != "format" || !text), &known)?;
        let fen = path_fen.or(self.fen);
        let mut r = match (fen, self.pgn) {
            (Some(_), Some(_)) => return Err("pgn: give a fen or a pgn, not both".into()),
            (None, Some(pgn)) => game_request(pgn, &self.game, format)?,
            (Some(fen), None) => {
                let given = |name: &&str| self.game.iter().any(|(n, _)| n == name);
                if let Some(name) = GAME.names(FrontEnd::Server).find(given) {
                    return Err(format!(
                        "{name}: chooses a position of a pgn game; give pgn=..."
                    ));
                }
                match fen2img_render::parse(fen.trim().as_bytes(), ParseOptions::default()) {
                    Ok(record) => DiagramRequest::new(record.position, format),
                    // Perhaps Fairy FEN: decided once the options are read.
                    Err(e) if self.may_be_fairy(fen) => {
                        let mut r = DiagramRequest::new(Default::default(), format);
                        read_options(&mut r, &self.options, max_size)?;
                        return fairy_units(r, fen, &e);
                    }
                    Err(e) => return Err(format!("invalid FEN: {e}")),
                }
            }
            (None, None) => {
                return Err(
                    "fen: missing; give the position as ?fen=... (or a game as ?pgn=...)".into(),
                )
            }
        };
        read_options(&mut r, &self.options, max_size)?;
        Ok(r)
    }
}

impl DiagramQuery<'_> {
    /// Whether a `fen` the FEN parser refused may be Fairy FEN: it holds a
    /// sign only Fairy FEN has, or the query names a problem option
    /// ([`fairy_units`] decides once the options are read). If not, the
    /// FEN's error is told before any option's, as it always was.
    fn may_be_fairy(&self, fen: &str) -> bool {
        looks_like_fairy_fen(fen)
            || self
                .options
                .iter()
                .any(|(name, _)| PROBLEM_ROWS.contains(&row_name(name)))
    }
}

/// The rows of the options table that ask for a problem.
const PROBLEM_ROWS: [&str; 5] = ["problem", "stipulation", "author", "source", "award"];

/// The options table's row name of the server parameter `name`.
fn row_name(name: &str) -> &'static str {
    RENDER
        .find(FrontEnd::Server, name)
        .map_or("", |(row, _)| row.name)
}

/// `r` (its options read) with `fen` read as Fairy FEN, as `fen2img`'s
/// command line reads it: under a problem option, a Fairy FEN error names
/// `fen` and its column; without one, a `fen` that is not Fairy FEN
/// either keeps the FEN parser's error `e`.
fn fairy_units(
    mut r: DiagramRequest,
    fen: &str,
    e: &fen2img_render::FenError,
) -> Result<DiagramRequest, String> {
    match fairy_fen_fallback(fen, r.problem.asked()) {
        Some(Ok(units)) => {
            r.fairy = Some(units);
            Ok(r)
        }
        None => Err(format!("invalid FEN: {e}")),
        Some(Err(fairy)) => Err(format!(
            "fen at column {}: invalid Fairy FEN: {}",
            fairy.column(),
            fairy.message()
        )),
    }
}

/// Reads `/diagram.EXT` or `/diagram/<FEN>.EXT` (`path`) with the decoded
/// query `pairs`; `max_size` caps `size`.
pub fn read(
    path: &DiagramPath<'_>,
    pairs: &[(String, String)],
    max_size: u32,
) -> Result<DiagramRequest, String> {
    let query = DiagramQuery::read(pairs);
    // A PDF is drawn from the layout the SVG writer walks.
    let pdf = path.ext == "pdf";
    let format = match pdf {
        true => Format::SVG,
        false => format_of(path.ext, query.format)?,
    };
    let mut request = query.request(format, path.fen.as_deref(), max_size)?;
    if pdf {
        request.pdf = true;
    } else {
        request.printed = None;
    }
    Ok(request)
}

/// Whether the raw (still percent-encoded) `query` of a `/diagram` target
/// asks for a position of a game (`pgn=`): reading and replaying it is
/// work for a render thread, under the request's deadline. Cheap: the
/// query's names are read, not its values.
pub fn reads_game(query: &str) -> bool {
    query
        .split('&')
        .map(|pair| pair.split_once('=').map_or(pair, |(name, _)| name))
        .any(|name| decode(name, true).as_deref() == Some("pgn"))
}

/// What a request may name: built-in themes only (never a file), and the
/// piece sets `--piece-sets` loaded at start-up, by name. The name of the
/// set found is kept, as the request carries it.
#[derive(Default)]
struct ServerResources {
    set: std::cell::Cell<Option<&'static str>>,
}

impl Resources for ServerResources {
    fn pieces(&self, name: &str) -> Result<fen2img_render::PieceSet, ResourceError> {
        let (found, set) = crate::piece_sets::find(name).ok_or_else(|| {
            ResourceError::Refused(format!(
                "no piece set named '{}' was loaded (--piece-sets)",
                escape(name)
            ))
        })?;
        self.set.set(Some(found.as_str()));
        Ok(set.clone())
    }
}

/// The table's errors as the server's one line: each error, `; ` between;
/// an error without a column (a theme or piece set not had) says what was
/// given.
fn one_line(errors: Vec<(usize, OptionError)>) -> String {
    let parts: Vec<String> = errors
        .iter()
        .map(|(_, e)| match e.column() {
            None if !e.value.is_empty() => format!("{e}, found '{}'", escape(&e.value)),
            _ => e.to_string(),
        })
        .collect();
    parts.join("; ")
}

/// The request for the position of `pgn` that `game`, `ply` or `move`
/// choose (the final position by default), with what the game draws there
/// (last move, check, `[%cal]`/`[%csl]`, the move's glyph, player bars with
/// clocks), as `fen2img GAME --ply N` draws it; the other parameters are
/// read after it, so what the request says explicitly wins.
fn game_request(
    pgn: &str,
    game: &[(&str, &str)],
    format: Format,
) -> Result<DiagramRequest, String> {
    use fen2img_games::{self as games, GameText};
    let given = game.iter().map(|&(n, v)| (n, Some(v)));
    let mut choice = GameChoice::default();
    GAME.apply_all(&mut choice, FrontEnd::Server, given, &BuiltIn)
        .map_err(one_line)?;
    let found = games::diagrams(&GameText::Pgn(pgn.as_bytes()), "pgn", &choice.options)
        .map_err(|e| e.to_string())?;
    let d = found
        .diagrams
        .into_iter()
        .next()
        .ok_or("pgn: the game gave no position")?;
    let mut r = DiagramRequest::new(d.position.clone(), format);
    r.take_game_marks(d);
    Ok(r)
}

/// Reads a request in `format` from the decoded query `pairs`
/// ([`DiagramQuery::read`], then [`DiagramQuery::request`]).
pub fn parse(
    format: Format,
    path_fen: Option<&str>,
    pairs: &[(String, String)],
    max_size: u32,
) -> Result<DiagramRequest, String> {
    DiagramQuery::read(pairs).request(format, path_fen, max_size)
}

/// Reads the render options `given` through the options table into `r`,
/// over what a game put there. The table reads onto options whose markup
/// holds only the game's, so a request's arrows, marks and fills replace
/// the server defaults' (as [`DiagramRequest::options`] applies them) and
/// add to the game's. The server's own bounds are checked here: text at
/// most [`crate::request::MAX_TEXT`] bytes, at most [`MAX_MARKUP`] items of each markup,
/// and `size` at most `--max-size`.
fn read_options(
    r: &mut DiagramRequest,
    options: &[(&str, &str)],
    max_size: u32,
) -> Result<(), String> {
    let mut rows = Vec::new();
    let mut given = Vec::new();
    for &(name, value) in options {
        let Ok((row, _)) = RENDER.find(FrontEnd::Server, name) else {
            continue; // not reached: `options` holds the table's names only
        };
        // Text is bounded by the server's own MAX_TEXT. (`named_player` is
        // the same check for a name; request.rs keeps both, and is not this
        // change's to trim.)
        if matches!(row.name, "white" | "black") {
            named_player(name, value)?;
        } else if row.verbatim || row.name == "author" {
            text_param(name, value)?;
        }
        if row.name == "size" {
            // The last one given wins, as in the table; only a PDF keeps it.
            r.printed = value.parse::<Width>().ok().filter(|w| w.is_printed());
        }
        rows.push(row.name);
        given.push((name, Some(value)));
    }
    let mut o = RenderOptions::default();
    let m = &mut o.diagram.markup;
    m.arrows = std::mem::take(&mut r.arrows);
    m.glyphs = std::mem::take(&mut r.glyphs);
    m.lastmove = r.lastmove;
    m.check = r.check.unwrap_or(m.check);
    o.diagram.around = std::mem::take(&mut r.around);
    let resources = ServerResources::default();
    RENDER
        .apply_all(&mut o, FrontEnd::Server, given, &resources)
        .map_err(one_line)?;
    let asked = |name: &str| rows.contains(&name);
    let d = &o.diagram;
    if asked("size") {
        let top = max_size.min(*SIZE_RANGE.end());
        if d.size > top {
            return Err(format!(
                "size: give a width from {} to {top} pixels, found {} pixels",
                SIZE_RANGE.start(),
                d.size
            ));
        }
        r.size = Some(d.size);
    }
    if asked("theme") {
        r.theme = built_in_theme(&d.theme.name);
    }
    if asked("pieces") {
        r.pieces = resources.set.get();
    }
    if asked("flip") {
        r.flip = Some(d.flip);
    }
    if asked("coordinates") {
        r.coords = Some(d.coordinates);
    }
    if asked("side_to_move") {
        r.side_to_move = Some(d.side_to_move);
    }
    if asked("border") {
        r.border = Some(d.border);
    }
    if asked("background") {
        r.background = Some(match d.theme.background {
            Some(c) if !d.transparent => Background::Color(c),
            _ => Background::None,
        });
    }
    if asked("lastmove") {
        r.lastmove = d.markup.lastmove;
    }
    if asked("check") {
        r.check = Some(d.markup.check);
    }
    if asked("quality") {
        r.quality = Some(o.encode.quality);
    }
    if asked("preset") {
        r.preset = Some(d.preset);
    }
    // Asked for, or 96 recorded by a printed `size` (`35mm`), as the CLI
    // records it.
    r.dpi = o.encode.dpi;
    if asked("straight_knight_arrows") {
        r.straight_knight_arrows = Some(d.markup.straight_knight_arrows);
    }
    if asked("swap_glyphs") {
        r.swap_glyphs = Some(o.swap_glyphs);
    }
    if asked("id_prefix") {
        // The table's reader let through only an XML id start (or '').
        r.id_prefix = o.svg_id_prefix.clone();
    }
    let m = &o.diagram.markup;
    r.arrows = at_most("arrow", m.arrows.clone(), MAX_MARKUP)?;
    r.marks = at_most("mark", m.marks.clone(), MAX_MARKUP)?;
    r.fills = at_most("fill", m.fills.clone(), MAX_MARKUP)?;
    r.glyphs = at_most("glyph", m.glyphs.clone(), MAX_MARKUP)?;
    r.labels = at_most("label", m.labels.clone(), MAX_MARKUP)?;
    r.around = o.diagram.around;
    r.problem = o.problem;
    r.problem.authors = at_most("author", std::mem::take(&mut r.problem.authors), MAX_MARKUP)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::pairs;
    use fen2img_render::options::{ArrowSpec, Caption, CaptionPosition};
    use fen2img_render::{Coordinates, Square};

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn reads_every_option() {
        let q = pairs(&format!(
            "fen={START}&size=200&theme=blue&flip=1&coords=inside&side_to_move=0&border=no\
             &background=none&lastmove=e2e4&check=e1&arrow=Ge2e4,Rd2d4&arrow=Bh7&mark=e5\
             &fill=e4:%23ff000080&quality=50"
        ))
        .unwrap();
        let r = parse(Format::PNG, None, &q, 2048).unwrap();
        assert_eq!(r.size, Some(200));
        assert_eq!(r.theme, Some("blue"));
        assert_eq!(r.flip, Some(true));
        assert_eq!(r.coords, Some(Coordinates::Inside));
        assert_eq!(r.side_to_move, Some(false));
        assert_eq!(r.border, Some(false));
        assert_eq!(r.background, Some(Background::None));
        assert!(r.lastmove.is_some());
        assert_eq!(r.arrows.len(), 3);
        assert_eq!(r.marks.len(), 1);
        assert_eq!(r.fills.len(), 1);
        let a = parse(
            Format::SVG,
            None,
            &pairs(&format!("fen={START}&glyph=e4:!!,d5:%2B-&label=e4:A")).unwrap(),
            4096,
        )
        .unwrap();
        assert_eq!(a.glyphs.len(), 2);
        assert_eq!(a.labels, [(Square::parse("e4").unwrap(), "A".to_string())]);
        // Annotations change the key (the ETag and the renderer reused).
        let fewer = parse(
            Format::SVG,
            None,
            &pairs(&format!("fen={START}&glyph=e4:!!&label=e4:A")).unwrap(),
            4096,
        )
        .unwrap();
        assert_ne!(a.options_key(), fewer.options_key());
        let bad = |q: &str| parse(Format::SVG, None, &pairs(q).unwrap(), 4096).unwrap_err();
        // The options table's messages, with the column within the value.
        let e = bad(&format!("fen={START}&glyph=e9:!!"));
        assert!(
            e.starts_with("glyph at column 1: 'e9' is not a square"),
            "{e}"
        );
        let e = bad(&format!("fen={START}&glyph=e4:!!,d5:!!!"));
        assert!(
            e.starts_with("glyph at column 10: unknown glyph '!!!'"),
            "{e}"
        );
        let e = bad(&format!("fen={START}&label=e4:ABCD"));
        assert!(e.starts_with("label at column 4: "), "{e}");
        assert_eq!(r.quality, Some(50));
    }

    #[test]
    fn bad_values_name_their_parameter() {
        let bad = |q: &str| parse(Format::PNG, None, &pairs(q).unwrap(), 1024).unwrap_err();
        assert!(bad(&format!("fen={START}&size=10")).starts_with("size at column 1: "));
        // The table allows 4096; the server's --max-size is its own bound.
        assert!(bad(&format!("fen={START}&size=2000")).starts_with("size: give a width"));
        let e = bad(&format!("fen={START}&theme=/etc/passwd"));
        assert!(e.starts_with("theme: expected a built-in theme"), "{e}");
        assert!(e.ends_with(", found '/etc/passwd'"), "{e}");
        assert!(bad(&format!("fen={START}&arrow=Xz9")).starts_with("arrow at column 1: "));
        assert!(bad("").starts_with("fen: "));
        let fen = bad("fen=rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
        assert!(fen.starts_with("invalid FEN: "), "{fen}");
        assert!(fen.contains("column"), "{fen}");
        let many = format!("fen={START}&mark={}", vec!["e4"; 65].join(","));
        assert!(bad(&many).starts_with("mark: at most 64"));
    }

    #[test]
    fn reads_caption_number_and_players() {
        let q = pairs(&format!(
            "fen={START}&white_elo=2710&white=Alexei%20Shirov&white_title=GM&black=Ljubojevi%C4%87\
             &caption=Linares%201995&caption_position=above&number=12&number_format=No.%20%7Bn%7D"
        ))
        .unwrap();
        let r = parse(Format::PNG, None, &q, 2048).unwrap();
        let white = r.around.white.as_ref().unwrap();
        assert_eq!(
            (white.name.as_str(), white.title.as_deref(), white.elo),
            ("Alexei Shirov", Some("GM"), Some(2710))
        );
        assert_eq!(r.around.black.as_ref().unwrap().name, "Ljubojević");
        assert_eq!(r.around.caption, Some(Caption::Text("Linares 1995".into())));
        assert_eq!(r.around.caption_position, CaptionPosition::Above);
        assert_eq!(r.around.number_text().as_deref(), Some("No. 12"));
        let auto = parse(
            Format::PNG,
            None,
            &pairs(&format!("fen={START}&caption=auto")).unwrap(),
            2048,
        );
        assert_eq!(auto.unwrap().around.caption, Some(Caption::Auto));
    }

    #[test]
    fn text_parameters_are_bounded_and_checked() {
        let bad = |q: &str| parse(Format::PNG, None, &pairs(q).unwrap(), 1024).unwrap_err();
        let long = "x".repeat(257);
        assert!(bad(&format!("fen={START}&caption={long}")).starts_with("caption: at most 256"));
        assert!(bad(&format!("fen={START}&white={long}")).starts_with("white: at most 256"));
        let e = bad(&format!("fen={START}&white_elo=2700"));
        assert!(
            e.starts_with("white_elo at column 1: a title or rating needs"),
            "{e}"
        );
        let e = bad(&format!("fen={START}&black=B&black_elo=strong"));
        assert!(e.starts_with("black_elo at column 1: "), "{e}");
        assert!(bad(&format!("fen={START}&number=-1")).starts_with("number at column 1: "));
        let e = bad(&format!("fen={START}&caption_position=left"));
        assert!(e.starts_with("caption_position at column 1: "), "{e}");
    }

    #[test]
    fn the_options_key_tells_captions_and_players_apart() {
        let key = |q: &str| {
            parse(
                Format::PNG,
                None,
                &pairs(&format!("fen={START}&{q}")).unwrap(),
                2048,
            )
            .unwrap()
            .options_key()
        };
        let keys = [
            key("caption=a"),
            key("caption=b"),
            key("caption=auto"),
            key("white=a"),
            key("black=a"),
            key("white=a&white_elo=1"),
            key("caption=a;white=b"),
            key("number=1"),
        ];
        for (i, a) in keys.iter().enumerate() {
            for b in &keys[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert_eq!(key("white=a&caption=b"), key("caption=b&white=a"));
    }

    #[test]
    fn unknown_parameters_are_named() {
        let bad = |f: Format, q: &str| parse(f, None, &pairs(q).unwrap(), 1024).unwrap_err();
        assert_eq!(
            bad(Format::PNG, &format!("fen={START}&arow=e2e4")),
            "arow: unknown parameter (did you mean arrow?)"
        );
        assert!(bad(Format::PNG, &format!("fen={START}&format=ascii")).starts_with("format: "));
        assert!(parse(
            Format::ASCII,
            None,
            &pairs("fen=8/8/8/8/8/8/8/8&format=ascii").unwrap(),
            1024
        )
        .is_ok());
    }

    #[test]
    fn a_requests_markup_replaces_the_defaults_and_adds_to_the_games() {
        let mut defaults = RenderOptions::new(Format::SVG);
        defaults.diagram.markup.arrows = vec![ArrowSpec::parse("Ra1a8").unwrap()];
        defaults.diagram.markup.marks = vec![Square::parse("h8").unwrap()];
        let read = |q: &str| parse(Format::SVG, None, &pairs(q).unwrap(), 2048).unwrap();
        let o = read(&format!("fen={START}&arrow=Ge2e4&arrow=Bd2d4")).options(&defaults);
        let arrows: Vec<String> = o
            .diagram
            .markup
            .arrows
            .iter()
            .map(|a| a.to_string())
            .collect();
        assert_eq!(arrows, ["Ge2e4", "Bd2d4"]);
        // What the request does not name keeps the defaults'.
        assert_eq!(o.diagram.markup.marks, [Square::parse("h8").unwrap()]);
        // A game's [%cal] arrow comes first, the request's after it.
        let game = read("pgn=1.e4 {[%25cal Gd2d4]} *&arrow=Rc2c4").options(&defaults);
        let arrows: Vec<String> = game
            .diagram
            .markup
            .arrows
            .iter()
            .map(|a| a.to_string())
            .collect();
        assert_eq!(arrows, ["Gd2d4", "Rc2c4"]);
        assert!(game.diagram.markup.lastmove.is_some());
        let e4 = Square::parse("e4").unwrap();
        assert_eq!(
            read(&format!("fen={START}&lastmove=N@e4")).lastmove,
            Some((e4, e4))
        );
    }

    #[test]
    fn reads_dpi_knight_arrows_glyph_swap_and_id_prefix() {
        let read = |q: &str| {
            parse(
                Format::PNG,
                None,
                &pairs(&format!("fen={START}&{q}")).unwrap(),
                2048,
            )
        };
        let r = read("dpi=150&straight_knight_arrows=1&swap_glyphs=yes&id_prefix=board1").unwrap();
        assert_eq!(r.dpi, Some(150));
        assert_eq!(r.straight_knight_arrows, Some(true));
        assert_eq!(r.swap_glyphs, Some(true));
        assert_eq!(r.id_prefix.as_deref(), Some("board1"));
        // A printed width records 96 dpi, as the CLI's does; pixels none.
        assert_eq!(read("size=35mm").unwrap().dpi, Some(96));
        assert_eq!(read("size=35mm&dpi=150").unwrap().size, Some(207));
        assert_eq!(read("size=200").unwrap().dpi, None);
        assert_eq!(read("id_prefix=").unwrap().id_prefix.as_deref(), Some(""));
        let e = read("dpi=10").unwrap_err();
        assert!(e.starts_with("dpi at column 1: "), "{e}");
        let e = read("swap_glyphs=maybe").unwrap_err();
        assert!(e.starts_with("swap_glyphs"), "{e}");
    }

    /// An id prefix goes into the SVG's ids and references: anything but
    /// an XML id start is refused before it gets there.
    #[test]
    fn a_hostile_id_prefix_is_refused() {
        for hostile in [
            "%22%3E%3Cscript%3E",
            "a%22%20onload%3D%22x",
            "a'b",
            "1abc",
            "a%3Bb",
            "a%0Ab",
        ] {
            let q = pairs(&format!("fen={START}&id_prefix={hostile}")).unwrap();
            let e = parse(Format::SVG, None, &q, 2048).unwrap_err();
            assert!(e.starts_with("id_prefix at column 1: '"), "{e}");
            assert!(!e.contains('\n'), "{e}");
        }
        let long = "a".repeat(65);
        let q = pairs(&format!("fen={START}&id_prefix={long}")).unwrap();
        assert!(parse(Format::SVG, None, &q, 2048).is_err());
    }

    #[test]
    fn what_a_request_may_not_name_is_refused_by_name() {
        let bad = |q: &str| parse(Format::SVG, None, &pairs(q).unwrap(), 2048).unwrap_err();
        let e = bad(&format!("fen={START}&pieces=nonesuch"));
        assert!(
            e.starts_with("pieces: no piece set named 'nonesuch'"),
            "{e}"
        );
        let e = bad(&format!("fen={START}&optimize=1"));
        assert!(e.starts_with("optimize: unknown parameter"), "{e}");
        let e = bad(&format!("fen={START}&ply=1"));
        assert!(
            e.starts_with("ply: chooses a position of a pgn game"),
            "{e}"
        );
        let e = bad("pgn=1.e4 e5 *&ply=1&move=1.e4");
        assert!(e.starts_with("move"), "{e}");
    }

    #[test]
    fn a_game_is_asked_for_by_a_pgn_name_however_encoded() {
        assert!(reads_game("pgn=1.e4&ply=1"));
        assert!(reads_game("size=300&p%67n=1.e4"));
        assert!(reads_game("pgn"));
        assert!(!reads_game("fen=8/8/8/8/8/8/8/K6k"));
        assert!(!reads_game("pgnx=1&fen=x"));
    }

    #[test]
    fn the_path_form_reads_its_fen_and_extension() {
        let p = DiagramPath::with_fen("8%2F8%2F8%2F8%2F8%2F8%2F8%2FK6k.v1.png").unwrap();
        assert_eq!(p.unwrap().fen.as_deref(), Some("8/8/8/8/8/8/8/K6k.v1"));
        assert_eq!(DiagramPath::with_fen("8/8/8/8/8/8/8/K6k"), None);
        let e = DiagramPath::with_fen("%ff.png").unwrap().unwrap_err();
        assert_eq!(e, "the FEN in the path is not UTF-8");
        let q = pairs("fen=8/8/8/8/8/8/8/K6k&format=unicode").unwrap();
        let e = read(&DiagramPath::ext("bmp"), &q, 2048).unwrap_err();
        assert_eq!(e, "unknown extension '.bmp'");
    }

    /// Every server name of both tables is a parameter, with nothing kept
    /// beside them by hand but the position's own three.
    #[test]
    fn the_parameters_are_the_tables_names() {
        let q = pairs(&format!(
            "fen={START}&ply=1&arrow=Ge2e4&zzz=1&format=x&fen=y"
        ))
        .unwrap();
        let read = DiagramQuery::read(&q);
        assert_eq!(read.fen, Some(START));
        assert_eq!(read.game, [("ply", "1")]);
        assert_eq!(read.options, [("arrow", "Ge2e4")]);
        assert_eq!(read.unknown, ["zzz", "format"]);
        for name in RENDER.names(FrontEnd::Server) {
            let q = pairs(&format!("{name}=")).unwrap();
            assert_eq!(DiagramQuery::read(&q).options.len(), 1, "{name}");
        }
        for name in GAME.names(FrontEnd::Server) {
            let q = pairs(&format!("{name}=")).unwrap();
            assert_eq!(DiagramQuery::read(&q).game.len(), 1, "{name}");
        }
    }

    /// Issue 36: `fen` is read as Fairy FEN as the command line reads it
    /// (a sign only Fairy FEN has, or a problem option); an ordinary FEN
    /// keeps its reading and its errors; a bad Fairy FEN names `fen` and
    /// its column.
    #[test]
    fn a_fairy_fen_is_a_problem_and_its_errors_keep_the_column() {
        let read = |q: &str| parse(Format::SVG, None, &pairs(q).unwrap(), 2048);
        let r = read("fen=4k3/8/8/3-N4/8/8/8/*2Q3K3").unwrap();
        let units = r.fairy.as_ref().expect("read as Fairy FEN");
        assert_eq!(units.count_text(), "(2+1+1n)");
        assert_eq!(r.subject(), "problem 4k3/8/8/3-N4/8/8/8/*2Q3K3");
        // YACPDB's token, the stipulation and author from the query.
        let r = read("fen=k7/8/8/8/8/8/8/(!S2)6K&stipulation=%232&author=A").unwrap();
        assert_eq!(r.fairy.unwrap().count_text(), "(1+1+1n)");
        assert_eq!(r.problem.stipulation.as_deref(), Some("#2"));
        // A marker is not FEN: Fairy FEN only when a problem is asked for.
        let marker = "fen=k7/8/8/8/8/8/8/C6K";
        assert!(read(marker).unwrap_err().starts_with("invalid FEN: "));
        assert!(read(&format!("{marker}&problem=false"))
            .unwrap_err()
            .starts_with("invalid FEN: "));
        assert!(read(&format!("{marker}&problem=true"))
            .unwrap()
            .fairy
            .is_some());
        // An ordinary FEN stays a position, with or without the layout.
        let r = read(&format!("fen={START}&problem=1")).unwrap();
        assert!(r.fairy.is_none() && r.problem.asked());
        assert_eq!(r.subject(), START);
        // Errors: the parameter and the column in the value.
        let e = read("fen=8/8/8/8/8/8/8/7E&problem=1").unwrap_err();
        assert_eq!(
            e,
            "fen at column 16: invalid Fairy FEN: 'E' is not a Fairy FEN piece or marker \
             (K Q R B N P, C X S T); write a fairy piece as (G), a text as {a}"
        );
        let e = read("fen=%20%208/8/8/8/8/8/8/*4Q7&problem=1").unwrap_err();
        assert!(
            e.starts_with("fen at column 18: invalid Fairy FEN: '*'"),
            "{e}"
        );
        // Unasked, a Fairy-looking FEN that is not Fairy FEN either keeps
        // the FEN parser's message.
        let e = read("fen=8/8/8/8/8/8/8/*4Q7").unwrap_err();
        assert!(e.starts_with("invalid FEN: "), "{e}");
        // A bad option still names its parameter.
        let e = read("fen=4k3/8/8/3-N4/8/8/8/*2Q3K3&size=1").unwrap_err();
        assert!(e.starts_with("size at column 1: "), "{e}");
    }

    #[test]
    fn txt_takes_its_variant_from_format() {
        let q = pairs("format=unicode").unwrap();
        let format = DiagramQuery::read(&q).format;
        assert_eq!(
            format_of("txt", format),
            Ok(Format::Text(TextFormat::Unicode))
        );
        assert!(format_of("txt", Some("x")).is_err());
        assert_eq!(format_of("jpg", None), Ok(Format::JPEG));
        assert!(format_of("bmp", None).is_err());
    }
}
