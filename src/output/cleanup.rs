//! The one registry of temporary files: every temporary fen2img creates is
//! listed here from the moment it exists until it is renamed or removed, so
//! a signal can remove them all before the process exits.
//!
//! The registry's lock is held while a temporary is created and while it is
//! renamed, and the signal path takes the lock and never gives it back (it
//! exits). So a file is never created after the clean-up looked, nor renamed
//! or forgotten half way: the races that left temporaries behind on a second
//! Ctrl-C cannot happen.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// Paths of temporaries that exist now.
static REGISTRY: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn lock() -> MutexGuard<'static, Vec<PathBuf>> {
    // A panic elsewhere must not stop the clean-up: the list stays valid.
    REGISTRY.lock().unwrap_or_else(|e| e.into_inner())
}

/// Creates a temporary with `create` and registers the path `path_of` gives,
/// both under the registry's lock.
pub fn create<T>(
    create: impl FnOnce() -> io::Result<T>,
    path_of: impl FnOnce(&T) -> &Path,
) -> io::Result<T> {
    let mut registry = lock();
    let made = create()?;
    registry.push(path_of(&made).to_path_buf());
    Ok(made)
}

/// Runs `finish` (a rename or a removal of the temporary at `path`) and
/// forgets `path`, under the registry's lock. The path is forgotten whether
/// or not `finish` succeeded: on failure the caller removes the file next.
pub fn finish<T>(path: &Path, finish: impl FnOnce() -> T) -> T {
    let mut registry = lock();
    let result = finish();
    registry.retain(|p| p != path);
    result
}

/// Removes every registered temporary and exits with `code`. Holds the lock
/// until the process is gone, so no temporary appears in the meantime.
pub fn remove_all_and_exit(code: u8) -> ! {
    let registry = lock();
    for path in registry.iter() {
        let _ = std::fs::remove_file(path);
    }
    std::process::exit(code.into())
}

/// Whether `path` is registered (for tests).
#[cfg(test)]
pub fn is_registered(path: &Path) -> bool {
    lock().iter().any(|p| p == path)
}
