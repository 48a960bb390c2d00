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
//!
//! A square's kind under its marks is remembered too ([`Remembered`]),
//! and a last move's tint is drawn over its square alone: drawing each
//! frame's marks in their full-width bands in RGBA, to find kinds mostly
//! kept already, was a quarter of a 100-ply game's instructions
//! (callgrind, `POST /game.gif` at 720 px with inside coordinates).

use std::sync::{Arc, Mutex, PoisonError};

use resvg::tiny_skia::{IntRect, Pixmap, PremultipliedColorU8};

use super::square::GameSquare;
use super::text_rows::TextRows;
use crate::assets::color::Rgba;
use crate::layout::{BoardSpec, Glow, Item, Layout, MoverMark, PlacedText, Rect, SpriteSpec};
use crate::pixels::quantize::Packed;
use crate::raster::compose::paste;
use crate::raster::draw::fill_rect;
use crate::raster::indexed::{
    corner_labels, marker_patches, marker_rect, square_rect, touching_labels, Placed, PlacedHere,
};
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
    /// The kinds of marked squares found so far.
    remembered: Mutex<Vec<Remembered>>,
    /// Texts found to leave the squares and markers alone, or not (see
    /// [`texts_clear`]).
    texts_seen: Mutex<Vec<(Vec<PlacedText>, bool)>>,
    /// The rows of the last texts drawn over it (see [`TextRows`]).
    text_rows: Mutex<Option<TextRows>>,
}

/// The most sets of texts a base remembers the answer of [`texts_clear`]
/// for: a game's player bars are one set; frames whose texts change (the
/// clocks) are drawn whole and never ask.
const MAX_TEXTS_SEEN: usize = 8;

/// The most marked squares a base remembers the kinds of: each kind of
/// square under a tint or a glow (with those around a glow that its reach,
/// a pixel of anti-aliasing beyond it, takes in) with the labels on it,
/// many times over. Past it, frames draw their marks as before.
const MAX_REMEMBERED: usize = 1024;

/// The kind a square of one kind became under some marks: its pixels
/// depend only on its own pixels, the marks that reach it (drawn in their
/// order) and the labels that touch it. Rectangles on whole pixels fill
/// the same pixels wherever the square is, so they are kept relative to
/// it and any square of the kind finds them; a glow's gradient depends on
/// its band, so a glow is kept with its square.
#[derive(Debug)]
struct Remembered {
    /// The square's kind without the marks.
    under: Arc<GameSquare>,
    /// The square, for marks that are not whole-pixel rectangles.
    at: Option<Square>,
    /// The marks, relative to the square when `at` is `None`.
    marks: Vec<Mark>,
    labels: PlacedHere,
    kind: Arc<GameSquare>,
}

impl Remembered {
    /// Whether this is the kind for `key`.
    fn is(&self, key: &MarkedKey) -> bool {
        Arc::ptr_eq(&self.under, key.under)
            && self.at == key.at
            && self.marks == key.marks
            && self.labels == key.labels
    }
}

/// What a marked square's kind is looked up by (see [`Remembered`]).
struct MarkedKey<'a> {
    under: &'a Arc<GameSquare>,
    at: Option<Square>,
    marks: Vec<Mark>,
    labels: PlacedHere,
}

/// A mark that lies on squares only, as a key.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Mark {
    Rect(Rect, Rgba),
    Glow(Glow),
}

