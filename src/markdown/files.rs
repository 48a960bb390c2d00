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
