//! A PGN file read in windows on every core, its games handed on in file
//! order exactly as one reader of the whole file would have read them.
//!
//! Why: `fen2img batch games.pgn -f fen -o -` streams (a file of any
//! length costs the memory of a few windows, not of the file) and is meant
//! to beat C tools at reading, which one core alone does not.
//!
//! How: the file is cut into windows of about [`WINDOW`] bytes, each ending
//! before a line that starts with `[` after a blank line (where games
//! start in exported PGN), else before any line starting with `[`. A few
//! windows at a time are read in parallel, each by a fresh reader as if it
//! were a file of its own. Joining them in order, the last game a window
//! read (the one a cut may have split) is read again from its first byte
//! with the start of the next window after it: when that game ends where
//! the next window begins, the reader stood between games there, holding
//! nothing but its place, so the next window's own reading is the one a
//! whole-file reader makes. When it does not (the cut was inside a
//! comment, or between two tags of one game), the window is joined to the
//! game and the two are read again as one, sequentially; what is joined
//! before reading again at least doubles each time, so a long run of such
//! cuts still costs time linear in the file.
//!
//! Lines, columns and game numbers a window's reader gives are its own;
//! each game's output comes with the [`Shift`] that places it in the file.
//!
//! One difference from a whole-file reader: under `--strict`, Latin-1 text
//! is refused from the game where the reader first met it on, and a window
//! starts that memory afresh.

use std::io::Read;

use rayon::prelude::*;

use fen2img_games::GameError;
use fen2img_render::chess::game::limits::MAX_PGN_LEN;
use fen2img_render::chess::game::pgn::{read_games, Games, PgnError, PgnOptions};

use crate::failure::Failure;

/// About how many bytes a window holds: enough that re-reading one game a
/// window costs nothing measurable, small enough that a file of a few
/// megabytes still gives every core several windows.
pub const WINDOW: usize = 256 * 1024;

/// The longest game (or run of text with no line starting with `[`) read:
/// the bound a whole file had before games were streamed.
pub const MAX_GAME_BYTES: usize = MAX_PGN_LEN;

/// Of the next window, how much is put after a game read again to see
/// where it ends: a tag line of the longest value the reader takes.
const PROBE: usize = 80 * 1024;

/// Where a window's (or a re-read game's) first byte is in the file, to
/// put its reader's places back in the file.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Shift {
    /// Lines of the file before it.
    pub lines: usize,
    /// Characters before it on its line (its first line's columns move).
    pub columns: usize,
    /// Games of the file before it.
    pub games: usize,
}

impl Shift {
    /// `e` (placed by a window's reader) placed in the file.
    pub fn place(&self, e: &mut GameError) {
        if e.line > 0 {
            if e.line == 1 {
                e.column = e.column.saturating_add(clamp(self.columns));
            }
            e.line = e.line.saturating_add(clamp(self.lines));
        }
        if let Some(game) = e.game.as_mut() {
            *game += self.games;
        }
    }
}

fn clamp(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// What is read of each game and done with it, on any thread: `text` is
/// what its reader read (for excerpts), `read` the game or why it could
/// not be read.
pub trait PerGame: Sync {
    /// What is read of one game (a [`Game`](fen2img_render::chess::game::pgn::Game),
    /// or only where it ends).
    type Read;
    /// What one game gives, handed on in file order.
    type Out: Send;
    /// Reads the next game of `games`; `None` at the end.
    fn next(&self, games: &mut Games<'_>) -> Option<Result<Self::Read, PgnError>>;
    /// One game's output.
    fn game(&self, text: &[u8], read: Result<Self::Read, PgnError>) -> Self::Out;
}

/// A window's own reading: every game's output but the last one's, and
/// where that last one starts.
struct Reading<T> {
    outs: Vec<T>,
    last: Option<usize>,
}

/// Reads `text` with a fresh reader; the last game too when `whole` (the
/// end of the file), else only where it starts.
fn read_text<P: PerGame>(text: &[u8], pgn: PgnOptions, per: &P, whole: bool) -> Reading<P::Out> {
    let mut games = read_games(text, pgn);
    let mut outs = Vec::new();
    let mut held: Option<(usize, Result<P::Read, PgnError>)> = None;
    while let Some(at) = games.next_offset() {
        let Some(read) = per.next(&mut games) else {
            break;
        };
        if let Some((_, before)) = held.replace((at, read)) {
            outs.push(per.game(text, before));
        }
    }
    let last = match held {
        Some((_, read)) if whole => {
            outs.push(per.game(text, read));
            None
        }
        Some((at, _)) => Some(at),
        None => None,
    };
    Reading { outs, last }
}

/// Line ends in `bytes`, counted as the reader counts them (LF, CRLF, a
/// lone CR).
fn line_ends(bytes: &[u8]) -> usize {
    // Every byte of the file passes here once. Without a CR, LFs are
    // counted in runs of 255 bytes whose byte-wide sums cannot overflow,
    // which the compiler makes wide: 0.1 ms a megabyte, where counting
    // byte by byte took 1.5 ms (3.5% of `batch games.pgn -f fen`).
    if !bytes.contains(&b'\r') {
        return bytes
            .chunks(255)
            .map(|run| run.iter().map(|&b| u8::from(b == b'\n')).sum::<u8>() as usize)
            .sum();
    }
    let mut n = 0;
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'\n' => n += 1,
            b'\r' if bytes.get(i + 1) != Some(&b'\n') => n += 1,
            _ => {}
        }
    }
    n
}

