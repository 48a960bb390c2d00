//! One glyph file of a piece set read into a [`Glyph`]: usvg parses it
//! (within `glyph_budget`'s work bounds, never following a reference out
//! of the file), and its tree is flattened into solid-paint paths in glyph
//! coordinates, which both writers draw. Where flat paths cannot draw what
//! the tree draws (gradients, group opacity, clips, filters…) the tree is
//! kept beside them for the rasterizer.

use resvg::tiny_skia::{LineCap, LineJoin, Transform};
use resvg::usvg;

use crate::assets::color::Rgba;
use crate::assets::glyph::{GlyphGradient, GlyphPath, GlyphStroke, GradientShape, PathGradients};
use crate::assets::glyph_budget;
use crate::assets::pieces::{Glyph, PieceSetErrorKind};
use fen2img_support::quote;

impl Glyph {
    /// Parses one glyph file of a user's set within the work bounds of
    /// `glyph_budget`. Returns the glyph and the costly features it is drawn
    /// without (then it is drawn from its flat paths, never from the tree).
    pub(crate) fn parse_checked(
        data: &[u8],
    ) -> Result<(Glyph, Vec<&'static str>), (PieceSetErrorKind, String)> {
        Glyph::parse_checked_with(data, Gradients::FirstStop)
    }

    /// [`Glyph::parse_checked`], with gradients flattened as `gradients`
    /// says.
    pub(crate) fn parse_checked_with(
        data: &[u8],
        gradients: Gradients,
    ) -> Result<(Glyph, Vec<&'static str>), (PieceSetErrorKind, String)> {
        glyph_budget::check_source(data).map_err(|m| {
            let kind = if m.starts_with("not valid SVG") {
                PieceSetErrorKind::InvalidSvg
            } else {
                PieceSetErrorKind::TooComplex
            };
            (kind, m)
        })?;
        let mut glyph =
            Glyph::parse_with(data, gradients).map_err(|m| (PieceSetErrorKind::InvalidSvg, m))?;
        let Some(tree) = &glyph.tree else {
            // Drawn from flat paths only: their size is the only cost.
            let segments: usize = glyph.paths.iter().map(|p| p.path.len()).sum();
            if segments > glyph_budget::MAX_SEGMENTS {
                return Err((
                    PieceSetErrorKind::TooComplex,
                    format!(
                        "more than {} path segments; a piece glyph needs far fewer",
                        glyph_budget::MAX_SEGMENTS
                    ),
                ));
            }
            return Ok((glyph, Vec::new()));
        };
        let costly =
            glyph_budget::audit_tree(tree).map_err(|m| (PieceSetErrorKind::TooComplex, m))?;
        if !costly.features.is_empty() {
            glyph.tree = None;
        }
        Ok((glyph, costly.features))
    }

    /// Parses one glyph file.
    #[cfg(test)]
    pub(crate) fn parse(data: &[u8]) -> Result<Glyph, String> {
        Glyph::parse_with(data, Gradients::FirstStop)
    }

    /// Parses one glyph file, gradients flattened as `gradients` says.
    fn parse_with(data: &[u8], gradients: Gradients) -> Result<Glyph, String> {
        let options = usvg::Options {
            resources_dir: None,
            image_href_resolver: usvg::ImageHrefResolver {
                resolve_data: usvg::ImageHrefResolver::default_data_resolver(),
                // Never touch the file system for a glyph's references.
                resolve_string: Box::new(|_, _| None),
            },
            ..usvg::Options::default()
        };
        let tree = usvg::Tree::from_data(data, &options).map_err(|e| {
            // usvg quotes text from the file as it is: escape it.
            format!("not valid SVG: {}", quote::escape(&e.to_string()))
        })?;
        let size = (tree.size().width(), tree.size().height());
        if !tree.root().has_children() {
            return Err("the SVG draws nothing".into());
        }
        let mut paths = Vec::new();
        let mut shading = Vec::new();
        let exact = collect_paths(tree.root(), 1.0, gradients, &mut paths, &mut shading);
        if paths.is_empty() {
            return Err("the SVG has no visible paths".into());
        }
        let mut glyph = Glyph::new(paths, size, (!exact).then_some(tree));
        if shading
            .iter()
            .any(|g| g.fill.is_some() || g.stroke.is_some())
        {
            glyph.gradients = shading;
        }
        Ok(glyph)
    }
}

/// What colour a gradient becomes in a glyph's flat paths.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Gradients {
    /// Its first stop (a user's set: what fen2img has always drawn).
    FirstStop,
    /// Its mean colour along its vector (the bundled sets, whose flat paths
    /// are also what their hinted small squares are drawn from).
    Mean,
}

