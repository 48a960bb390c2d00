//! Games: `fen2img.game`, `fen2img.game_diagrams` and `fen2img.animate`
//! read a PGN text (or moves after a position) with the `fen2img-games`
//! crate, the command line's reading of a game, and draw its positions
//! with the same marks (last move, check, `[%cal]`/`[%csl]`, the move's
//! glyph, player bars with clocks, the caption) over the caller's options.
//!
//! `python/fen2img/_games.py` has checked the Python types and turned
//! python-chess games, boards and moves into text; the work here runs
//! without the GIL.

use fen2img_games::animate::{self as animation, AnimateError, Timing};
use fen2img_games::input::MAX_PGN_LEN;
use fen2img_games::{
    diagrams, font_warnings, gif_comment, CaptionStyle, GameDiagram, GameOptions, GameText, Pick,
};
use fen2img_render::chess::game::Selector;
use fen2img_render::options::Brush;
use fen2img_render::{describe_annotated, Format, RenderOptions};
use fen2img_support::quote::escape;
use pyo3::prelude::*;
use pyo3::types::PyString;
use pyo3::IntoPyObject;

use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use fen2img_support::bounded_read::read_regular;

use crate::failure::Failure;
use crate::fields::{Fields, Whole};
use crate::options::NativeOptions;
use crate::position::{parse_position, PositionText};
use crate::thread_renderer::with_renderer;

/// A game's tag pairs, in file order.
type Tags = Vec<(String, String)>;

/// What `game_diagrams` returns: the diagrams, the game's tags, the
/// warnings to show.
type Found = (Vec<DiagramOut>, Tags, Vec<String>);

/// A bound of a range: a ply, or a move as `--from` takes it (`12w`,
/// `12...Nf6`, or digits for a ply).
pub enum RangeEnd {
    /// Half-moves from the start.
    Ply(Whole),
    /// A move, or digits.
    Text(String),
}

/// What `_games.py` hands over about the game (a dict with all of these
/// keys, read by [`NativeGame::read`]).
pub struct NativeGame {
    /// PGN text; with `moves`, the position the moves start from (FEN).
    /// `None` when `path` names the PGN file.
    text: Option<PositionText>,
    /// A PGN file to read (a `pathlib.Path` given as `pgn`).
    path: Option<PathBuf>,
    /// Moves after `text`'s position, SAN or UCI, separated by spaces.
    moves: Option<String>,
    /// What errors call the text: `<pgn>`, a file name, `moves`.
    source: String,
    /// The game of the text, from 1.
    game: Whole,
    /// `"one"`, `"markers"` or `"range"`.
    pick: String,
    /// With `"one"`: a ply...
    ply: Option<Whole>,
    /// ... or a move (`17w`, `17.Rd8`); neither: the final position.
    move_text: Option<String>,
    /// With `"range"`: the first position (default the start).
    start: Option<RangeEnd>,
    /// With `"range"`: the last position (default the final one).
    end: Option<RangeEnd>,
    /// The caption names the game's source before the move.
    caption_source: bool,
    /// Captions in figurine SAN.
    figurine: bool,
}

/// The dict's keys that the caller wrote under another name.
const GAME_NAMES: [(&str, &str); 4] = [
    ("text", "pgn"),
    ("path", "pgn"),
    ("source", "filename"),
    ("move_text", "move"),
];

impl NativeGame {
    /// Reads the dict `_games._native_game` made; a value Rust cannot hold
    /// is the package's exception naming its keyword.
    pub fn read(dict: &Bound<'_, PyAny>) -> Result<NativeGame, Failure> {
        let f = Fields::new(dict, &GAME_NAMES);
        let text = dict
            .get_item("text")
            .map_err(|_| Failure::Type("pgn: missing".into()))?;
        let bound = |key: &'static str| -> Result<Option<RangeEnd>, Failure> {
            let item = dict
                .get_item(key)
                .map_err(|_| Failure::Type(format!("{key}: missing")))?;
            if item.is_none() {
                Ok(None)
            } else if item.cast::<PyString>().is_ok() {
                f.get(key).map(|t| Some(RangeEnd::Text(t)))
            } else {
                f.whole(key).map(|n| Some(RangeEnd::Ply(n)))
            }
        };
        Ok(NativeGame {
            text: if text.is_none() {
                None
            } else {
                Some(PositionText::read("pgn", &text)?)
            },
            path: f.get("path")?,
            moves: f.get("moves")?,
            source: f.get("source")?,
            game: f.whole("game")?,
            pick: f.get("pick")?,
            ply: f.optional_whole("ply")?,
            move_text: f.get("move_text")?,
            start: bound("start")?,
            end: bound("end")?,
            caption_source: f.get("caption_source")?,
            figurine: f.get("figurine")?,
        })
    }
}

