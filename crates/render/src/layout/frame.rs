//! The frame: everything a diagram draws that depends on the options and
//! not on the position, built once per set of options and shared (`Arc`)
//! by every board drawn with them.
//!
//! It is a struct of typed parts, one per thing a writer caches: the board
//! under the pieces ([`BoardSpec`]), the piece sprites ([`SpriteSpec`]),
//! the side-to-move markers and the paint of the markup. Each cache is keyed
//! on the part it depends on (a value of the frame, never a list of fields
//! put together by hand), so a cache cannot forget an input: two frames
//! that draw differently are different keys. Everything is `Hash + Eq`;
//! floats compare by their bits (the layout never makes NaN, and a key that
//! differs only in the sign of a zero is at worst a cache miss).

use std::hash::Hash;

use crate::assets::color::Rgba;
use crate::assets::pieces::PieceSet;
use crate::assets::theme::{Annotations, Hatch};
use fen2img_chess::{Color, Square};

use super::checks::CheckSpec;
use super::items::{Halo, MoverMark, PlacedLabel, Rect, Tint};
use super::pockets::{Disc, PocketSpec};
use super::text::PlacedText;

use super::keyed::keyed;

keyed!(Rect, |r| [r.x, r.y, r.w, r.h].map(f32::to_bits));
keyed!(Tint, |t| (t.rect, t.color));
keyed!(PlacedLabel, |l| (
    l.ch,
    [l.x, l.y, l.scale].map(f32::to_bits),
    l.color,
    l.casing
));
keyed!(PlacedText, |t| (
    &t.text,
    t.bold,
    [t.size, t.x, t.y].map(f32::to_bits),
    t.color,
    t.casing.map(|(c, w)| (c, w.to_bits()))
));
keyed!(Disc, |d| (
    [d.cx, d.cy, d.r].map(f32::to_bits),
    d.fill,
    d.outline.map(|(c, w)| (c, w.to_bits())),
    d.square
));
keyed!(Halo, |h| (h.color, h.width.to_bits()));
keyed!(GlyphSpec, |g| (&g.pieces, g.size, g.min_stroke.to_bits()));
keyed!(MoverMark, |m| (
    [m.cx, m.cy, m.r, m.stroke_width].map(f32::to_bits),
    m.color,
    m.fill,
    m.outline,
    m.square
));
keyed!(BoardSpec, |b| (
    (b.width, b.height, b.background, b.border, b.board),
    (b.square.to_bits(), b.flipped, b.light, b.dark),
    b.hatch
        .map(|h| ([h.spacing, h.width].map(f32::to_bits), h.color)),
    (&b.tints, &b.labels, b.labels_over_pieces, b.label_casing),
    (&b.panels, &b.discs, &b.texts)
));
keyed!(MarkupPaint, |m| (
    m.check,
    m.mark,
    m.mark_width_ratio.to_bits(),
    m.mark_casing,
    m.arrows,
    m.annotations,
    m.lastmove
));

/// The board under the pieces: image, margin, frame, squares, hatching,
/// tints and coordinate labels. What the rasterizer's background is drawn
/// from (with the position's check glows).
#[derive(Debug, Clone)]
pub struct BoardSpec {
    /// Image width in pixels.
    pub width: u32,
    /// Image height in pixels.
    pub height: u32,
    /// Fill of the whole image; `None` is transparent.
    pub background: Option<Rgba>,
    /// The frame around the board: its rectangle and colour.
    pub border: Option<(Rect, Rgba)>,
    /// The 8×8 area.
    pub board: Rect,
    /// Side of one square in pixels (a whole number).
    pub square: f32,
    /// Whether Black is at the bottom.
    pub flipped: bool,
    /// Light square colour.
    pub light: Rgba,
    /// Dark square colour.
    pub dark: Rgba,
    /// Hatching over dark squares, line spacing and width in whole pixels
    /// laid on the pixel grid (one band of `width` pixels in every
    /// `spacing`, the same pixels in every dark square).
    pub hatch: Option<Hatch>,
    /// Last-move and `--fill` tints, over the squares.
    pub tints: Vec<Tint>,
    /// Coordinate labels.
    pub labels: Vec<PlacedLabel>,
    /// Whether the labels sit inside the board's edge squares, and so are
    /// drawn over the pieces (wide pieces reach into the corners), not in
    /// the background.
    pub labels_over_pieces: bool,
    /// How the labels are cased; each label's casing is resolved from it
    /// ([`BoardSpec::case_labels`]).
    pub label_casing: LabelCasing,
    /// Filled rectangles around the board (pocket trays), under the text.
    pub panels: Vec<Tint>,
    /// Discs around the board (the colour chips of player bars).
    pub discs: Vec<Disc>,
    /// Caption lines and player bars.
    pub texts: Vec<PlacedText>,
}

impl BoardSpec {
    /// The rectangle of `sq` in this orientation.
    pub fn square_rect(&self, sq: Square) -> Rect {
        super::geometry::square_rect(self.board, self.square, self.flipped, sq)
    }
}

