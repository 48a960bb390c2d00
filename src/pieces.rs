//! Piece glyphs: the project's own set from `pieces/`, or a user's set.
//!
//! Every glyph, built in or not, goes through usvg once: that checks it and
//! resolves its `viewBox`, styles, transforms and references. From the parsed
//! tree we keep two things: the tree itself, which the rasterizer draws, and a
//! flat list of solid-paint paths in glyph coordinates, which the SVG writer
//! embeds. Flat paths let the writer share one outline between the white and
//! the black piece, which is what keeps a full diagram small.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use resvg::tiny_skia::Transform;
use resvg::usvg;

use crate::color::Rgba;
use crate::pathdata;
use crate::position::{Color, Piece, Role};

/// The largest glyph file read from a user's set.
const MAX_GLYPH_BYTES: u64 = 1 << 20;

/// The project's own set, embedded at build time.
const BUILT_IN: [(&str, &str); 12] = [
    ("wP", include_str!("../pieces/wP.svg")),
    ("wN", include_str!("../pieces/wN.svg")),
    ("wB", include_str!("../pieces/wB.svg")),
    ("wR", include_str!("../pieces/wR.svg")),
    ("wQ", include_str!("../pieces/wQ.svg")),
    ("wK", include_str!("../pieces/wK.svg")),
    ("bP", include_str!("../pieces/bP.svg")),
    ("bN", include_str!("../pieces/bN.svg")),
    ("bB", include_str!("../pieces/bB.svg")),
    ("bR", include_str!("../pieces/bR.svg")),
    ("bQ", include_str!("../pieces/bQ.svg")),
    ("bK", include_str!("../pieces/bK.svg")),
];

/// Glyph coordinates are kept to this grid (1/100 unit) in SVG output.
const GRID: f32 = 100.0;

/// One piece drawing.
#[derive(Debug)]
pub struct Glyph {
    /// The drawing as flat paths, bottom first, in the glyph's own
    /// coordinates from (0, 0) to [`Glyph::size`].
    pub paths: Vec<GlyphPath>,
    /// Width and height of the glyph's coordinate box.
    pub size: (f32, f32),
    /// The parsed drawing, for the rasterizer.
    pub tree: usvg::Tree,
}

/// One path of a glyph with its paint, as the SVG writer needs it.
#[derive(Debug, Clone, PartialEq)]
pub struct GlyphPath {
    /// The outline in glyph coordinates.
    pub path: resvg::tiny_skia::Path,
    /// The same outline as compact SVG path data.
    pub data: String,
    /// Fill colour (alpha carries fill-opacity), if filled.
    pub fill: Option<Rgba>,
    /// Whether the fill uses the even-odd rule.
    pub even_odd: bool,
    /// Outline, if stroked.
    pub stroke: Option<GlyphStroke>,
}

/// The outline of a glyph path.
#[derive(Debug, Clone, PartialEq)]
pub struct GlyphStroke {
    /// Colour (alpha carries stroke-opacity).
    pub color: Rgba,
    /// Width in glyph units.
    pub width: f32,
    /// `butt`, `round` or `square`.
    pub linecap: &'static str,
    /// `miter`, `round` or `bevel`.
    pub linejoin: &'static str,
}

impl Glyph {
    /// Scale and offset that fit this glyph, centred, into a square of side
    /// `square` whose top-left corner is (0, 0).
    pub fn fit(&self, square: f32) -> (f32, f32, f32) {
        let (w, h) = self.size;
        let scale = square / w.max(h);
        (
            scale,
            (square - w * scale) / 2.0,
            (square - h * scale) / 2.0,
        )
    }
}

/// The twelve glyphs of a piece set.
#[derive(Debug, Clone)]
pub struct PieceSet {
    glyphs: Arc<[Glyph]>,
    name: String,
}

/// A piece set that could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceSetError {
    /// The file at fault.
    pub path: PathBuf,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for PieceSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "piece set: {}: {}", self.path.display(), self.message)
    }
}

impl std::error::Error for PieceSetError {}

