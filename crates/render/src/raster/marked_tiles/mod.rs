//! One tile set for boards that differ only in their marks.
//!
//! A batch of games draws every board with the same options, but each
//! board has marks of its own: the last move's tinted squares, a check
//! glow, the player bars' names and clocks. Keyed on everything, the tile
//! compositor of `indexed` built a tile set (every piece on every kind of
//! square, a palette fitted to them all) for nearly every game, which cost
//! seven times the rest of the board (`bench/game_marks.sh`).
//!
//! Here the tile set belongs to what boards share ([`MarkedKey`]): the
//! options' frame without the marks, the kinds of marked square (a tint or
//! glow, whatever square it is on) and the kinds of text (ink, casing and
//! the ground under it). Each marked kind of square is one more class of
//! the tile set, on every plain class; each kind of text reserves the
//! palette entries of its anti-aliasing ramp. A board is then the shared
//! background's indices, its marked squares pasted as their class's ground,
//! its texts drawn over the shared background and each changed pixel taken
//! to the palette, and its pieces as tiles.
//!
//! The palette depends on the key alone, never on which boards came
//! before: a board gives the same bytes alone, in any batch, on any shard.
//! Glyph badges and promotion signs over the pieces are opaque, so their
//! edges and symbols blend with a few known colours: they are drawn over
//! the composed board, each changed pixel taken to the palette, whose
//! ramps hold those blends. Boards whose marks do not fit the scheme (a
//! tint across squares, text reaching the board or the side-to-move
//! marker) take the per-board tile set of `indexed`; translucent markup
//! over the pieces (arrows, circles) blends with everything under it and
//! takes the RGBA path.

mod key;
mod ramps;

use std::sync::Arc;

use resvg::tiny_skia::{ColorU8, IntRect, Path, Pixmap, PremultipliedColorU8};

use super::around::draw_outline;
use super::cache::{hash_of, Cache};
use super::compose::{compose, paste};
use super::draw::draw_shape;
use super::glyph_masks::Coverage;
use super::indexed::{
    corner_labels, draw_placed, piece_tiles, square_rect, touching_labels, Material, Placed,
    PlacedHere, BACKGROUND_WEIGHT,
};
use super::marks::rows_reached;
use super::parts::Parts;
use super::runs::RunImage;
use super::tile_colors::{count_colors, straight, to_indices};
use crate::layout::{
    BoardSpec, Glow, Item, LabelCasing, Layout, PlacedLabel, PlacedText, Rect, Tint,
};
use crate::pixels::quantize::{ColorMap, NearestCache, Packed, Palette};
use crate::pixels::IndexedImage;
use fen2img_chess::{Color, Square};
pub(crate) use key::MarkedKey;
use key::{over, packed, Drawn, Ink, Marked, Shaped, Stack};
use ramps::BlendRamps;
/// Steps of the ramp between two colours of opaque markup, or markup and
/// what lies under it (its edges): fewer than a text's, as its edges are
/// short and its pairs many.
const OVERLAY_STEPS: u32 = 7;

/// The most colours a tile set remembers the nearest palette entry of
/// (text edge colours between the ramp's steps).
const NEAREST_COLOURS: usize = 1 << 14;

/// The most ramps of text ink over an entry a tile set remembers (512
/// bytes each; a board's texts use a few).
const BLEND_RAMPS: usize = 64;

/// A marked class whose tiles are not drawn yet.
#[derive(Debug, Clone)]
struct Pending {
    ground: Pixmap,
    labels: PlacedHere,
}

