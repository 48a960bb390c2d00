//! A temporary file beside its target, registered for clean-up from birth.

use std::fs::File;
use std::io;
use std::path::Path;

use tempfile::NamedTempFile;

use super::{cleanup, signals};

/// A temporary file: `.fen2img-XXXXXXXX.tmp` in a given directory.
///
/// The name is random and the file is created exclusively (`O_EXCL`), so a
/// link planted in advance is never followed (there is no name to guess),
/// and it is short whatever the target's name, so a 255-byte target works.
/// It is removed when dropped, when the process gets a signal, and on every
/// error path; [`Temporary::persist`] renames it over its target.
#[derive(Debug)]
pub struct Temporary {
    file: Option<NamedTempFile>,
}

impl Temporary {
    /// Creates an empty temporary in `dir` (the target's directory, so that
    /// the final rename stays on one file system and is atomic).
    pub fn new_in(dir: &Path) -> io::Result<Temporary> {
        signals::install();
        let file = cleanup::create(
            || {
                tempfile::Builder::new()
                    .prefix(".fen2img-")
                    .suffix(".tmp")
                    .rand_bytes(8)
                    .tempfile_in(dir)
                    .map_err(without_path)
            },
            |f: &NamedTempFile| f.path(),
        )?;
        Ok(Temporary { file: Some(file) })
    }

    /// The open file, for writing.
    pub fn file(&mut self) -> &mut File {
        self.file
            .as_mut()
            .expect("present until persisted or dropped")
            .as_file_mut()
    }

    /// Where the temporary is.
    pub fn path(&self) -> &Path {
        self.file
            .as_ref()
            .expect("present until persisted or dropped")
            .path()
    }

    /// Renames the temporary over `target` (replacing whatever entry has
    /// that name, a link included, never writing through it).
    pub fn persist(mut self, target: &Path) -> io::Result<()> {
        let file = self.file.take().expect("present until persisted");
        let path = file.path().to_path_buf();
        // On failure the returned file is dropped (so removed) inside the
        // lock, before its path is forgotten.
        cleanup::finish(&path, || {
            file.persist(target).map(|_| ()).map_err(|e| e.error)
        })
    }
}

/// tempfile's error without the `at path ".fen2img-….tmp"` it appends: the
/// caller names the target, and the user never asked for that file.
fn without_path(e: io::Error) -> io::Error {
    let text = e.to_string();
    match text.rsplit_once(" at path ") {
        Some((reason, _)) => io::Error::new(e.kind(), reason),
        None => e,
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        if let Some(file) = self.file.take() {
            let path = file.path().to_path_buf();
            // Removed before it is forgotten: a signal in between finds a
            // path already gone, never a file it does not know of.
            cleanup::finish(&path, || drop(file));
        }
    }
}
