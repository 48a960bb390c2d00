//! The command line of what is drawn around the board: caption, number and
//! player flags, warnings for characters the font lacks, batch captions
//! from EPD `c0` with numbering, and pockets in text boards.

use std::ffi::OsStr;
use std::fs;
use std::process::Output;

use crate::util::{assert_code, decode_png, scratch_dir, stderr, stdout};

use crate::util::Fen2img;
const KINGS: &str = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
const CRAZYHOUSE: &str = "4k3/8/8/8/8/8/8/4K3[QNPPn] w - - 0 1";

fn run<I, S>(args: I, dir: Option<&std::path::Path>) -> Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let command = Fen2img::new().args(args);
    match dir {
        Some(dir) => command.current_dir(dir).output(),
        None => command.output(),
    }
}

#[test]
fn a_character_the_font_lacks_is_named_in_a_warning() {
    let out = run([KINGS, "-f", "svg", "--caption", "Mate 漢"], None);
    assert_code(&out, 0);
    let err = stderr(&out);
    assert!(
        err.contains("fen2img: warning: --caption: the font has no glyph for U+6F22 '漢'"),
        "{err}"
    );
    assert!(stdout(&out).starts_with("<svg"), "still drawn");
    // Names too; a caption the font covers warns about nothing.
    let out = run(
        [
            KINGS,
            "-f",
            "svg",
            "--white",
            "♔ Carlsen",
            "--caption",
            "Ljubojević",
        ],
        None,
    );
    let err = stderr(&out);
    assert!(
        err.contains("--white: the font has no glyph for U+2654"),
        "{err}"
    );
    assert!(!err.contains("--caption"), "{err}");
}

#[test]
fn captions_numbers_and_players_become_text_and_alt_text() {
    let out = run(
        [
            KINGS,
            "--alt",
            "--caption",
            "auto",
            "--number",
            "7",
            "--number-format",
            "Fig. {n}",
            "--white",
            "Magnus Carlsen",
            "--white-title",
            "GM",
            "--white-elo",
            "2830",
        ],
        None,
    );
    assert_code(&out, 0);
    assert_eq!(
        stdout(&out),
        "Fig. 7. White player: GM Magnus Carlsen, rated 2830. White to move. \
         White: Ke1. Black: Ke8.\n"
    );
    // A rating without a name is an error.
    let out = run([KINGS, "--black-elo", "2700"], None);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains(
            "--black-elo at column 1: a title or rating needs the player's name too (black)"
        ),
        "{}",
        stderr(&out)
    );
    // The caption adds height, the width stays --size.
    let dir = scratch_dir("around-cli-size");
    let plain = dir.join("plain.png");
    let captioned = dir.join("caption.png");
    run(
        [KINGS, "--size", "240", "-o", plain.to_str().unwrap()],
        None,
    );
    run(
        [
            KINGS,
            "--size",
            "240",
            "--caption",
            "White to play and win",
            "-o",
            captioned.to_str().unwrap(),
        ],
        None,
    );
    let (a, b) = (
        decode_png(&fs::read(&plain).unwrap()),
        decode_png(&fs::read(&captioned).unwrap()),
    );
    assert_eq!((a.width, b.width), (240, 240));
    assert!(b.height > a.height);
}

#[test]
fn batch_captions_come_from_c0_and_numbers_from_the_line() {
    let dir = scratch_dir("around-cli-batch");
    let input = dir.join("book.epd");
    fs::write(
        &input,
        format!(
            "{} c0 \"Mate in two\";\n{KINGS}\n{} c0 \"漢\";\n",
            &KINGS[..KINGS.len() - 4],
            &KINGS[..KINGS.len() - 4]
        ),
    )
    .unwrap();
    let out = run(
        [
            "batch",
            "--out-dir",
            "out",
            "--number-format",
            "Diagram {n}",
            "--manifest",
            "m.jsonl",
            "book.epd",
        ],
        Some(&dir),
    );
    assert_code(&out, 0);
    let err = stderr(&out);
    assert!(
        err.contains("book.epd:3: warning: c0: the font has no glyph for U+6F22"),
        "{err}"
    );
    let manifest = fs::read_to_string(dir.join("m.jsonl")).unwrap();
    let lines: Vec<&str> = manifest.lines().collect();
    assert!(
        lines[0].contains("\"alt\":\"Diagram 1: Mate in two. White to move."),
        "{manifest}"
    );
    assert!(
        lines[1].contains("\"alt\":\"Diagram 2. White to move."),
        "{manifest}"
    );
    // The images differ: numbered and captioned each by its line.
    let read = |n: &str| fs::read(dir.join("out").join(n)).unwrap();
    assert_ne!(read("000001.png"), read("000002.png"));
    let (one, two) = (
        decode_png(&read("000001.png")),
        decode_png(&read("000002.png")),
    );
    assert!(one.height > two.height, "number and caption, number alone");
}

#[test]
fn text_boards_list_the_pockets() {
    for format in ["ascii", "unicode", "ansi", "html"] {
        let out = run([CRAZYHOUSE, "-f", format], None);
        assert_code(&out, 0);
        let text = stdout(&out);
        assert!(text.contains("White in hand: Q N P P"), "{format}: {text}");
        assert!(text.contains("Black in hand: N"), "{format}: {text}");
    }
    let out = run(["4k3/8/8/8/8/8/8/4K3 w - - 1+2 0 1", "-f", "ascii"], None);
    assert!(stdout(&out).contains("Checks to give: White +1, Black +2"));
}
