//! Image encoders: pixels in, file bytes out.
//!
//! A diagram has few colours: flat squares, two inks, and anti-aliased edges
//! between them. PNG is therefore written with a palette whenever the image
//! has at most 256 distinct colours (exactly, never approximated), and as
//! true colour otherwise. Everything is deterministic: the palette is in
//! order of first appearance and the encoders have no time stamps.

use std::io::Write;

use resvg::tiny_skia::Pixmap;

use crate::pixels::quantize::Palette;
use crate::pixels::{into_rgba, rgba, IndexedImage};
use crate::png_deflate;

/// How to encode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EncodeOptions {
    /// Spend more time for a smaller PNG. Default `false` (fast deflate).
    pub optimize: bool,
    /// JPEG quality 1–100. Default 90.
    pub quality: u8,
    /// PNG: the resolution to record (`pHYs`), in dots per inch, so layout
    /// programs place the image at its physical size. Default `None` (no
    /// chunk: screens ignore it).
    pub dpi: Option<u32>,
}

impl Default for EncodeOptions {
    fn default() -> Self {
        EncodeOptions {
            optimize: false,
            quality: 90,
            dpi: None,
        }
    }
}

/// Dots per inch as PNG's pixels per metre (300 dpi = 11811), rounded.
pub(crate) fn pixels_per_metre(dpi: u32) -> u32 {
    ((dpi as u64 * 10_000 + 127) / 254) as u32
}

/// PNG, indexed when the image has at most 256 colours.
pub fn png(pixmap: Pixmap, options: EncodeOptions) -> Vec<u8> {
    let (w, h) = (pixmap.width(), pixmap.height());
    let pixels = into_rgba(pixmap);
    match Palette::exact_of_pixels(&pixels) {
        Some((palette, indices)) => write_indexed(w, h, &palette.colors, &indices, options),
        None => write_true_colour(w, h, pixels, options),
    }
}

/// PNG from a palette image (the fast path: no colour work left to do).
pub fn png_indexed(image: &IndexedImage, options: EncodeOptions) -> Vec<u8> {
    let palette = &image.palette.colors;
    write_indexed(image.width, image.height, palette, &image.indices, options)
}

/// The png crate's settings for true-colour images (palette images are
/// filtered and compressed by `write_indexed`). Fast output filters every
/// row with Paeth: trying all five filters per row (Adaptive) took a fifth
/// longer for files 2 % smaller (`batch` of 1,000 boards with arrows,
/// 2026-11-26); `--optimize` still tries them all.
fn compression(options: EncodeOptions) -> (png::Compression, png::Filter) {
    if options.optimize {
        (png::Compression::High, png::Filter::Adaptive)
    } else {
        (png::Compression::Fast, png::Filter::Paeth)
    }
}

