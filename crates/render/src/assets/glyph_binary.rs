//! A bundled set's flat paths with their strokes expanded into outlines,
//! in binary: `pieces/NAME/NAME.glyphs`, made from `NAME.paths`.
//!
//! Two costs of a one-shot `fen2img FEN -o board.png` (400 px, the screen
//! themes' default set cburnett; callgrind, docs/PERFORMANCE.md,
//! 2026-11-29) that depend only on the set:
//! - **Expanding strokes.** cburnett draws its outlines as strokes, and
//!   rasterizing a stroke means expanding it into the outline of the area
//!   it covers, then filling that: tiny-skia's stroker took 0.8 of the 19.2
//!   million instructions. The expansion depends only on the path, the
//!   stroke and the stroker's tolerance, so it is made here once, at the
//!   tolerance of a glyph drawn [`BAKED_SCALE`] times its own size.
//! - **Reading numbers.** The flat-path text (`glyph_file`) took 0.44
//!   million to read, most of it decimal numbers.
//!
//! So the paths and outlines are kept as little-endian numbers read back
//! without parsing. The text file stays beside it, the form to review: a
//! test keeps it what usvg makes of the SVG files and this file what the
//! text and the stroker make (`FEN2IMG_BLESS=1 cargo test -p
//! fen2img-render --lib bundled` rewrites both).
//!
//! Where an outline is drawn: a glyph drawn at most [`BAKED_SCALE`] times
//! its size, neither hinted nor widened for small squares (those move or
//! widen the path). The stroker keeps its outline within a quarter of a
//! unit of its resolution scale, so a baked outline drawn smaller is
//! closer to the exact outline than one expanded for that size; drawn
//! larger, the stroker runs as before.
//!
//! The format, every number little-endian:
//!
//! ```text
//! MAGIC
//! for each glyph:
//!   u8 name length, the name, f32 width, f32 height, u32 paths
//!   for each path:
//!     u8 flags (1 filled, 2 even-odd, 4 stroked)
//!     if filled: the fill's r, g, b, a
//!     if stroked: the stroke's r, g, b, a, f32 width, u8 cap (0 butt,
//!       1 round, 2 square), u8 join (0 miter, 1 round, 2 bevel)
//!     the path's record
//!     if stroked: the stroke's outline's record (no verbs: none)
//! a record: u32 verbs, u32 points, the verbs (a byte each: 0 move,
//!   1 line, 2 quad, 3 cubic, 4 close), the points (two f32 each)
//! ```

use resvg::tiny_skia::{LineCap, LineJoin, Path, PathBuilder};
#[cfg(test)]
use resvg::tiny_skia::{PathSegment, Stroke};

use crate::assets::color::Rgba;
use crate::assets::glyph::{GlyphPath, GlyphStroke};
use crate::assets::glyph_file::FlatGlyph;

/// The stroker's resolution scale the outlines are made at: a glyph drawn
/// up to twice its own size (a 45-unit glyph in a 90 px square, a 720 px
/// board, lila-gif's size). A higher scale would cover larger boards, at
/// the cost of more segments to read and fill at every size: at 400 px,
/// a one-shot cburnett board took 18.61 million instructions with
/// outlines made at 2, 18.69 million at 4, and the fill alone costs 0.25
/// million more at 16.
pub(crate) const BAKED_SCALE: f32 = 2.0;

/// The file's first bytes: what it is, and the scale, so that a file made
/// at another scale is not read as this one's.
const MAGIC: &[u8] = b"fen2img flat glyphs, strokes expanded at resolution scale 2\n";

/// The verbs of a record.
const MOVE: u8 = 0;
const LINE: u8 = 1;
const QUAD: u8 = 2;
const CUBIC: u8 = 3;
const CLOSE: u8 = 4;

/// The flags of a path.
const FILLED: u8 = 1;
const EVEN_ODD: u8 = 2;
const STROKED: u8 = 4;

/// Line caps and joins by their number in the file.
const CAPS: [LineCap; 3] = [LineCap::Butt, LineCap::Round, LineCap::Square];
const JOINS: [LineJoin; 3] = [LineJoin::Miter, LineJoin::Round, LineJoin::Bevel];

/// A glyph as the file holds it: its flat paths, and for each path its
/// stroke's outline (`None` where it has no stroke).
pub(crate) type CompiledGlyph = (FlatGlyph, Vec<Option<Path>>);

/// The outline of each path of `paths` that has a stroke, as the stroker
/// makes it at [`BAKED_SCALE`] (`None` for a path without a stroke or one
/// the stroker makes nothing of).
#[cfg(test)]
pub(crate) fn bake(paths: &[GlyphPath]) -> Vec<Option<Path>> {
    paths
        .iter()
        .map(|p| {
            let s = p.stroke.as_ref()?;
            let stroke = Stroke {
                width: s.width,
                line_cap: s.linecap,
                line_join: s.linejoin,
                ..Stroke::default()
            };
            p.path.stroke(&stroke, BAKED_SCALE)
        })
        .collect()
}

