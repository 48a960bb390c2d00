//! PDF output and puzzle sheets, checked with poppler's tools where they
//! matter (page size, fonts, text, pixels): `-o board.pdf`, `-f pdf`,
//! `fen2img sheet`. The poppler tests are ignored in a plain `cargo test`
//! (`apt-get install poppler-utils`, then `-- --ignored`).

use std::fs;
use std::path::Path;
use std::process::Output;

use crate::util::{assert_code, decode_png, scratch_dir, stderr, tool, Fen2img};

const ITALIAN: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
const EMPTY: &str = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
const POPPLER: &str =
    "needs poppler-utils (pdfinfo, pdffonts, pdftotext, pdftoppm): cargo test --test cli pdf:: -- --ignored";

fn run(dir: &Path, args: &[&str]) -> Output {
    Fen2img::new().args(args).current_dir(dir).output()
}

/// `Page size:  W x H pts` of pdfinfo, page `page` (1-based).
fn page_size(dir: &Path, file: &str, page: u32) -> (f64, f64) {
    let p = page.to_string();
    let info = tool(dir, "pdfinfo", &["-f", &p, "-l", &p, file]);
    let line = info
        .lines()
        .find(|l| l.starts_with("Page") && l.contains("size:"))
        .unwrap_or_else(|| panic!("no page size in {info}"));
    let numbers: Vec<f64> = line
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    (numbers[numbers.len() - 2], numbers[numbers.len() - 1])
}

fn info_field(dir: &Path, file: &str, field: &str) -> String {
    let info = tool(dir, "pdfinfo", &[file]);
    info.lines()
        .find_map(|l| l.strip_prefix(&format!("{field}:")))
        .unwrap_or_else(|| panic!("no {field} in {info}"))
        .trim()
        .to_string()
}

const MM: f64 = 72.0 / 25.4;

#[test]
fn pdf_is_the_same_bytes_every_run_and_by_extension_or_flag() {
    let dir = scratch_dir("pdf_same");
    for name in ["a.pdf", "b.pdf"] {
        let out = run(
            &dir,
            &[
                ITALIAN,
                "--caption",
                "Italian",
                "--size",
                "35mm",
                "-o",
                name,
            ],
        );
        assert_code(&out, 0);
    }
    let out = run(
        &dir,
        &[
            ITALIAN,
            "--caption",
            "Italian",
            "--size",
            "35mm",
            "-f",
            "pdf",
            "-o",
            "c.out",
        ],
    );
    assert_code(&out, 0);
    let a = fs::read(dir.join("a.pdf")).unwrap();
    assert!(a.starts_with(b"%PDF-"), "not a PDF");
    assert_eq!(a, fs::read(dir.join("b.pdf")).unwrap(), "two runs differ");
    assert_eq!(
        a,
        fs::read(dir.join("c.out")).unwrap(),
        "-f pdf differs from .pdf"
    );
    // Tagged: the figure's alternate description is the alt text `--alt`
    // prints for the same options (written as a literal string).
    let alt = run(&dir, &[ITALIAN, "--caption", "Italian", "--alt"]);
    assert_code(&alt, 0);
    let alt = String::from_utf8(alt.stdout).unwrap();
    let text = String::from_utf8_lossy(&a);
    assert!(alt.contains("White to move"), "{alt}");
    assert!(
        text.contains("/StructTreeRoot") && text.contains("/Figure"),
        "no structure tree"
    );
    assert!(
        text.contains(&format!("/Alt ({})", alt.trim_end())),
        "no /Alt with {alt}"
    );
    // No date anywhere: a date would change the bytes every second.
    let text = String::from_utf8_lossy(&a);
    assert!(
        !text.contains("/CreationDate") && !text.contains("/ModDate"),
        "a date in the PDF"
    );
}

#[test]
fn a_sheet_refuses_a_bad_paper_or_grid_naming_the_flag() {
    let dir = scratch_dir("pdf_sheet_bad");
    fs::write(dir.join("p.epd"), format!("{ITALIAN}\n")).unwrap();
    for (flag, value) in [
        ("--paper", "a7x"),
        ("--paper", "10x10mm"),
        ("--grid", "5x5"),
        ("--grid", "0x2"),
        ("--margin", "15"),
    ] {
        let out = run(&dir, &["sheet", "p.epd", "-o", "s.pdf", flag, value]);
        assert_code(&out, 2);
        let err = stderr(&out);
        assert!(err.contains(flag), "{flag} {value}: {err}");
        assert_eq!(
            err.trim_end()
                .lines()
                .filter(|l| l.contains("error"))
                .count(),
            1,
            "{err}"
        );
        assert!(!dir.join("s.pdf").exists());
    }
    // A margin that leaves no room for the grid.
    let out = run(
        &dir,
        &[
            "sheet", "p.epd", "-o", "s.pdf", "--grid", "4x5", "--margin", "90mm",
        ],
    );
    assert_code(&out, 2);
    assert!(stderr(&out).contains("--grid 4x5"), "{}", stderr(&out));
    // A bad line names the file and the line.
    fs::write(dir.join("bad.epd"), format!("{ITALIAN}\nnot a fen\n")).unwrap();
    let out = run(&dir, &["sheet", "bad.epd", "-o", "s.pdf"]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("'bad.epd' line 2"),
        "{}",
        stderr(&out)
    );
}

