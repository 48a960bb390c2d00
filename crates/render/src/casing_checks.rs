//! Inside labels against the pieces (issue 35, defect 7): in every theme
//! and at sizes from 200 to 720 px, the label letters and digits drawn in
//! the edge squares must stand clear of the piece on the square, with at
//! least one pixel of the square's own colour (print: of paper) between
//! the label's ink and the piece's, in the PNG and in the SVG drawn by
//! resvg. The inside `g` touched the king's base on g1 in every theme.

use resvg::tiny_skia::{FillRule, LineJoin, Paint, Pixmap, Stroke, Transform};
use resvg::usvg;

use crate::assets::color::Rgba;
use crate::assets::labels::LabelFont;
use crate::assets::theme::Theme;
use crate::layout::{Layout, PlacedLabel};
use crate::options::{CheckMark, Coordinates, DiagramOptions, Markup};
use crate::raster::Rasterizer;
use crate::test_support::{layout, sq};
use fen2img_chess::Square;

/// Castled on both sides (the king on g1, rooks on a1 and f1), and every
/// square of the first rank and the a-file taken (knights and bishops on
/// a3 to a6).
const BOARDS: [&str; 2] = [
    "r4rk1/pppq1ppp/2n2n2/3p4/3P4/2N2N2/PPPQ1PPP/R4RK1 w - - 0 1",
    "rnbqkbnr/pppppppp/n7/b7/B7/N7/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
];

const SIZES: [u32; 5] = [200, 280, 400, 560, 720];

/// A colour this close to the ground's (of 441) is the ground: an edge
/// pixel blending a tenth of a piece's white into a dark square is not.
const SAME_AS_SQUARE: f32 = 24.0;

/// Inside coordinates in `theme` at `size`, lila-gif's board alone.
fn inside(theme: &Theme, size: u32, flip: bool, markup: Markup) -> DiagramOptions {
    DiagramOptions {
        size,
        flip,
        theme: theme.clone(),
        coordinates: Coordinates::Inside,
        border: false,
        side_to_move: false,
        markup,
        ..DiagramOptions::default()
    }
}

/// `l` drawn by the rasterizer (the PNG's pixels).
fn png(l: &Layout) -> Pixmap {
    Rasterizer::new().render(l)
}

/// `l` written as SVG and drawn by resvg.
fn svg(l: &Layout) -> Pixmap {
    let doc = crate::svg::write(l);
    let tree = usvg::Tree::from_str(&doc, &usvg::Options::default()).unwrap();
    let mut pixmap = Pixmap::new(l.frame.width(), l.frame.height()).unwrap();
    resvg::render(&tree, Transform::identity(), &mut pixmap.as_mut());
    pixmap
}

/// The colour of pixel (`x`, `y`), over white where it is not opaque.
fn colour(p: &Pixmap, x: u32, y: u32) -> Rgba {
    let c = p.pixel(x, y).unwrap().demultiply();
    let a = c.alpha() as u32;
    let on_white = |v: u8| ((v as u32 * a + 255 * (255 - a)) / 255) as u8;
    Rgba::rgb(on_white(c.red()), on_white(c.green()), on_white(c.blue()))
}

fn distance(a: Rgba, b: Rgba) -> f32 {
    let d = |x: u8, y: u8| (x as f32 - y as f32).powi(2);
    (d(a.r, b.r) + d(a.g, b.g) + d(a.b, b.b)).sqrt()
}

/// How much of each pixel of an image of `l`'s size the glyph of `label`
/// covers (its alpha, 0–255), and how much the glyph with its casing
/// covers (the glyph alone when it has none).
fn coverage(l: &Layout, label: &PlacedLabel) -> (Pixmap, Pixmap) {
    let mut mask = Pixmap::new(l.frame.width(), l.frame.height()).unwrap();
    let g = LabelFont::get().glyph(label.ch).unwrap();
    let ts = Transform::from_row(label.scale, 0.0, 0.0, label.scale, label.x, label.y);
    let mut paint = Paint::default();
    paint.set_color_rgba8(0, 0, 0, 255);
    mask.fill_path(&g.path, &paint, FillRule::Winding, ts, None);
    let mut cased = mask.clone();
    if let Some(casing) = label.casing {
        let stroke = Stroke {
            width: casing.stroke_width(0.0, label.scale),
            line_join: LineJoin::Round,
            ..Stroke::default()
        };
        cased.stroke_path(&g.path, &paint, &stroke, ts, None);
    }
    (mask, cased)
}

