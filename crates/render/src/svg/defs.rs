//! The `<defs>` a document shares between its uses: the glyphs (with the
//! outline a white and a black piece share), their gradients and halos,
//! the print theme's hatching, and the presentation attributes they
//! inherit.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::assets::pieces::{cap_name, join_name, GlyphGradient, GlyphPath, GradientShape};
use crate::layout::{Halo, Layout};
use fen2img_chess::Piece;
use resvg::tiny_skia::{Path, PathSegment};

use super::numbers::{hex, num, num4, paint, rect_attrs};

/// The hatching of one dark square, once, as plain polygons (see
/// [`crate::layout::hatch::square_bands`]): every dark square has the same
/// hatching from its corner, and polygons are drawn alike by every
/// renderer (a `<pattern>` was blurred by CairoSVG into grey dashes).
/// Drawn with `crispEdges` (filled where they hold a pixel's centre), they
/// give at 1:1 exactly the rasterizer's pixels, and stay straight lines
/// when the SVG is scaled up.
pub(super) fn hatch_defs(l: &Layout) -> String {
    let mut out = String::new();
    let Some(h) = l.frame.board.hatch else {
        return out;
    };
    let side = l.frame.board.square as u32;
    let mut d = String::new();
    for band in crate::layout::hatch::square_bands(&h, side) {
        for (i, (x, y)) in band.into_iter().enumerate() {
            let _ = write!(d, "{}{} {}", if i == 0 { 'M' } else { 'L' }, num(x), num(y));
        }
        d.push('z');
    }
    let _ = writeln!(
        out,
        "<path id=\"hatch\" d=\"{d}\"{} shape-rendering=\"crispEdges\"/>",
        paint("fill", h.color),
    );
    out
}

/// The hatching: the square's polygons placed on each dark square.
pub(super) fn hatch_fills(l: &Layout) -> String {
    let mut out = String::new();
    for square in fen2img_chess::Square::all().filter(|s| s.is_dark()) {
        let r = l.square_rect(square);
        let _ = writeln!(
            out,
            "<use xlink:href=\"#hatch\" x=\"{}\" y=\"{}\"/>",
            num(r.x),
            num(r.y)
        );
    }
    out
}

/// One `<g id="wK">` per glyph used; outlines used by several glyphs
/// (the white and black version of a piece) become shared `<path>`s.
/// Returns the attributes common to every glyph path, which the caller
/// sets once on the group around the pieces.
pub(super) fn glyph_defs(l: &Layout, used: &[Piece]) -> (String, Attrs) {
    let mut out = String::new();
    let shared = shared_paths(&mut out, l, used);
    let spec = &l.frame.sprites.glyphs;
    // A shaded set's gradients, each written once and named by its place.
    let mut gradients: Vec<(&str, String)> = Vec::new();
    let mut styles: Vec<Vec<Attrs>> = Vec::with_capacity(used.len());
    for &piece in used {
        let glyph = spec.pieces.glyph(piece);
        let (scale, _, _) = glyph.fit(l.frame.board.square);
        let filled = |p: &GlyphPath| p.fill.is_some();
        let widen = |p| move |width| spec.stroke_width(width, filled(p), scale);
        let mut paths = Vec::with_capacity(glyph.paths.len());
        for (i, p) in glyph.paths.iter().enumerate() {
            let mut attrs = style(p, widen(p));
            if let Some(shade) = glyph.gradients.get(i) {
                let paints = [
                    (&shade.fill, "fill", "fill-opacity"),
                    (&shade.stroke, "stroke", "stroke-opacity"),
                ];
                for (gradient, paint, opacity) in paints {
                    if let Some(g) = gradient {
                        let id = gradient_id(&mut gradients, g);
                        set(&mut attrs, paint, format!("url(#grad{id})"));
                        set(&mut attrs, opacity, num(g.opacity));
                    }
                }
            }
            paths.push(attrs);
        }
        styles.push(paths);
    }
    for (id, (tag, body)) in gradients.iter().enumerate() {
        let _ = writeln!(out, "<{tag} id=\"grad{id}\"{body}</{tag}>");
    }
    let all: Vec<&Attrs> = styles.iter().flatten().collect();
    let global = common(&all, &initial());
    for (&piece, paths) in used.iter().zip(&styles) {
        let glyph = l.frame.sprites.glyphs.pieces.glyph(piece);
        let (scale, dx, dy) = glyph.fit(l.frame.board.square);
        let inherited = overlay(&initial(), &global);
        let local = common(&paths.iter().collect::<Vec<_>>(), &inherited);
        let mut transform = String::new();
        if dx != 0.0 || dy != 0.0 {
            let _ = write!(transform, "translate({} {})", num(dx), num(dy));
        }
        if num4(scale) != "1" {
            let _ = write!(transform, "scale({})", num4(scale));
        }
        if !transform.is_empty() {
            transform = format!(" transform=\"{transform}\"");
        }
        let _ = write!(
            out,
            "<g id=\"{}\"{transform}{}>",
            piece.asset_name(),
            attrs_text(&local)
        );
        let inherited = overlay(&inherited, &local);
        for (data, attrs) in glyph.path_data().iter().zip(paths) {
            let own = attrs_text(&differing(attrs, &inherited));
            match shared.get(data.as_str()) {
                Some(id) => {
                    let _ = write!(out, "<use xlink:href=\"#s{id}\"{own}/>");
                }
                None => {
                    let _ = write!(out, "<path d=\"{data}\"{own}/>");
                }
            }
        }
        out.push_str("</g>\n");
    }
    if let Some(halo) = l.frame.sprites.halo {
        halo_defs(&mut out, l, used, &shared, halo);
    }
    (out, global)
}

