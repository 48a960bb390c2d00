//! Text as the coverage of glyphs drawn once and kept.
//!
//! A batch of games draws a few texts per board (names, ratings, clocks),
//! each different, and filling each as one path took a fifth of a game
//! diagram's time (`perf` over `batch games.pgn`, 2026-11-26). Glyphs
//! repeat across every name, though: a glyph's coverage at a given size
//! and sub-pixel offset is drawn once per thread and a text is its glyphs'
//! coverage added up. Every raster path draws ink-only text this way
//! (`around::draw_text` and the palette compositors), so they agree.
//!
//! Pens snap to the nearest eighth of a pixel (`font::snap`), in every
//! writer, so a glyph's mask is the glyph's outline filled where the SVG
//! and casings put it. A mask depends on its key alone: the result is the
//! same on every machine, in any batch and on any thread.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use resvg::tiny_skia::{FillRule, Mask, Pixmap, PremultipliedColorU8, Transform};

use super::paint::{div255, over};
use crate::assets::font::{snap, Weight, PEN_STEPS};
use crate::layout::PlacedText;

/// The most bytes of glyph masks a thread keeps (past it, it starts
/// again): a few sizes of the hundred-odd glyphs names use, at every
/// offset, at 400 px (about 300 bytes a mask); fewer at 4096 px, where a
/// caption's glyph is 10 KB.
const KEPT_BYTES: usize = 4 << 20;

/// One glyph at one size and sub-pixel offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct GlyphKey {
    weight: Weight,
    size_bits: u32,
    id: u16,
    /// Eighths of a pixel right of and below the whole pixel the pen is on.
    phase: (u8, u8),
}

/// A glyph's coverage, placed relative to the whole pixel its pen is on.
#[derive(Debug)]
struct GlyphMask {
    left: i32,
    top: i32,
    width: usize,
    coverage: Vec<u8>,
}

/// A text's coverage: 0 to 255 per pixel of a rectangle of the image.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Coverage {
    /// The rectangle's left column and top row in the image (may be
    /// negative: callers clip).
    pub left: i32,
    pub top: i32,
    pub width: usize,
    pub height: usize,
    /// Row by row.
    pub alpha: Vec<u8>,
}

thread_local! {
    /// The glyph masks this thread has drawn.
    static MASKS: RefCell<Kept> = RefCell::new(Kept::default());
}

/// Glyph masks by key, and the bytes they hold.
#[derive(Debug, Default)]
struct Kept {
    masks: HashMap<GlyphKey, Arc<GlyphMask>>,
    bytes: usize,
}

/// The masks kept on this thread (for the tests).
#[cfg(test)]
fn kept() -> usize {
    MASKS.with(|m| m.borrow().masks.len())
}

/// The coverage of `text`'s ink (its casing aside), or `None` for blank
/// text.
pub(crate) fn coverage(text: &PlacedText) -> Option<Coverage> {
    MASKS.with(|masks| coverage_with(&mut masks.borrow_mut(), text))
}

fn coverage_with(kept: &mut Kept, text: &PlacedText) -> Option<Coverage> {
    let shaped = text.shaped();
    let size_bits = text.size.to_bits();
    let mut placed = Vec::new();
    for (id, gx, gy) in shaped.glyphs() {
        let (x, y) = (snap(text.x + gx), snap(text.y + gy));
        let (px, py) = (x.floor(), y.floor());
        // Whole eighths, exactly (`snap`).
        let phase = |f: f32| (f * PEN_STEPS).round() as u8;
        let (fx, fy) = (phase(x - px), phase(y - py));
        let key = GlyphKey {
            weight: shaped.weight(),
            size_bits,
            id,
            phase: (fx, fy),
        };
        let mask = match kept.masks.get(&key) {
            Some(m) => Arc::clone(m),
            None => {
                let Some(m) = draw_glyph(&shaped, key) else {
                    continue;
                };
                if kept.bytes + m.coverage.len() > KEPT_BYTES {
                    kept.masks.clear();
                    kept.bytes = 0;
                }
                kept.bytes += m.coverage.len();
                let m = Arc::new(m);
                kept.masks.insert(key, Arc::clone(&m));
                m
            }
        };
        placed.push((px as i32 + mask.left, py as i32 + mask.top, mask));
    }
    let left = placed.iter().map(|p| p.0).min()?;
    let top = placed.iter().map(|p| p.1).min()?;
    let right = placed.iter().map(|p| p.0 + p.2.width as i32).max()?;
    let bottom = placed
        .iter()
        .map(|p| p.1 + (p.2.coverage.len() / p.2.width) as i32)
        .max()?;
    let (width, height) = ((right - left) as usize, (bottom - top) as usize);
    let mut alpha = vec![0u8; width * height];
    for (x, y, m) in &placed {
        let (dx, dy) = ((x - left) as usize, (y - top) as usize);
        for (row, src) in m.coverage.chunks_exact(m.width).enumerate() {
            let at = (dy + row) * width + dx;
            for (d, &s) in alpha[at..at + m.width].iter_mut().zip(src) {
                *d = d.saturating_add(s);
            }
        }
    }
    Some(Coverage {
        left,
        top,
        width,
        height,
        alpha,
    })
}

