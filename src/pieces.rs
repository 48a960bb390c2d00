//! Piece glyphs: the project's own set from `pieces/`, or a user's set.
//!
//! A user's glyph goes through usvg once: that checks it and resolves its
//! `viewBox`, styles, transforms and references. From the parsed tree we
//! keep a flat list of solid-paint paths in glyph coordinates, which both
//! writers draw: flat paths let the SVG writer share one outline between
//! the white and the black piece, which keeps a full diagram small, and let
//! the rasterizer draw a glyph with a few tiny-skia calls. Where flat paths
//! cannot reproduce a drawing (gradients, group opacity, clips, filters…)
//! the tree is kept too, and the rasterizer draws that instead.
//!
//! The built-in set is read from `pieces/built_in.paths`, the same flat
//! paths written out in advance (see `glyph_file`), because parsing SVG is
//! the slowest part of starting up.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use resvg::tiny_skia::{LineCap, LineJoin, Transform};
use resvg::usvg;

use crate::color::Rgba;
use crate::digest::{fnv1a, FNV_OFFSET};
use crate::glyph_file;
use crate::pathdata;
use crate::position::Piece;

/// The largest glyph file read from a user's set.
const MAX_GLYPH_BYTES: u64 = 1 << 20;

/// File name stems of a set, in the order glyphs are stored.
const NAMES: [&str; 12] = [
    "wP", "wN", "wB", "wR", "wQ", "wK", "bP", "bN", "bB", "bR", "bQ", "bK",
];

/// The project's own set as flat paths, made from `pieces/*.svg`.
const BUILT_IN_PATHS: &str = include_str!("../pieces/built_in.paths");

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
    /// SVG path data of each path, made on first use (see [`Glyph::path_data`]).
    path_data: OnceLock<Vec<String>>,
    /// The parsed drawing, kept only when [`Glyph::paths`] cannot draw it
    /// exactly (gradients, patterns, group opacity, clips, masks, filters,
    /// dashes, images, skewed strokes); the rasterizer then draws this.
    pub tree: Option<usvg::Tree>,
}

/// One path of a glyph with its paint, as the SVG writer needs it.
#[derive(Debug, Clone, PartialEq)]
pub struct GlyphPath {
    /// The outline in glyph coordinates.
    pub path: resvg::tiny_skia::Path,
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
    /// Line cap.
    pub linecap: LineCap,
    /// Line join.
    pub linejoin: LineJoin,
}

impl Glyph {
    fn new(paths: Vec<GlyphPath>, size: (f32, f32), tree: Option<usvg::Tree>) -> Glyph {
        Glyph {
            paths,
            size,
            path_data: OnceLock::new(),
            tree,
        }
    }

    /// Each path of [`Glyph::paths`] as compact SVG path data (1/100 unit
    /// grid). Made on first use: only SVG output needs it, and making it
    /// for every glyph would slow every start-up.
    pub fn path_data(&self) -> &[String] {
        self.path_data.get_or_init(|| {
            self.paths
                .iter()
                .map(|p| pathdata::encode(&p.path, GRID))
                .collect()
        })
    }

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
    /// Stable hash of the files the set was made from (see [`PieceSet::digest`]).
    digest: u64,
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

/// Two sets are equal when they were made from the same bytes (comparing
/// the drawings themselves is never needed and would be slow).
impl PartialEq for PieceSet {
    fn eq(&self, other: &Self) -> bool {
        self.same_as(other) || self.digest == other.digest
    }
}

impl Eq for PieceSet {}

impl std::hash::Hash for PieceSet {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.digest.hash(state);
    }
}

impl Default for PieceSet {
    fn default() -> Self {
        PieceSet::built_in()
    }
}

impl PieceSet {
    /// The project's own Staunton set. It is read once per process; every
    /// call returns the same set, so renderers can tell it is unchanged.
    pub fn built_in() -> PieceSet {
        static SET: OnceLock<PieceSet> = OnceLock::new();
        SET.get_or_init(|| {
            let flat = glyph_file::read(BUILT_IN_PATHS).expect("pieces/built_in.paths is valid");
            let glyphs = NAMES
                .iter()
                .map(|name| {
                    let g = flat
                        .iter()
                        .find(|g| g.name == *name)
                        .expect("pieces/built_in.paths has all twelve glyphs");
                    Glyph::new(g.paths.clone(), g.size, None)
                })
                .collect();
            PieceSet {
                glyphs,
                name: "fen2img".into(),
                digest: fnv1a(FNV_OFFSET, BUILT_IN_PATHS.as_bytes()),
            }
        })
        .clone()
    }

