//! Writing pages and images: atomically, and only when the bytes change, so
//! a site generator watching the output sees no change on a no-op run.

use std::io;
use std::path::Path;

use crate::output::Links;
/// Whether a write happened.
pub use crate::output::WriteOutcome;

/// Writes `bytes` to `path` (creating its directory) unless it already holds
/// them; atomic (temporary file + rename) through the one output module.
/// A symbolic link at the target is replaced, never written through, so a
/// link planted in an output tree cannot send a page elsewhere.
pub fn write_if_changed(path: &Path, bytes: &[u8]) -> io::Result<WriteOutcome> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    crate::output::write_if_changed(path, bytes, Links::Replace)
}

/// Like [`write_if_changed`], for a page: a page the user made read-only
/// is never replaced (replacing needs no write permission on the file, only
/// on its directory, so the check is ours), unless it already holds the bytes.
pub fn write_page_if_changed(path: &Path, bytes: &[u8]) -> io::Result<WriteOutcome> {
    if crate::output::holds(path, bytes, Links::Replace) {
        return Ok(WriteOutcome::Unchanged);
    }
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file() && m.permissions().readonly()) {
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            "it is read-only, so fen2img leaves it as it is (make it writable to have it rewritten)",
        ));
    }
    write_if_changed(path, bytes)
}