impl Mark {
    /// `item` as a key, or `None` for a text (it may reach anything in its
    /// rows).
    fn of(item: &Item) -> Option<Mark> {
        match item {
            Item::Rect(r, c) => Some(Mark::Rect(*r, *c)),
            Item::Glow(g) => Some(Mark::Glow(**g)),
            _ => None,
        }
    }
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
            remembered: Mutex::new(Vec::new()),
            texts_seen: Mutex::new(Vec::new()),
            text_rows: Mutex::new(None),
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
pub(super) fn reach(mark: &Item) -> Option<Rect> {
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
    /// pieces and markers: the base's indices, the squares its marks reach
    /// looked up again (remembered from an earlier frame with the same
    /// marks there, or drawn now in the bands `marks::draw_bands` draws
    /// them in) and their grounds pasted, the rows its texts reach indexed;
    /// and the kind of each square. `None` when a text changes the pixels
    /// under a side-to-move marker (pasted from the base) or the game keeps
    /// no more kinds of square.
    pub(super) fn draw(
        &self,
        layout: &Layout,
        game: &mut impl SquareKinds,
    ) -> Option<(Vec<u8>, Vec<Arc<GameSquare>>)> {
        let frame = &layout.frame;
        let mut marks = marks::marks(&frame.board, &layout.glows);
        let labels = corner_labels(layout);
        let mut indices = self.indices.clone();
        // Texts that touch no square: their rows pasted as indexed before.
        if marks.iter().any(|m| matches!(m, Item::Text(_))) && self.texts_clear(layout) {
            let mut others = marks.clone();
            others.retain(|m| !matches!(m, Item::Text(_)));
            if self.paste_text_rows(layout, &marks, &others, &mut indices, game) {
                marks = others;
            }
        }
        let (squares, redrawn) = match self.marked_squares(layout, &marks, labels, game) {
            Marked::Found(squares, redrawn) => (squares, redrawn),
            Marked::Banded => self.draw_marks(layout, &marks, labels, &mut indices, game)?,
            Marked::Full => return None,
        };
        let width = frame.width() as usize;
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

    /// Pastes the rows of `layout`'s texts into `indices` (the base's, to
    /// draw a frame over): indexed from the texts among `marks` drawn in
    /// their bands the first time, kept for the frames after with the same
    /// texts ([`TextRows`]). `false`, and nothing pasted, when the texts
    /// reach the board's rows or a mark of `others` (`marks` but the
    /// texts) reaches theirs.
    fn paste_text_rows(
        &self,
        layout: &Layout,
        marks: &[Item],
        others: &[Item],
        indices: &mut [u8],
        game: &mut impl SquareKinds,
    ) -> bool {
        let mut kept = self
            .text_rows
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if !kept.as_ref().is_some_and(|k| k.is_for(layout)) {
            let mut texts = marks.to_vec();
            texts.retain(|m| matches!(m, Item::Text(_)));
            let mut drawn = self.indices.clone();
            let labels = corner_labels(layout);
            let drawn = self
                .draw_marks(layout, &texts, labels, &mut drawn, game)
                .map(|_| drawn);
            *kept = Some(TextRows::new(layout, &self.indices, drawn.as_deref()));
        }
        let width = layout.frame.width() as usize;
        let reaches: Vec<Option<Rect>> = others.iter().map(reach).collect();
        kept.as_ref()
            .is_some_and(|k| k.paste(&reaches, indices, width))
    }

    /// The kind of each square of `layout`, when no text is among its
    /// marks and each is remembered or drawn alone (see
    /// [`GameBase::draw`] otherwise).
    pub(super) fn square_kinds(
        &self,
        layout: &Layout,
        game: &mut impl SquareKinds,
    ) -> Option<Vec<Arc<GameSquare>>> {
        let mut marks = marks::marks(&layout.frame.board, &layout.glows);
        // Texts that touch no square change no square's kind.
        if marks.iter().any(|m| matches!(m, Item::Text(_))) {
            if !self.texts_clear(layout) {
                return None;
            }
            marks.retain(|m| !matches!(m, Item::Text(_)));
        }
        match self.marked_squares(layout, &marks, corner_labels(layout), game) {
            Marked::Found(squares, _) => Some(squares),
            Marked::Banded | Marked::Full => None,
        }
    }

    /// Whether `layout`'s texts leave every square and side-to-move marker
    /// alone ([`texts_clear`]), remembered for each set of texts.
    pub(super) fn texts_clear(&self, layout: &Layout) -> bool {
        let texts = &layout.frame.board.texts;
        let mut seen = self
            .texts_seen
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some((_, clear)) = seen.iter().find(|(t, _)| t == texts) {
            return *clear;
        }
        let clear = texts_clear(layout);
        if seen.len() < MAX_TEXTS_SEEN {
            seen.push((texts.clone(), clear));
        }
        clear
    }

    /// Whether the side-to-move markers lie off the board's squares, so
    /// that a frame can be changed square by square and marker by marker.
    pub(super) fn markers_off_board(&self, layout: &Layout) -> bool {
        let board = layout.frame.board.board;
        self.markers.iter().all(|(_, r, _)| {
            let r = Rect {
                x: r.x() as f32,
                y: r.y() as f32,
                w: r.width() as f32,
                h: r.height() as f32,
            };
            !overlaps(r, board)
        })
    }

    /// Copies the base's indices in `rect` into `indices` (`width` wide).
    pub(super) fn restore(&self, indices: &mut [u8], width: usize, rect: IntRect) {
        let (x, y, w) = (rect.x() as usize, rect.y() as usize, rect.width() as usize);
        for row in y..y + rect.height() as usize {
            let at = row * width + x;
            indices[at..at + w].copy_from_slice(&self.indices[at..at + w]);
        }
    }

    /// The kind of each square of `layout` under the marks that reach it,
    /// and which squares marks reach: remembered from an earlier frame,
    /// or else, for a rectangle on whole pixels (a last move's tint), drawn
    /// over the square alone (such a fill covers the same pixels at any
    /// offset, so the square's pixels are those its band would have).
    /// Glows and texts are drawn in their bands ([`Marked::Banded`]), as
    /// the whole background draws them.
    fn marked_squares(
        &self,
        layout: &Layout,
        marks: &[Item],
        labels: Option<Placed>,
        game: &mut impl SquareKinds,
    ) -> Marked {
        if marks.iter().any(|m| Mark::of(m).is_none()) {
            return Marked::Banded;
        }
        let exact = marks.iter().all(on_whole_pixels);
        let mut squares = self.squares.clone();
        let mut redrawn = [false; 64];
        let mut scratch: Option<Pixmap> = None;
        for sq in Square::all() {
            let Some(key) = self.key(layout, marks, labels, sq) else {
                continue;
            };
            let kind = match self.recall(&key) {
                Some(kind) => kind,
                None if !exact => return Marked::Banded,
                None => {
                    let r = square_rect(layout, sq);
                    let pixels = scratch.get_or_insert_with(|| {
                        Pixmap::new(r.width(), r.height()).expect("a square is at least 1 px")
                    });
                    self.bare.crop_into(r, pixels);
                    for m in marks_on(marks, layout, sq) {
                        if let Item::Rect(rect, color) = *m {
                            fill_rect(pixels, relative(rect, r), 0, color);
                        }
                    }
                    let Some(kind) = game.kind_of(layout, pixels, labels, sq) else {
                        return Marked::Full;
                    };
                    self.keep(key, &kind);
                    kind
                }
            };
            squares[sq.index()] = kind;
            redrawn[sq.index()] = true;
        }
        Marked::Found(squares, redrawn)
    }

    /// The key of `sq`'s kind under the `marks` that reach it, with the
    /// labels that touch it; `None` when no mark reaches it.
    fn key<'b>(
        &'b self,
        layout: &Layout,
        marks: &[Item],
        labels: Option<Placed>,
        sq: Square,
    ) -> Option<MarkedKey<'b>> {
        let here: Vec<&Item> = marks_on(marks, layout, sq).collect();
        if here.is_empty() {
            return None;
        }
        let exact = here.iter().all(|m| on_whole_pixels(m));
        // Tints on whole pixels are kept by their part on the square: a
        // last move's tint is one key on every square it covers.
        let pixels = square_rect(layout, sq);
        let marks = here
            .iter()
            .filter_map(|m| Mark::of(m))
            .filter_map(|m| match m {
                Mark::Rect(r, c) if exact => clip(r, pixels).map(|r| Mark::Rect(r, c)),
                m => Some(m),
            })
            .collect();
        Some(MarkedKey {
            under: &self.squares[sq.index()],
            at: (!exact).then_some(sq),
            marks,
            labels: labels.map_or_else(PlacedHere::default, |all| touching_labels(layout, all, sq)),
        })
    }

