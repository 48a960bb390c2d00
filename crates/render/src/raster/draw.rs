//! Drawing one display-list item that is not a sprite copy (squares,
//! hatching, glows, labels, marks, arrows, discs and text): what the
//! rasterizer, its palette tiles and a board's own marks all paint with.

use resvg::tiny_skia::{
    self, FillRule, GradientStop, LineCap, LineJoin, Paint, PathBuilder, Pixmap, Point,
    RadialGradient, SpreadMode, Stroke, StrokeDash, Transform,
};

use crate::assets::color::Rgba;
use crate::assets::labels::LabelFont;
use crate::assets::theme::Hatch;
use crate::layout::{
    hatch, ArrowShape, BoardSpec, Cross, Glow, Item, MoverMark, PlacedLabel, Rect, Ring,
};
use fen2img_chess::Square;

use super::around;
use super::glyph_masks::{self, Coverage};
use super::label_masks;
use super::paint::{band_shift, color, div255, over, shifted, solid};

/// Draws an item that is not a sprite copy (everything but halos and
/// pieces) into a band of the image whose first row is image row `top`
/// (0 and the whole image for items over the pieces).
pub(super) fn draw_shape(band: &mut Pixmap, item: Item<'_>, top: u32) {
    match item {
        Item::Background(c) => band.fill(color(c)),
        Item::Rect(r, c) => fill_rect(band, r, top, c),
        Item::DarkSquares(board, c) => {
            for sq in Square::all().filter(|s| s.is_dark()) {
                fill_rect(band, board.square_rect(sq), top, c);
            }
        }
        Item::Hatch(board, hatch) => draw_hatching(band, board, hatch, top),
        Item::Glow(g) => draw_glow(band, shifted(g.rect, top), g),
        Item::Labels(labels) => fill_labels(band, labels, top),
        Item::CornerLabels(labels, glows) => draw_labels(band, labels, glows, top),
        Item::Disc(d) | Item::PromotedSign(d) => around::draw_disc(band, d, top),
        Item::Text(t) => around::draw_text(band, t, top),
        Item::Badge(b) => {
            around::draw_disc(band, &b.disc, top);
            around::draw_text(band, &b.text, top);
        }
        Item::Cross(c) => draw_cross(band, c, top),
        Item::Ring(r) => draw_ring(band, r, top),
        Item::Polygon(a) => draw_polygon(band, a, top),
        Item::SquareLabel(l) => around::draw_square_label(band, l, top),
        Item::GlyphBadge(b) => around::draw_glyph_badge(band, b, top),
        Item::Mover(m) => draw_mover(band, m),
        // Sprite copies: the caller draws them from its caches.
        Item::PieceHalos(..) | Item::Pieces(_) | Item::PocketPieces(_) => {}
    }
}

/// Fills image rectangle `r` in a band whose first row is image row `top`.
pub(super) fn fill_rect(band: &mut Pixmap, r: Rect, top: u32, c: Rgba) {
    let r = shifted(r, top);
    if r.y >= band.height() as f32 || r.y + r.h <= 0.0 {
        return;
    }
    if let Some(rect) = tiny_skia::Rect::from_xywh(r.x, r.y, r.w, r.h) {
        band.fill_rect(rect, &solid(c), Transform::identity(), None);
    }
}

/// Diagonal lines over the dark squares, laid on the pixel grid (see
/// [`crate::layout::hatch`]): each pixel is ink or paper, the same pixels
/// in every dark square, as the SVG pattern draws them at 1:1.
pub(super) fn draw_hatching(band: &mut Pixmap, board: &BoardSpec, h: Hatch, top: u32) {
    let side = board.square as u32;
    let period = hatch::period(&h);
    let c = h.color;
    let a = c.a as u32;
    let ink = [c.r, c.g, c.b].map(|v| div255(v as u32 * a));
    let ink = [ink[0], ink[1], ink[2], c.a];
    let (bw, bh) = (band.width() as i64, band.height() as i64);
    let data = band.data_mut();
    for sq in Square::all().filter(|s| s.is_dark()) {
        let r = board.square_rect(sq);
        let (x0, y0) = (r.x as i64, r.y as i64 - top as i64);
        for v in 0..side {
            let y = y0 + v as i64;
            if y < 0 || y >= bh {
                continue;
            }
            // The row's runs of ink, one period after another: only the
            // inked pixels are visited.
            let runs = hatch::tile_row(&h, side, v);
            for period_start in (0..side).step_by(period as usize) {
                for &(start, len) in &runs {
                    let from = period_start + start;
                    for u in from..(from + len).min(side) {
                        let x = x0 + u as i64;
                        if (0..bw).contains(&x) {
                            let at = ((y * bw + x) * 4) as usize;
                            over(&mut data[at..at + 4], ink);
                        }
                    }
                }
            }
        }
    }
}

