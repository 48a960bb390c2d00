//! Fenced code blocks whose language is `fen`, found as CommonMark finds
//! them: an opening fence of three or more backticks or tildes indented by
//! at most three spaces, the block's lines, and a closing fence of the same
//! character at least as long. Blocks inside block quotes or nested list
//! items are not diagrams (their text belongs to the quote or list).
//!
//! Every block keeps where it stands (1-based line numbers, byte offsets),
//! so a bad FEN is reported at its line and column in the document and the
//! block can be replaced without touching the text around it.

/// A ```` ```fen ```` block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenBlock {
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

/// An opening or closing fence: its character, length and indentation.
struct Fence<'a> {
    ch: u8,
    len: usize,
    indent: usize,
    rest: &'a str,
}

fn fence(line: &str) -> Option<Fence<'_>> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let after = &line[indent..];
    let ch = *after.as_bytes().first()?;
    if ch != b'`' && ch != b'~' {
        return None;
    }
    let len = after.bytes().take_while(|&b| b == ch).count();
    if len < 3 {
        return None;
    }
    let rest = &after[len..];
    // A backtick fence's info string may not hold a backtick (that is
    // inline code, not a fence).
    if ch == b'`' && rest.contains('`') {
        return None;
    }
    Some(Fence {
        ch,
        len,
        indent,
        rest,
    })
}

/// Whether an info string names the `fen` language: `fen ...`, or Pandoc's
/// attribute form with a `.fen` class, `{.fen ...}`.
pub fn is_fen_info(info: &str) -> bool {
    let info = info.trim();
    if let Some(attrs) = info.strip_prefix('{') {
        return attrs
            .trim_end_matches('}')
            .split_ascii_whitespace()
            .any(|w| w.eq_ignore_ascii_case(".fen"));
    }
    info.split_ascii_whitespace()
        .next()
        .is_some_and(|lang| lang.eq_ignore_ascii_case("fen"))
}

/// Finds every fen block of a Markdown document, in order. Other fenced
/// blocks are skipped whole, so a fen block shown as an example inside a
/// ```` ```markdown ```` block stays text.
pub fn find_blocks(doc: &str) -> Result<Vec<FenBlock>, FenceError> {
    let mut blocks = Vec::new();
    let mut lines = doc.split_inclusive('\n').scan(0usize, |offset, line| {
        let start = *offset;
        *offset += line.len();
        Some((start, line))
    });
    let mut number = 0;
    while let Some((start, raw)) = lines.next() {
        number += 1;
        let line = raw.trim_end_matches(['\n', '\r']);
        let Some(open) = fence(line) else { continue };
        let fen = is_fen_info(open.rest);
        let info_trimmed = open.rest.trim();
        let info_column = line.len() - open.rest.trim_start().len() + 1;
        let fence_line = number;
        let mut body: Option<(String, usize, usize)> = None;
        let mut extra_lines = Vec::new();
        let mut end = None;
        for (lstart, lraw) in lines.by_ref() {
            number += 1;
            let l = lraw.trim_end_matches(['\n', '\r']);
            if let Some(close) = fence(l) {
                if close.ch == open.ch && close.len >= open.len && close.rest.trim().is_empty() {
                    end = Some(lstart + lraw.len());
                    break;
                }
            }
            if !fen {
                continue;
            }
            // Content loses up to the opening fence's indentation.
            let strip = l.len() - l.trim_start_matches(' ').len();
            let content = &l[strip.min(open.indent)..];
            if content.trim().is_empty() {
                continue;
            }
            if body.is_none() {
                let lead = content.len() - content.trim_start().len();
                let column = strip.min(open.indent) + lead + 1;
                body = Some((content.trim().to_string(), number, column));
            } else {
                extra_lines.push(number);
            }
        }
        let Some(end) = end else {
            if fen {
                return Err(FenceError {
                    line: fence_line,
                    column: open.indent + 1,
                    message: "this fen block is never closed: end it with a line of ```".into(),
                });
            }
            break;
        };
        if fen {
            let (body, body_line, body_column) = body.unwrap_or((String::new(), fence_line + 1, 1));
            blocks.push(FenBlock {
                span: start..end,
                info: info_trimmed.to_string(),
                fence_line,
                info_column,
                body,
                body_line,
                body_column,
                extra_lines,
            });
        }
    }
    Ok(blocks)
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
}
