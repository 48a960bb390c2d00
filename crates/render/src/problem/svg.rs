//! A problem diagram as SVG: the caption lines above, the boxed board
//! with every unit (a turned piece is its glyph rotated about the square's
//! centre; a neutral one the white glyph's left half beside the black
//! glyph's right half), the stipulation left and the count right below.
//! Text is drawn as outlines of the embedded font, so the SVG shows the
//! same everywhere and the rasterizer draws it as it stands.

use std::fmt::Write as _;

use fen2img_chess::problem::{Figure, Marker, Problem, Side, Unit};
use fen2img_chess::{Color, Piece, Square};

use super::caption;
use crate::assets::color::Rgba;
use crate::assets::font::{self, wrap, Weight};
use crate::assets::glyph::{cap_name, join_name};
use crate::assets::pathdata;
use crate::assets::pieces::Glyph;
use crate::assets::theme::Annotations;
use crate::layout::hatch;
use crate::options::DiagramOptions;

/// The most lines one caption line wraps onto.
const MAX_WRAPPED: usize = 2;

/// Where things go, in pixels.
pub(crate) struct Plan {
    pub width: f32,
    pub height: f32,
    margin: f32,
    font: f32,
    line: f32,
    header: Vec<(String, Weight)>,
    footer: Vec<(String, Weight)>,
    board_x: f32,
    board_y: f32,
    square: f32,
}

/// Lays the diagram out for `options.size` pixels of width.
pub(crate) fn plan(problem: &Problem, options: &DiagramOptions) -> Plan {
    let width = options.size as f32;
    let margin = (width * 0.04).round().max(2.0);
    let font = (width * 0.04).max(6.0);
    let line = (font * 1.3).round();
    let inner = width - 2.0 * margin;
    // Squares of whole pixels on the pixel grid: their edges are sharp in
    // every theme, and the print theme's hatching is laid on pixels (ink
    // or paper, never grey) as on an ordinary diagram. The pixels left
    // over go to the margins, the board centred.
    let square = (inner / 8.0).floor().max(1.0);
    let board_x = ((width - 8.0 * square) / 2.0).floor();
    // Each caption line wraps at spaces onto up to two lines (joint
    // composers, a long source, a condition), then is cut with an
    // ellipsis: a name is not lost to a narrow diagram.
    let fit = |t: &str, weight: Weight| {
        wrap::fit_lines(font::font(weight), t, font, inner, MAX_WRAPPED)
            .lines
            .into_iter()
            .map(move |l| (l, weight))
    };
    let header: Vec<(String, Weight)> = caption::header_lines(problem)
        .iter()
        .enumerate()
        .flat_map(|(i, t)| {
            // The composers, first, in bold.
            let bold = i == 0 && !problem.authors.is_empty();
            fit(t, if bold { Weight::Bold } else { Weight::Regular })
        })
        .collect();
    let footer: Vec<(String, Weight)> = caption::footer_lines(problem)
        .iter()
        .flat_map(|t| fit(t, Weight::Regular))
        .collect();
    let board_y =
        (margin + header.len() as f32 * line + if header.is_empty() { 0.0 } else { line * 0.3 })
            .round();
    let height = board_y + 8.0 * square + line * 1.4 + footer.len() as f32 * line + margin;
    Plan {
        width,
        height: height.ceil(),
        margin,
        font,
        line,
        header,
        footer,
        board_x,
        board_y,
        square,
    }
}

