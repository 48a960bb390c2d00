//! Chess problem diagrams from real problems (`data/problems.txt`, typed
//! from the Popeye solver's example files): each read as Popeye input and
//! as Fairy FEN, the two compared unit by unit, the count checked against
//! the count typed by hand, the alt text checked to name every unit, and
//! the picture compared with a golden PNG (`golden/problems/`, blessed
//! like the other goldens: `FEN2IMG_BLESS=1 cargo test -p fen2img-render
//! --test integration problems::`). Turned and neutral pieces are drawn in
//! every theme (goldens) and with every bundled piece set (checked on the
//! pixels: a neutral piece is its white glyph on the left, its black glyph
//! on the right).

use std::path::{Path, PathBuf};

use fen2img_render::chess::problem::{parse_fairy_fen, parse_popeye, Problem};
use fen2img_render::problem::alt_text;
use fen2img_render::{problem_image_size as image_size, render_problem as render};
use fen2img_render::{DiagramOptions, EncodeOptions, Format, PieceSet, RenderOptions, Theme};

use crate::common::{decode_png, gif_screens, Image};

/// One problem of the data file.
struct Case {
    name: String,
    count: String,
    fairy: String,
    popeye: String,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/problems.txt");
    let mut cases = Vec::new();
    for block in text.split("\n=== ").skip(1) {
        let mut lines = block.lines();
        let name = lines.next().unwrap().trim().to_owned();
        let count = lines
            .next()
            .unwrap()
            .strip_prefix("count ")
            .unwrap()
            .to_owned();
        let fairy = lines
            .next()
            .unwrap()
            .strip_prefix("fairy ")
            .unwrap()
            .to_owned();
        let popeye: String = lines.map(|l| format!("{l}\n")).collect();
        cases.push(Case {
            name,
            count,
            fairy,
            popeye,
        });
    }
    cases
}

fn units(p: &Problem) -> Vec<String> {
    p.units()
        .map(|(sq, u)| format!("{sq} {}", u.describe()))
        .collect()
}

#[test]
fn there_are_twenty_real_problems() {
    assert!(cases().len() >= 20, "{}", cases().len());
}

#[test]
fn popeye_and_fairy_fen_agree_and_the_count_is_the_typed_one() {
    for case in cases() {
        let from_popeye = parse_popeye(&case.popeye)
            .unwrap_or_else(|e| panic!("{}: {e}", case.name))
            .remove(0);
        let from_fen =
            parse_fairy_fen(&case.fairy).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        assert_eq!(units(&from_popeye), units(&from_fen), "{}", case.name);
        assert_eq!(from_popeye.count_text(), case.count, "{}", case.name);
        assert!(!from_popeye.authors.is_empty(), "{}", case.name);
        assert!(from_popeye.stipulation.is_some(), "{}", case.name);
        // Fairy FEN written back reads back the same.
        let again = parse_fairy_fen(&from_fen.to_fairy_fen()).unwrap();
        assert_eq!(units(&again), units(&from_fen), "{}", case.name);
    }
}

#[test]
fn alt_text_names_every_unit_and_the_count() {
    for case in cases() {
        let p = parse_popeye(&case.popeye).unwrap().remove(0);
        let alt = alt_text(&p);
        for (sq, _) in p.units() {
            assert!(
                alt.contains(&sq.to_string()),
                "{}: {sq} in {alt}",
                case.name
            );
        }
        assert!(alt.contains(&case.count), "{}: {alt}", case.name);
        assert!(alt.contains(p.authors[0].as_str()), "{}: {alt}", case.name);
        // The same words are the SVG's description.
        let svg = String::from_utf8(render(&p, &RenderOptions::default()).unwrap()).unwrap();
        assert!(svg.contains(&case.count), "{}", case.name);
        assert!(svg.contains("<desc>Chess problem: "), "{}", case.name);
    }
}

/// The built-in themes, one per problem in turn, so every theme is drawn.
fn themes() -> Vec<&'static str> {
    Theme::built_in_names().collect()
}

