//! Reading a file the command line did not make, without letting the file
//! decide how much work that is: `md`'s pages, its previous output pages
//! and its cache. (The library reads themes and glyphs the same way in its
//! own `bounded_read`, which is private to it.)
//!
//! A path may name a FIFO (opening it waits for a writer forever), a device
//! such as `/dev/zero` (endless, and its length reads as 0), a directory or
//! a file of any size. So only regular files are opened, the type is checked
//! again on the opened file, and at most `limit + 1` bytes are read.

use std::fs::{self, File};
use std::io::{self, Read};
use std::path::Path;

/// What a file that is not a regular file is, in words.
fn kind(meta: &fs::Metadata) -> Option<&'static str> {
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

fn refuse(what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("it is {what}, not a regular file"),
    )
}

/// The bytes of the regular file at `path` (links followed), if it holds
/// at most `limit` bytes. A FIFO, a device or a directory is an
/// `InvalidInput` error and is never opened; a larger file is a
/// `FileTooLarge` error after `limit + 1` bytes.
pub fn read_regular(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    // Checked before opening: opening a FIFO blocks until a writer comes.
    if let Some(what) = kind(&fs::metadata(path)?) {
        return Err(refuse(what));
    }
    let file = File::open(path)?;
    let meta = file.metadata()?;
    if let Some(what) = kind(&meta) {
        return Err(refuse(what));
    }
    let mut data = Vec::with_capacity(meta.len().min(limit) as usize);
    file.take(limit.saturating_add(1)).read_to_end(&mut data)?;
    if data.len() as u64 > limit {
        return Err(io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!("it is larger than the limit of {limit} bytes"),
        ));
    }
    Ok(data)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_within_the_limit_are_read() {
        let dir = std::env::temp_dir().join(format!("fen2img-read-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let file = dir.join("f");
        fs::write(&file, b"12345").unwrap();
        assert_eq!(read_regular(&file, 5).unwrap(), b"12345");
        let e = read_regular(&file, 4).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::FileTooLarge);
        let zero = dir.join("zero");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        assert!(read_regular(&zero, 1 << 20)
            .unwrap_err()
            .to_string()
            .contains("a device"));
        let fifo = dir.join("fifo");
        assert!(std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success());
        // Would block forever if it were opened.
        assert!(read_regular(&fifo, 1 << 20)
            .unwrap_err()
            .to_string()
            .contains("FIFO"));
        fs::remove_dir_all(&dir).unwrap();
    }
}