/// The casing of a board's coordinate labels: the band drawn under each
/// label's glyph, wider than it.
#[derive(Debug, Clone, Copy)]
pub enum LabelCasing {
    /// None.
    None,
    /// One colour for every label: the paper of haloed themes (print,
    /// inside the board), or the casing a transparent page needs around
    /// labels outside it.
    Paint(Halo),
    /// Inside the board: the colour of the square each label stands on,
    /// with the tints over it (last move, `--fill`), this many pixels wide
    /// beyond the glyph's outline. Drawn over the pieces, it cuts a gap
    /// between a label and the piece it would touch (the king's base on
    /// g1), and reads as the square itself.
    Ground(f32),
}
keyed!(LabelCasing, |c| match *c {
    LabelCasing::None => (0, None, 0),
    LabelCasing::Paint(h) => (1, Some(h), 0),
    LabelCasing::Ground(w) => (2, None, w.to_bits()),
});

/// The piece glyphs at one size: what the twelve piece sprites (and the
/// SVG glyph definitions) are drawn from.
#[derive(Debug, Clone)]
pub struct GlyphSpec {
    /// The piece drawings.
    pub pieces: PieceSet,
    /// The square size in pixels the glyphs are fitted into.
    pub size: u32,
    /// The thinnest stroke drawn, in pixels (0: the glyphs' own widths).
    pub min_stroke: f32,
}

impl GlyphSpec {
    /// The width, in glyph units, to stroke a line the glyph gives `width`
    /// units wide, drawn at `scale` pixels per unit: the outline of a
    /// `filled` shape (a silhouette) is at least [`GlyphSpec::min_stroke`]
    /// pixels wide. Inner lines keep their width: widened at small sizes
    /// they would fill a white piece in. The one place both writers take
    /// it from.
    pub fn stroke_width(&self, width: f32, filled: bool, scale: f32) -> f32 {
        if filled && self.min_stroke > 0.0 && scale > 0.0 {
            width.max(self.min_stroke / scale)
        } else {
            width
        }
    }
}

/// The glyphs and the halo around them: what halo sprites and the SVG
/// glyph definitions (which include the halos) are drawn from.
#[derive(Debug, Clone)]
pub struct SpriteSpec {
    /// The glyphs.
    pub glyphs: GlyphSpec,
    /// The halo under each piece, if the theme has one.
    pub halo: Option<Halo>,
    /// The dark squares' hatching on whole pixels (the board's), when the
    /// halo is drawn over it: the raster halo also covers the hatch
    /// fragments shorter than two pixels that its edge would leave.
    pub hatch: Option<Hatch>,
}
keyed!(SpriteSpec, |s| (
    &s.glyphs,
    s.halo,
    s.hatch
        .map(|h| ([h.spacing, h.width].map(f32::to_bits), h.color))
));

/// The paint of the markup a board may carry, resolved from the theme.
#[derive(Debug, Clone, Copy)]
pub struct MarkupPaint {
    /// Centre colour of a check glow.
    pub check: Rgba,
    /// Ink of X marks.
    pub mark: Rgba,
    /// Line width of an X mark, as a fraction of a square.
    pub mark_width_ratio: f32,
    /// A wider stroke under each X mark (paper colour, width in pixels
    /// beyond the mark's own on each side), so a dark X stays readable
    /// over a dark piece on haloed themes.
    pub mark_casing: Option<Halo>,
    /// Arrow and circle colours by brush (G, R, Y, B).
    pub arrows: [Rgba; 4],
    /// Tinted or ink-only annotations (the theme's choice).
    pub annotations: Annotations,
    /// The last move's colour (ink themes frame its squares in it).
    pub lastmove: Rgba,
}

/// Everything drawn that depends on the options, not on the position.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Frame {
    /// The board under the pieces.
    pub board: BoardSpec,
    /// The piece sprites.
    pub sprites: SpriteSpec,
    /// The side-to-move marker for each side ([`Color`] as index), when
    /// the marker is on.
    pub movers: [Option<MoverMark>; 2],
    /// The paint of per-board markup (glows, marks, arrows).
    pub markup: MarkupPaint,
    /// Where pockets go (empty without pockets).
    pub pockets: PocketSpec,
    /// Where three-check signs go (empty without counters).
    pub checks: CheckSpec,
    /// Characters of the caption, number or player names that the
    /// embedded font lacks (each is drawn as U+FFFD): callers warn.
    pub missing_glyphs: Vec<char>,
    /// What the alt text says before the position: number, caption and
    /// players, in words.
    pub lead: String,
}

impl Frame {
    /// The side-to-move marker for `turn`, if the marker is on.
    pub fn mover(&self, turn: Color) -> Option<MoverMark> {
        self.movers[turn as usize]
    }

    /// Image width in pixels.
    pub fn width(&self) -> u32 {
        self.board.width
    }

    /// Image height in pixels.
    pub fn height(&self) -> u32 {
        self.board.height
    }
}
