//! Annotations on squares: glyph badges, labels and knight arrows as an L,
//! as goldens (brown and print at 160 and 720 px, every built-in theme at
//! 400 px), in the SVG and the pixels
//! alike, in the alt text, the text boards and the fingerprint.

use fen2img_render::fingerprint::canonical_options;
use fen2img_render::internals::Rasterizer;
use fen2img_render::layout::Item;
use fen2img_render::options::ArrowSpec;
use fen2img_render::{
    render_text, svg, DiagramOptions, Format, Glyph, Layout, Markup, RenderOptions, TextFormat,
    TextOptions, Theme,
};
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;

use crate::common::{pixmap_rgba, position, sq, RUY_LOPEZ};
use crate::golden::Case;

/// Every glyph colour class and a NAG symbol, labels on an empty square,
/// on a white and on a black piece, and two knight arrows and a straight one.
fn annotated() -> Markup {
    Markup {
        arrows: ["Gf3g5", "Bb8d7", "Ra4c6"]
            .iter()
            .map(|a| ArrowSpec::parse(a).unwrap())
            .collect(),
        glyphs: vec![
            (sq("a4"), Glyph::Brilliant),
            (sq("e4"), Glyph::Good),
            (sq("f3"), Glyph::Interesting),
            (sq("c6"), Glyph::Dubious),
            (sq("e5"), Glyph::Mistake),
            (sq("f6"), Glyph::Blunder),
            (sq("g1"), Glyph::OnlyMove),
            (sq("h8"), Glyph::Zugzwang),
            (sq("a8"), Glyph::WhiteWinning),
            (sq("h1"), Glyph::BlackBetter),
        ],
        labels: vec![
            (sq("d4"), "A".into()),
            (sq("d5"), "12".into()),
            (sq("b7"), "B".into()),
            (sq("c3"), "xyz".into()),
        ],
        ..Markup::default()
    }
}

fn options(theme: &str, size: u32) -> DiagramOptions {
    DiagramOptions {
        size,
        theme: Theme::built_in(theme).unwrap(),
        markup: annotated(),
        ..DiagramOptions::default()
    }
}

pub(crate) const GOLDEN_CASES: &[Case] = &[
    Case {
        name: "annotations_brown_160",
        fen: RUY_LOPEZ,
        options: || options("brown", 160),
    },
    Case {
        name: "annotations_brown_720",
        fen: RUY_LOPEZ,
        options: || options("brown", 720),
    },
    Case {
        name: "annotations_print_160",
        fen: RUY_LOPEZ,
        options: || options("print", 160),
    },
    Case {
        name: "annotations_print_720",
        fen: RUY_LOPEZ,
        options: || options("print", 720),
    },
    Case {
        name: "annotations_brown_400",
        fen: RUY_LOPEZ,
        options: || options("brown", 400),
    },
    Case {
        name: "annotations_blue_400",
        fen: RUY_LOPEZ,
        options: || options("blue", 400),
    },
    Case {
        name: "annotations_green_400",
        fen: RUY_LOPEZ,
        options: || options("green", 400),
    },
    Case {
        name: "annotations_ic_400",
        fen: RUY_LOPEZ,
        options: || options("ic", 400),
    },
    Case {
        name: "annotations_pink_400",
        fen: RUY_LOPEZ,
        options: || options("pink", 400),
    },
    Case {
        name: "annotations_purple_400",
        fen: RUY_LOPEZ,
        options: || options("purple", 400),
    },
    Case {
        name: "annotations_print_400",
        fen: RUY_LOPEZ,
        options: || options("print", 400),
    },
];

fn layout(options: &DiagramOptions) -> Layout {
    Layout::new(&position(RUY_LOPEZ), options).unwrap()
}

/// Pixels where the SVG (drawn by resvg) and the rasterizer differ by more
/// than 2 levels in some channel.
fn far_pixels(l: &Layout) -> usize {
    let doc = svg::write(l);
    let tree = usvg::Tree::from_str(&doc, &usvg::Options::default()).unwrap();
    let mut pixmap = Pixmap::new(l.frame.width(), l.frame.height()).unwrap();
    resvg::render(&tree, Transform::identity(), &mut pixmap.as_mut());
    let a = pixmap_rgba(&pixmap);
    let b = pixmap_rgba(&Rasterizer::new().render(l));
    a.chunks_exact(4)
        .zip(b.chunks_exact(4))
        .filter(|(p, q)| p.iter().zip(q.iter()).any(|(x, y)| x.abs_diff(*y) > 2))
        .count()
}

