//! The layout stage: where everything goes, decided once for every writer.
//!
//! Geometry is in output pixels with the origin at the top-left corner. The
//! square size and the board's corner are whole numbers, so square edges fall
//! on pixel boundaries at every `--size` (no blurred seams between squares),
//! and a rasterizer can compose pre-rendered pieces at integer offsets. The
//! SVG writer uses the same numbers as its user units, so SVG and PNG agree.

use crate::color::Rgba;
use crate::describe::describe;
use crate::labels::{LabelFont, BASELINE};
use crate::pieces::PieceSet;
use crate::position::{Color, Piece, Position, Square};
use crate::theme::{Hatch, Theme};

/// Smallest and largest `--size` accepted, in pixels.
pub const SIZE_RANGE: std::ops::RangeInclusive<u32> = 32..=4096;

/// Default `--size`.
pub const DEFAULT_SIZE: u32 = 400;

/// Margin around the board, in squares, when anything is drawn outside it.
const MARGIN: f32 = 0.40;
/// Cap height of outside labels, in squares.
const OUTSIDE_LABEL_CAP: f32 = 0.24;
/// Cap height of inside (corner) labels, in squares.
const INSIDE_LABEL_CAP: f32 = 0.19;
/// Gap between a corner label and the square's edge, in squares.
const INSIDE_LABEL_INSET: f32 = 0.055;

/// Where board coordinates go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Coordinates {
    /// Rank numbers left and file letters below, in a margin (as in print).
    #[default]
    Outside,
    /// Small labels in the corners of the edge squares.
    Inside,
    /// No coordinates.
    None,
}

/// The colour prefix of an arrow or circle (`G`, `R`, `Y`, `B`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Brush {
    /// `G`.
    Green,
    /// `R`.
    Red,
    /// `Y`.
    Yellow,
    /// `B`.
    Blue,
}

/// An arrow between two squares, or a circle when both are the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArrowSpec {
    /// Colour.
    pub brush: Brush,
    /// Start square.
    pub from: Square,
    /// End square.
    pub to: Square,
}

impl ArrowSpec {
    /// Parses `Ge2e4`, `e2e4` (green), or `Re4` / `Re4e4` (a circle).
    pub fn parse(text: &str) -> Option<ArrowSpec> {
        // Square names are ASCII; anything else is refused before slicing.
        if !text.is_ascii() {
            return None;
        }
        let (brush, rest) = match text.as_bytes().first()? {
            b'G' => (Brush::Green, &text[1..]),
            b'R' => (Brush::Red, &text[1..]),
            b'Y' => (Brush::Yellow, &text[1..]),
            b'B' => (Brush::Blue, &text[1..]),
            _ => (Brush::Green, text),
        };
        let (from, to) = match rest.len() {
            2 => (Square::parse(rest)?, Square::parse(rest)?),
            4 => (Square::parse(&rest[..2])?, Square::parse(&rest[2..])?),
            _ => return None,
        };
        Some(ArrowSpec { brush, from, to })
    }
}

/// Which king, if any, gets the check glow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CheckMark {
    /// No glow.
    #[default]
    None,
    /// The king of the side to move, when it is attacked.
    Auto,
    /// The piece on this square.
    Square(Square),
}

/// Highlights and annotations drawn on the board.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Markup {
    /// The last move's two squares, tinted.
    pub lastmove: Option<(Square, Square)>,
    /// The check glow.
    pub check: CheckMark,
    /// Arrows and circles, drawn above the pieces.
    pub arrows: Vec<ArrowSpec>,
    /// Squares marked with an X.
    pub marks: Vec<Square>,
    /// Squares filled with a colour.
    pub fills: Vec<(Square, Rgba)>,
}

/// Everything that decides how a diagram looks.
#[derive(Debug, Clone)]
pub struct DiagramOptions {
    /// Image width (and height) in pixels. Default 400.
    pub size: u32,
    /// Black at the bottom. Default `false`.
    pub flip: bool,
    /// Coordinates. Default outside.
    pub coordinates: Coordinates,
    /// The side-to-move marker beside the board. Default `true`.
    pub side_to_move: bool,
    /// The frame around the board (its width comes from the theme). Default `true`.
    pub border: bool,
    /// Transparent margin instead of the theme's background. Default `false`.
    pub transparent: bool,
    /// Colours. Default `brown`.
    pub theme: Theme,
    /// Piece drawings. Default: the project's own set.
    pub pieces: PieceSet,
    /// Highlights, arrows and marks. Default none.
    pub markup: Markup,
}

