//! lila-gif's names and values, as its current source reads them
//! (lichess-org/lila-gif `src/assets.rs` and `src/api.rs`, read at commit
//! 62a6ee7, November 2026): board themes with lichess's aliases, piece
//! set names, move glyphs, and its `check` and `coordinates` values. Shared by
//! `/image.gif` and `/game.gif`.

use fen2img_render::Glyph;
use fen2img_support::quote::escape;

/// Every board theme name lila-gif accepts and the built-in theme it draws.
/// lila-gif has six boards and maps lichess's other theme names onto them
/// (`#[serde(alias)]` in its `BoardTheme`); so does this table.
pub const THEMES: [(&str, &str); 25] = [
    ("blue", "blue"),
    ("blue2", "blue"),
    ("blue3", "blue"),
    ("blue-marble", "blue"),
    ("canvas", "blue"),
    ("brown", "brown"),
    ("wood", "brown"),
    ("wood2", "brown"),
    ("wood3", "brown"),
    ("wood4", "brown"),
    ("maple", "brown"),
    ("maple2", "brown"),
    ("marble", "brown"),
    ("grey", "brown"),
    ("metal", "brown"),
    ("olive", "brown"),
    ("newspaper", "brown"),
    ("horsey", "brown"),
    ("green", "green"),
    ("green-plastic", "green"),
    ("ic", "ic"),
    ("leather", "ic"),
    ("pink", "pink"),
    ("purple", "purple"),
    ("purple-diag", "purple"),
];

/// The built-in theme lila-gif's board `name` draws, or a message listing
/// lila-gif's six boards.
pub fn theme(name: &str) -> Result<&'static str, String> {
    THEMES
        .iter()
        .find(|(alias, _)| *alias == name)
        .map(|(_, theme)| *theme)
        .ok_or_else(|| {
            format!(
                "theme: expected blue, brown, green, ic, pink, purple or one of lichess's \
                 board names (wood4, maple, marble, leather...), found '{}'",
                escape(name)
            )
        })
}

/// lichess's piece sets, as lila-gif names them (its `PieceSet`, 38 sets).
/// A request may name any of these: a set `--piece-sets` loaded under that
/// name draws it, else the set bundled under that name (fen2img bundles
/// those whose licences allow it: `PieceSet::bundled_sets`), else the
/// server's own set (a lichess page must not fail for a set the server
/// does not have). A name outside this list and the loaded sets is
/// refused, as lila-gif refuses it.
pub const PIECE_SETS: [&str; 38] = [
    "alpha",
    "anarcandy",
    "caliente",
    "california",
    "cardinal",
    "cburnett",
    "celtic",
    "chess7",
    "chessnut",
    "companion",
    "cooke",
    "disguised",
    "dubrovny",
    "fantasy",
    "firi",
    "fresca",
    "gioco",
    "governor",
    "horsey",
    "icpieces",
    "kiwen-suwi",
    "kosal",
    "leipzig",
    "letter",
    "maestro",
    "merida",
    "monarchy",
    "mpchess",
    "pirouetti",
    "pixel",
    "reillycraig",
    "rhosgfx",
    "riohacha",
    "shapes",
    "spatial",
    "staunty",
    "tatiana",
    "xkcd",
];

/// A frame's `glyph`: lila-gif's eight (`!`, `!!`, `?`, `??`, `!?`, `?!`,
/// `□`, and `⨀` or `O` for zugzwang).
pub fn glyph(value: &str) -> Result<Glyph, String> {
    Ok(match value {
        "!" => Glyph::Good,
        "!!" => Glyph::Brilliant,
        "?" => Glyph::Mistake,
        "??" => Glyph::Blunder,
        "!?" => Glyph::Interesting,
        "?!" => Glyph::Dubious,
        "\u{25A1}" => Glyph::OnlyMove,
        "\u{2A00}" | "O" => Glyph::Zugzwang,
        _ => {
            return Err(format!(
                "glyph: expected one of ! !! ? ?? !? ?! \u{25A1} \u{2A00}, found '{}'",
                escape(value)
            ))
        }
    })
}

/// lila-gif's booleans: `1 yes true` and `0 no false`, exactly.
pub fn boolean(value: &str) -> Option<bool> {
    match value {
        "1" | "yes" | "true" => Some(true),
        "0" | "no" | "false" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lila_gif_theme_name_draws_a_built_in_theme() {
        // lila-gif's BoardTheme, variants and aliases.
        let lila = [
            "blue",
            "blue2",
            "blue3",
            "blue-marble",
            "canvas",
            "brown",
            "wood",
            "wood2",
            "wood3",
            "wood4",
            "maple",
            "maple2",
            "marble",
            "grey",
            "metal",
            "olive",
            "newspaper",
            "horsey",
            "green",
            "green-plastic",
            "ic",
            "leather",
            "pink",
            "purple",
            "purple-diag",
        ];
        for name in lila {
            let theme = theme(name).unwrap();
            assert!(
                fen2img_render::Theme::built_in(theme).is_some(),
                "{name} -> {theme}"
            );
        }
        for (name, target) in THEMES {
            assert!(fen2img_render::Theme::built_in(target).is_some(), "{name}");
        }
        assert!(theme("print").unwrap_err().starts_with("theme: "));
        assert!(theme("Brown").is_err());
        assert!(theme("../brown").is_err());
    }

    #[test]
    fn lichess_piece_set_names_could_name_loaded_sets() {
        // A loaded set of the same name takes its place, so each must be a
        // name `--piece-sets` accepts; and each is listed once.
        for name in PIECE_SETS {
            assert!(crate::piece_sets::is_set_name(name), "{name}");
        }
        let mut sorted = PIECE_SETS.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted, PIECE_SETS);
    }

    #[test]
    fn every_bundled_set_answers_by_its_lila_gif_name() {
        for set in fen2img_render::PieceSet::bundled_sets() {
            assert!(PIECE_SETS.contains(&set.name), "{}", set.name);
        }
    }

    #[test]
    fn glyphs_and_booleans_as_lila_gif_reads_them() {
        assert_eq!(glyph("O"), Ok(Glyph::Zugzwang));
        assert_eq!(glyph("\u{2A00}"), Ok(Glyph::Zugzwang));
        assert_eq!(glyph("\u{25A1}"), Ok(Glyph::OnlyMove));
        assert_eq!(glyph("??"), Ok(Glyph::Blunder));
        assert!(glyph("+-").unwrap_err().starts_with("glyph: "));
        assert_eq!(boolean("yes"), Some(true));
        assert_eq!(boolean("0"), Some(false));
        assert_eq!(boolean("True"), None);
    }
}
