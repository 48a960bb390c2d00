//! The SVG writer: draws a [`Layout`] as a compact, scalable SVG document.
//!
//! Choices made for the readers of these files:
//! - each glyph used is defined once in `<defs>` and placed with `<use>`, and
//!   an outline shared by the white and the black piece is defined once;
//! - colours are `#rrggbb` plus a separate opacity, never 8-digit hex, so SVG
//!   Tiny renderers (Qt) read them; `xlink:href` for the same reason;
//! - coordinates are labels drawn as paths (no fonts needed);
//! - output is deterministic: no maps with random order, fixed number format.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;

use crate::assets::color::Rgba;
use crate::assets::labels::LabelFont;
use crate::assets::pathdata;
use crate::assets::pieces::{cap_name, join_name, GlyphGradient, GlyphPath, GradientShape};
use crate::layout::{
    Cross, Disc, Glow, Halo, Item, Layout, PlacedLabel, PlacedText, Rect, SpriteSpec,
};
use fen2img_chess::Piece;

/// Writes `layout` as an SVG document (see [`SvgWriter`] for many boards).
pub fn write(layout: &Layout) -> String {
    SvgWriter::new().write(layout)
}

/// Whether `prefix` can start every id of a document: an XML name start
/// (letter or `_`) and then letters, digits, `_`, `-` or `.`, at most 64
/// bytes, so that ids stay valid and no CSS selector or URL breaks on them.
pub fn is_valid_id_prefix(prefix: &str) -> bool {
    let mut bytes = prefix.bytes();
    prefix.len() <= 64
        && bytes
            .next()
            .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
}

/// `svg` with `prefix` put before every id it defines and every reference
/// to one (`id="`, `href="#`, `url(#`). Inline SVG shares one id namespace
/// with the whole HTML page, so documents inlined together must not share
/// ids that mean different shapes.
pub fn prefix_ids(svg: &str, prefix: &str) -> String {
    const MARKS: [&str; 3] = [" id=\"", "href=\"#", "url(#"];
    let mut out = String::with_capacity(svg.len() + 128 * (prefix.len() + 1));
    // The next place of each mark: only the one just used is searched for
    // again, so the document is scanned once per mark, not once per id.
    let find = |from: usize, mark: &str| svg[from..].find(mark).map(|at| from + at);
    let mut next: [Option<usize>; 3] = [0, 1, 2].map(|i| find(0, MARKS[i]));
    let mut copied = 0;
    while let Some((i, at)) = next
        .iter()
        .enumerate()
        .filter_map(|(i, at)| at.map(|at| (i, at)))
        .min_by_key(|&(_, at)| at)
    {
        let end = at + MARKS[i].len();
        out.push_str(&svg[copied..end]);
        out.push_str(prefix);
        copied = end;
        next[i] = find(end, MARKS[i]);
    }
    out.push_str(&svg[copied..]);
    out
}

/// The default id prefix of a document: six characters carrying a stable
/// 32-bit hash of the document itself, a letter from `g`–`z` or `G`–`Z`
/// (so no id reads as a hex colour after `#`) and five letters or digits.
/// Different documents get different prefixes (so any number can be
/// inlined in one page), the same document the same one (its definitions
/// are identical anyway), and the output stays the same on every machine.
/// Six characters where eight hex digits and an `x` took nine: a prefix
/// is written at every id and every reference, over a hundred times in a
/// full board.
pub(crate) fn content_prefix(svg: &str) -> String {
    // Eight bytes a step (FNV-1a goes byte by byte, a sizeable share of a
    // 20 µs document), read little-endian, so every machine agrees.
    let mut h: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut chunks = svg.as_bytes().chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        h = (h.rotate_left(23) ^ word).wrapping_mul(0x0100_0000_01b3_0001);
    }
    let mut tail = [0u8; 8];
    tail[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    h = (h.rotate_left(23) ^ u64::from_le_bytes(tail) ^ svg.len() as u64)
        .wrapping_mul(0x0100_0000_01b3_0001);
    h ^= h >> 29;
    // 40 * 62^5 > 2^32: every hash has a prefix of its own.
    prefix_of_hash(h as u32 ^ (h >> 32) as u32)
}

