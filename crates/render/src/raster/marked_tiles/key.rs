//! What boards that share one tile set have in common, and how a board's
//! marks sort into it: each square's stack of marks (tints and glows,
//! wherever the square is), its texts (shaped once; ink-only ones as
//! glyph coverage) and their kinds, and the opaque markup over its pieces.
//! The [`MarkedKey`] is made from these before anything is drawn, so a
//! board's tile set, and with it its palette, depends on the board alone.

use std::sync::Arc;

use resvg::tiny_skia::{Path, Pixmap};

use super::super::draw::draw_shape;
use super::super::glyph_masks::{self, Coverage};
use super::super::indexed::marker_rect;
use super::super::marks::{overlaps, separable, shared_spec};
use crate::assets::color::Rgba;
use crate::layout::{Frame, Glow, Item, Layer, Layout, PlacedText, Rect, Tint};
use crate::pixels::quantize::Packed;
use fen2img_chess::Square;

/// Steps of a text's anti-aliasing ramp between two colours (the two ends
/// excluded): 15 keep each edge pixel within 8 levels of its true colour,
/// closer than the eye tells apart at text sizes.
const RAMP_STEPS: u32 = 15;

/// One mark on a square, in drawing order, wherever the square is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum SquareMark {
    /// A tint over the square (last move, `--fill`) or part of it (print's
    /// last-move frame, four bars), its rectangle relative to the square.
    Tint(Rgba, Rect),
    /// A check glow, its rectangle at the origin.
    Glow(Glow),
}

impl SquareMark {
    /// Numbers that order marks the same way on every machine (the key's
    /// lists are sorted, so the order boards list marks in does not
    /// matter).
    fn order(&self) -> Vec<u32> {
        let packed = |c: Rgba| u32::from_le_bytes([c.r, c.g, c.b, c.a]);
        match self {
            SquareMark::Tint(c, r) => {
                let bits = [r.x, r.y, r.w, r.h].map(f32::to_bits);
                vec![0, packed(*c), bits[0], bits[1], bits[2], bits[3]]
            }
            SquareMark::Glow(g) => {
                let mut v = vec![1, packed(g.color), g.rect.w.to_bits(), g.rect.h.to_bits()];
                for s in &g.stops {
                    v.extend([u32::from(s.percent), packed(s.color), s.opacity().to_bits()]);
                }
                v
            }
        }
    }

    /// The tint it lays over a square at `square`, if it is one.
    pub(super) fn tint_at(&self, square: Rect) -> Option<Tint> {
        match *self {
            SquareMark::Tint(color, r) => Some(Tint {
                rect: Rect {
                    x: square.x + r.x,
                    y: square.y + r.y,
                    ..r
                },
                color,
            }),
            SquareMark::Glow(_) => None,
        }
    }

    /// The glow it lays over a square at `square`, if it is one.
    pub(super) fn glow_at(&self, square: Rect) -> Option<Glow> {
        match *self {
            SquareMark::Glow(g) => Some(Glow {
                rect: Rect {
                    x: square.x + g.rect.x,
                    y: square.y + g.rect.y,
                    ..g.rect
                },
                ..g
            }),
            SquareMark::Tint(..) => None,
        }
    }

    /// Draws the mark over `ground`, one square's pixels.
    pub(super) fn draw(&self, ground: &mut Pixmap) {
        let size = ground.width() as f32;
        let at = Rect {
            x: 0.0,
            y: 0.0,
            w: size,
            h: size,
        };
        match self {
            SquareMark::Tint(c, r) => draw_shape(ground, Item::Rect(*r, *c), 0),
            SquareMark::Glow(g) => draw_shape(ground, Item::Glow(&Glow { rect: at, ..*g }), 0),
        }
    }
}

/// The marks on one square, in drawing order.
pub(super) type Stack = Vec<SquareMark>;

/// A kind of text: its ink, its casing, and the colour under it on the
/// shared background.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) struct Ink {
    ink: Packed,
    casing: Option<Packed>,
    under: Packed,
}

