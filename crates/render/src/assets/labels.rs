//! The coordinate label font: `a`–`h` and `1`–`8` as filled outlines.
//!
//! Labels are paths designed in this project (`templates/labels.txt`, made by
//! `tools/gen_labels.py`), not `<text>`: they need no font on the reader's
//! machine and look the same in every viewer and in our own rasterizer.

use std::sync::OnceLock;

use resvg::tiny_skia::Path;

use crate::assets::glyph_file::first_word;
use crate::assets::pathdata;

const SOURCE: &str = include_str!("../../assets/templates/labels.txt");

/// One label character.
#[derive(Debug, Clone)]
pub struct LabelGlyph {
    /// The character it draws.
    pub ch: char,
    /// Horizontal advance in font units, side bearings included.
    pub advance: f32,
    /// The outline in font units; y grows downward, baseline at y = 100.
    pub path: Path,
    /// SVG path data of the outline, made on first use: only SVG output
    /// needs it, and making it for every glyph would slow every start-up.
    units: OnceLock<String>,
    tenths: OnceLock<String>,
}

impl LabelGlyph {
    /// The outline as SVG path data rounded to whole font units.
    pub fn data_units(&self) -> &str {
        self.units.get_or_init(|| pathdata::encode(&self.path, 1.0))
    }

    /// The outline as SVG path data rounded to tenths of a font unit.
    pub fn data_tenths(&self) -> &str {
        self.tenths
            .get_or_init(|| pathdata::encode(&self.path, 10.0))
    }
}

/// The sixteen label glyphs and their vertical metrics.
#[derive(Debug, Clone)]
pub struct LabelFont {
    /// Height of digits and capitals (and of ascenders) in font units.
    pub cap_height: f32,
    /// Height of lower-case letters without ascenders, in font units.
    pub x_height: f32,
    /// Depth of the deepest descender below the baseline, in font units.
    pub descender: f32,
    glyphs: Vec<LabelGlyph>,
}

/// The baseline of the label font, in font units from the top of the em.
pub const BASELINE: f32 = 100.0;

impl LabelFont {
    /// The project's label font, parsed once.
    pub fn get() -> &'static LabelFont {
        static FONT: OnceLock<LabelFont> = OnceLock::new();
        FONT.get_or_init(|| LabelFont::parse(SOURCE).expect("templates/labels.txt is valid"))
    }

    /// The glyph for a file letter `a`–`h` or rank digit `1`–`8`.
    pub fn glyph(&self, ch: char) -> Option<&LabelGlyph> {
        self.glyphs.iter().find(|g| g.ch == ch)
    }

    fn parse(text: &str) -> Result<LabelFont, String> {
        let mut font = LabelFont {
            cap_height: 70.0,
            x_height: 52.0,
            descender: 0.0,
            glyphs: Vec::new(),
        };
        for (n, line) in text.lines().enumerate() {
            let mut words = line.split_whitespace();
            match words.next() {
                Some("metrics") => {
                    let rest: Vec<&str> = words.collect();
                    for pair in rest.chunks(2) {
                        let value = pair
                            .get(1)
                            .and_then(|v| v.parse::<f32>().ok())
                            .ok_or(format!("line {}: bad metrics", n + 1))?;
                        match pair[0] {
                            "cap" => font.cap_height = value,
                            "xheight" => font.x_height = value,
                            "descender" => font.descender = value,
                            _ => {}
                        }
                    }
                }
                Some("glyph") => {
                    let bad = || format!("line {}: bad glyph", n + 1);
                    // The character, the advance, then the path data: the
                    // rest of the line as it stands.
                    let rest = line.trim_start().strip_prefix("glyph").unwrap_or_default();
                    let (ch, rest) = first_word(rest).ok_or_else(bad)?;
                    let ch = ch.chars().next().ok_or_else(bad)?;
                    let (advance, rest) = first_word(rest).ok_or_else(bad)?;
                    let advance = advance.parse().map_err(|_| bad())?;
                    let path = pathdata::decode_absolute(rest.trim()).ok_or_else(bad)?;
                    font.glyphs.push(LabelGlyph {
                        ch,
                        advance,
                        path,
                        units: OnceLock::new(),
                        tenths: OnceLock::new(),
                    });
                }
                _ => {}
            }
        }
        Ok(font)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_coordinate_has_a_glyph() {
        let font = LabelFont::get();
        for ch in "abcdefgh12345678".chars() {
            let g = font.glyph(ch).unwrap_or_else(|| panic!("glyph {ch}"));
            assert!(g.advance > 20.0 && g.advance < 80.0, "{ch}");
            let b = g.path.bounds();
            assert!(
                b.left() >= 0.0 && b.right() <= g.advance,
                "{ch} within its advance"
            );
            assert!(
                b.bottom() <= BASELINE + 25.0 && b.top() >= BASELINE - 75.0,
                "{ch}"
            );
        }
        assert!(font.cap_height > font.x_height);
    }
}