fn options(theme: &str, pieces: PieceSet, size: u32) -> RenderOptions {
    let mut options = RenderOptions::new(Format::PNG);
    options.diagram = DiagramOptions {
        size,
        theme: Theme::built_in(theme).unwrap(),
        pieces: Some(pieces),
        ..DiagramOptions::default()
    };
    options.encode = EncodeOptions {
        optimize: true,
        ..EncodeOptions::default()
    };
    options
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/integration/golden/problems")
}

/// Compares `png` with `golden/problems/NAME.png` within 1 per channel
/// (or writes it under FEN2IMG_BLESS=1).
fn check_golden(name: &str, png: &[u8]) -> Result<(), String> {
    let dir = golden_dir();
    let reference = dir.join(format!("{name}.png"));
    let new_path = dir.join(format!("{name}.new.png"));
    if std::env::var_os("FEN2IMG_BLESS").is_some_and(|v| v == "1") {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&reference, png).unwrap();
        let _ = std::fs::remove_file(&new_path);
        return Ok(());
    }
    let expected = match std::fs::read(&reference) {
        Ok(bytes) => decode_png(&bytes),
        Err(e) => {
            std::fs::write(&new_path, png).unwrap();
            return Err(format!("{name}: no reference ({e})"));
        }
    };
    let actual = decode_png(png);
    let differ = (actual.width, actual.height) != (expected.width, expected.height)
        || actual
            .rgba
            .iter()
            .zip(&expected.rgba)
            .any(|(a, e)| a.abs_diff(*e) > 1);
    if differ {
        std::fs::write(&new_path, png).unwrap();
        return Err(format!("{name}: differs; see {}", new_path.display()));
    }
    let _ = std::fs::remove_file(&new_path);
    Ok(())
}

