//! The display primitives: what the layout places and every writer draws
//! (rectangles, tints, pieces, labels, glows, crosses, arrow outlines,
//! rings, the side-to-move marker), in output pixels. These are the
//! drawing's words, not the user's: the options that ask for them are in
//! [`options`](crate::options).

use fen2img_chess::{Color, Piece, Square};

use crate::assets::color::Rgba;
use crate::assets::glyph::GlyphPath;
use crate::assets::labels::LabelFont;

/// An axis-aligned rectangle in pixels.
#[derive(Debug, Clone, Copy)]
pub struct Rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

/// A filled square-sized rectangle (last move, `--fill`).
#[derive(Debug, Clone, Copy)]
pub struct Tint {
    /// The square's rectangle.
    pub rect: Rect,
    /// Fill colour with alpha.
    pub color: Rgba,
}

/// A piece at its place.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlacedPiece {
    /// The piece.
    pub piece: Piece,
    /// The square it stands on.
    pub square: Square,
    /// The square's rectangle; the glyph is fitted into it.
    pub rect: Rect,
}

/// A band of one colour around a shape, drawn under it: paper around
/// pieces, so they stand clear of hatched squares; a label's casing, so
/// it stands clear of the pieces it would touch.
#[derive(Debug, Clone, Copy)]
pub struct Halo {
    /// Colour of the band.
    pub color: Rgba,
    /// Width of the band beyond the outline, in pixels.
    pub width: f32,
}

impl Halo {
    /// The stroke width, in the units of a shape drawn at `scale` pixels
    /// per unit whose own outline is `outline` units wide, that makes the
    /// band reach `width` pixels beyond that outline (the stroke is
    /// centred on the path). The one place both writers take it from.
    pub fn stroke_width(&self, outline: f32, scale: f32) -> f32 {
        outline + 2.0 * self.width / scale
    }

    /// The halo's footing under a glyph drawn at `fit` (scale, x and y
    /// offset) in a square of `square` pixels: from the bottom of its
    /// lowest filled shape (the base) down to the square's bottom edge,
    /// across the square, on whole pixels, relative to the square's
    /// top-left corner. Without it the halo's curve cuts the
    /// hatching between a base and the square's edge into lone pixels,
    /// which a threshold leaves as rows of dots. Taken from the glyph's
    /// unhinted paths by both writers, so they draw the same pixels.
    pub fn footing(&self, paths: &[GlyphPath], fit: (f32, f32, f32), square: f32) -> Option<Rect> {
        let (scale, _, dy) = fit;
        let base = paths
            .iter()
            .filter(|p| p.fill.is_some())
            .map(|p| p.path.bounds())
            .max_by(|a, b| a.bottom().total_cmp(&b.bottom()))?;
        // The square's whole width: side edges inside the square would cut
        // hatch lines into lone pixels of their own.
        let y0 = (dy + base.bottom() * scale).floor().max(0.0);
        (y0 < square).then_some(Rect {
            x: 0.0,
            y: y0,
            w: square,
            h: square - y0,
        })
    }
}

/// A coordinate label glyph at its place.
#[derive(Debug, Clone, Copy)]
pub struct PlacedLabel {
    /// `a`–`h` or `1`–`8`.
    pub ch: char,
    /// Left edge of the glyph's em box.
    pub x: f32,
    /// Top edge of the glyph's em box.
    pub y: f32,
    /// Pixels per font unit.
    pub scale: f32,
    /// Ink colour.
    pub color: Rgba,
    /// The band drawn under the glyph, its casing (see
    /// [`LabelCasing`](super::LabelCasing)): over a piece it leaves a gap
    /// between the piece and the label.
    pub casing: Option<Halo>,
}

impl PlacedLabel {
    /// The rectangle its glyph's ink covers, in pixels; `None` for a
    /// character the label font lacks (nothing is drawn).
    pub fn ink(&self) -> Option<Rect> {
        let b = LabelFont::get().glyph(self.ch)?.path.bounds();
        Some(Rect {
            x: self.x + b.left() * self.scale,
            y: self.y + b.top() * self.scale,
            w: b.width() * self.scale,
            h: b.height() * self.scale,
        })
    }

    /// The middle of its ink (of its em box's corner when it has none):
    /// what decides which square a label stands on.
    pub fn ink_centre(&self) -> (f32, f32) {
        self.ink()
            .map_or((self.x, self.y), |r| (r.x + r.w / 2.0, r.y + r.h / 2.0))
    }

