//! PGN tokens with their place in the file (byte offset, line, column).
//!
//! Works on bytes: PGN is ASCII apart from tag values and comments, which
//! are UTF-8 or, in old files, Latin-1. Every loop advances, every token is
//! bounded, so hostile input costs time linear in its length.

use std::borrow::Cow;

/// The longest tag value accepted (a megabyte tag is an attack, not a game).
pub const MAX_TAG_VALUE_LEN: usize = 64 * 1024;
/// The longest tag name accepted.
const MAX_TAG_NAME_LEN: usize = 255;
/// The longest comment accepted.
pub const MAX_COMMENT_LEN: usize = 1024 * 1024;
/// The longest move, number or result token accepted.
const MAX_SYMBOL_LEN: usize = 64;

/// Where a token starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Span {
    pub offset: usize,
    pub line: usize,
    /// 1-based, counted in characters.
    pub column: usize,
}

#[derive(Debug)]
pub(crate) enum Token<'a> {
    /// `[Name "value"]`, the value unescaped.
    Tag {
        name: &'a str,
        value: Cow<'a, str>,
        value_span: Span,
    },
    /// `{...}` or `;...`: the text inside.
    Comment(Cow<'a, str>),
    Open,
    Close,
    /// `$n`, `!`, `?!`, ... (`None` for `$256`-style or `!!!`-style junk).
    Nag(Option<u8>, &'a str),
    /// A move, move number or result.
    Symbol(&'a str),
    Dot,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LexError {
    pub span: Span,
    pub message: String,
    /// After this error nothing more can be read (an unterminated comment).
    pub fatal: bool,
}

pub(crate) struct Lexer<'a> {
    input: &'a [u8],
    pos: usize,
    line: usize,
    line_start: usize,
    // The last column computed, so columns cost time linear in the line
    // however many tokens a (lichess-style, one-line) movetext has.
    col_offset: usize,
    col: usize,
    /// Latin-1 text was decoded (the input is not all UTF-8).
    pub latin1_seen: bool,
}

fn is_symbol_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric()
        || matches!(
            b,
            b'_' | b'+' | b'#' | b'=' | b':' | b'-' | b'/' | b'@' | b'~'
        )
        || b >= 0x80
}

/// Text that should be UTF-8; Latin-1 (every byte a character) otherwise.
fn decode<'a>(bytes: &'a [u8], latin1_seen: &mut bool) -> Cow<'a, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => {
            *latin1_seen = true;
            Cow::Owned(bytes.iter().map(|&b| b as char).collect())
        }
    }
}

impl<'a> Lexer<'a> {
    pub fn new(input: &'a [u8]) -> Lexer<'a> {
        let start = if input.starts_with(b"\xEF\xBB\xBF") {
            3
        } else {
            0
        };
        Lexer {
            input,
            pos: start,
            line: 1,
            line_start: start,
            col_offset: start,
            col: 1,
            latin1_seen: false,
        }
    }

    pub fn input(&self) -> &'a [u8] {
        self.input
    }

    /// The span of byte `offset`, which must not be before the last one asked
    /// for on the current line.
    pub fn span_at(&mut self, offset: usize) -> Span {
        if self.col_offset < self.line_start || self.col_offset > offset {
            self.col_offset = self.line_start;
            self.col = 1;
        }
        let chars = self.input[self.col_offset..offset]
            .iter()
            .filter(|&&b| (b as i8) >= -0x40)
            .count();
        self.col += chars;
        self.col_offset = offset;
        Span {
            offset,
            line: self.line,
            column: self.col,
        }
    }

    fn newline(&mut self, at: usize) {
        self.line += 1;
        self.line_start = at + 1;
    }

    /// Skips whitespace and `%` escape lines; `Err` for a NUL or control byte.
    fn skip_space(&mut self) -> Result<(), LexError> {
        while let Some(&b) = self.input.get(self.pos) {
            match b {
                b'\n' => {
                    self.newline(self.pos);
                    self.pos += 1;
                }
                b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c' => self.pos += 1,
                b'%' if self.pos == self.line_start => self.skip_line(),
                0..=0x1f | 0x7f => {
                    let span = self.span_at(self.pos);
                    self.pos += 1;
                    return Err(LexError {
                        span,
                        message: format!("byte 0x{b:02X} (a control character) is not PGN text"),
                        fatal: false,
                    });
                }
                _ => break,
            }
        }
        Ok(())
    }

    fn skip_line(&mut self) {
        match self.input[self.pos..].iter().position(|&b| b == b'\n') {
            Some(n) => self.pos += n,
            None => self.pos = self.input.len(),
        }
    }