/// A selector from a Python value, or an error naming `option`.
fn selector(option: &str, text: &str) -> Result<Selector, Failure> {
    text.trim()
        .parse::<Selector>()
        .map_err(|e| Failure::Option(format!("{option}: {e}")))
}

/// A ply from a Python int, or an error naming `option`.
fn ply(option: &str, n: &Whole) -> Result<Selector, Failure> {
    match n {
        Whole::Fits(n) => usize::try_from(*n).ok().map(Selector::Ply),
        Whole::Huge(_) => None,
    }
    .ok_or_else(|| Failure::Option(format!("{option}: expected a ply from 0, found {n}")))
}

/// A range's bound: digits are a ply, as the command line's `--from`.
fn bound(option: &str, b: &RangeEnd) -> Result<Selector, Failure> {
    match b {
        RangeEnd::Ply(n) => ply(option, n),
        RangeEnd::Text(text) => {
            let t = text.trim();
            if !t.is_empty() && t.len() <= 7 && t.bytes().all(|c| c.is_ascii_digit()) {
                return Ok(Selector::Ply(t.parse().unwrap_or(0)));
            }
            selector(option, t)
        }
    }
}

impl NativeGame {
    /// The crate's options; `caption_auto`: the caller asked for
    /// `caption="auto"`, which for a game is the numbered move.
    fn options(&self, caption_auto: bool, strict: bool) -> Result<GameOptions, Failure> {
        let game = match &self.game {
            Whole::Fits(n) => usize::try_from(*n).ok().filter(|&g| g >= 1),
            Whole::Huge(_) => None,
        }
        .ok_or_else(|| {
            Failure::Option(format!(
                "game: expected a game number from 1, found {}",
                self.game
            ))
        })?;
        let pick = match self.pick.as_str() {
            "markers" => Pick::Markers,
            "range" => Pick::Range {
                from: self.start.as_ref().map(|b| bound("start", b)).transpose()?,
                to: self.end.as_ref().map(|b| bound("end", b)).transpose()?,
            },
            _ => match (&self.ply, &self.move_text) {
                (Some(n), _) => Pick::One(ply("ply", n)?),
                (None, Some(text)) => Pick::One(selector("move", text)?),
                (None, None) => Pick::default(),
            },
        };
        let caption = if self.caption_source {
            CaptionStyle::SourceAndMove
        } else if caption_auto {
            CaptionStyle::Move
        } else {
            CaptionStyle::None
        };
        Ok(GameOptions {
            strict,
            game,
            pick,
            caption,
            figurine: self.figurine,
        })
    }

    /// Reads the game and picks its diagrams; the reader's warnings (and
    /// the start position's, for moves) are added to `warnings`.
    fn diagrams(
        &self,
        options: &GameOptions,
        warnings: &mut Vec<String>,
    ) -> Result<(Vec<GameDiagram>, Tags), Failure> {
        let too_long = |what: &str, len: usize| {
            Failure::Option(format!(
                "{what}: {len} bytes is more than fen2img reads ({} MiB)",
                MAX_PGN_LEN >> 20
            ))
        };
        let read;
        let text = match (&self.path, &self.text) {
            (Some(path), _) => {
                read = PositionText::Bytes(read_pgn_file(path)?);
                &read
            }
            (None, Some(text)) => text,
            (None, None) => return Err(Failure::Type("pgn: missing".into())),
        };
        let bytes = text.bytes();
        if bytes.len() > MAX_PGN_LEN {
            return Err(too_long("pgn", bytes.len()));
        }
        let found = match &self.moves {
            None => diagrams(&GameText::Pgn(bytes), &self.source, options),
            Some(moves) => {
                if moves.len() > MAX_PGN_LEN {
                    return Err(too_long("moves", moves.len()));
                }
                let (record, start_warnings) = parse_position(text, options.strict)?;
                warnings.extend(start_warnings);
                let text = GameText::Moves {
                    start: &record.position,
                    moves,
                };
                diagrams(&text, &self.source, options)
            }
        }
        .map_err(|e| Failure::Game(Box::new(e)))?;
        warnings.extend(found.warnings);
        Ok((found.diagrams, found.tags))
    }
}

