//! A stable identity for a rendering: the same bytes out ⇔ (almost surely)
//! the same digest, on every machine, Rust version and run.
//!
//! Used for batch's content-addressed `{hash}` file names and meant for HTTP
//! cache validators (ETags). The options are written out field by field in
//! a fixed text form ([`canonical_options`]) and hashed with FNV-1a, never
//! through `Debug` or std's `Hash`, whose output may change between Rust
//! versions. The piece set is identified by its content
//! ([`PieceSet::digest`](crate::PieceSet::digest)), not its directory name,
//! and the fen2img version is part of the identity, because a new version
//! may draw the same position differently.

use std::fmt::Write as _;

use crate::assets::color::Rgba;
use crate::assets::theme::Hatch;
use crate::options::CheckMark;
use crate::{Coordinates, DiagramOptions, EncodeOptions, Markup, RenderOptions, Theme};
use fen2img_support::digest::{fnv1a, FNV_OFFSET};

/// The canonical text form of everything in `options` that can change the
/// output, one `key=value` line each, preceded by the fen2img version.
///
/// Every struct is taken apart field by field without `..`, so a new option
/// does not compile until it is added here: a forgotten field would make
/// two different images share a name.
pub fn canonical_options(options: &RenderOptions) -> String {
    let RenderOptions {
        format,
        diagram,
        encode,
        swap_glyphs,
        svg_id_prefix,
        terminal,
        problem,
    } = options;
    let DiagramOptions {
        size,
        flip,
        coordinates,
        side_to_move,
        border,
        transparent,
        theme,
        pieces,
        markup,
        around,
        preset,
    } = diagram;
    let EncodeOptions {
        optimize,
        quality,
        dpi,
    } = encode;
    let mut out = String::new();
    let mut line = |key: &str, value: &dyn std::fmt::Display| {
        // Writing to a String cannot fail.
        let _ = writeln!(out, "{key}={value}");
    };
    line("fen2img", &env!("CARGO_PKG_VERSION"));
    line("format", &format.name());
    line("size", size);
    line("flip", flip);
    line(
        "coordinates",
        &match coordinates {
            Coordinates::Outside => "outside",
            Coordinates::Inside => "inside",
            Coordinates::None => "none",
        },
    );
    line("side_to_move", side_to_move);
    line("border", border);
    line("transparent", transparent);
    // The set drawn, asked for or the theme's own: the same drawing has
    // the same digest either way.
    let drawn = pieces.clone().unwrap_or_else(|| theme.piece_set());
    line("pieces", &format!("{:016x}", drawn.digest()));
    line("optimize", optimize);
    line("quality", quality);
    line("dpi", &dpi.map_or(0, |d| d));
    line("swap_glyphs", swap_glyphs);
    line(
        "svg_id_prefix",
        &svg_id_prefix.as_deref().unwrap_or("(content)"),
    );
    let crate::terminal::CellSize { columns, rows } = terminal;
    line("terminal_columns", &columns.map_or(0, |c| c));
    line("terminal_rows", &rows.map_or(0, |r| r));
    if *preset != crate::options::Preset::Diagram {
        // Only when set: other fingerprints stay what they were.
        line("preset", &format!("{preset:?}"));
    }
    theme_lines(&mut out, theme);
    markup_lines(&mut out, markup);
    around_lines(&mut out, around);
    if problem.asked() {
        // Only when set: other fingerprints stay what they were.
        problem_lines(&mut out, problem);
    }
    out
}

/// The problem layout and its caption, each text as its length and text.
fn problem_lines(out: &mut String, problem: &crate::options::ProblemOptions) {
    let crate::options::ProblemOptions {
        problem,
        stipulation,
        authors,
        source,
        award,
    } = problem;
    let text = |s: &Option<String>| {
        s.as_ref()
            .map_or("none".into(), |s| format!("{}:{s}", s.len()))
    };
    let _ = writeln!(out, "problem={problem}");
    let _ = writeln!(out, "problem.stipulation={}", text(stipulation));
    for a in authors {
        let _ = writeln!(out, "problem.author={}:{a}", a.len());
    }
    let _ = writeln!(out, "problem.source={}", text(source));
    let _ = writeln!(out, "problem.award={}", text(award));
}

/// Caption, number and players. Text is written as its length in bytes
/// and the text, so no text can pass for another line.
fn around_lines(out: &mut String, around: &crate::options::Around) {
    use crate::options::{Around, Caption, CaptionPosition, Player};
    let Around {
        caption,
        caption_position,
        number,
        number_format,
        white,
        black,
    } = around;
    let text = |s: &str| format!("{}:{s}", s.len());
    let mut line = |key: &str, value: String| {
        let _ = writeln!(out, "around.{key}={value}");
    };
    line(
        "caption",
        match caption {
            None => "none".into(),
            Some(Caption::Auto) => "auto".into(),
            Some(Caption::Text(t)) => text(t),
        },
    );
    line(
        "caption_position",
        match caption_position {
            CaptionPosition::Below => "below".into(),
            CaptionPosition::Above => "above".into(),
        },
    );
    line("number", number.map_or("none".into(), |n| n.to_string()));
    line(
        "number_format",
        number_format.as_deref().map_or("default".into(), text),
    );
    for (key, player) in [("white", white), ("black", black)] {
        line(
            key,
            match player {
                None => "none".into(),
                Some(Player {
                    name,
                    title,
                    elo,
                    clock,
                }) => format!(
                    "{} {} {}{}",
                    text(name),
                    title.as_deref().map_or("-".into(), text),
                    elo.map_or("-".into(), |e| e.to_string()),
                    // Only when set: fingerprints without a clock stay
                    // what they were before clocks existed.
                    clock.map_or(String::new(), |c| format!(" clock {c}"))
                ),
            },
        );
    }
}

