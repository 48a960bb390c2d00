//! Showing user text in messages without letting it fool the reader or the
//! terminal.
//!
//! Input reaches error messages from FEN strings, theme files, piece-set
//! files and arguments. Quoted as it is, a no-break space or a byte order
//! mark shows as a blank the reader cannot tell apart from a space, and an
//! escape sequence is run by the terminal instead of shown. So such
//! characters are named by code point, and everything else is shown as is.

use std::borrow::Cow;
use std::fmt::Write;

/// The names of invisible characters people paste by accident, from the
/// Unicode character database (lower case, as in prose).
const NAMES: [(char, &str); 22] = [
    ('\u{00A0}', "no-break space"),
    ('\u{00AD}', "soft hyphen"),
    ('\u{034F}', "combining grapheme joiner"),
    ('\u{061C}', "Arabic letter mark"),
    ('\u{115F}', "Hangul choseong filler"),
    ('\u{1680}', "Ogham space mark"),
    ('\u{180E}', "Mongolian vowel separator"),
    ('\u{200B}', "zero width space"),
    ('\u{200C}', "zero width non-joiner"),
    ('\u{200D}', "zero width joiner"),
    ('\u{200E}', "left-to-right mark"),
    ('\u{200F}', "right-to-left mark"),
    ('\u{2028}', "line separator"),
    ('\u{2029}', "paragraph separator"),
    ('\u{202F}', "narrow no-break space"),
    ('\u{205F}', "medium mathematical space"),
    ('\u{2060}', "word joiner"),
    ('\u{3000}', "ideographic space"),
    ('\u{3164}', "Hangul filler"),
    ('\u{FEFF}', "byte order mark"),
    ('\u{FFA0}', "halfwidth Hangul filler"),
    ('\u{FFFD}', "replacement character"),
];

/// Whether `c` would not show as itself in a message: a control character,
/// or a space, format or filler character other than the plain space.
///
/// ```
/// use fen2img_support::quote::is_invisible;
/// assert!(is_invisible('\u{a0}') && is_invisible('\u{1b}'));
/// assert!(!is_invisible(' ') && !is_invisible('é'));
/// ```
pub fn is_invisible(c: char) -> bool {
    c.is_control()
        || NAMES.iter().any(|&(n, _)| n == c)
        || matches!(c,
            '\u{2000}'..='\u{200A}'     // typographic spaces
            | '\u{202A}'..='\u{202E}'   // bidirectional embeddings and overrides
            | '\u{2061}'..='\u{206F}'   // invisible operators, bidi isolates
            | '\u{FE00}'..='\u{FE0F}'   // variation selectors
            | '\u{FFF9}'..='\u{FFFB}'   // interlinear annotation
            | '\u{E0000}'..='\u{E007F}' // tags
        )
}

/// One character as a message shows it: `'x'` when it is visible, else its
/// code point and, where known, its name: `U+00A0 (no-break space)`,
/// `U+001B (control character)`.
///
/// ```
/// use fen2img_support::quote::char_name;
/// assert_eq!(char_name('K'), "'K'");
/// assert_eq!(char_name('\u{feff}'), "U+FEFF (byte order mark)");
/// ```
pub fn char_name(c: char) -> String {
    if !is_invisible(c) {
        return format!("'{c}'");
    }
    let name = NAMES
        .iter()
        .find(|&&(n, _)| n == c)
        .map(|&(_, name)| name)
        .unwrap_or(if c.is_control() {
            "control character"
        } else {
            "invisible character"
        });
    format!("U+{:04X} ({name})", c as u32)
}

/// `text` safe to print: every invisible or control character (see
/// [`is_invisible`]) becomes `<U+XXXX>`; the rest is unchanged. Borrowed when
/// there is nothing to replace.
///
/// ```
/// use fen2img_support::quote::escape;
/// assert_eq!(escape("w\u{a0}KQkq\u{1b}[2J"), "w<U+00A0>KQkq<U+001B>[2J");
/// ```
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_invisible) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_invisible(c) {
            let _ = write!(out, "<U+{:04X}>", c as u32);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Whether `c` reorders or hides the text around it when shown: the
/// bidirectional embeddings, overrides and isolates (U+202A to U+202E,
/// U+2066 to U+2069; "Trojan Source"), and the noncharacters XML forbids.
fn is_reordering(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FFFE}' | '\u{FFFF}')
}

