//! The rasterizer: draws a [`Layout`] into pixels with tiny-skia.
//!
//! It never goes through SVG text. Each piece glyph is drawn once per
//! (piece set, square size) into a sprite, from its flat paths (or by resvg
//! when only the parsed SVG draws it exactly). The background (squares with
//! whole-pixel edges, so no anti-aliasing is needed there, labels, tints and
//! glows) is drawn once per set of options and kept as runs (see `runs`). A
//! board is then the background, sprite copies at whole-pixel offsets, and
//! a few small paths for markup and the mover marker. A [`Rasterizer`] keeps
//! its sprites and background across boards, so a batch pays for each once.

mod around;
mod cache;
mod compose;
mod draw;
pub(crate) mod game_tiles;
mod glyph_masks;
pub mod indexed;
mod kept_tiles;
mod label_masks;
mod marked_tiles;
mod marks;
mod paint;
mod parts;
mod runs;
mod sprites;
mod tile_colors;

use resvg::tiny_skia::Pixmap;

use crate::layout::{Item, Layout};
use crate::pixels::IndexedImage;
use cache::Cache;
use draw::draw_shape;
use paint::draw_sprite;
use parts::Parts;

/// Draws layouts, keeping what it drew for one board that others can use:
/// piece sprites, halo sprites, backgrounds and palette tile sets, each
/// keyed on the part of the layout's frame it is drawn from.
pub struct Rasterizer {
    /// Sprites and backgrounds (see `parts`).
    parts: Parts,
    /// Palette tiles (see `indexed`), by frame and check glows.
    tiles: indexed::TileSets,
    /// Palette tiles shared by boards that differ in their marks (see
    /// `marked_tiles`).
    marked: Cache<marked_tiles::MarkedKey, marked_tiles::MarkedTiles>,
}

/// How many bytes of palette tile sets a rasterizer keeps (about 50 at
/// 400 px, one at 2048 px with every square filled in its own colour).
const CACHED_TILE_BYTES: u64 = 16 << 20;

impl Default for Rasterizer {
    fn default() -> Self {
        Rasterizer {
            parts: Parts::default(),
            tiles: Cache::new(CACHED_TILE_BYTES),
            marked: Cache::new(CACHED_TILE_BYTES),
        }
    }
}

impl Rasterizer {
    /// A rasterizer with no sprites yet.
    pub fn new() -> Rasterizer {
        Rasterizer::default()
    }

    /// Draws `layout` into a new pixmap of its size.
    pub fn render(&mut self, layout: &Layout) -> Pixmap {
        let mut pixmap = self.parts.background_pixmap(layout);
        for item in layout.items() {
            match item {
                // Drawn into the cached background.
                Item::Background(_)
                | Item::Rect(..)
                | Item::DarkSquares(..)
                | Item::Hatch(..)
                | Item::Glow(_)
                | Item::Labels(..)
                | Item::Disc(_)
                | Item::Text(_) => {}
                Item::PieceHalos(pieces, halo) => {
                    let spec = &layout.frame.sprites;
                    for p in pieces {
                        draw_sprite(
                            &mut pixmap,
                            self.parts.halo_sprite(spec, halo, p.piece),
                            p.rect,
                        );
                    }
                }
                Item::Pieces(pieces) => self.parts.draw_pieces(
                    &mut pixmap,
                    layout,
                    pieces.iter().map(|p| (p.piece, p.rect)),
                ),
                Item::PocketPieces(pieces) => self.parts.draw_pieces(
                    &mut pixmap,
                    layout,
                    pieces.iter().map(|p| (p.piece, p.rect)),
                ),
                Item::CornerLabels(..)
                | Item::Badge(_)
                | Item::PromotedSign(_)
                | Item::Cross(_)
                | Item::Ring(_)
                | Item::Polygon(_)
                | Item::SquareLabel(_)
                | Item::GlyphBadge(_)
                | Item::Mover(_) => draw_shape(&mut pixmap, item, 0),
            }
        }
        pixmap
    }

    /// The bytes its caches hold, as they count them (a cache always keeps
    /// its newest value, so one large board can take a cache past its
    /// budget until the next value replaces it).
    pub(crate) fn cached_bytes(&self) -> u64 {
        self.parts.bytes() + self.tiles.bytes() + self.marked.bytes()
    }

    /// The twelve piece sprites of `spec`, in `Piece::index` order, drawn
    /// on first use.
    #[cfg(test)]
    pub(crate) fn sprites(&mut self, spec: &crate::layout::GlyphSpec) -> &[Pixmap] {
        self.parts.sprites(spec)
    }

    /// Draws `layout` as a palette image whatever it shows, in at most
    /// `colours` colours (1 to 256) besides the exact ramps of its texts:
    /// the tile path's image where there is one, else the RGBA image with
    /// its exact colours, or a median-cut palette of them when there are
    /// more. For formats that need a palette (GIF, sixel).
    pub(crate) fn render_palette(&mut self, layout: &Layout, colours: usize) -> IndexedImage {
        if let Some(image) = self.render_indexed_within(layout, colours) {
            return image;
        }
        crate::pixels::palette_of_within(&self.render(layout), colours)
    }