/// Writes `problem` as an SVG document.
pub(crate) fn write(problem: &Problem, options: &DiagramOptions, desc: &str) -> String {
    let p = plan(problem, options);
    let theme = &options.theme;
    let ink = theme.coordinates;
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n<desc>{}</desc>\n",
        fen2img_support::quote::markup(desc),
        w = num(p.width),
        h = num(p.height),
    );
    let half = p.square / 2.0;
    let _ = writeln!(
        out,
        "<defs><clipPath id=\"nl\"><rect width=\"{h}\" height=\"{s}\"/></clipPath><clipPath id=\"nr\"><rect x=\"{h}\" width=\"{h}\" height=\"{s}\"/></clipPath></defs>",
        h = num(half),
        s = num(p.square)
    );
    if let Some(bg) = theme.background {
        let _ = writeln!(
            out,
            "<rect width=\"{}\" height=\"{}\"{}/>",
            num(p.width),
            num(p.height),
            paint("fill", bg)
        );
    }
    // The caption above: composers bold, the rest regular, centred.
    for (i, (line, weight)) in p.header.iter().enumerate() {
        let y = p.margin + (i as f32 + 0.8) * p.line;
        text(
            &mut out,
            line,
            *weight,
            p.font,
            Align::Centre(p.width / 2.0),
            y,
            ink,
        );
    }
    // The board and its box.
    let _ = writeln!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{s8}\" height=\"{s8}\"{}/>",
        num(p.board_x),
        num(p.board_y),
        paint("fill", theme.light),
        s8 = num(p.square * 8.0)
    );
    let mut dark = String::new();
    for sq in Square::all().filter(|sq| sq.is_dark()) {
        let (x, y) = p.origin(sq);
        let _ = write!(
            dark,
            "M{} {}h{s}v{s}h-{s}z",
            num(x),
            num(y),
            s = num(p.square)
        );
    }
    let _ = writeln!(out, "<path d=\"{dark}\"{}/>", paint("fill", theme.dark));
    if let Some(hatch) = theme.hatch.and_then(|h| hatch::on_pixels(h, p.square)) {
        // The print theme's diagonal lines, as the ordinary diagram draws
        // them: one square's bands as plain polygons on whole pixels
        // (`crispEdges`: ink or paper, so a photocopier keeps every line),
        // placed on each dark square.
        let mut d = String::new();
        for band in hatch::square_bands(&hatch, p.square as u32) {
            for (i, (x, y)) in band.into_iter().enumerate() {
                let _ = write!(d, "{}{} {}", if i == 0 { 'M' } else { 'L' }, num(x), num(y));
            }
            d.push('z');
        }
        let _ = writeln!(
            out,
            "<defs><path id=\"hatch\" d=\"{d}\"{} shape-rendering=\"crispEdges\"/></defs>",
            paint("fill", hatch.color)
        );
        for sq in Square::all().filter(|sq| sq.is_dark()) {
            let (x, y) = p.origin(sq);
            let _ = writeln!(
                out,
                "<use xlink:href=\"#hatch\" x=\"{}\" y=\"{}\"/>",
                num(x),
                num(y)
            );
        }
    }
    // The problemist's boxed diagram: a frame of whole pixels just outside
    // the board, the theme's width (at least a twenty-fifth of a square),
    // and in print at least two pixels, which a 1-bit plate keeps.
    let least = if theme.annotations == Annotations::Ink {
        2.0
    } else {
        1.0
    };
    let frame = (p.square * theme.border_width.max(0.04)).round().max(least);
    let _ = writeln!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{s8}\" height=\"{s8}\" fill=\"none\"{} stroke-width=\"{}\"/>",
        num(p.board_x - frame / 2.0),
        num(p.board_y - frame / 2.0),
        paint("stroke", theme.border.with_alpha(255)),
        num(frame),
        s8 = num(p.square * 8.0 + frame)
    );
    for (sq, unit) in problem.units() {
        let (x, y) = p.origin(sq);
        unit_svg(&mut out, unit, x, y, p.square, options);
    }
    // Below: the stipulation left, the count right, then the other lines.
    let base = p.board_y + p.square * 8.0 + p.line * 1.1;
    let stip = caption::stipulation(problem);
    text(
        &mut out,
        &stip,
        Weight::Bold,
        p.font,
        Align::Left(p.board_x),
        base,
        ink,
    );
    text(
        &mut out,
        &problem.count_text(),
        Weight::Regular,
        p.font,
        Align::Right(p.board_x + p.square * 8.0),
        base,
        ink,
    );
    for (i, (line, weight)) in p.footer.iter().enumerate() {
        let y = base + (i as f32 + 1.0) * p.line;
        text(
            &mut out,
            line,
            *weight,
            p.font,
            Align::Left(p.board_x),
            y,
            ink,
        );
    }
    out.push_str("</svg>\n");
    out
}

impl Plan {
    /// The top-left corner of `sq` (White at the bottom).
    fn origin(&self, sq: Square) -> (f32, f32) {
        (
            self.board_x + f32::from(sq.file()) * self.square,
            self.board_y + f32::from(7 - sq.rank()) * self.square,
        )
    }
}

enum Align {
    Left(f32),
    Centre(f32),
    Right(f32),
}

