//! Piece sprites: each glyph of a set drawn once into a square of
//! pixels, from its flat paths (or by resvg when only the parsed SVG
//! draws it exactly), outlines shared by several glyphs rasterized once.

use std::borrow::Cow;
use std::ops::Range;

use resvg::tiny_skia::{self, FillRule, Mask, Pixmap, Stroke, Transform};

use super::paint::{div255, over, solid};
use crate::assets::color::Rgba;
use crate::assets::glyph_binary::BAKED_SCALE;
use crate::layout::GlyphSpec;
use fen2img_chess::Piece;

/// The twelve sprites of `spec`, in [`Piece::index`] order, each glyph
/// fitted into a `size`×`size` square.
pub(super) fn render_sprites(spec: &GlyphSpec) -> Vec<Pixmap> {
    let (set, size) = (&spec.pieces, spec.size);
    // Hinted at small squares (see `hinting`); made first because the
    // coverage cache below borrows them.
    let paths: Vec<_> = Piece::ALL
        .into_iter()
        .map(|piece| set.glyph(piece).paths_at(size))
        .collect();
    let mut coverage = Coverage::default();
    Piece::ALL
        .into_iter()
        .zip(&paths)
        .map(|(piece, paths)| {
            let glyph = set.glyph(piece);
            let mut sprite = Pixmap::new(size, size).expect("size > 0");
            let (scale, dx, dy) = glyph.fit(size as f32);
            let ts = Transform::from_row(scale, 0.0, 0.0, scale, dx, dy);
            // The set's strokes expanded in advance stand for these paths
            // where they are the glyph's own (not hinted) and drawn no
            // larger than the outlines were made for.
            let own_paths = matches!(paths, Cow::Borrowed(_));
            let baked_fits =
                own_paths && tiny_skia::PathStroker::compute_resolution_scale(&ts) <= BAKED_SCALE;
            match glyph.tree_at(size) {
                Some(tree) => resvg::render(tree, ts, &mut sprite.as_mut()),
                // What resvg would do for these paths, without walking a tree.
                None => {
                    for (i, p) in paths.iter().enumerate() {
                        if let Some(fill) = p.fill {
                            let op = PathOp::Fill {
                                even_odd: p.even_odd,
                            };
                            coverage.paint(&mut sprite, &p.path, op, fill, ts, None);
                        }
                        if let Some(s) = &p.stroke {
                            let width = spec.stroke_width(s.width, p.fill.is_some(), scale);
                            let baked = glyph
                                .stroke_outline(i)
                                .filter(|_| baked_fits && width == s.width);
                            let op = PathOp::Stroke(Stroke {
                                width,
                                line_cap: s.linecap,
                                line_join: s.linejoin,
                                ..Stroke::default()
                            });
                            coverage.paint(&mut sprite, &p.path, op, s.color, ts, baked);
                        }
                    }
                }
            }
            sprite
        })
        .collect()
}

/// Rows and columns of a mask.
type Area = (Range<usize>, Range<usize>);

/// How a glyph path is painted.
#[derive(Debug, Clone, PartialEq)]
enum PathOp {
    Fill { even_odd: bool },
    Stroke(Stroke),
}

/// Anti-aliased coverage masks of the glyph paths painted so far, at one
/// size, so a path that several glyphs paint the same way (the outline of
/// a white and a black piece) is rasterized once and painted through its
/// mask in each colour. Filling a path, and a stroke's outline above all,
/// is most of what drawing a sprite costs.
#[derive(Default)]
struct Coverage<'a> {
    /// Each path, how it was painted, its mask and the part of the mask
    /// that covers anything.
    masks: Vec<(&'a tiny_skia::Path, PathOp, Mask, Area)>,
}