    /// The kind remembered for `key`.
    fn recall(&self, key: &MarkedKey) -> Option<Arc<GameSquare>> {
        let remembered = self
            .remembered
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        remembered
            .iter()
            .find(|r| r.is(key))
            .map(|r| Arc::clone(&r.kind))
    }

    /// Remembers `kind` as the kind for `key`, while the base has room.
    fn keep(&self, key: MarkedKey, kind: &Arc<GameSquare>) {
        let mut remembered = self
            .remembered
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if remembered.len() < MAX_REMEMBERED && !remembered.iter().any(|r| r.is(&key)) {
            remembered.push(Remembered {
                under: Arc::clone(key.under),
                at: key.at,
                marks: key.marks,
                labels: key.labels,
                kind: Arc::clone(kind),
            });
        }
    }

    /// Remembers `kind` as what `sq` of `layout` is under the `marks` that
    /// reach it with `labels`.
    fn remember(
        &self,
        layout: &Layout,
        marks: &[Item],
        labels: Option<Placed>,
        sq: Square,
        kind: &Arc<GameSquare>,
    ) {
        if let Some(key) = self.key(layout, marks, labels, sq) {
            self.keep(key, kind);
        }
    }

    /// Draws `marks` in the bands `marks::draw_bands` draws them in and
    /// finds the kind of each square they reach (remembering those no
    /// text reaches), indexing the rows texts reach into `indices`: each
    /// square's kind, and which were looked up again. `None` as
    /// [`GameBase::draw`].
    fn draw_marks(
        &self,
        layout: &Layout,
        marks: &[Item],
        labels: Option<Placed>,
        indices: &mut [u8],
        game: &mut impl SquareKinds,
    ) -> Option<(Vec<Arc<GameSquare>>, [bool; 64])> {
        let frame = &layout.frame;
        let board = &frame.board;
        let size = board.square as u32;
        let mut squares = self.squares.clone();
        let mut redrawn = [false; 64];
        let mut full = false;
        let mut moved_marker = false;
        let mut scratch = Pixmap::new(size, size).expect("a square is at least 1 px");
        marks::draw_bands(
            frame.width(),
            frame.height(),
            &band_breaks(board),
            marks,
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
                    index_rows(indices, band, top, end, game);
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
                        Some(entry) => {
                            if !texts {
                                self.remember(layout, marks, labels, sq, &entry);
                            }
                            squares[sq.index()] = entry;
                        }
                        None => full = true,
                    }
                    redrawn[sq.index()] = true;
                }
            },
        );
        if full || moved_marker {
            return None;
        }
        Some((squares, redrawn))
    }
}

