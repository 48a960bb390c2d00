//! The palette compositor: boards as copies of pre-quantized tiles.
//!
//! For a set of options, everything a board can show is known in advance:
//! the empty board with its labels and either mover marker, and every piece
//! on every distinct square background. Those are rendered once in RGBA,
//! one palette is made for all of them together, and they are stored as
//! palette indices (the background as index runs, see `runs`). A board is
//! then the background's runs filled in, the marker's patch, and a copy of
//! one index tile per piece: no blending, no colour lookups, and no
//! per-board palette (the idea lila-gif uses for its GIFs).
//!
//! Tints and check glows lie under the pieces, so they belong to the
//! background (a tinted square is just another kind of square). Markup over
//! the pieces (X marks, circles, arrows) crosses tiles with translucent
//! colours; such boards take the RGBA path instead.

use std::sync::Arc;

use crate::pixels::IndexedImage;

use resvg::tiny_skia::{IntRect, Pixmap};

use super::cache::hash_of;
use super::cache::Cache;
use super::compose::{compose, PieceTiles};
use super::draw::{draw_labels, draw_mover};
use super::kept_tiles::{ClassTiles, KeptTiles};
use super::paint::draw_sprite;
use super::parts::Parts;
use super::runs::RunImage;
use super::tile_colors::{count_colors, straight, to_indices};
use crate::layout::{Glow, Item, Layout, MoverMark, PlacedLabel, Rect};
use crate::pixels::quantize::{ColorMap, Packed, Palette};
use fen2img_chess::{Color, Piece, Square};

/// How much more the empty board counts than one tile when the palette is
/// made (see `TileSet::build`).
pub(super) const BACKGROUND_WEIGHT: u64 = 4;

/// The most bytes of RGBA tiles (every piece on every kind of square) a
/// tile set may draw. A board has a few kinds of square (light, dark,
/// last-move and check tints), so this never binds below about 800 px; a
/// 2048 px board with all 64 squares filled in different colours would
/// draw 200 MB of tiles for one image, where the RGBA path draws 16 MB,
/// and faster.
pub(super) const TILE_WORK_BYTES: u64 = 32 << 20;

/// The most bytes of RGBA tiles a tile set keeps whole from counting their
/// colours to indexing them; past it, it keeps the unlabelled tiles of
/// each kind of ground and the rectangles the labels change
/// (`kept_tiles`). Two classes (light and dark squares, no inside labels)
/// at 720 px are 0.8 MB.
const KEPT_RGBA_TILE_BYTES: u64 = 1 << 20;

/// The prepared material for one frame and set of check glows.
#[derive(Debug)]
pub(crate) struct TileSet {
    palette: Arc<Palette>,
    /// The background without a marker, and the palette index of each of
    /// its runs.
    background: Arc<RunImage>,
    run_indices: Vec<u8>,
    /// The background's indices in full, kept from the second board on:
    /// copying them is faster than filling in the runs, but a one-shot
    /// render would pay for the extra image-sized buffer and never use it.
    filled: Option<Vec<u8>>,
    /// Whether a board has been drawn with this tile set.
    used: bool,
    /// Each marker drawn over the background: the side it stands for, the
    /// rectangle it touches and that rectangle's indices.
    markers: Vec<(Color, IntRect, Vec<u8>)>,
    /// Each square's background class: squares with identical pixels
    /// (all light squares, say) share their tiles.
    class_of: [u8; 64],
    /// Index tiles by piece ([`Piece::index`]) and kind of ground, `square
    /// × square` bytes each.
    grounds: Vec<[Vec<u8>; 12]>,
    /// Each class's ground and the patch its labels make.
    classes: Vec<ClassTiles>,
}

/// The tile sets of `indexed`, by frame, check glows and the most colours
/// of their palette.
pub(super) type TileSets = Cache<(Arc<crate::layout::Frame>, Vec<Glow>, usize), TileSet>;

