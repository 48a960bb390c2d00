//! Colours as themes and markup give them: `#rgb`, `#rrggbb` or `#rrggbbaa`.

use std::fmt;
use std::str::FromStr;

use fen2img_chess::notation::ValueError;
use fen2img_support::quote::escape;

/// An sRGB colour with straight (not premultiplied) alpha.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rgba {
    /// Red, 0..=255.
    pub r: u8,
    /// Green, 0..=255.
    pub g: u8,
    /// Blue, 0..=255.
    pub b: u8,
    /// Alpha, 0 (transparent) ..= 255 (opaque).
    pub a: u8,
}

impl Rgba {
    /// An opaque colour.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
        Rgba { r, g, b, a: 255 }
    }

    /// Fully transparent black.
    pub const TRANSPARENT: Rgba = Rgba {
        r: 0,
        g: 0,
        b: 0,
        a: 0,
    };

    /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa` (the `#` is optional).
    pub fn parse(text: &str) -> Option<Rgba> {
        let hex = text.strip_prefix('#').unwrap_or(text);
        if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
        let nibble = |i: usize| u8::from_str_radix(&hex[i..i + 1], 16).ok().map(|v| v * 17);
        match hex.len() {
            3 => Some(Rgba::rgb(nibble(0)?, nibble(1)?, nibble(2)?)),
            6 => Some(Rgba::rgb(byte(0)?, byte(2)?, byte(4)?)),
            8 => Some(Rgba {
                r: byte(0)?,
                g: byte(2)?,
                b: byte(4)?,
                a: byte(6)?,
            }),
            _ => None,
        }
    }

    /// The opaque part as `#rrggbb`; SVG Tiny renderers (Qt) do not read
    /// 8-digit hex, so alpha is written separately as an opacity.
    pub fn hex6(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }

    /// Alpha as a fraction 0..=1.
    pub fn opacity(self) -> f32 {
        self.a as f32 / 255.0
    }

    /// The same colour with alpha `a`.
    pub fn with_alpha(self, a: u8) -> Rgba {
        Rgba { a, ..self }
    }

    /// Relative luminance 0..=1 (WCAG), to choose contrasting ink.
    pub fn luminance(self) -> f32 {
        let lin = |c: u8| {
            let c = c as f32 / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(self.r) + 0.7152 * lin(self.g) + 0.0722 * lin(self.b)
    }
}

/// `#rgb`, `#rrggbb` or `#rrggbbaa` (the `#` optional), with the column
/// of a character that is not a hex digit.
///
/// ```
/// use fen2img_render::Rgba;
///
/// assert_eq!("#f00".parse::<Rgba>()?, Rgba::rgb(255, 0, 0));
/// assert_eq!("#ff000080".parse::<Rgba>()?.to_string(), "#ff000080");
/// assert_eq!("#ff0g00".parse::<Rgba>().unwrap_err().column(), 5);
/// # Ok::<(), fen2img_render::ValueError>(())
/// ```
impl FromStr for Rgba {
    type Err = ValueError;

    fn from_str(text: &str) -> Result<Rgba, ValueError> {
        let shape = "a colour such as #ff000080 (#rgb, #rrggbb or #rrggbbaa)";
        let start = usize::from(text.starts_with('#'));
        if let Some((i, c)) = text[start..]
            .char_indices()
            .find(|(_, c)| !c.is_ascii_hexdigit())
        {
            return Err(ValueError::at_byte(
                text,
                start + i,
                format!(
                    "'{}' is not a hex digit: expected {shape}",
                    escape(&c.to_string())
                ),
            ));
        }
        Rgba::parse(text).ok_or_else(|| {
            let found = if text.is_empty() {
                "nothing".to_string()
            } else {
                format!("'{}'", escape(text))
            };
            ValueError::new(1, format!("expected {shape}, found {found}"))
        })
    }
}

impl fmt::Display for Rgba {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.hex6())?;
        if self.a != 255 {
            write!(f, "{:02x}", self.a)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_three_hex_forms() {
        assert_eq!(Rgba::parse("#f0d9b5"), Some(Rgba::rgb(0xf0, 0xd9, 0xb5)));
        assert_eq!(Rgba::parse("fff"), Some(Rgba::rgb(255, 255, 255)));
        assert_eq!(Rgba::parse("#ff000080").map(|c| c.a), Some(0x80));
        assert_eq!(Rgba::parse("#ff00"), None);
        assert_eq!(Rgba::parse("#gg0000"), None);
        assert_eq!(Rgba::parse("#é00000"), None);
    }

    proptest::proptest! {
        #[test]
        fn what_is_written_reads_back(c in proptest::prelude::any::<[u8; 4]>()) {
            let color = Rgba { r: c[0], g: c[1], b: c[2], a: c[3] };
            proptest::prop_assert_eq!(color.to_string().parse::<Rgba>(), Ok(color));
        }
    }

    #[test]
    fn display_round_trips() {
        for s in ["#f0d9b5", "#ff000080"] {
            assert_eq!(Rgba::parse(s).unwrap().to_string(), s);
        }
    }
}
