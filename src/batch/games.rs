//! `fen2img batch games.pgn --out-dir d`: one diagram per game (its final
//! position, or one per diagram marker with `--markers`), named from the
//! game's tags (`--name '{white}-{black}-{round}.{ext}'`), with a manifest
//! line per diagram holding the game's tags and the ply. A game that cannot
//! be read or drawn is reported (placed, with a caret) and skipped; the
//! others still render.
//!
//! Games are read one after the other (the reader holds one game at a
//! time), [`CHUNK`] at a time or as many as hold [`CHUNK_PLIES`] half-moves
//! (a game alone may hold more, up to the reader's bound); their positions
//! are picked in parallel (no pixels yet), then drawn in windows of at most
//! [`schedule::chunk_len`] diagrams, the bound the FEN path puts on a
//! chunk's pixels: each window is drawn in parallel and written before
//! the next is drawn, so a game with 12,000 markers holds no more images
//! at once than 512 FEN lines do. Results are handled in game order, so
//! names, messages and the manifest do not depend on `-j`.

use std::collections::HashMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

use rayon::prelude::*;
use serde::Serialize;

use fen2img_render::chess::game::pgn::{read_games, Game, PgnError, PgnOptions};
use fen2img_render::chess::game::Selector;
use fen2img_render::{Format, RenderOptions, Renderer};
use fen2img_support::quote::escape;

use super::excerpt;
use super::game_names::{expand, parse_names, Part, Piece};
use super::manifest::JsonLines;
use super::outcome::{write_diagram, Tally};
use super::schedule;
use super::BatchArgs;
use crate::failure::{error, warn, Failure, EXIT_FAILURE, EXIT_INVALID};
use crate::output::read::read_regular;
use crate::output::signals;
use fen2img_games::input::MAX_PGN_LEN;
use fen2img_games::{diagrams_of, CaptionStyle, GameDiagram, GameError, GameOptions, Pick};

/// Games read and picked together: enough to keep the threads busy, few
/// enough that a file of 100,000 games is never held at once.
const CHUNK: usize = 64;

/// The most half-moves of the games read and picked together: with
/// `--markers` a game gives a position per marker, so 64 games of 12,000
/// markers would hold 768,000 positions picked; games stop joining a
/// chunk once it holds this many half-moves (one game alone may hold up
/// to the reader's own bound, 12,000).
const CHUNK_PLIES: usize = 12_000;

/// One manifest line; fields in this order, absent ones left out.
#[derive(Serialize)]
struct Entry<'a> {
    source: &'a str,
    game: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    ply: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    r#move: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fen: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    output: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tags: Option<serde_json::Map<String, serde_json::Value>>,
}

impl Entry<'_> {
    fn new(source: &str, game: usize) -> Entry<'_> {
        Entry {
            source,
            game,
            ply: None,
            r#move: None,
            fen: None,
            output: None,
            status: None,
            line: None,
            column: None,
            error: None,
            tags: None,
        }
    }
}

/// What one game gave: its diagrams with their file names, its tags and
/// the reader's warnings, or why it gave none.
enum Picked {
    /// The positions to draw, not drawn yet.
    Diagrams {
        items: Vec<(GameDiagram, String)>,
        tags: Vec<(String, String)>,
        warnings: Vec<String>,
    },
    /// It could not be read or its positions picked.
    Failed(GameError),
}

/// One step of handling a chunk of games, in game order: a game's
/// failure, a game's start (its warnings), or one of its diagrams.
#[derive(Clone, Copy)]
enum Step {
    /// Game `.0` of the chunk failed.
    Failed(usize),
    /// Game `.0` of the chunk starts: its warnings.
    Start(usize),
    /// Diagram `.1` of game `.0` of the chunk.
    Draw(usize, usize),
}

/// Whether every input is a `.pgn` file (then `batch` draws games).
pub fn all_pgn(inputs: &[PathBuf]) -> bool {
    !inputs.is_empty() && inputs.iter().all(|p| is_pgn(p))
}

/// Whether `path` names a PGN file (by its extension).
pub fn is_pgn(path: &Path) -> bool {
    fen2img_games::input::is_pgn_path(path.as_os_str().as_encoded_bytes())
}

