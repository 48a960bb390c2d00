//! A piece's halo, and the hatch fragments it would leave, covered by it.
//! Below the writers: the rasterizer draws the sprite, the SVG writer the
//! fragments as rectangles, and neither imports the other.
//!
//! In print the dark squares are hatched on whole pixels and each piece
//! stands in a paper halo. Where the halo's curved edge cuts a hatch line
//! it can leave a piece of the line one pixel long: after a 1-bit
//! threshold (a plate, a photocopier) a lone dot beside the piece. The
//! hatching is the same on every dark square, so each halo sprite knows
//! which pixels of its square are hatched: this widens the halo over every
//! piece of a line it leaves shorter than two pixels, so lines end clean.

use resvg::tiny_skia::{self, FillRule, LineJoin, Paint, Pixmap, Stroke, Transform};

use crate::assets::theme::Hatch;
use crate::layout::{hatch, GlyphSpec, Halo};
use fen2img_chess::Piece;

/// The halo sprite of `piece` for `spec` with the hatch fragments it would
/// leave covered (see [`fragments`]): what the rasterizer draws under each
/// piece on hatched themes.
pub(crate) fn halo_sprite(
    spec: &GlyphSpec,
    piece: Piece,
    halo: Halo,
    hatch: Option<&Hatch>,
) -> Pixmap {
    let mut sprite = render_halo(spec, piece, halo);
    if let Some(hatch) = hatch {
        let [r, g, b] = [halo.color.r, halo.color.g, halo.color.b];
        let side = sprite.width() as usize;
        let data = sprite.data_mut();
        for (x, y) in fragments_of(data, side, hatch) {
            let i = 4 * (y as usize * side + x as usize);
            data[i..i + 4].copy_from_slice(&[r, g, b, 255]);
        }
    }
    sprite
}

/// The pixels `(x, y)` of a square, from its top-left corner, that the
/// halo of `piece` must cover besides its own shape on a square hatched by
/// `hatch` (whole pixels): the SVG writer draws them as small rectangles,
/// so that both outputs leave the same lines.
pub(crate) fn fragments(
    spec: &GlyphSpec,
    piece: Piece,
    halo: Halo,
    hatch: &Hatch,
) -> Vec<(u32, u32)> {
    let sprite = render_halo(spec, piece, halo);
    fragments_of(sprite.data(), sprite.width() as usize, hatch)
}

/// The halo of one glyph: its filled shapes, filled and stroked wide in the
/// halo colour (the same geometry the SVG writer uses).
fn render_halo(spec: &GlyphSpec, piece: Piece, halo: Halo) -> Pixmap {
    let size = spec.size;
    let c = halo.color;
    let glyph = spec.pieces.glyph(Piece::new(piece.color, piece.role));
    let mut sprite = Pixmap::new(size, size).expect("size > 0");
    let (scale, dx, dy) = glyph.fit(size as f32);
    let ts = Transform::from_row(scale, 0.0, 0.0, scale, dx, dy);
    let mut paint = Paint::default();
    paint.set_color(tiny_skia::Color::from_rgba8(c.r, c.g, c.b, c.a));
    paint.anti_alias = true;
    for p in glyph.paths_at(size).iter().filter(|p| p.fill.is_some()) {
        let outline = p
            .stroke
            .as_ref()
            .map_or(0.0, |s| spec.stroke_width(s.width, true, scale));
        let stroke = Stroke {
            width: halo.stroke_width(outline, scale),
            line_join: LineJoin::Round,
            ..Stroke::default()
        };
        sprite.fill_path(&p.path, &paint, FillRule::Winding, ts, None);
        sprite.stroke_path(&p.path, &paint, &stroke, ts, None);
    }
    if let Some(r) = halo.footing(&glyph.paths, (scale, dx, dy), size as f32)
        && let Some(rect) = tiny_skia::Rect::from_xywh(r.x, r.y, r.w, r.h)
    {
        sprite.fill_rect(rect, &paint, Transform::identity(), None);
    }
    sprite
}

