//! The bundled piece sets from the command line: `--pieces NAME` beside
//! `--pieces DIR`, `--list-pieces` (with `--verbose`, the licence texts),
//! and a Markdown fence's `pieces=NAME`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use crate::util::{assert_code, scratch_dir, stderr, stdout, START};

use crate::util::fen2img;

fn run(args: &[&str]) -> Output {
    fen2img(args)
}

fn sets_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/render/assets/pieces")
}

/// The bundled sets' folders, sorted: each is a set's name.
fn folders() -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(sets_dir())
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().unwrap().is_dir())
        .map(|e| e.file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

/// The SPDX licence a set's README names (`**Licence...:** ID`).
fn readme_licence(name: &str) -> String {
    let readme = fs::read_to_string(sets_dir().join(name).join("README.md")).unwrap();
    let line = readme
        .lines()
        .find(|l| l.starts_with("- **Licence"))
        .unwrap_or_else(|| panic!("{name}: README names no licence"));
    let after = line.split(":** ").nth(1).unwrap();
    after.split_whitespace().next().unwrap().to_string()
}

#[test]
fn list_pieces_names_every_set_with_author_and_licence() {
    let out = run(&["--list-pieces"]);
    assert_code(&out, 0);
    let text = stdout(&out);
    let listed: Vec<&str> = text
        .lines()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(listed, folders(), "{text}");
    for (line, name) in text.lines().zip(folders()) {
        let licence = readme_licence(&name);
        assert!(
            line.ends_with(&licence),
            "{name}: {line} (README: {licence})"
        );
        assert!(line.split_whitespace().count() >= 3, "{line}");
    }
    assert!(text.contains("cburnett    Colin M. L. Burnett"), "{text}");
}

#[test]
fn list_pieces_verbose_carries_every_licence_text() {
    let out = run(&["--list-pieces", "--verbose"]);
    assert_code(&out, 0);
    let text = stdout(&out);
    for name in folders() {
        let licence = fs::read_to_string(sets_dir().join(&name).join("LICENSE.txt")).unwrap();
        assert!(
            text.contains(licence.trim()),
            "{name}: licence text missing"
        );
        assert!(text.contains(&format!("{name}\n  author:")), "{name}");
    }
    // --verbose means nothing alone, and the listing takes no position.
    assert_code(&run(&["--verbose", START]), 2);
    assert_code(&run(&["--list-pieces", START]), 2);
}

#[test]
fn pieces_takes_a_bundled_name_or_a_directory() {
    let dir = scratch_dir("cli-bundled-pieces");
    let png = |pieces: &str, size: &str| {
        let file = dir.join(format!("{}-{size}.png", pieces.replace('/', "_")));
        let mut args = vec![START, "--size", size, "-o", file.to_str().unwrap()];
        if !pieces.is_empty() {
            args.extend(["--pieces", pieces]);
        }
        let out = run(&args);
        assert_code(&out, 0);
        fs::read(&file).unwrap()
    };
    let own = png("fen2img", "160");
    // The brown theme's own set is cburnett: asked for or not, the same.
    assert_eq!(png("", "160"), png("cburnett", "160"));
    let cburnett_dir = sets_dir().join("cburnett");
    let by_dir = cburnett_dir.to_str().unwrap();
    // By name: hinted at small squares; from its directory: a user's set,
    // drawn as the files are; both unlike the built-in set.
    let named = png("cburnett", "160");
    assert_ne!(named, own);
    assert_ne!(named, png(by_dir, "160"));
    for name in folders() {
        assert_ne!(png(&name, "160"), own, "{name}");
    }
}

#[test]
fn an_unknown_set_name_lists_the_bundled_ones() {
    let out = run(&[START, "--pieces", "merida", "-o", "/dev/null", "-f", "png"]);
    assert_code(&out, 2);
    let err = stderr(&out);
    assert!(
        err.contains("--pieces 'merida': not a piece set's name ("),
        "{err}"
    );
    for name in folders() {
        assert!(err.contains(&name), "{name}: {err}");
    }
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn a_markdown_fence_takes_a_set_by_name() {
    let dir = scratch_dir("md-bundled-pieces");
    let page = dir.join("page.md");
    let fence = |info: &str| {
        fs::write(&page, format!("```fen {info}\n{START}\n```\n")).unwrap();
        let out_dir = dir.join("out");
        let out = run(&[
            "md",
            page.to_str().unwrap(),
            "--out-dir",
            out_dir.to_str().unwrap(),
        ]);
        assert_code(&out, 0);
        fs::read_to_string(dir.join("out/page.md")).unwrap()
    };
    let own = fence("");
    let named = fence("pieces=chessnut");
    assert_ne!(named, own, "the fence's set is drawn");
    fs::write(&page, format!("```fen pieces=nope\n{START}\n```\n")).unwrap();
    let out = run(&["md", page.to_str().unwrap(), "--check"]);
    assert_ne!(out.status.code(), Some(0));
    assert!(
        stderr(&out).contains("not a piece set's name"),
        "{}",
        stderr(&out)
    );
}