/// Writes a `<path id="sN">` into `out` for each outline that more than
/// one of the `used` glyphs draws (the white and black version of a
/// piece), and returns each such outline's number.
pub(super) fn shared_paths<'l>(
    out: &mut String,
    l: &'l Layout,
    used: &[Piece],
) -> BTreeMap<&'l str, usize> {
    let mut uses: BTreeMap<&str, usize> = BTreeMap::new();
    for &piece in used {
        for data in l.frame.sprites.glyphs.pieces.glyph(piece).path_data() {
            *uses.entry(data).or_default() += 1;
        }
    }
    let mut shared: BTreeMap<&str, usize> = BTreeMap::new();
    for &piece in used {
        for data in l.frame.sprites.glyphs.pieces.glyph(piece).path_data() {
            if uses[data.as_str()] > 1 && !shared.contains_key(data.as_str()) {
                let id = shared.len();
                shared.insert(data, id);
                let _ = writeln!(out, "<path id=\"s{id}\" d=\"{data}\"/>");
            }
        }
    }
    shared
}

/// Writes one `<g id="hwK">` into `out` per glyph used: the halo under the
/// piece (its filled shapes filled and stroked wide in the paper colour,
/// through the `shared` outlines where there are), its footing and the
/// hatch fragments the halo would leave.
pub(super) fn halo_defs(
    out: &mut String,
    l: &Layout,
    used: &[Piece],
    shared: &BTreeMap<&str, usize>,
    halo: Halo,
) {
    // The filled shapes of each glyph, filled and stroked wide in the
    // paper colour: drawn under the pieces.
    for &piece in used {
        let glyph = l.frame.sprites.glyphs.pieces.glyph(piece);
        let (scale, dx, dy) = glyph.fit(l.frame.board.square);
        let color = hex(halo.color);
        let _ = write!(
            out,
            "<g id=\"h{}\" transform=\"translate({} {})scale({})\" fill=\"{color}\" \
             stroke=\"{color}\" stroke-linejoin=\"round\">",
            piece.asset_name(),
            num(dx),
            num(dy),
            num4(scale)
        );
        let filled = glyph.paths.iter().zip(glyph.path_data());
        for (p, data) in filled.filter(|(p, _)| p.fill.is_some()) {
            let outline = p.stroke.as_ref().map_or(0.0, |s| {
                l.frame.sprites.glyphs.stroke_width(s.width, true, scale)
            });
            let width = num(halo.stroke_width(outline, scale));
            match shared.get(data.as_str()) {
                Some(id) => {
                    let _ = write!(out, "<use xlink:href=\"#s{id}\" stroke-width=\"{width}\"/>");
                }
                None => {
                    let _ = write!(out, "<path d=\"{data}\" stroke-width=\"{width}\"/>");
                }
            }
        }
        let square = l.frame.board.square;
        if let Some(r) = halo.footing(&glyph.paths, (scale, dx, dy), square) {
            // The footing, in the group's glyph units, unstroked.
            let _ = write!(
                out,
                "<rect{} stroke=\"none\"/>",
                rect_attrs(
                    (r.x - dx) / scale,
                    (r.y - dy) / scale,
                    r.w / scale,
                    r.h / scale
                )
            );
        }
        if let Some(hatch) = &l.frame.sprites.hatch {
            // The hatch fragments the halo would leave, covered as the
            // rasterizer covers them: a pixel each.
            let glyphs = &l.frame.sprites.glyphs;
            for (x, y) in crate::halo::fragments(glyphs, piece, halo, hatch) {
                let _ = write!(
                    out,
                    "<rect{} stroke=\"none\"/>",
                    rect_attrs(
                        (x as f32 - dx) / scale,
                        (y as f32 - dy) / scale,
                        1.0 / scale,
                        1.0 / scale
                    )
                );
            }
        }
        out.push_str("</g>\n");
    }
}