/// Draws ink of colour `ink` (premultiplied) at coverage `c` over
/// `pixmap`, a band whose first row is image row `top`: source-over, as a
/// solid fill of the text's outline blends.
pub(crate) fn blend(pixmap: &mut Pixmap, c: &Coverage, ink: PremultipliedColorU8, top: u32) {
    blend_at(pixmap, c, (0, 0), ink, top);
}

/// [`blend`] with the coverage moved right and down by `at` (whole pixels).
pub(crate) fn blend_at(
    pixmap: &mut Pixmap,
    c: &Coverage,
    at: (i32, i32),
    ink: PremultipliedColorU8,
    top: u32,
) {
    let (width, height) = (pixmap.width() as i32, pixmap.height() as i32);
    let data = pixmap.data_mut();
    let src = [ink.red(), ink.green(), ink.blue(), ink.alpha()].map(u32::from);
    for (row, alphas) in c.alpha.chunks_exact(c.width).enumerate() {
        let y = at.1 + c.top + row as i32 - top as i32;
        if !(0..height).contains(&y) {
            continue;
        }
        for (col, &a) in alphas.iter().enumerate() {
            let x = at.0 + c.left + col as i32;
            if a == 0 || !(0..width).contains(&x) {
                continue;
            }
            let at = (y * width + x) as usize * 4;
            let a = u32::from(a);
            over(&mut data[at..at + 4], src.map(|v| div255(v * a)));
        }
    }
}

/// Draws the glyph of `key` (shaped in `shaped`'s weight and size) with its
/// pen at the key's offset into the pixel at the origin.
fn draw_glyph(shaped: &crate::assets::font::ShapedText, key: GlyphKey) -> Option<GlyphMask> {
    let (fx, fy) = (
        key.phase.0 as f32 / PEN_STEPS,
        key.phase.1 as f32 / PEN_STEPS,
    );
    let path = shaped.glyph_path(key.id, fx, fy)?;
    let b = path.bounds();
    // A pixel of room on each side for the anti-aliasing.
    let left = b.left().floor() as i32 - 1;
    let top = b.top().floor() as i32 - 1;
    let width = (b.right().ceil() as i32 + 1 - left).max(1) as u32;
    let height = (b.bottom().ceil() as i32 + 1 - top).max(1) as u32;
    let mut mask = Mask::new(width, height)?;
    let shift = Transform::from_translate(-left as f32, -top as f32);
    mask.fill_path(&path, FillRule::Winding, true, shift);
    Some(GlyphMask {
        left,
        top,
        width: width as usize,
        coverage: mask.take(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assets::color::Rgba;
    use resvg::tiny_skia::{Paint, Pixmap};

    fn text(s: &str, x: f32, y: f32) -> PlacedText {
        PlacedText {
            text: s.into(),
            bold: true,
            size: 14.0,
            x,
            y,
            color: Rgba::rgb(0, 0, 0),
            casing: None,
        }
    }

    /// The coverage of `t` filled as one path, as the RGBA path draws it.
    fn whole(t: &PlacedText, w: u32, h: u32) -> Vec<u8> {
        let mut p = Pixmap::new(w, h).unwrap();
        let mut paint = Paint::default();
        paint.set_color_rgba8(0, 0, 0, 255);
        let path = t.outline().unwrap();
        p.fill_path(
            &path,
            &paint,
            FillRule::Winding,
            Transform::identity(),
            None,
        );
        p.pixels().iter().map(|px| px.alpha()).collect()
    }

    #[test]
    fn glyph_coverage_matches_the_whole_path_filled() {
        for (x, y) in [(4.0, 20.0), (4.3, 20.6)] {
            let t = text("Morphy 2700 1:02:03", x, y);
            let c = coverage(&t).unwrap();
            let (w, h) = (200, 30);
            let reference = whole(&t, w, h);
            let (mut worst, mut got_ink, mut want_ink, mut solid) = (0u8, 0u64, 0u64, 0);
            for yy in 0..h as i32 {
                for xx in 0..w as i32 {
                    let (cx, cy) = (xx - c.left, yy - c.top);
                    let inside = cx >= 0 && cy >= 0;
                    let inside = inside && (cx as usize) < c.width && (cy as usize) < c.height;
                    let got = if inside {
                        c.alpha[cy as usize * c.width + cx as usize]
                    } else {
                        0
                    };
                    let want = reference[(yy as u32 * w + xx as u32) as usize];
                    worst = worst.max(got.abs_diff(want));
                    got_ink += u64::from(got);
                    want_ink += u64::from(want);
                    solid += u32::from(want == 255);
                }
            }
            assert!(solid > 100, "the text has solid ink");
            // The outline is snapped as the masks are: the same coverage,
            // but where two glyphs' edges share a pixel (their coverages
            // add up where the whole path counts it once).
            assert!(worst <= 2, "at ({x}, {y}): {worst}");
            let ratio = got_ink as f64 / want_ink as f64;
            assert!((ratio - 1.0).abs() < 0.001, "at ({x}, {y}): {ratio}");
        }
        // Every glyph of both texts was kept once: drawing again adds none.
        let before = kept();
        coverage(&text("Morphy", 4.3, 20.6));
        assert_eq!(kept(), before);
    }

    #[test]
    fn blank_text_has_no_coverage() {
        assert_eq!(coverage(&text("  ", 1.0, 10.0)), None);
    }
}
