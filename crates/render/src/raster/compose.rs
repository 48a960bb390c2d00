//! The last step of every palette picture: a background's indices filled
//! in, then the mover markers' patches and one index tile per piece pasted
//! over it. The still boards' tile sets (`indexed`), games' kinds of square
//! (`game_tiles`) and boards that differ in their marks (`marked_tiles`)
//! keep their tiles differently, and all of them lay a board out here.

use resvg::tiny_skia::IntRect;

use crate::layout::{Item, Layout};
use fen2img_chess::Color;

/// A kind of square's index tiles, one per piece, as [`compose`] reads
/// them.
pub(super) trait PieceTiles {
    /// The tile of the piece with [`Piece::index`](fen2img_chess::Piece::index) `piece` (`None` or an
    /// empty tile: nothing is pasted).
    fn tile(&self, piece: usize) -> Option<&[u8]>;

    /// A rectangle of that tile (in the tile's pixels) and its indices,
    /// pasted over the tile: where a labelled square differs from its
    /// ground. None unless the tiles are kept that way.
    fn patch(&self, _piece: usize) -> Option<(IntRect, &[u8])> {
        None
    }
}

impl PieceTiles for [Vec<u8>; 12] {
    fn tile(&self, piece: usize) -> Option<&[u8]> {
        self.get(piece).map(Vec::as_slice)
    }
}

/// Lays the marker patches and piece tiles of `layout` over `indices` (its
/// background, filled in): `tiles[class]`'s tile of each piece.
pub(super) fn compose<T: PieceTiles + ?Sized>(
    layout: &Layout,
    indices: &mut [u8],
    markers: &[(Color, IntRect, Vec<u8>)],
    class_of: &[u8; 64],
    tiles: &[&T],
) {
    let width = layout.frame.width() as usize;
    let size = layout.frame.board.square as usize;
    for item in layout.items() {
        match item {
            Item::Mover(m) => {
                for (_, rect, patch) in markers.iter().filter(|t| t.0 == m.color) {
                    paste(
                        indices,
                        width,
                        rect.x() as usize,
                        rect.y() as usize,
                        rect.width() as usize,
                        patch,
                    );
                }
            }
            Item::Pieces(pieces) => {
                for p in pieces {
                    let Some(class) = tiles.get(class_of[p.square.index()] as usize) else {
                        continue;
                    };
                    let (x, y) = (p.rect.x as usize, p.rect.y as usize);
                    if let Some(tile) = class.tile(p.piece.index()) {
                        paste(indices, width, x, y, size, tile);
                        if let Some((r, rows)) = class.patch(p.piece.index()) {
                            let (px, py) = (x + r.x() as usize, y + r.y() as usize);
                            paste(indices, width, px, py, r.width() as usize, rows);
                        }
                    }
                }
            }
            // In the background's runs.
            Item::Background(_)
            | Item::Rect(..)
            | Item::DarkSquares(..)
            | Item::Hatch(..)
            | Item::Glow(_)
            | Item::Labels(..)
            | Item::Disc(_)
            | Item::Text(_) => {}
            // In the piece tiles (and, on empty squares, in the runs).
            Item::PieceHalos(..) | Item::CornerLabels(..) => {}
            // Boards with an overlay or pockets do not take this path
            // (`has_overlay`).
            Item::PocketPieces(_)
            | Item::Badge(_)
            | Item::PromotedSign(_)
            | Item::Cross(_)
            | Item::Ring(_)
            | Item::Polygon(_)
            | Item::SquareLabel(_)
            | Item::GlyphBadge(_) => {}
        }
    }
}

/// Copies the rows of `patch` (`w` wide) into an image `width` wide with
/// its top-left corner at (`x`, `y`).
pub(super) fn paste(image: &mut [u8], width: usize, x: usize, y: usize, w: usize, patch: &[u8]) {
    for (row, src) in patch.chunks_exact(w).enumerate() {
        let at = (y + row) * width + x;
        image[at..at + w].copy_from_slice(src);
    }
}