/// The check glow: a radial gradient in the square, as in the SVG.
pub(super) fn draw_glow(pixmap: &mut Pixmap, r: Rect, glow: &Glow) {
    let centre = Point::from_xy(r.x + r.w / 2.0, r.y + r.h / 2.0);
    let stops = glow
        .stops
        .iter()
        .filter_map(|stop| {
            let c = stop.color;
            let color = tiny_skia::Color::from_rgba(
                c.r as f32 / 255.0,
                c.g as f32 / 255.0,
                c.b as f32 / 255.0,
                stop.opacity(),
            )?;
            Some(GradientStop::new(stop.percent as f32 / 100.0, color))
        })
        .collect();
    let Some(shader) = RadialGradient::new(
        centre,
        0.0,
        centre,
        r.w / 2.0,
        stops,
        SpreadMode::Pad,
        Transform::identity(),
    ) else {
        return;
    };
    let paint = Paint {
        shader,
        anti_alias: true,
        ..Paint::default()
    };
    if let Some(rect) = tiny_skia::Rect::from_xywh(r.x, r.y, r.w, r.h) {
        pixmap.fill_rect(rect, &paint, Transform::identity(), None);
    }
}

/// Each of `labels` (outside the board, drawn once into the background)
/// over its casing, into a band whose first row is the image's row `top`:
/// its outline filled, its casing stroked.
fn fill_labels(band: &mut Pixmap, labels: &[PlacedLabel], top: u32) {
    let font = LabelFont::get();
    for label in labels {
        let (Some(g), Some(ink)) = (font.glyph(label.ch), label.ink()) else {
            continue;
        };
        // Most labels lie outside a given band: skip them here rather
        // than have tiny-skia build their edges only to clip them away.
        let reach = label.casing.map_or(0.0, |h| h.width) + 1.0;
        let (ink_top, ink_bottom) = (ink.y - top as f32, ink.y + ink.h - top as f32);
        if ink_bottom + reach < 0.0 || ink_top - reach > band.height() as f32 {
            continue;
        }
        let y = label.y - top as f32;
        let ts = Transform::from_row(label.scale, 0.0, 0.0, label.scale, label.x, y);
        if let Some(casing) = label.casing {
            let stroke = Stroke {
                width: casing.stroke_width(0.0, label.scale),
                line_join: LineJoin::Round,
                ..Stroke::default()
            };
            band.stroke_path(&g.path, &solid(casing.color), &stroke, ts, None);
        }
        band.fill_path(&g.path, &solid(label.color), FillRule::Winding, ts, None);
    }
}

/// Each of `labels` (inside the board, over the pieces: drawn on every
/// tile of its square) over its casing, into a band whose first row is
/// the image's row `top`, from the coverage kept for it (`label_masks`). A
/// casing in the colour of the label's square is painted again with the
/// check glow among `glows` that lies under it (the glows in the labels'
/// coordinates), so that it shows the square as the background drew it.
pub(super) fn draw_labels(band: &mut Pixmap, labels: &[PlacedLabel], glows: &[Glow], top: u32) {
    let premultiplied = |c: Rgba| color(c).premultiply().to_color_u8();
    for label in labels {
        let Some((mask, at)) = label_masks::label_mask(label) else {
            continue;
        };
        if let (Some(casing), Some(c)) = (label.casing, &mask.casing) {
            glyph_masks::blend_at(band, c, at, premultiplied(casing.color), top);
            if let Some(glow) = label.glow_under(glows) {
                glow_through(band, c, at, glow, top);
            }
        }
        glyph_masks::blend_at(band, &mask.ink, at, premultiplied(label.color), top);
    }
}

