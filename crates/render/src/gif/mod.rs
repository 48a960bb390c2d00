//! GIF: still diagrams, and animated games whose frames after the first
//! hold only the squares that changed (as lichess's lila-gif draws them),
//! written with the `gif` crate around our own LZW compression (`lzw.rs`),
//! which is several times faster on boards than the crate's general one.
//!
//! Input is what the renderer's palette path already makes, a palette and
//! one index per pixel, so no colour is quantized here. GIF has no partial
//! transparency: a palette colour with alpha below 128 becomes the one
//! transparent index, every other colour is opaque.

use std::borrow::Cow;
use std::sync::Arc;

use ::gif::{AnyExtension, DisposalMethod, Encoder, Frame, Repeat};

mod lzw;
mod split;

pub use crate::frame_change::{FrameChange, Patch};
pub use crate::game_palette::{GamePalette, PaletteSample};
pub use crate::palette_image::{PaletteImage, PalettePicture};

use crate::frame_change;
use crate::offload::Offload;
use crate::pixels::IndexedImage;

/// The most colours a still GIF's palette is fitted to (a median cut of
/// the tiles' colours beyond; the exact ramps of texts come on top). A
/// 720 px board has about 190 colours, most of them shades of the pieces'
/// anti-aliased edges; in 64 an edge pixel is at worst 15 to 24 levels
/// off its colour and 95% of the pixels are exact (the board's flat
/// colours, which outweigh everything, stay exact), and LZW finds longer
/// strings where neighbouring edges share shades: the corpus's 720 px GIFs
/// with inside coordinates are 9% smaller (28.3 KB to 25.7 KB on average;
/// lila-gif's are 25.9 KB).
pub(crate) const STILL_COLOURS: usize = 64;

/// Why a GIF could not be written.
#[derive(Debug)]
#[non_exhaustive]
pub enum GifError {
    /// The image is wider or taller than GIF's 65,535 pixels.
    TooLarge,
    /// More than 256 colours, or pixel indices that do not match the image.
    BadImage(&'static str),
    /// The encoder failed.
    Encode(::gif::EncodingError),
}

impl std::fmt::Display for GifError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GifError::TooLarge => f.write_str("gif: the image is larger than 65535 pixels"),
            GifError::BadImage(why) => write!(f, "gif: {why}"),
            GifError::Encode(e) => write!(f, "gif: {e}"),
        }
    }
}

impl std::error::Error for GifError {}

impl From<::gif::EncodingError> for GifError {
    fn from(e: ::gif::EncodingError) -> Self {
        GifError::Encode(e)
    }
}

impl PaletteImage<'_> {
    /// The image's size, once its pixel indices are checked too.
    fn check(&self) -> Result<(u16, u16), GifError> {
        let size = self.check_shape()?;
        // The largest index, as a fold the compiler vectorizes: `any` with
        // its early exit went a byte at a time, a sixth of a 720 px GIF's
        // time.
        let largest = self.indices.iter().fold(0u8, |m, &i| m.max(i));
        if !self.indices.is_empty() && usize::from(largest) >= self.palette.len() {
            return Err(GifError::BadImage("a pixel index is outside the palette"));
        }
        Ok(size)
    }

    /// The image's size, when it fits GIF and has a palette and one index
    /// per pixel (the indices themselves unchecked).
    fn check_shape(&self) -> Result<(u16, u16), GifError> {
        let w = u16::try_from(self.width).map_err(|_| GifError::TooLarge)?;
        let h = u16::try_from(self.height).map_err(|_| GifError::TooLarge)?;
        if self.palette.is_empty() || self.palette.len() > 256 {
            return Err(GifError::BadImage("a palette needs 1 to 256 colours"));
        }
        if self.indices.len() != self.width as usize * self.height as usize {
            return Err(GifError::BadImage("one palette index per pixel is needed"));
        }
        Ok((w, h))
    }

    /// The palette as GIF's RGB triples, and the transparent index if a
    /// colour is transparent (every transparent colour shares it).
    fn gif_palette(&self) -> (Vec<u8>, Option<u8>) {
        let transparent = self
            .palette
            .iter()
            .position(|c| c[3] < 128)
            .map(|i| i as u8);
        let rgb = self
            .palette
            .iter()
            .flat_map(|c| {
                if c[3] < 128 {
                    [0, 0, 0]
                } else {
                    [c[0], c[1], c[2]]
                }
            })
            .collect();
        (rgb, transparent)
    }

    /// Indices with every transparent colour mapped to the one transparent index.
    fn gif_indices(&self, transparent: Option<u8>) -> Cow<'_, [u8]> {
        match transparent {
            Some(t) if self.palette.iter().filter(|c| c[3] < 128).count() > 1 => Cow::Owned(
                self.indices
                    .iter()
                    .map(|&i| {
                        if self.palette[i as usize][3] < 128 {
                            t
                        } else {
                            i
                        }
                    })
                    .collect(),
            ),
            _ => Cow::Borrowed(self.indices),
        }
    }
}

