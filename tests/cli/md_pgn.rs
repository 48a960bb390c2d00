//! Games in documents: ```` ```pgn ```` blocks in `fen2img md`, the mdBook
//! preprocessor and the Pandoc filter. Each diagram must be the very image
//! the command line draws for the same game and `--ply`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use assert_cmd::Command as Cmd;
use serde_json::{json, Value};

use crate::util::{gif_delays, BIN};

/// The Opera Game with a marker after 3...Bg4 (ply 6) and after 17.Rd8#
/// (ply 33), a glyph and an arrow on 16.Qb8+ (ply 31).
const OPERA: &str = "[Event \"Paris\"]
[Site \"Paris FRA\"]
[Date \"1858.??.??\"]
[White \"Morphy, Paul\"]
[Black \"Duke Karl / Count Isouard\"]
[Result \"1-0\"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 {[#]} 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6
7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8
13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+! {[%cal Gb8d8]} Nxb8 17. Rd8# {[#]} 1-0
";

fn scratch(name: &str) -> PathBuf {
    crate::util::scratch_dir(&format!("md-pgn-{name}"))
}

/// The command line's image of the Opera Game after `ply` half-moves, with
/// `extra` flags, in the format of `file`'s extension.
fn cli_image(dir: &Path, ply: usize, extra: &[&str], file: &str) -> Vec<u8> {
    let pgn = dir.join("opera.pgn");
    fs::write(&pgn, OPERA).unwrap();
    let out = dir.join(file);
    Cmd::new(BIN)
        .arg(&pgn)
        .args(["--ply", &ply.to_string(), "-o"])
        .arg(&out)
        .args(extra)
        .assert()
        .success();
    fs::read(&out).unwrap()
}

/// The image files a page refers to, in the page's order.
fn images_of(page: &str, dir: &Path) -> Vec<Vec<u8>> {
    page.match_indices("<img src=\"")
        .map(|(i, _)| {
            let rest = &page[i + 10..];
            let src = &rest[..rest.find('"').unwrap()];
            fs::read(dir.join(src)).unwrap()
        })
        .collect()
}

#[test]
fn markers_become_the_command_lines_images_byte_for_byte() {
    let dir = scratch("markers");
    let page = dir.join("opera.md");
    fs::write(
        &page,
        format!("# The Opera Game\n\n```pgn caption=auto\n{OPERA}```\n\nAfter.\n"),
    )
    .unwrap();
    let out = dir.join("out");
    for format in ["svg", "png"] {
        let _ = fs::remove_dir_all(&out);
        Cmd::new(BIN)
            .args(["md", page.to_str().unwrap(), "--out-dir"])
            .arg(&out)
            .args(["--images", format])
            .assert()
            .success();
        let text = fs::read_to_string(out.join("opera.md")).unwrap();
        let images = images_of(&text, &out);
        assert_eq!(images.len(), 2, "{text}");
        assert_eq!(images[0], cli_image(&dir, 6, &[], &format!("a.{format}")));
        assert_eq!(images[1], cli_image(&dir, 33, &[], &format!("b.{format}")));
        let captions: Vec<&str> = text
            .match_indices("<figcaption>")
            .map(|(i, _)| &text[i + 12..i + 12 + text[i + 12..].find('<').unwrap()])
            .collect();
        assert_eq!(captions, ["3...Bg4", "17.Rd8#"]);
        assert!(text.ends_with("</figure>\n\nAfter.\n"), "{text}");
        assert!(text.contains("alt=\"White player: Morphy, Paul."), "{text}");
    }
}

#[test]
fn options_choose_positions_and_go_to_the_renderer() {
    let dir = scratch("options");
    let page = dir.join("page.md");
    fs::write(
        &page,
        format!("```pgn plies=31,12 move=17w flip number=7\n{OPERA}```\n"),
    )
    .unwrap();
    let out = dir.join("out");
    Cmd::new(BIN)
        .args(["md", page.to_str().unwrap(), "--out-dir"])
        .arg(&out)
        .args(["--images", "svg"])
        .assert()
        .success();
    let text = fs::read_to_string(out.join("page.md")).unwrap();
    let images = images_of(&text, &out);
    assert_eq!(images.len(), 3);
    // In the order written, numbered from 7 on; the glyph and arrow of
    // 16.Qb8+! are drawn as the command line draws them.
    for (i, (image, ply)) in images.iter().zip([31, 12, 33]).enumerate() {
        let number = (7 + i).to_string();
        let cli = cli_image(
            &dir,
            ply,
            &["--flip", "--number", &number],
            &format!("{i}.svg"),
        );
        assert_eq!(image, &cli, "diagram {i} (ply {ply})");
    }
    // game=2 of a block of two games.
    let two = format!("{OPERA}\n[White \"A\"]\n[Black \"B\"]\n\n1. d4 d5 *\n");
    fs::write(&page, format!("```pgn game=2 caption=auto\n{two}```\n")).unwrap();
    let out = Cmd::new(BIN)
        .args(["md", page.to_str().unwrap(), "--in-place"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = fs::read_to_string(&page).unwrap();
    assert_eq!(text.matches("<svg").count(), 1);
    assert!(text.contains("<figcaption>1...d5</figcaption>"), "{text}");
}

#[test]
fn errors_name_the_page_line_and_column_of_the_move() {
    let dir = scratch("errors");
    // The game starts on line 4 of the page; Ke3 is on line 5, column 4
    // (column 6 inside the block quote).
    fs::write(dir.join("a.md"), "# A\n\n```pgn\n1. e4 e5\n2. Ke3 *\n```\n").unwrap();
    fs::write(
        dir.join("b.md"),
        "# B\n\n> ```pgn\n> 1. e4 e5\n> 2. Ke3 *\n> ```\n",
    )
    .unwrap();
    fs::write(dir.join("c.md"), format!("```pgn ply=99\n{OPERA}```\n")).unwrap();
    fs::write(dir.join("good.md"), format!("```pgn\n{OPERA}```\n")).unwrap();
    let out = dir.join("out");
    let run = |extra: &[&str]| {
        Cmd::new(BIN)
            .arg("md")
            .args(["a.md", "b.md", "c.md", "good.md"])
            .arg("--out-dir")
            .arg(&out)
            .args(extra)
            .current_dir(&dir)
            .output()
            .unwrap()
    };
    let result = run(&["--keep-going"]);
    assert_eq!(result.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&result.stderr);
    for expected in [
        "a.md:5:4: game 1, move 2 White: Ke3 is not legal here",
        "b.md:5:6: game 1, move 2 White: Ke3 is not legal here",
        "c.md:1:8: game 1 (Morphy, Paul – Duke Karl / Count Isouard): ply 99 is beyond the end",
    ] {
        assert!(stderr.contains(expected), "{expected}\n{stderr}");
    }
    assert!(
        out.join("good.md").exists(),
        "--keep-going writes the good page"
    );
    assert!(!out.join("a.md").exists(), "never a page without its game");
    let _ = fs::remove_dir_all(&out);
    let result = run(&[]);
    assert_eq!(result.status.code(), Some(2));
    assert!(!out.exists(), "nothing written without --keep-going");
    // --strict reads the export format only: `0-0` is refused.
    fs::write(
        dir.join("s.md"),
        "```pgn strict\n1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. 0-0 *\n```\n",
    )
    .unwrap();
    let lenient = Cmd::new(BIN)
        .args(["md", "s.md", "--check"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let strict = fs::read_to_string(dir.join("s.md")).unwrap();
    fs::write(dir.join("s.md"), strict.replace("pgn strict", "pgn")).unwrap();
    let relaxed = Cmd::new(BIN)
        .args(["md", "s.md", "--check"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(lenient.status.code(), Some(2), "strict refuses 0-0");
    assert!(
        String::from_utf8_lossy(&lenient.stderr).contains("s.md:2:"),
        "{}",
        String::from_utf8_lossy(&lenient.stderr)
    );
    assert!(
        relaxed.status.success(),
        "{}",
        String::from_utf8_lossy(&relaxed.stderr)
    );
}

#[test]
fn mdbook_chapters_get_a_games_diagrams() {
    let book = |content: &str| {
        json!([
            {"root": "/b", "config": {"book": {"title": "T"},
              "preprocessor": {"fen2img": {"command": "fen2img mdbook", "figurine": true}}},
             "renderer": "html", "mdbook_version": "0.4.40"},
            {"sections": [{"Chapter": {"name": "C", "content": content, "number": [1],
               "sub_items": [], "path": "ch.md", "source_path": "ch.md", "parent_names": []}}],
             "__non_exhaustive": null}
        ])
        .to_string()
    };
    let out = Cmd::new(BIN)
        .arg("mdbook")
        .write_stdin(book(&format!("# C\n\n```pgn caption=auto\n{OPERA}```\n")))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let content = v["sections"][0]["Chapter"]["content"].as_str().unwrap();
    assert_eq!(content.matches("<svg").count(), 2, "{content}");
    // `figurine = true` in book.toml reaches the game's captions.
    assert!(
        content.contains("<figcaption>17.♖d8#</figcaption>"),
        "{content}"
    );
    let out = Cmd::new(BIN)
        .arg("mdbook")
        .write_stdin(book("# C\n\n```pgn\n1. e4 e5\n2. Ke3 *\n```\n"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("ch.md:5:4: game 1, move 2 White"),
        "{stderr}"
    );
}

fn pandoc_doc(classes: &[&str], kvs: &[[&str; 2]], text: &str) -> String {
    json!({"pandoc-api-version": [1, 23, 1], "meta": {}, "blocks": [
        {"t": "CodeBlock", "c": [["", classes, kvs], text]}
    ]})
    .to_string()
}

#[test]
fn pandoc_code_blocks_of_class_pgn_become_the_games_diagrams() {
    let dir = scratch("pandoc");
    let out = Cmd::new(BIN)
        .args(["pandoc", "html"])
        .write_stdin(pandoc_doc(&["pgn"], &[["caption", "auto"]], OPERA))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let div = &v["blocks"][0];
    assert_eq!(div["t"], "Div");
    let raws = div["c"][1].as_array().unwrap();
    assert_eq!(raws.len(), 2);
    assert!(raws[1]["c"][1]
        .as_str()
        .unwrap()
        .contains("<figcaption>17.Rd8#</figcaption>"));

    let assets = dir.join("images");
    let out = Cmd::new(BIN)
        .args(["pandoc", "latex", "--assets"])
        .arg(&assets)
        .write_stdin(pandoc_doc(&["pgn"], &[["ply", "31"]], OPERA))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let src = v["blocks"][0]["c"][0]["c"][2][0].as_str().unwrap();
    assert_eq!(fs::read(src).unwrap(), cli_image(&dir, 31, &[], "q.png"));

    let out = Cmd::new(BIN)
        .args(["pandoc", "html"])
        .write_stdin(pandoc_doc(&["pgn"], &[], "1. e4 e5\n2. Ke3 *"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("pgn block 1, line 2, column 4: game 1, move 2 White"),
        "{stderr}"
    );
}

#[test]
#[ignore = "needs pandoc: cargo test -- --ignored"]
fn pandoc_converts_a_game_to_html() {
    let found = Command::new("pandoc").arg("--version").output();
    assert!(
        found.is_ok_and(|o| o.status.success()),
        "pandoc is not on PATH: tools/install_doc_tools.sh installs it"
    );
    let dir = scratch("pandoc-real");
    fs::write(
        dir.join("doc.md"),
        format!("# Opera\n\n```{{.pgn caption=auto}}\n{OPERA}```\n"),
    )
    .unwrap();
    let filter = dir.join("fen2img-pandoc");
    fs::write(&filter, format!("#!/bin/sh\nexec '{BIN}' pandoc \"$@\"\n")).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&filter, fs::Permissions::from_mode(0o755)).unwrap();
    }
    let out = Command::new("pandoc")
        .args(["doc.md", "--filter"])
        .arg(&filter)
        .args(["-o", "doc.html"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = fs::read_to_string(dir.join("doc.html")).unwrap();
    assert_eq!(html.matches("<svg").count(), 2);
    assert!(html.contains("<figcaption>3...Bg4</figcaption>"));
    assert!(html.contains("<figcaption>17.Rd8#</figcaption>"));
}

/// The command line's animation of the Opera Game with `extra` flags.
fn cli_animation(dir: &Path, extra: &[&str]) -> Vec<u8> {
    let pgn = dir.join("opera.pgn");
    fs::write(&pgn, OPERA).unwrap();
    let out = dir.join("cli.gif");
    Cmd::new(BIN)
        .arg(&pgn)
        .args(["--animate", "-o"])
        .arg(&out)
        .args(extra)
        .assert()
        .success();
    fs::read(&out).unwrap()
}

/// What `fen2img md` wrote to stderr and the page it made.
fn md(page: &Path, out: &Path, extra: &[&str]) -> (String, String) {
    let _ = fs::remove_dir_all(out);
    let run = Cmd::new(BIN)
        .args(["md", page.to_str().unwrap(), "--out-dir"])
        .arg(out)
        .args(extra)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
    assert!(run.status.success(), "{stderr}");
    let name = page.file_name().unwrap();
    (stderr, fs::read_to_string(out.join(name)).unwrap())
}

const ANIMATION_ALT: &str = "alt=\"Animated game Morphy – Duke Karl / Count Isouard, Paris 1858: \
    moves 16–17 (16.Qb8+! to 17.Rd8#), 4 positions. Final position: Diagram 1. White player: \
    Morphy, Paul.";

#[test]
fn an_animate_block_is_the_command_lines_gif_beside_the_images() {
    let dir = scratch("animate");
    let page = dir.join("opera.md");
    fs::write(
        &page,
        format!(
            "# Opera\n\n```pgn animate from=30 delay=500ms size=160 number=1 caption=\"The end\"\n\
             {OPERA}```\n\nAfter.\n"
        ),
    )
    .unwrap();
    let cli = cli_animation(
        &dir,
        &[
            "--from", "30", "--delay", "500ms", "--size", "160", "--number", "1",
        ],
    );
    assert_eq!(gif_delays(&cli), [50, 50, 50, 300], "plies 30 to 33");
    // Image files: a .gif named by its content beside the SVGs.
    let out = dir.join("out");
    let (stderr, text) = md(&page, &out, &["--images", "svg"]);
    let images = images_of(&text, &out);
    assert_eq!(images, std::slice::from_ref(&cli), "{text}");
    assert!(text.contains("<img src=\"diagrams/"), "{text}");
    assert!(text.contains(".gif\" "), "{text}");
    assert!(text.contains(ANIMATION_ALT), "{text}");
    assert!(text.contains("width=\"160\""), "{text}");
    assert!(text.contains("<figcaption>The end</figcaption>"), "{text}");
    assert!(text.ends_with("</figure>\n\nAfter.\n"), "{text}");
    assert!(
        stderr.contains("1 pgn block (1 animation) in 1 page"),
        "{stderr}"
    );
    // Inline pages hold it as a data: URI of the same bytes.
    let (_, text) = md(&page, &dir.join("inline"), &[]);
    let at = text.find("<img src=\"data:image/gif;base64,").expect(&text) + 32;
    let coded = &text[at..at + text[at..].find('"').unwrap()];
    use base64::Engine;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(coded)
        .unwrap();
    assert_eq!(bytes, cli);
    assert!(text.contains(ANIMATION_ALT), "{text}");
    // An HTML page's <pre class="pgn"> takes it too.
    let html_page = dir.join("opera.html");
    fs::write(
        &html_page,
        format!(
            "<html><body><pre class=\"pgn\" data-options=\"animate from=30 delay=500ms \
             size=160 number=1\">{}</pre></body></html>\n",
            OPERA.replace('&', "&amp;").replace('<', "&lt;")
        ),
    )
    .unwrap();
    let html_out = dir.join("html");
    let (_, text) = md(&html_page, &html_out, &["--images", "png"]);
    assert_eq!(
        images_of(&text, &html_out),
        std::slice::from_ref(&cli),
        "{text}"
    );
    // Run again: the page and its GIF are up to date.
    let run = Cmd::new(BIN)
        .args(["md", page.to_str().unwrap(), "--out-dir"])
        .arg(&out)
        .args(["--images", "svg"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(stderr.contains("0 pages written, 1 unchanged"), "{stderr}");
}

#[test]
fn fen_and_pgn_blocks_are_numbered_across_the_page() {
    let dir = scratch("numbers");
    let page = dir.join("page.md");
    let k = "8/8/8/8/8/8/8/K6k w - - 0 1";
    fs::write(
        &page,
        format!("```fen\n{k}\n```\n\n```pgn\n{OPERA}```\n\n```fen\n{k}\n```\n"),
    )
    .unwrap();
    let out = dir.join("out");
    let (stderr, text) = md(&page, &out, &["--images", "svg", "--defaults", "number=1"]);
    assert!(
        stderr.contains("2 fen blocks, 1 pgn block (4 diagrams) in 1 page"),
        "{stderr}"
    );
    let leads: Vec<&str> = text
        .match_indices(" alt=\"")
        .map(|(i, _)| &text[i + 6..i + 6 + text[i + 6..].find('.').unwrap()])
        .collect();
    assert_eq!(leads, ["Diagram 1", "Diagram 2", "Diagram 3", "Diagram 4"]);
    // The game's two are the command line's diagrams 2 and 3.
    let images = images_of(&text, &out);
    assert_eq!(images[1], cli_image(&dir, 6, &["--number", "2"], "a.svg"));
    assert_eq!(images[2], cli_image(&dir, 33, &["--number", "3"], "b.svg"));
    // Without a default, number=auto asks for the next one, number=N sets it.
    fs::write(
        &page,
        format!(
            "```fen number=auto\n{k}\n```\n\n```pgn number=5\n{OPERA}```\n\n\
             ```fen\n{k}\n```\n\n```fen number=auto\n{k}\n```\n"
        ),
    )
    .unwrap();
    let (_, text) = md(&page, &out, &["--images", "svg"]);
    let leads: Vec<&str> = text
        .match_indices(" alt=\"")
        .map(|(i, _)| &text[i + 6..i + 6 + text[i + 6..].find('.').unwrap()])
        .collect();
    assert_eq!(
        leads,
        [
            "Diagram 1",
            "Diagram 5",
            "Diagram 6",
            "White to move",
            "Diagram 7"
        ]
    );
}

#[test]
fn summaries_count_blocks_by_kind_not_errors() {
    let dir = scratch("summaries");
    let page = dir.join("bad.md");
    // One pgn block with two bad options, one bad fen block.
    fs::write(
        &page,
        format!("```pgn game=0 colour=red\n{OPERA}```\n\n```fen\n8/8/8 w\n```\n"),
    )
    .unwrap();
    let out = Cmd::new(BIN)
        .args(["md", page.to_str().unwrap(), "--check"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.matches("fen2img: error: ").count(), 4, "{stderr}");
    assert!(
        stderr.contains("1 fen block, 1 pgn block could not be made into diagrams"),
        "{stderr}"
    );
    let out = Cmd::new(BIN)
        .args(["pandoc", "html"])
        .write_stdin(pandoc_doc(
            &["pgn"],
            &[["game", "0"], ["colour", "red"]],
            OPERA,
        ))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("1 pgn block could not be made"), "{stderr}");
    let out = Cmd::new(BIN)
        .arg("mdbook")
        .write_stdin(book(&format!(
            "# C\n\n```pgn game=0 colour=red\n{OPERA}```\n"
        )))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("1 pgn block in the book could not be made"),
        "{stderr}"
    );
}

/// An mdBook `[context, book]` with one chapter of `content`.
fn book(content: &str) -> String {
    json!([
        {"root": "/b", "config": {"book": {"title": "T"},
          "preprocessor": {"fen2img": {"command": "fen2img mdbook"}}},
         "renderer": "html", "mdbook_version": "0.4.40"},
        {"sections": [{"Chapter": {"name": "C", "content": content, "number": [1],
           "sub_items": [], "path": "ch.md", "source_path": "ch.md", "parent_names": []}}],
         "__non_exhaustive": null}
    ])
    .to_string()
}

#[test]
fn mdbook_and_pandoc_take_animations() {
    let dir = scratch("animate-tools");
    let cli = cli_animation(&dir, &["--from", "31", "--size", "120"]);
    let out = Cmd::new(BIN)
        .arg("mdbook")
        .write_stdin(book(&format!(
            "# C\n\n```pgn animate from=31 size=120\n{OPERA}```\n"
        )))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let content = v["sections"][0]["Chapter"]["content"].as_str().unwrap();
    assert!(
        content.contains("<img src=\"data:image/gif;base64,"),
        "{content}"
    );
    assert!(content.contains("alt=\"Animated game Morphy"), "{content}");
    // Pandoc: HTML inline, other formats a GIF file.
    let out = Cmd::new(BIN)
        .args(["pandoc", "html"])
        .write_stdin(pandoc_doc(
            &["pgn", "animate"],
            &[["from", "31"], ["size", "120"]],
            OPERA,
        ))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let html = v["blocks"][0]["c"][1].as_str().unwrap();
    assert!(html.contains("<img src=\"data:image/gif;base64,"), "{html}");
    let assets = dir.join("images");
    let out = Cmd::new(BIN)
        .args(["pandoc", "docx", "--assets"])
        .arg(&assets)
        .write_stdin(pandoc_doc(
            &["pgn", "animate"],
            &[["from", "31"], ["size", "120"]],
            OPERA,
        ))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let image = &v["blocks"][0]["c"][0];
    let src = image["c"][2][0].as_str().unwrap();
    assert!(src.ends_with(".gif"), "{src}");
    assert_eq!(fs::read(src).unwrap(), cli);
    assert_eq!(image["c"][1][0]["c"], "Animated");
    // LaTeX (PDF) cannot include a GIF: the last frame, a still, and a warning.
    let out = Cmd::new(BIN)
        .args(["pandoc", "latex", "--assets"])
        .arg(&assets)
        .write_stdin(pandoc_doc(
            &["pgn", "animate"],
            &[["from", "31"], ["size", "120"]],
            OPERA,
        ))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("pgn block 1: game 1 (Morphy, Paul – Duke Karl / Count Isouard): this output cannot show an animated GIF: the animation's last frame (ply 33) is drawn as a still instead"),
        "{stderr}"
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let src = v["blocks"][0]["c"][0]["c"][2][0].as_str().unwrap();
    assert!(src.ends_with(".png"), "{src}");
    assert_eq!(
        fs::read(src).unwrap(),
        cli_image(&dir, 33, &["--size", "120"], "last.png")
    );
}

/// The Opera Game's last three plies as an animate block (Pandoc form
/// when `pandoc`), in a page.
fn animation_page(pandoc: bool) -> String {
    let info = if pandoc {
        "{.pgn .animate from=31 size=120}"
    } else {
        "pgn animate from=31 size=120"
    };
    format!("# Opera\n\n```{info}\n{OPERA}```\n")
}

/// Whether `tool --version` answers; the test fails when it does not.
fn require(tool: &str) {
    let found = Command::new(tool).arg("--version").output();
    assert!(
        found.is_ok_and(|o| o.status.success()),
        "{tool} is not on PATH: tools/install_doc_tools.sh installs it"
    );
}

#[test]
#[ignore = "needs pandoc: cargo test -- --ignored"]
fn pandoc_puts_an_animation_in_html_and_docx() {
    require("pandoc");
    let dir = scratch("pandoc-animate");
    fs::write(dir.join("doc.md"), animation_page(true)).unwrap();
    let filter = dir.join("fen2img-pandoc");
    fs::write(&filter, format!("#!/bin/sh\nexec '{BIN}' pandoc \"$@\"\n")).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&filter, fs::Permissions::from_mode(0o755)).unwrap();
    }
    let cli = cli_animation(&dir, &["--from", "31", "--size", "120"]);
    let pandoc = |args: &[&str]| {
        let out = Command::new("pandoc")
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let filter = filter.to_str().unwrap();
    pandoc(&["doc.md", "--filter", filter, "-o", "doc.html"]);
    let html = fs::read_to_string(dir.join("doc.html")).unwrap();
    assert!(html.contains("<img src=\"data:image/gif;base64,"), "{html}");
    assert!(html.contains("alt=\"Animated game Morphy"), "{html}");
    // Word documents take the GIF itself: Pandoc reads it back out.
    pandoc(&["doc.md", "--filter", filter, "-o", "doc.docx"]);
    pandoc(&[
        "doc.docx",
        "--extract-media=media",
        "-t",
        "markdown",
        "-o",
        "back.md",
    ]);
    let gifs: Vec<Vec<u8>> = walk(&dir.join("media"))
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "gif"))
        .map(|p| fs::read(p).unwrap())
        .collect();
    assert_eq!(gifs, [cli]);
    // LaTeX gets the last frame as a PNG, which it can include.
    pandoc(&["doc.md", "--filter", filter, "-t", "latex", "-o", "doc.tex"]);
    let tex = fs::read_to_string(dir.join("doc.tex")).unwrap();
    assert!(tex.contains(".png}"), "{tex}");
    assert!(!tex.contains(".gif"), "{tex}");
}

/// Every file under `dir`.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}

#[test]
#[ignore = "needs mdbook: cargo test -- --ignored"]
fn mdbook_builds_a_chapter_with_an_animation() {
    require("mdbook");
    let dir = scratch("mdbook-animate");
    fs::create_dir_all(dir.join("src")).unwrap();
    fs::write(
        dir.join("src/SUMMARY.md"),
        "# Summary\n\n- [Opera](opera.md)\n",
    )
    .unwrap();
    fs::write(dir.join("src/opera.md"), animation_page(false)).unwrap();
    fs::write(
        dir.join("book.toml"),
        format!("[book]\ntitle = \"T\"\n\n[preprocessor.fen2img]\ncommand = \"{BIN} mdbook\"\n"),
    )
    .unwrap();
    let out = Command::new("mdbook")
        .arg("build")
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = fs::read_to_string(dir.join("book/opera.html")).unwrap();
    let cli = cli_animation(&dir, &["--from", "31", "--size", "120"]);
    let at = html.find("<img src=\"data:image/gif;base64,").expect(&html) + 32;
    let coded = &html[at..at + html[at..].find('"').unwrap()];
    use base64::Engine;
    assert_eq!(
        base64::engine::general_purpose::STANDARD
            .decode(coded)
            .unwrap(),
        cli
    );
    assert!(html.contains("alt=\"Animated game Morphy"), "{html}");
}

#[test]
#[ignore = "needs Chromium: cargo test -- --ignored"]
fn chromium_decodes_an_inline_animation() {
    let chromium = ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|c| {
            Command::new(c)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
        .expect("no Chromium on PATH: apt-get install chromium");
    let dir = scratch("chromium-animate");
    let page = dir.join("opera.md");
    fs::write(&page, animation_page(false)).unwrap();
    let (_, text) = md(&page, &dir.join("out"), &[]);
    // The page's figure in an HTML document whose script writes down the
    // size the browser decoded (0x0 for an image it could not read).
    let html = dir.join("opera.html");
    fs::write(
        &html,
        format!(
            "<!doctype html><html><body>{text}<script>window.addEventListener('load', () => {{\
             const i = document.querySelector('img'); \
             document.body.setAttribute('data-drawn', i.naturalWidth + 'x' + i.naturalHeight);\
             }});</script></body></html>"
        ),
    )
    .unwrap();
    let out = Command::new(chromium)
        .args([
            "--headless",
            "--disable-gpu",
            "--no-sandbox",
            "--virtual-time-budget=5000",
            "--dump-dom",
        ])
        .arg(format!("file://{}", html.display()))
        .stderr(std::process::Stdio::null())
        .output()
        .unwrap();
    let dom = String::from_utf8_lossy(&out.stdout);
    let (w, h) = {
        let gif = cli_animation(&dir, &["--from", "31", "--size", "120"]);
        (
            u16::from_le_bytes([gif[6], gif[7]]),
            u16::from_le_bytes([gif[8], gif[9]]),
        )
    };
    assert!(
        dom.contains(&format!("data-drawn=\"{w}x{h}\"")),
        "{w}x{h}: {dom}"
    );
}

// ---------------------------------------------------------------------------
// The page's budget of inline animation bytes

/// A game of `plies` knight moves back and forth: an animation of
/// `plies + 1` frames whose GIF is large (every frame changes squares).
fn knights_game(plies: usize) -> String {
    let knights = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut text = String::new();
    for i in 0..plies {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        text.push_str(knights[i % 4]);
        text.push(if i % 12 == 11 { '\n' } else { ' ' });
    }
    text.push_str("*\n");
    text
}

/// The inline (data: URI) and file (`src` ending in .gif) animations of
/// `html`.
fn animations_in(html: &str) -> (usize, Vec<String>) {
    let inline = html.matches("<img src=\"data:image/gif;base64,").count();
    let files = html
        .match_indices("<img src=\"")
        .map(|(i, _)| &html[i + 10..])
        .map(|rest| rest[..rest.find('"').unwrap()].to_string())
        .filter(|src| src.ends_with(".gif"))
        .collect();
    (inline, files)
}

/// A page of `blocks` animate blocks of one 400-ply game (each about
/// 1 MB inline), each block's fence on line `3 + k * lines`.
fn animations_page(blocks: usize, pandoc: bool) -> (String, usize) {
    let game = knights_game(400);
    let info = if pandoc {
        "{.pgn .animate size=400}"
    } else {
        "pgn animate size=400"
    };
    let block = format!("```{info}\n{game}```\n\n");
    let lines = block.lines().count();
    (format!("# Many\n\n{}", block.repeat(blocks)), lines)
}

#[test]
fn md_writes_animations_past_the_pages_inline_budget_as_files() {
    // 12 animations of ~1 MB each made a page of 12 MB (and 100 of them,
    // 246 MB); the page now holds 8 MiB of them, the rest are one file.
    let dir = scratch("inline-budget");
    let (page, lines) = animations_page(12, false);
    fs::write(dir.join("many.md"), &page).unwrap();
    let out = dir.join("out");
    let (stderr, text) = md(&dir.join("many.md"), &out, &[]);
    let (inline, files) = animations_in(&text);
    assert!((1..12).contains(&inline), "{inline} inline");
    assert_eq!(inline + files.len(), 12);
    let inline_bytes: usize = text
        .match_indices("data:image/gif;base64,")
        .map(|(i, _)| text[i..].find('"').unwrap())
        .sum();
    assert!(inline_bytes <= 8 << 20, "{inline_bytes}");
    assert!(text.len() < (8 << 20) + 100_000, "{} bytes", text.len());
    // The same animation twice is one file, beside the page's images.
    assert!(files.iter().all(|f| f == &files[0]), "{files:?}");
    let gif = fs::read(out.join(&files[0])).unwrap();
    assert!(gif.starts_with(b"GIF89a"));
    assert!(files[0].starts_with("diagrams/"), "{}", files[0]);
    // A warning for each, at its block's fence line.
    let warnings: Vec<&str> = stderr.lines().filter(|l| l.contains("warning")).collect();
    assert_eq!(warnings.len(), files.len(), "{stderr}");
    for (k, w) in warnings.iter().enumerate() {
        let block = inline + k;
        let at = format!("many.md:{}:4: this animation (", 3 + block * lines);
        assert!(w.contains(&at), "{w} (expected {at})");
        assert!(
            w.contains("past 8 MiB: written as the file 'diagrams/"),
            "{w}"
        );
    }
}

#[test]
fn mdbook_refuses_an_animation_past_the_pages_inline_budget() {
    let (page, lines) = animations_page(12, false);
    let out = Cmd::new(BIN)
        .arg("mdbook")
        .write_stdin(book(&page))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(out.stdout.is_empty());
    let errors: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("fen2img: error: ch.md:"))
        .collect();
    assert!(!errors.is_empty() && errors.len() < 12, "{stderr}");
    let first = 12 - errors.len();
    assert!(
        errors[0].starts_with(&format!(
            "fen2img: error: ch.md:{}:4: this animation (",
            3 + first * lines
        )) && errors[0].contains("past 8 MiB, and these pages hold their images inline"),
        "{}",
        errors[0]
    );
    assert!(
        stderr.contains("pgn blocks in the book could not be made"),
        "{stderr}"
    );
}

#[test]
fn pandoc_html_writes_animations_past_the_documents_budget_as_files() {
    let dir = scratch("pandoc-inline-budget");
    let game = knights_game(400);
    let block = json!({"t": "CodeBlock", "c": [["", ["pgn", "animate"], [["size", "400"]]], game]});
    let doc = json!({"pandoc-api-version": [1, 23], "meta": {}, "blocks": vec![block; 12]});
    let assets = dir.join("images");
    let out = Cmd::new(BIN)
        .args(["pandoc", "html", "--assets"])
        .arg(&assets)
        .write_stdin(doc.to_string())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let html: String = v["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["c"][1].as_str().unwrap().to_string())
        .collect();
    let (inline, files) = animations_in(&html);
    assert!((1..12).contains(&inline), "{inline}");
    assert_eq!(files.len(), 12 - inline);
    assert!(files.iter().all(|f| f == &files[0]));
    assert!(fs::read(&files[0]).unwrap().starts_with(b"GIF89a"));
    let warnings = stderr
        .lines()
        .filter(|l| l.contains("written as the file"))
        .count();
    assert_eq!(warnings, files.len(), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "fen2img: warning: pgn block {}: this animation (",
            inline + 1
        )),
        "{stderr}"
    );
}

#[test]
fn mdbook_and_pandoc_refuse_standard_input_past_64_mib() {
    // Both read standard input to its end, whatever its size: a book of
    // 65 MiB went through.
    let huge = " ".repeat((64 << 20) + 1);
    let book = book(&huge);
    let mut ast = json!({"pandoc-api-version": [1, 23], "meta": {}, "blocks": []}).to_string();
    ast.push_str(&huge);
    for (args, input, what) in [
        (["mdbook", ""], book, "the book"),
        (["pandoc", "html"], ast, "the document"),
    ] {
        let args: Vec<&str> = args.into_iter().filter(|a| !a.is_empty()).collect();
        let out = Cmd::new(BIN)
            .args(&args)
            .write_stdin(input)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!(
                "fen2img: error: {what} on standard input is larger than 64 MiB, the most \
                 fen2img reads there\n"
            )
        );
        assert!(out.stdout.is_empty());
    }
}
