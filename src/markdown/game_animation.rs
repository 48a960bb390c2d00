//! A pgn block's `animate`: the game (or the stretch `from=`/`to=` name)
//! as one animated GIF, drawn by the command line's own animation
//! ([`fen2img_games::animate`]) with the block's render options, so the
//! file is the one `fen2img game.pgn --animate` writes with the same
//! options. It stands where the block stood like any diagram: a file named
//! by its content beside the other images, or, where the page holds its
//! images inline, a `data:` URI ([`super::data_uri`]); its alt text says
//! whose game it is, which moves it plays and the final position
//! ([`fen2img_games::animation_alt`]).
//!
//! For an output that cannot show a GIF (Pandoc's LaTeX, for PDF:
//! [`DiagramMaker::set_stills_only`]) the block draws the animation's last
//! frame as a still instead, with a warning.
//!
//! `caption=auto` and `caption-source` are drawn in the frames (each its
//! move, as `--animate --caption auto`), since a figure's caption cannot
//! change with the frame; a `caption="..."` text is the figure's caption.

use std::ffi::OsStr;

use fen2img_render::chess::game::pgn::Game;
use fen2img_render::chess::game::Selector;
use fen2img_render::Format;
use fen2img_support::digest::stable_hash;

use super::diagram::{at_info, image_size, Diagram, DiagramMaker, DocError};
use super::fence::FenBlock;
use super::game_keys::game_label;
use super::options::BlockOptions;
use crate::args::games::{bound, duration, scale};
use fen2img_games::animate::{self, Timing};
use fen2img_games::{animation_alt, diagrams_of, gif_comment, CaptionStyle, GameOptions, Pick};

/// The most frames one block's animation may have, as the server's
/// `/game.gif`: a 12,000-half-move game would be minutes of encoding and
/// a page of hundreds of megabytes.
pub const MAX_FRAMES: usize = 1000;

/// The options only `animate` takes (canonical names).
pub(super) const KEYS: [&str; 5] = ["from", "to", "delay", "last-delay", "clock-delays"];

/// `animate` and its options.
#[derive(Debug, Clone, Default)]
pub(super) struct Animate {
    /// The column of `animate` in the info string (errors of the range
    /// and of the drawing stand there).
    pub(super) column: usize,
    /// `from=`: the first frame (default the start position), with the
    /// option's column.
    pub(super) from: Option<(Selector, usize)>,
    /// `to=`: the last frame (default the final position), with its column.
    pub(super) to: Option<(Selector, usize)>,
    /// `delay=`, `last-delay=`, `clock-delays=`.
    pub(super) timing: Timing,
}

impl Animate {
    /// Reads option `key` (one of [`KEYS`], canonical; `name` as written,
    /// for messages) of `value` at `column` into these; `Err` says why not.
    /// The values are read by the command line's own readers, so both take
    /// the same (`800ms`, `1.5s`, `12w`).
    pub(super) fn read(
        &mut self,
        key: &str,
        name: &str,
        value: Option<&str>,
        column: usize,
    ) -> Result<(), String> {
        let Some(text) = value.filter(|v| !v.is_empty()) else {
            return Err(format!(
                "'{name}' needs a value: from=4 or from=2w, to=17w, delay=800ms, \
                 last-delay=3s, clock-delays=0.05"
            ));
        };
        let read = match key {
            "from" => bound(name, OsStr::new(text)).map(|s| self.from = Some((s, column))),
            "to" => bound(name, OsStr::new(text)).map(|s| self.to = Some((s, column))),
            "delay" => duration(name, OsStr::new(text)).map(|d| self.timing.delay_cs = d),
            "last-delay" => duration(name, OsStr::new(text)).map(|d| self.timing.last_cs = d),
            _ => scale(text).map(|s| self.timing.clock_scale = Some(s)),
        };
        // `scale` names the command line's flag; here the option.
        read.map_err(|e| match e.message.strip_prefix("--clock-delays: ") {
            Some(why) => format!("{name}: {why}"),
            None => e.message,
        })
    }
}

/// The block and the game read from it.
pub(super) struct GameBlock<'a> {
    pub(super) block: &'a FenBlock,
    pub(super) game: &'a Game,
    /// The game's text (the block's lines joined).
    pub(super) text: &'a str,
    /// Which game of the text (`game=`, from 1).
    pub(super) number: usize,
    /// `caption-source`: the game's source from its tags in the caption.
    pub(super) caption_source: bool,
    /// `figurine`: figurine SAN in captions.
    pub(super) figurine: bool,
}

