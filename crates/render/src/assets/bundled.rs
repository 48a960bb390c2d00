//! The piece sets shipped inside the crate, each with its licence: the
//! well-known sets whose licences allow it in an MIT OR Apache-2.0 project,
//! by their lila-gif (lichess) names.
//!
//! Each set's folder under `assets/pieces/` holds its twelve SVG files as
//! published (the artwork), its licence text and a README saying who drew
//! it, where the files were taken from and which licence was chosen. The
//! files are compiled in and parsed the first time a set is asked for, so a
//! process that draws with the built-in set never pays for them; a set is
//! parsed once per process.
//!
//! Unlike a user's set, a bundled set is hinted at small squares: its edges
//! are found in its outlines when it is parsed (`hinting::detect`).
//!
//! A set the screen themes draw by default (cburnett) is also kept as flat
//! paths beside its files (`NAME.paths`, the format of the built-in set's
//! `built_in.paths`, see `glyph_file`): parsing the SVG files with usvg
//! took 0.6 ms of the 5.3 ms of CPU a one-shot `fen2img FEN -o board.png`
//! spent (docs/PERFORMANCE.md, 2026-11-29). What is compiled in and read
//! is their binary form with the strokes expanded (`NAME.glyphs`, see
//! `glyph_binary`). A test keeps the text what usvg makes of the SVG files
//! and the binary what the text makes (`FEN2IMG_BLESS=1 cargo test -p
//! fen2img-render --lib bundled` rewrites both).

use std::path::Path;
use std::sync::OnceLock;

use crate::assets::glyph_binary;
#[cfg(test)]
use crate::assets::glyph_file;
use crate::assets::glyph_svg::Gradients;
use crate::assets::hinting;
use crate::assets::pieces::{Glyph, PieceSet, PieceSetError, PieceSetErrorKind, NAMES};
use fen2img_support::digest::{fnv1a, FNV_OFFSET};

/// The name the project's own set answers to beside the bundled sets'
/// (`--pieces fen2img`, a theme file's `pieces = fen2img`): the name
/// [`PieceSet::name`] gives it.
pub const BUILT_IN_NAME: &str = "fen2img";

/// The largest square (px) at which a bundled set is drawn hinted. Five
/// pixels above the built-in set's limit: measured at 30 px squares,
/// hinting still set most bundled sets' pieces further apart, and at 36 px
/// it no longer did for cburnett (docs/guide/pieces.md has the figures).
const HINTED_MAX: u32 = 30;