    /// The next token and where it starts; `Ok(None)` at the end.
    pub fn next(&mut self) -> Result<Option<(Token<'a>, Span)>, LexError> {
        self.skip_space()?;
        let Some(&b) = self.input.get(self.pos) else {
            return Ok(None);
        };
        let start = self.pos;
        let span = self.span_at(start);
        let token = match b {
            b'[' => self.tag(span)?,
            b'{' => self.brace_comment(span)?,
            b';' => {
                self.pos += 1;
                let from = self.pos;
                self.skip_line();
                let text = decode(&self.input[from..self.pos], &mut self.latin1_seen);
                Token::Comment(text)
            }
            b'(' => {
                self.pos += 1;
                Token::Open
            }
            b')' => {
                self.pos += 1;
                Token::Close
            }
            b'.' => {
                while self.input.get(self.pos) == Some(&b'.') {
                    self.pos += 1;
                }
                Token::Dot
            }
            b'*' => {
                self.pos += 1;
                Token::Symbol("*")
            }
            b'$' => {
                self.pos += 1;
                let from = self.pos;
                while self.pos < self.input.len()
                    && self.input[self.pos].is_ascii_digit()
                    && self.pos - from < 8
                {
                    self.pos += 1;
                }
                let digits = ascii(&self.input[from..self.pos]);
                Token::Nag(
                    digits.parse::<u8>().ok(),
                    ascii(&self.input[start..self.pos]),
                )
            }
            b'!' | b'?' => {
                while self.pos < self.input.len()
                    && matches!(self.input[self.pos], b'!' | b'?')
                    && self.pos - start < 8
                {
                    self.pos += 1;
                }
                let text = ascii(&self.input[start..self.pos]);
                let nag = match text {
                    "!" => Some(1),
                    "?" => Some(2),
                    "!!" => Some(3),
                    "??" => Some(4),
                    "!?" => Some(5),
                    "?!" => Some(6),
                    _ => None,
                };
                Token::Nag(nag, text)
            }
            b if is_symbol_byte(b) => {
                while self.pos < self.input.len() && is_symbol_byte(self.input[self.pos]) {
                    self.pos += 1;
                    if self.pos - start > MAX_SYMBOL_LEN {
                        // Skip the rest so the next token is not its tail.
                        while self.pos < self.input.len() && is_symbol_byte(self.input[self.pos]) {
                            self.pos += 1;
                        }
                        return Err(LexError {
                            span,
                            message: format!(
                                "a word of {} bytes is no move, number or result",
                                self.pos - start
                            ),
                            fatal: false,
                        });
                    }
                }
                match std::str::from_utf8(&self.input[start..self.pos]) {
                    Ok(s) => Token::Symbol(s),
                    Err(_) => {
                        return Err(LexError {
                            span,
                            message: "a move with bytes that are not UTF-8 text".into(),
                            fatal: false,
                        })
                    }
                }
            }
            _ => {
                self.pos += 1;
                return Err(LexError {
                    span,
                    message: format!("unexpected character '{}'", b as char),
                    fatal: false,
                });
            }
        };
        Ok(Some((token, span)))
    }

    fn brace_comment(&mut self, span: Span) -> Result<Token<'a>, LexError> {
        let from = self.pos + 1;
        let Some(len) = self.input[from..].iter().position(|&b| b == b'}') else {
            self.pos = self.input.len();
            return Err(LexError {
                span,
                message: "this comment is never closed with '}'".into(),
                fatal: true,
            });
        };
        let body = &self.input[from..from + len];
        if len > MAX_COMMENT_LEN {
            self.skip_newlines(from, from + len);
            self.pos = from + len + 1;
            return Err(LexError {
                span,
                message: format!(
                    "a comment of {len} bytes, more than the limit of {MAX_COMMENT_LEN}"
                ),
                fatal: false,
            });
        }
        self.skip_newlines(from, from + len);
        self.pos = from + len + 1;
        Ok(Token::Comment(decode(body, &mut self.latin1_seen)))
    }

    fn skip_newlines(&mut self, from: usize, to: usize) {
        for i in from..to {
            if self.input[i] == b'\n' {
                self.newline(i);
            }
        }
    }

    fn tag(&mut self, span: Span) -> Result<Token<'a>, LexError> {
        let input = self.input;
        let err = |lexer: &mut Lexer<'a>, at: usize, message: String| {
            // Resume after the line: the rest of a broken tag is not movetext.
            let span = if at == span.offset {
                span
            } else {
                lexer.span_at(at)
            };
            lexer.pos = at;
            lexer.skip_line();
            LexError {
                span,
                message,
                fatal: false,
            }
        };
        let mut i = self.pos + 1;
        while i < input.len() && matches!(input[i], b' ' | b'\t') {
            i += 1;
        }
        let name_start = i;
        while i < input.len() && (input[i].is_ascii_alphanumeric() || input[i] == b'_') {
            i += 1;
        }
        let name = ascii(&input[name_start..i]);
        if name.is_empty() {
            return Err(err(
                self,
                i,
                "a tag pair needs a name: [Name \"value\"]".into(),
            ));
        }
        if name.len() > MAX_TAG_NAME_LEN {
            return Err(err(
                self,
                name_start,
                format!("a tag name of {} bytes is too long", name.len()),
            ));
        }
        while i < input.len() && matches!(input[i], b' ' | b'\t') {
            i += 1;
        }
        if input.get(i) != Some(&b'"') {
            return Err(err(
                self,
                i,
                format!("tag [{name}] needs its value in double quotes: [{name} \"value\"]"),
            ));
        }
        i += 1;
        let value_start = i;
        let mut escaped = false;
        loop {
            match input.get(i) {
                None | Some(b'\n') => {
                    return Err(err(
                        self,
                        value_start - 1,
                        format!("the value of tag [{name}] is not closed with '\"' on its line"),
                    ))
                }
                Some(b'\\') => {
                    escaped = true;
                    i += 2.min(input.len() - i);
                }
                Some(b'"') => break,
                Some(_) => i += 1,
            }
            if i - value_start > MAX_TAG_VALUE_LEN {
                return Err(err(
                    self,
                    value_start - 1,
                    format!("the value of tag [{name}] is longer than the limit of {MAX_TAG_VALUE_LEN} bytes"),
                ));
            }
        }
        let raw = &input[value_start..i];
        i += 1;
        while i < input.len() && matches!(input[i], b' ' | b'\t') {
            i += 1;
        }
        if input.get(i) != Some(&b']') {
            return Err(err(self, i, format!("tag [{name}] is not closed with ']'")));
        }
        self.pos = i + 1;
        let value_span = self.span_at(value_start);
        let value = if escaped {
            let mut bytes = Vec::with_capacity(raw.len());
            let mut k = 0;
            while k < raw.len() {
                if raw[k] == b'\\' && k + 1 < raw.len() {
                    k += 1;
                }
                bytes.push(raw[k]);
                k += 1;
            }
            Cow::Owned(decode(&bytes, &mut self.latin1_seen).into_owned())
        } else {
            decode(raw, &mut self.latin1_seen)
        };
        Ok(Token::Tag {
            name,
            value,
            value_span,
        })
    }
}

