//! `serve --piece-sets DIR`: every piece set in `DIR/<name>/wK.svg …`
//! (lichess's layout, `public/piece/<name>/`), read and checked at
//! start-up as `--pieces` is, so a bad set stops the server before it
//! listens rather than failing requests.

use std::path::Path;

use fen2img_render::PieceSet;
use fen2img_support::quote::escape;

use crate::args::load_pieces;
use crate::failure::Failure;
use fen2img_requests::piece_sets::{is_set_name, MAX_SETS};

/// The most directory entries looked at: a directory of sets has a few
/// dozen; a huge one is a mistake, refused before it costs start-up time.
const MAX_ENTRIES: usize = 4096;

/// The twelve glyph files of a set.
const GLYPHS: [&str; 12] = [
    "wK", "wQ", "wR", "wB", "wN", "wP", "bK", "bQ", "bR", "bB", "bN", "bP",
];

/// Reads every set under `dir`, sorted by name. Entries that are not
/// directories, and hidden ones (`.git`), are passed over; a directory
/// whose name is not a set name (see [`is_set_name`]) or that is a link,
/// a glyph file that is a link leading out of `dir`, more than
/// [`MAX_SETS`] sets, or a set that does not load is an error naming it.
pub fn load(dir: &Path) -> Result<Vec<(String, PieceSet)>, Failure> {
    let shown = |p: &Path| escape(&p.display().to_string()).into_owned();
    let flag = "--piece-sets";
    let root = std::fs::canonicalize(dir)
        .map_err(|e| Failure::io(format!("{flag} '{}': {e}", shown(dir))))?;
    if !root.is_dir() {
        return Err(Failure::io(format!(
            "{flag} '{}': not a directory (give a directory of piece-set directories)",
            shown(dir)
        )));
    }
    let entries = std::fs::read_dir(&root)
        .map_err(|e| Failure::io(format!("{flag} '{}': {e}", shown(dir))))?;
    let mut sets: Vec<(String, PieceSet)> = Vec::new();
    for (i, entry) in entries.enumerate() {
        if i >= MAX_ENTRIES {
            return Err(Failure::invalid(format!(
                "{flag} '{}': more than {MAX_ENTRIES} entries; give a directory of piece sets",
                shown(dir)
            )));
        }
        let entry = entry.map_err(|e| Failure::io(format!("{flag} '{}': {e}", shown(dir))))?;
        let path = entry.path();
        let Some(name) = entry.file_name().to_str().map(str::to_string) else {
            continue;
        };
        if name.starts_with('.') {
            continue;
        }
        let meta = std::fs::symlink_metadata(&path)
            .map_err(|e| Failure::io(format!("{flag} '{}': {e}", shown(&path))))?;
        if meta.file_type().is_symlink() {
            return Err(Failure::invalid(format!(
                "{flag} '{}': a link; give the set's directory itself",
                shown(&path)
            )));
        }
        if !meta.is_dir() {
            continue;
        }
        if !is_set_name(&name) {
            return Err(Failure::invalid(format!(
                "{flag} '{}': a set's name is 1 to 64 lower-case letters, digits, - and _",
                shown(&path)
            )));
        }
        for glyph in GLYPHS {
            let file = path.join(format!("{glyph}.svg"));
            // A glyph that leads out of the tree the user named is never read.
            if let Ok(real) = std::fs::canonicalize(&file) {
                if !real.starts_with(&root) {
                    return Err(Failure::invalid(format!(
                        "{flag} '{}': a link out of '{}'",
                        shown(&file),
                        shown(dir)
                    )));
                }
            }
        }
        if sets.len() == MAX_SETS {
            return Err(Failure::invalid(format!(
                "{flag} '{}': more than {MAX_SETS} piece sets",
                shown(dir)
            )));
        }
        let set = load_pieces(flag, &path)?;
        sets.push((name, set));
    }
    sets.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(sets)
}
