//! One Markdown document: every fen block replaced by its diagram (a pgn
//! block by its diagrams, one after the other), the text around it
//! untouched.

use fen2img_support::quote::caret_bytes;

use super::diagram::{Diagram, DiagramMaker, DocError, Made};
use super::fence::{find_blocks, FenBlock, FenceError};
use super::html::{figure, markdown_image, Placement};
use super::inline_budget::{self, InlineBudget};
use super::lines::LineIndex;
use super::pre::find_pre_blocks;
use super::tally::Blocks;

/// Where images go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Images {
    /// Inline SVG in the page, animations as `data:` URIs up to the page's
    /// budget ([`super::inline_budget`]); past it, an animation is an
    /// asset file whose `src` starts with `spill`, with a warning, or
    /// without `spill` an error.
    Inline {
        /// Prefix of a spilled animation's `src` (ends with `/`, or is
        /// empty); `None` where no file can be written.
        spill: Option<String>,
    },
    /// Files named by content hash; `url` is the prefix of their `src`
    /// (ends with `/`, or is empty).
    Files {
        /// Prefix of each image's `src`.
        url: String,
    },
}

/// An image file to write next to the pages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Asset {
    /// File name: content hash and extension.
    pub name: String,
    /// The image.
    pub bytes: Vec<u8>,
}

/// A rewritten document.
#[derive(Debug, Default)]
pub struct Rewritten {
    /// The new text (the original where it had no blocks).
    pub text: String,
    /// Images to write (none when inline).
    pub assets: Vec<Asset>,
    /// Legality warnings with their line.
    pub warnings: Vec<DocError>,
    /// Every error; when there is one, `text` must not be used.
    pub errors: Vec<DocError>,
    /// For each error, its line of the page and a caret under its column
    /// (two lines, printable ASCII only), or nothing for a place past the
    /// page.
    pub carets: Vec<String>,
    /// How many diagrams the page holds (animations included).
    pub diagrams: usize,
    /// How many of them are animated GIFs.
    pub animations: usize,
    /// The blocks made, by kind.
    pub blocks: Blocks,
    /// The blocks that could not be made, by kind.
    pub failed: Blocks,
}

/// Rewrites Markdown `doc`. All blocks are tried, so every error is
/// reported at once.
pub fn rewrite(doc: &str, maker: &mut DiagramMaker, images: &Images) -> Rewritten {
    rewrite_found(doc, find_blocks(doc), maker, images)
}

/// Rewrites HTML `doc`: its `<pre class="fen">` elements.
pub fn rewrite_html(doc: &str, maker: &mut DiagramMaker, images: &Images) -> Rewritten {
    rewrite_found(doc, find_pre_blocks(doc), maker, images)
}

fn rewrite_found(
    doc: &str,
    found: Result<Vec<FenBlock>, FenceError>,
    maker: &mut DiagramMaker,
    images: &Images,
) -> Rewritten {
    let mut out = rewrite_blocks(doc, found, maker, images);
    if !out.errors.is_empty() {
        let index = LineIndex::new(doc);
        out.carets = out
            .errors
            .iter()
            .map(|e| caret_at(doc, &index, e))
            .collect();
    }
    out
}

/// Bytes of an error's line looked at on each side of its column: more
/// than the caret's window of 72 columns (a column is a byte here), so a
/// line cut here is cut in the window too, which marks it with `...` as
/// for a line read whole.
const CARET_REACH: usize = 1024;

/// A problem with `block` as a whole, at its info string.
fn at_block(block: &FenBlock, message: String) -> DocError {
    super::diagram::at_info(block, 1, message)
}

/// The line of `doc` that `e` is on, with a caret under its column. Found
/// through the page's line index and cut to [`CARET_REACH`] bytes each
/// side of the column, so each error costs the same whatever its line
/// (counting lines from the start for each error took 96 s for 20,000
/// errors), and a line ends where the page's lines end (CR-only pages had
/// no caret at all).
fn caret_at(doc: &str, index: &LineIndex, e: &DocError) -> String {
    let Some(line) = index.line_text(doc, e.line) else {
        return String::new();
    };
    let bytes = line.as_bytes();
    let at = e.column.saturating_sub(1).min(bytes.len());
    let from = at.saturating_sub(CARET_REACH);
    let to = at.saturating_add(CARET_REACH).min(bytes.len());
    caret_bytes(&bytes[from..to], at - from)
}

