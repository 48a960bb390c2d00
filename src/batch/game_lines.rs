//! `fen2img batch games.pgn -f fen -o -` (or `-f epd`): every picked
//! position of every game as one line, in file order, to standard output
//! or a file: the final position of each game, each diagram marker's with
//! `--markers`, each from `--from` to `--to`. Every move of every game is
//! replayed (an illegal one fails its game). A game that cannot be read is
//! reported on standard error (placed, with a caret) and skipped. For the
//! final positions (the default) each game is read for its end only
//! (`Games::next_end`): checked and warned about as a whole reading, but
//! no move kept.
//!
//! Files are read in windows on every core (`pgn_windows`): memory holds a
//! few windows and their lines, whatever the length of the file.

use std::cell::Cell;
use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::rc::Rc;
use std::time::Instant;

use fen2img_games::{
    diagrams_of, warnings_not_kept, CaptionStyle, GameError, GameErrorKind, GameOptions, Pick,
};
use fen2img_render::chess::game::pgn::{Game, GameEnd, Games, PgnError, PgnErrorKind, PgnOptions};
use fen2img_render::chess::game::Selector;
use fen2img_render::Position;
use fen2img_support::quote::{escape, shown};

use super::excerpt;
use super::games::report;
use super::pgn_windows::{self, PerGame, Shift};
use crate::failure::{warn, Failure, EXIT_INVALID, EXIT_OK};
use crate::output::signals;
use crate::output::{Links, Sink};

/// What each line holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineFormat {
    /// The position's FEN (six fields, or more for variants).
    Fen,
    /// FEN without the clocks, then the game's tags as EPD operations,
    /// then the clocks as `hmvc` and `fmvn`.
    Epd,
}

/// What the lines are made of.
pub struct Lines {
    /// FEN or EPD.
    pub format: LineFormat,
    /// Which positions of each game.
    pub pick: Pick,
    /// Read PGN strictly.
    pub strict: bool,
}

/// One game's part of the output.
pub struct GameLines {
    /// Its lines, each ending in `\n`.
    text: String,
    /// How many lines.
    count: usize,
    /// The reader's warnings, placed in the window.
    warnings: Vec<GameError>,
    /// Why the game gave no line, placed in the window.
    error: Option<GameError>,
}

/// The per-game work, done on any thread.
struct PerGameLines<'a> {
    lines: &'a Lines,
    source: &'a str,
    options: GameOptions,
}

/// What a game's output says of it besides its lines, whether it was read
/// whole or for its end.
trait Read {
    /// The reader's warnings kept, and how many more there were.
    fn warnings(&self) -> (&[PgnError], usize);
    /// Its number in the file (its window's) and `White – Black`.
    fn named(&self) -> (usize, Option<String>);
}

impl Read for Game {
    fn warnings(&self) -> (&[PgnError], usize) {
        (&self.warnings, self.warnings_not_kept)
    }
    fn named(&self) -> (usize, Option<String>) {
        (self.number, self.players())
    }
}

impl Read for GameEnd {
    fn warnings(&self) -> (&[PgnError], usize) {
        (&self.warnings, self.warnings_not_kept)
    }
    fn named(&self) -> (usize, Option<String>) {
        (self.number, self.players())
    }
}

impl PerGameLines<'_> {
    /// A game's output, no line yet: the reader's warnings placed in the
    /// window, the count of those not kept last; or why it gave no line.
    fn begin<G: Read>(&self, text: &[u8], read: &Result<G, PgnError>) -> GameLines {
        let mut out = GameLines {
            text: String::new(),
            count: 0,
            warnings: Vec::new(),
            error: None,
        };
        let game = match read {
            Ok(game) => game,
            Err(e) => {
                out.error = Some(excerpt::game_error(self.source, text, e));
                return out;
            }
        };
        let (kept, not_kept) = game.warnings();
        out.warnings = kept
            .iter()
            .map(|w| GameError::placed(self.source, w))
            .collect();
        if let Some(message) = warnings_not_kept(not_kept) {
            let (number, players) = game.named();
            out.warnings.push(GameError {
                game: Some(number),
                players,
                ..GameError::plain(
                    self.source,
                    GameErrorKind::Pgn(PgnErrorKind::Strict),
                    message,
                )
            });
        }
        out
    }
}

