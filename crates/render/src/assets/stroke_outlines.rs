//! A bundled set's stroke outlines, expanded in advance:
//! `pieces/NAME/NAME.outlines` beside its flat paths.
//!
//! cburnett draws its outlines as strokes. Rasterizing a stroke means
//! expanding it into the outline of the area it covers and filling that;
//! the expansion (tiny-skia's stroker) was 0.8 of the 19.2 million
//! instructions of a one-shot `fen2img FEN -o board.png` (400 px, the
//! screen themes' default set; callgrind, docs/PERFORMANCE.md,
//! 2026-11-29). The expansion depends only on the path, the stroke and the
//! stroker's tolerance, so it is made once, here, at the tolerance of a
//! glyph drawn [`BAKED_SCALE`] times its own size, and read back as the
//! file is (no parsing: little-endian numbers).
//!
//! Where an outline is used: a glyph drawn at most [`BAKED_SCALE`] times
//! its size, neither hinted nor widened for small squares (those move or
//! widen the path). The stroker keeps its outline within a quarter of a
//! unit of the stroker's resolution scale, so a baked outline drawn
//! smaller is closer to the exact outline than one expanded for that
//! size; drawn larger, the stroker runs as before.
//!
//! The format, every number little-endian:
//!
//! ```text
//! MAGIC
//! for each glyph of the flat file, in its order:
//!   for each of its stroked paths, in order:
//!     u32 verbs, u32 points, the verbs (a byte each: 0 move, 1 line,
//!     2 quad, 3 cubic, 4 close), the points (two f32 each)
//! ```
//!
//! A stroke the stroker makes nothing of is a record of no verbs. A test
//! keeps the file what the stroker makes of the flat paths
//! (`FEN2IMG_BLESS=1 cargo test -p fen2img-render --lib bundled`
//! rewrites it).

use resvg::tiny_skia::{Path, PathBuilder};
#[cfg(test)]
use resvg::tiny_skia::{PathSegment, Stroke};

use crate::assets::glyph::GlyphPath;

/// The stroker's resolution scale the outlines are made at: a glyph drawn
/// up to twice its own size (a 45-unit glyph in a 90 px square, a 720 px
/// board, lila-gif's size). A higher scale would cover larger boards, at
/// the cost of more segments to read and fill at every size: at 400 px,
/// a one-shot cburnett board took 18.61 million instructions with
/// outlines made at 2, 18.69 million at 4 (a 32 KB file instead of 30),
/// and the fill alone costs 0.25 million more at 16.
pub(crate) const BAKED_SCALE: f32 = 2.0;

/// The file's first bytes: what it is, and the scale, so that a file made
/// at another scale is not read as this one's.
const MAGIC: &[u8] = b"fen2img stroke outlines at resolution scale 2\n";

/// The verbs of the format.
const MOVE: u8 = 0;
const LINE: u8 = 1;
const QUAD: u8 = 2;
const CUBIC: u8 = 3;
const CLOSE: u8 = 4;

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