fn ascii(bytes: &[u8]) -> &str {
    // Only called on runs of ASCII bytes the caller matched.
    std::str::from_utf8(bytes).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(input: &str) -> Vec<String> {
        let mut lexer = Lexer::new(input.as_bytes());
        let mut out = Vec::new();
        loop {
            match lexer.next() {
                Ok(Some((t, span))) => out.push(format!("{}:{} {t:?}", span.line, span.column)),
                Ok(None) => break,
                Err(e) => {
                    out.push(format!(
                        "{}:{} error {}",
                        e.span.line, e.span.column, e.message
                    ));
                    if e.fatal {
                        break;
                    }
                }
            }
        }
        out
    }

    #[test]
    fn tokens_know_their_line_and_column() {
        let t = tokens("\u{feff}[White \"Mor\\\"phy\"]\r\n1. e4! {a\nb} e5 $14 ; rest\n% escaped\n(1... c5) 1-0");
        assert_eq!(t[0], "1:1 Tag { name: \"White\", value: \"Mor\\\"phy\", value_span: Span { offset: 11, line: 1, column: 9 } }");
        assert_eq!(t[1], "2:1 Symbol(\"1\")");
        assert_eq!(t[3], "2:4 Symbol(\"e4\")");
        assert_eq!(t[4], "2:6 Nag(Some(1), \"!\")");
        assert_eq!(t[6], "3:4 Symbol(\"e5\")");
        assert_eq!(t[7], "3:7 Nag(Some(14), \"$14\")");
        assert_eq!(t[8], "3:11 Comment(\" rest\")");
        assert_eq!(t[9], "5:1 Open");
        assert_eq!(t.last().unwrap(), "5:11 Symbol(\"1-0\")");
    }

    #[test]
    fn hostile_bytes_are_errors_not_panics() {
        let t = tokens("e4 \0 {never closed");
        assert_eq!(
            t[1],
            "1:4 error byte 0x00 (a control character) is not PGN text"
        );
        assert_eq!(t[2], "1:6 error this comment is never closed with '}'");
        let long = format!("[Annotator \"{}\"] e4", "x".repeat(MAX_TAG_VALUE_LEN + 1));
        let t = tokens(&long);
        assert!(t[0].contains("longer than the limit"), "{}", t[0]);
        assert_eq!(t.len(), 1, "{t:?}");
        let t = tokens("\u{e9}t\u{e9} [Site \"K\u{f6}ln\"]");
        assert!(t[0].contains("Symbol(\"été\")"), "{t:?}");
        let latin1 = b"[Site \"K\xf6ln\"]";
        let mut lexer = Lexer::new(latin1);
        let Ok(Some((Token::Tag { value, .. }, _))) = lexer.next() else {
            panic!()
        };
        assert_eq!(value, "K\u{f6}ln");
        assert!(lexer.latin1_seen);
    }
}