fn write_indexed(
    w: u32,
    h: u32,
    palette: &[[u8; 4]],
    indices: &[u8],
    options: EncodeOptions,
) -> Vec<u8> {
    // The smallest bit depth that holds the palette: a two-colour board
    // packs eight pixels a byte.
    let depth = match palette.len() {
        0..=2 => 1u8,
        3..=4 => 2,
        5..=16 => 4,
        _ => 8,
    };
    let packed;
    let rows: &[u8] = if depth == 8 {
        indices
    } else {
        packed = pack(w, indices, depth);
        &packed
    };
    let row_bytes = rows.len() / h.max(1) as usize;
    let plte: Vec<u8> = palette.iter().flat_map(|c| [c[0], c[1], c[2]]).collect();
    let mut trns: Vec<u8> = Vec::new();
    if palette.iter().any(|c| c[3] != 255) {
        trns = palette.iter().map(|c| c[3]).collect();
        while trns.last() == Some(&255) {
            trns.pop();
        }
    }
    let idat = if options.optimize {
        // The smallest of a strong deflate over unfiltered and over
        // zero-maximising rows: a few milliseconds, a third smaller.
        [false, true]
            .iter()
            .map(|&choose| {
                let mut filtered = Vec::with_capacity(rows.len() + h as usize);
                filter_rows(rows, row_bytes, choose, |row| {
                    filtered.extend_from_slice(row)
                });
                zlib_best(&filtered)
            })
            .min_by_key(Vec::len)
            .expect("two candidates")
    } else {
        deflate_fast(rows, row_bytes)
    };
    let mut out = Vec::with_capacity(idat.len() + plte.len() + trns.len() + 128);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&w.to_be_bytes());
    ihdr.extend_from_slice(&h.to_be_bytes());
    // Bit depth, colour type 3 (palette), deflate, adaptive filtering, no interlace.
    ihdr.extend_from_slice(&[depth, 3, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    if let Some(dpi) = options.dpi {
        let ppm = pixels_per_metre(dpi).to_be_bytes();
        let mut phys = [0u8; 9];
        phys[..4].copy_from_slice(&ppm);
        phys[4..8].copy_from_slice(&ppm);
        phys[8] = 1; // the unit is the metre
        chunk(&mut out, b"pHYs", &phys);
    }
    chunk(&mut out, b"PLTE", &plte);
    if !trns.is_empty() {
        chunk(&mut out, b"tRNS", &trns);
    }
    chunk(&mut out, b"IDAT", &idat);
    chunk(&mut out, b"IEND", &[]);
    out
}

/// Packs 8-bit indices into rows of `depth`-bit pixels, each row whole bytes.
fn pack(w: u32, indices: &[u8], depth: u8) -> Vec<u8> {
    let per_byte = 8 / depth as usize;
    let row_bytes = (w as usize).div_ceil(per_byte);
    let h = indices.len() / w.max(1) as usize;
    let mut packed = vec![0u8; row_bytes * h];
    for (y, row) in indices.chunks_exact(w as usize).enumerate() {
        let out = &mut packed[y * row_bytes..(y + 1) * row_bytes];
        for (x, &i) in row.iter().enumerate() {
            let shift = 8 - depth as usize * (x % per_byte + 1);
            out[x / per_byte] |= i << shift;
        }
    }
    packed
}

/// PNG scanlines, handed to `sink` one by one, each row prefixed by its
/// filter type. With `choose`, each row takes whichever of Up and Paeth leaves more zero bytes (what deflate,
/// and fdeflate above all, compresses best); a row equal to the one above is
/// Up, all zeros, at once. Otherwise no filter.
///
/// On these images Paeth does what Sub would (runs along a row) and more,
/// so Sub is not tried. The loops have no branches on the data, so the
/// compiler vectorises them: filtering costs less than compressing.
fn filter_rows(rows: &[u8], row_bytes: usize, choose: bool, mut sink: impl FnMut(&[u8])) {
    let h = rows.len() / row_bytes.max(1);
    let zero = vec![0u8; row_bytes];
    // Each candidate row with its filter-type byte in front.
    let mut up = vec![0u8; row_bytes + 1];
    let mut paeth = vec![0u8; row_bytes + 1];
    for y in 0..h {
        let cur = &rows[y * row_bytes..(y + 1) * row_bytes];
        if !choose {
            up[0] = 0;
            up[1..].copy_from_slice(cur);
            sink(&up);
            continue;
        }
        let prev = if y == 0 {
            &zero[..]
        } else {
            &rows[(y - 1) * row_bytes..y * row_bytes]
        };
        up[0] = 2;
        if y > 0 && cur == prev {
            up[1..].fill(0);
            sink(&up);
            continue;
        }
        for ((u, &c), &b) in up[1..].iter_mut().zip(cur).zip(prev) {
            *u = c.wrapping_sub(b);
        }
        // Paeth: the first byte has no left neighbours (a = c = 0).
        paeth[0] = 4;
        if row_bytes > 0 {
            paeth[1] = cur[0].wrapping_sub(prev[0]);
        }
        let lanes = paeth[2..]
            .iter_mut()
            .zip(&cur[1..])
            .zip(&cur[..row_bytes.saturating_sub(1)])
            .zip(&prev[1..])
            .zip(&prev[..row_bytes.saturating_sub(1)]);
        for ((((out, &x), &a), &b), &c) in lanes {
            *out = x.wrapping_sub(paeth_predictor(a, b, c));
        }
        let zeros = |v: &[u8]| v[1..].iter().map(|&b| (b == 0) as u32).sum::<u32>();
        sink(if zeros(&up) >= zeros(&paeth) {
            &up
        } else {
            &paeth
        });
    }
}

/// The filtered rows as a zlib stream made to measure (`png_deflate`).
/// The filtered image is held whole, since its code is made from its own
/// counts before it is written, in a buffer each thread keeps for its next
/// image: a fresh one was forty new pages of memory at 400 px, each a page
/// fault. Buffers of more than 4 MiB (boards over 2,000 px) are let go.
fn deflate_fast(rows: &[u8], row_bytes: usize) -> Vec<u8> {
    thread_local! {
        static FILTERED: std::cell::Cell<Vec<u8>> = const { std::cell::Cell::new(Vec::new()) };
    }
    const KEEP: usize = 4 << 20;
    let mut filtered = FILTERED.take();
    filtered.clear();
    filtered.reserve(rows.len() + rows.len() / row_bytes.max(1));
    filter_rows(rows, row_bytes, true, |row| filtered.extend_from_slice(row));
    let out = png_deflate::zlib(&filtered);
    if filtered.capacity() <= KEEP {
        FILTERED.set(filtered);
    }
    out
}

/// The PNG Paeth predictor, without branches on the data.
#[inline(always)]
fn paeth_predictor(a: u8, b: u8, c: u8) -> u8 {
    let (ai, bi, ci) = (a as i16, b as i16, c as i16);
    let pa = (bi - ci).abs();
    let pb = (ai - ci).abs();
    let pc = (ai + bi - 2 * ci).abs();
    let use_a = pa <= pb && pa <= pc;
    let use_b = pb <= pc;
    if use_a {
        a
    } else if use_b {
        b
    } else {
        c
    }
}

/// The strongest zlib stream the png crate's deflate makes.
fn zlib_best(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    e.write_all(data).expect("writing to a Vec cannot fail");
    e.finish().expect("writing to a Vec cannot fail")
}

/// Appends one PNG chunk: length, type, data, CRC of type and data.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    out.extend_from_slice(&crc.finalize().to_be_bytes());
}

