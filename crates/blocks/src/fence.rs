//! Fenced code blocks whose language is `fen` (a position) or `pgn` (a
//! game, read by the binary's `markdown::game_block`), found by a CommonMark
//! parser (pulldown-cmark): a fence inside an HTML comment or HTML block,
//! in YAML or TOML front matter, or inside another fenced block is text, as
//! a Markdown renderer sees it. Blocks in block quotes and list items are
//! found too; [`FenBlock::prefix`] says what stands before their lines.
//!
//! Every block keeps where it stands (1-based line numbers, byte offsets),
//! so a bad FEN is reported at its line and column in the document and the
//! block can be replaced without touching the text around it.
//!
//! Two things the parser does not do are done here: a byte order mark
//! before the first line is skipped (it would otherwise hide a fence on the
//! first line, and the parser does not skip it), and lone `\r` line endings
//! (classic Mac OS) are read as `\n` (the parser misreads fences after
//! them). Both keep every byte offset: the mark is cut off and added back,
//! and `\r` becomes `\n` byte for byte.

use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

use crate::lines::LineIndex;

/// What a block holds: its language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockKind {
    /// ```` ```fen ````: one position (FEN or EPD).
    Fen,
    /// ```` ```pgn ````: a game, drawn at its markers or chosen positions.
    Pgn,
}

impl BlockKind {
    /// The language word: `fen`, `pgn`.
    pub fn name(self) -> &'static str {
        match self {
            BlockKind::Fen => "fen",
            BlockKind::Pgn => "pgn",
        }
    }

    /// The kind a language word or Pandoc class names, any case.
    pub fn from_word(word: &str) -> Option<BlockKind> {
        [BlockKind::Fen, BlockKind::Pgn]
            .into_iter()
            .find(|k| word.eq_ignore_ascii_case(k.name()))
    }
}

/// One line of a block's body as it stands in the document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BodyLine {
    /// The line's text without its line ending (and without a block
    /// quote's or list item's prefix).
    pub text: String,
    /// 1-based line in the document.
    pub line: usize,
    /// 1-based byte column of the text's first byte.
    pub column: usize,
}

/// A ```` ```fen ```` or ```` ```pgn ```` block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenBlock {
    /// `fen` or `pgn`.
    pub kind: BlockKind,
    /// Byte range of the whole block in the document, from the first byte
    /// of the opening fence line to the end of the closing fence line
    /// (its newline included, where there is one).
    pub span: std::ops::Range<usize>,
    /// The info string after the fence characters, trimmed.
    pub info: String,
    /// 1-based line of the opening fence.
    pub fence_line: usize,
    /// 1-based column (in bytes) where the info string starts.
    pub info_column: usize,
    /// The first non-blank line of the body: the FEN or EPD record.
    pub body: String,
    /// 1-based line of that record (the fence line + 1 for an empty block).
    pub body_line: usize,
    /// 1-based byte column where the record starts on its line.
    pub body_column: usize,
    /// Further non-blank lines in the body, with their line numbers: a block
    /// holds one position, so these are reported.
    pub extra_lines: Vec<usize>,
    /// What stands before the block's first line within `span` (a block
    /// quote's `> `, a list item's marker or indentation); empty at the top
    /// level. Replacement lines repeat it, so they stay in the container.
    pub prefix: String,
    /// Every line of the body, where it stands: a pgn block's game is all
    /// of them, and its errors are placed through them.
    pub lines: Vec<BodyLine>,
}

impl FenBlock {
    /// The prefix for a replacement's second and later lines: the block
    /// quote markers kept, a list marker turned into spaces.
    pub fn continuation(&self) -> String {
        self.prefix
            .chars()
            .map(|c| {
                if c == '>' || c.is_whitespace() {
                    c
                } else {
                    ' '
                }
            })
            .collect()
    }
}

/// Why a document's fen blocks cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenceError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// The kind of block an info string names: the language `fen ...` or
/// `pgn ...`, or Pandoc's attribute form with a `.fen` or `.pgn` class,
/// `{.pgn ...}` (`.pgn` wins when both stand there).
pub fn block_kind(info: &str) -> Option<BlockKind> {
    let info = info.trim();
    if let Some(attrs) = info.strip_prefix('{') {
        let classes: Vec<BlockKind> = attrs
            .trim_end_matches('}')
            .split_ascii_whitespace()
            .filter_map(|w| w.strip_prefix('.').and_then(BlockKind::from_word))
            .collect();
        return classes
            .iter()
            .copied()
            .find(|&k| k == BlockKind::Pgn)
            .or(classes.first().copied());
    }
    info.split_ascii_whitespace()
        .next()
        .and_then(BlockKind::from_word)
}

