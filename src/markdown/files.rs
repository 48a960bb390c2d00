//! Writing pages and images: atomically, and only when the bytes change, so
//! a site generator watching the output sees no change on a no-op run.

use std::io;
use std::path::Path;

/// Whether a write happened.
pub use fen2img::output::WriteOutcome;

/// Writes `bytes` to `path` (creating its directory) unless it already holds
/// them; atomic (temporary file + rename).
///
/// MERGE POINT: the one place `md` writes files. When `output.rs` moves into
/// the binary, call `crate::output::write_if_changed` here instead.
pub fn write_if_changed(path: &Path, bytes: &[u8]) -> io::Result<WriteOutcome> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    fen2img::output::write_if_changed(path, bytes)
}
