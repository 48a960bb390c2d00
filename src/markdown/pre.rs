//! `<pre class="fen">` elements in HTML pages, read as fen blocks: the
//! element's text is the FEN, `data-options="flip lastmove=e2e4"` holds the
//! options (the syntax of a fence's info string). For site generators whose
//! pages are HTML already, or Markdown renderers that pass HTML through.

use super::fence::{FenBlock, FenceError};

/// 1-based line and column (bytes) of `offset` in `doc`.
fn position(doc: &str, offset: usize) -> (usize, usize) {
    let before = &doc[..offset];
    let line = before.matches('\n').count() + 1;
    let column = offset - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, column)
}

/// The value of attribute `name` in tag text `tag` (`<pre ...>`), with the
/// byte offset of the value within `tag`.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<(&'a str, usize)> {
    let lower = tag.to_ascii_lowercase();
    let mut from = 0;
    while let Some(at) = lower[from..].find(name) {
        let start = from + at;
        from = start + name.len();
        let preceded = tag[..start].ends_with(|c: char| c.is_ascii_whitespace());
        let rest = tag[from..].trim_start();
        let Some(rest) = rest.strip_prefix('=') else {
            continue;
        };
        if !preceded {
            continue;
        }
        let rest_trim = rest.trim_start();
        let quote = rest_trim.chars().next()?;
        if quote != '"' && quote != '\'' {
            continue;
        }
        let value_start = tag.len() - rest_trim.len() + 1;
        let end = tag[value_start..].find(quote)?;
        return Some((&tag[value_start..value_start + end], value_start));
    }
    None
}

/// Every `<pre>` whose class list holds `fen`, in order.
pub fn find_pre_blocks(doc: &str) -> Result<Vec<FenBlock>, FenceError> {
    let lower = doc.to_ascii_lowercase();
    let mut blocks = Vec::new();
    let mut from = 0;
    while let Some(at) = lower[from..].find("<pre") {
        let start = from + at;
        from = start + 4;
        let Some(tag_len) = doc[start..].find('>') else {
            break;
        };
        let tag = &doc[start..start + tag_len + 1];
        let is_fen = attribute(tag, "class").is_some_and(|(c, _)| {
            c.split_ascii_whitespace()
                .any(|w| w.eq_ignore_ascii_case("fen"))
        });
        if !is_fen {
            continue;
        }
        let (line, column) = position(doc, start);
        let content_start = start + tag.len();
        let Some(close) = lower[content_start..].find("</pre>") else {
            return Err(FenceError {
                line,
                column,
                message: "this <pre class=\"fen\"> is never closed with </pre>".into(),
            });
        };
        let end = content_start + close + "</pre>".len();
        let (info, info_column) = match attribute(tag, "data-options") {
            // The value stands where "fen " would end in an info string.
            Some((value, offset)) => (format!("fen {value}"), column + offset - 4),
            None => ("fen".to_string(), column),
        };
        let content = &doc[content_start..content_start + close];
        let mut body = None;
        let mut extra_lines = Vec::new();
        let mut offset = content_start;
        for raw in content.split_inclusive('\n') {
            // A <code> wrapper is markup, not text.
            let text = raw.replace("</code>", "");
            let text = match text.find("<code") {
                Some(i) => match text[i..].find('>') {
                    Some(j) => format!("{}{}", &text[..i], &text[i + j + 1..]),
                    None => text,
                },
                None => text,
            };
            if !text.trim().is_empty() {
                if body.is_none() {
                    let lead = raw.len() - raw.trim_start().len();
                    let lead = if raw.trim_start().starts_with("<code") {
                        raw.find('>').map_or(lead, |i| i + 1)
                    } else {
                        lead
                    };
                    let (l, c) = position(doc, offset + lead);
                    body = Some((text.trim().to_string(), l, c));
                } else {
                    extra_lines.push(position(doc, offset).0);
                }
            }
            offset += raw.len();
        }
        let (body, body_line, body_column) = body.unwrap_or((String::new(), line, column));
        blocks.push(FenBlock {
            span: start..end,
            info,
            fence_line: line,
            info_column,
            body,
            body_line,
            body_column,
            extra_lines,
        });
        from = end;
    }
    Ok(blocks)
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
}