/// Sets the attribute `name` of `attrs` to `value`.
pub(super) fn set(attrs: &mut Attrs, name: &str, value: String) {
    if let Some(entry) = attrs.iter_mut().find(|(n, _)| *n == name) {
        entry.1 = Some(value);
    }
}

/// The number of gradient `g` among those written so far, adding it if it
/// is new: the white and black piece of a shaded set often share one.
pub(super) fn gradient_id(written: &mut Vec<(&'static str, String)>, g: &GlyphGradient) -> usize {
    let body = gradient_element(g);
    if let Some(i) = written.iter().position(|b| *b == body) {
        return i;
    }
    written.push(body);
    written.len() - 1
}

/// `g` as a `<linearGradient>` or `<radialGradient>` in glyph coordinates:
/// the element's name, and what follows its id up to its end tag.
pub(super) fn gradient_element(g: &GlyphGradient) -> (&'static str, String) {
    let mut out = String::new();
    let (tag, geometry) = match g.shape {
        GradientShape::Linear { x1, y1, x2, y2 } => (
            "linearGradient",
            format!(
                " x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"",
                num(x1),
                num(y1),
                num(x2),
                num(y2)
            ),
        ),
        GradientShape::Radial { cx, cy, r, fx, fy } => (
            "radialGradient",
            format!(
                " cx=\"{}\" cy=\"{}\" r=\"{}\" fx=\"{}\" fy=\"{}\"",
                num(cx),
                num(cy),
                num(r),
                num(fx),
                num(fy)
            ),
        ),
    };
    let m = g.matrix;
    let _ = write!(out, " gradientUnits=\"userSpaceOnUse\"{geometry}");
    if m != [1.0, 0.0, 0.0, 1.0, 0.0, 0.0] {
        let _ = write!(
            out,
            " gradientTransform=\"matrix({} {} {} {} {} {})\"",
            num4(m[0]),
            num4(m[1]),
            num4(m[2]),
            num4(m[3]),
            num4(m[4]),
            num4(m[5])
        );
    }
    if g.spread != "pad" {
        let _ = write!(out, " spreadMethod=\"{}\"", g.spread);
    }
    out.push('>');
    for &(offset, c) in &g.stops {
        let _ = write!(
            out,
            "<stop offset=\"{}\" stop-color=\"{}\"",
            num4(offset),
            hex(c)
        );
        if c.a != 255 {
            let _ = write!(out, " stop-opacity=\"{}\"", num(c.opacity()));
        }
        out.push_str("/>");
    }
    (tag, out)
}

/// Presentation attributes by name; `None` is "any value will do" (the
/// stroke width of an unstroked path).
pub(super) type Attrs = Vec<(&'static str, Option<String>)>;

/// The attribute names glyph paths use, with their SVG initial values.
pub(super) const INITIAL: [(&str, &str); 8] = [
    ("fill", "#000"),
    ("fill-opacity", "1"),
    ("fill-rule", "nonzero"),
    ("stroke", "none"),
    ("stroke-opacity", "1"),
    ("stroke-width", "1"),
    ("stroke-linecap", "butt"),
    ("stroke-linejoin", "miter"),
];

pub(super) fn initial() -> Attrs {
    INITIAL
        .iter()
        .map(|&(k, v)| (k, Some(v.to_string())))
        .collect()
}

/// The full presentation of a glyph path, one entry per name in [`INITIAL`],
/// its stroke `widen`ed (see [`crate::layout::GlyphSpec::stroke_width`]).
/// A cap or join the outline cannot show is left free (`None`), so that
/// the path takes whatever its group sets: a path of closed shapes has no
/// ends, one of single open segments (a cross's bars) no corners.
pub(super) fn style(p: &GlyphPath, widen: impl Fn(f32) -> f32) -> Attrs {
    let fill = p.fill;
    let stroke = p.stroke.as_ref();
    let (ends, corners) = ends_and_corners(&p.path);
    vec![
        ("fill", Some(fill.map_or("none".into(), hex))),
        ("fill-opacity", fill.map(|c| num(c.opacity()))),
        (
            "fill-rule",
            fill.map(|_| if p.even_odd { "evenodd" } else { "nonzero" }.into()),
        ),
        (
            "stroke",
            Some(stroke.map_or("none".into(), |s| hex(s.color))),
        ),
        ("stroke-opacity", stroke.map(|s| num(s.color.opacity()))),
        ("stroke-width", stroke.map(|s| num(widen(s.width)))),
        (
            "stroke-linecap",
            stroke.filter(|_| ends).map(|s| cap_name(s.linecap).into()),
        ),
        (
            "stroke-linejoin",
            stroke
                .filter(|_| corners)
                .map(|s| join_name(s.linejoin).into()),
        ),
    ]
}

/// Whether a stroke of `path` shows caps (some subpath is open) and joins
/// (some subpath has two segments or more, or is closed, which joins its
/// last segment to its first).
fn ends_and_corners(path: &Path) -> (bool, bool) {
    let (mut ends, mut corners) = (false, false);
    // The drawing segments of the subpath being read.
    let mut segments = 0;
    for segment in path.segments() {
        match segment {
            PathSegment::MoveTo(_) => {
                ends |= segments > 0;
                segments = 0;
            }
            PathSegment::LineTo(_) | PathSegment::QuadTo(..) | PathSegment::CubicTo(..) => {
                segments += 1;
                corners |= segments > 1;
            }
            PathSegment::Close => {
                corners |= segments > 0;
                segments = 0;
            }
        }
    }
    (ends || segments > 0, corners)
}

/// The attributes worth setting once on a group around `items`: for each
/// name, the value that makes the group plus its items' own attributes
/// shortest, given what the group itself `inherited`. Items that need
/// another value then state it; items that accept any value are free.
pub(super) fn common(items: &[&Attrs], inherited: &Attrs) -> Attrs {
    let mut out = Attrs::new();
    for (i, &(name, _)) in INITIAL.iter().enumerate() {
        let specified: Vec<&String> = items.iter().filter_map(|a| a[i].1.as_ref()).collect();
        // The cost of the items' own attributes when they inherit `value`.
        let cost = |value: Option<&String>| -> usize {
            specified
                .iter()
                .filter(|&&v| Some(v) != value)
                .map(|v| name.len() + v.len() + 4)
                .sum()
        };
        let inherited_value = inherited[i].1.as_ref();
        let mut best = (cost(inherited_value), None);
        // Candidates in first-seen order, so ties resolve deterministically.
        let mut seen: Vec<&String> = Vec::new();
        for &v in &specified {
            if seen.contains(&v) || Some(v) == inherited_value {
                continue;
            }
            seen.push(v);
            let total = cost(Some(v)) + name.len() + v.len() + 4;
            if total < best.0 {
                best = (total, Some(v));
            }
        }
        if let (_, Some(v)) = best {
            out.push((name, Some(v.clone())));
        }
    }
    out
}

/// `base` with the entries of `over` replacing those of the same name.
pub(super) fn overlay(base: &Attrs, over: &Attrs) -> Attrs {
    base.iter()
        .map(|(name, v)| {
            let replaced = over.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone());
            (*name, replaced.unwrap_or_else(|| v.clone()))
        })
        .collect()
}

/// The entries of `attrs` that differ from what is `inherited`.
pub(super) fn differing(attrs: &Attrs, inherited: &Attrs) -> Attrs {
    attrs
        .iter()
        .zip(inherited)
        .filter(|((_, v), (_, inh))| v.is_some() && v != inh)
        .map(|(a, _)| a.clone())
        .collect()
}

pub(super) fn attrs_text(attrs: &Attrs) -> String {
    let mut s = String::new();
    for (name, value) in attrs {
        if let Some(v) = value {
            let _ = write!(s, " {name}=\"{v}\"");
        }
    }
    s
}

/// The distinct pieces on the board, white first, king first.
pub(super) fn used_pieces(l: &Layout) -> Vec<Piece> {
    let mut used: Vec<Piece> = Vec::new();
    let on_board = l.pieces.iter().map(|p| p.piece);
    let in_hand = l.around.pocket_pieces.iter().map(|p| p.piece);
    for piece in on_board.chain(in_hand) {
        let key = Piece::new(piece.color, piece.role);
        if !used.contains(&key) {
            used.push(key);
        }
    }
    used.sort_by_key(|p| (p.color, std::cmp::Reverse(p.role)));
    used
}

#[cfg(test)]
mod tests {
    use super::*;
    use resvg::tiny_skia::{PathBuilder, Rect};

    fn path(build: impl Fn(&mut PathBuilder)) -> Path {
        let mut pb = PathBuilder::new();
        build(&mut pb);
        pb.finish().unwrap()
    }

    #[test]
    fn caps_and_joins_are_free_only_where_the_stroke_cannot_show_them() {
        // A cross's two bars: open single segments, ends but no corners.
        let bars = path(|pb| {
            pb.move_to(22.5, 11.6);
            pb.line_to(22.5, 6.0);
            pb.move_to(20.0, 8.0);
            pb.line_to(25.0, 8.0);
        });
        assert_eq!(ends_and_corners(&bars), (true, false));
        // One curve: no corner either.
        let curve = path(|pb| {
            pb.move_to(0.0, 0.0);
            pb.cubic_to(1.0, 2.0, 3.0, 2.0, 4.0, 0.0);
        });
        assert_eq!(ends_and_corners(&curve), (true, false));
        // A closed square: corners, no ends.
        let square = path(|pb| pb.push_rect(Rect::from_xywh(0.0, 0.0, 4.0, 4.0).unwrap()));
        assert_eq!(ends_and_corners(&square), (false, true));
        // A closed single segment joins itself where it closes.
        let closed_line = path(|pb| {
            pb.move_to(0.0, 0.0);
            pb.line_to(4.0, 0.0);
            pb.close();
        });
        assert_eq!(ends_and_corners(&closed_line), (false, true));
        // A closed shape and an open polyline after it: both.
        let both = path(|pb| {
            pb.push_rect(Rect::from_xywh(0.0, 0.0, 4.0, 4.0).unwrap());
            pb.move_to(9.0, 0.0);
            pb.line_to(9.0, 4.0);
            pb.line_to(12.0, 4.0);
        });
        assert_eq!(ends_and_corners(&both), (true, true));
        // An open polyline ending the path.
        let polyline = path(|pb| {
            pb.move_to(0.0, 0.0);
            pb.line_to(4.0, 0.0);
            pb.line_to(4.0, 4.0);
        });
        assert_eq!(ends_and_corners(&polyline), (true, true));
    }
}