/// Each game read whole, for the positions markers and ranges pick.
impl PerGame for PerGameLines<'_> {
    type Read = Game;
    type Out = GameLines;

    fn next(&self, games: &mut Games<'_>) -> Option<Result<Game, PgnError>> {
        games.next()
    }

    fn game(&self, text: &[u8], read: Result<Game, PgnError>) -> GameLines {
        let mut out = self.begin(text, &read);
        let Ok(game) = read else {
            return out;
        };
        match diagrams_of(&game, self.source, &[], &self.options) {
            Ok(found) => {
                for diagram in &found.diagrams {
                    self.push(&mut out, &game.tags, &diagram.position);
                }
            }
            Err(e) => out.error = Some(e),
        }
        out
    }
}

/// Each game read for its final position only: every move replayed and
/// checked, none kept.
struct FinalLines<'a>(&'a PerGameLines<'a>);

impl PerGame for FinalLines<'_> {
    type Read = GameEnd;
    type Out = GameLines;

    fn next(&self, games: &mut Games<'_>) -> Option<Result<GameEnd, PgnError>> {
        games.next_end()
    }

    fn game(&self, text: &[u8], read: Result<GameEnd, PgnError>) -> GameLines {
        let mut out = self.0.begin(text, &read);
        if let Ok(end) = read {
            self.0.push(&mut out, &end.tags, &end.end.position);
        }
        out
    }
}

impl PerGameLines<'_> {
    /// One line for `position` of the game with `tags`.
    fn push(&self, out: &mut GameLines, tags: &[(String, String)], position: &Position) {
        out.count += 1;
        match self.lines.format {
            LineFormat::Fen => {
                let _ = writeln!(out.text, "{position}");
            }
            LineFormat::Epd => {
                epd_line(&mut out.text, tags, position);
                out.text.push('\n');
            }
        }
    }
}

/// `position` as EPD: FEN's fields without the two clocks, each of `tags`
/// whose name can be an opcode as a string operation, then the clocks as
/// `hmvc` and `fmvn`. A tag's value is made one safe line (`shown`) and
/// its `"` and `\` escaped.
fn epd_line(out: &mut String, tags: &[(String, String)], position: &Position) {
    let fen = position.to_string();
    let fields: Vec<&str> = fen.split(' ').collect();
    // Three-check's "checks given" field follows the clocks.
    let clocks = match fields.last() {
        Some(f) if f.starts_with('+') => fields.len() - 3,
        _ => fields.len() - 2,
    };
    for (i, field) in fields.iter().enumerate() {
        if i == clocks || i == clocks + 1 {
            continue;
        }
        if i > 0 {
            out.push(' ');
        }
        out.push_str(field);
    }
    for (name, value) in tags {
        if !is_opcode(name) {
            continue;
        }
        let _ = write!(out, " {name} \"");
        for c in shown(value).chars() {
            if matches!(c, '"' | '\\') {
                out.push('\\');
            }
            out.push(c);
        }
        out.push_str("\";");
    }
    let _ = write!(
        out,
        " hmvc {}; fmvn {};",
        position.halfmove_clock, position.fullmove_number
    );
}

/// Whether `name` can be an EPD opcode: a letter, then letters, digits and
/// underscores, 15 at most.
fn is_opcode(name: &str) -> bool {
    name.len() <= 15
        && name.bytes().next().is_some_and(|b| b.is_ascii_alphabetic())
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Where the lines go: standard output (`-`), or a file under the rules
/// of `-o` (a temporary renamed at the end; a device or FIFO in place).
struct Output {
    path: std::path::PathBuf,
    out: BufWriter<Sink>,
    /// The reader of standard output went away (`| head`): not an error,
    /// and nothing more to do.
    gone: Rc<Cell<bool>>,
}

impl Output {
    fn create(path: &Path) -> Result<Output, Failure> {
        let sink = if path.as_os_str() == "-" {
            // Fails on a closed standard output (the lines would be lost).
            crate::stdout::write(b"")?;
            Sink::stdout()
        } else {
            Sink::create(path, Links::Follow).map_err(|e| fail(path, &e))?
        };
        Ok(Output {
            path: path.to_path_buf(),
            out: BufWriter::with_capacity(1 << 16, sink),
            gone: Rc::new(Cell::new(false)),
        })
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        if self.gone.get() {
            return Ok(());
        }
        match self.out.write_all(bytes) {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                self.gone.set(true);
                Ok(())
            }
            r => r.map_err(|e| fail(&self.path, &e)),
        }
    }

    /// Flushes and puts a file in place.
    fn finish(self) -> Result<(), Failure> {
        let path = self.path;
        let gone = self.gone.get();
        let sink = match self.out.into_inner() {
            Ok(sink) => sink,
            Err(e) if gone || e.error().kind() == io::ErrorKind::BrokenPipe => return Ok(()),
            Err(e) => return Err(fail(&path, e.error())),
        };
        match sink.finish() {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
            r => r.map_err(|e| fail(&path, &e)),
        }
    }
}

