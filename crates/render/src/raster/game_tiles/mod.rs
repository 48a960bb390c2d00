//! One palette for a whole animation: the colours of a few of its frames
//! gathered ([`PaletteFit`]), a palette fitted to them once, and each
//! frame drawn in it ([`GameTiles`], [`Rasterizer::render_in`]) from the
//! kinds of square kept from frame to frame. The tile compositor of
//! `indexed` draws one board in a palette of its own; this draws a game's
//! boards in one, so no frame is quantized on its own and a GIF compares
//! frames index by index.

mod base;
mod drawing;
mod first_sample;
mod last_frame;
mod square;
mod text_rows;

use std::sync::Arc;

use base::{GameBase, SquareKinds};
use drawing::{Drawing, Drawn};
pub(crate) use first_sample::KeptFirst;
use first_sample::{Counted, FirstSample};
use last_frame::{pieces_by_square, LastFrame};
use resvg::tiny_skia::{IntRect, Pixmap};
use square::{quick_hash, GameSquare};

use super::compose::{compose, paste};
use super::indexed::{
    corner_labels, draw_placed, marker_patches, piece_tile, square_rect, touching_labels, Material,
    Placed, PlacedHere,
};
use super::parts::Parts;
use super::tile_colors::{count_colors, straight, to_indices};
use super::Rasterizer;
use crate::frame_change::FrameChange;
use crate::layout::{Layout, PlacedLabel, PlacedText};
use crate::pixels::quantize::{ColorMap, NearestCache, Packed, Palette};
use crate::pixels::IndexedImage;
use fen2img_chess::{Color, Square};

/// The most bytes of squares a [`GameTiles`] keeps (each its RGBA pixels,
/// ground and twelve index tiles, 17 bytes a pixel): every kind of square
/// of a 720 px game with inside coordinates (about 40 of 8,100 pixels)
/// several times over; past it, a frame with a new kind of square is drawn
/// in RGBA and indexed.
const GAME_TILE_BYTES: u64 = 16 << 20;

/// The most colours a [`GameTiles`] remembers the nearest palette entry
/// of (a colour the palette was not fitted from: an arrow's edge, a check
/// glow no sampled frame had).
const GAME_NEAREST_COLOURS: usize = 1 << 16;

/// One palette for every frame of an animation, and the squares drawn in
/// it, kept from frame to frame: a game's frames differ in their tints,
/// clocks and pieces, but their kinds of square (light, dark, tinted,
/// labelled) recur, so each kind's ground and twelve piece tiles are drawn
/// and indexed once for the whole game, and no frame has a palette of its
/// own.
#[derive(Debug)]
pub(crate) struct GameTiles {
    palette: Arc<Palette>,
    /// The nearest entry of colours the palette was not fitted from.
    nearest: NearestCache,
    /// Squares by what they are drawn from.
    squares: Vec<Arc<GameSquare>>,
    /// The bytes `squares` holds.
    bytes: u64,
    /// The most bytes `squares` may hold ([`GAME_TILE_BYTES`]).
    budget: u64,
    /// What the frames drawn last share: their background without marks,
    /// indexed, with its squares (see `base`).
    base: Option<Arc<GameBase>>,
    /// The frame drawn last, and the one before where they differ; the
    /// next frame over `base` changes only its changed squares.
    drawing: Drawing,
    /// The texts of the frame drawn last over `base`.
    last_texts: Vec<PlacedText>,
}

impl GameTiles {
    /// Frames of an animation in a palette fitted to `fit`'s colours, at
    /// most 255 of them (GIF's 256th entry marks unchanged pixels).
    pub(crate) fn new(fit: &PaletteFit) -> GameTiles {
        GameTiles {
            palette: Arc::new(Palette::from_histogram_within(&fit.histogram, 255)),
            nearest: NearestCache::new(GAME_NEAREST_COLOURS),
            squares: Vec::new(),
            bytes: 0,
            budget: GAME_TILE_BYTES,
            base: None,
            drawing: Drawing::default(),
            last_texts: Vec::new(),
        }
    }

    /// The palette's colours.
    pub(crate) fn colors(&self) -> &[[u8; 4]] {
        &self.palette.colors
    }

    /// The palette entry of `c`: its own, or the nearest.
    fn index(&mut self, c: Packed) -> u8 {
        self.nearest.index(&self.palette, c)
    }

