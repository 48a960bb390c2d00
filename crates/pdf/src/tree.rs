//! The diagram's SVG, parsed by usvg (the parser the rasterizer uses), drawn
//! on a PDF surface: groups, filled and stroked paths, colours, gradients
//! (the check glow) and tiling patterns (the print theme's hatching).
//!
//! The renderer's SVG uses nothing else (no text elements, no images, no
//! filters, no masks); a node of another kind is skipped.

use krilla::color::{luma, rgb};
use krilla::geom::{Path as PdfPath, PathBuilder, Transform};
use krilla::num::NormalizedF32;
use krilla::paint::{
    Fill, FillRule, LineCap, LineJoin, LinearGradient, Paint, Pattern, RadialGradient,
    SpreadMethod, Stop, Stroke, StrokeDash,
};
use krilla::surface::Surface;
use resvg::tiny_skia::PathSegment;
use resvg::usvg;

/// Draws every child of `group` on `surface`, in order.
pub fn draw_group(group: &usvg::Group, surface: &mut Surface) {
    for node in group.children() {
        match node {
            usvg::Node::Group(child) => draw_child_group(child, surface),
            usvg::Node::Path(path) => draw_path(path, surface),
            usvg::Node::Image(_) | usvg::Node::Text(_) => {}
        }
    }
}

/// A nested group: its transform and opacity around its children.
fn draw_child_group(group: &usvg::Group, surface: &mut Surface) {
    surface.push_transform(&transform(group.transform()));
    let opacity = group.opacity().get();
    let faded = opacity < 1.0;
    if faded {
        surface.push_opacity(normalized(opacity));
    }
    draw_group(group, surface);
    if faded {
        surface.pop();
    }
    surface.pop();
}

/// One path, filled and stroked in the order SVG asks.
fn draw_path(path: &usvg::Path, surface: &mut Surface) {
    if !path.is_visible() {
        return;
    }
    let Some(data) = convert_path(path.data()) else {
        return;
    };
    let fill = path.fill().map(|f| Fill {
        paint: paint(f.paint(), surface),
        opacity: normalized(f.opacity().get()),
        rule: match f.rule() {
            usvg::FillRule::NonZero => FillRule::NonZero,
            usvg::FillRule::EvenOdd => FillRule::EvenOdd,
        },
    });
    let stroke = path.stroke().map(|s| stroke(s, surface));
    let fill_first = path.paint_order() == usvg::PaintOrder::FillAndStroke;
    let mut steps = [(fill.is_some(), true), (stroke.is_some(), false)];
    if !fill_first {
        steps.reverse();
    }
    let (mut fill, mut stroke) = (fill, stroke);
    for (present, is_fill) in steps {
        if !present {
            continue;
        }
        if is_fill {
            surface.set_fill(fill.take());
            surface.set_stroke(None);
        } else {
            surface.set_fill(None);
            surface.set_stroke(stroke.take());
        }
        surface.draw_path(&data);
    }
    surface.set_fill(None);
    surface.set_stroke(None);
}

/// A usvg stroke as krilla's.
fn stroke(s: &usvg::Stroke, surface: &mut Surface) -> Stroke {
    Stroke {
        paint: paint(s.paint(), surface),
        width: s.width().get(),
        miter_limit: s.miterlimit().get(),
        line_cap: match s.linecap() {
            usvg::LineCap::Butt => LineCap::Butt,
            usvg::LineCap::Round => LineCap::Round,
            usvg::LineCap::Square => LineCap::Square,
        },
        line_join: match s.linejoin() {
            usvg::LineJoin::Miter | usvg::LineJoin::MiterClip => LineJoin::Miter,
            usvg::LineJoin::Round => LineJoin::Round,
            usvg::LineJoin::Bevel => LineJoin::Bevel,
        },
        opacity: normalized(s.opacity().get()),
        dash: s.dasharray().map(|array| StrokeDash {
            array: array.to_vec(),
            offset: s.dashoffset(),
        }),
    }
}

