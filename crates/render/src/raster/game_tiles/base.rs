//! A game's frames over one background: what its frames share (the board
//! without the marks, as `marks` separates them) indexed once with each
//! square's ground pasted, and per frame only its marks drawn, in the
//! bands `marks::draw_bands` draws them in, and the squares they reach
//! looked up again among the kinds of square the game keeps.
//!
//! Drawing each frame's whole background (a copy of the shared one, the
//! marks over it, then runs and 64 square crops of it) was about half of
//! a 720 px game's time (`perf`, `POST /game.gif` of 100 plies); a frame's
//! marks are its last move's two squares and a check.

use std::sync::Arc;

use resvg::tiny_skia::{IntRect, Pixmap, PremultipliedColorU8};

use super::square::GameSquare;
use crate::layout::{BoardSpec, Item, Layout, MoverMark, Rect, SpriteSpec};
use crate::pixels::quantize::Packed;
use crate::raster::compose::paste;
use crate::raster::indexed::{corner_labels, marker_patches, square_rect, Placed};
use crate::raster::marks::{self, overlaps, BandStep};
use crate::raster::parts::{band_breaks, Parts};
use crate::raster::runs::RunImage;
use crate::raster::tile_colors::{straight, to_indices};
use fen2img_chess::{Color, Square};

/// What a base asks of its game: the game's palette and the kinds of
/// square it keeps (`GameTiles`).
pub(super) trait SquareKinds {
    /// The palette entry of `c`: its own, or the nearest.
    fn palette_index(&mut self, c: Packed) -> u8;
    /// The kind of square `sq` of `layout` is, whose pixels under its
    /// pieces and labels are `ground`: kept, or made now; `None` when the
    /// game keeps no more.
    fn kind_of(
        &mut self,
        layout: &Layout,
        ground: &Pixmap,
        labels: Option<Placed<'_>>,
        sq: Square,
    ) -> Option<Arc<GameSquare>>;
}

/// What a game's frames drawn with one set of options share.
#[derive(Debug)]
pub(super) struct GameBase {
    /// The board it is drawn from: the frames' board without its marks.
    shared: BoardSpec,
    /// The sprites its squares' tiles show.
    sprites: SpriteSpec,
    /// The side-to-move markers drawn over it.
    movers: [Option<MoverMark>; 2],
    /// The background without marks.
    bare: Arc<RunImage>,
    /// `bare` in the game's palette, each square's ground (with its
    /// labels) pasted.
    indices: Vec<u8>,
    /// Each square's kind, by [`Square::index`].
    squares: Vec<Arc<GameSquare>>,
    /// Each marker's side, rectangle and indices.
    markers: Vec<(Color, IntRect, Vec<u8>)>,
}

impl GameBase {
    /// The base of `layout`'s frame, or `None` when its marks cannot be
    /// drawn apart from its background or the game keeps no more kinds of
    /// square.
    pub(super) fn build(
        parts: &mut Parts,
        layout: &Layout,
        game: &mut impl SquareKinds,
    ) -> Option<GameBase> {
        let (bare, shared) = parts.shared_background(layout)?;
        let frame = &layout.frame;
        let width = frame.width() as usize;
        let size = frame.board.square as u32;
        let mut indices = Vec::with_capacity(width * frame.height() as usize);
        for run in bare.runs() {
            let i = game.palette_index(straight(run.pixel));
            indices.resize(indices.len() + run.len as usize, i);
        }
        // The labels as the bare board cases them: the frame's own are
        // cased in the colours of its tinted squares, and a square no later
        // frame marks would keep that tint round its label.
        let labels = corner_labels(layout).map(|_| Placed {
            labels: &shared.labels,
            glows: &[],
        });
        let mut scratch = Pixmap::new(size, size).expect("a square is at least 1 px");
        let mut squares = Vec::with_capacity(64);
        for sq in Square::all() {
            let r = square_rect(layout, sq);
            bare.crop_into(r, &mut scratch);
            let entry = game.kind_of(layout, &scratch, labels, sq)?;
            paste_ground(&mut indices, width, r, &entry);
            squares.push(entry);
        }
        let markers = marker_patches(layout, &bare)
            .iter()
            .map(|(color, rect, patch)| {
                (*color, *rect, to_indices(patch, |c| game.palette_index(c)))
            })
            .collect();
        Some(GameBase {
            shared,
            sprites: frame.sprites.clone(),
            movers: frame.movers,
            bare,
            indices,
            squares,
            markers,
        })
    }

    /// Whether `layout` is drawn over this base: the same board but for
    /// its marks, the same sprites and markers, and marks that can be
    /// drawn apart.
    pub(super) fn fits(&self, layout: &Layout) -> bool {
        let frame = &layout.frame;
        frame.sprites == self.sprites
            && frame.movers == self.movers
            && marks::shared_spec(&frame.board) == self.shared
            && marks::separable(&self.shared, &layout.glows)
    }
}

/// Pastes `square`'s ground over `indices` (`width` wide) at `r`.
fn paste_ground(indices: &mut [u8], width: usize, r: IntRect, square: &GameSquare) {
    let (x, y, size) = (r.x() as usize, r.y() as usize, r.width() as usize);
    paste(indices, width, x, y, size, &square.ground);
}

