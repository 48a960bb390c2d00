//! Every file fen2img writes goes through here: images (`-o` and batch),
//! the batch manifest, and the spool of standard input.
//!
//! Bytes go to a [`Temporary`] beside the target, renamed over it only once
//! complete: a crash, a full disk or a signal leaves the old file or the new
//! one, never a truncated image, and no temporary (see [`cleanup`]).
//!
//! Which entry is replaced depends on the [`Links`] rule:
//! - [`Links::Follow`] (`-o`, `--manifest`): a device, FIFO or other special
//!   file (`/dev/null`, `/dev/stdout`, a named pipe) is written in place,
//!   never replaced by a regular file; a symbolic link keeps pointing where
//!   it did and the file it points to is replaced. The user named the path,
//!   so whatever it leads to is theirs.
//! - [`Links::Replace`] (batch into `--out-dir`): the entry in the directory
//!   is replaced whatever it is (a link, a FIFO), so nothing outside the
//!   directory is ever written through a name inside it.
//!
//! There is no `fsync`: it would add safety against power cuts at the cost
//! of a disk round trip per file (10,000 SVGs: 5.9 s instead of 1.5 s), and
//! images are regenerable.

pub mod cleanup;
pub mod read;
pub mod signals;
mod temporary;

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

pub use temporary::{Closed, Temporary};

/// What to do with a target that is a symbolic link or a special file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Links {
    /// Write through links and into special files (a path the user named).
    Follow,
    /// Replace the directory entry itself (a name fen2img made up).
    Replace,
}

/// What [`write_if_changed`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteOutcome {
    /// The file was created or replaced.
    Written,
    /// The file already held these bytes; it was not touched.
    Unchanged,
}

/// An output being written: standard output, a special file written in
/// place, or a temporary to be renamed over the target.
#[derive(Debug)]
pub enum Sink {
    /// Standard output (`-`).
    Stdout(io::Stdout),
    /// A device or FIFO, written in place.
    InPlace(File),
    /// A temporary, renamed over `target` by [`Sink::finish`].
    Atomic {
        /// The temporary being written.
        temporary: Temporary,
        /// Where it goes.
        target: PathBuf,
    },
}

impl Sink {
    /// Opens `path` for writing under the `links` rule (`-` is not special
    /// here: callers decide whether it means standard output).
    pub fn create(path: &Path, links: Links) -> io::Result<Sink> {
        let mut target = path.to_path_buf();
        if links == Links::Follow {
            if let Ok(meta) = fs::metadata(path) {
                if !meta.is_file() {
                    // A directory fails here with the system's own message.
                    return Ok(Sink::InPlace(
                        fs::OpenOptions::new().write(true).open(path)?,
                    ));
                }
            }
            if fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
                target = fs::canonicalize(path)?;
            }
        }
        let dir = match target.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
            _ => PathBuf::from("."),
        };
        // The mode to keep: a regular file's at the target (never a link's
        // under `Replace`: that entry is not the user's file).
        let existing = match links {
            Links::Follow => fs::metadata(&target),
            Links::Replace => fs::symlink_metadata(&target),
        };
        Ok(Sink::Atomic {
            temporary: Temporary::for_target(&dir, existing.ok().as_ref())?,
            target,
        })
    }

    /// Standard output.
    pub fn stdout() -> Sink {
        Sink::Stdout(io::stdout())
    }

    /// Completes the output: flushes, and renames a temporary into place.
    pub fn finish(self) -> io::Result<()> {
        match self {
            Sink::Stdout(mut out) => out.flush(),
            Sink::InPlace(mut file) => file.flush(),
            Sink::Atomic { temporary, target } => temporary.persist(&target),
        }
    }
}

/// An output whose bytes are all written, waiting for [`Parked::finish`]
/// to put it in place: for several outputs that should all appear only
/// once every one of them is drawn.
#[derive(Debug)]
pub enum Parked {
    /// Standard output or a special file: written already.
    Done,
    /// A closed temporary, renamed over `target` by [`Parked::finish`].
    Atomic {
        /// The written temporary.
        closed: Closed,
        /// Where it goes.
        target: PathBuf,
    },
}

impl Sink {
    /// Flushes the output and closes its temporary without renaming it
    /// yet (dropping the [`Parked`] removes it).
    pub fn park(self) -> io::Result<Parked> {
        match self {
            Sink::Stdout(mut out) => out.flush().map(|()| Parked::Done),
            Sink::InPlace(mut file) => file.flush().map(|()| Parked::Done),
            Sink::Atomic { temporary, target } => Ok(Parked::Atomic {
                closed: temporary.close()?,
                target,
            }),
        }
    }
}

impl Parked {
    /// Puts the output in place.
    pub fn finish(self) -> io::Result<()> {
        match self {
            Parked::Done => Ok(()),
            Parked::Atomic { closed, target } => closed.persist(&target),
        }
    }
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Sink::Stdout(out) => out.write(buf),
            Sink::InPlace(file) => file.write(buf),
            Sink::Atomic { temporary, .. } => temporary.file().write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Sink::Stdout(out) => out.flush(),
            Sink::InPlace(file) => file.flush(),
            Sink::Atomic { temporary, .. } => temporary.file().flush(),
        }
    }
}

/// Writes `bytes` to `path` under the `links` rule, atomically where the
/// target is (or will be) a regular file.
pub fn write_file(path: &Path, bytes: &[u8], links: Links) -> io::Result<()> {
    let mut sink = Sink::create(path, links)?;
    sink.write_all(bytes)?;
    sink.finish()
}

/// Like [`write_file`], but leaves the file (and its modification time)
/// alone when it already holds exactly these bytes, so incremental builds
/// see no change.
pub fn write_if_changed(path: &Path, bytes: &[u8], links: Links) -> io::Result<WriteOutcome> {
    if holds(path, bytes, links) {
        return Ok(WriteOutcome::Unchanged);
    }
    write_file(path, bytes, links)?;
    Ok(WriteOutcome::Written)
}

/// Whether `path` is a regular file holding exactly `bytes`. Under
/// [`Links::Replace`] a link is never followed: it is not our file. The
/// read is bounded by the expected length, checked on the opened file, so
/// an entry swapped for `/dev/zero` in between cannot make it read forever.
pub fn holds(path: &Path, bytes: &[u8], links: Links) -> bool {
    let meta = match links {
        Links::Follow => fs::metadata(path),
        Links::Replace => fs::symlink_metadata(path),
    };
    if !meta.is_ok_and(|m| m.is_file() && m.len() == bytes.len() as u64) {
        return false;
    }
    let Ok(file) = File::open(path) else {
        return false;
    };
    if !file
        .metadata()
        .is_ok_and(|m| m.is_file() && m.len() == bytes.len() as u64)
    {
        return false;
    }
    let mut old = Vec::with_capacity(bytes.len());
    file.take(bytes.len() as u64 + 1)
        .read_to_end(&mut old)
        .is_ok()
        && old == bytes
}

#[cfg(test)]
mod tests;
