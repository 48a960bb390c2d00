//! Helpers and data shared by fen2img's test suites: the render crate's and
//! the command line's. One place, so that a fix to a helper reaches both.

use std::path::{Path, PathBuf};
use std::process::Output;

use fen2img_render::options::{ArrowSpec, CheckMark};
use fen2img_render::Rgba;
use fen2img_render::{parse, Markup, ParseOptions, Position, Square};

/// The starting position.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Ruy Lopez after 5.O-O: Black to move.
pub const RUY_LOPEZ: &str = "r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 3 5";

/// Scholar's mate: Black is checkmated, Black to move (the check glow has a king to find).
pub const SCHOLARS_MATE: &str =
    "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";

const MALFORMED: &str = include_str!("../data/malformed.jsonl");
const POSITIONS: &str = include_str!("../data/positions.fen");

/// The malformed corpus with the 1-based column of every rejected case
/// (see `data/README.md`).
pub const MALFORMED_WITH_COLUMNS: &str = include_str!("../data/malformed_with_columns.jsonl");

/// The path of the valid corpus, for tests that hand it to the binary.
pub const POSITIONS_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/positions.fen");

/// Parses a FEN that the test knows to be valid.
pub fn position(fen: &str) -> Position {
    parse(fen.as_bytes(), ParseOptions::default())
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .position
}

/// A square the test knows to be valid.
pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// Markup of every kind (tint, glow, arrows, a circle, marks, a fill), for
/// the image suites; it suits the mating position `SCHOLARS_MATE`.
pub fn markup() -> Markup {
    Markup {
        lastmove: Some((sq("h5"), sq("f7"))),
        check: CheckMark::Auto,
        arrows: ["Gc4f7", "Yd8h4", "Re8", "Bg1f3"]
            .iter()
            .map(|s| ArrowSpec::parse(s).unwrap())
            .collect(),
        marks: vec![sq("e5"), sq("d4")],
        fills: vec![(sq("a1"), Rgba::parse("#ff000080").unwrap())],
        ..Markup::default()
    }
}

/// A finished command's standard error as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A finished command's standard output as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Asserts the exit code, showing both streams when it is wrong.
#[track_caller]
pub fn assert_code(out: &Output, code: i32) {
    assert_eq!(
        out.status.code(),
        Some(code),
        "exit status\nstdout: {}\nstderr: {}",
        stdout(out),
        stderr(out)
    );
}

/// The valid corpus records (`tests/data/positions.fen`).
pub fn corpus_positions() -> impl Iterator<Item = &'static str> {
    POSITIONS
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
}

/// One line of `tests/data/malformed.jsonl`.
#[derive(Debug, Clone)]
pub struct Case {
    /// The exact input handed to the parser.
    pub input: String,
    /// `reject`, `accept` or `warn`.
    pub expect: String,
    /// The field a rejection must name (empty otherwise).
    pub field: String,
    /// What is special about the case.
    pub what: String,
}

/// Every malformed-corpus case.
pub fn malformed_cases() -> Vec<Case> {
    MALFORMED
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| Case {
            input: json_field(l, "input"),
            expect: json_field(l, "expect"),
            field: json_field(l, "field"),
            what: json_field(l, "what"),
        })
        .collect()
}

/// A string value from a flat JSON object (enough for malformed.jsonl).
fn json_field(line: &str, key: &str) -> String {
    let pat = format!("\"{key}\": \"");
    let start = line.find(&pat).unwrap_or_else(|| panic!("{key} in {line}")) + pat.len();
    let mut out = String::new();
    let mut chars = line[start..].chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return out,
            '\\' => match chars.next().expect("escape") {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                'r' => out.push('\r'),
                'u' => {
                    let hex: String = chars.by_ref().take(4).collect();
                    out.push(char::from_u32(u32::from_str_radix(&hex, 16).unwrap()).unwrap());
                }
                other => out.push(other),
            },
            c => out.push(c),
        }
    }
    panic!("unterminated string in {line}")
}

/// A fresh, empty directory for one test under `base` (a test binary passes
/// cargo's per-target temp dir, `CARGO_TARGET_TMPDIR`, which only test
/// binaries see).
///
/// # Panics
///
/// When a test binary asks for the same directory twice: the tests of a
/// binary run at the same time, and two sharing a directory wipe each
/// other's files (three pairs did, until this check named them).
pub fn scratch_dir_in(base: &Path, name: &str) -> PathBuf {
    static GIVEN: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());
    let dir = base.join("fen2img-tests").join(name);
    {
        let mut given = GIVEN.lock().unwrap_or_else(|e| e.into_inner());
        assert!(
            !given.contains(&dir),
            "two tests share the scratch directory {name:?}: give each its own"
        );
        given.push(dir.clone());
    }
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A decoded image: straight-alpha RGBA8, row by row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Straight-alpha RGBA8, row by row.
    pub rgba: Vec<u8>,
}

/// Each frame of an animated GIF as a viewer sees it, RGBA8: the frames
/// drawn one over the other (disposal "keep"; transparent pixels show what
/// is under them).
pub fn gif_screens(bytes: &[u8]) -> Vec<Vec<u8>> {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(bytes).expect("a GIF");
    let w = usize::from(decoder.width());
    let mut canvas = vec![0u8; w * usize::from(decoder.height()) * 4];
    let mut out = Vec::new();
    while let Some(f) = decoder.read_next_frame().expect("a frame") {
        let (fw, fl, ft) = (
            usize::from(f.width),
            usize::from(f.left),
            usize::from(f.top),
        );
        for (i, px) in f.buffer.chunks_exact(4).enumerate() {
            if px[3] > 0 {
                let at = ((ft + i / fw) * w + fl + i % fw) * 4;
                canvas[at..at + 4].copy_from_slice(px);
            }
        }
        out.push(canvas.clone());
    }
    out
}

/// Decodes any 8-bit (or palette) PNG into RGBA8.
pub fn decode_png(bytes: &[u8]) -> Image {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("buffer size")];
    let info = reader.next_frame(&mut buf).expect("PNG data");
    buf.truncate(info.buffer_size());
    let rgba = match info.color_type {
        png::ColorType::Rgba => buf,
        png::ColorType::Rgb => buf
            .chunks_exact(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        png::ColorType::GrayscaleAlpha => buf
            .chunks_exact(2)
            .flat_map(|p| [p[0], p[0], p[0], p[1]])
            .collect(),
        png::ColorType::Grayscale => buf.iter().flat_map(|&g| [g, g, g, 255]).collect(),
        png::ColorType::Indexed => unreachable!("EXPAND removes the palette"),
    };
    Image {
        width: info.width,
        height: info.height,
        rgba,
    }
}

/// Encodes RGBA8 as a PNG.
pub fn encode_png(width: u32, height: u32, rgba: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_compression(png::Compression::High);
        let mut writer = encoder.write_header().unwrap();
        writer.write_image_data(rgba).unwrap();
    }
    out
}

/// Straight-alpha RGBA of a tiny-skia pixmap.
pub fn pixmap_rgba(pixmap: &resvg::tiny_skia::Pixmap) -> Vec<u8> {
    pixmap
        .pixels()
        .iter()
        .flat_map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect()
}
