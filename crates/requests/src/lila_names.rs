//! lila-gif's names and values, as its current source reads them
//! (lichess-org/lila-gif `src/assets.rs` and `src/api.rs`, read at commit
//! 62a6ee7, November 2026): board themes with lichess's aliases, piece
//! set names, move glyphs, and its `check` and `coordinates` values. Shared by
//! `/image.gif` and `/game.gif`.

use fen2img_render::{Glyph, Rgba};
use fen2img_support::quote::escape;

/// One of lila-gif's six boards: lichess's colours for it, as lila-gif's
/// `theme/make-sprites.py` paints them (`BOARD_THEMES`, and `HIGHLIGHT`
/// for the last move on every board), and the built-in theme that draws
/// the rest (labels' ink, check glow, marks). A drop-in draws lichess's
/// board: fen2img's own themes may differ (`purple` is lighter there, for
/// contrast), these do not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LilaBoard {
    /// lila-gif's name for the board.
    pub name: &'static str,
    /// The built-in theme drawn in these colours.
    pub theme: &'static str,
    /// The light squares.
    pub light: Rgba,
    /// The dark squares.
    pub dark: Rgba,
}

/// lila-gif's last-move highlight, the same on every board: `#9bc70069`.
pub const HIGHLIGHT: Rgba = Rgba {
    r: 0x9b,
    g: 0xc7,
    b: 0x00,
    a: 0x69,
};

/// lila-gif's six boards, in its `BoardTheme` order.
pub const BOARDS: [LilaBoard; 6] = [
    LilaBoard {
        name: "blue",
        theme: "blue",
        light: Rgba::rgb(0xde, 0xe3, 0xe6),
        dark: Rgba::rgb(0x8c, 0xa2, 0xad),
    },
    LilaBoard {
        name: "brown",
        theme: "brown",
        light: Rgba::rgb(0xf0, 0xd9, 0xb5),
        dark: Rgba::rgb(0xb5, 0x88, 0x63),
    },
    LilaBoard {
        name: "green",
        theme: "green",
        light: Rgba::rgb(0xff, 0xff, 0xdd),
        dark: Rgba::rgb(0x86, 0xa6, 0x66),
    },
    LilaBoard {
        name: "ic",
        theme: "ic",
        light: Rgba::rgb(0xec, 0xec, 0xec),
        dark: Rgba::rgb(0xc1, 0xc1, 0x8e),
    },
    LilaBoard {
        name: "pink",
        theme: "pink",
        light: Rgba::rgb(0xf1, 0xf1, 0xc9),
        dark: Rgba::rgb(0xf0, 0x72, 0x72),
    },
    LilaBoard {
        name: "purple",
        theme: "purple",
        light: Rgba::rgb(0x9f, 0x90, 0xb0),
        dark: Rgba::rgb(0x7d, 0x4a, 0x8d),
    },
];

/// Every board theme name lila-gif accepts and the board it draws.
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

/// The lila-gif board `name` draws (one of its six, or one of lichess's
/// names it maps onto them), or a message listing the six.
pub fn board(name: &str) -> Result<LilaBoard, String> {
    THEMES
        .iter()
        .find(|(alias, _)| *alias == name)
        .and_then(|(_, board)| BOARDS.iter().find(|b| b.name == *board))
        .copied()
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
            let board = board(name).unwrap();
            assert!(
                fen2img_render::Theme::built_in(board.theme).is_some(),
                "{name} -> {}",
                board.theme
            );
        }
        for (name, target) in THEMES {
            assert!(BOARDS.iter().any(|b| b.name == target), "{name}");
        }
        assert!(board("print").unwrap_err().starts_with("theme: "));
        assert!(board("Brown").is_err());
        assert!(board("../brown").is_err());
    }

    #[test]
    fn the_boards_are_lichess_colours_as_lila_gif_paints_them() {
        // lila-gif's theme/make-sprites.py at 62a6ee7: BOARD_THEMES and
        // HIGHLIGHT, spelled as it spells them.
        let lila = [
            ("blue", "#dee3e6", "#8ca2ad"),
            ("brown", "#f0d9b5", "#b58863"),
            ("green", "#ffffdd", "#86a666"),
            ("ic", "#ececec", "#c1c18e"),
            ("pink", "#f1f1c9", "#f07272"),
            ("purple", "#9f90b0", "#7d4a8d"),
        ];
        assert_eq!(BOARDS.len(), lila.len());
        for (name, light, dark) in lila {
            let b = board(name).unwrap();
            assert_eq!(b.light, Rgba::parse(light).unwrap(), "{name}");
            assert_eq!(b.dark, Rgba::parse(dark).unwrap(), "{name}");
        }
        assert_eq!(HIGHLIGHT, Rgba::parse("#9bc70069").unwrap());
        // fen2img's own purple is lighter (black pieces at 4.5:1): the
        // drop-in does not take it.
        let own = fen2img_render::Theme::built_in("purple").unwrap();
        assert_ne!(own.dark, board("purple-diag").unwrap().dark);
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