/// The PGN file at `path`, read as the command line reads one: only a
/// regular file is opened (a FIFO would wait for a writer forever,
/// `/dev/zero` never ends), and at most [`MAX_PGN_LEN`] bytes of it.
fn read_pgn_file(path: &Path) -> Result<Vec<u8>, Failure> {
    let shown = escape(&path.to_string_lossy()).into_owned();
    read_regular(path, MAX_PGN_LEN as u64).map_err(|e| match e.kind() {
        ErrorKind::FileTooLarge => Failure::Option(format!(
            "pgn: '{shown}' is more than fen2img reads ({} MiB)",
            MAX_PGN_LEN >> 20
        )),
        kind => Failure::Io {
            message: format!("pgn: '{shown}': {e}"),
            missing: kind == ErrorKind::NotFound,
        },
    })
}

/// One diagram as Python receives it (a dict), for `fen2img.GameDiagram`.
#[derive(IntoPyObject)]
pub struct DiagramOut {
    ply: usize,
    san: Option<String>,
    fen: String,
    lastmove: Option<String>,
    check: Option<String>,
    arrows: Vec<String>,
    glyph: Option<(String, String)>,
    caption: Option<String>,
    comments: Vec<String>,
    marker: Option<usize>,
    white_clock: Option<String>,
    black_clock: Option<String>,
    /// The diagram in words, for alt text.
    alt: String,
    /// The drawing, when one was asked for.
    data: Option<Vec<u8>>,
}

/// An arrow or circle as `render(arrows=...)` takes it: `Ge2e4`.
fn arrow_spec(a: &fen2img_render::options::ArrowSpec) -> String {
    let brush = match a.brush {
        Brush::Green => 'G',
        Brush::Red => 'R',
        Brush::Yellow => 'Y',
        Brush::Blue => 'B',
    };
    format!("{brush}{}{}", a.from, a.to)
}

impl DiagramOut {
    fn new(d: &GameDiagram, alt: String, data: Option<Vec<u8>>) -> DiagramOut {
        DiagramOut {
            ply: d.ply,
            san: d.numbered_san.clone(),
            fen: d.fen(),
            lastmove: d.lastmove.map(|(from, to)| format!("{from}{to}")),
            check: d.check.map(|s| s.to_string()),
            arrows: d.arrows.iter().map(arrow_spec).collect(),
            glyph: d
                .glyph
                .map(|(s, g)| (s.to_string(), g.symbol().to_string())),
            caption: d.caption.clone(),
            comments: d.comments.clone(),
            marker: d.marker,
            white_clock: d.white.as_ref().and_then(|p| p.clock_text()),
            black_clock: d.black.as_ref().and_then(|p| p.clock_text()),
            alt,
            data,
        }
    }
}

/// The piece set's warnings, as `render` gives them.
fn piece_warnings(options: &RenderOptions) -> impl Iterator<Item = String> + '_ {
    options
        .diagram
        .pieces
        .iter()
        .flat_map(|set| set.warnings())
        .map(|w| format!("pieces: {w}"))
}

