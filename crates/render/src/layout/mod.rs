//! The layout stage: where everything goes, decided once for every writer.
//!
//! Geometry is in output pixels with the origin at the top-left corner. The
//! square size and the board's corner are whole numbers, so square edges fall
//! on pixel boundaries at every `--size` (no blurred seams between squares),
//! and a rasterizer can compose pre-rendered pieces at integer offsets. The
//! SVG writer uses the same numbers as its user units, so SVG and PNG agree.

mod alt;
mod bars;
mod build;
mod checks;
mod display;
mod extras;
mod frame;
mod geometry;
mod glyph_room;
pub(crate) mod hatch;
mod ink;
mod item;
mod items;
mod keyed;
mod knight;
mod label_casing;
mod label_ink;
mod og;
mod outer;
mod page;
mod pockets;
mod square_marks;
mod text;

use std::sync::Arc;

use geometry::round2;

pub use alt::{alt_text, describe_markup};
pub use bars::TITLE_COLOR;
pub use checks::{remaining as remaining_checks, CheckSpec};
pub use extras::{Extras, Turn};
pub use frame::{BoardSpec, Frame, GlyphSpec, LabelCasing, MarkupPaint, SpriteSpec};
pub use item::{Item, Layer};
pub use items::{
    ArrowShape, Cross, Glow, GlowStop, Halo, MoverMark, PlacedLabel, PlacedPiece, Rect, Ring, Tint,
    INK,
};
pub use og::{OG_HEIGHT, OG_WIDTH};
pub use outer::{MIN_INSIDE_SQUARE, MIN_LABEL_CAP, MIN_OUTSIDE_SQUARE};
pub use pockets::{Badge, Disc, PocketPiece, PocketSpec, POCKET_ROLES};
pub use square_marks::{GlyphBadge, SquareLabel};
pub use text::{missing_glyphs, PlacedText};

use crate::options::{Brush, CheckMark, DiagramOptions, Markup};

use crate::assets::color::Rgba;
#[cfg(test)]
use crate::assets::labels::LabelFont;
use crate::assets::theme::Annotations;
use fen2img_chess::{Piece, Position, Square};

/// Everything a writer draws for one board: the shared [`Frame`] (all
/// that depends only on the options) and what depends on the position.
/// Writers draw it through [`Layout::items`], the display list, which
/// decides the order.
#[derive(Debug, Clone)]
pub struct Layout {
    /// What the options decide, shared by every board drawn with them.
    pub frame: Arc<Frame>,
    /// The position's canonical FEN (the SVG `<title>`).
    pub title: String,
    /// The plain-language description (the SVG `<desc>`, `--alt`).
    pub description: String,
    /// Check glows, under the pieces (the automatic glow depends on the
    /// position).
    pub glows: Vec<Glow>,
    /// Pieces.
    pub pieces: Vec<PlacedPiece>,
    /// X marks, above the pieces.
    pub crosses: Vec<Cross>,
    /// Circles, above the pieces.
    pub rings: Vec<Ring>,
    /// Paper under ink themes' hollow arrows, between the squares and the
    /// pieces: it hides the hatching inside the arrow without covering a
    /// piece the arrow crosses.
    pub arrows_under: Vec<ArrowShape>,
    /// Arrows, above the marks on the board.
    pub arrows: Vec<ArrowShape>,
    /// Ink themes' last-move frames around squares that hold a piece,
    /// drawn again over the pieces: the piece's paper halo (and its footing
    /// down to the square's edge) wipes the frame drawn under it, leaving
    /// the box open. Each is one polygon: the square with a square hole.
    pub frames: Vec<ArrowShape>,
    /// Labels on squares, above the arrows.
    pub labels: Vec<SquareLabel>,
    /// Glyph badges, above everything on the board.
    pub glyphs: Vec<GlyphBadge>,
    /// The side-to-move marker of this position's side, if on.
    pub mover: Option<MoverMark>,
    /// Pockets, promotion signs and three-check signs (see [`AroundItems`]).
    pub around: AroundItems,
}

/// What a position puts around (and on) the board besides its pieces:
/// pieces in hand with their count badges, the signs on promoted pieces
/// and the three-check signs. Drawn over the pieces, in that order.
#[derive(Debug, Clone, Default)]
pub struct AroundItems {
    /// Pieces in the pocket trays.
    pub pocket_pieces: Vec<PocketPiece>,
    /// Count badges on pocket slots holding more than one.
    pub badges: Vec<Badge>,
    /// Signs on promoted pieces.
    pub promoted: Vec<Disc>,
    /// Three-check signs.
    pub checks: Vec<ArrowShape>,
}

