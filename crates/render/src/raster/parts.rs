//! What every board is drawn from, cached across boards: the piece
//! sprites, the halo sprites and the backgrounds (as runs). The tile
//! compositors (`indexed`, `marked_tiles`, `game_tiles`) draw their tiles
//! from these too, so they take a [`Parts`] rather than the whole
//! rasterizer: no child of `raster` reaches back into its parent.

use std::sync::Arc;

use resvg::tiny_skia::{self, Pixmap};

use super::cache::{hash_of, Cache};
use super::draw::draw_shape;
use super::marks;
use super::paint::draw_sprite;
use super::runs::RunImage;
use super::sprites::render_sprites;
use crate::layout::{BoardSpec, Glow, GlyphSpec, Halo, Item, Layer, Layout, Rect, SpriteSpec};
use fen2img_chess::Piece;

/// The sprites and backgrounds a rasterizer keeps, each keyed on the part
/// of the layout's frame it is drawn from.
pub(super) struct Parts {
    /// The twelve piece sprites, by glyph set and size.
    pub(super) sprites: Cache<GlyphSpec, Vec<Pixmap>>,
    /// Halo sprites (made per piece on first use), by glyphs and halo.
    pub(super) halos: Cache<SpriteSpec, Vec<Option<Pixmap>>>,
    /// Everything under the pieces but the mover marker, by board and the
    /// position's check glows.
    pub(super) backgrounds: Cache<(BoardSpec, Vec<Glow>), Arc<RunImage>>,
    /// The hash of the last whole background looked up and not found: a
    /// board that comes again is cached whole (see `background_parts`).
    last_miss: Option<u64>,
}

/// A board's background as the cache holds it.
enum Background {
    /// Everything: the board needs nothing more.
    Whole(Arc<RunImage>),
    /// What boards with other marks share: the board's own marks (see
    /// `marks`) are still to be drawn over it.
    Shared(Arc<RunImage>),
}

/// The items a layout draws into its background, in order.
fn background_items(layout: &Layout) -> Vec<Item<'_>> {
    let items = layout.items().into_iter();
    items.filter(|i| i.layer() == Layer::Background).collect()
}

/// The rows where a background's bands break: between rows of squares,
/// which no label crosses.
pub(super) fn band_breaks(board: &BoardSpec) -> Vec<u32> {
    (0..=8)
        .map(|rank| (board.board.y + rank as f32 * board.square) as u32)
        .collect()
}

/// The shared background `image` with `layout`'s own marks drawn over it.
fn with_marks(image: &RunImage, layout: &Layout) -> Pixmap {
    let board = &layout.frame.board;
    let mut pixmap = image.to_pixmap();
    let marks = marks::marks(board, &layout.glows);
    marks::draw(&mut pixmap, &band_breaks(board), &marks);
    pixmap
}

/// How many bytes of backgrounds (as runs) a rasterizer keeps: hundreds at
/// 400 px, enough for the check glows of a batch of puzzles.
const CACHED_BACKGROUND_BYTES: u64 = 8 << 20;

/// How many bytes of sprites (twelve RGBA pixmaps per size) a rasterizer
/// keeps: a few sizes and sets at 400 px, at least the newest set at any
/// size.
const CACHED_SPRITE_BYTES: u64 = 8 << 20;

impl Default for Parts {
    fn default() -> Self {
        Parts {
            sprites: Cache::new(CACHED_SPRITE_BYTES),
            halos: Cache::new(CACHED_SPRITE_BYTES),
            backgrounds: Cache::new(CACHED_BACKGROUND_BYTES),
            last_miss: None,
        }
    }
}

/// What twelve RGBA sprites of `size` pixels cost in a cache, in bytes.
fn sprites_cost(size: u32) -> u64 {
    12 * 4 * size as u64 * size as u64
}

impl Parts {
    /// The bytes its caches hold, as they count them.
    pub(super) fn bytes(&self) -> u64 {
        self.sprites.bytes() + self.halos.bytes() + self.backgrounds.bytes()
    }

    /// Everything under the pieces but the mover marker (the board, tints,
    /// glows and labels), as runs.
    pub(super) fn background(&mut self, layout: &Layout) -> Arc<RunImage> {
        match self.background_parts(layout) {
            Background::Whole(image) => image,
            Background::Shared(image) => {
                let pixmap = with_marks(&image, layout);
                Arc::new(RunImage::from_pixmap(&pixmap))
            }
        }
    }

    /// The background (see [`Parts::background`]) as a pixmap to draw
    /// the pieces on.
    pub(super) fn background_pixmap(&mut self, layout: &Layout) -> Pixmap {
        match self.background_parts(layout) {
            Background::Whole(image) => image.to_pixmap(),
            Background::Shared(image) => with_marks(&image, layout),
        }
    }