/// The first pixel of the piece on `s` that the ink of a label on `s`
/// reaches through pixels that are not the square's ground (`ink` tells
/// them), 8-connected; `None` when every label is cut off
/// from the piece. A pixel belongs to the piece where its sprite is
/// opaque, the label's glyph covers none of it and its casing at most
/// half: a piece's corner under the casing is hidden by it, and the
/// label's own anti-aliased edge drawn over that corner is not the piece
/// (resvg's edge of a label may fall a pixel beyond this mask's, where a
/// set's base reaches under the casing: cburnett's bishop at 400 px).
fn touch(l: &Layout, s: Square, ink: &dyn Fn(u32, u32) -> bool) -> Option<(u32, u32)> {
    let r = l.square_rect(s);
    let on = |label: &&PlacedLabel| {
        let (cx, cy) = label.ink_centre();
        (r.x..r.x + r.w).contains(&cx) && (r.y..r.y + r.h).contains(&cy)
    };
    let piece = l.pieces.iter().find(|p| p.square == s)?;
    let mut raster = Rasterizer::new();
    let sprite = raster.sprites(&l.frame.sprites.glyphs)[piece.piece.index()].clone();
    let (x0, y0, side) = (r.x as u32, r.y as u32, r.w as u32);
    for label in l.frame.board.labels.iter().filter(on) {
        let (cover, cased) = coverage(l, label);
        let covered = |x: u32, y: u32| cover.pixel(x, y).unwrap().alpha();
        let hidden = |x: u32, y: u32| cased.pixel(x, y).unwrap().alpha() >= 128;
        let of_piece = |x: u32, y: u32| {
            sprite.pixel(x - x0, y - y0).unwrap().alpha() >= 128
                && covered(x, y) == 0
                && !hidden(x, y)
        };
        let mut seen = vec![false; (side * side) as usize];
        let mut stack: Vec<(u32, u32)> = Vec::new();
        for y in y0..y0 + side {
            for x in x0..x0 + side {
                if covered(x, y) >= 128 {
                    seen[((y - y0) * side + x - x0) as usize] = true;
                    stack.push((x, y));
                }
            }
        }
        while let Some((x, y)) = stack.pop() {
            if of_piece(x, y) {
                return Some((x, y));
            }
            for (dx, dy) in (-1i32..=1).flat_map(|dx| (-1i32..=1).map(move |dy| (dx, dy))) {
                let (nx, ny) = (x as i32 + dx, y as i32 + dy);
                let inside = (x0 as i32..(x0 + side) as i32).contains(&nx)
                    && (y0 as i32..(y0 + side) as i32).contains(&ny);
                if !inside {
                    continue;
                }
                let (nx, ny) = (nx as u32, ny as u32);
                let i = ((ny - y0) * side + nx - x0) as usize;
                if !seen[i] && ink(nx, ny) {
                    seen[i] = true;
                    stack.push((nx, ny));
                }
            }
        }
    }
    None
}

/// `l` without its pieces and labels: the ground under them.
fn bare(l: &Layout) -> Layout {
    let mut frame = (*l.frame).clone();
    frame.board.labels.clear();
    Layout {
        frame: std::sync::Arc::new(frame),
        pieces: Vec::new(),
        ..l.clone()
    }
}

/// Every labelled square of `l` that holds a piece, and where a label
/// there touches it, in `picture`; `ground` is the same writer's picture
/// of the board without pieces and labels (squares, tints, glows).
fn touching(picture: &Pixmap, ground: &Pixmap, l: &Layout) -> Vec<String> {
    let print = l.frame.board.hatch.is_some();
    let mut found = Vec::new();
    for s in Square::all() {
        let r = l.square_rect(s);
        let labelled = l.frame.board.labels.iter().any(|label| {
            let (cx, cy) = label.ink_centre();
            (r.x..r.x + r.w).contains(&cx) && (r.y..r.y + r.h).contains(&cy)
        });
        if !labelled || !l.pieces.iter().any(|p| p.square == s) {
            continue;
        }
        // Print is one ink: what a threshold keeps is ink, paper the
        // rest; elsewhere ink is what differs from the ground.
        let ink = |x: u32, y: u32| {
            let c = colour(picture, x, y);
            if print {
                299 * c.r as u32 + 587 * c.g as u32 + 114 * (c.b as u32) < 128_000
            } else {
                distance(c, colour(ground, x, y)) > SAME_AS_SQUARE
            }
        };
        if let Some(at) = touch(l, s, &ink) {
            found.push(format!("{s} at {at:?}"));
        }
    }
    found
}