    /// The kind of square of `sq` of `layout`, whose pixels under the
    /// pieces and labels are `ground`, with the `labels` that reach it:
    /// kept from an earlier square with the same pixels, labels and
    /// sprites, or made now (its ground indexed, its tiles drawn as frames
    /// show them: [`GameTiles::draw_tiles`]); `None` when the squares kept
    /// have reached their budget and this one is new.
    fn square(
        &mut self,
        layout: &Layout,
        ground: &Pixmap,
        labels: Option<Placed>,
        sq: Square,
    ) -> Option<Arc<GameSquare>> {
        let here = labels.map_or_else(PlacedHere::default, |all| touching_labels(layout, all, sq));
        let hash = quick_hash(ground.data());
        let sprites = &layout.frame.sprites;
        // The labels first: with inside coordinates a light square's
        // pixels are those of eight labelled light squares too, and
        // comparing those 32 KB (at 720 px) before the few labels was a
        // tenth of a game's time (`perf`, `POST /game.gif` of 100 plies).
        let kept = self.squares.iter().find(|e| {
            e.hash == hash
                && e.labels == here
                && e.pixels.data() == ground.data()
                && e.sprites == *sprites
        });
        if let Some(kept) = kept {
            return Some(Arc::clone(kept));
        }
        let size = u64::from(layout.frame.board.square as u32).pow(2);
        let cost =
            13 * size + 4 * size + (here.labels.len() * std::mem::size_of::<PlacedLabel>()) as u64;
        if self.bytes + cost > self.budget {
            return None;
        }
        let placed = (!here.is_empty()).then_some(here.as_placed());
        let mut labelled = ground.clone();
        if let Some(here) = placed {
            draw_placed(&mut labelled, here, 0);
        }
        let entry = Arc::new(GameSquare {
            hash,
            sprites: sprites.clone(),
            ground: to_indices(&labelled, |c| self.index(c)),
            tiles: Default::default(),
            labels: here,
            pixels: ground.clone(),
        });
        self.bytes += cost;
        self.squares.push(Arc::clone(&entry));
        Some(entry)
    }

    /// Draws and indexes the tile of each piece of `layout` that the kind
    /// of its square (`square_of`) does not have yet.
    fn draw_tiles<'s>(
        &mut self,
        parts: &mut Parts,
        layout: &Layout,
        square_of: impl Fn(Square) -> &'s GameSquare,
    ) {
        for p in &layout.pieces {
            let entry = square_of(p.square);
            let slot = &entry.tiles[p.piece.index()];
            if slot.get().is_some() {
                continue;
            }
            let placed = (!entry.labels.is_empty()).then_some(entry.labels.as_placed());
            let rgba = piece_tile(parts, layout, &entry.pixels, placed, p.piece);
            // Set here, or already: a kind is drawn by one frame at a time.
            let _ = slot.set(to_indices(&rgba, |c| self.index(c)));
        }
    }
}

impl SquareKinds for GameTiles {
    fn palette_index(&mut self, c: Packed) -> u8 {
        self.index(c)
    }

    fn kind_of(
        &mut self,
        layout: &Layout,
        ground: &Pixmap,
        labels: Option<Placed>,
        sq: Square,
    ) -> Option<Arc<GameSquare>> {
        self.square(layout, ground, labels, sq)
    }
}

/// The colours an animation's frames show, gathered from a few of them
/// (see [`Rasterizer::sample`]) before its palette is fitted.
#[derive(Debug, Default)]
pub(crate) struct PaletteFit {
    histogram: ColorMap<u64>,
    /// The grounds and sprites whose tiles were counted already.
    counted: Counted,
    /// The first sample, when later ones can be counted from it.
    first: Option<FirstSample>,
}

impl Rasterizer {
    /// Adds the colours of `layout` to `fit`, weighted as a tile set
    /// weighs them: its empty board (four times), its markers, and every
    /// piece on each kind of square it has (once per kind of square over
    /// all the frames sampled); or, for a board with markup over the
    /// pieces, its RGBA pixels.
    ///
    /// `kept` is the first sample of the animation drawn before (kept by
    /// the renderer): an animation whose first board is the same takes its
    /// colours and tiles as counted then, and a new first sample replaces
    /// it.
    pub(crate) fn sample(
        &mut self,
        layout: &Layout,
        fit: &mut PaletteFit,
        kept: &mut Option<KeptFirst>,
    ) {
        let first = fit.histogram.is_empty();
        let kept_here = kept.as_ref().filter(|k| first && k.is_for(layout));
        if let Some(kept) = kept_here {
            (fit.histogram, fit.counted, fit.first) = {
                let (histogram, counted, first) = kept.parts();
                (histogram, counted, Some(first))
            };
            return;
        }
        // Counted from the game's first board when it can be (see
        // `first_sample`); the same colours either way.
        let counted = fit.first.as_ref().is_some_and(|first| {
            first.sample(
                &mut self.parts,
                layout,
                &mut fit.histogram,
                &mut fit.counted,
            )
        });
        if !counted {
            self.sample_whole(layout, fit);
            if let Some(sample) = fit.first.as_ref().filter(|_| first) {
                *kept = KeptFirst::new(layout, &fit.histogram, &fit.counted, sample);
            }
        }
    }

