//! What lies on the page around the board reads on whatever page it lands
//! on (issue 21 §3): caption and player bars on a transparent background
//! over white paper and over a near-black page, labels on a `--background`
//! colour, and the side-to-move marker clear of the image's edge.

use fen2img_render::layout::Rect;
use fen2img_render::options::{Around, Caption, Player};
use fen2img_render::{DiagramOptions, Format, Layout, RenderOptions, Renderer, Rgba, Theme};

use crate::common::{decode_png, position, Image, RUY_LOPEZ};

fn png(fen: &str, diagram: &DiagramOptions) -> Image {
    let mut options = RenderOptions::new(Format::PNG);
    options.diagram = diagram.clone();
    decode_png(&Renderer::new(options).render(&position(fen)).unwrap())
}

/// WCAG relative luminance of an sRGB colour (0..1).
fn luminance(rgb: [f64; 3]) -> f64 {
    let lin = |c: f64| {
        let c = c / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2])
}

fn contrast(a: [f64; 3], b: [f64; 3]) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// Pixel (x, y) of a straight-alpha image composited over `page`.
fn over(image: &Image, x: u32, y: u32, page: [f64; 3]) -> ([f64; 3], f64) {
    let at = ((y * image.width + x) * 4) as usize;
    let a = image.rgba[at + 3] as f64 / 255.0;
    let c = |i: usize| image.rgba[at + i] as f64 * a + page[i] * (1.0 - a);
    ([c(0), c(1), c(2)], a)
}

const WHITE: [f64; 3] = [255.0, 255.0, 255.0];
const DARK_PAGE: [f64; 3] = [17.0, 17.0, 17.0];

fn players() -> Around {
    Around {
        caption: Some(Caption::Text("Black to move".into())),
        number: Some(4),
        white: Some(Player {
            name: "Ljubomir Ljubojević".into(),
            title: Some("GM".into()),
            elo: Some(2620),
            clock: None,
        }),
        black: Some(Player {
            name: "Magnus Carlsen".into(),
            title: Some("GM".into()),
            elo: Some(2830),
            clock: None,
        }),
        ..Around::default()
    }
}

/// Inside `r`: the pixels that stand out at 3:1 or more from `page`, as a
/// share of the pixels drawn in the ink colour `ink` (the letters).
fn legible_share(image: &Image, r: Rect, page: [f64; 3], ink: Rgba) -> f64 {
    let (mut drawn, mut legible) = (0usize, 0usize);
    let x0 = r.x.floor().max(0.0) as u32;
    let y0 = r.y.floor().max(0.0) as u32;
    let x1 = ((r.x + r.w).ceil() as u32).min(image.width);
    let y1 = ((r.y + r.h).ceil() as u32).min(image.height);
    for y in y0..y1 {
        for x in x0..x1 {
            let (c, a) = over(image, x, y, page);
            let at = ((y * image.width + x) * 4) as usize;
            let near = |i: usize, v: u8| image.rgba[at + i].abs_diff(v) <= 40;
            if a > 0.5 && near(0, ink.r) && near(1, ink.g) && near(2, ink.b) {
                drawn += 1;
            }
            legible += (contrast(c, page) >= 3.0) as usize;
        }
    }
    assert!(drawn > 0, "nothing drawn in {r:?}");
    legible as f64 / drawn as f64
}

/// Caption, number, names, titles and ratings on a transparent background
/// read over white paper and over a #111 page: a good share of what each
/// run draws stands out at 3:1 (the letters themselves on one page, their
/// casing on the other). Before, black text over #111 had none.
#[test]
fn text_on_a_transparent_background_reads_on_white_and_dark_pages() {
    for theme in ["brown", "blue", "print"] {
        for size in [240, 400, 720] {
            let options = DiagramOptions {
                size,
                transparent: true,
                theme: Theme::built_in(theme).unwrap(),
                around: players(),
                ..DiagramOptions::default()
            };
            let l = Layout::new(&position(RUY_LOPEZ), &options).unwrap();
            let image = png(RUY_LOPEZ, &options);
            let texts = &l.frame.board.texts;
            assert!(texts.len() >= 7, "{theme} {size}: {}", texts.len());
            for t in texts {
                let r = Rect {
                    x: t.x - 2.0,
                    y: t.y - t.size,
                    w: t.width() + 4.0,
                    h: t.size * 1.3,
                };
                for page in [WHITE, DARK_PAGE] {
                    let share = legible_share(&image, r, page, t.color);
                    assert!(
                        share >= 0.5,
                        "{theme} {size} {:?} on {page:?}: {:.0} % at 3:1",
                        t.text,
                        100.0 * share
                    );
                }
            }
            // Black's disc has a light outline on the dark page.
            for d in &l.frame.board.discs {
                let r = Rect {
                    x: d.cx - d.r - 2.0,
                    y: d.cy - d.r - 2.0,
                    w: 2.0 * d.r + 4.0,
                    h: 2.0 * d.r + 4.0,
                };
                for page in [WHITE, DARK_PAGE] {
                    let share = legible_share(&image, r, page, d.outline.unwrap().0);
                    assert!(share >= 0.5, "{theme} {size} disc on {page:?}: {share}");
                }
            }
        }
    }
}

