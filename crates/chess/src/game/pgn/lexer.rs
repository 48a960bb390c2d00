//! PGN tokens with their place in the file (byte offset, line, column).
//!
//! Works on bytes: PGN is ASCII apart from tag values and comments, which
//! are UTF-8 or, in old files, Latin-1. Every loop advances, every token is
//! bounded, and no byte is looked at again once passed (columns are counted
//! on from the last one asked for), so hostile input costs time linear in
//! its length: one pass over the text.
//!
//! A line ends at LF, at CRLF, or at a CR standing alone (old Mac files),
//! mixed freely: that is where `;` comments and `%` escape lines end and
//! how lines and columns are counted.

use std::borrow::Cow;

use crate::game::limits::{MAX_COMMENT_LEN, MAX_SYMBOL_LEN, MAX_TAG_NAME_LEN, MAX_TAG_VALUE_LEN};

/// The UTF-8 byte order mark, which `cat a.pgn b.pgn` leaves at the start
/// of the second file's first game.
const BOM: &[u8] = b"\xEF\xBB\xBF";

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
    /// The input as text when all of it is UTF-8 (checked once, in one
    /// pass): tokens are then cut from it without checking each again,
    /// which was a tenth of reading a game.
    text: Option<&'a str>,
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
        Err(_) => latin1(bytes, latin1_seen),
    }
}

/// `bytes` read as Latin-1 (every byte a character).
fn latin1<'a>(bytes: &[u8], latin1_seen: &mut bool) -> Cow<'a, str> {
    *latin1_seen = true;
    Cow::Owned(bytes.iter().map(|&b| b as char).collect())
}