/// Draws `layout` (which has no overlay) as a palette image of at most
/// `colours` colours from its tile set in `sets` (built on first use from
/// `parts`), or `None` when its squares come in so many kinds that tiles
/// cost more than the RGBA path.
pub(super) fn render_indexed(
    sets: &mut TileSets,
    parts: &mut Parts,
    layout: &Layout,
    colours: usize,
) -> Option<IndexedImage> {
    let (frame, glows) = (&layout.frame, &layout.glows);
    let hash = hash_of(&(frame, glows, colours));
    let matches = |(f, g, c): &(Arc<crate::layout::Frame>, Vec<_>, usize)| {
        (Arc::ptr_eq(f, frame) || f == frame) && g == glows && *c == colours
    };
    if sets.find(hash, matches).is_none() {
        // Built outside the cache's borrow: building draws sprites.
        // None: so many kinds of square that tiles cost more than the
        // RGBA path (which the caller takes instead).
        let built = TileSet::build(parts, layout, colours)?;
        // The full indices kept from the second board on count too.
        let cost = built.bytes() + frame.width() as u64 * frame.height() as u64;
        let key = (Arc::clone(frame), glows.clone(), colours);
        sets.insert(hash, key, built, cost);
    }
    let tiles = sets.find(hash, matches).expect("just inserted");
    let width = frame.width() as usize;
    let mut indices = match &tiles.filled {
        Some(filled) => filled.clone(),
        None => {
            let mut indices = Vec::with_capacity(width * frame.height() as usize);
            for (run, &i) in tiles.background.runs().iter().zip(&tiles.run_indices) {
                indices.resize(indices.len() + run.len as usize, i);
            }
            if tiles.used {
                tiles.filled = Some(indices.clone());
            }
            tiles.used = true;
            indices
        }
    };
    let views: Vec<ClassView> = tiles.classes.iter().map(|c| tiles.view(c)).collect();
    let tiles_of: Vec<&ClassView> = views.iter().collect();
    compose(
        layout,
        &mut indices,
        &tiles.markers,
        &tiles.class_of,
        &tiles_of,
    );
    Some(IndexedImage {
        width: frame.width(),
        height: frame.height(),
        palette: Arc::clone(&tiles.palette),
        indices,
    })
}

/// A tile set's class as [`compose`] reads it: its ground's tiles and its
/// patch.
struct ClassView<'t> {
    ground: &'t [Vec<u8>; 12],
    patch: Option<&'t (IntRect, [Vec<u8>; 12])>,
}

impl PieceTiles for ClassView<'_> {
    fn tile(&self, piece: usize) -> Option<&[u8]> {
        self.ground.tile(piece)
    }

    fn patch(&self, piece: usize) -> Option<(IntRect, &[u8])> {
        let (rect, rows) = self.patch?;
        Some((*rect, rows.get(piece)?.as_slice()))
    }
}

impl TileSet {
    /// The bytes its tiles, run indices and marker patches hold.
    fn bytes(&self) -> u64 {
        let grounds = self.grounds.iter().flatten();
        let patches = self
            .classes
            .iter()
            .flat_map(|c| &c.patch)
            .flat_map(|p| &p.1);
        let tiles: usize = grounds.chain(patches).map(Vec::len).sum();
        let markers: usize = self.markers.iter().map(|m| m.2.len()).sum();
        (tiles + markers + self.run_indices.len()) as u64
    }

    /// The tile set of `layout`'s frame and glows, its palette fitted to
    /// at most `colours` colours, or `None` when its squares come in so
    /// many kinds that drawing every piece on each would take more than
    /// [`TILE_WORK_BYTES`].
    fn build(parts: &mut Parts, layout: &Layout, colours: usize) -> Option<TileSet> {
        TileSet::build_keeping(parts, layout, KEPT_RGBA_TILE_BYTES, colours)
    }

    /// [`TileSet::build`], keeping the RGBA tiles whole between counting
    /// and indexing when they take at most `keep_bytes`.
    fn build_keeping(
        parts: &mut Parts,
        layout: &Layout,
        keep_bytes: u64,
        colours: usize,
    ) -> Option<TileSet> {
        let material = Material::of(parts, layout)?;
        let classes = material.classes.len();
        let size = layout.frame.board.square as u32;
        // Every piece on every class of square, in RGBA: kept whole for the
        // indexing below when that is little, else as the unlabelled tiles
        // of each kind of ground and the rectangle each class's labels
        // change (`kept_tiles`).
        let rgba_bytes = classes as u64 * 12 * 4 * u64::from(size).pow(2);
        let mut whole: Vec<[Pixmap; 12]> = Vec::new();
        let mut patched = KeptTiles::default();

        // One palette for all of it, each source weighted by how much of a
        // typical board it covers: the board and margin are on every board
        // (and the palette must keep them exact), a given tile only here
        // and there.
        let mut histogram: ColorMap<u64> = ColorMap::default();
        material.count_board(&mut histogram);
        for class in 0..classes {
            let drawn = material.draw_tiles(parts, layout, class);
            for t in &drawn {
                count_colors(t, &mut histogram);
            }
            if rgba_bytes <= keep_bytes {
                whole.push(drawn);
            } else {
                let bare = material
                    .bare
                    .crop(square_rect(layout, material.classes[class].1));
                patched.push(&bare, drawn, |ground| {
                    piece_tiles(parts, layout, ground, None)
                });
            }
        }
        let palette = Palette::reduced(&histogram, colours);
        let index = |c| palette.index(c);
        let run_indices = material.run_indices(index);
        let markers = material.marker_indices(index);
        let (grounds, classes) = if rgba_bytes <= keep_bytes {
            // Each class its own ground, unpatched.
            let each = |class: &[Pixmap; 12]| class.each_ref().map(|t| to_indices(t, index));
            let grounds: Vec<[Vec<u8>; 12]> = whole.iter().map(each).collect();
            let classes = (0..grounds.len())
                .map(|ground| ClassTiles {
                    ground,
                    patch: None,
                })
                .collect();
            (grounds, classes)
        } else {
            patched.indices(|t| to_indices(t, index))
        };
        Some(TileSet {
            palette: Arc::new(palette),
            background: material.empty,
            run_indices,
            filled: None,
            used: false,
            markers,
            class_of: material.class_of,
            grounds,
            classes,
        })
    }

