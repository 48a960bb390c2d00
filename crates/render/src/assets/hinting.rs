//! Hinting of piece glyphs at small squares, as fonts are hinted.
//!
//! At 25 px squares and below an outline 2 units wide is about one pixel,
//! and where it falls between two pixel rows it paints both grey: a king's
//! cross becomes a blur, a rook's battlements a smudge. Hinting moves the
//! places where an outline runs straight (its *edges*: stems, bands, rings,
//! bases) onto the pixel grid, and every point of the outline between two
//! edges in proportion (TrueType's "interpolate untouched points"); strokes
//! become whole pixels. A stroke's centre goes to a pixel centre when the
//! stroke is an odd number of pixels wide, to a pixel boundary when even;
//! the boundary of a filled, unstroked shape goes to a pixel boundary. So
//! stems and bars fill whole columns and rows: crisp, and the same on every
//! piece.
//!
//! Where the edges come from:
//! - the built-in set: the generator (`tools/gen_pieces.py`) knows where
//!   each piece's stems, bands and rings run and lists them in
//!   `pieces/built_in.hints`; below 22 px a white piece also leaves out its
//!   dark inner lines, which at a pixel each would fill it in;
//! - the bundled sets (`bundled`): found in the outline itself by
//!   [`detect`] (straight horizontal and vertical runs, and the points
//!   where a curve turns, such as the top of a pawn's head), weighted by
//!   their length; at a given size an edge closer than a pixel to a longer
//!   one is left to follow it.
//!
//! Only the raster output is hinted: SVG is drawn at whatever scale the
//! viewer picks, and user sets are drawn as they are.

use resvg::tiny_skia::{Path, PathBuilder, PathSegment, Point};

use crate::assets::glyph::GlyphPath;

/// The largest square (in pixels) drawn with hinted outlines.
pub const HINTED_MAX: u32 = 25;

/// Below this square size (in pixels) a light piece of the built-in set is
/// drawn without its dark inner lines: a whole pixel each, three or four of
/// them fill a white king's crown and collar in and it reads as a black
/// piece.
const DARK_DETAIL_MIN: u32 = 22;

/// Hint edges of the built-in set, written by `tools/gen_pieces.py`.
pub(crate) const BUILT_IN_HINTS: &str = include_str!("../../assets/pieces/built_in.hints");

/// The built-in set's stroke width (glyph units; `STROKE_W` in
/// `tools/gen_pieces.py`): its edges are stroke centres.
const BUILT_IN_STROKE: f32 = 1.8;

/// One place where a glyph's outline runs straight along an axis.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Edge {
    /// The coordinate, in glyph units.
    pub at: f32,
    /// The width (glyph units) of the stroke centred on it, or 0 for the
    /// boundary of an unstroked fill.
    pub stroke: f32,
    /// How much outline runs along it (glyph units): where two edges come
    /// closer than a pixel, the heavier one is snapped.
    pub weight: f32,
}

/// The edges of one glyph, each axis sorted ascending, and how they are
/// used.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Hints {
    /// Edges across x: vertical stems and sides.
    pub x: Vec<Edge>,
    /// Edges across y: horizontal bands, rings and bases.
    pub y: Vec<Edge>,
    /// The largest square (px) drawn hinted.
    pub max: u32,
    /// Whether every edge is kept however close (the built-in set's edges,
    /// chosen by hand) rather than the heavier of two close ones.
    pub exact: bool,
    /// Whether a light piece leaves out its dark inner lines below
    /// `DARK_DETAIL_MIN` (the built-in set).
    pub drop_dark_detail: bool,
    /// Whether inner lines (stroked, unfilled paths) are widened to whole
    /// pixels like outlines (the built-in set, drawn for it), or keep their
    /// width (a bundled set: a black cburnett king's white lines, each
    /// widened to a pixel, would turn him white at 20 px squares).
    pub whole_inner_lines: bool,
}

/// The built-in hints of the piece whose role letter is `role` (`K` … `P`).
pub(crate) fn built_in(role: char) -> Hints {
    let mut hints = Hints {
        max: HINTED_MAX,
        exact: true,
        drop_dark_detail: true,
        whole_inner_lines: true,
        ..Hints::default()
    };
    for line in BUILT_IN_HINTS.lines().filter(|l| !l.starts_with('#')) {
        let mut words = line.split_whitespace();
        let (Some(letter), Some(axis)) = (words.next(), words.next()) else {
            continue;
        };
        if !letter.starts_with(role) || letter.len() != 1 {
            continue;
        }
        let edges: Vec<Edge> = words
            .map(|w| Edge {
                at: w.parse().expect("pieces/built_in.hints holds numbers"),
                stroke: BUILT_IN_STROKE,
                weight: f32::INFINITY,
            })
            .collect();
        match axis {
            "x" => hints.x = edges,
            _ => hints.y = edges,
        }
    }
    hints
}