fn rewrite_blocks(
    doc: &str,
    found: Result<Vec<FenBlock>, FenceError>,
    maker: &mut DiagramMaker,
    images: &Images,
) -> Rewritten {
    let mut out = Rewritten::default();
    // Each page numbers its diagrams from the start.
    maker.start_page();
    let blocks = match found {
        Ok(blocks) => blocks,
        Err(e) => {
            out.errors.push(DocError {
                line: e.line,
                column: e.column,
                message: e.message,
            });
            return out;
        }
    };
    if blocks.is_empty() {
        out.text = doc.to_string();
        return out;
    }
    let mut text = String::with_capacity(doc.len() + blocks.len() * 8192);
    let mut budget = InlineBudget::default();
    let mut at = 0;
    for (n, block) in blocks.iter().enumerate() {
        text.push_str(&doc[at..block.span.start]);
        at = block.span.end;
        let made = match maker.make(block) {
            Ok(made) => made,
            Err(errors) => {
                out.errors.extend(errors);
                out.failed.add(block.kind);
                continue;
            }
        };
        let Some(places) = place_diagrams(block, &made, maker, images, &mut budget, &mut out)
        else {
            out.failed.add(block.kind);
            continue;
        };
        out.blocks.add(block.kind);
        out.diagrams += made.diagrams.len();
        out.animations += made.diagrams.iter().filter(|d| d.animated).count();
        out.warnings.extend(made.warnings);
        let html = block_html(n, made.diagrams, places, maker.pdf, &mut out.assets);
        splice(&mut text, block, &html, maker.pdf, &doc[at..]);
    }
    text.push_str(&doc[at..]);
    out.text = text;
    out
}

/// Where each of a block's diagrams goes: `None` in the page, or the
/// `src` of its file. `None` for the whole block when an animation does not
/// fit the page's inline budget and may not spill (its error recorded).
fn place_diagrams(
    block: &FenBlock,
    made: &Made,
    maker: &DiagramMaker,
    images: &Images,
    budget: &mut InlineBudget,
    out: &mut Rewritten,
) -> Option<Vec<Option<String>>> {
    let mut places = Vec::with_capacity(made.diagrams.len());
    let mut refused = false;
    for diagram in &made.diagrams {
        let ext = if diagram.animated {
            "gif"
        } else {
            maker.extension()
        };
        let name = format!("{:016x}.{ext}", diagram.hash);
        places.push(match images {
            Images::Files { url } => Some(format!("{url}{name}")),
            Images::Inline { .. } if !diagram.animated || budget.take(&diagram.bytes) => None,
            Images::Inline { spill: Some(url) } => {
                let src = format!("{url}{name}");
                out.warnings.push(at_block(
                    block,
                    inline_budget::spilled(&diagram.bytes, &src),
                ));
                Some(src)
            }
            Images::Inline { spill: None } => {
                out.errors
                    .push(at_block(block, inline_budget::refused(&diagram.bytes)));
                refused = true;
                None
            }
        });
    }
    (!refused).then_some(places)
}