/// `indices` (a picture `width` pixels wide, each index below `colors`)
/// as the LZW data `write_lzw_pre_encoded_frame` takes: the minimum code
/// size, then codes.
fn compress(indices: &[u8], width: u16, colors: usize) -> Cow<'static, [u8]> {
    Cow::Owned(split::compress(indices, usize::from(width), colors))
}

fn write_comment<W: std::io::Write>(
    encoder: &mut Encoder<W>,
    comment: &str,
) -> Result<(), GifError> {
    if !comment.is_empty() {
        encoder.write_raw_extension(AnyExtension(0xFE), &[comment.as_bytes()])?;
    }
    Ok(())
}

/// A still GIF, with an optional comment extension (lila-gif's `comment`).
pub fn still(image: &PaletteImage<'_>, comment: &str) -> Result<Vec<u8>, GifError> {
    let (w, h) = image.check()?;
    let (palette, transparent) = image.gif_palette();
    let lzw = compress(&image.gif_indices(transparent), w, image.palette.len());
    write_still((w, h), &palette, transparent, comment, lzw)
}

/// A GIF of one image: `lzw` is its compressed pixels.
fn write_still(
    (w, h): (u16, u16),
    palette: &[u8],
    transparent: Option<u8>,
    comment: &str,
    lzw: Cow<'_, [u8]>,
) -> Result<Vec<u8>, GifError> {
    let mut out = Vec::new();
    {
        let mut encoder = Encoder::new(&mut out, w, h, palette)?;
        write_comment(&mut encoder, comment)?;
        let frame = Frame {
            width: w,
            height: h,
            transparent,
            buffer: lzw,
            ..Frame::default()
        };
        encoder.write_lzw_pre_encoded_frame(&frame)?;
    }
    Ok(out)
}

/// A still GIF of a layout as the rasterizer draws it for this format
/// (`image`: its palette image when it makes one, a board without
/// overlays, else its RGBA image reduced to a palette, exact up to 256
/// colours, median cut beyond). Parts of the compression are offered to
/// `offload`; the bytes are the same either way.
pub(crate) fn render(
    image: IndexedImage,
    offload: Option<&dyn Offload>,
) -> Result<Vec<u8>, GifError> {
    let view = PaletteImage {
        width: image.width,
        height: image.height,
        palette: &image.palette.colors,
        indices: &image.indices,
    };
    let Some(offload) = offload else {
        return still(&view, "");
    };
    // The rasterizer's indices come from its palette, so only the shape is
    // checked here (the scan for the largest index was a hundredth of a
    // server's GIF, and the encoder's own pass finds it again: an index
    // beyond the palette would make wrong pixels, never a panic).
    let (w, h) = view.check_shape()?;
    debug_assert!(
        view.check().is_ok(),
        "the rasterizer's indices fit its palette"
    );
    let (palette, transparent) = view.gif_palette();
    let colors = view.palette.len();
    let mapped = match view.gif_indices(transparent) {
        Cow::Owned(mapped) => Some(mapped),
        Cow::Borrowed(_) => None,
    };
    let indices = mapped.unwrap_or(image.indices);
    let lzw = split::compress_shared(Arc::new(indices), usize::from(w), colors, offload);
    write_still((w, h), &palette, transparent, "", Cow::Owned(lzw))
}

/// A palette image the rasterizer drew (in a palette of its own or an
/// animation's), as a picture for frames of an animation.
pub(crate) fn picture(image: IndexedImage) -> PalettePicture {
    PalettePicture {
        width: image.width,
        height: image.height,
        palette: image.palette.colors.clone(),
        indices: image.indices,
    }
}

/// `gif` with a comment extension (lila-gif's `comment`) placed before its
/// first image, in sub-blocks of at most 255 bytes. Bytes that are not a
/// GIF come back unchanged.
pub fn with_comment(gif: &[u8], comment: &str) -> Vec<u8> {
    // Header (6) and logical screen descriptor (7), then the global colour
    // table when the descriptor's flag says there is one.
    let Some(&flags) = gif.get(10) else {
        return gif.to_vec();
    };
    let table = if flags & 0x80 != 0 {
        3 << ((flags & 0x07) + 1)
    } else {
        0
    };
    let at = 13 + table;
    if comment.is_empty() || !gif.starts_with(b"GIF8") || gif.len() < at {
        return gif.to_vec();
    }
    let mut out = Vec::with_capacity(gif.len() + comment.len() + 8);
    out.extend_from_slice(&gif[..at]);
    out.extend_from_slice(&[0x21, 0xFE]);
    for block in comment.as_bytes().chunks(255) {
        out.push(block.len() as u8);
        out.extend_from_slice(block);
    }
    out.push(0);
    out.extend_from_slice(&gif[at..]);
    out
}

/// One frame of an animation and how long it shows, in hundredths of a
/// second.
#[derive(Debug, Clone, Copy)]
pub struct TimedImage<'a> {
    /// The whole picture at this point of the game.
    pub image: PaletteImage<'a>,
    /// Display time in 1/100 s.
    pub delay: u16,
}