impl AroundItems {
    /// Whether there is nothing to draw.
    pub fn is_empty(&self) -> bool {
        self.pocket_pieces.is_empty()
            && self.badges.is_empty()
            && self.promoted.is_empty()
            && self.checks.is_empty()
    }

    /// Places what `position` adds on `frame`.
    fn place(position: &Position, frame: &Frame) -> AroundItems {
        let pieces = &frame.sprites.glyphs.pieces;
        let (pocket_pieces, badges) = frame.pockets.place(position, pieces);
        let promoted = position
            .board
            .pieces()
            .filter(|(_, p)| p.promoted)
            .map(|(sq, p)| {
                let one_ink = frame.markup.annotations == Annotations::Ink;
                let room = pockets::SignRoom::of(pieces, Piece::new(p.color, p.role));
                pockets::promoted_sign(frame.board.square_rect(sq), &room, one_ink)
            })
            .collect();
        AroundItems {
            pocket_pieces,
            badges,
            promoted,
            checks: frame.checks.place(position),
        }
    }
}

/// Options that cannot make a diagram.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LayoutError(pub String);

impl std::fmt::Display for LayoutError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LayoutError {}

impl Layout {
    /// The rectangle of `sq` in this orientation.
    pub fn square_rect(&self, sq: Square) -> Rect {
        self.frame.board.square_rect(sq)
    }

    /// Lays out `position` with `options` (builds the frame; to draw many
    /// boards with one set of options, build it once and use
    /// [`Layout::with_frame`]).
    pub fn new(position: &Position, options: &DiagramOptions) -> Result<Layout, LayoutError> {
        let extras = Extras::of(position, options);
        let frame = Arc::new(Frame::with_extras(options, extras)?);
        Ok(Layout::with_frame(position, frame, &options.markup))
    }

    /// Lays out `position` on `frame` with the per-board `markup` (arrows,
    /// X marks and the check glow; the last move and fills are in the
    /// frame already).
    pub fn with_frame(position: &Position, frame: Arc<Frame>, markup: &Markup) -> Layout {
        Layout::laid_out(position, frame, markup, true)
    }

    /// [`Layout::with_frame`] without the title and description, which
    /// only the SVG writes, for an animation's frames, drawn as pixels
    /// (describing the position was a tenth of laying out each frame of a
    /// 100-ply game, `perf`).
    pub(crate) fn for_frames(position: &Position, frame: Arc<Frame>, markup: &Markup) -> Layout {
        Layout::laid_out(position, frame, markup, false)
    }

    /// [`Layout::with_frame`], with its title and description when `words`.
    fn laid_out(position: &Position, frame: Arc<Frame>, markup: &Markup, words: bool) -> Layout {
        let board = &frame.board;
        let checked = match markup.check {
            CheckMark::None => None,
            CheckMark::Auto => position.checked_king(),
            CheckMark::Square(sq) => Some(sq),
        };
        let ink = frame.markup.annotations == Annotations::Ink;
        let glows = checked
            .filter(|_| !ink)
            .map(|sq| Glow::new(board.square_rect(sq), frame.markup.check))
            .into_iter()
            .collect();
        let pieces = position
            .board
            .pieces()
            .map(|(square, piece)| PlacedPiece {
                piece,
                square,
                rect: board.square_rect(square),
            })
            .collect();
        let mut layout = Layout {
            title: if words {
                position.to_string()
            } else {
                String::new()
            },
            description: if words {
                alt::with_lead(position, &frame.lead, markup)
            } else {
                String::new()
            },
            glows,
            pieces,
            crosses: Vec::new(),
            rings: Vec::new(),
            arrows_under: Vec::new(),
            arrows: Vec::new(),
            frames: Vec::new(),
            labels: Vec::new(),
            glyphs: Vec::new(),
            mover: frame.mover(position.turn),
            around: AroundItems::place(position, &frame),
            frame: Arc::clone(&frame),
        };
        layout.place_markup_over(markup);
        if ink {
            let occupied = |sq: &Square| position.board.get(*sq).is_some();
            let squares = markup.lastmove.iter().flat_map(|&(a, b)| [a, b]);
            layout.frames = squares
                .filter(occupied)
                .map(|sq| ink::closed_frame(board.square_rect(sq), frame.markup.lastmove))
                .collect();
        }
        if let Some(sq) = checked.filter(|_| ink) {
            // No casing: the ring crosses the king's own outline, which a
            // paper-coloured band would cut.
            let ring = ink::check_ring(board, sq, frame.markup.check);
            layout.rings.insert(0, ring);
        }
        layout
    }

