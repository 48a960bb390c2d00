//! The options written after a fence: ```` ```fen flip lastmove=e2e4
//! caption="White to move" ```` or, in Pandoc's attribute form (Pandoc drops
//! words after the language in a plain info string), ```` ```{.fen .flip
//! lastmove=e2e4} ````. Each option keeps its column, so a bad value is
//! reported where it stands.

/// One option: `key=value`, or a bare flag (`flip`, Pandoc's `.flip`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attr {
    /// The option's name, as written (without Pandoc's leading `.`).
    pub key: String,
    /// The value, unquoted; `None` for a flag.
    pub value: Option<String>,
    /// 1-based column of the key within the info string.
    pub column: usize,
    /// 1-based column of the value's first character within the info
    /// string (after an opening quote); 0 when there is no value or it
    /// came from elsewhere (defaults, Pandoc's JSON).
    pub value_column: usize,
}

/// An info string that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InfoError {
    /// 1-based column within the info string.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// Reads the options of an info string (the language word or Pandoc's
/// `.fen` or `.pgn` class is not among them; Pandoc's `#id` is returned as `id`).
pub fn parse(info: &str) -> Result<Vec<Attr>, InfoError> {
    let trimmed_start = info.len() - info.trim_start().len();
    let body = info.trim();
    let (body, base, pandoc) = match body.strip_prefix('{') {
        Some(inner) => {
            let Some(inner) = inner.strip_suffix('}') else {
                return Err(InfoError {
                    column: trimmed_start + 1,
                    message: "an attribute list opened with { is not closed with }".into(),
                });
            };
            (inner, trimmed_start + 1, true)
        }
        None => (body, trimmed_start, false),
    };
    let mut attrs = Vec::new();
    let mut words = tokens(body, base)?.into_iter();
    if !pandoc {
        // The language word.
        words.next();
    }
    for (word, column, value_column) in words {
        if pandoc {
            if let Some(class) = word.strip_prefix('.') {
                // The language class is not an option.
                if super::fence::BlockKind::from_word(class).is_none() {
                    attrs.push(Attr {
                        key: class.to_string(),
                        value: None,
                        column: column + 1,
                        value_column: 0,
                    });
                }
                continue;
            }
            if let Some(id) = word.strip_prefix('#') {
                attrs.push(Attr {
                    key: "id".into(),
                    value: Some(id.to_string()),
                    column,
                    value_column: column + 1,
                });
                continue;
            }
        }
        match word.split_once('=') {
            Some((key, value)) => attrs.push(Attr {
                key: key.to_string(),
                value: Some(value.to_string()),
                column,
                value_column,
            }),
            None => attrs.push(Attr {
                key: word,
                value: None,
                column,
                value_column: 0,
            }),
        }
    }
    for a in &attrs {
        if a.key.is_empty() {
            return Err(InfoError {
                column: a.column,
                message: "an option needs a name before =".into(),
            });
        }
    }
    Ok(attrs)
}

/// Splits on whitespace outside quotes; quotes (`"` or `'`) are removed and
/// `\"` and `\\` inside double quotes are unescaped. Each word comes with
/// the 1-based column of its first character in the original string, and
/// that of the first character after its first `=` outside quotes (past an
/// opening quote there; 0 without a `=`).
fn tokens(text: &str, base: usize) -> Result<Vec<(String, usize, usize)>, InfoError> {
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some(&(start, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        let mut word = String::new();
        // Byte offset in `text` of the value's first character.
        let mut value_at: Option<usize> = None;
        while let Some(&(at, c)) = chars.peek() {
            if c.is_whitespace() {
                break;
            }
            chars.next();
            if c == '"' || c == '\'' {
                if value_at == Some(at) {
                    value_at = Some(at + 1);
                }
                let mut closed = false;
                while let Some((_, q)) = chars.next() {
                    if q == c {
                        closed = true;
                        break;
                    }
                    if c == '"' && q == '\\' {
                        if let Some(&(_, next)) = chars.peek() {
                            if next == '"' || next == '\\' {
                                word.push(next);
                                chars.next();
                                continue;
                            }
                        }
                    }
                    word.push(q);
                }
                if !closed {
                    return Err(InfoError {
                        column: base + at + 1,
                        message: format!("this {c} quote is never closed"),
                    });
                }
            } else {
                if c == '=' && value_at.is_none() {
                    value_at = Some(at + 1);
                }
                word.push(c);
            }
        }
        out.push((word, base + start + 1, value_at.map_or(0, |v| base + v + 1)));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attr(key: &str, value: Option<&str>, column: usize, value_column: usize) -> Attr {
        Attr {
            key: key.into(),
            value: value.map(Into::into),
            column,
            value_column,
        }
    }

    #[test]
    fn plain_info_strings() {
        let info = r#"fen flip lastmove=e2e4 arrows=Ge2e4,Rd8d1 caption="White to move""#;
        assert_eq!(
            parse(info).unwrap(),
            [
                attr("flip", None, 5, 0),
                attr("lastmove", Some("e2e4"), 10, 19),
                attr("arrows", Some("Ge2e4,Rd8d1"), 24, 31),
                attr("caption", Some("White to move"), 43, 52),
            ]
        );
        assert_eq!(parse("fen").unwrap(), []);
    }

    #[test]
    fn pandoc_attribute_form() {
        let info = r#"{.fen .flip #opera lastmove=e2e4 caption='Mate in 2'}"#;
        assert_eq!(
            parse(info).unwrap(),
            [
                attr("flip", None, 8, 0),
                attr("id", Some("opera"), 13, 14),
                attr("lastmove", Some("e2e4"), 20, 29),
                attr("caption", Some("Mate in 2"), 34, 43),
            ]
        );
    }

    #[test]
    fn quotes_and_escapes() {
        let got = parse(r#"fen caption="say \"hi\" \\ o/" other='a "b"'"#).unwrap();
        assert_eq!(got[0].value.as_deref(), Some(r#"say "hi" \ o/"#));
        assert_eq!(got[1].value.as_deref(), Some(r#"a "b""#));
        assert_eq!(
            parse(r#"fen caption="""#).unwrap()[0].value.as_deref(),
            Some("")
        );
    }

    #[test]
    fn errors_point_at_the_problem() {
        let e = parse(r#"fen flip caption="open"#).unwrap_err();
        assert_eq!(e.column, 18);
        let e = parse("fen =x").unwrap_err();
        assert_eq!(e.column, 5);
        let e = parse("{.fen .flip").unwrap_err();
        assert_eq!(e.column, 1);
    }
}