/// Flattens the visible paths under `group`, with transforms applied.
/// Returns whether the flat paths draw exactly what the tree draws.
///
/// Gradients become one colour as `gradients` says, patterns black: the SVG
/// output of such a set is an approximation, the raster output is exact.
///
/// Group opacity is folded into each path's paint opacity: exact for a group
/// of one path, an approximation where a translucent group's paths overlap.
///
/// `shading` gets one entry per path pushed to `out`: its gradients as they
/// are, for the SVG writer.
fn collect_paths(
    group: &usvg::Group,
    opacity: f32,
    gradients: Gradients,
    out: &mut Vec<GlyphPath>,
    shading: &mut Vec<PathGradients>,
) -> bool {
    let mut exact = true;
    for node in group.children() {
        match node {
            usvg::Node::Group(g) => {
                exact &= !g.should_isolate();
                exact &= collect_paths(g, opacity * g.opacity().get(), gradients, out, shading);
            }
            usvg::Node::Path(p) if p.is_visible() => {
                let ts: Transform = p.abs_transform();
                let Some(data) = p.data().clone().transform(ts) else {
                    continue;
                };
                exact &= drawn_exactly(p, ts);
                let scale = (ts.sx * ts.sy - ts.kx * ts.ky).abs().sqrt();
                let fill = p
                    .fill()
                    .map(|f| solid(f.paint(), f.opacity().get() * opacity, gradients));
                let stroke = p.stroke().map(|s| GlyphStroke {
                    color: solid(s.paint(), s.opacity().get() * opacity, gradients),
                    width: s.width().get() * scale,
                    linecap: match s.linecap() {
                        usvg::LineCap::Butt => LineCap::Butt,
                        usvg::LineCap::Round => LineCap::Round,
                        usvg::LineCap::Square => LineCap::Square,
                    },
                    linejoin: match s.linejoin() {
                        usvg::LineJoin::Round => LineJoin::Round,
                        usvg::LineJoin::Bevel => LineJoin::Bevel,
                        usvg::LineJoin::Miter => LineJoin::Miter,
                        usvg::LineJoin::MiterClip => LineJoin::MiterClip,
                    },
                });
                let shade = PathGradients {
                    fill: p
                        .fill()
                        .and_then(|f| gradient(f.paint(), ts, f.opacity().get() * opacity)),
                    stroke: p
                        .stroke()
                        .and_then(|s| gradient(s.paint(), ts, s.opacity().get() * opacity)),
                };
                let path = GlyphPath {
                    path: data,
                    fill,
                    even_odd: p
                        .fill()
                        .is_some_and(|f| f.rule() == usvg::FillRule::EvenOdd),
                    stroke,
                };
                if p.paint_order() == usvg::PaintOrder::StrokeAndFill && path.fill.is_some() {
                    // Draw the stroke first, then the fill over it.
                    out.push(GlyphPath {
                        fill: None,
                        ..path.clone()
                    });
                    out.push(GlyphPath {
                        stroke: None,
                        ..path
                    });
                    shading.push(PathGradients {
                        fill: None,
                        ..shade.clone()
                    });
                    shading.push(PathGradients {
                        stroke: None,
                        ..shade
                    });
                } else {
                    out.push(path);
                    shading.push(shade);
                }
            }
            usvg::Node::Path(_) => {}
            // Images, and text where usvg kept it as such.
            _ => exact = false,
        }
    }
    exact
}

/// Whether drawing `p` as a flat path (solid paint, transform applied
/// beforehand, the stroke width scaled) gives what resvg draws.
fn drawn_exactly(p: &usvg::Path, ts: Transform) -> bool {
    let solid = |paint: &usvg::Paint| matches!(paint, usvg::Paint::Color(_));
    let fill_ok = p.fill().is_none_or(|f| solid(f.paint()));
    let stroke_ok = p.stroke().is_none_or(|s| {
        // A stroke stays a stroke of one width only under a similarity
        // (rotation and uniform scale).
        // The images of the unit vectors are orthogonal and of equal length.
        let (a, b) = ((ts.sx, ts.ky), (ts.kx, ts.sy));
        let tolerance = 1e-6 * (a.0 * a.0 + a.1 * a.1).max(1.0);
        let similar = (a.0 * b.0 + a.1 * b.1).abs() < tolerance
            && (a.0 * a.0 + a.1 * a.1 - b.0 * b.0 - b.1 * b.1).abs() < tolerance;
        solid(s.paint())
            && s.dasharray().is_none()
            && (s.miterlimit().get() - 4.0).abs() < 1e-6
            && similar
    });
    fill_ok && stroke_ok && p.rendering_mode().use_shape_antialiasing()
}

