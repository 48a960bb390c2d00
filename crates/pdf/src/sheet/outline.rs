//! A line of a sheet's text as glyph outlines, SVG path data in points:
//! the page writers' text, shaped by rustybuzz from the renderer's Noto
//! Sans as the diagrams' own text is, so a PNG page needs no font system.

use std::fmt::Write as _;

use fen2img_render::font_file;
use rustybuzz::ttf_parser::{GlyphId, OutlineBuilder};
use rustybuzz::{Face, UnicodeBuffer};

/// The path data of `text` at `size` points per em, the left end of its
/// baseline at `at`; empty for blank text.
pub fn text_path(text: &str, bold: bool, size: f32, at: (f32, f32)) -> String {
    let Some(face) = Face::from_slice(font_file(bold), 0) else {
        return String::new();
    };
    let mut buffer = UnicodeBuffer::new();
    buffer.push_str(text);
    let shaped = rustybuzz::shape(&face, &[], buffer);
    let scale = size / face.units_per_em() as f32;
    let mut pen = 0i32;
    let mut path = Path {
        d: String::new(),
        x: 0.0,
        y: at.1,
        scale,
    };
    for (info, pos) in shaped.glyph_infos().iter().zip(shaped.glyph_positions()) {
        path.x = at.0 + (pen + pos.x_offset) as f32 * scale;
        path.y = at.1 - pos.y_offset as f32 * scale;
        face.outline_glyph(GlyphId(info.glyph_id as u16), &mut path);
        pen += pos.x_advance;
    }
    path.d
}

/// Path data of glyphs placed at `(x, y)`, font units times `scale`, y up
/// in the font and down on the page.
struct Path {
    d: String,
    x: f32,
    y: f32,
    scale: f32,
}

impl Path {
    fn point(&mut self, x: f32, y: f32) {
        let _ = write!(
            self.d,
            "{} {}",
            round(self.x + x * self.scale),
            round(self.y - y * self.scale)
        );
    }
}

/// Two decimals, no trailing zeros: a hundredth of a point is far below
/// what a page shows.
pub(super) fn round(v: f32) -> String {
    let s = format!("{:.2}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.into()
    }
}

impl OutlineBuilder for Path {
    fn move_to(&mut self, x: f32, y: f32) {
        self.d.push('M');
        self.point(x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.d.push('L');
        self.point(x, y);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.d.push('Q');
        self.point(x1, y1);
        self.d.push(' ');
        self.point(x, y);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.d.push('C');
        self.point(x1, y1);
        self.d.push(' ');
        self.point(x2, y2);
        self.d.push(' ');
        self.point(x, y);
    }
    fn close(&mut self) {
        self.d.push('Z');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_becomes_outlines_right_of_and_above_its_baseline() {
        let d = text_path("Page 1", false, 10.0, (100.0, 200.0));
        assert!(d.starts_with('M') && d.contains('Z'), "{d}");
        let numbers: Vec<f32> = d
            .split(|c: char| c.is_ascii_alphabetic() || c == ' ')
            .filter_map(|n| n.parse().ok())
            .collect();
        let xs = numbers.iter().step_by(2);
        let ys = numbers.iter().skip(1).step_by(2);
        assert!(xs.clone().all(|&x| (100.0..140.0).contains(&x)));
        assert!(ys.clone().all(|&y| (190.0..=203.0).contains(&y)));
        assert_eq!(text_path(" ", false, 10.0, (0.0, 0.0)), "");
    }
}