impl<'a> Coverage<'a> {
    /// Paints `path` by `op` in colour `c` through `ts`. For a stroke,
    /// `outline` is its outline made in advance (a bundled set's, see
    /// `glyph_binary`), filled instead of expanding the stroke.
    fn paint(
        &mut self,
        sprite: &mut Pixmap,
        path: &'a tiny_skia::Path,
        op: PathOp,
        c: Rgba,
        ts: Transform,
        outline: Option<&tiny_skia::Path>,
    ) {
        if let PathOp::Stroke(stroke) = &op {
            // tiny-skia draws strokes thinner than a pixel as modulated
            // hairlines, not as filled outlines: leave those to it.
            if stroke.width * ts.sx.abs().max(ts.sy.abs()) <= 1.0 {
                sprite.stroke_path(path, &solid(c), stroke, ts, None);
                return;
            }
        }
        let cached = self
            .masks
            .iter()
            .position(|(p, o, _, _)| *o == op && *p == path);
        let i = match cached {
            Some(i) => i,
            None => {
                let Some(mut mask) = Mask::new(sprite.width(), sprite.height()) else {
                    return;
                };
                let (w, h) = (sprite.width(), sprite.height());
                let area = match &op {
                    PathOp::Fill { even_odd } => {
                        let rule = if *even_odd {
                            FillRule::EvenOdd
                        } else {
                            FillRule::Winding
                        };
                        mask.fill_path(path, rule, true, ts);
                        covered_area(path, ts, w, h)
                    }
                    // What tiny-skia's stroke_path does: the stroke's outline,
                    // at the resolution of the transform, filled; or the
                    // outline made in advance at a finer one.
                    PathOp::Stroke(stroke) => {
                        let expanded = match outline {
                            Some(outline) => Some(Cow::Borrowed(outline)),
                            None => {
                                let res_scale =
                                    tiny_skia::PathStroker::compute_resolution_scale(&ts);
                                path.stroke(stroke, res_scale).map(Cow::Owned)
                            }
                        };
                        match expanded {
                            Some(outline) => {
                                mask.fill_path(&outline, FillRule::Winding, true, ts);
                                covered_area(&outline, ts, w, h)
                            }
                            None => (0..0, 0..0),
                        }
                    }
                };
                self.masks.push((path, op, mask, area));
                self.masks.len() - 1
            }
        };
        let (_, _, mask, area) = &self.masks[i];
        paint_through(sprite, mask, area, c);
    }
}

/// The pixels of a `width`×`height` mask that a fill of `geometry` (in
/// glyph units, drawn through `ts`) can cover: its bounds, rounded out
/// with a pixel to spare for anti-aliasing. A glyph's detail (an eye, a
/// cross) covers a small part of the sprite, and painting need not look at
/// the rest; anything outside is zero in the mask, so the result is the
/// same.
fn covered_area(geometry: &tiny_skia::Path, ts: Transform, width: u32, height: u32) -> Area {
    let Some(b) = geometry.bounds().transform(ts) else {
        return (0..height as usize, 0..width as usize);
    };
    let span = |low: f32, high: f32, size: u32| {
        let start = (low.floor() - 1.0).clamp(0.0, size as f32) as usize;
        let end = (high.ceil() + 1.0).clamp(0.0, size as f32) as usize;
        start..end.max(start)
    };
    (
        span(b.top(), b.bottom(), height),
        span(b.left(), b.right(), width),
    )
}