    /// The background of `layout`, or the background it shares with boards
    /// that differ from it only in their marks (see `marks`): the whole
    /// background when it is cached, when there are no marks, when it
    /// cannot be separated from them, or when the same board comes twice
    /// in a row (a batch of FEN lines with one `--lastmove`: every board
    /// then finds it whole, and draws no marks).
    fn background_parts(&mut self, layout: &Layout) -> Background {
        let board = &layout.frame.board;
        let glows = &layout.glows;
        let hash = hash_of(&(board, glows));
        let found = self
            .backgrounds
            .find(hash, |(b, g)| b == board && g == glows);
        if let Some(image) = found {
            return Background::Whole(Arc::clone(image));
        }
        let shared = marks::shared_spec(board);
        let unmarked = glows.is_empty() && shared == *board;
        let repeated = self.last_miss.replace(hash) == Some(hash);
        if unmarked || repeated || !marks::separable(&shared, glows) {
            let items = background_items(layout);
            let key = (board.clone(), glows.clone());
            return Background::Whole(self.draw_background(hash, key, &items));
        }
        Background::Shared(self.unmarked(layout, shared))
    }

    /// The background `layout` shares with boards that differ from it
    /// only in their marks (see `marks`), without them, and the board it
    /// is drawn from ([`marks::shared_spec`]); `None` when the marks cannot
    /// be drawn over it apart ([`marks::separable`]). What a game's frames
    /// share (`game_tiles`).
    pub(super) fn shared_background(
        &mut self,
        layout: &Layout,
    ) -> Option<(Arc<RunImage>, BoardSpec)> {
        let shared = marks::shared_spec(&layout.frame.board);
        if !marks::separable(&shared, &layout.glows) {
            return None;
        }
        Some((self.unmarked(layout, shared.clone()), shared))
    }

    /// The background of `layout`'s board drawn from `shared` (its spec
    /// without marks) and no glows: cached, or drawn once per set of
    /// options.
    fn unmarked(&mut self, layout: &Layout, shared: BoardSpec) -> Arc<RunImage> {
        let no_glows: &[Glow] = &[];
        let shared_hash = hash_of(&(&shared, no_glows));
        let found = self
            .backgrounds
            .find(shared_hash, |(b, g)| *b == shared && g.is_empty());
        if let Some(image) = found {
            return Arc::clone(image);
        }
        // A layout of the same board with the marks taken out.
        let mut frame = (*layout.frame).clone();
        frame.board = shared.clone();
        let bare = Layout {
            frame: Arc::new(frame),
            glows: Vec::new(),
            ..layout.clone()
        };
        let items = background_items(&bare);
        let key = (shared, Vec::new());
        self.draw_background(shared_hash, key, &items)
    }

    /// Draws the background `items` (all of one layout's board) as runs and
    /// caches them under `key` (whose hash is `hash`).
    fn draw_background(
        &mut self,
        hash: u64,
        key: (BoardSpec, Vec<Glow>),
        items: &[Item],
    ) -> Arc<RunImage> {
        let board = &key.0;
        let image = Arc::new(RunImage::draw(
            board.width,
            board.height,
            &band_breaks(board),
            |band, top| {
                band.fill(tiny_skia::Color::TRANSPARENT);
                for &item in items {
                    draw_shape(band, item, top);
                }
            },
        ));
        let cost = image.bytes();
        Arc::clone(self.backgrounds.insert(hash, key, image, cost))
    }

    /// Copies the board's piece sprite of each piece to its rectangle.
    pub(super) fn draw_pieces(
        &mut self,
        pixmap: &mut Pixmap,
        layout: &Layout,
        pieces: impl Iterator<Item = (Piece, Rect)>,
    ) {
        let sprites = self.sprites(&layout.frame.sprites.glyphs);
        for (piece, rect) in pieces {
            if let Some(sprite) = sprites.get(piece.index()) {
                draw_sprite(pixmap, sprite, rect);
            }
        }
    }

    /// The twelve sprites of `spec`, in [`Piece::index`] order, rendered on
    /// first use.
    pub(super) fn sprites(&mut self, spec: &GlyphSpec) -> &[Pixmap] {
        let hash = hash_of(spec);
        if self.sprites.find(hash, |k| k == spec).is_none() {
            // All twelve at once: the white and black glyph of a piece
            // usually share outlines, and shared outlines are rasterized
            // once (a board's tile set needs all twelve anyway).
            let sprites = render_sprites(spec);
            let cost = sprites_cost(spec.size);
            self.sprites.insert(hash, spec.clone(), sprites, cost);
        }
        self.sprites
            .find(hash, |k| k == spec)
            .map_or(&[], |v| v.as_slice())
    }

    /// The halo sprite of `piece` for `spec` (whose halo is `halo`),
    /// rendered on first use.
    pub(super) fn halo_sprite(&mut self, spec: &SpriteSpec, halo: Halo, piece: Piece) -> &Pixmap {
        let hash = hash_of(spec);
        if self.halos.find(hash, |k| k == spec).is_none() {
            let cost = sprites_cost(spec.glyphs.size);
            self.halos
                .insert(hash, spec.clone(), vec![None; Piece::ALL.len()], cost);
        }
        let halos = self.halos.find(hash, |k| k == spec).expect("just inserted");
        let glyphs = &spec.glyphs;
        halos[piece.index()].get_or_insert_with(|| {
            crate::halo::halo_sprite(glyphs, piece, halo, spec.hatch.as_ref())
        })
    }
}