    /// Loads the twelve files `wK.svg wQ.svg wR.svg wB.svg wN.svg wP.svg
    /// bK.svg ... bP.svg` from `dir`, the naming published sets use.
    ///
    /// References to other files inside the SVGs (images, fonts) are not
    /// followed, so a downloaded set cannot make fen2img read other files.
    pub fn load(dir: &Path) -> Result<PieceSet, PieceSetError> {
        let mut digest = FNV_OFFSET;
        let glyphs = NAMES
            .iter()
            .map(|name| {
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
                // Length first, so no two different file lists hash alike
                // by moving bytes from one file to the next.
                digest = fnv1a(digest, &(data.len() as u64).to_le_bytes());
                digest = fnv1a(digest, &data);
                Glyph::parse(&data).map_err(err)
            })
            .collect::<Result<_, _>>()?;
        Ok(PieceSet {
            glyphs,
            name: dir.display().to_string(),
            digest,
        })
    }

    /// Where the set came from: `fen2img` or the directory it was loaded from.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// A stable 64-bit hash of the bytes the set was made from: the same on
    /// every machine and run for the same files, different when any glyph
    /// file changes. Caches and content-addressed names key on it.
    pub fn digest(&self) -> u64 {
        self.digest
    }

    /// Whether `other` is this very set (a clone of it), not just an equal one.
    pub fn same_as(&self, other: &PieceSet) -> bool {
        Arc::ptr_eq(&self.glyphs, &other.glyphs)
    }

    /// The glyph for `piece` (promoted pieces look like ordinary ones).
    pub fn glyph(&self, piece: Piece) -> &Glyph {
        &self.glyphs[piece.index()]
    }
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
        let exact = collect_paths(tree.root(), 1.0, &mut paths);
        if paths.is_empty() {
            return Err("the SVG has no visible paths".into());
        }
        Ok(Glyph::new(paths, size, (!exact).then_some(tree)))
    }
}