    /// [`Rasterizer::sample`] from `layout`'s whole background, kept as the
    /// fit's first sample when it is the first and has no marks.
    fn sample_whole(&mut self, layout: &Layout, fit: &mut PaletteFit) {
        let first = fit.histogram.is_empty();
        let material = if layout.has_overlay() {
            None
        } else {
            Material::of(&mut self.parts, layout)
        };
        let Some(material) = material else {
            count_colors(&self.render(layout), &mut fit.histogram);
            return;
        };
        material.count_board(&mut fit.histogram);
        let sprites = &layout.frame.sprites;
        for class in 0..material.classes.len() {
            let ground = material.ground(layout, class);
            let hash = quick_hash(&ground);
            let seen = fit
                .counted
                .iter()
                .any(|(h, s, g)| *h == hash && s == sprites && *g == ground);
            if !seen {
                for tile in material.draw_tiles(&mut self.parts, layout, class) {
                    count_colors(&tile, &mut fit.histogram);
                }
                fit.counted.push((hash, sprites.clone(), ground));
            }
        }
        if first {
            fit.first = FirstSample::of(&material, layout);
        }
    }
}

impl Material<'_> {
    /// What the tiles of `class` are drawn on: the square's pixels with
    /// its labels, then (when labels lie over the pieces) without.
    fn ground(&self, layout: &Layout, class: usize) -> Vec<u8> {
        let (labelled, sq) = &self.classes[class];
        let mut ground = labelled.data().to_vec();
        if self.corner_labels.is_some() {
            ground.extend_from_slice(self.bare.crop(square_rect(layout, *sq)).data());
        }
        ground
    }
}

