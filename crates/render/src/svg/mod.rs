//! The SVG writer: draws a [`Layout`] as a compact, scalable SVG document.
//!
//! Choices made for the readers of these files:
//! - each glyph used is defined once in `<defs>` and placed with `<use>`, and
//!   an outline shared by the white and the black piece is defined once;
//! - colours are `#rrggbb` plus a separate opacity, never 8-digit hex, so SVG
//!   Tiny renderers (Qt) read them; `xlink:href` for the same reason;
//! - coordinates are labels drawn as paths (no fonts needed);
//! - output is deterministic: no maps with random order, fixed number format.
//!
//! The writer (`SvgWriter`, `Document`) walks the layout here; the
//! definitions it shares between uses are made in `defs`, numbers and
//! colours spelled in `numbers`, and document ids chosen in `ids`.

mod defs;
mod ids;
mod numbers;

pub(crate) use ids::content_prefix;
pub use ids::{is_valid_id_prefix, prefix_ids};

use std::collections::HashMap;
use std::fmt::Write;

use crate::assets::color::Rgba;
use crate::assets::labels::LabelFont;
use crate::assets::pathdata;
use crate::layout::{
    Cross, Disc, Glow, Halo, Item, Layout, PlacedLabel, PlacedText, Rect, SpriteSpec,
};
use fen2img_chess::Piece;

use defs::{attrs_text, glyph_defs, hatch_defs, hatch_fills, used_pieces, Attrs};
use numbers::{color_key, hex, num, num1, num4, paint, rect_attrs};

/// Labels drawn in one group: their ink, scale and casing.
type LabelGroup = (Rgba, f32, Option<Halo>);

/// Writes `layout` as an SVG document (see [`SvgWriter`] for many boards).
pub fn write(layout: &Layout) -> String {
    SvgWriter::new().write(layout)
}

/// Writes layouts as SVG, remembering the glyph definitions between boards:
/// they depend only on the frame's sprite spec (piece set, square size and
/// halo) and on which pieces appear, and building them is most of the work.
#[derive(Debug, Default)]
pub struct SvgWriter {
    /// The sprite spec the cached definitions were made for.
    for_glyphs: Option<SpriteSpec>,
    /// Glyph definitions and the pieces' common style, by set of pieces used.
    glyph_defs: HashMap<u16, (String, Attrs)>,
}

impl SvgWriter {
    /// A writer with nothing cached yet.
    pub fn new() -> SvgWriter {
        SvgWriter::default()
    }

    /// Writes `layout` as an SVG document whose ids all start with a prefix
    /// derived from the document's content (see [`SvgWriter::write_with_id_prefix`]).
    pub fn write(&mut self, layout: &Layout) -> String {
        let svg = self.write_bare(layout);
        let prefix = content_prefix(&svg);
        prefix_ids(&svg, &prefix)
    }

    /// Writes `layout` with every id starting with `prefix` (check it with
    /// [`is_valid_id_prefix`]; an empty prefix leaves ids as they are).
    pub fn write_with_id_prefix(&mut self, layout: &Layout, prefix: &str) -> String {
        let svg = self.write_bare(layout);
        if prefix.is_empty() {
            return svg;
        }
        prefix_ids(&svg, prefix)
    }

    /// The document with unprefixed ids.
    fn write_bare(&mut self, layout: &Layout) -> String {
        let spec = &layout.frame.sprites;
        if self.for_glyphs.as_ref() != Some(spec) {
            self.glyph_defs.clear();
            self.for_glyphs = Some(spec.clone());
        }
        let used = used_pieces(layout);
        let mask = used.iter().fold(0u16, |m, p| m | 1 << p.index());
        let glyphs = self
            .glyph_defs
            .entry(mask)
            .or_insert_with(|| glyph_defs(layout, &used));
        let mut doc = Document {
            out: String::with_capacity(12 * 1024),
            glyphs,
        };
        doc.document(layout);
        doc.out
    }
}

/// One document being written.
struct Document<'a> {
    out: String,
    /// The glyph definitions and the style around the pieces.
    glyphs: &'a (String, Attrs),
}

