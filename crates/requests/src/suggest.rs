//! Unknown parameter names on our own API: a misspelled `arow=e2e4` would
//! otherwise be ignored and the image drawn without the arrow, which looks
//! like a rendering bug. The drop-in endpoints do not use this: their
//! originals ignore what they do not know, and so do we there.

use fen2img_games::vocabulary::GAME;
use fen2img_render::vocabulary::{FrontEnd, RENDER};
use fen2img_support::quote::escape;

/// The parameter names `GET /diagram.*` reads (`format` only for `.txt`):
/// the position's (`fen`, `pgn`, `format`), then every server name of the
/// game options' table and of the render options' table, so a row added
/// there is a parameter here.
pub fn diagram_parameters() -> Vec<&'static str> {
    let mut names = vec!["fen", "pgn", "format"];
    names.extend(GAME.names(FrontEnd::Server));
    names.extend(RENDER.names(FrontEnd::Server));
    names
}

/// An error naming every parameter of `names` that is not in `known` (each
/// once, in request order), with the closest known name when one is near.
pub fn unknown<'a>(names: impl Iterator<Item = &'a str>, known: &[&str]) -> Result<(), String> {
    let mut seen: Vec<&str> = Vec::new();
    for name in names {
        if !known.contains(&name) && !seen.contains(&name) {
            seen.push(name);
        }
    }
    if seen.is_empty() {
        return Ok(());
    }
    let parts: Vec<String> = seen
        .iter()
        .map(|name| match closest(name, known) {
            Some(near) => format!("{}: unknown parameter (did you mean {near}?)", escape(name)),
            None => format!("{}: unknown parameter", escape(name)),
        })
        .collect();
    Err(parts.join("; "))
}

/// The known name closest to `name` within an edit distance that still
/// reads as a typo: one edit for short names, two from five letters up.
/// Case and `-` for `_` count as no edit (`lastMove`, `side-to-move`).
fn closest<'a>(name: &str, known: &[&'a str]) -> Option<&'a str> {
    // Names longer than any known one by more than the allowance cannot
    // be near; this also bounds the distance's work on hostile input.
    if name.len() > 24 {
        return None;
    }
    let folded: String = name.to_ascii_lowercase().replace('-', "_");
    let allowed = if folded.chars().count() >= 5 { 2 } else { 1 };
    known
        .iter()
        .map(|k| (distance(&folded, k), *k))
        .filter(|(d, _)| *d <= allowed)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// Levenshtein distance between `a` and `b`, by characters.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != *cb))
                .min(above + 1)
                .min(row[j] + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_each_unknown_parameter_once_with_a_near_known_name() {
        let names = diagram_parameters();
        let known = &names[..];
        assert!(known.contains(&"white_elo") && known.contains(&"move"));
        assert_eq!(unknown(["fen", "arrow"].into_iter(), known), Ok(()));
        assert_eq!(
            unknown(["fen", "arow", "arow"].into_iter(), known).unwrap_err(),
            "arow: unknown parameter (did you mean arrow?)"
        );
        assert_eq!(
            unknown(["lastMove", "zzz"].into_iter(), known).unwrap_err(),
            "lastMove: unknown parameter (did you mean lastmove?); zzz: unknown parameter"
        );
        assert_eq!(
            unknown(["side-to-move"].into_iter(), known).unwrap_err(),
            "side-to-move: unknown parameter (did you mean side_to_move?)"
        );
        assert!(unknown(["x\u{1b}"].into_iter(), known)
            .unwrap_err()
            .starts_with("x<U+001B>: "));
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(closest(&"a".repeat(10_000), known), None);
    }
}
