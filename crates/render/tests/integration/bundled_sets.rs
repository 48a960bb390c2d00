//! The bundled piece sets: each renders in every format and built-in
//! theme, each folder carries its licence and README, and golden sheets
//! hold every set at 20, 45 and 100 px squares.
//!
//! The goldens are one sheet per square size (`golden/bundled_NN.png`):
//! the six white pieces over the six black ones (at 100 px only king,
//! queen and knight, to keep the file small), each set in turn from top to
//! bottom in [`PieceSet::bundled_sets`] order, cut from a board drawn
//! without coordinates. They are compared as `golden` compares (every
//! channel within 1); `FEN2IMG_BLESS=1` rewrites them.

use std::path::{Path, PathBuf};

use fen2img_render::{
    Coordinates, DiagramOptions, EncodeOptions, Format, PieceSet, RenderOptions, Renderer, Theme,
};

use crate::common::{decode_png, position, START};

/// The pieces of each colour once, white on rank 8 and black on rank 7,
/// the most detailed first.
const SHEET_FEN: &str = "KQNRBP2/kqnrbp2/8/8/8/8/8/8 w - - 0 1";

/// Square sizes of the golden sheets, with how many files of each are
/// kept: a thumbnail (hinted), a web board and a large one.
const SHEET_SQUARES: [(u32, u32); 3] = [(20, 6), (45, 6), (100, 3)];

fn pieces_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/pieces")
}

fn bundled() -> Vec<PieceSet> {
    PieceSet::bundled_sets()
        .iter()
        .map(|s| PieceSet::bundled(s.name).unwrap())
        .collect()
}

fn render(fen: &str, format: Format, diagram: DiagramOptions) -> Vec<u8> {
    let mut options = RenderOptions::new(format);
    options.diagram = diagram;
    Renderer::new(options).render(&position(fen)).unwrap()
}

#[test]
fn every_set_renders_in_every_format_and_theme() {
    let images = [
        Format::SVG,
        Format::PNG,
        Format::GIF,
        Format::WEBP,
        Format::JPEG,
    ];
    let text = [Format::ASCII, Format::UNICODE, Format::HTML];
    for theme in Theme::built_in_names() {
        let diagram = |pieces: PieceSet| DiagramOptions {
            size: 200,
            theme: Theme::built_in(theme).unwrap(),
            pieces: Some(pieces),
            ..DiagramOptions::default()
        };
        for set in bundled() {
            for format in images {
                let own = render(START, format, diagram(PieceSet::built_in()));
                let out = render(START, format, diagram(set.clone()));
                assert!(!out.is_empty(), "{} {theme} {format}", set.name());
                // The set is drawn, not the built-in one in its place.
                assert_ne!(out, own, "{} {theme} {format}", set.name());
            }
            for format in text {
                assert_eq!(
                    render(START, format, diagram(set.clone())),
                    render(START, format, diagram(PieceSet::built_in())),
                    "{} {theme} {format}: text boards draw no glyphs",
                    set.name()
                );
            }
        }
    }
}

#[test]
fn every_set_folder_has_its_twelve_files_licence_and_readme() {
    let names: Vec<&str> = PieceSet::bundled_sets().iter().map(|s| s.name).collect();
    let mut folders: Vec<String> = std::fs::read_dir(pieces_dir())
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().unwrap().is_dir())
        .map(|e| e.file_name().into_string().unwrap())
        .collect();
    folders.sort();
    assert_eq!(folders, names, "a folder per bundled set, no other");
    for set in PieceSet::bundled_sets() {
        let dir = pieces_dir().join(set.name);
        for colour in ["w", "b"] {
            for role in ["K", "Q", "R", "B", "N", "P"] {
                assert!(
                    dir.join(format!("{colour}{role}.svg")).is_file(),
                    "{}",
                    set.name
                );
            }
        }
        let licence = std::fs::read_to_string(dir.join("LICENSE.txt")).unwrap();
        assert!(set.licence_text.contains(licence.trim()), "{}", set.name);
        let readme = std::fs::read_to_string(dir.join("README.md")).unwrap();
        for needed in [
            set.author,
            set.licence,
            "Taken from",
            "Date taken",
            "2026-11-28",
        ] {
            assert!(
                readme.contains(needed),
                "{}: README lacks {needed}",
                set.name
            );
        }
        assert!(!set.source.is_empty());
    }
}

#[test]
fn a_bundled_set_is_not_its_files_loaded_from_a_directory() {
    for set in bundled() {
        let user = PieceSet::load(&pieces_dir().join(set.name())).unwrap();
        assert!(user.warnings().is_empty(), "{}", set.name());
        // Drawn unhinted, so caches must tell the two apart.
        assert_ne!(user.digest(), set.digest(), "{}", set.name());
        assert_ne!(user, set);
    }
}