impl Rasterizer {
    /// Draws `layout` as the next frame in `game`'s palette, and what
    /// changed since the frame drawn before (see [`Drawing`]): the last
    /// frame with its changed squares laid again, or the empty board's
    /// runs, then each square and the pieces on it as index tiles `game`
    /// keeps from frame to frame (one per kind of square: its pixels
    /// without pieces and the labels on it), drawn on first use; else
    /// (markup over the pieces, or more kinds of square than `game` keeps)
    /// the RGBA image with each colour taken to the palette's nearest. No
    /// palette is fitted here (see [`GameTiles`]).
    pub(crate) fn render_in<'g>(
        &mut self,
        layout: &Layout,
        game: &'g mut GameTiles,
    ) -> FrameChange<'g> {
        let drawn = self.draw_in(layout, game);
        game.drawing.frame_change(drawn, &game.palette.colors)
    }

    /// [`Rasterizer::render_in`]'s drawing.
    fn draw_in(&mut self, layout: &Layout, game: &mut GameTiles) -> Drawn {
        let whole = |image: IndexedImage| Drawn::Whole {
            size: (image.width, image.height),
            indices: image.indices,
            last: None,
        };
        if layout.has_overlay() {
            return whole(self.render_rgba_in(layout, game));
        }
        // Most frames: the last frame or the game's shared background,
        // and only the marked squares looked up again.
        if let Some(drawn) = self.render_over_base(layout, game) {
            return drawn;
        }
        whole(self.render_whole_in(layout, game))
    }

    /// Draws `layout` (without an overlay) over its game's shared
    /// background ([`GameBase`], built when the options change): the base's
    /// indices with the squares its marks reach looked up again and the
    /// rows its texts reach indexed, then the markers and pieces; or the
    /// last frame with only its changed squares laid again. `None` when
    /// the marks cannot be drawn apart, a text changes the pixels under a
    /// marker, or the game keeps no more kinds of square (the caller draws
    /// the whole background then).
    fn render_over_base(&mut self, layout: &Layout, game: &mut GameTiles) -> Option<Drawn> {
        let base = match game.base.as_ref().filter(|b| b.fits(layout)) {
            Some(base) => Arc::clone(base),
            None => {
                let base = Arc::new(GameBase::build(&mut self.parts, layout, game)?);
                game.base = Some(Arc::clone(&base));
                base
            }
        };
        // A frame whose texts (player bars, a caption, clocks) are the
        // last frame's may be drawn from it; frames whose texts change
        // (clocks) are drawn whole, without asking.
        let texts = &layout.frame.board.texts;
        let same_texts = texts.is_empty() || game.last_texts == *texts;
        // The first frame with texts over this game is asked too, so that
        // the second may be drawn from it.
        let first_texts = game.last_texts.is_empty();
        let kinds = same_texts
            .then(|| base.square_kinds(layout, game))
            .flatten();
        game.last_texts.clone_from(texts);
        let pieces = pieces_by_square(layout);
        let mover = layout.mover.map(|m| m.color);
        if let (Some(squares), Some(pieces)) = (&kinds, &pieces) {
            game.draw_tiles(&mut self.parts, layout, |sq| &squares[sq.index()]);
            let changed = game
                .drawing
                .change_in_place(|last, indices, width, patches| {
                    last.change(
                        layout, &base, squares, pieces, mover, indices, width, patches,
                    )
                });
            if changed {
                return Some(Drawn::InPlace);
            }
        }
        let (mut indices, squares) = base.draw(layout, game)?;
        let mut class_of = [0u8; 64];
        let mut found: Vec<&GameSquare> = Vec::new();
        for sq in Square::all() {
            let entry = &*squares[sq.index()];
            let class = match found.iter().position(|e| std::ptr::eq(*e, entry)) {
                Some(i) => i,
                None => {
                    found.push(entry);
                    found.len() - 1
                }
            };
            class_of[sq.index()] = class as u8;
        }
        game.draw_tiles(&mut self.parts, layout, |sq| &squares[sq.index()]);
        compose(layout, &mut indices, base.markers(), &class_of, &found);
        // Kept for the next frame when it could be changed square by square:
        // its squares' kinds are theirs without its texts (a frame whose
        // marks were drawn in their bands, a check's glow, included).
        let texts_apart =
            texts.is_empty() || ((same_texts || first_texts) && base.texts_clear(layout));
        let last = match pieces {
            Some(pieces) if texts_apart && base.markers_off_board(layout) => Some(LastFrame {
                base: Arc::clone(&base),
                squares: squares.into_iter().zip(pieces).collect(),
                mover,
                texts: layout.frame.board.texts.clone(),
            }),
            _ => None,
        };
        Some(Drawn::Whole {
            indices,
            size: (layout.frame.width(), layout.frame.height()),
            last,
        })
    }

    /// [`Rasterizer::render_in`] from this frame's whole background, for
    /// boards whose marks cannot be drawn over a shared one.
    fn render_whole_in(&mut self, layout: &Layout, game: &mut GameTiles) -> IndexedImage {
        let frame = &layout.frame;
        let bare = self.parts.background(layout);
        let labels = corner_labels(layout);
        let width = frame.width() as usize;
        let mut indices = Vec::with_capacity(width * frame.height() as usize);
        for run in bare.runs() {
            let i = game.index(straight(run.pixel));
            indices.resize(indices.len() + run.len as usize, i);
        }
        // Each square's ground (with its labels) and tiles: found by the
        // square's pixels, so squares alike share one entry.
        let size = frame.board.square as usize;
        let mut class_of = [0u8; 64];
        let mut found: Vec<Arc<GameSquare>> = Vec::new();
        // One square's pixels at a time (a fresh pixmap per square was a
        // zeroed 32 KB at 720 px, 64 times a frame).
        let mut scratch = Pixmap::new(size as u32, size as u32).expect("a square is at least 1 px");
        for sq in Square::all() {
            let r = square_rect(layout, sq);
            bare.crop_into(r, &mut scratch);
            let Some(entry) = game.square(layout, &scratch, labels, sq) else {
                return self.render_rgba_in(layout, game);
            };
            paste(
                &mut indices,
                width,
                r.x() as usize,
                r.y() as usize,
                size,
                &entry.ground,
            );
            let class = match found.iter().position(|e| Arc::ptr_eq(e, &entry)) {
                Some(i) => i,
                None => {
                    found.push(entry);
                    found.len() - 1
                }
            };
            class_of[sq.index()] = class as u8;
        }
        let markers: Vec<(Color, IntRect, Vec<u8>)> = marker_patches(layout, &bare)
            .iter()
            .map(|(color, rect, patch)| (*color, *rect, to_indices(patch, |c| game.index(c))))
            .collect();
        game.draw_tiles(&mut self.parts, layout, |sq| {
            &found[class_of[sq.index()] as usize]
        });
        let tiles_of: Vec<&GameSquare> = found.iter().map(|e| &**e).collect();
        compose(layout, &mut indices, &markers, &class_of, &tiles_of);
        IndexedImage {
            width: frame.width(),
            height: frame.height(),
            palette: Arc::clone(&game.palette),
            indices,
        }
    }

    /// `layout` drawn in RGBA, each colour taken to `game`'s palette.
    fn render_rgba_in(&mut self, layout: &Layout, game: &mut GameTiles) -> IndexedImage {
        let pixmap = self.render(layout);
        IndexedImage {
            width: pixmap.width(),
            height: pixmap.height(),
            palette: Arc::clone(&game.palette),
            indices: to_indices(&pixmap, |c| game.index(c)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::{Coordinates, DiagramOptions};
    use crate::test_support::{game_board, layout, sq};

    #[test]
    fn a_game_palette_frame_is_its_rgba_image_indexed() {
        // The palette is fitted from the start position alone; the later
        // frames add a last move's tints, a check glow (never sampled) and
        // an arrow (the RGBA path). Every pixel of every frame must be the
        // palette's entry for its true colour (the RGBA path's pixel), so
        // the kept tiles, the grounds with their labels and the runs all
        // land where the RGBA image has them.
        const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let mut raster = Rasterizer::new();
        for coordinates in [Coordinates::Inside, Coordinates::Outside] {
            // Without the side-to-move marker: the tile path draws it on a
            // patch of its own, a shade off the RGBA path's at some sizes
            // (as `render_indexed` does; not what this test is about).
            let options = DiagramOptions {
                size: 400,
                coordinates,
                side_to_move: false,
                ..DiagramOptions::default()
            };
            let mut fit = PaletteFit::default();
            raster.sample(&layout(START, &options), &mut fit, &mut None);
            let mut game = GameTiles::new(&fit);
            assert!(game.colors().len() <= 255);
            // Past its budget for kept squares, a frame with a new kind of
            // square is drawn in RGBA: the same pixels.
            let mut spent = GameTiles::new(&fit);
            spent.budget = 0;
            let marked = |lastmove: (&str, &str), arrow: bool| DiagramOptions {
                markup: crate::options::Markup {
                    lastmove: Some((
                        Square::parse(lastmove.0).unwrap(),
                        Square::parse(lastmove.1).unwrap(),
                    )),
                    check: crate::options::CheckMark::Auto,
                    arrows: if arrow {
                        vec![crate::options::ArrowSpec::parse("Rf3f7").unwrap()]
                    } else {
                        Vec::new()
                    },
                    ..Default::default()
                },
                ..options.clone()
            };
            let frames = [
                layout(START, &options),
                layout(
                    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
                    &marked(("e7", "e5"), false),
                ),
                layout(
                    "rnbqkbnr/ppppp2p/5p2/6pQ/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 3",
                    &marked(("d1", "h5"), false),
                ),
                layout(
                    "rnbqkbnr/ppppp2p/5p2/6pQ/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 3",
                    &marked(("d1", "h5"), true),
                ),
                // The king tinted and checked on g1, under the `g`'s casing.
                layout(
                    "rnb1kbnr/pppp1ppp/8/4p3/4P3/6q1/PPPP1P1P/RNBQ1RK1 w kq - 0 5",
                    &marked(("e1", "g1"), false),
                ),
            ];
            let over_pieces = frames[0].frame.board.labels_over_pieces;
            assert_eq!(over_pieces, coordinates == Coordinates::Inside);
            for (n, l) in frames.iter().enumerate() {
                let spent_indices = raster.render_in(l, &mut spent).next.indices.to_vec();
                let indices = raster.render_in(l, &mut game).next.indices.to_vec();
                assert_eq!(spent_indices, indices);
                let rgba = crate::pixels::rgba(&raster.render(l));
                assert_eq!(indices.len() * 4, rgba.len());
                for (i, (px, &index)) in rgba.chunks_exact(4).zip(&indices).enumerate() {
                    let want = game
                        .palette
                        .index(u32::from_le_bytes([px[0], px[1], px[2], px[3]]));
                    assert_eq!(index, want, "{coordinates:?} frame {n}, pixel {i}");
                }
                if n == 0 {
                    // Sampled: the tiles' squares are kept for later frames.
                    assert!(!game.squares.is_empty());
                }
            }
            // The check glow and the arrow were never sampled, yet drawn:
            // some of their colours are not in the palette (each pixel of
            // those took the nearest entry, as checked above).
            let glow = crate::pixels::rgba(&raster.render(&frames[3]));
            let unfitted = glow
                .chunks_exact(4)
                .filter(|px| !game.colors().contains(&[px[0], px[1], px[2], px[3]]))
                .count();
            assert!(unfitted > 100, "{coordinates:?}: {unfitted} pixels");
            assert!(spent.squares.is_empty());
            // The king checked on g1 under the `g` was drawn from tiles (a
            // kind of square whose label's casing shows the glow), not in
            // RGBA.
            let glowing = game.squares.iter().any(|e| !e.labels.glows.is_empty());
            assert_eq!(glowing, coordinates == Coordinates::Inside);
        }
    }

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
                    raster.sample(&boards[0], &mut fit, &mut None);
                    let mut over = GameTiles::new(&fit);
                    let mut whole = GameTiles::new(&fit);
                    let mut previous: Option<Vec<u8>> = None;
                    for (n, board) in boards.iter().enumerate() {
                        assert!(!board.has_overlay(), "{case}, frame {n}");
                        let want = raster.render_whole_in(board, &mut whole);
                        let got = over_base(&mut raster, board, &mut over, previous.as_deref());
                        let got = got.unwrap_or_else(|| panic!("{case}, frame {n}: no base"));
                        assert!(got == want.indices, "{case}, frame {n}");
                        previous = Some(got);
                    }
                    // The last board's options made a base of their own.
                    let base = over.base.as_ref().expect("a base");
                    assert!(base.fits(&boards[6]) && !base.fits(&boards[0]), "{case}");
                }
            }
        }
    }

    #[test]
    fn squares_under_tints_drawn_alone_or_remembered_are_the_frames_drawn_whole() {
        // lila-gif's frames ([`lila_frames`]). The squares under a tint are
        // drawn alone or found among the kinds remembered from earlier
        // frames (the same tint on another square of the same kind),
        // never in their bands; a glow is drawn in its band and then
        // remembered with its square. Each frame after the first is the
        // one before with its changed squares and side-to-move marker
        // laid again. Twice through, so the second pass finds every kind
        // remembered. Each frame must be the frame drawn from its own
        // whole background, index for index.
        let moves = [
            ("e2", "e4"),
            ("e7", "e5"),
            ("g1", "f3"),
            ("d1", "h5"),
            ("a7", "a6"),
            ("h1", "h2"),
            ("b1", "a3"),
            ("a2", "a1"),
            ("d1", "h5"),
        ];
        for theme in ["brown", "blue"] {
            for coordinates in [Coordinates::Inside, Coordinates::Outside, Coordinates::None] {
                for size in [400, 333] {
                    let case = format!("{theme} {coordinates:?} {size} px");
                    let boards = lila_frames(theme, coordinates, size, &moves);
                    let mut raster = Rasterizer::new();
                    let mut fit = PaletteFit::default();
                    raster.sample(&boards[0], &mut fit, &mut None);
                    let mut over = GameTiles::new(&fit);
                    let mut whole = GameTiles::new(&fit);
                    let mut previous: Option<Vec<u8>> = None;
                    let mut in_place = 0;
                    for pass in 0..2 {
                        for (n, board) in boards.iter().enumerate() {
                            assert!(!board.has_overlay(), "{case}, frame {n}");
                            let want = raster.render_whole_in(board, &mut whole);
                            let got = over_base(&mut raster, board, &mut over, previous.as_deref());
                            let got = got.unwrap_or_else(|| panic!("{case}, frame {n}: no base"));
                            assert!(got == want.indices, "{case}, pass {pass}, frame {n}");
                            in_place += usize::from(over.drawing.changed_in_place());
                            previous = Some(got);
                        }
                    }
                    // Most frames were the last one with a few squares
                    // changed in place (at 333 px, those whose texts are
                    // the last frame's).
                    let least = if size == 400 { moves.len() } else { 4 };
                    assert!(in_place >= least, "{case}: {in_place} in place");
                    let base = over.base.as_ref().expect("a base");
                    // The players' bars were pasted as rows into the
                    // frames drawn whole (the checks).
                    if size == 333 {
                        let rows = base.text_rows_held().unwrap_or(0);
                        assert!(rows > 0, "{case}: no text rows");
                    }
                    let remembered = base.remembered_keys();
                    // Tints kept relative to their squares, glows with theirs.
                    assert!(remembered.iter().any(|at| at.is_none()), "{case}");
                    assert!(remembered.iter().any(|at| at.is_some()), "{case}");
                    // A tint is remembered on the squares it covers, not
                    // on those around them that its reach takes in: at
                    // most one kind for each square a tint covers.
                    let tinted: std::collections::HashSet<&str> = moves
                        .iter()
                        .flat_map(|&(from, to)| [from, to])
                        .chain(["b2"])
                        .collect();
                    let tints = remembered.iter().filter(|at| at.is_none()).count();
                    assert!(tints <= tinted.len(), "{case}: {tints} tints remembered");
                }
            }
        }
    }

    /// lila-gif's frames, one a move of `moves`: a last move on new
    /// squares in most frames, a check now and then, fills; at 333 px the
    /// players' names and a clock in bars against the board (texts that
    /// touch no square, their bands reaching the board's first and last
    /// rows), a name changing once.
    fn lila_frames(
        theme: &str,
        coordinates: Coordinates,
        size: u32,
        moves: &[(&str, &str)],
    ) -> Vec<Layout> {
        const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        const CHECK: &str = "rnbqkbnr/ppppp2p/5p2/6pQ/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 3";
        let players = |black: &str| crate::options::Around {
            white: Some(crate::options::Player {
                name: "Anderssen".into(),
                clock: Some(6000),
                ..Default::default()
            }),
            black: Some(crate::options::Player {
                name: black.into(),
                ..Default::default()
            }),
            ..Default::default()
        };
        moves
            .iter()
            .enumerate()
            .map(|(n, &(from, to))| {
                let options = DiagramOptions {
                    theme: crate::assets::theme::Theme::built_in(theme).unwrap(),
                    coordinates,
                    size,
                    markup: crate::options::Markup {
                        lastmove: Some((sq(from), sq(to))),
                        check: crate::options::CheckMark::Auto,
                        fills: (n % 4 == 1)
                            .then(|| (sq("b2"), crate::assets::color::Rgba::rgb(200, 40, 40)))
                            .into_iter()
                            .collect(),
                        ..Default::default()
                    },
                    around: if size == 333 {
                        players(if n < 5 { "Kieseritzky" } else { "Dufresne" })
                    } else {
                        crate::options::Around::default()
                    },
                    // lila-gif's bars lie against the board.
                    border: size != 333,
                    ..DiagramOptions::default()
                };
                layout(if n % 3 == 0 { CHECK } else { START }, &options)
            })
            .collect()
    }

    /// `board` drawn over `game`'s base, its indices; `None` when it is not
    /// drawn so. What changed since the frame before is checked against
    /// that frame (`previous`, whole): each patch holds its indices, and
    /// outside the patches the two frames are the same.
    fn over_base(
        raster: &mut Rasterizer,
        board: &Layout,
        game: &mut GameTiles,
        previous: Option<&[u8]>,
    ) -> Option<Vec<u8>> {
        let drawn = raster.render_over_base(board, game)?;
        let change = game.drawing.frame_change(drawn, &game.palette.colors);
        let next = change.next.indices.to_vec();
        let Some(previous) = previous else {
            return Some(next);
        };
        let Some(patches) = change.before.as_ref() else {
            assert_ne!(previous.len(), next.len(), "no frame before of this size");
            return Some(next);
        };
        let w = change.next.width as usize;
        let mut covered = vec![false; next.len()];
        for p in patches {
            let (left, top, pw) = (p.left as usize, p.top as usize, p.width as usize);
            for (dy, row) in p.indices.chunks_exact(pw).enumerate() {
                let at = (top + dy) * w + left;
                assert_eq!(
                    row,
                    &previous[at..at + pw],
                    "a patch holds the frame before"
                );
                covered[at..at + pw].fill(true);
            }
        }
        for (i, (&a, &b)) in previous.iter().zip(&next).enumerate() {
            assert!(
                covered[i] || a == b,
                "pixel {i} changed outside the patches"
            );
        }
        Some(next)
    }

    /// What a fit counted, in one order: its colours with their counts,
    /// and the grounds (with their hashes) whose tiles it counted.
    type Counts = (Vec<(Packed, u64)>, Vec<(u64, Vec<u8>)>);

    /// What `fit` counted, in one order.
    fn counts(fit: &PaletteFit) -> Counts {
        let mut colors: Vec<_> = fit.histogram.iter().map(|(&c, &n)| (c, n)).collect();
        colors.sort_unstable();
        let mut grounds: Vec<_> = fit
            .counted
            .iter()
            .map(|(h, _, g)| (*h, g.clone()))
            .collect();
        grounds.sort_unstable();
        (colors, grounds)
    }

    #[test]
    fn later_samples_counted_from_the_first_are_the_samples_drawn_whole() {
        // A game's first board (no marks), then boards with a last move's
        // tints on squares of every kind (labelled corners and edges
        // included), a fill, and a check (a glow: sampled whole). Counted
        // from the first sample, every later one must add the colours and
        // count the tiles that sampling its whole background does.
        const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        const CHECK: &str = "rnbqkbnr/ppppp2p/5p2/6pQ/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 3";
        let moves = [
            None,
            Some(("e2", "e4")),
            Some(("a1", "a8")),
            Some(("h1", "a2")),
            Some(("d1", "h5")),
            Some(("b1", "h8")),
        ];
        for theme in ["brown", "blue", "print"] {
            for coordinates in [Coordinates::Inside, Coordinates::Outside, Coordinates::None] {
                for size in [400, 333] {
                    let case = format!("{theme} {coordinates:?} {size} px");
                    let board = |n: usize, lastmove: Option<(&str, &str)>| {
                        let options = DiagramOptions {
                            theme: crate::assets::theme::Theme::built_in(theme).unwrap(),
                            coordinates,
                            size,
                            markup: crate::options::Markup {
                                lastmove: lastmove.map(|(f, t)| (sq(f), sq(t))),
                                check: crate::options::CheckMark::Auto,
                                fills: (n == 2)
                                    .then(|| {
                                        (sq("c3"), crate::assets::color::Rgba::rgb(200, 40, 40))
                                    })
                                    .into_iter()
                                    .collect(),
                                ..Default::default()
                            },
                            ..DiagramOptions::default()
                        };
                        layout(if n == 4 { CHECK } else { START }, &options)
                    };
                    let boards: Vec<Layout> = moves
                        .iter()
                        .enumerate()
                        .map(|(n, &m)| board(n, m))
                        .collect();
                    let mut raster = Rasterizer::new();
                    let mut whole = PaletteFit::default();
                    let mut counted = PaletteFit::default();
                    raster.sample_whole(&boards[0], &mut whole);
                    raster.sample(&boards[0], &mut counted, &mut None);
                    let first = counted.first.take();
                    let first = first.unwrap_or_else(|| panic!("{case}: no first sample"));
                    for (n, b) in boards.iter().enumerate().skip(1) {
                        raster.sample_whole(b, &mut whole);
                        let fast = first.sample(
                            &mut raster.parts,
                            b,
                            &mut counted.histogram,
                            &mut counted.counted,
                        );
                        // Print's last move is drawn again over the
                        // pieces (an overlay); a check glows; a label on
                        // the edge recased by a tint may touch a framed
                        // board's border. A tint in the middle is counted
                        // from the first board.
                        if n == 4 || b.has_overlay() {
                            assert!(!fast, "{case}, board {n}");
                        }
                        if n == 1 && !b.has_overlay() {
                            assert!(fast, "{case}, board {n}");
                        }
                        if !fast {
                            raster.sample_whole(b, &mut counted);
                        }
                        assert!(counts(&counted) == counts(&whole), "{case}, board {n}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_first_sample_kept_from_the_last_game_is_the_sample_drawn_again() {
        // A server draws game after game with the same options: the next
        // game's first board (other pieces, no marks; players' names in
        // bars) takes the colours and tiles counted for the last one's,
        // which must be what a new rasterizer counts; a board with other
        // options, other names or marks is sampled afresh.
        let fit_of = |raster: &mut Rasterizer, b: &Layout, kept: &mut Option<KeptFirst>| {
            let mut fit = PaletteFit::default();
            raster.sample(b, &mut fit, kept);
            (counts(&fit), fit.first.is_some())
        };
        let options = |size: u32, lastmove: Option<(&str, &str)>, black: &str| DiagramOptions {
            size,
            coordinates: Coordinates::Inside,
            markup: crate::options::Markup {
                lastmove: lastmove.map(|(f, t)| (sq(f), sq(t))),
                ..Default::default()
            },
            around: crate::options::Around {
                white: Some(crate::options::Player {
                    name: "Anderssen".into(),
                    ..Default::default()
                }),
                black: Some(crate::options::Player {
                    name: black.into(),
                    ..Default::default()
                }),
                ..Default::default()
            },
            ..DiagramOptions::default()
        };
        const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        const OTHER: &str = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
        let mut server = Rasterizer::new();
        let mut kept = None;
        let first = fit_of(
            &mut server,
            &layout(START, &options(400, None, "Dufresne")),
            &mut kept,
        );
        assert!(first.1);
        let kept_bytes = kept.as_ref().map_or(0, KeptFirst::bytes);
        assert!(kept_bytes > 100_000, "{kept_bytes}");
        for (b, reused) in [
            (layout(OTHER, &options(400, None, "Dufresne")), true),
            (layout(OTHER, &options(400, None, "Kieseritzky")), false),
            (layout(OTHER, &options(360, None, "Dufresne")), false),
            (
                layout(OTHER, &options(400, Some(("e2", "e4")), "Dufresne")),
                false,
            ),
        ] {
            let before = kept.clone();
            assert_eq!(kept.as_ref().is_some_and(|k| k.is_for(&b)), reused);
            let fresh = fit_of(&mut Rasterizer::new(), &b, &mut None);
            assert!(fit_of(&mut server, &b, &mut kept) == fresh);
            kept = before;
        }
    }
}