/// The tile set of a [`MarkedKey`].
#[derive(Debug)]
pub(super) struct MarkedTiles {
    palette: Arc<Palette>,
    /// The shared background (no marks), to draw texts over.
    background: Arc<RunImage>,
    /// The shared background's indices.
    filled: Vec<u8>,
    /// Each marker's side, rectangle and indices.
    markers: Vec<(Color, IntRect, Vec<u8>)>,
    /// Each square's plain class.
    class_of: [u8; 64],
    /// The class of a plain class with a stack of marks:
    /// `marked[plain][stack]`.
    marked: Vec<Vec<u8>>,
    /// Each class's square without a piece (labels drawn), as indices.
    grounds: Vec<Vec<u8>>,
    /// Each class's twelve piece tiles: from the start for the plain
    /// classes and the marked ones without labels (whose colours the
    /// palette is fitted to); a labelled marked class's when a board first
    /// has it (with inside coordinates, fifteen labelled classes times each
    /// stack would be drawn for a one-off board that shows two).
    tiles: Vec<Option<[Vec<u8>; 12]>>,
    /// What a marked class's tiles are drawn on until they are: its square
    /// without labels, and the labels placed in it with their casings.
    pending: Vec<Option<Pending>>,
    /// The nearest palette entry of text colours met so far.
    nearest: NearestCache,
    /// The entry of an ink at a coverage over an entry, met so far: a
    /// board's texts blend a few inks at 255 coverages over a few entries,
    /// again and again.
    blends: BlendRamps,
}

/// The shared tile sets of `marked_tiles`, by what their boards share.
pub(super) type MarkedSets = Cache<MarkedKey, MarkedTiles>;

/// Draws `layout` in the tile set (in `sets`, built on first use from
/// `parts`) of what it shares with boards that differ
/// only in their marks (see the module's header), or `None` when it
/// has no marks or they do not fit that scheme.
pub(super) fn render_marked(
    sets: &mut MarkedSets,
    parts: &mut Parts,
    layout: &Layout,
    colours: usize,
) -> Option<IndexedImage> {
    let marked = Marked::of(layout, colours)?;
    let key = &marked.key;
    let hash = hash_of(key);
    if sets.find(hash, |k| k == key).is_none() {
        let built = MarkedTiles::build(parts, layout, key)?;
        let cost = built.bytes();
        let owned = MarkedKey {
            frame: Arc::clone(&key.frame),
            stacks: key.stacks.clone(),
            inks: key.inks.clone(),
            overlay: key.overlay.clone(),
            colours: key.colours,
        };
        sets.insert(hash, owned, built, cost);
    }
    // The marked classes this board has whose tiles are not drawn yet:
    // drawn now (sprites come from the rasterizer's caches), then
    // indexed in the tile set's palette.
    let tiles = sets.find(hash, |k| k == key).expect("just inserted");
    let missing = tiles.missing(&marked.stack_of);
    let drawn: Vec<(usize, [Pixmap; 12])> = missing
        .into_iter()
        .map(|(class, p)| {
            let placed = (!p.labels.is_empty()).then_some(p.labels.as_placed());
            (class, piece_tiles(parts, layout, &p.ground, placed))
        })
        .collect();
    let tiles = sets.find(hash, |k| k == key).expect("just found");
    for (class, rgba) in drawn {
        let indexed = rgba.each_ref().map(|t| to_indices(t, |c| tiles.index(c)));
        tiles.tiles[class] = Some(indexed);
        tiles.pending[class] = None;
    }
    Some(tiles.draw(layout, &marked))
}