/// User text (a caption, a player's name) safe to show on one line of a
/// terminal, a web page or an XML document: a tab, line break or other
/// whitespace control becomes a space; any other control character (an
/// escape sequence's ESC, the C1 CSI U+009B, NUL) and the bidirectional
/// controls that reorder what follows become `<U+XXXX>`, as in messages.
/// Everything else is unchanged, joiners and variation selectors included
/// (scripts and emoji need them). Borrowed when there is nothing to change.
///
/// ```
/// use fen2img_support::quote::shown;
/// assert_eq!(shown("Carlsen\tNorway\u{202e}"), "Carlsen Norway<U+202E>");
/// ```
pub fn shown(text: &str) -> Cow<'_, str> {
    if !text
        .chars()
        .any(|c| c.is_control() || is_reordering(c) || matches!(c, '\u{2028}' | '\u{2029}'))
    {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if matches!(
            c,
            '\t' | '\n' | '\r' | '\u{0B}' | '\u{0C}' | '\u{85}' | '\u{2028}' | '\u{2029}'
        ) {
            out.push(' ');
        } else if c.is_control() || is_reordering(c) {
            let _ = write!(out, "<U+{:04X}>", c as u32);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Bytes that may not be UTF-8, made safe to print: valid text as
/// [`escape`] shows it, each invalid byte as `<0xNN>`.
///
/// ```
/// use fen2img_support::quote::escape_bytes;
/// assert_eq!(escape_bytes(b"e4\xff\x1b"), "e4<0xFF><U+001B>");
/// ```
pub fn escape_bytes(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        out.push_str(&escape(chunk.valid()));
        for b in chunk.invalid() {
            let _ = write!(out, "<0x{b:02X}>");
        }
    }
    out
}

/// At most `max_chars` characters of `text`, and `…` when it was cut (not
/// escaped: see [`escape`]).
///
/// ```
/// use fen2img_support::quote::clip;
/// assert_eq!(clip("Nimzowitsch", 5), "Nimzo…");
/// assert_eq!(clip("Tal", 5), "Tal");
/// ```
pub fn clip(text: &str, max_chars: usize) -> Cow<'_, str> {
    match text.char_indices().nth(max_chars) {
        None => Cow::Borrowed(text),
        Some((end, _)) => Cow::Owned(format!("{}…", &text[..end])),
    }
}

/// A piece of user text quoted for a message: one character as
/// [`char_name`] shows it (`'x'` or `U+00A0 (no-break space)`), longer text
/// in single quotes with [`escape`] applied (`'w<U+00A0>KQkq'`).
///
/// ```
/// use fen2img_support::quote::quoted;
/// assert_eq!(quoted("x"), "'x'");
/// assert_eq!(quoted("w\u{a0}b"), "'w<U+00A0>b'");
/// ```
pub fn quoted(text: &str) -> String {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => char_name(c),
        _ => format!("'{}'", escape(text)),
    }
}

