//! ```` ```pgn ```` blocks: the block's text is a game (PGN, one game or
//! several), drawn as the command line draws it (last move, check,
//! `[%cal]`/`[%csl]` arrows and circles, the move's glyph, player bars
//! with clocks) at the positions the block chooses:
//!
//! - `ply=12` / `plies=12,20,31`, or `move=17w` / `move=17w,20.Qb8`: those
//!   positions, in that order;
//! - `markers`: one diagram at each diagram marker (`{[#]}`, `{#}`,
//!   `{[D]}`, `[%diagram]`);
//! - neither: the markers when the game has any, else the final position.
//!
//! `game=N` picks a game of several; `caption=auto` captions each diagram
//! with its move (`17.Rd8#`), `caption-source` with the game's source and
//! the move, `figurine` in figurine SAN; a `caption="..."` text may hold
//! `{move}` and `{ply}`. `number=N` numbers the diagrams N, N+1, ...
//! (the page counts on across blocks: [`super::numbering`]). `animate`
//! makes the block one animated GIF of the game instead
//! ([`super::game_animation`]), `from=`/`to=` its range, `delay=`,
//! `last-delay=`, `clock-delays=` its timing, as `--animate` and its flags
//! on the command line. Every other option is a render option, as in a
//! fen block.
//!
//! The game's text is the block's lines joined, so an error of the reader
//! (its byte offset) maps back to the line and column in the document.

use fen2img_render::chess::game::pgn::{read_game, Game, PgnError, PgnOptions};
use fen2img_render::chess::game::Selector;
use fen2img_render::options::{Around, Caption};
use fen2img_render::{alt_text, fingerprint};

use super::diagram::{at_info, content_hash, Diagram, DiagramMaker, DocError, Made};
use super::fence::FenBlock;
use super::game_animation::{self, Animate};
use super::game_keys::{canonical, game_label, is_game_key};
use super::info::Attr;
use super::options::BlockOptions;
use fen2img_games::input::MAX_PGN_LEN;
use fen2img_games::{diagrams_of, CaptionStyle, GameDiagram, GameOptions, Pick};

/// The most diagrams one block may give: a game annotated for print has a
/// handful; a hostile one with a marker after each of 12,000 half-moves
/// would otherwise make a page of gigabytes.
pub const MAX_BLOCK_DIAGRAMS: usize = 256;

/// Which positions a block asked for.
enum Choice {
    /// Nothing said: the markers if any, else the final position.
    Default,
    /// `markers`, at this column.
    Markers(usize),
    /// `ply=`/`move=` selectors, each with its option's column.
    Selectors(Vec<(Selector, usize)>),
}

/// A block's game options.
pub(super) struct GameAttrs {
    pub(super) game: usize,
    choice: Choice,
    pub(super) caption_source: bool,
    pub(super) figurine: bool,
    /// `animate`, with its range and timing.
    pub(super) animate: Option<Animate>,
}

/// `true`/`false` of a flag option (alone: true).
fn flag(attr: &Attr) -> Result<bool, String> {
    match attr.value.as_deref().map(str::trim) {
        None | Some("true" | "yes" | "on" | "") => Ok(true),
        Some("false" | "no" | "off") => Ok(false),
        Some(other) => Err(format!(
            "'{}' is a flag: write it alone, or ={{true|false}}, not '{other}'",
            attr.key
        )),
    }
}

