//! A game's later palette samples counted from its first.
//!
//! The palette is fitted from a few of a game's frames (`animate`'s
//! samples): each sample counts the colours of its empty board and draws
//! every piece on each kind of square it has not counted yet
//! ([`Rasterizer::sample`](super::Rasterizer::sample)). Drawing each sampled
//! frame's whole background again for that (the board with its tints, its
//! labels over the whole image, 64 square crops) was a sixth of a 100-ply
//! game's time (`perf`, `POST /game.gif` at 720 px with inside
//! coordinates). A game's frames are mostly its first board with other
//! tints, so the first sample, when it has no marks (as a game's first
//! frame has none) but texts that touch no square (its players' names), is
//! kept ([`FirstSample`]), and a later sample with the same texts whose
//! other marks are tints on whole pixels is counted from it: its empty board's
//! colours are the first's with the squares the tints reach (and those
//! whose labels they recase) counted again, and its kinds of square are
//! the first's with those squares put in. The counts are those of drawing
//! the frame whole, colour for colour (a test holds them to it), so the
//! palette is the same.

use std::sync::Arc;

use resvg::tiny_skia::Pixmap;

use super::base::{marks_on, on_whole_pixels, relative, texts_clear};
use super::square::quick_hash;
use crate::layout::{
    BoardSpec, Frame, Item, Layout, MoverMark, PlacedLabel, PlacedText, Rect, SpriteSpec,
};
use crate::pixels::quantize::ColorMap;
use crate::raster::draw::fill_rect;
use crate::raster::indexed::{
    corner_labels, draw_placed, here_labels, piece_tiles, square_rect, touching_labels, Material,
    Placed, PlacedHere, BACKGROUND_WEIGHT, TILE_WORK_BYTES,
};
use crate::raster::marks::{self, overlaps};
use crate::raster::parts::Parts;
use crate::raster::runs::RunImage;
use crate::raster::tile_colors::count_colors;
use fen2img_chess::Square;

/// The grounds and sprites whose tiles a fit has counted (see
/// `PaletteFit`).
pub(super) type Counted = Vec<(u64, SpriteSpec, Vec<u8>)>;

/// A game's first sampled frame, a board without marks, kept to count
/// later samples from.
#[derive(Debug, Clone)]
pub(super) struct FirstSample {
    /// Its board without its texts (it has no other marks).
    board: BoardSpec,
    /// Its texts (player bars, a caption), which touch no square.
    texts: Vec<PlacedText>,
    sprites: SpriteSpec,
    movers: [Option<MoverMark>; 2],
    size: (u32, u32),
    /// Its background without the labels over the pieces.
    bare: Arc<RunImage>,
    /// Each square's kind of square: an index into `classes`.
    class_of: [u8; 64],
    /// Each kind's pixels on the empty board, their colours, and the
    /// first square of it (whose tiles the first sample counted).
    classes: Vec<(Pixmap, ColorMap<u64>, Square)>,
    /// The labels over the pieces that touch each square, in the
    /// square's coordinates.
    touching: Vec<PlacedHere>,
    /// The colours of the empty board and the markers, each pixel once.
    board_colors: ColorMap<u64>,
}

impl FirstSample {
    /// `layout`'s sample (its `material`) kept for later samples: `None`
    /// when the board has marks or an overlay, or a side-to-move marker
    /// lies on the board (its patch would change with the squares).
    pub(super) fn of(material: &Material, layout: &Layout) -> Option<FirstSample> {
        let frame = &layout.frame;
        let board = &frame.board;
        if layout.has_overlay() || !unmarked(layout) {
            return None;
        }
        if material
            .marker_rects()
            .any(|r| overlaps(int_rect(r), board.board))
        {
            return None;
        }
        let classes = material
            .classes
            .iter()
            .map(|(pixels, sq)| {
                let mut colors = ColorMap::default();
                count_colors(pixels, &mut colors);
                (pixels.clone(), colors, *sq)
            })
            .collect();
        let labels = corner_labels(layout);
        Some(FirstSample {
            board: marks::shared_spec(board),
            texts: board.texts.clone(),
            sprites: frame.sprites.clone(),
            movers: frame.movers,
            size: (frame.width(), frame.height()),
            bare: Arc::clone(&material.bare),
            class_of: material.class_of,
            classes,
            touching: Square::all()
                .map(|sq| touching(layout, labels, sq))
                .collect(),
            board_colors: material.board_colors(),
        })
    }

