//! Reading a file a user named (a theme, a piece glyph, a page, a game, a
//! cache entry) without letting the file decide how much work that is.
//!
//! A path may name a FIFO (opening it waits for a writer forever), a device
//! such as `/dev/zero` (endless, and its length reads as 0), a directory or
//! a file of any size. So only regular files are opened, the type is checked
//! again on the opened file, and at most `limit + 1` bytes are read.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// Why a file was not read.
#[derive(Debug)]
pub enum ReadError {
    /// The file system refused (missing, no permission, ...).
    Io(io::Error),
    /// The path is not a regular file; says what it is instead.
    NotRegular(&'static str),
    /// The file holds more than the limit (in bytes).
    TooLarge(u64),
}

impl ReadError {
    /// The reason in words, for a message that names the file first.
    pub fn reason(&self) -> String {
        match self {
            ReadError::Io(e) => match e.kind() {
                io::ErrorKind::NotFound => "no such file".into(),
                io::ErrorKind::PermissionDenied => "permission denied".into(),
                _ => format!("cannot be read: {e}"),
            },
            ReadError::NotRegular(what) => format!("is {what}, not a regular file"),
            ReadError::TooLarge(limit) => format!("is larger than the limit of {limit} bytes"),
        }
    }

    /// Whether the file was not there at all.
    pub fn is_not_found(&self) -> bool {
        matches!(self, ReadError::Io(e) if e.kind() == io::ErrorKind::NotFound)
    }
}

/// What a file that is not a regular file is, in words.
fn file_kind(meta: &std::fs::Metadata) -> Option<&'static str> {
    let t = meta.file_type();
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Some("a FIFO (named pipe)");
        }
        if t.is_char_device() || t.is_block_device() {
            return Some("a device");
        }
        if t.is_socket() {
            return Some("a socket");
        }
    }
    Some("a special file")
}

/// The contents of the regular file at `path` (symbolic links followed),
/// if it holds at most `limit` bytes; else why not, for a message of the
/// caller's own (see [`ReadError::reason`]).
///
/// ```
/// use fen2img_support::bounded_read::{read_regular_file, ReadError};
///
/// let e = read_regular_file(&std::env::temp_dir(), 1 << 20).unwrap_err();
/// assert!(matches!(e, ReadError::NotRegular("a directory")));
/// assert_eq!(e.reason(), "is a directory, not a regular file");
/// ```
pub fn read_regular_file(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    // Checked before opening: opening a FIFO blocks until a writer comes.
    let meta = std::fs::metadata(path).map_err(ReadError::Io)?;
    if let Some(what) = file_kind(&meta) {
        return Err(ReadError::NotRegular(what));
    }
    let file = File::open(path).map_err(ReadError::Io)?;
    // And again on what was opened, in case the path changed in between.
    let meta = file.metadata().map_err(ReadError::Io)?;
    if let Some(what) = file_kind(&meta) {
        return Err(ReadError::NotRegular(what));
    }
    let mut data = Vec::with_capacity(meta.len().min(limit) as usize);
    file.take(limit.saturating_add(1))
        .read_to_end(&mut data)
        .map_err(ReadError::Io)?;
    if data.len() as u64 > limit {
        return Err(ReadError::TooLarge(limit));
    }
    Ok(data)
}

/// Reads a file a user named (a page, a game, a cache entry), without
/// letting the file decide how much work that is: the bytes of the regular
/// file at `path` (symbolic links followed), if it holds at most `limit`
/// bytes. A FIFO, a device or a directory is never opened: an
/// `InvalidInput` error (`it is a FIFO (named pipe), not a regular file`);
/// a larger file is a `FileTooLarge` error after reading `limit + 1` bytes.
/// Themes and piece sets are read the same way.
///
/// ```
/// let dir = std::env::temp_dir();
/// let e = fen2img_support::bounded_read::read_regular(&dir, 1 << 20).unwrap_err();
/// assert_eq!(e.to_string(), "it is a directory, not a regular file");
/// ```
pub fn read_regular(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    read_regular_file(path, limit).map_err(|e| match e {
        ReadError::Io(e) => e,
        ReadError::NotRegular(what) => io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("it is {what}, not a regular file"),
        ),
        ReadError::TooLarge(limit) => io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!("it is larger than the limit of {limit} bytes"),
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("fen2img-bounded-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn regular_files_within_the_limit_are_read_whole() {
        let dir = scratch("regular");
        let path = dir.join("f");
        std::fs::write(&path, b"12345").unwrap();
        assert_eq!(read_regular_file(&path, 5).unwrap(), b"12345");
        let e = read_regular_file(&path, 4).unwrap_err();
        assert!(matches!(e, ReadError::TooLarge(4)), "{e:?}");
        assert!(e.reason().contains("limit of 4 bytes"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn missing_files_and_directories_are_refused() {
        let dir = scratch("missing");
        let e = read_regular_file(&dir.join("nothing"), 10).unwrap_err();
        assert!(e.is_not_found(), "{e:?}");
        let e = read_regular_file(&dir, 10).unwrap_err();
        assert!(matches!(e, ReadError::NotRegular("a directory")), "{e:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn devices_and_fifos_are_refused_without_reading() {
        let dir = scratch("special");
        let link = dir.join("zero");
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        let e = read_regular_file(&link, 1 << 20).unwrap_err();
        assert!(matches!(e, ReadError::NotRegular("a device")), "{e:?}");
        let fifo = dir.join("fifo");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        // Would block forever if it were opened for reading.
        let e = read_regular_file(&fifo, 1 << 20).unwrap_err();
        assert!(e.reason().contains("FIFO"), "{e:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
