//! The flat-path file of the built-in piece set, `pieces/built_in.paths`.
//!
//! Parsing the twelve SVG files with usvg takes longer than drawing a whole
//! board (usvg also strokes every path to find its bounds), and a one-shot
//! `fen2img FEN -o board.png` would pay for it every time. So the built-in
//! set is also kept in the form fen2img uses internally: each glyph as flat
//! paths, with transforms applied, shapes turned into paths and styles
//! resolved. The SVG files stay the source: a unit test in `pieces.rs`
//! parses them with usvg and checks that this file is what `write` makes of
//! them (`FEN2IMG_BLESS=1 cargo test --lib pieces` rewrites it).
//!
//! The format is one line per glyph and per path:
//!
//! ```text
//! glyph wN 45 45
//! path FILL RULE STROKE WIDTH CAP JOIN DATA
//! ```
//!
//! FILL and STROKE are `#rrggbb`, `#rrggbbaa` or `none`; RULE is `nonzero`
//! or `evenodd`; WIDTH is in glyph units; CAP is `butt round square`, JOIN
//! `miter round bevel`; DATA is absolute `M L Q C Z` path data. Numbers are
//! written in the shortest form that reads back as the same `f32`, so the
//! file reproduces the parsed paths exactly.

#[cfg(test)]
use std::fmt::Write;

use resvg::tiny_skia::{LineCap, LineJoin};
#[cfg(test)]
use resvg::tiny_skia::{Path, PathSegment};

use crate::assets::color::Rgba;
use crate::assets::glyph::{cap_name, join_name, GlyphPath, GlyphStroke};
use crate::assets::pathdata;

/// One glyph as the file holds it.
#[derive(Debug, PartialEq)]
pub(crate) struct FlatGlyph {
    /// The file name stem, `wK` … `bP`.
    pub name: String,
    /// Width and height of the glyph's coordinate box.
    pub size: (f32, f32),
    /// The paths, bottom first.
    pub paths: Vec<GlyphPath>,
}

/// The file text for `glyphs`, after a header of `#` comment lines (used
/// by the test that keeps the file in step with the SVG files).
#[cfg(test)]
pub(crate) fn write(header: &str, glyphs: &[FlatGlyph]) -> String {
    let mut out = String::new();
    for line in header.lines() {
        let _ = writeln!(out, "# {line}");
    }
    for g in glyphs {
        let _ = writeln!(out, "glyph {} {} {}", g.name, g.size.0, g.size.1);
        for p in &g.paths {
            let color = |c: Option<Rgba>| c.map_or("none".to_string(), |c| c.to_string());
            let rule = if p.even_odd { "evenodd" } else { "nonzero" };
            let (width, cap, join) = p.stroke.as_ref().map_or((0.0, "butt", "miter"), |s| {
                (s.width, cap_name(s.linecap), join_name(s.linejoin))
            });
            let _ = writeln!(
                out,
                "path {} {rule} {} {width} {cap} {join} {}",
                color(p.fill),
                color(p.stroke.as_ref().map(|s| s.color)),
                absolute_data(&p.path)
            );
        }
    }
    out
}

/// Reads a file `write` made. The error names the line at fault.
pub(crate) fn read(text: &str) -> Result<Vec<FlatGlyph>, String> {
    let mut glyphs: Vec<FlatGlyph> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let bad = |what: &str| format!("line {}: {what}", n + 1);
        let mut words = line.split_whitespace();
        match words.next() {
            Some("glyph") => {
                let name = words.next().ok_or_else(|| bad("glyph without a name"))?;
                let mut number = || words.next().and_then(|w| w.parse::<f32>().ok());
                let size = (
                    number().ok_or_else(|| bad("glyph width"))?,
                    number().ok_or_else(|| bad("glyph height"))?,
                );
                glyphs.push(FlatGlyph {
                    name: name.to_string(),
                    size,
                    paths: Vec::new(),
                });
            }
            Some("path") => {
                // Six fields, then the path data: the rest of the line as
                // it stands (not split into words and joined again, which
                // was a quarter of reading a set).
                let mut rest = line.trim_start().strip_prefix("path").unwrap_or_default();
                let mut fields = [""; 6];
                for field in &mut fields {
                    let (word, after) = first_word(rest)
                        .ok_or_else(|| bad("a path needs six fields before its data"))?;
                    *field = word;
                    rest = after;
                }
                let [fill, rule, stroke, width, cap, join] = fields;
                let paint = |text: &str| match text {
                    "none" => Ok(None),
                    _ => Rgba::parse(text)
                        .map(Some)
                        .ok_or_else(|| bad("colour: expected #rrggbb, #rrggbbaa or none")),
                };
                let path =
                    pathdata::decode_absolute(rest.trim()).ok_or_else(|| bad("path data"))?;
                let stroke = match paint(stroke)? {
                    None => None,
                    Some(color) => Some(GlyphStroke {
                        color,
                        width: width.parse().map_err(|_| bad("stroke width"))?,
                        linecap: parse_cap(cap).ok_or_else(|| bad("line cap"))?,
                        linejoin: parse_join(join).ok_or_else(|| bad("line join"))?,
                    }),
                };
                let glyph = glyphs
                    .last_mut()
                    .ok_or_else(|| bad("a path before any glyph"))?;
                glyph.paths.push(GlyphPath {
                    path,
                    fill: paint(fill)?,
                    even_odd: match rule {
                        "nonzero" => false,
                        "evenodd" => true,
                        _ => return Err(bad("fill rule: expected nonzero or evenodd")),
                    },
                    stroke,
                });
            }
            Some(w) if w.starts_with('#') => {}
            None => {}
            Some(w) => return Err(bad(&format!("unknown line type '{w}'"))),
        }
    }
    Ok(glyphs)
}

