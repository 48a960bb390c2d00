//! One palette for a whole animation: fitted once from the colours of a
//! few of its frames, then every frame is drawn in it (no frame is
//! quantized on its own), so frames compare index by index and none
//! carries a palette of its own.

use crate::raster::game_tiles::{GameTiles, PaletteFit};

/// The colours of an animation's frames, gathered from a few of them
/// ([`Renderer::sample_palette`](crate::Renderer::sample_palette)) before
/// one palette is fitted to them all ([`GamePalette::fit`]).
#[derive(Debug, Default)]
pub struct PaletteSample {
    pub(crate) fit: PaletteFit,
    /// How many frames were sampled.
    frames: usize,
}

impl PaletteSample {
    /// An empty sample.
    pub fn new() -> PaletteSample {
        PaletteSample::default()
    }

    /// How many frames have been added.
    pub fn frames(&self) -> usize {
        self.frames
    }

    pub(crate) fn count_frame(&mut self) {
        self.frames += 1;
    }
}

/// One palette of at most 255 colours (GIF's 256th entry marks the pixels
/// a later frame leaves unchanged) for every frame of an animation, and
/// the piece tiles drawn in it, kept from frame to frame.
/// [`Renderer::render_in_palette`](crate::Renderer::render_in_palette)
/// draws a frame in it: exactly where the frame's colours are among those
/// sampled (exact up to 255 colours, a deterministic median cut beyond),
/// else each colour as the palette's nearest.
#[derive(Debug)]
pub struct GamePalette {
    pub(crate) tiles: GameTiles,
}

impl GamePalette {
    /// The palette fitted to `sample`'s colours.
    pub fn fit(sample: &PaletteSample) -> GamePalette {
        GamePalette {
            tiles: GameTiles::new(&sample.fit),
        }
    }

    /// The palette's colours, straight RGBA.
    pub fn colors(&self) -> &[[u8; 4]] {
        self.tiles.colors()
    }
}
