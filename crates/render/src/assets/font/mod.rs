//! Text drawn as outlines: the embedded Noto Sans (see `fonts/README.md`),
//! shaped with rustybuzz (kerning, ligatures, combining marks) and turned
//! into paths, so an SVG needs no font and a PNG looks the same everywhere.
//!
//! The layout stage measures and wraps text here and places the resulting
//! paths; the writers only draw them (the raster paths draw ink-only text
//! from the same glyphs' coverage, kept: `raster::glyph_masks`). Every
//! writer puts a glyph's pen on an eighth of a pixel ([`snap`]).

pub mod wrap;

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use resvg::tiny_skia::{Path, PathBuilder};
use rustybuzz::ttf_parser::{GlyphId, OutlineBuilder};

const REGULAR: &[u8] = include_bytes!("../../../assets/fonts/NotoSans-Regular.subset.ttf");
const BOLD: &[u8] = include_bytes!("../../../assets/fonts/NotoSans-Bold.subset.ttf");

/// Drawn in place of a character the font lacks, so nothing is silently
/// dropped.
pub const REPLACEMENT: char = '\u{FFFD}';

/// The two weights embedded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Weight {
    /// Captions, Elo ratings.
    Regular,
    /// Player names, titles, diagram numbers.
    Bold,
}

/// The most shape plans a font keeps: one per direction and script met
/// (names in a batch come in a handful of scripts).
const SHAPE_PLANS: usize = 16;

/// The most glyphs of shaped texts a thread keeps (past it, it starts
/// again): a batch's names and clocks for a while, a few hundred KB.
const KEPT_GLYPHS: usize = 1 << 14;

/// Texts shaped on this thread, by weight, size and text, and how many
/// glyphs they hold. A diagram shapes each name several times (measured
/// to fit its bar, cut, drawn), and a batch meets the same names again.
#[derive(Default)]
struct Kept {
    texts: HashMap<(Weight, u32, String), ShapedText>,
    glyphs: usize,
}

thread_local! {
    static SHAPED: RefCell<Kept> = RefCell::new(Kept::default());
}

/// A shape plan and the direction and script it was made for.
type PlanFor = (
    rustybuzz::Direction,
    Option<rustybuzz::Script>,
    Arc<rustybuzz::ShapePlan>,
);

/// One embedded font.
pub struct Font {
    face: rustybuzz::Face<'static>,
    units_per_em: f32,
    cap_height: f32,
    /// Shape plans by direction and script, kept: making a plan costs as
    /// much as shaping a name with it, and a batch of games shapes
    /// thousands of names.
    plans: Mutex<Vec<PlanFor>>,
    /// Bit `c` set for each ASCII character the font draws: names, ratings
    /// and clocks are ASCII, and each of their characters is looked up
    /// for every board (`missing_glyphs`), which went through the cmap
    /// table each time.
    ascii_drawn: u128,
}

impl std::fmt::Debug for Font {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Font")
            .field("units_per_em", &self.units_per_em)
            .finish_non_exhaustive()
    }
}

/// The embedded font file (a subset of Noto Sans) of the bold weight, or
/// the regular: what a writer that embeds fonts (PDF) embeds, so its text
/// has the same glyphs and advances as the outlines drawn elsewhere.
///
/// ```
/// let regular = fen2img_render::font_file(false);
/// assert_eq!(&regular[..4], &[0, 1, 0, 0]); // a TrueType font
/// assert_ne!(regular, fen2img_render::font_file(true));
/// ```
pub fn font_file(bold: bool) -> &'static [u8] {
    if bold {
        BOLD
    } else {
        REGULAR
    }
}

/// The embedded font of `weight` (parsed once per process).
pub fn font(weight: Weight) -> &'static Font {
    static FONTS: OnceLock<[Font; 2]> = OnceLock::new();
    let fonts = FONTS.get_or_init(|| [Font::new(REGULAR), Font::new(BOLD)]);
    &fonts[weight as usize]
}