impl MarkedTiles {
    /// The tile set of `key` (of `layout`), or `None` when its squares come
    /// in too many kinds (see `Material::of`).
    fn build(parts: &mut Parts, layout: &Layout, key: &MarkedKey) -> Option<MarkedTiles> {
        let shared = Layout {
            frame: Arc::clone(&key.frame),
            glows: Vec::new(),
            ..layout.clone()
        };
        let material = Material::of(parts, &shared)?;
        let labels = corner_labels(&shared);
        let plain = material.classes.len();
        // Every class's ground (labelled): the plain classes, then each
        // plain class with each stack; tiles in RGBA for the plain classes
        // and the unlabelled marked ones (labelled marked ones' tiles are
        // drawn when a board first has them, in the nearest colours of a
        // palette that has the same pieces on the same marks unlabelled).
        let mut grounds: Vec<Pixmap> = material.classes.iter().map(|c| c.0.clone()).collect();
        let mut tiles_rgba: Vec<Option<[Pixmap; 12]>> = (0..plain)
            .map(|class| Some(material.draw_tiles(parts, &shared, class)))
            .collect();
        let mut pending: Vec<Option<Pending>> = vec![None; plain];
        let mut marked = vec![Vec::new(); plain];
        for (class, classes) in marked.iter_mut().enumerate() {
            let sq = material.classes[class].1;
            for stack in &key.stacks {
                let mut ground = material.bare.crop(square_rect(&shared, sq));
                for mark in stack {
                    mark.draw(&mut ground);
                }
                let here = match labels {
                    Some(all) => labels_under(&shared, all.labels, sq, stack),
                    None => PlacedHere::default(),
                };
                let mut labelled = ground.clone();
                draw_placed(&mut labelled, here.as_placed(), 0);
                if here.is_empty() {
                    tiles_rgba.push(Some(piece_tiles(parts, &shared, &ground, None)));
                    pending.push(None);
                } else {
                    tiles_rgba.push(None);
                    pending.push(Some(Pending {
                        ground,
                        labels: here,
                    }));
                }
                classes.push((grounds.len()) as u8);
                grounds.push(labelled);
            }
        }
        if grounds.len() > 256 {
            return None;
        }

        // The palette: the board and marked grounds weighted as `indexed`
        // weighs the board, every tile drawn once, and the texts' ramps
        // exact.
        let histogram = palette_histogram(&material, &grounds[plain..], &tiles_rgba);
        let mut ramps: Vec<Packed> = key.inks.iter().flat_map(Ink::ramp).collect();
        if !key.overlay.is_empty() {
            ramps.extend(overlay_ramps(key, &grounds, plain, &tiles_rgba));
        }
        ramps.sort_unstable();
        ramps.dedup();
        ramps.retain(|c| !histogram.contains_key(c));
        let room = key
            .colours
            .min(256usize.saturating_sub(ramps.len()).max(64));
        let palette = Palette::reduced(&histogram, room).extended(ramps);
        let index = |c| palette.index(c);
        let filled = {
            let runs = material.empty.runs();
            let mut indices = Vec::with_capacity(material.empty.bytes() as usize);
            for run in runs {
                indices.resize(indices.len() + run.len as usize, index(straight(run.pixel)));
            }
            indices
        };
        Some(MarkedTiles {
            filled,
            markers: material.marker_indices(index),
            class_of: material.class_of,
            marked,
            grounds: grounds.iter().map(|g| to_indices(g, index)).collect(),
            tiles: tiles_rgba
                .iter()
                .map(|class| {
                    class
                        .as_ref()
                        .map(|c| c.each_ref().map(|t| to_indices(t, index)))
                })
                .collect(),
            pending,
            background: Arc::clone(&material.empty),
            palette: Arc::new(palette),
            nearest: NearestCache::new(NEAREST_COLOURS),
            blends: BlendRamps::new(BLEND_RAMPS),
        })
    }

    /// The marked classes `stack_of` puts on squares whose tiles are not
    /// drawn yet, with what to draw them on.
    fn missing(&self, stack_of: &[Option<u8>; 64]) -> Vec<(usize, Pending)> {
        let mut out: Vec<(usize, Pending)> = Vec::new();
        for sq in Square::all() {
            let Some(stack) = stack_of[sq.index()] else {
                continue;
            };
            let class = self.marked[self.class_of[sq.index()] as usize][stack as usize] as usize;
            if let Some(p) = &self.pending[class]
                && !out.iter().any(|(c, _)| *c == class)
            {
                out.push((class, p.clone()));
            }
        }
        out
    }

    /// The bytes it holds, counting the tiles of every marked class as
    /// drawn (they are, as boards come).
    fn bytes(&self) -> u64 {
        let tile = self.grounds.first().map_or(0, Vec::len);
        let tiles: usize = self.tiles.len() * 12 * tile;
        let grounds: usize = self.grounds.iter().map(Vec::len).sum();
        let markers: usize = self.markers.iter().map(|m| m.2.len()).sum();
        (tiles + grounds + markers + self.filled.len()) as u64
            + self.background.bytes()
            + self.blends.bytes()
    }

    /// The palette entry of `c`: its own, or the nearest.
    fn index(&mut self, c: Packed) -> u8 {
        self.nearest.index(&self.palette, c)
    }