    /// `class` as [`compose`] reads it.
    fn view<'t>(&'t self, class: &'t ClassTiles) -> ClassView<'t> {
        ClassView {
            ground: &self.grounds[class.ground],
            patch: class.patch.as_ref(),
        }
    }
}

/// What a board's palette picture is made of, before any palette: the
/// empty board (with its labels), the mover markers' patches, and the kinds
/// (classes) of square its pieces stand on.
pub(super) struct Material<'l> {
    /// The background without labels over the pieces.
    pub(super) bare: Arc<RunImage>,
    /// The empty board: `bare` with the labels that lie over pieces.
    pub(super) empty: Arc<RunImage>,
    /// The labels drawn over the pieces, each with its casing, and the
    /// glows their casings show.
    pub(super) corner_labels: Option<Placed<'l>>,
    /// Each marker's side, rectangle and pixels (the empty board's with
    /// the marker drawn).
    markers: Vec<(Color, IntRect, Pixmap)>,
    /// Each square's class.
    pub(super) class_of: [u8; 64],
    /// Each class's pixels on the empty board, and one square of it.
    pub(super) classes: Vec<(Pixmap, Square)>,
}

impl<'l> Material<'l> {
    /// The material of `layout`, or `None` when its squares come in so
    /// many kinds that drawing every piece on each would take more than
    /// [`TILE_WORK_BYTES`].
    pub(super) fn of(parts: &mut Parts, layout: &'l Layout) -> Option<Material<'l>> {
        let frame = &layout.frame;
        let bare = parts.background(layout);
        // Labels over the pieces: the empty board has them over its squares,
        // and each tile draws its square's labels after the piece.
        let corner_labels = corner_labels(layout);
        let empty = match corner_labels {
            Some(placed) => Arc::new(with_labels(&bare, placed)),
            None => Arc::clone(&bare),
        };
        // Each marker variant differs from the empty board only in the
        // marker's own small rectangle, so only that part is drawn,
        // counted and indexed again.
        let markers = marker_patches(layout, &empty);

        // Square classes: compare the squares' background pixels. Each
        // keeps a square of its own, for the labels drawn over its tiles.
        let size = frame.board.square as u32;
        let mut class_of = [0u8; 64];
        let mut classes: Vec<(Pixmap, Square)> = Vec::new();
        // One square's pixels at a time, in one pixmap: a class keeps a copy.
        let mut pixels = Pixmap::new(size, size).expect("size > 0");
        for sq in Square::all() {
            empty.crop_into(square_rect(layout, sq), &mut pixels);
            let class = match classes.iter().position(|c| c.0.data() == pixels.data()) {
                Some(i) => i,
                None => {
                    classes.push((pixels.clone(), sq));
                    classes.len() - 1
                }
            };
            class_of[sq.index()] = class as u8;
        }
        let rgba_bytes = classes.len() as u64 * 12 * 4 * u64::from(size) * u64::from(size);
        if rgba_bytes > TILE_WORK_BYTES {
            return None;
        }
        Some(Material {
            bare,
            empty,
            corner_labels,
            markers,
            class_of,
            classes,
        })
    }

    /// Every piece on a square of `class`, in RGBA, in [`Piece::index`]
    /// order.
    pub(super) fn draw_tiles(
        &self,
        parts: &mut Parts,
        layout: &Layout,
        class: usize,
    ) -> [Pixmap; 12] {
        let (labelled, sq) = &self.classes[class];
        match self.corner_labels {
            Some(placed) => {
                let ground = self.bare.crop(square_rect(layout, *sq));
                let here = here_labels(layout, placed, *sq);
                piece_tiles(parts, layout, &ground, Some(here.as_placed()))
            }
            None => piece_tiles(parts, layout, labelled, None),
        }
    }

    /// Adds the empty board's colours and the markers' to `histogram`,
    /// each counted [`BACKGROUND_WEIGHT`] times (the board and margin are
    /// on every board, and the palette must keep them exact).
    pub(super) fn count_board(&self, histogram: &mut ColorMap<u64>) {
        for (c, n) in self.board_colors() {
            *histogram.entry(c).or_default() += n * BACKGROUND_WEIGHT;
        }
    }

    /// The empty board's colours and the markers', each pixel once.
    pub(super) fn board_colors(&self) -> ColorMap<u64> {
        let mut board: ColorMap<u64> = ColorMap::default();
        for run in self.empty.runs() {
            *board.entry(straight(run.pixel)).or_default() += run.len as u64;
        }
        for (_, _, patch) in &self.markers {
            count_colors(patch, &mut board);
        }
        board
    }

    /// The rectangle of each side-to-move marker.
    pub(super) fn marker_rects(&self) -> impl Iterator<Item = IntRect> + '_ {
        self.markers.iter().map(|(_, rect, _)| *rect)
    }

