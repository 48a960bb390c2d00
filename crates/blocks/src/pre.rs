//! `<pre class="fen">` (and `<pre class="pgn">`) elements in HTML pages,
//! read as fen (and pgn) blocks: the element's text is the FEN (the game), `data-options="flip lastmove=e2e4"` holds the
//! options (the syntax of a fence's info string). For site generators whose
//! pages are HTML already, or Markdown renderers that pass HTML through.
//!
//! The page is read by a WHATWG HTML tokenizer (html5gum), so a `<pre>`
//! inside a comment, a `<script>` or a `<textarea>`, or written inside an
//! attribute's value, is not a diagram; an attribute value may hold `>`;
//! character references in the text (`&amp;`) are decoded. One pass over
//! the page: linear time, whatever it holds.

use std::collections::BTreeMap;

use html5gum::{DefaultEmitter, HtmlString, Span, Spanned, Token, Tokenizer};

use crate::fence::{BlockKind, BodyLine, FenBlock, FenceError};
use crate::lines::LineIndex;

/// Attributes of a start tag, as the tokenizer gives them.
type Attributes = BTreeMap<HtmlString, Spanned<HtmlString, usize>>;

/// The value of attribute `name`, with the byte offset in `doc` where the
/// value starts (after the quote, if any).
fn attribute(doc: &str, attributes: &Attributes, name: &str) -> Option<(String, usize)> {
    let value = attributes.get(name.as_bytes())?;
    let text = String::from_utf8_lossy(&value.value).into_owned();
    // The span covers `name = "value"`: the value starts after the `=`, the
    // white space and the quote.
    let written = doc.get(value.span.start..value.span.end).unwrap_or("");
    let start = written.find('=').map_or(written.len(), |eq| {
        let after = &written[eq + 1..];
        let after_space = after.trim_start();
        let quote = usize::from(after_space.starts_with(['"', '\'']));
        eq + 1 + (after.len() - after_space.len()) + quote
    });
    Some((text, value.span.start + start))
}

/// The kind of a start tag that is `<pre>` with `fen` or `pgn` in its
/// class list (`pgn` wins when both stand there).
fn pre_kind(name: &[u8], attributes: &Attributes) -> Option<BlockKind> {
    if name != b"pre" {
        return None;
    }
    let class = attributes.get(&b"class"[..])?;
    let kinds: Vec<BlockKind> = class
        .value
        .split(|b| b.is_ascii_whitespace())
        .filter_map(|w| std::str::from_utf8(w).ok().and_then(BlockKind::from_word))
        .collect();
    kinds
        .iter()
        .copied()
        .find(|&k| k == BlockKind::Pgn)
        .or(kinds.first().copied())
}

/// A `<pre class="fen">` being read: its start tag and its text so far.
struct OpenPre {
    kind: BlockKind,
    start: usize,
    info: String,
    info_offset: usize,
    /// Text pieces (decoded) with their span in the page.
    text: Vec<(Vec<u8>, Span<usize>)>,
}