    /// `layout` drawn: the shared background, the marked squares, the
    /// texts, then the markers and pieces.
    fn draw(&mut self, layout: &Layout, marked: &Marked) -> IndexedImage {
        let (stack_of, texts) = (&marked.stack_of, &marked.texts);
        let frame = &layout.frame;
        let width = frame.width() as usize;
        let size = frame.board.square as usize;
        let mut indices = self.filled.clone();
        let mut class_of = self.class_of;
        for sq in Square::all() {
            if let Some(stack) = stack_of[sq.index()] {
                let class = self.marked[class_of[sq.index()] as usize][stack as usize];
                class_of[sq.index()] = class;
                let r = square_rect(layout, sq);
                let ground = &self.grounds[class as usize];
                paste(
                    &mut indices,
                    width,
                    r.x() as usize,
                    r.y() as usize,
                    size,
                    ground,
                );
            }
        }
        self.draw_texts(&mut indices, width, texts);
        // Every class this board has is drawn (see `render_marked`).
        let none: [Vec<u8>; 12] = Default::default();
        let tiles_of: Vec<&[Vec<u8>; 12]> = self
            .tiles
            .iter()
            .map(|t| t.as_ref().unwrap_or(&none))
            .collect();
        compose(layout, &mut indices, &self.markers, &class_of, &tiles_of);
        self.draw_overlay(&mut indices, width, &marked.overlay);
        IndexedImage {
            width: frame.width(),
            height: frame.height(),
            palette: Arc::clone(&self.palette),
            indices,
        }
    }

    /// Draws `texts`, in order, and takes each pixel they change to the
    /// palette. Texts are drawn all one way or all the other (a casing
    /// goes with a transparent page, for every text), so the order holds.
    fn draw_texts(&mut self, indices: &mut [u8], width: usize, texts: &[Shaped]) {
        for s in texts {
            if let Drawn::Coverage(c) = &s.drawn {
                self.blend(indices, width, c, packed(s.text.color));
            }
        }
        let outlines: Vec<(&PlacedText, &Path, Rect)> = texts
            .iter()
            .filter_map(|s| match &s.drawn {
                Drawn::Outline(path) => Some((s.text, path, s.ink)),
                Drawn::Coverage(_) => None,
            })
            .collect();
        self.draw_outlines(indices, width, &outlines);
    }

    /// Draws `overlay` (opaque markup over the pieces) over the image,
    /// rows at a time: each band's pixels are the palette's colours of its
    /// indices, the markup is drawn over them, and each pixel it changes is
    /// taken to the palette.
    fn draw_overlay(&mut self, indices: &mut [u8], width: usize, overlay: &[Item]) {
        if overlay.is_empty() {
            return;
        }
        let height = indices.len() / width;
        let premultiplied: Vec<PremultipliedColorU8> = self
            .palette
            .colors
            .iter()
            .map(|&[r, g, b, a]| ColorU8::from_rgba(r, g, b, a).premultiply())
            .collect();
        let reach: Vec<Rect> = overlay
            .iter()
            .map(|item| {
                let (y0, y1) = rows_reached(item);
                Rect {
                    x: 0.0,
                    y: y0,
                    w: width as f32,
                    h: y1 - y0,
                }
            })
            .collect();
        for (top, end) in touched_rows(&reach, height as u32) {
            let rows = &mut indices[top as usize * width..end as usize * width];
            let mut band = Pixmap::new(width as u32, end - top).expect("rows inside the image");
            for (px, &i) in band.pixels_mut().iter_mut().zip(rows.iter()) {
                *px = premultiplied[i as usize];
            }
            for item in overlay {
                draw_shape(&mut band, *item, top);
            }
            for (px, i) in band.pixels().iter().zip(rows.iter_mut()) {
                if *px != premultiplied[*i as usize] {
                    *i = self.index(straight(*px));
                }
            }
        }
    }