#[test]
#[ignore = "needs poppler-utils (pdfinfo, pdffonts, pdftotext, pdftoppm): cargo test --test cli pdf:: -- --ignored"]
fn pdf_has_the_printed_size_the_font_the_caption_and_tags() {
    let _ = POPPLER;
    let dir = scratch_dir("pdf_poppler");
    for (size, mm) in [("35mm", 35.0), ("5cm", 50.0), ("2in", 50.8)] {
        let out = run(
            &dir,
            &[
                ITALIAN,
                "--caption",
                "Italian Game",
                "--theme",
                "print",
                "--size",
                size,
                "-o",
                "d.pdf",
            ],
        );
        assert_code(&out, 0);
        let (w, _) = page_size(&dir, "d.pdf", 1);
        assert!((w - mm * MM).abs() < 0.1 * MM, "{size}: {w} pt");
    }
    let fonts = tool(&dir, "pdffonts", &["d.pdf"]);
    let row = fonts
        .lines()
        .find(|l| l.contains("NotoSans"))
        .unwrap_or_else(|| panic!("{fonts}"));
    let cols: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(
        &cols[cols.len() - 5..cols.len() - 2],
        &["yes", "yes", "yes"],
        "emb sub uni: {row}"
    );
    let text = tool(&dir, "pdftotext", &["d.pdf", "-"]);
    assert!(text.contains("Italian Game"), "{text}");
    assert_eq!(info_field(&dir, "d.pdf", "Tagged"), "yes");
    // The alt text is the figure's alternate description (/Alt), in the
    // structure tree.
    let bytes = fs::read(dir.join("d.pdf")).unwrap();
    assert!(
        String::from_utf8_lossy(&bytes).contains("/Figure"),
        "no Figure element"
    );
}

/// Mean absolute difference, 0..255, of two RGBA images `w` wide, each
/// first averaged to grey over `block` x `block` cells: how far apart the
/// pictures are, with the rasterizers' different antialiasing and the
/// renderer's hinting (lines snapped to whole pixels) averaged out.
fn mean_difference(a: &[u8], b: &[u8], w: usize, block: usize) -> f64 {
    let h = a.len() / 4 / w;
    let cells = |img: &[u8]| -> Vec<f64> {
        let mut out = Vec::new();
        for by in 0..h / block {
            for bx in 0..w / block {
                let mut sum = 0u64;
                for y in by * block..(by + 1) * block {
                    for x in bx * block..(bx + 1) * block {
                        let i = (y * w + x) * 4;
                        sum += img[i] as u64 + img[i + 1] as u64 + img[i + 2] as u64;
                    }
                }
                out.push(sum as f64 / (3 * block * block) as f64);
            }
        }
        out
    };
    let (ca, cb) = (cells(a), cells(b));
    ca.iter().zip(&cb).map(|(p, q)| (p - q).abs()).sum::<f64>() / ca.len() as f64
}

#[test]
#[ignore = "needs poppler-utils (pdfinfo, pdffonts, pdftotext, pdftoppm): cargo test --test cli pdf:: -- --ignored"]
fn pdf_rasterized_by_poppler_matches_the_png_at_150_and_600_dpi() {
    let dir = scratch_dir("pdf_pixels");
    // A size that is a whole number of pixels at both resolutions (1 in).
    for dpi in ["150", "600"] {
        let common = [
            ITALIAN,
            "--size",
            "1in",
            "--dpi",
            dpi,
            "--caption",
            "Italian",
        ];
        assert_code(&run(&dir, &[&common[..], &["-o", "d.pdf"]].concat()), 0);
        assert_code(&run(&dir, &[&common[..], &["-o", "d.png"]].concat()), 0);
        tool(
            &dir,
            "pdftoppm",
            &["-r", dpi, "-png", "-singlefile", "d.pdf", "p"],
        );
        let ours = decode_png(&fs::read(dir.join("d.png")).unwrap());
        let poppler = decode_png(&fs::read(dir.join("p.png")).unwrap());
        assert!(
            ours.width.abs_diff(poppler.width) <= 1 && ours.height.abs_diff(poppler.height) <= 1,
            "{dpi} dpi: {}x{} against {}x{}",
            ours.width,
            ours.height,
            poppler.width,
            poppler.height
        );
        // Compare the common area: antialiasing and hinting differ, the
        // picture does not (a missing piece or a shifted board is tens).
        let (w, h) = (
            ours.width.min(poppler.width),
            ours.height.min(poppler.height),
        );
        let crop = |img: &crate::util::Image| -> Vec<u8> {
            (0..h)
                .flat_map(|y| {
                    let start = (y * img.width * 4) as usize;
                    img.rgba[start..start + (w * 4) as usize].to_vec()
                })
                .collect()
        };
        // Cells of 1/50 in, a fifth of a square here: smaller than a
        // piece, larger than the rasterizers' differences at its edges.
        let block = dpi.parse::<usize>().unwrap() / 50;
        let diff = mean_difference(&crop(&ours), &crop(&poppler), w as usize, block);
        // The same options without the pieces: what the tolerance must
        // tell apart from a match.
        let empty = [
            EMPTY,
            "--size",
            "1in",
            "--dpi",
            dpi,
            "--caption",
            "Italian",
            "-o",
            "e.png",
        ];
        assert_code(&run(&dir, &empty), 0);
        let empty = decode_png(&fs::read(dir.join("e.png")).unwrap());
        let missing = mean_difference(&crop(&empty), &crop(&poppler), w as usize, block);
        eprintln!("{dpi} dpi: mean difference {diff:.2}, without pieces {missing:.2}");
        // At 150 dpi a square is 16 px, where the renderer snaps the
        // pieces' lines to whole pixels (hinting) and poppler does not.
        let limit = if dpi == "150" { 6.0 } else { 2.0 };
        assert!(diff < limit, "{dpi} dpi: mean difference {diff:.1}");
        assert!(
            missing > 2.0 * diff,
            "{dpi} dpi: no pieces {missing:.1} against {diff:.1}"
        );
    }
}