    /// Draws `layout` as a palette image, or `None` when translucent
    /// markup (arrows, circles, X marks, square labels) is drawn over the
    /// pieces (use [`Rasterizer::render`] then).
    pub fn render_indexed(&mut self, layout: &Layout) -> Option<IndexedImage> {
        self.render_indexed_within(layout, 256)
    }

    /// [`Rasterizer::render_indexed`] with a palette fitted to at most
    /// `colours` colours (besides the exact ramps of its texts): tile sets
    /// of different sizes are kept apart.
    fn render_indexed_within(&mut self, layout: &Layout, colours: usize) -> Option<IndexedImage> {
        // Marks, texts and opaque badges over a tile set shared by boards
        // that differ in them; other markup over the pieces: RGBA.
        let marked = &mut self.marked;
        if let Some(image) = marked_tiles::render_marked(marked, &mut self.parts, layout, colours) {
            return Some(image);
        }
        if layout.has_overlay() {
            return None;
        }
        indexed::render_indexed(&mut self.tiles, &mut self.parts, layout, colours)
    }
}

impl std::fmt::Debug for Rasterizer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rasterizer").finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assets::color::Rgba;
    use crate::layout::Rect;
    use paint::{div255, solid};
    use resvg::tiny_skia::{self, FillRule, PathBuilder, Transform};

    /// The largest difference between two same-sized pixmaps in any channel.
    fn worst_difference(a: &Pixmap, b: &Pixmap) -> u8 {
        let pairs = a.data().iter().zip(b.data());
        pairs.map(|(x, y)| x.abs_diff(*y)).max().unwrap_or(0)
    }

    /// A translucent disc on transparency, like a glyph sprite's edge.
    fn sprite() -> Pixmap {
        let mut s = Pixmap::new(20, 20).unwrap();
        let disc = PathBuilder::from_circle(10.0, 10.0, 8.5).unwrap();
        let paint = solid(Rgba {
            r: 30,
            g: 200,
            b: 90,
            a: 180,
        });
        s.fill_path(
            &disc,
            &paint,
            FillRule::Winding,
            Transform::identity(),
            None,
        );
        s
    }

    #[test]
    fn sprites_blend_like_tiny_skia_and_clip_at_the_edges() {
        let sprite = sprite();
        for (x, y) in [(5, 7), (-6, 3), (25, 22), (-30, 0)] {
            let mut ours = Pixmap::new(32, 30).unwrap();
            ours.fill(tiny_skia::Color::from_rgba8(240, 217, 181, 255));
            let mut theirs = ours.clone();
            let before = ours.clone();
            let at = Rect {
                x: x as f32,
                y: y as f32,
                w: 20.0,
                h: 20.0,
            };
            draw_sprite(&mut ours, &sprite, at);
            theirs.draw_pixmap(
                x,
                y,
                sprite.as_ref(),
                &tiny_skia::PixmapPaint::default(),
                Transform::identity(),
                None,
            );
            let worst = worst_difference(&ours, &theirs);
            assert!(worst <= 1, "at ({x}, {y}): {worst}");
            let overlaps = x > -20 && x < 32 && y < 30;
            assert_eq!(ours.data() != before.data(), overlaps, "at ({x}, {y})");
        }
    }

    #[test]
    fn each_cache_is_keyed_on_what_it_draws_from() {
        use crate::assets::theme::Theme;
        use crate::options::{ArrowSpec, DiagramOptions, Markup};
        let start = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let position = fen2img_chess::parse(start, Default::default())
            .unwrap()
            .position;
        let with = |theme: &str, arrow: &str| {
            let options = DiagramOptions {
                theme: Theme::built_in(theme).unwrap(),
                markup: Markup {
                    arrows: ArrowSpec::parse(arrow).into_iter().collect(),
                    ..Markup::default()
                },
                ..DiagramOptions::default()
            };
            Layout::new(&position, &options).unwrap()
        };
        let mut raster = Rasterizer::new();
        raster.render(&with("brown", "e2e4"));
        raster.render(&with("brown", "d2d4"));
        // Another arrow: same board, same sprites.
        assert_eq!(raster.parts.sprites.len(), 1);
        assert_eq!(raster.parts.backgrounds.len(), 1);
        raster.render(&with("blue", "d2d4"));
        // Another theme: another board, the same twelve sprites.
        assert_eq!(raster.parts.sprites.len(), 1);
        assert_eq!(raster.parts.backgrounds.len(), 2);
        assert_eq!(raster.parts.halos.len(), 0);
        let print = with("print", "d2d4");
        assert!(print.frame.sprites.halo.is_some(), "print has a halo");
        raster.render(&print);
        raster.render(&with("brown", "d2d4"));
        // Print adds its halos (and sprites at its own square size, when
        // its border makes squares smaller); brown's background was kept.
        assert_eq!(raster.parts.halos.len(), 1);
        let brown = with("brown", "d2d4");
        let sizes_differ = print.frame.sprites.glyphs != brown.frame.sprites.glyphs;
        assert_eq!(raster.parts.sprites.len(), 1 + sizes_differ as usize);
        assert_eq!(raster.parts.backgrounds.len(), 3);
    }

    #[test]
    fn div255_rounds_to_nearest() {
        for v in 0..=255 * 255 {
            assert_eq!(div255(v) as u32, (v + 127) / 255, "{v}");
        }
    }
}