/// Every `<pre>` whose class list holds `fen` or `pgn`, in order.
pub fn find_pre_blocks(doc: &str) -> Result<Vec<FenBlock>, FenceError> {
    let index = LineIndex::new(doc);
    let mut emitter = DefaultEmitter::<usize>::new_with_span();
    // `<script>`, `<style>`, `<textarea>`, `<title>`: their text is not markup.
    emitter.naively_switch_states(true);
    let mut blocks = Vec::new();
    let mut open: Option<OpenPre> = None;
    for token in Tokenizer::new_with_emitter(doc, emitter) {
        let Ok(token) = token;
        match token {
            Token::StartTag(tag)
                if open.is_none() && pre_kind(&tag.name, &tag.attributes).is_some() =>
            {
                let kind = pre_kind(&tag.name, &tag.attributes).unwrap_or(BlockKind::Fen);
                let word = kind.name();
                let (info, info_offset) = match attribute(doc, &tag.attributes, "data-options") {
                    // The value stands where "fen " would end in an info string.
                    Some((value, at)) => (format!("{word} {value}"), at.saturating_sub(4)),
                    None => (word.to_string(), tag.span.start),
                };
                open = Some(OpenPre {
                    kind,
                    start: tag.span.start,
                    info,
                    info_offset,
                    text: Vec::new(),
                });
            }
            Token::String(text) => {
                if let Some(pre) = open.as_mut() {
                    pre.text.push((text.value.to_vec(), text.span));
                }
            }
            Token::EndTag(tag) if &*tag.name == b"pre" => {
                if let Some(pre) = open.take() {
                    blocks.push(block(doc, &index, pre, tag.span.end));
                }
            }
            _ => {}
        }
    }
    if let Some(pre) = open {
        let (line, column) = index.position(pre.start);
        return Err(FenceError {
            line,
            column,
            message: format!(
                "this <pre class=\"{}\"> is never closed with </pre>",
                pre.kind.name()
            ),
        });
    }
    Ok(blocks)
}