/// One line of text as font outlines.
fn text(out: &mut String, t: &str, weight: Weight, size: f32, align: Align, y: f32, ink: Rgba) {
    if let Some(d) = text_path(t, weight, size, align, y) {
        let _ = writeln!(out, "<path d=\"{d}\"{}/>", paint("fill", ink));
    }
}

/// The outlines of one line of text, as path data (`None`: nothing drawn).
fn text_path(t: &str, weight: Weight, size: f32, align: Align, y: f32) -> Option<String> {
    if t.is_empty() {
        return None;
    }
    let shaped = font::font(weight).shape(t, size);
    let x = match align {
        Align::Left(x) => x,
        Align::Centre(c) => c - shaped.width / 2.0,
        Align::Right(r) => r - shaped.width,
    };
    shaped.path(x, y).map(|path| pathdata::encode(&path, 100.0))
}

/// The theme's halo band under a unit that is not a piece glyph (a disc, a
/// marker, a text), so print's hatching stands clear of it too: a disc of
/// the halo's colour a band wider than `radius`.
fn halo_disc(out: &mut String, s: f32, radius: f32, options: &DiagramOptions) {
    if let Some(halo) = options.theme.halo {
        let _ = write!(
            out,
            "<circle cx=\"{h}\" cy=\"{h}\" r=\"{}\"{}/>",
            num(radius + options.theme.halo_width * s),
            paint("fill", halo),
            h = num(s / 2.0)
        );
    }
}

/// One unit in the square whose top-left corner is (`x`, `y`).
fn unit_svg(out: &mut String, u: &Unit, x: f32, y: f32, s: f32, options: &DiagramOptions) {
    let _ = write!(out, "<g transform=\"translate({} {})\">", num(x), num(y));
    let turn = if u.rotation == 0 {
        String::new()
    } else {
        format!(
            " transform=\"rotate({} {h} {h})\"",
            u16::from(u.rotation) * 90,
            h = num(s / 2.0)
        )
    };
    let halves: &[(Color, &str)] = match u.side {
        Side::White => &[(Color::White, "")],
        Side::Black => &[(Color::Black, "")],
        Side::Neutral => &[
            (Color::White, " clip-path=\"url(#nl)\""),
            (Color::Black, " clip-path=\"url(#nr)\""),
        ],
    };
    for &(color, clip) in halves {
        let _ = write!(out, "<g{clip}><g{turn}>");
        match &u.figure {
            Figure::Piece(role) => glyph_svg(
                out,
                options.piece_set().glyph(Piece::new(color, *role)),
                s,
                options,
            ),
            Figure::Fairy(code) => {
                halo_disc(out, s, s * 0.42, options);
                fairy_svg(out, code, color, s);
            }
            Figure::Marker(m) => {
                halo_disc(out, s, s * 0.33, options);
                marker_svg(out, *m, color, s);
            }
            Figure::Text(t) => {
                let size = s * 0.55;
                let place = || Align::Centre(s / 2.0);
                if let Some(halo) = options.theme.halo {
                    // The letters' own outlines widened by the band.
                    if let Some(d) = text_path(t, Weight::Bold, size, place(), s * 0.7) {
                        let _ = write!(
                            out,
                            "<path d=\"{d}\"{}{} stroke-width=\"{}\" stroke-linejoin=\"round\"/>",
                            paint("fill", halo),
                            paint("stroke", halo),
                            num(2.0 * options.theme.halo_width * s)
                        );
                    }
                }
                text(
                    out,
                    t,
                    Weight::Bold,
                    size,
                    place(),
                    s * 0.7,
                    colours(Color::White).1,
                )
            }
        }
        out.push_str("</g></g>");
    }
    out.push_str("</g>\n");
}