/// An animated GIF that loops forever. The first frame is whole; each later
/// frame covers only the rectangle that changed since the one before, with
/// unchanged pixels inside it transparent where the palette leaves an index
/// free for that, so a game of a hundred moves costs little more than its
/// moves. Frames with a different palette from the first carry their own.
pub fn animation(frames: &[TimedImage<'_>], comment: &str) -> Result<Vec<u8>, GifError> {
    let Some(first) = frames.first() else {
        return Err(GifError::BadImage("an animation needs a frame"));
    };
    let mut writer = AnimationWriter::new(first, comment)?;
    for pair in frames.windows(2) {
        writer.push(&pair[0].image, &pair[1])?;
    }
    writer.finish()
}

/// [`animation`] a frame at a time, for games too long to hold every
/// frame's pixels at once: the caller keeps only the frame just written and
/// the next one. The bytes are [`animation`]'s for the same frames.
pub struct AnimationWriter {
    encoder: Encoder<Vec<u8>>,
    /// The first frame's size, which every frame must have.
    size: (u16, u16),
    /// The global palette without its spare entry.
    base: Vec<u8>,
    /// How far apart (largest channel difference) two colours of a pixel
    /// may be and still count as unchanged (see
    /// [`AnimationWriter::set_tolerance`]).
    tolerance: u8,
}

impl std::fmt::Debug for AnimationWriter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnimationWriter")
            .field("size", &self.size)
            .finish_non_exhaustive()
    }
}

impl AnimationWriter {
    /// Starts an animation with its whole `first` frame and the comment.
    pub fn new(first: &TimedImage<'_>, comment: &str) -> Result<AnimationWriter, GifError> {
        let (w, h) = first.image.check()?;
        // A later frame where nothing changed is one pixel of it.
        if w == 0 || h == 0 {
            return Err(GifError::BadImage("an animation needs at least one pixel"));
        }
        let (base, global_transparent) = first.image.gif_palette();
        // One spare entry after the first frame's colours is the "unchanged"
        // index of later frames that share this palette.
        let mut global = base.clone();
        if global.len() < 256 * 3 {
            global.extend([0, 0, 0]);
        }
        let mut encoder = Encoder::new(Vec::new(), w, h, &global)?;
        encoder.set_repeat(Repeat::Infinite)?;
        write_comment(&mut encoder, comment)?;
        encoder.write_lzw_pre_encoded_frame(&Frame {
            width: w,
            height: h,
            delay: first.delay,
            dispose: DisposalMethod::Keep,
            transparent: global_transparent,
            buffer: compress(
                &first.image.gif_indices(global_transparent),
                w,
                first.image.palette.len(),
            ),
            ..Frame::default()
        })?;
        Ok(AnimationWriter {
            encoder,
            size: (w, h),
            base,
            tolerance: 0,
        })
    }

    /// Counts a pixel as unchanged when its colours in two frames differ by
    /// at most `tolerance` in every channel (default 0: exactly equal).
    /// Frames of more than 256 colours are each quantized to a palette of
    /// their own, so a pixel that did not change may still move by a few
    /// levels, and an exact comparison then finds the whole picture
    /// changed; a tolerance of the quantization's error keeps later frames
    /// to what really changed (the viewer keeps showing the earlier,
    /// equally close, colour).
    pub fn set_tolerance(&mut self, tolerance: u8) {
        self.tolerance = tolerance;
    }

    /// Adds `next`, drawn as what changed since `previous` (the frame
    /// written last). Frames in the same palette (an animation drawn in
    /// one [`GamePalette`]) are compared index by index, without the
    /// tolerance ([`AnimationWriter::push_change`]); others colour by
    /// colour.
    pub fn push(
        &mut self,
        previous: &PaletteImage<'_>,
        next: &TimedImage<'_>,
    ) -> Result<(), GifError> {
        if previous.palette == next.image.palette {
            // The frame before is only compared index by index with the
            // next: its indices need no check (it was checked as the next
            // frame the push before, 0.5 MB at 720 px).
            if previous.check_shape()? != self.size {
                return Err(GifError::BadImage(
                    "every frame must have the first one's size",
                ));
            }
            let change = FrameChange {
                next: next.image,
                before: Some(vec![Patch::whole(previous)]),
            };
            return self.push_change(&change, next.delay);
        }
        if previous.check()? != self.size || next.image.check()? != self.size {
            return Err(GifError::BadImage(
                "every frame must have the first one's size",
            ));
        }
        let mut frame = changed_frame(
            previous,
            &next.image,
            next.delay,
            &self.base,
            self.tolerance,
        );
        // The changed rectangle may use the spare "unchanged" index, one
        // past the palette.
        frame.buffer = compress(&frame.buffer, frame.width, next.image.palette.len() + 1);
        self.encoder.write_lzw_pre_encoded_frame(&frame)?;
        Ok(())
    }

