//! A temporary file beside its target, registered for clean-up from birth.

use std::fs::{File, Metadata};
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
    /// Creates an empty private temporary (mode 0600) in `dir`: for data
    /// that is never renamed into place (the spool of standard input).
    pub fn new_in(dir: &Path) -> io::Result<Temporary> {
        Temporary::create(dir, 0o600)
    }

    /// Creates an empty temporary in `dir` (the target's directory, so that
    /// the final rename stays on one file system and is atomic) with the
    /// mode the finished file should have: that of the regular file it
    /// replaces (`existing`), owner and group too where allowed, or for a
    /// new file `0666` less the umask, as any program's new file has.
    /// (tempfile's default, 0600, made every image private: a web server
    /// running as another user then answered 403 for a whole site.)
    pub fn for_target(dir: &Path, existing: Option<&Metadata>) -> io::Result<Temporary> {
        let Some(existing) = existing.filter(|m| m.is_file()) else {
            // The kernel applies the umask to the mode asked for at creation.
            return Temporary::create(dir, 0o666);
        };
        // Private first, then the old file's owner and mode, before any byte
        // is written: never readable by more people than the old file was.
        let mut temporary = Temporary::create(dir, 0o600)?;
        keep_owner_and_mode(temporary.file(), existing)?;
        Ok(temporary)
    }

    fn create(dir: &Path, mode: u32) -> io::Result<Temporary> {
        signals::install();
        let file = cleanup::create(
            || {
                let mut builder = tempfile::Builder::new();
                builder.prefix(".fen2img-").suffix(".tmp").rand_bytes(8);
                #[cfg(unix)]
                {
                    use std::os::unix::fs::PermissionsExt;
                    builder.permissions(std::fs::Permissions::from_mode(mode));
                }
                #[cfg(not(unix))]
                let _ = mode;
                builder.tempfile_in(dir).map_err(without_path)
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

impl Temporary {
    /// Closes the finished temporary, keeping it (and its clean-up) until
    /// [`Closed::persist`]: many finished outputs can then wait for the
    /// last one to be drawn without holding a file descriptor or their
    /// bytes each (`fen2img GAME --markers -o 'fig-{n}.png'`).
    pub fn close(mut self) -> io::Result<Closed> {
        let file = self.file.take().expect("present until persisted or closed");
        Ok(Closed {
            path: Some(file.into_temp_path()),
        })
    }
}

/// A closed temporary: written, not yet in place, removed when dropped.
#[derive(Debug)]
pub struct Closed {
    path: Option<tempfile::TempPath>,
}

impl Closed {
    /// Renames the temporary over `target`, as [`Temporary::persist`].
    pub fn persist(mut self, target: &Path) -> io::Result<()> {
        let path = self.path.take().expect("present until persisted");
        let at = path.to_path_buf();
        cleanup::finish(&at, || path.persist(target).map_err(|e| e.error))
    }
}

impl Drop for Closed {
    fn drop(&mut self) {
        if let Some(path) = self.path.take() {
            let at = path.to_path_buf();
            cleanup::finish(&at, || drop(path));
        }
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

/// Gives `file` the owner, group and permission bits of `like`. Changing
/// the owner needs privileges a user rarely has, so its failure is ignored
/// (the file is then the user's own, as any file they write); the mode is
/// set after it, since a change of owner may clear mode bits.
#[cfg(unix)]
fn keep_owner_and_mode(file: &File, like: &Metadata) -> io::Result<()> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let mine = file.metadata()?;
    if (mine.uid(), mine.gid()) != (like.uid(), like.gid()) {
        let _ = rustix::fs::fchown(
            file,
            Some(rustix::fs::Uid::from_raw(like.uid())),
            Some(rustix::fs::Gid::from_raw(like.gid())),
        );
    }
    file.set_permissions(std::fs::Permissions::from_mode(like.mode() & 0o777))
}

#[cfg(not(unix))]
fn keep_owner_and_mode(file: &File, like: &Metadata) -> io::Result<()> {
    file.set_permissions(like.permissions())
}