impl Ink {
    /// The colours its anti-aliased edges pass through: ink over the
    /// ground, and with a casing, casing over the ground and ink over the
    /// casing.
    pub(super) fn ramp(&self) -> Vec<Packed> {
        let mut pairs = vec![(self.ink, self.under)];
        if let Some(casing) = self.casing {
            pairs.extend([(casing, self.under), (self.ink, casing)]);
        }
        let mut colors = Vec::new();
        for (fg, bg) in pairs {
            for step in 1..=RAMP_STEPS {
                colors.push(over(fg, bg, step as f32 / (RAMP_STEPS + 1) as f32));
            }
            colors.push(fg);
        }
        colors
    }
}

/// `fg` at `coverage` over `bg`, straight alpha, as source-over gives it.
pub(super) fn over(fg: Packed, bg: Packed, coverage: f32) -> Packed {
    let (f, b) = (fg.to_le_bytes(), bg.to_le_bytes());
    let fa = coverage * f[3] as f32 / 255.0;
    let ba = b[3] as f32 / 255.0;
    let a = fa + ba * (1.0 - fa);
    if a == 0.0 {
        return 0;
    }
    let ch = |i: usize| {
        let v = (f[i] as f32 * fa + b[i] as f32 * ba * (1.0 - fa)) / a;
        v.round().clamp(0.0, 255.0) as u8
    };
    u32::from_le_bytes([ch(0), ch(1), ch(2), (a * 255.0).round() as u8])
}

/// What boards with one tile set share: the frame without marks, the
/// stacks of marks their squares carry, and their kinds of text (both
/// sorted, without repeats).
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct MarkedKey {
    pub(super) frame: Arc<Frame>,
    pub(super) stacks: Vec<Stack>,
    pub(super) inks: Vec<Ink>,
    /// The colours of the opaque markup drawn over the pieces (glyph
    /// badges, promotion signs), sorted, without repeats.
    pub(super) overlay: Vec<Packed>,
    /// The most colours the palette fits to the board and tiles, besides
    /// the texts' ramps (256; fewer for a GIF).
    pub(super) colours: usize,
}

/// A board's marks sorted out: the key of its tile set, each square's
/// stack (an index into the key's stacks), and its texts.
pub(super) struct Marked<'l> {
    pub(super) key: MarkedKey,
    pub(super) stack_of: [Option<u8>; 64],
    pub(super) texts: Vec<Shaped<'l>>,
    /// The opaque markup it draws over the pieces.
    pub(super) overlay: Vec<Item<'l>>,
}

/// A text with the rectangle its ink can touch, and how it is drawn.
pub(super) struct Shaped<'l> {
    pub(super) text: &'l PlacedText,
    pub(super) ink: Rect,
    pub(super) drawn: Drawn,
}

/// How a text is drawn: as every raster path draws it (`around`).
pub(super) enum Drawn {
    /// Ink only: its glyphs' coverage, blended into the image.
    Coverage(Coverage),
    /// With a casing: its outline filled and stroked over the shared
    /// background.
    Outline(Path),
}