/// Paints `glow` over `band` (its first row the image's row `top`) where
/// the coverage `c`, moved by `at`, covers: the glow drawn as the
/// background draws it, over the coverage's rectangle, then blended at
/// each pixel's coverage.
fn glow_through(band: &mut Pixmap, c: &Coverage, at: (i32, i32), glow: &Glow, top: u32) {
    let (x0, y0) = (at.0 + c.left, at.1 + c.top - top as i32);
    let Some(mut patch) = Pixmap::new(c.width as u32, c.height as u32) else {
        return;
    };
    let r = Rect {
        x: glow.rect.x - x0 as f32,
        y: glow.rect.y - top as f32 - y0 as f32,
        ..glow.rect
    };
    draw_glow(&mut patch, r, glow);
    let (width, height) = (band.width() as i32, band.height() as i32);
    let data = band.data_mut();
    for (row, (alphas, src)) in c
        .alpha
        .chunks_exact(c.width)
        .zip(patch.data().chunks_exact(c.width * 4))
        .enumerate()
    {
        let y = y0 + row as i32;
        if !(0..height).contains(&y) {
            continue;
        }
        for (col, (&a, px)) in alphas.iter().zip(src.chunks_exact(4)).enumerate() {
            let x = x0 + col as i32;
            if a == 0 || !(0..width).contains(&x) {
                continue;
            }
            let at = (y * width + x) as usize * 4;
            let a = u32::from(a);
            over(
                &mut data[at..at + 4],
                [0, 1, 2, 3].map(|i| div255(u32::from(px[i]) * a)),
            );
        }
    }
}

/// An X mark: its casing, if any, then its ink.
pub(super) fn draw_cross(pixmap: &mut Pixmap, c: &Cross, top: u32) {
    let mut pb = PathBuilder::new();
    pb.move_to(c.cx - c.half, c.cy - c.half);
    pb.line_to(c.cx + c.half, c.cy + c.half);
    pb.move_to(c.cx - c.half, c.cy + c.half);
    pb.line_to(c.cx + c.half, c.cy - c.half);
    if let Some(path) = pb.finish() {
        for (ink, width) in c.strokes() {
            let stroke = Stroke {
                width,
                line_cap: LineCap::Round,
                ..Stroke::default()
            };
            pixmap.stroke_path(&path, &solid(ink), &stroke, band_shift(top), None);
        }
    }
}

/// A circle around a square.
pub(super) fn draw_ring(pixmap: &mut Pixmap, r: &Ring, top: u32) {
    if let Some(path) = PathBuilder::from_circle(r.cx, r.cy, r.r) {
        let stroke = Stroke {
            width: r.width,
            dash: r.dash.and_then(|d| StrokeDash::new(vec![d, d], 0.0)),
            ..Stroke::default()
        };
        pixmap.stroke_path(&path, &solid(r.color), &stroke, band_shift(top), None);
    }
}

/// A filled polygon (an arrow, a three-check sign), its hole left open.
pub(super) fn draw_polygon(pixmap: &mut Pixmap, a: &ArrowShape, top: u32) {
    let mut pb = PathBuilder::new();
    for ring in [&a.points, &a.hole] {
        for (i, &(x, y)) in ring.iter().enumerate() {
            if i == 0 {
                pb.move_to(x, y);
            } else {
                pb.line_to(x, y);
            }
        }
        if !ring.is_empty() {
            pb.close();
        }
    }
    let rule = if a.hole.is_empty() {
        FillRule::Winding
    } else {
        FillRule::EvenOdd
    };
    if let Some(path) = pb.finish() {
        pixmap.fill_path(&path, &solid(a.color), rule, band_shift(top), None);
    }
}

/// The side-to-move marker: a disc in the mover's colour, outlined in ink.
pub(crate) fn draw_mover(pixmap: &mut Pixmap, m: &MoverMark) {
    if m.square {
        // Whole pixels: the box in the outline's ink, then its inside.
        let (x, y, side) = (m.cx - m.r, m.cy - m.r, 2.0 * m.r);
        around::square(pixmap, x, y, side, m.outline);
        let w = m.stroke_width;
        around::square(pixmap, x + w, y + w, side - 2.0 * w, m.fill);
        return;
    }
    if let Some(path) = PathBuilder::from_circle(m.cx, m.cy, m.r) {
        pixmap.fill_path(
            &path,
            &solid(m.fill),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
        let stroke = Stroke {
            width: m.stroke_width,
            ..Stroke::default()
        };
        pixmap.stroke_path(
            &path,
            &solid(m.outline),
            &stroke,
            Transform::identity(),
            None,
        );
    }
}