/// Absolute path data with every coordinate written exactly.
#[cfg(test)]
fn absolute_data(path: &Path) -> String {
    let mut out = String::new();
    for seg in path.segments() {
        let _ = match seg {
            PathSegment::MoveTo(p) => write!(out, "M{} {}", p.x, p.y),
            PathSegment::LineTo(p) => write!(out, "L{} {}", p.x, p.y),
            PathSegment::QuadTo(a, p) => write!(out, "Q{} {} {} {}", a.x, a.y, p.x, p.y),
            PathSegment::CubicTo(a, b, p) => {
                write!(out, "C{} {} {} {} {} {}", a.x, a.y, b.x, b.y, p.x, p.y)
            }
            PathSegment::Close => write!(out, "Z"),
        };
    }
    out
}

/// The first whitespace-separated word of `text` and what follows it (the
/// data files' lines end in path data, read as it stands).
pub(crate) fn first_word(text: &str) -> Option<(&str, &str)> {
    let text = text.trim_start();
    let end = text.find(char::is_whitespace).unwrap_or(text.len());
    (end > 0).then(|| text.split_at(end))
}

fn parse_cap(text: &str) -> Option<LineCap> {
    [LineCap::Butt, LineCap::Round, LineCap::Square]
        .into_iter()
        .find(|&c| cap_name(c) == text)
}

fn parse_join(text: &str) -> Option<LineJoin> {
    [LineJoin::Miter, LineJoin::Round, LineJoin::Bevel]
        .into_iter()
        .find(|&j| join_name(j) == text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Vec<FlatGlyph> {
        let path =
            pathdata::decode_absolute("M0.1 0.2L44.9 0.3Q20 30 1 7C1 2 3 4 5.000001 6Z").unwrap();
        let stroke = GlyphStroke {
            color: Rgba::parse("#1a1a1a80").unwrap(),
            width: 1.1,
            linecap: LineCap::Square,
            linejoin: LineJoin::Bevel,
        };
        vec![FlatGlyph {
            name: "wQ".into(),
            size: (45.0, 40.5),
            paths: vec![
                GlyphPath {
                    path: path.clone(),
                    fill: Some(Rgba::rgb(255, 255, 255)),
                    even_odd: true,
                    stroke: Some(stroke),
                },
                GlyphPath {
                    path,
                    fill: None,
                    even_odd: false,
                    stroke: None,
                },
            ],
        }]
    }

    #[test]
    fn what_is_written_reads_back_exactly() {
        let glyphs = sample();
        let text = write("a header\nof two lines", &glyphs);
        assert!(text.starts_with("# a header\n# of two lines\nglyph wQ 45 40.5\n"));
        assert_eq!(read(&text).unwrap(), glyphs);
    }

    #[test]
    fn errors_name_the_line() {
        let e = read("glyph wP 45 45\npath #fff nonzero none 0 butt miter M0 0L1\n").unwrap_err();
        assert!(e.starts_with("line 2: path data"), "{e}");
        let e = read("path none nonzero none 0 butt miter M0 0L1 1Z\n").unwrap_err();
        assert!(e.contains("before any glyph"), "{e}");
        let e = read("glyph wP 45\n").unwrap_err();
        assert!(e.contains("glyph height"), "{e}");
        let e = read("shape\n").unwrap_err();
        assert!(e.contains("unknown line type 'shape'"), "{e}");
    }
}