impl<'l> Marked<'l> {
    /// The marks of `layout`, for a tile set whose palette fits at most
    /// `colours` colours to the board and tiles, or `None` when it has
    /// none or they do not fit (see the module's header).
    pub(super) fn of(layout: &'l Layout, colours: usize) -> Option<Marked<'l>> {
        let frame = &layout.frame;
        let board = &frame.board;
        let shared = shared_spec(board);
        let overlay = opaque_overlay(layout)?;
        if overlay.is_empty() && shared == *board && layout.glows.is_empty() {
            return None;
        }
        if !separable(&shared, &layout.glows) {
            return None;
        }
        // Each square's stack: its tints, then its glows, as `marks`
        // draws them.
        let mut stacks: [Stack; 64] = std::array::from_fn(|_| Vec::new());
        let square_at = |r: Rect| Square::all().find(|&sq| same_rect(board.square_rect(sq), r));
        for t in board.tints.iter().filter(|t| !shared.tints.contains(t)) {
            let sq = Square::all().find(|&sq| inside(t.rect, board.square_rect(sq)))?;
            let s = board.square_rect(sq);
            let relative = Rect {
                x: t.rect.x - s.x,
                y: t.rect.y - s.y,
                ..t.rect
            };
            stacks[sq.index()].push(SquareMark::Tint(t.color, relative));
        }
        for g in &layout.glows {
            let at_origin = Glow {
                rect: Rect {
                    x: 0.0,
                    y: 0.0,
                    ..g.rect
                },
                ..*g
            };
            stacks[square_at(g.rect)?.index()].push(SquareMark::Glow(at_origin));
        }
        let mut kinds: Vec<Stack> = stacks.iter().filter(|s| !s.is_empty()).cloned().collect();
        kinds.sort_by_key(|s| s.iter().map(SquareMark::order).collect::<Vec<_>>());
        kinds.dedup();
        // Room for a class per plain class and stack in a byte.
        if kinds.len() > 15 {
            return None;
        }
        let stack_of = std::array::from_fn(|i| {
            let s = &stacks[i];
            (!s.is_empty()).then(|| kinds.iter().position(|k| k == s).expect("listed") as u8)
        });
        let texts = shaped(layout, &board.texts)?;
        let inks = inks_of(layout, &texts);
        let key = MarkedKey {
            // The words of the alt text and the glyphs the names lack are
            // not drawn: boards differing only there share tiles.
            frame: Arc::new(Frame {
                board: shared,
                lead: String::new(),
                missing_glyphs: Vec::new(),
                ..Frame::clone(frame)
            }),
            stacks: kinds,
            inks,
            overlay: overlay_colours(&overlay),
            colours,
        };
        Some(Marked {
            key,
            stack_of,
            texts,
            overlay,
        })
    }
}

/// `texts` shaped, or `None` when one reaches the board or a side-to-move
/// marker (the pieces and markers are pasted over the texts' pixels, which
/// only holds where they do not meet).
fn shaped<'l>(layout: &Layout, texts: &'l [PlacedText]) -> Option<Vec<Shaped<'l>>> {
    let frame = &layout.frame;
    let board = frame.board.board;
    let markers: Vec<Rect> = frame
        .movers
        .iter()
        .flatten()
        .filter_map(|&m| marker_rect(m, frame.width(), frame.height()))
        .map(|r| Rect {
            x: r.x() as f32,
            y: r.y() as f32,
            w: r.width() as f32,
            h: r.height() as f32,
        })
        .collect();
    let mut shaped = Vec::new();
    for text in texts {
        let (ink, drawn) = if text.casing.is_none() {
            let Some(c) = glyph_masks::coverage(text) else {
                continue;
            };
            let ink = Rect {
                x: c.left as f32,
                y: c.top as f32,
                w: c.width as f32,
                h: c.height as f32,
            };
            (ink, Drawn::Coverage(c))
        } else {
            let Some(path) = text.outline() else { continue };
            let b = path.bounds();
            // The casing's stroke and a pixel of anti-aliasing.
            let reach = text.casing.map_or(0.0, |(_, w)| w) + 2.0;
            let ink = Rect {
                x: b.left() - reach,
                y: b.top() - reach,
                w: b.width() + 2.0 * reach,
                h: b.height() + 2.0 * reach,
            };
            (ink, Drawn::Outline(path))
        };
        if overlaps(ink, board) || markers.iter().any(|&m| overlaps(ink, m)) {
            return None;
        }
        shaped.push(Shaped { text, ink, drawn });
    }
    Some(shaped)
}

/// The kinds of `texts`, sorted, without repeats. The ground is the frame
/// at the middle of a text's left end (bars and captions lie on one
/// colour).
fn inks_of(layout: &Layout, texts: &[Shaped]) -> Vec<Ink> {
    let mut kinds: Vec<Ink> = texts
        .iter()
        .map(|s| Ink {
            ink: packed(s.text.color),
            casing: s.text.casing.map(|(c, _)| packed(c)),
            under: ground_colour(layout, s.ink.x, s.ink.y + s.ink.h / 2.0),
        })
        .collect();
    kinds.sort();
    kinds.dedup();
    kinds
}