/// The file for `glyphs`, their strokes expanded by [`bake`].
#[cfg(test)]
pub(crate) fn write(glyphs: &[FlatGlyph]) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    for g in glyphs {
        out.push(g.name.len() as u8);
        out.extend_from_slice(g.name.as_bytes());
        out.extend_from_slice(&g.size.0.to_le_bytes());
        out.extend_from_slice(&g.size.1.to_le_bytes());
        out.extend_from_slice(&(g.paths.len() as u32).to_le_bytes());
        for (p, outline) in g.paths.iter().zip(bake(&g.paths)) {
            let flags = u8::from(p.fill.is_some()) * FILLED
                + u8::from(p.even_odd) * EVEN_ODD
                + u8::from(p.stroke.is_some()) * STROKED;
            out.push(flags);
            if let Some(c) = p.fill {
                out.extend_from_slice(&[c.r, c.g, c.b, c.a]);
            }
            if let Some(s) = &p.stroke {
                let c = s.color;
                out.extend_from_slice(&[c.r, c.g, c.b, c.a]);
                out.extend_from_slice(&s.width.to_le_bytes());
                let cap = CAPS.iter().position(|&k| k == s.linecap).unwrap();
                let join = JOINS.iter().position(|&k| k == s.linejoin).unwrap();
                out.extend_from_slice(&[cap as u8, join as u8]);
            }
            write_record(&mut out, Some(&p.path));
            if p.stroke.is_some() {
                write_record(&mut out, outline.as_ref());
            }
        }
    }
    out
}

/// One path's record (no verbs for `None`).
#[cfg(test)]
fn write_record(out: &mut Vec<u8>, path: Option<&Path>) {
    let (mut verbs, mut points) = (Vec::new(), Vec::new());
    for segment in path.iter().flat_map(|p| p.segments()) {
        let verb = match segment {
            PathSegment::MoveTo(a) => {
                points.push(a);
                MOVE
            }
            PathSegment::LineTo(a) => {
                points.push(a);
                LINE
            }
            PathSegment::QuadTo(a, b) => {
                points.extend([a, b]);
                QUAD
            }
            PathSegment::CubicTo(a, b, c) => {
                points.extend([a, b, c]);
                CUBIC
            }
            PathSegment::Close => CLOSE,
        };
        verbs.push(verb);
    }
    out.extend_from_slice(&(verbs.len() as u32).to_le_bytes());
    out.extend_from_slice(&(points.len() as u32).to_le_bytes());
    out.extend_from_slice(&verbs);
    for p in points {
        out.extend_from_slice(&p.x.to_le_bytes());
        out.extend_from_slice(&p.y.to_le_bytes());
    }
}

/// The glyphs a file holds, or `None` when it is not one this build
/// writes (a build defect the tests catch).
pub(crate) fn read(bytes: &[u8]) -> Option<Vec<CompiledGlyph>> {
    let mut r = Reader(bytes.strip_prefix(MAGIC)?);
    let mut glyphs = Vec::new();
    while !r.0.is_empty() {
        let name_len = r.byte()? as usize;
        let name = std::str::from_utf8(r.take(name_len)?).ok()?.to_string();
        let size = (r.f32()?, r.f32()?);
        let count = r.u32()? as usize;
        let mut paths = Vec::with_capacity(count.min(r.0.len()));
        let mut outlines = Vec::with_capacity(count.min(r.0.len()));
        for _ in 0..count {
            let flags = r.byte()?;
            let fill = if flags & FILLED != 0 {
                Some(r.color()?)
            } else {
                None
            };
            let stroke = if flags & STROKED != 0 {
                Some(GlyphStroke {
                    color: r.color()?,
                    width: r.f32()?,
                    linecap: *CAPS.get(r.byte()? as usize)?,
                    linejoin: *JOINS.get(r.byte()? as usize)?,
                })
            } else {
                None
            };
            let path = r.record()??;
            let outline = if stroke.is_some() { r.record()? } else { None };
            paths.push(GlyphPath {
                path,
                fill,
                even_odd: flags & EVEN_ODD != 0,
                stroke,
            });
            outlines.push(outline);
        }
        glyphs.push((FlatGlyph { name, size, paths }, outlines));
    }
    Some(glyphs)
}

