//! One kind of square of a game (`GameSquare`): what it is drawn from, its
//! ground and its piece tiles in the game's palette, and the hash it is
//! found by.

use std::sync::OnceLock;

use resvg::tiny_skia::Pixmap;

use crate::layout::SpriteSpec;
use crate::raster::compose::PieceTiles;
use crate::raster::indexed::PlacedHere;

/// One kind of square in a game's palette: what it is drawn from, and its
/// index tiles, each drawn when a frame first shows its piece on a square
/// of this kind (a tinted or labelled square sees few of the twelve in a
/// game: drawing all twelve for each was a fifth of a game's time).
#[derive(Debug)]
pub(super) struct GameSquare {
    /// A quick hash of `pixels`, looked at first.
    pub(super) hash: u64,
    /// The sprites the tiles show.
    pub(super) sprites: SpriteSpec,
    /// The labels on the square, placed in it, each with its casing, and
    /// the glow their casings show.
    pub(super) labels: PlacedHere,
    /// The square's pixels without pieces or labels.
    pub(super) pixels: Pixmap,
    /// The square without pieces, its labels drawn.
    pub(super) ground: Vec<u8>,
    /// Each piece on it, in [`Piece::index`](fen2img_chess::Piece::index)
    /// order, once drawn.
    pub(super) tiles: [OnceLock<Vec<u8>>; 12],
}

impl PieceTiles for GameSquare {
    fn tile(&self, piece: usize) -> Option<&[u8]> {
        self.tiles.get(piece)?.get().map(Vec::as_slice)
    }
}

/// A fast hash of `bytes` (FNV-1a over every eighth 8-byte word, and the
/// length), to find a square among those kept before comparing it whole:
/// squares that differ at all (a tint, a label's corner, a glow) differ
/// over many words, and a collision costs only that comparison.
pub(super) fn quick_hash(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for w in bytes.chunks_exact(8).step_by(8) {
        h = (h ^ u64::from_le_bytes(w.try_into().expect("8 bytes"))).wrapping_mul(0x100_0000_01b3);
    }
    h ^ bytes.len() as u64
}
