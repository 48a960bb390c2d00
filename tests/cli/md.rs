//! Diagrams in documents: `fen2img md` on a sample site, the mdBook
//! preprocessor (its JSON protocol, and the real `mdbook` when it is on
//! PATH) and the Pandoc filter (the real `pandoc` when it is on PATH).
//! `tools/install_doc_tools.sh` installs both tools.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use assert_cmd::Command as Cmd;

use crate::util::{under_umask, Fen2img, BIN};
const ITALIAN: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    crate::util::scratch_dir(&format!("md-{name}"))
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
    // The page's line under the error, and a caret under column 47 (two
    // columns of indent before the line).
    let lines: Vec<&str> = stderr.lines().collect();
    let at = lines.iter().position(|l| l.contains(&expected)).unwrap();
    assert_eq!(
        lines[at + 1],
        "    rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNX b KQkq e3 0 1"
    );
    assert_eq!(lines[at + 2].find('^'), Some(2 + 46), "{stderr}");
    assert_eq!(&lines[at + 1][48..49], "X");
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
#[ignore = "needs mdbook: cargo test -- --ignored"]
fn mdbook_builds_the_example_book() {
    require_tool("mdbook");
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
#[ignore = "needs pandoc: cargo test -- --ignored"]
fn pandoc_converts_a_document_to_html_and_latex() {
    require_tool("pandoc");
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
#[ignore = "needs Chromium: cargo test -- --ignored"]
fn a_page_of_inline_diagrams_renders_as_each_alone_in_chromium() {
    let chromium = ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|c| on_path(c))
        .expect("no Chromium on PATH: apt-get install chromium");
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

// ---------------------------------------------------------------------------
// Hostile and careless input (issue 20, items 9-20): each test below failed
// before its fix.

const KINGS: &str = "8/8/8/8/8/8/8/K6k w - - 0 1";

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[track_caller]
fn assert_ok(out: &std::process::Output) -> String {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{err}");
    err
}

fn page_with_block(info: &str) -> String {
    format!("# Page\n\n```fen {info}\n{KINGS}\n```\n\nAfter.\n")
}

/// Item 9: new pages and images get 0666 less the umask (they were 0600
/// whatever the umask), and --in-place keeps the page's own mode.
#[cfg(unix)]
#[test]
fn pages_and_images_get_the_umask_and_replaced_pages_keep_their_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("modes");
    fs::create_dir_all(dir.join("content")).unwrap();
    fs::write(dir.join("content/a.md"), page_with_block("")).unwrap();
    for (mask, expected) in [("002", 0o664), ("022", 0o644), ("077", 0o600)] {
        let out = format!("out{mask}");
        let run = under_umask(
            mask,
            &dir,
            &["md", "content", "--out-dir", &out, "--images", "png"],
        );
        assert_ok(&run);
        let out = dir.join(out);
        assert_eq!(mode(&out.join("a.md")), expected, "umask {mask}");
        let image = fs::read_dir(out.join("diagrams"))
            .unwrap()
            .next()
            .unwrap()
            .unwrap();
        assert_eq!(mode(&image.path()), expected, "umask {mask}");
    }
    let page = dir.join("own.md");
    fs::write(&page, page_with_block("")).unwrap();
    fs::set_permissions(&page, fs::Permissions::from_mode(0o664)).unwrap();
    assert_ok(&under_umask("077", &dir, &["md", "own.md", "--in-place"]));
    assert!(fs::read_to_string(&page).unwrap().contains("<svg"));
    assert_eq!(mode(&page), 0o664, "the user's own mode is kept");
    let _ = fs::remove_dir_all(&dir);
}

/// Item 10: a symlinked page is converted where it points (the link stays a
/// link); a link out of the tree and a read-only page are left alone.
#[cfg(unix)]
#[test]
fn in_place_converts_a_linked_page_and_never_writes_a_read_only_one() {
    use std::os::unix::fs::{symlink, PermissionsExt};
    let dir = scratch("inplace-links");
    let site = dir.join("site");
    fs::create_dir_all(site.join("drafts")).unwrap();
    fs::write(site.join("drafts/real.md"), page_with_block("")).unwrap();
    symlink("drafts/real.md", site.join("post.md")).unwrap();
    fs::write(dir.join("outside.md"), page_with_block("")).unwrap();
    symlink("../outside.md", site.join("ext.md")).unwrap();
    // Named alone: the page's tree is its directory; outside.md is not in it.
    let run = Cmd::new(BIN)
        .args(["md", site.join("ext.md").to_str().unwrap(), "--in-place"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1), "{run:?}");
    assert!(String::from_utf8_lossy(&run.stderr).contains("--follow-links"));
    assert!(fs::read_to_string(dir.join("outside.md"))
        .unwrap()
        .contains("```fen"));
    assert!(fs::symlink_metadata(site.join("ext.md"))
        .unwrap()
        .file_type()
        .is_symlink());
    // The link to drafts/ is converted there, and stays a link.
    let run = Cmd::new(BIN)
        .args(["md", site.join("post.md").to_str().unwrap(), "--in-place"])
        .output()
        .unwrap();
    assert_ok(&run);
    assert!(fs::symlink_metadata(site.join("post.md"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(fs::read_to_string(site.join("drafts/real.md"))
        .unwrap()
        .contains("<svg"));

    let locked = dir.join("locked.md");
    fs::write(&locked, page_with_block("")).unwrap();
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o444)).unwrap();
    let run = Cmd::new(BIN)
        .args(["md", locked.to_str().unwrap(), "--in-place"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&run.stderr).contains("read-only"),
        "{run:?}"
    );
    assert_eq!(fs::read_to_string(&locked).unwrap(), page_with_block(""));
    assert_eq!(mode(&locked), 0o444);
    let _ = fs::remove_dir_all(&dir);
}

/// Item 11: run beside the page, the images are linked from the page's
/// directory (they were linked as `tmp/.../img/`).
#[test]
fn in_place_beside_the_page_links_images_relative_to_it() {
    let dir = scratch("beside");
    fs::write(dir.join("games.md"), page_with_block("")).unwrap();
    let run = Command::new(BIN)
        .args([
            "md",
            "games.md",
            "--in-place",
            "--assets",
            "img",
            "--images",
            "png",
        ])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_ok(&run);
    let text = fs::read_to_string(dir.join("games.md")).unwrap();
    assert!(text.contains("<img src=\"img/"), "{text}");
    let _ = fs::remove_dir_all(&dir);
}

/// Item 12: an image damaged after the run is made again, with or without
/// the cache (the check was "the file exists").
#[test]
fn a_damaged_image_is_repaired() {
    let dir = scratch("repair");
    fs::create_dir_all(dir.join("content")).unwrap();
    fs::write(dir.join("content/a.md"), page_with_block("")).unwrap();
    let out = dir.join("out");
    let md = || {
        Cmd::new(BIN)
            .args(["md", dir.join("content").to_str().unwrap(), "--out-dir"])
            .arg(&out)
            .args(["--images", "png"])
            .output()
            .unwrap()
    };
    assert_ok(&md());
    let image = fs::read_dir(out.join("diagrams"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let good = fs::read(&image).unwrap();
    for delete_cache in [false, true] {
        fs::write(&image, b"").unwrap();
        if delete_cache {
            fs::remove_file(out.join(".fen2img-md-cache")).unwrap();
        }
        assert_ok(&md());
        assert_eq!(
            fs::read(&image).unwrap(),
            good,
            "cache deleted: {delete_cache}"
        );
    }
    let _ = fs::remove_dir_all(&dir);
}

/// Item 13: a byte order mark, CR-only line endings and an HTML comment
/// are read as a Markdown renderer reads them.
#[test]
fn bom_cr_only_pages_and_html_comments_are_read_as_commonmark() {
    let dir = scratch("commonmark");
    let pages = [
        ("bom.md", format!("\u{feff}```fen\n{KINGS}\n```\n"), true),
        (
            "cr.md",
            format!("# Mac\r\r```fen\r{KINGS}\r```\rAfter.\r"),
            true,
        ),
        (
            "comment.md",
            format!("Text.\n\n<!--\n```fen\n{KINGS}\n```\n-->\n"),
            false,
        ),
    ];
    for (name, text, diagram) in &pages {
        fs::write(dir.join(name), text).unwrap();
        let run = Cmd::new(BIN)
            .args(["md", dir.join(name).to_str().unwrap(), "--in-place"])
            .output()
            .unwrap();
        assert_ok(&run);
        let after = fs::read_to_string(dir.join(name)).unwrap();
        assert_eq!(after.contains("<svg"), *diagram, "{name}: {after}");
        if *diagram {
            assert!(!after.contains("```"), "{name}");
        } else {
            assert_eq!(&after, text, "{name}: untouched");
        }
    }
    let bom = fs::read_to_string(dir.join("bom.md")).unwrap();
    assert!(bom.starts_with('\u{feff}'), "the mark is kept");
    let _ = fs::remove_dir_all(&dir);
}

/// Items 15 and 17: a directory link loop is walked once, and an output
/// directory inside the input is not read again on the next run.
#[cfg(unix)]
#[test]
fn link_loops_and_an_output_tree_inside_the_input_are_walked_once() {
    let dir = scratch("loops");
    let site = dir.join("h");
    fs::create_dir_all(site.join("sub")).unwrap();
    fs::write(site.join("a.md"), page_with_block("")).unwrap();
    std::os::unix::fs::symlink(".", site.join("x")).unwrap();
    std::os::unix::fs::symlink("..", site.join("sub/up")).unwrap();
    let out = site.join("public");
    for _ in 0..2 {
        let mut cmd = Command::new(BIN);
        cmd.arg("md").arg(&site).arg("--out-dir").arg(&out);
        // Two loops used to never end.
        let run = finishes(cmd).expect("md followed a link loop without end");
        let err = assert_ok(&run);
        assert!(
            err.contains("in 1 page;") || err.contains("in 0 pages"),
            "{err}"
        );
    }
    assert!(out.join("a.md").is_file());
    assert!(!out.join("public").exists(), "no nested copy");
    assert!(!out.join("x").exists(), "the loop is not copied");
    let _ = fs::remove_dir_all(&dir);
}

/// Runs `cmd` to its end or kills it after a minute (a hang is the bug).
fn finishes(mut cmd: Command) -> Option<std::process::Output> {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    for _ in 0..600 {
        if child.try_wait().unwrap().is_some() {
            return Some(child.wait_with_output().unwrap());
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

/// Item 16: a FIFO in place of the cache or of a previous page, and a page
/// that is a link to /dev/zero, are not read without bound.
#[cfg(unix)]
#[test]
fn fifos_and_devices_are_never_read_without_bound() {
    let dir = scratch("fifo");
    fs::create_dir_all(dir.join("content")).unwrap();
    fs::create_dir_all(dir.join("out")).unwrap();
    fs::write(dir.join("content/a.md"), page_with_block("")).unwrap();
    for fifo in [".fen2img-md-cache", "a.md"] {
        assert!(Command::new("mkfifo")
            .arg(dir.join("out").join(fifo))
            .status()
            .unwrap()
            .success());
    }
    let mut cmd = Command::new(BIN);
    cmd.args(["md", "content", "--out-dir", "out"])
        .current_dir(&dir);
    let run = finishes(cmd).expect("md hung on a FIFO");
    assert_ok(&run);
    assert!(fs::read_to_string(dir.join("out/a.md"))
        .unwrap()
        .contains("<svg"));

    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.md")).unwrap();
    let mut cmd = Command::new(BIN);
    cmd.args(["md", "zero.md", "--check"]).current_dir(&dir);
    let run = finishes(cmd).expect("md read /dev/zero without end");
    assert_eq!(run.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&run.stderr).contains("a device"),
        "{run:?}"
    );
    // And a page over --max-page-size.
    fs::write(dir.join("big.md"), "x".repeat(2000)).unwrap();
    let run = Cmd::new(BIN)
        .args(["md", "big.md", "--check", "--max-page-size", "1000"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&run.stderr).contains("limit of 1000 bytes"));
    let _ = fs::remove_dir_all(&dir);
}

/// Item 18: a link in the output tree does not send pages outside it, and
/// an input page linking out of the input tree is not published, unless
/// --follow-links says so.
#[cfg(unix)]
#[test]
fn links_out_of_the_input_or_output_tree_are_not_followed() {
    use std::os::unix::fs::symlink;
    let dir = scratch("links-out");
    fs::create_dir_all(dir.join("content/posts")).unwrap();
    fs::create_dir_all(dir.join("elsewhere")).unwrap();
    fs::create_dir_all(dir.join("out")).unwrap();
    fs::write(dir.join("content/posts/x.md"), page_with_block("")).unwrap();
    symlink(dir.join("elsewhere"), dir.join("out/posts")).unwrap();
    let run = Cmd::new(BIN)
        .args(["md", "content", "--out-dir", "out"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1), "{run:?}");
    assert!(String::from_utf8_lossy(&run.stderr).contains("link out of"));
    assert_eq!(fs::read_dir(dir.join("elsewhere")).unwrap().count(), 0);
    // Nor images, through the default assets directory.
    fs::remove_file(dir.join("out/posts")).unwrap();
    symlink(dir.join("elsewhere"), dir.join("out/diagrams")).unwrap();
    let run = Cmd::new(BIN)
        .args(["md", "content", "--out-dir", "out", "--images", "png"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1), "{run:?}");
    assert_eq!(fs::read_dir(dir.join("elsewhere")).unwrap().count(), 0);
    fs::remove_file(dir.join("out/diagrams")).unwrap();

    fs::write(dir.join("secrets.md"), "password: hunter2\n").unwrap();
    symlink(dir.join("secrets.md"), dir.join("content/notes.md")).unwrap();
    let run = Cmd::new(BIN)
        .args(["md", "content", "--out-dir", "out"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let err = assert_ok(&run);
    assert!(
        err.contains("notes.md") && err.contains("not read"),
        "{err}"
    );
    assert!(
        !dir.join("out/notes.md").exists(),
        "the secret is not published"
    );
    let run = Cmd::new(BIN)
        .args(["md", "content", "--out-dir", "out", "--follow-links"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_ok(&run);
    assert!(dir.join("out/notes.md").exists(), "unless asked");
    let _ = fs::remove_dir_all(&dir);
}

/// Item 19: caption=auto, every bad option and a non-UTF-8 page.
#[test]
fn fence_options_are_read_as_the_command_line_reads_them() {
    let dir = scratch("options19");
    fs::write(dir.join("auto.md"), page_with_block("caption=auto")).unwrap();
    assert_ok(
        &Cmd::new(BIN)
            .args(["md", "auto.md", "--in-place"])
            .current_dir(&dir)
            .output()
            .unwrap(),
    );
    let text = fs::read_to_string(dir.join("auto.md")).unwrap();
    assert!(
        text.contains("<figcaption>White to move</figcaption>"),
        "{text}"
    );

    fs::write(
        dir.join("bad.md"),
        page_with_block("colour=red size=9999 theme=/nonexistent/t.theme"),
    )
    .unwrap();
    let run = Cmd::new(BIN)
        .args(["md", "bad.md", "--check"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("bad.md:3:8: unknown option 'colour'"), "{err}");
    // A value that does not read: at the value (its first character here).
    assert!(err.contains("bad.md:3:24: size: "), "{err}");

    fs::write(
        dir.join("theme.md"),
        page_with_block("flip theme=/nonexistent/t.theme"),
    )
    .unwrap();
    let run = Cmd::new(BIN)
        .args(["md", "theme.md", "--check"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains("theme.md:3:13: theme"),
        "the theme option's column: {err}"
    );

    fs::write(dir.join("latin1.md"), b"# Caf\xe9\n\nText.\n").unwrap();
    let run = Cmd::new(BIN)
        .args(["md", "latin1.md", "--check"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2), "{run:?}");
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains("latin1.md:1:6: byte 0xe9 is not UTF-8"),
        "{err}"
    );
    let _ = fs::remove_dir_all(&dir);
}

/// Item 20: a Hugo site without Goldmark's `unsafe = true`, or with image
/// files and no --assets-url, gets a warning naming the fix.
#[test]
fn a_hugo_site_gets_warnings_for_the_settings_it_lacks() {
    let dir = scratch("hugo-warn");
    fs::create_dir_all(dir.join("content/posts")).unwrap();
    fs::write(
        dir.join("hugo.toml"),
        "baseURL = 'https://example.org/'\ntitle = 'x'\n",
    )
    .unwrap();
    fs::write(dir.join("content/posts/a.md"), page_with_block("")).unwrap();
    let run = Cmd::new(BIN)
        .args(["md", "content", "--check", "--images", "png"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let err = assert_ok(&run);
    assert!(err.contains("unsafe = true"), "{err}");
    assert!(err.contains("--assets-url"), "{err}");
    fs::write(
        dir.join("hugo.toml"),
        "baseURL = 'https://example.org/'\n[markup.goldmark.renderer]\n  unsafe = true\n",
    )
    .unwrap();
    let run = Cmd::new(BIN)
        .args([
            "md",
            "content",
            "--check",
            "--images",
            "png",
            "--assets-url",
            "/diagrams/",
        ])
        .current_dir(&dir)
        .output()
        .unwrap();
    let err = assert_ok(&run);
    assert!(!err.contains("warning"), "{err}");
    let help = Cmd::new(BIN).args(["md", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(
        help.contains("unsafe = true") && help.contains("--assets-url"),
        "{help}"
    );
    let _ = fs::remove_dir_all(&dir);
}

/// Fails the test when `tool` cannot be run: the tests that need a tool are
/// `#[ignore]`d with its name, so a plain `cargo test` counts them in its
/// summary and `cargo test -- --ignored` (as CI runs it) demands the tool.
fn require_tool(tool: &str) {
    // Hugo answers `hugo version`; `--version` is an error to it.
    let answers = Command::new(tool)
        .arg(if tool == "hugo" {
            "version"
        } else {
            "--version"
        })
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        answers,
        "{tool} is not on PATH (tools/install_doc_tools.sh installs it)"
    );
}

/// Item 20 against the real Hugo: a tiny site's fen block, prebuilt by
/// `fen2img md` into Hugo's content, comes out of `hugo` as a diagram, with
/// inline SVG and with image files under static/ and --assets-url.
#[test]
#[ignore = "needs Hugo: cargo test -- --ignored"]
fn hugo_builds_a_site_whose_fen_blocks_were_prebuilt() {
    require_tool("hugo");
    let dir = scratch("hugo");
    fs::create_dir_all(dir.join("notes/posts")).unwrap();
    fs::create_dir_all(dir.join("layouts/_default")).unwrap();
    fs::write(
        dir.join("hugo.toml"),
        "baseURL = 'https://example.org/'\ntitle = 'Chess'\n\
         disableKinds = ['taxonomy', 'term', 'RSS', 'sitemap', 'robotsTXT', '404']\n\
         [markup.goldmark.renderer]\n  unsafe = true\n",
    )
    .unwrap();
    // A theme-less site needs its own page template.
    fs::write(
        dir.join("layouts/_default/single.html"),
        "<html><body>{{ .Content }}</body></html>\n",
    )
    .unwrap();
    fs::write(dir.join("layouts/_default/list.html"), "<html></html>\n").unwrap();
    fs::write(
        dir.join("notes/posts/opening.md"),
        format!("---\ntitle: Opening\n---\n\nThe Italian:\n\n```fen caption=auto\n{ITALIAN}\n```\n\nAnd the end.\n\n```fen size=200\n{KINGS}\n```\n"),
    )
    .unwrap();
    let run = Cmd::new(BIN)
        .args(["md", "notes", "--out-dir", "content"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let err = assert_ok(&run);
    assert!(!err.contains("warning"), "{err}");
    let hugo = Command::new("hugo")
        .args(["--quiet", "--destination", "public"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(
        hugo.status.success(),
        "{}",
        String::from_utf8_lossy(&hugo.stderr)
    );
    let html = fs::read_to_string(dir.join("public/posts/opening/index.html")).unwrap();
    assert!(!html.contains("raw HTML omitted"), "{html}");
    assert_eq!(html.matches("<svg").count(), 2, "{html}");
    assert!(html.contains("<figcaption>White to move</figcaption>"));
    assert!(html.contains("The Italian:") && html.contains("And the end."));

    // Image files: under static/, linked by an absolute URL.
    let run = Cmd::new(BIN)
        .args(["md", "notes", "--out-dir", "content", "--images", "png"])
        .args(["--assets", "static/diagrams", "--assets-url", "/diagrams/"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_ok(&run);
    let hugo = Command::new("hugo")
        .args(["--quiet", "--destination", "public2"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(
        hugo.status.success(),
        "{}",
        String::from_utf8_lossy(&hugo.stderr)
    );
    let html = fs::read_to_string(dir.join("public2/posts/opening/index.html")).unwrap();
    let srcs: Vec<&str> = html
        .match_indices("<img src=\"")
        .map(|(i, _)| {
            let rest = &html[i + 10..];
            &rest[..rest.find('"').unwrap()]
        })
        .collect();
    assert_eq!(srcs.len(), 2, "{html}");
    for src in srcs {
        // The URL the browser asks for is a file Hugo published.
        let file = dir.join("public2").join(src.trim_start_matches('/'));
        assert!(fs::read(&file).unwrap().starts_with(b"\x89PNG"), "{src}");
    }
    let _ = fs::remove_dir_all(&dir);
}

/// A fen block written as `md` and the README write it, through the
/// Pandoc filter, as Pandoc's readers hand it over: Pandoc's Markdown reads
/// ```` ```fen lastmove=e2e4 ```` as inline code (a paragraph of one `Code`
/// span), its CommonMark readers take `{.fen` for the language. Both went
/// through silently as code.
fn pandoc_unread_blocks(api: &[u64]) -> String {
    serde_json::json!({"pandoc-api-version": api, "meta": {}, "blocks": [
        {"t": "Para", "c": [{"t": "Code", "c": [["", [], []],
            format!("fen lastmove=e2e4 flip {ITALIAN}")]}]},
        {"t": "CodeBlock", "c": [["", ["{.pgn"], []], "1. e4 e5 *"]},
        {"t": "Para", "c": [{"t": "Str", "c": "the"}, {"t": "Space"},
            {"t": "Code", "c": [["", [], []], "fen"]}, {"t": "Space"}, {"t": "Str", "c": "word"}]},
        {"t": "Para", "c": [{"t": "Code", "c": [["", [], []], "fen"]}]}
    ]})
    .to_string()
}

#[test]
fn pandoc_warns_of_fen_code_it_did_not_make_a_diagram() {
    let out = Cmd::new(BIN)
        .args(["pandoc", "html"])
        .write_stdin(pandoc_unread_blocks(&[1, 22, 2, 1]))
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let warnings: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        warnings,
        [
            format!(
                "fen2img: warning: a fen block was left as code: Pandoc's Markdown reads ```fen \
                 with words after it as inline code (`fen lastmove=e2e4 flip {}...`); write the \
                 options as attributes, ```{{.fen lastmove=e2e4 flip}}, for a diagram",
                &ITALIAN[..37]
            ),
            "fen2img: warning: a pgn block was left as code: this Pandoc reader took `{.pgn` \
             for the language, as CommonMark readers take no attributes; read the document \
             with -f markdown (or commonmark_x), or write ```pgn with the options in \
             --defaults"
                .to_string(),
        ],
        "prose that names `fen` is not warned about"
    );
    // The document itself goes through unchanged.
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let sent: serde_json::Value =
        serde_json::from_str(&pandoc_unread_blocks(&[1, 22, 2, 1])).unwrap();
    assert_eq!(v, sent);
}

#[test]
#[ignore = "needs pandoc: cargo test -- --ignored"]
fn pandoc_itself_reads_a_readme_style_block_as_code_and_fen2img_says_so() {
    require_tool("pandoc");
    let dir = scratch("pandoc-readme-block");
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
            "# Readme\n\n```fen lastmove=e2e4\n{ITALIAN}\n```\n\n```{{.fen lastmove=e2e4}}\n{ITALIAN}\n```\n"
        ),
    )
    .unwrap();
    let pandoc = |reader: &str| {
        let out = Command::new("pandoc")
            .args(["-f", reader, "doc.md", "--filter"])
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
        (String::from_utf8_lossy(&out.stderr).into_owned(), html)
    };
    // Pandoc's Markdown: the attribute form is a diagram, the other code.
    let (stderr, html) = pandoc("markdown");
    assert_eq!(html.matches("<svg").count(), 1, "{html}");
    assert!(html.contains("<code>fen lastmove=e2e4"), "{html}");
    assert!(
        stderr.contains(
            "fen2img: warning: a fen block was left as code: Pandoc's Markdown reads ```fen \
             with words after it as inline code"
        ) && stderr.contains("write the options as attributes, ```{.fen lastmove=e2e4}"),
        "{stderr}"
    );
    // GitHub's Markdown: the first is a diagram without its options (the
    // reader drops them), the attribute form is code of class `{.fen`.
    let (stderr, html) = pandoc("gfm");
    assert_eq!(html.matches("<svg").count(), 1, "{html}");
    assert!(
        stderr.contains("this Pandoc reader took `{.fen` for the language"),
        "{stderr}"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn every_error_of_a_page_gets_its_line_and_caret_whatever_ends_the_lines() {
    // Each caret counted the page's lines from the start again (20,000
    // errors: 96 s), and split them at LF only, so a CR-only page had no
    // caret under any error after its first line.
    let dir = scratch("caret-per-error");
    let blocks = 2000;
    for (name, end) in [("lf.md", "\n"), ("crlf.md", "\r\n"), ("cr.md", "\r")] {
        let block = ["```fen", "8/8/8/8/8/8/8/K6kk w - - 0 1", "```", "", ""].join(end);
        fs::write(dir.join(name), block.repeat(blocks)).unwrap();
        let out = Command::new(BIN)
            .args(["md", name, "--check"])
            .current_dir(&dir)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{name}");
        let err = String::from_utf8_lossy(&out.stderr);
        let lines: Vec<&str> = err.lines().collect();
        let errors: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].starts_with("fen2img: error: ") && lines[i].contains(".md:"))
            .collect();
        assert_eq!(errors.len(), blocks, "{name}");
        for (k, &i) in errors.iter().enumerate() {
            assert!(
                lines[i].starts_with(&format!("fen2img: error: {name}:{}:18: ", 2 + 4 * k)),
                "{name}: {}",
                lines[i]
            );
            assert_eq!(lines[i + 1], "  8/8/8/8/8/8/8/K6kk w - - 0 1", "{name}");
            assert_eq!(lines[i + 2], format!("{}^", " ".repeat(19)), "{name}");
        }
    }
    let _ = fs::remove_dir_all(&dir);
}

/// Every example of every option a fence takes, in a one-block page
/// through `fen2img md --images svg`, draws the SVG the command line draws
/// with the same option: the fence reads its options through the same
/// table (issue 33).
#[test]
fn every_table_example_draws_the_same_svg_from_the_cli_and_a_fence() {
    use fen2img_render::vocabulary::{Alias, Form, Names, RENDER};
    const FEN: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    // A piece set's example names a directory these pages do not have.
    const NEEDS_A_FILE: [&str; 1] = ["pieces"];
    const FAIRY: &str = "k7/8/8/3-N4/8/2(G)1{a}3/1*1b-*3c5/(!S2)-r5K";
    const PROBLEM_ROWS: [&str; 5] = ["problem", "stipulation", "author", "source", "award"];
    let dir = scratch("table");
    let mut compared = 0;
    for row in RENDER.rows {
        let (Names::Here(cli_names), Names::Here(fence_names)) = (&row.cli, &row.fence) else {
            continue;
        };
        if NEEDS_A_FILE.contains(&row.name) {
            continue;
        }
        let (flag, key) = (cli_names[0], fence_names[0]);
        // A title or rating belongs to a named player.
        let side = ["white", "black"]
            .into_iter()
            .find(|s| row.name.starts_with(&format!("{s}_")));
        // A problem option is compared on Fairy FEN too (issue 36).
        let positions: &[&str] = if PROBLEM_ROWS.contains(&row.name) {
            &[FEN, FAIRY]
        } else {
            &[FEN]
        };
        for (example, fen) in row
            .examples
            .iter()
            .flat_map(|e| positions.iter().map(move |f| (e, *f)))
        {
            let mut args = vec![
                fen.to_string(),
                "-f".into(),
                "svg".into(),
                "-o".into(),
                "-".into(),
            ];
            let mut info = String::from("fen");
            if let Some(side) = side {
                args.extend([format!("--{side}"), "Name".into()]);
                info.push_str(&format!(" {side}=Name"));
            }
            match cli_flag(flag, example) {
                Some(arg) => args.push(arg),
                None => continue, // the switch's default: nothing to give
            }
            // A switch alone, as on the command line.
            match key.form {
                Form::Switch { .. } => info.push_str(&format!(" {}", key.name)),
                _ => info.push_str(&format!(" {}=\"{example}\"", key.name)),
            }
            let cli = Command::new(BIN).args(&args).output().unwrap();
            assert_ok(&cli);
            let case = dir.join(format!("case{compared}"));
            fs::create_dir_all(&case).unwrap();
            let page = case.join("page.md");
            fs::write(&page, format!("```{info}\n{fen}\n```\n")).unwrap();
            let out = case.join("out");
            let md = Command::new(BIN)
                .args(["md", "--images", "svg", "--out-dir"])
                .arg(&out)
                .arg(&page)
                .output()
                .unwrap();
            assert!(
                md.status.success(),
                "{info}: {}",
                String::from_utf8_lossy(&md.stderr)
            );
            let images: Vec<PathBuf> = fs::read_dir(out.join("diagrams"))
                .unwrap()
                .map(|e| e.unwrap().path())
                .collect();
            assert_eq!(images.len(), 1, "{info}: {images:?}");
            let fence = fs::read(&images[0]).unwrap();
            assert!(
                fence == cli.stdout,
                "{info}: the fence's SVG differs from the CLI's ({})",
                args.join(" ")
            );
            compared += 1;
        }
    }
    // Every row both take but `format`, `caption` and `number` (the page's
    // own in a fence) and `pieces`.
    // And the problem rows' examples again on Fairy FEN.
    assert!(compared >= 36, "{compared} examples compared");
    let _ = fs::remove_dir_all(&dir);

    /// The command-line argument that gives `value` to the flag `alias`,
    /// `None` when it is the switch's off value (nothing to write).
    fn cli_flag(alias: Alias, value: &str) -> Option<String> {
        match alias.form {
            Form::Switch { on, .. } if on == value => Some(format!("--{}", alias.name)),
            Form::Switch { .. } => None,
            _ => Some(format!("--{}={value}", alias.name)),
        }
    }
}

/// Issue 36: a fen block whose body is Fairy FEN (a neutral knight, a
/// turned queen) is drawn with the problem layout, its options' words over
/// it; a problem block's bad Fairy FEN is placed in the page with the
/// column of the bad character; a bad plain FEN keeps FEN's message.
#[test]
fn a_fen_block_of_fairy_fen_draws_the_problem() {
    let dir = scratch("fairy");
    fs::write(
        dir.join("p.md"),
        "# p\n\n```fen stipulation=\"h#2\" author=\"A. Composer\"\n\
         4k3/8/8/3-N4/8/8/8/*2Q3K3\n```\n",
    )
    .unwrap();
    let out = Fen2img::new()
        .current_dir(&dir)
        .args(["md", "p.md", "--out-dir", "out"])
        .code(0);
    let page = fs::read_to_string(dir.join("out/p.md")).unwrap();
    assert!(
        page.contains("Neutral: Sd5. h#2 (2+1+1n)."),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(page.contains("A. Composer"), "{page}");
    // An ordinary FEN drawn as a problem is described as one too.
    fs::write(
        dir.join("o.md"),
        "```fen stipulation=\"#2\"\n4k3/8/8/8/8/8/8/4K2R w K - 0 1\n```\n",
    )
    .unwrap();
    Fen2img::new()
        .current_dir(&dir)
        .args(["md", "o.md", "--out-dir", "out"])
        .code(0);
    let page = fs::read_to_string(dir.join("out/o.md")).unwrap();
    assert!(
        page.contains("White: Ke1 Rh1. Black: Ke8. #2 (2+1)."),
        "{page}"
    );
    fs::write(
        dir.join("bad.md"),
        "```fen problem\n4k3/8/8/3-N4/8/8/8/7E\n```\n\n```fen\nnot a fen\n```\n",
    )
    .unwrap();
    let out = Fen2img::new()
        .current_dir(&dir)
        .args(["md", "bad.md", "--out-dir", "out", "--keep-going"])
        .code(2);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.md:2:21: invalid Fairy FEN: 'E'"), "{err}");
    assert!(err.contains("bad.md:6:4: invalid FEN"), "{err}");
}