/// The bytes of a file not read yet.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let (head, tail) = self.0.split_at_checked(n)?;
        self.0 = tail;
        Some(head)
    }

    fn byte(&mut self) -> Option<u8> {
        Some(self.take(1)?[0])
    }

    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }

    fn f32(&mut self) -> Option<f32> {
        Some(f32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }

    fn color(&mut self) -> Option<Rgba> {
        let [r, g, b, a] = self.take(4)?.try_into().ok()?;
        Some(Rgba { r, g, b, a })
    }

    /// A record's path (`Some(None)` for a record of no verbs), or `None`
    /// when the verbs and points do not fit each other or the file.
    fn record(&mut self) -> Option<Option<Path>> {
        let verbs = self.u32()? as usize;
        let points = self.u32()? as usize;
        let verbs = self.take(verbs)?;
        let coordinates = self.take(points.checked_mul(8)?)?;
        if verbs.is_empty() {
            return points.eq(&0).then_some(None);
        }
        let mut points = coordinates.chunks_exact(8).map(|c| {
            let f = |b: &[u8]| f32::from_le_bytes(b.try_into().expect("four bytes"));
            (f(&c[..4]), f(&c[4..]))
        });
        let mut pb = PathBuilder::with_capacity(verbs.len(), coordinates.len() / 8);
        for &verb in verbs {
            match verb {
                MOVE => {
                    let (x, y) = points.next()?;
                    pb.move_to(x, y);
                }
                LINE => {
                    let (x, y) = points.next()?;
                    pb.line_to(x, y);
                }
                QUAD => {
                    let ((x1, y1), (x, y)) = (points.next()?, points.next()?);
                    pb.quad_to(x1, y1, x, y);
                }
                CUBIC => {
                    let ((x1, y1), (x2, y2)) = (points.next()?, points.next()?);
                    let (x, y) = points.next()?;
                    pb.cubic_to(x1, y1, x2, y2, x, y);
                }
                CLOSE => pb.close(),
                _ => return None,
            }
        }
        if points.next().is_some() {
            return None;
        }
        pb.finish().map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn glyphs() -> Vec<FlatGlyph> {
        let stroke = |cap, join| GlyphStroke {
            color: Rgba::rgb(0, 0, 0).with_alpha(200),
            width: 1.5,
            linecap: cap,
            linejoin: join,
        };
        let path = |d: &str| crate::assets::pathdata::decode_absolute(d).unwrap();
        let first = vec![
            GlyphPath {
                path: path("M10 10C20 0 30 20 40 10L40 40Z"),
                fill: Some(Rgba::rgb(255, 255, 255)),
                even_odd: false,
                stroke: Some(stroke(LineCap::Round, LineJoin::Round)),
            },
            GlyphPath {
                path: path("M5 5L9 9Q3 4 1 1Z"),
                fill: Some(Rgba::rgb(1, 2, 3)),
                even_odd: true,
                stroke: None,
            },
            GlyphPath {
                path: path("M1 30Q10 40 20 30"),
                fill: None,
                even_odd: false,
                stroke: Some(stroke(LineCap::Square, LineJoin::Bevel)),
            },
        ];
        vec![
            FlatGlyph {
                name: "wP".into(),
                size: (45.0, 40.5),
                paths: first,
            },
            FlatGlyph {
                name: "bK".into(),
                size: (45.0, 45.0),
                paths: Vec::new(),
            },
        ]
    }

    #[test]
    fn the_magic_names_the_scale() {
        let magic = std::str::from_utf8(MAGIC).unwrap();
        assert!(magic.ends_with(&format!(" {BAKED_SCALE}\n")), "{magic}");
    }

    #[test]
    fn glyphs_and_outlines_read_back_exactly() {
        let glyphs = glyphs();
        let read = read(&write(&glyphs)).unwrap();
        assert_eq!(read.len(), 2);
        for ((g, outlines), want) in read.iter().zip(&glyphs) {
            assert_eq!(g, want);
            assert_eq!(outlines, &bake(&want.paths));
        }
        let outlines = &read[0].1;
        assert!(outlines[0].is_some() && outlines[1].is_none() && outlines[2].is_some());
    }

    #[test]
    fn a_file_this_build_does_not_write_is_refused() {
        let bytes = write(&glyphs());
        assert!(read(&bytes).is_some());
        // Cut short, a byte too many, a verb or cap unknown, another
        // scale's file.
        for cut in [1, 9, 100, bytes.len() - MAGIC.len() - 1] {
            assert!(read(&bytes[..bytes.len() - cut]).is_none(), "cut {cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(read(&longer).is_none());
        // The first path's verbs start after the name, size, count, flags,
        // fill, stroke and the record's two counts.
        let first_verb = MAGIC.len() + 1 + 2 + 8 + 4 + 1 + 4 + 4 + 4 + 2 + 8;
        let mut bad_verb = bytes.clone();
        assert_eq!(bad_verb[first_verb], MOVE);
        bad_verb[first_verb] = 9;
        assert!(read(&bad_verb).is_none());
        let mut bad_cap = bytes.clone();
        bad_cap[first_verb - 10] = 7;
        assert!(read(&bad_cap).is_none());
        let mut other = bytes.clone();
        other[MAGIC.len() - 2] = b'3';
        assert!(read(&other).is_none());
    }
}