/// Paints colour `c` over `pixmap` where `mask` covers it, in proportion to
/// the coverage: what tiny-skia does for an anti-aliased fill, as a plain
/// loop that skips the (many) pixels a glyph path does not touch.
///
/// Only `area` is looked at (the mask is empty elsewhere). A pixel the
/// mask covers fully in an opaque colour becomes that colour, which is what
/// the blend gives there (`div255(v * 255) == v`), without the blend: most
/// covered pixels are inside a shape.
fn paint_through(pixmap: &mut Pixmap, mask: &Mask, (rows, columns): &Area, c: Rgba) {
    let width = mask.width() as usize;
    let a = c.a as u32;
    let premultiplied = [c.r, c.g, c.b].map(|v| div255(v as u32 * a) as u32);
    let full = [c.r, c.g, c.b, c.a];
    let opaque = c.a == 255;
    let pixels = pixmap.data_mut().chunks_exact_mut(width * 4);
    let coverage = mask.data().chunks_exact(width);
    for (row, mask_row) in pixels.zip(coverage).skip(rows.start).take(rows.len()) {
        let row = &mut row[columns.start * 4..columns.end * 4];
        for (px, &m) in row.chunks_exact_mut(4).zip(&mask_row[columns.clone()]) {
            if m == 0 {
                continue;
            }
            if m == 255 && opaque {
                px.copy_from_slice(&full);
                continue;
            }
            let m = m as u32;
            let [r, g, b] = premultiplied.map(|v| div255(v * m));
            over(px, [r, g, b, div255(a * m)]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assets::pieces::PieceSet;
    use crate::layout::INK;
    use fen2img_chess::{Color, Role};
    use resvg::tiny_skia::PathBuilder;

    /// The largest difference between two same-sized pixmaps in any channel.
    fn worst_difference(a: &Pixmap, b: &Pixmap) -> u8 {
        let pairs = a.data().iter().zip(b.data());
        pairs.map(|(x, y)| x.abs_diff(*y)).max().unwrap_or(0)
    }

    /// How a test draws a stroke: tiny-skia's `stroke_path`, or the
    /// stroke's outline expanded at a resolution scale and filled.
    enum StrokeBy {
        StrokePath,
        OutlineAt(f32),
    }

    /// A glyph drawn path by path (its paths at `size`), the fills by
    /// tiny-skia, each stroke at the width and in the way `stroke` gives
    /// for it (from the stroke, whether its path is filled, and the
    /// scale); a stroke a pixel wide or less is a hairline, which only
    /// `stroke_path` draws.
    fn drawn(
        glyph: &crate::assets::pieces::Glyph,
        size: u32,
        stroke: impl Fn(&crate::assets::glyph::GlyphStroke, bool, f32) -> (f32, StrokeBy),
    ) -> Pixmap {
        let mut sprite = Pixmap::new(size, size).unwrap();
        let (scale, dx, dy) = glyph.fit(size as f32);
        let ts = Transform::from_row(scale, 0.0, 0.0, scale, dx, dy);
        for p in glyph.paths_at(size).iter() {
            if let Some(fill) = p.fill {
                let rule = if p.even_odd {
                    FillRule::EvenOdd
                } else {
                    FillRule::Winding
                };
                sprite.fill_path(&p.path, &solid(fill), rule, ts, None);
            }
            if let Some(s) = &p.stroke {
                let (width, by) = stroke(s, p.fill.is_some(), scale);
                let tiny = Stroke {
                    width,
                    line_cap: s.linecap,
                    line_join: s.linejoin,
                    ..Stroke::default()
                };
                match by {
                    StrokeBy::OutlineAt(res) if width * scale > 1.0 => {
                        let outline = p.path.stroke(&tiny, res).unwrap();
                        sprite.fill_path(&outline, &solid(s.color), FillRule::Winding, ts, None);
                    }
                    _ => sprite.stroke_path(&p.path, &solid(s.color), &tiny, ts, None),
                }
            }
        }
        sprite
    }

    /// A glyph drawn path by path with tiny-skia's own fill and stroke.
    fn drawn_directly(glyph: &crate::assets::pieces::Glyph, size: u32) -> Pixmap {
        drawn(glyph, size, |s, _, _| (s.width, StrokeBy::StrokePath))
    }

    /// A glyph drawn as [`drawn_directly`] does, with its strokes expanded
    /// at resolution scale `res`: at a high one, as near the exact
    /// outline as a test needs.
    fn drawn_with_strokes_at(glyph: &crate::assets::pieces::Glyph, size: u32, res: f32) -> Pixmap {
        drawn(glyph, size, |s, _, _| (s.width, StrokeBy::OutlineAt(res)))
    }

    #[test]
    fn sprites_through_shared_coverage_match_direct_drawing() {
        let set = PieceSet::built_in();
        // 18 px: strokes thinner than a pixel (hairlines); 45 and 97 px: not.
        for size in [18, 45, 97] {
            let spec = GlyphSpec {
                pieces: set.clone(),
                size,
                min_stroke: 0.0,
            };
            let sprites = render_sprites(&spec);
            for color in [Color::White, Color::Black] {
                for role in Role::ALL {
                    let piece = Piece::new(color, role);
                    let direct = drawn_directly(set.glyph(piece), size);
                    let ours = &sprites[piece.index()];
                    let worst = worst_difference(ours, &direct);
                    assert!(worst <= 3, "{piece:?} at {size} px: {worst}");
                }
            }
        }
    }

    #[test]
    fn strokes_widened_for_small_squares_are_expanded_at_their_width() {
        // A print theme's least stroke (two pixels here) widens cburnett's
        // outlines at 45 px, which its outlines made in advance do not
        // stand for.
        let set = PieceSet::named("cburnett").unwrap();
        let size = 45;
        let spec = GlyphSpec {
            pieces: set.clone(),
            size,
            min_stroke: 2.0,
        };
        let sprites = render_sprites(&spec);
        let widened = std::cell::Cell::new(0);
        for piece in Piece::ALL {
            let direct = drawn(set.glyph(piece), size, |s, filled, scale| {
                let width = spec.stroke_width(s.width, filled, scale);
                if width == s.width {
                    // Not widened (an open line): its outline made in
                    // advance, as the test above has it.
                    (width, StrokeBy::OutlineAt(BAKED_SCALE))
                } else {
                    widened.set(widened.get() + 1);
                    (width, StrokeBy::StrokePath)
                }
            });
            let worst = worst_difference(&sprites[piece.index()], &direct);
            assert!(worst <= 3, "{piece:?}: {worst}");
        }
        let widened = widened.get();
        assert!(widened >= 12, "{widened} strokes widened");
    }

    /// The sum of the differences between two same-sized pixmaps.
    fn total_difference(a: &Pixmap, b: &Pixmap) -> u64 {
        let pairs = a.data().iter().zip(b.data());
        pairs.map(|(x, y)| u64::from(x.abs_diff(*y))).sum()
    }

    #[test]
    fn strokes_expanded_in_advance_are_no_less_exact_than_strokes_expanded_for_the_size() {
        // cburnett keeps its strokes expanded at twice the glyph's size and
        // draws them from there up to 90 px squares, each sprite at least as
        // near the exact outline (expanded at 64 times) as tiny-skia's own
        // stroke at that size. Above, it is tiny-skia's.
        let set = PieceSet::named("cburnett").unwrap();
        assert!(set.glyph(Piece::ALL[0]).stroke_outline(0).is_some());
        for size in [31, 45, 64, 90, 97, 160] {
            let spec = GlyphSpec {
                pieces: set.clone(),
                size,
                min_stroke: 0.0,
            };
            let sprites = render_sprites(&spec);
            for piece in Piece::ALL {
                let glyph = set.glyph(piece);
                let ours = &sprites[piece.index()];
                let direct = drawn_directly(glyph, size);
                if size > 90 {
                    let worst = worst_difference(ours, &direct);
                    assert!(worst <= 3, "{piece:?} at {size} px: {worst}");
                    continue;
                }
                // Drawn from the outlines made in advance (they differ from
                // the stroke at this size by up to 95 levels a channel)...
                let baked = drawn_with_strokes_at(glyph, size, BAKED_SCALE);
                let worst = worst_difference(ours, &baked);
                assert!(worst <= 3, "{piece:?} at {size} px: {worst}");
                // ... which are no further from the exact outline.
                let exact = drawn_with_strokes_at(glyph, size, 64.0);
                let (baked, live) = (
                    total_difference(&baked, &exact),
                    total_difference(&direct, &exact),
                );
                assert!(baked <= live, "{piece:?} at {size} px: {baked} > {live}");
            }
        }
    }

    /// Painting looks only at a mask's area, so the mask must be empty
    /// outside it: every path of the own set and cburnett, filled and
    /// stroked, at sizes from hinted to large.
    #[test]
    fn a_mask_covers_nothing_outside_its_area() {
        let sets = [PieceSet::built_in(), PieceSet::named("cburnett").unwrap()];
        for set in &sets {
            for size in [18, 33, 45, 97, 160] {
                let spec = GlyphSpec {
                    pieces: set.clone(),
                    size,
                    min_stroke: 0.0,
                };
                for piece in Piece::ALL {
                    let glyph = set.glyph(piece);
                    let (scale, dx, dy) = glyph.fit(size as f32);
                    let ts = Transform::from_row(scale, 0.0, 0.0, scale, dx, dy);
                    for p in glyph.paths_at(size).iter() {
                        let mut ops = vec![PathOp::Fill {
                            even_odd: p.even_odd,
                        }];
                        if let Some(s) = &p.stroke {
                            ops.push(PathOp::Stroke(Stroke {
                                width: spec.stroke_width(s.width, p.fill.is_some(), scale),
                                ..Stroke::default()
                            }));
                        }
                        for op in ops {
                            let mut sprite = Pixmap::new(size, size).unwrap();
                            let mut coverage = Coverage::default();
                            coverage.paint(&mut sprite, &p.path, op, INK, ts, None);
                            let Some((_, _, mask, (rows, columns))) = coverage.masks.first() else {
                                continue; // a hairline, drawn by tiny-skia
                            };
                            let width = size as usize;
                            for (k, &m) in mask.data().iter().enumerate() {
                                let (x, y) = (k % width, k / width);
                                assert!(
                                    m == 0 || (rows.contains(&y) && columns.contains(&x)),
                                    "{piece:?} at {size} px: ({x}, {y}) outside {rows:?} x {columns:?}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_path_painted_twice_is_rasterized_once() {
        let path = PathBuilder::from_circle(10.0, 10.0, 7.0).unwrap();
        let same = PathBuilder::from_circle(10.0, 10.0, 7.0).unwrap();
        let mut coverage = Coverage::default();
        let mut sprite = Pixmap::new(20, 20).unwrap();
        let fill = PathOp::Fill { even_odd: false };
        let stroke = PathOp::Stroke(Stroke {
            width: 2.0,
            ..Stroke::default()
        });
        let ts = Transform::identity();
        coverage.paint(
            &mut sprite,
            &path,
            fill.clone(),
            Rgba::rgb(255, 255, 255),
            ts,
            None,
        );
        coverage.paint(&mut sprite, &path, stroke.clone(), INK, ts, None);
        coverage.paint(&mut sprite, &same, fill, INK, ts, None);
        coverage.paint(&mut sprite, &same, stroke, INK, ts, None);
        assert_eq!(coverage.masks.len(), 2, "one mask per (path, operation)");
        // The disc's centre is ink now, its far corner still empty.
        assert_eq!(sprite.pixel(10, 10).unwrap().alpha(), 255);
        assert_eq!(sprite.pixel(10, 10).unwrap().red(), INK.r);
        assert_eq!(sprite.pixel(0, 0).unwrap().alpha(), 0);
    }
}