/// Two sets are equal when they are the same loaded set (comparing the
/// drawings themselves is never needed and would be slow).
impl PartialEq for PieceSet {
    fn eq(&self, other: &Self) -> bool {
        self.same_as(other)
    }
}

impl Default for PieceSet {
    fn default() -> Self {
        PieceSet::built_in()
    }
}

impl PieceSet {
    /// The project's own Staunton set.
    pub fn built_in() -> PieceSet {
        let glyphs = BUILT_IN
            .iter()
            .map(|(_, svg)| {
                Glyph::parse(svg.as_bytes()).expect("the built-in glyphs are valid SVG")
            })
            .collect();
        PieceSet {
            glyphs,
            name: "fen2img".into(),
        }
    }

    /// Loads the twelve files `wK.svg wQ.svg wR.svg wB.svg wN.svg wP.svg
    /// bK.svg ... bP.svg` from `dir`, the naming published sets use.
    ///
    /// References to other files inside the SVGs (images, fonts) are not
    /// followed, so a downloaded set cannot make fen2img read other files.
    pub fn load(dir: &Path) -> Result<PieceSet, PieceSetError> {
        let glyphs = BUILT_IN
            .iter()
            .map(|(name, _)| {
                let path = dir.join(format!("{name}.svg"));
                let err = |message: String| PieceSetError {
                    path: path.clone(),
                    message,
                };
                let meta = std::fs::metadata(&path).map_err(|e| err(io_reason(&e)))?;
                if meta.len() > MAX_GLYPH_BYTES {
                    return Err(err(format!(
                        "{} bytes is larger than the {MAX_GLYPH_BYTES}-byte limit for a glyph",
                        meta.len()
                    )));
                }
                let data = std::fs::read(&path).map_err(|e| err(io_reason(&e)))?;
                Glyph::parse(&data).map_err(err)
            })
            .collect::<Result<_, _>>()?;
        Ok(PieceSet {
            glyphs,
            name: dir.display().to_string(),
        })
    }

    /// Where the set came from: `fen2img` or the directory it was loaded from.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether `other` is this very set (a clone of it), not just an equal one.
    pub fn same_as(&self, other: &PieceSet) -> bool {
        Arc::ptr_eq(&self.glyphs, &other.glyphs)
    }

    /// The glyph for `piece` (promoted pieces look like ordinary ones).
    pub fn glyph(&self, piece: Piece) -> &Glyph {
        &self.glyphs[index(piece.color, piece.role)]
    }
}

fn index(color: Color, role: Role) -> usize {
    color as usize * 6 + role as usize
}

fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "missing: a piece set needs all twelve files \
             wK wQ wR wB wN wP bK bQ bR bB bN bP .svg"
            .into(),
        _ => format!("cannot be read: {e}"),
    }
}

impl Glyph {
    /// Parses one glyph file.
    fn parse(data: &[u8]) -> Result<Glyph, String> {
        let options = usvg::Options {
            resources_dir: None,
            image_href_resolver: usvg::ImageHrefResolver {
                resolve_data: usvg::ImageHrefResolver::default_data_resolver(),
                // Never touch the file system for a glyph's references.
                resolve_string: Box::new(|_, _| None),
            },
            ..usvg::Options::default()
        };
        let tree =
            usvg::Tree::from_data(data, &options).map_err(|e| format!("not valid SVG: {e}"))?;
        let size = (tree.size().width(), tree.size().height());
        if !tree.root().has_children() {
            return Err("the SVG draws nothing".into());
        }
        let mut paths = Vec::new();
        collect_paths(tree.root(), 1.0, &mut paths);
        if paths.is_empty() {
            return Err("the SVG has no visible paths".into());
        }
        Ok(Glyph { paths, size, tree })
    }
}