/// Whether the texts of `layout`'s board (player bars, a caption) leave
/// every square and side-to-move marker alone: drawn by themselves into
/// transparent bands, banded as `marks::draw_bands` bands them, not one of
/// their pixels (a glyph's edge, a casing) falls on a square or a marker.
/// A frame's squares and markers are then what they are without the texts,
/// so the frames of a game whose texts do not change (its players' names)
/// can be drawn from each other and counted from the first.
pub(super) fn texts_clear(layout: &Layout) -> bool {
    let frame = &layout.frame;
    let board = &frame.board;
    let texts: Vec<Item> = board.texts.iter().map(Item::Text).collect();
    let (width, height) = (frame.width(), frame.height());
    let markers: Vec<IntRect> = frame
        .movers
        .iter()
        .flatten()
        .filter_map(|&m| marker_rect(m, width, height))
        .collect();
    let squares: Vec<IntRect> = Square::all().map(|sq| square_rect(layout, sq)).collect();
    let mut clear = true;
    marks::draw_bands(
        width,
        height,
        &band_breaks(board),
        &texts,
        |step, band, top, end| match step {
            BandStep::Fill => band.fill(resvg::tiny_skia::Color::TRANSPARENT),
            BandStep::Drawn(_) => {
                let w = band.width() as usize;
                let inked = |r: &IntRect| {
                    let y0 = (r.y() as u32).max(top);
                    let y1 = (r.y() as u32 + r.height()).min(end);
                    (y0..y1).any(|y| {
                        let at = (y - top) as usize * w + r.x() as usize;
                        band.pixels()[at..at + r.width() as usize]
                            .iter()
                            .any(|px| px.alpha() != 0)
                    })
                };
                clear &= !squares.iter().chain(&markers).any(inked);
            }
        },
    );
    clear
}

