//! Snapshots of every text board: the starting position, a middlegame with
//! Black to move, and flipped / coordinate-free variants.

use fen2img_render::Rgba;
use fen2img_render::{parse, ParseOptions, Position};
use fen2img_render::{render_text, TextFormat, TextOptions};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// Ruy Lopez after 5.O-O: Black to move.
const RUY_LOPEZ: &str = "r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 3 5";

fn position(fen: &str) -> Position {
    parse(fen.as_bytes(), ParseOptions::default())
        .unwrap()
        .position
}

fn flipped() -> TextOptions {
    TextOptions {
        flip: true,
        ..TextOptions::default()
    }
}

fn bare() -> TextOptions {
    TextOptions {
        coordinates: false,
        ..TextOptions::default()
    }
}

/// ANSI escapes made visible, so the snapshot files are readable.
fn visible(s: &str) -> String {
    s.replace('\x1b', "\\e")
}

#[test]
fn font_starting_position_is_the_guide_example() {
    let expected = r##"!""""""""#
$tMvWlVmT%
$OoOoOoOo%
$ + + + +%
$+ + + + %
$ + + + +%
$+ + + + %
$pPpPpPpP%
$RnBqKbNr%
/(((((((()
"##;
    let plain = TextOptions {
        coordinates: false,
        ..TextOptions::default()
    };
    let got = render_text(&position(START), TextFormat::Font, &plain);
    assert_eq!(got, expected);
}

#[test]
fn ascii_start() {
    let s = render_text(&position(START), TextFormat::Ascii, &TextOptions::default());
    insta::assert_snapshot!(s);
}

#[test]
fn ascii_middlegame() {
    let s = render_text(
        &position(RUY_LOPEZ),
        TextFormat::Ascii,
        &TextOptions::default(),
    );
    insta::assert_snapshot!(s);
}

#[test]
fn ascii_middlegame_flipped() {
    let s = render_text(&position(RUY_LOPEZ), TextFormat::Ascii, &flipped());
    insta::assert_snapshot!(s);
}

#[test]
fn ascii_middlegame_no_coordinates() {
    let s = render_text(&position(RUY_LOPEZ), TextFormat::Ascii, &bare());
    insta::assert_snapshot!(s);
}

#[test]
fn unicode_start() {
    let s = render_text(
        &position(START),
        TextFormat::Unicode,
        &TextOptions::default(),
    );
    insta::assert_snapshot!(s);
}

#[test]
fn unicode_middlegame() {
    let s = render_text(
        &position(RUY_LOPEZ),
        TextFormat::Unicode,
        &TextOptions::default(),
    );
    insta::assert_snapshot!(s);
}

#[test]
fn unicode_middlegame_flipped() {
    let s = render_text(&position(RUY_LOPEZ), TextFormat::Unicode, &flipped());
    insta::assert_snapshot!(s);
}

#[test]
fn unicode_middlegame_no_coordinates() {
    let s = render_text(&position(RUY_LOPEZ), TextFormat::Unicode, &bare());
    insta::assert_snapshot!(s);
}

#[test]
fn unicode_start_swapped_glyphs() {
    let options = TextOptions {
        swap_glyphs: true,
        ..TextOptions::default()
    };
    let s = render_text(&position(START), TextFormat::Unicode, &options);
    insta::assert_snapshot!(s);
}

#[test]
fn ansi_start() {
    let s = render_text(&position(START), TextFormat::Ansi, &TextOptions::default());
    insta::assert_snapshot!(visible(&s));
}

#[test]
fn ansi_middlegame() {
    let s = render_text(
        &position(RUY_LOPEZ),
        TextFormat::Ansi,
        &TextOptions::default(),
    );
    insta::assert_snapshot!(visible(&s));
}

#[test]
fn ansi_middlegame_flipped_blue_theme() {
    let options = TextOptions {
        light: Rgba::parse("#dee3e6").unwrap(),
        dark: Rgba::parse("#8ca2ad").unwrap(),
        ..flipped()
    };
    let s = render_text(&position(RUY_LOPEZ), TextFormat::Ansi, &options);
    insta::assert_snapshot!(visible(&s));
}

#[test]
fn ansi_middlegame_no_coordinates() {
    let s = render_text(&position(RUY_LOPEZ), TextFormat::Ansi, &bare());
    insta::assert_snapshot!(visible(&s));
}

#[test]
fn font_start() {
    let s = render_text(&position(START), TextFormat::Font, &TextOptions::default());
    insta::assert_snapshot!(s);
}

#[test]
fn font_middlegame() {
    let s = render_text(
        &position(RUY_LOPEZ),
        TextFormat::Font,
        &TextOptions::default(),
    );
    insta::assert_snapshot!(s);
}

#[test]
fn font_middlegame_flipped() {
    let s = render_text(&position(RUY_LOPEZ), TextFormat::Font, &flipped());
    insta::assert_snapshot!(s);
}

#[test]
fn every_board_ends_with_a_newline() {
    for fen in [START, RUY_LOPEZ] {
        for format in [
            TextFormat::Ascii,
            TextFormat::Unicode,
            TextFormat::Ansi,
            TextFormat::Font,
        ] {
            for options in [TextOptions::default(), flipped(), bare()] {
                let s = render_text(&position(fen), format, &options);
                assert!(s.ends_with('\n'), "{format:?} {options:?}");
                assert!(!s.ends_with("\n\n"), "{format:?} {options:?}");
            }
        }
    }
}