    fn place_markup_over(&mut self, markup: &Markup) {
        let frame = Arc::clone(&self.frame);
        let board = &frame.board;
        let paint = &frame.markup;
        let sq = board.square;
        let ink = paint.annotations == Annotations::Ink;
        let standing: Vec<Square> = self.pieces.iter().map(|p| p.square).collect();
        let occupied = |square: Square| standing.contains(&square);
        for &mark in &markup.marks {
            let r = board.square_rect(mark);
            let width = sq * paint.mark_width_ratio;
            // In ink the X lies under the piece (see `Layout::items`): on
            // an occupied square it reaches into the corners, where it
            // shows beside the piece.
            let half = if ink && occupied(mark) {
                sq * ink::CROSS_BEHIND_HALF
            } else {
                sq * 0.22
            };
            self.crosses.push(Cross {
                cx: r.x + sq / 2.0,
                cy: r.y + sq / 2.0,
                half,
                width,
                color: ink::paint(paint.annotations, paint.mark),
                casing: paint.mark_casing.map(|h| (h.color, width + 2.0 * h.width)),
            });
        }
        for arrow in &markup.arrows {
            let color = ink::paint(paint.annotations, paint.arrows[arrow.brush as usize]);
            let a = board.square_rect(arrow.from);
            let b = board.square_rect(arrow.to);
            let (ax, ay) = (a.x + sq / 2.0, a.y + sq / 2.0);
            let (bx, by) = (b.x + sq / 2.0, b.y + sq / 2.0);
            if arrow.from == arrow.to {
                let width = sq * 0.075;
                let ring = Ring {
                    cx: ax,
                    cy: ay,
                    r: sq / 2.0 - width / 2.0 - sq * 0.02,
                    width,
                    color,
                    dash: None,
                };
                if ink {
                    self.rings
                        .extend(ink::circle(arrow.brush, ring, paint.mark_casing));
                } else {
                    self.rings.push(ring);
                }
            } else {
                let corner = knight::corner((ax, ay), (bx, by), sq)
                    .filter(|_| !markup.straight_knight_arrows);
                if ink {
                    // Under a piece (see `Layout::items`) the head would
                    // hide beneath it: it stops at the piece instead.
                    let mut b = (bx, by);
                    if occupied(arrow.to) {
                        let from = corner.unwrap_or((ax, ay));
                        let (dx, dy) = (bx - from.0, by - from.1);
                        let len = (dx * dx + dy * dy).sqrt().max(1.0);
                        let back = ink::HEAD_BEFORE_PIECE * sq;
                        b = (bx - dx / len * back, by - dy / len * back);
                    }
                    self.place_ink_arrow(arrow.brush, (ax, ay), corner, b, color);
                } else {
                    let points = match corner {
                        Some(c) => knight::polygon((ax, ay), c, (bx, by), sq, 0.0),
                        None => arrow_polygon((ax, ay), (bx, by), sq, 0.0),
                    };
                    self.arrows.push(ArrowShape {
                        points,
                        color,
                        hole: Vec::new(),
                    });
                }
            }
        }
        let paper = paint.mark_casing.map(|h| h.color);
        for (square, text) in &markup.labels {
            let r = board.square_rect(*square);
            // In ink a label over a piece, on its paper casing, wiped it:
            // there it moves into the square's upper-left corner.
            let corner = ink && occupied(*square);
            self.labels
                .push(square_marks::label(*square, text, r, paper, corner));
        }
        for &(square, glyph) in &markup.glyphs {
            let r = board.square_rect(square);
            let mut badge = square_marks::badge(square, glyph, r, paint.annotations, paper);
            if ink {
                // In ink the badge is opaque paper and ink, and cut a
                // piece's head: it moves onto the square's corner, clear
                // of the piece, inside the board.
                square_marks::to_corner(&mut badge, r, board.board);
            }
            self.glyphs.push(badge);
        }
    }
}

