//! The renderer's embedded fonts as PDF fonts, and placed text drawn with
//! them: real text (subset and embedded by krilla), so a PDF reader
//! searches and copies captions, numbers and names.

use fen2img_render::layout::PlacedText;
use fen2img_render::{font_file, Rgba};
use krilla::color::{luma, rgb};
use krilla::geom::Point;
use krilla::num::NormalizedF32;
use krilla::paint::{Fill, LineJoin, Paint, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};

/// The two weights, parsed once per document.
#[derive(Clone)]
pub struct Fonts {
    regular: Font,
    bold: Font,
}

impl Fonts {
    /// The renderer's Noto Sans, regular and bold.
    pub fn new() -> Fonts {
        let load = |bold| {
            Font::new(font_file(bold).to_vec().into(), 0)
                .expect("the embedded font is a valid TrueType file")
        };
        Fonts {
            regular: load(false),
            bold: load(true),
        }
    }

    /// The weight asked for.
    pub fn get(&self, bold: bool) -> Font {
        if bold {
            self.bold.clone()
        } else {
            self.regular.clone()
        }
    }
}

impl Default for Fonts {
    fn default() -> Fonts {
        Fonts::new()
    }
}

/// A paint for `color`: greys (black included) as DeviceGray, one plate.
pub fn paint(color: Rgba) -> Paint {
    if color.r == color.g && color.g == color.b {
        luma::Color::new(color.r).into()
    } else {
        rgb::Color::new(color.r, color.g, color.b).into()
    }
}

/// The opacity of `color`.
pub fn opacity(color: Rgba) -> NormalizedF32 {
    NormalizedF32::new(color.a as f32 / 255.0).unwrap_or(NormalizedF32::ONE)
}

/// One line of text to draw: its left baseline end at `at`, in the
/// surface's units, and a casing (a stroke under the ink) or none.
pub struct Line<'a> {
    /// The text.
    pub text: &'a str,
    /// Bold or regular.
    pub bold: bool,
    /// Font size.
    pub size: f32,
    /// The left end of the baseline.
    pub at: (f32, f32),
    /// The ink.
    pub color: Rgba,
    /// The casing's colour and stroke width.
    pub casing: Option<(Rgba, f32)>,
}

/// Draws one line of text (the casing, when there is one, first).
pub fn draw_line(surface: &mut Surface, fonts: &Fonts, line: &Line) {
    let Line {
        text,
        bold,
        size,
        at: (x, y),
        color,
        casing,
    } = *line;
    if text.trim().is_empty() {
        return;
    }
    let font = fonts.get(bold);
    let at = Point::from_xy(x, y);
    if let Some((casing, width)) = casing {
        surface.set_fill(None);
        surface.set_stroke(Some(Stroke {
            paint: paint(casing),
            width,
            opacity: opacity(casing),
            line_join: LineJoin::Round,
            ..Stroke::default()
        }));
        surface.draw_text(at, font.clone(), size, text, false, TextDirection::Auto);
    }
    surface.set_stroke(None);
    surface.set_fill(Some(Fill {
        paint: paint(color),
        opacity: opacity(color),
        ..Fill::default()
    }));
    surface.draw_text(at, font, size, text, false, TextDirection::Auto);
    surface.set_fill(None);
}

/// A layout's placed text (caption, number, player bar), in image pixels.
pub fn draw_placed(surface: &mut Surface, fonts: &Fonts, t: &PlacedText) {
    let line = Line {
        text: &t.text,
        bold: t.bold,
        size: t.size,
        at: (t.x, t.y),
        color: t.color,
        casing: t.casing,
    };
    draw_line(surface, fonts, &line);
}