/// Reads the game options of `attrs` (defaults first, then the block's: a
/// later one replaces an earlier one). Every bad one is reported.
fn game_attrs<'a>(
    attrs: impl Iterator<Item = &'a Attr>,
) -> Result<GameAttrs, Vec<(usize, String)>> {
    let mut out = GameAttrs {
        game: 1,
        choice: Choice::Default,
        caption_source: false,
        figurine: false,
        animate: None,
    };
    let mut errors = Vec::new();
    // `animate` and the options that only it takes (each with its column,
    // to blame it when `animate` is missing).
    let mut animate: Option<usize> = None;
    let mut film = Animate::default();
    let mut film_keys: Vec<(usize, String)> = Vec::new();
    for attr in attrs {
        let key = canonical(&attr.key);
        let value = attr.value.as_deref().map(str::trim);
        let mut fail = |message: String| errors.push((attr.column, message));
        match key.as_str() {
            "game" => match value.and_then(|v| v.parse::<usize>().ok()) {
                Some(n) if n >= 1 => out.game = n,
                _ => fail(format!(
                    "'{}' takes the game's number in the block, from 1: game=2",
                    attr.key
                )),
            },
            "ply" | "plies" | "move" => {
                let Some(list) = value.filter(|v| !v.is_empty()) else {
                    fail(format!(
                        "'{}' needs a value: ply=12, plies=12,20 or move=17w,20.Qb8",
                        attr.key
                    ));
                    continue;
                };
                let mut selectors = Vec::new();
                for item in list.split(',').map(str::trim).filter(|i| !i.is_empty()) {
                    let parsed = if key == "move" {
                        item.parse::<Selector>().map_err(|e| e.message)
                    } else {
                        item.parse::<usize>()
                            .map(Selector::Ply)
                            .map_err(|_| format!("'{item}' is not a number of half-moves"))
                    };
                    match parsed {
                        Ok(s) => selectors.push((s, attr.column)),
                        Err(message) => fail(format!("{}: {message}", attr.key)),
                    }
                }
                if selectors.len() > MAX_BLOCK_DIAGRAMS {
                    fail(format!(
                        "{} positions asked for; a block gives at most {MAX_BLOCK_DIAGRAMS}",
                        selectors.len()
                    ));
                }
                // `ply` and `move` of one block add up, in the order written.
                match &mut out.choice {
                    Choice::Selectors(all) => all.extend(selectors),
                    _ => out.choice = Choice::Selectors(selectors),
                }
            }
            "markers" => match flag(attr) {
                Ok(true) => out.choice = Choice::Markers(attr.column),
                Ok(false) => {}
                Err(message) => fail(message),
            },
            "caption-source" => match flag(attr) {
                Ok(on) => out.caption_source = on,
                Err(message) => fail(message),
            },
            "figurine" => match flag(attr) {
                Ok(on) => out.figurine = on,
                Err(message) => fail(message),
            },
            "animate" => match flag(attr) {
                Ok(on) => animate = on.then_some(attr.column),
                Err(message) => fail(message),
            },
            k if game_animation::KEYS.contains(&k) => {
                film_keys.push((attr.column, attr.key.clone()));
                if let Err(message) = film.read(k, attr.key.trim(), value, attr.column) {
                    fail(message);
                }
            }
            "moves" => fail(
                "'moves' is not an option of pgn blocks: the moves are the block's text; \
                 choose positions with ply=12,20 or move=17w"
                    .into(),
            ),
            _ => {}
        }
    }
    match animate {
        Some(column) => {
            let chosen = match &out.choice {
                Choice::Default => None,
                Choice::Markers(c) => Some(*c),
                Choice::Selectors(s) => s.first().map(|(_, c)| *c),
            };
            if let Some(c) = chosen {
                errors.push((
                    c,
                    "animate plays a stretch of the game: choose it with from= and to=, \
                     not with ply, move or markers"
                        .into(),
                ));
            }
            film.column = column;
            out.animate = Some(film);
        }
        None => errors.extend(film_keys.into_iter().map(|(column, key)| {
            (
                column,
                format!("'{key}' is an option of animate: add animate to the block"),
            )
        })),
    }
    errors.sort_by_key(|(column, _)| *column);
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// The block's game text (its lines joined by `\n`) and where each line
/// starts in it.
fn game_text(block: &FenBlock) -> (String, Vec<usize>) {
    let mut text = String::new();
    let mut starts = Vec::with_capacity(block.lines.len());
    for (i, line) in block.lines.iter().enumerate() {
        if i > 0 {
            text.push('\n');
        }
        starts.push(text.len());
        text.push_str(&line.text);
    }
    (text, starts)
}

/// The document's line and column of byte `offset` of the game text.
fn place(block: &FenBlock, starts: &[usize], offset: usize) -> (usize, usize) {
    let i = starts.partition_point(|&s| s <= offset).max(1) - 1;
    match block.lines.get(i) {
        Some(line) => {
            let within = offset - starts[i];
            (line.line, line.column + within.min(line.text.len()))
        }
        None => (block.body_line, block.body_column),
    }
}

/// The reader's error (or note) at its place in the document; the message
/// names the game, its players and the move, as the command line's does.
fn placed(block: &FenBlock, starts: &[usize], e: &PgnError) -> DocError {
    let (line, column) = place(block, starts, e.offset);
    DocError {
        line,
        column,
        message: e.to_string(),
    }
}

/// The plies to draw, each with the option column to blame.
fn plies(block: &FenBlock, game: &Game, choice: &Choice) -> Result<Vec<usize>, Vec<DocError>> {
    let label = game_label(game);
    let too_many = |column: usize, n: usize| {
        vec![at_info(
            block,
            column,
            format!(
                "{label}: {n} diagram markers; a block gives at most {MAX_BLOCK_DIAGRAMS} \
                 (choose some with plies=...)"
            ),
        )]
    };
    match choice {
        Choice::Default => {
            let markers = game.markers();
            if markers.len() > MAX_BLOCK_DIAGRAMS {
                return Err(too_many(0, markers.len()));
            }
            Ok(if markers.is_empty() {
                vec![game.plies.len()]
            } else {
                markers
            })
        }
        Choice::Markers(column) => {
            let markers = game.markers();
            if markers.is_empty() {
                return Err(vec![at_info(
                    block,
                    *column,
                    format!(
                        "{label}: the game has no diagram markers ({{[#]}}, {{#}}, {{[D]}} or \
                         [%diagram] in a comment)"
                    ),
                )]);
            }
            if markers.len() > MAX_BLOCK_DIAGRAMS {
                return Err(too_many(*column, markers.len()));
            }
            Ok(markers)
        }
        Choice::Selectors(selectors) => {
            let mut out = Vec::with_capacity(selectors.len());
            let mut errors = Vec::new();
            for (selector, column) in selectors {
                match selector.resolve(game) {
                    Ok(ply) => out.push(ply),
                    Err(e) => {
                        errors.push(at_info(block, *column, format!("{label}: {}", e.message)))
                    }
                }
            }
            if errors.is_empty() {
                Ok(out)
            } else {
                Err(errors)
            }
        }
    }
}

/// A pgn block's diagrams (or its animation), numbered from `number`
/// when numbered: the block's keys resolved, its game read, then either
/// the animation or the chosen positions drawn one by one.
pub(super) fn make(
    maker: &mut DiagramMaker,
    block: &FenBlock,
    attrs: &[Attr],
    number: Option<u32>,
) -> Result<Made, Vec<DocError>> {
    let (chosen, options) = resolve_keys(maker, block, attrs)?;
    let (text, starts) = game_text(block);
    let pgn = PgnOptions::default().with_strict(options.strict);
    let (game, mut warnings) = read_block_game(block, &text, &starts, chosen.game, pgn)?;
    // An output that cannot show a GIF gets the animation's last frame.
    let still = match &chosen.animate {
        Some(film) if maker.stills_only => {
            let (_, last) = game_animation::range(block, &game, film)?;
            warnings.push(at_info(
                block,
                film.column,
                format!(
                    "{}: this output cannot show an animated GIF: the animation's last \
                     frame (ply {last}) is drawn as a still instead",
                    game_label(&game)
                ),
            ));
            Some(last)
        }
        _ => None,
    };
    let game_block = game_animation::GameBlock {
        block,
        game: &game,
        text: &text,
        number: chosen.game,
        caption_source: chosen.caption_source,
        figurine: chosen.figurine,
    };
    if let Some(film) = chosen.animate.as_ref().filter(|_| still.is_none()) {
        let diagram = game_animation::make(maker, &game_block, film, &options, number)?;
        return Ok(Made {
            diagrams: vec![diagram],
            warnings,
        });
    }
    let plies = match still {
        Some(ply) => vec![ply],
        None => plies(block, &game, &chosen.choice)?,
    };
    let diagrams = stills(maker, &game_block, &options, &plies, number)?;
    Ok(Made { diagrams, warnings })
}

/// The block's game keys and render keys, each read by its own reader; the
/// errors of both, in column order.
fn resolve_keys(
    maker: &DiagramMaker,
    block: &FenBlock,
    attrs: &[Attr],
) -> Result<(GameAttrs, BlockOptions), Vec<DocError>> {
    let (game_keys, render_keys): (Vec<&Attr>, Vec<&Attr>) =
        attrs.iter().partition(|a| is_game_key(&a.key));
    let render_attrs: Vec<Attr> = render_keys.into_iter().cloned().collect();
    let chosen = game_attrs(maker.game_defaults.iter().chain(game_keys));
    let resolved = maker.parser.resolve(&maker.defaults, &render_attrs);
    match (chosen, resolved) {
        (Ok(c), Ok(o)) => Ok((c, o)),
        (c, o) => {
            let mut errors: Vec<(usize, String)> = c.err().unwrap_or_default();
            errors.extend(
                o.err()
                    .unwrap_or_default()
                    .into_iter()
                    .map(|e| (e.column, e.message)),
            );
            errors.sort_by_key(|(column, _)| *column);
            Err(errors
                .into_iter()
                .map(|(column, message)| at_info(block, column, message))
                .collect())
        }
    }
}

/// The block's game `number`, read from its body `text` (`starts`: where
/// each body line begins in it), with its warnings placed in the page.
fn read_block_game(
    block: &FenBlock,
    text: &str,
    starts: &[usize],
    number: usize,
    pgn: PgnOptions,
) -> Result<(Game, Vec<DocError>), Vec<DocError>> {
    if text.trim().is_empty() {
        return Err(vec![DocError {
            line: block.body_line,
            column: 1,
            message: "this pgn block is empty: write a game (PGN) on the lines after the fence"
                .into(),
        }]);
    }
    if text.len() > MAX_PGN_LEN {
        return Err(vec![DocError {
            line: block.body_line,
            column: 1,
            message: format!(
                "this pgn block holds {} bytes; a game text is at most {MAX_PGN_LEN}",
                text.len()
            ),
        }]);
    }
    let game =
        read_game(text.as_bytes(), number, pgn).map_err(|e| vec![placed(block, starts, &e)])?;
    let mut warnings: Vec<DocError> = game
        .warnings
        .iter()
        .map(|w| placed(block, starts, w))
        .collect();
    // The reader keeps the first warnings of a game; the rest are one line.
    if let Some(more) = fen2img_games::more_warnings(&game) {
        warnings.push(at_info(block, 0, format!("{}: {more}", game_label(&game))));
    }
    Ok((game, warnings))
}

/// The still diagrams of the chosen `plies`, one figure each.
fn stills(
    maker: &mut DiagramMaker,
    source: &game_animation::GameBlock,
    options: &BlockOptions,
    plies: &[usize],
    number: Option<u32>,
) -> Result<Vec<Diagram>, Vec<DocError>> {
    let (block, game) = (source.block, source.game);
    // One pass over the game for every position between the first and the
    // last chosen, then the chosen ones picked out of it.
    let (Some(&first), Some(&last)) = (plies.iter().min(), plies.iter().max()) else {
        return Ok(Vec::new());
    };
    let caption_auto = options.caption.as_deref() == Some("auto");
    let game_options = GameOptions {
        strict: options.strict,
        game: source.number,
        pick: Pick::Range {
            from: Some(Selector::Ply(first)),
            to: Some(Selector::Ply(last)),
        },
        caption: if source.caption_source {
            CaptionStyle::SourceAndMove
        } else if caption_auto {
            CaptionStyle::Move
        } else {
            CaptionStyle::None
        },
        figurine: source.figurine,
    };
    let range = diagrams_of(game, "pgn block", source.text.as_bytes(), &game_options)
        .map_err(|e| vec![at_info(block, 0, e.reason)])?;
    let format = maker.format;
    let pdf = maker.pdf_page(options);
    let (renderer, _) = maker.renderer(block, options).map_err(|e| vec![e])?;
    let base = renderer.options().clone();
    let mut diagrams = Vec::with_capacity(plies.len());
    for (i, &ply) in plies.iter().enumerate() {
        let Some(found) = range.diagrams.get(ply - first) else {
            continue;
        };
        let mut found = found.clone();
        // The caption goes around the image (a figcaption), as a fen
        // block's does, not into it.
        let game_caption = found.caption.take();
        let mut render = base.clone();
        found.apply(&mut render.diagram);
        if let Some(n) = number {
            let step = u32::try_from(i).unwrap_or(u32::MAX);
            render.diagram.around.number = Some(n.saturating_add(step));
        }
        renderer.set_options(render);
        let rendered = super::diagram::draw(renderer, &found.position, pdf);
        let render = renderer.options().clone();
        let bytes = rendered.map_err(|e| vec![at_info(block, 0, e)])?;
        let mut own = options.clone();
        own.caption = figure_caption(options, source.caption_source, game_caption, &found, ply);
        // Several figures from one block: the first keeps the id, so a
        // link to it still lands; the others are numbered.
        if i > 0 {
            own.id = own.id.map(|id| format!("{id}-{}", i + 1));
        }
        // Everything drawn, in words, as a fen block's alt text: number
        // and players, the position, the last move, arrows and glyph.
        let alt = own
            .alt
            .clone()
            .unwrap_or_else(|| alt_text(&found.position, &render.diagram));
        let hash = content_hash(
            format,
            fingerprint::options_digest(&render),
            &found.position.to_string(),
        );
        let hash = super::diagram::output_hash(hash, pdf);
        let size = super::diagram::image_size(&bytes).unwrap_or((0, 0));
        diagrams.push(Diagram {
            bytes,
            alt,
            options: own,
            size,
            hash,
            animated: false,
        });
    }
    // The cached renderer serves the next block with its own options.
    renderer.set_options(base);
    Ok(diagrams)
}

/// The figcaption of the diagram after `ply`: the game's own caption
/// (`caption=auto` or `caption-source`), or the block's caption with
/// `{move}` and `{ply}` filled in.
fn figure_caption(
    options: &BlockOptions,
    caption_source: bool,
    game_caption: Option<String>,
    found: &GameDiagram,
    ply: usize,
) -> Option<String> {
    let caption_auto = options.caption.as_deref() == Some("auto");
    match options.caption.as_deref() {
        _ if caption_source || caption_auto => game_caption.or_else(|| {
            // The start position has no move: say who is to move, as
            // a fen block's `caption=auto` does.
            let auto = Around {
                caption: Some(Caption::Auto),
                ..Around::default()
            };
            auto.caption_text(found.position.turn)
        }),
        Some(text) if text.contains('{') => Some(
            text.replace("{move}", found.numbered_san.as_deref().unwrap_or(""))
                .replace("{ply}", &ply.to_string()),
        ),
        other => other.map(str::to_string),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markdown::fence::find_blocks;
    use fen2img_render::Format;

    const OPERA: &str = "[Event \"Paris\"]\n[White \"Morphy, Paul\"]\n[Black \"Duke Karl / Count Isouard\"]\n[Date \"1858.??.??\"]\n\n1. e4 e5 2. Nf3 d6 3. d4 Bg4 {[#]} 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7\n8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7\n14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# {[#]} 1-0\n";

    fn make(info: &str, pgn: &str) -> Result<Made, Vec<DocError>> {
        let doc = format!("Text.\n\n```{info}\n{pgn}```\n");
        let blocks = find_blocks(&doc).unwrap();
        DiagramMaker::new(Format::SVG, Vec::new()).make(&blocks[0])
    }

    #[test]
    fn markers_by_default_and_chosen_positions_in_their_order() {
        let made = make("pgn", OPERA).unwrap();
        assert_eq!(made.diagrams.len(), 2);
        let made = make("pgn plies=33,5 caption=auto", OPERA).unwrap();
        let captions: Vec<_> = made
            .diagrams
            .iter()
            .map(|d| d.options.caption.clone().unwrap_or_default())
            .collect();
        assert_eq!(captions, ["17.Rd8#", "3.d4"]);
        let made = make("pgn ply=0 caption=auto", OPERA).unwrap();
        assert_eq!(
            made.diagrams[0].options.caption.as_deref(),
            Some("White to move")
        );
        let plain = "1. e4 e5 2. Nf3 *\n";
        assert_eq!(make("pgn", plain).unwrap().diagrams.len(), 1);
    }

    #[test]
    fn errors_stand_at_their_place_in_the_document() {
        // The block's game starts on line 4; Ke3 is on its second line.
        let e = make("pgn", "1. e4 e5\n2. Ke3 *\n").unwrap_err();
        assert_eq!((e[0].line, e[0].column), (5, 4), "{e:?}");
        assert!(e[0].message.starts_with("game 1, move 2 White: "), "{e:?}");
        let e = make("pgn ply=99", OPERA).unwrap_err();
        assert_eq!((e[0].line, e[0].column), (3, 8), "{e:?}");
        assert!(e[0].message.contains("ply 99 is beyond"), "{e:?}");
        let e = make("pgn moves=e4", OPERA).unwrap_err();
        assert_eq!(e[0].column, 8, "{e:?}");
        let e = make("pgn", "").unwrap_err();
        assert!(e[0].message.contains("empty"), "{e:?}");
    }

    #[test]
    fn numbers_count_up_and_ids_stay_unique() {
        let made = make("{.pgn number=4 #opera}", OPERA).unwrap();
        let ids: Vec<_> = made.diagrams.iter().map(|d| d.options.id.clone()).collect();
        assert_eq!(ids, [Some("opera".into()), Some("opera-2".into())]);
        assert!(
            made.diagrams[0].alt.starts_with("Diagram 4."),
            "{}",
            made.diagrams[0].alt
        );
        assert!(
            made.diagrams[1].alt.starts_with("Diagram 5."),
            "{}",
            made.diagrams[1].alt
        );
        assert_ne!(made.diagrams[0].hash, made.diagrams[1].hash);
    }

    /// The frames of an animated GIF: how many, and each one's delay.
    fn gif_delays(bytes: &[u8]) -> Vec<u16> {
        let mut decoder = gif::DecodeOptions::new().read_info(bytes).unwrap();
        let mut delays = Vec::new();
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            delays.push(frame.delay);
        }
        delays
    }

    #[test]
    fn animate_makes_one_gif_of_the_stretch_with_its_description() {
        let made = make("pgn animate from=30 delay=500ms size=120", OPERA).unwrap();
        assert_eq!(made.diagrams.len(), 1);
        let d = &made.diagrams[0];
        assert!(d.animated && d.bytes.starts_with(b"GIF89a"));
        assert_eq!(gif_delays(&d.bytes), [50, 50, 50, 300], "plies 30 to 33");
        assert_eq!(d.size, (120, 120 + (d.size.1 - 120)));
        assert!(
            d.alt.starts_with(
                "Animated game Morphy – Duke Karl / Count Isouard, Paris 1858: moves 16–17 \
                 (16.Qb8+ to 17.Rd8#), 4 positions. Final position: "
            ),
            "{}",
            d.alt
        );
        assert!(
            d.alt.ends_with("Last move d1 to d8. Check on e8."),
            "{}",
            d.alt
        );
        // A move as a bound; the whole game by default.
        let made = make("pgn animate from=16w to=17w size=80", OPERA).unwrap();
        assert_eq!(gif_delays(&made.diagrams[0].bytes).len(), 3);
        let made = make("pgn animate size=80", OPERA).unwrap();
        assert_eq!(gif_delays(&made.diagrams[0].bytes).len(), 34);
        // A caption text is the figure's; an automatic one is drawn in
        // the frames instead (it changes with the move).
        let made = make("pgn animate from=32 caption=auto size=80", OPERA).unwrap();
        assert_eq!(made.diagrams[0].options.caption, None);
        let made = make("pgn animate from=32 caption=\"Mate\" size=80", OPERA).unwrap();
        assert_eq!(made.diagrams[0].options.caption.as_deref(), Some("Mate"));
    }

    #[test]
    fn animate_options_are_checked_where_they_stand() {
        let e = make("pgn from=3 delay=1s", OPERA).unwrap_err();
        assert_eq!((e.len(), e[0].column, e[1].column), (2, 8, 15), "{e:?}");
        assert!(e[0].message.contains("option of animate"), "{e:?}");
        let e = make("pgn animate plies=3", OPERA).unwrap_err();
        assert_eq!(e[0].column, 16, "{e:?}");
        assert!(e[0].message.contains("from= and to="), "{e:?}");
        let e = make("pgn animate to=99", OPERA).unwrap_err();
        assert_eq!(e[0].column, 16, "{e:?}");
        assert!(e[0].message.contains("ply 99 is beyond"), "{e:?}");
        let e = make("pgn animate from=9 to=3", OPERA).unwrap_err();
        assert!(e[0].message.contains("starts after it ends"), "{e:?}");
        let e = make("pgn animate delay=soon", OPERA).unwrap_err();
        assert!(e[0].message.starts_with("delay: expected a time"), "{e:?}");
        let e = make("pgn animate clock-delays=-1", OPERA).unwrap_err();
        assert!(e[0].message.starts_with("clock-delays: expected"), "{e:?}");
        let e = make("fen animate", "8/8/8/8/8/8/8/K6k w - - 0 1\n").unwrap_err();
        assert!(e[0].message.contains("option of pgn blocks"), "{e:?}");
    }

    #[test]
    fn an_animation_is_bounded_before_it_is_drawn() {
        let mut pgn = String::new();
        for ply in 0..1200 {
            if ply % 2 == 0 {
                pgn.push_str(&format!("{}. ", ply / 2 + 1));
            }
            pgn.push_str(["Nf3 ", "Nc6 ", "Ng1 ", "Nb8 "][ply % 4]);
        }
        pgn.push_str("*\n");
        let e = make("pgn animate", &pgn).unwrap_err();
        assert!(e[0].message.contains("1201 frames"), "{e:?}");
        assert_eq!(e[0].column, 8, "{e:?}");
    }

    #[test]
    fn a_game_of_markers_is_bounded() {
        // 300 half-moves of knights going out and back, a marker after each.
        let shuffle = ["Nf3", "Nc6", "Ng1", "Nb8"];
        let mut pgn = String::new();
        for ply in 0..300 {
            if ply % 2 == 0 {
                pgn.push_str(&format!("{}. ", ply / 2 + 1));
            }
            pgn.push_str(&format!("{} {{[#]}} ", shuffle[ply % 4]));
        }
        pgn.push_str("*\n");
        let e = make("pgn", &pgn).unwrap_err();
        assert!(e[0].message.contains("300 diagram markers"), "{e:?}");
        let e = make("pgn markers", &pgn).unwrap_err();
        assert_eq!((e[0].line, e[0].column), (3, 8), "{e:?}");
        assert_eq!(make("pgn plies=0,300", &pgn).unwrap().diagrams.len(), 2);
    }

    #[test]
    fn game_options_belong_to_pgn_blocks_only() {
        let e = make("fen ply=3 flip", "8/8/8/8/8/8/8/K6k w - - 0 1\n").unwrap_err();
        assert_eq!((e.len(), e[0].column), (1, 8), "{e:?}");
        assert!(e[0].message.contains("option of pgn blocks"), "{e:?}");
        // From the defaults, a game option reaches pgn blocks and is
        // unseen by fen blocks.
        let defaults = crate::markdown::info::parse("fen figurine").unwrap();
        let mut maker = DiagramMaker::new(Format::SVG, defaults);
        let doc =
            format!("```fen\n8/8/8/8/8/8/8/K6k w - - 0 1\n```\n```pgn caption=auto\n{OPERA}```\n");
        let blocks = find_blocks(&doc).unwrap();
        assert!(maker.make(&blocks[0]).is_ok());
        let made = maker.make(&blocks[1]).unwrap();
        assert_eq!(made.diagrams[1].options.caption.as_deref(), Some("17.♖d8#"));
    }
}
