//! Hinting of the built-in pieces at small squares, as fonts are hinted.
//!
//! At 25 px squares and below an outline 2 units wide is about one pixel,
//! and where it falls between two pixel rows it paints both grey: a king's
//! cross becomes a blur, a rook's battlements a smudge. The generator
//! (`tools/gen_pieces.py`) knows where each piece's stems, bands and rings
//! run straight and lists those coordinates in `pieces/built_in.hints`.
//! For a small square each listed edge is moved to the nearest pixel
//! centre, and every point of the outline between two edges is moved in
//! proportion (TrueType's "interpolate untouched points"); strokes become
//! whole pixels. Centred on pixel centres, a one-pixel stroke fills exactly
//! one column or row: stems and bars are crisp and the same on every piece.
//! Below 22 px a white piece also leaves out its dark inner lines, which
//! at a pixel each would fill it in.
//!
//! Only the raster output is hinted: SVG is drawn at whatever scale the
//! viewer picks, and user sets (which carry no hints) are drawn as they are.

use resvg::tiny_skia::{Path, PathBuilder, PathSegment, Point};

use crate::assets::glyph::GlyphPath;

/// The largest square (in pixels) drawn with hinted outlines.
pub const HINTED_MAX: u32 = 25;

/// Below this square size (in pixels) a light piece is drawn without its
/// dark inner lines: a whole pixel each, three or four of them fill a
/// white king's crown and collar in and it reads as a black piece.
const DARK_DETAIL_MIN: u32 = 22;

/// Hint edges of the built-in set, written by `tools/gen_pieces.py`.
pub(crate) const BUILT_IN_HINTS: &str = include_str!("../../assets/pieces/built_in.hints");

/// The edges of one glyph, in glyph units, each axis sorted ascending.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Hints {
    /// x coordinates of vertical stems' outline centres.
    pub x: Vec<f32>,
    /// y coordinates of horizontal bands' outline centres.
    pub y: Vec<f32>,
}

/// The built-in hints of the piece whose role letter is `role` (`K` … `P`).
pub(crate) fn built_in(role: char) -> Hints {
    let mut hints = Hints::default();
    for line in BUILT_IN_HINTS.lines().filter(|l| !l.starts_with('#')) {
        let mut words = line.split_whitespace();
        let (Some(letter), Some(axis)) = (words.next(), words.next()) else {
            continue;
        };
        if !letter.starts_with(role) || letter.len() != 1 {
            continue;
        }
        let edges: Vec<f32> = words
            .map(|w| w.parse().expect("pieces/built_in.hints holds numbers"))
            .collect();
        match axis {
            "x" => hints.x = edges,
            _ => hints.y = edges,
        }
    }
    hints
}

/// One axis of the warp: edges in glyph units and where they go.
struct Axis {
    from: Vec<f32>,
    to: Vec<f32>,
}

impl Axis {
    /// Edges moved so that, at `scale` px per unit and `offset` px, each
    /// lands on a pixel centre at least one pixel and half a stroke inside
    /// the square of side `size` px (one pixel clear of its edges).
    fn new(edges: &[f32], scale: f32, offset: f32, size: f32) -> Axis {
        let (low, high) = (1.5, size - 1.5);
        let to = edges
            .iter()
            .map(|&e| {
                let px = offset + e * scale;
                let snapped = (px.floor() + 0.5).clamp(low, high.max(low));
                (snapped - offset) / scale
            })
            .collect();
        Axis {
            from: edges.to_vec(),
            to,
        }
    }

    /// Where `v` goes: edges to their snapped places, points between two
    /// edges in proportion, points beyond the outermost edge with it.
    fn map(&self, v: f32) -> f32 {
        let (from, to) = (&self.from, &self.to);
        let Some(last) = from.len().checked_sub(1) else {
            return v;
        };
        if v <= from[0] {
            return v + to[0] - from[0];
        }
        if v >= from[last] {
            return v + to[last] - from[last];
        }
        let i = from.partition_point(|&e| e <= v).max(1) - 1;
        let span = from[i + 1] - from[i];
        if span <= f32::EPSILON {
            return to[i];
        }
        to[i] + (v - from[i]) * (to[i + 1] - to[i]) / span
    }
}

/// `paths` (a glyph of the built-in set) hinted for a square of `size` px
/// where the glyph is drawn at `scale` px per unit from (`dx`, `dy`): edges
/// on pixel centres and every stroke a whole number of pixels wide.
pub(crate) fn hint(
    paths: &[GlyphPath],
    hints: &Hints,
    size: u32,
    (scale, dx, dy): (f32, f32, f32),
) -> Vec<GlyphPath> {
    let side = size as f32;
    let ax = Axis::new(&hints.x, scale, dx, side);
    let ay = Axis::new(&hints.y, scale, dy, side);
    let warp = |p: Point| Point::from_xy(ax.map(p.x), ay.map(p.y));
    paths
        .iter()
        .filter(|p| size >= DARK_DETAIL_MIN || !is_dark_detail(p))
        .map(|p| {
            let mut hinted = p.clone();
            if let Some(path) = warp_path(&p.path, warp) {
                hinted.path = path;
            }
            if let Some(stroke) = &mut hinted.stroke {
                // Whole pixels, one at least. Slightly over one pixel, so
                // tiny-skia fills it as an outline rather than drawing it
                // as a hairline, which would be lighter.
                let px = (stroke.width * scale).round().max(1.0);
                stroke.width = (px + 1.0 / 64.0) / scale;
            }
            hinted
        })
        .collect()
}

