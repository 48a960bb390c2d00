//! Golden images, the way resvg tests itself: each case renders a PNG through
//! the library and compares it, pixel by pixel, with `tests/golden/NAME.png`.
//!
//! A pixel matches when every channel (RGBA) is within 1 of the reference.
//! On a mismatch the test writes `NAME.new.png` (what was rendered) and
//! `NAME.diff.png` (the reference dimmed to grey, differing pixels in red)
//! next to the reference, and fails with the number of differing pixels.
//!
//! A second test checks the PNG path (which may compose pre-quantized
//! palette tiles) against the plain rasterizer, within quantization error.
//!
//! To accept new renderings: `FEN2IMG_BLESS=1 cargo test -p fen2img-render --test integration golden::`,
//! then look at the images before committing them.

use crate::common;

use std::path::{Path, PathBuf};

use fen2img_render::options::{Around, Caption, CaptionPosition, Player};
use fen2img_render::{
    Coordinates, DiagramOptions, EncodeOptions, Format, Markup, RenderOptions, Renderer, Theme,
};

use crate::common::{decode_png, markup, position, Image, RUY_LOPEZ, SCHOLARS_MATE, START};

/// Per-channel tolerance.
const TOLERANCE: u8 = 1;

pub(crate) struct Case {
    pub(crate) name: &'static str,
    pub(crate) fen: &'static str,
    pub(crate) options: fn() -> DiagramOptions,
}

fn theme(name: &str) -> Theme {
    Theme::built_in(name).unwrap()
}

const CASES: &[Case] = &[
    Case {
        name: "brown_start",
        fen: START,
        options: || DiagramOptions {
            size: 320,
            ..DiagramOptions::default()
        },
    },
    Case {
        name: "blue_middlegame",
        fen: RUY_LOPEZ,
        options: || DiagramOptions {
            size: 320,
            theme: theme("blue"),
            ..DiagramOptions::default()
        },
    },
    Case {
        name: "green_flipped",
        fen: RUY_LOPEZ,
        options: || DiagramOptions {
            size: 320,
            theme: theme("green"),
            flip: true,
            ..DiagramOptions::default()
        },
    },
    Case {
        name: "print_inside",
        fen: RUY_LOPEZ,
        options: || DiagramOptions {
            size: 320,
            theme: theme("print"),
            coordinates: Coordinates::Inside,
            ..DiagramOptions::default()
        },
    },
    Case {
        name: "print_flipped_markup",
        fen: SCHOLARS_MATE,
        options: || DiagramOptions {
            size: 320,
            theme: theme("print"),
            flip: true,
            markup: markup(),
            ..DiagramOptions::default()
        },
    },
    Case {
        name: "brown_bare",
        fen: RUY_LOPEZ,
        options: || DiagramOptions {
            size: 256,
            coordinates: Coordinates::None,
            side_to_move: false,
            border: false,
            ..DiagramOptions::default()
        },
    },
    Case {
        name: "brown_markup_inside_flipped",
        fen: SCHOLARS_MATE,
        options: || DiagramOptions {
            size: 320,
            flip: true,
            coordinates: Coordinates::Inside,
            markup: markup(),
            ..DiagramOptions::default()
        },
    },
    Case {
        name: "blue_transparent",
        fen: "8/5k2/8/2K5/8/3Q4/8/8 b - - 0 60",
        options: || DiagramOptions {
            size: 240,
            theme: theme("blue"),
            transparent: true,
            ..DiagramOptions::default()
        },
    },
    Case {
        name: "small_160",
        fen: START,
        options: || DiagramOptions {
            size: 160,
            ..DiagramOptions::default()
        },
    },
    Case {
        name: "large_720",
        fen: SCHOLARS_MATE,
        options: || DiagramOptions {
            size: 720,
            theme: theme("green"),
            markup: markup(),
            ..DiagramOptions::default()
        },
    },
];

/// The players of the bar cases: a title, a name with a diacritic, Cyrillic.
fn players() -> Around {
    Around {
        white: Some(Player {
            name: "Ljubomir Ljubojević".into(),
            title: Some("GM".into()),
            elo: Some(2620),
            clock: None,
        }),
        black: Some(Player {
            name: "Алексей Широв".into(),
            title: Some("GM".into()),
            elo: Some(2710),
            clock: None,
        }),
        ..Around::default()
    }
}

/// A crazyhouse position: pockets of one and of many, a promoted queen.
const CRAZYHOUSE: &str =
    "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ~K2R[NNPPPq] w KQ - 0 7";