/// The block of a complete `<pre class="fen">` ending at `end`.
fn block(doc: &str, index: &LineIndex, pre: OpenPre, end: usize) -> FenBlock {
    let (fence_line, fence_column) = index.position(pre.start);
    // Lines of text, each with the page offset of its first character:
    // exact where the text holds no character reference; otherwise the
    // first non-blank byte of the same line of the source (a reference
    // changes lengths, not which source line a character stands on).
    let mut lines: Vec<(Vec<u8>, Option<usize>)> = vec![(Vec::new(), None)];
    for (bytes, span) in &pre.text {
        let raw = doc.get(span.start..span.end).unwrap_or("");
        let exact = bytes.len() == raw.len();
        let raw_starts: Vec<usize> = std::iter::once(0)
            .chain(raw.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let mut k = 0;
        for (i, &b) in bytes.iter().enumerate() {
            if b == b'\n' {
                lines.push((Vec::new(), None));
                k += 1;
                continue;
            }
            let (line, first) = lines.last_mut().expect("never empty");
            if first.is_none() && !b.is_ascii_whitespace() {
                *first = Some(if exact {
                    span.start + i
                } else {
                    let start = raw_starts[k.min(raw_starts.len() - 1)];
                    let blank = raw[start..]
                        .bytes()
                        .take_while(|&c| c == b' ' || c == b'\t')
                        .count();
                    span.start + start + blank
                });
            }
            line.push(b);
        }
    }
    let mut body = None;
    let mut extra_lines = Vec::new();
    let mut body_lines = Vec::new();
    for (line, first) in lines {
        let Some(first) = first else { continue };
        let (l, c) = index.position(first);
        // From its first non-blank byte, where the column stands.
        let lead = line.iter().take_while(|b| b.is_ascii_whitespace()).count();
        body_lines.push(BodyLine {
            text: String::from_utf8_lossy(&line[lead..])
                .trim_end()
                .to_string(),
            line: l,
            column: c,
        });
        if body.is_none() {
            body = Some((String::from_utf8_lossy(&line).trim().to_string(), l, c));
        } else {
            extra_lines.push(l);
        }
    }
    let (body, body_line, body_column) = body.unwrap_or((String::new(), fence_line, fence_column));
    FenBlock {
        kind: pre.kind,
        span: pre.start..end,
        info: pre.info,
        fence_line,
        info_column: index.position(pre.info_offset).1,
        body,
        body_line,
        body_column,
        extra_lines,
        prefix: String::new(),
        lines: body_lines,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pre_elements_with_the_fen_class_are_blocks() {
        let doc = "<p>x</p>\n<pre class=\"diagram fen\" data-options=\"flip size=200\">8/8/8/8/8/8/8/K6k w - - 0 1</pre>\n<pre>code</pre>\n<PRE class='fen'>\n  <code>8/8/8/8/8/8/8/k6K b - - 0 1</code>\n</PRE>\n";
        let blocks = find_pre_blocks(doc).unwrap();
        assert_eq!(blocks.len(), 2);
        assert_eq!(blocks[0].info, "fen flip size=200");
        assert_eq!(blocks[0].body, "8/8/8/8/8/8/8/K6k w - - 0 1");
        assert_eq!((blocks[0].body_line, blocks[0].body_column), (2, 55));
        // "size" stands at column 45 of line 2: info column + 10 - 1.
        assert_eq!(blocks[0].info_column + 10 - 1, 45);
        assert!(doc[blocks[0].span.clone()].ends_with("</pre>"));
        assert_eq!(blocks[1].body, "8/8/8/8/8/8/8/k6K b - - 0 1");
        assert_eq!((blocks[1].body_line, blocks[1].body_column), (5, 9));
        assert!(find_pre_blocks("<pre class=\"fen\">8/8").is_err());
    }

    #[test]
    fn pre_elements_in_comments_scripts_and_attributes_are_text() {
        let doc = "<!-- <pre class=fen>8/8/8/8/8/8/8/K6k w - - 0 1</pre> -->\n\
            <script>let s = '<pre class=fen>x</pre>';</script>\n\
            <p title='<pre class=fen>'>a</p>\n\
            <pre class=fen data-options='caption=\"a>b\"'>8/8/8/8/8/8/8/K6k w - - 0 1 &amp;</pre>\n";
        let blocks = find_pre_blocks(doc).unwrap();
        assert_eq!(blocks.len(), 1, "{blocks:?}");
        assert_eq!(blocks[0].info, "fen caption=\"a>b\"");
        assert_eq!(blocks[0].body, "8/8/8/8/8/8/8/K6k w - - 0 1 &");
        assert_eq!(blocks[0].fence_line, 4);
    }

    /// The old scanner looked for `</pre>` and counted lines from the start
    /// of the page for every `<pre`: a megabyte of them took minutes. One
    /// pass now (no timing asserted: a quadratic scan simply does not end
    /// within the test run).
    #[test]
    fn a_page_of_unclosed_pre_tags_is_read_in_one_pass() {
        // The page: 1.28 MB of `<pre`, one start tag never ended.
        assert_eq!(find_pre_blocks(&"<pre".repeat(320_000)).unwrap().len(), 0);
        let doc = "<pre class=fen>8/8/8/8/8/8/8/K6k w - - 0 1</pre>\n<pre>\n".repeat(20_000);
        assert_eq!(find_pre_blocks(&doc).unwrap().len(), 20_000);
    }

    /// Found by fuzzing: with a character reference in the text, every
    /// line after the first was placed on the record's line.
    #[test]
    fn lines_after_a_character_reference_keep_their_own_line() {
        let doc = "<pre class=fen>\n  8/8 &amp;\n\n  more &lt;\n</pre>\n";
        let blocks = find_pre_blocks(doc).unwrap();
        assert_eq!(blocks[0].body, "8/8 &");
        assert_eq!((blocks[0].body_line, blocks[0].body_column), (2, 3));
        assert_eq!(blocks[0].extra_lines, [4]);
    }

    #[test]
    fn pre_elements_with_the_pgn_class_keep_every_line() {
        let doc = "<p>x</p>\n<pre class=\"pgn\" data-options=\"ply=2\">\n  1. e4 e5\n\n  2. Ke3 *\n</pre>\n";
        let blocks = find_pre_blocks(doc).unwrap();
        assert_eq!(blocks.len(), 1);
        assert_eq!(blocks[0].kind, BlockKind::Pgn);
        assert_eq!(blocks[0].info, "pgn ply=2");
        let lines: Vec<(&str, usize, usize)> = blocks[0]
            .lines
            .iter()
            .map(|l| (l.text.as_str(), l.line, l.column))
            .collect();
        assert_eq!(lines, [("1. e4 e5", 3, 3), ("2. Ke3 *", 5, 3)]);
    }
}