/// What every game of the run shares.
struct Run<'a> {
    pieces: Vec<Piece>,
    format: Format,
    options: &'a RenderOptions,
    game_options: GameOptions,
    renderers: Vec<Mutex<Renderer>>,
    /// The threads games are picked and diagrams drawn on.
    pool: rayon::ThreadPool,
    /// Diagrams drawn and held at once (see the module's header).
    window: usize,
}

impl Run<'_> {
    /// Game `number` read (or not) from `text`, its positions picked and
    /// named.
    fn pick(&self, source: &str, text: &[u8], number: usize, read: &Read) -> Picked {
        let found = match read {
            Err(e) => return Picked::Failed(excerpt::game_error(source, text, e)),
            Ok(game) => diagrams_of(game, source, text, &self.game_options),
        };
        match found {
            Err(e) => Picked::Failed(e),
            Ok(found) => Picked::Diagrams {
                items: found
                    .diagrams
                    .into_iter()
                    .map(|d| {
                        let file = expand(&self.pieces, number, &found.tags, &d, self.format);
                        (d, file)
                    })
                    .collect(),
                tags: found.tags,
                warnings: found.warnings,
            },
        }
    }

    /// Picks the positions of `chunk`'s games (numbered from `first`) in
    /// parallel, then draws them a window at a time and hands each game's
    /// outcome to `out` in game order. False when a signal stopped it.
    fn chunk(
        &self,
        source: &str,
        text: &[u8],
        chunk: &[Read],
        first: usize,
        out: &mut Handled<'_>,
    ) -> Result<bool, Failure> {
        // Positions only: no pixels are held yet.
        let picked: Vec<(usize, Picked)> = self.pool.install(|| {
            chunk
                .par_iter()
                .enumerate()
                .map(|(i, read)| (first + i, self.pick(source, text, first + i, read)))
                .collect()
        });
        let mut tags_of: Vec<serde_json::Map<String, serde_json::Value>> =
            vec![serde_json::Map::new(); picked.len()];
        let steps = steps(&picked);
        for window in windows(&steps, self.window) {
            if signals::stop_requested().is_some() {
                return Ok(false);
            }
            let mut drawn = self.draw_window(window, &picked).into_iter();
            for step in window {
                let (number, picked) = &picked[step_game(*step)];
                match (*step, picked) {
                    (Step::Failed(_), Picked::Failed(e)) => out.failed(source, *number, e)?,
                    (Step::Start(g), Picked::Diagrams { tags, warnings, .. }) => {
                        for w in warnings {
                            warn(w);
                        }
                        tags_of[g] = tags
                            .iter()
                            .map(|(k, v)| (k.clone(), serde_json::Value::String(v.clone())))
                            .collect();
                    }
                    (Step::Draw(g, d), Picked::Diagrams { items, .. }) => {
                        let (diagram, file) = &items[d];
                        let bytes = drawn.next().unwrap_or_else(|| Err(String::new()));
                        out.diagram(source, *number, &tags_of[g], diagram, file, bytes)?;
                    }
                    _ => {}
                }
            }
        }
        Ok(true)
    }

    /// The diagrams of `window`, drawn in parallel, in its order.
    fn draw_window(
        &self,
        window: &[Step],
        picked: &[(usize, Picked)],
    ) -> Vec<Result<Vec<u8>, String>> {
        let draws: Vec<(usize, usize)> = window
            .iter()
            .filter_map(|s| match *s {
                Step::Draw(g, d) => Some((g, d)),
                _ => None,
            })
            .collect();
        self.pool.install(|| {
            draws
                .par_iter()
                .map(|&(g, d)| match &picked[g].1 {
                    Picked::Diagrams { items, .. } => self.draw(&items[d].0),
                    Picked::Failed(_) => Err(String::new()),
                })
                .collect()
        })
    }

    /// Draws `diagram` with this thread's renderer.
    fn draw(&self, diagram: &GameDiagram) -> Result<Vec<u8>, String> {
        let slot = rayon::current_thread_index().unwrap_or(0) % self.renderers.len().max(1);
        let mut renderer = self.renderers[slot]
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        let mut o = self.options.clone();
        diagram.apply(&mut o.diagram);
        renderer.set_options(o);
        renderer
            .render(&diagram.position)
            .map_err(|e| e.to_string())
    }
}