/// Reads the game, and draws each picked diagram when `draw`.
fn game_work(game: &NativeGame, options: NativeOptions, draw: bool) -> Result<Found, Failure> {
    let strict = options.strict;
    let caption_auto = options.caption_auto;
    let game_options = game.options(caption_auto, strict)?;
    let options = options.render_options()?;
    let mut warnings = Vec::new();
    let (found, tags) = game.diagrams(&game_options, &mut warnings)?;
    if draw {
        warnings.extend(piece_warnings(&options));
        if matches!(options.format, Format::Image(_)) {
            warnings.extend(font_warnings(&found));
        }
    }
    let mut out = Vec::with_capacity(found.len());
    for d in &found {
        let mut framed = options.clone();
        d.apply(&mut framed.diagram);
        // What `fen2img --alt` prints for the diagram: its caption and
        // players, the position, then the glyph drawn.
        let markup = &framed.diagram.markup;
        let alt = describe_annotated(
            &d.position,
            &framed.diagram.around.describe(),
            &markup.glyphs,
            &markup.labels,
        );
        let data = if draw {
            Some(with_renderer(framed, |r| r.render(&d.position)).map_err(Failure::render)?)
        } else {
            None
        };
        out.push(DiagramOut::new(d, alt, data));
    }
    Ok((out, tags, warnings))
}

/// `game_diagrams(game, options, draw) -> (diagrams, tags, warnings)`:
/// the picked positions of the game, each drawn in `options["format"]`
/// when `draw`. Called by `fen2img.game`, `fen2img.game_fen` and
/// `fen2img.game_diagrams`, which document the options.
#[pyfunction]
pub fn game_diagrams<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    options: &Bound<'py, PyAny>,
    draw: bool,
) -> PyResult<Found> {
    read_call(game, options)
        .and_then(|(game, options)| py.detach(|| game_work(&game, options, draw)))
        .map_err(|f| f.into_py_err(py))
}

/// The game and options of a call, read with the GIL held.
fn read_call(
    game: &Bound<'_, PyAny>,
    options: &Bound<'_, PyAny>,
) -> Result<(NativeGame, NativeOptions), Failure> {
    Ok((NativeGame::read(game)?, NativeOptions::read(options)?))
}

/// Reads the game and draws its range of positions as an animated GIF
/// (or PNG, with `format='png'`).
fn animate_work(
    game: &NativeGame,
    options: NativeOptions,
    timing: &Timing,
) -> Result<(Vec<u8>, Vec<String>), Failure> {
    let game_options = game.options(options.caption_auto, options.strict)?;
    let options = options.render_options()?;
    if options.format != Format::GIF && options.format != Format::PNG {
        return Err(Failure::Option(format!(
            "format: animate() writes an animated GIF or PNG, not {}; pass format='gif' or 'png'",
            escape(&options.format.to_string())
        )));
    }
    let mut warnings = Vec::new();
    let (frames, tags) = game.diagrams(&game_options, &mut warnings)?;
    warnings.extend(piece_warnings(&options));
    warnings.extend(font_warnings(&frames));
    let delays = animation::delays(&frames, timing);
    let comment = gif_comment(&tags);
    let drawn = if options.format == Format::PNG {
        animation::apng(&frames, &delays, &options)
    } else {
        animation::gif(&frames, &delays, &options, &comment)
    };
    let bytes = drawn.map_err(|e| match e {
        AnimateError::Render(_, e) => Failure::render(e),
        AnimateError::Gif(_) | AnimateError::Png(_) => Failure::Render(e.to_string()),
        other => Failure::Option(other.to_string()),
    })?;
    Ok((bytes, warnings))
}

/// `animate(game, options, (delay_cs, last_cs, clock_scale)) -> (bytes,
/// warnings)`: the game's range of positions as an animated GIF or PNG. Called
/// by `fen2img.animate`, which documents the options.
#[pyfunction]
pub fn animate<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    options: &Bound<'py, PyAny>,
    timing: (u16, u16, Option<f64>),
) -> PyResult<(Vec<u8>, Vec<String>)> {
    let (delay_cs, last_cs, clock_scale) = timing;
    let timing = Timing {
        delay_cs,
        last_cs,
        clock_scale,
    };
    read_call(game, options)
        .and_then(|(game, options)| py.detach(|| animate_work(&game, options, &timing)))
        .map_err(|f| f.into_py_err(py))
}
