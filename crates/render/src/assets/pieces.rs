//! Piece glyphs: the project's own set from `pieces/`, or a user's set.
//!
//! A user's glyph goes through usvg once (`glyph_svg`): that checks it
//! and resolves its `viewBox`, styles, transforms and references. From the
//! parsed tree we keep a flat list of solid-paint paths in glyph coordinates, which both
//! writers draw: flat paths let the SVG writer share one outline between
//! the white and the black piece, which keeps a full diagram small, and let
//! the rasterizer draw a glyph with a few tiny-skia calls. Where flat paths
//! cannot reproduce a drawing (gradients, group opacity, clips, filters…)
//! the tree is kept too, and the rasterizer draws that instead.
//!
//! The built-in set is read from `pieces/built_in.paths`, the same flat
//! paths written out in advance (see `glyph_file`), because parsing SVG is
//! the slowest part of starting up.

use std::borrow::Cow;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use resvg::usvg;

pub(crate) use crate::assets::glyph::{cap_name, join_name};
pub use crate::assets::glyph::{GlyphGradient, GlyphPath, GradientShape, PathGradients};
use crate::assets::glyph_file;
use crate::assets::hinting::{self, Hints};
use crate::assets::pathdata;
use fen2img_chess::Piece;
use fen2img_support::bounded_read::{self, ReadError};
use fen2img_support::digest::{fnv1a, FNV_OFFSET};
use fen2img_support::quote;

/// The largest glyph file read from a user's set.
const MAX_GLYPH_BYTES: u64 = 1 << 20;

/// File name stems of a set, in the order glyphs are stored.
pub(crate) const NAMES: [&str; 12] = [
    "wP", "wN", "wB", "wR", "wQ", "wK", "bP", "bN", "bB", "bR", "bQ", "bK",
];

/// The project's own set as flat paths, made from `pieces/*.svg`.
const BUILT_IN_PATHS: &str = include_str!("../../assets/pieces/built_in.paths");

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
    /// Where the outline runs straight, for drawing at small squares (the
    /// built-in and bundled sets; see `hinting`).
    pub(crate) hints: Option<Hints>,
    /// The gradients of [`Glyph::paths`], one entry a path (empty when no
    /// path has one): the flat paths carry one colour for each, the SVG
    /// writer paints the gradients themselves.
    pub gradients: Vec<PathGradients>,
    /// The outline of each stroked path's stroke, expanded in advance (a
    /// bundled set that keeps them; see `glyph_binary`): one entry a
    /// path, or empty.
    pub(crate) stroke_outlines: Vec<Option<resvg::tiny_skia::Path>>,
}

impl Glyph {
    /// A glyph of `paths` in a box of `size`, with the parsed tree kept
    /// where the paths cannot draw what it draws.
    pub(crate) fn new(paths: Vec<GlyphPath>, size: (f32, f32), tree: Option<usvg::Tree>) -> Glyph {
        Glyph {
            paths,
            size,
            path_data: OnceLock::new(),
            tree,
            hints: None,
            gradients: Vec::new(),
            stroke_outlines: Vec::new(),
        }
    }

    /// The outline of path `i`'s stroke, expanded in advance at
    /// `glyph_binary::BAKED_SCALE`, if the set keeps one. It is that
    /// path's stroke at its own width, unhinted: the caller draws it only
    /// where [`Glyph::paths_at`] gives the paths as they are and the
    /// stroke is not widened.
    pub(crate) fn stroke_outline(&self, i: usize) -> Option<&resvg::tiny_skia::Path> {
        self.stroke_outlines.get(i)?.as_ref()
    }

    /// The glyph's hint edges, if it has any (the built-in and bundled sets).
    #[cfg(test)]
    pub(crate) fn hints(&self) -> Option<&Hints> {
        self.hints.as_ref()
    }

