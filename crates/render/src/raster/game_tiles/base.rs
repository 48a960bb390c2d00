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

use super::{GameSquare, GameTiles};
use crate::layout::{BoardSpec, Item, Layout, MoverMark, Rect, SpriteSpec};
use crate::pixels::IndexedImage;
use crate::raster::indexed::{
    compose, corner_labels, marker_patches, paste, square_rect, straight, to_indices, Placed,
};
use crate::raster::marks::{self, overlaps, BandStep};
use crate::raster::parts::{band_breaks, Parts};
use crate::raster::runs::RunImage;
use crate::raster::Rasterizer;
use fen2img_chess::{Color, Square};

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
    fn build(parts: &mut Parts, layout: &Layout, game: &mut GameTiles) -> Option<GameBase> {
        let (bare, shared) = parts.shared_background(layout)?;
        let frame = &layout.frame;
        let width = frame.width() as usize;
        let size = frame.board.square as u32;
        let mut indices = Vec::with_capacity(width * frame.height() as usize);
        for run in bare.runs() {
            let i = game.index(straight(run.pixel));
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
            let entry = game.square(layout, &scratch, labels, sq)?;
            paste_ground(&mut indices, width, r, &entry);
            squares.push(entry);
        }
        let markers = marker_patches(layout, &bare)
            .iter()
            .map(|(color, rect, patch)| (*color, *rect, to_indices(patch, |c| game.index(c))))
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
    fn fits(&self, layout: &Layout) -> bool {
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
fn index_rows(indices: &mut [u8], band: &Pixmap, top: u32, end: u32, game: &mut GameTiles) {
    let width = band.width() as usize;
    let rows = (end - top) as usize * width;
    let out = &mut indices[top as usize * width..top as usize * width + rows];
    let mut last: Option<(PremultipliedColorU8, u8)> = None;
    for (dst, &px) in out.iter_mut().zip(&band.pixels()[..rows]) {
        let i = match last {
            Some((c, i)) if c == px => i,
            _ => game.index(straight(px)),
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

impl Rasterizer {
    /// Draws `layout` (without an overlay) over its game's shared
    /// background ([`GameBase`], built when the options change): the base's
    /// indices, the squares its marks reach looked up by their pixels, the
    /// rows its texts reach indexed, then the markers and pieces. `None`
    /// when the marks cannot be drawn apart, a text reaches a marker's
    /// rows, or the game keeps no more kinds of square (the caller draws
    /// the whole background then).
    pub(super) fn render_over_base(
        &mut self,
        layout: &Layout,
        game: &mut GameTiles,
    ) -> Option<IndexedImage> {
        let base = match game.base.as_ref().filter(|b| b.fits(layout)) {
            Some(base) => Arc::clone(base),
            None => {
                let base = Arc::new(GameBase::build(&mut self.parts, layout, game)?);
                game.base = Some(Arc::clone(&base));
                base
            }
        };
        let frame = &layout.frame;
        let board = &frame.board;
        let marks = marks::marks(board, &layout.glows);
        let width = frame.width() as usize;
        let size = board.square as u32;
        let labels = corner_labels(layout);
        let mut indices = base.indices.clone();
        let mut squares = base.squares.clone();
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
                    BandStep::Fill => return base.bare.rows_into(top, end, band),
                    BandStep::Drawn(here) => here,
                };
                let texts = here.iter().any(|m| reach(m).is_none());
                if texts {
                    // The markers are pasted from the base: a text that
                    // changes the pixels under one is drawn whole.
                    moved_marker |= base
                        .markers
                        .iter()
                        .any(|m| changed(&base.bare, band, top, end, m.1));
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
                    match game.square(layout, &scratch, labels, sq) {
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
        let mut class_of = [0u8; 64];
        let mut found: Vec<&Arc<GameSquare>> = Vec::new();
        for sq in Square::all() {
            let entry = &squares[sq.index()];
            if redrawn[sq.index()] {
                paste_ground(&mut indices, width, square_rect(layout, sq), entry);
            }
            let class = match found.iter().position(|e| Arc::ptr_eq(e, entry)) {
                Some(i) => i,
                None => {
                    found.push(entry);
                    found.len() - 1
                }
            };
            class_of[sq.index()] = class as u8;
        }
        game.draw_tiles(&mut self.parts, layout, |sq| &squares[sq.index()]);
        let tiles_of: Vec<&GameSquare> = found.iter().map(|e| &***e).collect();
        compose(layout, &mut indices, &base.markers, &class_of, &tiles_of);
        Some(IndexedImage {
            width: frame.width(),
            height: frame.height(),
            palette: Arc::clone(&game.palette),
            indices,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::PaletteFit;
    use super::*;
    use crate::options::{Coordinates, DiagramOptions};
    use crate::test_support::{game_board, layout};

    #[test]
    fn frames_over_the_base_are_the_frames_drawn_whole() {
        // Games as `batch` draws them: a last move, a check, a fill, both
        // player bars with clocks and a caption, all changing from frame
        // to frame (the bars' texts in the rows of the side-to-move
        // markers), then an unmarked board with other options; in each
        // placement of the labels, opaque and transparent. (Print's
        // last-move frames are drawn again over the pieces: those boards
        // take the RGBA path.) Each frame over the game's base must be the
        // frame drawn from its own whole background, index for index.
        const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        for theme in ["brown", "blue"] {
            for coordinates in [Coordinates::Outside, Coordinates::Inside, Coordinates::None] {
                for transparent in [false, true] {
                    let case = format!("{theme} {coordinates:?} transparent={transparent}");
                    let mut boards: Vec<Layout> = (0..6)
                        .map(|n| game_board(theme, coordinates, transparent, n))
                        .collect();
                    let plain = DiagramOptions {
                        theme: crate::assets::theme::Theme::built_in(theme).unwrap(),
                        coordinates,
                        transparent,
                        ..DiagramOptions::default()
                    };
                    boards.push(layout(START, &plain));
                    let mut raster = Rasterizer::new();
                    let mut fit = PaletteFit::default();
                    raster.sample(&boards[0], &mut fit);
                    let mut over = GameTiles::new(&fit);
                    let mut whole = GameTiles::new(&fit);
                    for (n, board) in boards.iter().enumerate() {
                        assert!(!board.has_overlay(), "{case}, frame {n}");
                        let want = raster.render_whole_in(board, &mut whole);
                        let got = raster.render_over_base(board, &mut over);
                        let got = got.unwrap_or_else(|| panic!("{case}, frame {n}: no base"));
                        assert!(got.indices == want.indices, "{case}, frame {n}");
                    }
                    // The last board's options made a base of their own.
                    let base = over.base.as_ref().expect("a base");
                    assert!(base.shared.texts.is_empty() && base.shared.panels.is_empty());
                }
            }
        }
    }
}