    /// Blends `ink` at coverage `c` over the image's pixels (the palette's
    /// colours of their indices, which hold the background exactly).
    fn blend(&mut self, indices: &mut [u8], width: usize, c: &Coverage, ink: Packed) {
        let height = (indices.len() / width) as i32;
        let (palette, nearest) = (&self.palette, &mut self.nearest);
        let mut ramps = self.blends.of_ink(ink);
        for (row, alphas) in c.alpha.chunks_exact(c.width).enumerate() {
            let y = c.top + row as i32;
            if !(0..height).contains(&y) {
                continue;
            }
            for (col, &a) in alphas.iter().enumerate() {
                let x = c.left + col as i32;
                if a == 0 || !(0..width as i32).contains(&x) {
                    continue;
                }
                let at = y as usize * width + x as usize;
                let under = indices[at];
                indices[at] = ramps.entry(under, a, || {
                    let colour = u32::from_le_bytes(palette.colors[under as usize]);
                    nearest.index(palette, over(ink, colour, f32::from(a) / 255.0))
                });
            }
        }
    }

    /// Fills `texts` (with their ink rectangles) over the shared
    /// background, rows at a time, and takes each pixel they change to the
    /// palette.
    fn draw_outlines(
        &mut self,
        indices: &mut [u8],
        width: usize,
        texts: &[(&PlacedText, &Path, Rect)],
    ) {
        let height = indices.len() / width;
        let rows: Vec<Rect> = texts.iter().map(|s| s.2).collect();
        for (top, end) in touched_rows(&rows, height as u32) {
            let rows = IntRect::from_xywh(0, top as i32, width as u32, end - top)
                .expect("rows inside the image");
            let before = self.background.crop(rows);
            let mut after = before.clone();
            let here = texts
                .iter()
                .filter(|s| s.2.y < end as f32 && s.2.y + s.2.h > top as f32);
            for (text, path, _) in here {
                draw_outline(&mut after, text, path, top);
            }
            let start = top as usize * width;
            for (i, (a, b)) in after.pixels().iter().zip(before.pixels()).enumerate() {
                if a != b {
                    indices[start + i] = self.index(straight(*a));
                }
            }
        }
    }
}

/// The labels touching `sq` (placed in it) on a square of `shared` that
/// carries `stack`, and the stack's glow: a label standing there cased in
/// the colour of the square with the stack's tints over it, as the board
/// with those marks cases it (`shared` has none), and its casing shows
/// the glow as that board's does (when the casing is the square's).
fn labels_under(shared: &Layout, all: &[PlacedLabel], sq: Square, stack: &Stack) -> PlacedHere {
    let board = &shared.frame.board;
    let at = board.square_rect(sq);
    let tints: Vec<Tint> = stack.iter().filter_map(|m| m.tint_at(at)).collect();
    let glows: Vec<Glow> = stack.iter().filter_map(|m| m.glow_at(at)).collect();
    let mut marked = BoardSpec {
        tints: board.tints.iter().cloned().chain(tints).collect(),
        labels: all.to_vec(),
        ..board.clone()
    };
    marked.case_labels();
    let shown: &[Glow] = match board.label_casing {
        LabelCasing::Ground(_) => &glows,
        LabelCasing::None | LabelCasing::Paint(_) => &[],
    };
    let placed = Placed {
        labels: &marked.labels,
        glows: shown,
    };
    touching_labels(shared, placed, sq)
}

/// The palette entries opaque markup over the pieces needs: each of
/// `key`'s overlay colours' edge over the light and dark squares, over the
/// pieces' two main colours and over each marked kind of square's main
/// colour (`grounds` past the `plain` classes), and each pair of its
/// colours (a symbol on its disc, the disc in its ring).
fn overlay_ramps(
    key: &MarkedKey,
    grounds: &[Pixmap],
    plain: usize,
    tiles_rgba: &[Option<[Pixmap; 12]>],
) -> Vec<Packed> {
    let mut out = Vec::new();
    let board = &key.frame.board;
    let mut squares: ColorMap<u64> = ColorMap::default();
    for g in &grounds[..plain] {
        count_colors(g, &mut squares);
    }
    let mut unders = vec![packed(board.light), packed(board.dark)];
    let plain_tiles: Vec<&[Pixmap; 12]> = tiles_rgba[..plain].iter().flatten().collect();
    unders.extend(main_colours(&plain_tiles, &squares, 2));
    // And each marked kind of square's main colour (a tint's).
    for g in &grounds[plain..] {
        let mut counts: ColorMap<u64> = ColorMap::default();
        count_colors(g, &mut counts);
        let most = counts
            .into_iter()
            .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)));
        unders.extend(most.map(|(c, _)| c));
    }
    unders.sort_unstable();
    unders.dedup();
    for &c in &key.overlay {
        for &ground in unders.iter().chain(&key.overlay) {
            if ground != c {
                let step = |k: u32| over(c, ground, k as f32 / (OVERLAY_STEPS + 1) as f32);
                out.extend((1..=OVERLAY_STEPS).map(step));
            }
        }
        out.push(c);
    }
    out
}

