//! Pixels between the rasterizer and the encoders: the rasterizer writes
//! them, the encoders (PNG, WebP, JPEG, GIF, terminal pictures) read them.
//!
//! Its own module so that the arrow runs one way: `raster` → `pixels` ←
//! `encode`, where the palette image used to live in `raster` and the RGBA
//! conversion in `encode`, each importing the other.

pub(crate) mod quantize;

use std::sync::Arc;

use resvg::tiny_skia::Pixmap;

use quantize::Palette;

/// Straight-alpha RGBA bytes of a pixmap (tiny-skia keeps premultiplied).
pub fn rgba(pixmap: &Pixmap) -> Vec<u8> {
    let mut out = Vec::with_capacity(pixmap.data().len());
    for p in pixmap.pixels() {
        let c = p.demultiply();
        out.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
    }
    out
}

/// A palette image: what the PNG encoder writes.
#[derive(Debug, Clone)]
pub struct IndexedImage {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The palette, shared by every board drawn with the same options.
    pub palette: Arc<Palette>,
    /// One palette index per pixel, row by row.
    pub indices: Vec<u8>,
}