    /// Adds `change.next`, shown for `delay` hundredths of a second, drawn
    /// as what changed since the frame written last, which `change`'s
    /// patches hold where the two may differ (both in one palette, as an
    /// animation drawn in one [`GamePalette`] is). Only the patches are
    /// compared, and only the next frame's indices there are checked:
    /// elsewhere they are the frame before's, checked when it was written.
    pub fn push_change(&mut self, change: &FrameChange<'_>, delay: u16) -> Result<(), GifError> {
        let next = &change.next;
        if change.before.is_none() {
            return Err(GifError::BadImage("a later frame needs the frame before"));
        }
        if next.check_shape()? != self.size {
            return Err(GifError::BadImage(
                "every frame must have the first one's size",
            ));
        }
        if !change.patches_fit() {
            return Err(GifError::BadImage(frame_change::BAD_PATCH));
        }
        let rect @ (x0, y0, x1, y1) = change.changed_rect().unwrap_or((0, 0, 1, 1));
        if usize::from(change.largest_changed_index(rect)) >= next.palette.len() {
            return Err(GifError::BadImage("a pixel index is outside the palette"));
        }
        let (rgb, transparent) = next.gif_palette();
        let own_palette = (rgb != self.base).then_some(rgb);
        // A free index (the palette has fewer than 256 colours) marks the
        // unchanged pixels; GIF shows what lies under them.
        let colours = next.palette.len();
        let hole = (colours < 256 && transparent.is_none()).then_some(colours as u8);
        let mut buffer = Vec::with_capacity((x1 - x0) * (y1 - y0));
        change.rect_indices(rect, hole, &mut buffer);
        let palette = with_hole(own_palette, hole);
        let width = (x1 - x0) as u16;
        let frame = Frame {
            left: x0 as u16,
            top: y0 as u16,
            width,
            height: (y1 - y0) as u16,
            delay,
            dispose: DisposalMethod::Keep,
            transparent: hole.or(transparent),
            palette,
            // The changed rectangle may use the spare "unchanged" index,
            // one past the palette.
            buffer: compress(&buffer, width, colours + 1),
            ..Frame::default()
        };
        self.encoder.write_lzw_pre_encoded_frame(&frame)?;
        Ok(())
    }

    /// The GIF's bytes, with its trailer.
    pub fn finish(self) -> Result<Vec<u8>, GifError> {
        Ok(self.encoder.into_inner()?)
    }
}

/// A frame's own palette (`None`: the global one), with an entry for the
/// index that marks unchanged pixels when it has one (`hole`): the global
/// palette has that spare entry already; a frame's own gets one.
fn with_hole(own_palette: Option<Vec<u8>>, hole: Option<u8>) -> Option<Vec<u8>> {
    match (own_palette, hole) {
        (Some(mut p), Some(_)) => {
            p.extend([0, 0, 0]);
            Some(p)
        }
        (p, _) => p,
    }
}

/// The colour of pixel `i`, for comparing frames with different palettes.
fn colour(image: &PaletteImage<'_>, i: usize) -> [u8; 4] {
    image.palette[image.indices[i] as usize]
}

/// Frees the last of 256 palette entries: the two nearest colours become
/// the first of them, and the last colour takes the second's place. `rgb`
/// (the GIF triples) becomes the 255 colours left; the answer maps each
/// old index to its new one.
fn merge_nearest(palette: &[[u8; 4]], rgb: &mut Vec<u8>) -> [u8; 256] {
    let distance = |a: [u8; 4], b: [u8; 4]| -> u32 {
        (0..3).map(|c| u32::from(a[c].abs_diff(b[c])).pow(2)).sum()
    };
    let (mut keep, mut gone, mut best) = (0, 1, u32::MAX);
    for i in 0..palette.len() {
        for j in i + 1..palette.len() {
            let d = distance(palette[i], palette[j]);
            if d < best {
                (keep, gone, best) = (i, j, d);
            }
        }
    }
    let last = palette.len() - 1;
    let mut map = [0u8; 256];
    for (old, new) in map.iter_mut().enumerate() {
        *new = if old == gone {
            keep as u8
        } else if old == last {
            gone as u8
        } else {
            old as u8
        };
    }
    if gone != last {
        rgb.copy_within(3 * last..3 * last + 3, 3 * gone);
    }
    rgb.truncate(3 * last);
    map
}

/// Whether two colours of a pixel count as the same: equal, or both
/// opaque (alpha from 128, as the GIF writes them) and within `tolerance`
/// in every channel.
fn same_colour(a: [u8; 4], b: [u8; 4], tolerance: u8) -> bool {
    a == b
        || (tolerance > 0
            && a[3] >= 128
            && b[3] >= 128
            && a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= tolerance))
}