/// The annotations add few differing pixels to what the pieces' edges
/// already give: at most 0.5 % of the image from 400 px (the share the
/// parity suite allows a whole board), 1.5 % at 160 px, where ten badges
/// cover much of the board and their discs' anti-aliased rims differ (a
/// `<circle>` in resvg against tiny-skia's circle path, by at most 64
/// levels, as the pocket badges' do). Measured 2026-11-26 with
/// `cargo test -p fen2img-render --test integration annotations:: -- --nocapture`:
/// worst 1.13 % at 160 px (brown: 398 against 127), 0.06 % at 720 px.
#[test]
fn svg_and_pixels_agree_on_annotations() {
    let mut failures = Vec::new();
    for theme in ["brown", "print", "blue", "green"] {
        for size in [160, 400, 720] {
            let annotated = layout(&options(theme, size));
            let plain = layout(&DiagramOptions {
                markup: Markup::default(),
                ..options(theme, size)
            });
            let (far, base) = (far_pixels(&annotated), far_pixels(&plain));
            let pixels = (annotated.frame.width() * annotated.frame.height()) as f64;
            let share = far.saturating_sub(base) as f64 / pixels;
            eprintln!("{theme} {size}: {far} far, {base} without annotations");
            let limit = if size < 400 { 0.015 } else { 0.005 };
            if share >= limit {
                failures.push(format!(
                    "{theme} {size}: {far} pixels differ, {base} without"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:?}");
}

#[test]
fn every_annotation_is_drawn_above_the_arrows() {
    let l = layout(&options("brown", 400));
    let items = l.items();
    let at = |f: fn(&Item) -> bool| items.iter().position(|i| f(i)).unwrap();
    let labels = at(|i| matches!(i, Item::SquareLabel(_)));
    let badges = at(|i| matches!(i, Item::GlyphBadge(_)));
    let arrows = items
        .iter()
        .rposition(|i| matches!(i, Item::Polygon(_)))
        .unwrap();
    assert!(arrows < labels && labels < badges, "{items:?}");
    assert_eq!(l.glyphs.len(), 10);
    assert_eq!(l.labels.len(), 4);
    assert!(l.has_overlay());
    // Two knight arrows as an L (nine corners), one straight (seven).
    let corners: Vec<usize> = l.arrows.iter().map(|a| a.points.len()).collect();
    assert_eq!(corners, [9, 9, 7]);
    let straight = DiagramOptions {
        markup: Markup {
            straight_knight_arrows: true,
            ..annotated()
        },
        ..options("brown", 400)
    };
    let corners: Vec<usize> = layout(&straight)
        .arrows
        .iter()
        .map(|a| a.points.len())
        .collect();
    assert_eq!(corners, [7, 7, 7]);
}

#[test]
fn print_badges_are_ink_only() {
    let l = layout(&options("print", 400));
    for b in &l.glyphs {
        let (outline, _) = b.disc.outline.unwrap();
        assert_eq!((outline.r, outline.g, outline.b), (0, 0, 0));
        assert_eq!(b.text.color, fen2img_render::Rgba::rgb(0, 0, 0));
        assert_eq!(b.disc.fill.a, 255);
        assert!(b.disc.fill.r > 240 && b.disc.fill.g > 240 && b.disc.fill.b > 230);
    }
    // On screen the judgements differ in colour.
    let l = layout(&options("brown", 400));
    let mut fills: Vec<_> = l.glyphs.iter().map(|b| b.disc.fill).collect();
    fills.dedup();
    assert!(fills.len() >= 7, "{fills:?}");
}

#[test]
fn the_alt_text_and_desc_name_every_annotation() {
    let l = layout(&options("brown", 400));
    for part in [
        "a4: brilliant move, marked !!.",
        "e5: mistake, marked ?.",
        "g1: only move, marked \u{25A1}.",
        "h1: Black is better, marked \u{2213}.",
        "d4: label A.",
        "c3: label xyz.",
    ] {
        assert!(l.description.contains(part), "{part}: {}", l.description);
    }
    let doc = svg::write(&l);
    assert!(
        doc.contains("d5: label 12. b7: label B. c3: label xyz.</desc>"),
        "{doc}"
    );
}

#[test]
fn text_boards_show_glyphs_in_the_grid_and_labels_below() {
    let options = TextOptions {
        glyphs: vec![(sq("f3"), Glyph::Good), (sq("a8"), Glyph::WhiteBetter)],
        labels: vec![(sq("d4"), "A".into())],
        ..TextOptions::default()
    };
    let p = position(RUY_LOPEZ);
    let ascii = render_text(&p, TextFormat::Ascii, &options);
    assert!(
        ascii.contains("| N!   |") && ascii.contains("| r+/- |"),
        "{ascii}"
    );
    assert!(ascii.contains("d4: label A.\n"), "{ascii}");
    let widths: Vec<usize> = ascii.lines().take(17).map(str::len).collect();
    assert!(widths.iter().all(|w| *w == widths[0]), "{ascii}");
    // File letters stay under the pieces.
    let letters = ascii.lines().nth(17).unwrap();
    let row = ascii.lines().nth(1).unwrap();
    assert_eq!(row.find('r'), letters.find('a'), "{ascii}");
    let unicode = render_text(&p, TextFormat::Unicode, &options);
    assert!(unicode.contains("\u{2658}! "), "{unicode}");
    let ansi = render_text(&p, TextFormat::Ansi, &options);
    assert!(ansi.contains("f3: good move, marked !."), "{ansi}");
    let html = render_text(&p, TextFormat::Html, &options);
    assert!(html.contains("d4: label A.</td>"), "{html}");
    assert!(
        html.contains("marked \u{B1}. d4: label A.\""),
        "aria-label: {html}"
    );
}

#[test]
fn the_fingerprint_changes_with_every_annotation() {
    let base = RenderOptions::new(Format::PNG);
    let with = |m: Markup| {
        let mut o = RenderOptions::new(Format::PNG);
        o.diagram.markup = m;
        canonical_options(&o)
    };
    let plain = canonical_options(&base);
    let glyph = with(Markup {
        glyphs: vec![(sq("e4"), Glyph::Good)],
        ..Markup::default()
    });
    let other = with(Markup {
        glyphs: vec![(sq("e4"), Glyph::Mistake)],
        ..Markup::default()
    });
    let label = with(Markup {
        labels: vec![(sq("e4"), "A".into())],
        ..Markup::default()
    });
    let straight = with(Markup {
        straight_knight_arrows: true,
        ..Markup::default()
    });
    let all = [&plain, &glyph, &other, &label, &straight];
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            assert_ne!(a, b);
        }
    }
}

/// WCAG contrast ratio of two opaque colours.
fn contrast(a: fen2img_render::Rgba, b: fen2img_render::Rgba) -> f32 {
    let (x, y) = (a.luminance() + 0.05, b.luminance() + 0.05);
    x.max(y) / x.min(y)
}

/// In every built-in theme (the seven, print among them) at 160, 400 and
/// 720 px, every badge and label is drawn, on top, and reads: the symbol
/// on its disc and a label on its casing at 3:1 or more, and the disc's
/// own colour found where the rasterizer drew it (around the symbol,
/// inside the outline). Print is one ink: black on white.
#[test]
fn every_theme_and_size_draws_every_annotation_legibly() {
    let mut seen = 0;
    for theme in Theme::built_in_names() {
        for size in [160, 400, 720] {
            let l = layout(&options(theme, size));
            assert_eq!((l.glyphs.len(), l.labels.len()), (10, 4), "{theme} {size}");
            let pixmap = Rasterizer::new().render(&l);
            let rgba = pixmap_rgba(&pixmap);
            let width = l.frame.width() as i64;
            let at = |x: f32, y: f32| {
                let i = ((y as i64) * width + x as i64) as usize * 4;
                [rgba[i], rgba[i + 1], rgba[i + 2]]
            };
            for b in &l.glyphs {
                let what = format!("{theme} {size} {}", b.square);
                let ratio = contrast(b.text.color, b.disc.fill);
                assert!(ratio >= 3.0, "{what}: symbol on disc {ratio:.2}:1");
                // The disc's own colour shows around the symbol: a fifth
                // of the pixels inside the outline at least (at 160 px the
                // symbol covers much of a 5 px disc).
                let inner = b.disc.r - b.disc.outline.map_or(0.0, |(_, w)| w / 2.0);
                let fill = [b.disc.fill.r, b.disc.fill.g, b.disc.fill.b];
                let (mut inside, mut filled) = (0, 0);
                let span = inner.ceil() as i32;
                for dy in -span..=span {
                    for dx in -span..=span {
                        let (x, y) = (b.disc.cx + dx as f32, b.disc.cy + dy as f32);
                        if (dx * dx + dy * dy) as f32 > inner * inner {
                            continue;
                        }
                        inside += 1;
                        let p = at(x, y);
                        filled += (0..3).all(|c| p[c].abs_diff(fill[c]) <= 12) as u32;
                    }
                }
                assert!(
                    filled * 5 >= inside,
                    "{what}: the disc's colour at {filled} of {inside} pixels"
                );
            }
            for label in &l.labels {
                let ratio = contrast(label.text.color, label.casing.0);
                assert!(
                    ratio >= 3.0,
                    "{theme} {size} {}: label on casing {ratio:.2}:1",
                    label.square
                );
            }
            if theme == "print" {
                let inks: Vec<_> = l
                    .glyphs
                    .iter()
                    .map(|b| b.text.color)
                    .chain(l.labels.iter().map(|x| x.text.color))
                    .collect();
                assert!(
                    inks.iter().all(|c| (c.r, c.g, c.b) == (0, 0, 0)),
                    "{inks:?}"
                );
            }
            seen += 1;
        }
    }
    assert!(seen >= 7 * 3, "{seen} themes and sizes");
}