/// `base` moved over `bytes`: lines and the columns of the last line.
fn shift_over(base: Shift, bytes: &[u8]) -> Shift {
    let ends = line_ends(bytes);
    let last_start = bytes
        .iter()
        .rposition(|&b| b == b'\n' || b == b'\r')
        .map_or(0, |i| i + 1);
    let chars = bytes[last_start..]
        .iter()
        .filter(|&&b| (b as i8) >= -0x40)
        .count();
    Shift {
        lines: base.lines + ends,
        columns: if ends == 0 {
            base.columns + chars
        } else {
            chars
        },
        games: base.games,
    }
}

/// Whether a line end (LF, CRLF, lone CR) ends `bytes[..i]`, and where
/// the line it ends starts.
fn line_end_before(bytes: &[u8], i: usize) -> Option<usize> {
    if i >= 2 && &bytes[i - 2..i] == b"\r\n" {
        Some(i - 2)
    } else if i >= 1 && matches!(bytes[i - 1], b'\n' | b'\r') {
        Some(i - 1)
    } else {
        None
    }
}

/// Where to end a window in `bytes`: before the last `[` that starts a
/// line after a blank line, else the last `[` that starts a line; never
/// at 0 (a window holds something).
fn cut(bytes: &[u8]) -> Option<usize> {
    let mut any_line = None;
    for i in (1..bytes.len()).rev() {
        if bytes[i] != b'[' {
            continue;
        }
        let Some(end) = line_end_before(bytes, i) else {
            continue;
        };
        if line_end_before(bytes, end).is_some() {
            return Some(i);
        }
        any_line.get_or_insert(i);
    }
    any_line
}

/// The file cut into windows as it is read.
struct Windows<R> {
    file: R,
    /// Read but not yet in a window.
    rest: Vec<u8>,
    ended: bool,
}

impl<R: Read> Windows<R> {
    /// The next window; `None` at the end of the file.
    fn next(&mut self) -> Result<Option<Vec<u8>>, Failure> {
        loop {
            if self.ended {
                return Ok((!self.rest.is_empty()).then(|| std::mem::take(&mut self.rest)));
            }
            // Look for a cut only in what is new (plus the byte or three a
            // line end before a `[` may take: a blank line in CRLF is four), so a long game is not
            // searched again and again.
            let searched = self.rest.len().saturating_sub(4);
            let want = WINDOW.max(self.rest.len());
            let start = self.rest.len();
            self.rest.resize(start + want, 0);
            let got = read_full(&mut self.file, &mut self.rest[start..])
                .map_err(|e| Failure::io(format!("cannot read: {e}")))?;
            self.rest.truncate(start + got);
            if got < want {
                self.ended = true;
            }
            if self.ended {
                continue;
            }
            if let Some(at) = cut(&self.rest[searched..]).map(|i| i + searched) {
                let tail = self.rest.split_off(at);
                return Ok(Some(std::mem::replace(&mut self.rest, tail)));
            }
            if self.rest.len() > MAX_GAME_BYTES {
                return Err(Failure::invalid(format!(
                    "no line starts with '[' in {} MiB: is it PGN? (a game may hold at most {} MiB)",
                    MAX_GAME_BYTES >> 20,
                    MAX_GAME_BYTES >> 20
                )));
            }
        }
    }
}

