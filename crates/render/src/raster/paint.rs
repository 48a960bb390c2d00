//! The rasterizer's pixel primitives: colours and paints, the shift into a
//! band of rows, and the blend of a sprite or a pixel. Below everything
//! else in `raster/`, so its parts share them without reaching into the
//! parent.

use resvg::tiny_skia::{self, Paint, Pixmap, Transform};

use crate::assets::color::Rgba;
use crate::layout::Rect;

/// The transform that draws image coordinates into a band whose first row
/// is image row `top`.
pub(super) fn band_shift(top: u32) -> Transform {
    Transform::from_translate(0.0, -(top as f32))
}

/// `r` in the coordinates of a band whose first row is image row `top`.
/// Whole-pixel rectangles stay whole: the shift is exact.
pub(super) fn shifted(r: Rect, top: u32) -> Rect {
    Rect {
        y: r.y - top as f32,
        ..r
    }
}

/// Draws `sprite` over `pixmap` (source-over) with its top-left corner at
/// `at`, a whole-pixel position. Sprites only ever land on whole pixels, so
/// this is a plain per-pixel blend of premultiplied bytes; tiny-skia's
/// general `draw_pixmap` would sample the sprite through a shader, several
/// times slower for the same result (within one level per channel).
pub(crate) fn draw_sprite(pixmap: &mut Pixmap, sprite: &Pixmap, at: Rect) {
    let (x0, y0) = (at.x as i64, at.y as i64);
    let (w, h) = (pixmap.width() as i64, pixmap.height() as i64);
    let (sw, sh) = (sprite.width() as i64, sprite.height() as i64);
    // The part of the sprite that lies inside the pixmap.
    let (sx0, sx1) = ((-x0).max(0), (w - x0).min(sw));
    let (sy0, sy1) = ((-y0).max(0), (h - y0).min(sh));
    if sx0 >= sx1 || sy0 >= sy1 {
        return;
    }
    let src = sprite.data();
    let dst = pixmap.data_mut();
    let span = ((sx1 - sx0) * 4) as usize;
    for sy in sy0..sy1 {
        let s_at = ((sy * sw + sx0) * 4) as usize;
        let d_at = (((y0 + sy) * w + x0 + sx0) * 4) as usize;
        let s_row = &src[s_at..s_at + span];
        let d_row = &mut dst[d_at..d_at + span];
        // A sprite's margins are transparent (all four bytes zero, being
        // premultiplied): skipped two pixels at a time, not looked at one
        // by one (an eighth of this function's instructions for a one-shot
        // board, callgrind).
        let pairs = || s_row.chunks_exact(8);
        let lead = 8 * pairs().take_while(|p| *p == [0; 8]).count();
        if lead == span {
            continue;
        }
        // From the end only when the row is whole pairs (an odd last pixel
        // is not in them and may be opaque).
        let end = if pairs().remainder().is_empty() {
            span - 8 * pairs().rev().take_while(|p| *p == [0; 8]).count()
        } else {
            span
        };
        let (s_row, d_row) = (&s_row[lead..end], &mut d_row[lead..end]);
        for (s, d) in s_row.chunks_exact(4).zip(d_row.chunks_exact_mut(4)) {
            match s[3] {
                0 => {}
                255 => d.copy_from_slice(s),
                _ => over(d, [s[0], s[1], s[2], s[3]]),
            }
        }
    }
}

/// Source-over of one premultiplied RGBA pixel onto another.
pub(super) fn over(dst: &mut [u8], src: [u8; 4]) {
    let keep = 255 - src[3] as u32;
    for (d, s) in dst.iter_mut().zip(src) {
        *d = s + div255(*d as u32 * keep);
    }
}

/// `v / 255` rounded to nearest, for `v` up to 255².
pub(super) fn div255(v: u32) -> u8 {
    let v = v + 128;
    ((v + (v >> 8)) >> 8) as u8
}

pub(super) fn color(c: Rgba) -> tiny_skia::Color {
    tiny_skia::Color::from_rgba8(c.r, c.g, c.b, c.a)
}

pub(super) fn solid(c: Rgba) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(color(c));
    paint.anti_alias = true;
    paint
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::Xorshift;

    /// `draw_sprite` pixel by pixel, without skipping anything.
    fn reference(pixmap: &mut Pixmap, sprite: &Pixmap, x0: usize, y0: usize) {
        let (w, sw) = (pixmap.width() as usize, sprite.width() as usize);
        let dst = pixmap.data_mut();
        for (k, s) in sprite.data().chunks_exact(4).enumerate() {
            let (x, y) = (x0 + k % sw, y0 + k / sw);
            let d = &mut dst[(y * w + x) * 4..(y * w + x) * 4 + 4];
            over(d, [s[0], s[1], s[2], s[3]]);
        }
    }

    /// Sprites with transparent margins, rows and odd widths (whose last
    /// pixel is not in the pairs the margins are skipped by) draw as
    /// pixel-by-pixel blending does.
    #[test]
    fn skipping_transparent_margins_changes_nothing() {
        let mut rng = Xorshift(7);
        for (sw, sh) in [(1, 1), (2, 3), (7, 5), (8, 8), (13, 9), (50, 50)] {
            let mut sprite = Pixmap::new(sw, sh).unwrap();
            let width = sw as usize;
            for (k, px) in sprite.data_mut().chunks_exact_mut(4).enumerate() {
                let (x, y) = (k % width, k / width);
                // Transparent margins of random widths, an empty row now
                // and then, and an opaque or translucent last pixel.
                let inside = x > rng.below(3) as usize && y % 4 != 1;
                let a: u32 = if inside {
                    [255, 128, 1][rng.below(3) as usize]
                } else {
                    0
                };
                let a = if x + 1 == width && rng.below(2) == 0 {
                    255
                } else {
                    a
                };
                let c = [0; 3].map(|_| div255(rng.below(256) * a));
                px.copy_from_slice(&[c[0], c[1], c[2], a as u8]);
            }
            let mut ours = Pixmap::new(sw + 4, sh + 4).unwrap();
            ours.fill(tiny_skia::Color::from_rgba8(90, 140, 200, 255));
            let mut theirs = ours.clone();
            let at = Rect {
                x: 2.0,
                y: 2.0,
                w: sw as f32,
                h: sh as f32,
            };
            draw_sprite(&mut ours, &sprite, at);
            reference(&mut theirs, &sprite, 2, 2);
            assert_eq!(ours.data(), theirs.data(), "{sw}x{sh}");
        }
    }
}
