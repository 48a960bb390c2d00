//! Diagrams in documents: `fen2img md` on a sample site, the mdBook
//! preprocessor (its JSON protocol, and the real `mdbook` when it is on
//! PATH) and the Pandoc filter (the real `pandoc` when it is on PATH).
//! `tools/install_doc_tools.sh` installs both tools.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use assert_cmd::Command as Cmd;

const BIN: &str = env!("CARGO_BIN_EXE_fen2img");
const ITALIAN: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fen2img-md-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// A small site: two pages, one in a subdirectory; the same diagram twice
/// on the first page.
fn site(dir: &Path) -> PathBuf {
    let src = dir.join("content");
    fs::create_dir_all(src.join("posts")).unwrap();
    fs::write(
        src.join("index.md"),
        format!(
            "# Home\n\n```fen flip lastmove=e2e4 arrows=Ge2e4,Rd8d1 caption=\"White to move\"\n{ITALIAN}\n```\n\nBetween.\n\n```fen\n{ITALIAN}\n```\n\n```fen\n{ITALIAN}\n```\n"
        ),
    )
    .unwrap();
    fs::write(
        src.join("posts/endgame.md"),
        "---\ntitle: Endgame\n---\n\n~~~{.fen .no-border size=200}\n8/8/8/4k3/8/8/4K3/8 w - - 0 1\n~~~\n",
    )
    .unwrap();
    fs::write(src.join("notes.txt"), "```fen\nnot markdown\n```\n").unwrap();
    src
}

fn ids(html: &str) -> Vec<String> {
    html.match_indices(" id=\"")
        .map(|(i, _)| {
            let rest = &html[i + 5..];
            rest[..rest.find('"').unwrap()].to_string()
        })
        .collect()
}