/// The colours a marked tile set's palette is fitted to: the empty board
/// and markers (`material`) and the `marked_grounds`, weighted as
/// `indexed` weighs the board, and every tile drawn, once.
fn palette_histogram(
    material: &Material,
    marked_grounds: &[Pixmap],
    tiles_rgba: &[Option<[Pixmap; 12]>],
) -> ColorMap<u64> {
    let mut histogram: ColorMap<u64> = ColorMap::default();
    material.count_board(&mut histogram);
    let mut marked: ColorMap<u64> = ColorMap::default();
    for g in marked_grounds {
        count_colors(g, &mut marked);
    }
    for (c, n) in marked {
        *histogram.entry(c).or_default() += n * BACKGROUND_WEIGHT;
    }
    for t in tiles_rgba.iter().flatten().flatten() {
        count_colors(t, &mut histogram);
    }
    histogram
}

/// The `n` colours the pieces of `tiles` cover most (not their grounds'),
/// most first, then by value.
fn main_colours(tiles: &[&[Pixmap; 12]], grounds: &ColorMap<u64>, n: usize) -> Vec<Packed> {
    let mut counts: ColorMap<u64> = ColorMap::default();
    for t in tiles.iter().flat_map(|c| c.iter()) {
        count_colors(t, &mut counts);
    }
    let mut colours: Vec<(Packed, u64)> = counts
        .into_iter()
        .filter(|(c, _)| !grounds.contains_key(c))
        .collect();
    colours.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    colours.into_iter().take(n).map(|(c, _)| c).collect()
}