impl Default for DiagramOptions {
    fn default() -> Self {
        DiagramOptions {
            size: DEFAULT_SIZE,
            flip: false,
            coordinates: Coordinates::Outside,
            side_to_move: true,
            border: true,
            transparent: false,
            theme: Theme::default(),
            pieces: PieceSet::default(),
            markup: Markup::default(),
        }
    }
}

/// An axis-aligned rectangle in pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
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
#[derive(Debug, Clone, Copy, PartialEq)]
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

/// A coordinate label glyph at its place.
#[derive(Debug, Clone, Copy, PartialEq)]
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
}

/// A radial glow under a piece (check).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Glow {
    /// The square's rectangle; the glow is centred in it and clipped to it.
    pub rect: Rect,
    /// Colour at the centre, fading to transparent at the edge.
    pub color: Rgba,
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
}

/// An arrow outline (shaft and head as one polygon, so a translucent arrow
/// has no darker overlap).
#[derive(Debug, Clone, PartialEq)]
pub struct ArrowShape {
    /// Polygon corners, in order.
    pub points: Vec<(f32, f32)>,
    /// Fill colour with alpha.
    pub color: Rgba,
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
}

/// The side-to-move marker.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoverMark {
    /// Centre.
    pub cx: f32,
    /// Centre.
    pub cy: f32,
    /// Radius to the middle of the outline.
    pub r: f32,
    /// Outline width.
    pub stroke_width: f32,
    /// Whose move it is (fill white or black).
    pub color: Color,
}

/// A band of paper colour around pieces (and inside labels), so they stand
/// clear of hatched squares.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Halo {
    /// Colour of the band.
    pub color: Rgba,
    /// Width of the band beyond the outline, in pixels.
    pub width: f32,
}

/// Ink of the mover marker's outline and of black's disc: the pieces' ink.
pub const INK: Rgba = Rgba::rgb(0x1a, 0x1a, 0x1a);

