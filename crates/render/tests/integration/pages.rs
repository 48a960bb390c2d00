//! `--background none` on any page: composited onto white paper and onto a
//! near-black page (#111), the outside labels, the frame and the
//! side-to-move marker of every built-in theme each stand out from the page
//! at 3:1 or more (WCAG's ratio for graphics).

use fen2img_render::layout::Rect;
use fen2img_render::{DiagramOptions, Format, Layout, RenderOptions, Renderer, Theme};

use crate::common::{decode_png, position, Image};

const PAGES: [[u8; 3]; 2] = [[255, 255, 255], [0x11, 0x11, 0x11]];

/// WCAG relative luminance of an sRGB colour.
fn luminance(c: [f64; 3]) -> f64 {
    let lin = |v: f64| {
        let v = v / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])
}

fn contrast(a: [f64; 3], b: [f64; 3]) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The pixel at (x, y) of a transparent image laid on `page`.
fn on_page(image: &Image, page: [u8; 3], x: u32, y: u32) -> [f64; 3] {
    let at = ((y * image.width + x) * 4) as usize;
    let a = image.rgba[at + 3] as f64 / 255.0;
    [0, 1, 2].map(|i| image.rgba[at + i] as f64 * a + page[i] as f64 * (1.0 - a))
}

/// The highest contrast against the page of any pixel of `r` (clipped to
/// the image): whether something in `r` stands out from the page.
fn best_contrast(image: &Image, page: [u8; 3], r: Rect) -> f64 {
    let page_rgb = page.map(f64::from);
    let (x0, y0) = (r.x.max(0.0) as u32, r.y.max(0.0) as u32);
    let x1 = ((r.x + r.w) as u32).min(image.width);
    let y1 = ((r.y + r.h) as u32).min(image.height);
    let mut best: f64 = 1.0;
    for y in y0..y1 {
        for x in x0..x1 {
            best = best.max(contrast(on_page(image, page, x, y), page_rgb));
        }
    }
    best
}

#[test]
fn labels_frame_and_marker_read_on_white_and_dark_pages() {
    let mut failures = Vec::new();
    for name in Theme::built_in_names() {
        for size in [207, 400] {
            for fen in ["8/8/8/8/8/8/8/8 w - - 0 1", "8/8/8/8/8/8/8/8 b - - 0 1"] {
                let diagram = DiagramOptions {
                    size,
                    transparent: true,
                    theme: Theme::built_in(name).unwrap(),
                    ..DiagramOptions::default()
                };
                let layout = Layout::new(&position(fen), &diagram).unwrap();
                let mut options = RenderOptions::new(Format::PNG);
                options.diagram = diagram;
                let png = Renderer::new(options).render(&position(fen)).unwrap();
                let image = decode_png(&png);
                let b = &layout.frame.board;
                let (outer, _) = b.border.expect("built-in themes have a frame");
                let sq = b.square;
                let mut parts: Vec<(String, Rect)> = Vec::new();
                // Each rank label: its row of the left margin.
                for row in 0..8 {
                    let r = Rect {
                        x: 0.0,
                        y: b.board.y + row as f32 * sq,
                        w: outer.x - 1.0,
                        h: sq,
                    };
                    parts.push((format!("rank label row {row}"), r));
                }
                // Each file label: its column of the bottom margin.
                for col in 0..8 {
                    let top = outer.y + outer.h + 1.0;
                    let r = Rect {
                        x: b.board.x + col as f32 * sq,
                        y: top,
                        w: sq,
                        h: image.height as f32 - top,
                    };
                    parts.push((format!("file label column {col}"), r));
                }
                // The frame's left side, with whatever lies just outside it.
                let frame = Rect {
                    x: outer.x - 2.0,
                    y: b.board.y + sq,
                    w: b.board.x - outer.x + 2.0,
                    h: 6.0 * sq,
                };
                parts.push(("frame".into(), frame));
                let m = layout.mover.expect("marker on");
                let reach = m.r + m.stroke_width + 1.0;
                let marker = Rect {
                    x: m.cx - reach,
                    y: m.cy - reach,
                    w: 2.0 * reach,
                    h: 2.0 * reach,
                };
                parts.push(("side-to-move marker".into(), marker));
                for page in PAGES {
                    for (what, r) in &parts {
                        let c = best_contrast(&image, page, *r);
                        if c < 3.0 {
                            failures.push(format!(
                                "{name} {size} px {fen} on {page:?}: {what} at {c:.2}:1"
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// On an opaque background nothing changes: no casing is drawn.
#[test]
fn opaque_backgrounds_get_no_casing() {
    for name in Theme::built_in_names() {
        let theme = Theme::built_in(name).unwrap();
        let opaque = DiagramOptions {
            theme: theme.clone(),
            ..DiagramOptions::default()
        };
        let l = Layout::new(&position("8/8/8/8/8/8/8/8 b - - 0 1"), &opaque).unwrap();
        assert!(l.frame.board.tints.is_empty(), "{name}");
        let board = &l.frame.board;
        assert!(
            matches!(
                board.label_casing,
                fen2img_render::layout::LabelCasing::None
            ),
            "{name}"
        );
        assert!(board.labels.iter().all(|l| l.casing.is_none()), "{name}");
        assert_ne!(
            l.mover.unwrap().outline,
            fen2img_render::Rgba::rgb(255, 255, 255)
        );
    }
}

/// Labels inside the board read against their own square (3:1 or more) in
/// every built-in theme, both orientations.
#[test]
fn inside_labels_read_against_their_squares_in_every_theme() {
    for name in Theme::built_in_names() {
        for flip in [false, true] {
            let theme = Theme::built_in(name).unwrap();
            let options = DiagramOptions {
                coordinates: fen2img_render::Coordinates::Inside,
                flip,
                theme: theme.clone(),
                ..DiagramOptions::default()
            };
            let l = Layout::new(&position("8/8/8/8/8/8/8/8 w - - 0 1"), &options).unwrap();
            assert_eq!(l.frame.board.labels.len(), 16);
            for label in &l.frame.board.labels {
                // Ranks sit on the left-hand file, files on the bottom rank.
                let (file, rank) = match label.ch {
                    '1'..='8' => (if flip { 7 } else { 0 }, label.ch as u8 - b'1'),
                    _ => (label.ch as u8 - b'a', if flip { 7 } else { 0 }),
                };
                let square = fen2img_render::Square::new(file, rank).unwrap();
                let ground = if square.is_dark() {
                    theme.dark
                } else {
                    theme.light
                };
                let rgb = |c: fen2img_render::Rgba| [c.r, c.g, c.b].map(f64::from);
                let c = contrast(rgb(label.color), rgb(ground));
                assert!(
                    c >= 3.0,
                    "{name} flip={flip} '{}' on {square}: {c:.2}:1",
                    label.ch
                );
            }
        }
    }
}
