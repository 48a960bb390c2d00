//! The folders a batch writes into, created before the first file: the
//! single-position run (`mod.rs`) and the games run (`games.rs`) both
//! call these, so they sit beside both rather than in the parent.

use std::path::Path;

use crate::failure::Failure;

/// Creates the folder `--manifest` is written in, as `--out-dir` is
/// created (the sharding recipe's `parts/`); nothing for standard output.
pub(super) fn create_manifest_dir(manifest: Option<&Path>) -> Result<(), Failure> {
    let Some(dir) = manifest
        .filter(|p| p.as_os_str() != "-")
        .and_then(Path::parent)
        .filter(|d| !d.as_os_str().is_empty())
    else {
        return Ok(());
    };
    std::fs::create_dir_all(dir).map_err(|e| {
        Failure::io(format!(
            "cannot create the folder of --manifest '{}': {e}",
            dir.display()
        ))
    })
}

/// Creates `--out-dir` (and its parents), with a message that names it when
/// it exists as something other than a directory.
pub(super) fn create_out_dir(dir: &Path) -> Result<(), Failure> {
    if let Ok(meta) = std::fs::metadata(dir) {
        if !meta.is_dir() {
            return Err(Failure::io(format!(
                "--out-dir '{}' exists and is not a directory",
                dir.display()
            )));
        }
    }
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::io(format!("cannot create --out-dir '{}': {e}", dir.display())))
}
