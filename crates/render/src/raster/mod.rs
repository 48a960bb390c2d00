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
mod draw;
pub(crate) mod game_tiles;
mod glyph_masks;
pub mod indexed;
mod marked_tiles;
mod marks;
mod paint;

mod runs;

use std::sync::Arc;

use resvg::tiny_skia::{self, FillRule, Mask, Pixmap, Stroke, Transform};

use crate::assets::color::Rgba;
use crate::layout::{BoardSpec, Glow, GlyphSpec, Halo, Item, Layer, Layout, Rect, SpriteSpec};
use cache::{hash_of, Cache};
use draw::draw_shape;
use fen2img_chess::Piece;
use indexed::TileSet;
use paint::{div255, draw_sprite, over, solid};
use runs::RunImage;

/// Draws layouts, keeping what it drew for one board that others can use:
/// piece sprites, halo sprites, backgrounds and palette tile sets, each
/// keyed on the part of the layout's frame it is drawn from.
pub struct Rasterizer {
    /// The twelve piece sprites, by glyph set and size.
    sprites: Cache<GlyphSpec, Vec<Pixmap>>,
    /// Halo sprites (made per piece on first use), by glyphs and halo.
    halos: Cache<SpriteSpec, Vec<Option<Pixmap>>>,
    /// Everything under the pieces but the mover marker, by board and the
    /// position's check glows.
    backgrounds: Cache<(BoardSpec, Vec<Glow>), Arc<RunImage>>,
    /// Palette tiles (see `indexed`), by frame and check glows.
    tiles: Cache<(Arc<crate::layout::Frame>, Vec<Glow>), TileSet>,
    /// Palette tiles shared by boards that differ in their marks (see
    /// `marked_tiles`).
    marked: Cache<marked_tiles::MarkedKey, marked_tiles::MarkedTiles>,
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
fn band_breaks(board: &BoardSpec) -> Vec<u32> {
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

/// How many bytes of palette tile sets a rasterizer keeps (about 50 at
/// 400 px, one at 2048 px with every square filled in its own colour).
const CACHED_TILE_BYTES: u64 = 16 << 20;

/// How many bytes of sprites (twelve RGBA pixmaps per size) a rasterizer
/// keeps: a few sizes and sets at 400 px, at least the newest set at any
/// size.
const CACHED_SPRITE_BYTES: u64 = 8 << 20;

impl Default for Rasterizer {
    fn default() -> Self {
        Rasterizer {
            sprites: Cache::new(CACHED_SPRITE_BYTES),
            halos: Cache::new(CACHED_SPRITE_BYTES),
            backgrounds: Cache::new(CACHED_BACKGROUND_BYTES),
            tiles: Cache::new(CACHED_TILE_BYTES),
            marked: Cache::new(CACHED_TILE_BYTES),
            last_miss: None,
        }
    }
}

/// What twelve RGBA sprites of `size` pixels cost in a cache, in bytes.
fn sprites_cost(size: u32) -> u64 {
    12 * 4 * size as u64 * size as u64
}

impl Rasterizer {
    /// A rasterizer with no sprites yet.
    pub fn new() -> Rasterizer {
        Rasterizer::default()
    }

    /// Draws `layout` into a new pixmap of its size.
    pub fn render(&mut self, layout: &Layout) -> Pixmap {
        let mut pixmap = self.background_pixmap(layout);
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
                        draw_sprite(&mut pixmap, self.halo_sprite(spec, halo, p.piece), p.rect);
                    }
                }
                Item::Pieces(pieces) => self.draw_pieces(
                    &mut pixmap,
                    layout,
                    pieces.iter().map(|p| (p.piece, p.rect)),
                ),
                Item::PocketPieces(pieces) => self.draw_pieces(
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
        self.sprites.bytes()
            + self.halos.bytes()
            + self.backgrounds.bytes()
            + self.tiles.bytes()
            + self.marked.bytes()
    }

    /// Everything under the pieces but the mover marker (the board, tints,
    /// glows and labels), as runs.
    pub(crate) fn background(&mut self, layout: &Layout) -> Arc<RunImage> {
        match self.background_parts(layout) {
            Background::Whole(image) => image,
            Background::Shared(image) => {
                let pixmap = with_marks(&image, layout);
                Arc::new(RunImage::from_pixmap(&pixmap))
            }
        }
    }

    /// The background (see [`Rasterizer::background`]) as a pixmap to draw
    /// the pieces on.
    fn background_pixmap(&mut self, layout: &Layout) -> Pixmap {
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
        let no_glows: &[Glow] = &[];
        let shared_hash = hash_of(&(&shared, no_glows));
        let found = self
            .backgrounds
            .find(shared_hash, |(b, g)| *b == shared && g.is_empty());
        if let Some(image) = found {
            return Background::Shared(Arc::clone(image));
        }
        // Drawn once per set of options: a layout of the same board with
        // the marks taken out.
        let mut frame = (*layout.frame).clone();
        frame.board = shared.clone();
        let bare = Layout {
            frame: Arc::new(frame),
            glows: Vec::new(),
            ..layout.clone()
        };
        let items = background_items(&bare);
        let key = (shared, Vec::new());
        Background::Shared(self.draw_background(shared_hash, key, &items))
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
    fn draw_pieces(
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
    pub(crate) fn sprites(&mut self, spec: &GlyphSpec) -> &[Pixmap] {
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
    pub(crate) fn halo_sprite(&mut self, spec: &SpriteSpec, halo: Halo, piece: Piece) -> &Pixmap {
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

/// The twelve sprites of `spec`, in [`Piece::index`] order, each glyph
/// fitted into a `size`×`size` square.
fn render_sprites(spec: &GlyphSpec) -> Vec<Pixmap> {
    let (set, size) = (&spec.pieces, spec.size);
    // Hinted at small squares (see `hinting`); made first because the
    // coverage cache below borrows them.
    let paths: Vec<_> = Piece::ALL
        .into_iter()
        .map(|piece| set.glyph(piece).paths_at(size))
        .collect();
    let mut coverage = Coverage::default();
    Piece::ALL
        .into_iter()
        .zip(&paths)
        .map(|(piece, paths)| {
            let glyph = set.glyph(piece);
            let mut sprite = Pixmap::new(size, size).expect("size > 0");
            let (scale, dx, dy) = glyph.fit(size as f32);
            let ts = Transform::from_row(scale, 0.0, 0.0, scale, dx, dy);
            match glyph.tree_at(size) {
                Some(tree) => resvg::render(tree, ts, &mut sprite.as_mut()),
                // What resvg would do for these paths, without walking a tree.
                None => {
                    for p in paths.iter() {
                        if let Some(fill) = p.fill {
                            let op = PathOp::Fill {
                                even_odd: p.even_odd,
                            };
                            coverage.paint(&mut sprite, &p.path, op, fill, ts);
                        }
                        if let Some(s) = &p.stroke {
                            let op = PathOp::Stroke(Stroke {
                                width: spec.stroke_width(s.width, p.fill.is_some(), scale),
                                line_cap: s.linecap,
                                line_join: s.linejoin,
                                ..Stroke::default()
                            });
                            coverage.paint(&mut sprite, &p.path, op, s.color, ts);
                        }
                    }
                }
            }
            sprite
        })
        .collect()
}

/// How a glyph path is painted.
#[derive(Debug, Clone, PartialEq)]
enum PathOp {
    Fill { even_odd: bool },
    Stroke(Stroke),
}

/// Anti-aliased coverage masks of the glyph paths painted so far, at one
/// size, so a path that several glyphs paint the same way (the outline of
/// a white and a black piece) is rasterized once and painted through its
/// mask in each colour. Filling a path, and a stroke's outline above all,
/// is most of what drawing a sprite costs.
#[derive(Default)]
struct Coverage<'a> {
    masks: Vec<(&'a tiny_skia::Path, PathOp, Mask)>,
}

impl<'a> Coverage<'a> {
    fn paint(
        &mut self,
        sprite: &mut Pixmap,
        path: &'a tiny_skia::Path,
        op: PathOp,
        c: Rgba,
        ts: Transform,
    ) {
        if let PathOp::Stroke(stroke) = &op {
            // tiny-skia draws strokes thinner than a pixel as modulated
            // hairlines, not as filled outlines: leave those to it.
            if stroke.width * ts.sx.abs().max(ts.sy.abs()) <= 1.0 {
                sprite.stroke_path(path, &solid(c), stroke, ts, None);
                return;
            }
        }
        let cached = self
            .masks
            .iter()
            .position(|(p, o, _)| *o == op && *p == path);
        let i = match cached {
            Some(i) => i,
            None => {
                let Some(mut mask) = Mask::new(sprite.width(), sprite.height()) else {
                    return;
                };
                match &op {
                    PathOp::Fill { even_odd } => {
                        let rule = if *even_odd {
                            FillRule::EvenOdd
                        } else {
                            FillRule::Winding
                        };
                        mask.fill_path(path, rule, true, ts);
                    }
                    // What tiny-skia's stroke_path does: the stroke's outline,
                    // at the resolution of the transform, filled.
                    PathOp::Stroke(stroke) => {
                        let res_scale = tiny_skia::PathStroker::compute_resolution_scale(&ts);
                        if let Some(outline) = path.stroke(stroke, res_scale) {
                            mask.fill_path(&outline, FillRule::Winding, true, ts);
                        }
                    }
                }
                self.masks.push((path, op, mask));
                self.masks.len() - 1
            }
        };
        paint_through(sprite, &self.masks[i].2, c);
    }
}

/// Paints colour `c` over `pixmap` where `mask` covers it, in proportion to
/// the coverage: what tiny-skia does for an anti-aliased fill, as a plain
/// loop that skips the (many) pixels a glyph path does not touch.
fn paint_through(pixmap: &mut Pixmap, mask: &Mask, c: Rgba) {
    let a = c.a as u32;
    let premultiplied = [c.r, c.g, c.b].map(|v| div255(v as u32 * a) as u32);
    for (px, &m) in pixmap.data_mut().chunks_exact_mut(4).zip(mask.data()) {
        if m == 0 {
            continue;
        }
        let m = m as u32;
        let [r, g, b] = premultiplied.map(|v| div255(v * m));
        over(px, [r, g, b, div255(a * m)]);
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
    use crate::assets::pieces::PieceSet;
    use crate::layout::INK;
    use fen2img_chess::{Color, Role};
    use resvg::tiny_skia::PathBuilder;

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

    /// A glyph drawn path by path with tiny-skia's own fill and stroke.
    fn drawn_directly(glyph: &crate::assets::pieces::Glyph, size: u32) -> Pixmap {
        let mut sprite = Pixmap::new(size, size).unwrap();
        let (scale, dx, dy) = glyph.fit(size as f32);
        let ts = Transform::from_row(scale, 0.0, 0.0, scale, dx, dy);
        for p in glyph.paths_at(size).iter() {
            if let Some(fill) = p.fill {
                let rule = if p.even_odd {
                    FillRule::EvenOdd
                } else {
                    FillRule::Winding
                };
                sprite.fill_path(&p.path, &solid(fill), rule, ts, None);
            }
            if let Some(s) = &p.stroke {
                let stroke = Stroke {
                    width: s.width,
                    line_cap: s.linecap,
                    line_join: s.linejoin,
                    ..Stroke::default()
                };
                sprite.stroke_path(&p.path, &solid(s.color), &stroke, ts, None);
            }
        }
        sprite
    }

    #[test]
    fn sprites_through_shared_coverage_match_direct_drawing() {
        let set = PieceSet::built_in();
        // 18 px: strokes thinner than a pixel (hairlines); 45 and 97 px: not.
        for size in [18, 45, 97] {
            let spec = GlyphSpec {
                pieces: set.clone(),
                size,
                min_stroke: 0.0,
            };
            let sprites = render_sprites(&spec);
            for color in [Color::White, Color::Black] {
                for role in Role::ALL {
                    let piece = Piece::new(color, role);
                    let direct = drawn_directly(set.glyph(piece), size);
                    let ours = &sprites[piece.index()];
                    let worst = worst_difference(ours, &direct);
                    assert!(worst <= 3, "{piece:?} at {size} px: {worst}");
                }
            }
        }
    }

    #[test]
    fn a_path_painted_twice_is_rasterized_once() {
        let path = PathBuilder::from_circle(10.0, 10.0, 7.0).unwrap();
        let same = PathBuilder::from_circle(10.0, 10.0, 7.0).unwrap();
        let mut coverage = Coverage::default();
        let mut sprite = Pixmap::new(20, 20).unwrap();
        let fill = PathOp::Fill { even_odd: false };
        let stroke = PathOp::Stroke(Stroke {
            width: 2.0,
            ..Stroke::default()
        });
        let ts = Transform::identity();
        coverage.paint(
            &mut sprite,
            &path,
            fill.clone(),
            Rgba::rgb(255, 255, 255),
            ts,
        );
        coverage.paint(&mut sprite, &path, stroke.clone(), INK, ts);
        coverage.paint(&mut sprite, &same, fill, INK, ts);
        coverage.paint(&mut sprite, &same, stroke, INK, ts);
        assert_eq!(coverage.masks.len(), 2, "one mask per (path, operation)");
        // The disc's centre is ink now, its far corner still empty.
        assert_eq!(sprite.pixel(10, 10).unwrap().alpha(), 255);
        assert_eq!(sprite.pixel(10, 10).unwrap().red(), INK.r);
        assert_eq!(sprite.pixel(0, 0).unwrap().alpha(), 0);
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
        assert_eq!(raster.sprites.len(), 1);
        assert_eq!(raster.backgrounds.len(), 1);
        raster.render(&with("blue", "d2d4"));
        // Another theme: another board, the same twelve sprites.
        assert_eq!(raster.sprites.len(), 1);
        assert_eq!(raster.backgrounds.len(), 2);
        assert_eq!(raster.halos.len(), 0);
        let print = with("print", "d2d4");
        assert!(print.frame.sprites.halo.is_some(), "print has a halo");
        raster.render(&print);
        raster.render(&with("brown", "d2d4"));
        // Print adds its halos (and sprites at its own square size, when
        // its border makes squares smaller); brown's background was kept.
        assert_eq!(raster.halos.len(), 1);
        let brown = with("brown", "d2d4");
        let sizes_differ = print.frame.sprites.glyphs != brown.frame.sprites.glyphs;
        assert_eq!(raster.sprites.len(), 1 + sizes_differ as usize);
        assert_eq!(raster.backgrounds.len(), 3);
    }

    #[test]
    fn div255_rounds_to_nearest() {
        for v in 0..=255 * 255 {
            assert_eq!(div255(v) as u32, (v + 127) / 255, "{v}");
        }
    }
}