/// The hatch fragments shorter than two pixels that the halo in `data`
/// (an RGBA sprite of one square, `side` px, `hatch` on whole pixels)
/// leaves on a dark square. A hatch pixel is left when the halo covers
/// less than half of it (what a threshold at 128 keeps black). Fragments
/// the bare pattern has too (where the square's own edges cut a line) are
/// left alone: every empty dark square has them.
fn fragments_of(data: &[u8], side: usize, hatch: &Hatch) -> Vec<(u32, u32)> {
    let n = side;
    if n == 0 || data.len() != 4 * n * n {
        return Vec::new();
    }
    let period = hatch::period(hatch);
    let mut bare = vec![false; n * n];
    for v in 0..n as u32 {
        for (start, len) in hatch::tile_row(hatch, n as u32, v) {
            let mut u = start;
            while u < n as u32 {
                for k in u..(u + len).min(n as u32) {
                    bare[v as usize * n + k as usize] = true;
                }
                u += period;
            }
        }
    }
    let left: Vec<bool> = (0..n * n)
        .map(|i| bare[i] && data[4 * i + 3] < 128)
        .collect();
    // A fragment shorter than 2 px along the line has fewer pixels than
    // two rows of the line's width.
    let short = 2 * (hatch.width.round().max(1.0) as usize);
    let bare_short = short_parts(&bare, n, short);
    let mut out: Vec<(u32, u32)> = parts(&left, n)
        .into_iter()
        .filter(|part| part.len() < short && !part.iter().all(|i| bare_short[*i]))
        .flatten()
        .map(|i| ((i % n) as u32, (i / n) as u32))
        .collect();
    out.sort_unstable_by_key(|&(x, y)| (y, x));
    out
}

/// Which pixels of `bits` (an `n` × `n` picture) lie in 8-connected parts
/// of fewer than `short` pixels.
fn short_parts(bits: &[bool], n: usize, short: usize) -> Vec<bool> {
    let mut out = vec![false; n * n];
    for part in parts(bits, n) {
        if part.len() < short {
            for i in part {
                out[i] = true;
            }
        }
    }
    out
}

/// The 8-connected parts of the true pixels of an `n` × `n` picture, each
/// as the indices of its pixels.
fn parts(bits: &[bool], n: usize) -> Vec<Vec<usize>> {
    let mut seen = vec![false; n * n];
    let mut out = Vec::new();
    for start in 0..n * n {
        if !bits[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        let (mut stack, mut part) = (vec![start], Vec::new());
        while let Some(i) = stack.pop() {
            part.push(i);
            let (x, y) = (i % n, i / n);
            for ny in y.saturating_sub(1)..=(y + 1).min(n - 1) {
                for nx in x.saturating_sub(1)..=(x + 1).min(n - 1) {
                    let j = ny * n + nx;
                    if bits[j] && !seen[j] {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
        out.push(part);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line() -> Hatch {
        Hatch {
            color: crate::assets::color::Rgba::rgb(0, 0, 0),
            spacing: 5.0,
            width: 1.0,
        }
    }

    /// An RGBA sprite of `side` px whose alpha is opaque where `covered`.
    fn sprite(side: u32, covered: impl Fn(u32, u32) -> bool) -> Vec<u8> {
        (0..side * side)
            .flat_map(|i| {
                let a = if covered(i % side, i / side) { 255 } else { 0 };
                [a, a, a, a]
            })
            .collect()
    }

    #[test]
    fn a_lone_hatch_pixel_left_by_the_halo_is_a_fragment() {
        let h = line();
        let side = 10;
        // Row 5's first hatched pixel is left, the rest of the square
        // covered: a one-pixel piece of a line.
        let (first, _) = hatch::tile_row(&h, side, 5)[0];
        let data = sprite(side, |x, y| (x, y) != (first, 5));
        assert_eq!(fragments_of(&data, side as usize, &h), vec![(first, 5)]);
    }

    #[test]
    fn whole_lines_and_the_bare_patterns_own_ends_are_not_fragments() {
        let h = line();
        // No halo: the bare pattern, whose corner ends are its own.
        let data = sprite(10, |_, _| false);
        assert!(fragments_of(&data, 10, &h).is_empty());
        // A halo over the left half: the lines end at its edge, longer
        // than two pixels.
        let data = sprite(10, |x, _| x < 5);
        assert!(fragments_of(&data, 10, &h).is_empty());
    }
}