#[test]
fn real_problems_match_their_goldens() {
    let mut failures = Vec::new();
    for (i, case) in cases().iter().enumerate() {
        let p = parse_popeye(&case.popeye).unwrap().remove(0);
        let themes = themes();
        let theme = themes[i % themes.len()];
        let png = render(&p, &options(theme, PieceSet::built_in(), 240)).unwrap();
        if let Err(e) = check_golden(&format!("{}_{theme}", case.name), &png) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every kind of unit: neutral, turned a quarter, a half and three quarters,
/// a fairy piece (plain and neutral), every marker, a text.
const SAMPLER: &str =
    "4k3/1-*1Q1*2N1*3r2/2(G)1(!CA)3/3{ab}4/C1X1S1T1/-c7/8/-K-*1Q-*2R-*3B-N-P*2n*1Q";

fn sampler() -> Problem {
    let mut p = parse_fairy_fen(SAMPLER).unwrap();
    p.authors = vec!["A. Composer".into(), "B. Composer".into()];
    p.source = Some("The Problemist".into());
    p.date = Some("2026".into());
    p.award = Some("1st Prize".into());
    p.stipulation = Some("ser-h=14".into());
    p
}

#[test]
fn turned_and_neutral_pieces_in_every_theme_match_their_goldens() {
    let mut failures = Vec::new();
    for theme in themes() {
        let png = render(&sampler(), &options(theme, PieceSet::built_in(), 320)).unwrap();
        if let Err(e) = check_golden(&format!("sampler_{theme}"), &png) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The pixel at (`x`, `y`): its grey level.
fn grey(image: &Image, x: u32, y: u32) -> u32 {
    let i = ((y * image.width + x) * 4) as usize;
    (u32::from(image.rgba[i]) + u32::from(image.rgba[i + 1]) + u32::from(image.rgba[i + 2])) / 3
}

/// The mean grey of a box of the image, left and right halves of a square.
fn halves(image: &Image, x0: f32, y0: f32, s: f32) -> (f32, f32) {
    let mean = |from: f32, to: f32| {
        let mut sum = 0u64;
        let mut n = 0u64;
        for y in (y0 + s * 0.2) as u32..(y0 + s * 0.9) as u32 {
            for x in from as u32..to as u32 {
                sum += u64::from(grey(image, x, y));
                n += 1;
            }
        }
        sum as f32 / n as f32
    };
    (
        mean(x0 + s * 0.15, x0 + s * 0.45),
        mean(x0 + s * 0.55, x0 + s * 0.85),
    )
}

#[test]
fn neutral_pieces_are_white_left_and_black_right_with_every_bundled_set() {
    // A neutral queen on a1, a white one on c1 and a black one on e1 (all
    // on dark squares).
    let p = parse_fairy_fen("8/8/8/8/8/8/8/-Q1Q1q3").unwrap();
    let sets = PieceSet::bundled_sets()
        .iter()
        .map(|s| PieceSet::bundled(s.name).unwrap())
        .chain([PieceSet::built_in()]);
    for set in sets {
        let name = set.name().to_owned();
        let opts = options("brown", set, 400);
        let image = decode_png(&render(&p, &opts).unwrap());
        let (w, h) = image_size(&p, &opts);
        assert_eq!((image.width, image.height), (w, h));
        // Geometry as the layout makes it: 4 % margins, eight squares.
        let margin = (400.0f32 * 0.04).round();
        let s = (400.0 - 2.0 * margin) / 8.0;
        let board_y = margin;
        let y = board_y + 7.0 * s;
        let (nl, nr) = halves(&image, margin, y, s);
        let (wl, _) = halves(&image, margin + 2.0 * s, y, s);
        let (_, br) = halves(&image, margin + 4.0 * s, y, s);
        assert!(
            (nl - wl).abs() < 8.0,
            "{name}: left half {nl} vs white {wl}"
        );
        assert!(
            (nr - br).abs() < 8.0,
            "{name}: right half {nr} vs black {br}"
        );
        assert!(
            nl > nr + 10.0,
            "{name}: left {nl} not lighter than right {nr}"
        );
    }
}

#[test]
fn a_turned_piece_is_its_glyph_rotated_about_the_centre() {
    // A white queen upright (a1), upside down (c1), a quarter turn (e1):
    // all on dark squares.
    let p = parse_fairy_fen("8/8/8/8/8/8/8/Q1*2Q1*1Q3").unwrap();
    let opts = options("brown", PieceSet::built_in(), 400);
    let image = decode_png(&render(&p, &opts).unwrap());
    let margin = (400.0f32 * 0.04).round();
    let s = (400.0 - 2.0 * margin) / 8.0;
    let y0 = margin + 7.0 * s;
    // Rows of the upright glyph read upside down are the turned glyph's rows.
    let mut diff = 0u64;
    let mut total = 0u64;
    for dy in 2..(s as u32 - 2) {
        for dx in 2..(s as u32 - 2) {
            let up = grey(&image, (margin + dx as f32) as u32, (y0 + dy as f32) as u32);
            let down = grey(
                &image,
                (margin + 2.0 * s + s - 1.0 - dx as f32) as u32,
                (y0 + s - 1.0 - dy as f32) as u32,
            );
            diff += u64::from(up.abs_diff(down));
            total += 1;
        }
    }
    assert!(diff / total < 12, "mean difference {}", diff / total);
    // And it is not the upright glyph again.
    let svg = render(&p, &RenderOptions::default()).unwrap();
    let svg = String::from_utf8(svg).unwrap();
    assert_eq!(svg.matches("rotate(180 ").count(), 1);
    assert_eq!(svg.matches("rotate(90 ").count(), 1);
}

#[test]
fn every_text_format_writes_the_problem_board() {
    let p = sampler();
    let mut options = RenderOptions::new(Format::from_extension("txt").unwrap());
    options.diagram.size = 400;
    let text = String::from_utf8(render(&p, &options).unwrap()).unwrap();
    assert!(text.contains("-K  -Q1 -R2 -B3 -S  -P   s2  Q1 "), "{text}");
    assert!(text.contains("ser-h=14  (3+3+8n)"), "{text}");
}

/// GIF and the terminal pictures draw the problem too: the GIF is the
/// PNG's picture in a palette (the sampler's few colours stay exact but for
/// anti-aliased edges), kitty and iTerm2 carry the PNG, sixel its palette
/// image; half blocks are refused with a message that names the way out.
#[test]
fn a_problem_is_drawn_as_gif_and_as_terminal_pictures() {
    let p = sampler();
    let in_format = |ext: &str| {
        let mut options = RenderOptions::new(Format::from_extension(ext).unwrap());
        options.diagram.size = 240;
        render(&p, &options)
    };
    let png = decode_png(&in_format("png").unwrap());
    let screens = gif_screens(&in_format("gif").unwrap());
    assert_eq!(screens.len(), 1);
    assert_eq!(screens[0].len(), png.rgba.len());
    let far = screens[0]
        .chunks_exact(4)
        .zip(png.rgba.chunks_exact(4))
        .filter(|(g, p)| g.iter().zip(p.iter()).any(|(a, b)| a.abs_diff(*b) > 24))
        .count();
    assert!(far * 100 < png.rgba.len() / 4, "{far} pixels differ");
    for (name, start) in [
        ("kitty", "\x1b_G"),
        ("iterm", "\x1b]1337;File="),
        ("sixel", "\x1bP"),
    ] {
        let mut options = RenderOptions::new(name.parse::<Format>().unwrap());
        options.diagram.size = 240;
        let text = String::from_utf8(render(&p, &options).unwrap()).unwrap();
        assert!(
            text.starts_with(start),
            "{name}: {:?}",
            &text[..text.len().min(20)]
        );
    }
    let mut options = RenderOptions::new("blocks".parse::<Format>().unwrap());
    options.diagram.size = 240;
    let e = render(&p, &options).unwrap_err().to_string();
    assert!(e.contains("use kitty, iterm or sixel"), "{e}");
}

#[test]
fn ordinary_output_is_unchanged_by_the_problem_path() {
    // The ordinary renderer never reads a problem: an orthodox position
    // drawn the ordinary way is what it was (the goldens of `golden::`
    // prove its bytes); here the problem path of the same position differs
    // from it (its own layout), so the two cannot be confused.
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let position = fen2img_render::parse(fen.as_bytes(), Default::default())
        .unwrap()
        .position;
    let mut renderer = fen2img_render::Renderer::new(RenderOptions::default());
    let ordinary = renderer.render(&position).unwrap();
    let p = parse_fairy_fen("4k3/8/8/8/8/8/8/4K3").unwrap();
    let problem = render(&p, &RenderOptions::default()).unwrap();
    assert_ne!(ordinary, problem);
    assert!(!String::from_utf8(ordinary)
        .unwrap()
        .contains("Chess problem"));
}

#[test]
fn the_options_table_draws_an_ordinary_fen_as_a_problem_in_fences_and_python() {
    use fen2img_render::vocabulary::{FrontEnd, RENDER};
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let position = fen2img_render::parse(fen.as_bytes(), Default::default())
        .unwrap()
        .position;
    for (front, source) in [
        (FrontEnd::Fence, "source"),
        (FrontEnd::Python, "problem_source"),
    ] {
        let mut options = RenderOptions::default();
        let given = [
            ("stipulation", "#2"),
            ("author", "A. Composer,B. Composer"),
            (source, "The Problemist"),
            ("award", "1st Prize"),
        ];
        for (name, value) in given {
            RENDER
                .apply(
                    &mut options,
                    front,
                    name,
                    Some(value),
                    &fen2img_render::vocabulary::BuiltIn,
                )
                .unwrap_or_else(|e| panic!("{front:?} {name}: {e}"));
        }
        let svg = fen2img_render::Renderer::new(options)
            .render(&position)
            .unwrap();
        let svg = String::from_utf8(svg).unwrap();
        assert!(
            svg.contains(
                "<desc>Chess problem: A. Composer &amp; B. Composer, The Problemist, 1st Prize. \
                 White: Ke1 Rh1. Black: Ke8. #2 (2+1).</desc>"
            ),
            "{front:?}: {}",
            &svg[..300.min(svg.len())]
        );
    }
}

#[test]
fn two_problem_svgs_share_no_id() {
    let a = parse_fairy_fen("8/8/8/8/8/8/8/-K7").unwrap();
    let b = parse_fairy_fen("8/8/8/8/8/8/8/1-K6").unwrap();
    let ids = |p: &Problem| {
        let svg = String::from_utf8(render(p, &RenderOptions::default()).unwrap()).unwrap();
        svg.split(" id=\"")
            .skip(1)
            .map(|s| s[..s.find('"').unwrap()].to_owned())
            .collect::<Vec<_>>()
    };
    let (ia, ib) = (ids(&a), ids(&b));
    assert!(!ia.is_empty());
    assert!(ia.iter().all(|id| !ib.contains(id)), "{ia:?} {ib:?}");
}

/// In print the board is ink and paper only, as a photocopier or a 1-bit
/// newspaper plate needs: the hatched dark squares (laid on the pixel grid)
/// and the box hold no grey pixel, at a newspaper's small size and a large
/// one; the box is at least two pixels wide.
#[test]
fn print_hatching_and_box_are_ink_and_paper_only() {
    let p = parse_fairy_fen("8/8/8/8/8/8/8/8").unwrap();
    for size in [180, 240, 333, 600] {
        let opts = options("print", PieceSet::built_in(), size);
        let image = decode_png(&render(&p, &opts).unwrap());
        let mut greys = 0;
        let mut ink = 0;
        // The board and its box: everything between the margins.
        let margin = (size as f32 * 0.04).round() as u32;
        for y in margin..image.height - 3 * margin {
            for x in margin..image.width - margin {
                match grey(&image, x, y) {
                    0 => ink += 1,
                    255 => {}
                    _ => greys += 1,
                }
            }
        }
        assert_eq!(greys, 0, "{size} px: {greys} grey pixels on the board");
        assert!(ink > 1000, "{size} px: {ink} ink pixels: no hatching?");
        // The box: the two leftmost columns of ink are whole, top to bottom.
        let left = (0..image.width)
            .find(|&x| grey(&image, x, image.height / 2) == 0)
            .unwrap();
        assert_eq!(grey(&image, left + 1, image.height / 2), 0, "{size} px");
    }
}

/// The width and height a picture's header gives: PNG, lossless WebP
/// (`VP8L`), JPEG (its start-of-frame) and GIF (its logical screen).
fn header_size(format: &str, bytes: &[u8]) -> (u32, u32) {
    let be = |i: usize| u32::from(u16::from_be_bytes([bytes[i], bytes[i + 1]]));
    let le = |i: usize| u32::from(u16::from_le_bytes([bytes[i], bytes[i + 1]]));
    match format {
        "png" => {
            let image = decode_png(bytes);
            (image.width, image.height)
        }
        "webp" => {
            let at = bytes.windows(4).position(|w| w == b"VP8L").unwrap() + 8;
            assert_eq!(bytes[at], 0x2f, "a lossless WebP's signature");
            let bits = u32::from_le_bytes(bytes[at + 1..at + 5].try_into().unwrap());
            ((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1)
        }
        "jpg" => {
            let at = bytes
                .windows(2)
                .position(|w| w[0] == 0xff && matches!(w[1], 0xc0 | 0xc2))
                .unwrap();
            (be(at + 7), be(at + 5))
        }
        "gif" => (le(6), le(8)),
        _ => unreachable!(),
    }
}

/// The problem layout in every format: each picture is the problem's
/// size (the caption bands make it taller than the board's square), an
/// SVG says the count and the words in its `<desc>`, a text board its
/// count, and the terminal pictures carry it.
#[test]
fn the_problem_layout_is_drawn_in_every_format() {
    let p = sampler();
    let with = |ext: &str| {
        let mut options = RenderOptions::new(Format::from_extension(ext).unwrap());
        options.diagram.size = 280;
        options
    };
    let (w, h) = image_size(&p, &with("png"));
    assert!(
        h > w + 40,
        "{w}x{h}: no room for the caption above and below"
    );
    for ext in ["png", "webp", "jpg", "gif"] {
        let bytes = render(&p, &with(ext)).unwrap();
        assert_eq!(header_size(ext, &bytes), (w, h), "{ext}");
    }
    let svg = String::from_utf8(render(&p, &with("svg")).unwrap()).unwrap();
    assert!(
        svg.contains(&format!("width=\"{w}\" height=\"{h}\"")),
        "{svg:.300}"
    );
    assert!(svg.contains("<desc>Chess problem: A. Composer &amp; B. Composer"));
    assert!(svg.contains("ser-h=14 (3+3+8n)."));
    let text = String::from_utf8(render(&p, &with("txt")).unwrap()).unwrap();
    assert!(text.starts_with("A. Composer & B. Composer\n"), "{text}");
    assert!(text.contains("ser-h=14  (3+3+8n)"), "{text}");
    // `fen`: the problem's own notation, which reads back to the units.
    let fen = String::from_utf8(render(&p, &RenderOptions::new(Format::Fen)).unwrap()).unwrap();
    assert_eq!(
        parse_fairy_fen(fen.trim_end()).unwrap(),
        parse_fairy_fen(SAMPLER).unwrap()
    );
}

/// A turned piece is its set's glyph rotated, with every bundled set and
/// the built-in one: the upside-down queen's square is the upright queen's
/// square read backwards, pixel for pixel within antialiasing.
#[test]
fn turned_pieces_are_drawn_with_every_bundled_set() {
    let p = parse_fairy_fen("8/8/8/8/8/8/8/Q1*2Q1-*2Q3").unwrap();
    let sets = PieceSet::bundled_sets()
        .iter()
        .map(|s| PieceSet::bundled(s.name).unwrap())
        .chain([PieceSet::built_in()]);
    for set in sets {
        let name = set.name().to_owned();
        let image = decode_png(&render(&p, &options("brown", set, 400)).unwrap());
        let margin = (400.0f32 * 0.04).round();
        let s = (400.0 - 2.0 * margin) / 8.0;
        let y0 = margin + 7.0 * s;
        let mut diff = 0u64;
        let mut ink = 0u64;
        let mut total = 0u64;
        for dy in 2..(s as u32 - 2) {
            for dx in 2..(s as u32 - 2) {
                let up = grey(&image, (margin + dx as f32) as u32, (y0 + dy as f32) as u32);
                let down = grey(
                    &image,
                    (margin + 2.0 * s + s - 1.0 - dx as f32) as u32,
                    (y0 + s - 1.0 - dy as f32) as u32,
                );
                diff += u64::from(up.abs_diff(down));
                ink += u64::from(up < 100);
                total += 1;
            }
        }
        assert!(ink > total / 20, "{name}: no queen drawn");
        assert!(
            diff / total < 14,
            "{name}: mean difference {}",
            diff / total
        );
        // The neutral one turned too: its left half is the white queen's
        // turned left half (light), its right the black's (dark).
        let (left, right) = halves(&image, margin + 4.0 * s, y0, s);
        assert!(left > right + 10.0, "{name}: {left} {right}");
    }
}

/// The units an alt text names, read back: `(square, description)` as
/// [`Unit::describe`] says them (`"neutral knight turned 180°"`), sorted.
/// Its sentences are "White: …", "Black: …", "Neutral: …" (a problem
/// column's piece list: `Ke1 Sf3 Q2a1 Gc3`, the letters `K Q R B S P` or a
/// fairy code, the quarter turns, the square), "On the squares: …"
/// (described in full) and the legend ("G = grasshopper, CA = fairy
/// piece"), which says which letters are fairy codes.
fn units_said(alt: &str) -> Vec<String> {
    let sentences: Vec<&str> = alt.split(". ").map(|s| s.trim_end_matches('.')).collect();
    // The legend: every part "CODE = name".
    let codes: Vec<&str> = sentences
        .iter()
        .filter_map(|s| {
            let parts: Vec<Option<&str>> = s
                .split(", ")
                .map(|part| part.split_once(" = ").map(|(code, _)| code))
                .collect();
            parts.iter().all(Option::is_some).then_some(parts)
        })
        .flatten()
        .flatten()
        .collect();
    let kind = |letters: &str| -> Option<String> {
        let role = match letters {
            "K" => "king",
            "Q" => "queen",
            "R" => "rook",
            "B" => "bishop",
            "S" => "knight",
            "P" => "pawn",
            code if codes.contains(&code) => return Some(format!("fairy piece {code}")),
            _ => return None,
        };
        Some(role.to_owned())
    };
    let mut said = Vec::new();
    for sentence in sentences {
        let (side, list) = match sentence.split_once(": ") {
            Some(("White", l)) => ("white", l),
            Some(("Black", l)) => ("black", l),
            Some(("Neutral", l)) => ("neutral", l),
            Some(("On the squares", l)) => {
                for item in l.split(", ") {
                    let (what, square) = item.rsplit_once(' ').unwrap();
                    said.push(format!("{square} {what}"));
                }
                continue;
            }
            _ => continue,
        };
        for item in list.split(' ') {
            let (head, square) = item.split_at(item.len() - 2);
            // The letters alone, or the letters and a turn 1-3.
            let (what, turn) = match kind(head) {
                Some(what) => (what, 0),
                None => {
                    let (letters, turn) = head.split_at(head.len() - 1);
                    let turn: u16 = turn.parse().unwrap_or_else(|_| panic!("{item}"));
                    assert!((1..=3).contains(&turn), "{item}");
                    (kind(letters).unwrap_or_else(|| panic!("{item}")), turn)
                }
            };
            match turn {
                0 => said.push(format!("{square} {side} {what}")),
                t => said.push(format!("{square} {side} {what} turned {}°", t * 90)),
            }
        }
    }
    said.sort();
    said
}

/// Fairy FEN → diagram → alt text, and back: the alt text (which is the
/// SVG's `<desc>`) names every unit of the sampler and of the twenty-one
/// real problems, with its side (neutral said), its turn and its square,
/// and nothing else, and it gives the count.
#[test]
fn fairy_fen_to_diagram_to_alt_text_names_every_unit_and_the_count() {
    let mut fens: Vec<String> = cases().into_iter().map(|c| c.fairy).collect();
    fens.push(SAMPLER.to_owned());
    for fen in fens {
        let p = parse_fairy_fen(&fen).unwrap();
        let svg = String::from_utf8(render(&p, &RenderOptions::default()).unwrap()).unwrap();
        let desc = &svg[svg.find("<desc>").unwrap() + 6..svg.find("</desc>").unwrap()];
        let alt = alt_text(&p);
        assert_eq!(
            desc,
            alt.replace('&', "&amp;").replace('"', "&quot;"),
            "{fen}"
        );
        let mut expected: Vec<String> = p
            .units()
            .map(|(sq, u)| format!("{sq} {}", u.describe()))
            .collect();
        expected.sort();
        assert_eq!(units_said(&alt), expected, "{fen}: {alt}");
        assert!(
            alt.contains(&format!(" {}.", p.count_text())),
            "{fen}: {alt}"
        );
    }
}

/// Joint composers too long for one line wrap onto a second (a name is
/// not lost to the ellipsis); beyond two lines the rest is cut.
#[test]
fn a_long_caption_line_wraps_onto_two() {
    let opts = RenderOptions::default();
    let mut p = parse_fairy_fen("4k3/8/8/8/8/8/8/4K3").unwrap();
    p.authors = vec!["A. Composer".into()];
    let (_, one) = image_size(&p, &opts);
    p.authors = vec![
        "Very Long Composer Name With Many Words".into(),
        "Second Composer".into(),
    ];
    let (_, two) = image_size(&p, &opts);
    assert!(two > one, "{one} {two}");
    p.authors = vec!["Composer With A Long Name".into(); 12];
    let (_, many) = image_size(&p, &opts);
    assert_eq!(many, two, "at most two lines");
}
