//! The pictures checked in under `docs/` that one `fen2img` command draws
//! are the bytes this build draws: each is drawn again and compared, so a
//! change of how diagrams look cannot leave the README and the guide
//! showing an older drawing (docs/opera.svg kept its ids from before the
//! id prefixes for days). Each command is written out in
//! `docs/PICTURES.md`, which the test holds to the table below.
//!
//! After an intended change of the pictures,
//! `FEN2IMG_BLESS=1 cargo test --test cli doc_pictures` redraws them.

use std::ffi::OsStr;
use std::fs;
use std::path::Path;

use crate::util::{scratch_dir, Fen2img};

const OPERA_MATE: &str = "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17";
const ITALIAN: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
const SCHOLARS_MATE: &str = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";

/// A picture under `docs/` and the arguments that draw it (before `-o
/// PATH`), run from the repository's top.
struct Picture {
    path: &'static str,
    args: &'static [&'static str],
}

const PICTURES: &[Picture] = &[
    // The README's first two pictures.
    Picture {
        path: "docs/opera.png",
        args: &[OPERA_MATE, "--size", "360", "--lastmove", "d1d8", "--check"],
    },
    Picture {
        path: "docs/opera.svg",
        args: &[OPERA_MATE, "--size", "360", "--lastmove", "d1d8", "--check"],
    },
    Picture {
        path: "docs/print.png",
        args: &[
            ITALIAN, "--theme", "print", "--size", "360", "--arrow", "h5f7", "--mark", "f7",
        ],
    },
    // The games guide's queen sacrifice.
    Picture {
        path: "docs/opera-sacrifice.png",
        args: &[
            "tests/data/games/opera.pgn",
            "--move",
            "16w",
            "--caption",
            "auto",
            "--caption-source",
            "--size",
            "360",
        ],
    },
    // The problems guide's two pictures: the newspaper column (its Popeye
    // file is the guide's, checked below) and the fairy problem.
    Picture {
        path: "docs/images/problem-column.png",
        args: &[
            "tests/data/problems/shankar.inp",
            "--theme",
            "print",
            "--size",
            "360",
            "--optimize",
        ],
    },
    Picture {
        path: "docs/images/problem-fairy.png",
        args: &[
            "--problem",
            "--stipulation",
            "h#2",
            "--author",
            "A. Composer",
            "--source",
            "The Problemist 2026",
            "4k3/8/8/3-N4/8/2(G)1{a}3/1*1b-*3c5/(!S2)-r5K",
            "--size",
            "360",
            "--optimize",
        ],
    },
    // The annotations guide's social preview.
    Picture {
        path: "docs/og.png",
        args: &[
            SCHOLARS_MATE,
            "--preset",
            "og",
            "--caption",
            "Scholar's mate",
            "--white",
            "Carlsen",
            "--black",
            "Nepo",
        ],
    },
];

fn repo_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `arg` as a POSIX shell reads it back: bare when it is plain, else in
/// single quotes (double quotes when it holds a single quote and nothing
/// a double-quoted word would expand).
fn shell_word(arg: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_./:=%+-,@".contains(c);
    if !arg.is_empty() && arg.chars().all(plain) {
        arg.to_string()
    } else if !arg.contains('\'') {
        format!("'{arg}'")
    } else {
        assert!(
            !arg.contains(['"', '$', '`', '\\', '!']),
            "no quoting written for {arg:?}"
        );
        format!("\"{arg}\"")
    }
}

/// The picture's command as `docs/PICTURES.md` writes it.
fn command_line(picture: &Picture) -> String {
    let mut line = String::from("fen2img");
    for arg in picture.args.iter().copied().chain(["-o", picture.path]) {
        line.push(' ');
        line.push_str(&shell_word(arg));
    }
    line
}

#[test]
fn shell_words_quote_what_a_shell_would_split_or_expand() {
    assert_eq!(shell_word("--size"), "--size");
    assert_eq!(shell_word("docs/og.png"), "docs/og.png");
    assert_eq!(
        shell_word("8/8/8/8/8/8/8/8 w - - 0 1"),
        "'8/8/8/8/8/8/8/8 w - - 0 1'"
    );
    assert_eq!(shell_word("Scholar's mate"), "\"Scholar's mate\"");
    assert_eq!(shell_word(""), "''");
}

#[test]
fn every_picture_command_is_written_in_pictures_md() {
    let readme = fs::read_to_string(repo_root().join("docs/PICTURES.md")).unwrap();
    for picture in PICTURES {
        let line = command_line(picture);
        assert!(
            readme.lines().any(|l| l.trim() == line),
            "docs/PICTURES.md does not show the command that draws {}:\n{line}",
            picture.path
        );
    }
}

/// The newspaper column's Popeye file is the one the problems guide shows.
#[test]
fn the_column_problem_is_the_guides() {
    let guide = fs::read_to_string(repo_root().join("docs/guide/problems.md")).unwrap();
    // The file's first line alone on its line (the prose names it in
    // backticks earlier).
    let start = 1 + guide
        .find("\nBeginProblem\n")
        .expect("the guide shows a Popeye file");
    let end = start + guide[start..].find("EndProblem").unwrap() + "EndProblem".len();
    let file = fs::read_to_string(repo_root().join("tests/data/problems/shankar.inp")).unwrap();
    assert_eq!(file.trim_end(), &guide[start..end]);
}

#[test]
fn checked_in_pictures_are_what_this_build_draws() {
    let dir = scratch_dir("doc_pictures");
    let bless = std::env::var_os("FEN2IMG_BLESS").is_some();
    let mut stale = Vec::new();
    for picture in PICTURES {
        let name = Path::new(picture.path).file_name().unwrap();
        let drawn = dir.join(name);
        Fen2img::new()
            .current_dir(repo_root())
            .args(picture.args)
            .args([OsStr::new("-o"), drawn.as_os_str()])
            .code(0);
        let drawn_bytes = fs::read(&drawn).unwrap();
        let checked_in = repo_root().join(picture.path);
        if fs::read(&checked_in).ok().as_deref() == Some(&drawn_bytes[..]) {
            continue;
        }
        if bless {
            fs::write(&checked_in, &drawn_bytes).unwrap();
        } else {
            stale.push(format!(
                "{} (this build's: {})",
                picture.path,
                drawn.display()
            ));
        }
    }
    assert!(
        stale.is_empty(),
        "pictures under docs/ differ from what this build draws:\n  {}\n\
         look at them, then FEN2IMG_BLESS=1 cargo test --test cli doc_pictures",
        stale.join("\n  ")
    );
}
