//! The piece sets a request may name (`piece=NAME`, lila-gif's parameter):
//! the sets `--piece-sets DIR` found at start-up, by directory name. A
//! request's text is only ever compared with these names; it never
//! becomes a path, so no request reaches the file system.
//!
//! The sets are read once, before the first request, and never change:
//! they are kept process-wide, so the request parsers stay plain functions
//! of their text (shared with the `serve_query` fuzz target).

use std::sync::OnceLock;

use fen2img_render::PieceSet;

/// The most sets one server loads (lichess has about 40).
pub const MAX_SETS: usize = 64;

/// The longest set name.
pub const MAX_NAME: usize = 64;

static SETS: OnceLock<Vec<(String, PieceSet)>> = OnceLock::new();

/// Whether `name` may name a set: 1 to [`MAX_NAME`] bytes of lower-case
/// ASCII letters, digits, `-` and `_`, starting with a letter or digit (as
/// lichess names its sets: `cburnett`, `kiwen-suwi`). Nothing that could
/// be a path: no dots, slashes or upper case.
pub fn is_set_name(name: &str) -> bool {
    let b = name.as_bytes();
    !b.is_empty()
        && b.len() <= MAX_NAME
        && b[0].is_ascii_alphanumeric()
        && b.iter()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'-' || *c == b'_')
}

/// Makes `sets` the ones requests may name; only the first call counts
/// (the server starts once per process). `false` if sets were installed
/// already.
pub fn install(sets: Vec<(String, PieceSet)>) -> bool {
    SETS.set(sets).is_ok()
}

/// The set called `name`, if one was loaded at start-up.
pub fn find(name: &str) -> Option<&'static (String, PieceSet)> {
    SETS.get()?.iter().find(|(n, _)| n == name)
}

/// The names loaded, in order.
pub fn names() -> impl Iterator<Item = &'static str> {
    SETS.get().into_iter().flatten().map(|(n, _)| n.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_names_are_never_paths() {
        for good in ["cburnett", "kiwen-suwi", "chess7", "a_b"] {
            assert!(is_set_name(good), "{good}");
        }
        for bad in [
            "", ".", "..", "../x", "a/b", "a\\b", "Alpha", "-x", "x.svg", "é", "a b",
        ] {
            assert!(!is_set_name(bad), "{bad}");
        }
        assert!(!is_set_name(&"a".repeat(MAX_NAME + 1)));
        // Nothing installed in unit tests: every name is unknown.
        assert!(find("cburnett").is_none());
    }
}