fn write_true_colour(w: u32, h: u32, mut pixels: Vec<u8>, options: EncodeOptions) -> Vec<u8> {
    let opaque = pixels.chunks_exact(4).all(|p| p[3] == 255);
    let color = if opaque {
        // RGB in place, a block of pixels at a time moved down over the
        // alpha bytes before it (each block is read before it is written).
        const BLOCK: usize = 64;
        let n = pixels.len() / 4;
        let mut rgb = [0u8; 3 * BLOCK];
        for start in (0..n).step_by(BLOCK) {
            let count = BLOCK.min(n - start);
            let from = &pixels[4 * start..4 * (start + count)];
            for (out, px) in rgb.chunks_exact_mut(3).zip(from.chunks_exact(4)) {
                out.copy_from_slice(&px[..3]);
            }
            pixels[3 * start..3 * (start + count)].copy_from_slice(&rgb[..3 * count]);
        }
        pixels.truncate(3 * n);
        png::ColorType::Rgb
    } else {
        png::ColorType::Rgba
    };
    let bytes = pixels.as_slice();
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(color);
        enc.set_depth(png::BitDepth::Eight);
        let (c, f) = compression(options);
        enc.set_compression(c);
        enc.set_filter(f);
        enc.set_pixel_dims(options.dpi.map(|dpi| png::PixelDimensions {
            xppu: pixels_per_metre(dpi),
            yppu: pixels_per_metre(dpi),
            unit: png::Unit::Meter,
        }));
        let mut writer = enc.write_header().expect("writing to a Vec cannot fail");
        writer
            .write_image_data(bytes)
            .expect("writing to a Vec cannot fail");
    }
    out
}

/// An encoder that failed: which one, and what it said. A failure of ours
/// or of the machine, never of the input (the CLI exits 1, not 2).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct EncodeError {
    /// The format being written (`"WebP"`, `"JPEG"`).
    pub format: &'static str,
    /// The encoder's message.
    pub message: String,
}

impl std::fmt::Display for EncodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} encoding failed: {}", self.format, self.message)
    }
}

impl std::error::Error for EncodeError {}

impl EncodeError {
    /// An encoder failure of `format` (`"WebP"`), with the encoder's message.
    pub fn new(format: &'static str, e: impl std::fmt::Display) -> EncodeError {
        EncodeError {
            format,
            message: e.to_string(),
        }
    }
}

/// Lossless WebP.
pub fn webp(pixmap: &Pixmap) -> Result<Vec<u8>, EncodeError> {
    let pixels = rgba(pixmap);
    let mut out = Vec::new();
    image::codecs::webp::WebPEncoder::new_lossless(&mut out)
        .encode(
            &pixels,
            pixmap.width(),
            pixmap.height(),
            image::ExtendedColorType::Rgba8,
        )
        .map_err(|e| EncodeError::new("WebP", e))?;
    Ok(out)
}