/// Flattens the visible paths under `group`, with transforms applied.
/// Returns whether the flat paths draw exactly what the tree draws.
///
/// Gradients and patterns become their first stop colour (or black): the SVG
/// output of such a user set is an approximation, the raster output is exact.
///
/// Group opacity is folded into each path's paint opacity: exact for a group
/// of one path, an approximation where a translucent group's paths overlap.
fn collect_paths(group: &usvg::Group, opacity: f32, out: &mut Vec<GlyphPath>) -> bool {
    let mut exact = true;
    for node in group.children() {
        match node {
            usvg::Node::Group(g) => {
                exact &= !g.should_isolate();
                exact &= collect_paths(g, opacity * g.opacity().get(), out);
            }
            usvg::Node::Path(p) if p.is_visible() => {
                let ts: Transform = p.abs_transform();
                let Some(data) = p.data().clone().transform(ts) else {
                    continue;
                };
                exact &= drawn_exactly(p, ts);
                let scale = (ts.sx * ts.sy - ts.kx * ts.ky).abs().sqrt();
                let fill = p
                    .fill()
                    .map(|f| solid(f.paint(), f.opacity().get() * opacity));
                let stroke = p.stroke().map(|s| GlyphStroke {
                    color: solid(s.paint(), s.opacity().get() * opacity),
                    width: s.width().get() * scale,
                    linecap: match s.linecap() {
                        usvg::LineCap::Butt => LineCap::Butt,
                        usvg::LineCap::Round => LineCap::Round,
                        usvg::LineCap::Square => LineCap::Square,
                    },
                    linejoin: match s.linejoin() {
                        usvg::LineJoin::Round => LineJoin::Round,
                        usvg::LineJoin::Bevel => LineJoin::Bevel,
                        usvg::LineJoin::Miter => LineJoin::Miter,
                        usvg::LineJoin::MiterClip => LineJoin::MiterClip,
                    },
                });
                let path = GlyphPath {
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
            usvg::Node::Path(_) => {}
            // Images, and text where usvg kept it as such.
            _ => exact = false,
        }
    }
    exact
}

/// Whether drawing `p` as a flat path (solid paint, transform applied
/// beforehand, the stroke width scaled) gives what resvg draws.
fn drawn_exactly(p: &usvg::Path, ts: Transform) -> bool {
    let solid = |paint: &usvg::Paint| matches!(paint, usvg::Paint::Color(_));
    let fill_ok = p.fill().is_none_or(|f| solid(f.paint()));
    let stroke_ok = p.stroke().is_none_or(|s| {
        // A stroke stays a stroke of one width only under a similarity
        // (rotation and uniform scale).
        // The images of the unit vectors are orthogonal and of equal length.
        let (a, b) = ((ts.sx, ts.ky), (ts.kx, ts.sy));
        let tolerance = 1e-6 * (a.0 * a.0 + a.1 * a.1).max(1.0);
        let similar = (a.0 * b.0 + a.1 * b.1).abs() < tolerance
            && (a.0 * a.0 + a.1 * a.1 - b.0 * b.0 - b.1 * b.1).abs() < tolerance;
        solid(s.paint())
            && s.dasharray().is_none()
            && (s.miterlimit().get() - 4.0).abs() < 1e-6
            && similar
    });
    fill_ok && stroke_ok && p.rendering_mode().use_shape_antialiasing()
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

/// The SVG name of a line cap.
pub(crate) fn cap_name(cap: LineCap) -> &'static str {
    match cap {
        LineCap::Butt => "butt",
        LineCap::Round => "round",
        LineCap::Square => "square",
    }
}

/// The SVG name of a line join (`miter-clip` is written as `miter`, which
/// SVG 1.1 renderers understand).
pub(crate) fn join_name(join: LineJoin) -> &'static str {
    match join {
        LineJoin::Miter | LineJoin::MiterClip => "miter",
        LineJoin::Round => "round",
        LineJoin::Bevel => "bevel",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::glyph_file::FlatGlyph;
    use crate::position::{Color, Role};

    /// The SVG files of the built-in set, the source of its flat paths.
    const SVG_FILES: [&str; 12] = [
        include_str!("../pieces/wP.svg"),
        include_str!("../pieces/wN.svg"),
        include_str!("../pieces/wB.svg"),
        include_str!("../pieces/wR.svg"),
        include_str!("../pieces/wQ.svg"),
        include_str!("../pieces/wK.svg"),
        include_str!("../pieces/bP.svg"),
        include_str!("../pieces/bN.svg"),
        include_str!("../pieces/bB.svg"),
        include_str!("../pieces/bR.svg"),
        include_str!("../pieces/bQ.svg"),
        include_str!("../pieces/bK.svg"),
    ];

    const HEADER: &str = "\
fen2img's built-in pieces as flat paths: pieces/*.svg as usvg parses them.
Made by `FEN2IMG_BLESS=1 cargo test --lib pieces`; do not edit.
glyph NAME WIDTH HEIGHT
path FILL RULE STROKE WIDTH CAP JOIN DATA";

    #[test]
    fn built_in_paths_are_what_usvg_makes_of_the_svg_files() {
        let glyphs: Vec<FlatGlyph> = NAMES
            .iter()
            .zip(SVG_FILES)
            .map(|(name, svg)| {
                let g = Glyph::parse(svg.as_bytes()).unwrap();
                assert!(g.tree.is_none(), "{name}: flat paths must draw it exactly");
                FlatGlyph {
                    name: name.to_string(),
                    size: g.size,
                    paths: g.paths,
                }
            })
            .collect();
        let text = glyph_file::write(HEADER, &glyphs);
        if std::env::var_os("FEN2IMG_BLESS").is_some() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/pieces/built_in.paths");
            std::fs::write(path, &text).unwrap();
        }
        assert!(
            text == BUILT_IN_PATHS,
            "pieces/built_in.paths is out of date with pieces/*.svg: \
             run FEN2IMG_BLESS=1 cargo test --lib pieces"
        );
        let set = PieceSet::built_in();
        for (name, flat) in NAMES.iter().zip(&glyphs) {
            let i = NAMES.iter().position(|n| n == name).unwrap();
            assert_eq!(set.glyphs[i].paths, flat.paths, "{name}");
        }
    }

    #[test]
    fn built_in_set_has_twelve_square_glyphs() {
        let set = PieceSet::built_in();
        assert!(set.same_as(&PieceSet::built_in()), "one set per process");
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
        let mut g = Glyph::parse(SVG_FILES[0].as_bytes()).unwrap();
        assert_eq!(
            set.glyph(Piece::new(Color::White, Role::Pawn)).fit(90.0),
            (2.0, 0.0, 0.0)
        );
        g.size = (50.0, 100.0);
        assert_eq!(g.fit(50.0), (0.5, 12.5, 0.0));
    }

    #[test]
    fn what_flat_paths_cannot_draw_keeps_the_tree() {
        let svg = |body: &str| {
            format!(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45">{body}</svg>"#)
        };
        let kept = |body: &str| Glyph::parse(svg(body).as_bytes()).unwrap().tree.is_some();
        assert!(!kept(
            r#"<g transform="rotate(30 22 22)"><path d="M5 5H40V40Z" stroke="red" stroke-width="2"/></g>"#
        ));
        assert!(!kept(
            r#"<g opacity="1"><circle cx="22" cy="22" r="9" fill-opacity=".5"/></g>"#
        ));
        assert!(kept(
            r#"<g opacity=".5"><circle cx="22" cy="22" r="9"/></g>"#
        ));
        assert!(kept(
            r#"<path d="M5 5H40V40Z" stroke="red" stroke-dasharray="2 1"/>"#
        ));
        assert!(kept(
            r#"<path d="M5 5H40V40Z" stroke="red" transform="scale(2 1)"/>"#
        ));
        assert!(kept(
            r#"<path d="M5 5H40V40Z" shape-rendering="crispEdges"/>"#
        ));
        assert!(kept(
            r##"<linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient><path d="M5 5H40V40Z" fill="url(#g)"/>"##
        ));
    }

    #[test]
    fn missing_and_broken_files_are_named() {
        let dir = std::env::temp_dir().join(format!("fen2img-pieces-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for (name, svg) in NAMES.iter().zip(SVG_FILES).skip(1) {
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
        std::fs::write(dir.join("wP.svg"), SVG_FILES[0]).unwrap();
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