impl Layout {
    /// An arrow in ink, its brush told by its shape ([`ink::arrow_style`]),
    /// as the arrow's parts (one polygon, or dashes and a head). An opaque
    /// arrow over a piece of the same ink would merge with it, so on
    /// haloed themes it gets a paper casing, drawn first. A hollow arrow is
    /// bands over the pieces (the casing outside the ink, the ink, a thin
    /// paper band inside it) around paper laid under the pieces: the piece
    /// it crosses still shows whole inside the hollow, where a paper fill
    /// on top would wipe it out. (Circles get no casing: they cross the
    /// piece's own outline, which a paper band would cut.)
    fn place_ink_arrow(
        &mut self,
        brush: Brush,
        a: (f32, f32),
        corner: Option<(f32, f32)>,
        b: (f32, f32),
        color: Rgba,
    ) {
        let sq = self.frame.board.square;
        let casing = self.frame.markup.mark_casing;
        let (hollow, dashed) = ink::arrow_style(brush);
        let outline = if hollow { ink::hollow_outline(sq) } else { 0.0 };
        let parts = |grow: f32| -> Vec<Vec<(f32, f32)>> {
            match (corner, dashed) {
                (Some(c), true) => knight::dashed(a, c, b, sq, grow),
                (Some(c), false) => vec![knight::polygon(a, c, b, sq, grow)],
                (None, true) => dashed_arrow(a, b, sq, grow),
                (None, false) => vec![arrow_polygon(a, b, sq, grow)],
            }
        };
        let shapes = |grow: f32, color: Rgba| {
            parts(grow).into_iter().map(move |points| ArrowShape {
                points,
                color,
                hole: Vec::new(),
            })
        };
        // Each part grown by `outer` with the same part grown by `inner`
        // left open (the parts correspond: growing never adds a dash).
        let bands = |outer: f32, inner: f32, color: Rgba| {
            parts(outer)
                .into_iter()
                .zip(parts(inner))
                .map(move |(points, hole)| ArrowShape {
                    points,
                    color,
                    hole,
                })
        };
        // The paper of a haloed theme, else white.
        let paper = Rgba {
            a: 255,
            ..casing.map_or(Rgba::rgb(255, 255, 255), |h| h.color)
        };
        let casing_width = casing.map_or(0.0, |h| h.width);
        if !hollow {
            if let Some(h) = casing {
                self.arrows.extend(shapes(outline + h.width, h.color));
            }
            self.arrows.extend(shapes(outline, color));
            return;
        }
        self.arrows_under
            .extend(shapes(outline + casing_width, paper));
        if let Some(h) = casing {
            self.arrows
                .extend(bands(outline + h.width, outline, h.color));
        }
        self.arrows.extend(bands(outline, 0.0, color));
        // A paper band inside the ink parts it from a piece of the same
        // ink; thin, so the piece inside stays in view.
        let inside = casing_width.min(0.03 * sq);
        if inside > 0.0 {
            self.arrows.extend(bands(0.0, -inside, paper));
        }
    }
}

/// The outline of an arrow from `a` to `b` (square centres), shaft and head,
/// grown by `grow` pixels on every side (0 for the arrow itself; more for
/// the casing drawn under it on haloed themes).
fn arrow_polygon(a: (f32, f32), b: (f32, f32), sq: f32, grow: f32) -> Vec<(f32, f32)> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / len, dy / len);
    let (nx, ny) = (-uy, ux);
    let shaft = sq * 0.16 / 2.0;
    let head_half = sq * 0.42 / 2.0;
    let head_len = sq * 0.42;
    // The tip stops short of the centre so the arrow points at the piece
    // without covering it; the tail starts a little off the centre too.
    let tip = len - sq * 0.18;
    let tail = sq * 0.12;
    let at = |along: f32, across: f32| {
        (
            round2(a.0 + ux * along + nx * across),
            round2(a.1 + uy * along + ny * across),
        )
    };
    // Grown: each edge moves out by `grow`. The head's sides slope 1 in 2
    // (half width 0.21, length 0.42), so the tip moves √5 × grow along the
    // axis and the head's corners (1 + √5) / 2 × grow across it.
    let (shaft, tail, base) = (shaft + grow, tail - grow, tip - head_len - grow);
    let (tip, head_half) = (tip + 2.236 * grow, head_half + 1.618 * grow);
    vec![
        at(tail, shaft),
        at(base, shaft),
        at(base, head_half),
        at(tip, 0.0),
        at(base, -head_half),
        at(base, -shaft),
        at(tail, -shaft),
    ]
}