/// The parser's options: the extensions static-site generators turn on
/// (tables, footnotes, strikethrough, task lists) change what is a block,
/// and front matter (`---` YAML, `+++` TOML) is never a page's text.
fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_YAML_STYLE_METADATA_BLOCKS
        | Options::ENABLE_PLUSES_DELIMITED_METADATA_BLOCKS
}

/// `doc` as the parser reads it: without a leading byte order mark, and
/// with every lone `\r` turned into `\n` (the same length, so offsets hold).
/// Returns the text and how many bytes were cut from the front.
fn normalized(doc: &str) -> (std::borrow::Cow<'_, str>, usize) {
    let skip = if doc.starts_with('\u{feff}') { 3 } else { 0 };
    let text = &doc[skip..];
    let bytes = text.as_bytes();
    let lone_cr = |i: usize| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n');
    if !(0..bytes.len()).any(lone_cr) {
        return (text.into(), skip);
    }
    let fixed: String = text
        .char_indices()
        .map(|(i, c)| if c == '\r' && lone_cr(i) { '\n' } else { c })
        .collect();
    (fixed.into(), skip)
}

/// The end of the line holding the last byte before `end`, its line
/// ending included.
fn past_line_end(text: &str, end: usize) -> usize {
    let bytes = text.as_bytes();
    let mut at = end;
    while at < bytes.len() && bytes[at] != b'\n' {
        if !matches!(bytes[at], b' ' | b'\t' | b'\r') {
            return at;
        }
        at += 1;
    }
    (at + 1).min(bytes.len())
}

/// Whether a block's source (from its opening fence to its end) ends with
/// a closing fence: the parser also ends a block at the end of the document
/// or of its container, which for a diagram is a mistake to report.
fn is_closed(source: &str, ch: u8, len: usize) -> bool {
    let Some(newline) = source.trim_end().rfind('\n') else {
        return false;
    };
    let last = source[newline + 1..]
        .trim_start_matches(|c: char| c == '>' || c.is_whitespace())
        .trim_end();
    last.len() >= len && last.bytes().all(|b| b == ch)
}

/// Finds every fen block of a Markdown document, in order. Other fenced
/// blocks are skipped whole, so a fen block shown as an example inside a
/// ```` ```markdown ```` block stays text. Linear in the document's length.
pub fn find_blocks(doc: &str) -> Result<Vec<FenBlock>, FenceError> {
    let (text, skip) = normalized(doc);
    let index = LineIndex::new(doc);
    let mut blocks = Vec::new();
    let mut open: Option<(Range<usize>, Vec<Range<usize>>)> = None;
    for (event, range) in Parser::new_ext(&text, options()).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(_))) => {
                open = Some((range, Vec::new()));
            }
            Event::Text(_) => {
                if let Some((_, texts)) = open.as_mut() {
                    texts.push(range);
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some((range, texts)) = open.take()
                    && let Some(block) = fen_block(&text, skip, &index, range, &texts)?
                {
                    blocks.push(block);
                }
            }
            _ => {}
        }
    }
    Ok(blocks)
}

/// The fen block whose opening fence starts at `range.start` of `text`
/// (offsets in `text`, which starts `skip` bytes into the document), or
/// `None` for another language.
fn fen_block(
    text: &str,
    skip: usize,
    index: &LineIndex,
    range: Range<usize>,
    texts: &[Range<usize>],
) -> Result<Option<FenBlock>, FenceError> {
    let source = &text[range.clone()];
    // The parser's range starts at the fence; anything else is not one.
    let ch = match source.as_bytes().first() {
        Some(&ch @ (b'`' | b'~')) => ch,
        _ => return Ok(None),
    };
    let len = source.bytes().take_while(|&b| b == ch).count();
    let first_line = source.split('\n').next().unwrap_or("");
    let rest = first_line[len..].trim_end_matches('\r');
    let Some(kind) = block_kind(rest) else {
        return Ok(None);
    };
    let doc_offset = |at: usize| at + skip;
    let (fence_line, fence_column) = index.position(doc_offset(range.start));
    if !is_closed(source, ch, len) {
        return Err(FenceError {
            line: fence_line,
            column: fence_column,
            message: format!(
                "this {} block is never closed: end it with a line of {}",
                kind.name(),
                String::from_utf8_lossy(&vec![ch; len])
            ),
        });
    }
    let info_start = range.start + len + (rest.len() - rest.trim_start().len());
    // The index counts in the document, whose first line starts after the mark.
    let line_start = index.line_start(doc_offset(range.start)) - skip;
    // The block's lines: the parser's text pieces, joined where several
    // stand on one line, each with the offset of its first character.
    let mut lines: Vec<(usize, String, usize)> = Vec::new();
    for chunk in texts {
        let mut at = chunk.start;
        for piece in text[chunk.clone()].split_inclusive('\n') {
            let line = index.line(doc_offset(at));
            match lines.last_mut() {
                Some((l, content, _)) if *l == line => content.push_str(piece),
                _ => lines.push((line, piece.to_string(), at)),
            }
            at += piece.len();
        }
    }
    let mut body = None;
    let mut extra_lines = Vec::new();
    let mut body_lines = Vec::with_capacity(lines.len());
    for (line, content, at) in lines {
        body_lines.push(BodyLine {
            text: content.trim_end_matches(['\n', '\r']).to_string(),
            line,
            column: index.position(doc_offset(at)).1,
        });
        let trimmed = content.trim();
        if trimmed.is_empty() {
            continue;
        }
        if body.is_none() {
            let lead = content.len() - content.trim_start().len();
            let column = index.position(doc_offset(at + lead)).1;
            body = Some((trimmed.to_string(), line, column));
        } else {
            extra_lines.push(line);
        }
    }
    let (body, body_line, body_column) = body.unwrap_or((String::new(), fence_line + 1, 1));
    Ok(Some(FenBlock {
        kind,
        span: doc_offset(line_start)..doc_offset(past_line_end(text, range.end)),
        info: rest.trim().to_string(),
        fence_line,
        info_column: index.position(doc_offset(info_start)).1,
        body,
        body_line,
        body_column,
        extra_lines,
        prefix: text[line_start..range.start].to_string(),
        lines: body_lines,
    }))
}

