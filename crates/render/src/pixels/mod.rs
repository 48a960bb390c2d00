//! Pixels between the rasterizer and the encoders: the rasterizer writes
//! them, the encoders (PNG, WebP, JPEG, GIF, terminal pictures) read them.
//!
//! Its own module so that the arrow runs one way: `raster` → `pixels` ←
//! `encode`, where the palette image used to live in `raster` and the RGBA
//! conversion in `encode`, each importing the other.

pub(crate) mod quantize;

use std::sync::Arc;

use resvg::tiny_skia::Pixmap;

use quantize::{ColorMap, Palette};

/// Straight-alpha RGBA bytes of a pixmap (tiny-skia keeps premultiplied).
pub fn rgba(pixmap: &Pixmap) -> Vec<u8> {
    into_rgba(pixmap.clone())
}

/// [`rgba`] of a pixmap that is no longer needed, converted in place: a
/// fresh buffer of a board's size costs more in page faults than the
/// conversion. Opaque and clear pixels read the same either way, so only
/// the others (a board's few edge pixels) are demultiplied, as tiny-skia
/// demultiplies.
pub fn into_rgba(pixmap: Pixmap) -> Vec<u8> {
    let mut data = pixmap.take();
    for px in data.chunks_exact_mut(4) {
        if !matches!(px[3], 0 | 255) {
            // tiny-skia's `demultiply`, without its check that a pixel is
            // premultiplied (a cast saturates, so no byte can panic).
            let a = f64::from(px[3]) / 255.0;
            for c in &mut px[..3] {
                *c = (f64::from(*c) / a + 0.5) as u8;
            }
        }
    }
    data
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

/// A pixmap as a palette image: its exact colours when it has at most 256,
/// else a median-cut palette of them (for GIF and sixel, which need one).
pub fn palette_of(pixmap: &Pixmap) -> IndexedImage {
    palette_of_within(pixmap, 256)
}

/// [`palette_of`] in at most `colours` colours (1 to 256): exact when the
/// image has no more, a median cut of them when it has.
pub fn palette_of_within(pixmap: &Pixmap, colours: usize) -> IndexedImage {
    let (width, height) = (pixmap.width(), pixmap.height());
    let pixels = rgba(pixmap);
    let exact = Palette::exact_of_pixels(&pixels).filter(|(p, _)| p.colors.len() <= colours);
    let (palette, indices) = exact.unwrap_or_else(|| {
        let packed = || {
            pixels
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        };
        let mut histogram: ColorMap<u64> = ColorMap::default();
        for c in packed() {
            *histogram.entry(c).or_default() += 1;
        }
        let palette = Palette::reduced(&histogram, colours);
        let indices = packed().map(|c| palette.index(c)).collect();
        (palette, indices)
    });
    IndexedImage {
        width,
        height,
        palette: Arc::new(palette),
        indices,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use resvg::tiny_skia::PremultipliedColorU8;

    #[test]
    fn rgba_demultiplies_every_pixel_as_tiny_skia_does() {
        let mut pixmap = Pixmap::new(4, 64).unwrap();
        // Every alpha, with colour channels at and below it.
        for (i, px) in pixmap.pixels_mut().iter_mut().enumerate() {
            let a = i as u8;
            *px = PremultipliedColorU8::from_rgba(a, a / 2, a / 3, a).unwrap();
        }
        let want = pixmap.clone().take_demultiplied();
        assert_eq!(rgba(&pixmap), want);
        assert_eq!(&want[255 * 4..], &[255, 127, 85, 255]);
        assert_eq!(into_rgba(pixmap), want);
    }
}
