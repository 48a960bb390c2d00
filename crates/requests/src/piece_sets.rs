//! The piece sets a request may name (`piece=NAME`, lila-gif's parameter):
//! the sets `--piece-sets DIR` found at start-up, by directory name, and
//! the sets bundled with fen2img by their lila-gif names (a loaded set of
//! the same name takes the bundled one's place). A request's text is only
//! ever compared with these names; it never becomes a path, so no request
//! reaches the file system.
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

/// The bundled sets, each parsed the first time a request names it, in
/// [`PieceSet::bundled_sets`] order.
static BUNDLED: OnceLock<Vec<OnceLock<(String, PieceSet)>>> = OnceLock::new();

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

/// The set called `name`: one loaded at start-up, else a bundled one.
pub fn find(name: &str) -> Option<&'static (String, PieceSet)> {
    if let Some(set) = SETS.get().and_then(|s| s.iter().find(|(n, _)| n == name)) {
        return Some(set);
    }
    let bundled = PieceSet::bundled_sets();
    let i = bundled.iter().position(|s| s.name == name)?;
    let slots = BUNDLED.get_or_init(|| bundled.iter().map(|_| OnceLock::new()).collect());
    Some(slots[i].get_or_init(|| {
        let set = PieceSet::bundled(name).expect("a bundled set by its own name");
        (name.to_string(), set)
    }))
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
        // Nothing installed in unit tests: only the bundled sets are known.
        assert!(find("merida").is_none());
        assert_eq!(find("cburnett").unwrap().1.name(), "cburnett");
    }
}
