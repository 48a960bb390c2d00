//! What became of each line, and the tally printed at the end.

use fen2img_support::quote::escape;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::failure::{EXIT_FAILURE, EXIT_INVALID, EXIT_OK};
use crate::output::{signals, write_if_changed, Links, WriteOutcome};

use super::lines::Line;

/// What became of one line.
pub enum Outcome {
    /// A file was written, or already held these bytes.
    Done(Done),
    /// No file.
    Failed(Problem),
}

/// A line that has its file.
pub struct Done {
    /// The canonical FEN.
    pub fen: String,
    /// The file.
    pub path: PathBuf,
    /// The plain-language description.
    pub alt: String,
    /// The EPD `c0` caption.
    pub caption: Option<String>,
    /// Width and height of an image.
    pub size: Option<(u32, u32)>,
    /// `false`: the file already held these bytes.
    pub written: bool,
    /// Legality warnings, printed as `FILE:LINE: warning: ...`.
    pub warnings: Vec<String>,
}

/// Why a line produced no file.
pub enum Problem {
    /// The line is not a position (or not a legal one under --strict).
    Invalid {
        /// 1-based column of a syntax error.
        column: Option<usize>,
        /// The message, without the `FILE:LINE:` prefix.
        message: String,
    },
    /// Writing failed.
    Io {
        /// The message, without the `FILE:LINE:` prefix.
        message: String,
    },
    /// The run was stopped by a signal before this line: not rendered,
    /// which says nothing against the line (it is not a failure).
    Interrupted,
}

/// Counts of each outcome.
#[derive(Default)]
pub struct Tally {
    /// Files created or replaced.
    pub written: usize,
    /// Files that already held the bytes.
    pub unchanged: usize,
    /// Lines that are not (legal) positions.
    pub invalid: usize,
    /// Lines whose file could not be written.
    pub io: usize,
    /// Lines a signal stopped the run before (neither done nor failed).
    pub not_rendered: usize,
}

impl Tally {
    /// Counts a file written or left as it was; its status word in the
    /// manifest (`written`, `unchanged`).
    pub fn count_write(&mut self, written: WriteOutcome) -> &'static str {
        match written {
            WriteOutcome::Written => {
                self.written += 1;
                "written"
            }
            WriteOutcome::Unchanged => {
                self.unchanged += 1;
                "unchanged"
            }
        }
    }

    /// The run's last line on stderr (what was written, unchanged and
    /// failed, the time since `started`, and whether Ctrl-C stopped it)
    /// and its exit code: the signal's, else 1 for a file that could not
    /// be written, 2 for a bad input, 0.
    pub fn finish(&self, started: Instant) -> u8 {
        let stopped = signals::stop_requested();
        let _ = writeln!(
            io::stderr().lock(),
            "fen2img: {} written, {} unchanged, {} failed in {:.2} s{}",
            self.written,
            self.unchanged,
            self.invalid + self.io,
            started.elapsed().as_secs_f64(),
            match (stopped, self.not_rendered) {
                (None, _) => String::new(),
                (Some(_), 0) => " (interrupted)".to_string(),
                (Some(_), n) => format!(" (interrupted: {n} not rendered)"),
            }
        );
        match stopped {
            Some(code) => code,
            None if self.io > 0 => EXIT_FAILURE,
            None if self.invalid > 0 => EXIT_INVALID,
            None => EXIT_OK,
        }
    }

    /// Counts an outcome and reports problems as `FILE:LINE:COL: message`.
    pub fn record(&mut self, source: &str, line: &Line, outcome: &Outcome) {
        let mut err = io::stderr().lock();
        match outcome {
            Outcome::Done(done) => {
                if done.written {
                    self.written += 1;
                } else {
                    self.unchanged += 1;
                }
                for w in &done.warnings {
                    let text = format!("{source}:{}: warning: {w}", line.number);
                    let _ = writeln!(err, "{}", escape(&text));
                }
            }
            Outcome::Failed(Problem::Invalid { column, message }) => {
                self.invalid += 1;
                let col = column.map(|c| format!("{c}:")).unwrap_or_default();
                let text = format!("{source}:{}:{col} {message}", line.number);
                let _ = writeln!(err, "{}", escape(&text));
            }
            Outcome::Failed(Problem::Io { message }) => {
                self.io += 1;
                let text = format!("{source}:{}: {message}", line.number);
                let _ = writeln!(err, "{}", escape(&text));
            }
            Outcome::Failed(Problem::Interrupted) => self.not_rendered += 1,
        }
    }
}

/// Writes `bytes` to `out_dir/file` unless it already holds them (never
/// through a link: it is replaced), as games and problems write each
/// diagram; a failure is `EXIT_FAILURE` with the message naming the file.
pub fn write_diagram(
    out_dir: &Path,
    file: &str,
    bytes: &[u8],
) -> Result<(WriteOutcome, PathBuf), (u8, String)> {
    let path = out_dir.join(file);
    match write_if_changed(&path, bytes, Links::Replace) {
        Ok(written) => Ok((written, path)),
        Err(e) => Err((
            EXIT_FAILURE,
            format!("cannot write '{}': {e}", path.display()),
        )),
    }
}