/// Text shaped at one size: glyphs at their pen positions, in pixels from
/// the start of the baseline.
#[derive(Debug, Clone, PartialEq)]
pub struct ShapedText {
    glyphs: Vec<(u16, f32, f32)>,
    /// Width of the text (the sum of the advances), in pixels.
    pub width: f32,
    /// Characters the font has no glyph for, in order of appearance; each
    /// is drawn as U+FFFD.
    pub missing: Vec<char>,
    scale: f32,
    weight: Weight,
}

impl Font {
    fn new(data: &'static [u8]) -> Font {
        let face = rustybuzz::Face::from_slice(data, 0).expect("the embedded font parses");
        let units_per_em = face.units_per_em() as f32;
        let ascender = face.ascender() as f32;
        let cap_height = face.capital_height().map_or(ascender * 0.7, |h| h as f32);
        let mut font = Font {
            face,
            units_per_em,
            cap_height,
            plans: Mutex::new(Vec::new()),
            ascii_drawn: 0,
        };
        font.ascii_drawn = (0..128u8)
            .filter(|&b| font.has_glyph(char::from(b)))
            .fold(0, |bits, b| bits | 1 << b);
        font
    }

    fn weight(&self) -> Weight {
        if std::ptr::eq(self, font(Weight::Bold)) {
            Weight::Bold
        } else {
            Weight::Regular
        }
    }

    /// The height of capital letters at `size` pixels per em.
    pub fn cap_height(&self, size: f32) -> f32 {
        self.cap_height * size / self.units_per_em
    }

    /// Whether `c` is drawn as U+FFFD: a control character, or one the
    /// font has no glyph for (combining marks and joiners are shaped with
    /// their neighbours, not looked up alone). What [`Font::shape`] lists
    /// as missing, without shaping.
    pub fn lacks(&self, c: char) -> bool {
        c.is_control() || (!self.has(c) && !is_format(c))
    }

    /// Whether the font draws `c`.
    pub fn has(&self, c: char) -> bool {
        match u8::try_from(c) {
            Ok(b) if b < 128 => self.ascii_drawn & 1 << b != 0,
            _ => self.has_glyph(c),
        }
    }

    /// [`Font::has`] from the font's tables.
    fn has_glyph(&self, c: char) -> bool {
        c == ' ' || self.face.glyph_index(c).is_some_and(|g| g.0 != 0)
    }

    /// Shapes `text` at `size` pixels per em. Characters the font lacks are
    /// listed in [`ShapedText::missing`] and drawn as U+FFFD; control
    /// characters count as missing too.
    pub fn shape(&self, text: &str, size: f32) -> ShapedText {
        let key = (self.weight(), size.to_bits(), text.to_owned());
        if let Some(shaped) = SHAPED.with(|k| k.borrow().texts.get(&key).cloned()) {
            return shaped;
        }
        let shaped = self.shape_now(text, size);
        let cost = shaped.glyphs.len().max(text.len()) + 1;
        if cost > KEPT_GLYPHS / 16 {
            // A long caption is shaped once or twice; keeping it would
            // push out a batch's worth of names.
            return shaped;
        }
        SHAPED.with(|k| {
            let mut kept = k.borrow_mut();
            if kept.glyphs + cost > KEPT_GLYPHS {
                kept.texts.clear();
                kept.glyphs = 0;
            }
            kept.glyphs += cost;
            kept.texts.insert(key, shaped.clone());
        });
        shaped
    }

    /// [`Font::shape`] without the texts kept.
    fn shape_now(&self, text: &str, size: f32) -> ShapedText {
        let mut missing = Vec::new();
        let text: String = text
            .chars()
            .map(|c| {
                if self.lacks(c) {
                    if !missing.contains(&c) {
                        missing.push(c);
                    }
                    REPLACEMENT
                } else {
                    c
                }
            })
            .collect();
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(&text);
        buffer.guess_segment_properties();
        let plan = self.plan(buffer.direction(), buffer.script());
        let output = rustybuzz::shape_with_plan(&self.face, &plan, buffer);
        let scale = size / self.units_per_em;
        let mut pen = 0.0f32;
        let mut glyphs = Vec::with_capacity(output.len());
        for (info, pos) in output.glyph_infos().iter().zip(output.glyph_positions()) {
            glyphs.push((
                info.glyph_id as u16,
                (pen + pos.x_offset as f32) * scale,
                -(pos.y_offset as f32) * scale,
            ));
            pen += pos.x_advance as f32;
        }
        ShapedText {
            glyphs,
            width: pen * scale,
            missing,
            scale,
            weight: self.weight(),
        }
    }
}

