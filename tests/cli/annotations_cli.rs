//! `--glyph`, `--label` and `--straight-knight-arrows`: what they accept,
//! the one-line errors with a caret (exit 2), and the alt text and text
//! boards they reach.

use crate::util::{assert_code, stderr, stdout};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

use crate::util::fen2img as run;

#[test]
fn a_bad_square_is_named_with_a_caret() {
    let out = run([START, "-f", "svg", "--glyph", "e9:!!"]);
    assert_code(&out, 2);
    let err = stderr(&out);
    assert!(
        err.contains("--glyph at column 1: 'e9' is not a square (files a to h, ranks 1 to 8)"),
        "{err}"
    );
    assert!(err.contains("  e9:!!\n  ^"), "{err}");
    assert!(stdout(&out).is_empty());
}

#[test]
fn an_unknown_glyph_lists_the_accepted_ones() {
    let out = run([START, "-f", "svg", "--glyph", "e4:!!!"]);
    assert_code(&out, 2);
    let err = stderr(&out);
    assert!(err.contains("unknown glyph '!!!'"), "{err}");
    for accepted in ["!!", "?!", "??", "\u{25A1} ([])", "+\u{2212} (+-)", "$3"] {
        assert!(err.contains(accepted), "{accepted}: {err}");
    }
    assert!(err.contains("  e4:!!!\n     ^"), "{err}");
}

#[test]
fn a_long_label_is_refused_and_a_short_one_reaches_the_alt_text() {
    let out = run([START, "-f", "svg", "--label", "e4:ABCD"]);
    assert_code(&out, 2);
    assert!(stderr(&out).contains("--label at column 4: a label is 1 to 3 characters, found 4"));
    // `--alt` alone prints the alt text (the `<desc>` is checked by the
    // render crate's tests).
    let out = run([
        START, "-f", "svg", "--alt", "--glyph", "e2:!!", "--label", "d5:A",
    ]);
    assert_code(&out, 0);
    let text = stdout(&out);
    let alt = text.lines().next().unwrap();
    assert!(
        alt.ends_with("e2: brilliant move, marked !!. d5: label A."),
        "{alt}"
    );
}

#[test]
fn text_boards_put_the_glyph_after_the_piece_and_stay_aligned() {
    let out = run([
        START, "-f", "ascii", "--glyph", "g1:!!", "--glyph", "e2:?", "--label", "e4:A",
    ]);
    assert_code(&out, 0);
    let text = stdout(&out);
    assert!(text.contains("| N!! |"), "{text}");
    assert!(text.contains("| P?  |"), "{text}");
    assert!(text.contains("e4: label A."), "{text}");
    let grid: Vec<&str> = text
        .lines()
        .filter(|l| l.contains('|') || l.contains('+'))
        .collect();
    assert!(grid.iter().all(|l| l.len() == grid[0].len()), "{text}");
}

#[test]
fn knight_arrows_bend_unless_asked_to_stay_straight() {
    let path_points = |extra: &[&str]| {
        let mut args = vec![START, "-f", "svg", "--arrow", "Gg1f3"];
        args.extend_from_slice(extra);
        let out = run(args);
        assert_code(&out, 0);
        let svg = stdout(&out);
        // The arrow is the last filled path before the mover marker.
        let arrow = svg
            .lines()
            .rfind(|l| l.starts_with("<path d=\"M") && l.contains("fill-opacity"))
            .unwrap_or_else(|| panic!("{svg}"))
            .to_string();
        arrow.matches('L').count() + 1
    };
    assert_eq!(path_points(&[]), 9, "an L");
    assert_eq!(path_points(&["--straight-knight-arrows"]), 7, "straight");
}