/// Whether `p` is an inner line of a light piece: stroked, not filled,
/// in a dark colour.
fn is_dark_detail(p: &GlyphPath) -> bool {
    p.fill.is_none()
        && p.stroke.as_ref().is_some_and(|s| {
            let c = s.color;
            (c.r as u32 * 299 + c.g as u32 * 587 + c.b as u32 * 114) < 128_000
        })
}

/// `path` with every point (control points too) moved by `warp`.
fn warp_path(path: &Path, warp: impl Fn(Point) -> Point) -> Option<Path> {
    let mut b = PathBuilder::with_capacity(path.verbs().len(), path.points().len());
    for segment in path.segments() {
        match segment {
            PathSegment::MoveTo(p) => {
                let p = warp(p);
                b.move_to(p.x, p.y);
            }
            PathSegment::LineTo(p) => {
                let p = warp(p);
                b.line_to(p.x, p.y);
            }
            PathSegment::QuadTo(c, p) => {
                let (c, p) = (warp(c), warp(p));
                b.quad_to(c.x, c.y, p.x, p.y);
            }
            PathSegment::CubicTo(c1, c2, p) => {
                let (c1, c2, p) = (warp(c1), warp(c2), warp(p));
                b.cubic_to(c1.x, c1.y, c2.x, c2.y, p.x, p.y);
            }
            PathSegment::Close => b.close(),
        }
    }
    b.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_piece_has_hints_on_its_own_outline() {
        let set = crate::assets::pieces::PieceSet::built_in();
        for piece in fen2img_chess::Piece::ALL {
            let glyph = set.glyph(piece);
            let hints = glyph.hints().expect("built-in glyphs are hinted");
            assert!(!hints.y.is_empty(), "{piece:?}");
            let points: Vec<Point> = glyph
                .paths
                .iter()
                .flat_map(|p| p.path.points().iter().copied())
                .collect();
            // Each edge is where some point of the drawing lies: hints that
            // drifted from the outline would pull it out of shape.
            for &x in &hints.x {
                assert!(
                    points.iter().any(|p| (p.x - x).abs() < 0.02),
                    "{piece:?}: x edge {x} is on no point"
                );
            }
            for &y in &hints.y {
                assert!(
                    points.iter().any(|p| (p.y - y).abs() < 0.02),
                    "{piece:?}: y edge {y} is on no point"
                );
            }
            assert!(hints.x.windows(2).all(|w| w[0] < w[1]), "{piece:?}");
            assert!(hints.y.windows(2).all(|w| w[0] < w[1]), "{piece:?}");
        }
    }

    #[test]
    fn edges_land_on_pixel_centres_and_between_them_in_proportion() {
        let axis = Axis::new(&[10.0, 20.0], 0.5, 0.0, 20.0);
        // 10 units = 5 px → 5.5 px; 20 units = 10 px → 10.5 px.
        assert_eq!(axis.map(10.0), 11.0);
        assert_eq!(axis.map(20.0), 21.0);
        assert_eq!(axis.map(15.0), 16.0);
        assert_eq!(
            axis.map(2.0),
            3.0,
            "beyond the edges: moved with the nearest"
        );
        // One pixel clear of the square's edges whatever the outline says.
        let edge = Axis::new(&[0.5, 39.5], 0.5, 0.0, 20.0);
        assert_eq!(edge.map(0.5), 3.0);
        assert_eq!(edge.map(39.5), 37.0);
    }

    #[test]
    fn a_mirror_symmetric_piece_stays_symmetric() {
        let set = crate::assets::pieces::PieceSet::built_in();
        let king = set.glyph(fen2img_chess::Piece::new(
            fen2img_chess::Color::White,
            fen2img_chess::Role::King,
        ));
        for size in 12..=HINTED_MAX {
            let fit = king.fit(size as f32);
            let hinted = hint(&king.paths, king.hints().unwrap(), size, fit);
            let axis = 22.5 * fit.0 + fit.1;
            for p in &hinted {
                let b = p.path.bounds();
                let (l, r) = (
                    axis - (b.left() * fit.0 + fit.1),
                    (b.right() * fit.0 + fit.1) - axis,
                );
                assert!((l - r).abs() < 0.01, "{size} px: {l} against {r}");
            }
        }
    }
}
