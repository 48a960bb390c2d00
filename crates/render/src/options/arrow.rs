//! Arrows and circles as people write them: `Ge2e4` (a green arrow from
//! e2 to e4), `Re4` (a red circle on e4), the letters of lichess and of
//! PGN's `[%cal]` and `[%csl]` commands.

use std::fmt;
use std::str::FromStr;

use fen2img_chess::notation::{square_at, ValueError};
use fen2img_chess::Square;
use fen2img_support::quote::escape;

/// The colour prefix of an arrow or circle (`G`, `R`, `Y`, `B`).
///
/// ```
/// use fen2img_render::Brush;
///
/// assert_eq!("Y".parse::<Brush>()?, Brush::Yellow);
/// assert_eq!(Brush::Blue.to_string(), "B");
/// # Ok::<(), fen2img_render::ValueError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Brush {
    /// `G`.
    Green,
    /// `R`.
    Red,
    /// `Y`.
    Yellow,
    /// `B`.
    Blue,
}

impl Brush {
    /// Every brush, in the order of a theme's arrow colours.
    pub const ALL: [Brush; 4] = [Brush::Green, Brush::Red, Brush::Yellow, Brush::Blue];

    /// The letter (`G`, `R`, `Y`, `B`).
    pub fn letter(self) -> char {
        match self {
            Brush::Green => 'G',
            Brush::Red => 'R',
            Brush::Yellow => 'Y',
            Brush::Blue => 'B',
        }
    }

    /// The brush of a letter, upper case only (a lower-case `b` is a file).
    pub fn from_letter(c: char) -> Option<Brush> {
        Brush::ALL.into_iter().find(|b| b.letter() == c)
    }
}

impl FromStr for Brush {
    type Err = ValueError;

    fn from_str(text: &str) -> Result<Brush, ValueError> {
        let mut chars = text.chars();
        match (chars.next().and_then(Brush::from_letter), chars.next()) {
            (Some(brush), None) => Ok(brush),
            _ => Err(ValueError::new(
                1,
                format!("expected G, R, Y or B, found '{}'", escape(text)),
            )),
        }
    }
}

impl fmt::Display for Brush {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// An arrow between two squares, or a circle when both are the same:
/// `Ge2e4`, `e2e4` (green), `Re4` or `Re4e4` (a circle). Written back
/// with its letter, a circle with one square.
///
/// ```
/// use fen2img_render::ArrowSpec;
///
/// let a: ArrowSpec = "e2e4".parse()?;
/// assert_eq!(a.to_string(), "Ge2e4");
/// assert_eq!("Re4e4".parse::<ArrowSpec>()?.to_string(), "Re4");
/// let e = "Ge2e9".parse::<ArrowSpec>().unwrap_err();
/// assert_eq!(e.to_string(), "column 4: 'e9' is not a square (files a to h, ranks 1 to 8)");
/// # Ok::<(), fen2img_render::ValueError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArrowSpec {
    /// Colour.
    pub brush: Brush,
    /// Start square.
    pub from: Square,
    /// End square.
    pub to: Square,
}

impl ArrowSpec {
    /// Parses `Ge2e4`, `e2e4` (green), or `Re4` / `Re4e4` (a circle);
    /// `None` where [`str::parse`] says why.
    pub fn parse(text: &str) -> Option<ArrowSpec> {
        text.parse().ok()
    }

    /// Whether this is a circle (both squares the same).
    pub fn is_circle(&self) -> bool {
        self.from == self.to
    }
}

/// The shape every message about an arrow gives.
const SHAPE: &str =
    "a colour G, R, Y or B and squares such as Ge2e4 (one square, Re4, draws a circle)";

impl FromStr for ArrowSpec {
    type Err = ValueError;

    fn from_str(text: &str) -> Result<ArrowSpec, ValueError> {
        let Some(first) = text.chars().next() else {
            return Err(ValueError::new(
                1,
                format!("expected {SHAPE}, found nothing"),
            ));
        };
        let (brush, start) = match Brush::from_letter(first) {
            Some(brush) => (brush, 1),
            None if first.is_ascii_uppercase() => {
                return Err(ValueError::new(
                    1,
                    format!("'{first}' is not a colour: expected {SHAPE}"),
                ))
            }
            None => (Brush::Green, 0),
        };
        let from = square_at(text, start)?;
        let rest = &text[start + 2..];
        if rest.is_empty() {
            return Ok(ArrowSpec {
                brush,
                from,
                to: from,
            });
        }
        let to = square_at(text, start + 2)?;
        if text.len() > start + 4 {
            return Err(ValueError::at_byte(
                text,
                start + 4,
                format!("the arrow ends before this: expected {SHAPE}"),
            ));
        }
        Ok(ArrowSpec { brush, from, to })
    }
}

impl fmt::Display for ArrowSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.brush, self.from)?;
        if !self.is_circle() {
            write!(f, "{}", self.to)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn arrows_parse_like_python_chess() {
        let a = ArrowSpec::parse("Ge2e4").unwrap();
        assert_eq!(
            (a.brush, a.from.to_string(), a.to.to_string()),
            (Brush::Green, "e2".into(), "e4".into())
        );
        assert_eq!(ArrowSpec::parse("e2e4").unwrap().brush, Brush::Green);
        let c = ArrowSpec::parse("Rd4").unwrap();
        assert_eq!((c.brush, c.from), (Brush::Red, c.to));
        assert!(ArrowSpec::parse("Xe2e4").is_none());
        assert!(ArrowSpec::parse("e2e9").is_none());
        assert!(ArrowSpec::parse("aé4").is_none());
        assert!(ArrowSpec::parse("Gaé4").is_none());
    }

    #[test]
    fn errors_point_at_the_fault() {
        let column = |t: &str| t.parse::<ArrowSpec>().unwrap_err().column();
        assert_eq!(column(""), 1);
        assert_eq!(column("Xe2e4"), 1);
        assert_eq!(column("e9e4"), 1);
        assert_eq!(column("Re2x"), 4);
        assert_eq!(column("Re2e4e6"), 6);
        assert_eq!(column("G"), 2);
        assert_eq!(column("Gé2e4"), 2);
        assert!("b".parse::<Brush>().is_err());
    }

    fn any_arrow() -> impl Strategy<Value = ArrowSpec> {
        let square = (0u8..64).prop_map(|i| Square::from_index(i).unwrap());
        (
            prop::sample::select(Brush::ALL.to_vec()),
            square.clone(),
            square,
        )
            .prop_map(|(brush, from, to)| ArrowSpec { brush, from, to })
    }

    proptest! {
        #[test]
        fn what_is_written_reads_back(a in any_arrow()) {
            prop_assert_eq!(a.to_string().parse::<ArrowSpec>(), Ok(a));
            prop_assert_eq!(a.brush.to_string().parse::<Brush>(), Ok(a.brush));
        }
    }
}