    /// The glow of `glows` on the square this label stands on, if any:
    /// a casing in the square's colour is painted again with it.
    pub fn glow_under<'g>(&self, glows: &'g [Glow]) -> Option<&'g Glow> {
        let (cx, cy) = self.ink_centre();
        glows.iter().find(|g| {
            let r = g.rect;
            (r.x..r.x + r.w).contains(&cx) && (r.y..r.y + r.h).contains(&cy)
        })
    }
}

/// A radial glow under a piece (check).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Glow {
    /// The square's rectangle; the glow is centred in it and clipped to it.
    pub rect: Rect,
    /// Colour at the centre, fading to transparent at the edge (names the
    /// gradient in SVG).
    pub color: Rgba,
    /// The gradient's stops, from the centre out.
    pub stops: [GlowStop; 3],
}

/// One stop of a glow's radial gradient.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GlowStop {
    /// Where along the radius, in hundredths (0, 50, 100).
    pub percent: u8,
    /// Colour (its alpha is not used: see `opacity`).
    pub color: Rgba,
    /// Opacity, 0–1, as bits of an `f32` (so the stop can be a key).
    opacity_bits: u32,
}

impl GlowStop {
    /// A stop at `percent` of the radius.
    pub fn new(percent: u8, color: Rgba, opacity: f32) -> GlowStop {
        GlowStop {
            percent,
            color,
            opacity_bits: opacity.to_bits(),
        }
    }

    /// Opacity, 0–1.
    pub fn opacity(&self) -> f32 {
        f32::from_bits(self.opacity_bits)
    }
}

impl Glow {
    /// The glow of colour `color` in `rect`: full at the centre, still 90 %
    /// at 80 % of the way, gone at the edge (the one place these stops are
    /// decided). The king covers the middle of its square: the glow must
    /// be strong where it shows, round his outline (it faded from the
    /// centre and hid behind him).
    pub(crate) fn new(rect: Rect, color: Rgba) -> Glow {
        let stop = |percent, alpha: f32| GlowStop::new(percent, color, color.opacity() * alpha);
        Glow {
            rect,
            color,
            stops: [stop(0, 1.0), stop(80, 0.9), stop(100, 0.0)],
        }
    }
}

/// An X mark.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cross {
    /// Centre.
    pub cx: f32,
    /// Centre.
    pub cy: f32,
    /// Half the length of each diagonal's projection on an axis.
    pub half: f32,
    /// Line width.
    pub width: f32,
    /// Ink colour.
    pub color: Rgba,
    /// A wider stroke drawn first (colour, width), on haloed themes.
    pub casing: Option<(Rgba, f32)>,
}

impl Cross {
    /// The strokes to draw, bottom first: the casing, if any, then the ink.
    pub fn strokes(&self) -> impl Iterator<Item = (Rgba, f32)> + use<> {
        self.casing.into_iter().chain([(self.color, self.width)])
    }
}

/// An arrow outline (shaft and head as one polygon, so a translucent arrow
/// has no darker overlap), or a band around one (a polygon with a hole).
#[derive(Debug, Clone, PartialEq)]
pub struct ArrowShape {
    /// Polygon corners, in order.
    pub points: Vec<(f32, f32)>,
    /// Fill colour with alpha.
    pub color: Rgba,
    /// Corners of a polygon inside `points` left unfilled (even-odd), or
    /// none: the band of a hollow arrow's ink and casings, which leaves the
    /// piece under the arrow showing.
    pub hole: Vec<(f32, f32)>,
}

/// A ring around a square.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ring {
    /// Centre.
    pub cx: f32,
    /// Centre.
    pub cy: f32,
    /// Radius to the middle of the line.
    pub r: f32,
    /// Line width.
    pub width: f32,
    /// Ink colour with alpha.
    pub color: Rgba,
    /// Dashes of this length along the circle, with gaps as long (ink
    /// themes' `Y` and `B` circles); `None`: one unbroken line.
    pub dash: Option<f32>,
}

/// The side-to-move marker.
#[derive(Debug, Clone, Copy)]
pub struct MoverMark {
    /// Centre.
    pub cx: f32,
    /// Centre.
    pub cy: f32,
    /// Radius to the middle of the outline.
    pub r: f32,
    /// Outline width.
    pub stroke_width: f32,
    /// Whose move it is.
    pub color: Color,
    /// Fill of the disc: white, or the pieces' ink for Black.
    pub fill: Rgba,
    /// Colour of the outline.
    pub outline: Rgba,
    /// Drawn as a square on whole pixels rather than a disc: print's one
    /// ink, where an anti-aliased circle leaves a grey ring (LaTeX skak's
    /// `moverstyle=square`).
    pub square: bool,
}

/// Ink of the mover marker's outline and of black's disc: the pieces' ink.
pub const INK: Rgba = Rgba::rgb(0x1a, 0x1a, 0x1a);