#[test]
fn a_site_is_prebuilt_with_inline_svg_and_unique_ids() {
    let dir = scratch("inline");
    let src = site(&dir);
    let out = dir.join("out");
    Cmd::new(BIN)
        .args([
            "md",
            src.to_str().unwrap(),
            "--out-dir",
            out.to_str().unwrap(),
        ])
        .assert()
        .success();
    let index = fs::read_to_string(out.join("index.md")).unwrap();
    assert!(index.starts_with("# Home\n\n<figure class=\"fen2img\">\n<svg"));
    assert_eq!(index.matches("<svg").count(), 3);
    assert!(index.contains("<figcaption>White to move</figcaption>"));
    assert!(!index.contains("```"));
    let all = ids(&index);
    let mut unique = all.clone();
    unique.sort();
    unique.dedup();
    assert!(!all.is_empty());
    assert_eq!(all.len(), unique.len(), "ids repeat on one page");
    let post = fs::read_to_string(out.join("posts/endgame.md")).unwrap();
    assert!(post.starts_with("---\ntitle: Endgame\n---\n\n<div class=\"fen2img\">"));
    assert!(post.contains("width=\"200\""));
    assert!(!out.join("notes.txt").exists(), "only Markdown pages");

    // Nothing changed: nothing is written (the page keeps its mtime).
    let before = fs::metadata(out.join("index.md"))
        .unwrap()
        .modified()
        .unwrap();
    let second = Cmd::new(BIN)
        .args([
            "md",
            src.to_str().unwrap(),
            "--out-dir",
            out.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(second.status.success());
    assert!(String::from_utf8_lossy(&second.stderr).contains("0 pages written"));
    let after = fs::metadata(out.join("index.md"))
        .unwrap()
        .modified()
        .unwrap();
    assert_eq!(before, after);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn image_files_are_content_addressed_and_referenced_with_alt_text() {
    let dir = scratch("images");
    let src = site(&dir);
    let out = dir.join("out");
    Cmd::new(BIN)
        .args([
            "md",
            src.to_str().unwrap(),
            "--out-dir",
            out.to_str().unwrap(),
        ])
        .args(["--images", "png"])
        .assert()
        .success();
    let index = fs::read_to_string(out.join("index.md")).unwrap();
    let post = fs::read_to_string(out.join("posts/endgame.md")).unwrap();
    let mut names: Vec<_> = fs::read_dir(out.join("diagrams"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    // Three blocks on the index page, two of them the same diagram; one on the post.
    assert_eq!(names.len(), 3, "{names:?}");
    for name in &names {
        assert!(name.ends_with(".png") && name.len() == 20);
        let bytes = fs::read(out.join("diagrams").join(name)).unwrap();
        assert!(bytes.starts_with(b"\x89PNG"));
        assert!(index.contains(name.as_str()) || post.contains(name.as_str()));
    }
    assert!(index.contains("<img src=\"diagrams/"));
    assert!(post.contains("<img src=\"../diagrams/"));
    assert!(index.contains("alt=\"White to move. White: Ke1, Qh5"));
    // --size is the width; the height follows the margins.
    assert!(index.contains("width=\"400\" height=\""));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_fen_fails_at_its_file_line_and_column() {
    let dir = scratch("bad");
    let src = site(&dir);
    // Line 6; the X is at offset 44 of the FEN, whose body starts at column 3.
    fs::write(
        src.join("posts/bad.md"),
        "# Bad\n\nText.\n\n```fen\n  rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNX b KQkq e3 0 1\n```\n",
    )
    .unwrap();
    let out = dir.join("out");
    let run = |extra: &[&str]| {
        Cmd::new(BIN)
            .args([
                "md",
                src.to_str().unwrap(),
                "--out-dir",
                out.to_str().unwrap(),
            ])
            .args(extra)
            .output()
            .unwrap()
    };
    let result = run(&[]);
    assert_eq!(result.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&result.stderr);
    let file = src.join("posts/bad.md");
    let expected = format!("{}:6:47: invalid FEN", file.display());
    assert!(stderr.contains(&expected), "{stderr}");
    assert!(!out.exists(), "nothing written without --keep-going");

    let result = run(&["--keep-going"]);
    assert_eq!(result.status.code(), Some(2));
    assert!(
        out.join("index.md").exists(),
        "--keep-going writes the good pages"
    );
    assert!(!out.join("posts/bad.md").exists(), "never a default board");

    // --check validates only.
    let checked = dir.join("checked");
    let result = Cmd::new(BIN)
        .args(["md", src.to_str().unwrap(), "--check"])
        .output()
        .unwrap();
    assert_eq!(result.status.code(), Some(2));
    assert!(!checked.exists());
    fs::remove_file(src.join("posts/bad.md")).unwrap();
    Cmd::new(BIN)
        .args(["md", src.to_str().unwrap(), "--check"])
        .assert()
        .success();
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn options_errors_point_into_the_fence_line() {
    let dir = scratch("options");
    let page = dir.join("page.md");
    fs::write(&page, format!("```fen flip colour=red\n{ITALIAN}\n```\n")).unwrap();
    let result = Cmd::new(BIN)
        .args(["md", page.to_str().unwrap(), "--check"])
        .output()
        .unwrap();
    assert_eq!(result.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(
        stderr.contains(&format!("{}:1:13: unknown option 'colour'", page.display())),
        "{stderr}"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn in_place_rewrites_with_defaults_from_the_command_line() {
    let dir = scratch("inplace");
    let page = dir.join("page.md");
    fs::write(&page, format!("Intro.\n```fen\n{ITALIAN}\n```\n")).unwrap();
    Cmd::new(BIN)
        .args(["md", page.to_str().unwrap(), "--in-place"])
        .args(["--defaults", "size=256 coords=none"])
        .assert()
        .success();
    let text = fs::read_to_string(&page).unwrap();
    assert!(text.starts_with("Intro.\n<div class=\"fen2img\">\n<svg"));
    assert!(text.contains("width=\"256\""));
    let _ = fs::remove_dir_all(&dir);
}

fn on_path(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn mdbook_protocol_supports_and_rewrites_the_book() {
    Cmd::new(BIN)
        .args(["mdbook", "supports", "html"])
        .assert()
        .code(0);
    Cmd::new(BIN)
        .args(["mdbook", "supports", "latex"])
        .assert()
        .code(1);
    let input = serde_json_like_book("```fen flip\n8/8/8/8/8/8/8/K6k w - - 0 1\n```\n");
    let out = Cmd::new(BIN)
        .arg("mdbook")
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("<svg") && text.contains("width=\\\"300\\\""),
        "{text}"
    );
    let bad = serde_json_like_book("```fen\n8/8/8/8/8/8/8/K6k w - - 0 1 zz\n```\n");
    let out = Cmd::new(BIN)
        .arg("mdbook")
        .write_stdin(bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("ch.md:2:"));
}

/// `[context, book]` as mdBook 0.4 sends it, with `size = 300` in book.toml.
fn serde_json_like_book(content: &str) -> String {
    let content = content
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n");
    format!(
        r#"[{{"root":"/b","config":{{"book":{{"title":"T"}},"preprocessor":{{"fen2img":{{"command":"fen2img mdbook","size":300}}}}}},"renderer":"html","mdbook_version":"0.4.40"}},{{"sections":[{{"Chapter":{{"name":"C","content":"{content}","number":[1],"sub_items":[],"path":"ch.md","source_path":"ch.md","parent_names":[]}}}}],"__non_exhaustive":null}}]"#
    )
}

#[test]
fn mdbook_builds_the_example_book() {
    if !on_path("mdbook") {
        eprintln!("skipped: mdbook is not on PATH (tools/install_doc_tools.sh installs it)");
        return;
    }
    let dir = scratch("book");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/book");
    fs::create_dir_all(dir.join("src")).unwrap();
    for name in ["SUMMARY.md", "openings.md", "traps.md"] {
        fs::copy(root.join("src").join(name), dir.join("src").join(name)).unwrap();
    }
    let toml = fs::read_to_string(root.join("book.toml")).unwrap().replace(
        "command = \"fen2img mdbook\"",
        &format!("command = \"{BIN} mdbook\""),
    );
    fs::write(dir.join("book.toml"), toml).unwrap();
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
    let traps = fs::read_to_string(dir.join("book/traps.html")).unwrap();
    // (mdBook's own theme has SVG icons: count our figures.)
    assert_eq!(traps.matches("<figure class=\"fen2img\">\n<svg").count(), 2);
    assert!(traps.contains("<figcaption>Checkmate</figcaption>"));
    assert!(traps.contains("width=\"320\""), "book.toml's size");
    // A bad FEN fails the build, naming the chapter.
    fs::write(
        dir.join("src/traps.md"),
        "# T\n\n```fen\n8/8/8/8/8/8/8/K6k w - - 0 1 zz\n```\n",
    )
    .unwrap();
    let out = Command::new("mdbook")
        .arg("build")
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("traps.md:4:"));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn pandoc_converts_a_document_to_html_and_latex() {
    if !on_path("pandoc") {
        eprintln!("skipped: pandoc is not on PATH (tools/install_doc_tools.sh installs it)");
        return;
    }
    let dir = scratch("pandoc");
    let filter = dir.join("fen2img-pandoc");
    fs::write(&filter, format!("#!/bin/sh\nexec '{BIN}' pandoc \"$@\"\n")).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&filter, fs::Permissions::from_mode(0o755)).unwrap();
    }
    fs::write(
        dir.join("doc.md"),
        format!(
            "# Game\n\n```{{.fen .flip lastmove=e2e4 caption=\"After 1.e4\"}}\n{ITALIAN}\n```\n\n```fen\n{ITALIAN}\n```\n"
        ),
    )
    .unwrap();
    let out = Command::new("pandoc")
        .args([
            "doc.md",
            "--filter",
            filter.to_str().unwrap(),
            "-o",
            "doc.html",
        ])
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
    assert!(html.contains("<figcaption>After 1.e4</figcaption>"));
    let all = ids(&html);
    let mut unique = all.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(
        all.len(),
        unique.len(),
        "the same diagram twice shares no id"
    );

    let out = Command::new("pandoc")
        .args([
            "doc.md",
            "--filter",
            filter.to_str().unwrap(),
            "-t",
            "latex",
        ])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let latex = String::from_utf8_lossy(&out.stdout);
    assert_eq!(latex.matches("\\includegraphics").count(), 2, "{latex}");
    assert!(latex.contains("After 1.e4"));
    assert_eq!(fs::read_dir(dir.join("fen2img-images")).unwrap().count(), 2);

    fs::write(
        dir.join("bad.md"),
        "```fen\n8/8/8/8/8/8/8/K6kk w - - 0 1\n```\n",
    )
    .unwrap();
    let out = Command::new("pandoc")
        .args([
            "bad.md",
            "--filter",
            filter.to_str().unwrap(),
            "-o",
            "bad.html",
        ])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(!out.status.success(), "a bad FEN fails the conversion");
    assert!(String::from_utf8_lossy(&out.stderr).contains("fen block 1, line 1, column"));
    let _ = fs::remove_dir_all(&dir);
}

/// A dozen inline diagrams on one page (different options, the same diagram
/// twice) look in headless Chromium exactly like each diagram alone in its
/// own document: no id of one diagram captures another's references.
#[test]
fn a_page_of_inline_diagrams_renders_as_each_alone_in_chromium() {
    let Some(chromium) = ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|c| on_path(c))
    else {
        eprintln!("skipped: no chromium on PATH");
        return;
    };
    let dir = scratch("chromium");
    let blocks = [
        "fen",
        "fen flip",
        "fen arrows=Ge2e4,Rd8d1 marks=f7",
        "fen check theme=blue",
        "fen coords=inside fills=e4:#ff000080",
        "fen",
        "fen lastmove=c4f7 theme=green",
        "fen no-border coords=none",
        "fen flip arrows=Bh5f7",
        "fen theme=print",
        "fen check=e8 flip",
        "fen arrows=Ge2e4,Rd8d1 marks=f7",
    ];
    let fens = [
        ITALIAN,
        "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
    ];
    let block = |i: usize| format!("```{} size=160\n{}\n```\n\n", blocks[i], fens[i % 2]);
    // The diagrams' HTML from `fen2img md`, one page or one page each.
    let html_of = |name: &str, doc: String| -> Vec<String> {
        let page = dir.join(format!("{name}.md"));
        fs::write(&page, doc).unwrap();
        Cmd::new(BIN)
            .args([
                "md",
                page.to_str().unwrap(),
                "--out-dir",
                dir.join("out").to_str().unwrap(),
            ])
            .assert()
            .success();
        let text = fs::read_to_string(dir.join("out").join(format!("{name}.md"))).unwrap();
        text.split("<div class=\"fen2img\">\n")
            .skip(1)
            .map(|d| d[..d.find("</div>").unwrap()].to_string())
            .collect()
    };
    let together = html_of("together", (0..blocks.len()).map(block).collect());
    assert_eq!(together.len(), 12);
    let cell = |i: usize, inner: &str| {
        format!(
            "<div style=\"position:absolute;left:{}px;top:{}px;width:200px;height:200px;overflow:hidden\">{inner}</div>\n",
            (i % 4) * 200,
            (i / 4) * 200
        )
    };
    let head = "<!doctype html><html><body style=\"margin:0;background:#fff\">\n";
    let mut page = head.to_string();
    for (i, d) in together.iter().enumerate() {
        page.push_str(&cell(i, d));
    }
    let mut alone = head.to_string();
    for i in 0..blocks.len() {
        let svg = html_of(&format!("alone{i}"), block(i)).remove(0);
        let doc = format!("<body style=\"margin:0;background:#fff\">{svg}</body>");
        let srcdoc = doc.replace('&', "&amp;").replace('"', "&quot;");
        let iframe = format!(
            "<iframe srcdoc=\"{srcdoc}\" style=\"border:0;width:200px;height:200px;display:block\"></iframe>"
        );
        alone.push_str(&cell(i, &iframe));
    }
    let shot = |name: &str, html: &str| -> Vec<u8> {
        let file = dir.join(format!("{name}.html"));
        fs::write(&file, html).unwrap();
        let png = dir.join(format!("{name}.png"));
        let status = Command::new(chromium)
            .args([
                "--headless",
                "--disable-gpu",
                "--no-sandbox",
                "--hide-scrollbars",
            ])
            .args(["--window-size=800,600", "--force-device-scale-factor=1"])
            .arg(format!("--screenshot={}", png.display()))
            .arg(format!("file://{}", file.display()))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
        let decoder = png::Decoder::new(std::io::BufReader::new(fs::File::open(&png).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut pixels).unwrap();
        pixels.truncate(info.buffer_size());
        pixels
    };
    let a = shot("together", &page);
    let b = shot("alone", &alone);
    assert_eq!(a.len(), b.len());
    let differing = a.iter().zip(&b).filter(|(x, y)| x != y).count();
    // Not a blank page: the diagrams drew something.
    assert!(a.iter().filter(|&&v| v != 255).count() > a.len() / 4);
    assert_eq!(differing, 0, "{differing} bytes differ");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn html_pages_have_their_pre_fen_elements_replaced() {
    let dir = scratch("html");
    let page = dir.join("page.html");
    fs::write(
        &page,
        format!("<h1>Game</h1>\n<pre class=\"fen\" data-options=\"flip caption='Black to move'\">{ITALIAN}</pre>\n<pre>code</pre>\n"),
    )
    .unwrap();
    let out = dir.join("out");
    Cmd::new(BIN)
        .args([
            "md",
            page.to_str().unwrap(),
            "--out-dir",
            out.to_str().unwrap(),
        ])
        .assert()
        .success();
    let html = fs::read_to_string(out.join("page.html")).unwrap();
    assert!(html.starts_with("<h1>Game</h1>\n<figure class=\"fen2img\">\n<svg"));
    assert!(html.contains("<figcaption>Black to move</figcaption>"));
    assert!(html.contains("<pre>code</pre>"));
    // Errors point into the element: the option, then the FEN.
    fs::write(
        &page,
        "<pre class=\"fen\" data-options=\"flip bogus\">8/8/8/8/8/8/8/K6k w - - 0 1</pre>\n",
    )
    .unwrap();
    let result = Cmd::new(BIN)
        .args(["md", page.to_str().unwrap(), "--check"])
        .output()
        .unwrap();
    assert_eq!(result.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(
        stderr.contains(&format!("{}:1:37: unknown option 'bogus'", page.display())),
        "{stderr}"
    );
    let _ = fs::remove_dir_all(&dir);
}