    /// Adds `layout`'s colours to `histogram` and the tiles of its kinds
    /// of square not in `counted` yet, exactly as sampling its whole
    /// background would; `false`, with nothing added, when `layout` is not
    /// this first board with tints on whole pixels (the caller samples it
    /// whole then).
    pub(super) fn sample(
        &self,
        parts: &mut Parts,
        layout: &Layout,
        histogram: &mut ColorMap<u64>,
        counted: &mut Counted,
    ) -> bool {
        let frame = &layout.frame;
        let board = &frame.board;
        let mut marks = marks::marks(board, &layout.glows);
        // The first board's texts, which touch no square.
        marks.retain(|m| !matches!(m, Item::Text(_)));
        let same_board = board.texts == self.texts
            && frame.sprites == self.sprites
            && frame.movers == self.movers
            && (frame.width(), frame.height()) == self.size
            && !layout.has_overlay()
            && marks.iter().all(on_whole_pixels)
            && marks::shared_spec(board) == self.board;
        if !same_board || !self.labels_stay_on_the_board(layout) {
            return false;
        }
        let labels = corner_labels(layout);
        // The squares whose pixels differ from the first board's: reached
        // by a tint, or touched by a label cased in a tint's colour.
        let mut redrawn: Vec<Option<Redrawn>> = (0..64).map(|_| None).collect();
        for sq in Square::all() {
            let here: Vec<&Item> = marks_on(&marks, layout, sq).collect();
            let placed = touching(layout, labels, sq);
            if here.is_empty() && placed == self.touching[sq.index()] {
                continue;
            }
            let r = square_rect(layout, sq);
            let mut bare = self.bare.crop(r);
            for m in here {
                if let Item::Rect(rect, color) = *m {
                    fill_rect(&mut bare, relative(rect, r), 0, color);
                }
            }
            let mut empty = bare.clone();
            if !placed.is_empty() {
                draw_placed(&mut empty, placed.as_placed(), 0);
            }
            redrawn[sq.index()] = Some(Redrawn { bare, empty });
        }
        let classes = self.classes_of(&redrawn);
        let side = u64::from(board.square as u32);
        if classes.len() as u64 * 12 * 4 * side * side > TILE_WORK_BYTES {
            return false;
        }
        let mut colors = self.board_colors.clone();
        for (sq, r) in redrawn
            .iter()
            .enumerate()
            .filter_map(|(i, r)| Some((i, r.as_ref()?)))
        {
            for (c, n) in &self.classes[self.class_of[sq] as usize].1 {
                if let Some(have) = colors.get_mut(c) {
                    *have -= n;
                }
            }
            count_colors(&r.empty, &mut colors);
        }
        for (c, n) in colors.into_iter().filter(|&(_, n)| n > 0) {
            *histogram.entry(c).or_default() += n * BACKGROUND_WEIGHT;
        }
        for (labelled, sq, first) in classes {
            // The first board counted its kinds' tiles on the first square
            // of each: the same ground when that square is this kind's
            // first here too, and not redrawn.
            let counted_first =
                first.is_some_and(|c| self.classes[c].2 == sq) && redrawn[sq.index()].is_none();
            if counted_first {
                continue;
            }
            let bare = match &redrawn[sq.index()] {
                Some(r) => r.bare.clone(),
                None => self.bare.crop(square_rect(layout, sq)),
            };
            let mut ground = labelled.data().to_vec();
            if labels.is_some() {
                ground.extend_from_slice(bare.data());
            }
            let hash = quick_hash(&ground);
            let sprites = &frame.sprites;
            let seen = counted
                .iter()
                .any(|(h, s, g)| *h == hash && s == sprites && *g == ground);
            if seen {
                continue;
            }
            let tiles = match labels {
                Some(placed) => {
                    let here = here_labels(layout, placed, sq);
                    piece_tiles(parts, layout, &bare, Some(here.as_placed()))
                }
                None => piece_tiles(parts, layout, labelled, None),
            };
            for tile in &tiles {
                count_colors(tile, histogram);
            }
            counted.push((hash, sprites.clone(), ground));
        }
        true
    }

    /// The kinds of square of a sample whose `redrawn` squares are its
    /// only ones unlike the first board's, each with the first square of
    /// it and the first board's kind it is. A square the tints leave alone
    /// is its first board's kind, known without looking at its pixels;
    /// only the few redrawn ones are compared (comparing all 64 squares'
    /// pixels with every kind was a tenth of sampling a game).
    fn classes_of<'s>(
        &'s self,
        redrawn: &'s [Option<Redrawn>],
    ) -> Vec<(&'s Pixmap, Square, Option<usize>)> {
        let mut classes: Vec<(&Pixmap, Square, Option<usize>)> = Vec::new();
        for sq in Square::all() {
            let (pixels, first) = match &redrawn[sq.index()] {
                Some(r) => {
                    let first = self
                        .classes
                        .iter()
                        .position(|c| c.0.data() == r.empty.data());
                    (&r.empty, first)
                }
                None => {
                    let class = self.class_of[sq.index()] as usize;
                    (&self.classes[class].0, Some(class))
                }
            };
            let known = match first {
                Some(class) => classes.iter().any(|c| c.2 == Some(class)),
                None => classes.iter().any(|c| c.0.data() == pixels.data()),
            };
            if !known {
                classes.push((pixels, sq, first));
            }
        }
        classes
    }

    /// Whether every label over the pieces that `layout` cases otherwise
    /// than the first board lies on the board (so only the squares it
    /// touches change), and the labels in the background are the first
    /// board's.
    fn labels_stay_on_the_board(&self, layout: &Layout) -> bool {
        let board = &layout.frame.board;
        if board.labels.len() != self.board.labels.len() {
            return false;
        }
        let changed = board
            .labels
            .iter()
            .zip(&self.board.labels)
            .filter(|(now, first)| now != first);
        let image = (layout.frame.width() as f32, layout.frame.height() as f32);
        match corner_labels(layout) {
            None => changed.count() == 0,
            Some(_) => changed
                .into_iter()
                .all(|(label, _)| within_board(label, board.board, image)),
        }
    }
}