/// The frame that turns `previous` into `next`, in palettes of their
/// own, compared colour by colour: the bounding box of the changed pixels
/// (one pixel when nothing changed, as GIF needs a frame to carry the
/// delay). `base` is the global palette without its spare entry.
fn changed_frame<'a>(
    previous: &PaletteImage<'_>,
    next: &'a PaletteImage<'a>,
    delay: u16,
    base: &[u8],
    tolerance: u8,
) -> Frame<'a> {
    let w = next.width as usize;
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for y in 0..next.height as usize {
        for x in 0..w {
            if !same_colour(
                colour(previous, y * w + x),
                colour(next, y * w + x),
                tolerance,
            ) {
                x0 = x0.min(x);
                y0 = y0.min(y);
                x1 = x1.max(x + 1);
                y1 = y1.max(y + 1);
            }
        }
    }
    if x0 == usize::MAX {
        (x0, y0, x1, y1) = (0, 0, 1, 1);
    }
    let (mut rgb, transparent) = next.gif_palette();
    // A full palette has no index free to mark unchanged pixels; with a
    // tolerance (frames quantized anyway) its two nearest colours become
    // one, which frees the last index.
    let remap = (tolerance > 0 && transparent.is_none() && next.palette.len() == 256)
        .then(|| merge_nearest(next.palette, &mut rgb));
    let own_palette = (rgb != base).then_some(rgb);
    let colours = if remap.is_some() {
        255
    } else {
        next.palette.len()
    };
    // A free index (the palette has fewer than 256 colours) marks the
    // unchanged pixels; GIF shows what lies under them.
    let hole = (colours < 256 && transparent.is_none()).then_some(colours as u8);
    let mut buffer = Vec::with_capacity((x1 - x0) * (y1 - y0));
    for y in y0..y1 {
        for x in x0..x1 {
            let i = y * w + x;
            let same = same_colour(colour(previous, i), colour(next, i), tolerance);
            let index = next.indices[i];
            buffer.push(match hole {
                Some(h) if same => h,
                _ => remap.as_ref().map_or(index, |r| r[index as usize]),
            });
        }
    }
    let palette = with_hole(own_palette, hole);
    Frame {
        left: x0 as u16,
        top: y0 as u16,
        width: (x1 - x0) as u16,
        height: (y1 - y0) as u16,
        delay,
        dispose: DisposalMethod::Keep,
        transparent: hole.or(transparent),
        palette,
        buffer: Cow::Owned(buffer),
        ..Frame::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes every frame composited, as a viewer shows them: RGBA rows.
    fn decode_frames(data: &[u8]) -> (u32, u32, Vec<Vec<[u8; 4]>>, Vec<u16>) {
        let mut options = ::gif::DecodeOptions::new();
        options.set_color_output(::gif::ColorOutput::RGBA);
        let mut decoder = options.read_info(data).unwrap();
        let (w, h) = (decoder.width() as u32, decoder.height() as u32);
        let mut canvas = vec![[0u8; 4]; (w * h) as usize];
        let mut frames = Vec::new();
        let mut delays = Vec::new();
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            for y in 0..frame.height as u32 {
                for x in 0..frame.width as u32 {
                    let i = ((y * frame.width as u32 + x) * 4) as usize;
                    let px = &frame.buffer[i..i + 4];
                    if px[3] > 0 {
                        let at = ((frame.top as u32 + y) * w + frame.left as u32 + x) as usize;
                        canvas[at] = [px[0], px[1], px[2], px[3]];
                    }
                }
            }
            frames.push(canvas.clone());
            delays.push(frame.delay);
        }
        (w, h, frames, delays)
    }

    fn board(size: u32, dark_at: &[(u32, u32)]) -> Vec<u8> {
        (0..size * size)
            .map(|i| u8::from(dark_at.contains(&(i % size, i / size))))
            .collect()
    }

    #[test]
    fn a_still_decodes_to_its_pixels_and_keeps_the_comment() {
        let palette = [[240, 217, 181, 255], [181, 136, 99, 255]];
        let indices = board(8, &[(1, 1), (3, 4)]);
        let image = PaletteImage {
            width: 8,
            height: 8,
            palette: &palette,
            indices: &indices,
        };
        let data = still(&image, "lichess.org").unwrap();
        assert!(data.starts_with(b"GIF89a"));
        let (w, h, frames, _) = decode_frames(&data);
        assert_eq!((w, h, frames.len()), (8, 8, 1));
        for (px, &i) in frames[0].iter().zip(&indices) {
            assert_eq!(*px, palette[i as usize]);
        }
        assert!(data.windows(11).any(|w| w == b"lichess.org"));
    }

    #[test]
    fn an_animation_replays_every_position_with_small_frames() {
        let palette = [[255, 255, 255, 255], [0, 0, 0, 255], [200, 0, 0, 255]];
        let a = board(64, &[(1, 1)]);
        let mut b = a.clone();
        b[10 * 64 + 20] = 2;
        let mut c = b.clone();
        c[50 * 64 + 40] = 1;
        let images: Vec<TimedImage> = [&a, &b, &c]
            .iter()
            .enumerate()
            .map(|(n, indices)| TimedImage {
                image: PaletteImage {
                    width: 64,
                    height: 64,
                    palette: &palette,
                    indices,
                },
                delay: 50 + n as u16,
            })
            .collect();
        let data = animation(&images, "").unwrap();
        let (_, _, frames, delays) = decode_frames(&data);
        assert_eq!(delays, [50, 51, 52]);
        for (frame, indices) in frames.iter().zip([&a, &b, &c]) {
            for (px, &i) in frame.iter().zip(indices.iter()) {
                assert_eq!(*px, palette[i as usize]);
            }
        }
        // Frames in one palette are compared index by index and carry no
        // palette of their own.
        let mut decoder = ::gif::DecodeOptions::new().read_info(&data[..]).unwrap();
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            assert!(frame.palette.is_none());
        }
        let one_frame = still(&images[0].image, "").unwrap();
        assert!(
            data.len() < one_frame.len() + 200,
            "later frames are tiny: {} vs {}",
            data.len(),
            one_frame.len()
        );
    }

    #[test]
    fn transparent_colours_become_the_transparent_index() {
        let palette = [[0, 0, 0, 0], [9, 9, 9, 255], [5, 5, 5, 10]];
        let indices = [0, 1, 2, 1];
        let image = PaletteImage {
            width: 2,
            height: 2,
            palette: &palette,
            indices: &indices,
        };
        let (_, _, frames, _) = decode_frames(&still(&image, "").unwrap());
        assert_eq!(frames[0][0][3], 0);
        assert_eq!(frames[0][1], [9, 9, 9, 255]);
        assert_eq!(frames[0][2][3], 0, "every transparent colour");
    }

    #[test]
    fn bad_images_are_errors() {
        let palette = [[0, 0, 0, 255]];
        let bad = PaletteImage {
            width: 2,
            height: 2,
            palette: &palette,
            indices: &[0, 0, 0],
        };
        assert!(matches!(still(&bad, ""), Err(GifError::BadImage(_))));
        let huge = PaletteImage {
            width: 70_000,
            height: 1,
            palette: &palette,
            indices: &[],
        };
        assert!(matches!(still(&huge, ""), Err(GifError::TooLarge)));
        assert!(matches!(animation(&[], ""), Err(GifError::BadImage(_))));
        // An animation of empty frames, in one palette or two.
        let other = [[255, 255, 255, 255]];
        for second in [&palette[..], &other[..]] {
            let empty = |palette| TimedImage {
                image: PaletteImage {
                    width: 0,
                    height: 0,
                    palette,
                    indices: &[],
                },
                delay: 10,
            };
            let frames = [empty(&palette[..]), empty(second)];
            assert!(matches!(animation(&frames, ""), Err(GifError::BadImage(_))));
        }
        // A change without the frame before, or whose patch lies outside
        // the picture.
        let pixels = [0u8; 4];
        let image = PaletteImage {
            width: 2,
            height: 2,
            palette: &palette,
            indices: &pixels,
        };
        let mut writer = AnimationWriter::new(&TimedImage { image, delay: 10 }, "").unwrap();
        let lost = FrameChange {
            next: image,
            before: None,
        };
        assert!(matches!(
            writer.push_change(&lost, 10),
            Err(GifError::BadImage(_))
        ));
        let outside = FrameChange {
            next: image,
            before: Some(vec![Patch {
                left: 1,
                top: 1,
                width: 2,
                height: 2,
                indices: &pixels,
            }]),
        };
        assert!(matches!(
            writer.push_change(&outside, 10),
            Err(GifError::BadImage(_))
        ));
    }

    #[test]
    fn a_frame_in_the_first_one_s_palette_is_checked_where_it_changed() {
        // Frames in one palette are checked only inside the changed
        // rectangle: an index past the palette anywhere is still caught,
        // since a pixel that differs from the frame before is inside it.
        let palette = [[0, 0, 0, 255], [255, 255, 255, 255]];
        let first = board(16, &[(2, 2)]);
        fn picture<'a>(palette: &'a [[u8; 4]], indices: &'a [u8]) -> PaletteImage<'a> {
            PaletteImage {
                width: 16,
                height: 16,
                palette,
                indices,
            }
        }
        for at in [0, 17, 255] {
            let mut next = first.clone();
            next[at] = 2;
            let mut writer = AnimationWriter::new(
                &TimedImage {
                    image: picture(&palette, &first),
                    delay: 10,
                },
                "",
            )
            .unwrap();
            let pushed = writer.push(
                &picture(&palette, &first),
                &TimedImage {
                    image: picture(&palette, &next),
                    delay: 10,
                },
            );
            assert!(matches!(pushed, Err(GifError::BadImage(_))), "pixel {at}");
            // In range, the same change is written.
            next[at] = 1 - first[at];
            assert!(writer
                .push(
                    &picture(&palette, &first),
                    &TimedImage {
                        image: picture(&palette, &next),
                        delay: 10,
                    },
                )
                .is_ok());
        }
    }

    #[test]
    fn a_frame_with_its_own_palette_still_decodes_right() {
        let first_palette = [[255, 255, 255, 255], [0, 0, 0, 255]];
        let other_palette = [[0, 0, 255, 255], [0, 0, 0, 255], [255, 255, 255, 255]];
        let a = board(16, &[(2, 2)]);
        // The same picture but one pixel, in another palette's indices.
        let b: Vec<u8> = a
            .iter()
            .enumerate()
            .map(|(i, &v)| {
                if i == 5 {
                    0
                } else if v == 0 {
                    2
                } else {
                    1
                }
            })
            .collect();
        let frames = [
            TimedImage {
                image: PaletteImage {
                    width: 16,
                    height: 16,
                    palette: &first_palette,
                    indices: &a,
                },
                delay: 10,
            },
            TimedImage {
                image: PaletteImage {
                    width: 16,
                    height: 16,
                    palette: &other_palette,
                    indices: &b,
                },
                delay: 10,
            },
        ];
        let (_, _, decoded, _) = decode_frames(&animation(&frames, "").unwrap());
        for (px, &i) in decoded[1].iter().zip(&b) {
            assert_eq!(*px, other_palette[i as usize]);
        }
    }

    #[test]
    fn renderer_gif_is_the_raster_image_in_at_most_its_colours() {
        // With inside coordinates and a last move (the tile sets of
        // `marked_tiles`), without it (those of `indexed`), and with an
        // arrow (the RGBA image reduced to a palette): the image drawn in
        // full colour has more colours than a still GIF keeps, and each
        // GIF pixel is its pixel to within the median cut's error, the
        // flat colours (squares, tints, fills, labels) exactly.
        use crate::{parse, Coordinates, Format, RenderOptions, Renderer, Square};
        let position = parse(
            b"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            Default::default(),
        )
        .unwrap()
        .position;
        let arrow = vec![crate::options::ArrowSpec::parse("Ge2e4").unwrap()];
        let moved = Some((Square::parse("g1").unwrap(), Square::parse("f3").unwrap()));
        for (arrows, lastmove) in [(vec![], None), (vec![], moved), (arrow, None)] {
            let mut options = RenderOptions::new(Format::GIF);
            options.diagram.size = 400;
            options.diagram.coordinates = Coordinates::Inside;
            options.diagram.markup.arrows = arrows.clone();
            options.diagram.markup.lastmove = lastmove;
            let case = format!("arrows {}, last move {}", arrows.len(), lastmove.is_some());
            let mut renderer = Renderer::new(options.clone());
            let gif = renderer.render(&position).unwrap();
            assert!(gif.starts_with(b"GIF89a"));
            let (w, h, frames, _) = decode_frames(&gif);
            let layout = renderer.layout(&position).unwrap();
            assert_eq!(
                (w, h, frames.len()),
                (400, layout.frame.height(), 1),
                "{case}"
            );
            let drawn = crate::pixels::rgba(&crate::raster::Rasterizer::new().render(&layout));
            let mut count: std::collections::HashMap<[u8; 3], usize> = Default::default();
            for p in drawn.chunks_exact(4) {
                *count.entry([p[0], p[1], p[2]]).or_default() += 1;
            }
            let shown: std::collections::HashSet<[u8; 3]> =
                frames[0].iter().map(|p| [p[0], p[1], p[2]]).collect();
            assert!(
                shown.len() <= STILL_COLOURS,
                "{case}: {} colours",
                shown.len()
            );
            assert!(
                count.len() > 2 * STILL_COLOURS,
                "{case}: drawn in {}",
                count.len()
            );
            // Colours of at least 0.5% of the pixels each.
            let flat = |c: &[u8; 3]| count[c] * 200 >= frames[0].len();
            let mut worst = 0u8;
            for (px, want) in frames[0].iter().zip(drawn.chunks_exact(4)) {
                let want = [want[0], want[1], want[2]];
                let off = (0..3).map(|c| px[c].abs_diff(want[c])).max().unwrap();
                if flat(&want) {
                    assert_eq!(
                        off, 0,
                        "{case}: {want:?} ({} pixels) shown as {px:?}",
                        count[&want]
                    );
                }
                worst = worst.max(off);
            }
            assert!(worst <= 32, "{case}: {worst} levels off");
        }
    }

    #[test]
    fn corpus_boards_decode_to_the_indices_drawn_and_the_same_bytes_shared() {
        // Every fifth corpus position at 720 px with inside coordinates
        // (lila-gif's default; two LZW bands), through the LZW encoder and
        // the `gif` crate's decoder: the same index at every pixel, and
        // the same bytes whether a helper thread takes a band or not.
        use crate::{parse, Coordinates, Format, RenderOptions, Renderer};
        let mut options = RenderOptions::new(Format::GIF);
        options.diagram.size = 720;
        options.diagram.coordinates = Coordinates::Inside;
        let mut renderer = Renderer::new(options);
        let mut rasterizer = crate::raster::Rasterizer::new();
        /// Runs every band offered on a thread of its own.
        struct Threads;
        impl Offload for Threads {
            fn offer(&self, task: Box<dyn FnOnce() + Send>) {
                std::thread::spawn(task);
            }
        }
        let mut boards = 0;
        for fen in ::test_support::corpus_positions().step_by(5) {
            let Ok(parsed) = parse(fen.as_bytes(), Default::default()) else {
                continue;
            };
            let layout = renderer.layout(&parsed.position).unwrap();
            let image = rasterizer.render_palette(&layout, STILL_COLOURS);
            let size = (image.width as u16, image.height as u16);
            let colours = image.palette.colors.clone();
            let transparent = colours.iter().position(|c| c[3] < 128);
            let want: Vec<u8> = image
                .indices
                .iter()
                .map(|&i| match transparent {
                    Some(t) if colours[usize::from(i)][3] < 128 => t as u8,
                    _ => i,
                })
                .collect();
            let alone = render(image.clone(), None).unwrap();
            let shared = render(image, Some(&Threads)).unwrap();
            assert_eq!(alone, shared, "{fen}");
            let mut decode = ::gif::DecodeOptions::new();
            decode.set_color_output(::gif::ColorOutput::Indexed);
            let mut decoder = decode.read_info(&alone[..]).unwrap();
            let frame = decoder.read_next_frame().unwrap().unwrap();
            assert_eq!((frame.width, frame.height), size, "{fen}");
            assert!(frame.buffer[..] == want[..], "{fen}: indices differ");
            boards += 1;
        }
        assert!(boards >= 50, "{boards} boards");
    }

    #[test]
    fn a_comment_goes_before_the_image_and_the_gif_still_decodes() {
        let indices = board(4, &[(1, 1)]);
        let image = PaletteImage {
            width: 4,
            height: 4,
            palette: &[[255, 255, 255, 255], [0, 0, 0, 255]],
            indices: &indices,
        };
        let plain = still(&image, "").unwrap();
        let long = "x".repeat(300);
        let commented = with_comment(&plain, &long);
        assert_eq!(commented, still(&image, &long).unwrap());
        assert_eq!(decode_frames(&commented).2, decode_frames(&plain).2);
        assert_eq!(with_comment(b"not a gif", "c"), b"not a gif");
        assert_eq!(with_comment(&plain, ""), plain);
    }

    #[test]
    fn a_tolerance_keeps_quantization_noise_out_of_later_frames() {
        // Two 4x4 frames whose every colour moved by 3 levels (their own
        // palettes), and one pixel that really changed.
        let first_palette = [[100, 100, 100, 255], [200, 200, 200, 255]];
        let next_palette = [[103, 97, 100, 255], [197, 203, 200, 255], [0, 0, 255, 255]];
        let indices: Vec<u8> = (0..16).map(|i| (i % 2) as u8).collect();
        let mut moved = indices.clone();
        moved[10] = 2;
        let first = PaletteImage {
            width: 4,
            height: 4,
            palette: &first_palette,
            indices: &indices,
        };
        let next = PaletteImage {
            width: 4,
            height: 4,
            palette: &next_palette,
            indices: &moved,
        };
        let sizes = |tolerance: u8| {
            let start = TimedImage {
                image: first,
                delay: 10,
            };
            let mut writer = AnimationWriter::new(&start, "").unwrap();
            writer.set_tolerance(tolerance);
            writer
                .push(
                    &first,
                    &TimedImage {
                        image: next,
                        delay: 10,
                    },
                )
                .unwrap();
            let gif = writer.finish().unwrap();
            let mut decoder = ::gif::DecodeOptions::new().read_info(&gif[..]).unwrap();
            let mut sizes = Vec::new();
            while let Some(f) = decoder.read_next_frame().unwrap() {
                sizes.push((f.left, f.top, f.width, f.height));
            }
            sizes
        };
        assert_eq!(sizes(0)[1], (0, 0, 4, 4), "exact: everything changed");
        assert_eq!(sizes(8)[1], (2, 2, 1, 1), "within 8 levels: one pixel");
    }

    #[test]
    fn a_full_palette_frees_an_entry_to_leave_unchanged_pixels_out() {
        // 256 grey levels in both frames, the second's moved by one level,
        // and two pixels that really changed, far apart.
        let first_palette: Vec<[u8; 4]> = (0..=255u8).map(|v| [v, v, v, 255]).collect();
        let next_palette: Vec<[u8; 4]> = (0..=255u8)
            .map(|v| [v.saturating_add(1), v, v, 255])
            .collect();
        let indices: Vec<u8> = (0..=255u8).collect();
        let mut moved = indices.clone();
        moved[200] = 0;
        moved[0] = 128;
        let first = PaletteImage {
            width: 16,
            height: 16,
            palette: &first_palette,
            indices: &indices,
        };
        let next = PaletteImage {
            width: 16,
            height: 16,
            palette: &next_palette,
            indices: &moved,
        };
        let start = TimedImage {
            image: first,
            delay: 10,
        };
        let mut writer = AnimationWriter::new(&start, "").unwrap();
        writer.set_tolerance(4);
        writer
            .push(
                &first,
                &TimedImage {
                    image: next,
                    delay: 10,
                },
            )
            .unwrap();
        let gif = writer.finish().unwrap();
        let (_, _, frames, _) = decode_frames(&gif);
        let last = frames.last().unwrap();
        // The changed pixel shows its new colour; every other pixel is
        // still the first frame's, within the tolerance of the second's.
        assert_eq!(last[200], [1, 0, 0, 255]);
        assert_eq!(last[0], [129, 128, 128, 255]);
        for (i, px) in last
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != 200 && *i != 0)
        {
            assert_eq!(*px, first_palette[i], "{i}");
        }
        // And the frame's pixels are mostly the free "unchanged" index.
        let mut decoder = ::gif::DecodeOptions::new().read_info(&gif[..]).unwrap();
        decoder.read_next_frame().unwrap();
        let frame = decoder.read_next_frame().unwrap().unwrap();
        let hole = frame.transparent.expect("an unchanged index");
        let unchanged = frame.buffer.iter().filter(|&&b| b == hole).count();
        assert_eq!((frame.width, frame.height), (9, 13));
        assert_eq!(unchanged, frame.buffer.len() - 2);
    }
}