#[test]
#[ignore = "needs poppler-utils (pdfinfo, pdffonts, pdftotext, pdftoppm): cargo test --test cli pdf:: -- --ignored"]
fn a_twelve_puzzle_sheet_has_its_pages_numbers_captions_and_answers() {
    let dir = scratch_dir("sheet_twelve");
    let mut epd = String::from("# twelve mates\n");
    for i in 1..=12 {
        if i % 2 == 0 {
            epd.push_str(&format!(
                "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id \"Back rank {i}\";\n"
            ));
        } else {
            epd.push_str(&format!(
                "6k1/5ppp/8/8/8/8/r4PPP/6K1 b - - pv Ra1#; c0 \"Black {i}\";\n"
            ));
        }
    }
    fs::write(dir.join("p.epd"), epd).unwrap();
    let out = run(
        &dir,
        &[
            "sheet",
            "p.epd",
            "-o",
            "s.pdf",
            "--title",
            "Mates in one",
            "--paper",
            "letter",
        ],
    );
    assert_code(&out, 0);
    // Six a page (2x3 by default): two pages of diagrams and the key.
    assert_eq!(info_field(&dir, "s.pdf", "Pages"), "3");
    assert_eq!(info_field(&dir, "s.pdf", "Tagged"), "yes");
    let (w, h) = page_size(&dir, "s.pdf", 1);
    assert!(
        (w - 612.0).abs() < 0.1 && (h - 792.0).abs() < 0.1,
        "{w}x{h}"
    );
    let text = tool(&dir, "pdftotext", &["s.pdf", "-"]);
    for i in 1..=12 {
        let side = if i % 2 == 0 { "White" } else { "Black" };
        assert!(
            text.contains(&format!("{i}. {side} to move")),
            "diagram {i}: {text}"
        );
        let caption = if i % 2 == 0 {
            format!("Back rank {i}")
        } else {
            format!("Black {i}")
        };
        assert!(text.contains(&caption), "caption {i}: {text}");
        let answer = if i % 2 == 0 {
            format!("{i}) 1. Ra8#")
        } else {
            format!("{i}) 1... Ra1#")
        };
        assert!(text.contains(&answer), "answer {i}: {text}");
    }
    assert!(
        text.contains("Page 3 of 3") && text.contains("Mates in one"),
        "{text}"
    );
    let pages: Vec<&str> = text.split('\u{c}').collect();
    assert!(
        pages[2].contains("Answers") && !pages[0].contains("Answers"),
        "{text}"
    );
    let fonts = tool(&dir, "pdffonts", &["s.pdf"]);
    assert!(
        fonts.contains("NotoSans-Bold") && fonts.contains("NotoSans-Regular"),
        "{fonts}"
    );
    // 4x5 on A4: one page of twelve, the key on the next; no key asked.
    let out = run(
        &dir,
        &[
            "sheet",
            "p.epd",
            "-o",
            "t.pdf",
            "--grid",
            "4x5",
            "--no-answers",
        ],
    );
    assert_code(&out, 0);
    assert_eq!(info_field(&dir, "t.pdf", "Pages"), "1");
    let (w, _) = page_size(&dir, "t.pdf", 1);
    assert!((w - 210.0 * MM).abs() < 0.1 * MM, "{w}");
    // The same bytes again.
    let again = run(
        &dir,
        &[
            "sheet",
            "p.epd",
            "-o",
            "u.pdf",
            "--grid",
            "4x5",
            "--no-answers",
        ],
    );
    assert_code(&again, 0);
    assert_eq!(
        fs::read(dir.join("t.pdf")).unwrap(),
        fs::read(dir.join("u.pdf")).unwrap()
    );
}