/// A paint: a colour, a gradient, or a pattern drawn into its own stream.
fn paint(p: &usvg::Paint, surface: &mut Surface) -> Paint {
    match p {
        usvg::Paint::Color(c) => color(*c),
        usvg::Paint::LinearGradient(g) => LinearGradient {
            x1: g.x1(),
            y1: g.y1(),
            x2: g.x2(),
            y2: g.y2(),
            transform: transform(g.transform()),
            spread_method: spread(g.spread_method()),
            stops: stops(g.stops()),
            anti_alias: false,
        }
        .into(),
        usvg::Paint::RadialGradient(g) => RadialGradient {
            fx: g.fx(),
            fy: g.fy(),
            fr: g.fr().get(),
            cx: g.cx(),
            cy: g.cy(),
            cr: g.r().get(),
            transform: transform(g.transform()),
            spread_method: spread(g.spread_method()),
            stops: stops(g.stops()),
            anti_alias: false,
        }
        .into(),
        usvg::Paint::Pattern(pattern) => {
            let mut builder = surface.stream_builder();
            let mut tile = builder.surface();
            draw_group(pattern.root(), &mut tile);
            tile.finish();
            let stream = builder.finish();
            let rect = pattern.rect();
            let at = pattern
                .transform()
                .pre_concat(usvg::Transform::from_translate(rect.x(), rect.y()));
            Pattern {
                stream,
                transform: transform(at),
                width: rect.width(),
                height: rect.height(),
            }
            .into()
        }
    }
}

/// A colour: greys (black included) as DeviceGray, so the print theme's
/// ink is one plate (K only) and never a four-colour black.
fn color(c: usvg::Color) -> Paint {
    if c.red == c.green && c.green == c.blue {
        luma::Color::new(c.red).into()
    } else {
        rgb::Color::new(c.red, c.green, c.blue).into()
    }
}

fn stops(stops: &[usvg::Stop]) -> Vec<Stop> {
    stops
        .iter()
        .map(|s| {
            let c = s.color();
            let color = if c.red == c.green && c.green == c.blue {
                luma::Color::new(c.red).into()
            } else {
                rgb::Color::new(c.red, c.green, c.blue).into()
            };
            Stop {
                offset: normalized(s.offset().get()),
                color,
                opacity: normalized(s.opacity().get()),
            }
        })
        .collect()
}

fn spread(s: usvg::SpreadMethod) -> SpreadMethod {
    match s {
        usvg::SpreadMethod::Pad => SpreadMethod::Pad,
        usvg::SpreadMethod::Reflect => SpreadMethod::Reflect,
        usvg::SpreadMethod::Repeat => SpreadMethod::Repeat,
    }
}

/// A value usvg keeps in 0..=1, as krilla's type (clamped, so a rounding
/// error cannot make it refuse).
fn normalized(v: f32) -> NormalizedF32 {
    NormalizedF32::new(v.clamp(0.0, 1.0)).unwrap_or(NormalizedF32::ONE)
}

/// usvg's transform (tiny-skia's) as krilla's.
pub fn transform(t: usvg::Transform) -> Transform {
    Transform::from_row(t.sx, t.ky, t.kx, t.sy, t.tx, t.ty)
}

/// usvg's path data as krilla's (`None` for an empty path).
fn convert_path(path: &resvg::tiny_skia::Path) -> Option<PdfPath> {
    let mut builder = PathBuilder::new();
    for segment in path.segments() {
        match segment {
            PathSegment::MoveTo(p) => builder.move_to(p.x, p.y),
            PathSegment::LineTo(p) => builder.line_to(p.x, p.y),
            PathSegment::QuadTo(a, p) => builder.quad_to(a.x, a.y, p.x, p.y),
            PathSegment::CubicTo(a, b, p) => builder.cubic_to(a.x, a.y, b.x, b.y, p.x, p.y),
            PathSegment::Close => builder.close(),
        }
    }
    builder.finish()
}