    /// The palette index of each of the empty board's runs.
    fn run_indices(&self, mut index: impl FnMut(Packed) -> u8) -> Vec<u8> {
        self.empty
            .runs()
            .iter()
            .map(|run| index(straight(run.pixel)))
            .collect()
    }

    /// Each marker's side, rectangle and palette indices.
    pub(super) fn marker_indices(
        &self,
        mut index: impl FnMut(Packed) -> u8,
    ) -> Vec<(Color, IntRect, Vec<u8>)> {
        self.markers
            .iter()
            .map(|(color, rect, patch)| (*color, *rect, to_indices(patch, &mut index)))
            .collect()
    }
}

/// Labels over the pieces and the glows their casings show, in one
/// coordinate system (the image's, or a square's).
#[derive(Debug, Clone, Copy)]
pub(super) struct Placed<'l> {
    pub(super) labels: &'l [PlacedLabel],
    pub(super) glows: &'l [Glow],
}

/// [`Placed`] moved into one square.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct PlacedHere {
    pub(super) labels: Vec<PlacedLabel>,
    pub(super) glows: Vec<Glow>,
}

impl PlacedHere {
    /// Borrowed.
    pub(super) fn as_placed(&self) -> Placed<'_> {
        Placed {
            labels: &self.labels,
            glows: &self.glows,
        }
    }

    /// Whether it has no labels.
    pub(super) fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }
}

/// Draws `placed` into `pixmap`, whose first row is the image's row `top`.
pub(super) fn draw_placed(pixmap: &mut Pixmap, placed: Placed, top: u32) {
    draw_labels(pixmap, placed.labels, placed.glows, top);
}

/// Every piece on `ground` (one square's pixels), in RGBA, in
/// [`Piece::index`] order, with the square's labels (placed in the
/// square) drawn over each.
pub(super) fn piece_tiles(
    parts: &mut Parts,
    layout: &Layout,
    ground: &Pixmap,
    labels: Option<Placed>,
) -> [Pixmap; 12] {
    Piece::ALL.map(|piece| piece_tile(parts, layout, ground, labels, piece))
}

/// `piece` on `ground` (one square's pixels), in RGBA: its halo, its
/// sprite, then the square's labels (placed in the square). One tile of
/// [`piece_tiles`], for a game that shows few of a square's twelve.
pub(super) fn piece_tile(
    parts: &mut Parts,
    layout: &Layout,
    ground: &Pixmap,
    labels: Option<Placed>,
    piece: Piece,
) -> Pixmap {
    let frame = &layout.frame;
    let size = frame.board.square;
    let at = Rect {
        x: 0.0,
        y: 0.0,
        w: size,
        h: size,
    };
    let spec = &frame.sprites;
    let mut tile = ground.clone();
    if let Some(halo) = spec.halo {
        draw_sprite(&mut tile, parts.halo_sprite(spec, halo, piece), at);
    }
    if let Some(sprite) = parts.sprites(&spec.glyphs).get(piece.index()) {
        draw_sprite(&mut tile, sprite, at);
    }
    if let Some(here) = labels {
        draw_placed(&mut tile, here, 0);
    }
    tile
}