#[test]
fn hinted_small_squares_differ_from_the_same_files_drawn_as_a_users_set() {
    for set in bundled() {
        let user = PieceSet::load(&pieces_dir().join(set.name())).unwrap();
        let diagram = |pieces: PieceSet, size| DiagramOptions {
            size,
            pieces: Some(pieces),
            ..DiagramOptions::default()
        };
        // 20 px squares: hinted; 100 px: as the files draw. (Up to 90 px,
        // cburnett's strokes come from outlines expanded in advance at
        // twice its size, which differ from tiny-skia's at that size by
        // the stroker's tolerance: its own unit tests hold those to the
        // exact outline.)
        let small = |p: &PieceSet| render(START, Format::PNG, diagram(p.clone(), 160));
        let large = |p: &PieceSet| render(START, Format::PNG, diagram(p.clone(), 800));
        assert_ne!(small(&set), small(&user), "{}: hinted at 20 px", set.name());
        assert_eq!(
            large(&set),
            large(&user),
            "{}: not hinted at 100 px",
            set.name()
        );
    }
}

/// The sheet at `square` px: the first `files` files of each set's two
/// ranks, one set under another, as RGB.
fn sheet(square: u32, files: u32) -> (u32, u32, Vec<u8>) {
    let (w, h) = (files * square, 2 * square);
    let mut rgb = Vec::new();
    for set in bundled() {
        let mut options = RenderOptions::new(Format::PNG);
        options.diagram = DiagramOptions {
            size: 8 * square,
            coordinates: Coordinates::None,
            side_to_move: false,
            border: false,
            pieces: Some(set),
            ..DiagramOptions::default()
        };
        options.encode = EncodeOptions::default();
        let board = decode_png(&Renderer::new(options).render(&position(SHEET_FEN)).unwrap());
        for row in board
            .rgba
            .chunks_exact(4 * board.width as usize)
            .take(h as usize)
        {
            let row = &row[..4 * w as usize];
            rgb.extend(row.chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]));
        }
    }
    let sets = PieceSet::bundled_sets().len() as u32;
    (w, h * sets, rgb)
}

#[test]
fn golden_sheets_at_20_45_and_100_px() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/integration/golden");
    let mut failures = Vec::new();
    for (square, files) in SHEET_SQUARES {
        let (w, h, rgb) = sheet(square, files);
        let reference = dir.join(format!("bundled_{square}.png"));
        let new_path = dir.join(format!("bundled_{square}.new.png"));
        let png = encode_rgb_png(w, h, &rgb);
        if std::env::var_os("FEN2IMG_BLESS").is_some_and(|v| v == "1") {
            std::fs::write(&reference, &png).unwrap();
            let _ = std::fs::remove_file(&new_path);
            continue;
        }
        let Ok(bytes) = std::fs::read(&reference) else {
            std::fs::write(&new_path, &png).unwrap();
            failures.push(format!(
                "{square} px: no reference; wrote {}",
                new_path.display()
            ));
            continue;
        };
        let expected = decode_png(&bytes);
        let differing = rgb
            .chunks_exact(3)
            .zip(expected.rgba.chunks_exact(4))
            .filter(|(a, e)| a.iter().zip(e.iter()).any(|(x, y)| x.abs_diff(*y) > 1))
            .count();
        if (expected.width, expected.height) != (w, h) || differing > 0 {
            std::fs::write(&new_path, &png).unwrap();
            failures.push(format!(
                "{square} px: {differing} pixels differ (or the size); see {}",
                new_path.display()
            ));
        } else {
            let _ = std::fs::remove_file(&new_path);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// RGB8 as a PNG (the sheets are opaque: a third smaller than RGBA).
fn encode_rgb_png(width: u32, height: u32, rgb: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::High);
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(rgb).unwrap();
    writer.finish().unwrap();
    out
}

#[test]
fn svg_of_a_shaded_set_paints_its_gradients() {
    let svg = |pieces: PieceSet| {
        String::from_utf8(render(
            START,
            Format::SVG,
            DiagramOptions {
                pieces: Some(pieces),
                ..DiagramOptions::default()
            },
        ))
        .unwrap()
    };
    for name in ["fantasy", "spatial", "celtic", "firi"] {
        let text = svg(PieceSet::bundled(name).unwrap());
        let defined = text.matches("<linearGradient ").count();
        assert!(defined > 0, "{name}: no gradient written");
        // Every gradient written is used by some path.
        for id in 0..defined {
            assert!(
                text.contains(&format!("grad{id})\"")),
                "{name}: grad{id} unused"
            );
        }
    }
    assert!(!svg(PieceSet::built_in()).contains("Gradient"));
    assert!(!svg(PieceSet::bundled("cburnett").unwrap()).contains("Gradient"));
}