/// Outside labels and the caption on a `--background` colour keep 3:1
/// against it whatever the theme's label colour (brown on red was 1.2:1).
#[test]
fn labels_and_caption_on_a_custom_background_keep_three_to_one() {
    for (theme, paper) in [
        ("brown", Rgba::rgb(0xcc, 0x00, 0x00)),
        ("blue", Rgba::rgb(0x33, 0x44, 0x55)),
        ("green", Rgba::rgb(0x22, 0x22, 0x22)),
        ("brown", Rgba::rgb(0x6e, 0x51, 0x37)),
    ] {
        let mut theme_ = Theme::built_in(theme).unwrap();
        theme_.background = Some(paper);
        let options = DiagramOptions {
            size: 400,
            theme: theme_,
            around: Around {
                caption: Some(Caption::Text("White to move".into())),
                ..Around::default()
            },
            ..DiagramOptions::default()
        };
        let l = Layout::new(&position(RUY_LOPEZ), &options).unwrap();
        let image = png(RUY_LOPEZ, &options);
        let bg = [paper.r as f64, paper.g as f64, paper.b as f64];
        // The label colour, and the most contrasting pixel of each label.
        for label in &l.frame.board.labels {
            let c = label.color;
            let ratio = contrast([c.r as f64, c.g as f64, c.b as f64], bg);
            assert!(ratio >= 3.0, "{theme} on {paper:?}: label {ratio:.2}:1");
            let s = label.scale;
            let r = Rect {
                x: label.x,
                y: label.y + 25.0 * s,
                w: 60.0 * s,
                h: 80.0 * s,
            };
            let best = (r.y as u32..(r.y + r.h) as u32)
                .flat_map(|y| (r.x as u32..(r.x + r.w) as u32).map(move |x| (x, y)))
                .map(|(x, y)| contrast(over(&image, x, y, bg).0, bg))
                .fold(1.0, f64::max);
            assert!(
                best >= 3.0,
                "{theme} on {paper:?}: '{}' {best:.2}:1",
                label.ch
            );
        }
        for t in &l.frame.board.texts {
            let c = t.color;
            let ratio = contrast([c.r as f64, c.g as f64, c.b as f64], bg);
            assert!(ratio >= 3.0, "{theme} on {paper:?}: caption {ratio:.2}:1");
        }
    }
}

/// The side-to-move marker keeps clear of the image's right edge at every
/// width, newspaper sizes (150 to 207 px) above all, where it had 0 to 1
/// px: the image's last two columns are the background beside the board.
#[test]
fn the_side_to_move_marker_keeps_a_margin_to_the_edge() {
    for theme in ["brown", "print"] {
        for size in (150..=207).chain([120, 240, 333, 400, 720]) {
            for flip in [false, true] {
                let options = DiagramOptions {
                    size,
                    flip,
                    theme: Theme::built_in(theme).unwrap(),
                    ..DiagramOptions::default()
                };
                let l = Layout::new(&position(RUY_LOPEZ), &options).unwrap();
                let image = png(RUY_LOPEZ, &options);
                let board = l.frame.board.board;
                let m = l.mover.expect("marker on");
                let what = format!("{theme} {size} flip={flip}");
                let reach = if m.square {
                    m.r
                } else {
                    m.r + m.stroke_width / 2.0
                };
                assert!(m.cx + reach <= size as f32 - 2.0, "{what}");
                // The last column paper, the one before it at most a
                // trace of anti-aliasing.
                for (x, least) in [(image.width - 1, 255), (image.width - 2, 240)] {
                    for y in board.y as u32..(board.y + board.h) as u32 {
                        let at = ((y * image.width + x) * 4) as usize;
                        assert!(
                            image.rgba[at..at + 3].iter().all(|&v| v >= least),
                            "{what}: ink at ({x}, {y})"
                        );
                    }
                }
            }
        }
    }
}

/// A count badge covers no piece in the tray: "11" on the pawns' slot
/// leaves the pawn's base (and the knight's in the next slot) as drawn
/// without it. (The knight's own "2" may graze its wider base by a pixel
/// or two in print.)
#[test]
fn a_count_badge_leaves_the_pieces_whole() {
    let badged = "8/8/8/8/8/8/8/k6K[PPPPPPPPPPPNN] w - - 0 1";
    let single = "8/8/8/8/8/8/8/k6K[PN] w - - 0 1";
    for theme in ["brown", "print"] {
        for size in [400, 720, 1000] {
            let options = DiagramOptions {
                size,
                theme: Theme::built_in(theme).unwrap(),
                ..DiagramOptions::default()
            };
            let l = Layout::new(&position(single), &options).unwrap();
            let (a, b) = (png(badged, &options), png(single, &options));
            assert_eq!((a.width, a.height), (b.width, b.height));
            let tray = l.frame.pockets.trays[0].expect("White's tray");
            // The tray's own colour, from above the pawn's head.
            let at = |img: &Image, x: u32, y: u32| img.rgba[((y * img.width + x) * 4) as usize];
            let ground = at(
                &b,
                (tray.x + tray.h / 2.0) as u32,
                (tray.y + tray.h / 10.0) as u32,
            );
            // Inside print's tray frame (a badge may cross the frame).
            let w = (l.frame.board.square * 0.03).round().max(1.0);
            let mut covered = 0;
            for y in (tray.y + w) as u32..(tray.y + tray.h - w) as u32 {
                // The pawn's slot and the knight's left half, where the
                // pawns' badge lies.
                for x in (tray.x + w) as u32..(tray.x + 1.5 * tray.h) as u32 {
                    // The piece's ink, not its anti-aliased fringe.
                    let piece = at(&b, x, y).abs_diff(ground) > 100;
                    if piece && at(&a, x, y).abs_diff(at(&b, x, y)) > 100 {
                        covered += 1;
                    }
                }
            }
            assert_eq!(covered, 0, "{theme} {size}: the badge covers a piece");
        }
    }
}