/// The six-character id prefix that carries `hash` (see [`content_prefix`]).
fn prefix_of_hash(hash: u32) -> String {
    const FIRST: &[u8; 40] = b"ghijklmnopqrstuvwxyzGHIJKLMNOPQRSTUVWXYZ";
    const REST: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut v = hash as u64;
    let mut prefix = String::with_capacity(6);
    prefix.push(FIRST[(v % 40) as usize] as char);
    v /= 40;
    for _ in 0..5 {
        prefix.push(REST[(v % 62) as usize] as char);
        v /= 62;
    }
    prefix
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
            fen2img_chess::quote::markup(&fen2img_chess::quote::shown(&l.title)),
            fen2img_chess::quote::markup(&fen2img_chess::quote::shown(&l.description))
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
            Item::Labels(labels, halo) | Item::CornerLabels(labels, halo) => {
                self.labels(labels, halo)
            }
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
            for stop in &g.stops {
                let _ = write!(
                    self.out,
                    "<stop offset=\"{}\" stop-color=\"{}\" stop-opacity=\"{}\"/>",
                    num(stop.percent as f32 / 100.0),
                    hex(stop.color),
                    num(stop.opacity())
                );
            }
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

    /// Label uses, grouped by colour and scale: the group scales from font
    /// units, so each use is just its position in font units.
    fn labels(&mut self, labels: &[PlacedLabel], halo: Option<Halo>) {
        let mut groups: Vec<(Rgba, f32)> = Vec::new();
        for label in labels {
            if !groups.contains(&(label.color, label.scale)) {
                groups.push((label.color, label.scale));
            }
        }
        for (color, scale) in groups {
            let _ = write!(
                self.out,
                "<g{} transform=\"scale({})\">",
                paint("fill", color),
                num4(scale)
            );
            if let Some(h) = halo {
                // The halo: each label stroked in the paper colour, under it.
                let _ = write!(
                    self.out,
                    "<g fill=\"none\"{} stroke-width=\"{}\" stroke-linejoin=\"round\">",
                    paint("stroke", h.color),
                    num(h.stroke_width(0.0, scale))
                );
                self.label_uses(labels, color, scale);
                self.out.push_str("</g>");
            }
            self.label_uses(labels, color, scale);
            self.out.push_str("</g>\n");
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

    /// A `<use>` per label of this colour and scale, placed in font units
    /// (the enclosing group scales them).
    fn label_uses(&mut self, labels: &[PlacedLabel], color: Rgba, scale: f32) {
        for label in labels
            .iter()
            .filter(|x| x.color == color && x.scale == scale)
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

/// The hatching of one dark square, once, as plain polygons (see
/// [`crate::layout::hatch::square_bands`]): every dark square has the same
/// hatching from its corner, and polygons are drawn alike by every
/// renderer (a `<pattern>` was blurred by CairoSVG into grey dashes).
/// Drawn with `crispEdges` (filled where they hold a pixel's centre), they
/// give at 1:1 exactly the rasterizer's pixels, and stay straight lines
/// when the SVG is scaled up.
fn hatch_defs(l: &Layout) -> String {
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
fn hatch_fills(l: &Layout) -> String {
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
fn glyph_defs(l: &Layout, used: &[Piece]) -> (String, Attrs) {
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
fn shared_paths<'l>(out: &mut String, l: &'l Layout, used: &[Piece]) -> BTreeMap<&'l str, usize> {
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
fn halo_defs(
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
fn set(attrs: &mut Attrs, name: &str, value: String) {
    if let Some(entry) = attrs.iter_mut().find(|(n, _)| *n == name) {
        entry.1 = Some(value);
    }
}

/// The number of gradient `g` among those written so far, adding it if it
/// is new: the white and black piece of a shaded set often share one.
fn gradient_id(written: &mut Vec<(&'static str, String)>, g: &GlyphGradient) -> usize {
    let body = gradient_element(g);
    if let Some(i) = written.iter().position(|b| *b == body) {
        return i;
    }
    written.push(body);
    written.len() - 1
}

/// `g` as a `<linearGradient>` or `<radialGradient>` in glyph coordinates:
/// the element's name, and what follows its id up to its end tag.
fn gradient_element(g: &GlyphGradient) -> (&'static str, String) {
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
type Attrs = Vec<(&'static str, Option<String>)>;

/// The attribute names glyph paths use, with their SVG initial values.
const INITIAL: [(&str, &str); 8] = [
    ("fill", "#000"),
    ("fill-opacity", "1"),
    ("fill-rule", "nonzero"),
    ("stroke", "none"),
    ("stroke-opacity", "1"),
    ("stroke-width", "1"),
    ("stroke-linecap", "butt"),
    ("stroke-linejoin", "miter"),
];

fn initial() -> Attrs {
    INITIAL
        .iter()
        .map(|&(k, v)| (k, Some(v.to_string())))
        .collect()
}

/// The full presentation of a glyph path, one entry per name in [`INITIAL`],
/// its stroke `widen`ed (see [`crate::layout::GlyphSpec::stroke_width`]).
fn style(p: &GlyphPath, widen: impl Fn(f32) -> f32) -> Attrs {
    let fill = p.fill;
    let stroke = p.stroke.as_ref();
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
        ("stroke-linecap", stroke.map(|s| cap_name(s.linecap).into())),
        (
            "stroke-linejoin",
            stroke.map(|s| join_name(s.linejoin).into()),
        ),
    ]
}

/// The attributes worth setting once on a group around `items`: for each
/// name, the value that makes the group plus its items' own attributes
/// shortest, given what the group itself `inherited`. Items that need
/// another value then state it; items that accept any value are free.
fn common(items: &[&Attrs], inherited: &Attrs) -> Attrs {
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
fn overlay(base: &Attrs, over: &Attrs) -> Attrs {
    base.iter()
        .map(|(name, v)| {
            let replaced = over.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone());
            (*name, replaced.unwrap_or_else(|| v.clone()))
        })
        .collect()
}

/// The entries of `attrs` that differ from what is `inherited`.
fn differing(attrs: &Attrs, inherited: &Attrs) -> Attrs {
    attrs
        .iter()
        .zip(inherited)
        .filter(|((_, v), (_, inh))| v.is_some() && v != inh)
        .map(|(a, _)| a.clone())
        .collect()
}

fn attrs_text(attrs: &Attrs) -> String {
    let mut s = String::new();
    for (name, value) in attrs {
        if let Some(v) = value {
            let _ = write!(s, " {name}=\"{v}\"");
        }
    }
    s
}

/// The distinct pieces on the board, white first, king first.
fn used_pieces(l: &Layout) -> Vec<Piece> {
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

/// ` fill="#abc"` plus ` fill-opacity=".5"` when translucent.
fn paint(attr: &str, c: Rgba) -> String {
    if c.a == 255 {
        format!(" {attr}=\"{}\"", hex(c))
    } else {
        format!(
            " {attr}=\"{}\" {attr}-opacity=\"{}\"",
            hex(c),
            num(c.opacity())
        )
    }
}

/// `#rgb` when the colour allows it, else `#rrggbb`.
fn hex(c: Rgba) -> String {
    let short = |v: u8| v.is_multiple_of(17);
    if short(c.r) && short(c.g) && short(c.b) {
        format!("#{:x}{:x}{:x}", c.r / 17, c.g / 17, c.b / 17)
    } else {
        c.hex6()
    }
}

/// A colour as an id suffix.
fn color_key(c: Rgba) -> String {
    format!("{:02x}{:02x}{:02x}{:02x}", c.r, c.g, c.b, c.a)
}

fn rect_attrs(x: f32, y: f32, w: f32, h: f32) -> String {
    format!(
        " x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"",
        num(x),
        num(y),
        num(w),
        num(h)
    )
}

/// A number with at most two decimals and no trailing zeros.
fn num(v: f32) -> String {
    let mut s = String::new();
    pathdata::write_rounded(&mut s, v, 2);
    s
}

/// A number with at most one decimal (label positions in font units).
fn num1(v: f32) -> String {
    let mut s = String::new();
    pathdata::write_rounded(&mut s, v, 1);
    s
}

/// A number with at most four decimals (scales).
fn num4(v: f32) -> String {
    let mut s = String::new();
    pathdata::write_rounded(&mut s, v, 4);
    s
}

#[cfg(test)]
mod tests {
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
            fen2img_chess::quote::markup("a<b & \"c\""),
            "a&lt;b &amp; &quot;c&quot;"
        );
    }
}
