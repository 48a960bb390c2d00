//! `fen2img sheet` from PGN games (`--markers`, or each game's final
//! position) mixed with EPD files, and sheets as SVG or PNG pages. The
//! PDF's text is read back with poppler's `pdftotext` (ignored in a plain
//! `cargo test`: `apt-get install poppler-utils`, then `-- --ignored`).

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use crate::util::{assert_code, decode_png, scratch_dir, stderr, Fen2img};

/// Two good games with three markers between them, and between them a
/// game with an illegal move (line 10, column 13).
const GAMES: &str = "\
[Event \"Test\"]
[White \"Morphy\"]
[Black \"Allies\"]

1. e4 e5 2. Nf3 d6 {[#] Find the best} 3. d4 Bg4 4. dxe5 {[#]} Bxf3 5. Qxf3 *

[White \"Bad\"]
[Black \"Game\"]

1. e4 e5 2. Ke3 Kd6 *

[White \"Scholar\"]
[Black \"Victim\"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 {[#] Mate now} 4. Qxf7# 1-0
";

const BACK_RANK: &str = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id \"Back rank\";\n";

fn run(dir: &Path, args: &[&str]) -> Output {
    Fen2img::new().args(args).current_dir(dir).output()
}

/// A directory holding `g.pgn` and `p.epd`.
fn inputs(name: &str) -> std::path::PathBuf {
    let dir = scratch_dir(name);
    fs::write(dir.join("g.pgn"), GAMES).unwrap();
    fs::write(dir.join("p.epd"), BACK_RANK).unwrap();
    dir
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The bad game is reported placed, with its line and a caret, once.
fn assert_bad_game_reported(out: &Output) {
    let err = stderr(out);
    assert_eq!(
        err.matches("g.pgn:10:13: game 2 (Bad – Game)").count(),
        1,
        "{err}"
    );
    assert!(err.contains("Ke3 is not legal here"), "{err}");
    assert!(
        err.contains("1. e4 e5 2. Ke3 Kd6 *\n") && err.contains('^'),
        "{err}"
    );
}

#[test]
#[ignore = "needs poppler-utils (pdfinfo, pdffonts, pdftotext, pdftoppm): cargo test --test cli sheet:: -- --ignored"]
fn markers_give_a_puzzle_each_with_their_comment_and_the_next_move() {
    let dir = inputs("sheet_markers");
    let out = run(
        &dir,
        &["sheet", "g.pgn", "p.epd", "--markers", "-o", "s.pdf"],
    );
    // The bad game is skipped and reported; the sheet of the others is
    // written, and the exit code says one game failed.
    assert_code(&out, 2);
    assert_bad_game_reported(&out);
    let text = Command::new("pdftotext")
        .args(["s.pdf", "-"])
        .current_dir(&dir)
        .output()
        .expect("pdftotext: apt-get install poppler-utils");
    let text = String::from_utf8_lossy(&text.stdout);
    // Three markers, then the EPD line, in the order the files were given.
    for line in [
        "1. White to move",
        "Find the best",
        "2. Black to move",
        "3. White to move",
        "Mate now",
        "4. White to move",
        "Back rank",
        "1) 3. d4",
        "2) 4... Bxf3",
        "3) 4. Qxf7#",
        "4) 1. Ra8#",
    ] {
        assert!(text.contains(line), "{line:?} missing from {text}");
    }
    assert!(!text.contains("5. "), "four puzzles only: {text}");
    // The unmarked game positions and the players' bars are not there.
    assert!(!text.contains("Morphy"), "{text}");
}

#[test]
fn final_positions_as_svg_pages_one_file_a_page_the_same_bytes_each_run() {
    let dir = inputs("sheet_svg_pages");
    // Two games' final positions and the EPD line, one a page at 1x1,
    // and the key: four pages.
    let args = ["sheet", "g.pgn", "p.epd", "--grid", "1x1", "-o", "out.svg"];
    let out = run(&dir, &args);
    assert_code(&out, 2);
    assert_bad_game_reported(&out);
    assert_eq!(
        names(&dir),
        [
            "g.pgn",
            "out-1.svg",
            "out-2.svg",
            "out-3.svg",
            "out-4.svg",
            "p.epd"
        ]
    );
    let page = |n: usize| fs::read_to_string(dir.join(format!("out-{n}.svg"))).unwrap();
    for n in 1..=4 {
        let svg = page(n);
        assert!(
            svg.starts_with("<svg ") && svg.contains("width=\"595.28pt\" height=\"841.89pt\""),
            "page {n}: {}",
            &svg[..200]
        );
        assert!(
            svg.contains(&format!("aria-label=\"Page {n} of 4\"")),
            "page {n}"
        );
    }
    // Each game's final position, captioned with its players; no answer.
    assert!(page(1).contains("aria-label=\"Morphy – Allies\""));
    assert!(page(2).contains("aria-label=\"Scholar – Victim\""));
    assert!(page(3).contains("aria-label=\"Back rank\""));
    let key = page(4);
    for line in ["1) —", "2) —", "3) 1. Ra8#"] {
        assert!(key.contains(&format!("aria-label=\"{line}\"")), "{line}");
    }
    // One diagram a page, its ids its own.
    assert_eq!(page(1).matches("<g transform=").count(), 1);
    // (the page number is item 0, the diagram item 1)
    assert!(page(1).contains("id=\"d1-") && page(1).contains("href=\"#d1-"));
    // ... and no other: every id and reference carries the page's prefix.
    for mark in ["id=\"", "href=\"#"] {
        let all = page(1).matches(mark).count();
        let prefixed = page(1).matches(&format!("{mark}d1-")).count();
        assert_eq!(all, prefixed, "{mark}");
    }
    let first: Vec<String> = (1..=4).map(page).collect();
    assert_code(&run(&dir, &args), 2);
    assert_eq!(first, (1..=4).map(page).collect::<Vec<_>>());
}

#[test]
fn png_pages_are_the_paper_at_the_dpi_named_by_the_page_template() {
    let dir = inputs("sheet_png_pages");
    let out = run(
        &dir,
        &[
            "sheet",
            "p.epd",
            "p.epd",
            "--paper",
            "letter",
            "--dpi",
            "72",
            "-o",
            "page{page}.png",
        ],
    );
    assert_code(&out, 0);
    assert_eq!(names(&dir), ["g.pgn", "p.epd", "page1.png", "page2.png"]);
    let first = decode_png(&fs::read(dir.join("page1.png")).unwrap());
    // Letter, 8.5 x 11 in, at 72 dpi.
    assert_eq!((first.width, first.height), (612, 792));
    // White paper in the corner, dark ink somewhere (the board, the text).
    assert_eq!(&first.rgba[..4], &[255, 255, 255, 255]);
    assert!(first
        .rgba
        .chunks_exact(4)
        .any(|p| p[0] < 60 && p[1] < 60 && p[2] < 60));
    let key = decode_png(&fs::read(dir.join("page2.png")).unwrap());
    assert_eq!((key.width, key.height), (612, 792));
    // The key's page has text only: mostly paper.
    let white = key.rgba.chunks_exact(4).filter(|p| p[0] == 255).count();
    assert!(white > key.rgba.len() / 4 * 95 / 100, "{white}");
}

#[test]
fn bad_outputs_and_inputs_exit_2_naming_the_field_and_leave_no_file() {
    let dir = inputs("sheet_bad");
    let out = run(&dir, &["sheet", "p.epd", "-o", "s.gif"]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("--output 's.gif'"),
        "{}",
        stderr(&out)
    );
    let out = run(
        &dir,
        &[
            "sheet",
            "p.epd",
            "--paper",
            "200x200in",
            "--dpi",
            "600",
            "-o",
            "s.png",
        ],
    );
    assert_code(&out, 2);
    assert!(stderr(&out).contains("--dpi 600"), "{}", stderr(&out));
    // A PGN whose only game is bad: nothing to lay out.
    fs::write(dir.join("bad.pgn"), "1. e4 e5 2. Ke3 *\n").unwrap();
    let out = run(&dir, &["sheet", "bad.pgn", "-o", "s.svg"]);
    assert_code(&out, 2);
    let err = stderr(&out);
    assert!(
        err.contains("bad.pgn:1:13:") && err.contains("no positions"),
        "{err}"
    );
    assert_eq!(names(&dir), ["bad.pgn", "g.pgn", "p.epd"]);
}
