//! Writing the result to standard output, and telling a closed standard
//! output apart from one that is redirected.
//!
//! When fen2img starts with standard output closed (`fen2img FEN >&-`),
//! Rust's runtime opens `/dev/null` read-write on descriptor 1 so that no
//! file opened later can take its place; every write then succeeds and the
//! output is silently lost. A shell's `>/dev/null` opens it write-only, so
//! `/dev/null` open read-write is the mark of a closed standard output.

use std::io::{self, Write};
use std::sync::OnceLock;

use crate::failure::{Failure, EXIT_OK};

/// Whether standard output was closed when the program started; decided
/// once, before any file is opened.
static CLOSED: OnceLock<bool> = OnceLock::new();

/// Looks at standard output now; call first thing in `main`.
pub fn check_at_start() {
    CLOSED.get_or_init(was_closed);
}

/// Writes to stdout. A closed pipe (`| head`) is not an error (the reader
/// has what it wanted); a closed standard output is (nothing gets the output).
pub fn write(bytes: &[u8]) -> Result<u8, Failure> {
    if *CLOSED.get_or_init(was_closed) {
        return Err(Failure::io(
            "standard output is closed: the output would be lost; use -o FILE",
        ));
    }
    let mut out = io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Ok(EXIT_OK),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(EXIT_OK),
        Err(e) => Err(Failure::io(format!("cannot write to standard output: {e}"))),
    }
}

#[cfg(unix)]
fn was_closed() -> bool {
    use rustix::fs::{fcntl_getfl, OFlags};
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;

    let stdout = io::stdout();
    let fd = stdout.as_fd();
    let read_write = fcntl_getfl(fd).is_ok_and(|f| f & OFlags::RWMODE == OFlags::RDWR);
    if !read_write {
        return false;
    }
    let Ok(owned) = fd.try_clone_to_owned() else {
        return true; // not a descriptor at all
    };
    let (Ok(ours), Ok(null)) = (
        std::fs::File::from(owned).metadata(),
        std::fs::metadata("/dev/null"),
    ) else {
        return false;
    };
    ours.dev() == null.dev() && ours.ino() == null.ino()
}

/// Elsewhere the runtime leaves a closed handle closed and writes to it fail,
/// which [`write`] reports.
#[cfg(not(unix))]
fn was_closed() -> bool {
    false
}
