//! Marks on one square each, as people write them: an X (`e4`), a fill
//! (`e4:#ff000080`), a glyph badge (`e4:!!`) and a label (`e4:A`). Each
//! reads with `FromStr`, writes back with `Display`, and says the column of
//! what is wrong.

use std::fmt;
use std::str::FromStr;

use fen2img_chess::notation::{square_at, ValueError};
use fen2img_chess::Square;

use crate::annotation::{Glyph, MAX_LABEL_CHARS};
use crate::assets::color::Rgba;

/// An X on a square: `e4`.
///
/// ```
/// use fen2img_render::Mark;
///
/// assert_eq!("e4".parse::<Mark>()?.to_string(), "e4");
/// assert_eq!("e9".parse::<Mark>().unwrap_err().column(), 1);
/// # Ok::<(), fen2img_render::ValueError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark(pub Square);

impl FromStr for Mark {
    type Err = ValueError;

    fn from_str(text: &str) -> Result<Mark, ValueError> {
        let square = square_at(text, 0)?;
        if text.len() > 2 {
            return Err(ValueError::new(
                3,
                "a mark is one square such as e4 (separate several with commas)",
            ));
        }
        Ok(Mark(square))
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// `SQUARE:REST` read: the square, then the rest after the colon and
/// its byte offset; `shape` names the whole in the message when the colon
/// is missing.
fn square_and<'a>(text: &'a str, shape: &str) -> Result<(Square, &'a str, usize), ValueError> {
    let square = square_at(text, 0)?;
    // A square is two ASCII characters: byte 2 is where the rest starts.
    match text[2..].strip_prefix(':') {
        Some(rest) => Ok((square, rest, 3)),
        None => Err(ValueError::new(
            3,
            format!("expected {shape}, a colon after the square"),
        )),
    }
}

/// A square filled with a colour: `e4:#ff000080` (`#rgb`, `#rrggbb` or
/// `#rrggbbaa`, alpha for a see-through fill).
///
/// ```
/// use fen2img_render::Fill;
///
/// let f: Fill = "e4:#f00".parse()?;
/// assert_eq!(f.to_string(), "e4:#ff0000");
/// assert_eq!("e4:#ff00zz80".parse::<Fill>().unwrap_err().column(), 9);
/// # Ok::<(), fen2img_render::ValueError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fill {
    /// The square.
    pub square: Square,
    /// Its colour.
    pub color: Rgba,
}

impl FromStr for Fill {
    type Err = ValueError;

    fn from_str(text: &str) -> Result<Fill, ValueError> {
        let (square, color, at) = square_and(text, "SQUARE:COLOR such as e4:#ff000080")?;
        let color = color.parse::<Rgba>().map_err(|e| e.shifted(at))?;
        Ok(Fill { square, color })
    }
}

impl fmt::Display for Fill {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.square, self.color)
    }
}

/// A move-quality glyph or NAG symbol as a badge on a square: `e4:!!`,
/// `d5:+-`, `a1:$7`. Written back with the glyph's symbol.
///
/// ```
/// use fen2img_render::{Glyph, GlyphMark};
///
/// let g: GlyphMark = "d5:+-".parse()?;
/// assert_eq!(g.glyph, Glyph::WhiteWinning);
/// assert_eq!(g.to_string(), "d5:+\u{2212}");
/// # Ok::<(), fen2img_render::ValueError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GlyphMark {
    /// The square.
    pub square: Square,
    /// The glyph.
    pub glyph: Glyph,
}

impl FromStr for GlyphMark {
    type Err = ValueError;

    fn from_str(text: &str) -> Result<GlyphMark, ValueError> {
        let (square, glyph, at) = square_and(text, "SQUARE:GLYPH such as e4:!!")?;
        let glyph = glyph.parse::<Glyph>().map_err(|e| e.shifted(at))?;
        Ok(GlyphMark { square, glyph })
    }
}

impl fmt::Display for GlyphMark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.square, self.glyph)
    }
}

/// A short text on a square: `e4:A` (1 to [`MAX_LABEL_CHARS`] characters,
/// no spaces or control characters). Whether the embedded font draws them
/// is the renderer's question ([`missing_glyphs`](crate::layout::missing_glyphs)),
/// asked by the [options table](crate::vocabulary).
///
/// ```
/// use fen2img_render::Label;
///
/// let l: Label = "c3:Жx1".parse()?;
/// assert_eq!(l.text, "Жx1");
/// let e = "e4:A B".parse::<Label>().unwrap_err();
/// assert_eq!(e.column(), 5);
/// # Ok::<(), fen2img_render::ValueError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// The square.
    pub square: Square,
    /// The text.
    pub text: String,
}

impl FromStr for Label {
    type Err = ValueError;

    fn from_str(text: &str) -> Result<Label, ValueError> {
        let (square, label, at) = square_and(text, "SQUARE:TEXT such as e4:A")?;
        let count = label.chars().count();
        if count == 0 || count > MAX_LABEL_CHARS {
            return Err(ValueError::new(
                at + 1,
                format!("a label is 1 to {MAX_LABEL_CHARS} characters, found {count}"),
            ));
        }
        if let Some((i, c)) = label
            .chars()
            .enumerate()
            .find(|(_, c)| c.is_whitespace() || c.is_control())
        {
            return Err(ValueError::new(
                at + i + 1,
                format!(
                    "a label has no spaces or control characters (U+{:04X})",
                    c as u32
                ),
            ));
        }
        Ok(Label {
            square,
            text: label.to_string(),
        })
    }
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.square, self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn column<T: FromStr<Err = ValueError>>(text: &str) -> usize {
        match text.parse::<T>() {
            Ok(_) => 0,
            Err(e) => e.column(),
        }
    }

    #[test]
    fn errors_point_at_the_fault() {
        assert_eq!(column::<Mark>("e44"), 3);
        assert_eq!(column::<Fill>("e4"), 3);
        assert_eq!(column::<Fill>("e9:#fff"), 1);
        assert_eq!(column::<Fill>("e4x:#fff"), 3);
        assert_eq!(column::<GlyphMark>("e4:!!!"), 4);
        assert_eq!(column::<GlyphMark>("e4:$300"), 5);
        assert_eq!(column::<Label>("e4:ABCD"), 4);
        assert_eq!(column::<Label>("e4:"), 4);
        assert_eq!(column::<Label>("Ж4:A"), 1);
        assert_eq!(column::<Label>("e4:ЖA\u{1}"), 6);
        assert_eq!(column::<Label>("e4::"), 0);
    }

    fn square() -> impl Strategy<Value = Square> {
        (0u8..64).prop_map(|i| Square::from_index(i).unwrap())
    }

    proptest! {
        #[test]
        fn what_is_written_reads_back(
            sq in square(),
            color in any::<[u8; 4]>(),
            glyph in prop::sample::select(Glyph::ALL.to_vec()),
            text in "[^\\s\\p{Cc}]{1,3}",
        ) {
            let [r, g, b, a] = color;
            let fill = Fill { square: sq, color: Rgba { r, g, b, a } };
            prop_assert_eq!(fill.to_string().parse::<Fill>(), Ok(fill));
            let mark = Mark(sq);
            prop_assert_eq!(mark.to_string().parse::<Mark>(), Ok(mark));
            let badge = GlyphMark { square: sq, glyph };
            prop_assert_eq!(badge.to_string().parse::<GlyphMark>(), Ok(badge));
            let label = Label { square: sq, text };
            prop_assert_eq!(label.to_string().parse::<Label>(), Ok(label.clone()));
        }
    }
}