/// A piece set shipped with fen2img, and what its licence asks to be shown.
///
/// ```
/// let cburnett = fen2img_render::PieceSet::bundled_sets()
///     .iter()
///     .find(|s| s.name == "cburnett")
///     .unwrap();
/// assert_eq!(cburnett.licence, "BSD-3-Clause");
/// assert!(cburnett.licence_text.contains("Colin M. L. Burnett"));
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub struct BundledSet {
    /// The name it is asked for by (`--pieces NAME`), lila-gif's and
    /// lichess's name for the set.
    pub name: &'static str,
    /// Who drew it.
    pub author: &'static str,
    /// The licence it is used under, as an SPDX identifier.
    pub licence: &'static str,
    /// The licence's text (with the copyright notice it asks to keep).
    pub licence_text: &'static str,
    /// Where the files were taken from.
    pub source: &'static str,
    /// The twelve SVG files, in `NAMES` order.
    files: [&'static [u8]; 12],
    /// The files as flat paths with their strokes expanded (`NAME.glyphs`
    /// beside them, made from `NAME.paths`; see `glyph_binary`), where the
    /// set keeps them: read instead of parsing the files.
    compiled: Option<&'static [u8]>,
}

/// The twelve SVG files of the set in `assets/pieces/$dir/`, in `NAMES`
/// order.
macro_rules! set_files {
    ($dir:literal) => {
        [
            include_bytes!(concat!("../../assets/pieces/", $dir, "/wP.svg")),
            include_bytes!(concat!("../../assets/pieces/", $dir, "/wN.svg")),
            include_bytes!(concat!("../../assets/pieces/", $dir, "/wB.svg")),
            include_bytes!(concat!("../../assets/pieces/", $dir, "/wR.svg")),
            include_bytes!(concat!("../../assets/pieces/", $dir, "/wQ.svg")),
            include_bytes!(concat!("../../assets/pieces/", $dir, "/wK.svg")),
            include_bytes!(concat!("../../assets/pieces/", $dir, "/bP.svg")),
            include_bytes!(concat!("../../assets/pieces/", $dir, "/bN.svg")),
            include_bytes!(concat!("../../assets/pieces/", $dir, "/bB.svg")),
            include_bytes!(concat!("../../assets/pieces/", $dir, "/bR.svg")),
            include_bytes!(concat!("../../assets/pieces/", $dir, "/bQ.svg")),
            include_bytes!(concat!("../../assets/pieces/", $dir, "/bK.svg")),
        ]
    };
}

/// The licence text in `assets/pieces/$dir/LICENSE.txt`.
macro_rules! licence {
    ($dir:literal) => {
        include_str!(concat!("../../assets/pieces/", $dir, "/LICENSE.txt"))
    };
}

/// Where lila-gif keeps lichess's sets: `theme/piece/NAME` at this commit,
/// copied there from lichess-org/lila `public/piece/NAME`.
macro_rules! from_lila_gif {
    ($name:literal) => {
        concat!(
            "lichess-org/lila-gif theme/piece/",
            $name,
            " at 62a6ee76828b (from lichess-org/lila public/piece/",
            $name,
            ")"
        )
    };
}

impl PieceSet {
    /// The bundled set called `name` (lila-gif's name for it: `cburnett`,
    /// `chessnut`, …; see [`PieceSet::bundled_sets`]), or `None`. It is
    /// parsed the first time it is asked for; every call after returns the
    /// same set. Unlike a user's set it is hinted at small squares.
    ///
    /// ```
    /// use fen2img_render::PieceSet;
    /// let set = PieceSet::bundled("cburnett").unwrap();
    /// assert_eq!(set.name(), "cburnett");
    /// assert!(set.same_as(&PieceSet::bundled("cburnett").unwrap()));
    /// assert!(PieceSet::bundled("merida").is_none());
    /// ```
    pub fn bundled(name: &str) -> Option<PieceSet> {
        find(name)
    }

    /// Every bundled set with its author and licence, by name.
    ///
    /// ```
    /// let names: Vec<&str> = fen2img_render::PieceSet::bundled_sets()
    ///     .iter()
    ///     .map(|s| s.name)
    ///     .collect();
    /// assert!(names.contains(&"chessnut"));
    /// ```
    pub fn bundled_sets() -> &'static [BundledSet] {
        &SETS
    }

    /// The set a name stands for: `fen2img` ([`BUILT_IN_NAME`]) for the
    /// project's own set, else a bundled set ([`PieceSet::bundled`]), or
    /// `None`. What a theme's `pieces` names (see [`crate::Theme::pieces`]).
    ///
    /// ```
    /// use fen2img_render::PieceSet;
    /// assert!(PieceSet::named("fen2img").unwrap().same_as(&PieceSet::built_in()));
    /// assert_eq!(PieceSet::named("kosal").unwrap().name(), "kosal");
    /// assert!(PieceSet::named("./kosal").is_none());
    /// ```
    pub fn named(name: &str) -> Option<PieceSet> {
        if name == BUILT_IN_NAME {
            Some(PieceSet::built_in())
        } else {
            find(name)
        }
    }

    /// Every name [`PieceSet::named`] knows: `fen2img`, then the bundled
    /// sets' names.
    ///
    /// ```
    /// let names: Vec<&str> = fen2img_render::PieceSet::names().collect();
    /// assert_eq!(names[..2], ["fen2img", "cburnett"]);
    /// ```
    pub fn names() -> impl Iterator<Item = &'static str> {
        std::iter::once(BUILT_IN_NAME).chain(SETS.iter().map(|s| s.name))
    }

    /// A set by name ([`PieceSet::named`]: `fen2img` or a bundled set),
    /// or else the set in the directory `name_or_dir` (as
    /// [`PieceSet::load`]): how `--pieces`, Python's `pieces=` and a
    /// Markdown fence's `pieces=` read their value. A name that is neither
    /// is a [`PieceSetErrorKind::Missing`] error listing the names.
    ///
    /// ```
    /// use fen2img_render::{PieceSet, PieceSetErrorKind};
    /// let set = PieceSet::bundled_or_load("chessnut".as_ref()).unwrap();
    /// assert_eq!(set.name(), "chessnut");
    /// let own = PieceSet::bundled_or_load("fen2img".as_ref()).unwrap();
    /// assert!(own.same_as(&PieceSet::built_in()));
    /// let e = PieceSet::bundled_or_load("no-such-set".as_ref()).unwrap_err();
    /// assert_eq!(e.kind, PieceSetErrorKind::Missing);
    /// assert!(e.message.contains("fen2img, cburnett"), "{e}");
    /// ```
    pub fn bundled_or_load(name_or_dir: &Path) -> Result<PieceSet, PieceSetError> {
        if let Some(set) = name_or_dir.to_str().and_then(PieceSet::named) {
            return Ok(set);
        }
        if !name_or_dir.exists() && name_or_dir.symlink_metadata().is_err() {
            return Err(PieceSetError {
                path: name_or_dir.to_path_buf(),
                kind: PieceSetErrorKind::Missing,
                message: format!(
                    "not a piece set's name ({}) and no such directory",
                    set_names()
                ),
            });
        }
        PieceSet::load(name_or_dir)
    }
}

