//! Coordinate labels as coverage drawn once and kept.
//!
//! An inside label is drawn over its casing on every tile of its square
//! (twelve pieces, and the square bare), on every kind of square a game
//! keeps, and on every board drawn in RGBA: stroking and filling the
//! casing each time was a sixth of a 720 px game GIF's instructions
//! (callgrind, famous.pgn, 2026-11-29). A label's casing and ink depend
//! on its character, size, casing width and where it falls within a
//! pixel, so each is drawn once per thread as coverage (the casing
//! stroked and the glyph filled, as tiny-skia draws them) and every
//! raster path blends that coverage, so they agree.
//!
//! A mask is drawn at the label's own position within its pixel (the
//! fraction of its coordinates, exactly), so it covers what filling the
//! glyph there covers, and a label moved by whole pixels (into a square's
//! tile) finds the same mask. It depends on its key alone: the same on
//! every machine and thread.

use std::cell::RefCell;
use std::sync::Arc;

use resvg::tiny_skia::{FillRule, LineJoin, Paint, Path, Pixmap, Stroke, Transform};

use super::cache::{hash_of, Cache};
use super::glyph_masks::Coverage;
use crate::assets::labels::LabelFont;
use crate::layout::PlacedLabel;

/// The most bytes of label masks a thread keeps: the sixteen labels of a
/// few sizes (a 720 px board's are about 2 KB each).
const KEPT_BYTES: u64 = 1 << 20;

/// One label's glyph at one scale, casing width and position within a
/// pixel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct LabelKey {
    ch: char,
    scale_bits: u32,
    casing_bits: Option<u32>,
    /// How far right of and below the whole pixel of the origin it lies,
    /// as the bits of the fractions (`f32`, 0 to 1).
    phase: (u32, u32),
}

/// A label's coverage, placed relative to the whole pixel of its origin:
/// its casing's (if it has one) and its ink's.
#[derive(Debug)]
pub(super) struct LabelMask {
    /// Where the casing covers, stroked round the glyph.
    pub(super) casing: Option<Coverage>,
    /// Where the glyph's ink covers.
    pub(super) ink: Coverage,
}

thread_local! {
    /// The label masks this thread has drawn.
    static MASKS: RefCell<Cache<LabelKey, Arc<LabelMask>>> = RefCell::new(Cache::new(KEPT_BYTES));
}

/// The coverage of `label` (and its casing), and the whole pixel of the
/// image its masks are placed from; `None` for a character the label font
/// lacks.
pub(super) fn label_mask(label: &PlacedLabel) -> Option<(Arc<LabelMask>, (i32, i32))> {
    let (wx, wy) = (label.x.floor(), label.y.floor());
    let key = LabelKey {
        ch: label.ch,
        scale_bits: label.scale.to_bits(),
        casing_bits: label
            .casing
            .map(|h| h.stroke_width(0.0, label.scale).to_bits()),
        phase: ((label.x - wx).to_bits(), (label.y - wy).to_bits()),
    };
    let hash = hash_of(&key);
    let mask = MASKS.with(|masks| {
        let mut masks = masks.borrow_mut();
        if let Some(m) = masks.find(hash, |k| *k == key) {
            return Some(Arc::clone(m));
        }
        let m = Arc::new(draw(key)?);
        let bytes = m.ink.alpha.len() + m.casing.as_ref().map_or(0, |c| c.alpha.len());
        masks.insert(hash, key, Arc::clone(&m), bytes as u64);
        Some(m)
    })?;
    Some((mask, (wx as i32, wy as i32)))
}

/// Draws the label of `key` with its origin at the key's position within
/// the pixel at the origin.
fn draw(key: LabelKey) -> Option<LabelMask> {
    let g = LabelFont::get().glyph(key.ch)?;
    let scale = f32::from_bits(key.scale_bits);
    let (fx, fy) = (f32::from_bits(key.phase.0), f32::from_bits(key.phase.1));
    let stroke = key.casing_bits.map(|w| Stroke {
        width: f32::from_bits(w),
        line_join: LineJoin::Round,
        ..Stroke::default()
    });
    // The ink's bounds, with the casing's half width and a pixel of room
    // on each side for the anti-aliasing.
    let b = g.path.bounds();
    let reach = stroke.as_ref().map_or(0.0, |s| s.width * scale / 2.0) + 1.0;
    let left = (fx + b.left() * scale - reach).floor() as i32;
    let top = (fy + b.top() * scale - reach).floor() as i32;
    let right = (fx + b.right() * scale + reach).ceil() as i32;
    let bottom = (fy + b.bottom() * scale + reach).ceil() as i32;
    let (width, height) = ((right - left).max(1) as u32, (bottom - top).max(1) as u32);
    let ts = Transform::from_row(scale, 0.0, 0.0, scale, fx - left as f32, fy - top as f32);
    let cover = |draw: &dyn Fn(&mut Pixmap, &Path, &Paint)| -> Option<Coverage> {
        let mut pixmap = Pixmap::new(width, height)?;
        let mut paint = Paint::default();
        paint.set_color_rgba8(0, 0, 0, 255);
        paint.anti_alias = true;
        draw(&mut pixmap, &g.path, &paint);
        Some(Coverage {
            left,
            top,
            width: width as usize,
            height: height as usize,
            alpha: pixmap.pixels().iter().map(|p| p.alpha()).collect(),
        })
    };
    let casing = match &stroke {
        Some(s) => Some(cover(&|p, path, paint| {
            p.stroke_path(path, paint, s, ts, None)
        })?),
        None => None,
    };
    let ink = cover(&|p, path, paint| p.fill_path(path, paint, FillRule::Winding, ts, None))?;
    Some(LabelMask { casing, ink })
}
