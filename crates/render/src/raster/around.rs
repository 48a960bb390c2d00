//! Drawing what the layout placed around the board: player discs, text
//! (captions, numbers, player bars) and count badges' parts. Text is the
//! embedded font's glyphs where the SVG puts them: ink-only text from each
//! glyph's kept coverage (`glyph_masks`), text with a casing from its
//! outlines filled and stroked.

use resvg::tiny_skia::{FillRule, LineJoin, Path, PathBuilder, Pixmap, Stroke, Transform};

use super::glyph_masks;
use super::paint::{band_shift, color, solid};
use crate::layout::{Disc, GlyphBadge, PlacedText, SquareLabel};

/// A disc, filled and outlined, in a band whose first row is image row
/// `top` (0 for the whole image).
pub(super) fn draw_disc(pixmap: &mut Pixmap, d: &Disc, top: u32) {
    if d.square {
        // Whole-pixel rectangles: the outline's band, then the box.
        let y = d.cy - top as f32;
        if let Some((color, w)) = d.outline {
            let side = 2.0 * (d.r + w);
            square(pixmap, d.cx - d.r - w, y - d.r - w, side, color);
        }
        square(pixmap, d.cx - d.r, y - d.r, 2.0 * d.r, d.fill);
        return;
    }
    let Some(path) = PathBuilder::from_circle(d.cx, d.cy, d.r) else {
        return;
    };
    let ts = Transform::from_translate(0.0, -(top as f32));
    pixmap.fill_path(&path, &solid(d.fill), FillRule::Winding, ts, None);
    if let Some((color, width)) = d.outline {
        let stroke = Stroke {
            width,
            ..Stroke::default()
        };
        pixmap.stroke_path(&path, &solid(color), &stroke, ts, None);
    }
}

/// A filled square of side `side` at (`x`, `y`), not anti-aliased (the
/// callers put it on whole pixels).
pub(super) fn square(
    pixmap: &mut Pixmap,
    x: f32,
    y: f32,
    side: f32,
    c: crate::assets::color::Rgba,
) {
    if let Some(rect) = resvg::tiny_skia::Rect::from_xywh(x, y, side, side) {
        pixmap.fill_rect(rect, &solid(c), Transform::identity(), None);
    }
}

/// A run of text, filled from the font's outlines, in a band whose first
/// row is image row `top`.
pub(super) fn draw_text(pixmap: &mut Pixmap, t: &PlacedText, top: u32) {
    if t.casing.is_none() {
        // Ink only: from the glyphs kept (see `glyph_masks`).
        if let Some(c) = glyph_masks::coverage(t) {
            glyph_masks::blend(pixmap, &c, color(t.color).premultiply().to_color_u8(), top);
        }
    } else if let Some(path) = t.outline() {
        draw_outline(pixmap, t, &path, top);
    }
}

/// Draws `t` from its outline `path` (shaped once by a caller that needs
/// it for more than drawing) into a band whose first row is image row
/// `top`.
pub(super) fn draw_outline(pixmap: &mut Pixmap, t: &PlacedText, path: &Path, top: u32) {
    let ts = Transform::from_translate(0.0, -(top as f32));
    if let Some((casing, width)) = t.casing {
        // The casing: the outlines filled and stroked wide under the ink,
        // as labels' casings are.
        let stroke = Stroke {
            width,
            line_join: LineJoin::Round,
            ..Stroke::default()
        };
        pixmap.fill_path(path, &solid(casing), FillRule::Winding, ts, None);
        pixmap.stroke_path(path, &solid(casing), &stroke, ts, None);
    }
    pixmap.fill_path(path, &solid(t.color), FillRule::Winding, ts, None);
}

/// A label on a square: its outlines filled and stroked in the casing
/// colour (round joins, as the SVG writer strokes them), then filled in ink.
pub(super) fn draw_square_label(pixmap: &mut Pixmap, l: &SquareLabel, top: u32) {
    let Some(path) = l.outline() else {
        return;
    };
    let ts = band_shift(top);
    let (casing, width) = l.casing;
    let stroke = Stroke {
        width,
        line_join: LineJoin::Round,
        ..Stroke::default()
    };
    pixmap.fill_path(&path, &solid(casing), FillRule::Winding, ts, None);
    pixmap.stroke_path(&path, &solid(casing), &stroke, ts, None);
    pixmap.fill_path(&path, &solid(l.text.color), FillRule::Winding, ts, None);
}

/// A glyph's badge: its disc, then the symbol's outlines.
pub(super) fn draw_glyph_badge(pixmap: &mut Pixmap, b: &GlyphBadge, top: u32) {
    draw_disc(pixmap, &b.disc, top);
    if let Some(path) = b.outline() {
        let paint = solid(b.text.color);
        pixmap.fill_path(&path, &paint, FillRule::Winding, band_shift(top), None);
    }
}