/// Where a label of `l` touches a piece in the PNG and in the SVG, each
/// against its own writer's ground.
fn touching_in_both(l: &Layout) -> Vec<String> {
    let mut found = Vec::new();
    let ground = bare(l);
    for (format, draw) in [("png", png as fn(&Layout) -> Pixmap), ("svg", svg)] {
        for at in touching(&draw(l), &draw(&ground), l) {
            found.push(format!("{format}: {at}"));
        }
    }
    found
}

#[test]
fn inside_labels_stand_clear_of_the_pieces_in_png_and_svg() {
    // One thread a theme: this is the unit tests' longest check (every
    // theme, size and board drawn twice), and run alone at the end of the
    // suite it would keep one core busy while the other waits.
    let per_theme = |name: &str| {
        let theme = Theme::built_in(name).unwrap();
        let mut failures = Vec::new();
        for size in SIZES {
            for (i, fen) in BOARDS.iter().enumerate() {
                // The second board also from Black's side: the labels go
                // to the h-file and the eighth rank, on Black's pieces.
                for flip in [false, i == 1] {
                    let l = layout(fen, &inside(&theme, size, flip, Markup::default()));
                    for at in touching_in_both(&l) {
                        failures.push(format!("{name} {size} flip={flip} {at}"));
                    }
                }
            }
        }
        failures
    };
    let per_theme = &per_theme;
    let failures: Vec<String> = std::thread::scope(|scope| {
        let threads: Vec<_> = Theme::built_in_names()
            .map(|name| scope.spawn(move || per_theme(name)))
            .collect();
        threads
            .into_iter()
            .flat_map(|thread| thread.join().expect("a theme's check panicked"))
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn casings_show_the_last_moves_tint_and_the_check_glow() {
    // After castling the last move's tint lies on g1, and the king there
    // is in check: the gap round the `g` is the tinted, glowing square,
    // not a ring of the bare square's colour (a flat ring fails: its
    // pixels differ from the ground and join the label to the king).
    let markup = Markup {
        lastmove: Some((sq("e1"), sq("g1"))),
        check: CheckMark::Square(sq("g1")),
        ..Markup::default()
    };
    let mut failures = Vec::new();
    for name in ["brown", "blue", "green", "ic", "pink", "purple"] {
        let theme = Theme::built_in(name).unwrap();
        for size in [200, 400, 720] {
            let l = layout(BOARDS[0], &inside(&theme, size, false, markup.clone()));
            assert_eq!(l.glows.len(), 1, "{name}");
            for at in touching_in_both(&l) {
                failures.push(format!("{name} {size} {at}"));
            }
            // The flat casing under the glow is the tinted square.
            let tint = theme.lastmove;
            let a = tint.opacity();
            let mix = |t: u8, b: u8| (t as f32 * a + b as f32 * (1.0 - a)).round() as u8;
            let base = theme.dark;
            let tinted = Rgba::rgb(
                mix(tint.r, base.r),
                mix(tint.g, base.g),
                mix(tint.b, base.b),
            );
            let g = l.frame.board.labels.iter().find(|x| x.ch == 'g').unwrap();
            assert_eq!(g.casing.unwrap().color, tinted, "{name} {size}");
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn print_keeps_its_labels_cased_in_paper() {
    // One ink: the casing is the paper, whatever the square.
    let print = Theme::built_in("print").unwrap();
    let l = layout(BOARDS[0], &inside(&print, 400, false, Markup::default()));
    assert!(!l.frame.board.labels.is_empty());
    for label in &l.frame.board.labels {
        assert_eq!(
            label.casing.map(|c| c.color),
            Some(Rgba::rgb(255, 255, 255))
        );
    }
}