/// The most bytes of a first sample a rasterizer keeps for the next
/// animation: a 720 px board's is about 2 MB; a 2048 px board's, about
/// 15 MB, is not kept.
const KEPT_FIRST_BYTES: u64 = 8 << 20;

/// What an animation's first sample added to its fit, kept by its
/// rasterizer for the next animation with the same first board: the first
/// board of a game has no marks, so it is the same board for every game
/// drawn with the same options (its pieces do not count: every piece is
/// counted on every kind of square). Drawing and counting twelve tiles on
/// each kind of square was a sixth of a server's `POST /game.gif` (`perf`,
/// 100 plies at 720 px with inside coordinates).
#[derive(Debug, Clone)]
pub(crate) struct KeptFirst {
    frame: Arc<Frame>,
    histogram: ColorMap<u64>,
    counted: Counted,
    first: FirstSample,
}

impl KeptFirst {
    /// `layout`'s first sample, what it added to an empty fit
    /// (`histogram`, `counted`): `None` when it is not kept (a board with
    /// marks, or too large).
    pub(super) fn new(
        layout: &Layout,
        histogram: &ColorMap<u64>,
        counted: &Counted,
        first: &FirstSample,
    ) -> Option<KeptFirst> {
        let kept = KeptFirst {
            frame: Arc::clone(&layout.frame),
            histogram: histogram.clone(),
            counted: counted.clone(),
            first: first.clone(),
        };
        (kept.bytes() <= KEPT_FIRST_BYTES).then_some(kept)
    }

    /// Whether `layout`, the first sample of an animation, is this one's
    /// board: the same frame, without marks or anything over the pieces.
    pub(super) fn is_for(&self, layout: &Layout) -> bool {
        (Arc::ptr_eq(&self.frame, &layout.frame) || self.frame == layout.frame)
            && !layout.has_overlay()
            && unmarked(layout)
    }

    /// What the first sample added to its fit, and the first sample.
    pub(super) fn parts(&self) -> (ColorMap<u64>, Counted, FirstSample) {
        (
            self.histogram.clone(),
            self.counted.clone(),
            self.first.clone(),
        )
    }

    /// The bytes it holds, roughly.
    pub(crate) fn bytes(&self) -> u64 {
        let pixmaps: usize = self
            .first
            .classes
            .iter()
            .map(|(p, colors, _)| p.data().len() + 16 * colors.len())
            .sum();
        let grounds: usize = self.counted.iter().map(|(_, _, g)| g.len()).sum();
        (pixmaps + grounds + 16 * (self.histogram.len() + self.first.board_colors.len())) as u64
    }
}

/// Whether `layout`'s board has no marks but texts that touch no square
/// or marker (a game's first board, its players' names in bars).
fn unmarked(layout: &Layout) -> bool {
    let marks = marks::marks(&layout.frame.board, &layout.glows);
    marks.iter().all(|m| matches!(m, Item::Text(_))) && (marks.is_empty() || texts_clear(layout))
}

/// A square redrawn for a later sample: its background with its tints,
/// and that with the labels over the pieces.
struct Redrawn {
    bare: Pixmap,
    empty: Pixmap,
}

/// The labels over the pieces of `labels` that touch `sq`.
fn touching(layout: &Layout, labels: Option<Placed>, sq: Square) -> PlacedHere {
    labels.map_or_else(PlacedHere::default, |all| touching_labels(layout, all, sq))
}

/// Whether the pixels `label`'s ink, casing and a pixel of anti-aliasing
/// can touch in an image `image` (width, height) lie on `board` (a board
/// without a margin has labels whose casings reach past the image's edge).
fn within_board(label: &PlacedLabel, board: Rect, image: (f32, f32)) -> bool {
    let Some(ink) = label.ink() else {
        return true;
    };
    let reach = label.casing.map_or(0.0, |h| h.width) + 1.0;
    let (left, top) = ((ink.x - reach).max(0.0), (ink.y - reach).max(0.0));
    let right = (ink.x + ink.w + reach).min(image.0);
    let bottom = (ink.y + ink.h + reach).min(image.1);
    left >= board.x && top >= board.y && right <= board.x + board.w && bottom <= board.y + board.h
}

/// A whole-pixel rectangle as a layout rectangle.
fn int_rect(r: resvg::tiny_skia::IntRect) -> Rect {
    Rect {
        x: r.x() as f32,
        y: r.y() as f32,
        w: r.width() as f32,
        h: r.height() as f32,
    }
}