fn fail(path: &Path, e: &io::Error) -> Failure {
    if path.as_os_str() == "-" {
        Failure::io(format!("cannot write to standard output: {e}"))
    } else {
        Failure::io(format!(
            "cannot write '{}': {e}",
            escape(&path.display().to_string())
        ))
    }
}

/// Opens an input: a regular file only (a FIFO would wait for a writer,
/// `/dev/zero` never ends), checked again once open.
fn open_regular(path: &Path) -> Result<File, Failure> {
    let cannot = |e: &dyn std::fmt::Display| {
        Failure::io(format!(
            "cannot read '{}': {e}",
            escape(&path.display().to_string())
        ))
    };
    let regular = |m: &std::fs::Metadata| m.is_file();
    match std::fs::metadata(path) {
        Ok(m) if regular(&m) => {}
        Ok(_) => return Err(cannot(&"not a regular file")),
        Err(e) => return Err(cannot(&e)),
    }
    let file = File::open(path).map_err(|e| cannot(&e))?;
    match file.metadata() {
        Ok(m) if regular(&m) => Ok(file),
        Ok(_) => Err(cannot(&"not a regular file")),
        Err(e) => Err(cannot(&e)),
    }
}

/// Writes the lines of every game of `inputs` to `output` (`-`: standard
/// output); the exit code.
pub fn run(
    inputs: &[std::path::PathBuf],
    output: &Path,
    lines: &Lines,
    threads: usize,
) -> Result<u8, Failure> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Failure::io(format!("cannot start worker threads: {e}")))?;
    // Every input is opened before the output is made: a missing one
    // leaves nothing behind.
    let mut files = Vec::new();
    for path in inputs {
        files.push((path.display().to_string(), open_regular(path)?));
    }
    let mut out = Output::create(output)?;
    let pgn = PgnOptions::default().with_strict(lines.strict);
    let started = Instant::now();
    let (mut written, mut games, mut failed) = (0usize, 0usize, 0usize);
    let _graceful = signals::mode(true);
    for (source, file) in files {
        let per = PerGameLines {
            lines,
            source: &source,
            options: GameOptions {
                strict: lines.strict,
                game: 1,
                pick: lines.pick.clone(),
                caption: CaptionStyle::None,
                figurine: false,
            },
        };
        let gone = Rc::clone(&out.gone);
        let stop = || signals::stop_requested().is_some() || gone.get();
        let sink = |shift: Shift, mut game: GameLines| {
            games += 1;
            for w in &mut game.warnings {
                shift.place(w);
                warn(&*w);
            }
            if let Some(mut e) = game.error {
                shift.place(&mut e);
                report(&e.to_string(), e.caret.as_deref());
                failed += 1;
            }
            written += game.count;
            out.write(game.text.as_bytes())
        };
        let read = if lines.pick == Pick::One(Selector::Final) {
            pgn_windows::read_file(file, pgn, &FinalLines(&per), &pool, stop, sink)
        } else {
            pgn_windows::read_file(file, pgn, &per, &pool, stop, sink)
        };
        if let Err(e) = read {
            // The temporary is removed as it is dropped.
            drop(out);
            return Err(Failure {
                message: format!("{}: {}", escape(&source), e.message),
                ..e
            });
        }
        if out.gone.get() {
            break;
        }
    }
    let finished = out.finish();
    let stopped = signals::stop_requested();
    eprintln!(
        "fen2img: {written} positions from {games} games, {failed} failed in {:.2} s{}",
        started.elapsed().as_secs_f64(),
        if stopped.is_some() {
            " (interrupted)"
        } else {
            ""
        }
    );
    finished?;
    Ok(match stopped {
        Some(code) => code,
        None if failed > 0 => EXIT_INVALID,
        None => EXIT_OK,
    })
}