/// The theme's values (not its name: two themes with the same colours draw
/// the same images; nor its piece set's name: the set drawn is
/// `diagram.pieces`, which has its own line).
fn theme_lines(out: &mut String, theme: &Theme) {
    let Theme {
        name: _,
        pieces: _,
        light,
        dark,
        hatch,
        background,
        coordinates,
        border,
        border_width,
        lastmove,
        check,
        mark,
        arrows,
        halo,
        halo_width,
        outline_min,
        annotations,
    } = theme;
    let mut line = |key: &str, value: String| {
        let _ = writeln!(out, "theme.{key}={value}");
    };
    line("light", rgba(*light));
    line("dark", rgba(*dark));
    line(
        "hatch",
        match hatch {
            None => "none".into(),
            Some(Hatch {
                color,
                spacing,
                width,
            }) => format!("{} {} {}", rgba(*color), float(*spacing), float(*width)),
        },
    );
    line("background", background.map_or("none".into(), rgba));
    line("coordinates", rgba(*coordinates));
    line("border", rgba(*border));
    line("border_width", float(*border_width));
    line("lastmove", rgba(*lastmove));
    line("check", rgba(*check));
    line("mark", rgba(*mark));
    line(
        "arrows",
        arrows
            .iter()
            .map(|c| rgba(*c))
            .collect::<Vec<_>>()
            .join(" "),
    );
    line("halo", halo.map_or("none".into(), rgba));
    line("halo_width", float(*halo_width));
    line("outline_min", float(*outline_min));
    line("annotations", format!("{annotations:?}"));
}

/// The markup, in the order given (later arrows are drawn over earlier ones).
fn markup_lines(out: &mut String, markup: &Markup) {
    let Markup {
        lastmove,
        check,
        arrows,
        marks,
        fills,
        glyphs,
        labels,
        straight_knight_arrows,
    } = markup;
    let mut line = |key: &str, value: String| {
        let _ = writeln!(out, "markup.{key}={value}");
    };
    line(
        "lastmove",
        lastmove.map_or("none".into(), |(from, to)| format!("{from}{to}")),
    );
    line(
        "check",
        match check {
            CheckMark::None => "none".into(),
            CheckMark::Auto => "auto".into(),
            CheckMark::Square(s) => s.to_string(),
        },
    );
    line(
        "arrows",
        arrows
            .iter()
            // Both squares even for a circle (`Re4e4`, where the arrow's
            // own `Display` writes `Re4`): the text fingerprints were
            // made with.
            .map(|a| format!("{}{}{}", a.brush.letter(), a.from, a.to))
            .collect::<Vec<_>>()
            .join(" "),
    );
    line(
        "marks",
        marks
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(" "),
    );
    line(
        "fills",
        fills
            .iter()
            .map(|(s, c)| format!("{s}:{}", rgba(*c)))
            .collect::<Vec<_>>()
            .join(" "),
    );
    line(
        "glyphs",
        glyphs
            .iter()
            .map(|(s, g)| format!("{s}:{}", g.nag()))
            .collect::<Vec<_>>()
            .join(" "),
    );
    // Length-prefixed: no label can pass for another.
    line(
        "labels",
        labels
            .iter()
            .map(|(s, t)| format!("{s}:{}:{t}", t.len()))
            .collect::<Vec<_>>()
            .join(" "),
    );
    line("straight_knight_arrows", straight_knight_arrows.to_string());
}

/// `#rrggbbaa`, always eight digits.
fn rgba(c: Rgba) -> String {
    format!("#{:02x}{:02x}{:02x}{:02x}", c.r, c.g, c.b, c.a)
}

/// The exact bits of a float: decimal printing is not needed to be stable.
fn float(x: f32) -> String {
    format!("{:08x}", x.to_bits())
}

/// FNV-1a of a theme's values as [`canonical_options`] writes them (not
/// its name): the identity of a theme that came from a file.
pub(crate) fn theme_digest(theme: &Theme) -> u64 {
    let mut text = String::new();
    theme_lines(&mut text, theme);
    fnv1a(FNV_OFFSET, text.as_bytes())
}

/// FNV-1a of [`canonical_options`]: one number for a set of options.
pub fn options_digest(options: &RenderOptions) -> u64 {
    fnv1a(FNV_OFFSET, canonical_options(options).as_bytes())
}