/// A game as the reader gives it.
type Read = Result<Game, PgnError>;

/// The next games to read and pick together: at most [`CHUNK`], and no
/// more once they hold [`CHUNK_PLIES`] half-moves.
fn next_chunk(games: &mut impl Iterator<Item = Read>) -> Vec<Read> {
    let mut chunk = Vec::new();
    let mut plies = 0;
    while chunk.len() < CHUNK && plies < CHUNK_PLIES {
        let Some(read) = games.next() else { break };
        plies += read.as_ref().map_or(0, |g| g.plies.len());
        chunk.push(read);
    }
    chunk
}

/// The steps of `picked` in game order.
fn steps(picked: &[(usize, Picked)]) -> Vec<Step> {
    let mut out = Vec::new();
    for (g, (_, p)) in picked.iter().enumerate() {
        match p {
            Picked::Failed(_) => out.push(Step::Failed(g)),
            Picked::Diagrams { items, .. } => {
                out.push(Step::Start(g));
                out.extend((0..items.len()).map(|d| Step::Draw(g, d)));
            }
        }
    }
    out
}

/// `steps` cut into windows of at most `most` diagrams each (at least one
/// a window, so every step is in one).
fn windows(steps: &[Step], most: usize) -> Vec<&[Step]> {
    let most = most.max(1);
    let mut out = Vec::new();
    let mut start = 0;
    let mut draws = 0;
    for (i, step) in steps.iter().enumerate() {
        if matches!(step, Step::Draw(..)) {
            if draws == most {
                out.push(&steps[start..i]);
                start = i;
                draws = 0;
            }
            draws += 1;
        }
    }
    if start < steps.len() {
        out.push(&steps[start..]);
    }
    out
}

/// Draws every game of the PGN inputs; the exit code.
pub fn run(
    args: &BatchArgs,
    out_dir: &Path,
    format: Format,
    options: &RenderOptions,
) -> Result<u8, Failure> {
    let (pieces, pick) = names_and_pick(args)?;
    if args.shard.is_some() {
        return Err(Failure::invalid("--shard deals out FEN lines, not games"));
    }
    // Every input is read before anything is created: a missing one
    // leaves nothing behind.
    let texts = read_inputs(&args.inputs)?;
    super::out_dirs::create_out_dir(out_dir)?;
    super::out_dirs::create_manifest_dir(args.manifest.as_deref())?;
    // As many threads as the FEN path would take for images of this size.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(schedule::threads(args.jobs.unwrap_or(0), options))
        .build()
        .map_err(|e| Failure::io(format!("cannot start worker threads: {e}")))?;
    let run = Run {
        pieces,
        format,
        options,
        game_options: game_options(args, pick),
        renderers: (0..pool.current_num_threads().max(1))
            .map(|_| Mutex::new(Renderer::new(options.clone())))
            .collect(),
        pool,
        window: schedule::chunk_len(options),
    };
    let mut manifest = match &args.manifest {
        Some(path) => Some(JsonLines::create(path)?),
        None => None,
    };
    let started = Instant::now();
    let mut tally = Tally::default();
    let mut used: HashMap<String, (usize, usize)> = HashMap::new();
    let mut out = Handled {
        out_dir,
        used: &mut used,
        tally: &mut tally,
        manifest: manifest.as_mut(),
    };
    let mut n = 0usize;
    let _graceful = signals::mode(true);
    let pgn = PgnOptions::default().with_strict(args.render.strict);
    'inputs: for (source, text) in &texts {
        let mut games = read_games(text, pgn);
        loop {
            if signals::stop_requested().is_some() {
                break 'inputs;
            }
            let chunk = next_chunk(&mut games);
            if chunk.is_empty() {
                break;
            }
            let first = n + 1;
            n += chunk.len();
            if !run.chunk(source, text, &chunk, first, &mut out)? {
                break 'inputs;
            }
        }
    }
    if let Some(m) = manifest.take() {
        m.finish()?;
    }
    Ok(tally.finish(started))
}