/// Everything a writer draws, in drawing order from the bottom.
#[derive(Debug, Clone)]
pub struct Layout {
    /// The position's canonical FEN (the SVG `<title>`).
    pub title: String,
    /// The plain-language description (the SVG `<desc>`, `--alt`).
    pub description: String,
    /// The piece drawings the writers use.
    pub glyphs: PieceSet,
    /// Image width in pixels.
    pub width: u32,
    /// Image height in pixels.
    pub height: u32,
    /// Fill of the whole image; `None` is transparent.
    pub background: Option<Rgba>,
    /// Frame behind the board: the rectangle and its colour.
    pub frame: Option<(Rect, Rgba)>,
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
    /// Hatching over dark squares, line spacing and width in pixels.
    pub hatch: Option<Hatch>,
    /// Last-move and `--fill` tints, over the squares.
    pub tints: Vec<Tint>,
    /// Check glows, under the pieces.
    pub glows: Vec<Glow>,
    /// Coordinate labels.
    pub labels: Vec<PlacedLabel>,
    /// Halo drawn under each piece, and under labels when `labels_haloed`.
    pub halo: Option<Halo>,
    /// Whether labels get the halo (they do inside the board).
    pub labels_haloed: bool,
    /// Pieces.
    pub pieces: Vec<PlacedPiece>,
    /// X marks, above the pieces.
    pub crosses: Vec<Cross>,
    /// Circles, above the pieces.
    pub rings: Vec<Ring>,
    /// Arrows, above everything on the board.
    pub arrows: Vec<ArrowShape>,
    /// The side-to-move marker.
    pub mover: Option<MoverMark>,
    /// The marker the same options draw for the other side to move, so a
    /// rasterizer can prepare both once.
    pub mover_alternative: Option<MoverMark>,
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
        square_rect(self.board, self.square, self.flipped, sq)
    }

    /// Lays out `position` with `options`.
    pub fn new(position: &Position, options: &DiagramOptions) -> Result<Layout, LayoutError> {
        if !SIZE_RANGE.contains(&options.size) {
            return Err(LayoutError(format!(
                "size {} is out of range: give a width from {} to {} pixels",
                options.size,
                SIZE_RANGE.start(),
                SIZE_RANGE.end()
            )));
        }
        let theme = &options.theme;
        let size = options.size as f32;
        let outside = options.coordinates == Coordinates::Outside || options.side_to_move;
        let margin_ratio = if outside { MARGIN } else { 0.0 };
        let frame_ratio = if options.border {
            theme.border_width
        } else {
            0.0
        };
        let square = (size / (8.0 + 2.0 * margin_ratio + 2.0 * frame_ratio))
            .floor()
            .max(1.0);
        let frame = if frame_ratio > 0.0 {
            (frame_ratio * square).round().max(1.0)
        } else {
            0.0
        };
        let board_side = 8.0 * square;
        let offset = ((size - board_side) / 2.0).floor();
        let board = Rect {
            x: offset,
            y: offset,
            w: board_side,
            h: board_side,
        };
        let mut layout = Layout {
            title: position.to_string(),
            description: describe(position),
            glyphs: options.pieces.clone(),
            width: options.size,
            height: options.size,
            background: if options.transparent {
                None
            } else {
                theme.background
            },
            frame: (frame > 0.0).then_some({
                (
                    Rect {
                        x: board.x - frame,
                        y: board.y - frame,
                        w: board_side + 2.0 * frame,
                        h: board_side + 2.0 * frame,
                    },
                    theme.border,
                )
            }),
            board,
            square,
            flipped: options.flip,
            light: theme.light,
            dark: theme.dark,
            hatch: theme.hatch.map(|h| Hatch {
                spacing: (h.spacing * square).max(2.0),
                width: (h.width * square).max(0.6),
                ..h
            }),
            tints: Vec::new(),
            glows: Vec::new(),
            labels: Vec::new(),
            halo: theme.halo.map(|color| Halo {
                color,
                width: (theme.halo_width * square).max(0.75),
            }),
            labels_haloed: options.coordinates == Coordinates::Inside,
            pieces: Vec::new(),
            crosses: Vec::new(),
            rings: Vec::new(),
            arrows: Vec::new(),
            mover: None,
            mover_alternative: None,
        };
        layout.place_markup_under(position, options);
        for (sq, piece) in position.board.pieces() {
            let rect = layout.square_rect(sq);
            layout.pieces.push(PlacedPiece {
                piece,
                square: sq,
                rect,
            });
        }
        layout.place_labels(options, frame);
        layout.place_markup_over(options);
        if options.side_to_move {
            layout.mover = Some(layout.mover_mark(position.turn, frame));
            layout.mover_alternative = Some(layout.mover_mark(position.turn.opponent(), frame));
        }
        Ok(layout)
    }

    fn place_markup_under(&mut self, position: &Position, options: &DiagramOptions) {
        let markup = &options.markup;
        if let Some((from, to)) = markup.lastmove {
            for sq in [from, to] {
                self.tints.push(Tint {
                    rect: self.square_rect(sq),
                    color: options.theme.lastmove,
                });
            }
        }
        for &(sq, color) in &markup.fills {
            self.tints.push(Tint {
                rect: self.square_rect(sq),
                color,
            });
        }
        let checked = match markup.check {
            CheckMark::None => None,
            CheckMark::Auto => position.checked_king(),
            CheckMark::Square(sq) => Some(sq),
        };
        if let Some(sq) = checked {
            self.glows.push(Glow {
                rect: self.square_rect(sq),
                color: options.theme.check,
            });
        }
    }

    fn place_markup_over(&mut self, options: &DiagramOptions) {
        let sq = self.square;
        for &mark in &options.markup.marks {
            let r = self.square_rect(mark);
            self.crosses.push(Cross {
                cx: r.x + sq / 2.0,
                cy: r.y + sq / 2.0,
                half: sq * 0.22,
                width: sq * 0.09,
                color: options.theme.mark,
            });
        }
        for arrow in &options.markup.arrows {
            let color = options.theme.arrows[arrow.brush as usize];
            let a = self.square_rect(arrow.from);
            let b = self.square_rect(arrow.to);
            let (ax, ay) = (a.x + sq / 2.0, a.y + sq / 2.0);
            let (bx, by) = (b.x + sq / 2.0, b.y + sq / 2.0);
            if arrow.from == arrow.to {
                let width = sq * 0.075;
                self.rings.push(Ring {
                    cx: ax,
                    cy: ay,
                    r: sq / 2.0 - width / 2.0 - sq * 0.02,
                    width,
                    color,
                });
            } else {
                self.arrows.push(ArrowShape {
                    points: arrow_polygon((ax, ay), (bx, by), sq),
                    color,
                });
            }
        }
    }

    fn place_labels(&mut self, options: &DiagramOptions, frame: f32) {
        let font = LabelFont::get();
        let sq = self.square;
        let board = self.board;
        let files = |i: u8| if self.flipped { 7 - i } else { i };
        let ranks = |i: u8| if self.flipped { i } else { 7 - i };
        match options.coordinates {
            Coordinates::None => {}
            Coordinates::Outside => {
                let scale = OUTSIDE_LABEL_CAP * sq / font.cap_height;
                let color = options.theme.coordinates;
                // The margin's width, outside the frame.
                let gap = board.x - frame;
                // Rank numbers: centred in the left margin, cap height
                // centred on the rank.
                for row in 0..8u8 {
                    let ch = (b'1' + ranks(row)) as char;
                    let Some(g) = font.glyph(ch) else { continue };
                    let cx = gap / 2.0;
                    let cy = board.y + sq * (row as f32 + 0.5);
                    self.labels.push(PlacedLabel {
                        ch,
                        x: cx - g.advance * scale / 2.0,
                        y: cy + font.cap_height * scale / 2.0 - BASELINE * scale,
                        scale,
                        color,
                    });
                }
                // File letters: centred under each file, the cap-height band
                // centred in the bottom margin (the same band as the digits,
                // so letters with and without ascenders share a baseline).
                for col in 0..8u8 {
                    let ch = (b'a' + files(col)) as char;
                    let Some(g) = font.glyph(ch) else { continue };
                    let cx = board.x + sq * (col as f32 + 0.5);
                    let band_mid = board.y + board.h + frame + gap / 2.0;
                    let baseline = band_mid + font.cap_height * scale / 2.0;
                    self.labels.push(PlacedLabel {
                        ch,
                        x: cx - g.advance * scale / 2.0,
                        y: baseline - BASELINE * scale,
                        scale,
                        color,
                    });
                }
            }
            Coordinates::Inside => {
                let scale = INSIDE_LABEL_CAP * sq / font.cap_height;
                let inset = (INSIDE_LABEL_INSET * sq).max(1.0);
                let theme = &options.theme;
                // On a square, a label takes the other square colour; on
                // hatched (print) squares the ink colour reads best.
                let ink = |sq: Square| {
                    if theme.hatch.is_some() {
                        theme.coordinates
                    } else if sq.is_dark() {
                        theme.light
                    } else {
                        theme.dark
                    }
                };
                for row in 0..8u8 {
                    let rank = ranks(row);
                    let ch = (b'1' + rank) as char;
                    let Some(g) = font.glyph(ch) else { continue };
                    let file = files(0);
                    let square = Square::new(file, rank).expect("in range");
                    let r = self.square_rect(square);
                    // Top-left corner; the glyph's own side bearing is
                    // removed so the ink sits `inset` from the edge.
                    let bearing = g.path.bounds().left() * scale;
                    self.labels.push(PlacedLabel {
                        ch,
                        x: r.x + inset - bearing,
                        y: r.y + inset + font.cap_height * scale - BASELINE * scale,
                        scale,
                        color: ink(square),
                    });
                }
                for col in 0..8u8 {
                    let file = files(col);
                    let ch = (b'a' + file) as char;
                    let Some(g) = font.glyph(ch) else { continue };
                    let rank = ranks(7);
                    let square = Square::new(file, rank).expect("in range");
                    let r = self.square_rect(square);
                    // Bottom-right corner, aligned on the ink's right edge; one
                    // baseline for all letters, high enough for the g's tail.
                    let ink_right = g.path.bounds().right() * scale;
                    let baseline = r.y + r.h - inset - font.descender * scale;
                    self.labels.push(PlacedLabel {
                        ch,
                        x: r.x + r.w - inset - ink_right,
                        y: baseline - BASELINE * scale,
                        scale,
                        color: ink(square),
                    });
                }
            }
        }
    }

    fn mover_mark(&self, turn: Color, frame: f32) -> MoverMark {
        let sq = self.square;
        let gap = self.board.x - frame;
        let at_bottom = (turn == Color::White) != self.flipped;
        let r = (sq * 0.17).min(gap * 0.36);
        let stroke_width = (sq * 0.035).max(1.0);
        let cx = self.board.x + self.board.w + frame + gap / 2.0;
        let cy = if at_bottom {
            self.board.y + self.board.h - sq / 2.0
        } else {
            self.board.y + sq / 2.0
        };
        MoverMark {
            cx,
            cy,
            r,
            stroke_width,
            color: turn,
        }
    }

    /// Whether anything is drawn over the pieces (X marks, circles, arrows).
    /// Tints and glows lie under the pieces, like the squares.
    pub fn has_overlay(&self) -> bool {
        !(self.crosses.is_empty() && self.rings.is_empty() && self.arrows.is_empty())
    }
}