    /// The paths to rasterize into a square of `size` px: hinted to the
    /// pixel grid at small squares when the glyph has hints, else
    /// [`Glyph::paths`] as they are.
    pub(crate) fn paths_at(&self, size: u32) -> Cow<'_, [GlyphPath]> {
        match &self.hints {
            Some(hints) if size <= hints.max => Cow::Owned(hinting::hint(
                &self.paths,
                hints,
                size,
                self.fit(size as f32),
            )),
            _ => Cow::Borrowed(&self.paths),
        }
    }

    /// The parsed drawing to rasterize into a square of `size` px in place
    /// of [`Glyph::paths_at`]: [`Glyph::tree`], except where the glyph is
    /// hinted at that size (hinting moves its flat paths, so those are
    /// drawn: a bundled set's gradients become flat colours there, which at
    /// such sizes shows little).
    pub(crate) fn tree_at(&self, size: u32) -> Option<&usvg::Tree> {
        match &self.hints {
            Some(hints) if size <= hints.max => None,
            _ => self.tree.as_ref(),
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
    /// What loading left out (see [`PieceSet::warnings`]).
    warnings: Arc<[PieceSetWarning]>,
}

/// What kind of problem stopped a piece set from loading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PieceSetErrorKind {
    /// The file does not exist.
    Missing,
    /// The file system refused to read the file (permissions, I/O error).
    Unreadable,
    /// The path is a directory, FIFO, device or other non-regular file.
    NotAFile,
    /// The file is larger than a glyph may be.
    TooLarge,
    /// The file is not SVG that draws something.
    InvalidSvg,
    /// The SVG asks for more work than a glyph may (nodes, path segments,
    /// clip paths, `<use>` expansion).
    TooComplex,
}

/// A piece set that could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceSetError {
    /// The file at fault.
    pub path: PathBuf,
    /// What kind of problem it is.
    pub kind: PieceSetErrorKind,
    /// What is wrong with it.
    pub message: String,
}

impl PieceSetError {
    /// Whether the file could not be read at all (missing, unreadable, not a
    /// regular file), as opposed to read and found invalid. The command line
    /// exits 1 for the first and 2 for the second.
    pub fn is_io(&self) -> bool {
        matches!(
            self.kind,
            PieceSetErrorKind::Missing
                | PieceSetErrorKind::Unreadable
                | PieceSetErrorKind::NotAFile
        )
    }
}

impl fmt::Display for PieceSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.to_string_lossy();
        write!(f, "piece set: {}: {}", quote::escape(&path), self.message)
    }
}

impl std::error::Error for PieceSetError {}

/// Something a user's glyph asked for that fen2img draws without, because
/// a piece glyph does not need it and it can cost without bound (filters,
/// masks, patterns, images, text, a great many dashes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceSetWarning {
    /// The glyph file.
    pub path: PathBuf,
    /// What was left out.
    pub message: String,
}

