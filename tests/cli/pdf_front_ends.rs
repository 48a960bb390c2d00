//! PDF from every front end but the single command (`pdf.rs`): `batch -f
//! pdf`, `md --images pdf`, the Pandoc filter's `--images pdf`. Each is
//! checked against the command's own bytes for the same diagram (PDF
//! bytes are deterministic, so one writer means one answer), and with
//! poppler and real Pandoc + LaTeX where they matter (ignored in a plain
//! `cargo test`: `apt-get install poppler-utils pandoc texlive-latex-base
//! texlive-latex-recommended lmodern`, then `-- --ignored`). The server's
//! `/diagram.pdf` is checked in `serve.rs`, beside its other endpoints.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use crate::util::{assert_code, scratch_dir, stderr, tool, Fen2img, BIN};

const ITALIAN: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1";
const KINGS: &str = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
const MM: f64 = 72.0 / 25.4;

fn run(dir: &Path, args: &[&str]) -> Output {
    Fen2img::new().args(args).current_dir(dir).output()
}

/// The command's PDF of `fen` with `extra` options.
fn command_pdf(dir: &Path, fen: &str, extra: &[&str]) -> Vec<u8> {
    let out = run(dir, &[&[fen, "-o", "single.pdf"], extra].concat());
    assert_code(&out, 0);
    fs::read(dir.join("single.pdf")).unwrap()
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn batch_writes_one_pdf_per_line_with_the_commands_bytes() {
    let dir = scratch_dir("batch_pdf");
    fs::write(
        dir.join("p.epd"),
        format!(
            "{} id \"ital\"; c0 \"Italian Game\";\n{KINGS}\n",
            &ITALIAN[..ITALIAN.len() - 4]
        ),
    )
    .unwrap();
    let batch = [
        "batch",
        "p.epd",
        "-f",
        "pdf",
        "--out-dir",
        "out",
        "--size",
        "35mm",
    ];
    let out = run(&dir, &[&batch[..], &["--name", "{id}.{ext}"]].concat());
    assert_code(&out, 0);
    // Named as every format is ({id}, else the line number), `{ext}` pdf;
    // nothing else left in the directory (no temporary files).
    assert_eq!(names(&dir.join("out")), ["000002.pdf", "ital.pdf"]);
    let ital = fs::read(dir.join("out/ital.pdf")).unwrap();
    // The EPD's c0 is the caption, as `--caption` is for the command.
    let single = command_pdf(
        &dir,
        ITALIAN,
        &["--size", "35mm", "--caption", "Italian Game"],
    );
    assert!(ital == single, "batch's PDF differs from the command's");
    let kings = fs::read(dir.join("out/000002.pdf")).unwrap();
    assert!(kings == command_pdf(&dir, KINGS, &["--size", "35mm"]));
    // Again: the same bytes, so nothing is written.
    let again = run(&dir, &[&batch[..], &["--name", "{id}.{ext}"]].concat());
    assert_code(&again, 0);
    assert!(
        stderr(&again).contains("0 written, 2 unchanged"),
        "{}",
        stderr(&again)
    );
    // `{hash}` tells two printed widths apart even where their pixels are
    // the same (35 mm and 35.1 mm are both 132 px at 96 dpi).
    let hashed = |size: &str| {
        let out = run(
            &dir,
            &[
                "batch",
                "p.epd",
                "-f",
                "pdf",
                "--out-dir",
                size,
                "--size",
                size,
                "--name",
                "{hash}.{ext}",
            ],
        );
        assert_code(&out, 0);
        names(&dir.join(size))
    };
    let (a, b) = (hashed("35mm"), hashed("35.1mm"));
    assert_eq!(a.len(), 2);
    assert!(a.iter().all(|n| n.ends_with(".pdf")), "{a:?}");
    assert!(a.iter().all(|n| !b.contains(n)), "{a:?} {b:?}");
}

#[test]
fn batch_refuses_pdf_of_games_naming_the_flag() {
    let dir = scratch_dir("batch_pdf_games");
    fs::write(dir.join("g.pgn"), "1. e4 e5 2. Nf3 *\n").unwrap();
    let out = run(&dir, &["batch", "g.pgn", "-f", "pdf", "--out-dir", "out"]);
    assert_code(&out, 2);
    let err = stderr(&out);
    assert!(
        err.contains("-f pdf") && err.contains("fen2img sheet"),
        "{err}"
    );
    assert!(!dir.join("out").exists(), "a directory was made");
}

#[test]
fn a_problem_asked_as_pdf_is_refused_and_no_file_is_written() {
    // The PDF writer draws the ordinary diagram; a problem (Fairy FEN, a
    // neutral queen here) must not come out as SVG bytes in a `.pdf`.
    let dir = scratch_dir("problem_pdf");
    for args in [
        &["--problem", "4k3/8/8/8/8/8/8/-Q3K3", "-o", "p.pdf"][..],
        &["4k3/8/8/8/8/8/8/-Q3K3", "-f", "pdf", "-o", "p.pdf"][..],
    ] {
        let out = run(&dir, args);
        assert_code(&out, 2);
        let err = stderr(&out);
        assert!(err.contains("problem is not written as PDF"), "{err}");
        assert!(!dir.join("p.pdf").exists(), "a file was written");
    }
}

#[test]
fn md_images_pdf_writes_markdown_images_of_the_commands_pdfs() {
    let dir = scratch_dir("md_pdf");
    fs::write(
        dir.join("doc.md"),
        format!(
            "# Openings\nBefore.\n```fen size=35mm caption=\"Italian [Game]\"\n{ITALIAN}\n```\n\
             After.\n\n```fen size=35mm\n{KINGS}\n```\n"
        ),
    )
    .unwrap();
    let out = run(
        &dir,
        &["md", "doc.md", "--out-dir", "out", "--images", "pdf"],
    );
    assert_code(&out, 0);
    let page = fs::read_to_string(dir.join("out/doc.md")).unwrap();
    let files = names(&dir.join("out/diagrams"));
    assert_eq!(files.len(), 2, "{files:?}");
    // Without the caption (a figure's, under the image) the diagram is the
    // command's for the same size.
    let single = command_pdf(&dir, ITALIAN, &["--size", "35mm"]);
    let ital = files
        .iter()
        .find(|f| fs::read(dir.join("out/diagrams").join(f)).unwrap() == single)
        .unwrap_or_else(|| panic!("no diagram is the command's PDF: {files:?}"));
    // A paragraph of its own (a blank line before and after), the caption
    // its description with Markdown's brackets escaped: Pandoc's figure.
    assert!(
        page.contains(&format!(
            "Before.\n\n![Italian \\[Game\\]](<diagrams/{ital}>)\n\nAfter."
        )),
        "{page}"
    );
    // No caption: the alt text, and a non-breaking space after, so Pandoc
    // does not caption it with the whole description.
    assert!(
        page.contains("![White to move\\. White\\: Ke1\\."),
        "{page}"
    );
    assert!(page.contains(".pdf>)\\ \n"), "{page}");
    // An HTML page cannot show a PDF as an image: refused, nothing written.
    fs::write(
        dir.join("page.html"),
        format!("<pre class=\"fen\">{KINGS}</pre>\n"),
    )
    .unwrap();
    let out = run(
        &dir,
        &["md", "page.html", "--out-dir", "html", "--images", "pdf"],
    );
    assert_code(&out, 2);
    assert!(stderr(&out).contains("--images pdf"), "{}", stderr(&out));
    assert!(!dir.join("html").exists());
}

#[test]
fn md_images_pdf_refuses_problem_blocks_by_their_notation_or_their_options() {
    // Fairy FEN, and an ordinary FEN whose options ask for the problem
    // layout: neither may come out as an ordinary diagram's PDF.
    let dir = scratch_dir("md_pdf_problem");
    for (name, block) in [
        (
            "fairy.md",
            "```fen\n4k3/8/8/8/8/8/8/-Q3K3\n```\n".to_string(),
        ),
        (
            "asked.md",
            format!("```fen stipulation=\"#2\"\n{KINGS}\n```\n"),
        ),
    ] {
        fs::write(dir.join(name), block).unwrap();
        let out = run(&dir, &["md", name, "--out-dir", "out", "--images", "pdf"]);
        assert_code(&out, 2);
        let err = stderr(&out);
        assert!(
            err.contains("problem is not written as PDF"),
            "{name}: {err}"
        );
    }
}

/// A Pandoc AST (API 1.22, Pandoc 2) of one fen block with `attrs`.
fn pandoc_ast(fen: &str, attrs: &[(&str, &str)]) -> String {
    serde_json::json!({"pandoc-api-version": [1, 22, 2, 1], "meta": {}, "blocks": [
        {"t": "CodeBlock", "c": [["", ["fen"], attrs], fen]}
    ]})
    .to_string()
}

#[test]
fn the_pandoc_filter_gives_latex_pdf_figures_with_images_pdf() {
    let dir = scratch_dir("pandoc_pdf");
    let ast = pandoc_ast(ITALIAN, &[("size", "35mm"), ("caption", "Italian")]);
    let filtered = |args: &[&str], env: Option<&str>| {
        let mut cmd = Fen2img::new()
            .args(args)
            .current_dir(&dir)
            .env("FEN2IMG_ASSETS", "figs")
            .stdin(ast.as_bytes());
        if let Some(images) = env {
            cmd = cmd.env("FEN2IMG_IMAGES", images);
        }
        cmd.output()
    };
    for (args, env) in [
        (&["pandoc", "latex", "--images", "pdf"][..], None),
        (&["pandoc", "latex"][..], Some("pdf")),
    ] {
        let out = filtered(args, env);
        assert_code(&out, 0);
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        // Pandoc 2's figure: an image alone in a paragraph, titled "fig:".
        let image = &doc["blocks"][0]["c"][0];
        assert_eq!(image["t"], "Image", "{doc}");
        let src = image["c"][2][0].as_str().unwrap();
        assert!(src.starts_with("figs/") && src.ends_with(".pdf"), "{src}");
        assert_eq!(image["c"][2][1], "fig:");
        let pdf = fs::read(dir.join(src)).unwrap();
        assert!(pdf == command_pdf(&dir, ITALIAN, &["--size", "35mm"]));
    }
    // Without either: PNG, as before.
    let out = filtered(&["pandoc", "latex"], None);
    assert_code(&out, 0);
    assert!(String::from_utf8_lossy(&out.stdout).contains(".png"));
    // HTML formats inline SVG whatever --images says.
    let out = filtered(&["pandoc", "html", "--images", "pdf"], None);
    assert_code(&out, 0);
    assert!(String::from_utf8_lossy(&out.stdout).contains("<svg"));
    // A bad FEN2IMG_IMAGES names the variable.
    let out = filtered(&["pandoc", "latex"], Some("gif"));
    assert_code(&out, 2);
    assert!(stderr(&out).contains("FEN2IMG_IMAGES"), "{}", stderr(&out));
}

#[test]
#[ignore = "needs poppler-utils: cargo test --test cli pdf_front_ends:: -- --ignored"]
fn batch_pdfs_have_the_printed_size_the_font_the_caption_and_tags() {
    let dir = scratch_dir("front_ends_poppler");
    fs::write(
        dir.join("p.epd"),
        format!("{} c0 \"Italian Game\";\n", &ITALIAN[..ITALIAN.len() - 4]),
    )
    .unwrap();
    let out = run(
        &dir,
        &[
            "batch",
            "p.epd",
            "-f",
            "pdf",
            "--out-dir",
            "out",
            "--size",
            "5cm",
            "--theme",
            "print",
        ],
    );
    assert_code(&out, 0);
    let file = "out/000001.pdf";
    let info = tool(&dir, "pdfinfo", &[file]);
    assert!(info.contains("Tagged:          yes"), "{info}");
    let size = info.lines().find(|l| l.starts_with("Page size:")).unwrap();
    let width: f64 = size.split_whitespace().nth(2).unwrap().parse().unwrap();
    assert!((width - 50.0 * MM).abs() < 0.1 * MM, "{size}");
    let fonts = tool(&dir, "pdffonts", &[file]);
    let row = fonts
        .lines()
        .find(|l| l.contains("NotoSans"))
        .unwrap_or_else(|| panic!("{fonts}"));
    let cols: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(
        &cols[cols.len() - 5..cols.len() - 2],
        &["yes", "yes", "yes"],
        "{row}"
    );
    assert!(tool(&dir, "pdftotext", &[file, "-"]).contains("Italian Game"));
}

#[test]
#[ignore = "needs pandoc and pdflatex (texlive-latex-base, texlive-latex-recommended, lmodern): cargo test --test cli pdf_front_ends:: -- --ignored"]
fn pandoc_makes_a_pdf_whose_diagrams_are_vectors() {
    let dir = scratch_dir("pandoc_latex_pdf");
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
            "# Openings\n\n```{{.fen size=35mm caption=\"Italian Game\"}}\n{ITALIAN}\n```\n\n\
             ```{{.fen size=35mm}}\n{KINGS}\n```\n"
        ),
    )
    .unwrap();
    let out = Command::new("pandoc")
        .args(["doc.md", "--filter", "./fen2img-pandoc", "-o", "doc.pdf"])
        .env("FEN2IMG_IMAGES", "pdf")
        .env("FEN2IMG_ASSETS", "figs")
        .current_dir(&dir)
        .output()
        .expect("pandoc runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Both diagrams placed as PDF, none as a raster image: `pdfimages
    // -list` prints its two header lines only.
    assert_eq!(
        names(&dir.join("figs"))
            .iter()
            .filter(|n| n.ends_with(".pdf"))
            .count(),
        2
    );
    let images = tool(&dir, "pdfimages", &["-list", "doc.pdf"]);
    assert_eq!(images.lines().count(), 2, "{images}");
    let text = tool(&dir, "pdftotext", &["doc.pdf", "-"]);
    assert!(text.contains("Italian Game"), "{text}");
    // The same document with PNG figures has raster images: what the
    // check above tells apart.
    let out = Command::new("pandoc")
        .args(["doc.md", "--filter", "./fen2img-pandoc", "-o", "png.pdf"])
        .env("FEN2IMG_ASSETS", "figs")
        .current_dir(&dir)
        .output()
        .expect("pandoc runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let images = tool(&dir, "pdfimages", &["-list", "png.pdf"]);
    assert!(images.lines().count() > 2, "{images}");
}
