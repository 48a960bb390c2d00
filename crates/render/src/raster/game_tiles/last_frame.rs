//! The frame an animation drew last over its base, and the next frame
//! made from it ([`LastFrame::change`]): only the squares whose kind or
//! piece changed laid again, and the side-to-move marker moved.

use std::sync::Arc;

use resvg::tiny_skia::IntRect;

use super::base::GameBase;
use super::square::GameSquare;
use crate::layout::{Layout, PlacedText};
use crate::raster::compose::{paste, PieceTiles};
use crate::raster::indexed::square_rect;
use fen2img_chess::{Color, Square};

/// What a frame drawn over a game's base shows square by square, kept so
/// that the next frame over it is that frame with only the squares whose
/// kind or piece changed drawn again, and the side-to-move marker. Laying
/// all 64 squares and copying the base was a fifth of a 100-ply game's
/// time (`perf`, `POST /game.gif` at 720 px); a move changes two to four
/// squares. The frame itself is the game's [`Drawing`](super::drawing::Drawing).
#[derive(Debug)]
pub(super) struct LastFrame {
    pub(super) base: Arc<GameBase>,
    /// Each square's kind and piece, by [`Square::index`].
    pub(super) squares: Vec<(Arc<GameSquare>, Option<usize>)>,
    /// Whose side-to-move marker it shows.
    pub(super) mover: Option<Color>,
    /// Its texts (player bars, a caption), left as they are.
    pub(super) texts: Vec<PlacedText>,
}

impl LastFrame {
    /// Changes `indices` (this frame, rows of `width`) into `layout`'s
    /// frame (drawn over `base`, its texts touching no square, `squares`
    /// its squares' kinds and `pieces` their pieces, `mover` its marker's
    /// side): the squares whose kind or piece changed laid again, the
    /// marker moved, each rectangle's earlier indices kept in `patches`.
    /// `false`, and nothing changed, when this frame was not drawn over
    /// `base` with the same texts, or a piece's tile is not drawn.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn change(
        &mut self,
        layout: &Layout,
        base: &Arc<GameBase>,
        squares: &[Arc<GameSquare>],
        pieces: &[Option<usize>; 64],
        mover: Option<Color>,
        indices: &mut [u8],
        width: usize,
        patches: &mut Patches,
    ) -> bool {
        let drawn =
            |sq: Square| pieces[sq.index()].is_none_or(|p| squares[sq.index()].tile(p).is_some());
        if !Square::all().all(drawn) {
            return false;
        }
        if !Arc::ptr_eq(&self.base, base) || self.texts != layout.frame.board.texts {
            return false;
        }
        let last = self;
        let size = layout.frame.board.square as usize;
        for sq in Square::all() {
            let (kind, piece) = (&squares[sq.index()], pieces[sq.index()]);
            let (was, had) = &mut last.squares[sq.index()];
            if Arc::ptr_eq(was, kind) && *had == piece {
                continue;
            }
            let r = square_rect(layout, sq);
            let (x, y) = (r.x() as usize, r.y() as usize);
            let tile = match piece.and_then(|p| kind.tile(p)) {
                Some(tile) => tile,
                None => &kind.ground,
            };
            patches.keep(indices, width, r);
            paste(indices, width, x, y, size, tile);
            (*was, *had) = (Arc::clone(kind), piece);
        }
        if last.mover != mover {
            for (color, rect, patch) in base.markers() {
                let (x, y, w) = (rect.x() as usize, rect.y() as usize, rect.width() as usize);
                if Some(*color) == mover {
                    patches.keep(indices, width, *rect);
                    paste(indices, width, x, y, w, patch);
                } else if Some(*color) == last.mover {
                    patches.keep(indices, width, *rect);
                    base.restore(indices, width, *rect);
                }
            }
            last.mover = mover;
        }
        true
    }
}

/// The piece on each square of `layout` (its
/// [`Piece::index`](fen2img_chess::Piece::index)), or `None` when a piece
/// is not drawn in its square's rectangle.
pub(super) fn pieces_by_square(layout: &Layout) -> Option<[Option<usize>; 64]> {
    let mut pieces = [None; 64];
    for p in &layout.pieces {
        let r = square_rect(layout, p.square);
        if p.rect.x != r.x() as f32 || p.rect.y != r.y() as f32 {
            return None;
        }
        pieces[p.square.index()] = Some(p.piece.index());
    }
    Some(pieces)
}

/// The rectangles a frame changed in place, each with its earlier indices.
pub(super) struct Patches(pub(super) Vec<(IntRect, Vec<u8>)>);

impl Patches {
    /// Keeps the indices of `rect` of `frame` (rows of `width`), before it
    /// is drawn over.
    pub(super) fn keep(&mut self, frame: &[u8], width: usize, rect: IntRect) {
        let (x, y, w) = (rect.x() as usize, rect.y() as usize, rect.width() as usize);
        let mut old = Vec::with_capacity(w * rect.height() as usize);
        for row in y..y + rect.height() as usize {
            old.extend_from_slice(&frame[row * width + x..row * width + x + w]);
        }
        self.0.push((rect, old));
    }
}