/// The rectangle a mark on the squares can change, with a pixel of
/// anti-aliasing; `None` for a text (it may reach anything in its rows).
fn reach(mark: &Item) -> Option<Rect> {
    let r = match mark {
        Item::Rect(r, _) => *r,
        Item::Glow(g) => g.rect,
        _ => return None,
    };
    Some(Rect {
        x: r.x - 1.0,
        y: r.y - 1.0,
        w: r.w + 2.0,
        h: r.h + 2.0,
    })
}

/// Writes the band's first rows (image rows `top` to `end`) over the same
/// rows of `indices`, each colour in `game`'s palette.
fn index_rows(indices: &mut [u8], band: &Pixmap, top: u32, end: u32, game: &mut impl SquareKinds) {
    let width = band.width() as usize;
    let rows = (end - top) as usize * width;
    let out = &mut indices[top as usize * width..top as usize * width + rows];
    let mut last: Option<(PremultipliedColorU8, u8)> = None;
    for (dst, &px) in out.iter_mut().zip(&band.pixels()[..rows]) {
        let i = match last {
            Some((c, i)) if c == px => i,
            _ => game.palette_index(straight(px)),
        };
        last = Some((px, i));
        *dst = i;
    }
}

/// Whether the band's first rows (image rows `top` to `end`) differ from
/// `bare` anywhere in `rect`.
fn changed(bare: &RunImage, band: &Pixmap, top: u32, end: u32, rect: IntRect) -> bool {
    let y0 = (rect.y() as u32).max(top);
    let y1 = (rect.y() as u32 + rect.height()).min(end);
    if y0 >= y1 {
        return false;
    }
    let Some(inside) = IntRect::from_xywh(rect.x(), y0 as i32, rect.width(), y1 - y0) else {
        return false;
    };
    let before = bare.crop(inside);
    let width = band.width() as usize;
    let (x, w) = (rect.x() as usize, rect.width() as usize);
    before
        .pixels()
        .chunks_exact(w)
        .enumerate()
        .any(|(dy, row)| {
            let at = (y0 - top) as usize * width + dy * width + x;
            band.pixels()[at..at + w] != *row
        })
}

impl GameBase {
    /// Each marker's side, rectangle and indices.
    pub(super) fn markers(&self) -> &[(Color, IntRect, Vec<u8>)] {
        &self.markers
    }

    /// `layout`'s frame (which [`GameBase::fits`] this base) without its
    /// pieces and markers: the base's indices, its marks drawn in the
    /// bands `marks::draw_bands` draws them in, the squares they reach
    /// looked up again and their grounds pasted, the rows its texts reach
    /// indexed; and the kind of each square. `None` when a text changes
    /// the pixels under a side-to-move marker (pasted from the base) or
    /// the game keeps no more kinds of square.
    pub(super) fn draw(
        &self,
        layout: &Layout,
        game: &mut impl SquareKinds,
    ) -> Option<(Vec<u8>, Vec<Arc<GameSquare>>)> {
        let frame = &layout.frame;
        let board = &frame.board;
        let marks = marks::marks(board, &layout.glows);
        let width = frame.width() as usize;
        let size = board.square as u32;
        let labels = corner_labels(layout);
        let mut indices = self.indices.clone();
        let mut squares = self.squares.clone();
        let mut redrawn = [false; 64];
        let mut full = false;
        let mut moved_marker = false;
        let mut scratch = Pixmap::new(size, size).expect("a square is at least 1 px");
        marks::draw_bands(
            frame.width(),
            frame.height(),
            &band_breaks(board),
            &marks,
            |step, band, top, end| {
                let here = match step {
                    BandStep::Fill => return self.bare.rows_into(top, end, band),
                    BandStep::Drawn(here) => here,
                };
                let texts = here.iter().any(|m| reach(m).is_none());
                if texts {
                    // The markers are pasted from the base: a text that
                    // changes the pixels under one is drawn whole.
                    moved_marker |= self
                        .markers
                        .iter()
                        .any(|m| changed(&self.bare, band, top, end, m.1));
                    index_rows(&mut indices, band, top, end, game);
                }
                let reaches: Vec<Rect> = here.iter().filter_map(reach).collect();
                for sq in Square::all() {
                    let r = square_rect(layout, sq);
                    let (y, x) = (r.y() as u32, r.x() as usize);
                    if y < top || y + size > end {
                        continue;
                    }
                    let s = board.square_rect(sq);
                    if !texts && !reaches.iter().any(|&m| overlaps(m, s)) {
                        continue;
                    }
                    // The square's pixels in the band, marks drawn.
                    let row_bytes = band.width() as usize * 4;
                    let (from, len) = (x * 4, size as usize * 4);
                    for (dy, dst) in scratch.data_mut().chunks_exact_mut(len).enumerate() {
                        let at = (y - top) as usize * row_bytes + dy * row_bytes + from;
                        dst.copy_from_slice(&band.data()[at..at + len]);
                    }
                    match game.kind_of(layout, &scratch, labels, sq) {
                        Some(entry) => squares[sq.index()] = entry,
                        None => full = true,
                    }
                    redrawn[sq.index()] = true;
                }
            },
        );
        if full || moved_marker {
            return None;
        }
        for sq in Square::all().filter(|sq| redrawn[sq.index()]) {
            paste_ground(
                &mut indices,
                width,
                square_rect(layout, sq),
                &squares[sq.index()],
            );
        }
        Some((indices, squares))
    }
}
