//! Feeds arbitrary text to `fen2img md`'s block finders: the Markdown one
//! (pulldown-cmark, with the byte order mark and lone-CR handling around
//! it) and the HTML one (html5gum). Never a panic; every block's span lies
//! inside the page on character boundaries, in order and without overlap,
//! starts with its container prefix, and its body and lines point into the
//! page, so replacing the spans leaves every other byte of the page as it
//! was. The finders are the `fen2img-blocks` crate's, which the binary's
//! `fen2img md`, `mdbook` and `pandoc` call.
//!
//! Each pgn block's game is then read as `fen2img md` reads it (its lines
//! joined, `fen2img_games::diagrams`: warnings said, an error's excerpt
//! drawn), and the page is also read stretched to about a megabyte (see
//! `stretch.rs`), so that a cost that is not linear in a page or a block
//! is a timeout (run with `-timeout=10 -rss_limit_mb=1024`).
#![no_main]

mod stretch;

use fen2img_games::{diagrams, GameOptions, GameText};
use libfuzzer_sys::fuzz_target;

use fen2img_blocks::fence::{find_blocks, BlockKind, FenBlock};
use fen2img_blocks::pre::find_pre_blocks;

/// `later`: whether a block's further lines must stand on later lines than
/// its record (Markdown); in HTML a character reference (`&#10;`) makes a
/// new line of text on the same line of the source.
fn check(doc: &str, blocks: &[FenBlock], later: bool) {
    let lines = doc.split_inclusive(['\n', '\r']).count().max(1) + 1;
    let mut end = 0;
    for b in blocks {
        assert!(b.span.start >= end, "overlap: {:?}", b.span);
        assert!(b.span.start <= b.span.end && b.span.end <= doc.len());
        assert!(doc.is_char_boundary(b.span.start) && doc.is_char_boundary(b.span.end));
        assert!(doc[b.span.clone()].starts_with(&b.prefix), "{b:?}");
        assert!(!b.body.contains('\n'), "{b:?}");
        assert!(b.body.trim() == b.body, "{b:?}");
        assert!((1..=lines).contains(&b.fence_line), "{b:?}");
        assert!(b.body_line >= b.fence_line && b.body_line <= lines, "{b:?}");
        assert!(b.info_column >= 1 && b.body_column >= 1);
        let after = |l: usize| {
            if later {
                l > b.body_line
            } else {
                l >= b.body_line
            }
        };
        assert!(
            b.extra_lines.iter().all(|&l| after(l) && l <= lines),
            "{b:?}"
        );
        end = b.span.end;
    }
}

fuzz_target!(|data: &[u8]| {
    page(data);
    if let Some(long) = stretch::stretch(data) {
        page(&long);
    }
});

fn page(data: &[u8]) {
    let Ok(doc) = std::str::from_utf8(data) else {
        return;
    };
    match find_blocks(doc) {
        Ok(blocks) => {
            check(doc, &blocks, true);
            games(&blocks);
        }
        Err(e) => assert!(e.line >= 1 && e.column >= 1 && !e.message.is_empty()),
    }
    match find_pre_blocks(doc) {
        Ok(blocks) => check(doc, &blocks, false),
        Err(e) => assert!(e.line >= 1 && e.column >= 1 && !e.message.is_empty()),
    }
}

/// Each pgn block's game, read from its lines as `fen2img md` joins them.
fn games(blocks: &[FenBlock]) {
    for block in blocks.iter().filter(|b| b.kind == BlockKind::Pgn) {
        let text: Vec<&str> = block.lines.iter().map(|l| l.text.as_str()).collect();
        let text = text.join("\n");
        match diagrams(
            &GameText::Pgn(text.as_bytes()),
            "page.md",
            &GameOptions::default(),
        ) {
            Ok(found) => {
                for w in &found.warnings {
                    assert!(!w.chars().any(char::is_control), "{w:?}");
                }
            }
            Err(e) => {
                if let Some(caret) = &e.caret {
                    assert!(caret.len() < 1_000, "an excerpt of {} bytes", caret.len());
                }
            }
        }
    }
}
