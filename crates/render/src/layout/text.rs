//! Text placed by the layout: one run of one weight, size and colour at a
//! baseline. Writers draw its outlines from the embedded font (paths in
//! SVG, the same paths filled in raster output); no writer measures text.

use resvg::tiny_skia::Path;

use crate::assets::color::Rgba;
use crate::assets::font::{font, ShapedText, Weight};

/// A run of text at its place.
#[derive(Debug, Clone)]
pub struct PlacedText {
    /// The text (characters the font lacks are drawn as U+FFFD).
    pub text: String,
    /// Bold (names, titles, numbers) or regular.
    pub bold: bool,
    /// Pixels per em.
    pub size: f32,
    /// Left end of the baseline.
    pub x: f32,
    /// The baseline.
    pub y: f32,
    /// Ink colour.
    pub color: Rgba,
    /// A casing under the ink, so the text reads on any page (transparent
    /// backgrounds): its colour and the width of the stroke around the
    /// outlines (half of it shows outside the letters).
    pub casing: Option<(Rgba, f32)>,
}

impl PlacedText {
    /// The weight's font.
    fn weight(&self) -> Weight {
        if self.bold {
            Weight::Bold
        } else {
            Weight::Regular
        }
    }

    /// The outlines, in image pixels (`None` for blank text).
    pub(crate) fn outline(&self) -> Option<Path> {
        self.shaped().path(self.x, self.y)
    }

    /// The text shaped (glyphs and their pen positions from `x`, `y`).
    pub(crate) fn shaped(&self) -> ShapedText {
        font(self.weight()).shape(&self.text, self.size)
    }

    /// The advance width of the run in pixels.
    pub fn width(&self) -> f32 {
        width(&self.text, self.bold, self.size)
    }
}

/// The advance width of `text` in pixels at `size` pixels per em.
pub(crate) fn width(text: &str, bold: bool, size: f32) -> f32 {
    let weight = if bold { Weight::Bold } else { Weight::Regular };
    font(weight).shape(text, size).width
}

/// The most characters of one caption or name that are measured: more
/// never fit beside a board (at 4096 px, three lines hold a few hundred),
/// and measuring a megabyte of text would only cost time.
const MAX_CHARS: usize = 2000;

/// `text` cut to [`MAX_CHARS`] characters (the fitting adds the ellipsis).
pub(crate) fn clip(text: &str) -> &str {
    match text.char_indices().nth(MAX_CHARS) {
        Some((at, _)) => &text[..at],
        None => text,
    }
}

/// The characters of `text` that the embedded font lacks (each drawn as
/// U+FFFD), in order of appearance.
pub fn missing_glyphs(text: &str) -> Vec<char> {
    let (regular, bold) = (font(Weight::Regular), font(Weight::Bold));
    let mut missing = Vec::new();
    for c in clip(text).chars() {
        if (regular.lacks(c) || bold.lacks(c)) && !missing.contains(&c) {
            missing.push(c);
        }
    }
    missing
}

/// The height of capitals at `size` pixels per em.
pub(crate) fn cap_height(size: f32) -> f32 {
    font(Weight::Regular).cap_height(size)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outlines_sit_on_the_baseline_and_missing_glyphs_are_named() {
        let t = PlacedText {
            text: "Ljubojević".into(),
            bold: true,
            size: 20.0,
            x: 5.0,
            y: 30.0,
            color: Rgba::rgb(0, 0, 0),
            casing: None,
        };
        let b = t.outline().unwrap().bounds();
        assert!(b.left() >= 5.0 && b.right() <= 5.0 + t.width() + 0.5);
        assert!(b.top() < 30.0 - cap_height(20.0) + 0.5);
        assert_eq!(
            missing_glyphs("Алексей Широв Ljubojević"),
            Vec::<char>::new()
        );
        assert_eq!(missing_glyphs("a漢b♔"), ['漢', '♔']);
    }
}