/// The HTML (or, for PDF images, Markdown) that replaces block `n`: each
/// diagram in the page or as an image of its file, the files added to
/// `assets` once each.
fn block_html(
    n: usize,
    diagrams: Vec<Diagram>,
    places: Vec<Option<String>>,
    pdf: bool,
    assets: &mut Vec<Asset>,
) -> String {
    let several = diagrams.len() > 1;
    let mut html = String::new();
    for (k, (diagram, place)) in diagrams.into_iter().zip(places).enumerate() {
        // Per-page counter: ids stay unique even for the same diagram
        // twice (and a block's several diagrams get one each).
        let prefix = if several {
            format!("fen{}-{}-", n + 1, k + 1)
        } else {
            format!("fen{}-", n + 1)
        };
        let Some(src) = place else {
            html.push_str(&figure(&diagram, Placement::Inline(&prefix)));
            continue;
        };
        if pdf {
            // LaTeX shows no `<img>`: a Markdown image, which Pandoc
            // makes a figure.
            html.push_str(&markdown_image(&diagram, &src));
        } else {
            html.push_str(&figure(&diagram, Placement::Image(&src)));
        }
        let name = src.rsplit('/').next().unwrap_or(&src).to_string();
        if !assets.iter().any(|a| a.name == name) {
            assets.push(Asset {
                name,
                bytes: diagram.bytes,
            });
        }
    }
    html
}

