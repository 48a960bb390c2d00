//! Drawing what the layout placed around the board: pocket trays, player
//! chips and text (with the background, once per set of options), and per
//! board the pieces in hand, their count badges, promotion signs and
//! three-check signs.

use resvg::tiny_skia::{FillRule, PathBuilder, Pixmap, Stroke, Transform};

use super::{draw_sprite, fill_rect, solid, Rasterizer};
use crate::layout::{ArrowShape, BoardSpec, Disc, Layout, PlacedText};

/// Trays, chips and text, in a band whose first row is image row `top`.
pub(super) fn draw_frame_extras(band: &mut Pixmap, board: &BoardSpec, top: u32) {
    for p in &board.panels {
        fill_rect(band, p.rect, top, p.color);
    }
    let shift = Transform::from_translate(0.0, -(top as f32));
    for d in &board.discs {
        draw_disc(band, d, shift);
    }
    for t in &board.texts {
        draw_text(band, t, shift);
    }
}

/// A disc, filled and outlined.
fn draw_disc(pixmap: &mut Pixmap, d: &Disc, ts: Transform) {
    let Some(path) = PathBuilder::from_circle(d.cx, d.cy, d.r) else {
        return;
    };
    pixmap.fill_path(&path, &solid(d.fill), FillRule::Winding, ts, None);
    if let Some((color, width)) = d.outline {
        let stroke = Stroke {
            width,
            ..Stroke::default()
        };
        pixmap.stroke_path(&path, &solid(color), &stroke, ts, None);
    }
}

/// A run of text, filled from the font's outlines.
fn draw_text(pixmap: &mut Pixmap, t: &PlacedText, ts: Transform) {
    if let Some(path) = t.outline() {
        pixmap.fill_path(&path, &solid(t.color), FillRule::Winding, ts, None);
    }
}

/// A filled polygon.
fn draw_polygon(pixmap: &mut Pixmap, shape: &ArrowShape) {
    let mut pb = PathBuilder::new();
    for (i, &(x, y)) in shape.points.iter().enumerate() {
        if i == 0 {
            pb.move_to(x, y);
        } else {
            pb.line_to(x, y);
        }
    }
    pb.close();
    if let Some(path) = pb.finish() {
        pixmap.fill_path(
            &path,
            &solid(shape.color),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
}

impl Rasterizer {
    /// Pieces in hand (the board's own sprites: slots are square-sized),
    /// their badges, promotion signs and three-check signs.
    pub(super) fn draw_around(&mut self, pixmap: &mut Pixmap, layout: &Layout) {
        let around = &layout.around;
        if around.is_empty() {
            return;
        }
        let sprites = self.sprites(&layout.frame.sprites.glyphs);
        for p in &around.pocket_pieces {
            if let Some(sprite) = sprites.get(p.piece.index()) {
                draw_sprite(pixmap, sprite, p.rect);
            }
        }
        let none = Transform::identity();
        for b in &around.badges {
            draw_disc(pixmap, &b.disc, none);
            draw_text(pixmap, &b.text, none);
        }
        for d in &around.promoted {
            draw_disc(pixmap, d, none);
        }
        for s in &around.checks {
            draw_polygon(pixmap, s);
        }
    }
}
