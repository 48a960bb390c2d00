//! Warnings about the characters of a game's captions and player names
//! that the embedded font lacks, worded once for every front end (the
//! command line prints them, the Python package raises them as warnings).

use fen2img_render::missing_glyphs;
use fen2img_support::quote::escape;

use super::GameDiagram;

/// A warning for each character of the diagrams' captions and player
/// names that the embedded font lacks (drawn as U+FFFD), once each, in the
/// order met: figurines, names in scripts it does not cover. Each is one
/// line, escaped for a terminal.
pub fn font_warnings(diagrams: &[GameDiagram]) -> Vec<String> {
    let mut seen: Vec<char> = Vec::new();
    let mut out = Vec::new();
    for d in diagrams {
        let texts = [
            (d.caption.as_deref(), "the game's caption"),
            (d.white.as_ref().map(|p| p.name.as_str()), "the White tag"),
            (d.black.as_ref().map(|p| p.name.as_str()), "the Black tag"),
        ];
        for (text, context) in texts {
            for c in text.map(missing_glyphs).unwrap_or_default() {
                if seen.contains(&c) {
                    continue;
                }
                seen.push(c);
                let shown = if c.is_control() {
                    String::new()
                } else {
                    format!(" '{c}'")
                };
                let message = format!(
                    "{context}: the font has no glyph for U+{:04X}{shown}; it is drawn as \u{FFFD}",
                    c as u32
                );
                out.push(escape(&message).into_owned());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{diagrams, GameOptions, GameText};

    #[test]
    fn each_missing_character_is_named_once_where_first_met() {
        let pgn = "[White \"Ana \u{2654}\"]\n[Black \"\u{2654} \u{6f22}\"]\n\n1. e4 *\n";
        let found = diagrams(
            &GameText::Pgn(pgn.as_bytes()),
            "t.pgn",
            &GameOptions::default(),
        )
        .unwrap()
        .diagrams;
        let warnings = font_warnings(&found);
        assert_eq!(
            warnings,
            [
                "the White tag: the font has no glyph for U+2654 '\u{2654}'; it is drawn as <U+FFFD>",
                // The king again is not named again.
                "the Black tag: the font has no glyph for U+6F22 '\u{6f22}'; it is drawn as <U+FFFD>",
            ]
        );
    }
}
