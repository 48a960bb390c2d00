//! What became of each line, and the tally printed at the end.

use std::io::{self, Write};
use std::path::PathBuf;

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
    pub fen: String,
    pub path: PathBuf,
    pub alt: String,
    pub caption: Option<String>,
    pub size: Option<(u32, u32)>,
    /// `false`: the file already held these bytes.
    pub written: bool,
    pub warnings: Vec<String>,
}

/// Why a line produced no file.
pub enum Problem {
    /// The line is not a position (or not a legal one under --strict).
    Invalid {
        column: Option<usize>,
        message: String,
    },
    /// Writing failed.
    Io { message: String },
    /// The run was stopped by a signal before this line.
    Interrupted,
}

/// Counts of each outcome.
#[derive(Default)]
pub struct Tally {
    pub written: usize,
    pub unchanged: usize,
    pub invalid: usize,
    pub io: usize,
}

impl Tally {
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
                    let _ = writeln!(err, "{source}:{}: warning: {w}", line.number);
                }
            }
            Outcome::Failed(Problem::Invalid { column, message }) => {
                self.invalid += 1;
                let col = column.map(|c| format!("{c}:")).unwrap_or_default();
                let _ = writeln!(err, "{source}:{}:{col} {message}", line.number);
            }
            Outcome::Failed(Problem::Io { message }) => {
                self.io += 1;
                let _ = writeln!(err, "{source}:{}: {message}", line.number);
            }
            Outcome::Failed(Problem::Interrupted) => self.io += 1,
        }
    }
}