/// The stops, transform and spread every gradient has.
fn base<G: std::ops::Deref<Target = usvg::BaseGradient>>(g: &G) -> &usvg::BaseGradient {
    g
}

/// `paint` as a [`GlyphGradient`] in glyph coordinates (the path's
/// transform `ts` applied), if it is a gradient.
fn gradient(paint: &usvg::Paint, ts: Transform, opacity: f32) -> Option<GlyphGradient> {
    let (shape, base) = match paint {
        usvg::Paint::LinearGradient(g) => (
            GradientShape::Linear {
                x1: g.x1(),
                y1: g.y1(),
                x2: g.x2(),
                y2: g.y2(),
            },
            base(&**g),
        ),
        usvg::Paint::RadialGradient(g) => (
            GradientShape::Radial {
                cx: g.cx(),
                cy: g.cy(),
                r: g.r().get(),
                fx: g.fx(),
                fy: g.fy(),
            },
            base(&**g),
        ),
        _ => return None,
    };
    let m = ts.pre_concat(base.transform());
    let stops = base
        .stops()
        .iter()
        .map(|s| {
            let c = s.color();
            let a = (s.opacity().get().clamp(0.0, 1.0) * 255.0).round() as u8;
            (
                s.offset().get(),
                Rgba {
                    r: c.red,
                    g: c.green,
                    b: c.blue,
                    a,
                },
            )
        })
        .collect();
    Some(GlyphGradient {
        shape,
        matrix: [m.sx, m.ky, m.kx, m.sy, m.tx, m.ty],
        spread: match base.spread_method() {
            usvg::SpreadMethod::Pad => "pad",
            usvg::SpreadMethod::Reflect => "reflect",
            usvg::SpreadMethod::Repeat => "repeat",
        },
        stops,
        opacity: opacity.clamp(0.0, 1.0),
    })
}

fn solid(paint: &usvg::Paint, opacity: f32, gradients: Gradients) -> Rgba {
    let stops = match paint {
        usvg::Paint::Color(c) => Some((*c, 1.0)),
        usvg::Paint::LinearGradient(g) => Some(gradient_colour(g.stops(), gradients)),
        usvg::Paint::RadialGradient(g) => Some(gradient_colour(g.stops(), gradients)),
        usvg::Paint::Pattern(_) => None,
    };
    let (c, stop_opacity) = stops.unwrap_or((usvg::Color::black(), 1.0));
    Rgba {
        r: c.red,
        g: c.green,
        b: c.blue,
        a: ((opacity * stop_opacity).clamp(0.0, 1.0) * 255.0).round() as u8,
    }
}

/// One colour (and opacity) for a gradient's `stops`.
fn gradient_colour(stops: &[usvg::Stop], gradients: Gradients) -> (usvg::Color, f32) {
    match gradients {
        Gradients::FirstStop => (first_stop(stops), 1.0),
        Gradients::Mean => mean_stop(stops),
    }
}

fn first_stop(stops: &[usvg::Stop]) -> usvg::Color {
    stops.first().map_or(usvg::Color::black(), |s| s.color())
}

/// The mean colour and opacity along a gradient's vector: each stop holds
/// before the first and after the last, and runs linearly between two.
fn mean_stop(stops: &[usvg::Stop]) -> (usvg::Color, f32) {
    let (Some(first), Some(last)) = (stops.first(), stops.last()) else {
        return (usvg::Color::black(), 1.0);
    };
    let value = |s: &usvg::Stop| {
        let c = s.color();
        [
            c.red as f32,
            c.green as f32,
            c.blue as f32,
            s.opacity().get(),
        ]
    };
    let mut sum = [0.0f32; 4];
    let mut add = |v: [f32; 4], weight: f32| {
        for (s, v) in sum.iter_mut().zip(v) {
            *s += v * weight;
        }
    };
    add(value(first), first.offset().get());
    add(value(last), 1.0 - last.offset().get());
    for pair in stops.windows(2) {
        let (a, b) = (value(&pair[0]), value(&pair[1]));
        let span = pair[1].offset().get() - pair[0].offset().get();
        let middle = [0, 1, 2, 3].map(|i| (a[i] + b[i]) / 2.0);
        add(middle, span);
    }
    let byte = |v: f32| v.round().clamp(0.0, 255.0) as u8;
    (
        usvg::Color::new_rgb(byte(sum[0]), byte(sum[1]), byte(sum[2])),
        sum[3].clamp(0.0, 1.0),
    )
}