/// The image rows that rectangles `inks` touch, as (first, past the
/// end) ranges that do not overlap.
fn touched_rows(inks: &[Rect], height: u32) -> Vec<(u32, u32)> {
    let mut ranges: Vec<(u32, u32)> = inks
        .iter()
        .map(|r| {
            let top = r.y.floor().max(0.0) as u32;
            let end = ((r.y + r.h).ceil().max(0.0) as u32).min(height);
            (top.min(end), end)
        })
        .filter(|(top, end)| top < end)
        .collect();
    ranges.sort_unstable();
    let mut merged: Vec<(u32, u32)> = Vec::new();
    for (top, end) in ranges {
        match merged.last_mut() {
            Some(last) if top <= last.1 => last.1 = last.1.max(end),
            _ => merged.push((top, end)),
        }
    }
    merged
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Frame;
    use crate::options::Coordinates;
    use crate::raster::marks::overlaps;
    use crate::raster::Rasterizer;
    use crate::test_support::game_board;

    /// `layout` through the rasterizer's shared tile sets.
    fn marked_image(raster: &mut Rasterizer, layout: &Layout) -> Option<IndexedImage> {
        render_marked(&mut raster.marked, &mut raster.parts, layout, 256)
    }

    /// The indexed image decoded to straight RGBA.
    fn expand(img: &IndexedImage) -> Vec<u8> {
        img.indices
            .iter()
            .flat_map(|&i| img.palette.colors[i as usize])
            .collect()
    }

    /// Asserts that `img`, `board` drawn in a shared tile set, shows what
    /// the RGBA path draws within a palette's shades: within a median
    /// cut's box for the pieces (a few levels, rarely more than 16),
    /// within a ramp step for the texts.
    fn like_rgba(raster: &mut Rasterizer, board: &Layout, img: &IndexedImage, case: &str) {
        let rgba = crate::pixels::rgba(&raster.render(board));
        let got = expand(img);
        assert_eq!(got.len(), rgba.len(), "{case}");
        let (mut worst, mut far) = (0u8, 0usize);
        for (a, b) in got.chunks_exact(4).zip(rgba.chunks_exact(4)) {
            // Premultiplied: a nearly clear pixel's colour shows as
            // little as its alpha.
            let pre = |p: &[u8]| {
                let a = u16::from(p[3]);
                [0, 1, 2].map(|i| (u16::from(p[i]) * a / 255) as u8)
            };
            let alpha = a[3].abs_diff(b[3]);
            let (pa, pb) = (pre(a), pre(b));
            let d = pa.iter().zip(&pb).map(|(x, y)| x.abs_diff(*y));
            let d = d.fold(alpha, u8::max);
            worst = worst.max(d);
            far += usize::from(d > 16);
        }
        assert!(worst <= 32, "{case}: {worst} levels off");
        assert!(far * 500 <= got.len() / 4, "{case}: {far} pixels");
    }

    #[test]
    fn labels_on_marked_squares_are_cased_as_the_whole_board_cases_them() {
        use crate::assets::theme::Theme;
        use crate::options::{CheckMark, DiagramOptions, Markup};
        use crate::test_support::{layout, sq};
        // Castled, the king checked on g1, then on e1: the last move's
        // tint and the glow lie under the `g` and the `e`, whose casings
        // are the marked square's (a tile set shared by both boards).
        let boards = [
            (
                "rnb1kbnr/pppp1ppp/8/4p3/4P3/6q1/PPPP1P1P/RNBQ1RK1 w kq - 0 5",
                ("e1", "g1"),
            ),
            (
                "rnb1kbnr/pppp1ppp/8/8/4q3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3",
                ("f1", "e1"),
            ),
        ];
        for theme in ["brown", "purple"] {
            let mut raster = Rasterizer::new();
            for (fen, (from, to)) in boards {
                let options = DiagramOptions {
                    theme: Theme::built_in(theme).unwrap(),
                    coordinates: Coordinates::Inside,
                    markup: Markup {
                        lastmove: Some((sq(from), sq(to))),
                        check: CheckMark::Auto,
                        ..Markup::default()
                    },
                    ..DiagramOptions::default()
                };
                let board = layout(fen, &options);
                assert_eq!(board.glows.len(), 1, "{theme} {fen}");
                let img = marked_image(&mut raster, &board).expect("marks that fit");
                like_rgba(&mut raster, &board, &img, &format!("{theme} {fen}"));
            }
            assert_eq!(raster.marked.len(), 1, "{theme}");
        }
    }

    #[test]
    fn game_boards_in_a_shared_tile_set_look_like_the_rgba_path() {
        for theme in ["brown", "blue", "print"] {
            for coordinates in [Coordinates::Outside, Coordinates::Inside, Coordinates::None] {
                for transparent in [false, true] {
                    let case = format!("{theme} {coordinates:?} transparent={transparent}");
                    let mut raster = Rasterizer::new();
                    for n in 0..3 {
                        let board = game_board(theme, coordinates, transparent, n);
                        // Print draws check as a ring over the king: an
                        // overlay, which this path leaves to RGBA.
                        let Some(img) = marked_image(&mut raster, &board) else {
                            assert_eq!(theme, "print", "{case}");
                            continue;
                        };
                        like_rgba(&mut raster, &board, &img, &format!("{case} board {n}"));
                    }
                    // The three boards differ in their moves, fill, names
                    // and clocks, and share one tile set.
                    if theme != "print" {
                        assert_eq!(raster.marked.len(), 1, "{case}");
                    }
                }
            }
        }
    }

    #[test]
    fn glyph_badges_are_drawn_over_the_shared_tile_set_others_in_rgba() {
        use crate::options::{ArrowSpec, DiagramOptions, Glyph, Markup};
        const FEN: &str = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";
        for theme in ["brown", "green", "print"] {
            // Print boxes a last move onto a piece again over the piece
            // (an overlay: the RGBA path, checked below), so its badge
            // board has no last move.
            let lastmove = Some((Square::parse("h5").unwrap(), Square::parse("f7").unwrap()));
            let options = |arrows: Vec<ArrowSpec>| DiagramOptions {
                theme: crate::assets::theme::Theme::built_in(theme).unwrap(),
                markup: Markup {
                    lastmove: lastmove.filter(|_| theme != "print"),
                    glyphs: vec![(Square::parse("f7").unwrap(), Glyph::parse("!!").unwrap())],
                    arrows,
                    ..Markup::default()
                },
                ..DiagramOptions::default()
            };
            let board = crate::test_support::layout(FEN, &options(Vec::new()));
            let mut raster = Rasterizer::new();
            let img = marked_image(&mut raster, &board).expect("badges are opaque");
            let rgba = crate::pixels::rgba(&raster.render(&board));
            let got = expand(&img);
            let (mut worst, mut far) = (0u8, 0usize);
            for (a, b) in got.chunks_exact(4).zip(rgba.chunks_exact(4)) {
                let d = a.iter().zip(b).map(|(x, y)| x.abs_diff(*y)).max().unwrap();
                worst = worst.max(d);
                far += usize::from(d > 16);
            }
            assert!(worst <= 32, "{theme}: {worst} levels off");
            assert!(far * 2000 <= got.len() / 4, "{theme}: {far} pixels");
            // An arrow is translucent: the RGBA path draws that board.
            let arrow = vec![ArrowSpec::parse("Gc4f7").unwrap()];
            let arrowed = crate::test_support::layout(FEN, &options(arrow));
            assert!(marked_image(&mut raster, &arrowed).is_none(), "{theme}");
            if theme == "print" {
                let boxed = DiagramOptions {
                    markup: Markup {
                        lastmove,
                        ..options(Vec::new()).markup
                    },
                    ..options(Vec::new())
                };
                let boxed = crate::test_support::layout(FEN, &boxed);
                assert!(marked_image(&mut raster, &boxed).is_none(), "print's box");
            }
        }
    }

    #[test]
    fn a_board_s_bytes_do_not_depend_on_the_boards_before_it() {
        let board = game_board("brown", Coordinates::Inside, false, 5);
        let alone = marked_image(&mut Rasterizer::new(), &board).unwrap();
        let mut used = Rasterizer::new();
        for n in 0..4 {
            marked_image(
                &mut used,
                &game_board("brown", Coordinates::Inside, false, n),
            );
        }
        let after = marked_image(&mut used, &board).unwrap();
        assert_eq!(after.indices, alone.indices);
        assert_eq!(after.palette.colors, alone.palette.colors);
    }

    #[test]
    fn texts_that_reach_the_board_leave_the_board_to_its_own_tile_set() {
        let board = game_board("brown", Coordinates::Outside, false, 1);
        assert!(Marked::of(&board, 256).is_some());
        let mut moved = board.clone();
        let mut frame = Frame::clone(&moved.frame);
        let square = frame.board.square_rect(Square::parse("e4").unwrap());
        frame.board.texts[0].y = square.y + square.h / 2.0;
        moved.frame = Arc::new(frame);
        assert!(Marked::of(&moved, 256).is_none());
        // A tint across two squares.
        let mut frame = Frame::clone(&board.frame);
        let half = frame.board.square / 2.0;
        let board_rect = frame.board.board;
        let tint = frame
            .board
            .tints
            .iter_mut()
            .find(|t| overlaps(t.rect, board_rect));
        tint.expect("the last move's tint").rect.x += half;
        moved.frame = Arc::new(frame);
        assert!(Marked::of(&moved, 256).is_none());
        // And a board without marks keeps the tile set of its options.
        let plain = crate::test_support::layout(
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            &crate::options::DiagramOptions::default(),
        );
        assert!(Marked::of(&plain, 256).is_none());
    }

    #[test]
    fn touched_rows_merge_where_they_meet() {
        let ink = |y: f32| Rect {
            x: 3.0,
            y,
            w: 40.0,
            h: 12.5,
        };
        assert_eq!(
            touched_rows(&[ink(30.0), ink(40.2), ink(200.0)], 205),
            [(30, 53), (200, 205)]
        );
    }
}