impl Font {
    /// The shape plan for text in `direction` and `script` (no language,
    /// no features): the plan `rustybuzz::shape` would make for a buffer
    /// whose segment properties were guessed, which leaves the language
    /// unset and the script unset when no character has one of its own.
    fn plan(
        &self,
        direction: rustybuzz::Direction,
        script: rustybuzz::Script,
    ) -> Arc<rustybuzz::ShapePlan> {
        let script = (script != rustybuzz::script::UNKNOWN).then_some(script);
        // A poisoned lock only means another thread panicked mid-push: the
        // list still holds whole plans.
        let mut plans = self.plans.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, _, plan)) = plans.iter().find(|p| p.0 == direction && p.1 == script) {
            return Arc::clone(plan);
        }
        let plan = Arc::new(rustybuzz::ShapePlan::new(
            &self.face,
            direction,
            script,
            None,
            &[],
        ));
        if plans.len() == SHAPE_PLANS {
            plans.remove(0);
        }
        plans.push((direction, script, Arc::clone(&plan)));
        plan
    }
}

/// Steps a glyph's pen position snaps to, per pixel.
pub const PEN_STEPS: f32 = 8.0;

/// `v` snapped to the nearest eighth of a pixel: where every writer puts a
/// glyph's pen. The raster paths keep each glyph's coverage per sub-pixel
/// offset (`raster::glyph_masks`); snapping the outlines too (SVG, casings)
/// keeps every writer's glyphs in one place. An eighth of a pixel is
/// finer than tiny-skia's own quarter-pixel edge sampling.
pub fn snap(v: f32) -> f32 {
    (v * PEN_STEPS).round() / PEN_STEPS
}

/// Zero-width characters that shape with their neighbours.
fn is_format(c: char) -> bool {
    matches!(c, '\u{200C}' | '\u{200D}' | '\u{0300}'..='\u{036F}')
}

impl ShapedText {
    /// Each glyph's id and pen position, in pixels from the start of the
    /// baseline (a raster writer that keeps glyphs draws them one by one).
    pub fn glyphs(&self) -> impl Iterator<Item = (u16, f32, f32)> + '_ {
        self.glyphs.iter().copied()
    }

    /// The weight it was shaped in.
    pub fn weight(&self) -> Weight {
        self.weight
    }

    /// The outline of glyph `id` alone, its pen at `(x, y)`, at the size
    /// the text was shaped at (`None` for a blank glyph).
    pub fn glyph_path(&self, id: u16, x: f32, y: f32) -> Option<Path> {
        let mut builder = Outline {
            path: PathBuilder::new(),
            scale: self.scale,
            x,
            y,
        };
        font(self.weight)
            .face
            .outline_glyph(GlyphId(id), &mut builder);
        builder.path.finish()
    }

    /// The outlines of the text with its baseline starting at `(x, y)`, as
    /// one path (`None` for blank text).
    pub fn path(&self, x: f32, y: f32) -> Option<Path> {
        let face = &font(self.weight).face;
        let mut builder = Outline {
            path: PathBuilder::new(),
            scale: self.scale,
            x: 0.0,
            y: 0.0,
        };
        for &(id, gx, gy) in &self.glyphs {
            builder.x = snap(x + gx);
            builder.y = snap(y + gy);
            face.outline_glyph(GlyphId(id), &mut builder);
        }
        builder.path.finish()
    }
}

/// Font units (y up) to pixels (y down) at the pen position.
struct Outline {
    path: PathBuilder,
    scale: f32,
    x: f32,
    y: f32,
}