fn square_rect(board: Rect, square: f32, flipped: bool, sq: Square) -> Rect {
    let (col, row) = if flipped {
        (7 - sq.file(), sq.rank())
    } else {
        (sq.file(), 7 - sq.rank())
    };
    Rect {
        x: board.x + col as f32 * square,
        y: board.y + row as f32 * square,
        w: square,
        h: square,
    }
}

/// The outline of an arrow from `a` to `b` (square centres), shaft and head.
fn arrow_polygon(a: (f32, f32), b: (f32, f32), sq: f32) -> Vec<(f32, f32)> {
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
    vec![
        at(tail, shaft),
        at(tip - head_len, shaft),
        at(tip - head_len, head_half),
        at(tip, 0.0),
        at(tip - head_len, -head_half),
        at(tip - head_len, -shaft),
        at(tail, -shaft),
    ]
}

/// Rounds to 1/100 pixel: keeps SVG output short and identical everywhere.
fn round2(v: f32) -> f32 {
    (v * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::{parse, ParseOptions};

    fn position(fen: &str) -> Position {
        parse(fen.as_bytes(), ParseOptions::default())
            .unwrap()
            .position
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
                assert_eq!(l.square.fract(), 0.0);
                assert_eq!(l.board.x.fract(), 0.0);
                assert!(l.board.x >= 0.0 && l.board.x + l.board.w <= size as f32);
                let (outer, _) = l.frame.unwrap();
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
                assert_eq!(piece.rect.x, l.board.x + col * l.square);
                assert_eq!(piece.rect.y, l.board.y + row * l.square);
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
            assert!(m.cx > l.board.x + l.board.w, "right of the board");
            assert_eq!(m.cy > l.board.y + l.board.h / 2.0, bottom, "{fen} {flip}");
        }
    }

    #[test]
    fn outside_labels_are_outside_and_inside_labels_inside() {
        let p = Position::default();
        let l = Layout::new(&p, &DiagramOptions::default()).unwrap();
        assert_eq!(l.labels.len(), 16);
        let font = LabelFont::get();
        for label in &l.labels {
            let ink = font.glyph(label.ch).unwrap().path.bounds();
            let (left, right) = (
                label.x + ink.left() * label.scale,
                label.x + ink.right() * label.scale,
            );
            let top = label.y + ink.top() * label.scale;
            if label.ch.is_ascii_digit() {
                assert!(
                    left >= 0.0 && right <= l.board.x,
                    "rank label left of the board: {label:?}"
                );
            } else {
                assert!(
                    top >= l.board.y + l.board.h,
                    "file label below the board: {label:?}"
                );
                assert!(label.y + ink.bottom() * label.scale <= l.height as f32);
            }
        }
        let options = DiagramOptions {
            coordinates: Coordinates::Inside,
            ..DiagramOptions::default()
        };
        let l = Layout::new(&p, &options).unwrap();
        for label in &l.labels {
            assert!(
                label.x >= l.board.x && label.x < l.board.x + l.board.w,
                "{label:?}"
            );
        }
    }

    #[test]
    fn arrows_parse_like_python_chess() {
        let a = ArrowSpec::parse("Ge2e4").unwrap();
        assert_eq!(
            (a.brush, a.from.to_string(), a.to.to_string()),
            (Brush::Green, "e2".into(), "e4".into())
        );
        assert_eq!(ArrowSpec::parse("e2e4").unwrap().brush, Brush::Green);
        let c = ArrowSpec::parse("Rd4").unwrap();
        assert_eq!((c.brush, c.from), (Brush::Red, c.to));
        assert!(ArrowSpec::parse("Xe2e4").is_none());
        assert!(ArrowSpec::parse("e2e9").is_none());
        assert!(ArrowSpec::parse("aé4").is_none());
        assert!(ArrowSpec::parse("Gaé4").is_none());
    }
}