impl<'a> Lexer<'a> {
    pub fn new(input: &'a [u8]) -> Lexer<'a> {
        let start = if input.starts_with(BOM) { BOM.len() } else { 0 };
        Lexer {
            input,
            text: std::str::from_utf8(input).ok(),
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

    /// `input[from..to]` as text, when it is UTF-8.
    fn str_at(&self, from: usize, to: usize) -> Option<&'a str> {
        let bytes = &self.input[from..to];
        // A token never starts or ends inside a character, so the slice
        // of a text found all UTF-8 is; checked anyway.
        self.text
            .and_then(|text| text.get(from..to))
            .or_else(|| std::str::from_utf8(bytes).ok())
    }

    /// `input[from..to]` as text: UTF-8, else Latin-1.
    fn decode_at(&mut self, from: usize, to: usize) -> Cow<'a, str> {
        match self.str_at(from, to) {
            Some(s) => Cow::Borrowed(s),
            None => latin1(&self.input[from..to], &mut self.latin1_seen),
        }
    }

    /// `input[from..to]`, a run of ASCII bytes the caller matched, as text.
    fn ascii_at(&self, from: usize, to: usize) -> &'a str {
        self.str_at(from, to).unwrap_or("")
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

    /// Whether the byte at `at` ends a line: LF, or a CR not followed by
    /// LF (the CR of a CRLF is not the end; its LF is).
    fn ends_line(&self, at: usize) -> bool {
        match self.input[at] {
            b'\n' => true,
            b'\r' => self.input.get(at + 1) != Some(&b'\n'),
            _ => false,
        }
    }

    /// The end of the input as a place (for "the game has no result").
    pub fn end_span(&mut self) -> Span {
        self.span_at(self.input.len())
    }

    /// Skips whitespace, `%` escape lines and byte order marks; `Err` for a
    /// NUL or control byte.
    fn skip_space(&mut self) -> Result<(), LexError> {
        while let Some(&b) = self.input.get(self.pos) {
            match b {
                b'\n' | b'\r' => {
                    if self.ends_line(self.pos) {
                        self.newline(self.pos);
                    }
                    self.pos += 1;
                }
                b' ' | b'\t' | b'\x0b' | b'\x0c' => self.pos += 1,
                b'%' if self.pos == self.line_start => self.skip_line(),
                0xEF if self.input[self.pos..].starts_with(BOM) => {
                    // A game's start in a concatenated file; columns count
                    // from after it, as at the start of the file.
                    if self.pos == self.line_start {
                        self.line_start += BOM.len();
                    }
                    self.pos += BOM.len();
                }
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

    /// Moves to the end of the line (its LF or CR), not past it.
    fn skip_line(&mut self) {
        match self.input[self.pos..]
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
        {
            Some(n) => self.pos += n,
            None => self.pos = self.input.len(),
        }
    }

    /// The next token and where it starts; `Ok(None)` at the end.
    #[inline(always)]
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
                let text = self.decode_at(from, self.pos);
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
                let digits = self.ascii_at(from, self.pos);
                Token::Nag(digits.parse::<u8>().ok(), self.ascii_at(start, self.pos))
            }
            b'!' | b'?' => {
                while self.pos < self.input.len()
                    && matches!(self.input[self.pos], b'!' | b'?')
                    && self.pos - start < 8
                {
                    self.pos += 1;
                }
                let text = self.ascii_at(start, self.pos);
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
                loop {
                    while self.pos < self.input.len() && is_symbol_byte(self.input[self.pos]) {
                        self.pos += 1;
                        if self.pos - start > MAX_SYMBOL_LEN {
                            // Skip the rest so the next token is not its tail.
                            while self.pos < self.input.len()
                                && is_symbol_byte(self.input[self.pos])
                            {
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
                    match glued(&self.input[start..self.pos], &self.input[self.pos..]) {
                        0 => break,
                        n => self.pos += n,
                    }
                }
                match self.str_at(start, self.pos) {
                    Some(s) => Token::Symbol(s),
                    None => {
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
        Ok(Token::Comment(self.decode_at(from, from + len)))
    }

    fn skip_newlines(&mut self, from: usize, to: usize) {
        for i in from..to {
            if self.ends_line(i) {
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
        let name = self.ascii_at(name_start, i);
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
        let value_start = i + 1;
        let escaped;
        (i, escaped) = match tag_value_end(input, value_start, name) {
            Ok(end) => end,
            Err((at, message)) => return Err(err(self, at, message)),
        };
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
            Cow::Owned(decode(&unescape(raw), &mut self.latin1_seen).into_owned())
        } else {
            self.decode_at(value_start, value_start + raw.len())
        };
        Ok(Token::Tag {
            name,
            value,
            value_span,
        })
    }
}

/// Where the value of tag `name` that starts at `value_start` (after its
/// opening quote) ends: the offset of its closing quote, and whether it
/// holds backslash escapes. An error is the offset to show and the message:
/// a value not closed on its line, a control byte, a value over
/// [`MAX_TAG_VALUE_LEN`] bytes.
fn tag_value_end(
    input: &[u8],
    value_start: usize,
    name: &str,
) -> Result<(usize, bool), (usize, String)> {
    let mut i = value_start;
    let mut escaped = false;
    loop {
        // The byte itself, or the one a backslash escapes.
        let at = if input.get(i) == Some(&b'\\') {
            i + 1
        } else {
            i
        };
        match input.get(at) {
            None | Some(b'\n' | b'\r') => {
                return Err((
                    value_start - 1,
                    format!("the value of tag [{name}] is not closed with '\"' on its line"),
                ))
            }
            // A tab is white space to whoever typed the tag; any other
            // control byte (an escape sequence's ESC, NUL) is not text.
            Some(&b @ (0..=0x08 | 0x0b..=0x1f | 0x7f)) => {
                return Err((
                    at,
                    format!(
                        "byte 0x{b:02X} (a control character) in the value of tag [{name}] is not PGN text"
                    ),
                ))
            }
            Some(b'"') if at == i => return Ok((i, escaped)),
            Some(_) => {
                escaped |= at > i;
                i = at + 1;
            }
        }
        if i - value_start > MAX_TAG_VALUE_LEN {
            return Err((
                value_start - 1,
                format!("the value of tag [{name}] is longer than the limit of {MAX_TAG_VALUE_LEN} bytes"),
            ));
        }
    }
}

/// A tag value's bytes with each backslash escape replaced by the byte it
/// escapes (`\"` is `"`, `\\` is `\`).
fn unescape(raw: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(raw.len());
    let mut k = 0;
    while k < raw.len() {
        if raw[k] == b'\\' && k + 1 < raw.len() {
            k += 1;
        }
        bytes.push(raw[k]);
        k += 1;
    }
    bytes
}

/// How many bytes after a move (`before`) belong to it although PGN's
/// tokens would split them off (0: none): a promotion in parentheses
/// (`a8(Q)`, which would otherwise open a variation) after a move to the
/// last rank, and an en passant mark (`exd6e.p.`, or `e.p.` on its own)
/// after its `e`.
fn glued(before: &[u8], after: &[u8]) -> usize {
    match (before.last(), after) {
        (Some(b'1' | b'8'), [b'(', piece, b')', ..]) if b"NBRQnbrq".contains(piece) => 3,
        (Some(b'e'), [b'.', b'p', b'.', ..]) => 3,
        _ => 0,
    }
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

    #[test]
    fn every_kind_of_line_end_counts() {
        // LF, CRLF and a lone CR, mixed; `;` and `%` end at any of them.
        let t = tokens("e4 ; one\re5 ; two\r\nNf3\n% hidden\rNc6");
        assert_eq!(t[0], "1:1 Symbol(\"e4\")");
        assert_eq!(t[1], "1:4 Comment(\" one\")");
        assert_eq!(t[2], "2:1 Symbol(\"e5\")");
        assert_eq!(t[3], "2:4 Comment(\" two\")");
        assert_eq!(t[4], "3:1 Symbol(\"Nf3\")");
        assert_eq!(t[5], "5:1 Symbol(\"Nc6\")");
        assert_eq!(t.len(), 6, "{t:?}");
        // Lines inside a brace comment count too.
        let t = tokens("{a\rb\r\nc\nd} e4");
        assert_eq!(t[1], "4:4 Symbol(\"e4\")");
        let mut lexer = Lexer::new(b"e4\r\re5\r");
        while let Ok(Some(_)) = lexer.next() {}
        let end = lexer.end_span();
        assert_eq!((end.line, end.column), (4, 1));
    }

    #[test]
    fn byte_order_marks_start_games_anywhere() {
        let t = tokens("\u{feff}e4 *\n\u{feff}[Event \"b\"] \u{feff}e5");
        assert_eq!(t[0], "1:1 Symbol(\"e4\")");
        assert!(t[2].starts_with("2:1 Tag { name: \"Event\""), "{t:?}");
        assert_eq!(t[3], "2:14 Symbol(\"e5\")");
    }

    #[test]
    fn promotions_in_parentheses_and_en_passant_marks_stay_with_their_move() {
        let t = tokens("a8(Q)+ b1(n) exd6e.p. exd6 e.p. Nf3(Q) e4 (e5)");
        assert_eq!(t[0], "1:1 Symbol(\"a8(Q)+\")");
        assert_eq!(t[1], "1:8 Symbol(\"b1(n)\")");
        assert_eq!(t[2], "1:14 Symbol(\"exd6e.p.\")");
        assert_eq!(t[3], "1:23 Symbol(\"exd6\")");
        assert_eq!(t[4], "1:28 Symbol(\"e.p.\")");
        // Only after a move to the last rank, and only a piece letter.
        assert_eq!(t[5], "1:33 Symbol(\"Nf3\")");
        assert_eq!(t[6], "1:36 Open");
        assert_eq!(t[10], "1:43 Open");
    }

    #[test]
    fn control_bytes_in_tag_values_are_errors_at_their_place() {
        let t = tokens("[Event \"a\tb\"] [Site \"x\\\u{1b}\"]\n[Round \"\u{7f}\"]\ne4");
        assert!(t[0].contains("value: \"a\\tb\""), "{t:?}");
        assert_eq!(
            t[1],
            "1:24 error byte 0x1B (a control character) in the value of tag [Site] is not PGN text"
        );
        assert_eq!(
            t[2],
            "2:9 error byte 0x7F (a control character) in the value of tag [Round] is not PGN text"
        );
        assert_eq!(t[3], "3:1 Symbol(\"e4\")");
        // A lone CR ends the line: the value is not closed on it.
        let t = tokens("[Event \"a\rb\"]");
        assert!(t[0].contains("not closed"), "{t:?}");
    }
}