/// `--name`'s template and the positions to draw of each game, which must
/// name each diagram apart (`{ply}`) when a game gives several.
fn names_and_pick(args: &BatchArgs) -> Result<(Vec<Piece>, Pick), Failure> {
    let name = crate::args::text::utf8("--name", &args.name)?;
    let pieces = parse_names(name)?;
    let names_ply = pieces.iter().any(|p| matches!(p, Piece::Part(Part::Ply)));
    let pick = pick(args)?;
    if !matches!(pick, Pick::One(_)) && !names_ply {
        return Err(Failure::invalid(format!(
            "{} draws several diagrams a game: put {{ply}} in --name, e.g. \
             --name '{{white}}-{{black}}-{{round}}-{{ply}}.{{ext}}'",
            if args.markers {
                "--markers"
            } else {
                "--from/--to"
            }
        )));
    }
    Ok((pieces, pick))
}

/// Every PGN input's name and bytes, each at most [`MAX_PGN_LEN`] bytes.
fn read_inputs(inputs: &[PathBuf]) -> Result<Vec<(String, Vec<u8>)>, Failure> {
    let mut texts = Vec::new();
    for path in inputs {
        let bytes = read_regular(path, MAX_PGN_LEN as u64)
            .map_err(|e| Failure::io(format!("cannot read '{}': {e}", path.display())))?;
        texts.push((path.display().to_string(), bytes));
    }
    Ok(texts)
}

/// How each game is read and its positions picked: `--strict`, the picked
/// positions and `--caption auto`'s move captions.
fn game_options(args: &BatchArgs, pick: Pick) -> GameOptions {
    GameOptions {
        strict: args.render.strict,
        game: 1,
        pick,
        caption: if args.render.caption.as_deref().is_some_and(|c| c == "auto") {
            CaptionStyle::Move
        } else {
            CaptionStyle::None
        },
        figurine: false,
    }
}

/// The positions of each game `--markers`, `--from` and `--to` ask for:
/// the final one when none is given.
pub fn pick(args: &BatchArgs) -> Result<Pick, Failure> {
    use crate::args::games::bound;
    Ok(if args.markers {
        Pick::Markers
    } else if args.from.is_some() || args.to.is_some() {
        Pick::Range {
            from: args
                .from
                .as_deref()
                .map(|v| bound("--from", v))
                .transpose()?,
            to: args.to.as_deref().map(|v| bound("--to", v)).transpose()?,
        }
    } else {
        Pick::One(Selector::Final)
    })
}

/// The game (index in its chunk) a step belongs to.
fn step_game(step: Step) -> usize {
    match step {
        Step::Failed(g) | Step::Start(g) | Step::Draw(g, _) => g,
    }
}

/// Where one game's outcome goes, in game order.
struct Handled<'a> {
    out_dir: &'a Path,
    /// File names written so far: the game and ply of each.
    used: &'a mut HashMap<String, (usize, usize)>,
    tally: &'a mut Tally,
    manifest: Option<&'a mut JsonLines>,
}

impl Handled<'_> {
    /// Reports and records game `number`, which gave no diagram.
    fn failed(&mut self, source: &str, number: usize, e: &GameError) -> Result<(), Failure> {
        report(&e.to_string(), e.caret.as_deref());
        self.tally.invalid += 1;
        if let Some(m) = self.manifest.as_deref_mut() {
            let mut entry = Entry::new(source, e.game.unwrap_or(number));
            entry.line = (e.line > 0).then_some(e.line);
            entry.column = (e.column > 0).then_some(e.column);
            entry.error = Some(e.to_string());
            m.write(&entry)?;
        }
        Ok(())
    }

    /// Writes and records one diagram of game `number` (its `bytes`, or
    /// the render's error).
    fn diagram(
        &mut self,
        source: &str,
        number: usize,
        tags: &serde_json::Map<String, serde_json::Value>,
        diagram: &GameDiagram,
        file: &str,
        bytes: Result<Vec<u8>, String>,
    ) -> Result<(), Failure> {
        let mut entry = Entry::new(source, number);
        entry.ply = Some(diagram.ply);
        entry.r#move = diagram.numbered_san.as_deref();
        entry.fen = Some(diagram.fen());
        entry.tags = Some(tags.clone());
        let outcome = match (bytes, self.used.get(file)) {
            (Err(e), _) => Err((EXIT_INVALID, e)),
            (Ok(_), Some(&(game, ply))) => Err((
                EXIT_INVALID,
                format!(
                    "'{file}' is already game {game}'s diagram at ply {ply}: put more of the \
                     tags, {{n}} or {{ply}} in --name"
                ),
            )),
            (Ok(bytes), None) => {
                self.used.insert(file.to_string(), (number, diagram.ply));
                write_diagram(self.out_dir, file, &bytes)
            }
        };
        match outcome {
            Ok((written, path)) => {
                entry.output = Some(path.display().to_string());
                entry.status = Some(self.tally.count_write(written));
            }
            Err((code, message)) => {
                let message = format!("{}: game {number}: {message}", escape(source));
                report(&message, None);
                if code == EXIT_FAILURE {
                    self.tally.io += 1;
                } else {
                    self.tally.invalid += 1;
                }
                entry.error = Some(message);
            }
        }
        if let Some(m) = self.manifest.as_deref_mut() {
            m.write(&entry)?;
        }
        Ok(())
    }
}

