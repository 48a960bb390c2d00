//! The JSON Lines manifest: one object per input line, written as the run
//! goes (through a temporary renamed at the end, like every output).

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::lines::Line;
use super::outcome::{Outcome, Problem};
use crate::failure::Failure;
use crate::output::{Links, Sink};

/// A JSON Lines file (the FEN batch's manifest, a games batch's): one
/// object per line, written as the run goes.
pub struct JsonLines {
    path: PathBuf,
    out: BufWriter<Sink>,
}

impl JsonLines {
    /// Opens the file: `-` is standard output; any other path follows the
    /// rules of `-o` (a device or FIFO is written in place).
    pub fn create(path: &Path) -> Result<JsonLines, Failure> {
        let sink = if path.as_os_str() == "-" {
            Sink::stdout()
        } else {
            Sink::create(path, Links::Follow).map_err(|e| fail(path, e))?
        };
        Ok(JsonLines {
            path: path.to_path_buf(),
            out: BufWriter::new(sink),
        })
    }

    /// Appends `entry` as one line.
    pub fn write(&mut self, entry: &impl Serialize) -> Result<(), Failure> {
        serde_json::to_writer(&mut self.out, entry)
            .map_err(io::Error::from)
            .and_then(|()| self.out.write_all(b"\n"))
            .map_err(|e| fail(&self.path, e))
    }

    /// Flushes and puts the file in place.
    pub fn finish(self) -> Result<(), Failure> {
        let path = self.path;
        let sink = self
            .out
            .into_inner()
            .map_err(|e| fail(&path, e.into_error()))?;
        sink.finish().map_err(|e| fail(&path, e))
    }
}

/// Writes the manifest as it goes.
pub struct ManifestWriter {
    lines: JsonLines,
    /// `K/N` of a sharded run, which ends every line (so that
    /// `merge-manifests` can tell a part missing, given twice or out of
    /// order, and take the field out again).
    shard: Option<String>,
}

/// One line of the manifest; fields in this order, absent ones left out.
#[derive(Serialize)]
struct Entry<'a> {
    source: &'a str,
    line: usize,
    input: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    fen: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    output: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    alt: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    caption: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    width: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    height: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
    /// Last: `merge-manifests` takes it out as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    shard: Option<&'a str>,
}

impl ManifestWriter {
    /// Opens the manifest: `-` is standard output; any other path follows
    /// the rules of `-o` (a device or FIFO is written in place). `shard`:
    /// the run's `K/N`, when sharded.
    pub fn create(path: &Path, shard: Option<String>) -> Result<ManifestWriter, Failure> {
        Ok(ManifestWriter {
            lines: JsonLines::create(path)?,
            shard,
        })
    }

    /// Appends the object for one line.
    pub fn write(&mut self, source: &str, line: &Line, outcome: &Outcome) -> Result<(), Failure> {
        let input = String::from_utf8_lossy(&line.text);
        let mut entry = Entry {
            source,
            line: line.number,
            input: &input,
            fen: None,
            output: None,
            alt: None,
            caption: None,
            width: None,
            height: None,
            status: None,
            column: None,
            error: None,
            shard: self.shard.as_deref(),
        };
        match outcome {
            Outcome::Done(done) => {
                entry.fen = Some(&done.fen);
                entry.output = Some(done.path.display().to_string());
                entry.alt = Some(&done.alt);
                entry.caption = done.caption.as_deref();
                entry.width = done.size.map(|(w, _)| w);
                entry.height = done.size.map(|(_, h)| h);
                entry.status = Some(if done.written { "written" } else { "unchanged" });
            }
            Outcome::Failed(Problem::Invalid { column, message }) => {
                entry.column = *column;
                entry.error = Some(message);
            }
            Outcome::Failed(Problem::Io { message }) => entry.error = Some(message),
            // Not a failure: the line was never tried.
            Outcome::Failed(Problem::Interrupted) => entry.status = Some("not-rendered"),
        }
        self.lines.write(&entry)
    }

    /// Flushes and puts the manifest in place.
    pub fn finish(self) -> Result<(), Failure> {
        self.lines.finish()
    }
}

fn fail(path: &Path, e: io::Error) -> Failure {
    Failure::io(format!("cannot write manifest '{}': {e}", path.display()))
}