/// The first and last ply of `film` in `game`; each end resolved alone, so
/// an error stands at its option.
pub(super) fn range(
    block: &FenBlock,
    game: &Game,
    film: &Animate,
) -> Result<(usize, usize), Vec<DocError>> {
    let label = game_label(game);
    let end = |bound: &Option<(Selector, usize)>, default: usize| match bound {
        None => Ok(default),
        Some((selector, column)) => selector
            .resolve(game)
            .map_err(|e| vec![at_info(block, *column, format!("{label}: {}", e.message))]),
    };
    let first = end(&film.from, 0)?;
    let last = end(&film.to, game.plies.len())?;
    if first > last {
        let column = film.to.as_ref().map_or(film.column, |(_, c)| *c);
        return Err(vec![at_info(
            block,
            column,
            format!("{label}: the range starts after it ends: from ply {first} to ply {last}"),
        )]);
    }
    Ok((first, last))
}

/// The animation of `film` as the block's one diagram, numbered `number`
/// when the page numbers it.
pub(super) fn make(
    maker: &mut DiagramMaker,
    at: &GameBlock<'_>,
    film: &Animate,
    options: &BlockOptions,
    number: Option<u32>,
) -> Result<Diagram, Vec<DocError>> {
    let block = at.block;
    let fail = |message: String| vec![at_info(block, film.column, message)];
    let label = game_label(at.game);
    let (first, last) = range(block, at.game, film)?;
    // Counted before a frame is drawn.
    let count = last - first + 1;
    if count > MAX_FRAMES {
        return Err(fail(format!(
            "{label}: the animation would have {count} frames; a block animates at most \
             {MAX_FRAMES} (choose a stretch with from= and to=)"
        )));
    }
    let caption_auto = options.caption.as_deref() == Some("auto");
    let game_options = GameOptions {
        strict: options.strict,
        game: at.number,
        pick: Pick::Range {
            from: Some(Selector::Ply(first)),
            to: Some(Selector::Ply(last)),
        },
        caption: if at.caption_source {
            CaptionStyle::SourceAndMove
        } else if caption_auto {
            CaptionStyle::Move
        } else {
            CaptionStyle::None
        },
        figurine: at.figurine,
    };
    let found = diagrams_of(at.game, "pgn block", at.text.as_bytes(), &game_options)
        .map_err(|e| fail(format!("{label}: {}", e.reason)))?;
    let frames = &found.diagrams;
    let (renderer, options_hash) = maker.renderer(block, options).map_err(|e| vec![e])?;
    let mut render = renderer.options().clone();
    // A GIF whatever the page's images are, drawn as `-o game.gif` draws.
    render.format = Format::GIF;
    render.diagram.around.number = number;
    // Everything the GIF's bytes depend on: the game, its stretch, the
    // render options (their digest), the number, what the frames caption,
    // the timing.
    let timing = &film.timing;
    let key = stable_hash(&[
        b"fen2img animation of",
        at.text.as_bytes(),
        &(at.number as u64).to_le_bytes(),
        &(first as u64).to_le_bytes(),
        &(last as u64).to_le_bytes(),
        &options_hash.to_le_bytes(),
        &number.map_or(u64::MAX, u64::from).to_le_bytes(),
        &[
            u8::from(options.strict),
            u8::from(caption_auto),
            u8::from(at.caption_source),
            u8::from(at.figurine),
        ],
        &timing.delay_cs.to_le_bytes(),
        &timing.last_cs.to_le_bytes(),
        &timing
            .clock_scale
            .map_or(u64::MAX, f64::to_bits)
            .to_le_bytes(),
    ]);
    let bytes = match maker.animations.get(&key) {
        Some(bytes) => bytes.clone(),
        None => {
            let delays = animate::delays(frames, timing);
            let bytes = animate::gif(frames, &delays, &render, &gif_comment(&found.tags))
                .map_err(|e| fail(format!("{label}: {e}")))?;
            maker.animations.insert(key, bytes.clone());
            bytes
        }
    };
    let end = frames.last();
    // The final frame as drawn, for the alt text's last part.
    let mut last = render.diagram.clone();
    if let Some(end) = end {
        end.apply(&mut last);
    }
    let mut own = options.clone();
    own.caption = match options.caption.as_deref() {
        // Drawn in every frame.
        _ if at.caption_source || caption_auto => None,
        Some(text) if text.contains('{') => Some(
            text.replace(
                "{move}",
                end.and_then(|e| e.numbered_san.as_deref()).unwrap_or(""),
            )
            .replace("{ply}", &end.map_or(0, |e| e.ply).to_string()),
        ),
        other => other.map(str::to_string),
    };
    let alt = own
        .alt
        .clone()
        .unwrap_or_else(|| animation_alt(&found.tags, frames, &last));
    // Named by its bytes: the frames, delays and every option are in them.
    let hash = stable_hash(&[b"fen2img animation", &bytes]);
    let size = image_size(&bytes).unwrap_or((0, 0));
    Ok(Diagram {
        bytes,
        alt,
        options: own,
        size,
        hash,
        animated: true,
    })
}