/// A piece glyph fitted into the square at (0, 0).
fn glyph_svg(out: &mut String, glyph: &Glyph, s: f32, options: &DiagramOptions) {
    let (scale, dx, dy) = glyph.fit(s);
    let _ = write!(
        out,
        "<g transform=\"translate({} {}) scale({})\">",
        num(dx),
        num(dy),
        num4(scale)
    );
    let min = options.theme.outline_min / scale.max(f32::EPSILON);
    if let Some(halo) = options.theme.halo {
        // The theme's halo (print's white band), as the ordinary diagram
        // draws it: every outline widened by the band in the halo's colour,
        // under the glyph, so the hatching stands clear of the piece.
        let band = 2.0 * options.theme.halo_width * s / scale.max(f32::EPSILON);
        for (p, data) in glyph.paths.iter().zip(glyph.path_data()) {
            let width = p.stroke.as_ref().map_or(0.0, |st| st.width.max(min)) + band;
            let _ = write!(
                out,
                "<path d=\"{data}\"{}{} stroke-width=\"{}\" stroke-linejoin=\"round\"/>",
                paint("fill", halo),
                paint("stroke", halo),
                num4(width)
            );
        }
    }
    for (p, data) in glyph.paths.iter().zip(glyph.path_data()) {
        let mut attrs = String::new();
        match p.fill {
            Some(c) => {
                attrs.push_str(&paint("fill", c));
                if p.even_odd {
                    attrs.push_str(" fill-rule=\"evenodd\"");
                }
            }
            None => attrs.push_str(" fill=\"none\""),
        }
        if let Some(st) = &p.stroke {
            let _ = write!(
                attrs,
                "{} stroke-width=\"{}\" stroke-linecap=\"{}\" stroke-linejoin=\"{}\"",
                paint("stroke", st.color),
                num4(st.width.max(min)),
                cap_name(st.linecap),
                join_name(st.linejoin)
            );
        }
        let _ = write!(out, "<path d=\"{data}\"{attrs}/>");
    }
    out.push_str("</g>");
}

/// The paper and ink of a fairy disc or marker of `color`.
fn colours(color: Color) -> (Rgba, Rgba) {
    let white = Rgba {
        r: 255,
        g: 255,
        b: 255,
        a: 255,
    };
    let black = Rgba {
        r: 0,
        g: 0,
        b: 0,
        a: 255,
    };
    match color {
        Color::White => (white, black),
        Color::Black => (black, white),
    }
}

/// A fairy piece: its code in a disc, white paper for White, black for Black.
fn fairy_svg(out: &mut String, code: &str, color: Color, s: f32) {
    let (paper, ink) = colours(color);
    let h = s / 2.0;
    let _ = write!(
        out,
        "<circle cx=\"{h}\" cy=\"{h}\" r=\"{}\"{}{} stroke-width=\"{}\"/>",
        num(s * 0.4),
        paint("fill", paper),
        paint("stroke", colours(Color::White).1),
        num((s * 0.04).max(1.0)),
        h = num(h)
    );
    let size = if code.chars().count() > 1 {
        s * 0.36
    } else {
        s * 0.5
    };
    text(
        out,
        code,
        Weight::Bold,
        size,
        Align::Centre(h),
        h + size * 0.36,
        ink,
    );
}

/// A marker: an outline for White, a filled shape for Black.
fn marker_svg(out: &mut String, m: Marker, color: Color, s: f32) {
    let ink = colours(Color::White).1;
    let fill = match color {
        Color::White => " fill=\"none\"".to_owned(),
        Color::Black => paint("fill", ink),
    };
    let w = num((s * 0.05).max(1.0));
    let (a, b, h) = (num(s * 0.25), num(s * 0.75), num(s / 2.0));
    let shape = match m {
        Marker::Circle => format!("<circle cx=\"{h}\" cy=\"{h}\" r=\"{}\"", num(s * 0.27)),
        Marker::Square => format!("<rect x=\"{a}\" y=\"{a}\" width=\"{h}\" height=\"{h}\""),
        Marker::Triangle => format!("<path d=\"M{h} {a}L{b} {b}H{a}z\""),
        Marker::Cross => format!("<path d=\"M{a} {a}L{b} {b}M{b} {a}L{a} {b}\""),
    };
    let fill = if m == Marker::Cross {
        " fill=\"none\"".to_owned()
    } else {
        fill
    };
    let _ = write!(
        out,
        "{shape}{fill}{} stroke-width=\"{w}\"/>",
        paint("stroke", ink)
    );
}

/// ` fill="#rrggbb"` plus its opacity when translucent.
fn paint(attr: &str, c: Rgba) -> String {
    if c.a == 255 {
        format!(" {attr}=\"{}\"", c.hex6())
    } else {
        format!(
            " {attr}=\"{}\" {attr}-opacity=\"{}\"",
            c.hex6(),
            num4(c.opacity())
        )
    }
}

/// A number with at most two decimals.
fn num(v: f32) -> String {
    let mut s = String::new();
    pathdata::write_rounded(&mut s, v, 2);
    s
}

/// A number with at most four decimals (scales).
fn num4(v: f32) -> String {
    let mut s = String::new();
    pathdata::write_rounded(&mut s, v, 4);
    s
}