/// Reads until `buf` is full or the end; the bytes read.
fn read_full(file: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match file.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

/// A game that may go on in the next window: its bytes from its first
/// one, and the windows joined to it since it was last read.
struct Carry {
    bytes: Vec<u8>,
    shift: Shift,
    /// Bytes joined since the last reading (0: `bytes` is one game read
    /// to the end of what was there).
    joined: usize,
}

/// Reads every game of `file` with `threads` windows in flight, handing
/// each game's output and its place to `sink` in file order; stops early
/// when `stop` says so.
pub fn read_file<P: PerGame>(
    file: impl Read,
    pgn: PgnOptions,
    per: &P,
    pool: &rayon::ThreadPool,
    mut stop: impl FnMut() -> bool,
    mut sink: impl FnMut(Shift, P::Out) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let mut windows = Windows {
        file,
        rest: Vec::new(),
        ended: false,
    };
    // Windows in flight: a few a thread, so one slow window does not
    // leave the others idle for long.
    let in_flight = pool.current_num_threads().max(1) * 3;
    let mut at = Shift::default();
    let mut carry: Option<Carry> = None;
    let mut games = 0usize;
    // A reader numbers its games from 1: the games before its text are
    // the shift of each.
    let mut emit = |shift: Shift, outs: Vec<P::Out>, games: &mut usize| {
        let before = *games;
        for out in outs {
            sink(
                Shift {
                    games: before,
                    ..shift
                },
                out,
            )?;
            *games += 1;
        }
        Ok::<(), Failure>(())
    };
    while !stop() {
        let mut batch = Vec::with_capacity(in_flight);
        while batch.len() < in_flight {
            match windows.next()? {
                Some(w) => batch.push(w),
                None => break,
            }
        }
        if batch.is_empty() {
            break;
        }
        let readings: Vec<Reading<P::Out>> = pool.install(|| {
            batch
                .par_iter()
                .map(|w| read_text(w, pgn, per, false))
                .collect()
        });
        for (window, reading) in batch.iter().zip(readings) {
            let start = at;
            at = shift_over(at, window);
            let reading = match carry.take() {
                None => Some(reading),
                Some(c) if c.joined == 0 => match probe(&c, window, pgn, per) {
                    Some(out) => {
                        emit(c.shift, vec![out], &mut games)?;
                        Some(reading)
                    }
                    None => {
                        carry = Some(join(c, window)?);
                        None
                    }
                },
                Some(c) => {
                    carry = Some(join(c, window)?);
                    None
                }
            };
            if let Some(reading) = reading {
                emit(start, reading.outs, &mut games)?;
                carry = reading.last.map(|l| Carry {
                    bytes: window[l..].to_vec(),
                    shift: shift_over(start, &window[..l]),
                    joined: 0,
                });
            } else if let Some(c) = carry.take() {
                // Read the joined text again once what was joined is at
                // least what was read before (linear time overall).
                if c.joined >= c.bytes.len() - c.joined {
                    let reading = read_text(&c.bytes, pgn, per, false);
                    emit(c.shift, reading.outs, &mut games)?;
                    carry = reading.last.map(|l| Carry {
                        bytes: c.bytes[l..].to_vec(),
                        shift: shift_over(c.shift, &c.bytes[..l]),
                        joined: 0,
                    });
                } else {
                    carry = Some(c);
                }
            }
        }
    }
    if stop() {
        return Ok(());
    }
    if let Some(c) = carry {
        let reading = read_text(&c.bytes, pgn, per, true);
        emit(c.shift, reading.outs, &mut games)?;
    }
    Ok(())
}

/// `c`'s game read again with the start of `next` after it: its output
/// when it ends where `next` begins, `None` when it goes on into `next`.
fn probe<P: PerGame>(c: &Carry, next: &[u8], pgn: PgnOptions, per: &P) -> Option<P::Out> {
    let mut text = Vec::with_capacity(c.bytes.len() + PROBE.min(next.len()));
    text.extend_from_slice(&c.bytes);
    text.extend_from_slice(&next[..PROBE.min(next.len())]);
    let mut games = read_games(&text, pgn);
    games.next_offset()?;
    let read = per.next(&mut games)?;
    (games.next_offset() == Some(c.bytes.len())).then(|| per.game(&text, read))
}

/// `next` joined to the game `c` holds, within the bound on a game.
fn join(mut c: Carry, next: &[u8]) -> Result<Carry, Failure> {
    if c.bytes.len() + next.len() > MAX_GAME_BYTES {
        return Err(Failure::invalid(format!(
            "a game (from line {}) is longer than {} MiB",
            c.shift.lines + 1,
            MAX_GAME_BYTES >> 20
        )));
    }
    c.bytes.extend_from_slice(next);
    c.joined += next.len();
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use fen2img_render::chess::game::pgn::Game;

    /// Each game as its number, first line and plies, or its error's place.
    struct Summary;

    impl PerGame for Summary {
        type Read = Game;
        type Out = Result<(usize, usize, usize, String), (usize, usize, usize)>;
        fn next(&self, games: &mut Games<'_>) -> Option<Result<Game, PgnError>> {
            games.next()
        }
        fn game(&self, _text: &[u8], read: Result<Game, PgnError>) -> Self::Out {
            match read {
                Ok(g) => Ok((
                    g.number,
                    g.line,
                    g.plies.len(),
                    g.end.map(|e| e.position.to_string()).unwrap_or_default(),
                )),
                Err(e) => Err((e.game, e.line, e.column)),
            }
        }
    }

    /// The whole-file reading, placed in the file.
    fn whole(text: &[u8]) -> Vec<<Summary as PerGame>::Out> {
        read_games(text, PgnOptions::default())
            .map(|r| Summary.game(text, r))
            .collect()
    }

    /// The windowed reading with windows cut every `every` bytes at most.
    fn windowed(text: &[u8], threads: usize) -> Vec<<Summary as PerGame>::Out> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let mut out = Vec::new();
        read_file(
            text,
            PgnOptions::default(),
            &Summary,
            &pool,
            || false,
            |shift, o| {
                out.push(match o {
                    Ok((n, line, plies, end)) => {
                        Ok((n + shift.games, line + shift.lines, plies, end))
                    }
                    Err((n, line, column)) => {
                        let column = if line == 1 {
                            column + shift.columns
                        } else {
                            column
                        };
                        Err((n + shift.games, line + shift.lines, column))
                    }
                });
                Ok(())
            },
        )
        .unwrap();
        out
    }

    /// Games that tempt a cut: blank lines and `[` inside comments, tags
    /// with blank lines between them, no blank line between games, errors,
    /// CR and CRLF line ends, a result on the line of the next tags.
    fn tricky(n: usize) -> Vec<u8> {
        let mut text = String::new();
        for i in 0..n {
            match i % 7 {
                0 => text.push_str("[Event \"a\"]\n\n[White \"W\"]\n\n1. e4 e5 2. Nf3 *\n\n"),
                1 => text.push_str(
                    "[Event \"b\"]\n\n1. d4 {a comment\n\n[Event \"not a game\"]\n\n} d5 1-0\n\n",
                ),
                2 => text.push_str("[Event \"c\"]\n1. e4 Ke7 2. Qh5 *\n[Event \"d\"]\n1. c4 *\n"),
                3 => text.push_str("[Event \"e\"]\r\n\r\n1. e4 c5 2. Nf3 d6 1/2-1/2\r\n\r\n"),
                4 => text.push_str("1. f4 e5 0-1 [Event \"f\"]\n\n1. g4 *\n\n"),
                5 => text.push_str("[Event \"g\"]\r\r1. Nf3 (1. e4 e5\n\n[x) Nf6 *\r\r"),
                _ => text.push_str("[Event \"h\"]\n\n1. e4 e5 2. Ke2 Ke7 3. Kd3 Kd6 *\n\n"),
            }
        }
        text.into_bytes()
    }

    #[test]
    fn windows_give_what_one_reader_of_the_whole_file_gives() {
        // Enough games for many windows, so cuts fall everywhere.
        let text = tricky(40_000);
        assert!(text.len() > 3 * WINDOW, "{}", text.len());
        let expected = whole(&text);
        assert!(expected.iter().any(Result::is_err));
        for threads in [1, 3] {
            assert_eq!(windowed(&text, threads), expected, "{threads} threads");
        }
    }

    #[test]
    fn a_comment_over_many_windows_is_joined_and_read_once_whole() {
        let mut text = b"[Event \"a\"]\n\n1. e4 {".to_vec();
        text.extend(b"x\n\n[Event \"b\"]\n\n".repeat(4 * WINDOW / 16));
        text.extend(b"} e5 *\n\n[Event \"c\"]\n\n1. d4 *\n");
        assert_eq!(windowed(&text, 2), whole(&text));
        assert_eq!(whole(&text).len(), 2);
        // Never closed: one error, no game after it.
        let open = &text[..text.len() - 40];
        assert_eq!(windowed(open, 2), whole(open));
    }

    #[test]
    fn cuts_fall_before_a_tag_line_after_a_blank_line_if_there_is_one() {
        assert_eq!(cut(b"1. e4 *\n\n[A \"\"]\n[B \"\"]\n"), Some(9));
        assert_eq!(cut(b"1. e4 *\r\n\r\n[A \"\"]\r\n[B \"\"]"), Some(11));
        assert_eq!(cut(b"1. e4 *\n[A \"\"]\n[B \"\"]\n"), Some(15));
        assert_eq!(cut(b"[A \"\"] 1. e4 *"), None);
        assert_eq!(line_ends(b"a\r\nb\rc\n\r"), 4);
        let s = shift_over(
            Shift {
                lines: 2,
                columns: 5,
                games: 0,
            },
            "é[".as_bytes(),
        );
        assert_eq!((s.lines, s.columns), (2, 7));
        let s = shift_over(Shift::default(), b"a\r\nbc");
        assert_eq!((s.lines, s.columns), (1, 2));
    }
}