/// `text` safe inside XML or HTML content and quoted attribute values:
/// `& < > " '` become character references (`&#39;`, which HTML 4 mail
/// clients read too, rather than XML's `&apos;`). Characters XML 1.0 does
/// not allow at all, not even as references (C0 controls other than tab,
/// line feed and carriage return; U+FFFE and U+FFFF), become U+FFFD, so
/// the document stays well-formed whatever the text holds.
///
/// ```
/// use fen2img_support::quote::markup;
/// assert_eq!(markup("<b>\"Tal\" & co</b>"), "&lt;b&gt;&quot;Tal&quot; &amp; co&lt;/b&gt;");
/// ```
pub fn markup(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' | '\r' => out.push(c),
            '\0'..='\u{1F}' | '\u{FFFE}' | '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// How many columns of a long line a caret shows: the window around the
/// column, with `...` where the line goes on.
const CARET_WINDOW: usize = 72;

/// The most bytes [`caret_at`] reads on each side of its place: enough for
/// the caret's window of 72 columns of any UTF-8 text.
pub const EXCERPT_BYTES: usize = 320;

/// Two lines for an error message: `bytes` (one line of input), each byte
/// one column and anything but printable ASCII shown as `?` (so the caret
/// lines up in any terminal and nothing reaches it raw), and a caret under
/// byte `offset` (0-based; at most one past the end). A long line is cut to
/// a window of 72 columns around the caret.
///
/// ```
/// use fen2img_support::quote::caret_bytes;
/// assert_eq!(caret_bytes(b"8/8/9/8", 4), "  8/8/9/8\n      ^");
/// ```
pub fn caret_bytes(bytes: &[u8], offset: usize) -> String {
    let shown: Vec<char> = bytes.iter().map(|&b| shown_char(b as char)).collect();
    caret_window(&shown, offset)
}

/// [`caret_bytes`] for text, one column per character: the caret under
/// character `at` (0-based).
///
/// ```
/// use fen2img_support::quote::caret_chars;
/// assert_eq!(caret_chars("e4 \u{e9}5 Ke3", 6), "  e4 ?5 Ke3\n        ^");
/// ```
pub fn caret_chars(text: &str, at: usize) -> String {
    let shown: Vec<char> = text.chars().map(shown_char).collect();
    caret_window(&shown, at)
}

/// [`caret_chars`] for a place in a long text: the line around byte
/// `offset` and a caret under it, reading only [`EXCERPT_BYTES`] on each
/// side of it, so an excerpt costs the same on a line of a megabyte;
/// `...` marks where the line goes on. Lines end at LF, CRLF or a lone CR.
/// Each character is one column (a UTF-8 continuation byte is none, so
/// Latin-1 text and broken UTF-8 count as a reader counting bytes that
/// start characters does) and anything but printable ASCII shows as `?`.
///
/// ```
/// use fen2img_support::quote::caret_at;
/// assert_eq!(caret_at(b"1. e4 e5\r2. Ke3 *", 12), "  2. Ke3 *\n     ^");
/// ```
pub fn caret_at(input: &[u8], offset: usize) -> String {
    let offset = offset.min(input.len());
    let is_end = |b: &u8| *b == b'\n' || *b == b'\r';
    let is_continuation = |b: u8| (b as i8) < -0x40;
    let low = offset.saturating_sub(EXCERPT_BYTES);
    let start = input[low..offset]
        .iter()
        .rposition(is_end)
        .map_or(low, |i| low + i + 1);
    let high = (offset + EXCERPT_BYTES).min(input.len());
    let end = input[offset..high]
        .iter()
        .position(is_end)
        .map_or(high, |i| offset + i);
    // A cut in the middle of a character is no column: start on one.
    let mut from = start;
    while from < offset && is_continuation(input[from]) {
        from += 1;
    }
    let columns = |bytes: &[u8]| -> Vec<char> {
        bytes
            .iter()
            .filter(|&&b| !is_continuation(b))
            .map(|&b| shown_char(b as char))
            .collect()
    };
    let mut piece = columns(&input[from..offset]);
    let at = piece.len();
    piece.extend(columns(&input[offset..end]));
    let cut_before = start == low && low > 0 && !is_end(&input[low - 1]);
    let cut_after = end == high && high < input.len() && !is_end(&input[high]);
    caret_excerpt(&piece, at, cut_before, cut_after)
}

/// `c` itself if a terminal shows it as one plain column, else `?`.
fn shown_char(c: char) -> char {
    if c == ' ' || c.is_ascii_graphic() {
        c
    } else {
        '?'
    }
}

/// The caret's two lines over `line`, cut to [`CARET_WINDOW`] columns
/// around column `at`.
fn caret_window(line: &[char], at: usize) -> String {
    caret_excerpt(line, at, false, false)
}

/// [`caret_window`] over a piece of a line: `cut_before` and `cut_after`
/// say that the line goes on beyond `piece` (shown as `...`), for excerpts
/// taken around a place without reading the whole line. Each character of
/// `piece` must be one column (see [`shown_char`]).
fn caret_excerpt(piece: &[char], at: usize, cut_before: bool, cut_after: bool) -> String {
    let line = piece;
    let at = at.min(line.len());
    let from = if line.len() <= CARET_WINDOW {
        0
    } else {
        at.saturating_sub(CARET_WINDOW / 2)
            .min(line.len() - CARET_WINDOW)
    };
    let to = (from + CARET_WINDOW).min(line.len());
    let mut shown = String::from("  ");
    if from > 0 || cut_before {
        shown.push_str("...");
    }
    let pad = shown.len() + at - from;
    shown.extend(&line[from..to]);
    if to < line.len() || cut_after {
        shown.push_str("...");
    }
    format!("{shown}\n{}^", " ".repeat(pad))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_caret_stands_under_its_column_in_a_window() {
        let caret = caret_chars("e4 e5 Ke3", 6);
        let lines: Vec<&str> = caret.lines().collect();
        assert_eq!(lines[0].find("Ke3"), lines[1].find('^'));
        // Long lines: cut around the caret, and at the end the window is
        // full (not half empty).
        let long: String = (0..60).map(|i| format!("{i:02}. ")).collect::<String>() + "Ke3";
        for at in [240, 100, 0] {
            let caret = caret_chars(&long, at);
            let lines: Vec<&str> = caret.lines().collect();
            let under = lines[1].len() - 1;
            assert_eq!(
                lines[0].get(under..under + 3),
                long.get(at..at + 3),
                "{caret}"
            );
            assert!(lines[0].len() <= 2 + 3 + CARET_WINDOW + 3, "{caret}");
        }
        let end = caret_chars(&long, 240);
        assert!(end.starts_with("  ...") && end.lines().next().unwrap().ends_with("Ke3"));
        assert_eq!(end.lines().next().unwrap().len(), 2 + 3 + CARET_WINDOW);
        // Past the end: the caret just after the last column.
        assert_eq!(caret_bytes(b"8/8", 3), "  8/8\n     ^");
        // Control bytes and escapes never reach the terminal raw.
        assert_eq!(caret_bytes(b"a\x1b[2Jb", 1), "  a?[2Jb\n   ^");
    }

    #[test]
    fn visible_characters_are_quoted_as_they_are() {
        assert_eq!(char_name('x'), "'x'");
        assert_eq!(char_name('é'), "'é'");
        assert_eq!(escape("rnbqkbnr w KQkq"), "rnbqkbnr w KQkq");
        assert!(matches!(escape("plain"), Cow::Borrowed(_)));
    }

    #[test]
    fn invisible_characters_are_named_by_code_point() {
        assert_eq!(char_name('\u{A0}'), "U+00A0 (no-break space)");
        assert_eq!(char_name('\u{FEFF}'), "U+FEFF (byte order mark)");
        assert_eq!(char_name('\u{200B}'), "U+200B (zero width space)");
        assert_eq!(char_name('\u{1B}'), "U+001B (control character)");
        assert_eq!(char_name('\u{2003}'), "U+2003 (invisible character)");
        assert_eq!(char_name('\t'), "U+0009 (control character)");
    }

    #[test]
    fn escape_sequences_never_reach_the_terminal() {
        let hostile = "8/8\u{1b}]0;owned\u{7}/8 w\u{a0}- -";
        let shown = escape(hostile);
        assert!(!shown.chars().any(|c| c.is_control()), "{shown}");
        assert_eq!(shown, "8/8<U+001B>]0;owned<U+0007>/8 w<U+00A0>- -");
    }

    #[test]
    fn quoted_names_single_characters_and_escapes_words() {
        assert_eq!(quoted("x"), "'x'");
        assert_eq!(quoted("\u{a0}"), "U+00A0 (no-break space)");
        assert_eq!(quoted("w\u{a0}b"), "'w<U+00A0>b'");
        assert_eq!(quoted(""), "''");
    }

    #[test]
    fn markup_escapes_the_five_special_characters() {
        assert_eq!(
            markup("a<b & \"c\" 'd'>"),
            "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;"
        );
        // Not allowed in XML 1.0 even as a reference: replaced.
        assert_eq!(markup("Move\u{1}\t\u{FFFF}"), "Move\u{FFFD}\t\u{FFFD}");
        assert_eq!(markup("Ljubojević"), "Ljubojević");
    }

    #[test]
    fn shown_text_keeps_no_control_or_bidi_override() {
        let hostile = "a\u{1b}]52;c;aGk=\u{7}b\u{1b}[2J\u{9b}31m\u{202e}evil\u{2066}x\tz\r\n";
        let text = shown(hostile);
        assert_eq!(
            text,
            "a<U+001B>]52;c;aGk=<U+0007>b<U+001B>[2J<U+009B>31m<U+202E>evil<U+2066>x z  "
        );
        // Joiners and no-break spaces are part of names: kept.
        assert!(matches!(
            shown("Ljubojević\u{200d}\u{a0}"),
            Cow::Borrowed(_)
        ));
    }

    #[test]
    fn invalid_bytes_are_shown_as_hex() {
        assert_eq!(escape_bytes(b"ab\xffc\x1b"), "ab<0xFF>c<U+001B>");
    }
}