/// The fewest pixels between two edges of an axis: of two edges closer
/// than this, only the heavier is snapped (the lighter moves with it).
const MIN_GAP_PX: f32 = 1.0;

/// The least outline (pixels, at the size drawn) along an edge that is
/// worth snapping: a shorter run is not seen as straight.
const MIN_RUN_PX: f32 = 1.0;

/// One axis of the warp: edges in glyph units and where they go.
struct Axis {
    from: Vec<f32>,
    to: Vec<f32>,
}

impl Axis {
    /// Edges moved so that, at `scale` px per unit and `offset` px, each
    /// lands on the pixel grid (a stroke's centre on a pixel centre when
    /// the stroke is an odd number of pixels wide, else on a boundary) at
    /// least one pixel inside the square of side `size` px. Unless `exact`,
    /// only the heavier of two edges closer than [`MIN_GAP_PX`] is kept.
    fn new(edges: &[Edge], scale: f32, offset: f32, size: f32, exact: bool) -> Axis {
        let kept = if exact {
            edges.to_vec()
        } else {
            choose(edges, scale)
        };
        let mut from = Vec::with_capacity(kept.len());
        let mut to: Vec<f32> = Vec::with_capacity(kept.len());
        for e in &kept {
            let px = offset + e.at * scale;
            let odd = e.stroke > 0.0 && stroke_pixels(e.stroke, scale) % 2 == 1;
            let (snapped, margin) = if odd {
                (px.floor() + 0.5, 1.5)
            } else {
                ((px + 0.5).floor(), 1.0)
            };
            let (low, high) = (margin, size - margin);
            let mut snapped = snapped.clamp(low, high.max(low));
            // Never before the edge below it: the warp must keep the
            // outline's order.
            if let Some(&last) = to.last() {
                snapped = snapped.max(offset + last * scale);
            }
            from.push(e.at);
            to.push((snapped - offset) / scale);
        }
        Axis { from, to }
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

/// A stroke `width` units wide at `scale` px per unit, in whole pixels (one
/// at least), as [`hint`] draws it.
fn stroke_pixels(width: f32, scale: f32) -> u32 {
    (width * scale).round().max(1.0) as u32
}

/// The edges worth snapping at `scale` px per unit, ascending: heaviest
/// first, each at least [`MIN_GAP_PX`] from those kept before it.
fn choose(edges: &[Edge], scale: f32) -> Vec<Edge> {
    let mut order: Vec<&Edge> = edges
        .iter()
        .filter(|e| e.weight * scale >= MIN_RUN_PX)
        .collect();
    order.sort_by(|a, b| b.weight.total_cmp(&a.weight).then(a.at.total_cmp(&b.at)));
    let mut kept: Vec<Edge> = Vec::new();
    for e in order {
        if kept
            .iter()
            .all(|k| ((k.at - e.at) * scale).abs() >= MIN_GAP_PX)
        {
            kept.push(*e);
        }
    }
    kept.sort_by(|a, b| a.at.total_cmp(&b.at));
    kept
}

/// `paths` (a glyph with `hints`) hinted for a square of `size` px where
/// the glyph is drawn at `scale` px per unit from (`dx`, `dy`): edges on
/// the pixel grid and every stroke a whole number of pixels wide.
pub(crate) fn hint(
    paths: &[GlyphPath],
    hints: &Hints,
    size: u32,
    (scale, dx, dy): (f32, f32, f32),
) -> Vec<GlyphPath> {
    let side = size as f32;
    let ax = Axis::new(&hints.x, scale, dx, side, hints.exact);
    let ay = Axis::new(&hints.y, scale, dy, side, hints.exact);
    let warp = |p: Point| Point::from_xy(ax.map(p.x), ay.map(p.y));
    paths
        .iter()
        .filter(|p| !hints.drop_dark_detail || size >= DARK_DETAIL_MIN || !is_dark_detail(p))
        .map(|p| {
            let mut hinted = p.clone();
            if let Some(path) = warp_path(&p.path, warp) {
                hinted.path = path;
            }
            let inner_line = p.fill.is_none();
            if let Some(stroke) = hinted
                .stroke
                .as_mut()
                .filter(|_| hints.whole_inner_lines || !inner_line)
            {
                // Whole pixels, one at least. Slightly over one pixel, so
                // tiny-skia fills it as an outline rather than drawing it
                // as a hairline, which would be lighter.
                let px = stroke_pixels(stroke.width, scale) as f32;
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

/// The edges of a glyph drawn by `paths` in a box of `size` units, found
/// in its outline (see the module's notes), hinted up to `max` px squares.
///
/// An edge is a straight horizontal or vertical run of a path (a line, or a
/// curve whose points all lie on one line), weighted by its length, or a
/// point where a curve's tangent is horizontal or vertical (the top of a
/// round head, the side of a ball), weighted by the length of the curve's
/// handle there. Edges within a five-hundredth of the glyph's size of each
/// other, and of the same stroke, are one edge, their weights added.
pub(crate) fn detect(paths: &[GlyphPath], size: (f32, f32), max: u32) -> Hints {
    let tol = size.0.max(size.1) * 0.002;
    let mut found = Found::default();
    for p in paths {
        let stroke = p
            .stroke
            .as_ref()
            .filter(|s| s.color.a > 0 && s.width > 0.0)
            .map(|s| s.width);
        if stroke.is_none() && p.fill.is_none_or(|f| f.a == 0) {
            continue;
        }
        let stroke = stroke.unwrap_or(0.0);
        let (mut start, mut at) = (Point::zero(), Point::zero());
        for segment in p.path.segments() {
            match segment {
                PathSegment::MoveTo(q) => (start, at) = (q, q),
                PathSegment::LineTo(q) => {
                    found.segment(&[at, q], stroke, tol);
                    at = q;
                }
                PathSegment::QuadTo(c, q) => {
                    found.segment(&[at, c, q], stroke, tol);
                    at = q;
                }
                PathSegment::CubicTo(c1, c2, q) => {
                    found.segment(&[at, c1, c2, q], stroke, tol);
                    at = q;
                }
                PathSegment::Close => {
                    found.segment(&[at, start], stroke, tol);
                    at = start;
                }
            }
        }
    }
    Hints {
        x: merge(found.x, tol),
        y: merge(found.y, tol),
        max,
        exact: false,
        drop_dark_detail: false,
        whole_inner_lines: false,
    }
}

/// Edge candidates gathered from a glyph's segments.
#[derive(Default)]
struct Found {
    x: Vec<Edge>,
    y: Vec<Edge>,
}

impl Found {
    /// The edges of one segment, given by its points (on-curve first and
    /// last, control points between).
    fn segment(&mut self, pts: &[Point], stroke: f32, tol: f32) {
        let range = |f: fn(&Point) -> f32| {
            pts.iter()
                .map(f)
                .fold((f32::MAX, f32::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)))
        };
        let ((x0, x1), (y0, y1)) = (range(|p| p.x), range(|p| p.y));
        let mean = |f: fn(&Point) -> f32| pts.iter().map(f).sum::<f32>() / pts.len() as f32;
        if y1 - y0 <= tol && x1 - x0 > tol {
            let at = mean(|p| p.y);
            self.y.push(Edge {
                at,
                stroke,
                weight: x1 - x0,
            });
            return;
        }
        if x1 - x0 <= tol && y1 - y0 > tol {
            let at = mean(|p| p.x);
            self.x.push(Edge {
                at,
                stroke,
                weight: y1 - y0,
            });
            return;
        }
        if pts.len() < 3 {
            return;
        }
        // A curve turns where it leaves or arrives along an axis.
        let ends = [(pts[0], pts[1]), (pts[pts.len() - 1], pts[pts.len() - 2])];
        for (end, handle) in ends {
            let (dx, dy) = ((handle.x - end.x).abs(), (handle.y - end.y).abs());
            if dy <= tol && dx > tol {
                self.y.push(Edge {
                    at: end.y,
                    stroke,
                    weight: dx,
                });
            } else if dx <= tol && dy > tol {
                self.x.push(Edge {
                    at: end.x,
                    stroke,
                    weight: dy,
                });
            }
        }
    }
}

/// `edges` sorted, with those within `tol` of each other and of the same
/// stroke made one (at their weighted mean, their weights added).
fn merge(mut edges: Vec<Edge>, tol: f32) -> Vec<Edge> {
    edges.sort_by(|a, b| a.at.total_cmp(&b.at).then(a.stroke.total_cmp(&b.stroke)));
    let mut out: Vec<Edge> = Vec::with_capacity(edges.len());
    for e in edges {
        let near = out
            .iter_mut()
            .rev()
            .take_while(|o| e.at - o.at <= tol)
            .find(|o| (o.stroke - e.stroke).abs() <= tol);
        match near {
            Some(o) => {
                let w = o.weight + e.weight;
                o.at = (o.at * o.weight + e.at * e.weight) / w;
                o.weight = w;
            }
            None => out.push(e),
        }
    }
    out.sort_by(|a, b| a.at.total_cmp(&b.at));
    out
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

    /// Edges of a one-pixel stroke at half a pixel per unit.
    fn strokes(at: &[f32]) -> Vec<Edge> {
        at.iter()
            .map(|&at| Edge {
                at,
                stroke: 2.0,
                weight: f32::INFINITY,
            })
            .collect()
    }

    #[test]
    fn the_built_in_stroke_is_the_one_the_glyphs_are_drawn_with() {
        // The edges' strokes decide whether a stroke's centre goes to a
        // pixel centre or boundary: they must be the glyphs' own.
        let set = crate::assets::pieces::PieceSet::built_in();
        for piece in fen2img_chess::Piece::ALL {
            for p in &set.glyph(piece).paths {
                if let Some(stroke) = &p.stroke {
                    assert_eq!(stroke.width, BUILT_IN_STROKE, "{piece:?}");
                }
            }
        }
    }

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
            for x in hints.x.iter().map(|e| e.at) {
                assert!(
                    points.iter().any(|p| (p.x - x).abs() < 0.02),
                    "{piece:?}: x edge {x} is on no point"
                );
            }
            for y in hints.y.iter().map(|e| e.at) {
                assert!(
                    points.iter().any(|p| (p.y - y).abs() < 0.02),
                    "{piece:?}: y edge {y} is on no point"
                );
            }
            assert!(hints.x.windows(2).all(|w| w[0].at < w[1].at), "{piece:?}");
            assert!(hints.y.windows(2).all(|w| w[0].at < w[1].at), "{piece:?}");
        }
    }

    #[test]
    fn edges_land_on_pixel_centres_and_between_them_in_proportion() {
        let axis = Axis::new(&strokes(&[10.0, 20.0]), 0.5, 0.0, 20.0, true);
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
        let edge = Axis::new(&strokes(&[0.5, 39.5]), 0.5, 0.0, 20.0, true);
        assert_eq!(edge.map(0.5), 3.0);
        assert_eq!(edge.map(39.5), 37.0);
    }

    #[test]
    fn fills_snap_to_pixel_boundaries_and_odd_strokes_to_centres() {
        let edge = |at, stroke| Edge {
            at,
            stroke,
            weight: 10.0,
        };
        // 1 px per unit: a fill's edge at 10.3 → 10; a 1 px stroke's → 10.5;
        // a 2 px stroke's → 10.
        let snapped = |stroke| Axis::new(&[edge(10.3, stroke)], 1.0, 0.0, 40.0, false).to;
        assert_eq!(snapped(0.0), [10.0]);
        assert_eq!(snapped(1.0), [10.5]);
        assert_eq!(snapped(2.0), [10.0]);
    }

    #[test]
    fn of_two_close_edges_the_heavier_is_snapped_and_order_is_kept() {
        let edges = [
            Edge {
                at: 10.2,
                stroke: 0.0,
                weight: 1.5,
            },
            Edge {
                at: 10.6,
                stroke: 0.0,
                weight: 8.0,
            },
            Edge {
                at: 12.4,
                stroke: 1.0,
                weight: 0.5,
            },
        ];
        // Half a pixel apart: only the heavier (10.6 → 11) is kept; the
        // third is too short a run at 1 px per unit to count.
        let axis = Axis::new(&edges, 1.0, 0.0, 40.0, false);
        assert_eq!(axis.from, [10.6]);
        assert_eq!(axis.map(10.6), 11.0);
        // At 4 px per unit all three are far enough apart and long enough.
        let axis = Axis::new(&edges, 4.0, 0.0, 80.0, false);
        assert_eq!(axis.from, [10.2, 10.6, 12.4]);
        assert!(axis.to.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn detect_finds_straight_runs_and_the_turns_of_curves() {
        use crate::assets::color::Rgba;
        let mut b = PathBuilder::new();
        // A square 10..30 and a circle's top (a cubic leaving horizontally).
        b.move_to(10.0, 10.0);
        b.line_to(30.0, 10.0);
        b.line_to(30.0, 30.0);
        b.line_to(10.0, 30.0);
        b.close();
        b.move_to(20.0, 2.0);
        b.cubic_to(23.0, 2.0, 25.0, 4.0, 25.0, 7.0);
        let paths = [GlyphPath {
            path: b.finish().unwrap(),
            fill: Some(Rgba {
                r: 0,
                g: 0,
                b: 0,
                a: 255,
            }),
            even_odd: false,
            stroke: None,
        }];
        let hints = detect(&paths, (45.0, 45.0), 30);
        let at = |edges: &[Edge]| edges.iter().map(|e| e.at).collect::<Vec<_>>();
        assert_eq!(at(&hints.y), [2.0, 10.0, 30.0]);
        assert_eq!(at(&hints.x), [10.0, 25.0, 30.0]);
        assert!(hints.y.iter().all(|e| e.stroke == 0.0));
        assert_eq!(hints.y[1].weight, 20.0);
        assert_eq!(hints.y[0].weight, 3.0, "the handle's length");
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