/// The digest of options whose [`options_digest`] is `options` with their
/// caption, number and players replaced by `around` (batch: a line's EPD
/// `c0` caption and its number), so such lines get names of their own.
pub fn with_around(options: u64, around: &crate::options::Around) -> u64 {
    let mut text = String::new();
    around_lines(&mut text, around);
    fnv1a(fnv1a(FNV_OFFSET, &options.to_le_bytes()), text.as_bytes())
}

/// The identity of one diagram: the canonical FEN (`Position`'s `Display`)
/// rendered with options whose [`options_digest`] is `options`.
pub fn diagram_digest(canonical_fen: &str, options: u64) -> u64 {
    let h = fnv1a(FNV_OFFSET, canonical_fen.as_bytes());
    // A separator that cannot occur in a FEN keeps (fen, options) pairs apart.
    fnv1a(fnv1a(h, b"\n"), &options.to_le_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_options_give_the_same_digest() {
        let a = RenderOptions::default();
        assert_eq!(options_digest(&a), options_digest(&a.clone()));
        assert!(canonical_options(&a).starts_with(concat!(
            "fen2img=",
            env!("CARGO_PKG_VERSION"),
            "\n"
        )));
    }

    /// One edit of the options.
    type Change = Box<dyn Fn(&mut RenderOptions)>;

    /// Every option of the table, each example applied: the digest of each
    /// differs from the options it was applied to, and from every other.
    #[test]
    fn every_option_of_the_table_changes_the_digest() {
        use crate::vocabulary::tests::with_example;
        use crate::vocabulary::RENDER;
        let mut seen = std::collections::HashMap::new();
        seen.insert(
            options_digest(&RenderOptions::default()),
            "defaults".to_string(),
        );
        for row in RENDER.rows {
            for example in row.examples {
                let changed = with_example(row, example);
                let what = format!("{} = {example:?}", row.name);
                if let Some(earlier) = seen.insert(options_digest(&changed), what.clone()) {
                    panic!("{what} has the digest of {earlier}");
                }
            }
        }
        assert!(seen.len() > RENDER.rows.len(), "every row has an example");
    }

    /// What no option of the table sets directly but still changes the
    /// picture: a theme file's values, the terminal's size, a game's clock.
    #[test]
    fn what_the_table_does_not_set_changes_the_digest_too() {
        let base = RenderOptions::default();
        let changes: Vec<(&str, Change)> = vec![
            ("light", Box::new(|o| o.diagram.theme.light.r ^= 1)),
            ("alpha", Box::new(|o| o.diagram.theme.dark.a ^= 1)),
            (
                "border width",
                Box::new(|o| o.diagram.theme.border_width += 0.5),
            ),
            (
                "halo width",
                Box::new(|o| o.diagram.theme.halo_width += 0.5),
            ),
            (
                "outline min",
                Box::new(|o| o.diagram.theme.outline_min += 0.5),
            ),
            (
                "annotations",
                Box::new(|o| o.diagram.theme.annotations = crate::assets::theme::Annotations::Ink),
            ),
            (
                "arrow colour",
                Box::new(|o| o.diagram.theme.arrows[3].g ^= 1),
            ),
            (
                "hatch",
                Box::new(|o| {
                    o.diagram.theme.hatch = Some(Hatch {
                        color: Rgba::rgb(0, 0, 0),
                        spacing: 0.1,
                        width: 0.02,
                    })
                }),
            ),
            (
                "halo",
                Box::new(|o| o.diagram.theme.halo = Some(Rgba::rgb(1, 2, 3))),
            ),
            (
                "terminal columns",
                Box::new(|o| o.terminal.columns = Some(40)),
            ),
            ("terminal rows", Box::new(|o| o.terminal.rows = Some(20))),
            (
                "clock",
                Box::new(|o| {
                    o.diagram.around.white = Some(crate::options::Player {
                        clock: Some(100),
                        ..Default::default()
                    })
                }),
            ),
        ];
        let mut seen = std::collections::HashSet::new();
        assert!(seen.insert(options_digest(&base)));
        for (what, change) in changes {
            let mut o = base.clone();
            change(&mut o);
            assert!(seen.insert(options_digest(&o)), "{what} changes the digest");
        }
    }

    #[test]
    fn the_theme_name_alone_does_not_change_the_digest() {
        let a = RenderOptions::default();
        let mut b = a.clone();
        b.diagram.theme.name = "renamed".into();
        assert_eq!(options_digest(&a), options_digest(&b));
    }

    #[test]
    fn diagrams_differ_by_position_and_by_options() {
        let d = diagram_digest("8/8/8/8/8/8/8/K6k w - - 0 1", 1);
        assert_eq!(d, diagram_digest("8/8/8/8/8/8/8/K6k w - - 0 1", 1));
        assert_ne!(d, diagram_digest("8/8/8/8/8/8/8/K6k b - - 0 1", 1));
        assert_ne!(d, diagram_digest("8/8/8/8/8/8/8/K6k w - - 0 1", 2));
    }
}