/// JPEG at `quality`; transparent pixels are composed over white first,
/// since JPEG has no alpha.
pub fn jpeg(pixmap: &Pixmap, quality: u8) -> Result<Vec<u8>, EncodeError> {
    let rgb: Vec<u8> = rgba(pixmap)
        .chunks_exact(4)
        .flat_map(|p| {
            let a = p[3] as u32;
            let over_white = |c: u8| ((c as u32 * a + 255 * (255 - a) + 127) / 255) as u8;
            [over_white(p[0]), over_white(p[1]), over_white(p[2])]
        })
        .collect();
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, quality.clamp(1, 100))
        .encode(
            &rgb,
            pixmap.width(),
            pixmap.height(),
            image::ExtendedColorType::Rgb8,
        )
        .map_err(|e| EncodeError::new("JPEG", e))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use resvg::tiny_skia::Color;

    fn decode(bytes: &[u8]) -> (png::OutputInfo, Vec<u8>) {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        buf.truncate(info.buffer_size());
        (info, buf)
    }

    #[test]
    fn few_colours_make_an_indexed_png_that_decodes_to_the_same_pixels() {
        let mut p = Pixmap::new(9, 5).unwrap();
        p.fill(Color::from_rgba8(240, 217, 181, 255));
        p.pixels_mut()[3] = resvg::tiny_skia::ColorU8::from_rgba(181, 136, 99, 255).premultiply();
        let bytes = png(p.clone(), EncodeOptions::default());
        let mut decoder = png::Decoder::new(std::io::Cursor::new(&bytes));
        decoder.set_transformations(png::Transformations::IDENTITY);
        let info = decoder.read_info().unwrap().info().clone();
        assert_eq!(info.color_type, png::ColorType::Indexed);
        assert_eq!(info.bit_depth, png::BitDepth::One);
        let (info, buf) = decode(&bytes);
        assert_eq!(info.color_type, png::ColorType::Rgb);
        assert_eq!(&buf[9..12], &[181, 136, 99]);
        assert_eq!(&buf[0..3], &[240, 217, 181]);
    }

    #[test]
    fn large_palette_images_survive_compression_and_both_filters() {
        // 600×300 at 8 bits: long zero runs (flat areas) beside bursts of
        // forty colours, over more than one longest copy.
        let (w, h) = (600u32, 300u32);
        let palette: Vec<[u8; 4]> = (0..40u8).map(|i| [i * 6, 255 - i * 6, i, 255]).collect();
        let indices: Vec<u8> = (0..w * h)
            .map(|i| {
                let (x, y) = (i % w, i / w);
                if (x / 50 + y / 50) % 2 == 0 {
                    0
                } else {
                    ((x * 7 + y * 3) % 40) as u8
                }
            })
            .collect();
        for optimize in [false, true] {
            let options = EncodeOptions {
                optimize,
                ..EncodeOptions::default()
            };
            let bytes = write_indexed(w, h, &palette, &indices, options);
            let (_, rgb) = decode(&bytes);
            let expected: Vec<u8> = indices
                .iter()
                .flat_map(|&i| {
                    let c = palette[i as usize];
                    [c[0], c[1], c[2]]
                })
                .collect();
            assert!(rgb == expected, "optimize {optimize}");
        }
    }

    #[test]
    fn many_colours_fall_back_to_true_colour() {
        let mut p = Pixmap::new(300, 1).unwrap();
        for (i, px) in p.pixels_mut().iter_mut().enumerate() {
            *px = resvg::tiny_skia::ColorU8::from_rgba((i % 256) as u8, (i / 256) as u8, 0, 255)
                .premultiply();
        }
        let (info, buf) = decode(&png(p.clone(), EncodeOptions::default()));
        assert_eq!(info.color_type, png::ColorType::Rgb);
        // Every pixel, as the RGBA bytes were turned into RGB in place.
        let want: Vec<u8> = (0..300u32)
            .flat_map(|i| [(i % 256) as u8, (i / 256) as u8, 0])
            .collect();
        assert_eq!(buf, want);
        assert_eq!(&buf[3 * 299..3 * 300], &[43, 1, 0]);
    }

    #[test]
    fn transparency_survives_the_palette() {
        let p = Pixmap::new(4, 4).unwrap(); // all transparent
        let bytes = png(p.clone(), EncodeOptions::default());
        let (info, buf) = decode(&bytes);
        assert_eq!(info.color_type, png::ColorType::Rgba);
        assert!(buf.chunks(4).all(|c| c[3] == 0));
    }

    /// A real board (pieces, labels, glows: many colours, anti-aliased
    /// edges), with a transparent margin to exercise alpha.
    fn board() -> Pixmap {
        use crate::layout::Layout;
        use crate::options::{CheckMark, DiagramOptions, Markup};
        let fen = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";
        let position = fen2img_chess::parse(fen.as_bytes(), Default::default())
            .unwrap()
            .position;
        let options = DiagramOptions {
            size: 200,
            transparent: true,
            markup: Markup {
                check: CheckMark::Auto,
                ..Markup::default()
            },
            ..DiagramOptions::default()
        };
        let layout = Layout::new(&position, &options).unwrap();
        crate::raster::Rasterizer::new().render(&layout)
    }

    #[test]
    fn palette_boards_decode_to_their_own_pixels_and_beat_the_fixed_table() {
        // The tile path's palette image of a full board at 720 px, through
        // the per-image code: every pixel back, and smaller than the same
        // filtered rows under fdeflate's one fixed table (what this
        // encoder wrote before: 26,991 bytes a board against 22,076 over
        // the first 50 corpus boards, coordinates inside).
        use crate::layout::Layout;
        use crate::options::DiagramOptions;
        let fen = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";
        let position = fen2img_chess::parse(fen.as_bytes(), Default::default())
            .unwrap()
            .position;
        let options = DiagramOptions {
            size: 720,
            ..DiagramOptions::default()
        };
        let layout = Layout::new(&position, &options).unwrap();
        let image = crate::raster::Rasterizer::new()
            .render_indexed(&layout)
            .expect("a board without markup");
        let bytes = png_indexed(&image, EncodeOptions::default());
        let (info, rgb) = decode(&bytes);
        assert_eq!((info.width, info.height), (image.width, image.height));
        let palette = &image.palette.colors;
        let channels = if palette.iter().any(|c| c[3] != 255) {
            4
        } else {
            3
        };
        let want: Vec<u8> = image
            .indices
            .iter()
            .flat_map(|&i| palette[i as usize][..channels].to_vec())
            .collect();
        assert!(rgb == want, "pixels differ");
        let row_bytes = image.width as usize;
        let mut filtered = Vec::new();
        filter_rows(&image.indices, row_bytes, true, |row| {
            filtered.extend_from_slice(row)
        });
        let fixed_table = fdeflate::compress_to_vec(&filtered).len();
        let ours = bytes.len();
        assert!(ours * 10 < fixed_table * 9, "{ours} against {fixed_table}");
    }

    #[test]
    fn lossless_webp_decodes_to_exactly_the_pngs_pixels() {
        let p = board();
        let bytes = webp(&p).unwrap();
        let decoded = image::load_from_memory_with_format(&bytes, image::ImageFormat::WebP)
            .unwrap()
            .to_rgba8();
        // 200 px wide; the height follows the margins drawn.
        assert_eq!(decoded.dimensions(), (200, p.height()));
        let (_, from_png) = decode(&png(p.clone(), EncodeOptions::default()));
        assert!(from_png.len() == decoded.as_raw().len());
        // Fully transparent pixels carry no colour: compare alpha there.
        for (i, (w, q)) in decoded
            .as_raw()
            .chunks_exact(4)
            .zip(from_png.chunks_exact(4))
            .enumerate()
        {
            if q[3] == 0 {
                assert_eq!(w[3], 0, "pixel {i}");
            } else {
                assert_eq!(w, q, "pixel {i}");
            }
        }
        assert!(from_png.chunks_exact(4).any(|q| q[3] == 0), "has a margin");
        assert!(from_png.chunks_exact(4).any(|q| q[3] == 255), "has a board");
    }

    #[test]
    fn jpeg_decodes_close_to_the_png_over_white() {
        let p = board();
        let over_white: Vec<u8> = rgba(&p)
            .chunks_exact(4)
            .flat_map(|q| {
                let a = q[3] as i32;
                let blend = |c: u8| (c as i32 * a + 255 * (255 - a) + 127) / 255;
                [blend(q[0]), blend(q[1]), blend(q[2])]
            })
            .map(|c| c as u8)
            .collect();
        let mut previous_error = f64::INFINITY;
        for quality in [60, 90, 100] {
            let bytes = jpeg(&p, quality).unwrap();
            let decoded = image::load_from_memory_with_format(&bytes, image::ImageFormat::Jpeg)
                .unwrap()
                .to_rgb8();
            assert_eq!(decoded.dimensions(), (200, p.height()));
            let diffs: Vec<u32> = decoded
                .as_raw()
                .iter()
                .zip(&over_white)
                .map(|(a, b)| a.abs_diff(*b) as u32)
                .collect();
            let mean = diffs.iter().sum::<u32>() as f64 / diffs.len() as f64;
            // Measured: 4.6 at quality 60, 1.9 at 90, 0.4 at 100 (means
            // over all channels, 0–255). A wrong image (swapped channels,
            // missing pieces, black instead of white margin) is far over.
            let limit = match quality {
                60 => 6.0,
                90 => 2.5,
                _ => 0.8,
            };
            assert!(mean < limit, "quality {quality}: mean difference {mean}");
            assert!(mean < previous_error, "quality {quality} is closer");
            previous_error = mean;
        }
    }
}