/// Every set's name, comma-separated, for messages.
pub(crate) fn set_names() -> String {
    PieceSet::names().collect::<Vec<_>>().join(", ")
}

/// Every bundled set, by name.
pub(crate) static SETS: [BundledSet; 9] = [
    BundledSet {
        name: "cburnett",
        author: "Colin M. L. Burnett",
        licence: "BSD-3-Clause",
        licence_text: licence!("cburnett"),
        source: "python-chess 1.11.2 chess/svg.py PIECES (niklasf/python-chess), \
                 the Wikimedia Commons set Chess_{k,q,r,b,n,p}{l,d}t45.svg",
        files: set_files!("cburnett"),
        compiled: Some(include_bytes!(
            "../../assets/pieces/cburnett/cburnett.glyphs"
        )),
    },
    BundledSet {
        name: "celtic",
        author: "Maurizio Monge",
        licence: "MIT",
        licence_text: licence!("celtic"),
        source: from_lila_gif!("celtic"),
        files: set_files!("celtic"),
        compiled: None,
    },
    BundledSet {
        name: "chessnut",
        author: "Alexis Luengas",
        licence: "Apache-2.0",
        licence_text: concat!(
            include_str!("../../assets/pieces/chessnut/COPYRIGHT.txt"),
            "\n",
            licence!("chessnut")
        ),
        source: "LexLuengas/chessnut-pieces at 2b8eaf14a31e",
        files: set_files!("chessnut"),
        compiled: None,
    },
    BundledSet {
        name: "fantasy",
        author: "Maurizio Monge",
        licence: "MIT",
        licence_text: licence!("fantasy"),
        source: from_lila_gif!("fantasy"),
        files: set_files!("fantasy"),
        compiled: None,
    },
    BundledSet {
        name: "firi",
        author: "James Faure",
        licence: "CC-BY-4.0",
        licence_text: licence!("firi"),
        source: from_lila_gif!("firi"),
        files: set_files!("firi"),
        compiled: None,
    },
    BundledSet {
        name: "kiwen-suwi",
        author: "neverRare",
        licence: "CC-BY-4.0",
        licence_text: licence!("kiwen-suwi"),
        source: "neverRare/kiwen-suwi version/latest/kiwen-suwi at 7e8f3e473f43",
        files: set_files!("kiwen-suwi"),
        compiled: None,
    },
    BundledSet {
        name: "kosal",
        author: "Philatype",
        licence: "CC-BY-4.0",
        licence_text: licence!("kosal"),
        source: "philatype/kosal at fea676adb94d",
        files: set_files!("kosal"),
        compiled: None,
    },
    BundledSet {
        name: "rhosgfx",
        author: "RhosGFX",
        licence: "CC0-1.0",
        licence_text: licence!("rhosgfx"),
        source: from_lila_gif!("rhosgfx"),
        files: set_files!("rhosgfx"),
        compiled: None,
    },
    BundledSet {
        name: "spatial",
        author: "Maurizio Monge",
        licence: "MIT",
        licence_text: licence!("spatial"),
        source: from_lila_gif!("spatial"),
        files: set_files!("spatial"),
        compiled: None,
    },
];

/// Each set once parsed, in [`SETS`] order.
static LOADED: [OnceLock<PieceSet>; 9] = [const { OnceLock::new() }; 9];

/// The bundled set called `name`, parsed on first use.
pub(crate) fn find(name: &str) -> Option<PieceSet> {
    let i = SETS.iter().position(|s| s.name == name)?;
    Some(LOADED[i].get_or_init(|| parse(&SETS[i])).clone())
}

