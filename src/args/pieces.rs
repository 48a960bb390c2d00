//! `--pieces`: a bundled set by name or a directory of glyphs, read with
//! the command line's messages.

use std::io;

use fen2img_render::PieceSet;
use fen2img_support::quote::escape;

use crate::failure::{warn, Cause, Failure};

/// The piece set `--pieces` names: the built-in or a bundled set by name
/// (`fen2img`, `cburnett`, as [`PieceSet::named`]), else the set in that
/// directory ([`load_pieces`]). A bare word that is neither is one message
/// listing the names.
pub fn named_or_load_pieces(flag: &str, arg: &std::path::Path) -> Result<PieceSet, Failure> {
    if let Some(set) = arg.to_str().and_then(PieceSet::named) {
        return Ok(set);
    }
    // A bare word that is nothing is most likely a misspelt set name; a
    // path (`/srv/sets/x`, `./x`) keeps the directory's message.
    let bare = arg.components().count() == 1
        && matches!(
            arg.components().next(),
            Some(std::path::Component::Normal(_))
        );
    // A mistyped name is the input's fault (exit 2), as a bare word that
    // is not a theme is; a path that cannot be read stays an I/O failure.
    if bare && std::fs::symlink_metadata(arg).is_err_and(|e| e.kind() == io::ErrorKind::NotFound) {
        return Err(Failure::invalid(format!(
            "{flag} '{}': not a piece set's name ({}) and no such directory",
            escape(&arg.display().to_string()),
            PieceSet::names().collect::<Vec<_>>().join(", ")
        )));
    }
    load_pieces(flag, arg)
}

/// Loads the piece set in `dir` for `flag` (`--pieces`, or each set of
/// `serve --piece-sets`): a missing or non-directory path is one message;
/// each glyph file is read bounded and checked by [`PieceSet::load`]; what
/// was left out of a glyph is said once on standard error.
pub fn load_pieces(flag: &str, dir: &std::path::Path) -> Result<PieceSet, Failure> {
    // A directory that is not there is one message, not "wP.svg:
    // missing" about the first of its twelve files.
    if let Err(e) = std::fs::metadata(dir) {
        return Err(Failure::io(format!(
            "{flag} '{}': {}",
            escape(&dir.display().to_string()),
            if e.kind() == io::ErrorKind::NotFound {
                "no such directory".to_string()
            } else {
                e.to_string()
            }
        )));
    }
    if !dir.is_dir() {
        return Err(Failure::io(format!(
            "{flag} '{}': not a directory (a piece set is a directory of twelve SVG files)",
            escape(&dir.display().to_string())
        )));
    }
    let set = PieceSet::load(dir).map_err(|e| Failure::from(Cause::Pieces(&e)))?;
    for w in set.warnings() {
        warn(w);
    }
    Ok(set)
}