/// A block of `kind` made from the code of a block another parser already
/// found (Pandoc's JSON): its first non-blank line is the record. Lines
/// count from 1 at the code's first line; the fence line is 0 (none).
pub fn from_code(code: &str, kind: BlockKind) -> FenBlock {
    let mut body = None;
    let mut extra_lines = Vec::new();
    let mut lines = Vec::new();
    for (n, line) in code.lines().enumerate() {
        lines.push(BodyLine {
            text: line.to_string(),
            line: n + 1,
            column: 1,
        });
        let content = line.trim();
        if content.is_empty() {
            continue;
        }
        if body.is_none() {
            let lead = line.len() - line.trim_start().len();
            body = Some((content.to_string(), n + 1, lead + 1));
        } else {
            extra_lines.push(n + 1);
        }
    }
    let (body, body_line, body_column) = body.unwrap_or((String::new(), 1, 1));
    FenBlock {
        kind,
        span: 0..code.len(),
        info: kind.name().to_string(),
        fence_line: 0,
        info_column: 1,
        body,
        body_line,
        body_column,
        extra_lines,
        prefix: String::new(),
        lines,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = "# Title\n\
        \n\
        Some text.\n\
        \n\
        ```fen flip caption=\"White to move\"\n\
        r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4\n\
        ```\n\
        \n\
        ```rust\n\
        let x = 1;\n\
        ```\n\
        ~~~~ {.fen .flip lastmove=e2e4}\n\
        \x20 8/8/8/8/8/8/8/K6k w - - 0 1\n\
        ~~~~\n";

    #[test]
    fn finds_fen_blocks_and_where_they_are() {
        let blocks = find_blocks(DOC).unwrap();
        assert_eq!(blocks.len(), 2);
        let a = &blocks[0];
        assert_eq!(a.info, "fen flip caption=\"White to move\"");
        assert_eq!((a.fence_line, a.info_column), (5, 4));
        assert_eq!((a.body_line, a.body_column), (6, 1));
        assert!(a.body.starts_with("r1bqkb1r/"));
        assert!(DOC[a.span.clone()].starts_with("```fen"));
        assert!(DOC[a.span.clone()].ends_with("```\n"));
        let b = &blocks[1];
        assert_eq!(b.info, "{.fen .flip lastmove=e2e4}");
        assert_eq!((b.body_line, b.body_column), (13, 3));
        assert_eq!(b.span.end, DOC.len());
    }

    #[test]
    fn fences_follow_commonmark() {
        // A longer closing fence closes; a shorter one or another character does not.
        let doc = "````fen\nK7/8/8/8/8/8/8/7k w - - 0 1\n```\n~~~\n`````\nafter\n";
        let blocks = find_blocks(doc).unwrap();
        assert_eq!(blocks.len(), 1);
        assert_eq!(
            &doc[blocks[0].span.clone()],
            "````fen\nK7/8/8/8/8/8/8/7k w - - 0 1\n```\n~~~\n`````\n"
        );
        assert_eq!(
            blocks[0].extra_lines,
            [3, 4],
            "the inner lines are body lines"
        );
        // Four spaces of indentation is an indented code block, not a fence.
        assert!(find_blocks("    ```fen\n    8/8/8/8/8/8/8/8\n    ```\n")
            .unwrap()
            .is_empty());
        // Inline code is not a fence.
        assert!(find_blocks("```fen` is inline\n").unwrap().is_empty());
        // A fen block shown inside another block stays text.
        let doc = "~~~markdown\n```fen\n8/8/8/8/8/8/8/8\n```\n~~~\n";
        assert!(find_blocks(doc).unwrap().is_empty());
        // Other languages are left alone; FEN is matched in any case.
        assert!(find_blocks("```fenix\nx\n```\n").unwrap().is_empty());
        assert_eq!(
            find_blocks("```FEN\n8/8/8/8/8/8/8/8\n```").unwrap().len(),
            1
        );
    }

    #[test]
    fn an_unclosed_fen_block_is_an_error_at_its_fence() {
        let e = find_blocks("text\n\n  ```fen\n8/8/8/8/8/8/8/8\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 3));
        // An unclosed block of another language runs to the end, as CommonMark says.
        assert!(find_blocks("```sh\n```fen\n").unwrap().is_empty());
    }

    #[test]
    fn crlf_documents_keep_their_offsets() {
        let doc = "a\r\n```fen\r\n8/8/8/8/8/8/8/K6k w - - 0 1\r\n```\r\nb\r\n";
        let blocks = find_blocks(doc).unwrap();
        assert_eq!(blocks[0].body, "8/8/8/8/8/8/8/K6k w - - 0 1");
        assert_eq!(&doc[blocks[0].span.end..], "b\r\n");
    }

    #[test]
    fn an_empty_block_points_at_the_line_after_the_fence() {
        let blocks = find_blocks("```fen\n```\n").unwrap();
        assert_eq!((blocks[0].body.as_str(), blocks[0].body_line), ("", 2));
    }

    const K: &str = "8/8/8/8/8/8/8/K6k w - - 0 1";

    #[test]
    fn a_byte_order_mark_before_the_first_fence_hides_nothing() {
        let doc = format!("\u{feff}```fen\n{K}\n```\ntext\n");
        let blocks = find_blocks(&doc).unwrap();
        assert_eq!(blocks.len(), 1);
        assert_eq!(
            blocks[0].span,
            3..doc.len() - "text\n".len(),
            "the mark stays"
        );
        assert_eq!((blocks[0].fence_line, blocks[0].info_column), (1, 4));
        assert_eq!((blocks[0].body_line, blocks[0].body_column), (2, 1));
    }

    #[test]
    fn cr_only_line_endings_are_line_endings() {
        let doc = format!("a\r\r```fen flip\r{K}\r```\rb\r");
        let blocks = find_blocks(&doc).unwrap();
        assert_eq!(blocks.len(), 1);
        assert_eq!(blocks[0].info, "fen flip");
        assert_eq!(blocks[0].body, K);
        assert_eq!((blocks[0].fence_line, blocks[0].body_line), (3, 4));
        assert_eq!(&doc[blocks[0].span.end..], "b\r");
    }

    #[test]
    fn fences_in_html_comments_blocks_and_front_matter_are_text() {
        let doc = format!(
            "---\ntitle: x\n```fen\n{K}\n```\n---\n\n<!--\n```fen\n{K}\n```\n-->\n\n<div>\n```fen\n{K}\n```\n</div>\n"
        );
        assert!(find_blocks(&doc).unwrap().is_empty(), "{doc}");
        let toml = format!("+++\ntitle = 'x'\n```fen\n{K}\n```\n+++\n");
        assert!(find_blocks(&toml).unwrap().is_empty());
    }

    #[test]
    fn blocks_in_quotes_and_list_items_keep_their_prefix() {
        let doc = format!("> ```fen\n> {K}\n> ```\n\n- item\n\n  ```fen\n  {K}\n  ```\n");
        let blocks = find_blocks(&doc).unwrap();
        assert_eq!(blocks.len(), 2);
        assert_eq!(
            (blocks[0].prefix.as_str(), blocks[0].body.as_str()),
            ("> ", K)
        );
        assert_eq!(blocks[0].body_column, 3);
        assert_eq!(
            &doc[blocks[0].span.clone()],
            format!("> ```fen\n> {K}\n> ```\n")
        );
        assert_eq!(blocks[1].prefix, "  ");
        assert_eq!(blocks[1].body_line, 8);
        let item = find_blocks(&format!("1. ```fen\n   {K}\n   ```\n")).unwrap();
        assert_eq!(
            (item[0].prefix.as_str(), item[0].continuation().as_str()),
            ("1. ", "   ")
        );
    }

    #[test]
    fn code_from_pandoc_keeps_every_line() {
        let block = from_code(&format!("{K}\n~~~~~~~~~~~~~~\nmore"), BlockKind::Fen);
        assert_eq!(block.body, K);
        assert_eq!(
            block.extra_lines,
            [2, 3],
            "the tilde run is a line of the block"
        );
    }
}