/// Parses a bundled set's twelve files (or reads its flat paths) and finds
/// their hint edges.
///
/// The files are fixed at build time and every one is parsed by the tests,
/// so a failure here is a build defect, not a user's error.
fn parse(set: &BundledSet) -> PieceSet {
    // Length first, as a user's set is hashed, behind a prefix no user's
    // set has, so that the same files in a directory (drawn unhinted) do
    // not pass for this set. The SVG files are hashed even where the flat
    // paths are read: those are made from them, and the digest (which
    // names the set in caches and SVG ids) stays what it was.
    let mut digest = fnv1a(FNV_OFFSET, b"bundled piece set ");
    digest = fnv1a(digest, set.name.as_bytes());
    for data in set.files {
        digest = fnv1a(digest, &(data.len() as u64).to_le_bytes());
        digest = fnv1a(digest, data);
    }
    let mut compiled = set.compiled.map(|bytes| {
        glyph_binary::read(bytes)
            .unwrap_or_else(|| panic!("bundled set {}: NAME.glyphs is not this build's", set.name))
    });
    let glyphs = NAMES
        .iter()
        .zip(set.files)
        .map(|(name, data)| {
            let mut glyph = match &mut compiled {
                Some(compiled) => {
                    let (flat, outlines) = compiled
                        .iter_mut()
                        .find(|(g, _)| g.name == *name)
                        .unwrap_or_else(|| panic!("bundled set {}: no {name}", set.name));
                    let mut glyph = Glyph::new(std::mem::take(&mut flat.paths), flat.size, None);
                    glyph.stroke_outlines = std::mem::take(outlines);
                    glyph
                }
                None => svg_glyph(set, name, data),
            };
            glyph.hints = Some(hinting::detect(&glyph.paths, glyph.size, HINTED_MAX));
            glyph
        })
        .collect();
    PieceSet::from_glyphs(glyphs, set.name, digest)
}