/// The labels of `placed` centred in `sq`, moved to the square's corner.
pub(super) fn here_labels(layout: &Layout, placed: Placed, sq: Square) -> PlacedHere {
    let r = layout.frame.board.square_rect(sq);
    moved_into(placed, r, |l| centred_in(l, r))
}

/// The labels of `placed` that `keep` keeps and the glow on the square
/// `r`, moved from the image's coordinates to the square's.
fn moved_into(placed: Placed, r: Rect, keep: impl Fn(&PlacedLabel) -> bool) -> PlacedHere {
    let into = |at: Rect| Rect {
        x: at.x - r.x,
        y: at.y - r.y,
        ..at
    };
    let labels: Vec<PlacedLabel> = placed
        .labels
        .iter()
        .filter(|l| keep(l))
        .map(|l| PlacedLabel {
            x: l.x - r.x,
            y: l.y - r.y,
            ..*l
        })
        .collect();
    // The glow only matters to the labels' casings.
    let on_square = |g: &&Glow| (g.rect.x - r.x).abs() < 0.01 && (g.rect.y - r.y).abs() < 0.01;
    let glows = match labels.is_empty() {
        true => Vec::new(),
        false => placed
            .glows
            .iter()
            .filter(on_square)
            .map(|g| Glow {
                rect: into(g.rect),
                ..*g
            })
            .collect(),
    };
    PlacedHere { labels, glows }
}

/// The labels `layout` draws over its pieces (each with its casing), and
/// the glows their casings show.
pub(super) fn corner_labels(layout: &Layout) -> Option<Placed<'_>> {
    layout.items().into_iter().find_map(|item| match item {
        Item::CornerLabels(labels, glows) => Some(Placed { labels, glows }),
        _ => None,
    })
}

/// Each mover marker of `layout` over `empty`: its side, the rectangle it
/// touches and that rectangle's pixels with the marker drawn.
pub(super) fn marker_patches(layout: &Layout, empty: &RunImage) -> Vec<(Color, IntRect, Pixmap)> {
    let frame = &layout.frame;
    frame
        .movers
        .iter()
        .flatten()
        .filter_map(|&m| {
            let rect = marker_rect(m, frame.width(), frame.height())?;
            let mut with_marker = empty.crop(rect);
            let shifted = MoverMark {
                cx: m.cx - rect.x() as f32,
                cy: m.cy - rect.y() as f32,
                ..m
            };
            draw_mover(&mut with_marker, &shifted);
            Some((m.color, rect, with_marker))
        })
        .collect()
}

/// The whole-pixel rectangle of `sq` on `layout`'s board.
pub(super) fn square_rect(layout: &Layout, sq: Square) -> IntRect {
    let size = layout.frame.board.square as u32;
    let r = layout.frame.board.square_rect(sq);
    IntRect::from_xywh(r.x as i32, r.y as i32, size, size).expect("size > 0")
}

/// `bare` (`width × height`) with `placed` drawn over it.
fn with_labels(bare: &RunImage, placed: Placed) -> RunImage {
    let mut all = bare.to_pixmap();
    draw_placed(&mut all, placed, 0);
    RunImage::from_pixmap(&all)
}

/// The labels of `placed` whose ink (with its casing and a pixel of
/// anti-aliasing) reaches into `sq`, and the glow on `sq`, moved to the
/// square's corner: a label near a square's edge may touch its neighbour
/// by a pixel or two, which the square's tiles must show as the whole
/// image does.
pub(super) fn touching_labels(layout: &Layout, placed: Placed, sq: Square) -> PlacedHere {
    let r = layout.frame.board.square_rect(sq);
    moved_into(placed, r, |l| {
        let reach = l.casing.map_or(0.0, |h| h.width) + 1.0;
        l.ink().is_some_and(|ink| {
            ink.x + ink.w + reach > r.x
                && ink.x - reach < r.x + r.w
                && ink.y + ink.h + reach > r.y
                && ink.y - reach < r.y + r.h
        })
    })
}

/// Whether the ink of `label` is centred in `r`.
fn centred_in(label: &PlacedLabel, r: Rect) -> bool {
    if label.ink().is_none() {
        return false;
    }
    let (cx, cy) = label.ink_centre();
    (r.x..r.x + r.w).contains(&cx) && (r.y..r.y + r.h).contains(&cy)
}

