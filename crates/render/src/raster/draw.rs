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
        Item::Labels(labels) => draw_labels(band, labels, &[], top),
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
    let Some(paint) = glow_paint(r, glow, Transform::identity()) else {
        return;
    };
    if let Some(rect) = tiny_skia::Rect::from_xywh(r.x, r.y, r.w, r.h) {
        pixmap.fill_rect(rect, &paint, Transform::identity(), None);
    }
}

/// The paint of `glow` over the square `r` (in pixels), for a shape drawn
/// with `transform` (which the gradient is undone by, so it stays put).
fn glow_paint(r: Rect, glow: &Glow, transform: Transform) -> Option<Paint<'static>> {
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
    let shader = RadialGradient::new(
        centre,
        0.0,
        centre,
        r.w / 2.0,
        stops,
        SpreadMode::Pad,
        transform.invert()?,
    )?;
    Some(Paint {
        shader,
        anti_alias: true,
        ..Paint::default()
    })
}

/// Each of `labels` over its casing, into a band whose first row is the
/// image's row `top`. A casing in the colour of the label's square is
/// painted again with the check glow among `glows` that lies under it
/// (the glows in the labels' coordinates), so that it shows the square
/// as the background drew it.
pub(super) fn draw_labels(band: &mut Pixmap, labels: &[PlacedLabel], glows: &[Glow], top: u32) {
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
            let glow = label.glow_under(glows);
            if let Some(paint) = glow.and_then(|g| glow_paint(shifted(g.rect, top), g, ts)) {
                band.stroke_path(&g.path, &paint, &stroke, ts, None);
            }
        }
        band.fill_path(&g.path, &solid(label.color), FillRule::Winding, ts, None);
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
