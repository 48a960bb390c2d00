//! Where a piece glyph's ink lies in its square, for the marks set beside
//! a piece: a pocket's count badge and a promoted piece's sign. The
//! built-in set's shapes are known by heart (`pockets`); any other set's
//! are read from its outline here, so that a badge or a sign never covers
//! cburnett's bishop or queen either.

use resvg::tiny_skia::{PathSegment, Point};

use crate::assets::glyph::GlyphPath;
use crate::assets::pieces::Glyph;

/// Ink as circles (centre x, y and radius) in the 45-unit grid of the
/// glyph's square (the glyph fitted and centred as it is drawn).
pub(super) type Circles = Vec<(f32, f32, f32)>;

/// The distance between two samples along an outline, in 45-unit grid
/// units: a pixel at 90 px squares, half of one at 45 px, well inside the
/// clear gap every mark keeps.
const STEP: f32 = 0.5;

/// The most samples taken along one glyph's outline (cburnett's white
/// queen takes 908): a user's glyph of many long paths is sampled further
/// apart, so that placing a mark beside it costs a bounded time.
pub(super) const MAX_SAMPLES: usize = 8192;

/// Points along every path of `glyph`, each with half its stroke's width
/// as radius (a filled edge is a point). Curves are sampled along their
/// control polygons' length, which is never shorter than the curve.
pub(super) fn outline(glyph: &Glyph) -> Circles {
    let (scale, dx, dy) = glyph.fit(45.0);
    let grid = |p: Point| (p.x * scale + dx, p.y * scale + dy);
    // Past [`MAX_SAMPLES`] at [`STEP`], the step grows in proportion (the
    // count is arithmetic, no sample is taken for it).
    let mut wanted = 0usize;
    walk(glyph, &mut |control| {
        wanted += samples(control, scale, STEP)
    });
    let step = STEP * (wanted as f32 / MAX_SAMPLES as f32).max(1.0);
    let mut out = Circles::new();
    for path in &glyph.paths {
        let r = path.stroke.as_ref().map_or(0.0, |s| s.width * scale / 2.0);
        walk_path(path, &mut |control| {
            let n = samples(control, scale, step);
            for i in 1..=n {
                let (x, y) = grid(de_casteljau(control, i as f32 / n as f32));
                out.push((x, y, r));
            }
        });
    }
    // A glyph of more segments than samples: every segment keeps one, so
    // thin them out to the bound (a mark may then touch such a glyph).
    if out.len() > MAX_SAMPLES {
        let keep = out.len().div_ceil(MAX_SAMPLES);
        out = out.into_iter().step_by(keep).collect();
    }
    out
}

/// Calls `each` with the control points of every piece of `path` (a
/// line's two, a curve's three or four; a subpath's start alone).
fn walk_path(path: &GlyphPath, each: &mut impl FnMut(&[Point])) {
    let (mut start, mut at) = (Point::zero(), Point::zero());
    for segment in path.path.segments() {
        match segment {
            PathSegment::MoveTo(p) => {
                (start, at) = (p, p);
                each(&[p]);
            }
            PathSegment::LineTo(p) => {
                each(&[at, p]);
                at = p;
            }
            PathSegment::QuadTo(c, p) => {
                each(&[at, c, p]);
                at = p;
            }
            PathSegment::CubicTo(c1, c2, p) => {
                each(&[at, c1, c2, p]);
                at = p;
            }
            PathSegment::Close => {
                each(&[at, start]);
                at = start;
            }
        }
    }
}

/// [`walk_path`] over every path of `glyph`.
fn walk(glyph: &Glyph, each: &mut impl FnMut(&[Point])) {
    for path in &glyph.paths {
        walk_path(path, each);
    }
}

/// How many samples the Bézier curve of `control` points (a line for two;
/// one point alone is one sample) takes to be `step` apart in the grid
/// (`scale` grid units a glyph unit), its first point left to the previous
/// piece. A curve moves along its parameter at most its degree times its
/// longest control leg in a unit of the parameter, so that many times the
/// longest leg's steps keep samples a step apart.
fn samples(control: &[Point], scale: f32, step: f32) -> usize {
    let leg = control
        .windows(2)
        .map(|w| w[0].distance(w[1]))
        .fold(0.0, f32::max);
    let degree = control.len().saturating_sub(1) as f32;
    ((degree * leg * scale / step).ceil() as usize).clamp(1, MAX_SAMPLES)
}

/// The point at `t` of the Bézier curve of up to four `control` points.
fn de_casteljau(control: &[Point], t: f32) -> Point {
    let mut p = [Point::zero(); 4];
    p[..control.len()].copy_from_slice(control);
    for k in (1..control.len()).rev() {
        for i in 0..k {
            p[i] = Point::from_xy(
                p[i].x + (p[i + 1].x - p[i].x) * t,
                p[i].y + (p[i + 1].y - p[i].y) * t,
            );
        }
    }
    p[0]
}