impl Document<'_> {
    fn document(&mut self, l: &Layout) {
        let (width, height) = (l.frame.width(), l.frame.height());
        let _ = write!(
            self.out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" \
             xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
             width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" \
             role=\"img\">\n<title>{}</title>\n<desc>{}</desc>\n",
            // Shown first: XML 1.0 allows no control character but tab and
            // line breaks, not even as a character reference.
            fen2img_support::quote::markup(&fen2img_support::quote::shown(&l.title)),
            fen2img_support::quote::markup(&fen2img_support::quote::shown(&l.description))
        );
        let piece_style = self.defs(l);
        for item in l.items() {
            self.item(l, item, &piece_style);
        }
        self.out.push_str("</svg>\n");
    }

    /// Writes one item of the display list.
    fn item(&mut self, l: &Layout, item: Item<'_>, piece_style: &Attrs) {
        match item {
            Item::Background(color) => {
                let _ = writeln!(
                    self.out,
                    "<rect width=\"{}\" height=\"{}\"{}/>",
                    l.frame.width(),
                    l.frame.height(),
                    paint("fill", color)
                );
            }
            Item::Rect(r, color) => self.filled_rect(r, color),
            Item::DarkSquares(_, color) => {
                let _ = writeln!(
                    self.out,
                    "<use xlink:href=\"#dark\"{}/>",
                    paint("fill", color)
                );
            }
            Item::Hatch(..) => self.out.push_str(&hatch_fills(l)),
            Item::Glow(g) => {
                let r = g.rect;
                let _ = writeln!(
                    self.out,
                    "<rect{} fill=\"url(#glow{})\"/>",
                    rect_attrs(r.x, r.y, r.w, r.h),
                    color_key(g.color)
                );
            }
            Item::Labels(labels) => self.labels(labels, &[]),
            Item::CornerLabels(labels, glows) => self.labels(labels, glows),
            Item::Disc(d) | Item::PromotedSign(d) => self.disc(d),
            Item::Text(t) => self.text(t),
            Item::PieceHalos(pieces, _) => {
                self.piece_uses(pieces.iter().map(|p| (p.piece, p.rect)), "h")
            }
            Item::Pieces(pieces) => {
                self.piece_group(pieces.iter().map(|p| (p.piece, p.rect)), piece_style)
            }
            Item::PocketPieces(pieces) => {
                self.piece_group(pieces.iter().map(|p| (p.piece, p.rect)), piece_style)
            }
            Item::Badge(b) => {
                self.disc(&b.disc);
                self.text(&b.text);
            }
            Item::Cross(c) => self.cross(c),
            Item::Ring(r) => {
                let dash = r
                    .dash
                    .map(|d| format!(" stroke-dasharray=\"{} {}\"", num(d), num(d)))
                    .unwrap_or_default();
                let _ = writeln!(
                    self.out,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\"{} stroke-width=\"{}\"{dash}/>",
                    num(r.cx),
                    num(r.cy),
                    num(r.r),
                    paint("stroke", r.color),
                    num(r.width)
                );
            }
            Item::Polygon(a) => self.polygon(&a.points, &a.hole, a.color),
            Item::SquareLabel(label) => {
                if let Some(path) = label.outline() {
                    let d = pathdata::encode(&path, 100.0);
                    let (casing, width) = label.casing;
                    // The casing: the outlines filled and stroked wide
                    // under the ink (no paint-order, which SVG Tiny lacks).
                    let _ = writeln!(
                        self.out,
                        "<path d=\"{d}\"{}{} stroke-width=\"{}\" stroke-linejoin=\"round\"/>\n<path d=\"{d}\"{}/>",
                        paint("fill", casing),
                        paint("stroke", casing),
                        num(width),
                        paint("fill", label.text.color)
                    );
                }
            }
            Item::GlyphBadge(b) => {
                self.disc(&b.disc);
                if let Some(path) = b.outline() {
                    let d = pathdata::encode(&path, 100.0);
                    let _ = writeln!(self.out, "<path d=\"{d}\"{}/>", paint("fill", b.text.color));
                }
            }
            Item::Mover(m) if m.square => {
                // Print: a square on whole pixels, its frame inside it.
                let (x, y, side, w) = (m.cx - m.r, m.cy - m.r, 2.0 * m.r, m.stroke_width);
                let _ = writeln!(
                    self.out,
                    "<rect{}{}/>\n<rect{}{}/>",
                    rect_attrs(x, y, side, side),
                    paint("fill", m.outline),
                    rect_attrs(x + w, y + w, side - 2.0 * w, side - 2.0 * w),
                    paint("fill", m.fill)
                );
            }
            Item::Mover(m) => {
                let _ = writeln!(
                    self.out,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"{}{} stroke-width=\"{}\"/>",
                    num(m.cx),
                    num(m.cy),
                    num(m.r),
                    paint("fill", m.fill),
                    paint("stroke", m.outline),
                    num(m.stroke_width)
                );
            }
        }
    }

    /// Writes `<defs>`; returns the style to set around the pieces.
    fn defs(&mut self, l: &Layout) -> Attrs {
        self.out.push_str("<defs>\n");
        // The dark squares, once: drawn in their colour, and again hatched.
        let sq = num(l.frame.board.square);
        let mut d = String::new();
        // Each square is a closed subpath; after `z` the pen is back at the
        // square's corner, so the next one is a short relative move.
        let mut pen: Option<(f32, f32)> = None;
        for square in fen2img_chess::Square::all().filter(|s| s.is_dark()) {
            let r = l.square_rect(square);
            match pen {
                None => {
                    let _ = write!(d, "M{} {}", num(r.x), num(r.y));
                }
                Some((x, y)) => {
                    let _ = write!(d, "m{} {}", num(r.x - x), num(r.y - y));
                }
            }
            let _ = write!(d, "h{sq}v{sq}h-{sq}z");
            pen = Some((r.x, r.y));
        }
        let _ = writeln!(self.out, "<path id=\"dark\" d=\"{d}\"/>");
        self.out.push_str(&hatch_defs(l));
        let mut glows: Vec<&Glow> = l.glows.iter().collect();
        glows.dedup_by_key(|g| g.color);
        for g in glows {
            let _ = write!(
                self.out,
                "<radialGradient id=\"glow{}\">",
                color_key(g.color)
            );
            self.glow_stops(g);
            self.out.push_str("</radialGradient>\n");
        }
        self.out.push_str(&self.glyphs.0);
        let piece_style = self.glyphs.1.clone();
        self.label_defs(l);
        self.out.push_str("</defs>\n");
        piece_style
    }

    /// One `<rect>` filled with `color`.
    fn filled_rect(&mut self, r: Rect, color: Rgba) {
        let _ = writeln!(
            self.out,
            "<rect{}{}/>",
            rect_attrs(r.x, r.y, r.w, r.h),
            paint("fill", color)
        );
    }

    fn label_defs(&mut self, l: &Layout) {
        let font = LabelFont::get();
        let mut done: Vec<char> = Vec::new();
        for label in &l.frame.board.labels {
            if done.contains(&label.ch) {
                continue;
            }
            done.push(label.ch);
            if let Some(g) = font.glyph(label.ch) {
                // Whole font units are within 0.1 px while a unit is at most
                // 0.2 px (boards up to ~530 px); larger boards get tenths.
                let data = if label.scale > 0.2 {
                    g.data_tenths()
                } else {
                    g.data_units()
                };
                let _ = writeln!(self.out, "<path id=\"l{}\" d=\"{data}\"/>", label.ch);
            }
        }
    }

    /// Label uses, grouped by colour, scale and casing: the group scales
    /// from font units, so each use is just its position in font units.
    /// A label whose casing shows a glow of `glows` is written on its own
    /// ([`Document::glowing_label`]).
    fn labels(&mut self, labels: &[PlacedLabel], glows: &[Glow]) {
        let glow_of = |label: &PlacedLabel| label.casing.and(label.glow_under(glows));
        let mut groups: Vec<LabelGroup> = Vec::new();
        for label in labels.iter().filter(|l| glow_of(l).is_none()) {
            let group = (label.color, label.scale, label.casing);
            if !groups.contains(&group) {
                groups.push(group);
            }
        }
        let plain: Vec<PlacedLabel> = labels
            .iter()
            .filter(|l| glow_of(l).is_none())
            .copied()
            .collect();
        for group in groups {
            let (color, scale, casing) = group;
            let _ = write!(
                self.out,
                "<g{} transform=\"scale({})\">",
                paint("fill", color),
                num4(scale)
            );
            if let Some(h) = casing {
                // The casing: each label stroked wide in its colour, under it.
                let _ = write!(
                    self.out,
                    "<g fill=\"none\"{} stroke-width=\"{}\" stroke-linejoin=\"round\">",
                    paint("stroke", h.color),
                    num(h.stroke_width(0.0, scale))
                );
                self.label_uses(&plain, group);
                self.out.push_str("</g>");
            }
            self.label_uses(&plain, group);
            self.out.push_str("</g>\n");
        }
        for (i, label) in labels.iter().enumerate() {
            if let (Some(casing), Some(glow)) = (label.casing, glow_of(label)) {
                self.glowing_label(label, casing, glow, i);
            }
        }
    }

    /// A label whose casing (the square's colour) is painted again with
    /// the square's check glow, as the rasterizer paints it: the glow's
    /// gradient is placed in the label's own units (`gradientUnits` of
    /// the user space, which the label's transform scales), numbered `n`.
    fn glowing_label(&mut self, label: &PlacedLabel, casing: Halo, glow: &Glow, n: usize) {
        let s = label.scale;
        let r = glow.rect;
        let _ = write!(
            self.out,
            "<defs><radialGradient id=\"lglow{n}\" gradientUnits=\"userSpaceOnUse\" \
             cx=\"{}\" cy=\"{}\" r=\"{}\">",
            num((r.x + r.w / 2.0 - label.x) / s),
            num((r.y + r.h / 2.0 - label.y) / s),
            num(r.w / 2.0 / s)
        );
        self.glow_stops(glow);
        let width = num(casing.stroke_width(0.0, s));
        let glyph = format!("<use xlink:href=\"#l{}\"/>", label.ch);
        let _ = writeln!(
            self.out,
            "</radialGradient></defs><g{} transform=\"translate({} {}) scale({})\">\
             <g fill=\"none\"{} stroke-width=\"{width}\" stroke-linejoin=\"round\">{glyph}</g>\
             <g fill=\"none\" stroke=\"url(#lglow{n})\" stroke-width=\"{width}\" \
             stroke-linejoin=\"round\">{glyph}</g>{glyph}</g>",
            paint("fill", label.color),
            num(label.x),
            num(label.y),
            num4(s),
            paint("stroke", casing.color),
        );
    }

    /// The stops of `glow`'s gradient, from the centre out.
    fn glow_stops(&mut self, glow: &Glow) {
        for stop in &glow.stops {
            let _ = write!(
                self.out,
                "<stop offset=\"{}\" stop-color=\"{}\" stop-opacity=\"{}\"/>",
                num(stop.percent as f32 / 100.0),
                hex(stop.color),
                num(stop.opacity())
            );
        }
    }

    /// A filled, optionally outlined circle.
    fn disc(&mut self, d: &Disc) {
        if d.square {
            // Print: whole-pixel squares, the outline's band around the box.
            let (x, y, side) = (d.cx - d.r, d.cy - d.r, 2.0 * d.r);
            if let Some((c, w)) = d.outline {
                let _ = writeln!(
                    self.out,
                    "<rect{}{}/>",
                    rect_attrs(x - w, y - w, side + 2.0 * w, side + 2.0 * w),
                    paint("fill", c)
                );
            }
            let _ = writeln!(
                self.out,
                "<rect{}{}/>",
                rect_attrs(x, y, side, side),
                paint("fill", d.fill)
            );
            return;
        }
        let outline = d.outline.map_or(String::new(), |(c, w)| {
            format!("{} stroke-width=\"{}\"", paint("stroke", c), num(w))
        });
        let _ = writeln!(
            self.out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"{}{outline}/>",
            num(d.cx),
            num(d.cy),
            num(d.r),
            paint("fill", d.fill)
        );
    }

    /// A run of text as one path of glyph outlines.
    fn text(&mut self, t: &PlacedText) {
        if let Some(path) = t.outline() {
            let d = pathdata::encode(&path, 100.0);
            if let Some((casing, width)) = t.casing {
                // Under the ink, as a square label's casing is drawn.
                let _ = writeln!(
                    self.out,
                    "<path d=\"{d}\"{}{} stroke-width=\"{}\" stroke-linejoin=\"round\"/>",
                    paint("fill", casing),
                    paint("stroke", casing),
                    num(width)
                );
            }
            let _ = writeln!(self.out, "<path d=\"{d}\"{}/>", paint("fill", t.color));
        }
    }

    /// A filled polygon.
    /// A filled polygon, with `hole` (if any corners) left open.
    fn polygon(&mut self, points: &[(f32, f32)], hole: &[(f32, f32)], color: Rgba) {
        let mut d = String::new();
        for ring in [points, hole] {
            for (i, (x, y)) in ring.iter().enumerate() {
                let _ = write!(
                    d,
                    "{}{} {}",
                    if i == 0 { 'M' } else { 'L' },
                    num(*x),
                    num(*y)
                );
            }
            if !ring.is_empty() {
                d.push('z');
            }
        }
        let rule = if hole.is_empty() {
            ""
        } else {
            " fill-rule=\"evenodd\""
        };
        let _ = writeln!(self.out, "<path d=\"{d}\"{}{rule}/>", paint("fill", color));
    }

    /// A `<use>` per piece of the glyph (or, with prefix `h`, its halo)
    /// defined under that id prefix, at its rectangle's corner.
    fn piece_uses(&mut self, pieces: impl Iterator<Item = (Piece, Rect)>, prefix: &str) {
        for (piece, rect) in pieces {
            let _ = writeln!(
                self.out,
                "<use xlink:href=\"#{prefix}{}\" x=\"{}\" y=\"{}\"/>",
                piece.asset_name(),
                num(rect.x),
                num(rect.y)
            );
        }
    }

    /// The pieces' uses in a group that carries their common style.
    fn piece_group(&mut self, pieces: impl Iterator<Item = (Piece, Rect)>, style: &Attrs) {
        let _ = writeln!(self.out, "<g{}>", attrs_text(style));
        self.piece_uses(pieces, "");
        self.out.push_str("</g>\n");
    }

    /// A `<use>` per label of this colour, scale and casing, placed in
    /// font units (the enclosing group scales them).
    fn label_uses(&mut self, labels: &[PlacedLabel], group: LabelGroup) {
        let scale = group.1;
        for label in labels
            .iter()
            .filter(|x| (x.color, x.scale, x.casing) == group)
        {
            let _ = write!(
                self.out,
                "<use xlink:href=\"#l{}\" x=\"{}\" y=\"{}\"/>",
                label.ch,
                num1(label.x / scale),
                num1(label.y / scale)
            );
        }
    }

    /// An X mark: its casing, if any, then its ink.
    fn cross(&mut self, c: &Cross) {
        let (x0, y0, x1, y1) = (c.cx - c.half, c.cy - c.half, c.cx + c.half, c.cy + c.half);
        let d = format!(
            "M{} {}L{} {}M{} {}L{} {}",
            num(x0),
            num(y0),
            num(x1),
            num(y1),
            num(x0),
            num(y1),
            num(x1),
            num(y0)
        );
        for (ink, width) in c.strokes() {
            let _ = writeln!(
                self.out,
                "<path d=\"{d}\" fill=\"none\"{} stroke-width=\"{}\" stroke-linecap=\"round\"/>",
                paint("stroke", ink),
                num(width)
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ids::prefix_of_hash;
    use super::*;

    #[test]
    fn id_prefixes_are_six_safe_characters_one_per_hash() {
        let hashes = [
            0u32,
            1,
            39,
            40,
            41,
            62 * 40,
            u32::MAX,
            u32::MAX - 1,
            0x8000_0000,
        ];
        let prefixes: Vec<String> = hashes.iter().map(|&h| prefix_of_hash(h)).collect();
        for p in &prefixes {
            assert_eq!(p.len(), 6, "{p}");
            assert!(is_valid_id_prefix(p), "{p}");
            assert!(!p.starts_with(|c: char| c.is_ascii_hexdigit()), "{p}");
            assert!(p.bytes().all(|b| b.is_ascii_alphanumeric()), "{p}");
        }
        let distinct: std::collections::BTreeSet<&String> = prefixes.iter().collect();
        assert_eq!(distinct.len(), hashes.len());
        // The mixed radix reads back to the hash: no two hashes share one.
        let first = "ghijklmnopqrstuvwxyzGHIJKLMNOPQRSTUVWXYZ";
        let rest = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
        for (&h, p) in hashes.iter().zip(&prefixes) {
            let mut value = 0u64;
            for c in p[1..].chars().rev() {
                value = value * 62 + rest.find(c).unwrap() as u64;
            }
            value = value * 40 + first.find(&p[..1]).unwrap() as u64;
            assert_eq!(value, h as u64, "{p}");
        }
        // Documents differing in one byte get different prefixes.
        let (a, b) = (
            content_prefix("<svg>a</svg>"),
            content_prefix("<svg>b</svg>"),
        );
        assert!(a != b && is_valid_id_prefix(&a) && a.len() == 6, "{a} {b}");
    }

    #[test]
    fn numbers_and_colours_are_compact() {
        assert_eq!(num(45.0), "45");
        assert_eq!(num(0.5), ".5");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(12.345), "12.35");
        assert_eq!(hex(Rgba::rgb(255, 255, 255)), "#fff");
        assert_eq!(hex(Rgba::rgb(0xf0, 0xd9, 0xb5)), "#f0d9b5");
        assert_eq!(
            paint("fill", Rgba::rgb(0, 0, 0).with_alpha(128)),
            " fill=\"#000\" fill-opacity=\".5\""
        );
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            fen2img_support::quote::markup("a<b & \"c\""),
            "a&lt;b &amp; &quot;c&quot;"
        );
    }
}