/// An error line (and its caret) on standard error.
pub(super) fn report(message: &str, caret: Option<&str>) {
    let mut err = io::stderr().lock();
    error(message);
    for line in caret.unwrap_or("").lines() {
        let _ = writeln!(err, "{}", escape(line));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_hold_at_most_their_share_of_diagrams_and_keep_the_order() {
        // 6 games of 12,000 markers (the case), a failed game and
        // games of one diagram between them.
        let mut all = Vec::new();
        for g in 0..9 {
            match g {
                3 => all.push(Step::Failed(g)),
                0 | 2 | 4 | 5 | 7 | 8 => {
                    all.push(Step::Start(g));
                    all.extend((0..12_000).map(|d| Step::Draw(g, d)));
                }
                _ => {
                    all.push(Step::Start(g));
                    all.push(Step::Draw(g, 0));
                }
            }
        }
        for most in [1, 16, 104, 512] {
            let cut = windows(&all, most);
            let draws = |w: &[Step]| w.iter().filter(|s| matches!(s, Step::Draw(..))).count();
            assert!(cut.iter().all(|w| draws(w) <= most), "{most}");
            assert_eq!(cut.iter().map(|w| draws(w)).sum::<usize>(), 6 * 12_000 + 2);
            // Every step once, in order.
            let flat: Vec<usize> = cut
                .iter()
                .flat_map(|w| w.iter().map(|s| step_game(*s)))
                .collect();
            let whole: Vec<usize> = all.iter().map(|s| step_game(*s)).collect();
            assert_eq!(flat, whole);
        }
        assert!(windows(&[], 16).is_empty());
        assert_eq!(windows(&[Step::Failed(0)], 16).len(), 1);
    }

    /// `games` games of `plies` knight moves each.
    fn knight_games(games: usize, plies: usize) -> String {
        let knights = ["Nf3", "Nf6", "Ng1", "Ng8"];
        let moves: Vec<String> = (0..plies)
            .map(|i| {
                let number = if i % 2 == 0 {
                    format!("{}. ", i / 2 + 1)
                } else {
                    String::new()
                };
                format!("{number}{}", knights[i % 4])
            })
            .collect();
        format!("{} *\n\n", moves.join(" ")).repeat(games)
    }

    #[test]
    fn chunks_of_games_stop_at_64_games_or_12000_half_moves() {
        let sizes = |text: &str| {
            let mut games = read_games(text.as_bytes(), PgnOptions::default());
            let mut out = Vec::new();
            loop {
                let chunk = next_chunk(&mut games);
                if chunk.is_empty() {
                    return out;
                }
                assert!(chunk.iter().all(Result::is_ok));
                out.push(chunk.len());
            }
        };
        assert_eq!(sizes(&knight_games(100, 10)), [64, 36]);
        // 6 games of 4,000 half-moves: 3 at a time (64 would hold 24,000
        // positions picked for --markers at once).
        assert_eq!(sizes(&knight_games(6, 4000)), [3, 3]);
        // A game longer than the bound is a chunk alone.
        assert_eq!(sizes(&knight_games(2, 12_000)), [1, 1]);
    }
}
