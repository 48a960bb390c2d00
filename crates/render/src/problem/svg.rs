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
use crate::options::DiagramOptions;

/// Where things go, in pixels.
pub(crate) struct Plan {
    pub width: f32,
    pub height: f32,
    margin: f32,
    font: f32,
    line: f32,
    header: Vec<String>,
    footer: Vec<String>,
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
    let square = inner / 8.0;
    let regular = font::font(Weight::Regular);
    let fit = |t: &str| wrap::cut_to_width(regular, t, font, inner);
    let header: Vec<String> = caption::header_lines(problem)
        .iter()
        .map(|t| fit(t))
        .collect();
    let footer: Vec<String> = caption::footer_lines(problem)
        .iter()
        .map(|t| fit(t))
        .collect();
    let board_y =
        margin + header.len() as f32 * line + if header.is_empty() { 0.0 } else { line * 0.3 };
    let height = board_y + inner + line * 1.4 + footer.len() as f32 * line + margin;
    Plan {
        width,
        height: height.ceil(),
        margin,
        font,
        line,
        header,
        footer,
        board_x: margin,
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
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n<desc>{}</desc>\n",
        fen2img_chess::quote::markup(desc),
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
    for (i, line) in p.header.iter().enumerate() {
        let weight = if i == 0 && !problem.authors.is_empty() {
            Weight::Bold
        } else {
            Weight::Regular
        };
        let y = p.margin + (i as f32 + 0.8) * p.line;
        text(
            &mut out,
            line,
            weight,
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
    if let Some(hatch) = theme.hatch {
        // The print theme's diagonal lines: a pattern of strips turned 45°,
        // their distance and width measured along a row as the theme says.
        let step = hatch.spacing * p.square / std::f32::consts::SQRT_2;
        let width = hatch.width * p.square / std::f32::consts::SQRT_2;
        let _ = writeln!(
            out,
            "<defs><pattern id=\"hatch\" patternUnits=\"userSpaceOnUse\" width=\"{s}\" height=\"{s}\" patternTransform=\"rotate(45)\"><rect width=\"{}\" height=\"{s}\"{}/></pattern></defs>\n<path d=\"{dark}\" fill=\"url(#hatch)\"/>",
            num4(width),
            paint("fill", hatch.color),
            s = num4(step)
        );
    }
    let frame = (p.square * 0.04).max(1.0);
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
    for (i, line) in p.footer.iter().enumerate() {
        let y = base + (i as f32 + 1.0) * p.line;
        text(
            &mut out,
            line,
            Weight::Regular,
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
    if t.is_empty() {
        return;
    }
    let shaped = font::font(weight).shape(t, size);
    let x = match align {
        Align::Left(x) => x,
        Align::Centre(c) => c - shaped.width / 2.0,
        Align::Right(r) => r - shaped.width,
    };
    if let Some(path) = shaped.path(x, y) {
        let _ = writeln!(
            out,
            "<path d=\"{}\"{}/>",
            pathdata::encode(&path, 100.0),
            paint("fill", ink)
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
                options.pieces.glyph(Piece::new(color, *role)),
                s,
                options,
            ),
            Figure::Fairy(code) => fairy_svg(out, code, color, s),
            Figure::Marker(m) => marker_svg(out, *m, color, s),
            Figure::Text(t) => {
                let size = s * 0.55;
                text(
                    out,
                    t,
                    Weight::Bold,
                    size,
                    Align::Centre(s / 2.0),
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