/// Cases for what is drawn around the board (issue 11).
const AROUND_CASES: &[Case] = &[
    Case {
        name: "caption_diacritics_cyrillic",
        fen: RUY_LOPEZ,
        options: || DiagramOptions {
            size: 400,
            around: Around {
                caption: Some(Caption::Text(
                    "Ljubojević – Алексей Широв, Linares 1995: the Ruy Lopez after 3.Bb5".into(),
                )),
                number: Some(12),
                ..Around::default()
            },
            ..DiagramOptions::default()
        },
    },
    Case {
        name: "caption_auto_above_print",
        fen: "8/5k2/8/2K5/8/3Q4/8/8 b - - 0 60",
        options: || DiagramOptions {
            size: 240,
            theme: theme("print"),
            around: Around {
                caption: Some(Caption::Auto),
                caption_position: CaptionPosition::Above,
                ..Around::default()
            },
            ..DiagramOptions::default()
        },
    },
    Case {
        name: "players",
        fen: RUY_LOPEZ,
        options: || DiagramOptions {
            size: 400,
            around: players(),
            ..DiagramOptions::default()
        },
    },
    Case {
        name: "players_flipped",
        fen: RUY_LOPEZ,
        options: || DiagramOptions {
            size: 400,
            flip: true,
            theme: theme("blue"),
            around: players(),
            ..DiagramOptions::default()
        },
    },
    Case {
        name: "pockets_empty",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        options: || DiagramOptions {
            size: 240,
            ..DiagramOptions::default()
        },
    },
    Case {
        name: "pockets_one",
        fen: "rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR[p] w KQkq - 0 3",
        options: || DiagramOptions {
            size: 320,
            theme: theme("green"),
            ..DiagramOptions::default()
        },
    },
    Case {
        name: "pockets_many_promoted",
        fen: CRAZYHOUSE,
        options: || DiagramOptions {
            size: 400,
            ..DiagramOptions::default()
        },
    },
    Case {
        name: "three_check",
        fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+3 0 2",
        options: || DiagramOptions {
            size: 320,
            ..DiagramOptions::default()
        },
    },
];

/// Every case.
fn all_cases() -> impl Iterator<Item = &'static Case> {
    CASES
        .iter()
        .chain(AROUND_CASES)
        .chain(crate::annotations::GOLDEN_CASES)
        .chain(crate::dropin::GOLDEN_CASES)
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/integration/golden")
}

fn render(case: &Case) -> Vec<u8> {
    let mut options = RenderOptions::new(Format::PNG);
    options.diagram = (case.options)();
    // The smallest files for the repository; pixels are what is compared.
    options.encode = EncodeOptions {
        optimize: true,
        ..EncodeOptions::default()
    };
    let mut renderer = Renderer::new(options);
    renderer.render(&position(case.fen)).unwrap()
}

/// The number of pixels where some channel differs by more than the tolerance,
/// and a visual diff: the reference in faint grey, differing pixels red.
fn compare(actual: &Image, expected: &Image) -> (usize, Vec<u8>) {
    let mut count = 0;
    let mut diff = Vec::with_capacity(expected.rgba.len());
    for (a, e) in actual
        .rgba
        .chunks_exact(4)
        .zip(expected.rgba.chunks_exact(4))
    {
        let differs = a.iter().zip(e).any(|(&x, &y)| x.abs_diff(y) > TOLERANCE);
        if differs {
            count += 1;
            diff.extend_from_slice(&[255, 0, 0, 255]);
        } else {
            let grey = (e[0] as u32 + e[1] as u32 + e[2] as u32) / 3;
            let faint = (192 + grey / 4) as u8;
            diff.extend_from_slice(&[faint, faint, faint, 255]);
        }
    }
    (count, diff)
}

fn check(case: &Case) -> Result<(), String> {
    let dir = golden_dir();
    let reference = dir.join(format!("{}.png", case.name));
    let new_path = dir.join(format!("{}.new.png", case.name));
    let diff_path = dir.join(format!("{}.diff.png", case.name));
    let png = render(case);
    if std::env::var_os("FEN2IMG_BLESS").is_some_and(|v| v == "1") {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&reference, &png).unwrap();
        let _ = std::fs::remove_file(&new_path);
        let _ = std::fs::remove_file(&diff_path);
        return Ok(());
    }
    let actual = decode_png(&png);
    let expected = match std::fs::read(&reference) {
        Ok(bytes) => decode_png(&bytes),
        Err(e) => {
            std::fs::write(&new_path, &png).unwrap();
            return Err(format!(
                "{}: no reference ({e}); wrote {} (bless with FEN2IMG_BLESS=1)",
                case.name,
                new_path.display()
            ));
        }
    };
    if (actual.width, actual.height) != (expected.width, expected.height) {
        std::fs::write(&new_path, &png).unwrap();
        return Err(format!(
            "{}: size {}x{}, reference {}x{}; wrote {}",
            case.name,
            actual.width,
            actual.height,
            expected.width,
            expected.height,
            new_path.display()
        ));
    }
    let (count, diff) = compare(&actual, &expected);
    if count > 0 {
        std::fs::write(&new_path, &png).unwrap();
        std::fs::write(
            &diff_path,
            common::encode_png(expected.width, expected.height, &diff),
        )
        .unwrap();
        return Err(format!(
            "{}: {count} of {} pixels differ by more than {TOLERANCE}; see {} and {}",
            case.name,
            expected.width * expected.height,
            new_path.display(),
            diff_path.display()
        ));
    }
    let _ = std::fs::remove_file(&new_path);
    let _ = std::fs::remove_file(&diff_path);
    Ok(())
}

