//! Chess problems from the command line: `--problem` with Fairy FEN, the
//! caption flags, a Popeye `.inp` file and BeginProblem text, the errors
//! (field, line, column and a caret, exit 2), and that an ordinary FEN
//! reads as before.

use std::fs;
use std::process::Output;

use crate::util::{assert_code, fen2img, scratch_dir, stderr, stdout, Fen2img};

fn run(args: &[&str]) -> Output {
    fen2img(args)
}

#[test]
fn problem_flags_make_the_problem_layout() {
    let out = run(&[
        "--problem",
        "--stipulation",
        "h#2",
        "--author",
        "A. Composer",
        "--author",
        "B. Composer",
        "--source",
        "The Problemist",
        "--award",
        "1st Prize",
        "--alt",
        "4k3/8/8/3-N4/8/8/8/*2Q3K3",
    ]);
    assert_code(&out, 0);
    assert_eq!(
        stdout(&out),
        "Chess problem: A. Composer & B. Composer, The Problemist, 1st Prize. \
         White: Ke1 Q2a1. Black: Ke8. Neutral: Sd5. h#2 (2+1+1n).\n"
    );
}

/// A problem's alt text lists the units as a problem column does, the
/// knight as S (a Fairy FEN `N`/`n` is a knight all the same), while an
/// ordinary diagram's alt text keeps its own form.
#[test]
fn the_problem_alt_text_is_the_problem_columns_piece_list() {
    let out = run(&[
        "--problem",
        "r3k3/8/8/8/8/5N2/-n7/4K3",
        "--stipulation",
        "#2",
        "--author",
        "A. Composer",
        "--alt",
    ]);
    assert_code(&out, 0);
    assert_eq!(
        stdout(&out),
        "Chess problem: A. Composer. White: Ke1 Sf3. Black: Ke8 Ra8. \
         Neutral: Sa2. #2 (2+2+1n).\n"
    );
    let out = run(&["--alt", "r3k3/8/8/8/8/5N2/8/4K3 w - - 0 1"]);
    assert_code(&out, 0);
    assert_eq!(
        stdout(&out),
        "White to move. White: Ke1, Nf3. Black: Ke8, Ra8.\n"
    );
}

#[test]
fn a_popeye_file_and_begin_problem_text_are_read_as_popeye() {
    let dir = scratch_dir("problem_popeye");
    let file = dir.join("loyd.inp");
    fs::write(
        &file,
        "BeginProblem\nAuthor Erich Bartel\nOrigin Jugendschach 3/1989\nStipulation #2\n\
         Pieces White Kc3 Rb8e5 Black Ka3\nEndProblem\n",
    )
    .unwrap();
    let png = dir.join("p.png");
    let out = run(&[file.to_str().unwrap(), "-o", png.to_str().unwrap()]);
    assert_code(&out, 0);
    assert!(fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    let out = Fen2img::new()
        .args(["--alt"])
        .stdin(b"beg\nsti #2\npie whi Kc3 Rb8e5 bla Ka3\nend\n")
        .output();
    assert_code(&out, 0);
    assert!(stdout(&out).contains("#2 (3+1)."), "{}", stdout(&out));
}

#[test]
fn errors_name_the_field_line_and_column_with_a_caret() {
    let out = run(&["--problem", "8/8/8/8/8/8/8/7E"]);
    assert_code(&out, 2);
    let err = stderr(&out);
    assert!(
        err.contains("invalid Fairy FEN: placement at line 1, column 16"),
        "{err}"
    );
    assert!(err.contains("               ^"), "{err}");
    let dir = scratch_dir("problem_errors");
    let file = dir.join("bad.pop");
    fs::write(&file, "BeginProblem\nPieces White Ke1\nRotate 90\n").unwrap();
    let out = run(&[file.to_str().unwrap(), "--alt"]);
    assert_code(&out, 2);
    let err = stderr(&out);
    assert!(
        err.contains("Popeye command 'rotate' at line 3, column 1"),
        "{err}"
    );
    assert!(err.contains("cannot be drawn"), "{err}");
}

#[test]
fn an_ordinary_fen_reads_as_before() {
    // Without --problem an ordinary FEN draws the ordinary diagram, and a
    // bad one keeps the FEN parser's message even when it holds a sign
    // Fairy FEN has.
    let out = run(&["--alt", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]);
    assert_code(&out, 0);
    assert!(!stdout(&out).contains("Chess problem"));
    let out = run(&["--alt", "4k3/8/8/8/8/8/8/4K3 x - - 0 1"]);
    assert_code(&out, 2);
    assert!(stderr(&out).contains("invalid FEN"), "{}", stderr(&out));
    let out = run(&["--alt", "4k3/8/8/8/8/8/8/-*9K3"]);
    assert_code(&out, 2);
    assert!(stderr(&out).contains("invalid FEN"), "{}", stderr(&out));
    // A Fairy FEN sign in an input the FEN parser refuses reads it as a problem.
    let out = run(&["--alt", "4k3/8/8/8/8/8/8/-K3k3"]);
    assert_code(&out, 0);
    assert!(stdout(&out).contains("Neutral: Ka1."), "{}", stdout(&out));
}
