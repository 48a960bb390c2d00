//! The display list's items ([`Item`]) and the layers they are drawn in
//! ([`Layer`]): what every writer matches on. Apart from `display`, which
//! builds the list from a [`Layout`](super::Layout), so that the parent
//! can re-export them without importing the module that reads it.

use crate::assets::color::Rgba;
use crate::assets::theme::Hatch;

use super::frame::BoardSpec;
use super::items::{
    ArrowShape, Cross, Glow, Halo, MoverMark, PlacedLabel, PlacedPiece, Rect, Ring,
};
use super::pockets::{Badge, Disc, PocketPiece};
use super::square_marks::{GlyphBadge, SquareLabel};
use super::text::PlacedText;

/// One thing to draw, with its paint resolved.
#[derive(Debug, Clone, Copy)]
pub enum Item<'a> {
    /// The whole image filled with a colour (absent: transparent).
    Background(Rgba),
    /// A filled rectangle: the frame, the light squares' area, a tint, a
    /// pocket tray.
    Rect(Rect, Rgba),
    /// The 32 dark squares of `board`, filled with a colour.
    DarkSquares(&'a BoardSpec, Rgba),
    /// Hatching over the dark squares of `board`.
    Hatch(&'a BoardSpec, Hatch),
    /// A check glow.
    Glow(&'a Glow),
    /// Coordinate labels, each over its casing when it has one.
    Labels(&'a [PlacedLabel]),
    /// Coordinate labels inside the board's corner squares, each over its
    /// casing, drawn over the pieces: the corners reach under wide pieces
    /// (a rook's base), which would hide them, and the casing keeps a gap
    /// between a label and the piece it would touch. A casing in the
    /// colour of the label's square is painted again with the check glow
    /// of these on that square ([`PlacedLabel::glow_under`]), so it shows
    /// the square as drawn.
    CornerLabels(&'a [PlacedLabel], &'a [Glow]),
    /// A disc beside a player's name (in that player's colour).
    Disc(&'a Disc),
    /// A run of text (caption, number, player bar), drawn from the
    /// embedded font's outlines.
    Text(&'a PlacedText),
    /// The halo under every piece (all of them before any piece, so no
    /// halo covers a neighbouring piece).
    PieceHalos(&'a [PlacedPiece], Halo),
    /// The pieces.
    Pieces(&'a [PlacedPiece]),
    /// Pieces in hand, each in a square-sized pocket slot (the board's
    /// own sprites, without halos).
    PocketPieces(&'a [PocketPiece]),
    /// The count on a pocket slot holding more than one piece.
    Badge(&'a Badge),
    /// The sign on a promoted piece (crazyhouse `~`).
    PromotedSign(&'a Disc),
    /// An X mark.
    Cross(&'a Cross),
    /// A circle around a square.
    Ring(&'a Ring),
    /// A filled polygon: an arrow, a three-check sign, or print's
    /// last-move frame over a piece.
    Polygon(&'a ArrowShape),
    /// A label on a square, over its casing.
    SquareLabel(&'a SquareLabel),
    /// A glyph's badge in a square's corner.
    GlyphBadge(&'a GlyphBadge),
    /// The side-to-move marker.
    Mover(&'a MoverMark),
}

/// Where an item sits in the stack, which is what a rasterizer's caches
/// follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Layer {
    /// Under the pieces, drawn only from the frame's board and the
    /// position's check glows: what a rasterizer keeps as the background.
    Background,
    /// Piece halos and pieces: sprite copies.
    Pieces,
    /// Drawn per board over the background: count badges, promotion and
    /// three-check signs, X marks, circles, arrows, over the pieces; on
    /// one-ink themes the X marks, circles and arrows come before the
    /// pieces (under them), so only the background is a prefix of the
    /// list that a writer may cache.
    Overlay,
    /// The side-to-move marker, beside the board.
    Marker,
}

impl Item<'_> {
    /// The layer this item belongs to.
    pub fn layer(&self) -> Layer {
        match self {
            Item::Background(_)
            | Item::Rect(..)
            | Item::DarkSquares(..)
            | Item::Hatch(..)
            | Item::Glow(_)
            | Item::Labels(..)
            | Item::Disc(_)
            | Item::Text(_) => Layer::Background,
            Item::PieceHalos(..)
            | Item::Pieces(_)
            | Item::CornerLabels(..)
            | Item::PocketPieces(_) => Layer::Pieces,
            Item::Badge(_)
            | Item::PromotedSign(_)
            | Item::Cross(_)
            | Item::Ring(_)
            | Item::Polygon(_)
            | Item::SquareLabel(_)
            | Item::GlyphBadge(_) => Layer::Overlay,
            Item::Mover(_) => Layer::Marker,
        }
    }
}