/// How [`GameBase::marked_squares`] found a frame's marked squares.
enum Marked {
    /// Each square's kind, and which squares marks reach.
    Found(Vec<Arc<GameSquare>>, [bool; 64]),
    /// A mark must be drawn in its band.
    Banded,
    /// The game keeps no more kinds of square.
    Full,
}

/// Whether `mark` is a rectangle on whole pixels: its fill covers whole
/// pixels, the same at any whole-pixel offset.
pub(super) fn on_whole_pixels(mark: &Item) -> bool {
    match mark {
        Item::Rect(r, _) => [r.x, r.y, r.w, r.h].iter().all(|v| v.fract() == 0.0),
        _ => false,
    }
}

/// The marks of `marks` that may change `sq`'s pixels: those whose reach
/// overlaps it, except rectangles on whole pixels that cover none of its
/// pixels (such a fill colours no pixel outside itself, where a reach
/// takes in a pixel of anti-aliasing around every mark). Taken by reach, a
/// last move's tint reached the eight squares around each of its two:
/// sampling and drawing a 100-ply game looked at ten squares a frame and
/// remembered 250 kinds where 30 are found.
pub(super) fn marks_on<'m, 'i>(
    marks: &'m [Item<'i>],
    layout: &Layout,
    sq: Square,
) -> impl Iterator<Item = &'m Item<'i>> + 'm {
    let s = layout.frame.board.square_rect(sq);
    let pixels = square_rect(layout, sq);
    marks.iter().filter(move |m| {
        reach(m).is_some_and(|r| overlaps(r, s))
            && match m {
                Item::Rect(r, _) if on_whole_pixels(m) => clip(*r, pixels).is_some(),
                _ => true,
            }
    })
}

/// The part of `r` (on whole pixels) inside the square at `s`, relative
/// to it; `None` when it covers none of the square's pixels.
fn clip(r: Rect, s: IntRect) -> Option<Rect> {
    let r = relative(r, s);
    let (x0, y0) = (r.x.max(0.0), r.y.max(0.0));
    let x1 = (r.x + r.w).min(s.width() as f32);
    let y1 = (r.y + r.h).min(s.height() as f32);
    (x1 > x0 && y1 > y0).then_some(Rect {
        x: x0,
        y: y0,
        w: x1 - x0,
        h: y1 - y0,
    })
}

/// `r` relative to the square at `s`.
pub(super) fn relative(r: Rect, s: IntRect) -> Rect {
    Rect {
        x: r.x - s.x() as f32,
        y: r.y - s.y() as f32,
        ..r
    }
}

#[cfg(test)]
impl GameBase {
    /// How many rows of texts the base holds for pasting (`None`: none
    /// held, or the texts are drawn in their bands).
    pub(super) fn text_rows_held(&self) -> Option<usize> {
        let kept = self
            .text_rows
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        kept.as_ref().and_then(TextRows::rows)
    }

    /// The square of each kind remembered (`None`: kept relative to its
    /// square).
    pub(super) fn remembered_keys(&self) -> Vec<Option<Square>> {
        let remembered = self
            .remembered
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        remembered.iter().map(|r| r.at).collect()
    }
}