#[test]
fn golden_images() {
    let failures: Vec<String> = all_cases().filter_map(|c| check(c).err()).collect();
    assert!(
        failures.is_empty(),
        "{} of {} golden images differ:\n{}",
        failures.len(),
        all_cases().count(),
        failures.join("\n")
    );
}

#[test]
fn cases_cover_every_theme_orientation_and_coordinate_mode() {
    let options: Vec<DiagramOptions> = all_cases().map(|c| (c.options)()).collect();
    for name in Theme::built_in_names() {
        assert!(options.iter().any(|o| o.theme.name == name), "theme {name}");
    }
    for coordinates in [Coordinates::Outside, Coordinates::Inside, Coordinates::None] {
        assert!(options.iter().any(|o| o.coordinates == coordinates));
    }
    assert!(options.iter().any(|o| o.flip));
    assert!(options.iter().any(|o| o.size <= 160));
    assert!(options.iter().any(|o| o.size >= 720));
    assert!(options.iter().any(|o| o.markup != Markup::default()));
    let mut names: Vec<&str> = all_cases().map(|c| c.name).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), all_cases().count(), "unique names");
}

/// The comparison itself: a one-level change passes, a two-level change and
/// a moved piece fail, and the diff marks exactly the changed pixels.
#[test]
fn the_comparison_catches_changes() {
    let png = render(&CASES[0]);
    let reference = decode_png(&png);
    let mut nudged = reference.clone();
    for v in nudged.rgba.iter_mut().step_by(7) {
        *v = if *v == 255 { 254 } else { *v + 1 };
    }
    assert_eq!(compare(&nudged, &reference).0, 0);
    let mut changed = reference.clone();
    changed.rgba[4 * 1000] ^= 2;
    changed.rgba[4 * 5000 + 1] ^= 0x80;
    let (count, diff) = compare(&changed, &reference);
    assert_eq!(count, 2);
    assert_eq!(&diff[4 * 1000..4 * 1000 + 4], &[255, 0, 0, 255]);
    // The same position flipped is a very different image.
    let flipped = Case {
        name: "flipped",
        fen: START,
        options: || DiagramOptions {
            size: 320,
            flip: true,
            ..DiagramOptions::default()
        },
    };
    let (count, _) = compare(&decode_png(&render(&flipped)), &reference);
    assert!(count > 1000, "{count}");
}

/// The PNG path may take a palette shortcut (pre-quantized tiles); it must
/// still show what the rasterizer draws, up to quantization error.
#[test]
fn the_png_path_matches_the_rasterizer() {
    let mut worst = 0u8;
    for case in all_cases() {
        let options = (case.options)();
        let layout = fen2img_render::Layout::new(&position(case.fen), &options).unwrap();
        let direct =
            common::pixmap_rgba(&fen2img_render::internals::Rasterizer::new().render(&layout));
        let png = decode_png(&render(case));
        let mut max = 0u8;
        let mut off = 0usize;
        for (a, b) in png.rgba.chunks_exact(4).zip(direct.chunks_exact(4)) {
            let d = a.iter().zip(b).map(|(x, y)| x.abs_diff(*y)).max().unwrap();
            max = max.max(d);
            off += (d > QUANTIZATION) as usize;
        }
        worst = worst.max(max);
        let share = off as f64 / (png.rgba.len() / 4) as f64;
        assert!(
            share <= QUANTIZATION_RARE_SHARE && max <= QUANTIZATION_RARE,
            "{}: {off} pixels differ by more than {QUANTIZATION} (max {max})",
            case.name
        );
    }
    println!("PNG vs rasterizer: worst channel difference {worst}");
}

/// How far the palette PNG may stray from the rasterizer's RGBA pixels.
/// The palette is exact when the options draw at most 256 colours (720 px),
/// otherwise a median cut: flat areas stay exact and nearly every
/// anti-aliased pixel is within a few levels, but a colour that occurs on a
/// single edge pixel (the mover marker's rim, say) may merge with a
/// neighbour. So: almost all pixels within `QUANTIZATION`, and none beyond
/// `QUANTIZATION_RARE`, which is still far below what shows on an edge.
const QUANTIZATION: u8 = 8;
/// See [`QUANTIZATION`].
const QUANTIZATION_RARE: u8 = 24;
/// At most this fraction of pixels may exceed `QUANTIZATION`.
const QUANTIZATION_RARE_SHARE: f64 = 0.0005;