/// The colour of the board's unmarked frame at (`x`, `y`): the margin,
/// panel or page the options give there. Read from the options, not from
/// pixels, so the key can be made before anything is drawn.
fn ground_colour(layout: &Layout, x: f32, y: f32) -> Packed {
    let board = &layout.frame.board;
    let inside = |r: Rect| x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h;
    let mut c = board.background.map_or(0, packed);
    if let Some((r, border)) = board.border
        && inside(r)
    {
        c = packed(border);
    }
    for p in &board.panels {
        if inside(p.rect) {
            c = over(packed(p.color), c, 1.0);
        }
    }
    c
}

pub(super) fn packed(c: Rgba) -> Packed {
    u32::from_le_bytes([c.r, c.g, c.b, c.a])
}

/// Whether two rectangles are the same within a hundredth of a pixel.
fn same_rect(a: Rect, b: Rect) -> bool {
    let near = |p: f32, q: f32| (p - q).abs() < 0.01;
    near(a.x, b.x) && near(a.y, b.y) && near(a.w, b.w) && near(a.h, b.h)
}

/// Whether `r` lies inside `area`, within a hundredth of a pixel.
fn inside(r: Rect, area: Rect) -> bool {
    r.x >= area.x - 0.01
        && r.y >= area.y - 0.01
        && r.x + r.w <= area.x + area.w + 0.01
        && r.y + r.h <= area.y + area.h + 0.01
}

/// The markup `layout` draws over the pieces when all of it is opaque
/// glyph badges and promotion signs (their edges and symbols blend with a
/// few known colours, which the palette holds); `None` when there is other
/// markup (translucent arrows and circles blend with everything under
/// them: such boards are drawn in RGBA) or pockets.
fn opaque_overlay(layout: &Layout) -> Option<Vec<Item<'_>>> {
    let opaque =
        |d: &crate::layout::Disc| d.fill.a == 255 && d.outline.is_none_or(|o| o.0.a == 255);
    let mut overlay = Vec::new();
    for item in layout.items() {
        match item {
            Item::GlyphBadge(b) if opaque(&b.disc) && b.text.color.a == 255 => overlay.push(item),
            Item::PromotedSign(d) if opaque(d) => overlay.push(item),
            Item::PocketPieces(_) => return None,
            _ if item.layer() == Layer::Overlay => return None,
            _ => {}
        }
    }
    Some(overlay)
}

/// The colours `overlay` draws in, sorted, without repeats.
fn overlay_colours(overlay: &[Item]) -> Vec<Packed> {
    let disc = |d: &crate::layout::Disc| std::iter::once(d.fill).chain(d.outline.map(|o| o.0));
    let mut colours: Vec<Packed> = Vec::new();
    for item in overlay {
        match item {
            Item::GlyphBadge(b) => colours.extend(disc(&b.disc).chain([b.text.color]).map(packed)),
            Item::PromotedSign(d) => colours.extend(disc(d).map(packed)),
            _ => {}
        }
    }
    colours.sort_unstable();
    colours.dedup();
    colours
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ramps_run_from_the_ground_to_the_ink() {
        let ink = Ink {
            ink: u32::from_le_bytes([0, 0, 0, 255]),
            casing: None,
            under: u32::from_le_bytes([255, 255, 255, 255]),
        };
        let ramp = ink.ramp();
        assert_eq!(ramp.len(), RAMP_STEPS as usize + 1);
        let greys: Vec<u8> = ramp.iter().map(|c| c.to_le_bytes()[0]).collect();
        assert!(greys.windows(2).all(|w| w[0] > w[1]), "{greys:?}");
        assert_eq!(*greys.last().unwrap(), 0);
        // Over a transparent page the ramp is the ink at rising alpha.
        let clear = Ink { under: 0, ..ink };
        let alphas: Vec<u8> = clear.ramp().iter().map(|c| c.to_le_bytes()[3]).collect();
        assert!(alphas.windows(2).all(|w| w[0] < w[1]), "{alphas:?}");
    }
}