impl Outline {
    fn at(&self, x: f32, y: f32) -> (f32, f32) {
        (self.x + x * self.scale, self.y - y * self.scale)
    }
}

impl OutlineBuilder for Outline {
    fn move_to(&mut self, x: f32, y: f32) {
        let (x, y) = self.at(x, y);
        self.path.move_to(x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        let (x, y) = self.at(x, y);
        self.path.line_to(x, y);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let (x1, y1) = self.at(x1, y1);
        let (x, y) = self.at(x, y);
        self.path.quad_to(x1, y1, x, y);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let (x1, y1) = self.at(x1, y1);
        let (x2, y2) = self.at(x2, y2);
        let (x, y) = self.at(x, y);
        self.path.cubic_to(x1, y1, x2, y2, x, y);
    }
    fn close(&mut self) {
        self.path.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_is_told_drawn_as_the_tables_tell_it() {
        for weight in [Weight::Regular, Weight::Bold] {
            let f = font(weight);
            for b in 0..128u8 {
                let c = char::from(b);
                assert_eq!(f.has(c), f.has_glyph(c), "{b:#04x}");
            }
            // Letters are drawn, control characters are not.
            assert!(f.has('K') && f.has(' ') && !f.has('\u{7}'));
        }
    }

    #[test]
    fn the_names_people_write_are_covered() {
        for text in [
            "Ljubojević",
            "Nimzowitsch",
            "Алексей Широв",
            "Χ",
            "Kasparov – Topalov, Wijk aan Zee 1999",
            "Ł Ő ő Ș ș Ț ț Đ ğ İ ı ß Æ ø Å",
            "Nguyễn Ngọc Trường Sơn",
            "«Diagramme 12» „Schach“ ½–½ …",
        ] {
            for weight in [Weight::Regular, Weight::Bold] {
                let shaped = font(weight).shape(text, 20.0);
                assert!(shaped.missing.is_empty(), "{text}: {:?}", shaped.missing);
                assert!(shaped.width > 0.0);
                assert!(shaped.path(0.0, 20.0).is_some());
            }
        }
    }

    #[test]
    fn missing_characters_are_named_and_replaced() {
        let shaped = font(Weight::Regular).shape("a♔b漢a漢", 20.0);
        assert_eq!(shaped.missing, ['♔', '漢']);
        let replacement = font(Weight::Regular).shape("a\u{FFFD}b\u{FFFD}a\u{FFFD}", 20.0);
        assert_eq!(
            shaped.width, replacement.width,
            "drawn as U+FFFD, not dropped"
        );
        let tab = font(Weight::Regular).shape("a\tb", 20.0);
        assert_eq!(tab.missing, ['\t']);
    }

    #[test]
    fn kerning_applies() {
        let f = font(Weight::Regular);
        let pair = f.shape("AV", 100.0).width;
        let apart = f.shape("A", 100.0).width + f.shape("V", 100.0).width;
        assert!(pair < apart - 1.0, "AV kerned: {pair} vs {apart}");
    }

    #[test]
    fn width_scales_with_size_and_paths_sit_on_the_baseline() {
        let f = font(Weight::Regular);
        let a = f.shape("Diagram 12", 10.0).width;
        let b = f.shape("Diagram 12", 20.0).width;
        assert!((b - 2.0 * a).abs() < 0.01);
        let path = f.shape("H", 100.0).path(10.0, 200.0).unwrap();
        let bounds = path.bounds();
        assert!((bounds.bottom() - 200.0).abs() < 0.5, "{bounds:?}");
        assert!((200.0 - bounds.top() - f.cap_height(100.0)).abs() < 0.5);
        assert!(bounds.left() >= 10.0);
        assert!(f.shape("   ", 20.0).path(0.0, 0.0).is_none());
    }

    #[test]
    fn bold_is_wider_than_regular() {
        let text = "Magnus Carlsen";
        assert!(
            font(Weight::Bold).shape(text, 20.0).width
                > font(Weight::Regular).shape(text, 20.0).width
        );
    }
}