/// Flattens the visible paths under `group`, with transforms applied.
///
/// Gradients and patterns become their first stop colour (or black): the SVG
/// output of such a user set is an approximation, the raster output is exact.
///
/// Group opacity is folded into each path's paint opacity: exact for a group
/// of one path, an approximation where a translucent group's paths overlap.
fn collect_paths(group: &usvg::Group, opacity: f32, out: &mut Vec<GlyphPath>) {
    for node in group.children() {
        match node {
            usvg::Node::Group(g) => collect_paths(g, opacity * g.opacity().get(), out),
            usvg::Node::Path(p) if p.is_visible() => {
                let ts: Transform = p.abs_transform();
                let Some(data) = p.data().clone().transform(ts) else {
                    continue;
                };
                let scale = (ts.sx * ts.sy - ts.kx * ts.ky).abs().sqrt();
                let fill = p
                    .fill()
                    .map(|f| solid(f.paint(), f.opacity().get() * opacity));
                let stroke = p.stroke().map(|s| GlyphStroke {
                    color: solid(s.paint(), s.opacity().get() * opacity),
                    width: s.width().get() * scale,
                    linecap: match s.linecap() {
                        usvg::LineCap::Butt => "butt",
                        usvg::LineCap::Round => "round",
                        usvg::LineCap::Square => "square",
                    },
                    linejoin: match s.linejoin() {
                        usvg::LineJoin::Round => "round",
                        usvg::LineJoin::Bevel => "bevel",
                        _ => "miter",
                    },
                });
                let path = GlyphPath {
                    data: pathdata::encode(&data, GRID),
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
                } else {
                    out.push(path);
                }
            }
            _ => {}
        }
    }
}

fn solid(paint: &usvg::Paint, opacity: f32) -> Rgba {
    let c = match paint {
        usvg::Paint::Color(c) => *c,
        usvg::Paint::LinearGradient(g) => first_stop(g.stops()),
        usvg::Paint::RadialGradient(g) => first_stop(g.stops()),
        usvg::Paint::Pattern(_) => usvg::Color::black(),
    };
    Rgba {
        r: c.red,
        g: c.green,
        b: c.blue,
        a: (opacity.clamp(0.0, 1.0) * 255.0).round() as u8,
    }
}

fn first_stop(stops: &[usvg::Stop]) -> usvg::Color {
    stops.first().map_or(usvg::Color::black(), |s| s.color())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_set_has_twelve_square_glyphs() {
        let set = PieceSet::built_in();
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                let g = set.glyph(Piece::new(color, role));
                assert_eq!(g.size, (45.0, 45.0));
                assert!(!g.paths.is_empty(), "{color:?} {role:?}");
                assert!(g
                    .paths
                    .iter()
                    .all(|p| p.fill.is_some() || p.stroke.is_some()));
            }
        }
    }

    #[test]
    fn glyph_fit_centres_non_square_glyphs() {
        let set = PieceSet::built_in();
        let mut g = Glyph::parse(BUILT_IN[0].1.as_bytes()).unwrap();
        assert_eq!(
            set.glyph(Piece::new(Color::White, Role::Pawn)).fit(90.0),
            (2.0, 0.0, 0.0)
        );
        g.size = (50.0, 100.0);
        assert_eq!(g.fit(50.0), (0.5, 12.5, 0.0));
    }

    #[test]
    fn missing_and_broken_files_are_named() {
        let dir = std::env::temp_dir().join(format!("fen2img-pieces-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for (name, svg) in BUILT_IN.iter().skip(1) {
            std::fs::write(dir.join(format!("{name}.svg")), svg).unwrap();
        }
        let e = PieceSet::load(&dir).unwrap_err();
        assert!(
            e.path.ends_with("wP.svg") && e.message.contains("missing"),
            "{e}"
        );
        std::fs::write(dir.join("wP.svg"), "<svg").unwrap();
        let e = PieceSet::load(&dir).unwrap_err();
        assert!(e.message.contains("not valid SVG"), "{e}");
        std::fs::write(dir.join("wP.svg"), BUILT_IN[0].1).unwrap();
        assert!(PieceSet::load(&dir).is_ok());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn external_references_are_not_followed() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 45 45">
            <image xlink:href="/etc/passwd" width="45" height="45"/>
            <circle cx="22" cy="22" r="10"/></svg>"#;
        let g = Glyph::parse(svg.as_bytes()).unwrap();
        assert_eq!(g.paths.len(), 1, "only the circle is drawn");
    }
}