/// A dashed arrow from `a` to `b`: the shaft as dashes laid back from the
/// head (so a dash always meets it), then the head, each grown by `grow`
/// like [`arrow_polygon`].
fn dashed_arrow(a: (f32, f32), b: (f32, f32), sq: f32, grow: f32) -> Vec<Vec<(f32, f32)>> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / len, dy / len);
    let (nx, ny) = (-uy, ux);
    let at = |along: f32, across: f32| {
        (
            round2(a.0 + ux * along + nx * across),
            round2(a.1 + uy * along + ny * across),
        )
    };
    // The geometry of `arrow_polygon`.
    let (shaft, head_half, head_len) = (sq * 0.08, sq * 0.21, sq * 0.42);
    let tip = len - sq * 0.18;
    let (tail, base) = (sq * 0.12, tip - head_len);
    let (dash, gap) = (ink::DASH * sq, ink::GAP * sq);
    let mut parts = Vec::new();
    let mut end = base;
    while end > tail {
        let start = (end - dash).max(tail);
        let (s, e, w) = (start - grow, end + grow, shaft + grow);
        parts.push(vec![at(s, w), at(e, w), at(e, -w), at(s, -w)]);
        end = start - gap;
    }
    let (base, tip, half) = (base - grow, tip + 2.236 * grow, head_half + 1.618 * grow);
    parts.push(vec![at(base, half), at(tip, 0.0), at(base, -half)]);
    parts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::{ArrowSpec, Coordinates};
    use crate::test_support::position;
    use fen2img_chess::{parse, ParseOptions};

    #[test]
    fn ink_arrows_tell_their_brushes_apart_by_shape() {
        let position = parse(
            b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            ParseOptions::default(),
        )
        .unwrap()
        .position;
        // (parts, colours) per brush in print: G one polygon; R the same
        // hollow (ink, then paper inside); Y dashes and a head; B both.
        // Every part also has its paper casing underneath.
        let polygons = |theme: &str, arrow: &str| {
            let options = DiagramOptions {
                theme: crate::assets::theme::Theme::built_in(theme).unwrap(),
                markup: Markup {
                    arrows: vec![ArrowSpec::parse(arrow).unwrap()],
                    ..Markup::default()
                },
                ..DiagramOptions::default()
            };
            Layout::new(&position, &options).unwrap().arrows
        };
        let ink = Rgba::rgb(0, 0, 0);
        let white = Rgba::rgb(255, 255, 255);
        let count =
            |shapes: &[ArrowShape], color: Rgba| shapes.iter().filter(|s| s.color == color).count();
        let g = polygons("print", "Gb1b7");
        assert_eq!((count(&g, ink), count(&g, white)), (1, 1), "G: {g:?}");
        let r = polygons("print", "Rb1b7");
        assert_eq!((count(&r, ink), count(&r, white)), (1, 2), "R: {r:?}");
        // The hollow's ink is wider than the arrow: it lies outside.
        let width = |s: &ArrowShape| {
            let xs = s.points.iter().map(|p| p.0);
            xs.clone().fold(f32::MIN, f32::max) - xs.fold(f32::MAX, f32::min)
        };
        let (outer, inner) = (&r[1], &r[2]);
        assert!(width(outer) > width(inner) + 1.5, "{r:?}");
        let y = polygons("print", "Yb1b7");
        let dashes = count(&y, ink);
        assert!(
            dashes >= 5,
            "Y: a six-square arrow has several dashes: {y:?}"
        );
        assert_eq!(count(&y, white), dashes, "each dash cased");
        assert!(y
            .iter()
            .filter(|s| s.color == ink)
            .all(|s| s.points.len() <= 4));
        let b = polygons("print", "Bb1b7");
        assert_eq!((count(&b, ink), count(&b, white)), (dashes, 2 * dashes));
        // Screen themes keep one translucent polygon per arrow.
        for arrow in ["Gb1b7", "Rb1b7", "Yb1b7", "Bb1b7"] {
            let shapes = polygons("brown", arrow);
            assert_eq!(shapes.len(), 1, "{arrow}");
            assert!(shapes[0].color.a < 255);
        }
    }

    #[test]
    fn squares_are_whole_pixels_and_fit_the_image() {
        let p = Position::default();
        for size in [32, 100, 399, 400, 401, 720, 1000, 4096] {
            for coordinates in [Coordinates::Outside, Coordinates::Inside, Coordinates::None] {
                let options = DiagramOptions {
                    size,
                    coordinates,
                    ..DiagramOptions::default()
                };
                let l = Layout::new(&p, &options).unwrap();
                assert_eq!(l.frame.board.square.fract(), 0.0);
                assert_eq!(l.frame.board.board.x.fract(), 0.0);
                assert!(
                    l.frame.board.board.x >= 0.0
                        && l.frame.board.board.x + l.frame.board.board.w <= size as f32
                );
                let (outer, _) = l.frame.board.border.unwrap();
                assert!(outer.x >= 0.0 && outer.x + outer.w <= size as f32);
            }
        }
    }

    #[test]
    fn size_limits_are_errors() {
        let p = Position::default();
        for size in [0, 31, 4097, 100_000] {
            let options = DiagramOptions {
                size,
                ..DiagramOptions::default()
            };
            let e = Layout::new(&p, &options).unwrap_err();
            assert!(e.0.contains("32 to 4096"), "{e}");
        }
    }

    #[test]
    fn a_piece_on_e4_lands_in_the_e4_square_both_ways() {
        let p = position("8/8/8/8/4P3/8/8/8 w - - 0 1");
        for flip in [false, true] {
            for coordinates in [Coordinates::Outside, Coordinates::Inside, Coordinates::None] {
                let options = DiagramOptions {
                    flip,
                    coordinates,
                    ..DiagramOptions::default()
                };
                let l = Layout::new(&p, &options).unwrap();
                let piece = l.pieces[0];
                let (col, row) = if flip { (3.0, 3.0) } else { (4.0, 4.0) };
                assert_eq!(
                    piece.rect.x,
                    l.frame.board.board.x + col * l.frame.board.square
                );
                assert_eq!(
                    piece.rect.y,
                    l.frame.board.board.y + row * l.frame.board.square
                );
            }
        }
    }

    #[test]
    fn mover_marker_sits_on_the_movers_side() {
        for (fen, flip, bottom) in [
            ("8/8/8/8/8/8/8/8 w - - 0 1", false, true),
            ("8/8/8/8/8/8/8/8 b - - 0 1", false, false),
            ("8/8/8/8/8/8/8/8 w - - 0 1", true, false),
            ("8/8/8/8/8/8/8/8 b - - 0 1", true, true),
        ] {
            let options = DiagramOptions {
                flip,
                ..DiagramOptions::default()
            };
            let l = Layout::new(&position(fen), &options).unwrap();
            let m = l.mover.unwrap();
            assert!(
                m.cx > l.frame.board.board.x + l.frame.board.board.w,
                "right of the board"
            );
            assert_eq!(
                m.cy > l.frame.board.board.y + l.frame.board.board.h / 2.0,
                bottom,
                "{fen} {flip}"
            );
        }
    }

    #[test]
    fn outside_labels_are_outside_and_inside_labels_inside() {
        let p = Position::default();
        let l = Layout::new(&p, &DiagramOptions::default()).unwrap();
        assert_eq!(l.frame.board.labels.len(), 16);
        let font = LabelFont::get();
        for label in &l.frame.board.labels {
            let ink = font.glyph(label.ch).unwrap().path.bounds();
            let (left, right) = (
                label.x + ink.left() * label.scale,
                label.x + ink.right() * label.scale,
            );
            let top = label.y + ink.top() * label.scale;
            if label.ch.is_ascii_digit() {
                assert!(
                    left >= 0.0 && right <= l.frame.board.board.x,
                    "rank label left of the board: {label:?}"
                );
            } else {
                assert!(
                    top >= l.frame.board.board.y + l.frame.board.board.h,
                    "file label below the board: {label:?}"
                );
                assert!(label.y + ink.bottom() * label.scale <= l.frame.height() as f32);
            }
        }
        let options = DiagramOptions {
            coordinates: Coordinates::Inside,
            ..DiagramOptions::default()
        };
        let l = Layout::new(&p, &options).unwrap();
        for label in &l.frame.board.labels {
            assert!(
                label.x >= l.frame.board.board.x
                    && label.x < l.frame.board.board.x + l.frame.board.board.w,
                "{label:?}"
            );
        }
    }
}