impl fmt::Display for PieceSetWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.to_string_lossy();
        write!(f, "piece set: {}: {}", quote::escape(&path), self.message)
    }
}

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
                    let mut glyph = Glyph::new(g.paths.clone(), g.size, None);
                    glyph.hints = name.chars().nth(1).map(hinting::built_in);
                    glyph
                })
                .collect();
            PieceSet {
                glyphs,
                name: "fen2img".into(),
                digest: fnv1a(
                    fnv1a(FNV_OFFSET, BUILT_IN_PATHS.as_bytes()),
                    hinting::BUILT_IN_HINTS.as_bytes(),
                ),
                warnings: Arc::new([]),
            }
        })
        .clone()
    }

    /// Loads the twelve files `wK.svg wQ.svg wR.svg wB.svg wN.svg wP.svg
    /// bK.svg ... bP.svg` from `dir`, the naming published sets use.
    ///
    /// Each file must be a regular file of at most 1 MiB. References to
    /// other files inside the SVGs (images, fonts) are not followed, so a
    /// downloaded set cannot make fen2img read other files. Work per glyph
    /// is bounded (an error beyond the bound); features a glyph does not
    /// need and that cost without bound (filters, masks, patterns, images,
    /// text, a great many dashes) are left out and reported by
    /// [`PieceSet::warnings`].
    pub fn load(dir: &Path) -> Result<PieceSet, PieceSetError> {
        let mut digest = FNV_OFFSET;
        let mut warnings = Vec::new();
        let glyphs = NAMES
            .iter()
            .map(|name| {
                let path = dir.join(format!("{name}.svg"));
                let err = |kind, message: String| PieceSetError {
                    path: path.clone(),
                    kind,
                    message,
                };
                let data = bounded_read::read_regular_file(&path, MAX_GLYPH_BYTES)
                    .map_err(|e| err(read_error_kind(&e), read_reason(&e)))?;
                // Length first, so no two different file lists hash alike
                // by moving bytes from one file to the next.
                digest = fnv1a(digest, &(data.len() as u64).to_le_bytes());
                digest = fnv1a(digest, &data);
                let (glyph, left_out) =
                    Glyph::parse_checked(&data).map_err(|(kind, m)| err(kind, m))?;
                if !left_out.is_empty() {
                    warnings.push(PieceSetWarning {
                        path: path.clone(),
                        message: format!(
                            "drawn without {}: a piece glyph does not need them and \
                             they can cost without bound",
                            left_out.join(", ")
                        ),
                    });
                }
                Ok(glyph)
            })
            .collect::<Result<_, _>>()?;
        Ok(PieceSet {
            glyphs,
            name: dir.display().to_string(),
            digest,
            warnings: warnings.into(),
        })
    }

    /// A set made from `glyphs` (in `NAMES` order), called `name`, whose
    /// source bytes hash to `digest` (the bundled sets).
    pub(crate) fn from_glyphs(glyphs: Vec<Glyph>, name: &str, digest: u64) -> PieceSet {
        PieceSet {
            glyphs: glyphs.into(),
            name: name.to_string(),
            digest,
            warnings: Arc::new([]),
        }
    }

    /// What loading left out of the set's glyphs, one warning per file, in
    /// file order (empty for the built-in set). Print them: the set draws,
    /// but not exactly as its files say.
    pub fn warnings(&self) -> &[PieceSetWarning] {
        &self.warnings
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

/// Parses one user glyph exactly as [`PieceSet::load`] does (work bounds,
/// costly features left out) and returns how many flat paths it has and
/// what was left out. Only for the fuzz target (`cargo fuzz` sets
/// `--cfg fuzzing`); not part of the API.
#[cfg(fuzzing)]
#[doc(hidden)]
pub fn fuzz_glyph(data: &[u8]) -> Result<(usize, Vec<&'static str>), String> {
    Glyph::parse_checked(data)
        .map(|(glyph, left_out)| (glyph.paths.len(), left_out))
        .map_err(|(_, message)| message)
}

fn read_error_kind(e: &ReadError) -> PieceSetErrorKind {
    match e {
        ReadError::Io(_) if e.is_not_found() => PieceSetErrorKind::Missing,
        ReadError::Io(_) => PieceSetErrorKind::Unreadable,
        ReadError::NotRegular(_) => PieceSetErrorKind::NotAFile,
        ReadError::TooLarge(_) => PieceSetErrorKind::TooLarge,
    }
}

fn read_reason(e: &ReadError) -> String {
    if e.is_not_found() {
        "missing: a piece set needs all twelve files \
         wK wQ wR wB wN wP bK bQ bR bB bN bP .svg"
            .into()
    } else {
        e.reason()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assets::glyph_file::FlatGlyph;
    use fen2img_chess::{Color, Role};

    /// The SVG files of the built-in set, the source of its flat paths.
    const SVG_FILES: [&str; 12] = [
        include_str!("../../assets/pieces/wP.svg"),
        include_str!("../../assets/pieces/wN.svg"),
        include_str!("../../assets/pieces/wB.svg"),
        include_str!("../../assets/pieces/wR.svg"),
        include_str!("../../assets/pieces/wQ.svg"),
        include_str!("../../assets/pieces/wK.svg"),
        include_str!("../../assets/pieces/bP.svg"),
        include_str!("../../assets/pieces/bN.svg"),
        include_str!("../../assets/pieces/bB.svg"),
        include_str!("../../assets/pieces/bR.svg"),
        include_str!("../../assets/pieces/bQ.svg"),
        include_str!("../../assets/pieces/bK.svg"),
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
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/pieces/built_in.paths");
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

    /// A directory holding the built-in set's SVG files, with `wK.svg`
    /// replaced by `king` when given.
    fn set_dir(name: &str, king: Option<&[u8]>) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("fen2img-pieces-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for (name, svg) in NAMES.iter().zip(SVG_FILES) {
            std::fs::write(dir.join(format!("{name}.svg")), svg).unwrap();
        }
        if let Some(king) = king {
            std::fs::write(dir.join("wK.svg"), king).unwrap();
        }
        dir
    }

    fn svg_doc(body: &str) -> String {
        format!(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45">{body}</svg>"#)
    }

    fn king(set: &PieceSet) -> &Glyph {
        set.glyph(Piece::new(Color::White, Role::King))
    }

    #[test]
    fn a_turbulence_filter_is_left_out_with_a_warning_naming_the_file() {
        let svg = svg_doc(
            r#"<filter id="f"><feTurbulence baseFrequency="0.05" numOctaves="1000000"/></filter><rect width="45" height="45" filter="url(#f)"/>"#,
        );
        let dir = set_dir("turbulence", Some(svg.as_bytes()));
        let set = PieceSet::load(&dir).unwrap();
        assert!(king(&set).tree.is_none(), "the filter must never be drawn");
        assert_eq!(king(&set).paths.len(), 1, "the rectangle is still drawn");
        let warnings = set.warnings();
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].path.ends_with("wK.svg"));
        assert!(warnings[0].to_string().contains("wK.svg"));
        assert!(warnings[0].message.contains("filters"), "{}", warnings[0]);
        assert!(PieceSet::built_in().warnings().is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn twenty_thousand_blurs_are_refused() {
        let blurs = r#"<feGaussianBlur stdDeviation="5"/>"#.repeat(20_000);
        let svg = svg_doc(&format!(
            r#"<filter id="f">{blurs}</filter><rect width="45" height="45" filter="url(#f)"/>"#
        ));
        let dir = set_dir("blur", Some(svg.as_bytes()));
        let e = PieceSet::load(&dir).unwrap_err();
        assert!(e.path.ends_with("wK.svg"), "{e}");
        assert_eq!(e.kind, PieceSetErrorKind::TooComplex, "{e}");
        assert!(!e.is_io());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn three_thousand_chained_clip_paths_are_refused() {
        let mut body =
            String::from(r#"<clipPath id="c0"><rect width="45" height="45"/></clipPath>"#);
        for i in 1..3000 {
            body.push_str(&format!(
                r#"<clipPath id="c{i}" clip-path="url(#c{})"><rect width="45" height="45"/></clipPath>"#,
                i - 1
            ));
        }
        body.push_str(r#"<rect width="45" height="45" clip-path="url(#c2999)"/>"#);
        let dir = set_dir("clips", Some(svg_doc(&body).as_bytes()));
        let e = PieceSet::load(&dir).unwrap_err();
        assert!(e.path.ends_with("wK.svg"), "{e}");
        assert_eq!(e.kind, PieceSetErrorKind::TooComplex, "{e}");
        assert!(e.message.contains("clipPath"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn clip_paths_nested_deeper_than_the_bound_are_refused() {
        let mut body =
            String::from(r#"<clipPath id="c0"><rect width="45" height="45"/></clipPath>"#);
        for i in 1..8 {
            body.push_str(&format!(
                r#"<clipPath id="c{i}" clip-path="url(#c{})"><rect width="45" height="45"/></clipPath>"#,
                i - 1
            ));
        }
        body.push_str(r#"<rect width="45" height="45" clip-path="url(#c7)"/>"#);
        let e = Glyph::parse_checked(svg_doc(&body).as_bytes()).unwrap_err();
        assert_eq!(e.0, PieceSetErrorKind::TooComplex);
        assert!(e.1.contains("nested"), "{}", e.1);
        // Two levels are fine, and drawn exactly from the tree.
        let ok = svg_doc(
            r#"<clipPath id="a"><rect width="30" height="45"/></clipPath><clipPath id="b" clip-path="url(#a)"><rect width="45" height="30"/></clipPath><rect width="45" height="45" clip-path="url(#b)"/>"#,
        );
        let (glyph, left_out) = Glyph::parse_checked(ok.as_bytes()).unwrap();
        assert!(left_out.is_empty() && glyph.tree.is_some());
    }

    #[test]
    fn fifteen_thousand_dashed_circles_are_refused() {
        // Short enough that 15,000 fit in the 1 MiB a glyph file may have.
        let circles = r#"<circle r="20" stroke="red" stroke-dasharray=".1"/>"#.repeat(15_000);
        let dir = set_dir("dashes", Some(svg_doc(&circles).as_bytes()));
        let e = PieceSet::load(&dir).unwrap_err();
        assert!(e.path.ends_with("wK.svg"), "{e}");
        assert_eq!(e.kind, PieceSetErrorKind::TooComplex, "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_great_many_dashes_are_drawn_solid_with_a_warning() {
        let svg = svg_doc(
            r##"<circle cx="22" cy="22" r="20" fill="none" stroke="#000" stroke-dasharray="0.01"/>"##,
        );
        let (glyph, left_out) = Glyph::parse_checked(svg.as_bytes()).unwrap();
        assert_eq!(left_out, ["dashes (drawn solid)"]);
        assert!(glyph.tree.is_none());
        let few = svg_doc(
            r##"<circle cx="22" cy="22" r="20" fill="none" stroke="#000" stroke-dasharray="4 2"/>"##,
        );
        let (glyph, left_out) = Glyph::parse_checked(few.as_bytes()).unwrap();
        assert!(left_out.is_empty());
        assert!(glyph.tree.is_some(), "dashes are drawn exactly");
    }

    #[test]
    fn masks_patterns_and_images_are_left_out() {
        let svg = svg_doc(
            r##"<mask id="m"><rect width="45" height="45" fill="#fff"/></mask><pattern id="p" width="2" height="2" patternUnits="userSpaceOnUse"><rect width="1" height="1"/></pattern><rect width="45" height="45" mask="url(#m)" fill="url(#p)"/>"##,
        );
        let (glyph, left_out) = Glyph::parse_checked(svg.as_bytes()).unwrap();
        assert_eq!(left_out, ["masks", "patterns"]);
        assert!(glyph.tree.is_none());
    }

    #[cfg(unix)]
    #[test]
    fn special_files_are_refused_as_io_errors() {
        let dir = set_dir("special", None);
        let king = dir.join("wK.svg");
        std::fs::remove_file(&king).unwrap();
        std::os::unix::fs::symlink("/dev/zero", &king).unwrap();
        let e = PieceSet::load(&dir).unwrap_err();
        assert_eq!(e.kind, PieceSetErrorKind::NotAFile, "{e}");
        assert!(e.is_io() && e.message.contains("device"), "{e}");
        std::fs::remove_file(&king).unwrap();
        let made = std::process::Command::new("mkfifo")
            .arg(&king)
            .status()
            .unwrap();
        assert!(made.success());
        let e = PieceSet::load(&dir).unwrap_err();
        assert!(e.is_io() && e.message.contains("FIFO"), "{e}");
        std::fs::remove_file(&king).unwrap();
        std::fs::create_dir(&king).unwrap();
        let e = PieceSet::load(&dir).unwrap_err();
        assert!(e.is_io() && e.message.contains("directory"), "{e}");
        std::fs::remove_dir(&king).unwrap();
        std::fs::write(&king, vec![b' '; (MAX_GLYPH_BYTES + 1) as usize]).unwrap();
        let e = PieceSet::load(&dir).unwrap_err();
        assert_eq!(e.kind, PieceSetErrorKind::TooLarge, "{e}");
        assert!(!e.is_io());
        std::fs::remove_dir_all(&dir).unwrap();
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
        assert_eq!(e.kind, PieceSetErrorKind::Missing);
        assert!(e.is_io());
        std::fs::write(dir.join("wP.svg"), "<svg").unwrap();
        let e = PieceSet::load(&dir).unwrap_err();
        assert!(e.message.contains("not valid SVG"), "{e}");
        assert_eq!(e.kind, PieceSetErrorKind::InvalidSvg);
        assert!(!e.is_io());
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

    #[test]
    fn gradients_are_kept_beside_the_flat_colour_in_glyph_coordinates() {
        // A gradient from x 0 to 10 in the path's own space; the group
        // moves and doubles the path, so in glyph coordinates it runs from
        // x 5 to 25: the kept matrix must say so.
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45">
            <defs><linearGradient id="g" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="10" y2="0">
              <stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff" stop-opacity=".5"/>
            </linearGradient></defs>
            <g transform="translate(5 0) scale(2)"><path d="M0 0H10V10Z" fill="url(#g)" stroke="#000"/></g>
            <path d="M30 30H40V40Z" fill="#00ff00"/></svg>"##;
        let g = Glyph::parse(svg.as_bytes()).unwrap();
        assert_eq!(g.paths.len(), 2);
        assert_eq!(g.gradients.len(), 2, "one entry a path");
        let shade = g.gradients[0].fill.as_ref().expect("the fill's gradient");
        assert!(g.gradients[0].stroke.is_none() && g.gradients[1] == PathGradients::default());
        let GradientShape::Linear { x1, x2, .. } = shade.shape else {
            panic!("a linear gradient: {shade:?}")
        };
        let [a, _, _, _, e, _] = shade.matrix;
        assert!((a * x1 + e - 5.0).abs() < 1e-4 && (a * x2 + e - 25.0).abs() < 1e-4);
        assert_eq!(shade.stops.len(), 2);
        assert_eq!((shade.stops[0].1.r, shade.stops[1].1.b), (255, 255));
        assert_eq!(shade.stops[1].1.a, 128);
        // The flat path still carries one colour (the first stop here).
        assert_eq!(g.paths[0].fill.map(|c| c.r), Some(255));
        // A glyph without gradients keeps none.
        assert!(Glyph::parse(SVG_FILES[0].as_bytes())
            .unwrap()
            .gradients
            .is_empty());
    }
}