/// Appends `html` to `text` in `block`'s place, every line with the
/// container's prefix, and a blank line before (a Markdown image) and
/// after (an HTML block) where `next`, the page after the block, needs it.
fn splice(text: &mut String, block: &FenBlock, html: &str, pdf: bool, next: &str) {
    // In a block quote or list item every line carries the container's
    // prefix, or the HTML would end the container.
    let continuation = block.continuation();
    // A Markdown image cannot interrupt a paragraph (an HTML block
    // can): a blank line keeps it a paragraph of its own.
    if pdf && !(text.is_empty() || text.ends_with("\n\n")) {
        text.push_str(continuation.trim_end());
        text.push('\n');
    }
    for (i, line) in html.lines().enumerate() {
        text.push_str(if i == 0 { &block.prefix } else { &continuation });
        text.push_str(line);
        text.push('\n');
    }
    // An HTML block ends at a blank line: keep the next paragraph out of it.
    if !(next.is_empty() || next.starts_with(['\n', '\r'])) {
        text.push_str(continuation.trim_end());
        text.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fen2img_render::Format;

    const DOC: &str = "# Two\n\nBefore.\n```fen caption=\"A & B\"\n8/8/8/8/8/8/8/K6k w - - 0 1\n```\nAfter.\n\n```fen\n8/8/8/8/8/8/8/K6k w - - 0 1\n```\n";

    #[test]
    fn inline_diagrams_replace_blocks_and_keep_the_text() {
        let mut maker = DiagramMaker::new(Format::SVG, Vec::new());
        let r = rewrite(DOC, &mut maker, &Images::Inline { spill: None });
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert_eq!(r.diagrams, 2);
        assert!(r
            .text
            .starts_with("# Two\n\nBefore.\n<figure class=\"fen2img\">\n<svg"));
        assert!(r
            .text
            .contains("<figcaption>A &amp; B</figcaption>\n</figure>\n\nAfter.\n"));
        assert!(!r.text.contains("```"));
        // The same diagram twice: no id in common.
        assert!(r.text.contains("id=\"fen1-") && r.text.contains("id=\"fen2-"));
        let ids: Vec<&str> = r
            .text
            .match_indices(" id=\"")
            .map(|(i, _)| {
                let rest = &r.text[i + 5..];
                &rest[..rest.find('"').unwrap()]
            })
            .collect();
        let mut unique = ids.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(ids.len(), unique.len());
    }

    #[test]
    fn image_files_are_named_by_content_and_shared() {
        let mut maker = DiagramMaker::new(Format::PNG, Vec::new());
        let r = rewrite(DOC, &mut maker, &Images::Files { url: "img/".into() });
        assert_eq!(r.assets.len(), 1, "the same diagram twice is one file");
        let name = &r.assets[0].name;
        assert!(name.ends_with(".png") && name.len() == 20);
        assert!(r.assets[0].bytes.starts_with(b"\x89PNG"));
        assert_eq!(
            r.text.matches(&format!("<img src=\"img/{name}\"")).count(),
            2
        );
        assert!(r.text.contains("alt=\"White to move."));
        assert!(r.text.contains("width=\"") && !r.text.contains("width=\"0\""));
    }

    #[test]
    fn fen_and_pgn_blocks_share_the_pages_diagram_numbers() {
        let k = "8/8/8/8/8/8/8/K6k w - - 0 1";
        let game = "1. e4 {[#]} e5 2. Nf3 {[#]} *";
        let doc = format!(
            "```fen\n{k}\n```\n\n```pgn\n{game}\n```\n\n```fen number=none\n{k}\n```\n\n\
             ```fen\n{k}\n```\n\n```pgn animate to=2\n{game}\n```\n"
        );
        let defaults = super::super::info::parse("fen number=1").unwrap();
        let mut maker = DiagramMaker::new(Format::PNG, defaults);
        let leads = |r: &Rewritten| -> Vec<String> {
            r.text
                .match_indices(" alt=\"")
                .map(|(i, _)| r.text[i + 6..].split('.').next().unwrap().to_string())
                .collect()
        };
        let images = Images::Files { url: String::new() };
        let r = rewrite(&doc, &mut maker, &images);
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert_eq!(
            leads(&r),
            [
                "Diagram 1",
                "Diagram 2",
                "Diagram 3",
                "White to move",
                "Diagram 4",
                "Animated game: move 1 (1"
            ]
        );
        assert!(
            r.text
                .contains("Animated game: move 1 (1.e4 to 1...e5), 3 positions. Final position: "),
            "{}",
            r.text
        );
        assert!(r.text.contains("Final position: Diagram 5."), "{}", r.text);
        assert_eq!(
            (r.blocks.fen, r.blocks.pgn, r.diagrams, r.animations),
            (3, 2, 6, 1)
        );
        assert!(r.assets.iter().any(|a| a.name.ends_with(".gif")));
        // The next page starts again at 1.
        let r = rewrite(&format!("```fen\n{k}\n```\n"), &mut maker, &images);
        assert_eq!(leads(&r), ["Diagram 1"]);
    }

    #[test]
    fn every_error_is_reported_and_no_text_without_blocks_changes() {
        let doc = "```fen\n8/8/8/8/8/8/8/K6k w - - 0 1 x\n```\n```fen nope\n8/8/8/8/8/8/8/K6k w - - 0 1\n```\n";
        let mut maker = DiagramMaker::new(Format::SVG, Vec::new());
        let r = rewrite(doc, &mut maker, &Images::Inline { spill: None });
        assert_eq!(r.errors.len(), 2, "{:?}", r.errors);
        assert_eq!((r.errors[1].line, r.errors[1].column), (4, 8));
        let plain = "# Nothing\n```rust\nfn main() {}\n```\n";
        assert_eq!(
            rewrite(plain, &mut maker, &Images::Inline { spill: None }).text,
            plain
        );
    }

    #[test]
    fn a_block_in_a_quote_or_list_item_stays_in_it() {
        use pulldown_cmark::{Event, Parser, Tag, TagEnd};
        let k = "8/8/8/8/8/8/8/K6k w - - 0 1";
        for (doc, container) in [
            (format!("> ```fen\n> {k}\n> ```\n> After.\n"), "quote"),
            (format!("- ```fen\n  {k}\n  ```\n  After.\n"), "item"),
        ] {
            let mut maker = DiagramMaker::new(Format::SVG, Vec::new());
            let r = rewrite(&doc, &mut maker, &Images::Inline { spill: None });
            assert!(r.errors.is_empty(), "{:?}", r.errors);
            // Read back as Markdown: the diagram's HTML and the paragraph
            // after it are both inside the container, and nothing is left
            // at the top level.
            let mut depth = 0;
            let mut html_inside = false;
            for event in Parser::new(&r.text) {
                match event {
                    Event::Start(Tag::BlockQuote(_) | Tag::Item) => depth += 1,
                    Event::End(TagEnd::BlockQuote(_) | TagEnd::Item) => depth -= 1,
                    Event::Html(h) if h.contains("<svg") => html_inside = depth > 0,
                    Event::Start(Tag::Paragraph) => assert!(depth > 0, "{container}: {}", r.text),
                    _ => {}
                }
            }
            assert!(html_inside, "{container}: {}", r.text);
        }
    }
}