/// The whole-pixel rectangle a marker (with its outline) can touch,
/// clipped to the image.
pub(super) fn marker_rect(m: MoverMark, width: u32, height: u32) -> Option<IntRect> {
    let reach = m.r + m.stroke_width + 1.0;
    let x0 = (m.cx - reach).floor().max(0.0) as i32;
    let y0 = (m.cy - reach).floor().max(0.0) as i32;
    let x1 = ((m.cx + reach).ceil() as i32).min(width as i32);
    let y1 = ((m.cy + reach).ceil() as i32).min(height as i32);
    IntRect::from_ltrb(x0, y0, x1, y1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assets::color::Rgba;
    use crate::assets::theme::Theme;
    use crate::options::{Coordinates, DiagramOptions};
    use crate::raster::compose::paste;
    use crate::raster::Rasterizer;
    use crate::test_support::layout;

    /// The largest channel difference between two RGBA buffers.
    fn worst_difference(a: &[u8], b: &[u8]) -> u8 {
        a.iter().zip(b).map(|(x, y)| x.abs_diff(*y)).max().unwrap()
    }

    /// The indexed image decoded to straight RGBA.
    fn expand(img: &IndexedImage) -> Vec<u8> {
        img.indices
            .iter()
            .flat_map(|&i| img.palette.colors[i as usize])
            .collect()
    }

    /// One raster path, from layout to straight RGBA.
    type RenderFn = fn(&mut Rasterizer, &Layout) -> Vec<u8>;

    #[test]
    fn inside_labels_are_drawn_over_the_pieces_in_both_paths() {
        // The file letter of a1 sits in the corner the rook's base covers:
        // every pixel of it that is solid label ink on the empty board must
        // be label ink under the rook too.
        const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        for theme in ["brown", "print"] {
            let options = DiagramOptions {
                size: 640,
                coordinates: Coordinates::Inside,
                theme: Theme::built_in(theme).unwrap(),
                ..DiagramOptions::default()
            };
            let empty = layout("8/8/8/8/8/8/8/8 w - - 0 1", &options);
            let start = layout(START, &options);
            // The same board without labels: the label's pixels are those
            // that differ from it (print's hatching is ink too).
            let unlabelled = DiagramOptions {
                coordinates: Coordinates::None,
                ..options.clone()
            };
            let plain = layout("8/8/8/8/8/8/8/8 w - - 0 1", &unlabelled);
            assert_eq!(plain.frame.board.board, empty.frame.board.board);
            let label = *start
                .frame
                .board
                .labels
                .iter()
                .find(|l| l.ch == 'a')
                .unwrap();
            let ink = label.color;
            let a1 = start.square_rect(Square::parse("a1").unwrap());
            let width = start.frame.width() as usize;
            let mut raster = Rasterizer::new();
            let paths: [(&str, RenderFn); 2] = [
                ("indexed", |r, l| expand(&r.render_indexed(l).unwrap())),
                ("rgba", |r, l| crate::pixels::rgba(&r.render(l))),
            ];
            for (path, render) in paths {
                let (without, with) = (render(&mut raster, &empty), render(&mut raster, &start));
                let bare = render(&mut raster, &plain);
                let mut checked = 0;
                for y in a1.y as usize + a1.h as usize / 2..(a1.y + a1.h) as usize {
                    for x in a1.x as usize + a1.w as usize / 2..(a1.x + a1.w) as usize {
                        let at = (y * width + x) * 4;
                        if without[at..at + 4] == [ink.r, ink.g, ink.b, 255]
                            && bare[at..at + 4] != without[at..at + 4]
                        {
                            checked += 1;
                            assert_eq!(with[at..at + 4], without[at..at + 4], "{theme} {path}");
                        }
                    }
                }
                assert!(checked > 5, "{theme} {path}: the letter has solid ink");
            }
        }
    }

    #[test]
    fn exact_palettes_reproduce_the_rgba_path_bit_for_bit() {
        let mut raster = Rasterizer::new();
        // After castling, then with the king checked on g1: the last
        // move's tint and the glow lie under the `g`, whose casing shows
        // them (the tiles must paint them again as the RGBA path does).
        let castled = crate::options::Markup {
            lastmove: Some((crate::test_support::sq("e1"), crate::test_support::sq("g1"))),
            check: crate::options::CheckMark::Auto,
            ..Default::default()
        };
        let boards = [
            (
                "r1bqk2r/pppp1ppp/2n2n2/4p3/1bB1P3/2N2N2/PPPP1PPP/R1BQK2R b KQkq - 5 5",
                crate::options::Markup::default(),
            ),
            (
                "rnb1kbnr/pppp1ppp/8/4p3/4P3/6q1/PPPP1P1P/RNBQ1RK1 w kq - 0 5",
                castled,
            ),
        ];
        for theme in ["brown", "print"] {
            for ((fen, markup), coordinates) in boards
                .iter()
                .flat_map(|b| [(b, Coordinates::Outside), (b, Coordinates::Inside)])
            {
                let options = DiagramOptions {
                    size: 160,
                    coordinates,
                    theme: Theme::built_in(theme).unwrap(),
                    markup: markup.clone(),
                    ..DiagramOptions::default()
                };
                let l = layout(fen, &options);
                // Print rings the king in check: an overlay, drawn in RGBA.
                let Some(img) = raster.render_indexed(&l) else {
                    assert!(theme == "print" && l.has_overlay(), "{theme} {fen}");
                    continue;
                };
                let rgba = crate::pixels::rgba(&raster.render(&l));
                if img.palette.exact {
                    assert_eq!(expand(&img), rgba, "{theme} {fen} {coordinates:?}");
                } else {
                    let worst = worst_difference(&expand(&img), &rgba);
                    assert!(worst <= 24, "{theme} {fen} {coordinates:?}: {worst}");
                }
            }
        }
    }

    fn fresh_render(l: &Layout) -> Vec<u8> {
        Rasterizer::new().render_indexed(l).unwrap().indices
    }

    #[test]
    fn the_palette_does_not_depend_on_what_was_drawn_before() {
        let options = DiagramOptions::default();
        let a = layout("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &options);
        let b = layout(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
            &options,
        );
        let mut fresh = Rasterizer::new();
        let first = fresh.render_indexed(&b).unwrap();
        let mut used = Rasterizer::new();
        used.render_indexed(&a).unwrap();
        let second = used.render_indexed(&b).unwrap();
        assert_eq!(first.palette.colors, second.palette.colors);
        assert_eq!(first.indices, second.indices);
        // From the third board on, the background is copied, not filled in.
        let third = used.render_indexed(&b).unwrap();
        let tiles_of_b = used
            .tiles
            .find(hash_of(&(&b.frame, &b.glows, 256usize)), |(f, ..)| {
                **f == *b.frame
            })
            .expect("b's tiles are cached under b's frame");
        assert!(tiles_of_b.filled.is_some());
        assert_eq!(first.indices, third.indices);
        let again = used.render_indexed(&a).unwrap();
        assert_eq!(again.indices, fresh_render(&a));
    }

    #[test]
    fn boards_whose_check_glows_differ_share_one_tile_set() {
        let options = DiagramOptions {
            markup: crate::options::Markup {
                check: crate::options::CheckMark::Auto,
                ..Default::default()
            },
            ..DiagramOptions::default()
        };
        // White's king in check on e1, then Black's on e8: two glows.
        let a = layout("4k3/8/8/8/8/8/8/4K2r w - - 0 1", &options);
        let b = layout("4k2R/8/8/8/8/8/8/4K3 b - - 0 1", &options);
        assert!(!a.glows.is_empty() && a.glows != b.glows);
        let mut raster = Rasterizer::new();
        let first = raster.render_indexed(&a).unwrap();
        let other = raster.render_indexed(&b).unwrap();
        let again = raster.render_indexed(&a).unwrap();
        // A glow is a kind of square, wherever it lies (see `marked_tiles`).
        assert_eq!(raster.marked.len(), 1);
        assert_eq!(raster.tiles.len(), 0);
        assert!(Arc::ptr_eq(&first.palette, &other.palette));
        assert!(Arc::ptr_eq(&first.palette, &again.palette));
        assert_eq!(first.indices, again.indices);
        assert_ne!(first.indices, other.indices);
    }

    #[test]
    fn tints_and_glows_stay_on_the_palette_path() {
        let mut raster = Rasterizer::new();
        let options = DiagramOptions {
            size: 200,
            markup: crate::options::Markup {
                lastmove: Some((Square::parse("f1").unwrap(), Square::parse("c4").unwrap())),
                check: crate::options::CheckMark::Square(Square::parse("e8").unwrap()),
                fills: vec![(
                    Square::parse("e4").unwrap(),
                    Rgba::parse("#ff000080").unwrap(),
                )],
                ..Default::default()
            },
            ..DiagramOptions::default()
        };
        let l = layout(
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
            &options,
        );
        let img = raster.render_indexed(&l).expect("no overlay");
        let rgba = crate::pixels::rgba(&raster.render(&l));
        let worst = worst_difference(&expand(&img), &rgba);
        assert!(worst <= 24, "{worst}");
        // The tinted c4 bishop's square and an untinted light square differ.
        let at = |sq: &str| {
            let r = l.square_rect(Square::parse(sq).unwrap());
            img.indices[r.y as usize * l.frame.width() as usize + r.x as usize]
        };
        assert_ne!(at("c4"), at("c2"));
    }

    #[test]
    fn markup_over_the_pieces_takes_the_rgba_path() {
        let options = DiagramOptions {
            markup: crate::options::Markup {
                marks: vec![Square::parse("e4").unwrap()],
                ..Default::default()
            },
            ..DiagramOptions::default()
        };
        let l = layout("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &options);
        assert!(Rasterizer::new().render_indexed(&l).is_none());
    }

    #[test]
    fn a_large_board_of_many_kinds_of_square_takes_the_rgba_path() {
        // Every square its own colour: 64 kinds of square, whose tiles at
        // 2048 px would be 200 MB of RGBA for one image.
        let fills = |size| DiagramOptions {
            size,
            markup: crate::options::Markup {
                fills: Square::all()
                    .map(|sq| {
                        (
                            sq,
                            Rgba::rgb(sq.index() as u8 * 4, 0, 255 - sq.index() as u8),
                        )
                    })
                    .collect(),
                ..Default::default()
            },
            ..DiagramOptions::default()
        };
        let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
        let mut raster = Rasterizer::new();
        assert!(raster.render_indexed(&layout(fen, &fills(2048))).is_none());
        assert_eq!(raster.tiles.len(), 0);
        // At an everyday size the same board keeps its tiles.
        assert!(raster.render_indexed(&layout(fen, &fills(400))).is_some());
        assert!(raster.cached_bytes() < 16 << 20);
    }

    #[test]
    fn a_tile_set_kept_as_labelled_patches_is_the_one_kept_whole() {
        // Inside coordinates at 720 px: each labelled square is a class of
        // its own, more RGBA than a tile set keeps whole between counting
        // colours and indexing, so it keeps the unlabelled tiles and the
        // rectangles the labels change. The palette and every tile must be
        // those of a tile set that kept them whole.
        let options = DiagramOptions {
            size: 720,
            coordinates: Coordinates::Inside,
            ..DiagramOptions::default()
        };
        let l = layout(
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 4 4",
            &options,
        );
        let size = u64::from(l.frame.board.square as u32);
        let mut parts = Parts::default();
        let material = Material::of(&mut parts, &l).unwrap();
        assert!(material.classes.len() as u64 * 48 * size * size > KEPT_RGBA_TILE_BYTES);
        // Held as patches, the tiles are a small part of the whole.
        let mut patched = KeptTiles::default();
        for class in 0..material.classes.len() {
            let drawn = material.draw_tiles(&mut parts, &l, class);
            let bare = material
                .bare
                .crop(square_rect(&l, material.classes[class].1));
            patched.push(&bare, drawn, |g| piece_tiles(&mut parts, &l, g, None));
        }
        let whole = material.classes.len() as u64 * 12 * size * size;
        assert!(
            patched.pixels() * 3 < whole,
            "{} of {whole}",
            patched.pixels()
        );
        let kept = TileSet::build_keeping(&mut parts, &l, u64::MAX, 256).unwrap();
        let redrawn = TileSet::build_keeping(&mut parts, &l, 0, 256).unwrap();
        assert_eq!(kept.palette.colors, redrawn.palette.colors);
        assert_eq!(kept.run_indices, redrawn.run_indices);
        assert_eq!(kept.class_of, redrawn.class_of);
        // Every class's tile of every piece, its ground's with its patch
        // pasted over, is the one kept whole.
        let tile = |set: &TileSet, class: usize, piece: usize| {
            let view = set.view(&set.classes[class]);
            let mut tile = view.tile(piece).unwrap().to_vec();
            if let Some((r, rows)) = view.patch(piece) {
                let (x, y) = (r.x() as usize, r.y() as usize);
                paste(&mut tile, size as usize, x, y, r.width() as usize, rows);
            }
            tile
        };
        for class in 0..kept.classes.len() {
            for piece in 0..12 {
                assert_eq!(tile(&kept, class, piece), tile(&redrawn, class, piece));
            }
        }
        // And the index tiles are held as patches too: two grounds' tiles
        // and the labels' rectangles, a fraction of every class's whole
        // tiles.
        assert_eq!(redrawn.grounds.len(), 2);
        assert!(
            redrawn.bytes() * 4 < kept.bytes(),
            "{} of {}",
            redrawn.bytes(),
            kept.bytes()
        );
        // And the rasterizer's own (which keeps patches here) gives that image.
        let mut raster = Rasterizer::new();
        let image = raster.render_indexed(&l).unwrap();
        assert_eq!(image.palette.colors, kept.palette.colors);
    }
}