/// One of `set`'s files, `name`, parsed by usvg.
fn svg_glyph(set: &BundledSet, name: &str, data: &[u8]) -> Glyph {
    let (glyph, left_out) = Glyph::parse_checked_with(data, Gradients::Mean)
        .unwrap_or_else(|(_, m)| panic!("bundled set {}: {name}: {m}", set.name));
    assert!(
        left_out.is_empty(),
        "bundled set {}: {name}: drawn without {left_out:?}",
        set.name
    );
    glyph
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assets::glyph_file::FlatGlyph;
    use fen2img_chess::Piece;

    #[test]
    fn every_set_parses_with_hints_on_its_own_outline() {
        for set in &SETS {
            let pieces = PieceSet::bundled(set.name).unwrap();
            assert_eq!(pieces.name(), set.name);
            assert!(pieces.warnings().is_empty(), "{}", set.name);
            // A drawing of curves alone (spatial's knight) may have no
            // straight run and no turn along an axis (kiwen-suwi: 9 of 12 have
            // both); most glyphs have both.
            let both = Piece::ALL
                .into_iter()
                .filter(|&p| {
                    let h = pieces.glyph(p).hints.as_ref().unwrap();
                    !h.x.is_empty() && !h.y.is_empty()
                })
                .count();
            assert!(both >= 8, "{}: {both} of 12 glyphs have edges", set.name);
            for piece in Piece::ALL {
                let glyph = pieces.glyph(piece);
                let hints = glyph.hints.as_ref().expect("bundled glyphs are hinted");
                assert_eq!(hints.max, HINTED_MAX);
                let points: Vec<_> = glyph
                    .paths
                    .iter()
                    .flat_map(|p| p.path.points().iter().copied())
                    .collect();
                // An edge is found where outline points are (merged edges
                // at their weighted mean, within the merging tolerance).
                let tol = glyph.size.0.max(glyph.size.1) * 0.002;
                for e in &hints.y {
                    assert!(
                        points.iter().any(|p| (p.y - e.at).abs() <= tol),
                        "{} {piece:?}: y edge {} is on no point",
                        set.name,
                        e.at
                    );
                }
            }
        }
    }

    /// What the flat-path file of `set` must hold: its SVG files as usvg
    /// parses them.
    fn flat_file_text(set: &BundledSet) -> String {
        let glyphs: Vec<FlatGlyph> = NAMES
            .iter()
            .zip(set.files)
            .map(|(name, data)| {
                let g = svg_glyph(set, name, data);
                assert!(g.tree.is_none(), "{name}: flat paths must draw it exactly");
                assert!(g.gradients.is_empty(), "{name}: no gradients");
                FlatGlyph {
                    name: name.to_string(),
                    size: g.size,
                    paths: g.paths,
                }
            })
            .collect();
        let header = format!(
            "The bundled set {} as flat paths: its SVG files as usvg parses them.\n\
             Made by `FEN2IMG_BLESS=1 cargo test -p fen2img-render --lib bundled`; do not edit.\n\
             glyph NAME WIDTH HEIGHT\n\
             path FILL RULE STROKE WIDTH CAP JOIN DATA",
            set.name
        );
        glyph_file::write(&header, &glyphs)
    }

    #[test]
    fn compiled_glyphs_are_the_svg_files_flattened_with_their_strokes_expanded() {
        let mut checked = 0;
        for set in SETS.iter().filter(|s| s.compiled.is_some()) {
            let file = |ext: &str| {
                let dir = env!("CARGO_MANIFEST_DIR");
                format!("{dir}/assets/pieces/{0}/{0}.{ext}", set.name)
            };
            // The text: what usvg makes of the SVG files.
            let text = flat_file_text(set);
            // The binary: the text read back, strokes expanded.
            let flat = glyph_file::read(&text).unwrap();
            let bytes = glyph_binary::write(&flat);
            if std::env::var_os("FEN2IMG_BLESS").is_some() {
                std::fs::write(file("paths"), &text).unwrap();
                std::fs::write(file("glyphs"), &bytes).unwrap();
            }
            let stale = "is out of date with the SVG files: \
                         run FEN2IMG_BLESS=1 cargo test -p fen2img-render --lib bundled";
            let on_disk = std::fs::read_to_string(file("paths")).unwrap();
            assert!(on_disk == text, "pieces/{0}/{0}.paths {stale}", set.name);
            assert!(
                Some(bytes.as_slice()) == set.compiled,
                "pieces/{0}/{0}.glyphs {stale}",
                set.name
            );
            // And the set drawn is the one the files make, with the
            // stroker's outline of each stroked path.
            let pieces = PieceSet::bundled(set.name).unwrap();
            let mut strokes = 0;
            for (piece, (name, data)) in Piece::ALL.into_iter().zip(NAMES.iter().zip(set.files)) {
                assert_eq!(piece.index(), NAMES.iter().position(|n| n == name).unwrap());
                let parsed = svg_glyph(set, name, data);
                let glyph = pieces.glyph(piece);
                assert_eq!(glyph.paths, parsed.paths, "{name}");
                let outlines = glyph_binary::bake(&parsed.paths);
                for (i, p) in parsed.paths.iter().enumerate() {
                    assert_eq!(glyph.stroke_outline(i), outlines[i].as_ref(), "{name} {i}");
                    if p.stroke.is_some() {
                        assert!(glyph.stroke_outline(i).is_some(), "{name} {i}");
                        strokes += 1;
                    }
                }
            }
            assert!(strokes >= 12, "{}: {strokes} strokes", set.name);
            checked += 1;
        }
        assert!(checked >= 1, "cburnett keeps its compiled glyphs");
    }

    #[test]
    fn names_are_lila_gif_shaped_unique_and_sorted() {
        let names: Vec<&str> = SETS.iter().map(|s| s.name).collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted, names);
        for name in names {
            assert!(name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b == b'-' || b.is_ascii_digit()));
        }
    }

    #[test]
    fn a_set_is_parsed_once_per_process() {
        let a = PieceSet::bundled("kosal").unwrap();
        assert!(a.same_as(&PieceSet::bundled("kosal").unwrap()));
        assert!(!a.same_as(&PieceSet::built_in()));
    }

    #[test]
    fn gradient_sets_draw_their_tree_above_the_hinted_sizes_only() {
        let fantasy = PieceSet::bundled("fantasy").unwrap();
        let king = fantasy.glyph(Piece::ALL[5]);
        assert!(king.tree.is_some(), "fantasy is shaded with gradients");
        assert!(king.tree_at(HINTED_MAX).is_none());
        assert!(king.tree_at(HINTED_MAX + 1).is_some());
    }

    #[test]
    fn a_name_that_is_neither_set_nor_directory_lists_the_sets() {
        let e = PieceSet::bundled_or_load(Path::new("no/such/set")).unwrap_err();
        assert_eq!(e.kind, PieceSetErrorKind::Missing);
        for set in &SETS {
            assert!(e.message.contains(set.name), "{e}");
        }
        assert!(PieceSet::bundled("Cburnett").is_none(), "names are exact");
    }
}