/// How far from its square's left edge, in the 45-unit grid, a disc of
/// radius `outer` centred at height `cy` must stand to keep `gap` clear of
/// every circle of `ink`.
pub(super) fn clear_right_of(ink: &[(f32, f32, f32)], cy: f32, outer: f32, gap: f32) -> f32 {
    ink.iter()
        .filter_map(|&(x, y, r)| {
            let reach = outer + r + gap;
            let dy = (y - cy).abs();
            (dy < reach).then(|| x + (reach * reach - dy * dy).sqrt())
        })
        .fold(0.0, f32::max)
}

/// Where on the right edge of a square `w` px wide a disc of outer radius
/// `target` px goes `gap` px clear of every circle of `ink` (in the
/// square's 45-unit grid): the highest such place, its centre's height
/// from the square's top, with `target`; where none is, the largest disc
/// the right edge holds clear (at most `target`) and its height. Heights
/// are tried a quarter pixel apart.
pub(super) fn on_right_edge(ink: &[(f32, f32, f32)], w: f32, target: f32, gap: f32) -> (f32, f32) {
    let grid = w / 45.0;
    // The largest disc touching the right edge at height `cy`, inside the
    // square: against a circle `u` from the right edge and `dv` above or
    // below, a disc of radius `a` is clear when (u - a)² + dv² ≥ (a + k)²,
    // that is a ≤ (u² + dv² − k²) / 2(u + k).
    let room = |cy: f32| {
        ink.iter()
            .map(|&(x, y, r)| {
                let (u, dv, k) = (w - x * grid, y * grid - cy, r * grid + gap);
                (u * u + dv * dv - k * k) / (2.0 * (u + k))
            })
            .fold(cy.min(w - cy).min(w / 4.0), f32::min)
    };
    let steps = (4.0 * w) as usize;
    let heights = (0..=steps).map(|i| i as f32 / 4.0);
    if let Some(cy) = heights.clone().find(|&cy| room(cy) >= target) {
        return (target, cy);
    }
    heights
        .map(|cy| (room(cy).min(target), cy))
        .fold((0.0, 0.0), |best, c| if c.0 > best.0 { c } else { best })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assets::pieces::PieceSet;
    use fen2img_chess::{Color, Piece, Role};

    #[test]
    fn the_outline_is_sampled_finely_within_the_square() {
        let set = PieceSet::bundled("cburnett").unwrap();
        let queen = set.glyph(Piece::new(Color::White, Role::Queen));
        let ink = outline(queen);
        assert!(ink.len() > 200, "{}", ink.len());
        for &(x, y, r) in &ink {
            assert!(
                (0.0..=45.0).contains(&x) && (0.0..=45.0).contains(&y),
                "{x} {y}"
            );
            assert!(r > 0.0 && r < 2.0, "{r}");
        }
        // Consecutive samples of one path are at most a step apart, but
        // where a new path or subpath starts.
        let close = ink
            .windows(2)
            .filter(|w| (w[0].0 - w[1].0).hypot(w[0].1 - w[1].1) <= STEP + 1e-3)
            .count();
        let starts: usize = queen
            .paths
            .iter()
            .map(|p| {
                p.path
                    .segments()
                    .filter(|s| matches!(s, PathSegment::MoveTo(_)))
                    .count()
            })
            .sum();
        assert!(
            close + starts >= ink.len() - 1,
            "{close} + {starts} of {}",
            ink.len()
        );
    }

    #[test]
    fn a_glyph_of_many_long_lines_is_sampled_within_the_bound() {
        // 6,000 lines corner to corner: 770,000 samples half a unit apart.
        let mut d = String::from("M0 0");
        for _ in 0..3000 {
            d.push_str("L45 45L0 0");
        }
        let svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45"><path d="{d}" fill="none" stroke="black"/></svg>"#
        );
        let glyph = Glyph::parse(svg.as_bytes()).unwrap();
        let ink = outline(&glyph);
        assert!(
            ink.len() <= MAX_SAMPLES && ink.len() > MAX_SAMPLES / 2,
            "{}",
            ink.len()
        );
    }

    #[test]
    fn a_disc_clear_of_the_ink_stands_right_of_it() {
        let ink = [(30.0, 40.0, 1.0)];
        // Level with the circle: its right edge, the gap and the radius.
        assert!((clear_right_of(&ink, 40.0, 3.0, 1.0) - 35.0).abs() < 1e-4);
        // Far above it: nothing in the way.
        assert_eq!(clear_right_of(&ink, 20.0, 3.0, 1.0), 0.0);
        // A square 45 px wide: a 2 px disc clear of it by 1 px sits in the
        // very corner; one of 10 px cannot, and stands lower down, clear.
        assert_eq!(on_right_edge(&ink, 45.0, 2.0, 1.0), (2.0, 2.0));
        let (a, cy) = on_right_edge(&[(40.0, 5.0, 1.0)], 45.0, 10.0, 1.0);
        assert_eq!(a, 10.0);
        assert!(
            (45.0 - a - 40.0).hypot(cy - 5.0) >= a + 2.0 - 1e-3 && cy > 10.0,
            "{cy}"
        );
    }
}
