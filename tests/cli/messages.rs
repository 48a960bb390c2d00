//! Messages a user reads: help text, errors that name the right thing,
//! counts in words.

use std::process::{Command, Output};

use crate::util::{scratch_dir, stderr};

use crate::util::{Fen2img, BIN};
const KINGS: &str = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";

fn run(args: &[&str]) -> Output {
    Fen2img::new().with_colour().args(args).output()
}

#[test]
fn help_shows_the_number_placeholder_and_every_extension() {
    for flag in ["-h", "--help"] {
        let help = String::from_utf8(run(&[flag]).stdout).unwrap();
        // Help may wrap lines: compare with runs of blanks made one.
        let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains("{n} stands for it (default \"Diagram {n}\")"),
            "{flag}: {help}"
        );
        assert!(!help.contains('\x1b'), "{flag}: {help:?}");
        for ext in [
            ".svg", ".png", ".webp", ".jpg", ".jpeg", ".gif", ".txt", ".html", ".htm", ".six",
            ".sixel", ".fen",
        ] {
            assert!(
                flat.contains(&format!("{ext} ")) || flat.contains(&format!("{ext})")),
                "{flag}: {ext}"
            );
        }
    }
}

#[test]
fn a_bad_arrow_square_is_named() {
    for (arrow, bad) in [("e2e9", "'e9'"), ("Ri9e4", "'i9'"), ("Bz1", "'z1'")] {
        let out = run(&[KINGS, "--arrow", arrow]);
        assert_eq!(out.status.code(), Some(2));
        let err = stderr(&out);
        assert!(
            err.contains(&format!("{bad} is not a square")),
            "{arrow}: {err}"
        );
        assert!(!err.contains("colour"), "{arrow}: {err}");
    }
    // Not arrow-shaped at all: what an arrow looks like.
    let err = stderr(&run(&[KINGS, "--arrow", "Xe2e4x"]));
    assert!(err.contains("expected a colour G, R, Y or B"), "{err}");
}

#[test]
fn a_write_error_names_the_target_not_the_temporary() {
    let out = run(&[KINGS, "-o", "/etc/passwd/board.png"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("'/etc/passwd/board.png'"), "{err}");
    assert!(!err.contains(".tmp") && !err.contains("fen2img-"), "{err}");
}

#[test]
fn a_missing_piece_directory_is_named_as_one() {
    let out = run(&[KINGS, "--pieces", "/nonexistent/set"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("'/nonexistent/set': no such directory"),
        "{err}"
    );
    assert!(!err.contains("wP.svg"), "{err}");
}

#[test]
fn a_theme_error_quotes_only_the_offending_token() {
    let dir = scratch_dir("theme-token");
    let theme = dir.join("environ");
    std::fs::write(&theme, b"light=#zz\0SECRET=hunter2\0PATH=/bin\n").unwrap();
    let err = stderr(&run(&[KINGS, "--theme", theme.to_str().unwrap()]));
    assert!(err.contains("'#zz…'"), "{err}");
    assert!(!err.contains("SECRET") && !err.contains("hunter2"), "{err}");
    std::fs::write(&theme, b"name=x\0SECRET=hunter2\n").unwrap();
    let err = stderr(&run(&[KINGS, "--theme", theme.to_str().unwrap()]));
    assert!(err.contains("column 7") && err.contains("U+0000"), "{err}");
    assert!(!err.contains("SECRET"), "{err}");
}

#[test]
fn counts_of_one_are_singular() {
    let dir = scratch_dir("plurals");
    std::fs::write(dir.join("a.md"), format!("```fen\n{KINGS}\n```\n")).unwrap();
    let out = Fen2img::new()
        .args(["md", "a.md", "--out-dir", "out"])
        .current_dir(&dir)
        .output();
    let err = stderr(&out);
    assert!(err.contains("1 diagram in 1 page; 1 page written"), "{err}");
    std::fs::write(dir.join("b.md"), "```fen\nnot a fen\n```\n").unwrap();
    let out = Fen2img::new()
        .args(["md", "b.md", "--out-dir", "out"])
        .current_dir(&dir)
        .output();
    let err = stderr(&out);
    assert!(!err.contains("1 pages") && !err.contains("(s)"), "{err}");
    let book = r#"[{"root":"."},{"sections":[{"Chapter":{"name":"c","content":"```fen\nbad\n```\n","number":null,"sub_items":[],"path":"c.md","source_path":"c.md","parent_names":[]}}],"__non_exhaustive":null}]"#;
    let mut child = Command::new(BIN)
        .arg("mdbook")
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(book.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let err = stderr(&out);
    assert!(err.contains("1 fen block in the book"), "{err}");
}

#[test]
fn man_page_and_completions_show_the_number_placeholder_plainly() {
    let man = String::from_utf8(run(&["--man"]).stdout).unwrap();
    assert!(man.contains("{n}") && !man.contains('\x1b'));
    for shell in ["bash", "fish", "zsh"] {
        let script = String::from_utf8(run(&["--completions", shell]).stdout).unwrap();
        assert!(!script.contains('\x1b'), "{shell}");
    }
}
