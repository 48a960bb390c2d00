//! `--glyph SQUARE:GLYPH` and `--label SQUARE:TEXT`: annotations on
//! squares, read with a caret under what is wrong.

use std::ffi::OsString;

use fen2img_render::chess::quote::escape;
use fen2img_render::missing_glyphs;
use fen2img_render::options::MAX_LABEL_CHARS;
use fen2img_render::{Glyph, Square};

use super::text::utf8;
use crate::failure::Failure;
use fen2img_render::chess::quote::caret_bytes as caret;

/// The accepted glyphs, for the message about an unknown one.
fn accepted() -> String {
    Glyph::ALL
        .iter()
        .map(|g| {
            if g.ascii() == g.symbol() {
                g.symbol().to_string()
            } else {
                format!("{} ({})", g.symbol(), g.ascii())
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A failure about `flag`'s value `value` with a caret at byte `at`.
fn refuse(flag: &str, value: &str, at: usize, message: String) -> Failure {
    let mut f = Failure::invalid(format!("{flag} at column {}: {message}", at + 1));
    f.detail = Some(caret(value.as_bytes(), at));
    f
}

/// `SQUARE:REST` split, the square read; `what` names REST in messages.
fn square_and<'a>(flag: &str, value: &'a str, what: &str) -> Result<(Square, &'a str), Failure> {
    let Some((sq, rest)) = value.split_once(':') else {
        return Err(refuse(
            flag,
            value,
            value.len(),
            format!("expected SQUARE:{what} such as e4:{}", example(flag)),
        ));
    };
    let square = Square::parse(sq).ok_or_else(|| {
        refuse(
            flag,
            value,
            0,
            format!("expected a square a1 to h8, found '{}'", escape(sq)),
        )
    })?;
    Ok((square, rest))
}

fn example(flag: &str) -> &'static str {
    if flag == "--glyph" {
        "!!"
    } else {
        "A"
    }
}

/// Reads every `--glyph` value.
pub fn glyphs(values: &[OsString]) -> Result<Vec<(Square, Glyph)>, Failure> {
    let mut out = Vec::new();
    for value in values {
        let value = utf8("--glyph", value)?;
        let (square, text) = square_and("--glyph", value, "GLYPH")?;
        let glyph = Glyph::parse(text).ok_or_else(|| {
            refuse(
                "--glyph",
                value,
                value.len() - text.len(),
                format!(
                    "unknown glyph '{}'; use one of {} or a NAG such as $3",
                    escape(text),
                    accepted()
                ),
            )
        })?;
        out.push((square, glyph));
    }
    Ok(out)
}

/// Reads every `--label` value: one to three characters the embedded font
/// draws, no spaces or control characters.
pub fn labels(values: &[OsString]) -> Result<Vec<(Square, String)>, Failure> {
    let mut out = Vec::new();
    for value in values {
        let value = utf8("--label", value)?;
        let (square, text) = square_and("--label", value, "TEXT")?;
        let at = value.len() - text.len();
        let count = text.chars().count();
        if count == 0 || count > MAX_LABEL_CHARS {
            return Err(refuse(
                "--label",
                value,
                at,
                format!("a label is 1 to {MAX_LABEL_CHARS} characters, found {count}"),
            ));
        }
        if let Some((i, c)) = text
            .char_indices()
            .find(|(_, c)| c.is_whitespace() || c.is_control())
        {
            return Err(refuse(
                "--label",
                value,
                at + i,
                format!(
                    "a label has no spaces or control characters (U+{:04X})",
                    c as u32
                ),
            ));
        }
        if let Some(c) = missing_glyphs(text).first() {
            let i = text.find(*c).unwrap_or(0);
            return Err(refuse(
                "--label",
                value,
                at + i,
                format!("the embedded font cannot draw U+{:04X}", *c as u32),
            ));
        }
        out.push((square, text.to_string()));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(v: &[&str]) -> Vec<OsString> {
        v.iter().map(OsString::from).collect()
    }

    #[test]
    fn glyphs_and_labels_read_every_spelling() {
        let g = glyphs(&os(&["e4:!!", "d5:+-", "a1:$7", "h8:\u{25A1}"])).unwrap();
        let names: Vec<String> = g.iter().map(|(s, g)| format!("{s}{g}")).collect();
        assert_eq!(names, ["e4!!", "d5+\u{2212}", "a1\u{25A1}", "h8\u{25A1}"]);
        let l = labels(&os(&["e4:A", "d5:12", "c3:Жx1"])).unwrap();
        assert_eq!(l[2].1, "Жx1");
    }

    #[test]
    fn bad_values_name_the_flag_and_put_a_caret_under_the_fault() {
        let e = glyphs(&os(&["e9:!!"])).unwrap_err();
        assert_eq!(e.code, crate::failure::EXIT_INVALID);
        assert!(
            e.message
                .starts_with("--glyph at column 1: expected a square"),
            "{}",
            e.message
        );
        assert_eq!(e.detail.as_deref(), Some("  e9:!!\n  ^"));
        let e = glyphs(&os(&["e4:!!!"])).unwrap_err();
        assert!(e.message.contains("unknown glyph '!!!'"), "{}", e.message);
        assert!(e.message.contains("!! ! !? ?! ? ??"), "{}", e.message);
        assert_eq!(e.detail.as_deref(), Some("  e4:!!!\n     ^"));
        let e = glyphs(&os(&["e4"])).unwrap_err();
        assert!(e.message.contains("SQUARE:GLYPH"), "{}", e.message);
        let e = labels(&os(&["e4:ABCD"])).unwrap_err();
        assert!(
            e.message.contains("1 to 3 characters, found 4"),
            "{}",
            e.message
        );
        let e = labels(&os(&["e4:A B"])).unwrap_err();
        assert_eq!(e.detail.as_deref(), Some("  e4:A B\n      ^"));
        let e = labels(&os(&["e4:漢"])).unwrap_err();
        assert!(e.message.contains("U+6F22"), "{}", e.message);
    }
}