/// The file for the outlines of `glyphs` (each glyph's paths, as [`bake`]
/// gives them for the paths with a stroke).
#[cfg(test)]
pub(crate) fn write(glyphs: &[(&[GlyphPath], Vec<Option<Path>>)]) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    for (paths, outlines) in glyphs {
        for (p, outline) in paths.iter().zip(outlines) {
            if p.stroke.is_none() {
                continue;
            }
            let (mut verbs, mut points) = (Vec::new(), Vec::new());
            for segment in outline.iter().flat_map(|o| o.segments()) {
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
    }
    out
}

/// The outlines a file holds for `glyphs` (each glyph's paths, in the
/// flat file's order): for each glyph, one entry a path, `Some` for a
/// stroked path with an outline. `None` when the file does not fit the
/// paths (a build defect the tests catch).
pub(crate) fn read<'a>(
    bytes: &[u8],
    glyphs: impl IntoIterator<Item = &'a [GlyphPath]>,
) -> Option<Vec<Vec<Option<Path>>>> {
    let mut rest = bytes.strip_prefix(MAGIC)?;
    let mut take = |n: usize| -> Option<&[u8]> {
        let (head, tail) = rest.split_at_checked(n)?;
        rest = tail;
        Some(head)
    };
    let mut all = Vec::new();
    for paths in glyphs {
        let mut outlines = Vec::with_capacity(paths.len());
        for p in paths {
            if p.stroke.is_none() {
                outlines.push(None);
                continue;
            }
            let count = |b: &[u8]| u32::from_le_bytes(b.try_into().expect("four bytes")) as usize;
            let verbs = count(take(4)?);
            let points = count(take(4)?);
            let verbs = take(verbs)?;
            let coordinates = take(points.checked_mul(8)?)?;
            outlines.push(outline(verbs, coordinates)?);
        }
        all.push(outlines);
    }
    rest.is_empty().then_some(all)
}

/// One record's path (`Some(None)` for a record of no verbs), or `None`
/// when the verbs and points do not fit each other.
fn outline(verbs: &[u8], coordinates: &[u8]) -> Option<Option<Path>> {
    if verbs.is_empty() {
        return Some(None);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assets::color::Rgba;
    use crate::assets::glyph::GlyphStroke;
    use resvg::tiny_skia::{LineCap, LineJoin};

    fn paths() -> Vec<GlyphPath> {
        let stroke = |cap| GlyphStroke {
            color: Rgba::rgb(0, 0, 0),
            width: 1.5,
            linecap: cap,
            linejoin: LineJoin::Round,
        };
        let path = |d: &str| crate::assets::pathdata::decode_absolute(d).unwrap();
        vec![
            GlyphPath {
                path: path("M10 10C20 0 30 20 40 10L40 40Z"),
                fill: Some(Rgba::rgb(255, 255, 255)),
                even_odd: false,
                stroke: Some(stroke(LineCap::Round)),
            },
            GlyphPath {
                path: path("M5 5L9 9"),
                fill: None,
                even_odd: false,
                stroke: None,
            },
            GlyphPath {
                path: path("M1 30Q10 40 20 30"),
                fill: None,
                even_odd: false,
                stroke: Some(stroke(LineCap::Square)),
            },
        ]
    }

    #[test]
    fn the_magic_names_the_scale() {
        let magic = std::str::from_utf8(MAGIC).unwrap();
        assert!(magic.ends_with(&format!(" {BAKED_SCALE}\n")), "{magic}");
    }

    #[test]
    fn outlines_read_back_exactly_for_the_stroked_paths() {
        let paths = paths();
        let baked = bake(&paths);
        assert!(baked[0].is_some() && baked[1].is_none() && baked[2].is_some());
        let bytes = write(&[(&paths, baked.clone()), (&paths[1..2], vec![None])]);
        let read = read(&bytes, [&paths[..], &paths[1..2]]).unwrap();
        assert_eq!(read, vec![baked, vec![None]]);
    }

    #[test]
    fn a_file_that_does_not_fit_the_paths_is_refused() {
        let paths = paths();
        let bytes = write(&[(&paths, bake(&paths))]);
        // Cut short, one byte too many, another glyph expected, a verb
        // unknown, and another scale's file.
        assert!(read(&bytes[..bytes.len() - 1], [&paths[..]]).is_none());
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(read(&longer, [&paths[..]]).is_none());
        assert!(read(&bytes, [&paths[..], &paths[..]]).is_none());
        let mut bad_verb = bytes.clone();
        bad_verb[MAGIC.len() + 8] = 9;
        assert!(read(&bad_verb, [&paths[..]]).is_none());
        let mut other = bytes.clone();
        other[MAGIC.len() - 2] = b'3';
        assert!(read(&other, [&paths[..]]).is_none());
    }
}
